"""Write (or check) the card data manaweave ships, cut from MTGJSON data: the printed
characteristics of exactly the cards the built-in sets define, and the name and sets of
every real card.

    python tools/card_reference.py --from DIR     writes core/data/card-reference.json and,
                                                  from DIR/all-sets, core/data/card-names.json.gz
    python tools/card_reference.py --check DIR    exits 1, listing the differences, if the
                                                  shipped files are not what DIR generates

``DIR/all-sets`` holds ``cards.json`` (every card of every set, MTGJSON's field names) and
``sets.json`` (the sets: code, name, release date); from them comes the list of every real
card's name (a multi-face card's name and those of its faces) with the codes of the sets
that printed it, oldest first, and each set's name: what a decklist naming a card manaweave
does not play is told ("... is a card of Future Sight that manaweave does not play yet").
Without ``DIR/all-sets`` that file is neither written nor checked, and the script says so.

DIR holds MTGJSON-format JSON files (every ``*.json`` in it is read, in name order): cut-down
files ``{"meta": ..., "cards": [...]}``, MTGJSON set files ``{"data": {"code": ...,
"cards": [...]}}`` or ``AllPrintings.json`` ``{"data": {"M10": {...}, ...}}``. A card found
in several files must have the same characteristics in each; its printings are joined.

The card names come from the built-in plugins (``PluginHost(autoload=False)``), so a card
added to a set needs this script run again. Exit codes: 0 done (or no difference), 1 a
difference or a card the data lacks, 2 unusable arguments or input.
"""

from __future__ import annotations

import argparse
import gzip
import json
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from manaweave.lowlevel import PluginHost

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ROOT / "core" / "data" / "card-reference.json"
NAMES = ROOT / "core" / "data" / "card-names.json.gz"
ALL_SETS = "all-sets"

# MTGJSON's field names, in the order each card is written. Only what the tests and the
# decklist check read: the printed characteristics and the sets that printed the card.
FIELDS = (
    "name",
    "manaCost",
    "manaValue",
    "colors",
    "supertypes",
    "types",
    "subtypes",
    "type",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "text",
    "printings",
)
CHARACTERISTICS = FIELDS[1:-1]

ATTRIBUTION = (
    "Card data from MTGJSON (https://mtgjson.com), MIT License, Copyright (c) 2018-present "
    "Zachary Halpern; the licence is in NOTICE next to this file."
)
WOTC_NOTICE = (
    "Card names and rules text are property of Wizards of the Coast, used under the Wizards "
    "of the Coast Fan Content Policy. manaweave is not approved or endorsed by Wizards of "
    "the Coast."
)
MAX_SHOWN = 25


class InputError(Exception):
    """The input folder cannot be read as MTGJSON data."""


class MissingCards(Exception):
    """Cards the built-in sets define that the data does not have."""


def defined_cards() -> dict[str, list[str]]:
    """Each card name the built-in sets define, with the codes of the sets defining it."""
    defined: dict[str, list[str]] = {}
    for card_set in PluginHost(autoload=False).cards.sets:
        for definition in card_set.cards:
            defined.setdefault(definition.name, []).append(card_set.code)
    return defined


def _set_cards(document: Mapping[str, Any]) -> Iterator[tuple[str | None, Any]]:
    """(set code or None, card) for every card of one MTGJSON-format document."""
    if isinstance(document.get("cards"), list):
        for card in document["cards"]:
            yield None, card
        return
    data = document.get("data")
    if isinstance(data, Mapping) and isinstance(data.get("cards"), list):
        data = {data.get("code"): data}
    if not isinstance(data, Mapping):
        raise InputError("neither a 'cards' list nor MTGJSON 'data'")
    for code, one_set in data.items():
        if not isinstance(one_set, Mapping) or not isinstance(one_set.get("cards"), list):
            raise InputError(f"set {code!r} has no 'cards' list")
        for card in one_set["cards"]:
            yield str(code) if code is not None else None, card


def _set_code(printing: str) -> str:
    """``M10`` from a cut-down ``M10#146:common`` or MTGJSON's own ``M10``."""
    return printing.split("#", 1)[0]


def _face_name(card: Mapping[str, Any]) -> str:
    return str(card.get("faceName") or card["name"])


def read_data(folder: Path) -> tuple[dict[str, dict[str, Any]], dict[str, Any]]:
    """Every card face in the folder by name (printings joined), and what the files' meta
    say: the sets covered, in file order, and the MTGJSON builds."""
    files = sorted(folder.glob("*.json"))
    if not files:
        raise InputError(f"{folder}: no *.json files")
    faces: dict[str, dict[str, Any]] = {}
    first_seen: dict[str, str] = {}
    sets: list[str] = []
    builds: list[dict[str, Any]] = []
    for path in files:
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise InputError(f"{path}: {error}") from error
        if not isinstance(document, Mapping):
            raise InputError(f"{path}: not a JSON object")
        meta = document.get("meta") or {}
        build = meta.get("mtgjson") or {
            key: meta[key] for key in ("date", "version") if key in meta
        }
        if build and build not in builds:
            builds.append(build)
        sets += [code for code in meta.get("sets", ()) if code not in sets]
        try:
            for code, card in _set_cards(document):
                name = _face_name(card)
                printings = [_set_code(p) for p in card.get("printings", ())]
                if code is not None:
                    printings.append(code)
                    if code not in sets:
                        sets.append(code)
                known = faces.get(name)
                if known is None:
                    faces[name] = {**card, "printings": printings}
                    first_seen[name] = path.name
                    continue
                for field in CHARACTERISTICS:
                    if known.get(field) != card.get(field):
                        raise InputError(
                            f"{path.name} and {first_seen[name]} disagree on {name}'s "
                            f"{field}: {card.get(field)!r} and {known.get(field)!r}"
                        )
                known["printings"] += printings
        except (KeyError, TypeError, AttributeError) as error:
            raise InputError(f"{path}: unexpected card data ({error!r})") from error
    return faces, {"sets": sets, "mtgjson": builds[0] if len(builds) == 1 else builds}


def _in_order(codes: Iterable[str], order: Sequence[str]) -> list[str]:
    """The distinct codes, those of ``order`` first in its order, then the others sorted."""
    distinct = set(codes)
    known = [code for code in order if code in distinct]
    return known + sorted(distinct - set(known))


def _whole(number: Any) -> Any:
    """A mana value as written in the reference: ``5`` for MTGJSON's ``5.0``."""
    return int(number) if isinstance(number, float) and number.is_integer() else number


def build_reference(folder: Path) -> dict[str, Any]:
    """The reference document for the built-in cards, from the data in ``folder``."""
    faces, meta = read_data(folder)
    defined = defined_cards()
    missing = sorted(name for name in defined if name not in faces)
    if missing:
        raise MissingCards(
            f"{len(missing)} card(s) the built-in sets define are not in {folder}'s data: "
            + ", ".join(missing)
        )
    cards = []
    for name in sorted(defined):
        face = faces[name]
        entry: dict[str, Any] = {"name": name}
        for field in CHARACTERISTICS:
            value = face.get(field)
            # Colours are always written: none is a fact (a colourless card, or one whose
            # ability makes it colourless), not a field to derive from the mana cost.
            if field == "colors":
                entry[field] = value or []
            elif value not in (None, "", []):
                entry[field] = _whole(value) if field == "manaValue" else value
        entry["printings"] = _in_order(face["printings"], meta["sets"])
        cards.append(entry)
    return {
        "meta": {
            "about": "The printed characteristics of the cards manaweave's built-in sets "
            "define. Generated by tools/card_reference.py; do not edit.",
            "source": "MTGJSON (https://mtgjson.com)",
            "license": "MIT",
            "attribution": ATTRIBUTION,
            "trademarks": WOTC_NOTICE,
            "mtgjson": meta["mtgjson"],
            "sets": meta["sets"],
        },
        "cards": cards,
    }


def render(document: Mapping[str, Any]) -> str:
    """The document as written: JSON, one card a line, so that a change is a one-line diff."""
    meta = json.dumps(document["meta"], ensure_ascii=False, indent=1, sort_keys=True)
    lines = [json.dumps(card, ensure_ascii=False) for card in document["cards"]]
    return '{"meta": ' + meta + ',\n"cards": [\n' + ",\n".join(lines) + "\n]}\n"


def differences(shipped: Mapping[str, Any], wanted: Mapping[str, Any]) -> list[str]:
    """What differs between the shipped document and the generated one, readably."""
    found: list[str] = []
    for key in sorted(set(shipped.get("meta", {})) | set(wanted["meta"])):
        old, new = shipped.get("meta", {}).get(key), wanted["meta"].get(key)
        if old != new:
            found.append(f"meta {key}: file has {old!r}, data gives {new!r}")
    old_cards = {card["name"]: card for card in shipped.get("cards", ())}
    new_cards = {card["name"]: card for card in wanted["cards"]}
    missing = sorted(set(new_cards) - set(old_cards))
    if missing:
        found.append(f"missing from the file ({len(missing)}): {', '.join(missing)}")
    extra = sorted(set(old_cards) - set(new_cards))
    if extra:
        found.append(f"no built-in set defines ({len(extra)}): {', '.join(extra)}")
    for name in sorted(set(old_cards) & set(new_cards)):
        old_card, new_card = old_cards[name], new_cards[name]
        for field in FIELDS:
            if old_card.get(field) != new_card.get(field):
                found.append(
                    f"{name}: {field}: file has {old_card.get(field)!r}, "
                    f"data gives {new_card.get(field)!r}"
                )
    return found


def check(folder: Path, shipped_path: Path) -> int:
    wanted = build_reference(folder)
    try:
        text = shipped_path.read_text(encoding="utf-8")
        shipped = json.loads(text)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(f"{shipped_path}: cannot read the card reference: {error}", file=sys.stderr)
        return 1
    if text == render(wanted):
        print(f"{shipped_path} matches {folder}'s data ({len(wanted['cards'])} cards)")
        return 0
    found = differences(shipped, wanted) or ["same data, written differently (hand-edited?)"]
    print(f"{shipped_path} differs from what {folder}'s data generates:", file=sys.stderr)
    for line in found[:MAX_SHOWN]:
        print(f"  {line}", file=sys.stderr)
    if len(found) > MAX_SHOWN:
        print(f"  ... and {len(found) - MAX_SHOWN} more", file=sys.stderr)
    print(f"Regenerate it: python tools/card_reference.py --from {folder}", file=sys.stderr)
    return 1


def build_names(folder: Path) -> dict[str, Any]:
    """The document of every real card's name and sets, from ``folder/all-sets``."""
    try:
        cards = json.loads((folder / "cards.json").read_text(encoding="utf-8"))
        sets = json.loads((folder / "sets.json").read_text(encoding="utf-8"))
        released = {s["code"]: (s["releaseDate"], s["code"]) for s in sets["sets"]}
        printings: dict[str, set[str]] = {}
        faces: dict[str, set[str]] = {}
        for card in cards["cards"]:
            name = str(card["name"])
            codes = {_set_code(p) for p in card.get("printings", ())}
            unknown = codes - set(released)
            if unknown:
                raise InputError(f"{name}: printed in sets sets.json lacks: {sorted(unknown)}")
            printings.setdefault(name, set()).update(codes)
            face = card.get("faceName")
            if face and face != name:
                faces.setdefault(str(face), set()).add(name)
        document = {
            "meta": {
                "about": "The name of every real card and the codes of the sets that printed "
                "it, oldest first, with each set's name. Generated by tools/card_reference.py; "
                "do not edit.",
                "source": "MTGJSON (https://mtgjson.com)",
                "license": "MIT",
                "attribution": ATTRIBUTION,
                "trademarks": WOTC_NOTICE,
                "mtgjson": cards["meta"].get("mtgjson"),
            },
            "sets": {
                one["code"]: one["name"]
                for one in sorted(sets["sets"], key=lambda one: released[one["code"]])
            },
            "cards": {
                name: " ".join(sorted(codes, key=released.__getitem__))
                for name, codes in sorted(printings.items())
            },
            # A face name two cards share ("Fire") stands for the one printed first.
            "faces": {
                face: min(
                    faces[face], key=lambda card: min(map(released.__getitem__, printings[card]))
                )
                for face in sorted(faces)
                if face not in printings
            },
        }
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise InputError(f"{folder}: {error}") from error
    except (KeyError, TypeError, AttributeError) as error:
        raise InputError(f"{folder}: unexpected card or set data ({error!r})") from error
    return document


def render_names(document: Mapping[str, Any]) -> bytes:
    """The names document as shipped: compact JSON, gzip-compressed with no timestamp, so
    that the same data always gives the same bytes."""
    text = json.dumps(document, ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), compresslevel=9, mtime=0)


def check_names(folder: Path, shipped_path: Path) -> int:
    wanted = build_names(folder)
    try:
        shipped = json.loads(gzip.decompress(shipped_path.read_bytes()))
    except (OSError, EOFError, UnicodeDecodeError, json.JSONDecodeError) as error:
        print(f"{shipped_path}: cannot read the card names: {error}", file=sys.stderr)
        return 1
    if shipped == wanted:
        print(f"{shipped_path} matches {folder}'s data ({len(wanted['cards'])} names)")
        return 0
    found = []
    for part in ("sets", "cards", "faces"):
        old, new = shipped.get(part, {}), wanted[part]
        differ = sorted(key for key in {*old, *new} if old.get(key) != new.get(key))
        if differ:
            shown = ", ".join(differ[:MAX_SHOWN]) + (", ..." if len(differ) > MAX_SHOWN else "")
            found.append(f"{part}: {len(differ)} differ: {shown}")
    found = found or ["meta differs"]
    print(f"{shipped_path} differs from what {folder}'s data generates:", file=sys.stderr)
    for line in found:
        print(f"  {line}", file=sys.stderr)
    print(f"Regenerate it: python tools/card_reference.py --from {folder.parent}", file=sys.stderr)
    return 1


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="Write or check manaweave's card reference from MTGJSON data."
    )
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--from", dest="source", type=Path, metavar="DIR", help="write it")
    action.add_argument("--check", type=Path, metavar="DIR", help="compare it, exit 1 if stale")
    parser.add_argument(
        "--names-output",
        type=Path,
        default=NAMES,
        metavar="FILE",
        help=f"the card names file (default: {NAMES.relative_to(ROOT)})",
    )
    parser.add_argument(
        "--output",
        type=Path,
        default=SHIPPED,
        metavar="FILE",
        help=f"the reference file (default: {SHIPPED.relative_to(ROOT)})",
    )
    args = parser.parse_args(argv)
    folder: Path = args.source or args.check
    if not folder.is_dir():
        parser.error(f"{folder} is not a folder")
    all_sets = folder / ALL_SETS
    try:
        if args.check is not None:
            status = check(folder, args.output)
            if all_sets.is_dir():
                return max(status, check_names(all_sets, args.names_output))
            print(f"card names not checked: {all_sets} is not a folder")
            return status
        document = build_reference(folder)
        names = build_names(all_sets) if all_sets.is_dir() else None
    except InputError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except MissingCards as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    args.output.parent.mkdir(parents=True, exist_ok=True)
    args.output.write_text(render(document), encoding="utf-8")
    print(f"wrote {args.output} ({len(document['cards'])} cards)")
    if names is None:
        print(f"card names not written: {all_sets} is not a folder")
    else:
        args.names_output.write_bytes(render_names(names))
        print(f"wrote {args.names_output} ({len(names['cards'])} names)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

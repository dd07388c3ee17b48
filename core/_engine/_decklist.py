"""Reading and writing decklists in the common text formats.

The parser accepts what MTGO and MTG Arena export, plus the usual hand-written
variations:

* card lines ``4 Lightning Bolt`` or ``4x Lightning Bolt``, optionally followed by a
  set code in parentheses and a collector number: ``4 Lightning Bolt (M10) 146``
  (both are kept on the :class:`DeckEntry`). The set must be one that printed the card:
  one the shipped card reference lists for it (MTGJSON's printings among the sets it
  covers, 10E and the core sets M10-M21), or a registered set that defines the card
  when ``known_names`` is the plugins' :class:`~manaweave.cards.CardPool`; set codes are
  compared case-insensitively. A card the reference lacks, with plain names or none, may
  name any set;
* blank lines; whole-line comments starting with ``#`` or ``//``, and trailing
  comments introduced by whitespace and ``#`` (``4 Shock  # cheap``). A ``//``
  *inside* a line is never a comment, so split cards such as ``Fire // Ice`` stay
  intact;
* section headers ``Deck``, ``Main``, ``Mainboard`` (all the main deck),
  ``Sideboard``, ``Commander`` and ``Companion``, case-insensitive and optionally
  followed by a colon. Cards before the first header belong to the main deck.
  ``Commander`` and ``Companion`` cards are kept as named extra sections
  (:attr:`Decklist.sections`); the variants decide what they mean;
* MTGO ``SB: 2 Shock`` lines, which always go to the sideboard;
* MTGO's XML ``.dek`` files (``<Deck>`` with ``<Cards Quantity="4" Name="Shock"
  Sideboard="false"/>`` elements; other elements and attributes are ignored), recognised
  by their leading ``<``. A ``.dek`` file may not declare a DTD or entities.

Header-less (MTGO) files: when a list has no section header at all and no
``SB:`` line, the first blank line that follows at least one card line ends the
main deck, and every card after it is in the sideboard. Further blank lines do
not start anything new. In a list with headers (or with ``SB:`` lines) blank
lines mean nothing.

Limits: a list is refused with a clear error beyond limits no real deck reaches, so that
a hostile or broken file is turned away at once: a file larger than :data:`MAX_FILE_BYTES`
(read no further), more than :data:`MAX_LINES` lines, a line longer than
:data:`MAX_LINE_LENGTH` characters, a count above :data:`MAX_COUNT` on one line, or more
than :data:`MAX_CARDS` cards in the whole list (every section together). Parsing takes time
linear in the list's length.

Errors: every problem in the list is collected, and one :class:`DecklistError`
reports them all. Its ``line`` is the (1-based) line of the first problem; with
a single problem the message is just that problem, with several it begins
``N problems in decklist:`` and lists each as ``line N: ...``. An empty main deck
is only reported when nothing else is wrong (its ``line`` is ``None``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Final, NoReturn, TypeAlias
from xml.parsers import expat

from manaweave.cards._definition import CardPool, CardSet

from ._card_names import unknown_card_message
from ._card_reference import card_reference
from ._errors import DecklistError

__all__ = [
    "MAX_CARDS",
    "MAX_COUNT",
    "MAX_FILE_BYTES",
    "MAX_LINES",
    "MAX_LINE_LENGTH",
    "DeckEntry",
    "Decklist",
    "deck_description",
    "load_decklist",
    "parse_decklist",
]

MAX_COUNT: Final = 1000
"""The highest count one line may carry: far above any "any number of copies" deck
(Relentless Rats, Persistent Petitioners), so anything above is a typo."""
MAX_CARDS: Final = 10_000
"""The most cards a list may hold, main deck, sideboard and extra sections together."""
MAX_LINES: Final = 10_000
"""The most lines a text list may have (blank and comment lines included)."""
MAX_LINE_LENGTH: Final = 4096
"""The longest line, in characters; the longest card name has under 150."""
MAX_FILE_BYTES: Final = 1024 * 1024
"""The largest decklist file :func:`load_decklist` reads (1 MiB); a bigger one, or an
endless one such as ``/dev/zero``, is refused after reading that much."""

_MAIN: Final = "Deck"
_SIDEBOARD: Final = "Sideboard"

# Header word (casefolded) -> the section it opens.
_HEADERS: Final[dict[str, str]] = {
    "deck": _MAIN,
    "main": _MAIN,
    "mainboard": _MAIN,
    "sideboard": _SIDEBOARD,
    "commander": "Commander",
    "companion": "Companion",
}
_HEADER_LIST: Final = "Deck, Main, Mainboard, Sideboard, Commander, Companion"
# The extra sections to_text can write back (and parse_decklist reads).
_EXTRA_SECTIONS: Final = frozenset(v for v in _HEADERS.values() if v not in (_MAIN, _SIDEBOARD))

_MAX_REPORTED: Final = 20

_HEADER = re.compile(r"([A-Za-z]+)\s*:?")
_SB_PREFIX = re.compile(r"SB:\s*", re.IGNORECASE)
_COUNT = re.compile(r"([0-9]+)[xX]?")
_LOOKS_LIKE_COUNT = re.compile(r"[+-]?[0-9]")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """One line of a decklist: ``count`` copies of the card ``name``.

    ``set_code`` and ``collector_number`` are kept as written when the line gives
    them (``4 Lightning Bolt (M10) 146``); a collector number needs a set code.
    """

    count: int
    name: str
    set_code: str | None = None
    collector_number: str | None = None

    def __post_init__(self) -> None:
        if isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1:
            raise DecklistError(f"deck entry count must be a positive integer, not {self.count!r}")
        if not self.name or self.name != self.name.strip():
            raise DecklistError(f"deck entry needs a name without outer spaces, not {self.name!r}")
        if self.collector_number is not None and self.set_code is None:
            raise DecklistError(f"collector number {self.collector_number!r} without a set code")

    def to_text(self) -> str:
        """This entry as a decklist line, e.g. ``4 Lightning Bolt (M10) 146``."""
        text = f"{self.count} {self.name}"
        if self.set_code is not None:
            text += f" ({self.set_code})"
            if self.collector_number is not None:
                text += f" {self.collector_number}"
        return text


@dataclass(frozen=True, slots=True)
class Decklist:
    """A parsed decklist.

    ``main`` and ``sideboard`` hold the entries in list order (several lines of
    the same card stay separate entries); ``sections`` holds the extra named
    sections (``"Commander"``, ``"Companion"``) in the order they first appear,
    each with its entries. ``len(decklist)`` is the number of main-deck cards.
    """

    main: tuple[DeckEntry, ...]
    sideboard: tuple[DeckEntry, ...] = ()
    sections: tuple[tuple[str, tuple[DeckEntry, ...]], ...] = ()
    name: str | None = None

    def __len__(self) -> int:
        """The number of cards in the main deck."""
        return sum(entry.count for entry in self.main)

    def counts(self) -> dict[str, int]:
        """Card name -> total copies in the main deck, in order of first appearance."""
        totals: dict[str, int] = {}
        for entry in self.main:
            totals[entry.name] = totals.get(entry.name, 0) + entry.count
        return totals

    def cards(self) -> tuple[str, ...]:
        """The main deck's card names, each repeated by its count, in list order."""
        return tuple(entry.name for entry in self.main for _ in range(entry.count))

    def section(self, name: str) -> tuple[DeckEntry, ...]:
        """The entries of the extra section ``name`` (case-insensitive), or ``()``."""
        wanted = name.casefold()
        for section_name, entries in self.sections:
            if section_name.casefold() == wanted:
                return entries
        return ()

    def to_text(self) -> str:
        """The list in the header format: extra sections, then ``Deck``, then ``Sideboard``.

        For any list :func:`parse_decklist` returns,
        ``parse_decklist(d.to_text(), name=d.name) == d``. An empty sideboard or
        section is left out; extra sections must be ``Commander`` or ``Companion``.
        """
        blocks: list[list[str]] = []
        for section_name, entries in self.sections:
            if section_name not in _EXTRA_SECTIONS:
                raise DecklistError(f"cannot write section {section_name!r}")
            if entries:
                blocks.append([section_name, *(e.to_text() for e in entries)])
        blocks.append([_MAIN, *(e.to_text() for e in self.main)])
        if self.sideboard:
            blocks.append([_SIDEBOARD, *(e.to_text() for e in self.sideboard)])
        return "\n\n".join("\n".join(block) for block in blocks) + "\n"


def deck_description(text: str) -> str:
    """What a decklist says about itself: its leading comment lines (``#`` or ``//``, before
    the first other non-blank line) joined into one line, or ``""``. The ready decks open
    with their archetype: ``# Red burn: cheap hasty threats, direct damage to finish``."""
    said: list[str] = []
    for line in _split_lines(text):
        stripped = line.strip()
        if not stripped:
            if said:
                break  # a blank line ends the leading comment
            continue
        if stripped.startswith("#"):
            said.append(stripped[1:].strip())
        elif stripped.startswith("//"):
            said.append(stripped[2:].strip())
        else:
            break
    return " ".join(part for part in said if part)


# --- parsing ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Blank:
    pass


@dataclass(frozen=True, slots=True)
class _Header:
    section: str


@dataclass(frozen=True, slots=True)
class _Card:
    entry: DeckEntry
    sideboard: bool  # an ``SB:`` line


@dataclass(frozen=True, slots=True)
class _Problem:
    message: str
    # An unknown card's name: its "did you mean" is looked for only if the problem is shown.
    unknown_card: str | None = None


_Item: TypeAlias = _Blank | _Header | _Card | _Problem


def _squash(text: str) -> str:
    """``text`` with runs of whitespace made single spaces and the ends trimmed."""
    return " ".join(text.split())


class _Names:
    """Case-insensitive lookup of canonical card names, with suggestions."""

    def __init__(self, known_names: Iterable[str]) -> None:
        # A card pool finds a name itself, building only the sets that may define it.
        self._pool = known_names if isinstance(known_names, CardPool) else None
        self._canonical: dict[str, str] = {}
        if self._pool is None:
            for known in known_names:
                self._canonical.setdefault(_squash(known).casefold(), known)

    def get(self, name: str) -> str | None:
        if self._pool is not None:
            return self._pool.canonical_name(name)
        return self._canonical.get(name.casefold())

    @property
    def known(self) -> Iterable[str]:
        """Every known name, as spelt."""
        return self._pool if self._pool is not None else self._canonical.values()


class SetCodes:
    """The set codes a decklist line may give for each card: the sets that printed it
    (the card reference) and the registered sets that define it (a card pool's)."""

    def __init__(self, known_names: Collection[str] | None) -> None:
        self._known_names = known_names
        # Built on the first line with a set code: most lists have none.
        self._printings: dict[str, list[str]] | None = None
        self._known_sets: set[str] = set()

    def _printings_by_name(self) -> dict[str, list[str]]:
        if self._printings is not None:
            return self._printings
        reference = card_reference()
        # By casefolded name: without known names, a line's name is kept as written.
        printings = {name.casefold(): list(card.printings) for name, card in reference.items()}
        self._known_sets = {code.casefold() for code in reference.sets}
        if isinstance(self._known_names, CardPool):
            self._known_sets.update(s.code.casefold() for s in self._known_names.sets)
        self._printings = printings
        return printings

    def _defined_in(self, card: str, sets: Iterable[CardSet]) -> list[str]:
        """The codes of those of ``sets`` that define ``card`` (each one built)."""
        return [s.code for s in sets if any(c.name.casefold() == card.casefold() for c in s.cards)]

    def problem(self, card: str, set_code: str) -> str | None:
        """Why ``card`` cannot be from ``set_code``, or ``None`` if it can (or nothing is
        known of the card)."""
        printed_in = list(self._printings_by_name().get(card.casefold(), ()))
        if set_code.casefold() in (c.casefold() for c in printed_in):
            return None
        if isinstance(self._known_names, CardPool):
            # A registered set that defines the card counts as printing it; only the set
            # the line names is built, unless the line is wrong.
            sets = self._known_names.sets
            named = [s for s in sets if s.code.casefold() == set_code.casefold()]
            if self._defined_in(card, named):
                return None
            printed_in += [c for c in self._defined_in(card, sets) if c not in printed_in]
        if not printed_in:
            return None
        unknown = "" if set_code.casefold() in self._known_sets else " (a set the card data lacks)"
        return (
            f"{card} was not printed in set {set_code!r}{unknown}; "
            f"the sets that printed it: {', '.join(printed_in)}"
        )


def _split_lines(text: str) -> list[str]:
    text = text.removeprefix("\ufeff")
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


def _without_trailing_comment(line: str) -> str:
    """``line`` without a comment introduced by whitespace and ``#`` (``4 Shock  # cheap``).

    A scan for each ``#`` rather than a regular expression, whose backtracking over a long
    run of spaces takes quadratic time."""
    hash_at = line.find("#", 1)
    while hash_at != -1:
        if line[hash_at - 1].isspace():
            return line[:hash_at].rstrip()
        hash_at = line.find("#", hash_at + 1)
    return line


def _split_set_suffix(text: str) -> tuple[str, str | None, str | None]:
    """``text`` (a card line after its count, without outer spaces) split into the name, the
    set code in parentheses and the collector number: ``Shock (M19) 156`` gives
    ``("Shock", "M19", "156")``; without a set code, ``(text, None, None)``.

    The set is a word without spaces or parentheses. When several readings fit, the one
    with the shortest name wins, a name before none (``X (A) (B)``: set ``A``, number
    ``(B)``; ``(A) (B)``: name ``(A)``, set ``B``). Linear in the length of ``text``."""
    readings: list[tuple[str, str, str | None]] = []
    last_space = max(text.rfind(c) for c in " \t\f\v")
    if last_space != -1:
        split = _split_set(text[:last_space].rstrip())
        if split is not None:
            readings.append((*split, text[last_space + 1 :]))
    split = _split_set(text)
    if split is not None:
        readings.append((*split, None))
    named = [reading for reading in readings if reading[0]] or readings
    return named[0] if named else (text, None, None)


def _split_set(text: str) -> tuple[str, str] | None:
    """``(name, set)`` for ``text`` ending in a set code in parentheses, separated from the
    name by whitespace (or the whole of ``text``); ``None`` otherwise."""
    if not text.endswith(")"):
        return None
    opening = text.rfind("(")
    code = text[opening + 1 : -1]
    if opening == -1 or not code or ")" in code or any(c.isspace() for c in code):
        return None
    name = text[:opening]
    if name and not name[-1].isspace():
        return None
    return name.rstrip(), code


def _parse_count(token: str) -> int | str:
    """The count a line starts with, or the problem with it."""
    match = _COUNT.fullmatch(token)
    if match is None:
        return f"count must be a positive integer, not {token!r}"
    digits = match.group(1).lstrip("0")
    if not digits:
        return "count must be at least 1, not 0"
    # Checked on the digits first: int() refuses very long strings.
    if len(digits) > len(str(MAX_COUNT)) or int(digits) > MAX_COUNT:
        shown = digits if len(digits) <= 12 else f"{digits[:12]}... ({len(digits)} digits)"
        return f"impossible count {shown} (at most {MAX_COUNT})"
    return int(digits)


def _parse_card(
    body: str, names: _Names | None, set_codes: SetCodes, *, sideboard: bool
) -> _Card | _Problem:
    """A card line (without any ``SB:`` prefix) such as ``4x Shock (M19) 156``."""
    if not _LOOKS_LIKE_COUNT.match(body):
        return _Problem(f"missing count: expected '<count> <card name>', got {body!r}")
    token, *tail = body.split(None, 1)
    rest = tail[0] if tail else ""
    count = _parse_count(token)
    if isinstance(count, str):
        return _Problem(count)
    rest, set_code, number = _split_set_suffix(rest)
    card = _squash(rest)
    if not card:
        return _Problem(f"missing card name after the count {token!r}")
    if names is not None:
        canonical = names.get(card)
        if canonical is None:
            return _Problem(f"no card named {card!r}", unknown_card=card)
        card = canonical
    if set_code is not None:
        wrong_set = set_codes.problem(card, set_code)
        if wrong_set is not None:
            return _Problem(wrong_set)
    return _Card(DeckEntry(count, card, set_code, number), sideboard)


def _parse_line(raw: str, names: _Names | None, set_codes: SetCodes) -> _Item | None:
    """What one line holds; ``None`` for a comment."""
    line = raw.strip()
    if not line:
        return _Blank()
    if line.startswith(("#", "//")):
        return None
    line = _without_trailing_comment(line)
    sb = _SB_PREFIX.match(line)
    if sb is not None:
        body = line[sb.end() :]
        if not body:
            return _Problem("missing count and card name after 'SB:'")
        return _parse_card(body, names, set_codes, sideboard=True)
    header = _HEADER.fullmatch(line)
    if header is not None and header.group(1).casefold() in _HEADERS:
        return _Header(_HEADERS[header.group(1).casefold()])
    # A lone word (or one ending in a colon) is a header unless it names a known card.
    if header is not None and (line.endswith(":") or names is None or names.get(line) is None):
        return _Problem(
            f"unknown section header {header.group(1)!r} (expected one of {_HEADER_LIST};"
            " a card line starts with a count)"
        )
    return _parse_card(line, names, set_codes, sideboard=False)


def _described(problem: _Problem, names: _Names | None) -> str:
    """A problem's message, with the "did you mean" of an unknown card."""
    if problem.unknown_card is None or names is None:
        return problem.message
    return unknown_card_message(problem.unknown_card, names.known)


def _raise_problems(
    problems: list[tuple[int, _Problem]], names: _Names | None, source: str | None
) -> NoReturn:
    """Raise the :class:`DecklistError` for ``problems``, describing only those it shows:
    a suggestion is looked for among every known name, too slow to do for thousands."""
    shown = [(line, _described(problem, names)) for line, problem in problems[:_MAX_REPORTED]]
    hidden = [(line, "") for line, _ in problems[_MAX_REPORTED:]]
    _raise([*shown, *hidden], source)


def _raise(problems: list[tuple[int, str]], source: str | None) -> NoReturn:
    first_line, first_message = problems[0]
    if len(problems) == 1:
        raise DecklistError(first_message, line=first_line, source=source)
    shown = [f"  line {n}: {message}" for n, message in problems[:_MAX_REPORTED]]
    if len(problems) > _MAX_REPORTED:
        shown.append(f"  ... and {len(problems) - _MAX_REPORTED} more")
    message = "\n".join([f"{len(problems)} problems in decklist:", *shown])
    raise DecklistError(message, line=first_line, source=source)


def parse_decklist(
    text: str,
    known_names: Collection[str] | None = None,
    *,
    source: str | None = None,
    name: str | None = None,
) -> Decklist:
    """Parse a decklist in MTGO or Arena text format (see the module docstring).

    Card names are matched case-insensitively against ``known_names`` and
    returned in their canonical spelling; with ``known_names=None`` they are kept
    as written (runs of spaces squashed). A line's set code must be one that printed
    the card (see the module docstring); pass the plugins' card pool (``host.cards``) as
    ``known_names`` so that the sets defining a card count as printing it. ``source``
    names the list in error messages; ``name`` becomes :attr:`Decklist.name`. A leading
    UTF-8 BOM and CRLF line endings are accepted.

    Raises :class:`DecklistError` listing every problem found, with ``line`` the
    first problem's 1-based line number.
    """
    if isinstance(known_names, str):
        raise TypeError("known_names must be a collection of names, not a single string")
    names = None if known_names is None else _Names(known_names)
    set_codes = SetCodes(known_names)
    if text.removeprefix("\ufeff").lstrip().startswith("<"):
        decklist = _parse_dek(
            text.removeprefix("\ufeff"), names, set_codes, source=source, name=name
        )
        _check_total(decklist, source)
        return decklist

    lines = _split_lines(text)
    if len(lines) > MAX_LINES:
        raise DecklistError(
            f"too many lines: {len(lines)} (a decklist has at most {MAX_LINES})", source=source
        )
    items: list[tuple[int, _Item]] = []
    for number, raw in enumerate(lines, start=1):
        item: _Item | None
        if len(raw) > MAX_LINE_LENGTH:
            item = _Problem(f"line too long: {len(raw)} characters (at most {MAX_LINE_LENGTH})")
        else:
            item = _parse_line(raw, names, set_codes)
        if item is not None:
            items.append((number, item))

    problems = [(n, item) for n, item in items if isinstance(item, _Problem)]
    if problems:
        _raise_problems(problems, names, source)

    # MTGO's header-less format: the first blank line after a card starts the sideboard.
    blank_splits = not any(
        isinstance(item, _Header) or (isinstance(item, _Card) and item.sideboard)
        for _, item in items
    )
    current = _MAIN
    seen_card = False
    grouped: dict[str, list[DeckEntry]] = {_MAIN: [], _SIDEBOARD: []}
    for _, item in items:
        if isinstance(item, _Header):
            current = item.section
            grouped.setdefault(current, [])
        elif isinstance(item, _Blank):
            if blank_splits and seen_card:
                current = _SIDEBOARD
        elif isinstance(item, _Card):
            seen_card = True
            grouped[_SIDEBOARD if item.sideboard else current].append(item.entry)

    if not grouped[_MAIN]:
        raise DecklistError("empty deck: no main-deck cards", source=source)
    decklist = Decklist(
        main=tuple(grouped.pop(_MAIN)),
        sideboard=tuple(grouped.pop(_SIDEBOARD)),
        sections=tuple((key, tuple(entries)) for key, entries in grouped.items() if entries),
        name=name,
    )
    _check_total(decklist, source)
    return decklist


def _check_total(decklist: Decklist, source: str | None) -> None:
    """Refuse a list of more than :data:`MAX_CARDS` cards in all."""
    entries = [*decklist.main, *decklist.sideboard]
    entries.extend(entry for _, section in decklist.sections for entry in section)
    total = sum(entry.count for entry in entries)
    if total > MAX_CARDS:
        raise DecklistError(
            f"too many cards: {total} in the list (a decklist has at most {MAX_CARDS})",
            source=source,
        )


def _parse_dek(
    text: str,
    names: _Names | None,
    set_codes: SetCodes,
    *,
    source: str | None,
    name: str | None,
) -> Decklist:
    """An MTGO ``.dek`` file: ``<Cards Quantity=... Name=... Sideboard=...>`` elements
    inside a ``<Deck>`` root, each checked like a text line, with its line number."""
    problems: list[tuple[int, _Problem]] = []
    main: list[DeckEntry] = []
    sideboard: list[DeckEntry] = []
    parser = expat.ParserCreate()
    depth = 0

    def refuse_dtd(*_: object) -> None:
        problems.append((parser.CurrentLineNumber, _Problem("a .dek file may not declare a DTD")))
        raise _StopParsing

    def start(tag: str, attributes: dict[str, str]) -> None:
        nonlocal depth
        depth += 1
        line = parser.CurrentLineNumber
        if depth == 1 and tag != "Deck":
            problems.append((line, _Problem(f"a .dek file's root element is <Deck>, not <{tag}>")))
            raise _StopParsing
        if tag != "Cards":
            return
        quantity, card_name = attributes.get("Quantity"), attributes.get("Name")
        if quantity is None or card_name is None:
            problems.append(
                (line, _Problem("a <Cards> element needs Quantity and Name attributes"))
            )
            return
        in_sideboard = attributes.get("Sideboard", "false").strip().casefold()
        if in_sideboard not in ("true", "false"):
            problems.append(
                (line, _Problem(f"Sideboard must be true or false, not {in_sideboard!r}"))
            )
            return
        count = _parse_count(quantity.strip())
        if isinstance(count, str):
            problems.append((line, _Problem(count.replace("count", "Quantity", 1))))
            return
        card = _parse_card(f"{count} {card_name}", names, set_codes, sideboard=False)
        if isinstance(card, _Problem):
            problems.append((line, card))
        else:
            (sideboard if in_sideboard == "true" else main).append(card.entry)

    def end(_tag: str) -> None:
        nonlocal depth
        depth -= 1

    parser.StartDoctypeDeclHandler = refuse_dtd
    parser.EntityDeclHandler = refuse_dtd
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    try:
        parser.Parse(text, True)
    except _StopParsing:
        pass
    except expat.ExpatError as error:
        message = f"not a valid .dek file: {expat.errors.messages[error.code]}"
        problems.append((error.lineno, _Problem(message)))
    if problems:
        _raise_problems(problems, names, source)
    if not main:
        raise DecklistError("empty deck: no main-deck cards", source=source)
    return Decklist(main=tuple(main), sideboard=tuple(sideboard), name=name)


class _StopParsing(Exception):
    """Ends the parse of a ``.dek`` file that cannot be read any further."""


def load_decklist(
    path: str | os.PathLike[str], known_names: Collection[str] | None = None
) -> Decklist:
    """Read and parse the UTF-8 decklist file at ``path``.

    The path is the error messages' source and the file's stem the list's name.
    A file that is missing, unreadable or not UTF-8 raises :class:`DecklistError`
    too, never a bare :class:`OSError` or :class:`UnicodeDecodeError`.
    """
    source = os.fspath(path)
    try:
        with Path(source).open("rb") as file:
            data = file.read(MAX_FILE_BYTES + 1)
    except FileNotFoundError as exc:
        raise DecklistError("decklist file not found", source=source) from exc
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise DecklistError(f"cannot read decklist file: {reason}", source=source) from exc
    if len(data) > MAX_FILE_BYTES:
        raise DecklistError(
            f"decklist file too large: more than {MAX_FILE_BYTES} bytes (1 MiB)", source=source
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise DecklistError("not valid UTF-8 text", line=line, source=source) from exc
    return parse_decklist(text, known_names, source=source, name=Path(source).stem)

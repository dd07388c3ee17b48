"""The card reference manaweave ships: the printed characteristics of every card the
built-in sets define, as MTGJSON has them (``data/card-reference.json``, written by
``tools/card_reference.py``; MTGJSON is MIT-licensed, see ``data/NOTICE``)."""

from __future__ import annotations

import difflib
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar, overload

import orjson

from ._errors import ManaweaveError, UnknownCardError
from ._mana import COLORS, ManaCost

_T = TypeVar("_T")

__all__ = ["CardReference", "CardReferenceError", "PrintedCard", "card_reference", "printed_card"]

_SHIPPED = "card-reference.json"


class CardReferenceError(ManaweaveError, ValueError):
    """A card reference file that cannot be read."""


@dataclass(frozen=True, slots=True)
class PrintedCard:
    """One card as printed (its Oracle text as of the data's MTGJSON build).

    The strings are MTGJSON's: ``mana_cost`` ``"{3}{G}{G}"`` (``None`` for a land),
    ``colors`` one letter each (``"G"``), ``type_line`` ``"Creature — Ooze"``, ``power``,
    ``toughness`` and ``loyalty`` as printed (``"*"`` is possible), ``text`` the rules
    text (``""`` for none). ``printings`` are the codes of the sets that printed the card,
    in release order, among the sets the reference covers (:attr:`CardReference.sets`).
    """

    name: str
    mana_cost: str | None
    mana_value: float
    colors: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    type_line: str
    power: str | None
    toughness: str | None
    loyalty: str | None
    text: str
    printings: tuple[str, ...]
    defense: str | None = None
    """A battle's printed defense (310.4a)."""

    def printed_in(self, set_code: str) -> bool:
        """Whether the set ``set_code`` (any case) printed this card."""
        wanted = set_code.casefold()
        return any(code.casefold() == wanted for code in self.printings)


def _strings(value: Any) -> tuple[str, ...]:
    return tuple(str(item) for item in value or ())


def _optional(value: Any) -> str | None:
    return None if value is None else str(value)


SUPERTYPES = frozenset({"Basic", "Legendary", "Snow", "World", "Ongoing"})
"""The supertypes a type line may begin with (205.4a)."""


def _printed(entry: Mapping[str, Any]) -> PrintedCard:
    """One card of a reference file, what it leaves out derived from what it gives."""
    type_line = str(entry["type"])
    left, _, right = type_line.partition("—")
    words = left.split()
    mana_cost = _optional(entry.get("manaCost"))
    colors, mana_value = entry.get("colors"), entry.get("manaValue")
    if colors is None or mana_value is None:
        # A hand-written file's: parsed only then, as a generated file has both.
        cost = ManaCost.parse(mana_cost) if mana_cost is not None else None
        if colors is None:
            colors = [c for c in COLORS if cost is not None and c in cost.colors]
        if mana_value is None:
            mana_value = cost.mana_value() if cost is not None else 0
    return PrintedCard(
        name=entry["name"],
        mana_cost=mana_cost,
        mana_value=mana_value,
        colors=_strings(colors),
        supertypes=_strings(entry.get("supertypes", [w for w in words if w in SUPERTYPES])),
        types=_strings(entry.get("types", [w for w in words if w not in SUPERTYPES])),
        subtypes=_strings(entry.get("subtypes", right.split())),
        type_line=type_line,
        power=_optional(entry.get("power")),
        toughness=_optional(entry.get("toughness")),
        loyalty=_optional(entry.get("loyalty")),
        text=entry.get("text", ""),
        printings=_strings(entry.get("printings")),
        defense=_optional(entry.get("defense")),
    )


class CardReference(Mapping[str, PrintedCard]):
    """Printed cards by exact name, with the data's provenance.

    ``sets`` lists the set codes whose printings the data covers, ``attribution`` the
    data's source and licence. ``CardReference.shipped()`` (or :func:`card_reference`) is
    the reference in the package; ``CardReference.from_json(text)`` reads a file in the
    same format. Looking up a name it lacks raises
    :class:`~manaweave.UnknownCardError` with suggestions; ``get`` returns ``None``.
    """

    def __init__(
        self, cards: Mapping[str, PrintedCard], *, sets: tuple[str, ...], attribution: str
    ) -> None:
        self._cards = dict(cards)
        self.sets = sets
        self.attribution = attribution

    @classmethod
    def from_json(cls, text: str | bytes, *, source: str = "card reference") -> CardReference:
        """Read a reference file's text (``{"meta": {...}, "cards": [...]}``).

        Each card has MTGJSON's field names. A file written by hand (a third-party set's
        own) may leave out what the others give: ``manaValue`` and ``colors`` follow from
        ``manaCost`` (a colour indicator is written as ``colors``), ``supertypes``,
        ``types`` and ``subtypes`` from ``type``; ``meta`` needs only ``attribution``.
        """
        try:
            document = orjson.loads(text)
            meta = document["meta"]
            cards = {entry["name"]: _printed(entry) for entry in document["cards"]}
            return cls(cards, sets=_strings(meta.get("sets")), attribution=str(meta["attribution"]))
        except (orjson.JSONDecodeError, KeyError, TypeError, ValueError) as error:
            raise CardReferenceError(f"{source}: not a card reference file ({error})") from error

    @classmethod
    def from_file(cls, path: str | os.PathLike[str]) -> CardReference:
        """Read the reference file at ``path``: a set's own, next to its module, for
        example ``CardReference.from_file(Path(__file__).with_name("cards.json"))``."""
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise CardReferenceError(f"{path}: cannot read the card reference: {error}") from error
        return cls.from_json(data, source=str(path))

    @staticmethod
    def shipped() -> CardReference:
        """The reference in the package (read once per process)."""
        return _shipped()

    def __getitem__(self, name: str) -> PrintedCard:
        try:
            return self._cards[name]
        except KeyError:
            suggestions = tuple(difflib.get_close_matches(name, self._cards, n=2))
            raise UnknownCardError(name, suggestions) from None

    def __contains__(self, name: object) -> bool:
        # Mapping's own answers by catching KeyError, which UnknownCardError is not.
        return name in self._cards

    @overload
    def get(self, name: str, /) -> PrintedCard | None: ...

    @overload
    def get(self, name: str, /, default: PrintedCard | _T) -> PrintedCard | _T: ...

    def get(self, name: str, /, default: object = None) -> object:
        """The printed card named exactly ``name``, or ``default`` (``None``)."""
        return self._cards.get(name, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._cards)

    def __len__(self) -> int:
        return len(self._cards)


@cache
def _shipped() -> CardReference:
    data = (resources.files("manaweave") / "data" / _SHIPPED).read_bytes()
    return CardReference.from_json(data, source=f"manaweave/data/{_SHIPPED}")


def card_reference() -> CardReference:
    """The card reference shipped in the package: every card the built-in sets define."""
    return _shipped()


def printed_card(name: str) -> PrintedCard:
    """The printed characteristics of the built-in card ``name`` (exact name), from the
    shipped MTGJSON-derived reference, printings included.

    Raises :class:`~manaweave.UnknownCardError` (a ``ValueError``) for a name it lacks:
    a card of no built-in set, such as one a third-party set defines.
    """
    return _shipped()[name]

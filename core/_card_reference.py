"""The card reference manaweave ships: the printed characteristics of every card the
built-in sets define, as MTGJSON has them (``data/card-reference.json``, written by
``tools/card_reference.py``; MTGJSON is MIT-licensed, see ``data/NOTICE``)."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any, TypeVar, overload

import orjson

from ._errors import ManaweaveError, UnknownCardError

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
        """Read a reference file's text (``{"meta": {...}, "cards": [...]}``)."""
        try:
            document = orjson.loads(text)
            meta = document["meta"]
            cards = {
                entry["name"]: PrintedCard(
                    name=entry["name"],
                    mana_cost=_optional(entry.get("manaCost")),
                    mana_value=entry["manaValue"],
                    colors=_strings(entry.get("colors")),
                    supertypes=_strings(entry.get("supertypes")),
                    types=_strings(entry["types"]),
                    subtypes=_strings(entry.get("subtypes")),
                    type_line=entry["type"],
                    power=_optional(entry.get("power")),
                    toughness=_optional(entry.get("toughness")),
                    loyalty=_optional(entry.get("loyalty")),
                    text=entry.get("text", ""),
                    printings=_strings(entry.get("printings")),
                    defense=_optional(entry.get("defense")),
                )
                for entry in document["cards"]
            }
            return cls(cards, sets=_strings(meta["sets"]), attribution=str(meta["attribution"]))
        except (orjson.JSONDecodeError, KeyError, TypeError) as error:
            raise CardReferenceError(f"{source}: not a card reference file ({error})") from error

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

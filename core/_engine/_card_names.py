"""The name of every real card and the sets that printed it (``data/card-names.json.gz``,
written by ``tools/card_reference.py`` from MTGJSON data; MTGJSON is MIT-licensed, see
``data/NOTICE``), so that a name no registered set defines is told apart: a real card
manaweave does not play yet, or a misspelling with the closest names.

The file is read only when a name is not found among the cards manaweave plays: a game
whose decks it knows never reads it.
"""

from __future__ import annotations

import difflib
import gzip
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources

import orjson

from ._errors import UnknownCardError

__all__ = ["RealCard", "real_card", "suggestions", "unknown_card", "unknown_card_message"]

_SHIPPED = "card-names.json.gz"


@dataclass(frozen=True, slots=True)
class RealCard:
    """A real card: its name as printed (a face's name for a face of a multi-face card),
    its full name (``"Fire // Ice"`` for a face of a split card, otherwise its name) and the
    sets that printed it, oldest first, as ``(code, name)`` pairs."""

    name: str
    full_name: str
    printings: tuple[tuple[str, str], ...]

    @property
    def first_set(self) -> str:
        """The name of the set that first printed it."""
        return self.printings[0][1]


@dataclass(frozen=True, slots=True)
class _Names:
    cards: dict[str, str]
    faces: dict[str, str]
    sets: dict[str, str]
    folded: dict[str, str]


@cache
def _names() -> _Names:
    data = gzip.decompress((resources.files("manaweave") / "data" / _SHIPPED).read_bytes())
    document = orjson.loads(data)
    cards: dict[str, str] = document["cards"]
    faces: dict[str, str] = document["faces"]
    folded = {name.casefold(): name for name in (*cards, *faces)}
    return _Names(cards, faces, document["sets"], folded)


def real_card(name: str) -> RealCard | None:
    """The real card named ``name`` (any case; a face's name gives its card), or ``None``
    for a name no card has."""
    names = _names()
    found = names.folded.get(" ".join(name.split()).casefold())
    if found is None:
        return None
    full = names.faces.get(found, found)
    codes = names.cards[full].split()
    return RealCard(found, full, tuple((code, names.sets.get(code, code)) for code in codes))


def suggestions(name: str, known: Iterable[str], n: int = 2) -> list[str]:
    """The names closest to ``name`` among ``known`` (the cards manaweave plays), or, if
    none is close, among every real card's."""
    # Among thousands of real names, many are loosely alike: only a close one is offered.
    for candidates, cutoff in ((known, 0.6), (_names().cards, 0.75)):
        # difflib over every real name takes a while: only names of a similar length.
        close = [c for c in candidates if abs(len(c) - len(name)) <= max(3, len(name) // 3)]
        by_folded = {c.casefold(): c for c in close}
        found = difflib.get_close_matches(name.casefold(), by_folded, n=n, cutoff=cutoff)
        if found:
            return [by_folded[c] for c in found]
    return []


def unknown_card_message(name: str, known: Iterable[str]) -> str:
    """Why ``name`` names no card manaweave plays: ``"Tarmogoyf is a card of Future Sight
    that manaweave does not play yet"``, or ``"no card named 'Tarmagoyf'; did you mean
    'Tarmogoyf'?"`` with the closest names among ``known`` and every real card."""
    return _unknown(name, known)[0]


def unknown_card(name: str, known: Iterable[str]) -> UnknownCardError:
    """The error for ``name``, which no registered set defines (``known`` are the names
    they do), with :func:`unknown_card_message`'s message."""
    message, close = _unknown(name, known)
    return UnknownCardError(name, close, message=message)


def _unknown(name: str, known: Iterable[str]) -> tuple[str, tuple[str, ...]]:
    """:func:`unknown_card_message`'s message, and the names it suggests (none for a real
    card), each looked for once: the real names are many."""
    real = real_card(name)
    if real is not None:
        return f"{real.name} is a card of {real.first_set} that manaweave does not play yet", ()
    close = tuple(suggestions(name, known))
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    return f"no card named {name!r}{hint}", close

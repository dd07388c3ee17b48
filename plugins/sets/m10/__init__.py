"""Magic 2010 (M10): every card of the set, and its ready decks.

The cards are defined one module per colour (``white`` to ``green``, then ``multicolored``,
``artifacts`` and ``lands`` where the set has such cards), alphabetically inside each module."""

from __future__ import annotations

from importlib import resources

from manaweave import hookimpl
from manaweave.cards import CardSet, cards_of_modules

SET_CODE = "M10"

CARDS = cards_of_modules(__name__, "white", "blue", "black", "red", "green", "artifacts", "lands")
"""Builds every card the set defines, colour by colour, when a card of the set is first
needed."""


def _decks() -> dict[str, str]:
    folder = resources.files(__name__) / "decks"
    return {
        entry.name.removesuffix(".txt"): entry.read_text(encoding="utf-8")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.startswith("m10-") and entry.name.endswith(".txt")
    }


FACE_COUNT = 234
"""Magic 2010 prints 234 card faces (basic lands counted once per name)."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [
        CardSet(
            SET_CODE,
            "Magic 2010",
            CARDS,
            decks=_decks(),
            face_count=FACE_COUNT,
        )
    ]

"""Core Set 2019 (M19): the cards of the set defined so far.

The cards are defined one module per colour (``white`` to ``green``, then ``multicolored``,
``artifacts`` and ``lands`` where the set has such cards), alphabetically inside each module."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import CardSet, cards_of_modules

SET_CODE = "M19"

CARDS = cards_of_modules(__name__, "white", "blue", "black", "red", "artifacts")
"""Builds every card the set defines, colour by colour, when a card of the set is first
needed."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Core Set 2019", CARDS)]

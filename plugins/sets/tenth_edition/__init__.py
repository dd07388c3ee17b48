"""Tenth Edition (10E): the cards of the set defined so far.

The cards are defined one module per colour (``white`` to ``green``, then ``multicolored``,
``artifacts`` and ``lands`` where the set has such cards), alphabetically inside each module."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import CardSet

from .black import CARDS as BLACK
from .blue import CARDS as BLUE
from .green import CARDS as GREEN
from .red import CARDS as RED
from .white import CARDS as WHITE

SET_CODE = "10E"

CARDS = (
    *WHITE,
    *BLUE,
    *BLACK,
    *RED,
    *GREEN,
)
"""Every card the set defines, colour by colour."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Tenth Edition", CARDS)]

"""Magic 2011 (M11): the cards of the set defined so far.

The cards are defined one module per colour (``white`` to ``green``, then ``multicolored``,
``artifacts`` and ``lands`` where the set has such cards), alphabetically inside each module."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import CardSet

from .blue import CARDS as BLUE
from .lands import CARDS as LANDS
from .red import CARDS as RED
from .white import CARDS as WHITE

SET_CODE = "M11"

CARDS = (
    *WHITE,
    *BLUE,
    *RED,
    *LANDS,
)
"""Every card the set defines, colour by colour."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2011", CARDS)]

"""Core Set 2019 (M19): the colourless cards (artifacts), in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    GetsAsLongAs,
    YouControlA,
    card,
)

CARDS = (
    card(
        "Gearsmith Guardian",
        abilities=(
            GetsAsLongAs(
                2,
                0,
                YouControlA("Creature", color="U"),
            ),
        ),
    ),
)

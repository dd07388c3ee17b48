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
        "{5}",
        "Artifact Creature — Construct",
        "Gearsmith Guardian gets +2/+0 as long as you control a blue creature.",
        pt=(3, 5),
        abilities=(
            GetsAsLongAs(
                2,
                0,
                YouControlA("Creature", color="U"),
            ),
        ),
    ),
)

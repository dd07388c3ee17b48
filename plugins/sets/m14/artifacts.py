"""Magic 2014 (M14): the colourless cards (artifacts), in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ActivatedAbility,
    CopyTargetAbility,
    DamageIsModified,
    TargetKind,
    TargetSpec,
    card,
)

CARDS = (
    card(
        "Pyromancer's Gauntlet",
        abilities=(
            DamageIsModified(
                add=2,
                source_types=("Instant", "Sorcery", "Planeswalker"),
                source_colors=("R",),
                yours=True,
            ),
        ),
    ),
    card(
        "Strionic Resonator",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{2}"),
                (CopyTargetAbility(0),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.TRIGGERED_ABILITY,
                        "target triggered ability you control",
                        yours=True,
                    ),
                ),
            ),
        ),
    ),
)

"""Tenth Edition (10E): the black cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_CREATURE,
    Destroy,
    PumpTarget,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenDies,
    card,
)

CARDS = (
    card(
        "Festering Goblin",
        abilities=(
            TriggeredAbility(
                WhenDies(),
                (PumpTarget(-1, -1),),
                targets=(TARGET_CREATURE,),
            ),
        ),
    ),
    card(
        "Terror",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE,
                    "target nonartifact, nonblack creature",
                    exclude_types=("Artifact",),
                    exclude_colors=("B",),
                ),
            ),
            effects=(Destroy(0, regenerable=False),),
        ),
    ),
)

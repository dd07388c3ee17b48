"""Magic 2013 (M13): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    SpellAbility,
    TapTargets,
    TargetKind,
    TargetSpec,
    card,
)

CARDS = (
    card(
        "Downpour",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "up to three target creatures", count=3, minimum=0),
            ),
            effects=(TapTargets((0, 1, 2)),),
        ),
    ),
)

"""Magic 2011 (M11): the lands, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ActivatedAbility,
    ExileUntilNextEndStep,
    ManaAbility,
    TargetKind,
    TargetSpec,
    card,
)

CARDS = (
    card(
        "Mystifying Maze",
        abilities=(
            ManaAbility((("C",),)),
            ActivatedAbility(
                ManaCost.parse("{4}"),
                (ExileUntilNextEndStep(0, tapped=True),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.CREATURE,
                        "target attacking creature an opponent controls",
                        opponent=True,
                        attacking=True,
                    ),
                ),
            ),
        ),
    ),
)

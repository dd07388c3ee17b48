"""Magic 2012 (M12): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    EntersAsCopy,
    HoldTapped,
    SacrificeSelf,
    SpellAbility,
    TapTargets,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenBecomesTarget,
    card,
)

CARDS = (
    card(
        "Frost Breath",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "up to two target creatures", count=2, minimum=0),
            ),
            effects=(TapTargets((0, 1)), HoldTapped((0, 1))),
        ),
    ),
    card(
        "Phantasmal Image",
        abilities=(
            EntersAsCopy(
                also_subtypes=("Illusion",),
                also_abilities=(
                    TriggeredAbility(
                        WhenBecomesTarget(),
                        (SacrificeSelf(),),
                        text="When this creature becomes the target of a spell or ability, "
                        "sacrifice it.",
                    ),
                ),
            ),
        ),
    ),
)

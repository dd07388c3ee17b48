"""Magic 2013 (M13): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    ExileLinked,
    PowerToughnessEqualToCount,
    ReturnLinkedExiled,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenEnters,
    WhenLeaves,
    card,
)

CARDS = (
    card(
        "Crusader of Odric",
        abilities=(
            PowerToughnessEqualToCount(
                "Creature",
            ),
        ),
    ),
    card(
        "Oblivion Ring",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (ExileLinked(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "another target nonland permanent",
                        exclude_types=("Land",),
                        not_source=True,
                    ),
                ),
            ),
            TriggeredAbility(
                WhenLeaves(),
                (ReturnLinkedExiled(),),
            ),
        ),
    ),
)

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
        "{2}{W}",
        "Creature — Human Soldier",
        "Crusader of Odric's power and toughness are each equal to the number of creatures "
        "you control.",
        pt=("*", "*"),
        abilities=(
            PowerToughnessEqualToCount(
                "Creature",
            ),
        ),
    ),
    card(
        "Oblivion Ring",
        "{2}{W}",
        "Enchantment",
        "When Oblivion Ring enters the battlefield, exile another target nonland permanent.\n"
        "When Oblivion Ring leaves the battlefield, return the exiled card to the "
        "battlefield under its owner's control.",
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

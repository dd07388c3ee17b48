"""Magic 2014 (M14): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_INSTANT_OR_SORCERY_SPELL,
    ChooseNewTargets,
    CopyTargetSpell,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Wild Ricochet",
        "{2}{R}{R}",
        "Instant",
        "You may choose new targets for target instant or sorcery spell. Then copy that "
        "spell. You may choose new targets for the copy.",
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(ChooseNewTargets(0), CopyTargetSpell(0)),
        ),
    ),
)

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
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(ChooseNewTargets(0), CopyTargetSpell(0)),
        ),
    ),
)

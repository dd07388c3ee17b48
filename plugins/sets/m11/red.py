"""Magic 2011 (M11): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    ANY_TARGET,
    TARGET_INSTANT_OR_SORCERY_SPELL,
    CopyTargetSpell,
    DamageIsModified,
    DealDamage,
    Sacrifice,
    SacrificedPower,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Fire Servant",
        abilities=(
            DamageIsModified(
                multiply=2,
                source_types=("Instant", "Sorcery"),
                source_colors=("R",),
                yours=True,
            ),
        ),
    ),
    card(
        "Fling",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
    card(
        "Reverberate",
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(CopyTargetSpell(0),),
        ),
    ),
)

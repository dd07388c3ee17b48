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
        "{3}{R}{R}",
        "Creature — Elemental",
        "If a red instant or sorcery spell you control would deal damage, it deals double "
        "that damage instead.",
        pt=(4, 3),
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
        "{1}{R}",
        "Instant",
        "As an additional cost to cast this spell, sacrifice a creature.\nFling deals damage "
        "equal to the sacrificed creature's power to any target.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
    card(
        "Reverberate",
        "{R}{R}",
        "Instant",
        "Copy target instant or sorcery spell. You may choose new targets for the copy.",
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(CopyTargetSpell(0),),
        ),
    ),
)

"""Tenth Edition (10E): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    ANY_TARGET,
    DamageIsModified,
    DealDamage,
    DealDamageToEach,
    DestroyAll,
    Sacrifice,
    SacrificedPower,
    SpellAbility,
    TargetKind,
    TargetSpec,
    card,
)

CARDS = (
    card(
        "Cone of Flame",
        "{3}{R}{R}",
        "Sorcery",
        "Cone of Flame deals 1 damage to any target, 2 damage to another target, and 3 "
        "damage to a third target.",
        spell=SpellAbility(
            targets=(
                ANY_TARGET,
                TargetSpec(TargetKind.ANY, "another target", another=True),
                TargetSpec(TargetKind.ANY, "a third target", another=True),
            ),
            effects=(DealDamageToEach(((1, 0), (2, 1), (3, 2))),),
        ),
    ),
    card(
        "Furnace of Rath",
        "{1}{R}{R}{R}",
        "Enchantment",
        "If a source would deal damage to a permanent or player, it deals double that damage "
        "to that permanent or player instead.",
        abilities=(
            DamageIsModified(
                multiply=2,
            ),
        ),
    ),
    card(
        "Shatterstorm",
        "{2}{R}{R}",
        "Sorcery",
        "Destroy all artifacts. They can't be regenerated.",
        spell=SpellAbility(effects=(DestroyAll(("Artifact",), regenerable=False),)),
    ),
    card(
        "Shock",
        "{R}",
        "Instant",
        "Shock deals 2 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),)),
    ),
    card(
        "Soulblast",
        "{3}{R}{R}{R}",
        "Instant",
        "As an additional cost to cast this spell, sacrifice all creatures you control.\n"
        "Soulblast deals damage to any target equal to the total power of the sacrificed "
        "creatures.",
        additional_costs=(Sacrifice("sacrifice all creatures you control", every=True),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
)

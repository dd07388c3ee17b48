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
        abilities=(
            DamageIsModified(
                multiply=2,
            ),
        ),
    ),
    card(
        "Shatterstorm", spell=SpellAbility(effects=(DestroyAll(("Artifact",), regenerable=False),))
    ),
    card("Shock", spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),))),
    card(
        "Soulblast",
        additional_costs=(Sacrifice("sacrifice all creatures you control", every=True),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
)

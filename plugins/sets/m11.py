"""Magic 2011 (M11): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    ANY_TARGET,
    SELF,
    TARGET_INSTANT_OR_SORCERY_SPELL,
    TARGET_SPELL,
    ActivatedAbility,
    CardSet,
    ChooseNewTargets,
    CopyTargetSpell,
    DamageIsModified,
    DealDamage,
    DestroyAll,
    DrawCards,
    ExileUntilNextEndStep,
    ManaAbility,
    PutCounters,
    Sacrifice,
    SacrificedPower,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WheneverDealsCombatDamageToPlayer,
    WheneverYouGainLife,
    card,
)

SET_CODE = "M11"

CARDS = (
    card(
        "Day of Judgment",
        "{2}{W}{W}",
        "Sorcery",
        "Destroy all creatures.",
        spell=SpellAbility(effects=(DestroyAll(("Creature",)),)),
    ),
    card(
        "Ajani's Pridemate",
        "{1}{W}",
        "Creature — Cat Soldier",
        "Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WheneverYouGainLife(),
                (PutCounters("+1/+1", 1, target=SELF),),
                text="Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.",
            ),
        ),
    ),
    card(
        "Scroll Thief",
        "{2}{U}",
        "Creature — Merfolk Rogue",
        "Whenever Scroll Thief deals combat damage to a player, draw a card.",
        pt=(1, 3),
        abilities=(
            TriggeredAbility(
                WheneverDealsCombatDamageToPlayer(),
                (DrawCards(1),),
                text="Whenever Scroll Thief deals combat damage to a player, draw a card.",
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
    card(
        "Redirect",
        "{U}{U}",
        "Instant",
        "You may choose new targets for target spell.",
        spell=SpellAbility(targets=(TARGET_SPELL,), effects=(ChooseNewTargets(0),)),
    ),
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
                text="If a red instant or sorcery spell you control would deal damage, it "
                "deals double that damage instead.",
            ),
        ),
    ),
    card(
        "Mystifying Maze",
        None,
        "Land",
        "{T}: Add {C}.\n{4}, {T}: Exile target attacking creature an opponent controls. At "
        "the beginning of the next end step, return it to the battlefield tapped under its "
        "owner's control.",
        abilities=(
            ManaAbility((("C",),), text="{T}: Add {C}."),
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
                text="{4}, {T}: Exile target attacking creature an opponent controls. At the "
                "beginning of the next end step, return it to the battlefield tapped under "
                "its owner's control.",
            ),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2011", CARDS)]

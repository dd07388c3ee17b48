"""Magic 2012 (M12): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    ANY_TARGET,
    SELF,
    TARGET_CREATURE,
    TARGET_OPPONENT,
    ActivatedAbility,
    CardSet,
    DealDamage,
    EnchantedGets,
    EnchantedHas,
    EntersAsCopy,
    HoldTapped,
    PutCounters,
    Regenerate,
    Sacrifice,
    SacrificeSelf,
    SkipNext,
    SpellAbility,
    TapTargets,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenBecomesTarget,
    WhenEnters,
    WheneverOpponentsCreatureBecomesTapped,
    card,
)
from manaweave.keywords.enchant import Enchant

SET_CODE = "M12"

CARDS = (
    card(
        "Gideon's Avenger",
        "{1}{W}{W}",
        "Creature — Human Soldier",
        "Whenever a creature an opponent controls becomes tapped, put a +1/+1 counter on "
        "Gideon's Avenger.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WheneverOpponentsCreatureBecomesTapped(),
                (PutCounters("+1/+1", 1, target=SELF),),
                text="Whenever a creature an opponent controls becomes tapped, put a +1/+1 "
                "counter on Gideon's Avenger.",
            ),
        ),
    ),
    card(
        "Goblin Grenade",
        "{R}",
        "Sorcery",
        "As an additional cost to cast this spell, sacrifice a Goblin.\nGoblin Grenade deals "
        "5 damage to any target.",
        additional_costs=(Sacrifice("sacrifice a Goblin", types=(), subtypes=("Goblin",)),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(5),)),
    ),
    card(
        "Trollhide",
        "{2}{G}",
        "Enchantment — Aura",
        'Enchant creature\nEnchanted creature gets +2/+2 and has "{1}{G}: Regenerate this '
        "creature.\" (The next time the creature would be destroyed this turn, it isn't. "
        "Instead tap it, remove all damage from it, and remove it from combat.)",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(2, 2, text="Enchanted creature gets +2/+2."),
            EnchantedHas(
                ActivatedAbility(
                    ManaCost.parse("{1}{G}"),
                    (Regenerate(SELF),),
                    text="{1}{G}: Regenerate this creature.",
                ),
                text='enchanted creature has "{1}{G}: Regenerate this creature."',
            ),
        ),
    ),
    card(
        "Stonehorn Dignitary",
        "{3}{W}",
        "Creature — Rhino Soldier",
        "When Stonehorn Dignitary enters the battlefield, target opponent skips their next "
        "combat phase.",
        pt=(1, 4),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (SkipNext("combat phase", 0),),
                targets=(TARGET_OPPONENT,),
                text="When Stonehorn Dignitary enters the battlefield, target opponent skips "
                "their next combat phase.",
            ),
        ),
    ),
    card(
        "Phantasmal Image",
        "{1}{U}",
        "Creature — Illusion",
        "You may have Phantasmal Image enter the battlefield as a copy of any creature on "
        "the battlefield, except it's an Illusion in addition to its other types and it has "
        '"When this creature becomes the target of a spell or ability, sacrifice it."',
        pt=(0, 0),
        abilities=(
            EntersAsCopy(
                text="You may have Phantasmal Image enter the battlefield as a copy of any "
                "creature on the battlefield, except it's an Illusion in addition to its other "
                'types and it has "When this creature becomes the target of a spell or '
                'ability, sacrifice it."',
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
    card(
        "Frost Breath",
        "{2}{U}",
        "Instant",
        "Tap up to two target creatures. Those creatures don't untap during their "
        "controller's next untap step.",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "up to two target creatures", count=2, minimum=0),
            ),
            effects=(TapTargets((0, 1)), HoldTapped((0, 1))),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2012", CARDS)]

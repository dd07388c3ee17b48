"""Tenth Edition (10E): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    TARGET_PLAYER,
    ActivatedAbility,
    AsEntersChooseColor,
    CardSet,
    CreaturesGet,
    DamageIsModified,
    DamageToYouDealtToEnchanted,
    DealDamage,
    DealDamageToEach,
    Destroy,
    DestroyAll,
    DoesntUntap,
    DrawCards,
    MayRevealInsteadOfDrawing,
    PreventNextDamage,
    PreventNextFromChosenSource,
    PumpTarget,
    RedirectDamageToSelf,
    Sacrifice,
    SacrificedPower,
    SacrificeThis,
    SpellAbility,
    SpellsCost,
    TargetKind,
    TargetSpec,
    TheyDrawInsteadOfTarget,
    TriggeredAbility,
    WhenDies,
    card,
)
from manaweave.keywords.enchant import Enchant

SET_CODE = "10E"

_SHIELD_1 = "Prevent the next 1 damage that would be dealt to any target this turn."

CARDS = (
    card("Grizzly Bears", "{1}{G}", "Creature — Bear", pt=(2, 2)),
    card(
        "Festering Goblin",
        "{B}",
        "Creature — Zombie Goblin",
        "When Festering Goblin dies, target creature gets -1/-1 until end of turn.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenDies(),
                (PumpTarget(-1, -1),),
                targets=(TARGET_CREATURE,),
                text="When Festering Goblin dies, target creature gets -1/-1 until end of turn.",
            ),
        ),
    ),
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
        "Glorious Anthem",
        "{1}{W}{W}",
        "Enchantment",
        "Creatures you control get +1/+1.",
        abilities=(CreaturesGet(1, 1, text="Creatures you control get +1/+1."),),
    ),
    card(
        "Bandage",
        "{W}",
        "Instant",
        f"{_SHIELD_1}\nDraw a card.",
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(PreventNextDamage(1, wording=_SHIELD_1), DrawCards(1)),
        ),
    ),
    card(
        "Samite Healer",
        "{1}{W}",
        "Creature — Human Cleric",
        f"{{T}}: {_SHIELD_1}",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (PreventNextDamage(1, wording=_SHIELD_1),),
                tap=True,
                targets=(ANY_TARGET,),
                text=f"{{T}}: {_SHIELD_1}",
            ),
        ),
    ),
    card(
        "Shock",
        "{R}",
        "Instant",
        "Shock deals 2 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),)),
    ),
    card(
        "Aura of Silence",
        "{1}{W}{W}",
        "Enchantment",
        "Artifact and enchantment spells your opponents cast cost {2} more to cast.\n"
        "Sacrifice Aura of Silence: Destroy target artifact or enchantment.",
        abilities=(
            SpellsCost(
                2,
                types=("Artifact", "Enchantment"),
                whose="opponents",
                text="Artifact and enchantment spells your opponents cast cost {2} more to cast.",
            ),
            ActivatedAbility(
                ManaCost.parse(""),
                (Destroy(0),),
                costs=(SacrificeThis(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target artifact or enchantment",
                        types=("Artifact", "Enchantment"),
                    ),
                ),
                text="Sacrifice Aura of Silence: Destroy target artifact or enchantment.",
            ),
        ),
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
    card(
        "Terror",
        "{1}{B}",
        "Instant",
        "Destroy target nonartifact, nonblack creature. It can't be regenerated.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE,
                    "target nonartifact, nonblack creature",
                    exclude_types=("Artifact",),
                    exclude_colors=("B",),
                ),
            ),
            effects=(Destroy(0, regenerable=False),),
        ),
    ),
    card(
        "Wrath of God",
        "{2}{W}{W}",
        "Sorcery",
        "Destroy all creatures. They can't be regenerated.",
        spell=SpellAbility(effects=(DestroyAll(("Creature",), regenerable=False),)),
    ),
    card(
        "Shatterstorm",
        "{2}{R}{R}",
        "Sorcery",
        "Destroy all artifacts. They can't be regenerated.",
        spell=SpellAbility(effects=(DestroyAll(("Artifact",), regenerable=False),)),
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
                text="If a source would deal damage to a permanent or player, it deals double "
                "that damage to that permanent or player instead.",
            ),
        ),
    ),
    card(
        "Pariah",
        "{2}{W}",
        "Enchantment — Aura",
        "Enchant creature\nAll damage that would be dealt to you is dealt to enchanted "
        "creature instead.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            DamageToYouDealtToEnchanted(
                text="All damage that would be dealt to you is dealt to enchanted creature instead."
            ),
        ),
    ),
    card(
        "Kjeldoran Royal Guard",
        "{3}{W}{W}",
        "Creature — Human Soldier",
        "{T}: All combat damage that would be dealt to you by unblocked creatures this turn "
        "is dealt to Kjeldoran Royal Guard instead.",
        pt=(2, 5),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (
                    RedirectDamageToSelf(
                        combat_only=True,
                        unblocked_only=True,
                        wording="All combat damage that would be dealt to you by unblocked "
                        "creatures this turn is dealt to Kjeldoran Royal Guard instead.",
                    ),
                ),
                tap=True,
                text="{T}: All combat damage that would be dealt to you by unblocked "
                "creatures this turn is dealt to Kjeldoran Royal Guard instead.",
            ),
        ),
    ),
    card(
        "Story Circle",
        "{1}{W}{W}",
        "Enchantment",
        "As Story Circle enters the battlefield, choose a color.\n{W}: The next time a "
        "source of your choice of the chosen color would deal damage to you this turn, "
        "prevent that damage.",
        abilities=(
            AsEntersChooseColor(text="As Story Circle enters the battlefield, choose a color."),
            ActivatedAbility(
                ManaCost.parse("{W}"),
                (
                    PreventNextFromChosenSource(
                        of_chosen_color=True,
                        wording="The next time a source of your choice of the chosen color "
                        "would deal damage to you this turn, prevent that damage.",
                    ),
                ),
                text="{W}: The next time a source of your choice of the chosen color would "
                "deal damage to you this turn, prevent that damage.",
            ),
        ),
    ),
    card(
        "Plagiarize",
        "{3}{U}",
        "Instant",
        "Until end of turn, if target player would draw a card, instead that player skips "
        "that draw and you draw a card.",
        spell=SpellAbility(
            targets=(TARGET_PLAYER,),
            effects=(
                TheyDrawInsteadOfTarget(
                    0,
                    wording="Until end of turn, if target player would draw a card, instead "
                    "that player skips that draw and you draw a card.",
                ),
            ),
        ),
    ),
    card(
        "Abundance",
        "{2}{G}{G}",
        "Enchantment",
        "If you would draw a card, you may instead choose land or nonland and reveal cards "
        "from the top of your library until you reveal a card of the chosen kind. Put that "
        "card into your hand and put all other cards revealed this way on the bottom of your "
        "library in any order.",
        abilities=(
            MayRevealInsteadOfDrawing(
                text="If you would draw a card, you may instead choose land or nonland and "
                "reveal cards from the top of your library until you reveal a card of the "
                "chosen kind. Put that card into your hand and put all other cards revealed "
                "this way on the bottom of your library in any order."
            ),
        ),
    ),
    card(
        "Dehydration",
        "{3}{U}",
        "Enchantment — Aura",
        "Enchant creature (Target a creature as you cast this. This card enters the "
        "battlefield attached to that creature.)\nEnchanted creature doesn't untap during "
        "its controller's untap step.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            DoesntUntap(
                text="Enchanted creature doesn't untap during its controller's untap step."
            ),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Tenth Edition", CARDS)]

"""Tenth Edition (10E): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    AsEntersChooseColor,
    CreaturesGet,
    Destroy,
    DestroyAll,
    DrawCards,
    PreventNextDamage,
    PreventNextFromChosenSource,
    RedirectDamageToSelf,
    SacrificeThis,
    SpellAbility,
    SpellsCost,
    TargetKind,
    TargetSpec,
    card,
)
from manaweave.keywords.enchant import Enchant

from .pariah import DamageToYouDealtToEnchanted

_SHIELD_1 = "Prevent the next 1 damage that would be dealt to any target this turn."


CARDS = (
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
            ),
        ),
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
        "Glorious Anthem",
        "{1}{W}{W}",
        "Enchantment",
        "Creatures you control get +1/+1.",
        abilities=(CreaturesGet(1, 1),),
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
            Enchant(TARGET_CREATURE),
            DamageToYouDealtToEnchanted(),
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
            AsEntersChooseColor(),
            ActivatedAbility(
                ManaCost.parse("{W}"),
                (
                    PreventNextFromChosenSource(
                        of_chosen_color=True,
                        wording="The next time a source of your choice of the chosen color "
                        "would deal damage to you this turn, prevent that damage.",
                    ),
                ),
            ),
        ),
    ),
    card(
        "Wrath of God",
        "{2}{W}{W}",
        "Sorcery",
        "Destroy all creatures. They can't be regenerated.",
        spell=SpellAbility(effects=(DestroyAll(("Creature",), regenerable=False),)),
    ),
)

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
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(PreventNextDamage(1, wording=_SHIELD_1), DrawCards(1)),
        ),
    ),
    card("Glorious Anthem", abilities=(CreaturesGet(1, 1),)),
    card(
        "Kjeldoran Royal Guard",
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
        abilities=(
            Enchant(TARGET_CREATURE),
            DamageToYouDealtToEnchanted(),
        ),
    ),
    card(
        "Samite Healer",
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
        "Wrath of God", spell=SpellAbility(effects=(DestroyAll(("Creature",), regenerable=False),))
    ),
)

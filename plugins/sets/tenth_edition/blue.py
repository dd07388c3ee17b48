"""Tenth Edition (10E): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_CREATURE,
    TARGET_PLAYER,
    DoesntUntap,
    SpellAbility,
    TheyDrawInsteadOfTarget,
    card,
)
from manaweave.keywords.enchant import Enchant

CARDS = (
    card(
        "Dehydration",
        "{3}{U}",
        "Enchantment — Aura",
        "Enchant creature (Target a creature as you cast this. This card enters the "
        "battlefield attached to that creature.)\nEnchanted creature doesn't untap during "
        "its controller's untap step.",
        abilities=(
            Enchant(TARGET_CREATURE),
            DoesntUntap(),
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
)

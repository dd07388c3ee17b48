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
        abilities=(
            Enchant(TARGET_CREATURE),
            DoesntUntap(),
        ),
    ),
    card(
        "Plagiarize",
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

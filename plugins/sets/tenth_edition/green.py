"""Tenth Edition (10E): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    card,
)

from .abundance import MayRevealInsteadOfDrawing

CARDS = (
    card(
        "Abundance",
        "{2}{G}{G}",
        "Enchantment",
        "If you would draw a card, you may instead choose land or nonland and reveal cards "
        "from the top of your library until you reveal a card of the chosen kind. Put that "
        "card into your hand and put all other cards revealed this way on the bottom of your "
        "library in any order.",
        abilities=(MayRevealInsteadOfDrawing(),),
    ),
    card("Grizzly Bears", "{1}{G}", "Creature — Bear", pt=(2, 2)),
)

"""Tenth Edition (10E): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import ANY_TARGET, CardSet, DealDamage, SpellAbility, card

SET_CODE = "10E"

CARDS = (
    card("Grizzly Bears", "{1}{G}", "Creature — Bear", pt=(2, 2)),
    card(
        "Shock",
        "{R}",
        "Instant",
        "Shock deals 2 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),)),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Tenth Edition", CARDS)]

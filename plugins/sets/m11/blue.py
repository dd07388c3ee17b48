"""Magic 2011 (M11): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_SPELL,
    ChooseNewTargets,
    DrawCards,
    SpellAbility,
    TriggeredAbility,
    WheneverDealsCombatDamageToPlayer,
    card,
)

CARDS = (
    card(
        "Redirect",
        "{U}{U}",
        "Instant",
        "You may choose new targets for target spell.",
        spell=SpellAbility(targets=(TARGET_SPELL,), effects=(ChooseNewTargets(0),)),
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
            ),
        ),
    ),
)

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
    card("Redirect", spell=SpellAbility(targets=(TARGET_SPELL,), effects=(ChooseNewTargets(0),))),
    card(
        "Scroll Thief",
        abilities=(
            TriggeredAbility(
                WheneverDealsCombatDamageToPlayer(),
                (DrawCards(1),),
            ),
        ),
    ),
)

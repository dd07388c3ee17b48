"""Magic 2011 (M11): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    SELF,
    DestroyAll,
    PutCounters,
    SpellAbility,
    TriggeredAbility,
    WheneverYouGainLife,
    card,
)

CARDS = (
    card(
        "Ajani's Pridemate",
        abilities=(
            TriggeredAbility(
                WheneverYouGainLife(),
                (PutCounters("+1/+1", 1, target=SELF),),
            ),
        ),
    ),
    card("Day of Judgment", spell=SpellAbility(effects=(DestroyAll(("Creature",)),))),
)

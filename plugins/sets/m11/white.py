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
        "{1}{W}",
        "Creature — Cat Soldier",
        "Whenever you gain life, put a +1/+1 counter on Ajani's Pridemate.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WheneverYouGainLife(),
                (PutCounters("+1/+1", 1, target=SELF),),
            ),
        ),
    ),
    card(
        "Day of Judgment",
        "{2}{W}{W}",
        "Sorcery",
        "Destroy all creatures.",
        spell=SpellAbility(effects=(DestroyAll(("Creature",)),)),
    ),
)

"""Magic 2012 (M12): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    SELF,
    TARGET_OPPONENT,
    PutCounters,
    SkipNext,
    TriggeredAbility,
    WhenEnters,
    WheneverOpponentsCreatureBecomesTapped,
    card,
)

CARDS = (
    card(
        "Gideon's Avenger",
        abilities=(
            TriggeredAbility(
                WheneverOpponentsCreatureBecomesTapped(),
                (PutCounters("+1/+1", 1, target=SELF),),
            ),
        ),
    ),
    card(
        "Stonehorn Dignitary",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (SkipNext("combat phase", 0),),
                targets=(TARGET_OPPONENT,),
            ),
        ),
    ),
)

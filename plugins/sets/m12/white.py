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
        "{1}{W}{W}",
        "Creature — Human Soldier",
        "Whenever a creature an opponent controls becomes tapped, put a +1/+1 counter on "
        "Gideon's Avenger.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WheneverOpponentsCreatureBecomesTapped(),
                (PutCounters("+1/+1", 1, target=SELF),),
            ),
        ),
    ),
    card(
        "Stonehorn Dignitary",
        "{3}{W}",
        "Creature — Rhino Soldier",
        "When Stonehorn Dignitary enters the battlefield, target opponent skips their next "
        "combat phase.",
        pt=(1, 4),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (SkipNext("combat phase", 0),),
                targets=(TARGET_OPPONENT,),
            ),
        ),
    ),
)

"""Magic 2012 (M12): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import (
    ANY_TARGET,
    SELF,
    CardSet,
    DealDamage,
    PutCounters,
    Sacrifice,
    SpellAbility,
    TriggeredAbility,
    WheneverOpponentsCreatureBecomesTapped,
    card,
)

SET_CODE = "M12"

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
                text="Whenever a creature an opponent controls becomes tapped, put a +1/+1 "
                "counter on Gideon's Avenger.",
            ),
        ),
    ),
    card(
        "Goblin Grenade",
        "{R}",
        "Sorcery",
        "As an additional cost to cast this spell, sacrifice a Goblin.\nGoblin Grenade deals "
        "5 damage to any target.",
        additional_costs=(Sacrifice("sacrifice a Goblin", types=(), subtypes=("Goblin",)),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(5),)),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2012", CARDS)]

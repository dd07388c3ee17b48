"""Magic 2013 (M13): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import CardSet, PowerToughnessEqualToCount, card

SET_CODE = "M13"

CARDS = (
    card(
        "Crusader of Odric",
        "{2}{W}",
        "Creature — Human Soldier",
        "Crusader of Odric's power and toughness are each equal to the number of creatures "
        "you control.",
        pt=("*", "*"),
        abilities=(
            PowerToughnessEqualToCount(
                "Creature",
                text="Crusader of Odric's power and toughness are each equal to the number of "
                "creatures you control.",
            ),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2013", CARDS)]

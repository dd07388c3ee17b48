"""Magic 2013 (M13): the black cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    TARGET_CREATURE,
    CountPermanents,
    CreateEmblem,
    LoyaltyAbility,
    ManaAbility,
    PumpEitherWay,
    SearchLibraryToHand,
    YourPermanentsHave,
    card,
)

CARDS = (
    card(
        "Liliana of the Dark Realms",
        abilities=(
            LoyaltyAbility(
                effects=(SearchLibraryToHand("Swamp"),),
                loyalty=1,
            ),
            LoyaltyAbility(
                effects=(PumpEitherWay(CountPermanents(subtype="Swamp")),),
                targets=(TARGET_CREATURE,),
                loyalty=-3,
            ),
            LoyaltyAbility(
                effects=(
                    CreateEmblem(
                        (
                            YourPermanentsHave(
                                "Swamp",
                                ManaAbility((("B", "B", "B", "B"),), text="{T}: Add {B}{B}{B}{B}."),
                                text='Swamps you control have "{T}: Add {B}{B}{B}{B}."',
                            ),
                        ),
                        wording='Swamps you control have "{T}: Add {B}{B}{B}{B}."',
                    ),
                ),
                loyalty=-6,
            ),
        ),
    ),
)

"""Magic 2014 (M14): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave.cards import (
    CreateEmblem,
    CreaturesGet,
    LoyaltyAbility,
    MayPutFromHandOntoBattlefield,
    RevealTopPutTypeIntoHand,
    SearchLibraryOntoBattlefield,
    TriggeredAbility,
    WheneverCast,
    card,
)

CARDS = (
    card(
        "Garruk, Caller of Beasts",
        "{4}{G}{G}",
        "Legendary Planeswalker — Garruk",
        "[+1]: Reveal the top five cards of your library. Put all creature cards revealed "
        "this way into your hand and the rest on the bottom of your library in any order.\n"
        "[−3]: You may put a green creature card from your hand onto the battlefield.\n"
        '[−7]: You get an emblem with "Whenever you cast a creature spell, you may search '
        'your library for a creature card, put it onto the battlefield, then shuffle."',
        loyalty=4,
        abilities=(
            LoyaltyAbility(
                effects=(RevealTopPutTypeIntoHand(5, "Creature"),),
                loyalty=1,
            ),
            LoyaltyAbility(
                effects=(MayPutFromHandOntoBattlefield("Creature", color="G"),), loyalty=-3
            ),
            LoyaltyAbility(
                effects=(
                    CreateEmblem(
                        (
                            TriggeredAbility(
                                WheneverCast(by="you", card_type="Creature"),
                                (SearchLibraryOntoBattlefield("Creature"),),
                                optional=True,
                                text="Whenever you cast a creature spell, you may search your "
                                "library for a creature card, put it onto the battlefield, "
                                "then shuffle.",
                            ),
                        ),
                        wording="Whenever you cast a creature spell, you may search your "
                        "library for a creature card, put it onto the battlefield, then "
                        "shuffle.",
                    ),
                ),
                loyalty=-7,
            ),
        ),
    ),
    card(
        "Predatory Sliver",
        "{1}{G}",
        "Creature — Sliver",
        "Sliver creatures you control get +1/+1.",
        pt=(1, 1),
        abilities=(CreaturesGet(1, 1, subtype="Sliver"),),
    ),
)

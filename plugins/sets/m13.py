"""Magic 2013 (M13): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    SELF,
    TARGET_CREATURE,
    ActivatedAbility,
    CardSet,
    CountPermanents,
    CreateEmblem,
    DealDividedDamage,
    DiscardCards,
    DrawCards,
    ExileLinked,
    GetsAsLongAs,
    LoyaltyAbility,
    ManaAbility,
    PowerToughnessEqualToCount,
    PumpEitherWay,
    Regenerate,
    ReturnLinkedExiled,
    SearchLibraryToHand,
    SpellAbility,
    TapTargets,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenEnters,
    WhenLeaves,
    YouControlA,
    YourPermanentsHave,
    card,
)

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
    card(
        "Oblivion Ring",
        "{2}{W}",
        "Enchantment",
        "When Oblivion Ring enters the battlefield, exile another target nonland permanent.\n"
        "When Oblivion Ring leaves the battlefield, return the exiled card to the "
        "battlefield under its owner's control.",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (ExileLinked(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "another target nonland permanent",
                        exclude_types=("Land",),
                        not_source=True,
                    ),
                ),
                text="When Oblivion Ring enters the battlefield, exile another target "
                "nonland permanent.",
            ),
            TriggeredAbility(
                WhenLeaves(),
                (ReturnLinkedExiled(),),
                text="When Oblivion Ring leaves the battlefield, return the exiled card to "
                "the battlefield under its owner's control.",
            ),
        ),
    ),
    card(
        "Downpour",
        "{1}{U}",
        "Instant",
        "Tap up to three target creatures.",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "up to three target creatures", count=3, minimum=0),
            ),
            effects=(TapTargets((0, 1, 2)),),
        ),
    ),
    card(
        "Flames of the Firebrand",
        "{2}{R}",
        "Sorcery",
        "Flames of the Firebrand deals 3 damage divided as you choose among one, two, or "
        "three targets.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.ANY, "one, two, or three targets", count=3, minimum=1),),
            effects=(DealDividedDamage(3),),
        ),
    ),
    card(
        "Wild Guess",
        "{R}{R}",
        "Sorcery",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Crimson Muckwader",
        "{1}{R}",
        "Creature — Lizard",
        "Crimson Muckwader gets +1/+1 as long as you control a Swamp.\n{2}{B}: Regenerate "
        "Crimson Muckwader. (The next time this creature would be destroyed this turn, it "
        "isn't. Instead tap it, remove all damage from it, and remove it from combat.)",
        pt=(2, 1),
        abilities=(
            GetsAsLongAs(
                1,
                1,
                YouControlA("Land", subtype="Swamp"),
                text="Crimson Muckwader gets +1/+1 as long as you control a Swamp.",
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{B}"),
                (Regenerate(SELF),),
                text="{2}{B}: Regenerate Crimson Muckwader.",
            ),
        ),
    ),
    card(
        "Liliana of the Dark Realms",
        "{2}{B}{B}",
        "Legendary Planeswalker — Liliana",
        "[+1]: Search your library for a Swamp card, reveal it, put it into your hand, then "
        "shuffle.\n[−3]: Target creature gets +X/+X or -X/-X until end of turn, where X is "
        'the number of Swamps you control.\n[−6]: You get an emblem with "Swamps you '
        "control have '{T}: Add {B}{B}{B}{B}.'\"",
        loyalty=3,
        abilities=(
            LoyaltyAbility(
                effects=(SearchLibraryToHand("Swamp"),),
                loyalty=1,
                text="[+1]: Search your library for a Swamp card, reveal it, put it into your "
                "hand, then shuffle.",
            ),
            LoyaltyAbility(
                effects=(PumpEitherWay(CountPermanents(subtype="Swamp")),),
                targets=(TARGET_CREATURE,),
                loyalty=-3,
                text="[−3]: Target creature gets +X/+X or -X/-X until end of turn, where X is "
                "the number of Swamps you control.",
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
                text="[−6]: You get an emblem with \"Swamps you control have '{T}: Add "
                "{B}{B}{B}{B}.'\"",
            ),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2013", CARDS)]

"""Magic 2010 (M10): the black cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    SELF,
    TARGET_CREATURE,
    TARGET_CREATURE_CARD_IN_A_GRAVEYARD,
    TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD,
    TARGET_OPPONENT,
    TARGET_PLAYER,
    TARGET_TAPPED_CREATURE,
    THAT_MUCH,
    THAT_PLAYER,
    ActivatedAbility,
    AtBeginningOf,
    CantBeBlockedExceptBy,
    CountPermanents,
    CreateTokens,
    CreaturesGet,
    DealDamage,
    Destroy,
    Discard,
    DiscardAtRandom,
    DrawCards,
    EachPlayerLosesLife,
    EnchantedGets,
    GainLife,
    LoseLife,
    LoyaltyAbility,
    MoveTargetCard,
    PlayWithTopOfLibraryRevealed,
    PowerToughnessEqualToCount,
    PumpTarget,
    PutTargetCardOntoBattlefield,
    Regenerate,
    RevealHandChooseDiscard,
    Sacrifice,
    SearchLibraryToHand,
    SearchLibraryToTop,
    SpellAbility,
    TargetKind,
    TargetSpec,
    ThisAndOthersGetAsLongAs,
    TopOfYourLibraryIs,
    TriggeredAbility,
    WhenEnters,
    WheneverDealsDamageToOpponent,
    WheneverDiscards,
    WheneverDraws,
    WheneverYouGainLife,
    X,
    card,
    token,
)
from manaweave.keywords.defender import Defender
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flying import Flying
from manaweave.keywords.landwalk import Swampwalk
from manaweave.keywords.lifelink import Lifelink
from manaweave.keywords.protection import Protection
from manaweave.keywords.trample import Trample

from ._helpers import pumps_itself
from .haunting_echoes import ExileGraveyardAndNamesakes
from .liliana_vess import ReturnAllCreatureCardsFromGraveyards
from .relentless_rats import GetsForEachOtherCreatureNamed
from .xathrid_demon import SacrificeAnotherElseTapAndLoseLife

CARDS = (
    card(
        "Acolyte of Xathrid",
        "{B}",
        "Creature — Human Cleric",
        "{1}{B}, {T}: Target player loses 1 life.",
        pt=(0, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{1}{B}"),
                (LoseLife(1),),
                tap=True,
                targets=(TARGET_PLAYER,),
            ),
        ),
    ),
    card(
        "Assassinate",
        "{2}{B}",
        "Sorcery",
        "Destroy target tapped creature.",
        spell=SpellAbility(targets=(TARGET_TAPPED_CREATURE,), effects=(Destroy(0),)),
    ),
    card(
        "Black Knight",
        "{B}{B}",
        "Creature — Human Knight",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nProtection from white (This creature can't be blocked, targeted, dealt "
        "damage, or enchanted by anything white.)",
        pt=(2, 2),
        abilities=(FirstStrike(), Protection(color="W")),
    ),
    card(
        "Bog Wraith",
        "{3}{B}",
        "Creature — Wraith",
        "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)",
        pt=(3, 3),
        abilities=(Swampwalk(),),
    ),
    card(
        "Cemetery Reaper",
        "{1}{B}{B}",
        "Creature — Zombie",
        "Other Zombie creatures you control get +1/+1.\n{2}{B}, {T}: Exile target creature "
        "card from a graveyard. Create a 2/2 black Zombie creature token.",
        pt=(2, 2),
        abilities=(
            CreaturesGet(
                1,
                1,
                subtype="Zombie",
                other=True,
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{B}"),
                (MoveTargetCard("exile"), CreateTokens(token("Zombie", "B", pt=(2, 2)))),
                tap=True,
                targets=(TARGET_CREATURE_CARD_IN_A_GRAVEYARD,),
            ),
        ),
    ),
    card(
        "Child of Night",
        "{1}{B}",
        "Creature — Vampire",
        "Lifelink",
        pt=(2, 1),
        abilities=(Lifelink(),),
    ),
    card(
        "Consume Spirit",
        "{X}{1}{B}",
        "Sorcery",
        "Spend only black mana on X.\nConsume Spirit deals X damage to any target and you "
        "gain X life.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(X), GainLife(X))),
        x_color="B",
    ),
    card(
        "Deathmark",
        "{B}",
        "Sorcery",
        "Destroy target green or white creature.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE, "target green or white creature", colors=("G", "W")
                ),
            ),
            effects=(Destroy(0),),
        ),
    ),
    card(
        "Diabolic Tutor",
        "{2}{B}{B}",
        "Sorcery",
        "Search your library for a card, put that card into your hand, then shuffle.",
        spell=SpellAbility(effects=(SearchLibraryToHand(),)),
    ),
    card(
        "Disentomb",
        "{B}",
        "Sorcery",
        "Return target creature card from your graveyard to your hand.",
        spell=SpellAbility(
            targets=(TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD,), effects=(MoveTargetCard("hand"),)
        ),
    ),
    card(
        "Doom Blade",
        "{1}{B}",
        "Instant",
        "Destroy target nonblack creature.",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "target nonblack creature", exclude_colors=("B",)),
            ),
            effects=(Destroy(0),),
        ),
    ),
    card(
        "Dread Warlock",
        "{1}{B}{B}",
        "Creature — Human Wizard Warlock",
        "Dread Warlock can't be blocked except by black creatures.",
        pt=(2, 2),
        abilities=(CantBeBlockedExceptBy(("B",)),),
    ),
    card(
        "Drudge Skeletons",
        "{1}{B}",
        "Creature — Skeleton",
        "{B}: Regenerate Drudge Skeletons. (The next time this creature would be destroyed "
        "this turn, it isn't. Instead tap it, remove all damage from it, and remove it from "
        "combat.)",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{B}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card(
        "Duress",
        "{B}",
        "Sorcery",
        "Target opponent reveals their hand. You choose a noncreature, nonland card from it. "
        "That player discards that card.",
        spell=SpellAbility(
            targets=(TARGET_OPPONENT,),
            effects=(RevealHandChooseDiscard(exclude_types=("Creature", "Land")),),
        ),
    ),
    card(
        "Gravedigger",
        "{3}{B}",
        "Creature — Zombie",
        "When Gravedigger enters the battlefield, you may return target creature card from "
        "your graveyard to your hand.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (MoveTargetCard("hand"),),
                targets=(TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD,),
                optional=True,
            ),
        ),
    ),
    card(
        "Haunting Echoes",
        "{3}{B}{B}",
        "Sorcery",
        "Exile all cards from target player's graveyard other than basic land cards. For each "
        "card exiled this way, search that player's library for all cards with the same name "
        "as that card and exile them. Then that player shuffles.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(ExileGraveyardAndNamesakes(),)),
    ),
    card(
        "Howling Banshee",
        "{2}{B}{B}",
        "Creature — Spirit",
        "Flying\nWhen Howling Banshee enters the battlefield, each player loses 3 life.",
        pt=(3, 3),
        abilities=(
            Flying(),
            TriggeredAbility(
                WhenEnters(),
                (EachPlayerLosesLife(3),),
            ),
        ),
    ),
    card(
        "Hypnotic Specter",
        "{1}{B}{B}",
        "Creature — Specter",
        "Flying\nWhenever Hypnotic Specter deals damage to an opponent, that player discards a "
        "card at random.",
        pt=(2, 2),
        abilities=(
            Flying(),
            TriggeredAbility(
                WheneverDealsDamageToOpponent(),
                (DiscardAtRandom(1, player=THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Kelinore Bat",
        "{2}{B}",
        "Creature — Bat",
        "Flying",
        pt=(2, 1),
        abilities=(Flying(),),
    ),
    card(
        "Liliana Vess",
        "{3}{B}{B}",
        "Legendary Planeswalker — Liliana",
        "[+1]: Target player discards a card.\n"
        "[−2]: Search your library for a card, then shuffle and put that card on top.\n"
        "[−8]: Put all creature cards from all graveyards onto the battlefield under your "
        "control.",
        loyalty=5,
        abilities=(
            LoyaltyAbility(
                effects=(Discard(1),),
                loyalty=1,
                targets=(TARGET_PLAYER,),
            ),
            LoyaltyAbility(effects=(SearchLibraryToTop(),), loyalty=-2),
            LoyaltyAbility(
                effects=(ReturnAllCreatureCardsFromGraveyards(),),
                loyalty=-8,
            ),
        ),
    ),
    card(
        "Looming Shade",
        "{2}{B}",
        "Creature — Shade",
        "{B}: Looming Shade gets +1/+1 until end of turn.",
        pt=(1, 1),
        abilities=(pumps_itself("{B}", 1, 1),),
    ),
    card(
        "Megrim",
        "{2}{B}",
        "Enchantment",
        "Whenever an opponent discards a card, Megrim deals 2 damage to that player.",
        abilities=(
            TriggeredAbility(
                WheneverDiscards(by="an opponent"),
                (DealDamage(2, target=THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Mind Rot",
        "{2}{B}",
        "Sorcery",
        "Target player discards two cards.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(Discard(2),)),
    ),
    card(
        "Mind Shatter",
        "{X}{B}{B}",
        "Sorcery",
        "Target player discards X cards at random.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(DiscardAtRandom(X),)),
    ),
    card(
        "Nightmare",
        "{5}{B}",
        "Creature — Nightmare Horse",
        "Flying (This creature can't be blocked except by creatures with flying or reach.)\n"
        "Nightmare's power and toughness are each equal to the number of Swamps you control.",
        pt=("*", "*"),
        abilities=(
            Flying(),
            PowerToughnessEqualToCount(
                "Land",
                subtype="Swamp",
            ),
        ),
    ),
    card(
        "Relentless Rats",
        "{1}{B}{B}",
        "Creature — Rat",
        "Relentless Rats gets +1/+1 for each other creature on the battlefield named "
        "Relentless Rats.\nA deck can have any number of cards named Relentless Rats.",
        pt=(2, 2),
        abilities=(
            GetsForEachOtherCreatureNamed(
                "Relentless Rats",
                text="Relentless Rats gets +1/+1 for each other creature on the battlefield "
                "named Relentless Rats.",
            ),
        ),
        copies_in_deck="any",
    ),
    card(
        "Rise from the Grave",
        "{4}{B}",
        "Sorcery",
        "Put target creature card from a graveyard onto the battlefield under your control. "
        "That creature is a black Zombie in addition to its other colors and types.",
        spell=SpellAbility(
            targets=(TARGET_CREATURE_CARD_IN_A_GRAVEYARD,),
            effects=(PutTargetCardOntoBattlefield(also_colors=("B",), also_subtypes=("Zombie",)),),
        ),
    ),
    card(
        "Royal Assassin",
        "{1}{B}{B}",
        "Creature — Human Assassin",
        "{T}: Destroy target tapped creature.",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (Destroy(0),),
                tap=True,
                targets=(TARGET_TAPPED_CREATURE,),
            ),
        ),
    ),
    card(
        "Sanguine Bond",
        "{3}{B}{B}",
        "Enchantment",
        "Whenever you gain life, target opponent loses that much life.",
        abilities=(
            TriggeredAbility(
                WheneverYouGainLife(),
                (LoseLife(THAT_MUCH),),
                targets=(TARGET_OPPONENT,),
            ),
        ),
    ),
    card(
        "Sign in Blood",
        "{B}{B}",
        "Sorcery",
        "Target player draws two cards and loses 2 life.",
        spell=SpellAbility(
            targets=(TARGET_PLAYER,), effects=(DrawCards(2, player=0), LoseLife(2, player=0))
        ),
    ),
    card(
        "Soul Bleed",
        "{2}{B}",
        "Enchantment — Aura",
        "Enchant creature\nAt the beginning of the upkeep of enchanted creature's controller, "
        "that player loses 1 life.",
        abilities=(
            Enchant(TARGET_CREATURE),
            TriggeredAbility(
                AtBeginningOf("upkeep", enchanted_controller=True),
                (LoseLife(1, player=THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Tendrils of Corruption",
        "{3}{B}",
        "Instant",
        "Tendrils of Corruption deals X damage to target creature and you gain X life, where "
        "X is the number of Swamps you control.",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(
                DealDamage(CountPermanents(subtype="Swamp")),
                GainLife(CountPermanents(subtype="Swamp")),
            ),
        ),
    ),
    card(
        "Underworld Dreams",
        "{B}{B}{B}",
        "Enchantment",
        "Whenever an opponent draws a card, Underworld Dreams deals 1 damage to that player.",
        abilities=(
            TriggeredAbility(
                WheneverDraws(by="an opponent"),
                (DealDamage(1, target=THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Unholy Strength",
        "{B}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +2/+1.",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(2, 1),
        ),
    ),
    card(
        "Vampire Aristocrat",
        "{2}{B}",
        "Creature — Vampire Rogue Noble",
        "Sacrifice a creature: Vampire Aristocrat gets +2/+2 until end of turn.",
        pt=(2, 2),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (PumpTarget(2, 2, target=SELF),),
                costs=(Sacrifice(),),
            ),
        ),
    ),
    card(
        "Vampire Nocturnus",
        "{1}{B}{B}{B}",
        "Creature — Vampire",
        "Play with the top card of your library revealed.\nAs long as the top card of your "
        "library is black, Vampire Nocturnus and other Vampire creatures you control get "
        "+2/+1 and have flying.",
        pt=(3, 3),
        abilities=(
            PlayWithTopOfLibraryRevealed(),
            ThisAndOthersGetAsLongAs(
                2,
                1,
                TopOfYourLibraryIs("B"),
                "Vampire",
                Flying(),
            ),
        ),
    ),
    card(
        "Wall of Bone",
        "{2}{B}",
        "Creature — Skeleton Wall",
        "Defender (This creature can't attack.)\n{B}: Regenerate Wall of Bone. (The next time "
        "this creature would be destroyed this turn, it isn't. Instead tap it, remove all "
        "damage from it, and remove it from combat.)",
        pt=(1, 4),
        abilities=(
            Defender(),
            ActivatedAbility(
                ManaCost.parse("{B}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card("Warpath Ghoul", "{2}{B}", "Creature — Zombie", pt=(3, 2)),
    card(
        "Weakness",
        "{B}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets -2/-1.",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(-2, -1),
        ),
    ),
    card(
        "Xathrid Demon",
        "{3}{B}{B}{B}",
        "Creature — Demon",
        "Flying, trample\nAt the beginning of your upkeep, sacrifice a creature other than "
        "Xathrid Demon, then each opponent loses life equal to the sacrificed creature's "
        "power. If you can't sacrifice a creature, tap Xathrid Demon and you lose 7 life.",
        pt=(7, 7),
        abilities=(
            Flying(),
            Trample(),
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (SacrificeAnotherElseTapAndLoseLife(7),),
                text="At the beginning of your upkeep, sacrifice a creature other than Xathrid "
                "Demon, then each opponent loses life equal to the sacrificed creature's power. "
                "If you can't sacrifice a creature, tap Xathrid Demon and you lose 7 life.",
            ),
        ),
    ),
    card("Zombie Goliath", "{4}{B}", "Creature — Zombie Giant", pt=(4, 3)),
)

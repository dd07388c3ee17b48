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
        "Assassinate", spell=SpellAbility(targets=(TARGET_TAPPED_CREATURE,), effects=(Destroy(0),))
    ),
    card("Black Knight", abilities=(FirstStrike(), Protection(color="W"))),
    card("Bog Wraith", abilities=(Swampwalk(),)),
    card(
        "Cemetery Reaper",
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
    card("Child of Night", abilities=(Lifelink(),)),
    card(
        "Consume Spirit",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(X), GainLife(X))),
        x_color="B",
    ),
    card(
        "Deathmark",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE, "target green or white creature", colors=("G", "W")
                ),
            ),
            effects=(Destroy(0),),
        ),
    ),
    card("Diabolic Tutor", spell=SpellAbility(effects=(SearchLibraryToHand(),))),
    card(
        "Disentomb",
        spell=SpellAbility(
            targets=(TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD,), effects=(MoveTargetCard("hand"),)
        ),
    ),
    card(
        "Doom Blade",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "target nonblack creature", exclude_colors=("B",)),
            ),
            effects=(Destroy(0),),
        ),
    ),
    card("Dread Warlock", abilities=(CantBeBlockedExceptBy(("B",)),)),
    card(
        "Drudge Skeletons",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{B}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card(
        "Duress",
        spell=SpellAbility(
            targets=(TARGET_OPPONENT,),
            effects=(RevealHandChooseDiscard(exclude_types=("Creature", "Land")),),
        ),
    ),
    card(
        "Gravedigger",
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
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(ExileGraveyardAndNamesakes(),)),
    ),
    card(
        "Howling Banshee",
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
        abilities=(
            Flying(),
            TriggeredAbility(
                WheneverDealsDamageToOpponent(),
                (DiscardAtRandom(1, player=THAT_PLAYER),),
            ),
        ),
    ),
    card("Kelinore Bat", abilities=(Flying(),)),
    card(
        "Liliana Vess",
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
    card("Looming Shade", abilities=(pumps_itself("{B}", 1, 1),)),
    card(
        "Megrim",
        abilities=(
            TriggeredAbility(
                WheneverDiscards(by="an opponent"),
                (DealDamage(2, target=THAT_PLAYER),),
            ),
        ),
    ),
    card("Mind Rot", spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(Discard(2),))),
    card(
        "Mind Shatter", spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(DiscardAtRandom(X),))
    ),
    card(
        "Nightmare",
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
        spell=SpellAbility(
            targets=(TARGET_CREATURE_CARD_IN_A_GRAVEYARD,),
            effects=(PutTargetCardOntoBattlefield(also_colors=("B",), also_subtypes=("Zombie",)),),
        ),
    ),
    card(
        "Royal Assassin",
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
        spell=SpellAbility(
            targets=(TARGET_PLAYER,), effects=(DrawCards(2, player=0), LoseLife(2, player=0))
        ),
    ),
    card(
        "Soul Bleed",
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
        abilities=(
            TriggeredAbility(
                WheneverDraws(by="an opponent"),
                (DealDamage(1, target=THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Unholy Strength",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(2, 1),
        ),
    ),
    card(
        "Vampire Aristocrat",
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
        abilities=(
            Defender(),
            ActivatedAbility(
                ManaCost.parse("{B}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card("Warpath Ghoul"),
    card(
        "Weakness",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(-2, -1),
        ),
    ),
    card(
        "Xathrid Demon",
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
    card("Zombie Goliath"),
)

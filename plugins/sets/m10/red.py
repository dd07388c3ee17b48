"""Magic 2010 (M10): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ANY_NUMBER,
    ANY_TARGET,
    ENCHANTED,
    SELF,
    TARGET_CREATURE,
    TARGET_PLAYER_OR_PLANESWALKER,
    THAT_CREATURE,
    THAT_PLAYER,
    YOU,
    ActivatedAbility,
    AtBeginningOf,
    AttacksEachCombat,
    CantAttackOrBlockAlone,
    CantBlockThisTurn,
    CountPermanents,
    CreateDelayedTrigger,
    CreateTokens,
    CreaturesGet,
    DamageEachCreature,
    DamageEachCreatureAndEachPlayer,
    DamageEachCreatureOf,
    DealDamage,
    DealDamageToEach,
    DealDividedDamage,
    Destroy,
    DestroyAtNextEndStep,
    EachOpponentSacrifices,
    EachPlayerDraws,
    GainControl,
    GainsUntilEndOfTurn,
    LoyaltyAbility,
    PumpAll,
    PumpTarget,
    ReturnSelfFromGraveyardToHand,
    Sacrifice,
    SacrificeSelf,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    UntapTarget,
    WhenDies,
    WhenEnters,
    WheneverBlocksOrBecomesBlockedByACreature,
    WheneverTapsForMana,
    X,
    YourPermanentsHave,
    card,
    token,
)
from manaweave.keywords.defender import Defender
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flash import Flash
from manaweave.keywords.flying import Flying
from manaweave.keywords.haste import Haste
from manaweave.keywords.trample import Trample

from ._helpers import pumps_itself
from .burning_inquiry import EachPlayerDiscardsAtRandom
from .capricious_efreet import DestroyOneAtRandom
from .dragon_whelp import IfActivatedThisTurnAtLeast
from .fireball import CostsMorePerTargetBeyondFirst, DealDamageDividedEvenly
from .warp_world import EachPlayerShufflesPermanentsAndRevealsThatMany

CARDS = (
    card(
        "Act of Treason",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(GainControl(), UntapTarget(), GainsUntilEndOfTurn(Haste())),
        ),
    ),
    card(
        "Ball Lightning",
        abilities=(
            Trample(),
            Haste(),
            TriggeredAbility(
                AtBeginningOf("end", each_player=True),
                (SacrificeSelf(),),
            ),
        ),
    ),
    card("Berserkers of Blood Ridge", abilities=(AttacksEachCombat(),)),
    card(
        "Bogardan Hellkite",
        abilities=(
            Flash(),
            Flying(),
            TriggeredAbility(
                WhenEnters(),
                (DealDividedDamage(5),),
                # Each target gets at least 1 of the 5 (601.2d), so at most five.
                targets=(TargetSpec(TargetKind.ANY, "any number of targets", count=5, minimum=0),),
            ),
        ),
    ),
    card(
        "Burning Inquiry",
        spell=SpellAbility(effects=(EachPlayerDraws(3), EachPlayerDiscardsAtRandom(3))),
    ),
    card("Burst of Speed", spell=SpellAbility(effects=(PumpAll(0, 0, gains=(Haste(),)),))),
    card("Canyon Minotaur"),
    card(
        "Capricious Efreet",
        abilities=(
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (DestroyOneAtRandom(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target nonland permanent you control",
                        exclude_types=("Land",),
                        yours=True,
                    ),
                    # In the game variants there are (two players, free-for-all) every
                    # other player is an opponent, so "you don't control" is "an opponent
                    # controls".
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "up to two target nonland permanents you don't control",
                        exclude_types=("Land",),
                        opponent=True,
                        count=2,
                        minimum=0,
                    ),
                ),
            ),
        ),
    ),
    card(
        "Chandra Nalaar",
        abilities=(
            LoyaltyAbility(
                effects=(DealDamage(1),),
                loyalty=1,
                targets=(TARGET_PLAYER_OR_PLANESWALKER,),
            ),
            LoyaltyAbility(effects=(DealDamage(X),), loyalty=None, targets=(TARGET_CREATURE,)),
            LoyaltyAbility(
                effects=(DamageEachCreatureOf(10, and_the_target=True),),
                loyalty=-8,
                targets=(TARGET_PLAYER_OR_PLANESWALKER,),
            ),
        ),
    ),
    card(
        "Dragon Whelp",
        abilities=(
            Flying(),
            ActivatedAbility(
                ManaCost.parse("{R}"),
                (
                    PumpTarget(1, 0, target=SELF),
                    IfActivatedThisTurnAtLeast(
                        4,
                        (
                            CreateDelayedTrigger(
                                TriggeredAbility(
                                    AtBeginningOf("end", each_player=True),
                                    (SacrificeSelf(),),
                                    text="At the beginning of the next end step, sacrifice "
                                    "Dragon Whelp.",
                                )
                            ),
                        ),
                    ),
                ),
            ),
        ),
    ),
    card(
        "Earthquake",
        spell=SpellAbility(effects=(DamageEachCreatureAndEachPlayer(X, creatures_without=Flying),)),
    ),
    card("Fiery Hellhound", abilities=(pumps_itself("{R}", 1, 0),)),
    card(
        "Fireball",
        abilities=(
            CostsMorePerTargetBeyondFirst(
                1, text="This spell costs {1} more to cast for each target beyond the first."
            ),
        ),
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.ANY, "any number of targets", count=ANY_NUMBER, minimum=0),
            ),
            effects=(DealDamageDividedEvenly(X),),
        ),
    ),
    card(
        "Firebreathing",
        abilities=(
            Enchant(TARGET_CREATURE),
            ActivatedAbility(
                ManaCost.parse("{R}"),
                (PumpTarget(1, 0, target=ENCHANTED),),
            ),
        ),
    ),
    card(
        "Goblin Artillery",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamageToEach(((2, 0), (3, YOU))),),
                tap=True,
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    card(
        "Goblin Chieftain",
        abilities=(
            Haste(),
            CreaturesGet(
                1,
                1,
                subtype="Goblin",
                other=True,
                text="Other Goblin creatures you control get +1/+1 and have haste.",
            ),
            YourPermanentsHave(
                "Goblin",
                Haste(),
                card_type="Creature",
                other=True,
                text="Other Goblin creatures you control get +1/+1 and have haste.",
            ),
        ),
    ),
    card("Goblin Piker"),
    card(
        "Ignite Disorder",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE,
                    "one, two, or three target white and/or blue creatures",
                    colors=("W", "U"),
                    count=3,
                    minimum=1,
                ),
            ),
            effects=(DealDividedDamage(3),),
        ),
    ),
    card(
        "Inferno Elemental",
        abilities=(
            TriggeredAbility(
                WheneverBlocksOrBecomesBlockedByACreature(),
                (DealDamage(3, target=THAT_CREATURE),),
            ),
        ),
    ),
    card("Jackal Familiar", abilities=(CantAttackOrBlockAlone(),)),
    card(
        "Kindled Fury",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(PumpTarget(1, 0), GainsUntilEndOfTurn(FirstStrike())),
        ),
    ),
    card(
        "Lava Axe",
        spell=SpellAbility(targets=(TARGET_PLAYER_OR_PLANESWALKER,), effects=(DealDamage(5),)),
    ),
    card("Lightning Bolt", spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(3),))),
    card("Lightning Elemental", abilities=(Haste(),)),
    card(
        "Magma Phoenix",
        abilities=(
            Flying(),
            TriggeredAbility(
                WhenDies(),
                (DamageEachCreatureAndEachPlayer(3),),
            ),
            ActivatedAbility(
                ManaCost.parse("{3}{R}{R}"),
                (ReturnSelfFromGraveyardToHand(),),
                zone="graveyard",
            ),
        ),
    ),
    card(
        "Manabarbs",
        abilities=(
            TriggeredAbility(
                WheneverTapsForMana(),
                (DealDamage(1, target=THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Panic Attack",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "up to three target creatures", count=3, minimum=0),
            ),
            effects=(CantBlockThisTurn(),),
        ),
    ),
    card(
        "Prodigal Pyromancer",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    card("Pyroclasm", spell=SpellAbility(effects=(DamageEachCreature(2),))),
    card("Raging Goblin", abilities=(Haste(),)),
    card(
        "Seismic Strike",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(DealDamage(CountPermanents(subtype="Mountain")),),
        ),
    ),
    card(
        "Shatter",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.PERMANENT, "target artifact", types=("Artifact",)),),
            effects=(Destroy(0),),
        ),
    ),
    card(
        "Shivan Dragon",
        abilities=(
            Flying(),
            pumps_itself("{R}", 1, 0),
        ),
    ),
    card(
        "Siege-Gang Commander",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (CreateTokens(token("Goblin", "R", pt=(1, 1)), 3),),
            ),
            ActivatedAbility(
                ManaCost.parse("{1}{R}"),
                (DealDamage(2),),
                targets=(ANY_TARGET,),
                costs=(Sacrifice("Sacrifice a Goblin", types=(), subtypes=("Goblin",)),),
            ),
        ),
    ),
    card(
        "Sparkmage Apprentice",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (DealDamage(1),),
                targets=(ANY_TARGET,),
            ),
        ),
    ),
    card(
        "Stone Giant",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (GainsUntilEndOfTurn(Flying()), DestroyAtNextEndStep()),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.CREATURE,
                        "target creature you control with toughness less than Stone Giant's power",
                        yours=True,
                        toughness_below_source_power=True,
                    ),
                ),
            ),
        ),
    ),
    card("Trumpet Blast", spell=SpellAbility(effects=(PumpAll(2, 0, attacking=True),))),
    card("Viashino Spearhunter", abilities=(FirstStrike(),)),
    card(
        "Wall of Fire",
        abilities=(
            Defender(),
            pumps_itself("{R}", 1, 0),
        ),
    ),
    card(
        "Warp World",
        spell=SpellAbility(effects=(EachPlayerShufflesPermanentsAndRevealsThatMany(),)),
    ),
    card(
        "Yawning Fissure",
        spell=SpellAbility(effects=(EachOpponentSacrifices(("Land",), "a land"),)),
    ),
)

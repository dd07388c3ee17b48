"""Magic 2010 (M10): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    TARGET_CREATURE,
    TARGET_TAPPED_CREATURE,
    ActivatedAbility,
    AllAbleBlockIt,
    AtBeginningOf,
    Becomes,
    CantBeCountered,
    CountPermanents,
    CreateDelayedTrigger,
    CreateTokens,
    CreaturesGet,
    DamageEachCreature,
    Destroy,
    DoesntUntap,
    DrawCards,
    EnchantedGets,
    EntersWithCounters,
    GainLife,
    LoyaltyAbility,
    ManaAbility,
    ManaForEachPermanent,
    MayPutFromHandOntoBattlefield,
    MoveTargetCard,
    PreventDamageThisTurn,
    PumpAll,
    PumpTarget,
    PutCounters,
    Regenerate,
    SearchLibraryOntoBattlefield,
    SearchLibraryToHand,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    UntapTarget,
    WhenEnters,
    WheneverAttacks,
    WheneverCast,
    WheneverCounterRemoved,
    X,
    card,
    token,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.flying import Flying
from manaweave.keywords.landwalk import Forestwalk
from manaweave.keywords.protection import protection_from
from manaweave.keywords.reach import Reach
from manaweave.keywords.shroud import Shroud
from manaweave.keywords.trample import Trample
from manaweave.lowlevel import Duration

from .lurking_predators import RevealTopPutTypeOntoBattlefield
from .master_of_the_wild_hunt import TappedCreaturesTradeDamageWithTarget
from .protean_hydra import PreventDamageRemovingCounters

CARDS = (
    card(
        "Acidic Slime",
        abilities=(
            Deathtouch(),
            TriggeredAbility(
                WhenEnters(),
                (Destroy(0),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target artifact, enchantment, or land",
                        types=("Artifact", "Enchantment", "Land"),
                    ),
                ),
            ),
        ),
    ),
    card(
        "Ant Queen",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{1}{G}"),
                (CreateTokens(token("Insect", "G", pt=(1, 1))),),
            ),
        ),
    ),
    card(
        "Awakener Druid",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (
                    Becomes(
                        types=("Creature",),
                        subtypes=("Treefolk",),
                        colors=("G",),
                        pt=(4, 5),
                        duration=Duration.WHILE_SOURCE_ON_BATTLEFIELD,
                    ),
                ),
                targets=(TargetSpec(TargetKind.PERMANENT, "target Forest", subtypes=("Forest",)),),
            ),
        ),
    ),
    card(
        "Birds of Paradise",
        abilities=(
            Flying(),
            ManaAbility((("W",), ("U",), ("B",), ("R",), ("G",))),
        ),
    ),
    card(
        "Borderland Ranger",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (SearchLibraryToHand(card_type="Land", basic=True),),
                optional=True,
            ),
        ),
    ),
    card(
        "Bountiful Harvest",
        spell=SpellAbility(effects=(GainLife(CountPermanents(card_type="Land")),)),
    ),
    card(
        "Bramble Creeper",
        abilities=(
            TriggeredAbility(
                WheneverAttacks(),
                (PumpTarget(5, 0, target=SELF),),
            ),
        ),
    ),
    card("Centaur Courser"),
    card("Craw Wurm"),
    card(
        "Cudgel Troll",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card(
        "Deadly Recluse",
        abilities=(
            Reach(),
            Deathtouch(),
        ),
    ),
    card(
        "Elvish Archdruid",
        abilities=(
            CreaturesGet(1, 1, subtype="Elf", other=True),
            ManaForEachPermanent((("G",),), subtype="Elf"),
        ),
    ),
    card(
        "Elvish Piper",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (MayPutFromHandOntoBattlefield(),),
                tap=True,
            ),
        ),
    ),
    card(
        "Elvish Visionary",
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (DrawCards(1),),
            ),
        ),
    ),
    card("Emerald Oryx", abilities=(Forestwalk(),)),
    card("Enormous Baloth"),
    card(
        "Entangling Vines",
        abilities=(
            Enchant(
                TARGET_TAPPED_CREATURE,
            ),
            DoesntUntap(),
        ),
    ),
    card(
        "Fog",
        spell=SpellAbility(
            effects=(
                PreventDamageThisTurn(
                    combat_only=True,
                    wording="Prevent all combat damage that would be dealt this turn.",
                ),
            )
        ),
    ),
    card(
        "Garruk Wildspeaker",
        abilities=(
            LoyaltyAbility(
                effects=(UntapTarget(0), UntapTarget(1)),
                loyalty=1,
                targets=(
                    TargetSpec(TargetKind.PERMANENT, "two target lands", types=("Land",), count=2),
                ),
            ),
            LoyaltyAbility(effects=(CreateTokens(token("Beast", "G", pt=(3, 3))),), loyalty=-1),
            LoyaltyAbility(effects=(PumpAll(3, 3, gains=(Trample(),)),), loyalty=-4),
        ),
    ),
    card(
        "Giant Growth", spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(3, 3),))
    ),
    card("Giant Spider", abilities=(Reach(),)),
    card(
        "Great Sable Stag",
        abilities=(
            CantBeCountered(text="This spell can't be countered."),
            *protection_from("U", "B"),
        ),
    ),
    card(
        "Howl of the Night Pack",
        spell=SpellAbility(
            effects=(
                CreateTokens(token("Wolf", "G", pt=(2, 2)), CountPermanents(subtype="Forest")),
            )
        ),
    ),
    card("Kalonian Behemoth", abilities=(Shroud(),)),
    card("Llanowar Elves", abilities=(ManaAbility((("G",),)),)),
    card(
        "Lurking Predators",
        abilities=(
            TriggeredAbility(
                WheneverCast(by="an opponent"),
                (RevealTopPutTypeOntoBattlefield("Creature"),),
            ),
        ),
    ),
    card(
        "Master of the Wild Hunt",
        abilities=(
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (CreateTokens(token("Wolf", "G", pt=(2, 2))),),
            ),
            ActivatedAbility(
                ManaCost.parse(""),
                (TappedCreaturesTradeDamageWithTarget("Wolf"),),
                tap=True,
                targets=(TARGET_CREATURE,),
            ),
        ),
    ),
    card(
        "Might of Oaks", spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(7, 7),))
    ),
    card("Mist Leopard", abilities=(Shroud(),)),
    card(
        "Mold Adder",
        abilities=(
            TriggeredAbility(
                WheneverCast(by="an opponent", colors=("U", "B")),
                (PutCounters("+1/+1", target=SELF),),
                optional=True,
            ),
        ),
    ),
    card(
        "Naturalize",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.PERMANENT,
                    "target artifact or enchantment",
                    types=("Artifact", "Enchantment"),
                ),
            ),
            effects=(Destroy(),),
        ),
    ),
    card(
        "Nature's Spiral",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CARD_IN_GRAVEYARD,
                    "target permanent card from your graveyard",
                    types=("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"),
                    yours=True,
                ),
            ),
            effects=(MoveTargetCard("hand"),),
        ),
    ),
    card(
        "Oakenform",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(3, 3),
        ),
    ),
    card("Overrun", spell=SpellAbility(effects=(PumpAll(3, 3, gains=(Trample(),)),))),
    card("Prized Unicorn", abilities=(AllAbleBlockIt(),)),
    card(
        "Protean Hydra",
        abilities=(
            EntersWithCounters(
                "+1/+1",
                "X",
            ),
            PreventDamageRemovingCounters(
                "+1/+1",
            ),
            TriggeredAbility(
                WheneverCounterRemoved("+1/+1"),
                (
                    CreateDelayedTrigger(
                        TriggeredAbility(
                            AtBeginningOf("end", each_player=True),
                            (PutCounters("+1/+1", 2, target=SELF),),
                            text="At the beginning of the next end step, put two +1/+1 "
                            "counters on Protean Hydra.",
                        )
                    ),
                ),
            ),
        ),
    ),
    card(
        "Rampant Growth",
        spell=SpellAbility(
            effects=(SearchLibraryOntoBattlefield("Land", basic=True, tapped=True),)
        ),
    ),
    card("Regenerate", spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Regenerate(0),))),
    card("Runeclaw Bear"),
    card("Stampeding Rhino", abilities=(Trample(),)),
    card("Windstorm", spell=SpellAbility(effects=(DamageEachCreature(X, having=Flying),))),
)

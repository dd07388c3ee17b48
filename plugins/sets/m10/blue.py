"""Magic 2010 (M10): the blue cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    TARGET_CREATURE,
    TARGET_INSTANT_OR_SORCERY_SPELL,
    TARGET_PLAYER,
    TARGET_SPELL,
    THAT_CREATURE,
    THAT_PLAYER,
    YOU,
    ActivatedAbility,
    AsEntersChooseBasicLandType,
    AttacksYouThisTurnIfAble,
    CantAttackUnlessDefenderControls,
    CantBeBlocked,
    ControlEnchanted,
    CopyTargetSpell,
    CounterSpell,
    CreaturesGet,
    Destroy,
    Discard,
    DoesntUntapDuringNextUntapStep,
    DrawCards,
    EachPlayerDraws,
    EnchantedCantAttackOrBlock,
    EnchantedLandIsChosenType,
    EntersAsCopy,
    EntersWithCounters,
    ExtraTurn,
    GainsUntilEndOfTurn,
    HalfLibrary,
    LookAtTopInAnyOrder,
    LoyaltyAbility,
    Mill,
    OpponentsPlayWithHandsRevealed,
    PowerToughnessEqualToCount,
    PumpTarget,
    RemoveCountersFromThis,
    ReturnToOwnersHand,
    SacrificeSelf,
    SearchLibraryToHand,
    SpellAbility,
    TapAllCreaturesOf,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenBecomesTarget,
    WhenEnchantedBecomesTarget,
    WhenEnters,
    WheneverBlocksACreature,
    WheneverCast,
    WheneverDealsCombatDamageToPlayer,
    X,
    YourPermanentsHave,
    card,
)
from manaweave.keywords.defender import Defender
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.flying import Flying

from .djinn_of_wishes import RevealTopMayPlayFree
from .hive_mind import EachOtherPlayerCopiesThatSpell
from .polymorph import ItsControllerRevealsUntilCreature
from .sphinx_ambassador import SearchTheirLibraryUnlessTheyNameIt

CARDS = (
    card("Air Elemental", abilities=(Flying(),)),
    card(
        "Alluring Siren",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (AttacksYouThisTurnIfAble(0),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.CREATURE,
                        "target creature an opponent controls",
                        opponent=True,
                    ),
                ),
            ),
        ),
    ),
    card("Cancel", spell=SpellAbility(targets=(TARGET_SPELL,), effects=(CounterSpell(),))),
    card("Clone", abilities=(EntersAsCopy(),)),
    card(
        "Convincing Mirage",
        abilities=(
            Enchant(
                TargetSpec(TargetKind.PERMANENT, "target land", types=("Land",)),
            ),
            AsEntersChooseBasicLandType(),
            EnchantedLandIsChosenType(),
        ),
    ),
    card("Coral Merfolk"),
    card("Disorient", spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(-7, 0),))),
    card("Divination", spell=SpellAbility(effects=(DrawCards(2),))),
    card(
        "Djinn of Wishes",
        abilities=(
            Flying(),
            EntersWithCounters(
                "wish",
                3,
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{U}{U}"),
                (RevealTopMayPlayFree(),),
                costs=(
                    RemoveCountersFromThis(
                        "wish", text="Remove a wish counter from Djinn of Wishes"
                    ),
                ),
            ),
        ),
    ),
    card(
        "Essence Scatter",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.SPELL, "target creature spell", types=("Creature",)),),
            effects=(CounterSpell(),),
        ),
    ),
    card("Fabricate", spell=SpellAbility(effects=(SearchLibraryToHand(card_type="Artifact"),))),
    card(
        "Flashfreeze",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.SPELL, "target red or green spell", colors=("R", "G")),),
            effects=(CounterSpell(),),
        ),
    ),
    card(
        "Hive Mind",
        abilities=(
            TriggeredAbility(
                WheneverCast(card_types=("Instant", "Sorcery")),
                (EachOtherPlayerCopiesThatSpell(),),
            ),
        ),
    ),
    card("Horned Turtle"),
    card(
        "Ice Cage",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedCantAttackOrBlock(
                nor_activate=True,
            ),
            TriggeredAbility(
                WhenEnchantedBecomesTarget(),
                (Destroy(SELF),),
            ),
        ),
    ),
    card(
        "Illusionary Servant",
        abilities=(
            Flying(),
            TriggeredAbility(
                WhenBecomesTarget(),
                (SacrificeSelf(),),
            ),
        ),
    ),
    card(
        "Jace Beleren",
        abilities=(
            LoyaltyAbility(effects=(EachPlayerDraws(1),), loyalty=2),
            LoyaltyAbility(effects=(DrawCards(1, player=0),), loyalty=-1, targets=(TARGET_PLAYER,)),
            LoyaltyAbility(effects=(Mill(20, player=0),), loyalty=-10, targets=(TARGET_PLAYER,)),
        ),
    ),
    card(
        "Jump",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(GainsUntilEndOfTurn(Flying()),)),
    ),
    card("Levitation", abilities=(YourPermanentsHave(None, Flying(), card_type="Creature"),)),
    card(
        "Merfolk Looter",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DrawCards(1), Discard(1, player=YOU)),
                tap=True,
            ),
        ),
    ),
    card(
        "Merfolk Sovereign",
        abilities=(
            CreaturesGet(
                1,
                1,
                subtype="Merfolk",
                other=True,
            ),
            ActivatedAbility(
                ManaCost.parse(""),
                (
                    GainsUntilEndOfTurn(
                        CantBeBlocked(text="This creature can't be blocked this turn.")
                    ),
                ),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.CREATURE, "target Merfolk creature", subtypes=("Merfolk",)
                    ),
                ),
            ),
        ),
    ),
    card(
        "Mind Control",
        abilities=(
            Enchant(TARGET_CREATURE),
            ControlEnchanted(),
        ),
    ),
    card("Mind Spring", spell=SpellAbility(effects=(DrawCards(X),))),
    card(
        "Negate",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.SPELL, "target noncreature spell", exclude_types=("Creature",)
                ),
            ),
            effects=(CounterSpell(),),
        ),
    ),
    card("Phantom Warrior", abilities=(CantBeBlocked(),)),
    card(
        "Polymorph",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(Destroy(0, regenerable=False), ItsControllerRevealsUntilCreature(0)),
        ),
    ),
    card(
        "Ponder",
        spell=SpellAbility(effects=(LookAtTopInAnyOrder(3, may_shuffle=True), DrawCards(1))),
    ),
    card(
        "Sage Owl",
        abilities=(
            Flying(),
            TriggeredAbility(
                WhenEnters(),
                (LookAtTopInAnyOrder(4),),
            ),
        ),
    ),
    card(
        "Serpent of the Endless Sea",
        abilities=(
            PowerToughnessEqualToCount(
                "Land",
                subtype="Island",
            ),
            CantAttackUnlessDefenderControls(
                "Island",
            ),
        ),
    ),
    card(
        "Sleep",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(TapAllCreaturesOf(0, hold=True),)),
    ),
    card("Snapping Drake", abilities=(Flying(),)),
    card(
        "Sphinx Ambassador",
        abilities=(
            Flying(),
            TriggeredAbility(
                WheneverDealsCombatDamageToPlayer(),
                (SearchTheirLibraryUnlessTheyNameIt(THAT_PLAYER),),
            ),
        ),
    ),
    card("Telepathy", abilities=(OpponentsPlayWithHandsRevealed(),)),
    card("Time Warp", spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(ExtraTurn(0),))),
    card("Tome Scour", spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(Mill(5, player=0),))),
    card(
        "Traumatize",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(Mill(HalfLibrary(0), player=0),)),
    ),
    card(
        "Twincast",
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(CopyTargetSpell(0),),
        ),
    ),
    card(
        "Unsummon", spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(ReturnToOwnersHand(0),))
    ),
    card(
        "Wall of Frost",
        abilities=(
            Defender(),
            TriggeredAbility(
                WheneverBlocksACreature(),
                (DoesntUntapDuringNextUntapStep(THAT_CREATURE),),
            ),
        ),
    ),
    card("Wind Drake", abilities=(Flying(),)),
    card("Zephyr Sprite", abilities=(Flying(),)),
)

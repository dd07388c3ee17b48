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
    card(
        "Air Elemental",
        "{3}{U}{U}",
        "Creature — Elemental",
        "Flying",
        pt=(4, 4),
        abilities=(Flying(),),
    ),
    card(
        "Alluring Siren",
        "{1}{U}",
        "Creature — Siren",
        "{T}: Target creature an opponent controls attacks you this turn if able.",
        pt=(1, 1),
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
    card(
        "Cancel",
        "{1}{U}{U}",
        "Instant",
        "Counter target spell.",
        spell=SpellAbility(targets=(TARGET_SPELL,), effects=(CounterSpell(),)),
    ),
    card(
        "Clone",
        "{3}{U}",
        "Creature — Shapeshifter",
        "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
        pt=(0, 0),
        abilities=(EntersAsCopy(),),
    ),
    card(
        "Convincing Mirage",
        "{1}{U}",
        "Enchantment — Aura",
        "Enchant land\nAs Convincing Mirage enters the battlefield, choose a basic land "
        "type.\nEnchanted land is the chosen type.",
        abilities=(
            Enchant(
                TargetSpec(TargetKind.PERMANENT, "target land", types=("Land",)),
            ),
            AsEntersChooseBasicLandType(),
            EnchantedLandIsChosenType(),
        ),
    ),
    card("Coral Merfolk", "{1}{U}", "Creature — Merfolk", pt=(2, 1)),
    card(
        "Disorient",
        "{3}{U}",
        "Instant",
        "Target creature gets -7/-0 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(-7, 0),)),
    ),
    card(
        "Divination",
        "{2}{U}",
        "Sorcery",
        "Draw two cards.",
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Djinn of Wishes",
        "{3}{U}{U}",
        "Creature — Djinn",
        "Flying\nDjinn of Wishes enters the battlefield with three wish counters on it.\n"
        "{2}{U}{U}, Remove a wish counter from Djinn of Wishes: Reveal the top card of your "
        "library. You may play that card without paying its mana cost. If you don't, exile "
        "it.",
        pt=(4, 4),
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
        "{1}{U}",
        "Instant",
        "Counter target creature spell.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.SPELL, "target creature spell", types=("Creature",)),),
            effects=(CounterSpell(),),
        ),
    ),
    card(
        "Fabricate",
        "{2}{U}",
        "Sorcery",
        "Search your library for an artifact card, reveal it, put it into your hand, then shuffle.",
        spell=SpellAbility(effects=(SearchLibraryToHand(card_type="Artifact"),)),
    ),
    card(
        "Flashfreeze",
        "{1}{U}",
        "Instant",
        "Counter target red or green spell.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.SPELL, "target red or green spell", colors=("R", "G")),),
            effects=(CounterSpell(),),
        ),
    ),
    card(
        "Hive Mind",
        "{5}{U}",
        "Enchantment",
        "Whenever a player casts an instant or sorcery spell, each other player copies that "
        "spell. Each of those players may choose new targets for their copy.",
        abilities=(
            TriggeredAbility(
                WheneverCast(card_types=("Instant", "Sorcery")),
                (EachOtherPlayerCopiesThatSpell(),),
            ),
        ),
    ),
    card("Horned Turtle", "{2}{U}", "Creature — Turtle", pt=(1, 4)),
    card(
        "Ice Cage",
        "{1}{U}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature can't attack or block, and its activated "
        "abilities can't be activated.\nWhen enchanted creature becomes the target of a "
        "spell or ability, destroy Ice Cage.",
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
        "{1}{U}{U}",
        "Creature — Illusion",
        "Flying\nWhen Illusionary Servant becomes the target of a spell or ability, sacrifice it.",
        pt=(3, 4),
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
        "{1}{U}{U}",
        "Legendary Planeswalker — Jace",
        "[+2]: Each player draws a card.\n"
        "[−1]: Target player draws a card.\n"
        "[−10]: Target player mills twenty cards.",
        loyalty=3,
        abilities=(
            LoyaltyAbility(effects=(EachPlayerDraws(1),), loyalty=2),
            LoyaltyAbility(effects=(DrawCards(1, player=0),), loyalty=-1, targets=(TARGET_PLAYER,)),
            LoyaltyAbility(effects=(Mill(20, player=0),), loyalty=-10, targets=(TARGET_PLAYER,)),
        ),
    ),
    card(
        "Jump",
        "{U}",
        "Instant",
        "Target creature gains flying until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(GainsUntilEndOfTurn(Flying()),)),
    ),
    card(
        "Levitation",
        "{2}{U}{U}",
        "Enchantment",
        "Creatures you control have flying.",
        abilities=(YourPermanentsHave(None, Flying(), card_type="Creature"),),
    ),
    card(
        "Merfolk Looter",
        "{1}{U}",
        "Creature — Merfolk Rogue",
        "{T}: Draw a card, then discard a card.",
        pt=(1, 1),
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
        "{1}{U}{U}",
        "Creature — Merfolk Noble",
        "Other Merfolk creatures you control get +1/+1.\n{T}: Target Merfolk creature can't "
        "be blocked this turn.",
        pt=(2, 2),
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
        "{3}{U}{U}",
        "Enchantment — Aura",
        "Enchant creature\nYou control enchanted creature.",
        abilities=(
            Enchant(TARGET_CREATURE),
            ControlEnchanted(),
        ),
    ),
    card(
        "Mind Spring",
        "{X}{U}{U}",
        "Sorcery",
        "Draw X cards.",
        spell=SpellAbility(effects=(DrawCards(X),)),
    ),
    card(
        "Negate",
        "{1}{U}",
        "Instant",
        "Counter target noncreature spell.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.SPELL, "target noncreature spell", exclude_types=("Creature",)
                ),
            ),
            effects=(CounterSpell(),),
        ),
    ),
    card(
        "Phantom Warrior",
        "{1}{U}{U}",
        "Creature — Illusion Warrior",
        "Phantom Warrior can't be blocked.",
        pt=(2, 2),
        abilities=(CantBeBlocked(),),
    ),
    card(
        "Polymorph",
        "{3}{U}",
        "Sorcery",
        "Destroy target creature. It can't be regenerated. Its controller reveals cards "
        "from the top of their library until they reveal a creature card. The player puts "
        "that card onto the battlefield, then shuffles all other cards revealed this way "
        "into their library.",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(Destroy(0, regenerable=False), ItsControllerRevealsUntilCreature(0)),
        ),
    ),
    card(
        "Ponder",
        "{U}",
        "Sorcery",
        "Look at the top three cards of your library, then put them back in any order. You "
        "may shuffle.\nDraw a card.",
        spell=SpellAbility(effects=(LookAtTopInAnyOrder(3, may_shuffle=True), DrawCards(1))),
    ),
    card(
        "Sage Owl",
        "{1}{U}",
        "Creature — Bird",
        "Flying\nWhen Sage Owl enters the battlefield, look at the top four cards of your "
        "library, then put them back in any order.",
        pt=(1, 1),
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
        "{4}{U}",
        "Creature — Serpent",
        "Serpent of the Endless Sea's power and toughness are each equal to the number of "
        "Islands you control.\nSerpent of the Endless Sea can't attack unless defending "
        "player controls an Island.",
        pt=("*", "*"),
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
        "{2}{U}{U}",
        "Sorcery",
        "Tap all creatures target player controls. Those creatures don't untap during that "
        "player's next untap step.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(TapAllCreaturesOf(0, hold=True),)),
    ),
    card(
        "Snapping Drake",
        "{3}{U}",
        "Creature — Drake",
        "Flying (This creature can't be blocked except by creatures with flying or reach.)",
        pt=(3, 2),
        abilities=(Flying(),),
    ),
    card(
        "Sphinx Ambassador",
        "{5}{U}{U}",
        "Creature — Sphinx",
        "Flying\nWhenever Sphinx Ambassador deals combat damage to a player, search that "
        "player's library for a card, then that player chooses a card name. If you searched "
        "for a creature card that doesn't have that name, you may put it onto the battlefield "
        "under your control. Then that player shuffles.",
        pt=(5, 5),
        abilities=(
            Flying(),
            TriggeredAbility(
                WheneverDealsCombatDamageToPlayer(),
                (SearchTheirLibraryUnlessTheyNameIt(THAT_PLAYER),),
            ),
        ),
    ),
    card(
        "Telepathy",
        "{U}",
        "Enchantment",
        "Your opponents play with their hands revealed.",
        abilities=(OpponentsPlayWithHandsRevealed(),),
    ),
    card(
        "Time Warp",
        "{3}{U}{U}",
        "Sorcery",
        "Target player takes an extra turn after this one.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(ExtraTurn(0),)),
    ),
    card(
        "Tome Scour",
        "{U}",
        "Sorcery",
        "Target player mills five cards.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(Mill(5, player=0),)),
    ),
    card(
        "Traumatize",
        "{3}{U}{U}",
        "Sorcery",
        "Target player mills half their library, rounded down.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(Mill(HalfLibrary(0), player=0),)),
    ),
    card(
        "Twincast",
        "{U}{U}",
        "Instant",
        "Copy target instant or sorcery spell. You may choose new targets for the copy.",
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(CopyTargetSpell(0),),
        ),
    ),
    card(
        "Unsummon",
        "{U}",
        "Instant",
        "Return target creature to its owner's hand.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(ReturnToOwnersHand(0),)),
    ),
    card(
        "Wall of Frost",
        "{1}{U}{U}",
        "Creature — Wall",
        "Defender\nWhenever Wall of Frost blocks a creature, that creature doesn't untap "
        "during its controller's next untap step.",
        pt=(0, 7),
        abilities=(
            Defender(),
            TriggeredAbility(
                WheneverBlocksACreature(),
                (DoesntUntapDuringNextUntapStep(THAT_CREATURE),),
            ),
        ),
    ),
    card(
        "Wind Drake",
        "{2}{U}",
        "Creature — Drake",
        "Flying",
        pt=(2, 2),
        abilities=(Flying(),),
    ),
    card(
        "Zephyr Sprite",
        "{U}",
        "Creature — Faerie",
        "Flying",
        pt=(1, 1),
        abilities=(Flying(),),
    ),
)

"""Magic 2010 (M10): every card of the set, and its ready decks."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

from manaweave import Duration, ManaCost, hookimpl
from manaweave.cards import (
    ANY_NUMBER,
    ANY_TARGET,
    ENCHANTED,
    SELF,
    TARGET_CREATURE,
    TARGET_CREATURE_CARD_IN_A_GRAVEYARD,
    TARGET_CREATURE_CARD_IN_YOUR_GRAVEYARD,
    TARGET_INSTANT_OR_SORCERY_SPELL,
    TARGET_OPPONENT,
    TARGET_PLAYER,
    TARGET_PLAYER_OR_PLANESWALKER,
    TARGET_SPELL,
    TARGET_TAPPED_CREATURE,
    THAT_CREATURE,
    THAT_MUCH,
    THAT_PLAYER,
    YOU,
    ActivatedAbility,
    AllAbleBlockIt,
    AsEntersChooseBasicLandType,
    AsEntersChooseCardName,
    AtBeginningOf,
    AttacksEachCombat,
    AttacksYouThisTurnIfAble,
    Becomes,
    BlocksAnyNumber,
    CantAttackOrBlockAlone,
    CantAttackUnlessDefenderControls,
    CantBeBlocked,
    CantBeBlockedExceptBy,
    CantBeCountered,
    CantBlockThisTurn,
    CantLoseGame,
    CardDefinition,
    CardSet,
    ChosenNameCantActivate,
    ControlEnchanted,
    CopyTargetSpell,
    CostsMorePerTargetBeyondFirst,
    CounterSpell,
    CountPermanents,
    CreateDelayedTrigger,
    CreateTokens,
    CreaturesGet,
    DamageEachCreature,
    DamageEachCreatureAndEachPlayer,
    DamageEachCreatureOf,
    DealDamage,
    DealDamageDividedEvenly,
    DealDamageToEach,
    DealDividedDamage,
    Destroy,
    DestroyAll,
    DestroyAtNextEndStep,
    DestroyOneAtRandom,
    Discard,
    DiscardAtRandom,
    DoesntUntap,
    DoesntUntapDuringNextUntapStep,
    DrawCards,
    EachCreatureGetsPerSharedType,
    EachOpponentSacrifices,
    EachOtherPlayerCopiesThatSpell,
    EachPlayerDiscardsAtRandom,
    EachPlayerDraws,
    EachPlayerLosesLife,
    EachPlayerShufflesPermanentsAndRevealsThatMany,
    EnchantedCantAttackOrBlock,
    EnchantedGets,
    EnchantedGetsForEach,
    EnchantedHas,
    EnchantedLandIsChosenType,
    EntersAsCopy,
    EntersTappedUnless,
    EntersWithCounters,
    EquippedGets,
    EquippedHas,
    Exile,
    ExileGraveyardAndNamesakes,
    ExtraTurn,
    GainControl,
    GainLife,
    GainsUntilEndOfTurn,
    GetsForEachOtherCreatureNamed,
    HalfLibrary,
    IfActivatedThisTurnAtLeast,
    ItsControllerRevealsUntilCreature,
    LookAtTopInAnyOrder,
    LoseLife,
    LoyaltyAbility,
    ManaAbility,
    ManaForEachPermanent,
    MayPutFromHandOntoBattlefield,
    Mill,
    MoveTargetCard,
    NoMaximumHandSize,
    OpponentsCantCastSpellsThisTurn,
    OpponentsPlayWithHandsRevealed,
    PlayWithTopOfLibraryRevealed,
    PowerToughnessEqualToCount,
    PowerToughnessEqualToLife,
    PreventDamageRemovingCounters,
    PreventDamageThisTurn,
    PreventDamageToEquipped,
    PreventSomeDamageToYou,
    PumpAll,
    PumpTarget,
    PutCounters,
    PutCountersOnEachCreatureYouControl,
    PutOnTopOfOwnersLibrary,
    PutTargetCardOntoBattlefield,
    RedirectNextDamageFromChosenSource,
    Regenerate,
    RemoveCountersFromThis,
    ReplaceLibraryWithExiledCards,
    ReturnAllCardsOfTypesFromGraveyards,
    ReturnAllCreatureCardsFromGraveyards,
    ReturnSelfFromGraveyardToHand,
    ReturnToOwnersHand,
    RevealHandChooseDiscard,
    RevealTopMayPlayFree,
    RevealTopPutTypeOntoBattlefield,
    Sacrifice,
    SacrificeAnotherElseTapAndLoseLife,
    SacrificeSelf,
    SacrificeThis,
    SearchLibraryOntoBattlefield,
    SearchLibraryToHand,
    SearchLibraryToTop,
    SearchTheirLibraryUnlessTheyNameIt,
    ShuffleIntoLibraryFromAnywhere,
    SourceUntapped,
    SpellAbility,
    TapAllCreaturesOf,
    TappedCreaturesTradeDamageWithTarget,
    TapTargets,
    TargetKind,
    TargetSpec,
    ThisAndOthersGetAsLongAs,
    TopOfYourLibraryIs,
    TriggeredAbility,
    UntapTarget,
    WhenBecomesTarget,
    WhenDies,
    WhenEnchantedBecomesTarget,
    WhenEnters,
    WheneverAttacks,
    WheneverBlocksACreature,
    WheneverBlocksOrBecomesBlockedByACreature,
    WheneverCast,
    WheneverCounterRemoved,
    WheneverDealsCombatDamageToPlayer,
    WheneverDealsDamageToOpponent,
    WheneverDiscards,
    WheneverDraws,
    WheneverTapsForMana,
    WheneverYouGainLife,
    X,
    YourPermanentsHave,
    card,
    token,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.keywords.defender import Defender
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.equip import Equip
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flash import Flash
from manaweave.keywords.flying import Flying
from manaweave.keywords.haste import Haste
from manaweave.keywords.indestructible import Indestructible
from manaweave.keywords.landwalk import Forestwalk, Swampwalk
from manaweave.keywords.lifelink import Lifelink
from manaweave.keywords.protection import Protection, protection_from
from manaweave.keywords.reach import Reach
from manaweave.keywords.shroud import Shroud
from manaweave.keywords.trample import Trample
from manaweave.keywords.vigilance import Vigilance

SET_CODE = "M10"


def _basic(name: str, mana: str) -> CardDefinition:
    # The mana ability of a basic land is intrinsic to its land type (CR 305.6).
    return card(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{mana}}}.)")


def _pumps_itself(name: str, cost: str, power: int, toughness: int) -> ActivatedAbility:
    """ "[cost]: [This] gets +P/+T until end of turn", the firebreathing shape (CR 602)."""
    return ActivatedAbility(
        ManaCost.parse(cost),
        (PumpTarget(power, toughness, target=SELF),),
        text=f"{cost}: {name} gets +{power}/+{toughness} until end of turn.",
    )


CARDS = (
    _basic("Plains", "W"),
    _basic("Island", "U"),
    _basic("Swamp", "B"),
    _basic("Mountain", "R"),
    _basic("Forest", "G"),
    card("Elite Vanguard", "{W}", "Creature — Human Soldier", pt=(2, 1)),
    card("Silvercoat Lion", "{1}{W}", "Creature — Cat", pt=(2, 2)),
    card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", pt=(2, 1)),
    card("Runeclaw Bear", "{1}{G}", "Creature — Bear", pt=(2, 2)),
    card("Centaur Courser", "{2}{G}", "Creature — Centaur Warrior", pt=(3, 3)),
    card("Craw Wurm", "{4}{G}{G}", "Creature — Wurm", pt=(6, 4)),
    card("Enormous Baloth", "{6}{G}", "Creature — Beast", pt=(7, 7)),
    card("Canyon Minotaur", "{3}{R}", "Creature — Minotaur Warrior", pt=(3, 3)),
    card("Coral Merfolk", "{1}{U}", "Creature — Merfolk", pt=(2, 1)),
    card("Horned Turtle", "{2}{U}", "Creature — Turtle", pt=(1, 4)),
    card("Siege Mastodon", "{4}{W}", "Creature — Elephant", pt=(3, 5)),
    card("Warpath Ghoul", "{2}{B}", "Creature — Zombie", pt=(3, 2)),
    card("Zombie Goliath", "{4}{B}", "Creature — Zombie Giant", pt=(4, 3)),
    card(
        "Llanowar Elves",
        "{G}",
        "Creature — Elf Druid",
        "{T}: Add {G}.",
        pt=(1, 1),
        abilities=(ManaAbility((("G",),), text="{T}: Add {G}."),),
    ),
    card(
        "Prodigal Pyromancer",
        "{2}{R}",
        "Creature — Human Wizard",
        "{T}: Prodigal Pyromancer deals 1 damage to any target.",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
                text="{T}: Prodigal Pyromancer deals 1 damage to any target.",
            ),
        ),
    ),
    card(
        "Goblin Artillery",
        "{1}{R}{R}",
        "Creature — Goblin Warrior",
        "{T}: Goblin Artillery deals 2 damage to any target and 3 damage to you.",
        pt=(1, 3),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamageToEach(((2, 0), (3, YOU))),),
                tap=True,
                targets=(ANY_TARGET,),
                text="{T}: Goblin Artillery deals 2 damage to any target and 3 damage to you.",
            ),
        ),
    ),
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
                text="{1}{B}, {T}: Target player loses 1 life.",
            ),
        ),
    ),
    card(
        "Elvish Visionary",
        "{1}{G}",
        "Creature — Elf Shaman",
        "When Elvish Visionary enters the battlefield, draw a card.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (DrawCards(1),),
                text="When Elvish Visionary enters the battlefield, draw a card.",
            ),
        ),
    ),
    card(
        "Sparkmage Apprentice",
        "{1}{R}",
        "Creature — Human Wizard",
        "When Sparkmage Apprentice enters the battlefield, it deals 1 damage to any target.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (DealDamage(1),),
                targets=(ANY_TARGET,),
                text="When Sparkmage Apprentice enters the battlefield, it deals 1 damage to "
                "any target.",
            ),
        ),
    ),
    card(
        "Soul Warden",
        "{W}",
        "Creature — Human Cleric",
        "Whenever another creature enters the battlefield, you gain 1 life.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenEnters(another=True, creature=True),
                (GainLife(1),),
                text="Whenever another creature enters the battlefield, you gain 1 life.",
            ),
        ),
    ),
    card(
        "Bramble Creeper",
        "{4}{G}",
        "Creature — Elemental",
        "Whenever Bramble Creeper attacks, it gets +5/+0 until end of turn.",
        pt=(0, 3),
        abilities=(
            TriggeredAbility(
                WheneverAttacks(),
                (PumpTarget(5, 0, target=SELF),),
                text="Whenever Bramble Creeper attacks, it gets +5/+0 until end of turn.",
            ),
        ),
    ),
    card(
        "Mesa Enchantress",
        "{1}{W}{W}",
        "Creature — Human Druid",
        "Whenever you cast an enchantment spell, you may draw a card.",
        pt=(0, 2),
        abilities=(
            TriggeredAbility(
                WheneverCast(by="you", card_type="Enchantment"),
                (DrawCards(1),),
                optional=True,
                text="Whenever you cast an enchantment spell, you may draw a card.",
            ),
        ),
    ),
    card(
        "Howling Mine",
        "{2}",
        "Artifact",
        "At the beginning of each player's draw step, if Howling Mine is untapped, that "
        "player draws an additional card.",
        abilities=(
            TriggeredAbility(
                AtBeginningOf("draw", each_player=True),
                (DrawCards(1, player=THAT_PLAYER),),
                condition=SourceUntapped(),
                text="At the beginning of each player's draw step, if Howling Mine is "
                "untapped, that player draws an additional card.",
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
                text="Whenever an opponent draws a card, Underworld Dreams deals 1 damage to "
                "that player.",
            ),
        ),
    ),
    *(
        card(
            name,
            "{2}",
            "Artifact",
            f"Whenever a player casts a {word} spell, you may gain 1 life.",
            abilities=(
                TriggeredAbility(
                    WheneverCast(colors=(color,)),
                    (GainLife(1),),
                    optional=True,
                    text=f"Whenever a player casts a {word} spell, you may gain 1 life.",
                ),
            ),
        )
        for name, word, color in (
            ("Angel's Feather", "white", "W"),
            ("Kraken's Eye", "blue", "U"),
            ("Demon's Horn", "black", "B"),
            ("Dragon's Claw", "red", "R"),
            ("Wurm's Tooth", "green", "G"),
        )
    ),
    card(
        "Ant Queen",
        "{3}{G}{G}",
        "Creature — Insect",
        "{1}{G}: Create a 1/1 green Insect creature token.",
        pt=(5, 5),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{1}{G}"),
                (CreateTokens(token("Insect", "G", pt=(1, 1))),),
                text="{1}{G}: Create a 1/1 green Insect creature token.",
            ),
        ),
    ),
    card(
        "Howl of the Night Pack",
        "{6}{G}",
        "Sorcery",
        "Create a 2/2 green Wolf creature token for each Forest you control.",
        spell=SpellAbility(
            effects=(
                CreateTokens(token("Wolf", "G", pt=(2, 2)), CountPermanents(subtype="Forest")),
            )
        ),
    ),
    card(
        "Mold Adder",
        "{G}",
        "Creature — Fungus Snake",
        "Whenever an opponent casts a blue or black spell, you may put a +1/+1 counter on "
        "Mold Adder.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WheneverCast(by="an opponent", colors=("U", "B")),
                (PutCounters("+1/+1", target=SELF),),
                optional=True,
                text="Whenever an opponent casts a blue or black spell, you may put a +1/+1 "
                "counter on Mold Adder.",
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
        "Mind Spring",
        "{X}{U}{U}",
        "Sorcery",
        "Draw X cards.",
        spell=SpellAbility(effects=(DrawCards(X),)),
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
        "Mind Shatter",
        "{X}{B}{B}",
        "Sorcery",
        "Target player discards X cards at random.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(DiscardAtRandom(X),)),
    ),
    *(
        card(
            name,
            None,
            "Land",
            f"{name} enters the battlefield tapped unless you control a{n1} {first} or a{n2} "
            f"{second}.\n{{T}}: Add {{{m1}}} or {{{m2}}}.",
            abilities=(
                EntersTappedUnless(
                    (first, second),
                    text=f"{name} enters the battlefield tapped unless you control a{n1} "
                    f"{first} or a{n2} {second}.",
                ),
                ManaAbility(((m1,), (m2,)), text=f"{{T}}: Add {{{m1}}} or {{{m2}}}."),
            ),
        )
        for name, first, second, m1, m2 in (
            ("Dragonskull Summit", "Swamp", "Mountain", "B", "R"),
            ("Drowned Catacomb", "Island", "Swamp", "U", "B"),
            ("Glacial Fortress", "Plains", "Island", "W", "U"),
            ("Rootbound Crag", "Mountain", "Forest", "R", "G"),
            ("Sunpetal Grove", "Forest", "Plains", "G", "W"),
        )
        for n1, n2 in (("n" if first[0] in "AEIOU" else "", "n" if second[0] in "AEIOU" else ""),)
    ),
    card(
        "Fog",
        "{G}",
        "Instant",
        "Prevent all combat damage that would be dealt this turn.",
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
        "Safe Passage",
        "{2}{W}",
        "Instant",
        "Prevent all damage that would be dealt to you and creatures you control this turn.",
        spell=SpellAbility(
            effects=(
                PreventDamageThisTurn(
                    protects="you and your creatures",
                    wording="Prevent all damage that would be dealt to you and creatures you "
                    "control this turn.",
                ),
            )
        ),
    ),
    card(
        "Awakener Druid",
        "{2}{G}",
        "Creature — Human Druid",
        "When Awakener Druid enters the battlefield, target Forest becomes a 4/5 green "
        "Treefolk creature for as long as Awakener Druid remains on the battlefield. It's "
        "still a land.",
        pt=(1, 1),
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
                text="When Awakener Druid enters the battlefield, target Forest becomes a 4/5 "
                "green Treefolk creature for as long as Awakener Druid remains on the "
                "battlefield. It's still a land.",
            ),
        ),
    ),
    card(
        "Honor of the Pure",
        "{1}{W}",
        "Enchantment",
        "White creatures you control get +1/+1.",
        abilities=(CreaturesGet(1, 1, color="W", text="White creatures you control get +1/+1."),),
    ),
    card(
        "Glorious Charge",
        "{1}{W}",
        "Instant",
        "Creatures you control get +1/+1 until end of turn.",
        spell=SpellAbility(effects=(PumpAll(1, 1),)),
    ),
    card(
        "Protean Hydra",
        "{X}{G}",
        "Creature — Hydra",
        "Protean Hydra enters the battlefield with X +1/+1 counters on it.\n"
        "If damage would be dealt to Protean Hydra, prevent that damage and remove that "
        "many +1/+1 counters from it.\n"
        "Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 counters on "
        "it at the beginning of the next end step.",
        pt=(0, 0),
        abilities=(
            EntersWithCounters(
                "+1/+1",
                "X",
                text="Protean Hydra enters the battlefield with X +1/+1 counters on it.",
            ),
            PreventDamageRemovingCounters(
                "+1/+1",
                text="If damage would be dealt to Protean Hydra, prevent that damage and "
                "remove that many +1/+1 counters from it.",
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
                text="Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 "
                "counters on it at the beginning of the next end step.",
            ),
        ),
    ),
    card(
        "Mind Control",
        "{3}{U}{U}",
        "Enchantment — Aura",
        "Enchant creature\nYou control enchanted creature.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            ControlEnchanted(text="You control enchanted creature."),
        ),
    ),
    card(
        "Naturalize",
        "{1}{G}",
        "Instant",
        "Destroy target artifact or enchantment.",
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
        "Clone",
        "{3}{U}",
        "Creature — Shapeshifter",
        "You may have Clone enter the battlefield as a copy of any creature on the battlefield.",
        pt=(0, 0),
        abilities=(
            EntersAsCopy(
                text="You may have Clone enter the battlefield as a copy of any creature on "
                "the battlefield."
            ),
        ),
    ),
    card(
        "Lightning Bolt",
        "{R}",
        "Instant",
        "Lightning Bolt deals 3 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(3),)),
    ),
    card(
        "Giant Growth",
        "{G}",
        "Instant",
        "Target creature gets +3/+3 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(3, 3),)),
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
            LoyaltyAbility(
                effects=(EachPlayerDraws(1),), loyalty=2, text="[+2]: Each player draws a card."
            ),
            LoyaltyAbility(
                effects=(DrawCards(1, player=0),),
                loyalty=-1,
                targets=(TARGET_PLAYER,),
                text="[−1]: Target player draws a card.",
            ),
            LoyaltyAbility(
                effects=(Mill(20, player=0),),
                loyalty=-10,
                targets=(TARGET_PLAYER,),
                text="[−10]: Target player mills twenty cards.",
            ),
        ),
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
                text="[+1]: Target player discards a card.",
            ),
            LoyaltyAbility(
                effects=(SearchLibraryToTop(),),
                loyalty=-2,
                text="[−2]: Search your library for a card, then shuffle and put that card on top.",
            ),
            LoyaltyAbility(
                effects=(ReturnAllCreatureCardsFromGraveyards(),),
                loyalty=-8,
                text="[−8]: Put all creature cards from all graveyards onto the battlefield "
                "under your control.",
            ),
        ),
    ),
    card(
        "Chandra Nalaar",
        "{3}{R}{R}",
        "Legendary Planeswalker — Chandra",
        "[+1]: Chandra Nalaar deals 1 damage to target player or planeswalker.\n"
        "[−X]: Chandra Nalaar deals X damage to target creature.\n"
        "[−8]: Chandra Nalaar deals 10 damage to target player or planeswalker and each "
        "creature that player or that planeswalker's controller controls.",
        loyalty=6,
        abilities=(
            LoyaltyAbility(
                effects=(DealDamage(1),),
                loyalty=1,
                targets=(TARGET_PLAYER_OR_PLANESWALKER,),
                text="[+1]: Chandra Nalaar deals 1 damage to target player or planeswalker.",
            ),
            LoyaltyAbility(
                effects=(DealDamage(X),),
                loyalty=None,
                targets=(TARGET_CREATURE,),
                text="[−X]: Chandra Nalaar deals X damage to target creature.",
            ),
            LoyaltyAbility(
                effects=(DamageEachCreatureOf(10, and_the_target=True),),
                loyalty=-8,
                targets=(TARGET_PLAYER_OR_PLANESWALKER,),
                text="[−8]: Chandra Nalaar deals 10 damage to target player or planeswalker "
                "and each creature that player or that planeswalker's controller controls.",
            ),
        ),
    ),
    card(
        "Ignite Disorder",
        "{1}{R}",
        "Instant",
        "Ignite Disorder deals 3 damage divided as you choose among one, two, or three "
        "target white and/or blue creatures.",
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
        "Divination",
        "{2}{U}",
        "Sorcery",
        "Draw two cards.",
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Oakenform",
        "{2}{G}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +3/+3.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(3, 3, text="Enchanted creature gets +3/+3."),
        ),
    ),
    card(
        "Fireball",
        "{X}{R}",
        "Sorcery",
        "This spell costs {1} more to cast for each target beyond the first.\nFireball deals "
        "X damage divided evenly, rounded down, among any number of targets.",
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
        "Regenerate",
        "{1}{G}",
        "Instant",
        "Regenerate target creature. (The next time that creature would be destroyed this "
        "turn, it isn't. Instead tap it, remove all damage from it, and remove it from "
        "combat.)",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Regenerate(0),)),
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
                text="{B}: Regenerate Drudge Skeletons.",
            ),
        ),
    ),
    card(
        "Cudgel Troll",
        "{2}{G}{G}",
        "Creature — Troll",
        "{G}: Regenerate Cudgel Troll. (The next time this creature would be destroyed this "
        "turn, it isn't. Instead tap it, remove all damage from it, and remove it from "
        "combat.)",
        pt=(4, 3),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (Regenerate(SELF),),
                text="{G}: Regenerate Cudgel Troll.",
            ),
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
        "Shatter",
        "{1}{R}",
        "Instant",
        "Destroy target artifact.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.PERMANENT, "target artifact", types=("Artifact",)),),
            effects=(Destroy(0),),
        ),
    ),
    card(
        "Weakness",
        "{B}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets -2/-1.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(-2, -1, text="Enchanted creature gets -2/-1."),
        ),
    ),
    card(
        "Pyroclasm",
        "{1}{R}",
        "Sorcery",
        "Pyroclasm deals 2 damage to each creature.",
        spell=SpellAbility(effects=(DamageEachCreature(2),)),
    ),
    card(
        "Sleep",
        "{2}{U}{U}",
        "Sorcery",
        "Tap all creatures target player controls. Those creatures don't untap during that "
        "player's next untap step.",
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(TapAllCreaturesOf(0, hold=True),)),
    ),
    # Creatures whose rules text is keyword abilities (CR 702).
    card(
        "Air Elemental",
        "{3}{U}{U}",
        "Creature — Elemental",
        "Flying",
        pt=(4, 4),
        abilities=(Flying(),),
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
        "Deadly Recluse",
        "{1}{G}",
        "Creature — Spider",
        "Reach (This creature can block creatures with flying.)\nDeathtouch (Any amount of damage "
        "this deals to a creature is enough to destroy it.)",
        pt=(1, 2),
        abilities=(
            Reach(),
            Deathtouch(),
        ),
    ),
    card(
        "Giant Spider",
        "{3}{G}",
        "Creature — Spider",
        "Reach (This creature can block creatures with flying.)",
        pt=(2, 4),
        abilities=(Reach(),),
    ),
    card(
        "Griffin Sentinel",
        "{2}{W}",
        "Creature — Griffin",
        "Flying\nVigilance (Attacking doesn't cause this creature to tap.)",
        pt=(1, 3),
        abilities=(
            Flying(),
            Vigilance(),
        ),
    ),
    card(
        "Kalonian Behemoth",
        "{5}{G}{G}",
        "Creature — Beast",
        "Shroud (This creature can't be the target of spells or abilities.)",
        pt=(9, 9),
        abilities=(Shroud(),),
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
        "Lightning Elemental",
        "{3}{R}",
        "Creature — Elemental",
        "Haste (This creature can attack and {T} as soon as it comes under your control.)",
        pt=(4, 1),
        abilities=(Haste(),),
    ),
    card(
        "Mist Leopard",
        "{3}{G}",
        "Creature — Cat",
        "Shroud (This creature can't be the target of spells or abilities.)",
        pt=(3, 2),
        abilities=(Shroud(),),
    ),
    card(
        "Ornithopter",
        "{0}",
        "Artifact Creature — Thopter",
        "Flying",
        pt=(0, 2),
        abilities=(Flying(),),
    ),
    card(
        "Raging Goblin",
        "{R}",
        "Creature — Goblin Berserker",
        "Haste (This creature can attack and {T} as soon as it comes under your control.)",
        pt=(1, 1),
        abilities=(Haste(),),
    ),
    card(
        "Razorfoot Griffin",
        "{3}{W}",
        "Creature — Griffin",
        "Flying (This creature can't be blocked except by creatures with flying or reach.)\nFirst "
        "strike (This creature deals combat damage before creatures without first strike.)",
        pt=(2, 2),
        abilities=(
            Flying(),
            FirstStrike(),
        ),
    ),
    card(
        "Serra Angel",
        "{3}{W}{W}",
        "Creature — Angel",
        "Flying, vigilance",
        pt=(4, 4),
        abilities=(
            Flying(),
            Vigilance(),
        ),
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
        "Stampeding Rhino",
        "{4}{G}",
        "Creature — Rhino",
        "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
        "attacking.)",
        pt=(4, 4),
        abilities=(Trample(),),
    ),
    card(
        "Stormfront Pegasus",
        "{1}{W}",
        "Creature — Pegasus",
        "Flying",
        pt=(2, 1),
        abilities=(Flying(),),
    ),
    card(
        "Viashino Spearhunter",
        "{2}{R}",
        "Creature — Viashino Warrior",
        "First strike (This creature deals combat damage before creatures without first strike.)",
        pt=(2, 1),
        abilities=(FirstStrike(),),
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
    card(
        "Bog Wraith",
        "{3}{B}",
        "Creature — Wraith",
        "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)",
        pt=(3, 3),
        abilities=(Swampwalk(),),
    ),
    card(
        "Emerald Oryx",
        "{3}{G}",
        "Creature — Antelope",
        "Forestwalk (This creature can't be blocked as long as defending player controls a "
        "Forest.)",
        pt=(2, 3),
        abilities=(Forestwalk(),),
    ),
    # --- white cards ------------------------------------------------------------------------------
    card(
        "Ajani Goldmane",
        "{2}{W}{W}",
        "Legendary Planeswalker — Ajani",
        "[+1]: You gain 2 life.\n"
        "[−1]: Put a +1/+1 counter on each creature you control. Those creatures gain "
        "vigilance until end of turn.\n"
        "[−6]: Create a white Avatar creature token. It has \"This creature's power and "
        'toughness are each equal to your life total."',
        loyalty=4,
        abilities=(
            LoyaltyAbility(effects=(GainLife(2),), loyalty=1, text="[+1]: You gain 2 life."),
            LoyaltyAbility(
                effects=(PutCountersOnEachCreatureYouControl("+1/+1", then_gains=Vigilance()),),
                loyalty=-1,
                text="[−1]: Put a +1/+1 counter on each creature you control. Those creatures "
                "gain vigilance until end of turn.",
            ),
            LoyaltyAbility(
                effects=(
                    CreateTokens(
                        token(
                            "Avatar",
                            "W",
                            abilities=(
                                PowerToughnessEqualToLife(
                                    text="This creature's power and toughness are each equal "
                                    "to your life total."
                                ),
                            ),
                            text="This creature's power and toughness are each equal to your "
                            "life total.",
                        )
                    ),
                ),
                loyalty=-6,
                text="[−6]: Create a white Avatar creature token. It has \"This creature's "
                'power and toughness are each equal to your life total."',
            ),
        ),
    ),
    card(
        "Angel's Mercy",
        "{2}{W}{W}",
        "Instant",
        "You gain 7 life.",
        spell=SpellAbility(effects=(GainLife(7),)),
    ),
    card(
        "Armored Ascension",
        "{3}{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +1/+1 for each Plains you control and has "
        "flying.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGetsForEach(
                1, 1, "Plains", text="Enchanted creature gets +1/+1 for each Plains you control"
            ),
            EnchantedHas(Flying(), text="Enchanted creature has flying."),
        ),
    ),
    card(
        "Baneslayer Angel",
        "{3}{W}{W}",
        "Creature — Angel",
        "Flying, first strike, lifelink, protection from Demons and from Dragons",
        pt=(5, 5),
        abilities=(
            Flying(),
            FirstStrike(),
            Lifelink(),
            Protection(subtype="Demon"),
            Protection(subtype="Dragon"),
        ),
    ),
    card(
        "Blinding Mage",
        "{1}{W}",
        "Creature — Human Wizard",
        "{W}, {T}: Tap target creature.",
        pt=(1, 2),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{W}"),
                (TapTargets((0,)),),
                tap=True,
                targets=(TARGET_CREATURE,),
                text="{W}, {T}: Tap target creature.",
            ),
        ),
    ),
    card(
        "Captain of the Watch",
        "{4}{W}{W}",
        "Creature — Human Soldier",
        "Vigilance (Attacking doesn't cause this creature to tap.)\nOther Soldier creatures "
        "you control get +1/+1 and have vigilance.\nWhen Captain of the Watch enters the "
        "battlefield, create three 1/1 white Soldier creature tokens.",
        pt=(3, 3),
        abilities=(
            Vigilance(),
            CreaturesGet(
                1,
                1,
                subtype="Soldier",
                other=True,
                text="Other Soldier creatures you control get +1/+1",
            ),
            YourPermanentsHave(
                "Soldier",
                Vigilance(),
                other=True,
                text="Other Soldier creatures you control have vigilance.",
            ),
            TriggeredAbility(
                WhenEnters(),
                (CreateTokens(token("Soldier", "W", pt=(1, 1)), 3),),
                text="When Captain of the Watch enters the battlefield, create three 1/1 "
                "white Soldier creature tokens.",
            ),
        ),
    ),
    card(
        "Celestial Purge",
        "{1}{W}",
        "Instant",
        "Exile target black or red permanent.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.PERMANENT, "target black or red permanent", colors=("B", "R")
                ),
            ),
            effects=(Exile(),),
        ),
    ),
    card(
        "Divine Verdict",
        "{3}{W}",
        "Instant",
        "Destroy target attacking or blocking creature.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE,
                    "target attacking or blocking creature",
                    attacking=True,
                    blocking=True,
                ),
            ),
            effects=(Destroy(),),
        ),
    ),
    card(
        "Excommunicate",
        "{2}{W}",
        "Sorcery",
        "Put target creature on top of its owner's library.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PutOnTopOfOwnersLibrary(),)),
    ),
    card(
        "Guardian Seraph",
        "{2}{W}{W}",
        "Creature — Angel",
        "Flying\nIf a source an opponent controls would deal damage to you, prevent 1 of that "
        "damage.",
        pt=(3, 4),
        abilities=(
            Flying(),
            PreventSomeDamageToYou(
                1,
                from_opponents=True,
                text="If a source an opponent controls would deal damage to you, prevent 1 of "
                "that damage.",
            ),
        ),
    ),
    card(
        "Harm's Way",
        "{W}",
        "Instant",
        "The next 2 damage that a source of your choice would deal to you and/or permanents "
        "you control this turn is dealt to any target instead.",
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(
                RedirectNextDamageFromChosenSource(
                    2,
                    wording="The next 2 damage that a source of your choice would deal to you "
                    "and/or permanents you control this turn is dealt to any target instead.",
                ),
            ),
        ),
    ),
    card(
        "Holy Strength",
        "{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +1/+2.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(1, 2, text="Enchanted creature gets +1/+2."),
        ),
    ),
    card(
        "Indestructibility",
        "{3}{W}",
        "Enchantment — Aura",
        "Enchant permanent\nEnchanted permanent has indestructible. (Effects that say "
        "\"destroy\" don't destroy that permanent. A creature with indestructible can't be "
        "destroyed by damage.)",
        abilities=(
            Enchant(TargetSpec(TargetKind.PERMANENT, "target permanent"), text="Enchant permanent"),
            EnchantedHas(Indestructible(), text="Enchanted permanent has indestructible."),
        ),
    ),
    card(
        "Lifelink",
        "{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature has lifelink. (Damage dealt by the creature also "
        "causes its controller to gain that much life.)",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedHas(Lifelink(), text="Enchanted creature has lifelink."),
        ),
    ),
    card(
        "Lightwielder Paladin",
        "{3}{W}{W}",
        "Creature — Human Knight",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nWhenever Lightwielder Paladin deals combat damage to a player, you may "
        "exile target black or red permanent that player controls.",
        pt=(4, 4),
        abilities=(
            FirstStrike(),
            TriggeredAbility(
                WheneverDealsCombatDamageToPlayer(),
                (Exile(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target black or red permanent that player controls",
                        colors=("B", "R"),
                        that_players=True,
                    ),
                ),
                optional=True,
                text="Whenever Lightwielder Paladin deals combat damage to a player, you may "
                "exile target black or red permanent that player controls.",
            ),
        ),
    ),
    card(
        "Open the Vaults",
        "{4}{W}{W}",
        "Sorcery",
        "Return all artifact and enchantment cards from all graveyards to the battlefield "
        "under their owners' control. (Auras with nothing to enchant remain in graveyards.)",
        spell=SpellAbility(
            effects=(ReturnAllCardsOfTypesFromGraveyards(("Artifact", "Enchantment")),)
        ),
    ),
    card(
        "Pacifism",
        "{1}{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature can't attack or block.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedCantAttackOrBlock(),
        ),
    ),
    card(
        "Palace Guard",
        "{2}{W}",
        "Creature — Human Soldier",
        "Palace Guard can block any number of creatures.",
        pt=(1, 4),
        abilities=(BlocksAnyNumber(text="Palace Guard can block any number of creatures."),),
    ),
    card(
        "Planar Cleansing",
        "{3}{W}{W}{W}",
        "Sorcery",
        "Destroy all nonland permanents.",
        spell=SpellAbility(effects=(DestroyAll((), exclude_types=("Land",)),)),
    ),
    card(
        "Rhox Pikemaster",
        "{2}{W}{W}",
        "Creature — Rhino Soldier",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nOther Soldier creatures you control have first strike.",
        pt=(3, 3),
        abilities=(
            FirstStrike(),
            YourPermanentsHave(
                "Soldier",
                FirstStrike(),
                other=True,
                text="Other Soldier creatures you control have first strike.",
            ),
        ),
    ),
    card(
        "Righteousness",
        "{W}",
        "Instant",
        "Target blocking creature gets +7/+7 until end of turn.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.CREATURE, "target blocking creature", blocking=True),),
            effects=(PumpTarget(7, 7),),
        ),
    ),
    card(
        "Silence",
        "{W}",
        "Instant",
        "Your opponents can't cast spells this turn.",
        spell=SpellAbility(effects=(OpponentsCantCastSpellsThisTurn(),)),
    ),
    card(
        "Solemn Offering",
        "{2}{W}",
        "Sorcery",
        "Destroy target artifact or enchantment. You gain 4 life.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.PERMANENT,
                    "target artifact or enchantment",
                    types=("Artifact", "Enchantment"),
                ),
            ),
            effects=(Destroy(), GainLife(4)),
        ),
    ),
    card(
        "Tempest of Light",
        "{2}{W}",
        "Instant",
        "Destroy all enchantments.",
        spell=SpellAbility(effects=(DestroyAll(("Enchantment",)),)),
    ),
    card(
        "Undead Slayer",
        "{2}{W}",
        "Creature — Human Cleric",
        "{W}, {T}: Exile target Skeleton, Vampire, or Zombie.",
        pt=(2, 2),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{W}"),
                (Exile(),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target Skeleton, Vampire, or Zombie",
                        subtypes=("Skeleton", "Vampire", "Zombie"),
                    ),
                ),
                text="{W}, {T}: Exile target Skeleton, Vampire, or Zombie.",
            ),
        ),
    ),
    card(
        "Veteran Armorsmith",
        "{W}{W}",
        "Creature — Human Soldier",
        "Other Soldier creatures you control get +0/+1.",
        pt=(2, 3),
        abilities=(
            CreaturesGet(
                0,
                1,
                subtype="Soldier",
                other=True,
                text="Other Soldier creatures you control get +0/+1.",
            ),
        ),
    ),
    card(
        "Veteran Swordsmith",
        "{2}{W}",
        "Creature — Human Soldier",
        "Other Soldier creatures you control get +1/+0.",
        pt=(3, 2),
        abilities=(
            CreaturesGet(
                1,
                0,
                subtype="Soldier",
                other=True,
                text="Other Soldier creatures you control get +1/+0.",
            ),
        ),
    ),
    card(
        "Wall of Faith",
        "{3}{W}",
        "Creature — Wall",
        "Defender (This creature can't attack.)\n{W}: Wall of Faith gets +0/+1 until end of turn.",
        pt=(0, 5),
        abilities=(
            Defender(),
            _pumps_itself("Wall of Faith", "{W}", 0, 1),
        ),
    ),
    card(
        "White Knight",
        "{W}{W}",
        "Creature — Human Knight",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nProtection from black (This creature can't be blocked, targeted, dealt "
        "damage, or enchanted by anything black.)",
        pt=(2, 2),
        abilities=(FirstStrike(), Protection(color="B")),
    ),
    #
    #
    # --- blue cards -------------------------------------------------------------------------------
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
                text="{T}: Target creature an opponent controls attacks you this turn if able.",
            ),
        ),
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
                text="Enchant land",
            ),
            AsEntersChooseBasicLandType(
                text="As Convincing Mirage enters the battlefield, choose a basic land type."
            ),
            EnchantedLandIsChosenType(text="Enchanted land is the chosen type."),
        ),
    ),
    card(
        "Disorient",
        "{3}{U}",
        "Instant",
        "Target creature gets -7/-0 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(-7, 0),)),
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
                text="Djinn of Wishes enters the battlefield with three wish counters on it.",
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{U}{U}"),
                (RevealTopMayPlayFree(),),
                costs=(
                    RemoveCountersFromThis(
                        "wish", text="Remove a wish counter from Djinn of Wishes"
                    ),
                ),
                text="{2}{U}{U}, Remove a wish counter from Djinn of Wishes: Reveal the top "
                "card of your library. You may play that card without paying its mana cost. "
                "If you don't, exile it.",
            ),
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
        "Hive Mind",
        "{5}{U}",
        "Enchantment",
        "Whenever a player casts an instant or sorcery spell, each other player copies that "
        "spell. Each of those players may choose new targets for their copy.",
        abilities=(
            TriggeredAbility(
                WheneverCast(card_types=("Instant", "Sorcery")),
                (EachOtherPlayerCopiesThatSpell(),),
                text="Whenever a player casts an instant or sorcery spell, each other player "
                "copies that spell. Each of those players may choose new targets for their "
                "copy.",
            ),
        ),
    ),
    card(
        "Ice Cage",
        "{1}{U}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature can't attack or block, and its activated "
        "abilities can't be activated.\nWhen enchanted creature becomes the target of a "
        "spell or ability, destroy Ice Cage.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedCantAttackOrBlock(
                nor_activate=True,
                text="Enchanted creature can't attack or block, and its activated abilities "
                "can't be activated.",
            ),
            TriggeredAbility(
                WhenEnchantedBecomesTarget(),
                (Destroy(SELF),),
                text="When enchanted creature becomes the target of a spell or ability, "
                "destroy Ice Cage.",
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
                text="When Illusionary Servant becomes the target of a spell or ability, "
                "sacrifice it.",
            ),
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
        abilities=(
            YourPermanentsHave(
                None, Flying(), card_type="Creature", text="Creatures you control have flying."
            ),
        ),
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
                (DrawCards(1), Discard(1, target=YOU)),
                tap=True,
                text="{T}: Draw a card, then discard a card.",
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
                text="Other Merfolk creatures you control get +1/+1.",
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
                text="{T}: Target Merfolk creature can't be blocked this turn.",
            ),
        ),
    ),
    card(
        "Phantom Warrior",
        "{1}{U}{U}",
        "Creature — Illusion Warrior",
        "Phantom Warrior can't be blocked.",
        pt=(2, 2),
        abilities=(CantBeBlocked(text="Phantom Warrior can't be blocked."),),
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
                text="When Sage Owl enters the battlefield, look at the top four cards of "
                "your library, then put them back in any order.",
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
                text="Serpent of the Endless Sea's power and toughness are each equal to the "
                "number of Islands you control.",
                subtype="Island",
            ),
            CantAttackUnlessDefenderControls(
                "Island",
                text="Serpent of the Endless Sea can't attack unless defending player "
                "controls an Island.",
            ),
        ),
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
                text="Whenever Sphinx Ambassador deals combat damage to a player, search that "
                "player's library for a card, then that player chooses a card name. If you "
                "searched for a creature card that doesn't have that name, you may put it "
                "onto the battlefield under your control. Then that player shuffles.",
            ),
        ),
    ),
    card(
        "Telepathy",
        "{U}",
        "Enchantment",
        "Your opponents play with their hands revealed.",
        abilities=(
            OpponentsPlayWithHandsRevealed(text="Your opponents play with their hands revealed."),
        ),
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
                text="Whenever Wall of Frost blocks a creature, that creature doesn't untap "
                "during its controller's next untap step.",
            ),
        ),
    ),
    #
    #
    # --- black cards ------------------------------------------------------------------------------
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
                text="Other Zombie creatures you control get +1/+1.",
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{B}"),
                (MoveTargetCard("exile"), CreateTokens(token("Zombie", "B", pt=(2, 2)))),
                tap=True,
                targets=(TARGET_CREATURE_CARD_IN_A_GRAVEYARD,),
                text="{2}{B}, {T}: Exile target creature card from a graveyard. Create a 2/2 "
                "black Zombie creature token.",
            ),
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
        "Dread Warlock",
        "{1}{B}{B}",
        "Creature — Human Wizard Warlock",
        "Dread Warlock can't be blocked except by black creatures.",
        pt=(2, 2),
        abilities=(
            CantBeBlockedExceptBy(
                ("B",), text="Dread Warlock can't be blocked except by black creatures."
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
                text="When Gravedigger enters the battlefield, you may return target creature "
                "card from your graveyard to your hand.",
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
                text="When Howling Banshee enters the battlefield, each player loses 3 life.",
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
                (DiscardAtRandom(1, target=THAT_PLAYER),),
                text="Whenever Hypnotic Specter deals damage to an opponent, that player "
                "discards a card at random.",
            ),
        ),
    ),
    card(
        "Looming Shade",
        "{2}{B}",
        "Creature — Shade",
        "{B}: Looming Shade gets +1/+1 until end of turn.",
        pt=(1, 1),
        abilities=(_pumps_itself("Looming Shade", "{B}", 1, 1),),
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
                text="Whenever an opponent discards a card, Megrim deals 2 damage to that player.",
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
                text="Nightmare's power and toughness are each equal to the number of Swamps "
                "you control.",
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
                text="{T}: Destroy target tapped creature.",
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
                text="Whenever you gain life, target opponent loses that much life.",
            ),
        ),
    ),
    card(
        "Sign in Blood",
        "{B}{B}",
        "Sorcery",
        "Target player draws two cards and loses 2 life.",
        spell=SpellAbility(
            targets=(TARGET_PLAYER,), effects=(DrawCards(2, player=0), LoseLife(2, target=0))
        ),
    ),
    card(
        "Soul Bleed",
        "{2}{B}",
        "Enchantment — Aura",
        "Enchant creature\nAt the beginning of the upkeep of enchanted creature's controller, "
        "that player loses 1 life.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            TriggeredAbility(
                AtBeginningOf("upkeep", enchanted_controller=True),
                (LoseLife(1, target=THAT_PLAYER),),
                text="At the beginning of the upkeep of enchanted creature's controller, that "
                "player loses 1 life.",
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
        "Unholy Strength",
        "{B}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +2/+1.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(2, 1, text="Enchanted creature gets +2/+1."),
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
                text="Sacrifice a creature: Vampire Aristocrat gets +2/+2 until end of turn.",
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
            PlayWithTopOfLibraryRevealed(text="Play with the top card of your library revealed."),
            ThisAndOthersGetAsLongAs(
                2,
                1,
                TopOfYourLibraryIs("B"),
                "Vampire",
                Flying(),
                text="As long as the top card of your library is black, Vampire Nocturnus and "
                "other Vampire creatures you control get +2/+1 and have flying.",
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
                text="{B}: Regenerate Wall of Bone.",
            ),
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
    #
    #
    # --- red cards --------------------------------------------------------------------------------
    card(
        "Act of Treason",
        "{2}{R}",
        "Sorcery",
        "Gain control of target creature until end of turn. Untap that creature. It gains "
        "haste until end of turn. (It can attack and {T} this turn.)",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(GainControl(), UntapTarget(), GainsUntilEndOfTurn(Haste())),
        ),
    ),
    card(
        "Ball Lightning",
        "{R}{R}{R}",
        "Creature — Elemental",
        "Trample (This creature can deal excess combat damage to the player or planeswalker "
        "it's attacking.)\nHaste (This creature can attack and {T} as soon as it comes under "
        "your control.)\nAt the beginning of the end step, sacrifice Ball Lightning.",
        pt=(6, 1),
        abilities=(
            Trample(),
            Haste(),
            TriggeredAbility(
                AtBeginningOf("end", each_player=True),
                (SacrificeSelf(),),
                text="At the beginning of the end step, sacrifice Ball Lightning.",
            ),
        ),
    ),
    card(
        "Berserkers of Blood Ridge",
        "{4}{R}",
        "Creature — Human Berserker",
        "Berserkers of Blood Ridge attacks each combat if able.",
        pt=(4, 4),
        abilities=(
            AttacksEachCombat(text="Berserkers of Blood Ridge attacks each combat if able."),
        ),
    ),
    card(
        "Bogardan Hellkite",
        "{6}{R}{R}",
        "Creature — Dragon",
        "Flash\nFlying\nWhen Bogardan Hellkite enters the battlefield, it deals 5 damage "
        "divided as you choose among any number of targets.",
        pt=(5, 5),
        abilities=(
            Flash(),
            Flying(),
            TriggeredAbility(
                WhenEnters(),
                (DealDividedDamage(5),),
                # Each target gets at least 1 of the 5 (601.2d), so at most five.
                targets=(TargetSpec(TargetKind.ANY, "any number of targets", count=5, minimum=0),),
                text="When Bogardan Hellkite enters the battlefield, it deals 5 damage divided "
                "as you choose among any number of targets.",
            ),
        ),
    ),
    card(
        "Burning Inquiry",
        "{R}",
        "Sorcery",
        "Each player draws three cards, then discards three cards at random.",
        spell=SpellAbility(effects=(EachPlayerDraws(3), EachPlayerDiscardsAtRandom(3))),
    ),
    card(
        "Burst of Speed",
        "{R}",
        "Sorcery",
        "Creatures you control gain haste until end of turn. (They can attack and {T} even if "
        "they just came under your control.)",
        spell=SpellAbility(effects=(PumpAll(0, 0, gains=(Haste(),)),)),
    ),
    card(
        "Capricious Efreet",
        "{4}{R}{R}",
        "Creature — Efreet",
        "At the beginning of your upkeep, choose target nonland permanent you control and up "
        "to two target nonland permanents you don't control. Destroy one of them at random.",
        pt=(6, 4),
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
                text="At the beginning of your upkeep, choose target nonland permanent you "
                "control and up to two target nonland permanents you don't control. Destroy "
                "one of them at random.",
            ),
        ),
    ),
    card(
        "Dragon Whelp",
        "{2}{R}{R}",
        "Creature — Dragon",
        "Flying\n{R}: Dragon Whelp gets +1/+0 until end of turn. If this ability has been "
        "activated four or more times this turn, sacrifice Dragon Whelp at the beginning of "
        "the next end step.",
        pt=(2, 3),
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
                text="{R}: Dragon Whelp gets +1/+0 until end of turn. If this ability has been "
                "activated four or more times this turn, sacrifice Dragon Whelp at the "
                "beginning of the next end step.",
            ),
        ),
    ),
    card(
        "Earthquake",
        "{X}{R}",
        "Sorcery",
        "Earthquake deals X damage to each creature without flying and each player.",
        spell=SpellAbility(effects=(DamageEachCreatureAndEachPlayer(X, creatures_without=Flying),)),
    ),
    card(
        "Fiery Hellhound",
        "{1}{R}{R}",
        "Creature — Elemental Dog",
        "{R}: Fiery Hellhound gets +1/+0 until end of turn.",
        pt=(2, 2),
        abilities=(_pumps_itself("Fiery Hellhound", "{R}", 1, 0),),
    ),
    card(
        "Firebreathing",
        "{R}",
        "Enchantment — Aura",
        "Enchant creature\n{R}: Enchanted creature gets +1/+0 until end of turn.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            ActivatedAbility(
                ManaCost.parse("{R}"),
                (PumpTarget(1, 0, target=ENCHANTED),),
                text="{R}: Enchanted creature gets +1/+0 until end of turn.",
            ),
        ),
    ),
    card(
        "Goblin Chieftain",
        "{1}{R}{R}",
        "Creature — Goblin",
        "Haste (This creature can attack and {T} as soon as it comes under your control.)\n"
        "Other Goblin creatures you control get +1/+1 and have haste.",
        pt=(2, 2),
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
    card(
        "Inferno Elemental",
        "{4}{R}{R}",
        "Creature — Elemental",
        "Whenever Inferno Elemental blocks or becomes blocked by a creature, Inferno Elemental "
        "deals 3 damage to that creature.",
        pt=(4, 4),
        abilities=(
            TriggeredAbility(
                WheneverBlocksOrBecomesBlockedByACreature(),
                (DealDamage(3, target=THAT_CREATURE),),
                text="Whenever Inferno Elemental blocks or becomes blocked by a creature, "
                "Inferno Elemental deals 3 damage to that creature.",
            ),
        ),
    ),
    card(
        "Jackal Familiar",
        "{R}",
        "Creature — Jackal",
        "Jackal Familiar can't attack or block alone.",
        pt=(2, 2),
        abilities=(CantAttackOrBlockAlone(text="Jackal Familiar can't attack or block alone."),),
    ),
    card(
        "Kindled Fury",
        "{R}",
        "Instant",
        "Target creature gets +1/+0 and gains first strike until end of turn.",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(PumpTarget(1, 0), GainsUntilEndOfTurn(FirstStrike())),
        ),
    ),
    card(
        "Lava Axe",
        "{4}{R}",
        "Sorcery",
        "Lava Axe deals 5 damage to target player or planeswalker.",
        spell=SpellAbility(targets=(TARGET_PLAYER_OR_PLANESWALKER,), effects=(DealDamage(5),)),
    ),
    card(
        "Magma Phoenix",
        "{3}{R}{R}",
        "Creature — Phoenix",
        "Flying\nWhen Magma Phoenix dies, it deals 3 damage to each creature and each "
        "player.\n{3}{R}{R}: Return Magma Phoenix from your graveyard to your hand.",
        pt=(3, 3),
        abilities=(
            Flying(),
            TriggeredAbility(
                WhenDies(),
                (DamageEachCreatureAndEachPlayer(3),),
                text="When Magma Phoenix dies, it deals 3 damage to each creature and each player.",
            ),
            ActivatedAbility(
                ManaCost.parse("{3}{R}{R}"),
                (ReturnSelfFromGraveyardToHand(),),
                zone="graveyard",
                text="{3}{R}{R}: Return Magma Phoenix from your graveyard to your hand.",
            ),
        ),
    ),
    card(
        "Manabarbs",
        "{3}{R}",
        "Enchantment",
        "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.",
        abilities=(
            TriggeredAbility(
                WheneverTapsForMana(),
                (DealDamage(1, target=THAT_PLAYER),),
                text="Whenever a player taps a land for mana, Manabarbs deals 1 damage to that "
                "player.",
            ),
        ),
    ),
    card(
        "Panic Attack",
        "{2}{R}",
        "Sorcery",
        "Up to three target creatures can't block this turn.",
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "up to three target creatures", count=3, minimum=0),
            ),
            effects=(CantBlockThisTurn(),),
        ),
    ),
    card(
        "Seismic Strike",
        "{2}{R}",
        "Instant",
        "Seismic Strike deals damage to target creature equal to the number of Mountains you "
        "control.",
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(DealDamage(CountPermanents(subtype="Mountain")),),
        ),
    ),
    card(
        "Shivan Dragon",
        "{4}{R}{R}",
        "Creature — Dragon",
        "Flying (This creature can't be blocked except by creatures with flying or reach.)\n"
        "{R}: Shivan Dragon gets +1/+0 until end of turn.",
        pt=(5, 5),
        abilities=(
            Flying(),
            _pumps_itself("Shivan Dragon", "{R}", 1, 0),
        ),
    ),
    card(
        "Siege-Gang Commander",
        "{3}{R}{R}",
        "Creature — Goblin",
        "When Siege-Gang Commander enters the battlefield, create three 1/1 red Goblin "
        "creature tokens.\n{1}{R}, Sacrifice a Goblin: Siege-Gang Commander deals 2 damage to "
        "any target.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (CreateTokens(token("Goblin", "R", pt=(1, 1)), 3),),
                text="When Siege-Gang Commander enters the battlefield, create three 1/1 red "
                "Goblin creature tokens.",
            ),
            ActivatedAbility(
                ManaCost.parse("{1}{R}"),
                (DealDamage(2),),
                targets=(ANY_TARGET,),
                costs=(Sacrifice("Sacrifice a Goblin", types=(), subtypes=("Goblin",)),),
                text="{1}{R}, Sacrifice a Goblin: Siege-Gang Commander deals 2 damage to any "
                "target.",
            ),
        ),
    ),
    card(
        "Stone Giant",
        "{2}{R}{R}",
        "Creature — Giant",
        "{T}: Target creature you control with toughness less than Stone Giant's power gains "
        "flying until end of turn. Destroy that creature at the beginning of the next end "
        "step.",
        pt=(3, 4),
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
                text="{T}: Target creature you control with toughness less than Stone Giant's "
                "power gains flying until end of turn. Destroy that creature at the beginning "
                "of the next end step.",
            ),
        ),
    ),
    card(
        "Trumpet Blast",
        "{2}{R}",
        "Instant",
        "Attacking creatures get +2/+0 until end of turn.",
        spell=SpellAbility(effects=(PumpAll(2, 0, attacking=True),)),
    ),
    card(
        "Wall of Fire",
        "{1}{R}{R}",
        "Creature — Wall",
        "Defender (This creature can't attack.)\n{R}: Wall of Fire gets +1/+0 until end of turn.",
        pt=(0, 5),
        abilities=(
            Defender(),
            _pumps_itself("Wall of Fire", "{R}", 1, 0),
        ),
    ),
    card(
        "Warp World",
        "{5}{R}{R}{R}",
        "Sorcery",
        "Each player shuffles all permanents they own into their library, then reveals that "
        "many cards from the top of their library. Each player puts all artifact, creature, "
        "and land cards revealed this way onto the battlefield, then does the same for "
        "enchantment cards, then puts all cards revealed this way that weren't put onto the "
        "battlefield on the bottom of their library.",
        spell=SpellAbility(effects=(EachPlayerShufflesPermanentsAndRevealsThatMany(),)),
    ),
    card(
        "Yawning Fissure",
        "{4}{R}",
        "Sorcery",
        "Each opponent sacrifices a land.",
        spell=SpellAbility(effects=(EachOpponentSacrifices(("Land",), "a land"),)),
    ),
    #
    #
    # --- green and colourless cards ---------------------------------------------------------------
    card(
        "Acidic Slime",
        "{3}{G}{G}",
        "Creature — Ooze",
        "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\n"
        "When Acidic Slime enters the battlefield, destroy target artifact, enchantment, or "
        "land.",
        pt=(2, 2),
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
                text="When Acidic Slime enters the battlefield, destroy target artifact, "
                "enchantment, or land.",
            ),
        ),
    ),
    card(
        "Birds of Paradise",
        "{G}",
        "Creature — Bird",
        "Flying\n{T}: Add one mana of any color.",
        pt=(0, 1),
        abilities=(
            Flying(),
            ManaAbility(
                (("W",), ("U",), ("B",), ("R",), ("G",)), text="{T}: Add one mana of any color."
            ),
        ),
    ),
    card(
        "Borderland Ranger",
        "{2}{G}",
        "Creature — Human Scout Ranger",
        "When Borderland Ranger enters the battlefield, you may search your library for a "
        "basic land card, reveal it, put it into your hand, then shuffle.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (SearchLibraryToHand(card_type="Land", basic=True),),
                optional=True,
                text="When Borderland Ranger enters the battlefield, you may search your "
                "library for a basic land card, reveal it, put it into your hand, then shuffle.",
            ),
        ),
    ),
    card(
        "Bountiful Harvest",
        "{4}{G}",
        "Sorcery",
        "You gain 1 life for each land you control.",
        spell=SpellAbility(effects=(GainLife(CountPermanents(card_type="Land")),)),
    ),
    card(
        "Elvish Archdruid",
        "{1}{G}{G}",
        "Creature — Elf Druid",
        "Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control.",
        pt=(2, 2),
        abilities=(
            CreaturesGet(
                1, 1, subtype="Elf", other=True, text="Other Elf creatures you control get +1/+1."
            ),
            ManaForEachPermanent(
                (("G",),), subtype="Elf", text="{T}: Add {G} for each Elf you control."
            ),
        ),
    ),
    card(
        "Elvish Piper",
        "{3}{G}",
        "Creature — Elf Shaman",
        "{G}, {T}: You may put a creature card from your hand onto the battlefield.",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (MayPutFromHandOntoBattlefield(),),
                tap=True,
                text="{G}, {T}: You may put a creature card from your hand onto the battlefield.",
            ),
        ),
    ),
    card(
        "Entangling Vines",
        "{3}{G}",
        "Enchantment — Aura",
        "Enchant tapped creature\nEnchanted creature doesn't untap during its controller's "
        "untap step.",
        abilities=(
            Enchant(
                TARGET_TAPPED_CREATURE,
                text="Enchant tapped creature",
            ),
            DoesntUntap(
                text="Enchanted creature doesn't untap during its controller's untap step."
            ),
        ),
    ),
    card(
        "Garruk Wildspeaker",
        "{2}{G}{G}",
        "Legendary Planeswalker — Garruk",
        "[+1]: Untap two target lands.\n"
        "[−1]: Create a 3/3 green Beast creature token.\n"
        "[−4]: Creatures you control get +3/+3 and gain trample until end of turn.",
        loyalty=3,
        abilities=(
            LoyaltyAbility(
                effects=(UntapTarget(0), UntapTarget(1)),
                loyalty=1,
                targets=(
                    TargetSpec(TargetKind.PERMANENT, "two target lands", types=("Land",), count=2),
                ),
                text="[+1]: Untap two target lands.",
            ),
            LoyaltyAbility(
                effects=(CreateTokens(token("Beast", "G", pt=(3, 3))),),
                loyalty=-1,
                text="[−1]: Create a 3/3 green Beast creature token.",
            ),
            LoyaltyAbility(
                effects=(PumpAll(3, 3, gains=(Trample(),)),),
                loyalty=-4,
                text="[−4]: Creatures you control get +3/+3 and gain trample until end of turn.",
            ),
        ),
    ),
    card(
        "Great Sable Stag",
        "{1}{G}{G}",
        "Creature — Elk",
        "This spell can't be countered.\nProtection from blue and from black (This creature "
        "can't be blocked, targeted, dealt damage, or enchanted by anything blue or black.)",
        pt=(3, 3),
        abilities=(
            CantBeCountered(text="This spell can't be countered."),
            *protection_from("U", "B"),
        ),
    ),
    card(
        "Lurking Predators",
        "{4}{G}{G}",
        "Enchantment",
        "Whenever an opponent casts a spell, reveal the top card of your library. If it's a "
        "creature card, put it onto the battlefield. Otherwise, you may put that card on the "
        "bottom of your library.",
        abilities=(
            TriggeredAbility(
                WheneverCast(by="an opponent"),
                (RevealTopPutTypeOntoBattlefield("Creature"),),
                text="Whenever an opponent casts a spell, reveal the top card of your library. "
                "If it's a creature card, put it onto the battlefield. Otherwise, you may put "
                "that card on the bottom of your library.",
            ),
        ),
    ),
    card(
        "Master of the Wild Hunt",
        "{2}{G}{G}",
        "Creature — Human Shaman",
        "At the beginning of your upkeep, create a 2/2 green Wolf creature token.\n{T}: Tap "
        "all untapped Wolf creatures you control. Each Wolf tapped this way deals damage equal "
        "to its power to target creature. That creature deals damage equal to its power "
        "divided as its controller chooses among any number of those Wolves.",
        pt=(3, 3),
        abilities=(
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (CreateTokens(token("Wolf", "G", pt=(2, 2))),),
                text="At the beginning of your upkeep, create a 2/2 green Wolf creature token.",
            ),
            ActivatedAbility(
                ManaCost.parse(""),
                (TappedCreaturesTradeDamageWithTarget("Wolf"),),
                tap=True,
                targets=(TARGET_CREATURE,),
                text="{T}: Tap all untapped Wolf creatures you control. Each Wolf tapped this "
                "way deals damage equal to its power to target creature. That creature deals "
                "damage equal to its power divided as its controller chooses among any number "
                "of those Wolves.",
            ),
        ),
    ),
    card(
        "Might of Oaks",
        "{3}{G}",
        "Instant",
        "Target creature gets +7/+7 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(7, 7),)),
    ),
    card(
        "Nature's Spiral",
        "{1}{G}",
        "Sorcery",
        "Return target permanent card from your graveyard to your hand.",
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
        "Overrun",
        "{2}{G}{G}{G}",
        "Sorcery",
        "Creatures you control get +3/+3 and gain trample until end of turn.",
        spell=SpellAbility(effects=(PumpAll(3, 3, gains=(Trample(),)),)),
    ),
    card(
        "Prized Unicorn",
        "{3}{G}",
        "Creature — Unicorn",
        "All creatures able to block Prized Unicorn do so.",
        pt=(2, 2),
        abilities=(AllAbleBlockIt(text="All creatures able to block Prized Unicorn do so."),),
    ),
    card(
        "Rampant Growth",
        "{1}{G}",
        "Sorcery",
        "Search your library for a basic land card, put that card onto the battlefield "
        "tapped, then shuffle.",
        spell=SpellAbility(
            effects=(SearchLibraryOntoBattlefield("Land", basic=True, tapped=True),)
        ),
    ),
    card(
        "Windstorm",
        "{X}{G}",
        "Instant",
        "Windstorm deals X damage to each creature with flying.",
        spell=SpellAbility(effects=(DamageEachCreature(X, having=Flying),)),
    ),
    card(
        "Coat of Arms",
        "{5}",
        "Artifact",
        "Each creature gets +1/+1 for each other creature on the battlefield that shares at "
        "least one creature type with it. (For example, if two Goblin Warriors and a Goblin "
        "Shaman are on the battlefield, each gets +2/+2.)",
        abilities=(
            EachCreatureGetsPerSharedType(
                text="Each creature gets +1/+1 for each other creature on the battlefield that "
                "shares at least one creature type with it."
            ),
        ),
    ),
    card(
        "Darksteel Colossus",
        "{11}",
        "Artifact Creature — Golem",
        "Trample, indestructible\nIf Darksteel Colossus would be put into a graveyard from "
        "anywhere, reveal Darksteel Colossus and shuffle it into its owner's library instead.",
        pt=(11, 11),
        abilities=(
            Trample(),
            Indestructible(),
            ShuffleIntoLibraryFromAnywhere(
                text="If Darksteel Colossus would be put into a graveyard from anywhere, reveal "
                "Darksteel Colossus and shuffle it into its owner's library instead."
            ),
        ),
    ),
    card(
        "Gorgon Flail",
        "{2}",
        "Artifact — Equipment",
        "Equipped creature gets +1/+1 and has deathtouch. (Any amount of damage it deals to a "
        "creature is enough to destroy that creature.)\nEquip {2} ({2}: Attach to target "
        "creature you control. Equip only as a sorcery.)",
        abilities=(
            EquippedGets(1, 1, text="Equipped creature gets +1/+1."),
            EquippedHas(Deathtouch(), text="Equipped creature has deathtouch."),
            Equip("{2}"),
        ),
    ),
    card(
        "Magebane Armor",
        "{3}",
        "Artifact — Equipment",
        "Equipped creature gets +2/+4 and loses flying.\nPrevent all noncombat damage that "
        "would be dealt to equipped creature.\nEquip {2} ({2}: Attach to target creature you "
        "control. Equip only as a sorcery.)",
        abilities=(
            EquippedGets(
                2, 4, loses=(Flying(),), text="Equipped creature gets +2/+4 and loses flying."
            ),
            PreventDamageToEquipped(
                noncombat_only=True,
                text="Prevent all noncombat damage that would be dealt to equipped creature.",
            ),
            Equip("{2}"),
        ),
    ),
    card(
        "Mirror of Fate",
        "{5}",
        "Artifact",
        "{T}, Sacrifice Mirror of Fate: Choose up to seven face-up exiled cards you own. Exile "
        "all the cards from your library, then put the chosen cards on top of your library.",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (ReplaceLibraryWithExiledCards(7),),
                tap=True,
                costs=(SacrificeThis("sacrifice Mirror of Fate"),),
                text="{T}, Sacrifice Mirror of Fate: Choose up to seven face-up exiled cards "
                "you own. Exile all the cards from your library, then put the chosen cards on "
                "top of your library.",
            ),
        ),
    ),
    card(
        "Pithing Needle",
        "{1}",
        "Artifact",
        "As Pithing Needle enters the battlefield, choose a card name.\nActivated abilities of "
        "sources with the chosen name can't be activated unless they're mana abilities.",
        abilities=(
            AsEntersChooseCardName(
                text="As Pithing Needle enters the battlefield, choose a card name."
            ),
            ChosenNameCantActivate(
                text="Activated abilities of sources with the chosen name can't be activated "
                "unless they're mana abilities."
            ),
        ),
    ),
    card(
        "Platinum Angel",
        "{7}",
        "Artifact Creature — Angel",
        "Flying\nYou can't lose the game and your opponents can't win the game.",
        pt=(4, 4),
        abilities=(
            Flying(),
            CantLoseGame(text="You can't lose the game and your opponents can't win the game."),
        ),
    ),
    card(
        "Rod of Ruin",
        "{4}",
        "Artifact",
        "{3}, {T}: Rod of Ruin deals 1 damage to any target.",
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{3}"),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
                text="{3}, {T}: Rod of Ruin deals 1 damage to any target.",
            ),
        ),
    ),
    card(
        "Spellbook",
        "{0}",
        "Artifact",
        "You have no maximum hand size.",
        abilities=(NoMaximumHandSize(),),
    ),
    card(
        "Whispersilk Cloak",
        "{3}",
        "Artifact — Equipment",
        "Equipped creature can't be blocked and has shroud. (It can't be the target of spells "
        "or abilities.)\nEquip {2}",
        abilities=(
            EquippedHas(CantBeBlocked(), text="Equipped creature can't be blocked."),
            EquippedHas(Shroud(), text="Equipped creature has shroud."),
            Equip("{2}"),
        ),
    ),
    card(
        "Gargoyle Castle",
        None,
        "Land",
        "{T}: Add {C}.\n{5}, {T}, Sacrifice Gargoyle Castle: Create a 3/4 colorless Gargoyle "
        "artifact creature token with flying.",
        abilities=(
            ManaAbility((("C",),), text="{T}: Add {C}."),
            ActivatedAbility(
                ManaCost.parse("{5}"),
                (
                    CreateTokens(
                        replace(
                            token("Gargoyle", "", "Artifact Creature", pt=(3, 4)),
                            abilities=(Flying(),),
                        )
                    ),
                ),
                tap=True,
                costs=(SacrificeThis("sacrifice Gargoyle Castle"),),
                text="{5}, {T}, Sacrifice Gargoyle Castle: Create a 3/4 colorless Gargoyle "
                "artifact creature token with flying.",
            ),
        ),
    ),
    card(
        "Terramorphic Expanse",
        None,
        "Land",
        "{T}, Sacrifice Terramorphic Expanse: Search your library for a basic land card, put "
        "it onto the battlefield tapped, then shuffle.",
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (SearchLibraryOntoBattlefield("Land", basic=True, tapped=True),),
                tap=True,
                costs=(SacrificeThis("sacrifice Terramorphic Expanse"),),
                text="{T}, Sacrifice Terramorphic Expanse: Search your library for a basic "
                "land card, put it onto the battlefield tapped, then shuffle.",
            ),
        ),
    ),
    #
    #
)


def _decks() -> dict[str, str]:
    folder = resources.files("manaweave.plugins.sets") / "decks"
    return {
        entry.name.removesuffix(".txt"): entry.read_text(encoding="utf-8")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.startswith("m10-") and entry.name.endswith(".txt")
    }


FACE_COUNT = 234
"""Magic 2010 prints 234 card faces (basic lands counted once per name)."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [
        CardSet(
            SET_CODE,
            "Magic 2010",
            CARDS,
            decks=_decks(),
            face_count=FACE_COUNT,
        )
    ]

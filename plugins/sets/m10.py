"""Magic 2010 (M10): the cards of the set defined so far, and its ready decks."""

from __future__ import annotations

from dataclasses import replace
from importlib import resources

from manaweave import Duration, ManaCost, hookimpl
from manaweave.cards import (
    ANY_NUMBER,
    ANY_TARGET,
    SELF,
    TARGET_CREATURE,
    TARGET_INSTANT_OR_SORCERY_SPELL,
    TARGET_PLAYER,
    TARGET_PLAYER_OR_PLANESWALKER,
    TARGET_SPELL,
    THAT_PLAYER,
    YOU,
    ActivatedAbility,
    AllAbleBlockIt,
    AsEntersChooseCardName,
    AtBeginningOf,
    Becomes,
    CantBeBlocked,
    CantBeCountered,
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
    DamageEachCreatureOf,
    DealDamage,
    DealDamageDividedEvenly,
    DealDividedDamage,
    Destroy,
    Discard,
    DiscardAtRandom,
    DoesntUntap,
    DrawCards,
    EachCreatureGetsPerSharedType,
    EachPlayerDraws,
    EnchantedGets,
    EntersAsCopy,
    EntersTappedUnless,
    EntersWithCounters,
    EquippedGets,
    EquippedHas,
    GainLife,
    LoseLife,
    LoyaltyAbility,
    ManaAbility,
    ManaForEachPermanent,
    MayPutFromHandOntoBattlefield,
    Mill,
    NoMaximumHandSize,
    PreventDamageRemovingCounters,
    PreventDamageThisTurn,
    PreventDamageToEquipped,
    PumpAll,
    PumpTarget,
    PutCounters,
    Regenerate,
    ReplaceLibraryWithExiledCards,
    ReturnAllCreatureCardsFromGraveyards,
    ReturnToHand,
    RevealTopPutTypeOntoBattlefield,
    SacrificeThis,
    SearchLibraryOntoBattlefield,
    SearchLibraryToHand,
    SearchLibraryToTop,
    ShuffleIntoLibraryFromAnywhere,
    SourceUntapped,
    SpellAbility,
    TapAllCreaturesOf,
    TappedCreaturesTradeDamageWithTarget,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    UntapTargets,
    WhenEnters,
    WheneverAttacks,
    WheneverCast,
    WheneverCounterRemoved,
    WheneverDraws,
    X,
    card,
    token,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.equip import Equip
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flying import Flying
from manaweave.keywords.haste import Haste
from manaweave.keywords.indestructible import Indestructible
from manaweave.keywords.landwalk import Forestwalk, Swampwalk
from manaweave.keywords.lifelink import Lifelink
from manaweave.keywords.protection import protection_from
from manaweave.keywords.reach import Reach
from manaweave.keywords.shroud import Shroud
from manaweave.keywords.trample import Trample
from manaweave.keywords.vigilance import Vigilance

SET_CODE = "M10"


def _basic(name: str, mana: str) -> CardDefinition:
    # The mana ability of a basic land is intrinsic to its land type (CR 305.6).
    return card(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{mana}}}.)")


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
                (DealDamage(2), DealDamage(3, target=YOU)),
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
                effects=(DealDamage(10), DamageEachCreatureOf(10)),
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
    #
    #
    # --- blue cards -------------------------------------------------------------------------------
    #
    #
    # --- black cards ------------------------------------------------------------------------------
    #
    #
    # --- red cards --------------------------------------------------------------------------------
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
                TargetSpec(TargetKind.CREATURE, "target tapped creature", tapped=True),
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
                effects=(UntapTargets((0, 1)),),
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
            effects=(ReturnToHand(0),),
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


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2010", CARDS, decks=_decks())]

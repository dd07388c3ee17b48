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
            ),
        ),
    ),
    card(
        "Berserkers of Blood Ridge",
        "{4}{R}",
        "Creature — Human Berserker",
        "Berserkers of Blood Ridge attacks each combat if able.",
        pt=(4, 4),
        abilities=(AttacksEachCombat(),),
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
    card("Canyon Minotaur", "{3}{R}", "Creature — Minotaur Warrior", pt=(3, 3)),
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
        abilities=(pumps_itself("{R}", 1, 0),),
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
        "Firebreathing",
        "{R}",
        "Enchantment — Aura",
        "Enchant creature\n{R}: Enchanted creature gets +1/+0 until end of turn.",
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
    card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", pt=(2, 1)),
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
            ),
        ),
    ),
    card(
        "Jackal Familiar",
        "{R}",
        "Creature — Jackal",
        "Jackal Familiar can't attack or block alone.",
        pt=(2, 2),
        abilities=(CantAttackOrBlockAlone(),),
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
        "Lightning Bolt",
        "{R}",
        "Instant",
        "Lightning Bolt deals 3 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(3),)),
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
        "{3}{R}",
        "Enchantment",
        "Whenever a player taps a land for mana, Manabarbs deals 1 damage to that player.",
        abilities=(
            TriggeredAbility(
                WheneverTapsForMana(),
                (DealDamage(1, target=THAT_PLAYER),),
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
            ),
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
        "Raging Goblin",
        "{R}",
        "Creature — Goblin Berserker",
        "Haste (This creature can attack and {T} as soon as it comes under your control.)",
        pt=(1, 1),
        abilities=(Haste(),),
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
        "Shivan Dragon",
        "{4}{R}{R}",
        "Creature — Dragon",
        "Flying (This creature can't be blocked except by creatures with flying or reach.)\n"
        "{R}: Shivan Dragon gets +1/+0 until end of turn.",
        pt=(5, 5),
        abilities=(
            Flying(),
            pumps_itself("{R}", 1, 0),
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
        "{1}{R}",
        "Creature — Human Wizard",
        "When Sparkmage Apprentice enters the battlefield, it deals 1 damage to any target.",
        pt=(1, 1),
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
        "Viashino Spearhunter",
        "{2}{R}",
        "Creature — Viashino Warrior",
        "First strike (This creature deals combat damage before creatures without first strike.)",
        pt=(2, 1),
        abilities=(FirstStrike(),),
    ),
    card(
        "Wall of Fire",
        "{1}{R}{R}",
        "Creature — Wall",
        "Defender (This creature can't attack.)\n{R}: Wall of Fire gets +1/+0 until end of turn.",
        pt=(0, 5),
        abilities=(
            Defender(),
            pumps_itself("{R}", 1, 0),
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
)

"""Test-only cards, defined in the card language and registered by a test plugin.

They express rules situations that the sets defined so far cannot (the CR's examples
often use cards from other sets); each is a real card of the card language, not a stub.
"""

from __future__ import annotations

from dataclasses import dataclass

import manaweave
import manaweave.lowlevel
from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    SELF,
    TARGET_CREATURE,
    TARGET_PLAYER,
    TARGET_SPELL,
    YOU,
    ActivatedAbility,
    AllBecome,
    AllPermanentsAre,
    AlternativeCost,
    AtBeginningOf,
    AttachSelf,
    Becomes,
    CantHaveMoreThan,
    CardDefinition,
    CardSet,
    ChangeTargets,
    ChangeText,
    CopyTargetSpell,
    CreaturesAreColor,
    CreaturesGet,
    CreaturesLoseAbilitiesAndAre,
    CreaturesYouControlAre,
    DamageResult,
    DealDamage,
    DealDividedDamage,
    DestroyAll,
    DrawCards,
    EachLandIsAlso,
    Effect,
    EnchantedGets,
    EnchantedHas,
    EnchantedIs,
    EntersAsCopy,
    EntersTappedUnless,
    EquippedGets,
    GainLife,
    GainsUntilEndOfTurn,
    GraveyardExileInstead,
    IsColors,
    IsEveryCreatureType,
    LifeAtLeast,
    LifeGainReplaced,
    LoseLessLife,
    LoseLife,
    Manifest,
    MaySacrificeThen,
    MoreCountersOnYourCreatures,
    MoreTokensForYou,
    NonbasicLandsAre,
    OtherEnchantmentsAreCreatures,
    PayLife,
    PreventNextDamage,
    PreventNextDamageSharingColor,
    PreventSomeDamageToYourCreatures,
    Printed,
    PumpTarget,
    PutCounters,
    ReplacementAbility,
    Resolution,
    ReturnCardInsteadOfDrawing,
    Sacrifice,
    SacrificedPower,
    SacrificeSelf,
    ShuffleInsteadOfDying,
    SkipNext,
    SpellAbility,
    SpellsCost,
    SwitchTarget,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenDies,
    WhenEnters,
    WheneverDealsCombatDamageToPlayer,
    WheneverPutIntoGraveyardFromBattlefield,
    WheneverYouGainLife,
    WheneverYouLoseLife,
    WhenThatLeaves,
    WhenYouControlNoOther,
    WhenYouDo,
    WinGame,
    X,
    card,
    chapter,
)
from manaweave.keywords.deathtouch import mark_deathtouch_damage
from manaweave.keywords.enchant import Enchant


def _instant(name: str, text: str, *effects: object) -> CardDefinition:
    return card(
        name,
        printed=Printed("{U}", "Instant", text),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=effects),  # type: ignore[arg-type]
    )


WITHER = card(
    "Test Wither",
    printed=Printed("{B}", "Sorcery", "Put two -1/-1 counters on target creature."),
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PutCounters("-1/-1", 2),)),
)
"""A sorcery that puts -1/-1 counters on a creature (no such card is defined yet)."""

SHRINK = _instant(
    "Test Shrink",
    "Target creature has base power and toughness 1/1 until end of turn.",
    Becomes(pt=(1, 1)),
)
"""An instant that sets a creature's base P/T (layer 7b) until end of turn."""

SHIELD_OF_THREE = card(
    "Test Shield of Three",
    printed=Printed(
        "{W}", "Instant", "Prevent the next 3 damage that would be dealt to any target this turn."
    ),
    spell=SpellAbility(
        targets=(ANY_TARGET,),
        effects=(
            PreventNextDamage(
                3, wording="Prevent the next 3 damage that would be dealt to any target this turn."
            ),
        ),
    ),
)

WHIP_TEXT = "{T}: This creature deals 1 damage to any target."
LEGACY_TEXT = "When this creature dies, you gain 3 life."

FIRE_WHIP = card(
    "Test Fire Whip",
    printed=Printed(
        "{1}{R}", "Enchantment — Aura", f'Enchant creature\nEnchanted creature has "{WHIP_TEXT}"'
    ),
    abilities=(
        Enchant(TARGET_CREATURE, text="Enchant creature"),
        EnchantedHas(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
                text=WHIP_TEXT,
            ),
            text=f'enchanted creature has "{WHIP_TEXT}"',
        ),
    ),
)

LEGACY = card(
    "Test Legacy",
    printed=Printed(
        "{W}", "Enchantment — Aura", f'Enchant creature\nEnchanted creature has "{LEGACY_TEXT}"'
    ),
    abilities=(
        Enchant(TARGET_CREATURE, text="Enchant creature"),
        EnchantedHas(
            TriggeredAbility(WhenDies(), (GainLife(3),), text=LEGACY_TEXT),
            text=f'enchanted creature has "{LEGACY_TEXT}"',
        ),
    ),
)

HERMIT_TEXT = "When you control no other creatures, sacrifice Test Lonely Hermit."

LONELY_HERMIT = card(
    "Test Lonely Hermit",
    printed=Printed("{G}", "Creature — Human", HERMIT_TEXT, pt=(2, 2)),
    abilities=(
        TriggeredAbility(WhenYouControlNoOther("Creature"), (SacrificeSelf(),), text=HERMIT_TEXT),
    ),
)

WEAKEN = card(
    "Test Weaken",
    printed=Printed("{B}", "Instant", "Until your next turn, target creature gets -2/-0."),
    spell=SpellAbility(
        targets=(TARGET_CREATURE,), effects=(PumpTarget(-2, 0, until_your_next_turn=True),)
    ),
)


@dataclass(frozen=True, slots=True)
class TargetPlayerGetsPoisonCounters(Effect):
    """ "Target player gets N poison counters." (122.1f)"""

    count: int

    async def resolve(self, resolution: Resolution) -> None:
        target = resolution.recipient(0)
        if isinstance(target, tuple):
            resolution.game.give_poison_counters(target[1], self.count)


TOXIC_DART = card(
    "Test Toxic Dart",
    printed=Printed("{B}", "Instant", "Target player gets two poison counters."),
    spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(TargetPlayerGetsPoisonCounters(2),)),
)


@dataclass(frozen=True, slots=True)
class TestDeathtouch(DamageResult):
    """A stand-in for the deathtouch keyword (702.2b), which a keyword plugin provides:
    a creature dealt damage by its object is destroyed as a state-based action."""

    __test__ = False
    text: str = "Deathtouch"

    def after_damage(
        self,
        game: manaweave.lowlevel.Game,
        source: manaweave.lowlevel.GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        mark_deathtouch_damage(game, target)


@dataclass(frozen=True, slots=True)
class _BackToTheBattlefield(manaweave.lowlevel.ReplacementEffect):
    events = (manaweave.lowlevel.ZoneChangeEvent,)

    def applies(
        self, game: manaweave.lowlevel.Game, event: manaweave.lowlevel.ZoneChangeEvent
    ) -> bool:
        return event.obj.id == self.source and event.to is manaweave.Zone.GRAVEYARD

    async def apply(
        self, game: manaweave.lowlevel.Game, event: manaweave.lowlevel.ZoneChangeEvent
    ) -> object:
        return manaweave.lowlevel.ZoneChangeEvent(event.obj, manaweave.Zone.BATTLEFIELD)


@dataclass(frozen=True, slots=True)
class ReturnsInsteadOfGraveyard(ReplacementAbility):
    """ "If [this] would be put into a graveyard from the battlefield, return it to the
    battlefield instead": with 0 toughness, a loop of state-based actions (104.4b)."""

    __test__ = False
    text: str = ""

    def replacement_effects(
        self, game: manaweave.lowlevel.Game, source: manaweave.lowlevel.GameObject
    ) -> list[manaweave.lowlevel.ReplacementEffect]:
        return [
            _BackToTheBattlefield(
                source.id,
                source.controller,
                self.text,
                source.name,
                manaweave.lowlevel.Duration.PERMANENT,
            )
        ]


BLADE_TEXT = "{1}: Attach Test Blade to target creature you control. Activate only as a sorcery."

CARDS = (
    SHIELD_OF_THREE,
    TOXIC_DART,
    WEAKEN,
    LONELY_HERMIT,
    FIRE_WHIP,
    LEGACY,
    WITHER,
    SHRINK,
    _instant("Test Wilt", "Target creature becomes 0/1 until end of turn.", Becomes(pt=(0, 1))),
    _instant("Test Brace", "Target creature gets +0/+1 until end of turn.", PumpTarget(0, 1)),
    _instant("Test Heave", "Target creature gets +5/+0 until end of turn.", PumpTarget(5, 0)),
    _instant("Test Might", "Target creature gets +4/+4 until end of turn.", PumpTarget(4, 4)),
    _instant(
        "Test Twist",
        "Switch target creature's power and toughness until end of turn.",
        SwitchTarget(),
    ),
    _instant(
        "Test Bleach", "Target creature becomes white until end of turn.", Becomes(colors=("W",))
    ),
    _instant(
        "Test Redden", "Target creature becomes red until end of turn.", Becomes(colors=("R",))
    ),
    _instant("Test Blessing", "Put a +1/+1 counter on target creature.", PutCounters("+1/+1", 1)),
    card("Test Zombie", printed=Printed("{1}{B}", "Creature — Zombie", pt=(2, 2))),
    card(
        "Test Whitewash",
        printed=Printed(
            "{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature is white."
        ),
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedIs(("W",), text="Enchanted creature is white."),
        ),
    ),
    card(
        "Test Bulwark",
        printed=Printed("{W}", "Enchantment", "Creatures you control get +0/+2."),
        abilities=(CreaturesGet(0, 2, text="Creatures you control get +0/+2."),),
    ),
    card(
        "Test Relic",
        printed=Printed("{1}", "Artifact", "Whenever a creature dies, you gain 1 life."),
        abilities=(
            TriggeredAbility(
                WhenDies(any_creature=True),
                (GainLife(1),),
                text="Whenever a creature dies, you gain 1 life.",
            ),
        ),
    ),
    card(
        "Test Landfall Watcher",
        printed=Printed(
            "{1}",
            "Artifact",
            "Whenever a land is put into a graveyard from the battlefield, you gain 1 life.",
        ),
        abilities=(
            TriggeredAbility(
                WheneverPutIntoGraveyardFromBattlefield("Land"),
                (GainLife(1),),
                text="Whenever a land is put into a graveyard from the battlefield, you gain "
                "1 life.",
            ),
        ),
    ),
    card(
        "Test Purge",
        printed=Printed("{W}", "Sorcery", "Destroy all artifacts, creatures, and enchantments."),
        spell=SpellAbility(effects=(DestroyAll(("Artifact", "Creature", "Enchantment")),)),
    ),
    card(
        "Test Armageddon",
        printed=Printed("{W}", "Sorcery", "Destroy all lands."),
        spell=SpellAbility(effects=(DestroyAll(("Land",)),)),
    ),
    card(
        "Test Rest",
        printed=Printed(
            "{1}{W}",
            "Enchantment",
            "If a card or token would be put into a graveyard from anywhere, exile it instead.",
        ),
        abilities=(
            GraveyardExileInstead(
                text="If a card or token would be put into a graveyard from anywhere, exile it "
                "instead."
            ),
        ),
    ),
    card(
        "Test Phoenix",
        printed=Printed(
            "{3}{R}",
            "Creature — Phoenix",
            "If Test Phoenix would die, shuffle it into its owner's library instead.",
            pt=(2, 2),
        ),
        abilities=(
            ShuffleInsteadOfDying(
                text="If Test Phoenix would die, shuffle it into its owner's library instead."
            ),
        ),
    ),
    card(
        "Humility",
        printed=Printed(
            "{2}{W}{W}",
            "Enchantment",
            "All creatures lose all abilities and have base power and toughness 1/1.",
        ),
        abilities=(
            CreaturesLoseAbilitiesAndAre(
                1, 1, text="All creatures lose all abilities and have base power and toughness 1/1."
            ),
        ),
    ),
    card(
        "Opalescence",
        printed=Printed(
            "{2}{W}{W}",
            "Enchantment",
            "Each other non-Aura enchantment is a creature in addition to its other types and has "
            "base power and toughness each equal to its mana value.",
        ),
        abilities=(
            OtherEnchantmentsAreCreatures(
                text="Each other non-Aura enchantment is a creature in addition to its other "
                "types and has base power and toughness each equal to its mana value."
            ),
        ),
    ),
    card(
        "Blood Moon",
        printed=Printed("{2}{R}", "Enchantment", "Nonbasic lands are Mountains."),
        abilities=(NonbasicLandsAre("Mountain", text="Nonbasic lands are Mountains."),),
    ),
    card(
        "Urborg, Tomb of Yawgmoth",
        printed=Printed(
            None, "Legendary Land", "Each land is a Swamp in addition to its other land types."
        ),
        abilities=(
            EachLandIsAlso(
                "Swamp", text="Each land is a Swamp in addition to its other land types."
            ),
        ),
    ),
    card(
        "Enchanted Evening",
        printed=Printed(
            "{3}{W/U}{W/U}",
            "Enchantment",
            "All permanents are enchantments in addition to their other types.",
        ),
        abilities=(
            AllPermanentsAre(
                "Enchantment",
                text="All permanents are enchantments in addition to their other types.",
            ),
        ),
    ),
    card(
        "Test Conspiracy",
        printed=Printed("{3}{B}{B}", "Enchantment", "Creatures you control are Slivers."),
        abilities=(CreaturesYouControlAre("Sliver", text="Creatures you control are Slivers."),),
    ),
    card(
        "Test Sleight",
        printed=Printed(
            "{U}",
            "Instant",
            "Change the text of target permanent by replacing all instances of white with green.",
        ),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.PERMANENT, "target permanent"),),
            effects=(ChangeText("white", "green"),),
        ),
    ),
    card(
        "Test Hack",
        printed=Printed(
            "{U}",
            "Instant",
            "Change the text of target permanent by replacing all instances of Mountain "
            "with Island.",
        ),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.PERMANENT, "target permanent"),),
            effects=(ChangeText("Mountain", "Island"),),
        ),
    ),
    card(
        "Test Sovereign",
        printed=Printed(
            "{W}",
            "Creature — Cat Noble",
            "At the beginning of your upkeep, if you have 40 or more life, you win the game.",
            pt=(1, 1),
        ),
        abilities=(
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (WinGame(),),
                condition=LifeAtLeast(40),
                text="At the beginning of your upkeep, if you have 40 or more life, you win "
                "the game.",
            ),
        ),
    ),
    card(
        "Test Foreman",
        printed=Printed(
            "{1}{G}", "Creature — Elf", "Creature spells you cast cost {1} less to cast.", pt=(1, 1)
        ),
        abilities=(
            SpellsCost(
                -1, types=("Creature",), text="Creature spells you cast cost {1} less to cast."
            ),
        ),
    ),
    card(
        "Test Bargain",
        printed=Printed(
            "{3}{B}{B}",
            "Sorcery",
            "You may pay 3 life and sacrifice a creature rather than pay this spell's mana cost.\n"
            "Draw two cards.",
        ),
        alternative_costs=(
            AlternativeCost(
                "pay 3 life and sacrifice a creature",
                costs=(PayLife(3), Sacrifice()),
            ),
        ),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Test Blade",
        printed=Printed(
            "{1}", "Artifact — Equipment", f"Equipped creature gets +2/+0.\n{BLADE_TEXT}"
        ),
        abilities=(
            EquippedGets(2, 0, text="Equipped creature gets +2/+0."),
            ActivatedAbility(
                ManaCost.parse("{1}"),
                (AttachSelf(0),),
                targets=(
                    TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True),
                ),
                sorcery_speed=True,
                text=BLADE_TEXT,
            ),
        ),
    ),
    card(
        "Test Worldly Calm",
        printed=Printed(
            "{2}{W}",
            "World Enchantment",
            "(A world permanent: when another enters, the older one is put into its owner's "
            "graveyard.)",
        ),
    ),
    card(
        "Test Viper",
        printed=Printed("{B}", "Creature — Snake", "Deathtouch", pt=(1, 1)),
        abilities=(TestDeathtouch(),),
    ),
    card(
        "Test Once Grower",
        printed=Printed(
            "{G}",
            "Creature — Elf",
            "{G}: Test Once Grower gets +1/+1 until end of turn. Activate only once each turn.",
            pt=(1, 1),
        ),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (PumpTarget(1, 1, target=SELF),),
                once_each_turn=True,
                text="{G}: Test Once Grower gets +1/+1 until end of turn. Activate only once "
                "each turn.",
            ),
        ),
    ),
    card(
        "Test Chronicle",
        printed=Printed(
            "{2}{G}",
            "Enchantment — Saga",
            "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after "
            "III.)\nI — Draw a card.\nII, III — You gain 2 life.",
        ),
        abilities=(
            *chapter(1, (DrawCards(1),), "I — Draw a card."),
            *chapter((2, 3), (GainLife(2),), "II, III — You gain 2 life."),
        ),
    ),
    card(
        "Test Contested Ridge",
        printed=Printed(
            "{2}{R}",
            "Battle",
            "(A battle with no battle type; its controller protects it.)",
            defense=4,
        ),
    ),
    card(
        "Test Sluggard",
        printed=Printed(
            "{1}{G}", "Creature — Sloth", "Test Sluggard enters the battlefield tapped.", pt=(2, 3)
        ),
        abilities=(EntersTappedUnless((), text="Test Sluggard enters the battlefield tapped."),),
    ),
    card(
        "Test Daunting Defender",
        printed=Printed(
            "{4}{W}",
            "Creature — Human Cleric",
            "If a source would deal damage to a Cleric creature you control, prevent 1 of "
            "that damage.",
            pt=(3, 3),
        ),
        abilities=(
            PreventSomeDamageToYourCreatures(
                1,
                subtypes=("Cleric",),
                text="If a source would deal damage to a Cleric creature you control, prevent "
                "1 of that damage.",
            ),
        ),
    ),
    card(
        "Test Apothecary",
        printed=Printed(
            "{1}{W}",
            "Creature — Human Cleric",
            "{T}: Prevent the next 1 damage that would be dealt to target creature and each "
            "other creature that shares a color with it this turn.",
            pt=(1, 1),
        ),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (
                    PreventNextDamageSharingColor(
                        1,
                        wording="Prevent the next 1 damage that would be dealt to target "
                        "creature and each other creature that shares a color with it this "
                        "turn.",
                    ),
                ),
                tap=True,
                targets=(TARGET_CREATURE,),
                text="{T}: Prevent the next 1 damage that would be dealt to target creature "
                "and each other creature that shares a color with it this turn.",
            ),
        ),
    ),
    card(
        "Test Manticore",
        printed=Printed(
            "{2}{R}",
            "Creature — Manticore",
            "When Test Manticore enters the battlefield, you may sacrifice another creature. "
            "When you do, Test Manticore deals damage equal to that creature's power to any "
            "target.",
            pt=(3, 3),
        ),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (
                    MaySacrificeThen(
                        Sacrifice("sacrifice another creature", another=True),
                        TriggeredAbility(
                            WhenYouDo(),
                            (DealDamage(SacrificedPower()),),
                            targets=(ANY_TARGET,),
                            text="When you do, Test Manticore deals damage equal to that "
                            "creature's power to any target.",
                        ),
                    ),
                ),
                text="When Test Manticore enters the battlefield, you may sacrifice another "
                "creature.",
            ),
        ),
    ),
    card(
        "Test Faithmender",
        printed=Printed(
            "{3}{W}",
            "Creature — Rhino Monk",
            "If you would gain life, you gain twice that much life instead.",
            pt=(3, 5),
        ),
        abilities=(
            LifeGainReplaced(
                "double", text="If you would gain life, you gain twice that much life instead."
            ),
        ),
    ),
    card(
        "Test Remedy",
        printed=Printed(
            "{2}{B}",
            "Enchantment",
            "If an opponent would gain life, that player loses that much life instead.",
        ),
        abilities=(
            LifeGainReplaced(
                "opponents lose",
                text="If an opponent would gain life, that player loses that much life instead.",
            ),
        ),
    ),
    card(
        "Test Lore of Life",
        printed=Printed(
            "{1}{U}", "Enchantment", "If you would gain life, draw that many cards instead."
        ),
        abilities=(
            LifeGainReplaced("draw", text="If you would gain life, draw that many cards instead."),
        ),
    ),
    card(
        "Test Recollection",
        printed=Printed(
            "{1}{B}",
            "Enchantment",
            "If you would draw a card, return a card from your graveyard to your hand instead.",
        ),
        abilities=(
            ReturnCardInsteadOfDrawing(
                text="If you would draw a card, return a card from your graveyard to your "
                "hand instead."
            ),
        ),
    ),
    card(
        "Test Flare",
        printed=Printed(
            "{X}{R}", "Instant", "X can't be 0.\nTest Flare deals X damage to any target."
        ),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(X),)),
        x_minimum=1,
    ),
    card(
        "Test Ebb",
        printed=Printed("{1}{B}", "Enchantment", "Whenever you gain life, you lose 1 life."),
        abilities=(
            TriggeredAbility(
                WheneverYouGainLife(),
                (LoseLife(1, player=YOU),),
                text="Whenever you gain life, you lose 1 life.",
            ),
        ),
    ),
    card(
        "Test Flow",
        printed=Printed("{1}{W}", "Enchantment", "Whenever you lose life, you gain 1 life."),
        abilities=(
            TriggeredAbility(
                WheneverYouLoseLife(),
                (GainLife(1),),
                text="Whenever you lose life, you gain 1 life.",
            ),
        ),
    ),
    card(
        "Test Kind Flow",
        printed=Printed("{1}{W}", "Enchantment", "Whenever you lose life, you may gain 1 life."),
        abilities=(
            TriggeredAbility(
                WheneverYouLoseLife(),
                (GainLife(1),),
                optional=True,
                text="Whenever you lose life, you may gain 1 life.",
            ),
        ),
    ),
    card(
        "Test Restless Wisp",
        printed=Printed(
            "{1}",
            "Creature — Spirit",
            "If Test Restless Wisp would be put into a graveyard from the battlefield, return it "
            "to the battlefield instead.",
            pt=(0, 0),
        ),
        abilities=(
            ReturnsInsteadOfGraveyard(
                text="If Test Restless Wisp would be put into a graveyard from the "
                "battlefield, return it to the battlefield instead."
            ),
        ),
    ),
    card(
        "Test Manifester",
        printed=Printed("{1}{G}", "Sorcery", "Manifest the top card of your library."),
        spell=SpellAbility(effects=(Manifest(),)),
    ),
    card(
        "Test Deflection",
        printed=Printed(
            "{3}{U}", "Instant", "Change the target of target spell with a single target."
        ),
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.SPELL, "target spell with a single target", single_target=True
                ),
            ),
            effects=(ChangeTargets(0),),
        ),
    ),
    card(
        "Test March of Metal",
        printed=Printed(
            "{2}{U}",
            "Instant",
            "All noncreature artifacts become 2/2 artifact creatures until end of turn.",
        ),
        spell=SpellAbility(
            effects=(
                AllBecome(
                    "Artifact",
                    not_type="Creature",
                    types=("Creature",),
                    pt=(2, 2),
                    wording="All noncreature artifacts become 2/2 artifact creatures until "
                    "end of turn.",
                ),
            ),
        ),
    ),
    card(
        "Test Capped Hydra",
        printed=Printed(
            "{G}",
            "Creature — Hydra",
            "{G}: Put two +1/+1 counters on Test Capped Hydra.\nTest Capped Hydra can't have "
            "more than three +1/+1 counters on it.",
            pt=(0, 1),
        ),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (PutCounters("+1/+1", 2, target=SELF),),
                text="{G}: Put two +1/+1 counters on Test Capped Hydra.",
            ),
            CantHaveMoreThan(
                "+1/+1",
                3,
                text="Test Capped Hydra can't have more than three +1/+1 counters on it.",
            ),
        ),
    ),
    card(
        "Test Monster Role",
        printed=Printed(
            "{G}", "Enchantment — Aura Role", "Enchant creature\nEnchanted creature gets +1/+1."
        ),
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(1, 1, text="Enchanted creature gets +1/+1."),
        ),
    ),
    card(
        "Test Hellkite",
        printed=Printed(
            "{3}{R}",
            "Creature — Dragon",
            "When Test Hellkite enters the battlefield, it deals 3 damage divided as you choose "
            "among one, two, or three targets.",
            pt=(3, 3),
        ),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (DealDividedDamage(3),),
                targets=(
                    TargetSpec(TargetKind.ANY, "one, two, or three targets", count=3, minimum=1),
                ),
                text="When Test Hellkite enters the battlefield, it deals 3 damage divided as "
                "you choose among one, two, or three targets.",
            ),
        ),
    ),
    card(
        "Test Prism Courier",
        printed=Printed(
            "{4}{U}", "Creature — Shapeshifter", "Test Prism Courier is all colors.", pt=(2, 2)
        ),
        abilities=(IsColors(text="Test Prism Courier is all colors."),),
    ),
    card(
        "Test Dusk",
        printed=Printed("{2}{B}", "Enchantment", "Creatures are black."),
        abilities=(CreaturesAreColor("B", text="Creatures are black."),),
    ),
    card(
        "Test Underdog Banner",
        printed=Printed(
            "{1}{W}", "Enchantment", "Creatures you control with power 2 or less get +1/+1."
        ),
        abilities=(
            CreaturesGet(
                1,
                1,
                power_at_most=2,
                text="Creatures you control with power 2 or less get +1/+1.",
            ),
        ),
    ),
    card(
        "Test Scales",
        printed=Printed(
            "{G}",
            "Enchantment",
            "If one or more +1/+1 counters would be put on a creature you control, that many plus "
            "one +1/+1 counters are put on it instead.",
        ),
        abilities=(
            MoreCountersOnYourCreatures(
                text="If one or more +1/+1 counters would be put on a creature you control, "
                "that many plus one +1/+1 counters are put on it instead."
            ),
        ),
    ),
    card(
        "Test Ward of Vitality",
        printed=Printed(
            "{1}{W}",
            "Enchantment",
            "If you would lose life, you lose that much life minus 1 instead.",
        ),
        abilities=(
            LoseLessLife(
                1, text="If you would lose life, you lose that much life minus 1 instead."
            ),
        ),
    ),
    card(
        "Test Stasis Order",
        printed=Printed("{2}{U}{U}", "Sorcery", "Target player skips their next turn."),
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(SkipNext("turn", 0),)),
    ),
    card(
        "Test Frost Grip",
        printed=Printed("{U}", "Instant", "Target player skips their next untap step."),
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(SkipNext("untap step", 0),)),
    ),
    card(
        "Test Echo Mirror",
        printed=Printed(
            "{2}{U}", "Instant", "Copy target creature spell. (The copy becomes a token.)"
        ),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.SPELL, "target creature spell", types=("Creature",)),),
            effects=(CopyTargetSpell(0, new_targets=False),),
        ),
    ),
    card(
        "Test Parallel Lives",
        printed=Printed(
            "{3}{G}",
            "Enchantment",
            "If an effect would create one or more tokens under your control, it creates twice "
            "that many of those tokens instead.",
        ),
        abilities=(
            MoreTokensForYou(
                text="If an effect would create one or more tokens under your control, it "
                "creates twice that many of those tokens instead."
            ),
        ),
    ),
    card(
        "Test Idle Hour",
        printed=Printed("{U}", "Instant", "Target player skips their next precombat main phase."),
        spell=SpellAbility(
            targets=(TARGET_PLAYER,), effects=(SkipNext("precombat main phase", 0),)
        ),
    ),
    card(
        "Test Grand Deflection",
        printed=Printed("{3}{U}", "Instant", "Change the targets of target spell."),
        spell=SpellAbility(targets=(TARGET_SPELL,), effects=(ChangeTargets(0, "the"),)),
    ),
    card(
        "Test Glancing Blow",
        printed=Printed("{1}{U}", "Instant", "Change a target of target spell."),
        spell=SpellAbility(targets=(TARGET_SPELL,), effects=(ChangeTargets(0, "a"),)),
    ),
    card(
        "Test Lesser Double",
        printed=Printed(
            "{2}{U}",
            "Creature — Shapeshifter",
            "You may have Test Lesser Double enter the battlefield as a copy of any creature on "
            "the battlefield, except it's 1/1 and it isn't legendary.",
            pt=(0, 0),
        ),
        abilities=(
            EntersAsCopy(
                text="You may have Test Lesser Double enter the battlefield as a copy of any "
                "creature on the battlefield, except it's 1/1 and it isn't legendary.",
                pt=(1, 1),
                not_legendary=True,
            ),
        ),
    ),
    card(
        "Test Warlord Kresh",
        printed=Printed("{3}{R}{G}", "Legendary Creature — Human Warrior", pt=(3, 3)),
    ),
    card(
        "Test Borrowed Insight",
        printed=Printed(
            "{U}",
            "Instant",
            'Target creature gains "Whenever this creature deals combat damage to a player, draw '
            'a card" until end of turn.',
        ),
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(
                GainsUntilEndOfTurn(
                    TriggeredAbility(
                        WheneverDealsCombatDamageToPlayer(),
                        (DrawCards(1),),
                        text="Whenever this creature deals combat damage to a player, draw a card.",
                    )
                ),
            ),
        ),
    ),
    card(
        "Test Last Rites",
        printed=Printed(
            "{1}{W}",
            "Instant",
            "Target creature gets +1/+1 until end of turn. When that creature leaves the "
            "battlefield, you gain 3 life.",
        ),
        spell=SpellAbility(
            targets=(TARGET_CREATURE,),
            effects=(
                PumpTarget(1, 1),
                WhenThatLeaves(
                    (GainLife(3),),
                    wording="When that creature leaves the battlefield, you gain 3 life.",
                ),
            ),
        ),
    ),
    card(
        "Test Mistform Mimic",
        printed=Printed(
            "{2}{U}",
            "Creature — Illusion",
            "Test Mistform Mimic is every creature type.",
            pt=(2, 2),
        ),
        abilities=(IsEveryCreatureType(text="Test Mistform Mimic is every creature type."),),
    ),
    card(
        "Test Dawn Sage",
        printed=Printed(
            "{1}{W}",
            "Creature — Human Cleric",
            "White spells you cast cost {W} less to cast.",
            pt=(1, 2),
        ),
        abilities=(
            SpellsCost(
                0,
                colors=("W",),
                less_colored="W",
                text="White spells you cast cost {W} less to cast.",
            ),
        ),
    ),
)


class TestCards:
    """A plugin adding the test-only cards: ``Scenario(plugins=[TestCards()])``."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set."""
        return [CardSet("TST", "Test cards", CARDS)]

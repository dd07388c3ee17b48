"""Rules tests for protection (CR 702.16): the four parts, DEBT: damage from sources with the
quality is prevented (702.16e), the permanent can't be enchanted or equipped by such
permanents (702.16c-d; those attached fall off as state-based actions, 704.5m-n), can't be
blocked by such creatures (702.16f), and can't be targeted by such spells and abilities
(702.16b); the qualities (colours, multicoloured, card types, subtypes, players,
everything: 702.16a, 702.16j-k), several abilities (702.16g-h), redundant ones (702.16m),
and effects that don't remove some Auras (702.16n, 702.16p).

The cards are those of :class:`ProtectionCards` below: real cards with their Oracle text,
and "Test ..." cards that put one rule in a plain body.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from _support import first, sba_rules

import manaweave
from manaweave import DecisionKind, ManaCost, Step, TargetOption
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    AttachSelf,
    CardDefinition,
    CardSet,
    ChangeText,
    DealDamage,
    DestroyAll,
    Effect,
    EnchantedGets,
    EnchantedHas,
    EquippedGets,
    GainLife,
    GainsUntilEndOfTurn,
    Printed,
    Resolution,
    SpellAbility,
    TargetKind,
    TargetSpec,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flying import Flying
from manaweave.keywords.protection import (
    EnchantedHasProtection,
    GainsProtectionFromChosenColor,
    Protection,
    protection_from,
)
from manaweave.testing import Scenario, ScenarioError

_ENCHANT_CREATURE = Enchant(TARGET_CREATURE, text="Enchant creature")
_SQUIRE = "{T}: Attach target Equipment you control to target creature you control."


@dataclass(frozen=True, slots=True)
class AttachTargetEquipment(Effect):
    """ "Attach target Equipment to target creature" (CR 701.3a): the first target is
    attached to the second, if the game allows (701.3b)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        equipment, creature = resolution.targets
        if isinstance(equipment, int) and isinstance(creature, int):
            game.attach(game.objects[equipment], game.objects[creature])


_YOUR_CREATURE = TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True)
_STAVE_OFF = "Target creature gains protection from the color of your choice until end of turn."
_MOTHER = (
    "{T}: Target creature you control gains protection from the color of your choice until "
    "end of turn."
)
_EQUIP = "Equip {1}"

CARDS: tuple[CardDefinition, ...] = (
    card(
        "Paladin en-Vec",
        printed=Printed(
            "{1}{W}{W}",
            "Creature — Human Knight",
            "First strike, protection from black and from red",
            pt=(2, 2),
        ),
        abilities=(FirstStrike(), *protection_from("B", "R")),
    ),
    card(
        "Basri's Lieutenant",
        printed=Printed(
            "{3}{W}",
            "Creature — Human Knight",
            "Vigilance, protection from multicolored",
            pt=(3, 4),
        ),
        abilities=(Protection(multicolored=True),),
    ),
    card(
        "Test Dragon",
        printed=Printed("{3}{R}", "Creature — Dragon", "Flying", pt=(4, 4)),
        abilities=(Flying(),),
    ),
    card(
        "Test Untouchable Wisp",
        printed=Printed("{2}{W}", "Creature — Spirit", "Protection from everything", pt=(1, 1)),
        abilities=(Protection(everything=True),),
    ),
    card(
        "Test Cinder Reaver", printed=Printed("{B}{R}", "Creature — Zombie Warrior", "", pt=(3, 3))
    ),
    card(
        "Stave Off",
        printed=Printed("{W}", "Instant", _STAVE_OFF),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(GainsProtectionFromChosenColor(),)),
    ),
    card(
        "Mother of Runes",
        printed=Printed("{W}", "Creature — Human Cleric", _MOTHER, pt=(1, 1)),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (GainsProtectionFromChosenColor(),),
                tap=True,
                targets=(_YOUR_CREATURE,),
                text=_MOTHER,
            ),
        ),
    ),
    card(
        "Lightning Helix",
        printed=Printed(
            "{R}{W}", "Instant", "Lightning Helix deals 3 damage to any target and you gain 3 life."
        ),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(3), GainLife(3))),
    ),
    card(
        "Damnation",
        printed=Printed(
            "{2}{B}{B}", "Sorcery", "Destroy all creatures. They can't be regenerated."
        ),
        spell=SpellAbility(effects=(DestroyAll(("Creature",), regenerable=False),)),
    ),
    card(
        "Test Oath of Sanctuary",
        printed=Printed(
            "{W}", "Instant", "Target creature gains protection from player:1 until end of turn."
        ),
        spell=SpellAbility(
            targets=(TARGET_CREATURE,), effects=(GainsUntilEndOfTurn(Protection(player=1)),)
        ),
    ),
    card(
        "Brass Squire",
        printed=Printed("{3}", "Artifact Creature — Myr", _SQUIRE, pt=(1, 3)),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (AttachTargetEquipment(),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target Equipment you control",
                        subtypes=("Equipment",),
                        yours=True,
                    ),
                    _YOUR_CREATURE,
                ),
                text=_SQUIRE,
            ),
        ),
    ),
    card(
        "Test Sleight of Mind",
        printed=Printed(
            "{U}",
            "Instant",
            "Change the text of target permanent by replacing all instances of black with green.",
        ),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.PERMANENT, "target permanent"),),
            effects=(ChangeText("black", "green"),),
        ),
    ),
    card(
        "Test Ember Mantle",
        printed=Printed(
            "{R}", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets +2/+0."
        ),
        abilities=(_ENCHANT_CREATURE, EnchantedGets(2, 0, text="Enchanted creature gets +2/+0.")),
    ),
    card(
        "Test Ember Blade",
        printed=Printed("{R}", "Artifact — Equipment", f"Equipped creature gets +1/+0.\n{_EQUIP}"),
        abilities=(
            EquippedGets(1, 0, text="Equipped creature gets +1/+0."),
            ActivatedAbility(
                ManaCost.parse("{1}"),
                (AttachSelf(0),),
                targets=(_YOUR_CREATURE,),
                sorcery_speed=True,
                keyword="Equip",
                text=_EQUIP,
            ),
        ),
    ),
    card(
        "Spirit Mantle",
        printed=Printed(
            "{1}{W}",
            "Enchantment — Aura",
            "Enchant creature\nEnchanted creature gets +1/+1 and has protection from creatures.",
        ),
        abilities=(
            _ENCHANT_CREATURE,
            EnchantedGets(1, 1, text="Enchanted creature gets +1/+1."),
            EnchantedHas(
                Protection(card_type="Creature"),
                text="Enchanted creature has protection from creatures.",
            ),
        ),
    ),
    card(
        "Spectra Ward",
        printed=Printed(
            "{3}{W}{W}",
            "Enchantment — Aura",
            "Enchant creature\nEnchanted creature gets +2/+2 and has protection from all colors. "
            "This effect doesn't remove Auras.",
        ),
        abilities=(
            _ENCHANT_CREATURE,
            EnchantedGets(2, 2, text="Enchanted creature gets +2/+2."),
            EnchantedHasProtection(
                protection_from(),
                doesnt_remove="auras",
                text="Enchanted creature has protection from all colors. "
                "This effect doesn't remove Auras.",
            ),
        ),
    ),
    card(
        "Test Crimson Ward",
        printed=Printed(
            "{R}",
            "Enchantment — Aura",
            "Enchant creature\nEnchanted creature has protection from red. "
            "This effect doesn't remove Test Crimson Ward.",
        ),
        abilities=(
            _ENCHANT_CREATURE,
            EnchantedHasProtection(
                (Protection(color="R"),),
                doesnt_remove="this aura",
                text="Enchanted creature has protection from red. "
                "This effect doesn't remove Test Crimson Ward.",
            ),
        ),
    ),
    card(
        "Test Kindred Blessing",
        printed=Printed(
            "{R}",
            "Enchantment — Aura",
            "Enchant creature\nEnchanted creature has protection from red. This effect "
            "doesn't remove permanents already attached to that creature.",
        ),
        abilities=(
            _ENCHANT_CREATURE,
            EnchantedHasProtection(
                (Protection(color="R"),),
                doesnt_remove="already attached",
                text="Enchanted creature has protection from red. This effect doesn't "
                "remove permanents already attached to that creature.",
            ),
        ),
    ),
)


class ProtectionCards:
    """A plugin adding these test cards: ``Scenario(plugins=[ProtectionCards()])``."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The protection test set."""
        return [CardSet("TPR", "Protection test cards", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[ProtectionCards()], **kwargs)  # type: ignore[arg-type]


def offered_targets(s: Scenario, player: int) -> list[set[str]]:
    """For each target decision of ``player``, the names of the objects offered."""
    return [
        {
            o.name.split(" #")[0]
            for o in asked.options
            if isinstance(o, TargetOption) and o.object is not None
        }
        for asked in s.decisions.of_kind(DecisionKind.TARGET, player)
    ]


def castable(s: Scenario, player: int, name: str) -> bool:
    """Whether ``player`` was ever offered to cast ``name``."""
    return any(name in asked.casts for asked in s.decisions.priority(player))


def prevented(s: Scenario) -> list[tuple[str, str, int]]:
    """Each protection prevention: (rule, the ability's text, the amount)."""
    return [
        (e["rule"], e["text"], e["amount"])
        for e in s.events("damage_prevented")
        if e["rule"] == "702.16e"
    ]


# --- the quality and the ability (702.16a, 702.16g) ---------------------------------------------


@pytest.mark.rules("702.16a", "702.16g")
def test_the_ability_is_written_from_its_quality() -> None:
    assert Protection(color="B").text == "Protection from black"
    assert Protection(card_type="Creature").text == "Protection from creatures"
    assert Protection(subtype="Dragon").text == "Protection from Dragons"
    assert Protection(multicolored=True).text == "Protection from multicolored"
    assert Protection(everything=True).text == "Protection from everything"
    assert [p.text for p in protection_from("B", "R")] == [
        "Protection from black",
        "Protection from red",
    ]
    with pytest.raises(ValueError, match="exactly one quality"):
        Protection(color="B", card_type="Creature")
    with pytest.raises(ValueError, match="exactly one quality"):
        Protection()


@pytest.mark.rules("702.16a", "612.2", "702.16b")
def test_a_text_change_changes_the_colour_protected_from() -> None:
    # "Protection from black" becomes "protection from green": Doom Blade may now target
    # the Knight, and Giant Growth may not.
    s = scenario()
    s.add(0, "battlefield", "White Knight", "Island", "Forest")
    s.add(0, "hand", "Test Sleight of Mind", "Giant Growth")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(0, "Test Sleight of Mind", targets=["White Knight"])
    s.cast(1, "Doom Blade", targets=["White Knight"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert s.graveyard(0) == ["Test Sleight of Mind", "White Knight"]
    in_end_step = s.decisions.priority(0, turn=1, step=Step.END)
    assert in_end_step
    assert all("Giant Growth" not in asked.casts for asked in in_end_step)
    assert castable(s, 0, "Giant Growth")  # before the change


# --- T: targeting (702.16b) --------------------------------------------------------------------


@pytest.mark.rules("702.16b", "115.1", "601.2c")
def test_protection_from_black_stops_black_spells_targeting_it() -> None:
    # Doom Blade ("destroy target nonblack creature") could target the white Knight but
    # for its protection; Lightning Bolt can.
    s = scenario()
    s.add(0, "battlefield", "White Knight")
    s.add(1, "battlefield", "Swamp", "Swamp", "Mountain")
    s.add(1, "hand", "Doom Blade", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["White Knight"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert s.graveyard(0) == ["White Knight"]
    assert not castable(s, 1, "Doom Blade")


@pytest.mark.rules("702.16b", "702.16g", "602.2b")
def test_protection_stops_abilities_from_sources_with_the_quality() -> None:
    # Prodigal Pyromancer is red: Paladin en-Vec (protection from black and from red) is
    # no legal target for its ability; White Knight (protection from black) is.
    s = scenario()
    s.add(0, "battlefield", "Paladin en-Vec", "White Knight")
    s.add(1, "battlefield", "Prodigal Pyromancer")
    s.activate(1, "Prodigal Pyromancer", targets=["White Knight"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert offered_targets(s, 1) == [{"White Knight", "Prodigal Pyromancer"}]
    assert first(s, "damage_dealt")["to_object"] == s.permanent("White Knight").id


@pytest.mark.rules("702.16b")
def test_protection_stops_its_controllers_own_spells_too() -> None:
    # Unlike hexproof (702.11b), protection doesn't ask who controls the spell.
    s = scenario()
    s.add(0, "battlefield", "Paladin en-Vec", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()
    assert offered_targets(s, 0) == [{"Grizzly Bears"}]


@pytest.mark.rules("702.16b", "608.2b", "608.2d")
def test_a_spell_fizzles_when_its_target_gains_protection_in_response() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mother of Runes")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.END)
    s.activate(
        0, "Mother of Runes", targets=["Grizzly Bears"], step=Step.END, when=lambda g: bool(g.stack)
    )
    s.choose(0, DecisionKind.COLOR, "red")
    s.run(until=(2, Step.UPKEEP))
    assert first(s, "spell_fizzled")["rule"] == "608.2b"
    assert s.battlefield(0) == ["Grizzly Bears", "Mother of Runes"]
    assert s.permanent("Grizzly Bears").damage == 0
    chosen = first(s, "decision_made", kind="color")
    assert chosen["rule"] == "608.2d"
    assert first(s, "effect_created", rule="611.2")["description"] == (
        'gains "Protection from red"'
    )


# --- D: damage (702.16e) -----------------------------------------------------------------------


@pytest.mark.rules("702.16e", "615.1", "120.3")
def test_damage_from_a_source_with_the_quality_is_prevented_even_without_targeting() -> None:
    # Pyroclasm (red) deals 2 damage to each creature: none to the Paladin.
    s = scenario()
    s.add(0, "battlefield", "Paladin en-Vec", "White Knight", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Pyroclasm")
    s.cast(1, "Pyroclasm", turn=2)
    s.run(until=(2, Step.END))
    assert s.battlefield(0) == ["Paladin en-Vec"]
    assert s.graveyard(0) == ["White Knight", "Grizzly Bears"]
    assert prevented(s) == [("702.16e", "Protection from red", 2)]
    record = first(s, "damage_prevented")
    assert record["target"] == s.permanent("Paladin en-Vec").id
    assert record["source"] == s.permanent("Paladin en-Vec").id
    assert s.permanent("Paladin en-Vec").damage == 0


@pytest.mark.rules("702.16e", "105.4", "510.2")
def test_protection_from_a_colour_prevents_damage_from_a_multicoloured_source_of_it() -> None:
    # The Paladin blocks the red and black Reaver: the Reaver's combat damage is prevented.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Paladin en-Vec")
    s.add(1, "battlefield", "Test Cinder Reaver")
    s.attack(1, "Test Cinder Reaver")
    s.block(0, "Paladin en-Vec", "Test Cinder Reaver")
    # Protection from black and from red both apply: the Paladin's controller chooses
    # which prevents the damage (616.1).
    s.choose(0, DecisionKind.REPLACEMENT_ORDER, "Paladin en-Vec")
    s.run(until=(2, Step.END))
    assert s.permanent("Paladin en-Vec").damage == 0
    assert s.permanent("Test Cinder Reaver").damage == 2
    (asked,) = s.decisions.of_kind(DecisionKind.REPLACEMENT_ORDER, 0)
    assert [str(o).split(": ")[1] for o in asked.options] == [
        "Protection from black",
        "Protection from red",
    ]
    assert prevented(s) == [("702.16e", "Protection from black", 3)]


@pytest.mark.rules("702.16e", "615.1", "510.2", "702.7b")
def test_a_protected_blocker_takes_no_damage_from_the_creature_it_blocks() -> None:
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "White Knight")
    s.add(1, "battlefield", "Zombie Goliath")
    s.attack(1, "Zombie Goliath")
    s.block(0, "White Knight", "Zombie Goliath")
    s.run(until=(2, Step.END))
    assert s.permanent("White Knight").damage == 0
    assert s.permanent("Zombie Goliath").damage == 2
    assert prevented(s) == [("702.16e", "Protection from black", 4)]
    assert first(s, "damage_prevented")["damage_source"] == s.permanent("Zombie Goliath").id


@pytest.mark.rules("702.16e", "702.16b", "702.16a")
def test_protection_from_multicolored() -> None:
    # Lightning Helix (red and white) can't target Basri's Lieutenant, Lightning Bolt
    # (red alone) can; the multicoloured Reaver's combat damage is prevented.
    s = scenario()
    s.add(0, "battlefield", "Basri's Lieutenant", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain", "Plains", "Test Cinder Reaver")
    s.add(1, "hand", "Lightning Helix")
    s.cast(1, "Lightning Helix", targets=["Grizzly Bears"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert offered_targets(s, 1) == [{"Grizzly Bears", "Test Cinder Reaver"}]

    fight = scenario(turn=2, active=1)
    fight.add(0, "battlefield", "Basri's Lieutenant")
    fight.add(1, "battlefield", "Test Cinder Reaver")
    fight.attack(1, "Test Cinder Reaver")
    fight.block(0, "Basri's Lieutenant", "Test Cinder Reaver")
    fight.run(until=(2, Step.END))
    assert prevented(fight) == [("702.16e", "Protection from multicolored", 3)]
    assert fight.permanent("Basri's Lieutenant").damage == 0
    assert fight.graveyard(1) == ["Test Cinder Reaver"]


@pytest.mark.rules("702.16m", "702.16e", "616.1")
def test_protection_from_the_same_quality_twice_is_redundant() -> None:
    # White Knight gains a second protection from black: one prevention effect, so its
    # controller has no order of effects to choose (616.1), and one line in the log.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "White Knight", "Plains")
    s.add(0, "hand", "Stave Off")
    s.add(1, "battlefield", "Zombie Goliath")
    s.cast(0, "Stave Off", targets=["White Knight"], turn=2, step=Step.BEGINNING_OF_COMBAT)
    s.choose(0, DecisionKind.COLOR, "black")
    s.attack(1, "Zombie Goliath")
    s.block(0, "White Knight", "Zombie Goliath")
    s.run(until=(2, Step.END))
    abilities = s.game.characteristics(s.permanent("White Knight")).abilities
    assert [a.text for a in abilities if isinstance(a, Protection)] == [
        "Protection from black",
        "Protection from black",
    ]
    assert prevented(s) == [("702.16e", "Protection from black", 4)]
    assert s.decisions.of_kind(DecisionKind.REPLACEMENT_ORDER) == []


# --- B: blocking (702.16f) ---------------------------------------------------------------------


@pytest.mark.rules("702.16f", "509.1b")
def test_an_attacker_with_protection_cant_be_blocked_by_creatures_with_the_quality() -> None:
    s = scenario()
    s.add(0, "battlefield", "White Knight")
    s.add(1, "battlefield", "Zombie Goliath", "Grizzly Bears")
    s.attack(0, "White Knight")
    s.block(1, "Zombie Goliath", "White Knight")
    with pytest.raises(ScenarioError, match="Zombie Goliath cannot block White Knight"):
        s.run()
    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Grizzly Bears blocks White Knight"]


@pytest.mark.rules("702.16f")
def test_a_creature_with_protection_may_block_a_creature_with_the_quality() -> None:
    # Only attacking creatures are spared blockers (702.16f): the Knight blocks the Zombie.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "White Knight")
    s.add(1, "battlefield", "Zombie Goliath")
    s.attack(1, "Zombie Goliath")
    s.block(0, "White Knight", "Zombie Goliath")
    s.run(until=(2, Step.END))
    assert first(s, "blockers_declared")["blockers"] == [
        [s.permanent("White Knight").id, s.permanent("Zombie Goliath").id]
    ]


@pytest.mark.rules("702.16f", "509.1h", "702.16e")
def test_protection_gained_after_blocks_leaves_the_attacker_blocked() -> None:
    # The Goliath blocks the Bears; then the Bears gain protection from black: they stay
    # blocked (509.1h), deal their damage, and take none.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mother of Runes")
    s.add(1, "battlefield", "Zombie Goliath")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Zombie Goliath", "Grizzly Bears")
    s.activate(0, "Mother of Runes", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.COLOR, "black")
    s.run()
    assert first(s, "blockers_declared")["blockers"] == [
        [s.permanent("Zombie Goliath").id, s.permanent("Grizzly Bears").id]
    ]
    assert s.life(1) == 20
    assert s.permanent("Grizzly Bears").damage == 0
    assert s.permanent("Zombie Goliath").damage == 2
    assert prevented(s) == [("702.16e", "Protection from black", 4)]


# --- E: enchanting and equipping (702.16c-d) -----------------------------------------------------


@pytest.mark.rules("702.16c", "702.16b", "303.4a")
def test_an_aura_with_the_quality_cant_target_the_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Paladin en-Vec", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Test Ember Mantle")
    s.cast(0, "Test Ember Mantle", targets=["Grizzly Bears"])
    s.run()
    assert offered_targets(s, 0) == [{"Grizzly Bears"}]


@pytest.mark.rules("702.16c", "704.5m", "303.4c", "704.3")
def test_a_red_aura_falls_off_a_creature_that_gains_protection_from_red() -> None:
    # The classic: Stave Off gives the enchanted Bears protection from red, and the red
    # Aura already attached is put into its owner's graveyard as a state-based action.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Plains")
    s.add(0, "hand", "Test Ember Mantle", "Stave Off")
    s.cast(0, "Test Ember Mantle", targets=["Grizzly Bears"])
    s.cast(0, "Stave Off", targets=["Grizzly Bears"], stack_empty=True)
    s.choose(0, DecisionKind.COLOR, "red")
    s.run()
    assert s.graveyard(0) == ["Stave Off", "Test Ember Mantle"]
    assert s.battlefield(0) == ["Grizzly Bears", "Mountain", "Plains"]
    assert s.power("Grizzly Bears") == 2
    assert sba_rules(s) == [["704.5m"]]
    moved = first(s, "object_moved", rule="704.5m")
    assert moved["to_zone"] == "graveyard"


@pytest.mark.rules("702.16d", "704.5n", "301.5c")
def test_a_red_equipment_becomes_unattached_but_stays() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Test Ember Blade", "Island", "Plains")
    s.add(0, "hand", "Stave Off")
    s.activate(0, "Test Ember Blade", targets=["Grizzly Bears"])
    s.cast(0, "Stave Off", targets=["Grizzly Bears"], stack_empty=True)
    s.choose(0, DecisionKind.COLOR, "red")
    s.run()
    blade = s.permanent("Test Ember Blade")
    assert blade.attached_to is None
    assert "Test Ember Blade" in s.battlefield(0)
    assert s.power("Grizzly Bears") == 2
    unattached = [e["unattached"] for e in s.events("state_based_actions_performed")]
    assert unattached == [[[blade.id, "704.5n"]]]
    assert first(s, "permanent_unattached")["rule"] == "704.5n"


@pytest.mark.rules("702.16d", "702.16b", "702.6a")
def test_an_equipment_with_the_quality_cant_equip_the_creature() -> None:
    # Its equip ability can't target Paladin en-Vec (a red source, 702.16b).
    s = scenario()
    s.add(0, "battlefield", "Paladin en-Vec", "Grizzly Bears", "Test Ember Blade", "Island")
    s.activate(0, "Test Ember Blade", targets=["Grizzly Bears"])
    s.run()
    assert offered_targets(s, 0) == [{"Grizzly Bears"}]


@pytest.mark.rules("701.3b", "702.16d", "701.3a")
def test_an_effect_that_attaches_an_equipment_to_a_creature_with_its_quality_does_nothing() -> None:
    # Brass Squire is colourless, so its ability may target Paladin en-Vec; but the red
    # Blade can't equip it, so the Blade doesn't move (701.3b). The Bears it may equip.
    s = scenario()
    s.add(0, "battlefield", "Brass Squire", "Paladin en-Vec", "Test Ember Blade")
    s.activate(0, "Brass Squire", targets=["Test Ember Blade", "Paladin en-Vec"])
    s.run()
    assert s.permanent("Test Ember Blade").attached_to is None
    assert s.events("permanent_attached") == []
    assert first(s, "ability_resolved")["rule"] == "608.2n"

    bears = scenario()
    bears.add(0, "battlefield", "Brass Squire", "Grizzly Bears", "Test Ember Blade")
    bears.activate(0, "Brass Squire", targets=["Test Ember Blade", "Grizzly Bears"])
    bears.run()
    assert bears.permanent("Test Ember Blade").attached_to == bears.permanent("Grizzly Bears").id


# --- what protection doesn't stop ----------------------------------------------------------------


@pytest.mark.rules("702.16b", "702.16e", "701.8a")
def test_protection_doesnt_stop_an_effect_that_neither_targets_nor_deals_damage() -> None:
    # Damnation is black, and destroys the White Knight with protection from black.
    s = scenario()
    s.add(0, "battlefield", "White Knight", "Paladin en-Vec")
    s.add(1, "battlefield", "Swamp", "Swamp", "Swamp", "Swamp")
    s.add(1, "hand", "Damnation")
    s.cast(1, "Damnation", turn=2)
    s.run(until=(2, Step.END))
    assert s.graveyard(0) == ["White Knight", "Paladin en-Vec"]
    assert prevented(s) == []


# --- qualities: card types, subtypes, players, everything ---------------------------------------


@pytest.mark.rules("702.16a", "702.16b", "702.16e", "702.16f")
def test_protection_from_creatures() -> None:
    # Spirit Mantle: the Bears can't be blocked by creatures, nor targeted by a creature's
    # ability, but a Lightning Bolt (not a creature) can target them.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains", "Plains")
    s.add(0, "hand", "Spirit Mantle")
    s.add(1, "battlefield", "Zombie Goliath", "Prodigal Pyromancer")
    s.cast(0, "Spirit Mantle", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")
    s.activate(1, "Prodigal Pyromancer", targets=["P1"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert s.decisions.of_kind(DecisionKind.BLOCKERS, 1) == []  # no creature may block
    assert s.life(1) == 17
    assert "Grizzly Bears" not in offered_targets(s, 1)[0]


@pytest.mark.rules("702.16a", "702.16e")
def test_protection_from_a_subtype() -> None:
    # Baneslayer Angel (protection from Dragons) blocks a Dragon and takes no damage.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Baneslayer Angel")
    s.add(1, "battlefield", "Test Dragon")
    s.attack(1, "Test Dragon")
    s.block(0, "Baneslayer Angel", "Test Dragon")
    s.run(until=(2, Step.END))
    assert s.graveyard(1) == ["Test Dragon"]
    assert s.permanent("Baneslayer Angel").damage == 0
    assert s.events("damage_prevented") == []  # first strike killed it first


@pytest.mark.rules("702.16a", "702.16f")
def test_protection_from_dragons_stops_a_dragon_blocking() -> None:
    s = scenario()
    s.add(0, "battlefield", "Baneslayer Angel")
    s.add(1, "battlefield", "Test Dragon")
    s.attack(0, "Baneslayer Angel")
    s.run()
    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []  # no legal block to offer
    assert s.life(1) == 15


@pytest.mark.rules("702.16j", "702.16b", "702.16e", "702.16f")
def test_protection_from_everything() -> None:
    # No spell targets the Wisp, its controller's included; no creature blocks it;
    # all damage to it is prevented, from any source; Wrath-like effects still destroy it.
    s = scenario()
    s.add(0, "battlefield", "Test Untouchable Wisp", "Grizzly Bears", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Zombie Goliath", "Mountain", "Mountain")
    s.add(1, "hand", "Pyroclasm")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.attack(0, "Test Untouchable Wisp")
    s.cast(1, "Pyroclasm", turn=2)
    s.run(until=(2, Step.END))
    assert offered_targets(s, 0) == [{"Grizzly Bears", "Zombie Goliath"}]
    assert s.decisions.of_kind(DecisionKind.BLOCKERS, 1) == []
    assert s.life(1) == 19
    assert s.battlefield(0) == ["Test Untouchable Wisp", "Forest"]
    assert prevented(s) == [("702.16e", "Protection from everything", 2)]


@pytest.mark.rules("702.16k", "702.16b", "702.16e", "702.16f")
def test_protection_from_a_player() -> None:
    # Protection from player 1: no spell or ability they control targets the Bears, their
    # creatures can't block them and their sources' damage is prevented; player 0's own
    # spells still target them.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains", "Mountain")
    s.add(0, "hand", "Test Oath of Sanctuary", "Lightning Bolt")
    s.add(1, "battlefield", "Zombie Goliath", "Prodigal Pyromancer", "Mountain", "Mountain")
    s.add(1, "hand", "Pyroclasm")
    s.cast(0, "Test Oath of Sanctuary", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")
    s.activate(1, "Prodigal Pyromancer", targets=["P1"], step=Step.POSTCOMBAT_MAIN)
    s.cast(0, "Lightning Bolt", targets=["Zombie Goliath"], step=Step.POSTCOMBAT_MAIN)
    s.run(until=(1, Step.END))
    assert s.decisions.of_kind(DecisionKind.BLOCKERS, 1) == []
    assert s.life(1) == 18
    assert "Grizzly Bears" not in offered_targets(s, 1)[0]
    assert "Grizzly Bears" in offered_targets(s, 0)[1]

    # Blocking a creature of theirs, the Bears take none of its damage.
    damage = scenario(turn=2, active=1)
    damage.add(0, "battlefield", "Grizzly Bears", "Plains")
    damage.add(0, "hand", "Test Oath of Sanctuary")
    damage.add(1, "battlefield", "Zombie Goliath")
    damage.attack(1, "Zombie Goliath")
    damage.cast(0, "Test Oath of Sanctuary", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    damage.block(0, "Grizzly Bears", "Zombie Goliath")
    damage.run(until=(2, Step.END))
    assert prevented(damage) == [("702.16e", "Protection from player:1", 4)]
    assert damage.permanent("Grizzly Bears").damage == 0
    assert damage.permanent("Zombie Goliath").damage == 2


# --- effects that don't remove some Auras (702.16n, 702.16p) -------------------------------------


@pytest.mark.rules("702.16n", "702.16h", "702.16d", "704.5n")
def test_an_effect_that_doesnt_remove_auras_leaves_them_but_not_equipment() -> None:
    # Spectra Ward: protection from all colours, which doesn't remove Auras. The black
    # Weakness stays; the red Blade falls off.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Test Ember Blade", "Island")
    s.add(0, "battlefield", *["Plains"] * 5, "Swamp")
    s.add(0, "hand", "Weakness", "Spectra Ward")
    s.activate(0, "Test Ember Blade", targets=["Grizzly Bears"])
    s.cast(0, "Weakness", targets=["Grizzly Bears"], stack_empty=True)
    s.cast(0, "Spectra Ward", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    bears = s.permanent("Grizzly Bears")
    assert s.permanent("Weakness").attached_to == bears.id
    assert s.permanent("Spectra Ward").attached_to == bears.id
    assert s.permanent("Test Ember Blade").attached_to is None
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 3)
    abilities = s.game.characteristics(bears).abilities
    assert len([a for a in abilities if isinstance(a, Protection)]) == 5


@pytest.mark.rules("702.16n", "702.16c", "704.5m")
def test_an_effect_that_doesnt_remove_its_own_aura_removes_the_others() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Test Ember Mantle", "Test Crimson Ward")
    s.cast(0, "Test Ember Mantle", targets=["Grizzly Bears"])
    s.cast(0, "Test Crimson Ward", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    assert s.permanent("Test Crimson Ward").attached_to == s.permanent("Grizzly Bears").id
    assert s.graveyard(0) == ["Test Ember Mantle"]
    assert sba_rules(s) == [["704.5m"]]


@pytest.mark.rules("702.16p", "702.16n", "704.5m")
def test_an_effect_that_doesnt_remove_what_was_already_attached() -> None:
    # The red Blessing gives protection from red that doesn't remove the red Mantle
    # already attached, nor the Blessing; a second protection from red (Stave Off)
    # affects them as normal.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain", "Plains")
    s.add(0, "hand", "Test Ember Mantle", "Test Kindred Blessing", "Stave Off")
    s.cast(0, "Test Ember Mantle", targets=["Grizzly Bears"])
    s.cast(0, "Test Kindred Blessing", targets=["Grizzly Bears"], stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    bears = s.permanent("Grizzly Bears")
    assert s.permanent("Test Ember Mantle").attached_to == bears.id
    assert s.permanent("Test Kindred Blessing").attached_to == bears.id
    assert sba_rules(s) == []

    again = scenario()
    again.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain", "Plains")
    again.add(0, "hand", "Test Ember Mantle", "Test Kindred Blessing", "Stave Off")
    again.cast(0, "Test Ember Mantle", targets=["Grizzly Bears"])
    again.cast(0, "Test Kindred Blessing", targets=["Grizzly Bears"], stack_empty=True)
    again.cast(0, "Stave Off", targets=["Grizzly Bears"], stack_empty=True)
    again.choose(0, DecisionKind.COLOR, "red")
    again.run()
    assert again.graveyard(0) == ["Stave Off", "Test Ember Mantle", "Test Kindred Blessing"]
    assert sba_rules(again) == [["704.5m", "704.5m"]]


@pytest.mark.rules("702.16p", "702.16c", "702.16b")
def test_what_wasnt_attached_yet_cant_become_attached() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Test Kindred Blessing", "Test Ember Mantle")
    s.cast(0, "Test Kindred Blessing", targets=["Grizzly Bears"])
    s.run()
    assert s.permanent("Test Kindred Blessing").attached_to == s.permanent("Grizzly Bears").id
    # The Bears were the only creature: with the Blessing on, the Mantle has no target.
    assert castable(s, 0, "Test Ember Mantle")
    last = s.decisions.priority(0)[-1]
    assert "Test Ember Mantle" not in last.casts

"""Rules tests from an audit of the keyword abilities in ``manaweave.keywords`` (CR 702):
interactions between keywords, and between a keyword and the rules it refers to, that
the tests of each keyword alone don't reach.

The cards are those of :class:`AuditCards` below: "Test ..." cards that put one rule in a
plain body.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _combat_cards import CombatCards
from _misc_keyword_cards import MiscKeywordCards
from _support import first, sba_rules

import manaweave
from manaweave import DecisionKind, Step
from manaweave.cards import (
    TARGET_CREATURE,
    Becomes,
    CardDefinition,
    CardSet,
    DealDamage,
    EnchantedGets,
    EquippedGets,
    Printed,
    SpellAbility,
    TargetKind,
    TargetSpec,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.equip import Equip
from manaweave.keywords.flash import Flash
from manaweave.testing import Scenario

CARDS: tuple[CardDefinition, ...] = (
    card(
        "Test Twin Sparks",
        printed=Printed(
            "{R}",
            "Instant",
            "Test Twin Sparks deals 1 damage to target creature and 1 damage to target creature.",
        ),
        spell=SpellAbility(
            targets=(TARGET_CREATURE, TARGET_CREATURE),
            effects=(DealDamage(1, 0), DealDamage(1, 1)),
        ),
    ),
    card(
        "Test Loyal Mantle",
        printed=Printed(
            "{W}",
            "Enchantment — Aura",
            "Enchant creature you control\nEnchanted creature gets +1/+1.",
        ),
        abilities=(
            Enchant(
                TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True),
                text="Enchant creature you control",
            ),
            EnchantedGets(1, 1, text="Enchanted creature gets +1/+1."),
        ),
    ),
    card(
        "Test Awaken Charm",
        printed=Printed(
            "{G}", "Instant", "Target enchantment becomes a 2/2 creature until end of turn."
        ),
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.PERMANENT, "target enchantment", types=("Enchantment",)),
            ),
            effects=(Becomes(types=("Creature",), pt=(2, 2)),),
        ),
    ),
    card(
        "Test Battle Standard",
        printed=Printed(
            "{W}",
            "Enchantment — Aura",
            "Flash\nEnchant attacking creature\nEnchanted creature gets +2/+0.",
        ),
        abilities=(
            Flash(),
            Enchant(
                TargetSpec(TargetKind.CREATURE, "target attacking creature", attacking=True),
                text="Enchant attacking creature",
            ),
            EnchantedGets(2, 0, text="Enchanted creature gets +2/+0."),
        ),
    ),
    card(
        "Test Steel Blade",
        printed=Printed("{1}", "Artifact — Equipment", "Equipped creature gets +1/+0.\nEquip {1}"),
        abilities=(EquippedGets(1, 0, text="Equipped creature gets +1/+0."), Equip("{1}")),
    ),
    card(
        "Test Quicken Steel",
        printed=Printed(
            "{U}", "Instant", "Target artifact becomes a 2/2 artifact creature until end of turn."
        ),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.PERMANENT, "target artifact", types=("Artifact",)),),
            effects=(Becomes(types=("Creature",), pt=(2, 2)),),
        ),
    ),
)


class AuditCards:
    """A plugin adding these test cards: ``Scenario(plugins=[AuditCards()])``."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The keyword audit test set."""
        return [CardSet("TKA", "Keyword audit test cards", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    plugins = [AuditCards(), MiscKeywordCards(), TestCards(), CombatCards()]
    return Scenario(plugins=plugins, **kwargs)  # type: ignore[arg-type]


# --- ward (702.21a) -----------------------------------------------------------------------------


@pytest.mark.rules("702.21a", "601.2c", "603.2")
def test_ward_triggers_once_for_a_spell_that_targets_it_twice() -> None:
    # The same creature may be chosen once for each instance of the word "target"
    # (601.2c), but it becomes the target of that one spell once: ward triggers once.
    s = scenario()
    s.add(0, "battlefield", "Test Warded Drake")
    s.add(1, "hand", "Test Twin Sparks")
    s.add(1, "battlefield", "Mountain", "Mountain", "Mountain")
    s.cast(1, "Test Twin Sparks", targets=["Test Warded Drake", "Test Warded Drake"], step=Step.END)
    s.choose(1, DecisionKind.MAY, "yes")
    s.run(until=(2, Step.UPKEEP))
    triggered = [e for e in s.events("ability_triggered") if e["card"] == "Test Warded Drake"]
    assert len(triggered) == 1
    assert first(s, "spell_cast", card="Test Twin Sparks")["seq"] == triggered[0]["trigger"]
    spent = [e for e in s.events("mana_spent") if e["rule"] == "702.21a"]
    assert [e["cost"] for e in spent] == ["{2}"]
    assert [e["amount"] for e in s.events("damage_dealt")] == [1, 1]


@pytest.mark.rules("702.21a", "115.7b", "603.2")
def test_ward_doesnt_trigger_again_when_another_target_of_the_spell_changes() -> None:
    # Only the new target becomes a target as a target is changed (115.7b): the warded
    # creature, a target all along, doesn't become one again.
    s = scenario()
    s.add(0, "battlefield", "Test Warded Drake", "Grizzly Bears", "Llanowar Elves")
    s.add(1, "hand", "Test Twin Sparks", "Test Glancing Blow")
    s.add(1, "battlefield", *["Island"] * 2, *["Mountain"] * 3)
    s.cast(1, "Test Twin Sparks", targets=["Test Warded Drake", "Grizzly Bears"], step=Step.END)
    s.choose(1, DecisionKind.MAY, "yes")
    s.cast(1, "Test Glancing Blow", targets=["Test Twin Sparks"], step=Step.END)
    s.choose(1, DecisionKind.NEW_TARGET, "target 2: Grizzly Bears")
    s.choose(1, DecisionKind.NEW_TARGET, "Llanowar Elves")
    s.run(until=(2, Step.UPKEEP))
    assert first(s, "targets_changed")["rule"] == "115.7b"
    triggered = [e for e in s.events("ability_triggered") if e["card"] == "Test Warded Drake"]
    assert len(triggered) == 1
    assert s.graveyard(0) == ["Llanowar Elves"]
    dealt = [(e["to_name"], e["amount"]) for e in s.events("damage_dealt")]
    assert dealt == [("Test Warded Drake", 1), ("Llanowar Elves", 1)]


# --- deathtouch and trample (702.2c, 702.19b) ---------------------------------------------------


@pytest.mark.rules("702.2c", "702.19b", "510.1c")
def test_deathtouch_damage_another_attacker_assigns_a_blocker_is_lethal_for_a_trampler() -> None:
    # Test Assassin (1/1 deathtouch) and Test Trampler (4/4) are both blocked by Test
    # Two-Headed Guard (2/4): the Rats' 1 damage is lethal damage (702.2c), and damage
    # other creatures assign in the same step counts (702.19b), so all of the Trampler's
    # damage may go to the player.
    s = scenario()
    s.add(0, "battlefield", "Test Assassin", "Test Trampler")
    s.add(1, "battlefield", "Test Two-Headed Guard")
    s.attack(0, "Test Assassin", "Test Trampler")
    s.block(1, "Test Two-Headed Guard", "Test Assassin")
    s.block(1, "Test Two-Headed Guard", "Test Trampler")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (0, 4))
    s.run(until=(1, Step.END))
    assert s.events("damage_assignment_rejected") == []
    assert s.life(1) == 16
    assert s.graveyard(1) == ["Test Two-Headed Guard"]
    assert s.graveyard(0) == ["Test Assassin"]
    # The Assassin dies of lethal damage, the Guard of deathtouch damage alone.
    assert sba_rules(s) == [["704.5g", "704.5h"]]


@pytest.mark.rules("702.2c", "702.19b", "510.1e")
def test_a_trampler_may_count_on_deathtouch_damage_an_attacker_assigned_after_it_gives() -> None:
    # Test Trampler (4/4) and Test Deathtouch Trampler (3/3) are both blocked by Test
    # Two-Headed Guard (2/4): the first may send all its damage past the Guard, counting
    # on the 1 deathtouch damage the second then assigns it (702.2c, 510.1e).
    s = scenario()
    s.add(0, "battlefield", "Test Trampler", "Test Deathtouch Trampler")
    s.add(1, "battlefield", "Test Two-Headed Guard")
    s.attack(0, "Test Trampler", "Test Deathtouch Trampler")
    s.block(1, "Test Two-Headed Guard", "Test Trampler")
    s.block(1, "Test Two-Headed Guard", "Test Deathtouch Trampler")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (0, 4))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 2))
    s.run(until=(1, Step.END))
    assert s.events("damage_assignment_rejected") == []
    assert s.life(1) == 14
    assert s.graveyard(1) == ["Test Two-Headed Guard"]
    assert sba_rules(s) == [["704.5h"]]


# --- enchant (702.5a, 303.4c) -------------------------------------------------------------------


@pytest.mark.rules("702.5a", "303.4c", "704.5m")
@pytest.mark.cards("Mind Control")
def test_an_aura_enchanting_a_creature_its_controller_no_longer_controls_is_put_away() -> None:
    # "Enchant creature you control": once the enchanted creature is another player's,
    # the Aura enchants an illegal object as its enchant ability defines it (303.4c).
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Test Loyal Mantle")
    s.cast(0, "Test Loyal Mantle", targets=["Grizzly Bears"])
    s.add(1, "hand", "Mind Control")
    s.add(1, "battlefield", *["Island"] * 5)
    s.cast(1, "Mind Control", targets=["Grizzly Bears"], turn=2, step=Step.PRECOMBAT_MAIN)
    s.run(until=(2, Step.END))
    assert s.graveyard(0) == ["Test Loyal Mantle"]
    assert sba_rules(s) == [["704.5m"]]
    assert s.permanent("Grizzly Bears").controller == 1


@pytest.mark.rules("303.4d", "704.5m")
def test_an_aura_that_becomes_a_creature_is_put_into_its_owners_graveyard() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains", "Forest")
    s.add(0, "hand", "Test Loyal Mantle", "Test Awaken Charm")
    s.cast(0, "Test Loyal Mantle", targets=["Grizzly Bears"])
    s.cast(0, "Test Awaken Charm", targets=["Test Loyal Mantle"], stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.graveyard(0) == ["Test Awaken Charm", "Test Loyal Mantle"]
    assert sba_rules(s) == [["704.5m"]]


@pytest.mark.rules("702.5a", "303.4c", "511.3", "704.5m")
def test_an_aura_enchanting_an_attacking_creature_goes_once_combat_is_over() -> None:
    # "Enchant attacking creature": once the end of combat step ends and the creature is
    # no longer attacking (511.3), the Aura enchants an illegal object (303.4c).
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Test Battle Standard")
    s.attack(0, "Grizzly Bears")
    s.cast(0, "Test Battle Standard", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.END))
    assert s.life(1) == 16  # 2 + 2 from the Aura while attacking
    assert s.graveyard(0) == ["Test Battle Standard"]
    (moved,) = s.events("state_based_actions_performed")
    assert moved["step"] == "postcombat_main"
    assert sba_rules(s) == [["704.5m"]]


# --- equip (702.6a, 301.5c, 701.3b) ------------------------------------------------------------


@pytest.mark.rules("702.6a", "301.5c", "701.3b")
@pytest.mark.parametrize("target", ["Grizzly Bears", "Test Steel Blade"])
def test_an_equipment_that_is_a_creature_doesnt_move_as_its_equip_ability_resolves(
    target: str,
) -> None:
    # An Equipment that's also a creature can't equip a creature, nor itself (301.5c):
    # an effect that tries to attach it leaves it where it is (701.3b).
    s = scenario()
    s.add(0, "battlefield", "Test Steel Blade", "Grizzly Bears", "Island", "Island")
    s.add(0, "hand", "Test Quicken Steel")
    s.cast(0, "Test Quicken Steel", targets=["Test Steel Blade"])
    s.activate(0, "Test Steel Blade", targets=[target], stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    activated = first(s, "ability_activated", text="Equip {1}")
    assert first(s, "ability_resolved")["object"] == activated["object"]
    assert s.events("permanent_attached") == []
    assert s.events("state_based_actions_performed") == []
    assert s.permanent("Test Steel Blade").attached_to is None

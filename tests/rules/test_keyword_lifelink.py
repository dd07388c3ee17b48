"""Rules tests for lifelink (CR 702.15): damage dealt by a source with lifelink causes its
controller to gain that much life (702.15b, 120.3), in combat or not, from any zone
(702.15d), as the source last existed (702.15c); prevented damage gains nothing (615.1);
the damage one source deals at one time is one life gain event, and each source's its own
(702.15e, 119.9-10).

Test cards are in ``tests/_misc_keyword_cards.py``: Child of Night, the Aura Lifelink,
Test Bloodthirsty Pinger ("{T}: deals 1 damage to any target", with lifelink) and Test
Sanguine Bolt (an instant with lifelink).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _misc_keyword_cards import MiscKeywordCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.keywords.lifelink import Lifelink
from manaweave.lowlevel import PluginHost
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MiscKeywordCards(), TestCards()])


def lifelink_gains(s: Scenario) -> list[tuple[int, int]]:
    """(player, life gained) of each life change lifelink caused."""
    return [(e["player"], e["delta"]) for e in s.events("life_changed") if e["rule"] == "702.15b"]


@pytest.mark.rules("702.15a", "702.15b", "510.2", "120.3")
def test_combat_damage_from_a_creature_with_lifelink_gains_its_controller_life() -> None:
    s = scenario()
    s.add(0, "battlefield", "Child of Night")
    s.attack(0, "Child of Night")
    s.run()
    assert (s.life(0), s.life(1)) == (22, 18)
    gained = first(s, "life_changed", rule="702.15b")
    damage = first(s, "damage_dealt", source_name="Child of Night")
    assert (gained["player"], gained["delta"], gained["life"]) == (0, 2, 22)
    assert damage["seq"] < gained["seq"]


@pytest.mark.rules("702.15b", "510.1c")
def test_damage_dealt_to_a_blocking_creature_gains_life_too() -> None:
    s = scenario()
    s.add(0, "battlefield", "Child of Night")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Child of Night")
    s.block(1, "Runeclaw Bear", "Child of Night")
    s.run()
    assert lifelink_gains(s) == [(0, 2)]
    assert s.graveyard(0) == ["Child of Night"]
    assert s.graveyard(1) == ["Runeclaw Bear"]


@pytest.mark.rules("702.15b", "615.1", "510.2")
def test_prevented_damage_gains_no_life() -> None:
    s = scenario()
    s.add(0, "battlefield", "Child of Night")
    s.add(1, "battlefield", "Forest")
    s.add(1, "hand", "Fog")
    s.attack(0, "Child of Night")
    s.cast(1, "Fog", step=Step.DECLARE_ATTACKERS)
    s.run()
    assert lifelink_gains(s) == []
    assert (s.life(0), s.life(1)) == (20, 20)


@pytest.mark.rules("702.15b", "615.7", "615.1")
def test_partly_prevented_damage_gains_only_what_was_dealt() -> None:
    s = scenario()
    s.add(0, "battlefield", "Child of Night")
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", "Bandage")
    s.attack(0, "Child of Night")
    s.cast(1, "Bandage", targets=["P2"], step=Step.DECLARE_ATTACKERS)
    s.run()
    assert lifelink_gains(s) == [(0, 1)]
    assert (s.life(0), s.life(1)) == (21, 19)


@pytest.mark.rules("702.15b", "119.10", "614.1a")
def test_the_life_gain_is_an_event_replacement_effects_modify() -> None:
    s = scenario()
    s.add(0, "battlefield", "Child of Night", "Test Faithmender")
    s.attack(0, "Child of Night")
    s.run()
    assert s.life(0) == 24
    assert first(s, "event_replaced")["player"] == 0


@pytest.mark.rules("702.15e", "119.9", "510.2", "603.2")
def test_two_sources_with_lifelink_cause_separate_life_gain_events() -> None:
    # Ajani's Pridemate triggers once for each life gain event.
    s = scenario()
    s.add(0, "battlefield", "Child of Night", "Test Bloodthirsty Pinger", "Ajani's Pridemate")
    s.attack(0, "Child of Night", "Test Bloodthirsty Pinger")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Ajani's Pridemate", "Ajani's Pridemate")
    s.run()
    assert lifelink_gains(s) == [(0, 2), (0, 1)]
    assert len(s.events("ability_triggered")) == 2
    assert s.permanent("Ajani's Pridemate").counters == {"+1/+1": 2}


@pytest.mark.rules("702.15e", "119.9", "510.2", "509.1a", "603.2")
def test_one_source_damaging_several_recipients_at_once_is_one_life_gain_event() -> None:
    # Child of Night, blocked by two Elite Vanguards, deals 1 to each at the same time:
    # one gain of 2, so Ajani's Pridemate triggers once.
    s = scenario()
    s.add(0, "battlefield", "Child of Night", "Ajani's Pridemate")
    s.add(1, "battlefield", "Elite Vanguard", "Elite Vanguard")
    s.attack(0, "Child of Night")
    s.block(1, "Elite Vanguard", "Child of Night")
    s.block(1, "Elite Vanguard", "Child of Night")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.run()
    assert len([e for e in s.events("damage_dealt") if e["source_name"] == "Child of Night"]) == 2
    assert lifelink_gains(s) == [(0, 2)]
    assert len(s.events("ability_triggered")) == 1
    assert s.permanent("Ajani's Pridemate").counters == {"+1/+1": 1}


@pytest.mark.rules("702.15b", "602.2", "120.3")
def test_noncombat_damage_from_an_ability_of_a_source_with_lifelink() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bloodthirsty Pinger")
    s.activate(0, "Test Bloodthirsty Pinger", targets=["P2"])
    s.run()
    assert lifelink_gains(s) == [(0, 1)]
    assert (s.life(0), s.life(1)) == (21, 19)


@pytest.mark.rules("702.15c", "113.7a", "608.2b")
def test_a_source_that_left_the_battlefield_uses_its_last_known_information() -> None:
    # The pinger's ability is on the stack when a Lightning Bolt kills the pinger: the
    # ability still deals its damage, and the pinger had lifelink as it last existed.
    s = scenario()
    s.add(0, "battlefield", "Test Bloodthirsty Pinger")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Test Bloodthirsty Pinger", targets=["P2"])
    s.cast(1, "Lightning Bolt", targets=["Test Bloodthirsty Pinger"], when=lambda g: bool(g.stack))
    s.run()
    assert s.graveyard(0) == ["Test Bloodthirsty Pinger"]
    assert lifelink_gains(s) == [(0, 1)]
    died = first(s, "object_moved", card="Test Bloodthirsty Pinger")
    assert died["seq"] < first(s, "life_changed", rule="702.15b")["seq"]


@pytest.mark.rules("702.15d", "120.3")
def test_a_spell_with_lifelink_gains_its_controller_life() -> None:
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp")
    s.add(0, "hand", "Test Sanguine Bolt")
    s.cast(0, "Test Sanguine Bolt", targets=["P2"])
    s.run()
    assert lifelink_gains(s) == [(0, 2)]
    assert (s.life(0), s.life(1)) == (22, 18)


@pytest.mark.rules("702.15f", "613.1f")
def test_multiple_instances_of_lifelink_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Child of Night", "Plains")
    s.add(0, "hand", "Lifelink")
    s.cast(0, "Lifelink", targets=["Child of Night"])
    s.attack(0, "Child of Night")
    s.run()
    child = s.permanent("Child of Night")
    abilities = s.game.characteristics(child).abilities  # type: ignore[union-attr]
    assert [a for a in abilities if isinstance(a, Lifelink)] == [Lifelink(), Lifelink()]
    assert lifelink_gains(s) == [(0, 2)]
    assert s.life(0) == 22


@pytest.mark.rules("702.15b", "613.1f")
def test_the_sources_controller_gains_the_life_not_the_auras() -> None:
    # Player 0 enchants player 1's Grizzly Bears with Lifelink; the Bears attack player 0
    # in player 1's turn, and player 1 gains the life.
    s = scenario()
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Lifelink")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lifelink", targets=["Grizzly Bears"])
    s.attack(1, "Grizzly Bears", turn=2)
    s.run(until=(2, Step.END))
    assert lifelink_gains(s) == [(1, 2)]
    assert (s.life(0), s.life(1)) == (18, 22)


def test_lifelink_is_a_built_in_keyword_plugin() -> None:
    host = PluginHost(autoload=False)
    assert "manaweave.keywords.lifelink" in host.versions
    assert [Lifelink] in [list(k) for k in host.manager.hook.mw_keywords()]

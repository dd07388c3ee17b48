"""Rules tests for defender (CR 702.3), a restriction on attacking (508.1c)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards

from manaweave import DecisionKind
from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.3a", "702.3b", "508.1c")
def test_a_creature_with_defender_cannot_attack() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Wall", "Grizzly Bears")
    s.attack(0, "Test Wall")
    with pytest.raises(ScenarioError, match="Test Wall cannot attack"):
        s.run()
    asked = s.decisions.of_kind(DecisionKind.ATTACKERS, 0)[0]
    assert [str(o) for o in asked.options] == ["Grizzly Bears attacks player 1"]


@pytest.mark.rules("702.3b", "508.1c")
def test_with_only_defenders_no_attack_is_offered() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Wall")
    s.run()

    assert s.decisions.of_kind(DecisionKind.ATTACKERS) == []
    assert s.events("attackers_declared")[0]["attackers"] == []


@pytest.mark.rules("702.3b", "509.1a")
def test_a_creature_with_defender_can_block() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Test Wall")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Test Wall", "Grizzly Bears")
    s.run()

    assert s.permanent("Test Wall").damage == 2
    assert s.life(1) == 20


@pytest.mark.rules("702.3c")
def test_multiple_instances_of_defender_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Wall")
    s.add(1, "battlefield", "Test Twice Wall")
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Test Twice Wall", "Grizzly Bears")
    s.run()

    asked = s.decisions.of_kind(DecisionKind.ATTACKERS, 0)[0]
    assert [str(o) for o in asked.options] == ["Grizzly Bears attacks player 1"]
    assert s.life(1) == 20

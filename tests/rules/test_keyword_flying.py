"""Rules tests for flying (CR 702.9), an evasion ability (509.1b)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards

from manaweave import DecisionKind
from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.9a", "702.9b", "509.1b")
def test_a_creature_without_flying_or_reach_cannot_block_a_flyer() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Bird", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Test Bird")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Test Bird"):
        s.run()
    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Grizzly Bears blocks Runeclaw Bear"]


@pytest.mark.rules("702.9b", "509.1b")
def test_a_flyer_is_unblocked_when_nothing_can_block_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Bird")
    s.run()

    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []  # no legal block to offer
    assert s.life(1) == 19


@pytest.mark.rules("702.9b")
def test_a_flyer_can_be_blocked_by_a_flyer() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird")
    s.add(1, "battlefield", "Test Twice Bird")
    s.attack(0, "Test Bird")
    s.block(1, "Test Twice Bird", "Test Bird")
    s.run()

    assert s.life(1) == 20
    assert s.graveyard(0) == ["Test Bird"]


@pytest.mark.rules("702.9b", "702.17b")
def test_a_flyer_can_be_blocked_by_a_creature_with_reach() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird")
    s.add(1, "battlefield", "Test Spider")
    s.attack(0, "Test Bird")
    s.block(1, "Test Spider", "Test Bird")
    s.run()

    assert s.graveyard(0) == ["Test Bird"]
    assert s.permanent("Test Spider").damage == 1


@pytest.mark.rules("702.9b")
def test_a_flyer_can_block_a_creature_without_flying() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Test Bird")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Test Bird", "Grizzly Bears")
    s.run()

    assert s.life(1) == 20
    assert s.graveyard(1) == ["Test Bird"]


@pytest.mark.rules("509.1b", "702.9b", "702.111b")
def test_evasion_abilities_are_cumulative() -> None:
    # Flying and menace: two blockers, each with flying or reach.
    s = scenario()
    s.add(0, "battlefield", "Test Flying Brute")
    s.add(1, "battlefield", "Test Spider", "Grizzly Bears")
    s.attack(0, "Test Flying Brute")
    s.block(1, "Test Spider", "Test Flying Brute")
    with pytest.raises(ScenarioError, match=r"Menace \(509\.1b\)"):
        s.run()
    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Test Spider blocks Test Flying Brute"]


@pytest.mark.rules("702.9c")
def test_multiple_instances_of_flying_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Bird")
    s.add(1, "battlefield", "Grizzly Bears", "Test Spider")
    s.attack(0, "Test Twice Bird")
    s.block(1, "Test Spider", "Test Twice Bird")
    s.run()

    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == ["Test Spider blocks Test Twice Bird"]
    assert s.graveyard(0) == ["Test Twice Bird"]

"""Rules tests for menace (CR 702.111), a restriction on the whole declaration of
blockers (509.1b)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from _support import first

from manaweave import DecisionKind
from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.111a", "702.111b", "509.1b", "509.1")
def test_a_creature_with_menace_blocked_by_one_creature_is_an_illegal_declaration() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Brute")
    s.add(1, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.attack(0, "Test Brute")
    s.block(1, "Grizzly Bears", "Test Brute")
    with pytest.raises(ScenarioError, match=r"Test Brute: Menace \(509\.1b\)"):
        s.run()

    [rejected] = s.events("decision_rejected")
    assert (rejected["player"], rejected["kind"]) == (1, "blockers")
    assert s.events("blockers_declared") == []


@pytest.mark.rules("702.111b", "509.1h", "510.1c")
def test_a_creature_with_menace_can_be_blocked_by_two() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Brute")
    s.add(1, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.attack(0, "Test Brute")
    s.block(1, "Grizzly Bears", "Test Brute")
    s.block(1, "Runeclaw Bear", "Test Brute")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (3, 0))
    s.run()

    assert len(first(s, "blockers_declared")["blockers"]) == 2
    assert s.graveyard(0) == ["Test Brute"]
    assert s.graveyard(1) == ["Grizzly Bears"]


@pytest.mark.rules("702.111b")
def test_a_creature_with_menace_may_go_unblocked() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Brute")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Brute")
    s.run()

    assert s.life(1) == 17


@pytest.mark.rules("702.111c")
def test_multiple_instances_of_menace_are_redundant() -> None:
    # Two instances don't ask for four blockers: two are enough, one is not.
    ok = scenario()
    ok.add(0, "battlefield", "Test Twice Brute")
    ok.add(1, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    ok.attack(0, "Test Twice Brute")
    ok.block(1, "Grizzly Bears", "Test Twice Brute")
    ok.block(1, "Runeclaw Bear", "Test Twice Brute")
    ok.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (3, 0))
    ok.run()
    assert ok.graveyard(0) == ["Test Twice Brute"]

    alone = scenario()
    alone.add(0, "battlefield", "Test Twice Brute")
    alone.add(1, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    alone.attack(0, "Test Twice Brute")
    alone.block(1, "Grizzly Bears", "Test Twice Brute")
    with pytest.raises(ScenarioError, match="Menace"):
        alone.run()

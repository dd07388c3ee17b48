"""Rules tests for intimidate (CR 702.13), an evasion ability (509.1b)."""

from __future__ import annotations

import pytest
from _more_combat_cards import MoreCombatCards

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[MoreCombatCards()])


def offered(s: Scenario) -> list[str]:
    [asked] = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)
    return [str(o) for o in asked.options]


@pytest.mark.rules("702.13b", "509.1b")
def test_a_creature_that_shares_no_colour_and_is_no_artifact_cannot_block_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Intimidator", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Intimidator", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Test Intimidator")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Test Intimidator"):
        s.run()
    assert offered(s) == ["Grizzly Bears blocks Runeclaw Bear"]


@pytest.mark.rules("702.13a", "702.13b")
def test_an_intimidating_creature_no_creature_can_block_is_unblocked() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Intimidator")
    s.add(1, "battlefield", "Grizzly Bears", "Siege Mastodon")
    s.attack(0, "Test Intimidator")
    s.run()

    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert s.life(1) == 18


@pytest.mark.rules("702.13b")
def test_a_creature_sharing_a_colour_can_block_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Intimidator")
    s.add(1, "battlefield", "Goblin Piker", "Grizzly Bears")
    s.attack(0, "Test Intimidator")
    s.block(1, "Goblin Piker", "Test Intimidator")
    s.run()

    assert offered(s) == ["Goblin Piker blocks Test Intimidator"]
    assert s.graveyard(1) == ["Goblin Piker"]
    assert s.graveyard(0) == ["Test Intimidator"]


@pytest.mark.rules("702.13b")
def test_an_artifact_creature_can_block_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Intimidator")
    s.add(1, "battlefield", "Gearsmith Guardian")
    s.attack(0, "Test Intimidator")
    s.block(1, "Gearsmith Guardian", "Test Intimidator")
    s.run()

    assert s.life(1) == 20
    assert s.permanent("Gearsmith Guardian").damage == 2


@pytest.mark.rules("702.13b", "105.2c")
def test_a_colourless_creature_with_intimidate_can_be_blocked_only_by_artifact_creatures() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Gray Intimidator")
    s.add(1, "battlefield", "Gearsmith Guardian", "Goblin Piker", "Grizzly Bears")
    s.attack(0, "Test Gray Intimidator")
    s.block(1, "Gearsmith Guardian", "Test Gray Intimidator")
    s.run()

    assert offered(s) == ["Gearsmith Guardian blocks Test Gray Intimidator"]


@pytest.mark.rules("702.13b", "509.1b")
def test_the_colours_are_those_the_creatures_have_as_blockers_are_declared() -> None:
    # Turned white after attacking, the red creature can be blocked by white creatures
    # and no longer by red ones.
    s = scenario()
    s.add(0, "battlefield", "Test Intimidator", "Plains")
    s.add(0, "hand", "Test Blanch")
    s.add(1, "battlefield", "Goblin Piker", "Siege Mastodon")
    s.cast(0, "Test Blanch", targets=["Test Intimidator"], step=Step.DECLARE_ATTACKERS)
    s.attack(0, "Test Intimidator")
    s.block(1, "Siege Mastodon", "Test Intimidator")
    s.run()

    assert offered(s) == ["Siege Mastodon blocks Test Intimidator"]


@pytest.mark.rules("702.13c")
def test_multiple_instances_of_intimidate_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Intimidator")
    s.add(1, "battlefield", "Goblin Piker", "Grizzly Bears")
    s.attack(0, "Test Twice Intimidator")
    s.block(1, "Goblin Piker", "Test Twice Intimidator")
    s.run()

    assert offered(s) == ["Goblin Piker blocks Test Twice Intimidator"]
    assert s.graveyard(1) == ["Goblin Piker"]

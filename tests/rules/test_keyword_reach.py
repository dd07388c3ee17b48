"""Rules tests for reach (CR 702.17)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards

from manaweave import DecisionKind
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.17b", "702.9b")
def test_a_creature_with_reach_blocks_a_flyer() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird")
    s.add(1, "battlefield", "Test Spider")
    s.attack(0, "Test Bird")
    s.block(1, "Test Spider", "Test Bird")
    s.run()

    assert s.graveyard(0) == ["Test Bird"]
    assert s.life(1) == 20


@pytest.mark.rules("702.17a")
def test_reach_does_not_stop_creatures_without_it_from_blocking_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Spider")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Spider")
    s.block(1, "Grizzly Bears", "Test Spider")
    s.run()

    assert s.permanent("Test Spider").damage == 2
    assert s.life(1) == 20


@pytest.mark.rules("702.17c")
def test_multiple_instances_of_reach_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bird", "Grizzly Bears")
    s.add(1, "battlefield", "Test Twice Spider")
    s.attack(0, "Test Bird", "Grizzly Bears")
    s.block(1, "Test Twice Spider", "Test Bird")
    s.run()

    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)[0]
    assert [str(o) for o in asked.options] == [
        "Test Twice Spider blocks Test Bird",
        "Test Twice Spider blocks Grizzly Bears",
    ]
    assert s.graveyard(0) == ["Test Bird"]

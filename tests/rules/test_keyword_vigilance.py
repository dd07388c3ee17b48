"""Rules tests for vigilance (CR 702.20)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards

from manaweave import Step
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.20a", "702.20b", "508.1f", "508.1k")
def test_attacking_does_not_tap_a_creature_with_vigilance() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Sentry", "Grizzly Bears")
    s.attack(0, "Test Sentry", "Grizzly Bears")
    s.run(until=(1, Step.DECLARE_BLOCKERS))

    sentry = s.permanent("Test Sentry")
    assert not sentry.tapped
    assert s.permanent("Grizzly Bears").tapped
    assert s.game is not None
    assert s.game.combat is not None
    assert sentry.id in s.game.combat.attackers
    tapped = [e["object"] for e in s.events("permanent_tapped")]
    assert tapped == [s.permanent("Grizzly Bears").id]


@pytest.mark.rules("702.20b", "509.1a")
def test_a_creature_that_attacked_with_vigilance_can_still_block_next_turn() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Sentry")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Sentry")
    s.attack(1, "Grizzly Bears", turn=2)
    s.block(0, "Test Sentry", "Grizzly Bears", turn=2)
    s.run(until=(2, Step.END))

    assert s.life(1) == 18
    assert s.graveyard(1) == ["Grizzly Bears"]


@pytest.mark.rules("702.20c")
def test_multiple_instances_of_vigilance_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Sentry")
    s.attack(0, "Test Twice Sentry")
    s.run()

    assert not s.permanent("Test Twice Sentry").tapped
    assert s.life(1) == 18

"""Rules tests for first strike (CR 702.7) and the first combat damage step (510.4)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from _support import steps
from test_combat import combat_damage

from manaweave import Step
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.7a", "702.7b", "510.4", "506.1", "704.5g")
def test_a_first_striker_kills_its_blocker_before_it_deals_damage() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Knight")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Knight")
    s.block(1, "Grizzly Bears", "Test Knight")
    s.run()

    turn = steps(s)
    assert turn[turn.index("declare_attackers") :][:4] == [
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
    ]
    [first_step] = [e for e in s.events("step_began") if e["step"] == "first_strike_damage"]
    assert first_step["rule"] == "510.4"
    assert combat_damage(s) == [("Test Knight", "Grizzly Bears", 2)]
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.permanent("Test Knight").damage == 0


@pytest.mark.rules("702.7b", "510.4")
def test_a_blocking_first_striker_strikes_first_too() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Test Knight")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Test Knight", "Grizzly Bears")
    s.run()

    assert combat_damage(s) == [("Test Knight", "Grizzly Bears", 2)]
    assert s.graveyard(0) == ["Grizzly Bears"]


@pytest.mark.rules("510.4", "506.1")
def test_without_first_strike_there_is_one_combat_damage_step() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    s.run()

    assert "first_strike_damage" not in steps(s)
    assert s.life(1) == 18


@pytest.mark.rules("702.7b", "510.4")
def test_creatures_without_first_strike_deal_damage_in_the_second_step() -> None:
    # A first striker and an ordinary creature attack unblocked: 2 in each step.
    s = scenario()
    s.add(0, "battlefield", "Test Knight", "Grizzly Bears")
    s.attack(0, "Test Knight", "Grizzly Bears")
    s.run()

    dealt = [(e["step"], e["source_name"]) for e in s.events("damage_dealt")]
    assert dealt == [("first_strike_damage", "Test Knight"), ("combat_damage", "Grizzly Bears")]
    assert s.life(1) == 16


@pytest.mark.rules("702.7c", "510.4")
def test_gaining_first_strike_after_the_first_step_does_not_stop_regular_damage() -> None:
    # The Bears had no first strike as the first combat damage step began: given first
    # strike during that step, they still deal their damage in the second one.
    s = scenario()
    s.add(0, "battlefield", "Test Knight", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Test Quickness")
    s.attack(0, "Test Knight", "Grizzly Bears")
    s.cast(0, "Test Quickness", targets=["Grizzly Bears"], step=Step.FIRST_STRIKE_DAMAGE)
    s.run()

    assert s.life(1) == 16
    assert [e["step"] for e in s.events("damage_dealt")] == [
        "first_strike_damage",
        "combat_damage",
    ]


@pytest.mark.rules("702.7c", "510.4")
def test_losing_first_strike_after_dealing_first_strike_damage_deals_no_more() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Knight", "Island")
    s.add(0, "hand", "Test Dull Blade")
    s.attack(0, "Test Knight")
    s.cast(0, "Test Dull Blade", targets=["Test Knight"], step=Step.FIRST_STRIKE_DAMAGE)
    s.run()

    assert s.life(1) == 18
    assert [e["step"] for e in s.events("damage_dealt")] == ["first_strike_damage"]


@pytest.mark.rules("510.4", "702.7b")
def test_a_creature_given_first_strike_before_damage_makes_a_first_step() -> None:
    # First strike counts as the combat damage step begins (510.4): given in the declare
    # blockers step, it makes a first step in which the Bears kill the Elves unharmed.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Test Quickness")
    s.add(1, "battlefield", "Llanowar Elves")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Llanowar Elves", "Grizzly Bears")
    s.cast(0, "Test Quickness", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert "first_strike_damage" in steps(s)
    assert combat_damage(s) == [("Grizzly Bears", "Llanowar Elves", 2)]
    assert s.permanent("Grizzly Bears").damage == 0


@pytest.mark.rules("702.7d")
def test_multiple_instances_of_first_strike_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Knight")
    s.add(1, "battlefield", "Centaur Courser")
    s.attack(0, "Test Twice Knight")
    s.block(1, "Centaur Courser", "Test Twice Knight")
    s.run()

    assert combat_damage(s) == [
        ("Test Twice Knight", "Centaur Courser", 2),
        ("Centaur Courser", "Test Twice Knight", 3),
    ]
    assert [e["step"] for e in s.events("damage_dealt")] == [
        "first_strike_damage",
        "combat_damage",
    ]
    assert s.graveyard(0) == ["Test Twice Knight"]

"""Rules tests for double strike (CR 702.4), with first strike (702.7)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from test_combat import combat_damage

from manaweave import Step
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


def damage_steps(s: Scenario) -> list[tuple[str, str]]:
    return [(e["step"], e["source_name"]) for e in s.events("damage_dealt")]


@pytest.mark.rules("702.4a", "702.4b", "510.4")
def test_an_unblocked_double_striker_deals_damage_in_both_steps() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Double Knight")
    s.attack(0, "Test Double Knight")
    s.run()

    assert s.life(1) == 16
    assert damage_steps(s) == [
        ("first_strike_damage", "Test Double Knight"),
        ("combat_damage", "Test Double Knight"),
    ]


@pytest.mark.rules("702.4b", "702.7b", "510.4")
def test_double_strike_against_first_strike_both_strike_in_the_first_step() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Double Knight")
    s.add(1, "battlefield", "Test Knight")
    s.attack(0, "Test Double Knight")
    s.block(1, "Test Knight", "Test Double Knight")
    s.run()

    # Both deal 2 in the first step and both die: the second step has nobody left.
    assert sorted(damage_steps(s)) == [
        ("first_strike_damage", "Test Double Knight"),
        ("first_strike_damage", "Test Knight"),
    ]
    assert s.graveyard(0) == ["Test Double Knight"]
    assert s.graveyard(1) == ["Test Knight"]


@pytest.mark.rules("702.4b", "510.4")
def test_a_double_striker_that_survives_the_first_step_strikes_again() -> None:
    # 2 first-strike damage to a 3/3 Courser, then 2 more with the Courser's 3 back.
    s = scenario()
    s.add(0, "battlefield", "Test Double Knight")
    s.add(1, "battlefield", "Centaur Courser")
    s.attack(0, "Test Double Knight")
    s.block(1, "Centaur Courser", "Test Double Knight")
    s.run()

    assert combat_damage(s) == [
        ("Test Double Knight", "Centaur Courser", 2),
        ("Test Double Knight", "Centaur Courser", 2),
        ("Centaur Courser", "Test Double Knight", 3),
    ]
    assert s.graveyard(0) == ["Test Double Knight"]
    assert s.graveyard(1) == ["Centaur Courser"]


@pytest.mark.rules("702.4c")
def test_removing_double_strike_in_the_first_step_stops_the_second_strike() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Double Knight", "Island")
    s.add(0, "hand", "Test Dull Blade")
    s.attack(0, "Test Double Knight")
    s.cast(0, "Test Dull Blade", targets=["Test Double Knight"], step=Step.FIRST_STRIKE_DAMAGE)
    s.run()

    assert s.life(1) == 18
    assert damage_steps(s) == [("first_strike_damage", "Test Double Knight")]


@pytest.mark.rules("702.4d", "702.7c")
def test_a_first_striker_given_double_strike_after_it_struck_strikes_again() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Knight", "Mountain")
    s.add(0, "hand", "Test Doubling")
    s.attack(0, "Test Knight")
    s.cast(0, "Test Doubling", targets=["Test Knight"], step=Step.FIRST_STRIKE_DAMAGE)
    s.run()

    assert s.life(1) == 16
    assert damage_steps(s) == [
        ("first_strike_damage", "Test Knight"),
        ("combat_damage", "Test Knight"),
    ]


@pytest.mark.rules("702.4b", "702.7b")
def test_first_strike_and_double_strike_on_one_creature_strike_twice() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Striking Knight")
    s.attack(0, "Test Striking Knight")
    s.run()

    assert s.life(1) == 16


@pytest.mark.rules("702.4e")
def test_multiple_instances_of_double_strike_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Double Knight")
    s.attack(0, "Test Twice Double Knight")
    s.run()

    assert s.life(1) == 16
    assert len(s.events("damage_dealt")) == 2

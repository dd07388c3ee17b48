"""Rules tests for trample and trample over planeswalkers (CR 702.19), with the
2026-01-16 combat damage assignment (510.1c: no damage assignment order; lethal damage
matters only for what goes past the blockers)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from _support import decisions_made
from test_combat import combat_damage

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.19b", "510.1c", "510.2")
def test_damage_beyond_lethal_to_the_blocker_may_go_to_the_player() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Trampler")
    s.add(1, "battlefield", "Llanowar Elves")
    s.attack(0, "Test Trampler")
    s.block(1, "Llanowar Elves", "Test Trampler")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 3))
    s.run()

    assert s.life(1) == 17
    assert s.graveyard(1) == ["Llanowar Elves"]
    assert ("Test Trampler", 1, 3) in combat_damage(s)


@pytest.mark.rules("702.19b")
def test_the_offered_assignments_give_the_blocker_lethal_damage_before_the_player() -> None:
    # A 4/4 trampler blocked by a 2/2: 0, 1 or 2 to the blocker only, or 2+ to it and the
    # rest to the player.
    s = scenario()
    s.add(0, "battlefield", "Test Trampler")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Trampler")
    s.block(1, "Grizzly Bears", "Test Trampler")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (4, 0))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    assert sorted(o.amounts for o in asked.options) == [(2, 2), (3, 1), (4, 0)]
    assert s.life(1) == 20


@pytest.mark.rules("702.19b")
def test_assigning_to_the_player_without_lethal_damage_to_the_blocker_is_not_offered() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Trampler")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Trampler")
    s.block(1, "Grizzly Bears", "Test Trampler")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 3))
    with pytest.raises(ScenarioError, match=r"\(1, 3\) is not an option"):
        s.run()


@pytest.mark.rules("702.19b")
def test_damage_already_marked_counts_toward_lethal_damage() -> None:
    # Shocked for 2, the 3/3 Courser needs only 1 more.
    s = scenario()
    s.add(0, "battlefield", "Test Trampler", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Centaur Courser")
    s.attack(0, "Test Trampler")
    s.block(1, "Centaur Courser", "Test Trampler")
    s.cast(0, "Shock", targets=["Centaur Courser"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 3))
    s.run()

    assert s.life(1) == 17
    assert s.graveyard(1) == ["Centaur Courser"]


@pytest.mark.rules("702.19b", "510.1c")
def test_several_blockers_each_need_lethal_damage_before_the_player() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Trampler")
    s.add(1, "battlefield", "Llanowar Elves", "Grizzly Bears")
    s.attack(0, "Test Trampler")
    s.block(1, "Llanowar Elves", "Test Trampler")
    s.block(1, "Grizzly Bears", "Test Trampler")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 2, 1))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    with_player = sorted(o.amounts for o in asked.options if o.amounts[2])
    assert with_player == [(1, 2, 1)]
    assert s.life(1) == 19
    assert sorted(s.graveyard(1)) == ["Grizzly Bears", "Llanowar Elves"]


@pytest.mark.rules("702.19d", "506.4", "509.1h")
def test_a_blocked_trampler_without_blockers_left_assigns_all_to_the_player() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Trampler", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Trampler")
    s.block(1, "Grizzly Bears", "Test Trampler")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert s.permanent("Test Trampler").blocked is False  # combat is over
    assert combat_damage(s) == [("Test Trampler", 1, 4)]
    assert s.life(1) == 16
    assert decisions_made(s, "damage_assignment") == []


@pytest.mark.rules("702.19a")
def test_trample_on_a_blocking_creature_has_no_effect() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Test Trampler")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Test Trampler", "Grizzly Bears")
    s.run()

    assert combat_damage(s) == [
        ("Grizzly Bears", "Test Trampler", 2),
        ("Test Trampler", "Grizzly Bears", 4),
    ]
    assert s.life(0) == 20


@pytest.mark.rules("702.19c", "510.1b", "120.3c")
def test_cr_example_trample_over_planeswalkers_past_the_planeswalker_to_its_controller() -> None:
    # 702.19c's example: a planeswalker with three loyalty attacked by a 1/1 and a 7/7
    # with trample over planeswalkers: 1 and 2 to the planeswalker, 5 to the player.
    s = scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Test Planeswalker Trampler")
    s.add(1, "battlefield", "Jace Beleren", loyalty=3)
    s.attack(0, "Llanowar Elves", "Test Planeswalker Trampler", planeswalker="Jace Beleren")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 5))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    assert min(o.amounts[0] for o in asked.options if o.amounts[1]) == 2
    assert sorted(combat_damage(s), key=str) == sorted(
        [
            ("Llanowar Elves", "Jace Beleren", 1),
            ("Test Planeswalker Trampler", "Jace Beleren", 2),
            ("Test Planeswalker Trampler", 1, 5),
        ],
        key=str,
    )
    assert s.life(1) == 15
    assert "Jace Beleren" in s.graveyard(1)


@pytest.mark.rules("702.19e", "506.4c")
def test_trample_over_planeswalkers_attacking_a_removed_planeswalker_hits_the_player() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Planeswalker Trampler", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Jace Beleren", loyalty=3)
    s.attack(0, "Test Planeswalker Trampler", planeswalker="Jace Beleren")
    s.cast(0, "Lightning Bolt", targets=["Jace Beleren"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert combat_damage(s) == [("Test Planeswalker Trampler", 1, 7)]
    assert s.life(1) == 13


@pytest.mark.rules("702.19f", "506.4c", "510.1b")
def test_plain_trample_attacking_a_removed_planeswalker_deals_no_damage() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Trampler", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Jace Beleren", loyalty=3)
    s.attack(0, "Test Trampler", planeswalker="Jace Beleren")
    s.cast(0, "Lightning Bolt", targets=["Jace Beleren"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert combat_damage(s) == []
    assert s.life(1) == 20


@pytest.mark.rules("702.19f", "702.19b")
def test_plain_trample_attacking_a_planeswalker_goes_no_further_than_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Trampler")
    s.add(1, "battlefield", "Jace Beleren", loyalty=2)
    s.attack(0, "Test Trampler", planeswalker="Jace Beleren")
    s.run()

    assert combat_damage(s) == [("Test Trampler", "Jace Beleren", 4)]
    assert s.life(1) == 20


@pytest.mark.rules("702.19g")
def test_multiple_instances_of_trample_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Trampler")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Twice Trampler")
    s.block(1, "Grizzly Bears", "Test Twice Trampler")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 2))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    assert len(asked.options) == 3
    assert s.life(1) == 18


# --- two tramplers sharing a blocker: the total is checked (510.1e) ------------------------


def _two_tramplers_against_the_guard() -> Scenario:
    # Test Trampler (4/4) and Test Twice Trampler (4/4) are both blocked by Test Two-Headed
    # Guard (2/4, blocks an additional creature): each may count on the other's damage to
    # give the Guard lethal damage (702.19b: damage other creatures assign in the same
    # step counts).
    s = scenario()
    s.add(0, "battlefield", "Test Trampler", "Test Twice Trampler")
    s.add(1, "battlefield", "Test Two-Headed Guard")
    s.attack(0, "Test Trampler", "Test Twice Trampler")
    s.block(1, "Test Two-Headed Guard", "Test Trampler")
    s.block(1, "Test Two-Headed Guard", "Test Twice Trampler")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    return s


@pytest.mark.rules("510.1e", "702.19b")
def test_two_tramplers_may_share_the_lethal_damage_of_their_blocker() -> None:
    s = _two_tramplers_against_the_guard()
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 2))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 2))
    s.run()
    assert s.life(1) == 16
    assert s.graveyard(1) == ["Test Two-Headed Guard"]
    assert s.events("damage_assignment_rejected") == []


@pytest.mark.rules("510.1e", "702.19b", "732.1")
def test_a_total_that_does_not_reach_lethal_damage_is_assigned_again() -> None:
    # Two Guards (2/4) each block both tramplers. The first trampler may count on the
    # second and assigns all 4 to the player; the second can't give both Guards lethal
    # damage, so the whole assignment is illegal and the attacking player assigns again.
    s = scenario()
    s.add(0, "battlefield", "Test Trampler", "Test Twice Trampler")
    s.add(1, "battlefield", "Test Two-Headed Guard", "Test Two-Headed Guard")
    s.attack(0, "Test Trampler", "Test Twice Trampler")
    for attacker in ("Test Trampler", "Test Twice Trampler"):
        s.block(1, "Test Two-Headed Guard", attacker)
    for attacker in ("Test Trampler", "Test Twice Trampler"):
        s.block(1, "Test Two-Headed Guard", attacker)
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (0, 0, 4))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 2, 0))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 2, 0))
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 2, 0))
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.run()
    (rejected,) = s.events("damage_assignment_rejected")
    assert rejected["rule"] == "510.1e"
    assert s.life(1) == 20
    assert s.graveyard(1) == ["Test Two-Headed Guard", "Test Two-Headed Guard"]

"""Rules tests for landwalk (CR 702.14) of every kind, an evasion ability (509.1b)."""

from __future__ import annotations

import pytest
from _more_combat_cards import MoreCombatCards

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def scenario(*plugins: object) -> Scenario:
    return Scenario(plugins=[MoreCombatCards(), *plugins])


def offered(s: Scenario) -> list[str]:
    asked = s.decisions.of_kind(DecisionKind.BLOCKERS, 1)
    return [str(o) for o in asked[0].options] if asked else []


@pytest.mark.rules("702.14c", "702.14b", "509.1b")
def test_swampwalk_cannot_be_blocked_while_the_defending_player_controls_a_swamp() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bog Walker", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears", "Swamp")
    s.attack(0, "Test Bog Walker", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Test Bog Walker")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Test Bog Walker"):
        s.run()
    assert offered(s) == ["Grizzly Bears blocks Runeclaw Bear"]


@pytest.mark.rules("702.14c")
def test_swampwalk_can_be_blocked_without_a_swamp() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Bog Walker", "Swamp")  # the attacker's own Swamp
    s.add(1, "battlefield", "Grizzly Bears", "Island")
    s.attack(0, "Test Bog Walker")
    s.block(1, "Grizzly Bears", "Test Bog Walker")
    s.run()

    assert s.graveyard(0) == ["Test Bog Walker"]
    assert s.graveyard(1) == ["Grizzly Bears"]


@pytest.mark.rules("702.14c", "509.1b")
def test_a_landwalker_no_creature_can_block_deals_its_damage() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Hill Walker")
    s.add(1, "battlefield", "Grizzly Bears", "Mountain")
    s.attack(0, "Test Hill Walker")
    s.run()

    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert s.life(1) == 18


@pytest.mark.rules("702.14c", "702.14a")
def test_nonbasic_landwalk_looks_for_a_land_that_is_not_basic() -> None:
    basic = scenario()
    basic.add(0, "battlefield", "Test Wasteland Walker")
    basic.add(1, "battlefield", "Grizzly Bears", "Swamp", "Test Snow Swamp")
    basic.attack(0, "Test Wasteland Walker")
    basic.block(1, "Grizzly Bears", "Test Wasteland Walker")
    basic.run()
    assert basic.graveyard(1) == ["Grizzly Bears"]

    nonbasic = scenario()
    nonbasic.add(0, "battlefield", "Test Wasteland Walker")
    nonbasic.add(1, "battlefield", "Grizzly Bears", "Swamp", "Dragonskull Summit")
    nonbasic.attack(0, "Test Wasteland Walker")
    nonbasic.run()
    assert nonbasic.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert nonbasic.life(1) == 18


@pytest.mark.rules("702.14c", "702.14a")
def test_snow_swampwalk_needs_a_land_that_is_both_snow_and_a_swamp() -> None:
    plain = scenario()
    plain.add(0, "battlefield", "Test Snow Bog Walker")
    plain.add(1, "battlefield", "Grizzly Bears", "Swamp")
    plain.attack(0, "Test Snow Bog Walker")
    plain.block(1, "Grizzly Bears", "Test Snow Bog Walker")
    plain.run()
    assert plain.graveyard(1) == ["Grizzly Bears"]

    snow = scenario()
    snow.add(0, "battlefield", "Test Snow Bog Walker")
    snow.add(1, "battlefield", "Grizzly Bears", "Test Snow Swamp")
    snow.attack(0, "Test Snow Bog Walker")
    snow.run()
    assert snow.life(1) == 18


@pytest.mark.rules("702.14c", "702.14a")
def test_legendary_landwalk_looks_for_a_legendary_land() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Legend Walker", "Test Bog Walker")
    s.add(1, "battlefield", "Grizzly Bears", "Test Legendary Ruins")
    s.attack(0, "Test Legend Walker", "Test Bog Walker")
    s.block(1, "Grizzly Bears", "Test Bog Walker")
    s.run()

    assert offered(s) == ["Grizzly Bears blocks Test Bog Walker"]
    assert s.life(1) == 18


@pytest.mark.rules("702.14d")
def test_landwalk_abilities_do_not_cancel_one_another() -> None:
    # The defending player's own creature with swampwalk can't block the attacker with
    # swampwalk while they control a Swamp.
    s = scenario()
    s.add(0, "battlefield", "Test Bog Walker")
    s.add(1, "battlefield", "Test Twice Bog Walker", "Swamp")
    s.attack(0, "Test Bog Walker")
    s.run()

    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert s.life(1) == 18


@pytest.mark.rules("702.14e")
def test_multiple_instances_of_the_same_landwalk_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Bog Walker")
    s.add(1, "battlefield", "Grizzly Bears", "Island")
    s.attack(0, "Test Twice Bog Walker")
    s.block(1, "Grizzly Bears", "Test Twice Bog Walker")
    s.run()

    assert s.graveyard(1) == ["Grizzly Bears"]


@pytest.mark.rules("702.14c", "702.14d")
def test_two_kinds_of_landwalk_each_work() -> None:
    for land in ("Island", "Swamp"):
        s = scenario()
        s.add(0, "battlefield", "Test Marsh Walker")
        s.add(1, "battlefield", "Grizzly Bears", land)
        s.attack(0, "Test Marsh Walker")
        s.run()
        assert s.life(1) == 18, land


@pytest.mark.rules("702.14c", "702.9b", "509.1b")
def test_landwalk_and_flying_are_separate_restrictions() -> None:
    # Without a Swamp, a creature with reach could block the flyer; none without reach.
    s = scenario()
    s.add(0, "battlefield", "Test Flying Bog Walker")
    s.add(1, "battlefield", "Grizzly Bears", "Island")
    s.attack(0, "Test Flying Bog Walker")
    s.run()
    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert s.life(1) == 19


@pytest.mark.rules("702.14c", "612.2")
def test_a_text_change_changes_the_land_type_of_a_landwalk_ability() -> None:
    # Mountainwalk becomes islandwalk: an Island now stops blocks, a Mountain doesn't.
    from _cards import TestCards

    s = scenario(TestCards())
    s.add(0, "battlefield", "Test Hill Walker", "Island")
    s.add(0, "hand", "Test Hack")
    s.add(1, "battlefield", "Grizzly Bears", "Island", "Mountain")
    s.cast(0, "Test Hack", targets=["Test Hill Walker"])
    s.attack(0, "Test Hill Walker")
    s.run(until=(1, Step.END_OF_COMBAT))

    assert [a.text for a in s.game.characteristics(s.permanent("Test Hill Walker")).abilities] == [
        "Islandwalk"
    ]
    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert s.life(1) == 18

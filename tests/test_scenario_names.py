"""Naming objects in a scenario: ``"Name#n"``, ambiguity, and current versus printed names."""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.rules("115.1", "120.3", "704.5g")
@pytest.mark.cards("Lightning Bolt")
def test_a_target_names_the_second_of_two_with_hash_n() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears", "Grizzly Bears")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    first, second = s.permanents("Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears#2"])
    s.run()
    assert [p.id for p in s.permanents("Grizzly Bears")] == [first.id]
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.events("object_moved")[-1]["object"] == second.id


@pytest.mark.rules("115.1")
@pytest.mark.cards("Lightning Bolt")
def test_a_bare_name_for_two_different_targets_is_ambiguous() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="'Grizzly Bears' is ambiguous") as failure:
        s.run()
    assert "Grizzly Bears#1 (P1's, 2/2)" in str(failure.value)
    assert "Grizzly Bears#2 (P2's, 2/2)" in str(failure.value)


@pytest.mark.rules("106.4", "605.3a")
def test_identical_untapped_lands_are_not_ambiguous() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.activate(0, "Forest", text="Add {G}")
    s.cast(0, "Grizzly Bears")
    s.run()
    assert s.battlefield(0) == ["Forest", "Forest", "Forest", "Grizzly Bears"]
    assert [p.tapped for p in s.permanents("Forest")] == [True, True, False]
    assert not s.permanent("Forest#3").tapped
    with pytest.raises(ScenarioError, match="'Forest' is ambiguous"):
        s.permanent("Forest")  # two tapped, one not: which one is meant matters


@pytest.mark.rules("305.1", "106.4")
def test_a_land_played_this_turn_is_interchangeable_with_one_set_up() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Forest", "Grizzly Bears")
    s.play_land(0, "Forest")
    s.activate(0, "Forest", text="Add {G}", stack_empty=True)
    s.activate(0, "Forest", text="Add {G}")
    s.cast(0, "Grizzly Bears")
    s.run()
    assert "Grizzly Bears" in s.battlefield(0)


@pytest.mark.rules("302.6")
def test_a_creature_with_summoning_sickness_is_told_apart() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    with pytest.raises(ScenarioError, match=r"Grizzly Bears#2 \(P1's, 2/2, summoning sick\)"):
        s.can_attack("Grizzly Bears")
    assert s.can_attack("Grizzly Bears#1")
    assert not s.can_attack("Grizzly Bears#2")


@pytest.mark.rules("508.1a", "509.1a", "510.1")
def test_attacks_and_blocks_name_creatures_with_hash_n() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Grizzly Bears")
    s.add(0, "battlefield", "Grizzly Bears", counters={"+1/+1": 1})
    s.add(1, "battlefield", "Runeclaw Bear", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears#3", "Grizzly Bears#1")
    s.block(1, "Runeclaw Bear#2", "Grizzly Bears#3")
    s.run()
    assert [b.tapped for b in s.permanents("Grizzly Bears")] == [True, False, True]
    assert s.life(1) == 18
    assert s.permanent("Runeclaw Bear#1").damage == 0
    assert s.graveyard(1) == ["Runeclaw Bear"]


@pytest.mark.rules("508.1a")
def test_a_name_scripted_as_often_as_there_are_creatures_is_not_ambiguous() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Grizzly Bears", counters={"+1/+1": 1})
    s.attack(0, "Grizzly Bears", "Grizzly Bears")
    s.run()
    assert s.life(1) == 15


@pytest.mark.rules("707.2", "613.1a")
@pytest.mark.cards("Clone")
def test_a_copy_is_found_by_its_current_name_and_by_its_printed_one() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Clone")
    s.add(1, "battlefield", "Serra Angel")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Serra Angel")
    s.run()

    angel, copy = s.permanents("Serra Angel")
    assert (angel.controller, copy.controller) == (1, 0)
    assert s.permanent("Serra Angel", 0) is copy
    assert s.permanent("Serra Angel#2") is copy
    assert s.permanent("Clone") is copy  # no Clone by its current name: the printed one
    assert s.power("Clone") == 4
    with pytest.raises(ScenarioError, match="'Serra Angel' is ambiguous"):
        s.permanent("Serra Angel")


@pytest.mark.rules("707.2", "115.1")
@pytest.mark.cards("Clone", "Lightning Bolt")
def test_a_copy_is_targeted_by_its_current_name() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4, "Mountain")
    s.add(0, "hand", "Clone", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears#2"], stack_empty=True)
    s.run()
    assert s.graveyard(0) == ["Lightning Bolt", "Clone"]
    assert s.battlefield(1) == ["Grizzly Bears"]


def test_a_name_for_nothing_says_so() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    with pytest.raises(ScenarioError, match="no Grizzly Bears#2 on the battlefield"):
        s.permanent("Grizzly Bears#2")
    assert s.permanents("Grizzly Bears#2") == []
    with pytest.raises(ScenarioError, match="counted from #1"):
        s.permanent("Grizzly Bears#0")

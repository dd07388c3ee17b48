"""Rules tests for Sagas (CR 714, 704.5s) and battles (310, 120.3h, 704.5v).

Test cards: Test Chronicle (a Saga: I — draw a card; II, III — gain 2 life) and Test
Contested Ridge (a battle with no battle type, defense 4), with Lightning Bolt and Shock.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first, sba_rules

from manaweave import Step
from manaweave.testing import Scenario


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards()], **kwargs)  # type: ignore[arg-type]


@pytest.mark.rules("714.3a", "714.2b", "122.6")
def test_a_saga_enters_with_a_lore_counter_and_chapter_i_triggers() -> None:
    s = scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Test Chronicle")
    s.library(0, ["Island", "Plains"])
    s.cast(0, "Test Chronicle")
    s.run()
    assert s.permanent("Test Chronicle").counters == {"lore": 1}
    assert s.hand(0) == ["Plains"]
    assert first(s, "counters_added", kind="lore")["rule"] == "614.1c"


@pytest.mark.rules("714.3b", "714.2b", "714.2c", "704.5s", "714.4")
def test_lore_counters_each_precombat_main_then_the_saga_is_sacrificed() -> None:
    s = scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Test Chronicle")
    s.cast(0, "Test Chronicle")
    s.run(until=(6, Step.UPKEEP))
    added = [e for e in s.events("counters_added") if e["kind"] == "lore"]
    assert [(e["turn"], e["rule"], e["total"]) for e in added] == [
        (1, "614.1c", 1),
        (3, "714.3b", 2),
        (5, "714.3b", 3),
    ]
    # II on turn 3, III on turn 5: 2 life each; then it is sacrificed, but only after
    # its final chapter ability has left the stack.
    assert s.life(0) == 24
    assert "Test Chronicle" in s.graveyard(0)
    sacrificed = first(s, "sacrificed", rule="704.5s")
    gained = [e for e in s.events("life_changed") if e["player"] == 0]
    assert gained[-1]["seq"] < sacrificed["seq"]
    assert ["704.5s"] in sba_rules(s)


@pytest.mark.rules("714.3b")
def test_only_the_active_players_sagas_get_lore_counters() -> None:
    s = scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Test Chronicle")
    s.run(until=(2, Step.END))
    assert s.permanent("Test Chronicle").counters == {"lore": 1}


@pytest.mark.rules("310.4b", "310.4c", "310.8a")
def test_a_battle_enters_with_defense_counters_and_its_controller_protects_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Test Contested Ridge")
    s.cast(0, "Test Contested Ridge")
    s.run()
    ridge = s.permanent("Test Contested Ridge")
    assert ridge.counters == {"defense": 4}
    assert ridge.protector == 0


@pytest.mark.rules("120.3h", "704.5v", "115.4")
def test_damage_removes_defense_counters_and_a_battle_at_zero_is_put_into_the_graveyard() -> None:
    s = scenario()
    s.add(1, "battlefield", "Test Contested Ridge")
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Shock")
    s.cast(0, "Lightning Bolt", targets=["Test Contested Ridge"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.permanent("Test Contested Ridge").counters == {"defense": 1}
    removed = first(s, "counters_removed")
    assert (removed["rule"], removed["count"]) == ("120.3h", 3)

    dead = scenario()
    dead.add(1, "battlefield", "Test Contested Ridge")
    dead.add(0, "battlefield", "Mountain", "Mountain")
    dead.add(0, "hand", "Lightning Bolt", "Shock")
    dead.cast(0, "Lightning Bolt", targets=["Test Contested Ridge"])
    dead.cast(0, "Shock", targets=["Test Contested Ridge"], stack_empty=True)
    dead.run()
    assert dead.graveyard(1) == ["Test Contested Ridge"]
    assert sba_rules(dead) == [["704.5v"]]

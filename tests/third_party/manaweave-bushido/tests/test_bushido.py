"""Bushido in play: scenarios with the installed plugin (see conftest.py)."""

from __future__ import annotations

import pytest
from manaweave_bushido import Bushido

from manaweave import Step
from manaweave.pytest_plugin import ScenarioFactory


@pytest.mark.rules("702.45a")
def test_bushido_needs_a_positive_number() -> None:
    assert Bushido(2).text == "Bushido 2"
    with pytest.raises(ValueError, match="positive number"):
        Bushido(0)


@pytest.mark.rules("702.45a", "509.3a", "510.2")
@pytest.mark.parametrize(
    "blocker",
    [
        pytest.param("Devoted Retainer", marks=pytest.mark.cards("Devoted Retainer")),
        "Llanowar Elves",
    ],
)
def test_bushido_makes_the_blocker_big_enough_to_kill_the_attacker(
    scenario: ScenarioFactory, blocker: str
) -> None:
    # Devoted Retainer (1/1, bushido 1) blocks Grizzly Bears (2/2): it becomes 2/2 until
    # end of turn, and both creatures die. Llanowar Elves (1/1, no bushido) blocking
    # instead deals 1 damage, and the attacker survives.
    bushido = blocker == "Devoted Retainer"
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", blocker)
    s.attack(0, "Grizzly Bears")
    s.block(1, blocker, "Grizzly Bears")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert ("Grizzly Bears" in s.graveyard(0)) is bushido
    assert s.graveyard(1) == [blocker]
    triggered = [e["text"] for e in s.events("ability_triggered")]
    assert triggered == (["Bushido 1"] if bushido else [])


@pytest.mark.rules("702.45a", "509.3c")
@pytest.mark.cards("Devoted Retainer")
def test_bushido_triggers_when_its_creature_becomes_blocked(scenario: ScenarioFactory) -> None:
    # Devoted Retainer attacks and Grizzly Bears blocks: 2/2 against 2/2, both die.
    s = scenario()
    s.add(0, "battlefield", "Devoted Retainer")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Devoted Retainer")
    s.block(1, "Grizzly Bears", "Devoted Retainer")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.graveyard(0) == ["Devoted Retainer"]

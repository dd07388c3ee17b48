"""A second ``run`` continues the same game to a later checkpoint."""

from __future__ import annotations

import gc
import threading

import pytest

from manaweave import Step
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.rules("504.1", "117.3a", "608.2")
@pytest.mark.cards("Lightning Bolt")
def test_a_second_run_continues_the_game_with_the_actions_scripted_in_between() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run(until=(1, Step.END))
    assert s.life(1) == 17
    first_game = s.game

    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], turn=1, step=Step.END)
    s.run(until=(2, Step.DRAW))

    assert s.game is first_game
    assert s.life(1) == 17  # the first Bolt was not cast again
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.graveyard(0) == ["Lightning Bolt", "Lightning Bolt"]
    # Stopped as the draw step begins: P2 has not drawn yet (504.1).
    assert len(s.hand(1)) == 0
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.hand(1) == ["Island"]
    assert [e["step"] for e in s.events("step_began")].count("draw") == 1


@pytest.mark.rules("500.1")
def test_each_step_begins_once_across_runs() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    s.run(until=(1, Step.END))
    s.run(until=(2, Step.UPKEEP))
    began = [(e["turn"], e["step"]) for e in s.events("step_began")]
    assert began == [
        (1, "precombat_main"),
        (1, "beginning_of_combat"),
        (1, "declare_attackers"),
        (1, "end_of_combat"),
        (1, "postcombat_main"),
        (1, "end"),
        (1, "cleanup"),
        (2, "untap"),
        (2, "upkeep"),
    ]
    assert len(s.events("turn_began")) == 2


@pytest.mark.rules("508.1", "510.1")
def test_an_attack_scripted_after_the_first_run_is_declared() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.life(1) == 20
    s.attack(0, "Grizzly Bears")
    s.run(until=(1, Step.END))
    assert s.life(1) == 18


def test_running_to_a_point_already_reached_fails() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.run(until=(1, Step.END))
    with pytest.raises(ScenarioError, match="already at turn 1, end"):
        s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    with pytest.raises(ScenarioError, match="already at turn 1, end"):
        s.run(until=(1, Step.END))
    s.run(until=(2, Step.UPKEEP))  # still usable
    assert s.events("step_began")[-1]["step"] == "upkeep"


def test_a_run_before_the_start_fails() -> None:
    s = Scenario(turn=2, step=Step.PRECOMBAT_MAIN)
    with pytest.raises(ScenarioError, match="before the scenario begins"):
        s.run(until=(1, Step.END))


def test_an_action_scripted_for_a_moment_already_past_fails() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.run(until=(1, Step.END))
    s.cast(0, "Lightning Bolt", targets=["P2"])  # turn 1, precombat main: gone
    with pytest.raises(ScenarioError, match=r"already past.*Lightning Bolt"):
        s.run(until=(2, Step.UPKEEP))


@pytest.mark.rules("104.3a")
def test_a_game_that_ended_cannot_be_continued() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.concede(1)
    s.run(until=(1, Step.END))
    assert s.outcome is not None
    with pytest.raises(ScenarioError, match="the game is over"):
        s.run(until=(2, Step.END))


def test_setting_up_after_the_first_run_fails() -> None:
    s = Scenario()
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    with pytest.raises(ScenarioError, match="before the first run"):
        s.add(0, "battlefield", "Forest")


def _scenario_threads() -> int:
    """How many scenario games are alive, once those of dropped scenarios have unwound."""
    gc.collect()  # a scenario kept in a reference cycle is dropped here
    for thread in threading.enumerate():
        if thread.name == "manaweave scenario":
            thread.join(timeout=0.5)
    return sum(1 for t in threading.enumerate() if t.name == "manaweave scenario")


def test_a_scenario_dropped_at_a_checkpoint_lets_its_game_go() -> None:
    before = _scenario_threads()
    s = Scenario()
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert _scenario_threads() == before + 1  # waiting at the checkpoint
    del s
    assert _scenario_threads() == before


def test_a_game_stopped_by_a_failure_cannot_be_continued() -> None:
    s = Scenario()
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])  # no mountain: not a legal option
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()
    with pytest.raises(ScenarioError, match="stopped with an error"):
        s.run(until=(2, Step.END))

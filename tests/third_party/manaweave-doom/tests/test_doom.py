"""Proliferate and the Doom state-based action in play, with the installed plugin (see
conftest.py)."""

from __future__ import annotations

import pytest

from manaweave import DecisionKind
from manaweave.pytest_plugin import ScenarioFactory
from manaweave.testing import Scenario


def engine_game(scenario: ScenarioFactory, proliferate: tuple[str, ...]) -> Scenario:
    # P1 casts Doomsday Engine (two doom counters), then activates it: proliferate, giving
    # the chosen permanents one more counter of each kind.
    s = scenario()
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Doomsday Engine")
    s.cast(0, "Doomsday Engine")
    s.activate(0, "Doomsday Engine", stack_empty=True)
    s.choose(0, DecisionKind.CHOICE, *proliferate)
    s.run()
    return s


@pytest.mark.rules("701.34a", "704.6", "704.3", "104.3b")
@pytest.mark.cards("Doomsday Engine")
def test_proliferating_a_third_doom_counter_makes_the_opponent_lose(
    scenario: ScenarioFactory,
) -> None:
    s = engine_game(scenario, ("Doomsday Engine",))
    added = [e for e in s.events("counters_added") if e["kind"] == "doom"]
    assert [(e["count"], e["total"], e["rule"]) for e in added] == [
        (2, 2, added[0]["rule"]),
        (1, 3, "701.34a"),
    ]
    (sba,) = s.events("state_based_actions_performed")
    assert sba["losses"] == [[1, "704.6"]]
    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert s.outcome.losers == ((1, "doom"),)


@pytest.mark.rules("701.34a", "704.6")
@pytest.mark.cards("Doomsday Engine")
def test_choosing_nothing_to_proliferate_adds_no_counter(scenario: ScenarioFactory) -> None:
    s = engine_game(scenario, ())
    assert [e["total"] for e in s.events("counters_added") if e["kind"] == "doom"] == [2]
    assert s.events("state_based_actions_performed") == []
    assert s.outcome is None or s.outcome.losers == ()

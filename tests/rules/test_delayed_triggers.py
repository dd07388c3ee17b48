"""Rules tests for delayed triggered abilities created by resolving abilities (CR 603.7)
and the objects they refer to (400.7, 610.3).

Cards: Mystifying Maze, with Craw Wurm and Grizzly Bears.
"""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def _maze() -> Scenario:
    """P2 attacks P1 with Craw Wurm; P1's Mystifying Maze exiles it."""
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Mystifying Maze", *["Island"] * 4)
    s.add(1, "battlefield", "Craw Wurm", "Grizzly Bears")
    s.attack(1, "Craw Wurm")
    s.activate(
        0, "Mystifying Maze", text="Exile", targets=["Craw Wurm"], step=Step.DECLARE_ATTACKERS
    )
    return s


@pytest.mark.cards("Mystifying Maze")
@pytest.mark.rules("603.7a", "610.3", "701.13a", "506.4")
def test_mystifying_maze_exiles_an_attacker_and_returns_it_tapped_at_the_next_end_step() -> None:
    s = _maze().run(until=(2, Step.CLEANUP))
    assert s.life(0) == 20
    wurm = s.permanent("Craw Wurm")
    assert wurm.tapped
    assert wurm.controller == 1
    assert first(s, "delayed_trigger_created")["rule"] == "603.7a"
    returned = first(s, "permanent_entered", card="Craw Wurm")
    assert returned["rule"] == "610.3"
    assert returned["step"] == "end"


@pytest.mark.cards("Mystifying Maze")
@pytest.mark.rules("115.1", "506.3", "602.2")
def test_the_maze_targets_only_attacking_creatures_of_an_opponent() -> None:
    s = _maze().run(until=(2, Step.COMBAT_DAMAGE))
    before_attacks = [a for a in s.decisions.priority(0) if a.step is Step.BEGINNING_OF_COMBAT]
    assert before_attacks
    assert not any("Exile" in text for _, text in before_attacks[0].activations)
    (asked,) = s.decisions.of_kind(DecisionKind.TARGET, 0)
    assert [str(o).split(" #")[0] for o in asked.options] == ["Craw Wurm"]


@pytest.mark.rules("603.7b")
def test_the_delayed_ability_triggers_only_once() -> None:
    s = _maze().run(until=(4, Step.CLEANUP))
    assert len([e for e in s.events("ability_triggered") if "next end step" in e["text"]]) == 1
    assert s.battlefield(1).count("Craw Wurm") == 1

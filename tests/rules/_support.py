"""Helpers shared by the rules tests: looking things up in a scenario's event log.

What players were asked is recorded by the engine itself (``Scenario.decisions``, a
:class:`manaweave.testing.DecisionRecorder`); these helpers only read the log.
"""

from __future__ import annotations

import os
from typing import Any

from manaweave.testing import Scenario


def first(s: Scenario, event: str, **fields: Any) -> dict[str, Any]:
    """The first logged ``event`` whose fields include ``fields``."""
    for record in s.events(event):
        if all(record.get(k) == v for k, v in fields.items()):
            return record
    raise AssertionError(f"no {event} event with {fields}")


def steps(s: Scenario, turn: int = 1) -> list[str]:
    """The steps that began in ``turn``, in order."""
    return [e["step"] for e in s.events("step_began") if e["turn"] == turn]


def sba_rules(s: Scenario) -> list[list[str]]:
    """For each state-based action event, the rules of the objects it moved."""
    return [[rule for _, rule in e["objects"]] for e in s.events("state_based_actions_performed")]


def decisions_made(s: Scenario, kind: str) -> list[dict[str, Any]]:
    """The logged answers to decisions of ``kind`` (a ``DecisionKind`` value), in order."""
    return [e for e in s.events("decision_made") if e["kind"] == kind]


def random_game_count(default: int) -> int:
    """How many random games a random-game test plays: ``default``, or the number in
    ``$MANAWEAVE_RANDOM_GAMES`` for a longer soak run (see docs/testing.md)."""
    wanted = os.environ.get("MANAWEAVE_RANDOM_GAMES", "")
    if not wanted:
        return default
    if not wanted.isdigit() or int(wanted) < 1:
        raise ValueError(f"MANAWEAVE_RANDOM_GAMES must be a positive number, not {wanted!r}")
    return int(wanted)

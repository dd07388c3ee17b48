"""Replaying a logged game and checking that it reproduces the same event stream.

A log holds everything a game depends on: the seed, decks, variant, players'
names, turn limit and plugins in ``game_started``, and every answer players gave
(``decision_made``, ``decision_rejected``, concessions, timeouts and exceptions).
:func:`replay` plays the game again from those and compares the streams event by
event, ignoring wall-clock fields.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import orjson
import trio

from ._decisions import Choice, Decision
from ._deck_rules import UNCHECKED
from ._errors import ReplayMismatchError
from ._play import new_game
from ._plugins import PluginHost, default_plugins
from ._turnloop import run_game
from .log import WALL_CLOCK_FIELDS, read_records

__all__ = ["ReplayResult", "compare_streams", "load_log", "replay"]

UNREPRODUCIBLE_FIELDS = WALL_CLOCK_FIELDS | {"traceback"}
"""Fields a replay cannot reproduce exactly and does not compare."""

_ANSWER_EVENTS = ("decision_made", "decision_rejected", "player_conceded", "player_raised")


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What a replay found: the number of events compared and the first difference."""

    events: int
    mismatch: ReplayMismatchError | None

    @property
    def identical(self) -> bool:
        """Whether the replayed stream matched the log."""
        return self.mismatch is None


class _RecordedError(Exception):
    """Stands for an exception a player raised in the recorded game."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __repr__(self) -> str:
        return self.text


class ReplayPlayer:
    """Gives the answers one player gave in a recorded game, in the same order."""

    def __init__(self, answers: Sequence[Mapping[str, Any]]) -> None:
        self._answers = deque(answers)

    async def decide(self, decision: Decision) -> Choice:
        """The next recorded answer (or the recorded concession, timeout or exception)."""
        if not self._answers:
            raise _RecordedError("replay: no recorded answer left for this decision")
        event = self._answers.popleft()
        kind = event["event"]
        if kind == "decision_made":
            return Choice(tuple(event["choice"]))
        if kind == "decision_rejected":
            answer = event.get("answer")
            if isinstance(answer, list):
                return Choice(tuple(answer))
            # An answer that was not a Choice is logged by its type name, "<NoneType>": an
            # object of a class of that name draws the same rejection again.
            name = str(answer).strip("<>") or "object"
            return type(name, (), {})()  # type: ignore[no-any-return]
        if kind == "player_raised":
            # A raise is followed by the concession it caused; drop that one.
            if self._answers and self._answers[0]["event"] == "player_conceded":
                self._answers.popleft()
            raise _RecordedError(str(event.get("error", "")))
        if event.get("reason") == "timeout":
            raise trio.TooSlowError
        return Choice.concession()


def load_log(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Read a game's log file as a list of dictionaries (``ValueError`` for a bad line)."""
    events = list(read_records(path))
    if not events or events[0].get("event") != "game_started":
        raise ValueError(f"{path}: the first event is not game_started; not a manaweave game log")
    return events


def compare_streams(
    recorded: Sequence[Mapping[str, Any]], replayed: Sequence[Mapping[str, Any]]
) -> ReplayMismatchError | None:
    """The first difference between two event streams, or ``None`` if they match."""
    for expected, actual in zip(recorded, replayed, strict=False):
        a = {k: v for k, v in expected.items() if k not in UNREPRODUCIBLE_FIELDS}
        b = {k: v for k, v in actual.items() if k not in UNREPRODUCIBLE_FIELDS}
        if a != b:
            return ReplayMismatchError(int(expected.get("seq", -1)), a, b)
    if len(recorded) != len(replayed):
        seq = min(len(recorded), len(replayed))
        longer = recorded if len(recorded) > len(replayed) else replayed
        missing = dict(longer[seq])
        if len(recorded) > len(replayed):
            return ReplayMismatchError(seq, missing, None)
        return ReplayMismatchError(seq, None, missing)
    return None


def replay(
    source: str | os.PathLike[str] | Sequence[Mapping[str, Any]],
    *,
    plugins: PluginHost | None = None,
) -> ReplayResult:
    """Re-play a logged game (a path or the events) and compare the event streams.

    Without ``plugins``, the game is replayed with the default plugins, less those the log
    says were turned off (``disabled_plugins``)."""
    events = load_log(source) if isinstance(source, str | os.PathLike) else list(source)
    started = events[0]
    if plugins is None:
        disabled = started.get("disabled_plugins")
        plugins = PluginHost(disable=disabled) if disabled else default_plugins()
    players = started["players"]
    answers: list[list[Mapping[str, Any]]] = [[] for _ in players]
    for event in events:
        if event.get("event") in _ANSWER_EVENTS and event.get("player") is not None:
            answers[event["player"]].append(event)
    actors = [ReplayPlayer(a) for a in answers]
    game = new_game(
        decks=[list(deck) for deck in started["decks"]],
        players=actors,
        seed=started["seed"],
        variant=started["variant"],
        names=[p["name"] for p in players],
        max_turns=started.get("max_turns"),
        plugins=plugins,
        game_id=started["game"],
        # The decks were checked against the game's deck rules when it was played; the log
        # holds only the main decks, which is all a replay needs.
        deck_rules=UNCHECKED,
    )
    # A recorded raise is raised again by its player; it was reported when it happened.
    game.table.report_errors = False
    # The recorded deck names, deck rules and player kinds are descriptive; take them from
    # the log.
    first = game.log.records[0]
    first["deck_names"] = started.get("deck_names")
    if "deck_rules" in started:
        first["deck_rules"] = started["deck_rules"]
    else:  # a log written before the deck rules were recorded
        del first["deck_rules"]
    first["players"] = players
    trio.run(run_game, game)
    replayed = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
    return ReplayResult(len(replayed), compare_streams(events, replayed))

"""Hostile players: the engine acts only on its own record of each decision, checks every
answer by converting it once to plain values, and a player's failure (even a
``BaseException``) makes that player concede without ending the engine (CR 104.3a).

Each attack is played out in a whole game against the game the same honest bots play:
what the hostile player did to what it was handed changed nothing, its refused answers
are logged (bounded, JSON), it concedes where it should, and the log replays.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio

import manaweave
from manaweave import (
    Cast,
    Choice,
    Decision,
    DecisionKind,
    IllegalChoiceError,
    Outcome,
    PlayLand,
    TargetOption,
    Zone,
    new_game,
)
from manaweave.log import WALL_CLOCK_FIELDS, redact
from manaweave.lowlevel import Game
from manaweave.players import RandomBot, ScriptedPlayer, decides_at_once, open_actor
from manaweave.plugins.bots.heuristic_bot import HeuristicBot

DECKS = ["m10:red-green", "m10:green-white"]
SEED = 1
"""A game in which player 0 is asked priority, target, payment and discard decisions."""
MAX_TURNS = 60
LINE_LIMIT = 6000
"""No log line a player's answer or exception adds is longer than this."""

Attack = Callable[["Hostile", Decision, Choice], object]
"""What a hostile player does with a decision it was handed and its honest answer: the
answer it gives instead, or :data:`SKIP` when this decision does not suit the attack."""

SKIP = object()


class Hostile:
    """Plays as ``RandomBot(seed=1)`` would, except that it makes ``attack`` on up to
    ``times`` decisions (tampering with the decision it holds, or answering badly).

    The honest answer is picked before any tampering and kept while the engine asks the
    same decision again, so a game whose attacks change nothing is the honest game."""

    def __init__(self, attack: Attack, *, times: int = 1) -> None:
        self.bot = RandomBot(seed=1)
        self.attack = attack
        self.times = times
        self.attacks = 0
        self.game: Game | None = None
        self.rejections: list[IllegalChoiceError] = []
        self._asked: Decision | None = None
        self._honest = Choice()

    async def decide(self, decision: Decision) -> Choice:
        if decision is not self._asked:
            self._asked = decision
            self._honest = self.bot.pick(decision)
        if self.attacks < self.times:
            answer = self.attack(self, decision, self._honest)
            if answer is not SKIP:
                self.attacks += 1
                return answer  # type: ignore[return-value]
        return self._honest

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        self.rejections.append(error)

    def objects(self, zone: Zone, owner: int) -> list[Any]:
        assert self.game is not None
        return self.game.zone_list(zone, owner)


NONCE = "5eed" * 8
"""The nonce of the games' commitments to their seeds: the same game, the same log."""


def play(player0: Any, log: Path, *, seed: int = SEED) -> tuple[Outcome, list[dict[str, Any]]]:
    """Play ``player0`` against ``RandomBot(seed=2)``; the outcome and the log's records,
    each line checked to be JSON of bounded length."""
    game = new_game(
        decks=DECKS,
        players=[player0, RandomBot(seed=2)],
        seed=seed,
        max_turns=MAX_TURNS,
        log=log,
        seed_nonce=NONCE,
    )
    if hasattr(player0, "game"):
        player0.game = game
    outcome = trio.run(manaweave.play_game, game)
    lines = log.read_bytes().splitlines()
    assert all(len(line) <= LINE_LIMIT for line in lines if b'"game_started"' not in line)
    return outcome, [orjson.loads(line) for line in lines]


_honest_games: dict[int, tuple[Outcome, list[dict[str, Any]]]] = {}


def honest_game(tmp_path: Path, seed: int = SEED) -> tuple[Outcome, list[dict[str, Any]]]:
    if seed not in _honest_games:
        _honest_games[seed] = play(RandomBot(seed=1), tmp_path / f"honest-{seed}.jsonl", seed=seed)
    return _honest_games[seed]


def comparable(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records without rejections, sequence numbers, wall-clock fields and the
    players' kinds."""
    dropped = {"seq", "cause", "game", "players", *WALL_CLOCK_FIELDS}
    return [
        {k: v for k, v in r.items() if k not in dropped}
        for r in records
        if r["event"] != "decision_rejected"
    ]


def of(records: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [r for r in records if r["event"] == name]


def assert_changed_nothing(tmp_path: Path, hostile: Hostile, *, rejected: int) -> None:
    """The hostile game is the honest game, with ``rejected`` refused answers."""
    log = tmp_path / "hostile.jsonl"
    outcome, records = play(hostile, log)
    honest_outcome, honest_records = honest_game(tmp_path)
    assert hostile.attacks >= 1, "the attack never found a decision to try"
    assert outcome == honest_outcome
    assert comparable(records) == comparable(honest_records)
    refusals = of(records, "decision_rejected")
    assert len(refusals) == rejected == len(hostile.rejections)
    for refusal, error in zip(refusals, hostile.rejections, strict=True):
        assert refusal["player"] == 0
        assert refusal["visibility"] == [0]
        assert refusal["error"] == str(error)
    assert manaweave.replay(log).identical


# --- tampering with the decision held --------------------------------------------------------


def set_field(target: object, name: str, value: object) -> None:
    """Change a frozen dataclass's field, as a hostile player can."""
    object.__setattr__(target, name, value)


def append_option(option: object) -> Callable[[Decision], int]:
    def tamper(decision: Decision) -> int:
        options = [*decision.options, option]
        set_field(decision, "options", options)
        set_field(decision, "max", max(decision.max, 1))
        return len(options) - 1

    return tamper


def steal_a_target(hostile: Hostile, decision: Decision, honest: Choice) -> object:
    """Append the opponent's permanent (or card) to a target decision and choose it."""
    opponents = hostile.objects(Zone.BATTLEFIELD, 1) or hostile.objects(Zone.HAND, 1)
    if decision.kind is not DecisionKind.TARGET or not opponents:
        return SKIP
    stolen = opponents[0]
    index = append_option(TargetOption(stolen.id, None, stolen.card.name))(decision)
    return Choice.of(index)


def forest_from_the_library(hostile: Hostile, decision: Decision, honest: Choice) -> object:
    """Offer itself a land of its library and play it."""
    lands = [o for o in hostile.objects(Zone.LIBRARY, 0) if o.card.name == "Forest"]
    if decision.kind is not DecisionKind.PRIORITY or not lands:
        return SKIP
    return Choice.of(append_option(PlayLand(lands[0].id, "Forest"))(decision))


def cast_from_the_opponents_graveyard(
    hostile: Hostile, decision: Decision, honest: Choice
) -> object:
    """Offer itself a card of the opponent's graveyard and cast it."""
    graveyard = hostile.objects(Zone.GRAVEYARD, 1)
    if decision.kind is not DecisionKind.PRIORITY or not graveyard:
        return SKIP
    card = graveyard[-1]
    return Choice.of(append_option(Cast(card.id, card.card.name))(decision))


def skip_the_discard(hostile: Hostile, decision: Decision, honest: Choice) -> object:
    """Lower ``min`` (and ``max``) to 0 and discard nothing."""
    if decision.kind is not DecisionKind.DISCARD:
        return SKIP
    set_field(decision, "min", 0)
    set_field(decision, "max", 0)
    return Choice()


def longer_options_list(hostile: Hostile, decision: Decision, honest: Choice) -> object:
    """Replace the options with a longer list and choose one past the real ones."""
    n = len(decision.options)
    set_field(decision, "options", list(decision.options) * 3)
    return Choice.of(n + 1)


def forged_index(hostile: Hostile, decision: Decision, honest: Choice) -> object:
    """Answer with an index (an object id) the decision never offered."""
    return Choice.of(100_000 + len(decision.options))


@pytest.mark.rules("117.3", "601.2c", "305.1", "601.2a", "514.1")
@pytest.mark.parametrize(
    "attack",
    [
        steal_a_target,
        forest_from_the_library,
        cast_from_the_opponents_graveyard,
        skip_the_discard,
        longer_options_list,
        forged_index,
    ],
)
def test_an_answer_relying_on_a_changed_decision_is_refused(attack: Attack, tmp_path: Path) -> None:
    # Each attack changes the decision the player holds and answers by it; the engine
    # checks against its own record, refuses the answer, and the game goes on unchanged.
    hostile = Hostile(attack)
    assert_changed_nothing(tmp_path, hostile, rejected=1)
    assert "out of range" in str(hostile.rejections[0]) or "takes" in str(hostile.rejections[0])


def forge_every_option(hostile: Hostile, decision: Decision, honest: Choice) -> object:
    """Point every option the player holds at another object, then answer honestly."""
    for option in decision.options:
        for field in dataclasses.fields(option):
            if type(getattr(option, field.name)) is int:
                set_field(option, field.name, 999_999)
    set_field(decision, "min", 0)
    if decision.groups is not None:
        set_field(decision, "groups", [0] * len(decision.options))
    return honest


@pytest.mark.rules("117.3", "601.2c")
def test_changing_the_options_held_changes_nothing(tmp_path: Path) -> None:
    hostile = Hostile(forge_every_option, times=10**9)
    assert_changed_nothing(tmp_path, hostile, rejected=0)


class ShiftyChoice(Choice):
    """Reads as the honest answer the first time, and as an empty answer afterwards."""

    __slots__ = ("honest", "reads")
    honest: tuple[int, ...]
    reads: int

    def __init__(self, honest: tuple[int, ...]) -> None:
        object.__setattr__(self, "honest", honest)
        object.__setattr__(self, "reads", 0)
        object.__setattr__(self, "concede", False)

    @property
    def indices(self) -> tuple[int, ...]:
        reads = self.reads
        object.__setattr__(self, "reads", reads + 1)
        return self.honest if reads == 0 else ()


@pytest.mark.rules("514.1", "117.3")
def test_a_choice_that_changes_after_the_check_is_never_read_again(tmp_path: Path) -> None:
    made: list[ShiftyChoice] = []

    def shifty(hostile: Hostile, decision: Decision, honest: Choice) -> object:
        made.append(ShiftyChoice(honest.indices))
        return made[-1]

    hostile = Hostile(shifty, times=10**9)
    assert_changed_nothing(tmp_path, hostile, rejected=0)
    assert all(choice.reads == 1 for choice in made)


@pytest.mark.rules("117.3")
def test_a_list_of_indices_changed_after_the_check_changes_nothing(tmp_path: Path) -> None:
    handed: list[list[int]] = []

    def mutable(hostile: Hostile, decision: Decision, honest: Choice) -> object:
        for earlier in handed:
            earlier[:] = [10**6]
        handed.append(list(honest.indices))
        return Choice(handed[-1])  # type: ignore[arg-type]

    assert_changed_nothing(tmp_path, Hostile(mutable, times=10**9), rejected=0)


# --- malformed answers -----------------------------------------------------------------------


class Unprintable:
    def __repr__(self) -> str:
        raise RuntimeError("no repr")


MALFORMED: dict[str, Callable[[], object]] = {
    "huge index": lambda: Choice((2**70,)),
    "huge index of a million digits": lambda: Choice((10**1_000_000,)),
    "string indices": lambda: Choice("0"),  # type: ignore[arg-type]
    "string index": lambda: Choice(("0",)),  # type: ignore[arg-type]
    "None": lambda: None,
    "NaN index": lambda: Choice((math.nan,)),  # type: ignore[arg-type]
    "object()": lambda: object(),
    "tuple of tuples": lambda: Choice(((0,), (1,))),  # type: ignore[arg-type]
    "a million indices": lambda: Choice(tuple(range(1_000_000))),
    "bool index": lambda: Choice((True,)),
    "int subclass index": lambda: Choice((type("Sly", (int,), {})(0),)),
    "list subclass": lambda: Choice(type("SlyList", (list,), {})([0])),
    "concede of 1": lambda: Choice((0,), concede=1),  # type: ignore[arg-type]
    "unprintable index": lambda: Choice((Unprintable(),)),  # type: ignore[arg-type]
    "long type name": lambda: type("<" + "X" * 10_000 + ">", (), {})(),
}


def malformed(make: Callable[[], object]) -> Attack:
    return lambda hostile, decision, honest: make()


@pytest.mark.rules("117.3")
@pytest.mark.parametrize("name", list(MALFORMED))
def test_a_malformed_answer_is_refused_logged_briefly_and_replays(
    name: str, tmp_path: Path
) -> None:
    hostile = Hostile(malformed(MALFORMED[name]))
    assert_changed_nothing(tmp_path, hostile, rejected=1)
    (refusal,) = of(orjson_lines(tmp_path / "hostile.jsonl"), "decision_rejected")
    answer = refusal["answer"]
    assert isinstance(answer, str) or (isinstance(answer, list) and len(answer) <= 64)
    assert len(refusal["error"]) <= 300


def orjson_lines(path: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


@pytest.mark.rules("104.3a", "117.3")
@pytest.mark.parametrize("name", ["huge index", "None", "a million indices", "NaN index"])
def test_three_malformed_answers_concede_and_the_log_replays(name: str, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    outcome, records = play(Hostile(malformed(MALFORMED[name]), times=3), log)
    assert outcome.winners == (1,)
    assert outcome.losers == ((0, "too many illegal choices"),)
    assert len(of(records, "decision_rejected")) == 3
    assert of(records, "game_ended")
    assert manaweave.replay(log).identical


# --- a player that raises ----------------------------------------------------------------


class BadRepr(Exception):
    def __repr__(self) -> str:
        raise RuntimeError("repr fails")

    def __str__(self) -> str:
        raise RuntimeError("str fails")


def game_over() -> BaseException:
    """The engine's own exception for a game that has ended, reached as a hostile player
    would reach it: through the engine's code."""
    engine_over: type[BaseException] = Game.finish.__globals__["GameOver"]
    return engine_over()


RAISED: dict[str, Callable[[], BaseException]] = {
    "KeyboardInterrupt": KeyboardInterrupt,
    "SystemExit": lambda: SystemExit(3),
    "GeneratorExit": GeneratorExit,
    "BaseExceptionGroup": lambda: BaseExceptionGroup("many", [KeyboardInterrupt(), ValueError()]),
    "GameOver": game_over,
    "repr and str raise": BadRepr,
    "ten-megabyte message": lambda: ValueError("x" * 10_000_000),
    "lone surrogate": lambda: ValueError("\ud800"),
}
RAISED_NAMES = [*RAISED, "trio.Cancelled"]
"""A genuine ``trio.Cancelled`` is taken out of a cancel scope of the player's own."""


class RaisingPlayer(RandomBot):
    """A random bot that raises ``name`` at its 20th decision."""

    def __init__(self, name: str) -> None:
        super().__init__(seed=1)
        self.name = name
        self.asked = 0

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if self.asked == 20:
            if self.name == "trio.Cancelled":
                caught: BaseException | None = None
                with trio.CancelScope() as scope:
                    scope.cancel()
                    try:
                        await trio.sleep(0)
                    except trio.Cancelled as cancelled:
                        caught = cancelled
                assert caught is not None
                raise caught
            raise RAISED[self.name]()
        return await super().decide(decision)


def assert_conceded_for_raising(log: Path, outcome: Outcome) -> dict[str, Any]:
    assert outcome.winners == (1,)
    assert outcome.losers == ((0, "player raised an exception"),)
    records = orjson_lines(log)
    (raised,) = of(records, "player_raised")
    assert raised["visibility"] == [0]  # its traceback is the player's alone
    assert len(raised["error"]) <= 200
    assert len(raised["traceback"]) <= 4100
    (conceded,) = of(records, "player_conceded")
    assert conceded["reason"] == "player raised an exception"
    assert records[-1]["event"] == "game_ended"
    assert manaweave.replay(log).identical
    opponents_view = list(redact(records, 1))
    (seen,) = of(opponents_view, "player_raised")
    assert "traceback" not in seen
    assert "error" not in seen
    return raised


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize("name", RAISED_NAMES)
def test_a_player_that_raises_anything_concedes_and_the_game_ends_normally(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    outcome, _ = play(RaisingPlayer(name), log)
    raised = assert_conceded_for_raising(log, outcome)
    if name == "repr and str raise":
        assert raised["error"] == "<BadRepr whose repr raised>"
    capsys.readouterr()


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize("name", ["KeyboardInterrupt", "SystemExit", "trio.Cancelled"])
def test_a_player_in_its_own_task_that_raises_anything_concedes(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"

    async def main() -> Outcome:
        async with open_actor(RaisingPlayer(name)) as actor:
            game = new_game(
                decks=DECKS,
                players=[actor, RandomBot(seed=2)],
                seed=SEED,
                max_turns=MAX_TURNS,
                log=log,
            )
            return await manaweave.play_game(game)

    outcome = trio.run(main)
    assert_conceded_for_raising(log, outcome)
    capsys.readouterr()


class RejectedRaises(Hostile):
    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        raise SystemExit("not in my game")


@pytest.mark.rules("104.3a")
def test_a_player_whose_rejected_raises_concedes(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    outcome, records = play(RejectedRaises(malformed(lambda: None)), log)
    assert outcome.losers == ((0, "player raised an exception"),)
    assert of(records, "decision_rejected")
    assert records[-1]["event"] == "game_ended"
    assert manaweave.replay(log).identical


class Interrupting(RandomBot):
    """Interrupts the process (as Ctrl-C does) at its 20th decision."""

    asked = 0

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if self.asked == 20:
            signal.raise_signal(signal.SIGINT)
            await trio.sleep(0)  # where trio delivers the interrupt
        return await super().decide(decision)


def test_a_real_interrupt_of_the_process_still_stops_it(tmp_path: Path) -> None:
    with pytest.raises(KeyboardInterrupt):
        play(Interrupting(seed=1), tmp_path / "game.jsonl")


def test_a_cancelled_game_is_not_a_players_failure(tmp_path: Path) -> None:
    # Cancelling the game from outside cancels it; the waiting player does not concede.
    async def main() -> None:
        game = new_game(decks=DECKS, players=[Sleeper(), RandomBot(seed=2)], seed=SEED, log=None)
        with trio.move_on_after(0.05):
            await manaweave.play_game(game)
        assert not of(list(game.log.records), "player_conceded")

    trio.run(main)


class Sleeper:
    async def decide(self, decision: Decision) -> Choice:
        await trio.sleep_forever()
        raise AssertionError("unreachable")


# --- answering late --------------------------------------------------------------------------

TIME_LIMIT = 0.5
"""The time limit of the games below: far above an honest decision's fraction of a
millisecond."""


class Late(RandomBot):
    """Plays as ``RandomBot(seed=1)``; at its ``at``-th decision it answers (or raises)
    only after the time limit, keeping the cancellation from stopping it in its own way."""

    def __init__(self, way: str, *, at: int = 5) -> None:
        super().__init__(seed=1)
        self.way = way
        self.at = at
        self.asked = 0

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if self.asked == self.at:
            await self.stall()
            if self.way == "raises after swallowing Cancelled":
                raise ValueError("too late to matter")
        return self.pick(decision)

    async def stall(self) -> None:
        past = TIME_LIMIT + 0.2
        if self.way in ("swallows Cancelled", "raises after swallowing Cancelled"):
            with contextlib.suppress(trio.Cancelled):  # and answers anyway
                await trio.sleep(past)
        elif self.way == "time.sleep":
            time.sleep(past)
        elif self.way == "busy loop":
            end = time.perf_counter() + past
            while time.perf_counter() < end:
                pass
        elif self.way == "shielded scope":
            with trio.CancelScope(shield=True):
                await trio.sleep(past)
        else:
            raise AssertionError(self.way)


def play_timed(player0: Any, log: Path) -> Outcome:
    """Play ``player0`` against a random bot with the decision time limit
    :data:`TIME_LIMIT`, logged to ``log``."""
    game = new_game(
        decks=DECKS,
        players=[player0, RandomBot(seed=2)],
        seed=SEED,
        max_turns=MAX_TURNS,
        log=log,
        decision_time_limit=TIME_LIMIT,
        seed_nonce=NONCE,
    )
    return trio.run(manaweave.play_game, game)


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize(
    "way",
    [
        "swallows Cancelled",
        "raises after swallowing Cancelled",
        "time.sleep",
        "busy loop",
        "shielded scope",
    ],
)
def test_an_answer_after_the_time_limit_is_a_timeout(way: str, tmp_path: Path) -> None:
    log = tmp_path / "late.jsonl"
    late = Late(way)
    outcome = play_timed(late, log)
    assert outcome.losers == ((0, "timeout"),)
    records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
    (conceded,) = of(records, "player_conceded")
    assert conceded["reason"] == "timeout"
    assert conceded["rule"] == "104.3a"
    # Its first four answers were taken, the late fifth one was not; nothing else happened.
    answers = [r for r in of(records, "decision_made") if r["player"] == 0]
    assert len(answers) == late.at - 1
    assert not of(records, "player_raised")
    honest_start = honest_game(tmp_path)[1][: records.index(conceded)]
    assert comparable(records[: records.index(conceded)]) == comparable(honest_start)
    # The replay takes the timeout from the log: it has no time limit of its own.
    assert manaweave.replay(log).identical


class LateAtOnce(Late):
    """A :class:`Late` that declares it answers without awaiting anything."""

    decides_at_once = True

    async def decide(self, decision: Decision) -> Choice:
        return await super().decide(decision)


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize("way", ["time.sleep", "busy loop"])
def test_a_player_that_decides_at_once_and_answers_late_times_out(way: str, tmp_path: Path) -> None:
    log = tmp_path / "late.jsonl"
    late = LateAtOnce(way)
    assert decides_at_once(late)
    outcome = play_timed(late, log)
    assert outcome.losers == ((0, "timeout"),)
    assert manaweave.replay(log).identical


@pytest.mark.rules("104.3a")
def test_a_player_that_declares_it_decides_at_once_and_awaits_concedes(tmp_path: Path) -> None:
    log = tmp_path / "awaits.jsonl"
    awaiting = LateAtOnce("swallows Cancelled")
    outcome = play_timed(awaiting, log)
    assert outcome.losers == ((0, "player raised an exception"),)
    records = orjson_lines(log)
    (raised,) = of(records, "player_raised")
    assert raised["error"].startswith("AwaitedError(")
    assert "declares decides_at_once but its decide awaited" in raised["error"]
    assert raised["visibility"] == [0]
    answers = [r for r in of(records, "decision_made") if r["player"] == 0]
    assert len(answers) == awaiting.at - 1
    assert manaweave.replay(log).identical


def test_the_built_in_bots_decide_at_once_and_a_subclass_declares_it_anew() -> None:
    assert decides_at_once(RandomBot(seed=1))
    assert decides_at_once(HeuristicBot(seed=1))
    assert decides_at_once(ScriptedPlayer())
    # A subclass that defines decide anew does not inherit the declaration.
    assert not decides_at_once(Late("time.sleep"))
    assert not decides_at_once(Sleeper())

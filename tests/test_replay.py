"""Tests of replays (``manaweave.replay`` and ``manaweave replay``): a logged game played
again from its log reproduces the log exactly, and a log that was changed is reported at
its first difference."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson
import pytest
from _players import Misbehaving

import manaweave
from manaweave import GameLogError, ReplayMismatchError, ReplayPluginError, replay
from manaweave.lowlevel import command_line as main
from manaweave.lowlevel import compare_streams, load_log
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white"]
THREE_DECKS = ["m10:red-green", "m10:green-white", "m10:red-green"]


def record(
    path: Path,
    seed: int,
    *,
    players: Sequence[Any] | None = None,
    decks: Sequence[str] = DECKS,
    max_turns: int = 100,
) -> list[dict[str, Any]]:
    """Play a game, write its log to ``path`` and return the logged events."""
    actors = players or [RandomBot(seed=seed * 1000 + i) for i in range(len(decks))]
    manaweave.run(decks=decks, players=actors, seed=seed, log=path, max_turns=max_turns)
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def write(path: Path, events: Sequence[Mapping[str, Any]]) -> Path:
    path.write_bytes(b"".join(orjson.dumps(e) + b"\n" for e in events))
    return path


def names(events: Sequence[Mapping[str, Any]]) -> list[str]:
    return [e["event"] for e in events]


# --- games replay identically ----------------------------------------------------------------


@pytest.mark.parametrize("seed", range(50))
def test_random_game_replays_identically(tmp_path: Path, seed: int) -> None:
    path = tmp_path / f"game-{seed}.jsonl"
    events = record(path, seed, players=[RandomBot(seed=2 * seed), RandomBot(seed=2 * seed + 1)])
    assert events[-1]["event"] == "game_ended"
    result = replay(path)
    assert result.identical, result.mismatch
    assert result.mismatch is None
    assert result.events == len(events)


@pytest.mark.parametrize("seed", [21, 22])
def test_three_player_free_for_all_replays_identically(tmp_path: Path, seed: int) -> None:
    events = record(tmp_path / "ffa.jsonl", seed, decks=THREE_DECKS)
    assert events[0]["variant"] == "free_for_all"
    assert len(events[0]["players"]) == 3
    result = replay(tmp_path / "ffa.jsonl")
    assert result.identical, result.mismatch
    assert result.events == len(events)


def test_replay_accepts_the_events_themselves(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 23)
    result = replay(events)
    assert result.identical, result.mismatch
    assert result.events == len(events)


def test_game_with_a_concession_replays_identically(tmp_path: Path) -> None:
    players = [Misbehaving(240, {40: "concede"}), RandomBot(241)]
    events = record(tmp_path / "game.jsonl", 24, players=players)
    assert "player_conceded" in names(events)
    assert events[-1]["reason"] == "conceded"
    result = replay(tmp_path / "game.jsonl")
    assert result.identical, result.mismatch


def test_game_with_a_player_who_raised_replays_identically(tmp_path: Path) -> None:
    players = [RandomBot(250), Misbehaving(251, {40: "raise"})]
    events = record(tmp_path / "game.jsonl", 25, players=players)
    assert "player_raised" in names(events)
    assert events[-1]["reason"] == "player raised an exception"
    result = replay(tmp_path / "game.jsonl")
    assert result.identical, result.mismatch


def test_game_with_a_rejected_answer_replays_identically(tmp_path: Path) -> None:
    players = [Misbehaving(260, {3: "illegal", 90: "illegal"}), RandomBot(261)]
    events = record(tmp_path / "game.jsonl", 26, players=players)
    assert names(events).count("decision_rejected") == 2
    assert "player_conceded" not in names(events)
    result = replay(tmp_path / "game.jsonl")
    assert result.identical, result.mismatch


def test_game_with_too_many_illegal_answers_replays_identically(tmp_path: Path) -> None:
    players = [Misbehaving(270, {30: "illegal", 31: "illegal", 32: "illegal"}), RandomBot(271)]
    events = record(tmp_path / "game.jsonl", 27, players=players)
    assert events[-1]["reason"] == "too many illegal choices"
    result = replay(tmp_path / "game.jsonl")
    assert result.identical, result.mismatch


def test_game_with_a_malformed_answer_replays_identically(tmp_path: Path) -> None:
    """An answer that is not a Choice is rejected; the replay must reject it the same way."""
    players = [Misbehaving(280, {3: "malformed"}), RandomBot(281)]
    events = record(tmp_path / "game.jsonl", 28, players=players)
    (rejected,) = [e for e in events if e["event"] == "decision_rejected"]
    assert rejected["answer"] == "<NoneType>"
    result = replay(tmp_path / "game.jsonl")
    assert result.identical, result.mismatch


def test_three_player_game_with_every_kind_of_misbehaviour_replays_identically(
    tmp_path: Path,
) -> None:
    players = [
        Misbehaving(290, {10: "illegal"}),
        Misbehaving(291, {60: "raise"}),
        Misbehaving(292, {80: "concede"}),
    ]
    events = record(tmp_path / "game.jsonl", 5, players=players, decks=THREE_DECKS)
    happened = names(events)
    for name in ("decision_rejected", "player_raised", "player_conceded", "player_left"):
        assert name in happened
    result = replay(tmp_path / "game.jsonl")
    assert result.identical, result.mismatch
    assert result.events == len(events)


# --- differences are reported ----------------------------------------------------------------


def test_tampered_choice_is_reported_at_its_seq(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    events = record(path, 30)
    # A priority decision with several options where the player passed (Pass is option 0).
    tampered = next(
        e
        for e in events
        if e["event"] == "decision_made"
        and e["kind"] == "priority"
        and e["turn"] >= 3
        and e["options"] > 1
        and e["choice"] == [0]
    )
    tampered["choice"] = [1]
    result = replay(write(path, events))
    assert not result.identical
    mismatch = result.mismatch
    assert isinstance(mismatch, ReplayMismatchError)
    assert mismatch.seq == tampered["seq"]
    assert isinstance(mismatch.expected, dict)
    assert isinstance(mismatch.actual, dict)
    assert mismatch.expected["choice"] == mismatch.actual["choice"] == [1]
    assert mismatch.expected["chosen"] == ["pass"] != mismatch.actual["chosen"]


def both_keep(tmp_path: Path) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """A game in which both players keep their opening hands, and the second keep."""
    for seed in range(40, 80):
        events = record(tmp_path / "game.jsonl", seed, max_turns=3)
        first_turn = names(events).index("turn_began")
        start = events[:first_turn]
        mulligans = [e for e in start if e["event"] == "decision_made" and e["kind"] == "mulligan"]
        if len(mulligans) == 2 and all(m["chosen"] == ["keep"] for m in mulligans):
            assert mulligans[-1]["seq"] == first_turn - 1
            return events, mulligans[-1]
    raise AssertionError("no game in which both players keep")


def test_consistently_tampered_decision_is_reported_at_the_first_difference(
    tmp_path: Path,
) -> None:
    """A keep changed into a mulligan (choice and its text) is a legal answer: the log
    line itself replays, and the first difference is the mulligan that follows it."""
    events, keep = both_keep(tmp_path)
    keep["choice"] = [1]
    keep["chosen"] = ["mulligan"]
    result = replay(write(tmp_path / "tampered.jsonl", events))
    mismatch = result.mismatch
    assert mismatch is not None
    assert mismatch.seq == keep["seq"] + 1
    assert isinstance(mismatch.expected, dict)
    assert isinstance(mismatch.actual, dict)
    assert mismatch.expected["event"] == "turn_began"
    assert mismatch.actual["event"] == "mulligan_taken"
    assert mismatch.actual["player"] == keep["player"]


def test_truncated_log_is_reported_where_it_ends(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 31)
    cut = len(events) // 2
    mismatch = replay(events[:cut]).mismatch
    assert mismatch is not None
    assert mismatch.seq == cut
    assert mismatch.expected is None
    assert isinstance(mismatch.actual, dict)
    assert mismatch.actual["seq"] == cut


def test_compare_streams_ignores_wall_clock_and_traceback() -> None:
    recorded = [{"seq": 0, "event": "decision_made", "latency_ms": 1.0, "traceback": "a"}]
    replayed = [{"seq": 0, "event": "decision_made", "latency_ms": 9.5, "traceback": "b"}]
    assert compare_streams(recorded, replayed) is None
    changed = [{"seq": 0, "event": "decision_rejected", "latency_ms": 1.0}]
    mismatch = compare_streams(recorded, changed)
    assert mismatch is not None
    assert mismatch.seq == 0
    assert mismatch.expected == {"seq": 0, "event": "decision_made"}
    assert mismatch.actual == {"seq": 0, "event": "decision_rejected"}


def test_compare_streams_reports_extra_events() -> None:
    short = [{"seq": 0, "event": "game_started"}]
    longer = [*short, {"seq": 1, "event": "turn_began"}]
    mismatch = compare_streams(short, longer)
    assert mismatch is not None
    assert (mismatch.seq, mismatch.expected, mismatch.actual) == (1, None, longer[1])


# --- reading logs --------------------------------------------------------------------------


def test_load_log_reads_a_game_log(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 32, max_turns=5)
    assert load_log(tmp_path / "game.jsonl") == events
    assert load_log(str(tmp_path / "game.jsonl")) == events


def test_load_log_rejects_a_file_that_does_not_start_with_game_started(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 33, max_turns=5)
    path = write(tmp_path / "headless.jsonl", events[1:])
    with pytest.raises(ValueError, match="game_started"):
        load_log(path)
    with pytest.raises(ValueError, match="game_started"):
        replay(path)


def test_load_log_rejects_an_empty_file(tmp_path: Path) -> None:
    path = tmp_path / "empty.jsonl"
    path.write_bytes(b"\n")
    with pytest.raises(GameLogError, match=r"empty\.jsonl: the file is empty; not a manaweave"):
        load_log(path)


def test_load_log_names_the_line_that_is_not_json(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 34, max_turns=5)
    path = tmp_path / "broken.jsonl"
    path.write_bytes(orjson.dumps(events[0]) + b"\n" + orjson.dumps(events[1]) + b"\n{oops\n")
    with pytest.raises(ValueError, match=r"broken\.jsonl:3:"):
        load_log(path)


@pytest.mark.parametrize("where", ["first", "later"])
def test_load_log_rejects_a_line_that_is_not_an_object(tmp_path: Path, where: str) -> None:
    """A JSON array is not a log line: ``ValueError`` naming the line, like other bad lines."""
    events = record(tmp_path / "game.jsonl", 35, max_turns=5)
    lines = [orjson.dumps(e) for e in events[:3]]
    number = 1 if where == "first" else 3
    lines.insert(number - 1, b"[1, 2, 3]")
    path = tmp_path / "array.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    with pytest.raises(ValueError, match=rf"array\.jsonl:{number}:"):
        load_log(path)


# --- the command line ----------------------------------------------------------------------


def test_cli_replay_of_an_identical_game_returns_0(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    events = record(path, 36)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert f"replayed {len(events)} events" in out
    assert "identical" in out


def test_cli_replay_of_a_changed_log_returns_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    events = record(path, 37)
    tampered = next(
        e
        for e in events
        if e["event"] == "decision_made"
        and e["options"] > 1
        and e["choice"] == [0]
        and e["kind"] == "priority"
    )
    tampered["choice"] = [1]
    write(path, events)
    assert main(["replay", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"differs at event {tampered['seq']}" in out


def test_cli_replay_of_a_file_that_is_not_a_game_log_returns_3(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = record(tmp_path / "game.jsonl", 38, max_turns=5)
    path = write(tmp_path / "headless.jsonl", events[1:])
    assert main(["replay", str(path)]) == 3
    assert "game_started" in capsys.readouterr().err


def test_cli_play_then_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "cli.jsonl"
    assert main(["play", "--seed", "39", "--log", str(path), "--max-turns", "60", "--quiet"]) == 0
    assert path.exists()
    capsys.readouterr()
    assert main(["replay", str(path)]) == 0
    assert "identical" in capsys.readouterr().out

"""Tests of durable logs: a game's log reaches its file as the game is played, so a process
that is killed or interrupted leaves a log that replays up to its last complete line and is
reported as incomplete."""

from __future__ import annotations

import os
import signal
import subprocess
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio
from _command import COMMAND, run_manaweave

import manaweave
from manaweave import Choice, Decision, replay
from manaweave.log import FLUSH_BYTES, EventLog, read_records
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white"]


def play_logged(path: Path, seed: int = 3) -> list[bytes]:
    """Play a random game logged to ``path``; its lines, as they are in memory."""
    game = manaweave.new_game(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=seed, log=path
    )
    trio.run(manaweave.play_game, game)
    return game.log.lines


def file_lines(path: Path) -> list[bytes]:
    return path.read_bytes().splitlines()


# --- the log reaches the file as the game goes ------------------------------------------------


class DiskChecker(RandomBot):
    """A random bot that, at each decision, checks the log file holds every line so far."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.log: EventLog | None = None
        self.checked = 0

    async def decide(self, decision: Decision) -> Choice:
        assert self.log is not None
        assert self.log.path is not None
        in_memory = b"".join(line + b"\n" for line in self.log.lines)
        assert self.log.path.read_bytes() == in_memory
        self.checked += 1
        return await super().decide(decision)


def test_every_line_is_on_disk_when_a_player_that_may_wait_is_asked(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    checkers = [DiskChecker(seed=1), DiskChecker(seed=2)]
    game = manaweave.new_game(decks=DECKS, players=checkers, seed=5, log=path, max_turns=8)
    for checker in checkers:
        checker.log = game.log
    trio.run(manaweave.play_game, game)
    assert sum(c.checked for c in checkers) > 100
    assert file_lines(path) == game.log.lines


class BoundChecker(RandomBot):
    """A random bot that answers at once and checks, at each decision, that fewer than
    ``FLUSH_BYTES`` of the log are waiting to be written: no flush comes before its
    decisions, but the log's own bound holds."""

    decides_at_once = True

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.log: EventLog | None = None
        self.waiting: list[int] = []

    async def decide(self, decision: Decision) -> Choice:
        assert self.log is not None
        assert self.log.path is not None
        in_memory = sum(len(line) + 1 for line in self.log.lines)
        on_disk = self.log.path.stat().st_size if self.log.path.exists() else 0
        self.waiting.append(in_memory - on_disk)
        return self.pick(decision)


def test_before_a_bot_that_answers_at_once_at_most_flush_bytes_wait(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    checkers = [BoundChecker(seed=1), BoundChecker(seed=2)]
    game = manaweave.new_game(decks=DECKS, players=checkers, seed=5, log=path)
    for checker in checkers:
        checker.log = game.log
    trio.run(manaweave.play_game, game)
    waiting = [w for c in checkers for w in c.waiting]
    assert len(waiting) > 100
    assert max(waiting) < FLUSH_BYTES
    assert any(w > 0 for w in waiting)  # no flush before its decisions
    assert file_lines(path) == game.log.lines


def test_a_normal_games_file_is_the_whole_log_byte_for_byte(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    lines = play_logged(path)
    assert path.read_bytes() == b"".join(line + b"\n" for line in lines)
    assert orjson.loads(lines[-1])["event"] == "game_ended"


def test_between_decisions_at_most_flush_bytes_wait_in_memory(tmp_path: Path) -> None:
    path = tmp_path / "burst.jsonl"
    log = EventLog("burst", path)
    for number in range(4 * FLUSH_BYTES // 50):
        log.emit("burst_line", {"turn": 0, "step": None, "number": number})
        on_disk = path.stat().st_size if path.exists() else 0
        in_memory = len(b"".join(line + b"\n" for line in log.lines[-1:])) + on_disk
        assert sum(len(line) + 1 for line in log.lines) - on_disk < FLUSH_BYTES
        assert in_memory > 0
    assert path.stat().st_size >= 3 * FLUSH_BYTES
    written = path.read_bytes()
    assert b"".join(line + b"\n" for line in log.lines).startswith(written)
    log.close()
    assert file_lines(path) == log.lines


def test_a_line_logged_after_close_is_appended(tmp_path: Path) -> None:
    path = tmp_path / "late.jsonl"
    log = EventLog("late", path)
    log.emit("first", {"turn": 0, "step": None})
    log.close()
    log.emit("second", {"turn": 0, "step": None})
    log.flush()
    assert [orjson.loads(line)["event"] for line in file_lines(path)] == ["first", "second"]


def test_the_first_flush_replaces_an_existing_file(tmp_path: Path) -> None:
    path = tmp_path / "old.jsonl"
    path.write_bytes(b"an older game\n" * 100)
    log = EventLog("new", path)
    log.emit("only", {"turn": 0, "step": None})
    log.close()
    assert file_lines(path) == log.lines


def test_an_interrupt_between_writing_and_counting_writes_no_line_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C may come as the file write returns, before the log counts what it wrote:
    the next flush (the one that writes ``game_interrupted``) must not write it again."""
    path = tmp_path / "interrupted.jsonl"
    log = EventLog("interrupted", path)
    for number in range(10):
        log.emit("line", {"turn": 0, "step": None, "number": number})
    write = os.write

    def write_then_interrupt(fd: int, data: bytes) -> int:
        monkeypatch.setattr(os, "write", write)
        write(fd, data)
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "write", write_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        log.flush()
    log.emit("game_interrupted", {"turn": 0, "step": None, "reason": "KeyboardInterrupt"})
    log.close()
    assert file_lines(path) == log.lines
    assert [record["seq"] for record in read_records(path)] == list(range(11))


# --- an incomplete log replays up to its last complete line -----------------------------------


@pytest.mark.parametrize("kept", [1, 40, 333, 1000])
def test_a_log_cut_after_any_line_replays_as_incomplete(tmp_path: Path, kept: int) -> None:
    lines = play_logged(tmp_path / "game.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(line + b"\n" for line in lines[:kept]))
    result = replay(cut)
    assert result.identical, result.mismatch
    assert result.incomplete
    assert not result.interrupted
    assert result.events == kept
    assert result.last_turn == orjson.loads(lines[kept - 1])["turn"]


def test_a_partial_last_line_is_ignored(tmp_path: Path) -> None:
    lines = play_logged(tmp_path / "game.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(line + b"\n" for line in lines[:700]) + lines[700][:37])
    assert len(list(read_records(cut))) == 700
    result = replay(cut)
    assert result.identical
    assert result.incomplete
    assert result.events == 700


def test_a_broken_line_before_the_last_is_still_an_error(tmp_path: Path) -> None:
    lines = play_logged(tmp_path / "game.jsonl")
    broken = tmp_path / "broken.jsonl"
    broken.write_bytes(
        b"".join(line + b"\n" for line in [*lines[:10], lines[10][:20], *lines[11:]])
    )
    with pytest.raises(manaweave.GameLogError, match=r"broken.jsonl:11: not JSON"):
        replay(broken)


def test_an_incomplete_log_that_was_changed_differs(tmp_path: Path) -> None:
    lines = play_logged(tmp_path / "game.jsonl")
    events = [orjson.loads(line) for line in lines[:600]]
    changed = next(e for e in events[300:] if e["event"] == "turn_began")
    changed["player"] = 1 - changed["player"]
    cut = tmp_path / "changed.jsonl"
    cut.write_bytes(b"".join(orjson.dumps(e) + b"\n" for e in events))
    result = replay(cut)
    assert not result.identical
    assert result.incomplete
    assert result.mismatch is not None
    assert result.mismatch.seq == changed["seq"]
    assert main(["replay", str(cut)]) == 1


def test_the_replay_command_reports_an_incomplete_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = play_logged(tmp_path / "game.jsonl")
    cut = tmp_path / "cut.jsonl"
    cut.write_bytes(b"".join(line + b"\n" for line in lines[:812]))
    turn = orjson.loads(lines[811])["turn"]
    assert main(["replay", str(cut)]) == 5
    assert capsys.readouterr().out == (
        f"{cut}: the log is incomplete: it ends at event 811 (turn {turn}) without "
        "game_ended; the 812 events replay identically.\n"
    )


# --- an interrupt writes the log and marks it ---------------------------------------------------


def interrupt_at(seq: int) -> Callable[[dict[str, Any]], None]:
    """A subscriber that interrupts the game (as Ctrl-C would) when event ``seq`` is logged."""

    def interrupt(record: dict[str, Any]) -> None:
        if record["seq"] == seq:
            raise KeyboardInterrupt

    return interrupt


def test_an_interrupted_game_ends_its_log_with_game_interrupted(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = manaweave.new_game(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=3, log=path
    )
    game.log.subscribe(interrupt_at(900))
    with pytest.raises(KeyboardInterrupt):
        trio.run(manaweave.play_game, game)
    records = list(read_records(path))
    assert [r["seq"] for r in records] == list(range(902))
    assert records[-1]["event"] == "game_interrupted"
    assert records[-1]["reason"] == "KeyboardInterrupt"
    assert "game_ended" not in {r["event"] for r in records}
    result = replay(path)
    assert result.identical
    assert result.incomplete
    assert result.interrupted
    assert result.events == 901


# --- a real process, killed or interrupted ------------------------------------------------------

SLOW_BOT_PLUGIN = textwrap.dedent(
    """
    import trio

    from manaweave import hookimpl
    from manaweave.players import RandomBot


    class SlowBot(RandomBot):
        async def decide(self, decision):
            await trio.sleep(0.005)
            return await super().decide(decision)


    @hookimpl
    def mw_bots():
        return {"slow": SlowBot}
    """
)


def start_slow_game(tmp_path: Path, log: Path) -> subprocess.Popen[str]:
    """``manaweave play`` with bots slow enough to stop mid-game, narrating on a pipe."""
    (tmp_path / "slow_bot_plugin.py").write_text(SLOW_BOT_PLUGIN)
    return subprocess.Popen(
        [
            str(COMMAND),
            "play",
            "-p",
            "slow_bot_plugin",
            "--bot",
            "slow",
            "--seed",
            "3",
            "--log",
            str(log),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
    )


def read_until(process: subprocess.Popen[str], heading: str) -> None:
    """Read the narration until ``heading`` (the game is past that point)."""
    assert process.stdout is not None
    for line in process.stdout:
        if line.startswith(heading):
            return
    raise AssertionError(f"the game ended before {heading!r}")


def test_a_killed_game_leaves_a_log_that_replays_as_incomplete(tmp_path: Path) -> None:
    log = tmp_path / "killed.jsonl"
    process = start_slow_game(tmp_path, log)
    try:
        read_until(process, "--- Turn 8:")
        process.send_signal(signal.SIGKILL)
    finally:
        process.kill()
        process.communicate(timeout=60)
    assert process.returncode == -signal.SIGKILL
    records = list(read_records(log))
    assert [r["seq"] for r in records] == list(range(len(records)))
    # Turn 8 began, so every decision of turn 7 was asked: the lines before it are on disk.
    assert max(r["turn"] for r in records) >= 7
    assert records[-1]["event"] != "game_ended"
    result = replay(log)
    assert result.identical
    assert result.incomplete
    assert not result.interrupted
    done = run_manaweave("replay", str(log), cwd=tmp_path)
    assert done.returncode == 5, done.stderr
    assert "the log is incomplete: it ends at event" in done.stdout
    assert "replay identically" in done.stdout


def test_ctrl_c_writes_the_log_marked_interrupted_and_exits_130(tmp_path: Path) -> None:
    log = tmp_path / "interrupted.jsonl"
    process = start_slow_game(tmp_path, log)
    try:
        read_until(process, "--- Turn 6:")
        process.send_signal(signal.SIGINT)
        _out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 130, err
    assert "interrupted; the event log so far:" in err
    assert "Traceback" not in err
    records = list(read_records(log))
    assert records[-1]["event"] == "game_interrupted", (records[-3:], err)
    assert max(r["turn"] for r in records) >= 6
    result = replay(log)
    assert result.identical, result.mismatch
    assert result.incomplete
    assert result.interrupted
    assert result.events == len(records) - 1
    done = run_manaweave("replay", str(log), cwd=tmp_path)
    assert done.returncode == 5, done.stderr
    assert "without game_ended (the game was interrupted)" in done.stdout

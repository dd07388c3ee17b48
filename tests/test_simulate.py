"""``manaweave simulate`` and :func:`manaweave.simulation.simulate`: the same games whatever
the number of worker processes, a run resumed after an interruption loses and repeats
nothing, the summary agrees with the logs, and arguments or folders that cannot be used
are refused in one line."""

from __future__ import annotations

import gzip
import io
import os
import shutil
import signal
import subprocess
import sys
import time
import tracemalloc
import zlib
from pathlib import Path
from typing import Any

import orjson
import pytest
from _command import COMMAND
from _command import run_manaweave as run_command

import manaweave.log
from manaweave import DecklistError
from manaweave.log import WALL_CLOCK_FIELDS, render_log
from manaweave.simulation import (
    SUMMARY_FILE,
    Schedule,
    SimulationError,
    game_seed,
    read_game_logs,
    read_summary,
    simulate,
)

DECKS = ["m10:red-green", "m10:green-white"]
SHORT = {"decks": DECKS, "max_turns": 4, "seed": 5}
"""Short games: a few turns each."""


def _records(log: bytes) -> list[dict[str, Any]]:
    """A log's records without the fields that measure real time."""
    records = []
    for line in log.splitlines():
        record = orjson.loads(line)
        for name in WALL_CLOCK_FIELDS:
            record.pop(name, None)
        records.append(record)
    return records


def _logs(out: Path) -> dict[int, list[dict[str, Any]]]:
    logs: dict[int, list[dict[str, Any]]] = {}
    for index, log in read_game_logs(out):
        assert index not in logs, f"game {index} is in the shards twice"
        logs[index] = _records(log)
    return logs


@pytest.fixture(scope="module")
def reference(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Five games played by one worker, without interruption."""
    out = tmp_path_factory.mktemp("reference")
    summary = simulate(out, games=5, jobs=1, **SHORT)
    assert summary.complete
    assert summary.played == 5
    return out


def test_two_workers_play_the_same_games_as_one(reference: Path, tmp_path: Path) -> None:
    summary = simulate(tmp_path, games=5, jobs=2, chunk_size=1, **SHORT)
    assert summary.complete
    # Which worker plays which game is up to timing (on a busy machine one may play them
    # all before the other has started): the games and their logs are not.
    assert {game.shard for game in summary.games} <= {"shard-000.jsonl.gz", "shard-001.jsonl.gz"}
    assert _logs(tmp_path) == _logs(reference)
    one = read_summary(reference)
    assert [(g.index, g.seed, g.winners, g.turns) for g in summary.games] == [
        (g.index, g.seed, g.winners, g.turns) for g in one.games
    ]


def test_the_summary_says_what_the_logs_say(reference: Path) -> None:
    summary = read_summary(reference)
    assert summary.parameters["games"] == 5
    assert summary.parameters["max_turns"] == 4
    logs = _logs(reference)
    assert [game.index for game in summary.games] == [0, 1, 2, 3, 4]
    for game in summary.games:
        started, ended = logs[game.index][0], logs[game.index][-1]
        assert started["event"] == "game_started"
        assert ended["event"] == "game_ended"
        assert game.seed == started["seed"] == game_seed(5, game.index)
        assert game.decks == started["deck_names"]
        assert game.bots == ["random", "random"]
        assert (game.winners, game.reason, game.turns) == (
            ended["winners"],
            ended["reason"],
            ended["turns"],
        )
        assert (reference / game.shard).exists()


def test_a_shard_reads_as_the_logs_of_its_games(reference: Path) -> None:
    shard = next(reference.glob("shard-*.jsonl.gz"))
    with gzip.open(shard) as lines:
        events = [orjson.loads(line)["event"] for line in lines]
    assert events.count("game_started") == events.count("game_ended") == 5


def test_an_interrupted_run_resumes_without_losing_or_repeating_a_game(
    reference: Path, tmp_path: Path
) -> None:
    first = simulate(tmp_path, games=5, jobs=1, limit=3, **SHORT)
    assert (first.played, len(first.games), first.complete) == (3, 3, False)
    shard = next(tmp_path.glob("shard-*.jsonl.gz"))
    # The last game was being written when the process was killed: its member is cut short.
    os.truncate(shard, shard.stat().st_size - 20)
    assert sorted(index for index, _ in read_game_logs(tmp_path)) == [0, 1]
    resumed = simulate(tmp_path, games=5, jobs=2, **SHORT)
    assert resumed.complete
    assert resumed.played == 3
    assert _logs(tmp_path) == _logs(reference)
    again = simulate(tmp_path, games=5, jobs=2, **SHORT)
    assert again.played == 0
    assert again.complete


def test_garbage_after_the_last_game_is_cut_off(reference: Path, tmp_path: Path) -> None:
    simulate(tmp_path, games=2, jobs=1, **SHORT)
    shard = next(tmp_path.glob("shard-*.jsonl.gz"))
    whole = shard.stat().st_size
    with shard.open("ab") as file:
        file.write(b"\x1f\x8b\x08\x08\x00\x00\x00\x00\x00\xffgame-2.jsonl\x00broken")
    summary = simulate(tmp_path, games=3, jobs=1, **SHORT)
    assert summary.played == 1
    assert summary.complete
    assert shard.stat().st_size > whole
    logs = _logs(tmp_path)
    assert logs == {i: log for i, log in _logs(reference).items() if i < 3}


def test_a_folder_of_another_run_is_refused_naming_the_difference(
    reference: Path, tmp_path: Path
) -> None:
    with pytest.raises(SimulationError, match="max_turns is 4 there, 5 now"):
        simulate(reference, games=5, **{**SHORT, "max_turns": 5})
    with pytest.raises(SimulationError, match="seed is 5 there, 6 now"):
        simulate(reference, games=5, **{**SHORT, "seed": 6})
    with pytest.raises(SimulationError, match="bots is"):
        simulate(reference, games=5, bots=["heuristic"], **SHORT)
    (tmp_path / "shard-000.jsonl.gz").write_bytes(b"")
    with pytest.raises(SimulationError, match=r"no summary\.json"):
        simulate(tmp_path, games=1, **SHORT)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"games": 0}, "games must be a whole number of at least 1"),
        ({"jobs": 0}, "jobs must be a whole number of at least 1"),
        ({"bots": ["nobody"]}, "unknown bot 'nobody'"),
        ({"variant": "nothing"}, "unknown variant 'nothing'"),
        ({"schedule": "swiss"}, "unknown schedule 'swiss'"),
        ({"decks": ["m10:red-green"], "schedule": "round-robin"}, "at least as many decks"),
        ({"bots": ["random"] * 3}, "3 bots for 2 players"),
        ({"deck_rules": "vintage"}, "unknown deck rules 'vintage'"),
    ],
)
def test_arguments_that_cannot_be_used_are_refused(
    tmp_path: Path, arguments: dict[str, Any], message: str
) -> None:
    given = {**SHORT, "games": 2, **arguments}
    with pytest.raises(ValueError, match=message):
        simulate(tmp_path / "run", **given)
    assert not (tmp_path / "run").exists()


def test_an_unknown_deck_or_a_file_for_a_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(DecklistError):
        simulate(tmp_path / "run", games=1, decks=["m10:nothing", "m10:red-green"])
    (tmp_path / "file").write_text("")
    with pytest.raises(SimulationError, match="is a file"):
        simulate(tmp_path / "file", games=1, **SHORT)


def test_round_robin_with_swapped_seats_plays_each_pairing_from_both_seats() -> None:
    schedule = Schedule(("A", "B", "C"), ("x", "y"), 2, "round-robin", swap_seats=True)
    played = [
        (schedule.deck_names(lineup), schedule.bot_names(lineup))
        for lineup in map(schedule.lineup, range(7))
    ]
    assert played == [
        (["A", "B"], ["x", "y"]),
        (["B", "A"], ["y", "x"]),
        (["A", "C"], ["x", "y"]),
        (["C", "A"], ["y", "x"]),
        (["B", "C"], ["x", "y"]),
        (["C", "B"], ["y", "x"]),
        (["A", "B"], ["x", "y"]),
    ]
    fixed = Schedule(("A", "B"), ("x",), 2)
    assert {tuple(fixed.deck_names(fixed.lineup(i))) for i in range(4)} == {("A", "B")}


def test_the_cross_schedule_plays_every_deck_with_every_bot_from_every_seat() -> None:
    schedule = Schedule(("A", "B"), ("x", "y"), 2, "cross", swap_seats=True)
    played = [
        (schedule.deck_names(lineup), schedule.bot_names(lineup))
        for lineup in map(schedule.lineup, range(5))
    ]
    assert played == [
        (["A", "B"], ["x", "y"]),
        (["B", "A"], ["y", "x"]),
        (["A", "B"], ["y", "x"]),
        (["B", "A"], ["x", "y"]),
        (["A", "B"], ["x", "y"]),
    ]
    three = Schedule(("A", "B", "C"), ("x", "y", "z"), 3, "cross")
    pairs = {
        (deck, bot)
        for lineup in map(three.lineup, range(three.period))
        for deck, bot in zip(three.deck_names(lineup), three.bot_names(lineup), strict=True)
    }
    assert three.period == 6
    assert pairs == {(deck, bot) for deck in "ABC" for bot in "xyz"}
    # Bots named alike are one bot: the same bots in another order are not played again.
    assert Schedule(("A", "B", "C"), ("x", "x"), 2, "cross").period == 3
    with pytest.raises(ValueError, match="the cross schedule needs at least as many decks"):
        Schedule(("A",), ("x", "y"), 2, "cross")


def test_a_crossed_run_gives_each_deck_each_bot_and_resumes(tmp_path: Path) -> None:
    crossed = {**SHORT, "bots": ["heuristic", "random"], "schedule": "cross"}
    whole = simulate(tmp_path / "whole", games=4, swap_seats=True, **crossed)
    assert whole.complete
    bots_by_deck = {deck: set[str]() for deck in DECKS}
    for game in read_summary(tmp_path / "whole").games:
        for deck, bot in zip(game.decks, game.bots, strict=True):
            bots_by_deck[deck].add(bot)
    assert bots_by_deck == {deck: {"heuristic", "random"} for deck in DECKS}
    first = simulate(tmp_path / "resumed", games=4, swap_seats=True, limit=2, **crossed)
    assert not first.complete
    resumed = simulate(tmp_path / "resumed", games=4, swap_seats=True, **crossed)
    assert (resumed.complete, resumed.played) == (True, 2)
    assert _logs(tmp_path / "resumed") == _logs(tmp_path / "whole")
    with pytest.raises(SimulationError, match='schedule is "cross" there'):
        simulate(tmp_path / "whole", games=4, **{**crossed, "schedule": "round-robin"})


def test_the_command_plays_a_run_and_refuses_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "run"
    arguments = ["simulate", "--games", "3", "--out", str(out), "--max-turns", "3"]
    arguments += ["--schedule", "round-robin", "--swap-seats", "--jobs", "2", "--quiet"]
    arguments += ["--deck", "m10:red-green", "--deck", "m10:green-white"]
    arguments += ["--deck", "m10:red-burn"]
    done = run_command(*arguments, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert "3 of 3 games complete" in done.stdout
    summary = orjson.loads((out / SUMMARY_FILE).read_bytes())
    assert [game["decks"] for game in summary["games"]] == [
        ["m10:red-green", "m10:green-white"],
        ["m10:green-white", "m10:red-green"],
        ["m10:red-green", "m10:red-burn"],
    ]
    changed = run_command(*arguments, "--variant", "free_for_all", cwd=tmp_path)
    assert changed.returncode == 2
    assert "variant is" in changed.stderr
    assert "Traceback" not in changed.stderr
    for bad in (["--games", "0"], ["--jobs", "0"], ["--bot", "nobody"], ["--deck", "nothing"]):
        refused = run_command(
            "simulate", "--out", str(tmp_path / "x"), "--games", "1", *bad, cwd=tmp_path
        )
        assert refused.returncode == 2
        assert refused.stderr.startswith("manaweave: error:")
        assert "Traceback" not in refused.stderr
        assert len(refused.stderr.strip().splitlines()) == 1


@pytest.mark.skipif(sys.platform == "win32", reason="signals")
def test_ctrl_c_stops_the_command_and_running_it_again_finishes_the_run(tmp_path: Path) -> None:
    out = tmp_path / "run"
    arguments = ["simulate", "--games", "12", "--out", str(out), "--max-turns", "6"]
    arguments += ["--chunk-size", "1"]
    process = subprocess.Popen(
        [str(COMMAND), *arguments], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    shard = out / "shard-000.jsonl.gz"
    while not (shard.exists() and shard.stat().st_size) and time.monotonic() < deadline:
        time.sleep(0.05)
    process.send_signal(signal.SIGINT)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    assert b"run the same command again" in stderr
    kept = read_summary(out)
    assert 0 < len(kept.games) < 12
    done = run_command(*arguments, "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    summary = read_summary(out)
    assert summary.complete
    assert sorted(index for index, _ in read_game_logs(out)) == list(range(12))


def _workers(pid: int) -> list[int]:
    """The worker processes of the process ``pid`` (Linux)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [
        int(child)
        for child in children
        if b"spawn_main" in Path(f"/proc/{child}/cmdline").read_bytes()
    ]


@pytest.mark.skipif(not Path("/proc/self/task").exists(), reason="reads /proc (Linux)")
def test_a_killed_worker_stops_the_run_and_running_it_again_finishes_it(tmp_path: Path) -> None:
    out = tmp_path / "run"
    arguments = ["simulate", "--games", "40", "--out", str(out), "--max-turns", "10"]
    arguments += ["--chunk-size", "1", "--jobs", "2"]
    process = subprocess.Popen(
        [str(COMMAND), *arguments], cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    deadline = time.monotonic() + 60
    while not list(out.glob("shard-*")) and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(_workers(process.pid)[-1], signal.SIGKILL)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 1, stderr
    assert b"died (exit code -9)" in stderr
    done = run_command(*arguments, "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert read_summary(out).complete
    assert sorted(index for index, _ in read_game_logs(out)) == list(range(40))


# --- damaged and edited shards ---------------------------------------------------------------


def pack_game(index: int, log: bytes) -> bytes:
    """A shard's member: the gzip member named ``game-INDEX.jsonl`` holding ``log``."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename=f"game-{index}.jsonl", mode="wb", fileobj=buffer, mtime=0) as gz:
        gz.write(log)
    return buffer.getvalue()


def _members(shard: Path) -> dict[int, tuple[int, int]]:
    """Where each game's member lies in a shard that reads whole."""
    data = shard.read_bytes()
    members = {}
    start = 0
    while start < len(data):
        name = data[start + 10 : data.index(b"\0", start + 10)].decode()
        inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)  # one gzip member
        inflate.decompress(data[start:])
        end = len(data) - len(inflate.unused_data)
        members[int(name.removeprefix("game-").removesuffix(".jsonl"))] = (start, end)
        start = end
    return members


def _replace_member(shard: Path, index: int, member: bytes) -> None:
    data = shard.read_bytes()
    start, end = _members(shard)[index]
    shard.write_bytes(data[:start] + member + data[end:])


@pytest.fixture(scope="module")
def eight(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight short games in one shard."""
    out = tmp_path_factory.mktemp("eight")
    assert simulate(out, games=8, jobs=1, **SHORT).complete
    return out


def _copy_of(run: Path, tmp_path: Path) -> tuple[Path, Path]:
    out = tmp_path / "run"
    shutil.copytree(run, out)
    return out, out / "shard-000.jsonl.gz"


def test_a_damaged_member_in_the_middle_loses_only_its_game(eight: Path, tmp_path: Path) -> None:
    out, shard = _copy_of(eight, tmp_path)
    start, end = _members(shard)[3]
    data = bytearray(shard.read_bytes())
    data[(start + end) // 2] ^= 0xFF  # one byte of game 3's compressed data
    shard.write_bytes(bytes(data))
    damaged = bytes(data[start:end])
    resumed = simulate(out, games=8, jobs=1, **SHORT)
    assert resumed.complete
    assert resumed.played == 1  # game 3 alone: the games after it were kept
    assert [line.split(": ")[1] for line in resumed.set_aside] == ["game 3"]
    assert "shard-000.jsonl.gz: game 3: its gzip member" in resumed.set_aside[0]
    assert (out / "shard-000.jsonl.gz.damaged").read_bytes() == damaged
    assert _logs(out) == _logs(eight)
    assert read_summary(out).to_json()["games"] == read_summary(eight).to_json()["games"]


def _edited(log: bytes, change: Any, *, seal: bool) -> bytes:
    records = [orjson.loads(line) for line in log.splitlines()]
    change(records[0], records[-1])
    if seal:  # sealed again: the digest matches, the fields are what is wrong
        return render_log(records)
    return b"".join(orjson.dumps(record) + b"\n" for record in records)


def _other_winner(started: dict[str, Any], ended: dict[str, Any]) -> None:
    ended["winners"] = [1] if ended["winners"] != [1] else [0]


@pytest.mark.parametrize(
    ("change", "seal", "reason"),
    [
        (_other_winner, False, "its lines do not match the digest in game_ended"),
        (lambda s, e: s.pop("seed"), True, "game_started lacks seed"),
        (lambda s, e: e.update(winners=[7]), True, "winners [7] are not distinct seats"),
        (lambda s, e: e.update(winners=["0"]), True, "winners ['0'] are not distinct seats"),
        (lambda s, e: e.update(turns="4"), True, "turns '4' is not a whole number"),
        (lambda s, e: s.update(seating=[0, 5]), True, "seating [0, 5] does not seat"),
        (
            lambda s, e: s.update(
                players=s["players"] * 2,
                decks=s["decks"] * 2,
                deck_names=s["deck_names"] * 2,
                teams=[[0], [1], [2], [3]],
            ),
            True,
            "it has 4 players, the run's games 2",
        ),
    ],
)
def test_a_game_that_fails_its_checks_is_set_aside_and_played_again(
    eight: Path, tmp_path: Path, change: Any, seal: bool, reason: str
) -> None:
    out, shard = _copy_of(eight, tmp_path)
    logs = dict(read_game_logs(out))
    _replace_member(shard, 5, pack_game(5, _edited(logs[5], change, seal=seal)))
    resumed = simulate(out, games=8, jobs=1, **SHORT)
    assert resumed.played == 1
    assert len(resumed.set_aside) == 1
    assert "shard-000.jsonl.gz: game 5: " in resumed.set_aside[0]
    assert reason in resumed.set_aside[0]
    # The summary says what the game played says, not what the edit said.
    assert read_summary(out).to_json()["games"] == read_summary(eight).to_json()["games"]
    assert _logs(out) == _logs(eight)


def test_a_member_that_expands_past_the_line_limit_is_refused_without_holding_it(
    eight: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A member of a few kilobytes that expands to 24 MB: read a mebibyte at a time, a
    line over the limit refused once the limit is read, blank lines held as nothing."""
    monkeypatch.setattr(manaweave.log, "MAX_LINE_BYTES", 1 << 20)
    out, shard = _copy_of(eight, tmp_path)
    bombs = pack_game(8, b"x" * (24 << 20)) + pack_game(9, b"\n" * (24 << 20))
    assert len(bombs) < 100_000
    with shard.open("ab") as file:
        file.write(bombs)
    simulate(eight, games=8, jobs=1, limit=0, **SHORT)  # the plugins loaded once, before
    tracemalloc.start()
    try:
        resumed = simulate(out, games=10, jobs=1, limit=0, **SHORT)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 12 << 20
    assert len(resumed.games) == 8
    assert len(resumed.set_aside) == 2
    assert "game 8: line 1: a line longer than 1,048,576 bytes" in resumed.set_aside[0]
    assert "game 9: line 1 is blank: its member holds no game's log" in resumed.set_aside[1]
    assert (out / "shard-000.jsonl.gz.damaged").read_bytes() == bombs


def test_the_command_says_what_it_set_aside(eight: Path, tmp_path: Path) -> None:
    out, shard = _copy_of(eight, tmp_path)
    start, end = _members(shard)[3]
    data = bytearray(shard.read_bytes())
    data[(start + end) // 2] ^= 0xFF
    shard.write_bytes(bytes(data))
    arguments = ["simulate", "--games", "8", "--out", str(out), "--max-turns", "4", "--seed", "5"]
    done = run_command(*arguments, "--deck", DECKS[0], "--deck", DECKS[1], cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(f"manaweave: warning: {shard}: game 3: its gzip member (bytes")
    assert done.stderr.count("\n") == 1
    assert done.stderr.endswith(
        "does not read whole: its checksum or length does not match its data; played again\n"
    ) or done.stderr.endswith("its compressed data is damaged; played again\n")
    assert "8 of 8 games complete" in done.stdout
    assert "(1 played now" in done.stdout

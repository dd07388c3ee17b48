"""Tests of the log's integrity: the digest ``game_ended`` ends with and the replay's check
of it, the cap on the length of a line read, engine lines refused when a value cannot be
logged, and plugins hearing of an interrupted game."""

from __future__ import annotations

import gzip
import hashlib
import math
import tracemalloc
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio
from _command import run_manaweave

import manaweave
from manaweave import GameLogError, UnloggableValueError, replay
from manaweave.events import LifeChanged
from manaweave.log import EventLog, read_records, redact, render_log, seed_commitment
from manaweave.lowlevel import Game, PluginHost, load_log
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white"]


@cache
def _played(seed: int) -> bytes:
    game = manaweave.new_game(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=seed, max_turns=12
    )
    trio.run(manaweave.play_game, game)
    return b"".join(line + b"\n" for line in game.log.lines)


def played(tmp_path: Path, seed: int = 3) -> Path:
    """A finished random game's log file, as the game wrote it."""
    path = tmp_path / "game.jsonl"
    path.write_bytes(_played(seed))
    return path


def edited(path: Path, edit: Callable[[list[bytes]], None]) -> Path:
    """``path`` with its lines changed in place by ``edit``."""
    lines = path.read_bytes().splitlines(keepends=True)
    edit(lines)
    path.write_bytes(b"".join(lines))
    return path


def replace_on(index: int, old: bytes, new: bytes) -> Callable[[list[bytes]], None]:
    def edit(lines: list[bytes]) -> None:
        assert old in lines[index], (old, lines[index][:200])
        lines[index] = lines[index].replace(old, new, 1)

    return edit


# --- the digest a finished game's log ends with ------------------------------------------------


def test_game_ended_ends_with_the_sha256_of_the_bytes_before_it(tmp_path: Path) -> None:
    data = played(tmp_path).read_bytes()
    last_start = data.rindex(b"\n", 0, len(data) - 1) + 1
    last = data[last_start:]
    ended = orjson.loads(last)
    assert ended["event"] == "game_ended"
    assert list(ended)[-1] == "digest"
    unsealed = last[: last.index(b',"digest":')] + b"}"
    expected = hashlib.sha256(data[:last_start] + unsealed).hexdigest()
    assert ended["digest"] == f"sha256:{expected}"


def test_a_log_written_to_a_file_as_the_game_goes_has_the_same_digest(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = manaweave.new_game(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=3, log=path, max_turns=12
    )
    trio.run(manaweave.play_game, game)
    assert path.read_bytes() == b"".join(line + b"\n" for line in game.log.lines)
    assert replay(path).digest_problem is None


def test_an_untouched_log_replays_identically_with_a_matching_digest(tmp_path: Path) -> None:
    result = replay(played(tmp_path))
    assert result.identical
    assert result.digest_problem is None
    assert main(["replay", str(tmp_path / "game.jsonl")]) == 0


def turns_as_a_float(lines: list[bytes]) -> None:
    """``"turns":12`` -> ``"turns":12.0`` in game_ended: equal as a value, other bytes."""
    turns = orjson.loads(lines[-1])["turns"]
    replace_on(-1, b'"turns":%d,' % turns, b'"turns":%d.0,' % turns)(lines)


def free_for_all_options() -> dict[str, Any]:
    """The options a two-player Free-for-All game has when given none: its defaults,
    which play as a two-player game does."""
    declared = PluginHost(autoload=False).variants["free_for_all"].options
    return {option.name: option.default for option in declared}


def as_free_for_all(lines: list[bytes]) -> None:
    """A two-player game's ``game_started`` made a Free-for-All one's, with its options."""
    replace_on(0, b'"variant":"two_player"', b'"variant":"free_for_all"')(lines)
    options = b'"options":' + orjson.dumps(free_for_all_options())
    replace_on(0, b'"options":{}', options)(lines)


# Edits a replay does not see: the stream plays the same, only the digest finds them.
UNSEEN_EDITS: dict[str, Callable[[list[bytes]], None]] = {
    "variant": as_free_for_all,
    "player kind": replace_on(0, b'"kind":"RandomBot(seed=1)"', b'"kind":"Human"'),
    "a number written as a float": turns_as_a_float,
    "a blank line": lambda lines: lines.insert(5, b"\n"),
    "a key's spacing": replace_on(3, b'"seq":3,', b'"seq": 3,'),
}


@pytest.mark.parametrize("name", sorted(UNSEEN_EDITS))
def test_an_edit_the_replay_does_not_see_is_reported_with_exit_6(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    path = edited(played(tmp_path), UNSEEN_EDITS[name])
    result = replay(path)
    assert result.identical, result.mismatch
    assert result.digest_problem == "its lines do not match the digest in game_ended"
    assert main(["replay", str(path)]) == 6
    out = capsys.readouterr().out
    assert out == (
        f"{path}: the log was changed after it was written: its lines do not match the "
        "digest in game_ended; its events replay identically.\n"
    )


def test_a_changed_game_id_on_every_line_is_reported(tmp_path: Path) -> None:
    path = played(tmp_path)
    game = orjson.dumps({"game": load_log(path)[0]["game"]})[1:-1]
    path.write_bytes(path.read_bytes().replace(game, b'"game":"another-game"'))
    result = replay(path)
    assert result.identical
    assert result.digest_problem is not None


def test_an_edit_the_replay_sees_is_reported_with_exit_6_and_the_difference(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    land = next(i for i, line in enumerate(lines) if b'"event":"land_played"' in line)
    card = orjson.loads(lines[land])["card"].encode()
    edited(path, replace_on(land, b'"card":"' + card, b'"card":"Tropical Island'))
    assert main(["replay", str(path)]) == 6
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: the log was changed after it was written: its lines")
    assert f"; the replay differs at event {land} land_played: field 'card'" in out
    assert out.count("\n") == 1


def test_a_removed_or_moved_digest_is_a_change(tmp_path: Path) -> None:
    path = played(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    ended = orjson.loads(lines[-1])
    del ended["digest"]
    path.write_bytes(b"".join(lines[:-1]) + orjson.dumps(ended) + b"\n")
    assert replay(path).digest_problem == "its game_ended has no digest as its last field"
    ended = orjson.loads(lines[-1])
    moved = {"digest": ended.pop("digest"), **ended}
    path.write_bytes(b"".join(lines[:-1]) + orjson.dumps(moved) + b"\n")
    assert replay(path).digest_problem == "its game_ended has no digest as its last field"


def test_bytes_after_game_ended_are_a_change(tmp_path: Path) -> None:
    path = played(tmp_path)
    path.write_bytes(path.read_bytes() + b"\n")
    assert replay(path).digest_problem == "it has bytes after game_ended"


def test_an_incomplete_log_has_no_digest_and_keeps_exit_5(tmp_path: Path) -> None:
    path = played(tmp_path)
    lines = path.read_bytes().splitlines(keepends=True)
    path.write_bytes(b"".join(lines[: len(lines) // 2]))
    result = replay(path)
    assert result.incomplete
    assert result.digest_problem is None
    assert main(["replay", str(path)]) == 5


def test_events_given_as_values_are_checked_as_their_rendered_lines(tmp_path: Path) -> None:
    events = list(read_records(played(tmp_path)))
    assert replay(events).digest_problem is None
    events[0]["variant"] = "free_for_all"
    events[0]["options"] = free_for_all_options()
    result = replay(events)
    assert result.identical
    assert result.digest_problem == "its lines do not match the digest in game_ended"


def test_render_log_seals_a_changed_log_afresh(tmp_path: Path) -> None:
    path = played(tmp_path)
    events = list(read_records(path))
    assert render_log(events) == path.read_bytes()
    events[0]["variant"] = "free_for_all"
    events[0]["options"] = free_for_all_options()
    path.write_bytes(render_log(events))
    result = replay(path)
    assert result.identical
    assert result.digest_problem is None


def test_a_game_a_plugin_failed_in_is_sealed_too(tmp_path: Path) -> None:
    class FailsAtTurnThree:
        @manaweave.hookimpl
        def mw_turn_start(self, game: Game) -> None:
            if game.turn == 3:
                raise RuntimeError("boom")

    game = manaweave.new_game(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=3,
        plugins=PluginHost([FailsAtTurnThree()], autoload=False),
    )
    with pytest.raises(manaweave.PluginError):
        trio.run(manaweave.play_game, game)
    ended = game.log.records[-1]
    assert (ended["event"], ended["reason"]) == ("game_ended", "plugin_failed")
    assert str(ended["digest"]).startswith("sha256:")


def test_redacted_logs_and_narration_leave_the_digest_out(tmp_path: Path) -> None:
    path = played(tmp_path)
    events = list(read_records(path))
    for player in (0, 1):
        assert "digest" not in list(redact(events, player))[-1]
    shown = run_manaweave("show", str(path), "--player", "1", cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "sha256" not in shown.stdout
    assert "wins" in shown.stdout.splitlines()[-1] or "draw" in shown.stdout


def test_the_replay_help_lists_exit_6(tmp_path: Path) -> None:
    done = run_manaweave("replay", "--help", cwd=tmp_path)
    assert "6  the log was changed after it was written" in done.stdout


# --- a line's length is capped when a log is read --------------------------------------------


@pytest.fixture
def small_line_cap(monkeypatch: pytest.MonkeyPatch) -> int:
    """A cap of 8 KiB, read 1 KiB at a time: the real one (256 MiB) works the same way."""
    monkeypatch.setattr(manaweave.log, "MAX_LINE_BYTES", 8192)
    monkeypatch.setattr(manaweave.log, "_READ_BYTES", 1024)
    return 8192


def test_a_line_longer_than_the_cap_is_refused_naming_it(
    tmp_path: Path, small_line_cap: int, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "long.jsonl"
    started = b'{"v":2,"game":"g","seq":0,"event":"game_started"}\n'
    path.write_bytes(started + b'{"v":2,"game":"g","seq":1,"x":"' + b"y" * 9000 + b'"}\n')
    with pytest.raises(GameLogError, match=r"long.jsonl:2: a line longer than 8,192 bytes"):
        load_log(path)
    assert main(["replay", str(path)]) == 3
    assert main(["show", str(path)]) == 3
    err = capsys.readouterr().err
    assert err.count("\n") == 2
    assert "long.jsonl:2: a line longer than 8,192 bytes; not a manaweave game log" in err


def test_a_compressed_log_is_read_with_the_same_cap(
    tmp_path: Path, small_line_cap: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """A compressed line is refused once the cap of it was decompressed, never more: a
    member that expands to gigabytes is not held."""
    path = tmp_path / "long.jsonl.gz"
    started = b'{"v":2,"game":"g","seq":0,"event":"game_started"}\n'
    path.write_bytes(gzip.compress(started + b"y" * 10_000_000))
    with pytest.raises(GameLogError, match=r"long.jsonl.gz:2: a line longer than 8,192 bytes"):
        load_log(path)
    assert main(["show", str(path)]) == 3
    assert "long.jsonl.gz:2: a line longer than 8,192 bytes" in capsys.readouterr().err


def test_blank_lines_are_read_holding_nothing_of_them(tmp_path: Path) -> None:
    """Four million blank lines in a log: its digest is checked (they make it a changed
    log) without a list of them."""
    lines = _played(3).splitlines(keepends=True)
    path = tmp_path / "blank.jsonl"
    path.write_bytes(b"".join(lines[:-1]) + b" \n" * 4_000_000 + lines[-1])
    replay(played(tmp_path))  # the plugins loaded once, before
    tracemalloc.start()
    try:
        result = replay(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.digest_problem == "its lines do not match the digest in game_ended"
    assert result.identical
    assert peak < 40 << 20


def test_a_file_without_newlines_is_refused_after_reading_the_cap(
    tmp_path: Path, small_line_cap: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reader stops once the line passed the cap: it never holds the whole line."""
    path = tmp_path / "endless.jsonl"
    path.write_bytes(b"x" * 100_000)
    read: list[int] = []
    real_open = Path.open

    def counting_open(self: Path, *args: Any, **kwargs: Any) -> Any:
        file = real_open(self, *args, **kwargs)
        real_read = file.read

        def read_counted(size: int = -1) -> bytes:
            chunk: bytes = real_read(size)
            read.append(len(chunk))
            return chunk

        file.read = read_counted
        return file

    monkeypatch.setattr(Path, "open", counting_open)
    with pytest.raises(ValueError, match=r"endless.jsonl:1: a line longer than 8,192"):
        list(read_records(path))
    assert sum(read) <= small_line_cap + 1024


def test_lines_split_across_reads_are_read_whole(tmp_path: Path, small_line_cap: int) -> None:
    path = played(tmp_path)
    # Lines of the game are under 8 KiB but many cross a 1 KiB read.
    lines = path.read_bytes().splitlines()
    assert max(len(line) for line in lines) < small_line_cap
    assert [orjson.dumps(r) for r in read_records(path)] == lines
    assert replay(path).digest_problem is None


def test_a_line_exactly_at_the_cap_is_read(tmp_path: Path, small_line_cap: int) -> None:
    head = b'{"v":2,"game":"g","seq":0,"event":"e","x":"'
    line = head + b"y" * (small_line_cap - len(head) - 2) + b'"}'
    assert len(line) == small_line_cap
    path = tmp_path / "edge.jsonl"
    path.write_bytes(line + b"\n" + line)
    assert len(list(read_records(path))) == 2


# --- an engine record with a value the log cannot hold ----------------------------------------


def fresh_game() -> Game:
    return manaweave.new_game(decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=1)


def test_an_engine_record_with_an_object_is_refused_naming_event_and_field(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without the full check (the default outside tests), what orjson cannot encode is
    still refused, at emit, and nothing is written."""
    monkeypatch.setattr(EventLog, "check_every_line", False)
    game = fresh_game()
    before = len(game.log)
    for value, what in ((object(), "a value of type object"), ({1, 2}, "a value of type set")):
        with pytest.raises(UnloggableValueError) as raised:
            game.emit(LifeChanged(rule="120.3a", player=0, delta=-1, life=value))  # type: ignore[arg-type]
        assert str(raised.value).startswith(
            f"life_changed: the field 'life' cannot be logged: {what} ("
        )
    with pytest.raises(UnloggableValueError, match="'delta' cannot be logged: an integer beyond"):
        game.emit(LifeChanged(rule="120.3a", player=0, delta=2**80, life=1))
    assert len(game.log) == before
    # A refused line takes no seq: the next one follows without a gap.
    assert game.emit(LifeChanged(rule="120.3a", player=0, delta=-1, life=19)) == before


def test_a_nan_in_an_engine_record_is_refused_while_every_line_is_checked() -> None:
    assert EventLog.check_every_line  # tests/conftest.py turns it on
    game = fresh_game()
    with pytest.raises(UnloggableValueError, match=r"life_changed: the field 'life'.*nan"):
        game.emit(LifeChanged(rule="120.3a", player=0, delta=-1, life=math.nan))  # type: ignore[arg-type]


def test_the_full_check_can_be_turned_on_by_the_environment(tmp_path: Path) -> None:
    script = "from manaweave.log import EventLog\nprint(EventLog.check_every_line)\n"
    on = run_manaweave_python(script, tmp_path, {"MANAWEAVE_CHECK_LOG_LINES": "1"})
    off = run_manaweave_python(script, tmp_path, {"MANAWEAVE_CHECK_LOG_LINES": ""})
    assert (on, off) == ("True", "False")


def run_manaweave_python(script: str, cwd: Path, env: dict[str, str]) -> str:
    import os
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=cwd,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip()


# --- plugins hear of an interrupted game --------------------------------------------------------


class _Watcher:
    """Records which of the last two hooks of a game it was called with."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    @manaweave.hookimpl
    def mw_game_end(self, game: Game, outcome: manaweave.Outcome) -> None:
        self.calls.append(("end", outcome.reason))

    @manaweave.hookimpl
    def mw_game_interrupted(self, game: Game, reason: str) -> None:
        last = game.log.records[-1]["event"]
        self.calls.append(("interrupted", (reason, last)))


def _interrupting_game(plugin: object, tmp_path: Path) -> Game:
    game = manaweave.new_game(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=3,
        log=tmp_path / "game.jsonl",
        plugins=PluginHost([plugin], autoload=False),
    )

    def interrupt(record: dict[str, Any]) -> None:
        if record["seq"] == 300:
            raise KeyboardInterrupt

    game.log.subscribe(interrupt)
    return game


def test_an_interrupted_game_calls_mw_game_interrupted_not_mw_game_end(tmp_path: Path) -> None:
    watcher = _Watcher()
    game = _interrupting_game(watcher, tmp_path)
    with pytest.raises(KeyboardInterrupt):
        trio.run(manaweave.play_game, game)
    assert watcher.calls == [("interrupted", ("KeyboardInterrupt", "game_interrupted"))]
    assert list(read_records(tmp_path / "game.jsonl"))[-1]["event"] == "game_interrupted"


def test_a_finished_game_calls_mw_game_end_only(tmp_path: Path) -> None:
    watcher = _Watcher()
    game = manaweave.new_game(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=3,
        max_turns=4,
        plugins=PluginHost([watcher], autoload=False),
    )
    trio.run(manaweave.play_game, game)
    assert watcher.calls == [("end", "turn limit reached")]


def test_a_plugin_failing_as_the_game_is_interrupted_does_not_hide_the_interrupt(
    tmp_path: Path,
) -> None:
    class FailsWhenInterrupted:
        @manaweave.hookimpl
        def mw_game_interrupted(self, game: Game, reason: str) -> None:
            raise RuntimeError("cannot save")

    game = _interrupting_game(FailsWhenInterrupted(), tmp_path)
    with pytest.raises(KeyboardInterrupt) as raised:
        trio.run(manaweave.play_game, game)
    notes = getattr(raised.value, "__notes__", [])
    assert len(notes) == 1
    assert notes[0].startswith("while the game was interrupted: ")
    assert "mw_game_interrupted" in notes[0]
    assert "cannot save" in notes[0]


def test_a_plugin_implementing_only_mw_game_interrupted_is_rules_neutral() -> None:
    class Observer:
        @manaweave.hookimpl
        def mw_game_interrupted(self, game: Game, reason: str) -> None:
            pass

    host = PluginHost([Observer()], autoload=False)
    assert any("Observer" in name for name in host.neutral_plugins)


# --- the commitment to the seed -------------------------------------------------------------


def _with_seed(line: dict[str, Any], seed: int) -> dict[str, Any]:
    return {**line, "seed": seed}


def test_a_seed_other_than_the_one_committed_to_is_reported_with_exit_7(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The seed of game_started changed, and its reveal in game_ended with it, the digest
    made again: the lines match their digest, but not the commitment the views showed."""
    records = list(read_records(played(tmp_path)))
    records[0] = _with_seed(records[0], 4)
    records[-1] = _with_seed(records[-1], 4)
    path = tmp_path / "another-seed.jsonl"
    path.write_bytes(render_log(records))
    result = replay(path)
    assert result.digest_problem is None
    assert result.seed_problem == (
        "the seed and nonce of game_started are not those its seed_commitment commits to"
    )
    assert main(["replay", str(path)]) == 7
    assert capsys.readouterr().out.startswith(
        f"{path}: the seed does not match its commitment: the seed and nonce of game_started"
    )


def test_a_reveal_of_another_seed_is_reported_with_exit_7(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = list(read_records(played(tmp_path)))
    records[-1] = _with_seed(records[-1], 4)
    path = tmp_path / "another-reveal.jsonl"
    path.write_bytes(render_log(records))
    result = replay(path)
    assert result.seed_problem is not None
    assert result.seed_problem.startswith(
        "game_ended reveals another seed or nonce than game_started committed to (seed 4,"
    )
    assert main(["replay", str(path)]) == 7
    capsys.readouterr()


def test_the_seed_revealed_matches_the_commitment_every_view_showed(tmp_path: Path) -> None:
    records = list(read_records(played(tmp_path)))
    for viewer in (0, 1, None):
        view = list(redact(records, viewer))
        assert "seed" not in view[0]
        ended = view[-1]
        assert seed_commitment(ended["seed"], ended["seed_nonce"]) == view[0]["seed_commitment"]
    assert replay(records).seed_problem is None


GOLDEN_V3 = Path(__file__).resolve().parent / "golden" / "v3_two_players.jsonl"
"""A log written by schema version 3 (seed 7, ``RandomBot(seed=1)`` and ``(seed=2)``,
six turns), before the commitment to the seed."""


def test_a_version_3_log_replays_with_no_commitment_to_check(
    capsys: pytest.CaptureFixture[str],
) -> None:
    records = list(read_records(GOLDEN_V3))
    assert {record["v"] for record in records} == {3}
    assert "seed_commitment" not in records[0]
    result = replay(GOLDEN_V3)
    assert result.identical, result.mismatch
    assert result.digest_problem is None
    assert result.seed_problem is None
    assert main(["replay", str(GOLDEN_V3)]) == 0
    assert capsys.readouterr().out.endswith("the stream is identical.\n")
    # Its views leave the seed out too.
    for viewer in (0, 1, None):
        started = next(redact(records, viewer))
        assert "seed" not in started
        assert all("seed=" not in player["kind"] for player in started["players"])


def test_a_view_given_to_replay_is_named_a_redacted_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A player's view lacks the seed (and the hidden cards): replay and show refuse it
    with exit 3, saying what it is."""
    view = tmp_path / "view.jsonl"
    view.write_bytes(render_log(redact(read_records(played(tmp_path)), 1)))
    assert main(["replay", str(view)]) == 3
    error = capsys.readouterr().err
    assert "game_started lacks seed: a log redacted for a player or a spectator" in error

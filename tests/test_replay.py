"""Tests of replays (``manaweave.replay`` and ``manaweave replay``): a logged game played
again from its log reproduces the log exactly, and a log that was changed is reported at
its first difference."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson
import pytest
from _players import Misbehaving

import manaweave
from manaweave import GameLogError, ReplayMismatchError, ReplayPluginError, replay
from manaweave.log import render_log
from manaweave.lowlevel import PluginHost, check_plugins, compare_streams, load_log
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white"]
THREE_DECKS = ["m10:red-green", "m10:green-white", "m10:red-green"]
COMMAND = Path(sys.executable).with_name("manaweave")


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
    """Write ``events`` as a log, sealed with a fresh digest: the tests that change a log
    here are about the stream, not about the digest (tests/test_log_integrity.py)."""
    path.write_bytes(render_log(events))
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


def test_truncated_log_replays_as_incomplete_up_to_where_it_ends(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 31)
    cut = len(events) // 2
    result = replay(events[:cut])
    assert result.mismatch is None
    assert result.incomplete
    assert result.events == cut
    assert result.last_turn == events[cut - 1]["turn"]


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


# --- differences name their fields ------------------------------------------------------------


def test_a_difference_is_shown_as_the_fields_that_differ(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.jsonl"
    events = record(path, 40)
    land = next(e for e in events if e["event"] == "land_played")
    played, land["card"] = land["card"], "Tropical Island"
    write(path, events)
    mismatch = replay(path).mismatch
    assert mismatch is not None
    expected = (
        f"event {land['seq']} land_played: field 'card': recorded 'Tropical Island', "
        f"replayed {played!r}"
    )
    assert str(mismatch) == expected
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().out == f"{path}: the replay differs at {expected}\n"


def test_missing_and_extra_fields_are_named() -> None:
    recorded = [{"seq": 0, "event": "game_started"}, {"seq": 1, "event": "x", "a": 1, "c": 3}]
    replayed = [{"seq": 0, "event": "game_started"}, {"seq": 1, "event": "x", "b": 2, "c": 3}]
    mismatch = compare_streams(recorded, replayed)
    assert mismatch is not None
    assert mismatch.differences == (
        "field 'a' missing from the replay (recorded 1)",
        "field 'b' only in the replay (replayed 2)",
    )
    assert str(mismatch) == f"event 1 x: {'; '.join(mismatch.differences)}"
    ended = compare_streams(recorded[:1], replayed)
    assert str(ended) == "event 1 x: the log ends before this event, the replay goes on"
    ended = compare_streams(recorded, replayed[:1])
    assert str(ended) == "event 1 x: the replay ended before this event, the log goes on"


# --- plugins ------------------------------------------------------------------------------------


def test_a_log_from_before_a_bot_plugin_was_added_replays(tmp_path: Path) -> None:
    """Bots cannot change a game: a log that does not list the heuristic bot (nor which
    plugins were rules-neutral) replays with it installed."""
    events = record(tmp_path / "game.jsonl", 41)
    started = events[0]
    started["plugins"] = [p for p in started["plugins"] if not p[0].endswith("heuristic_bot")]
    del started["neutral_plugins"]
    result = replay(write(tmp_path / "old.jsonl", events))
    assert result.identical, result.mismatch


def test_a_log_played_with_a_bot_plugin_not_installed_now_replays(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 42)
    started = events[0]
    started["plugins"].append(["manaweave:fancy_bots", "2.0"])
    started["neutral_plugins"].append("manaweave:fancy_bots")
    started["distributions"] = {"manaweave:fancy_bots": "manaweave-fancy-bots"}
    result = replay(write(tmp_path / "game.jsonl", events))
    assert result.identical, result.mismatch


def test_a_log_from_before_a_built_in_rules_plugin_was_added_replays_without_it(
    tmp_path: Path,
) -> None:
    events = record(tmp_path / "game.jsonl", 43)
    started = events[0]
    started["plugins"] = [p for p in started["plugins"] if p[0] != "manaweave.keywords.ward"]
    assert replay(write(tmp_path / "game.jsonl", events)).identical


def test_a_missing_rules_plugin_is_named_with_its_distribution(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    events = record(tmp_path / "game.jsonl", 44, max_turns=5)
    events[0]["plugins"].append(["manaweave:exalted", "0.1"])
    events[0]["distributions"] = {"manaweave:exalted": "manaweave-exalted"}
    path = write(tmp_path / "game.jsonl", events)
    message = (
        "this log was played with manaweave-exalted 0.1 (plugin manaweave:exalted), "
        "which is not installed"
    )
    with pytest.raises(ReplayPluginError) as raised:
        replay(path)
    assert str(raised.value) == message
    assert raised.value.problems == (message,)
    assert main(["replay", str(path)]) == 4
    assert capsys.readouterr().err == f"manaweave: error: {path}: {message}\n"


def test_a_rules_plugin_of_another_version_is_named(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 45, max_turns=5)
    for plugin in events[0]["plugins"]:
        if plugin[0] == "manaweave.keywords.flying":
            plugin[1] = "0.0.1"
    with pytest.raises(ReplayPluginError, match=r"^this log was played with the plugin "):
        check_plugins(events[0], PluginHost(autoload=False))
    with pytest.raises(ReplayPluginError, match=r"^this log was played with the plugin "):
        replay(events)
    with pytest.raises(ReplayPluginError) as raised:
        replay(events)
    assert raised.value.problems == (
        f"this log was played with the plugin manaweave.keywords.flying 0.0.1; "
        f"{manaweave.__version__} is installed",
    )


class _NoRulesChange:
    """A plugin that adds no rule but implements a hook that could change one."""

    @manaweave.hookimpl
    def mw_collect_triggers(self, game: object) -> list[object]:
        return []


class _Observer:
    """A plugin that only watches games end."""

    @manaweave.hookimpl
    def mw_game_end(self, game: object, outcome: object) -> None:
        pass


def test_a_rules_plugin_the_game_did_not_have_is_named(tmp_path: Path) -> None:
    events = record(tmp_path / "game.jsonl", 46, max_turns=5)
    with pytest.raises(ReplayPluginError) as raised:
        replay(events, plugins=PluginHost([_NoRulesChange()], autoload=False))
    assert raised.value.problems == (
        "this log was played without the plugin test_replay._NoRulesChange, which is installed now",
    )
    # An observer cannot change the game: it is ignored.
    with_observer = PluginHost([_Observer()], autoload=False)
    assert "test_replay._Observer" in with_observer.neutral_plugins
    assert replay(events, plugins=with_observer).identical


def _fake_distribution(site: Path, version: str) -> None:
    """The distribution ``manaweave-exalted`` at ``version``, whose entry point
    ``manaweave:exalted`` adds a (empty) rule, installed in ``site`` as pip would."""
    site.mkdir()
    (site / "fake_exalted.py").write_text(
        "from manaweave import hookimpl\n\n\n"
        "@hookimpl\ndef mw_collect_triggers(game):\n    return []\n",
        encoding="utf-8",
    )
    info = site / f"manaweave_exalted-{version}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: manaweave-exalted\nVersion: {version}\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text("[manaweave]\nexalted = fake_exalted\n")


def test_an_installed_rules_plugin_is_recorded_with_its_distribution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old, new = tmp_path / "old", tmp_path / "new"
    _fake_distribution(old, "0.1")
    _fake_distribution(new, "0.2")
    monkeypatch.syspath_prepend(str(old))
    path = tmp_path / "game.jsonl"
    manaweave.run(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=47,
        log=path,
        max_turns=5,
        plugins=PluginHost(),
    )
    started = load_log(path)[0]
    assert ["manaweave:exalted", "0.1"] in started["plugins"]
    assert started["distributions"] == {"manaweave:exalted": "manaweave-exalted"}
    assert "manaweave:exalted" not in started["neutral_plugins"]
    assert replay(path, plugins=PluginHost()).identical
    with pytest.raises(ReplayPluginError, match=r"exalted 0\.1 \(.*\), which is not installed$"):
        replay(path, plugins=PluginHost(autoload=False))
    sys.path.remove(str(old))
    monkeypatch.syspath_prepend(str(new))
    with pytest.raises(ReplayPluginError) as raised:
        replay(path, plugins=PluginHost())
    assert str(raised.value) == (
        "this log was played with manaweave-exalted 0.1 (plugin manaweave:exalted); "
        "0.2 is installed"
    )


# --- logs that cannot be replayed ---------------------------------------------------------


def _bad_logs(tmp_path: Path) -> dict[str, tuple[bytes, str]]:
    """Broken logs by kind: their bytes and the message ``manaweave replay`` gives."""
    events = record(tmp_path / "game.jsonl", 48, max_turns=5)
    lines = [orjson.dumps(e) for e in events]
    started = dict(events[0])
    del started["decks"]
    unknown_card = {**events[0], "decks": [["Zorblax the Unprinted"], *events[0]["decks"][1:]]}
    decision = next(e for e in events if e["event"] == "decision_made")
    stranger = orjson.dumps({**decision, "player": 7})
    return {
        "truncated": (
            # A line cut short in the middle of the file (one cut short at its end is the
            # line a killed process was writing: skipped, the log is incomplete).
            b"\n".join(lines[:3]) + b"\n" + lines[3][:25] + b"\n" + lines[4] + b"\n",
            "{path}:4: not JSON: ",  # and the JSON parser's words
        ),
        "empty": (b"", "{path}: the file is empty; not a manaweave game log"),
        "not a log": (
            b'{"name": "a JSON file"}\n',
            "{path}:1: not a log event: lacks v, game, seq, event",
        ),
        "no game_started": (
            b"\n".join(lines[1:]) + b"\n",
            "{path}: the first event is not game_started; not a manaweave game log",
        ),
        "no decks": (
            orjson.dumps(started) + b"\n" + b"\n".join(lines[1:]) + b"\n",
            "{path}: game_started lacks decks",
        ),
        "unknown card": (
            orjson.dumps(unknown_card) + b"\n" + b"\n".join(lines[1:]) + b"\n",
            "{path}: the game of game_started cannot be set up: line 1: no card named 'Zorblax",
        ),
        "unknown player": (
            b"\n".join([*lines[: decision["seq"]], stranger, *lines[decision["seq"] + 1 :]]),
            f"{{path}}: event {decision['seq']} decision_made names player 7, but the game "
            "has 2 players",
        ),
        "strange players": (
            orjson.dumps({**started, "decks": [], "players": 2}) + b"\n",
            "{path}: game_started's players 2 are malformed",
        ),
    }


@pytest.mark.parametrize(
    "kind",
    [
        "truncated",
        "empty",
        "not a log",
        "no game_started",
        "no decks",
        "unknown card",
        "unknown player",
        "strange players",
    ],
)
def test_a_log_that_is_not_usable_is_one_line_and_exit_3(tmp_path: Path, kind: str) -> None:
    data, message = _bad_logs(tmp_path)[kind]
    path = tmp_path / "broken.jsonl"
    path.write_bytes(data)
    with pytest.raises(GameLogError) as raised:
        replay(path)
    assert str(raised.value).startswith(message.format(path=path))
    done = subprocess.run(
        [str(COMMAND), "replay", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 3
    assert done.stderr == f"manaweave: error: {raised.value}\n"
    assert done.stdout == ""


def test_a_log_that_cannot_be_read_is_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "nowhere.jsonl"
    done = subprocess.run(
        [str(COMMAND), "replay", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 2
    assert done.stderr == (
        f"manaweave: error: {path}: cannot read the log: no such file or directory\n"
    )
    with pytest.raises(GameLogError) as raised:
        replay(path)
    assert isinstance(raised.value.__cause__, FileNotFoundError)


def test_replay_help_lists_the_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["replay", "--help"])
    lines = [" ".join(line.split()) for line in capsys.readouterr().out.splitlines()]
    assert "0 the replayed stream is identical to the log" in lines
    assert any(line.startswith("1 the replay differs") for line in lines)
    assert "2 bad arguments, or the file cannot be read" in lines
    assert any(line.startswith("3 not a usable game log") for line in lines)
    assert any(line.startswith("4 a plugin that can change the game") for line in lines)


FAILING_PLUGIN = """
import os

from manaweave import hookimpl


@hookimpl
def mw_turn_start(game):
    if os.environ.get("FAIL_AT_TURN") == str(game.turn):
        raise RuntimeError("a bug met in the replay")
"""


def test_an_engine_failure_in_a_replay_is_one_line_or_with_debug_a_traceback(
    tmp_path: Path,
) -> None:
    (tmp_path / "failing_plugin.py").write_text(FAILING_PLUGIN)
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "MANAWEAVE_PLUGINS": "failing_plugin"}
    played = subprocess.run(
        [str(COMMAND), "play", "--quiet", "--max-turns", "6", "--log", "g.jsonl"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env=env,
    )
    assert played.returncode == 0, played.stderr
    assert ["failing_plugin", ""] in load_log(tmp_path / "g.jsonl")[0]["plugins"]

    def replayed(*options: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [str(COMMAND), "replay", "g.jsonl", *options],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
            env={**env, "FAIL_AT_TURN": "2"},
        )

    done = replayed()
    assert done.returncode == 1
    assert done.stderr == (
        "manaweave: error: PluginError: the plugin 'failing_plugin' failed in mw_turn_start: "
        "RuntimeError: a bug met in the replay (run with --debug for the traceback)\n"
    )
    done = replayed("--debug")
    assert done.returncode == 1
    assert "Traceback (most recent call last):" in done.stderr
    assert done.stderr.rstrip().endswith("RuntimeError: a bug met in the replay")

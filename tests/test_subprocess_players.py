"""Players in a process of their own (``open_subprocess_actor``): an honest bot there plays
the game it plays in-process, and a hostile one can learn nothing it was not sent and
can only make itself concede (CR 104.3a), with the reason logged, the game going on and
its log replaying. The process is always killed and waited for.

The players come from tests/_subprocess_bots.py; the time limits here are short (the
honest decisions take a fraction of a millisecond)."""

from __future__ import annotations

import ctypes
import math
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio

import manaweave
from manaweave import Outcome, new_game
from manaweave.log import PER_PLAY_FIELDS
from manaweave.lowlevel import command_line as main
from manaweave.players import (
    RandomBot,
    SubprocessIsolationWarning,
    SubprocessPlayer,
    SubprocessPlayerError,
    open_subprocess_actor,
)

# Where the platform cannot confine a player's process, a warning says so: these tests are
# about the protocol (tests/test_subprocess_isolation.py about the confinement).
pytestmark = pytest.mark.filterwarnings("ignore::manaweave.players.SubprocessIsolationWarning")

HERE = Path(__file__).parent
DECKS = ["m10:red-green", "m10:green-white"]
SEED = 1
MAX_TURNS = 60
LIMIT = 1.0
"""The time limit of the games where a bot hangs: far above an honest decision's."""


def bot(name: str) -> str:
    return f"_subprocess_bots:{name}"


def comparable(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The records without wall-clock fields and the players' kinds."""
    dropped = {"players", *PER_PLAY_FIELDS}
    return [{k: v for k, v in r.items() if k not in dropped} for r in records]


def read(log: Path) -> list[dict[str, Any]]:
    return [orjson.loads(line) for line in log.read_bytes().splitlines()]


def of(records: list[dict[str, Any]], name: str) -> list[dict[str, Any]]:
    return [r for r in records if r["event"] == name]


def play_against(
    factory: str,
    log: Path,
    *,
    kwargs: dict[str, Any] | None = None,
    others: int = 1,
    decision_time_limit: float | str | None = "variant",
) -> tuple[Outcome, list[dict[str, Any]], SubprocessPlayer]:
    """Play the subprocess player (seat 0) against ``others`` RandomBots; the outcome,
    the log's records and the player (its process closed)."""

    async def main() -> tuple[Outcome, SubprocessPlayer]:
        async with open_subprocess_actor(
            factory, kwargs=kwargs or {"seed": 1}, path=[HERE]
        ) as player:
            game = new_game(
                decks=[DECKS[i % 2] for i in range(others + 1)],
                players=[player, *(RandomBot(seed=2 + i) for i in range(others))],
                seed=SEED,
                max_turns=MAX_TURNS,
                log=log,
                decision_time_limit=decision_time_limit,  # type: ignore[arg-type]
                seating="given",  # the bot under test in seat 0
            )
            return await manaweave.play_game(game), player

    outcome, player = trio.run(main)
    return outcome, read(log), player


def honest_records(log: Path, others: int = 1) -> tuple[Outcome, list[dict[str, Any]]]:
    """The game ``RandomBot(seed=1)`` plays in-process in seat 0."""
    game = new_game(
        decks=[DECKS[i % 2] for i in range(others + 1)],
        players=[RandomBot(seed=1), *(RandomBot(seed=2 + i) for i in range(others))],
        seed=SEED,
        max_turns=MAX_TURNS,
        log=log,
    )
    return trio.run(manaweave.play_game, game), read(log)


def assert_gone(player: SubprocessPlayer) -> None:
    """The player's process has ended and been waited for (no zombie is left)."""
    with pytest.raises(ChildProcessError):
        os.waitpid(player.pid, os.WNOHANG)
    assert not Path(f"/proc/{player.pid}").exists()


def assert_conceded_for(
    records: list[dict[str, Any]], outcome: Outcome, reason: str, error: str | None
) -> None:
    """Player 0 conceded for ``reason`` (its exception's text holding ``error``)."""
    assert outcome.losers[0] == (0, reason)
    (conceded,) = of(records, "player_conceded")
    assert conceded["player"] == 0
    assert conceded["rule"] == "104.3a"
    assert conceded["reason"] == reason
    if error is not None:
        (raised,) = of(records, "player_raised")
        assert error in raised["error"]
        assert raised["visibility"] == [0]
    assert records[-1]["event"] == "game_ended"


# --- honest players --------------------------------------------------------------------------


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize(
    "factory",
    ["manaweave.players:RandomBot", "manaweave.plugins.bots.heuristic_bot:HeuristicBot"],
)
def test_a_bot_in_its_own_process_plays_the_game_it_plays_in_process(
    factory: str, tmp_path: Path
) -> None:
    outcome, records, player = play_against(factory, tmp_path / "sub.jsonl")
    module, _, name = factory.partition(":")
    cls = getattr(__import__(module, fromlist=[name]), name)
    game = new_game(
        decks=DECKS,
        players=[cls(seed=1), RandomBot(seed=2)],
        seed=SEED,
        max_turns=MAX_TURNS,
        log=tmp_path / "in.jsonl",
    )
    assert outcome == trio.run(manaweave.play_game, game)
    assert comparable(records) == comparable(read(tmp_path / "in.jsonl"))
    assert len(of(records, "decision_made")) > 100
    assert manaweave.replay(tmp_path / "sub.jsonl").identical
    assert_gone(player)


@pytest.mark.rules("117.3d", "601.2g")
def test_a_bot_in_its_own_process_carries_its_preferences(tmp_path: Path) -> None:
    # Its stops and engine payment from the start, and the change it makes mid-game:
    # the same game as in-process, preferences and their change logged alike.
    import _subprocess_bots  # type: ignore[import-not-found]

    outcome, records, _ = play_against(bot("Particular"), tmp_path / "sub.jsonl")
    game = new_game(
        decks=DECKS,
        players=[_subprocess_bots.Particular(seed=1), RandomBot(seed=2)],
        seed=SEED,
        max_turns=MAX_TURNS,
        log=tmp_path / "in.jsonl",
        seating="given",
    )
    assert outcome == trio.run(manaweave.play_game, game)
    in_process = read(tmp_path / "in.jsonl")
    assert comparable(records) == comparable(in_process)
    assert records[0]["players"][0]["preferences"] == in_process[0]["players"][0]["preferences"]
    assert len(of(records, "preferences_changed")) == 1
    assert manaweave.replay(tmp_path / "sub.jsonl").identical


def test_print_output_of_a_bot_goes_to_stderr_not_to_the_engine(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    outcome, records, _ = play_against(bot("Chatty"), tmp_path / "sub.jsonl")
    honest, honest_log = honest_records(tmp_path / "honest.jsonl")
    assert outcome == honest
    assert comparable(records) == comparable(honest_log)
    err = capfd.readouterr().err
    assert "junk {" in err
    # Through the engine, with its control characters made visible.
    assert "\x1b" not in err
    assert "\x9b" not in err
    assert "\\x1b[2J\\x1b]0;pwned\\x07\\x0d\\x9b" in err


@pytest.mark.rules("104.3a", "400.2")
def test_a_bot_in_its_own_process_finds_no_hidden_state(tmp_path: Path) -> None:
    # It searches gc and sys.modules at every decision and concedes if it finds anything.
    outcome, records, _ = play_against(bot("Snooping"), tmp_path / "sub.jsonl")
    honest, honest_log = honest_records(tmp_path / "honest.jsonl")
    assert outcome == honest
    assert comparable(records) == comparable(honest_log)


def test_the_same_search_finds_the_game_in_process(tmp_path: Path) -> None:
    # The search works: an in-process player reaches the whole game with it.
    import _subprocess_bots  # type: ignore[import-not-found]

    game = new_game(
        decks=DECKS,
        players=[_subprocess_bots.Snooping(seed=1), RandomBot(seed=2)],
        seed=SEED,
        max_turns=MAX_TURNS,
    )
    outcome = trio.run(manaweave.play_game, game)
    assert outcome.losers == ((0, "conceded"),)
    assert "a Game" in _subprocess_bots.hidden_state_found(0)


# --- hostile players -------------------------------------------------------------------------


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize(
    ("name", "error"),
    [
        ("Garbling", "a line that is not JSON"),
        ("Flooding", "a line longer than 65536 bytes"),
        ("WrongMessage", "JSON that is not a message object"),
        ("Exiting", "exited with code 3"),
        ("Raising", "no answer today"),
    ],
)
def test_a_bot_that_breaks_the_protocol_concedes_and_is_killed(
    name: str, error: str, tmp_path: Path
) -> None:
    log = tmp_path / "sub.jsonl"
    outcome, records, player = play_against(bot(name), log)
    assert_conceded_for(records, outcome, "player raised an exception", error)
    assert outcome.winners == (1,)
    assert manaweave.replay(log).identical
    assert_gone(player)


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize("name", ["Hanging", "BusyLooping"])
def test_a_bot_that_never_answers_times_out_and_is_killed(name: str, tmp_path: Path) -> None:
    log = tmp_path / "sub.jsonl"
    outcome, records, player = play_against(bot(name), log, decision_time_limit=LIMIT)
    assert_conceded_for(records, outcome, "timeout", None)
    assert len(of(records, "decision_made")) >= 2  # its first two answers
    assert manaweave.replay(log).identical
    assert_gone(player)


def processes_marked(marker: str) -> list[int]:
    """The processes whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmdline = (entry / "cmdline").read_bytes()
                state = (entry / "stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[0]
            except OSError:
                continue
            if marker.encode() in cmdline.split(b"\0") and state != "Z":
                found.append(int(entry.name))
    return found


@pytest.mark.rules("104.3a")
def test_a_daemon_a_bot_started_dies_with_it(tmp_path: Path) -> None:
    # The daemon is in a session of its own, out of the bot's process group, and holds
    # the bot's standard error: it dies with the bot all the same, and the game's end
    # does not wait for it.
    marker = f"spawned-by-a-bot-{os.getpid()}-{time.monotonic_ns()}"
    outcome, records, player = play_against(
        bot("Spawning"),
        tmp_path / "sub.jsonl",
        kwargs={"seed": 1, "marker": marker},
        decision_time_limit=LIMIT,
    )
    assert_conceded_for(records, outcome, "timeout", None)
    assert_gone(player)
    if any("PID namespace" in text for text in player.unprotected):
        for pid in processes_marked(marker):
            os.kill(pid, signal.SIGKILL)
        pytest.skip("no PID namespace here: a daemon outlives its bot (as the warning says)")
    for _ in range(100):
        if not processes_marked(marker):
            break
        time.sleep(0.05)
    else:
        raise AssertionError(f"the daemon the bot started still runs: {processes_marked(marker)}")


@pytest.mark.rules("104.3a")
def test_a_bot_past_its_cpu_time_limit_is_killed_and_concedes(tmp_path: Path) -> None:
    # No decision time limit: the CPU time limit of its process stops the loop.
    async def main() -> tuple[Outcome, SubprocessPlayer]:
        async with open_subprocess_actor(
            bot("BusyLooping"), kwargs={"seed": 1}, path=[HERE], cpu_time_limit=1
        ) as player:
            game = new_game(
                decks=DECKS,
                players=[player, RandomBot(seed=2)],
                seed=SEED,
                max_turns=MAX_TURNS,
                log=tmp_path / "sub.jsonl",
                decision_time_limit=None,
            )
            return await manaweave.play_game(game), player

    outcome, player = trio.run(main)
    records = read(tmp_path / "sub.jsonl")
    assert_conceded_for(records, outcome, "player raised an exception", "exited with code -9")
    assert_gone(player)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the confinement is Linux's")
def test_what_a_player_process_is_not_protected_from_is_said() -> None:
    # Without a PID namespace, a warning says what that leaves open; the engine's
    # process is unreadable to its children all the same.
    async def main() -> SubprocessPlayer:
        async with open_subprocess_actor("manaweave.players:RandomBot", namespaces=False) as player:
            return player

    with pytest.warns(SubprocessIsolationWarning, match="may outlive the game"):
        player = trio.run(main)
    assert any("PID namespace" in text for text in player.unprotected)
    assert ctypes.CDLL(None).prctl(3, 0, 0, 0, 0) == 0  # PR_GET_DUMPABLE


@pytest.mark.rules("104.3a", "800.4a")
def test_the_game_goes_on_without_a_killed_bot(tmp_path: Path) -> None:
    log = tmp_path / "sub.jsonl"
    outcome, records, player = play_against(
        bot("Hanging"), log, others=2, decision_time_limit=LIMIT
    )
    (conceded,) = of(records, "player_conceded")
    assert conceded["reason"] == "timeout"
    later = records[records.index(conceded) + 1 :]
    assert len(of(later, "decision_made")) > 20  # the other two played on
    assert 0 not in outcome.winners
    assert manaweave.replay(log).identical
    assert_gone(player)


@pytest.mark.rules("104.3a")
def test_a_bot_with_its_own_time_limit_times_out_in_a_game_without_one(tmp_path: Path) -> None:
    async def main() -> tuple[Outcome, SubprocessPlayer]:
        async with open_subprocess_actor(
            bot("Hanging"), kwargs={"seed": 1}, path=[HERE], decision_time_limit=LIMIT
        ) as player:
            game = new_game(
                decks=DECKS,
                players=[player, RandomBot(seed=2)],
                seed=SEED,
                max_turns=MAX_TURNS,
                log=tmp_path / "sub.jsonl",
                decision_time_limit=None,
            )
            return await manaweave.play_game(game), player

    outcome, player = trio.run(main)
    assert outcome.losers == ((0, "timeout"),)
    assert manaweave.replay(tmp_path / "sub.jsonl").identical
    assert_gone(player)


@pytest.mark.rules("104.3a")
def test_a_bot_that_forges_answers_is_refused_then_concedes(tmp_path: Path) -> None:
    log = tmp_path / "sub.jsonl"
    outcome, records, _ = play_against(bot("Forging"), log)
    assert outcome.losers == ((0, "too many illegal choices"),)
    refused = of(records, "decision_rejected")
    assert len(refused) == 3
    assert all("out of range" in r["error"] for r in refused)
    assert manaweave.replay(log).identical


# --- starting and closing --------------------------------------------------------------------


def test_a_player_that_cannot_be_built_raises_when_opened() -> None:
    async def main() -> None:
        async with open_subprocess_actor(bot("failing_factory"), path=[HERE]):
            raise AssertionError("unreachable")

    async def missing() -> None:
        async with open_subprocess_actor("no_such_module_here:Bot"):
            raise AssertionError("unreachable")

    async def badly_preferring() -> None:
        async with open_subprocess_actor(bot("badly_preferring"), path=[HERE]):
            raise AssertionError("unreachable")

    with pytest.raises(SubprocessPlayerError, match="could not start: RuntimeError"):
        trio.run(main)
    with pytest.raises(SubprocessPlayerError, match=r"could not start: TypeError\(.*preferences"):
        trio.run(badly_preferring)
    with pytest.raises(SubprocessPlayerError, match="could not start: ModuleNotFoundError"):
        trio.run(missing)


@pytest.mark.parametrize(
    ("factory", "options", "message"),
    [
        ("RandomBot", {}, "factory must be 'package.module:name'"),
        ("a:b:c", {}, "factory must be 'package.module:name'"),
        ("manaweave.players:RandomBot", {"kwargs": {"seed": object()}}, "must be JSON values"),
        ("manaweave.players:RandomBot", {"decision_time_limit": 0}, "a time limit must be"),
        ("manaweave.players:RandomBot", {"start_time_limit": math.nan}, "a time limit must be"),
    ],
)
def test_open_subprocess_actor_checks_its_arguments(
    factory: str, options: Any, message: str
) -> None:
    async def main() -> None:
        async with open_subprocess_actor(factory, **options):
            raise AssertionError("unreachable")

    with pytest.raises(ValueError, match=message):
        trio.run(main)


def test_a_user_that_does_not_exist_is_a_clear_error() -> None:
    async def main() -> None:
        async with open_subprocess_actor("manaweave.players:RandomBot", user="no-such-user-here"):
            raise AssertionError("unreachable")

    with pytest.raises(SubprocessPlayerError, match=r"could not start: .*no-such-user-here"):
        trio.run(main)


def test_closing_the_actor_kills_the_process_at_once() -> None:
    async def main() -> SubprocessPlayer:
        with trio.move_on_after(30):
            async with open_subprocess_actor("manaweave.players:RandomBot") as player:
                assert Path(f"/proc/{player.pid}").exists()
                return player
        raise AssertionError("the actor did not close")

    player = trio.run(main)
    assert_gone(player)


# --- the command line ------------------------------------------------------------------------


def test_play_seats_a_bot_in_its_own_process(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    common = ["play", "--quiet", "--seed", "4", "--max-turns", "30"]
    spec = "subprocess:manaweave.players:RandomBot"
    assert main([*common, "--bot", spec, "--bot", "random", "--log", "sub.jsonl"]) == 0
    assert main([*common, "--bot", "random", "--log", "in.jsonl"]) == 0
    sub, plain = read(tmp_path / "sub.jsonl"), read(tmp_path / "in.jsonl")
    assert sub[0]["players"][0]["kind"] == "SubprocessPlayer"
    assert comparable(sub) == comparable(plain)
    assert manaweave.replay(tmp_path / "sub.jsonl").identical
    capsys.readouterr()


@pytest.mark.parametrize(
    ("bot_name", "message"),
    [
        ("subprocess:nothing", "--bot subprocess:nothing: give subprocess:package.module:factory"),
        ("subprocess:no_such_module_here:Bot", "could not start: ModuleNotFoundError"),
    ],
)
def test_play_refuses_a_subprocess_bot_it_cannot_start(
    bot_name: str,
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--quiet", "--bot", bot_name, "--log", "g.jsonl"]) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "g.jsonl").exists()  # no game was played


@pytest.mark.rules("117.3d")
def test_play_starts_a_subprocess_bot_before_the_game_so_its_preferences_hold(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "particular.py").write_text(
        (HERE / "_subprocess_bots.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    spec = "subprocess:particular:Particular"
    assert main(["play", "--quiet", "--seed", "4", "--bot", spec, "--log", "sub.jsonl"]) == 0
    capsys.readouterr()
    records = read(tmp_path / "sub.jsonl")
    assert all(p["preferences"]["engine_pays"] for p in records[0]["players"])
    assert manaweave.replay(tmp_path / "sub.jsonl").identical


def test_play_sets_the_limits_of_a_subprocess_bot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A bot that needs more memory than --bot-memory-limit allows cannot even start.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "greedy.py").write_text(
        "def Greedy(seed):\n    return bytearray(256 << 20)\n", encoding="utf-8"
    )
    common = ["play", "--quiet", "--bot", "subprocess:greedy:Greedy", "--log", "g.jsonl"]
    assert main([*common, "--bot-memory-limit", "200"]) == 2
    assert "could not start: MemoryError" in capsys.readouterr().err


def test_play_piped_ends_with_the_game_though_its_bot_left_a_daemon(tmp_path: Path) -> None:
    # `manaweave play ... 2>&1 | cat`: the reader waits until every holder of the pipe has
    # closed it, and the daemon the bot started (in a session of its own) held the
    # engine's standard error. It holds nothing of the engine's now, and dies with the bot.
    (tmp_path / "spawner.py").write_text(
        (HERE / "_subprocess_bots.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    command = [sys.executable, "-m", "manaweave", "play", "--quiet", "--max-turns", "20"]
    command += ["--seed", "1", "--bot", "subprocess:spawner:Spawning", "--bot", "random"]
    command += ["--decision-time-limit", "1", "--log", "g.jsonl"]
    played = subprocess.run(
        command,
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=120,
        check=False,
    )
    assert played.returncode == 0, played.stdout
    assert "P2 wins" in played.stdout

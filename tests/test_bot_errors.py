"""A bot that raises: it concedes, its traceback is printed on stderr and logged; with
``debug=True`` (``manaweave play --debug``) the exception is raised again instead."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import trio

import manaweave
from manaweave import Choice, Decision, DecisionKind, IllegalChoiceError
from manaweave.log import read_events
from manaweave.lowlevel import Game
from manaweave.players import RandomBot, open_actor

DECKS = ["m10:red-green", "m10:green-white"]
COMMAND = Path(sys.executable).with_name("manaweave")


class BuggyBot(RandomBot):
    """A random bot with a bug that shows on its third turn."""

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is DecisionKind.PRIORITY and decision.view.turn >= 5:
            raise KeyError("the turn planner's missing key")
        return await super().decide(decision)


@pytest.mark.rules("104.3a")
def test_a_bot_that_raises_concedes_and_its_traceback_is_printed_and_logged(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    outcome = manaweave.run(
        decks=DECKS, players=[BuggyBot(seed=1), RandomBot(seed=2)], seed=3, log=log
    )
    assert outcome.winners == (1,)
    err = capsys.readouterr().err
    assert "player 0 (P1) raised an exception during a priority decision" in err
    assert "Traceback (most recent call last):" in err
    assert "in decide" in err
    assert 'KeyError: "the turn planner\'s missing key"' in err
    events = [e for e in read_events(log) if e.event in ("player_raised", "player_conceded")]
    raised, conceded = events
    assert raised.data["kind"] == "priority"
    assert raised.data["error"] == 'KeyError("the turn planner\'s missing key")'
    assert "raise KeyError" in raised.data["traceback"]
    assert conceded.data["reason"] == "player raised an exception"


class EscapingBot(RandomBot):
    """Raises an exception whose message holds escape sequences (as a remote seat's error
    text may): one clears the screen, one sets the terminal's title."""

    async def decide(self, decision: Decision) -> Choice:
        raise ValueError("\x1b[2J\x1b]0;pwned\x07\nmanaweave: P2 conceded\r")


@pytest.mark.rules("104.3a")
def test_a_bots_exception_is_printed_with_its_control_characters_made_visible(
    capsys: pytest.CaptureFixture[str],
) -> None:
    manaweave.run(decks=DECKS, players=[EscapingBot(seed=1), RandomBot(seed=2)], seed=3)
    err = capsys.readouterr().err
    assert "\x1b" not in err
    assert "\x07" not in err
    assert "\r" not in err
    assert "\\x1b[2J\\x1b]0;pwned\\x07\\x0amanaweave: P2 conceded\\x0d" in err


def test_with_debug_the_bots_exception_is_raised_again(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    with pytest.raises(KeyError, match="missing key"):
        manaweave.run(
            decks=DECKS,
            players=[BuggyBot(seed=1), RandomBot(seed=2)],
            seed=3,
            log=log,
            debug=True,
        )
    names = [e.event for e in read_events(log)]
    assert "player_raised" not in names
    assert "player_conceded" not in names
    assert "game_ended" not in names  # the game stopped where the bot failed


def test_replaying_a_game_with_a_raise_prints_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    manaweave.run(decks=DECKS, players=[BuggyBot(seed=1), RandomBot(seed=2)], seed=3, log=log)
    capsys.readouterr()
    assert manaweave.replay(log).identical
    assert capsys.readouterr().err == ""


BUGGY_PLUGIN = textwrap.dedent(
    """
    from manaweave import DecisionKind, hookimpl
    from manaweave.players import RandomBot


    class BuggyBot(RandomBot):
        async def decide(self, decision):
            if decision.kind is DecisionKind.PRIORITY and decision.view.turn >= 5:
                raise ZeroDivisionError("block odds")
            return await super().decide(decision)


    @hookimpl
    def mw_bots():
        return {"buggy": BuggyBot}
    """
)


def run_command(tmp_path: Path, *options: str) -> subprocess.CompletedProcess[str]:
    (tmp_path / "buggy_bot_plugin.py").write_text(BUGGY_PLUGIN)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    bots = ["-p", "buggy_bot_plugin", "--bot", "buggy", "--bot", "random"]
    game = ["--seed", "3", "--quiet", "--log", str(tmp_path / "game.jsonl")]
    return subprocess.run(
        [str(COMMAND), "play", *bots, *game, *options],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        check=False,
        timeout=60,
    )


def test_the_command_reports_a_bots_exception_and_plays_on(tmp_path: Path) -> None:
    done = run_command(tmp_path)
    assert done.returncode == 0, done.stderr
    assert "player 0 (P1) raised an exception" in done.stderr
    assert "ZeroDivisionError: block odds" in done.stderr
    assert "P2 wins" in done.stdout


def test_the_command_with_debug_stops_at_a_bots_exception(tmp_path: Path) -> None:
    done = run_command(tmp_path, "--debug")
    assert done.returncode == 1
    assert "Traceback (most recent call last):" in done.stderr
    assert 'raise ZeroDivisionError("block odds")' in done.stderr
    assert done.stderr.rstrip().splitlines()[-2] == "ZeroDivisionError: block odds"
    assert "concedes" not in done.stderr
    assert "wins" not in done.stdout


def test_with_debug_an_actors_exception_leaves_the_game_as_itself() -> None:
    async def game() -> manaweave.Outcome:
        async with open_actor(BuggyBot(seed=1)) as buggy:
            return await manaweave.play(
                decks=DECKS, players=[buggy, RandomBot(seed=2)], seed=3, debug=True
            )

    with pytest.raises(KeyError, match="missing key"):
        trio.run(game)


def test_an_exception_leaving_an_actors_block_is_not_swallowed() -> None:
    async def body() -> str:
        async with open_actor(RandomBot(seed=1)):
            raise ValueError("an engine error")
        return "swallowed"  # pragma: no cover - the bug this test guards against

    with pytest.raises(ValueError, match="an engine error"):
        trio.run(body)


class RefusesRefusals(RandomBot):
    """Answers illegally, and its rejected handler has a bug."""

    async def decide(self, decision: Decision) -> Choice:
        return Choice.of(len(decision.options))

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        raise LookupError("no handler for " + decision.kind.value)


def test_a_rejected_handler_that_raises_concedes_or_with_debug_raises() -> None:
    players = [RefusesRefusals(seed=1), RandomBot(seed=2)]
    outcome = manaweave.run(decks=DECKS, players=players, seed=3)
    assert outcome.winners == (1,)
    with pytest.raises(LookupError, match="no handler for mulligan"):
        manaweave.run(decks=DECKS, players=players, seed=3, debug=True)


class ViewReadingBot(RandomBot):
    """A random bot that looks at its view before each answer."""

    async def decide(self, decision: Decision) -> Choice:
        assert decision.view.turn >= 0
        return await super().decide(decision)


def test_an_engine_failure_building_a_view_is_the_engines_not_the_players(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The view is built when the player reads it, inside its decide; an exception there is
    # a bug of the engine's, which must end the game as one rather than make the player
    # concede (the player did nothing wrong).
    build = Game.view

    def failing_view(game: Game, viewer: int) -> manaweave.GameView:
        if game.turn >= 3:
            raise LookupError("the engine's missing object")
        return build(game, viewer)

    monkeypatch.setattr(Game, "view", failing_view)
    game = manaweave.new_game(
        decks=DECKS, players=[ViewReadingBot(seed=1), ViewReadingBot(seed=2)], seed=3
    )
    with pytest.raises(LookupError, match="the engine's missing object"):
        trio.run(manaweave.play_game, game)
    assert [e for e in game.log.records if e["event"] == "player_conceded"] == []

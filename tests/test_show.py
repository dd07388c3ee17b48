"""``manaweave show``: a saved log's play-by-play, as a spectator or as one player saw it;
bad logs are one-line errors. And ``manaweave play`` printing the play-by-play as the
game goes, not at its end. Run through the installed command."""

from __future__ import annotations

import os
import textwrap
from pathlib import Path
from typing import Any

import orjson
import pytest
from _command import run_manaweave as manaweave


@pytest.fixture(scope="module")
def saved_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """A game played by the command: its log and what ``play`` printed."""
    folder = tmp_path_factory.mktemp("show")
    log = folder / "game.jsonl"
    played = manaweave("play", "--seed", "3", "--log", str(log), cwd=folder)
    assert played.returncode == 0, played.stderr
    return log, played.stdout.splitlines()


def test_show_prints_what_play_printed(saved_game: tuple[Path, list[str]]) -> None:
    log, printed = saved_game
    shown = manaweave("show", str(log), cwd=log.parent)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.splitlines() == printed[:-1]  # all but the "Event log: ..." line
    assert printed[-2] == "P1 wins after 27 turns (life total 0 or less)."


@pytest.mark.rules("400.2", "121.1")
def test_show_as_a_player_names_their_own_draws_only(saved_game: tuple[Path, list[str]]) -> None:
    log, _ = saved_game
    records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
    turn_2_draw = next(r for r in records if r["event"] == "card_drawn" and r["turn"] == 2)
    assert turn_2_draw["player"] == 1
    told = f"  P2 draws {turn_2_draw['card']}"
    as_p2 = manaweave("show", str(log), "--player", "2", cwd=log.parent).stdout.splitlines()
    as_p1 = manaweave("show", str(log), "--player", "1", cwd=log.parent).stdout.splitlines()
    spectator = manaweave("show", str(log), cwd=log.parent).stdout.splitlines()
    turn_2 = slice(as_p2.index("--- Turn 2: P2 ---"), as_p2.index("--- Turn 3: P1 ---"))
    assert any(line.startswith(told) for line in as_p2[turn_2])
    for other in (as_p1, spectator):
        turn_2 = slice(other.index("--- Turn 2: P2 ---"), other.index("--- Turn 3: P1 ---"))
        assert "  P2 draws a card." in other[turn_2]
    # No name of a card P2 drew and kept hidden shows in P1's view of the opening hand.
    assert as_p1[3].startswith("  P2 draws 7 cards.")


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read the log: no such file or directory"),
        (b"", "the file is empty; not a manaweave game log"),
        (b'{"v":2,"game":"g","seq":0,"event":"game_started"}\nnot json\n', ":2: not JSON"),
        (b'{"event":"game_started"}\n', ":1: not a log event: lacks v, game, seq"),
        (
            b'{"v":2,"game":"g","seq":0,"event":"game_started","players":[{"name":"A"}],'
            b'"seed":1,"variant":"two_player","decks":[[]],"plugins":[]}\n'
            b'{"v":2,"game":"g","seq":1,"event":"attackers_declared","attackers":5}\n',
            "can't narrate its attackers_declared event (seq 1)",
        ),
    ],
    ids=["missing", "empty", "not-json", "not-an-event", "malformed-event"],
)
def test_a_bad_log_is_a_one_line_error_with_exit_code_3_or_2_if_unreadable(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    log = tmp_path / "game.jsonl"
    if content is not None:
        log.write_bytes(content)
    shown = manaweave("show", str(log), cwd=tmp_path)
    assert shown.returncode == (2 if content is None else 3)
    assert shown.stdout == ""
    assert shown.stderr.count("\n") == 1, shown.stderr
    assert shown.stderr.startswith(f"manaweave: error: {log}")
    assert message in shown.stderr


def test_a_player_the_game_does_not_have_is_an_error(saved_game: tuple[Path, list[str]]) -> None:
    log, _ = saved_game
    for player in ("0", "3"):
        shown = manaweave("show", str(log), "--player", player, cwd=log.parent)
        assert shown.returncode == 2
        assert shown.stderr == (
            f"manaweave: error: --player {player}: the game in {log} has players 1 to 2\n"
        )


def forged(log: Path, folder: Path, change: Any) -> Path:
    """A copy of ``log`` in ``folder`` with ``change(records)`` made to its records."""
    records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
    change(records)
    copy = folder / "forged.jsonl"
    copy.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in records))
    return copy


def test_show_makes_control_characters_in_names_visible(
    saved_game: tuple[Path, list[str]], tmp_path: Path
) -> None:
    # A player's name that would clear the screen and forge a line of its own, and a card
    # named with a title-setting escape: each is printed as the escapes it holds.
    drawer = []

    def change(records: list[dict[str, Any]]) -> None:
        records[0]["players"][1]["name"] = "P2\x1b[2J\nP1 wins after 1 turn."
        drawn = next(r for r in records if r["event"] == "card_drawn" and r.get("card"))
        drawn["card"] = "Bear\x1b]0;pwned\x07"
        drawer.append(drawn["player"] + 1)

    log = forged(saved_game[0], tmp_path, change)
    shown = manaweave("show", str(log), "--player", str(drawer[0]), cwd=tmp_path)
    assert shown.returncode == 0, shown.stderr
    assert "\x1b" not in shown.stdout
    assert "\x07" not in shown.stdout
    lines = shown.stdout.splitlines()
    assert "P1 wins after 1 turn." not in lines  # the forged line is no line of its own
    assert any("P2\\x1b[2J\\x0aP1 wins after 1 turn. draws" in line for line in lines)
    assert any("Bear\\x1b]0;pwned\\x07" in line for line in lines)


@pytest.mark.parametrize("command", ["show", "replay"])
def test_a_log_with_an_overlong_player_name_is_refused(
    command: str, saved_game: tuple[Path, list[str]], tmp_path: Path
) -> None:
    def change(records: list[dict[str, Any]]) -> None:
        records[0]["players"][0]["name"] = "x" * 1_000_000

    refused = manaweave(command, str(forged(saved_game[0], tmp_path, change)), cwd=tmp_path)
    assert refused.returncode == 3
    assert refused.stderr.count("\n") == 1, refused.stderr[:300]
    assert "player name 'xxxx" in refused.stderr
    assert "is 1,000,000 characters long: a name has 1 to 100" in refused.stderr


MARKING_BOT = textwrap.dedent(
    """
    import sys

    from manaweave import hookimpl
    from manaweave.players import RandomBot


    class MarkingBot(RandomBot):
        # Says on stdout when it first decides in turn 5, so the test sees what the
        # command had printed by then.
        marked = False

        async def decide(self, decision):
            if decision.view.turn == 5 and not self.marked:
                self.marked = True
                print("<the bot decides in turn 5>", flush=True)
            return await super().decide(decision)


    @hookimpl
    def mw_bots():
        return {"marking": MarkingBot}
    """
)


def test_play_prints_each_line_as_the_game_goes(tmp_path: Path) -> None:
    (tmp_path / "marking_bot_plugin.py").write_text(MARKING_BOT)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    bots = ["-p", "marking_bot_plugin", "--bot", "marking", "--bot", "random"]
    played = manaweave("play", *bots, "--seed", "3", cwd=tmp_path, env=env)
    assert played.returncode == 0, played.stderr
    lines = played.stdout.splitlines()
    mark = lines.index("<the bot decides in turn 5>")
    assert lines.index("--- Turn 5: P1 ---") < mark < lines.index("--- Turn 6: P2 ---")
    assert lines[-2].endswith(" turns (life total 0 or less).")


def test_play_quiet_prints_only_the_result(tmp_path: Path) -> None:
    played = manaweave("play", "--seed", "3", "--quiet", cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    assert played.stdout.splitlines() == [
        "P1 wins after 27 turns (life total 0 or less).",
        "Event log: manaweave-game-3.jsonl (1717 events)",
    ]


def test_an_error_quoting_a_name_prints_its_control_characters_visibly(tmp_path: Path) -> None:
    missing = tmp_path / "\x1b]0;pwned\x07game.jsonl"
    shown = manaweave("show", str(missing), cwd=tmp_path)
    assert shown.returncode == 2
    assert "\x1b" not in shown.stderr
    assert "\\x1b]0;pwned\\x07game.jsonl" in shown.stderr

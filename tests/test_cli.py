"""The ``manaweave`` command line: play, decks, keywords, coverage, and its errors: bad
arguments refused in one line (exit 2), logs never overwritten, a closed pipe or an engine
failure ended without a traceback."""

from __future__ import annotations

import errno
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from _command import COMMAND
from _command import run_manaweave as run_command

import manaweave
from manaweave.log import read_events
from manaweave.lowlevel import Game, deck_description
from manaweave.lowlevel import command_line as main


def test_play_two_ready_decks_prints_the_game_and_writes_the_log(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    decks = ["--deck", "m10:red-green", "--deck", "m10:green-white"]
    code = main(
        ["play", *decks, "--seed", "4", "--bot", "random", "--bot", "random", "--log", str(log)]
    )
    out = capsys.readouterr().out
    assert code == 0
    assert "--- Turn 1:" in out
    assert f"Event log: {log}" in out
    events = list(read_events(log))
    assert events[0].event == "game_started"
    assert events[-1].event == "game_ended"
    last_line = out.strip().splitlines()[-2]
    assert "wins after" in last_line or "draw" in last_line


@pytest.mark.rules("806.1")
def test_play_with_four_players_is_a_free_for_all(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "ffa.jsonl"
    assert main(["play", "--players", "4", "--seed", "2", "--log", str(log), "--quiet"]) == 0
    started = next(read_events(log))
    assert started.data["variant"] == "free_for_all"
    assert len(started.data["players"]) == 4


@pytest.mark.rules("806.3", "800.5")
def test_play_seats_a_free_for_all_at_random_unless_told_otherwise(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    decks = ["m10:red-green", "m10:green-white", "m10:white-blue-fliers", "m10:blue-black-control"]
    args = ["play", "--seed", "5", "--quiet", *[a for d in decks for a in ("--deck", d)]]
    random_log, given_log = tmp_path / "random.jsonl", tmp_path / "given.jsonl"
    assert main([*args, "--log", str(random_log)]) == 0
    assert main([*args, "--seating", "given", "--log", str(given_log)]) == 0
    seated = next(read_events(random_log)).data
    assert seated["deck_names"] == [decks[i] for i in seated["seating"]]
    assert seated["seating"] != [0, 1, 2, 3]
    given = next(read_events(given_log)).data
    assert given["deck_names"] == decks
    assert "seating" not in given


def test_play_a_decklist_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    deck = tmp_path / "bears.txt"
    deck.write_text("Deck\n24 Forest\n36 Grizzly Bears\nSideboard\n4 Giant Growth\n")
    log = tmp_path / "g.jsonl"
    limited = ["--deck-rules", "limited"]  # 36 copies of a card: a limited deck (100.2b)
    code = main(
        ["play", "--deck", str(deck), "--deck", str(deck), *limited, "--log", str(log), "--quiet"]
    )
    assert code == 0
    started = next(read_events(log))
    assert started.data["decks"][0].count("Grizzly Bears") == 36
    assert "Giant Growth" not in started.data["decks"][0]  # the sideboard is set aside (103.2a)


@pytest.mark.rules("100.2a")
def test_a_deck_the_deck_rules_forbid_is_refused_and_nothing_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "bears.txt"
    deck.write_text("Deck\n24 Forest\n36 Grizzly Bears\n")
    log = tmp_path / "never.jsonl"
    code = main(["play", "--deck", str(deck), "--deck", "m10:red-green", "--log", str(log)])
    err = capsys.readouterr().err
    assert code == 2
    assert "36 copies of Grizzly Bears; at most 4 (100.2a, 100.4a)" in err
    assert "constructed deck rules" in err
    assert not log.exists()


def test_a_bad_decklist_is_an_error_with_the_line_and_nothing_is_played(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deck = tmp_path / "typo.txt"
    deck.write_text("24 Forest\n36 Grizly Bears\n")
    log = tmp_path / "never.jsonl"
    code = main(["play", "--deck", str(deck), "--deck", "m10:red-green", "--log", str(log)])
    err = capsys.readouterr().err
    assert code == 2
    assert "typo.txt:2" in err
    assert "did you mean 'Grizzly Bears'" in err
    assert not log.exists()


def test_unknown_ready_deck_and_bot_are_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--deck", "m10:purple", "--deck", "m10:red-green"]) == 2
    assert "has no deck 'purple'" in capsys.readouterr().err
    assert main(["play", "--deck", "m10:green-rampp", "--deck", "m10:red-green"]) == 2
    assert "(did you mean 'm10:green-ramp'?)" in capsys.readouterr().err
    assert main(["play", "--deck", "m11:red", "--deck", "m10:red-green"]) == 2
    assert "set M11 has no ready decks" in capsys.readouterr().err
    assert main(["play", "--deck", "xyz:red", "--deck", "m10:red-green"]) == 2
    assert "no card set 'xyz' is registered (deck 'xyz:red'); the sets are M10" in (
        capsys.readouterr().err
    )
    assert main(["play", "--bot", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err


def test_decks_is_a_table_of_the_ready_decks_with_colours_size_and_archetype(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["decks"]) == 0
    out = capsys.readouterr().out
    assert "\x1b[" not in out  # no colour when the output is not a terminal
    rows = [line.split() for line in out.splitlines()]
    assert rows[0] == ["Deck", "Colours", "Cards", "Description"]
    decks = {row[0]: row for row in rows if row and row[0].startswith("m10:")}
    assert sorted(decks) == [
        "m10:black-green-deathtouch",
        "m10:blue-black-control",
        "m10:green-ramp",
        "m10:green-white",
        "m10:red-burn",
        "m10:red-green",
        "m10:white-blue-fliers",
        "m10:white-weenie",
    ]
    assert decks["m10:red-green"][1:5] == ["RG", "60", "Red-green", "beatdown:"]
    assert decks["m10:blue-black-control"][1:3] == ["UB", "60"]
    assert decks["m10:white-weenie"][1:5] == ["W", "60", "White", "weenie:"]


def test_keywords_is_a_table_of_the_keyword_plugins(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["keywords"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["Keyword", "Rule", "Plugin"]
    rows = [line.split() for line in lines[2:] if line.strip()]
    assert ["morph", "702.37a", "manaweave.keywords.morph"] in rows
    assert ["splice", "702.47a", "manaweave.keywords.splice"] in rows
    assert ["first", "strike", "702.7a", "manaweave.keywords.first_strike"] in rows
    width = lines[0].index("Rule")
    names = [line[:width].strip() for line in lines[2:] if line.strip()]
    assert names == sorted(names)


VARIANT_AND_BOT_PLUGIN = """\
from manaweave import hookimpl
from manaweave.lowlevel import Variant, VariantOption
from manaweave.players import RandomBot


class QuickTwoPlayer(Variant):
    \"\"\"Two players with one second a decision. More text that is not shown.\"\"\"

    name = "quick_two_player"
    decision_time_limit = 1.0
    open_decklists = True


class Rich(Variant):
    \"\"\"Two to four players who start with more life.\"\"\"

    name = "rich_game"
    max_players = 4
    options = (
        VariantOption("bonus", int, 0, "103.4", "extra starting life", minimum=0, maximum=50),
        VariantOption("mood", str, "calm", "800.2", "a word", choices=("calm", "wild")),
    )

    def starting_life(self, game, player):
        return 20 + game.options["bonus"]


class Ponderer(RandomBot):
    \"\"\"Thinks before each answer.\"\"\"

    async def decide(self, decision):
        return self.pick(decision)


@hookimpl
def mw_variants():
    return [QuickTwoPlayer(), Rich()]


@hookimpl
def mw_bots():
    return {"ponderer": Ponderer}
"""


def _rows(output: str) -> dict[str, list[str]]:
    """A table's rows by their first cell, each row's words (a cell may wrap onto
    continuation lines, which are left out)."""
    lines = output.splitlines()
    return {line.split()[0]: line.split() for line in lines[2:] if line[:1].strip()}


def test_variants_is_a_table_of_the_variants_with_their_players(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["variants"]) == 0
    output = capsys.readouterr().out
    assert output.splitlines()[0].split() == [
        "Variant", "Players", "Options", "Description",
    ]  # fmt: skip
    rows = _rows(output)
    assert rows["two_player"][:4] == ["two_player", "2", "-", "Two"]
    assert "60 s a decision; own decklist only" in " ".join(output.split())
    (tmp_path / "quick_variant.py").write_text(VARIANT_AND_BOT_PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["variants", "-p", "quick_variant"]) == 0
    output = capsys.readouterr().out
    assert _rows(output)["quick_two_player"][:4] == ["quick_two_player", "2", "-", "Two"]
    assert "1 s a decision; decklists open" in " ".join(output.split())
    words = output.split()
    assert "decision." in words  # the docstring's first sentence, whole
    assert "not shown" not in " ".join(words)  # and only that


def test_bots_is_a_table_of_the_bots_and_whether_they_answer_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["bots"]) == 0
    rows = _rows(capsys.readouterr().out)
    assert rows["random"][:4] == ["random", "yes", "Chooses", "uniformly"]
    assert rows["heuristic"][:3] == ["heuristic", "yes", "Plays"]
    (tmp_path / "quick_variant.py").write_text(VARIANT_AND_BOT_PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert main(["bots", "-p", "quick_variant"]) == 0
    rows = _rows(capsys.readouterr().out)
    # It defines decide anew without declaring decides_at_once: it may wait.
    assert rows["ponderer"] == ["ponderer", "no", "Thinks", "before", "each", "answer."]


def test_a_bot_is_described_by_the_first_sentence_of_its_docstring(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "400")  # no cell wraps
    assert main(["bots"]) == 0
    rows = _rows(capsys.readouterr().out)
    assert " ".join(rows["mcts"][2:]) == (
        "Searches its priority decisions and its declarations of attackers and blockers "
        "with Monte Carlo tree search over sampled games; the heuristic bot answers the rest."
    )
    assert " ".join(rows["random"][2:]) == (
        "Chooses uniformly at random among the legal options, from its own seed."
    )


def test_coverage_passes_its_options_through(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["coverage", "--help"])
    assert exit_info.value.code == 0
    assert "--chapters-only" in capsys.readouterr().out


@pytest.mark.rules("100.2a", "100.4a")
def test_check_reports_each_deck_against_the_deck_rules(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("Deck\n20 Forest\n5 Grizzly Bears\nSideboard\n1 Grizzly Bears\n")
    assert main(["check", "m10:red-burn", str(bad)]) == 1
    assert capsys.readouterr().out.splitlines() == [
        "m10:red-burn: 60 cards, legal for constructed play",
        f"{bad}: 25 cards + 1 in the sideboard, not legal for constructed play:",
        "  - the deck has 25 cards; constructed decks need at least 60 (100.2a)",
        "  - 6 copies of Grizzly Bears in the deck and sideboard; at most 4 (100.2a, 100.4a)",
    ]
    assert main(["check", str(bad), "--deck-rules", "unchecked"]) == 0
    assert "legal for unchecked play" in capsys.readouterr().out


# --- arguments that cannot be used ------------------------------------------------------------


def one_error_line(done: subprocess.CompletedProcess[str]) -> str:
    """The single line of a refusal on stderr, after checking it is one and nothing else."""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("manaweave: error: ")
    assert "Traceback" not in done.stderr
    assert "[Errno" not in done.stderr
    return lines[0].removeprefix("manaweave: error: ")


REFUSED = [
    (["--players", "0"], "argument --players: must be at least 1, not 0"),
    (["--players", "1"], "--players 1: the free_for_all variant is for 2 to 16 players"),
    (
        ["--players", "3", "--variant", "two_player"],
        "--players 3: the two_player variant is for 2 players",
    ),
    (["--max-turns", "0"], "argument --max-turns: must be at least 1, not 0"),
    (["--max-turns", "-5"], "argument --max-turns: must be at least 1, not -5"),
    (["--max-turns", "many"], "argument --max-turns: 'many' is not a whole number"),
    (
        ["--deck", "m10:red-green", "--players", "3"],
        "1 --deck option for 3 players: give one --deck per player, or none for the default",
    ),
    (["--deck", "m10:red-green"], "1 --deck option for 2 players"),
    (
        ["--players", "2", *["--deck", "m10:red-green"] * 3],
        "3 --deck options for 2 players",
    ),
    (
        ["--players", "2", *["--bot", "random"] * 3],
        "3 --bot options for 2 players: give one --bot per player, or one for all of them",
    ),
    (["--bot", "genius"], "unknown bot 'genius'; known bots: heuristic, mcts, random"),
    (
        ["--variant", "chess"],
        "unknown variant 'chess'; known variants: alternating_teams, emperor, free_for_all, "
        "grand_melee, team_vs_team, two_headed_giant, two_player",
    ),
    (
        ["--deck", "x.txt", "--deck", "m10:red-green"],
        "no decklist file or ready deck named 'x.txt'; ready decks: "
        "m10:black-green-deathtouch, m10:blue-black-control, m10:green-ramp",
    ),
    (["-p", "no_such_plugin_module"], "-p no_such_plugin_module: no module named"),
    (["--frobnicate"], "unrecognized arguments: --frobnicate (see manaweave --help)"),
]


@pytest.mark.parametrize(("arguments", "message"), REFUSED, ids=[" ".join(a) for a, _ in REFUSED])
def test_arguments_that_cannot_be_used_are_refused_in_one_line(
    tmp_path: Path, arguments: list[str], message: str
) -> None:
    done = run_command("play", "--quiet", *arguments, cwd=tmp_path)
    assert done.returncode == 2
    assert message in one_error_line(done)
    assert done.stdout == ""
    assert list(tmp_path.iterdir()) == []  # nothing played, no log written


def test_a_decklist_naming_a_set_that_did_not_print_a_card_is_refused(tmp_path: Path) -> None:
    decks = tmp_path / "decks"
    decks.mkdir()
    (decks / "bears.txt").write_text("56 Forest\n4 Grizzly Bears (M12)\n", encoding="utf-8")
    done = run_command(
        "play", "--deck", "decks/bears.txt", "--deck", "m10:green-ramp", cwd=tmp_path
    )
    assert done.returncode == 2
    message = one_error_line(done)
    assert message.startswith("decks/bears.txt:2: Grizzly Bears was not printed in set 'M12'")
    assert message.endswith("the sets that printed it: 10E")
    assert done.stdout == ""
    assert [p.name for p in tmp_path.iterdir()] == ["decks"]  # nothing played, no log


def test_one_bot_plays_for_every_player(tmp_path: Path) -> None:
    log = tmp_path / "g.jsonl"
    code = main(["play", "--players", "3", "--bot", "heuristic", "--log", str(log), "--quiet"])
    assert code == 0
    started = next(read_events(log))
    assert [p["kind"].split("(")[0] for p in started.data["players"]] == ["HeuristicBot"] * 3
    # Without --deck, the default decks are dealt in turn.
    assert started.data["deck_names"] == ["m10:red-green", "m10:green-white", "m10:red-green"]


# --- logs are never overwritten ------------------------------------------------------------


def test_an_existing_log_is_refused_unless_overwrite(tmp_path: Path) -> None:
    log = tmp_path / "mine.jsonl"
    log.write_text("precious\n")
    done = run_command("play", "--quiet", "--log", str(log), cwd=tmp_path)
    assert done.returncode == 2
    assert one_error_line(done) == (
        f"the log '{log}' exists; choose another --log, or give --overwrite to replace it"
    )
    assert log.read_text() == "precious\n"
    done = run_command("play", "--quiet", "--log", str(log), "--overwrite", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert next(read_events(log)).event == "game_started"


@pytest.mark.parametrize(
    ("arguments", "limit"),
    [
        ([], "variant"),
        (["--decision-time-limit", "2.5"], 2.5),
        (["--decision-time-limit", "0"], None),
        (["--decision-time-limit", "None"], None),
    ],
)
def test_play_takes_a_time_limit_per_decision(
    arguments: list[str],
    limit: object,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    games: list[Game] = []

    def recording_new_game(**options: Any) -> Game:
        assert options["decision_time_limit"] == limit
        games.append(real_new_game(**options))
        return games[-1]

    real_new_game = manaweave.new_game
    # The command's own reference to new_game, named by its dotted path.
    monkeypatch.setattr("manaweave._cli.main.new_game", recording_new_game)
    assert main(["play", "--max-turns", "2", "--quiet", *arguments]) == 0
    (game,) = games
    expected = 60.0 if limit == "variant" else limit
    assert game.table.decision_time_limit == expected
    capsys.readouterr()


def test_without_log_the_first_free_default_name_is_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "manaweave-game-5.jsonl").write_text("an earlier game\n")
    (tmp_path / "manaweave-game-5-3.jsonl").write_text("another\n")
    for _ in range(2):
        assert main(["play", "--seed", "5", "--max-turns", "3", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "Event log: manaweave-game-5-2.jsonl" in out
    assert "Event log: manaweave-game-5-4.jsonl" in out
    assert (tmp_path / "manaweave-game-5.jsonl").read_text() == "an earlier game\n"
    assert (tmp_path / "manaweave-game-5-3.jsonl").read_text() == "another\n"
    assert next(read_events(tmp_path / "manaweave-game-5-4.jsonl")).data["seed"] == 5


def test_a_log_that_cannot_be_written_is_named_with_the_reason(tmp_path: Path) -> None:
    done = run_command("play", "--quiet", "--log", "no/such/folder/g.jsonl", cwd=tmp_path)
    assert done.returncode == 2
    assert one_error_line(done) == (
        "cannot write the log 'no/such/folder/g.jsonl': no such folder 'no/such/folder'"
    )
    (tmp_path / "a-file").write_text("")
    done = run_command("play", "--quiet", "--log", "a-file/g.jsonl", cwd=tmp_path)
    assert done.returncode == 2
    assert one_error_line(done) == (
        "cannot write the log 'a-file/g.jsonl': a part of the path is not a folder"
    )


def test_a_log_the_user_may_not_write_is_permission_denied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "locked.jsonl"
    opened = Path.open

    def refuse(path: Path, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        if path == log:
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return opened(path, mode, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)
    assert main(["play", "--quiet", "--log", str(log)]) == 2
    assert capsys.readouterr().err == (
        f"manaweave: error: cannot write the log '{log}': permission denied\n"
    )


# --- output, failures, help ----------------------------------------------------------------


@pytest.mark.parametrize("how", ["script", "module"])
def test_a_reader_that_stops_early_ends_the_command_quietly(tmp_path: Path, how: str) -> None:
    """`manaweave play | head -3`: the pipe is closed before the game is printed."""
    start = [str(COMMAND)] if how == "script" else [sys.executable, "-m", "manaweave"]
    with subprocess.Popen(
        [*start, "play", "--seed", "3", "--max-turns", "20"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        process.stdout.close()  # the reader has gone
        errors = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert errors == ""
    assert code == 0
    assert (tmp_path / "manaweave-game-3.jsonl").exists()


def test_a_reader_that_stops_after_some_lines_ends_the_command_quietly(tmp_path: Path) -> None:
    """`manaweave play | head -3` while the game is being printed: no error, exit 0, and the
    log is complete (the game went on to its end)."""
    with subprocess.Popen(
        [str(COMMAND), "play", "--seed", "3"],
        cwd=tmp_path,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdout is not None
        assert process.stderr is not None
        first = [process.stdout.readline() for _ in range(3)]
        process.stdout.close()  # the reader has gone, mid-game
        errors = process.stderr.read().decode()
        code = process.wait(timeout=120)
    assert first[0].startswith(b"Game game-")
    assert errors == ""
    assert code == 0
    events = list(read_events(tmp_path / "manaweave-game-3.jsonl"))
    assert events[-1].event == "game_ended"


FAILING_PLUGIN = """
from manaweave import hookimpl


@hookimpl
def mw_turn_start(game):
    if game.turn == 3:
        raise RuntimeError("the plugin's bug\\nsecond line")
"""


def test_an_engine_failure_is_one_line_or_with_debug_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "failing_plugin.py").write_text(FAILING_PLUGIN)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    game = ["play", "-p", "failing_plugin", "--quiet", "--log", "g.jsonl"]
    done = run_command(*game, cwd=tmp_path, env=env)
    assert done.returncode == 1
    assert one_error_line(done) == (
        "PluginError: the plugin 'failing_plugin' failed in mw_turn_start: RuntimeError: "
        "the plugin's bug (run with --debug for the traceback)"
    )
    done = run_command(*game, "--overwrite", "--debug", cwd=tmp_path, env=env)
    assert done.returncode == 1
    assert "Traceback (most recent call last):" in done.stderr
    assert "in mw_turn_start" in done.stderr
    assert "RuntimeError: the plugin's bug" in done.stderr


def test_python_m_manaweave_is_the_command(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "manaweave", "--version"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 0
    assert done.stdout.strip() == f"manaweave {manaweave.__version__}"
    done = subprocess.run(
        [sys.executable, "-m", "manaweave", "play", "--players", "0"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert "must be at least 1" in one_error_line(done)


def test_play_help_lists_bots_and_variants_and_points_to_decks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["play", "--help"])
    assert exit_info.value.code == 0
    # The help is wrapped to the terminal, which may break a line after a hyphen.
    text = " ".join(re.sub(r"-\n\s*", "-", capsys.readouterr().out).split())
    assert "Bots: heuristic, mcts, random." in text
    assert (
        "Variants: alternating_teams, emperor, free_for_all, grand_melee, team_vs_team, "
        "two_headed_giant, two_player." in text
    )
    assert "see `manaweave decks`" in text
    assert "once for all of them" in text
    assert "--overwrite" in text
    assert "the first free manaweave-game-SEED-2.jsonl" in text


def test_a_deck_says_what_it_is_in_its_leading_comment() -> None:
    text = "# Red burn: cheap threats,\n// direct damage to finish.\n\nDeck\n# not this\n4 Shock\n"
    assert deck_description(text) == "Red burn: cheap threats, direct damage to finish."
    assert deck_description("\n#   Mono green\n#\n4 Forest  # lands\n") == "Mono green"
    assert deck_description("4 Forest\n# too late\n") == ""
    assert deck_description("") == ""


def test_check_refuses_a_deck_that_names_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["check", str(tmp_path / "gone.txt")]) == 2
    assert capsys.readouterr().err.startswith(
        f"manaweave: error: no decklist file or ready deck named '{tmp_path / 'gone.txt'}'; "
        "ready decks: m10:"
    )


@pytest.mark.rules("800.2")
def test_play_takes_the_variants_options_and_records_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "quick_variant.py").write_text(VARIANT_AND_BOT_PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    log = tmp_path / "rich.jsonl"
    args = ["play", "-p", "quick_variant", "--variant", "rich-game", "--players", "3"]
    code = main([*args, "--option", "bonus=5", "--option", "MOOD=wild", "--log", str(log)])
    assert code == 0
    started = next(read_events(log)).data
    assert started["variant"] == "rich_game"
    assert started["options"] == {"bonus": 5, "mood": "wild"}
    assert started["teams"] == [[0], [1], [2]]
    life = [e.data for e in read_events(log) if e.event == "life_changed"]
    assert life[0]["life"] - life[0]["delta"] == 25  # the option's bonus, 20 + 5
    capsys.readouterr()
    assert main(["variants", "-p", "quick_variant"]) == 0
    row = _rows(capsys.readouterr().out)["rich_game"]
    assert row[:3] == ["rich_game", "2-4", "bonus=0"]


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (
            ["--option", "bonsu=3"],
            "--option 'bonsu=3': the rich_game variant has no option "
            "'bonsu' (did you mean bonus?); its options: bonus, mood",
        ),
        (
            ["--option", "bonus=x"],
            "--option 'bonus=x': option bonus can't be 'x'; it takes a whole number from 0 to 50",
        ),
        (["--option", "bonus=99"], "option bonus can't be '99'"),
        (["--option", "mood=sad"], "option mood can't be 'sad'; it takes one of calm, wild"),
        (["--option", "bonus"], "--option 'bonus': write NAME=VALUE"),
        (["--option", "bonus=1", "--option", "bonus=2"], "option bonus is given twice"),
        (["--players", "5"], "--players 5: the rich_game variant is for 2 to 4 players, not 5"),
        (["--variant", "poor_game"], "--variant: unknown variant 'poor_game'; known variants:"),
        (
            ["--variant", "grand-melee", "--players", "9"],
            "--players 9: the grand_melee variant is for 10 to 100 players, not 9",
        ),
    ],
)
def test_bad_variant_options_and_player_counts_are_clear_errors(
    extra: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    (tmp_path / "quick_variant.py").write_text(VARIANT_AND_BOT_PLUGIN, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    log = tmp_path / "never.jsonl"
    args = ["play", "-p", "quick_variant", "--variant", "rich_game", "--log", str(log)]
    assert main([*args, *extra]) == 2
    assert message in capsys.readouterr().err
    assert not log.exists()

"""The ``manaweave`` command line: play, decks, keywords, coverage, and its errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from manaweave.log import read_events
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

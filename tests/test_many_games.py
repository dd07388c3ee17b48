"""The README's walkthrough of many games, end to end on a small run: ``manaweave
simulate`` on two processes, every deck with every bot, then ``export``, ``analyze`` and
``view`` of what it wrote; the dataset's figures agree with the run's summary."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import polars as pl

from manaweave import analysis

GAMES = 12


def _manaweave(*arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "manaweave", *arguments],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_simulate_export_analyze_and_view_a_run(tmp_path: Path) -> None:
    run = tmp_path / "run"
    done = _manaweave(
        "simulate",
        *("--deck", "m10:red-green", "--deck", "m10:green-white"),
        *("--bot", "heuristic", "--bot", "random"),
        *("--games", str(GAMES), "--seed", "5", "--jobs", "2"),
        *("--schedule", "cross", "--swap-seats"),
        *("--max-turns", "40", "--quiet", "--out", str(run)),
    )
    assert done.returncode == 0, done.stderr
    summary = json.loads((run / "summary.json").read_text())
    assert len(summary["games"]) == GAMES

    dataset = tmp_path / "dataset"
    done = _manaweave("export", str(run), "--out", str(dataset), "--no-progress")
    assert done.returncode == 0, done.stderr
    tables = analysis.load(dataset)
    assert tables.games.height == GAMES
    # The dataset says what the run's summary says, game by game.
    by_seed = {row["seed"]: row for row in tables.games.iter_rows(named=True)}
    for game in summary["games"]:
        row = by_seed[game["seed"]]
        assert row["winners"] == game["winners"]
        assert row["turns"] == game["turns"]
        assert row["decks"] == game["decks"]
    # Every deck played by every bot, from every seat: the decks' win rates are not the
    # bots'.
    played = tables.players.select("deck", pl.col("bot").str.replace(r"\(.*$", ""), "seat").unique()
    assert played.height == 2 * 2 * 2
    wins = tables.players.filter(pl.col("won")).group_by("deck").len()
    counted = dict(wins.iter_rows())
    for deck in ("m10:red-green", "m10:green-white"):
        expected = sum(
            1
            for game in summary["games"]
            for seat in game["winners"]
            if game["decks"][seat] == deck
        )
        assert counted.get(deck, 0) == expected

    report = tmp_path / "report"
    done = _manaweave("analyze", str(dataset), "--out", str(report), "--no-progress")
    assert done.returncode == 0, done.stderr
    assert f"{GAMES} games analyzed" in done.stdout
    assert "go together" not in done.stdout
    assert (report / "report.html").stat().st_size > 10_000

    done = _manaweave("view", str(run), "--game", "3", "--as", "1")
    assert done.returncode == 0, done.stderr
    page = (run / "game-3.html").read_text()
    assert "<html" in page
    done = _manaweave("view", str(run))
    assert done.returncode == 2
    assert "--game INDEX" in done.stderr
    done = _manaweave("view", str(run), "--game", str(GAMES + 5))
    assert done.returncode == 2
    assert f"no complete game {GAMES + 5}" in done.stderr

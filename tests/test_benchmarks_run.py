"""The benchmarks in bench/ still run (tiny sizes; their figures are not checked here)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"


def load(name: str) -> ModuleType:
    if str(BENCH) not in sys.path:  # as when run as a script: its folder is on the path
        sys.path.insert(0, str(BENCH))
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_random_games_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("random_games").main(["--games", "2", "--no-progress"]) == 0
    assert "games/s" in capsys.readouterr().out


@pytest.mark.rules("611.3a", "603.10a")
def test_board_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("board").main(["--tokens", "30", "--dying", "12"]) == 0
    out = capsys.readouterr().out
    assert "30 tokens" in out
    assert "12 dies triggers" in out


def test_tournament_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--deck", "m10:red-burn", "--deck", "m10:blue-black-control", "--games", "2"]
    assert load("tournament").main([*argv, "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 games, 0 errors, 2/2 replays identical" in out
    assert "games/s" in out


def test_export_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("export").main(["--games", "2", "--jobs", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "export 2 games:" in out
    assert "simulate --jobs 1:" in out


def test_the_progress_bar_counts_the_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("random_games").main(["--games", "2", "--progress"]) == 0
    assert "2/2" in capsys.readouterr().err


def test_soak_run_plays_and_replays_fuzzed_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("soak").main(["--games", "2", "--seed", "11", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "2 games: 0 crashes, 0 mismatches, 0 hangs, 0 bot errors" in out


# The timer's exception may land in a weakref callback run by the garbage collector,
# which Python reports as unraisable; the run still reports the hang (bench/soak.py).
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_soak_run_reports_a_game_that_outlives_its_timeout(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert load("soak").main(["--games", "1", "--timeout", "0.001", "--no-progress"]) == 1
    captured = capsys.readouterr()
    assert "1 game: 0 crashes, 0 mismatches, 1 hang, 0 bot errors" in captured.out
    assert "game 0 (--seed 0 --games 1 plays it again): hang" in captured.err


def test_log_writing_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("log_writing").main(["--games", "1", "--rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "as it goes" in out
    assert "at the end" in out


def test_rl_steps_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("rl_steps").main(["--games", "1", "--no-progress"]) == 0
    assert "steps/s" in capsys.readouterr().out


def test_game_copy_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("game_copy").main(["--copies", "3", "--rollouts", "1"]) == 0
    assert "x a priority decision" in capsys.readouterr().out


def test_views_benchmark_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert load("views").main(["--games", "1", "--no-progress"]) == 0
    assert "ms CPU a view" in capsys.readouterr().out


def test_startup_benchmark_runs(tmp_path: Path) -> None:
    # It leaves with os._exit once the first decision is asked: run it as a process.
    ran = subprocess.run(
        [
            sys.executable,
            str(BENCH / "startup.py"),
            "--generated-sets",
            "2",
            "--cards-per-set",
            "5",
            "--sets-folder",
            str(tmp_path),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "first decision" in ran.stdout

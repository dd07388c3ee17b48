"""Speed of ``manaweave export``: games/s written as Parquet tables (events included), beside
the games/s ``manaweave simulate`` makes them with two worker processes.

Makes the logs once: ``--games`` games (random bots, the default M10 decks, logs in shards)
simulated with ``--jobs`` workers into a temporary folder, timed; then exports them
``--repeat`` times into fresh folders, each timed, and prints one line on stdout::

    export 200 games: 131.2 games/s (best of 3; 7.6 ms a game); simulate --jobs 2: 61.0 games/s

``--logs DIR`` exports the logs in ``DIR`` instead (made once by ``manaweave simulate``, so
that runs of two versions of the code read the same games), and leaves simulate out of
the line. Only the games of the export count: the time from the call of
:func:`manaweave.dataset.export` to its return (reading, checking, tabling, writing), not
starting Python or importing polars. Run from the repository root::

    .venv/bin/python bench/export.py --games 200
    .venv/bin/manaweave simulate --games 400 --jobs 2 --out /tmp/run --quiet
    .venv/bin/python bench/export.py --logs /tmp/run --repeat 3
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

from manaweave.dataset import export
from manaweave.simulation import simulate

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="export.py", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games to simulate (200)")
    parser.add_argument("--jobs", type=int, default=2, help="simulate's worker processes (2)")
    parser.add_argument("--repeat", type=int, default=3, help="exports timed (3)")
    parser.add_argument("--max-turns", type=int, default=200, help="turn limit (200)")
    parser.add_argument("--logs", type=Path, help="export these logs; simulate nothing")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="manaweave-export-") as scratch:
        logs = args.logs
        simulated = ""
        if logs is None:
            logs = Path(scratch) / "run"
            started = time.perf_counter()
            summary = simulate(
                logs,
                decks=list(DEFAULT_DECKS),
                games=args.games,
                jobs=args.jobs,
                max_turns=args.max_turns,
            )
            rate = summary.played / (time.perf_counter() - started)
            simulated = f"; simulate --jobs {args.jobs}: {rate:.1f} games/s"
        best = float("inf")
        games = 0
        for run in range(args.repeat):
            started = time.perf_counter()
            result = export(logs, Path(scratch) / f"dataset-{run}")
            elapsed = time.perf_counter() - started
            games = result.games
            best = min(best, elapsed)
            print(f"export {run + 1}: {games} games in {elapsed:.2f} s", file=sys.stderr)
    print(
        f"export {games} games: {games / best:.1f} games/s (best of {args.repeat}; "
        f"{best / games * 1000:.1f} ms a game){simulated}",
        flush=True,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

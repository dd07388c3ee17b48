"""Throughput of ``manaweave simulate``: games/s with 1 and with 2 worker processes.

Each configuration plays the same ``--games`` games (random bots, the default M10 decks,
logs kept in shards) into a fresh temporary folder; ``--repeat`` runs of each, alternately,
so that a change in the machine's load falls on both. One line per run on stdout::

    jobs 1: 200 games in 18.2 s, 11.0 games/s

Run from the repository root::

    .venv/bin/python bench/simulate.py --games 200
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Sequence

from manaweave.simulation import simulate

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="simulate.py", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per run (200)")
    parser.add_argument("--jobs", type=int, action="append", help="worker counts (1 and 2)")
    parser.add_argument("--repeat", type=int, default=2, help="runs of each (2)")
    parser.add_argument("--max-turns", type=int, default=200, help="turn limit (200)")
    args = parser.parse_args(argv)
    for _ in range(args.repeat):
        for jobs in args.jobs or [1, 2]:
            with tempfile.TemporaryDirectory(prefix="manaweave-simulate-") as folder:
                started = time.perf_counter()
                summary = simulate(
                    folder,
                    decks=list(DEFAULT_DECKS),
                    games=args.games,
                    jobs=jobs,
                    max_turns=args.max_turns,
                )
                elapsed = time.perf_counter() - started
            print(
                f"jobs {jobs}: {summary.played} games in {elapsed:.1f} s, "
                f"{summary.played / elapsed:.1f} games/s",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""What writing the event log as the game goes costs: the same random games, their logs
written to a file either as they are played or all at once when they end.

A game with a log path writes its lines before each decision and every
``manaweave.log.FLUSH_BYTES`` (``docs/event-log.md``, "Durable logs"). The other way,
the one a killed process loses everything with, is measured by playing the same game
without a path and writing its whole log when it ends. Rounds alternate the two ways in
one process, so both see the same machine; the one line on stdout is::

    as it goes 15.3 games/s, at the end 16.6 games/s (CPU time): 7.8% slower

Each round's figures go to stderr. Run from the repository root::

    .venv/bin/python bench/log_writing.py --games 40 --rounds 6
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

import trio

from manaweave import new_game, play_game
from manaweave.players import RandomBot

DECKS = ("m10:red-green", "m10:green-white")


def play(seed: int, folder: Path, *, as_it_goes: bool) -> None:
    """Play game ``seed`` between two random bots and leave its log in ``folder``."""
    path = folder / f"seed-{seed}.jsonl"
    game = new_game(
        decks=list(DECKS),
        players=[RandomBot(seed=2 * seed + 1), RandomBot(seed=2 * seed + 2)],
        seed=seed,
        log=path if as_it_goes else None,
    )
    trio.run(play_game, game)
    if not as_it_goes:
        path.write_bytes(b"".join(line + b"\n" for line in game.log.lines))


def timed_round(games: int, folder: Path, *, as_it_goes: bool) -> float:
    """CPU seconds (the process's, system time included) to play ``games`` games."""
    started = time.process_time()
    for seed in range(games):
        play(seed, folder, as_it_goes=as_it_goes)
    return time.process_time() - started


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="log_writing.py",
        description="Compare writing event logs as games go with writing them at the end.",
    )
    parser.add_argument("--games", type=int, default=40, metavar="N", help="games a round (40)")
    parser.add_argument("--rounds", type=int, default=6, metavar="R", help="rounds a way (6)")
    args = parser.parse_args(argv)
    if args.games < 1 or args.rounds < 1:
        parser.error("--games and --rounds must be at least 1")
    rates: dict[bool, list[float]] = {True: [], False: []}
    with tempfile.TemporaryDirectory(prefix="manaweave-log-bench-") as folder:
        for number in range(args.rounds):
            # Alternate which way goes first, so neither always runs on a warmer machine.
            for as_it_goes in (True, False) if number % 2 else (False, True):
                seconds = timed_round(args.games, Path(folder), as_it_goes=as_it_goes)
                rates[as_it_goes].append(args.games / seconds)
                way = "as it goes" if as_it_goes else "at the end"
                print(
                    f"round {number + 1}, {way}: {args.games / seconds:.1f} games/s",
                    file=sys.stderr,
                )
    going, at_end = statistics.median(rates[True]), statistics.median(rates[False])
    print(
        f"as it goes {going:.1f} games/s, at the end {at_end:.1f} games/s (CPU time, "
        f"medians): {(at_end / going - 1) * 100:.1f}% slower"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

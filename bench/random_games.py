"""Throughput benchmark: complete games between random bots, event logging on.

Two players by default; ``--players N``, ``--variant`` and ``--option NAME=VALUE`` play
multiplayer games (a four-player Free-for-All, Two-Headed Giant, a six-player Emperor
game). Game ``i`` (counting from 0) of an ``N``-player run uses game seed ``S + i`` and
the bots ``RandomBot(seed=N*i+1)`` ... ``RandomBot(seed=N*i+N)``, so a run is
reproducible and two runs with the same options play exactly the same games. The one line
on stdout is::

    42.0 games/s, 25000 decisions/s, 14.2 turns/game, 61 MB peak

Everything else (progress, per-run details, profiles) goes to stderr. See
``bench/README.md`` for what the figures mean.

Run from the repository root::

    .venv/bin/python bench/random_games.py --games 200
    .venv/bin/python bench/random_games.py --games 100 --profile
    .venv/bin/python bench/random_games.py --games 20 --players 4 --variant two_headed_giant
"""

from __future__ import annotations

import argparse
import contextlib
import cProfile
import os
import pstats
import resource
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

import trio
from _progress import GameProgress

from manaweave import (
    DecklistError,
    Outcome,
    Preferences,
    Stops,
    UnknownCardError,
    new_game,
    play_game,
)
from manaweave.lowlevel import default_plugins, parse_options, resolve_deck, resolve_options
from manaweave.players import RandomBot

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")
TURN_LIMIT_REASON = "turn limit reached"
"""The :class:`~manaweave.Outcome` reason of a game stopped by ``max_turns``."""
PROFILE_TOP = 25
DECISION_MARK = b'"decision_made"'
"""How a ``decision_made`` event shows in a rendered log line."""


@dataclass(slots=True)
class Totals:
    """What the games of one run add up to."""

    games: int = 0
    decisions: int = 0
    events: int = 0
    turns: int = 0
    wins: list[int] = field(default_factory=lambda: [0, 0])
    """Games won by each seat (a team's win counts for each of its players left)."""
    draws: int = 0
    turn_limited: list[int] = field(default_factory=list)
    """Seeds of the games that hit ``--max-turns``."""
    traced_peak: int = 0
    """Largest tracemalloc peak of a single game, in bytes (``--tracemalloc`` only)."""
    wall: float = 0.0
    """Seconds spent building and playing games (``new_game`` + ``play_game``, log flush
    included); the harness's own bookkeeping between games is not counted."""
    cpu: float = 0.0
    """CPU seconds of the same."""

    def add(self, seed: int, outcome: Outcome, decisions: int, events: int) -> None:
        self.games += 1
        self.decisions += decisions
        self.events += events
        self.turns += outcome.turns
        if outcome.reason == TURN_LIMIT_REASON:
            self.turn_limited.append(seed)
        if outcome.winners:
            for winner in outcome.winners:
                self.wins[winner] += 1
        else:
            self.draws += 1


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="random_games.py",
        description="Play complete random-vs-random games and report engine throughput.",
    )
    parser.add_argument("--games", type=int, default=200, metavar="N", help="games (200)")
    parser.add_argument(
        "--seed",
        type=int,
        default=0,
        metavar="S",
        help="first game seed (0); game i uses seed S+i and RandomBot seeds 2i+1, 2i+2",
    )
    parser.add_argument(
        "--max-turns",
        type=int,
        default=200,
        metavar="T",
        help="end a game as a draw after T turns (200; a safety net, hits are reported)",
    )
    parser.add_argument(
        "--deck",
        action="append",
        metavar="DECK",
        help="a deck for seat 1, then seat 2, ...: a ready deck name, decklist path, ...; "
        "give it once per seat, or twice to alternate them "
        f"(default: {' and '.join(DEFAULT_DECKS)} in turn)",
    )
    parser.add_argument("--players", type=int, default=2, metavar="N", help="players per game (2)")
    parser.add_argument(
        "--variant",
        default=None,
        metavar="NAME",
        help="the variant (default: two_player for 2 players, free_for_all for more)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of the variant's options, as `manaweave play --option` takes it",
    )
    parser.add_argument(
        "--write-logs",
        action="store_true",
        help="also write each game's event log to a temporary file (removed afterwards)",
    )
    parser.add_argument(
        "--log-dir",
        type=Path,
        metavar="DIR",
        help="write each game's event log to DIR/seed-<seed>.jsonl and keep it "
        "(implies --write-logs)",
    )
    parser.add_argument(
        "--profile",
        action="store_true",
        help=f"run under cProfile; print the top {PROFILE_TOP} functions by cumulative "
        "and by total time to stderr",
    )
    parser.add_argument(
        "--stops",
        action="store_true",
        help="the bots ask to be asked for priority only in their own main phases and when "
        "the stack holds something (manaweave.Stops())",
    )
    parser.add_argument(
        "--engine-pays",
        action="store_true",
        help="the engine pays the bots' mana costs (Preferences(engine_pays=True)); "
        "they then leave mana abilities alone",
    )
    parser.add_argument(
        "--tracemalloc",
        action="store_true",
        help="also trace Python allocations and report the largest per-game peak (slow)",
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    parser.add_argument(
        "--cpu",
        type=int,
        default=None,
        metavar="N",
        help="pin the process to CPU N (Linux); the engine is single-threaded, so pinning "
        "only stops the scheduler from migrating it (default: not pinned)",
    )
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.max_turns < 1:
        parser.error("--max-turns must be at least 1")
    if args.players < 2:
        parser.error("--players must be at least 2")
    if args.deck is None:
        args.deck = list(DEFAULT_DECKS)
    elif len(args.deck) not in (2, args.players):
        parser.error(
            f"give --deck once per seat ({args.players}) or twice, not {len(args.deck)} time(s)"
        )
    args.decks = [args.deck[i % len(args.deck)] for i in range(args.players)]
    host = default_plugins()
    try:
        for spec in args.deck:
            resolve_deck(spec, host)
    except (DecklistError, UnknownCardError) as exc:
        parser.error(str(exc))
    try:
        variant = host.variant(
            args.variant or ("two_player" if args.players == 2 else "free_for_all")
        )
        args.variant = variant.name
        args.options = parse_options(variant.options, args.option, variant.name)
        variant.check_setup(args.players, resolve_options(variant.options, args.options, ""))
    except ValueError as exc:
        parser.error(str(exc))
    if args.cpu is not None and hasattr(os, "sched_getaffinity"):
        allowed = sorted(os.sched_getaffinity(0))
        if args.cpu not in allowed:
            parser.error(f"--cpu {args.cpu}: this process may run on CPUs {allowed}")
    if args.log_dir is not None:
        args.write_logs = True
    return args


def pin_to_cpu(cpu: int | None) -> int | None:
    """Pin the process to ``cpu`` if given and supported; returns the CPU pinned to."""
    if cpu is None or not hasattr(os, "sched_setaffinity"):
        return None
    os.sched_setaffinity(0, {cpu})
    return cpu


@contextlib.contextmanager
def log_directory(args: argparse.Namespace) -> Iterator[Path | None]:
    """Where the games write their logs: ``--log-dir``, a temporary folder, or nowhere."""
    if args.log_dir is not None:
        args.log_dir.mkdir(parents=True, exist_ok=True)
        yield args.log_dir
    elif args.write_logs:
        with tempfile.TemporaryDirectory(prefix="manaweave-bench-") as folder:
            yield Path(folder)
    else:
        yield None


def play_games(
    args: argparse.Namespace, logs: Path | None, progress: GameProgress, totals: Totals
) -> None:
    """Play the run's games one after another, adding each to ``totals``."""
    preferences = None
    if args.stops or args.engine_pays:
        preferences = Preferences(
            stops=Stops() if args.stops else None, engine_pays=args.engine_pays
        )
    for i in range(args.games):
        seed = args.seed + i
        if args.tracemalloc:
            tracemalloc.reset_peak()
        wall_started = time.perf_counter()
        cpu_started = time.process_time()
        try:
            game = new_game(
                decks=args.decks,
                players=[
                    RandomBot(seed=args.players * i + k + 1, preferences=preferences)
                    for k in range(args.players)
                ],
                seed=seed,
                variant=args.variant,
                options=args.options,
                max_turns=args.max_turns,
                log=logs / f"seed-{seed}.jsonl" if logs is not None else None,
            )
            outcome = trio.run(play_game, game)
        except BaseException:
            progress.close()
            print(f"game {i} (seed {seed}) failed:", file=sys.stderr)
            raise
        totals.cpu += time.process_time() - cpu_started
        totals.wall += time.perf_counter() - wall_started
        if args.tracemalloc:
            totals.traced_peak = max(totals.traced_peak, tracemalloc.get_traced_memory()[1])
        lines = game.log.lines
        # Matching the rendered line is far cheaper than decoding it; no other field
        # holds this exact quoted string.
        decisions = sum(1 for line in lines if DECISION_MARK in line)
        totals.add(seed, outcome, decisions, len(lines))
        del game, lines
        progress.update(i + 1)


def print_profile(profiler: cProfile.Profile, stream: TextIO) -> None:
    for order, title in (("cumulative", "cumulative time"), ("tottime", "total (own) time")):
        stream.write(f"\n=== top {PROFILE_TOP} functions by {title} ===\n")
        stats = pstats.Stats(profiler, stream=stream)
        stats.strip_dirs().sort_stats(order).print_stats(PROFILE_TOP)
    stream.flush()


def peak_rss_mb() -> float:
    """The process's peak resident set size in MB (``ru_maxrss`` is KB on Linux)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if sys.platform == "darwin":  # bytes on macOS
        peak //= 1024
    return peak / 1024


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    cpu = pin_to_cpu(args.cpu)
    show_progress = sys.stderr.isatty() if args.progress is None else args.progress
    totals = Totals(wins=[0] * args.players)
    profiler = cProfile.Profile() if args.profile else None
    if args.tracemalloc:
        tracemalloc.start()

    with log_directory(args) as logs:
        progress = GameProgress(args.games, enabled=show_progress)
        started = time.perf_counter()
        if profiler is not None:
            profiler.enable()
        try:
            play_games(args, logs, progress, totals)
        finally:
            if profiler is not None:
                profiler.disable()
        harness = time.perf_counter() - started
        progress.close()

    if args.tracemalloc:
        tracemalloc.stop()
    peak = peak_rss_mb()
    elapsed = max(totals.wall, 1e-9)
    cpu_time = max(totals.cpu, 1e-9)

    print(
        f"{totals.games / elapsed:.1f} games/s, "
        f"{totals.decisions / elapsed:.0f} decisions/s, "
        f"{totals.turns / totals.games:.1f} turns/game, "
        f"{peak:.0f} MB peak",
        flush=True,
    )

    last = args.seed + args.games - 1
    details = [
        f"{totals.games} {args.variant} games of {args.players} (seeds {args.seed}..{last}, "
        f"{' vs '.join(args.decks)}"
        + "".join(f", {name}={value}" for name, value in args.options.items())
        + f"): {elapsed:.2f} s wall in games, {cpu_time:.2f} s CPU "
        f"({totals.games / cpu_time:.1f} games/s of CPU time), {harness:.2f} s with the harness"
        + (f", pinned to CPU {cpu}" if cpu is not None else ""),
        f"{totals.decisions} decisions, {totals.events} events "
        f"({totals.events / elapsed:.0f} events/s, {totals.events / totals.games:.0f} per game)",
        ", ".join(f"P{seat + 1} won {wins}" for seat, wins in enumerate(totals.wins))
        + f", draws {totals.draws}",
    ]
    if totals.turn_limited:
        shown = ", ".join(map(str, totals.turn_limited[:20]))
        more = "" if len(totals.turn_limited) <= 20 else ", ..."
        details.append(
            f"WARNING: {len(totals.turn_limited)} game(s) hit --max-turns {args.max_turns} "
            f"and ended as draws (seeds {shown}{more})"
        )
    else:
        details.append(f"no game hit --max-turns {args.max_turns}")
    if args.write_logs:
        where = args.log_dir if args.log_dir is not None else "a temporary folder (removed)"
        details.append(f"event logs written to {where}")
    if args.tracemalloc:
        details.append(
            f"tracemalloc: largest per-game peak {totals.traced_peak / 2**20:.1f} MB "
            "(figures slowed by tracing)"
        )
    if profiler is not None:
        details.append("under cProfile: the figures above are slowed by profiling")
    for line in details:
        print(line, file=sys.stderr)
    if profiler is not None:
        print_profile(profiler, sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Round-robin tournament of ready decks between random bots, every game replayed.

Each pair of decks plays ``--games`` games (200 by default). Game ``j`` of pairing ``p``
(both counted from 0, pairings in the order the decks are listed) uses the game seed
``S + p * games + j`` and the bots ``RandomBot(seed=2 * seed + 1)`` and
``RandomBot(seed=2 * seed + 2)``; the decks swap seats every game. So a run is fixed by
its options, and any single game can be played again from its seed.

Every game is then replayed from its own event log (``manaweave replay``) and must give
the identical event stream. A game that raises, or whose replay differs, is reported with
its seed and the run exits with status 1; the run finishes all its games either way.

The last lines on stdout are the figures::

    3000 games, 0 errors, 3000/3000 replays identical
    play 14.1 games/s (21,000 decisions/s), replay 15.0 games/s, 41.0 turns/game

Run from the repository root::

    .venv/bin/python bench/tournament.py                   # the six M10 decks, 200 each
    .venv/bin/python bench/tournament.py --games 20 --jobs 2
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import time
import traceback
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

import trio
from _progress import GameProgress

from manaweave import DecklistError, UnknownCardError, new_game, play_game, replay
from manaweave.lowlevel import default_plugins, ready_decks, resolve_deck
from manaweave.players import RandomBot

TURN_LIMIT_REASON = "turn limit reached"


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the tournament, played and replayed."""

    pairing: int
    seed: int
    decks: tuple[str, str]
    """In seat order."""
    winner: str | None = None
    """The winning deck, ``None`` for a draw or a failed game."""
    turns: int = 0
    decisions: int = 0
    turn_limited: bool = False
    play_seconds: float = 0.0
    replay_seconds: float = 0.0
    error: str | None = None
    """The traceback of a game that raised."""
    replay_mismatch: str | None = None
    """Where the replay first differed, if it did."""


def play_one(pairing: int, seed: int, decks: tuple[str, str], max_turns: int) -> GameResult:
    """Play one game and replay it from its log."""
    started = time.perf_counter()
    try:
        game = new_game(
            decks=decks,
            players=[RandomBot(seed=2 * seed + 1), RandomBot(seed=2 * seed + 2)],
            seed=seed,
            max_turns=max_turns,
        )
        outcome = trio.run(play_game, game)
    except Exception:
        return GameResult(pairing, seed, decks, error=traceback.format_exc())
    played = time.perf_counter() - started
    records = game.log.records
    decisions = sum(1 for record in records if record["event"] == "decision_made")
    started = time.perf_counter()
    try:
        result = replay(records)
    except Exception:
        mismatch: str | None = "the replay raised:\n" + traceback.format_exc()
    else:
        mismatch = None if result.identical else str(result.mismatch)
    replayed = time.perf_counter() - started
    winners = outcome.winners
    return GameResult(
        pairing,
        seed,
        decks,
        winner=decks[winners[0]] if len(winners) == 1 else None,
        turns=outcome.turns,
        decisions=decisions,
        turn_limited=outcome.reason == TURN_LIMIT_REASON,
        play_seconds=played,
        replay_seconds=replayed,
        replay_mismatch=mismatch,
    )


def _play_pairing(args: tuple[int, int, int, tuple[str, str], int]) -> list[GameResult]:
    pairing, first_seed, games, (deck_a, deck_b), max_turns = args
    return [
        play_one(
            pairing,
            first_seed + j,
            (deck_a, deck_b) if j % 2 == 0 else (deck_b, deck_a),
            max_turns,
        )
        for j in range(games)
    ]


@dataclass(slots=True)
class Standings:
    """Wins, draws and failures of one pairing."""

    decks: tuple[str, str]
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    turn_limited: int = 0
    failed: int = 0

    def add(self, result: GameResult) -> None:
        if result.error is not None:
            self.failed += 1
        elif result.winner is None:
            self.draws += 1
        else:
            self.wins[result.winner] = self.wins.get(result.winner, 0) + 1
        self.turn_limited += result.turn_limited

    def line(self) -> str:
        a, b = self.decks
        text = f"{a} {self.wins.get(a, 0)} - {self.wins.get(b, 0)} {b}, {self.draws} drawn"
        if self.turn_limited:
            text += f" ({self.turn_limited} at the turn limit)"
        if self.failed:
            text += f", {self.failed} FAILED"
        return text


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="tournament.py",
        description="Play every pair of decks against each other with random bots and "
        "replay every game.",
    )
    parser.add_argument(
        "--deck",
        action="append",
        metavar="DECK",
        help="a deck in the tournament (repeat; default: every m10: ready deck)",
    )
    parser.add_argument("--games", type=int, default=200, metavar="N", help="games a pairing")
    parser.add_argument("--seed", type=int, default=0, metavar="S", help="first game seed (0)")
    parser.add_argument(
        "--max-turns", type=int, default=200, metavar="T", help="a draw after T turns (200)"
    )
    parser.add_argument(
        "--jobs", type=int, default=1, metavar="J", help="pairings played in parallel (1)"
    )
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.max_turns < 1 or args.jobs < 1:
        parser.error("--games, --max-turns and --jobs must be at least 1")
    host = default_plugins()
    if args.deck is None:
        args.deck = [name for name in ready_decks(host) if name.startswith("m10:")]
    if len(set(args.deck)) < 2:
        parser.error("a tournament needs at least two different decks")
    try:
        for spec in args.deck:
            resolve_deck(spec, host)
    except (DecklistError, UnknownCardError) as error:
        parser.error(str(error))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    pairings = list(itertools.combinations(dict.fromkeys(args.deck), 2))
    tasks = [
        (p, args.seed + p * args.games, args.games, pair, args.max_turns)
        for p, pair in enumerate(pairings)
    ]
    total = len(pairings) * args.games
    show = sys.stderr.isatty() if args.progress is None else args.progress
    progress = GameProgress(total, enabled=show)
    results: list[GameResult] = []
    started = time.perf_counter()
    if args.jobs == 1:
        for task in tasks:
            results += _play_pairing(task)
            progress.update(len(results))
    else:
        with ProcessPoolExecutor(max_workers=min(args.jobs, os.cpu_count() or 1)) as pool:
            for batch in pool.map(_play_pairing, tasks):
                results += batch
                progress.update(len(results))
    wall = time.perf_counter() - started
    progress.close()

    standings = {p: Standings(pair) for p, pair in enumerate(pairings)}
    for result in results:
        standings[result.pairing].add(result)
    for p in standings:
        print(standings[p].line())
    errors = [r for r in results if r.error is not None]
    mismatches = [r for r in results if r.replay_mismatch is not None]
    for result in errors:
        print(f"\nseed {result.seed} {result.decks} raised:\n{result.error}", file=sys.stderr)
    for result in mismatches:
        print(f"\nseed {result.seed} {result.decks}: {result.replay_mismatch}", file=sys.stderr)
    played = [r for r in results if r.error is None]
    play_time = sum(r.play_seconds for r in played)
    replay_time = sum(r.replay_seconds for r in played)
    decisions = sum(r.decisions for r in played)
    turns = sum(r.turns for r in played)
    print(
        f"{len(results)} games, {len(errors)} errors, "
        f"{len(played) - len(mismatches)}/{len(played)} replays identical"
    )
    if played:
        print(
            f"play {len(played) / play_time:.1f} games/s ({decisions / play_time:,.0f} "
            f"decisions/s), replay {len(played) / replay_time:.1f} games/s, "
            f"{turns / len(played):.1f} turns/game; {wall:.0f} s wall with {args.jobs} job(s)"
        )
    return 1 if errors or mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())

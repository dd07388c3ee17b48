"""Soak run: many fuzzed games across every card set and variant, each replayed from its log.

Game ``i`` is fixed by the run's ``--seed S``: a generator seeded with ``S + i`` picks the
number of players (2 to 4), a variant that accepts that many (two_player or free_for_all),
each seat's deck (a ready deck, or 36 random cards of two random colours from every card
the installed sets define plus 24 basic lands) and each seat's bot (random or heuristic,
seeded from the game). So any game of a run can be played again from its number.

Each game is played with its log written to a file, then replayed from that file
(``manaweave.replay``), which must give the identical event stream. A game is counted as

* a **crash** when playing it raises,
* a **mismatch** when its replay differs (or the replay raises), or its log is incomplete
  or does not match the digest in its ``game_ended``,
* a **hang** when playing and replaying it take longer than ``--timeout`` seconds,
* a **bot error** when one of the built-in bots raised (it conceded; the log says so),

and the run goes on; it exits with status 1 if any game was one of these. The last lines
on stdout are the figures::

    10000 games: 0 crashes, 0 mismatches, 0 hangs; 1,234 at the turn limit
    CPU 2,345.6 s (play 1,400.2 s, replay 945.4 s), 4.3 games/s of CPU; 39.1 turns/game

Run from the repository root::

    .venv/bin/python bench/soak.py --games 10000 --jobs 2
    .venv/bin/python bench/soak.py --games 1 --seed 4711        # one game of a run again
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType

import trio
from _progress import GameProgress

from manaweave import new_game, play_game, replay
from manaweave.cards import CardDefinition
from manaweave.lowlevel import PluginHost, default_plugins, ready_decks
from manaweave.players import Player, RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
READY_DECK_SHARE = 0.3
"""The share of seats that play a ready deck; the others play a random deck."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the run, played and replayed."""

    number: int
    setup: str
    """Players, variant, decks and bots, in one line."""
    outcome: str = "ok"
    """``ok``, ``crash``, ``mismatch``, ``hang`` or ``bot error``."""
    detail: str = ""
    turns: int = 0
    turn_limited: bool = False
    play_cpu: float = 0.0
    replay_cpu: float = 0.0


class GameHung(Exception):
    """Raised by the timer when a game outlives ``--timeout``."""


@cache
def _host() -> PluginHost:
    return default_plugins()


@cache
def _pool() -> tuple[Mapping[str, CardDefinition], list[str], list[str]]:
    """Every card the installed sets define, the non-land ones (and Mystifying Maze, a
    land with an ability), and the ready decks."""
    cards = _host().cards
    pool = sorted(n for n, c in cards.items() if not c.is_land or n == "Mystifying Maze")
    return cards, pool, list(ready_decks(_host()))


def random_deck(rng: random.Random) -> tuple[list[str], str]:
    """36 random cards of two colours (at most four of each) and 24 basic lands, and the
    two colours."""
    cards, pool, _ = _pool()
    colours = "".join(sorted(rng.sample("WUBRG", 2), key="WUBRG".index))
    playable = [n for n in pool if set(cards[n].colors) <= set(colours)]
    deck: list[str] = []
    while len(deck) < 36:
        name = rng.choice(playable)
        if deck.count(name) < 4:
            deck.append(name)
    return deck + [BASICS[colours[0]]] * 12 + [BASICS[colours[1]]] * 12, colours


def game_setup(number: int, seed: int) -> tuple[str, list[str | list[str]], list[Player], str, int]:
    """Variant, decks, players, a description and the game seed of game ``number``."""
    game_seed = seed + number
    rng = random.Random(game_seed)
    count = rng.randint(2, 4)
    variant = "free_for_all" if count > 2 or rng.random() < 0.25 else "two_player"
    _, _, ready = _pool()
    decks: list[str | list[str]] = []
    described: list[str] = []
    for _ in range(count):
        if rng.random() < READY_DECK_SHARE:
            name = rng.choice(ready)
            decks.append(name)
            described.append(name)
        else:
            deck, colours = random_deck(rng)
            decks.append(deck)
            described.append(f"a random {colours} deck")
    players: list[Player] = []
    bots: list[str] = []
    for seat in range(count):
        bot_seed = game_seed * 10 + seat
        if rng.random() < 0.5:
            players.append(RandomBot(seed=bot_seed))
            bots.append("random")
        else:
            players.append(HeuristicBot(seed=bot_seed))
            bots.append("heuristic")
    setup = f"{variant}, " + ", ".join(
        f"{bot} with {deck}" for bot, deck in zip(bots, described, strict=True)
    )
    return variant, decks, players, setup, game_seed


_TIMER_FIRED: list[bool] = [False]
"""Whether the current game's timer went off: the exception it raises can land where
Python swallows it (a weakref callback run by the garbage collector), so the flag is what
decides that the game hung."""


def _on_timer(signum: int, frame: FrameType | None) -> None:
    _TIMER_FIRED[0] = True
    raise GameHung


def play_and_replay(task: tuple[int, int, int, float, str]) -> GameResult:
    """Play game ``number`` of the run, log it to a file in ``folder``, replay it."""
    number, seed, max_turns, timeout, folder = task
    variant, decks, players, setup, game_seed = game_setup(number, seed)
    log = Path(folder) / f"game-{number}.jsonl"
    signal.signal(signal.SIGALRM, _on_timer)
    started = time.process_time()
    played = started
    stage = "crash"
    _TIMER_FIRED[0] = False
    try:
        # Armed inside the try: a timer shorter than the next few lines still counts as
        # the game's hang, not as an error of the run.
        signal.setitimer(signal.ITIMER_REAL, timeout)
        game = new_game(
            decks=decks,
            players=players,
            seed=game_seed,
            variant=variant,
            log=log,
            max_turns=max_turns,
        )
        outcome = trio.run(play_game, game)
        played = time.process_time()
        stage = "mismatch"
        result = replay(log)
        replayed = time.process_time()
        if _TIMER_FIRED[0]:
            raise GameHung
    except GameHung:
        return GameResult(number, setup, "hang", f"still running after {timeout:g} s")
    except Exception as error:
        detail = "".join(traceback.format_exception_only(error)).strip()
        return GameResult(number, setup, stage, detail)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        log.unlink(missing_ok=True)
    if not result.identical:
        return GameResult(number, setup, "mismatch", str(result.mismatch))
    if result.incomplete or result.digest_problem is not None:
        # The log the engine wrote must be whole and match its own digest.
        problem = result.digest_problem or "the log has no game_ended"
        return GameResult(number, setup, "mismatch", problem)
    if raised := [e for e in game.log.records if e["event"] == "player_raised"]:
        # The built-in bots never raise: an exception from one is a bug, in the bot or in
        # what the engine handed it.
        first = raised[0]
        return GameResult(number, setup, "bot error", f"{first.get('error')} (seq {first['seq']})")
    return GameResult(
        number,
        setup,
        turns=outcome.turns,
        turn_limited=not outcome.winners and "turn" in (outcome.reason or ""),
        play_cpu=played - started,
        replay_cpu=replayed - played,
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="soak.py",
        description="Play fuzzed games across every card set and variant; replay each.",
    )
    parser.add_argument("--games", type=int, default=10_000, metavar="N", help="games (10000)")
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the run's seed (0); game i: S+i"
    )
    parser.add_argument(
        "--max-turns", type=int, default=60, metavar="T", help="a draw after T turns (60)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="a game still playing or replaying after this is a hang (120)",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="parallel games (1)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.max_turns < 1 or args.jobs < 1 or args.timeout <= 0:
        parser.error("--games, --max-turns, --jobs and --timeout must be positive")
    return args


def _results(args: argparse.Namespace, folder: str) -> Iterator[GameResult]:
    tasks = [(i, args.seed, args.max_turns, args.timeout, folder) for i in range(args.games)]
    if args.jobs == 1:
        yield from map(play_and_replay, tasks)
        return
    with ProcessPoolExecutor(max_workers=min(args.jobs, os.cpu_count() or 1)) as pool:
        yield from pool.map(play_and_replay, tasks, chunksize=4)


def _count(number: int, one: str, many: str | None = None) -> str:
    return f"{number:,} {one if number == 1 else many or one + 's'}"


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    progress = GameProgress(args.games, enabled=show)
    results: list[GameResult] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="manaweave-soak-") as folder:
        for result in _results(args, folder):
            results.append(result)
            progress.update(len(results))
            if result.outcome != "ok":
                print(
                    f"game {result.number} (--seed {args.seed + result.number} --games 1 "
                    f"plays it again): {result.outcome}: {result.detail} [{result.setup}]",
                    file=sys.stderr,
                )
    progress.close()
    wall = time.perf_counter() - started
    failed = {kind: sum(r.outcome == kind for r in results) for kind in ("crash", "mismatch")}
    hangs = sum(r.outcome == "hang" for r in results)
    bot_errors = sum(r.outcome == "bot error" for r in results)
    good = [r for r in results if r.outcome == "ok"]
    play_cpu = sum(r.play_cpu for r in good)
    replay_cpu = sum(r.replay_cpu for r in good)
    turns = sum(r.turns for r in good) / max(len(good), 1)
    limited = sum(r.turn_limited for r in good)
    print(
        f"{_count(len(results), 'game')}: {_count(failed['crash'], 'crash', 'crashes')}, "
        f"{_count(failed['mismatch'], 'mismatch', 'mismatches')}, {_count(hangs, 'hang')}, "
        f"{_count(bot_errors, 'bot error')}; "
        f"{limited:,} at the turn limit"
    )
    cpu = play_cpu + replay_cpu
    print(
        f"CPU {cpu:,.1f} s (play {play_cpu:,.1f} s, replay {replay_cpu:,.1f} s), "
        f"{len(good) / max(cpu, 1e-9):.1f} games/s of CPU; {turns:.1f} turns/game; "
        f"{wall:,.0f} s wall with {args.jobs} job(s)"
    )
    return 1 if failed["crash"] or failed["mismatch"] or hangs or bot_errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""What building a player's view costs: ``Game.view`` (through ``Decision.view``) at
every decision of real games, as a learning environment or a bot that reads the board
builds it.

Plays ``--games`` seeded games (seed ``S + i``) of two :class:`~manaweave.players.RandomBot`
with the learning environment's :data:`~manaweave.rl.DEFAULT_PREFERENCES`; at each decision
the deciding bot builds its view once before answering, and the time of that call alone is
summed (CPU time of the thread, which a busy machine disturbs less than the wall clock).
The games themselves are timed too, so the view can be set against a decision. The result
on stdout is one line::

    0.061 ms CPU a view (22.3 objects, 2.7 µs each); a decision 0.157 ms CPU without it

``--profile`` profiles the view building alone and prints the top functions to stderr.

Run from the repository root::

    .venv/bin/python bench/views.py --games 30
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from collections.abc import Sequence

import trio
from _progress import GameProgress

from manaweave import Choice, Decision, GameView, new_game, play_game
from manaweave.lowlevel import default_plugins
from manaweave.players import RandomBot
from manaweave.rl import DEFAULT_PREFERENCES

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")
MAX_TURNS = 200
PROFILE_TOP = 25


class Totals:
    """What the viewing bots measured, over every game."""

    views = 0
    objects = 0
    seconds = 0.0
    profiler: cProfile.Profile | None = None


def objects_in(view: GameView) -> int:
    """How many object views ``view`` holds."""
    count = len(view.battlefield) + len(view.stack) + len(view.exile)
    count += len(view.command) + len(view.hand)
    for player in view.players:
        count += len(player.graveyard) + len(player.revealed_hand or ())
        count += player.revealed_library_top is not None
    return count


class ViewingBot(RandomBot):
    """A random bot that builds its view at each decision, timed, before answering."""

    def pick(self, decision: Decision) -> Choice:
        clock = time.thread_time
        profiler = Totals.profiler
        if profiler is not None:
            profiler.enable()
        started = clock()
        view = decision.view
        Totals.seconds += clock() - started
        if profiler is not None:
            profiler.disable()
        Totals.views += 1
        Totals.objects += objects_in(view)
        return super().pick(decision)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=30, help="games to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--deck", action="append", help="a deck per seat (default: two M10)")
    parser.add_argument("--profile", action="store_true", help="profile the views (stderr)")
    parser.add_argument("--progress", dest="progress", action="store_true", default=None)
    parser.add_argument("--no-progress", dest="progress", action="store_false")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    decks = args.deck or list(DEFAULT_DECKS)
    host = default_plugins()
    progress = GameProgress(
        args.games, enabled=sys.stderr.isatty() if args.progress is None else args.progress
    )
    Totals.profiler = cProfile.Profile() if args.profile else None
    # What the set-up made lives as long as the process: frozen, so that full garbage
    # collections cost about the same wherever they fall (as in rl_steps.py).
    gc.collect()
    gc.freeze()
    game_cpu = 0.0
    try:
        for episode in range(args.games):
            bots = [ViewingBot(2 * episode + n, preferences=DEFAULT_PREFERENCES) for n in (1, 2)]
            game = new_game(
                decks=decks,
                players=bots,
                seed=args.seed + episode,
                max_turns=MAX_TURNS,
                decision_time_limit=None,
                seating="given",
                plugins=host,
            )
            started = time.thread_time()
            trio.run(play_game, game)
            game_cpu += time.thread_time() - started
            progress.update(episode + 1)
    finally:
        progress.close()
        gc.unfreeze()  # a caller running main() in its own process (a test) gets it back
    views = Totals.views
    print(
        f"{Totals.seconds / views * 1000:.3f} ms CPU a view "
        f"({Totals.objects / views:.1f} objects, "
        f"{Totals.seconds / Totals.objects * 1e6:.1f} µs each); "
        f"a decision {(game_cpu - Totals.seconds) / views * 1000:.3f} ms CPU without it; "
        f"{views} views"
    )
    if Totals.profiler is not None:
        stats = pstats.Stats(Totals.profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(PROFILE_TOP)
        stats.sort_stats("tottime").print_stats(PROFILE_TOP)
    return 0


if __name__ == "__main__":
    sys.exit(main())

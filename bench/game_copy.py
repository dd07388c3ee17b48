"""What a copy of a game costs (``Game.copy``), against what one priority decision costs.

Plays a seeded game of two M10 ready decks between random bots; at the first priority
decision of turn ``--turn`` (mid-game) it copies the game ``--copies`` times and times
each copy, then plays ``--rollouts`` of the copies to their end (a search's rollouts).
The cost of one priority decision is the whole game's time divided by its priority
decisions (what the engine does from one to the next), timed over the same game played
again with no copies. The one line on stdout is::

    copy 0.48 ms (median of 1000), 9.6x a priority decision (0.050 ms); rollout 21.3 ms

Run from the repository root::

    .venv/bin/python bench/game_copy.py
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Sequence

import trio

from manaweave import Choice, Decision, DecisionKind, new_game, play_game
from manaweave.lowlevel import Game
from manaweave.players import RandomBot

DECKS = ("m10:red-green", "m10:green-white")


class _Copier:
    """A random bot that, at the first priority decision of turn ``turn``, times copies."""

    decides_at_once = True

    def __init__(self, seed: int, turn: int, copies: int, rollouts: int) -> None:
        self.bot = RandomBot(seed)
        self.turn, self.copies, self.rollouts = turn, copies, rollouts
        self.game: Game | None = None
        self.copy_times: list[float] = []
        self.rollout_times: list[float] = []
        self.objects = 0

    async def decide(self, decision: Decision) -> Choice:
        game = self.game
        if (
            game is not None
            and not self.copy_times
            and decision.kind is DecisionKind.PRIORITY
            and game.turn >= self.turn
        ):
            self.objects = len(game.objects)
            players = [RandomBot(1), RandomBot(2)]
            for _ in range(self.copies):
                started = time.perf_counter()
                game.copy(players)
                self.copy_times.append(time.perf_counter() - started)
            for seed in range(self.rollouts):
                started = time.perf_counter()
                await play_game(game.copy([RandomBot(seed), RandomBot(seed + 1000)]))
                self.rollout_times.append(time.perf_counter() - started)
        return self.bot.pick(decision)


def _priority_decision_cost(seed: int) -> tuple[float, int]:
    """The time of one priority decision in the same game with no copies, and how many."""

    class Counting(RandomBot):
        priority = 0

        async def decide(self, decision: Decision) -> Choice:
            if decision.kind is DecisionKind.PRIORITY:
                Counting.priority += 1
            return self.pick(decision)

    players = [Counting(seed), Counting(seed + 1)]
    game = new_game(decks=list(DECKS), players=players, seed=seed)
    started = time.perf_counter()
    trio.run(play_game, game)
    elapsed = time.perf_counter() - started
    return elapsed / Counting.priority, Counting.priority


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3, help="the game's seed")
    parser.add_argument("--turn", type=int, default=8, help="copy at this turn's first priority")
    parser.add_argument("--copies", type=int, default=1000, help="copies to time")
    parser.add_argument("--rollouts", type=int, default=20, help="copies played to their end")
    args = parser.parse_args(argv)
    if args.copies < 1 or args.rollouts < 0:
        parser.error("--copies must be at least 1 and --rollouts at least 0")
    copier = _Copier(args.seed, args.turn, args.copies, args.rollouts)
    game = new_game(decks=list(DECKS), players=[copier, RandomBot(args.seed + 1)], seed=args.seed)
    copier.game = game
    trio.run(play_game, game)
    if not copier.copy_times:
        print(f"the game ended before turn {args.turn}", file=sys.stderr)
        return 1
    decision, count = _priority_decision_cost(args.seed)
    copy_time = statistics.median(copier.copy_times)
    rollout = statistics.median(copier.rollout_times) if copier.rollout_times else 0.0
    print(
        f"copy {copy_time * 1000:.2f} ms (median of {len(copier.copy_times)}, "
        f"{copier.objects} objects), {copy_time / decision:.1f}x a priority decision "
        f"({decision * 1000:.3f} ms, {count} in the game); rollout {rollout * 1000:.1f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How fast the search bot searches: iterations a second, decisions searched, time a
searched decision.

Plays ``--games`` seeded two-player games of the search bot (``MctsBot``, its default
budget unless told) against the heuristic bot, seats swapped from game to game, on two
M10 ready decks, and prints one line::

    mcts: 151 iterations/s, 18.2 searched decisions/game, 0.21 s/searched decision, 31 games

An iteration samples a game, plays the answer tried there, walks the tree and plays on
with the heuristic bot for ``depth`` turns. Run from the repository root::

    .venv/bin/python bench/mcts_iterations.py --games 10
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import trio

from manaweave import Choice, Decision, new_game, play_game
from manaweave.players import Player
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.plugins.bots.mcts_bot import MctsBot

DECKS = ("m10:red-green", "m10:green-white")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--iterations", type=int, default=32)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--max-turns", type=int, default=100)
    args = parser.parse_args(argv)
    iterations = searched = 0
    search_time = 0.0
    wins = 0
    for index in range(args.games):
        seed = args.seed + index
        bot = MctsBot(seed, iterations=args.iterations, depth=args.depth, seconds=3600)
        timed = _Timed(bot)
        seat = index % 2
        players: list[Player] = [HeuristicBot(seed), HeuristicBot(seed)]
        players[seat] = timed
        game = new_game(decks=list(DECKS), players=players, seed=seed, max_turns=args.max_turns)
        outcome = trio.run(play_game, game)
        wins += seat in outcome.winners
        iterations += bot.iterations_run
        searched += bot.searched
        search_time += timed.seconds
        print(
            f"game {index}: seed {seed}, mcts seat {seat}, winners {list(outcome.winners)}, "
            f"{bot.searched} searched, {bot.iterations_run} iterations, "
            f"{bot.tree_nodes} nodes, deepest {bot.deepest}",
            file=sys.stderr,
        )
    print(
        f"mcts: {iterations / search_time:.0f} iterations/s, "
        f"{searched / args.games:.1f} searched decisions/game, "
        f"{search_time / max(searched, 1):.2f} s/searched decision, "
        f"{wins}/{args.games} games won against the heuristic bot"
    )
    return 0


class _Timed:
    """The search bot, with the time its decisions take added up."""

    def __init__(self, bot: MctsBot) -> None:
        self.bot = bot
        self.preferences = bot.preferences
        self.seconds = 0.0

    async def decide(self, decision: Decision) -> Choice:
        started = time.perf_counter()
        try:
            return await self.bot.decide(decision)
        finally:
            self.seconds += time.perf_counter() - started


if __name__ == "__main__":
    sys.exit(main())

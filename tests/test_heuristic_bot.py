"""The heuristic bot (manaweave.plugins.bots.heuristic_bot), the example of docs/players.md:
it plays legally and beats the random bot."""

from __future__ import annotations

import re
from pathlib import Path

import trio

import manaweave
from manaweave.log import WALL_CLOCK_FIELDS
from manaweave.lowlevel import default_plugins
from manaweave.players import RandomBot
from manaweave.plugins.bots import heuristic_bot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot

ROOT = Path(__file__).resolve().parents[1]
PAIRS = [
    ("m10:red-green", "m10:green-white"),
    ("m10:white-weenie", "m10:red-burn"),
    ("m10:blue-black-control", "m10:green-ramp"),
    ("m10:white-blue-fliers", "m10:black-green-deathtouch"),
]


def test_the_heuristic_bot_beats_the_random_bot_in_most_games() -> None:
    wins = 0
    games = 0
    for seed in range(20):
        seat = seed % 2  # seats swapped every other game
        decks = PAIRS[(seed // 2) % len(PAIRS)]
        players = [RandomBot(seed=seed), RandomBot(seed=seed)]
        players[seat] = HeuristicBot(seed=seed)
        game = manaweave.new_game(decks=decks, players=players, seed=seed, max_turns=60)
        outcome = trio.run(manaweave.play_game, game)
        games += 1
        wins += seat in outcome.winners
        # It wins by playing, never by a refused answer or an exception.
        mistakes = [
            r
            for r in game.log.records
            if r["event"] in ("decision_rejected", "player_raised", "player_conceded")
        ]
        assert mistakes == [], (seed, mistakes)
    assert wins >= 14, f"won {wins} of {games}"


def test_the_heuristic_bot_is_deterministic() -> None:
    def log(seed: int) -> list[object]:
        game = manaweave.new_game(
            decks=PAIRS[0], players=[HeuristicBot(seed=1), HeuristicBot(seed=2)], seed=seed
        )
        trio.run(manaweave.play_game, game)
        return [
            # The digest of game_ended covers the latency_ms of every decision.
            {k: v for k, v in r.items() if k not in WALL_CLOCK_FIELDS}
            for r in game.log.records
            if r["event"] != "game_started"
        ]

    assert log(3) == log(3)


def test_the_heuristic_bot_is_registered_by_name() -> None:
    bot = default_plugins().bot("heuristic", seed=5)
    assert isinstance(bot, HeuristicBot)
    assert bot.seed == 5


def test_players_doc_shows_the_whole_heuristic_bot() -> None:
    # The doc's example is the shipped module itself, so neither can drift from the other.
    doc = (ROOT / "docs" / "players.md").read_text()
    source = Path(heuristic_bot.__file__).read_text()
    blocks = re.findall(r"```python\n(.*?)```", doc, flags=re.DOTALL)
    assert source in blocks

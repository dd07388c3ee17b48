"""The heuristic bot (manaweave.plugins.bots.heuristic_bot), the example of docs/players.md:
it plays legally and beats the random bot."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import trio

import manaweave
from manaweave import Step
from manaweave.log import WALL_CLOCK_FIELDS
from manaweave.lowlevel import default_plugins
from manaweave.players import RandomBot
from manaweave.plugins.bots import heuristic_bot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.testing import Scenario

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
            decks=PAIRS[0],
            players=[HeuristicBot(seed=1), HeuristicBot(seed=2)],
            seed=seed,
            seed_nonce="5eed" * 8,  # the same nonce: the same log
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


@pytest.mark.rules("704.5a", "120.3a")
@pytest.mark.cards("Lightning Bolt", "Craw Wurm")
def test_the_heuristic_bot_burns_the_face_when_it_is_lethal() -> None:
    """Lightning Bolt at a player at 3 life rather than at their biggest creature (704.5a);
    at 4 life, at the creature."""
    for life, aimed_at_player in ((3, True), (4, False)):
        s = Scenario(turn=3, step=Step.PRECOMBAT_MAIN)
        s.add(0, "battlefield", "Mountain")
        s.add(0, "hand", "Lightning Bolt")
        s.add(1, "battlefield", "Craw Wurm")
        s.life(1, life)
        bot = HeuristicBot()
        bot.casting = "Lightning Bolt deals 3 damage to any target."
        s.run(until=(3, Step.BEGINNING_OF_COMBAT))
        assert s.game is not None
        view = s.game.view(0)
        wurm = next(o for o in view.battlefield if o.name == "Craw Wurm")
        options = [
            manaweave.TargetOption(wurm.id, None, "Craw Wurm"),
            manaweave.TargetOption(None, 1, "P2"),
            manaweave.TargetOption(None, 0, "P1"),
        ]
        decision = manaweave.Decision(
            manaweave.DecisionKind.TARGET, 0, options, "?", _view=lambda v=view: v
        )
        choice = bot.answer(decision)
        assert choice is not None
        assert choice.indices == ((1,) if aimed_at_player else (0,))

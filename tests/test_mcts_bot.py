"""The search bot (``--bot mcts``): it searches its priority decisions over games sampled
from what it knows (400.2), plays whole games, and its games replay; the same seed and an
iteration budget give the same game."""

from __future__ import annotations

from typing import Any

import pytest
import trio

from manaweave import new_game, play_game, replay
from manaweave.log import PER_PLAY_FIELDS
from manaweave.lowlevel import Game, default_plugins
from manaweave.players import RandomBot
from manaweave.plugins.bots.mcts_bot import MctsBot, position_score

DECKS = ["m10:red-green", "m10:green-white"]


def _game(bot: MctsBot, seed: int = 3, max_turns: int = 8) -> Game:
    game = new_game(decks=DECKS, players=[bot, RandomBot(seed)], seed=seed, max_turns=max_turns)
    trio.run(play_game, game)
    return game


def _without_timing(game: Game) -> list[dict[str, Any]]:
    # Timing, and the nonce drawn for each play (with the commitment and game id).
    return [{k: v for k, v in r.items() if k not in PER_PLAY_FIELDS} for r in game.log.records]


@pytest.mark.rules("117.3", "400.2")
def test_the_search_bot_plays_a_game_that_replays() -> None:
    bot = MctsBot(1, iterations=6, depth=1, seconds=60)
    game = _game(bot)
    assert game.outcome is not None
    assert bot.searched > 0
    assert bot.iterations_run >= bot.searched
    result = replay(game.log.records)  # the sampled games left the real one alone
    assert result.identical, result.mismatch


@pytest.mark.rules("117.3", "400.2")
def test_the_search_grows_a_tree_over_its_own_later_decisions() -> None:
    """Below each searched decision, the bot's later decisions in the sampled games are
    nodes shared by every sampled game: iterations add nodes and go down through them."""
    bot = MctsBot(5, iterations=24, depth=1, seconds=60)
    _game(bot, seed=5, max_turns=6)
    assert bot.searched > 0
    assert 0 < bot.tree_nodes <= bot.iterations_run
    assert bot.deepest >= 2  # an iteration went through a node an earlier one added


@pytest.mark.rules("117.3")
def test_the_same_seed_and_budget_give_the_same_game() -> None:
    first = _game(MctsBot(2, iterations=4, depth=1, seconds=60))
    second = _game(MctsBot(2, iterations=4, depth=1, seconds=60))
    assert _without_timing(first) == _without_timing(second)


def test_the_search_bot_is_registered_and_refuses_a_bad_budget() -> None:
    assert default_plugins().bots["mcts"] is MctsBot
    for bad in ({"iterations": 0}, {"seconds": 0}, {"depth": 0}):
        with pytest.raises(ValueError, match="at least 1"):
            MctsBot(0, **bad)  # type: ignore[arg-type]


@pytest.mark.rules("119.1")
def test_the_position_score_favours_the_player_ahead() -> None:
    game = _game(MctsBot(4, iterations=2, depth=1, seconds=60), max_turns=6)
    ahead = position_score(game, 0)
    assert -1 < ahead < 1
    assert position_score(game, 1) == pytest.approx(-ahead)
    game.players[1].life -= 10
    assert position_score(game, 0) > ahead

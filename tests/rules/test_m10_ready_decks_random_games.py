"""Random games between the Magic 2010 ready decks, checked at every decision: each pair
of decks plays (in two-player and three-player games), no game raises, the game's
invariants hold whenever a player is asked anything (every card in exactly one zone,
nothing lost, 400.7), and each log replays identically. ``bench/tournament.py`` plays
many more games without the per-decision checks.
"""

from __future__ import annotations

import itertools

import orjson
import pytest
import trio
from _support import random_game_count
from test_invariants import _Checking, check_invariants

from manaweave import new_game, play_game, replay
from manaweave.lowlevel import PluginHost, ready_decks
from manaweave.players import RandomBot

READY = [name for name in ready_decks(PluginHost(autoload=False)) if name.startswith("m10:")]
PAIRS = list(itertools.combinations(READY, 2))
GAMES = random_game_count(len(PAIRS))


@pytest.mark.rules("100.2a", "103.1", "104.2a", "400.7")
@pytest.mark.parametrize("index", range(GAMES))
def test_ready_decks_play_each_other_keeping_every_invariant(index: int) -> None:
    decks = list(PAIRS[index % len(PAIRS)])
    if index % 4 == 3:
        decks.append(READY[index % len(READY)])  # a free-for-all game now and then
    checking = _Checking([60] * len(decks))
    game = new_game(
        decks=decks,
        players=[RandomBot(seed=index * 10 + i) for i in range(len(decks))],
        seed=index,
        plugins=PluginHost([checking], autoload=False),
        max_turns=60,
    )
    trio.run(play_game, game)
    check_invariants(game, [60] * len(decks))
    assert checking.checks > 0
    # The log as written (JSON), replayed with the same plugins.
    logged = [orjson.loads(orjson.dumps(record)) for record in game.log.records]
    result = replay(logged, plugins=PluginHost([_Checking([60] * len(decks))], autoload=False))
    assert result.identical, result.mismatch

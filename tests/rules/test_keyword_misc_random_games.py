"""Random games with decks full of haste, flash, hexproof, shroud, ward, lifelink and
indestructible (CR 702.8-702.21): random bots play them to the end without error, the
invariants hold at every decision, the keywords' rules show up in the logs, and the games
replay identically.
"""

from __future__ import annotations

import orjson
import pytest
import trio
from _misc_keyword_cards import MiscKeywordCards
from _support import random_game_count
from test_invariants import _Checking, check_invariants

from manaweave import UNCHECKED, new_game, play_game, replay
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot

KEYWORD_DECK = (
    ["Mountain"] * 6
    + ["Swamp"] * 6
    + ["Forest"] * 6
    + ["Plains"] * 4
    + ["Island"] * 4
    + ["Raging Goblin"] * 2
    + ["Test Hasty Pinger"] * 2
    + ["Briarpack Alpha"] * 2
    + ["Vedalken Orrery"]
    + ["Gladecover Scout"] * 2
    + ["Test Veil Knight"]
    + ["Argothian Enchantress"]
    + ["Test Warded Drake"] * 2
    + ["Test Blood Sentinel"] * 2
    + ["Test Hoarding Sentinel"]
    + ["Test Twin Warden"]
    + ["Child of Night"] * 2
    + ["Test Bloodthirsty Pinger"] * 2
    + ["Lifelink"]
    + ["Darksteel Myr"]
    + ["Test Darksteel Brute"] * 2
    + ["Test Aegis"]
    + ["Lightning Bolt"] * 2
    + ["Doom Blade"] * 2
    + ["Wrath of God"]
    + ["Giant Growth"]
)


def _random_game(seed: int) -> Game:
    sizes = [len(KEYWORD_DECK)] * 2
    host = PluginHost([_Checking(sizes), MiscKeywordCards()], autoload=False)
    game = new_game(
        decks=[list(KEYWORD_DECK), list(KEYWORD_DECK)],
        players=[RandomBot(seed=seed * 10 + i) for i in range(2)],
        seed=seed,
        plugins=host,
        deck_rules=UNCHECKED,  # a test deck: many copies of the cards it tests
        max_turns=40,
    )
    trio.run(play_game, game)
    check_invariants(game, sizes)
    return game


@pytest.mark.rules("702.21a", "702.15b", "702.12b", "702.10b", "702.8a")
def test_random_bots_play_keyword_decks_to_the_end_and_the_games_replay() -> None:
    games = [_random_game(seed) for seed in range(random_game_count(8))]
    records = [r for game in games for r in game.log.records]
    rules = {r.get("rule") for r in records}
    assert {"702.15b", "702.21a"} <= rules
    assert any(r["event"] == "ability_triggered" and r["text"].startswith("Ward") for r in records)
    for game in games:
        events = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
        assert events[-1]["event"] == "game_ended"
        host = PluginHost([_Checking([len(KEYWORD_DECK)] * 2), MiscKeywordCards()], autoload=False)
        result = replay(events, plugins=host)
        assert result.identical, result.mismatch

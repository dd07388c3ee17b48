"""Random games with decks full of intimidate, landwalk, costs to attack and block,
triggers on blocks and creatures put onto the battlefield attacking or blocking (CR
508.1h-j, 508.4, 509.1d-f, 509.3, 509.4, 702.13, 702.14): random bots play them to the
end without error and without a refused declaration, every block in the log obeys
intimidate and swampwalk (checked from the log), the invariants hold, and each game's
log replays identically.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest
import trio
from _more_combat_cards import MoreCombatCards
from _support import random_game_count
from test_combat_random_games import _names
from test_invariants import _Checking, check_invariants

from manaweave import UNCHECKED, new_game, play_game, replay
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot

DECK = (
    ["Plains"] * 6
    + ["Swamp"] * 6
    + ["Mountain"] * 6
    + ["Test Intimidator"] * 3
    + ["Test Bog Walker"] * 3
    + ["Test Hill Walker"] * 2
    + ["Test Inferno Elemental"] * 2
    + ["Test Tormentor"] * 2
    + ["Test Watchman"] * 2
    + ["Test Hero"] * 3
    + ["Test Captain"] * 2
    + ["Test Raider"] * 2
    + ["Test Ghostly Prison"] * 2
    + ["Test Cadence"] * 2
    + ["Test Blood Toll"]
    + ["Test Ambush"] * 2
    + ["Test Ambush Guard"] * 2
    + ["Goblin Piker"] * 2
    + ["Grizzly Bears"] * 2
)

RED = {"Test Intimidator", "Test Hill Walker", "Test Inferno Elemental", "Goblin Piker"}
GAMES = random_game_count(20)


def _host() -> PluginHost:
    return PluginHost([_Checking([len(DECK)] * 2), MoreCombatCards()], autoload=False)


def _random_game(seed: int) -> Game:
    game = new_game(
        decks=[DECK, DECK],
        players=[RandomBot(seed=seed * 10 + i) for i in range(2)],
        seed=seed,
        plugins=_host(),
        deck_rules=UNCHECKED,  # a test deck: many copies of the cards it tests
        max_turns=30,
    )
    trio.run(play_game, game)
    check_invariants(game, [len(DECK)] * 2)
    return game


def _check_blocks(records: list[dict[str, Any]], names: dict[int, str]) -> Counter[str]:
    """Intimidate (702.13b) and swampwalk (702.14c) from the log: no land leaves the
    battlefield in these games, so a player controls a Swamp once they have played one."""
    seen: Counter[str] = Counter()
    swamps: set[int] = set()
    for r in records:
        if r["event"] == "land_played" and r["card"] == "Swamp":
            swamps.add(r["player"])
        if r["event"] == "combat_cost_paid":
            seen["costs"] += 1
        if r["event"] in ("attacker_added", "blocker_added"):
            seen[r["event"]] += 1
        if r["event"] != "blockers_declared":
            continue
        for blocker, attacker in r["blockers"]:
            if names.get(attacker) == "Test Intimidator":
                assert names.get(blocker) in RED, r
                seen["intimidate"] += 1
            if names.get(attacker) == "Test Bog Walker":
                assert r["player"] not in swamps, r
                seen["swampwalk"] += 1
    return seen


@pytest.mark.rules("508.1h", "508.4", "509.1d", "509.3a", "509.4", "702.13b", "702.14c")
def test_random_games_with_evasion_costs_and_creatures_put_into_combat() -> None:
    games = [_random_game(seed) for seed in range(GAMES)]
    records = [r for game in games for r in game.log.records]
    events = Counter(r["event"] for r in records)
    assert events["decision_rejected"] == 0  # the bot's declarations are always legal
    seen: Counter[str] = Counter()
    for game in games:
        game_records = list(game.log.records)
        seen += _check_blocks(game_records, _names(game_records))
        logged = [orjson.loads(orjson.dumps(r)) for r in game_records]
        assert logged[-1]["event"] == "game_ended"
        result = replay(logged, plugins=_host())
        assert result.identical, result.mismatch
    assert seen["costs"]
    assert seen["attacker_added"]
    assert events["blockers_declared"] > GAMES

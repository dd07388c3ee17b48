"""Random games with decks full of combat keywords (CR 506-511, 702.2-702.20, 702.111):
random bots play them to the end without error, every declaration of blockers in the
log obeys the evasion and blocking restrictions (checked here from the log, not by the
engine's own rule), no random answer to a declaration is ever refused, the game's
invariants hold, and each game's log replays identically.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import orjson
import pytest
import trio
from _combat_cards import CombatCards
from _support import random_game_count
from test_invariants import _Checking, check_invariants

from manaweave import new_game, play_game, replay
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot

KEYWORD_DECK = (
    ["Plains"] * 8
    + ["Mountain"] * 8
    + ["Island"] * 8
    + ["Test Knight"] * 3
    + ["Test Double Knight"] * 3
    + ["Test Trampler"] * 3
    + ["Test Deathtouch Trampler"] * 3
    + ["Test Assassin"] * 2
    + ["Test Bird"] * 3
    + ["Test Spider"] * 3
    + ["Test Brute"] * 3
    + ["Test Flying Brute"] * 2
    + ["Test Wall"] * 2
    + ["Test Sentry"] * 2
    + ["Test Loner"] * 2
    + ["Test Berserker"] * 2
    + ["Test Guard"] * 2
    + ["Test Cloud Sprite"] * 2
    + ["Test Two-Headed Guard"] * 2
    + ["Test Quickness"] * 2
    + ["Test Doubling"] * 2
    + ["Test Dull Blade"] * 2
)

FLYING = {"Test Bird", "Test Flying Brute", "Test Cloud Sprite"}
REACH = {"Test Spider"}
MENACE = {"Test Brute", "Test Flying Brute"}
DEFENDER = {"Test Wall"}
BLOCKS_ONLY_FLYERS = {"Test Cloud Sprite"}
BLOCKS_TWO = {"Test Two-Headed Guard"}
GAMES = random_game_count(30)


def _random_game(seed: int) -> Game:
    sizes = [len(KEYWORD_DECK)] * 2
    host = PluginHost([_Checking(sizes), CombatCards()], autoload=False)
    game = new_game(
        decks=[KEYWORD_DECK, KEYWORD_DECK],
        players=[RandomBot(seed=seed * 10 + i) for i in range(2)],
        seed=seed,
        plugins=host,
        max_turns=30,
    )
    trio.run(play_game, game)
    check_invariants(game, sizes)
    return game


def _names(records: list[dict[str, Any]]) -> dict[int, str]:
    """Object id -> card name, from every event that names an object."""
    names: dict[int, str] = {}
    for r in records:
        for id_key, name_key in (
            ("object", "name"),
            ("source", "source_name"),
            ("new_object", "card"),  # a permanent entering: spells resolving, reanimation
        ):
            if isinstance(r.get(id_key), int) and isinstance(r.get(name_key), str):
                names[r[id_key]] = r[name_key]
    return names


def _check_combat(records: list[dict[str, Any]], names: dict[int, str]) -> Counter[str]:
    """Check every declaration against the restrictions; count the blocks that matter."""
    seen: Counter[str] = Counter()
    for r in records:
        if r["event"] == "attackers_declared":
            for attack in r["attackers"]:
                assert names.get(attack[0]) not in DEFENDER, r  # 702.3b
        if r["event"] != "blockers_declared":
            continue
        blockers_of: Counter[int] = Counter(attacker for _, attacker in r["blockers"])
        blocks_by: Counter[int] = Counter(blocker for blocker, _ in r["blockers"])
        for blocker, attacker in r["blockers"]:
            attacker_name, blocker_name = names.get(attacker), names.get(blocker)
            if attacker_name in FLYING:  # 702.9b
                assert blocker_name in FLYING | REACH, r
                seen["flying"] += 1
            if blocker_name in BLOCKS_ONLY_FLYERS:  # 509.1b
                assert attacker_name in FLYING, r
            if attacker_name in MENACE:  # 702.111b
                assert blockers_of[attacker] >= 2, r
                seen["menace"] += 1
            assert blocks_by[blocker] <= (2 if blocker_name in BLOCKS_TWO else 1), r  # 509.1a
            seen["blocks"] += 1
    return seen


@pytest.mark.rules("508.1c", "508.1d", "509.1a", "509.1b", "509.1c", "510.4", "702.19b")
def test_random_keyword_games_obey_combat_restrictions_and_replay_identically() -> None:
    games = [_random_game(seed) for seed in range(GAMES)]
    records = [r for game in games for r in game.log.records]
    events = Counter(r["event"] for r in records)
    assert events["blockers_declared"] > GAMES  # combats with blockers happened
    assert any(r["step"] == "first_strike_damage" for r in records if r["event"] == "step_began")
    assert events["decision_rejected"] == 0  # the bot's declarations are always legal
    seen: Counter[str] = Counter()
    for game in games:
        game_records = list(game.log.records)
        seen += _check_combat(game_records, _names(game_records))
        logged = [orjson.loads(orjson.dumps(r)) for r in game_records]
        assert logged[-1]["event"] == "game_ended"
        sizes = [len(KEYWORD_DECK)] * 2
        host = PluginHost([_Checking(sizes), CombatCards()], autoload=False)
        result = replay(logged, plugins=host)
        assert result.identical, result.mismatch
    # The games do put the restrictions to the test: flyers and menace were blocked.
    assert seen["flying"]
    assert seen["menace"]
    assert seen["blocks"] > GAMES

"""Where players sit (800.5): at random in Free-for-All (806.3) and Grand Melee (807.3),
in the order given elsewhere or when asked, or as listed; a replay seats them again."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
import trio

from manaweave import new_game, play_game, replay
from manaweave.lowlevel import Game
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white", "m10:white-blue-fliers", "m10:blue-black-control"]


def _game(
    seed: int, variant: str = "free_for_all", players: int = 4, **kwargs: Any
) -> tuple[Game, list[RandomBot]]:
    bots = [RandomBot(seed=i) for i in range(players)]
    game = new_game(
        decks=[DECKS[i % len(DECKS)] for i in range(players)],
        players=bots,
        seed=seed,
        variant=variant,
        max_turns=6,
        **kwargs,
    )
    return game, bots


@pytest.mark.rules("806.3", "800.5")
def test_free_for_all_seats_players_at_random_keeping_each_deck_with_its_player() -> None:
    seatings = set()
    for seed in range(8):
        game, bots = _game(seed)
        order = game.seating
        assert sorted(order) == [0, 1, 2, 3]
        seatings.add(order)
        started = game.log.records[0]
        for seat, position in enumerate(order):
            # The player given at that position sits there, with its deck.
            assert game.actors[seat] is bots[position]
            assert started["deck_names"][seat] == DECKS[position]
            assert started["players"][seat]["name"] == f"P{seat + 1}"
        assert started.get("seating", list(range(4))) == list(order)
        # The same seed seats them the same way.
        assert _game(seed)[0].seating == order
    assert len(seatings) > 1


@pytest.mark.rules("807.3")
def test_grand_melee_seats_players_at_random() -> None:
    assert len({_game(seed, "grand_melee", 10)[0].seating for seed in range(4)}) > 1


@pytest.mark.rules("800.5", "808.2")
@pytest.mark.parametrize(("variant", "players"), [("two_player", 2), ("team_vs_team", 4)])
def test_other_variants_seat_players_in_the_order_given(variant: str, players: int) -> None:
    for seed in range(4):
        game, bots = _game(seed, variant, players)
        assert game.seating == tuple(range(players))
        assert game.actors == bots
        assert "seating" not in game.log.records[0]


@pytest.mark.rules("800.5")
def test_seating_given_or_listed() -> None:
    game, bots = _game(3, seating="given")
    assert game.seating == (0, 1, 2, 3)
    game, bots = _game(3, seating=[2, 0, 3, 1])
    assert game.seating == (2, 0, 3, 1)
    assert game.actors == [bots[2], bots[0], bots[3], bots[1]]
    for bad in ([0, 1, 2], [0, 0, 1, 2], "random"):
        with pytest.raises(ValueError, match="seating must"):
            _game(3, seating=bad)


@pytest.mark.rules("806.3")
def test_given_names_stay_with_their_players() -> None:
    game, _ = _game(1, names=["Ann", "Bo", "Cy", "Di"])
    assert [p.name for p in game.players] == [["Ann", "Bo", "Cy", "Di"][i] for i in game.seating]


@pytest.mark.rules("806.3")
def test_a_randomly_seated_game_replays_identically() -> None:
    game, _ = _game(5)
    assert game.seating != (0, 1, 2, 3)
    trio.run(play_game, game)
    records = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
    result = replay(records)
    assert result.identical, result.mismatch

"""Rules tests for the Alternating Teams variant (CR 811): teams of equal size seated in
turn (811.1, 811.3), attacks only on opponents seated next to you (811.4) under the
attack options (811.2b), hands seen only by teammates seated next to each other (811.5),
and random games for each player count."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from _support import random_game_count

from manaweave import Step, new_game, replay, run
from manaweave.log import redact
from manaweave.lowlevel import Game
from manaweave.players import RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.testing import Scenario


def _game(players: int, **options: object) -> Game:
    return new_game(
        decks=["m10:red-green"] * players,
        players=[RandomBot(seed=i) for i in range(players)],
        variant="alternating_teams",
        options=options,
    )


def alternating(players: int = 6, **options: object) -> Scenario:
    """Six players in two teams by default: seats 0, 2, 4 against 1, 3, 5."""
    return Scenario(players=players, variant="alternating_teams", options=options)


@pytest.mark.rules("811.1", "811.3")
@pytest.mark.parametrize(
    ("players", "teams", "groups"),
    [
        (4, 2, [(0, 2), (1, 3)]),
        (6, 2, [(0, 2, 4), (1, 3, 5)]),
        (6, 3, [(0, 3), (1, 4), (2, 5)]),
        (8, 4, [(0, 4), (1, 5), (2, 6), (3, 7)]),
    ],
)
def test_seats_alternate_between_the_teams(
    players: int, teams: int, groups: list[tuple[int, ...]]
) -> None:
    game = _game(players, teams=teams)
    assert [team.members for team in game.teams] == groups
    for seat in range(players):
        # No one sits next to a teammate (811.3).
        neighbours = ((seat + 1) % players, (seat - 1) % players)
        assert all(game.is_opponent(seat, other) for other in neighbours)


@pytest.mark.rules("811.1")
@pytest.mark.parametrize(
    ("players", "teams", "message"),
    [
        (5, 2, "can't split 5 players into 2 teams of the same size"),
        (6, 4, "can't split 6 players into 4 teams of the same size"),
        (4, 4, "can't split 4 players into 4 teams of the same size with at least 2"),
        (3, 2, "is for 4 to 16 players, not 3"),
    ],
)
def test_impossible_counts_are_clear_errors(players: int, teams: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _game(players, teams=teams)


@pytest.mark.rules("811.2b", "811.2c")
def test_default_options() -> None:
    assert dict(_game(4).options) == {
        "teams": 2,
        "attack": "multiple",
        "deploy": False,
        "range_of_influence": 2,  # recommended (811.2a)
    }


@pytest.mark.rules("811.4", "811.2b", "802.1")
def test_only_opponents_seated_next_to_you_can_be_attacked() -> None:
    s = alternating()
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [s.can_attack("Grizzly Bears", p) for p in (1, 3, 5)] == [True, False, True]
    assert not any(s.can_attack("Grizzly Bears", p) for p in (2, 4))


@pytest.mark.rules("811.4", "811.2b", "803.1a", "803.1b")
@pytest.mark.parametrize(("attack", "allowed"), [("left", 1), ("right", 5)])
def test_attack_left_or_right_narrows_it_to_one_neighbour(attack: str, allowed: int) -> None:
    s = alternating(attack=attack)
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears", defender=allowed)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [p for p in (1, 3, 5) if s.can_attack("Grizzly Bears", p)] == [allowed]
    s.run(until=(1, Step.END))
    assert s.life(allowed) == 18


@pytest.mark.cards("Jace Beleren", "Liliana Vess")
@pytest.mark.rules("811.4", "508.1b")
def test_a_planeswalker_of_an_opponent_not_seated_next_to_you_cant_be_attacked() -> None:
    s = alternating()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(3, "battlefield", "Liliana Vess")
    s.add(5, "battlefield", "Jace Beleren")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.can_attack("Grizzly Bears", "Jace Beleren")
    assert not s.can_attack("Grizzly Bears", "Liliana Vess")


@pytest.mark.rules("811.4", "800.4")
def test_when_the_player_between_leaves_the_neighbours_change() -> None:
    # Player 1 leaves: player 0's left neighbour is now their teammate, player 2.
    s = alternating()
    s.add(0, "battlefield", "Grizzly Bears")
    s.concede(1)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [p for p in (3, 5) if s.can_attack("Grizzly Bears", p)] == [5]


@pytest.mark.rules("811.4", "803.1a", "800.4")
def test_attack_left_with_a_teammate_to_the_left_means_no_attack() -> None:
    s = alternating(attack="left")
    s.add(0, "battlefield", "Grizzly Bears")
    s.concede(1)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not any(s.can_attack("Grizzly Bears", p) for p in (2, 3, 4, 5))


@pytest.mark.rules("811.5", "400.2")
def test_teammates_see_hands_only_while_seated_next_to_each_other() -> None:
    s = alternating()
    s.add(2, "hand", "Lightning Bolt")
    s.concede(1, step=Step.BEGINNING_OF_COMBAT)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    assert game.view(0).player(2).revealed_hand is None  # player 1 sits between them
    assert game.view(0).player(1).revealed_hand is None  # an opponent's hand
    assert not game.variant.may_see_hand(game, 0, 2)
    s.run(until=(1, Step.DECLARE_ATTACKERS))
    hand = game.view(0).player(2).revealed_hand
    assert hand is not None
    assert [c.name for c in hand] == ["Lightning Bolt"]
    assert game.view(0).player(4).revealed_hand is None  # still two seats away
    assert game.view(0).teammates() == [2, 4]


@pytest.mark.rules("811.1", "811.2b", "811.4", "104.2c")
@pytest.mark.parametrize(("players", "teams"), [(4, 2), (6, 2), (6, 3), (8, 2), (8, 4)])
def test_random_games_finish_and_replay(players: int, teams: int, tmp_path: Path) -> None:
    decks = ["m10:red-green", "m10:green-white", "m10:blue-black-control", "m10:white-weenie"]
    for game_number in range(random_game_count(1)):
        sideways = "left" if (players + teams) % 2 else "right"
        for attack, deploy in (("multiple", False), (sideways, True)):
            seed = players * 10 + teams + game_number
            log = tmp_path / f"alt-{players}-{teams}-{attack}-{game_number}.jsonl"
            outcome = run(
                decks=[decks[i % len(decks)] for i in range(players)],
                players=[
                    HeuristicBot(seed=seed + i) if i % 2 else RandomBot(seed=seed + i)
                    for i in range(players)
                ],
                variant="alternating_teams",
                options={"teams": teams, "attack": attack, "deploy": deploy},
                seed=seed,
                max_turns=20,
                log=log,
            )
            assert outcome.turns <= 20
            result = replay(log)
            assert result.identical, result.mismatch


@pytest.mark.rules("811.5", "400.2")
def test_the_log_hides_a_teammates_hand_seated_apart(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    run(
        decks=["m10:red-green"] * 4,
        players=[RandomBot(seed=i) for i in range(4)],
        variant="alternating_teams",
        seed=1,
        max_turns=3,
        log=log,
    )
    records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
    seen = list(redact(records, 0))
    teammates_draws = [
        shown
        for record, shown in zip(records, seen, strict=True)
        if record.get("to_zone") == "hand" and record.get("player") == 2
    ]
    assert teammates_draws
    assert not any("card" in shown for shown in teammates_draws)

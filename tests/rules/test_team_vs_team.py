"""Rules tests for the Team vs. Team variant (CR 808): teams seated together, the
first player chosen from a random team (808.4), attack and deploy options (808.3), and
teammates reviewing each other's hands (808.5); random games for each player count."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from _support import random_game_count

from manaweave import Step, new_game, replay, run
from manaweave.log import is_public, redact
from manaweave.players import RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.testing import Scenario


def _game(players: int, **options: object) -> object:
    return new_game(
        decks=["m10:red-green"] * players,
        players=[RandomBot(seed=i) for i in range(players)],
        variant="team_vs_team",
        options=options,
    )


@pytest.mark.rules("808.1", "808.2")
@pytest.mark.parametrize(
    ("players", "teams", "groups"),
    [
        (2, 2, [(0,), (1,)]),
        (4, 2, [(0, 1), (2, 3)]),
        (5, 2, [(0, 1, 2), (3, 4)]),
        (6, 3, [(0, 1), (2, 3), (4, 5)]),
        (8, 3, [(0, 1, 2), (3, 4, 5), (6, 7)]),
        (8, 4, [(0, 1), (2, 3), (4, 5), (6, 7)]),
    ],
)
def test_teams_sit_together_in_consecutive_seats(
    players: int, teams: int, groups: list[tuple[int, ...]]
) -> None:
    game = new_game(
        decks=["m10:red-green"] * players,
        players=[RandomBot(seed=i) for i in range(players)],
        variant="team_vs_team",
        options={"teams": teams},
    )
    assert [team.members for team in game.teams] == groups
    assert game.log.records[0]["teams"] == [list(g) for g in groups]


@pytest.mark.rules("808.1")
def test_more_teams_than_players_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="can't seat 5 teams with 4 players"):
        _game(4, teams=5)


@pytest.mark.rules("808.1")
def test_one_team_is_not_a_game() -> None:
    with pytest.raises(ValueError, match="teams can't be 1"):
        _game(4, teams=1)


@pytest.mark.rules("808.3a", "808.3b")
def test_default_options() -> None:
    game = new_game(
        decks=["m10:red-green"] * 4,
        players=[RandomBot(seed=i) for i in range(4)],
        variant="team_vs_team",
    )
    assert dict(game.options) == {
        "teams": 2,
        "attack": "multiple",
        "deploy": False,
        "range_of_influence": None,  # usually not used (808.3b)
    }


@pytest.mark.rules("808.4")
@pytest.mark.parametrize(
    ("players", "teams", "first_players"),
    [
        (6, 2, {1, 4}),  # teams of three: their centre seats
        (4, 2, {1, 3}),  # teams of two: the seat to the left of the midpoint
        (7, 2, {2, 5}),  # a team of four (0-3) and one of three (4-6)
    ],
)
def test_the_first_player_is_the_centre_of_a_random_team(
    players: int, teams: int, first_players: set[int]
) -> None:
    chosen = set()
    for seed in range(12):
        game = new_game(
            decks=["m10:red-green"] * players,
            players=[RandomBot(seed=i) for i in range(players)],
            variant="team_vs_team",
            options={"teams": teams},
            seed=seed,
        )
        chosen.add(game.variant.choose_starting_player(game))
    assert chosen == first_players


@pytest.mark.rules("808.4", "103.1")
def test_the_game_starts_with_that_player(tmp_path: Path) -> None:
    log = tmp_path / "first.jsonl"
    run(
        decks=["m10:red-green"] * 6,
        players=[RandomBot(seed=i) for i in range(6)],
        variant="team_vs_team",
        seed=3,
        max_turns=1,
        log=log,
    )
    records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
    chosen = next(r for r in records if r["event"] == "starting_player_chosen")
    first_turn = next(r for r in records if r["event"] == "turn_began")
    assert chosen["player"] in (1, 4)
    assert first_turn["player"] == chosen["player"]


@pytest.mark.rules("808.3a", "802.1", "102.3")
def test_each_player_attacks_any_opponent_but_no_teammate() -> None:
    s = Scenario(players=4, variant="team_vs_team")
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears", defender=2)
    s.attack(0, "Runeclaw Bear", defender=3)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.can_attack("Grizzly Bears", 1)
    s.run(until=(1, Step.END))
    assert [s.life(p) for p in range(4)] == [20, 20, 18, 18]


@pytest.mark.rules("808.5", "400.2")
def test_teammates_see_each_others_hands_but_not_the_opponents() -> None:
    s = Scenario(players=4, variant="team_vs_team")
    s.add(1, "hand", "Lightning Bolt")
    s.add(2, "hand", "Giant Growth")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.game is not None
    view = s.game.view(0)
    teammate = view.player(1).revealed_hand
    assert teammate is not None
    assert [c.name for c in teammate] == ["Lightning Bolt"]
    assert view.player(2).revealed_hand is None
    assert view.player(3).revealed_hand is None
    assert (view.teammates(), view.opponents()) == ([1], [2, 3])
    assert [p.team for p in view.players] == [0, 0, 1, 1]
    assert s.game.view(2).player(3).revealed_hand is not None


@pytest.mark.rules("104.2c", "808.1")
def test_the_last_team_standing_wins() -> None:
    s = Scenario(players=4, variant="team_vs_team")
    s.concede(2)
    s.concede(3)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)


@pytest.mark.rules("808.1", "808.3", "104.2c")
@pytest.mark.parametrize("players", range(2, 9))
def test_random_games_finish_and_replay(players: int, tmp_path: Path) -> None:
    decks = ["m10:red-green", "m10:green-white", "m10:blue-black-control", "m10:white-weenie"]
    teams = 2 if players < 6 else 3
    for game_number in range(random_game_count(1)):
        # Each count plays without options and with them: attack left or right (by
        # count) and deploy on.
        sideways = "left" if players % 2 else "right"
        for attack, deploy in (("multiple", False), (sideways, True)):
            seed = players * 100 + game_number
            log = tmp_path / f"tvt-{players}-{attack}-{game_number}.jsonl"
            outcome = run(
                decks=[decks[i % len(decks)] for i in range(players)],
                players=[
                    HeuristicBot(seed=seed + i) if i % 2 else RandomBot(seed=seed + i)
                    for i in range(players)
                ],
                variant="team_vs_team",
                options={"teams": min(teams, players), "attack": attack, "deploy": deploy},
                seed=seed,
                max_turns=20,
                log=log,
            )
            assert outcome.turns <= 20
            result = replay(log)
            assert result.identical, result.mismatch


@pytest.mark.rules("808.5", "400.2")
def test_the_log_shows_a_player_the_cards_of_their_teammates_hand(tmp_path: Path) -> None:
    log = tmp_path / "hands.jsonl"
    run(
        decks=["m10:red-green"] * 4,
        players=[RandomBot(seed=i) for i in range(4)],
        variant="team_vs_team",
        seed=1,
        max_turns=3,
        log=log,
    )
    records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
    seen = list(redact(records, 0))
    drawn = [
        (record, shown)
        for record, shown in zip(records, seen, strict=True)
        if record.get("to_zone") == "hand" and not is_public(record, 4)
    ]
    by_owner = {owner: [shown for r, shown in drawn if r["player"] == owner] for owner in range(4)}
    assert all(by_owner.values())
    for owner in (0, 1):  # their own and their teammate's
        assert all("card" in shown for shown in by_owner[owner])
    for owner in (2, 3):
        assert not any("card" in shown for shown in by_owner[owner])

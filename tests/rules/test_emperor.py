"""Rules tests for the Emperor variant (CR 809): teams of three seated together, each
with its emperor in the middle (seats 0-1-2 and 3-4-5 in a six-player game, emperors 1
and 4); emperors have a range of influence of 2 and generals of 1 (809.3a); creatures can
be deployed (809.3b); a player attacks only an opponent seated next to them (809.3c); a
random emperor goes first (809.4); a team wins and loses with its emperor (809.5).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from _support import first

from manaweave import Step, new_game, replay, run
from manaweave.log import read_records
from manaweave.players import RandomBot
from manaweave.testing import Scenario, ScenarioError

DEPLOY = "Target teammate gains control"


def emperor(players: int = 6, **kwargs: object) -> Scenario:
    return Scenario(players=players, variant="emperor", **kwargs)  # type: ignore[arg-type]


@pytest.mark.rules("809.1", "809.2")
def test_teams_of_three_sit_together_with_the_emperor_in_the_middle() -> None:
    s = emperor().run(until=(1, Step.PRECOMBAT_MAIN))
    game = s.game
    assert [team.members for team in game.teams] == [(0, 1, 2), (3, 4, 5)]
    variant = game.variant
    assert [p for p in range(6) if variant.is_emperor(game, p)] == [1, 4]  # type: ignore[attr-defined]


@pytest.mark.rules("809.3a", "801.2")
def test_emperors_have_range_two_and_generals_range_one() -> None:
    s = emperor().run(until=(1, Step.PRECOMBAT_MAIN))
    game = s.game
    assert [game.variant.range_of_influence(game, p) for p in range(6)] == [1, 2, 1, 1, 2, 1]
    # The emperor reaches both opposing generals, not the opposing emperor.
    assert game.in_range(1, 3)
    assert game.in_range(1, 5)
    assert not game.in_range(1, 4)


@pytest.mark.rules("809.6", "809.6a")
def test_bigger_teams_get_the_ranges_of_the_example() -> None:
    # 809.6a: two teams of four, general 1, emperor, general 2, general 3: the emperors
    # have range 3, each general 2 range 2, generals 1 and 3 range 1.
    s = emperor(players=8, options={"team_size": 4}).run(until=(1, Step.PRECOMBAT_MAIN))
    game = s.game
    assert [team.members for team in game.teams] == [(0, 1, 2, 3), (4, 5, 6, 7)]
    assert [game.variant.range_of_influence(game, p) for p in range(8)] == [1, 3, 2, 1] * 2


@pytest.mark.rules("809.1", "809.6")
@pytest.mark.parametrize(
    ("players", "options"), [(5, {}), (7, {}), (3, {}), (8, {}), (9, {"team_size": 4})]
)
def test_teams_must_be_equal_and_at_least_two(players: int, options: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="the emperor variant is for two or more teams of"):
        new_game(
            decks=["m10:red-green"] * players,
            players=[RandomBot(seed=i) for i in range(players)],
            variant="emperor",
            options=options,
        )


@pytest.mark.rules("809.3c")
def test_an_emperor_cannot_attack_at_the_start() -> None:
    # 809.3c's example: neither emperor can attack any opponent, though both opposing
    # generals are within range.
    s = emperor(active=1)
    s.add(1, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.can_attack("Grizzly Bears")


@pytest.mark.rules("809.3c", "801.3")
def test_a_general_attacks_only_the_opponent_next_to_them() -> None:
    s = emperor(active=2)
    s.add(2, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.can_attack("Grizzly Bears", 3)
    assert not s.can_attack("Grizzly Bears", 4)
    assert not s.can_attack("Grizzly Bears", 5)


@pytest.mark.cards("Lava Axe")
@pytest.mark.rules("809.3a", "801.4")
def test_an_emperor_can_target_an_opposing_general_but_not_the_emperor() -> None:
    s = emperor(active=1)
    s.add(1, "battlefield", *["Mountain"] * 5)
    s.add(1, "hand", "Lava Axe")
    s.cast(1, "Lava Axe", targets=["P4"])  # seat 3, two seats away
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.life(3) == 15
    blocked = emperor(active=1)
    blocked.add(1, "battlefield", *["Mountain"] * 5)
    blocked.add(1, "hand", "Lava Axe")
    blocked.cast(1, "Lava Axe", targets=["P5"])  # the opposing emperor, three seats away
    with pytest.raises(ScenarioError, match="not a legal target"):
        blocked.run()


@pytest.mark.rules("809.3b", "804.2")
def test_creatures_can_be_deployed_to_a_teammate() -> None:
    s = emperor(active=1)
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(1, "Grizzly Bears", text=DEPLOY, targets=["P3"])
    s.run(until=(1, Step.END))
    assert s.permanent("Grizzly Bears").controller == 2  # now the general can attack with it


@pytest.mark.rules("809.4")
def test_an_emperor_goes_first() -> None:
    for seed in range(6):
        game = new_game(
            decks=["m10:red-green"] * 6,
            players=[RandomBot(seed=i) for i in range(6)],
            variant="emperor",
            seed=seed,
        )
        assert game.variant.choose_starting_player(game) in (1, 4)


@pytest.mark.rules("809.5b", "104.3")
def test_a_general_who_loses_leaves_alone() -> None:
    s = emperor()
    s.concede(3)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.outcome is None
    assert [p.has_left for p in s.game.players] == [False, False, False, True, False, False]


@pytest.mark.rules("809.5a", "809.5b", "104.2c")
def test_a_team_loses_with_its_emperor() -> None:
    s = emperor()
    s.concede(4)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1, 2)
    assert [p for p, _ in s.outcome.losers] == [4, 3, 5]
    assert first(s, "player_lost", player=3)["rule"] == "809.5b"


@pytest.mark.rules("809.1", "809.5", "800.4")
@pytest.mark.parametrize(("players", "team_size"), [(6, 3), (9, 3), (8, 4)])
def test_random_emperor_games_finish_and_replay(
    players: int, team_size: int, tmp_path: Path
) -> None:
    log = tmp_path / "emperor.jsonl"
    outcome = run(
        decks=["m10:red-green", "m10:green-white"] * (players // 2)
        + ["m10:red-burn"] * (players % 2),
        players=[RandomBot(seed=players * 10 + i) for i in range(players)],
        variant="emperor",
        options={"team_size": team_size},
        seed=players,
        max_turns=40,
        log=log,
    )
    if outcome.winners:
        teams = {w // team_size for w in outcome.winners}
        assert len(teams) == 1
    if not outcome.losers:  # every seat still taken: each attack is on a neighbour (809.3c)
        declared = [r for r in read_records(log) if r["event"] == "attackers_declared"]
        for record in declared:
            for _creature, defender in record["attackers"]:
                assert (defender - record["player"]) % players in (1, players - 1)
                assert defender // team_size != record["player"] // team_size
    result = replay(log)
    assert result.identical, result.mismatch

"""Rules tests for teams and variant options as the core gives them to every variant
(CR 102.3, 104.2c, 800.2, 810.4, 810.8a, 810.9, 810.10).

The variant here is the tests' own, so that they check the core's mechanisms and not one
built-in variant: four players in two teams of two (seats 0-1 and 2-3), with an option
saying whether the teams share a life total and poison counters and lose together.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

import orjson
import pytest
from _support import first

from manaweave import Step, hookimpl, new_game, replay, run
from manaweave.log import narrate
from manaweave.lowlevel import Game, PluginHost, Team, Variant, VariantOption
from manaweave.players import RandomBot
from manaweave.testing import Scenario


class Pairs(Variant):
    """Two teams of two: seats 0 and 1 against 2 and 3."""

    name = "test_pairs"
    min_players = 4
    max_players = 4
    options = (
        VariantOption("shared", bool, False, "810.4", "teams share life and poison"),
        VariantOption("bonus_life", int, 0, "103.4", "extra starting life", minimum=0, maximum=9),
        VariantOption("style", str, "plain", "800.2", "a word", choices=("plain", "fancy")),
    )

    def seat_teams(self, players: int, options: Mapping[str, object]) -> Sequence[Sequence[int]]:
        return [(0, 1), (2, 3)]

    def starting_life(self, game: Game, player: int) -> int:
        shared = bool(game.options["shared"])
        return (30 if shared else 20) + int(game.options["bonus_life"] or 0)

    def also_lose(self, game: Game, player: int) -> Sequence[int]:
        return game.teammates(player) if game.options["shared"] else ()

    def poison_to_lose(self, game: Game, team: Team) -> int:
        return 15 if game.options["shared"] else 10


class SharedPairs(Pairs):
    """The same, with a life total and poison counters each team shares."""

    name = "test_shared_pairs"
    shares_team_totals = True


class PairsPlugin:
    @hookimpl
    def mw_variants(self) -> list[Variant]:
        return [Pairs(), SharedPairs()]


def pairs(shared: bool = False, **kwargs: object) -> Scenario:
    return Scenario(
        players=4,
        variant="test_shared_pairs" if shared else "test_pairs",
        options={"shared": shared},
        plugins=[PairsPlugin()],
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.rules("102.3")
def test_teammates_are_not_opponents() -> None:
    s = pairs().run()
    game = s.game
    assert game.teammates(0) == [1]
    assert game.opponents(0) == [2, 3]
    assert game.opponents(3) == [0, 1]
    assert game.is_opponent(1, 2)
    assert not game.is_opponent(2, 3)
    assert [team.members for team in game.teams] == [(0, 1), (2, 3)]
    assert game.team_of(1).name == "Team 1"


@pytest.mark.cards("Underworld Dreams")
@pytest.mark.rules("102.3", "603.2")
def test_an_opponent_trigger_ignores_a_teammate() -> None:
    # Underworld Dreams: "Whenever an opponent draws a card" - player 1's draw on their
    # turn is a teammate's, player 2's an opponent's.
    s = pairs(turn=1, step=Step.UPKEEP, active=1)
    s.add(0, "battlefield", "Underworld Dreams")
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.life(1) == 20
    assert s.life(2) == 19


@pytest.mark.rules("104.2c", "104.3")
def test_a_team_wins_when_every_other_team_has_left() -> None:
    s = pairs()
    s.concede(2)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.outcome is None  # player 3 still plays for their team
    s.concede(3, step=Step.BEGINNING_OF_COMBAT)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)


@pytest.mark.cards("Lava Axe")
@pytest.mark.rules("810.4", "810.9", "810.9a")
def test_damage_to_one_player_is_applied_to_the_shared_total() -> None:
    s = pairs(shared=True)
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P3"])
    s.run()
    assert (s.life(2), s.life(3)) == (25, 25)  # the team's total, read by either
    assert (s.life(0), s.life(1)) == (30, 30)
    changed = first(s, "life_changed")
    assert (changed["player"], changed["delta"], changed["life"]) == (2, -5, 25)


@pytest.mark.rules("810.8a", "810.8c", "104.2c")
def test_a_team_that_shares_its_fate_loses_together() -> None:
    s = pairs(shared=True)
    s.life(3, 3)
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P3"])
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)
    assert {player for player, _ in s.outcome.losers} == {2, 3}


@pytest.mark.rules("810.8b", "104.3a")
def test_a_concession_takes_a_fate_sharing_team_out() -> None:
    s = pairs(shared=True)
    s.concede(0)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (2, 3)
    assert [p for p, _ in s.outcome.losers] == [0, 1]
    lost = [e for e in s.events("player_lost") if e["player"] == 1]
    assert lost[0]["reason"] == "P1's team lost"


@pytest.mark.rules("810.10", "810.10a", "810.8d")
def test_shared_poison_counters_count_for_the_team() -> None:
    # Poison counters are given to each player and counted for the team; the team loses
    # at its variant's number (here fifteen), not at ten.
    s = pairs(shared=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    game.give_poison_counters(2, 9)
    game.give_poison_counters(3, 5)
    assert game.players[2].poison == game.players[3].poison == 14
    s.run(until=(1, Step.DECLARE_ATTACKERS))
    assert s.outcome is None
    game.give_poison_counters(3, 1)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)
    assert first(s, "player_lost")["rule"] == "810.8d"


# --- options ------------------------------------------------------------------------------


def _game(**kwargs: object) -> Game:
    return new_game(
        decks=["m10:red-green"] * 4,
        players=[RandomBot(seed=i) for i in range(4)],
        variant="test-pairs",
        plugins=PluginHost([PairsPlugin()]),
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.rules("800.2")
def test_options_take_their_defaults_and_are_recorded() -> None:
    game = _game(options={"bonus-life": 3})
    assert dict(game.options) == {"shared": False, "bonus_life": 3, "style": "plain"}
    started = game.log.records[0]
    assert started["options"] == {"shared": False, "bonus_life": 3, "style": "plain"}
    assert started["teams"] == [[0, 1], [2, 3]]
    assert started["variant"] == "test_pairs"


@pytest.mark.rules("800.2")
@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"bonus_lif": 1}, "no option 'bonus_lif' .did you mean bonus_life..; its options: shared"),
        ({"bonus_life": 12}, "bonus_life can't be 12; it takes a whole number from 0 to 9"),
        ({"bonus_life": True}, "bonus_life can't be True"),
        ({"style": "odd"}, "style can't be 'odd'; it takes one of plain, fancy"),
        ({"shared": None}, "shared can't be turned off"),
    ],
)
def test_a_bad_option_is_a_clear_error(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _game(options=options)


@pytest.mark.rules("800.2")
def test_options_must_be_a_mapping() -> None:
    with pytest.raises(TypeError, match="options must be a mapping"):
        _game(options=[("shared", True)])


@pytest.mark.rules("800.2", "810.4")
def test_a_game_with_options_replays_identically(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    run(
        decks=["m10:red-green", "m10:green-white"] * 2,
        players=[RandomBot(seed=i) for i in range(4)],
        seed=5,
        variant="test_shared_pairs",
        options={"shared": True, "bonus_life": 2},
        plugins=PluginHost([PairsPlugin()]),
        log=log,
        max_turns=12,
    )
    started = orjson.loads(log.read_bytes().splitlines()[0])
    assert started["options"]["bonus_life"] == 2
    result = replay(log, plugins=PluginHost([PairsPlugin()]))
    assert result.identical, result.mismatch


@pytest.mark.rules("102.3", "104.2c")
def test_the_play_by_play_names_the_teams() -> None:
    s = pairs(shared=True)
    s.concede(2)
    s.run()
    lines = list(narrate(s.events()))
    assert "Team 1: P1, P2; Team 2: P3, P4" in lines[0]
    assert "shared=true" in lines[0]
    assert lines[-1].startswith("Team 1 (P1, P2) wins after 1 turn (conceded)")

"""Rules tests for the Two-Headed Giant variant (CR 810, with the shared team turns
option of 805 and the multiplayer rules of 800 it uses).

Scenario tests play seats 0-1 (Team 1) against 2-3 (Team 2); whole games check the start
of the game (the team mulligan, the starting team's skipped draw) and random games of
four, six and eight players that end and replay identically.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import trio
from _support import first
from test_game_start import DECK, Mulliganer

from manaweave import DecisionKind, Step, new_game, play_game, replay, run
from manaweave.log import narrate
from manaweave.lowlevel import Game, PluginHost, ready_decks
from manaweave.players import RandomBot
from manaweave.testing import DecisionRecorder, Scenario

VARIANT = "two_headed_giant"


def giant(players: int = 4, **kwargs: object) -> Scenario:
    return Scenario(players=players, variant=VARIANT, **kwargs)  # type: ignore[arg-type]


def started(
    players: list[Mulliganer], *, seed: int = 0, max_turns: int = 0
) -> tuple[Game, DecisionRecorder]:
    """A whole game of Two-Headed Giant, started and played ``max_turns`` turns."""
    decisions = DecisionRecorder()
    game = new_game(
        decks=[DECK] * len(players),
        players=list(players),
        seed=seed,
        max_turns=max_turns,
        variant=VARIANT,
        plugins=PluginHost([decisions], autoload=False),
    )
    outcome = trio.run(play_game, game)
    assert outcome.reason == "turn limit reached"
    return game, decisions


# --- setting up ---------------------------------------------------------------------------


@pytest.mark.rules("810.1", "810.3", "810.4", "805.2")
def test_two_teams_of_two_sit_together_and_share_thirty_life() -> None:
    s = giant().run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    assert [team.members for team in game.teams] == [(0, 1), (2, 3)]
    assert [s.life(p) for p in range(4)] == [30, 30, 30, 30]
    assert game.players[0].totals is game.players[1].totals
    assert game.players[0].totals is not game.players[2].totals
    assert [game.primary_player(team) for team in game.teams] == [0, 2]
    assert game.shared_team_turns


@pytest.mark.rules("810.11", "810.4", "810.8d")
@pytest.mark.parametrize(("players", "life", "poison"), [(4, 30, 15), (6, 45, 20), (8, 60, 25)])
def test_bigger_teams_start_with_more_life_and_lose_to_more_poison(
    players: int, life: int, poison: int
) -> None:
    s = giant(players).run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    size = players // 2
    assert [team.members for team in game.teams] == [
        tuple(range(size)),
        tuple(range(size, players)),
    ]
    assert s.life(0) == s.life(players - 1) == life
    assert game.variant.poison_to_lose(game, game.teams[0]) == poison


@pytest.mark.rules("810.1", "810.11")
@pytest.mark.parametrize(
    ("players", "message"),
    [(2, "for 4 to 8 players"), (5, "even number"), (10, "for 4 to 8 players")],
)
def test_a_player_count_the_variant_cannot_seat_is_an_error(players: int, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        new_game(
            decks=["m10:red-green"] * players,
            players=[RandomBot(seed=i) for i in range(players)],
            variant=VARIANT,
        )


# --- the start of the game ----------------------------------------------------------------


@pytest.mark.rules("805.3", "805.3a", "103.5", "800.6")
def test_the_starting_team_declares_mulligans_first_and_all_are_taken_at_once() -> None:
    game, decisions = started([Mulliganer(1), Mulliganer(0), Mulliganer(1), Mulliganer(2)])
    first_team = game.team_of(game.starting_player)
    declared = [asked.player for asked in decisions.of_kind(DecisionKind.MULLIGAN)]
    order = game.turn_order_from(game.starting_player)
    # Everybody declares, the starting team first (805.3a); then those who took one
    # declare again, in the same order.
    assert declared[:4] == order
    assert set(declared[:2]) == set(first_team.members)
    assert declared[4:] == [p for p in order if p in (0, 2, 3)] + [3]
    taken = [e for e in game.log.records if e["event"] == "mulligan_taken"]
    declared_seqs = [
        e["seq"]
        for e in game.log.records
        if e["event"] == "decision_made" and e["kind"] == "mulligan"
    ]
    # The first round's mulligans are taken after every player has declared.
    assert all(t["seq"] > declared_seqs[3] for t in taken)
    # The first mulligan is free (800.6): seven cards and nothing on the bottom.
    assert len(game.players[0].hand) == 7
    assert len(game.players[3].hand) == 6


@pytest.mark.rules("810.6", "103.8b", "800.7", "805.4b")
def test_only_the_starting_team_skips_its_first_draw() -> None:
    game, _ = started([Mulliganer() for _ in range(4)], seed=3, max_turns=2)
    starting = game.team_of(game.starting_player)
    drawn = [
        (e["turn"], e["player"])
        for e in game.log.records
        if e["event"] == "card_drawn" and e["turn"] > 0
    ]
    other = next(team for team in game.teams if team is not starting)
    assert drawn == [(2, p) for p in other.members]
    assert [e["player"] for e in game.log.records if e["event"] == "turn_began"] == [
        game.primary_player(starting),
        game.primary_player(other),
    ]


# --- combat and the shared life total -----------------------------------------------------


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear", "Craw Wurm")
@pytest.mark.rules("810.7", "805.10a", "805.10d", "810.9", "510.2")
def test_combat_damage_to_both_players_is_applied_to_the_team_total() -> None:
    s = giant(turn=2, step=Step.BEGINNING_OF_COMBAT)
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.add(3, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears", defender=2)
    s.attack(0, "Craw Wurm", defender=3)
    s.attack(1, "Runeclaw Bear", defender=2)
    # Player 3's creature blocks a creature attacking player 2, their teammate.
    s.block(3, "Grizzly Bears", "Runeclaw Bear")
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(2) == s.life(3) == 30 - 2 - 6
    assert s.life(0) == 30
    assert [e["delta"] for e in s.events("life_changed")] == [-2, -6]


@pytest.mark.cards("Lava Axe", "Mountain")
@pytest.mark.rules("810.8a", "810.8c", "104.2c", "704.5a")
def test_a_team_at_zero_life_loses_together_and_the_other_team_wins() -> None:
    s = giant(turn=2)
    s.life(3, 5)
    s.add(1, "battlefield", *["Mountain"] * 5)
    s.add(1, "hand", "Lava Axe")
    s.cast(1, "Lava Axe", targets=["P3"])
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)
    assert sorted(player for player, _ in s.outcome.losers) == [2, 3]


@pytest.mark.rules("810.8b", "104.3a")
def test_a_player_who_concedes_takes_their_team_out() -> None:
    s = giant(turn=2)
    s.concede(3)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)
    assert first(s, "player_lost", player=2)["rule"] == "810.8a"


@pytest.mark.rules("810.10", "810.10a", "810.8d", "704.5c")
def test_the_team_shares_poison_counters_and_loses_at_fifteen() -> None:
    s = giant(turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    game = s.game
    assert game is not None
    game.give_poison_counters(2, 10)
    game.give_poison_counters(3, 4)
    assert game.players[2].poison == game.players[3].poison == 14
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.outcome is None  # ten counters are not enough for a team
    game.give_poison_counters(3, 1)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)
    assert first(s, "player_lost")["rule"] == "810.8d"


@pytest.mark.cards("Ajani Goldmane")
@pytest.mark.rules("810.9a", "810.9")
def test_an_effect_that_reads_a_players_life_total_reads_the_teams() -> None:
    # Ajani's Avatar: "power and toughness are each equal to your life total": the
    # total player 1 shares with player 0.
    s = giant(turn=2)
    s.life(0, 27)
    s.add(1, "battlefield", "Ajani Goldmane", loyalty=6)
    s.activate(1, "Ajani Goldmane", text="[−6]")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    assert s.power("Avatar Token") == s.toughness("Avatar Token") == 27


@pytest.mark.cards("Lava Axe", "Mountain")
@pytest.mark.rules("810.9", "810.4")
def test_the_play_by_play_names_the_team_whose_life_changes() -> None:
    s = giant(turn=2)
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P4"])
    s.run(until=(3, Step.UPKEEP))
    lines = list(narrate(s.events()))
    assert "  Team 2 (P3, P4) is at 25 life." in lines
    assert "--- Turn 3: Team 2 (P3, P4) ---" in lines


# --- whole games --------------------------------------------------------------------------

READY = [name for name in ready_decks(PluginHost(autoload=False)) if name.startswith("m10:")]


@pytest.mark.rules("810.1", "810.11", "805.4", "805.10", "104.2c")
@pytest.mark.parametrize(("players", "seed"), [(4, 1), (6, 2), (8, 3)])
def test_random_games_end_and_replay_identically(players: int, seed: int, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    outcome = run(
        decks=[READY[(seed + i) % len(READY)] for i in range(players)],
        players=[RandomBot(seed=seed * 10 + i) for i in range(players)],
        variant=VARIANT,
        seed=seed,
        max_turns=80,
        log=log,
    )
    assert outcome.winners, outcome.reason
    # The winners are one whole team, the losers the other (810.8a).
    size = players // 2
    assert sorted(outcome.winners) in (list(range(size)), list(range(size, players)))
    assert len(outcome.losers) == size
    result = replay(log)
    assert result.identical, result.mismatch

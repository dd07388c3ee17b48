"""Rules tests for the attack options (CR 802, 803) as any variant offers them, and for
combat against several defending players (802.2a, 802.4, 802.5).

The attack option is ``attack``: ``multiple`` (802), ``left`` (803.1a) or ``right``
(803.1b). Seats are in the order of the players; the player to a player's left is the
next seat (101.4).
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from _support import first

from manaweave import DecisionKind, Step, replay, run
from manaweave.lowlevel import player_to_left, player_to_right, seated_next_to
from manaweave.players import RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.testing import Scenario, ScenarioError


def free_for_all(attack: str, players: int = 4, **kwargs: object) -> Scenario:
    return Scenario(
        players=players,
        variant="free_for_all",
        options={"attack": attack},
        **kwargs,  # type: ignore[arg-type]
    )


def teams(attack: str, **kwargs: object) -> Scenario:
    """Four players in two teams seated together: seats 0-1 against 2-3 (808.2)."""
    return Scenario(
        players=4,
        variant="team_vs_team",
        options={"attack": attack},
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.rules("806.2b", "802.1")
def test_free_for_all_attacks_multiple_players_by_default() -> None:
    s = Scenario(players=4, variant="free_for_all").run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.game is not None
    assert s.game.options["attack"] == "multiple"


@pytest.mark.rules("802.1", "802.3")
def test_attack_multiple_lets_each_creature_attack_any_opponent() -> None:
    s = free_for_all("multiple")
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [s.can_attack("Grizzly Bears", p) for p in (1, 2, 3)] == [True, True, True]


@pytest.mark.rules("803.1a", "101.4")
def test_attack_left_allows_only_the_next_seat() -> None:
    s = free_for_all("left")
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [s.can_attack("Grizzly Bears", p) for p in (1, 2, 3)] == [True, False, False]


@pytest.mark.rules("803.1b", "101.4")
def test_attack_right_allows_only_the_previous_seat() -> None:
    s = free_for_all("right")
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [s.can_attack("Grizzly Bears", p) for p in (1, 2, 3)] == [False, False, True]


@pytest.mark.rules("803.1b")
def test_attacking_a_player_the_option_forbids_is_refused() -> None:
    s = free_for_all("right")
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears", defender=1)
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot attack as scripted"):
        s.run()


@pytest.mark.rules("803.1a", "506.2")
def test_attack_left_plays_out() -> None:
    s = free_for_all("left")
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears", defender=1)
    s.run(until=(1, Step.END))
    assert [s.life(p) for p in range(4)] == [20, 18, 20, 20]


@pytest.mark.cards("Jace Beleren", "Garruk Wildspeaker")
@pytest.mark.rules("803.1a", "803.1b", "508.1b")
def test_only_the_planeswalkers_of_the_player_one_may_attack_can_be_attacked() -> None:
    s = free_for_all("left")
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Jace Beleren")
    s.add(3, "battlefield", "Garruk Wildspeaker")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.can_attack("Grizzly Bears", "Jace Beleren")
    assert not s.can_attack("Grizzly Bears", "Garruk Wildspeaker")


@pytest.mark.rules("803.1a", "102.3")
def test_a_teammate_to_the_left_means_no_attack() -> None:
    # Seats 0 and 1 are a team: player 0's nearest opponent to the left (player 2) is
    # two seats away, so player 0 can't attack at all; player 1 may attack player 2.
    s = teams("left", turn=2, active=1)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    assert not any(s.can_attack("Grizzly Bears", p) for p in (1, 2, 3))
    assert [s.can_attack("Runeclaw Bear", p) for p in (0, 2, 3)] == [False, True, False]


@pytest.mark.rules("803.1b", "102.3")
def test_a_teammate_to_the_right_means_no_attack() -> None:
    s = teams("right")
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert [s.can_attack("Grizzly Bears", p) for p in (1, 2, 3)] == [False, False, True]
    assert not any(s.can_attack("Runeclaw Bear", p) for p in (0, 2, 3))


@pytest.mark.rules("803.1a", "800.4", "101.4")
def test_the_player_to_the_left_is_the_next_one_still_in_the_game() -> None:
    s = free_for_all("left")
    s.add(0, "battlefield", "Grizzly Bears")
    s.concede(1)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    assert player_to_left(game, 0) == 2
    assert player_to_right(game, 2) == 0
    assert seated_next_to(game, 0) == [2, 3]
    assert [s.can_attack("Grizzly Bears", p) for p in (2, 3)] == [True, False]


@pytest.mark.rules("101.4")
def test_with_two_players_left_each_sits_on_both_sides_of_the_other() -> None:
    s = free_for_all("left", players=3)
    s.concede(2)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    assert player_to_left(game, 0) == player_to_right(game, 0) == 1
    assert seated_next_to(game, 1) == [0]


@pytest.mark.rules("802.4", "101.4")
def test_defending_players_declare_blockers_in_apnap_order() -> None:
    # Player 2 is active: the defending players block in turn order from them, 3 then 0.
    s = free_for_all("multiple", turn=3, active=2)
    s.add(2, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(0, "battlefield", "Centaur Courser")
    s.add(3, "battlefield", "Craw Wurm")
    s.attack(2, "Grizzly Bears", defender=0, turn=3)
    s.attack(2, "Runeclaw Bear", defender=3, turn=3)
    s.block(0, "Centaur Courser", "Grizzly Bears", turn=3)
    s.block(3, "Craw Wurm", "Runeclaw Bear", turn=3)
    s.run(until=(3, Step.END))
    assert [e["player"] for e in s.events("blockers_declared")] == [3, 0]
    assert sorted(s.graveyard(2)) == ["Grizzly Bears", "Runeclaw Bear"]


@pytest.mark.cards("Bog Wraith")
@pytest.mark.rules("802.2a", "702.14c")
@pytest.mark.parametrize(("wraith_attacks", "blockable"), [(1, True), (2, False)])
def test_defending_player_means_the_player_each_creature_attacks(
    wraith_attacks: int, blockable: bool
) -> None:
    # Swampwalk looks at the defending player of the Bog Wraith, the player it attacks:
    # player 2 controls a Swamp, player 1 doesn't, and both are defending players.
    s = free_for_all("multiple", players=3)
    s.add(0, "battlefield", "Bog Wraith", "Grizzly Bears")
    s.add(1, "battlefield", "Centaur Courser")
    s.add(2, "battlefield", "Swamp", "Craw Wurm")
    s.attack(0, "Bog Wraith", defender=wraith_attacks)
    s.attack(0, "Grizzly Bears", defender=3 - wraith_attacks)
    s.run(until=(1, Step.DECLARE_BLOCKERS))
    blocker = "Centaur Courser" if wraith_attacks == 1 else "Craw Wurm"
    assert s.can_block(blocker, "Bog Wraith") is blockable


@pytest.mark.cards("Wall of Frost", "Runeclaw Bear")
@pytest.mark.rules("802.4a", "509.1a")
def test_a_creature_can_block_only_creatures_attacking_its_controller() -> None:
    # P1 attacks P2 and P3: P2's Wall can block the Bears attacking P2, not the Runeclaw
    # Bear attacking P3, and P3's Wurm the other way round; the declarations agree.
    s = free_for_all("multiple", players=3)
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Wall of Frost")
    s.add(2, "battlefield", "Craw Wurm")
    s.attack(0, "Grizzly Bears", defender=1)
    s.attack(0, "Runeclaw Bear", defender=2)
    s.run(until=(1, Step.DECLARE_BLOCKERS))
    assert s.can_block("Wall of Frost", "Grizzly Bears")
    assert not s.can_block("Wall of Frost", "Runeclaw Bear")
    assert s.can_block("Craw Wurm", "Runeclaw Bear")
    assert not s.can_block("Craw Wurm", "Grizzly Bears")
    s.run(until=(1, Step.COMBAT_DAMAGE))
    asked = {d.player: d for d in s.decisions.of_kind(DecisionKind.BLOCKERS)}
    assert [str(o) for o in asked[1].options] == ["Wall of Frost blocks Grizzly Bears"]
    assert [str(o) for o in asked[2].options] == ["Craw Wurm blocks Runeclaw Bear"]


@pytest.mark.rules("802.5", "510.2")
def test_combat_damage_to_several_players_is_dealt_at_once() -> None:
    s = free_for_all("multiple", players=3)
    s.add(0, "battlefield", "Grizzly Bears", "Centaur Courser")
    s.attack(0, "Grizzly Bears", defender=1)
    s.attack(0, "Centaur Courser", defender=2)
    s.run(until=(1, Step.END))
    assert (s.life(1), s.life(2)) == (18, 17)
    assigned = first(s, "combat_damage_assigned")["assignments"]
    assert len(assigned) == 2  # one assignment for the step, both players in it


@pytest.mark.rules("806.2b", "802.1", "803.1a", "803.1b")
@pytest.mark.parametrize("players", [3, 5, 8])
def test_random_free_for_all_games_with_each_attack_option_replay(
    players: int, tmp_path: Path
) -> None:
    decks = ["m10:red-green", "m10:green-white", "m10:white-weenie"]
    for attack in ("multiple", "left", "right"):
        seed = players * 7 + len(attack)
        log = tmp_path / f"ffa-{players}-{attack}.jsonl"
        run(
            decks=[decks[i % len(decks)] for i in range(players)],
            players=[
                HeuristicBot(seed=seed + i) if i % 2 else RandomBot(seed=seed + i)
                for i in range(players)
            ],
            variant="free_for_all",
            options={"attack": attack},
            seed=seed,
            max_turns=16,
            log=log,
        )
        records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
        gone: set[int] = set()
        step = {"multiple": 0, "left": 1, "right": -1}[attack]
        for record in records:
            if record["event"] == "player_lost":
                gone.add(record["player"])
            if record["event"] == "attackers_declared" and step:
                # Every creature attacks the next (or previous) player still in the game.
                attacker = record["player"]
                seats = ((attacker + step * d) % players for d in range(1, players))
                neighbour = next(seat for seat in seats if seat not in gone)
                assert {attack[1] for attack in record["attackers"]} <= {neighbour}
        result = replay(log)
        assert result.identical, result.mismatch

"""Rules tests for the shared team turns option (CR 805) as the core gives it to every
variant that switches it on.

The variant here is the tests' own, so that they check the core's mechanism and not one
built-in variant: four players in two teams of two (seats 0-1 and 2-3), each player
with their own life total, the teams taking shared turns.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest
from _players import AttacksOnce
from _support import first

from manaweave import DecisionKind, Step, hookimpl, new_game
from manaweave.lowlevel import PluginHost, Variant
from manaweave.players import RandomBot
from manaweave.testing import Scenario


class TeamTurns(Variant):
    """Two teams of two, seats 0-1 against 2-3, taking shared team turns."""

    name = "test_team_turns"
    min_players = 4
    max_players = 4
    shared_team_turns = True

    def seat_teams(self, players: int, options: Mapping[str, object]) -> Sequence[Sequence[int]]:
        return [(0, 1), (2, 3)]


class ApartTeams(TeamTurns):
    """Teammates who don't sit side by side: seats 0 and 2 against 1 and 3."""

    name = "test_apart_teams"

    def seat_teams(self, players: int, options: Mapping[str, object]) -> Sequence[Sequence[int]]:
        return [(0, 2), (1, 3)]


class TeamTurnsPlugin:
    @hookimpl
    def mw_variants(self) -> list[Variant]:
        return [TeamTurns(), ApartTeams()]


def teams(**kwargs: object) -> Scenario:
    return Scenario(players=4, variant="test_team_turns", plugins=[TeamTurnsPlugin()], **kwargs)  # type: ignore[arg-type]


def priority_order(s: Scenario, turn: int, step: Step) -> list[int]:
    return [asked.player for asked in s.decisions.priority(turn=turn, step=step)]


@pytest.mark.rules("805.4", "805.4a", "805.9")
def test_the_teams_take_turns_in_turn_order() -> None:
    s = teams(turn=1, step=Step.UPKEEP)
    s.run(until=(4, Step.UPKEEP))
    game = s.game
    assert game is not None
    began = [e["player"] for e in s.events("turn_began")]
    # Each turn is a team's, named by its primary player (805.2, 805.9).
    assert began == [0, 2, 0, 2]
    assert game.active_team is game.teams[1]
    assert game.active_players == [2, 3]
    assert game.is_active(3)
    assert not game.is_active(1)


@pytest.mark.rules("805.4b", "805.6a", "504.1")
def test_each_player_of_the_active_team_draws_in_its_draw_step() -> None:
    s = teams(turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    drawn = [e["player"] for e in s.events("card_drawn") if e["turn"] == 2]
    assert drawn == [0, 1]  # the team's players in its order; the other team doesn't


@pytest.mark.cards("Forest")
@pytest.mark.rules("805.4c", "305.2")
def test_each_player_of_the_active_team_may_play_a_land() -> None:
    s = teams(turn=2)
    for player in range(4):
        s.add(player, "hand", "Forest", "Forest")
    s.play_land(0, "Forest")
    s.play_land(1, "Forest")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    assert s.battlefield(0) == ["Forest"]
    assert s.battlefield(1) == ["Forest"]
    assert not s.can_play_land(0, "Forest")  # one land each (305.2)
    assert not s.can_play_land(2, "Forest")  # not their team's turn


@pytest.mark.cards("Forest")
@pytest.mark.rules("805.4", "502.3")
def test_each_player_of_the_active_team_untaps() -> None:
    s = teams(turn=2, step=Step.UNTAP)
    for player in range(4):
        s.add(player, "battlefield", "Forest", tapped=True)
    s.run(until=(2, Step.UPKEEP))
    game = s.game
    assert game is not None
    tapped = {p.controller: p.tapped for p in game.battlefield}
    assert tapped == {0: False, 1: False, 2: True, 3: True}


@pytest.mark.rules("805.5", "805.5b", "117.3d")
def test_a_team_holds_priority_and_all_teams_pass_to_end_the_step() -> None:
    s = teams(turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    assert priority_order(s, 2, Step.UPKEEP) == [0, 1, 2, 3]
    asked = s.decisions.priority(turn=2, step=Step.UPKEEP)[0]
    assert first(s, "decision_made", kind="priority")["player"] == asked.player


@pytest.mark.cards("Lightning Bolt", "Mountain")
@pytest.mark.rules("805.5", "805.5a", "805.5b", "117.3b", "117.3c")
def test_a_teammate_who_acts_keeps_priority_for_the_team() -> None:
    # Player 1 (the team's second player) casts an instant: they get priority again,
    # then their teammate, then the other team; after it resolves the active team's
    # primary player receives priority first.
    s = teams(turn=2, step=Step.UPKEEP)
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["P3"])
    s.run(until=(2, Step.DRAW))
    assert priority_order(s, 2, Step.UPKEEP) == [0, 1, 1, 0, 2, 3, 0, 1, 2, 3]
    assert s.life(2) == 17


@pytest.mark.cards("Divination", "Island")
@pytest.mark.rules("805.4", "307.1")
def test_a_teammate_may_cast_sorceries_in_the_teams_main_phase() -> None:
    s = teams(turn=2)
    for player in (1, 2):
        s.add(player, "battlefield", "Island", "Island", "Island")
        s.add(player, "hand", "Divination")
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.can_cast(1, "Divination")
    assert not s.can_cast(2, "Divination")


@pytest.mark.cards("Master of the Wild Hunt")
@pytest.mark.rules("805.4d", "805.7", "805.2", "603.3b")
def test_your_upkeep_triggers_for_each_player_and_the_primary_player_orders_them() -> None:
    s = teams(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Master of the Wild Hunt")
    s.add(1, "battlefield", "Master of the Wild Hunt")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Master of the Wild Hunt", "Master of the Wild Hunt")
    s.run(until=(2, Step.DRAW))
    # "At the beginning of your upkeep" is each team member's upkeep (805.4d).
    assert s.battlefield(0).count("Wolf Token") == 1
    assert s.battlefield(1).count("Wolf Token") == 1
    # The team puts its players' triggered abilities on the stack together, in the
    # order its primary player chooses (805.7, 805.2).
    (order,) = s.decisions.of_kind(DecisionKind.TRIGGER_ORDER)
    assert order.player == 0
    assert len(order.options) == 2


@pytest.mark.cards("Howling Mine", "Ball Lightning")
@pytest.mark.rules("805.4d", "603.2b")
def test_each_players_step_triggers_once_per_player_only_if_it_refers_to_that_player() -> None:
    s = teams(turn=2, step=Step.UPKEEP)
    s.add(2, "battlefield", "Howling Mine")
    s.add(0, "battlefield", "Ball Lightning")
    # The other team's primary player orders its two triggers (805.7).
    s.choose(2, DecisionKind.TRIGGER_ORDER, "Howling Mine", "Howling Mine")
    s.run(until=(3, Step.UPKEEP))
    drawn = [e["player"] for e in s.events("card_drawn") if e["turn"] == 2]
    # Howling Mine: "that player draws an additional card": once for each player.
    assert sorted(drawn) == [0, 0, 1, 1]
    # Ball Lightning: "at the beginning of the end step": the step begins once.
    triggered = [e for e in s.events("ability_triggered") if e["card"] == "Ball Lightning"]
    assert len(triggered) == 1
    assert "Ball Lightning" in s.graveyard(0)


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear", "Craw Wurm")
@pytest.mark.rules("805.10a", "805.10b", "805.10d", "509.1a")
def test_the_teams_attack_and_block_as_teams() -> None:
    s = teams(turn=2, step=Step.BEGINNING_OF_COMBAT)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.add(2, "battlefield", "Craw Wurm")
    s.attack(0, "Grizzly Bears", defender=2)
    s.attack(1, "Runeclaw Bear", defender=3)
    # Player 2's creature blocks a creature attacking their teammate (805.10d).
    s.block(2, "Craw Wurm", "Runeclaw Bear")
    s.run(until=(2, Step.END_OF_COMBAT))
    declared = s.events("attackers_declared")
    assert [e["player"] for e in declared] == [0, 1]  # each attacking player in turn
    assert s.life(2) == 18
    assert s.life(3) == 20
    assert "Runeclaw Bear" in s.graveyard(1)


@pytest.mark.cards("Grizzly Bears", "Craw Wurm")
@pytest.mark.rules("805.10d")
def test_a_defending_player_may_block_a_creature_attacking_a_teammate() -> None:
    s = teams(turn=2, step=Step.DECLARE_ATTACKERS)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Craw Wurm")
    s.attack(0, "Grizzly Bears", defender=3)
    s.run(until=(2, Step.DECLARE_BLOCKERS))
    assert s.can_block("Craw Wurm", "Grizzly Bears")
    s.run(until=(2, Step.COMBAT_DAMAGE))
    # Player 2 is asked about blocking the creature attacking player 3, and player 3
    # (with no creature) is not asked.
    (asked,) = s.decisions.of_kind(DecisionKind.BLOCKERS)
    assert asked.player == 2
    assert len(asked.options) == 1


@pytest.mark.cards("Grizzly Bears", "Plains")
@pytest.mark.rules("805.10a", "805.10d", "509.4", "509.4a")
def test_a_creature_put_onto_the_battlefield_blocking_may_block_one_attacking_a_teammate() -> None:
    from rules._more_combat_cards import MoreCombatCards

    s = Scenario(
        players=4,
        variant="test_team_turns",
        plugins=[TeamTurnsPlugin(), MoreCombatCards()],
        turn=2,
        step=Step.DECLARE_ATTACKERS,
    )
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Plains")
    s.add(2, "hand", "Test Ambush Guard")
    s.attack(0, "Grizzly Bears", defender=3)
    s.cast(2, "Test Ambush Guard", step=Step.DECLARE_BLOCKERS)
    s.run(until=(2, Step.COMBAT_DAMAGE))
    added = first(s, "blocker_added")
    assert added["player"] == 2
    assert added["attacker"] == s.permanent("Grizzly Bears").id
    assert s.life(3) == 20


@pytest.mark.cards("Time Warp", "Island")
@pytest.mark.rules("805.8", "500.7")
def test_an_extra_turn_for_a_player_is_their_teams() -> None:
    s = teams(turn=2)
    s.add(1, "battlefield", *["Island"] * 5)
    s.add(1, "hand", "Time Warp")
    s.cast(1, "Time Warp", targets=["P2"])
    s.run(until=(4, Step.UPKEEP))
    began = [e["player"] for e in s.events("turn_began")]
    assert began == [0, 0, 2]  # the team's extra turn, then the other team's


@pytest.mark.rules("805.8", "614.10")
def test_a_skip_for_one_player_skips_the_teams_step() -> None:
    s = teams(turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.UPKEEP))
    game = s.game
    assert game is not None
    game.skip_next(1, "draw step", source=0)
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert [e for e in s.events("card_drawn") if e["turn"] == 2] == []
    assert first(s, "skipped")["rule"] == "805.8"


@pytest.mark.rules("805.1")
def test_shared_team_turns_need_teammates_in_adjacent_seats() -> None:
    with pytest.raises(ValueError, match=r"adjacent seats \(805.1\)"):
        new_game(
            decks=["m10:red-green"] * 4,
            players=[RandomBot(seed=i) for i in range(4)],
            variant="test_apart_teams",
            plugins=PluginHost([TeamTurnsPlugin()]),
        )


@pytest.mark.cards("Jackal Familiar", "Grizzly Bears")
@pytest.mark.rules("805.10b", "508.1c")
def test_the_teams_attack_is_legal_as_a_whole() -> None:
    # Jackal Familiar can't attack alone; its controller's teammate attacks too, so the
    # team's combined attack is legal.
    s = teams(turn=2, step=Step.BEGINNING_OF_COMBAT)
    s.add(0, "battlefield", "Jackal Familiar")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Jackal Familiar", defender=2)
    s.attack(1, "Grizzly Bears", defender=3)
    s.run(until=(2, Step.END_OF_COMBAT))
    assert (s.life(2), s.life(3)) == (18, 18)
    assert s.events("team_declaration_rejected") == []


@pytest.mark.cards("Jackal Familiar")
@pytest.mark.rules("805.10b", "508.1c")
def test_a_team_attack_illegal_as_a_whole_is_declared_again() -> None:
    # Jackal Familiar attacks, and its controller's teammate has nothing to attack with:
    # the team's attack is illegal as a whole, and the team declares again.
    attacker = AttacksOnce(player=0)
    s = Scenario(
        players=4,
        variant="test_team_turns",
        plugins=[TeamTurnsPlugin(), attacker],
        turn=2,
        step=Step.BEGINNING_OF_COMBAT,
    )
    s.add(0, "battlefield", "Jackal Familiar")
    s.run(until=(2, Step.END_OF_COMBAT))
    assert attacker.asked == 2
    rejected = first(s, "team_declaration_rejected")
    assert (rejected["declaration"], rejected["rule"]) == ("attack", "805.10b")
    assert s.life(2) == 20
    assert [e["attackers"] for e in s.events("attackers_declared")] == [[], []]


@pytest.mark.cards("Jackal Familiar", "Grizzly Bears", "Craw Wurm")
@pytest.mark.rules("805.10d", "509.1b")
def test_the_teams_block_is_legal_as_a_whole() -> None:
    # Jackal Familiar can't block alone; the defending player's teammate blocks too.
    s = teams(turn=2, step=Step.BEGINNING_OF_COMBAT)
    s.add(0, "battlefield", "Craw Wurm")
    s.add(2, "battlefield", "Jackal Familiar")
    s.add(3, "battlefield", "Grizzly Bears")
    s.attack(0, "Craw Wurm", defender=2)
    s.block(2, "Jackal Familiar", "Craw Wurm")
    s.block(3, "Grizzly Bears", "Craw Wurm")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 4))
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(2) == 20
    assert s.events("team_declaration_rejected") == []
    assert sorted(s.graveyard(2) + s.graveyard(3)) == ["Grizzly Bears", "Jackal Familiar"]

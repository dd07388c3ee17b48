"""Rules tests for winning, losing, conceding and draws (CR 104), and for players leaving a
multiplayer game (CR 800.4).

Scenario tests (:class:`manaweave.testing.Scenario`) set up a game mid-turn; whole games
are played with :func:`manaweave.run`, by scripted players and random bots, and checked
through their outcome and their JSON-lines event log (Comprehensive Rules, edition
2026-01-16).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from _support import first

import manaweave
from manaweave import Choice, Decision, DecisionKind, Step, testing
from manaweave.log import LoggedEvent, read_events
from manaweave.players import RandomBot, ScriptedPlayer
from manaweave.testing import Scenario

DECKS = ["m10:red-green", "m10:green-white"]


def logged(path: Path, event: str | None = None) -> list[LoggedEvent]:
    """The events of a game log, optionally only those named ``event``."""
    return [e for e in read_events(path) if event is None or e.event == event]


def passive() -> ScriptedPlayer:
    """A player that keeps its hand, never acts and never attacks or blocks."""
    return ScriptedPlayer(strict=False)


# --- losing and winning in a two-player game ------------------------------------------------


@pytest.mark.rules("104.3b", "104.2a", "104.1", "704.5a")
def test_a_player_at_0_life_loses_and_the_opponent_wins_at_once() -> None:
    s = Scenario()
    s.life(1, 2)
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    s.run(until=(2, Step.END))

    assert s.life(1) == 0
    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert s.outcome.reason == "life total 0 or less"
    assert s.outcome.turns == 1
    assert s.outcome.losers == ((1, "life total 0 or less"),)
    ended = first(s, "game_ended")
    assert ended["rule"] == "104.2a"
    assert ended["winners"] == [0]
    assert (ended["turn"], ended["step"]) == (1, "combat_damage")
    # The game ends immediately (104.1): nothing happens after it.
    assert s.events()[-1]["event"] == "game_ended"


@pytest.mark.rules("104.3a", "104.2a")
def test_a_player_can_concede_before_the_first_turn(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    conceder = ScriptedPlayer([Choice.concession()])
    outcome = manaweave.run(decks=DECKS, players=[conceder, RandomBot(seed=1)], seed=5, log=log)

    assert outcome.winners == (1,)
    assert outcome.reason == "conceded"
    assert outcome.losers == ((0, "conceded"),)
    assert outcome.turns == 0
    [conceded] = logged(log, "player_conceded")
    assert conceded.player == 0
    assert conceded.rule == "104.3a"
    assert not conceder.script  # the concession was used
    assert logged(log, "turn_began") == []


def _concede_when(test: Callable[[Decision], bool]) -> Callable[[Decision], Choice | None]:
    def answer(decision: Decision) -> Choice | None:
        return Choice.concession() if test(decision) else None

    return answer


@pytest.mark.rules("104.3a", "104.2a")
@pytest.mark.parametrize("whose_turn", ["own", "opponent's"])
def test_a_player_can_concede_in_the_middle_of_a_game(tmp_path: Path, whose_turn: str) -> None:
    def in_turn_three_or_later(decision: Decision) -> bool:
        view = decision.view
        mine = view.active_player == decision.player
        return view.turn >= 3 and mine == (whose_turn == "own")

    log = tmp_path / "game.jsonl"
    conceder = ScriptedPlayer([_concede_when(in_turn_three_or_later)], strict=False)
    outcome = manaweave.run(decks=DECKS, players=[conceder, passive()], seed=11, log=log)

    assert outcome.winners == (1,)
    assert outcome.reason == "conceded"
    [conceded] = logged(log, "player_conceded")
    assert conceded.player == 0
    assert conceded.turn in (3, 4)
    active = {e.turn: e.player for e in logged(log, "turn_began")}
    assert (active[conceded.turn] == 0) == (whose_turn == "own")
    assert outcome.turns == conceded.turn
    assert logged(log)[-1].event == "game_ended"


# --- draws ----------------------------------------------------------------------------------


@pytest.mark.rules("104.4", "104.1")
def test_a_turn_limit_set_by_the_caller_ends_the_game_as_a_draw(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    outcome = manaweave.run(
        decks=DECKS, players=[passive(), passive()], seed=2, log=log, max_turns=3
    )

    assert outcome.is_draw
    assert outcome.winners == ()
    assert outcome.reason == "turn limit reached"
    assert outcome.turns == 3
    assert outcome.losers == ()
    assert [e.turn for e in logged(log, "turn_began")] == [1, 2, 3]
    [ended] = logged(log, "game_ended")
    assert ended.data["reason"] == "turn limit reached"
    assert ended.data["winners"] == []
    assert ended.rule == "104.4"
    assert logged(log, "game_started")[0].data["max_turns"] == 3


@pytest.mark.rules("104.4a", "704.3")
def test_all_remaining_players_losing_simultaneously_is_a_draw_in_multiplayer() -> None:
    s = Scenario(players=3)
    s.life(0, 0)
    s.life(1, 0)
    s.life(2, -5)
    s.run()

    assert s.outcome is not None
    assert s.outcome.is_draw
    assert sorted(p for p, _ in s.outcome.losers) == [0, 1, 2]


# --- multiplayer: leaving the game ----------------------------------------------------------


@pytest.mark.rules("104.2a", "704.3", "806.1")
def test_the_last_player_remaining_in_a_free_for_all_wins() -> None:
    s = Scenario(players=3)
    s.life(1, 0)
    s.life(2, 0)
    s.run()

    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert first(s, "game_ended")["rule"] == "104.2a"


@pytest.mark.rules("104.2c", "104.3a", "104.3b", "808.1", "811.1", "809.5a")
@pytest.mark.parametrize(
    ("variant", "players", "teams", "lost_first", "then", "team"),
    [
        # Team vs. Team: seats 0-1 against 2-3 (808.1).
        ("team_vs_team", 4, 2, {1: "concedes"}, [2, 3], (0, 1)),
        ("team_vs_team", 4, 2, {0: "life"}, [2, 3], (0, 1)),
        # Three teams: the second team's first player lost long before their team won.
        ("team_vs_team", 6, 3, {2: "concedes"}, [0, 1, 4, 5], (2, 3)),
        # Alternating Teams: seats 0, 2 against 1, 3 (811.3).
        ("alternating_teams", 4, 2, {2: "life"}, [1, 3], (0, 2)),
        # Emperor: a general who left, then the other emperor (809.5b) and their team.
        ("emperor", 6, None, {0: "concedes"}, [4], (0, 1, 2)),
    ],
)
def test_each_player_on_the_last_team_wins_even_one_who_lost_before(
    variant: str,
    players: int,
    teams: int | None,
    lost_first: dict[int, str],
    then: list[int],
    team: tuple[int, ...],
) -> None:
    options = {} if teams is None else {"teams": teams}
    s = Scenario(players=players, variant=variant, options=options)
    for player, how in lost_first.items():
        if how == "life":
            s.life(player, 0)  # loses by a state-based action (104.3b)
        else:
            s.concede(player)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.outcome is None
    assert all(s.game.players[p].has_left for p in lost_first)  # type: ignore[union-attr]
    for player in then:
        s.concede(player, step=Step.BEGINNING_OF_COMBAT)
    s.run()

    assert s.outcome is not None
    assert s.outcome.winners == team
    ended = first(s, "game_ended")
    assert ended["winners"] == list(team)
    assert ended["rule"] == "104.2c"


@pytest.mark.rules("800.4", "800.4a", "104.5", "800.4k")
def test_a_player_who_loses_leaves_and_the_multiplayer_game_goes_on() -> None:
    s = Scenario(players=3)
    s.life(2, 0)
    s.add(2, "battlefield", "Grizzly Bears", "Forest")
    s.add(2, "hand", "Giant Growth")
    s.add(2, "graveyard", "Shock")
    s.run(until=(4, Step.UPKEEP))

    assert s.outcome is None
    assert first(s, "player_lost", player=2)["turn"] == 1
    assert first(s, "player_left", player=2)["rule"] == "800.4a"
    # Everything P3 owned has left the game with them.
    assert s.battlefield(2) == []
    assert s.hand(2) == []
    assert s.graveyard(2) == []
    assert s.library_size(2) == 0
    assert all(o.owner != 2 for o in s.game.objects.values())  # type: ignore[union-attr]
    # P3's turns don't begin (800.4k): P1, P2, P1, P2.
    assert [(e["turn"], e["player"]) for e in s.events("turn_began")] == [
        (1, 0),
        (2, 1),
        (3, 0),
        (4, 1),
    ]


@pytest.mark.rules("800.4a", "303.4c", "704.5m")
def test_an_aura_on_a_creature_of_a_player_who_left_goes_to_the_graveyard() -> None:
    s = Scenario(players=3)
    s.life(2, 3)
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Mountain")
    s.add(0, "hand", "Oakenform", "Lightning Bolt")
    s.add(2, "battlefield", "Grizzly Bears")
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.cast(0, "Lightning Bolt", targets=["P3"], step=Step.POSTCOMBAT_MAIN)
    s.run()

    assert s.outcome is None
    assert s.game.players[2].has_left  # type: ignore[union-attr]
    assert "Grizzly Bears" not in s.battlefield()
    assert s.graveyard(0) == ["Lightning Bolt", "Oakenform"]
    assert first(s, "object_moved", card="Oakenform", to_zone="graveyard")["rule"] == "704.5m"


@pytest.mark.rules("104.3a", "800.4a", "506.4", "510.1c")
def test_an_attacker_whose_owner_concedes_before_damage_deals_no_damage(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # P1 attacks P2 with Craw Wurm, P2 double-blocks, and P1 concedes when asked to divide the
    # damage. The Wurm leaves the game with P1 (800.4a) and so is removed from combat (506.4):
    # it assigns and deals no combat damage.
    class ConcedingAtDamage(testing._ScenarioPlayer):
        async def decide(self, decision: Decision) -> Choice:
            if self.player == 0 and decision.kind is DecisionKind.DAMAGE_ASSIGNMENT:
                return Choice.concession()
            return await super().decide(decision)

    # A scenario cannot script a concession, so its player class is swapped for this test.
    monkeypatch.setattr(testing, "_ScenarioPlayer", ConcedingAtDamage)
    s = Scenario(players=3)
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.attack(0, "Craw Wurm", defender=1)
    s.block(1, "Grizzly Bears", "Craw Wurm")
    s.block(1, "Runeclaw Bear", "Craw Wurm")
    s.run(until=(2, Step.UPKEEP))

    assert first(s, "player_conceded", player=0)["step"] == "combat_damage"
    assert s.outcome is None
    assert [e for e in s.events("damage_dealt") if e["source_name"] == "Craw Wurm"] == []
    assert sorted(s.battlefield(1)) == ["Grizzly Bears", "Runeclaw Bear"]
    assert s.graveyard(1) == []


@pytest.mark.rules("800.4", "800.4a", "104.5", "800.4k", "104.2a", "806.1")
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_random_three_player_games_go_on_after_a_player_leaves(tmp_path: Path, seed: int) -> None:
    log = tmp_path / "game.jsonl"
    outcome = manaweave.run(
        decks=["m10:red-green"] * 3,
        players=[RandomBot(seed=10 * seed + i) for i in range(3)],
        seed=seed,
        log=log,
    )
    events = logged(log)
    left = [e for e in events if e.event == "player_left"]
    assert left, "nobody left the game"
    gone = left[0].player
    assert gone is not None
    after = [e for e in events if e.seq > left[0].seq]

    # The game went on: more turns began, for the players still in the game only.
    turns = [e for e in after if e.event == "turn_began"]
    assert turns
    assert all(e.player != gone for e in turns)
    assert not any(e.event == "decision_made" and e.player == gone for e in after)
    assert not any(e.data.get("to_player") == gone for e in after if e.event == "damage_dealt")
    # It ended with one winner, who never left.
    assert len(outcome.winners) == 1
    assert outcome.winners[0] not in {e.player for e in left}
    assert outcome.turns > left[0].turn
    assert outcome.losers[0][0] == gone
    assert len(outcome.losers) == 2
    assert events[-1].event == "game_ended"


@pytest.mark.rules("104.3a", "800.4", "800.4a", "800.4k")
def test_a_player_who_concedes_a_multiplayer_game_leaves_it_at_once(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    conceder = ScriptedPlayer([_concede_when(lambda d: d.view.turn >= 2)], strict=False)
    outcome = manaweave.run(
        decks=["m10:red-green"] * 3,
        players=[conceder, passive(), passive()],
        seed=4,
        seating="given",
        log=log,
        max_turns=6,
    )

    events = logged(log)
    [conceded] = [e for e in events if e.event == "player_conceded"]
    [left] = [e for e in events if e.event == "player_left"]
    assert conceded.player == left.player == 0
    assert [e.event for e in events if conceded.seq < e.seq < left.seq] == ["player_lost"]
    later = [e.player for e in events if e.event == "turn_began" and e.seq > left.seq]
    assert later
    assert 0 not in later
    assert outcome.is_draw  # the two passive players reach the turn limit


@pytest.mark.rules("104.3a", "104.5", "104.4")
def test_a_turn_limit_draw_keeps_the_players_who_lost_before_it(tmp_path: Path) -> None:
    # P1 concedes in turn 2 and has lost (104.3a); the other two reach the turn limit. The
    # outcome is a draw between those two, and P1 is still recorded as having lost.
    conceder = ScriptedPlayer([_concede_when(lambda d: d.view.turn >= 2)], strict=False)
    outcome = manaweave.run(
        decks=["m10:red-green"] * 3,
        players=[conceder, passive(), passive()],
        seed=4,
        seating="given",
        max_turns=3,
    )

    assert outcome.is_draw
    assert outcome.reason == "turn limit reached"
    assert outcome.losers == ((0, "conceded"),)


@pytest.mark.rules("800.4a", "800.4j", "800.4k")
def test_a_player_who_loses_in_their_own_turn_takes_their_spell_with_them() -> None:
    # P3 (the active player) casts Shock at P1; P1 responds with Lightning Bolt and P3 loses.
    # P3's Shock leaves the game with them, and their turn goes on without an active player.
    s = Scenario(players=3, active=2)
    s.life(2, 3)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(2, "battlefield", "Mountain")
    s.add(2, "hand", "Shock")
    s.cast(2, "Shock", targets=["P1"])
    s.cast(0, "Lightning Bolt", targets=["P3"])
    s.run(until=(2, Step.UPKEEP))

    assert s.outcome is None
    left = first(s, "player_left", player=2)
    shock = first(s, "spell_cast", card="Shock")
    assert [e["object"] for e in s.events("resolution_started")] == [
        first(s, "spell_cast", card="Lightning Bolt")["object"]
    ]
    assert shock["object"] not in s.game.objects  # type: ignore[union-attr]
    assert s.life(0) == 20
    assert s.graveyard(2) == []
    assert s.game.stack == []  # type: ignore[union-attr]
    rest_of_turn = [
        e["step"] for e in s.events("step_began") if e["seq"] > left["seq"] and e["turn"] == 1
    ]
    assert rest_of_turn[-2:] == ["end", "cleanup"]
    assert "end_of_combat" in rest_of_turn
    assert [(e["turn"], e["player"]) for e in s.events("turn_began")] == [(1, 2), (2, 0)]

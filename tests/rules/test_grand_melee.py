"""Rules tests for the Grand Melee variant (CR 807): several players take their turns at
the same time, each turn kept track of by a turn marker with a stack of its own.

In a ten-player scenario the starting player (seat 0) takes marker 1 and the player four
seats to their left (seat 4) marker 2 (807.4b); both turns begin together, numbered 1 and
2. With the default range of influence of 1 (807.2a), seats 9, 0 and 1 are within range
of marker 1's holder and seats 3, 4 and 5 of marker 2's.
"""

from __future__ import annotations

import itertools
from typing import Any

import orjson
import pytest
import trio

from manaweave import DecisionKind, GameView, Step, new_game, play_game, replay
from manaweave.log import narrate
from manaweave.lowlevel import Game
from manaweave.players import RandomBot
from manaweave.testing import Scenario


def melee(players: int = 10, **kwargs: Any) -> Scenario:
    return Scenario(players=players, variant="grand_melee", **kwargs)


def _turns(s: Scenario) -> list[tuple[int, int]]:
    """(turn, active player) of every turn begun, in the order they began."""
    return [(e["turn"], e["player"]) for e in s.events("turn_began")]


@pytest.mark.rules("807.4a")
@pytest.mark.parametrize(("players", "markers"), [(10, 2), (15, 3), (16, 4)])
def test_one_turn_marker_for_each_full_four_players(players: int, markers: int) -> None:
    # 807.4a's example: sixteen players have four turn markers, fifteen have three.
    s = melee(players).run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.game is not None
    assert s.game.turn_markers is not None
    assert len(s.game.turn_markers.in_play) == markers


@pytest.mark.rules("807.4b", "807.2a", "807.2b")
def test_markers_go_every_four_seats_and_their_turns_begin_together() -> None:
    s = melee(players=13, active=2).run(until=(1, Step.END))
    placed = [(e["marker"], e["player"]) for e in s.events("turn_marker_changed")][:3]
    assert placed == [(1, 2), (2, 6), (3, 10)]
    # All three turns began together: before the first of them ended.
    began = s.events("turn_began")
    assert [(e["turn"], e["player"]) for e in began] == [(1, 2), (2, 6), (3, 10)]
    assert not [e for e in s.events("step_began") if e["step"] == "cleanup"]
    assert s.game is not None
    assert s.game.options == {"range_of_influence": 1, "attack": "left"}


@pytest.mark.rules("807.4c", "807.4d")
def test_after_a_turn_ends_its_marker_goes_to_the_player_on_the_left() -> None:
    s = melee().run(until=(6, Step.END))
    passed = [
        (e["marker"], e["player"])
        for e in s.events("turn_marker_changed")
        if e["change"] == "passed"
    ]
    assert passed[:4] == [(1, 1), (2, 5), (2, 6), (1, 2)]
    # Seat 1 got marker 1 first, but marker 2 was three seats to their left (seat 4): they
    # waited until seat 5 took it (807.4d), so seat 5's turn began first.
    assert _turns(s)[:6] == [(1, 0), (2, 4), (3, 5), (4, 1), (5, 6), (6, 2)]


@pytest.mark.rules("807.5", "807.5a")
def test_each_marker_has_its_own_stack() -> None:
    s = melee()
    s.add(0, "hand", "Lightning Bolt").mana(0, "R")
    s.add(4, "hand", "Lightning Bolt").mana(4, "R")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    # Seat 4 casts while seat 0's bolt waits on marker 1's stack.
    views: list[GameView] = []

    def other_stack_busy(game: Game) -> bool:
        views.append(game.view(4))
        return any(stack for stack in game.all_stacks()[1:])

    s.cast(4, "Lightning Bolt", targets=["P6"], turn=2, when=other_stack_busy)
    s.run(until=(1, Step.END))
    # What seat 4 saw as it cast: its own turn, and marker 1's turn with the bolt on it.
    seen = views[-1]
    assert (seen.turn, seen.active_player, seen.stack) == (2, 4, ())
    (other,) = seen.other_turns
    assert (other.marker, other.turn, other.active_player) == (1, 1, 0)
    assert [o.name for o in other.stack] == ["Lightning Bolt"]
    cast = {e["player"]: e for e in s.events("spell_cast")}
    resolved = {e["player"]: e for e in s.events("resolution_started")}
    assert cast[0]["turn"] == 1
    assert cast[4]["turn"] == 2
    # Seat 0's bolt was still on its stack when seat 4's was cast onto the other one, and
    # it resolved though the later bolt was not yet resolved (no single stack, 405.5).
    assert cast[0]["seq"] < cast[4]["seq"] < resolved[0]["seq"]
    assert s.life(1) == 17
    assert s.life(5) == 17


@pytest.mark.rules("807.5a", "801.2")
def test_a_player_receives_priority_only_for_stacks_within_their_range() -> None:
    s = melee()
    s.add(1, "hand", "Lightning Bolt").mana(1, "R")
    s.cast(1, "Lightning Bolt", targets=["P1"])  # seat 1 puts an object on marker 1's stack
    s.run(until=(1, Step.END))
    # Seat 2 is two seats from both holders: it gets priority only while seat 1's bolt,
    # controlled by a player within its range, is on the stack.
    asked = s.decisions.priority(player=2)
    assert asked, "seat 2 never received priority for the stack with seat 1's bolt"
    assert all(a.turn == 1 and a.stack > 0 for a in asked)
    # Seat 7 is three seats from seat 4 and from seat 0: never asked.
    assert not s.decisions.priority(player=7)
    # The holders' neighbours are asked for their own marker's stack only.
    assert {a.turn for a in s.decisions.priority(player=9)} == {1}
    assert {a.turn for a in s.decisions.priority(player=3)} == {2}


@pytest.mark.rules("807.5b")
def test_a_spell_can_only_target_objects_on_the_stack_it_goes_on() -> None:
    # With a range covering the whole table, seat 1 has priority for both stacks.
    s = melee(options={"range_of_influence": None})
    s.add(0, "hand", "Lightning Bolt").mana(0, "R")
    s.add(1, "hand", "Cancel").mana(1, "CUU")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run(until=(1, Step.END))
    bolt = next(e for e in s.events("spell_cast") if e["player"] == 0)
    gone = next(e for e in s.events("resolution_started") if e["player"] == 0)
    while_on_stack = [
        a for a in s.decisions.priority(player=1) if bolt["seq"] < a.seq <= gone["seq"]
    ]
    on_its_stack = [a for a in while_on_stack if a.turn == 1]
    on_the_other = [a for a in while_on_stack if a.turn == 2 and a.stack == 0]
    assert on_its_stack
    assert all("Cancel" in a.casts for a in on_its_stack)
    assert on_the_other
    assert not any("Cancel" in a.casts for a in on_the_other)


@pytest.mark.rules("807.5b", "603.3")
def test_a_trigger_no_stack_object_caused_goes_on_the_stack_its_controller_picks() -> None:
    # Seat 1 reaches the whole table, so it has priority for every turn's stack. Turn 3
    # (seat 5's) begins as marker 2 moves on, turn 4 (seat 1's own) as marker 1 does; in
    # turn 3's draw step seat 1's Howling Mine triggers, and seat 1 puts it on turn 4's
    # stack, where it resolves.
    s = melee(options={"range_of_influence": None})
    s.add(1, "battlefield", "Howling Mine")
    s.choose(1, DecisionKind.CHOICE, "the stack of turn 4 (P2's)")
    s.choose(1, DecisionKind.CHOICE, "the stack of turn 4 (P2's)")
    s.run(until=(4, Step.PRECOMBAT_MAIN))
    (asked, own) = s.decisions.of_kind(DecisionKind.CHOICE, 1)
    assert [o.word for o in asked.options] == [
        "the stack of turn 3 (P6's)",
        "the stack of turn 4 (P2's)",
    ]
    assert asked.turn == 3
    assert own.turn == 4
    triggered = [e for e in s.events("ability_triggered") if e["card"] == "Howling Mine"]
    stacked = s.events("ability_stacked")
    assert [(e["turn"], e["step"]) for e in triggered] == [(3, "draw"), (4, "draw")]
    assert [e["turn"] for e in stacked] == [4, 4]
    # Seat 5 drew in its draw step, then once more as the ability resolved on turn 4's
    # stack.
    drawn = [e["turn"] for e in s.events("card_drawn") if e["player"] == 5]
    assert drawn == [3, 4]


@pytest.mark.rules("807.5b")
def test_a_trigger_a_resolving_spell_caused_goes_on_that_spells_stack() -> None:
    s = melee(options={"range_of_influence": None})
    s.add(1, "battlefield", "Soul Warden")
    s.add(0, "hand", "Grizzly Bears").mana(0, "CG")
    s.cast(0, "Grizzly Bears")
    s.run(until=(1, Step.END))
    assert not s.decisions.of_kind(DecisionKind.CHOICE)
    (stacked,) = s.events("ability_stacked")
    assert stacked["turn"] == 1
    assert s.life(1) == 21


@pytest.mark.rules("807.4i", "500.7")
def test_a_player_with_a_marker_keeps_it_for_an_extra_turn() -> None:
    s = melee()
    s.add(0, "hand", "Time Warp").mana(0, "CCCUU")
    s.cast(0, "Time Warp", targets=["P1"])
    s.run(until=(6, Step.END))
    kept = [e for e in s.events("turn_marker_changed") if e["change"] == "kept"]
    assert [(e["marker"], e["player"], e["rule"]) for e in kept] == [(1, 0, "807.4i")]
    # Seat 0 takes marker 1's next turn too; the marker then goes on to seat 1.
    marker_1 = [player for _, player in _turns(s) if player in (0, 1, 2, 3)]
    assert marker_1[:3] == [0, 0, 1]


@pytest.mark.rules("807.4j", "500.7")
def test_an_extra_turn_without_a_marker_comes_right_before_the_next_turn() -> None:
    s = melee()
    s.add(0, "hand", "Time Warp").mana(0, "CCCUU")
    s.cast(0, "Time Warp", targets=["P2"])  # seat 1 holds no marker
    s.run(until=(8, Step.END))
    marker_1 = [player for _, player in _turns(s) if player in (0, 1, 2, 3)]
    assert marker_1[:4] == [0, 1, 1, 2]
    assert not [e for e in s.events("turn_marker_changed") if e["change"] == "kept"]


@pytest.mark.rules("807.4d")
def test_a_player_waits_while_a_marker_is_within_three_seats_to_their_left() -> None:
    # Marker 2's holder takes a long turn; marker 1 catches up with it and waits.
    s = melee()
    s.add(0, "hand", "Time Warp").mana(0, "CCCUU")
    s.cast(0, "Time Warp", targets=["P1"])
    s.run(until=(12, Step.END))
    _check_marker_rules(s.events())


@pytest.mark.rules("807.4e", "807.4f", "807.4g", "807.4c", "800.4a")
def test_players_leaving_designate_and_remove_a_marker() -> None:
    # Ten players, two markers; with seven left there is one (807.4a, 807.4e).
    s = melee()
    s.concede(9)
    s.concede(1)
    s.concede(3, turn=2)
    s.run(until=(6, Step.END))
    events = s.events()
    changes = [e for e in events if e["event"] == "turn_marker_changed"]
    designated = [e for e in changes if e["change"] == "designated"]
    removed = [e for e in changes if e["change"] == "removed"]
    assert len(designated) == 1
    assert designated[0]["rule"] == "807.4e"
    assert [e["marker"] for e in removed] == [designated[0]["marker"]]
    assert removed[0]["rule"] == "807.4g"
    # The marker nearest to the right of the player whose leaving made one too many.
    last_left = [e["player"] for e in events if e["event"] == "player_left"][-1]
    holders = {e["marker"]: e["player"] for e in changes if e["seq"] < designated[0]["seq"]}
    seat = last_left
    while seat not in holders.values():
        seat = (seat - 1) % 10
    assert designated[0]["marker"] == next(m for m, p in holders.items() if p == seat)
    # Removed as its turn ended; once the other marker's turn under way has ended too,
    # one turn at a time.
    after = [e for e in events if e["seq"] > removed[0]["seq"]]
    began = [e for e in after if e["event"] == "turn_began"]
    assert len(began) >= 3
    for earlier, later in itertools.pairwise(began[1:]):
        assert any(
            e["event"] == "step_began" and e["step"] == "cleanup" and e["turn"] == earlier["turn"]
            for e in after
            if earlier["seq"] < e["seq"] < later["seq"]
        ), (earlier, later)
    _check_marker_rules(events)


@pytest.mark.rules("807.4b", "807.4c", "807.4d", "807.4g", "104.2a")
@pytest.mark.parametrize(("players", "seed"), [(10, 1), (13, 2), (17, 3)])
def test_random_games_keep_the_marker_rules_and_replay(players: int, seed: int) -> None:
    game = new_game(
        decks=["m10:red-green", "m10:green-white"] * (players // 2)
        + ["m10:red-green"] * (players % 2),
        players=[RandomBot(seed=seed * 100 + i) for i in range(players)],
        seed=seed,
        variant="grand_melee",
        max_turns=80,
    )
    trio.run(play_game, game)
    records = [orjson.loads(orjson.dumps(record)) for record in game.log.records]
    _check_marker_rules(records)
    result = replay(records)
    assert result.identical, result.mismatch


def _check_marker_rules(events: list[dict[str, Any]]) -> None:
    """Follow the markers through a log and check, as each turn begins, that its player
    holds a marker and no other marker is held in the three seats to their left (807.4d),
    and that a marker passed after a turn goes to the next player still in the game on
    the left (807.4c)."""
    started = events[0] if events[0]["event"] == "game_started" else None
    seats = len(started["players"]) if started else 10
    left: set[int] = set()
    holders: dict[int, int] = {}
    for e in events:
        kind = e["event"]
        if kind in ("player_left",):
            left.add(e["player"])
        elif kind == "turn_marker_changed":
            if e["change"] == "removed":
                holders.pop(e["marker"], None)
            elif e["change"] in ("placed", "passed", "kept"):
                if e["change"] == "passed" and e["marker"] in holders:
                    before = holders[e["marker"]]
                    expected = (before + 1) % seats
                    while expected in left:
                        expected = (expected + 1) % seats
                    assert e["player"] == expected, e
                holders[e["marker"]] = e["player"]
        elif kind == "turn_began":
            player = e["player"]
            assert player in holders.values(), e
            alive = [p for p in range(seats) if p not in left]
            at = alive.index(player)
            ahead = {alive[(at + k) % len(alive)] for k in range(1, 4)} - {player}
            others = [p for p in holders.values() if p != player]
            assert not ahead & set(others), (e, holders)


@pytest.mark.rules("807.4b", "807.4c")
def test_the_narration_follows_the_markers_and_says_whose_turn_a_line_is_in() -> None:
    s = melee()
    s.add(0, "hand", "Island").add(4, "hand", "Forest")
    s.play_land(0, "Island", step=Step.POSTCOMBAT_MAIN)
    s.play_land(4, "Forest", turn=2, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(3, Step.PRECOMBAT_MAIN))
    lines = list(narrate(s.events()))
    assert "Turn marker 1 goes to P1." in lines
    assert "Turn marker 2 goes to P5." in lines
    assert "Turn marker 1 passes to P2." in lines
    # The two turns' lands are told each under its turn.
    assert lines[lines.index("P1 plays Island.") - 1] == "  [turn 1]"
    assert lines[lines.index("P5 plays Forest.") - 1] == "  [turn 2]"


def _attacking_in_turn_1(game: Game) -> bool:
    """Whether turn 1's combat, another marker's while turn 2 is played, has attackers."""
    assert game.turn_markers is not None
    first = game.turn_markers.markers[0]
    return first is not game.turn_markers.current and bool(first.combat and first.combat.attackers)


@pytest.mark.rules("506.4", "807.4", "509.1")
def test_an_attacker_that_dies_in_another_turn_is_removed_from_its_combat() -> None:
    # Seat 0's Bears attacks seat 1 in turn 1; while turn 1 is in combat, seat 4 bolts it
    # in turn 2. It left the battlefield, so it is out of turn 1's combat (506.4), which
    # goes on without it: no combat damage is dealt in turn 1.
    s = melee(options={"range_of_influence": None})
    s.add(0, "battlefield", "Grizzly Bears").add(1, "battlefield", "Runeclaw Bear")
    s.add(4, "hand", "Lightning Bolt").add(4, "battlefield", "Mountain")
    s.attack(0, "Grizzly Bears", defender=1)
    s.cast(
        4,
        "Lightning Bolt",
        targets=["Grizzly Bears"],
        turn=2,
        step=Step.DECLARE_ATTACKERS,
        when=_attacking_in_turn_1,
    )
    s.run(until=(1, Step.END))
    assert s.graveyard(0) == ["Grizzly Bears"]
    (declared,) = [e for e in s.events("attackers_declared") if e["turn"] == 1]
    (died,) = [e for e in s.events("object_moved") if e["card"] == "Grizzly Bears"]
    (assigned,) = [e for e in s.events("combat_damage_assigned") if e["turn"] == 1]
    assert declared["seq"] < died["seq"] < assigned["seq"]
    assert died["turn"] == 2
    assert assigned["assignments"] == []
    assert s.life(1) == 20


@pytest.mark.rules("506.4", "807.4", "115.1")
def test_a_creature_attacking_in_another_turn_is_an_attacking_creature() -> None:
    # Seat 0's Bears attacks in turn 1; in turn 2, seat 4's Divine Verdict ("destroy
    # target attacking or blocking creature") can target it: it is attacking until it is
    # removed from combat or its combat phase ends (508.1k), whichever turn is played.
    # What seat 4 sees as it casts says so too.
    views: list[GameView] = []

    def seen_attacking(game: Game) -> bool:
        views.append(game.view(4))
        return _attacking_in_turn_1(game)

    s = melee(options={"range_of_influence": None})
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(4, "hand", "Divine Verdict")
    for _ in range(4):
        s.add(4, "battlefield", "Plains")
    s.attack(0, "Grizzly Bears", defender=1)
    s.cast(
        4,
        "Divine Verdict",
        targets=["Grizzly Bears"],
        turn=2,
        step=Step.DECLARE_ATTACKERS,
        when=seen_attacking,
    )
    s.run(until=(1, Step.END))
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.life(1) == 20
    (bears,) = [o for o in views[-1].battlefield if o.name == "Grizzly Bears"]
    assert bears.attacking == 1


@pytest.mark.rules("509.1h", "511.3", "807.4")
def test_another_turns_end_of_combat_leaves_a_blocked_creature_blocked() -> None:
    # Seat 1's Runeclaw Bear blocks seat 0's Bears in turn 1, then seat 0 bolts it. The
    # Bears stays blocked (509.1h) and deals no combat damage, though turn 2, with no
    # attackers, ends its combat phase (511.3) while turn 1's goes on.
    s = melee(options={"range_of_influence": None})
    s.add(0, "battlefield", "Grizzly Bears").add(0, "hand", "Lightning Bolt")
    s.add(0, "battlefield", "Mountain").add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears", defender=1)
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Runeclaw Bear"], step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END))
    assert s.graveyard(1) == ["Runeclaw Bear"]
    began = {(e["turn"], e["step"]): e["seq"] for e in s.events("step_began")}
    # Turn 2's combat phase was over before turn 1's combat damage step began.
    assert began[2, "postcombat_main"] < began[1, "combat_damage"]
    assert s.life(1) == 20

"""Rules tests for the turn structure (CR 500-514) and mana pools emptying (CR 106.4, 500.5).

Scenarios start a prepared game at a chosen turn and step, script what the players do and
look at the event log, at the permanents and at every decision the players were asked
(``Scenario.decisions``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from _support import steps

from manaweave import Cast, Choice, Decision, DecisionKind, Step, hookimpl
from manaweave.lowlevel import Game
from manaweave.testing import Scenario, ScenarioError

# --- watching a permanent ---------------------------------------------------------------------


@dataclass(frozen=True)
class Look:
    turn: int
    step: Step
    power: int | None
    toughness: int | None
    damage: int


class Watch:
    """Test plugin: notes a permanent's P/T and damage as each step begins."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.looks: list[Look] = []

    @hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        for permanent in game.battlefield:
            if permanent.name == self.name:
                chars = game.characteristics(permanent)
                self.looks.append(
                    Look(game.turn, step, chars.power, chars.toughness, permanent.damage)
                )

    def at(self, turn: int, step: Step) -> Look:
        (look,) = [x for x in self.looks if (x.turn, x.step) == (turn, step)]
        return look


FULL_TURN = [
    "untap",
    "upkeep",
    "draw",
    "precombat_main",
    "beginning_of_combat",
    "declare_attackers",
    "declare_blockers",
    "combat_damage",
    "end_of_combat",
    "postcombat_main",
    "end",
    "cleanup",
]


# --- 500-513: phases and steps ----------------------------------------------------------------


@pytest.mark.rules("500.1", "501.1", "505.1", "506.1", "512.1")
def test_a_turn_goes_through_every_phase_and_step_in_order() -> None:
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears", turn=2)
    s.run(until=(3, Step.UNTAP))
    assert steps(s, 2) == FULL_TURN
    rules = {e["step"]: e["rule"] for e in s.events("step_began") if e["turn"] == 2}
    assert rules["untap"] == "502"
    assert rules["draw"] == "504"
    assert rules["cleanup"] == "514"
    assert s.life(1) == 18


@pytest.mark.rules("500.1", "506.1", "508.8")
def test_declare_blockers_and_combat_damage_are_skipped_when_nothing_attacks() -> None:
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Grizzly Bears")  # could attack, but does not
    s.run(until=(3, Step.UNTAP))
    expected = [x for x in FULL_TURN if x not in ("declare_blockers", "combat_damage")]
    assert steps(s, 2) == expected
    (declared,) = s.events("attackers_declared")
    assert declared["attackers"] == []
    assert s.life(1) == 20


@pytest.mark.rules("508.8", "506.1", "506.4")
def test_combat_steps_are_not_skipped_when_the_declared_attacker_is_removed() -> None:
    # 508.8 skips the declare blockers and combat damage steps only if no creatures were
    # declared as attackers. A declared attacker that dies in the declare attackers step
    # does not make the game skip them.
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.attack(0, "Grizzly Bears", turn=2)
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], turn=2, step=Step.DECLARE_ATTACKERS)
    s.run(until=(3, Step.UNTAP))
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert steps(s, 2) == FULL_TURN
    assert s.life(1) == 20


@pytest.mark.rules("500.1", "103.1", "101.4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_turns_pass_to_the_next_player_in_turn_order(players: int) -> None:
    s = Scenario(players=players, turn=1, step=Step.UPKEEP, active=1)
    s.run(until=(2 * players + 1, Step.UPKEEP))
    began = [(e["turn"], e["player"]) for e in s.events("turn_began")]
    assert began == [(t, t % players) for t in range(1, 2 * players + 2)]


@pytest.mark.rules("117.3a", "117.4", "500.2")
def test_the_active_player_receives_priority_first_in_each_step() -> None:
    s = Scenario(players=3, turn=2, step=Step.UPKEEP, active=1)
    s.run(until=(3, Step.UPKEEP))
    steps = [Step.UPKEEP, Step.DRAW, Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN, Step.END]
    for step in steps:
        # Everybody passes in turn order, starting with the active player, then it ends.
        assert [a.player for a in s.decisions.priority(turn=2, step=step)] == [1, 2, 0]


# --- 502: untap step --------------------------------------------------------------------------


@pytest.mark.rules("502.3")
def test_the_untap_step_untaps_only_the_active_players_permanents() -> None:
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Forest", "Grizzly Bears", tapped=True)
    s.add(1, "battlefield", "Mountain", "Runeclaw Bear", tapped=True)
    s.run(until=(2, Step.UPKEEP))
    assert not s.permanent("Forest").tapped
    assert not s.permanent("Grizzly Bears").tapped
    assert s.permanent("Mountain").tapped
    assert s.permanent("Runeclaw Bear").tapped
    untapped = [e for e in s.events("permanent_untapped") if e["step"] == "untap"]
    assert {e["object"] for e in untapped} == {
        s.permanent("Forest").id,
        s.permanent("Grizzly Bears").id,
    }
    assert {e["rule"] for e in untapped} == {"502.3"}


@pytest.mark.rules("502.3", "500.1")
def test_the_next_players_untap_step_untaps_their_permanents() -> None:
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Forest", tapped=True)
    s.add(1, "battlefield", "Mountain", tapped=True)
    s.run(until=(3, Step.UPKEEP))
    assert not s.permanent("Mountain").tapped
    assert [e["turn"] for e in s.events("permanent_untapped")] == [2, 3]


@pytest.mark.rules("502.4", "117.3a", "500.3", "514.3")
def test_no_player_receives_priority_in_the_untap_and_cleanup_steps() -> None:
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Forest")
    s.add(1, "battlefield", "Mountain")
    s.run(until=(4, Step.UPKEEP))
    assert [a for a in s.decisions.asked if a.step is Step.UNTAP] == []
    assert [a for a in s.decisions.asked if a.step is Step.CLEANUP] == []  # no SBA, no trigger
    assert s.decisions.priority(turn=2, step=Step.UPKEEP)  # priority is received from the upkeep on
    assert s.decisions.priority(turn=3, step=Step.UPKEEP)


@pytest.mark.rules("502.4")
def test_a_mana_ability_cannot_be_activated_during_the_untap_step() -> None:
    s = Scenario(turn=2, step=Step.UNTAP)
    s.add(0, "battlefield", "Forest")
    s.activate(0, "Forest", turn=2, step=Step.UNTAP)
    with pytest.raises(ScenarioError, match="never taken"):
        s.run(until=(2, Step.DRAW))


# --- 504: draw step ---------------------------------------------------------------------------


@pytest.mark.rules("504.1", "504.2", "117.3a")
def test_the_active_player_draws_in_the_draw_step_before_receiving_priority() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.library(0, ["Island", "Island", "Forest", "Divination"])
    s.library(1, ["Island", "Mountain"])
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.hand(0) == ["Divination"]
    assert s.library_size(0) == 3
    assert s.hand(1) == []  # the nonactive player does not draw
    (drawn,) = s.events("card_drawn")
    assert (drawn["player"], drawn["step"], drawn["card"]) == (0, "draw", "Divination")
    first = s.decisions.priority(turn=2, step=Step.DRAW)[0]
    assert first.player == 0
    assert drawn["seq"] < first.seq  # priority comes after the draw


# --- 514: cleanup step ------------------------------------------------------------------------


@pytest.mark.rules("514.1", "402.2")
def test_cleanup_discards_the_active_players_hand_down_to_seven() -> None:
    s = Scenario(turn=1, step=Step.END)
    s.add(0, "hand", *["Island"] * 7, "Craw Wurm", "Divination")
    s.add(1, "hand", *["Island"] * 9)  # the nonactive player keeps nine cards
    s.choose(0, DecisionKind.DISCARD, "Craw Wurm", "Divination", turn=1)
    s.run(until=(2, Step.UPKEEP))
    (asked,) = s.decisions.of_kind(DecisionKind.DISCARD)
    assert (asked.turn, asked.step, asked.player) == (1, Step.CLEANUP, 0)
    assert len(asked.options) == 9
    assert s.hand(0) == ["Island"] * 7
    assert sorted(s.graveyard(0)) == ["Craw Wurm", "Divination"]
    discarded = s.events("card_discarded")
    assert [(e["card"], e["rule"], e["step"]) for e in discarded] == [
        ("Craw Wurm", "514.1", "cleanup"),
        ("Divination", "514.1", "cleanup"),
    ]
    assert len(s.hand(1)) == 9
    assert s.graveyard(1) == []


@pytest.mark.rules("514.1")
def test_cleanup_discard_decision_asks_for_exactly_the_excess() -> None:
    decisions: list[Decision] = []

    class WatchDiscards:
        @hookimpl
        def mw_game_setup(self, game: Game) -> None:
            inner = game.actors[0]

            class Wrapped:
                async def decide(self, decision: Decision) -> Choice:
                    if decision.kind is DecisionKind.DISCARD:
                        decisions.append(decision)
                    return await inner.decide(decision)

            game.actors[0] = Wrapped()

    s = Scenario(turn=1, step=Step.END, plugins=[WatchDiscards()])
    s.add(0, "hand", *["Island"] * 7, "Forest", "Mountain", "Plains")
    s.choose(0, DecisionKind.DISCARD, "Forest", "Mountain", "Plains")
    s.run(until=(2, Step.UPKEEP))
    (decision,) = decisions
    assert (decision.min, decision.max) == (3, 3)
    assert len(s.hand(0)) == 7


@pytest.mark.rules("514.1")
@pytest.mark.parametrize("cards", [0, 6, 7])
def test_cleanup_does_not_discard_at_or_below_seven(cards: int) -> None:
    # The scenario is strict: an unexpected discard decision would fail the test.
    s = Scenario(turn=1, step=Step.END)
    s.add(0, "hand", *["Island"] * cards)
    s.run(until=(2, Step.UPKEEP))
    assert len(s.hand(0)) == cards
    assert s.events("card_discarded") == []


@pytest.mark.rules("514.2", "611.2", "704.5g")
def test_cleanup_removes_damage_and_ends_until_end_of_turn_effects_together() -> None:
    watch = Watch("Grizzly Bears")
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[watch])
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Shock", "Shock")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Shock", targets=["Grizzly Bears"], step=Step.END)
    s.cast(1, "Shock", targets=["Grizzly Bears"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    # Until the cleanup step the Bears are 5/5 with 4 damage marked ...
    assert watch.at(1, Step.CLEANUP) == Look(1, Step.CLEANUP, 5, 5, 4)
    # ... and the cleanup removes the damage as the +3/+3 ends, so the 2/2 survives.
    assert s.permanent("Grizzly Bears").damage == 0
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    assert s.graveyard(0) == ["Giant Growth"]
    (cleanup,) = s.events("cleanup_performed")
    assert (cleanup["turn"], cleanup["step"], cleanup["rule"]) == (1, "cleanup", "514.2")
    assert cleanup["effects_ended"] == 1


@pytest.mark.rules("514.2")
def test_until_end_of_turn_effect_lasts_through_the_end_step() -> None:
    watch = Watch("Grizzly Bears")
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[watch])
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(2, Step.DRAW))
    assert watch.at(1, Step.POSTCOMBAT_MAIN).power == 5
    assert watch.at(1, Step.END).power == 5
    assert watch.at(2, Step.UNTAP).power == 2
    assert watch.at(2, Step.UPKEEP).toughness == 2


# --- 106.4 / 500.5: mana empties between steps ------------------------------------------------


@pytest.mark.rules("106.4", "500.5")
def test_unspent_mana_empties_at_the_end_of_the_step() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Forest", step=Step.UPKEEP)
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    (added,) = s.events("mana_added")
    assert (added["step"], added["mana"]) == ("upkeep", ["G"])
    # The mana stays in the pool for the rest of the upkeep ...
    upkeep = s.decisions.priority(turn=2, step=Step.UPKEEP)
    assert upkeep[1].player == 0
    assert upkeep[1].pool == ("G",)
    # ... and is lost as the upkeep ends.
    (emptied,) = s.events("mana_emptied")
    assert (emptied["player"], emptied["step"], emptied["mana"]) == (0, "upkeep", ["G"])
    assert all(a.pool == () for a in s.decisions.priority(turn=2, step=Step.DRAW))
    # So in the main phase Giant Growth cannot be cast: the Forest is tapped, the pool empty.
    main = s.decisions.priority(turn=2, step=Step.PRECOMBAT_MAIN)[0]
    assert main.player == 0
    assert main.pool == ()
    assert not any(isinstance(o, Cast) for o in main.options)
    assert s.game is not None
    assert not s.game.players[0].mana_pool


@pytest.mark.rules("106.4", "500.5", "505.1")
def test_unspent_mana_empties_at_the_end_of_a_main_phase() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Mountain", "Forest")
    s.add(1, "battlefield", "Island")
    s.activate(0, "Mountain")
    s.activate(0, "Forest")
    s.run(until=(1, Step.DECLARE_ATTACKERS))
    (emptied,) = s.events("mana_emptied")
    assert emptied["step"] == "precombat_main"
    assert sorted(emptied["mana"]) == ["G", "R"]
    assert s.game is not None
    assert not s.game.players[0].mana_pool

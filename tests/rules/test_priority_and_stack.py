"""Rules tests for priority, timing and the stack (CR 117, 302.1, 307.1, 405, 601.2i, 608).

Scenarios script who casts what and when; every scenario records each decision its players
are asked (``Scenario.decisions``, with the options offered and the size of the stack), so a
test can see who received priority when and what they were allowed to do.
"""

from __future__ import annotations

from typing import Any

import pytest

from manaweave import Cast, Pass, Step
from manaweave.lowlevel import priority_options
from manaweave.testing import AskedDecision, Scenario, ScenarioError


def cast_event(s: Scenario, card: str) -> dict[str, Any]:
    (event,) = [e for e in s.events("spell_cast") if e["card"] == card]
    return event


def resolved_cards(s: Scenario) -> list[str]:
    """The names of the spells that resolved (or fizzled), in order."""
    names = {e["object"]: e["card"] for e in s.events("spell_cast")}
    return [names[e["object"]] for e in s.events("resolution_started")]


# --- 117.4 / 500.2: passing in succession -----------------------------------------------------


@pytest.mark.rules("117.4", "117.3d", "405.5")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_all_players_passing_with_an_empty_stack_ends_the_step(players: int) -> None:
    s = Scenario(players=players, turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    upkeep = s.decisions.priority(turn=2, step=Step.UPKEEP)
    # Each player passes once, in turn order; after the last pass the upkeep ends.
    assert [a.player for a in upkeep] == list(range(players))
    assert all(a.options == (Pass(),) and a.stack == 0 for a in upkeep)
    assert s.events("step_began")[-1]["step"] == "draw"


@pytest.mark.rules("500.2", "117.3b", "117.4")
def test_an_emptied_stack_does_not_end_the_step_until_all_pass_again() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = s.decisions.priority(turn=1, step=Step.PRECOMBAT_MAIN)
    assert [(a.player, a.stack) for a in main] == [
        (0, 0),  # casts Giant Growth
        (0, 1),  # keeps priority and passes
        (1, 1),  # passes: Giant Growth resolves
        (0, 0),  # the stack is empty but the step goes on: the active player has priority
        (1, 0),
    ]
    assert s.power("Grizzly Bears") == 5


# --- 405.5 / 608.1: last in, first out --------------------------------------------------------


@pytest.mark.rules("405.2", "405.5", "608.1", "608.2b", "704.5g")
def test_a_response_resolves_first_bolt_kills_before_the_pump() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])  # in response
    s.run()
    assert resolved_cards(s) == ["Lightning Bolt", "Giant Growth"]
    # The Bolt resolved first and the 2/2 died; Giant Growth then had no legal target.
    assert s.battlefield(0) == ["Forest"]
    assert s.graveyard(0) == ["Grizzly Bears", "Giant Growth"]
    (fizzled,) = s.events("spell_fizzled")
    assert fizzled["object"] == cast_event(s, "Giant Growth")["object"]


@pytest.mark.rules("405.2", "405.5", "608.1", "117.1a", "117.3b")
def test_a_response_resolves_first_pump_saves_from_the_bolt() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, active=1)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])  # in response, in P2's turn
    s.run()
    assert resolved_cards(s) == ["Giant Growth", "Lightning Bolt"]
    bears = s.permanent("Grizzly Bears")
    assert bears.damage == 3
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (5, 5)
    assert s.graveyard(0) == ["Giant Growth"]
    assert s.graveyard(1) == ["Lightning Bolt"]
    # After each resolution the active player (P2), not the caster, receives priority.
    for event in s.events("resolution_started"):
        assert s.decisions.after(event["seq"])[0].player == 1


@pytest.mark.rules("405.2", "405.5", "608.1", "608.2b")
def test_three_spells_resolve_last_in_first_out() -> None:
    s = Scenario(players=3, turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Centaur Courser")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.add(2, "battlefield", "Mountain")
    s.add(2, "hand", "Lightning Bolt")
    # P1 pumps its 3/3; P2 responds with Shock; P3 responds to that with Lightning Bolt.
    s.cast(0, "Giant Growth", targets=["Centaur Courser"])
    s.cast(1, "Shock", targets=["Centaur Courser"])
    s.cast(2, "Lightning Bolt", targets=["Centaur Courser"])
    s.run()
    assert [e["card"] for e in s.events("spell_cast")] == [
        "Giant Growth",
        "Shock",
        "Lightning Bolt",
    ]
    assert resolved_cards(s) == ["Lightning Bolt", "Shock", "Giant Growth"]
    # The last spell cast resolved first and killed the 3/3 before it could be pumped;
    # the two spells below it then had no legal target.
    assert s.graveyard(0) == ["Centaur Courser", "Giant Growth"]
    fizzled = {e["object"] for e in s.events("spell_fizzled")}
    assert fizzled == {cast_event(s, "Shock")["object"], cast_event(s, "Giant Growth")["object"]}


# --- 117.3: who receives priority -------------------------------------------------------------


@pytest.mark.rules("117.3c", "601.2i")
def test_the_player_who_casts_a_spell_receives_priority_afterward() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, active=1)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Divination")
    s.cast(1, "Divination")
    s.cast(0, "Shock", targets=["P2"])
    s.run()
    for card, caster in (("Divination", 1), ("Shock", 0)):
        nxt = s.decisions.after(cast_event(s, card)["seq"])[0]
        assert nxt.player == caster
    assert s.life(1) == 18
    assert len(s.hand(1)) == 2


@pytest.mark.rules("117.3d", "117.4", "101.4")
def test_priority_passes_in_turn_order_and_the_spell_resolves_after_all_pass() -> None:
    s = Scenario(players=4, turn=1, step=Step.PRECOMBAT_MAIN, active=2)
    s.add(2, "battlefield", "Island", "Island", "Island")
    s.add(2, "hand", "Divination")
    s.cast(2, "Divination")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = s.decisions.priority(turn=1, step=Step.PRECOMBAT_MAIN)
    assert [(a.player, a.stack) for a in main] == [
        (2, 0),
        (2, 1),
        (3, 1),
        (0, 1),
        (1, 1),  # only after this fourth pass in succession does Divination resolve
        (2, 0),
        (3, 0),
        (0, 0),
        (1, 0),
    ]
    (resolving,) = s.events("resolution_started")
    assert main[4].seq < resolving["seq"] < main[5].seq


@pytest.mark.rules("117.3c", "117.4")
def test_an_action_between_passes_means_all_must_pass_again() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Shock", targets=["P1"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = s.decisions.priority(turn=1, step=Step.PRECOMBAT_MAIN)
    # P1 casts and passes; P2 casts (P1's pass no longer counts), P2 passes, P1 passes.
    assert [(a.player, a.stack) for a in main[:5]] == [(0, 0), (0, 1), (1, 1), (1, 2), (0, 2)]
    assert resolved_cards(s) == ["Shock", "Giant Growth"]
    assert s.life(0) == 18


# --- 117.1a, 302.1, 307.1: timing -------------------------------------------------------------


@pytest.mark.rules("117.1a", "508.1")
def test_an_instant_can_be_cast_in_the_opponents_combat() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.attack(0, "Grizzly Bears")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    s.run(until=(2, Step.UPKEEP))
    assert cast_event(s, "Lightning Bolt")["step"] == "declare_attackers"
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.life(1) == 20


@pytest.mark.rules("117.1a", "509.1", "510.2")
def test_an_instant_can_be_cast_in_the_declare_blockers_step() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.graveyard(1) == ["Runeclaw Bear"]
    assert s.permanent("Grizzly Bears").damage == 2
    assert s.power("Grizzly Bears") == 5


@pytest.mark.rules("117.1a", "302.1", "307.1", "601.3")
def test_sorceries_and_creatures_only_in_own_main_phase_with_an_empty_stack() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Island", "Runeclaw Bear")
    s.add(0, "hand", "Divination", "Grizzly Bears", "Giant Growth", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Runeclaw Bear"], step=Step.POSTCOMBAT_MAIN)
    s.run(until=(3, Step.END))
    everything = {"Divination", "Grizzly Bears", "Giant Growth"}
    instants_only = {"Giant Growth"}

    def first(turn: int, step: Step) -> AskedDecision:
        return s.decisions.priority(0, turn, step)[0]

    # Own main phases, empty stack: everything can be cast.
    assert first(2, Step.PRECOMBAT_MAIN).casts == everything
    assert first(2, Step.POSTCOMBAT_MAIN).casts == everything
    # Own turn outside the main phases: instants only.
    for step in (Step.UPKEEP, Step.DRAW, Step.BEGINNING_OF_COMBAT, Step.END_OF_COMBAT, Step.END):
        assert first(2, step).casts == instants_only, step
    # Own main phase with Giant Growth on the stack: instants only.
    (responding,) = [a for a in s.decisions.priority(0, 2, Step.POSTCOMBAT_MAIN) if a.stack == 1]
    assert responding.casts == instants_only
    # The opponent's turn, even in their main phase: instants only.
    for step in (Step.UPKEEP, Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN):
        assert first(3, step).casts == instants_only, step


@pytest.mark.rules("307.1", "117.1a")
def test_priority_options_offer_no_sorcery_in_the_opponents_main_phase() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP, active=1)
    s.add(0, "battlefield", "Island", "Island", "Island", "Forest")
    s.add(0, "hand", "Divination", "Giant Growth")
    s.add(1, "battlefield", "Grizzly Bears")
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.game is not None
    casts = {o.name for o in priority_options(s.game, 0) if isinstance(o, Cast)}
    assert casts == {"Giant Growth"}
    assert s.game.active_player == 1


@pytest.mark.rules("307.1", "117.1a")
def test_casting_a_sorcery_in_the_upkeep_is_not_allowed() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.cast(0, "Divination", step=Step.UPKEEP)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("608.3a", "608.2n", "307.2", "405.1")
def test_resolving_spells_a_creature_enters_the_battlefield_a_sorcery_goes_to_graveyard() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Island", "Island", "Island", "Forest", "Forest")
    s.add(0, "hand", "Divination", "Grizzly Bears")
    s.cast(0, "Divination")
    s.cast(0, "Grizzly Bears", step=Step.POSTCOMBAT_MAIN)
    s.run()
    on_stack = [a for a in s.decisions.priority(0, turn=1) if a.stack == 1]
    assert len(on_stack) == 2  # each spell waited on the stack for the players to pass
    assert s.graveyard(0) == ["Divination"]
    assert s.permanent("Grizzly Bears").controller == 0
    (entered,) = s.events("permanent_entered")
    assert (entered["card"], entered["rule"]) == ("Grizzly Bears", "608.3a")
    assert s.hand(0) == ["Island", "Island"]

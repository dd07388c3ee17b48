"""Rules tests for lands and mana (CR 106, 116.2a, 302.6, 305, 601.2g-h, 605).

Scenarios script land plays, mana abilities and spells; every scenario records each decision
its players are asked (``Scenario.decisions``) with the options offered, the stack and the
mana pool.
"""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Payment, Step
from manaweave.testing import Scenario, ScenarioError


def tapped(s: Scenario, name: str) -> list[bool]:
    return [p.tapped for p in s.permanents(name)]


def paid_with(option: object) -> list[str]:
    """The names of the mana sources a payment option activates, in the plan's order.

    They are read from the option's description ("Forest #12, Mountain #13, pool {R}").
    """
    assert isinstance(option, Payment)
    parts = [p for p in option.description.split(", ") if not p.startswith("pool ")]
    assert len(parts) == len(option.plan.activations)
    return [p.split(" #")[0] for p in parts]


# --- 305.1, 305.2, 116.2a: playing lands ------------------------------------------------------


@pytest.mark.rules("305.2", "116.2a")
def test_only_one_land_can_be_played_each_turn() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "hand", "Forest", "Mountain", "Island")
    s.play_land(0, "Forest")
    s.run(until=(2, Step.UPKEEP))
    assert s.battlefield(0) == ["Forest"]
    first, *later = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)
    assert first.land_plays == {"Forest", "Mountain", "Island"}
    assert later
    assert all(a.land_plays == set() for a in later)
    assert all(a.land_plays == set() for a in s.decisions.priority(0, 1, Step.POSTCOMBAT_MAIN))


@pytest.mark.rules("305.2", "305.1")
def test_a_land_can_be_played_again_in_the_players_next_turn() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "hand", "Forest", "Mountain")
    s.play_land(0, "Forest")
    s.play_land(0, "Mountain", turn=3, step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))
    assert sorted(s.battlefield(0)) == ["Forest", "Mountain"]
    assert [e["turn"] for e in s.events("land_played")] == [1, 3]


@pytest.mark.rules("305.2")
def test_a_second_land_play_in_the_same_turn_is_refused() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "hand", "Forest", "Mountain")
    s.play_land(0, "Forest")
    s.play_land(0, "Mountain", step=Step.POSTCOMBAT_MAIN)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("305.1", "305.3", "116.2a")
def test_lands_are_played_only_in_own_main_phase_with_an_empty_stack() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Mountain")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))
    # Own turn, not a main phase: no land play.
    for step in (Step.UPKEEP, Step.DRAW, Step.BEGINNING_OF_COMBAT, Step.END):
        assert all(a.land_plays == set() for a in s.decisions.priority(0, 2, step)), step
    # Own main phase: allowed with an empty stack, not while Giant Growth is on it.
    main = s.decisions.priority(0, 2, Step.PRECOMBAT_MAIN)
    assert [(a.stack, a.land_plays) for a in main] == [
        (0, {"Mountain", "Island"}),  # the Island was drawn this turn
        (1, set()),
        (0, {"Mountain", "Island"}),
    ]
    # The opponent's turn, even their main phase: never (305.3).
    opponents = s.decisions.priority(0, 3)
    assert opponents
    assert all(a.land_plays == set() for a in opponents)
    assert {a.step for a in opponents} >= {Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN}


@pytest.mark.rules("305.1", "116.1", "116.2a", "117.3c")
def test_playing_a_land_is_a_special_action_that_does_not_use_the_stack() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "hand", "Forest")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.play_land(0, "Forest")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (played,) = s.events("land_played")
    assert (played["from_zone"], played["to_zone"], played["rule"]) == (
        "hand",
        "battlefield",
        "305.1",
    )
    # The land is on the battlefield at once; nothing resolved; the player keeps priority.
    assert s.battlefield(0) == ["Forest"]
    assert s.events("resolution_started") == []
    assert s.events("spell_cast") == []
    later = [a for a in s.decisions.asked if a.seq > played["seq"]]
    assert (later[0].player, later[0].kind, later[0].stack) == (0, DecisionKind.PRIORITY, 0)
    assert all(a.stack == 0 for a in s.decisions.asked)


# --- 305.6, 605: mana abilities ---------------------------------------------------------------


@pytest.mark.cards("Plains", "Island", "Swamp", "Mountain", "Forest")
@pytest.mark.rules("305.6", "106.3", "605.1a")
def test_each_basic_land_taps_for_mana_of_its_colour() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    lands = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    s.add(0, "battlefield", *lands)
    for land in lands:
        s.activate(0, land)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
    assert sorted(first.activations) == sorted(
        [
            ("Plains", "Add {W}"),
            ("Island", "Add {U}"),
            ("Swamp", "Add {B}"),
            ("Mountain", "Add {R}"),
            ("Forest", "Add {G}"),
        ]
    )
    assert s.game is not None
    source_names = {p.id: p.name for p in s.game.battlefield}
    added = [(source_names[e["source"]], e["mana"]) for e in s.events("mana_added")]
    assert added == [
        ("Plains", ["W"]),
        ("Island", ["U"]),
        ("Swamp", ["B"]),
        ("Mountain", ["R"]),
        ("Forest", ["G"]),
    ]
    assert all(p.tapped for p in s.permanents("Forest") + s.permanents("Plains"))
    last = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)[-1]
    assert sorted(last.pool) == sorted(["W", "U", "B", "R", "G"])
    assert last.activations == []  # every land is tapped now


@pytest.mark.rules("605.3b", "605.3a", "117.3c")
def test_mana_abilities_resolve_at_once_without_using_the_stack() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Forest")  # with an empty stack
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])  # paid with the floating {G}
    s.activate(0, "Forest")  # with Giant Growth on the stack
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)
    # No pass was needed for a mana ability: the mana is there at the player's next priority,
    # and the stack does not grow.
    assert [(a.stack, a.pool) for a in main[:4]] == [
        (0, ()),
        (0, ("G",)),  # after the first Forest: mana added, nothing on the stack
        (1, ()),  # Giant Growth cast with that mana
        (1, ("G",)),  # after the second Forest: still only Giant Growth on the stack
    ]
    assert [e["rule"] for e in s.events("mana_added")] == ["106.4", "106.4"]
    assert len(s.events("resolution_started")) == 1  # only Giant Growth resolved
    assert s.power("Grizzly Bears") == 5


@pytest.mark.rules("302.6", "605.3a", "602.5a")
def test_a_summoning_sick_llanowar_elves_cannot_tap_for_mana() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Llanowar Elves", sick=True)
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()
    first = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
    assert first.activations == []
    assert first.casts == set()  # nothing else could pay for Giant Growth


@pytest.mark.cards("Llanowar Elves", "Giant Growth")
@pytest.mark.rules("302.6", "605.1a", "106.4")
def test_llanowar_elves_controlled_since_the_turn_began_taps_for_green() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Llanowar Elves")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Llanowar Elves"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
    assert first.activations == [("Llanowar Elves", "Add {G}")]
    assert first.casts == {"Giant Growth"}
    assert tapped(s, "Llanowar Elves") == [True]
    assert s.power("Llanowar Elves") == 4


@pytest.mark.rules("302.6", "605.3a", "117.1a")
def test_llanowar_elves_can_tap_for_mana_in_the_opponents_turn() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP, active=1)
    s.add(0, "battlefield", "Llanowar Elves")  # controlled since before P1's last turn
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    assert tapped(s, "Llanowar Elves") == [True]
    assert s.power("Grizzly Bears") == 5


@pytest.mark.rules("302.6", "605.3a")
def test_llanowar_elves_cast_this_turn_cannot_tap_for_mana_until_the_next_turn() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Llanowar Elves")
    s.cast(0, "Llanowar Elves")
    s.run(until=(3, Step.DRAW))
    (entered,) = s.events("permanent_entered")
    after = [a for a in s.decisions.priority(0) if a.seq > entered["seq"] and a.turn < 3]
    # Not for the rest of this turn, nor in the opponent's turn 2: it has not been controlled
    # continuously since its controller's most recent turn (turn 1) began.
    assert {a.turn for a in after} == {1, 2}
    assert all(("Llanowar Elves", "Add {G}") not in a.activations for a in after)
    # In its controller's next turn it may tap for mana.
    assert ("Llanowar Elves", "Add {G}") in s.decisions.priority(0, 3, Step.UPKEEP)[0].activations


# --- 601.2g-h: costs and payment --------------------------------------------------------------


@pytest.mark.rules("601.2f", "601.2h", "117.1a")
def test_a_spell_whose_cost_cannot_be_paid_is_not_offered() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Craw Wurm", "Enormous Baloth", "Divination", "Lightning Bolt")
    s.add(0, "hand", "Giant Growth", "Centaur Courser", "Horned Turtle")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
    # Craw Wurm {4}{G}{G} and Enormous Baloth {6}{G} need more mana; Divination and
    # Horned Turtle need blue; the rest can be paid.
    assert first.casts == {"Lightning Bolt", "Giant Growth", "Centaur Courser"}


@pytest.mark.cards("Craw Wurm")
@pytest.mark.rules("601.2f", "601.2h")
def test_six_lands_pay_for_craw_wurm_but_five_do_not() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Forest", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Craw Wurm", "Forest")
    s.play_land(0, "Forest")
    s.cast(0, "Craw Wurm")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)
    assert "Craw Wurm" not in main[0].casts
    assert "Craw Wurm" in main[1].casts
    assert "Craw Wurm" in s.battlefield(0)
    assert s.game is not None
    assert all(p.tapped for p in s.game.battlefield if p.name != "Craw Wurm")


@pytest.mark.rules("601.2g", "601.2h", "605.3a")
def test_the_payment_decision_offers_only_plans_that_pay_the_cost() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Mountain", "Island")
    s.add(0, "hand", "Runeclaw Bear")
    s.cast(0, "Runeclaw Bear")  # {1}{G}
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (payment,) = s.decisions.of_kind(DecisionKind.PAYMENT)
    plans: list[list[str]] = []
    for option in payment.options:
        assert isinstance(option, Payment)
        assert option.plan.from_pool == ()
        plans.append(sorted(paid_with(option)))
    # Each plan taps the Forest for {G} and one other land for {1}: never two non-green
    # lands, never a single land, never more lands than needed.
    assert sorted(plans) == [["Forest", "Island"], ["Forest", "Mountain"]]
    # The chosen plan was carried out: two lands tapped, {1}{G} spent.
    assert tapped(s, "Forest") == [True]
    (spent,) = s.events("mana_spent")
    assert sorted(spent["mana"]) == sorted(["G", "R"])
    assert "Runeclaw Bear" in s.battlefield(0)


@pytest.mark.rules("601.2g", "601.2h", "106.4")
def test_floating_mana_in_the_pool_pays_for_a_spell() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Forest")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (payment,) = s.decisions.of_kind(DecisionKind.PAYMENT)
    assert payment.pool == ("G",)
    (only,) = payment.options
    assert isinstance(only, Payment)
    assert only.plan.from_pool == ("G",)
    assert only.plan.activations == ()
    (spent,) = s.events("mana_spent")
    assert spent["mana"] == ["G"]
    assert s.events("mana_emptied") == []  # nothing was left to empty
    assert s.power("Grizzly Bears") == 5


@pytest.mark.rules("601.2g", "601.2h", "106.4")
def test_floating_mana_and_a_land_together_pay_for_a_spell() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Mountain", "Forest")
    s.add(0, "hand", "Runeclaw Bear")
    s.activate(0, "Mountain")
    s.cast(0, "Runeclaw Bear")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (payment,) = s.decisions.of_kind(DecisionKind.PAYMENT)
    (only,) = payment.options
    assert isinstance(only, Payment)
    assert only.plan.from_pool == ("R",)
    assert paid_with(only) == ["Forest"]
    assert "Runeclaw Bear" in s.battlefield(0)
    assert s.game is not None
    assert not s.game.players[0].mana_pool


@pytest.mark.rules("106.4", "601.2h")
def test_floating_mana_of_the_wrong_colour_does_not_make_a_spell_castable() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Shock")
    s.activate(0, "Mountain")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)
    assert main[0].casts == {"Shock"}
    assert main[1].pool == ("R",)
    assert main[1].casts == {"Shock"}  # {R} floating pays for Shock, not for Giant Growth

"""Rules tests for lands and mana (CR 106, 116.2a, 302.6, 305, 601.2g-h, 605).

Scenarios script land plays, mana abilities and spells; a small test plugin wraps each
player to record every decision with the options offered, the stack and the mana pool.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from manaweave import (
    Activate,
    Cast,
    Choice,
    Decision,
    DecisionKind,
    Game,
    Option,
    Payment,
    PlayLand,
    Step,
    hookimpl,
)
from manaweave._priority import mana_sources
from manaweave.testing import Scenario, ScenarioError

# --- recording what players are asked ---------------------------------------------------------


@dataclass(frozen=True)
class Asked:
    turn: int
    step: Step | None
    kind: DecisionKind
    player: int
    options: tuple[Option, ...]
    stack: int
    pool: tuple[str, ...]
    sources: dict[int, str]
    """For a payment: the names of the mana sources, by the keys the plans refer to."""
    seq: int

    @property
    def casts(self) -> set[str]:
        return {o.name for o in self.options if isinstance(o, Cast)}

    @property
    def land_plays(self) -> set[str]:
        return {o.name for o in self.options if isinstance(o, PlayLand)}

    @property
    def activations(self) -> list[tuple[str, str]]:
        return [(o.name, o.text) for o in self.options if isinstance(o, Activate)]


class _Recording:
    def __init__(self, spy: DecisionSpy, game: Game, inner: Any) -> None:
        self.spy = spy
        self.game = game
        self.inner = inner

    async def decide(self, decision: Decision) -> Choice:
        game = self.game
        sources: dict[int, str] = {}
        if decision.kind is DecisionKind.PAYMENT:
            sources = {s.spec.key: s.permanent.name for s in mana_sources(game, decision.player)}
        self.spy.asked.append(
            Asked(
                game.turn,
                game.step,
                decision.kind,
                decision.player,
                tuple(decision.options),
                len(game.stack),
                game.players[decision.player].mana_pool.as_tuple(),
                sources,
                len(game.log.records),
            )
        )
        return await self.inner.decide(decision)


class DecisionSpy:
    """Test plugin: records every decision any player is asked, then lets them answer."""

    def __init__(self) -> None:
        self.asked: list[Asked] = []

    @hookimpl
    def mw_game_setup(self, game: Game) -> None:
        game.actors[:] = [_Recording(self, game, actor) for actor in game.actors]

    def priority(
        self, player: int, turn: int | None = None, step: Step | None = None
    ) -> list[Asked]:
        return [
            a
            for a in self.asked
            if a.kind is DecisionKind.PRIORITY
            and a.player == player
            and (turn is None or a.turn == turn)
            and (step is None or a.step is step)
        ]

    def of_kind(self, kind: DecisionKind) -> list[Asked]:
        return [a for a in self.asked if a.kind is kind]


def tapped(s: Scenario, name: str) -> list[bool]:
    return [p.tapped for p in s.permanents(name)]


# --- 305.1, 305.2, 116.2a: playing lands ------------------------------------------------------


@pytest.mark.rules("305.2", "116.2a")
def test_only_one_land_can_be_played_each_turn() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "hand", "Forest", "Mountain", "Island")
    s.play_land(0, "Forest")
    s.run(until=(2, Step.UPKEEP))
    assert s.battlefield(0) == ["Forest"]
    first, *later = spy.priority(0, 1, Step.PRECOMBAT_MAIN)
    assert first.land_plays == {"Forest", "Mountain", "Island"}
    assert later
    assert all(a.land_plays == set() for a in later)
    assert all(a.land_plays == set() for a in spy.priority(0, 1, Step.POSTCOMBAT_MAIN))


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
    spy = DecisionSpy()
    s = Scenario(turn=2, step=Step.UPKEEP, plugins=[spy])
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Mountain")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))
    # Own turn, not a main phase: no land play.
    for step in (Step.UPKEEP, Step.DRAW, Step.BEGINNING_OF_COMBAT, Step.END):
        assert all(a.land_plays == set() for a in spy.priority(0, 2, step)), step
    # Own main phase: allowed with an empty stack, not while Giant Growth is on it.
    main = spy.priority(0, 2, Step.PRECOMBAT_MAIN)
    assert [(a.stack, a.land_plays) for a in main] == [
        (0, {"Mountain", "Island"}),  # the Island was drawn this turn
        (1, set()),
        (0, {"Mountain", "Island"}),
    ]
    # The opponent's turn, even their main phase: never (305.3).
    opponents = spy.priority(0, 3)
    assert opponents
    assert all(a.land_plays == set() for a in opponents)
    assert {a.step for a in opponents} >= {Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN}


@pytest.mark.rules("305.1", "116.1", "116.2a", "117.3c")
def test_playing_a_land_is_a_special_action_that_does_not_use_the_stack() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
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
    assert s.events("resolving") == []
    assert s.events("spell_cast") == []
    later = [a for a in spy.asked if a.seq > played["seq"]]
    assert (later[0].player, later[0].kind, later[0].stack) == (0, DecisionKind.PRIORITY, 0)
    assert all(a.stack == 0 for a in spy.asked)


# --- 305.6, 605: mana abilities ---------------------------------------------------------------


@pytest.mark.rules("305.6", "106.3", "605.1a")
def test_each_basic_land_taps_for_mana_of_its_colour() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    lands = ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    s.add(0, "battlefield", *lands)
    for land in lands:
        s.activate(0, land)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first = spy.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
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
    last = spy.priority(0, 1, Step.PRECOMBAT_MAIN)[-1]
    assert sorted(last.pool) == sorted(["W", "U", "B", "R", "G"])
    assert last.activations == []  # every land is tapped now


@pytest.mark.rules("605.3b", "605.3a", "117.3c")
def test_mana_abilities_resolve_at_once_without_using_the_stack() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Forest")  # with an empty stack
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])  # paid with the floating {G}
    s.activate(0, "Forest")  # with Giant Growth on the stack
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = spy.priority(0, 1, Step.PRECOMBAT_MAIN)
    # No pass was needed for a mana ability: the mana is there at the player's next priority,
    # and the stack does not grow.
    assert [(a.stack, a.pool) for a in main[:4]] == [
        (0, ()),
        (0, ("G",)),  # after the first Forest: mana added, nothing on the stack
        (1, ()),  # Giant Growth cast with that mana
        (1, ("G",)),  # after the second Forest: still only Giant Growth on the stack
    ]
    assert [e["rule"] for e in s.events("mana_added")] == ["106.4", "106.4"]
    assert len(s.events("resolving")) == 1  # only Giant Growth resolved
    assert s.power("Grizzly Bears") == 5


@pytest.mark.rules("302.6", "605.3a", "602.5a")
def test_a_summoning_sick_llanowar_elves_cannot_tap_for_mana() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Llanowar Elves", sick=True)
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()
    first = spy.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
    assert first.activations == []
    assert first.casts == set()  # nothing else could pay for Giant Growth


@pytest.mark.rules("302.6", "605.1a", "106.4")
def test_llanowar_elves_controlled_since_the_turn_began_taps_for_green() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Llanowar Elves")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Llanowar Elves"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first = spy.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
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
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Llanowar Elves")
    s.cast(0, "Llanowar Elves")
    s.run(until=(3, Step.DRAW))
    (entered,) = s.events("permanent_entered")
    after = [a for a in spy.priority(0) if a.seq > entered["seq"] and a.turn < 3]
    # Not for the rest of this turn, nor in the opponent's turn 2: it has not been controlled
    # continuously since its controller's most recent turn (turn 1) began.
    assert {a.turn for a in after} == {1, 2}
    assert all(("Llanowar Elves", "Add {G}") not in a.activations for a in after)
    # In its controller's next turn it may tap for mana.
    assert ("Llanowar Elves", "Add {G}") in spy.priority(0, 3, Step.UPKEEP)[0].activations


# --- 601.2g-h: costs and payment --------------------------------------------------------------


@pytest.mark.rules("601.2f", "601.2h", "117.1a")
def test_a_spell_whose_cost_cannot_be_paid_is_not_offered() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Craw Wurm", "Enormous Baloth", "Divination", "Lightning Bolt")
    s.add(0, "hand", "Giant Growth", "Centaur Courser", "Horned Turtle")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first = spy.priority(0, 1, Step.PRECOMBAT_MAIN)[0]
    # Craw Wurm {4}{G}{G} and Enormous Baloth {6}{G} need more mana; Divination and
    # Horned Turtle need blue; the rest can be paid.
    assert first.casts == {"Lightning Bolt", "Giant Growth", "Centaur Courser"}


@pytest.mark.rules("601.2f", "601.2h")
def test_six_lands_pay_for_craw_wurm_but_five_do_not() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Forest", "Forest", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Craw Wurm", "Forest")
    s.play_land(0, "Forest")
    s.cast(0, "Craw Wurm")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = spy.priority(0, 1, Step.PRECOMBAT_MAIN)
    assert "Craw Wurm" not in main[0].casts
    assert "Craw Wurm" in main[1].casts
    assert "Craw Wurm" in s.battlefield(0)
    assert s.game is not None
    assert all(p.tapped for p in s.game.battlefield if p.name != "Craw Wurm")


@pytest.mark.rules("601.2g", "601.2h", "605.3a")
def test_the_payment_decision_offers_only_plans_that_pay_the_cost() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Forest", "Mountain", "Island")
    s.add(0, "hand", "Runeclaw Bear")
    s.cast(0, "Runeclaw Bear")  # {1}{G}
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (payment,) = spy.of_kind(DecisionKind.PAYMENT)
    plans: list[list[str]] = []
    for option in payment.options:
        assert isinstance(option, Payment)
        assert option.plan.from_pool == ()
        plans.append(sorted(payment.sources[key] for key, _ in option.plan.activations))
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
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Forest")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (payment,) = spy.of_kind(DecisionKind.PAYMENT)
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
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Mountain", "Forest")
    s.add(0, "hand", "Runeclaw Bear")
    s.activate(0, "Mountain")
    s.cast(0, "Runeclaw Bear")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (payment,) = spy.of_kind(DecisionKind.PAYMENT)
    (only,) = payment.options
    assert isinstance(only, Payment)
    assert only.plan.from_pool == ("R",)
    assert [payment.sources[key] for key, _ in only.plan.activations] == ["Forest"]
    assert "Runeclaw Bear" in s.battlefield(0)
    assert s.game is not None
    assert not s.game.players[0].mana_pool


@pytest.mark.rules("106.4", "601.2h")
def test_floating_mana_of_the_wrong_colour_does_not_make_a_spell_castable() -> None:
    spy = DecisionSpy()
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[spy])
    s.add(0, "battlefield", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Shock")
    s.activate(0, "Mountain")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    main = spy.priority(0, 1, Step.PRECOMBAT_MAIN)
    assert main[0].casts == {"Shock"}
    assert main[1].pool == ("R",)
    assert main[1].casts == {"Shock"}  # {R} floating pays for Shock, not for Giant Growth

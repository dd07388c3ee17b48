"""Rules tests for replacement effects of tapping and untapping (CR 614.1a, 701.26).

The test cards' replacement abilities stand for "If [this] would become tapped/untapped,
... instead" texts: tapping and untapping pass through the replacement pipeline like every
other event. Tapping to pay a {T} cost can't be replaced yet, and says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from _support import first

import manaweave
from manaweave import ManaCost, RuleNotImplementedError, Step
from manaweave.cards import (
    ActivatedAbility,
    CardSet,
    DrawCards,
    Printed,
    ReplacementAbility,
    card,
)
from manaweave.lowlevel import Event, Game, GameObject, ReplacementEffect, TapEvent
from manaweave.testing import Scenario


@dataclass(frozen=True, slots=True)
class _GainLifeInsteadOfTapping(ReplacementEffect):
    events = (TapEvent,)

    def applies(self, game: Game, event: TapEvent) -> bool:
        return not event.untap and event.obj.id == self.source

    async def apply(self, game: Game, event: TapEvent) -> Event | None:
        await game.gain_life(self.controller, 2)
        return None


@dataclass(frozen=True, slots=True)
class _CounterInsteadOfUntapping(ReplacementEffect):
    events = (TapEvent,)

    def applies(self, game: Game, event: TapEvent) -> bool:
        return event.untap and event.obj.id == self.source

    async def apply(self, game: Game, event: TapEvent) -> Event | None:
        await game.put_counters(event.obj, "+1/+1", 1, rule="614.1a")
        return None


_TAP_TEXT = "If this creature would become tapped, instead you gain 2 life."
_UNTAP_TEXT = "If this creature would become untapped, put a +1/+1 counter on it instead."


@dataclass(frozen=True, slots=True)
class GainLifeInsteadOfTapping(ReplacementAbility):
    text: str = _TAP_TEXT

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        return self._from(source, _GainLifeInsteadOfTapping)


@dataclass(frozen=True, slots=True)
class CounterInsteadOfUntapping(ReplacementAbility):
    text: str = _UNTAP_TEXT

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        return self._from(source, _CounterInsteadOfUntapping)


CARDS = (
    card(
        "Test Unbowed Sentry",
        printed=Printed(
            "{1}{W}", "Creature — Soldier", _TAP_TEXT + "\n{T}: Draw a card.", pt=(2, 2)
        ),
        abilities=(
            GainLifeInsteadOfTapping(),
            ActivatedAbility(
                ManaCost.parse(""), effects=(DrawCards(1),), tap=True, text="{T}: Draw a card."
            ),
        ),
    ),
    card(
        "Test Restless Golem",
        printed=Printed("{3}", "Artifact Creature — Golem", _UNTAP_TEXT, pt=(2, 2)),
        abilities=(CounterInsteadOfUntapping(),),
    ),
)


class TapCards:
    """Creatures whose tapping or untapping is replaced."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSP", "Test tap cards", CARDS)]


@pytest.mark.rules("614.1a", "701.26a", "603.2e")
def test_tapping_by_an_effect_is_replaced() -> None:
    s = Scenario(plugins=[TapCards()])
    s.add(0, "battlefield", "Test Unbowed Sentry")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Frost Breath")
    s.cast(1, "Frost Breath", targets=["Test Unbowed Sentry"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.permanent("Test Unbowed Sentry").tapped is False
    assert s.life(0) == 22
    replaced = first(s, "event_replaced")
    assert (replaced["rule"], replaced["instead_of"]) == ("614.1a", "tap")
    assert not [e for e in s.events("permanent_tapped") if e["object"] == replaced["object"]]


@pytest.mark.rules("614.1a", "508.1f")
def test_an_attacker_whose_tapping_is_replaced_attacks_untapped() -> None:
    # Tapping an attacking creature isn't a cost (508.1f), so it can be replaced.
    s = Scenario(plugins=[TapCards()])
    s.add(0, "battlefield", "Test Unbowed Sentry")
    s.attack(0, "Test Unbowed Sentry")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("Test Unbowed Sentry").tapped is False
    assert s.life(1) == 18
    assert s.life(0) == 22


@pytest.mark.rules("614.1a", "502.3", "701.26b")
def test_untapping_in_the_untap_step_is_replaced() -> None:
    s = Scenario(plugins=[TapCards()], turn=3, step=Step.UNTAP)
    s.add(0, "battlefield", "Test Restless Golem", tapped=True)
    s.run(until=(3, Step.UPKEEP))
    golem = s.permanent("Test Restless Golem")
    assert golem.tapped is True
    assert golem.counters == {"+1/+1": 1}
    assert first(s, "event_replaced")["instead_of"] == "untap"


@pytest.mark.rules("614.1a", "602.2b")
def test_replacing_a_tap_that_pays_a_cost_is_not_implemented() -> None:
    s = Scenario(plugins=[TapCards()])
    s.add(0, "battlefield", "Test Unbowed Sentry")
    s.activate(0, "Test Unbowed Sentry")
    with pytest.raises(RuleNotImplementedError, match=r"614\.1a"):
        s.run()

"""Mana burn in play, with the installed plugin (see conftest.py): the option of every
variant, acting as a step or phase ends before the built-in rule empties the pools."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from manaweave import Step, hookimpl
from manaweave.lowlevel import Duration, Event, Game, ManaLossEvent, ReplacementEffect
from manaweave.pytest_plugin import ScenarioFactory


@pytest.mark.rules("500.5", "106.4", "119.3")
def test_unspent_mana_burns_as_the_main_phase_ends(scenario: ScenarioFactory) -> None:
    s = scenario(options={"mana_burn": True})
    s.mana(0, "GGR")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (emptied,) = s.events("mana_emptied")
    assert (emptied["player"], sorted(emptied["mana"])) == (0, ["G", "G", "R"])
    (burned,) = s.events("life_changed")
    assert (burned["player"], burned["delta"], burned["rule"]) == (0, -3, "500.5")
    assert burned["seq"] > emptied["seq"]
    assert (s.life(0), s.life(1)) == (17, 20)


@pytest.mark.rules("500.5", "106.4")
def test_without_the_option_mana_empties_and_burns_nobody(scenario: ScenarioFactory) -> None:
    s = scenario()
    s.mana(0, "GG")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert len(s.events("mana_emptied")) == 1
    assert s.events("life_changed") == []
    assert s.life(0) == 20


@dataclass(frozen=True, slots=True)
class GreenManaStays(ReplacementEffect):
    """ "Players don't lose unspent green mana as steps and phases end." """

    events = (ManaLossEvent,)

    def applies(self, game: Game, event: ManaLossEvent) -> bool:
        return "G" in event.mana

    async def apply(self, game: Game, event: ManaLossEvent) -> Event | None:
        rest = tuple(symbol for symbol in event.mana if symbol != "G")
        return ManaLossEvent(event.player, rest) if rest else None


class KeepsGreenMana:
    @hookimpl
    def mw_collect_replacements(self, game: Game) -> list[ReplacementEffect]:
        return [GreenManaStays(0, 0, GreenManaStays.__doc__ or "", duration=Duration.PERMANENT)]


@pytest.mark.rules("500.5", "614.1a", "119.3")
def test_mana_a_replacement_effect_keeps_burns_nobody(scenario: ScenarioFactory) -> None:
    s = scenario(options={"mana_burn": True}, plugins=[KeepsGreenMana()])
    s.mana(0, "GGR")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    (emptied,) = s.events("mana_emptied")
    assert emptied["mana"] == ["R"]
    (replaced,) = s.events("event_replaced")
    assert (replaced["instead_of"], replaced["amount"], replaced["to_amount"]) == (
        "mana loss",
        3,
        1,
    )
    assert s.life(0) == 19
    assert s.game is not None
    assert s.game.players[0].mana_pool.as_tuple() == ("G", "G")

"""``manaweave.cards.pump`` and ``grant_ability``: +N/+N and abilities for a while, from any
effect (CR 611.2, 613.4c, 613.1f)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from manaweave import IllegalActionError, Step, hookimpl
from manaweave.cards import (
    END_OF_TURN,
    INDEFINITELY,
    TARGET_CREATURE,
    UNTIL_YOUR_NEXT_TURN,
    Becomes,
    CardSet,
    Effect,
    GainLife,
    Printed,
    Resolution,
    SpellAbility,
    TriggeredAbility,
    WheneverAttacks,
    card,
    grant_ability,
    pump,
)
from manaweave.keywords.flying import Flying
from manaweave.lowlevel import Duration
from manaweave.testing import Scenario


@dataclass(frozen=True, slots=True)
class _EachCreatureYouControlGets(Effect):
    """ "Creatures you control get +P/+T until end of turn", one pump per creature."""

    power: int
    toughness: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for creature in game.creatures(resolution.controller):
            pump(
                game,
                creature,
                self.power,
                self.toughness,
                source=resolution.item.id,
                controller=resolution.controller,
            )


_GAIN_ON_ATTACK = TriggeredAbility(
    WheneverAttacks(), (GainLife(2),), text="Whenever this creature attacks, you gain 2 life."
)


@dataclass(frozen=True, slots=True)
class _TargetGainsFlyingAndLife(Effect):
    """ "Target creature gains flying and '[_GAIN_ON_ATTACK]' until end of turn"."""

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[0]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        for ability in (Flying(), _GAIN_ON_ATTACK):
            grant_ability(
                game,
                game.objects[chosen],
                ability,
                source=resolution.item.id,
                controller=resolution.controller,
            )


CARDS = (
    card(
        "Test Rally",
        printed=Printed("{W}", "Instant", "Creatures you control get +2/+2 until end of turn."),
        spell=SpellAbility(effects=(_EachCreatureYouControlGets(2, 2),)),
    ),
    card(
        "Test Shrink",
        printed=Printed("{U}", "Instant", "Target creature becomes 0/1 until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(pt=(0, 1)),)),
    ),
    card(
        "Test Wings",
        printed=Printed(
            "{U}",
            "Instant",
            'Target creature gains flying and "Whenever this creature attacks, you gain 2 life" '
            "until end of turn.",
        ),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(_TargetGainsFlyingAndLife(),)),
    ),
)


class _Cards:
    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TPG", "Pump and grant tests", CARDS)]


def _rally(until: tuple[int, Step]) -> Scenario:
    s = Scenario(plugins=[_Cards()])
    s.add(0, "battlefield", "Plains", "Grizzly Bears")
    s.add(0, "hand", "Test Rally")
    s.cast(0, "Test Rally")
    return s.run(until=until)


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("611.2", "611.2a", "613.4c", "514.2")
def test_a_pump_lasts_until_the_cleanup_step() -> None:
    s = _rally(until=(1, Step.END))
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 4)
    [created] = s.events("effect_created")
    assert created["description"] == "+2/+2 until end of turn"
    assert created["layer"] == "613.4c"
    s = _rally(until=(2, Step.UPKEEP))
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("613.4b", "613.4c")
def test_a_pump_applies_after_an_effect_that_sets_power_and_toughness_whatever_the_order() -> None:
    # The pump starts first, the 0/1 later: +2/+2 (7c) still applies after the 0/1 (7b).
    s = Scenario(plugins=[_Cards()])
    s.add(0, "battlefield", "Plains", "Island", "Grizzly Bears")
    s.add(0, "hand", "Test Rally", "Test Shrink")
    s.cast(0, "Test Rally")
    s.cast(0, "Test Shrink", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 3)


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear")
@pytest.mark.rules("613.1f", "702.9b", "603.2", "508.1m", "611.2", "514.2")
def test_granted_abilities_work_that_turn_and_are_gone_the_next() -> None:
    s = Scenario(plugins=[_Cards()])
    s.add(0, "battlefield", "Island", "Grizzly Bears")
    s.add(0, "hand", "Test Wings")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Test Wings", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")  # flying: Runeclaw Bear can't block it (702.9b)
    s.attack(0, "Grizzly Bears", turn=3)
    s.block(1, "Runeclaw Bear", "Grizzly Bears", turn=3)  # no flying any more
    s.run(until=(3, Step.END))
    blocks = [(e["turn"], e["blockers"]) for e in s.events("blockers_declared")]
    assert blocks[0] == (1, [])
    assert blocks[1][0] == 3
    assert blocks[1][1]
    assert s.life(1) == 18  # only the unblocked attack of turn 1
    # The granted triggered ability triggered on turn 1 only (613.1f, 603.2).
    triggered = [(e["turn"], e["text"]) for e in s.events("ability_triggered")]
    assert triggered == [(1, _GAIN_ON_ATTACK.text)]
    assert s.life(0) == 22
    assert s.graveyard(0) == ["Test Wings", "Grizzly Bears"]
    assert s.graveyard(1) == ["Runeclaw Bear"]


def _game_in_main_phase() -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "graveyard", "Runeclaw Bear")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    return s


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("611.2", "611.2c")
def test_pump_from_outside_a_resolution_and_its_durations() -> None:
    s = _game_in_main_phase()
    game = s.game
    assert game is not None
    bears = s.permanent("Grizzly Bears")
    pump(game, bears, 1, 0, source=bears.id, until=INDEFINITELY)
    pump(game, bears, 0, 3, source=bears.id, controller=0, until=UNTIL_YOUR_NEXT_TURN)
    effect = pump(game, bears, -1, -1, source=bears.id, until=END_OF_TURN)
    assert effect.affected == frozenset((bears.id,))
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 4)
    assert [e["duration"] for e in s.events("effect_created")] == [
        "permanent",
        "until_your_next_turn",
        "end_of_turn",
    ]


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear")
@pytest.mark.rules("611.2c", "400.7")
def test_pump_and_grant_ability_refuse_what_they_cannot_do() -> None:
    s = _game_in_main_phase()
    game = s.game
    assert game is not None
    bears = s.permanent("Grizzly Bears")
    [in_graveyard] = game.players[0].graveyard
    with pytest.raises(IllegalActionError, match=r"Runeclaw Bear \(#\d+\) is not on the"):
        pump(game, in_graveyard, 1, 1, source=bears.id)
    with pytest.raises(IllegalActionError, match="not on the battlefield"):
        grant_ability(game, in_graveyard, Flying(), source=bears.id)
    with pytest.raises(ValueError, match="until end of turn, until your next turn or"):
        pump(game, bears, 1, 1, source=bears.id, until=Duration.WHILE_SOURCE_ON_BATTLEFIELD)
    with pytest.raises(ValueError, match="needs the controller"):
        grant_ability(game, bears, Flying(), source=bears.id, until=UNTIL_YOUR_NEXT_TURN)
    assert s.events("effect_created") == []

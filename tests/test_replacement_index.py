"""Replacement and prevention effects declare the kinds of event they apply to
(``ReplacementEffect.events``), and the 616.1 loop offers each event only to the effects
of its kind, found through an index as triggered abilities are by ``Trigger.kind``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

import pytest

import manaweave
from manaweave.lowlevel import (
    EVENT_KINDS,
    DamageEvent,
    Duration,
    Event,
    Game,
    LifeGainEvent,
    ReplacementEffect,
)
from manaweave.testing import Scenario


@dataclass(frozen=True, slots=True)
class _OneMoreLife(ReplacementEffect):
    """A house rule: each player who would gain life gains that much plus 1; it notes the
    kind of every event it is asked about."""

    events = (LifeGainEvent,)
    asked: list[type] = field(default_factory=list)

    def applies(self, game: Game, event: LifeGainEvent) -> bool:
        self.asked.append(type(event))
        return True

    async def apply(self, game: Game, event: LifeGainEvent) -> Event | None:
        return LifeGainEvent(event.player, event.amount + 1)


class _HouseRule:
    def __init__(self, effect: ReplacementEffect) -> None:
        self.effect = effect

    @manaweave.hookimpl
    def mw_collect_replacements(self, game: Game) -> list[ReplacementEffect]:
        return [self.effect]


@pytest.mark.rules("616.1", "614.1a")
def test_an_effect_is_offered_only_the_events_it_declares() -> None:
    """A life gain effect is asked about the life gain, and not about the damage, the
    zone changes and the draws of the same game (616.1: it applies to life gain only)."""
    effect = _OneMoreLife(0, 0, "gain 1 more life", duration=Duration.PERMANENT)
    s = Scenario(plugins=[_HouseRule(effect)])
    s.add(0, "battlefield", "Mountain", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Lightning Bolt", "Angel's Mercy")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(0, "Angel's Mercy")
    s.run()
    assert s.life(1) == 17
    assert s.life(0) == 20 + 7 + 1
    assert effect.asked == [LifeGainEvent]


def test_an_effect_that_declares_no_events_is_offered_every_event_and_warned() -> None:
    with pytest.warns(DeprecationWarning, match="does not declare the events it applies to"):

        @dataclass(frozen=True, slots=True)
        class Undeclared(ReplacementEffect):
            prevention: ClassVar[bool] = True

            def applies(self, game: Game, event: Event) -> bool:
                return False

    assert Undeclared.events == EVENT_KINDS


def test_an_effect_declaring_something_that_is_no_event_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"Misdeclared\.events names .*str.*DamageEvent"):

        @dataclass(frozen=True, slots=True)
        class Misdeclared(ReplacementEffect):
            events = (DamageEvent, str)  # type: ignore[assignment]

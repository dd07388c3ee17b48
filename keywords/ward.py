"""Ward (CR 702.21): "Whenever this permanent becomes the target of a spell or ability an
opponent controls, counter that spell or ability unless that player pays [cost]"
(702.21a). The cost is mana ("Ward {2}") or something else ("Ward—Pay 2 life",
"Ward—Discard a card"); the player who controls the targeting spell or ability decides
whether to pay as the ward ability resolves (118.12a).

Example::

    Ward("{2}")
    Ward(costs=(PayLife(2, "pay 2 life"),), text="Ward—Pay 2 life.")
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from manaweave import ManaCost, RuleNotImplementedError, hookimpl
from manaweave.cards import (
    Ability,
    Cost,
    Effect,
    OwnTrigger,
    TriggeredAbility,
    TriggerEvent,
    TriggerKind,
)

if TYPE_CHECKING:
    from manaweave.cards import Resolution
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Ward", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class _BecomesTargetOfOpponent(OwnTrigger):
    """ "Whenever this permanent becomes the target of a spell or ability an opponent
    controls" (702.21a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TARGET

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            OwnTrigger.matches(self, game, source, event)
            and event.player is not None
            and event.player in game.opponents(source.controller)
        )


_TRIGGER = _BecomesTargetOfOpponent()


@dataclass(frozen=True, slots=True)
class _CounterUnlessPaid(Effect):
    """ "Counter that spell or ability unless that player pays [cost]" (702.21a, 118.12a):
    the spell or ability whose targeting triggered the ability, if it is still on the
    stack; its controller then may pay."""

    mana: ManaCost | None
    costs: tuple[Cost, ...]
    cost_text: str

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        event = resolution.event
        if event is None or event.item is None or event.player is None:
            return
        targeting = next((item for item in game.stack if item.id == event.item), None)
        if targeting is None:
            return  # it has left the stack: nothing to counter
        paid = await game.offer_to_pay(
            event.player,
            resolution.item.source_snapshot,
            mana=self.mana,
            costs=self.costs,
            prompt=f"{self.cost_text}, or {targeting.public_name} is countered (ward)",
            rule="702.21a",
        )
        if not paid and targeting in game.stack:
            await game.counter(targeting)


@dataclass(frozen=True, slots=True, init=False)
class Ward(TriggeredAbility):
    """ "Ward [cost]" (CR 702.21a), a triggered ability: ``Ward("{2}")`` for a mana cost,
    ``Ward(costs=(...))`` for other costs, or both. Each instance triggers on its own
    (603.2), so a permanent with two ward abilities asks for both costs. A cost with X
    (702.21b) is not implemented."""

    cost: ManaCost | None = None
    costs: tuple[Cost, ...] = ()

    def __init__(
        self, cost: str | None = None, *, costs: tuple[Cost, ...] = (), text: str = ""
    ) -> None:
        mana = ManaCost.parse(cost) if cost is not None else None
        if mana is not None and mana.x_count:
            raise RuleNotImplementedError("702.21b", "a ward cost with X")
        if mana is None and not costs:
            raise ValueError("ward needs a cost (702.21a)")
        parts = ([f"pay {mana}"] if mana is not None else []) + [c.text for c in costs]
        cost_text = ", ".join(parts)
        if not text:
            text = f"Ward {mana}" if mana is not None and not costs else f"Ward—{cost_text}"
        self.initialize(
            trigger=_TRIGGER,
            effects=(_CounterUnlessPaid(mana, costs, cost_text),),
            text=text,
            cost=mana,
            costs=costs,
        )


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Ward,)

"""Protean Hydra's prevention: "If damage would be dealt to Protean Hydra, prevent that
damage and remove that many +1/+1 counters from it" (CR 615.1a, 615.6)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from manaweave.cards import ReplacementAbility
from manaweave.lowlevel import DamageEvent, Event, ReplacementEffect

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject


@dataclass(frozen=True, slots=True)
class PreventToSelfRemovingCounters(ReplacementEffect):
    """Damage to its source is prevented and as many ``counter`` counters are removed from
    it."""

    counter: str = "+1/+1"
    prevention: ClassVar[bool] = True
    events = (DamageEvent,)

    def applies(self, game: Game, event: DamageEvent) -> bool:
        return event.amount > 0 and event.target == self.source

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        target = game.objects.get(self.source)
        if target is not None:
            game.remove_counters(target, self.counter, event.amount, rule="615.6")
        return None


@dataclass(frozen=True, slots=True)
class PreventDamageRemovingCounters(ReplacementAbility):
    """The text "If damage would be dealt to [this], prevent that damage and remove that
    many [kind] counters from it"."""

    kind: str = "+1/+1"
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:
        return self._from(source, PreventToSelfRemovingCounters, counter=self.kind)

"""What only Fireball does, written against the card language:
:class:`CostsMorePerTargetBeyondFirst`, :class:`DealDamageDividedEvenly`. The card itself is
defined with the others of its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import Amount, CastSpell, CostChange, Effect, Resolution
from manaweave.lowlevel import Game, GameObject


@dataclass(frozen=True, slots=True)
class CostsMorePerTargetBeyondFirst(CostChange):
    """ "This spell costs {N} more to cast for each target beyond the first" (Fireball)."""

    amount: int = 1
    text: str = ""

    def change(self, game: Game, source: GameObject, spell: CastSpell) -> int:
        return self.amount * max(0, spell.target_count - 1)


@dataclass(frozen=True, slots=True)
class DealDamageDividedEvenly(Effect):
    """Deal N damage "divided evenly, rounded down, among any number of targets": the
    division is made as it resolves, among the targets still legal then (608.2b)."""

    amount: int | Amount

    async def resolve(self, resolution: Resolution) -> None:
        legal = [t for t in resolution.targets if t is not None]
        if not legal:
            return
        each = resolution.amount(self.amount) // len(legal)
        if each <= 0:
            return
        source = resolution.item.source_snapshot
        await resolution.game.deal_damage_simultaneously([(source, t, each) for t in legal])

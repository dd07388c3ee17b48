"""What only Master of the Wild Hunt does, written against the card language:
:class:`TappedCreaturesTradeDamageWithTarget`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import DecisionKind, Zone
from manaweave.cards import Effect, Recipient, Resolution
from manaweave.lowlevel import DamageSplits

if TYPE_CHECKING:
    from manaweave.lowlevel import GameObject, TargetRef


@dataclass(frozen=True, slots=True)
class TappedCreaturesTradeDamageWithTarget(Effect):
    """ "Tap all untapped [subtype] creatures you control. Each [one] tapped this way deals
    damage equal to its power to target creature. That creature deals damage equal to its
    power divided as its controller chooses among any number of those [creatures]"
    (CR 701.26a, 120.3, 608.2d): the target at index ``target``. The tapping comes
    first; then the damage of both sentences is dealt at the same time (608.2f), each
    creature's damage equal to its power before any of it, and the division is chosen
    before it is dealt."""

    subtype: str
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.recipient(self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        tapped: list[GameObject] = []
        for creature in game.creatures(resolution.controller):
            if creature.tapped or self.subtype not in game.characteristics(creature).subtypes:
                continue
            if await game.tap(creature, rule="701.26a"):
                tapped.append(creature)
        tapped = [c for c in tapped if c.zone is Zone.BATTLEFIELD]
        damage: list[tuple[GameObject, TargetRef, int]] = [
            (c, chosen, game.characteristics(c).power or 0) for c in tapped
        ]
        target = game.objects.get(chosen)
        if target is not None and target.zone is Zone.BATTLEFIELD and tapped:
            power = game.characteristics(target).power or 0
            recipients = tuple(c.id for c in tapped)
            if power > 0 and len(recipients) == 1:
                damage.append((target, recipients[0], power))
            elif power > 0:
                splits = DamageSplits(power, recipients)
                decision = game.decision(
                    DecisionKind.DIVISION,
                    target.controller,
                    splits,
                    f"divide {power} damage from {target.name} among the tapped "
                    f"{self.subtype} creatures",
                    rule="608.2d",
                )
                split = splits[(await game.ask(decision)).indices[0]]
                damage.extend(
                    (target, r, a) for r, a in zip(split.recipients, split.amounts, strict=True)
                )
        await game.deal_damage_simultaneously(damage)

"""Effects on the stack: countering, copying, and changing targets (CR 701.6, 707.10, 115.7)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from manaweave._engine._objects import AbilityOnStack
from manaweave._engine._zones import Zone

from ._resolution import Effect, Resolution

if TYPE_CHECKING:
    from manaweave._engine._objects import GameObject


@dataclass(frozen=True, slots=True)
class CounterSpell(Effect):
    """Counter the target spell at index ``target``: it is removed from the stack and put
    into its owner's graveyard (CR 701.6a)."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if isinstance(chosen, int):
            await resolution.game.counter(resolution.game.objects[chosen])


@dataclass(frozen=True, slots=True)
class CopyTargetSpell(Effect):
    """ "Copy target instant or sorcery spell. You may choose new targets for the copy"
    (CR 707.10, 707.10c): the copy goes on the stack under this effect's controller."""

    target: int = 0
    new_targets: bool = True

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        spell = _target_spell(resolution, self.target)
        if spell is not None:
            await game.copy_spell(spell, resolution.controller, new_targets=self.new_targets)


@dataclass(frozen=True, slots=True)
class CopyTargetAbility(Effect):
    """ "Copy target triggered ability you control. You may choose new targets for the
    copy" (CR 707.10, 707.10b-c): the copy has the same source."""

    target: int = 0
    new_targets: bool = True

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        target = resolution.targets[self.target]
        item = next(
            (i for i in game.stack if isinstance(i, AbilityOnStack) and i.id == target), None
        )
        if item is not None:
            await game.copy_ability(item, resolution.controller, new_targets=self.new_targets)


@dataclass(frozen=True, slots=True)
class ChangeTargets(Effect):
    """ "Change the target(s) of target spell" (``how="the"``, CR 115.7a), "change a target"
    (``"a"``, 115.7b) or "change any targets" (``"any"``, 115.7c)."""

    target: int = 0
    how: Literal["the", "a", "any"] = "the"

    async def resolve(self, resolution: Resolution) -> None:
        spell = _target_spell(resolution, self.target)
        if spell is not None:
            await resolution.game.change_targets(spell, resolution.controller, how=self.how)


@dataclass(frozen=True, slots=True)
class ChooseNewTargets(Effect):
    """ "You may choose new targets for target spell" (CR 115.7d)."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        spell = _target_spell(resolution, self.target)
        if spell is not None:
            await resolution.game.choose_new_targets(spell, resolution.controller)


def _target_spell(resolution: Resolution, index: int) -> GameObject | None:
    """The spell at target ``index``, if it is still on the stack."""
    target = resolution.targets[index]
    if not isinstance(target, int):
        return None
    spell = resolution.game.objects.get(target)
    return spell if spell is not None and spell.zone is Zone.STACK else None

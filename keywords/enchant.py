"""Enchant (CR 702.5): "Enchant [object or player]" restricts what an Aura spell can
target and what the Aura can enchant (702.5a). The rules of Auras (303.4) ask it through
the core's :class:`~manaweave.cards.AuraTarget`; an Aura attached to something its
enchant ability doesn't allow is put into its owner's graveyard (704.5m).

Example::

    Enchant(TARGET_CREATURE, text="Enchant creature")
"""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import RuleNotImplementedError, hookimpl
from manaweave.cards import Ability, AuraTarget, TargetKind, TargetSpec

__all__ = ["Enchant", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Enchant(AuraTarget):
    """ "Enchant [quality]" (702.5a): ``spec`` is the target the Aura spell requires and
    what the Aura may be attached to. Several instances on one Aura must all be obeyed
    (702.5c): several that differ are not implemented. Auras that enchant players
    (702.5d) are not implemented."""

    spec: TargetSpec
    text: str = ""

    def __post_init__(self) -> None:
        if self.spec.kind is TargetKind.PLAYER:
            raise RuleNotImplementedError("702.5d", f"{self.text or 'an Aura'} enchanting a player")

    def enchants(self) -> TargetSpec:
        return self.spec


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Enchant,)

"""Equip (CR 702.6): "Equip [cost]" means "[Cost]: Attach this permanent to target
creature you control. Activate only as a sorcery." (702.6a). "Equip [quality] creature"
may target only a creature you control with that quality (702.6c). A permanent with
several equip abilities may activate any of them (702.6d). The attachment itself follows
701.3 and the state-based action 704.5n.

Example::

    Equip("{2}")
    Equip("{1}", creature=TargetSpec(TargetKind.CREATURE, "target Knight you control",
                                      subtypes=("Knight",), yours=True), text="Equip Knight {1}")
"""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import ManaCost, hookimpl
from manaweave.cards import Ability, ActivatedAbility, AttachSelf, TargetKind, TargetSpec

__all__ = ["Equip", "mw_keywords"]

_CREATURE_YOU_CONTROL = TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True)


@dataclass(frozen=True, slots=True, init=False)
class Equip(ActivatedAbility):
    """ "Equip [cost]" (702.6a), an activated ability of Equipment: ``Equip("{2}")``;
    ``creature`` restricts the target further ("Equip Knight", 702.6c) and must admit only
    creatures its controller controls. "Equip planeswalker" (702.6e) is not implemented."""

    def __init__(
        self, cost: str, *, creature: TargetSpec = _CREATURE_YOU_CONTROL, text: str = ""
    ) -> None:
        if creature.kind is not TargetKind.CREATURE or not creature.yours:
            raise ValueError(f"an equip ability targets a creature you control, not {creature}")
        mana = ManaCost.parse(cost)
        self.initialize(
            cost=mana,
            effects=(AttachSelf(0),),
            targets=(creature,),
            text=text or f"Equip {mana}",
            sorcery_speed=True,
            keyword="Equip",
        )


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Equip,)

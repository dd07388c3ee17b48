"""Spell abilities: the instructions of instants and sorceries (CR 113.3a), and modes (700.2)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ._ability import Ability
from ._conditions import SpellCondition
from ._damage_and_life import DealDividedDamage
from ._resolution import Effect
from ._target_specs import TargetSpec, target_slots


@dataclass(frozen=True, slots=True)
class Mode:
    """One option of a modal spell (CR 700.2): its text, targets and effects."""

    text: str
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellAbility(Ability):
    """The instructions of an instant or sorcery (CR 113.3a), with its targets.

    A modal spell ("Choose one —", CR 700.2) gives ``modes`` instead of ``targets`` and
    ``effects``, and how many to ``choose``.
    """

    targets: tuple[TargetSpec, ...] = ()
    effects: tuple[Effect, ...] = ()
    text: str = ""
    modes: tuple[Mode, ...] = ()
    choose: int = 1
    uncounterable_if: SpellCondition | None = None
    """"This spell can't be countered" (with a condition, or ``ALWAYS``), CR 113.6g."""

    def __post_init__(self) -> None:
        total = self.divided
        slots = len(target_slots(self.targets))
        if total is not None and total < slots:
            raise ValueError(
                f"{self.text or 'a spell'} divides {total} among up to {slots} targets: "
                "each target must get at least 1 (601.2d)"
            )

    @property
    def divided(self) -> int | None:
        """The amount its controller divides among its targets as it is cast (601.2d)."""
        return divided_total(self.effects)


def divided_total(effects: Iterable[Effect]) -> int | None:
    """The amount a spell or ability divides among its targets as it is put on the stack
    (601.2d, 602.2b, 603.3d), if it does."""
    for effect in effects:
        if isinstance(effect, DealDividedDamage):
            return effect.total
    return None

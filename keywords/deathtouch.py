"""Deathtouch (CR 702.2).

A creature dealt damage by a source with deathtouch since state-based actions were last
checked is destroyed as a state-based action (702.2b, 704.5h): the ability marks it
through :meth:`manaweave.Game.mark_deathtouch_damage` as the damage is dealt
(a :class:`~manaweave.cards.DamageResult`), from any zone (702.2d), and the game looks at
the last known information of a source that has left its zone (702.2e). Any nonzero
amount of combat damage a source with deathtouch assigns a creature counts as lethal
damage (702.2c), through :class:`~manaweave.cards.ChangesLethalDamage`: so a creature
with deathtouch and trample may assign 1 damage to each blocker and the rest to the
player. Multiple instances are redundant (702.2f).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from manaweave import hookimpl
from manaweave.cards import Ability, ChangesLethalDamage, DamageResult

if TYPE_CHECKING:
    from manaweave import Game, GameObject

__all__ = ["Deathtouch", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Deathtouch(DamageResult, ChangesLethalDamage):
    """ "Deathtouch" (702.2a): a static ability."""

    text: str = "Deathtouch"
    redundant: ClassVar[bool] = True  # 702.2f

    def after_damage(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        game.mark_deathtouch_damage(target)

    def lethal_damage(
        self, game: Game, source: GameObject, creature: GameObject, lethal: int
    ) -> int:
        return 1


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Deathtouch,)

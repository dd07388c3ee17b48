"""Deathtouch (CR 702.2).

A creature dealt damage by a source with deathtouch since state-based actions were last
checked is destroyed as a state-based action (702.2b, 704.5h): the ability marks it
through :func:`mark_deathtouch_damage` as the damage is dealt
(a :class:`~manaweave.cards.DamageResult`), from any zone (702.2d), and this module's
state-based action, :class:`DeathtouchDamage`, destroys it and forgets the marks at the
next check. The game looks at
the last known information of a source that has left its zone (702.2e). Any nonzero
amount of combat damage a source with deathtouch assigns a creature counts as lethal
damage (702.2c), through :class:`~manaweave.cards.ChangesLethalDamage`: so a creature
with deathtouch and trample may assign 1 damage to each blocker and the rest to the
player. Multiple instances are redundant (702.2f).
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, cast

from manaweave import Zone, hookimpl
from manaweave.cards import Ability, ChangesLethalDamage, DamageResult
from manaweave.hookspecs import (
    BaseStateBasedAction,
    Destroy,
    LooksAt,
    StateBasedAction,
    StateBasedActionResult,
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Characteristics, Game, GameObject

__all__ = [
    "Deathtouch",
    "DeathtouchDamage",
    "mark_deathtouch_damage",
    "mw_collect_state_based_actions",
    "mw_game_copied",
    "mw_keywords",
]


@dataclass(frozen=True, slots=True)
class Deathtouch(DamageResult, ChangesLethalDamage):
    """ "Deathtouch" (702.2a): a static ability."""

    text: str = "Deathtouch"
    redundant: ClassVar[bool] = True  # 702.2f
    keyword_actions: ClassVar[tuple[str, ...]] = ("destroy",)
    """Its state-based action destroys (704.5h): a card with deathtouch needs destroy."""

    def after_damage(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        mark_deathtouch_damage(game, target)

    def lethal_damage(
        self, game: Game, source: GameObject, creature: GameObject, lethal: int
    ) -> int:
        return 1


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Deathtouch,)


class DeathtouchDamage(BaseStateBasedAction):
    """A creature with toughness greater than 0 that has been dealt damage by a source
    with deathtouch since the last time state-based actions were checked is destroyed
    (704.5h); one that can't be destroyed is passed by (702.12b). A creature with lethal
    damage marked on it is already destroyed by 704.5g, once.

    The marks (the creatures dealt such damage since the last check) are the game's, kept
    apart from the action, so one action serves a game and its copies."""

    rule = "704.5h"
    looks_at = frozenset({LooksAt.EACH_CREATURE, LooksAt.THE_GAME})

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        toughness = characteristics.toughness
        if (
            permanent.damaged_by_deathtouch
            and toughness is not None
            and permanent.damage < toughness
            and game.can_be_destroyed(permanent)
        ):
            found.append(Destroy(permanent, "704.5h"))

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> None:
        marked = _MARKS.get(game)
        if not marked:
            return
        for permanent in marked:
            permanent.damaged_by_deathtouch = False  # "since the last time ... were checked"
        marked.clear()


_MARKS: weakref.WeakKeyDictionary[Game, list[GameObject]] = weakref.WeakKeyDictionary()
"""Each game's creatures marked by deathtouch damage since the last check, in order (a
game without this plugin has none)."""


def mark_deathtouch_damage(game: Game, target: int | tuple[str, int]) -> None:
    """Note that ``target`` was dealt damage by a source with deathtouch: a creature is
    destroyed the next time state-based actions are checked (702.2b, 704.5h). With this
    plugin turned off, nothing is marked; a player or a noncreature is not marked."""
    marked = _MARKS.get(game)
    if marked is not None and isinstance(target, int):
        obj = game.objects.get(target)
        if obj is not None and obj.zone is Zone.BATTLEFIELD and game.is_creature(obj):
            obj.damaged_by_deathtouch = True
            marked.append(obj)


@hookimpl
def mw_game_copied(game: Game, copy: Game, copied: Callable[[object], object]) -> None:
    """A copy of a game has its own marks: the copies of the original's."""
    marked = _MARKS.get(game)
    if marked is not None:
        _MARKS[copy] = [cast("GameObject", copied(obj)) for obj in marked]


@hookimpl
def mw_collect_state_based_actions(game: Game) -> list[StateBasedAction]:
    """Deathtouch's state-based action for ``game`` (704.5h)."""
    _MARKS[game] = []
    return [DeathtouchDamage()]

"""Trample and trample over planeswalkers (CR 702.19).

The controller of an attacking creature with trample may assign the damage beyond lethal
damage to its blockers to the player, planeswalker or battle it attacks (702.19b),
through the core's :class:`~manaweave.cards.ExcessCombatDamage`: the core offers every
division in which nothing goes past the blockers until each is assigned lethal damage
(counting damage already marked and damage other creatures assign in the same step, and
deathtouch, 702.2c). Blocked with no blockers left, it assigns all its damage to what it
attacks (702.19d). Trample has no effect on a blocking creature (702.19a).

With trample over planeswalkers, damage beyond the loyalty of the planeswalker it attacks
may go on to that planeswalker's controller (702.19c), and to the defending player if the
planeswalker was removed from combat (702.19e); with plain trample none of it reaches the
player (702.19f). Multiple instances of each are redundant (702.19g).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, ExcessCombatDamage

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Trample", "TrampleOverPlaneswalkers", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Trample(ExcessCombatDamage):
    """ "Trample" (702.19a): a static ability that modifies the rules for assigning an
    attacking creature's combat damage."""

    text: str = "Trample"

    def beyond_blockers(
        self,
        game: Game,
        creature: GameObject,
        attacked: int | tuple[str, int] | None,
        defending: int,
    ) -> tuple[int | tuple[str, int], ...]:
        return () if attacked is None else (attacked,)


@dataclass(frozen=True, slots=True)
class TrampleOverPlaneswalkers(ExcessCombatDamage):
    """ "Trample over planeswalkers" (702.19c), a variant of trample."""

    text: str = "Trample over planeswalkers"

    def beyond_blockers(
        self,
        game: Game,
        creature: GameObject,
        attacked: int | tuple[str, int] | None,
        defending: int,
    ) -> tuple[int | tuple[str, int], ...]:
        if attacked is None:
            return (("player", defending),)  # 702.19e
        if isinstance(attacked, int) and _is_planeswalker(game, attacked):
            return (attacked, ("player", game.objects[attacked].controller))
        return (attacked,)


def _is_planeswalker(game: Game, permanent: int) -> bool:
    obj = game.objects.get(permanent)
    return obj is not None and "Planeswalker" in game.characteristics(obj).types


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Trample, TrampleOverPlaneswalkers)

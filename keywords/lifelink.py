"""Lifelink (CR 702.15): damage dealt by a source with lifelink causes that source's
controller, or its owner if it has no controller, to gain that much life, in addition to
the damage's other results (702.15b, 120.3). It works through the damage results the
core asks after each instance of damage: damage that was prevented was never dealt and
gains nothing (615.1), and the life gain is an event that replacement effects may modify
(119.10, 614.1a).

Example::

    VAMPIRE_NIGHTHAWK = card(
        "Vampire Nighthawk", "{1}{B}{B}", "Creature — Vampire Shaman",
        "Flying\\nDeathtouch\\nLifelink", pt=(2, 3),
        abilities=(Flying(), Deathtouch(), Lifelink()),
    )
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from manaweave import hookimpl
from manaweave.cards import Ability, DamageResult

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Lifelink", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Lifelink(DamageResult):
    """ "Lifelink" (CR 702.15a), a static ability that works in every zone its object
    deals damage from (702.15d), judged from the source as it is or last existed
    (702.15c). The damage one source deals at one time causes one life gain, and several
    sources cause separate ones (702.15e); multiple instances on one object are
    redundant (702.15f)."""

    text: str = field(default="Lifelink", compare=False)
    redundant: ClassVar[bool] = True

    async def after_damage_events(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        # An object outside the battlefield and the stack has no controller; the game
        # gives it its owner as its controller there, which is whom 702.15b names.
        current = game.objects.get(source.id) or source
        await game.gain_life_from_damage(current.controller, amount, current)


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Lifelink,)

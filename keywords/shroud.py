"""Shroud (CR 702.18): "This permanent or player can't be the target of spells or
abilities" (702.18a), its controller's included. It works through the targeting rules:
what an ability of a would-be target forbids (115, 601.2c, 608.2b).

Example::

    ARGOTHIAN_ENCHANTRESS = card(
        "Argothian Enchantress", "{1}{G}", "Creature — Human Druid",
        "Shroud\nWhenever you cast an enchantment spell, draw a card.",
        pt=(0, 1), abilities=(Shroud(), ...),
    )
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability

if TYPE_CHECKING:
    from manaweave.cards import Targeting
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Shroud", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Shroud(Ability):
    """ "Shroud" (CR 702.18a), a static ability: its permanent can't be the target of any
    spell or ability, whoever controls it. Multiple instances are redundant (702.18b),
    and all are equal, so an effect that makes it lose shroud takes every instance."""

    text: str = field(default="Shroud", compare=False)

    def forbids_targeting(self, game: Game, permanent: GameObject, by: Targeting) -> bool:
        return True


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Shroud,)

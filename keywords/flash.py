"""Flash (CR 702.8): "You may play this card any time you could cast an instant"
(702.8a). It works from the zone the card is cast from, so the game asks it as the card
could be cast (601.3, 117.1a); a card cast face down has the face-down values, without
flash (708.4).

Example::

    AMBUSH_VIPER = card(
        "Ambush Viper", "{1}{G}", "Creature — Snake", "Flash\\nDeathtouch",
        pt=(2, 1), abilities=(Flash(), Deathtouch()),
    )
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, FlashPermission

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Flash", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Flash(FlashPermission):
    """ "Flash" (CR 702.8a), a static ability of the card it is on: that card may be cast
    any time its caster could cast an instant. Multiple instances are redundant (702.8b):
    any one allows it, and all are equal."""

    text: str = field(default="Flash", compare=False)

    def allows(
        self, game: Game, holder: GameObject, player: int, card: GameObject, spell: CardDefinition
    ) -> bool:
        # Only the card it is on, in the zone it is cast from (702.8a); a permanent with
        # flash lets nothing else be cast.
        return holder.id == card.id


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Flash,)

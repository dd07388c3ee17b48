"""Bushido (CR 702.45) for manaweave, as a plugin distributed on its own.

"Bushido N" means "Whenever this creature blocks or becomes blocked, it gets +N/+N until
end of turn" (702.45a). It is a triggered ability of the card language, so nothing in
the core knows about it; each instance triggers separately (702.45b).

Installed, the distribution's entry point (group ``manaweave``) registers this
module; it defines the keyword and a card that has it::

    [project.entry-points.manaweave]
    bushido = "manaweave_bushido"
"""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import hookimpl
from manaweave.cards import (
    SELF,
    Ability,
    CardSet,
    Printed,
    PumpTarget,
    TriggeredAbility,
    WheneverBlocksOrBecomesBlocked,
    card,
)

__all__ = ["Bushido", "mw_card_sets", "mw_keywords"]

_TRIGGER = WheneverBlocksOrBecomesBlocked()


@dataclass(frozen=True, slots=True, init=False)
class Bushido(TriggeredAbility):
    """ "Bushido N" (CR 702.45a): whenever this creature blocks or becomes blocked, it
    gets +N/+N until end of turn."""

    amount: int = 1

    def __init__(self, amount: int) -> None:
        if amount < 1:
            raise ValueError(f"bushido needs a positive number, not {amount}")
        # The fields of a triggered ability, worked out from N (Ability.initialize).
        self.initialize(
            amount=amount,
            trigger=_TRIGGER,
            effects=(PumpTarget(amount, amount, SELF),),
            text=f"Bushido {amount}",
        )


CARDS = (
    card(
        "Devoted Retainer",
        printed=Printed(
            "{W}",
            "Creature — Human Samurai",
            "Bushido 1 (Whenever this creature blocks or becomes blocked, it gets +1/+1 until "
            "end of turn.)",
            pt=(1, 1),
        ),
        abilities=(Bushido(1),),
    ),
)


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword this plugin adds."""
    return (Bushido,)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    """A card with bushido, to play it."""
    return [CardSet("BSH", "Bushido cards", CARDS)]

"""What only Pariah does, written against the card language:
:class:`DamageToYouDealtToEnchanted`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import RedirectDamage, ReplacementAbility
from manaweave.lowlevel import Game, GameObject, ReplacementEffect


@dataclass(frozen=True, slots=True)
class DamageToYouDealtToEnchanted(ReplacementAbility):
    """ "All damage that would be dealt to you is dealt to enchanted creature instead"
    (Pariah): a redirection effect (CR 614.9)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:

        if source.attached_to is None:
            return []
        return self._from(
            source, RedirectDamage, protected=source.controller, to=source.attached_to
        )

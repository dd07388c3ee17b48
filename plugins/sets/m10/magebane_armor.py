"""What only Magebane Armor does, written against the card language:
:class:`PreventDamageToEquipped`. The card itself is defined with the others of its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave.cards import PreventDamageToObject, ReplacementAbility
from manaweave.lowlevel import Game, GameObject, ReplacementEffect


@dataclass(frozen=True, slots=True)
class PreventDamageToEquipped(ReplacementAbility):
    """ "Prevent all [noncombat] damage that would be dealt to equipped creature" on an
    Equipment (CR 615.1a, 301.5a): it protects whatever the Equipment is attached to."""

    noncombat_only: bool = False
    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:

        if source.attached_to is None:
            return []
        return self._from(
            source,
            PreventDamageToObject,
            protected=source.attached_to,
            noncombat_only=self.noncombat_only,
        )

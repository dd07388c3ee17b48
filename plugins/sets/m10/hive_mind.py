"""What only Hive Mind does, written against the card language:
:class:`EachOtherPlayerCopiesThatSpell`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import Zone
from manaweave.cards import Effect, Resolution


@dataclass(frozen=True, slots=True)
class EachOtherPlayerCopiesThatSpell(Effect):
    """ "Each other player copies that spell. Each of those players may choose new
    targets for their copy" (CR 707.10, 707.10c), for the spell whose casting triggered
    the ability: each player other than its caster, in APNAP order (101.4), puts a copy
    under their control onto the stack. A spell that has left the stack is copied as it
    last existed (608.2h)."""

    async def resolve(self, resolution: Resolution) -> None:
        event = resolution.event
        if event is None or event.obj is None or event.player is None:
            return
        game = resolution.game
        current = game.objects.get(event.obj.id)
        spell = current if current is not None and current.zone is Zone.STACK else event.obj
        for player in game.turn_order_from(game.active_player):
            # Not to players out of its controller's range of influence (801.10).
            if player != event.player and game.in_range(resolution.controller, player):
                await game.copy_spell(spell, player, new_targets=True)

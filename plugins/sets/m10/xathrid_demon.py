"""What only Xathrid Demon does, written against the card language:
:class:`SacrificeAnotherElseTapAndLoseLife`. The card itself is defined with the others of
its colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import CardOption, DecisionKind, Zone
from manaweave.cards import Effect, Resolution, Sacrifice


@dataclass(frozen=True, slots=True)
class SacrificeAnotherElseTapAndLoseLife(Effect):
    """ "Sacrifice a creature other than [this], then each opponent loses life equal to
    the sacrificed creature's power. If you can't sacrifice a creature, tap [this] and you
    lose N life" (CR 701.21a): the power is the creature's as it last existed on the
    battlefield (608.2h), none lost for a power of 0 or less (119.3); whether a creature can
    be sacrificed is decided as the effect resolves."""

    life: int

    async def resolve(self, resolution: Resolution) -> None:

        game = resolution.game
        player = resolution.controller
        source = game.objects.get(resolution.item.source)
        this = source if source is not None and source.zone is Zone.BATTLEFIELD else None
        sacrifice = Sacrifice("sacrifice a creature other than this", another=True)
        candidates = sacrifice.candidates(game, player, this or resolution.item.source_snapshot)
        if not candidates:
            if this is not None and not this.tapped:
                await game.tap(this, rule="701.26a")
            await game.lose_life(player, self.life, source=resolution.item.source_snapshot)
            return
        options = [CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates]
        decision = game.decision(
            DecisionKind.SACRIFICE, player, options, sacrifice.text, rule="701.21a"
        )
        choice = await game.ask(decision)
        (sacrificed,) = await sacrifice.pay(
            game, player, resolution.item.source_snapshot, (options[choice.indices[0]].object,)
        )
        opponents = game.opponents(player)
        for opponent in game.turn_order_from(game.active_player):
            if opponent in opponents:
                await game.lose_life(
                    opponent,
                    max(0, sacrificed.power or 0),
                    source=resolution.item.source_snapshot,
                )

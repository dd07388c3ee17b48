"""What only Abundance does, written against the card language: :class:`DigInsteadOfDrawing`,
:class:`MayRevealInsteadOfDrawing`. The card itself is defined with the others of its
colour."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import DecisionKind, Named
from manaweave.cards import ReplacementAbility
from manaweave.lowlevel import DrawEvent, Event, Game, GameObject, ReplacementEffect


@dataclass(frozen=True, slots=True)
class DigInsteadOfDrawing(ReplacementEffect):
    """ "If you would draw a card, you may instead choose land or nonland and reveal cards
    from the top of your library until you reveal a card of the chosen kind. Put that card
    into your hand and put all other cards revealed this way on the bottom of your library
    in any order" (Abundance, 614.11)."""

    events = (DrawEvent,)

    def applies(self, game: Game, event: DrawEvent) -> bool:
        return event.player == self.controller

    async def apply(self, game: Game, event: DrawEvent) -> Event | None:
        player = event.player
        options = [Named("land"), Named("nonland"), Named("draw")]
        decision = game.decision(
            DecisionKind.MAY,
            player,
            options,
            f"{self.source_name}: instead of drawing, choose land or nonland (or draw)",
            rule="614.11",
        )
        choice = await game.ask(decision)
        kind = options[choice.indices[0]].word
        if kind == "draw" or game.players[player].has_left:
            return event
        await game.reveal_until(player, lands=kind == "land")
        return None


@dataclass(frozen=True, slots=True)
class MayRevealInsteadOfDrawing(ReplacementAbility):
    """ "If you would draw a card, you may instead choose land or nonland and reveal cards
    ... until you reveal a card of the chosen kind" (Abundance, CR 614.11)."""

    text: str = ""

    def replacement_effects(self, game: Game, source: GameObject) -> list[ReplacementEffect]:

        return self._from(source, DigInsteadOfDrawing)

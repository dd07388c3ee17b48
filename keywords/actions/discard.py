"""Discard (CR 701.9): a player moves a card from their hand to their graveyard."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave._engine._decisions import CardOption, DecisionKind
from manaweave._engine._zones import Zone
from manaweave.cards import TriggerEvent, TriggerKind
from manaweave.events import CardDiscarded
from manaweave.hookspecs import KeywordAction, hookimpl

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

__all__ = ["DISCARD", "discard", "discard_chosen", "mw_keywords"]


async def discard(game: Game, card: GameObject, *, rule: str) -> GameObject:
    """Its owner discards ``card``: hand to graveyard (CR 701.9a). Returns the object it
    became."""
    seq = game.log.next_seq  # the card_discarded event's
    discarded = await game.move(card, Zone.GRAVEYARD, rule=rule, event=CardDiscarded)
    if game.watching:
        game.notice(TriggerEvent(TriggerKind.DISCARDS, seq, card.owner, discarded))
    return discarded


async def discard_chosen(game: Game, player: int, count: int, *, prompt: str, rule: str) -> None:
    """``player`` discards ``count`` cards of their choice, or their whole hand if it
    holds fewer (CR 701.9b); ``rule`` is the rule that makes them discard."""
    hand = game.players[player].hand
    count = min(count, len(hand))
    if count <= 0:
        return
    options = [CardOption(c.id, c.name) for c in hand]
    decision = game.decision(
        DecisionKind.DISCARD, player, options, prompt, min=count, max=count, rule=rule
    )
    choice = await game.ask(decision)
    for index in choice.indices:
        card = game.objects[options[index].object]
        if card.zone is Zone.HAND:
            await discard(game, card, rule=rule)


DISCARD = KeywordAction("discard", "701.9a", discard, perform_chosen=discard_chosen)
"""The keyword action discard."""


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this module defines."""
    return (DISCARD,)

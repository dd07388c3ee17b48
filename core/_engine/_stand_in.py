"""Choices required of a player who has left the game (CR 800.4g, 800.4h).

An effect that requires a specific player's choice asks it with :func:`ask_or_stand_in`:
if that player has left the game, before the question or while answering it, another
player makes the same choice. For an object's choice, the object's controller chooses
who (another opponent if the departed player was their opponent, 800.4g); for a choice
a rule requires, it is the next player in turn order (800.4h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._decisions import Choice, Decision, DecisionKind, Named

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["ask_or_stand_in"]


async def ask_or_stand_in(
    game: Game, decision: Decision, *, controller: int | None
) -> tuple[int, Choice]:
    """Ask ``decision`` of its player and return who made the choice and what it was.

    ``controller`` is the controller of the object that requires the choice, or ``None``
    when a rule requires it. While the deciding player has left the game, the choice goes
    to a stand-in (800.4g, 800.4h), asked the same question with the same options.
    """
    choice = await game.ask(decision)
    chooser = decision.player
    # The question as it was asked: the stand-in's range decides what they may choose.
    asked = decision if decision._unnarrowed is None else decision._unnarrowed
    while game.players[chooser].has_left and game.players_in_game > 0:
        departed = chooser
        chooser = await _stand_in(game, departed, controller)
        again = game.decision(
            asked.kind,
            chooser,
            asked.options,
            asked.prompt,
            min=asked.min,
            max=asked.max,
            groups=asked.groups,
            ordered=asked.ordered,
            rule="800.4h" if controller is None else "800.4g",
            whole_answer_rule=asked.whole_answer_rule,
            legal_answer=asked._legal_answer,
        )
        choice = await game.ask(again)
    return chooser, choice


async def _stand_in(game: Game, departed: int, controller: int | None) -> int:
    """Who makes the choice ``departed`` would have made."""
    if controller is None or game.players[controller].has_left:
        return game.next_player(departed)  # 800.4h
    # The controller chooses another player; another opponent if the departed player was
    # their opponent and one is left (800.4g).
    candidates = game.opponents(controller) if game.is_opponent(controller, departed) else []
    if not candidates:
        candidates = [p.id for p in game.alive()]
    if len(candidates) == 1:
        return candidates[0]
    options = [Named(game.players[p].name) for p in candidates]
    decision = game.decision(
        DecisionKind.CHOICE,
        controller,
        options,
        f"choose the player who makes {game.players[departed].name}'s choice",
        rule="800.4g",
    )
    choice = await game.ask(decision)
    return candidates[choice.indices[0]]

"""Effects that end with a turn: "until end of turn" effects and marked damage at
cleanup (CR 514.2), "until your next turn" effects as that player's turn begins (611.2a),
also for players who have left the game (800.4m).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.events import CleanupPerformed, EffectsEnded

from ._layers import Duration
from ._replacement import end_of_turn

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["TurnEffects"]


class TurnEffects:
    """Ends the effects whose duration is a turn or part of one."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def begin_turn_effects(self, previous: int | None) -> None:
        """End "until your next turn" effects of the player whose turn begins, and of
        players who left and whose turn would have begun since ``previous``'s (800.4m)."""
        game = self.game
        ending = [
            e
            for e in game.effects
            if e.duration is Duration.UNTIL_YOUR_NEXT_TURN
            and e.controller is not None
            and self._turn_begins_for(e.controller, previous)
        ]
        if ending:
            ended = {id(e) for e in ending}
            game.effects = [e for e in game.effects if id(e) not in ended]
            game.derived.invalidate()
            game.emit(EffectsEnded(rule="611.2a", effects=len(ending)))

    def _turn_begins_for(self, player: int, previous: int | None) -> bool:
        game = self.game
        if game.is_active(player):
            return True  # theirs, or their team's (805.4)
        if not game.players[player].has_left or previous is None:
            return False
        n = len(game.players)
        # Seats strictly between the previous active player and this one, in turn order.
        seat = (previous + 1) % n
        while seat != game.active_player:
            if seat == player:
                return True
            seat = (seat + 1) % n
        return False

    def end_turn_effects(self) -> None:
        """Remove marked damage and end "until end of turn" effects (CR 514.2)."""
        game = self.game
        for obj in game.battlefield:
            obj.damage = 0
        ended = [e for e in game.effects if e.duration is Duration.END_OF_TURN]
        if ended:
            game.effects = [e for e in game.effects if e.duration is not Duration.END_OF_TURN]
            game.derived.invalidate()
        lasting = end_of_turn(game.replacement_effects)
        ended_replacements = len(game.replacement_effects) - len(lasting)
        game.replacement_effects = lasting
        ended_combat_rules = len(game.combat_rule_effects)
        if ended_combat_rules:
            game.combat_rule_effects = []
            game.derived.invalidate()
        game.emit(
            CleanupPerformed(
                rule="514.2",
                effects_ended=len(ended) + ended_replacements + ended_combat_rules,
            )
        )

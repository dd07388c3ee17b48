"""How a game ends (CR 104): the outcome, and the exception that unwinds the turn loop."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GameOver", "Outcome"]


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (CR 104): winners (empty for a draw), the reason, turns played."""

    winners: tuple[int, ...]
    reason: str
    turns: int
    losers: tuple[tuple[int, str], ...] = ()
    """Each player who lost or left, with why, in the order it happened."""

    @property
    def is_draw(self) -> bool:
        """Whether the game was a draw (CR 104.4)."""
        return not self.winners


class GameOver(Exception):
    """Raised inside the engine to unwind the turn loop when the game has ended."""

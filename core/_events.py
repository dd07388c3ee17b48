"""The event bus: every change of the game is logged as one event with its CR rule.

:class:`EventBus` writes the structured log (the replay), tags events with the event that
caused them, and counts the events after which state-based actions must be checked again
(704.3).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol

from .log import EventLog

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["EmitEvent", "EventBus"]


class EmitEvent(Protocol):
    """The signature of :meth:`EventBus.emit`."""

    def __call__(
        self,
        event: str,
        /,
        *,
        rule: str | None = None,
        player: int | None = None,
        visibility: Sequence[int] | None = None,
        **fields: Any,
    ) -> int:
        """Log one event; returns its ``seq``."""


class EventBus:
    """Logs a game's events with the fields every line has (turn, step, rule, cause)."""

    __slots__ = ("_game", "cause", "log", "state_version")

    def __init__(self, game: Game, log: EventLog) -> None:
        self._game = game
        self.log = log
        self.cause: int | None = None
        """The ``seq`` of the event being carried out, logged as ``cause`` of its results."""
        self.state_version = 0
        """Counts the events that may make a state-based action apply; equal values mean
        nothing such has happened in between."""

    def emit(
        self,
        event: str,
        /,
        *,
        rule: str | None = None,
        player: int | None = None,
        visibility: Sequence[int] | None = None,
        **fields: Any,
    ) -> int:
        """Log one event with the common fields; returns its ``seq``."""
        if event not in _UNCHECKED_EVENTS:
            self.state_version += 1
        game = self._game
        line: dict[str, Any] = {"turn": game.turn, "step": game.step_name}
        if player is not None:
            line["player"] = player
        if rule is not None:
            line["rule"] = rule
        if self.cause is not None:
            line["cause"] = self.cause
        line["visibility"] = "public" if visibility is None else list(visibility)
        line.update(fields)
        return self.log.emit(event, line)

    @contextmanager
    def caused_by(self, seq: int) -> Iterator[None]:
        """Log events inside the block with ``cause`` = ``seq``."""
        previous = self.cause
        self.cause = seq
        try:
            yield
        finally:
            self.cause = previous


_UNCHECKED_EVENTS = frozenset(
    {
        "decision_made",
        "decision_rejected",
        "turn_began",
        "step_began",
        "permanent_tapped",
        "permanent_untapped",
        "mana_added",
        "mana_spent",
        "mana_emptied",
        "library_shuffled",
    }
)
"""Events after which state-based actions need no new check (704.3): what a player said,
turn structure, tapping and mana, none of which any state-based action looks at."""

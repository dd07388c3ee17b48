"""The event bus: every change of the game is logged as one event with its CR rule.

:class:`EventBus` writes the structured log (the replay) from the event records of
:mod:`manaweave.events`, tags events with the event that caused them, and counts the events
after which state-based actions must be checked again (704.3): those whose record class
says so (``state_check``). Logging an event and changing what state-based actions look at
are two things; the record's class tells the bus whether an event is both.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from manaweave.events import EventRecord
from manaweave.log import SCHEMA_VERSION, EventLog

from ._loggable import check_loggable

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["EventBus"]

_TRUSTED: set[type[EventRecord]] = set()
"""The engine's record classes, not checked here: the log refuses a value of theirs that it
cannot encode as it renders the line, and checks every value of every line in tests
(:meth:`~manaweave.log.EventLog.check_every_line`). Records that plugins define are
checked each time one is logged."""


class EventBus:
    """Logs a game's events with the fields every line has (turn, step, rule, cause)."""

    __slots__ = ("_every_seat", "_game", "cause", "log", "state_version")

    def __init__(self, game: Game, log: EventLog) -> None:
        self._game = game
        self.log = log
        self.cause: int | None = None
        """The ``seq`` of the event being carried out, logged as ``cause`` of its results."""
        self.state_version = 0
        """Counts the events that may make a state-based action apply (those whose record
        class has ``state_check``); equal values mean nothing such has happened in between."""
        self._every_seat: list[int] | None = None
        """The visibility of a public event: every seat (CR 400.2), listed once the game
        has its players."""

    def emit(self, record: EventRecord, /) -> int:
        """Log one event with the common fields; returns its ``seq``.

        The line is ``turn``, ``step``, ``player``, ``rule``, ``cause`` and ``visibility``
        (``player``, ``rule`` and ``cause`` only when set; ``visibility`` every seat when
        the record's is ``None``: a public event), then the record's own fields in
        their order, leaving out the optional ones not given. The event counts as a change
        of state (:attr:`state_version`) unless its record class says no state-based
        action looks at it.

        A record of a class that a plugin defines is refused
        (:class:`~manaweave.UnloggableValueError`, naming the field) if a value would not
        read back from the log as it is: an object, a set, an integer beyond 64 bits, a NaN.
        So is a record of the engine's with a value the log cannot encode (an object, a
        set, a huge integer: an engine bug), as its line is rendered; a NaN or an
        infinity in one only while :attr:`~manaweave.log.EventLog.check_every_line` is on.
        """
        kind = type(record)
        if kind not in _TRUSTED:
            self._check_plugin_record(record)
        if kind.state_check:
            self.state_version += 1
        game = self._game
        log = self.log
        # In the order of the line: the log numbers it (seq) and adds the event's name.
        line: dict[str, Any] = {
            "v": SCHEMA_VERSION,
            "game": log.game_id,
            "seq": 0,
            "turn": game.turn,
            "step": game.step_name,
        }
        if record.player is not None:
            line["player"] = record.player
        if record.rule is not None:
            line["rule"] = record.rule
        if self.cause is not None:
            line["cause"] = self.cause
        visibility = record.visibility
        if visibility is None:
            # Every line gets its own list: a subscriber's record is decoded afresh
            # anyway, but the line is the caller's until it is rendered.
            line["visibility"] = list(self._every_seat or self._seats())
        else:
            line["visibility"] = list(visibility)
        record.add_fields(line)
        return log.write(kind.event, line)

    def _seats(self) -> list[int]:
        """Every seat of the game, kept for the next public events."""
        self._every_seat = list(range(len(self._game.players)))
        return self._every_seat

    @staticmethod
    def _check_plugin_record(record: EventRecord) -> None:
        """Refuse a record whose values the log cannot hold (:func:`check_loggable`); the
        engine's own record classes, which log only such values, are trusted once seen."""
        kind = type(record)
        if kind.__module__.startswith("manaweave."):
            _TRUSTED.add(kind)
            return
        fields: dict[str, Any] = {"player": record.player, "rule": record.rule}
        if record.visibility is not None:
            fields["visibility"] = list(record.visibility)
        record.add_fields(fields)
        check_loggable(kind.event, fields)

    @contextmanager
    def caused_by(self, seq: int) -> Iterator[None]:
        """Log events inside the block with ``cause`` = ``seq``."""
        previous = self.cause
        self.cause = seq
        try:
            yield
        finally:
            self.cause = previous

"""The ``events`` table of a dataset (:data:`manaweave.dataset.EVENT_COLUMNS`) held column
by column: a list of plain numbers or texts a column, not a dictionary a row.

A game's log has thousands of lines. As rows, each line costs a dictionary and a list of
seats; hundreds of thousands of them make the garbage collector walk them all again and
again while they are held, and polars converts rows one value at a time, each row's list
of seats into a Series of its own. Columns of plain values are built with a few appends a
line, hold nothing the collector looks into, and become a polars frame in one pass. The
lists of seats that may see a line are few (``[0]``, ``[1]``, ``[0, 1]`` in a two-player
game): each is held once and a line holds its number.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from itertools import repeat
from typing import Any

import orjson

__all__ = ["EventColumns"]

_COMMON = frozenset(
    ("v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility")
)
"""The fields of a line that have columns of their own; the others go into ``fields``."""

_INT64 = 1 << 63
"""Whole numbers of an ``int`` column lie in ``-_INT64`` to ``_INT64 - 1`` (Parquet's
INT64)."""


class EventColumns:
    """Rows of the ``events`` table, column by column, games added one at a time
    (:meth:`add_game`); :meth:`frame` and :meth:`rows` give them as a polars DataFrame or
    as a dictionary a row, :meth:`csv_rows` as the cells of a CSV file."""

    __slots__ = (
        "_seen_by_code",
        "_seen_by_lists",
        "cause",
        "event",
        "fields",
        "game",
        "player",
        "rule",
        "seen_by",
        "seq",
        "step",
        "turn",
    )

    def __init__(self) -> None:
        self.game: list[str] = []
        self.seq: list[int] = []
        self.event: list[str] = []
        self.turn: list[int] = []
        self.step: list[Any] = []
        self.player: list[Any] = []
        self.rule: list[Any] = []
        self.cause: list[Any] = []
        self.seen_by: list[int] = []
        """Each row's ``visibility``, by its index in :attr:`_seen_by_lists`."""
        self.fields: list[str] = []
        self._seen_by_lists: list[list[int]] = []
        self._seen_by_code: dict[int | tuple[Any, ...], int] = {}
        """The index of each ``visibility`` met, by the tuple of its seats (by the number of
        seats for a line every seat sees)."""

    def __len__(self) -> int:
        return len(self.seq)

    def clear(self) -> None:
        """Drop every row (the lists of seats met are kept: later games meet them again)."""
        for column in self._columns():
            column.clear()

    def add_game(self, game: str, seats: int, records: Iterable[Mapping[str, Any]]) -> None:
        """Add a row for each line of the game ``game`` with ``seats`` players, as
        :func:`manaweave.dataset.game_tables` describes them. Raises ``TypeError`` or
        ``ValueError``, and adds nothing, if a line has a value its column cannot hold
        (a ``step`` that is no text, a ``cause`` that is no whole number)."""
        start = len(self.seq)
        try:
            self._add(seats, records)
            self.game.extend(repeat(game, len(self.seq) - start))
            self._check(start)
        except BaseException:
            for column in self._columns():
                del column[start:]
            raise

    def _add(self, seats: int, records: Iterable[Mapping[str, Any]]) -> None:
        # The one loop that runs for every line of every game: its lookups are bound once.
        seq, event, turn = self.seq.append, self.event.append, self.turn.append
        step, player, rule = self.step.append, self.player.append, self.rule.append
        cause, seen_by, fields = self.cause.append, self.seen_by.append, self.fields.append
        codes = self._seen_by_code
        common = _COMMON
        dumps, sort_keys = orjson.dumps, orjson.OPT_SORT_KEYS
        for record in records:
            get = record.get
            visibility = get("visibility", "public")
            if visibility == "public" or visibility is None:
                key: int | tuple[Any, ...] = seats  # a log written before visibility had one type
            else:
                key = tuple(visibility)
            code = codes.get(key)
            if code is None:
                code = self._seen_by_new(key)
            seq(int(record["seq"]))
            event(str(record["event"]))
            turn(int(get("turn") or 0))
            step(get("step"))
            player(get("player"))
            rule(get("rule"))
            cause(get("cause"))
            seen_by(code)
            rest = {name: value for name, value in record.items() if name not in common}
            fields(dumps(rest, option=sort_keys).decode())

    def _seen_by_new(self, key: int | tuple[Any, ...]) -> int:
        seats = list(range(key)) if isinstance(key, int) else [int(seat) for seat in key]
        if any(not -_INT64 <= seat < _INT64 for seat in seats):
            raise ValueError(f"visibility {_excerpt(key)} is not a list of seats")
        code = self._seen_by_code[key] = len(self._seen_by_lists)
        self._seen_by_lists.append(seats)
        return code

    def _check(self, start: int) -> None:
        """Refuse the rows from ``start`` on if a column holds a value of a type it can't:
        polars would turn a ``step`` of ``5`` into ``"5"`` and a ``cause`` of ``true``
        into ``1`` without a word."""
        for name, column, kinds in (
            ("step", self.step, _TEXT),
            ("rule", self.rule, _TEXT),
            ("player", self.player, _WHOLE),
            ("cause", self.cause, _WHOLE),
            ("seq", self.seq, _WHOLE),
            ("turn", self.turn, _WHOLE),
        ):
            values = column[start:]
            # Types first, a whole set at a time; then the rows, one by one, only if one
            # may be wrong.
            if set(map(type, values)) <= kinds and (
                kinds is _TEXT or max(map(abs, filter(None, values)), default=0) < _INT64
            ):
                continue
            row = next((i for i, value in enumerate(values) if not _fits(value, kinds)), None)
            if row is not None:
                raise ValueError(
                    f"event {self.seq[start + row]} has {name} {_excerpt(values[row])}, "
                    f"not {'a text' if kinds is _TEXT else 'a whole number'} or nothing"
                )

    def _columns(self) -> tuple[list[Any], ...]:
        return (
            self.game,
            self.seq,
            self.event,
            self.turn,
            self.step,
            self.player,
            self.rule,
            self.cause,
            self.seen_by,
            self.fields,
        )

    def rows(self) -> list[dict[str, Any]]:
        """The rows, a dictionary each (its own list of seats in ``visibility``)."""
        lists = self._seen_by_lists
        return [
            {
                "game": game,
                "seq": seq,
                "event": event,
                "turn": turn,
                "step": step,
                "player": player,
                "rule": rule,
                "cause": cause,
                "visibility": list(lists[seen_by]),
                "fields": fields,
            }
            for game, seq, event, turn, step, player, rule, cause, seen_by, fields in zip(
                *self._columns(), strict=True
            )
        ]

    def csv_rows(self, text: Any) -> Iterator[list[object]]:
        """The rows as CSV cells: ``text`` of each text, ``""`` for nothing, the list of
        seats as JSON."""
        seen_by = [orjson.dumps(seats).decode() for seats in self._seen_by_lists]
        for game, seq, event, turn, step, player, rule, cause, code, fields in zip(
            *self._columns(), strict=True
        ):
            yield [
                text(game),
                seq,
                text(event),
                turn,
                "" if step is None else text(step),
                "" if player is None else player,
                "" if rule is None else text(rule),
                "" if cause is None else cause,
                seen_by[code],
                text(fields),
            ]

    def frame(self, schema: Mapping[str, Any]) -> Any:
        """The rows as a polars DataFrame of ``schema`` (the polars type of each column of
        :data:`~manaweave.dataset.EVENT_COLUMNS`, in order; needs polars)."""
        import polars  # the ``analysis`` extra, there whenever a schema of its types is

        lists = polars.Series(self._seen_by_lists, dtype=schema["visibility"])
        values = dict(zip(schema, self._columns(), strict=True))
        columns = [
            lists.gather(polars.Series(self.seen_by, dtype=polars.UInt32)).alias(name)
            if name == "visibility"
            else polars.Series(name, values[name], dtype=kind)
            for name, kind in schema.items()
        ]
        return polars.DataFrame(columns)


_TEXT: frozenset[type] = frozenset((str, type(None)))
_WHOLE: frozenset[type] = frozenset((int, type(None)))


def _fits(value: object, kinds: frozenset[type]) -> bool:
    if type(value) not in kinds:
        return False
    return not isinstance(value, int) or -_INT64 <= value < _INT64


def _excerpt(value: object, limit: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."

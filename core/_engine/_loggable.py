"""What a line of the event log may hold: values that read back exactly as they were logged.

The log is rendered with orjson, which turns what it cannot encode into its ``repr`` (an
object, a set) or into ``null`` (a NaN), or fails halfway (an integer beyond 64 bits): a
line that reads back differently, or not at all, breaks the replay. Events that plugins
define are checked here before they are written, and refused with the field named.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Mapping, MutableMapping
from typing import Any

from ._errors import UnloggableValueError

__all__ = ["check_loggable", "refuse_unloggable"]

_SMALLEST = -(2**63)
_LARGEST = 2**64 - 1
"""The integers orjson encodes."""

_DEPTH = 32
"""How deeply lists and mappings may nest in one field."""


def check_loggable(event: str, fields: Mapping[str, Any]) -> None:
    """Raise :class:`~manaweave.UnloggableValueError` naming ``event`` and the field if a
    value of ``fields`` would not read back from the log as it is: only ``None``, ``bool``,
    ``str``, 64-bit integers, finite floats, and lists, tuples and string-keyed dicts of
    these may be logged."""
    for name, value in fields.items():
        if not isinstance(name, str):
            raise UnloggableValueError(f"{event}: the field name {name!r} is not a string")
        problem = _problem(value, _DEPTH)
        if problem is not None:
            raise UnloggableValueError(f"{event}: the field {name!r} cannot be logged: {problem}")


def refuse_unloggable(
    logger: object, method: str, event_dict: MutableMapping[str, Any]
) -> MutableMapping[str, Any]:
    """A structlog processor: :func:`check_loggable` for a line a plugin logs through the
    game's bound logger, before it is numbered or written."""
    check_loggable(str(event_dict.get("event", "an event")), event_dict)
    return event_dict


def _problem(value: object, depth: int) -> str | None:
    """Why ``value`` cannot be logged, or ``None`` if it can."""
    kind = type(value)
    if value is None or kind is str or kind is bool:
        return None
    if kind is int:
        assert isinstance(value, int)
        if _SMALLEST <= value <= _LARGEST:
            return None
        return "an integer beyond 64 bits"
    if kind is float:
        assert isinstance(value, float)
        return None if math.isfinite(value) else f"the float {value!r} (not finite)"
    if depth == 0:
        return f"lists or mappings nested more than {_DEPTH} deep"
    if kind is list or kind is tuple:
        assert isinstance(value, list | tuple)
        for item in value:
            problem = _problem(item, depth - 1)
            if problem is not None:
                return problem
        return None
    if kind is dict:
        assert isinstance(value, dict)
        for key, item in value.items():
            if type(key) is not str:
                return f"a mapping key {_short(key)} that is not a string"
            problem = _problem(item, depth - 1)
            if problem is not None:
                return problem
        return None
    if isinstance(value, enum.Enum):  # orjson logs its value
        return _problem(value.value, depth - 1)
    if isinstance(value, str):
        return None
    if isinstance(value, int | float):  # a subclass, logged as the number
        return _problem(float(value) if isinstance(value, float) else int(value), depth)
    return f"a value of type {kind.__qualname__} (log None, bool, int, float, str, lists, dicts)"


def _short(value: object) -> str:
    """A value's ``repr``, cut short: a key may be anything."""
    try:
        text = repr(value)
    except Exception:  # a repr that raises says nothing useful
        return f"of type {type(value).__qualname__}"
    return text if len(text) <= 40 else text[:37] + "..."

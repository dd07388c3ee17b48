"""What passes between the engine and a player in a process of its own: JSON lines.

Both sides write one JSON object per line with a ``"type"``. The engine sends decisions
(their options and, when asked, the player's view turned into plain JSON values) and
answers the player's questions; the player sends back answers (option indices, or a
concession) and questions. Nothing but plain values crosses: no pickles, no objects. The
engine reads only lines of at most :data:`MAX_PLAYER_LINE` bytes and checks each value it
uses.

This module turns the engine's option and view objects into plain values
(:func:`plain`) and, in the player's process, back into the same classes
(:func:`rebuilt`), so a bot written for an in-process game runs unchanged.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Hashable, Sequence
from typing import Any

from ._decisions import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    DamageSplit,
    Decision,
    Division,
    Named,
    Number,
    Pass,
    Payment,
    PlayLand,
    TargetOption,
    TurnFaceUp,
)
from ._mana import PaymentPlan
from ._view import GameView, ObjectView, OtherTurnView, PlayerView

__all__ = [
    "MAX_PLAYER_LINE",
    "OPTIONS_PER_MESSAGE",
    "decision_message",
    "group_numbers",
    "plain",
    "rebuilt",
]

MAX_PLAYER_LINE = 65536
"""The longest line (in bytes) the engine reads from a player's process: an answer or a
question is a few hundred bytes."""

OPTIONS_PER_MESSAGE = 256
"""How many options go with a decision, or answer one request for more: a decision with
more (every way to divide damage) sends the rest only when the player reads them."""

_CLASSES: dict[str, type] = {
    cls.__name__: cls
    for cls in (
        Activate,
        Attack,
        Block,
        CardOption,
        Cast,
        DamageSplit,
        Division,
        Named,
        Number,
        Pass,
        Payment,
        PlayLand,
        TargetOption,
        TurnFaceUp,
        PaymentPlan,
        GameView,
        PlayerView,
        ObjectView,
        OtherTurnView,
    )
}
"""The classes whose objects cross as ``{"class": name, "fields": {...}}``."""


def plain(value: object) -> Any:
    """``value`` as plain JSON values: an option or view (and what it holds) as its class
    name and fields, tuples as lists. An option of any other class goes as a
    :class:`~manaweave.Named` of its text, so the player still sees what it is."""
    if value is None or type(value) in (bool, int, float, str):
        return value
    if isinstance(value, tuple | list):
        return [plain(item) for item in value]
    if isinstance(value, enum.Enum):
        return plain(value.value)
    cls = type(value)
    if _CLASSES.get(cls.__name__) is cls and dataclasses.is_dataclass(value):
        fields = {f.name: plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
        return {"class": cls.__name__, "fields": fields}
    return {"class": "Named", "fields": {"word": str(value)}}


def rebuilt(value: Any) -> Any:
    """The objects :func:`plain` made ``value`` of, in the player's process: lists back
    to tuples (every option and view field holds tuples), known classes rebuilt."""
    if isinstance(value, list):
        return tuple(rebuilt(item) for item in value)
    if isinstance(value, dict):
        cls = _CLASSES.get(str(value.get("class")))
        fields = value.get("fields")
        if cls is None or not isinstance(fields, dict):
            raise ValueError(f"not an object the engine sends: {str(value)[:100]}")
        return cls(**{str(name): rebuilt(item) for name, item in fields.items()})
    return value


def group_numbers(groups: Sequence[Hashable] | None) -> list[int] | None:
    """A decision's option groups as numbers, equal where the groups are equal: all a
    player needs of them (one option per group), whatever the engine's keys are."""
    if groups is None:
        return None
    numbers: dict[Hashable, int] = {}
    return [numbers.setdefault(group, len(numbers)) for group in groups]


def decision_message(decision: Decision, rejection: str | None) -> dict[str, Any]:
    """The message that asks ``decision``: everything but the view (sent on request) and
    the options past the first :data:`OPTIONS_PER_MESSAGE`; ``rejection`` is the
    engine's reason for refusing the player's previous answer, if it did."""
    whole = decision.whole_answer_rule is not None
    return {
        "type": "decision",
        "kind": decision.kind.value,
        "player": decision.player,
        "prompt": decision.prompt,
        "rule": decision.rule,
        "min": decision.min,
        "max": decision.max,
        "ordered": decision.ordered,
        "groups": group_numbers(decision.groups),
        "count": len(decision.options),
        "options": plain(list(decision.options[:OPTIONS_PER_MESSAGE])),
        "whole_answer_rule": whole,
        "rejection": rejection,
    }

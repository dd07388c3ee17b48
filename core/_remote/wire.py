"""What passes between the engine and a player in a process of its own: JSON lines.

Both sides write one JSON object per line with a ``"type"``. The engine sends decisions
(their options and, when asked, the player's view turned into plain JSON values) and
answers the player's questions; the player sends back answers (option indices, or a
concession) and questions. Nothing but plain values crosses: no pickles, no objects. The
engine reads only lines of at most :data:`MAX_PLAYER_LINE` bytes and checks each value it
uses.

This module turns the engine's option and view objects into plain values
(:func:`plain`) and, in the player's process, back into the same classes
(:func:`rebuilt`), so a bot written for an in-process game runs unchanged. It holds both
ends of a decision's exchange, which a remote player over a websocket
(:mod:`manaweave.serve`, :mod:`manaweave.client`) shares with a player's process: the
engine's replies to questions (:func:`question_reply`) and the player's side
(:class:`EngineLink`, :func:`answer_decision`).
"""

from __future__ import annotations

import dataclasses
import enum
import traceback
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, overload

from manaweave._engine._decisions import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    DecisionKind,
    Division,
    Named,
    Number,
    Option,
    Pass,
    Payment,
    PlayLand,
    TargetOption,
    TurnFaceUp,
)
from manaweave._engine._errors import IllegalChoiceError, with_article
from manaweave._engine._mana import PaymentPlan
from manaweave._engine._view import GameView, ObjectView, OtherTurnView, PlayerView

__all__ = [
    "MAX_PLAYER_LINE",
    "OPTIONS_PER_MESSAGE",
    "QUESTIONS",
    "EngineLink",
    "RemoteOptions",
    "WireError",
    "answer_decision",
    "answer_message",
    "decision_from_message",
    "decision_message",
    "group_numbers",
    "plain",
    "question_reply",
    "rebuilt",
]

MAX_INDICES = 4096
"""The most option indices the engine reads from one answer or question of a player's
process (the table refuses an answer with more than a decision allows anyway)."""

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


QUESTIONS = frozenset({"view", "problem", "legal_choice", "options"})
"""The message types a player asks the engine while it decides; each reply has the same
type."""


class WireError(ValueError):
    """A player's message that breaks the protocol (its reason says how)."""


def question_reply(decision: Decision, message: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's reply to a question of :data:`QUESTIONS` about ``decision``, answered
    from the engine's own record. Raises :class:`WireError` for a request of options the
    decision does not have."""
    kind = message["type"]
    if kind == "view":
        return {"type": "view", "view": plain(decision.view)}
    if kind == "problem":
        return {"type": "problem", "problem": decision.problem(message["indices"])}
    if kind == "legal_choice":
        return {"type": "legal_choice", "indices": list(decision.legal_choice().indices)}
    if kind == "options":
        start = message.get("start")
        if type(start) is not int or not 0 <= start < len(decision.options):
            raise WireError("asked for options the decision does not have")
        chunk = decision.options[start : start + OPTIONS_PER_MESSAGE]
        return {"type": "options", "start": start, "options": plain(chunk)}
    raise WireError(f"not a question: {str(kind)[:40]!r}")


class EngineLink:
    """The player's end of the exchange with the engine: whatever carries one message
    at a time each way (a process's pipes, a websocket). A player's questions block until
    the engine replies, so a bot's synchronous reads (``decision.view``, the options,
    ``is_legal``) work as they do in-process."""

    def send(self, message: dict[str, Any]) -> None:
        """Send one message to the engine."""
        raise NotImplementedError

    def receive(self) -> dict[str, Any] | None:
        """The engine's next message, or ``None`` once it has closed the link."""
        raise NotImplementedError

    def ask(self, question: dict[str, Any]) -> dict[str, Any]:
        """Ask the engine something while deciding; its reply, of the same type."""
        self.send(question)
        reply = self.receive()
        if reply is None or reply.get("type") != question["type"]:
            raise RuntimeError(f"the engine did not answer the {question['type']} question")
        return reply


class RemoteOptions(Sequence[Option]):
    """A decision's options: those sent with it, and the rest fetched from the engine
    the first time they are read."""

    def __init__(self, engine: EngineLink, count: int, first: Sequence[Option]) -> None:
        self._engine = engine
        self._count = count
        self._known: dict[int, Option] = dict(enumerate(first))

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> Option: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Option, ...]: ...

    def __getitem__(self, index: int | slice) -> Option | tuple[Option, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(self._count)))
        position = index + self._count if index < 0 else index
        if not 0 <= position < self._count:
            raise IndexError(f"option index {index} out of range")
        if position not in self._known:
            reply = self._engine.ask({"type": "options", "start": position})
            for offset, option in enumerate(rebuilt(reply["options"])):
                self._known[position + offset] = option
        return self._known[position]


def decision_from_message(engine: EngineLink, message: Mapping[str, Any]) -> Decision:
    """The decision a message asks, on the player's side: its view, the options not sent
    with it and its whole-answer rule are asked of the engine."""

    def view() -> GameView:
        built = rebuilt(engine.ask({"type": "view"})["view"])
        assert isinstance(built, GameView)
        return built

    def problem(indices: Sequence[int]) -> str | None:
        reply = engine.ask({"type": "problem", "indices": list(indices)})
        return None if reply["problem"] is None else str(reply["problem"])

    def legal_answer() -> tuple[int, ...]:
        return tuple(engine.ask({"type": "legal_choice"})["indices"])

    whole = bool(message["whole_answer_rule"])
    groups = message["groups"]
    return Decision(
        DecisionKind(message["kind"]),
        message["player"],
        RemoteOptions(engine, message["count"], rebuilt(message["options"])),
        message["prompt"],
        min=message["min"],
        max=message["max"],
        groups=tuple(groups) if groups is not None else None,
        ordered=message["ordered"],
        _view=view,
        rule_override=message["rule"],
        whole_answer_rule=problem if whole else None,
        _legal_answer=legal_answer if whole else None,
    )


def answer_message(choice: object) -> dict[str, Any]:
    """The message for a player's answer (a concession, or its option indices)."""
    if not isinstance(choice, Choice):
        return {"type": "error", "error": f"decide returned {with_article(type(choice).__name__)}"}
    if choice.concede:
        return {"type": "concede"}
    return {"type": "answer", "indices": [int(i) for i in choice.indices]}


async def answer_decision(player: Any, engine: EngineLink, message: Mapping[str, Any]) -> None:
    """Answer the decision ``message`` asks with ``player`` and send the answer: the
    engine's rejection of the previous answer first goes to the player's ``rejected``,
    and an exception of the player's goes to the engine as an ``error`` message (the
    player concedes)."""
    decision = decision_from_message(engine, message)
    rejection = message.get("rejection")
    try:
        if rejection is not None and hasattr(player, "rejected"):
            player.rejected(decision, IllegalChoiceError(str(rejection)))
        reply = answer_message(await player.decide(decision))
    except Exception as error:
        traceback.print_exc()
        reply = {"type": "error", "error": repr(error)[:400]}
    engine.send(reply)

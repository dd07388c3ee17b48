"""The player's side of :func:`~manaweave.players.open_subprocess_actor`, run as
``python -m manaweave._subprocess_child``.

It builds the player the engine names, then answers each decision the engine sends by
calling the player's ``decide`` with a :class:`~manaweave.Decision` rebuilt from the
message. ``decision.view``, the options not sent with the decision, ``is_legal`` and
``legal_choice`` are questions to the engine, asked and answered over the same pipes
while the player decides. The process holds no game: only what the engine sent.

The protocol uses the standard input and output the process was started with; the
player's own ``print`` output is sent to standard error instead, so that it cannot
garble the protocol by accident.
"""

from __future__ import annotations

import importlib
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from typing import IO, Any, overload

import orjson
import trio

from ._decisions import Choice, Decision, DecisionKind, Option
from ._errors import IllegalChoiceError
from ._subprocess_wire import rebuilt
from ._view import GameView

__all__ = ["Engine", "RemoteOptions", "main"]


class Engine:
    """The pipes to the engine: one JSON object per line each way."""

    def __init__(self, incoming: IO[bytes], outgoing: IO[bytes]) -> None:
        self._incoming = incoming
        self._outgoing = outgoing

    def send(self, message: dict[str, Any]) -> None:
        """Send one message."""
        self._outgoing.write(orjson.dumps(message) + b"\n")
        self._outgoing.flush()

    def receive(self) -> dict[str, Any] | None:
        """The next message, or ``None`` once the engine has closed the pipe."""
        line = self._incoming.readline()
        if not line:
            return None
        message = orjson.loads(line)
        if type(message) is not dict:
            raise ValueError("the engine sent something that is not a message")
        return message

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

    def __init__(self, engine: Engine, count: int, first: Sequence[Option]) -> None:
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


def _decision(engine: Engine, message: dict[str, Any]) -> Decision:
    """The decision a message asks, with its view and whole-answer rule asked of the
    engine."""

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


def _answer(choice: object) -> dict[str, Any]:
    """The message for a player's answer (a concession, or its option indices)."""
    if not isinstance(choice, Choice):
        return {"type": "error", "error": f"decide returned a {type(choice).__name__}"}
    if choice.concede:
        return {"type": "concede"}
    return {"type": "answer", "indices": [int(i) for i in choice.indices]}


def _build(message: dict[str, Any]) -> object:
    """The player the start message names: ``factory(*args, **kwargs)``."""
    sys.path[:0] = [str(entry) for entry in message.get("path", ())]
    module_name, _, name = str(message["factory"]).partition(":")
    factory: Callable[..., object] = getattr(importlib.import_module(module_name), name)
    return factory(*message.get("args", ()), **message.get("kwargs", {}))


async def _serve(engine: Engine) -> None:
    start = engine.receive()
    if start is None or start.get("type") != "start":
        return
    try:
        player: Any = _build(start)
    except Exception as error:
        engine.send({"type": "failed", "error": repr(error)[:400]})
        return
    engine.send({"type": "ready"})
    while (message := engine.receive()) is not None:
        decision = _decision(engine, message)
        rejection = message.get("rejection")
        try:
            if rejection is not None and hasattr(player, "rejected"):
                player.rejected(decision, IllegalChoiceError(str(rejection)))
            reply = _answer(await player.decide(decision))
        except Exception as error:
            traceback.print_exc()
            reply = {"type": "error", "error": repr(error)[:400]}
        engine.send(reply)


def main() -> None:
    """Serve the engine on the standard input and output this process was started with."""
    # The protocol keeps the original pipes; what the player prints goes to stderr.
    incoming = os.fdopen(os.dup(0), "rb")
    outgoing = os.fdopen(os.dup(1), "wb")
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)
    os.dup2(2, 1)
    trio.run(_serve, Engine(incoming, outgoing))


if __name__ == "__main__":
    main()

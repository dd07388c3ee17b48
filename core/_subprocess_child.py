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
from collections.abc import Callable
from typing import IO, Any

import orjson
import trio

from ._subprocess_wire import EngineLink, answer_decision

__all__ = ["Engine", "main"]


class Engine(EngineLink):
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
        await answer_decision(player, engine, message)


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

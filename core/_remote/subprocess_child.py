"""The player's side of :func:`~manaweave.players.open_subprocess_actor`, run as
``python -m manaweave._remote.subprocess_child``.

It builds the player the engine names, then answers each decision the engine sends by
calling the player's ``decide`` with a :class:`~manaweave.Decision` rebuilt from the
message. ``decision.view``, the options not sent with the decision, ``is_legal`` and
``legal_choice`` are questions to the engine, asked and answered over the same pipes
while the player decides. The process holds no game: only what the engine sent.

The protocol uses the standard input and output the process was started with; the
player's own ``print`` output is sent to standard error instead, so that it cannot
garble the protocol by accident.

Before it imports the player's module the process confines itself as the engine's start
message asks (:func:`~._sandbox.confine`) and reports what it could not do; the player's
module is found before that (not run), since the folder it is in is not readable after.
"""

from __future__ import annotations

import importlib
import importlib.abc
import os
import sys
from collections.abc import Callable, Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import IO, Any

import orjson
import trio

from manaweave._engine._preferences import preferences_of

from .sandbox import confine, readable_paths
from .wire import EngineLink, answer_decision

__all__ = ["Engine", "main"]


class Engine(EngineLink):
    """The pipes to the engine: one JSON object per line each way."""

    def __init__(self, incoming: IO[bytes], outgoing: IO[bytes]) -> None:
        self._incoming = incoming
        self._outgoing = outgoing
        self.player: object = None
        """The player, once built: its ``preferences`` go to the engine before each of
        its answers that they changed before."""
        self._sent_preferences: object = None

    def send(self, message: dict[str, Any]) -> None:
        """Send one message; an answer goes after the player's preferences if they
        changed (the engine takes them up as it accepts the answer, as in-process)."""
        if self.player is not None and message["type"] in ("answer", "concede", "ready"):
            preferences = preferences_of(self.player)
            if preferences != self._sent_preferences:
                self._sent_preferences = preferences
                self._write({"type": "preferences", "preferences": preferences.to_log()})
        self._write(message)

    def _write(self, message: dict[str, Any]) -> None:
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


class _FoundBeforehand(importlib.abc.MetaPathFinder):
    """Finds the player's top-level module where it was found before the process was
    confined: the folder it is in (the current one, often) is no longer readable, only
    the module or package itself."""

    def __init__(self, spec: ModuleSpec) -> None:
        self._spec = spec

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        return self._spec if fullname == self._spec.name else None


def _build(message: dict[str, Any]) -> object:
    """The player the start message names: ``factory(*args, **kwargs)``."""
    module_name, _, name = str(message["factory"]).partition(":")
    factory: Callable[..., object] = getattr(importlib.import_module(module_name), name)
    return factory(*message.get("args", ()), **message.get("kwargs", {}))


def _confine(engine: Engine, start: dict[str, Any], protocol: Sequence[int]) -> list[str]:
    """Confine this process as ``start`` asks, before any of the player's code runs; the
    codes of what could not be done."""
    sandbox = start.get("sandbox") or {}
    path = [str(entry) for entry in start.get("path", ())]
    sys.path[:0] = path
    top = str(start["factory"]).partition(":")[0].partition(".")[0]
    readable, spec = readable_paths(top, [*path, *sandbox.get("readable", ())])
    if spec is not None:
        sys.meta_path.insert(0, _FoundBeforehand(spec))
    if not sandbox.get("confine", True):
        return []
    # The current folder (where the game's log often is) is not the player's to read.
    here = os.path.realpath(os.getcwd())
    sys.path[:] = [p for p in sys.path if p and os.path.realpath(p) != here]
    return confine(
        readable,
        memory=sandbox.get("memory"),
        cpu_time=sandbox.get("cpu_time"),
        namespaces=bool(sandbox.get("namespaces", True)),
        on_outside=lambda pid: engine.send({"type": "inside", "pid": pid}),
        close_outside=protocol,
    )


async def _serve(engine: Engine, start: dict[str, Any]) -> None:
    try:
        player: Any = _build(start)
        preferences_of(player)  # a preferences that is not a Preferences fails here
    except Exception as error:
        engine.send({"type": "failed", "error": repr(error)[:400]})
        return
    engine.player = player
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
    engine = Engine(incoming, outgoing)
    start = engine.receive()
    if start is None or start.get("type") != "start":
        return
    missing = _confine(engine, start, (incoming.fileno(), outgoing.fileno()))
    engine.send({"type": "confined", "missing": missing})
    trio.run(_serve, engine, start)


if __name__ == "__main__":
    main()

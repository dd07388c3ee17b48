"""Players in a process of their own: the way to seat code the engine does not trust.

:func:`open_subprocess_actor` starts ``python -m manaweave._remote.subprocess_child``, which
builds the player from an import spec (``"package.module:factory"``) and JSON arguments.
The engine then sends it each decision as JSON (its kind, prompt, bounds, groups and
options as plain values) and, only when the player reads ``decision.view``, that
player's view; the player sends back option indices or a concession, and may ask whether
an answer is legal (:meth:`~manaweave.Decision.is_legal`) or for a legal one
(:meth:`~manaweave.Decision.legal_choice`), which the engine answers from its own record.
The player's process holds no game: whatever it does to itself, it can learn only what
it was sent (see :mod:`._subprocess_wire`).

The engine never unpickles or evaluates what the process sends: it reads lines of at
most :data:`~._subprocess_wire.MAX_PLAYER_LINE` bytes, parses each as JSON and checks
every value it uses; the table then checks the answer as it checks any player's. A
process that sends anything else, exits, or does not answer in time is killed, and the
player concedes (CR 104.3a) with the reason logged; the game goes on.

The process is confined (:mod:`._sandbox`): the engine's process is unreadable to it,
it inherits no descriptor but its three pipes, and it confines itself before it runs
the player's code. Its standard error comes through the engine, which makes control
characters in it visible before they reach the terminal.
"""

from __future__ import annotations

import codecs
import math
import os
import pwd
import signal
import subprocess
import sys
import warnings
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager, suppress
from typing import Any

import orjson
import trio

from manaweave._engine._decisions import Choice, Decision
from manaweave._engine._errors import IllegalChoiceError, ManaweaveError, with_article
from manaweave._engine._preferences import Preferences
from manaweave._engine._visible import visible

from .protocol import ProtocolError, read_preferences
from .sandbox import NOT_CONFINED, hide_from_children
from .wire import (
    MAX_INDICES,
    MAX_PLAYER_LINE,
    QUESTIONS,
    WireError,
    decision_message,
    question_reply,
)

__all__ = [
    "SubprocessIsolationWarning",
    "SubprocessPlayer",
    "SubprocessPlayerError",
    "open_subprocess_actor",
]

STDERR_GRACE = 1.0
"""Seconds the engine waits, once a player's process has ended, for the rest of what it
wrote to standard error."""

START_TIME_LIMIT = 60.0
"""Seconds a player's process has to start (import manaweave and its player's module,
and build the player) by default."""


MEMORY_LIMIT = 4 << 30
"""Bytes of address space a player's process may use by default (``RLIMIT_AS``)."""

CPU_TIME_LIMIT = 3600
"""Seconds of CPU time a player's process may use by default, over the whole game
(``RLIMIT_CPU``): it is killed past them."""


class SubprocessIsolationWarning(UserWarning):
    """A player's process could not be confined in every way: the message says what it
    can then do (read which files, signal the engine, leave processes behind)."""


class SubprocessPlayerError(ManaweaveError):
    """A player's process failed: it did not start, exited, or sent something that is
    not the protocol. Raised from :meth:`SubprocessPlayer.decide`, it makes that player
    concede like any player's exception (its message is logged)."""


class SubprocessPlayer:
    """A player whose decisions are made in a process of its own.

    :func:`open_subprocess_actor` makes one and runs its process for an ``async with``
    block; a player made directly is run with :meth:`running`, which lets it be seated
    in a game before its process starts. The arguments are those of
    :func:`open_subprocess_actor`.
    """

    def __init__(
        self,
        factory: str,
        *,
        args: Sequence[Any] = (),
        kwargs: Mapping[str, Any] | None = None,
        path: Sequence[str | os.PathLike[str]] = (),
        decision_time_limit: float | None = None,
        start_time_limit: float = START_TIME_LIMIT,
        python: str | os.PathLike[str] = sys.executable,
        memory_limit: int | None = MEMORY_LIMIT,
        cpu_time_limit: int | None = CPU_TIME_LIMIT,
        user: str | int | None = None,
        readable: Sequence[str | os.PathLike[str]] = (),
        namespaces: bool = True,
        confined: bool = True,
    ) -> None:
        if not isinstance(factory, str) or factory.count(":") != 1 or not all(factory.split(":")):
            raise ValueError(f"factory must be 'package.module:name', not {factory!r}")
        for limit in (decision_time_limit, start_time_limit):
            if limit is not None and not (
                isinstance(limit, int | float)
                and not isinstance(limit, bool)
                and 0 < limit < math.inf
            ):
                raise ValueError(
                    f"a time limit must be a positive number of seconds, not {limit!r}"
                )
        for name, value in (("memory_limit", memory_limit), ("cpu_time_limit", cpu_time_limit)):
            if value is not None and not (type(value) is int and value > 0):
                raise ValueError(f"{name} must be a positive whole number or None, not {value!r}")
        if user is not None and not isinstance(user, str | int):
            raise ValueError(f"user must be a user name or id, not {user!r}")
        self._start_message = {
            "type": "start",
            "factory": factory,
            "args": list(args),
            "kwargs": dict(kwargs or {}),
            "path": [os.fspath(entry) for entry in path],
            "sandbox": {
                "confine": bool(confined),
                "memory": memory_limit,
                "cpu_time": cpu_time_limit,
                "namespaces": bool(namespaces),
                "readable": [os.fspath(entry) for entry in readable],
            },
        }
        try:
            orjson.dumps(self._start_message)
        except TypeError as error:
            raise ValueError(f"args and kwargs must be JSON values: {error}") from None
        self.factory = factory
        """The import spec the player is built from."""
        self.decision_time_limit = decision_time_limit
        """Seconds the process has for one decision, on top of the game's own limit."""
        self.start_time_limit = start_time_limit
        """Seconds the process has to start and build its player."""
        self.user = user
        """The user the process runs as (``None``: this process's)."""
        self.preferences: Preferences | None = None
        """The player's preferences, as its process last sent them (before each answer
        that follows a change): the engine reads them as it reads any player's."""
        self.unprotected: tuple[str, ...] = ()
        """What the confinement of the process could not do, in words (each also
        given as a :class:`SubprocessIsolationWarning`); empty if it is whole."""
        self.player_pid: int | None = None
        """The process id of the process that runs the player's code, once started: in
        a PID namespace of its own, that process's child; otherwise :attr:`pid`."""
        self._python = os.fspath(python)
        self._process: trio.Process | None = None
        self._buffer = bytearray()
        self._searched = 0
        self._stopped: str | None = None
        self._rejection: str | None = None
        self._stderr_done = trio.Event()

    def __repr__(self) -> str:
        return f"SubprocessPlayer({self.factory!r})"

    @property
    def pid(self) -> int:
        """The process id of the player's process."""
        if self._process is None:
            raise RuntimeError("the player's process has not been started")
        return self._process.pid

    @asynccontextmanager
    async def running(self) -> AsyncIterator[SubprocessPlayer]:
        """Start the player's process and wait until its player is built; leaving the
        block kills the process and waits for it. Raises :class:`SubprocessPlayerError`
        if the player cannot be built or the process does not start in time."""
        if self._process is not None:
            raise RuntimeError("a SubprocessPlayer runs its process once")
        unreadable = hide_from_children()
        try:
            as_user: dict[str, Any] = {}
            if self.user is not None:
                as_user = {"user": self.user, "group": _group_of(self.user), "extra_groups": []}
            process = self._process = await trio.lowlevel.open_process(
                [self._python, "-m", "manaweave._remote.subprocess_child"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                # Through the engine, never the engine's own: what it writes is made
                # visible, and nothing it leaves behind holds the engine's stderr open.
                stderr=subprocess.PIPE,
                close_fds=True,
                # Its own session: a Ctrl-C at the terminal interrupts the game (which then
                # kills the process), not the player's process in the middle of a decision.
                start_new_session=True,
                **as_user,
            )
        except (OSError, ValueError, KeyError) as error:
            reason = error.args[0] if isinstance(error, KeyError) else error
            raise SubprocessPlayerError(
                f"the player {self.factory} could not start: {reason}"
            ) from None
        self.player_pid = process.pid
        try:
            async with trio.open_nursery() as nursery:
                assert process.stderr is not None
                nursery.start_soon(self._relay_stderr, process.stderr)
                try:
                    try:
                        with trio.fail_after(self.start_time_limit):
                            await self._start(unreadable)
                    except trio.TooSlowError:
                        raise SubprocessPlayerError(
                            f"the player {self.factory} did not start within "
                            f"{self.start_time_limit} seconds"
                        ) from None
                    yield self
                finally:
                    self.stop("its process was closed")
                    # Waited for even while the block is cancelled: no process is left
                    # behind. What it wrote last is relayed; a process it left behind that
                    # keeps the pipe open is not waited for.
                    with trio.CancelScope(shield=True):
                        await process.wait()
                        with trio.move_on_after(STDERR_GRACE):
                            await self._stderr_done.wait()
                        for stream in (process.stdin, process.stdout, process.stderr):
                            if stream is not None:
                                await stream.aclose()
        except BaseExceptionGroup as group:
            # The relay never raises: the group holds the block's own exception.
            if len(group.exceptions) == 1:
                raise group.exceptions[0] from None
            raise

    async def decide(self, decision: Decision) -> Choice:
        """Send ``decision`` to the player's process and return its answer, answering
        its questions meanwhile. Anything that interrupts the exchange (a timeout, a
        cancellation, a process that breaks the protocol) kills the process: it may be
        in any state."""
        if self._stopped is not None:
            raise SubprocessPlayerError(f"the player's process was stopped: {self._stopped}")
        if self._process is None:
            raise SubprocessPlayerError("the player's process was not started (see running)")
        try:
            if self.decision_time_limit is None:
                return await self._exchange(decision)
            with trio.fail_after(self.decision_time_limit):
                return await self._exchange(decision)
        except BaseException as failure:
            self.stop(
                f"{type(failure).__name__} during {with_article(decision.kind.value)} decision"
            )
            raise

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        """Keep the engine's reason for refusing the answer; it goes to the player with
        the same decision, asked again."""
        self._rejection = str(error)

    def stop(self, why: str) -> None:
        """Kill the player's process and every process it started: with a PID namespace
        of its own, everything in it dies with it; without, what is still in its process
        group (it is waited for when its context closes)."""
        if self._stopped is None:
            self._stopped = why
        process = self._process
        if process is None or process.returncode is not None:
            return
        if os.name == "posix":
            # The process leads a session of its own, so its group's id is its pid, which
            # cannot be reused while it runs: the group is the player's and nobody else's.
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
        else:
            process.kill()

    async def _exchange(self, decision: Decision) -> Choice:
        rejection, self._rejection = self._rejection, None
        await self._send(decision_message(decision, rejection))
        while True:
            message = await self._receive()
            kind = message["type"]
            if kind == "preferences":
                self._take_preferences(message)
                continue
            if kind == "answer":
                return Choice(_indices(message))
            if kind == "concede":
                return Choice.concession()
            if kind == "error":
                raise SubprocessPlayerError(
                    "the player raised an exception: " + visible(str(message.get("error"))[:200])
                )
            if kind in QUESTIONS:
                if kind == "problem":
                    message = {**message, "indices": _indices(message)}
                try:
                    reply = question_reply(decision, message)
                except WireError as error:
                    raise SubprocessPlayerError(f"the player's process {error}") from None
                await self._send(reply)
            else:
                raise SubprocessPlayerError(
                    f"the player's process sent a message of unknown type {str(kind)[:40]!r}"
                )

    async def _relay_stderr(self, stderr: trio.abc.ReceiveStream) -> None:
        """Copy what the process writes to standard error to this process's, with control
        characters and escape sequences made visible (the terminal shows them, it does
        not obey them)."""
        decoder = codecs.getincrementaldecoder("utf-8")(errors="backslashreplace")
        try:
            while chunk := await stderr.receive_some(65536):
                _write_stderr(visible(decoder.decode(chunk), keep="\n\t"))
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            pass
        finally:
            _write_stderr(visible(decoder.decode(b"", final=True), keep="\n\t"))
            self._stderr_done.set()

    async def _start(self, unreadable: bool) -> None:
        await self._send(self._start_message)
        message = await self._receive()
        if message["type"] == "inside":
            # The process that runs the player's code, init of a PID namespace.
            pid = message.get("pid")
            if type(pid) is not int or pid <= 0:
                raise SubprocessPlayerError("the player's process sent a malformed pid")
            self.player_pid = pid
            message = await self._receive()
        if message["type"] != "confined" or type(message.get("missing")) is not list:
            raise SubprocessPlayerError(
                f"the player {self.factory} could not start: its process did not confine itself"
            )
        missing = [code for code in message["missing"] if code in NOT_CONFINED]
        if not unreadable and sys.platform.startswith("linux"):
            missing.append("dumpable")
        self.unprotected = tuple(NOT_CONFINED[code] for code in missing)
        for text in self.unprotected:
            warnings.warn(
                f"the player {self.factory} runs in a process not fully confined: {text}",
                SubprocessIsolationWarning,
                stacklevel=4,
            )
        message = await self._receive()
        if message["type"] == "preferences":
            self._take_preferences(message)
            message = await self._receive()
        if message["type"] != "ready":
            error = str(message.get("error", message["type"]))[:400]
            raise SubprocessPlayerError(
                f"the player {self.factory} could not start: {visible(error)}"
            )

    def _take_preferences(self, message: Mapping[str, Any]) -> None:
        """Take the preferences the player's process sent, checked as a remote seat's."""
        try:
            self.preferences = read_preferences(message.get("preferences"))
        except ProtocolError as error:
            raise SubprocessPlayerError(f"the player's process sent {error}") from None

    async def _send(self, message: Mapping[str, Any]) -> None:
        assert self._process is not None
        assert self._process.stdin is not None
        stdin = self._process.stdin
        try:
            await stdin.send_all(orjson.dumps(message) + b"\n")
        except (trio.BrokenResourceError, trio.ClosedResourceError):
            raise SubprocessPlayerError(await self._gone("stopped reading")) from None

    async def _receive(self) -> dict[str, Any]:
        """The next message of the process: one bounded line, a JSON object with a
        string ``type``."""
        line = await self._line()
        try:
            message = orjson.loads(line)
        except orjson.JSONDecodeError:
            raise SubprocessPlayerError(
                f"the player's process sent a line that is not JSON: {line[:40]!r}"
            ) from None
        if type(message) is not dict or type(message.get("type")) is not str:
            raise SubprocessPlayerError(
                "the player's process sent JSON that is not a message object"
            )
        return message

    async def _line(self) -> bytes:
        assert self._process is not None
        assert self._process.stdout is not None
        stdout = self._process.stdout
        buffer = self._buffer
        while (end := buffer.find(b"\n", self._searched)) < 0:
            self._searched = len(buffer)
            if len(buffer) > MAX_PLAYER_LINE:
                raise SubprocessPlayerError(
                    f"the player's process sent a line longer than {MAX_PLAYER_LINE} bytes"
                )
            try:
                chunk = await stdout.receive_some(MAX_PLAYER_LINE)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                chunk = b""
            if not chunk:
                raise SubprocessPlayerError(await self._gone("closed its output"))
            buffer += chunk
        if end > MAX_PLAYER_LINE:
            raise SubprocessPlayerError(
                f"the player's process sent a line longer than {MAX_PLAYER_LINE} bytes"
            )
        line = bytes(buffer[:end])
        del buffer[: end + 1]
        self._searched = 0
        return line

    async def _gone(self, what: str) -> str:
        """Why the process no longer talks: its exit code if it ended (waited for
        briefly: a closed pipe comes just before the exit)."""
        assert self._process is not None
        with trio.move_on_after(1.0):
            await self._process.wait()
        code = self._process.returncode
        if code is None:
            return f"the player's process {what}"
        return f"the player's process {what} (it exited with code {code})"


def _write_stderr(text: str) -> None:
    if text:
        with suppress(OSError, ValueError):
            sys.stderr.write(text)
            sys.stderr.flush()


def _group_of(user: str | int) -> int:
    """The primary group of ``user`` (a name or id); ``KeyError`` for an unknown user."""
    entry = pwd.getpwnam(user) if isinstance(user, str) else pwd.getpwuid(user)
    return entry.pw_gid


def _indices(message: Mapping[str, Any]) -> tuple[Any, ...]:
    """The option indices of a message, read as sent: the table's check refuses any
    that are not plain integers of the decision."""
    indices = message.get("indices")
    if type(indices) is not list:
        raise SubprocessPlayerError("the player's process sent indices that are not a list")
    if len(indices) > MAX_INDICES:
        raise SubprocessPlayerError(
            f"the player's process sent {len(indices)} option indices (at most {MAX_INDICES})"
        )
    return tuple(indices)


@asynccontextmanager
async def open_subprocess_actor(
    factory: str,
    *,
    args: Sequence[Any] = (),
    kwargs: Mapping[str, Any] | None = None,
    path: Sequence[str | os.PathLike[str]] = (),
    decision_time_limit: float | None = None,
    start_time_limit: float = START_TIME_LIMIT,
    python: str | os.PathLike[str] = sys.executable,
    memory_limit: int | None = MEMORY_LIMIT,
    cpu_time_limit: int | None = CPU_TIME_LIMIT,
    user: str | int | None = None,
    readable: Sequence[str | os.PathLike[str]] = (),
    namespaces: bool = True,
    confined: bool = True,
) -> AsyncIterator[SubprocessPlayer]:
    """Run a player in a Python process of its own for the duration of the ``async with``
    block.

    ``factory`` names what builds the player, ``"package.module:name"``: the process
    imports the module and calls ``name(*args, **kwargs)`` (``args`` and ``kwargs`` must
    be JSON values), so ``"manaweave.players:RandomBot"`` with ``kwargs={"seed": 1}`` is
    ``RandomBot(seed=1)``. ``path`` lists folders to import from, ahead of the usual
    ones. The player gets :class:`~manaweave.Decision` objects as in-process players do,
    rebuilt from what the engine sent; ``decision.view``, ``is_legal`` and
    ``legal_choice`` ask the engine. Its ``print`` output goes to standard error.

    The game's time limit applies to the process as to any player;
    ``decision_time_limit`` adds one of the actor's own (for a game without one). A
    process that has not started within ``start_time_limit`` seconds, or fails to build
    its player, raises :class:`SubprocessPlayerError` here. Leaving the block kills the
    process, every process it started, and waits for it.

    The process is confined (docs/players.md says what that protects): it may use
    ``memory_limit`` bytes of address space and ``cpu_time_limit`` seconds of CPU time
    (``None``: no limit), and read only the Python installation, the folders of
    ``path`` and ``readable``, and its player's own module or package, with no write
    anywhere. ``user`` (a name or id) runs it as another user, which the engine's process
    must be allowed to switch to (it runs as root); ``namespaces=False`` keeps it out of
    a PID namespace of its own, and ``confined=False`` turns the confinement off, for a
    player that is trusted but needs more. What cannot be confined on this platform is
    said in a :class:`SubprocessIsolationWarning`.
    """
    player = SubprocessPlayer(
        factory,
        args=args,
        kwargs=kwargs,
        path=path,
        decision_time_limit=decision_time_limit,
        start_time_limit=start_time_limit,
        python=python,
        memory_limit=memory_limit,
        cpu_time_limit=cpu_time_limit,
        user=user,
        readable=readable,
        namespaces=namespaces,
        confined=confined,
    )
    async with player.running():
        yield player

"""Players run by tests/test_subprocess_players.py in a process of their own (imported
there from this folder): honest ones, and hostile ones that misbehave at their
``at``-th decision and play as ``RandomBot(seed)`` until then."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import time
from typing import Any

from manaweave import Choice, Decision
from manaweave.players import RandomBot


def hidden_state_found(me: int) -> list[str]:
    """What this process can reach of the game beyond its own view: any game object, any
    card of another player's hand or of a library, found by searching every object the
    garbage collector tracks and every loaded module."""
    found: list[str] = []
    for obj in gc.get_objects():
        name = type(obj).__name__
        if name in ("Game", "Table", "PlayerState", "GameObject", "Zones", "Board"):
            found.append(f"a {name}")
        elif name == "ObjectView":
            zone, owner = getattr(obj, "zone", None), getattr(obj, "owner", None)
            if zone == "library" or (zone == "hand" and owner != me):
                found.append(f"a card in {zone} of player {owner}")
    for module_name, module in list(sys.modules.items()):
        if module_name.startswith("manaweave") and hasattr(module, "CURRENT_GAME"):
            found.append(f"{module_name}.CURRENT_GAME")
    return found


class Misbehaving:
    """Plays as ``RandomBot(seed)``, and calls :meth:`misbehave` at its ``at``-th decision
    instead of answering."""

    def __init__(self, seed: int = 1, at: int = 3) -> None:
        self.bot = RandomBot(seed)
        self.at = at
        self.asked = 0

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if self.asked == self.at:
            return self.misbehave(decision)
        return await self.bot.decide(decision)

    def misbehave(self, decision: Decision) -> Choice:
        raise NotImplementedError


class Snooping(Misbehaving):
    """Looks for hidden state at every decision (reading its whole view too), and
    concedes if it finds any."""

    async def decide(self, decision: Decision) -> Choice:
        view = decision.view
        if hidden_state_found(view.viewer):
            return Choice.concession()
        return await self.bot.decide(decision)


class Chatty(Misbehaving):
    """Prints junk at every decision: it goes to standard error, not to the engine; and
    writes escape sequences there (clear the screen, set the title, a C1 control)."""

    async def decide(self, decision: Decision) -> Choice:
        print("junk {\n" * 50)
        os.write(1, b"more junk\n")
        os.write(2, b"\x1b[2J\x1b]0;pwned\x07\r\xc2\x9b")
        return await self.bot.decide(decision)


class Forging(Misbehaving):
    """Answers with an option the decision does not have, every time it is asked."""

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if self.asked >= self.at:
            return Choice((len(decision.options) + 7,))
        return await self.bot.decide(decision)


def _protocol() -> Any:
    """The pipe to the engine, found as any code in the process could find it."""
    for obj in gc.get_objects():
        if type(obj).__name__ == "Engine" and hasattr(obj, "_outgoing"):
            return obj._outgoing
    raise AssertionError("no pipe to the engine found")


class Garbling(Misbehaving):
    """Writes a line that is not JSON to the engine."""

    def misbehave(self, decision: Decision) -> Choice:
        _protocol().write(b"this is not json\n")
        _protocol().flush()
        time.sleep(3600)
        raise AssertionError("unreachable")


class Flooding(Misbehaving):
    """Writes an endless line to the engine."""

    def misbehave(self, decision: Decision) -> Choice:
        pipe = _protocol()
        while True:
            pipe.write(b"x" * 65536)
            pipe.flush()


class WrongMessage(Misbehaving):
    """Writes JSON that is not a message object."""

    def misbehave(self, decision: Decision) -> Choice:
        _protocol().write(b'[1, 2, {"type": "answer"}]\n')
        _protocol().flush()
        time.sleep(3600)
        raise AssertionError("unreachable")


class Hanging(Misbehaving):
    """Sleeps, never giving the loop back."""

    def misbehave(self, decision: Decision) -> Choice:
        time.sleep(3600)
        raise AssertionError("unreachable")


class Spawning(Misbehaving):
    """Starts a daemon that would outlive it (in a session of its own, holding the
    standard error it inherited), marked by ``marker`` on its command line, and hangs."""

    def __init__(self, seed: int = 1, at: int = 3, marker: str = "") -> None:
        super().__init__(seed, at)
        self.marker = marker

    def misbehave(self, decision: Decision) -> Choice:
        subprocess.Popen(
            [sys.executable, "-c", "import time; time.sleep(3600)", self.marker],
            start_new_session=True,
        )
        time.sleep(3600)
        raise AssertionError("unreachable")


class BusyLooping(Misbehaving):
    """Loops forever."""

    def misbehave(self, decision: Decision) -> Choice:
        while True:
            pass


class Exiting(Misbehaving):
    """Ends its process."""

    def misbehave(self, decision: Decision) -> Choice:
        os._exit(3)


class Raising(Misbehaving):
    """Raises an exception."""

    def misbehave(self, decision: Decision) -> Choice:
        raise ValueError("no answer today")


def failing_factory() -> object:
    """A factory that cannot build its player."""
    raise RuntimeError("no player here")


def _attempt(what: str, attempt: Any) -> str:
    """``what`` and what came of ``attempt()``: ``GOT ...`` if it gave anything."""
    try:
        result = attempt()
    except (OSError, ValueError) as error:
        return f"SNOOP {what}: denied ({type(error).__name__})"
    if not result:
        return f"SNOOP {what}: nothing"
    return f"SNOOP {what}: GOT {str(result)[:200]!r}"


def _read(path: str, size: int = 4096) -> bytes:
    with open(path, "rb") as file:
        return file.read(size)


def _append(path: str, data: bytes) -> int:
    with open(path, "ab") as file:
        return file.write(data)


def _inherited_files() -> list[str]:
    """The files, folders and network sockets this process holds (its pipes, and the
    sockets trio makes for itself, are none of these)."""
    import socket
    import stat

    found = []
    for fd in range(3, 1024):
        try:
            mode = os.fstat(fd).st_mode
        except OSError:
            continue
        if stat.S_ISREG(mode) or stat.S_ISDIR(mode):
            found.append(f"{fd}: a file or folder")
        elif stat.S_ISSOCK(mode):
            with socket.socket(fileno=os.dup(fd)) as held:
                if held.family != socket.AF_UNIX:
                    found.append(f"{fd}: a {held.family.name} socket")
    return found


def _every_command_line() -> list[str]:
    """The command lines of every process this one can see."""
    lines = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                lines.append(_read(f"/proc/{name}/cmdline").decode(errors="replace"))
            except OSError:
                continue
    return [line for line in lines if "--seed" in line or "--log" in line]


def _memory(pid: int) -> bytes:
    """The first readable page of the process's memory (its map says where)."""
    with open(f"/proc/{pid}/mem", "rb") as memory:
        try:
            maps = _read(f"/proc/{pid}/maps").decode()
            start = next(int(line.split("-")[0], 16) for line in maps.splitlines() if " r" in line)
        except (OSError, StopIteration):
            start = 0x400000
        memory.seek(start)
        return memory.read(4096)


def _stop(pid: int) -> str:
    import signal

    os.kill(pid, signal.SIGSTOP)
    os.kill(pid, signal.SIGCONT)
    return f"stopped {pid}"


class ProcSnooping(Misbehaving):
    """At its first decision, tries every way a process of the engine's user has to
    learn what the engine knows: the engine's memory, open files, command line and
    environment through ``/proc`` (the engine's pid in ``SNOOP_HOST_PID``), the game's
    log by its path (``SNOOP_LOG``), descriptors it inherited, every process's command
    line, and stopping the engine. Each attempt and its result goes to standard error
    as ``SNOOP what: result``; then it plays as ``RandomBot(seed)``."""

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if self.asked == 1:
            host = int(os.environ.get("SNOOP_HOST_PID") or os.getppid())
            log = os.environ.get("SNOOP_LOG", "")
            for what, attempt in [
                ("engine memory", lambda: _memory(host)),
                ("engine maps", lambda: _read(f"/proc/{host}/maps")),
                ("engine fds", lambda: os.listdir(f"/proc/{host}/fd")),
                ("engine log fd", lambda: _read(f"/proc/{host}/fd/3")),
                ("engine cmdline", lambda: _read(f"/proc/{host}/cmdline")),
                ("engine environ", lambda: _read(f"/proc/{host}/environ")),
                ("log by path", lambda: _read(log)),
                ("log written", lambda: _append(log, b"forged\n")),
                ("current folder", lambda: os.listdir(".")),
                ("every cmdline", _every_command_line),
                ("inherited files", _inherited_files),
                ("stop the engine", lambda: _stop(host)),
            ]:
                print(_attempt(what, attempt), file=sys.stderr, flush=True)
        return await self.bot.decide(decision)


class Particular(RandomBot):
    """``RandomBot(seed)`` asking to be asked only in its main phases and whenever the
    stack holds something, the engine paying its mana costs; from its ``change_at``-th
    decision on it asks to be asked in its upkeep too."""

    def __init__(self, seed: int = 1, change_at: int = 15) -> None:
        from manaweave import Preferences, Stops

        super().__init__(seed, preferences=Preferences(stops=Stops(), engine_pays=True))
        self.change_at = change_at
        self.asked = 0

    async def decide(self, decision: Decision) -> Choice:
        from manaweave import Preferences, Stops

        self.asked += 1
        if self.asked == self.change_at:
            own_turn = frozenset({"upkeep", "precombat_main", "postcombat_main"})
            self.preferences = Preferences(stops=Stops(own_turn=own_turn), engine_pays=True)
        return await super().decide(decision)


def badly_preferring(seed: int = 1) -> RandomBot:
    """A random bot whose ``preferences`` is not a ``Preferences``."""
    bot = RandomBot(seed)
    bot.preferences = {"engine_pays": True}  # type: ignore[assignment]
    return bot

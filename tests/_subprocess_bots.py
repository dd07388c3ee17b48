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
    """Prints junk at every decision: it goes to standard error, not to the engine."""

    async def decide(self, decision: Decision) -> Choice:
        print("junk {\n" * 50)
        os.write(1, b"more junk\n")
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

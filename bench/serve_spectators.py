"""What spectators who join late and never read cost a game server: its memory.

Starts ``manaweave serve`` in a process of its own for an eight-player game whose first
seat is played from here (a ``RandomBot`` through ``manaweave.client.play_remote``),
the others by random bots. Once the game has logged ``--history`` events the seat's
bot waits, and ``--spectators`` spectators join from the first event on (``since`` 0)
and read nothing after ``joined``; after a pause for the server to send what they take
in, the game goes on to its end. The server's resident memory (``VmRSS``) is read
before they join and after (the most of several readings), and its peak (``VmHWM``).
One line on stdout::

    history 10017 events: server 64.5 MB before, 66.3 MB with 60 idle late spectators
    (+31 kB each), peak 66.3 MB

(one line, here cut in two).
Run from the repository root::

    .venv/bin/python bench/serve_spectators.py --spectators 60
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from contextlib import AsyncExitStack
from functools import partial
from pathlib import Path
from typing import Any

import trio

from manaweave import Choice, Decision
from manaweave.client import connect, play_remote
from manaweave.players import RandomBot


class WaitsAtHistory(RandomBot):
    """A random bot that, at its first decision once ``history`` events have come,
    waits until :attr:`go_on` is set (under ``play_remote`` it decides in a thread)."""

    def __init__(self, seed: int, history: int) -> None:
        super().__init__(seed=seed)
        self.history = history
        self.events = 0
        self.waiting = threading.Event()
        self.go_on = threading.Event()

    def saw(self, event: dict[str, Any]) -> None:
        self.events += 1

    async def decide(self, decision: Decision) -> Choice:
        if self.events >= self.history and not self.waiting.is_set():
            self.waiting.set()
            self.go_on.wait()
        return await super().decide(decision)


def memory(pid: int, field: str) -> float:
    """The process's ``VmRSS`` or ``VmHWM``, in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(field + ":"):
            return int(line.split()[1]) / 1024
    raise LookupError(field)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="serve_spectators.py", description=__doc__.split("\n")[0])
    parser.add_argument("--spectators", type=int, default=60, help="how many (default 60)")
    parser.add_argument(
        "--history", type=int, default=10_000, help="events logged before they join (10000)"
    )
    parser.add_argument("--seed", type=int, default=3, help="the game's seed (default 3)")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as folder:
        server = subprocess.Popen(
            [
                *(sys.executable, "-m", "manaweave", "serve", "--remote", "1", "--port", "0"),
                *("--players", "8", "--seating", "given", "--seed", str(args.seed), "--quiet"),
                *("--max-turns", "1000", "--decision-time-limit", "0"),
                *("--log", str(Path(folder) / "game.jsonl")),
            ],
            stdout=subprocess.PIPE,
            text=True,
        )
        try:
            assert server.stdout is not None
            lines = [server.stdout.readline() for _ in range(4)]
            url = lines[0].split(" at ")[1].strip()
            token = lines[1].split("token ")[1].strip()
            spectators_token = lines[2].split("spectators: token ")[1].strip()
            figures = trio.run(measure, server.pid, url, token, spectators_token, args)
            server.communicate(timeout=600)
        finally:
            server.kill()
            server.wait()
    history, before, after, peak = figures
    each = (after - before) * 1024 / max(args.spectators, 1)
    print(
        f"history {history} events: server {before:.1f} MB before, {after:.1f} MB with "
        f"{args.spectators} idle late spectators ({each:+.0f} kB each), peak {peak:.1f} MB"
    )
    return 0


async def measure(
    pid: int, url: str, token: str, spectators_token: str, args: argparse.Namespace
) -> tuple[int, float, float, float]:
    bot = WaitsAtHistory(seed=1, history=args.history)
    async with trio.open_nursery() as nursery:
        nursery.start_soon(partial(play_remote, url, token, bot, on_event=bot.saw))
        while not bot.waiting.is_set():
            await trio.sleep(0.05)
        history = bot.events
        before = memory(pid, "VmRSS")
        async with AsyncExitStack() as spectators:
            for _ in range(args.spectators):
                await spectators.enter_async_context(
                    connect(url, spectators_token, spectate=True, since=0)
                )
            started = time.monotonic()
            after = before
            while time.monotonic() - started < 3:  # the server sends what they take in
                await trio.sleep(0.2)
                after = max(after, memory(pid, "VmRSS"))
            peak = memory(pid, "VmHWM")
            bot.go_on.set()
    return history, before, after, peak


if __name__ == "__main__":
    sys.exit(main())

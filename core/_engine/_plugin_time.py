"""How long the plugins' hooks took in one game, by plugin and hook.

A hook runs inside the engine's loop, so whatever it spends (a ``time.sleep``, a slow
computation, a network call) every step waits for, with no bound the engine could set on
a call that never gives the loop back. What can be done is to measure it and say which
plugin took it: every hook of a game that a third-party plugin implements, and every
check of its state-based actions, is timed (``time.perf_counter``), and the totals are
kept per game (:attr:`Game.plugin_time <manaweave.lowlevel.Game.plugin_time>`).

The times are real time, which differs from run to run: the log holds them in
``plugin_time_ms`` of ``game_ended`` and ``game_interrupted``, a field a replay ignores
(:data:`manaweave.log.WALL_CLOCK_FIELDS`), so two runs of one game still replay as the same
game. Which plugins and hooks the field lists depends only on the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from manaweave.events import OMITTED, Omitted

__all__ = ["HookTime", "PluginTime"]


@dataclass(frozen=True, slots=True)
class HookTime:
    """The time one plugin's implementation of one hook took in a game."""

    plugin: str
    """The plugin's registered name."""
    hook: str
    """The hook (``mw_step_start``), or the method of a state-based action the plugin
    contributed (``check_permanent of the state-based action 704.5z``)."""
    calls: int
    """How many times it was called."""
    seconds: float
    """The real time all those calls took together, in seconds."""
    slowest: float
    """The real time the slowest call took, in seconds."""


class PluginTime:
    """The real time each plugin's hooks took in one game, by plugin and hook, in the order
    they were first called. Time a hook spends calling back into the engine counts as the
    hook's."""

    __slots__ = ("_spent", "clock")

    def __init__(self) -> None:
        self._spent: dict[tuple[str, str], list[float]] = {}
        """Calls, total seconds and slowest call, by plugin and hook."""
        self.clock: Callable[[], float] = time.perf_counter
        """The clock the hooks are timed with, in seconds (``time.perf_counter``); a test
        may give the game another, to know what each hook took."""

    def add(self, plugin: str, hook: str, seconds: float) -> None:
        """Count one call of ``plugin``'s ``hook`` that took ``seconds``."""
        spent = self._spent.get((plugin, hook))
        if spent is None:
            self._spent[plugin, hook] = [1, seconds, seconds]
            return
        spent[0] += 1
        spent[1] += seconds
        if seconds > spent[2]:
            spent[2] = seconds

    def __bool__(self) -> bool:
        return bool(self._spent)

    def hooks(self) -> list[HookTime]:
        """Every plugin's hooks that were called, the slowest in total first."""
        found = [
            HookTime(plugin, hook, int(calls), seconds, slowest)
            for (plugin, hook), (calls, seconds, slowest) in self._spent.items()
        ]
        return sorted(found, key=lambda h: h.seconds, reverse=True)

    def by_plugin(self) -> dict[str, float]:
        """Each plugin's hooks' time in total, in seconds, by plugin, in the order their
        hooks were first called."""
        totals: dict[str, float] = {}
        for (plugin, _), (_, seconds, _) in self._spent.items():
            totals[plugin] = totals.get(plugin, 0.0) + seconds
        return totals

    def for_log(self) -> dict[str, dict[str, float]] | Omitted:
        """What ``plugin_time_ms`` logs: each plugin's hooks with the milliseconds they
        took in total, rounded to the microsecond, by plugin and hook, in the order they
        were first called; :data:`~manaweave.events.OMITTED` (no field) when no hook was
        timed."""
        if not self._spent:
            return OMITTED
        logged: dict[str, dict[str, float]] = {}
        for (plugin, hook), (_, seconds, _) in self._spent.items():
            logged.setdefault(plugin, {})[hook] = round(seconds * 1000.0, 3)
        return logged

    def summary(self) -> list[str]:
        """The time each plugin's hooks took, one line per plugin and hook, the slowest
        first: ``exalted: 1.204 s in mw_step_start (640 calls, the slowest 0.012 s)``."""
        return [
            f"{h.plugin}: {h.seconds:.3f} s in {h.hook} ({h.calls} "
            f"{'call' if h.calls == 1 else 'calls'}, the slowest {h.slowest:.3f} s)"
            for h in self.hooks()
        ]

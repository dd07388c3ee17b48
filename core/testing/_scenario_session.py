"""A scenario's game, played in a thread of its own so that it can wait at a checkpoint.

The game stops as a chosen step begins, before anything of that step happens, and a
test then looks at it. Continuing must go on from exactly there, in the middle of the
engine's turn loop: so the game runs in its own thread, and the step-start hook that
reaches the checkpoint waits there until the test says how far to go next (or that it
is done, which unwinds the game). The test's thread waits while the game plays: only one
of them ever runs, so the game is never looked at while it changes.
"""

from __future__ import annotations

import functools
import queue
import threading
from dataclasses import dataclass

import trio

from manaweave._engine._game import Game, Outcome
from manaweave._engine._table import HarnessStop
from manaweave._engine._turn import Step
from manaweave._engine._turnloop import run_game

from ._scenario_script import Failed, Point

__all__ = ["GameThread", "Report"]


class _Abandoned(HarnessStop):
    """Unwinds a game that waits at a checkpoint nobody will continue from: raised in the
    scenario's own hook, which lets it through (it is no failure of the hook)."""


@dataclass(frozen=True)
class Report:
    """How a stretch of play ended: at a checkpoint (``stopped``), with the game over
    (``outcome``), with the script failing (``failure``), or with an error raised."""

    stopped: Point | None = None
    outcome: Outcome | None = None
    failure: str | None = None
    error: BaseException | None = None


class GameThread:
    """Plays one game in a daemon thread, stopping at checkpoints."""

    def __init__(self, start: tuple[int, Step, int], stop: Point) -> None:
        self.game: Game | None = None
        """The game, once :meth:`play` started it."""
        self.start = start
        self.stop = stop
        self.waiting = False
        """Whether the game waits at a checkpoint."""
        self._reports: queue.Queue[Report] = queue.Queue()
        self._orders: queue.Queue[Point | None] = queue.Queue()

    def play(self, game: Game) -> Report:
        """Start ``game``; returns when it reaches the checkpoint or ends."""
        self.game = game
        thread = threading.Thread(
            target=self._run, args=(game,), name="manaweave scenario", daemon=True
        )
        thread.start()
        return self._wait()

    def resume(self, stop: Point) -> Report:
        """Continue a game that waits at a checkpoint, up to ``stop``."""
        assert self.waiting
        self._orders.put(stop)
        return self._wait()

    def abandon(self) -> None:
        """Unwind a game that waits at a checkpoint (the scenario is done with it)."""
        if self.waiting:
            self.waiting = False
            self._orders.put(None)

    def step_began(self, turn: int, step: Step) -> None:
        """In the game's thread, as a step begins: wait here if it is the checkpoint."""
        now = (turn, list(Step).index(step))
        if now < self.stop:
            return
        markers = self.game.turn_markers if self.game is not None else None
        if markers is not None and turn > self.stop[0] and markers.turn_under_way(self.stop[0]):
            # Several turns at once (807.4): a later turn's step comes while the turn
            # stopped at is still under way; stop in that turn.
            return
        if self.game is not None:
            self.game.log.flush()
        self._reports.put(Report(stopped=now))
        order = self._orders.get()
        if order is None:
            raise _Abandoned
        self.stop = order

    def _wait(self) -> Report:
        report = self._reports.get()
        self.waiting = report.stopped is not None
        return report

    def _run(self, game: Game) -> None:
        try:
            outcome = trio.run(functools.partial(run_game, game, start=self.start))
        except _Abandoned:
            return
        except Failed as failure:
            self._reports.put(Report(failure=failure.message))
            return
        except BaseException as error:  # the test's thread raises it again
            self._reports.put(Report(error=error))
            return
        self._reports.put(Report(outcome=outcome))

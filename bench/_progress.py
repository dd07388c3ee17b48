"""The benchmarks' progress bar: rich's, on stderr, redrawn at most ten times a second so
that drawing never costs a measurable share of the figures."""

from __future__ import annotations

import time

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeRemainingColumn,
)

REDRAW_INTERVAL = 0.1  # seconds


class GameProgress:
    """Games done out of ``total``; does nothing unless ``enabled``.

    Redraws only from :meth:`update` (no refresh thread), so a benchmark's process runs
    nothing it did not ask for.
    """

    def __init__(self, total: int, *, enabled: bool) -> None:
        self.enabled = enabled
        self._last_draw = 0.0
        self._bar = Progress(
            TextColumn("games"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn("{task.fields[rate]:5.1f} games/s"),
            TimeRemainingColumn(),
            console=Console(stderr=True),
            auto_refresh=False,
            disable=not enabled,
        )
        self._task = self._bar.add_task("games", total=total, rate=0.0)
        self._started = time.perf_counter()
        if enabled:
            self._bar.start()

    def update(self, done: int) -> None:
        """Record that ``done`` games are finished."""
        if not self.enabled:
            return
        now = time.perf_counter()
        elapsed = now - self._started
        rate = done / elapsed if elapsed > 0 else 0.0
        self._bar.update(self._task, completed=done, rate=rate)
        if now - self._last_draw >= REDRAW_INTERVAL:
            self._last_draw = now
            self._bar.refresh()

    def close(self) -> None:
        """Draw the bar a last time and leave the line (safe to call twice)."""
        if self.enabled:
            self.enabled = False
            self._bar.refresh()
            self._bar.stop()

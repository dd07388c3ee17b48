"""Mana empties as each step and phase ends (CR 500.5, 106.4): the default behaviour of
the end of a step or phase, as a built-in plugin.

Its implementations of :func:`~manaweave.hookspecs.mw_step_end` and
:func:`~manaweave.hookspecs.mw_phase_end` run after every other plugin's (``trylast``), as
pytest's own ``pytest_pyfunc_call`` does: a plugin that acts as a step ends (the mana burn
of a house rule) finds the mana still in the pools. Turned off (``-p no:mana_emptying``),
unspent mana stays in the pools from step to step, as under an effect that says players
don't lose it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.hookspecs import hookimpl

if TYPE_CHECKING:
    from collections.abc import Awaitable

    from manaweave import Phase, Step
    from manaweave.lowlevel import Game

__all__ = ["mw_phase_end", "mw_step_end"]


@hookimpl(trylast=True)
def mw_step_end(game: Game, step: Step) -> Awaitable[object]:
    """As a step ends, each player's unspent mana empties (500.5)."""
    return game.empty_mana_pools()


@hookimpl(trylast=True)
def mw_phase_end(game: Game, phase: Phase) -> Awaitable[object]:
    """As a phase ends, each player's unspent mana empties (500.5): for the phase's last
    step it emptied as the step ended, and nothing is left to empty."""
    return game.empty_mana_pools()

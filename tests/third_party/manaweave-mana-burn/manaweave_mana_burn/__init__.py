"""Mana burn, a house rule: the rule 300.3 of the Comprehensive Rules of 2008, "When a
phase ends (but not a step), any unused mana left in a player's mana pool is lost. That
player loses 1 life for each one mana lost this way. This is called mana burn. Mana burn
is loss of life, not damage, so it can't be prevented or altered by effects that affect
damage."

Today's rules empty the mana pools as each step and phase ends (500.5) and burn nobody.
This plugin adds the option ``mana_burn`` to every variant (``manaweave play --option
mana-burn=true``); in a game given it, a player who loses unspent mana as a step or phase
ends loses 1 life for each mana lost. It acts through the hooks of the end of a step and
of a phase, before the built-in rule empties the pools: it empties them itself, as
:meth:`~manaweave.lowlevel.Game.empty_mana_pools` does (replacement effects that keep
mana in a pool apply, and kept mana burns nobody), and each player who lost mana loses
that much life (119.3: loss of life, which effects on damage don't change).
"""

from __future__ import annotations

from collections.abc import Awaitable, Sequence

from manaweave import Phase, Step, hookimpl
from manaweave.lowlevel import Game, VariantOption

__all__ = ["MANA_BURN", "burn", "mw_game_options", "mw_phase_end", "mw_step_end"]

MANA_BURN = VariantOption(
    "mana_burn",
    bool,
    False,
    "500.5",
    "a player who loses unspent mana as a step or phase ends loses 1 life for each "
    "(the mana burn of the 2008 rules, 300.3)",
)
"""The option, off unless a game is given it."""

RULE = "500.5"
"""The rule the life loss is logged with: the emptying of the pools it comes with."""


@hookimpl
def mw_game_options() -> Sequence[VariantOption]:
    """The option ``mana_burn``, for every variant."""
    return (MANA_BURN,)


@hookimpl
def mw_step_end(game: Game, step: Step) -> Awaitable[None] | None:
    """As a step ends, the unspent mana burns, in a game given the option."""
    return burn(game) if game.options.get(MANA_BURN.name) else None


@hookimpl
def mw_phase_end(game: Game, phase: Phase) -> Awaitable[None] | None:
    """As a phase ends (a main phase, which has no steps), the unspent mana burns too."""
    return burn(game) if game.options.get(MANA_BURN.name) else None


async def burn(game: Game) -> None:
    """Empty the mana pools; each player who lost mana loses 1 life for each."""
    lost = await game.empty_mana_pools()
    for player, mana in lost.items():
        await game.lose_life(player, len(mana), rule=RULE)

"""The plugin contract: every hook manaweave calls, with when and how results combine.

Hooks are named ``mw_<what>`` and fall in three groups:

* **Registration** (called once per process, results concatenated in registration
  order): :func:`mw_keywords`, :func:`mw_variants`, :func:`mw_card_sets`,
  :func:`mw_bots`.
* **Lifecycle** (called at coarse moments of a game; no result):
  :func:`mw_game_setup`, :func:`mw_turn_start`, :func:`mw_step_start`,
  :func:`mw_game_end`.
* **Rule contributions** (called once per game at setup; the core indexes what they
  return and orders it as the Comprehensive Rules say):
  :func:`mw_collect_state_based_actions`, :func:`mw_collect_triggers`,
  :func:`mw_collect_replacements`, :func:`mw_collect_continuous_effects`,
  :func:`mw_collect_casting_options`.

No hook is called per object or per priority pass: plugins contribute objects once
and the core calls plain methods on them in the inner loop. Hooks with no
implementation are skipped.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import pluggy

if TYPE_CHECKING:
    from ._game import Game, Outcome
    from ._turn import Step
    from ._variant import Variant
    from .cards import CardSet
    from .players import Player

__all__ = [
    "StateBasedAction",
    "hookimpl",
    "hookspec",
    "mw_bots",
    "mw_card_sets",
    "mw_collect_casting_options",
    "mw_collect_continuous_effects",
    "mw_collect_replacements",
    "mw_collect_state_based_actions",
    "mw_collect_triggers",
    "mw_game_end",
    "mw_game_setup",
    "mw_keywords",
    "mw_step_start",
    "mw_turn_start",
    "mw_variants",
]

PROJECT_NAME = "manaweave"
hookspec = pluggy.HookspecMarker(PROJECT_NAME)
"""Marks the hook specifications below (for this module's use)."""
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
"""Decorator for plugin hook implementations: ``@manaweave.hookimpl``."""


class StateBasedAction(Protocol):
    """A state-based action contributed by a plugin (CR 704.5, 704.6).

    ``check`` returns the permanents to put into their owners' graveyards, each
    with the rule that puts it there; the core performs them simultaneously with
    its own (704.3).
    """

    def check(self, game: Game) -> Sequence[tuple[Any, str]]:
        """The permanents this action applies to now."""
        ...


# --- registration --------------------------------------------------------------------------


@hookspec
def mw_keywords() -> Sequence[Any]:
    """Keyword abilities (CR 702) and keyword actions (CR 701) this plugin defines.

    Return their :class:`~manaweave.cards.Ability` classes; card definitions use them.
    Called once; the plugin host lists them by name (the class name in words, "first
    strike"), with the first CR rule their docstring cites (``manaweave keywords``). Two
    plugins may not define the same name.
    """
    raise NotImplementedError


@hookspec
def mw_variants() -> Sequence[Variant]:
    """Game variants this plugin defines (CR 800-903), each with a unique ``name``."""
    raise NotImplementedError


@hookspec
def mw_card_sets() -> Sequence[CardSet]:
    """Card sets this plugin defines; card names are looked up across all sets."""
    raise NotImplementedError


@hookspec
def mw_bots() -> Mapping[str, type[Player]]:
    """Bots this plugin provides, by the name ``manaweave play --bot NAME`` uses.

    Each value is a class whose constructor takes a keyword ``seed: int``.
    """
    raise NotImplementedError


# --- lifecycle -----------------------------------------------------------------------------


@hookspec
def mw_game_setup(game: Game) -> None:
    """A game has been built and is about to start (before CR 103)."""


@hookspec
def mw_turn_start(game: Game) -> None:
    """A turn has begun (CR 500.1), before its untap step."""


@hookspec
def mw_step_start(game: Game, step: Step) -> None:
    """A step or phase has begun, before its turn-based actions (CR 500.2, 703)."""


@hookspec
def mw_game_end(game: Game, outcome: Outcome) -> None:
    """The game has ended (CR 104); ``outcome`` says how."""


# --- rule contributions --------------------------------------------------------------------


@hookspec
def mw_collect_state_based_actions(game: Game) -> Sequence[StateBasedAction]:
    """State-based actions beyond the core's (CR 704.5, 704.6), checked with them (704.3)."""
    raise NotImplementedError


@hookspec
def mw_collect_triggers(game: Game) -> Sequence[Any]:
    """Triggered abilities that a rule adds apart from cards (CR 603): each returned
    :class:`manaweave.cards.TriggeredAbility` is given to every player, held by an object in
    the command zone they control, so "you" in it is that player. Indexed by event type
    with the cards' own."""
    raise NotImplementedError


@hookspec
def mw_collect_replacements(game: Game) -> Sequence[Any]:
    """Replacement and prevention effects that exist apart from cards (CR 614-616), such as
    a variant's rule: :class:`manaweave.ReplacementEffect` objects lasting the whole game
    (``Duration.PERMANENT``), with ``source`` 0 (no object) and the player they favour as
    ``controller``. They join the pipeline with the cards' own effects (616.1)."""
    raise NotImplementedError


@hookspec
def mw_collect_continuous_effects(game: Game) -> Sequence[Any]:
    """Continuous effects that exist apart from cards (CR 611, 613):
    :class:`manaweave.ContinuousEffect` objects lasting the whole game, applying through
    ``applies_to`` to whatever matches at each moment (611.3a), in their layer by
    timestamp (give a timestamp of 0 to apply before every object's effects)."""
    raise NotImplementedError


@hookspec
def mw_collect_casting_options(game: Game) -> Sequence[Any]:
    """What a caster may announce as they cast a spell beyond its mode and its mana or
    alternative cost (CR 601.2b): :class:`manaweave.cards.CastingOption` objects, such as
    the one that lets cards with splice be revealed from the hand (702.47). The core asks
    each, in registration order, for every spell cast from a hand; the additional costs
    they return are paid with the spell's (601.2f-h)."""
    raise NotImplementedError

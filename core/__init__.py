"""manaweave: a Magic: The Gathering rules engine.

A trio core runs the turn and priority loop of the Comprehensive Rules (edition
2026-01-16); keyword abilities, variants and card sets are pluggy plugins; players
are async actors; every game writes a JSON-lines event log.

Quick start::

    import manaweave
    from manaweave.players import RandomBot

    outcome = manaweave.run(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=7,
    )

This module holds what playing games needs: :func:`run` and :func:`play`,
:func:`new_game` with :func:`play_game`, :func:`replay`, the decisions a player answers
and the :class:`Preferences` (:class:`Stops`, engine payment) it may give the engine,
decklists and deck rules, steps and zones, the errors, and :data:`hookimpl` for plugins.
Players are in :mod:`manaweave.players`, scenario tests in :mod:`manaweave.testing`, the
card language in :mod:`manaweave.cards`, the event log in :mod:`manaweave.log` and the
events it records in :mod:`manaweave.events`, and the machinery extensions build on (the
game and its objects, layers, replacement effects, plugin hosts, variants) in
:mod:`manaweave.lowlevel`.
"""

from __future__ import annotations

import importlib
import typing
import warnings

from ._engine._decisions import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    DecisionKind,
    Division,
    Named,
    Number,
    Option,
    Pass,
    Payment,
    PlayLand,
    TargetOption,
    TurnFaceUp,
)
from ._engine._deck_rules import CONSTRUCTED, LIMITED, UNCHECKED, DeckRules
from ._engine._decklist import DeckEntry, Decklist, load_decklist, parse_decklist
from ._engine._errors import (
    CardDefinitionError,
    DecklistError,
    DeckRulesError,
    GameCopyError,
    GameLogError,
    IllegalActionError,
    IllegalChoiceError,
    KeywordActionUnavailableError,
    ManaweaveError,
    PluginContractError,
    PluginError,
    ReplayMismatchError,
    ReplayPluginError,
    RuleNotImplementedError,
    UnknownCardError,
    UnloggableValueError,
)
from ._engine._game import CR_EDITION, Outcome
from ._engine._mana import ManaCost, ManaCostError
from ._engine._play import DeckSpec, new_game, play, play_game, run
from ._engine._preferences import Preferences, Stops
from ._engine._replay import ReplayResult, replay
from ._engine._turn import Phase, Step
from ._engine._view import GameView, ObjectView, OtherTurnView, PlayerView
from ._engine._zones import Zone
from ._version import __version__ as __version__
from .hookspecs import hookimpl

if typing.TYPE_CHECKING:
    # Type checkers see the moved names where they were, so code not yet moved to
    # manaweave.lowlevel still checks; at run time __getattr__ serves them with a warning.
    from ._engine._game import Game as Game
    from ._engine._layers import Characteristics as Characteristics
    from ._engine._layers import ContinuousEffect as ContinuousEffect
    from ._engine._layers import Duration as Duration
    from ._engine._layers import Layer as Layer
    from ._engine._mana import ManaPool as ManaPool
    from ._engine._objects import AbilityOnStack as AbilityOnStack
    from ._engine._objects import GameObject as GameObject
    from ._engine._objects import StackItem as StackItem
    from ._engine._objects import TargetRef as TargetRef
    from ._engine._plugins import PluginHost as PluginHost
    from ._engine._replacement import CounterEvent as CounterEvent
    from ._engine._replacement import DamageEvent as DamageEvent
    from ._engine._replacement import DrawEvent as DrawEvent
    from ._engine._replacement import Event as Event
    from ._engine._replacement import LifeGainEvent as LifeGainEvent
    from ._engine._replacement import LifeLossEvent as LifeLossEvent
    from ._engine._replacement import ReplacementEffect as ReplacementEffect
    from ._engine._replacement import TapEvent as TapEvent
    from ._engine._replacement import TokenEvent as TokenEvent
    from ._engine._replacement import ZoneChangeEvent as ZoneChangeEvent
    from ._engine._variant import Variant as Variant
    from .simulation._ladder import LadderGame as LadderGame
    from .simulation._ladder import LadderResult as LadderResult
    from .simulation._ladder import Tally as Tally
    from .simulation._ladder import play_ladder as play_ladder
    from .simulation._ladder import wilson_interval as wilson_interval

__all__ = [
    "CONSTRUCTED",
    "CR_EDITION",
    "LIMITED",
    "UNCHECKED",
    "Activate",
    "Attack",
    "Block",
    "CardDefinitionError",
    "CardOption",
    "Cast",
    "Choice",
    "DamageSplit",
    "Decision",
    "DecisionKind",
    "DeckEntry",
    "DeckRules",
    "DeckRulesError",
    "DeckSpec",
    "Decklist",
    "DecklistError",
    "Division",
    "GameCopyError",
    "GameLogError",
    "GameView",
    "IllegalActionError",
    "IllegalChoiceError",
    "KeywordActionUnavailableError",
    "LadderGame",
    "LadderResult",
    "ManaCost",
    "ManaCostError",
    "ManaweaveError",
    "Named",
    "Number",
    "ObjectView",
    "Option",
    "OtherTurnView",
    "Outcome",
    "Pass",
    "Payment",
    "Phase",
    "PlayLand",
    "PlayerView",
    "PluginContractError",
    "PluginError",
    "Preferences",
    "ReplayMismatchError",
    "ReplayPluginError",
    "ReplayResult",
    "RuleNotImplementedError",
    "Step",
    "Stops",
    "Tally",
    "TargetOption",
    "TurnFaceUp",
    "UnknownCardError",
    "UnloggableValueError",
    "Zone",
    "hookimpl",
    "load_decklist",
    "new_game",
    "parse_decklist",
    "play",
    "play_game",
    "play_ladder",
    "replay",
    "run",
    "wilson_interval",
]

_MOVED_TO_LOWLEVEL = frozenset(
    {
        "AbilityOnStack",
        "Characteristics",
        "ContinuousEffect",
        "CounterEvent",
        "DamageEvent",
        "DrawEvent",
        "Duration",
        "Event",
        "Game",
        "GameObject",
        "Layer",
        "LifeGainEvent",
        "LifeLossEvent",
        "ManaPool",
        "PluginHost",
        "ReplacementEffect",
        "StackItem",
        "TapEvent",
        "TargetRef",
        "TokenEvent",
        "Variant",
        "ZoneChangeEvent",
    }
)
"""Names that were importable from ``manaweave`` and now live in :mod:`manaweave.lowlevel`;
for one release ``manaweave.<name>`` still returns them, with a :class:`DeprecationWarning`."""


_FROM_APPLICATIONS = dict.fromkeys(
    ("LadderGame", "LadderResult", "Tally", "play_ladder", "wilson_interval"), "simulation._ladder"
)
"""Names of the friendly API that applications built on the engine define: imported when
first asked for, so that a game imports the engine alone (and the engine never the
applications)."""


def __getattr__(name: str) -> object:
    """Serve a name an application defines (imported on first use), or one that moved to
    :mod:`manaweave.lowlevel`, warning where it lives now."""
    home = _FROM_APPLICATIONS.get(name)
    if home is not None:
        found: object = getattr(importlib.import_module(f".{home}", __name__), name)
        globals()[name] = found
        return found
    if name not in _MOVED_TO_LOWLEVEL:
        raise AttributeError(f"module 'manaweave' has no attribute {name!r}")
    warnings.warn(
        f"manaweave.{name} has moved to manaweave.lowlevel.{name}; import it from there "
        "(the old name goes away in the next release)",
        DeprecationWarning,
        stacklevel=2,
    )
    from . import lowlevel

    value: object = getattr(lowlevel, name)
    return value


def __dir__() -> list[str]:
    """The friendly names only: the moved ones are found in :mod:`manaweave.lowlevel`."""
    return sorted({*__all__, "__version__"})

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

import typing
import warnings

from ._decisions import (
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
from ._deck_rules import CONSTRUCTED, LIMITED, UNCHECKED, DeckRules
from ._decklist import DeckEntry, Decklist, load_decklist, parse_decklist
from ._errors import (
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
from ._game import CR_EDITION, Outcome
from ._ladder import LadderGame, LadderResult, Tally, play_ladder, wilson_interval
from ._mana import ManaCost, ManaCostError
from ._play import DeckSpec, new_game, play, play_game, run
from ._preferences import Preferences, Stops
from ._replay import ReplayResult, replay
from ._turn import Phase, Step
from ._version import __version__ as __version__
from ._view import GameView, ObjectView, OtherTurnView, PlayerView
from ._zones import Zone
from .hookspecs import hookimpl

if typing.TYPE_CHECKING:
    # Type checkers see the moved names where they were, so code not yet moved to
    # manaweave.lowlevel still checks; at run time __getattr__ serves them with a warning.
    from ._game import Game as Game
    from ._layers import Characteristics as Characteristics
    from ._layers import ContinuousEffect as ContinuousEffect
    from ._layers import Duration as Duration
    from ._layers import Layer as Layer
    from ._mana import ManaPool as ManaPool
    from ._objects import AbilityOnStack as AbilityOnStack
    from ._objects import GameObject as GameObject
    from ._objects import StackItem as StackItem
    from ._objects import TargetRef as TargetRef
    from ._plugins import PluginHost as PluginHost
    from ._replacement import CounterEvent as CounterEvent
    from ._replacement import DamageEvent as DamageEvent
    from ._replacement import DrawEvent as DrawEvent
    from ._replacement import Event as Event
    from ._replacement import LifeGainEvent as LifeGainEvent
    from ._replacement import LifeLossEvent as LifeLossEvent
    from ._replacement import ReplacementEffect as ReplacementEffect
    from ._replacement import TapEvent as TapEvent
    from ._replacement import TokenEvent as TokenEvent
    from ._replacement import ZoneChangeEvent as ZoneChangeEvent
    from ._variant import Variant as Variant

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


def __getattr__(name: str) -> object:
    """Serve a name that moved to :mod:`manaweave.lowlevel`, warning where it lives now."""
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

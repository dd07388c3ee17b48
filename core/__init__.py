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
"""

from __future__ import annotations

__version__ = "0.1.0"

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
    DecklistError,
    DeckRulesError,
    IllegalActionError,
    IllegalChoiceError,
    ManaweaveError,
    ReplayMismatchError,
    RuleNotImplementedError,
    UnknownCardError,
)
from ._game import CR_EDITION, Game, Outcome
from ._layers import Characteristics, ContinuousEffect, Duration, Layer
from ._mana import ManaCost, ManaCostError, ManaPool
from ._objects import AbilityOnStack, GameObject, StackItem, TargetRef
from ._play import DeckSpec, play, run
from ._plugins import PluginHost
from ._replacement import (
    CounterEvent,
    DamageEvent,
    DrawEvent,
    Event,
    LifeGainEvent,
    LifeLossEvent,
    ReplacementEffect,
    TapEvent,
    TokenEvent,
    ZoneChangeEvent,
)
from ._turn import Phase, Step
from ._variant import Variant
from ._view import GameView, ObjectView, PlayerView
from ._zones import Zone
from .hookspecs import hookimpl

__all__ = [
    "CONSTRUCTED",
    "CR_EDITION",
    "LIMITED",
    "UNCHECKED",
    "AbilityOnStack",
    "Activate",
    "Attack",
    "Block",
    "CardOption",
    "Cast",
    "Characteristics",
    "Choice",
    "ContinuousEffect",
    "CounterEvent",
    "DamageEvent",
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
    "DrawEvent",
    "Duration",
    "Event",
    "Game",
    "GameObject",
    "GameView",
    "IllegalActionError",
    "IllegalChoiceError",
    "Layer",
    "LifeGainEvent",
    "LifeLossEvent",
    "ManaCost",
    "ManaCostError",
    "ManaPool",
    "ManaweaveError",
    "Named",
    "Number",
    "ObjectView",
    "Option",
    "Outcome",
    "Pass",
    "Payment",
    "Phase",
    "PlayLand",
    "PlayerView",
    "PluginHost",
    "ReplacementEffect",
    "ReplayMismatchError",
    "RuleNotImplementedError",
    "StackItem",
    "Step",
    "TapEvent",
    "TargetOption",
    "TargetRef",
    "TokenEvent",
    "TurnFaceUp",
    "UnknownCardError",
    "Variant",
    "Zone",
    "ZoneChangeEvent",
    "hookimpl",
    "load_decklist",
    "parse_decklist",
    "play",
    "run",
]

"""Characteristics and continuous effects applied in layers (CR 611-613).

The core computes characteristics, never stores them: it starts from an object's
copiable values (its card) and applies the continuous effects that affect it in
layer order (613.1), sublayer order (613.4) and timestamp order (613.7).
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._game import Game
    from ._objects import GameObject
    from .cards import Ability, CardDefinition

__all__ = [
    "Characteristics",
    "ContinuousEffect",
    "Duration",
    "Layer",
    "add_types",
    "modify_pt",
    "set_colors",
    "set_controller",
    "set_pt",
    "switch_pt",
]


class Layer(enum.IntEnum):
    """Layers and P/T sublayers in the order they apply (CR 613.1, 613.4)."""

    COPY = 10
    CONTROL = 20
    TEXT = 30
    TYPE = 40
    COLOR = 50
    ABILITY = 60
    PT_DEFINING = 71
    PT_SETTING = 72
    PT_MODIFYING = 73
    PT_SWITCHING = 74

    @property
    def rule(self) -> str:
        """The CR rule of this layer."""
        return _LAYER_RULES[self]


_LAYER_RULES = {
    Layer.COPY: "613.1a",
    Layer.CONTROL: "613.1b",
    Layer.TEXT: "613.1c",
    Layer.TYPE: "613.1d",
    Layer.COLOR: "613.1e",
    Layer.ABILITY: "613.1f",
    Layer.PT_DEFINING: "613.4a",
    Layer.PT_SETTING: "613.4b",
    Layer.PT_MODIFYING: "613.4c",
    Layer.PT_SWITCHING: "613.4d",
}


class Duration(enum.Enum):
    """How long an effect from a resolved spell or ability lasts (CR 611.2)."""

    END_OF_TURN = "end_of_turn"
    """Ends in the cleanup step (CR 514.2)."""
    PERMANENT = "permanent"
    """Lasts until its affected object leaves its zone."""
    WHILE_SOURCE_ON_BATTLEFIELD = "while_source_on_battlefield"
    """"for as long as [its source] remains on the battlefield" (CR 611.2b)."""


class Characteristics:
    """An object's characteristics after continuous effects (CR 109.3, 613).

    Read-only by convention: the game caches one per object and state version.
    """

    __slots__ = (
        "abilities",
        "colors",
        "controller",
        "mana_value",
        "name",
        "power",
        "subtypes",
        "supertypes",
        "toughness",
        "types",
    )

    def __init__(self, card: CardDefinition, controller: int) -> None:
        self.name = card.name
        self.mana_value = card.mana_value
        self.colors = card.colors
        self.types = card.types
        self.subtypes = card.subtypes
        self.supertypes = card.supertypes
        self.power = card.power
        self.toughness = card.toughness
        self.abilities: tuple[Ability, ...] = card.all_abilities
        self.controller = controller

    def has_type(self, card_type: str) -> bool:
        """Whether the object has this card type (``"Creature"``, ``"Land"``, ...)."""
        return card_type in self.types

    @property
    def is_creature(self) -> bool:
        """Whether the object is a creature."""
        return "Creature" in self.types

    def __repr__(self) -> str:
        pt = f" {self.power}/{self.toughness}" if self.power is not None else ""
        return f"<Characteristics {self.name}{pt} {'/'.join(self.types)}>"


@dataclass(frozen=True, slots=True)
class ContinuousEffect:
    """A continuous effect (CR 611): what it does, in which layer, to what, for how long.

    Effects from resolved spells and abilities lock the objects they affect when
    they begin (611.2c): ``affected`` holds those object ids. Effects from static
    abilities apply to whatever matches at each moment (611.3a): they leave
    ``affected`` as ``None`` and give ``applies_to``, which is asked with the
    object's characteristics as the earlier layers left them (613.1: a creature made
    by a layer 4 effect is a creature for a layer 7 effect).
    """

    layer: Layer
    timestamp: int
    source: int
    affected: frozenset[int] | None
    modify: Callable[[Characteristics], None]
    duration: Duration = Duration.PERMANENT
    description: str = ""
    applies_to: Callable[[GameObject, Characteristics], bool] | None = None

    def affects(self, obj: GameObject, chars: Characteristics) -> bool:
        """Whether this effect applies to ``obj`` with its characteristics so far."""
        if self.affected is not None:
            return obj.id in self.affected
        return self.applies_to is not None and self.applies_to(obj, chars)


def modify_pt(power: int, toughness: int) -> Callable[[Characteristics], None]:
    """The layer 7c modification "gets +power/+toughness" (CR 613.4c)."""

    def modify(chars: Characteristics) -> None:
        if chars.power is not None and chars.toughness is not None:
            chars.power += power
            chars.toughness += toughness

    return modify


def set_controller(player: int) -> Callable[[Characteristics], None]:
    """The layer 2 effect "[player] controls it" (CR 613.1b)."""

    def modify(chars: Characteristics) -> None:
        chars.controller = player

    return modify


def set_pt(power: int, toughness: int) -> Callable[[Characteristics], None]:
    """The layer 7b effect "has base power and toughness P/T" (CR 613.4b)."""

    def modify(chars: Characteristics) -> None:
        chars.power = power
        chars.toughness = toughness

    return modify


def switch_pt() -> Callable[[Characteristics], None]:
    """The layer 7d effect "switch its power and toughness" (CR 613.4d)."""

    def modify(chars: Characteristics) -> None:
        chars.power, chars.toughness = chars.toughness, chars.power

    return modify


def add_types(
    types: tuple[str, ...] = (), subtypes: tuple[str, ...] = ()
) -> Callable[[Characteristics], None]:
    """The layer 4 effect "becomes a [type] [subtype] in addition to its other types"
    (CR 613.1d, 205.1b): card types and subtypes are added, none removed."""

    def modify(chars: Characteristics) -> None:
        chars.types = chars.types + tuple(t for t in types if t not in chars.types)
        chars.subtypes = chars.subtypes + tuple(t for t in subtypes if t not in chars.subtypes)

    return modify


def set_colors(colors: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """The layer 5 effect "becomes [colour]": its colours are replaced (CR 613.1e, 105.3)."""

    def modify(chars: Characteristics) -> None:
        chars.colors = colors

    return modify


def compute_characteristics(
    game: Game, obj: GameObject, effects: list[ContinuousEffect]
) -> Characteristics:
    """Apply the ``effects`` (sorted by layer and timestamp) that affect ``obj`` to its
    copiable values."""
    chars = Characteristics(obj.card, obj.base_controller)
    counters_applied = not obj.counters
    for effect in effects:  # sorted by layer, then timestamp (613.1, 613.7)
        if not counters_applied and effect.layer > Layer.PT_MODIFYING:
            _apply_counters(obj, chars)
            counters_applied = True
        if effect.affects(obj, chars):
            effect.modify(chars)
    if not counters_applied:
        _apply_counters(obj, chars)
    return chars


def _apply_counters(obj: GameObject, chars: Characteristics) -> None:
    # +1/+1 and -1/-1 counters modify P/T in layer 7c with the other modifications (613.4c).
    if chars.power is None or chars.toughness is None:
        return
    delta = obj.counters.get("+1/+1", 0) - obj.counters.get("-1/-1", 0)
    chars.power += delta
    chars.toughness += delta

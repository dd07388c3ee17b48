"""Characteristics and continuous effects applied in layers (CR 611-613).

The core computes characteristics, never stores them: it starts from an object's
copiable values (its card) and applies the continuous effects that affect it in
layer order (613.1), sublayer order (613.4) and timestamp order (613.7).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from ._ability_index import AbilityIndex

if TYPE_CHECKING:
    from manaweave.cards import Ability, CardDefinition, TextChange

    from ._objects import GameObject

__all__ = [
    "LAND_TYPES",
    "NONCREATURE_SUBTYPES",
    "Characteristics",
    "ContinuousEffect",
    "Duration",
    "Layer",
    "add_types",
    "change_text",
    "copy_values",
    "gain_ability",
    "lose_ability",
    "lose_all_abilities",
    "modify_pt",
    "set_basic_land_type",
    "set_colors",
    "set_controller",
    "set_creature_type",
    "set_pt",
    "set_pt_to_mana_value",
    "switch_pt",
]

_A = TypeVar("_A")


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
    UNTIL_YOUR_NEXT_TURN = "until_your_next_turn"
    """Ends as the next turn of the effect's controller begins, or as it would have begun
    if that player has left the game (CR 800.4m)."""


class Characteristics:
    """An object's characteristics after continuous effects (CR 109.3, 613).

    Read-only by convention: the game caches one per object and state version.
    """

    __slots__ = (
        "_index",
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

    def __deepcopy__(self, memo: dict[int, object]) -> Characteristics:
        # Read-only once computed (a new one is made for each change): a copied game
        # shares it.
        return self

    def __init__(self, card: CardDefinition, controller: int) -> None:
        self.abilities: tuple[Ability, ...]
        self.set_copiable_values(card)
        self.controller = controller

    def set_copiable_values(self, card: CardDefinition) -> None:
        """Take ``card``'s printed values: what an object starts from, and what a copy
        effect makes its copiable values (CR 707.2)."""
        self.name = card.name
        self.mana_value = card.mana_value
        self.colors = card.colors
        self.types = card.types
        self.subtypes = card.subtypes
        self.supertypes = card.supertypes
        self.power = card.power
        self.toughness = card.toughness
        self.abilities = card.all_abilities
        self._index = card.ability_index

    @property
    def ability_index(self) -> AbilityIndex:
        """Its abilities filed by kind: its card's index while a layer has not changed
        them, else built for the abilities it has now, once."""
        index = self._index
        if index.abilities is not self.abilities:
            index = self._index = AbilityIndex(self.abilities)
        return index

    def abilities_of(self, kind: type[_A]) -> tuple[_A, ...]:
        """Its abilities of ``kind``, an ability class (its subclasses included), in
        order: how the engine finds the abilities it acts on."""
        index = self._index
        if index.abilities is not self.abilities:
            # A layer replaced its abilities (613.1c, 613.1f): index the new ones.
            index = self._index = AbilityIndex(self.abilities)
        return index.by_kind.get(kind, ())  # AbilityIndex.of, without a second call

    def copy(self) -> Characteristics:
        """A copy to try an effect on (for dependencies, CR 613.8)."""
        other = Characteristics.__new__(Characteristics)
        for name in Characteristics.__slots__:
            setattr(other, name, getattr(self, name))
        return other

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
    part_of: int | None = None
    """Parts of one effect that apply in several layers share this number: the objects
    the first part applied to are the objects every later part applies to (613.6)."""
    controller: int | None = None
    """Who controlled the spell or ability that created it ("your next turn")."""
    board_modify: Callable[[Characteristics, Mapping[int, Characteristics]], None] | None = None
    """For an effect that reads the rest of the board (a characteristic-defining ability
    counting creatures, 604.3): used instead of ``modify``, with every object's
    characteristics as the earlier layers left them."""
    defines_characteristic: bool = False
    """From a characteristic-defining ability: it applies before the other effects of its
    layer (613.3)."""
    granted: tuple[Ability, ...] = ()
    """For a layer 6 effect that gives objects abilities, those abilities (so the game
    knows a triggered ability may exist that no card prints)."""
    reads_pt: bool = False
    """What it applies to depends on power or toughness ("creatures with power 2 or
    less"), so in the P/T layers it can depend on another effect (613.8a)."""
    grant_timestamp: int | None = None
    """For an effect of a static ability that another effect gave its object: the
    timestamp of that granting effect. ``timestamp`` is then the later of it and the
    object's timestamp, and at equal timestamps the effect applies after the object's
    own, in the order the abilities were granted, so that a new timestamp of the object
    keeps their relative order (613.7a)."""

    def apply(self, target: Characteristics, board: Mapping[int, Characteristics]) -> None:
        """Apply this effect to one object's characteristics."""
        if self.board_modify is not None:
            self.board_modify(target, board)
        else:
            self.modify(target)

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


LAND_TYPES = frozenset(
    {
        "Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain",
        "Plains", "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's",
    }
)  # fmt: skip
"""The land types (CR 205.3i)."""


NONCREATURE_SUBTYPES = frozenset(
    {
        "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune",
        "Saga", "Shard", "Shrine", "Equipment", "Fortification", "Vehicle", "Attraction",
        "Blood", "Clue", "Contraption", "Food", "Gold", "Incubator", "Junk", "Lander", "Map",
        "Powerstone", "Treasure",
    }
)  # fmt: skip
"""Artifact and enchantment types (CR 205.3g-h): subtypes that are not creature types."""


def set_basic_land_type(subtypes: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """The layer 4 effect that sets a land's subtype to basic land types (CR 305.7): its old
    land types and the abilities of its rules text are gone; the intrinsic mana abilities
    of the new types come with them (given once the layer is done)."""

    def modify(chars: Characteristics) -> None:
        others = tuple(t for t in chars.subtypes if t not in LAND_TYPES)
        chars.subtypes = others + subtypes
        chars.abilities = tuple(a for a in chars.abilities if getattr(a, "intrinsic", False))

    return modify


def set_creature_type(creature_type: str) -> Callable[[Characteristics], None]:
    """The layer 4 effect "is [creature type]": its creature types are replaced; its other
    subtypes stay (CR 205.1a, 613.1d)."""

    def modify(chars: Characteristics) -> None:
        kept = tuple(t for t in chars.subtypes if t in LAND_TYPES or t in NONCREATURE_SUBTYPES)
        chars.subtypes = (*kept, creature_type)

    return modify


def change_text(change: TextChange) -> Callable[[Characteristics], None]:
    """The layer 3 effect that changes the words of an object's abilities (CR 612.2)."""

    def modify(chars: Characteristics) -> None:
        chars.abilities = tuple(a.with_text_changed(change) for a in chars.abilities)

    return modify


def copy_values(card: CardDefinition) -> Callable[[Characteristics], None]:
    """The layer 1 effect "is a copy of [card]": its copiable values become the card's
    (CR 707.2, 613.1a)."""

    def modify(chars: Characteristics) -> None:
        chars.set_copiable_values(card)

    return modify


def set_controller(player: int) -> Callable[[Characteristics], None]:
    """The layer 2 effect "[player] controls it" (CR 613.1b)."""

    def modify(chars: Characteristics) -> None:
        chars.controller = player

    return modify


def lose_all_abilities() -> Callable[[Characteristics], None]:
    """The layer 6 effect "loses all abilities" (CR 613.1f)."""

    def modify(chars: Characteristics) -> None:
        chars.abilities = ()

    return modify


def lose_ability(ability: Ability) -> Callable[[Characteristics], None]:
    """The layer 6 effect "loses [ability]": every instance of it is gone (CR 613.1f), and
    whatever losing it takes away too (:meth:`~manaweave.cards.Ability.lost_with`)."""

    def modify(chars: Characteristics) -> None:
        chars.abilities = tuple(a for a in chars.abilities if not a.lost_with(ability))

    return modify


def gain_ability(ability: Ability) -> Callable[[Characteristics], None]:
    """The layer 6 effect "has [ability]" / "gains [ability]" (CR 613.1f)."""

    def modify(chars: Characteristics) -> None:
        chars.abilities = (*chars.abilities, ability)

    return modify


def set_pt_to_mana_value() -> Callable[[Characteristics], None]:
    """The layer 7b effect "has base power and toughness each equal to its mana value"
    (CR 613.4b)."""

    def modify(chars: Characteristics) -> None:
        chars.power = chars.toughness = chars.mana_value

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


def add_colors(colors: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """The layer 5 effect "is [colour] in addition to its other colors" (CR 613.1e,
    105.3): colours are added, none removed."""

    def modify(chars: Characteristics) -> None:
        # Colours are kept in the order white, blue, black, red, green (105.1).
        chars.colors = tuple(c for c in "WUBRG" if c in chars.colors or c in colors)

    return modify


def set_colors(colors: tuple[str, ...]) -> Callable[[Characteristics], None]:
    """The layer 5 effect "becomes [colour]": its colours are replaced (CR 613.1e, 105.3)."""

    def modify(chars: Characteristics) -> None:
        chars.colors = colors

    return modify

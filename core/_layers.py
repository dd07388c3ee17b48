"""Characteristics and continuous effects applied in layers (CR 611-613).

The core computes characteristics, never stores them: it starts from an object's
copiable values (its card) and applies the continuous effects that affect it in
layer order (613.1), sublayer order (613.4) and timestamp order (613.7).
"""

from __future__ import annotations

import bisect
import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ._game import Game
    from ._objects import GameObject
    from .cards import Ability, CardDefinition, TextChange

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

    def copy(self) -> Characteristics:
        """A copy to try an effect on (for dependencies, CR 613.8)."""
        other = Characteristics.__new__(Characteristics)
        for name in Characteristics.__slots__:
            setattr(other, name, getattr(self, name))
        return other

    def refresh_intrinsic(self) -> None:
        """Give it the mana abilities of its basic land types as they are now (305.6)."""
        from .cards import intrinsic_abilities

        kept = tuple(a for a in self.abilities if not getattr(a, "intrinsic", False))
        self.abilities = intrinsic_abilities(self.types, self.subtypes) + kept

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


def compute_board(
    game: Game, objects: list[GameObject], resolved: list[ContinuousEffect]
) -> dict[int, Characteristics]:
    """The characteristics of every object on the battlefield, all at once (CR 613).

    Layer by layer (613.1, 613.4): effects of resolved spells and abilities apply to the
    objects they locked in (611.2c); effects of static abilities come from the abilities
    the objects have *at that layer* (an ability removed in an earlier layer generates
    nothing later) and apply to whatever matches then (611.3a). An effect that started
    to apply in one layer goes on applying to the same objects in later layers, even if
    the ability that generates it is removed meanwhile (613.6). Within a layer, effects
    apply in timestamp order (613.7), except that an effect that depends on another
    applies after it (613.8): dependencies are found by trying each effect on a copy of
    the board and seeing whether another's existence or reach changes (613.8a). In the
    power/toughness layers effects do not change what others look at, so timestamp order
    is kept there unless an effect's reach reads power or toughness. Counters apply in
    layer 7c (613.4c).

    A static ability an object gains in layer 6 generates its effects from that object as
    if printed on it (604.1, 611.3): its layer 6 effects join the layer as soon as the
    ability is there (they exist only once the granting effect has applied, so they
    come after it, 613.8a), its later ones apply in their layers, and their timestamps
    follow 613.7a.
    """
    chars = {obj.id: Characteristics(obj.base_card, obj.base_controller) for obj in objects}
    by_id = {obj.id: obj for obj in objects}
    face_down = {obj.id for obj in objects if obj.face_down}
    statics = _Statics(game)
    locked: dict[tuple[int, int, int], frozenset[int]] = {}
    """The objects each started static effect applies to (613.6: the same set)."""
    begun: set[tuple[int, int]] = set()
    """Generators whose effect has begun to apply (in this or an earlier layer)."""
    for layer in Layer:
        if layer is Layer.PT_SWITCHING:
            for obj in objects:
                if obj.counters:
                    _apply_counters(obj, chars[obj.id])
        effects: list[tuple[ContinuousEffect, tuple[int, int, int] | None]] = [
            (e, None) for e in resolved if e.layer is layer
        ]
        statics.begin_layer(layer)
        for obj in objects:
            if chars[obj.id].abilities:
                effects.extend(statics.collect(obj, chars[obj.id]))
        effects.extend(statics.ongoing(begun))
        effects.sort(key=_order)
        fresh = {key[:2] for _, key in effects if key is not None} - set(begun)
        remaining = effects
        while remaining:
            index = 0
            if len(remaining) > 1 and (
                layer in _DEPENDENT_LAYERS or any(e.reads_pt for e, _ in remaining)
            ):
                index = _next_by_dependency(objects, chars, remaining, fresh)
            effect, key = remaining.pop(index)
            if key is not None and key[:2] in fresh and not _exists(chars, key):
                continue  # its ability was removed earlier in this layer: it never starts
            if key is not None:
                begun.add(key[:2])
            for target in _targets(effect, key, objects, chars, locked):
                if target in chars and not (layer is Layer.COPY and target in face_down):
                    # A face-down permanent keeps its face-down values (708.10).
                    effect.apply(chars[target], chars)
                    if layer is Layer.ABILITY:
                        statics.note_grants(target, chars[target], effect)
                        for new_effect, new_key in statics.collect(by_id[target], chars[target]):
                            fresh.add(new_key[:2])
                            bisect.insort(remaining, (new_effect, new_key), key=_order)
        if layer is Layer.TYPE:
            for obj_chars in chars.values():
                obj_chars.refresh_intrinsic()
    return chars


def _order(
    pair: tuple[ContinuousEffect, tuple[int, int, int] | None],
) -> tuple[bool, int, bool, int]:
    """Characteristic-defining abilities first (613.3), then timestamp order (613.7); an
    effect of a granted static ability after the object's own effects of the same
    timestamp, in the order the abilities were granted (613.7a)."""
    effect = pair[0]
    grant = effect.grant_timestamp
    return (not effect.defines_characteristic, effect.timestamp, grant is not None, grant or 0)


class _Statics:
    """The static abilities of the objects being computed, as generators of effects.

    A generator is (object id, ability id). Its effects are made once, when it first
    has an effect in the layer being applied, and kept for the later layers (613.6).
    An object may have several instances of one granted ability (two Auras of one card):
    each instance generates its effects, with the timestamp of the effect that granted
    it.
    """

    def __init__(self, game: Game) -> None:
        from .cards import StaticAbility

        self.static_ability = StaticAbility  # imported once per board, not once per call
        self.game = game
        self.layer = Layer.COPY
        self.started: dict[tuple[int, int], list[ContinuousEffect]] = {}
        """The effects each started generator made as it started (613.6)."""
        self.instances: dict[tuple[int, int], list[int | None]] = {}
        """For each generator, the timestamp of the effect that granted each instance of
        its ability (``None``: printed), as last collected."""
        self.counted: dict[tuple[int, int], int] = {}
        """How many instances of each generator the current layer has collected."""
        self.granted_at: dict[tuple[int, int], list[int]] = {}
        """The timestamps of the layer 6 effects that gave an object the instances of a
        static ability it has now, oldest first, by (object id, ability id)."""

    def begin_layer(self, layer: Layer) -> None:
        """Start collecting the effects of ``layer``."""
        self.layer = layer
        self.counted = {}

    def collect(
        self, obj: GameObject, obj_chars: Characteristics
    ) -> list[tuple[ContinuousEffect, tuple[int, int, int]]]:
        """The current layer's effects of the static abilities ``obj`` has that this
        layer has not collected yet, each with its key (generator and part)."""
        pairs: list[tuple[ContinuousEffect, tuple[int, int, int]]] = []
        seen: dict[int, int] = {}
        for ability in obj_chars.abilities:
            if not isinstance(ability, self.static_ability):
                continue
            generator = (obj.id, id(ability))
            instance = seen[id(ability)] = seen.get(id(ability), 0) + 1
            if instance <= self.counted.get(generator, 0):
                continue
            self.counted[generator] = instance
            stamps = self.granted_at.get(generator, [])
            grant = stamps[instance - 1] if instance <= len(stamps) else None
            if instance == 1:
                self.instances[generator] = []
            self.instances[generator].append(grant)
            generated = self.started.get(generator)
            if generated is None:
                generated = list(ability.continuous_effects(self.game, obj))
                if grant is not None:
                    _check_grantable(generated, ability)
            mine = _stamped(generator, generated, self.layer, (grant,))
            if mine:
                self.started[generator] = generated
            pairs.extend(mine)
        return pairs

    def ongoing(
        self, begun: set[tuple[int, int]]
    ) -> list[tuple[ContinuousEffect, tuple[int, int, int]]]:
        """The current layer's effects of generators whose ability was removed after
        their effect began to apply: they go on applying (613.6)."""
        pairs: list[tuple[ContinuousEffect, tuple[int, int, int]]] = []
        for generator, generated in self.started.items():
            if generator not in self.counted and generator in begun:
                grants = self.instances.get(generator, [None])
                pairs.extend(_stamped(generator, generated, self.layer, grants))
        return pairs

    def note_grants(
        self, target: int, target_chars: Characteristics, effect: ContinuousEffect
    ) -> None:
        """Remember the timestamp of a layer 6 effect that gave ``target`` static
        abilities (613.7a), and forget grants of abilities it no longer has."""
        from .cards import StaticAbility

        for ability in effect.granted:
            if isinstance(ability, StaticAbility):
                self.granted_at.setdefault((target, id(ability)), []).append(effect.timestamp)
        for (holder, ability_id), stamps in self.granted_at.items():
            if holder == target:
                present = sum(1 for a in target_chars.abilities if id(a) == ability_id)
                # An ability-removing effect removes every instance (613.1f): the ones
                # left are the latest grants.
                del stamps[: max(0, len(stamps) - present)]


def _stamped(
    generator: tuple[int, int],
    generated: list[ContinuousEffect],
    layer: Layer,
    grants: tuple[int | None, ...] | list[int | None],
) -> list[tuple[ContinuousEffect, tuple[int, int, int]]]:
    """A generator's effects in ``layer``, once for each instance of its ability, each
    with the timestamp 613.7a gives it."""
    pairs: list[tuple[ContinuousEffect, tuple[int, int, int]]] = []
    for grant in grants:
        for index, effect in enumerate(generated):
            if effect.layer is layer:
                part = index if effect.part_of is None else -1 - effect.part_of
                if grant is not None:
                    # The later of the object's timestamp and the granting effect's (613.7a).
                    effect = replace(
                        effect, timestamp=max(effect.timestamp, grant), grant_timestamp=grant
                    )
                pairs.append((effect, (*generator, part)))
    return pairs


def _check_grantable(generated: list[ContinuousEffect], ability: Ability) -> None:
    """A granted static ability exists from layer 6 on (613.1f): an effect it would have
    in an earlier layer is not implemented, nor is one that would define a
    characteristic (a granted ability is not a characteristic-defining one, 604.3a)."""
    from ._errors import RuleNotImplementedError

    for effect in generated:
        if effect.layer < Layer.ABILITY:
            raise RuleNotImplementedError(
                "613.1f",
                f'a granted static ability with an effect in layer {effect.layer.rule}: "'
                f'{getattr(ability, "text", "")}"',
            )
        if effect.defines_characteristic or effect.layer is Layer.PT_DEFINING:
            raise RuleNotImplementedError(
                "604.3a",
                f'a granted ability that would define a characteristic: "'
                f'{getattr(ability, "text", "")}"',
            )


_DEPENDENT_LAYERS = frozenset({Layer.CONTROL, Layer.TEXT, Layer.TYPE, Layer.COLOR, Layer.ABILITY})
"""Layers where one effect can change whether another exists or what it applies to. In
the power/toughness layers that happens only through an effect whose reach reads power
or toughness (``reads_pt``)."""


def _exists(chars: dict[int, Characteristics], key: tuple[int, int, int]) -> bool:
    """Whether the static ability behind a generated effect is still on its source."""
    source = chars.get(key[0])
    return source is not None and any(id(a) == key[1] for a in source.abilities)


def _targets(
    effect: ContinuousEffect,
    key: tuple[int, int, int] | None,
    objects: list[GameObject],
    chars: dict[int, Characteristics],
    locked: dict[tuple[int, int, int], frozenset[int]],
) -> frozenset[int]:
    """The objects an effect applies to: locked in, or what matches now (611.3a, 613.6)."""
    if effect.affected is not None:
        return effect.affected
    if key is not None and key in locked:
        return locked[key]
    targets = frozenset(obj.id for obj in objects if effect.affects(obj, chars[obj.id]))
    if key is not None:
        locked[key] = targets
    return targets


def _next_by_dependency(
    objects: list[GameObject],
    chars: dict[int, Characteristics],
    remaining: list[tuple[ContinuousEffect, tuple[int, int, int] | None]],
    fresh: set[tuple[int, int]],
) -> int:
    """The index of the next effect to apply in a layer (613.8b): the earliest one that
    depends on no other remaining effect; in a dependency loop, the earliest of all
    (613.8b). ``remaining`` is in timestamp order."""

    def profile(
        pair: tuple[ContinuousEffect, tuple[int, int, int] | None],
        board: dict[int, Characteristics],
    ) -> tuple[bool, frozenset[int]]:
        effect, key = pair
        exists = key is None or key[:2] not in fresh or _exists(board, key)
        if effect.affected is not None:
            return exists, effect.affected
        reach = frozenset(obj.id for obj in objects if effect.affects(obj, board[obj.id]))
        return exists, reach

    def depends(
        first: tuple[ContinuousEffect, tuple[int, int, int] | None],
        other: tuple[ContinuousEffect, tuple[int, int, int] | None],
    ) -> bool:
        # Applying the other effect would change whether this one exists or what it
        # applies to (613.8a).
        trial = {oid: c.copy() for oid, c in chars.items()}
        effect, _ = other
        for target in _targets(effect, None, objects, trial, {}):
            if target in trial:
                effect.apply(trial[target], trial)
        if effect.layer is Layer.TYPE:
            for obj_chars in trial.values():
                obj_chars.refresh_intrinsic()
        return profile(first, chars) != profile(first, trial)

    for index, pair in enumerate(remaining):
        if not any(other is not pair and depends(pair, other) for other in remaining):
            return index
    return 0


def compute_characteristics(
    game: Game, obj: GameObject, effects: list[ContinuousEffect]
) -> Characteristics:
    """One object's characteristics, for an object off the battlefield: its copiable
    values with the ``effects`` (sorted by layer and timestamp) that lock it in."""
    chars = Characteristics(obj.base_card, obj.base_controller)
    counters_applied = not obj.counters
    for effect in effects:
        if not counters_applied and effect.layer > Layer.PT_MODIFYING:
            _apply_counters(obj, chars)
            counters_applied = True
        if effect.affected is not None and obj.id in effect.affected:
            if effect.layer is Layer.COPY and obj.face_down:
                continue  # 708.10
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

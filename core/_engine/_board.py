"""Computing characteristics: the continuous effects applied layer by layer (CR 613).

:func:`compute_board` computes every permanent on the battlefield at once, following
dependencies within a layer (613.8) and effects that keep applying to the objects they
started with (613.6); :func:`compute_characteristics` computes one object whose effects
have fixed sets of objects. The values, effects and layers themselves are in
:mod:`._layers`, which the card language builds on.
"""

from __future__ import annotations

import bisect
from dataclasses import replace
from typing import TYPE_CHECKING

from manaweave.cards import StaticAbility, intrinsic_abilities

from ._errors import RuleNotImplementedError
from ._layers import Characteristics, ContinuousEffect, Layer

if TYPE_CHECKING:
    from manaweave.cards import Ability

    from ._game import Game
    from ._objects import GameObject

__all__ = ["compute_board", "compute_characteristics"]


def _refresh_intrinsic(chars: Characteristics) -> None:
    """Give ``chars`` the mana abilities of its basic land types as they are now (305.6)."""
    current = chars.abilities
    intrinsic = intrinsic_abilities(chars.types, chars.subtypes)
    if not (current or intrinsic):
        return  # no abilities before or after
    kept = tuple(a for a in current if not getattr(a, "intrinsic", False))
    if len(intrinsic) + len(kept) == len(current) and (
        not intrinsic or all(new is old for new, old in zip(intrinsic, current, strict=False))
    ):
        return  # the same abilities: the tuple stays, and with it their index
    chars.abilities = intrinsic + kept


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
            obj_chars = chars[obj.id]
            if obj_chars.abilities and (static := obj_chars.abilities_of(StaticAbility)):
                effects.extend(statics.collect(obj, static))
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
                    before = chars[target].controller
                    effect.apply(chars[target], chars)
                    if layer is Layer.CONTROL and game.players[chars[target].controller].has_left:
                        # Effects giving a player who left control of objects end, and
                        # nothing changes to their control (800.4a-b).
                        chars[target].controller = before
                    if layer is Layer.ABILITY:
                        statics.note_grants(target, chars[target], effect)
                        gained = chars[target].abilities_of(StaticAbility)
                        for new_effect, new_key in statics.collect(by_id[target], gained):
                            fresh.add(new_key[:2])
                            bisect.insort(remaining, (new_effect, new_key), key=_order)
        if layer is Layer.TYPE:
            for obj_chars in chars.values():
                _refresh_intrinsic(obj_chars)
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
        self, obj: GameObject, static_abilities: tuple[StaticAbility, ...]
    ) -> list[tuple[ContinuousEffect, tuple[int, int, int]]]:
        """The current layer's effects of the static abilities ``obj`` has now (in the
        order it has them) that this layer has not collected yet, each with its key
        (generator and part)."""
        pairs: list[tuple[ContinuousEffect, tuple[int, int, int]]] = []
        seen: dict[int, int] = {}
        for ability in static_abilities:
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
                influence = self.game.influence
                if influence.limited:  # only what is within its controller's range (801.10)
                    generated = influence.static_effects_within_range(generated, obj)
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

    trials: dict[int, dict[int, Characteristics]] = {}

    def after(
        other: tuple[ContinuousEffect, tuple[int, int, int] | None],
    ) -> dict[int, Characteristics]:
        """The board as it would be with ``other`` applied, worked out once per effect."""
        trial = trials.get(id(other))
        if trial is None:
            trial = {oid: c.copy() for oid, c in chars.items()}
            effect, _ = other
            for target in _targets(effect, None, objects, trial, {}):
                if target in trial:
                    effect.apply(trial[target], trial)
            if effect.layer is Layer.TYPE:
                for obj_chars in trial.values():
                    _refresh_intrinsic(obj_chars)
            trials[id(other)] = trial
        return trial

    def depends(
        first: tuple[ContinuousEffect, tuple[int, int, int] | None],
        other: tuple[ContinuousEffect, tuple[int, int, int] | None],
    ) -> bool:
        # Applying the other effect would change whether this one exists or what it
        # applies to (613.8a).
        return profile(first, chars) != profile(first, after(other))

    def fixed(pair: tuple[ContinuousEffect, tuple[int, int, int] | None]) -> bool:
        # An effect on a fixed set of objects whose existence reads no characteristic
        # (a control change of Mind Control, a deployed creature) depends on nothing.
        effect, key = pair
        return effect.affected is not None and (key is None or key[:2] not in fresh)

    for index, pair in enumerate(remaining):
        if fixed(pair) or not any(
            other is not pair and depends(pair, other) for other in remaining
        ):
            return index
    return 0


def compute_characteristics(
    game: Game, obj: GameObject, effects: list[ContinuousEffect]
) -> Characteristics:
    """One object's characteristics, for an object off the battlefield: its copiable
    values with the ``effects`` (sorted by layer and timestamp) that lock it in."""
    chars = Characteristics(obj.base_card, obj.base_controller)
    counters_applied = not obj.counters
    retyped = False
    for effect in effects:
        if retyped and effect.layer > Layer.TYPE:
            # The mana abilities of its basic land types as layer 4 left them (305.6-7).
            _refresh_intrinsic(chars)
            retyped = False
        if not counters_applied and effect.layer > Layer.PT_MODIFYING:
            _apply_counters(obj, chars)
            counters_applied = True
        if effect.affected is not None and obj.id in effect.affected:
            if effect.layer is Layer.COPY and obj.face_down:
                continue  # 708.10
            before = chars.controller
            effect.modify(chars)
            if effect.layer is Layer.CONTROL and game.players[chars.controller].has_left:
                chars.controller = before  # nothing changes to a departed player's control (800.4b)
            retyped = retyped or effect.layer is Layer.TYPE
    if retyped:
        _refresh_intrinsic(chars)
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

"""The derived state: everything the game computes from its state and keeps until that
state changes (CR 613 characteristics, the abilities in force, triggers to look for).

:class:`DerivedState` owns every cache and fast-path counter of a game, and one rule
keeps them right: the primitives that change what they derive from (objects entering or
leaving the battlefield or a hand, continuous effects starting or ending, attachments,
counters, control, face-down status, a life total or library a characteristic reads,
the combat rules of resolved spells) call :meth:`DerivedState.invalidate`, or one of the
counting methods, and nothing else does. Each cache remembers the version it was built
for and is rebuilt when asked after the version moves on; the counters say cheaply
whether anything at all could, say, trigger or replace an event, so quiet boards skip the
work.

The board's questions about abilities are answered here, by kind (an ability class of the
card language, its subclasses included; see :mod:`._ability_index`):
:meth:`DerivedState.battlefield_abilities` (what permanents have now),
:meth:`DerivedState.emblem_abilities` (what works in the command zone, 114.4),
:meth:`DerivedState.granted_by_effects` (what resolved spells and emblems give objects,
613.1f), :meth:`DerivedState.combat_rules` (the restrictions and requirements resolved
spells created, 611.2a) and the replacement abilities that work from every zone (113.6b,
in :meth:`DerivedState.static_replacements`). Each is computed once per state version
from the objects' own indexes, and then looked up.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, Any, TypeVar

from manaweave.cards import (
    CostChange,
    FlashPermission,
    GetsAsLongAs,
    IsAttacking,
    ReplacementAbility,
    StaticAbility,
    TriggeredAbility,
    abilities_granted_by,
)
from manaweave.events import ControlChanged

from ._ability_index import AbilityIndex
from ._board import compute_board, compute_characteristics
from ._layers import Characteristics, ContinuousEffect, Layer
from ._objects import GameObject
from ._replacement import ReplacementEffect
from ._triggers import TriggerIndex, build_index
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import Ability, CardDefinition

    from ._game import Game

_A = TypeVar("_A")

__all__ = ["DerivedState"]


class DerivedState:
    """Every cache and fast-path counter of one game, invalidated together."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self._version = 0
        self._chars_version = -1
        self._chars: dict[int, Characteristics] = {}
        self._printed: dict[tuple[str, int], Characteristics] = {}
        self._effects_cache: tuple[int, list[ContinuousEffect]] | None = None
        self._static_replacements: tuple[int, list[ReplacementEffect]] | None = None
        self._static_replacements_by_event: dict[type, list[ReplacementEffect]] = {}
        """For :meth:`static_replacements_of`: the effects of ``_static_replacements``
        by the kind of event they apply to, filled as each kind is first asked about."""
        self._kinds_version = -1
        self._battlefield_indexes: list[tuple[GameObject, dict[type, tuple[Any, ...]]]] = []
        """For :meth:`battlefield_abilities`: each permanent with the index of the
        abilities it has, for the state version ``_kinds_version``."""
        self._battlefield_kinds: dict[type, list[tuple[GameObject, Any]]] = {}
        """For :meth:`battlefield_abilities`: what was found per ability class, for the
        state version ``_kinds_version``."""
        self._face_up_cache: dict[tuple[int, int], Characteristics] = {}
        self._grants_cache: tuple[int, AbilityIndex] | None = None
        self._combat_rules: tuple[int, AbilityIndex] | None = None
        self._cost_changes: tuple[int, list[tuple[GameObject, CostChange]]] | None = None
        self._flash_permissions: tuple[int, list[tuple[GameObject, FlashPermission]]] | None = None
        self._trigger_index: tuple[int, TriggerIndex] | None = None
        self.mana_source_cache: dict[int, Any] = {}
        """The solver's description of each mana ability, by source key."""
        self.ability_index: dict[int, tuple[int, Any, Any]] = {}
        """Each player's activated abilities, with the characteristics version they are for."""
        self._permanents_with_triggers = 0
        """How many permanents print a triggered ability or a static ability granting one
        (layer 6): while it is 0 no event can trigger anything and none is looked at."""
        self._permanents_with_replacements = 0
        self._permanents_changing_control = 0
        self._permanents_with_statics = 0
        """How many permanents print static abilities that generate continuous effects.
        Abilities are given only by such abilities, by effects of resolved spells and by
        emblems, so while it is 0 and neither of the others exists, every permanent has its
        printed characteristics."""
        self._permanents_changing_costs = 0
        """How many permanents print abilities that change what spells cost (601.2f)."""
        self._face_down_count = 0
        self._controlled_by_effect: set[int] = set()
        """Permanents whose controller differs from their base controller (layer 2)."""
        self._replacing_in_every_zone: list[int] = []
        """Objects whose card has a replacement ability that functions in every zone
        ("from anywhere", 113.6b), in creation order; some may no longer exist."""
        self._life_changes_characteristics = False
        """Whether some object's characteristics read a life total (a P/T CDA, 604.3), so
        that each life change must refresh the cached characteristics."""
        self._hand_changes_characteristics = False
        """Whether some object's characteristics count the cards in a hand (a P/T CDA,
        604.3), so that each card moving into or out of a hand must refresh them."""

    # --- what the primitives report -------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> DerivedState:
        # A copied game (Game.copy) keeps the counters kept up as the game changes and
        # the characteristics worked out (read-only, so shared); the other caches, which
        # hold the original's objects, start again.
        twin = object.__new__(DerivedState)
        memo[id(self)] = twin
        twin.__dict__.update(self.__dict__)
        twin.game = copy.deepcopy(self.game, memo)
        twin._chars = dict(self._chars)
        twin._printed = dict(self._printed)
        twin._face_up_cache = dict(self._face_up_cache)
        twin._effects_cache = None
        twin._static_replacements = None
        twin._static_replacements_by_event = {}
        twin._kinds_version = -1
        twin._battlefield_indexes = []
        twin._battlefield_kinds = {}
        twin._cost_changes = None
        twin._flash_permissions = None
        twin._trigger_index = None
        twin.mana_source_cache = {}
        twin.ability_index = {}
        twin._controlled_by_effect = set(self._controlled_by_effect)
        twin._replacing_in_every_zone = list(self._replacing_in_every_zone)
        return twin

    def object_created(self, card: CardDefinition, obj: GameObject) -> None:
        """A new object with ``card`` exists: note what of the state its card reads."""
        if card.replaces_in_every_zone:
            self._replacing_in_every_zone.append(obj.id)
        if card.reads_life_totals:
            self._life_changes_characteristics = True
        if card.reads_hand_sizes:
            self._hand_changes_characteristics = True
        if card.reads_library_top:
            self.game.libraries.top_matters = True

    def copy_put(self, copy_card: CardDefinition) -> None:
        """An object that is a copy of ``copy_card`` was put into a zone (707.2)."""
        if copy_card.reads_life_totals:
            self._life_changes_characteristics = True
        if copy_card.reads_hand_sizes:
            self._hand_changes_characteristics = True
        if copy_card.reads_library_top:
            self.game.libraries.top_matters = True

    def object_renewed(self, old: GameObject, new: GameObject) -> None:
        """``old`` became the new object ``new`` (400.7): a "from anywhere" ability works
        from the new one now."""
        if old.card.replaces_in_every_zone:
            self._replacing_in_every_zone = [
                *(i for i in self._replacing_in_every_zone if i != old.id),
                new.id,
            ]

    def object_renumbered(self, old_id: int, obj: GameObject) -> None:
        """``obj``, a card in a library, was ``old_id`` and has a new id now (see
        :meth:`manaweave._engine._library.Libraries.renew_cards`)."""
        if obj.card.replaces_in_every_zone:
            self._replacing_in_every_zone = [
                *(i for i in self._replacing_in_every_zone if i != old_id),
                obj.id,
            ]

    def permanent_counted(self, obj: GameObject, sign: int) -> None:
        """``obj`` entered (``sign`` 1) or left (-1) the battlefield: count what it prints."""
        template = obj.template
        self._permanents_with_triggers += sign * template.has_triggered_abilities
        self._permanents_with_replacements += sign * template.has_replacement_abilities
        self._permanents_changing_control += sign * template.changes_control
        self._permanents_with_statics += sign * template.has_static_abilities
        self._permanents_changing_costs += sign * template.may_change_costs
        self._face_down_count += sign * obj.face_down

    def turned_face_up(self, before: CardDefinition, after: CardDefinition) -> None:
        """A face-down permanent with ``before``'s values was turned face up into ``after``."""
        self._face_down_count -= 1
        self._permanents_with_triggers += (
            after.has_triggered_abilities - before.has_triggered_abilities
        )
        self._permanents_with_replacements += (
            after.has_replacement_abilities - before.has_replacement_abilities
        )
        self._permanents_changing_control += after.changes_control - before.changes_control
        self._permanents_with_statics += after.has_static_abilities - before.has_static_abilities
        self._permanents_changing_costs += after.may_change_costs - before.may_change_costs
        self.invalidate()

    def emblem_added(self, definition: CardDefinition) -> None:
        """An object whose abilities work in the command zone was created (114.4)."""
        self._permanents_with_triggers += definition.has_triggered_abilities
        self.invalidate()

    def left_battlefield(self, obj: GameObject) -> None:
        """``obj`` left the battlefield: no control-changing effect holds it any more."""
        self._controlled_by_effect.discard(obj.id)

    def zones_changed(self, from_zone: Zone, to: Zone) -> None:
        """An object moved from ``from_zone`` to ``to``: refresh what that may change."""
        if Zone.BATTLEFIELD in (from_zone, to):
            # Only permanents have static abilities and are affected by effects so far;
            # a new object elsewhere has a new id and no cached characteristics.
            self.invalidate()
        elif Zone.HAND in (from_zone, to) and self._hand_changes_characteristics:
            self.invalidate()  # a characteristic-defining ability counts the cards in a hand
        if Zone.GRAVEYARD in (from_zone, to):
            # The abilities that function in a graveyard (113.6m) are indexed with the
            # permanents' (see _priority._ability_index): what can be activated changed.
            self.ability_index.clear()

    def combat_matters(self) -> bool:
        """Whether some characteristic reads combat: a permanent's text depends on it, or an
        effect gives an ability that applies "as long as it's attacking" (611.3b)."""
        game = self.game
        return any(p.template.depends_on_combat for p in game.battlefield) or any(
            isinstance(a.condition, IsAttacking) for a in self.granted_by_effects(GetsAsLongAs)
        )

    def combat_changed(self) -> None:
        """Creatures began or stopped attacking."""
        if self.combat_matters():
            self.invalidate()

    def life_changed(self) -> None:
        """A life total changed."""
        if self._life_changes_characteristics:
            self.invalidate()  # a characteristic-defining ability reads the life total (604.3)

    # --- the caches -------------------------------------------------------------------------------

    def invalidate(self) -> None:
        """Note that something continuous effects read has changed, so cached
        characteristics are stale: zones, effects, attachments, counters or control.

        Tapping, damage and mana do not change characteristics (no effect the engine
        implements reads them); a condition that does must call this too. Life totals
        do, through power and toughness defined by a life total (see ``change_life``).
        """
        self._version += 1
        if self._control_effects_possible():
            self._refresh_controllers()

    def _control_effects_possible(self) -> bool:
        """Whether any control-changing effect exists or has just ended (cheap to ask)."""
        game = self.game
        return (
            bool(self._controlled_by_effect)
            or self._permanents_changing_control > 0
            or any(e.layer is Layer.CONTROL for e in game.effects)
        )

    def _refresh_controllers(self) -> None:
        """Bring each permanent's controller up to date with the control-changing effects
        (layer 2, CR 613.1b). A permanent whose controller changes is removed from combat
        (506.4) and has not been controlled since its new controller's turn began (302.6).
        Control never changes to a player who has left the game (800.4b): a permanent
        whose control-changing effect ended while its default controller has left, and
        that no other effect gives to a player in the game, stays as it is until it is
        exiled at once (800.4c)."""
        game = self.game
        changes: list[tuple[GameObject, int]] = []
        orphaned: list[GameObject] = []
        for permanent in game.battlefield:
            controller = self.characteristics(permanent).controller
            if controller == permanent.controller:
                continue
            if game.players[controller].has_left:
                orphaned.append(permanent)
            else:
                changes.append((permanent, controller))
        for permanent, controller in changes:
            previous = permanent.controller
            permanent.controller = controller
            permanent.control_turn = game.turn
            if controller == permanent.base_controller:
                self._controlled_by_effect.discard(permanent.id)
            else:
                self._controlled_by_effect.add(permanent.id)
            game.remove_from_combat(permanent.id)
            game.emit(
                ControlChanged(
                    rule="613.1b",
                    player=controller,
                    object=permanent.id,
                    previous=previous,
                )
            )
        if changes:
            self._version += 1  # effects that read controllers are built again
        for permanent in orphaned:
            if permanent.id in game.objects and permanent.zone is Zone.BATTLEFIELD:
                game.moves.move_now(permanent, Zone.EXILE, rule="800.4c")

    @property
    def characteristics_version(self) -> int:
        """Changes whenever characteristics may have changed (see :meth:`changed`)."""
        return self._version

    def cost_changes(self) -> list[tuple[GameObject, CostChange]]:
        """The abilities of permanents and emblems that change what spells cost
        (CR 601.2f, 114.4)."""
        game = self.game
        if not (self._permanents_changing_costs or game.command or game.effects):
            return []  # the common case, asked at every priority check
        cached = self._cost_changes
        if cached is None or cached[0] != self._version:
            changes = self.emblem_abilities(CostChange)
            if self._permanents_changing_costs or self.granted_by_effects(CostChange):
                changes.extend(self.battlefield_abilities(CostChange))
            cached = self._cost_changes = (self._version, changes)
        return cached[1]

    def characteristics(self, obj: GameObject) -> Characteristics:
        """``obj``'s characteristics after every continuous effect (CR 613), cached per
        state version. Permanents are computed together, layer by layer (613.1). An object
        that has left the battlefield keeps the characteristics it last had there (113.7a)."""
        game = self.game
        if obj.last_known is not None:
            return obj.last_known
        if self._chars_version != self._version:
            self._chars.clear()
            self._chars_version = self._version
        chars = self._chars.get(obj.id)
        if chars is not None:
            return chars
        if obj.zone is Zone.BATTLEFIELD and (
            game.effects or self._permanents_with_statics or game.command
        ):
            effects = self._effects_in_force()
            if any(
                e.affected is None
                or e.board_modify is not None
                or e.layer in (Layer.TEXT, Layer.ABILITY)
                for e in effects
            ):
                # Some effect's reach depends on other effects: compute the board layer by
                # layer (613.1, 613.6).
                self._chars.update(
                    compute_board(game, game.battlefield, game.effects + self.emblem_effects())
                )
                chars = self._chars.get(obj.id)
                if chars is not None:
                    return chars
            else:
                # Every effect has a fixed set of objects: each object alone is exact.
                chars = compute_characteristics(game, obj, effects)
                self._chars[obj.id] = chars
                return chars
        if obj.base_card.has_cda:
            # A characteristic-defining ability works in every zone (604.3, 208.2a).
            chars = compute_characteristics(game, obj, game.effects)
            board = {p.id: self.characteristics(p) for p in game.battlefield}
            for ability in obj.base_card.abilities_of(StaticAbility):
                for effect in ability.continuous_effects(game, obj):
                    if effect.layer is Layer.PT_DEFINING or effect.defines_characteristic:
                        effect.apply(chars, board)
        elif game.effects or obj.counters:
            chars = compute_characteristics(game, obj, game.effects)
        else:
            # Nothing modifies it: share one read-only copy of the printed values.
            base = obj.base_card
            key = (base.name, obj.base_controller)
            chars = self._printed.get(key)
            if chars is None:
                chars = self._printed[key] = Characteristics(base, obj.base_controller)
        self._chars[obj.id] = chars
        return chars

    def _effects_in_force(self) -> list[ContinuousEffect]:
        """Effects of resolved spells and of the printed static abilities of permanents,
        sorted by layer then timestamp; cached per state version."""
        game = self.game
        cached = self._effects_cache
        if cached is None or cached[0] != self._version:
            effects = list(game.effects)
            effects.extend(self.emblem_effects())
            if self._permanents_with_statics:
                influence = game.influence
                for permanent in game.battlefield:
                    # What it prints: these effects are what characteristics come from.
                    for ability in permanent.template.abilities_of(StaticAbility):
                        printed = ability.continuous_effects(game, permanent)
                        if influence.limited:  # within its controller's range (801.10)
                            printed = influence.static_effects_within_range(printed, permanent)
                        effects.extend(printed)
            effects.sort(
                key=lambda e: (e.layer, not e.defines_characteristic, e.timestamp)  # 613.3
            )
            cached = self._effects_cache = (self._version, effects)
        return cached[1]

    def emblem_effects(self) -> list[ContinuousEffect]:
        """Continuous effects of emblems' static abilities, which work from the command
        zone (114.4)."""
        game = self.game
        if not game.command:
            return []
        return [
            effect
            for emblem, ability in self.emblem_abilities(StaticAbility)
            for effect in ability.continuous_effects(game, emblem)
        ]

    def has_replacement_effects(self) -> bool:
        """Whether any replacement or prevention effect exists (events skip the pipeline
        while none does)."""
        game = self.game
        return bool(game.replacement_effects) or bool(self.static_replacements())

    def static_replacements(self) -> list[ReplacementEffect]:
        """Replacement effects of the static abilities of permanents and emblems
        (CR 614.1, 114.4), now."""
        game = self.game
        cached = self._static_replacements
        if cached is None or cached[0] != self._version:
            found: list[ReplacementEffect] = [
                effect
                for emblem, ability in self.emblem_abilities(ReplacementAbility)
                for effect in ability.replacement_effects(game, emblem)
            ]
            # Abilities that say they work "from anywhere" work off the battlefield too
            # (113.6b); on it, they are found below with the permanent's other abilities.
            for object_id in self._replacing_in_every_zone:
                elsewhere = game.objects.get(object_id)
                if elsewhere is None or elsewhere.zone is Zone.BATTLEFIELD:
                    continue
                for ability in elsewhere.template.abilities_of(ReplacementAbility):
                    if ability.in_every_zone:
                        found.extend(ability.replacement_effects(game, elsewhere))
            if self._permanents_with_replacements or self.granted_by_effects(ReplacementAbility):
                # From the abilities each permanent has now: printed or granted, not lost
                # (604.2).
                for permanent in game.battlefield:
                    redundant: list[ReplacementAbility] = []
                    for ability in self.characteristics(permanent).abilities_of(ReplacementAbility):
                        if ability.redundant:
                            if ability in redundant:
                                continue  # an equal instance already applies (702.16m)
                            redundant.append(ability)
                        found.extend(ability.replacement_effects(game, permanent))
            cached = self._static_replacements = (self._version, found)
            self._static_replacements_by_event = {}
        return cached[1]

    def static_replacements_of(self, kind: type) -> list[ReplacementEffect]:
        """The effects of :meth:`static_replacements` that apply to events of ``kind``
        (those declaring it in :attr:`ReplacementEffect.events
        <manaweave.lowlevel.ReplacementEffect.events>`), in the same order: an event is
        offered to these only. Read-only: the list is shared."""
        effects = self.static_replacements()
        by_event = self._static_replacements_by_event
        found = by_event.get(kind)
        if found is None:
            found = by_event[kind] = [e for e in effects if kind in e.events]
        return found

    # --- abilities by kind --------------------------------------------------------------------

    def battlefield_abilities(self, kind: type[_A]) -> list[tuple[GameObject, _A]]:
        """Every ability of ``kind`` (an ability class, its subclasses included) that
        permanents on the battlefield have now, with the permanent, in battlefield order
        and each permanent's order of abilities; cached until characteristics may have
        changed, so that checks made at every priority cost nothing on a quiet board.
        Read-only: the list is shared."""
        if self._kinds_version != self._version:
            self._battlefield_kinds.clear()
            characteristics = self.characteristics
            self._battlefield_indexes = [
                (permanent, characteristics(permanent).ability_index.by_kind)
                for permanent in self.game.battlefield
            ]
            self._kinds_version = self._version
        found = self._battlefield_kinds.get(kind)
        if found is None:
            found = self._battlefield_kinds[kind] = [
                (permanent, ability)
                for permanent, by_kind in self._battlefield_indexes
                for ability in by_kind.get(kind, ())
            ]
        return found

    def emblem_abilities(self, kind: type[_A]) -> list[tuple[GameObject, _A]]:
        """Every ability of ``kind`` of the objects in the command zone (emblems, and the
        holders of the rules' abilities), which work there (114.4): with the object, in
        the order they were created. A new list each time."""
        return [
            (emblem, ability)
            for emblem in self.game.command
            for ability in emblem.card.abilities_of(kind)
        ]

    def granted_by_effects(self, kind: type[_A]) -> tuple[_A, ...]:
        """The abilities of ``kind`` among :meth:`abilities_granted_by_effects`: what a
        permanent may have although no permanent prints it."""
        return self._granted_index().of(kind)

    def combat_rules(self, kind: type[_A]) -> list[tuple[GameObject, _A]]:
        """The restrictions and requirements of ``kind`` on attacking and blocking that
        resolved spells and abilities created until end of turn (``game.combat_rule_effects``,
        611.2a), with the object that created each, in the order created."""
        effects = self.game.combat_rule_effects
        if not effects:
            return []
        cached = self._combat_rules
        if cached is None or cached[0] != self._version:
            index = AbilityIndex(tuple(rule for _, rule in effects))
            cached = self._combat_rules = (self._version, index)
        return [(effects[position][0], rule) for position, rule in cached[1].numbered(kind)]

    def flash_permissions(self) -> list[tuple[GameObject, FlashPermission]]:
        """The abilities of permanents and emblems that let spells be cast as though they
        had flash (CR 601.3b), with the objects that have them; cached until
        characteristics may have changed."""
        cached = self._flash_permissions
        if cached is None or cached[0] != self._version:
            found = [
                *self.battlefield_abilities(FlashPermission),
                *self.emblem_abilities(FlashPermission),  # an emblem's work there (114.4)
            ]
            cached = self._flash_permissions = (self._version, found)
        return cached[1]

    def trigger_index(self) -> TriggerIndex:
        """The triggered abilities on the battlefield by event kind, rebuilt after changes."""
        cached = self._trigger_index
        if cached is None or cached[0] != self._version:
            cached = self._trigger_index = (self._version, build_index(self.game))
        return cached[1]

    @property
    def watching(self) -> bool:
        """Whether any triggered ability could trigger now; callers skip building trigger
        events when nothing watches."""
        game = self.game
        return (
            self._permanents_with_triggers > 0
            or bool(game.delayed_triggers)
            or (bool(game.effects) and self._effects_grant_triggers())
        )

    def _effects_grant_triggers(self) -> bool:
        """Whether an effect of a resolved spell or ability gives a triggered ability."""
        game = self.game
        return bool(game.effects) and bool(self.granted_by_effects(TriggeredAbility))

    def abilities_granted_by_effects(self) -> tuple[Ability, ...]:
        """The abilities that effects of resolved spells and abilities and static
        abilities of emblems give objects, directly or through a static ability they give
        (613.1f); cached per state version."""
        return self._granted_index().abilities

    def _granted_index(self) -> AbilityIndex:
        """:meth:`abilities_granted_by_effects`, filed by kind once per state version."""
        game = self.game
        cached = self._grants_cache
        if cached is None or cached[0] != self._version:
            direct = tuple(a for e in game.effects for a in e.granted)
            found = (
                *direct,
                *abilities_granted_by(direct),
                *(a for emblem in game.command for a in emblem.card.granted_abilities),
            )
            cached = self._grants_cache = (self._version, AbilityIndex(found))
        return cached[1]

    def face_up_characteristics(self, permanent: GameObject) -> Characteristics:
        """The characteristics a face-down permanent would have if it were face up, with
        the effects that would apply to it then (702.37e: "what its morph cost would be
        if it were face up"; 708.10), cached per state version."""
        game = self.game
        key = (self._version, permanent.id)
        cached = self._face_up_cache.get(key)
        if cached is not None:
            return cached
        if len(self._face_up_cache) > 64:
            self._face_up_cache.clear()
        # Computed on the side: the real characteristics cache must not see the
        # permanent face up.
        real, self._chars = self._chars, {}
        permanent.face_down = False
        try:
            chars = compute_board(game, game.battlefield, game.effects + self.emblem_effects())[
                permanent.id
            ]
        finally:
            permanent.face_down = True
            self._chars = real
        self._face_up_cache[key] = chars
        return chars

    @property
    def has_face_down(self) -> bool:
        """Whether any permanent is face down (cheap: most games have none)."""
        return self._face_down_count > 0

    @property
    def permanents_may_trigger(self) -> bool:
        """Whether an ability of a permanent or emblem could trigger now: one prints such
        an ability, or an effect gives one."""
        return self._permanents_with_triggers > 0 or (
            bool(self.game.effects) and self._effects_grant_triggers()
        )

    @property
    def effects_possible(self) -> bool:
        """Whether any continuous effect could apply to a permanent: one from a resolved
        spell, a static ability a permanent prints, or an emblem's."""
        game = self.game
        return bool(game.effects) or self._permanents_with_statics > 0 or bool(game.command)

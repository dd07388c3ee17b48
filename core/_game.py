"""The game state and the primitive changes every rule is built from.

:class:`Game` holds the whole state. Its methods that change the game (moving
objects, drawing, dealing damage, tapping, adding mana) each log one event with
the CR rule behind it; the turn loop, casting, combat and state-based actions in
the other private modules are written in terms of these.
"""

from __future__ import annotations

import random
import time
import traceback
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Sequence
from contextlib import asynccontextmanager, contextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, TypeVar, cast

import trio

from ._decisions import CardOption, Choice, Decision, DecisionKind, Named, Pass
from ._errors import IllegalChoiceError, RuleNotImplementedError
from ._layers import (
    Characteristics,
    ContinuousEffect,
    Duration,
    Layer,
    compute_board,
    compute_characteristics,
    copy_values,
)
from ._objects import AbilityOnStack, GameObject, PlayerState, StackItem, TargetRef
from ._replacement import (
    CounterEvent,
    DamageEvent,
    DamageShield,
    DrawEvent,
    LifeGainEvent,
    LifeLossEvent,
    RegenerationShield,
    ReplacementEffect,
    TapEvent,
    TokenEvent,
    ZoneChangeEvent,
    damage_shields_divided,
    end_of_turn,
    replace_damage,
    replace_event,
)
from ._targets import (
    change_targets,
    choose_new_targets,
    controller_and_combat_allow,
    own_target_specs,
    targets_log,
)
from ._triggers import (
    DelayedTrigger,
    PendingTrigger,
    TriggerIndex,
    build_index,
    notice,
    notice_delayed,
)
from ._turn import Step
from ._view import GameView, ObjectView, PlayerView
from ._zones import Zone
from .cards import (
    FACE_DOWN,
    AsTurnedFaceUp,
    CantBeCountered,
    CantBeDestroyed,
    CantLoseGame,
    CostChange,
    DamageResult,
    FlashPermission,
    StaticAbility,
    SummoningSicknessExemption,
    TriggerEvent,
    TriggerKind,
    target_slots,
)
from .log import EventLog

if TYPE_CHECKING:
    from ._combat import Combat
    from ._mana import ManaCost
    from ._plugins import GameHooks, PluginHost
    from ._variant import Variant
    from .cards import (
        Ability,
        CardDefinition,
        CastingOption,
        Cost,
        TargetSpec,
        TriggeredAbility,
        TurnsFaceUp,
    )
    from .players import Player

_A = TypeVar("_A")

__all__ = ["Game", "GameOver", "Outcome"]

ENGINE_VERSION = "0.1.0"
"""The engine version recorded in every game's log."""
CR_EDITION = "2026-01-16"
"""The edition of the Comprehensive Rules the engine implements."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a game ended (CR 104): winners (empty for a draw), the reason, turns played."""

    winners: tuple[int, ...]
    reason: str
    turns: int
    losers: tuple[tuple[int, str], ...] = ()
    """Each player who lost or left, with why, in the order it happened."""

    @property
    def is_draw(self) -> bool:
        """Whether the game was a draw (CR 104.4)."""
        return not self.winners


class GameOver(Exception):
    """Raised inside the engine to unwind the turn loop when the game has ended."""


class Game:
    """The whole state of one game, and the primitive actions on it.

    Build games with :func:`manaweave.play` / :func:`manaweave.run` or
    :class:`manaweave.testing.Scenario`, not directly.

    Effects act through the actions that are events of the game, which replacement and
    prevention effects modify and triggered abilities see: :meth:`deal_damage`,
    :meth:`deal_damage_simultaneously`, :meth:`gain_life`, :meth:`lose_life`,
    :meth:`draw`, :meth:`mill`, :meth:`discard`, :meth:`move`, :meth:`destroy`,
    :meth:`tap`, :meth:`untap`, :meth:`create_tokens`, :meth:`put_counters` and
    :meth:`shuffle`; they ask players with :meth:`decision` and :meth:`ask`, and read
    the board through :meth:`characteristics`. The lower-level methods
    (:meth:`new_object`, :meth:`put`, :meth:`move_now`, :meth:`change_life`) change the
    state directly, with no replacement effect or trigger: they are for setting up a game
    and for the engine's own pipeline, not for card behaviour.
    """

    def __init__(
        self,
        *,
        actors: Sequence[Player],
        names: Sequence[str],
        variant: Variant,
        seed: int,
        host: PluginHost,
        game_id: str = "game",
        log_path: str | None = None,
        max_turns: int | None = None,
    ) -> None:
        self.actors = list(actors)
        self.variant = variant
        self.seed = seed
        self.rng = random.Random(seed)
        self.host = host
        self.hooks: GameHooks | None = None
        """The plugins' contributions to this game; set when the game is set up."""
        self.id = game_id
        self.max_turns = max_turns
        self.log = EventLog(game_id, log_path)
        self.players = [PlayerState(i, name, 0) for i, name in enumerate(names)]
        self.battlefield: list[GameObject] = []
        self.stack: list[StackItem] = []
        self.exile: list[GameObject] = []
        self.command: list[GameObject] = []
        """The command zone: emblems (CR 408, 114)."""
        self.objects: dict[int, GameObject] = {}
        """Every object that currently exists, by id (old incarnations are not here)."""
        self.effects: list[ContinuousEffect] = []
        """Continuous effects from resolved spells and abilities (CR 611.2)."""
        self.replacement_effects: list[ReplacementEffect] = []
        """Replacement and prevention effects from resolved spells and abilities (614, 615)."""
        self.combat_rule_effects: list[tuple[GameObject, Ability]] = []
        """Restrictions and requirements on attacking and blocking that resolved spells and
        abilities created until end of turn ("can't block this turn", 611.2a, 508.1c,
        509.1b), each as the restriction or requirement and the object that created it.
        They are not abilities of the creatures they affect."""
        self.casting_options: list[CastingOption] = []
        """What the plugins let a caster announce as they cast a spell (601.2b), such as
        splicing cards onto it (702.47)."""
        self._static_replacements: tuple[int, list[ReplacementEffect]] | None = None
        self._permanents_with_replacements = 0
        self._replacing_in_every_zone: list[int] = []
        """Objects whose card has a replacement ability that functions in every zone
        ("from anywhere", 113.6b), in creation order; some may no longer exist."""
        self._controlled_by_effect: set[int] = set()
        """Permanents whose controller differs from their base controller (layer 2)."""
        self._permanents_changing_control = 0
        self._permanents_with_statics = 0
        """How many permanents print static abilities that generate continuous effects.
        Abilities are given only by such abilities, by effects of resolved spells and by
        emblems, so while it is 0 and neither of the others exists, every permanent has its
        printed characteristics."""
        self._permanents_changing_costs = 0
        self._abilities_by_kind: dict[type, tuple[int, list[tuple[GameObject, Any]]]] = {}
        """For :meth:`battlefield_abilities`: per ability class, the state version and
        what was found."""
        self._permanent_from_spell: dict[int, int] = {}
        """The permanent each resolved permanent spell became, by the spell's id: a source
        chosen as a spell goes on being that permanent (609.7a)."""
        self._gains_from_damage: dict[tuple[int, int], int] | None = None
        """While damage is being dealt at the same time: the life each source's damage makes
        each player gain, gained once the damage is dealt (see :meth:`gain_life_from_damage`)."""
        self._life_changes_characteristics = False
        """Whether some object's characteristics read a life total (a P/T CDA, 604.3), so
        that each life change must refresh the cached characteristics."""
        self._hand_changes_characteristics = False
        """Whether some object's characteristics count the cards in a hand (a P/T CDA,
        604.3), so that each card moving into or out of a hand must refresh them."""
        self.library_top_matters = False
        """Whether some object reveals the top card of a library or has a condition that
        reads one (:attr:`~manaweave.cards.CardDefinition.reads_library_top`): only then
        does a library change refresh characteristics and reveals."""
        self._revealed_tops: dict[int, int | None] = {}
        """For each player who plays with the top card of their library revealed (401.5),
        the id of the card revealed there (``None``: their library is empty)."""
        self._reveals_held = 0
        """While above 0, a player is casting a spell, activating an ability or taking a
        special action: a new top card of a library is revealed only after (401.5)."""
        self._no_longer_revealed: set[int] = set()
        """Cards in libraries that were revealed and stopped being revealed: revealed
        again, each becomes a new object (401.6, 701.20d)."""
        self._face_down_count = 0
        self._face_up_cache: dict[tuple[int, int], Characteristics] = {}
        self._grants_cache: tuple[int, tuple[Ability, ...]] | None = None
        self._flash_permissions: tuple[int, list[tuple[GameObject, FlashPermission]]] | None = None
        """How many permanents print abilities that change what spells cost (601.2f)."""
        self.turn = 0
        self.active_player = 0
        self.starting_player = 0
        self.extra_turns: list[int] = []
        """Players given extra turns not yet taken, in the order the turns were created:
        the last one is taken first (500.7)."""
        self.turn_order_resumes_after: int | None = None
        """While extra turns are taken, the player whose regular turn came before them:
        the regular turn order continues after that player (500.7)."""
        self._step: Step | None = None
        self._step_name: str | None = None
        self.priority_player: int | None = None
        self.combat: Combat | None = None
        self.outcome: Outcome | None = None
        self._losers: list[tuple[int, str]] = []
        self._next_id = 1
        self._timestamp = 0
        self._version = 0
        self._state_version = 0
        self.sba_checked_at = -1
        """The state version at which state-based actions were last found not to apply."""
        self._chars: dict[int, Characteristics] = {}
        self._printed: dict[tuple[str, int], Characteristics] = {}
        self._effects_cache: tuple[int, list[ContinuousEffect]] | None = None
        self.mana_source_cache: dict[int, Any] = {}
        """The solver's description of each mana ability, by source key."""
        self.ability_index: dict[int, tuple[int, Any, Any]] = {}
        """Each player's activated abilities, with the characteristics version they are for."""
        self._chars_version = -1
        self.cause: int | None = None
        """The ``seq`` of the event being carried out, logged as ``cause`` of its results."""
        self.free_choices = 0
        """How many decisions other than priority offered a real choice so far: a loop
        that contains one is not a loop of mandatory actions (104.4b)."""
        self.copies_elsewhere: list[GameObject] = []
        """Tokens that left the battlefield and copies of spells that left the stack, which
        have not yet ceased to exist (111.7, 704.5d-e)."""
        self.pending_triggers: list[PendingTrigger] = []
        self.delayed_triggers: list[DelayedTrigger] = []
        self.linked_exiles: dict[int, list[int]] = {}
        """Source object id -> the cards its ability exiled, for the ability linked to it
        ("return the exiled card", CR 607.2a)."""
        """Delayed triggered abilities waiting for their event (CR 603.7)."""
        """Abilities that have triggered and wait to be put on the stack (CR 603.3)."""
        self._trigger_index: tuple[int, TriggerIndex] | None = None
        self._lookback: TriggerIndex | None = None
        self._entering_together: frozenset[int] = frozenset()
        """Inside :meth:`simultaneously`, the objects the batch puts onto the battlefield."""
        self._batch_began: int | None = None
        """Inside :meth:`simultaneously`, the first timestamp given out in the batch."""
        self._entered_together: list[TriggerEvent] | None = None
        """Inside :meth:`simultaneously`, the enters events waiting for the batch to end."""
        self._permanents_with_triggers = 0
        """How many permanents print a triggered ability or a static ability granting one
        (layer 6): while it is 0 no event can trigger anything and none is looked at.
        Effects of resolved spells do not grant abilities yet."""

    @property
    def step(self) -> Step | None:
        """The current step or phase (``None`` between turns)."""
        return self._step

    @step.setter
    def step(self, step: Step | None) -> None:
        self._step = step
        self._step_name = step.value if step is not None else None

    # --- identity, time and versions ----------------------------------------------------------

    def new_id(self) -> int:
        """A new object id (each zone incarnation gets one, CR 400.7)."""
        self._next_id += 1
        return self._next_id - 1

    def next_timestamp(self) -> int:
        """A new timestamp (CR 613.7)."""
        self._timestamp += 1
        return self._timestamp

    def changed(self) -> None:
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
        return (
            bool(self._controlled_by_effect)
            or self._permanents_changing_control > 0
            or any(e.layer is Layer.CONTROL for e in self.effects)
        )

    def _refresh_controllers(self) -> None:
        """Bring each permanent's controller up to date with the control-changing effects
        (layer 2, CR 613.1b). A permanent whose controller changes is removed from combat
        (506.4) and has not been controlled since its new controller's turn began (302.6)."""
        changes = [
            (permanent, controller)
            for permanent in self.battlefield
            if (controller := self.characteristics(permanent).controller) != permanent.controller
        ]
        for permanent, controller in changes:
            previous = permanent.controller
            permanent.controller = controller
            permanent.control_turn = self.turn
            if controller == permanent.base_controller:
                self._controlled_by_effect.discard(permanent.id)
            else:
                self._controlled_by_effect.add(permanent.id)
            if self.combat is not None:
                self.combat.remove(permanent.id)
            self.emit(
                "control_changed",
                rule="613.1b",
                player=controller,
                object=permanent.id,
                previous=previous,
            )
        if changes:
            self._version += 1  # effects that read controllers are built again

    @property
    def characteristics_version(self) -> int:
        """Changes whenever characteristics may have changed (see :meth:`changed`)."""
        return self._version

    @property
    def state_version(self) -> int:
        """Counts the events that may make a state-based action apply; equal values mean
        nothing such has happened in between."""
        return self._state_version

    # --- players ------------------------------------------------------------------------------

    @property
    def players_in_game(self) -> int:
        """How many players have not left the game."""
        return len(self.players) - len(self._losers)

    def alive(self) -> list[PlayerState]:
        """Players still in the game, in seat order."""
        return [p for p in self.players if not p.has_left]

    def turn_order_from(self, first: int) -> list[int]:
        """Players still in the game in turn order starting at ``first`` (APNAP, CR 101.4)."""
        n = len(self.players)
        order = [(first + i) % n for i in range(n)]
        return [i for i in order if not self.players[i].has_left]

    def next_player(self, player: int) -> int:
        """The next player in turn order after ``player`` who is still in the game."""
        n = len(self.players)
        for i in range(1, n + 1):
            candidate = (player + i) % n
            if not self.players[candidate].has_left:
                return candidate
        return player

    def opponents(self, player: int) -> list[int]:
        """The other players still in the game (CR 102.3, free-for-all)."""
        return [p.id for p in self.players if p.id != player and not p.has_left]

    # --- characteristics ----------------------------------------------------------------------

    def cost_changes(self) -> list[tuple[GameObject, CostChange]]:
        """The abilities of permanents and emblems that change what spells cost
        (CR 601.2f, 114.4)."""
        if not (self._permanents_changing_costs or self.command or self.effects):
            return []  # the common case, asked at every priority check
        changes = [
            (emblem, ability)
            for emblem in self.command
            for ability in emblem.card.abilities
            if isinstance(ability, CostChange)
        ]
        if self._permanents_changing_costs or any(
            isinstance(a, CostChange) for a in self.abilities_granted_by_effects()
        ):
            changes.extend(
                (permanent, ability)
                for permanent in self.battlefield
                for ability in self.characteristics(permanent).abilities
                if isinstance(ability, CostChange)
            )
        return changes

    def characteristics(self, obj: GameObject) -> Characteristics:
        """``obj``'s characteristics after every continuous effect (CR 613), cached per
        state version. Permanents are computed together, layer by layer (613.1)."""
        if self._chars_version != self._version:
            self._chars.clear()
            self._chars_version = self._version
        chars = self._chars.get(obj.id)
        if chars is not None:
            return chars
        if obj.zone is Zone.BATTLEFIELD and (
            self.effects or self._permanents_with_statics or self.command
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
                    compute_board(self, self.battlefield, self.effects + self._emblem_effects())
                )
                chars = self._chars.get(obj.id)
                if chars is not None:
                    return chars
            else:
                # Every effect has a fixed set of objects: each object alone is exact.
                chars = compute_characteristics(self, obj, effects)
                self._chars[obj.id] = chars
                return chars
        if obj.base_card.has_cda:
            # A characteristic-defining ability works in every zone (604.3, 208.2a).
            chars = compute_characteristics(self, obj, self.effects)
            board = {p.id: self.characteristics(p) for p in self.battlefield}
            for ability in obj.base_card.abilities:
                if isinstance(ability, StaticAbility):
                    for effect in ability.continuous_effects(self, obj):
                        if effect.layer is Layer.PT_DEFINING or effect.defines_characteristic:
                            effect.apply(chars, board)
        elif self.effects or obj.counters:
            chars = compute_characteristics(self, obj, self.effects)
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
        cached = self._effects_cache
        if cached is None or cached[0] != self._version:
            effects = list(self.effects)
            effects.extend(self._emblem_effects())
            if self._permanents_with_statics:
                for permanent in self.battlefield:
                    for ability in permanent.template.all_abilities:
                        if isinstance(ability, StaticAbility):
                            effects.extend(ability.continuous_effects(self, permanent))
            effects.sort(
                key=lambda e: (e.layer, not e.defines_characteristic, e.timestamp)  # 613.3
            )
            cached = self._effects_cache = (self._version, effects)
        return cached[1]

    def _emblem_effects(self) -> list[ContinuousEffect]:
        """Continuous effects of emblems' static abilities, which work from the command
        zone (114.4)."""
        if not self.command:
            return []
        return [
            effect
            for emblem in self.command
            for ability in emblem.card.abilities
            if isinstance(ability, StaticAbility)
            for effect in ability.continuous_effects(self, emblem)
        ]

    def has_replacement_effects(self) -> bool:
        """Whether any replacement or prevention effect exists (events skip the pipeline
        while none does)."""
        return bool(self.replacement_effects) or bool(self.static_replacements())

    def static_replacements(self) -> list[ReplacementEffect]:
        """Replacement effects of the static abilities of permanents and emblems
        (CR 614.1, 114.4), now."""
        cached = self._static_replacements
        if cached is None or cached[0] != self._version:
            from .cards import ReplacementAbility

            found: list[ReplacementEffect] = [
                effect
                for emblem in self.command  # emblems' abilities work there (114.4)
                for ability in emblem.card.abilities
                if isinstance(ability, ReplacementAbility)
                for effect in ability.replacement_effects(self, emblem)
            ]
            # Abilities that say they work "from anywhere" work off the battlefield too
            # (113.6b); on it, they are found below with the permanent's other abilities.
            for object_id in self._replacing_in_every_zone:
                elsewhere = self.objects.get(object_id)
                if elsewhere is None or elsewhere.zone is Zone.BATTLEFIELD:
                    continue
                for ability in elsewhere.template.abilities:
                    if isinstance(ability, ReplacementAbility) and ability.in_every_zone:
                        found.extend(ability.replacement_effects(self, elsewhere))
            if self._permanents_with_replacements or any(
                isinstance(a, ReplacementAbility) for a in self.abilities_granted_by_effects()
            ):
                # From the abilities each permanent has now: printed or granted, not lost
                # (604.2).
                for permanent in self.battlefield:
                    redundant: list[ReplacementAbility] = []
                    for ability in self.characteristics(permanent).abilities:
                        if isinstance(ability, ReplacementAbility):
                            if ability.redundant:
                                if ability in redundant:
                                    continue  # an equal instance already applies (702.16m)
                                redundant.append(ability)
                            found.extend(ability.replacement_effects(self, permanent))
            cached = self._static_replacements = (self._version, found)
        return cached[1]

    def add_replacement_effect(self, effect: ReplacementEffect) -> None:
        """Start a replacement or prevention effect of a resolving spell (CR 614, 615)."""
        self.replacement_effects.append(effect)
        self.emit(
            "effect_created",
            rule="615.1" if effect.prevention else "614.1",
            source=effect.source,
            affected=[],
            layer=None,
            duration=effect.duration.value,
            description=effect.text,
        )

    def add_combat_rule_effect(
        self, source: GameObject, rule: Ability, affected: list[int]
    ) -> None:
        """Start a restriction or requirement on attacking or blocking from a resolving
        spell or ability, until end of turn (CR 611.2a, 508.1c-d, 509.1b-c)."""
        self.combat_rule_effects.append((source, rule))
        self.emit(
            "effect_created",
            rule="611.2",
            source=source.id,
            affected=sorted(affected),
            layer=None,
            duration="end_of_turn",
            description=rule.text,
        )

    def add_continuous_effect(self, effect: ContinuousEffect) -> None:
        """Start a continuous effect from a resolving spell or ability (CR 611.2)."""
        self.effects.append(effect)
        self.changed()
        self.emit(
            "effect_created",
            rule="611.2",
            source=effect.source,
            affected=sorted(effect.affected or ()),
            layer=effect.layer.rule,
            duration=effect.duration.value,
            description=effect.description,
        )

    def is_creature(self, obj: GameObject) -> bool:
        """Whether ``obj`` is a creature now."""
        return "Creature" in self.characteristics(obj).types

    def player_of(self, target: TargetRef) -> int:
        """The player a target stands for: that player, or the permanent's controller
        ("that player or that planeswalker's controller")."""
        return target[1] if isinstance(target, tuple) else self.objects[target].controller

    def creatures(self, controller: int | None = None) -> list[GameObject]:
        """Creatures on the battlefield, optionally only those ``controller`` controls."""
        return [
            o
            for o in self.battlefield
            if (controller is None or o.controller == controller) and self.is_creature(o)
        ]

    def has_summoning_sickness(self, obj: GameObject) -> bool:
        """Whether the summoning-sickness rule (CR 302.6) stops the creature ``obj``
        attacking and activating its abilities with {T} or {Q} in their costs: it has not
        been controlled continuously since its controller's most recent turn began, and
        no ability of it exempts it from the rule (haste, 702.10b-c)."""
        if obj.control_turn < self.players[obj.controller].turn_began:
            return False
        return not any(
            isinstance(ability, SummoningSicknessExemption) and ability.exempts(self, obj)
            for ability in self.characteristics(obj).abilities
        )

    def can_be_destroyed(self, permanent: GameObject) -> bool:
        """Whether ``permanent`` can be destroyed now (CR 701.8): no ability of it keeps it
        from that (indestructible, 702.12b)."""
        return self._destruction_stopper(permanent) is None

    def _destruction_stopper(self, permanent: GameObject) -> CantBeDestroyed | None:
        for ability in self.characteristics(permanent).abilities:
            if isinstance(ability, CantBeDestroyed) and ability.protects(self, permanent):
                return ability
        return None

    def forbids_attachment(
        self, permanent: GameObject, attachment: GameObject, *, staying: bool = False
    ) -> bool:
        """Whether an ability of ``permanent`` keeps the Aura, Equipment or Fortification
        ``attachment`` from being attached to it, or with ``staying`` from staying attached
        (CR 701.3a, 704.5m-n; protection, 702.16c-d)."""
        return any(
            ability.forbids_attachment(self, permanent, attachment, staying=staying)
            for ability in self.characteristics(permanent).abilities
        )

    def battlefield_abilities(self, kind: type[_A]) -> list[tuple[GameObject, _A]]:
        """Every ability of the ``kind`` that permanents on the battlefield have now, with
        the permanent, in battlefield order; cached until characteristics may have
        changed, so that checks made at every priority cost nothing on a quiet board."""
        cached = self._abilities_by_kind.get(kind)
        if cached is None or cached[0] != self._version:
            found = [
                (permanent, ability)
                for permanent in self.battlefield
                for ability in self.characteristics(permanent).abilities
                if isinstance(ability, kind)
            ]
            cached = self._abilities_by_kind[kind] = (self._version, found)
        return cast("list[tuple[GameObject, _A]]", cached[1])

    def flash_permissions(self) -> list[tuple[GameObject, FlashPermission]]:
        """The abilities of permanents and emblems that let spells be cast as though they
        had flash (CR 601.3b), with the objects that have them; cached until
        characteristics may have changed."""
        cached = self._flash_permissions
        if cached is None or cached[0] != self._version:
            found = [
                (holder, ability)
                for holder in (*self.battlefield, *self.command)
                for ability in (
                    self.characteristics(holder).abilities
                    if holder.zone is Zone.BATTLEFIELD
                    else holder.card.abilities  # an emblem's work where it is (114.4)
                )
                if isinstance(ability, FlashPermission)
            ]
            cached = self._flash_permissions = (self._version, found)
        return cached[1]

    # --- triggers ---------------------------------------------------------------------------

    def trigger_index(self) -> TriggerIndex:
        """The triggered abilities on the battlefield by event kind, rebuilt after changes."""
        cached = self._trigger_index
        if cached is None or cached[0] != self._version:
            cached = self._trigger_index = (self._version, build_index(self))
        return cached[1]

    @property
    def watching(self) -> bool:
        """Whether any triggered ability could trigger now; callers skip building trigger
        events when nothing watches."""
        return (
            self._permanents_with_triggers > 0
            or bool(self.delayed_triggers)
            or (bool(self.effects) and self._effects_grant_triggers())
        )

    def _effects_grant_triggers(self) -> bool:
        """Whether an effect of a resolved spell or ability gives a triggered ability."""
        from .cards import TriggeredAbility

        return bool(self.effects) and any(
            isinstance(a, TriggeredAbility) for a in self.abilities_granted_by_effects()
        )

    def abilities_granted_by_effects(self) -> tuple[Ability, ...]:
        """The abilities that effects of resolved spells and abilities and static
        abilities of emblems give objects, directly or through a static ability they give
        (613.1f); cached per state version."""
        cached = self._grants_cache
        if cached is None or cached[0] != self._version:
            from .cards import abilities_granted_by

            direct = tuple(a for e in self.effects for a in e.granted)
            found = (
                *direct,
                *abilities_granted_by(direct),
                *(a for emblem in self.command for a in emblem.card.granted_abilities),
            )
            cached = self._grants_cache = (self._version, found)
        return cached[1]

    def notice(self, event: TriggerEvent, *, index: TriggerIndex | None = None) -> None:
        """Let every triggered ability that ``event`` matches trigger (CR 603.2, 603.7)."""
        if self.delayed_triggers:
            notice_delayed(self, event)
        if index is None:
            if not self._permanents_with_triggers and not (
                self.effects and self._effects_grant_triggers()
            ):
                return
            index = self.trigger_index()
        if index:
            notice(self, event, index)

    def add_delayed_trigger(self, delayed: DelayedTrigger) -> None:
        """Create a delayed triggered ability (CR 603.7a)."""
        self.delayed_triggers.append(delayed)
        self.emit(
            "delayed_trigger_created",
            rule="603.7a",
            player=delayed.controller,
            source=delayed.source.id,
            text=delayed.ability.text,
        )

    @asynccontextmanager
    async def simultaneously(self, entering: Iterable[GameObject] = ()) -> AsyncIterator[None]:
        """Events inside the block happen at once: objects leaving the battlefield in it
        look back at the battlefield as it was before the block (CR 603.10a), and
        permanents entering in it are seen by each other's enters triggers (603.6a);
        where their relative timestamps matter, the active player orders them (613.7m).
        ``entering``: the objects the block puts onto the battlefield, which none of them
        may choose to move as it enters (614.13a)."""
        outer = self._entering_together
        self._entering_together = outer | {obj.id for obj in entering}
        if self._lookback is not None:
            try:
                yield
            finally:
                self._entering_together = outer
            return
        self._lookback = self.trigger_index()
        self._entered_together = []
        self._batch_began = self._timestamp + 1
        try:
            yield
        finally:
            self._lookback = None
            self._batch_began = None
            self._entering_together = outer
            entered, self._entered_together = self._entered_together, None
        await self._order_timestamps([e.obj for e in entered if e.obj is not None])
        for event in entered:
            if self.watching:
                self.notice(event)

    async def _order_timestamps(self, entered: list[GameObject]) -> None:
        """Permanents that entered at the same moment get their timestamps in an order the
        active player chooses (613.7m). It matters only among those whose static
        abilities generate continuous effects (613.7b), so only they are ordered."""
        ordering = [
            p for p in entered if p.zone is Zone.BATTLEFIELD and p.template.has_static_abilities
        ]
        if len(ordering) < 2:
            return
        decision = self.decision(
            DecisionKind.TIMESTAMP_ORDER,
            self.active_player,
            [CardOption(p.id, f"{p.name} #{p.id}") for p in ordering],
            "order the timestamps of the permanents that entered together, earliest first",
            min=len(ordering),
            max=len(ordering),
            ordered=True,
        )
        choice = await self.ask(decision)
        chosen = [ordering[i] for i in choice.indices]
        stamps = sorted(p.timestamp for p in ordering)
        renumbered = {p.timestamp: stamp for p, stamp in zip(chosen, stamps, strict=True)}
        for permanent, stamp in zip(chosen, stamps, strict=True):
            permanent.timestamp = stamp
        # Effects made as they entered (a copy effect, 707.5) carry their timestamps.
        self.effects = [
            replace(e, timestamp=renumbered[e.timestamp])
            if e.source in {p.id for p in ordering} and e.timestamp in renumbered
            else e
            for e in self.effects
        ]
        self.changed()
        self.emit(
            "timestamps_ordered",
            rule="613.7m",
            player=self.active_player,
            objects=[p.id for p in chosen],
        )

    # --- the event log ------------------------------------------------------------------------

    def emit(
        self,
        event: str,
        /,
        *,
        rule: str | None = None,
        player: int | None = None,
        visibility: Sequence[int] | None = None,
        **fields: Any,
    ) -> int:
        """Log one event with the common fields; returns its ``seq``."""
        if event not in _UNCHECKED_EVENTS:
            self._state_version += 1
        line: dict[str, Any] = {"turn": self.turn, "step": self._step_name}
        if player is not None:
            line["player"] = player
        if rule is not None:
            line["rule"] = rule
        if self.cause is not None:
            line["cause"] = self.cause
        line["visibility"] = "public" if visibility is None else list(visibility)
        line.update(fields)
        return self.log.emit(event, line)

    @contextmanager
    def caused_by(self, seq: int) -> Iterator[None]:
        """Log events inside the block with ``cause`` = ``seq``."""
        previous = self.cause
        self.cause = seq
        try:
            yield
        finally:
            self.cause = previous

    # --- objects and zones --------------------------------------------------------------------

    def new_object(
        self, card: CardDefinition, owner: int, zone: Zone, *, controller: int | None = None
    ) -> GameObject:
        """Create an object in ``zone`` (it is not put into the zone's list)."""
        obj = GameObject(
            self.new_id(), card, owner, zone, timestamp=self.next_timestamp(), controller=controller
        )
        self.objects[obj.id] = obj
        if card.replaces_in_every_zone:
            self._replacing_in_every_zone.append(obj.id)
        if card.reads_life_totals:
            self._life_changes_characteristics = True
        if card.reads_hand_sizes:
            self._hand_changes_characteristics = True
        if card.reads_library_top:
            self.library_top_matters = True
        return obj

    def zone_list(self, zone: Zone, player: int) -> list[GameObject]:
        """The list that holds ``zone`` (``player`` picks the library, hand or graveyard)."""
        state = self.players[player]
        if zone is Zone.LIBRARY:
            return state.library
        if zone is Zone.HAND:
            return state.hand
        if zone is Zone.GRAVEYARD:
            return state.graveyard
        if zone is Zone.BATTLEFIELD:
            return self.battlefield
        if zone is Zone.EXILE:
            return self.exile
        if zone is Zone.COMMAND:
            return self.command
        raise ValueError(f"no object list for {zone}")

    def put(self, obj: GameObject, *, bottom: bool = False) -> None:
        """Put a new object into its zone's list (top, or bottom of a library)."""
        if obj.copy_card is not None and obj.copy_card.reads_life_totals:
            self._life_changes_characteristics = True  # a copy of such a permanent (707.2)
        if obj.copy_card is not None and obj.copy_card.reads_hand_sizes:
            self._hand_changes_characteristics = True
        if obj.copy_card is not None and obj.copy_card.reads_library_top:
            self.library_top_matters = True
        if obj.zone is Zone.BATTLEFIELD:
            if self._batch_began is not None:
                obj.arrived = self._batch_began
            template = obj.template
            self._permanents_with_triggers += template.has_triggered_abilities
            self._permanents_with_replacements += template.has_replacement_abilities
            self._permanents_changing_control += template.changes_control
            self._permanents_with_statics += template.has_static_abilities
            self._permanents_changing_costs += template.may_change_costs
            self._face_down_count += obj.face_down
        if obj.zone is Zone.STACK:
            self.stack.append(obj)
            return
        target = self.zone_list(obj.zone, obj.owner)
        if bottom:
            target.insert(0, obj)
        else:
            target.append(obj)

    def _remove(self, obj: GameObject) -> None:
        if obj.zone is Zone.BATTLEFIELD:
            template = obj.template
            self._permanents_with_triggers -= template.has_triggered_abilities
            self._permanents_with_replacements -= template.has_replacement_abilities
            self._permanents_changing_control -= template.changes_control
            self._permanents_with_statics -= template.has_static_abilities
            self._permanents_changing_costs -= template.may_change_costs
            self._face_down_count -= obj.face_down
        if obj.zone is Zone.STACK:
            self.stack.remove(obj)
        else:
            self.zone_list(obj.zone, obj.owner).remove(obj)
        del self.objects[obj.id]

    async def move(
        self,
        obj: GameObject,
        to: Zone,
        *,
        rule: str | None = None,
        bottom: bool = False,
        controller: int | None = None,
        tapped: bool = False,
        event: str = "object_moved",
        destroy: bool = False,
        regenerable: bool = True,
    ) -> GameObject:
        """Move ``obj`` to another zone, after replacement effects (CR 614, 616); it
        becomes a new object (CR 400.7). Returns the object as it ended up (``obj``
        itself if the move was replaced by nothing at all). ``destroy``: the move is
        ``obj`` being destroyed (701.8), which regeneration can replace (701.19) unless
        it is not ``regenerable`` (701.19c)."""
        if self.has_replacement_effects():
            proposed = ZoneChangeEvent(
                obj, to, bottom=bottom, destroy=destroy, regenerable=regenerable
            )
            replaced = await replace_event(self, proposed)
            if replaced is None:
                return obj
            assert isinstance(replaced, ZoneChangeEvent)
            if replaced != proposed:
                to, bottom = replaced.to, replaced.bottom
                if replaced.shuffle:
                    moved = self.move_now(obj, to, rule="614.1a")
                    self.shuffle(obj.owner)
                    return moved
                rule, event = "614.1a", "object_moved"
        enchanting: GameObject | None = None
        if to is Zone.BATTLEFIELD and obj.zone is not Zone.STACK and obj.template.is_aura:
            # Not resolving as an Aura spell: it enchants what its controller chooses as
            # it enters (303.4f), or it doesn't enter at all (303.4g).
            chooser = obj.owner if controller is None else controller
            choices = self.permanents_an_entering_aura_may_enchant(obj, chooser)
            if not choices:
                self.emit(
                    "aura_stayed",
                    rule="303.4g",
                    player=obj.owner,
                    object=obj.id,
                    card=obj.name,
                    zone=obj.zone.value,
                )
                return obj
            enchanting = await self._choose_what_aura_enchants(obj, chooser, choices)
        # A face-down spell becomes a face-down permanent (708.4); a copy of one keeps the
        # face-down values it copied (707.2).
        face_down = obj.face_down and obj.zone is Zone.STACK and to is Zone.BATTLEFIELD
        copy_card = obj.copy_card if obj.zone is Zone.STACK and to is Zone.BATTLEFIELD else None
        entering = obj.template
        if to is Zone.BATTLEFIELD and entering.enters_as_copy is not None:
            copy_card = await self._choose_copy(
                obj, obj.owner if controller is None else controller
            )
        color = None
        if to is Zone.BATTLEFIELD and (copy_card or entering).chooses_color_as_it_enters:
            color = await self._choose_color(obj, obj.owner if controller is None else controller)
        land_type = None
        if to is Zone.BATTLEFIELD and (copy_card or entering).chooses_land_type_as_it_enters:
            land_type = await self._choose_basic_land_type(
                obj, obj.owner if controller is None else controller
            )
        name = None
        if to is Zone.BATTLEFIELD and (copy_card or entering).chooses_name_as_it_enters:
            name = await self._choose_card_name(
                obj, obj.owner if controller is None else controller
            )
        more_counters: tuple[tuple[str, int], ...] = ()
        if to is Zone.BATTLEFIELD:
            more_counters = await self._exile_as_it_enters(
                obj, copy_card or entering, obj.owner if controller is None else controller
            )
        moved = self.move_now(
            obj,
            to,
            rule=rule,
            bottom=bottom,
            controller=controller,
            tapped=tapped,
            event=event,
            copy_card=copy_card,
            more_counters=more_counters,
            face_down=face_down,
            face_down_by=obj.face_down_by,
        )
        # Chosen before it entered (614.12); no player acts before this is set.
        moved.chosen_color = color
        moved.chosen_land_type = land_type
        moved.chosen_name = name
        if enchanting is not None and moved.zone is Zone.BATTLEFIELD:
            moved.attached_to = enchanting.id
            self.changed()
            self.emit("aura_attached", rule="303.4f", object=moved.id, attached_to=enchanting.id)
        return moved

    def entering_together(self, permanent: GameObject) -> bool:
        """Whether ``permanent`` was put onto the battlefield by the batch of simultaneous
        events now being carried out (:meth:`simultaneously`): to the others entering with
        it, it is not yet on the battlefield as they enter (614.12, 303.4f)."""
        return self._batch_began is not None and permanent.arrived == self._batch_began

    def permanents_an_entering_aura_may_enchant(
        self, aura: GameObject, controller: int
    ) -> list[GameObject]:
        """What the Aura ``aura``, entering the battlefield under ``controller`` other than
        by resolving as an Aura spell, may be attached to as it enters (303.4f): the
        permanents already on the battlefield, not those entering with it, that its
        enchant ability allows and no other effect keeps it from enchanting (702.16c)."""
        spec = aura.template.enchant
        if spec is None:
            return []
        if spec.admits_player():
            raise RuleNotImplementedError("702.5d", f"{aura.name}: an Aura that enchants a player")
        if spec.attacking or spec.blocking or spec.that_players:
            raise RuleNotImplementedError("303.4f", f"{aura.name}: enchant a creature in combat")
        choices = []
        for permanent in self.battlefield:
            if self.entering_together(permanent):
                continue
            if self.enchant_allows(spec, permanent, controller) and not self.forbids_attachment(
                permanent, aura
            ):
                choices.append(permanent)
        return choices

    async def _choose_what_aura_enchants(
        self, aura: GameObject, controller: int, choices: list[GameObject]
    ) -> GameObject:
        """As the Aura enters, its controller chooses one of ``choices`` for it to
        enchant (303.4f)."""
        options = [CardOption(p.id, f"{self.characteristics(p).name} #{p.id}") for p in choices]
        decision = self.decision(
            DecisionKind.CHOICE,
            controller,
            options,
            f"choose what {aura.name} will enchant (303.4f)",
            rule="303.4f",
        )
        choice = await self.ask(decision)
        return choices[choice.indices[0]]

    async def _choose_basic_land_type(self, obj: GameObject, controller: int) -> str:
        """As it enters, its controller chooses a basic land type (614.12, 205.3i)."""
        types = ("Plains", "Island", "Swamp", "Mountain", "Forest")
        options = [Named(t) for t in types]
        decision = self.decision(
            DecisionKind.CHOICE,
            controller,
            options,
            f"choose a basic land type for {obj.name}",
            rule="614.12",
        )
        choice = await self.ask(decision)
        return types[choice.indices[0]]

    async def _choose_color(self, obj: GameObject, controller: int) -> str:
        """As it enters, its controller chooses a colour (614.12)."""
        options = [Named(c) for c in ("white", "blue", "black", "red", "green")]
        decision = self.decision(
            DecisionKind.COLOR, controller, options, f"choose a color for {obj.name}"
        )
        choice = await self.ask(decision)
        return "WUBRG"[choice.indices[0]]

    async def _choose_card_name(self, obj: GameObject, controller: int) -> str:
        """As it enters, its controller chooses a card name (614.12): the name of a card
        the game knows of (201.2), in alphabetical order."""
        names = sorted(self.host.cards)
        options = [Named(n) for n in names]
        decision = self.decision(
            DecisionKind.CHOICE, controller, options, f"choose a card name for {obj.name}"
        )
        choice = await self.ask(decision)
        chosen = names[choice.indices[0]]
        self.emit("card_name_chosen", rule="614.12", player=controller, object=obj.id, name=chosen)
        return chosen

    async def _exile_as_it_enters(
        self, obj: GameObject, template: CardDefinition, controller: int
    ) -> tuple[tuple[str, int], ...]:
        """ "As [this] enters, you may exile any number of [type] cards from your
        graveyard" (614.1c): its controller chooses among the cards in their graveyard
        other than those entering the battlefield with it (614.13a), and they are exiled.
        Returns the counters it enters with for them."""
        from .cards import AsEntersExileFromGraveyard

        if not any(isinstance(a, AsEntersExileFromGraveyard) for a in template.abilities):
            return ()
        counters: list[tuple[str, int]] = []
        chosen_before: set[int] = set()
        for ability in self._abilities_as_it_would_enter(obj, template, controller):
            if not isinstance(ability, AsEntersExileFromGraveyard):
                continue
            candidates = [
                c
                for c in self.players[controller].graveyard
                if ability.card_type in c.card.types
                and c.id != obj.id
                and c.id not in self._entering_together
                and c.id not in chosen_before  # once only (614.13b)
            ]
            if not candidates:
                continue
            decision = self.decision(
                DecisionKind.CARD,
                controller,
                [CardOption(c.id, f"{c.name} #{c.id}") for c in candidates],
                f"exile any number of {ability.card_type.lower()} cards from your graveyard "
                f"as {obj.name} enters",
                min=0,
                max=len(candidates),
                rule="614.1c",
            )
            choice = await self.ask(decision)
            chosen = [candidates[i] for i in choice.indices]
            chosen_before.update(c.id for c in chosen)
            async with self.simultaneously():
                for card_obj in chosen:
                    await self.move(card_obj, Zone.EXILE, rule="614.13a")
            if chosen:
                counters.append((ability.counter, len(chosen)))
        return tuple(counters)

    async def _choose_copy(self, obj: GameObject, controller: int) -> CardDefinition | None:
        """As it enters, its controller chooses what it enters as a copy of (707.5)."""
        ability = obj.template.enters_as_copy
        assert ability is not None
        candidates = [
            p for p in self.battlefield if self.is_creature(p) and not self.entering_together(p)
        ]
        options: list[Any] = [
            CardOption(p.id, f"{self.characteristics(p).name} #{p.id}") for p in candidates
        ]
        if ability.optional:
            options.append(Named("no copy"))
        if not options:
            return None
        decision = self.decision(
            DecisionKind.ENTER_AS_COPY,
            controller,
            options,
            f"choose a creature for {obj.name} to enter as a copy of",
        )
        choice = await self.ask(decision)
        picked = options[choice.indices[0]]
        if not isinstance(picked, CardOption):
            return None
        return ability.with_exceptions(self.objects[picked.object].template)

    def move_now(
        self,
        obj: GameObject,
        to: Zone,
        *,
        rule: str | None = None,
        bottom: bool = False,
        controller: int | None = None,
        tapped: bool = False,
        event: str = "object_moved",
        copy_card: CardDefinition | None = None,
        face_down: bool = False,
        more_counters: Sequence[tuple[str, int]] = (),
        face_down_by: str = "",
    ) -> GameObject:
        """Move ``obj`` to another zone at once, without replacement effects: for moves
        that are not events of the game (setting up, leaving the game) and for the
        pipeline itself. It becomes a new object (CR 400.7).

        Returns the new object. Objects go to their owner's library, hand or
        graveyard (CR 400.3); onto the battlefield or stack under ``controller``
        (default: the owner). ``face_down``: it is turned face down before it enters
        (708.3) or is put onto the stack (708.4), by what ``face_down_by`` names (708.6),
        and only its controller learns what it is. ``more_counters``: counters it enters
        with beyond its own text's, from choices made as it entered (614.1c).
        """
        from_zone = obj.zone
        if (obj.is_token and from_zone is not Zone.BATTLEFIELD) or (
            obj.is_spell_copy and from_zone is not Zone.STACK
        ):
            return obj  # a token or copy out of its place stays where it is (111.8, 704.5e)
        template = FACE_DOWN if face_down else copy_card or obj.card
        if to is Zone.BATTLEFIELD and not tapped:
            tapped = self._enters_tapped(
                obj, template, obj.owner if controller is None else controller
            )
        leaving = from_zone is Zone.BATTLEFIELD
        lookback: TriggerIndex | None = None
        if leaving and (
            self._lookback is not None
            or self._permanents_with_triggers
            or self.delayed_triggers
            or (self.effects and self._effects_grant_triggers())
        ):
            # Leaves-the-battlefield abilities look back in time (603.10a).
            lookback = self._lookback if self._lookback is not None else self.trigger_index()
            last_types = self.characteristics(obj).types
            was_creature = "Creature" in last_types
        self._remove(obj)
        new = GameObject(
            self.new_id(),
            obj.card,
            obj.owner,
            to,
            timestamp=self.next_timestamp(),
            controller=controller if to in (Zone.BATTLEFIELD, Zone.STACK) else None,
        )
        if obj.card.replaces_in_every_zone:
            # The new object is the one its "from anywhere" ability works from now (400.7).
            self._replacing_in_every_zone = [
                *(i for i in self._replacing_in_every_zone if i != obj.id),
                new.id,
            ]
        new.tapped = tapped
        new.control_turn = self.turn
        new.copy_card = copy_card
        new.face_down = face_down
        new.face_down_by = face_down_by if face_down else ""
        if to is Zone.BATTLEFIELD and "Battle" in template.types:
            # A battle with no battle type is protected by its controller (310.8a).
            new.protector = new.controller
        if obj.is_token:
            new.is_token = True
            if to is not Zone.BATTLEFIELD:
                self.copies_elsewhere.append(new)  # to cease to exist as an SBA (704.5d)
        elif obj.is_spell_copy and to is Zone.BATTLEFIELD:
            new.is_token = True  # a copy of a permanent spell resolves into a token (608.3f)
        elif obj.is_spell_copy:
            new.is_spell_copy = True
            self.copies_elsewhere.append(new)  # to cease to exist as an SBA (704.5e)
        entering_counters = (
            [*self._enters_with_counters(template, obj), *more_counters]
            if to is Zone.BATTLEFIELD
            else ()
        )
        self.objects[new.id] = new
        self.put(new, bottom=bottom)
        if from_zone is Zone.BATTLEFIELD:
            self._left_battlefield(obj)
        if Zone.BATTLEFIELD in (from_zone, to):
            # Only permanents have static abilities and are affected by effects so far;
            # a new object elsewhere has a new id and no cached characteristics.
            self.changed()
        elif Zone.HAND in (from_zone, to) and self._hand_changes_characteristics:
            self.changed()  # a characteristic-defining ability counts the cards in a hand
        if Zone.GRAVEYARD in (from_zone, to):
            # The abilities that function in a graveyard (113.6m) are indexed with the
            # permanents' (see _priority._ability_index): what can be activated changed.
            self.ability_index.clear()
        # A card drawn (or otherwise moved) from the top of a library while it is revealed
        # there was seen by everybody (401.5): its move is no secret.
        hidden = (
            from_zone.is_hidden
            and to.is_hidden
            and not (self._revealed_tops and obj.id in self._revealed_tops.values())
        )
        seq = self.emit(
            event,
            rule=rule or "400.7",
            player=obj.owner,
            visibility=[obj.owner] if hidden else None,
            object=obj.id,
            new_object=new.id,
            card=None if face_down else obj.card.name,
            from_zone=from_zone.value,
            to_zone=to.value,
        )
        if face_down:
            # Its controller may look at it (708.5); nobody else.
            self.emit(
                "face_down_identified",
                rule="708.5",
                player=new.controller,
                visibility=[new.controller],
                object=new.id,
                card=obj.card.name,
            )
        if copy_card is not None:
            # It enters as a copy (707.5): the layer 1 effect is there from the start.
            self.effects.append(
                ContinuousEffect(
                    layer=Layer.COPY,
                    timestamp=new.timestamp,
                    source=new.id,
                    affected=frozenset((new.id,)),
                    modify=copy_values(copy_card),
                    description=f"a copy of {copy_card.name}",
                )
            )
            self.changed()
            self.emit(
                "effect_created",
                rule="707.5",
                source=new.id,
                affected=[new.id],
                layer=Layer.COPY.rule,
                duration="permanent",
                description=f"a copy of {copy_card.name}",
            )
        for kind, count in entering_counters:
            # It enters with them (614.1c): they are on it from the start, like its
            # characteristics, so nothing sees it without them; they were put on it, as
            # a Saga's chapter abilities see (122.6, 714.2b).
            new.counters[kind] = new.counters.get(kind, 0) + count
            self.changed()
            counted = self.emit(
                "counters_added",
                rule="614.1c",
                player=new.controller,
                object=new.id,
                kind=kind,
                count=count,
                total=new.counters[kind],
            )
            if self.watching and kind == "lore":
                self.notice(
                    TriggerEvent(
                        TriggerKind.COUNTERS_ADDED,
                        counted,
                        new.controller,
                        new,
                        counter=kind,
                        amount=count,
                        total=new.counters[kind],
                    )
                )
        if lookback is not None:
            left = TriggerEvent(
                TriggerKind.LEAVES, seq, obj.controller, obj, types=last_types, zone=to.value
            )
            self.notice(left, index=lookback)
            if to is Zone.GRAVEYARD and was_creature:
                self.notice(
                    TriggerEvent(TriggerKind.DIES, seq, obj.controller, obj), index=lookback
                )
        if to is Zone.BATTLEFIELD and (self.watching or self._entered_together is not None):
            self._entered(TriggerEvent(TriggerKind.ENTERS, seq, new.controller, new))
        if self.library_top_matters:
            if Zone.LIBRARY in (from_zone, to):
                self.library_changed(obj.owner)
            elif Zone.BATTLEFIELD in (from_zone, to):
                self.reveal_library_tops()  # a revealing permanent may have come or gone
        return new

    def _entered(self, event: TriggerEvent) -> None:
        if self._entered_together is not None:
            self._entered_together.append(event)  # noticed when the batch ends (603.6a)
        elif self.watching:
            self.notice(event)

    def _enters_tapped(self, obj: GameObject, template: CardDefinition, controller: int) -> bool:
        """Apply the entering permanent's own "enters tapped" replacement (614.1d), from
        the text it enters with (a copy's copied text, 707.5) as continuous effects would
        leave it once it is on the battlefield (614.12: under Blood Moon a nonbasic land
        has no such ability left).

        These are its only self-replacements so far, so no choice among several arises.
        """
        from .cards import EntersTappedUnless

        if not any(isinstance(a, EntersTappedUnless) for a in template.abilities):
            return False
        for ability in self._abilities_as_it_would_enter(obj, template, controller):
            if isinstance(ability, EntersTappedUnless) and ability.enters_tapped(self, controller):
                self.emit(
                    "event_replaced",
                    rule="614.1d",
                    player=controller,
                    source=obj.id,
                    text=ability.text,
                )
                return True
        return False

    def _abilities_as_it_would_enter(
        self, obj: GameObject, template: CardDefinition, controller: int
    ) -> tuple[Ability, ...]:
        """The abilities ``obj`` would have on the battlefield under ``controller``, with
        ``template`` as its copiable values: after the continuous effects that already
        exist and would apply to it, and those of its own static abilities (CR 614.12)."""
        if not (self.effects or self._permanents_with_statics or self.command):
            return template.abilities
        prospective = GameObject(
            -1,  # never registered: it only stands for the permanent it would become
            obj.card,
            obj.owner,
            Zone.BATTLEFIELD,
            timestamp=self._timestamp + 1,
            controller=controller,
        )
        effects = self.effects + self._emblem_effects()
        if template is not obj.card:
            # Entering as a copy, it has the copied values from the start (707.5), so
            # their "enters with" and "as [this] enters" abilities apply; the layer 1
            # effect that :meth:`move_now` creates doesn't exist yet.
            prospective.copy_card = template
            effects = [
                ContinuousEffect(
                    layer=Layer.COPY,
                    timestamp=prospective.timestamp,
                    source=prospective.id,
                    affected=frozenset((prospective.id,)),
                    modify=copy_values(template),
                    description=f"a copy of {template.name}",
                ),
                *effects,
            ]
        board = compute_board(self, [*self.battlefield, prospective], effects)
        return board[prospective.id].abilities

    def _enters_with_counters(
        self, template: CardDefinition, entering: GameObject
    ) -> list[tuple[str, int]]:
        """The counters the entering permanent's own text puts on it (614.1c, 707.5), if
        it would still have that text on the battlefield (614.12)."""
        from .cards import EntersWithCounters

        counters = []
        if any(isinstance(a, EntersWithCounters) for a in template.abilities):
            counters = [
                (ability.kind, ability.count(entering))
                for ability in self._abilities_as_it_would_enter(
                    entering, template, entering.controller
                )
                if isinstance(ability, EntersWithCounters) and ability.count(entering) > 0
            ]
        if template.loyalty and "Planeswalker" in template.types:
            # A planeswalker enters with its printed loyalty in loyalty counters (306.5b).
            counters.insert(0, ("loyalty", template.loyalty))
        if template.final_chapter and "Saga" in template.subtypes:
            counters.insert(0, ("lore", 1))  # 714.3a
        if template.defense and "Battle" in template.types:
            counters.insert(0, ("defense", template.defense))  # 310.4b
        return counters

    def _left_battlefield(self, obj: GameObject) -> None:
        self._controlled_by_effect.discard(obj.id)
        lasting = [
            e
            for e in self.effects
            if not (e.duration is Duration.WHILE_SOURCE_ON_BATTLEFIELD and e.source == obj.id)
        ]
        if len(lasting) != len(self.effects):
            # "for as long as [it] remains on the battlefield" ends as it leaves (611.2b).
            self.effects = lasting
            self.changed()
        # What was attached to it stays attached to an object that is gone: an Aura goes
        # to the graveyard (704.5m), an Equipment becomes unattached (704.5n), as SBAs.
        if self.combat is not None:
            self.combat.remove(obj.id)

    async def create_tokens(
        self, definition: CardDefinition, player: int, count: int, *, tapped: bool = False
    ) -> list[GameObject]:
        """``player`` creates ``count`` tokens with ``definition``'s characteristics, after
        replacement effects (CR 111.1, 614.1a), tapped if ``tapped``; returns those created."""
        if count <= 0 or self.players[player].has_left:
            return []
        if self.has_replacement_effects():
            replaced = await replace_event(self, TokenEvent(player, definition, count))
            if replaced is None:
                return []
            assert isinstance(replaced, TokenEvent)
            definition, player, count = replaced.definition, replaced.player, replaced.count
        async with self.simultaneously():
            return [self.create_token(definition, player, tapped=tapped) for _ in range(count)]

    def create_token(
        self, definition: CardDefinition, player: int, *, tapped: bool = False
    ) -> GameObject:
        """``player`` creates a token with ``definition``'s characteristics: they own it and
        it enters under their control (CR 111.1-111.4), tapped if ``tapped``."""
        if definition.is_aura:
            # It would choose what it enchants as it is created, or not be created (303.4f-g).
            raise RuleNotImplementedError("303.4g", f"{definition.name}: an Aura token")
        token = self.new_object(definition, player, Zone.BATTLEFIELD)
        token.is_token = True
        token.tapped = tapped
        token.control_turn = self.turn
        self.put(token)
        self.changed()
        seq = self.emit(
            "token_created",
            rule="111.1",
            player=player,
            object=token.id,
            card=definition.name,
        )
        self._entered(TriggerEvent(TriggerKind.ENTERS, seq, player, token))
        return token

    async def copy_spell(
        self, spell: GameObject, controller: int, *, new_targets: bool = False
    ) -> GameObject:
        """Put a copy of ``spell`` onto the stack under ``controller``, who owns it (CR
        707.10): it has the spell's characteristics and every choice made for it (modes,
        targets, X, division, what was sacrificed to pay for it). It is not cast. With
        ``new_targets``, ``controller`` may choose new targets for it first (707.10c)."""
        copy = GameObject(
            self.new_id(),
            spell.card,
            controller,
            Zone.STACK,
            timestamp=self.next_timestamp(),
            controller=controller,
        )
        copy.is_spell_copy = True
        # A face-down spell's copiable values are its face-down values; the copy is not
        # face down (707.2).
        copy.copy_card = FACE_DOWN if spell.face_down else spell.copy_card
        copy.modes = spell.modes
        # Text the spell gained as it was cast is a text-changing effect, which a copy
        # doesn't copy (702.47c, 707.2): the copy keeps only the targets of its own text.
        copy.targets = spell.targets[: len(target_slots(own_target_specs(copy)))]
        copy.division = spell.division
        copy.x = spell.x
        copy.sacrificed = spell.sacrificed
        if new_targets and any(t is not None for t in copy.targets):
            await choose_new_targets(self, copy, controller, f"the copy of {spell.name}")
        self.objects[copy.id] = copy
        self.put(copy)
        seq = self.emit(
            "spell_copied",
            rule="707.10",
            player=controller,
            object=copy.id,
            original=spell.id,
            card=None if spell.face_down else spell.card.name,
            targets=targets_log(copy.targets),
        )
        self.note_targets(copy, seq)
        return copy

    async def copy_ability(
        self, item: AbilityOnStack, controller: int, *, new_targets: bool = False
    ) -> AbilityOnStack:
        """Put a copy of the ability ``item`` onto the stack under ``controller`` (CR
        707.10): same source (707.10b), targets, X and what was sacrificed for it; it is
        not activated. With ``new_targets``, ``controller`` may choose new ones first."""
        copy = AbilityOnStack(
            self.new_id(), item.ability, item.source_snapshot, controller, item.targets, item.event
        )
        copy.x = item.x
        copy.sacrificed = item.sacrificed
        if new_targets and any(t is not None for t in copy.targets):
            await choose_new_targets(self, copy, controller, f"the copy of {item.name}")
        self.stack.append(copy)
        seq = self.emit(
            "ability_copied",
            rule="707.10",
            player=controller,
            object=copy.id,
            original=item.id,
            source=item.source,
            text=getattr(item.ability, "text", ""),
            targets=targets_log(copy.targets),
        )
        self.note_targets(copy, seq)
        return copy

    async def change_targets(self, item: StackItem, player: int, *, how: str = "the") -> bool:
        """``player`` changes "the target(s)" (``how="the"``, CR 115.7a), "a target"
        (``"a"``, 115.7b) or "any targets" (``"any"``, 115.7c) of ``item``, each only to
        another legal target; returns whether anything changed."""
        if how not in ("the", "a", "any"):
            raise ValueError(f"change the, a or any targets, not {how!r}")
        before = item.targets
        changed = await change_targets(self, item, player, item.name, how=how)
        rule = {"the": "115.7a", "a": "115.7b", "any": "115.7c"}[how]
        self._targets_changed(item, player, before, changed, rule=rule)
        return changed

    async def choose_new_targets(self, item: StackItem, player: int) -> bool:
        """``player`` may choose new targets for the spell or ability ``item`` (CR
        115.7d); returns whether any changed."""
        before = item.targets
        changed = await choose_new_targets(self, item, player, item.name)
        self._targets_changed(item, player, before, changed, rule="115.7d")
        return changed

    def _targets_changed(
        self,
        item: StackItem,
        player: int,
        before: tuple[TargetRef | None, ...],
        changed: bool,
        *,
        rule: str,
    ) -> None:
        if not changed:
            return
        seq = self.emit(
            "targets_changed",
            rule=rule,
            player=player,
            object=item.id,
            before=targets_log(before),
            targets=targets_log(item.targets),
        )
        self.note_targets(item, seq, already=before)

    def cease_to_exist(self, obj: GameObject, *, rule: str) -> None:
        """Remove an object from the game altogether (a token off the battlefield, 704.5d)."""
        self._remove(obj)
        self.emit("object_ceased", rule=rule, player=obj.owner, object=obj.id)

    async def put_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Put ``count`` counters of ``kind`` on a permanent, after replacement effects
        (CR 122.6, 614.1a)."""
        if count <= 0 or obj.id not in self.objects:
            return
        if self.has_replacement_effects():
            replaced = await replace_event(self, CounterEvent(obj, kind, count))
            if replaced is None:
                return
            assert isinstance(replaced, CounterEvent)
            obj, kind, count = replaced.obj, replaced.kind, replaced.count
        self.add_counters(obj, kind, count, rule=rule)

    def add_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Put ``count`` counters of ``kind`` on a permanent (CR 122.1, 122.6), with no
        replacement effects (use :meth:`put_counters` for an event of the game)."""
        if count <= 0 or obj.id not in self.objects:
            return
        obj.counters[kind] = obj.counters.get(kind, 0) + count
        self.changed()
        seq = self.emit(
            "counters_added",
            rule=rule,
            player=obj.controller,
            object=obj.id,
            kind=kind,
            count=count,
            total=obj.counters[kind],
        )
        if self.watching:
            self.notice(
                TriggerEvent(
                    TriggerKind.COUNTERS_ADDED,
                    seq,
                    obj.controller,
                    obj,
                    counter=kind,
                    amount=count,
                    total=obj.counters[kind],
                )
            )

    def remove_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Remove up to ``count`` counters of ``kind`` from a permanent (CR 122.8)."""
        count = min(count, obj.counters.get(kind, 0))
        if count <= 0:
            return
        obj.counters[kind] -= count
        if not obj.counters[kind]:
            del obj.counters[kind]
        self.changed()
        seq = self.emit(
            "counters_removed",
            rule=rule,
            player=obj.controller,
            object=obj.id,
            kind=kind,
            count=count,
            total=obj.counters.get(kind, 0),
        )
        if self.watching:
            # "Whenever a counter is removed" triggers once for each (603.2c).
            for _ in range(count):
                self.notice(
                    TriggerEvent(
                        TriggerKind.COUNTER_REMOVED, seq, obj.controller, obj, counter=kind
                    )
                )

    async def destroy(
        self, permanent: GameObject, *, rule: str = "701.8a", regenerate: bool = True
    ) -> GameObject:
        """Destroy a permanent: it goes to its owner's graveyard (CR 701.8a), unless a
        regeneration shield replaces that (701.19a). ``regenerate=False``: "it can't be
        regenerated" (701.19c). A permanent that can't be destroyed (indestructible,
        702.12b) stays where it is, and its regeneration shields are not used."""
        from .actions.destroy import destroy  # the action's module imports the core

        return await destroy(self, permanent, rule=rule, regenerate=regenerate)

    @property
    def has_face_down(self) -> bool:
        """Whether any permanent is face down (cheap: most games have none)."""
        return self._face_down_count > 0

    async def manifest(self, card: GameObject, player: int) -> GameObject:
        """``player`` manifests ``card`` (CR 701.40a): it enters the battlefield face down
        under their control as a 2/2 creature, without entering abilities (708.3)."""
        from .actions.manifest import manifest  # the action's module imports the core

        return await manifest(self, card, player)

    async def turn_face_up(
        self, permanent: GameObject, *, rule: str = "708.8", paid: TurnsFaceUp | None = None
    ) -> None:
        """Turn a face-down permanent face up (CR 708.8, 701.40b, 702.37e): its copiable
        values are its own again; effects on it still apply; it did not just enter, so
        nothing about entering triggers or applies. It gets a new timestamp (613.7f); its
        "As [this] is turned face up" abilities apply meanwhile (708.11), told which
        ability's cost was ``paid`` for it; then its "When [this] is turned face up"
        abilities trigger."""
        if not permanent.face_down:
            return
        before = permanent.template
        permanent.face_down = False
        permanent.face_down_by = ""
        permanent.timestamp = self.next_timestamp()
        self._face_down_count -= 1
        after = permanent.template
        self._permanents_with_triggers += (
            after.has_triggered_abilities - before.has_triggered_abilities
        )
        self._permanents_with_replacements += (
            after.has_replacement_abilities - before.has_replacement_abilities
        )
        self._permanents_changing_control += after.changes_control - before.changes_control
        self._permanents_with_statics += after.has_static_abilities - before.has_static_abilities
        self._permanents_changing_costs += after.may_change_costs - before.may_change_costs
        self.changed()
        for ability in self.characteristics(permanent).abilities:
            if isinstance(ability, AsTurnedFaceUp):
                await ability.as_turned_face_up(self, permanent, paid)
        seq = self.emit(
            "face_up_turned",
            rule=rule,
            player=permanent.controller,
            object=permanent.id,
            card=permanent.card.name,
        )
        if self.watching:
            self.notice(
                TriggerEvent(TriggerKind.TURNED_FACE_UP, seq, permanent.controller, permanent)
            )

    def face_up_characteristics(self, permanent: GameObject) -> Characteristics:
        """The characteristics a face-down permanent would have if it were face up, with
        the effects that would apply to it then (702.37e: "what its morph cost would be
        if it were face up"; 708.10), cached per state version."""
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
            chars = compute_board(self, self.battlefield, self.effects + self._emblem_effects())[
                permanent.id
            ]
        finally:
            permanent.face_down = True
            self._chars = real
        self._face_up_cache[key] = chars
        return chars

    def reveal_face_down(self, objects: Sequence[GameObject], *, player: int | None) -> None:
        """Reveal face-down spells and permanents to all players, as a player leaves the
        game or the game ends (708.9)."""
        hidden = [o for o in objects if o.face_down]
        if hidden:
            self.emit(
                "face_down_revealed",
                rule="708.9",
                player=player,
                objects=[[o.id, o.card.name] for o in hidden],
            )

    def _command_object(self, player: int, definition: CardDefinition) -> GameObject:
        """A new object in the command zone that ``player`` owns and controls, whose
        abilities work there (114.4)."""
        obj = GameObject(
            self.new_id(),
            definition,
            player,
            Zone.COMMAND,
            timestamp=self.next_timestamp(),
            controller=player,
        )
        self.objects[obj.id] = obj
        self.command.append(obj)
        self._permanents_with_triggers += definition.has_triggered_abilities
        self.changed()
        return obj

    def add_rule_ability(self, player: int, ability: TriggeredAbility) -> GameObject:
        """Give ``player`` a triggered ability that a rule of the game (a variant or house
        rule from a plugin) adds, held by an object in the command zone that ``player``
        controls, so that "you" in it is ``player`` (CR 113.2c, 603.1)."""
        from .cards import CardDefinition

        holder = self._command_object(
            player,
            CardDefinition(
                name="Rule", mana_cost=None, types=(), text=ability.text, abilities=(ability,)
            ),
        )
        self.emit(
            "rule_ability_added", rule="603.1", player=player, object=holder.id, text=ability.text
        )
        return holder

    def create_emblem(
        self, player: int, abilities: tuple[Ability, ...], *, text: str, source: int
    ) -> GameObject:
        """``player`` gets an emblem with ``abilities`` in the command zone (CR 114.1): it
        is neither a card nor a permanent, has no types, and its abilities work there
        (114.4): triggered abilities, and static abilities (continuous, replacement and
        cost-changing effects)."""
        from .cards import CardDefinition, CostChange, StaticAbility, TriggeredAbility

        for ability in abilities:
            if not isinstance(ability, TriggeredAbility | StaticAbility | CostChange):
                raise RuleNotImplementedError(
                    "114.4",
                    f"an emblem with {type(ability).__name__} (triggered and static "
                    "abilities work)",
                )
        emblem = self._command_object(
            player,
            CardDefinition(name="Emblem", mana_cost=None, types=(), text=text, abilities=abilities),
        )
        self.emit(
            "emblem_created",
            rule="114.1",
            player=player,
            object=emblem.id,
            source=source,
            text=text,
        )
        return emblem

    def attach(self, attachment: GameObject, to: GameObject) -> None:
        """Attach an Aura, Equipment or Fortification to ``to`` (CR 701.3a). Attaching it
        to what it is already attached to does nothing; otherwise it gets a new timestamp
        (701.3c, 613.7e). One that can't be attached to ``to`` doesn't move (701.3b), such
        as an Equipment with a quality ``to`` has protection from (702.16d)."""
        if attachment.attached_to == to.id or not self._may_attach(attachment, to):
            return
        attachment.attached_to = to.id
        attachment.timestamp = self.next_timestamp()
        self.changed()
        self.emit(
            "permanent_attached",
            rule="701.3a",
            player=attachment.controller,
            object=attachment.id,
            attached_to=to.id,
        )

    def _may_attach(self, attachment: GameObject, to: GameObject) -> bool:
        """Whether ``attachment`` could be attached to ``to`` (701.3a-b): an Aura to what
        its enchant ability allows (303.4j), an Equipment to a creature, a Fortification
        to a land; none to itself, none that is a creature (301.5c, 303.4d), and nothing
        an ability of ``to`` forbids (702.16c-d)."""
        chars = self.characteristics(attachment)
        if to is attachment or "Creature" in chars.types:
            return False
        host = self.characteristics(to)
        if attachment.card.is_aura:
            spec = attachment.card.enchant
            if spec is None or not self.enchant_allows(spec, to, attachment.controller):
                return False
        elif "Equipment" in chars.subtypes:
            if "Creature" not in host.types:
                return False
        elif "Fortification" not in chars.subtypes or "Land" not in host.types:
            return False
        return not self.forbids_attachment(to, attachment)

    def enchant_allows(self, spec: TargetSpec, permanent: GameObject, controller: int) -> bool:
        """Whether the enchant ability ``spec`` (702.5a) of an Aura ``controller``
        controls allows it to enchant ``permanent`` now (303.4c, 303.4f, 303.4j):
        "enchant tapped creature", "creature you control", "creature an opponent
        controls", "attacking creature" are read as a target's words are (115.1)."""
        chars = self.characteristics(permanent)
        return spec.admits_permanent(
            chars.types, chars.subtypes, chars.colors
        ) and controller_and_combat_allow(self, spec, permanent, controller)

    def unattach(self, attachment: GameObject, *, rule: str) -> None:
        """``attachment`` becomes unattached and stays on the battlefield (701.3d)."""
        attachment.attached_to = None
        self.changed()
        self.emit(
            "permanent_unattached", rule=rule, player=attachment.controller, object=attachment.id
        )

    def shield_from_destruction(self, permanent: GameObject, controller: int, source: int) -> None:
        """Create a regeneration shield for ``permanent`` until end of turn (CR 701.19a)."""
        self.replacement_effects.append(
            RegenerationShield(
                source,
                controller,
                f"regenerate {permanent.name} #{permanent.id}",
                source_name=self.objects[source].name if source in self.objects else "",
                protected=permanent.id,
            )
        )
        self.emit(
            "regeneration_shield_created",
            rule="701.19a",
            player=controller,
            source=source,
            object=permanent.id,
        )

    async def regenerate(self, permanent: GameObject, *, rule: str = "701.19a") -> None:
        """Regenerate ``permanent`` (CR 701.19a-b): remove all damage marked on it, its
        controller taps it, and it is removed from combat."""
        from .actions.regenerate import regenerate  # the action's module imports the core

        await regenerate(self, permanent, rule=rule)

    async def discard(self, card: GameObject, *, rule: str) -> GameObject:
        """Its owner discards ``card``: hand to graveyard (CR 701.9a)."""
        from .actions.discard import discard  # the action's module imports the core

        return await discard(self, card, rule=rule)

    async def discard_chosen(self, player: int, count: int, *, prompt: str, rule: str) -> None:
        """``player`` discards ``count`` cards of their choice, or their whole hand if it
        holds fewer (CR 701.9b); ``rule`` is the rule that makes them discard."""
        from .actions.discard import discard_chosen  # the action's module imports the core

        await discard_chosen(self, player, count, prompt=prompt, rule=rule)

    async def offer_to_pay(
        self,
        player: int,
        source: GameObject,
        *,
        mana: ManaCost | None = None,
        costs: Sequence[Cost] = (),
        prompt: str,
        rule: str,
    ) -> bool:
        """``player`` may pay a cost as a spell or ability of ``source`` resolves
        ("[effect] unless that player pays [cost]", CR 118.12a): asked only if they could
        pay all of it (118.3); they pay its mana, activating mana abilities as they wish
        (605.3a), and its other costs (life, 119.4; discarding, 701.9a; sacrificing,
        701.21a). ``rule`` is logged with the decision and the mana spent. Returns whether
        they paid."""
        from ._priority import pay_optional_cost

        return await pay_optional_cost(self, player, source, mana, costs, prompt, rule)

    async def counter(self, spell: StackItem) -> None:
        """Counter a spell: it leaves the stack for its owner's graveyard (CR 701.6a),
        unless it can't be countered (113.6g); or counter an ability: it is removed from
        the stack (701.6a)."""
        if isinstance(spell, AbilityOnStack):
            if spell in self.stack:
                self.stack.remove(spell)
                self.emit(
                    "ability_countered",
                    rule="701.6a",
                    player=spell.controller,
                    object=spell.id,
                    source=spell.source,
                )
            return
        rules = spell.template.spell
        condition = rules.uncounterable_if if rules is not None else None
        printed = any(isinstance(a, CantBeCountered) for a in self.characteristics(spell).abilities)
        if printed or (condition is not None and condition.holds(spell)):
            self.emit("counter_failed", rule="113.6g", player=spell.controller, object=spell.id)
            return
        if spell.zone is Zone.STACK and spell.id in self.objects:
            seq = self.emit(
                "spell_countered",
                rule="701.6a",
                player=spell.controller,
                object=spell.id,
                card=spell.name,
            )
            with self.caused_by(seq):
                await self.move(spell, Zone.GRAVEYARD, rule="701.6a")

    def shuffle(self, player: int) -> None:
        """Shuffle ``player``'s library with the game's random generator (CR 701.24)."""
        self.rng.shuffle(self.players[player].library)
        self.emit("library_shuffled", rule="701.24a", player=player)
        self.library_changed(player, reordered=True)

    # --- the top card of a library ------------------------------------------------------------

    def library_changed(self, player: int, *, reordered: bool = False) -> None:
        """Note that ``player``'s library changed: a card left or entered it, or it was
        shuffled or put in another order (``reordered``). A condition that reads its top
        card (611.3b) may have changed, so characteristics are computed again, and a new
        top card is revealed at once where it is played revealed (401.5). A revealed card
        that is reordered stops being revealed, and is a new object if revealed again
        (701.20d).

        Code that changes a library's list of cards itself must call this. It costs
        nothing in a game where no object reads a library."""
        if not self.library_top_matters:
            return
        self.changed()
        if reordered and self._revealed_tops.get(player) is not None:
            self._stop_revealing(player, rule="701.20d")
        self.reveal_library_tops()

    @contextmanager
    def announcing(self) -> Iterator[None]:
        """Inside the block a player casts a spell, activates an ability or takes a special
        action: if the top card of a library changes meanwhile (a cost, or a replacement
        of one, moves a card), the new top card is revealed only once the spell is cast,
        the ability activated or the action taken (401.5). Characteristics that read the
        top card follow it at once."""
        self._reveals_held += 1
        try:
            yield
        finally:
            self._reveals_held -= 1
            self.reveal_library_tops()

    def players_revealing_library_top(self) -> frozenset[int]:
        """The players who play with the top card of their library revealed now ("Play
        with the top card of your library revealed", 401.5, 701.18c)."""
        from .cards import PlayWithTopOfLibraryRevealed

        if not self.library_top_matters:
            return frozenset()
        return frozenset(
            permanent.controller
            for permanent in self.battlefield
            if any(
                isinstance(a, PlayWithTopOfLibraryRevealed)
                for a in self.characteristics(permanent).abilities
            )
        )

    def revealed_library_top(self, player: int) -> GameObject | None:
        """The card revealed on top of ``player``'s library, if they play with it revealed
        and it is not empty (401.5)."""
        shown = self._revealed_tops.get(player)
        return None if shown is None else self.objects[shown]

    def reveal_library_tops(self) -> None:
        """Bring the revealed top cards of libraries up to date (401.5): each player who
        plays with the top card of their library revealed shows everybody a new top card
        as soon as it is the top one (logged as ``library_top_revealed``), except while
        a spell is being cast, an ability activated or a special action taken (401.5,
        :meth:`announcing`). A card that stops being revealed, because it is no longer on
        top or the ability stopped applying, is a new object if it is revealed again
        (401.6)."""
        if not self.library_top_matters or self._reveals_held:
            return
        revealing = self.players_revealing_library_top()
        for player in sorted(self._revealed_tops):
            if player not in revealing:
                self._stop_revealing(player, rule="401.6")
        for player in sorted(revealing):
            library = self.players[player].library
            top = library[-1] if library else None
            if player in self._revealed_tops and self._revealed_tops[player] == (
                None if top is None else top.id
            ):
                continue
            self._stop_revealing(player, rule="401.6")
            if top is None:
                self._revealed_tops[player] = None
                continue
            if top.id in self._no_longer_revealed:
                # Nothing links the new object to the old one: which card of the library
                # it is was hidden since it stopped being revealed.
                top = self._renew_library_top(player)
            self._revealed_tops[player] = top.id
            self.emit(
                "library_top_revealed", rule="401.5", player=player, object=top.id, card=top.name
            )

    def _stop_revealing(self, player: int, *, rule: str) -> None:
        """The card revealed on top of ``player``'s library stops being revealed. If it is
        revealed again while still in the library, it is a new object then (401.6,
        701.20d)."""
        shown = self._revealed_tops.pop(player, None)
        if shown is None or shown not in self.objects:
            return  # nothing was revealed, or it has left the library (a new object already)
        old = self.objects[shown]
        if old.zone is not Zone.LIBRARY:
            return
        self._no_longer_revealed.add(shown)
        self.emit("reveal_ended", rule=rule, player=player, object=shown, card=old.name)

    def _renew_library_top(self, player: int) -> GameObject:
        """The top card of ``player``'s library becomes a new object (401.6)."""
        library = self.players[player].library
        old = library[-1]
        new = GameObject(
            self.new_id(), old.card, old.owner, Zone.LIBRARY, timestamp=self.next_timestamp()
        )
        library[-1] = new
        del self.objects[old.id]
        self.objects[new.id] = new
        self._no_longer_revealed.discard(old.id)
        if old.card.replaces_in_every_zone:
            self._replacing_in_every_zone = [
                *(i for i in self._replacing_in_every_zone if i != old.id),
                new.id,
            ]
        return new

    async def draw(self, player: int, count: int = 1) -> list[GameObject]:
        """``player`` draws ``count`` cards, one at a time (CR 121.2)."""
        drawn: list[GameObject] = []
        for _ in range(count):
            drawer = player
            if self.has_replacement_effects():
                # Each draw may be replaced, even from an empty library (614.11, 121.6a).
                replaced = await replace_event(self, DrawEvent(player))
                if replaced is None:
                    continue
                assert isinstance(replaced, DrawEvent)
                drawer = replaced.player
            state = self.players[drawer]
            if not state.library:
                # Drawing from an empty library is noted; the player loses as an SBA (704.5b).
                state.attempted_empty_draw = True
                self.emit("draw_failed", rule="121.4", player=drawer)
                continue
            seq = self.log.next_seq  # the card_drawn event's
            card = await self.move(state.library[-1], Zone.HAND, rule="121.1", event="card_drawn")
            drawn.append(card)
            if self.watching:
                self.notice(TriggerEvent(TriggerKind.DRAWS, seq, drawer))
            if state.drew_on_turn != self.turn:
                state.drew_on_turn = self.turn
                self._reveal_first_draw(drawer, card)
        return drawn

    def _reveal_first_draw(self, player: int, card: GameObject) -> None:
        """Each permanent of ``player`` with "Reveal the first card you draw each turn"
        reveals ``card``, its first draw this turn (603.11); its linked triggered ability
        sees that reveal (607.2)."""
        from .cards import RevealFirstDrawEachTurn

        for permanent in self.battlefield:
            if permanent.controller != player or not any(
                isinstance(a, RevealFirstDrawEachTurn)
                for a in self.characteristics(permanent).abilities
            ):
                continue
            seq = self.emit(
                "cards_revealed",
                rule="701.20a",
                player=player,
                source=permanent.id,
                cards=[card.name],
            )
            if self.watching:
                self.notice(
                    TriggerEvent(
                        TriggerKind.REVEALED,
                        seq,
                        player,
                        card,
                        types=card.card.types,
                        by=permanent.id,
                    )
                )

    async def reveal_until(self, player: int, *, lands: bool) -> GameObject | None:
        """``player`` reveals cards from the top of their library until a land (or a
        nonland card) is revealed (701.20a), puts it into their hand and the other revealed
        cards on the bottom in an order they choose. Returns the card put into the hand."""
        state = self.players[player]
        revealed: list[GameObject] = []
        found: GameObject | None = None
        for card in reversed(state.library):
            revealed.append(card)
            if card.card.is_land == lands:
                found = card
                break
        self.emit(
            "cards_revealed",
            rule="701.20a",
            player=player,
            cards=[c.name for c in revealed],
        )
        taken = None
        if found is not None:
            taken = await self.move(found, Zone.HAND, rule="701.20a")
        await self.put_on_bottom(player, [c for c in revealed if c is not found])
        return taken

    async def put_on_bottom(
        self, player: int, cards: list[GameObject], *, rule: str = "701.20a"
    ) -> None:
        """``player`` puts revealed ``cards`` on the bottom of their library in any order
        they choose (701.20a, 401.4); ``rule`` is logged with the choice and the moves."""
        if len(cards) > 1:
            options = [CardOption(c.id, c.name) for c in cards]
            decision = self.decision(
                DecisionKind.BOTTOM,
                player,
                options,
                "put the revealed cards on the bottom of your library, in order",
                min=len(cards),
                max=len(cards),
                ordered=True,
                rule=rule,
            )
            choice = await self.ask(decision)
            cards = [self.objects[options[i].object] for i in choice.indices]
        for card in cards:
            self.move_now(card, Zone.LIBRARY, rule=rule, bottom=True)

    def add_extra_turn(self, player: int, *, source: int) -> None:
        """``player`` takes an extra turn directly after this one (CR 500.7); of several
        extra turns, the most recently created one is taken first."""
        self.extra_turns.append(player)
        self.emit("extra_turn_added", rule="500.7", player=player, source=source)

    def next_turn_player(self) -> int:
        """Whose turn comes after the current one (CR 500.7, 102.1): the player of the most
        recently created extra turn not yet taken, or else the next player in turn order
        after the player of the last regular turn. Consumes the extra turn it returns."""
        while self.extra_turns:
            player = self.extra_turns.pop()
            if self.players[player].has_left:
                continue  # a player who has left the game begins no turn (800.4k)
            if self.turn_order_resumes_after is None:
                self.turn_order_resumes_after = self.active_player
            return player
        after = self.turn_order_resumes_after
        self.turn_order_resumes_after = None
        return self.next_player(self.active_player if after is None else after)

    def skip_next(self, player: int, what: str, *, source: int) -> None:
        """``player`` skips their next ``what`` (one of :data:`manaweave.cards.SKIPPABLE`),
        CR 614.10: the skip waits for the next occurrence that has not begun, and two
        skips skip two."""
        self.players[player].skips[what] += 1
        self.emit("skip_created", rule="614.10", player=player, source=source, skips=what)

    async def mill(self, player: int, count: int) -> list[GameObject]:
        """``player`` mills ``count`` cards, or as many as their library has (CR 701.17)."""
        from .actions.mill import mill  # the action's module imports the core

        return await mill(self, player, count)

    async def tap(self, obj: GameObject, *, rule: str, cost: bool = False) -> bool:
        """Tap a permanent (CR 701.26a), after replacement effects (614.1a); returns
        whether it became tapped. ``cost``: the tapping pays a {T} cost (602.2b, 605.3b,
        508.1f), which a replacement effect must leave as it is."""
        if self.has_replacement_effects() and not await self._tapping_happens(
            TapEvent(obj), rule, cost
        ):
            return False
        obj.tapped = True
        seq = self.emit("permanent_tapped", rule=rule, player=obj.controller, object=obj.id)
        if self.watching:
            self.notice(TriggerEvent(TriggerKind.BECOMES_TAPPED, seq, obj.controller, obj))
        return True

    async def untap(self, obj: GameObject, *, rule: str) -> bool:
        """Untap a permanent (CR 701.26b), after replacement effects (614.1a); returns
        whether it became untapped."""
        if self.has_replacement_effects() and not await self._tapping_happens(
            TapEvent(obj, untap=True), rule, False
        ):
            return False
        obj.tapped = False
        self.emit("permanent_untapped", rule=rule, player=obj.controller, object=obj.id)
        return True

    async def _tapping_happens(self, event: TapEvent, rule: str, cost: bool) -> bool:
        replaced = await replace_event(self, event)
        if replaced == event:
            return True
        if cost:
            raise RuleNotImplementedError(
                "614.1a", f"a replacement effect of tapping {event.obj.name} to pay a cost"
            )
        if replaced is None:
            return False
        raise RuleNotImplementedError(
            "614.1a", f"tapping or untapping {event.obj.name} replaced by another tap event"
        )

    def add_mana(self, player: int, mana: Sequence[str], source: int | None) -> int:
        """Add mana to ``player``'s mana pool (CR 106.4); returns the log line's ``seq``."""
        pool = self.players[player].mana_pool
        for symbol in mana:
            pool.add(symbol)
        return self.emit("mana_added", rule="106.4", player=player, mana=list(mana), source=source)

    def empty_mana_pools(self) -> None:
        """Empty every mana pool at the end of a step or phase (CR 106.4)."""
        for state in self.players:
            if state.mana_pool:
                lost = state.mana_pool.empty()
                self.emit("mana_emptied", rule="106.4", player=state.id, mana=list(lost))

    # --- damage and life ----------------------------------------------------------------------

    async def deal_damage(
        self,
        source: StackItem | GameObject,
        target: TargetRef,
        amount: int,
        *,
        combat: bool = False,
        preventable: bool = True,
    ) -> None:
        """``source`` deals ``amount`` damage to an object or player (CR 120.3), after
        replacement and prevention effects (614-616); ``preventable=False`` for damage
        that can't be prevented (615.12)."""
        if amount <= 0:
            return
        if not self.has_replacement_effects():
            await self._deal_damage_with_results(source, target, amount, combat)
            return
        proposed = DamageEvent(source, target, amount, combat, preventable)
        # A redirection of part of the damage makes several events, dealt at once (614.9).
        async with self._damage_dealt_at_once():
            for event in await replace_damage(self, proposed):
                if event.amount > 0:
                    await self._deal_damage_with_results(
                        event.source, event.target, event.amount, event.combat
                    )

    async def deal_damage_simultaneously(
        self,
        instances: Sequence[tuple[StackItem | GameObject, TargetRef, int]],
        *,
        combat: bool = False,
    ) -> None:
        """Deal damage to several recipients at the same time (CR 120.4b), each
        ``(source, recipient, amount)`` as :meth:`deal_damage` does: combat damage
        (510.2) or one effect's damage to each of several recipients. A shield with an
        amount (prevention or redirection) that applies to damage from two or more
        sources, or to two or more recipients, among it and can't take all of it is
        divided among it first, as the player that damage affects chooses (615.7, 614.9)."""
        async with self._damage_dealt_at_once():
            if not any(isinstance(e, DamageShield) for e in self.replacement_effects):
                for source, target, amount in instances:
                    await self.deal_damage(source, target, amount, combat=combat)
                return
            proposed = [DamageEvent(s, t, a, combat) for s, t, a in instances if a > 0]
            async with damage_shields_divided(self, proposed):
                for source, target, amount in instances:
                    await self.deal_damage(source, target, amount, combat=combat)

    @asynccontextmanager
    async def _damage_dealt_at_once(self) -> AsyncIterator[None]:
        """Damage dealt inside is dealt at the same time: the life each source's damage
        gains is gained as one event when it is all dealt (702.15e)."""
        if self._gains_from_damage is not None:
            yield  # already inside a batch: it is the same moment
            return
        self._gains_from_damage = {}
        try:
            yield
        finally:
            gains, self._gains_from_damage = self._gains_from_damage, None
        for (player, _source), amount in gains.items():
            await self.gain_life(player, amount, rule="702.15b")

    def spell_became(self, spell: int, permanent: int) -> None:
        """Record that the permanent spell ``spell`` resolved into ``permanent`` (608.3a)."""
        self._permanent_from_spell[spell] = permanent

    def is_chosen_source(self, chosen: int, source: StackItem | GameObject) -> bool:
        """Whether ``source`` is the source of damage a player chose as the object
        ``chosen``: that object, or the permanent it became if it was a permanent spell
        (609.7a: the effect applies to damage dealt by the spell and by that permanent)."""
        return source.id == chosen or self._permanent_from_spell.get(chosen) == source.id

    async def gain_life_from_damage(self, player: int, amount: int, source: int) -> None:
        """``player`` gains ``amount`` life because ``source`` dealt damage (lifelink,
        702.15b). Damage one source deals to several recipients at the same time makes
        one life gain event of the total, so "whenever you gain life" triggers once;
        several sources make separate events (702.15e)."""
        if self._gains_from_damage is None:
            await self.gain_life(player, amount, rule="702.15b")
            return
        key = (player, source)
        self._gains_from_damage[key] = self._gains_from_damage.get(key, 0) + amount

    async def _deal_damage_with_results(
        self, source: StackItem | GameObject, target: TargetRef, amount: int, combat: bool
    ) -> None:
        """Deal damage as it is after replacement, then its results from the source's
        abilities (120.3)."""
        rule = "510.2" if combat else "120.3"
        if not await self._deal_damage(source, target, amount, combat, rule):
            return
        if isinstance(source, GameObject):
            # Deathtouch, lifelink and the like act once the damage is dealt (120.3), from
            # the source as it is or last existed (702.15c).
            chars = self.characteristics(self.objects.get(source.id) or source)
            applied: list[type[DamageResult]] = []
            for ability in chars.abilities:
                if not isinstance(ability, DamageResult):
                    continue
                if ability.redundant:
                    if type(ability) in applied:
                        continue  # multiple instances are redundant (702.2f, 702.15f)
                    applied.append(type(ability))
                ability.after_damage(self, source, target, amount, combat)
                await ability.after_damage_events(self, source, target, amount, combat)

    async def _deal_damage(
        self,
        source: StackItem | GameObject,
        target: TargetRef,
        amount: int,
        combat: bool,
        rule: str,
    ) -> bool:
        """Deal the damage as it is after replacement; whether it was dealt."""
        if isinstance(target, tuple):
            player = target[1]
            if self.players[player].has_left:
                return False
            seq = self.emit(
                "damage_dealt",
                rule=rule,
                source=source.id,
                source_name=source.public_name,
                to_player=player,
                amount=amount,
                combat=combat,
            )
            with self.caused_by(seq):
                await self.lose_life(player, amount, rule="120.3a")
            if self.watching and isinstance(source, GameObject):
                self.notice(
                    TriggerEvent(
                        TriggerKind.DEALS_DAMAGE, seq, player, source, amount=amount, combat=combat
                    )
                )
            return True
        obj = self.objects.get(target)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            return False
        types = self.characteristics(obj).types
        if "Creature" in types:
            obj.damage += amount  # 120.3e
        seq = self.emit(
            "damage_dealt",
            rule=rule,
            source=source.id,
            source_name=source.public_name,
            to_object=obj.id,
            to_name=obj.public_name,
            amount=amount,
            combat=combat,
        )
        if "Planeswalker" in types:
            with self.caused_by(seq):
                self.remove_counters(obj, "loyalty", amount, rule="120.3c")
        if "Battle" in types:
            with self.caused_by(seq):
                self.remove_counters(obj, "defense", amount, rule="120.3h")
        if self.watching and isinstance(source, GameObject):
            self.notice(
                TriggerEvent(
                    TriggerKind.DEALS_DAMAGE, seq, None, source, amount=amount, combat=combat
                )
            )
        return True

    def note_targets(
        self, item: StackItem, seq: int, *, already: tuple[TargetRef | None, ...] = ()
    ) -> None:
        """The permanents ``item`` targets have become targets of a spell or ability
        (603.2): "When [this] becomes the target" abilities trigger. A permanent chosen
        for two instances of the word "target" (601.2c) becomes the target of that spell
        or ability once, so such an ability triggers once (ward, 702.21a); as targets are
        changed, only those not ``already`` its targets become targets (115.7)."""
        if not self.watching:
            return
        for target in dict.fromkeys(item.targets):
            if isinstance(target, int) and target not in already:
                obj = self.objects.get(target)
                if obj is not None and obj.zone is Zone.BATTLEFIELD:
                    self.notice(
                        TriggerEvent(
                            TriggerKind.BECOMES_TARGET, seq, item.controller, obj, item=item.id
                        )
                    )

    def mark_deathtouch_damage(self, permanent: int | tuple[str, int]) -> None:
        """Note that a creature was dealt damage by a source with deathtouch: it is
        destroyed the next time state-based actions are checked (CR 704.5h). Deathtouch keeps
        the marks: see :func:`manaweave.keywords.deathtouch.mark_deathtouch_damage`."""
        from .keywords.deathtouch import mark_deathtouch_damage  # the keyword imports the core

        mark_deathtouch_damage(self, permanent)

    async def gain_life(self, player: int, amount: int, *, rule: str = "119.3") -> None:
        """``player`` gains ``amount`` life, after replacement effects (CR 119.3, 614.1a)."""
        if amount > 0 and not self.players[player].has_left:
            await self._change_life_replaced(LifeGainEvent(player, amount), rule)

    async def lose_life(self, player: int, amount: int, *, rule: str = "119.3") -> None:
        """``player`` loses ``amount`` life, after replacement effects (CR 119.3, 614.1a);
        damage to a player makes them lose life this way (120.3a)."""
        if amount > 0:
            await self._change_life_replaced(LifeLossEvent(player, amount), rule)

    async def _change_life_replaced(self, event: LifeGainEvent | LifeLossEvent, rule: str) -> None:
        if self.has_replacement_effects():
            replaced = await replace_event(self, event)
            if replaced is None:
                return
            assert isinstance(replaced, type(event))
            event = replaced
        if event.amount > 0:
            sign = 1 if isinstance(event, LifeGainEvent) else -1
            self.change_life(event.player, sign * event.amount, rule=rule)

    def change_life(self, player: int, delta: int, *, rule: str) -> None:
        """Gain (positive) or lose (negative) life (CR 119.3)."""
        state = self.players[player]
        state.life += delta
        if self._life_changes_characteristics:
            self.changed()  # a characteristic-defining ability reads the life total (604.3)
        seq = self.emit("life_changed", rule=rule, player=player, delta=delta, life=state.life)
        if delta and self.watching:
            kind = TriggerKind.GAINS_LIFE if delta > 0 else TriggerKind.LOSES_LIFE
            self.notice(TriggerEvent(kind, seq, player, amount=abs(delta)))

    # --- end of turn --------------------------------------------------------------------------

    def begin_turn_effects(self, previous: int | None) -> None:
        """End "until your next turn" effects of the player whose turn begins, and of
        players who left and whose turn would have begun since ``previous``'s (800.4m)."""
        ending = [
            e
            for e in self.effects
            if e.duration is Duration.UNTIL_YOUR_NEXT_TURN
            and e.controller is not None
            and self._turn_begins_for(e.controller, previous)
        ]
        if ending:
            ended = {id(e) for e in ending}
            self.effects = [e for e in self.effects if id(e) not in ended]
            self.changed()
            self.emit("effects_ended", rule="611.2a", effects=len(ending))

    def _turn_begins_for(self, player: int, previous: int | None) -> bool:
        if player == self.active_player:
            return True
        if not self.players[player].has_left or previous is None:
            return False
        n = len(self.players)
        # Seats strictly between the previous active player and this one, in turn order.
        seat = (previous + 1) % n
        while seat != self.active_player:
            if seat == player:
                return True
            seat = (seat + 1) % n
        return False

    def end_turn_effects(self) -> None:
        """Remove marked damage and end "until end of turn" effects (CR 514.2)."""
        for obj in self.battlefield:
            obj.damage = 0
        ended = [e for e in self.effects if e.duration is Duration.END_OF_TURN]
        if ended:
            self.effects = [e for e in self.effects if e.duration is not Duration.END_OF_TURN]
            self.changed()
        lasting = end_of_turn(self.replacement_effects)
        ended_replacements = len(self.replacement_effects) - len(lasting)
        self.replacement_effects = lasting
        ended_combat_rules = len(self.combat_rule_effects)
        self.combat_rule_effects = []
        self.emit(
            "cleanup_performed",
            rule="514.2",
            effects_ended=len(ended) + ended_replacements + ended_combat_rules,
        )

    # --- winning and losing -------------------------------------------------------------------

    def lose(self, player: int, reason: str, *, rule: str) -> None:
        """``player`` loses the game (CR 104.3); the game ends if one player or none remains."""
        self.lose_all([(player, reason, rule)])

    def can_lose(self, player: int) -> bool:
        """Whether ``player`` can lose the game other than by conceding (104.3a): not
        while they control a permanent saying they can't (104.3)."""
        return not any(
            permanent.controller == player and isinstance(ability, CantLoseGame)
            for permanent in self.battlefield
            for ability in self.characteristics(permanent).abilities
        )

    def lose_all(self, losses: Sequence[tuple[int, str, str]]) -> None:
        """Several players lose simultaneously (CR 704.3, 104.4a); a player who can't
        lose the game doesn't, unless they conceded (104.3a)."""
        spared = [
            (player, reason)
            for player, reason, rule in losses
            if rule != "104.3a" and not self.can_lose(player)
        ]
        for player, reason in spared:
            self.emit("loss_prevented", rule="104.3", player=player, reason=reason)
        losses = [loss for loss in losses if loss[2] == "104.3a" or self.can_lose(loss[0])]
        for player, reason, rule in losses:
            state = self.players[player]
            if state.has_left:
                continue
            state.has_left = True
            self._losers.append((player, reason))
            self.emit("player_lost", rule=rule, player=player, reason=reason)
        remaining = self.alive()
        if len(remaining) <= 1:
            winners = tuple(p.id for p in remaining)
            reason = losses[-1][1] if losses else "game over"
            self.finish(Outcome(winners, reason, self.turn, tuple(self._losers)))
        for player, _reason, _rule in losses:
            self._leave(player)

    def _leave(self, player: int) -> None:
        """A player leaves a multiplayer game (CR 800.4a): the objects they own leave
        with them, then their abilities on the stack cease to exist, then objects
        they still control are exiled."""
        self.reveal_face_down(
            [o for o in self.objects.values() if o.owner == player], player=player
        )
        gone: list[int] = []
        for obj in list(self.objects.values()):
            if obj.owner == player:
                self._remove(obj)
                gone.append(obj.id)
                if obj.zone is Zone.BATTLEFIELD:
                    self._left_battlefield(obj)
        abilities = [i.id for i in self.stack if i.controller == player]
        self.stack = [i for i in self.stack if i.controller != player]
        self.changed()
        self.emit("player_left", rule="800.4a", player=player, objects=gone, abilities=abilities)
        for obj in list(self.battlefield):
            if obj.controller == player:
                self.move_now(obj, Zone.EXILE, rule="800.4a")

    @property
    def losers(self) -> tuple[tuple[int, str], ...]:
        """The players who have lost or left so far, with why, in order."""
        return tuple(self._losers)

    def finish(self, outcome: Outcome) -> None:
        """End the game with ``outcome``; raises :class:`GameOver` to unwind the loop."""
        self.outcome = outcome
        self.reveal_face_down(
            [*self.battlefield, *(o for o in self.stack if isinstance(o, GameObject))],
            player=None,
        )
        self.emit(
            "game_ended",
            rule="104.2a" if outcome.winners else "104.4",
            winners=list(outcome.winners),
            reason=outcome.reason,
            turns=outcome.turns,
        )
        raise GameOver

    # --- decisions ----------------------------------------------------------------------------

    def decision(
        self,
        kind: DecisionKind,
        player: int,
        options: Sequence[Any],
        prompt: str,
        *,
        min: int = 1,
        max: int = 1,
        groups: Sequence[Any] | None = None,
        ordered: bool = False,
        rule: str | None = None,
        whole_answer_rule: Callable[[Sequence[int]], str | None] | None = None,
        legal_answer: Callable[[], tuple[int, ...]] | None = None,
    ) -> Decision:
        """Build a decision for ``player`` with a lazily built view; ``rule`` when the CR
        rule asking it is not the kind's usual one; ``whole_answer_rule`` says what is
        wrong with a whole answer, and ``legal_answer`` finds one that obeys it."""
        return Decision(
            kind,
            player,
            options,
            prompt,
            min=min,
            max=max,
            groups=groups,
            ordered=ordered,
            _view=lambda: self.view(player),
            rule_override=rule,
            whole_answer_rule=whole_answer_rule,
            _legal_answer=legal_answer,
        )

    async def ask(self, decision: Decision) -> Choice:
        """Ask the deciding player and return their checked answer.

        An illegal answer is rejected (the game does not change) and asked again, up
        to the variant's limit; then, on a timeout, or if the player raises, the
        player concedes (CR 104.3a). A player who has left answers nothing: the
        decision gets its default answer.
        """
        player = decision.player
        state = self.players[player]
        actor = self.actors[player]
        limit = self.variant.decision_time_limit
        for _attempt in range(self.variant.max_decision_attempts):
            if state.has_left:
                return _default_choice(decision)
            started = time.perf_counter()
            try:
                if limit is None:
                    answer = await actor.decide(decision)
                else:
                    with trio.fail_after(limit):
                        answer = await actor.decide(decision)
            except trio.TooSlowError:
                self._concede(player, "timeout", decision)
                return _default_choice(decision)
            except GameOver:
                raise
            except Exception as exc:  # a player's bug must not crash the game
                self._player_raised(player, decision, exc)
                return _default_choice(decision)
            latency = (time.perf_counter() - started) * 1000.0
            try:
                choice = decision.check(answer)
            except IllegalChoiceError as error:
                self.emit(
                    "decision_rejected",
                    player=player,
                    kind=decision.kind.value,
                    answer=_answer_log(answer),
                    error=str(error),
                    visibility=[player],
                )
                rejected: Callable[[Decision, IllegalChoiceError], object] | None = getattr(
                    actor, "rejected", None
                )
                if rejected is not None:
                    try:
                        rejected(decision, error)
                    except Exception as exc:  # a player's bug must not crash the game
                        self._player_raised(player, decision, exc)
                        return _default_choice(decision)
                continue
            if choice.concede:
                self._concede(player, "conceded", decision)
                return _default_choice(decision)
            if decision.kind is not DecisionKind.PRIORITY and len(decision.options) > 1:
                self.free_choices += 1  # a choice that could break a loop (104.4b, 731.4)
            self.emit(
                "decision_made",
                rule=decision.rule,
                player=player,
                kind=decision.kind.value,
                choice=list(choice.indices),
                options=len(decision.options),
                chosen=[str(decision.options[i]) for i in choice.indices],
                latency_ms=round(latency, 3),
                visibility=[player] if decision.kind.private else None,
            )
            return choice
        self._concede(player, "too many illegal choices", decision)
        return _default_choice(decision)

    def _player_raised(self, player: int, decision: Decision, exc: Exception) -> None:
        self.emit(
            "player_raised",
            player=player,
            kind=decision.kind.value,
            error=repr(exc),
            traceback="".join(traceback.format_exception(exc)),
        )
        self._concede(player, "player raised an exception", decision)

    def _concede(self, player: int, reason: str, decision: Decision) -> None:
        self.emit("player_conceded", rule="104.3a", player=player, reason=reason)
        self.lose(player, reason, rule="104.3a")

    # --- views --------------------------------------------------------------------------------

    def players_with_hands_revealed(self) -> frozenset[int]:
        """The players who play with their hands revealed now ("Your opponents play with
        their hands revealed", 701.20a, 701.20c): everybody sees those hands."""
        from .cards import OpponentsPlayWithHandsRevealed

        revealed: set[int] = set()
        for permanent in self.battlefield:
            if any(
                isinstance(a, OpponentsPlayWithHandsRevealed)
                for a in self.characteristics(permanent).abilities
            ):
                revealed.update(self.opponents(permanent.controller))
        return frozenset(revealed)

    def view(self, viewer: int) -> GameView:
        """What ``viewer`` may know of the game now: their information set."""
        attacking = self.combat.attackers if self.combat else {}
        # A creature blocking several attackers (509.1a) shows the first it blocks.
        blocking = (
            {b: blocked[0] for b, blocked in self.combat.blockers.items() if blocked}
            if self.combat
            else {}
        )

        def public(obj: GameObject) -> ObjectView:
            chars = self.characteristics(obj) if obj.zone is Zone.BATTLEFIELD else None
            # A face-down permanent shows only its face-down values (708.5).
            card = obj.base_card
            return ObjectView(
                id=obj.id,
                name=chars.name if chars else card.name,
                owner=obj.owner,
                controller=obj.controller,
                zone=obj.zone.value,
                types=chars.types if chars else card.types,
                subtypes=chars.subtypes if chars else card.subtypes,
                mana_cost=str(card.mana_cost) if card.mana_cost is not None else None,
                power=chars.power if chars else card.power,
                toughness=chars.toughness if chars else card.toughness,
                tapped=obj.tapped,
                damage=obj.damage,
                attached_to=obj.attached_to,
                counters=tuple(sorted(obj.counters.items())),
                attacking=attacking.get(obj.id),
                blocking=blocking.get(obj.id),
            )

        revealed = self.players_with_hands_revealed()
        players = tuple(
            PlayerView(
                id=p.id,
                name=p.name,
                life=p.life,
                poison=p.poison,
                hand_size=len(p.hand),
                library_size=len(p.library),
                graveyard=tuple(public(o) for o in p.graveyard),
                mana_pool=p.mana_pool.as_tuple(),
                has_left=p.has_left,
                revealed_hand=tuple(public(o) for o in p.hand) if p.id in revealed else None,
                revealed_library_top=(
                    public(top) if (top := self.revealed_library_top(p.id)) is not None else None
                ),
            )
            for p in self.players
        )
        stack = tuple(
            public(item) if isinstance(item, GameObject) else _ability_view(item)
            for item in self.stack
        )
        return GameView(
            viewer=viewer,
            turn=self.turn,
            step=self.step.value if self.step else None,
            active_player=self.active_player,
            players=players,
            battlefield=tuple(public(o) for o in self.battlefield),
            stack=stack,
            exile=tuple(public(o) for o in self.exile),
            command=tuple(public(o) for o in self.command),
            hand=tuple(public(o) for o in self.players[viewer].hand),
        )


_UNCHECKED_EVENTS = frozenset(
    {
        "decision_made",
        "decision_rejected",
        "turn_began",
        "step_began",
        "permanent_tapped",
        "permanent_untapped",
        "mana_added",
        "mana_spent",
        "mana_emptied",
        "library_shuffled",
    }
)
"""Events after which state-based actions need no new check (704.3): what a player said,
turn structure, tapping and mana, none of which any state-based action looks at."""


def _ability_view(item: AbilityOnStack) -> ObjectView:
    return ObjectView(
        id=item.id,
        name=item.name,
        owner=item.controller,
        controller=item.controller,
        zone="stack",
        types=(),
        subtypes=(),
        mana_cost=None,
    )


def _answer_log(answer: object) -> list[int] | str:
    """How a rejected answer is logged: its indices, or the type of a non-Choice answer."""
    if isinstance(answer, Choice) and isinstance(answer.indices, tuple | list):
        return list(answer.indices)
    return f"<{type(answer).__name__}>"


def _default_choice(decision: Decision) -> Choice:
    """The answer recorded for a player who has left: pass, or the fewest options."""
    for i, option in enumerate(decision.options):
        if isinstance(option, Pass):
            return Choice.of(i)
    if decision.whole_answer_rule is not None:
        return decision.legal_choice()
    return Choice(tuple(range(min(decision.min, len(decision.options)))))

"""The game state and the primitive changes every rule is built from.

:class:`Game` holds the state every part of the engine reads (players, zones, effects,
the turn) and is a facade over the parts that carry out the primitive changes, each a
module of its own and reached as an attribute of the game:

- ``game.events`` (:mod:`._event_bus`): the event log; every change logs one event, a
  record of :mod:`manaweave.events`, with the CR rule behind it.
- ``game.derived`` (:mod:`._derived`): every cache and fast-path counter (characteristics,
  abilities in force, the trigger index), invalidated by the primitives below.
- ``game.table`` (:mod:`._table`): the players' actors; asking decisions, retries, time
  limits, concession.
- ``game.moves`` (:mod:`._moves`) and ``game.entering`` (:mod:`._entering`): zone changes,
  and what is chosen as a permanent enters; simultaneous events.
- ``game.tokens`` (:mod:`._tokens`), ``game.attachments`` (:mod:`._attachments`),
  ``game.counters`` (:mod:`._counters`), ``game.libraries`` (:mod:`._library`),
  ``game.damage`` (:mod:`._damage`), ``game.life`` (:mod:`._life`) and
  ``game.retargeting`` (:mod:`._retargeting`) and ``game.durations`` (:mod:`._durations`).
- views are built by :func:`._view.build_view`.

The turn loop, casting, combat and state-based actions in the other private modules are
written in terms of :class:`Game`'s methods, which delegate to those parts.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, AbstractContextManager
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from manaweave.cards import (
    AsTurnedFaceUp,
    CantBeCountered,
    CantBeDestroyed,
    CostChange,
    FlashPermission,
    SummoningSicknessExemption,
    TriggerEvent,
    TriggerKind,
)
from manaweave.events import (
    AbilityCountered,
    CounterFailed,
    DelayedTriggerCreated,
    EffectCreated,
    EventRecord,
    ExtraTurnAdded,
    FaceDownRevealed,
    FaceUpTurned,
    ManaAdded,
    ManaEmptied,
    ObjectMoved,
    PermanentEntered,
    PermanentTapped,
    PermanentUntapped,
    RegenerationShieldCreated,
    SkipCreated,
    SpellCountered,
    ZoneChangeRecord,
)
from manaweave.log import EventLog

from ._attachments import Attachments
from ._combat import put_into_combat_attacking, put_into_combat_blocking
from ._counters import Counters
from ._damage import Damage
from ._decisions import Choice, Decision
from ._derived import DerivedState
from ._durations import TurnEffects
from ._entering import Entering
from ._errors import KeywordActionUnavailableError, RuleNotImplementedError
from ._event_bus import EventBus
from ._game_copy import copy_game, sample_game
from ._game_watch import game_created
from ._influence import Influence, itself, no_objects, within_range
from ._layers import Characteristics, ContinuousEffect
from ._library import Libraries
from ._life import Life
from ._moves import ZoneMoves
from ._objects import AbilityOnStack, GameObject, PlayerState, Source, StackItem, TargetRef
from ._options import OptionValue
from ._outcome import GameOver, Outcome
from ._plugin_time import PluginTime
from ._priority import cast_spell, may_cast_spells, pay_optional_cost
from ._replacement import (
    ManaLossEvent,
    RegenerationShield,
    ReplacementEffect,
    TapEvent,
    replace_event,
)
from ._retargeting import Retargeting
from ._stand_in import ask_or_stand_in
from ._table import Table
from ._team_turns import (
    check_adjacent_seats,
    next_team_player,
    primary_player,
    team_in_turn_order,
)
from ._teams import Team, check_seat_teams
from ._tokens import Tokens
from ._triggers import PendingTrigger, TriggerIndex, notice, notice_delayed, trigger_reflexive
from ._turn import Step
from ._turn_markers import TurnMarkers
from ._view import GameView, build_view, players_with_hands_revealed
from ._zone_move import ZoneMove
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import (
        Ability,
        AlternativeCasting,
        CardDefinition,
        CastingOption,
        Cost,
        TargetSpec,
        TriggeredAbility,
        TurnsFaceUp,
    )
    from manaweave.hookspecs import KeywordAction
    from manaweave.players import Player

    from ._combat import Combat
    from ._loops import LoopWatch
    from ._mana import ManaCost
    from ._objects import DelayedTrigger
    from ._plugins import GameHooks, PluginHost
    from ._variant import Variant

_A = TypeVar("_A")

_IMMUTABLE = frozenset({int, str, bool, float, type(None), Step})
"""Types of the game's fields a copy of it shares."""

__all__ = ["Game", "GameOver", "Outcome", "ResumePoint"]

ENGINE_VERSION = "0.1.0"
"""The engine version recorded in every game's log."""
CR_EDITION = "2026-01-16"
"""The edition of the Comprehensive Rules the engine implements."""


@dataclass(slots=True)
class ResumePoint:
    """Where a copy of the game goes on from (:meth:`Game.copy`), held while one decision
    is asked: a priority decision (117.3), with the step, who has priority, how many
    passed in succession before them (teams and players of the team holding priority,
    805.5) and the round's watch for loops (104.4b); or, with ``declaring``, the first
    decision of the declaration of attackers or blockers (508.1, 509.1), which a copy
    asks again from the start of the declaration."""

    step: Step
    player: int
    group_passes: int = 0
    member_passes: int = 0
    watch: LoopWatch | None = None
    declaring: bool = False


class Game:
    """The whole state of one game, and the primitive actions on it.

    Build games with :func:`manaweave.play` / :func:`manaweave.run` or
    :class:`manaweave.testing.Scenario`, not directly.

    It holds the state that everything reads and delegates the primitive changes to its
    parts (see the module's text); each public method here is the one to call.

    Effects act through the actions that are events of the game, which replacement and
    prevention effects modify and triggered abilities see: :meth:`deal_damage`,
    :meth:`deal_damage_simultaneously`, :meth:`gain_life`, :meth:`lose_life`,
    :meth:`draw`, :meth:`mill`, :meth:`discard`, :meth:`move`, :meth:`destroy`,
    :meth:`sacrifice`, :meth:`tap`, :meth:`untap`, :meth:`create_tokens`,
    :meth:`put_counters`, :meth:`give_poison_counters` and :meth:`shuffle`; they ask
    players with :meth:`decision` and :meth:`ask`, and read the board through
    :meth:`characteristics`.

    The primitives that change the state directly, with no replacement effect (putting a
    new object into a zone, moving one at once, changing a life total, adding counters,
    creating a single token) are not methods of the game: they belong to its parts
    (``game.moves.put``, ``game.moves.move_now``, ``game.life.change_life``,
    ``game.counters.add_counters``, ``game.tokens.create_token``), for setting up a game
    and for the engine's own pipeline, not for card behaviour. So a call on ``game``
    itself is always an event of the game or a read.
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
        seed_nonce: str = "",
        log_path: str | None = None,
        max_turns: int | None = None,
        debug: bool = False,
        options: Mapping[str, OptionValue] | None = None,
    ) -> None:
        self.table = Table(
            self, actors, debug=debug, decision_time_limit=variant.decision_time_limit
        )
        """The players' actors and the decisions asked of them."""
        self.ask: Callable[[Decision], Awaitable[Choice]] = self.table.ask
        """Ask the deciding player and return their checked answer (:meth:`Table.ask`)."""
        self.decision = self.table.decision
        """Build a decision for a player, with a lazily built view (:meth:`Table.decision`:
        its ``rule`` when the CR rule asking it is not the kind's usual one, and what a
        whole answer must obey)."""
        self.variant = variant
        self.seed = seed
        self.seed_nonce = seed_nonce
        """The nonce of the commitment to the seed that ``game_started`` shows, revealed
        with the seed by ``game_ended`` (:mod:`manaweave._engine._seed_secret`)."""
        self.rng = random.Random(seed)
        self.host = host
        self.hooks: GameHooks | None = None
        """The plugins' contributions to this game; set when the game is set up."""
        self.plugin_time = PluginTime()
        """How long the third-party plugins' hooks of this game took, by plugin and hook
        (logged as ``plugin_time_ms`` when the game ends or is interrupted)."""
        self.id = game_id
        self.max_turns = max_turns
        """The turn limit (``None``: none): the game ends as a draw, reason ``"turn limit
        reached"``, where the turn after turn ``max_turns`` would begin. A search bounds
        the playout of a copy or a sampled game with it: ``sampled.max_turns =
        sampled.turn + 2`` plays the rest of the turn under way and two more."""
        self.log = EventLog(game_id, log_path)
        self.events = EventBus(self, self.log)
        """Logs every event (:meth:`emit`)."""
        self.emit: Callable[[EventRecord], int] = self.events.emit
        """Log one event (a record of :mod:`manaweave.events`); returns its ``seq``
        (:meth:`EventBus.emit`). Bound once: it is called for every event."""
        self.derived = DerivedState(self)
        """Every cache and fast-path counter, invalidated by the primitives that change
        what they derive from."""
        self.characteristics: Callable[[GameObject], Characteristics] = self.derived.characteristics
        """``obj``'s characteristics after every continuous effect (CR 613), cached per
        state version (:meth:`DerivedState.characteristics`). Bound once: it is the
        hottest read of the engine."""
        self.cost_changes: Callable[[], list[tuple[GameObject, CostChange]]] = (
            self.derived.cost_changes
        )
        """The abilities of permanents and emblems that change what spells cost (CR 601.2f,
        114.4), asked at every priority check."""
        self.has_replacement_effects: Callable[[], bool] = self.derived.has_replacement_effects
        """Whether any replacement or prevention effect exists (events skip the pipeline
        while none does)."""
        self.flash_permissions: Callable[[], list[tuple[GameObject, FlashPermission]]] = (
            self.derived.flash_permissions
        )
        """The abilities that let spells be cast as though they had flash (CR 601.3b),
        with the objects that have them."""
        self.libraries = Libraries(self)
        """Shuffling, drawing and the revealed top cards of libraries (401.5)."""
        self.damage = Damage(self)
        """Dealing damage and its results (120)."""
        self.life = Life(self)
        """Life totals and the players who have lost (119, 104)."""
        self.entering = Entering(self)
        """The "as it enters" choices, and the batch of simultaneous events (603.10a)."""
        self.moves = ZoneMoves(self)
        """Putting objects into zones and moving them between zones (400.7)."""
        self.tokens = Tokens(self)
        """Creating tokens, copies of spells and abilities, and emblems (111, 707.10, 114)."""
        self.attachments = Attachments(self)
        """Attaching Auras, Equipment and Fortifications (701.3)."""
        self.counters = Counters(self)
        """Putting counters on permanents and removing them (122)."""
        self.retargeting = Retargeting(self)
        """Changing targets, and "becomes the target" triggers (115.7, 603.2)."""
        self.durations = TurnEffects(self)
        """Ending the effects that last until a turn or its end (514.2, 611.2a)."""
        """Putting counters on permanents and removing them (122)."""
        self.players = [PlayerState(i, name, 0) for i, name in enumerate(names)]
        self.log.seats = len(self.players)
        self.seating: tuple[int, ...] = tuple(range(len(names)))
        """For each seat, the position among the players given to :func:`manaweave.new_game`
        of the one who sits there: in order unless the variant seats players at random
        (806.3, 807.3)."""
        self.options: Mapping[str, OptionValue] = MappingProxyType(dict(options or {}))
        """The variant's options for this game, by name, checked and with the variant's
        defaults filled in (800.2; :attr:`Variant.options`)."""
        self.teams: tuple[Team, ...] = ()
        """The teams, in seat order of their first members (102.3, 808-811); a team of
        one per player in a game between individuals."""
        self._team_of: list[Team] = []
        self._shared_team_turns = False
        self._set_teams(variant.seat_teams(len(names), self.options))
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
        self.turn = 0
        """The number of the turn under way (0 before the first; the same as the views')."""
        self.active_player = 0
        self.starting_player = 0
        self.extra_turns: list[int] = []
        """Players given extra turns not yet taken, in the order the turns were created:
        the last one is taken first (500.7)."""
        self.turn_order_resumes_after: int | None = None
        """While extra turns are taken, the player whose regular turn came before them:
        the regular turn order continues after that player (500.7)."""
        self._step: Step | None = None
        self.step_name: str | None = None
        """The current step's name as logged (``None`` between turns)."""
        self.priority_player: int | None = None
        self.pools_emptied: set[int] | None = None
        """As a step or phase ends, the players whose unspent mana went through the loss
        of mana (500.5) already: their pools empty once, however many plugins' hooks
        empty them (:meth:`empty_mana_pools`). ``None`` at any other time."""
        self.combat: Combat | None = None
        self.outcome: Outcome | None = None
        self._next_id = 1
        self._timestamp = 0
        self.sba_checked_at = -1
        """The state version at which state-based actions were last found not to apply."""
        self.copies_elsewhere: list[GameObject] = []
        """Tokens that left the battlefield and copies of spells that left the stack, which
        have not yet ceased to exist (111.7, 704.5d-e)."""
        self.pending_triggers: list[PendingTrigger] = []
        """Abilities that have triggered and wait to be put on the stack (CR 603.3)."""
        self.delayed_triggers: list[DelayedTrigger] = []
        """Delayed triggered abilities waiting for their event (CR 603.7)."""
        self.linked_exiles: dict[int, list[int]] = {}
        """Source object id -> the cards its ability exiled, for the ability linked to it
        ("return the exiled card", CR 607.2a)."""
        self.influence = Influence(self)
        """Each player's range of influence and what it reaches (801)."""
        self.influence.determine()
        markers = variant.turn_markers(len(names), self.options)
        self.turn_markers: TurnMarkers | None = TurnMarkers(self, markers) if markers else None
        """With several turns at the same time (807.4), their markers; ``None`` when one
        turn is taken at a time."""
        self.resume_point: ResumePoint | None = None
        """While a decision a copy can go on from is asked (:meth:`copy`): where the game
        stands; ``None`` otherwise."""
        game_created(self)  # to the open watches (manaweave.lowlevel.watch_games)

    @property
    def step(self) -> Step | None:
        """The current step or phase (``None`` between turns)."""
        return self._step

    @step.setter
    def step(self, step: Step | None) -> None:
        self._step = step
        self.step_name = step.value if step is not None else None

    # --- identity, time and versions ----------------------------------------------------------

    def new_id(self) -> int:
        """A new object id (each zone incarnation gets one, CR 400.7)."""
        self._next_id += 1
        return self._next_id - 1

    def next_timestamp(self) -> int:
        """A new timestamp (CR 613.7)."""
        self._timestamp += 1
        return self._timestamp

    @property
    def last_timestamp(self) -> int:
        """The most recent timestamp given out (CR 613.7)."""
        return self._timestamp

    def combat_changed(self) -> None:
        """Creatures began or stopped attacking (508.1, 511.3): what reads combat ("as long
        as it's attacking", 611.3b) is derived again, if anything does."""
        self.derived.combat_changed()

    # --- the parts' state ---------------------------------------------------------------------

    @property
    def actors(self) -> list[Player]:
        """The players' actors, by seat."""
        return self.table.actors

    @property
    def free_choices(self) -> int:
        """How many decisions other than priority offered a real choice so far (104.4b)."""
        return self.table.free_choices

    @property
    def mana_source_cache(self) -> dict[int, Any]:
        """The mana solver's description of each mana ability, by source key."""
        return self.derived.mana_source_cache

    @property
    def ability_index(self) -> dict[int, tuple[int, Any, Any]]:
        """Each player's activated abilities, with the characteristics version they are for."""
        return self.derived.ability_index

    @property
    def library_top_matters(self) -> bool:
        """Whether some object reveals or reads the top card of a library (401.5)."""
        return self.libraries.top_matters

    # --- derived state ------------------------------------------------------------------------

    @property
    def characteristics_version(self) -> int:
        """Changes whenever characteristics may have changed (see :meth:`changed`)."""
        return self.derived.characteristics_version

    def static_replacements(self) -> list[ReplacementEffect]:
        """Replacement effects of the static abilities of permanents and emblems (CR 614.1,
        114.4), now."""
        return self.derived.static_replacements()

    def battlefield_abilities(self, kind: type[_A]) -> list[tuple[GameObject, _A]]:
        """Every ability of the ``kind`` that permanents on the battlefield have now, with
        the permanent, in battlefield order; cached until characteristics may have changed,
        so that checks made at every priority cost nothing on a quiet board."""
        return self.derived.battlefield_abilities(kind)

    def trigger_index(self) -> TriggerIndex:
        """The triggered abilities on the battlefield by event kind, rebuilt after changes."""
        return self.derived.trigger_index()

    @property
    def watching(self) -> bool:
        """Whether any triggered ability could trigger now; callers skip building trigger
        events when nothing watches."""
        return self.derived.watching

    def abilities_granted_by_effects(self) -> tuple[Ability, ...]:
        """The abilities that effects of resolved spells and abilities and static abilities
        of emblems give objects, directly or through a static ability they give (613.1f);
        cached per state version."""
        return self.derived.abilities_granted_by_effects()

    def face_up_characteristics(self, permanent: GameObject) -> Characteristics:
        """The characteristics a face-down permanent would have if it were face up, with
        the effects that would apply to it then (702.37e: "what its morph cost would be if
        it were face up"; 708.10), cached per state version."""
        return self.derived.face_up_characteristics(permanent)

    @property
    def has_face_down(self) -> bool:
        """Whether any permanent is face down (cheap: most games have none)."""
        return self.derived.has_face_down

    @property
    def state_version(self) -> int:
        """Counts the events that may make a state-based action apply; equal values mean
        nothing such has happened in between."""
        return self.events.state_version

    # --- players ------------------------------------------------------------------------------

    async def ask_or_stand_in(
        self, decision: Decision, *, controller: int | None
    ) -> tuple[int, Choice]:
        """Ask ``decision`` of its player, or, if they have left the game, of the player
        who makes the choice instead (800.4g: chosen by ``controller``, the controller of
        the object requiring it; 800.4h: the next player in turn order when a rule
        requires it, ``controller=None``). Returns who chose and the choice."""
        return await ask_or_stand_in(self, decision, controller=controller)

    @property
    def players_in_game(self) -> int:
        """How many players have not left the game."""
        return len(self.players) - self.life.loser_count

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
        """The players still in the game who are not on ``player``'s team, in seat order
        (CR 102.3): every other player in a game between individuals."""
        team = self._team_of[player]
        return [p.id for p in self.players if not p.has_left and self._team_of[p.id] is not team]

    def is_opponent(self, player: int, other: int) -> bool:
        """Whether ``other`` is an opponent of ``player``: on another team (102.3),
        whether or not they are still in the game."""
        return self._team_of[player] is not self._team_of[other]

    def teammates(self, player: int) -> list[int]:
        """The other players on ``player``'s team still in the game, in seat order
        (102.3)."""
        members = self._team_of[player].members
        return [p for p in members if p != player and not self.players[p].has_left]

    def in_range(self, player: int, other: int) -> bool:
        """Whether ``other`` is within ``player``'s range of influence (801.2): always,
        unless the game limits ranges."""
        return self.influence.in_range(player, other)

    def players_in_range(self, player: int) -> list[int]:
        """The players still in the game within ``player``'s range of influence
        (801.2), themselves included, in seat order."""
        return self.influence.players_in_range(player)

    def object_in_range(self, player: int, obj: GameObject) -> bool:
        """Whether ``obj`` is within ``player``'s range of influence: controlled by a
        player within it, or a battle protected by one (801.2d)."""
        return self.influence.object_in_range(player, obj)

    def team_of(self, player: int) -> Team:
        """The team ``player`` is on (a team of one in a game between individuals)."""
        return self._team_of[player]

    @property
    def shared_team_turns(self) -> bool:
        """Whether teams take turns, hold priority and attack as one (CR 805): the
        variant's :attr:`~Variant.shared_team_turns`, in a game with a team of several."""
        return self._shared_team_turns

    def primary_player(self, team: Team) -> int | None:
        """The player of ``team`` still in the game who makes the team's choices when its
        players can't agree (805.2): the one in the rightmost seat from the team's side
        of the table, the first of its seats in turn order. ``None`` once all have left."""
        return primary_player(self, team)

    @property
    def active_team(self) -> Team:
        """The team whose turn it is (805.4a): the active player's."""
        return self._team_of[self.active_player]

    @property
    def active_players(self) -> list[int]:
        """The players whose turn it is, in the order they act: every player of the active
        team still in the game, from its primary player, with shared team turns (805.4);
        otherwise the active player alone (102.1)."""
        if not self._shared_team_turns:
            return [self.active_player]
        return team_in_turn_order(self, self.active_team)

    def is_active(self, player: int) -> bool:
        """Whether it is ``player``'s turn: they are the active player, or on the active
        team with shared team turns (805.4a). With several turns at the same time (807.4)
        this is about the turn being played now; :meth:`is_taking_turn` about any."""
        if self._shared_team_turns:
            return self._team_of[player] is self._team_of[self.active_player]
        return player == self.active_player

    def is_taking_turn(self, player: int) -> bool:
        """Whether ``player`` is taking a turn now: the turn being played, or with several
        turns at the same time, any of them (807.4)."""
        if self.turn_markers is not None:
            return self.turn_markers.taking_turn(player)
        return self.is_active(player)

    def all_stacks(self) -> list[list[StackItem]]:
        """Every stack in the game: the one stack (405.1), or with several turns at the
        same time one per turn marker, the current turn's first (807.5)."""
        if self.turn_markers is not None:
            return self.turn_markers.stacks()
        return [self.stack]

    def all_combats(self) -> list[Combat]:
        """Every combat under way: the current turn's (``combat``), or with several turns
        at the same time each turn marker's that is in its combat phase, the current
        turn's first (807.4). Empty when no turn is in combat."""
        if self.turn_markers is not None:
            return self.turn_markers.combats()
        return [self.combat] if self.combat is not None else []

    def remove_from_combat(self, permanent: int) -> None:
        """Remove ``permanent`` from combat (CR 506.4): from every combat under way, since
        with several turns at the same time it may attack, block or be attacked in a
        turn other than the current one (807.4)."""
        was_attacking = self.is_attacking(permanent)
        for combat in self.all_combats():
            combat.remove(permanent)
        obj = self.objects.get(permanent)
        if obj is not None and obj.zone is Zone.BATTLEFIELD:
            obj.blocked = False  # it stops being a blocked creature too (506.4)
            if was_attacking:
                self.combat_changed()  # "as long as it's attacking" no longer applies

    def is_attacking(self, permanent: int) -> bool:
        """Whether ``permanent`` is an attacking creature, in any combat under way
        (506.4, 508.1)."""
        return any(permanent in combat.attackers for combat in self.all_combats())

    def is_blocking(self, permanent: int) -> bool:
        """Whether ``permanent`` is a blocking creature, in any combat under way
        (506.4, 509.1)."""
        return any(permanent in combat.blockers for combat in self.all_combats())

    def stack_holding(self, item: StackItem) -> list[StackItem]:
        """The stack ``item`` is on (one of :meth:`all_stacks`); raises ``ValueError``
        if it is on none."""
        for stack in self.all_stacks():
            if any(entry is item for entry in stack):
                return stack
        raise ValueError(f"{item!r} is on no stack")

    def _set_teams(self, seat_teams: Sequence[Sequence[int]]) -> None:
        """Group the seats into teams; teams that share totals get one each (810.4)."""
        shared = self.variant.shares_team_totals
        self.teams = tuple(
            Team(number, members, shares_totals=shared and len(members) > 1)
            for number, members in enumerate(check_seat_teams(seat_teams, len(self.players)))
        )
        self._team_of = [self.teams[0]] * len(self.players)
        self._shared_team_turns = self.variant.shared_team_turns and any(
            len(team.members) > 1 for team in self.teams
        )
        if self._shared_team_turns:
            check_adjacent_seats(self.teams, len(self.players))
        for team in self.teams:
            totals = self.players[team.members[0]].totals
            for member in team.members:
                self._team_of[member] = team
                if team.shares_totals:
                    self.players[member].totals = totals

    # --- effects and what permanents can do ---------------------------------------------------

    def add_replacement_effect(self, effect: ReplacementEffect) -> None:
        """Start a replacement or prevention effect of a resolving spell (CR 614, 615)."""
        self.replacement_effects.append(effect)
        self.emit(
            EffectCreated(
                rule="615.1" if effect.prevention else "614.1",
                source=effect.source,
                affected=[],
                layer=None,
                duration=effect.duration.value,
                description=effect.text,
            )
        )

    def add_combat_rule_effect(
        self, source: GameObject, rule: Ability, affected: list[int]
    ) -> None:
        """Start a restriction or requirement on attacking or blocking from a resolving
        spell or ability, until end of turn (CR 611.2a, 508.1c-d, 509.1b-c)."""
        self.combat_rule_effects.append((source, rule))
        self.derived.invalidate()
        self.emit(
            EffectCreated(
                rule="611.2",
                source=source.id,
                affected=sorted(affected),
                layer=None,
                duration="end_of_turn",
                description=rule.text,
            )
        )

    def add_whole_game_effect(self, effect: ContinuousEffect) -> None:
        """Start a continuous effect that a plugin's rules give the whole game at setup:
        no spell or ability created it (unlike :meth:`add_continuous_effect`, 611.2), so
        no event marks it; it applies in its layer like any other (613.1)."""
        self.effects.append(effect)
        self.derived.invalidate()

    def add_continuous_effect(self, effect: ContinuousEffect) -> None:
        """Start a continuous effect from a resolving spell or ability (CR 611.2); it
        affects only objects within its controller's range of influence (801.10)."""
        if self.influence.limited:
            effect = self.influence.effect_within_range(effect)
        self.effects.append(effect)
        self.derived.invalidate()
        self.emit(
            EffectCreated(
                rule="611.2",
                source=effect.source,
                affected=sorted(effect.affected or ()),
                layer=effect.layer.rule,
                duration=effect.duration.value,
                description=effect.description,
            )
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
            ability.exempts(self, obj)
            for ability in self.characteristics(obj).abilities_of(SummoningSicknessExemption)
        )

    def can_be_destroyed(self, permanent: GameObject) -> bool:
        """Whether ``permanent`` can be destroyed now (CR 701.8): no ability of it keeps it
        from that (indestructible, 702.12b)."""
        return self._destruction_stopper(permanent) is None

    def _destruction_stopper(self, permanent: GameObject) -> CantBeDestroyed | None:
        for ability in self.characteristics(permanent).abilities_of(CantBeDestroyed):
            if ability.protects(self, permanent):
                return ability
        return None

    # --- attachments --------------------------------------------------------------------------

    def forbids_attachment(
        self, permanent: GameObject, attachment: GameObject, *, staying: bool = False
    ) -> bool:
        """Whether an ability of ``permanent`` keeps the Aura, Equipment or Fortification
        ``attachment`` from being attached to it, or with ``staying`` from staying attached
        (CR 701.3a, 704.5m-n; protection, 702.16c-d)."""
        return self.attachments.forbids_attachment(permanent, attachment, staying=staying)

    def attach(self, attachment: GameObject, to: GameObject) -> None:
        """Attach an Aura, Equipment or Fortification to ``to`` (CR 701.3a)."""
        self.attachments.attach(attachment, to)

    def enchant_allows(self, spec: TargetSpec, permanent: GameObject, controller: int) -> bool:
        """Whether the enchant ability ``spec`` (702.5a)"""
        return self.attachments.enchant_allows(spec, permanent, controller)

    def unattach(self, attachment: GameObject, *, rule: str) -> None:
        """``attachment`` becomes unattached and stays on the battlefield (701.3d)."""
        self.attachments.unattach(attachment, rule=rule)

    # --- triggers -----------------------------------------------------------------------------

    def notice(self, event: TriggerEvent, *, index: TriggerIndex | None = None) -> None:
        """Let every triggered ability that ``event`` matches trigger (CR 603.2, 603.7)."""
        if self.delayed_triggers:
            notice_delayed(self, event)
        if index is None:
            if not self.derived.permanents_may_trigger:
                return
            index = self.trigger_index()
        if index:
            notice(self, event, index)

    def add_delayed_trigger(self, delayed: DelayedTrigger) -> None:
        """Create a delayed triggered ability (CR 603.7a)."""
        self.delayed_triggers.append(delayed)
        self.emit(
            DelayedTriggerCreated(
                rule="603.7a",
                player=delayed.controller,
                source=delayed.source.id,
                text=delayed.ability.text,
            )
        )

    def trigger_reflexive(
        self,
        ability: TriggeredAbility,
        source: GameObject,
        controller: int,
        *,
        sacrificed: tuple[Characteristics, ...] = (),
    ) -> None:
        """A reflexive triggered ability ("When you do, ...") triggers on an action taken
        while its parent ability resolves (CR 603.12); ``sacrificed``: the last known
        information of what was sacrificed, which it may refer to."""
        trigger_reflexive(self, ability, source, controller, sacrificed=sacrificed)

    # --- simultaneous events and entering -----------------------------------------------------

    def simultaneously(
        self, entering: Iterable[GameObject] = ()
    ) -> AbstractAsyncContextManager[None]:
        """Events inside the block happen at once: objects leaving the battlefield in it
        look back at the battlefield as it was before the block (CR 603.10a), and
        permanents entering in it are seen by each other's enters triggers (603.6a); where
        their relative timestamps matter, the active player orders them (613.7m)."""
        return self.entering.simultaneously(entering)

    def entering_together(self, permanent: GameObject) -> bool:
        """Whether ``permanent`` was put onto the battlefield by the batch of simultaneous
        events now being carried out (:meth:`simultaneously`): to the others entering with
        it, it is not yet on the battlefield as they enter (614.12, 303.4f)."""
        return self.entering.entering_together(permanent)

    def permanents_an_entering_aura_may_enchant(
        self, aura: GameObject, controller: int
    ) -> list[GameObject]:
        """What the Aura ``aura``, entering the battlefield under ``controller`` other than
        by resolving as an Aura spell, may be attached to as it enters (303.4f): the
        permanents already on the battlefield, not those entering with it, that its enchant
        ability allows and no other effect keeps it from enchanting (702.16c)."""
        return self.entering.permanents_an_entering_aura_may_enchant(aura, controller)

    async def put_into_combat(self, permanent: GameObject, *, blocking: bool = False) -> bool:
        """``permanent``, just put onto the battlefield attacking (or ``blocking``),
        becomes an attacking (a blocking) creature where it can (CR 508.4, 509.4); its
        controller chooses what it attacks (blocks). Returns whether it did."""
        if blocking:
            return await put_into_combat_blocking(self, permanent)
        return await put_into_combat_attacking(self, permanent)

    # --- the event log ------------------------------------------------------------------------

    def caused_by(self, seq: int) -> AbstractContextManager[None]:
        """Log events inside the block with ``cause`` = ``seq``."""
        return self.events.caused_by(seq)

    # --- objects and zones --------------------------------------------------------------------

    def zone_list(self, zone: Zone, player: int) -> list[GameObject]:
        """The list that holds ``zone`` (``player`` picks the library, hand or graveyard)."""
        return self.moves.zone_list(zone, player)

    @within_range(object="obj", otherwise=itself)
    async def move(
        self,
        obj: GameObject,
        to: Zone,
        *,
        rule: str | None = None,
        bottom: bool = False,
        controller: int | None = None,
        tapped: bool = False,
        event: type[ZoneChangeRecord] = ObjectMoved,
        destroy: bool = False,
        regenerable: bool = True,
    ) -> GameObject:
        """Move ``obj`` to another zone, after replacement effects (CR 614, 616); it
        becomes a new object (CR 400.7). A resolving spell or ability doesn't move an
        object outside its controller's range of influence (801.10): ``obj`` is returned
        as it is."""
        return await self.moves.move(
            obj,
            to,
            rule=rule,
            bottom=bottom,
            controller=controller,
            tapped=tapped,
            event=event,
            destroy=destroy,
            regenerable=regenerable,
        )

    async def move_together(self, moves: Sequence[ZoneMove]) -> list[GameObject]:
        """Move several objects at once, as one event (CR 603.6a, 603.10a): "return all
        ... cards from all graveyards to the battlefield", "destroy all ...". Every choice
        the moves need is made first, each player making those for their own objects in
        APNAP order (101.4): replacement effects (616.1) and what is chosen as a permanent
        enters (an Aura not cast chooses what it enchants, 303.4f; 614.12); then they all
        move, in the order given. Returns what each object became, as :meth:`move` does;
        an object outside the range of influence of the resolving spell's or ability's
        controller doesn't move (801.10)."""
        influence = self.influence
        if not influence.limited:
            return await self.moves.move_together(moves)
        reaches = [influence.effect_reaches(m.obj) for m in moves]
        moved = iter(
            await self.moves.move_together([m for m, r in zip(moves, reaches, strict=True) if r])
        )
        return [next(moved) if r else m.obj for m, r in zip(moves, reaches, strict=True)]

    async def put_onto_battlefield_together(
        self, cards: Sequence[GameObject], *, rule: str, controller: int | None = None
    ) -> list[GameObject]:
        """Put ``cards`` onto the battlefield at once (CR 110.2, 603.6a), under
        ``controller``'s control or, if ``None``, each under its owner's: "return all ...
        cards to the battlefield", every choice made as they enter (an Aura's, 303.4f; a
        copy's, 707.5) before any of them enters (:meth:`move_together`). Returns what
        each became."""
        return await self.move_together(
            [
                ZoneMove(
                    card,
                    Zone.BATTLEFIELD,
                    rule=rule,
                    controller=card.owner if controller is None else controller,
                    event=PermanentEntered,
                )
                for card in cards
            ]
        )

    # --- tokens, copies and emblems -----------------------------------------------------------

    @within_range(player="player", otherwise=no_objects)
    async def create_tokens(
        self, definition: CardDefinition, player: int, count: int, *, tapped: bool = False
    ) -> list[GameObject]:
        """``player`` creates ``count`` tokens with ``definition``'s characteristics, after
        replacement effects (CR 111.1, 614.1a), tapped if ``tapped``; returns those
        created."""
        return await self.tokens.create_tokens(definition, player, count, tapped=tapped)

    async def copy_spell(
        self, spell: GameObject, controller: int, *, new_targets: bool = False
    ) -> GameObject:
        """Put a copy of ``spell`` onto the stack under ``controller``, who owns it (CR
        707.10): it has the spell's characteristics and every choice made for it as it was
        cast (modes, targets, X, division, what was sacrificed to pay for it, the text
        spliced onto it with that text's targets, 702.47a). With ``new_targets``,
        ``controller`` may choose new targets for it first (707.10c)."""
        return await self.tokens.copy_spell(spell, controller, new_targets=new_targets)

    async def copy_ability(
        self, item: AbilityOnStack, controller: int, *, new_targets: bool = False
    ) -> AbilityOnStack:
        """Put a copy of the ability ``item`` onto the stack under ``controller`` (CR
        707.10): same source (707.10b), targets, X and what was sacrificed for it; it is
        not activated."""
        return await self.tokens.copy_ability(item, controller, new_targets=new_targets)

    def add_rule_ability(self, player: int, ability: TriggeredAbility) -> GameObject:
        """Give ``player`` a triggered ability that a rule of the game (a variant or house
        rule from a plugin)"""
        return self.tokens.add_rule_ability(player, ability)

    def create_emblem(
        self, player: int, abilities: tuple[Ability, ...], *, text: str, source: int
    ) -> GameObject:
        """``player`` gets an emblem with ``abilities`` in the command zone (CR 114.1): it
        is neither a card nor a permanent, has no types, and its abilities work there
        (114.4): triggered abilities, and static abilities (continuous, replacement and
        cost-changing effects)."""
        return self.tokens.create_emblem(player, abilities, text=text, source=source)

    # --- targets ------------------------------------------------------------------------------

    async def change_targets(self, item: StackItem, player: int, *, how: str = "the") -> bool:
        """``player`` changes "the target(s)" (``how="the"``, CR 115.7a), "a target"
        (``"a"``, 115.7b)"""
        return await self.retargeting.change_targets(item, player, how=how)

    async def choose_new_targets(self, item: StackItem, player: int) -> bool:
        """``player`` may choose new targets for the spell or ability ``item`` (CR 115.7d);
        returns whether any changed."""
        return await self.retargeting.choose_new_targets(item, player)

    def note_targets(
        self, item: StackItem, seq: int, *, already: tuple[TargetRef | None, ...] = ()
    ) -> None:
        """The permanents ``item`` targets have become targets of a spell or ability
        (603.2): "When [this] becomes the target" abilities trigger."""
        self.retargeting.note_targets(item, seq, already=already)

    # --- counters -----------------------------------------------------------------------------

    @within_range(object="obj")
    async def put_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Put ``count`` counters of ``kind`` on a permanent, after replacement effects (CR
        122.6, 614.1a)."""
        await self.counters.put_counters(obj, kind, count, rule=rule)

    @within_range(player="player")
    def give_poison_counters(self, player: int, count: int, *, rule: str = "122.1f") -> None:
        """``player`` gets ``count`` poison counters (CR 122.1f); ten or more make them lose
        the game as a state-based action (704.5c)."""
        self.counters.give_poison_counters(player, count, rule=rule)

    @within_range(object="obj")
    def remove_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Remove up to ``count`` counters of ``kind`` from a permanent (CR 122.8)."""
        self.counters.remove_counters(obj, kind, count, rule=rule)

    # --- keyword actions, destruction, face-down permanents, discarding, countering -------------

    def keyword_action(self, name: str, *, needed_by: str) -> KeywordAction:
        """The keyword action ``name`` (CR 701) as this game's plugins define it: the game
        performs every keyword action through the one registered under its name, so that
        with its plugin turned off nothing performs it. ``needed_by`` is the rule (or
        card) that performs it, for the :class:`~manaweave.KeywordActionUnavailableError`
        raised when no plugin of the game defines it."""
        keyword = self.host.keywords.get(name)
        if keyword is None or keyword.action is None:
            raise KeywordActionUnavailableError(
                name, needed_by, self.host.turned_off.actions.get(name)
            )
        return keyword.action

    def keyword_action_form(
        self,
        name: str,
        form: Literal["perform_together", "zone_move", "perform_chosen"],
        *,
        needed_by: str,
    ) -> Callable[..., Any]:
        """One form of the keyword action ``name`` (:meth:`keyword_action`): the function
        its :class:`~manaweave.hookspecs.KeywordAction` gives as ``form``; a
        :class:`~manaweave.KeywordActionUnavailableError` if it gives none."""
        function: Callable[..., Any] | None = getattr(
            self.keyword_action(name, needed_by=needed_by), form
        )
        if function is None:
            raise KeywordActionUnavailableError(name, needed_by, form=form)
        return function

    @within_range(object="permanent", otherwise=itself)
    async def destroy(
        self, permanent: GameObject, *, rule: str = "701.8a", regenerate: bool = True
    ) -> GameObject:
        """Destroy a permanent: it goes to its owner's graveyard (CR 701.8a), unless a
        regeneration shield replaces that (701.19a). ``regenerate=False``: "it can't be
        regenerated" (701.19c). A permanent that can't be destroyed (indestructible,
        702.12b) stays where it is, and its regeneration shields are not used."""
        action = self.keyword_action("destroy", needed_by=rule)
        destroyed = await action.perform(self, permanent, rule=rule, regenerate=regenerate)
        return cast("GameObject", destroyed)

    async def destroy_all(
        self, permanents: Sequence[GameObject], *, rule: str = "701.8a", regenerate: bool = True
    ) -> list[GameObject]:
        """Destroy ``permanents`` at once ("destroy all creatures", CR 701.8a, 603.10a), each
        as :meth:`destroy` destroys one, every choice the moves need made before any of
        them goes (101.4, :meth:`move_together`). Returns what each became."""
        influence = self.influence
        reached = [p for p in permanents if not influence.limited or influence.effect_reaches(p)]
        destroy_all = self.keyword_action_form("destroy", "perform_together", needed_by=rule)
        destroyed = await destroy_all(self, reached, rule=rule, regenerate=regenerate)
        became = {p.id: new for p, new in zip(reached, destroyed, strict=True)}
        return [became.get(p.id, p) for p in permanents]  # 801.10

    @within_range(object="permanent", otherwise=itself)
    async def sacrifice(self, permanent: GameObject, *, rule: str = "701.21a") -> GameObject:
        """Its controller sacrifices ``permanent`` (CR 701.21a): it goes to its owner's
        graveyard; it is not destroyed, so regeneration and indestructibility don't apply.
        Returns the object it became."""
        action = self.keyword_action("sacrifice", needed_by=rule)
        return cast("GameObject", await action.perform(self, permanent, rule=rule))

    async def sacrifice_all(
        self, permanents: Sequence[GameObject], *, rule: str = "701.21a"
    ) -> list[GameObject]:
        """Their controllers sacrifice ``permanents`` at once (CR 701.21a, 603.10a), every
        choice the moves need made before any of them goes (101.4,
        :meth:`move_together`). Returns what each became."""
        sacrifice_all = self.keyword_action_form("sacrifice", "perform_together", needed_by=rule)
        return cast("list[GameObject]", await sacrifice_all(self, permanents, rule=rule))

    async def manifest(self, card: GameObject, player: int) -> GameObject:
        """``player`` manifests ``card`` (CR 701.40a): it enters the battlefield face down
        under their control as a 2/2 creature, without entering abilities (708.3)."""
        action = self.keyword_action("manifest", needed_by="701.40a")
        return cast("GameObject", await action.perform(self, card, player))

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
        self.derived.turned_face_up(before, permanent.template)
        for ability in self.characteristics(permanent).abilities_of(AsTurnedFaceUp):
            await ability.as_turned_face_up(self, permanent, paid)
        seq = self.emit(
            FaceUpTurned(
                rule=rule,
                player=permanent.controller,
                object=permanent.id,
                card=permanent.card.name,
            )
        )
        if self.watching:
            self.notice(
                TriggerEvent(TriggerKind.TURNED_FACE_UP, seq, permanent.controller, permanent)
            )

    def reveal_face_down(self, objects: Sequence[GameObject], *, player: int | None) -> None:
        """Reveal face-down spells and permanents to all players, as a player leaves the
        game or the game ends (708.9)."""
        hidden = [o for o in objects if o.face_down]
        if hidden:
            self.emit(
                FaceDownRevealed(
                    rule="708.9",
                    player=player,
                    objects=[[o.id, o.card.name] for o in hidden],
                )
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
            RegenerationShieldCreated(
                rule="701.19a",
                player=controller,
                source=source,
                object=permanent.id,
            )
        )

    @within_range(object="permanent")
    async def regenerate(self, permanent: GameObject, *, rule: str = "701.19a") -> None:
        """Regenerate ``permanent`` (CR 701.19a-b): remove all damage marked on it, its
        controller taps it, and it is removed from combat."""
        await self.keyword_action("regenerate", needed_by=rule).perform(self, permanent, rule=rule)

    @within_range(object="card", otherwise=itself)
    async def discard(self, card: GameObject, *, rule: str) -> GameObject:
        """Its owner discards ``card``: hand to graveyard (CR 701.9a)."""
        action = self.keyword_action("discard", needed_by=rule)
        return cast("GameObject", await action.perform(self, card, rule=rule))

    @within_range(player="player")
    async def discard_chosen(self, player: int, count: int, *, prompt: str, rule: str) -> None:
        """``player`` discards ``count`` cards of their choice, or their whole hand if it
        holds fewer (CR 701.9b); ``rule`` is the rule that makes them discard."""
        discard_chosen = self.keyword_action_form("discard", "perform_chosen", needed_by=rule)
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
        # Paying is the player's own action, not the effect's (801.10 doesn't apply).
        with self.influence.outside_effects():
            return await pay_optional_cost(self, player, source, mana, costs, prompt, rule)

    async def cast_spell(
        self, player: int, card_obj: GameObject, way: AlternativeCasting | None = None
    ) -> None:
        """``player`` casts ``card_obj`` (CR 601.2), the other ``way`` an ability allows if
        given; an effect that lets them cast it during a resolution calls this (608.2g)."""
        # Casting is the player's own action, not the effect's (801.10 doesn't apply).
        with self.influence.outside_effects():
            await cast_spell(self, player, card_obj, way)

    def may_cast_spells(self, player: int) -> bool:
        """Whether no effect says ``player`` can't cast spells this turn (CR 101.2)."""
        return may_cast_spells(self, player)

    async def counter(self, spell: StackItem) -> None:
        """Counter a spell: it leaves the stack for its owner's graveyard (CR 701.6a),
        unless it can't be countered (113.6g); or counter an ability: it is removed from
        the stack (701.6a)."""
        if isinstance(spell, AbilityOnStack):
            if spell in self.stack:
                self.stack.remove(spell)
                self.emit(
                    AbilityCountered(
                        rule="701.6a",
                        player=spell.controller,
                        object=spell.id,
                        source=spell.source,
                    )
                )
            return
        rules = spell.template.spell
        condition = rules.uncounterable_if if rules is not None else None
        printed = bool(self.characteristics(spell).abilities_of(CantBeCountered))
        if printed or (condition is not None and condition.holds(spell)):
            self.emit(CounterFailed(rule="113.6g", player=spell.controller, object=spell.id))
            return
        if spell.zone is Zone.STACK and spell.id in self.objects:
            seq = self.emit(
                SpellCountered(
                    rule="701.6a",
                    player=spell.controller,
                    object=spell.id,
                    card=spell.name,
                )
            )
            with self.caused_by(seq):
                await self.move(spell, Zone.GRAVEYARD, rule="701.6a")

    # --- libraries ----------------------------------------------------------------------------

    @within_range(player="player")
    def shuffle(self, player: int) -> None:
        """Shuffle ``player``'s library with the game's random generator (CR 701.24)."""
        self.libraries.shuffle(player)

    def library_changed(self, player: int, *, reordered: bool = False) -> None:
        """Note that ``player``'s library changed: a card left or entered it, or it was
        shuffled or put in another order (``reordered``)."""
        self.libraries.library_changed(player, reordered=reordered)

    def announcing(self) -> AbstractContextManager[None]:
        """Inside the block a player casts a spell, activates an ability or takes a special
        action: if the top card of a library changes meanwhile (a cost, or a replacement of
        one, moves a card), the new top card is revealed only once the spell is cast, the
        ability activated or the action taken (401.5)."""
        return self.libraries.announcing()

    def players_revealing_library_top(self) -> frozenset[int]:
        """The players who play with the top card of their library revealed now ("Play with
        the top card of your library revealed", 401.5, 701.18c)."""
        return self.libraries.players_revealing_library_top()

    def revealed_library_top(self, player: int) -> GameObject | None:
        """The card revealed on top of ``player``'s library, if they play with it revealed
        and it is not empty (401.5)."""
        return self.libraries.revealed_library_top(player)

    def reveal_library_tops(self) -> None:
        """Bring the revealed top cards of libraries up to date (401.5): each player who
        plays with the top card of their library revealed shows everybody a new top card as
        soon as it is the top one (logged as ``library_top_revealed``), except while a
        spell is being cast, an ability activated or a special action taken (401.5,
        :meth:`announcing`)."""
        self.libraries.reveal_library_tops()

    @within_range(player="player", otherwise=no_objects)
    async def draw(self, player: int, count: int = 1) -> list[GameObject]:
        """``player`` draws ``count`` cards, one at a time (CR 121.2)."""
        return await self.libraries.draw(player, count)

    async def reveal_until(self, player: int, *, lands: bool) -> GameObject | None:
        """``player`` reveals cards from the top of their library until a land (or a
        nonland card)"""
        return await self.libraries.reveal_until(player, lands=lands)

    async def put_on_bottom(
        self, player: int, cards: list[GameObject], *, rule: str = "701.20a"
    ) -> None:
        """``player`` puts revealed ``cards`` on the bottom of their library in any order
        they choose (701.20a, 401.4); ``rule`` is logged with the choice and the moves."""
        await self.libraries.put_on_bottom(player, cards, rule=rule)

    # --- turns, tapping and mana --------------------------------------------------------------

    def add_extra_turn(self, player: int, *, source: int) -> None:
        """``player`` takes an extra turn directly after this one (CR 500.7); of several
        extra turns, the most recently created one is taken first. With turn markers the
        turn comes after the player's current turn or right before their next
        (807.4i-j)."""
        if self.turn_markers is not None:
            self.turn_markers.add_extra_turn(player)
        else:
            self.extra_turns.append(player)
        self.emit(ExtraTurnAdded(rule="500.7", player=player, source=source))

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
            if self._shared_team_turns:
                # The player's team takes the extra turn (805.8).
                primary = primary_player(self, self._team_of[player])
                return player if primary is None else primary
            return player
        after = self.turn_order_resumes_after
        self.turn_order_resumes_after = None
        if self._shared_team_turns:
            return next_team_player(self, self.active_player if after is None else after)
        return self.next_player(self.active_player if after is None else after)

    def skip_next(self, player: int, what: str, *, source: int) -> None:
        """``player`` skips their next ``what`` (one of :data:`manaweave.cards.SKIPPABLE`),
        CR 614.10: the skip waits for the next occurrence that has not begun, and two
        skips skip two."""
        self.players[player].skips[what] += 1
        self.emit(SkipCreated(rule="614.10", player=player, source=source, skips=what))

    @within_range(player="player", otherwise=no_objects)
    async def mill(self, player: int, count: int) -> list[GameObject]:
        """``player`` mills ``count`` cards, or as many as their library has (CR 701.17)."""
        action = self.keyword_action("mill", needed_by="701.17a")
        return cast("list[GameObject]", await action.perform(self, player, count))

    @within_range(object="obj", otherwise=lambda _: False, unless="cost")
    async def tap(self, obj: GameObject, *, rule: str, cost: bool = False) -> bool:
        """Tap a permanent (CR 701.26a), after replacement effects (614.1a); returns
        whether it became tapped. ``cost``: the tapping pays a {T} cost (602.2b, 605.3b,
        508.1f), which a replacement effect must leave as it is."""
        if self.has_replacement_effects() and not await self._tapping_happens(
            TapEvent(obj), rule, cost
        ):
            return False
        obj.tapped = True
        seq = self.emit(PermanentTapped(rule=rule, player=obj.controller, object=obj.id))
        if self.watching:
            self.notice(TriggerEvent(TriggerKind.BECOMES_TAPPED, seq, obj.controller, obj))
        return True

    @within_range(object="obj", otherwise=lambda _: False)
    async def untap(self, obj: GameObject, *, rule: str) -> bool:
        """Untap a permanent (CR 701.26b), after replacement effects (614.1a); returns
        whether it became untapped."""
        if self.has_replacement_effects() and not await self._tapping_happens(
            TapEvent(obj, untap=True), rule, False
        ):
            return False
        obj.tapped = False
        self.emit(PermanentUntapped(rule=rule, player=obj.controller, object=obj.id))
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
        return self.emit(ManaAdded(rule="106.4", player=player, mana=list(mana), source=source))

    async def empty_mana_pools(self) -> dict[int, tuple[str, ...]]:
        """Empty every mana pool as a step or phase ends (CR 500.5, 106.4): each player
        loses their unspent mana, after replacement effects (614.1a, :class:`ManaLossEvent`:
        mana an effect keeps stays in the pool). Each player who loses mana is logged as
        ``mana_emptied``; returns the mana each such player lost, by player. As a step or
        phase ends, a player's pool empties once: mana a replacement effect kept in it
        stays there until the next end (:attr:`pools_emptied`)."""
        lost: dict[int, tuple[str, ...]] = {}
        emptied = self.pools_emptied
        for state in self.players:
            if not state.mana_pool or (emptied is not None and state.id in emptied):
                continue
            if emptied is not None:
                emptied.add(state.id)
            unspent = state.mana_pool.empty()
            losing = unspent
            if self.has_replacement_effects():
                event = await replace_event(self, ManaLossEvent(state.id, unspent))
                losing = event.mana if isinstance(event, ManaLossEvent) else ()
            kept = list(unspent)
            gone: list[str] = []
            for symbol in losing:
                if symbol in kept:  # only mana that was there is lost
                    kept.remove(symbol)
                    gone.append(symbol)
            for symbol in kept:
                state.mana_pool.add(symbol)  # an effect kept it in the pool
            if gone:
                lost[state.id] = tuple(gone)
                self.emit(ManaEmptied(rule="106.4", player=state.id, mana=gone))
        return lost

    # --- damage -------------------------------------------------------------------------------

    @within_range(target="target")
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
        replacement and prevention effects (614-616); ``preventable=False`` for damage that
        can't be prevented (615.12)."""
        await self.damage.deal_damage(
            source, target, amount, combat=combat, preventable=preventable
        )

    async def deal_damage_simultaneously(
        self,
        instances: Sequence[tuple[StackItem | GameObject, TargetRef, int]],
        *,
        combat: bool = False,
    ) -> None:
        """Deal damage to several recipients at the same time (CR 120.4b), each ``(source,
        recipient, amount)`` as :meth:`deal_damage` does: combat damage (510.2)"""
        influence = self.influence
        if influence.limited:
            instances = [i for i in instances if influence.effect_reaches_target(i[1])]  # 801.10
        await self.damage.deal_damage_simultaneously(instances, combat=combat)

    def spell_became(self, spell: int, permanent: int) -> None:
        """Record that the permanent spell ``spell`` resolved into ``permanent`` (608.3a)."""
        self.damage.spell_became(spell, permanent)

    def is_chosen_source(self, chosen: int, source: StackItem | GameObject) -> bool:
        """Whether ``source`` is the source of damage a player chose as the object
        ``chosen``: that object, or the permanent it became if it was a permanent spell
        (609.7a: the effect applies to damage dealt by the spell and by that permanent)."""
        return self.damage.is_chosen_source(chosen, source)

    async def gain_life_from_damage(self, player: int, amount: int, source: Source) -> None:
        """``player`` gains ``amount`` life because ``source`` dealt damage (lifelink, 702.15b)."""
        await self.damage.gain_life_from_damage(player, amount, source)

    # --- life and losing the game -------------------------------------------------------------

    @within_range(player="player")
    async def gain_life(
        self, player: int, amount: int, *, rule: str = "119.3", source: Source | None = None
    ) -> None:
        """``player`` gains ``amount`` life, after replacement effects (CR 119.3, 614.1a);
        ``source`` is what makes them gain it (a spell, an ability's source, a source with
        lifelink), which the log names."""
        await self.life.gain_life(player, amount, rule=rule, source=source)

    @within_range(player="player")
    async def lose_life(
        self, player: int, amount: int, *, rule: str = "119.3", source: Source | None = None
    ) -> None:
        """``player`` loses ``amount`` life, after replacement effects (CR 119.3, 614.1a);
        damage to a player makes them lose life this way (120.3a). ``source`` is what
        makes them lose it (the source of the damage, a spell, an ability's source), which
        the log names."""
        await self.life.lose_life(player, amount, rule=rule, source=source)

    def lose(self, player: int, reason: str, *, rule: str) -> None:
        """``player`` loses the game (CR 104.3); the game ends if one player or none remains."""
        self.life.lose(player, reason, rule=rule)

    def can_lose(self, player: int) -> bool:
        """Whether ``player`` can lose the game other than by conceding (104.3a): not while
        they control a permanent saying they can't (104.3)."""
        return self.life.can_lose(player)

    def lose_all(self, losses: Sequence[tuple[int, str, str]]) -> None:
        """Several players lose simultaneously (CR 704.3, 104.4a); a player who can't lose
        the game doesn't, unless they conceded (104.3a)."""
        self.life.lose_all(losses)

    @property
    def losers(self) -> tuple[tuple[int, str], ...]:
        """The players who have lost or left so far, with why, in order."""
        return self.life.losers

    def finish(self, outcome: Outcome) -> None:
        """End the game with ``outcome``; raises :class:`GameOver` to unwind the loop."""
        self.life.finish(outcome)

    # --- end of turn --------------------------------------------------------------------------

    def begin_turn_effects(self, previous: int | None) -> None:
        """End "until your next turn" effects of the player whose turn begins, and of
        players who left and whose turn would have begun since ``previous``'s (800.4m)."""
        self.durations.begin_turn_effects(previous)

    def end_turn_effects(self) -> None:
        """Remove marked damage and end "until end of turn" effects (CR 514.2)."""
        self.durations.end_turn_effects()

    # --- views --------------------------------------------------------------------------------

    def players_with_hands_revealed(self) -> frozenset[int]:
        """The players who play with their hands revealed now ("Your opponents play with
        their hands revealed", 701.20a, 701.20c): everybody sees those hands."""
        return players_with_hands_revealed(self)

    def view(self, viewer: int) -> GameView:
        """What ``viewer`` may know of the game now: their information set."""
        return build_view(self, viewer)

    # --- copies -------------------------------------------------------------------------------

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # The copy of Game.copy: numbers and strings as they are, every object by its own
        # fast copy, the rest as deepcopy does it.
        twin = object.__new__(Game)
        memo[id(self)] = twin
        fields = twin.__dict__
        for name, value in self.__dict__.items():
            if type(value) in _IMMUTABLE:
                fields[name] = value
            elif name == "objects":
                fields[name] = {i: copy.deepcopy(o, memo) for i, o in value.items()}
            else:
                fields[name] = copy.deepcopy(value, memo)
        return twin

    def copy(self, players: Sequence[Player], *, decision_time_limit: float | None = None) -> Game:
        """An independent copy of the game, made while a player decides at priority
        (117.3) or declares attackers or blockers (the first declaration of the step,
        508.1, 509.1), for search: :func:`manaweave.play_game` plays it on from that
        decision (asked again) with ``players`` in its seats, and nothing done to either
        game changes the other. The copy's log holds the original's lines so far and
        goes on from them, written to no file.

        Raises :class:`~manaweave.GameCopyError` at any other time, or in a game of
        several turns at once (807.4)."""
        return copy_game(self, players, decision_time_limit=decision_time_limit)

    def sample_copy(self, viewer: int, players: Sequence[Player], *, seed: int) -> Game:
        """A copy of the game (:meth:`copy`) in which everything hidden from ``viewer``
        is drawn again with ``seed``: a game ``viewer`` can't tell from this one
        (:meth:`Decision.sample_game <manaweave.Decision.sample_game>`, which is how a
        player asks for one)."""
        return sample_game(self, viewer, players, seed)

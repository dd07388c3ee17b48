"""Triggered abilities: noticing trigger events, and putting triggers on the stack (CR 603).

Triggered abilities of permanents are indexed by the kind of event they watch, once per
change of the battlefield, so an event looks only at the abilities that could match it.
Leaves-the-battlefield events look back in time (603.10a): they are matched against the
battlefield as it was just before the event, or before a batch of simultaneous events.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave.cards import StateTrigger, TriggeredAbility, TriggerEvent, TriggerKind, divided_total
from manaweave.events import OMITTED, AbilityRemoved, AbilityStacked, AbilityTriggered

from ._decisions import CardOption, DecisionKind, Named
from ._layers import Characteristics
from ._objects import AbilityOnStack, DelayedTrigger, GameObject, TargetRef
from ._targets import ability_targeting, choose_division, choose_targets, targets_log
from ._team_turns import triggers_for_each_active_player

if TYPE_CHECKING:
    from ._game import Game

__all__ = [
    "PendingTrigger",
    "TriggerIndex",
    "build_index",
    "check_state_triggers",
    "notice",
    "notice_delayed",
    "put_triggers_on_stack",
    "trigger_reflexive",
]

Entry = tuple[int, TriggeredAbility, GameObject]
"""A position in battlefield order, an ability and its source."""


class TriggerIndex:
    """The triggered abilities of the permanents on the battlefield (and of emblems), by
    the kind of event they watch. Abilities that only their own object's events can
    trigger ("When [this] dies") are filed under that object too, so an event looks only
    at the abilities that could match it; matches keep battlefield order."""

    __slots__ = ("_by_kind", "_by_object")

    def __init__(self) -> None:
        self._by_kind: dict[TriggerKind, list[Entry]] = defaultdict(list)
        self._by_object: dict[tuple[TriggerKind, int], list[Entry]] = defaultdict(list)

    def add(self, position: int, ability: TriggeredAbility, source: GameObject) -> None:
        """File an ability of ``source``."""
        kind = ability.trigger.kind
        if ability.trigger.about_source():
            self._by_object[(kind, source.id)].append((position, ability, source))
        else:
            self._by_kind[kind].append((position, ability, source))

    def of_kind(self, kind: TriggerKind) -> list[tuple[TriggeredAbility, GameObject]]:
        """Every ability watching events of ``kind`` that any object's event can trigger."""
        return [(ability, source) for _, ability, source in self._by_kind.get(kind, ())]

    def candidates(self, event: TriggerEvent) -> list[tuple[TriggeredAbility, GameObject]]:
        """The abilities ``event`` could trigger, in battlefield order."""
        general = self._by_kind.get(event.kind, ())
        own: Sequence[Entry] = ()
        if event.obj is not None and self._by_object:
            own = self._by_object.get((event.kind, event.obj.id), ())
        if not own:
            return [(ability, source) for _, ability, source in general]
        merged = sorted([*general, *own], key=lambda entry: entry[0])
        return [(ability, source) for _, ability, source in merged]

    def __bool__(self) -> bool:
        return bool(self._by_kind) or bool(self._by_object)


@dataclass(frozen=True, slots=True)
class PendingTrigger:
    """An ability that has triggered and waits to be put on the stack (CR 603.2, 603.3)."""

    ability: TriggeredAbility
    source: GameObject
    """The source as it was when the ability triggered (its last known information)."""
    controller: int
    """Who controlled the source when it triggered (603.3a)."""
    event: TriggerEvent
    seq: int
    """The ``seq`` of the ``ability_triggered`` event."""
    sacrificed: tuple[Characteristics, ...] = ()
    """For a reflexive trigger of a sacrifice ("When you do, ... that creature's power"),
    the last known information of what was sacrificed (603.12)."""
    from_stack: bool = True
    """Whether an object on the stack caused it to trigger: a spell or ability resolving,
    a spell cast, a target chosen. With several turns at once such a trigger goes on
    that object's stack; another, its controller may put on any stack they have priority
    for (807.5b)."""


def build_index(game: Game) -> TriggerIndex:
    """Index the triggered abilities of every permanent on the battlefield and of every
    emblem in the command zone."""
    index = TriggerIndex()
    derived = game.derived
    # An emblem's abilities work in the command zone (114.4).
    found = (
        *derived.battlefield_abilities(TriggeredAbility),
        *derived.emblem_abilities(TriggeredAbility),
    )
    for position, (holder, ability) in enumerate(found):
        index.add(position, ability, holder)
    return index


def notice(game: Game, event: TriggerEvent, index: TriggerIndex) -> None:
    """Every ability in ``index`` that ``event`` triggers triggers now (CR 603.2, 603.4)."""
    # A step's beginning is noticed once for each player of a team whose turn it is
    # (805.4d); for the players after the first, only abilities that trigger once per
    # player do.
    for_teammate = event.kind is TriggerKind.STEP and event.player != game.active_player
    influence = game.influence
    for ability, source in index.candidates(event):
        if not ability.trigger.matches(game, source, event):
            continue
        if for_teammate and not triggers_for_each_active_player(ability):
            continue
        if ability.condition is not None and not ability.condition.holds(game, source, event):
            continue  # an intervening "if" that is false: it does not trigger (603.4)
        if influence.limited and not influence.event_within(source.controller, event):
            continue  # an event not entirely within its controller's range (801.7)
        _trigger(game, ability, source, source.controller, event)


def notice_delayed(game: Game, event: TriggerEvent) -> None:
    """Delayed triggered abilities that ``event`` matches trigger, once each (603.7b)."""
    waiting: list[DelayedTrigger] = []
    for delayed in game.delayed_triggers:
        ability = delayed.ability
        if (
            ability.trigger.kind is event.kind
            and ability.trigger.matches(game, delayed.source, event)
            and game.influence.event_within(delayed.controller, event)  # 801.7
        ):
            _trigger(game, ability, delayed.source, delayed.controller, event)
        else:
            waiting.append(delayed)
    game.delayed_triggers = waiting


def _trigger(
    game: Game,
    ability: TriggeredAbility,
    source: GameObject,
    controller: int,
    event: TriggerEvent,
) -> None:
    seq = game.emit(
        AbilityTriggered(
            rule="603.2",
            player=controller,
            source=source.id,
            card=source.name,
            text=ability.text,
            trigger=event.seq,
        )
    )
    from_stack = game.turn_markers is None or (
        game.influence.resolving or event.kind in _FROM_THE_STACK
    )
    game.pending_triggers.append(
        PendingTrigger(ability, source, controller, event, seq, from_stack=from_stack)
    )


_FROM_THE_STACK = frozenset((TriggerKind.CAST, TriggerKind.BECOMES_TARGET, TriggerKind.REFLEXIVE))
"""Events an object on the stack causes even outside a resolution (807.5b)."""


def trigger_reflexive(
    game: Game,
    ability: TriggeredAbility,
    source: GameObject,
    controller: int,
    *,
    sacrificed: tuple[Characteristics, ...] = (),
) -> None:
    """A reflexive triggered ability ("When you do, ...") triggers on an action taken while
    its parent ability resolved (CR 603.12); it goes on the stack the next time a player
    would receive priority, choosing its targets then (603.3d)."""
    seq = game.emit(
        AbilityTriggered(
            rule="603.12",
            player=controller,
            source=source.id,
            card=source.name,
            text=ability.text,
            trigger=game.log.next_seq - 1,
        )
    )
    event = TriggerEvent(TriggerKind.REFLEXIVE, seq, controller, source)
    game.pending_triggers.append(
        PendingTrigger(ability, source, controller, event, seq, sacrificed=sacrificed)
    )


def check_state_triggers(game: Game) -> None:
    """State triggers whose state holds trigger (CR 603.8), unless that same ability of
    that object is already waiting to go on the stack or is on it."""
    watching = game.trigger_index().of_kind(TriggerKind.STATE)
    if not watching:
        return
    waiting = {(t.source.id, id(t.ability)) for t in game.pending_triggers}
    waiting.update(
        (item.source, id(item.ability)) for item in game.stack if isinstance(item, AbilityOnStack)
    )
    for ability, source in watching:
        trigger = ability.trigger
        if (source.id, id(ability)) in waiting or not isinstance(trigger, StateTrigger):
            continue
        if trigger.holds(game, source):
            seq = game.log.next_seq - 1  # the event that made the state true
            event = TriggerEvent(TriggerKind.STATE, seq, source.controller, source)
            _trigger(game, ability, source, source.controller, event)


async def put_triggers_on_stack(game: Game) -> None:
    """Put every pending trigger on the stack: each player in APNAP order puts their own
    in the order they choose (603.3b), choosing targets as for a spell (603.3d). Those of
    a player who has left the game are not put on the stack (800.4d)."""
    pending: list[PendingTrigger] = []
    for trigger in game.pending_triggers:
        if not game.players[trigger.controller].has_left:
            pending.append(trigger)
            continue
        # Its controller has left the game: it isn't put on the stack (800.4d).
        game.emit(
            AbilityRemoved(
                rule="800.4d",
                player=trigger.controller,
                source=trigger.source.id,
                text=trigger.ability.text,
                cause=trigger.seq,
            )
        )
    game.pending_triggers = []
    if game.shared_team_turns:
        await _put_team_triggers_on_stack(game, pending)
        return
    for player in game.turn_order_from(game.active_player):
        mine = [t for t in pending if t.controller == player]
        if len(mine) > 1:
            mine = await _order(game, player, mine)
        for trigger in mine:
            await _put_on_stack(game, trigger)


async def _put_team_triggers_on_stack(game: Game, pending: list[PendingTrigger]) -> None:
    """With shared team turns, the active team puts all the triggered abilities its
    players control on the stack in the order it chooses, then each other team in turn
    order (805.7); the team's primary player chooses the order (805.2)."""
    teams = list(dict.fromkeys(game.team_of(p) for p in game.turn_order_from(game.active_player)))
    for team in teams:
        ours = [t for t in pending if game.team_of(t.controller) is team]
        chooser = game.primary_player(team)
        if len(ours) > 1 and chooser is not None:
            ours = await _order(game, chooser, ours, whose="your team's")
        for trigger in ours:
            await _put_on_stack(game, trigger)


async def _order(
    game: Game, player: int, triggers: list[PendingTrigger], *, whose: str = "your"
) -> list[PendingTrigger]:
    options = [
        CardOption(t.source.id, f"{t.source.name} #{t.source.id}: {t.ability.text}")
        for t in triggers
    ]
    decision = game.decision(
        DecisionKind.TRIGGER_ORDER,
        player,
        options,
        f"put {whose} triggered abilities on the stack in this order (the last one resolves first)",
        min=len(options),
        max=len(options),
        ordered=True,
    )
    choice = await game.ask(decision)
    return [triggers[i] for i in choice.indices]


async def _put_on_stack(game: Game, trigger: PendingTrigger) -> None:
    markers = game.turn_markers
    if markers is not None and not trigger.from_stack:
        # Several turns at once: a player with priority for several stacks says which
        # one a triggered ability no object on a stack caused goes on (807.5b).
        stacks = markers.turns_receiving_priority(trigger.controller)
        if len(stacks) > 1:
            options = [
                Named(f"the stack of turn {turn} ({game.players[holder].name}'s)")
                for _, turn, holder in stacks
            ]
            decision = game.decision(
                DecisionKind.CHOICE,
                trigger.controller,
                options,
                f"put {trigger.source.name}'s triggered ability on which stack?",
            )
            chosen = stacks[(await game.ask(decision)).indices[0]][0]
            if chosen is not markers.current:
                with markers.playing(chosen):
                    await _put_on_this_stack(game, trigger)
                return
    await _put_on_this_stack(game, trigger)


async def _put_on_this_stack(game: Game, trigger: PendingTrigger) -> None:
    ability = trigger.ability
    targets: tuple[TargetRef | None, ...] = ()
    if ability.targets:
        chosen = await choose_targets(
            game,
            ability.targets,
            trigger.source.name,
            ability_targeting(trigger.controller, trigger.source, trigger.event.player),
        )
        if chosen is None:
            # No legal target (or its controller left): the ability is removed (603.3d).
            game.emit(
                AbilityRemoved(
                    rule="603.3d",
                    player=trigger.controller,
                    source=trigger.source.id,
                    text=ability.text,
                    cause=trigger.seq,
                )
            )
            return
        targets = chosen
    division: tuple[int, ...] = ()
    total = divided_total(ability.effects)
    if total is not None:
        # The division is announced as the ability is put on the stack (603.3d, 601.2d).
        chosen_division = await choose_division(
            game, trigger.controller, total, targets, trigger.source.name
        )
        if chosen_division is None:
            return
        division = chosen_division
    item = AbilityOnStack(
        game.new_id(), ability, trigger.source, trigger.controller, targets, trigger.event
    )
    item.sacrificed = trigger.sacrificed
    item.division = division
    game.stack.append(item)
    logged_targets = targets_log(targets)
    seq = game.emit(
        AbilityStacked(
            rule="603.3",
            player=trigger.controller,
            object=item.id,
            source=trigger.source.id,
            text=ability.text,
            targets=logged_targets,
            division=list(division[: len(logged_targets)]) if division else OMITTED,
        )
    )
    game.note_targets(item, seq)

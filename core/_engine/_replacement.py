"""The replacement pipeline events pass through (CR 614-616): the events, the base of every
replacement and prevention effect, the shields the game itself creates, and the applying,
ordering and logging of effects.

A proposed event is offered to the replacement and prevention effects that apply to its
kind of event (each effect declares those, :attr:`ReplacementEffect.events`, and the game
keeps them indexed by kind), and among those to each that applies to it.
Self-replacement effects come first (616.1a); among the rest, the affected player or the
controller of the affected object chooses which to apply (616.1e), then the process repeats
with the effects that still apply to the modified event, each effect at most once (616.1f).
The concrete effects abilities create live in the card language
(:mod:`manaweave.cards._replacement_effects`).
"""

from __future__ import annotations

import warnings
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, ClassVar, get_args

from manaweave.events import OMITTED, DamagePrevented, EventReplaced

from ._decisions import CardOption, DecisionKind, TargetOption
from ._layers import Duration
from ._objects import GameObject, StackItem, TargetRef
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._game import Game

__all__ = [
    "EVENT_KINDS",
    "CounterEvent",
    "DamageEvent",
    "DamagePart",
    "DamageShield",
    "DrawEvent",
    "Event",
    "LifeGainEvent",
    "LifeLossEvent",
    "ManaLossEvent",
    "PartlyRedirected",
    "RegenerateEachTime",
    "RegenerationShield",
    "ReplacementEffect",
    "TapEvent",
    "TokenEvent",
    "ZoneChangeEvent",
    "damage_shields_divided",
    "replace_damage",
    "replace_event",
]


@dataclass(frozen=True, slots=True)
class DamageEvent:
    """Damage that would be dealt (CR 120.1): the event prevention effects watch (615)."""

    source: StackItem | GameObject
    target: TargetRef
    amount: int
    combat: bool
    preventable: bool = True
    """False for damage that "can't be prevented" (CR 615.12)."""

    def affected_player(self, game: Game) -> int:
        """Who chooses among effects applying to it (616.1): the damaged player, or the
        damaged permanent's controller."""
        if isinstance(self.target, tuple):
            return self.target[1]
        obj = game.objects.get(self.target)
        return obj.controller if obj is not None else self.source.controller


@dataclass(frozen=True, slots=True)
class ZoneChangeEvent:
    """An object that would move to another zone (CR 400.7): the event "instead" effects
    of zone changes watch (614.1a). ``shuffle``: its owner shuffles the library after."""

    obj: GameObject
    to: Zone
    bottom: bool = False
    shuffle: bool = False
    destroy: bool = False
    """The move is the permanent being destroyed (701.8): what regeneration replaces."""
    regenerable: bool = True
    """False where the destruction says "it can't be regenerated" (701.19c)."""

    def affected_player(self, game: Game) -> int:
        """The object's controller, or its owner if it has none (616.1)."""
        return self.obj.controller


@dataclass(frozen=True, slots=True)
class DrawEvent:
    """A player who would draw one card (CR 121.2, 614.11): draws are replaced one at a
    time, even from an empty library (121.6a)."""

    player: int

    def affected_player(self, game: Game) -> int:
        """The player who would draw."""
        return self.player


@dataclass(frozen=True, slots=True)
class LifeGainEvent:
    """A player who would gain life (CR 119.3, 614.1a)."""

    player: int
    amount: int

    def affected_player(self, game: Game) -> int:
        """The player who would gain the life."""
        return self.player


@dataclass(frozen=True, slots=True)
class CounterEvent:
    """Counters that would be put on a permanent (CR 122.6, 614.1a)."""

    obj: GameObject
    kind: str
    count: int

    def affected_player(self, game: Game) -> int:
        """The permanent's controller (616.1)."""
        return self.obj.controller


@dataclass(frozen=True, slots=True)
class LifeLossEvent:
    """A player who would lose life (CR 119.3), including from damage (120.3a)."""

    player: int
    amount: int

    def affected_player(self, game: Game) -> int:
        """The player who would lose the life."""
        return self.player


@dataclass(frozen=True, slots=True)
class TokenEvent:
    """One or more tokens an effect would create under a player's control (CR 111.1,
    614.1a)."""

    player: int
    definition: CardDefinition
    count: int

    def affected_player(self, game: Game) -> int:
        """The player who would create them."""
        return self.player


@dataclass(frozen=True, slots=True)
class TapEvent:
    """A permanent that would become tapped, or untapped with ``untap`` (CR 701.26)."""

    obj: GameObject
    untap: bool = False

    def affected_player(self, game: Game) -> int:
        """The permanent's controller (616.1)."""
        return self.obj.controller


@dataclass(frozen=True, slots=True)
class ManaLossEvent:
    """Unspent mana a player would lose as a step or phase ends (CR 500.5, 106.4): the
    symbols in ``mana``. What an effect takes out of ``mana`` stays in the pool ("players
    don't lose unspent green mana"); an effect that changes the mana instead ("it becomes
    colorless") adds what it becomes to the pool as it applies."""

    player: int
    mana: tuple[str, ...]

    def affected_player(self, game: Game) -> int:
        """The player who would lose the mana."""
        return self.player


Event = (
    DamageEvent
    | ZoneChangeEvent
    | DrawEvent
    | LifeGainEvent
    | LifeLossEvent
    | CounterEvent
    | TokenEvent
    | TapEvent
    | ManaLossEvent
)
"""The events replacement and prevention effects apply to."""

EVENT_KINDS: tuple[type[Event], ...] = get_args(Event)
"""Every kind of event of :data:`Event`, the kinds a replacement effect may declare."""


@dataclass(frozen=True, slots=True)
class PartlyRedirected:
    """What a redirection effect with an amount makes of one damage event it redirects
    only part of (CR 614.9): the ``redirected`` part, dealt by the same source to the new
    recipient, and the ``rest``, still dealt to the original one. Both are dealt at the
    same time, and each goes on through the remaining effects as an event of its own
    (616.1f); the effect that split them gets no further opportunity at either (614.5)."""

    redirected: DamageEvent
    rest: DamageEvent


@dataclass(frozen=True, slots=True)
class ReplacementEffect:
    """A replacement or prevention effect (CR 614, 615) that exists in the game.

    ``source`` and ``controller`` are the object and player that created it;
    ``duration`` ends it (``END_OF_TURN``: in the cleanup step, 514.2).

    A subclass declares the kinds of event it applies to in :attr:`events`, and the
    pipeline offers it those only (an index by kind, as triggered abilities are indexed
    by :attr:`Trigger.kind <manaweave.cards.Trigger.kind>`), so its :meth:`applies` and
    :meth:`apply` are given an event of one of those kinds and may annotate their
    ``event`` parameter with it::

        @dataclass(frozen=True, slots=True)
        class ExileInstead(ReplacementEffect):
            events = (ZoneChangeEvent,)

            def applies(self, game: Game, event: ZoneChangeEvent) -> bool:
                return event.to is Zone.GRAVEYARD
    """

    source: int
    controller: int
    text: str
    source_name: str = ""
    duration: Duration = Duration.END_OF_TURN
    self_replacement: bool = False
    prevention: ClassVar[bool] = False
    """A prevention effect (615): against damage that can't be prevented it prevents
    nothing, but its other effects still happen (615.12)."""
    prevention_rule: ClassVar[str] = "615.6"
    """The rule a prevention effect's log line cites."""
    replacement_rule: ClassVar[str] = "614.1a"
    """The rule the log line of damage it replaces cites (614.9 for a redirection)."""
    events: ClassVar[tuple[type[Event], ...]] = ()
    """The kinds of event it applies to, among :data:`EVENT_KINDS`: ``(DamageEvent,)``
    for a prevention effect. A subclass that declares none is offered every event, with
    a :class:`DeprecationWarning` as it is defined."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # Not super(): a dataclass with slots is a copy of the class that super() names.
        object.__init_subclass__(**kwargs)
        unknown = [kind for kind in cls.events if kind not in EVENT_KINDS]
        if unknown:
            raise TypeError(
                f"{cls.__qualname__}.events names {', '.join(map(repr, unknown))}: a "
                f"replacement effect applies to "
                f"{', '.join(k.__name__ for k in EVENT_KINDS)} events"
            )
        if not cls.events:
            warnings.warn(
                f"{cls.__qualname__} does not declare the events it applies to, so every "
                f"event is offered to it: give it `events = (DamageEvent,)` (or the kinds "
                f"it replaces)",
                DeprecationWarning,
                stacklevel=2,
            )
            cls.events = EVENT_KINDS

    def applies(self, game: Game, event: Any) -> bool:
        """Whether this effect would modify ``event``, an event of one of the kinds of
        :attr:`events`."""
        raise NotImplementedError

    async def apply(self, game: Game, event: Any) -> Event | PartlyRedirected | None:
        """The modified ``event`` (one of the kinds of :attr:`events`), or ``None`` if
        nothing is left of it; a redirection with an amount may split a damage event
        (:class:`PartlyRedirected`)."""
        raise NotImplementedError


DamagePart = tuple[int, TargetRef]
"""Which of the damage dealt at the same time an event is: its source's id and its
recipient."""


@dataclass(frozen=True, slots=True)
class DamageShield(ReplacementEffect):
    """A shield with an amount (CR 615.7): it acts on the next ``remaining`` damage it
    applies to, 1 damage at a time, and each 1 damage reduces it by 1; at 0 it ends. So it
    may act on part of one damage event and leave the rest to be dealt normally.

    Where damage it applies to is dealt to more than one player or permanent, or by more
    than one source, at the same time (120.4b), and it can't take all of that damage, the
    player that damage affects (the shielded player, or the shielded permanent's
    controller) chooses which damage it takes, 1 at a time (:meth:`divide`,
    :func:`damage_shields_divided`). Subclasses say which damage it applies to
    (:meth:`would_take`) and what the damage it takes becomes."""

    remaining: int = 0
    allotment: tuple[tuple[DamagePart, int], ...] | None = None
    """While damage dealt at the same time is being dealt: how much of the shield the
    player chose to spend on each part of it; ``None`` otherwise."""
    division_rule: ClassVar[str] = "615.7"
    """The rule the decision dividing it cites."""
    division_verb: ClassVar[str] = "prevent"
    events: ClassVar[tuple[type[Event], ...]] = (DamageEvent,)

    def would_take(self, game: Game, event: DamageEvent) -> bool:
        """Whether it would take some of ``event``, whatever its allotment."""
        raise NotImplementedError

    def part_option(self, game: Game, event: DamageEvent, left: int) -> TargetOption | CardOption:
        """How ``event``, with ``left`` damage of it not yet taken, is offered when the
        shield is divided."""
        raise NotImplementedError

    def applies(self, game: Game, event: DamageEvent) -> bool:
        if not self.would_take(game, event):
            return False
        return self.allotment is None or _allotted(self.allotment, _part(event)) > 0

    def take(self, game: Game, event: DamageEvent) -> int:
        """Spend the shield on as much of ``event`` as it, and its allotment, can take:
        how much that is."""
        taken = min(self.remaining, event.amount)
        allotment = self.allotment
        if allotment is not None:
            part = _part(event)
            taken = min(taken, _allotted(allotment, part))
            allotment = tuple(
                (other, amount - taken if other == part else amount) for other, amount in allotment
            )
        effects = game.replacement_effects
        index = next(i for i, e in enumerate(effects) if e is self)
        if taken < self.remaining:
            effects[index] = replace(self, remaining=self.remaining - taken, allotment=allotment)
        else:
            del effects[index]  # used up (615.7)
        return taken

    async def divide(self, game: Game, events: Sequence[DamageEvent]) -> None:
        """``events`` would be dealt at the same time (120.4b). If this shield would take
        some of two or more parts of them and can't take all of that damage, the player
        all of them affect (616.1) chooses which damage it takes, 1 at a time (615.7).
        Damage that can't be prevented is no part of a prevention shield's choice
        (615.12)."""
        left: dict[DamagePart, int] = {}
        offered: dict[DamagePart, DamageEvent] = {}
        for event in events:
            if self.would_take(game, event) and (event.preventable or not self.prevention):
                part = _part(event)
                left[part] = left.get(part, 0) + event.amount
                offered.setdefault(part, event)
        if len(left) < 2 or sum(left.values()) <= self.remaining:
            return
        chooser = next(iter(offered.values())).affected_player(game)
        allotted = dict.fromkeys(left, 0)
        for _ in range(self.remaining):
            open_ = [part for part in left if left[part] > 0]
            chosen = open_[0]
            if len(open_) > 1:
                options = [self.part_option(game, offered[p], left[p]) for p in open_]
                decision = game.decision(
                    DecisionKind.SHIELD,
                    chooser,
                    options,
                    f"{self.source_name}: choose the damage to {self.division_verb} 1 of",
                    rule=self.division_rule,
                )
                choice = await game.ask(decision)
                chosen = open_[choice.indices[0]]
            left[chosen] -= 1
            allotted[chosen] += 1
        effects = game.replacement_effects
        index = next(i for i, e in enumerate(effects) if e is self)
        effects[index] = replace(self, allotment=tuple(allotted.items()))


def _part(event: DamageEvent) -> DamagePart:
    return (event.source.id, event.target)


def _allotted(allotment: tuple[tuple[DamagePart, int], ...], part: DamagePart) -> int:
    return next((amount for p, amount in allotment if p == part), 0)


@asynccontextmanager
async def damage_shields_divided(game: Game, events: Sequence[DamageEvent]) -> AsyncIterator[None]:
    """Deal ``events``, damage dealt at the same time (120.4b), inside this block: each
    shield with an amount that can't take all of the damage it applies to among them is
    first divided among them by the player that damage affects (615.7, 614.9;
    :meth:`DamageShield.divide`), and what is left of it applies to later damage as a
    whole again."""
    shields = [e for e in game.replacement_effects if isinstance(e, DamageShield)]
    for shield in shields:  # in the order they were created: decisions must replay
        await shield.divide(game, events)
    try:
        yield
    finally:
        effects = game.replacement_effects
        for index, effect in enumerate(effects):
            if isinstance(effect, DamageShield) and effect.allotment is not None:
                effects[index] = replace(effect, allotment=None)


@dataclass(frozen=True, slots=True)
class RegenerateEachTime(ReplacementEffect):
    """ "If [this permanent] would be destroyed, regenerate it" from a static ability
    (CR 701.19b): each time it would be destroyed, instead all damage is removed from it,
    its controller taps it, and it is removed from combat. Never used up."""

    regeneration_rule: ClassVar[str] = "701.19b"
    events: ClassVar[tuple[type[Event], ...]] = (ZoneChangeEvent,)

    def protects(self) -> int:
        """The id of the permanent it regenerates."""
        return self.source

    def applies(self, game: Game, event: ZoneChangeEvent) -> bool:
        return event.destroy and event.regenerable and event.obj.id == self.protects()

    async def apply(self, game: Game, event: ZoneChangeEvent) -> Event | None:
        await game.regenerate(event.obj, rule=self.regeneration_rule)
        return None


@dataclass(frozen=True, slots=True)
class RegenerationShield(RegenerateEachTime):
    """ "Regenerate [permanent]" from a resolving spell or ability (CR 701.19a): the next
    time it would be destroyed this turn, instead all damage is removed from it, its
    controller taps it, and it is removed from combat. Used up once it applies."""

    regeneration_rule: ClassVar[str] = "701.19a"
    protected: int = 0

    def protects(self) -> int:
        return self.protected

    async def apply(self, game: Game, event: ZoneChangeEvent) -> Event | None:
        game.replacement_effects.remove(self)
        return await RegenerateEachTime.apply(self, game, event)


async def replace_event(game: Game, event: Event) -> Event | None:
    """Run ``event`` through every applicable replacement and prevention effect (616.1).

    Returns the event that actually happens, or ``None`` if it was prevented entirely.
    Damage, which a redirection may split, goes through :func:`replace_damage`.
    """
    happens = await _replace(game, event, _effects_now(game, type(event)), set(), split=False)
    assert len(happens) <= 1, "only damage events are split"
    return happens[0] if happens else None


async def replace_damage(game: Game, event: DamageEvent) -> list[DamageEvent]:
    """Run a damage event through every applicable replacement and prevention effect
    (616.1). Returns the damage that is actually dealt: none if it was all prevented,
    several events if a redirection moved only part of it (614.9), all dealt at the same
    time by the same source."""
    happens = await _replace(game, event, _effects_now(game, DamageEvent), set(), split=False)
    return [e for e in happens if isinstance(e, DamageEvent)]


def _effects_now(game: Game, kind: type[Event]) -> tuple[list[ReplacementEffect], int]:
    """The replacement and prevention effects that exist now and apply to events of
    ``kind``, those of resolved spells and abilities first, and how many of those there
    are."""
    created = [e for e in game.replacement_effects if kind in e.events]
    return [*created, *game.derived.static_replacements_of(kind)], len(created)


async def _replace(
    game: Game,
    event: Event,
    effects: tuple[list[ReplacementEffect], int],
    applied: set[int],
    *,
    split: bool,
) -> list[Event]:
    """The loop of 616.1 over ``effects`` (those of the game as the event was proposed,
    and how many of them come from resolved spells and abilities), skipping those in
    ``applied``. ``split``: ``event`` is part of a split damage event, so an effect of a
    resolved spell that another part has used up or changed since no longer exists in
    that form and is skipped."""
    existing, created = effects
    while True:
        candidates = [
            (i, effect)
            for i, effect in enumerate(existing)
            if i not in applied
            and (not split or i >= created or any(e is effect for e in game.replacement_effects))
            and effect.applies(game, event)
        ]
        if not candidates:
            return [event]
        own = [c for c in candidates if c[1].self_replacement]
        if own:
            candidates = own  # self-replacement effects apply first (616.1a)
        index, chosen = candidates[0]
        if len(candidates) > 1:
            index, chosen = await _choose(game, event, candidates)
        applied.add(index)
        before = event
        result = await chosen.apply(game, event)
        if result is before:
            continue  # it chose not to change anything ("you may ... instead")
        if chosen.prevention and isinstance(before, DamageEvent) and not before.preventable:
            continue  # it can't be prevented, though the effect's other parts happened (615.12)
        _log(game, chosen, before, result)
        if result is None:
            return []
        if isinstance(result, PartlyRedirected):
            # Each part goes on as an event of its own, with the effects that have not
            # yet had their opportunity at the event they came from (614.5, 616.1f).
            parts: list[Event] = []
            for part in (result.redirected, result.rest):
                parts += await _replace(game, part, effects, set(applied), split=True)
            return parts
        event = result


def _log(
    game: Game, effect: ReplacementEffect, before: Event, after: Event | PartlyRedirected | None
) -> None:
    if isinstance(before, DamageEvent):
        if after is None or (effect.prevention and isinstance(after, DamageEvent)):
            game.emit(
                DamagePrevented(
                    rule=effect.prevention_rule,
                    player=effect.controller,
                    source=effect.source,
                    text=effect.text,
                    damage_source=before.source.id,
                    damage_source_controller=before.source.controller,
                    target=_target_log(before.target),
                    amount=before.amount - (after.amount if isinstance(after, DamageEvent) else 0),
                )
            )
            return
        # A redirection of part of the damage also says how much stays (614.9).
        dealt = after.redirected if isinstance(after, PartlyRedirected) else after
        assert isinstance(dealt, DamageEvent)
        game.emit(
            EventReplaced(
                rule=effect.replacement_rule,
                player=effect.controller,
                source=effect.source,
                text=effect.text,
                damage_source=before.source.id,
                damage_source_controller=before.source.controller,
                target=_target_log(before.target),
                amount=before.amount,
                to_target=_target_log(dealt.target),
                to_amount=dealt.amount,
                kept=after.rest.amount if isinstance(after, PartlyRedirected) else OMITTED,
            )
        )
        return
    if isinstance(before, TokenEvent):
        made = after.count if isinstance(after, TokenEvent) else None
        _log_amount(
            game,
            effect,
            "tokens",
            before.count,
            made,
            creator=before.player,
            card=before.definition.name,
        )
        return
    if isinstance(before, CounterEvent):
        count = after.count if isinstance(after, CounterEvent) else None
        _log_amount(
            game, effect, "counters", before.count, count, object=before.obj.id, kind=before.kind
        )
        return
    if isinstance(before, LifeLossEvent):
        lost = after.amount if isinstance(after, LifeLossEvent) else None
        _log_amount(game, effect, "life loss", before.amount, lost, loser=before.player)
        return
    if isinstance(before, LifeGainEvent):
        gained = after.amount if isinstance(after, LifeGainEvent) else None
        _log_amount(game, effect, "life gain", before.amount, gained, gainer=before.player)
        return
    if isinstance(before, ManaLossEvent):
        kept = after.mana if isinstance(after, ManaLossEvent) else ()
        _log_amount(
            game, effect, "mana loss", len(before.mana), len(kept) or None, loser=before.player
        )
        return
    if isinstance(before, DrawEvent):
        game.emit(
            EventReplaced(
                rule="614.11",
                player=effect.controller,
                source=effect.source,
                text=effect.text,
                instead_of="draw",
                drawer=before.player,
                to_drawer=after.player if isinstance(after, DrawEvent) else None,
            )
        )
        return
    if isinstance(before, TapEvent):
        game.emit(
            EventReplaced(
                rule="614.1a",
                player=effect.controller,
                source=effect.source,
                text=effect.text,
                object=before.obj.id,
                instead_of="untap" if before.untap else "tap",
            )
        )
        return
    assert isinstance(before, ZoneChangeEvent)
    game.emit(
        EventReplaced(
            rule=effect.regeneration_rule if isinstance(effect, RegenerateEachTime) else "614.1a",
            player=effect.controller,
            source=effect.source,
            text=effect.text,
            object=before.obj.id,
            to_zone=after.to.value if isinstance(after, ZoneChangeEvent) else None,
            instead_of=before.to.value,
        )
    )


def _log_amount(
    game: Game,
    effect: ReplacementEffect,
    instead_of: str,
    amount: int,
    to_amount: int | None,
    **what: Any,
) -> None:
    """Log a replaced event that has an amount: tokens, counters, life gain or loss
    (614.1a)."""
    game.emit(
        EventReplaced(
            rule="614.1a",
            player=effect.controller,
            source=effect.source,
            text=effect.text,
            instead_of=instead_of,
            amount=amount,
            to_amount=to_amount,
            **what,
        )
    )


async def _choose(
    game: Game, event: Event, candidates: list[tuple[int, ReplacementEffect]]
) -> tuple[int, ReplacementEffect]:
    player = event.affected_player(game)
    options = [
        CardOption(effect.source, f"{effect.source_name} #{effect.source}: {effect.text}")
        for _, effect in candidates
    ]
    decision = game.decision(
        DecisionKind.REPLACEMENT_ORDER,
        player,
        options,
        "choose the replacement or prevention effect to apply first",
    )
    choice = await game.ask(decision)
    return candidates[choice.indices[0]]


def _target_log(target: TargetRef) -> int | str:
    return target if isinstance(target, int) else f"player:{target[1]}"


def end_of_turn(effects: list[ReplacementEffect]) -> list[ReplacementEffect]:
    """The effects that outlast the turn (the others end in the cleanup step, 514.2)."""
    return [e for e in effects if e.duration is not Duration.END_OF_TURN]

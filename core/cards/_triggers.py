"""Triggered abilities (CR 603): trigger events, trigger conditions, and the effects that
make delayed and reflexive triggers."""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from manaweave._engine._decisions import CardOption, DecisionKind, Named
from manaweave._engine._errors import RuleNotImplementedError
from manaweave._engine._objects import DelayedTrigger

from ._ability import Ability, TextChange
from ._conditions import Condition
from ._continuous_effects import AddMana
from ._costs import Cost, Sacrifice
from ._resolution import Effect, Resolution
from ._target_specs import TargetSpec

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject


class TriggerKind(enum.Enum):
    """The kinds of game events triggered abilities watch (CR 603.2, 603.6)."""

    ENTERS = "enters"
    """A permanent entered the battlefield (603.6a)."""
    LEAVES = "leaves"
    """A permanent left the battlefield (603.6c); seen with last known information."""
    DIES = "dies"
    """A creature was put into a graveyard from the battlefield (700.4)."""
    STEP = "step"
    """A step or phase began (603.2b)."""
    CAST = "cast"
    """A spell became cast (601.2i)."""
    ATTACKS = "attacks"
    """A creature was declared as an attacker (508.1m)."""
    BLOCKS = "blocks"
    """Blockers were declared (509.1i): once for each creature declared as a blocker,
    however many creatures it blocks (509.3a), and once for each attacking creature that
    became blocked, however many creatures block it (509.3c); ``attacking`` says which
    of the two ``obj`` is; ``player`` is the defending player who declared it."""
    BLOCKS_CREATURE = "blocks_creature"
    """Blockers were declared (509.1i): for each blocking creature and each attacking
    creature it blocks, once with ``obj`` the blocker and ``other`` the attacker (509.3b)
    and once with ``obj`` the attacker and ``other`` the blocker (509.3d)."""
    DRAWS = "draws"
    """A player drew a card (121.1)."""
    DISCARDS = "discards"
    """A player discarded a card (701.9a): ``player`` is its owner, ``obj`` the card in
    the zone it went to."""
    STATE = "state"
    """Not an event: a game state a state trigger watches for (603.8)."""
    DEALS_DAMAGE = "deals_damage"
    """A source dealt damage (120.3); ``obj`` is the source, ``player`` the player dealt
    damage, if a player was."""
    BECOMES_TARGET = "becomes_target"
    """A permanent became the target of a spell or ability (603.2, 115.7)."""
    BECOMES_TAPPED = "becomes_tapped"
    """A permanent became tapped (701.26a)."""
    TAPPED_FOR_MANA = "tapped_for_mana"
    """A player tapped a permanent for mana: activated a mana ability of it with {T} in
    its cost (106.12); ``obj`` is the permanent, ``player`` who activated it."""
    GAINS_LIFE = "gains_life"
    """A player gained life, more than 0 (119.9)."""
    LOSES_LIFE = "loses_life"
    """A player lost life, more than 0 (119.3)."""
    COUNTER_REMOVED = "counter_removed"
    """A counter was removed from a permanent (one event per counter, 603.2c)."""
    REFLEXIVE = "reflexive"
    """Not an event: an action taken while a reflexive trigger's parent ability resolved
    ("When you do", 603.12)."""
    TURNED_FACE_UP = "turned_face_up"
    """A face-down permanent was turned face up (708.8)."""
    COUNTERS_ADDED = "counters_added"
    """One or more counters of a kind were put on a permanent (122.6): ``amount`` of them,
    making ``total``."""
    REVEALED = "revealed"
    """A static ability revealed a card (701.20a): ``obj`` is the card, ``by`` the object
    whose ability revealed it, for the triggered ability linked to it (603.11, 607.2)."""


@dataclass(frozen=True, slots=True)
class TriggerEvent:
    """One occurrence of a trigger event (CR 603.2): what happened, to which object and
    which player. The game builds one as each event happens and hands it to every
    :meth:`Trigger.matches` and intervening-if :class:`Condition` that may care; an
    ability that triggers keeps it, and its effects see it as :attr:`Resolution.event`
    ("that player", "that creature", 603.7c).

    What each field holds depends on ``kind``; a field an event kind doesn't set keeps its
    default. ``obj`` is the object as it is just after the event: the permanent that
    entered, the spell that was cast; for leaves-the-battlefield and dies events it is the
    object as it last existed on the battlefield (603.10a), so its controller and
    counters are those it had there. The table of what each kind sets is in
    docs/writing-a-keyword.md ("What a trigger sees"); :data:`EVENT_PLAYER` says whom
    ``player`` is for each kind.
    """

    kind: TriggerKind
    """What happened: one of :class:`TriggerKind`."""
    seq: int
    """The ``seq`` of the event-log line of what happened (``attackers_declared``,
    ``spell_cast``, ...): the ``trigger`` field of the ``ability_triggered`` line."""
    player: int | None = None
    """The player of the event, by seat: whom "that player" (:data:`THAT_PLAYER`) means.
    The attacking player for ``ATTACKS``, the defending player for the block kinds, the
    caster for ``CAST``, the active player for ``STEP``, the player dealt damage for
    ``DEALS_DAMAGE`` (``None`` if a permanent was), the controller of the permanent for the
    kinds about a permanent. See :data:`EVENT_PLAYER`."""
    obj: GameObject | None = None
    """The object the event is about: the attacking creature (``ATTACKS``), the blocking
    or blocked creature (block kinds, see ``attacking``), the spell (``CAST``), the
    source that dealt damage (``DEALS_DAMAGE``), the card discarded or revealed, the
    permanent for the other permanent kinds. ``None`` for ``STEP``, ``DRAWS``,
    ``GAINS_LIFE`` and ``LOSES_LIFE``; for ``STATE`` and ``REFLEXIVE``, the ability's
    source."""
    step: str | None = None
    """For ``STEP``, the step or phase that began (a :class:`~manaweave.Step` value such as
    ``"upkeep"``)."""
    colors: tuple[str, ...] = ()
    """For ``CAST``, the spell's colours as it became cast (``"R"``, ...)."""
    types: tuple[str, ...] = ()
    """The card types of the object: for ``CAST`` the spell's, for ``LEAVES`` as it last
    existed, for ``TAPPED_FOR_MANA`` the permanent's, for ``REVEALED`` the card's."""
    zone: str | None = None
    """For ``LEAVES``, the zone the object went to (``"graveyard"``, ``"exile"``, ...);
    ``None`` when it left the game with its owner (603.6c, 800.4a)."""
    counter: str | None = None
    """For ``COUNTER_REMOVED`` and ``COUNTERS_ADDED``, the kind of counter
    (``"+1/+1"``, ``"lore"``)."""
    amount: int = 0
    """For ``DEALS_DAMAGE``, how much damage was dealt; for ``GAINS_LIFE`` and
    ``LOSES_LIFE``, how much life; for ``COUNTERS_ADDED``, how many counters were put on."""
    total: int = 0
    """For ``COUNTERS_ADDED``, how many counters of that kind the permanent has now."""
    combat: bool = False
    """For ``DEALS_DAMAGE``, whether it was combat damage (510.2)."""
    by: int | None = None
    """For ``REVEALED``, the id of the object whose static ability revealed the card."""
    item: int | None = None
    """For ``BECOMES_TARGET``, the id of the spell or ability on the stack that targets
    ``obj`` ("that spell or ability", 702.21a)."""
    other: GameObject | None = None
    """For ``BLOCKS_CREATURE``, the creature on the other side of the block: the attacking
    creature ``obj`` blocks, or the blocking creature that blocks ``obj``. What "that
    creature" (:data:`THAT_CREATURE`) means; ``None`` for every other kind."""
    attacking: bool = False
    """For ``BLOCKS`` and ``BLOCKS_CREATURE``, whether ``obj`` is the attacking creature
    (it became blocked) rather than the blocking one."""


class Trigger:
    """A trigger condition: which events, and which of them match (CR 603.1)."""

    kind: ClassVar[TriggerKind]

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        """Whether ``event`` triggers this ability of ``source``, asked as the event
        happens, only for events of this trigger's ``kind``: the game is as the event left
        it (``game.combat`` holds every creature declared as an attacker when an
        ``ATTACKS`` event is asked about, 508.1m)."""
        raise NotImplementedError

    def about_source(self) -> bool:
        """Whether only events about its own source can trigger it ("When [this] dies"),
        so the trigger index files it under that object."""
        return False


def _is_source(source: GameObject, event: TriggerEvent) -> bool:
    return event.obj is not None and event.obj.id == source.id


class OwnTrigger(Trigger):
    """A trigger only events about its own source match ("When [this] leaves the
    battlefield", "Whenever [this] attacks"): subclasses add conditions to ``matches``."""

    def about_source(self) -> bool:
        return True

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _is_source(source, event)


@dataclass(frozen=True, slots=True)
class WhenEnters(Trigger):
    """The text "When [this] enters" (``another=False, creature=False``), or "Whenever another
    creature enters" (``another=True, creature=True``) (CR 603.6a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.ENTERS
    another: bool = False
    creature: bool = False

    def about_source(self) -> bool:
        return not self.another and not self.creature

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        obj = event.obj
        if obj is None:
            return False
        if not self.another and not self.creature:
            return obj.id == source.id
        if self.another and obj.id == source.id:
            return False
        return not self.creature or game.is_creature(obj)


@dataclass(frozen=True, slots=True)
class WhenDies(Trigger):
    """The text "When [this] dies", or with ``any_creature`` "Whenever a creature dies":
    put into a graveyard from the battlefield (CR 700.4, 603.10a)."""

    any_creature: bool = False

    kind: ClassVar[TriggerKind] = TriggerKind.DIES

    def about_source(self) -> bool:
        return not self.any_creature

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if self.any_creature:
            return event.obj is not None
        return _is_source(source, event)


@dataclass(frozen=True, slots=True)
class WheneverCounterRemoved(OwnTrigger):
    """The text "Whenever a [kind] counter is removed from [this]" (CR 603.2c: once for
    each counter)."""

    counter: str = "+1/+1"

    kind: ClassVar[TriggerKind] = TriggerKind.COUNTER_REMOVED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _is_source(source, event) and event.counter == self.counter


@dataclass(frozen=True, slots=True)
class LoreCountersReach(OwnTrigger):
    """The trigger of a chapter ability "{rN}" (CR 714.2b): "When one or more lore counters
    are put onto this Saga, if the number of lore counters on it was less than N and
    became at least N"."""

    chapter: int

    kind: ClassVar[TriggerKind] = TriggerKind.COUNTERS_ADDED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            _is_source(source, event)
            and event.counter == "lore"
            and event.total - event.amount < self.chapter <= event.total
        )


def chapter(
    numbers: int | tuple[int, ...],
    effects: tuple[Effect, ...],
    text: str,
    *,
    targets: tuple[TargetSpec, ...] = (),
) -> tuple[TriggeredAbility, ...]:
    """Chapter abilities of a Saga (CR 714.2): "{rI}, {rII}—[effect]" is one triggered
    ability for each number (714.2c)."""
    if isinstance(numbers, int):
        numbers = (numbers,)
    return tuple(
        TriggeredAbility(LoreCountersReach(n), effects, targets=targets, text=text) for n in numbers
    )


@dataclass(frozen=True, slots=True)
class WhenBecomesTarget(OwnTrigger):
    """The text "When [this] becomes the target of a spell or ability" (CR 603.2)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TARGET


@dataclass(frozen=True, slots=True)
class WhenEnchantedBecomesTarget(Trigger):
    """The text "When enchanted creature becomes the target of a spell or ability"
    (CR 603.2, 303.4b)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TARGET

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            event.obj is not None
            and source.attached_to is not None
            and event.obj.id == source.attached_to
        )


@dataclass(frozen=True, slots=True)
class WhenYouDo(Trigger):
    """The trigger of a reflexive triggered ability, "When you do, ..." (CR 603.12): it
    triggers only from the effect that contains it, never from an event."""

    kind: ClassVar[TriggerKind] = TriggerKind.REFLEXIVE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return False


@dataclass(frozen=True, slots=True)
class MaySacrificeThen(Effect):
    """ "You may sacrifice [a permanent]. When you do, [reflexive ability]" (CR 603.12,
    701.21a): the reflexive ability triggers only if a permanent was sacrificed this way,
    and knows it as it last existed ("that creature's power")."""

    sacrifice: Sacrifice
    then: TriggeredAbility

    def __post_init__(self) -> None:
        if not isinstance(self.then.trigger, WhenYouDo):
            raise ValueError("the ability after 'When you do' must use WhenYouDo() (603.12)")

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        source = resolution.item.source_snapshot
        player = resolution.controller
        candidates = self.sacrifice.candidates(game, player, source)
        if len(candidates) < self.sacrifice.count:
            return
        options: list[Named | CardOption] = [Named("no")]
        options.extend(
            CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates
        )
        decision = game.decision(
            DecisionKind.SACRIFICE,
            player,
            options,
            f"you may {self.sacrifice.text}",
            rule="701.21a",
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if not isinstance(picked, CardOption) or game.players[player].has_left:
            return
        sacrificed = await self.sacrifice.pay(game, player, source, (picked.object,))
        game.trigger_reflexive(self.then, source, player, sacrificed=sacrificed)


@dataclass(frozen=True, slots=True)
class MayPayOtherwise(Effect):
    """ "You may [pay a cost]. If you don't, [effects]" (CR 608.2d, 118.12): the controller
    is asked only if they can pay the cost (118.3: with no creature, "sacrifice a creature"
    isn't an option they may choose); if they don't pay it, ``otherwise`` happens."""

    cost: Cost
    otherwise: tuple[Effect, ...]
    wording: str = ""
    """The effect's own text, for the decision's prompt."""

    async def resolve(self, resolution: Resolution) -> None:
        paid = await resolution.game.offer_to_pay(
            resolution.controller,
            resolution.item.source_snapshot,
            costs=(self.cost,),
            prompt=self.wording or f"you may {self.cost.text}",
            rule="608.2d",
        )
        if not paid:
            for effect in self.otherwise:
                await effect.resolve(resolution)


class StateTrigger(Trigger):
    """A state trigger (CR 603.8): "When [a game state is true]". It triggers as soon as
    the state holds, and not again until the ability has left the stack."""

    kind: ClassVar[TriggerKind] = TriggerKind.STATE

    def holds(self, game: Game, source: GameObject) -> bool:
        """Whether the game state matches the trigger condition for ``source`` now."""
        raise NotImplementedError

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return self.holds(game, source)


@dataclass(frozen=True, slots=True)
class WhenYouControlNoOther(StateTrigger):
    """The text "When you control no other [card type]s" (CR 603.8)."""

    card_type: str

    def holds(self, game: Game, source: GameObject) -> bool:
        return not any(
            other.controller == source.controller
            and other.id != source.id
            and self.card_type in game.characteristics(other).types
            for other in game.battlefield
        )


@dataclass(frozen=True, slots=True)
class WheneverDealsCombatDamageToPlayer(OwnTrigger):
    """The text "Whenever [this] deals combat damage to a player" (CR 510.3a, 603.2)."""

    kind: ClassVar[TriggerKind] = TriggerKind.DEALS_DAMAGE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.combat and event.player is not None and _is_source(source, event)


@dataclass(frozen=True, slots=True)
class WheneverDealsDamageToOpponent(OwnTrigger):
    """The text "Whenever [this] deals damage to an opponent" (CR 120.1, 603.2): combat or
    not; ``THAT_PLAYER`` is the opponent dealt damage."""

    kind: ClassVar[TriggerKind] = TriggerKind.DEALS_DAMAGE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return (
            event.player is not None
            and event.player != source.controller
            and _is_source(source, event)
        )


@dataclass(frozen=True, slots=True)
class WheneverOpponentsCreatureBecomesTapped(Trigger):
    """The text "Whenever a creature an opponent controls becomes tapped" (CR 701.26a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BECOMES_TAPPED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        obj = event.obj
        return (
            obj is not None
            and _by_matches(game, "an opponent", source.controller, obj.controller)
            and game.is_creature(obj)
        )


@dataclass(frozen=True, slots=True)
class WheneverTapsForMana(Trigger):
    """The text "Whenever a player / you / an opponent taps a [type] for mana" (CR
    106.12): "that player" is the one who tapped it."""

    by: str = "a player"
    card_type: str = "Land"

    kind: ClassVar[TriggerKind] = TriggerKind.TAPPED_FOR_MANA

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return self.card_type in event.types and _by_matches(
            game, self.by, source.controller, event.player
        )


@dataclass(frozen=True, slots=True)
class WheneverYouGainLife(Trigger):
    """The text "Whenever you gain life" (CR 119.9): once per life-gain event."""

    kind: ClassVar[TriggerKind] = TriggerKind.GAINS_LIFE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.player == source.controller and event.amount > 0


@dataclass(frozen=True, slots=True)
class WheneverYouLoseLife(Trigger):
    """The text "Whenever you lose life" (CR 119.3): once per life-loss event."""

    kind: ClassVar[TriggerKind] = TriggerKind.LOSES_LIFE

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.player == source.controller and event.amount > 0


@dataclass(frozen=True, slots=True)
class WhenLeaves(OwnTrigger):
    """The text "When [this] leaves the battlefield" (CR 603.6c, 603.10a)."""

    kind: ClassVar[TriggerKind] = TriggerKind.LEAVES


@dataclass(frozen=True, slots=True)
class WhenTurnedFaceUp(OwnTrigger):
    """The text "When [this] is turned face up" (CR 708.8): it triggers as the permanent
    is turned face up, unlike abilities about entering the battlefield."""

    kind: ClassVar[TriggerKind] = TriggerKind.TURNED_FACE_UP


@dataclass(frozen=True, slots=True)
class WhenObjectLeaves(Trigger):
    """A delayed trigger's "When that [permanent] leaves the battlefield": one object,
    named as the ability that creates it resolves (CR 603.7a, 603.10a)."""

    object: int

    kind: ClassVar[TriggerKind] = TriggerKind.LEAVES

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.obj is not None and event.obj.id == self.object


@dataclass(frozen=True, slots=True)
class WhenThatLeaves(Effect):
    """ "When that [target] leaves the battlefield, [effects]" (CR 603.7a): a delayed
    triggered ability about the target as it is now. If it has already left, it never
    triggers (the example of 603.7a)."""

    effects: tuple[Effect, ...]
    target: int = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        ability = TriggeredAbility(WhenObjectLeaves(chosen), self.effects, text=self.wording)
        item = resolution.item
        source = game.objects.get(item.source) or item.source_snapshot
        game.add_delayed_trigger(DelayedTrigger(ability, source, resolution.controller))


@dataclass(frozen=True, slots=True)
class CreateDelayedTrigger(Effect):
    """Create a delayed triggered ability, such as "at the beginning of the next end step,
    [effects]" (CR 603.7a): its source is this spell's or ability's source (603.7d-e)."""

    ability: TriggeredAbility

    async def resolve(self, resolution: Resolution) -> None:
        item = resolution.item
        source = item.source_snapshot
        current = resolution.game.objects.get(item.source)
        if current is not None:
            source = current
        resolution.game.add_delayed_trigger(
            DelayedTrigger(self.ability, source, resolution.controller)
        )


@dataclass(frozen=True, slots=True)
class WheneverPutIntoGraveyardFromBattlefield(Trigger):
    """The text "Whenever a [type] is put into a graveyard from the battlefield"
    (CR 603.6c, 603.10a)."""

    card_type: str

    kind: ClassVar[TriggerKind] = TriggerKind.LEAVES

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return event.zone == "graveyard" and self.card_type in event.types


@dataclass(frozen=True, slots=True)
class AtBeginningOf(Trigger):
    """The text "At the beginning of your/each player's [step]" (CR 603.2b), or, with
    ``enchanted_controller``, "of the [step] of enchanted creature's controller" (an
    Aura's, 303.4b): none while the Aura is attached to nothing."""

    step: str
    each_player: bool = False
    enchanted_controller: bool = False

    kind: ClassVar[TriggerKind] = TriggerKind.STEP

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if event.step != self.step:
            return False
        if self.enchanted_controller:
            enchanted = game.objects.get(source.attached_to or -1)
            return enchanted is not None and event.player == enchanted.controller
        return self.each_player or event.player == source.controller


@dataclass(frozen=True, slots=True)
class WheneverCast(Trigger):
    """The text "Whenever a player / you / an opponent casts a [colour or type] spell" (601.2i)."""

    by: Literal["a player", "you", "an opponent"] = "a player"
    colors: tuple[str, ...] = ()
    """The spell must have at least one of these colours ("a blue or black spell")."""
    card_type: str | None = None
    card_types: tuple[str, ...] = ()
    """The spell must have at least one of these card types ("an instant or sorcery
    spell")."""

    kind: ClassVar[TriggerKind] = TriggerKind.CAST

    def with_text_changed(self, change: TextChange) -> WheneverCast:
        """This trigger with its colour words changed (CR 612.2)."""
        colors = change.colors(self.colors)
        return self if colors == self.colors else replace(self, colors=colors)

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if not _by_matches(game, self.by, source.controller, event.player):
            return False
        if self.colors and not any(c in event.colors for c in self.colors):
            return False
        if self.card_types and not any(t in event.types for t in self.card_types):
            return False
        return self.card_type is None or self.card_type in event.types


@dataclass(frozen=True, slots=True)
class WheneverAttacks(OwnTrigger):
    """The text "Whenever [this] attacks" (CR 508.1m)."""

    kind: ClassVar[TriggerKind] = TriggerKind.ATTACKS


class _BlockTrigger(OwnTrigger):
    """A trigger on blockers being declared (509.1i, 509.3), about its own source: as
    the blocking creature, the attacking one, or either. ``colors``, where a subclass has
    them, are those the creature on the other side must have one of as it blocks or
    becomes blocked (509.3f)."""

    blocking: ClassVar[bool] = True
    """Whether it triggers when its source blocks."""
    blocked: ClassVar[bool] = True
    """Whether it triggers when its source becomes blocked."""
    colors: tuple[str, ...] = ()

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if not _is_source(source, event):
            return False
        if not (self.blocked if event.attacking else self.blocking):
            return False
        if not self.colors:
            return True
        # The other creature's characteristics as the block happens, not later (509.3f).
        return event.other is not None and any(
            c in game.characteristics(event.other).colors for c in self.colors
        )


@dataclass(frozen=True, slots=True)
class WheneverBlocks(_BlockTrigger):
    """The text "Whenever [this] blocks" (CR 509.3a): once each combat, however many
    creatures it blocks; not if it is put onto the battlefield blocking (509.4)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS
    blocked: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBecomesBlocked(_BlockTrigger):
    """The text "Whenever [this] becomes blocked" (CR 509.3c): once each combat, however
    many creatures block it."""

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS
    blocking: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBlocksOrBecomesBlocked(_BlockTrigger):
    """The text "Whenever [this] blocks or becomes blocked" (CR 509.3a, 509.3c)."""

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS


@dataclass(frozen=True, slots=True)
class WheneverBlocksACreature(_BlockTrigger):
    """The text "Whenever [this] blocks a [colour] creature" (CR 509.3b): once for each
    attacking creature it blocks; "that creature" (:data:`THAT_CREATURE`) is that one."""

    colors: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS_CREATURE
    blocked: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBecomesBlockedByACreature(_BlockTrigger):
    """The text "Whenever [this] becomes blocked by a [colour] creature" (CR 509.3d):
    once for each creature that blocks it; "that creature" (:data:`THAT_CREATURE`) is
    the blocker."""

    colors: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS_CREATURE
    blocking: ClassVar[bool] = False


@dataclass(frozen=True, slots=True)
class WheneverBlocksOrBecomesBlockedByACreature(_BlockTrigger):
    """The text "Whenever [this] blocks or becomes blocked by a [colour] creature" (CR
    509.3b, 509.3d): once for each creature it blocks or that blocks it; "that creature"
    (:data:`THAT_CREATURE`) is the creature on the other side."""

    colors: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.BLOCKS_CREATURE


@dataclass(frozen=True, slots=True)
class WheneverDraws(Trigger):
    """The text "Whenever a player / you / an opponent draws a card" (CR 121.1)."""

    by: Literal["a player", "you", "an opponent"] = "a player"

    kind: ClassVar[TriggerKind] = TriggerKind.DRAWS

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _by_matches(game, self.by, source.controller, event.player)


@dataclass(frozen=True, slots=True)
class WheneverDiscards(Trigger):
    """The text "Whenever a player / you / an opponent discards a card" (CR 701.9a): once
    for each card discarded (603.2c)."""

    by: Literal["a player", "you", "an opponent"] = "a player"

    kind: ClassVar[TriggerKind] = TriggerKind.DISCARDS

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return _by_matches(game, self.by, source.controller, event.player)


@dataclass(frozen=True, slots=True)
class WheneverRevealedThisWay(Trigger):
    """The text "Whenever you reveal a [type] card this way", linked to its object's
    :class:`RevealFirstDrawEachTurn` (CR 603.11, 607.2): only that object's reveals count.
    A card matches if it has one of ``types`` (any if empty) and all of ``supertypes``."""

    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()

    kind: ClassVar[TriggerKind] = TriggerKind.REVEALED

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if event.by != source.id or event.obj is None:
            return False
        card = event.obj.card
        return (not self.types or any(t in card.types for t in self.types)) and all(
            s in card.supertypes for s in self.supertypes
        )


def _by_matches(game: Game, by: str, controller: int, player: int | None) -> bool:
    if by == "you":
        return player == controller
    if by == "an opponent":
        return player is not None and game.is_opponent(controller, player)  # 102.3
    return True


@dataclass(frozen=True, slots=True)
class TriggeredAbility(Ability):
    """A triggered ability (CR 603): "[When/Whenever/At] [trigger], [if condition,]
    [effect]".

    ``optional`` is "you may" (603.5): the controller chooses as it resolves.
    ``targets`` are chosen as it is put on the stack (603.3d).
    """

    trigger: Trigger
    effects: tuple[Effect, ...]
    targets: tuple[TargetSpec, ...] = ()
    condition: Condition | None = None
    optional: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        if (
            self.trigger.kind is TriggerKind.TAPPED_FOR_MANA
            and not self.targets
            and any(isinstance(effect, AddMana) for effect in self.effects)
        ):
            # A triggered mana ability resolves at once, where the mana can still pay
            # for the spell being cast (605.1b, 605.4a); it would not use the stack.
            raise RuleNotImplementedError("605.1b", f"{self.text}: a triggered mana ability")

    def with_text_changed(self, change: TextChange) -> Ability:
        """This ability with the words of its trigger condition changed (CR 612.2)."""
        changer = getattr(self.trigger, "with_text_changed", None)
        if changer is None:
            return self
        trigger = changer(change)
        return self if trigger is self.trigger else replace(self, trigger=trigger)

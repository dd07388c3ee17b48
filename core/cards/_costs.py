"""Costs other than mana (CR 118), and the other ways to cast a spell: alternative costs
(118.9), additions announced as it is cast (601.2b), face-down casting and turning face up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar

from manaweave._engine._decisions import CardOption, DecisionKind
from manaweave._engine._errors import RuleNotImplementedError
from manaweave._engine._layers import Characteristics
from manaweave._engine._mana import ManaCost
from manaweave._engine._objects import GameObject
from manaweave._engine._zones import Zone

from ._ability import Ability

if TYPE_CHECKING:
    from manaweave._engine._game import Game

    from ._definition import CardDefinition
    from ._spell import SpellAbility


class Cost:
    """A part of a cost other than mana (CR 118.1, 118.3): sacrificing permanents,
    discarding cards, paying life.

    Casting or activating asks for every choice a cost needs (:meth:`choose`) before
    anything happens, and only then pays (:meth:`pay`), so an action that can't be
    completed leaves the game as it was (CR 601.2h, 732.1).

    Costs are values: :func:`add_costs` and :func:`multiply_costs` make the total of
    several and a cost paid several times over (``ManaCost`` adds and multiplies with
    ``+`` and ``*``), each cost saying how it adds up (:meth:`plus`, :meth:`times`).
    """

    text: str = ""
    keyword_actions: ClassVar[tuple[str, ...]] = ()
    """The keyword actions (CR 701) paying it performs, by name ("sacrifice"), as for an
    :attr:`Effect.keyword_actions <manaweave.cards.Effect.keyword_actions>`."""

    def plus(self, other: Cost) -> Cost | None:
        """This cost and ``other`` as one cost, if they are of a kind that adds up ("pay
        2 life" and "pay 3 life" are "pay 5 life", which only a player with 5 life can
        pay, 119.4); ``None`` if they are paid apart."""
        return None

    def times(self, count: int) -> Cost:
        """This cost ``count`` times over (at least once) as one cost: "pay 1 life for
        each age counter". A cost that can't be paid twice over raises ``ValueError``; a
        cost class that doesn't say raises ``NotImplementedError``."""
        if count == 1:
            return self
        raise NotImplementedError(
            f"{type(self).__name__} does not say how it is paid {count} times"
        )

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        """Whether ``player`` could pay it now for ``source`` (CR 118.3)."""
        raise NotImplementedError

    async def choose(self, game: Game, player: int, source: GameObject) -> tuple[int, ...]:
        """The objects ``player`` will pay with (none for a cost such as life)."""
        return ()

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        """Pay it with the ``chosen`` objects; returns the last known information of the
        permanents sacrificed, for effects that refer to them ("the sacrificed creature's
        power", 608.2h)."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Sacrifice(Cost):
    """ "Sacrifice a creature", "sacrifice a Goblin", "sacrifice three black creatures",
    "sacrifice another creature", "sacrifice all creatures you control" (CR 701.21a).

    A permanent qualifies when it has one of ``types`` (any type if empty) and, if given,
    one of ``subtypes``
    and one of ``colors``; ``another`` excludes the source itself; ``every`` sacrifices all
    that qualify (possibly none), ``count`` of them otherwise."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("sacrifice",)

    text: str = "sacrifice a creature"
    count: int = 1
    types: tuple[str, ...] = ("Creature",)
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    another: bool = False
    every: bool = False

    def plus(self, other: Cost) -> Cost | None:
        if not isinstance(other, Sacrifice) or self.every or other.every:
            return None
        if replace(other, count=self.count, text=self.text) != self:
            return None  # different permanents qualify
        return replace(self, count=self.count + other.count, text=_and(self.text, other.text))

    def times(self, count: int) -> Cost:
        _check_times(self, count)
        if self.every or count == 1:
            return self  # all of them, however many times
        return replace(self, count=self.count * count, text=_times_text(self.text, count))

    def candidates(self, game: Game, player: int, source: GameObject) -> list[GameObject]:
        """The permanents ``player`` could sacrifice for it."""
        found = []
        for permanent in game.battlefield:
            if permanent.controller != player or (self.another and permanent.id == source.id):
                continue
            chars = game.characteristics(permanent)
            if (
                (not self.types or any(t in chars.types for t in self.types))
                and (not self.subtypes or any(t in chars.subtypes for t in self.subtypes))
                and (not self.colors or any(c in chars.colors for c in self.colors))
            ):
                found.append(permanent)
        return found

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return self.every or len(self.candidates(game, player, source)) >= self.count

    async def choose(self, game: Game, player: int, source: GameObject) -> tuple[int, ...]:
        candidates = self.candidates(game, player, source)
        if self.every or len(candidates) == self.count:
            return tuple(p.id for p in candidates)
        options = [CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates]
        decision = game.decision(
            DecisionKind.SACRIFICE,
            player,
            options,
            f"{self.text} for {source.name}",
            min=self.count,
            max=self.count,
            rule="601.2h",
        )
        choice = await game.ask(decision)
        return tuple(options[i].object for i in choice.indices)

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        permanents = [game.objects[i] for i in chosen]
        last_known = tuple(game.characteristics(p).copy() for p in permanents)
        await game.sacrifice_all(permanents)
        return last_known


@dataclass(frozen=True, slots=True)
class SacrificeThis(Cost):
    """ "Sacrifice [this]" in the cost of one of its own abilities (CR 602.2, 701.21a)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("sacrifice",)

    text: str = "sacrifice this"

    def times(self, count: int) -> Cost:
        _check_times(self, count)
        if count > 1:
            raise ValueError(f"{self.text}: a permanent can be sacrificed only once (701.21a)")
        return self

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return source.zone is Zone.BATTLEFIELD and source.controller == player

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        last_known = (game.characteristics(source).copy(),)
        await game.sacrifice(source)
        return last_known


@dataclass(frozen=True, slots=True)
class RemoveCountersFromThis(Cost):
    """ "Remove N [kind] counters from [this]" in the cost of one of its own abilities
    (CR 118.3, 122.8): payable only while it has that many."""

    kind: str
    count: int = 1
    text: str = ""
    keyword_actions: ClassVar[tuple[str, ...]] = ()
    """The keyword actions (CR 701) paying it performs, by name ("sacrifice"), as for an
    :attr:`Effect.keyword_actions <manaweave.cards.Effect.keyword_actions>`."""

    def plus(self, other: Cost) -> Cost | None:
        if not isinstance(other, RemoveCountersFromThis) or other.kind != self.kind:
            return None
        return replace(self, count=self.count + other.count, text=_and(self.text, other.text))

    def times(self, count: int) -> Cost:
        _check_times(self, count)
        return replace(self, count=self.count * count, text=_times_text(self.text, count))

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return source.zone is Zone.BATTLEFIELD and source.counters.get(self.kind, 0) >= self.count

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        game.remove_counters(source, self.kind, self.count, rule="122.8")
        return ()


@dataclass(frozen=True, slots=True)
class DiscardCards(Cost):
    """ "Discard a card" as a cost (CR 701.9a): the player chooses which."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("discard",)

    text: str = "discard a card"
    count: int = 1

    def plus(self, other: Cost) -> Cost | None:
        if not isinstance(other, DiscardCards):
            return None
        return replace(self, count=self.count + other.count, text=_and(self.text, other.text))

    def times(self, count: int) -> Cost:
        _check_times(self, count)
        return replace(self, count=self.count * count, text=_times_text(self.text, count))

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        # The card being cast is on the stack by the time costs are paid (601.2a).
        hand = game.players[player].hand
        return sum(1 for c in hand if c.id != source.id) >= self.count

    async def choose(self, game: Game, player: int, source: GameObject) -> tuple[int, ...]:
        options = [CardOption(c.id, c.name) for c in game.players[player].hand if c.id != source.id]
        decision = game.decision(
            DecisionKind.DISCARD,
            player,
            options,
            f"{self.text} for {source.name}",
            min=self.count,
            max=self.count,
            rule="601.2h",
        )
        choice = await game.ask(decision)
        return tuple(options[i].object for i in choice.indices)

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        async with game.simultaneously():
            for card_id in chosen:
                await game.discard(game.objects[card_id], rule="701.9a")
        return ()


@dataclass(frozen=True, slots=True)
class PayLife(Cost):
    """ "Pay N life" (CR 119.4): only with a life total of at least N, 0 life always
    (119.4b). Paying it is losing that much life, which replacement effects and "whenever
    you lose life" abilities see (119.4)."""

    amount: int
    text: str = "pay life"

    def __post_init__(self) -> None:
        if self.amount < 0:
            raise ValueError(f"{self.text}: a negative amount of life ({self.amount}, 119.4)")

    def plus(self, other: Cost) -> Cost | None:
        if not isinstance(other, PayLife):
            return None
        amount = self.amount + other.amount
        return PayLife(amount, f"pay {amount} life")

    def times(self, count: int) -> Cost:
        _check_times(self, count)
        return PayLife(self.amount * count, f"pay {self.amount * count} life")

    def can_pay(self, game: Game, player: int, source: GameObject) -> bool:
        return game.life.can_pay_life(player, self.amount)

    async def pay(
        self, game: Game, player: int, source: GameObject, chosen: tuple[int, ...]
    ) -> tuple[Characteristics, ...]:
        await game.life.pay_life(player, self.amount)
        return ()


def add_costs(*costs: Iterable[Cost]) -> tuple[Cost, ...]:
    """The total of several groups of costs other than mana (an additional cost, 118.8;
    a cost increase, 601.2f), as one group: costs of a kind that adds up become one
    (:meth:`Cost.plus`: "pay 2 life" and "pay 3 life" are "pay 5 life"), the others stay
    as they are, in order. Mana costs add with ``+``."""
    total: list[Cost] = []
    for cost in (c for group in costs for c in group):
        for index, earlier in enumerate(total):
            merged = earlier.plus(cost)
            if merged is not None:
                total[index] = merged
                break
        else:
            total.append(cost)
    return tuple(total)


def multiply_costs(costs: Iterable[Cost], count: int) -> tuple[Cost, ...]:
    """``costs`` paid ``count`` times over ("for each age counter on it, pay 1 life",
    702.24a), each as one cost (:meth:`Cost.times`); none at all for 0. Mana costs
    multiply with ``*``."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        raise ValueError(f"costs are paid a whole number of times, not {count!r}")
    if count == 0:
        return ()
    return add_costs(cost.times(count) for cost in costs)


def _check_times(cost: Cost, count: int) -> None:
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"{cost.text}: a cost is paid a whole number of times, not {count!r}")


def _times_text(text: str, count: int) -> str:
    return text if count == 1 else f"{text} ({count} times)"


def _and(first: str, second: str) -> str:
    return f"{first} and {second}" if first and second else first or second


@dataclass(frozen=True, slots=True)
class AlternativeCost:
    """ "You may [pay this] rather than pay this spell's mana cost" (CR 118.9): a mana part
    (``None`` for none at all) and other costs."""

    text: str
    mana: ManaCost | None = None
    costs: tuple[Cost, ...] = ()


@dataclass(frozen=True, slots=True)
class SpellAddition:
    """Something its caster announces as a spell is cast (CR 601.2b) besides its mode and
    its mana or alternative cost: an additional cost to pay (118.8, paid like the others,
    601.2f-h) and, for some, rules text the spell gains (a text-changing effect, 612.1;
    splice, 702.47a). The spell's own instructions happen first, then each gained text's
    in the order announced (702.47b); targets for gained text are chosen with the
    spell's own (601.2c, 702.47d). A copy of the spell has the gained text and its
    targets too: they are choices made as it was cast (707.10)."""

    text: str
    """How it is logged: ``"splice Glacial Ray"``."""
    mana: ManaCost | None = None
    """Mana added to the total cost (601.2f)."""
    costs: tuple[Cost, ...] = ()
    """Additional costs other than mana."""
    gained: SpellAbility | None = None
    """The instructions and targets the spell gains."""

    def __post_init__(self) -> None:
        gained = self.gained
        if gained is None:
            return
        if gained.modes:
            raise RuleNotImplementedError("700.2", f"{self.text}: gaining a modal text")
        if gained.divided is not None:
            raise RuleNotImplementedError("601.2d", f"{self.text}: gaining a divided effect")
        if gained.uncounterable_if is not None:
            raise RuleNotImplementedError("113.6g", f"{self.text}: gaining 'can't be countered'")


class CastingOption:
    """A rule that lets the caster of any spell announce :class:`SpellAddition` s as they
    cast it (CR 601.2b): splice (702.47) and the like. Plugins contribute these through
    ``mw_collect_casting_options``; the core asks each, in registration order, for every
    spell cast from hand, after its modes and before its costs."""

    async def announce(
        self,
        game: Game,
        player: int,
        spell: GameObject,
        could_complete: Callable[[Sequence[SpellAddition]], bool],
    ) -> tuple[SpellAddition, ...]:
        """What ``player`` announces for ``spell`` (the card being cast). Offer only what
        ``could_complete`` accepts: whether the cast could still be completed with those
        additions (their targets chosen, 702.47b, and the total cost paid with the
        fewest targets, 601.2f); a combination chosen may still turn out unpayable, and
        the cast is then reversed (732.1)."""
        raise NotImplementedError


class AlternativeCasting(Ability):
    """A static ability that lets its card be cast another way (CR 601.3, 702.37d): for
    an alternative cost (118.9), and, with ``face_down``, turned face down before it is
    put onto the stack, as a spell with the face-down values of :data:`FACE_DOWN` (708.4,
    708.2a). It works where the card could be cast from (702.37a: its hand, so far).

    The caster announces ``announcement`` ("morph", 702.37c), which everyone learns; the
    card itself stays hidden from the other players while it is face down (708.5)."""

    announcement: str = ""
    face_down: bool = False

    @property
    def alternative_cost(self) -> AlternativeCost:
        """What is paid rather than the card's mana cost (118.9); cost increases and
        reductions apply to it (118.9d)."""
        raise NotImplementedError

    @property
    def cast_as(self) -> CardDefinition | None:
        """The characteristics the spell has as it is proposed (601.3e, 708.4): the
        face-down values, or ``None`` for the card's own."""
        return GameObject.face_down_values if self.face_down else None


@dataclass(frozen=True, slots=True)
class WithoutPayingManaCost(AlternativeCasting):
    """The permission "You may cast [that card] without paying its mana cost" that an
    effect gives as it resolves (CR 118.9, 608.2g): an alternative cost of no mana."""

    announcement: str = "without paying its mana cost"

    @property
    def alternative_cost(self) -> AlternativeCost:
        """No mana at all rather than the card's mana cost (118.9)."""
        return AlternativeCost("without paying its mana cost")


class TurnsFaceUp(Ability):
    """An ability that lets the controller of a face-down permanent that would have it
    face up turn that permanent face up by paying :attr:`cost`, any time they have
    priority: a special action that doesn't use the stack (CR 116.2b, 708.7), as a morph
    ability does (702.37e). A face-down permanent has no abilities (708.2a), so the
    engine looks for this one among those it would have face up."""

    @property
    def face_up_cost(self) -> ManaCost:
        """The mana paid to turn it face up (shown to all players first, 702.37e)."""
        raise NotImplementedError

    @property
    def keyword(self) -> str:
        """The ability's name, shown with its cost ("morph")."""
        return ""


class AsTurnedFaceUp(Ability):
    """An "As [this] is turned face up, ..." ability: applied while the permanent is being
    turned face up, not afterward (CR 708.11)."""

    async def as_turned_face_up(
        self, game: Game, permanent: GameObject, paid: TurnsFaceUp | None
    ) -> None:
        """Apply it to ``permanent``; ``paid`` is the ability whose cost was paid to turn
        it face up (``None`` if it was turned face up another way)."""
        raise NotImplementedError

"""Limited range of influence (CR 801): who and what is within each player's reach.

A variant gives each player a range (:meth:`Variant.range_of_influence
<manaweave.lowlevel.Variant.range_of_influence>`, ``None`` for unlimited); the players
within it are those at most that many seats away, counted among the players still in the
game, and they are determined as each turn begins (801.2c): a player who leaves brings
the players beyond them into range only at the next turn.

With no limited range anywhere (every game but those given the option), every question
here answers "yes" after one attribute read: the rules code asks them on hot paths.

Besides the questions, :class:`Influence` remembers whose spell or ability is resolving,
so the primitive actions of the game can leave out the objects and players outside its
controller's range (801.10): "each creature" of Pyroclasm becomes each creature in range.
Each primitive action of :class:`~manaweave.lowlevel.Game` that affects one player or
object says which argument that is with :func:`within_range`, the one place that check is
made.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar, cast

from manaweave.cards import TriggerKind

from ._decisions import CardOption, TargetOption
from ._errors import RuleNotImplementedError
from ._objects import GameObject
from ._options import VariantOption
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import TriggerEvent

    from ._game import Game
    from ._layers import Characteristics, ContinuousEffect
    from ._objects import TargetRef

__all__ = [
    "Influence",
    "itself",
    "no_objects",
    "range_of_influence_option",
    "seat_distance",
    "within_range",
]

_Action = TypeVar("_Action", bound=Callable[..., Any])


def range_of_influence_option(default: int | None = None) -> VariantOption:
    """The limited range of influence option (801) with the variant's ``default``: every
    player's range, in seats; ``none`` for the whole table. A variant that offers it
    declares it in :attr:`Variant.options <manaweave.lowlevel.Variant.options>`."""
    return VariantOption(
        "range_of_influence",
        int,
        default,
        "801",
        "how many seats away each player can affect (none: the whole table)",
        minimum=1,
        optional=True,
    )


def seat_distance(seats: list[int], player: int, other: int) -> int:
    """How many seats apart ``player`` and ``other`` sit around the table of ``seats``
    (the players still in the game, in seat order), going whichever way is shorter."""
    apart = abs(seats.index(player) - seats.index(other))
    return min(apart, len(seats) - apart)


class Influence:
    """Each player's range of influence in one game (CR 801), as of the start of the
    current turn (801.2c), and whose spell or ability is resolving (801.10)."""

    __slots__ = ("_effect_controllers", "_game", "_ranges", "_within", "limited")

    def __init__(self, game: Game) -> None:
        self._game = game
        self.limited = False
        """Whether some player's range of influence is limited; if not, everything is
        within everyone's range and every question is answered at once."""
        self._ranges: tuple[int | None, ...] = ()
        self._within: tuple[frozenset[int], ...] = ()
        self._effect_controllers: list[int] = []

    # --- who is within whose range ---------------------------------------------------------

    def determine(self) -> None:
        """Determine the players within each player's range of influence (801.2c): done
        as the game begins and as each turn begins. A player who has left has only
        themselves in range (they can affect nothing any more, 800.4a)."""
        game = self._game
        variant = game.variant
        ranges = tuple(variant.range_of_influence(game, p.id) for p in game.players)
        self._ranges = ranges
        self.limited = any(reach is not None for reach in ranges)
        if not self.limited:
            self._within = ()
            return
        before = self._within
        seats = [p.id for p in game.players if not p.has_left]
        within: list[frozenset[int]] = []
        for state, reach in zip(game.players, ranges, strict=True):
            player = state.id
            if state.has_left:
                within.append(frozenset((player,)))
            elif reach is None:
                within.append(frozenset(seats))
            else:
                within.append(
                    frozenset(o for o in seats if seat_distance(seats, player, o) <= reach)
                )
        self._within = tuple(within)
        if before and before != self._within:
            # What static abilities affect and see depends on the ranges (801.10, 801.11).
            game.derived.invalidate()

    def range_of(self, player: int) -> int | None:
        """``player``'s range of influence in seats, ``None`` if unlimited (801.2a)."""
        return self._ranges[player] if self.limited else None

    def in_range(self, player: int, other: int) -> bool:
        """Whether ``other`` is within ``player``'s range of influence (801.2, 801.2b:
        a player is always within their own)."""
        return not self.limited or player == other or other in self._within[player]

    def players_in_range(self, player: int) -> list[int]:
        """The players still in the game within ``player``'s range, in seat order."""
        game = self._game
        return [p.id for p in game.players if not p.has_left and self.in_range(player, p.id)]

    def object_in_range(self, player: int, obj: GameObject) -> bool:
        """Whether ``obj`` is within ``player``'s range (801.2d): controlled by a player
        within it, or a battle protected by one. A card in no one's control (in a
        graveyard, a library, a hand, exile) is reached through its owner."""
        if not self.limited:
            return True
        if obj.zone is Zone.BATTLEFIELD or obj.zone is Zone.STACK:
            if self.in_range(player, obj.controller):
                return True
            protector = obj.protector
            return protector is not None and self.in_range(player, protector)
        return self.in_range(player, obj.owner)

    def reaches(self, player: int, target: TargetRef) -> bool:
        """Whether a player or an object (by id: a permanent, a card, a spell or an
        ability on the stack) is within ``player``'s range (801.2, 801.4). An object that
        no longer exists is out of reach of no one: whoever asks decides about it."""
        if not self.limited:
            return True
        if isinstance(target, tuple):
            return self.in_range(player, target[1])
        game = self._game
        obj = game.objects.get(target)
        if obj is not None:
            return self.object_in_range(player, obj)
        for item in game.stack:
            if item.id == target:
                return self.in_range(player, item.controller)
        return True

    def may_choose(self, player: int, option: object) -> bool:
        """Whether ``player`` may choose ``option`` of a decision (801.5a): an object or a
        player (a :class:`~manaweave.CardOption` or :class:`~manaweave.TargetOption`)
        within their range and, while a spell or ability resolves, within its
        controller's range too (801.11: it doesn't see what is outside). Any other option
        may be chosen even if it refers to something out of range (801.5b)."""
        if not self.limited:
            return True
        ref: TargetRef
        if isinstance(option, CardOption):
            ref = option.object
        elif isinstance(option, TargetOption):
            if option.object is not None:
                ref = option.object
            elif option.player is not None:
                ref = ("player", option.player)
            else:
                return True
        else:
            return True
        return self.reaches(player, ref) and self.effect_reaches_target(ref)

    def event_within(self, player: int, event: TriggerEvent) -> bool:
        """Whether a trigger event happened entirely within ``player``'s range (801.7):
        its player and the objects it is about, each as the event left it or as it last
        existed before it (801.7a). The beginning of a step belongs to the turn, not to
        any player's reach, so it is within everyone's."""
        if not self.limited:
            return True
        if event.kind is TriggerKind.STEP:
            return True
        if event.player is not None and not self.in_range(player, event.player):
            return False
        for obj in (event.obj, event.other):
            if obj is not None and not self.object_in_range(player, obj):
                return False
        return True

    # --- what a resolving spell or ability may affect (801.10) -----------------------------

    @contextmanager
    def effects_of(self, controller: int) -> Iterator[None]:
        """While a spell or ability that ``controller`` controls resolves: its effects
        affect only what is within ``controller``'s range (801.10)."""
        self._effect_controllers.append(controller)
        try:
            yield
        finally:
            self._effect_controllers.pop()

    @contextmanager
    def outside_effects(self) -> Iterator[None]:
        """While a player acts on their own in the middle of a resolution (paying a cost
        an effect offers, activating mana abilities): what they do is not the effect's."""
        saved = self._effect_controllers
        self._effect_controllers = []
        try:
            yield
        finally:
            self._effect_controllers = saved

    @property
    def resolving(self) -> bool:
        """Whether a spell or ability is resolving (and no player is acting on their own
        in the middle of it)."""
        return bool(self._effect_controllers)

    def effect_reaches_player(self, player: int) -> bool:
        """Whether the resolving spell or ability (if any) may affect ``player`` (801.10);
        always true outside a resolution and with no limited range."""
        if not self.limited or not self._effect_controllers:
            return True
        return self.in_range(self._effect_controllers[-1], player)

    def effect_reaches(self, obj: GameObject) -> bool:
        """Whether the resolving spell or ability (if any) may affect ``obj`` (801.10)."""
        if not self.limited or not self._effect_controllers:
            return True
        return self.object_in_range(self._effect_controllers[-1], obj)

    def effect_reaches_target(self, target: TargetRef) -> bool:
        """:meth:`effect_reaches` or :meth:`effect_reaches_player` for a player or an
        object by id."""
        if not self.limited or not self._effect_controllers:
            return True
        return self.reaches(self._effect_controllers[-1], target)

    def effect_within_range(self, effect: ContinuousEffect) -> ContinuousEffect:
        """``effect``, a continuous effect the resolving spell or ability creates, made to
        affect only objects within its controller's range (801.10): those it locked in as
        it began (611.2c), or, for one that reads the board as it applies, those
        controlled by players within that range at the time."""
        if not self._effect_controllers:
            return effect
        controller = self._effect_controllers[-1]
        if effect.affected is not None:
            game = self._game
            reached = frozenset(
                object_id
                for object_id in effect.affected
                if (obj := game.objects.get(object_id)) is None
                or self.object_in_range(controller, obj)
            )
            return dataclasses.replace(effect, affected=reached)
        applies_to = effect.applies_to
        if applies_to is None:
            return effect

        def applies_within_range(obj: GameObject, characteristics: Characteristics) -> bool:
            return self.object_in_range(controller, obj) and applies_to(obj, characteristics)

        return dataclasses.replace(effect, applies_to=applies_within_range)

    def static_effects_within_range(
        self, effects: Iterable[ContinuousEffect], source: GameObject
    ) -> list[ContinuousEffect]:
        """The continuous effects of a static ability of ``source``, made to affect only
        objects within the range of influence of its controller (801.10) and to see only
        the objects within it when they read the board (801.11: Coat of Arms counts only
        the creatures within its controller's range)."""
        return [self._static_effect_within_range(effect, source) for effect in effects]

    def _static_effect_within_range(
        self, effect: ContinuousEffect, source: GameObject
    ) -> ContinuousEffect:
        changes: dict[str, object] = {}
        applies_to = effect.applies_to
        if applies_to is not None:

            def applies_within_range(obj: GameObject, characteristics: Characteristics) -> bool:
                return self.object_in_range(source.controller, obj) and applies_to(
                    obj, characteristics
                )

            changes["applies_to"] = applies_within_range
        board_modify = effect.board_modify
        if board_modify is not None:

            def modify_seeing_range(
                target: Characteristics, board: Mapping[int, Characteristics]
            ) -> None:
                controller = source.controller
                seen = {
                    object_id: characteristics
                    for object_id, characteristics in board.items()
                    if self.in_range(controller, characteristics.controller)
                }
                board_modify(target, seen)

            changes["board_modify"] = modify_seeing_range
        return dataclasses.replace(effect, **changes) if changes else effect  # type: ignore[arg-type]

    # --- draws (801.16) ----------------------------------------------------------------------

    def drawn_by_loop(self, involved: set[int] | None) -> set[int]:
        """The players still in the game for whom a loop of mandatory actions is a draw
        (801.16): those who control its objects (``involved``) and those within their
        ranges. ``None``: who controls its objects is not known (a loop of state-based
        actions); that is answered only if every player reaches every other, and raises
        :class:`RuleNotImplementedError` otherwise."""
        game = self._game
        remaining = {p.id for p in game.players if not p.has_left}
        if involved is None:
            # Whoever is involved, a draw for everyone if everyone reaches everyone.
            if all(remaining <= set(self.players_in_range(p)) for p in remaining):
                return remaining
            raise RuleNotImplementedError(
                "801.16", "a loop of state-based actions with a limited range of influence"
            )
        return {other for player in involved for other in self.players_in_range(player)}


def itself(subject: object) -> object:
    """For :func:`within_range`: an action left undone returns what it was given (the
    object that did not move)."""
    return subject


def no_objects(subject: object) -> list[Any]:
    """For :func:`within_range`: an action left undone returns no objects (no card
    drawn, no token created)."""
    return []


def _nothing(subject: object) -> None:
    return None


def within_range(
    *,
    player: str | None = None,
    object: str | None = None,
    target: str | None = None,
    otherwise: Callable[[Any], object] = _nothing,
    unless: str | None = None,
) -> Callable[[_Action], _Action]:
    """Decorate a method of the game that performs a primitive action on one player,
    object or target (a player or an object by id), named by the parameter given as
    ``player=``, ``object=`` or ``target=``: while a spell or ability resolves, the action
    affects only what is within its controller's range of influence (801.10), and for
    anything outside it the method does nothing and returns ``otherwise(argument)``
    (``None`` by default; :func:`itself`, :func:`no_objects`). ``unless`` names a flag
    parameter that, when true, exempts the call (tapping to pay a cost is the player's
    own act, not the effect's). The method may be a coroutine function."""
    kinds = {"player": player, "object": object, "target": target}
    named = [(kind, name) for kind, name in kinds.items() if name is not None]
    if len(named) != 1:
        raise TypeError("within_range takes exactly one of player=, object= or target=")
    kind, parameter = named[0]
    questions: dict[str, Callable[[Influence, Any], bool]] = {
        "player": Influence.effect_reaches_player,
        "object": Influence.effect_reaches,
        "target": Influence.effect_reaches_target,
    }
    reaches = questions[kind]

    def decorate(action: _Action) -> _Action:
        names = list(inspect.signature(action).parameters)
        position = names.index(parameter) - 1  # among the arguments after the game
        flag = names.index(unless) - 1 if unless is not None else None
        is_coroutine = inspect.iscoroutinefunction(action)

        @functools.wraps(action)
        def checked(game: Any, *args: Any, **kwargs: Any) -> Any:
            influence: Influence = game.influence
            # Only while a spell or ability resolves with some range limited (801.10).
            if influence.limited and influence._effect_controllers:
                subject = args[position] if len(args) > position else kwargs[parameter]
                exempt = unless is not None and (
                    args[flag] if flag is not None and len(args) > flag else kwargs.get(unless)
                )
                if not exempt and not reaches(influence, subject):
                    left_alone = otherwise(subject)
                    return _finished(left_alone) if is_coroutine else left_alone
            return action(game, *args, **kwargs)

        return cast("_Action", checked)

    return decorate


async def _finished(value: object) -> object:
    return value

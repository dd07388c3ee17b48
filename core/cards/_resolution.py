"""What an effect sees as its spell or ability resolves (CR 608.2): :class:`Resolution`, the
:class:`Effect` base, and the recipients an effect may name instead of a target."""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Final, Literal, TypeVar

from manaweave._engine._layers import Characteristics, ContinuousEffect, Duration, Layer

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject, StackItem, TargetRef

    from ._amounts import Amount
    from ._triggers import TriggerEvent


@dataclass(slots=True)
class Resolution:
    """What an effect sees while its spell or ability resolves (CR 608.2).

    ``targets`` holds one entry per target: an object id, ``("player", n)``, or
    ``None`` where that target has become illegal (608.2b: it is not affected).
    """

    game: Game
    item: StackItem
    controller: int
    targets: tuple[int | tuple[str, int] | None, ...]
    event: TriggerEvent | None = None
    """For a triggered ability, the event that triggered it ("that player", 603.2)."""
    last_known: dict[int, GameObject] = field(default_factory=dict)
    """Targets as they last existed before an earlier instruction of this resolution
    moved them ("Destroy target creature. Its controller ..."), by their old id: the
    later instructions use that last known information (608.2h)."""

    def recipient(self, target: Recipient) -> TargetRef | None:
        """The object id or ``("player", n)`` an effect's ``target`` (a target index,
        ``YOU``, ``SELF``, ``THAT_PLAYER``, ``THAT_CREATURE`` or ``ENCHANTED``) means now,
        or ``None`` if there is none (an illegal target, a source that left)."""
        return _recipient(self, target)

    def amount(self, amount: int | Amount) -> int:
        """A number an effect was given, worked out now if it is an :class:`Amount`."""
        return _amount(amount, self)


class Effect:
    """One instruction of a spell or ability's effect (CR 609)."""

    text: ClassVar[str] = ""
    keyword_actions: ClassVar[tuple[str, ...]] = ()
    """The keyword actions (CR 701) it performs, by name ("destroy"): a card whose text
    has it is refused in a game where no plugin defines one of them (the plugin is
    turned off), rather than played without its rule. An ability or cost that performs
    one declares it the same way."""

    async def resolve(self, resolution: Resolution) -> None:
        """Carry out this instruction."""
        raise NotImplementedError


YOU: Final = "you"
"""Where an effect takes a target index: the controller of the spell or ability."""
THAT_PLAYER: Final = "that player"
"""Where an effect takes a target index: the player of the event that triggered it."""
SELF: Final = "self"
"""Where an effect takes a target index: the ability's source, if it is still the same
object on the battlefield (400.7)."""
THAT_CREATURE: Final = "that creature"
"""Where an effect takes a target index: the other creature of the block that triggered
it (the creature blocked, or the one blocking, 509.3b, 509.3d), if it is still the same
object on the battlefield (400.7)."""
ENCHANTED: Final = "enchanted"
"""Where an effect takes a target index: the permanent the ability's source (an Aura) is
attached to now ("enchanted creature", 303.4b), if the source is on the battlefield."""

Recipient = int | Literal["you", "that player", "self", "that creature", "enchanted"]
"""Whom an effect applies to: a target index, ``YOU``, ``THAT_PLAYER``, ``SELF``,
``THAT_CREATURE`` or ``ENCHANTED``. The card language names it ``player`` where it is
always a player (``GainLife(3, player=YOU)``, ``LoseLife(2, player=0)``) and ``target``
where it may be an object (``DealDamage(3, target=0)``, ``Destroy(target=0)``)."""

_Class = TypeVar("_Class", bound=type)


def renamed_fields(**old_names: str) -> Callable[[_Class], _Class]:
    """Keep the old keyword of a renamed field working, with a
    :class:`DeprecationWarning` naming the new one: ``@renamed_fields(target="player")``
    above ``@dataclass`` makes ``LoseLife(2, target=0)`` ``LoseLife(2, player=0)``. For
    the card language's public classes, whose keywords cards of other sets use."""

    def decorate(cls: _Class) -> _Class:
        init: Callable[..., None] = cls.__init__  # type: ignore[misc]

        @functools.wraps(init)
        def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
            for old, new in old_names.items():
                if old not in kwargs:
                    continue
                if new in kwargs:
                    raise TypeError(f"{cls.__name__}() takes {new}= (formerly {old}=), not both")
                warnings.warn(
                    f"{cls.__name__}({old}=...) is now {cls.__name__}({new}=...)",
                    DeprecationWarning,
                    stacklevel=2,
                )
                kwargs[new] = kwargs.pop(old)
            init(self, *args, **kwargs)

        cls.__init__ = __init__  # type: ignore[misc]
        return cls

    return decorate


def _recipient(resolution: Resolution, target: Recipient) -> int | tuple[str, int] | None:
    """The object or player an effect applies to, or ``None`` if there is none now."""
    if target == YOU:
        return ("player", resolution.controller)
    if target == THAT_PLAYER:
        event = resolution.event
        if event is None or event.player is None:
            return None
        return ("player", event.player)
    if target == SELF:
        source = resolution.item.source
        obj = resolution.game.objects.get(source)
        return source if obj is not None and obj.zone.value == "battlefield" else None
    if target == THAT_CREATURE:
        other = resolution.event.other if resolution.event is not None else None
        obj = resolution.game.objects.get(other.id) if other is not None else None
        return obj.id if obj is not None and obj.zone.value == "battlefield" else None
    if target == ENCHANTED:
        game = resolution.game
        aura = game.objects.get(resolution.item.source)
        if aura is None or aura.zone.value != "battlefield":
            # An Aura that has left the battlefield still tells which creature it enchanted,
            # as it last existed there (608.2h, 113.7a).
            aura = resolution.item.source_snapshot
        if aura.zone.value != "battlefield" or aura.attached_to is None:
            return None
        enchanted = game.objects.get(aura.attached_to)
        if enchanted is None or enchanted.zone.value != "battlefield":
            return None
        return enchanted.id
    return resolution.targets[int(target)]


def _lock_on(
    resolution: Resolution,
    target: Recipient,
    layer: Layer,
    modify: Callable[[Characteristics], None],
    description: str,
    duration: Duration,
) -> None:
    """Start a resolving spell's or ability's continuous effect on one object, locked in
    as it begins (CR 611.2c)."""
    chosen = _recipient(resolution, target)
    if isinstance(chosen, int):
        game = resolution.game
        game.add_continuous_effect(
            ContinuousEffect(
                layer=layer,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=frozenset((chosen,)),
                modify=modify,
                duration=duration,
                description=description,
                controller=resolution.controller,
            )
        )


def _amount(amount: int | Amount, resolution: Resolution) -> int:
    return amount if isinstance(amount, int) else amount.value(resolution)

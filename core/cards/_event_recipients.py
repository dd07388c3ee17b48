"""The recipients that name something of the triggering event ("that player", "that
creature", CR 603.2, 603.7c), which trigger events give them a meaning, and the check that
a card uses them only where they have one."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields, is_dataclass
from functools import cache
from types import MappingProxyType
from typing import Final

from manaweave._engine._errors import CardDefinitionError

from ._resolution import THAT_CREATURE, THAT_PLAYER
from ._target_specs import TargetSpec
from ._triggers import TriggeredAbility, TriggerKind, WhenThatLeaves

EVENT_PLAYER: Final[Mapping[TriggerKind, str | None]] = MappingProxyType(
    {
        TriggerKind.ENTERS: "the controller of the permanent that entered",
        TriggerKind.LEAVES: "the controller of the permanent that left, as it last existed",
        TriggerKind.DIES: "the controller of the creature that died, as it last existed",
        TriggerKind.STEP: "the active player",
        TriggerKind.CAST: "the player who cast the spell",
        TriggerKind.ATTACKS: "the attacking player",
        TriggerKind.BLOCKS: "the defending player, who declared the block",
        TriggerKind.BLOCKS_CREATURE: "the defending player, who declared the block",
        TriggerKind.DRAWS: "the player who drew the card",
        TriggerKind.DISCARDS: "the player who discarded the card (its owner)",
        TriggerKind.STATE: None,
        TriggerKind.DEALS_DAMAGE: "the player dealt damage (none if a permanent was)",
        TriggerKind.BECOMES_TARGET: "the controller of the spell or ability that targets it",
        TriggerKind.BECOMES_TAPPED: "the controller of the permanent that became tapped",
        TriggerKind.TAPPED_FOR_MANA: "the player who tapped the permanent for mana",
        TriggerKind.GAINS_LIFE: "the player who gained life",
        TriggerKind.LOSES_LIFE: "the player who lost life",
        TriggerKind.COUNTER_REMOVED: "the controller of the permanent",
        TriggerKind.REFLEXIVE: None,
        TriggerKind.TURNED_FACE_UP: "the controller of the permanent turned face up",
        TriggerKind.COUNTERS_ADDED: "the controller of the permanent",
        TriggerKind.REVEALED: "the player who revealed the card",
    }
)
"""Whom "that player" (:data:`THAT_PLAYER`, and a target "that player controls") means in
an ability triggered by each kind of event: the event's ``player``
(:attr:`TriggerEvent.player`). ``None`` where the kind names no player of its own (a state
trigger's or a reflexive trigger's "player" is only the ability's controller: say ``YOU``)."""

EVENTS_WITH_ANOTHER_CREATURE: Final = frozenset({TriggerKind.BLOCKS_CREATURE})
"""The kinds of events with a creature on the other side (:attr:`TriggerEvent.other`),
which "that creature" (:data:`THAT_CREATURE`) means: one creature blocking another
(509.3b, 509.3d)."""


def event_recipients(kind: TriggerKind | None) -> frozenset[str]:
    """The recipients naming something of the triggering event that mean something in an
    ability triggered by ``kind`` (``None``: a spell, or an activated or static ability,
    which no event triggers)."""
    meaningful: set[str] = set()
    if kind is not None and EVENT_PLAYER[kind] is not None:
        meaningful.add(THAT_PLAYER)
    if kind in EVENTS_WITH_ANOTHER_CREATURE:
        meaningful.add(THAT_CREATURE)
    return frozenset(meaningful)


_CONSTANT_NAMES: Final = {THAT_PLAYER: "THAT_PLAYER", THAT_CREATURE: "THAT_CREATURE"}


def check_event_recipients(card_name: str, parts: tuple[object, ...]) -> None:
    """Raise :class:`~manaweave.CardDefinitionError` if any ability or spell of the card
    ``card_name`` (``parts``, and everything they contain: effects, amounts, delayed and
    granted triggered abilities) names "that player" or "that creature" where its
    triggering event has none."""
    for part in parts:
        for recipient, where, ability, kind in _event_recipients(part, None, None, frozenset()):
            if recipient in event_recipients(kind):
                continue
            raise CardDefinitionError(_message(card_name, recipient, where, ability, kind))


def _message(
    card_name: str,
    recipient: str,
    where: str,
    ability: TriggeredAbility | None,
    kind: TriggerKind | None,
) -> str:
    named = f"{_CONSTANT_NAMES[recipient]} ({recipient!r})"
    if ability is None or kind is None:
        return (
            f"{card_name}: {where} names {named} outside a triggered ability: no event "
            "triggered it, so there is no such player or creature (603.2)"
        )
    text = f" {ability.text!r}" if ability.text else ""
    trigger = type(ability.trigger).__name__
    if recipient == THAT_CREATURE:
        why = (
            "only a block of one creature by another has a creature on the other side "
            "(TriggerKind.BLOCKS_CREATURE: WheneverBlocksACreature, "
            "WheneverBecomesBlockedByACreature, WheneverBlocksOrBecomesBlockedByACreature)"
        )
    else:
        why = "that event has no player of its own: say YOU for the ability's controller"
    return (
        f"{card_name}: {where} names {named} in the triggered ability{text}, but its "
        f"trigger {trigger} watches the {kind.value!r} event (TriggerKind.{kind.name}): "
        f"{why}"
    )


def _event_recipients(
    value: object,
    ability: TriggeredAbility | None,
    kind: TriggerKind | None,
    seen: frozenset[int],
) -> Iterator[tuple[str, str, TriggeredAbility | None, TriggerKind | None]]:
    """Each (recipient, where, triggered ability, its event kind) in ``value``, walking
    the values of frozen dataclasses and tuples; a triggered ability inside another (a
    delayed trigger, one granted) is checked against its own event."""
    if id(value) in seen:
        return
    if isinstance(value, tuple | list | frozenset):
        for item in value:
            yield from _event_recipients(item, ability, kind, seen)
        return
    if not is_dataclass(value) or isinstance(value, type):
        return
    seen = seen | {id(value)}
    if isinstance(value, TriggeredAbility):
        ability, kind = value, value.trigger.kind
    elif isinstance(value, WhenThatLeaves):
        # Its effects are a delayed ability triggered by the object leaving (603.7a).
        kind = TriggerKind.LEAVES
    if isinstance(value, TargetSpec):
        if value.that_players:
            yield THAT_PLAYER, f"the target {value.text!r}", ability, kind
        return
    owner = type(value).__name__
    for name, holds_recipients in _fields(type(value)):
        field_value = getattr(value, name)
        if holds_recipients:
            for recipient in _strings(field_value):
                if recipient in _CONSTANT_NAMES:
                    yield recipient, f"{owner}.{name}", ability, kind
        yield from _event_recipients(field_value, ability, kind, seen)


@cache
def _fields(cls: type) -> tuple[tuple[str, bool], ...]:
    """A dataclass's fields, each with whether its type says it holds recipients."""
    return tuple((f.name, _names_recipient(f.type)) for f in fields(cls))


def _names_recipient(annotation: object) -> bool:
    if isinstance(annotation, str):  # postponed annotations (PEP 563)
        return "Recipient" in annotation
    return repr(THAT_PLAYER) in repr(annotation)  # the Literal of Recipient, evaluated


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, tuple):
        for item in value:
            yield from _strings(item)

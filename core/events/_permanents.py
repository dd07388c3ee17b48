"""Records of what happens to permanents and of effects: tapping, counters, attachments,
control, destruction and regeneration, continuous, replacement and prevention effects."""

from __future__ import annotations

from collections.abc import Sequence

from ._record import OMITTED, EventRecord, Omitted

__all__ = [
    "AuraAttached",
    "AuraStayed",
    "CardNameChosen",
    "ControlChanged",
    "CountersAdded",
    "CountersRemoved",
    "DamagePrevented",
    "DestroyFailed",
    "EffectCreated",
    "EventReplaced",
    "PermanentAttached",
    "PermanentRegenerated",
    "PermanentTapped",
    "PermanentUnattached",
    "PermanentUntapped",
    "RegenerationShieldCreated",
    "TimestampsOrdered",
]


class PermanentTapped(EventRecord, event="permanent_tapped", state_check=False):
    """The permanent ``object`` became tapped (rule 701.26a); the ``rule`` says why: 605.3b
    for a mana ability, 602.2b for a {T} cost, 508.1f for an attacking creature."""

    object: int


class PermanentUntapped(EventRecord, event="permanent_untapped", state_check=False):
    """The permanent ``object`` became untapped (rule 502.3 in the untap step)."""

    object: int


class DestroyFailed(EventRecord, event="destroy_failed"):
    """The permanent ``object`` (``card``, its name as every player may know it) would
    have been destroyed but can't be (rule 702.12b for indestructible, 701.8a otherwise)."""

    object: int
    card: str


class AuraAttached(EventRecord, event="aura_attached"):
    """The Aura ``object`` entered the battlefield attached to ``attached_to``: what its
    spell targeted (rule 303.4b) or what was chosen as it entered (rule 303.4f)."""

    object: int
    attached_to: int


class AuraStayed(EventRecord, event="aura_stayed"):
    """The Aura card ``object`` (``card``) had nothing to enchant as it would be put onto
    the battlefield, so it stayed in ``zone`` (rule 303.4g)."""

    object: int
    card: str
    zone: str


class CountersAdded(EventRecord, event="counters_added"):
    """``count`` counters of ``kind`` were put on ``object`` (rule 122.6; 614.1c as it
    entered; 714.3b a Saga's lore counter), which has ``total`` of them now."""

    object: int
    kind: str
    count: int
    total: int


class CountersRemoved(EventRecord, event="counters_removed"):
    """``count`` counters of ``kind`` were removed from ``object`` (rule 704.5q as +1/+1 and
    -1/-1 counters annihilate, or by an effect), which has ``total`` of them now."""

    object: int
    kind: str
    count: int
    total: int


class EffectCreated(EventRecord, event="effect_created"):
    """A resolving spell or ability, ``source``, created a continuous effect (rule 611.2)
    on the ``affected`` objects in ``layer`` (a layer's rule, ``None`` for a prevention,
    replacement or combat effect: rules 615.1, 614.1), lasting ``duration``."""

    source: int
    affected: Sequence[int]
    layer: str | None
    duration: str
    description: str


class DamagePrevented(EventRecord, event="damage_prevented"):
    """The prevention effect ``text`` of ``source`` prevented ``amount`` damage that
    ``damage_source``, controlled by ``damage_source_controller``, would have dealt to
    ``target`` (an id or ``"player:<seat>"``; rule 615.6, 615.7 for a shield, or the rule
    of the ability, such as 702.16e)."""

    source: int
    text: str
    damage_source: int
    damage_source_controller: int
    target: int | str
    amount: int


class EventReplaced(EventRecord, event="event_replaced"):
    """The replacement effect ``text`` of ``source``, controlled by ``player``, modified an
    event. Which fields follow depends on the event:

    - a permanent entered tapped (rule 614.1d): none;
    - a zone change (rule 614.1a; 701.19a-b for regeneration): ``object``, ``to_zone``
      (``None`` where it stays) and ``instead_of``, the zone it would have gone to;
    - tapping or untapping (rule 614.1a): ``object`` and ``instead_of``;
    - a draw (rule 614.11): ``instead_of`` ``"draw"``, ``drawer`` and ``to_drawer``;
    - damage (rule 614.1a, 614.9 for a redirection): ``damage_source``,
      ``damage_source_controller`` (the seat controlling it), ``target``, ``amount``,
      ``to_target``, ``to_amount`` and, for a redirection of part of it, ``kept``;
    - an event with an amount (rule 614.1a): ``instead_of`` (``"tokens"``, ``"counters"``,
      ``"life gain"`` or ``"life loss"``), ``amount``, ``to_amount`` (``None``: none is
      left), and ``creator`` and ``card``, ``object`` and ``kind``, ``gainer`` or ``loser``.
    """

    source: int
    text: str
    object: int | Omitted = OMITTED
    to_zone: str | Omitted | None = OMITTED
    instead_of: str | Omitted = OMITTED
    drawer: int | Omitted = OMITTED
    to_drawer: int | Omitted | None = OMITTED
    damage_source: int | Omitted = OMITTED
    damage_source_controller: int | Omitted = OMITTED
    target: int | str | Omitted = OMITTED
    amount: int | Omitted = OMITTED
    to_target: int | str | Omitted = OMITTED
    to_amount: int | Omitted | None = OMITTED
    kept: int | Omitted = OMITTED
    creator: int | Omitted = OMITTED
    card: str | Omitted = OMITTED
    kind: str | Omitted = OMITTED
    loser: int | Omitted = OMITTED
    gainer: int | Omitted = OMITTED


class RegenerationShieldCreated(EventRecord, event="regeneration_shield_created"):
    """A resolving spell or ability of ``source`` regenerated ``object``: the next time it
    would be destroyed this turn, it is regenerated instead (rule 701.19a)."""

    source: int
    object: int


class PermanentRegenerated(EventRecord, event="permanent_regenerated"):
    """A regeneration shield replaced the destruction of ``object``: its damage was removed,
    it was tapped and removed from combat (rule 701.19a)."""

    object: int


class ControlChanged(EventRecord, event="control_changed"):
    """``player`` controls ``object`` now, ``previous`` did before, because a
    control-changing effect began or ended (rule 613.1b)."""

    object: int
    previous: int


class PermanentAttached(EventRecord, event="permanent_attached"):
    """An effect attached the Aura, Equipment or Fortification ``object`` to
    ``attached_to`` (rule 701.3a)."""

    object: int
    attached_to: int


class PermanentUnattached(EventRecord, event="permanent_unattached"):
    """The permanent ``object`` became unattached and stayed on the battlefield (rules
    704.5n, 704.5p)."""

    object: int


class TimestampsOrdered(EventRecord, event="timestamps_ordered"):
    """The active player ordered the timestamps of permanents that entered at the same
    moment, ``objects`` earliest first (rule 613.7m)."""

    objects: Sequence[int]


class CardNameChosen(EventRecord, event="card_name_chosen"):
    """As ``object`` was about to enter the battlefield (its id before the move),
    ``player`` chose the card name ``name`` for it (rule 614.12), as for Pithing Needle."""

    object: int
    name: str

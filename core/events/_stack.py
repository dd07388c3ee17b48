"""Records of spells and abilities: casting, activating, triggering, copying, resolving,
countering, and the mana paid for them.

Targets are logged as object ids or ``"player:<seat>"``; ``None`` is a target left unchosen
of a variable number (115.6) where a chosen one follows it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._record import OMITTED, EventRecord, Omitted

__all__ = [
    "AbilityActivated",
    "AbilityCopied",
    "AbilityCountered",
    "AbilityFizzled",
    "AbilityRemoved",
    "AbilityResolved",
    "AbilityStacked",
    "AbilityTriggered",
    "CastReversed",
    "CounterFailed",
    "DelayedTriggerCreated",
    "ManaAdded",
    "ManaEmptied",
    "ManaSpent",
    "ResolutionStarted",
    "SpellCast",
    "SpellCopied",
    "SpellCountered",
    "SpellFizzled",
    "TargetsChanged",
]


class SpellCast(EventRecord, event="spell_cast"):
    """The spell ``object`` became cast: its costs are paid (rule 601.2i). ``card`` is
    ``None`` for a spell cast face down (708.4). Logged only when they apply: ``x``, the
    value announced for X (107.3a); ``modes``, the chosen modes' indices (700.2a);
    ``division``, the damage for each target (601.2d); ``alternative_cost`` (118.9);
    ``additions``, what else the caster announced (601.2b, 702.47a); ``face_down``."""

    object: int
    card: str | None
    targets: Sequence[int | str | None]
    x: int | Omitted = OMITTED
    modes: Sequence[int] | Omitted = OMITTED
    division: Sequence[int] | Omitted = OMITTED
    alternative_cost: str | Omitted = OMITTED
    additions: Sequence[str] | Omitted = OMITTED
    face_down: bool | Omitted = OMITTED


class CastReversed(EventRecord, event="cast_reversed"):
    """A player started to cast ``card`` but its total ``cost`` can't be paid, so the cast
    is undone for ``reason`` (rule 732.1)."""

    card: str | None
    cost: str
    reason: str


class SpellCopied(EventRecord, event="spell_copied"):
    """A copy ``object`` of the spell ``original`` was put onto the stack (rule 707.10),
    with its ``targets`` after any new ones were chosen (707.10c)."""

    object: int
    original: int
    card: str | None
    targets: Sequence[int | str | None]


class AbilityCopied(EventRecord, event="ability_copied"):
    """A copy ``object`` of the ability ``original`` of ``source`` was put onto the stack
    (rule 707.10), with its ``targets`` after any new ones were chosen (707.10c)."""

    object: int
    original: int
    source: int
    text: str
    targets: Sequence[int | str | None]


class TargetsChanged(EventRecord, event="targets_changed"):
    """``player`` changed the targets of the spell or ability ``object`` from ``before``
    to ``targets`` (rules 115.7a-d)."""

    object: int
    before: Sequence[int | str | None]
    targets: Sequence[int | str | None]


class ManaAdded(EventRecord, event="mana_added", state_check=False):
    """``mana`` was added to ``player``'s mana pool (rule 106.4) by an ability of
    ``source`` (``None``: by an effect)."""

    mana: Sequence[str]
    source: int | None


class ManaSpent(EventRecord, event="mana_spent", state_check=False):
    """``mana`` was paid from ``player``'s pool for ``cost`` (rule 601.2h, or the rule of a
    cost paid as a spell or ability resolves)."""

    mana: Sequence[str]
    cost: str


class ManaEmptied(EventRecord, event="mana_emptied", state_check=False):
    """Unspent ``mana`` left ``player``'s pool at the end of a step (rule 106.4)."""

    mana: Sequence[str]


class ResolutionStarted(EventRecord, event="resolution_started"):
    """The top object of the stack, ``object``, starts to resolve (rule 608.1); what it
    does carries this line's ``seq`` as ``cause``."""

    object: int


class SpellCountered(EventRecord, event="spell_countered"):
    """The spell ``object`` was countered (rule 701.6a)."""

    object: int
    card: str


class CounterFailed(EventRecord, event="counter_failed"):
    """The spell ``object`` can't be countered and stays on the stack (rule 113.6g)."""

    object: int


class AbilityCountered(EventRecord, event="ability_countered"):
    """The ability ``object`` of ``source`` was countered (rule 701.6a)."""

    object: int
    source: int


class SpellFizzled(EventRecord, event="spell_fizzled"):
    """The resolving spell ``object`` had only illegal targets left, so it does not
    resolve (rule 608.2b)."""

    object: int


class AbilityActivated(EventRecord, event="ability_activated"):
    """``player`` activated the (non-mana) ability ``text`` of ``source``: it is ``object``
    on the stack, its costs paid (rule 602.2). Logged only when they apply: ``division``
    (602.2b, 601.2d); ``total_cost``, where effects changed what it cost (601.2f, 606.5)."""

    object: int
    source: int
    text: str
    targets: Sequence[int | str | None]
    division: Sequence[int] | Omitted = OMITTED
    total_cost: str | Omitted = OMITTED


class AbilityTriggered(EventRecord, event="ability_triggered"):
    """The ability ``text`` of ``source`` (named ``card``) triggered on the event whose
    ``seq`` is ``trigger`` (rule 603.2, or 603.12 for a reflexive ability)."""

    source: int
    card: str
    text: str
    trigger: int


class DelayedTriggerCreated(EventRecord, event="delayed_trigger_created"):
    """A resolving spell or ability created the delayed triggered ability ``text`` with the
    source ``source`` (rules 603.7a, 603.7e)."""

    source: int
    text: str


class AbilityStacked(EventRecord, event="ability_stacked"):
    """A triggered ability was put on the stack as ``object``, its targets chosen (rules
    603.3, 603.3d); ``division`` only for an ability that divides damage (601.2d)."""

    object: int
    source: int
    text: str
    targets: Sequence[int | str | None]
    division: Sequence[int] | Omitted = OMITTED


class AbilityRemoved(EventRecord, event="ability_removed"):
    """A triggered ability left without doing anything: with no legal target as it would
    be put on the stack (rule 603.3d: ``source``, ``text`` and ``cause``, the
    ``ability_triggered`` line) or with its intervening "if" false as it resolved (rule
    603.4: ``object``), or whose controller left the game before it was put on the stack
    (rule 800.4d: ``source``, ``text`` and ``cause``)."""

    object: int | Omitted = OMITTED
    source: int | Omitted = OMITTED
    text: str | Omitted = OMITTED
    cause: int | Omitted = OMITTED


class AbilityResolved(EventRecord, event="ability_resolved"):
    """The ability ``object`` finished resolving and left the stack (rule 608.2n, or 603.5
    when its controller chose not to do what it "may" do)."""

    object: int


class AbilityFizzled(EventRecord, event="ability_fizzled"):
    """The resolving ability ``object`` had only illegal targets left and leaves the stack
    without doing anything (rule 608.2b)."""

    object: int

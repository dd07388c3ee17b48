"""The events the engine logs, one record class each.

Every change of a game is logged as one line of the event log (``docs/event-log.md``
describes each line and field). Rules code logs an event by building its record and
handing it to the game, which returns the event's ``seq``::

    from manaweave.events import LifeChanged

    seq = game.emit(LifeChanged(rule="120.3a", player=0, delta=-3, life=17))

A record class is named after its log name in the past tense (``LifeChanged`` for
``life_changed``), which it gives at class creation (``event="life_changed"``). Its fields
are keyword-only: the common ones of :class:`EventRecord` (``rule``, ``player``,
``visibility``), then its own, logged in the order they are declared after the common
fields the event bus adds (``turn``, ``step``, ``cause``). An optional field defaults to
:data:`OMITTED` and is left out of the line unless given; ``None`` is logged as ``null``.

Logged is not the same as state changed: after most events state-based actions must be
checked again before a player gets priority (704.3), but a class created with
``state_check=False`` says no state-based action looks at what its events change
(decisions, turn structure, tapping, mana, shuffling), and the game does not check again
for them.

A plugin logs its own events the same way, with a record class of its own (a log name
another class already has is an error)::

    from manaweave.events import EventRecord

    class BountyClaimed(EventRecord, event="bounty_claimed"):
        \"\"\"A player claimed a bounty.\"\"\"

        amount: int

The base
    ``EventRecord``: the base of every record; ``EventRecordType`` its metaclass.
    ``OMITTED``, ``Omitted``: the value (and its type) of an optional field not given.
    ``COMMON_FIELDS``: the fields every record has.
    ``record_classes``: every record class defined so far, by log name.

The game, its turns and its players
    ``GameStarted``, ``StartingPlayerChosen``, ``MulliganTaken``, ``TurnBegan``,
    ``TurnMarkerChanged``,
    ``StepBegan``, ``DecisionMade``, ``DecisionRejected``, ``PreferencesChanged``,
    ``PlayerRaised``,
    ``PlayerConceded``, ``CleanupPerformed``, ``EffectsEnded``, ``ExtraTurnAdded``,
    ``SkipCreated``, ``Skipped``, ``RuleAbilityAdded``, ``StateBasedActionsPerformed``,
    ``PlayerCountersAdded``, ``LossPrevented``, ``PlayerLost``, ``GameDrawn``,
    ``PlayerLeft``, ``GameEnded``, ``GameInterrupted``.

Zones, libraries, tokens, hidden and revealed cards
    ``ZoneChangeRecord``: the fields of every zone change, and its kinds: ``CardDrawn``,
    ``LandPlayed``, ``SpellProposed``, ``PermanentEntered``, ``ObjectMoved``,
    ``CardDiscarded``, ``Sacrificed``, ``Manifested``.
    ``LibraryShuffled``, ``LibrarySearched``, ``CardsMilled``, ``DrawFailed``,
    ``LibraryTopRevealed``, ``RevealEnded``, ``CardsRevealed``, ``TokenCreated``,
    ``ObjectCeased``, ``EmblemCreated``, ``FaceDownIdentified``, ``FaceUpTurned``,
    ``FaceDownRevealed``.

Spells, abilities and mana
    ``SpellCast``, ``CastReversed``, ``SpellCopied``, ``AbilityCopied``,
    ``TargetsChanged``, ``ManaAdded``, ``ManaSpent``, ``ManaEmptied``,
    ``ResolutionStarted``, ``SpellCountered``, ``CounterFailed``, ``AbilityCountered``,
    ``SpellFizzled``, ``AbilityActivated``, ``AbilityTriggered``,
    ``DelayedTriggerCreated``, ``AbilityStacked``, ``AbilityRemoved``, ``AbilityResolved``,
    ``AbilityFizzled``.

Permanents and effects
    ``PermanentTapped``, ``PermanentUntapped``, ``DestroyFailed``, ``AuraAttached``,
    ``AuraStayed``, ``CountersAdded``, ``CountersRemoved``, ``EffectCreated``,
    ``DamagePrevented``, ``EventReplaced``, ``RegenerationShieldCreated``,
    ``PermanentRegenerated``, ``ControlChanged``, ``PermanentAttached``,
    ``PermanentUnattached``, ``TimestampsOrdered``, ``CardNameChosen``.

Combat, damage and life
    ``AttackersDeclared``, ``CombatCostPaid``, ``AttackerAdded``, ``BlockerAdded``,
    ``BlockersDeclared``, ``CombatDamageAssigned``, ``DamageAssignmentRejected``,
    ``DamageDealt``, ``LifeChanged``, ``TeamDeclarationRejected``.
"""

from __future__ import annotations

from ._combat import (
    AttackerAdded,
    AttackersDeclared,
    BlockerAdded,
    BlockersDeclared,
    CombatCostPaid,
    CombatDamageAssigned,
    DamageAssignmentRejected,
    DamageDealt,
    LifeChanged,
    TeamDeclarationRejected,
)
from ._game import (
    CleanupPerformed,
    DecisionMade,
    DecisionRejected,
    EffectsEnded,
    ExtraTurnAdded,
    GameDrawn,
    GameEnded,
    GameInterrupted,
    GameStarted,
    LossPrevented,
    MulliganTaken,
    PlayerConceded,
    PlayerCountersAdded,
    PlayerLeft,
    PlayerLost,
    PlayerRaised,
    PreferencesChanged,
    RuleAbilityAdded,
    SkipCreated,
    Skipped,
    StartingPlayerChosen,
    StateBasedActionsPerformed,
    StepBegan,
    TurnBegan,
    TurnMarkerChanged,
)
from ._permanents import (
    AuraAttached,
    AuraStayed,
    CardNameChosen,
    ControlChanged,
    CountersAdded,
    CountersRemoved,
    DamagePrevented,
    DestroyFailed,
    EffectCreated,
    EventReplaced,
    PermanentAttached,
    PermanentRegenerated,
    PermanentTapped,
    PermanentUnattached,
    PermanentUntapped,
    RegenerationShieldCreated,
    TimestampsOrdered,
)
from ._record import (
    COMMON_FIELDS,
    OMITTED,
    EventRecord,
    EventRecordType,
    Omitted,
    record_classes,
)
from ._stack import (
    AbilityActivated,
    AbilityCopied,
    AbilityCountered,
    AbilityFizzled,
    AbilityRemoved,
    AbilityResolved,
    AbilityStacked,
    AbilityTriggered,
    CastReversed,
    CounterFailed,
    DelayedTriggerCreated,
    ManaAdded,
    ManaEmptied,
    ManaSpent,
    ResolutionStarted,
    SpellCast,
    SpellCopied,
    SpellCountered,
    SpellFizzled,
    TargetsChanged,
)
from ._zones import (
    CardDiscarded,
    CardDrawn,
    CardsMilled,
    CardsRevealed,
    DrawFailed,
    EmblemCreated,
    FaceDownIdentified,
    FaceDownRevealed,
    FaceUpTurned,
    LandPlayed,
    LibrarySearched,
    LibraryShuffled,
    LibraryTopRevealed,
    Manifested,
    ObjectCeased,
    ObjectMoved,
    PermanentEntered,
    RevealEnded,
    Sacrificed,
    SpellProposed,
    TokenCreated,
    ZoneChangeRecord,
)

__all__ = [
    "COMMON_FIELDS",
    "OMITTED",
    "AbilityActivated",
    "AbilityCopied",
    "AbilityCountered",
    "AbilityFizzled",
    "AbilityRemoved",
    "AbilityResolved",
    "AbilityStacked",
    "AbilityTriggered",
    "AttackerAdded",
    "AttackersDeclared",
    "AuraAttached",
    "AuraStayed",
    "BlockerAdded",
    "BlockersDeclared",
    "CardDiscarded",
    "CardDrawn",
    "CardNameChosen",
    "CardsMilled",
    "CardsRevealed",
    "CastReversed",
    "CleanupPerformed",
    "CombatCostPaid",
    "CombatDamageAssigned",
    "ControlChanged",
    "CounterFailed",
    "CountersAdded",
    "CountersRemoved",
    "DamageAssignmentRejected",
    "DamageDealt",
    "DamagePrevented",
    "DecisionMade",
    "DecisionRejected",
    "DelayedTriggerCreated",
    "DestroyFailed",
    "DrawFailed",
    "EffectCreated",
    "EffectsEnded",
    "EmblemCreated",
    "EventRecord",
    "EventRecordType",
    "EventReplaced",
    "ExtraTurnAdded",
    "FaceDownIdentified",
    "FaceDownRevealed",
    "FaceUpTurned",
    "GameDrawn",
    "GameEnded",
    "GameInterrupted",
    "GameStarted",
    "LandPlayed",
    "LibrarySearched",
    "LibraryShuffled",
    "LibraryTopRevealed",
    "LifeChanged",
    "LossPrevented",
    "ManaAdded",
    "ManaEmptied",
    "ManaSpent",
    "Manifested",
    "MulliganTaken",
    "ObjectCeased",
    "ObjectMoved",
    "Omitted",
    "PermanentAttached",
    "PermanentEntered",
    "PermanentRegenerated",
    "PermanentTapped",
    "PermanentUnattached",
    "PermanentUntapped",
    "PlayerConceded",
    "PlayerCountersAdded",
    "PlayerLeft",
    "PlayerLost",
    "PlayerRaised",
    "PreferencesChanged",
    "RegenerationShieldCreated",
    "ResolutionStarted",
    "RevealEnded",
    "RuleAbilityAdded",
    "Sacrificed",
    "SkipCreated",
    "Skipped",
    "SpellCast",
    "SpellCopied",
    "SpellCountered",
    "SpellFizzled",
    "SpellProposed",
    "StartingPlayerChosen",
    "StateBasedActionsPerformed",
    "StepBegan",
    "TargetsChanged",
    "TeamDeclarationRejected",
    "TimestampsOrdered",
    "TokenCreated",
    "TurnBegan",
    "TurnMarkerChanged",
    "ZoneChangeRecord",
    "record_classes",
]

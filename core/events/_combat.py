"""Records of combat, damage and life.

A damage target is logged as an object id or ``"player:<seat>"``; an attack as ``[creature,
defending player]`` or ``[creature, defending player, planeswalker or battle]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from ._record import OMITTED, EventRecord, Omitted

__all__ = [
    "AttackerAdded",
    "AttackersDeclared",
    "BlockerAdded",
    "BlockersDeclared",
    "CombatCostPaid",
    "CombatDamageAssigned",
    "DamageAssignmentRejected",
    "DamageDealt",
    "LifeChanged",
    "TeamDeclarationRejected",
]


class AttackersDeclared(EventRecord, event="attackers_declared"):
    """The active player declared ``attackers``, possibly none (rule 508.1)."""

    attackers: Sequence[Sequence[int | str]]


class CombatCostPaid(EventRecord, event="combat_cost_paid"):
    """``player`` paid the total ``cost`` to attack or block with ``creatures`` (rules
    508.1j, 509.1f)."""

    cost: str
    creatures: Sequence[int]


class AttackerAdded(EventRecord, event="attacker_added"):
    """A creature put onto the battlefield attacking was added to combat without being
    declared, as ``attacker`` (rule 508.4)."""

    attacker: Sequence[int | str]


class BlockerAdded(EventRecord, event="blocker_added"):
    """A creature put onto the battlefield blocking, ``blocker``, was added to combat
    without being declared, blocking ``attacker`` (rule 509.4)."""

    blocker: int
    attacker: int


class BlockersDeclared(EventRecord, event="blockers_declared"):
    """A defending player declared ``blockers``, ``[blocking creature, attacking creature]``
    pairs, possibly none (rule 509.1)."""

    blockers: Sequence[Sequence[int]]


class CombatDamageAssigned(EventRecord, event="combat_damage_assigned"):
    """All combat damage of the step was assigned: ``assignments`` are ``[source, target,
    amount]`` triples (rule 510.1), and ``source_controllers`` the seat controlling each
    assignment's source, in the same order."""

    assignments: Sequence[Sequence[int | str]]
    source_controllers: Sequence[int]


class DamageAssignmentRejected(EventRecord, event="damage_assignment_rejected"):
    """The attacking player's total combat damage assignment was illegal for ``reason`` and
    is made again (rules 510.1e, 732.1)."""

    reason: str


class TeamDeclarationRejected(EventRecord, event="team_declaration_rejected"):
    """A team's players declared attackers or blockers (``declaration``: ``attack`` or
    ``block``) that its last player could not complete into one declaration legal as a
    whole, for ``reason``; the team declares again (rules 805.10b, 805.10d). ``player``
    is the team's first player."""

    declaration: str
    reason: str


class DamageDealt(EventRecord, event="damage_dealt"):
    """``source`` (``source_name``), controlled by ``source_controller`` (as it last
    existed if it has left its zone, rule 113.7a), dealt ``amount`` damage to the player
    ``to_player`` or to the permanent ``to_object`` (``to_name``); ``combat`` says whether
    it is combat damage (rule 510.2 for combat damage, 120.3 otherwise)."""

    source: int
    source_name: str
    source_controller: int
    to_player: int | Omitted = OMITTED
    to_object: int | Omitted = OMITTED
    to_name: str | Omitted = OMITTED
    amount: int
    combat: bool


class LifeChanged(EventRecord, event="life_changed"):
    """``player``'s life total changed by ``delta`` to ``life``; the ``rule`` says why
    (rule 120.3a damage, 702.15b lifelink, 119.4 life paid, ...). ``source``
    (``source_name``), controlled by ``source_controller``, is what caused it: the source
    of the damage (120.3), the source with lifelink (702.15b), the spell or the ability's
    source whose effect it is; ``None`` when no source did (life paid as a cost, 119.4)."""

    delta: int
    life: int
    source: int | None = None
    source_name: str | None = None
    source_controller: int | None = None

"""Combat damage: the first-strike and regular combat damage steps (CR 510).

Each attacking and blocking creature assigns its combat damage (510.1), in the first
combat damage step if it has first strike or double strike (702.7b, 702.4b), then all of
it is dealt at once (510.2). What keyword abilities change comes through the ability
classes of :mod:`manaweave.cards`: the first combat damage step
(:class:`~manaweave.cards.CombatDamageStep`), damage beyond lethal damage to blockers
(:class:`~manaweave.cards.ExcessCombatDamage`) and what counts as lethal damage
(:class:`~manaweave.cards.ChangesLethalDamage`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from manaweave.cards import (
    ChangesLethalDamage,
    CombatDamageStep,
    ExcessCombatDamage,
)
from manaweave.events import CombatDamageAssigned, DamageAssignmentRejected

from ._combat import Combat
from ._decisions import (
    DamageSplits,
    DecisionKind,
    TieredDamageSplits,
)
from ._game import Game
from ._objects import GameObject, TargetRef
from ._turn import Step

__all__ = [
    "deal_combat_damage",
    "first_strike_step_happens",
    "lethal_damage",
]


def _strikes_first(game: Game, creature: GameObject) -> bool:
    return any(
        a.in_first_step for a in game.characteristics(creature).abilities_of(CombatDamageStep)
    )


def _strikes_again(game: Game, creature: GameObject) -> bool:
    return any(
        a.in_second_step for a in game.characteristics(creature).abilities_of(CombatDamageStep)
    )


def first_strike_step_happens(game: Game) -> bool:
    """Whether an attacking or blocking creature has first strike or double strike as
    the combat damage step begins, so that the phase has two combat damage steps (510.4)."""
    combat = game.combat
    if combat is None or not combat.declared:
        return False
    return any(
        _strikes_first(game, game.objects[c]) for c in combat.in_combat() if c in game.objects
    )


def _assigns_now(game: Game, combat: Combat, creature: GameObject, step: Step) -> bool:
    """Whether ``creature`` assigns combat damage in this combat damage step (510.4)."""
    if step is Step.FIRST_STRIKE_DAMAGE:
        return combat.struck_first is not None and creature.id in combat.struck_first
    if combat.struck_first is None:
        return True
    return creature.id not in combat.struck_first or _strikes_again(game, creature)


def lethal_damage(
    game: Game, source: GameObject, creature: GameObject, assigned_by_others: int
) -> int:
    """How much combat damage from ``source`` is lethal damage to ``creature`` (CR
    702.19b): its toughness less the damage marked on it and the damage other creatures
    are assigning it in this step, as an ability of the source changes it (702.2c)."""
    chars = game.characteristics(creature)
    lethal = max(0, (chars.toughness or 0) - creature.damage - assigned_by_others)
    if lethal > 0:
        for ability in game.characteristics(source).abilities_of(ChangesLethalDamage):
            lethal = ability.lethal_damage(game, source, creature, lethal)
    return lethal


def _beyond_blockers(game: Game, combat: Combat, attacker: GameObject) -> tuple[TargetRef, ...]:
    """Where an attacking creature's damage may go beyond its blockers (702.19b-e): the
    longest such chain any of its abilities gives (trample over planeswalkers reaches
    further than trample, and instances of one are redundant, 702.19g)."""
    chain: tuple[TargetRef, ...] = ()
    for ability in game.characteristics(attacker).abilities_of(ExcessCombatDamage):
        found = ability.beyond_blockers(
            game, attacker, combat.attacked(attacker.id), combat.attackers[attacker.id]
        )
        if len(found) > len(chain):
            chain = found
    return chain


def _threshold(
    game: Game,
    source: GameObject,
    recipient: TargetRef,
    assigned: dict[TargetRef, int],
    assignments: Sequence[tuple[GameObject, TargetRef, int]] = (),
) -> int:
    """What must be assigned to ``recipient`` before damage may go on past it: lethal
    damage to a creature (702.19b), a planeswalker's loyalty (702.19c), a battle's
    defense; damage other creatures are assigning it in this step counts, and what one
    of them assigns a creature is lethal damage if its abilities make it so (any
    nonzero amount from a source with deathtouch, 702.2c)."""
    if isinstance(recipient, tuple):
        return 0
    permanent = game.objects.get(recipient)
    if permanent is None:
        return 0
    already = assigned.get(recipient, 0)
    types = game.characteristics(permanent).types
    if "Creature" in types:
        if any(
            other is not source
            and to == recipient
            and amount >= lethal_damage(game, other, permanent, 0)
            for other, to, amount in assignments
        ):
            return 0
        return lethal_damage(game, source, permanent, already)
    if "Planeswalker" in types:
        return max(0, permanent.counters.get("loyalty", 0) - already)
    if "Battle" in types:
        return max(0, permanent.counters.get("defense", 0) - already)
    return 0


async def deal_combat_damage(game: Game, step: Step = Step.COMBAT_DAMAGE) -> None:
    """Assign and then deal all combat damage of this combat damage step simultaneously
    (CR 510.1-510.2, 510.4): the active player assigns their attackers' damage, then
    each defending player their blockers'."""
    combat = game.combat
    assert combat is not None
    if step is Step.FIRST_STRIKE_DAMAGE:
        combat.struck_first = frozenset(
            c for c in combat.in_combat() if _strikes_first(game, game.objects[c])
        )
    assignments: list[tuple[GameObject, TargetRef, int]] = []
    assigned: dict[TargetRef, int] = {}

    def assign(source: GameObject, recipient: TargetRef, amount: int) -> None:
        if isinstance(recipient, tuple) and game.players[recipient[1]].has_left:
            return  # no combat damage is assigned to a player who has left (800.4e)
        if amount:
            assignments.append((source, recipient, amount))
            assigned[recipient] = assigned.get(recipient, 0) + amount

    attackers = [
        game.objects[a]
        for a in combat.attackers
        if _assigns_now(game, combat, game.objects[a], step)
        and (game.characteristics(game.objects[a]).power or 0) > 0  # 510.1a
    ]
    chains = {a.id: _beyond_blockers(game, combat, a) for a in attackers}
    # Creatures whose assignment depends on damage others assign (702.19b) go last.
    attackers.sort(key=lambda a: bool(chains[a.id]))
    for _attempt in range(game.variant.max_decision_attempts):
        assignments.clear()
        assigned.clear()
        for index, attacker in enumerate(attackers):
            await _assign_attacker(
                game, combat, attacker, chains, attackers[index + 1 :], assignments, assign
            )
        problem = _illegal_total(game, combat, attackers, chains, assignments, assigned)
        if problem is None:
            break
        # The whole assignment is illegal: the game returns to the moment before the
        # player began to assign combat damage (510.1e, 732.1).
        game.emit(
            DamageAssignmentRejected(
                rule="510.1e",
                player=game.active_player,
                reason=problem,
            )
        )
        if game.players[game.active_player].has_left:
            return
    else:
        game.lose(game.active_player, "too many illegal choices", rule="104.3a")
        return
    for defender in game.turn_order_from(game.active_player):
        for blocker_id, blocked in list(combat.blockers.items()):
            blocker = game.objects[blocker_id]
            if blocker.controller != defender or not _assigns_now(game, combat, blocker, step):
                continue
            power = game.characteristics(blocker).power or 0
            still = tuple(a for a in blocked if a in combat.attackers)
            if power <= 0 or not still:
                continue  # 510.1a, 510.1d
            if len(still) == 1:
                assign(blocker, still[0], power)
            else:
                await _divide(game, blocker, power, DamageSplits(power, still), assign)
    seq = game.emit(
        CombatDamageAssigned(
            rule="510.1",
            assignments=[[s.id, _target_log(t), a] for s, t, a in assignments],
            source_controllers=[s.controller for s, _t, _a in assignments],
        )
    )
    with game.caused_by(seq):
        await game.deal_damage_simultaneously(assignments, combat=True)


async def _assign_attacker(
    game: Game,
    combat: Combat,
    attacker: GameObject,
    chains: dict[int, tuple[TargetRef, ...]],
    later: list[GameObject],
    assignments: list[tuple[GameObject, TargetRef, int]],
    assign: Callable[[GameObject, TargetRef, int], None],
) -> None:
    """Ask how one attacking creature assigns its combat damage (510.1b-c, 702.19b-c).
    Damage the attackers assigned before it counts toward lethal damage; so may damage
    the attackers assigned after it could still assign to the same recipients (510.1e):
    the total is checked once all are assigned (:func:`_illegal_total`)."""
    power = game.characteristics(attacker).power or 0
    blockers = tuple(combat.blocked_by.get(attacker.id, ()))
    chain = chains[attacker.id]
    attacked = combat.attacked(attacker.id)
    if not attacker.blocked and not chain:
        # An unblocked creature damages what it attacks, if anything (510.1b).
        if attacked is not None:
            assign(attacker, attacked, power)
        return
    if not chain:
        if len(blockers) == 1:
            assign(attacker, blockers[0], power)  # 510.1c
        elif blockers:
            await _divide(game, attacker, power, DamageSplits(power, blockers), assign)
        return
    if not blockers and len(chain) == 1:
        assign(attacker, chain[0], power)  # 702.19d, 702.19e
        return
    assigned: dict[TargetRef, int] = {}
    for _source, recipient, amount in assignments:
        assigned[recipient] = assigned.get(recipient, 0) + amount
    thresholds = tuple(
        max(
            0,
            _threshold(game, attacker, r, assigned, assignments)
            - _could_still_assign(game, combat, r, later),
        )
        for r in (*blockers, *chain)
    )
    splits = TieredDamageSplits(power, blockers, chain, thresholds)
    await _divide(game, attacker, power, splits, assign)


def _could_still_assign(
    game: Game, combat: Combat, recipient: TargetRef, later: list[GameObject]
) -> int:
    """How much damage the attackers still to be assigned could assign to ``recipient``:
    one that could assign a creature lethal damage by itself (with deathtouch, 702.2c)
    could cover all of its toughness."""
    permanent = game.objects.get(recipient) if isinstance(recipient, int) else None
    if permanent is not None and not game.is_creature(permanent):
        permanent = None
    total = 0
    for other in later:
        blocked_by = combat.blocked_by.get(other.id, ())
        if recipient not in blocked_by and recipient != combat.attacked(other.id):
            continue
        power = game.characteristics(other).power or 0
        if permanent is not None and power >= lethal_damage(game, other, permanent, 0):
            power = max(power, game.characteristics(permanent).toughness or 0)
        total += power
    return total


def _illegal_total(
    game: Game,
    combat: Combat,
    attackers: list[GameObject],
    chains: dict[int, tuple[TargetRef, ...]],
    assignments: list[tuple[GameObject, TargetRef, int]],
    assigned: dict[TargetRef, int],
) -> str | None:
    """What makes the attacking player's total assignment illegal (510.1e), if anything:
    an attacker with trample that assigned damage past a blocker (or a planeswalker, for
    trample over planeswalkers) whose lethal damage (loyalty) the total doesn't reach
    (702.19b-c)."""
    for attacker in attackers:
        chain = chains[attacker.id]
        if not chain:
            continue
        order = (*combat.blocked_by.get(attacker.id, ()), *chain)
        given = {t: a for s, t, a in assignments if s is attacker}
        reached = [i for i, r in enumerate(order) if given.get(r, 0) and r in chain]
        if not reached:
            continue
        others = {r: assigned.get(r, 0) - given.get(r, 0) for r in order}
        for recipient in order[: max(reached)]:
            needed = _threshold(game, attacker, recipient, others, assignments)
            if given.get(recipient, 0) < needed:
                past = (
                    f"{game.objects[recipient].public_name} #{recipient}"
                    if isinstance(recipient, int)
                    else "a player"
                )
                return (
                    f"{attacker.public_name} assigned damage past {past}, which the total "
                    "doesn't assign lethal damage (702.19b)"
                )
    return None


async def _divide(
    game: Game,
    source: GameObject,
    power: int,
    splits: DamageSplits | TieredDamageSplits,
    assign: Callable[[GameObject, TargetRef, int], None],
) -> None:
    """Ask ``source``'s controller how its combat damage is divided (510.1c-d, 702.19b)."""
    combat = game.combat
    assert combat is not None
    decision = game.decision(
        DecisionKind.DAMAGE_ASSIGNMENT,
        source.controller,
        splits,
        f"divide {power} damage from {source.name}",
        rule="510.1c" if source.id in combat.attackers else "510.1d",
    )
    choice = await game.ask(decision)
    if source.id not in combat.attackers and source.id not in combat.blockers:
        return  # its controller left the game while deciding (800.4a, 506.4)
    split = splits[choice.indices[0]]
    for recipient, amount in zip(split.recipients, split.amounts, strict=True):
        assign(source, recipient, amount)


def _target_log(target: TargetRef) -> int | str:
    return target if isinstance(target, int) else f"player:{target[1]}"

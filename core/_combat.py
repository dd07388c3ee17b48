"""Combat: declaring attackers and blockers and dealing combat damage (CR 506-511).

This is the basic combat of a game without combat keywords: first strike, double
strike, trample and the other keyword abilities come as keyword plugins.
"""

from __future__ import annotations

from ._decisions import Attack, Block, CardOption, DamageSplits, DecisionKind
from ._game import Game
from ._objects import GameObject, TargetRef
from ._replacement import PreventNextDamage
from .cards import GetsAsLongAs, IsAttacking, TriggerEvent, TriggerKind

__all__ = ["Combat", "deal_combat_damage", "declare_attackers", "declare_blockers"]


class Combat:
    """Who attacks whom and who blocks whom in the current combat phase (CR 506)."""

    __slots__ = ("attacked_planeswalkers", "attackers", "blocked_by", "blockers", "declared")

    def __init__(self) -> None:
        self.declared = False
        """Whether any creature was declared as an attacker, even if since removed (508.8)."""
        self.attackers: dict[int, int] = {}
        """Attacking creature id -> the defending player: the player it attacks, or the
        controller of the planeswalker it attacks (508.5)."""
        self.attacked_planeswalkers: dict[int, int | None] = {}
        """Attacking creature id -> the planeswalker it attacks, for those attacking one;
        ``None`` once that planeswalker is removed from combat (510.1b)."""
        self.blockers: dict[int, int] = {}
        """Blocking creature id -> the attacking creature it blocks."""
        self.blocked_by: dict[int, list[int]] = {}
        """Attacking creature id -> its blockers, in the order declared."""

    def remove(self, permanent: int) -> None:
        """Remove a permanent from combat (CR 506.4): a creature stops attacking or
        blocking (a blocked creature stays blocked), a planeswalker stops being attacked."""
        self.attackers.pop(permanent, None)
        self.attacked_planeswalkers.pop(permanent, None)
        for attacker, planeswalker in self.attacked_planeswalkers.items():
            if planeswalker == permanent:
                self.attacked_planeswalkers[attacker] = None
        blocked = self.blockers.pop(permanent, None)
        if blocked is not None and blocked in self.blocked_by:
            self.blocked_by[blocked].remove(permanent)


def _can_attack(game: Game, creature: GameObject) -> bool:
    # Untapped, and either haste or controlled since the turn began (CR 508.1a, 302.6).
    return not creature.tapped and not game.has_summoning_sickness(creature)


async def declare_attackers(game: Game) -> None:
    """The active player declares attackers (CR 508.1); they become tapped (508.1f)."""
    combat = Combat()
    game.combat = combat
    player = game.active_player
    candidates = [c for c in game.creatures(player) if _can_attack(game, c)]
    defenders = game.variant.attackable_players(game, player)
    if not candidates or not defenders:
        game.emit("attackers_declared", rule="508.1", player=player, attackers=[])
        return
    # Each creature attacks a defending player or a planeswalker they control (508.1b).
    targets: list[tuple[int, GameObject | None]] = [(d, None) for d in defenders]
    targets += [
        (d, p)
        for d in defenders
        for p in game.battlefield
        if p.controller == d and "Planeswalker" in game.characteristics(p).types
    ]
    options = [
        Attack(c.id, c.public_name, d, p.id if p else None, p.name if p else "")
        for c in candidates
        for d, p in targets
    ]
    decision = game.decision(
        DecisionKind.ATTACKERS,
        player,
        options,
        "declare attackers",
        min=0,
        max=len(candidates),
        groups=[o.attacker for o in options],
    )
    choice = await game.ask(decision)
    chosen = [options[i] for i in choice.indices]
    combat.declared = bool(chosen)
    for option in chosen:
        creature = game.objects[option.attacker]
        await game.tap(creature, rule="508.1f")
        combat.attackers[creature.id] = option.defender
        if option.planeswalker is not None:
            combat.attacked_planeswalkers[creature.id] = option.planeswalker
        combat.blocked_by[creature.id] = []
    if chosen and _combat_matters(game):
        game.changed()  # "as long as it's attacking" (611.3b) applies now
    seq = game.emit(
        "attackers_declared",
        rule="508.1",
        player=player,
        attackers=[_attack_log(o) for o in chosen],
    )
    for option in chosen if game.watching else ():
        # Abilities that trigger on attackers being declared trigger (508.1m).
        creature = game.objects[option.attacker]
        game.notice(TriggerEvent(TriggerKind.ATTACKS, seq, player, creature))


async def declare_blockers(game: Game) -> None:
    """Each defending player, in turn order, declares blockers (CR 509.1)."""
    combat = game.combat
    assert combat is not None
    for defender in game.turn_order_from(game.active_player):
        attacking_them = [a for a, d in combat.attackers.items() if d == defender]
        if not attacking_them:
            continue
        candidates = [c for c in game.creatures(defender) if not c.tapped]
        options = [
            Block(b.id, b.public_name, a, game.objects[a].public_name)
            for b in candidates
            for a in attacking_them
        ]
        chosen: list[Block] = []
        if options:
            decision = game.decision(
                DecisionKind.BLOCKERS,
                defender,
                options,
                "declare blockers",
                min=0,
                max=len(candidates),
                groups=[o.blocker for o in options],
            )
            choice = await game.ask(decision)
            chosen = [options[i] for i in choice.indices]
        for option in chosen:
            combat.blockers[option.blocker] = option.attacker
            combat.blocked_by[option.attacker].append(option.blocker)
        game.emit(
            "blockers_declared",
            rule="509.1",
            player=defender,
            blockers=[[o.blocker, o.attacker] for o in chosen],
        )
    for attacker, blockers in combat.blocked_by.items():
        # An attacker with blockers declared becomes blocked (509.1h).
        if blockers:
            game.objects[attacker].blocked = True


async def deal_combat_damage(game: Game) -> None:
    """Assign and then deal all combat damage simultaneously (CR 510.1-510.2)."""
    combat = game.combat
    assert combat is not None
    assignments: list[tuple[GameObject, TargetRef, int]] = []
    for attacker_id in list(combat.attackers):
        attacker = game.objects[attacker_id]
        power = game.characteristics(attacker).power or 0
        if power <= 0:
            continue  # 510.1a
        if not attacker.blocked:
            # An unblocked creature damages the player or planeswalker it attacks, and
            # none if it attacks a planeswalker that has been removed from combat (510.1b).
            if attacker_id not in combat.attacked_planeswalkers:
                assignments.append((attacker, ("player", combat.attackers[attacker_id]), power))
            elif _still_attacked(game, combat.attacked_planeswalkers[attacker_id]):
                planeswalker = combat.attacked_planeswalkers[attacker_id]
                assert planeswalker is not None
                assignments.append((attacker, planeswalker, power))
            continue
        blockers = combat.blocked_by.get(attacker_id, [])
        if len(blockers) == 1:
            assignments.append((attacker, blockers[0], power))
        elif len(blockers) > 1:
            # Divided among its blockers as its controller chooses (510.1c).
            splits = DamageSplits(power, tuple(blockers))
            decision = game.decision(
                DecisionKind.DAMAGE_ASSIGNMENT,
                attacker.controller,
                splits,
                f"divide {power} damage from {attacker.name} among its blockers",
            )
            choice = await game.ask(decision)
            if attacker_id not in combat.attackers:
                continue  # its controller left the game while deciding (800.4a, 506.4)
            split = splits[choice.indices[0]]
            for blocker, amount in zip(split.recipients, split.amounts, strict=True):
                if amount:
                    assignments.append((attacker, blocker, amount))
    for blocker_id, attacker_id in list(combat.blockers.items()):
        blocking = game.objects[blocker_id]
        power = game.characteristics(blocking).power or 0
        if power > 0 and attacker_id in combat.attackers:
            assignments.append((blocking, attacker_id, power))  # 510.1d
    if game.replacement_effects:
        assignments = await _order_for_shields(game, assignments)
    seq = game.emit(
        "combat_damage_assigned",
        rule="510.1",
        assignments=[[s.id, _target_log(t), a] for s, t, a in assignments],
    )
    with game.caused_by(seq):
        for source, target, amount in assignments:
            await game.deal_damage(source, target, amount, combat=True)


async def _order_for_shields(
    game: Game, assignments: list[tuple[GameObject, TargetRef, int]]
) -> list[tuple[GameObject, TargetRef, int]]:
    """Where a prevention shield protects a player or permanent that several sources
    damage at once, that player or the permanent's controller chooses which damage the
    shield prevents (615.7): the damage is dealt in the order they choose."""
    # In the order the shields were created, not a set's: decisions must be replayable.
    shielded = dict.fromkeys(
        e.protected for e in game.replacement_effects if isinstance(e, PreventNextDamage)
    )
    ordered = list(assignments)
    for recipient in shielded:
        mine = [i for i, (_, target, _) in enumerate(ordered) if target == recipient]
        if len(mine) < 2:
            continue
        chooser = game.player_of(recipient)
        remaining = [ordered[i] for i in mine]
        chosen: list[tuple[GameObject, TargetRef, int]] = []
        while len(remaining) > 1:
            options = [
                CardOption(s.id, f"{s.public_name} #{s.id}: {a} damage") for s, _, a in remaining
            ]
            decision = game.decision(
                DecisionKind.SHIELD,
                chooser,
                options,
                "choose the damage a prevention shield prevents first",
            )
            choice = await game.ask(decision)
            chosen.append(remaining.pop(choice.indices[0]))
        chosen.extend(remaining)
        for slot, assignment in zip(mine, chosen, strict=True):
            ordered[slot] = assignment
    return ordered


def _combat_matters(game: Game) -> bool:
    return any(p.template.depends_on_combat for p in game.battlefield) or any(
        isinstance(a, GetsAsLongAs) and isinstance(a.condition, IsAttacking)
        for a in game.abilities_granted_by_effects()
    )


def _still_attacked(game: Game, planeswalker: int | None) -> bool:
    # A planeswalker that stopped being one is removed from combat (506.4).
    obj = game.objects.get(planeswalker) if planeswalker is not None else None
    return obj is not None and "Planeswalker" in game.characteristics(obj).types


def _attack_log(option: Attack) -> list[int | str]:
    if option.planeswalker is None:
        return [option.attacker, option.defender]
    return [option.attacker, option.defender, option.planeswalker]


def _target_log(target: TargetRef) -> int | str:
    return target if isinstance(target, int) else f"player:{target[1]}"


def end_combat(game: Game) -> None:
    """Remove every creature from combat as the end of combat step ends (CR 511.3)."""
    if game.combat is not None:
        for creature_id in game.combat.attackers:
            creature = game.objects.get(creature_id)
            if creature is not None:
                creature.blocked = False
        if game.combat.attackers and _combat_matters(game):
            game.changed()
    game.combat = None

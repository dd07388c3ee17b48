"""Combat: declaring attackers and blockers, and leaving combat (CR 506-509, 511).

Combat damage (CR 510) is :mod:`manaweave._engine._combat_damage`.

The core knows no keyword: what keyword abilities change in combat comes through the
ability classes of :mod:`manaweave.cards` that their plugins subclass: restrictions and
requirements on attacking and blocking (:class:`~manaweave.cards.AttackRestriction`,
:class:`~manaweave.cards.AttackRequirement`, :class:`~manaweave.cards.BlockRestriction`,
:class:`~manaweave.cards.BlockRequirement`), blocking several creatures
(:class:`~manaweave.cards.BlocksAdditionalCreatures`), attacking without tapping
(:class:`~manaweave.cards.AttacksWithoutTapping`), the first combat damage step
(:class:`~manaweave.cards.CombatDamageStep`), damage beyond lethal damage to blockers
(:class:`~manaweave.cards.ExcessCombatDamage`) and what counts as lethal damage
(:class:`~manaweave.cards.ChangesLethalDamage`).
"""

from __future__ import annotations

import itertools
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from manaweave.cards import (
    Ability,
    AttackCost,
    AttackRequirement,
    AttackRestriction,
    AttacksWithoutTapping,
    BlockCost,
    BlockRequirement,
    BlockRestriction,
    BlocksAdditionalCreatures,
    CombatCost,
    Cost,
    PayLife,
    TriggerEvent,
    TriggerKind,
)
from manaweave.events import (
    AttackerAdded,
    AttackersDeclared,
    BlockerAdded,
    BlockersDeclared,
    CombatCostPaid,
    TeamDeclarationRejected,
)

from ._decisions import (
    Attack,
    Block,
    CardOption,
    DecisionKind,
    Named,
)
from ._errors import RuleNotImplementedError
from ._mana import ManaCost, can_pay
from ._objects import GameObject, TargetRef
from ._priority import _choose_payment, _pay, mana_sources
from ._team_turns import team_in_turn_order
from ._turn import Step
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game

__all__ = [
    "Combat",
    "DeclarationChecks",
    "attack_options",
    "attackers_facing",
    "block_options",
    "could_attack",
    "could_block",
    "declare_attackers",
    "declare_blockers",
    "end_combat",
    "put_into_combat_attacking",
    "put_into_combat_blocking",
]

_A = TypeVar("_A", bound=Ability)
_O = TypeVar("_O", Attack, Block)


class Combat:
    """Who attacks what and who blocks whom in the current combat phase (CR 506)."""

    __slots__ = (
        "attacked_permanents",
        "attackers",
        "blocked_by",
        "blockers",
        "declared",
        "struck_first",
    )

    def __init__(self) -> None:
        self.declared = False
        """Whether any creature was declared as an attacker or put onto the battlefield
        attacking, even if since removed (508.8)."""
        self.attackers: dict[int, int] = {}
        """Attacking creature id -> the defending player: the player it attacks, the
        controller of the planeswalker or the protector of the battle it attacks (508.5)."""
        self.attacked_permanents: dict[int, int | None] = {}
        """Attacking creature id -> the planeswalker or battle it attacks, for those
        attacking one; ``None`` once that permanent is removed from combat (506.4c)."""
        self.blockers: dict[int, list[int]] = {}
        """Blocking creature id -> the attacking creatures it blocks (509.1a, 509.1g)."""
        self.blocked_by: dict[int, list[int]] = {}
        """Attacking creature id -> its blockers, in the order declared."""
        self.struck_first: frozenset[int] | None = None
        """The attacking and blocking creatures that had first strike or double strike as
        the first combat damage step began; ``None`` if the phase has no such step (510.4)."""

    def remove(self, permanent: int) -> None:
        """Remove a permanent from combat (CR 506.4): a creature stops attacking or
        blocking (a blocked creature stays blocked, 509.1h), a planeswalker or battle
        stops being attacked (506.4c)."""
        self.attackers.pop(permanent, None)
        self.attacked_permanents.pop(permanent, None)
        for attacker, attacked in self.attacked_permanents.items():
            if attacked == permanent:
                self.attacked_permanents[attacker] = None
        for blocked in self.blockers.pop(permanent, []):
            if blocked in self.blocked_by:
                self.blocked_by[blocked].remove(permanent)
        for blocker in self.blocked_by.pop(permanent, []):
            if permanent in self.blockers.get(blocker, []):
                self.blockers[blocker].remove(permanent)

    def attacked(self, attacker: int) -> TargetRef | None:
        """What ``attacker`` attacks now: a permanent's id, ``("player", n)``, or ``None``
        if the planeswalker or battle it attacked was removed from combat (506.4c)."""
        if attacker in self.attacked_permanents:
            return self.attacked_permanents[attacker]
        return ("player", self.attackers[attacker])

    def in_combat(self) -> list[int]:
        """The attacking creatures, then the blocking ones, in the order declared."""
        return [*self.attackers, *(b for b in self.blockers if b not in self.attackers)]


def abilities_in_play(game: Game, kind: type[_A]) -> list[tuple[GameObject, _A]]:
    """Every ability of the ``kind`` that permanents on the battlefield have, with the
    permanent, in battlefield order; then the restrictions and requirements of that kind
    that resolved spells and abilities created, with their source, in the order created."""
    found = list(game.battlefield_abilities(kind))
    found.extend(game.derived.combat_rules(kind))
    return found


def _has(game: Game, creature: GameObject, kind: type[Ability]) -> bool:
    return bool(game.characteristics(creature).abilities_of(kind))


def _can_attack(game: Game, creature: GameObject) -> bool:
    # Untapped, not a battle, and either haste or controlled since the turn began
    # (CR 508.1a, 302.6).
    return (
        not creature.tapped
        and "Battle" not in game.characteristics(creature).types
        and not game.has_summoning_sickness(creature)
    )


def _attack_forbidden(
    game: Game,
    restrictions: Sequence[tuple[GameObject, AttackRestriction]],
    creature: GameObject,
    defender: int,
    permanent: GameObject | None,
) -> bool:
    """Whether a restriction forbids ``creature`` to attack ``defender``, or the
    planeswalker or battle ``permanent`` (508.1c)."""
    attacked: TargetRef = permanent.id if permanent else ("player", defender)
    return any(r.forbids_attack(game, source, creature, attacked) for source, r in restrictions)


def could_attack(game: Game, creature: GameObject) -> bool:
    """Whether ``creature`` could be declared as an attacker if its controller declared
    attackers now (508.1a-c): a creature not yet attacking that :func:`_can_attack`
    allows (untapped, not a battle, no summoning sickness, 302.6) and that some player,
    planeswalker or battle it may attack is open to, whatever else attacks. Costs to
    attack (508.1h) are not counted: paying them is part of the declaration."""
    return DeclarationChecks(game).could_attack(creature)


def _may_be_declared_blocker(game: Game, creature: GameObject) -> bool:
    """An untapped creature, not a battle, not yet blocking (509.1a, 509.4)."""
    combat = game.combat
    return (
        not creature.tapped
        and "Battle" not in game.characteristics(creature).types
        and (combat is None or creature.id not in combat.blockers)
    )


def could_block(game: Game, creature: GameObject) -> bool:
    """Whether ``creature`` could be declared as a blocker now (509.1a-b): an untapped
    creature, not a battle, not yet blocking, that some restriction (flying, menace,
    "can't block") leaves free to block one of the creatures it faces: those attacking its
    controller while any do, otherwise the creatures its controller's opponents control.
    Facing none, the first part alone decides. Costs to block (509.1d) are not counted."""
    return DeclarationChecks(game).could_block(creature)


class DeclarationChecks:
    """:func:`could_attack` and :func:`could_block` for many creatures at one moment (a
    player's view asks them of every creature on the battlefield): what the answers share,
    the restrictions in play, what each player may attack and the creatures each player's
    creatures face, is found once, when first needed. Valid only while the game does not
    change."""

    __slots__ = (
        "_attack_restrictions",
        "_attackable",
        "_block_restrictions",
        "_creatures",
        "_facing",
        "game",
    )

    def __init__(self, game: Game) -> None:
        self.game = game
        self._attack_restrictions: list[tuple[GameObject, AttackRestriction]] | None = None
        self._block_restrictions: list[tuple[GameObject, BlockRestriction]] | None = None
        self._attackable: dict[int, list[tuple[int, GameObject | None]]] = {}
        self._facing: dict[int, list[GameObject]] = {}
        self._creatures: list[GameObject] | None = None

    def could_attack(self, creature: GameObject) -> bool:
        """:func:`could_attack` of ``creature``."""
        game = self.game
        combat = game.combat
        if not game.is_creature(creature) or not _can_attack(game, creature):
            return False
        if combat is not None and creature.id in combat.attackers:
            return False
        restrictions = self._attack_restrictions
        if restrictions is None:
            restrictions = self._attack_restrictions = abilities_in_play(game, AttackRestriction)
        attackable = self._attackable.get(creature.controller)
        if attackable is None:
            attackable = self._attackable[creature.controller] = _attackable(
                game, creature.controller
            )
        if not restrictions:
            return bool(attackable)  # nothing forbids it anything it may attack
        return any(not _attack_forbidden(game, restrictions, creature, d, p) for d, p in attackable)

    def could_block(self, creature: GameObject) -> bool:
        """:func:`could_block` of ``creature``."""
        game = self.game
        if not game.is_creature(creature) or not _may_be_declared_blocker(game, creature):
            return False
        restrictions = self._block_restrictions
        if restrictions is None:
            restrictions = self._block_restrictions = abilities_in_play(game, BlockRestriction)
        if not restrictions:
            return True  # nothing forbids it to block any of the creatures it faces
        facing = self._facing.get(creature.controller)
        if facing is None:
            facing = self._facing[creature.controller] = self._faced_by(creature.controller)
        if not facing:
            return True
        return any(
            not any(r.forbids_block(game, source, creature, a) for source, r in restrictions)
            for a in facing
        )

    def _faced_by(self, player: int) -> list[GameObject]:
        """The creatures ``player``'s creatures face: those attacking them while any do,
        otherwise their opponents' creatures."""
        game = self.game
        combat = game.combat
        attacking = (
            [game.objects[a] for a in attackers_facing(game, combat, player)] if combat else []
        )
        if attacking:
            return attacking
        if self._creatures is None:
            self._creatures = game.creatures()
        opponents = game.opponents(player)
        return [c for c in self._creatures if c.controller in opponents]


def attackers_facing(game: Game, combat: Combat, player: int) -> list[int]:
    """The attacking creatures ``player``'s creatures may block, in the order declared:
    those attacking ``player``, a planeswalker they control or a battle they protect
    (509.1a, 802.4a); with shared team turns, those attacking any player of their team or
    a planeswalker or battle of one (805.10d). The declaration of blockers, what a
    creature put onto the battlefield blocking may block (509.4a) and the questions of
    :class:`~manaweave.testing.Scenario` all ask this."""
    if game.shared_team_turns:
        team = game.team_of(player)
        return [a for a, d in combat.attackers.items() if game.team_of(d) is team]
    return [a for a, d in combat.attackers.items() if d == player]


def _attackable(game: Game, player: int) -> list[tuple[int, GameObject | None]]:
    """Each defending player the variant lets ``player`` attack (506.2), then the
    planeswalkers they control and the battles they protect (508.1b, 310.8b)."""
    defenders = game.variant.attackable_players(game, player)
    if game.influence.limited:  # whatever the variant allows, only within range (801.3)
        defenders = [d for d in defenders if game.in_range(player, d)]
    found: list[tuple[int, GameObject | None]] = [(d, None) for d in defenders]
    for permanent in game.battlefield:
        types = game.characteristics(permanent).types
        if "Planeswalker" in types and permanent.controller in defenders:
            found.append((permanent.controller, permanent))
        elif "Battle" in types and permanent.protector in defenders:
            assert permanent.protector is not None
            found.append((permanent.protector, permanent))
    return found


def attack_options(game: Game, player: int) -> list[Attack]:
    """The options of ``player``'s declaration of attackers if they declared now (508.1a-c):
    each creature that may attack (untapped, no summoning sickness, 302.6; not attacking
    yet) with each player, planeswalker or battle no restriction keeps it from attacking.
    Restrictions on the whole declaration, requirements and costs (508.1c-d, 508.1h) are
    checked on the declaration, not here."""
    attacking = game.combat.attackers if game.combat is not None else {}
    candidates = [
        c for c in game.creatures(player) if _can_attack(game, c) and c.id not in attacking
    ]
    attackable = _attackable(game, player) if candidates else []
    restrictions = abilities_in_play(game, AttackRestriction) if attackable else []
    return [
        Attack(c.id, c.public_name, d, p.id if p else None, p.name if p else "")
        for c in candidates
        for d, p in attackable
        if not _attack_forbidden(game, restrictions, c, d, p)
    ]


def block_options(game: Game, defender: int, attackers: Sequence[int]) -> list[Block]:
    """The options of ``defender``'s declaration of blockers against ``attackers`` (509.1a-b):
    each creature that may block (untapped, not blocking yet) with each attacker no
    restriction (flying, "can't block") keeps it from blocking. Restrictions on the whole
    declaration, requirements and costs (509.1b-f) are checked on the declaration."""
    candidates = [c for c in game.creatures(defender) if _may_be_declared_blocker(game, c)]
    restrictions = abilities_in_play(game, BlockRestriction) if candidates else []
    return [
        Block(b.id, b.public_name, a, game.objects[a].public_name)
        for b in candidates
        for a in attackers
        if not any(r.forbids_block(game, source, b, game.objects[a]) for source, r in restrictions)
    ]


_SEARCH_LIMIT = 50_000
"""How many whole declarations the search for the most requirements that can be obeyed
may look at before giving up."""


def _most_obeyed(
    choices: Sequence[Sequence[tuple[int, ...]]],
    requirements_of: Callable[[tuple[int, ...]], int],
    bound_of: Sequence[int],
    obeys_restrictions: Callable[[list[int]], bool],
    rule: str,
) -> tuple[int, tuple[int, ...]]:
    """The most requirements a declaration can obey without disobeying a restriction,
    and one such declaration (508.1d, 509.1c).

    ``choices[i]`` are the ways the ``i``-th creature may take part (tuples of option
    indices, the empty one first or last); ``requirements_of`` counts the requirements a
    way obeys, ``bound_of[i]`` the most the ``i``-th creature's ways can; restrictions on
    the whole declaration are checked on complete ones. A depth-first search that stops
    as soon as every requirement is obeyed and prunes branches that can't do better.
    """
    best = -1
    best_answer: tuple[int, ...] = ()
    remaining = [sum(bound_of[i:]) for i in range(len(bound_of) + 1)]
    looked = 0
    chosen: list[int] = []

    def search(position: int, obeyed: int) -> bool:
        nonlocal best, best_answer, looked
        if obeyed + remaining[position] <= best:
            return False
        if position == len(choices):
            looked += 1
            if looked > _SEARCH_LIMIT:
                raise RuleNotImplementedError(
                    rule, "a declaration with too many ways to obey its requirements to search"
                )
            if obeys_restrictions(chosen):
                best, best_answer = obeyed, tuple(sorted(chosen))
                return best == remaining[0]
            return False
        for way in choices[position]:
            chosen.extend(way)
            done = search(position + 1, obeyed + requirements_of(way))
            del chosen[len(chosen) - len(way) :]
            if done:
                return True
        return False

    search(0, 0)
    return best, best_answer


async def declare_attackers(game: Game) -> None:
    """The active player declares attackers (CR 508.1): the attacking creatures obey
    every restriction and as many requirements as they can (508.1c-d), and become
    tapped unless an ability says attacking doesn't tap them (508.1f).

    With shared team turns the active team declares one combined attack (805.10b), see
    :func:`_team_declarations`."""
    # A creature put onto the battlefield attacking in the beginning of combat step is
    # already in this combat (508.4).
    combat = game.combat if game.combat is not None else Combat()
    game.combat = combat

    async def choose(
        player: int, declared: dict[int, TargetRef], whole: bool
    ) -> list[Attack] | None:
        chosen = await _choose_attacks(game, combat, player, declared, whole)
        if chosen is not None:
            declared.update((option.attacker, _attack_target(option)) for option in chosen)
        return chosen

    declarations = await _team_declarations(game, game.active_players, choose, "attack")
    for player, chosen in declarations:
        await _attack_with(game, combat, player, chosen)


async def _team_declarations(
    game: Game,
    players: Sequence[int],
    choose: Callable[[int, dict[int, Any], bool], Awaitable[list[_O] | None]],
    what: str,
) -> list[tuple[int, list[_O]]]:
    """Each of ``players`` chooses their declaration, in order; nothing happens until all
    have. For one player, that player's declaration, legal as a whole (508.1, 509.1).

    A team declares one combined attack or block, legal as a whole (805.10b, 805.10d):
    each player declares for their own creatures in the team's order, and the last one's
    declaration is checked with all of the team's, so that teammates may together obey
    a restriction on the whole declaration neither could alone (two blockers for a
    creature with menace). If the earlier declarations leave the last player no legal
    one, the team's declarations are illegal and the team declares again (a
    ``team_declaration_rejected`` line), this time each player's checked with the
    declarations before it, which always leaves a legal one."""
    each_checked_whole = False
    while True:
        declared: dict[int, Any] = {}
        declarations: list[tuple[int, list[_O]]] = []
        for index, player in enumerate(players):
            whole = each_checked_whole or index == len(players) - 1
            chosen = await choose(player, declared, whole)
            if chosen is None and each_checked_whole:
                chosen = []  # declaring nothing keeps the legal whole declared before
            if chosen is None:
                break
            declarations.append((player, chosen))
        else:
            return declarations
        each_checked_whole = True
        game.emit(
            TeamDeclarationRejected(
                rule="805.10b" if what == "attack" else "805.10d",
                player=players[0],
                declaration=what,
                reason=(
                    f"no declaration of {game.players[players[-1]].name}'s makes the team's "
                    f"{what} legal as a whole"
                ),
            )
        )


async def _choose_attacks(
    game: Game, combat: Combat, player: int, declared: dict[int, TargetRef], whole: bool
) -> list[Attack] | None:
    """``player`` chooses the attacks of their creatures. ``declared`` holds the attacks
    their teammates chose before them in this step; with ``whole`` the declaration is
    checked together with those (805.10b), and ``None`` returned if no declaration of
    theirs makes the whole legal; without, restrictions on the whole declaration wait
    for the last teammate's."""
    candidates = [
        c for c in game.creatures(player) if _can_attack(game, c) and c.id not in combat.attackers
    ]
    options = attack_options(game, player)
    restrictions = abilities_in_play(game, AttackRestriction)
    declaration_wide = [
        (source, r)
        for source, r in restrictions
        if type(r).forbids_attackers is not AttackRestriction.forbids_attackers
    ]
    if not whole:
        declaration_wide = []

    def restriction_broken(indices: Sequence[int]) -> str | None:
        # The team's combined attack is legal as a whole (805.10b).
        attacks = {**declared, **{options[i].attacker: _attack_target(options[i]) for i in indices}}
        for source, restriction in declaration_wide:
            if restriction.forbids_attackers(game, source, attacks):
                return f"{source.public_name}: {_describe(restriction)} (508.1c)"
        return None

    if not options:
        return None if declared and restriction_broken(()) is not None else []
    requirements: list[tuple[int, TargetRef | None]] = [
        required
        for source, requirement in abilities_in_play(game, AttackRequirement)
        for required in requirement.required_attacks(game, source)
    ]
    # How many requirements each way for a creature to attack obeys.
    obeys = [_requirements_obeyed(option, requirements) for option in options]
    attack_costs = abilities_in_play(game, AttackCost)

    def costs_of(indices: Sequence[int]) -> list[tuple[GameObject, CombatCost]]:
        return _attack_costs(game, attack_costs, [options[i] for i in indices])

    def cost_unpayable(indices: Sequence[int]) -> str | None:
        costs = costs_of(indices) if attack_costs else []
        if not costs:
            return None
        # The chosen creatures become tapped before the cost is paid (508.1f-j): their
        # own {T} mana abilities can't help pay it, unless attacking doesn't tap them.
        tapping = {
            options[i].attacker
            for i in indices
            if not _has(game, game.objects[options[i].attacker], AttacksWithoutTapping)
        }
        if _can_pay_combat_costs(game, player, costs, tapping):
            return None
        return f"the total cost to attack, {_cost_text(costs)}, can't be paid (508.1h-j)"

    search: tuple[int, tuple[int, ...]] | None = None

    def best() -> tuple[int, tuple[int, ...]]:
        nonlocal search
        if search is None:
            search = _search_attacks(
                candidates,
                options,
                requirements,
                obeys,
                declaration_wide,
                restriction_broken,
                lambda way: bool(attack_costs) and bool(costs_of(way)),
            )
        return search

    def whole_answer_rule(indices: Sequence[int]) -> str | None:
        broken = restriction_broken(indices) or cost_unpayable(indices)
        if broken is not None or not requirements:
            return broken
        obeyed = sum(obeys[i] for i in indices)
        most = best()[0]
        if obeyed < most:
            return (
                f"the declaration obeys {obeyed} attack requirement(s); {most} can be "
                "obeyed without disobeying a restriction (508.1d)"
            )
        return None

    decision = game.decision(
        DecisionKind.ATTACKERS,
        player,
        options,
        "declare attackers",
        min=0,
        max=len(candidates),
        groups=[o.attacker for o in options],
        whole_answer_rule=(
            whole_answer_rule if requirements or declaration_wide or attack_costs else None
        ),
        legal_answer=lambda: best()[1],
    )
    if declared and declaration_wide and best()[0] < 0:
        return None  # no declaration of theirs makes the team's legal as a whole
    choice = await game.ask(decision)
    return [options[i] for i in choice.indices]


async def _attack_with(game: Game, combat: Combat, player: int, chosen: list[Attack]) -> None:
    """``player``'s chosen attackers attack (508.1f-k): they become tapped, the costs to
    attack are paid, and they are declared."""
    for option in chosen:
        creature = game.objects[option.attacker]
        if not _has(game, creature, AttacksWithoutTapping):
            await game.tap(creature, rule="508.1f")
    attack_costs = abilities_in_play(game, AttackCost) if chosen else []
    costs = _attack_costs(game, attack_costs, chosen) if attack_costs else []  # 508.1h
    if costs:
        if not await _pay_combat_costs(game, player, costs, "508.1j", "attacking"):
            return  # they left the game while paying (800.4a)
        # Paying may have sacrificed a chosen creature: the others attack (508.1k).
        chosen = [o for o in chosen if _still_controlled(game, o.attacker, player)]
    combat.declared = combat.declared or bool(chosen)
    for option in chosen:
        creature = game.objects[option.attacker]
        combat.attackers[creature.id] = option.defender
        if option.permanent is not None:
            combat.attacked_permanents[creature.id] = option.permanent
        combat.blocked_by[creature.id] = []
    if chosen:
        game.combat_changed()  # "as long as it's attacking" (611.3b) applies now
    seq = game.emit(
        AttackersDeclared(
            rule="508.1",
            player=player,
            attackers=[_attack_log(o) for o in chosen],
        )
    )
    for option in chosen if game.watching else ():
        # Abilities that trigger on attackers being declared trigger (508.1m).
        creature = game.objects[option.attacker]
        game.notice(TriggerEvent(TriggerKind.ATTACKS, seq, player, creature))


def _requirements_obeyed(option: Attack, requirements: list[tuple[int, TargetRef | None]]) -> int:
    """How many of the requirements (a creature, and what it must attack or ``None`` for
    anything) this way of attacking obeys (508.1d)."""
    attacked = _attack_target(option)
    return sum(
        1
        for creature, what in requirements
        if creature == option.attacker and (what is None or what == attacked)
    )


def _search_attacks(
    candidates: list[GameObject],
    options: list[Attack],
    requirements: list[tuple[int, TargetRef | None]],
    obeys: list[int],
    declaration_wide: list[tuple[GameObject, AttackRestriction]],
    restriction_broken: Callable[[Sequence[int]], str | None],
    costs_something: Callable[[tuple[int, ...]], bool],
) -> tuple[int, tuple[int, ...]]:
    creatures = [c for c, _ in requirements]
    required = {c: creatures.count(c) for c in dict.fromkeys(creatures)}
    # Without restrictions on the whole declaration, creatures no requirement names
    # change nothing and stay home.
    involved = [
        c for c in candidates if c.id in required or (declaration_wide and c.id not in required)
    ]
    involved.sort(key=lambda c: c.id not in required)  # the required ones first
    choices: list[list[tuple[int, ...]]] = []
    for creature in involved:
        # Nobody has to pay a cost to obey a requirement (508.1d): the most that can be
        # obeyed is counted among declarations that cost nothing.
        ways = [
            (i,)
            for i, o in enumerate(options)
            if o.attacker == creature.id and not costs_something((i,))
        ]
        choices.append([*ways, ()] if creature.id in required else [(), *ways])
    bounds = [
        required.get(c.id, 0) if len(w) > 1 else 0 for c, w in zip(involved, choices, strict=True)
    ]

    def requirements_of(way: tuple[int, ...]) -> int:
        return sum(obeys[i] for i in way)

    return _most_obeyed(
        choices,
        requirements_of,
        bounds,
        lambda chosen: restriction_broken(chosen) is None,
        "508.1d",
    )


def _attack_target(option: Attack) -> TargetRef:
    return option.permanent if option.permanent is not None else ("player", option.defender)


def _describe(ability: Ability) -> str:
    return ability.text or type(ability).__name__


def block_capacity(game: Game, creature: GameObject) -> int:
    """How many attacking creatures ``creature`` can block: one, and more for each
    ability that lets it block additional creatures (CR 509.1a)."""
    return 1 + sum(
        a.count for a in game.characteristics(creature).abilities_of(BlocksAdditionalCreatures)
    )


async def declare_blockers(game: Game) -> None:
    """Each defending player, in turn order, declares blockers (CR 509.1): each
    blocking creature blocks creatures attacking that player, a planeswalker they
    control or a battle they protect, up to as many as it can block (509.1a); the
    declaration obeys every restriction and as many requirements as it can (509.1b-c).

    With shared team turns each defending team declares one combined block (805.10d):
    each of its players declares blocks by their own creatures against creatures
    attacking any player of the team (or a planeswalker or battle of one), and the
    team's declarations are legal as a whole (:func:`_team_declarations`)."""
    combat = game.combat
    assert combat is not None
    declared: list[tuple[int, int, list[Block]]] = []
    for defenders, attacking_them in _defending_sides(game, combat):

        async def choose(
            defender: int,
            team_blocks: dict[int, tuple[int, ...]],
            whole: bool,
            attacking_them: list[int] = attacking_them,
        ) -> list[Block] | None:
            chosen = await _choose_blocks(game, defender, attacking_them, team_blocks, whole)
            for option in chosen or ():
                blocked = team_blocks.get(option.blocker, ())
                team_blocks[option.blocker] = (*blocked, option.attacker)
            return chosen

        for defender, chosen in await _team_declarations(game, defenders, choose, "block"):
            declared.append(await _block_with(game, combat, defender, chosen))
    for attacker, blockers in combat.blocked_by.items():
        # An attacker with blockers declared becomes blocked (509.1h).
        if blockers:
            game.objects[attacker].blocked = True
    if game.watching:
        for defender, seq, chosen in declared:
            _notice_blocks(game, defender, seq, chosen)


def _defending_sides(game: Game, combat: Combat) -> list[tuple[list[int], list[int]]]:
    """Who declares blockers, in turn order (509.1), and against which attackers: each
    defending player against the creatures attacking them; with shared team turns each
    defending team's players together against the creatures attacking the team
    (805.10d). Those attacked by nothing declare nothing."""
    sides: list[tuple[list[int], list[int]]] = []
    if not game.shared_team_turns:
        for defender in game.turn_order_from(game.active_player):
            attacking_them = attackers_facing(game, combat, defender)
            if attacking_them:
                sides.append(([defender], attacking_them))
        return sides
    for team in dict.fromkeys(game.team_of(p) for p in game.turn_order_from(game.active_player)):
        attacking_them = attackers_facing(game, combat, team.members[0])
        if team is not game.active_team and attacking_them:
            sides.append((team_in_turn_order(game, team), attacking_them))
    return sides


async def _block_with(
    game: Game, combat: Combat, defender: int, chosen: list[Block]
) -> tuple[int, int, list[Block]]:
    """``defender``'s chosen blockers block (509.1d-g): the costs to block are paid, and
    they are declared. Returns the defender, the declaration's ``seq`` and the blocks."""
    block_costs = abilities_in_play(game, BlockCost) if chosen else []
    blocks: dict[int, tuple[int, ...]] = {}
    for option in chosen:
        blocks[option.blocker] = (*blocks.get(option.blocker, ()), option.attacker)
    costs = _block_costs(game, block_costs, blocks) if block_costs else []  # locked in (509.1d)
    if costs:
        if not await _pay_combat_costs(game, defender, costs, "509.1f", "blocking"):
            chosen = []  # they left the game while paying (800.4a)
        else:
            # Paying may have sacrificed a chosen creature: the others block (509.1g).
            chosen = [o for o in chosen if _still_controlled(game, o.blocker, defender)]
    for option in chosen:
        combat.blockers.setdefault(option.blocker, []).append(option.attacker)
        combat.blocked_by[option.attacker].append(option.blocker)
    seq = game.emit(
        BlockersDeclared(
            rule="509.1",
            player=defender,
            blockers=[[o.blocker, o.attacker] for o in chosen],
        )
    )
    return defender, seq, chosen


def _notice_blocks(game: Game, defender: int, seq: int, chosen: list[Block]) -> None:
    """Abilities that trigger on blockers being declared trigger (509.1i): once for each
    blocking creature and each attacking creature that became blocked (509.3a, 509.3c),
    and once for each creature on each side of each block (509.3b, 509.3d). The event's
    player is the defending player who declared them."""
    objects = game.objects
    for blocker_id in dict.fromkeys(o.blocker for o in chosen):
        game.notice(TriggerEvent(TriggerKind.BLOCKS, seq, defender, objects[blocker_id]))
    for attacker_id in dict.fromkeys(o.attacker for o in chosen):
        blocked = objects[attacker_id]
        game.notice(TriggerEvent(TriggerKind.BLOCKS, seq, defender, blocked, attacking=True))
    for option in chosen:
        blocker, attacker = objects[option.blocker], objects[option.attacker]
        kind = TriggerKind.BLOCKS_CREATURE
        game.notice(TriggerEvent(kind, seq, defender, blocker, other=attacker))
        game.notice(TriggerEvent(kind, seq, defender, attacker, other=blocker, attacking=True))


async def _choose_blocks(
    game: Game,
    defender: int,
    attacking_them: list[int],
    team_blocks: dict[int, tuple[int, ...]],
    whole: bool,
) -> list[Block] | None:
    """``defender`` chooses the blocks of their creatures against ``attacking_them``.
    ``team_blocks`` holds the blocks their teammates chose before them in this step;
    with ``whole`` the declaration is checked together with those (805.10d), and
    ``None`` returned if no declaration of theirs makes the whole legal; without,
    restrictions on the whole declaration wait for the last teammate's."""
    # One put onto the battlefield blocking is already blocking (509.4).
    candidates = [c for c in game.creatures(defender) if _may_be_declared_blocker(game, c)]
    options = block_options(game, defender, attacking_them)
    restrictions = abilities_in_play(game, BlockRestriction)
    declaration_wide = [
        (source, r)
        for source, r in restrictions
        if whole and type(r).forbids_blockers is not BlockRestriction.forbids_blockers
    ]
    if not options:
        broken = team_blocks and any(
            r.forbids_blockers(game, source, team_blocks) for source, r in declaration_wide
        )
        return None if broken else []
    capacity = {b.id: block_capacity(game, b) for b in candidates}
    mine = {b.id for b in candidates}
    requirements = [
        (blocker, attacker)
        for source, requirement in abilities_in_play(game, BlockRequirement)
        for blocker, attacker in requirement.required_blocks(game, source)
        if blocker in mine and (attacker is None or attacker in attacking_them)
    ]
    block_costs = abilities_in_play(game, BlockCost)

    def blocks_of(indices: Sequence[int]) -> dict[int, tuple[int, ...]]:
        blocks: dict[int, tuple[int, ...]] = {}
        for i in indices:
            option = options[i]
            blocks[option.blocker] = (*blocks.get(option.blocker, ()), option.attacker)
        return blocks

    def costs_of(indices: Sequence[int]) -> list[tuple[GameObject, CombatCost]]:
        return _block_costs(game, block_costs, blocks_of(indices))

    def cost_unpayable(indices: Sequence[int]) -> str | None:
        costs = costs_of(indices) if block_costs else []
        if not costs or _can_pay_combat_costs(game, defender, costs, set()):
            return None
        return f"the total cost to block, {_cost_text(costs)}, can't be paid (509.1d-f)"

    def obeyed_by(blocks: dict[int, tuple[int, ...]]) -> int:
        return sum(
            1
            for blocker, attacker in requirements
            if blocker in blocks and (attacker is None or attacker in blocks[blocker])
        )

    def restriction_broken(indices: Sequence[int]) -> str | None:
        blocks = blocks_of(indices)
        for blocker, blocked in blocks.items():
            if len(blocked) > capacity[blocker]:
                name = game.objects[blocker].public_name
                return (
                    f"{name} can block {capacity[blocker]} creature(s), not {len(blocked)} (509.1a)"
                )
        # The team's combined block is legal as a whole (805.10d).
        together = {**team_blocks, **blocks} if team_blocks else blocks
        for source, restriction in declaration_wide:
            if restriction.forbids_blockers(game, source, together):
                return f"{source.public_name}: {_describe(restriction)} (509.1b)"
        return None

    search: tuple[int, tuple[int, ...]] | None = None

    def best() -> tuple[int, tuple[int, ...]]:
        nonlocal search
        if search is None:
            search = _search_blocks(
                candidates,
                options,
                capacity,
                requirements,
                declaration_wide,
                lambda chosen: restriction_broken(chosen) is None,
                lambda way: obeyed_by(blocks_of(way)),
                lambda way: bool(block_costs) and bool(costs_of(way)),
            )
        return search

    def whole_answer_rule(indices: Sequence[int]) -> str | None:
        broken = restriction_broken(indices) or cost_unpayable(indices)
        if broken is not None or not requirements:
            return broken
        obeyed = obeyed_by(blocks_of(indices))
        most = best()[0]
        if obeyed < most:
            return (
                f"the declaration obeys {obeyed} block requirement(s); {most} can be "
                "obeyed without disobeying a restriction (509.1c)"
            )
        return None

    several = any(capacity[b.id] > 1 for b in candidates)
    decision = game.decision(
        DecisionKind.BLOCKERS,
        defender,
        options,
        "declare blockers",
        min=0,
        max=sum(min(capacity[b.id], len(attacking_them)) for b in candidates),
        # One option per blocker, except for those that can block several creatures;
        # how many they block is checked with the whole declaration.
        groups=[(o.blocker, o.attacker) if capacity[o.blocker] > 1 else o.blocker for o in options],
        whole_answer_rule=(
            whole_answer_rule
            if requirements or declaration_wide or several or block_costs
            else None
        ),
        legal_answer=lambda: best()[1],
    )
    if team_blocks and declaration_wide and best()[0] < 0:
        return None  # no declaration of theirs makes the team's legal as a whole
    choice = await game.ask(decision)
    return [options[i] for i in choice.indices]


def _attack_costs(
    game: Game, attack_costs: list[tuple[GameObject, AttackCost]], chosen: Sequence[Attack]
) -> list[tuple[GameObject, CombatCost]]:
    """What each chosen attacker costs, by each ability that asks a cost (508.1h)."""
    found = []
    for option in chosen:
        creature = game.objects[option.attacker]
        attacked = _attack_target(option)
        for source, ability in attack_costs:
            cost = ability.cost_to_attack(game, source, creature, attacked)
            if cost is not None:
                found.append((creature, cost))
    return found


def _block_costs(
    game: Game, block_costs: list[tuple[GameObject, BlockCost]], blocks: dict[int, tuple[int, ...]]
) -> list[tuple[GameObject, CombatCost]]:
    """What each blocking creature costs, by each ability that asks a cost (509.1d)."""
    found = []
    for blocker_id, blocked in blocks.items():
        blocker = game.objects[blocker_id]
        for source, ability in block_costs:
            cost = ability.cost_to_block(game, source, blocker, blocked)
            if cost is not None:
                found.append((blocker, cost))
    return found


def _total_mana(costs: Sequence[tuple[GameObject, CombatCost]]) -> ManaCost | None:
    total: ManaCost | None = None
    for _, cost in costs:
        if cost.mana is not None:
            total = cost.mana if total is None else total + cost.mana
    return total


def _cost_text(costs: Sequence[tuple[GameObject, CombatCost]]) -> str:
    total = _total_mana(costs)
    parts = [] if total is None or total.is_empty else [str(total)]
    parts.extend(c.text for _, c in _other_costs(costs))
    return ", ".join(parts) or "{0}"


def _can_pay_combat_costs(
    game: Game, player: int, costs: Sequence[tuple[GameObject, CombatCost]], tapping: set[int]
) -> bool:
    """Whether ``player`` could pay the total of ``costs`` once the creatures in
    ``tapping`` are tapped: mana with the mana abilities they could activate (508.1i,
    509.1e) and their pool, and every other cost."""
    mana = _total_mana(costs)
    if mana is not None and mana.mana_value():
        sources = [
            s.spec
            for s in mana_sources(game, player)
            if not (s.ability.tap and s.permanent.id in tapping)
        ]
        if not can_pay(mana, game.players[player].mana_pool, sources):
            return False
    return all(c.can_pay(game, player, creature) for creature, c in _other_costs(costs))


def _other_costs(costs: Sequence[tuple[GameObject, CombatCost]]) -> list[tuple[GameObject, Cost]]:
    """The costs other than mana in a total cost, each with the creature it is paid for.
    Life is one total, which can be paid only with that much life (119.4)."""
    life = [(creature, c) for creature, cost in costs for c in cost.costs if isinstance(c, PayLife)]
    others = [
        (creature, c) for creature, cost in costs for c in cost.costs if not isinstance(c, PayLife)
    ]
    if len(others) > 1:
        # Whether two such costs can both be paid (two sacrifices of one permanent?) is a
        # question the costs can't answer one at a time.
        raise RuleNotImplementedError(
            "508.1h", "a total cost to attack or block with several costs other than mana or life"
        )
    if len(life) > 1:
        total = sum(c.amount for _, c in life)
        life = [(life[0][0], PayLife(total, text=f"pay {total} life"))]
    return [*life, *others]


async def _pay_combat_costs(
    game: Game,
    player: int,
    costs: Sequence[tuple[GameObject, CombatCost]],
    rule: str,
    what: str,
) -> bool:
    """Pay the locked-in total cost to attack or block (508.1h-j, 509.1d-f): the player
    activates mana abilities, then pays everything; ``rule`` is the step that pays
    (508.1j or 509.1f). ``False`` if the player left the game meanwhile."""
    if not _can_pay_combat_costs(game, player, costs, set()):
        # The declaration was checked as if its attackers were tapped; only a
        # replacement of that tapping could change what can be paid since.
        raise RuleNotImplementedError(
            "732.1", f"a total cost of {what} that stopped being payable after it was checked"
        )
    mana = _total_mana(costs)
    sources = mana_sources(game, player)
    plan = None
    if mana is not None and mana.mana_value():
        plan = await _choose_payment(game, player, mana, sources, what)
        if plan is None:
            return False
    others = _other_costs(costs)
    chosen: list[tuple[int, ...]] = []
    for creature, other in others:
        chosen.append(await other.choose(game, player, creature))
        if game.players[player].has_left:
            return False
    if plan is not None and mana is not None:
        await _pay(game, player, mana, plan, sources)
    for (creature, other), objects in zip(others, chosen, strict=True):
        await other.pay(game, player, creature, objects)
    game.emit(
        CombatCostPaid(
            rule=rule,
            player=player,
            cost=_cost_text(costs),
            creatures=list(dict.fromkeys(creature.id for creature, _ in costs)),
        )
    )
    return True


def _still_controlled(game: Game, creature: int, player: int) -> bool:
    obj = game.objects.get(creature)
    return obj is not None and obj.zone is Zone.BATTLEFIELD and obj.controller == player


def _search_blocks(
    candidates: list[GameObject],
    options: list[Block],
    capacity: dict[int, int],
    requirements: list[tuple[int, int | None]],
    declaration_wide: list[tuple[GameObject, BlockRestriction]],
    obeys_restrictions: Callable[[list[int]], bool],
    requirements_of: Callable[[tuple[int, ...]], int],
    costs_something: Callable[[tuple[int, ...]], bool],
) -> tuple[int, tuple[int, ...]]:
    required: dict[int, int] = {}
    for blocker, _ in requirements:
        required[blocker] = required.get(blocker, 0) + 1
    involved = [
        c for c in candidates if c.id in required or (declaration_wide and c.id not in required)
    ]
    involved.sort(key=lambda c: c.id not in required)
    choices: list[list[tuple[int, ...]]] = []
    for creature in involved:
        mine = [i for i, o in enumerate(options) if o.blocker == creature.id]
        # Nobody has to pay a cost to obey a requirement (509.1c).
        ways: list[tuple[int, ...]] = [
            way
            for size in range(1, min(capacity[creature.id], len(mine)) + 1)
            for way in itertools.combinations(mine, size)
            if not costs_something(way)
        ]
        choices.append([*ways, ()] if creature.id in required else [(), *ways])
    bounds = [
        required.get(c.id, 0) if len(w) > 1 else 0 for c, w in zip(involved, choices, strict=True)
    ]
    return _most_obeyed(choices, requirements_of, bounds, obeys_restrictions, "509.1c")


# --- creatures put onto the battlefield attacking or blocking ------------------------------

_COMBAT_STEPS = frozenset(
    (
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.FIRST_STRIKE_DAMAGE,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    )
)


def _can_enter_combat(game: Game, creature: GameObject) -> bool:
    """Whether a permanent put onto the battlefield attacking or blocking can be in
    combat: a creature that isn't a battle, during a combat phase (506.3a, 506.3e)."""
    return (
        game.step in _COMBAT_STEPS
        and creature.zone is Zone.BATTLEFIELD
        and game.is_creature(creature)
        and "Battle" not in game.characteristics(creature).types
    )


async def put_into_combat_attacking(
    game: Game, creature: GameObject, attacking: TargetRef | None = None
) -> bool:
    """Make ``creature``, just put onto the battlefield attacking, an attacking creature
    (CR 508.4): its controller chooses which defending player, planeswalker or battle it
    attacks, unless the effect said (``attacking``). It was never declared as an
    attacker: nothing that triggers on attacking triggers (508.3a), and requirements and
    restrictions on declaring attackers don't apply (508.4c). It never becomes attacking
    outside a combat phase, under a player who isn't attacking (506.3b), or attacking
    something that can't be attacked now (506.3c, 508.4a). Returns whether it did."""
    player = creature.controller
    if not _can_enter_combat(game, creature) or not game.is_active(player):
        return False
    choices = [
        (defender, permanent)
        for defender, permanent in _attackable(game, player)
        if attacking is None or (permanent.id if permanent else ("player", defender)) == attacking
    ]
    if not choices:
        return False
    defender, permanent = choices[0]
    if len(choices) > 1:
        options: list[CardOption | Named] = [
            CardOption(p.id, f"{p.public_name} #{p.id}") if p else Named(f"P{d + 1}")
            for d, p in choices
        ]
        decision = game.decision(
            DecisionKind.CHOICE,
            player,
            options,
            f"choose what {creature.public_name} is attacking",
            rule="508.4",
        )
        choice = await game.ask(decision)
        if game.players[player].has_left or creature.id not in game.objects:
            return False
        defender, permanent = choices[choice.indices[0]]
    combat = game.combat if game.combat is not None else Combat()
    game.combat = combat
    combat.declared = True  # 508.8: the combat damage step happens
    combat.attackers[creature.id] = defender
    if permanent is not None:
        combat.attacked_permanents[creature.id] = permanent.id
    combat.blocked_by[creature.id] = []
    game.combat_changed()
    option = Attack(
        creature.id, creature.public_name, defender, permanent.id if permanent else None
    )
    game.emit(AttackerAdded(rule="508.4", player=player, attacker=_attack_log(option)))
    return True


async def put_into_combat_blocking(
    game: Game, creature: GameObject, blocking: int | None = None
) -> bool:
    """Make ``creature``, just put onto the battlefield blocking, a blocking creature (CR
    509.4): its controller chooses which creature attacking them, a planeswalker they
    control or a battle they protect it blocks, unless the effect said (``blocking``).
    It never "blocked" (509.3a-b don't trigger); the attacking creature becomes blocked,
    which triggers "becomes blocked" only if it was unblocked (509.3c) and "becomes
    blocked by a creature" (509.3d). Requirements and restrictions on declaring blockers
    don't apply (509.4b). It never becomes blocking if nothing it may block is
    attacking (506.3d, 509.4a). Returns whether it did."""
    combat = game.combat
    player = creature.controller
    if combat is None or not _can_enter_combat(game, creature):
        return False
    choices = [
        attacker
        for attacker in attackers_facing(game, combat, player)
        if blocking is None or attacker == blocking
    ]
    if not choices:
        return False
    attacker_id = choices[0]
    if len(choices) > 1:
        options = [CardOption(a, f"{game.objects[a].public_name} #{a}") for a in choices]
        decision = game.decision(
            DecisionKind.CHOICE,
            player,
            options,
            f"choose the creature {creature.public_name} is blocking",
            rule="509.4",
        )
        choice = await game.ask(decision)
        if game.players[player].has_left or not choice.indices:
            return False  # they left, or no attacker is within their range (801.5a)
        attacker_id = choices[choice.indices[0]]
        if attacker_id not in combat.attackers:
            return False
    attacker = game.objects[attacker_id]
    combat.blockers[creature.id] = [attacker_id]
    combat.blocked_by[attacker_id].append(creature.id)
    was_blocked = attacker.blocked
    attacker.blocked = True
    seq = game.emit(
        BlockerAdded(rule="509.4", player=player, blocker=creature.id, attacker=attacker_id)
    )
    if game.watching:
        if not was_blocked:
            game.notice(TriggerEvent(TriggerKind.BLOCKS, seq, player, attacker, attacking=True))
        game.notice(
            TriggerEvent(
                TriggerKind.BLOCKS_CREATURE, seq, player, attacker, other=creature, attacking=True
            )
        )
    return True


def _attack_log(option: Attack) -> list[int | str]:
    if option.permanent is None:
        return [option.attacker, option.defender]
    return [option.attacker, option.defender, option.permanent]


def remove_from_combat_if_not_creatures(game: Game) -> None:
    """Remove from combat the attacking and blocking permanents that are no longer
    creatures, and the attacked planeswalkers and battles that are no longer
    planeswalkers or battles (506.4): in every combat under way (807.4)."""
    for combat in game.all_combats():
        for creature in combat.in_combat():
            obj = game.objects.get(creature)
            if obj is not None and not game.is_creature(obj):
                game.remove_from_combat(creature)
        for attacked in list(combat.attacked_permanents.values()):
            obj = game.objects.get(attacked) if attacked is not None else None
            if obj is None:
                continue
            types = game.characteristics(obj).types
            if "Planeswalker" not in types and "Battle" not in types:
                game.remove_from_combat(obj.id)


def end_combat(game: Game) -> None:
    """Remove every creature from combat as the end of combat step ends (CR 511.3)."""
    if game.combat is not None:
        # A creature attacking in another turn's combat stays blocked there (509.1h, 807.4).
        elsewhere = {a for c in game.all_combats() if c is not game.combat for a in c.attackers}
        for permanent in game.battlefield:
            if permanent.id not in elsewhere:
                permanent.blocked = False
        if game.combat.attackers and game.derived.combat_matters():
            game.combat_changed()
            # No event marks the end of combat, yet what it changes may make a
            # state-based action apply (303.4c, 704.5f): they are checked again.
            game.sba_checked_at = -1
    game.combat = None

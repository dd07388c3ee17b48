"""Priority actions: playing lands, casting spells, activating abilities, resolving (CR 116,
117, 305, 601, 602, 605, 608)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from manaweave.cards import (
    Ability,
    ActivatedAbility,
    ActivationRestriction,
    AlternativeCasting,
    CardDefinition,
    Cost,
    LoyaltyAbility,
    ManaAbility,
    Resolution,
    SpellAbility,
    SpellAddition,
    TargetSpec,
    TriggeredAbility,
    TriggerEvent,
    TriggerKind,
    TurnsFaceUp,
    divided_total,
    target_slots,
)
from manaweave.events import (
    OMITTED,
    AbilityActivated,
    AbilityFizzled,
    AbilityRemoved,
    AbilityResolved,
    CastReversed,
    LandPlayed,
    ManaSpent,
    PermanentEntered,
    ResolutionStarted,
    SpellCast,
    SpellFizzled,
    SpellProposed,
)

from ._costs import (
    ActivationCost,
    CostRoute,
    activation_cost,
    can_pay_costs,
    choose_payments,
    cost_routes,
    pay_costs,
    total_mana,
)
from ._decisions import (
    Activate,
    Cast,
    DecisionKind,
    Named,
    Number,
    Option,
    Pass,
    Payment,
    PlayLand,
    TurnFaceUp,
)
from ._errors import RuleNotImplementedError
from ._mana import ManaCost, ManaSource, PaymentPlan, can_pay, pay_from_pool, payment_plans
from ._objects import AbilityOnStack, GameObject, StackItem, TargetRef
from ._targets import (
    ability_targeting,
    can_choose_targets,
    choose_division,
    choose_targets,
    is_legal_target,
    item_targeting,
    own_target_specs,
    spell_target_specs,
    spell_targeting,
    targets_log,
)
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["pay_optional_cost", "priority_options", "resolve_top", "take_action"]


class _Source:
    """A mana ability of a permanent: its solver description and its priority options."""

    __slots__ = ("ability", "index", "options", "permanent", "spec")

    def __init__(
        self, permanent: GameObject, index: int, ability: ManaAbility, spec: ManaSource
    ) -> None:
        self.permanent = permanent
        self.index = index
        self.ability = ability
        self.spec = spec
        """Its solver description: ``spec.outputs`` is what it adds now."""
        self.options = [
            Activate(
                permanent.id,
                permanent.name,
                index,
                "Add " + "".join("{" + m + "}" for m in mana),
                True,
                output,
            )
            for output, mana in enumerate(spec.outputs)
        ]
        """One priority option per alternative the ability produces (CR 605.3a)."""


_MAX_ABILITIES = 64
"""Mana source keys are ``object id * 64 + ability index``: unique, and stable while the
object stays on the battlefield, so the solver's descriptions can be cached."""


def _abilities(
    game: Game, player: int
) -> tuple[list[_Source], list[tuple[GameObject, int, ActivatedAbility]]]:
    """The mana abilities ``player`` can activate now (CR 605.3a) and the other
    activated abilities of their permanents."""
    mana, activated = _ability_index(game, player)
    sources = [
        source
        for source, creature in mana
        if not source.ability.tap
        or not (
            source.permanent.tapped
            or (creature and game.has_summoning_sickness(source.permanent))  # 302.6
        )
    ]
    if game.cost_changes():
        # Cost changes apply to mana abilities too (605.3, 602.2b); one that adds mana to
        # a mana ability's cost raises, as the payment solver can't spend mana on mana.
        for source in sources:
            activation_cost(game, player, source.permanent, source.ability)
    return sources, activated


def _ability_index(
    game: Game, player: int
) -> tuple[list[tuple[_Source, bool]], list[tuple[GameObject, int, ActivatedAbility]]]:
    """Every activated ability of ``player``'s permanents, and of the cards in their
    graveyard that function there, rebuilt only when zones or characteristics change:
    tapping does not, and readiness is checked per call."""
    version = game.characteristics_version
    cached = game.ability_index.get(player)
    if cached is not None and cached[0] == version:
        return cached[1], cached[2]
    mana: list[tuple[_Source, bool]] = []
    activated: list[tuple[GameObject, int, ActivatedAbility]] = []
    sources = game.mana_source_cache
    restrictions = _activation_restrictions(game)
    for permanent in game.battlefield:
        if permanent.controller != player:
            continue
        chars = game.characteristics(permanent)
        if not chars.abilities:
            continue
        abilities = chars.ability_index
        # Only what the permanent has is numbered (most have no activated ability).
        kinds = abilities.by_kind
        mana_abilities = abilities.numbered(ManaAbility) if ManaAbility in kinds else ()
        for index, mana_ability in mana_abilities:
            if restrictions and _activation_forbidden(game, restrictions, permanent, mana_ability):
                continue  # 602.5: mana abilities are activated abilities too (605.1a)
            key = permanent.id * _MAX_ABILITIES + index
            source = sources.get(key)
            outputs = mana_ability.outputs(game, permanent)
            if (
                source is None
                or source.ability is not mana_ability
                or source.spec.outputs != outputs
            ):
                spec = ManaSource(key=key, outputs=outputs, kind=permanent.card.name)
                source = sources[key] = _Source(permanent, index, mana_ability, spec)
            mana.append((source, chars.is_creature))
        others = abilities.numbered(ActivatedAbility) if ActivatedAbility in kinds else ()
        for index, ability in others:
            if ability.zone == "battlefield":
                activated.append((permanent, index, ability))
    # Abilities that function in the graveyard (113.6m), activated by the card's owner.
    for card_obj in game.players[player].graveyard:
        in_graveyard = game.characteristics(card_obj).ability_index
        if ActivatedAbility not in in_graveyard.by_kind:
            continue
        for index, ability in in_graveyard.numbered(ActivatedAbility):
            if ability.zone == "graveyard":
                activated.append((card_obj, index, ability))
    game.ability_index[player] = (version, mana, activated)
    return mana, activated


def _activation_restrictions(game: Game) -> list[tuple[GameObject, ActivationRestriction]]:
    """The abilities of permanents that say activated abilities can't be activated
    (CR 602.5), with their permanents."""
    return game.battlefield_abilities(ActivationRestriction)


def _activation_forbidden(
    game: Game,
    restrictions: list[tuple[GameObject, ActivationRestriction]],
    permanent: GameObject,
    ability: Ability,
) -> bool:
    """Whether one of ``restrictions`` forbids activating ``ability`` of ``permanent``
    now (CR 602.5)."""
    return any(r.forbids_activation(game, source, permanent, ability) for source, r in restrictions)


def mana_sources(game: Game, player: int) -> list[_Source]:
    """The mana abilities ``player`` can activate now (CR 605.3a)."""
    return _abilities(game, player)[0]


def _has_sorcery_timing(game: Game, player: int) -> bool:
    """Main phase of the player's own turn (their team's, 805.4) with an empty stack
    (CR 117.1a, 307.1)."""
    return game.is_active(player) and game.step is not None and game.step.is_main and not game.stack


def may_cast_spells(game: Game, player: int) -> bool:
    """Whether no effect says ``player`` can't cast spells this turn: such a prohibition
    beats every permission to cast, in any zone and at any time (CR 101.2)."""
    return game.players[player].cant_cast_on_turn != game.turn


def priority_options(game: Game, player: int) -> list[Option]:
    """Everything ``player`` may do with priority now, ``Pass`` first (CR 117.1)."""
    options: list[Option] = [_PASS]
    state = game.players[player]
    pool = state.mana_pool
    changers = False
    sorcery_timing = _has_sorcery_timing(game, player)
    sources, activated = _abilities(game, player)
    specs: list[ManaSource] | None = None
    others_permit_flash = not sorcery_timing and bool(game.flash_permissions())
    may_cast = may_cast_spells(game, player)
    for card_obj in state.hand:
        card = card_obj.card
        if not may_cast and not card.is_land:
            continue
        if card.alternative_castings and may_cast:
            # Even a land card with morph can be cast face down (702.37c).
            options.extend(_other_ways(game, player, card_obj, sorcery_timing, sources))
        if card.is_land:
            # Playing a land is a special action, once a turn (CR 116.2a, 305.2).
            if sorcery_timing and state.lands_played < 1:
                options.append(PlayLand(card_obj.id, card.name))
            continue
        if not (
            sorcery_timing
            or card.is_instant
            or (
                (card.flash_permissions or others_permit_flash)
                and _as_though_flash(game, player, card_obj, card)
            )
        ):
            continue
        if specs is None:
            specs = [s.spec for s in sources]
            changers = bool(game.cost_changes())
        cost = card.plain_mana_cost
        if changers or cost is None:
            if not _payable_somehow(game, player, card_obj, specs):
                continue
        elif not can_pay(with_x(cost, 0, card), pool, specs):
            continue
        if (
            _legal_modes(game, player, card_obj)
            if card.spell and card.spell.modes
            else can_choose_targets(
                game, spell_target_specs(card_obj), spell_targeting(player, card_obj)
            )
        ):
            options.append(Cast(card_obj.id, card.name))
    if game.has_face_down:
        options.extend(_face_up_options(game, player, sources))
    for source in sources:
        options.extend(source.options)
    for permanent, index, ability in activated:
        total = _activation_cost_if_can_activate(game, player, permanent, ability, sources)
        if total is not None:
            # The total cost is shown where an effect changes it (602.2b, 601.2f).
            shown = total.text(ability.tap) if total.changed else ""
            options.append(
                Activate(permanent.id, permanent.name, index, ability.text, False, total_cost=shown)
            )
    return options


_PASS = Pass()


def _as_though_flash(game: Game, player: int, card_obj: GameObject, spell: CardDefinition) -> bool:
    """Whether ``player`` may begin to cast ``card_obj``, with the characteristics
    ``spell`` it would be cast with (601.3e), any time they could cast an instant (CR
    601.3, 117.1a): by its own flash (702.8a) or by another object's permission (601.3b).
    A card cast face down has the face-down values, without its flash (708.4)."""
    for ability in spell.flash_permissions:
        if ability.allows(game, card_obj, player, card_obj, spell):
            return True
    permissions = game.flash_permissions()
    return bool(permissions) and any(
        ability.allows(game, holder, player, card_obj, spell) for holder, ability in permissions
    )


def _other_ways(
    game: Game, player: int, card_obj: GameObject, sorcery_timing: bool, sources: list[_Source]
) -> list[Cast]:
    """The ways of casting ``card_obj`` that its abilities allow (601.3, 702.37d), each
    judged with the characteristics the spell would have (601.3e, 708.4): its timing,
    whether its total cost could be paid and its targets chosen."""
    found = []
    card = card_obj.card
    pool = game.players[player].mana_pool
    specs = [s.spec for s in sources]
    for index, way in card.alternative_castings:
        cast_as = way.cast_as or card
        if not (
            sorcery_timing
            or cast_as.is_instant
            or _as_though_flash(game, player, card_obj, cast_as)
        ):
            continue
        route = _way_route(way, cast_as)
        targets = _cast_target_specs(card_obj, cast_as)
        fewest = sum(spec.fewest for spec in targets)
        mana = with_x(route.mana, cast_as.x_minimum, cast_as)
        if (
            can_pay_costs(game, player, card_obj, route.costs)
            and can_pay(
                total_mana(game, player, card_obj, mana, fewest, cast_as=cast_as), pool, specs
            )
            and can_choose_targets(game, targets, spell_targeting(player, card_obj, cast_as))
        ):
            found.append(Cast(card_obj.id, card.name, index, way.announcement, way.face_down))
    return found


def _way_route(way: AlternativeCasting, cast_as: CardDefinition) -> CostRoute:
    """The alternative cost a way of casting pays, with the additional costs of the spell
    as cast (118.9d; a face-down spell has none, 708.2a)."""
    cost = way.alternative_cost
    return CostRoute(cost.mana, cost.costs + cast_as.additional_costs, cost)


def _cast_target_specs(card_obj: GameObject, cast_as: CardDefinition) -> tuple[TargetSpec, ...]:
    """The targets a spell cast with ``cast_as``'s characteristics requires."""
    if cast_as is card_obj.card:
        return spell_target_specs(card_obj)
    if cast_as.spell is not None and cast_as.spell.modes:
        raise RuleNotImplementedError("601.3e", f"a modal spell cast as {cast_as.name!r}")
    return cast_as.spell.targets if cast_as.spell is not None else ()


def _face_up_options(game: Game, player: int, sources: list[_Source]) -> list[TurnFaceUp]:
    """The face-down permanents ``player`` could turn face up now (116.2b): manifested
    creature cards for their mana cost (701.40b), and any that would have an ability such
    as morph face up, for its cost (702.37e, 701.40c)."""
    pool = game.players[player].mana_pool
    specs = [s.spec for s in sources]
    found = []
    for permanent in game.battlefield:
        if not (permanent.face_down and permanent.controller == player):
            continue
        card = permanent.card
        if (
            permanent.face_down_by == "manifest"
            and "Creature" in card.types
            and card.mana_cost is not None
            and can_pay(with_x(card.mana_cost, 0, card), pool, specs)
        ):
            found.append(TurnFaceUp(permanent.id, card.name, str(card.mana_cost)))
        face_up = game.face_up_characteristics(permanent)
        for index, ability in face_up.ability_index.numbered(TurnsFaceUp):
            if can_pay(ability.face_up_cost, pool, specs):
                found.append(
                    TurnFaceUp(
                        permanent.id,
                        face_up.name,
                        str(ability.face_up_cost),
                        index,
                        ability.keyword,
                    )
                )
    return found


async def turn_face_up(
    game: Game, player: int, permanent: GameObject, ability_index: int | None = None
) -> None:
    """Turn a face-down permanent face up, a special action (116.2b): show that it is a
    creature card and pay its mana cost (701.40b), or show the cost of the ability it would
    have face up and pay that (702.37e)."""
    paid: TurnsFaceUp | None = None
    if ability_index is None:
        card = permanent.card
        assert card.mana_cost is not None
        cost = with_x(card.mana_cost, 0, card)
        rule = "701.40b"
    else:
        ability = game.face_up_characteristics(permanent).abilities[ability_index]
        assert isinstance(ability, TurnsFaceUp)
        cost, paid, rule = ability.face_up_cost, ability, "702.37e"
    sources = mana_sources(game, player)
    plan: PaymentPlan | None = None
    if cost.mana_value():
        plan = await _choose_payment(game, player, cost, sources, "turning it face up")
        if plan is None:
            return
        await _pay(game, player, cost, plan, sources)
    await game.turn_face_up(permanent, rule=rule, paid=paid)


def _payable_somehow(
    game: Game, player: int, card_obj: GameObject, specs: list[ManaSource]
) -> bool:
    """Whether some way of paying for the card could be completed now, with X = 0 and the
    fewest targets (CR 601.2b, 601.2f); later choices may still make it unpayable, and
    the cast is then reversed (732.1)."""
    card = card_obj.card
    pool = game.players[player].mana_pool
    fewest = sum(spec.fewest for spec in spell_target_specs(card_obj))
    for route in cost_routes(card):
        if not can_pay_costs(game, player, card_obj, route.costs):
            continue
        mana = with_x(route.mana, card.x_minimum, card)
        if can_pay(total_mana(game, player, card_obj, mana, fewest), pool, specs):
            return True
    return False


def _activation_cost_if_can_activate(
    game: Game,
    player: int,
    permanent: GameObject,
    ability: ActivatedAbility,
    sources: list[_Source],
) -> ActivationCost | None:
    """The total cost of activating ``ability`` now (602.2b, 601.2f), with X = 0 for a
    [−X] cost, or ``None`` if it can't be activated or that cost can't be paid."""
    if ability.tap and (
        permanent.tapped or (game.is_creature(permanent) and game.has_summoning_sickness(permanent))
    ):
        return None
    if isinstance(ability, LoyaltyAbility) and (
        # Sorcery timing, once per turn per permanent (606.3).
        permanent.loyalty_turn == game.turn or not _has_sorcery_timing(game, player)
    ):
        return None
    if ability.sorcery_speed and not _has_sorcery_timing(game, player):
        return None  # 602.5d
    if ability.once_each_turn and permanent.activated_this_turn.get(ability) == game.turn:
        return None  # 602.5b
    if _activation_forbidden(game, _activation_restrictions(game), permanent, ability):
        return None  # 602.5
    if not can_choose_targets(game, ability.targets, ability_targeting(player, permanent)):
        return None
    if ability.costs and not can_pay_costs(game, player, permanent, ability.costs):
        return None
    cost = activation_cost(game, player, permanent, ability)
    if cost.loyalty is not None and -cost.loyalty > permanent.counters.get("loyalty", 0):
        # A negative loyalty cost, with any additional ones, only with that many loyalty
        # counters (606.6).
        return None
    # A source whose {T} is part of this ability's cost can't also pay its mana.
    specs = [s.spec for s in sources if not (ability.tap and s.permanent is permanent)]
    return cost if can_pay(cost.mana, game.players[player].mana_pool, specs) else None


async def take_action(game: Game, player: int, option: Option) -> None:
    """Carry out a priority action other than passing."""
    if not game.library_top_matters:
        await _take_action(game, player, option)  # the common case: nothing to hold back
        return
    with game.announcing():  # 401.5
        await _take_action(game, player, option)


async def _take_action(game: Game, player: int, option: Option) -> None:
    if isinstance(option, PlayLand):
        await play_land(game, player, game.objects[option.card])
    elif isinstance(option, TurnFaceUp):
        await turn_face_up(game, player, game.objects[option.permanent], option.ability)
    elif isinstance(option, Cast):
        card_obj = game.objects[option.card]
        way = None if option.way is None else card_obj.card.abilities[option.way]
        assert way is None or isinstance(way, AlternativeCasting)
        await cast_spell(game, player, card_obj, way)
    elif isinstance(option, Activate):
        permanent = game.objects[option.source]
        ability = game.characteristics(permanent).abilities[option.ability]
        if isinstance(ability, ManaAbility):
            await activate_mana_ability(game, player, permanent, ability, option.output)
        elif isinstance(ability, ActivatedAbility):
            await activate_ability(game, player, permanent, ability)
    else:
        raise TypeError(f"not a priority action: {option!r}")


async def play_land(game: Game, player: int, card_obj: GameObject) -> None:
    """Play a land: a special action that puts it onto the battlefield (CR 305.1)."""
    game.players[player].lands_played += 1
    await game.move(card_obj, Zone.BATTLEFIELD, rule="305.1", controller=player, event=LandPlayed)


async def activate_mana_ability(
    game: Game, player: int, permanent: GameObject, ability: ManaAbility, output: int
) -> None:
    """Activate a mana ability: it resolves at once, without the stack (CR 605.3b)."""
    if ability.tap:
        await game.tap(permanent, rule="605.3b", cost=True)
    seq = game.add_mana(player, ability.outputs(game, permanent)[output], permanent.id)
    if ability.tap and game.watching:
        # Tapped for mana (106.12): what triggers goes on the stack the next time a
        # player would receive priority (117.5).
        types = game.characteristics(permanent).types
        game.notice(TriggerEvent(TriggerKind.TAPPED_FOR_MANA, seq, player, permanent, types=types))


async def _choose_payment(
    game: Game, player: int, cost: ManaCost, sources: list[_Source], what: str
) -> PaymentPlan | None:
    pool = game.players[player].mana_pool
    plans = payment_plans(cost, pool, [s.spec for s in sources])
    if not plans:
        raise RuntimeError(f"{what}: no way to pay {cost} although it was offered")
    by_key = {s.spec.key: s for s in sources}
    if game.table.preferences[player].engine_pays:
        return engine_payment_plan(plans, by_key)
    options = [Payment(plan, _describe(plan, by_key)) for plan in plans]
    decision = game.decision(DecisionKind.PAYMENT, player, options, f"pay {cost} for {what}")
    choice = await game.ask(decision)
    if game.players[player].has_left:
        return None
    return plans[choice.indices[0]]


def engine_payment_plan(plans: list[PaymentPlan], by_key: dict[int, _Source]) -> PaymentPlan:
    """The plan the engine pays with for a player who leaves it to the engine: mana
    already in the pool first (it empties at the end of the step anyway, 500.4), then as
    few mana abilities as possible, then sources that make the fewest kinds of mana, so
    that the versatile ones stay untapped; the first such plan in the solver's order."""

    def cost(plan: PaymentPlan) -> tuple[int, int, int]:
        versatility = sum(len(by_key[key].spec.outputs) for key, _ in plan.activations)
        return (-len(plan.from_pool), len(plan.activations), versatility)

    return min(plans, key=cost)


def _describe(plan: PaymentPlan, by_key: dict[int, _Source]) -> str:
    parts = [
        f"{by_key[key].permanent.name} #{by_key[key].permanent.id}"
        + ("" if len(by_key[key].spec.outputs) == 1 else f" ({output})")
        for key, output in plan.activations
    ]
    if plan.from_pool:
        parts.append("pool " + "".join("{" + m + "}" for m in plan.from_pool))
    return ", ".join(parts) if parts else "nothing"


async def _pay(
    game: Game,
    player: int,
    cost: ManaCost,
    plan: PaymentPlan,
    sources: list[_Source],
    *,
    rule: str = "601.2h",
) -> None:
    """Activate the plan's mana abilities, then pay the cost from the pool (601.2g-h)."""
    by_key = {s.spec.key: s for s in sources}
    state = game.players[player]
    usable = list(plan.from_pool)
    for key, output in plan.activations:
        source = by_key[key]
        await activate_mana_ability(game, player, source.permanent, source.ability, output)
        usable.extend(source.spec.outputs[output])
    spent = pay_from_pool(cost, state.mana_pool, using=usable)
    game.emit(ManaSpent(rule=rule, player=player, mana=list(spent), cost=str(cost)))


async def pay_optional_cost(
    game: Game,
    player: int,
    source: GameObject,
    mana: ManaCost | None,
    costs: Sequence[Cost],
    prompt: str,
    rule: str,
) -> bool:
    """``player`` may pay a cost as a spell or ability of ``source`` resolves ("counter
    it unless that player pays {2}", CR 118.12a): only if they could pay all of it
    (118.3) are they asked, a ``MAY`` decision logged with ``rule``; if they choose to,
    they pay its mana, activating mana abilities as they wish (605.3a), and its other
    costs. Returns whether they paid."""
    if game.players[player].has_left:
        return False
    sources = mana_sources(game, player)
    pool = game.players[player].mana_pool
    needs_mana = mana is not None and mana.mana_value() > 0
    if needs_mana:
        assert mana is not None
        if not can_pay(mana, pool, [s.spec for s in sources]):
            return False
    if not can_pay_costs(game, player, source, costs):
        return False
    options = [Named("yes"), Named("no")]
    decision = game.decision(DecisionKind.MAY, player, options, prompt, rule=rule)
    choice = await game.ask(decision)
    if options[choice.indices[0]].word == "no" or game.players[player].has_left:
        return False
    plan: PaymentPlan | None = None
    if needs_mana:
        assert mana is not None
        plan = await _choose_payment(game, player, mana, sources, prompt)
        if plan is None:
            return False
    paid_with = await choose_payments(game, player, source, costs)
    if paid_with is None:
        return False
    if plan is not None:
        assert mana is not None
        await _pay(game, player, mana, plan, sources, rule=rule)
    if costs:
        await pay_costs(game, player, source, costs, paid_with)
    return True


def _legal_modes(game: Game, player: int, card_obj: GameObject) -> list[int]:
    """The modes of the card ``card_obj`` that can be chosen: those whose targets can all
    be chosen (700.2a)."""
    card = card_obj.card
    assert card.spell is not None
    by = spell_targeting(player, card_obj)
    return [
        i for i, mode in enumerate(card.spell.modes) if can_choose_targets(game, mode.targets, by)
    ]


async def _choose_modes(game: Game, player: int, card_obj: GameObject) -> tuple[int, ...] | None:
    """The caster chooses the modes (601.2b, 700.2a), different ones (700.2d)."""
    card = card_obj.card
    assert card.spell is not None
    legal = _legal_modes(game, player, card_obj)
    count = card.spell.choose
    if len(legal) < count:
        return None
    options = [Named(card.spell.modes[i].text) for i in legal]
    decision = game.decision(
        DecisionKind.MODE,
        player,
        options,
        f"choose {count} mode(s) of {card.name}",
        min=count,
        max=count,
    )
    choice = await game.ask(decision)
    if game.players[player].has_left:
        return None
    return tuple(legal[i] for i in sorted(choice.indices))


async def cast_spell(
    game: Game, player: int, card_obj: GameObject, way: AlternativeCasting | None = None
) -> None:
    """Cast a spell from hand, following 601.2a-i; with ``way``, the other way of casting
    it that an ability of the card allows (601.3, 702.37c): announced first, with its
    alternative cost, and, if it is cast face down, as a spell with the face-down values
    (708.4), which the other players don't see.

    The player's choices (modes, costs, X, targets, division, payment) are asked before
    anything changes. If the cast then can't be completed (a total cost that can't be
    paid), it is reversed and only a ``cast_reversed`` event remains (732.1); an
    illegal answer or a concession leaves the game as it was.
    """
    card = (way.cast_as if way is not None else None) or card_obj.card
    face_down = way is not None and way.face_down
    name = "a face-down spell" if face_down else card.name
    modes: tuple[int, ...] = ()
    if card.spell is not None and card.spell.modes and card is card_obj.card:
        chosen_modes = await _choose_modes(game, player, card_obj)
        if chosen_modes is None:
            return
        modes = chosen_modes
        specs = tuple(t for i in modes for t in card.spell.modes[i].targets)
    else:
        specs = _cast_target_specs(card_obj, card)
    sources = mana_sources(game, player)
    additions: tuple[SpellAddition, ...] = ()
    if game.casting_options and not face_down:
        # A face-down spell has no text, name or subtypes (708.2a): nothing is announced
        # for its qualities.
        announced = await _announce_additions(game, player, card_obj, specs, sources)
        if announced is None:
            return
        additions = announced
    gained = tuple(a.gained for a in additions if a.gained is not None)
    if gained and card.spell is None:
        raise RuleNotImplementedError("612.1", f"{card.name}: a permanent spell gaining text")
    own_specs = specs
    specs = own_specs + tuple(spec for part in gained for spec in part.targets)
    fewest = sum(spec.fewest for spec in specs)
    if way is None:
        route = await _choose_route(game, player, card_obj, sources, additions, fewest)
    else:
        route = _way_route(way, card)
    if route is None:
        return
    mana = _with_additions(route.mana, additions)
    costs = route.costs + tuple(c for a in additions for c in a.costs)
    x = 0
    if mana is not None and mana.x_count:
        # X is announced with the modes and costs, before targets are chosen (601.2b).
        chosen_x = await _choose_x(game, player, card_obj, mana, fewest, sources)
        if chosen_x is None:
            return
        x = chosen_x
    targets = await choose_targets(game, specs, name, spell_targeting(player, card_obj, card))
    if targets is None:
        return
    division: tuple[int, ...] = ()
    if card.spell is not None and card.spell.divided is not None:
        # Only the spell's own targets share what its own text divides.
        own_targets = targets[: len(target_slots(own_specs))]
        chosen_division = await choose_division(game, player, card.spell.divided, own_targets, name)
        if chosen_division is None:
            return
        division = chosen_division
    # The total cost is determined and locked in (601.2f).
    target_count = sum(1 for t in targets if t is not None)
    cost = total_mana(game, player, card_obj, with_x(mana, x, card), target_count, cast_as=card)
    pool = game.players[player].mana_pool
    if not (
        can_pay(cost, pool, [s.spec for s in sources])
        and can_pay_costs(game, player, card_obj, costs)
    ):
        game.emit(
            CastReversed(
                rule="732.1",
                player=player,
                card=None if face_down else card.name,
                cost=str(cost),
                reason="the total cost can't be paid (601.2f-h)",
            )
        )
        return
    plan: PaymentPlan | None = None
    if cost.mana_value():
        plan = await _choose_payment(game, player, cost, sources, name)
        if plan is None:
            return
    paid_with = await choose_payments(game, player, card_obj, costs)
    if paid_with is None:
        return
    spell = game.moves.move_now(
        card_obj,
        Zone.STACK,
        rule="601.2a",
        controller=player,
        event=SpellProposed,
        face_down=face_down,
        face_down_by=way.announcement if way is not None else "",
    )
    spell.targets = targets
    spell.division = division
    spell.x = x
    spell.modes = modes
    spell.gained_text = gained
    if plan is not None:
        await _pay(game, player, cost, plan, sources)
    if costs:
        spell.sacrificed = await pay_costs(game, player, card_obj, costs, paid_with)
    logged_targets = targets_log(targets)
    seq = game.emit(
        SpellCast(
            rule="601.2i",
            player=player,
            object=spell.id,
            card=None if face_down else card.name,
            targets=logged_targets,
            x=x if route.mana is not None and route.mana.x_count else OMITTED,
            modes=list(modes) if modes else OMITTED,
            division=list(division[: len(logged_targets)]) if division else OMITTED,
            alternative_cost=route.alternative.text if route.alternative is not None else OMITTED,
            additions=[a.text for a in additions] if additions else OMITTED,
            face_down=True if face_down else OMITTED,
        )
    )
    if game.watching:
        chars = game.characteristics(spell)  # a colour CDA works on the stack (604.3)
        game.notice(
            TriggerEvent(
                TriggerKind.CAST, seq, player, spell, colors=chars.colors, types=chars.types
            )
        )
        game.note_targets(spell, seq)


async def _choose_route(
    game: Game,
    player: int,
    card_obj: GameObject,
    sources: list[_Source],
    additions: Sequence[SpellAddition],
    fewest: int,
) -> CostRoute | None:
    """The caster announces whether they pay the mana cost or an alternative cost
    (CR 601.2b, 118.9a); only ways that could be paid, with the additional costs already
    announced and the ``fewest`` targets, are offered."""
    card = card_obj.card
    routes = cost_routes(card)
    if not card.alternative_costs:
        return routes[0] if routes else None
    payable = [
        r for r in routes if _route_payable(game, player, card_obj, r, additions, fewest, sources)
    ]
    if len(payable) <= 1:
        return payable[0] if payable else None
    options = [Named(r.text) for r in payable]
    decision = game.decision(DecisionKind.COST, player, options, f"how to pay for {card.name}")
    choice = await game.ask(decision)
    if game.players[player].has_left:
        return None
    return payable[choice.indices[0]]


async def _announce_additions(
    game: Game,
    player: int,
    card_obj: GameObject,
    specs: tuple[TargetSpec, ...],
    sources: list[_Source],
) -> tuple[SpellAddition, ...] | None:
    """Ask every casting option what the caster announces for the spell (601.2b);
    ``None`` if the caster left the game meanwhile."""
    announced: list[SpellAddition] = []

    def could_complete(more: Sequence[SpellAddition]) -> bool:
        chosen = (*announced, *more)
        gained = tuple(t for a in chosen if a.gained is not None for t in a.gained.targets)
        if gained and not can_choose_targets(
            game, specs + gained, spell_targeting(player, card_obj)
        ):
            return False  # 702.47b
        fewest = sum(spec.fewest for spec in specs + gained)
        return any(
            _route_payable(game, player, card_obj, route, chosen, fewest, sources)
            for route in cost_routes(card_obj.card)
        )

    for option in game.casting_options:
        announced.extend(await option.announce(game, player, card_obj, could_complete))
        if game.players[player].has_left:
            return None
    return tuple(announced)


def _with_additions(mana: ManaCost | None, additions: Sequence[SpellAddition]) -> ManaCost | None:
    """A route's mana plus the mana of the additional costs announced (601.2f)."""
    for addition in additions:
        if addition.mana is not None:
            mana = addition.mana if mana is None else mana + addition.mana
    return mana


def _route_payable(
    game: Game,
    player: int,
    card_obj: GameObject,
    route: CostRoute,
    additions: Sequence[SpellAddition],
    fewest: int,
    sources: list[_Source],
) -> bool:
    """Whether the spell could be paid for this way, with these additional costs, the
    smallest X allowed and the fewest targets (601.2f-h)."""
    card = card_obj.card
    costs = route.costs + tuple(c for a in additions for c in a.costs)
    if not can_pay_costs(game, player, card_obj, costs):
        return False
    mana = with_x(_with_additions(route.mana, additions), card.x_minimum, card)
    return can_pay(
        total_mana(game, player, card_obj, mana, fewest),
        game.players[player].mana_pool,
        [s.spec for s in sources],
    )


def with_x(cost: ManaCost | None, x: int, card: CardDefinition) -> ManaCost:
    """``cost`` with X = ``x`` (CR 107.3a, 601.2f): each {X} becomes ``x`` generic mana,
    or ``x`` mana of the card's X colour ("Spend only black mana on X"); no cost at all
    is {0}."""
    if cost is None:
        return ManaCost.parse("{0}")
    if not cost.x_count:
        return cost
    replacement = (f"{{{card.x_color}}}",) * x if card.x_color else ((f"{{{x}}}",) if x else ())
    symbols: list[str] = []
    for symbol in cost.symbols:
        symbols.extend(replacement if symbol == "{X}" else (symbol,))
    return ManaCost(tuple(symbols))


async def _choose_x(
    game: Game,
    player: int,
    card_obj: GameObject,
    mana: ManaCost,
    fewest_targets: int,
    sources: list[_Source],
) -> int | None:
    """The caster announces X (CR 601.2b, 107.3a): any value whose total cost could be
    paid with the fewest targets, and not below what the card allows ("X can't be 0")."""
    pool = game.players[player].mana_pool
    specs = [s.spec for s in sources]
    card = card_obj.card
    # Generic cost reductions can pay for part of a generic X: count them as mana.
    slack = 0
    if card.x_color is None:
        large = with_x(mana, 64, card)
        slack = max(
            0, large.mana_value() - total_mana(game, player, card_obj, large, 0).mana_value()
        )
    ceiling = pool.total + sum(max(len(o) for o in s.spec.outputs) for s in sources) + slack
    values = [
        x
        for x in range(card.x_minimum, ceiling + 1)
        if can_pay(
            total_mana(game, player, card_obj, with_x(mana, x, card), fewest_targets), pool, specs
        )
    ]
    options = [Number(x) for x in values]
    decision = game.decision(DecisionKind.X_VALUE, player, options, f"choose X for {card.name}")
    choice = await game.ask(decision)
    if game.players[player].has_left:
        return None
    return options[choice.indices[0]].value


async def activate_ability(
    game: Game, player: int, permanent: GameObject, ability: ActivatedAbility
) -> None:
    """Activate a non-mana activated ability (CR 602.2)."""
    x = 0
    if isinstance(ability, LoyaltyAbility) and ability.loyalty is None:
        # [−X]: X is announced first (602.2b, 601.2b, 107.3a), so that the loyalty cost,
        # combined with any additional ones (606.5), removes at most its loyalty (606.6).
        additional = activation_cost(game, player, permanent, ability).loyalty or 0
        most = permanent.counters.get("loyalty", 0) + additional
        options = [Number(n) for n in range(most + 1)]
        decision = game.decision(
            DecisionKind.X_VALUE, player, options, f"choose X for {permanent.name}"
        )
        choice = await game.ask(decision)
        if game.players[player].has_left:
            return
        x = options[choice.indices[0]].value
    targets = await choose_targets(
        game, ability.targets, permanent.name, ability_targeting(player, permanent)
    )
    if targets is None:
        return
    division: tuple[int, ...] = ()
    total = divided_total(ability.effects)
    if total is not None:
        # Announced as it is activated (602.2b, 601.2d).
        chosen_division = await choose_division(game, player, total, targets, permanent.name)
        if chosen_division is None:
            return
        division = chosen_division
    sources = [
        s for s in mana_sources(game, player) if not (ability.tap and s.permanent is permanent)
    ]
    # The total cost is determined and locked in (602.2b, 601.2f).
    cost = activation_cost(game, player, permanent, ability, x)
    plan: PaymentPlan | None = None
    if cost.mana.mana_value():
        plan = await _choose_payment(game, player, cost.mana, sources, permanent.name)
        if plan is None:
            return
    paid_with = await choose_payments(game, player, permanent, ability.costs)
    if paid_with is None:
        return
    item = AbilityOnStack(game.new_id(), ability, permanent, player, targets)
    item.x = x
    item.division = division
    game.stack.append(item)
    if ability.once_each_turn:
        permanent.activated_this_turn[ability] = game.turn
    last_turn, times = permanent.activation_counts.get(ability, (game.turn, 0))
    permanent.activation_counts[ability] = (game.turn, times + 1 if last_turn == game.turn else 1)
    if ability.tap:
        await game.tap(permanent, rule="602.2b", cost=True)
    if isinstance(ability, LoyaltyAbility):
        assert cost.loyalty is not None
        permanent.loyalty_turn = game.turn
        own = -x if ability.loyalty is None else ability.loyalty
        # Loyalty costs from effects are paid together with the ability's own (606.5).
        rule = "606.4" if cost.loyalty == own else "606.5"
        if cost.loyalty > 0:
            await game.put_counters(permanent, "loyalty", cost.loyalty, rule=rule)
        elif cost.loyalty < 0:
            game.remove_counters(permanent, "loyalty", -cost.loyalty, rule=rule)
    if plan is not None:
        await _pay(game, player, cost.mana, plan, sources)
    if ability.costs:
        item.sacrificed = await pay_costs(game, player, permanent, ability.costs, paid_with)
    logged_targets = targets_log(targets)
    seq = game.emit(
        AbilityActivated(
            rule="602.2",
            player=player,
            object=item.id,
            source=permanent.id,
            text=ability.text,
            targets=logged_targets,
            division=list(division[: len(logged_targets)]) if division else OMITTED,
            total_cost=cost.text(ability.tap) if cost.changed else OMITTED,
        )
    )
    game.note_targets(item, seq)


async def resolve_top(game: Game) -> None:
    """Resolve the top object of the stack (CR 608)."""
    item = game.stack[-1]
    seq = game.emit(ResolutionStarted(rule="608.1", player=item.controller, object=item.id))
    # Its effects reach only what is within its controller's range of influence (801.10).
    with game.caused_by(seq), game.influence.effects_of(item.controller):
        if isinstance(item, GameObject):
            await _resolve_spell(game, item)
        else:
            await _resolve_ability(game, item)


def _check_targets(
    game: Game, item: StackItem, specs: Sequence[TargetSpec]
) -> tuple[TargetRef | None, ...] | None:
    """The targets still legal (None for illegal ones), or None if all are illegal (608.2b)."""
    if not specs:
        return ()
    by = item_targeting(item)
    checked = tuple(
        target if target is not None and is_legal_target(game, spec, by, target) else None
        for spec, target in zip(target_slots(specs), item.targets, strict=True)
    )
    if all(t is None for t in checked) and any(t is not None for t in item.targets):
        return None
    return checked


async def _resolve_spell(game: Game, spell: GameObject) -> None:
    card = spell.template  # a face-down spell has no text (708.2a)
    specs = spell_target_specs(spell)
    targets = _check_targets(game, spell, specs)
    if targets is None:
        game.emit(SpellFizzled(rule="608.2b", player=spell.controller, object=spell.id))
        await game.move(spell, Zone.GRAVEYARD, rule="608.2b")
        return
    if isinstance(card.spell, SpellAbility):
        own = len(target_slots(own_target_specs(spell)))
        if card.spell.modes:
            # Each chosen mode's effects, with that mode's own targets (700.2f).
            offset = 0
            for index in spell.modes:
                mode = card.spell.modes[index]
                slots = len(target_slots(mode.targets))
                mine = targets[offset : offset + slots]
                offset += slots
                resolution = Resolution(game, spell, spell.controller, mine)
                for effect in mode.effects:
                    await effect.resolve(resolution)
        else:
            resolution = Resolution(game, spell, spell.controller, targets[:own])
            for effect in card.spell.effects:
                await effect.resolve(resolution)
        # Then the instructions of the text it gained, in the order announced, each with
        # its own targets; "this spell" in them is this spell (702.47b-c).
        offset = own
        for part in spell.gained_text:
            slots = len(target_slots(part.targets))
            resolution = Resolution(game, spell, spell.controller, targets[offset : offset + slots])
            offset += slots
            for effect in part.effects:
                await effect.resolve(resolution)
        if spell.zone is Zone.STACK and spell.id in game.objects:
            await game.move(spell, Zone.GRAVEYARD, rule="608.2n")
        return
    # A permanent spell enters the battlefield under its controller's control (608.3a),
    # an Aura attached to what it targeted (608.3c).
    permanent = await game.move(
        spell,
        Zone.BATTLEFIELD,
        rule="608.3c" if card.is_aura else "608.3a",
        controller=spell.controller,
        event=PermanentEntered,
    )
    if permanent.zone is not Zone.BATTLEFIELD or permanent.id not in game.objects:
        return  # it didn't enter: its owner or controller left while choosing (800.4a-b)
    game.spell_became(spell.id, permanent.id)
    if card.is_aura and targets and isinstance(targets[0], int):
        game.moves.attach_entering_aura(permanent, targets[0], rule="303.4b")


async def _resolve_ability(game: Game, item: AbilityOnStack) -> None:
    ability = item.ability
    assert isinstance(ability, ActivatedAbility | TriggeredAbility)
    if isinstance(ability, TriggeredAbility) and item.event is not None:
        condition = ability.condition
        if condition is not None and not condition.holds(game, item.source_snapshot, item.event):
            # An intervening "if" is checked again on resolution (603.4).
            game.stack.remove(item)
            game.emit(AbilityRemoved(rule="603.4", player=item.controller, object=item.id))
            return
    targets = _check_targets(game, item, ability.targets)
    if targets is None:
        game.stack.remove(item)
        game.emit(AbilityFizzled(rule="608.2b", player=item.controller, object=item.id))
        return
    if isinstance(ability, TriggeredAbility) and ability.optional:
        options = [Named("yes"), Named("no")]
        decision = game.decision(
            DecisionKind.MAY, item.controller, options, f"{ability.text} (you may)"
        )
        choice = await game.ask(decision)
        if options[choice.indices[0]].word == "no":
            game.stack.remove(item)
            game.emit(AbilityResolved(rule="603.5", player=item.controller, object=item.id))
            return
    resolution = Resolution(game, item, item.controller, targets, item.event)
    for effect in ability.effects:
        await effect.resolve(resolution)
    game.stack.remove(item)
    game.emit(AbilityResolved(rule="608.2n", player=item.controller, object=item.id))

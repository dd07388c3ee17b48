"""The total cost of a spell (CR 601.2b, 601.2f) or of an activated ability (602.2b,
606.5), and the parts of costs other than mana (118.3, 601.2h)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave.cards import (
    NO_COST_CHANGE,
    AbilityCostChange,
    ActivateAbility,
    ActivatedAbility,
    AlternativeCost,
    CastSpell,
    Cost,
    CostChange,
    LoyaltyAbility,
    ManaAbility,
)

from ._errors import RuleNotImplementedError
from ._mana import ManaCost

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._game import Game
    from ._layers import Characteristics
    from ._objects import GameObject

__all__ = [
    "ActivationCost",
    "CostRoute",
    "activation_cost",
    "can_pay_costs",
    "choose_payments",
    "cost_routes",
    "pay_costs",
    "total_mana",
]


@dataclass(frozen=True, slots=True)
class CostRoute:
    """One way to pay for a spell as announced in 601.2b: its mana cost, or one of its
    alternative costs (``alternative`` set), plus its additional costs."""

    mana: ManaCost | None
    """The mana to pay before X, increases and reductions; ``None`` for no mana at all."""
    costs: tuple[Cost, ...]
    """Every cost other than mana: the alternative cost's and the additional ones."""
    alternative: AlternativeCost | None = None

    @property
    def text(self) -> str:
        """How the route is offered to the caster."""
        if self.alternative is not None:
            return self.alternative.text
        return f"pay the mana cost {self.mana}"


def cost_routes(card: CardDefinition) -> list[CostRoute]:
    """The ways ``card`` may be paid for (CR 118.9a: one alternative cost at most; a card
    with no mana cost has only its alternative costs, 118.6)."""
    routes = []
    if card.mana_cost is not None and not card.mana_cost.is_empty:
        routes.append(CostRoute(card.mana_cost, card.additional_costs))
    for alternative in card.alternative_costs:
        routes.append(
            CostRoute(alternative.mana, alternative.costs + card.additional_costs, alternative)
        )
    return routes


def total_mana(
    game: Game,
    player: int,
    card_obj: GameObject,
    mana: ManaCost,
    target_count: int,
    *,
    cast_as: CardDefinition | None = None,
) -> ManaCost:
    """The mana part of the total cost (CR 601.2f): ``mana`` (with X already chosen) plus
    every increase, minus every reduction, which take away generic mana only and never
    below {0}. ``cast_as``: the characteristics the spell is cast with, if not its card's
    (a face-down spell, 708.4): the effects that apply to casting such a spell apply."""
    card = cast_as or card_obj.card
    spell = CastSpell(card, player, target_count)
    increase = reduction = 0
    colored = ""
    changes: list[tuple[GameObject, CostChange]] = [
        (card_obj, a) for a in card.abilities_of(CostChange)
    ]
    changes.extend(game.cost_changes())
    for source, ability in changes:
        delta = ability.change(game, source, spell)
        if delta > 0:
            increase += delta
        else:
            reduction -= delta
        colored += ability.colored_reduction(game, source, spell)
    if not (increase or reduction or colored):
        return mana
    total = mana.with_generic(increase).with_generic(-reduction)
    return total.without_colored(colored) if colored else total


@dataclass(frozen=True, slots=True)
class ActivationCost:
    """The total cost of activating an ability (CR 602.2b, 601.2f), other than {T} and
    the costs that effects don't change here (sacrifices, discards, life)."""

    mana: ManaCost
    """Its mana: the activation cost's plus increases, minus reductions."""
    loyalty: int | None
    """For a loyalty ability, the one loyalty cost all its loyalty costs combine into
    (606.5): positive puts counters on, negative removes them; ``None`` otherwise."""
    changed: bool = False
    """Whether some effect changed it (for what is shown and logged)."""

    def text(self, tap: bool) -> str:
        """The cost as it is shown: ``"{1}{G}, {T}"``, ``"{2}, [+2]"``, ``"[−3]"``."""
        parts = [] if self.mana.is_empty else [str(self.mana)]
        if tap:
            parts.append("{T}")
        if self.loyalty is not None:
            parts.append(_loyalty_symbol(self.loyalty))
        return ", ".join(parts)


def _loyalty_symbol(amount: int) -> str:
    """A loyalty cost as cards print it (CR 606.4): ``[+2]``, ``[−1]``, ``[0]``."""
    if amount > 0:
        return f"[+{amount}]"
    return f"[−{-amount}]" if amount < 0 else "[0]"


def activation_cost(
    game: Game,
    player: int,
    permanent: GameObject,
    ability: ActivatedAbility | ManaAbility,
    x: int = 0,
) -> ActivationCost:
    """The total cost of ``player`` activating ``ability`` of ``permanent`` (CR 602.2b,
    601.2f), with X (a [−X] loyalty cost) already announced as ``x``.

    Increases are added first, then reductions taken away, never below {0} (601.2f) and
    generic mana only unless coloured (118.7a-d). The player may apply reductions in any
    order (601.2f); the order only matters for a reduction that may not leave less than
    some mana ("can't reduce the mana in that cost to less than one mana"), so those with
    the highest such floor come first, which leaves the least to pay. Loyalty costs from
    effects combine with the ability's own into one (606.5).
    """
    if isinstance(ability, ManaAbility):
        # Mana abilities are activated by the rules of 602.2 (605.3): their cost is {T}
        # or nothing, with no mana.
        mana = ManaCost.parse("")
        loyalty = None
    else:
        mana = ability.cost
        loyalty = None
        if isinstance(ability, LoyaltyAbility):
            loyalty = -x if ability.loyalty is None else ability.loyalty
    cost_changes = game.cost_changes()
    if not cost_changes:
        return ActivationCost(mana, loyalty)
    activation = ActivateAbility(permanent, ability, player)
    applying = [
        change
        for source, ability_of_source in cost_changes
        if (change := ability_of_source.activation_change(game, source, activation))
        != NO_COST_CHANGE
    ]
    if not applying:
        return ActivationCost(mana, loyalty)
    increase = sum(c.generic for c in applying if c.generic > 0)
    total = mana.with_generic(increase) if increase else mana
    reductions = sorted((c for c in applying if c.reduces), key=lambda c: -c.minimum_mana)
    for reduction in reductions:
        total = _reduced(total, reduction)
    if isinstance(ability, ManaAbility) and total.mana_value():
        raise RuleNotImplementedError(
            "605.3", f"{permanent.name}: a mana ability whose total cost includes mana ({total})"
        )
    combined = loyalty
    if loyalty is not None:
        combined = loyalty + sum(c.loyalty for c in applying)
    return ActivationCost(total, combined, changed=total != mana or combined != loyalty)


def _reduced(cost: ManaCost, reduction: AbilityCostChange) -> ManaCost:
    """``cost`` less one effect's reduction (118.7a-d), which leaves at least its
    ``minimum_mana`` if the cost had that much."""
    if not cost.mana_value():
        return cost  # nothing to take away: a cost of {T} alone stays as it is
    room = max(0, cost.mana_value() - reduction.minimum_mana)
    for color in reduction.less_colored:
        if reduction.minimum_mana and not room:
            return cost
        smaller = cost.without_colored(color)
        room -= cost.mana_value() - smaller.mana_value()
        cost = smaller
    if reduction.generic < 0:
        take = -reduction.generic
        if reduction.minimum_mana:
            take = min(take, room)
        cost = cost.with_generic(-take)
    return cost


def can_pay_costs(game: Game, player: int, source: GameObject, costs: Sequence[Cost]) -> bool:
    """Whether ``player`` could pay every one of ``costs`` (CR 118.3)."""
    return all(cost.can_pay(game, player, source) for cost in costs)


async def choose_payments(
    game: Game, player: int, source: GameObject, costs: Sequence[Cost]
) -> list[tuple[int, ...]] | None:
    """Ask for the objects each cost will be paid with, before anything is paid
    (CR 601.2h); ``None`` if the player left the game meanwhile."""
    chosen = []
    for cost in costs:
        chosen.append(await cost.choose(game, player, source))
        if game.players[player].has_left:
            return None
    return chosen


async def pay_costs(
    game: Game,
    player: int,
    source: GameObject,
    costs: Sequence[Cost],
    chosen: Sequence[tuple[int, ...]],
) -> tuple[Characteristics, ...]:
    """Pay each cost with the objects chosen for it (CR 601.2h); returns the last known
    information of every permanent sacrificed."""
    sacrificed: list[Characteristics] = []
    for cost, objects in zip(costs, chosen, strict=True):
        sacrificed.extend(await cost.pay(game, player, source, objects))
    return tuple(sacrificed)

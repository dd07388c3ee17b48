"""The total cost of a spell (CR 601.2b, 601.2f) and the parts of costs other than mana
(118.3, 601.2h)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._mana import ManaCost
from .cards import AlternativeCost, CastSpell, Cost, CostChange

if TYPE_CHECKING:
    from ._game import Game
    from ._layers import Characteristics
    from ._objects import GameObject
    from .cards import CardDefinition

__all__ = [
    "CostRoute",
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
        (card_obj, a) for a in card.abilities if isinstance(a, CostChange)
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

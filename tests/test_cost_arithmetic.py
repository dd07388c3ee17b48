"""Costs are values a plugin can add and multiply: ``ManaCost`` with ``+`` and ``*``, the
other costs with ``add_costs`` and ``multiply_costs`` (CR 118.8, 601.2f, 119.4)."""

from __future__ import annotations

import pytest

from manaweave import ManaCost, ManaCostError
from manaweave.cards import (
    Cost,
    DiscardCards,
    PayLife,
    RemoveCountersFromThis,
    Sacrifice,
    SacrificeThis,
    add_costs,
    multiply_costs,
)


def test_mana_costs_add_and_multiply_generic_mana_first() -> None:
    assert ManaCost.parse("{1}{R}") + ManaCost.parse("{2}{G}") == ManaCost.parse("{3}{R}{G}")
    assert ManaCost.parse("{1}{G}") * 3 == ManaCost.parse("{3}{G}{G}{G}")
    assert 2 * ManaCost.parse("{W/U}") == ManaCost.parse("{W/U}{W/U}")
    assert ManaCost.parse("{1}{G}") * 0 == ManaCost.parse("{0}")  # no mana (118.5)
    assert (ManaCost.parse("{X}{R}") * 2).x_count == 2


def test_a_mana_cost_times_a_negative_number_or_a_non_number_is_an_error() -> None:
    with pytest.raises(ManaCostError, match=r"\{G\} can't be paid -1 times"):
        ManaCost.parse("{G}") * -1
    with pytest.raises(TypeError):
        ManaCost.parse("{G}") * 1.5  # type: ignore[operator]


@pytest.mark.rules("119.4")
def test_life_payments_add_up_to_one_payment() -> None:
    """Two payments of life are one: only a player with the whole amount can pay it."""
    assert add_costs([PayLife(2, "pay 2 life")], [PayLife(3, "pay 3 life")]) == (
        PayLife(5, "pay 5 life"),
    )
    assert multiply_costs([PayLife(1, "pay 1 life")], 4) == (PayLife(4, "pay 4 life"),)


def test_costs_of_a_kind_add_up_and_others_stay_apart_in_order() -> None:
    goblin = Sacrifice("sacrifice a Goblin", subtypes=("Goblin",))
    total = add_costs(
        [DiscardCards(), goblin],
        [Sacrifice(), DiscardCards(), RemoveCountersFromThis("age", 1, "remove an age counter")],
    )
    assert total == (
        DiscardCards("discard a card and discard a card", count=2),
        goblin,
        Sacrifice(),
        RemoveCountersFromThis("age", 1, "remove an age counter"),
    )
    assert add_costs([goblin], [goblin]) == (
        Sacrifice("sacrifice a Goblin and sacrifice a Goblin", count=2, subtypes=("Goblin",)),
    )


def test_costs_times_over() -> None:
    assert multiply_costs([Sacrifice(), DiscardCards()], 2) == (
        Sacrifice("sacrifice a creature (2 times)", count=2),
        DiscardCards("discard a card (2 times)", count=2),
    )
    assert multiply_costs([PayLife(1, "pay 1 life")], 0) == ()
    every = Sacrifice("sacrifice all creatures you control", every=True)
    assert multiply_costs([every], 3) == (every,)


@pytest.mark.rules("701.21a")
def test_a_cost_that_cannot_be_paid_twice_over_says_so() -> None:
    with pytest.raises(ValueError, match=r"sacrificed only once \(701\.21a\)"):
        multiply_costs([SacrificeThis()], 2)
    assert multiply_costs([SacrificeThis()], 1) == (SacrificeThis(),)
    with pytest.raises(ValueError, match="a whole number of times"):
        multiply_costs([PayLife(1)], -1)


def test_a_cost_class_that_does_not_say_how_it_multiplies_raises() -> None:
    class Tithe(Cost):
        text = "tithe"

    assert add_costs([Tithe()], [PayLife(1)])[1] == PayLife(1)
    with pytest.raises(NotImplementedError, match="Tithe does not say how it is paid 2 times"):
        multiply_costs([Tithe()], 2)

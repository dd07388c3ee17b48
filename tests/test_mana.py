"""Tests for mana (ManaCost; the pools, sources and payment solver of manaweave.lowlevel)."""

from __future__ import annotations

import copy
import functools
import itertools
import pickle
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from typing import TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from manaweave import ManaCost, ManaCostError, ManaweaveError, RuleNotImplementedError
from manaweave.lowlevel import (
    COLORS,
    MANA_TYPES,
    ManaPool,
    ManaSource,
    PaymentPlan,
    can_pay,
    pay_from_pool,
    payment_plans,
)

P = ManaCost.parse
T = TypeVar("T")


def forest(key: int) -> ManaSource:
    return ManaSource(key, (("G",),), "Forest")


def mountain(key: int) -> ManaSource:
    return ManaSource(key, (("R",),), "Mountain")


def plains(key: int) -> ManaSource:
    return ManaSource(key, (("W",),), "Plains")


def island(key: int) -> ManaSource:
    return ManaSource(key, (("U",),), "Island")


def taiga(key: int) -> ManaSource:
    return ManaSource(key, (("R",), ("G",)), "Taiga")


def sol_ring(key: int) -> ManaSource:
    return ManaSource(key, (("C", "C"),), "Sol Ring")


def acts(*keys: int | tuple[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(k if isinstance(k, tuple) else (k, 0) for k in keys)


# --------------------------------------------------------------------------------------------
# Constants and parsing
# --------------------------------------------------------------------------------------------


@pytest.mark.rules("106.1a", "106.1b")
def test_mana_types() -> None:
    assert MANA_TYPES == ("W", "U", "B", "R", "G", "C")
    assert COLORS == ("W", "U", "B", "R", "G")


@pytest.mark.rules("107.4", "107.4a", "107.4b", "202.1")
def test_parse_generic_and_colored() -> None:
    cost = P("{2}{G}{G}")
    assert cost.symbols == ("{2}", "{G}", "{G}")
    assert cost.generic == 2
    assert cost.colored == (("G", 2),)
    assert cost.colorless == 0
    assert cost.x_count == 0
    assert cost.hybrid == ()
    assert cost.mono_hybrid == ()
    assert str(cost) == "{2}{G}{G}"
    assert not cost.is_empty


@pytest.mark.rules("107.4a")
def test_parse_all_colors_in_wubrg_order() -> None:
    cost = P("{G}{R}{B}{U}{W}{W}")
    assert cost.colored == (("W", 2), ("U", 1), ("B", 1), ("R", 1), ("G", 1))
    assert str(cost) == "{G}{R}{B}{U}{W}{W}"  # printed order is kept


@pytest.mark.rules("107.4b")
@pytest.mark.parametrize(("text", "generic"), [("{10}", 10), ("{15}", 15), ("{1}{1}", 2)])
def test_parse_multi_digit_generic(text: str, generic: int) -> None:
    assert P(text).generic == generic


@pytest.mark.rules("107.4d", "202.1b", "118.5")
def test_zero_and_empty_costs_differ() -> None:
    zero = P("{0}")
    none = P("")
    assert zero.generic == 0
    assert not zero.is_empty
    assert none.is_empty
    assert zero != none
    assert zero.mana_value() == none.mana_value() == 0
    assert str(none) == ""


@pytest.mark.rules("107.4c")
def test_parse_colorless() -> None:
    cost = P("{C}{C}")
    assert cost.colorless == 2
    assert cost.colored == ()
    assert cost.colors == frozenset()


@pytest.mark.rules("107.3", "107.4b")
def test_parse_x() -> None:
    cost = P("{X}{X}{R}")
    assert cost.x_count == 2
    assert cost.generic == 0
    assert str(cost) == "{X}{X}{R}"


@pytest.mark.rules("107.4e")
def test_parse_hybrid() -> None:
    cost = P("{1}{G/W}{G/W}")
    assert cost.hybrid == (("G", "W"), ("G", "W"))
    assert cost.generic == 1
    assert P("{C/W}").hybrid == (("C", "W"),)
    for pair in ("W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U"):
        assert P(f"{{{pair}}}").hybrid == (tuple(pair.split("/")),)


@pytest.mark.rules("107.4e")
def test_parse_monocolored_hybrid() -> None:
    cost = P("{2/W}{2/U}")
    assert cost.mono_hybrid == ("W", "U")
    assert cost.hybrid == ()


@pytest.mark.rules("107.4")
def test_parse_is_cached_and_costs_are_values() -> None:
    assert P("{3}{U}") is P("{3}{U}")
    assert ManaCost(("{3}", "{U}")) == P("{3}{U}")
    assert hash(ManaCost(("{3}", "{U}"))) == hash(P("{3}{U}"))
    assert P("{U}{3}") != P("{3}{U}")
    assert eval(repr(P("{3}{U}")), {"ManaCost": ManaCost}) == P("{3}{U}")


@pytest.mark.rules("107.4")
@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("{Q}", "{Q}"),
        ("2G", "2G"),
        ("{2}G", "G"),
        ("{2", "{2"),
        ("{2}}", "}"),
        ("{{2}", "{{2"),
        ("{}", "{}"),
        ("{g}", "{g}"),
        ("{T}", "{T}"),
        ("{-1}", "{-1}"),
        ("{1.5}", "{1.5}"),
        (" {G}", " "),
        ("{U/W}", "{U/W}"),
        ("{W/W}", "{W/W}"),
        ("{2/C}", "{2/C}"),
        ("{W/U/B}", "{W/U/B}"),
        ("{Y}", "{Y}"),
    ],
)
def test_parse_garbage(text: str, bad: str) -> None:
    with pytest.raises(ManaCostError) as info:
        P(text)
    assert bad in str(info.value)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, ManaweaveError)


def test_parse_rejects_non_text() -> None:
    with pytest.raises(ManaCostError):
        P(2)  # type: ignore[arg-type]
    with pytest.raises(ManaCostError, match="braced"):
        ManaCost(("G",))


@pytest.mark.rules("107.4e")
def test_wrong_order_hybrid_suggests_the_real_symbol() -> None:
    with pytest.raises(ManaCostError, match=r"\{W/U\}"):
        P("{U/W}")


@pytest.mark.rules("107.4f", "107.4g", "107.4h")
@pytest.mark.parametrize(
    ("text", "rule"),
    [("{W/P}", "107.4f"), ("{G/U/P}", "107.4f"), ("{2}{H}", "107.4g"), ("{S}{S}", "107.4h")],
)
def test_unsupported_symbols(text: str, rule: str) -> None:
    with pytest.raises(RuleNotImplementedError) as info:
        P(text)
    assert info.value.rule == rule


# --------------------------------------------------------------------------------------------
# Mana value and colors
# --------------------------------------------------------------------------------------------


@pytest.mark.rules("202.3", "202.3e", "202.3f")
@pytest.mark.parametrize(
    ("text", "x", "value"),
    [
        ("{2}{G}{G}", 0, 4),
        ("", 0, 0),
        ("{0}", 0, 0),
        ("{X}{X}{R}", 0, 1),
        ("{X}{X}{R}", 3, 7),
        ("{X}{R}", 5, 6),
        ("{W/U}", 0, 1),
        ("{C/W}", 0, 1),
        ("{2/W}{2/W}", 0, 4),
        ("{C}{C}{1}", 0, 3),
        ("{15}", 0, 15),
    ],
)
def test_mana_value(text: str, x: int, value: int) -> None:
    assert P(text).mana_value(x) == value


@pytest.mark.rules("107.1b")
def test_negative_x_is_rejected() -> None:
    with pytest.raises(ManaCostError, match="negative"):
        P("{X}").mana_value(-1)
    with pytest.raises(ManaCostError):
        payment_plans(P("{X}"), ManaPool(), [], x=-1)
    with pytest.raises(ManaCostError):
        can_pay(P("{X}"), ManaPool(), [], x=-1)


@pytest.mark.rules("202.2", "202.2b", "202.2c", "202.2d", "107.4e")
@pytest.mark.parametrize(
    ("text", "colors"),
    [
        ("{2}{G}", "G"),
        ("{W}{U}{B}{R}{G}", "WUBRG"),
        ("{W/U}", "WU"),
        ("{2/B}", "B"),
        ("{C/W}", "W"),
        ("{C}", ""),
        ("{X}{3}", ""),
        ("", ""),
        ("{R}{G/W}", "RGW"),
    ],
)
def test_colors(text: str, colors: str) -> None:
    assert P(text).colors == frozenset(colors)


# --------------------------------------------------------------------------------------------
# Pools and sources
# --------------------------------------------------------------------------------------------


@pytest.mark.rules("106.4")
def test_pool_basics() -> None:
    pool = ManaPool()
    assert not pool
    assert pool.total == 0
    pool.add("R")
    pool.add("G", 2)
    pool.add("C", 0)
    assert pool
    assert pool.total == 3
    assert pool.amount("G") == 2
    assert pool.amount("W") == 0
    assert pool.as_tuple() == ("G", "G", "R")
    assert pool.counts() == {"R": 1, "G": 2}
    copy = pool.copy()
    assert copy == pool
    pool.remove("G")
    assert copy != pool
    assert copy.as_tuple() == ("G", "G", "R")
    assert pool.empty() == ("G", "R")
    assert not pool
    assert pool.empty() == ()
    assert ManaPool(["W", "C", "W"]).as_tuple() == ("C", "W", "W")
    assert repr(ManaPool("GR")) == "ManaPool(['G', 'R'])"


def test_pool_rejects_bad_input() -> None:
    pool = ManaPool(["G"])
    with pytest.raises(ManaCostError, match="'X'"):
        pool.add("X")
    with pytest.raises(ManaCostError):
        pool.add("G", -1)
    with pytest.raises(ManaCostError):
        pool.remove("G", 2)
    with pytest.raises(ManaCostError):
        ManaPool(["{G}"])
    assert pool.as_tuple() == ("G",)


@pytest.mark.rules("605.1a")
def test_source_validation() -> None:
    assert ManaSource(1, [["G"]], "Forest").outputs == (("G",),)  # type: ignore[arg-type]
    with pytest.raises(ManaCostError):
        ManaSource(1, ("G",), "Forest")  # type: ignore[arg-type]
    with pytest.raises(ManaCostError):
        ManaSource(1, (("Q",),), "Bad")
    with pytest.raises(ManaCostError):
        ManaSource(1, (), "Nothing")
    with pytest.raises(ManaCostError, match="same key"):
        payment_plans(P("{1}"), ManaPool(), [forest(1), mountain(1)])


def test_plan_describe() -> None:
    assert PaymentPlan().describe() == "pay nothing"
    plan = PaymentPlan(((1, 0), (4, 1)), ("G",))
    assert plan.describe() == "activate 1, 4 (output 1); from pool: G"
    assert plan.keys == (1, 4)


# --------------------------------------------------------------------------------------------
# Payment plans
# --------------------------------------------------------------------------------------------


@pytest.mark.rules("107.4a", "107.4b", "601.2g", "601.2h")
def test_forests_and_mountains_deduplicated() -> None:
    sources = [forest(1), forest(2), forest(3), mountain(4), mountain(5)]
    plans = payment_plans(P("{2}{G}"), ManaPool(), sources)
    assert plans == [
        PaymentPlan(acts(1, 2, 3)),
        PaymentPlan(acts(1, 2, 4)),
        PaymentPlan(acts(1, 4, 5)),
    ]
    assert can_pay(P("{2}{G}"), ManaPool(), sources)


@pytest.mark.rules("601.2g")
def test_representatives_use_the_lowest_keys_whatever_the_input_order() -> None:
    sources = [mountain(9), forest(7), forest(3), mountain(2)]
    assert payment_plans(P("{G}"), ManaPool(), sources) == [PaymentPlan(acts(3))]
    assert payment_plans(P("{1}"), ManaPool(), sources) == [
        PaymentPlan(acts(2)),
        PaymentPlan(acts(3)),
    ]


def test_sources_of_different_kinds_are_not_merged() -> None:
    a = ManaSource(1, (("G",),), "Forest")
    b = ManaSource(2, (("G",),), "Llanowar Elves")
    assert payment_plans(P("{G}"), ManaPool(), [a, b]) == [
        PaymentPlan(acts(1)),
        PaymentPlan(acts(2)),
    ]


@pytest.mark.rules("107.4a", "605.1a")
def test_dual_lands() -> None:
    assert payment_plans(P("{R}{G}"), ManaPool(), [taiga(1), mountain(2)]) == [
        PaymentPlan(acts((1, 1), 2))
    ]
    assert payment_plans(P("{1}{G}"), ManaPool(), [taiga(1), forest(2)]) == [
        PaymentPlan(acts(1, 2)),
        PaymentPlan(acts((1, 1), 2)),
    ]
    # Two interchangeable duals: the output indices are given nondecreasing by key.
    assert payment_plans(P("{R}{G}"), ManaPool(), [taiga(5), taiga(4)]) == [
        PaymentPlan(acts(4, (5, 1)))
    ]
    assert payment_plans(P("{G}{G}"), ManaPool(), [taiga(1), taiga(2), mountain(3)]) == [
        PaymentPlan(acts((1, 1), (2, 1)))
    ]
    assert not can_pay(P("{G}{G}{G}"), ManaPool(), [taiga(1), taiga(2), mountain(3)])
    assert payment_plans(P("{G}{G}{G}"), ManaPool(), [taiga(1), taiga(2), mountain(3)]) == []


@pytest.mark.rules("107.4c", "106.1b")
def test_colorless_sources() -> None:
    # Leftover mana is allowed when one activation adds more than is needed.
    assert payment_plans(P("{1}"), ManaPool(), [sol_ring(1)]) == [PaymentPlan(acts(1))]
    assert payment_plans(P("{C}{C}"), ManaPool(), [sol_ring(1), forest(2)]) == [
        PaymentPlan(acts(1))
    ]
    # {C} can only be paid with colorless mana.
    assert payment_plans(P("{C}"), ManaPool(), [forest(1), forest(2)]) == []
    assert not can_pay(P("{C}"), ManaPool(["G"]), [forest(1)])
    sources = [forest(1), forest(2), forest(3), sol_ring(4)]
    assert payment_plans(P("{2}{G}"), ManaPool(), sources) == [
        PaymentPlan(acts(1, 4)),
        PaymentPlan(acts(1, 2, 3)),
    ]


@pytest.mark.rules("106.4", "118.3a")
def test_floating_mana() -> None:
    assert payment_plans(P("{G}"), ManaPool(["G"]), [forest(1)]) == [
        PaymentPlan((), ("G",)),
        PaymentPlan(acts(1)),
    ]
    assert payment_plans(P("{1}{G}"), ManaPool(["R", "G"]), [forest(1)]) == [
        PaymentPlan((), ("G", "R")),
        PaymentPlan(acts(1), ("G",)),
        PaymentPlan(acts(1), ("R",)),
    ]
    # Only as much pool mana as the cost needs is taken.
    plans = payment_plans(P("{1}"), ManaPool(["G", "G", "G", "R"]), [])
    assert plans == [PaymentPlan((), ("G",)), PaymentPlan((), ("R",))]


@pytest.mark.rules("107.4e")
def test_hybrid_payment() -> None:
    sources = [plains(1), island(2), forest(3)]
    assert payment_plans(P("{W/U}{W/U}"), ManaPool(), sources) == [PaymentPlan(acts(1, 2))]
    assert payment_plans(P("{W/U}"), ManaPool(), sources) == [
        PaymentPlan(acts(1)),
        PaymentPlan(acts(2)),
    ]
    assert payment_plans(P("{W/U}"), ManaPool(), [forest(1), forest(2)]) == []
    assert payment_plans(P("{C/W}"), ManaPool(), [sol_ring(1), plains(2), forest(3)]) == [
        PaymentPlan(acts(1)),
        PaymentPlan(acts(2)),
    ]


@pytest.mark.rules("107.4e", "202.3f")
def test_monocolored_hybrid_payment() -> None:
    sources = [plains(1), forest(2), forest(3)]
    assert payment_plans(P("{2/W}"), ManaPool(), sources) == [
        PaymentPlan(acts(1)),
        PaymentPlan(acts(2, 3)),
    ]
    assert payment_plans(P("{2/W}"), ManaPool(), [forest(1)]) == []
    assert payment_plans(P("{2/W}"), ManaPool(), [sol_ring(1)]) == [PaymentPlan(acts(1))]
    # The W is needed for the hybrid symbol, so {2/W} is paid with two other mana.
    assert payment_plans(P("{2/W}{W/U}"), ManaPool(), [plains(1), forest(2), forest(3)]) == [
        PaymentPlan(acts(1, 2, 3))
    ]


@pytest.mark.rules("107.3", "107.3a")
def test_x_costs() -> None:
    sources = [mountain(1), mountain(2), mountain(3)]
    assert payment_plans(P("{X}{R}"), ManaPool(), sources, x=2) == [PaymentPlan(acts(1, 2, 3))]
    assert payment_plans(P("{X}{R}"), ManaPool(), sources, x=3) == []
    assert not can_pay(P("{X}{R}"), ManaPool(), sources, x=3)
    assert payment_plans(P("{X}{X}{R}"), ManaPool(), sources, x=1) == [PaymentPlan(acts(1, 2, 3))]
    assert payment_plans(P("{X}{R}"), ManaPool(), sources) == [PaymentPlan(acts(1))]
    assert payment_plans(P("{R}"), ManaPool(), sources, x=5) == [PaymentPlan(acts(1))]


@pytest.mark.rules("118.3", "601.2h")
def test_unpayable() -> None:
    assert payment_plans(P("{G}"), ManaPool(["R"]), [mountain(1)]) == []
    assert not can_pay(P("{G}"), ManaPool(["R"]), [mountain(1)])
    assert payment_plans(P("{5}"), ManaPool(), [forest(1)]) == []
    assert not can_pay(P("{5}"), ManaPool(), [forest(1)])


@pytest.mark.rules("118.5", "107.4d")
def test_costs_needing_no_mana() -> None:
    for text in ("", "{0}", "{X}"):
        assert payment_plans(P(text), ManaPool(["G"]), [forest(1)]) == [PaymentPlan()]
        assert can_pay(P(text), ManaPool(), [])


@pytest.mark.rules("601.2g")
def test_minimality() -> None:
    # Sol Ring alone pays {2}; adding the Forest would be waste.
    assert payment_plans(P("{2}"), ManaPool(), [sol_ring(1), forest(2)]) == [PaymentPlan(acts(1))]
    assert payment_plans(P("{1}"), ManaPool(["C"]), [sol_ring(1), forest(2)]) == [
        PaymentPlan((), ("C",)),
        PaymentPlan(acts(1)),
        PaymentPlan(acts(2)),
    ]
    for plan in payment_plans(P("{1}{G}"), ManaPool(["G"]), [forest(1), forest(2), sol_ring(3)]):
        assert len(plan.activations) + len(plan.from_pool) <= 2


def test_limit_and_order() -> None:
    sources = [ManaSource(k, (("G",),), f"elf {k}") for k in (6, 2, 4, 1, 5, 3, 7)]
    plans = payment_plans(P("{1}"), ManaPool(), sources)
    assert [p.activations for p in plans] == [acts(k) for k in range(1, 8)]
    assert payment_plans(P("{1}"), ManaPool(), sources, limit=3) == plans[:3]
    assert payment_plans(P("{1}"), ManaPool(), sources, limit=0) == []
    many = payment_plans(P("{2}"), ManaPool(), sources)
    assert len(many) == 21
    assert many == sorted(many, key=lambda p: (len(p.activations), p.activations, p.from_pool))


def test_many_distinct_duals_stop_at_the_limit() -> None:
    duals = [ManaSource(k, (("W",), ("U",)), f"dual {k}") for k in range(12)]
    plans = payment_plans(P("{4}{W}{U}"), ManaPool(), duals, limit=50)
    assert len(plans) == 50
    assert len(set(plans)) == 50
    assert can_pay(P("{4}{W}{U}"), ManaPool(), duals)


def test_can_pay_with_choice_sources() -> None:
    talisman = ManaSource(1, (("C", "C"), ("G",)), "odd")
    assert can_pay(P("{C}{C}"), ManaPool(), [talisman])
    assert can_pay(P("{G}"), ManaPool(), [talisman])
    assert not can_pay(P("{C}{C}{G}"), ManaPool(), [talisman])
    assert can_pay(P("{C}{C}{G}"), ManaPool(), [talisman, ManaSource(2, (("C", "C"), ("G",)), "x")])
    any_color = [ManaSource(k, tuple((c,) for c in COLORS), "City") for k in range(5)]
    assert can_pay(P("{W}{U}{B}{R}{G}"), ManaPool(), any_color)
    assert not can_pay(P("{W}{U}{B}{R}{G}{C}"), ManaPool(), any_color)
    assert not can_pay(P("{W}{U}{B}{R}{G}"), ManaPool(), any_color[:4])


# --------------------------------------------------------------------------------------------
# Paying from the pool
# --------------------------------------------------------------------------------------------


@pytest.mark.rules("118.3a", "107.4b")
def test_pay_from_pool() -> None:
    pool = ManaPool(["G", "G", "R"])
    assert pay_from_pool(P("{1}{G}"), pool) == ("G", "G")
    assert pool.as_tuple() == ("R",)
    pool = ManaPool(["G", "G", "R"])
    assert pay_from_pool(P("{1}{G}"), pool, prefer=("R",)) == ("G", "R")
    assert pool.as_tuple() == ("G",)
    pool = ManaPool(["C", "G", "G"])
    assert pay_from_pool(P("{1}{G}"), pool) == ("C", "G")
    pool = ManaPool(["G"])
    assert pay_from_pool(P(""), pool) == ()
    assert pool.as_tuple() == ("G",)


@pytest.mark.rules("107.4e", "202.3f")
def test_pay_from_pool_hybrid() -> None:
    pool = ManaPool(["W", "G", "G"])
    assert pay_from_pool(P("{2/W}"), pool) == ("W",)
    pool = ManaPool(["W", "G", "G"])
    assert pay_from_pool(P("{2/W}{W/U}"), pool) == ("G", "G", "W")
    assert not pool
    pool = ManaPool(["W", "U", "U"])
    assert pay_from_pool(P("{W/U}"), pool) == ("U",)
    pool = ManaPool(["W", "U", "U"])
    assert pay_from_pool(P("{W/U}"), pool, prefer=("W",)) == ("W",)


@pytest.mark.rules("601.2h", "118.3")
def test_pay_from_pool_failure_leaves_pool_unchanged() -> None:
    pool = ManaPool(["G", "R"])
    with pytest.raises(ManaCostError, match="can't pay"):
        pay_from_pool(P("{G}{G}"), pool)
    assert pool.as_tuple() == ("G", "R")
    with pytest.raises(ManaCostError):
        pay_from_pool(P("{X}{G}"), pool, x=2)
    assert pool.as_tuple() == ("G", "R")
    assert pay_from_pool(P("{X}{G}"), pool, x=1) == ("G", "R")


def test_pay_from_pool_using() -> None:
    pool = ManaPool(["G", "R", "R"])
    assert pay_from_pool(P("{1}"), pool, using=["G"]) == ("G",)
    assert pool.as_tuple() == ("R", "R")
    with pytest.raises(ManaCostError, match="only"):
        pay_from_pool(P("{1}"), pool, using=["G"])
    with pytest.raises(ManaCostError):
        pay_from_pool(P("{2}"), pool, using=["R"])
    assert pool.as_tuple() == ("R", "R")


# --------------------------------------------------------------------------------------------
# Property test against an independent brute force
# --------------------------------------------------------------------------------------------

Demand = tuple[str, ...]  # ("any",), ("G",), ("W", "U") hybrid, ("2", "W") monocolored hybrid


def _demands(cost: ManaCost, x: int) -> tuple[Demand, ...]:
    """The cost as a list of one-mana demands, read straight from the printed symbols."""
    out: list[Demand] = []
    for symbol in cost.symbols:
        inner = symbol[1:-1]
        if inner.isdigit():
            out.extend([("any",)] * int(inner))
        elif inner == "X":
            out.extend([("any",)] * x)
        else:
            out.append(tuple(inner.split("/")))
    return tuple(out)


@functools.cache
def _pays(demands: tuple[Demand, ...], mana: tuple[str, ...]) -> bool:
    """Can the sorted mana tuple pay every demand? Tries every way, leftovers allowed."""
    if not demands:
        return True
    first, rest = demands[0], demands[1:]
    options: list[tuple[str, ...]] = []
    if first == ("any",):
        options = [(m,) for m in sorted(set(mana))]
    elif first[0] == "2":
        options = [(first[1],)]
        options += [tuple(pair) for pair in itertools.combinations(mana, 2)]
    else:
        options = [(m,) for m in first]
    for option in options:
        left = Counter(mana)
        left.subtract(option)
        if all(n >= 0 for n in left.values()) and _pays(rest, tuple(sorted(left.elements()))):
            return True
    return False


def _submultisets(mana: Sequence[str]) -> list[tuple[str, ...]]:
    counts = sorted(Counter(mana).items())
    result = []
    for amounts in itertools.product(*(range(n + 1) for _, n in counts)):
        result.append(
            tuple(sorted(t for (t, _), k in zip(counts, amounts, strict=True) for _ in range(k)))
        )
    return result


Canon = tuple[tuple[tuple[Hashable, tuple[tuple[str, ...], ...], int], ...], tuple[str, ...]]


def _canon(
    sources: Sequence[ManaSource], chosen: Sequence[tuple[int, int]], taken: tuple[str, ...]
) -> Canon:
    by_key = {s.key: s for s in sources}
    items = sorted(
        ((by_key[k].kind, by_key[k].outputs, i) for k, i in chosen), key=lambda t: repr(t)
    )
    return tuple(items), taken


def _brute_plans(
    cost: ManaCost, pool: Sequence[str], sources: Sequence[ManaSource], x: int
) -> set[Canon]:
    demands = _demands(cost, x)

    def pays(chosen: Sequence[tuple[int, int]], taken: Sequence[str]) -> bool:
        by_key = {s.key: s for s in sources}
        mana = list(taken)
        for k, i in chosen:
            mana.extend(by_key[k].outputs[i])
        return _pays(demands, tuple(sorted(mana)))

    plans: set[Canon] = set()
    choices = [[None, *range(len(s.outputs))] for s in sources]
    for picks in itertools.product(*choices):
        chosen = [(s.key, i) for s, i in zip(sources, picks, strict=True) if i is not None]
        for taken in _submultisets(pool):
            if not pays(chosen, taken):
                continue
            if any(pays(chosen[:j] + chosen[j + 1 :], taken) for j in range(len(chosen))):
                continue
            if any(pays(chosen, taken[:j] + taken[j + 1 :]) for j in range(len(taken))):
                continue
            plans.add(_canon(sources, chosen, taken))
    return plans


SYMBOLS = ["{1}", "{2}", "{0}", "{X}", "{G}", "{R}", "{W}", "{C}", "{R/G}", "{G/W}"]
SYMBOLS += ["{2/G}", "{2/W}", "{C/R}"]
OUTPUTS: list[tuple[tuple[str, ...], ...]] = [
    (("G",),),
    (("R",),),
    (("W",),),
    (("C", "C"),),
    (("R",), ("G",)),
    (("G",), ("W",)),
    (("C", "C"), ("G",)),
    (("R", "G"),),
    (("W",), ("R",), ("G",)),
]


@st.composite
def _scenarios(
    draw: st.DrawFn,
) -> tuple[ManaCost, list[str], list[ManaSource], int]:
    cost = ManaCost.parse("".join(draw(st.lists(st.sampled_from(SYMBOLS), max_size=4))))
    pool = draw(st.lists(st.sampled_from(["G", "R", "W", "C"]), max_size=3))
    specs = draw(
        st.lists(st.tuples(st.sampled_from(OUTPUTS), st.integers(0, 1)), max_size=4),
    )
    keys = draw(st.permutations(range(10, 10 + len(specs))))
    sources = [ManaSource(k, out, kind) for k, (out, kind) in zip(keys, specs, strict=True)]
    x = draw(st.integers(0, 2))
    return cost, pool, sources, x


@pytest.mark.rules("107.3", "107.4", "118.3a", "601.2g", "601.2h")
@settings(max_examples=400, deadline=None, database=None)
@given(_scenarios())
def test_solver_matches_brute_force(
    scenario: tuple[ManaCost, list[str], list[ManaSource], int],
) -> None:
    cost, pool_mana, sources, x = scenario
    pool = ManaPool(pool_mana)
    plans = payment_plans(cost, pool, sources, x=x)
    expected = _brute_plans(cost, pool_mana, sources, x)

    # can_pay is exact.
    assert can_pay(cost, pool, sources, x=x) == bool(plans) == bool(expected)
    # Ordered, distinct, and exactly the minimal plans up to swapping interchangeable sources.
    order = [(len(p.activations), p.activations, p.from_pool) for p in plans]
    assert order == sorted(order)
    got = [_canon(sources, p.activations, p.from_pool) for p in plans]
    assert len(set(got)) == len(got)
    assert set(got) == expected
    # Each plan uses the lowest keys of a class, with nondecreasing output indices.
    for plan in plans:
        used = {k for k, _ in plan.activations}
        for source in sources:
            if source.key in used:
                for other in sources:
                    same = (other.kind, other.outputs) == (source.kind, source.outputs)
                    if same and other.key < source.key:
                        assert other.key in used
        index = dict(plan.activations)
        for a, b in itertools.combinations(sorted(sources, key=lambda s: s.key), 2):
            if a.key in index and b.key in index and (a.kind, a.outputs) == (b.kind, b.outputs):
                assert index[a.key] <= index[b.key]

    # Paying each plan from the pool after its activations spends mana that pays the cost.
    demands = _demands(cost, x)
    by_key = {s.key: s for s in sources}
    for plan in plans:
        after = pool.copy()
        produced: list[str] = []
        for k, i in plan.activations:
            produced.extend(by_key[k].outputs[i])
        for mana_type in produced:
            after.add(mana_type)
        before = after.as_tuple()
        spent = pay_from_pool(cost, after, x=x, using=[*plan.from_pool, *produced])
        assert _pays(demands, spent)
        assert sorted(after.as_tuple() + spent) == sorted(before)
        assert cost.mana_value(x) - len(cost.mono_hybrid) <= len(spent) <= cost.mana_value(x)

    # pay_from_pool succeeds exactly when the pool alone can pay.
    whole = pool.copy()
    if _pays(demands, pool.as_tuple()):
        spent = pay_from_pool(cost, whole, x=x)
        assert _pays(demands, spent)
    else:
        with pytest.raises(ManaCostError):
            pay_from_pool(cost, whole, x=x)
        assert whole == pool


def _pickled(obj: T) -> T:
    result: T = pickle.loads(pickle.dumps(obj))
    return result


@pytest.mark.parametrize("clone", [copy.deepcopy, _pickled])
def test_values_survive_copy_and_pickle(clone: Callable[[object], object]) -> None:
    cost = P("{2}{G/W}{2/U}")
    cost_clone = clone(cost)
    assert isinstance(cost_clone, ManaCost)
    assert cost_clone == cost
    assert cost_clone.mana_value() == 5
    assert clone(ManaPool(["G", "R"])) == ManaPool(["G", "R"])
    assert clone(taiga(1)) == taiga(1)
    sources = [clone(taiga(1)), clone(sol_ring(2))]
    assert all(isinstance(s, ManaSource) for s in sources)
    assert can_pay(clone(P("{2}{G/W}")), ManaPool(), sources)  # type: ignore[arg-type]
    assert not can_pay(cost_clone, ManaPool(), sources)  # type: ignore[arg-type]

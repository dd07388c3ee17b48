"""Mana: costs, mana pools, mana sources and the payment solver.

Mana types are one-letter strings, the six types of CR 106.1b: ``"W"``, ``"U"``,
``"B"``, ``"R"``, ``"G"`` (the five colors of CR 106.1a) and ``"C"`` (colorless).

* :class:`ManaCost` is a parsed mana cost (CR 107.4, 202).
* :class:`ManaPool` is a player's unspent mana (CR 106.4).
* :class:`ManaSource` describes one mana ability that could help pay a cost (CR 605, 601.2g).
* :func:`payment_plans` lists every distinct minimal way to pay a cost, :func:`can_pay` answers
  whether there is one, and :func:`pay_from_pool` removes the mana that pays a cost from a pool
  (CR 118.3a, 601.2h).

Nothing here depends on set or dict iteration order of hashed values, so every answer is
deterministic.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field

from ._errors import ManaweaveError, RuleNotImplementedError

__all__ = [
    "COLORS",
    "MANA_TYPES",
    "ManaCost",
    "ManaCostError",
    "ManaPool",
    "ManaSource",
    "PaymentPlan",
    "can_pay",
    "pay_from_pool",
    "payment_plans",
]

MANA_TYPES: tuple[str, ...] = ("W", "U", "B", "R", "G", "C")
"""The six types of mana (CR 106.1b), as one-letter strings, in WUBRG-then-colorless order."""

COLORS: tuple[str, ...] = ("W", "U", "B", "R", "G")
"""The five colors of mana (CR 106.1a), in WUBRG order."""

_INDEX: dict[str, int] = {t: i for i, t in enumerate(MANA_TYPES)}
_NTYPES = len(MANA_TYPES)
_ZERO: tuple[int, ...] = (0,) * _NTYPES
_DIGITS = frozenset("0123456789")
# The ten two-color hybrid symbols exactly as CR 107.4 lists them.
_HYBRID_PAIRS: frozenset[str] = frozenset(
    ("W/U", "W/B", "U/B", "U/R", "B/R", "B/G", "R/G", "R/W", "G/W", "G/U")
)


class ManaCostError(ManaweaveError, ValueError):
    """A mana cost, mana symbol or mana type that cannot be read, or a payment that cannot be made.

    The message names the offending part, e.g. ``'{Q}' is not a mana symbol``.
    """


def _type_index(mana_type: str) -> int:
    index = _INDEX.get(mana_type) if isinstance(mana_type, str) else None
    if index is None:
        raise ManaCostError(
            f"{mana_type!r} is not a type of mana (CR 106.1b: one of {', '.join(MANA_TYPES)})"
        )
    return index


def _symbols_of(counts: Sequence[int]) -> tuple[str, ...]:
    """The mana in ``counts`` (indexed like MANA_TYPES) as a sorted tuple of symbols."""
    return tuple(sorted(t for t, n in zip(MANA_TYPES, counts, strict=True) for _ in range(n)))


def _check_x(x: int) -> None:
    if x < 0:
        raise ManaCostError(f"X can't be negative (CR 107.1b), got {x}")


# --------------------------------------------------------------------------------------------
# Costs
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Variant:
    """One way to pay the monocolored hybrid symbols of a cost: each either by color or by two."""

    need: tuple[int, ...]  # mana of each type the cost demands outright (colored, {C}, {2/W}→W)
    items: tuple[tuple[int, int], ...]  # the nonzero entries of need
    total: int  # sum(need)
    extra: int  # generic mana added by {2/W} symbols paid with two mana


@dataclass(frozen=True, slots=True)
class _Requirement:
    """What a cost demands, precomputed once per cost for the solver."""

    generic: int  # numerical generic mana, without X
    x_count: int
    need: tuple[int, ...]  # colored and {C} symbols, per type
    hybrid: tuple[tuple[int, int], ...]  # (bitmask of the two types, number of such symbols)
    n_hybrid: int
    mono: tuple[tuple[int, int], ...]  # (color index, number of {2/color} symbols)
    variants: tuple[_Variant, ...]
    # Hall conditions: (type bitmask U, types in U, hybrid symbols whose halves are within U).
    checks: tuple[tuple[int, tuple[int, ...], int], ...]
    min_fixed: int  # fewest mana that can pay the non-generic part of the cost
    max_fixed: int  # most mana an exact payment of the non-generic part can use

    def generic_for(self, x: int) -> int:
        _check_x(x)
        return self.generic + x * self.x_count


def _mask_types(mask: int) -> tuple[int, ...]:
    return tuple(t for t in range(_NTYPES) if mask >> t & 1)


def _requirement(
    generic: int,
    x_count: int,
    need: Sequence[int],
    hybrid_masks: Sequence[int],
    mono_colors: Sequence[int],
) -> _Requirement:
    hybrid_count: dict[int, int] = {}
    for mask in hybrid_masks:
        hybrid_count[mask] = hybrid_count.get(mask, 0) + 1
    hybrid = tuple(sorted(hybrid_count.items()))
    mono_count = [0] * _NTYPES
    for t in mono_colors:
        mono_count[t] += 1
    mono = tuple((t, n) for t, n in enumerate(mono_count) if n)

    variants: list[_Variant] = []
    # Paying {2/W} with W is the cheaper way, so those variants come first.
    for by_color in itertools.product(*(range(n, -1, -1) for _, n in mono)):
        vneed = list(need)
        extra = 0
        for (t, n), k in zip(mono, by_color, strict=True):
            vneed[t] += k
            extra += 2 * (n - k)
        items = tuple((t, n) for t, n in enumerate(vneed) if n)
        variants.append(_Variant(tuple(vneed), items, sum(vneed), extra))

    # Hall's condition only needs the unions of the demands' type sets.
    bases = {1 << t for t in range(_NTYPES) if need[t] or mono_count[t]}
    bases.update(hybrid_count)
    unions: set[int] = set()
    for base in sorted(bases):
        unions |= {u | base for u in unions}
        unions.add(base)
    checks = tuple(
        (u, _mask_types(u), sum(n for m, n in hybrid if m & u == m)) for u in sorted(unions)
    )
    fixed = sum(need) + len(hybrid_masks)
    return _Requirement(
        generic=generic,
        x_count=x_count,
        need=tuple(need),
        hybrid=hybrid,
        n_hybrid=len(hybrid_masks),
        mono=mono,
        variants=tuple(variants),
        checks=checks,
        min_fixed=fixed + len(mono_colors),
        max_fixed=fixed + 2 * len(mono_colors),
    )


def _split_cost(text: str) -> tuple[str, ...]:
    """Split ``text`` into its braced symbols, rejecting anything outside braces."""
    symbols: list[str] = []
    i = 0
    while i < len(text):
        if text[i] != "{":
            j = text.find("{", i)
            j = len(text) if j < 0 else j
            junk = text[i:j]
            if "}" in junk:
                raise ManaCostError(f"unbalanced '}}' in mana cost {text!r} at {junk!r}")
            raise ManaCostError(f"{junk!r} is outside braces in mana cost {text!r}")
        j = text.find("}", i + 1)
        if j < 0 or "{" in text[i + 1 : j]:
            end = len(text) if j < 0 else j
            raise ManaCostError(f"unbalanced '{{' in mana cost {text!r} at {text[i:end]!r}")
        symbols.append(text[i : j + 1])
        i = j + 1
    return tuple(symbols)


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A parsed mana cost (CR 107.4, 202), usually built with :meth:`ManaCost.parse`.

    Supported symbols: generic ``{N}`` (any number of digits, including ``{0}``, CR 107.4b/d),
    the colored symbols ``{W}{U}{B}{R}{G}`` (CR 107.4a), colorless ``{C}`` (CR 107.4c), ``{X}``
    (CR 107.3, possibly more than once), two-color hybrid such as ``{W/U}`` and monocolored
    hybrid such as ``{2/W}`` and ``{C/W}`` (CR 107.4e). Phyrexian (CR 107.4f/g) and snow
    (CR 107.4h) symbols raise :class:`~manaweave.RuleNotImplementedError`; anything else raises
    :class:`ManaCostError`.

    ``symbols`` keeps the symbols in printed order; ``str(cost)`` joins them. Two costs are equal
    when they have the same symbols in the same order. The other fields are derived:

    * ``generic``: the sum of the numerical symbols (without X);
    * ``x_count``: how many ``{X}`` the cost has;
    * ``colored``: ``(color, count)`` pairs for ``{W}``..``{G}``, in WUBRG order;
    * ``colorless``: how many ``{C}``;
    * ``hybrid``: the two halves of each ``{W/U}`` or ``{C/W}`` symbol, in printed order;
    * ``mono_hybrid``: the color of each ``{2/W}`` symbol, in printed order.

    The empty cost (``ManaCost.parse("")``) is "no mana cost" (CR 202.1b); it is distinct from
    ``{0}`` but, like ``{0}``, needs no mana to pay. Whether an object with no mana cost may be
    cast at all (CR 118.6) is for the caller to decide, using :attr:`is_empty`.
    """

    symbols: tuple[str, ...] = ()
    generic: int = field(init=False, compare=False, repr=False)
    x_count: int = field(init=False, compare=False, repr=False)
    colored: tuple[tuple[str, int], ...] = field(init=False, compare=False, repr=False)
    colorless: int = field(init=False, compare=False, repr=False)
    hybrid: tuple[tuple[str, str], ...] = field(init=False, compare=False, repr=False)
    mono_hybrid: tuple[str, ...] = field(init=False, compare=False, repr=False)
    _req: _Requirement = field(init=False, compare=False, repr=False)

    def __deepcopy__(self, memo: dict[int, object]) -> ManaCost:
        # Immutable: a copied game shares it.
        return self

    def __post_init__(self) -> None:
        symbols = tuple(self.symbols)
        generic = 0
        x_count = 0
        need = [0] * _NTYPES
        hybrid: list[tuple[str, str]] = []
        mono: list[str] = []
        for symbol in symbols:
            if not (
                isinstance(symbol, str)
                and len(symbol) >= 2
                and symbol[0] == "{"
                and symbol[-1] == "}"
                and "{" not in symbol[1:-1]
                and "}" not in symbol[1:-1]
            ):
                raise ManaCostError(f"{symbol!r} is not a braced mana symbol")
            inner = symbol[1:-1]
            if inner and set(inner) <= _DIGITS:
                generic += int(inner)
            elif inner == "X":
                x_count += 1
            elif inner in _INDEX:
                need[_INDEX[inner]] += 1
            elif "/" in inner:
                kind, halves = _classify_slashed(symbol, inner)
                if kind == "mono":
                    mono.append(halves[1])
                else:
                    hybrid.append((halves[0], halves[1]))
            elif inner == "S":
                raise RuleNotImplementedError("107.4h", f"snow mana symbol {symbol} in a cost")
            elif inner == "H":
                raise RuleNotImplementedError("107.4g", f"Phyrexian mana symbol {symbol}")
            else:
                raise ManaCostError(f"{symbol!r} is not a mana symbol (CR 107.4)")
        set_ = object.__setattr__
        set_(self, "symbols", symbols)
        set_(self, "generic", generic)
        set_(self, "x_count", x_count)
        set_(self, "colored", tuple((c, need[_INDEX[c]]) for c in COLORS if need[_INDEX[c]]))
        set_(self, "colorless", need[_INDEX["C"]])
        set_(self, "hybrid", tuple(hybrid))
        set_(self, "mono_hybrid", tuple(mono))
        req = _requirement(
            generic,
            x_count,
            need,
            [1 << _INDEX[a] | 1 << _INDEX[b] for a, b in hybrid],
            [_INDEX[c] for c in mono],
        )
        set_(self, "_req", req)

    @classmethod
    def parse(cls, text: str) -> ManaCost:
        """Parse printed mana cost text such as ``"{2}{G}{G}"``; ``""`` is no mana cost.

        Results are cached, so parsing the same text twice returns the same object.
        Raises :class:`ManaCostError` naming the bad part for malformed text, and
        :class:`~manaweave.RuleNotImplementedError` for Phyrexian or snow symbols.
        """
        if not isinstance(text, str):
            raise ManaCostError(f"a mana cost must be text, got {text!r}")
        return _parse_cached(text)

    @property
    def is_empty(self) -> bool:
        """True when there are no mana symbols at all: "no mana cost" (CR 202.1b), not ``{0}``."""
        return not self.symbols

    def mana_value(self, x: int = 0) -> int:
        """The mana value (CR 202.3), counting each ``{X}`` as ``x``.

        ``x`` should stay 0 except for a spell on the stack (CR 202.3e). Each hybrid symbol counts
        its largest component (CR 202.3f): ``{2/W}`` is 2, ``{W/U}`` and ``{C/W}`` are 1.
        """
        req = self._req
        return req.generic_for(x) + sum(req.need) + req.n_hybrid + 2 * len(self.mono_hybrid)

    @property
    def colors(self) -> frozenset[str]:
        """The colors of the mana symbols, hybrid ones included (CR 202.2, 202.2d, 107.4e)."""
        found = {c for c, _ in self.colored}
        found.update(h for pair in self.hybrid for h in pair if h != "C")
        found.update(self.mono_hybrid)
        return frozenset(found)

    def with_generic(self, delta: int) -> ManaCost:
        """This cost with ``delta`` more generic mana (fewer if negative), as cost increases
        and reductions change it (CR 601.2f). Generic mana can't go below zero, and a cost
        reduced to nothing is ``{0}``."""
        generic = max(0, self.generic + delta)
        rest = tuple(s for s in self.symbols if not (s[1:-1] and set(s[1:-1]) <= _DIGITS))
        lead = (f"{{{generic}}}",) if generic or not rest else ()
        return ManaCost(lead + rest)

    def without_colored(self, colors: str) -> ManaCost:
        """This cost reduced by coloured mana, one symbol per letter of ``colors`` (CR
        118.7b-c): a matching coloured symbol goes, or else one generic mana."""
        symbols = list(self.symbols)
        generic = 0
        for color in colors:
            symbol = "{" + color + "}"
            if symbol in symbols:
                symbols.remove(symbol)
            else:
                generic += 1
        reduced = ManaCost(tuple(symbols))
        return reduced.with_generic(-generic) if generic else reduced

    def __add__(self, other: ManaCost) -> ManaCost:
        """The two costs together, generic mana first (an additional mana cost, 118.8):
        ``ManaCost.parse("{1}{R}") + ManaCost.parse("{2}")`` is ``{3}{R}``."""
        if not isinstance(other, ManaCost):
            return NotImplemented
        return ManaCost(self.symbols + other.symbols).with_generic(0)

    def __mul__(self, times: int) -> ManaCost:
        """This cost ``times`` times over, generic mana first ("pay {1}{G} for each age
        counter", 702.24a; "costs {2} more for each", 601.2f): ``ManaCost.parse("{1}{G}") *
        3`` is ``{3}{G}{G}{G}``. Zero times is ``{0}``, a cost of no mana (118.5); a
        negative number, or one that is no whole number, is a :class:`ManaCostError`."""
        if isinstance(times, bool) or not isinstance(times, int):
            return NotImplemented
        if times < 0:
            raise ManaCostError(f"{self} can't be paid {times} times")
        return ManaCost(self.symbols * times).with_generic(0)

    __rmul__ = __mul__

    def __str__(self) -> str:
        return "".join(self.symbols)

    def __repr__(self) -> str:
        return f"ManaCost.parse({str(self)!r})"


def _classify_slashed(symbol: str, inner: str) -> tuple[str, tuple[str, ...]]:
    """Classify a symbol with a slash: ``("mono", ("2", "W"))`` or ``("hybrid", ("W", "U"))``."""
    parts = tuple(inner.split("/"))
    if parts[-1] == "P":
        colors = parts[:-1]
        if (len(colors) == 1 and colors[0] in COLORS) or (
            len(colors) == 2 and "/".join(colors) in _HYBRID_PAIRS
        ):
            raise RuleNotImplementedError("107.4f", f"Phyrexian mana symbol {symbol}")
    elif len(parts) == 2:
        first, second = parts
        if first == "2" and second in COLORS:
            return "mono", parts
        if first == "C" and second in COLORS:
            return "hybrid", parts
        if inner in _HYBRID_PAIRS:
            return "hybrid", parts
        flipped = f"{second}/{first}"
        if flipped in _HYBRID_PAIRS:
            raise ManaCostError(
                f"{symbol!r} is not a mana symbol (CR 107.4); the hybrid symbol is {{{flipped}}}"
            )
    raise ManaCostError(f"{symbol!r} is not a mana symbol (CR 107.4)")


@functools.lru_cache(maxsize=4096)
def _parse_cached(text: str) -> ManaCost:
    return ManaCost(_split_cost(text))


# --------------------------------------------------------------------------------------------
# Pools and sources
# --------------------------------------------------------------------------------------------


class ManaPool:
    """A player's unspent mana (CR 106.4): how much of each of the six types of mana they have.

    ``ManaPool(["G", "G", "R"])`` starts with that mana. Nothing about it depends on the order
    in which mana was added.
    """

    __slots__ = ("_counts",)

    def __init__(self, mana: Iterable[str] = ()) -> None:
        self._counts = [0] * _NTYPES
        for mana_type in mana:
            self._counts[_type_index(mana_type)] += 1

    def add(self, mana_type: str, n: int = 1) -> None:
        """Add ``n`` mana of ``mana_type`` (one of :data:`MANA_TYPES`)."""
        index = _type_index(mana_type)
        if n < 0:
            raise ManaCostError(f"can't add a negative amount of mana ({n})")
        self._counts[index] += n

    def remove(self, mana_type: str, n: int = 1) -> None:
        """Remove ``n`` mana of ``mana_type``; raises :class:`ManaCostError` if there is less."""
        index = _type_index(mana_type)
        if n < 0:
            raise ManaCostError(f"can't remove a negative amount of mana ({n})")
        if self._counts[index] < n:
            raise ManaCostError(
                f"can't remove {n} {mana_type} mana: the pool has {self._counts[index]}"
            )
        self._counts[index] -= n

    def amount(self, mana_type: str) -> int:
        """How much mana of ``mana_type`` is in the pool."""
        return self._counts[_type_index(mana_type)]

    @property
    def total(self) -> int:
        """How much mana is in the pool, of all types."""
        return sum(self._counts)

    def empty(self) -> tuple[str, ...]:
        """Empty the pool (CR 106.4) and return the mana it held, as :meth:`as_tuple` would."""
        lost = self.as_tuple()
        self._counts = [0] * _NTYPES
        return lost

    def as_tuple(self) -> tuple[str, ...]:
        """The mana in the pool as a sorted tuple of symbols, e.g. ``("G", "G", "R")``."""
        return _symbols_of(self._counts)

    def counts(self) -> dict[str, int]:
        """The nonzero amounts, keyed by mana type in :data:`MANA_TYPES` order."""
        return {t: n for t, n in zip(MANA_TYPES, self._counts, strict=True) if n}

    def copy(self) -> ManaPool:
        """An independent pool holding the same mana."""
        other = ManaPool()
        other._counts = list(self._counts)
        return other

    def __bool__(self) -> bool:
        return any(self._counts)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ManaPool):
            return NotImplemented
        return self._counts == other._counts

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"ManaPool({list(self.as_tuple())!r})"


@dataclass(frozen=True, slots=True)
class ManaSource:
    """One mana ability that could be activated to help pay a cost (CR 605, 601.2g).

    * ``key``: the id of the ability's source object, unique among the sources given to one call;
    * ``outputs``: the alternative things the ability can add, each a tuple of mana types: a
      Forest is ``(("G",),)``, "Add {R} or {G}" is ``(("R",), ("G",))``, "Add {C}{C}" is
      ``(("C", "C"),)``;
    * ``kind``: sources with equal ``kind`` and equal ``outputs`` are interchangeable (two Forests),
      so payment plans that differ only by swapping them count as one.

    Lists given for ``outputs`` are turned into tuples; unknown mana types raise
    :class:`ManaCostError`.
    """

    key: int
    outputs: tuple[tuple[str, ...], ...]
    kind: Hashable
    # Precomputed for the solver: the mana vector of each output, with its index.
    _choices: tuple[tuple[int, tuple[int, ...], int], ...] = field(
        init=False, compare=False, repr=False
    )
    _one: int = field(init=False, compare=False, repr=False)  # type index if "add one X" only
    _fixed: tuple[int, ...] | None = field(init=False, compare=False, repr=False)
    _flex: int = field(init=False, compare=False, repr=False)  # type mask if "add one of ..."
    _alts: tuple[tuple[int, ...], ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.outputs, str) or not isinstance(self.outputs, Iterable):
            raise ManaCostError(
                f"outputs must be a tuple of tuples of mana types: {self.outputs!r}"
            )
        outputs: list[tuple[str, ...]] = []
        for output in self.outputs:
            if isinstance(output, str) or not isinstance(output, Iterable):
                raise ManaCostError(
                    f"each output must be a tuple of mana types, got {output!r} "
                    f"(write ((\"G\",),) for 'Add {{G}}')"
                )
            outputs.append(tuple(output))
        if not outputs:
            raise ManaCostError(f"mana source {self.key!r} has no outputs")
        vectors: list[tuple[int, ...]] = []
        for output in outputs:
            counts = [0] * _NTYPES
            for mana_type in output:
                counts[_type_index(mana_type)] += 1
            vectors.append(tuple(counts))
        set_ = object.__setattr__
        set_(self, "outputs", tuple(outputs))

        # Distinct, nonempty outputs: the choices the plan solver considers.
        choices: list[tuple[int, tuple[int, ...], int]] = []
        seen: set[tuple[int, ...]] = set()
        for index, vector in enumerate(vectors):
            if any(vector) and vector not in seen:
                seen.add(vector)
                choices.append((index, vector, sum(vector)))
        set_(self, "_choices", tuple(choices))

        # Outputs no other output covers: enough to decide whether a cost can be paid.
        alts = [
            v
            for i, v in enumerate(vectors)
            if not any(
                all(a >= b for a, b in zip(w, v, strict=True)) and (w != v or j < i)
                for j, w in enumerate(vectors)
                if j != i
            )
        ]
        set_(self, "_alts", tuple(alts))
        fixed = alts[0] if len(alts) == 1 else None
        set_(self, "_fixed", fixed)
        one = -1
        if fixed is not None and sum(fixed) == 1:
            one = fixed.index(1)
        set_(self, "_one", one)
        flex = 0
        if len(alts) > 1 and all(sum(v) == 1 for v in alts):
            for v in alts:
                flex |= 1 << v.index(1)
        set_(self, "_flex", flex)


@dataclass(frozen=True, slots=True, order=True)
class PaymentPlan:
    """One way to pay a cost (see :func:`payment_plans`).

    * ``activations``: ``(source key, output index)`` pairs, sorted, one per mana ability to
      activate and the output to choose from it;
    * ``from_pool``: the mana taken from the pool as it was before the activations, sorted.
    """

    activations: tuple[tuple[int, int], ...] = ()
    from_pool: tuple[str, ...] = ()

    @property
    def keys(self) -> tuple[int, ...]:
        """The keys of the sources to activate, in increasing order."""
        return tuple(key for key, _ in self.activations)

    def describe(self) -> str:
        """A short human-readable summary, e.g. ``"activate 3, 5 (output 1); from pool: G"``."""
        parts: list[str] = []
        if self.activations:
            shown = ", ".join(
                str(key) if index == 0 else f"{key} (output {index})"
                for key, index in self.activations
            )
            parts.append(f"activate {shown}")
        if self.from_pool:
            parts.append(f"from pool: {' '.join(self.from_pool)}")
        return "; ".join(parts) if parts else "pay nothing"


# --------------------------------------------------------------------------------------------
# Solver
# --------------------------------------------------------------------------------------------


def _payable(
    req: _Requirement, generic: int, mana: Sequence[int], flex: Sequence[tuple[int, int]] = ()
) -> bool:
    """Can ``mana`` (counts per type) plus ``flex`` ((type mask, count): units that can each be
    any one type of the mask) pay the cost? Mana left over is fine.

    Non-generic demands are matched by Hall's theorem over unions of their type sets; generic
    mana then takes whatever is left, so only the total matters for it.
    """
    total = sum(mana)
    for _, n in flex:
        total += n
    for variant in req.variants:
        if total < variant.total + req.n_hybrid + generic + variant.extra:
            continue
        if not req.hybrid and not flex:
            if all(mana[t] >= n for t, n in variant.items):
                return True
            continue
        need = variant.need
        for mask, types, hybrids in req.checks:
            demand = hybrids
            supply = 0
            for t in types:
                demand += need[t]
                supply += mana[t]
            if demand > supply:
                for flex_mask, n in flex:
                    if flex_mask & mask:
                        supply += n
                if demand > supply:
                    break
        else:
            return True
    return False


def can_pay(cost: ManaCost, pool: ManaPool, sources: Sequence[ManaSource], *, x: int = 0) -> bool:
    """Whether ``cost`` (with X = ``x``) can be paid from ``pool`` plus the given mana abilities.

    Same answer as ``bool(payment_plans(cost, pool, sources, x=x))``, but much faster: when
    every source has one output it is a single counting check.
    """
    req = cost._req
    generic = req.generic_for(x)
    mana = list(pool._counts)
    flex: dict[int, int] | None = None
    multi: list[tuple[tuple[int, ...], ...]] | None = None
    for source in sources:
        one = source._one
        if one >= 0:
            mana[one] += 1
            continue
        fixed = source._fixed
        if fixed is not None:
            for t in range(_NTYPES):
                mana[t] += fixed[t]
        elif source._flex:
            if flex is None:
                flex = {}
            flex[source._flex] = flex.get(source._flex, 0) + 1
        else:
            if multi is None:
                multi = []
            multi.append(source._alts)
    flex_items = tuple(sorted(flex.items())) if flex else ()
    if multi is None:
        return _payable(req, generic, mana, flex_items)

    # Sources with several multi-mana outputs: activating all of them is best (more mana never
    # hurts), but which output each picks matters, so try every combination. Identical sources
    # only need every multiset of choices.
    most = sum(mana) + sum(n for _, n in flex_items) + sum(max(map(sum, a)) for a in multi)
    if most < req.min_fixed + generic:
        return False
    groups: dict[tuple[tuple[int, ...], ...], int] = {}
    for alts in multi:
        groups[alts] = groups.get(alts, 0) + 1
    per_group = [
        list(itertools.combinations_with_replacement(alts, n)) for alts, n in sorted(groups.items())
    ]
    for picks in itertools.product(*per_group):
        total = list(mana)
        for pick in picks:
            for vector in pick:
                for t in range(_NTYPES):
                    total[t] += vector[t]
        if _payable(req, generic, total, flex_items):
            return True
    return False


class _Search:
    """Depth-first enumeration of the minimal payment plans of :func:`payment_plans`."""

    def __init__(
        self,
        req: _Requirement,
        generic: int,
        pool: Sequence[int],
        sources: Sequence[ManaSource],
        limit: int,
    ) -> None:
        self.req = req
        self.generic = generic
        self.pool = tuple(pool)
        self.limit = limit
        self.sources = sorted(sources, key=lambda s: s.key)
        keys = [s.key for s in self.sources]
        for a, b in itertools.pairwise(keys):
            if a == b:
                raise ManaCostError(f"two mana sources have the same key {a!r}")
        n = len(self.sources)
        self.n = n
        # Interchangeable sources form a class; a plan uses the lowest keys of each class and
        # gives them output indices in nondecreasing order, so each plan is produced once.
        classes: dict[tuple[Hashable, tuple[tuple[str, ...], ...]], int] = {}
        self.cls: list[int] = []
        self.rank: list[int] = []
        sizes: list[int] = []
        for source in self.sources:
            c = classes.setdefault((source.kind, source.outputs), len(classes))
            if c == len(sizes):
                sizes.append(0)
            self.rank.append(sizes[c])
            sizes[c] += 1
            self.cls.append(c)
        self.used = [0] * len(sizes)
        self.last = [0] * len(sizes)
        self.min_units = req.min_fixed + generic
        self.max_units = req.max_fixed + generic

        # Pruning bounds: for the total and for each Hall set U, what the remaining sources
        # could add at best with r more activations.
        bounds: list[tuple[tuple[int, ...], int]] = [(tuple(range(_NTYPES)), self.min_units)]
        for _, types, hybrids in req.checks:
            demand = hybrids + sum(req.need[t] for t in types)
            if demand:
                bounds.append((types, demand))
        self.bounds = bounds
        self.pool_in = [sum(self.pool[t] for t in types) for types, _ in bounds]
        self.best: list[list[list[int]]] = []  # best[i][q][r]
        values = [
            [
                max((sum(v[t] for t in types) for _, v, _ in s._choices), default=0)
                for types, _ in bounds
            ]
            for s in self.sources
        ]
        for i in range(n + 1):
            row: list[list[int]] = []
            for q in range(len(bounds)):
                tops = sorted((values[j][q] for j in range(i, n)), reverse=True)
                row.append([0, *itertools.accumulate(tops)])
            self.best.append(row)

        self.mana = [0] * _NTYPES  # produced by the chosen activations
        self.chosen: list[tuple[int, int, tuple[int, ...]]] = []  # (position, index, vector)
        self.plans: list[PaymentPlan] = []

    def payable(self, mana: Sequence[int]) -> bool:
        return _payable(self.req, self.generic, mana)

    def run(self) -> list[PaymentPlan]:
        for k in range(min(self.n, self.max_units) + 1):
            self.descend(0, k)
            if len(self.plans) >= self.limit:
                break
        return self.plans[: self.limit]

    def descend(self, start: int, remaining: int) -> None:
        if remaining == 0:
            self.leaf()
            return
        if self.n - start < remaining:
            return
        mana = self.mana
        best = self.best[start]
        for q, (types, demand) in enumerate(self.bounds):
            have = self.pool_in[q] + best[q][remaining]
            for t in types:
                have += mana[t]
            if have < demand:
                return
        if sum(mana) >= self.min_units and self.payable(mana):
            return  # any further activation could be left out
        for j in range(start, self.n - remaining + 1):
            c = self.cls[j]
            if self.used[c] != self.rank[j]:
                continue
            previous = self.last[c]
            for index, vector, _ in self.sources[j]._choices:
                if index < previous:
                    continue
                for t in range(_NTYPES):
                    mana[t] += vector[t]
                self.chosen.append((j, index, vector))
                self.used[c] += 1
                self.last[c] = index
                self.descend(j + 1, remaining - 1)
                self.last[c] = previous
                self.used[c] -= 1
                self.chosen.pop()
                for t in range(_NTYPES):
                    mana[t] -= vector[t]
                if len(self.plans) >= self.limit:
                    return

    def leaf(self) -> None:
        mana = self.mana
        produced = sum(mana)
        pool = self.pool
        if produced + sum(pool) < self.min_units:
            return
        room = self.max_units - len(self.chosen)
        caps = [min(n, room) for n in pool]
        if not self.payable([m + c for m, c in zip(mana, caps, strict=True)]):
            return
        vectors = sorted({vector for _, _, vector in self.chosen})
        found: list[tuple[str, ...]] = []
        for taken in itertools.product(*(range(c + 1) for c in caps)):
            size = sum(taken)
            if size > room or produced + size < self.min_units:
                continue
            total = [m + p for m, p in zip(mana, taken, strict=True)]
            if not self.payable(total):
                continue
            if self.is_minimal(total, taken, vectors):
                found.append(_symbols_of(taken))
        if not found:
            return
        activations = tuple((self.sources[j].key, index) for j, index, _ in self.chosen)
        for taken_symbols in sorted(found):
            self.plans.append(PaymentPlan(activations, taken_symbols))

    def is_minimal(
        self, total: list[int], taken: Sequence[int], vectors: Sequence[tuple[int, ...]]
    ) -> bool:
        for t in range(_NTYPES):
            if taken[t]:
                total[t] -= 1
                still = self.payable(total)
                total[t] += 1
                if still:
                    return False
        for vector in vectors:
            if self.payable([a - b for a, b in zip(total, vector, strict=True)]):
                return False
        return True


def payment_plans(
    cost: ManaCost,
    pool: ManaPool,
    sources: Sequence[ManaSource],
    *,
    x: int = 0,
    limit: int = 200,
) -> list[PaymentPlan]:
    """Every distinct minimal way to pay ``cost`` with X = ``x`` (CR 107.3, 601.2g-h).

    A plan takes some mana already in ``pool`` and activates some of ``sources`` once each,
    choosing one output of each. Colored symbols need their color, ``{C}`` needs colorless
    mana, generic mana takes any type, ``{W/U}`` takes W or U and ``{2/W}`` one W or any two
    mana (CR 107.4). A plan is minimal when no activation and no single pool mana can be left
    out with the rest still paying; mana an activation adds beyond what is needed (the second
    {C} of "Add {C}{C}" for a cost of {1}) may be left over.

    Plans that differ only by swapping interchangeable sources (equal ``kind`` and
    ``outputs``) are one plan, represented with the lowest keys; a source listing the same
    output twice is offered with the first index only. Plans are ordered by number of
    activations, then ``activations``, then ``from_pool``; at most ``limit`` are returned.
    An unpayable cost gives ``[]``; a cost needing no mana gives one empty plan.
    Raises :class:`ManaCostError` for two sources with the same key or a negative ``x``.
    """
    req = cost._req
    generic = req.generic_for(x)
    if limit <= 0 or not can_pay(cost, pool, sources, x=x):
        return []
    return _Search(req, generic, pool._counts, sources, limit).run()


def pay_from_pool(
    cost: ManaCost,
    pool: ManaPool,
    *,
    x: int = 0,
    prefer: tuple[str, ...] = (),
    using: Iterable[str] | None = None,
) -> tuple[str, ...]:
    """Pay all of ``cost`` (X = ``x``) with mana from ``pool`` and return the mana spent, sorted.

    Call it after the mana abilities of the payment were activated (CR 601.2g-h, 118.3a). If
    ``using`` is given, only that mana (which must all be in the pool, e.g. a plan's
    ``from_pool`` plus what its activations added) may be spent.

    The choice is deterministic: the fewest mana possible (``{2/W}`` paid with W when it can),
    then the most of the types in ``prefer`` (in that order), then colorless, then the types the
    pool holds most of (ties in WUBRG order). Raises :class:`ManaCostError` and leaves the pool
    unchanged if the mana can't pay the cost.
    """
    req = cost._req
    generic = req.generic_for(x)
    if using is None:
        avail = list(pool._counts)
    else:
        avail = [0] * _NTYPES
        for mana_type in using:
            avail[_type_index(mana_type)] += 1
        for t in range(_NTYPES):
            if avail[t] > pool._counts[t]:
                raise ManaCostError(
                    f"the pool has only {pool._counts[t]} {MANA_TYPES[t]} mana, "
                    f"not the {avail[t]} to be used"
                )
    order: list[int] = []
    for mana_type in prefer:
        index = _type_index(mana_type)
        if index not in order:
            order.append(index)
    order.extend(
        sorted(
            (t for t in range(_NTYPES) if t not in order),
            key=lambda t: (MANA_TYPES[t] != "C", -avail[t], t),
        )
    )
    pairs = [(_mask_types(mask), n) for mask, n in req.hybrid]

    best: list[int] | None = None
    best_key: tuple[int, tuple[int, ...]] | None = None
    for variant in req.variants:
        if any(avail[t] < n for t, n in variant.items):
            continue
        for split in itertools.product(*(range(n + 1) for _, n in pairs)):
            spent = list(variant.need)
            for ((a, b), n), k in zip(pairs, split, strict=True):
                spent[a] += k
                spent[b] += n - k
            if any(spent[t] > avail[t] for t in range(_NTYPES)):
                continue
            left = generic + variant.extra
            for t in order:
                take = min(avail[t] - spent[t], left)
                spent[t] += take
                left -= take
            if left:
                continue
            key = (sum(spent), tuple(-spent[t] for t in order))
            if best_key is None or key < best_key:
                best, best_key = spent, key
    if best is None:
        have = " ".join(_symbols_of(avail)) or "no mana"
        raise ManaCostError(f"can't pay {cost} with {have}")
    for t in range(_NTYPES):
        pool._counts[t] -= best[t]
    return _symbols_of(best)

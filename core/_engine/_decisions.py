"""Decisions asked of players, the options they offer and the choices that answer them.

A :class:`Decision` carries everything an actor needs: what kind of decision it is,
who decides, the legal options (a sequence, possibly lazy), how many to pick, and the
deciding player's :class:`~manaweave.GameView`. An answer is a :class:`Choice` of
option indices; :meth:`Decision.check` is the single place that decides whether an
answer is legal.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, overload

from ._errors import GameCopyError, IllegalChoiceError, with_article

if TYPE_CHECKING:
    from manaweave.players import Player

    from ._game import Game
    from ._mana import PaymentPlan
    from ._view import GameView

__all__ = [
    "DECISION_FIELDS",
    "Activate",
    "Attack",
    "Block",
    "CardOption",
    "Cast",
    "Choice",
    "DamageSplit",
    "Decision",
    "DecisionKind",
    "Division",
    "Named",
    "Number",
    "Option",
    "Pass",
    "Payment",
    "PlayLand",
    "TargetOption",
]


class DecisionKind(enum.Enum):
    """What a decision is about; the CR rule that asks for it is in ``rule``."""

    MULLIGAN = "mulligan"
    BOTTOM = "bottom"
    TOP = "top"
    PRIORITY = "priority"
    TARGET = "target"
    PAYMENT = "payment"
    ATTACKERS = "attackers"
    BLOCKERS = "blockers"
    DAMAGE_ASSIGNMENT = "damage_assignment"
    DISCARD = "discard"
    LEGEND_RULE = "legend_rule"
    TRIGGER_ORDER = "trigger_order"
    MAY = "may"
    X_VALUE = "x_value"
    REPLACEMENT_ORDER = "replacement_order"
    MODE = "mode"
    ENTER_AS_COPY = "enter_as_copy"
    SHIELD = "shield"
    TARGET_COUNT = "target_count"
    DIVISION = "division"
    SEARCH = "search"
    SACRIFICE = "sacrifice"
    COST = "cost"
    NEW_TARGET = "new_target"
    COLOR = "color"
    SOURCE = "source"
    CARD = "card"
    CHOICE = "choice"
    REVEAL = "reveal"
    TIMESTAMP_ORDER = "timestamp_order"

    rule: str
    """The Comprehensive Rules number behind this kind of decision."""
    private: bool
    """Whether the options name cards hidden from the other players (logged for the
    decider only)."""
    public_fields: frozenset[str]
    """The fields of its ``decision_made`` line the other players see (a subset of
    :data:`DECISION_FIELDS`): those that depend on no card hidden from them. A private
    decision shows none; a priority decision offers the cards its decider can play from
    a hidden hand, so how many options there were, and which one was taken, is theirs
    alone, while what was chosen is done in public."""
    chooses_objects: bool
    """Whether its options may be objects or players the decider chooses (801.5a): with
    a limited range of influence, those out of the decider's range (or out of the range
    of the spell or ability resolving, 801.11) are not offered. Targets (601.2c, 115.7)
    and attacks and blocks (801.3, 802.4a) are kept within range where they are made;
    orders (of triggered abilities, replacement effects, timestamps) and amounts choose
    no object."""


_RULE_OF_KIND = {
    DecisionKind.MULLIGAN: "103.5",
    DecisionKind.BOTTOM: "103.5",
    DecisionKind.TOP: "401.4",
    DecisionKind.PRIORITY: "117.3",
    DecisionKind.TARGET: "601.2c",
    DecisionKind.PAYMENT: "601.2g",
    DecisionKind.ATTACKERS: "508.1a",
    DecisionKind.BLOCKERS: "509.1a",
    DecisionKind.DAMAGE_ASSIGNMENT: "510.1c",
    DecisionKind.DISCARD: "514.1",
    DecisionKind.LEGEND_RULE: "704.5j",
    DecisionKind.TRIGGER_ORDER: "603.3b",
    DecisionKind.MAY: "603.5",
    DecisionKind.X_VALUE: "601.2b",
    DecisionKind.REPLACEMENT_ORDER: "616.1",
    DecisionKind.MODE: "700.2a",
    DecisionKind.ENTER_AS_COPY: "707.5",
    DecisionKind.SHIELD: "615.7",
    DecisionKind.TARGET_COUNT: "601.2c",
    DecisionKind.DIVISION: "601.2d",
    DecisionKind.SEARCH: "701.23a",
    DecisionKind.SACRIFICE: "701.21a",
    DecisionKind.COST: "601.2b",
    DecisionKind.NEW_TARGET: "115.7d",
    DecisionKind.COLOR: "614.12",
    DecisionKind.SOURCE: "609.7a",
    DecisionKind.CARD: "608.2d",
    DecisionKind.CHOICE: "608.2d",
    DecisionKind.REVEAL: "601.2b",
    DecisionKind.TIMESTAMP_ORDER: "613.7m",
}
DECISION_FIELDS = frozenset({"choice", "options", "chosen"})
"""The fields of a ``decision_made`` line that say what was offered and taken."""

_OPTIONS_FROM_HIDDEN_CARDS = frozenset({DecisionKind.PRIORITY, DecisionKind.CARD})
"""Public decisions whose options may include cards of a hidden zone: the spells and
lands playable from a hand (117.1), a card put onto the battlefield from a hand (608.2d).
What is chosen becomes public as it is done; the rest would count the hidden cards."""

_CHOICES_OF_OBJECTS = frozenset(
    {
        DecisionKind.BOTTOM,
        DecisionKind.TOP,
        DecisionKind.DISCARD,
        DecisionKind.LEGEND_RULE,
        DecisionKind.ENTER_AS_COPY,
        DecisionKind.SEARCH,
        DecisionKind.SACRIFICE,
        DecisionKind.SOURCE,
        DecisionKind.CARD,
        DecisionKind.CHOICE,
        DecisionKind.REVEAL,
    }
)
"""The kinds of decision that choose objects or players (801.5a)."""

for _kind, _rule in _RULE_OF_KIND.items():
    # Plain attributes, read for every logged decision (an enum's hash is a Python call).
    _kind.rule = _rule
    # A reveal decision offers cards of a hidden hand; those revealed are logged publicly.
    _kind.private = _kind in (
        DecisionKind.BOTTOM,
        DecisionKind.TOP,
        DecisionKind.DISCARD,
        DecisionKind.SEARCH,
        DecisionKind.REVEAL,
    )
    _kind.chooses_objects = _kind in _CHOICES_OF_OBJECTS
    if _kind.private:
        _kind.public_fields = frozenset()
    elif _kind in _OPTIONS_FROM_HIDDEN_CARDS:
        _kind.public_fields = frozenset({"chosen"})
    else:
        _kind.public_fields = DECISION_FIELDS


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass priority (CR 117.3d)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class PlayLand:
    """Play a land from hand, a special action (CR 116.2a, 305.1)."""

    card: int
    name: str

    def __str__(self) -> str:
        return f"play {self.name}"


@dataclass(frozen=True, slots=True)
class TurnFaceUp:
    """Turn a face-down permanent face up, a special action (CR 116.2b): a manifested
    creature card for its mana cost (701.40b), or by paying the cost of an ability it
    would have face up, such as morph (702.37e)."""

    permanent: int
    name: str
    """The card's name (shown to its controller only: the options of a priority decision
    are not logged)."""
    cost: str
    ability: int | None = None
    """The index of that ability among the abilities it would have face up; ``None`` for
    the mana cost of a manifested card."""
    keyword: str = ""
    """The ability's name ("morph"), shown with the cost (702.37e)."""

    def __str__(self) -> str:
        how = f" ({self.keyword})" if self.keyword else ""
        return f"turn face-down #{self.permanent} face up for {self.cost}{how}"


@dataclass(frozen=True, slots=True)
class Cast:
    """Cast a spell (CR 601), or, with ``way``, cast it another way that an ability of the
    card allows (601.3, 702.37c)."""

    card: int
    name: str
    way: int | None = None
    """The index of that :class:`~manaweave.cards.AlternativeCasting` ability among the
    card's abilities."""
    announcement: str = ""
    """What the caster announces for that way ("morph")."""
    face_down: bool = False
    """Whether the card is cast face down: its name is not shown (708.4, 708.5)."""

    def __str__(self) -> str:
        if self.face_down:
            return f"cast #{self.card} face down ({self.announcement})"
        if self.way is not None:
            return f"cast {self.name} ({self.announcement})"
        return f"cast {self.name}"


@dataclass(frozen=True, slots=True)
class Activate:
    """Activate an ability of a permanent (CR 602, 605)."""

    source: int
    name: str
    ability: int
    text: str
    is_mana_ability: bool
    output: int = 0
    """For a mana ability with alternatives ("Add {R} or {G}"), which one."""
    total_cost: str = ""
    """The total cost to activate it now, where effects change it (CR 602.2b, 601.2f,
    606.5): ``"{2}, {T}"``; empty when it is the activation cost."""

    def __str__(self) -> str:
        if self.total_cost:
            return f"activate {self.name}: {self.text} (total cost {self.total_cost})"
        return f"activate {self.name}: {self.text}"


@dataclass(frozen=True, slots=True)
class TargetOption:
    """A legal target: an object (``player`` is None) or a player (``object`` is None)."""

    object: int | None
    player: int | None
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Payment:
    """One way to pay a mana cost: the mana abilities to activate and pool mana to spend."""

    plan: PaymentPlan
    description: str

    def __str__(self) -> str:
        return self.description


@dataclass(frozen=True, slots=True)
class Attack:
    """Declare ``attacker`` as attacking player ``defender``, or the ``permanent`` (a
    planeswalker that player controls or a battle they protect, CR 508.1a-b)."""

    attacker: int
    name: str
    defender: int
    permanent: int | None = None
    permanent_name: str = ""

    def __str__(self) -> str:
        if self.permanent is not None:
            return f"{self.name} attacks {self.permanent_name} #{self.permanent}"
        return f"{self.name} attacks player {self.defender}"


@dataclass(frozen=True, slots=True)
class Block:
    """Declare ``blocker`` as blocking ``attacker`` (CR 509.1a)."""

    blocker: int
    name: str
    attacker: int
    attacker_name: str

    def __str__(self) -> str:
        return f"{self.name} blocks {self.attacker_name}"


@dataclass(frozen=True, slots=True)
class CardOption:
    """A card or permanent to pick (to discard, to put on the bottom, to keep)."""

    object: int
    name: str

    def __str__(self) -> str:
        return self.name


@dataclass(frozen=True, slots=True)
class Named:
    """A named alternative, such as ``keep`` or ``mulligan``."""

    word: str

    def __str__(self) -> str:
        return self.word


@dataclass(frozen=True, slots=True)
class Number:
    """A number to choose, such as the value of X (CR 107.3a, 601.2b)."""

    value: int

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True, slots=True)
class DamageSplit:
    """Combat damage divided: ``amounts[i]`` to ``recipients[i]``, a permanent's id or
    ``("player", n)`` (CR 510.1c-d, 702.19b)."""

    recipients: tuple[int | tuple[str, int], ...]
    amounts: tuple[int, ...]

    def __str__(self) -> str:
        return ", ".join(
            f"{a} to {_recipient_name(r)}"
            for r, a in zip(self.recipients, self.amounts, strict=True)
        )


def _recipient_name(recipient: int | tuple[str, int]) -> str:
    return f"player {recipient[1]}" if isinstance(recipient, tuple) else f"#{recipient}"


@dataclass(frozen=True, slots=True)
class Division:
    """A spell's damage divided among its targets: ``amounts[i]`` to the target named
    ``names[i]``, at least 1 each (CR 601.2d)."""

    amounts: tuple[int, ...]
    names: tuple[str, ...]

    def __str__(self) -> str:
        return ", ".join(f"{a} to {n}" for n, a in zip(self.names, self.amounts, strict=True))


Option = (
    Pass
    | PlayLand
    | TurnFaceUp
    | Cast
    | Activate
    | TargetOption
    | Payment
    | Attack
    | Block
    | CardOption
    | Named
    | Number
    | DamageSplit
    | Division
)
"""Any option a decision can offer."""


class _LazySplits(Sequence[DamageSplit]):
    """A sequence of damage splits computed by index, not listed: ``_len`` of them,
    ``_split_at(i)`` the ``i``-th."""

    _len: int

    def __len__(self) -> int:
        return self._len

    @overload
    def __getitem__(self, index: int) -> DamageSplit: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[DamageSplit]: ...
    def __getitem__(self, index: int | slice) -> DamageSplit | Sequence[DamageSplit]:
        if isinstance(index, slice):
            return [self._split_at(i) for i in range(*index.indices(self._len))]
        if index < 0:
            index += self._len
        if not 0 <= index < self._len:
            raise IndexError(index)
        return self._split_at(index)

    def _split_at(self, index: int) -> DamageSplit:
        raise NotImplementedError


class DamageSplits(_LazySplits):
    """Every way to divide ``total`` damage among ``recipients``, as a lazy sequence.

    The count grows as a binomial coefficient, so options are computed by index
    (combinatorial unranking) rather than listed.
    """

    def __init__(self, total: int, recipients: tuple[int | tuple[str, int], ...]) -> None:
        self._total = total
        self._recipients = recipients
        self._len = math.comb(total + len(recipients) - 1, len(recipients) - 1)

    def _split_at(self, index: int) -> DamageSplit:
        # Unrank in lexicographic order of the amount given to the first recipient, then the next.
        amounts: list[int] = []
        remaining = self._total
        slots = len(self._recipients)
        for position in range(slots - 1):
            rest = slots - position - 1
            for amount in range(remaining + 1):
                block = math.comb(remaining - amount + rest - 1, rest - 1)
                if index < block:
                    amounts.append(amount)
                    remaining -= amount
                    break
                index -= block
        amounts.append(remaining)
        return DamageSplit(self._recipients, tuple(amounts))


class TieredDamageSplits(_LazySplits):
    """Every legal way to assign ``total`` combat damage when some recipients may be
    assigned damage only once those before them are assigned enough (CR 702.19b-c): the
    ``free`` recipients (blockers) may be assigned any amount; each of the ``chain``
    recipients (what an attacker with trample attacks) may be assigned damage only once
    every free recipient has been assigned its threshold and every earlier chain
    recipient its own. ``thresholds`` holds one amount per free and chain recipient (the
    last chain recipient's is never needed). A lazy sequence, computed by index.

    The legal splits fall into disjoint classes by the last chain recipient assigned any
    damage: none, or the ``j``-th. In class ``j`` every recipient before it holds at
    least its threshold and it holds at least 1, so the class is a
    :class:`DamageSplits` of what is left over the first ``j`` chain recipients and the
    free ones.
    """

    def __init__(
        self,
        total: int,
        free: tuple[int | tuple[str, int], ...],
        chain: tuple[int | tuple[str, int], ...],
        thresholds: tuple[int, ...],
    ) -> None:
        self._recipients = (*free, *chain)
        self._free = len(free)
        self._classes: list[tuple[int, tuple[int, ...], DamageSplits]] = []
        if free:
            self._classes.append((0, (0,) * len(free), DamageSplits(total, free)))
        base: list[int] = []
        for position in range(len(free) + len(chain)):
            if position >= len(free):
                floor = (*base, 1)
                left = total - sum(floor)
                if left >= 0:
                    splits = DamageSplits(left, self._recipients[: position + 1])
                    self._classes.append((position, floor, splits))
            base.append(thresholds[position])
        self._len = sum(len(splits) for _, _, splits in self._classes)

    def _split_at(self, index: int) -> DamageSplit:
        for _, floor, splits in self._classes:
            if index < len(splits):
                extra = splits[index].amounts
                amounts = [f + e for f, e in zip(floor, extra, strict=True)]
                amounts += [0] * (len(self._recipients) - len(amounts))
                return DamageSplit(self._recipients, tuple(amounts))
            index -= len(splits)
        raise IndexError(index)  # unreachable: the classes cover the length


@dataclass(frozen=True, slots=True)
class Choice:
    """An answer to a decision: the indices of the chosen options, in the order chosen.

    ``Choice.concession()`` answers any decision by conceding the game (CR 104.3a).
    """

    indices: tuple[int, ...] = ()
    concede: bool = False

    @classmethod
    def of(cls, *indices: int) -> Choice:
        """A choice of the options at these indices."""
        return cls(tuple(indices))

    @classmethod
    def concession(cls) -> Choice:
        """Concede the game instead of answering (CR 104.3a)."""
        return cls((), concede=True)


@dataclass(frozen=True, eq=False)
class Decision:
    """A question the game asks one player.

    ``options`` are the legal options; a :class:`Choice` picks between ``min`` and
    ``max`` of them by index, at most one per ``groups`` key where groups are given
    (an attacker attacks once, a blocker blocks one creature). ``ordered`` says
    whether the order of the chosen indices matters (cards put on the bottom of a
    library). ``view`` is the deciding player's information set. ``rule`` is the CR
    rule that asks it: the kind's own rule unless the situation has a more precise
    one (a discard asked by an effect, 701.9b, rather than in the cleanup step).
    """

    kind: DecisionKind
    player: int
    options: Sequence[Option]
    prompt: str
    min: int = 1
    max: int = 1
    groups: Sequence[Hashable] | None = None
    ordered: bool = False
    _view: Callable[[], GameView] | None = field(default=None, repr=False)
    rule_override: str | None = field(default=None, repr=False)
    whole_answer_rule: Callable[[Sequence[int]], str | None] | None = field(
        default=None, repr=False
    )
    """For a decision whose options are parts of one answer (attackers, blockers): what
    is wrong with a whole answer of these option indices, ``None`` if nothing is (a
    restriction or requirement, 508.1c-d, 509.1b-c)."""
    _legal_answer: Callable[[], tuple[int, ...]] | None = field(default=None, repr=False)
    _sample: Callable[[Sequence[Player], int], Game] | None = field(default=None, repr=False)
    _positions: tuple[int, ...] | None = field(default=None, repr=False)
    """When the engine left out some of the options it was asked to offer (out of the
    decider's range of influence, 801.5a): where each option offered stands among those,
    so that the answer is given back in their terms."""
    _unnarrowed: Decision | None = field(default=None, repr=False)
    """The decision as asked, before options were left out (another player asked the same
    question, 800.4g, has their own range)."""

    @property
    def rule(self) -> str:
        """The CR rule that asks this decision."""
        return self.rule_override or self.kind.rule

    def sample_game(self, players: Sequence[Player], *, seed: int) -> Game:
        """A game the deciding player can't tell from the real one, for search: a copy
        of the game as this decision is asked, in which everything hidden from the
        player (other players' hands, every library's order, what comes by chance) is
        drawn again with ``seed``. :func:`manaweave.play_game` plays it on from this
        decision, asked again of ``players[self.player]``, with ``players`` in its
        seats; nothing done to it reaches the real game.

        A priority decision (117.3) offers it, and the first declaration of attackers or
        blockers of a step (508.1, 509.1: a teammate's or a second defending player's
        after it does not); any other raises :class:`~manaweave.GameCopyError`, as does
        a game of several turns at once (807.4)."""
        if self._sample is None:
            raise GameCopyError(
                "only a priority decision or a declaration of attackers or blockers offers "
                f"a sampled game, not {with_article(self.kind.value)} one"
            )
        return self._sample(players, seed)

    @property
    def view(self) -> GameView:
        """What the deciding player may know of the game (their information set)."""
        if self._view is None:
            raise RuntimeError("this decision was built without a view")
        return self._view()

    def __iter__(self) -> Iterator[Option]:
        return iter(self.options)

    def __len__(self) -> int:
        return len(self.options)

    def __getitem__(self, index: int) -> Option:
        return self.options[index]

    def index(self, option: Option) -> int:
        """The index of ``option`` (compared by value)."""
        for i, candidate in enumerate(self.options):
            if candidate == option:
                return i
        raise IllegalChoiceError(f"{option} is not an option of this {self.kind.value} decision")

    def choose(self, *options: Option) -> Choice:
        """A choice of these options (by value); raises if any is not offered."""
        return Choice(tuple(self.index(option) for option in options))

    def mask(self, selected: Sequence[int] = ()) -> list[bool]:
        """Which options may still be added to a partial selection ``selected``.

        With nothing selected, every offered option is legal; the mask shrinks as
        options that share a group with a selected one become unavailable.
        """
        if len(selected) >= self.max:
            return [False] * len(self.options)
        taken = set(selected)
        if self.groups is None:
            return [i not in taken for i in range(len(self.options))]
        used = {self.groups[i] for i in selected}
        return [i not in taken and self.groups[i] not in used for i in range(len(self.options))]

    def problem(self, indices: Sequence[int]) -> str | None:
        """What makes the answer of these option indices illegal, ``None`` if it is legal.
        Checking never changes the game."""
        try:
            self.check(Choice(tuple(indices)))
        except IllegalChoiceError as error:
            return str(error)
        return None

    def is_legal(self, indices: Sequence[int]) -> bool:
        """Whether the answer of these option indices is legal."""
        return self.problem(indices) is None

    def legal_choice(self) -> Choice:
        """One legal answer: for a decision with a whole-answer rule, one the game has
        found obeying it; otherwise the first ``min`` options."""
        if self._legal_answer is not None:
            return Choice(self._legal_answer())
        return Choice(tuple(range(self.min)))

    def check(self, choice: object) -> Choice:
        """Return the engine's own copy of ``choice`` if it legally answers this decision;
        raise otherwise.

        The answer is read once and converted to plain values: its ``indices`` must be a
        tuple or list of plain ``int`` (no ``bool``, no subclass), ``concede`` a plain
        ``bool``. The returned :class:`Choice` is always a new one the engine made, so an
        answer that changes after the check (a ``Choice`` subclass, a mutated list) is
        never read again. Raises :class:`~manaweave.IllegalChoiceError` naming what was
        wrong and what was allowed. Checking never changes the game.
        """
        read = self._read(choice)
        try:
            return self._check_values(read)
        except IllegalChoiceError as error:
            error.logged_answer = f"<{read}>" if isinstance(read, str) else list(read[0])
            raise

    def _check_values(self, read: tuple[tuple[int, ...], bool] | str) -> Choice:
        if isinstance(read, str):
            raise IllegalChoiceError(self._malformed_message(read))
        indices, concede = read
        if concede:
            return Choice((), concede=True)
        count = len(indices)
        n = len(self.options)
        if not self.min <= count <= self.max:
            allowed = (
                f"between {self.min} and {self.max}" if self.min != self.max else str(self.min)
            )
            raise IllegalChoiceError(
                f"{self.kind.value} decision takes {allowed} option(s) of {n}, got {count}"
            )
        seen: set[int] = set()
        groups: set[Hashable] = set()
        for index in indices:
            if not 0 <= index < n:
                raise IllegalChoiceError(
                    f"option index {index} is out of range: {self.kind.value} "
                    f"decision has options 0..{n - 1}"
                )
            if index in seen:
                raise IllegalChoiceError(f"option {index} ({self.options[index]}) chosen twice")
            seen.add(index)
            if self.groups is not None:
                group = self.groups[index]
                if group in groups:
                    raise IllegalChoiceError(
                        f"option {index} ({self.options[index]}) conflicts with an earlier "
                        "choice: only one option per object is allowed"
                    )
                groups.add(group)
        if self.whole_answer_rule is not None:
            problem = self.whole_answer_rule(indices)
            if problem is not None:
                raise IllegalChoiceError(problem)
        return Choice(indices)

    def _malformed_message(self, what: str) -> str:
        return (
            f"{self.kind.value} decision expects a Choice of option indices "
            f"(between {self.min} and {self.max} of 0..{len(self.options) - 1}), got {what}"
        )

    def _read(self, answer: object) -> tuple[tuple[int, ...], bool] | str:
        read = self._read_plain(answer)
        return _printable(read) if isinstance(read, str) else read

    def _read_plain(self, answer: object) -> tuple[tuple[int, ...], bool] | str:
        """The plain values of ``answer``, read once, or a description of why it has none.

        Only ``type()`` is trusted: ``isinstance`` would consult a hostile ``__class__``.
        A list of option indices longer than the decision allows (and than
        :data:`LOGGED_INDICES`) is described, not listed, so what is logged stays small."""
        if not issubclass(type(answer), Choice):
            return _type_name(answer)
        try:
            raw_indices = answer.indices  # type: ignore[attr-defined]
            concede = answer.concede  # type: ignore[attr-defined]
        except Exception:  # a subclass's property: the answer has no readable value
            return "a Choice whose fields cannot be read"
        if type(concede) is not bool:
            return f"a Choice whose concede is {with_article(_type_name(concede))}, not a bool"
        if concede:
            return (), True
        if type(raw_indices) not in (tuple, list):
            return (
                f"a Choice whose indices are {with_article(_type_name(raw_indices))}, not a tuple"
            )
        indices = tuple(raw_indices)
        if len(indices) > max(self.max, LOGGED_INDICES):
            return f"a Choice of {len(indices)} option indices"
        for index in indices:
            if type(index) is not int:
                return f"a Choice whose option index {_short_repr(index)} is not an integer"
            if not -_LOGGABLE_INT < index < _LOGGABLE_INT:
                return (
                    f"a Choice whose option index is out of range "
                    f"(an integer of {index.bit_length()} bits)"
                )
        return indices, False


LOGGED_INDICES = 64
"""An answer with more option indices than this, and than its decision allows, is refused
and logged by its count, not its indices."""

_LOGGABLE_INT = 2**53
"""Indices beyond this are refused without being logged (JSON readers lose precision)."""

_DESCRIPTION_LIMIT = 100


def _printable(text: str) -> str:
    """``text`` as printable ASCII without angle brackets, at most 100 characters: a
    description a replay can use as a class name and get back unchanged."""
    kept = "".join(c for c in text if " " <= c <= "~" and c not in "<>")
    return kept[:_DESCRIPTION_LIMIT] or "object"


def _type_name(value: object) -> str:
    name = type.__dict__["__name__"].__get__(type(value))
    return _printable(name if type(name) is str else "object")


def _short_repr(value: object) -> str:
    """A short deterministic repr of a plain scalar; any other value by its type."""
    if value is None or type(value) in (bool, float, str):
        text = repr(value)
        return text if len(text) <= 24 else text[:21] + "..."
    return f"of type {_type_name(value)}"

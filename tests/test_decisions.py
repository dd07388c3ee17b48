"""Tests for decisions, choices and their legality checks (manaweave.Decision, manaweave.Choice)."""

from __future__ import annotations

import contextlib
import itertools
import math

import pytest

from manaweave import (
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    DecisionKind,
    IllegalChoiceError,
    Named,
    Pass,
    PlayLand,
)
from manaweave.lowlevel import DamageSplits

# --- helpers ---------------------------------------------------------------------------------


def priority_decision() -> Decision:
    options = [Pass(), PlayLand(11, "Forest"), Cast(12, "Llanowar Elves"), Cast(13, "Giant Growth")]
    return Decision(DecisionKind.PRIORITY, 0, options, "you have priority")


def bottom_decision(count: int = 2) -> Decision:
    options = [CardOption(20 + i, name) for i, name in enumerate("ABCDEFG")]
    return Decision(
        DecisionKind.BOTTOM,
        0,
        options,
        "put cards on the bottom",
        min=count,
        max=count,
        ordered=True,
    )


def attackers_decision() -> Decision:
    # Two creatures (ids 5 and 6) that can each attack player 1 or player 2.
    options = [
        Attack(5, "Bear", 1),
        Attack(5, "Bear", 2),
        Attack(6, "Wurm", 1),
        Attack(6, "Wurm", 2),
    ]
    return Decision(
        DecisionKind.ATTACKERS,
        0,
        options,
        "declare attackers",
        min=0,
        max=2,
        groups=[o.attacker for o in options],
    )


def blockers_decision() -> Decision:
    # Blocker 7 may block attacker 5 or 6; blocker 8 may block attacker 5.
    options = [Block(7, "Lion", 5, "Bear"), Block(7, "Lion", 6, "Wurm"), Block(8, "Elf", 5, "Bear")]
    return Decision(
        DecisionKind.BLOCKERS,
        1,
        options,
        "declare blockers",
        min=0,
        max=2,
        groups=[o.blocker for o in options],
    )


def rejection(decision: Decision, answer: object) -> str:
    with pytest.raises(IllegalChoiceError) as info:
        decision.check(answer)
    return str(info.value)


# --- the Choice value --------------------------------------------------------------------------


def test_choice_of_and_concession() -> None:
    assert Choice.of(2, 0) == Choice((2, 0))
    assert Choice.of().indices == ()
    assert not Choice.of(1).concede
    concession = Choice.concession()
    assert concession.concede
    assert concession.indices == ()


def test_illegal_choice_error_is_a_value_error() -> None:
    assert issubclass(IllegalChoiceError, ValueError)


# --- check: legal answers ----------------------------------------------------------------------


@pytest.mark.parametrize("index", range(4))
def test_check_accepts_each_single_option(index: int) -> None:
    decision = priority_decision()
    choice = Choice.of(index)
    checked = decision.check(choice)
    assert checked == choice
    assert checked is not choice  # the engine acts on its own copy


def test_check_accepts_every_legal_combination_of_a_grouped_decision() -> None:
    decision = attackers_decision()
    legal = 0
    for count in range(decision.max + 1):
        for combo in itertools.permutations(range(len(decision)), count):
            attackers = [decision.options[i].attacker for i in combo]  # type: ignore[union-attr]
            if len(set(attackers)) != len(attackers):
                continue
            assert decision.check(Choice(combo)) == Choice(combo)
            legal += 1
    # no attack, one of 4 single attacks, or one option of each creature in either order
    assert legal == 1 + 4 + 2 * 2 * 2


def test_check_accepts_empty_choice_when_min_is_zero() -> None:
    assert attackers_decision().check(Choice()) == Choice()


def test_check_accepts_ordered_choice_in_any_order() -> None:
    decision = bottom_decision(2)
    assert decision.check(Choice.of(4, 1)) == Choice.of(4, 1)
    assert decision.check(Choice.of(1, 4)) == Choice.of(1, 4)


@pytest.mark.rules("104.3a")
def test_check_accepts_concession_for_any_decision() -> None:
    for decision in (priority_decision(), bottom_decision(3), attackers_decision()):
        assert decision.check(Choice.concession()).concede


# --- check: illegal answers --------------------------------------------------------------------


def test_check_rejects_too_few_options_and_says_how_many() -> None:
    message = rejection(bottom_decision(2), Choice.of(3))
    assert "bottom" in message
    assert "takes 2 option(s) of 7" in message
    assert "got 1" in message


def test_check_rejects_too_many_options_and_says_the_range() -> None:
    message = rejection(attackers_decision(), Choice.of(0, 2, 3))
    assert "between 0 and 2" in message
    assert "got 3" in message


def test_check_rejects_empty_choice_when_one_is_required() -> None:
    message = rejection(priority_decision(), Choice())
    assert "takes 1 option(s) of 4" in message
    assert "got 0" in message


@pytest.mark.parametrize("index", [4, 99, -1])
def test_check_rejects_out_of_range_index(index: int) -> None:
    message = rejection(priority_decision(), Choice.of(index))
    assert f"option index {index} is out of range" in message
    assert "options 0..3" in message


def test_check_rejects_duplicate_index() -> None:
    message = rejection(bottom_decision(2), Choice.of(3, 3))
    assert "option 3" in message
    assert "chosen twice" in message
    assert "D" in message  # the option is named


def test_check_rejects_two_options_of_one_group() -> None:
    # Both options declare creature 5 as an attacker: a creature attacks only once (508.1a).
    message = rejection(attackers_decision(), Choice.of(0, 1))
    assert "option 1" in message
    assert "conflicts with an earlier choice" in message
    assert "Bear attacks player 2" in message


def test_check_rejects_one_blocker_blocking_twice() -> None:
    message = rejection(blockers_decision(), Choice.of(1, 0))
    assert "conflicts" in message
    assert "Lion blocks Bear" in message


@pytest.mark.parametrize(
    ("answer", "type_name"),
    [(0, "int"), ((0,), "tuple"), ([0], "list"), (None, "NoneType"), ("pass", "str")],
)
def test_check_rejects_answers_that_are_not_choices(answer: object, type_name: str) -> None:
    message = rejection(priority_decision(), answer)
    assert "expects a Choice" in message
    assert f"got {type_name}" in message
    assert "priority" in message


@pytest.mark.parametrize("index", [True, False, "1", 1.0, None])
def test_check_rejects_indices_that_are_not_integers(index: object) -> None:
    message = rejection(priority_decision(), Choice((index,)))  # type: ignore[arg-type]
    assert "is not an integer" in message
    assert repr(index) in message


@pytest.mark.parametrize("indices", [None, 3, object()])
def test_check_rejects_malformed_choice_with_illegal_choice_error(indices: object) -> None:
    # Actors are untrusted: a Choice whose indices are not a sequence is an illegal answer
    # (IllegalChoiceError), not a crash with a TypeError.
    rejection(priority_decision(), Choice(indices))  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        (Choice(3), "whose indices are an int, not a tuple"),  # type: ignore[arg-type]
        (Choice("0"), "whose indices are a str, not a tuple"),  # type: ignore[arg-type]
        (Choice((0,), concede=1), "whose concede is an int, not a bool"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_choice_is_described_with_the_article_its_type_takes(
    answer: Choice, expected: str
) -> None:
    assert expected in rejection(priority_decision(), answer)


def test_check_does_not_change_the_decision() -> None:
    decision = attackers_decision()
    before = (list(decision.options), decision.min, decision.max, list(decision.groups or ()))
    for answer in (Choice.of(0, 1), Choice.of(9), 3, Choice.of(0, 2)):
        with contextlib.suppress(IllegalChoiceError):
            decision.check(answer)
    assert (list(decision.options), decision.min, decision.max, list(decision.groups or ())) == (
        before
    )


# --- mask ------------------------------------------------------------------------------------


def test_mask_without_groups() -> None:
    decision = bottom_decision(3)
    assert decision.mask() == [True] * 7
    assert decision.mask([2]) == [True, True, False, True, True, True, True]
    assert decision.mask([2, 0]) == [False, True, False, True, True, True, True]
    assert decision.mask([2, 0, 5]) == [False] * 7  # max reached


def test_mask_with_groups_excludes_the_rest_of_a_group() -> None:
    decision = attackers_decision()
    assert decision.mask() == [True, True, True, True]
    assert decision.mask([1]) == [False, False, True, True]
    assert decision.mask([3]) == [True, True, False, False]
    assert decision.mask([1, 2]) == [False] * 4


def test_mask_agrees_with_check() -> None:
    decision = blockers_decision()
    for selected in ([], [0], [1], [2], [0, 2]):
        for index, allowed in enumerate(decision.mask(selected)):
            candidate = Choice((*selected, index))
            try:
                decision.check(candidate)
            except IllegalChoiceError:
                legal = False
            else:
                legal = True
            assert allowed == legal, (selected, index)


def test_mask_of_single_choice_decision_after_one_pick() -> None:
    assert priority_decision().mask([1]) == [False] * 4


# --- choose and index ------------------------------------------------------------------------


def test_choose_by_value() -> None:
    decision = priority_decision()
    assert decision.choose(Cast(13, "Giant Growth")) == Choice.of(3)
    assert decision.choose(Pass()) == Choice.of(0)
    assert decision.index(PlayLand(11, "Forest")) == 1


def test_choose_keeps_the_order_given() -> None:
    decision = bottom_decision(2)
    assert decision.choose(CardOption(25, "F"), CardOption(21, "B")) == Choice.of(5, 1)


def test_choose_rejects_option_not_offered() -> None:
    decision = priority_decision()
    with pytest.raises(IllegalChoiceError, match="cast Lightning Bolt is not an option"):
        decision.choose(Cast(99, "Lightning Bolt"))
    with pytest.raises(IllegalChoiceError, match="priority"):
        decision.index(Named("keep"))


def test_decision_is_a_sequence_of_its_options() -> None:
    decision = priority_decision()
    assert len(decision) == 4
    assert list(decision) == list(decision.options)
    assert decision[2] == Cast(12, "Llanowar Elves")


def test_decision_without_view_says_so() -> None:
    with pytest.raises(RuntimeError, match="without a view"):
        _ = priority_decision().view


def test_decision_kind_rules() -> None:
    assert DecisionKind.PRIORITY.rule == "117.3"
    assert DecisionKind.DAMAGE_ASSIGNMENT.rule == "510.1c"
    assert DecisionKind.MULLIGAN.rule == "103.5"
    assert all(kind.rule for kind in DecisionKind)


# --- DamageSplits --------------------------------------------------------------------------------


@pytest.mark.rules("510.1c")
@pytest.mark.parametrize(
    ("total", "recipients"),
    [(0, 1), (0, 3), (1, 1), (1, 2), (4, 2), (5, 3), (6, 4), (3, 5), (10, 2)],
)
def test_damage_splits_enumerate_every_composition(total: int, recipients: int) -> None:
    ids = tuple(100 + i for i in range(recipients))
    splits = DamageSplits(total, ids)
    expected = math.comb(total + recipients - 1, recipients - 1)
    assert len(splits) == expected
    listed = list(splits)
    assert len(listed) == expected
    amounts = [split.amounts for split in listed]
    assert len(set(amounts)) == expected
    for split in listed:
        assert isinstance(split, DamageSplit)
        assert split.recipients == ids
        assert len(split.amounts) == recipients
        assert sum(split.amounts) == total
        assert all(a >= 0 for a in split.amounts)
    brute = {
        combo
        for combo in itertools.product(range(total + 1), repeat=recipients)
        if sum(combo) == total
    }
    assert set(amounts) == brute


@pytest.mark.rules("510.1c")
def test_damage_splits_cr_example_four_damage_two_blockers() -> None:
    # 510.1c: an attacking creature blocked by two creatures divides its 4 damage
    # between them: 0/4, 1/3, 2/2, 3/1 or 4/0.
    splits = DamageSplits(4, (7, 8))
    assert len(splits) == 5
    assert [s.amounts for s in splits] == [(0, 4), (1, 3), (2, 2), (3, 1), (4, 0)]
    assert str(splits[1]) == "1 to #7, 3 to #8"


def test_damage_splits_are_lazy_and_indexable() -> None:
    # Far too many to list; indexing must still work without building them all.
    splits = DamageSplits(1000, tuple(range(6)))
    assert len(splits) == math.comb(1005, 5)
    assert splits[0].amounts == (0, 0, 0, 0, 0, 1000)
    assert splits[-1].amounts == (1000, 0, 0, 0, 0, 0)
    middle = splits[len(splits) // 2]
    assert sum(middle.amounts) == 1000


def test_damage_splits_negative_index_and_slices() -> None:
    splits = DamageSplits(3, (1, 2, 3))
    listed = list(splits)
    assert splits[-1] == listed[-1]
    assert splits[-len(splits)] == listed[0]
    assert list(splits[2:5]) == listed[2:5]
    assert list(splits[::-1]) == listed[::-1]


@pytest.mark.parametrize("index", [5, 6, -6, 100])
def test_damage_splits_index_out_of_range(index: int) -> None:
    with pytest.raises(IndexError):
        DamageSplits(4, (7, 8))[index]


def test_damage_splits_as_decision_options() -> None:
    splits = DamageSplits(4, (7, 8))
    decision = Decision(DecisionKind.DAMAGE_ASSIGNMENT, 0, splits, "assign combat damage")
    assert decision.check(Choice.of(4)) == Choice.of(4)
    assert decision.choose(DamageSplit((7, 8), (2, 2))) == Choice.of(2)
    message = rejection(decision, Choice.of(5))
    assert "options 0..4" in message

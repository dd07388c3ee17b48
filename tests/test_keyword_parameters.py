"""A keyword with a parameter ("Rampage N", "Ward {2}") writes its own ``__init__`` and
gives the ability its fields with ``Ability.initialize``: every field by name, defaults
for the others, then ``__post_init__``; a field misspelt or missing is an error."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from manaweave import RuleNotImplementedError
from manaweave.cards import (
    SELF,
    AddMana,
    PumpTarget,
    TriggeredAbility,
    WheneverBecomesBlocked,
    WheneverTapsForMana,
)
from manaweave.keywords.ward import Ward


@dataclass(frozen=True, slots=True, init=False)
class _Flanking(TriggeredAbility):
    amount: int = 1

    def __init__(self, amount: int, **extra: object) -> None:
        self.initialize(
            amount=amount,
            trigger=WheneverBecomesBlocked(),
            effects=(PumpTarget(amount, amount, SELF),),
            text=f"Test {amount}",
            **extra,
        )


def test_initialize_sets_the_fields_given_and_the_defaults_of_the_others() -> None:
    ability = _Flanking(2)
    assert ability.amount == 2
    assert ability.text == "Test 2"
    assert ability.targets == ()
    assert ability.condition is None
    assert ability.optional is False
    assert ability == _Flanking(2)
    assert ability != _Flanking(3)


def test_a_field_misspelt_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="_Flanking has no field optionnal"):
        _Flanking(2, optionnal=True)


def test_a_field_with_no_default_left_out_is_a_type_error() -> None:
    @dataclass(frozen=True, slots=True, init=False)
    class NoEffects(TriggeredAbility):
        def __init__(self) -> None:
            self.initialize(trigger=WheneverBecomesBlocked())

    with pytest.raises(TypeError, match="NoEffects needs a value for its field 'effects'"):
        NoEffects()


def test_the_class_checks_run_as_after_a_generated_init() -> None:
    """``__post_init__`` runs: a triggered mana ability is refused (605.1b) whichever way
    the ability is made."""

    @dataclass(frozen=True, slots=True, init=False)
    class ManaTrigger(TriggeredAbility):
        def __init__(self) -> None:
            self.initialize(trigger=WheneverTapsForMana(), effects=(AddMana("G"),))

    with pytest.raises(RuleNotImplementedError, match=r"605\.1b"):
        ManaTrigger()


def test_the_built_in_keywords_with_a_parameter_are_values() -> None:
    assert Ward("{2}") == Ward("{2}")
    assert Ward("{2}").cost is not None
    assert Ward("{2}").text == "Ward {2}"

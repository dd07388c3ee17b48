"""Rules tests for modal spells (CR 700.2): Fortify and Cleansing Nova."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, Named
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.cards("Fortify")
@pytest.mark.rules("700.2", "700.2a", "601.2b")
@pytest.mark.parametrize(
    ("mode", "size"),
    [
        ("Creatures you control get +2/+0 until end of turn.", (4, 2)),
        ("Creatures you control get +0/+2 until end of turn.", (2, 4)),
    ],
)
def test_the_caster_chooses_the_mode_as_the_spell_is_cast(mode: str, size: tuple[int, int]) -> None:
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Grizzly Bears")
    s.add(0, "hand", "Fortify")
    s.cast(0, "Fortify")
    s.choose(0, DecisionKind.MODE, mode)
    s.run()

    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == size
    cast = first(s, "spell_cast")
    chosen = first(s, "decision_made", kind="mode")
    assert cast["modes"] == [chosen["choice"][0]]
    # The mode is chosen before the costs are paid (601.2b before 601.2g-h).
    assert chosen["seq"] < first(s, "mana_spent")["seq"]


@pytest.mark.cards("Cleansing Nova")
@pytest.mark.rules("700.2", "701.8a")
def test_cleansing_nova_does_only_what_its_chosen_mode_says() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Plains"] * 5, "Grizzly Bears", "Glorious Anthem")
    s.add(0, "hand", "Cleansing Nova")
    s.cast(0, "Cleansing Nova")
    s.choose(0, DecisionKind.MODE, "Destroy all artifacts and enchantments.")
    s.run()
    assert s.graveyard(0) == ["Glorious Anthem", "Cleansing Nova"]
    assert "Grizzly Bears" in s.battlefield(0)


@pytest.mark.cards("Cleansing Nova")
@pytest.mark.rules("700.2a")
def test_both_modes_are_offered_and_a_mode_must_be_chosen() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Plains"] * 5)
    s.add(0, "hand", "Cleansing Nova")
    s.cast(0, "Cleansing Nova")
    with pytest.raises(ScenarioError, match="unexpected mode decision"):
        s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.MODE)
    assert [o.word for o in asked.options if isinstance(o, Named)] == [
        "Destroy all creatures.",
        "Destroy all artifacts and enchantments.",
    ]

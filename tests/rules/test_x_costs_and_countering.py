"""Rules tests for X in costs (CR 107.3, 601.2f) and countering spells (CR 701.6).

Cards: Mind Spring, Consume Spirit ("Spend only black mana on X"), Mind Shatter; Cancel,
Essence Scatter, Negate and Flashfreeze.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Number, Step
from manaweave.testing import Scenario, ScenarioError

# --- X ---------------------------------------------------------------------------------------


@pytest.mark.cards("Mind Spring")
@pytest.mark.rules("107.3a", "601.2b", "601.2f", "107.3b")
def test_mind_spring_draws_x_cards_and_x_is_paid_as_generic_mana() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Island", "Island")
    s.add(0, "hand", "Mind Spring")
    s.library(0, ["Plains", "Swamp", "Forest"])
    s.cast(0, "Mind Spring", x=2)
    s.run()

    assert s.hand(0) == ["Forest", "Swamp"]
    assert first(s, "spell_cast")["x"] == 2
    assert first(s, "mana_spent")["mana"] == ["U", "U", "U", "U"]
    # Only the values of X that can be paid were offered: {X}{U}{U} with four Islands.
    (asked,) = s.decisions.of_kind(DecisionKind.X_VALUE)
    assert [o.value for o in asked.options if isinstance(o, Number)] == [0, 1, 2]


@pytest.mark.rules("107.3a", "107.3")
def test_x_can_be_zero() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Mind Spring")
    s.cast(0, "Mind Spring", x=0)
    s.run()
    assert s.hand(0) == []
    assert s.graveyard(0) == ["Mind Spring"]


@pytest.mark.cards("Consume Spirit")
@pytest.mark.rules("107.3", "106.6", "601.2f")
def test_consume_spirit_spends_only_black_mana_on_x() -> None:
    # Two Swamps and two Mountains: {1}{B} takes a Swamp and a Mountain, and X can only be
    # paid with black mana, so X is at most 1.
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Mountain", "Mountain")
    s.add(0, "hand", "Consume Spirit")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Consume Spirit", targets=["P2"], x=1)
    s.run()

    (asked,) = s.decisions.of_kind(DecisionKind.X_VALUE)
    assert [o.value for o in asked.options if isinstance(o, Number)] == [0, 1]
    assert sorted(first(s, "mana_spent")["mana"]) == ["B", "B", "R"]
    assert (s.life(0), s.life(1)) == (21, 19)


@pytest.mark.rules("107.3a")
def test_an_x_that_cannot_be_paid_is_not_an_option() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Mountain")
    s.add(0, "hand", "Consume Spirit")
    s.cast(0, "Consume Spirit", targets=["P2"], x=2)
    with pytest.raises(ScenarioError, match="X = 2 is not an option"):
        s.run()


@pytest.mark.cards("Mind Shatter")
@pytest.mark.rules("701.9b", "107.3a")
def test_mind_shatter_discards_x_cards_at_random() -> None:
    s = Scenario(seed=3)
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Mind Shatter")
    s.add(1, "hand", "Forest", "Island", "Mountain", "Plains")
    s.cast(0, "Mind Shatter", targets=["P2"], x=2)
    s.run()

    discarded = [e["card"] for e in s.events("card_discarded")]
    assert len(discarded) == 2
    assert all(e["rule"] == "701.9b" for e in s.events("card_discarded"))
    assert sorted(s.hand(1) + discarded) == ["Forest", "Island", "Mountain", "Plains"]
    assert sorted(s.graveyard(1)) == sorted(discarded)


# --- countering --------------------------------------------------------------------------------


@pytest.mark.cards("Cancel")
@pytest.mark.rules("701.6a", "115.1", "608.2n")
def test_cancel_counters_a_spell_which_goes_to_its_owners_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(1, "Cancel", targets=["Lightning Bolt"])
    s.run()

    assert s.life(1) == 20
    assert s.graveyard(0) == ["Lightning Bolt"]
    assert s.graveyard(1) == ["Cancel"]
    countered = first(s, "spell_countered")
    assert (countered["card"], countered["rule"]) == ("Lightning Bolt", "701.6a")
    assert s.events("damage_dealt") == []


@pytest.mark.rules("115.1", "601.2c")
def test_a_counterspell_is_not_castable_with_nothing_to_target() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Cancel")
    s.cast(0, "Cancel", targets=["Cancel"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("115.1", "601.2c")
@pytest.mark.parametrize(
    ("counterspell", "spell", "allowed"),
    [
        ("Essence Scatter", "Runeclaw Bear", True),
        ("Essence Scatter", "Giant Growth", False),
        ("Negate", "Giant Growth", True),
        ("Negate", "Runeclaw Bear", False),
        ("Flashfreeze", "Giant Growth", True),
        ("Flashfreeze", "Divination", False),
    ],
)
def test_counterspells_target_only_what_they_say(
    counterspell: str, spell: str, allowed: bool
) -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Island", "Island", "Island", "Grizzly Bears")
    s.add(0, "hand", spell)
    s.add(1, "battlefield", "Island", "Island")
    s.add(1, "hand", counterspell)
    targets = ["Grizzly Bears"] if spell == "Giant Growth" else []
    s.cast(0, spell, targets=targets)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    # When the opponent had priority with the spell on the stack, was the counterspell
    # offered?
    asked = [a for a in s.decisions.priority(player=1) if a.stack == 1]
    assert asked
    assert (counterspell in asked[0].casts) == allowed


# --- "can't be countered" and "can't be prevented" -------------------------------------------


def banefire(x: int, *, answer: str) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * (x + 1))
    s.add(0, "hand", "Banefire")
    s.add(1, "battlefield", "Island", "Island", "Island", "Plains")
    s.add(1, "hand", answer)
    s.cast(0, "Banefire", targets=["P2"], x=x)
    if answer == "Cancel":
        s.cast(1, "Cancel", targets=["Banefire"])
    else:
        s.cast(1, "Safe Passage", when=lambda game: bool(game.stack))
    return s.run()


@pytest.mark.rules("113.6g", "701.6a")
@pytest.mark.parametrize(("x", "countered"), [(4, True), (5, False)])
def test_banefire_with_x_5_or_more_cannot_be_countered(x: int, countered: bool) -> None:
    s = banefire(x, answer="Cancel")
    assert bool(s.events("spell_countered")) is countered
    assert s.life(1) == (20 if countered else 20 - x)
    if not countered:
        assert first(s, "counter_failed")["rule"] == "113.6g"


@pytest.mark.rules("615.12", "615.1a")
@pytest.mark.parametrize(("x", "prevented"), [(4, True), (5, False)])
def test_banefire_with_x_5_or_more_deals_damage_that_cannot_be_prevented(
    x: int, prevented: bool
) -> None:
    s = banefire(x, answer="Safe Passage")
    assert s.life(1) == (20 if prevented else 20 - x)
    assert bool(s.events("damage_prevented")) is prevented


@pytest.mark.cards("Protean Hydra")
@pytest.mark.rules("615.12", "704.5g")
def test_unpreventable_damage_still_removes_protean_hydras_counters() -> None:
    # "If unpreventable damage would be dealt, any applicable prevention effects are still
    # applied to it. Those effects won't prevent any damage, but any additional effects
    # they have will take place." The 6/6 Hydra loses 5 counters and takes 5 damage: a
    # 1/1 with 5 damage, destroyed.
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 6)
    s.add(0, "hand", "Banefire")
    s.add(1, "battlefield", *["Forest"] * 7)
    s.add(1, "hand", "Protean Hydra")
    s.cast(1, "Protean Hydra", x=6, turn=2)
    s.cast(0, "Banefire", targets=["Protean Hydra"], x=5, turn=3)
    s.choose(1, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 5)
    s.run(until=(3, Step.END))
    assert first(s, "counters_removed")["count"] == 5
    assert first(s, "damage_dealt")["amount"] == 5
    assert s.events("damage_prevented") == []
    assert s.graveyard(1) == ["Protean Hydra"]


@pytest.mark.cards("Banefire")
@pytest.mark.rules("601.2b", "601.2c", "107.3a")
def test_x_is_announced_before_targets_are_chosen() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 3)
    s.add(0, "hand", "Banefire")
    s.cast(0, "Banefire", targets=["P2"], x=2)
    s.run()

    kinds = [
        a.kind for a in s.decisions.asked if a.kind in (DecisionKind.X_VALUE, DecisionKind.TARGET)
    ]
    assert kinds == [DecisionKind.X_VALUE, DecisionKind.TARGET]
    assert s.life(1) == 18


@pytest.mark.rules("107.3a", "601.2b")
def test_x_cant_be_0() -> None:
    # "X can't be 0": 0 is never offered, and with only {R} available the card can't be
    # cast at all.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Test Flare")
    s.cast(0, "Test Flare", targets=["P2"], x=1)
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.X_VALUE)
    assert [o.value for o in asked.options if isinstance(o, Number)] == [1]
    assert s.life(1) == 19

    poor = Scenario(plugins=[TestCards()])
    poor.add(0, "battlefield", "Mountain")
    poor.add(0, "hand", "Test Flare")
    poor.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert "Test Flare" not in poor.decisions.priority(0)[0].casts

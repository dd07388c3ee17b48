"""Rules tests for costs: additional and alternative costs (CR 118.8, 118.9), the total
cost with increases and reductions (601.2f), paying costs other than mana (601.2h, 118.3,
119.4, 701.21a), and reversing a cast that can't be completed (732.1).

Cards: Fireball, Aura of Silence, Fling, Thud, Goblin Grenade, Altar's Reap, Blood
Divination, Soulblast, Wild Guess, Tormenting Voice; test cards Test Foreman ("creature
spells you cast cost {1} less") and Test Bargain (an alternative cost).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import decisions_made, first

from manaweave import DecisionKind, ManaCost, Number, Step
from manaweave.cards import PayLife
from manaweave.testing import Scenario, ScenarioError

# --- the total cost: increases and reductions (601.2f) ----------------------------------------


@pytest.mark.cards("Fireball")
@pytest.mark.rules("601.2f", "601.2c", "107.3a")
def test_fireball_costs_one_more_for_each_target_beyond_the_first() -> None:
    # X = 4 and two targets: {4}{R} plus {1}, six lands; 4 damage split evenly, 2 each.
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 6)
    s.add(0, "hand", "Fireball")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Fireball", targets=["Grizzly Bears", "P2"], x=4)
    s.run()

    spent = first(s, "mana_spent")
    assert spent["cost"] == "{5}{R}"
    assert len(spent["mana"]) == 6
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.life(1) == 18


@pytest.mark.cards("Fireball")
@pytest.mark.rules("601.2f", "608.2b")
def test_fireball_divides_evenly_among_the_targets_still_legal_rounding_down() -> None:
    # X = 5 among three targets would be 1 each; in response its caster sacrifices one of
    # the targets to Fling, so as Fireball resolves 5 is divided between the two targets
    # still legal: 2 each (the division is made on resolution).
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 10, "Grizzly Bears")
    s.add(0, "hand", "Fireball", "Fling")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Fireball", targets=["Grizzly Bears", "Craw Wurm", "P2"], x=5)
    s.cast(0, "Fling", targets=["P2"])
    s.run()

    assert first(s, "mana_spent")["cost"] == "{7}{R}"
    fireball = first(s, "spell_cast", card="Fireball")["object"]
    assert [d["amount"] for d in s.events("damage_dealt") if d["source"] == fireball] == [2, 2]
    assert s.life(1) == 16
    assert s.permanent("Craw Wurm").damage == 2


@pytest.mark.cards("Fireball")
@pytest.mark.rules("608.2b")
def test_fireball_with_more_legal_targets_than_x_deals_no_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 4)
    s.add(0, "hand", "Fireball")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Fireball", targets=["Grizzly Bears", "Craw Wurm", "P2"], x=1)
    s.run()

    assert first(s, "mana_spent")["cost"] == "{3}{R}"
    assert not s.events("damage_dealt")
    assert s.graveyard(0) == ["Fireball"]


@pytest.mark.cards("Fireball")
@pytest.mark.rules("601.2c", "115.1")
def test_fireball_may_be_cast_with_no_targets_and_does_not_fizzle() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Fireball")
    s.cast(0, "Fireball", x=1)
    s.choose(0, DecisionKind.TARGET_COUNT, 0)
    s.run()

    assert first(s, "spell_cast")["targets"] == []
    assert not s.events("spell_fizzled")
    assert s.graveyard(0) == ["Fireball"]


@pytest.mark.rules("732.1", "732.2", "601.2f")
def test_a_cast_whose_total_cost_cannot_be_paid_is_reversed() -> None:
    # X = 1 leaves room for one target with two Mountains; a second target makes the total
    # {2}{R}, which can't be paid. The cast is reversed: the card is back in hand, nothing
    # was paid, and the player keeps priority and may act again.
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Fireball")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Fireball", targets=["Grizzly Bears", "P2"], x=1)
    s.run()

    reversed_cast = first(s, "cast_reversed")
    assert reversed_cast["rule"] == "732.1"
    assert reversed_cast["cost"] == "{2}{R}"
    assert s.hand(0) == ["Fireball"]
    assert not s.events("spell_cast")
    assert not s.events("mana_spent")
    assert not any(p.tapped for p in s.permanents("Mountain"))
    after = s.decisions.after(reversed_cast["seq"])
    assert after[0].kind is DecisionKind.PRIORITY
    assert after[0].player == 0


@pytest.mark.cards("Aura of Silence")
@pytest.mark.rules("601.2f", "118.8d")
def test_aura_of_silence_makes_opponents_artifact_and_enchantment_spells_cost_two_more() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Aura of Silence")
    s.add(1, "battlefield", *["Island"] * 6)
    s.add(1, "hand", "Howling Mine", "Coral Merfolk")
    s.cast(1, "Howling Mine")
    s.cast(1, "Coral Merfolk", stack_empty=True)
    s.run()

    costs = [e["cost"] for e in s.events("mana_spent")]
    assert costs == ["{4}", "{1}{U}"]  # the creature spell costs what it always did
    # The card's own mana value is unchanged (118.8d, 202.3).
    mine = s.permanent("Howling Mine")
    assert s.game.characteristics(mine).mana_value == 2


@pytest.mark.rules("601.2f")
def test_aura_of_silence_does_not_tax_its_controller() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Aura of Silence", "Island", "Island")
    s.add(0, "hand", "Howling Mine")
    s.cast(0, "Howling Mine")
    s.run()
    assert first(s, "mana_spent")["cost"] == "{2}"


@pytest.mark.rules("601.2f")
def test_an_unaffordable_increase_means_the_spell_is_not_offered() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Aura of Silence")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Howling Mine")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    first_main = s.decisions.priority(1)[0]
    assert "Howling Mine" not in first_main.casts


@pytest.mark.cards("Aura of Silence")
@pytest.mark.rules("602.2", "701.21a", "118.3")
def test_aura_of_silence_sacrifices_itself_to_destroy_an_artifact() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Aura of Silence")
    s.add(1, "battlefield", "Howling Mine")
    s.activate(0, "Aura of Silence", targets=["Howling Mine"])
    s.run()

    assert s.graveyard(0) == ["Aura of Silence"]
    assert s.graveyard(1) == ["Howling Mine"]
    sacrificed = first(s, "sacrificed")
    assert sacrificed["rule"] == "701.21a"
    assert sacrificed["seq"] < first(s, "ability_activated")["seq"]


@pytest.mark.rules("601.2f")
def test_reductions_take_away_generic_mana_only() -> None:
    # Creature spells cost {1} less: Grizzly Bears for {G}, Llanowar Elves still {G}.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Foreman", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears", "Llanowar Elves")
    s.cast(0, "Grizzly Bears")
    s.cast(0, "Llanowar Elves", stack_empty=True)
    s.run()

    assert [e["cost"] for e in s.events("mana_spent")] == ["{G}", "{G}"]
    assert sorted(s.battlefield(0)) == [
        "Forest",
        "Forest",
        "Grizzly Bears",
        "Llanowar Elves",
        "Test Foreman",
    ]


@pytest.mark.rules("601.2f")
def test_increases_and_reductions_apply_together() -> None:
    # An opponent's Aura of Silence (+{2}) and a reduction that doesn't apply to artifacts:
    # Howling Mine costs {4}. A creature reduced below its generic part costs its colours.
    s = Scenario(plugins=[TestCards()], turn=2, active=1)
    s.add(0, "battlefield", "Aura of Silence")
    s.add(1, "battlefield", "Test Foreman", *["Island"] * 4, "Forest")
    s.add(1, "hand", "Howling Mine", "Grizzly Bears")
    s.cast(1, "Howling Mine")
    s.cast(1, "Grizzly Bears", stack_empty=True)
    s.run()
    assert [e["cost"] for e in s.events("mana_spent")] == ["{4}", "{G}"]


# --- additional costs (118.8) -------------------------------------------------------------------


@pytest.mark.cards("Fling")
@pytest.mark.rules("118.8", "601.2h", "701.21a", "608.2h")
def test_fling_deals_damage_equal_to_the_sacrificed_creatures_last_known_power() -> None:
    # Giant Growth first: the creature is 6/6 when it is sacrificed, and Fling uses that.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain", "Forest")
    s.add(0, "hand", "Giant Growth", "Fling")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(0, "Fling", targets=["P2"], stack_empty=True)
    s.run()

    assert s.life(1) == 15
    assert "Grizzly Bears" in s.graveyard(0)
    assert first(s, "sacrificed")["seq"] < first(s, "spell_cast", card="Fling")["seq"]


@pytest.mark.cards("Thud")
@pytest.mark.rules("118.8", "601.2h")
def test_the_caster_chooses_which_creature_to_sacrifice() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm", "Mountain")
    s.add(0, "hand", "Thud")
    s.cast(0, "Thud", targets=["P2"])
    s.choose(0, DecisionKind.SACRIFICE, "Craw Wurm")
    s.run()

    (asked,) = s.decisions.of_kind(DecisionKind.SACRIFICE)
    assert decisions_made(s, "sacrifice")[0]["rule"] == "601.2h"
    assert sorted(str(o).split(" #")[0] for o in asked.options) == ["Craw Wurm", "Grizzly Bears"]
    assert s.life(1) == 14
    assert s.battlefield(0) == ["Grizzly Bears", "Mountain"]


@pytest.mark.rules("118.3", "601.2h")
def test_a_spell_whose_additional_cost_cannot_be_paid_is_not_offered() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Mountain")
    s.add(0, "hand", "Altar's Reap", "Goblin Grenade")
    s.add(0, "battlefield", "Grizzly Bears")  # a creature, but not a Goblin
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    casts = s.decisions.priority(0)[0].casts
    assert "Altar's Reap" in casts
    assert "Goblin Grenade" not in casts


@pytest.mark.cards("Goblin Grenade")
@pytest.mark.rules("118.8", "205.3m")
def test_goblin_grenade_sacrifices_a_goblin() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Goblin Piker", "Mountain")
    s.add(0, "hand", "Goblin Grenade")
    s.cast(0, "Goblin Grenade", targets=["P2"])
    s.run()
    assert s.graveyard(0) == ["Goblin Piker", "Goblin Grenade"]
    assert s.life(1) == 15


@pytest.mark.rules("118.8", "608.2b")
def test_the_sacrificed_creature_may_be_the_target_and_the_spell_then_fizzles() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Fling")
    s.cast(0, "Fling", targets=["Grizzly Bears"])
    s.run()
    assert first(s, "spell_fizzled")
    assert s.graveyard(0) == ["Grizzly Bears", "Fling"]


@pytest.mark.cards("Altar's Reap")
@pytest.mark.rules("118.8", "701.21a", "603.10a")
def test_altars_reap_draws_two_and_the_sacrificed_creature_dies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Swamp", "Swamp")
    s.add(0, "hand", "Altar's Reap")
    s.library(0, ["Island", "Plains", "Forest"])
    s.cast(0, "Altar's Reap")
    s.run()
    assert s.hand(0) == ["Forest", "Plains"]
    assert s.graveyard(0) == ["Llanowar Elves", "Altar's Reap"]


@pytest.mark.cards("Blood Divination")
@pytest.mark.rules("118.8", "601.2g", "601.2h")
def test_a_mana_creature_can_pay_mana_and_then_be_sacrificed() -> None:
    # Mana abilities are activated before costs are paid (601.2g-h): Llanowar Elves taps
    # for {G}, then is sacrificed to the same spell.
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Blood Divination")
    s.library(0, ["Island", "Plains", "Forest", "Mountain"])
    s.cast(0, "Blood Divination")
    s.run()
    spent = first(s, "mana_spent")
    assert sorted(spent["mana"]) == ["B", "B", "B", "G"]
    assert s.graveyard(0) == ["Llanowar Elves", "Blood Divination"]
    assert len(s.hand(0)) == 3


@pytest.mark.cards("Soulblast")
@pytest.mark.rules("118.8", "701.21a", "603.10a")
def test_soulblast_sacrifices_every_creature_at_once_for_their_total_power() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm", *["Mountain"] * 6)
    s.add(0, "hand", "Soulblast")
    s.cast(0, "Soulblast", targets=["P2"])
    s.run()
    assert s.life(1) == 12
    sacrificed = s.events("sacrificed")
    assert len(sacrificed) == 2
    assert not s.decisions.of_kind(DecisionKind.SACRIFICE)  # nothing to choose


@pytest.mark.cards("Wild Guess")
@pytest.mark.rules("118.8", "701.9a", "601.2h")
def test_wild_guess_discards_a_card_as_a_cost() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Wild Guess", "Plains", "Island")
    s.library(0, ["Swamp", "Forest"])
    s.cast(0, "Wild Guess")
    s.choose(0, DecisionKind.DISCARD, "Island")
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.DISCARD)
    assert decisions_made(s, "discard")[0]["rule"] == "601.2h"
    assert sorted(str(o) for o in asked.options) == ["Island", "Plains"]  # not itself
    assert s.graveyard(0) == ["Island", "Wild Guess"]
    assert sorted(s.hand(0)) == ["Forest", "Plains", "Swamp"]


@pytest.mark.rules("118.3")
def test_a_discard_cost_needs_another_card_in_hand() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Tormenting Voice")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert "Tormenting Voice" not in s.decisions.priority(0)[0].casts


@pytest.mark.cards("Tormenting Voice")
@pytest.mark.rules("118.8", "601.2h", "601.2i", "701.9a", "121.1", "121.2")
def test_tormenting_voice_discards_a_card_as_it_is_cast_then_draws_two() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Tormenting Voice", "Plains", "Island")
    s.library(0, ["Swamp", "Forest", "Mountain"])
    s.cast(0, "Tormenting Voice")
    s.choose(0, DecisionKind.DISCARD, "Plains")
    s.run()
    assert decisions_made(s, "discard")[0]["rule"] == "601.2h"
    (discarded,) = s.events("card_discarded")
    assert discarded["rule"] == "701.9a"
    # The discard is a cost: it is paid while casting, before the spell is cast (601.2h-i)
    # and before it resolves and draws.
    assert discarded["seq"] < first(s, "spell_cast", card="Tormenting Voice")["seq"]
    drawn = s.events("card_drawn")
    assert [(e["card"], e["rule"]) for e in drawn] == [("Mountain", "121.1"), ("Forest", "121.1")]
    assert drawn[0]["seq"] > first(s, "resolution_started")["seq"]
    assert s.graveyard(0) == ["Plains", "Tormenting Voice"]
    assert sorted(s.hand(0)) == ["Forest", "Island", "Mountain"]
    assert s.library_size(0) == 1


# --- alternative costs (118.9) ------------------------------------------------------------------


@pytest.mark.rules("118.9", "118.9a", "601.2b", "119.4", "118.9c")
def test_an_alternative_cost_is_announced_and_paid_instead_of_the_mana_cost() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", *["Swamp"] * 5)
    s.add(0, "hand", "Test Bargain")
    s.library(0, ["Island", "Plains"])
    s.cast(0, "Test Bargain")
    s.choose(0, DecisionKind.COST, "pay 3 life and sacrifice a creature")
    s.run()

    (asked,) = s.decisions.of_kind(DecisionKind.COST)
    assert [str(o) for o in asked.options] == [
        "pay the mana cost {3}{B}{B}",
        "pay 3 life and sacrifice a creature",
    ]
    assert s.life(0) == 17
    assert not s.events("mana_spent")
    assert first(s, "spell_cast")["alternative_cost"] == "pay 3 life and sacrifice a creature"
    assert s.graveyard(0) == ["Grizzly Bears", "Test Bargain"]
    assert not any(p.tapped for p in s.permanents("Swamp"))


@pytest.mark.rules("118.9", "119.4", "601.2b")
def test_only_the_costs_that_can_be_paid_are_offered() -> None:
    # No lands: only the alternative cost can be paid, so nothing is asked. With 2 life,
    # 3 life can't be paid (119.4) and the card can't be cast at all.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "hand", "Test Bargain")
    s.library(0, ["Island", "Plains"])
    s.cast(0, "Test Bargain")
    s.run()
    assert not s.decisions.of_kind(DecisionKind.COST)
    assert s.life(0) == 17

    poor = Scenario(plugins=[TestCards()])
    poor.life(0, 2)
    poor.add(0, "battlefield", "Grizzly Bears")
    poor.add(0, "hand", "Test Bargain")
    poor.cast(0, "Test Bargain")
    with pytest.raises(ScenarioError, match="not a legal option"):
        poor.run()


# --- paying life is losing life (119.4) ----------------------------------------------------------


def _bargain(*permanents: str) -> Scenario:
    """Player 0, with ``permanents``, casts Test Bargain for its alternative cost: 3 life
    and a creature."""
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", *permanents)
    s.add(0, "hand", "Test Bargain")
    s.library(0, ["Island", "Plains"])
    s.cast(0, "Test Bargain")
    return s


@pytest.mark.rules("119.4", "614.1a", "601.2h")
def test_a_replacement_effect_on_losing_life_applies_to_life_paid() -> None:
    # Paying 3 life is losing 3 life (119.4): Test Ward of Vitality's "If you would lose
    # life, you lose that much life minus 1 instead" (614.1a) makes it 2. The spell is
    # cast all the same: the cost was paid.
    s = _bargain("Test Ward of Vitality").run()

    assert s.life(0) == 18
    replaced = first(s, "event_replaced", instead_of="life loss")
    assert (replaced["loser"], replaced["amount"], replaced["to_amount"]) == (0, 3, 2)
    paid = first(s, "life_changed", rule="119.4")
    assert (paid["player"], paid["delta"], paid["source"]) == (0, -2, None)
    assert replaced["seq"] < paid["seq"] < first(s, "spell_cast")["seq"]
    assert s.graveyard(0) == ["Grizzly Bears", "Test Bargain"]


@pytest.mark.rules("119.4", "603.2", "601.2h")
def test_a_whenever_you_lose_life_ability_triggers_on_life_paid() -> None:
    # Test Flow: "Whenever you lose life, you gain 1 life." Paying 3 life triggers it.
    s = _bargain("Test Flow").run()

    paid = first(s, "life_changed", rule="119.4")
    triggered = first(s, "ability_triggered", card="Test Flow")
    assert triggered["trigger"] == paid["seq"]
    assert s.life(0) == 18


@pytest.mark.cards("Platinum Angel")
@pytest.mark.rules("119.4", "119.4b", "104.3b")
def test_life_can_be_paid_only_from_a_life_total_that_large_but_0_life_always() -> None:
    # Player 1 is at -3 life and stays in the game under Platinum Angel's "You can't lose
    # the game": they can pay 0 life (119.4b), not 1. Player 2, at 2 life, can pay 2, not 3.
    s = Scenario()
    s.life(0, -3)
    s.life(1, 2)
    s.add(0, "battlefield", "Platinum Angel")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    game = s.game
    assert game is not None
    assert not game.players[0].has_left
    angel = s.permanent("Platinum Angel")
    assert PayLife(0).can_pay(game, 0, angel)
    assert not PayLife(1).can_pay(game, 0, angel)
    assert PayLife(2).can_pay(game, 1, angel)
    assert not PayLife(3).can_pay(game, 1, angel)
    with pytest.raises(ValueError, match="negative amount of life"):
        PayLife(-1)


@pytest.mark.rules("601.2b", "107.3a")
def test_x_values_offered_account_for_cost_increases() -> None:
    # Opponent's Aura of Silence does not touch Fireball (a sorcery), but the X offered for
    # Fireball with four Mountains is 0-3.
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 4)
    s.add(0, "hand", "Fireball")
    s.cast(0, "Fireball", targets=["P2"], x=3)
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.X_VALUE)
    assert [o.value for o in asked.options if isinstance(o, Number)] == [0, 1, 2, 3]
    assert s.life(1) == 17


@pytest.mark.rules("118.7c", "601.2f")
def test_a_coloured_reduction_takes_away_a_coloured_symbol() -> None:
    # "White spells you cast cost {W} less": Glorious Anthem {1}{W}{W} costs {1}{W}; Elite
    # Vanguard {W} costs nothing; Grizzly Bears (green) is unchanged.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Dawn Sage", "Plains", "Plains", "Forest", "Forest")
    s.add(0, "hand", "Glorious Anthem", "Elite Vanguard", "Grizzly Bears")
    s.cast(0, "Glorious Anthem")
    s.cast(0, "Elite Vanguard", stack_empty=True)
    s.cast(0, "Grizzly Bears", stack_empty=True)
    s.run()
    assert [e["cost"] for e in s.events("mana_spent")] == ["{1}{W}", "{1}{G}"]
    assert "Elite Vanguard" in s.battlefield(0)


@pytest.mark.rules("118.7b")
def test_a_coloured_reduction_without_that_colour_takes_generic_mana() -> None:
    assert str(ManaCost.parse("{2}{U}").without_colored("W")) == "{1}{U}"
    assert str(ManaCost.parse("{W}{W}").without_colored("WWW")) == "{0}"


@pytest.mark.rules("601.2f", "107.3a", "601.2b")
def test_a_reduction_makes_room_for_a_bigger_x() -> None:
    # Two "creature spells you cast cost {1} less" and a creature spell with X: Protean
    # Hydra {X}{G} with two Forests can have X = 3 (the reductions pay {2}).
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Foreman", "Test Foreman", "Forest", "Forest")
    s.add(0, "hand", "Protean Hydra")
    s.cast(0, "Protean Hydra", x=3)
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.X_VALUE)
    assert max(o.value for o in asked.options if isinstance(o, Number)) == 3
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 3}

"""Rules tests for planeswalkers (CR 120.3c, 306, 506.3, 508.1b, 510.1b, 606, 704.5i).

Jace Beleren and Chandra Nalaar (Magic 2010) are the planeswalkers: their loyalty
abilities, loyalty counters, damage to them, and creatures attacking them. Each test
sets up a game with :class:`manaweave.testing.Scenario`, scripts activations and attacks,
and checks the result against the Comprehensive Rules (edition 2026-01-16).
"""

from __future__ import annotations

import pytest
from _support import first, sba_rules

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError

JACE_PLUS = "[+2]"
JACE_MINUS = "[−1]"
JACE_ULTIMATE = "[−10]"
CHANDRA_PLUS = "[+1]"
CHANDRA_X = "[−X]"
CHANDRA_ULTIMATE = "[−8]"


def loyalty(s: Scenario, name: str) -> int:
    return s.permanent(name).counters.get("loyalty", 0)


# --- entering and loyalty counters ----------------------------------------------------------


@pytest.mark.rules("306.5b", "306.5c", "614.1c")
def test_a_planeswalker_enters_with_its_printed_loyalty() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Jace Beleren")
    s.cast(0, "Jace Beleren")
    s.run()

    jace = s.permanent("Jace Beleren")
    assert loyalty(s, "Jace Beleren") == 3
    added = first(s, "counters_added", object=jace.id)
    assert (added["rule"], added["kind"], added["count"]) == ("614.1c", "loyalty", 3)


# --- loyalty abilities ----------------------------------------------------------------------


@pytest.mark.cards("Jace Beleren")
@pytest.mark.rules("606.4", "606.3", "101.4")
def test_a_plus_ability_adds_loyalty_as_its_cost_and_each_player_draws() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren")
    s.library(0, ["Forest", "Mountain"])
    s.library(1, ["Plains", "Swamp"])
    s.activate(0, "Jace Beleren", text=JACE_PLUS)
    s.run()

    assert loyalty(s, "Jace Beleren") == 5
    assert s.hand(0) == ["Mountain"]
    assert s.hand(1) == ["Swamp"]
    # The cost is paid as it is activated, before the ability resolves (602.2h, 606.4).
    cost = first(s, "counters_added", rule="606.4")
    drawn = s.events("card_drawn")
    assert cost["seq"] < drawn[0]["seq"]
    # Each player draws in APNAP order (101.4).
    assert [e["player"] for e in drawn] == [0, 1]


@pytest.mark.cards("Jace Beleren")
@pytest.mark.rules("606.4", "115.1")
def test_a_minus_ability_removes_loyalty_and_targets() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren")
    s.library(1, ["Plains", "Swamp"])
    s.activate(0, "Jace Beleren", text=JACE_MINUS, targets=["P2"])
    s.run()

    assert loyalty(s, "Jace Beleren") == 2
    assert s.hand(1) == ["Swamp"]
    assert s.hand(0) == []


@pytest.mark.rules("606.3")
def test_only_one_loyalty_ability_of_a_permanent_per_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren")
    s.activate(0, "Jace Beleren", text=JACE_PLUS)
    s.activate(0, "Jace Beleren", text=JACE_MINUS, targets=["P1"], stack_empty=True)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("606.3")
def test_a_loyalty_ability_can_be_activated_again_next_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren")
    s.activate(0, "Jace Beleren", text=JACE_PLUS)
    s.activate(0, "Jace Beleren", text=JACE_PLUS, turn=3, step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))

    assert loyalty(s, "Jace Beleren") == 7


@pytest.mark.rules("606.3", "117.1a")
def test_loyalty_abilities_have_sorcery_timing() -> None:
    # Not in the opponent's turn...
    s = Scenario(active=1)
    s.add(0, "battlefield", "Jace Beleren")
    s.activate(0, "Jace Beleren", text=JACE_PLUS)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()
    # ... nor outside a main phase.
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", "Jace Beleren")
    s.activate(0, "Jace Beleren", text=JACE_PLUS)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("606.3", "117.1a")
def test_a_loyalty_ability_needs_an_empty_stack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.activate(0, "Jace Beleren", text=JACE_PLUS)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("606.6")
def test_a_minus_ability_needs_that_much_loyalty() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren")
    s.activate(0, "Jace Beleren", text=JACE_ULTIMATE, targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("606.4", "704.5i", "701.17a", "701.17b")
def test_removing_the_last_loyalty_counter_puts_it_into_the_graveyard() -> None:
    # Jace with exactly ten loyalty can use his [−10]; he is then put into his owner's
    # graveyard as a state-based action, before the ability resolves.
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren", loyalty=10)
    s.library(1, ["Plains"] * 25)
    s.activate(0, "Jace Beleren", text=JACE_ULTIMATE, targets=["P2"])
    s.run()

    assert s.graveyard(0) == ["Jace Beleren"]
    assert ["704.5i"] in sba_rules(s)
    assert s.library_size(1) == 5
    assert s.graveyard(1) == ["Plains"] * 20
    sba = first(s, "state_based_actions_performed")
    assert sba["seq"] < first(s, "cards_milled")["seq"]


@pytest.mark.cards("Jace Beleren")
@pytest.mark.rules("701.17b")
def test_milling_more_cards_than_the_library_has_mills_them_all() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jace Beleren", loyalty=12)
    s.library(1, ["Plains"] * 7)
    s.activate(0, "Jace Beleren", text=JACE_ULTIMATE, targets=["P2"])
    s.run()

    assert first(s, "cards_milled")["count"] == 7
    assert s.library_size(1) == 0
    assert s.outcome is None  # milling is not drawing (704.5b)


@pytest.mark.cards("Chandra Nalaar")
@pytest.mark.rules("107.3a", "606.4", "606.6")
def test_minus_x_removes_x_loyalty_and_deals_x_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_X, targets=["Craw Wurm"], x=4)
    s.run()

    assert loyalty(s, "Chandra Nalaar") == 2
    assert s.graveyard(1) == ["Craw Wurm"]
    # X may be anything from 0 up to its loyalty (606.6).
    asked = s.decisions.of_kind(DecisionKind.X_VALUE, 0)
    assert [o.value for o in asked[0].options] == list(range(7))


@pytest.mark.rules("107.3a", "606.6")
def test_minus_x_cannot_exceed_the_loyalty() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_X, targets=["Craw Wurm"], x=7)
    with pytest.raises(ScenarioError, match="X = 7 is not an option"):
        s.run()


# --- damage to planeswalkers ----------------------------------------------------------------


@pytest.mark.rules("120.3c", "306.8", "115.4")
def test_damage_to_a_planeswalker_removes_loyalty_counters() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Chandra Nalaar")
    s.cast(0, "Shock", targets=["Chandra Nalaar"])
    s.run()

    assert loyalty(s, "Chandra Nalaar") == 4
    assert s.permanent("Chandra Nalaar").damage == 0  # damage is not marked (120.3e)
    assert first(s, "counters_removed")["rule"] == "120.3c"


@pytest.mark.rules("120.3c", "704.5i", "306.9")
def test_a_planeswalker_dealt_damage_equal_to_its_loyalty_dies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Jace Beleren")
    s.cast(0, "Lightning Bolt", targets=["Jace Beleren"])
    s.run()

    assert s.graveyard(1) == ["Jace Beleren"]
    assert sba_rules(s) == [["704.5i"]]


@pytest.mark.cards("Chandra Nalaar")
@pytest.mark.rules("115.1", "120.3c")
def test_target_player_or_planeswalker() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar")
    s.add(1, "battlefield", "Jace Beleren", "Grizzly Bears")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_PLUS, targets=["Jace Beleren"])
    s.run()

    assert loyalty(s, "Chandra Nalaar") == 7
    assert loyalty(s, "Jace Beleren") == 2
    # A creature is not a legal target for it.
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_PLUS, targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="not a legal target"):
        s.run()


@pytest.mark.cards("Chandra Nalaar")
@pytest.mark.rules("120.3", "608.2b")
def test_chandra_ultimate_damages_that_planeswalkers_controllers_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar", loyalty=8)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Jace Beleren", "Craw Wurm", "Enormous Baloth")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_ULTIMATE, targets=["Jace Beleren"])
    s.run()

    assert sorted(s.graveyard(1)) == ["Craw Wurm", "Enormous Baloth", "Jace Beleren"]
    baloth = first(s, "damage_dealt", to_name="Enormous Baloth")
    assert baloth["amount"] == 10
    assert s.permanent("Grizzly Bears").damage == 0
    assert s.life(1) == 20
    assert s.graveyard(0) == ["Chandra Nalaar"]  # loyalty 0 after paying [−8]


@pytest.mark.cards("Chandra Nalaar")
@pytest.mark.rules("120.3")
def test_chandra_ultimate_at_a_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar", loyalty=9)
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_ULTIMATE, targets=["P2"])
    s.run()

    assert s.life(1) == 10
    assert s.graveyard(1) == ["Craw Wurm"]
    assert loyalty(s, "Chandra Nalaar") == 1


# --- attacking planeswalkers ----------------------------------------------------------------


@pytest.mark.rules("506.3", "508.1b", "510.1b", "120.3c")
def test_an_unblocked_creature_attacking_a_planeswalker_damages_it() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Chandra Nalaar")
    s.attack(0, "Grizzly Bears", planeswalker="Chandra Nalaar")
    s.run()

    chandra = s.permanent("Chandra Nalaar")
    bears = s.permanent("Grizzly Bears")
    assert first(s, "attackers_declared")["attackers"] == [[bears.id, 1, chandra.id]]
    assert loyalty(s, "Chandra Nalaar") == 4
    assert s.life(1) == 20


@pytest.mark.rules("508.1b")
def test_attackers_may_choose_the_player_or_each_of_their_planeswalkers() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Chandra Nalaar", "Jace Beleren")
    s.add(0, "battlefield", "Jace Beleren")  # one's own planeswalker cannot be attacked
    s.run()

    asked = s.decisions.of_kind(DecisionKind.ATTACKERS, 0)[0]
    assert sorted(str(o).split(" #")[0] for o in asked.options) == [
        "Grizzly Bears attacks Chandra Nalaar",
        "Grizzly Bears attacks Jace Beleren",
        "Grizzly Bears attacks player 1",
    ]


@pytest.mark.rules("509.1a", "510.1c")
def test_the_planeswalkers_controller_may_block_its_attackers() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Jace Beleren", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears", planeswalker="Jace Beleren")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.run()

    assert loyalty(s, "Jace Beleren") == 3
    assert sorted(s.graveyard(0) + s.graveyard(1)) == ["Grizzly Bears", "Runeclaw Bear"]


@pytest.mark.rules("510.1b", "506.4")
def test_a_creature_attacking_a_planeswalker_that_left_deals_no_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Jace Beleren")
    s.attack(0, "Grizzly Bears", planeswalker="Jace Beleren")
    s.cast(0, "Lightning Bolt", targets=["Jace Beleren"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert s.graveyard(1) == ["Jace Beleren"]
    assert s.life(1) == 20  # it does not damage the player instead
    assert not [e for e in s.events("damage_dealt") if e["combat"]]


# --- Liliana Vess: discard, search, mass reanimation ----------------------------------------


@pytest.mark.cards("Liliana Vess")
@pytest.mark.rules("701.9a", "701.9b")
def test_the_target_player_chooses_the_card_they_discard() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Liliana Vess")
    s.add(1, "hand", "Lightning Bolt", "Craw Wurm")
    s.activate(0, "Liliana Vess", text="[+1]", targets=["P2"])
    s.choose(1, DecisionKind.DISCARD, "Craw Wurm")
    s.run()

    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.hand(1) == ["Lightning Bolt"]
    assert loyalty(s, "Liliana Vess") == 6
    (asked,) = s.decisions.of_kind(DecisionKind.DISCARD)
    assert asked.player == 1
    assert first(s, "decision_made", kind="discard")["rule"] == "701.9b"


@pytest.mark.cards("Liliana Vess")
@pytest.mark.rules("701.23a", "701.24a")
def test_liliana_searches_a_card_and_puts_it_on_top_after_shuffling() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Liliana Vess")
    s.library(0, ["Forest", "Mountain", "Craw Wurm", "Island", "Swamp"])
    s.activate(0, "Liliana Vess", text="[−2]")
    s.choose(0, DecisionKind.SEARCH, "Craw Wurm")
    s.run()

    assert s.game is not None
    library = s.game.players[0].library
    assert library[-1].name == "Craw Wurm"  # on top
    assert sorted(c.name for c in library) == ["Craw Wurm", "Forest", "Island", "Mountain", "Swamp"]
    searched = first(s, "library_searched")
    assert searched["visibility"] == [0]  # which card is hidden from the opponent
    assert searched["seq"] < first(s, "library_shuffled", player=0)["seq"]
    (asked,) = s.decisions.of_kind(DecisionKind.SEARCH)
    assert len(asked.options) == 5


@pytest.mark.cards("Liliana Vess")
@pytest.mark.rules("110.2", "603.6a", "306.5b")
def test_liliana_ultimate_takes_every_creature_card_from_every_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Liliana Vess", loyalty=8)
    s.add(0, "graveyard", "Grizzly Bears", "Lightning Bolt")
    s.add(1, "graveyard", "Craw Wurm", "Soul Warden")
    s.activate(0, "Liliana Vess", text="[−8]")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Soul Warden", "Soul Warden")
    s.run()

    assert sorted(s.battlefield(0)) == ["Craw Wurm", "Grizzly Bears", "Soul Warden"]
    assert s.graveyard(0) == ["Lightning Bolt", "Liliana Vess"]
    # They entered at once: Soul Warden sees the other two enter (603.6a).
    assert s.life(0) == 22

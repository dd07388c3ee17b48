"""Rules tests for tokens (CR 111) and counters (CR 122, 704.5q).

Cards: Ant Queen and Howl of the Night Pack (tokens), Mold Adder (+1/+1 counters), and a
test-only sorcery that puts -1/-1 counters on a creature.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario

# --- tokens ---------------------------------------------------------------------------------


@pytest.mark.cards("Ant Queen")
@pytest.mark.rules("111.1", "111.2", "111.3", "111.4")
def test_ant_queen_creates_a_green_insect_token() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Ant Queen", "Forest", "Forest")
    s.activate(0, "Ant Queen")
    s.run()

    created = first(s, "token_created")
    insect = s.permanent("Insect Token")
    assert created["object"] == insect.id
    assert insect.is_token
    assert (insect.owner, insect.controller) == (0, 0)
    chars = s.game.characteristics(insect) if s.game else None
    assert chars is not None
    assert (chars.power, chars.toughness, chars.colors) == (1, 1, ("G",))
    assert (chars.types, chars.subtypes) == (("Creature",), ("Insect",))


@pytest.mark.cards("Howl of the Night Pack")
@pytest.mark.rules("111.1", "608.2c")
def test_howl_of_the_night_pack_counts_forests_as_it_resolves() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 7, "Mountain")
    s.add(1, "battlefield", "Forest")  # an opponent's Forest does not count
    s.add(0, "hand", "Howl of the Night Pack")
    s.cast(0, "Howl of the Night Pack")
    s.run()
    assert s.battlefield(0).count("Wolf Token") == 7


@pytest.mark.rules("111.7", "704.5d", "603.6a")
def test_a_token_that_dies_triggers_then_ceases_to_exist() -> None:
    # Soul Warden sees the token enter; the token dies to a Bolt, is put into the
    # graveyard (a zone change), then ceases to exist as a state-based action.
    s = Scenario()
    s.add(0, "battlefield", "Ant Queen", "Forest", "Forest", "Soul Warden")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Ant Queen")
    s.cast(1, "Lightning Bolt", targets=["Insect Token"], step=Step.BEGINNING_OF_COMBAT)
    s.run()

    assert s.life(0) == 21
    moved = first(s, "object_moved", card="Insect Token")
    assert moved["to_zone"] == "graveyard"
    ceased = first(s, "object_ceased")
    assert ceased["rule"] == "704.5d"
    assert ceased["object"] == moved["new_object"]
    assert s.graveyard(0) == []
    assert moved["new_object"] not in (s.game.objects if s.game else {})


# --- counters -------------------------------------------------------------------------------


@pytest.mark.cards("Mold Adder")
@pytest.mark.rules("122.1", "122.6", "613.4c", "603.5")
def test_mold_adder_gets_a_counter_when_an_opponent_casts_a_blue_spell() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Mold Adder")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Divination")
    s.cast(1, "Divination")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run(until=(2, Step.END))

    adder = s.permanent("Mold Adder")
    assert adder.counters == {"+1/+1": 1}
    assert (s.power("Mold Adder"), s.toughness("Mold Adder")) == (2, 2)
    assert first(s, "counters_added")["total"] == 1


@pytest.mark.cards("Mold Adder")
@pytest.mark.rules("603.2")
def test_mold_adder_ignores_its_controllers_spells_and_other_colours() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mold Adder", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.add(1, "battlefield", "Mold Adder")
    s.cast(0, "Divination")
    s.choose(1, DecisionKind.MAY, "no")
    s.run()
    triggered = s.events("ability_triggered")
    assert [t["player"] for t in triggered] == [1]  # only the opponent's Adder
    assert all(not a.counters for a in s.permanents("Mold Adder"))


@pytest.mark.rules("704.5f", "122.1", "613.4c")
def test_minus_counters_can_reduce_toughness_to_zero() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Wither")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Test Wither", targets=["Grizzly Bears"])
    s.run()
    assert s.graveyard(1) == ["Grizzly Bears"]
    sba = first(s, "state_based_actions_performed")
    assert sba["objects"][0][1] == "704.5f"


@pytest.mark.rules("704.5q", "122.3")
def test_plus_and_minus_counters_annihilate() -> None:
    # A Mold Adder with two +1/+1 counters gets two -1/-1 counters: both pairs go.
    s = Scenario(turn=2, active=1, plugins=[TestCards()])
    s.add(0, "battlefield", "Mold Adder")
    s.add(1, "battlefield", "Island", "Island", "Island", "Island", "Island", "Island")
    s.add(1, "battlefield", "Swamp")
    s.add(1, "hand", "Divination", "Divination", "Test Wither")
    s.cast(1, "Divination")
    s.cast(1, "Divination", stack_empty=True)
    s.cast(1, "Test Wither", targets=["Mold Adder"], stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.MAY, "no")  # Test Wither is black too
    s.run(until=(2, Step.END))

    adder = s.permanent("Mold Adder")
    assert adder.counters == {}
    removed = [(e["kind"], e["count"], e["rule"]) for e in s.events("counters_removed")]
    assert removed == [("+1/+1", 2, "704.5q"), ("-1/-1", 2, "704.5q")]
    assert (s.power("Mold Adder"), s.toughness("Mold Adder")) == (1, 1)


@pytest.mark.rules("614.1a", "122.6")
def test_putting_counters_is_an_event_a_replacement_effect_can_change() -> None:
    # Ajani's Pridemate's one counter becomes two with Test Scales; a planeswalker's
    # loyalty counters are not +1/+1 counters and stay as they are.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Scales", "Ajani's Pridemate", "Soul Warden", "Forest", "Forest")
    s.add(0, "battlefield", "Jace Beleren")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.activate(0, "Jace Beleren", text="[+2]", stack_empty=True)
    s.run()
    assert s.permanent("Ajani's Pridemate").counters == {"+1/+1": 2}
    assert s.permanent("Jace Beleren").counters == {"loyalty": 5}
    replaced = first(s, "event_replaced", instead_of="counters")
    assert (replaced["amount"], replaced["to_amount"]) == (1, 2)


@pytest.mark.rules("614.1a", "111.1", "616.1g")
def test_creating_tokens_is_an_event_a_replacement_effect_can_change() -> None:
    # Howl of the Night Pack with seven Forests: seven Wolves, fourteen with Test Parallel
    # Lives.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Parallel Lives", *["Forest"] * 7)
    s.add(0, "hand", "Howl of the Night Pack")
    s.cast(0, "Howl of the Night Pack")
    s.run()
    assert len(s.permanents("Wolf Token")) == 14
    replaced = first(s, "event_replaced", instead_of="tokens")
    assert (replaced["amount"], replaced["to_amount"]) == (7, 14)
    # Each token entered as its own event: they all exist at once (111.1).
    assert len(s.events("token_created")) == 14

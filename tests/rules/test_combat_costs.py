"""Rules tests for costs to attack and to block (CR 508.1d, 508.1g-j, 509.1c-f): the
total cost is locked in and paid as the declaration is made, mana abilities may be
activated to pay it, a declaration whose cost can't be paid is illegal, and nobody has
to pay to obey a requirement."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from _more_combat_cards import MoreCombatCards
from _support import first

from manaweave.testing import Scenario, ScenarioError


def scenario() -> Scenario:
    return Scenario(plugins=[MoreCombatCards(), CombatCards()])


@pytest.mark.rules("508.1h", "508.1i", "508.1j", "508.1k")
def test_the_attacking_player_pays_the_cost_to_attack_as_attackers_are_declared() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains", "Plains")
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(1, "battlefield", "Test Ghostly Prison")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.run()

    paid = first(s, "combat_cost_paid")
    assert (paid["rule"], paid["player"], paid["cost"]) == ("508.1j", 0, "{4}")
    assert paid["creatures"] == [s.permanent("Grizzly Bears").id, s.permanent("Runeclaw Bear").id]
    spent = first(s, "mana_spent")
    assert spent["seq"] < paid["seq"] < first(s, "attackers_declared")["seq"]
    assert all(p.tapped for p in s.permanents("Plains") + s.permanents("Forest"))
    assert s.life(1) == 16


@pytest.mark.rules("508.1h", "508.1j", "508.1", "732.1")
def test_a_declaration_whose_total_cost_cannot_be_paid_is_illegal() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains", "Plains")
    s.add(1, "battlefield", "Test Ghostly Prison")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    with pytest.raises(ScenarioError, match=r"the total cost to attack, \{4\}, can't be paid"):
        s.run()

    [rejected] = s.events("decision_rejected")
    assert (rejected["player"], rejected["kind"]) == (0, "attackers")
    # Nothing happened: no land or creature was tapped.
    assert s.events("attackers_declared") == []
    assert s.events("permanent_tapped") == []


@pytest.mark.rules("508.1f", "508.1i", "508.1h")
def test_an_attacking_creature_is_tapped_before_the_cost_is_paid() -> None:
    # Llanowar Elves' mana can't pay for its own attack: attacking taps it first.
    s = scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Forest")
    s.add(1, "battlefield", "Test Ghostly Prison")
    s.attack(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="can't be paid"):
        s.run()


@pytest.mark.rules("508.1i", "508.1j")
def test_mana_abilities_of_creatures_that_do_not_attack_may_pay() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Llanowar Elves", "Forest")
    s.add(1, "battlefield", "Test Ghostly Prison")
    s.attack(0, "Grizzly Bears")
    s.run()

    assert s.permanent("Llanowar Elves").tapped
    assert first(s, "combat_cost_paid")["cost"] == "{2}"
    assert s.life(1) == 18


@pytest.mark.rules("508.1h", "508.1b")
def test_attacking_a_planeswalker_of_that_player_costs_nothing() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Test Ghostly Prison", "Jace Beleren")
    s.attack(0, "Grizzly Bears", planeswalker="Jace Beleren")
    s.run()

    assert s.events("combat_cost_paid") == []
    assert s.permanent("Jace Beleren").counters["loyalty"] == 1


@pytest.mark.rules("508.1d", "508.1h")
def test_nobody_has_to_pay_a_cost_to_obey_an_attack_requirement() -> None:
    # "Attacks each combat if able" with a cost to attack: staying home is legal...
    home = scenario()
    home.add(0, "battlefield", "Test Berserker", "Plains", "Plains")
    home.add(1, "battlefield", "Test Ghostly Prison")
    home.run()
    assert home.events("decision_rejected") == []
    assert first(home, "attackers_declared")["attackers"] == []

    # ... and so is paying to attack.
    paying = scenario()
    paying.add(0, "battlefield", "Test Berserker", "Plains", "Plains")
    paying.add(1, "battlefield", "Test Ghostly Prison")
    paying.attack(0, "Test Berserker")
    paying.run()
    assert paying.life(1) == 18


@pytest.mark.rules("508.1h", "508.1j", "118.3")
def test_a_cost_to_attack_other_than_mana() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Test Blood Toll")
    s.life(0, 5)
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.run()

    assert first(s, "combat_cost_paid")["cost"] == "pay 4 life"  # one total (119.4)
    assert s.life(0) == 1
    assert s.life(1) == 16


@pytest.mark.rules("508.1h", "118.3")
def test_life_the_player_cannot_pay_makes_the_declaration_illegal() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Test Blood Toll")
    s.life(0, 3)
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    with pytest.raises(ScenarioError, match="pay 4 life, can't be paid"):
        s.run()


@pytest.mark.rules("509.1d", "509.1e", "509.1f", "509.1g")
def test_the_defending_player_pays_the_cost_to_block() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Test Cadence")
    s.add(1, "battlefield", "Centaur Courser", "Siege Mastodon", "Forest", "Plains")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    s.block(1, "Siege Mastodon", "Runeclaw Bear")
    s.run()

    paid = first(s, "combat_cost_paid")
    assert (paid["rule"], paid["player"], paid["cost"]) == ("509.1f", 1, "{2}")
    assert paid["seq"] < first(s, "blockers_declared")["seq"]
    assert s.permanent("Forest", 1).tapped
    assert s.permanent("Plains", 1).tapped
    assert s.graveyard(0) == ["Grizzly Bears", "Runeclaw Bear"]


@pytest.mark.rules("509.1d", "509.1f", "509.1")
def test_a_block_whose_cost_cannot_be_paid_is_illegal() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Test Cadence")
    s.add(1, "battlefield", "Centaur Courser", "Siege Mastodon", "Forest")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    s.block(1, "Siege Mastodon", "Runeclaw Bear")
    with pytest.raises(ScenarioError, match=r"the total cost to block, \{2\}, can't be paid"):
        s.run()
    [rejected] = s.events("decision_rejected")
    assert (rejected["player"], rejected["kind"]) == (1, "blockers")


@pytest.mark.rules("509.1c", "509.1d")
def test_nobody_has_to_pay_a_cost_to_obey_a_block_requirement() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Test Cadence")
    s.add(1, "battlefield", "Test Guard", "Forest")
    s.attack(0, "Grizzly Bears")
    s.run()

    assert s.events("decision_rejected") == []
    assert first(s, "blockers_declared")["blockers"] == []
    assert s.life(1) == 18

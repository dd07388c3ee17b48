"""Rules tests for effects that modify damage (CR 614.1a), redirect it (614.9), and
prevent the next instance from a chosen source (615.8, 609.7), with the affected player
choosing the order among them (616.1).

Cards: Furnace of Rath, Fire Servant, Pyromancer's Gauntlet, Pariah, Kjeldoran Royal
Guard, Story Circle, with Lightning Bolt, Bandage, Chandra Nalaar, Goblin Piker.
"""

from __future__ import annotations

import pytest
from _support import decisions_made, first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def _damage(s: Scenario) -> list[tuple[object, int]]:
    return [(d.get("to_player", d.get("to_name")), d["amount"]) for d in s.events("damage_dealt")]


@pytest.mark.cards("Furnace of Rath")
@pytest.mark.rules("614.1a", "120.3")
def test_furnace_of_rath_doubles_damage_to_players_and_permanents() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Furnace of Rath", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Lightning Bolt")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(0, "Lightning Bolt", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert _damage(s) == [(1, 6), ("Craw Wurm", 6)]
    assert s.graveyard(1) == ["Craw Wurm"]
    doubled = first(s, "event_replaced", rule="614.1a")
    assert (doubled["amount"], doubled["to_amount"]) == (3, 6)


@pytest.mark.rules("614.5", "616.1f", "510.2")
def test_614_5_two_doublers_quadruple_the_damage_not_more() -> None:
    # Example of 614.5: two "deals double that damage instead" effects; a creature that
    # deals 2 damage deals 8, each effect applying once.
    s = Scenario()
    s.add(0, "battlefield", "Furnace of Rath", "Furnace of Rath", "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    s.choose(1, DecisionKind.REPLACEMENT_ORDER, "Furnace of Rath")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 12
    assert len(s.events("event_replaced")) == 2


@pytest.mark.rules("616.1", "616.1e", "615.7")
def test_the_affected_player_orders_doubling_and_prevention() -> None:
    # Bandage's shield (prevent the next 1) and Furnace of Rath both apply to a Lightning
    # Bolt at P2, who chooses: prevention first gives (3-1)*2 = 4, doubling first 6-1 = 5.
    def bolt_with_shield(first_effect: str) -> Scenario:
        s = Scenario(turn=2, active=1)
        s.add(0, "battlefield", "Furnace of Rath", "Mountain")
        s.add(0, "hand", "Lightning Bolt")
        s.add(1, "battlefield", "Plains")
        s.add(1, "hand", "Bandage")
        s.library(1, ["Island"] * 5)
        s.cast(1, "Bandage", targets=["P2"])
        s.cast(0, "Lightning Bolt", targets=["P2"], when=lambda g: not g.stack)
        s.choose(1, DecisionKind.REPLACEMENT_ORDER, first_effect)
        return s.run()

    assert bolt_with_shield("Bandage").life(1) == 16
    assert bolt_with_shield("Furnace of Rath").life(1) == 15


@pytest.mark.cards("Fire Servant")
@pytest.mark.rules("614.1a", "609.7c")
def test_fire_servant_doubles_only_its_controllers_red_instants_and_sorceries() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Fire Servant", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Fling")
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(1, "Lightning Bolt", targets=["P1"], when=lambda g: not g.stack)
    s.cast(0, "Fling", targets=["P2"], when=lambda g: not g.stack and g.players[0].life < 20)
    s.choose(0, DecisionKind.SACRIFICE, "Grizzly Bears")
    s.run()
    # 6 from the doubled Bolt, 4 from the doubled Fling (a Grizzly Bears, power 2); the
    # opponent's Bolt is not doubled.
    assert (s.life(0), s.life(1)) == (17, 10)


@pytest.mark.cards("Fire Servant")
@pytest.mark.rules("614.1a")
def test_fire_servant_does_not_double_combat_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Fire Servant")
    s.attack(0, "Fire Servant")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 16


@pytest.mark.cards("Pyromancer's Gauntlet")
@pytest.mark.rules("614.1a", "306.8")
def test_pyromancers_gauntlet_adds_two_to_red_spells_and_planeswalkers() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Pyromancer's Gauntlet", "Chandra Nalaar", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.activate(0, "Chandra Nalaar", text="[+1]", targets=["P2"], stack_empty=True)
    s.run()
    assert _damage(s) == [(1, 5), (1, 3)]


@pytest.mark.cards("Pariah")
@pytest.mark.rules("614.9", "303.4b")
def test_pariah_redirects_damage_to_its_controller_onto_the_enchanted_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Craw Wurm")
    s.add(0, "hand", "Pariah")
    s.add(1, "battlefield", "Mountain", "Goblin Piker")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Pariah", targets=["Craw Wurm"])
    s.cast(1, "Lightning Bolt", targets=["P1"], turn=2)
    s.attack(1, "Goblin Piker", turn=2)
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(0) == 20
    assert "Craw Wurm" in s.graveyard(0)  # 3 and then 2: lethal for a 6/4
    redirected = s.events("event_replaced")
    assert [e["rule"] for e in redirected] == ["614.9", "614.9"]
    assert [e["target"] for e in redirected] == ["player:0", "player:0"]
    wurm = first(s, "aura_attached")["attached_to"]
    assert [e["to_target"] for e in redirected] == [wurm, wurm]


@pytest.mark.rules("614.9")
def test_a_redirection_to_a_creature_that_is_gone_does_nothing() -> None:
    # Kjeldoran Royal Guard's effect names the Guard; once it has left the battlefield,
    # combat damage to its controller is dealt normally.
    s = Scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Kjeldoran Royal Guard")
    s.add(1, "battlefield", "Goblin Piker", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Lightning Bolt")
    s.activate(0, "Kjeldoran Royal Guard")
    s.attack(1, "Goblin Piker")
    s.cast(1, "Lightning Bolt", targets=["Kjeldoran Royal Guard"], step=Step.DECLARE_BLOCKERS)
    s.cast(1, "Lightning Bolt", targets=["Kjeldoran Royal Guard"], step=Step.DECLARE_BLOCKERS)
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(0) == 18


@pytest.mark.cards("Kjeldoran Royal Guard")
@pytest.mark.rules("614.9", "510.1")
def test_kjeldoran_royal_guard_takes_combat_damage_from_unblocked_creatures() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Kjeldoran Royal Guard", "Grizzly Bears")
    s.add(1, "battlefield", "Goblin Piker", "Craw Wurm")
    s.activate(0, "Kjeldoran Royal Guard", step=Step.DECLARE_ATTACKERS)
    s.attack(1, "Goblin Piker", "Craw Wurm")
    s.block(0, "Grizzly Bears", "Craw Wurm")
    s.run(until=(2, Step.END_OF_COMBAT))
    # The Piker's 2 go to the Guard (2/5); the blocked Wurm's damage goes to the Bears.
    assert s.life(0) == 20
    assert s.permanent("Kjeldoran Royal Guard").damage == 2
    assert "Grizzly Bears" in s.graveyard(0)


@pytest.mark.cards("Kjeldoran Royal Guard")
@pytest.mark.rules("614.9")
def test_kjeldoran_royal_guard_does_not_take_noncombat_damage() -> None:
    s = Scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Kjeldoran Royal Guard")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Kjeldoran Royal Guard")
    s.cast(1, "Lightning Bolt", targets=["P1"], step=Step.PRECOMBAT_MAIN)
    s.run()
    assert s.life(0) == 17
    assert s.permanent("Kjeldoran Royal Guard").damage == 0


@pytest.mark.cards("Story Circle")
@pytest.mark.rules("614.12", "615.8", "609.7a")
def test_story_circle_prevents_the_next_instance_from_a_chosen_source_of_its_color() -> None:
    # Red chosen as it enters; the shield, on a Lightning Bolt at P1, prevents all of that
    # damage. A second Bolt (another source) is dealt normally.
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Story Circle")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Lightning Bolt")
    s.cast(0, "Story Circle")
    s.choose(0, DecisionKind.COLOR, "red")
    s.cast(1, "Lightning Bolt", targets=["P1"], turn=2)
    s.activate(0, "Story Circle", turn=2, when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["P1"], turn=2, when=lambda g: not g.stack)
    s.run(until=(2, Step.END))
    assert s.permanent("Story Circle").chosen_color == "R"
    assert first(s, "damage_prevented")["rule"] == "615.8"
    assert s.life(0) == 17
    assert decisions_made(s, "color")[0]["rule"] == "614.12"


@pytest.mark.cards("Story Circle")
@pytest.mark.rules("615.8", "609.7a", "608.3a")
def test_a_creature_spell_chosen_as_the_source_is_followed_to_the_creature() -> None:
    # The shield is made against a Raging Goblin spell; the hasty Goblin it becomes
    # attacks, and its damage is prevented.
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Story Circle")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Raging Goblin")
    s.cast(0, "Story Circle")
    s.choose(0, DecisionKind.COLOR, "red")
    s.cast(1, "Raging Goblin", turn=2)
    s.activate(0, "Story Circle", turn=2, when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Raging Goblin")
    s.attack(1, "Raging Goblin", turn=2)
    s.run(until=(2, Step.END))
    prevented = first(s, "damage_prevented")
    assert (prevented["rule"], prevented["amount"]) == ("615.8", 1)
    assert prevented["damage_source"] == s.permanent("Raging Goblin").id
    assert s.life(0) == 20


@pytest.mark.cards("Story Circle")
@pytest.mark.rules("615.8", "609.7a")
def test_story_circle_offers_only_sources_of_the_chosen_color() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains", "Grizzly Bears")
    s.add(0, "hand", "Story Circle")
    s.add(1, "battlefield", "Goblin Piker", "Craw Wurm")
    s.cast(0, "Story Circle")
    s.choose(0, DecisionKind.COLOR, "red")
    s.activate(0, "Story Circle", turn=2, step=Step.DECLARE_ATTACKERS)
    s.choose(0, DecisionKind.SOURCE, "Goblin Piker")
    s.attack(1, "Goblin Piker", "Craw Wurm", turn=2)
    s.run(until=(2, Step.END_OF_COMBAT))
    (asked,) = s.decisions.of_kind(DecisionKind.SOURCE)
    assert [str(o).split(" #")[0] for o in asked.options] == ["Goblin Piker"]
    assert s.life(0) == 14  # the Piker's 2 prevented, the Wurm's 6 dealt

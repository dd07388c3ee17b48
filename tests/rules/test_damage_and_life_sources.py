"""Rules tests for the source fields of damage and life events: every ``damage_dealt``
names its source's controller, every ``life_changed`` the source that caused it and its
controller (null for life paid as a cost), and prevention and combat damage assignment the
controllers of the damage's sources.

Cards: Lightning Bolt, Prodigal Pyromancer, Grizzly Bears, Runeclaw Bear, Act of Treason,
Sign in Blood, Soul Warden, Fog, Furnace of Rath, and the test cards Child of Night
(lifelink) and Test Bargain (an alternative cost that pays life).
"""

from __future__ import annotations

from typing import Any

import pytest
from _cards import TestCards
from _misc_keyword_cards import MiscKeywordCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.lowlevel import AbilityOnStack, Game
from manaweave.testing import Scenario


def _source(record: dict[str, Any]) -> tuple[Any, Any, Any]:
    return (record["source"], record["source_name"], record["source_controller"])


@pytest.mark.cards("Lightning Bolt")
@pytest.mark.rules("120.3", "120.3a", "119.3", "110.2")
@pytest.mark.parametrize("players", [2, 3])
def test_a_spell_s_damage_names_the_spell_and_its_controller(players: int) -> None:
    """Lightning Bolt's damage names the Bolt and the seat that cast it (110.2, 120.3), and
    so does the life lost because of it (120.3a)."""
    caster = players - 1
    s = Scenario(players=players)
    s.add(caster, "battlefield", "Mountain")
    s.add(caster, "hand", "Lightning Bolt")
    s.cast(caster, "Lightning Bolt", targets=["P1"], turn=1)
    s.run()
    cast = first(s, "spell_cast", card="Lightning Bolt")
    damage = first(s, "damage_dealt", source_name="Lightning Bolt")
    assert _source(damage) == (cast["object"], "Lightning Bolt", caster)
    lost = first(s, "life_changed", rule="120.3a")
    assert (lost["player"], lost["delta"], lost["cause"]) == (0, -3, damage["seq"])
    assert _source(lost) == (cast["object"], "Lightning Bolt", caster)


@pytest.mark.cards("Prodigal Pyromancer", "Lightning Bolt")
@pytest.mark.rules("113.7a", "608.2h", "120.3", "602.2")
@pytest.mark.parametrize("killed", [False, True])
def test_an_ability_s_damage_names_its_source_as_it_last_existed(killed: bool) -> None:
    """Prodigal Pyromancer's ability deals the damage, the Pyromancer its source (113.7a);
    killed in response, it is named as it last existed on the battlefield, controlled by
    P1 (608.2h)."""
    s = Scenario()
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    if killed:
        s.cast(1, "Lightning Bolt", targets=["Prodigal Pyromancer"])
    s.run()
    pyromancer = first(s, "ability_activated")["source"]
    damage = first(s, "damage_dealt", source_name="Prodigal Pyromancer")
    assert _source(damage) == (pyromancer, "Prodigal Pyromancer", 0)
    assert _source(first(s, "life_changed", player=1)) == _source(damage)
    if killed:
        assert s.graveyard(0) == ["Prodigal Pyromancer"]
        bolt = first(s, "damage_dealt", source_name="Lightning Bolt")
        assert (bolt["source_controller"], bolt["to_object"]) == (1, pyromancer)
        assert bolt["seq"] < damage["seq"]


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear")
@pytest.mark.rules("510.1", "510.2", "120.3a")
def test_combat_damage_names_each_source_s_controller() -> None:
    """The assignment lists the controller of each source, attacker and blocker (510.1),
    and each ``damage_dealt`` its own (510.2)."""
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.run()
    assigned = first(s, "combat_damage_assigned")
    controllers = {
        entry[0]: c
        for entry, c in zip(assigned["assignments"], assigned["source_controllers"], strict=True)
    }
    bears, bear = s.graveyard(0), s.graveyard(1)
    assert (bears, bear) == (["Grizzly Bears"], ["Runeclaw Bear"])
    dealt = {d["source_name"]: d for d in s.events("damage_dealt")}
    assert dealt["Grizzly Bears"]["source_controller"] == 0
    assert dealt["Runeclaw Bear"]["source_controller"] == 1
    assert controllers == {d["source"]: d["source_controller"] for d in dealt.values()}


@pytest.mark.cards("Act of Treason", "Runeclaw Bear")
@pytest.mark.rules("110.2", "613.1b", "510.1", "510.2", "120.3a")
def test_a_creature_that_changed_control_deals_damage_for_its_new_controller() -> None:
    """P1 takes P2's Runeclaw Bear with Act of Treason (613.1b) and attacks P2 with it: the
    damage and the life lost name P1, its controller (110.2), not P2, its owner."""
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Act of Treason")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Act of Treason", targets=["Runeclaw Bear"])
    s.attack(0, "Runeclaw Bear")
    s.run()
    bear = first(s, "damage_dealt", source_name="Runeclaw Bear")
    assert (bear["to_player"], bear["source_controller"], bear["combat"]) == (1, 0, True)
    assert first(s, "combat_damage_assigned")["source_controllers"] == [0]
    lost = first(s, "life_changed", player=1)
    assert _source(lost) == (bear["source"], "Runeclaw Bear", 0)


@pytest.mark.cards("Child of Night")
@pytest.mark.rules("702.15b", "120.3a", "510.2")
def test_lifelink_names_the_source_with_lifelink() -> None:
    """Child of Night's combat damage makes P2 lose life and P1 gain it (702.15b): both
    life changes name the Child, controlled by P1."""
    s = Scenario(plugins=[MiscKeywordCards(), TestCards()])
    s.add(0, "battlefield", "Child of Night")
    s.attack(0, "Child of Night")
    s.run()
    child = first(s, "attackers_declared")["attackers"][0][0]
    gained = first(s, "life_changed", rule="702.15b")
    lost = first(s, "life_changed", rule="120.3a")
    assert (gained["player"], gained["delta"], lost["player"], lost["delta"]) == (0, 2, 1, -2)
    assert _source(gained) == _source(lost) == (child, "Child of Night", 0)


@pytest.mark.cards("Sign in Blood")
@pytest.mark.rules("119.3", "608.2")
def test_a_life_loss_spell_names_itself_and_its_caster() -> None:
    """Sign in Blood makes its target lose 2 life (119.3): the spell is the source, its
    caster P2 its controller."""
    s = Scenario()
    s.add(1, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(1, "hand", "Sign in Blood")
    s.library(0, ["Island", "Island", "Island"])
    s.cast(1, "Sign in Blood", targets=["P1"], turn=2)
    s.run(until=(2, Step.END))
    cast = first(s, "spell_cast", card="Sign in Blood")
    lost = first(s, "life_changed", player=0)
    assert (lost["delta"], lost["rule"]) == (-2, "119.3")
    assert _source(lost) == (cast["object"], "Sign in Blood", 1)


def _a_trigger_waits(game: Game) -> bool:
    """Whether an ability is on the stack (and nothing else)."""
    return len(game.stack) == 1 and isinstance(game.stack[0], AbilityOnStack)


@pytest.mark.cards("Soul Warden", "Grizzly Bears", "Lightning Bolt")
@pytest.mark.rules("113.7a", "608.2h", "119.3", "603.2")
@pytest.mark.parametrize("killed", [False, True])
def test_a_triggered_ability_s_life_gain_names_its_source(killed: bool) -> None:
    """Soul Warden's ability gains P1 life (119.3): Soul Warden is the source, and if it
    died with its ability on the stack, as it last existed (113.7a, 608.2h)."""
    s = Scenario()
    s.add(0, "battlefield", "Soul Warden", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Grizzly Bears")
    if killed:
        s.cast(1, "Lightning Bolt", targets=["Soul Warden"], when=_a_trigger_waits)
    s.run()
    warden = first(s, "ability_triggered", card="Soul Warden")["source"]
    if killed:
        assert s.graveyard(0) == ["Soul Warden"]
    gained = first(s, "life_changed", player=0)
    assert gained["delta"] == 1
    assert _source(gained) == (warden, "Soul Warden", 0)


@pytest.mark.rules("119.4", "601.2h")
def test_life_paid_as_a_cost_has_no_source() -> None:
    """Life paid as a cost is the player's own doing (119.4): no source, no controller."""
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", *["Swamp"] * 5)
    s.add(0, "hand", "Test Bargain")
    s.library(0, ["Island", "Plains"])
    s.cast(0, "Test Bargain")
    s.choose(0, DecisionKind.COST, "pay 3 life and sacrifice a creature")
    s.run()
    paid = first(s, "life_changed", rule="119.4")
    assert (paid["player"], paid["delta"]) == (0, -3)
    assert _source(paid) == (None, None, None)


@pytest.mark.cards("Fog", "Grizzly Bears")
@pytest.mark.rules("615.1", "615.6", "510.2")
def test_prevented_damage_names_the_controller_of_its_source() -> None:
    """Fog prevents the Bears' combat damage (615.1): the prevention names the Bears'
    controller, P1, and no damage is dealt."""
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Forest")
    s.add(1, "hand", "Fog")
    s.attack(0, "Grizzly Bears")
    s.cast(1, "Fog", turn=1, step=Step.DECLARE_BLOCKERS)
    s.run()
    bears = first(s, "attackers_declared")["attackers"][0][0]
    prevented = first(s, "damage_prevented")
    assert (prevented["damage_source"], prevented["damage_source_controller"]) == (bears, 0)
    assert not s.events("damage_dealt")


@pytest.mark.cards("Furnace of Rath", "Lightning Bolt")
@pytest.mark.rules("614.1a", "120.3", "120.3a")
def test_replaced_damage_names_the_controller_of_the_damage_s_source() -> None:
    """P2's Furnace of Rath doubles the damage of P1's Lightning Bolt (614.1a): the
    replacement is P2's, the damage's source P1's, and the damage and life lost say so."""
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Furnace of Rath")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    doubled = first(s, "event_replaced", rule="614.1a")
    bolt = first(s, "spell_cast", card="Lightning Bolt")["object"]
    assert (doubled["player"], doubled["damage_source"]) == (1, bolt)
    assert doubled["damage_source_controller"] == 0
    damage = first(s, "damage_dealt")
    assert (damage["amount"], damage["source_controller"]) == (6, 0)
    assert _source(first(s, "life_changed", player=1)) == (bolt, "Lightning Bolt", 0)

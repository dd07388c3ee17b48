"""Rules tests for ward (CR 702.21): whenever a permanent with ward becomes the target of a
spell or ability an opponent controls, that spell or ability is countered unless its
controller pays the ward cost (702.21a, 118.12a, 701.6a), mana or otherwise.

Test cards are in ``tests/_misc_keyword_cards.py``: Test Warded Drake (ward {2}), Test
Blood Sentinel (ward—pay 2 life), Test Hoarding Sentinel (ward—discard a card), Test
Twin Warden (ward {1} twice) and Test Warded Pinger.
"""

from __future__ import annotations

import pytest
from _misc_keyword_cards import MiscKeywordCards
from _support import decisions_made, first

from manaweave import DecisionKind, RuleNotImplementedError, Step
from manaweave.keywords.ward import Ward
from manaweave.lowlevel import PluginHost
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MiscKeywordCards()])


def bolt_the(s: Scenario, creature: str) -> Scenario:
    """Player 1 casts Lightning Bolt at player 0's ``creature`` in player 0's end step."""
    s.add(0, "battlefield", creature)
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=[creature], step=Step.END)
    return s


@pytest.mark.rules("702.21a", "603.2", "701.6a", "118.3")
def test_ward_counters_a_spell_whose_controller_cant_pay() -> None:
    s = bolt_the(scenario(), "Test Warded Drake")
    s.add(1, "battlefield", "Mountain")
    s.run(until=(2, Step.UPKEEP))
    cast = first(s, "spell_cast", card="Lightning Bolt")
    triggered = first(s, "ability_triggered")
    assert (triggered["card"], triggered["text"], triggered["player"]) == (
        "Test Warded Drake",
        "Ward {2}",
        0,
    )
    assert triggered["trigger"] == cast["seq"]
    countered = first(s, "spell_countered")
    assert (countered["card"], countered["rule"], countered["player"]) == (
        "Lightning Bolt",
        "701.6a",
        1,
    )
    assert s.battlefield(0) == ["Test Warded Drake"]
    assert s.graveyard(1) == ["Lightning Bolt"]
    # With no way to pay {2}, its controller was not asked (118.3).
    assert decisions_made(s, "may") == []


@pytest.mark.rules("702.21a", "118.12a", "605.3a")
def test_the_spells_controller_may_pay_the_mana_and_the_spell_resolves() -> None:
    s = bolt_the(scenario(), "Test Warded Drake")
    s.add(1, "battlefield", "Mountain", "Mountain", "Mountain")
    s.choose(1, DecisionKind.MAY, "yes")
    s.run(until=(2, Step.UPKEEP))
    (paid,) = decisions_made(s, "may")
    assert (paid["player"], paid["rule"], paid["chosen"]) == (1, "702.21a", ["yes"])
    spent = [e for e in s.events("mana_spent") if e["rule"] == "702.21a"]
    assert [(e["player"], e["cost"]) for e in spent] == [(1, "{2}")]
    assert not s.events("spell_countered")
    assert s.graveyard(0) == ["Test Warded Drake"]


@pytest.mark.rules("702.21a", "118.12a")
def test_the_spells_controller_may_decline_to_pay() -> None:
    s = bolt_the(scenario(), "Test Warded Drake")
    s.add(1, "battlefield", "Mountain", "Mountain", "Mountain")
    s.choose(1, DecisionKind.MAY, "no")
    s.run(until=(2, Step.UPKEEP))
    assert first(s, "spell_countered")["card"] == "Lightning Bolt"
    assert s.battlefield(0) == ["Test Warded Drake"]
    assert not [e for e in s.events("mana_spent") if e["rule"] == "702.21a"]


@pytest.mark.rules("702.21a", "119.4", "118.3b")
def test_ward_pay_2_life() -> None:
    s = bolt_the(scenario(), "Test Blood Sentinel")
    s.add(1, "battlefield", "Mountain")
    s.choose(1, DecisionKind.MAY, "yes")
    s.run(until=(2, Step.UPKEEP))
    paid = [e for e in s.events("life_changed") if e["player"] == 1]
    assert [(e["delta"], e["rule"]) for e in paid] == [(-2, "119.4")]
    assert s.life(1) == 18
    assert s.graveyard(0) == ["Test Blood Sentinel"]


@pytest.mark.rules("702.21a", "119.4", "118.3")
def test_ward_pay_2_life_counters_when_its_controller_has_too_little_life() -> None:
    s = bolt_the(scenario(), "Test Blood Sentinel")
    s.add(1, "battlefield", "Mountain")
    s.life(1, 1)
    s.run(until=(2, Step.UPKEEP))
    assert first(s, "spell_countered")["card"] == "Lightning Bolt"
    assert s.life(1) == 1
    assert decisions_made(s, "may") == []


@pytest.mark.rules("702.21a", "701.9a")
def test_ward_discard_a_card() -> None:
    s = bolt_the(scenario(), "Test Hoarding Sentinel")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Giant Growth", "Cancel")
    s.choose(1, DecisionKind.MAY, "yes")
    s.choose(1, DecisionKind.DISCARD, "Cancel")
    s.run(until=(2, Step.UPKEEP))
    assert first(s, "card_discarded")["card"] == "Cancel"
    assert s.graveyard(1) == ["Cancel", "Lightning Bolt"]
    assert s.hand(1) == ["Giant Growth"]
    assert s.graveyard(0) == ["Test Hoarding Sentinel"]


@pytest.mark.rules("702.21a", "603.2")
def test_ward_doesnt_trigger_for_its_controllers_own_spells() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Warded Drake", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Test Warded Drake"])
    s.run()
    assert not s.events("ability_triggered")
    assert s.power("Test Warded Drake") == 5


@pytest.mark.rules("702.21a", "701.6a", "602.2b")
def test_ward_counters_an_activated_ability() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Warded Drake")
    s.add(1, "battlefield", "Prodigal Pyromancer")
    s.activate(1, "Prodigal Pyromancer", targets=["Test Warded Drake"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    activated = first(s, "ability_activated")
    countered = first(s, "ability_countered")
    assert (countered["object"], countered["source"], countered["rule"]) == (
        activated["object"],
        activated["source"],
        "701.6a",
    )
    assert not s.events("damage_dealt")
    assert s.permanent("Test Warded Drake").damage == 0


@pytest.mark.rules("702.21a", "603.3d", "701.6a")
def test_ward_counters_a_triggered_ability() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Warded Drake")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Sparkmage Apprentice")
    s.cast(1, "Sparkmage Apprentice", turn=2, step=Step.PRECOMBAT_MAIN)
    s.choose(1, DecisionKind.TARGET, "Test Warded Drake")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    stacked = first(s, "ability_stacked")
    assert first(s, "ability_countered")["object"] == stacked["object"]
    assert s.permanent("Test Warded Drake").damage == 0


@pytest.mark.rules("702.21a", "603.2", "603.3b")
def test_each_instance_of_ward_triggers_and_asks_for_its_own_payment() -> None:
    # Two ward {1} abilities: the Bolt's controller pays the first with their second
    # Mountain and can't pay the second, so the Bolt is countered.
    s = bolt_the(scenario(), "Test Twin Warden")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Test Twin Warden", "Test Twin Warden")
    s.choose(1, DecisionKind.MAY, "yes")
    s.run(until=(2, Step.UPKEEP))
    assert len(s.events("ability_triggered")) == 2
    assert len(decisions_made(s, "may")) == 1
    assert first(s, "spell_countered")["card"] == "Lightning Bolt"
    assert s.battlefield(0) == ["Test Twin Warden"]

    s = bolt_the(scenario(), "Test Twin Warden")
    s.add(1, "battlefield", "Mountain", "Mountain", "Mountain")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Test Twin Warden", "Test Twin Warden")
    s.choose(1, DecisionKind.MAY, "yes")
    s.choose(1, DecisionKind.MAY, "yes")
    s.run(until=(2, Step.UPKEEP))
    assert len(decisions_made(s, "may")) == 2
    assert not s.events("spell_countered")
    assert s.graveyard(0) == ["Test Twin Warden"]


@pytest.mark.rules("702.21a", "603.2")
def test_only_the_targeted_permanents_ward_triggers() -> None:
    # Each player has a warded pinger: player 1's pings player 0's, whose ward alone
    # triggers and counters the ability.
    s = scenario()
    s.add(0, "battlefield", "Test Warded Pinger")
    s.add(1, "battlefield", "Test Warded Pinger")
    s.activate(1, "Test Warded Pinger", targets=["Test Warded Pinger#1"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    (triggered,) = s.events("ability_triggered")
    assert triggered["player"] == 0
    assert first(s, "ability_countered")["player"] == 1


def test_a_ward_cost_with_x_is_not_implemented() -> None:
    with pytest.raises(RuleNotImplementedError) as raised:
        Ward("{X}")
    assert raised.value.rule == "702.21b"


def test_ward_is_a_built_in_keyword_plugin() -> None:
    host = PluginHost(autoload=False)
    assert "manaweave.keywords.ward" in host.versions
    assert [Ward] in [list(k) for k in host.manager.hook.mw_keywords()]

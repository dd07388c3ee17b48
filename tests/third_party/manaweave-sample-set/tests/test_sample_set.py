"""The sample set's cards in play, with the installed plugin (see conftest.py)."""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Step
from manaweave.pytest_plugin import ScenarioFactory


@pytest.mark.cards("Cinder Bargain")
@pytest.mark.rules("608.2d", "120.3a", "121.1")
@pytest.mark.parametrize("takes_damage", [True, False])
def test_cinder_bargain_lets_its_target_choose_damage_or_cards(
    scenario: ScenarioFactory, takes_damage: bool
) -> None:
    # The escape hatch: an effect of the set's own module asks the targeted opponent as
    # the spell resolves (608.2d), then deals damage or draws through the Game's API.
    s = scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Cinder Bargain")
    s.cast(0, "Cinder Bargain", targets=["P2"])
    s.choose(1, DecisionKind.MAY, "yes" if takes_damage else "no")
    s.run()
    (asked,) = [e for e in s.events("decision_made") if e["kind"] == "may"]
    assert (asked["player"], asked["rule"]) == (1, "608.2d")
    assert s.life(1) == (16 if takes_damage else 20)
    assert s.hand(0) == ([] if takes_damage else ["Island", "Island"])
    damage = s.events("damage_dealt")
    assert [(e["source_name"], e["amount"]) for e in damage] == (
        [("Cinder Bargain", 4)] if takes_damage else []
    )
    assert len(s.events("card_drawn")) == (0 if takes_damage else 2)
    assert s.graveyard(0) == ["Cinder Bargain"]


@pytest.mark.cards("Cinder Bargain")
@pytest.mark.rules("608.2b")
def test_cinder_bargain_does_nothing_if_its_target_left_the_game(
    scenario: ScenarioFactory,
) -> None:
    # Its only target is illegal as it resolves (the player conceded), so it does not
    # resolve at all (608.2b): nobody is asked, and its controller draws nothing.
    s = scenario(players=3)
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Cinder Bargain")
    s.cast(0, "Cinder Bargain", targets=["P2"])
    s.concede(1)
    s.run()
    assert [e for e in s.events("decision_made") if e["kind"] == "may"] == []
    assert s.hand(0) == []
    assert [e["rule"] for e in s.events("spell_fizzled")] == ["608.2b"]


@pytest.mark.cards("Emberling Scout", "Kiln Drake")
@pytest.mark.rules("602.2", "701.21a", "613.4c", "702.10b")
def test_kiln_drake_pumps_the_scout_which_attacks_at_once_and_then_is_sacrificed(
    scenario: ScenarioFactory,
) -> None:
    # Emberling Scout came this turn but has haste: it attacks as a 2/1 (Kiln Drake gives
    # other red creatures +1/+0), then is sacrificed to deal 1 damage to the blocker-less
    # defending player.
    s = scenario()
    s.add(0, "battlefield", "Mountain", "Kiln Drake")
    s.add(0, "battlefield", "Emberling Scout", sick=True)
    s.attack(0, "Emberling Scout")
    s.activate(0, "Emberling Scout", targets=["P2"], step=Step.END_OF_COMBAT)
    s.run()
    assert s.life(1) == 20 - 2 - 1
    assert s.graveyard(0) == ["Emberling Scout"]
    assert [e["rule"] for e in s.events("sacrificed")] == ["701.21a"]
    assert s.power("Kiln Drake") == 3  # "other": not itself


@pytest.mark.cards("Blazing Mantle", "Cinder Volley")
@pytest.mark.rules("303.4b", "107.3a", "120.3")
def test_blazing_mantle_and_cinder_volley(scenario: ScenarioFactory) -> None:
    # Blazing Mantle makes Grizzly Bears a 4/2 with haste; Cinder Volley with X=2 kills a
    # Runeclaw Bear.
    s = scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "hand", "Blazing Mantle", "Cinder Volley")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Blazing Mantle", targets=["Grizzly Bears"])
    s.cast(0, "Cinder Volley", targets=["Runeclaw Bear"], x=2, stack_empty=True)
    s.attack(0, "Grizzly Bears")
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 2)
    assert s.graveyard(1) == ["Runeclaw Bear"]
    assert s.life(1) == 16

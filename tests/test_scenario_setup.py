"""Setting a scenario up: tokens, counters, marked damage, attachments and floating mana."""

from __future__ import annotations

import pytest

from manaweave import Step
from manaweave.cards import token
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.rules("111.4", "111.3", "510.1", "704.5g")
def test_a_token_set_up_fights_as_its_characteristics_say() -> None:
    s = Scenario()
    s.token(0, "Soldier", power=1, toughness=1, colors="W")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Soldier Token")
    s.block(1, "Grizzly Bears", "Soldier Token")
    s.run()

    assert s.battlefield(0) == []
    assert s.graveyard(0) == []  # a token that left the battlefield ceases to exist (111.7)
    assert s.permanent("Grizzly Bears").damage == 1


@pytest.mark.rules("111.1")
def test_a_token_by_its_card_language_definition() -> None:
    angel = token("Angel", "W", pt=(4, 4))
    s = Scenario()
    s.token(1, angel, count=2, tapped=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    angels = s.permanents("Angel Token", 1)
    assert [a.is_token and a.tapped for a in angels] == [True, True]
    assert s.power("Angel Token") == 4


@pytest.mark.rules("122.1a", "613.4c")
def test_counters_at_setup_count_in_power_and_toughness() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", counters={"+1/+1": 2})
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 4)
    assert s.permanent("Grizzly Bears").counters == {"+1/+1": 2}


@pytest.mark.rules("120.3e", "704.5g")
@pytest.mark.cards("Shock")
def test_damage_marked_at_setup_adds_up_with_damage_dealt_later() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Craw Wurm", damage=2)  # 6/4
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.permanent("Craw Wurm").damage == 2
    s.cast(0, "Shock", targets=["Craw Wurm"])
    s.run()
    assert s.graveyard(1) == ["Craw Wurm"]


@pytest.mark.rules("303.4", "613.4c")
@pytest.mark.cards("Holy Strength")
def test_an_aura_attached_at_setup_enchants_its_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Grizzly Bears")
    s.add(0, "battlefield", "Holy Strength", attached_to="Grizzly Bears#2")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first, second = s.permanents("Grizzly Bears")
    assert s.permanent("Holy Strength").attached_to == second.id
    assert s.power("Grizzly Bears#1") == 2
    assert (s.power("Grizzly Bears#2"), s.toughness("Grizzly Bears#2")) == (3, 4)
    assert first.attached_to is None


@pytest.mark.rules("301.5", "702.6a")
@pytest.mark.cards("Gorgon Flail")
def test_equipment_attached_at_setup_equips_its_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Gorgon Flail", attached_to="Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.power("Grizzly Bears") == 3
    assert s.has_keyword("Grizzly Bears", "deathtouch")


@pytest.mark.rules("303.4", "303.4a")
@pytest.mark.cards("Entangling Vines")
def test_an_aura_that_cannot_enchant_the_permanent_named_fails() -> None:
    # "Enchant tapped creature": an untapped Grizzly Bears can't be enchanted by it.
    s = Scenario()
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Entangling Vines", attached_to="Grizzly Bears")
    with pytest.raises(ScenarioError, match="Entangling Vines can't be attached to Grizzly Bears"):
        s.run()


@pytest.mark.rules("303.4")
@pytest.mark.cards("Entangling Vines")
def test_an_aura_may_enchant_what_its_enchant_ability_allows() -> None:
    s = Scenario()
    s.add(1, "battlefield", "Grizzly Bears", tapped=True)
    s.add(0, "battlefield", "Entangling Vines", attached_to="Grizzly Bears")
    s.run(until=(2, Step.UPKEEP))
    assert s.permanent("Grizzly Bears").tapped  # it doesn't untap (Entangling Vines)


@pytest.mark.rules("106.4", "601.2h")
@pytest.mark.cards("Lightning Bolt")
def test_mana_in_the_pool_at_setup_pays_for_a_spell() -> None:
    s = Scenario()
    s.add(0, "hand", "Lightning Bolt")
    s.mana(0, "R")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    assert s.life(1) == 17


@pytest.mark.rules("106.4", "500.5")
def test_mana_in_the_pool_at_setup_empties_as_the_step_ends() -> None:
    s = Scenario()
    s.mana(0, "{R}{R}G")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.game is not None
    assert s.game.players[0].mana_pool.as_tuple() == ("G", "R", "R")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.decisions.priority(0)[0].pool == ("G", "R", "R")
    assert s.game.players[0].mana_pool.as_tuple() == ()


def test_bad_setup_is_a_clear_error() -> None:
    s = Scenario()
    with pytest.raises(ValueError, match="W, U, B, R, G and C"):
        s.mana(0, "RX")
    with pytest.raises(ValueError, match="for permanents on the battlefield"):
        s.add(0, "hand", "Grizzly Bears", counters={"+1/+1": 1})
    with pytest.raises(ValueError, match="both power and toughness"):
        s.token(0, "Soldier", power=1)
    s.add(0, "battlefield", "Holy Strength", attached_to="Serra Angel")
    with pytest.raises(ScenarioError, match="none in play"):
        s.run()

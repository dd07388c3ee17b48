"""Asking a stopped scenario what objects have and what is legal now."""

from __future__ import annotations

import pytest
from _cards import TestCards

from manaweave import Step
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.rules("613.1f", "702.2b", "301.5")
@pytest.mark.cards("Gorgon Flail", "Serra Angel")
def test_keywords_and_abilities_after_continuous_effects() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Serra Angel")
    s.add(0, "battlefield", "Gorgon Flail", attached_to="Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert s.has_keyword("Grizzly Bears", "deathtouch")  # granted by the Equipment
    assert s.has_keyword("Grizzly Bears", "Deathtouch")
    assert not s.has_keyword("Grizzly Bears", "flying")
    assert s.has_keyword("Serra Angel", "flying")
    assert s.has_keyword("Serra Angel", "vigilance")
    assert s.abilities("Serra Angel") == ["Flying", "Vigilance"]
    assert s.abilities("Grizzly Bears") == ["Deathtouch"]
    with pytest.raises(ScenarioError, match="no keyword ability 'flyng'"):
        s.has_keyword("Serra Angel", "flyng")


@pytest.mark.rules("613.1f", "702.2b")
@pytest.mark.cards("Gorgon Flail")
def test_an_ability_granted_goes_when_the_equipment_moves() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains", "Plains")
    s.add(0, "battlefield", "Gorgon Flail", attached_to="Grizzly Bears")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.has_keyword("Grizzly Bears", "deathtouch")
    s.activate(0, "Gorgon Flail", text="Equip", targets=["Runeclaw Bear"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.has_keyword("Grizzly Bears", "deathtouch")
    assert s.has_keyword("Runeclaw Bear", "deathtouch")


@pytest.mark.rules("613.1f")
def test_abilities_removed_by_an_effect_are_gone() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Serra Angel", "Humility")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.abilities("Serra Angel") == []
    assert not s.has_keyword("Serra Angel", "flying")
    assert (s.power("Serra Angel"), s.toughness("Serra Angel")) == (1, 1)


@pytest.mark.rules("601.2f", "117.1a", "307.1")
@pytest.mark.cards("Lightning Bolt")
def test_can_cast_answers_from_the_options_the_game_offers() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Forest")
    s.add(0, "hand", "Lightning Bolt", "Grizzly Bears", "Craw Wurm")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Grizzly Bears", "Giant Growth")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.can_cast(0, "Lightning Bolt")
    assert s.can_cast(0, "Grizzly Bears")
    assert not s.can_cast(0, "Craw Wurm")  # six mana, two lands
    assert not s.can_cast(1, "Grizzly Bears")  # not P2's main phase (307.1)
    assert not s.can_cast(1, "Giant Growth")  # no creature to target (601.2c)
    assert not s.can_cast(0, "Shock")  # not in hand


@pytest.mark.rules("305.2", "305.1")
def test_can_play_land_knows_the_land_already_played() -> None:
    s = Scenario()
    s.add(0, "hand", "Forest", "Mountain")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.can_play_land(0, "Forest")
    assert not s.can_play_land(1, "Forest")
    s.play_land(0, "Forest")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.can_play_land(0, "Mountain")  # not a main phase
    s.run(until=(1, Step.POSTCOMBAT_MAIN))
    assert not s.can_play_land(0, "Mountain")  # one land a turn (305.2)


@pytest.mark.rules("302.6", "602.5a")
@pytest.mark.cards("Prodigal Pyromancer")
def test_can_activate_knows_summoning_sickness() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.add(0, "battlefield", "Prodigal Pyromancer", sick=True)
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.can_activate(0, "Prodigal Pyromancer#1")
    assert not s.can_activate(0, "Prodigal Pyromancer#2")  # {T} and summoning sick (302.6)
    assert s.can_activate(0, "Prodigal Pyromancer#1", text="deals 1 damage")
    assert not s.can_activate(0, "Prodigal Pyromancer#1", text="Add {R}")


@pytest.mark.rules("508.1a", "702.3b", "302.6", "508.1b")
@pytest.mark.cards("Wall of Frost")
def test_can_attack_answers_from_the_declarations_options() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Wall of Frost")
    s.add(0, "battlefield", "Runeclaw Bear", tapped=True)
    s.add(0, "battlefield", "Craw Wurm", sick=True)
    s.add(1, "battlefield", "Ajani Goldmane")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.can_attack("Grizzly Bears")
    assert s.can_attack("Grizzly Bears", 1)
    assert not s.can_attack("Grizzly Bears", 0)  # not its own controller
    assert s.can_attack("Grizzly Bears", "Ajani Goldmane")  # a planeswalker (508.1b)
    assert not s.can_attack("Wall of Frost")  # defender (702.3b)
    assert not s.can_attack("Runeclaw Bear")  # tapped
    assert not s.can_attack("Craw Wurm")  # summoning sick (302.6)


@pytest.mark.rules("702.9b", "702.17b", "509.1a")
@pytest.mark.cards("Serra Angel", "Giant Spider")
def test_can_block_answers_from_the_declarations_options() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Serra Angel", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear", "Giant Spider")
    s.add(1, "battlefield", "Craw Wurm", tapped=True)
    s.attack(0, "Serra Angel")
    s.run(until=(1, Step.DECLARE_BLOCKERS))
    assert not s.can_block("Runeclaw Bear", "Serra Angel")  # flying (702.9b)
    assert s.can_block("Giant Spider", "Serra Angel")  # reach (702.17b)
    assert not s.can_block("Craw Wurm", "Serra Angel")  # tapped (509.1a)
    # Not attacking: as if it attacked.
    assert s.can_block("Runeclaw Bear", "Grizzly Bears")


@pytest.mark.cards("Lightning Bolt")
def test_events_of_a_misspelt_kind_is_an_error_naming_the_kinds() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    assert len(s.events("damage_dealt")) == 1
    with pytest.raises(ScenarioError) as raised:
        s.events("damage_delt")
    message = str(raised.value)
    assert "no kind of event is named 'damage_delt' (did you mean 'damage_dealt'" in message
    assert "spell_cast" in message  # the known kinds are listed
    assert s.events("game_ended") == []  # a known kind that has not happened


@pytest.mark.cards("Grizzly Bears", "Lightning Bolt")
def test_the_narration_names_the_objects_the_scenario_placed() -> None:
    """The failure report of a test (its play-by-play) names what the scenario put in
    place by card, though no event of the log names those objects."""
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()
    lines = s.narration()
    assert "  Lightning Bolt deals 3 damage to Grizzly Bears." in lines
    assert not [line for line in lines if "object #" in line]

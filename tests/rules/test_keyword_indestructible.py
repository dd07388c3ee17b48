"""Rules tests for indestructible (CR 702.12): a permanent with indestructible can't be
destroyed (702.12b, 701.8): not by effects that destroy, nor by the state-based actions
for lethal damage and deathtouch damage (704.5g-h); it still dies with toughness 0 or
less (704.5f) and can still be sacrificed (701.21a).

Test cards are in ``tests/_misc_keyword_cards.py``: Darksteel Myr, Test Darksteel Brute (a
3/3 with indestructible), Test Aegis ("Enchanted creature has indestructible") and Test
Corrosion ("Enchanted creature loses indestructible"); Test Viper (deathtouch) and Test
Twist are in ``tests/_cards.py``.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _misc_keyword_cards import MiscKeywordCards
from _support import first, sba_rules

from manaweave.keywords.indestructible import Indestructible
from manaweave.lowlevel import PluginHost
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MiscKeywordCards(), TestCards()])


@pytest.mark.rules("702.12a", "702.12b", "704.5g", "120.3e")
def test_lethal_damage_doesnt_destroy_an_indestructible_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Darksteel Myr", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Darksteel Myr"])
    s.run()
    myr = s.permanent("Darksteel Myr")
    assert myr.damage == 3  # marked, and ignored by 704.5g
    assert sba_rules(s) == []
    assert s.graveyard(0) == ["Lightning Bolt"]


@pytest.mark.rules("702.12b", "704.5g", "510.2")
def test_an_indestructible_attacker_survives_combat_damage_from_a_bigger_blocker() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Darksteel Brute")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(0, "Test Darksteel Brute")
    s.block(1, "Craw Wurm", "Test Darksteel Brute")
    s.run()
    assert s.permanent("Test Darksteel Brute").damage == 6
    assert s.battlefield(1) == ["Craw Wurm"]
    assert s.battlefield(0) == ["Test Darksteel Brute"]


@pytest.mark.rules("702.12b", "704.5h", "702.2b")
def test_deathtouch_damage_doesnt_destroy_an_indestructible_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Darksteel Brute")
    s.add(1, "battlefield", "Test Viper")
    s.attack(0, "Test Darksteel Brute")
    s.block(1, "Test Viper", "Test Darksteel Brute")
    s.run()
    assert s.battlefield(0) == ["Test Darksteel Brute"]
    assert s.graveyard(1) == ["Test Viper"]
    assert sba_rules(s) == [["704.5g"]]  # only the Viper, of lethal damage


@pytest.mark.rules("702.12b", "701.8a")
def test_a_destroy_effect_does_nothing_to_an_indestructible_permanent() -> None:
    s = scenario()
    s.add(0, "battlefield", "Darksteel Myr")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(1, "Doom Blade", targets=["Darksteel Myr"], turn=1)
    s.run()
    failed = first(s, "destroy_failed")
    myr = s.permanent("Darksteel Myr")
    assert (failed["object"], failed["rule"], failed["player"], failed["card"]) == (
        myr.id,
        "702.12b",
        0,
        "Darksteel Myr",
    )
    assert failed["cause"] == first(s, "resolution_started")["seq"]
    assert s.graveyard(1) == ["Doom Blade"]


@pytest.mark.cards("Wrath of God")
@pytest.mark.rules("702.12b", "701.8a", "613.1f")
def test_wrath_of_god_leaves_indestructible_creatures() -> None:
    s = scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "battlefield", "Darksteel Myr", "Grizzly Bears", "Runeclaw Bear")
    s.add(0, "hand", "Test Aegis", "Wrath of God")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Test Aegis", targets=["Runeclaw Bear"])
    s.cast(0, "Wrath of God", stack_empty=True)
    s.run()
    assert s.battlefield(0) == [*["Plains"] * 5, "Darksteel Myr", "Runeclaw Bear", "Test Aegis"]
    assert s.graveyard(0) == ["Grizzly Bears", "Wrath of God"]
    assert s.graveyard(1) == ["Craw Wurm"]
    survivors = [e["card"] for e in s.events("destroy_failed")]
    assert survivors == ["Darksteel Myr", "Runeclaw Bear"]


@pytest.mark.rules("702.12b", "704.5f", "613.4d")
def test_an_indestructible_creature_with_toughness_0_still_dies() -> None:
    # Test Twist switches Darksteel Myr's 0/1 to 1/0.
    s = scenario()
    s.add(0, "battlefield", "Darksteel Myr", "Island")
    s.add(0, "hand", "Test Twist")
    s.cast(0, "Test Twist", targets=["Darksteel Myr"])
    s.run()
    assert sba_rules(s) == [["704.5f"]]
    assert "Darksteel Myr" in s.graveyard(0)
    assert not s.events("destroy_failed")


@pytest.mark.rules("702.12b", "701.21a", "601.2h")
def test_an_indestructible_creature_can_be_sacrificed() -> None:
    s = scenario()
    s.add(0, "battlefield", "Darksteel Myr", "Swamp", "Swamp")
    s.add(0, "hand", "Altar's Reap")
    s.cast(0, "Altar's Reap")
    s.run()
    sacrificed = first(s, "sacrificed")
    assert (sacrificed["card"], sacrificed["rule"]) == ("Darksteel Myr", "701.21a")
    assert s.graveyard(0) == ["Darksteel Myr", "Altar's Reap"]


@pytest.mark.rules("702.12c", "613.1f", "701.8a")
def test_multiple_instances_of_indestructible_are_redundant_and_lost_together() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Darksteel Brute", "Plains", "Swamp")
    s.add(0, "hand", "Test Aegis", "Test Corrosion")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(0, "Test Aegis", targets=["Test Darksteel Brute"])
    s.cast(1, "Doom Blade", targets=["Test Darksteel Brute"], when=lambda g: not g.stack)
    s.run()
    brute = s.permanent("Test Darksteel Brute")
    abilities = s.game.characteristics(brute).abilities  # type: ignore[union-attr]
    assert [a for a in abilities if isinstance(a, Indestructible)] == [
        Indestructible(),
        Indestructible(),
    ]
    assert len(s.events("destroy_failed")) == 1

    s = scenario()
    s.add(0, "battlefield", "Test Darksteel Brute", "Plains", "Swamp")
    s.add(0, "hand", "Test Aegis", "Test Corrosion")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(0, "Test Aegis", targets=["Test Darksteel Brute"])
    s.cast(0, "Test Corrosion", targets=["Test Darksteel Brute"], stack_empty=True)
    s.cast(1, "Doom Blade", targets=["Test Darksteel Brute"], when=lambda g: not g.stack)
    s.run()
    assert "Test Darksteel Brute" in s.graveyard(0)
    assert not s.events("destroy_failed")


def test_indestructible_is_a_built_in_keyword_plugin() -> None:
    host = PluginHost(autoload=False)
    assert "manaweave.keywords.indestructible" in host.versions
    assert [Indestructible] in [list(k) for k in host.manager.hook.mw_keywords()]

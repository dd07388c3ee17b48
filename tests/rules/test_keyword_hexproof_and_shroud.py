"""Rules tests for hexproof, "hexproof from [quality]" (CR 702.11) and shroud (702.18):
what a permanent's abilities forbid as targets are chosen (115.1, 601.2c, 602.2b) and
checked again as a spell resolves (608.2b).

Test cards are in ``tests/_misc_keyword_cards.py``: Gladecover Scout, Ranger's Guile,
Argothian Enchantress, and Test Veil Knight (hexproof from black), Test Pyre Warden
(hexproof from red, twice), Test Veil and Test Cloak (Auras giving hexproof and shroud),
Test Unveiling ("Enchanted creature loses hexproof") and Test Druid Mantle ("Druids you
control have shroud").
"""

from __future__ import annotations

import pytest
from _misc_keyword_cards import MiscKeywordCards
from _support import first

from manaweave import DecisionKind, Step, TargetOption
from manaweave.keywords.hexproof import Hexproof, HexproofFrom
from manaweave.keywords.shroud import Shroud
from manaweave.lowlevel import PluginHost
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MiscKeywordCards()])


def offered_targets(s: Scenario, player: int) -> list[set[str]]:
    """For each target decision of ``player``, the names of the objects offered."""
    return [
        {
            o.name.split(" #")[0]
            for o in asked.options
            if isinstance(o, TargetOption) and o.object is not None
        }
        for asked in s.decisions.of_kind(DecisionKind.TARGET, player)
    ]


# --- hexproof -------------------------------------------------------------------------------


@pytest.mark.rules("702.11a", "702.11b", "115.1", "601.2c", "602.2b")
def test_hexproof_stops_an_opponents_spells_and_abilities_targeting_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Gladecover Scout", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain", "Prodigal Pyromancer")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.END)
    s.activate(1, "Prodigal Pyromancer", targets=["Grizzly Bears"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    for names in offered_targets(s, 1):
        assert "Gladecover Scout" not in names
        assert "Grizzly Bears" in names
    assert s.battlefield(0) == ["Gladecover Scout"]


@pytest.mark.rules("702.11b", "601.2c")
def test_hexproof_doesnt_stop_its_controllers_own_spells() -> None:
    s = scenario()
    s.add(0, "battlefield", "Gladecover Scout", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Gladecover Scout"])
    s.run()
    assert first(s, "spell_cast")["targets"] == [s.permanent("Gladecover Scout").id]
    assert first(s, "effect_created")["affected"] == [s.permanent("Gladecover Scout").id]
    assert offered_targets(s, 0) == [{"Gladecover Scout"}]


@pytest.mark.rules("702.11b", "608.2b", "701.6a")
def test_a_spell_fizzles_when_its_target_gains_hexproof_in_response() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Forest")
    s.add(0, "hand", "Ranger's Guile")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.END)
    s.cast(
        0, "Ranger's Guile", targets=["Grizzly Bears"], step=Step.END, when=lambda g: bool(g.stack)
    )
    s.run(until=(2, Step.UPKEEP))
    fizzled = first(s, "spell_fizzled")
    assert (fizzled["player"], fizzled["rule"]) == (1, "608.2b")
    assert s.battlefield(0) == ["Grizzly Bears", "Forest"]
    assert s.graveyard(1) == ["Lightning Bolt"]


@pytest.mark.rules("702.11d", "115.1")
def test_hexproof_from_black_stops_black_spells_only() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Veil Knight")
    s.add(1, "battlefield", "Swamp", "Swamp", "Mountain")
    s.add(1, "hand", "Doom Blade", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Test Veil Knight"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert s.graveyard(0) == ["Test Veil Knight"]
    # With only the Knight to target, Doom Blade was never castable.
    for asked in s.decisions.priority(1, turn=1):
        assert "Doom Blade" not in asked.casts


@pytest.mark.rules("702.11d", "602.2b")
def test_hexproof_from_a_colour_stops_abilities_from_sources_of_that_colour() -> None:
    # Prodigal Pyromancer is red: its ability can't target the red-hexproof Warden, but can
    # target the black-hexproof Knight.
    s = scenario()
    s.add(0, "battlefield", "Test Pyre Warden", "Test Veil Knight")
    s.add(1, "battlefield", "Prodigal Pyromancer")
    s.activate(1, "Prodigal Pyromancer", targets=["Test Veil Knight"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert offered_targets(s, 1) == [{"Test Veil Knight", "Prodigal Pyromancer"}]
    assert s.game.objects[first(s, "ability_activated")["targets"][0]].name == "Test Veil Knight"  # type: ignore[union-attr]


@pytest.mark.rules("702.11d", "702.11b")
def test_hexproof_from_black_doesnt_stop_its_controllers_black_spells() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Veil Knight", "Swamp", "Swamp")
    s.add(0, "hand", "Doom Blade")
    s.cast(0, "Doom Blade", targets=["Test Veil Knight"])
    s.run()
    assert s.graveyard(0) == ["Test Veil Knight", "Doom Blade"]


@pytest.mark.rules("702.11e", "613.1f", "702.11d")
def test_losing_hexproof_takes_hexproof_from_a_quality_too() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Veil Knight", "Plains")
    s.add(0, "hand", "Test Unveiling")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(0, "Test Unveiling", targets=["Test Veil Knight"])
    s.cast(1, "Doom Blade", targets=["Test Veil Knight"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert "Test Veil Knight" in s.graveyard(0)


@pytest.mark.rules("702.11h", "702.11e", "613.1f")
def test_multiple_instances_of_hexproof_are_redundant_and_lost_together() -> None:
    # Gladecover Scout has hexproof and gets it again from Test Veil: its controller still
    # targets it, its opponent still can't. Test Unveiling takes both away.
    s = scenario()
    s.add(0, "battlefield", "Gladecover Scout", "Forest", "Plains")
    s.add(0, "hand", "Test Veil", "Test Unveiling")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Test Veil", targets=["Gladecover Scout"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    scout = s.permanent("Gladecover Scout")
    abilities = s.game.characteristics(scout).abilities  # type: ignore[union-attr]
    assert [a for a in abilities if isinstance(a, Hexproof)] == [Hexproof(), Hexproof()]
    for asked in s.decisions.priority(1, turn=1):
        assert "Lightning Bolt" in asked.casts  # a player is still a legal target

    s = scenario()
    s.add(0, "battlefield", "Gladecover Scout", "Forest", "Plains")
    s.add(0, "hand", "Test Veil", "Test Unveiling")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Test Veil", targets=["Gladecover Scout"])
    s.cast(0, "Test Unveiling", targets=["Gladecover Scout"], stack_empty=True)
    s.cast(1, "Lightning Bolt", targets=["Gladecover Scout"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert "Gladecover Scout" in s.graveyard(0)


@pytest.mark.rules("702.11h", "702.11d")
def test_two_instances_of_hexproof_from_red_act_as_one() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Pyre Warden")
    s.add(1, "battlefield", "Mountain", "Swamp", "Swamp")
    s.add(1, "hand", "Lightning Bolt", "Doom Blade")
    s.cast(1, "Lightning Bolt", targets=["P1"], step=Step.END)
    s.cast(1, "Doom Blade", targets=["Test Pyre Warden"], step=Step.END, stack_empty=True)
    s.run(until=(2, Step.UPKEEP))
    bolt, blade = offered_targets(s, 1)
    assert "Test Pyre Warden" not in bolt
    assert "Test Pyre Warden" in blade
    assert s.graveyard(0) == ["Test Pyre Warden"]


# --- shroud ---------------------------------------------------------------------------------


@pytest.mark.rules("702.18a", "115.1", "601.2c")
def test_shroud_stops_both_players_targeting_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Argothian Enchantress", "Grizzly Bears", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert offered_targets(s, 0) == [{"Grizzly Bears"}]
    assert "Argothian Enchantress" not in offered_targets(s, 1)[0]
    # Giant Growth made the Bears 5/5 until end of turn, so the Bolt didn't kill them.
    assert s.battlefield(0) == ["Argothian Enchantress", "Grizzly Bears", "Forest"]


@pytest.mark.rules("702.18a", "608.2b")
def test_a_second_aura_targeting_a_creature_that_gains_shroud_first_fizzles() -> None:
    # Two Test Cloaks are cast on the Bears (Vedalken Orrery lets the second be cast with
    # the first on the stack); the second resolves first and gives the Bears shroud, so the
    # first's target is illegal as it resolves, though its controller's.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Vedalken Orrery", "Island", "Island")
    s.add(0, "hand", "Test Cloak", "Test Cloak")
    s.cast(0, "Test Cloak", targets=["Grizzly Bears"])
    s.cast(0, "Test Cloak", targets=["Grizzly Bears"])
    s.run()
    fizzled = first(s, "spell_fizzled")
    assert (fizzled["player"], fizzled["rule"]) == (0, "608.2b")
    assert s.battlefield(0).count("Test Cloak") == 1
    assert s.graveyard(0) == ["Test Cloak"]


@pytest.mark.rules("702.18b", "613.1f")
def test_multiple_instances_of_shroud_are_redundant() -> None:
    # Argothian Enchantress has shroud, and Test Druid Mantle gives Druids shroud: two
    # instances, untargetable as with one; with the Mantle destroyed, one still works.
    s = scenario()
    s.add(0, "battlefield", "Argothian Enchantress", "Test Druid Mantle", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain", "Forest", "Forest")
    s.add(1, "hand", "Naturalize", "Lightning Bolt")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    enchantress = s.permanent("Argothian Enchantress")
    abilities = s.game.characteristics(enchantress).abilities  # type: ignore[union-attr]
    assert [a for a in abilities if isinstance(a, Shroud)] == [Shroud(), Shroud()]

    s = scenario()
    s.add(0, "battlefield", "Argothian Enchantress", "Test Druid Mantle", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain", "Forest", "Forest")
    s.add(1, "hand", "Naturalize", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.END)
    s.cast(1, "Naturalize", targets=["Test Druid Mantle"], step=Step.END, stack_empty=True)
    s.run(until=(2, Step.UPKEEP))
    assert s.graveyard(0) == ["Grizzly Bears", "Test Druid Mantle"]
    bolt, naturalize = offered_targets(s, 1)
    assert "Argothian Enchantress" not in bolt
    assert naturalize == {"Test Druid Mantle"}


def test_hexproof_from_needs_one_quality() -> None:
    with pytest.raises(ValueError, match=r"702\.11d"):
        HexproofFrom()
    with pytest.raises(ValueError, match=r"702\.11d"):
        HexproofFrom(color="B", card_type="Artifact")
    assert HexproofFrom(color="B").text == "Hexproof from black"
    assert HexproofFrom(card_type="Planeswalker").text == "Hexproof from planeswalkers"


def test_hexproof_and_shroud_are_built_in_keyword_plugins() -> None:
    host = PluginHost(autoload=False)
    assert {"manaweave.keywords.hexproof", "manaweave.keywords.shroud"} <= set(host.versions)
    keywords = [list(k) for k in host.manager.hook.mw_keywords()]
    assert [Hexproof, HexproofFrom] in keywords
    assert [Shroud] in keywords

"""Rules tests for enchant (CR 702.5) and equip (702.6), the keyword abilities of Auras
and Equipment (303.4, 301.5), as the keyword plugins ``manaweave.keywords.enchant`` and
``manaweave.keywords.equip`` define them.
"""

from __future__ import annotations

import pytest
from _support import first

import manaweave
from manaweave import RuleNotImplementedError, Step
from manaweave.cards import (
    TARGET_CREATURE,
    CardSet,
    EnchantedGets,
    EquippedGets,
    Printed,
    TargetKind,
    TargetSpec,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.equip import Equip
from manaweave.testing import Scenario, ScenarioError

TARGET_LAND = TargetSpec(TargetKind.PERMANENT, "target land", types=("Land",))
TARGET_KNIGHT_YOU_CONTROL = TargetSpec(
    TargetKind.CREATURE, "target Knight you control", subtypes=("Knight",), yours=True
)

CARDS = (
    card(
        "Test Might Aura",
        printed=Printed(
            "{W}", "Enchantment — Aura", "Enchant creature\nEnchanted creature gets +1/+2."
        ),
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(1, 2, text="Enchanted creature gets +1/+2."),
        ),
    ),
    card(
        "Test Land Aura",
        printed=Printed("{G}", "Enchantment — Aura", "Enchant land"),
        abilities=(Enchant(TARGET_LAND, text="Enchant land"),),
    ),
    card(
        "Test Longsword",
        printed=Printed("{1}", "Artifact — Equipment", "Equipped creature gets +2/+0.\nEquip {1}"),
        abilities=(EquippedGets(2, 0, text="Equipped creature gets +2/+0."), Equip("{1}")),
    ),
    card(
        "Test Knight's Blade",
        printed=Printed(
            "{1}",
            "Artifact — Equipment",
            "Equipped creature gets +1/+1.\nEquip Knight {1}\nEquip {3}",
        ),
        abilities=(
            EquippedGets(1, 1, text="Equipped creature gets +1/+1."),
            Equip("{1}", creature=TARGET_KNIGHT_YOU_CONTROL, text="Equip Knight {1}"),
            Equip("{3}"),
        ),
    ),
    card("Test Squire Knight", printed=Printed("{W}", "Creature — Human Knight", pt=(1, 1))),
)


class AttachmentCards:
    """Auras and Equipment with enchant and equip abilities."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSA", "Test attachment cards", CARDS)]


def scenario() -> Scenario:
    return Scenario(plugins=[AttachmentCards()])


# --- enchant (702.5) ---------------------------------------------------------------------------


@pytest.mark.rules("702.5a", "303.4a", "303.4f")
def test_an_aura_spell_targets_what_its_enchant_ability_allows_and_attaches_to_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Test Might Aura")
    s.cast(0, "Test Might Aura", targets=["Grizzly Bears"])
    s.run()
    assert s.permanent("Test Might Aura").attached_to == s.permanent("Grizzly Bears").id
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 4)


@pytest.mark.rules("702.5a", "303.4a")
def test_an_aura_with_enchant_land_cannot_target_a_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Forest")
    s.add(0, "hand", "Test Land Aura")
    s.cast(0, "Test Land Aura", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="Test Land Aura"):
        s.run()


@pytest.mark.rules("702.5c")
def test_several_different_enchant_abilities_are_not_implemented() -> None:
    two = card(
        "Test Two Enchants",
        printed=Printed("{W}", "Enchantment — Aura", "Enchant creature\nEnchant land"),
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            Enchant(TARGET_LAND, text="Enchant land"),
        ),
    )
    with pytest.raises(RuleNotImplementedError, match=r"702\.5c"):
        _ = two.enchant


@pytest.mark.rules("702.5d")
def test_enchant_player_is_not_implemented() -> None:
    with pytest.raises(RuleNotImplementedError, match=r"702\.5d"):
        Enchant(TargetSpec(TargetKind.PLAYER, "target player"), text="Enchant player")


# --- equip (702.6) -----------------------------------------------------------------------------


@pytest.mark.rules("702.6a", "301.5c", "701.3a")
def test_equip_attaches_the_equipment_to_a_creature_you_control() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Longsword", "Grizzly Bears", "Plains")
    s.activate(0, "Test Longsword", targets=["Grizzly Bears"])
    s.run()
    assert s.permanent("Test Longsword").attached_to == s.permanent("Grizzly Bears").id
    assert s.power("Grizzly Bears") == 4
    assert first(s, "permanent_attached")["rule"] == "701.3a"


@pytest.mark.rules("702.6a", "602.5d")
def test_equip_only_as_a_sorcery() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Longsword", "Grizzly Bears", "Plains")
    s.activate(0, "Test Longsword", targets=["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    with pytest.raises(ScenarioError, match="Test Longsword"):
        s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.rules("702.6a", "115.1")
def test_equip_cannot_target_an_opponents_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Longsword", "Plains")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Test Longsword", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="Test Longsword"):
        s.run()


@pytest.mark.rules("702.6c", "702.6d")
@pytest.mark.parametrize(
    ("creature", "plains", "text"),
    [("Test Squire Knight", 1, "Equip Knight"), ("Grizzly Bears", 3, "Equip {3}")],
)
def test_equip_knight_targets_only_knights_and_either_equip_ability_may_be_used(
    creature: str, plains: int, text: str
) -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Knight's Blade", creature, *["Plains"] * plains)
    s.activate(0, "Test Knight's Blade", text=text, targets=[creature])
    s.run()
    assert s.permanent("Test Knight's Blade").attached_to == s.permanent(creature).id


@pytest.mark.rules("702.6c")
def test_equip_knight_cannot_target_a_creature_that_is_not_a_knight() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Knight's Blade", "Grizzly Bears", "Plains")
    s.activate(0, "Test Knight's Blade", text="Equip Knight", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="Knight"):
        s.run()


@pytest.mark.rules("702.6a")
def test_an_equip_ability_targets_only_creatures_you_control() -> None:
    with pytest.raises(ValueError, match="creature you control"):
        Equip("{1}", creature=TARGET_CREATURE)

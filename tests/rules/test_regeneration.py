"""Rules tests for regeneration (CR 701.19) and destruction (701.8, 704.5g).

Cards: Regenerate, Drudge Skeletons, Cudgel Troll, Trollhide, Crimson Muckwader, Vampire
Warlord, Grasping Scoundrel; Terror, Wrath of God, Shatterstorm, Doom Blade, Deathmark,
Day of Judgment, Weakness, Lightning Bolt.
"""

from __future__ import annotations

import pytest
from _support import first

import manaweave
from manaweave import DecisionKind, Step
from manaweave.cards import CardSet, Printed, RegeneratesItself, card
from manaweave.testing import Scenario


@pytest.mark.cards("Regenerate", "Lightning Bolt")
@pytest.mark.rules("701.19a", "704.5g", "614.1a")
def test_a_regenerated_creature_survives_lethal_damage_tapped_and_undamaged() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Forest", "Forest", "Mountain")
    s.add(0, "hand", "Regenerate", "Lightning Bolt")
    s.cast(0, "Regenerate", targets=["Grizzly Bears"])
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    s.run()

    bears = s.permanent("Grizzly Bears")
    assert bears.tapped
    assert bears.damage == 0
    assert first(s, "regeneration_shield_created")["object"] == bears.id
    assert first(s, "permanent_regenerated")["rule"] == "701.19a"
    replaced = first(s, "event_replaced", rule="701.19a")
    assert replaced["instead_of"] == "graveyard"
    assert replaced["to_zone"] is None


@pytest.mark.cards("Drudge Skeletons", "Lightning Bolt")
@pytest.mark.rules("701.19a")
def test_a_shield_is_used_up_by_the_first_destruction() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Drudge Skeletons", "Swamp", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Lightning Bolt")
    s.activate(0, "Drudge Skeletons")
    s.cast(0, "Lightning Bolt", targets=["Drudge Skeletons"], stack_empty=True)
    s.cast(0, "Lightning Bolt", targets=["Drudge Skeletons"], stack_empty=True)
    s.run()
    assert len(s.events("permanent_regenerated")) == 1
    assert "Drudge Skeletons" in s.graveyard(0)


@pytest.mark.cards("Drudge Skeletons")
@pytest.mark.rules("701.19a", "701.8a")
def test_several_shields_each_replace_one_destruction() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Drudge Skeletons", "Swamp", "Swamp", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Lightning Bolt")
    s.activate(0, "Drudge Skeletons")
    s.activate(0, "Drudge Skeletons", stack_empty=True)
    s.cast(0, "Lightning Bolt", targets=["Drudge Skeletons"], stack_empty=True)
    s.cast(0, "Lightning Bolt", targets=["Drudge Skeletons"], stack_empty=True)
    # Two shields apply to the first destruction: its controller picks one (616.1).
    s.choose(0, DecisionKind.REPLACEMENT_ORDER, "Drudge Skeletons")
    s.run()
    assert len(s.events("permanent_regenerated")) == 2
    assert s.battlefield(0).count("Drudge Skeletons") == 1


@pytest.mark.cards("Regenerate", "Doom Blade")
@pytest.mark.rules("701.19a", "514.2")
def test_a_shield_ends_with_the_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Forest", "Forest")
    s.add(0, "hand", "Regenerate")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(0, "Regenerate", targets=["Grizzly Bears"])
    s.cast(1, "Doom Blade", targets=["Grizzly Bears"], turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    assert s.graveyard(0) == ["Regenerate", "Grizzly Bears"]
    assert not s.events("permanent_regenerated")


@pytest.mark.cards("Terror", "Wrath of God")
@pytest.mark.rules("701.19c", "701.8a")
def test_terror_and_wrath_of_god_say_it_cant_be_regenerated() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Cudgel Troll", *["Forest"] * 2, *["Swamp"] * 2)
    s.add(0, "hand", "Terror")
    s.add(1, "battlefield", "Cudgel Troll")
    s.activate(0, "Cudgel Troll")
    s.cast(0, "Terror", targets=["Cudgel Troll#1"], stack_empty=True)  # the regenerating one
    s.run()
    assert "Cudgel Troll" in s.graveyard(0)
    assert not s.events("permanent_regenerated")

    wrath = Scenario()
    wrath.add(0, "battlefield", "Cudgel Troll", "Forest", *["Plains"] * 4)
    wrath.add(0, "hand", "Wrath of God")
    wrath.activate(0, "Cudgel Troll")
    wrath.cast(0, "Wrath of God", stack_empty=True)
    wrath.run()
    assert "Cudgel Troll" in wrath.graveyard(0)
    assert not wrath.events("permanent_regenerated")


@pytest.mark.cards("Cudgel Troll", "Day of Judgment")
@pytest.mark.rules("701.19a", "701.8a")
def test_day_of_judgment_destroys_but_a_shield_saves() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Cudgel Troll", "Grizzly Bears", "Forest", *["Plains"] * 4)
    s.add(0, "hand", "Day of Judgment")
    s.activate(0, "Cudgel Troll")
    s.cast(0, "Day of Judgment", stack_empty=True)
    s.run()
    assert s.graveyard(0) == ["Grizzly Bears", "Day of Judgment"]
    assert s.permanent("Cudgel Troll").tapped


@pytest.mark.cards("Terror")
@pytest.mark.rules("115.1", "601.2c")
def test_terror_targets_only_nonartifact_nonblack_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp")
    s.add(0, "hand", "Terror")
    s.add(1, "battlefield", "Drudge Skeletons", "Grizzly Bears", "Gearsmith Guardian")
    s.cast(0, "Terror", targets=["Grizzly Bears"])
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.TARGET)
    assert [str(o).split(" #")[0] for o in asked.options] == ["Grizzly Bears"]


@pytest.mark.cards("Deathmark")
@pytest.mark.rules("115.1")
def test_deathmark_targets_green_or_white_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Deathmark")
    s.add(1, "battlefield", "Drudge Skeletons", "Grizzly Bears", "Elite Vanguard")
    s.cast(0, "Deathmark", targets=["Elite Vanguard"])
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.TARGET)
    assert sorted(str(o).split(" #")[0] for o in asked.options) == [
        "Elite Vanguard",
        "Grizzly Bears",
    ]
    assert s.graveyard(1) == ["Elite Vanguard"]


@pytest.mark.cards("Cudgel Troll")
@pytest.mark.rules("701.19a", "506.4", "510.1")
def test_a_regenerated_attacker_is_removed_from_combat() -> None:
    # Cudgel Troll attacks, Craw Wurm blocks; the Troll's shield saves it from 6 damage and
    # removes it from combat. (Combat damage is dealt simultaneously: the Wurm takes 4.)
    s = Scenario()
    s.add(0, "battlefield", "Cudgel Troll", "Forest")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(0, "Cudgel Troll")
    s.block(1, "Craw Wurm", "Cudgel Troll")
    s.activate(0, "Cudgel Troll", step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    troll = s.permanent("Cudgel Troll")
    assert troll.damage == 0
    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.game.combat is not None
    assert troll.id not in s.game.combat.attackers


@pytest.mark.cards("Grasping Scoundrel", "Regenerate", "Lightning Bolt")
@pytest.mark.rules("701.19a", "506.4", "611.3b")
def test_a_regenerated_attacker_no_longer_gets_what_attacking_gives() -> None:
    # Grasping Scoundrel gets +1/+0 as long as it's attacking; bolted and regenerated, it
    # is removed from combat (506.4), so the bonus ends at once (611.3b).
    s = Scenario()
    s.add(0, "battlefield", "Grasping Scoundrel", "Forest", "Forest").add(0, "hand", "Regenerate")
    s.add(1, "hand", "Lightning Bolt").add(1, "battlefield", "Mountain")
    s.attack(0, "Grasping Scoundrel")
    s.cast(0, "Regenerate", targets=["Grasping Scoundrel"], step=Step.DECLARE_ATTACKERS)
    s.cast(
        1,
        "Lightning Bolt",
        targets=["Grasping Scoundrel"],
        step=Step.DECLARE_ATTACKERS,
        stack_empty=True,
    )
    s.run(until=(1, Step.COMBAT_DAMAGE))
    assert s.events("permanent_regenerated")
    assert s.power("Grasping Scoundrel") == 1
    assert s.life(1) == 20


@pytest.mark.cards("Weakness")
@pytest.mark.rules("704.5f", "701.19a")
def test_toughness_zero_is_not_destruction_and_cant_be_regenerated() -> None:
    # Drudge Skeletons (1/1) with a shield, then Weakness (-2/-1): toughness 0 puts it into
    # the graveyard without destroying it (704.5f), so the shield doesn't apply.
    s = Scenario()
    s.add(0, "battlefield", "Drudge Skeletons", "Swamp", "Swamp")
    s.add(0, "hand", "Weakness")
    s.activate(0, "Drudge Skeletons")
    s.cast(0, "Weakness", targets=["Drudge Skeletons"], stack_empty=True)
    s.run()
    assert "Drudge Skeletons" in s.graveyard(0)
    assert not s.events("permanent_regenerated")


@pytest.mark.cards("Trollhide")
@pytest.mark.rules("613.1f", "701.19a", "303.4b")
def test_trollhide_grants_the_enchanted_creature_a_regeneration_ability() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", *["Forest"] * 5, "Mountain")
    s.add(0, "hand", "Trollhide", "Lightning Bolt")
    s.add(1, "hand")
    s.cast(0, "Trollhide", targets=["Grizzly Bears"])
    s.activate(0, "Grizzly Bears", text="Regenerate", stack_empty=True)
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    bears = s.permanent("Grizzly Bears")
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 4)
    assert bears.damage == 3  # 3 damage isn't lethal for a 4/4: no regeneration needed
    assert not s.events("permanent_regenerated")
    assert first(s, "regeneration_shield_created")["object"] == bears.id


@pytest.mark.cards("Crimson Muckwader")
@pytest.mark.rules("611.3b", "701.19a")
def test_crimson_muckwader_gets_bigger_with_a_swamp_and_regenerates() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Crimson Muckwader", "Mountain", "Mountain")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Crimson Muckwader"), s.toughness("Crimson Muckwader")) == (2, 1)

    swamp = Scenario()
    swamp.add(0, "battlefield", "Crimson Muckwader", "Swamp", "Mountain", "Mountain")
    swamp.add(1, "battlefield", "Mountain")
    swamp.add(1, "hand", "Lightning Bolt")
    swamp.activate(0, "Crimson Muckwader")
    swamp.cast(1, "Lightning Bolt", targets=["Crimson Muckwader"], when=lambda g: not g.stack)
    swamp.run()
    assert (swamp.power("Crimson Muckwader"), swamp.toughness("Crimson Muckwader")) == (3, 2)
    assert first(swamp, "permanent_regenerated")


@pytest.mark.cards("Vampire Warlord")
@pytest.mark.rules("602.2", "701.21a", "701.19a")
def test_vampire_warlord_sacrifices_another_creature_to_regenerate() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Warlord", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Vampire Warlord")
    s.cast(1, "Lightning Bolt", targets=["Vampire Warlord"], when=lambda g: not g.stack)
    s.run()
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.permanent("Vampire Warlord").tapped
    assert not s.decisions.of_kind(DecisionKind.SACRIFICE)  # only one other creature


@pytest.mark.cards("Vampire Warlord")
@pytest.mark.rules("118.3", "602.2")
def test_vampire_warlord_cannot_sacrifice_itself() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Vampire Warlord")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.decisions.priority(0)[0].activations


@pytest.mark.cards("Shatterstorm")
@pytest.mark.rules("701.19c", "701.8a")
def test_shatterstorm_destroys_artifacts_without_regeneration() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 4)
    s.add(0, "hand", "Shatterstorm")
    s.add(1, "battlefield", "Gearsmith Guardian", "Howling Mine", "Grizzly Bears")
    s.cast(0, "Shatterstorm")
    s.run()
    assert sorted(s.graveyard(1)) == ["Gearsmith Guardian", "Howling Mine"]


# --- static regeneration (701.19b) -------------------------------------------------------------

UNDYING_TROLL = card(
    "Test Undying Troll",
    printed=Printed(
        "{2}{G}{G}",
        "Creature — Troll",
        "If this creature would be destroyed, regenerate it.",
        pt=(3, 3),
    ),
    abilities=(RegeneratesItself(text="If this creature would be destroyed, regenerate it."),),
)


class RegenerationCards:
    """A creature with a static regeneration ability."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSR", "Test regeneration cards", (UNDYING_TROLL,))]


@pytest.mark.rules("701.19b", "704.5g", "614.1a")
def test_a_static_regeneration_ability_replaces_every_destruction() -> None:
    # Unlike a shield (701.19a), the static ability is not used up: two lethal Bolts, two
    # regenerations. Each one taps the Troll and removes its damage.
    s = Scenario(plugins=[RegenerationCards()])
    s.add(0, "battlefield", "Test Undying Troll")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Test Undying Troll"], turn=2, step=Step.UPKEEP)
    s.cast(
        1,
        "Lightning Bolt",
        targets=["Test Undying Troll"],
        turn=2,
        step=Step.UPKEEP,
        stack_empty=True,
    )
    s.run(until=(2, Step.DRAW))
    troll = s.permanent("Test Undying Troll")
    assert troll.tapped
    assert troll.damage == 0
    assert [e["rule"] for e in s.events("permanent_regenerated")] == ["701.19b", "701.19b"]
    assert [e["rule"] for e in s.events("event_replaced")] == ["701.19b", "701.19b"]
    assert not s.events("regeneration_shield_created")


@pytest.mark.rules("701.19b", "701.19c", "701.8a")
def test_a_static_regeneration_ability_cant_save_from_wrath_of_god() -> None:
    s = Scenario(plugins=[RegenerationCards()])
    s.add(0, "battlefield", "Test Undying Troll", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Wrath of God")
    s.cast(0, "Wrath of God")
    s.run()
    assert s.graveyard(0) == ["Test Undying Troll", "Wrath of God"]
    assert not s.events("permanent_regenerated")


@pytest.mark.rules("701.19b", "506.4", "510.1")
def test_a_statically_regenerated_blocker_is_removed_from_combat() -> None:
    # Craw Wurm (6/4) attacks; the Troll blocks and takes lethal damage: it regenerates,
    # tapped, out of combat, and the Wurm survives the Troll's 3 damage.
    s = Scenario(plugins=[RegenerationCards()])
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Test Undying Troll")
    s.attack(0, "Craw Wurm")
    s.block(1, "Test Undying Troll", "Craw Wurm")
    s.run(until=(1, Step.END_OF_COMBAT))
    troll = s.permanent("Test Undying Troll")
    assert troll.tapped
    assert troll.damage == 0
    assert s.game.combat is not None
    assert troll.id not in s.game.combat.blockers
    assert s.permanent("Craw Wurm").damage == 3

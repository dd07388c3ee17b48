"""Rules tests for continuous effects in layers (CR 611, 613).

Cards: Awakener Druid (layers 4, 5 and 7b, "for as long as"), Giant Growth (7c), Oakenform
(a static ability, 7c), Mold Adder's counters (7c), and a test-only instant that sets base
power and toughness (7b).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def druid_scenario(*extra: str) -> Scenario:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Island")
    s.add(0, "hand", "Awakener Druid", *extra)
    s.cast(0, "Awakener Druid")
    s.choose(0, DecisionKind.TARGET, "Forest#1")
    return s


@pytest.mark.cards("Awakener Druid")
@pytest.mark.rules("613.1d", "613.1e", "613.4b", "205.1b")
def test_awakener_druid_makes_a_forest_a_green_treefolk_creature_that_is_still_a_land() -> None:
    s = druid_scenario().run()
    game = s.game
    assert game is not None
    treefolk = [p for p in s.permanents("Forest") if "Creature" in game.characteristics(p).types]
    assert len(treefolk) == 1
    chars = game.characteristics(treefolk[0])
    assert chars.types == ("Land", "Creature")
    assert chars.subtypes == ("Forest", "Treefolk")
    assert chars.colors == ("G",)
    assert (chars.power, chars.toughness) == (4, 5)


@pytest.mark.cards("Awakener Druid")
@pytest.mark.rules("611.2b")
def test_the_effect_lasts_as_long_as_the_druid_remains_on_the_battlefield() -> None:
    s = druid_scenario()
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Awakener Druid"], step=Step.BEGINNING_OF_COMBAT)
    s.run(until=(1, Step.END))
    game = s.game
    assert game is not None
    assert s.graveyard(0) == ["Awakener Druid"]
    assert all("Creature" not in game.characteristics(p).types for p in s.permanents("Forest"))


@pytest.mark.rules("611.2c", "613.4b", "613.4c", "613.1")
def test_setting_base_pt_applies_before_modifications_whatever_their_timestamps() -> None:
    # Giant Growth (7c) resolves after the Druid's 4/5 (7b): 7/8. The layer decides the
    # order, not the timestamp (613.1).
    s = druid_scenario("Giant Growth")
    s.cast(0, "Giant Growth", targets=["Forest"], stack_empty=True)
    s.run()
    game = s.game
    assert game is not None
    (treefolk,) = [p for p in s.permanents("Forest") if game.characteristics(p).is_creature]
    assert (game.characteristics(treefolk).power, game.characteristics(treefolk).toughness) == (
        7,
        8,
    )


@pytest.mark.rules("613.7", "613.4b")
def test_later_timestamp_wins_within_a_layer() -> None:
    # Test Shrink (7b, 1/1) after the Druid's effect (7b, 4/5): the later one wins.
    s = druid_scenario("Test Shrink")
    s.cast(0, "Test Shrink", targets=["Forest"], stack_empty=True)
    s.run()
    game = s.game
    assert game is not None
    (treefolk,) = [p for p in s.permanents("Forest") if game.characteristics(p).is_creature]
    assert (game.characteristics(treefolk).power, game.characteristics(treefolk).toughness) == (
        1,
        1,
    )


@pytest.mark.rules("613.4b", "613.4c", "514.2")
def test_base_pt_set_until_end_of_turn_then_reverts() -> None:
    # Test Shrink sets the Wurm's base P/T to 1/1 (7b); Oakenform's +3/+3 (7c) applies on
    # top: 4/4. After the cleanup step only Oakenform is left: 9/7.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Island", "Forest", "Forest", "Forest", "Craw Wurm")
    s.add(0, "hand", "Test Shrink", "Oakenform")
    s.cast(0, "Test Shrink", targets=["Craw Wurm"])
    s.cast(0, "Oakenform", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert (s.power("Craw Wurm"), s.toughness("Craw Wurm")) == (4, 4)
    s2 = Scenario(plugins=[TestCards()])
    s2.add(0, "battlefield", "Island", "Forest", "Forest", "Forest", "Craw Wurm")
    s2.add(0, "hand", "Test Shrink", "Oakenform")
    s2.cast(0, "Test Shrink", targets=["Craw Wurm"])
    s2.cast(0, "Oakenform", targets=["Craw Wurm"], stack_empty=True)
    s2.run(until=(2, Step.UPKEEP))
    assert (s2.power("Craw Wurm"), s2.toughness("Craw Wurm")) == (9, 7)


@pytest.mark.rules("302.6", "613.1d")
def test_a_land_that_became_a_creature_can_attack_if_controlled_since_the_turn_began() -> None:
    # The Druid is paid for with other lands, so the one Forest is untapped to attack.
    s = Scenario()
    s.add(0, "battlefield", "Sunpetal Grove", "Rootbound Crag", "Island", "Forest")
    s.add(0, "hand", "Awakener Druid")
    s.cast(0, "Awakener Druid")
    s.choose(0, DecisionKind.TARGET, "Forest")
    s.attack(0, "Forest")
    s.run(until=(1, Step.END))
    assert s.life(1) == 16


@pytest.mark.rules("611.2b", "603.3")
def test_a_for_as_long_as_duration_that_never_starts_does_nothing() -> None:
    # The Druid's trigger is on the stack; in response the Druid is killed. When the
    # trigger resolves, the Druid is gone, so the Forest does not become a creature.
    s = druid_scenario()
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(
        1,
        "Lightning Bolt",
        targets=["Awakener Druid"],
        when=lambda game: bool(game.stack) and game.stack[-1].name == "Awakener Druid ability",
    )
    s.run()
    game = s.game
    assert game is not None
    assert s.graveyard(0) == ["Awakener Druid"]
    assert s.events("ability_stacked")  # the trigger was on the stack when the Bolt came
    assert s.events("effect_created") == []
    assert all(not game.characteristics(p).is_creature for p in s.permanents("Forest"))


# --- the layer canon: Humility and Opalescence ---------------------------------------------


def humility_and_opalescence(first: str, second: str) -> Scenario:
    """``first`` enters before ``second`` (so it has the earlier timestamp)."""
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", first, second, "Grizzly Bears", "Llanowar Elves", "Glorious Anthem")
    return s.run()


def sizes(s: Scenario) -> dict[str, tuple[int | None, int | None]]:
    game = s.game
    assert game is not None
    return {
        p.name: (game.characteristics(p).power, game.characteristics(p).toughness)
        for p in game.battlefield
        if game.characteristics(p).is_creature
    }


@pytest.mark.rules("613.1d", "613.1f", "613.4b", "613.6", "613.7")
def test_humility_then_opalescence_humility_is_4_4_the_others_1_1() -> None:
    # Layer 4: Opalescence makes Humility and Glorious Anthem creatures. Layer 6: Humility
    # removes all creatures' abilities, its own and the Anthem's included; it goes on
    # applying (613.6). Layer 7b in timestamp order: Humility's 1/1, then Opalescence's
    # mana value. The Anthem lost its ability in layer 6 before its layer 7c effect began.
    s = humility_and_opalescence("Humility", "Opalescence")
    assert sizes(s) == {
        "Humility": (4, 4),
        "Glorious Anthem": (3, 3),
        "Grizzly Bears": (1, 1),
        "Llanowar Elves": (1, 1),
    }


@pytest.mark.rules("613.1d", "613.1f", "613.4b", "613.6", "613.7")
def test_opalescence_then_humility_every_creature_is_1_1() -> None:
    s = humility_and_opalescence("Opalescence", "Humility")
    assert set(sizes(s).values()) == {(1, 1)}
    assert len(sizes(s)) == 4


@pytest.mark.rules("613.1f", "113.6")
def test_a_creature_that_lost_its_abilities_cannot_use_them() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Humility", "Llanowar Elves")
    s.activate(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


# --- the layer canon: Blood Moon and Urborg (a dependency) ---------------------------------


def land_types(s: Scenario) -> dict[str, tuple[str, ...]]:
    game = s.game
    assert game is not None
    return {p.name: game.characteristics(p).subtypes for p in game.battlefield if p.card.is_land}


def mana_of(s: Scenario, name: str) -> list[str]:
    game = s.game
    assert game is not None
    chars = game.characteristics(s.permanent(name))
    return [a.text for a in chars.abilities]


@pytest.mark.rules("613.8", "613.8a", "613.8b", "305.7", "305.6")
@pytest.mark.parametrize(
    "order",
    [("Blood Moon", "Urborg, Tomb of Yawgmoth"), ("Urborg, Tomb of Yawgmoth", "Blood Moon")],
)
def test_urborg_depends_on_blood_moon_whatever_the_timestamps(order: tuple[str, str]) -> None:
    # Blood Moon would remove Urborg's ability (Urborg is a nonbasic land), so Urborg's
    # effect depends on Blood Moon's and applies after it, in either timestamp order;
    # by then it does not exist. Urborg is a Mountain, and no land is a Swamp.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", order[0], order[1], "Forest", "Sunpetal Grove")
    s.run()
    assert land_types(s) == {
        "Urborg, Tomb of Yawgmoth": ("Mountain",),
        "Forest": ("Forest",),
        "Sunpetal Grove": ("Mountain",),
    }
    assert mana_of(s, "Urborg, Tomb of Yawgmoth") == ["{T}: Add {R}."]
    assert mana_of(s, "Sunpetal Grove") == ["{T}: Add {R}."]  # its own ability is gone
    assert mana_of(s, "Forest") == ["{T}: Add {G}."]


@pytest.mark.rules("305.6", "613.1d", "611.3a")
def test_urborg_alone_makes_every_land_a_swamp_that_taps_for_black() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Urborg, Tomb of Yawgmoth", "Forest")
    s.add(1, "battlefield", "Island")
    s.run()
    assert land_types(s)["Forest"] == ("Forest", "Swamp")
    assert land_types(s)["Island"] == ("Island", "Swamp")
    assert mana_of(s, "Forest") == ["{T}: Add {G}.", "{T}: Add {B}."]


# --- more of the canon ---------------------------------------------------------------------


@pytest.mark.rules("613.8", "613.8a", "613.1d", "613.4b", "704.5f")
@pytest.mark.parametrize(
    "order", [("Opalescence", "Enchanted Evening"), ("Enchanted Evening", "Opalescence")]
)
def test_opalescence_depends_on_enchanted_evening(order: tuple[str, str]) -> None:
    # Enchanted Evening changes what Opalescence applies to, so it applies first in either
    # order: every other permanent is an enchantment, hence a creature with P/T equal to
    # its mana value. Lands are 0/0 and die; Opalescence itself is not a creature.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", order[0], order[1], "Forest", "Grizzly Bears")
    s.run()
    game = s.game
    assert game is not None
    assert s.graveyard(0) == ["Forest"]
    evening = game.characteristics(s.permanent("Enchanted Evening"))
    assert (evening.is_creature, evening.power, evening.toughness) == (True, 5, 5)
    assert not game.characteristics(s.permanent("Opalescence")).is_creature
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)


@pytest.mark.rules("613.1d", "613.4c", "611.3a", "205.1a")
def test_a_creature_made_a_sliver_gets_the_sliver_lords_bonus() -> None:
    # Conspiracy-style: creatures you control are Slivers (layer 4), so Predatory Sliver's
    # "Sliver creatures you control get +1/+1" (layer 7c) applies to them.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Conspiracy", "Predatory Sliver", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.run()
    game = s.game
    assert game is not None
    assert game.characteristics(s.permanent("Grizzly Bears")).subtypes == ("Sliver",)
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 3)
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (2, 2)


@pytest.mark.rules("613.4c", "704.5q", "122.1")
def test_an_anthem_with_plus_and_minus_counters() -> None:
    # Glorious Anthem (+1/+1) and a Mold Adder with one +1/+1 counter that is given two
    # -1/-1 counters: one pair annihilates (704.5q), leaving one -1/-1 counter: 1/1.
    s = Scenario(turn=2, active=1, plugins=[TestCards()])
    s.add(0, "battlefield", "Glorious Anthem", "Mold Adder")
    s.add(1, "battlefield", "Island", "Island", "Island", "Swamp")
    s.add(1, "hand", "Divination", "Test Wither")
    s.cast(1, "Divination")
    s.cast(1, "Test Wither", targets=["Mold Adder"], stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.MAY, "no")
    s.run(until=(2, Step.END))
    adder = s.permanent("Mold Adder")
    assert adder.counters == {"-1/-1": 1}
    assert (s.power("Mold Adder"), s.toughness("Mold Adder")) == (1, 1)


# --- layer 3: text-changing effects (Sleight of Mind, Magical Hack) --------------------------


@pytest.mark.rules("612.1", "612.2", "613.1c", "613.4c")
def test_a_changed_colour_word_changes_what_an_anthem_applies_to() -> None:
    # Honor of the Pure's "white" becomes "green" (layer 3): it now pumps the green Bears,
    # not the white Lion (layer 7c looks at the changed text).
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Island", "Honor of the Pure", "Silvercoat Lion", "Grizzly Bears")
    s.add(0, "hand", "Test Sleight")
    s.cast(0, "Test Sleight", targets=["Honor of the Pure"])
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 3)
    assert (s.power("Silvercoat Lion"), s.toughness("Silvercoat Lion")) == (2, 2)


@pytest.mark.rules("612.2", "613.1c", "613.1d", "305.7")
def test_a_changed_land_type_word_changes_blood_moon() -> None:
    # Blood Moon's "Mountains" becomes "Islands": nonbasic lands are Islands.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Island", "Blood Moon", "Sunpetal Grove")
    s.add(0, "hand", "Test Hack")
    s.cast(0, "Test Hack", targets=["Blood Moon"])
    s.run()
    assert land_types(s)["Sunpetal Grove"] == ("Island",)
    assert mana_of(s, "Sunpetal Grove") == ["{T}: Add {U}."]


@pytest.mark.rules("612.2", "603.2")
def test_a_changed_colour_word_changes_a_trigger_condition() -> None:
    # Angel's Feather: "Whenever a player casts a white spell" becomes "... a green spell".
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Island", "Forest", "Angel's Feather", "Grizzly Bears")
    s.add(0, "hand", "Test Sleight", "Giant Growth")
    s.cast(0, "Test Sleight", targets=["Angel's Feather"])
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()
    assert s.life(0) == 21


# --- 604.3, 613.4a: characteristic-defining abilities ----------------------------------------


@pytest.mark.cards("Crusader of Odric")
@pytest.mark.rules("604.3", "613.4a", "208.2a")
def test_crusader_of_odric_counts_the_creatures_its_controller_controls() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Crusader of Odric", "Grizzly Bears", "Forest")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.run()
    assert (s.power("Crusader of Odric"), s.toughness("Crusader of Odric")) == (2, 2)


@pytest.mark.cards("Crusader of Odric")
@pytest.mark.rules("208.2a", "604.3")
def test_a_characteristic_defining_ability_works_in_the_hand_too() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Silvercoat Lion")
    s.add(0, "hand", "Crusader of Odric")
    s.run()
    game = s.game
    assert game is not None
    (crusader,) = game.players[0].hand
    chars = game.characteristics(crusader)
    assert (chars.power, chars.toughness) == (3, 3)


@pytest.mark.rules("613.4a", "613.4b", "613.4c", "613.1d")
def test_layer_7a_comes_after_types_and_before_setting_and_modifying() -> None:
    # Opalescence makes Glorious Anthem a creature in layer 4, so the Crusader counts it
    # (7a): Crusader, Bears and Anthem: 3/3, then the Anthem's +1/+1 (7c): 4/4. Test Shrink
    # then sets its base to 1/1 (7b, after 7a): 2/2 with the Anthem.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Opalescence", "Glorious Anthem", "Crusader of Odric", "Grizzly Bears")
    s.run()
    assert (s.power("Crusader of Odric"), s.toughness("Crusader of Odric")) == (4, 4)

    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Opalescence", "Glorious Anthem", "Crusader of Odric", "Island")
    s.add(0, "hand", "Test Shrink")
    s.cast(0, "Test Shrink", targets=["Crusader of Odric"])
    s.run()
    assert (s.power("Crusader of Odric"), s.toughness("Crusader of Odric")) == (2, 2)


# --- layer 6: abilities granted by effects --------------------------------------------------


def whipped(*, humility: str | None = None) -> Scenario:
    """Test Fire Whip on Grizzly Bears; Humility already there (``"before"``) or cast
    after the Aura (``"after"``)."""
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Test Fire Whip")
    if humility == "before":
        s.add(0, "battlefield", "Humility")
    s.cast(0, "Test Fire Whip", targets=["Grizzly Bears"])
    if humility == "after":
        s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
        s.add(0, "hand", "Humility")
        s.cast(0, "Humility", stack_empty=True)
    return s


@pytest.mark.rules("613.1f", "303.4b", "602.1")
def test_an_aura_grants_an_activated_ability_its_creature_can_use() -> None:
    s = whipped()
    s.activate(0, "Grizzly Bears", text="deals 1 damage", targets=["P2"], stack_empty=True)
    s.run()

    bears = s.permanent("Grizzly Bears")
    assert s.life(1) == 19
    assert first(s, "damage_dealt", to_player=1)["source"] == bears.id  # "this creature"
    assert bears.tapped


@pytest.mark.rules("613.1f", "302.6")
def test_a_granted_tap_ability_of_a_creature_needs_no_summoning_sickness() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain", sick=False)
    s.add(0, "battlefield", "Runeclaw Bear", sick=True)
    s.add(0, "hand", "Test Fire Whip")
    s.cast(0, "Test Fire Whip", targets=["Runeclaw Bear"])
    s.activate(0, "Runeclaw Bear", text="deals 1 damage", targets=["P2"], stack_empty=True)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("613.1f", "613.7")
def test_humility_earlier_then_a_granted_ability_the_creature_has_it() -> None:
    # Both apply in layer 6 in timestamp order: Humility removes the Bears' abilities,
    # then the later Aura's effect gives it the Whip's ability.
    s = whipped(humility="before")
    s.activate(0, "Grizzly Bears", text="deals 1 damage", targets=["P2"], stack_empty=True)
    s.run()
    assert s.life(1) == 19
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (1, 1)


@pytest.mark.rules("613.1f", "613.7")
def test_humility_later_removes_the_granted_ability() -> None:
    s = whipped(humility="after")
    s.activate(0, "Grizzly Bears", text="deals 1 damage", targets=["P2"], stack_empty=True)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("613.1f", "603.10a", "603.6c")
def test_a_granted_dies_trigger_looks_back_and_triggers() -> None:
    # The Aura's grant is there as the creature dies; the Aura itself goes to the
    # graveyard only afterwards (704.5m), but the look-back sees the creature with it.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Plains", "Mountain")
    s.add(0, "hand", "Test Legacy", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Test Legacy", targets=["Grizzly Bears"])
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    s.run()

    # The ability's controller is the creature's controller: player 2 gains the life.
    assert s.life(1) == 23
    assert s.life(0) == 20
    assert sorted(s.graveyard(0)) == ["Lightning Bolt", "Test Legacy"]


# --- colour characteristic-defining abilities (604.3, 613.3) -----------------------------------


@pytest.mark.rules("604.3", "105.2", "613.1e")
def test_a_colour_cda_makes_a_creature_all_colours() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Prism Courier")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    chars = s.game.characteristics(s.permanent("Test Prism Courier"))
    assert chars.colors == ("W", "U", "B", "R", "G")


@pytest.mark.rules("604.3", "603.2")
def test_a_colour_cda_works_on_the_stack_too() -> None:
    # Kraken's Eye ("Whenever a player casts a blue spell, you may gain 1 life") sees the
    # all-colours spell as blue while it is being cast.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Kraken's Eye", *["Island"] * 5)
    s.add(0, "hand", "Test Prism Courier")
    s.cast(0, "Test Prism Courier")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()
    assert s.life(0) == 21


@pytest.mark.rules("613.3", "613.7", "613.1e")
def test_a_cda_applies_first_in_its_layer_whatever_the_timestamps() -> None:
    # "Creatures are black" is older than the Courier; by timestamp alone the Courier's
    # "is all colors" would apply last. It applies first (613.3), so the Courier is black.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Dusk", *["Island"] * 5)
    s.add(0, "hand", "Test Prism Courier")
    s.cast(0, "Test Prism Courier")
    s.run()
    chars = s.game.characteristics(s.permanent("Test Prism Courier"))
    assert chars.colors == ("B",)


# --- dependencies in the power/toughness layers (613.8 in 7c) ------------------------------


@pytest.mark.rules("613.8a", "613.8b", "613.4c", "613.7")
def test_an_effect_whose_reach_reads_power_depends_on_an_earlier_layer_7c_effect() -> None:
    # "Creatures you control with power 2 or less get +1/+1" (older) and "Creatures you
    # control get +1/+1" (newer). Applying the anthem changes what the first applies to,
    # so the first depends on it and applies after it whatever the timestamps (613.8b):
    # Grizzly Bears is 3/3, not 4/4.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Underdog Banner", "Grizzly Bears", *["Plains"] * 3)
    s.add(0, "hand", "Glorious Anthem")
    s.cast(0, "Glorious Anthem")
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 3)


@pytest.mark.rules("613.4c", "611.3a")
def test_the_power_filter_is_judged_as_the_layer_applies() -> None:
    # Without the anthem the Bears (power 2) get the Banner's +1/+1; a Craw Wurm doesn't.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Underdog Banner", "Grizzly Bears", "Craw Wurm")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Grizzly Bears"), s.power("Craw Wurm")) == (3, 6)


@pytest.mark.rules("604.3", "205.3m", "613.1d")
def test_every_creature_type_counts_for_lords_and_costs() -> None:
    # Predatory Sliver gives Slivers +1/+1; Goblin Grenade can sacrifice it as a Goblin.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Mistform Mimic", "Predatory Sliver", "Mountain")
    s.add(0, "hand", "Goblin Grenade")
    s.cast(0, "Goblin Grenade", targets=["P2"])
    s.run()
    assert s.life(1) == 15
    assert "Test Mistform Mimic" in s.graveyard(0)


@pytest.mark.rules("613.3", "613.1d", "613.7")
def test_a_type_cda_applies_before_an_older_type_setting_effect() -> None:
    # Test Conspiracy (creatures you control are Slivers) is older than the Mimic; the
    # Mimic's "every creature type" applies first (613.3), then it is only a Sliver.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Conspiracy", *["Island"] * 3)
    s.add(0, "hand", "Test Mistform Mimic")
    s.cast(0, "Test Mistform Mimic")
    s.run()
    chars = s.game.characteristics(s.permanent("Test Mistform Mimic"))
    assert chars.subtypes == ("Sliver",)

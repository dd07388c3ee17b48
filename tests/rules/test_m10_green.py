"""The green and colourless cards of Magic 2010, each played out: every line of each
card's text does what it says, in a game."""

from __future__ import annotations

from typing import Any

import pytest

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def first(s: Scenario, event: str, **fields: Any) -> dict[str, Any]:
    """The first logged ``event`` whose fields have these values."""
    for record in s.events(event):
        if all(record.get(k) == v for k, v in fields.items()):
            return record
    raise AssertionError(f"no {event} with {fields}")


# --- instants and sorceries -------------------------------------------------------------------


@pytest.mark.cards("Might of Oaks")
@pytest.mark.rules("608.2h", "611.2c", "613.4c")
def test_might_of_oaks_gives_plus_seven_until_end_of_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Runeclaw Bear")
    s.add(0, "hand", "Might of Oaks")
    s.cast(0, "Might of Oaks", targets=["Runeclaw Bear"])
    s.run(until=(1, Step.END))
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (9, 9)
    s2 = Scenario()
    s2.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Runeclaw Bear")
    s2.add(0, "hand", "Might of Oaks")
    s2.cast(0, "Might of Oaks", targets=["Runeclaw Bear"])
    s2.run(until=(2, Step.UPKEEP))
    assert (s2.power("Runeclaw Bear"), s2.toughness("Runeclaw Bear")) == (2, 2)  # 514.2


@pytest.mark.cards("Bountiful Harvest")
@pytest.mark.rules("119.3", "608.2h")
def test_bountiful_harvest_gains_a_life_for_each_land_tapped_or_not() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 5, "Plains", "Island")
    s.add(1, "battlefield", "Mountain")  # not a land its caster controls
    s.add(0, "hand", "Bountiful Harvest")
    s.cast(0, "Bountiful Harvest")
    s.run()
    assert s.life(0) == 27
    assert first(s, "life_changed", player=0)["delta"] == 7


@pytest.mark.cards("Rampant Growth")
@pytest.mark.rules("701.23a", "701.23b", "205.4a", "110.5b")
def test_rampant_growth_puts_a_basic_land_onto_the_battlefield_tapped() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Rampant Growth")
    s.library(0, ["Rootbound Crag", "Craw Wurm", "Mountain", "Island"])
    s.cast(0, "Rampant Growth")
    s.choose(0, DecisionKind.SEARCH, "Mountain")
    s.run()
    mountain = s.permanent("Mountain")
    assert mountain.tapped
    assert mountain.controller == 0
    assert s.library_size(0) == 3
    (asked,) = s.decisions.of_kind(DecisionKind.SEARCH)
    # Only basic land cards, and "find nothing" (701.23b): no nonbasic Rootbound Crag.
    names = sorted(str(getattr(o, "name", getattr(o, "word", ""))) for o in asked.options)
    assert [n.split(" #")[0] for n in names] == ["Island", "Mountain", "find nothing"]
    assert first(s, "library_searched")["rule"] == "701.23a"


@pytest.mark.cards("Overrun")
@pytest.mark.rules("613.1f", "613.4c", "702.19b", "611.2c")
def test_overrun_pumps_and_gives_trample_to_creatures_you_control() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 5, "Runeclaw Bear", "Centaur Courser")
    s.add(0, "hand", "Overrun")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Overrun")
    s.attack(0, "Runeclaw Bear", "Centaur Courser")
    s.block(1, "Grizzly Bears", "Runeclaw Bear")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 3))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (5, 5)
    # 5 trampling over a 2/2 blocker: 3 to the player, and 6 from the Courser.
    assert s.life(1) == 20 - 3 - 6
    assert "Grizzly Bears" in s.graveyard(1)


@pytest.mark.cards("Windstorm")
@pytest.mark.rules("120.3", "107.3a", "702.9a")
def test_windstorm_deals_x_damage_to_each_creature_with_flying_only() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Wind Drake")
    s.add(0, "hand", "Windstorm")
    s.add(1, "battlefield", "Snapping Drake", "Giant Spider", "Runeclaw Bear")
    s.cast(0, "Windstorm", x=2)
    s.run()
    assert sorted(s.graveyard(0)) == ["Wind Drake", "Windstorm"]
    assert s.graveyard(1) == ["Snapping Drake"]
    assert s.permanent("Giant Spider").damage == 0  # reach is not flying
    assert s.permanent("Runeclaw Bear").damage == 0
    assert len(s.events("damage_dealt")) == 2


# --- creatures --------------------------------------------------------------------------------


@pytest.mark.cards("Great Sable Stag")
@pytest.mark.rules("113.6g", "701.6a")
def test_great_sable_stag_cant_be_countered() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Great Sable Stag")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Great Sable Stag")
    s.cast(1, "Cancel", targets=["Great Sable Stag"])
    s.run()
    assert s.battlefield(0).count("Great Sable Stag") == 1
    assert first(s, "counter_failed")["rule"] == "113.6g"
    assert s.events("spell_countered") == []


@pytest.mark.cards("Great Sable Stag")
@pytest.mark.rules("702.16b", "702.16e", "702.16g")
def test_great_sable_stag_has_protection_from_blue_and_from_black() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp")
    s.add(0, "hand", "Doom Blade")
    s.add(1, "battlefield", "Great Sable Stag")
    s.cast(0, "Doom Blade", targets=["Great Sable Stag"])
    with pytest.raises(ScenarioError, match="Doom Blade"):
        s.run()
    # Damage from a black source is prevented; from a red one, it isn't.
    s = Scenario()
    s.add(0, "battlefield", "Warpath Ghoul", "Goblin Piker")
    s.add(1, "battlefield", "Great Sable Stag")
    s.attack(0, "Warpath Ghoul")
    s.block(1, "Great Sable Stag", "Warpath Ghoul")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("Great Sable Stag").damage == 0
    assert first(s, "damage_prevented")["rule"] == "702.16e"
    assert "Warpath Ghoul" in s.graveyard(0)


@pytest.mark.cards("Acidic Slime")
@pytest.mark.rules("603.3", "701.8a", "702.2b")
def test_acidic_slime_destroys_an_artifact_as_it_enters_and_has_deathtouch() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 5)
    s.add(0, "hand", "Acidic Slime")
    s.add(1, "battlefield", "Howling Mine", "Craw Wurm")
    s.cast(0, "Acidic Slime")
    s.choose(0, DecisionKind.TARGET, "Howling Mine")
    s.run()
    assert s.graveyard(1) == ["Howling Mine"]
    assert "Acidic Slime" in s.battlefield(0)
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Craw Wurm")
    s.add(0, "battlefield", "Acidic Slime")
    s.attack(1, "Craw Wurm", turn=2)
    s.block(0, "Acidic Slime", "Craw Wurm", turn=2)
    s.run(until=(2, Step.END_OF_COMBAT))
    assert "Craw Wurm" in s.graveyard(1)


@pytest.mark.cards("Birds of Paradise")
@pytest.mark.rules("605.1a", "106.1a", "702.9b")
def test_birds_of_paradise_adds_one_mana_of_any_color_and_flies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Birds of Paradise")
    s.add(0, "hand", "Zephyr Sprite")
    s.cast(0, "Zephyr Sprite")
    s.run()
    assert "Zephyr Sprite" in s.battlefield(0)
    assert first(s, "mana_added", player=0)["mana"] == ["U"]
    assert s.permanent("Birds of Paradise").tapped
    s = Scenario()
    s.add(0, "battlefield", "Birds of Paradise", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Birds of Paradise", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Birds of Paradise")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Birds of Paradise"):
        s.run()


@pytest.mark.cards("Borderland Ranger")
@pytest.mark.rules("603.5", "701.23a", "701.20a", "205.4a")
def test_borderland_ranger_may_fetch_a_basic_land_into_hand() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Borderland Ranger")
    s.library(0, ["Plains", "Dragonskull Summit", "Craw Wurm"])
    s.cast(0, "Borderland Ranger")
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.SEARCH, "Plains")
    s.run()
    assert s.hand(0) == ["Plains"]
    assert first(s, "cards_revealed", player=0)["cards"] == ["Plains"]
    (asked,) = s.decisions.of_kind(DecisionKind.SEARCH)
    assert len(asked.options) == 2  # Plains or nothing
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Borderland Ranger")
    s.cast(0, "Borderland Ranger")
    s.choose(0, DecisionKind.MAY, "no")
    s.run()
    assert s.decisions.of_kind(DecisionKind.SEARCH) == []
    assert s.hand(0) == []


@pytest.mark.cards("Elvish Piper")
@pytest.mark.rules("602.2", "610.3", "302.6")
def test_elvish_piper_puts_a_creature_card_from_hand_onto_the_battlefield() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Elvish Piper")
    s.add(0, "hand", "Craw Wurm", "Giant Growth")
    s.activate(0, "Elvish Piper")
    s.choose(0, DecisionKind.CARD, "Craw Wurm")
    s.run()
    assert "Craw Wurm" in s.battlefield(0)
    assert s.hand(0) == ["Giant Growth"]
    (asked,) = s.decisions.of_kind(DecisionKind.CARD)
    assert len(asked.options) == 2  # no, or the Wurm: not the instant


@pytest.mark.cards("Prized Unicorn")
@pytest.mark.rules("509.1c")
def test_prized_unicorn_must_be_blocked_by_all_creatures_able() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Prized Unicorn", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears", "Centaur Courser")
    s.attack(0, "Prized Unicorn", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Prized Unicorn")
    s.block(1, "Centaur Courser", "Runeclaw Bear")
    with pytest.raises(ScenarioError, match=r"obeys 1 block requirement\(s\); 2 can be"):
        s.run()
    s = Scenario()
    s.add(0, "battlefield", "Prized Unicorn", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears", "Centaur Courser")
    s.attack(0, "Prized Unicorn", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Prized Unicorn")
    s.block(1, "Centaur Courser", "Prized Unicorn")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.graveyard(0) == ["Prized Unicorn"]
    assert s.life(1) == 18


@pytest.mark.cards("Platinum Angel", "Shatter")
@pytest.mark.rules("104.3", "104.3a", "104.2a", "704.5a")
def test_platinum_angel_keeps_its_controller_in_the_game() -> None:
    s = Scenario()
    s.life(0, 2)
    s.add(0, "battlefield", "Platinum Angel")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Shatter")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.run(until=(1, Step.END))
    assert s.life(0) == -1
    assert s.outcome is None
    assert s.events("player_lost") == []
    # Once the Angel is gone, the state-based action applies (704.5a).
    s = Scenario()
    s.life(0, 2)
    s.add(0, "battlefield", "Platinum Angel")
    s.add(1, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Shatter")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(1, "Shatter", targets=["Platinum Angel"], stack_empty=True)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (1,)
    assert first(s, "player_lost", player=0)["rule"] == "704.5a"


@pytest.mark.cards("Platinum Angel")
@pytest.mark.rules("104.3a")
def test_platinum_angel_doesnt_stop_conceding() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Platinum Angel")
    s.concede(0)
    s.run()
    assert s.outcome is not None
    assert s.outcome.winners == (1,)


# --- planeswalker ------------------------------------------------------------------------------


@pytest.mark.cards("Garruk Wildspeaker")
@pytest.mark.rules("606.4", "701.26b", "115.1")
def test_garruk_wildspeaker_untaps_two_target_lands() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Garruk Wildspeaker")
    s.add(0, "battlefield", "Forest", "Plains", tapped=True)
    s.activate(0, "Garruk Wildspeaker", text="[+1]", targets=["Forest", "Plains"])
    s.run()
    assert not s.permanent("Forest").tapped
    assert not s.permanent("Plains").tapped
    assert s.permanent("Garruk Wildspeaker").counters["loyalty"] == 4
    assert [e["rule"] for e in s.events("permanent_untapped")] == ["701.26b", "701.26b"]


@pytest.mark.cards("Garruk Wildspeaker")
@pytest.mark.rules("606.4", "111.1")
def test_garruk_wildspeaker_makes_a_beast() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Garruk Wildspeaker")
    s.activate(0, "Garruk Wildspeaker", text="[−1]")
    s.run()
    assert (s.power("Beast Token"), s.toughness("Beast Token")) == (3, 3)
    assert s.permanent("Garruk Wildspeaker").counters["loyalty"] == 2


@pytest.mark.cards("Garruk Wildspeaker")
@pytest.mark.rules("606.4", "613.1f", "613.4c", "702.19b")
def test_garruk_wildspeakers_overrun() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Garruk Wildspeaker", "Runeclaw Bear", loyalty=4)
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Garruk Wildspeaker", text="[−4]")
    s.attack(0, "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Runeclaw Bear")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 3))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 17
    assert "Garruk Wildspeaker" in s.graveyard(0)  # no loyalty left (704.5i)


# --- artifacts and lands -----------------------------------------------------------------------


@pytest.mark.cards("Rod of Ruin")
@pytest.mark.rules("602.2", "120.3")
def test_rod_of_ruin_deals_one_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Rod of Ruin", "Mountain", "Mountain", "Mountain")
    s.activate(0, "Rod of Ruin", targets=["P2"])
    s.run()
    assert s.life(1) == 19
    assert s.permanent("Rod of Ruin").tapped


@pytest.mark.cards("Spellbook")
@pytest.mark.rules("402.2", "514.1")
def test_spellbook_means_no_discard_to_hand_size() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Spellbook")
    s.add(0, "hand", *["Forest"] * 9)
    s.run(until=(2, Step.UPKEEP))
    assert len(s.hand(0)) == 9
    assert s.events("card_discarded") == []
    s = Scenario()
    s.add(0, "hand", *["Forest"] * 9)
    with pytest.raises(ScenarioError, match="maximum hand size"):
        s.run(until=(2, Step.UPKEEP))


@pytest.mark.cards("Terramorphic Expanse")
@pytest.mark.rules("602.2", "701.21a", "701.23a", "205.4a")
def test_terramorphic_expanse_sacrifices_itself_for_a_tapped_basic_land() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Terramorphic Expanse")
    s.library(0, ["Island", "Sunpetal Grove", "Swamp"])
    s.activate(0, "Terramorphic Expanse")
    s.choose(0, DecisionKind.SEARCH, "Island")
    s.run()
    assert s.graveyard(0) == ["Terramorphic Expanse"]
    assert s.permanent("Island").tapped
    assert first(s, "sacrificed")["rule"] == "701.21a"


@pytest.mark.cards("Gargoyle Castle")
@pytest.mark.rules("106.1b", "605.1a", "602.2", "111.1", "701.21a")
def test_gargoyle_castle_makes_colorless_mana_and_a_gargoyle() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Gargoyle Castle", "Forest")
    s.add(0, "hand", "Howling Mine")
    s.cast(0, "Howling Mine")
    s.run()
    assert "Howling Mine" in s.battlefield(0)
    assert ["C"] in [e["mana"] for e in s.events("mana_added")]
    s = Scenario()
    s.add(0, "battlefield", "Gargoyle Castle", *["Forest"] * 5)
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Gargoyle Castle", text="Sacrifice")
    s.run()
    assert s.graveyard(0) == ["Gargoyle Castle"]
    game = s.game
    assert game is not None
    gargoyle = s.permanent("Gargoyle Token")
    chars = game.characteristics(gargoyle)
    assert (chars.power, chars.toughness, chars.colors) == (3, 4, ())
    assert chars.types == ("Artifact", "Creature")
    assert [a.text for a in chars.abilities] == ["Flying"]


@pytest.mark.cards("Gorgon Flail")
@pytest.mark.rules("702.6a", "301.5a", "702.2b", "613.4c")
def test_gorgon_flail_gives_plus_one_and_deathtouch() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Gorgon Flail", "Runeclaw Bear", "Forest", "Forest")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Gorgon Flail", targets=["Runeclaw Bear"])
    s.attack(0, "Runeclaw Bear")
    s.block(1, "Craw Wurm", "Runeclaw Bear")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Craw Wurm" in s.graveyard(1)
    assert "Runeclaw Bear" in s.graveyard(0)
    assert s.permanent("Gorgon Flail").attached_to is None  # unattached (704.5n)


@pytest.mark.cards("Whispersilk Cloak")
@pytest.mark.rules("702.6a", "509.1b", "702.18a")
def test_whispersilk_cloak_makes_a_creature_unblockable_and_untargetable() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Whispersilk Cloak", "Runeclaw Bear", "Forest", "Forest")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Whispersilk Cloak", targets=["Runeclaw Bear"])
    s.attack(0, "Runeclaw Bear")
    s.run(until=(1, Step.END_OF_COMBAT))
    # No block could be declared, so none was asked for (509.1b).
    assert s.decisions.of_kind(DecisionKind.BLOCKERS) == []
    assert first(s, "blockers_declared")["blockers"] == []
    assert s.life(1) == 18
    s = Scenario()
    s.add(0, "battlefield", "Whispersilk Cloak", "Runeclaw Bear", "Forest", "Forest")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Whispersilk Cloak", targets=["Runeclaw Bear"])
    s.cast(1, "Lightning Bolt", targets=["Runeclaw Bear"], stack_empty=True)
    with pytest.raises(ScenarioError, match="Lightning Bolt"):
        s.run()


@pytest.mark.rules("603.2", "603.5", "601.2i")
@pytest.mark.parametrize(
    ("artifact", "spell", "other", "lands"),
    [
        pytest.param(
            "Angel's Feather",
            "Silvercoat Lion",
            "Coral Merfolk",
            ("Plains", "Plains", "Island", "Island"),
            marks=pytest.mark.cards("Angel's Feather", "Silvercoat Lion"),
        ),
        pytest.param(
            "Kraken's Eye",
            "Coral Merfolk",
            "Child of Night",
            ("Island", "Island", "Swamp", "Swamp"),
            marks=pytest.mark.cards("Kraken's Eye"),
        ),
        pytest.param(
            "Demon's Horn",
            "Child of Night",
            "Goblin Piker",
            ("Swamp", "Swamp", "Mountain", "Mountain"),
            marks=pytest.mark.cards("Demon's Horn"),
        ),
        pytest.param(
            "Dragon's Claw",
            "Goblin Piker",
            "Runeclaw Bear",
            ("Mountain", "Mountain", "Forest", "Forest"),
            marks=pytest.mark.cards("Dragon's Claw"),
        ),
        pytest.param(
            "Wurm's Tooth",
            "Enormous Baloth",
            "Silvercoat Lion",
            ("Forest",) * 7 + ("Plains", "Plains"),
            marks=pytest.mark.cards("Wurm's Tooth", "Enormous Baloth"),
        ),
    ],
)
def test_each_colour_artifact_gains_a_life_for_a_spell_of_its_colour(
    artifact: str, spell: str, other: str, lands: tuple[str, ...]
) -> None:
    # "Whenever a player casts": the opponent's spells trigger it too, but only the spell of
    # the artifact's colour does; its controller chooses whether to gain the life.
    s = Scenario()
    s.add(0, "battlefield", *lands)
    s.add(0, "hand", other, spell)
    s.add(1, "battlefield", artifact)
    s.cast(0, other)
    s.cast(0, spell, stack_empty=True)
    s.choose(1, DecisionKind.MAY, "yes")
    s.run()
    triggered = s.events("ability_triggered")
    assert [(e["card"], e["rule"]) for e in triggered] == [(artifact, "603.2")]
    assert first(s, "life_changed", player=1)["delta"] == 1
    assert (s.life(0), s.life(1)) == (20, 21)
    assert sorted(s.battlefield(0)) == sorted([*lands, other, spell])


@pytest.mark.rules("614.1d", "614.12", "305.1", "605.1a", "106.4")
@pytest.mark.parametrize(
    ("land", "basic_types", "colours"),
    [
        pytest.param(
            "Dragonskull Summit",
            ("Swamp", "Mountain"),
            ("B", "R"),
            marks=pytest.mark.cards("Dragonskull Summit"),
        ),
        pytest.param(
            "Drowned Catacomb",
            ("Island", "Swamp"),
            ("U", "B"),
            marks=pytest.mark.cards("Drowned Catacomb"),
        ),
        pytest.param(
            "Glacial Fortress",
            ("Plains", "Island"),
            ("W", "U"),
            marks=pytest.mark.cards("Glacial Fortress"),
        ),
        pytest.param(
            "Rootbound Crag",
            ("Mountain", "Forest"),
            ("R", "G"),
            marks=pytest.mark.cards("Rootbound Crag"),
        ),
        pytest.param(
            "Sunpetal Grove",
            ("Forest", "Plains"),
            ("G", "W"),
            marks=pytest.mark.cards("Sunpetal Grove"),
        ),
    ],
)
def test_each_dual_land_enters_tapped_unless_you_control_its_types_and_taps_for_either_colour(
    land: str, basic_types: tuple[str, str], colours: tuple[str, str]
) -> None:
    # With neither basic land type it enters tapped, by a replacement effect (614.1d)...
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "hand", land)
    s.play_land(0, land)
    s.run()
    assert s.permanent(land).tapped is True
    assert [e["rule"] for e in s.events("event_replaced")] == ["614.1d"]
    # ... with either one it enters untapped (614.12 looks as it would enter).
    for basic in basic_types:
        s = Scenario()
        s.add(0, "battlefield", basic)
        s.add(0, "hand", land)
        s.play_land(0, land)
        s.run()
        assert s.permanent(land).tapped is False
        assert s.events("event_replaced") == []
    # {T}: Add one mana of either of its colours.
    for colour in colours:
        s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
        s.add(0, "battlefield", land)
        s.activate(0, land, text=f"Add {{{colour}}}")
        s.run(until=(1, Step.BEGINNING_OF_COMBAT))
        offered = s.decisions.priority(0, 1, Step.PRECOMBAT_MAIN)[0].activations
        assert offered == [(land, f"Add {{{c}}}") for c in colours]
        added = first(s, "mana_added", source=s.permanent(land).id)
        assert (added["mana"], added["rule"]) == ([colour], "106.4")
        assert s.permanent(land).tapped is True


# --- Aura --------------------------------------------------------------------------------------


@pytest.mark.cards("Entangling Vines")
@pytest.mark.rules("303.4a", "702.5a", "502.3")
def test_entangling_vines_enchants_a_tapped_creature_that_stays_tapped() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 4)
    s.add(0, "hand", "Entangling Vines")
    s.add(1, "battlefield", "Grizzly Bears", tapped=True)
    s.cast(0, "Entangling Vines", targets=["Grizzly Bears"])
    s.run(until=(2, Step.DRAW))
    assert s.permanent("Grizzly Bears").tapped
    assert s.permanent("Entangling Vines").attached_to == s.permanent("Grizzly Bears").id
    # An untapped creature can't be its target.
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 4)
    s.add(0, "hand", "Entangling Vines")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Entangling Vines", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="Entangling Vines"):
        s.run()


@pytest.mark.cards("Magebane Armor")
@pytest.mark.rules("702.6a", "613.1f", "613.4c", "615.1a", "615.6")
def test_magebane_armor_pumps_takes_flying_and_prevents_noncombat_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Magebane Armor", "Wind Drake", "Forest", "Forest")
    s.add(1, "battlefield", "Mountain", "Grizzly Bears")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Magebane Armor", targets=["Wind Drake"])
    s.cast(1, "Lightning Bolt", targets=["Wind Drake"], stack_empty=True)
    s.attack(0, "Wind Drake")
    s.block(1, "Grizzly Bears", "Wind Drake")  # no longer flying: the Bears can block it
    s.run(until=(1, Step.END_OF_COMBAT))
    assert (s.power("Wind Drake"), s.toughness("Wind Drake")) == (4, 6)
    assert first(s, "damage_prevented")["rule"] == "615.6"
    # The Bears' combat damage is not prevented.
    assert s.permanent("Wind Drake").damage == 2
    assert "Grizzly Bears" in s.graveyard(1)


@pytest.mark.cards("Lurking Predators")
@pytest.mark.rules("603.2", "701.20a", "608.2c")
def test_lurking_predators_puts_a_revealed_creature_onto_the_battlefield() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Lurking Predators")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Shock")
    s.library(0, ["Forest", "Island", "Craw Wurm"])
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(1, "Shock", targets=["P1"], stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")  # the Island goes to the bottom
    s.run()
    assert "Craw Wurm" in s.battlefield(0)
    assert [e["cards"] for e in s.events("cards_revealed")] == [["Craw Wurm"], ["Island"]]
    assert s.game is not None
    assert [c.name for c in s.game.players[0].library] == ["Island", "Forest"]
    # A noncreature card may also stay on top.
    s = Scenario()
    s.add(0, "battlefield", "Lurking Predators")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.library(0, ["Forest", "Island"])
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.choose(0, DecisionKind.MAY, "no")
    s.run()
    assert s.game is not None
    assert [c.name for c in s.game.players[0].library] == ["Forest", "Island"]
    assert s.battlefield(0) == ["Lurking Predators"]


@pytest.mark.cards("Coat of Arms")
@pytest.mark.rules("611.3a", "613.4c", "205.3m")
def test_coat_of_arms_counts_other_creatures_sharing_a_creature_type() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Coat of Arms", "Goblin Piker", "Raging Goblin")
    s.add(0, "battlefield", "Goblin Artillery", "Elite Vanguard")
    s.add(1, "battlefield", "Prodigal Pyromancer", "Runeclaw Bear")
    s.run(until=(1, Step.END))
    # Goblin Warriors: the Piker and the Artillery; Goblins: all three goblins.
    assert (s.power("Goblin Piker"), s.toughness("Goblin Piker")) == (4, 3)  # 2/1, +2
    assert (s.power("Raging Goblin"), s.toughness("Raging Goblin")) == (3, 3)  # 1/1, +2
    assert (s.power("Goblin Artillery"), s.toughness("Goblin Artillery")) == (3, 5)  # 1/3, +2
    # Humans on both sides: the Vanguard (Human Soldier) and the Pyromancer (Human Wizard).
    assert (s.power("Elite Vanguard"), s.toughness("Elite Vanguard")) == (3, 2)
    assert (s.power("Prodigal Pyromancer"), s.toughness("Prodigal Pyromancer")) == (2, 2)
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (2, 2)  # alone


@pytest.mark.cards("Darksteel Colossus")
@pytest.mark.rules("614.1a", "113.6b", "701.20a", "701.9b")
def test_darksteel_colossus_discarded_is_shuffled_into_its_library_instead() -> None:
    s = Scenario(active=1)
    s.add(0, "hand", "Darksteel Colossus")
    s.add(1, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(1, "hand", "Mind Shatter")
    s.cast(1, "Mind Shatter", targets=["P1"], x=1)
    s.run()
    assert s.graveyard(0) == []
    assert s.hand(0) == []
    assert s.game is not None
    assert "Darksteel Colossus" in [c.name for c in s.game.players[0].library]
    assert first(s, "cards_revealed", player=0)["cards"] == ["Darksteel Colossus"]
    assert first(s, "library_shuffled", player=0)


@pytest.mark.cards("Darksteel Colossus")
@pytest.mark.rules("614.1a", "113.6b", "701.6a")
def test_darksteel_colossus_countered_goes_to_its_library() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 11)
    s.add(0, "hand", "Darksteel Colossus")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Darksteel Colossus")
    s.cast(1, "Cancel", targets=["Darksteel Colossus"])
    s.run()
    assert first(s, "spell_countered")["card"] == "Darksteel Colossus"
    assert s.graveyard(0) == []
    assert s.library_size(0) == 11


@pytest.mark.cards("Darksteel Colossus")
@pytest.mark.rules("702.12b", "701.8a", "702.19b")
def test_darksteel_colossus_is_indestructible_and_tramples() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Darksteel Colossus")
    s.add(1, "battlefield", "Swamp", "Swamp", "Grizzly Bears")
    s.add(1, "hand", "Doom Blade")
    s.cast(1, "Doom Blade", targets=["Darksteel Colossus"])
    s.attack(0, "Darksteel Colossus")
    s.block(1, "Grizzly Bears", "Darksteel Colossus")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 9))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Darksteel Colossus" in s.battlefield(0)
    assert s.life(1) == 11


@pytest.mark.cards("Pithing Needle")
@pytest.mark.rules("614.12", "602.5", "605.1a")
def test_pithing_needle_stops_activated_abilities_of_the_named_sources_but_not_mana_ones() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Pithing Needle")
    s.add(1, "battlefield", "Prodigal Pyromancer", "Llanowar Elves", "Goblin Artillery")
    s.cast(0, "Pithing Needle")
    s.choose(0, DecisionKind.CHOICE, "Prodigal Pyromancer")
    s.run(until=(1, Step.POSTCOMBAT_MAIN))
    assert s.permanent("Pithing Needle").chosen_name == "Prodigal Pyromancer"
    assert first(s, "card_name_chosen")["rule"] == "614.12"
    # Afterwards its opponent is never offered the Pyromancer's ability, but is offered
    # the Artillery's and the Elves' mana ability.
    before = s.decisions.priority(player=1)[0]  # with the Needle still on the stack
    assert "Prodigal Pyromancer" in {name for name, _ in before.activations}
    after = s.decisions.priority(player=1)[-1]
    assert "Prodigal Pyromancer" not in {name for name, _ in after.activations}
    assert {"Goblin Artillery", "Llanowar Elves"} <= {name for name, _ in after.activations}


@pytest.mark.cards("Mirror of Fate")
@pytest.mark.rules("602.2", "701.21a", "701.13a", "406.3")
def test_mirror_of_fate_rebuilds_the_library_from_chosen_exiled_cards() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mirror of Fate")
    s.add(0, "exile", "Craw Wurm", "Giant Growth", "Lightning Bolt")
    s.add(1, "exile", "Shock")  # not its controller's: not offered
    s.library(0, ["Forest", "Island", "Plains"])
    s.activate(0, "Mirror of Fate")
    s.choose(0, DecisionKind.CARD, "Lightning Bolt", "Craw Wurm")
    s.run()
    assert s.game is not None
    assert [c.name for c in s.game.players[0].library] == ["Lightning Bolt", "Craw Wurm"]
    assert sorted(c.name for c in s.game.exile) == [
        "Forest",
        "Giant Growth",
        "Island",
        "Plains",
        "Shock",
    ]
    assert s.graveyard(0) == ["Mirror of Fate"]
    (asked,) = s.decisions.of_kind(DecisionKind.CARD)
    assert len(asked.options) == 3


@pytest.mark.cards("Nature's Spiral")
@pytest.mark.rules("115.1", "400.3")
def test_natures_spiral_returns_a_permanent_card_from_your_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Nature's Spiral")
    s.add(0, "graveyard", "Lightning Bolt", "Craw Wurm", "Howling Mine")
    s.add(1, "graveyard", "Air Elemental")
    s.cast(0, "Nature's Spiral", targets=["Craw Wurm"])
    s.run()
    assert s.hand(0) == ["Craw Wurm"]
    asked = s.decisions.of_kind(DecisionKind.TARGET)
    # Permanent cards of its caster's graveyard only: not the instant, not the opponent's.
    names = sorted(o.name.split(" #")[0] for o in asked[0].options)
    assert names == ["Craw Wurm", "Howling Mine"]


@pytest.mark.cards("Master of the Wild Hunt")
@pytest.mark.rules("603.2", "111.1")
def test_master_of_the_wild_hunt_makes_a_wolf_each_upkeep() -> None:
    s = Scenario(step=Step.UNTAP)
    s.add(0, "battlefield", "Master of the Wild Hunt")
    s.run(until=(1, Step.DRAW))
    assert (s.power("Wolf Token"), s.toughness("Wolf Token")) == (2, 2)
    s.run(until=(2, Step.DRAW))  # not in its opponent's upkeep
    assert s.battlefield(0).count("Wolf Token") == 1


@pytest.mark.cards("Master of the Wild Hunt")
@pytest.mark.rules("701.26a", "120.3", "608.2d", "704.5g")
def test_master_of_the_wild_hunt_wolves_and_target_trade_damage() -> None:
    # Wolves from the upkeeps of turns 1 and 3; then the Master's ability at the Craw Wurm.
    s = Scenario(step=Step.UNTAP)
    s.add(0, "battlefield", "Master of the Wild Hunt", "Runeclaw Bear")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(
        0, "Master of the Wild Hunt", targets=["Craw Wurm"], turn=3, step=Step.PRECOMBAT_MAIN
    )
    s.choose(1, DecisionKind.DIVISION, (4, 2))
    s.run(until=(3, Step.BEGINNING_OF_COMBAT))
    # 2 + 2 damage to the 6/4 Wurm; its 6 divided 4 and 2 by its controller.
    assert "Craw Wurm" in s.graveyard(1)
    assert "Wolf Token" not in s.battlefield(0)
    assert not s.permanent("Runeclaw Bear").tapped  # not a Wolf
    dealt = [(e["source_name"], e.get("to_name"), e["amount"]) for e in s.events("damage_dealt")]
    assert dealt == [
        ("Wolf Token", "Craw Wurm", 2),
        ("Wolf Token", "Craw Wurm", 2),
        ("Craw Wurm", "Wolf Token", 4),
        ("Craw Wurm", "Wolf Token", 2),
    ]
    (asked,) = s.decisions.of_kind(DecisionKind.DIVISION)
    assert asked.player == 1
    assert len(asked.options) == 7  # 0..6 to the first Wolf


@pytest.mark.cards("Elvish Archdruid")
@pytest.mark.rules("605.1a", "106.4", "611.3a", "613.4c")
def test_elvish_archdruid_pumps_other_elves_and_adds_g_for_each_elf() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Elvish Archdruid", "Llanowar Elves", "Elvish Visionary")
    s.add(0, "battlefield", "Runeclaw Bear")
    s.add(0, "hand", "Centaur Courser")
    s.activate(0, "Elvish Archdruid")
    s.cast(0, "Centaur Courser")
    s.run()
    assert (s.power("Llanowar Elves"), s.toughness("Llanowar Elves")) == (2, 2)
    assert (s.power("Elvish Visionary"), s.toughness("Elvish Visionary")) == (2, 2)
    assert (s.power("Elvish Archdruid"), s.toughness("Elvish Archdruid")) == (2, 2)  # other
    assert (s.power("Runeclaw Bear"), s.toughness("Runeclaw Bear")) == (2, 2)  # not an Elf
    # Three Elves: {G}{G}{G}, which pay for the Courser with no other mana source.
    assert [e["mana"] for e in s.events("mana_added")] == [["G", "G", "G"]]
    assert "Centaur Courser" in s.battlefield(0)
    assert not s.permanent("Llanowar Elves").tapped
    # Alone, it is the only Elf: {G}.
    s = Scenario()
    s.add(0, "battlefield", "Elvish Archdruid")
    s.activate(0, "Elvish Archdruid")
    s.run()
    assert [e["mana"] for e in s.events("mana_added")] == [["G"]]

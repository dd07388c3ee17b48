"""Magic 2010 blue cards, each played out: Unsummon, Disorient, Jump, Levitation, Tome
Scour, Traumatize, Phantom Warrior, Merfolk Looter, Illusionary Servant, Wall of Frost,
Serpent of the Endless Sea, Merfolk Sovereign and Fabricate."""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Step
from manaweave.keywords.flying import has_flying
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.cards("Unsummon")
@pytest.mark.rules("400.3", "400.7", "608.2")
def test_unsummon_returns_the_creature_to_its_owners_hand() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Unsummon")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Unsummon", targets=["Craw Wurm"])
    s.run()
    assert s.hand(1) == ["Craw Wurm"]
    assert "Craw Wurm" not in s.battlefield()
    moves = [e for e in s.events("object_moved") if e.get("card") == "Craw Wurm"]
    assert moves
    assert moves[-1]["rule"] == "400.3"


@pytest.mark.cards("Unsummon")
@pytest.mark.rules("400.3", "108.3")
def test_unsummon_sends_a_stolen_creature_to_its_owner_not_its_controller() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 6)
    s.add(0, "hand", "Mind Control", "Unsummon")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.cast(0, "Unsummon", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert s.hand(1) == ["Craw Wurm"]
    assert s.hand(0) == []


@pytest.mark.cards("Disorient")
@pytest.mark.rules("611.2a", "613.4c", "514.2")
def test_disorient_gives_minus_seven_power_until_end_of_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", *["Island"] * 4)
    s.add(1, "hand", "Disorient")
    s.cast(1, "Disorient", targets=["Craw Wurm"], step=Step.BEGINNING_OF_COMBAT)
    s.attack(0, "Craw Wurm")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.power("Craw Wurm") == -1
    assert s.toughness("Craw Wurm") == 4
    assert s.life(1) == 20  # a creature with power below 1 deals no combat damage (510.1a)
    s2 = Scenario()
    s2.add(0, "battlefield", "Craw Wurm")
    s2.add(1, "battlefield", *["Island"] * 4)
    s2.add(1, "hand", "Disorient")
    s2.cast(1, "Disorient", targets=["Craw Wurm"])
    s2.run(until=(2, Step.UPKEEP))
    assert s2.power("Craw Wurm") == 6


@pytest.mark.cards("Jump")
@pytest.mark.rules("702.9b", "613.1f", "514.2")
def test_jump_gives_flying_until_end_of_turn() -> None:
    s = Scenario()
    # Elite Vanguard attacks too, so that there is a declaration of blockers to make.
    s.add(0, "battlefield", "Island", "Grizzly Bears", "Elite Vanguard")
    s.add(0, "hand", "Jump")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Jump", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears", "Elite Vanguard")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Runeclaw Bear cannot block Grizzly Bears"):
        s.run()

    later = Scenario()
    later.add(0, "battlefield", "Island", "Grizzly Bears")
    later.add(0, "hand", "Jump")
    later.cast(0, "Jump", targets=["Grizzly Bears"])
    later.run(until=(1, Step.END))
    game = later.game
    assert game is not None
    assert has_flying(game, later.permanent("Grizzly Bears"))
    later.run(until=(2, Step.UPKEEP))
    game = later.game
    assert game is not None
    assert not has_flying(game, later.permanent("Grizzly Bears"))


@pytest.mark.cards("Levitation")
@pytest.mark.rules("613.1f", "611.3a", "702.9b")
def test_levitation_gives_your_creatures_flying() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Levitation", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear", "Wind Drake")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    assert has_flying(game, s.permanent("Grizzly Bears"))
    assert not has_flying(game, s.permanent("Runeclaw Bear"))  # not its controller's

    blocked = Scenario()
    blocked.add(0, "battlefield", "Levitation", "Grizzly Bears")
    blocked.add(1, "battlefield", "Runeclaw Bear", "Giant Spider")
    blocked.attack(0, "Grizzly Bears")
    blocked.block(1, "Runeclaw Bear", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Runeclaw Bear cannot block Grizzly Bears"):
        blocked.run()


@pytest.mark.cards("Tome Scour")
@pytest.mark.rules("701.17a")
def test_tome_scour_mills_five() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Tome Scour")
    s.library(1, ["Island"] * 8)
    s.cast(0, "Tome Scour", targets=["P2"])
    s.run()
    assert s.library_size(1) == 3
    assert s.graveyard(1) == ["Island"] * 5


@pytest.mark.cards("Traumatize")
@pytest.mark.rules("701.17a", "701.17b")
@pytest.mark.parametrize(("size", "left"), [(11, 6), (10, 5), (1, 1), (0, 0)])
def test_traumatize_mills_half_the_library_rounded_down(size: int, left: int) -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Traumatize")
    s.library(1, ["Island"] * size)
    s.cast(0, "Traumatize", targets=["P2"])
    s.run()
    assert s.library_size(1) == left
    assert len(s.graveyard(1)) == size - left


@pytest.mark.cards("Phantom Warrior")
@pytest.mark.rules("509.1b")
def test_phantom_warrior_cant_be_blocked() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Phantom Warrior", "Elite Vanguard")
    s.add(1, "battlefield", "Wind Drake")
    s.attack(0, "Phantom Warrior", "Elite Vanguard")
    s.block(1, "Wind Drake", "Phantom Warrior")
    with pytest.raises(ScenarioError, match="Wind Drake cannot block Phantom Warrior"):
        s.run()

    unblocked = Scenario()
    unblocked.add(0, "battlefield", "Phantom Warrior")
    unblocked.add(1, "battlefield", "Wind Drake")
    unblocked.attack(0, "Phantom Warrior")
    unblocked.run(until=(1, Step.END_OF_COMBAT))
    assert unblocked.life(1) == 18


@pytest.mark.cards("Merfolk Looter")
@pytest.mark.rules("602.2", "121.1", "701.9a")
def test_merfolk_looter_draws_then_discards() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Merfolk Looter")
    s.add(0, "hand", "Craw Wurm")
    s.library(0, ["Island", "Island", "Lightning Bolt"])
    s.activate(0, "Merfolk Looter")
    s.choose(0, DecisionKind.DISCARD, "Craw Wurm")
    s.run()
    assert s.hand(0) == ["Lightning Bolt"]
    assert s.graveyard(0) == ["Craw Wurm"]
    assert s.permanent("Merfolk Looter").tapped
    (discard,) = s.decisions.of_kind(DecisionKind.DISCARD)
    offered = " ".join(str(o) for o in discard.options)
    assert "Craw Wurm" in offered
    assert "Lightning Bolt" in offered


@pytest.mark.cards("Illusionary Servant")
@pytest.mark.rules("603.2", "701.21a", "608.2b")
def test_illusionary_servant_is_sacrificed_when_targeted() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Illusionary Servant")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Illusionary Servant"])
    s.run()
    assert s.graveyard(0) == ["Illusionary Servant"]
    # The trigger resolved first; the Bolt then had no legal target and dealt nothing.
    assert not list(s.events("damage_dealt"))
    assert "Lightning Bolt" in s.graveyard(1)


@pytest.mark.cards("Illusionary Servant")
@pytest.mark.rules("702.9b")
def test_illusionary_servant_flies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Illusionary Servant", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Illusionary Servant", "Elite Vanguard")
    s.block(1, "Grizzly Bears", "Illusionary Servant")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Illusionary Servant"):
        s.run()


@pytest.mark.cards("Wall of Frost")
@pytest.mark.rules("509.3b", "502.3", "702.3b")
def test_wall_of_frost_keeps_the_creature_it_blocks_tapped() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm", "Grizzly Bears")
    s.add(1, "battlefield", "Wall of Frost")
    s.attack(0, "Craw Wurm", "Grizzly Bears")
    s.block(1, "Wall of Frost", "Craw Wurm")
    s.run(until=(3, Step.DRAW))
    assert s.permanent("Craw Wurm").tapped
    assert not s.permanent("Grizzly Bears").tapped
    s.run(until=(5, Step.DRAW))
    assert not s.permanent("Craw Wurm").tapped  # only its controller's next untap step

    attacking = Scenario(turn=2, active=1)
    attacking.add(1, "battlefield", "Wall of Frost", "Grizzly Bears")
    attacking.attack(1, "Wall of Frost", "Grizzly Bears", turn=2)
    with pytest.raises(ScenarioError, match="Wall of Frost"):
        attacking.run()


@pytest.mark.cards("Serpent of the Endless Sea")
@pytest.mark.rules("604.3", "613.4a", "508.1c", "506.2")
def test_serpent_of_the_endless_sea_counts_islands_and_needs_one_to_attack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Serpent of the Endless Sea", "Island", "Island", "Forest")
    s.add(1, "battlefield", "Island")
    s.attack(0, "Serpent of the Endless Sea")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.power("Serpent of the Endless Sea") == 2
    assert s.toughness("Serpent of the Endless Sea") == 2
    assert s.life(1) == 18

    no_island = Scenario()
    no_island.add(0, "battlefield", "Serpent of the Endless Sea", "Island", "Grizzly Bears")
    no_island.add(1, "battlefield", "Forest")
    no_island.attack(0, "Serpent of the Endless Sea", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Serpent of the Endless Sea"):
        no_island.run()


@pytest.mark.cards("Merfolk Sovereign")
@pytest.mark.rules("613.4c", "611.3a")
def test_merfolk_sovereign_pumps_other_merfolk_you_control() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Merfolk Sovereign", "Coral Merfolk", "Grizzly Bears")
    s.add(1, "battlefield", "Merfolk Looter")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Merfolk Sovereign"), s.toughness("Merfolk Sovereign")) == (2, 2)
    assert (s.power("Coral Merfolk"), s.toughness("Coral Merfolk")) == (3, 2)
    assert s.power("Grizzly Bears") == 2
    assert s.power("Merfolk Looter") == 1


@pytest.mark.cards("Merfolk Sovereign")
@pytest.mark.rules("602.2", "509.1b", "611.2a")
def test_merfolk_sovereign_makes_a_merfolk_unblockable_this_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Merfolk Sovereign", "Coral Merfolk", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Merfolk Sovereign", targets=["Coral Merfolk"])
    s.attack(0, "Coral Merfolk", "Elite Vanguard")
    s.block(1, "Grizzly Bears", "Coral Merfolk")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Coral Merfolk"):
        s.run()

    bears = Scenario()
    bears.add(0, "battlefield", "Merfolk Sovereign", "Grizzly Bears")
    bears.activate(0, "Merfolk Sovereign", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="Merfolk Sovereign"):
        bears.run()  # not a Merfolk: no legal target


@pytest.mark.cards("Fabricate")
@pytest.mark.rules("701.23a", "701.23b", "701.20a")
def test_fabricate_finds_an_artifact_card() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 3)
    s.add(0, "hand", "Fabricate")
    s.library(0, ["Ornithopter", "Craw Wurm", "Island"])
    s.cast(0, "Fabricate")
    s.choose(0, DecisionKind.SEARCH, "Ornithopter")
    s.run()
    assert s.hand(0) == ["Ornithopter"]
    assert s.library_size(0) == 2
    (search,) = s.decisions.of_kind(DecisionKind.SEARCH)
    offered = " ".join(str(o) for o in search.options)
    assert "Ornithopter" in offered
    assert "Craw Wurm" not in offered
    assert [e["cards"] for e in s.events("cards_revealed")] == [["Ornithopter"]]


@pytest.mark.cards("Ponder")
@pytest.mark.rules("401.4", "701.24a", "121.1")
def test_ponder_reorders_the_top_three_then_draws() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Ponder")
    s.library(0, ["Forest", "Craw Wurm", "Lightning Bolt", "Giant Growth"])
    s.cast(0, "Ponder")
    # The first named goes on top: Craw Wurm, then Giant Growth, then Lightning Bolt.
    s.choose(0, DecisionKind.TOP, "Craw Wurm", "Giant Growth", "Lightning Bolt")
    s.choose(0, DecisionKind.MAY, "no")
    s.run()
    assert s.hand(0) == ["Craw Wurm"]
    game = s.game
    assert game is not None
    assert [c.name for c in game.players[0].library] == ["Forest", "Lightning Bolt", "Giant Growth"]
    (order,) = s.decisions.of_kind(DecisionKind.TOP)
    assert len(order.options) == 3  # only the top three were looked at
    (logged,) = [e for e in s.events("decision_made") if e["kind"] == "top"]
    assert logged["visibility"] == [0]
    assert logged["rule"] == "401.4"
    assert not s.events("library_shuffled")


@pytest.mark.cards("Ponder")
@pytest.mark.rules("701.24a")
def test_ponder_may_shuffle() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Ponder")
    s.library(0, ["Forest", "Craw Wurm", "Lightning Bolt", "Giant Growth"])
    s.cast(0, "Ponder")
    s.choose(0, DecisionKind.TOP, "Craw Wurm", "Giant Growth", "Lightning Bolt")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()
    assert [e["rule"] for e in s.events("library_shuffled")] == ["701.24a"]
    assert len(s.hand(0)) == 1
    assert s.library_size(0) == 3


@pytest.mark.cards("Sage Owl")
@pytest.mark.rules("401.4", "603.2", "702.9b")
def test_sage_owl_reorders_the_top_four_as_it_enters() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Sage Owl")
    s.library(0, ["Forest", "Mountain", "Swamp", "Plains", "Island"])
    s.cast(0, "Sage Owl")
    s.choose(0, DecisionKind.TOP, "Plains", "Mountain", "Island", "Swamp")
    s.run()
    game = s.game
    assert game is not None
    assert [c.name for c in game.players[0].library] == [
        "Forest",
        "Swamp",
        "Island",
        "Mountain",
        "Plains",
    ]

    flies = Scenario()
    flies.add(0, "battlefield", "Sage Owl", "Elite Vanguard")
    flies.add(1, "battlefield", "Grizzly Bears")
    flies.attack(0, "Sage Owl", "Elite Vanguard")
    flies.block(1, "Grizzly Bears", "Sage Owl")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Sage Owl"):
        flies.run()


@pytest.mark.rules("701.6a", "115.1", "608.2n")
@pytest.mark.parametrize(
    ("counterspell", "spell", "lands", "targets"),
    [
        pytest.param(
            "Essence Scatter",
            "Runeclaw Bear",
            ("Forest", "Forest"),
            (),
            marks=pytest.mark.cards("Essence Scatter"),
        ),
        pytest.param(
            "Negate",
            "Divination",
            ("Island", "Island", "Island"),
            (),
            marks=pytest.mark.cards("Negate"),
        ),
        pytest.param(
            "Flashfreeze",
            "Lightning Bolt",
            ("Mountain",),
            ("P2",),
            marks=pytest.mark.cards("Flashfreeze"),
        ),
    ],
)
def test_each_counterspell_counters_a_spell_it_can_target(
    counterspell: str, spell: str, lands: tuple[str, ...], targets: tuple[str, ...]
) -> None:
    s = Scenario()
    s.add(0, "battlefield", *lands)
    s.add(0, "hand", spell)
    s.add(1, "battlefield", "Island", "Island")
    s.add(1, "hand", counterspell)
    s.library(0, ["Plains", "Swamp"])
    s.cast(0, spell, targets=targets)
    s.cast(1, counterspell, targets=[spell])
    s.run()
    assert s.graveyard(0) == [spell]
    assert s.graveyard(1) == [counterspell]
    (countered,) = s.events("spell_countered")
    assert (countered["card"], countered["rule"]) == (spell, "701.6a")
    assert s.battlefield(0) == list(lands)  # no creature entered
    assert s.hand(0) == []  # nothing was drawn
    assert s.life(1) == 20  # no damage was dealt


def _turns(s: Scenario) -> list[int]:
    return [e["player"] for e in s.events("turn_began")]


@pytest.mark.cards("Time Warp")
@pytest.mark.rules("500.7")
def test_time_warp_gives_its_caster_an_extra_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Time Warp")
    s.cast(0, "Time Warp", targets=["P1"])
    s.run(until=(4, Step.UPKEEP))
    assert _turns(s) == [0, 0, 1, 0]
    (added,) = s.events("extra_turn_added")
    assert (added["player"], added["rule"]) == (0, "500.7")


@pytest.mark.cards("Time Warp")
@pytest.mark.rules("500.7")
def test_time_warp_on_the_next_player_comes_before_the_regular_turn_order() -> None:
    # Given to the next player, the extra turn comes first; the regular turn order then
    # continues after the player whose turn it was, so the next player takes two turns.
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Time Warp")
    s.cast(0, "Time Warp", targets=["P2"])
    s.run(until=(5, Step.UPKEEP))
    assert _turns(s) == [0, 1, 1, 2, 0]


@pytest.mark.cards("Time Warp")
@pytest.mark.rules("500.7")
def test_the_most_recently_created_extra_turn_is_taken_first() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Island"] * 10)
    s.add(0, "hand", "Time Warp", "Time Warp")
    s.cast(0, "Time Warp", targets=["P3"])
    s.cast(0, "Time Warp", targets=["P2"], stack_empty=True)
    s.run(until=(6, Step.UPKEEP))
    assert _turns(s) == [0, 1, 2, 1, 2, 0]


@pytest.mark.cards("Telepathy")
@pytest.mark.rules("701.20a", "400.2")
def test_telepathy_reveals_the_opponents_hands_to_everybody() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", "Telepathy")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "hand", "Lightning Bolt", "Craw Wurm")
    s.add(2, "hand", "Unsummon")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    for viewer in range(3):
        view = game.view(viewer)
        first = view.player(1).revealed_hand
        second = view.player(2).revealed_hand
        assert first is not None
        assert second is not None
        assert sorted(o.name for o in first) == ["Craw Wurm", "Lightning Bolt"]
        assert [o.name for o in second] == ["Unsummon"]
        assert view.player(0).revealed_hand is None  # not its controller's own hand

    without = Scenario()
    without.add(1, "hand", "Lightning Bolt")
    without.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert without.game is not None
    assert without.game.view(0).player(1).revealed_hand is None


@pytest.mark.cards("Ice Cage")
@pytest.mark.rules("508.1c", "303.4b")
def test_ice_cage_stops_the_enchanted_creature_attacking() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Ice Cage")
    s.add(1, "battlefield", "Craw Wurm", "Grizzly Bears")
    s.cast(0, "Ice Cage", targets=["Craw Wurm"])
    s.attack(1, "Craw Wurm", "Grizzly Bears", turn=2)
    with pytest.raises(ScenarioError, match="Craw Wurm"):
        s.run(until=(2, Step.END_OF_COMBAT))

    others = Scenario()
    others.add(0, "battlefield", "Island", "Island")
    others.add(0, "hand", "Ice Cage")
    others.add(1, "battlefield", "Craw Wurm", "Grizzly Bears")
    others.cast(0, "Ice Cage", targets=["Craw Wurm"])
    others.attack(1, "Grizzly Bears", turn=2)
    others.run(until=(2, Step.END_OF_COMBAT))
    assert "Ice Cage" in others.battlefield(0)
    assert others.life(0) == 18


@pytest.mark.cards("Ice Cage")
@pytest.mark.rules("509.1b", "303.4b")
def test_ice_cage_stops_the_enchanted_creature_blocking() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Runeclaw Bear", "Giant Spider")
    s.add(1, "battlefield", "Island", "Island", "Grizzly Bears")
    s.add(1, "hand", "Ice Cage")
    s.cast(1, "Ice Cage", targets=["Runeclaw Bear"])
    s.attack(1, "Grizzly Bears", turn=2)
    s.block(0, "Runeclaw Bear", "Grizzly Bears", turn=2)
    with pytest.raises(ScenarioError, match="Runeclaw Bear"):
        s.run()


@pytest.mark.cards("Ice Cage")
@pytest.mark.rules("602.5", "605.1a")
def test_ice_cage_stops_the_enchanted_creatures_activated_abilities() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Ice Cage")
    s.add(1, "battlefield", "Prodigal Pyromancer", "Llanowar Elves")
    s.cast(0, "Ice Cage", targets=["Prodigal Pyromancer"])
    s.run()
    asked = s.decisions.of_kind(DecisionKind.PRIORITY, 1)
    before = " ".join(str(o) for o in asked[0].options)  # Ice Cage on the stack
    after = " ".join(str(o) for o in asked[-1].options)
    assert asked[0].stack == 1
    assert "Prodigal Pyromancer" in before
    assert "Prodigal Pyromancer" not in after
    assert "Llanowar Elves" in after  # another creature's abilities still work

    # A mana ability is an activated ability too (605.1a).
    elves = Scenario()
    elves.add(0, "battlefield", "Island", "Island")
    elves.add(0, "hand", "Ice Cage")
    elves.add(1, "battlefield", "Llanowar Elves")
    elves.cast(0, "Ice Cage", targets=["Llanowar Elves"])
    elves.run()
    asked = elves.decisions.of_kind(DecisionKind.PRIORITY, 1)
    assert "Llanowar Elves" in " ".join(str(o) for o in asked[0].options)
    assert "Llanowar Elves" not in " ".join(str(o) for o in asked[-1].options)


@pytest.mark.cards("Ice Cage")
@pytest.mark.rules("603.2", "701.8a")
def test_ice_cage_is_destroyed_when_the_creature_becomes_a_target() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Forest")
    s.add(0, "hand", "Ice Cage", "Giant Growth")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Ice Cage", targets=["Craw Wurm"])
    s.cast(0, "Giant Growth", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert "Ice Cage" in s.graveyard(0)
    assert s.power("Craw Wurm") == 9
    (triggered,) = [e for e in s.events("ability_triggered") if e["card"] == "Ice Cage"]
    assert triggered["rule"] == "603.2"
    moved = [e for e in s.events("object_moved") if e["card"] == "Ice Cage"]
    assert (moved[-1]["to_zone"], moved[-1]["rule"]) == ("graveyard", "701.8a")


@pytest.mark.cards("Polymorph")
@pytest.mark.rules("701.8a", "701.20a", "701.24a", "608.2h")
def test_polymorph_replaces_the_creature_with_the_next_creature_card() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Polymorph")
    s.add(1, "battlefield", "Craw Wurm")
    s.library(1, ["Island", "Enormous Baloth", "Forest", "Mountain"])
    s.cast(0, "Polymorph", targets=["Craw Wurm"])
    s.run()
    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.permanent("Enormous Baloth").controller == 1
    assert s.library_size(1) == 3
    revealed = [e for e in s.events("cards_revealed") if e["player"] == 1]
    assert [e["cards"] for e in revealed] == [["Mountain", "Forest", "Enormous Baloth"]]
    assert [e["player"] for e in s.events("library_shuffled")] == [1]


@pytest.mark.cards("Polymorph")
@pytest.mark.rules("701.19c", "701.20a")
def test_polymorph_cant_be_regenerated_from_and_may_find_nothing() -> None:
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Polymorph")
    s.add(1, "battlefield", "Drudge Skeletons", "Swamp")
    s.library(1, ["Island", "Forest"])
    s.activate(1, "Drudge Skeletons")
    s.cast(0, "Polymorph", targets=["Drudge Skeletons"], step=Step.PRECOMBAT_MAIN)
    s.run()
    assert s.graveyard(1) == ["Drudge Skeletons"]
    assert s.events("regeneration_shield_created")  # the shield was there, and not used
    assert not s.events("permanent_regenerated")
    assert s.battlefield(1) == ["Swamp"]
    revealed = [e for e in s.events("cards_revealed") if e["player"] == 1]
    assert [e["cards"] for e in revealed] == [["Forest", "Island"]]
    assert s.library_size(1) == 2


@pytest.mark.cards("Hive Mind")
@pytest.mark.rules("603.2", "707.10", "707.10c")
def test_hive_mind_makes_each_other_player_copy_the_spell() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Hive Mind", "Craw Wurm")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.choose(1, DecisionKind.NEW_TARGET, "P1")
    s.run()
    # The copy is P2's, who aimed it at P1; the Bolt itself still hit P2.
    assert (s.life(0), s.life(1)) == (17, 17)
    (copied,) = s.events("spell_copied")
    assert (copied["player"], copied["rule"]) == (1, "707.10")
    assert [e["card"] for e in s.events("spell_cast")] == ["Lightning Bolt"]


@pytest.mark.cards("Hive Mind")
@pytest.mark.rules("707.10", "101.4")
def test_hive_mind_copies_for_every_other_player_in_apnap_order() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", "Hive Mind")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["P3"])
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.choose(2, DecisionKind.NEW_TARGET, "P2")
    s.run()
    assert [e["player"] for e in s.events("spell_copied")] == [0, 2]
    assert (s.life(0), s.life(1), s.life(2)) == (20, 17, 14)

    creature = Scenario()  # not an instant or sorcery spell: no trigger
    creature.add(0, "battlefield", "Forest", "Forest")
    creature.add(0, "hand", "Grizzly Bears")
    creature.add(1, "battlefield", "Hive Mind")
    creature.cast(0, "Grizzly Bears")
    creature.run()
    assert [e["card"] for e in creature.events("spell_cast")] == ["Grizzly Bears"]
    assert not creature.events("ability_triggered")
    assert not creature.events("spell_copied")


@pytest.mark.cards("Convincing Mirage")
@pytest.mark.rules("614.12", "305.7", "613.1d")
def test_convincing_mirage_makes_the_land_the_chosen_type() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Mountain")
    s.add(0, "hand", "Convincing Mirage")
    s.add(1, "battlefield", "Forest", "Dragonskull Summit")
    s.cast(0, "Convincing Mirage", targets=["Dragonskull Summit"])
    s.choose(0, DecisionKind.CHOICE, "Forest")
    s.run()
    game = s.game
    assert game is not None
    summit = game.characteristics(s.permanent("Dragonskull Summit"))
    assert summit.subtypes == ("Forest",)
    # Its rules-text abilities are gone; it has the Forest's intrinsic mana ability.
    mana = [a for a in summit.abilities if a.text]
    assert [a.text for a in mana] == ["{T}: Add {G}."]
    (asked,) = s.decisions.of_kind(DecisionKind.CHOICE, 0)
    assert len(asked.options) == 5
    assert s.permanent("Convincing Mirage").chosen_land_type == "Forest"


@pytest.mark.cards("Convincing Mirage")
@pytest.mark.rules("702.14c", "305.7")
def test_convincing_mirage_turns_on_landwalk() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Mountain", "Grizzly Bears", "Giant Spider")
    s.add(1, "battlefield", "Island", "Island", "Bog Wraith", "Elite Vanguard")
    s.add(1, "hand", "Convincing Mirage")
    s.cast(1, "Convincing Mirage", targets=["Mountain"])
    s.choose(1, DecisionKind.CHOICE, "Swamp")
    s.attack(1, "Bog Wraith", "Elite Vanguard", turn=2)
    s.block(0, "Grizzly Bears", "Bog Wraith", turn=2)
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Bog Wraith"):
        s.run(until=(2, Step.END_OF_COMBAT))


@pytest.mark.cards("Alluring Siren")
@pytest.mark.rules("508.1d", "611.2a")
def test_alluring_siren_makes_the_creature_attack_you() -> None:
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.add(1, "battlefield", "Alluring Siren")
    s.activate(1, "Alluring Siren", targets=["Craw Wurm"])
    s.attack(0, "Grizzly Bears")  # not the Wurm: the declaration breaks the requirement
    with pytest.raises(ScenarioError, match=r"508\.1d"):
        s.run(until=(1, Step.END_OF_COMBAT))

    obeyed = Scenario(step=Step.UPKEEP)
    obeyed.add(0, "battlefield", "Grizzly Bears", "Craw Wurm")
    obeyed.add(1, "battlefield", "Alluring Siren")
    obeyed.activate(1, "Alluring Siren", targets=["Craw Wurm"])
    obeyed.attack(0, "Craw Wurm")
    obeyed.run(until=(1, Step.END_OF_COMBAT))
    assert obeyed.life(1) == 14
    (created,) = [e for e in obeyed.events("effect_created") if e["layer"] is None]
    assert created["duration"] == "end_of_turn"
    assert created["affected"] == [obeyed.permanent("Craw Wurm").id]


@pytest.mark.cards("Alluring Siren")
@pytest.mark.rules("508.1d", "506.2")
def test_alluring_siren_requires_an_attack_on_you_not_your_planeswalker() -> None:
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Alluring Siren", "Jace Beleren")
    s.activate(1, "Alluring Siren", targets=["Craw Wurm"])
    s.attack(0, "Craw Wurm", planeswalker="Jace Beleren")
    with pytest.raises(ScenarioError, match=r"508\.1d"):
        s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.cards("Alluring Siren")
@pytest.mark.rules("508.1d", "514.2")
def test_alluring_sirens_requirement_lasts_this_turn_only() -> None:
    s = Scenario(turn=2, active=1, step=Step.END)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Alluring Siren")
    s.activate(1, "Alluring Siren", targets=["Grizzly Bears"], turn=2, step=Step.END)
    s.run(until=(3, Step.END))
    assert not s.events("attackers_declared") or all(
        e["attackers"] == [] for e in s.events("attackers_declared")
    )
    assert s.life(1) == 20

    other = Scenario(step=Step.UPKEEP)  # the Siren can't target its controller's creature
    other.add(1, "battlefield", "Alluring Siren", "Grizzly Bears")
    other.activate(1, "Alluring Siren", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="Alluring Siren"):
        other.run()


def _sphinx_hits(named: str, *, put: str | None = "yes") -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Sphinx Ambassador")
    s.library(1, ["Island", "Craw Wurm", "Forest"])
    s.attack(0, "Sphinx Ambassador")
    s.choose(0, DecisionKind.SEARCH, "Craw Wurm")
    s.choose(1, DecisionKind.CHOICE, named)
    if put is not None:
        s.choose(0, DecisionKind.MAY, put)
    return s.run()


@pytest.mark.cards("Sphinx Ambassador")
@pytest.mark.rules("510.3a", "603.2", "701.23a", "701.24a")
def test_sphinx_ambassador_takes_a_creature_not_named() -> None:
    s = _sphinx_hits("Grizzly Bears")
    assert s.life(1) == 15
    wurm = s.permanent("Craw Wurm")
    assert (wurm.controller, wurm.owner) == (0, 1)
    assert s.library_size(1) == 2
    (searched,) = s.events("library_searched")
    assert searched["visibility"] == [0]
    assert [e["player"] for e in s.events("library_shuffled")] == [1]
    (name,) = s.decisions.of_kind(DecisionKind.CHOICE, 1)
    assert len(name.options) > 100  # any card name


@pytest.mark.cards("Sphinx Ambassador")
@pytest.mark.rules("701.23a", "701.24a")
def test_sphinx_ambassador_gets_nothing_when_the_card_is_named_or_declined() -> None:
    named = _sphinx_hits("Craw Wurm", put=None)
    assert "Craw Wurm" not in named.battlefield()
    assert named.library_size(1) == 3
    assert not named.decisions.of_kind(DecisionKind.MAY, 0)

    declined = _sphinx_hits("Grizzly Bears", put="no")
    assert "Craw Wurm" not in declined.battlefield()
    assert declined.library_size(1) == 3

    land = Scenario()  # not a creature card: nothing to put onto the battlefield
    land.add(0, "battlefield", "Sphinx Ambassador")
    land.library(1, ["Island", "Forest"])
    land.attack(0, "Sphinx Ambassador")
    land.choose(0, DecisionKind.SEARCH, "Forest")
    land.choose(1, DecisionKind.CHOICE, "Island")
    land.run()
    assert land.battlefield(0) == ["Sphinx Ambassador"]
    assert [e["player"] for e in land.events("library_shuffled")] == [1]


@pytest.mark.cards("Sphinx Ambassador")
@pytest.mark.rules("702.9b")
def test_sphinx_ambassador_flies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Sphinx Ambassador", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Sphinx Ambassador", "Elite Vanguard")
    s.block(1, "Grizzly Bears", "Sphinx Ambassador")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Sphinx Ambassador"):
        s.run()


def _djinn(top: str, *answers: str, lands_played: int = 0) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 9)
    s.add(0, "hand", "Djinn of Wishes", *["Forest"] * lands_played)
    s.library(0, ["Island", top])
    for _ in range(lands_played):
        s.play_land(0, "Forest")
    s.cast(0, "Djinn of Wishes", stack_empty=True)
    s.activate(0, "Djinn of Wishes", stack_empty=True)
    for answer in answers:
        s.choose(0, DecisionKind.MAY, answer)
    return s


@pytest.mark.cards("Djinn of Wishes")
@pytest.mark.rules("614.1c", "122.6", "118.3", "122.8")
def test_djinn_of_wishes_enters_with_three_wish_counters_it_spends() -> None:
    s = _djinn("Craw Wurm", "no")
    s.run()
    assert s.permanent("Djinn of Wishes").counters.get("wish") == 2

    empty = Scenario()  # put onto the battlefield without entering: no counters to remove
    empty.add(0, "battlefield", "Djinn of Wishes", *["Island"] * 4)
    empty.activate(0, "Djinn of Wishes")
    with pytest.raises(ScenarioError, match="Djinn of Wishes"):
        empty.run()


@pytest.mark.cards("Djinn of Wishes")
@pytest.mark.rules("118.9", "608.2g", "701.20a")
def test_djinn_of_wishes_casts_the_revealed_card_for_free() -> None:
    s = _djinn("Lightning Bolt", "yes")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.run()
    assert s.life(1) == 17
    (cast,) = [e for e in s.events("spell_cast") if e["card"] == "Lightning Bolt"]
    assert cast["alternative_cost"] == "without paying its mana cost"
    assert [e["cards"] for e in s.events("cards_revealed")] == [["Lightning Bolt"]]
    assert s.library_size(0) == 1


@pytest.mark.cards("Djinn of Wishes")
@pytest.mark.rules("406.2", "701.20a")
def test_djinn_of_wishes_exiles_the_card_not_played() -> None:
    s = _djinn("Craw Wurm", "no")
    s.run()
    game = s.game
    assert game is not None
    assert [c.name for c in game.exile] == ["Craw Wurm"]
    assert s.library_size(0) == 1
    assert "Craw Wurm" not in s.battlefield()


@pytest.mark.cards("Djinn of Wishes")
@pytest.mark.rules("305.2a", "305.2b")
def test_djinn_of_wishes_plays_a_land_only_with_a_land_play_left() -> None:
    s = _djinn("Forest", "yes")
    s.run()
    assert "Forest" in s.battlefield(0)
    (played,) = s.events("land_played")
    assert played["rule"] == "305.2a"

    used = _djinn("Mountain", lands_played=1)  # no choice offered: it is exiled
    used.run()
    game = used.game
    assert game is not None
    assert [c.name for c in game.exile] == ["Mountain"]
    assert not used.decisions.of_kind(DecisionKind.MAY, 0)


@pytest.mark.cards("Djinn of Wishes")
@pytest.mark.rules("702.9b")
def test_djinn_of_wishes_flies() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Djinn of Wishes", "Elite Vanguard")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Djinn of Wishes", "Elite Vanguard")
    s.block(1, "Grizzly Bears", "Djinn of Wishes")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Djinn of Wishes"):
        s.run()

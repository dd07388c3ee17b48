"""Magic 2010's red cards, each played out: every part of a card's rules text does what it
says, on that card."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def damage_to(s: Scenario, name: str) -> list[int]:
    """The amounts of damage dealt to the object or player ``name``, in order."""
    return [e["amount"] for e in s.events("damage_dealt") if e.get("to_name") == name]


# --- spells --------------------------------------------------------------------------------


@pytest.mark.cards("Lava Axe")
@pytest.mark.rules("120.3", "601.2c", "115.1")
def test_lava_axe_deals_five_damage_to_target_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P2"])
    s.run()
    assert s.life(1) == 15
    assert first(s, "damage_dealt", source_name="Lava Axe")["amount"] == 5


def kindled_fury_in_combat() -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Kindled Fury")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.cast(0, "Kindled Fury", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    return s


@pytest.mark.cards("Kindled Fury")
@pytest.mark.rules("611.2c", "613.4c", "613.1f", "702.7b", "510.4")
def test_kindled_fury_gives_plus_one_and_first_strike_until_end_of_turn() -> None:
    # The pumped Grizzly Bears (3/2, first strike) kills the blocking Runeclaw Bear before
    # it can strike back.
    s = kindled_fury_in_combat().run(until=(1, Step.END_OF_COMBAT))
    assert s.power("Grizzly Bears") == 3
    assert s.graveyard(1) == ["Runeclaw Bear"]
    assert "Grizzly Bears" in s.battlefield(0)
    assert first(s, "damage_dealt", source_name="Grizzly Bears")["step"] == "first_strike_damage"
    s = kindled_fury_in_combat().run(until=(2, Step.UPKEEP))
    assert s.power("Grizzly Bears") == 2
    assert s.permanent("Grizzly Bears").card.abilities == ()


@pytest.mark.cards("Seismic Strike")
@pytest.mark.rules("120.3", "608.2h")
@pytest.mark.parametrize(("mountains", "dies"), [(3, True), (2, False)])
def test_seismic_strike_deals_damage_equal_to_your_mountains(mountains: int, dies: bool) -> None:
    # Centaur Courser is 3/3; an opponent's Mountain doesn't count.
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * mountains, *["Forest"] * (3 - mountains))
    s.add(0, "hand", "Seismic Strike")
    s.add(1, "battlefield", "Centaur Courser", "Mountain")
    s.cast(0, "Seismic Strike", targets=["Centaur Courser"])
    s.run()
    assert damage_to(s, "Centaur Courser") == [mountains]
    assert ("Centaur Courser" in s.graveyard(1)) is dies


@pytest.mark.cards("Trumpet Blast")
@pytest.mark.rules("611.2c", "613.4c", "506.4")
def test_trumpet_blast_pumps_only_the_attacking_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", *["Mountain"] * 3)
    s.add(0, "hand", "Trumpet Blast")
    s.attack(0, "Grizzly Bears")
    s.cast(0, "Trumpet Blast", step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.power("Grizzly Bears") == 4
    assert s.power("Runeclaw Bear") == 2
    assert s.life(1) == 16


@pytest.mark.cards("Burst of Speed")
@pytest.mark.rules("611.2c", "613.1f", "702.10b", "302.6")
def test_burst_of_speed_lets_creatures_that_just_arrived_attack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", sick=True)
    s.add(0, "hand", "Burst of Speed")
    s.cast(0, "Burst of Speed")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 16


@pytest.mark.cards("Burst of Speed")
@pytest.mark.rules("611.2c", "302.6")
def test_burst_of_speed_does_not_reach_a_creature_that_arrives_later() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Burst of Speed", "Goblin Piker")
    s.cast(0, "Burst of Speed")
    s.cast(0, "Goblin Piker", stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.has_keyword("Goblin Piker", "haste")
    assert not s.can_attack("Goblin Piker")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert first(s, "attackers_declared")["attackers"] == []
    assert s.life(1) == 20


@pytest.mark.cards("Earthquake")
@pytest.mark.rules("120.3", "704.5g", "702.9b")
def test_earthquake_spares_flyers_and_hits_each_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Wind Drake")
    s.add(0, "hand", "Earthquake")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Earthquake", x=2)
    s.run()
    assert s.life(0) == 18
    assert s.life(1) == 18
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert damage_to(s, "Craw Wurm") == [2]
    assert damage_to(s, "Wind Drake") == []
    assert "Wind Drake" in s.battlefield(0)


# --- "{R}: [this] gets +1/+0 until end of turn" --------------------------------------------


@pytest.mark.rules("602.2", "611.2c", "613.4c")
@pytest.mark.parametrize(
    ("name", "power"),
    [
        pytest.param("Fiery Hellhound", 2, marks=pytest.mark.cards("Fiery Hellhound")),
        pytest.param("Shivan Dragon", 5, marks=pytest.mark.cards("Shivan Dragon")),
        pytest.param("Wall of Fire", 0, marks=pytest.mark.cards("Wall of Fire")),
    ],
)
def test_firebreathing_creatures_pump_themselves(name: str, power: int) -> None:
    def pumped_twice(until: tuple[int, Step]) -> Scenario:
        s = Scenario()
        s.add(0, "battlefield", name, "Mountain", "Mountain")
        s.activate(0, name)
        s.activate(0, name, stack_empty=True)
        return s.run(until=until)

    assert pumped_twice((1, Step.BEGINNING_OF_COMBAT)).power(name) == power + 2
    assert pumped_twice((2, Step.UPKEEP)).power(name) == power


@pytest.mark.cards("Shivan Dragon")
@pytest.mark.rules("702.9b", "602.2", "510.1")
def test_shivan_dragon_flies_and_breathes_fire_in_combat() -> None:
    # Runeclaw Bear attacks too, so that there is a declaration of blockers to make.
    s = Scenario()
    s.add(0, "battlefield", "Shivan Dragon", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Shivan Dragon", "Runeclaw Bear")
    s.block(1, "Grizzly Bears", "Shivan Dragon")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot block Shivan Dragon"):
        s.run()

    s = Scenario()
    s.add(0, "battlefield", "Shivan Dragon", "Mountain", "Mountain")
    s.attack(0, "Shivan Dragon")
    s.activate(0, "Shivan Dragon", step=Step.DECLARE_ATTACKERS)
    s.activate(0, "Shivan Dragon", step=Step.DECLARE_ATTACKERS, stack_empty=True)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 13


@pytest.mark.cards("Wall of Fire")
@pytest.mark.rules("702.3b", "508.1c")
def test_wall_of_fire_has_defender() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Wall of Fire", "Grizzly Bears")
    s.attack(0, "Wall of Fire")
    with pytest.raises(ScenarioError, match="Wall of Fire cannot attack"):
        s.run()


@pytest.mark.cards("Firebreathing")
@pytest.mark.rules("303.4b", "303.4a", "602.2", "613.4c")
def test_firebreathing_pumps_the_creature_it_enchants() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Firebreathing")
    s.cast(0, "Firebreathing", targets=["Grizzly Bears"])
    s.activate(0, "Firebreathing", stack_empty=True)
    s.activate(0, "Firebreathing", stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.permanent("Firebreathing").attached_to == s.permanent("Grizzly Bears").id
    assert s.power("Grizzly Bears") == 4
    assert s.toughness("Grizzly Bears") == 2


# --- creatures -----------------------------------------------------------------------------


@pytest.mark.cards("Ball Lightning")
@pytest.mark.rules("702.10b", "702.19b", "603.2b", "701.21a")
def test_ball_lightning_tramples_in_with_haste_and_is_sacrificed_at_the_end_step() -> None:
    # Ornithopter (0/2) blocks and deals no damage back.
    s = Scenario()
    s.add(0, "battlefield", "Ball Lightning", sick=True)
    s.add(1, "battlefield", "Ornithopter")
    s.attack(0, "Ball Lightning")
    s.block(1, "Ornithopter", "Ball Lightning")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 4))
    s.run(until=(1, Step.CLEANUP))
    assert s.life(1) == 16
    assert s.graveyard(1) == ["Ornithopter"]
    assert s.graveyard(0) == ["Ball Lightning"]
    # Logged as a sacrifice, not a plain move (701.21a).
    sacrificed = first(s, "sacrificed", card="Ball Lightning")
    assert (sacrificed["step"], sacrificed["rule"]) == ("end", "701.21a")
    assert [e for e in s.events("object_moved") if e["card"] == "Ball Lightning"] == []


@pytest.mark.cards("Ball Lightning")
@pytest.mark.rules("603.2b", "701.21a")
def test_ball_lightning_is_sacrificed_at_the_end_step_of_an_opponents_turn_too() -> None:
    # "the end step": every end step, not just its controller's.
    s = Scenario(active=1)
    s.add(0, "battlefield", "Ball Lightning")
    s.run(until=(1, Step.CLEANUP))
    assert s.graveyard(0) == ["Ball Lightning"]


@pytest.mark.cards("Berserkers of Blood Ridge")
@pytest.mark.rules("508.1d")
def test_berserkers_of_blood_ridge_attacks_each_combat_if_able() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Berserkers of Blood Ridge")
    with pytest.raises(ScenarioError, match=r"obeys 0 attack requirement\(s\); 1 can be"):
        s.run()

    s = Scenario()
    s.add(0, "battlefield", "Berserkers of Blood Ridge")
    s.attack(0, "Berserkers of Blood Ridge")
    s.run()
    assert s.life(1) == 16


@pytest.mark.cards("Jackal Familiar")
@pytest.mark.rules("508.1c", "509.1b")
def test_jackal_familiar_cant_attack_or_block_alone() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Jackal Familiar", "Grizzly Bears")
    s.attack(0, "Jackal Familiar")
    with pytest.raises(ScenarioError, match="can't attack or block alone"):
        s.run()

    s = Scenario()
    s.add(0, "battlefield", "Jackal Familiar", "Grizzly Bears")
    s.attack(0, "Jackal Familiar", "Grizzly Bears")
    s.run()
    assert s.life(1) == 16

    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Jackal Familiar", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Jackal Familiar", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="can't attack or block alone"):
        s.run()

    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Jackal Familiar", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Jackal Familiar", "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 0))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Grizzly Bears" in s.graveyard(0)


@pytest.mark.cards("Goblin Chieftain")
@pytest.mark.rules("613.4c", "613.1f", "611.3a", "702.10b")
def test_goblin_chieftain_pumps_and_hastes_the_other_goblins() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Goblin Chieftain", "Goblin Piker", "Grizzly Bears", sick=True)
    s.attack(0, "Goblin Chieftain", "Goblin Piker")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert (s.power("Goblin Chieftain"), s.toughness("Goblin Chieftain")) == (2, 2)
    assert (s.power("Goblin Piker"), s.toughness("Goblin Piker")) == (3, 2)
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    assert s.life(1) == 15

    s = Scenario()
    s.add(0, "battlefield", "Goblin Chieftain", "Grizzly Bears", sick=True)
    s.attack(0, "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot attack"):
        s.run()


@pytest.mark.cards("Bogardan Hellkite")
@pytest.mark.rules("702.8a", "603.3d", "601.2d", "120.3")
def test_bogardan_hellkite_flashes_in_and_divides_five_damage() -> None:
    s = Scenario(active=1)
    s.add(0, "battlefield", *["Mountain"] * 8)
    s.add(0, "hand", "Bogardan Hellkite")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Bogardan Hellkite", step=Step.END)
    s.choose(0, DecisionKind.TARGET_COUNT, 2)
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.choose(0, DecisionKind.DIVISION, (2, 3))
    s.run(until=(1, Step.CLEANUP))
    assert first(s, "ability_stacked")["division"] == [2, 3]
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.life(1) == 17
    assert "Bogardan Hellkite" in s.battlefield(0)


@pytest.mark.cards("Siege-Gang Commander")
@pytest.mark.rules("111.1", "603.2", "602.2", "701.21a", "118.3")
def test_siege_gang_commander_makes_goblins_and_flings_them() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 7)
    s.add(0, "hand", "Siege-Gang Commander")
    s.cast(0, "Siege-Gang Commander")
    s.activate(0, "Siege-Gang Commander", targets=["P2"], stack_empty=True)
    s.choose(0, DecisionKind.SACRIFICE, "Goblin Token")
    s.run()
    tokens = [p for p in s.battlefield(0) if p == "Goblin Token"]
    assert len(tokens) == 2
    token = s.permanent("Goblin Token")
    assert (s.power("Goblin Token"), s.toughness("Goblin Token")) == (1, 1)
    assert token.card.colors == ("R",)
    assert s.life(1) == 18
    assert first(s, "sacrificed")["card"] == "Goblin Token"


@pytest.mark.cards("Siege-Gang Commander")
@pytest.mark.rules("701.21a", "118.3")
def test_siege_gang_commander_can_sacrifice_itself_as_a_goblin() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Siege-Gang Commander", "Mountain", "Mountain")
    s.activate(0, "Siege-Gang Commander", targets=["P2"])
    s.run()
    assert first(s, "sacrificed")["card"] == "Siege-Gang Commander"
    assert s.graveyard(0) == ["Siege-Gang Commander"]
    assert s.life(1) == 18


@pytest.mark.cards("Inferno Elemental")
@pytest.mark.rules("509.3b", "509.3d", "603.2")
@pytest.mark.parametrize("attacking", [True, False])
def test_inferno_elemental_burns_the_creature_on_the_other_side(attacking: bool) -> None:
    # Centaur Courser (3/3) dies from the trigger before combat damage: Inferno Elemental
    # takes none.
    s = Scenario()
    mine, theirs = (0, 1) if attacking else (1, 0)
    s.add(mine, "battlefield", "Inferno Elemental")
    s.add(theirs, "battlefield", "Centaur Courser")
    if attacking:
        s.attack(0, "Inferno Elemental")
        s.block(1, "Centaur Courser", "Inferno Elemental")
    else:
        s.attack(0, "Centaur Courser")
        s.block(1, "Inferno Elemental", "Centaur Courser")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert damage_to(s, "Centaur Courser") == [3]
    assert "Centaur Courser" in s.graveyard(theirs)
    assert damage_to(s, "Inferno Elemental") == []


# --- sorceries that take, shuffle and break things ---------------------------------------


def act_of_treason(until: tuple[int, Step]) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Act of Treason")
    s.add(1, "battlefield", "Craw Wurm", tapped=True)
    s.cast(0, "Act of Treason", targets=["Craw Wurm"])
    s.attack(0, "Craw Wurm")
    return s.run(until=until)


@pytest.mark.cards("Act of Treason")
@pytest.mark.rules("613.1b", "611.2c", "701.26b", "702.10b", "302.6", "514.2")
def test_act_of_treason_borrows_untaps_and_hastes_a_creature_for_the_turn() -> None:
    s = act_of_treason((1, Step.END_OF_COMBAT))
    wurm = s.permanent("Craw Wurm")
    assert wurm.controller == 0
    assert first(s, "permanent_untapped", object=wurm.id)["rule"] == "701.26b"
    assert s.life(1) == 14  # it attacked its owner the turn it changed control
    s = act_of_treason((2, Step.UPKEEP))
    assert s.permanent("Craw Wurm").controller == 1


@pytest.mark.cards("Burning Inquiry")
@pytest.mark.rules("121.1", "701.9b", "101.4")
def test_burning_inquiry_draws_three_then_discards_three_at_random() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Burning Inquiry", "Grizzly Bears")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Burning Inquiry")
    s.run()
    assert [len(s.hand(p)) for p in (0, 1)] == [1, 1]
    assert [s.library_size(p) for p in (0, 1)] == [7, 7]
    discards = s.events("card_discarded")
    assert len(discards) == 6
    assert {d["rule"] for d in discards} == {"701.9b"}
    # Each player discards after both have drawn, the active player first.
    draws = [e["seq"] for e in s.events() if e["event"] == "card_drawn"]
    assert max(draws) < min(d["seq"] for d in discards)
    assert [d["player"] for d in discards] == [0, 0, 0, 1, 1, 1]


@pytest.mark.cards("Yawning Fissure")
@pytest.mark.rules("701.21a", "101.4")
def test_yawning_fissure_makes_each_opponent_sacrifice_a_land() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Yawning Fissure")
    s.add(1, "battlefield", "Forest", "Plains", "Grizzly Bears")
    s.add(2, "battlefield", "Island")
    s.cast(0, "Yawning Fissure")
    s.choose(1, DecisionKind.SACRIFICE, "Plains")
    s.run()
    assert sorted(e["card"] for e in s.events("sacrificed")) == ["Island", "Plains"]
    assert s.battlefield(1) == ["Forest", "Grizzly Bears"]
    assert s.battlefield(2) == []
    assert len(s.battlefield(0)) == 5


@pytest.mark.cards("Stone Giant")
@pytest.mark.rules("115.1", "613.1f", "603.7a", "701.8a", "702.9b")
def test_stone_giant_flings_a_smaller_creature_over_blockers_and_it_dies_at_end_step() -> None:
    # Grizzly Bears (toughness 2 < 3) flies over the opponent's Runeclaw Bear; Runeclaw
    # Bear attacks too, so that there is a declaration of blockers to make.
    s = Scenario()
    s.add(0, "battlefield", "Stone Giant", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.activate(0, "Stone Giant", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 18
    assert "Grizzly Bears" in s.battlefield(0)

    s = Scenario()
    s.add(0, "battlefield", "Stone Giant", "Grizzly Bears")
    s.activate(0, "Stone Giant", targets=["Grizzly Bears"])
    s.run(until=(1, Step.CLEANUP))
    assert s.graveyard(0) == ["Grizzly Bears"]
    destroyed = first(s, "object_moved", card="Grizzly Bears")
    assert (destroyed["step"], destroyed["rule"]) == ("end", "701.8a")


@pytest.mark.cards("Stone Giant")
@pytest.mark.rules("115.1", "601.2c", "608.2b")
@pytest.mark.parametrize(
    ("target", "legal"),
    [("Grizzly Bears", True), ("Horned Turtle", False), ("Centaur Courser", False)],
)
def test_stone_giant_targets_only_your_creatures_with_toughness_below_its_power(
    target: str, legal: bool
) -> None:
    # Horned Turtle (toughness 4) is not less than 3; Centaur Courser is the opponent's.
    s = Scenario()
    s.add(0, "battlefield", "Stone Giant", "Grizzly Bears", "Horned Turtle")
    s.add(1, "battlefield", "Centaur Courser")
    s.activate(0, "Stone Giant", targets=[target])
    if legal:
        s.run()
    else:
        with pytest.raises(ScenarioError, match=f"'{target}' is not a legal target"):
            s.run()


@pytest.mark.cards("Stone Giant")
@pytest.mark.rules("608.2b")
def test_stone_giant_ability_does_nothing_if_the_creature_grows_too_big() -> None:
    # Giant Growth in response makes Grizzly Bears 5/5: no longer a legal target, so it
    # neither gains flying nor is destroyed.
    s = Scenario()
    s.add(0, "battlefield", "Stone Giant", "Grizzly Bears", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Stone Giant", targets=["Grizzly Bears"])
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.CLEANUP))
    assert "Grizzly Bears" in s.battlefield(0)
    assert s.graveyard(0) == ["Giant Growth"]


def whelp_pumped(times: int) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Dragon Whelp", *["Mountain"] * times)
    for _ in range(times):
        s.activate(0, "Dragon Whelp", stack_empty=True)
    # Each activation from the fourth on makes its own delayed trigger (603.7a).
    if times > 4:
        s.choose(0, DecisionKind.TRIGGER_ORDER, *["Dragon Whelp"] * (times - 3))
    return s.run(until=(1, Step.CLEANUP))


@pytest.mark.cards("Dragon Whelp")
@pytest.mark.rules("702.9b", "602.2", "603.7a", "701.21a", "608.2c")
@pytest.mark.parametrize(("times", "sacrificed"), [(3, False), (4, True), (5, True)])
def test_dragon_whelp_is_sacrificed_after_four_activations_in_a_turn(
    times: int, sacrificed: bool
) -> None:
    s = whelp_pumped(times)
    moved = [e for e in s.events("sacrificed") if e["card"] == "Dragon Whelp"]
    assert [(e["step"], e["rule"]) for e in moved] == ([("end", "701.21a")] if sacrificed else [])
    if sacrificed:
        assert s.graveyard(0) == ["Dragon Whelp"]
    else:
        assert s.power("Dragon Whelp") == 2 + times


@pytest.mark.cards("Dragon Whelp")
@pytest.mark.rules("608.2c")
def test_dragon_whelp_counts_only_this_turns_activations() -> None:
    # Two activations on each of two of its controller's turns: never four in one turn.
    s = Scenario()
    s.add(0, "battlefield", "Dragon Whelp", *["Mountain"] * 2)
    for turn in (1, 3):
        for _ in range(2):
            s.activate(0, "Dragon Whelp", turn=turn, stack_empty=True)
    s.run(until=(3, Step.CLEANUP))
    assert first(s, "step_began", turn=3, step="end")
    assert [e for e in s.events("sacrificed") if e["card"] == "Dragon Whelp"] == []
    assert "Dragon Whelp" in s.battlefield(0)


@pytest.mark.cards("Magma Phoenix")
@pytest.mark.rules("603.10a", "700.4", "120.3", "704.5g")
def test_magma_phoenix_dying_deals_three_to_each_creature_and_each_player() -> None:
    # Lightning Bolt kills the Phoenix; its trigger kills Grizzly Bears (both sides) but
    # not Craw Wurm (6/4).
    s = Scenario()
    s.add(0, "battlefield", "Magma Phoenix", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Lightning Bolt", targets=["Magma Phoenix"])
    s.run()
    assert s.life(0) == 17
    assert s.life(1) == 17
    assert "Grizzly Bears" in s.graveyard(0)
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert damage_to(s, "Craw Wurm") == [3]
    assert {e["source_name"] for e in s.events("damage_dealt")} == {
        "Lightning Bolt",
        "Magma Phoenix",
    }


@pytest.mark.cards("Magma Phoenix")
@pytest.mark.rules("113.6m", "602.2", "400.7")
def test_magma_phoenix_returns_from_your_graveyard_to_your_hand() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "graveyard", "Magma Phoenix")
    s.activate(0, "Magma Phoenix")
    s.run()
    assert s.hand(0) == ["Magma Phoenix"]
    assert s.graveyard(0) == []
    assert first(s, "ability_activated")["rule"] == "602.2"


@pytest.mark.cards("Magma Phoenix")
@pytest.mark.rules("113.6m", "602.2")
def test_magma_phoenix_ability_works_only_from_its_owners_graveyard() -> None:
    # On the battlefield it can't be activated; nor by an opponent from the graveyard.
    s = Scenario()
    s.add(0, "battlefield", "Magma Phoenix", *["Mountain"] * 5)
    s.activate(0, "Magma Phoenix")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()

    s = Scenario()
    s.add(0, "graveyard", "Magma Phoenix")
    s.add(1, "battlefield", *["Mountain"] * 5)
    s.activate(1, "Magma Phoenix")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.cards("Manabarbs")
@pytest.mark.rules("106.12", "603.2", "117.5", "120.3")
def test_manabarbs_deals_one_damage_for_each_land_tapped_for_mana() -> None:
    # Each of three Mountains tapped for Canyon Minotaur, and the opponent's Mountain
    # tapped for Lightning Bolt, hurt the player who tapped it; Llanowar Elves, not a
    # land, taps for mana without a trigger.
    s = Scenario()
    s.add(0, "battlefield", "Manabarbs", "Mountain", "Mountain", "Mountain", "Llanowar Elves")
    s.add(0, "hand", "Canyon Minotaur")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Canyon Minotaur")
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Manabarbs"] * 3)
    s.cast(1, "Lightning Bolt", targets=["P1"], stack_empty=True)
    s.run()
    manabarbs = [e for e in s.events("damage_dealt") if e["source_name"] == "Manabarbs"]
    assert [(e["to_player"], e["amount"]) for e in manabarbs] == [(0, 1)] * 3 + [(1, 1)]
    assert s.life(0) == 20 - 3 - 3
    assert s.life(1) == 19
    assert "Canyon Minotaur" in s.battlefield(0)


def efreet_upkeep(seed: int, *, bolt: bool = False) -> Scenario:
    s = Scenario(step=Step.UPKEEP, seed=seed)
    s.add(0, "battlefield", "Capricious Efreet", "Grizzly Bears", "Forest")
    s.add(1, "battlefield", "Craw Wurm", "Centaur Courser", "Mountain")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.choose(0, DecisionKind.TARGET_COUNT, 2)
    s.choose(0, DecisionKind.TARGET, "Craw Wurm")
    s.choose(0, DecisionKind.TARGET, "Centaur Courser")
    if bolt:
        # Grizzly Bears dies in response: the random choice is among the other two.
        s.add(1, "hand", "Lightning Bolt")
        s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.UPKEEP)
    return s.run(until=(1, Step.DRAW))


@pytest.mark.cards("Capricious Efreet")
@pytest.mark.rules("603.2b", "603.3d", "701.8a", "608.2b")
@pytest.mark.parametrize("seed", range(6))
def test_capricious_efreet_destroys_one_of_its_targets_at_random(seed: int) -> None:
    s = efreet_upkeep(seed)
    stacked = first(s, "ability_stacked")
    assert len(stacked["targets"]) == 3
    destroyed = [e["card"] for e in s.events("object_moved") if e["rule"] == "701.8a"]
    assert len(destroyed) == 1
    assert destroyed[0] in ("Grizzly Bears", "Craw Wurm", "Centaur Courser")
    assert "Forest" in s.battlefield(0)
    assert "Mountain" in s.battlefield(1)


@pytest.mark.cards("Capricious Efreet")
@pytest.mark.rules("701.8a")
def test_capricious_efreet_picks_each_target_for_some_seed() -> None:
    picked = {
        next(e["card"] for e in efreet_upkeep(seed).events("object_moved") if e["rule"] == "701.8a")
        for seed in range(12)
    }
    assert picked == {"Grizzly Bears", "Craw Wurm", "Centaur Courser"}


@pytest.mark.cards("Capricious Efreet")
@pytest.mark.rules("608.2b", "701.8a")
@pytest.mark.parametrize("seed", range(4))
def test_capricious_efreet_chooses_among_the_targets_still_legal(seed: int) -> None:
    s = efreet_upkeep(seed, bolt=True)
    destroyed = [e["card"] for e in s.events("object_moved") if e["rule"] == "701.8a"]
    assert len(destroyed) == 1
    assert destroyed[0] in ("Craw Wurm", "Centaur Courser")


def panic_attack(blocker: str, *, until: tuple[int, Step] = (1, Step.END_OF_COMBAT)) -> Scenario:
    # Panic Attack on two of the opponent's three creatures; Grizzly Bears attacks.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Panic Attack")
    s.add(1, "battlefield", "Runeclaw Bear", "Centaur Courser", "Horned Turtle")
    s.cast(0, "Panic Attack")
    s.choose(0, DecisionKind.TARGET_COUNT, 2)
    s.choose(0, DecisionKind.TARGET, "Runeclaw Bear")
    s.choose(0, DecisionKind.TARGET, "Centaur Courser")
    s.attack(0, "Grizzly Bears", turn=until[0])
    s.block(1, blocker, "Grizzly Bears", turn=until[0])
    return s.run(until=until)


@pytest.mark.cards("Panic Attack")
@pytest.mark.rules("509.1b", "611.2a", "611.2c")
@pytest.mark.parametrize("blocker", ["Runeclaw Bear", "Centaur Courser"])
def test_panic_attack_targets_cant_block_this_turn(blocker: str) -> None:
    with pytest.raises(ScenarioError, match=f"{blocker} cannot block Grizzly Bears"):
        panic_attack(blocker)


@pytest.mark.cards("Panic Attack")
@pytest.mark.rules("509.1b", "611.2a")
def test_panic_attack_leaves_other_creatures_free_to_block() -> None:
    s = panic_attack("Horned Turtle")
    assert first(s, "blockers_declared")["blockers"] == [
        [s.permanent("Horned Turtle").id, s.permanent("Grizzly Bears").id]
    ]
    effect = first(s, "effect_created")
    assert effect["duration"] == "end_of_turn"
    assert effect["description"] == "Runeclaw Bear, Centaur Courser can't block this turn"


@pytest.mark.cards("Panic Attack")
@pytest.mark.rules("514.2")
def test_panic_attack_ends_at_end_of_turn() -> None:
    # On turn 3 the Bear attacks again and Runeclaw Bear may block it.
    s = panic_attack("Runeclaw Bear", until=(3, Step.END_OF_COMBAT))
    assert first(s, "blockers_declared", turn=3)["blockers"]
    assert "Runeclaw Bear" in s.graveyard(1)


@pytest.mark.cards("Stone Giant")
@pytest.mark.rules("602.2b", "601.2c", "115.1")
def test_stone_giant_is_not_offered_with_no_creature_small_enough_to_target() -> None:
    # Stone Giant itself has toughness 4, not less than its power 3: nothing to target, so
    # the ability can't be activated (601.2c) and is not offered.
    s = Scenario()
    s.add(0, "battlefield", "Stone Giant", "Horned Turtle")
    s.run()
    offered = s.decisions.priority(0)[0].activations
    assert not any("Stone Giant" in name for name, _ in offered)

"""Rules tests for the combat phase (CR 302.6, 506-511).

Each test sets up a game in the first main phase with :class:`manaweave.testing.Scenario`,
scripts attacks, blocks and damage assignments, runs the game and checks tapped state,
damage, life totals, zones and the event log against the Comprehensive Rules (edition
2026-01-16).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import decisions_made, first, steps

import manaweave
from manaweave import DecisionKind, Step
from manaweave.cards import (
    TARGET_CREATURE,
    AtBeginningOf,
    CardSet,
    GainLife,
    GainsUntilEndOfTurn,
    Printed,
    SpellAbility,
    TriggeredAbility,
    WheneverAttacks,
    card,
)
from manaweave.testing import Scenario, ScenarioError


def combat_damage(s: Scenario) -> list[tuple[str, str | int, int]]:
    """Combat damage dealt: (source name, recipient name or player index, amount)."""
    return [
        (e["source_name"], e.get("to_name", e.get("to_player")), e["amount"])
        for e in s.events("damage_dealt")
        if e["combat"]
    ]


# --- declaring attackers --------------------------------------------------------------------


@pytest.mark.rules("302.6", "508.1a")
def test_a_creature_with_summoning_sickness_cannot_attack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "battlefield", "Runeclaw Bear")
    s.attack(0, "Runeclaw Bear", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot attack"):
        s.run()


@pytest.mark.rules("302.6", "508.1a", "508.8")
def test_a_creature_cast_this_turn_does_not_attack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.can_attack("Grizzly Bears")
    s.run()

    assert first(s, "attackers_declared")["attackers"] == []
    assert not s.permanent("Grizzly Bears").tapped
    assert s.life(1) == 20


@pytest.mark.rules("508.1a")
def test_a_tapped_creature_cannot_attack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", tapped=True)
    s.add(0, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Grizzly Bears cannot attack"):
        s.run()


@pytest.mark.rules("508.1a", "508.1f")
def test_attacking_creatures_become_tapped() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.run(until=(1, Step.DECLARE_BLOCKERS))

    bears = s.permanent("Grizzly Bears")
    assert bears.tapped
    assert not s.permanent("Runeclaw Bear").tapped
    assert first(s, "permanent_tapped", object=bears.id)["rule"] == "508.1f"
    assert first(s, "attackers_declared")["attackers"] == [[bears.id, 1]]


# --- unblocked and blocked creatures --------------------------------------------------------


@pytest.mark.cards("Centaur Courser")
@pytest.mark.rules("510.1a", "510.1b", "510.2", "120.3a")
def test_an_unblocked_creature_deals_its_damage_to_the_defending_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Centaur Courser")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Centaur Courser")
    s.run()

    assert s.life(1) == 17
    assert combat_damage(s) == [("Centaur Courser", 1, 3)]
    assert s.permanent("Grizzly Bears").damage == 0


@pytest.mark.rules("509.1a", "509.1h", "510.1c", "510.1d", "704.5g")
def test_a_single_blocker_gets_all_the_damage_and_deals_its_damage_back() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Centaur Courser")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Centaur Courser")
    s.block(1, "Grizzly Bears", "Centaur Courser")
    s.run()

    assert s.life(1) == 20
    assert sorted(combat_damage(s)) == [
        ("Centaur Courser", "Grizzly Bears", 3),
        ("Grizzly Bears", "Centaur Courser", 2),
    ]
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.permanent("Centaur Courser").damage == 2


@pytest.mark.cards("Siege Mastodon", "Craw Wurm")
@pytest.mark.rules("510.1c", "510.1d", "510.2")
def test_a_blocked_creature_deals_no_damage_to_the_player() -> None:
    # Siege Mastodon (3/5) blocks Craw Wurm (6/4) and dies; none of the 6 damage tramples over.
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Siege Mastodon")
    s.attack(0, "Craw Wurm")
    s.block(1, "Siege Mastodon", "Craw Wurm")
    s.run()

    assert s.life(1) == 20
    assert s.graveyard(1) == ["Siege Mastodon"]
    assert s.permanent("Craw Wurm").damage == 3


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("510.2", "704.3", "704.5g")
def test_combat_damage_is_dealt_simultaneously() -> None:
    # Two 2/2s trade: each deals its damage although the other is destroyed by it.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.run()

    assert sorted(combat_damage(s)) == [
        ("Grizzly Bears", "Runeclaw Bear", 2),
        ("Runeclaw Bear", "Grizzly Bears", 2),
    ]
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.graveyard(1) == ["Runeclaw Bear"]
    # Both are destroyed by one state-based-action check.
    [sba] = s.events("state_based_actions_performed")
    assert len(sba["objects"]) == 2


# --- several blockers -----------------------------------------------------------------------


@pytest.mark.cards("Craw Wurm", "Centaur Courser", "Canyon Minotaur")
@pytest.mark.rules("510.1c", "510.1d", "510.2")
def test_two_blockers_the_attacking_player_divides_the_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Centaur Courser", "Canyon Minotaur")
    s.attack(0, "Craw Wurm")
    s.block(1, "Centaur Courser", "Craw Wurm")
    s.block(1, "Canyon Minotaur", "Craw Wurm")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (3, 3))
    s.run()

    assert sorted(combat_damage(s)) == [
        ("Canyon Minotaur", "Craw Wurm", 3),
        ("Centaur Courser", "Craw Wurm", 3),
        ("Craw Wurm", "Canyon Minotaur", 3),
        ("Craw Wurm", "Centaur Courser", 3),
    ]
    assert s.graveyard(0) == ["Craw Wurm"]
    assert sorted(s.graveyard(1)) == ["Canyon Minotaur", "Centaur Courser"]
    assert s.life(1) == 20


@pytest.mark.rules("510.1c")
def test_damage_may_go_all_to_one_of_two_blockers() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Centaur Courser", "Canyon Minotaur")
    s.attack(0, "Craw Wurm")
    s.block(1, "Centaur Courser", "Craw Wurm")
    s.block(1, "Canyon Minotaur", "Craw Wurm")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (0, 6))
    s.run()

    assert s.graveyard(1) == ["Canyon Minotaur"]
    assert s.permanent("Centaur Courser").damage == 0


# The example of 510.1c: a 4/3 blocked by a 2/3 and a 1/1 may assign its 4 damage in any of
# five ways. Zombie Goliath (4/3) stands in for the 4/3, Runeclaw Bear (2/2) for the 2/3 and
# Llanowar Elves (1/1) for the 1/1; their combined 3 damage destroys the attacker each time.
CR_EXAMPLE_SPLITS = {
    (0, 4): (["Llanowar Elves"], {"Runeclaw Bear": 0}),
    (1, 3): (["Llanowar Elves"], {"Runeclaw Bear": 1}),
    (2, 2): (["Runeclaw Bear", "Llanowar Elves"], {}),
    (3, 1): (["Runeclaw Bear", "Llanowar Elves"], {}),
    (4, 0): (["Runeclaw Bear"], {"Llanowar Elves": 0}),
}


def _cr_example(split: tuple[int, int]) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Zombie Goliath")
    s.add(1, "battlefield", "Runeclaw Bear", "Llanowar Elves")
    s.attack(0, "Zombie Goliath")
    s.block(1, "Runeclaw Bear", "Zombie Goliath")
    s.block(1, "Llanowar Elves", "Zombie Goliath")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, split)
    return s.run()


@pytest.mark.rules("510.1c")
def test_cr_example_every_division_of_four_damage_between_two_blockers_is_offered() -> None:
    s = _cr_example((2, 2))
    [decision] = decisions_made(s, "damage_assignment")
    assert decision["player"] == 0
    assert decision["rule"] == "510.1c"
    assert decision["options"] == 5


@pytest.mark.cards("Zombie Goliath", "Runeclaw Bear")
@pytest.mark.rules("510.1c", "510.1d", "510.2", "704.5g")
@pytest.mark.parametrize("split", sorted(CR_EXAMPLE_SPLITS))
def test_cr_example_each_division_is_dealt_as_chosen(split: tuple[int, int]) -> None:
    s = _cr_example(split)
    died, damaged = CR_EXAMPLE_SPLITS[split]

    bear, elves = split
    dealt = sorted(d for d in combat_damage(s) if d[0] == "Zombie Goliath")
    expected = [
        ("Zombie Goliath", "Llanowar Elves", elves),
        ("Zombie Goliath", "Runeclaw Bear", bear),
    ]
    assert dealt == sorted(d for d in expected if d[2] > 0)
    assert sorted(s.graveyard(1)) == sorted(died)
    for name, damage in damaged.items():
        assert s.permanent(name).damage == damage
    assert s.graveyard(0) == ["Zombie Goliath"]


# --- blockers -------------------------------------------------------------------------------


@pytest.mark.rules("509.1a")
def test_a_tapped_creature_cannot_block() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Centaur Courser", tapped=True)
    s.attack(0, "Grizzly Bears")
    s.run(until=(1, Step.DECLARE_BLOCKERS))
    assert not s.can_block("Centaur Courser", "Grizzly Bears")
    s.run()

    assert first(s, "blockers_declared", player=1)["blockers"] == []
    assert s.life(1) == 18
    assert s.battlefield(0) == ["Grizzly Bears"]


@pytest.mark.rules("509.1a")
def test_a_tapped_creature_is_not_offered_as_a_blocker() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Centaur Courser", tapped=True)
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Centaur Courser cannot block"):
        s.run()


@pytest.mark.rules("509.1a", "302.6")
def test_a_creature_with_summoning_sickness_can_block() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Centaur Courser", sick=True)
    s.attack(0, "Grizzly Bears")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    s.run()

    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.life(1) == 20


@pytest.mark.rules("509.1h", "506.4", "510.1c")
def test_a_blocked_creature_whose_blocker_is_gone_deals_no_damage() -> None:
    # The blocker is killed in the declare blockers step: the attacker stays blocked.
    s = Scenario()
    s.add(0, "battlefield", "Centaur Courser", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Centaur Courser")
    s.block(1, "Grizzly Bears", "Centaur Courser")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert s.graveyard(1) == ["Grizzly Bears"]
    assert combat_damage(s) == []
    assert s.life(1) == 20
    assert s.permanent("Centaur Courser").damage == 0


@pytest.mark.rules("506.4", "510.1d")
def test_a_blocker_whose_attacker_is_gone_deals_no_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Centaur Courser", "Mountain")
    s.add(1, "hand", "Shock")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    s.cast(1, "Shock", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert s.graveyard(0) == ["Grizzly Bears"]
    assert combat_damage(s) == []


@pytest.mark.rules("510.1c", "506.4")
def test_damage_is_divided_only_among_the_blockers_still_blocking() -> None:
    # One of two blockers is killed before damage: the other gets all the damage, and no
    # division is asked for.
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Centaur Courser", "Canyon Minotaur")
    s.attack(0, "Craw Wurm")
    s.block(1, "Centaur Courser", "Craw Wurm")
    s.block(1, "Canyon Minotaur", "Craw Wurm")
    s.cast(0, "Lightning Bolt", targets=["Centaur Courser"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert decisions_made(s, "damage_assignment") == []
    assert sorted(combat_damage(s)) == [
        ("Canyon Minotaur", "Craw Wurm", 3),
        ("Craw Wurm", "Canyon Minotaur", 6),
    ]
    assert s.life(1) == 20


# --- combat trick ---------------------------------------------------------------------------


@pytest.mark.rules("510.1a", "613.4c")
def test_combat_damage_uses_power_when_damage_is_dealt() -> None:
    # Giant Growth in the declare blockers step: the attacker assigns 5 and survives.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Centaur Courser")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Centaur Courser", "Grizzly Bears")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert sorted(combat_damage(s)) == [
        ("Centaur Courser", "Grizzly Bears", 3),
        ("Grizzly Bears", "Centaur Courser", 5),
    ]
    assert s.graveyard(1) == ["Centaur Courser"]
    assert s.permanent("Grizzly Bears").damage == 3


# --- the steps of combat --------------------------------------------------------------------


@pytest.mark.rules("508.8", "506.1")
def test_without_attackers_the_declare_blockers_and_combat_damage_steps_are_skipped() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.run()

    assert steps(s) == [
        "precombat_main",
        "beginning_of_combat",
        "declare_attackers",
        "end_of_combat",
        "postcombat_main",
        "end",
    ]
    assert s.events("blockers_declared") == []


@pytest.mark.rules("508.8", "506.1")
def test_with_attackers_every_combat_step_happens() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    s.run()

    assert steps(s) == [
        "precombat_main",
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "combat_damage",
        "end_of_combat",
        "postcombat_main",
        "end",
    ]


@pytest.mark.rules("508.8", "506.4")
def test_blockers_and_damage_steps_happen_even_if_the_attacker_was_removed() -> None:
    # 508.8 skips the steps only if no creatures are declared as attackers. Here one was
    # declared, then killed in the declare attackers step: the steps still happen.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.attack(0, "Grizzly Bears")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    s.run()

    assert s.graveyard(0) == ["Grizzly Bears"]
    assert "declare_blockers" in steps(s)
    assert "combat_damage" in steps(s)
    assert s.life(1) == 20


@pytest.mark.cards("Horned Turtle")
@pytest.mark.rules("511.3", "506.4")
def test_creatures_are_removed_from_combat_as_the_end_of_combat_step_ends() -> None:
    def scenario(until: Step) -> Scenario:
        s = Scenario()
        s.add(0, "battlefield", "Grizzly Bears")
        s.add(1, "battlefield", "Horned Turtle")
        s.attack(0, "Grizzly Bears")
        s.block(1, "Horned Turtle", "Grizzly Bears")
        return s.run(until=(1, until))

    during = scenario(Step.END_OF_COMBAT)
    combat = during.game.combat  # type: ignore[union-attr]
    bears = during.permanent("Grizzly Bears")
    turtle = during.permanent("Horned Turtle")
    assert combat is not None
    assert combat.attackers == {bears.id: 1}
    # Each blocker maps to the creatures it blocks: some can block several (509.1a).
    assert combat.blockers == {turtle.id: [bears.id]}
    assert bears.blocked

    after = scenario(Step.POSTCOMBAT_MAIN)
    assert after.game.combat is None  # type: ignore[union-attr]
    assert not after.permanent("Grizzly Bears").blocked
    # Still tapped: leaving combat does not untap.
    assert after.permanent("Grizzly Bears").tapped


# --- multiplayer ----------------------------------------------------------------------------


@pytest.mark.rules("508.1b", "802.1", "802.3", "806.2b")
def test_in_a_free_for_all_each_attacker_attacks_the_opponent_chosen_for_it() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", "Grizzly Bears", "Centaur Courser")
    s.attack(0, "Grizzly Bears", defender=1)
    s.attack(0, "Centaur Courser", defender=2)
    s.run()

    assert (s.life(0), s.life(1), s.life(2)) == (20, 18, 17)
    bears = s.permanent("Grizzly Bears").id
    courser = s.permanent("Centaur Courser").id
    assert sorted(first(s, "attackers_declared")["attackers"]) == sorted([[bears, 1], [courser, 2]])


@pytest.mark.rules("509.1a", "802.4", "802.4a")
def test_a_defending_player_can_block_only_creatures_attacking_them() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(2, "battlefield", "Centaur Courser")
    s.attack(0, "Grizzly Bears", defender=1)
    s.attack(0, "Runeclaw Bear", defender=2)
    s.block(2, "Centaur Courser", "Grizzly Bears")
    with pytest.raises(ScenarioError, match="Centaur Courser cannot block Grizzly Bears"):
        s.run()


@pytest.mark.rules("506.4", "704.3")
def test_an_attacker_that_stops_being_a_creature_leaves_combat_at_once() -> None:
    # Opalescence makes Test Worldly Calm a 3/3 creature, which attacks. Naturalize
    # destroys Opalescence during the declare attackers step: the Calm is no longer a
    # creature and is out of combat before the step ends, not only as blockers are
    # declared (the scenario stops as the declare blockers step begins).
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Opalescence", "Test Worldly Calm")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.attack(0, "Test Worldly Calm")
    s.cast(1, "Naturalize", targets=["Opalescence"], step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.DECLARE_BLOCKERS))
    combat = s.game.combat
    assert combat is not None
    assert s.permanent("Test Worldly Calm").id not in combat.attackers
    assert combat.declared  # it was declared: the combat damage step still happens (508.8)


@pytest.mark.rules("506.4b", "510.1a")
def test_tapping_an_attacker_does_not_remove_it_from_combat() -> None:
    # Serra Angel (vigilance) attacks untapped; Frost Breath taps it: it still attacks and
    # deals its combat damage.
    s = Scenario()
    s.add(0, "battlefield", "Serra Angel")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Frost Breath")
    s.attack(0, "Serra Angel")
    s.cast(1, "Frost Breath", targets=["Serra Angel"], step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent("Serra Angel").tapped
    assert s.life(1) == 16


# --- priority in the combat steps, and what triggers when --------------------------------------

_END_OF_COMBAT_TEXT = "At end of combat, you gain 1 life."
_BATTLE_CRY_TEXT = (
    'Target creature gains "Whenever this creature attacks, you gain 2 life" until end of turn.'
)
_ATTACK_LIFE = TriggeredAbility(
    WheneverAttacks(), (GainLife(2),), text="Whenever this creature attacks, you gain 2 life."
)
COMBAT_TIMING_CARDS = (
    card(
        "Test Dusk Bell",
        printed=Printed("{1}", "Artifact", _END_OF_COMBAT_TEXT),
        abilities=(
            TriggeredAbility(
                AtBeginningOf("end_of_combat", each_player=True),
                (GainLife(1),),
                text=_END_OF_COMBAT_TEXT,
            ),
        ),
    ),
    card(
        "Test Battle Cry",
        printed=Printed("{W}", "Instant", _BATTLE_CRY_TEXT),
        spell=SpellAbility(
            targets=(TARGET_CREATURE,), effects=(GainsUntilEndOfTurn(_ATTACK_LIFE),)
        ),
    ),
)


class CombatTimingCards:
    """An "at end of combat" trigger and a spell granting an attack trigger."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSC", "Test combat timing cards", COMBAT_TIMING_CARDS)]


@pytest.mark.rules("507.2", "508.2", "509.2", "510.3", "511.1")
def test_the_active_player_gets_priority_in_each_combat_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.run(until=(1, Step.POSTCOMBAT_MAIN))
    asked = {a.step for a in s.decisions.priority(0, turn=1)}
    assert {
        Step.BEGINNING_OF_COMBAT,
        Step.DECLARE_ATTACKERS,
        Step.DECLARE_BLOCKERS,
        Step.COMBAT_DAMAGE,
        Step.END_OF_COMBAT,
    } <= asked


@pytest.mark.rules("511.2", "603.2b")
@pytest.mark.parametrize("turn", [1, 2])
def test_at_end_of_combat_triggers_as_the_end_of_combat_step_begins(turn: int) -> None:
    s = Scenario(plugins=[CombatTimingCards()])
    s.add(0, "battlefield", "Test Dusk Bell")
    s.run(until=(turn, Step.POSTCOMBAT_MAIN))
    triggered = s.events("ability_triggered")
    assert [e["step"] for e in triggered] == ["end_of_combat"] * turn
    assert s.life(0) == 20 + turn


@pytest.mark.rules("508.2a", "508.1m", "603.2")
def test_an_attack_trigger_gained_after_attacking_does_not_trigger() -> None:
    # Test Battle Cry gives the attacking Bears "Whenever this creature attacks, you gain
    # 2 life" after it was declared as an attacker: it already attacked, so nothing
    # triggers this combat.
    s = Scenario(plugins=[CombatTimingCards()])
    s.add(0, "battlefield", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Test Battle Cry")
    s.attack(0, "Grizzly Bears")
    s.cast(0, "Test Battle Cry", targets=["Grizzly Bears"], step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.events("ability_triggered") == []
    assert s.life(0) == 20
    assert s.life(1) == 18

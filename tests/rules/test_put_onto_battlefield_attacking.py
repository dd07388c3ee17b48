"""Rules tests for creatures put onto the battlefield attacking (CR 508.4, 506.3b,
508.3a, 508.8) or blocking (509.4, 506.3d, 509.3c-d): they are in combat without ever
having been declared."""

from __future__ import annotations

import pytest
from _more_combat_cards import MoreCombatCards
from _support import first, steps

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MoreCombatCards()])


def triggered(s: Scenario, card: str) -> list[dict[str, object]]:
    return [e for e in s.events("ability_triggered") if e["card"] == card]


@pytest.mark.rules("508.4", "508.3a", "508.1m")
def test_tokens_created_tapped_and_attacking_attack_without_being_declared() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Hero")
    s.attack(0, "Test Hero")
    s.run()

    declared = first(s, "attackers_declared")
    assert [a[0] for a in declared["attackers"]] == [s.permanent("Test Hero").id]
    tokens = s.permanents("Soldier Token")
    assert len(tokens) == 2
    assert all(t.tapped for t in tokens)
    became = s.events("attacker_added")
    assert [(e["rule"], e["attacker"]) for e in became] == [("508.4", [t.id, 1]) for t in tokens]
    assert len(triggered(s, "Test Hero")) == 1  # the tokens' attacking triggers nothing
    assert s.life(1) == 15


@pytest.mark.rules("508.3a", "508.4", "509.1a")
def test_a_creature_put_onto_the_battlefield_attacking_never_attacked() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Captain")
    s.add(0, "hand", "Test Raider")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Captain")
    s.choose(0, DecisionKind.CARD, "Test Raider")
    s.block(1, "Grizzly Bears", "Test Raider")  # it may be blocked like any attacker
    s.run()

    assert triggered(s, "Test Raider") == []  # "Whenever this creature attacks" (508.3a)
    raider, defender = first(s, "attacker_added")["attacker"]
    assert defender == 1
    assert first(s, "blockers_declared")["blockers"][0][1] == raider
    assert s.life(0) == 20
    assert s.life(1) == 18  # the captain's 2; the raider was blocked
    assert s.graveyard(0) == ["Test Raider"]
    assert s.graveyard(1) == ["Grizzly Bears"]


@pytest.mark.rules("508.4", "508.1b")
def test_its_controller_chooses_what_it_attacks_as_it_enters() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Hero")
    s.add(1, "battlefield", "Jace Beleren")
    s.attack(0, "Test Hero")
    s.choose(0, DecisionKind.CHOICE, "Jace Beleren")
    s.choose(0, DecisionKind.CHOICE, "P2")
    s.run()

    assert len(s.decisions.of_kind(DecisionKind.CHOICE, 0)) == 2
    jace = s.permanent("Jace Beleren").id
    made = [e["rule"] for e in s.events("decision_made") if e["kind"] == "choice"]
    assert made == ["508.4", "508.4"]
    first_token, second_token = (e["attacker"] for e in s.events("attacker_added"))
    assert first_token[1:] == [1, jace]
    assert second_token[1:] == [1]
    assert s.life(1) == 16  # the Hero and one token
    assert s.permanent("Jace Beleren").counters["loyalty"] == 2


@pytest.mark.rules("508.8", "508.4", "506.2")
def test_a_creature_put_onto_the_battlefield_attacking_in_the_beginning_of_combat() -> None:
    # No creature is declared as an attacker, yet the combat damage step happens.
    s = scenario()
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Test Ambush")
    s.cast(0, "Test Ambush", step=Step.BEGINNING_OF_COMBAT)
    s.run()

    assert first(s, "attackers_declared")["attackers"] == []
    assert "combat_damage" in steps(s)
    assert s.life(1) == 19


@pytest.mark.rules("506.3b", "508.4", "508.8")
def test_outside_combat_or_under_the_defending_player_it_is_never_attacking() -> None:
    main = scenario()
    main.add(0, "battlefield", "Plains")
    main.add(0, "hand", "Test Ambush")
    main.cast(0, "Test Ambush")
    main.run()
    assert main.permanent("Soldier Token").tapped
    assert main.events("attacker_added") == []
    assert "combat_damage" not in steps(main)
    assert main.life(1) == 20

    defending = scenario()
    defending.add(1, "battlefield", "Plains")
    defending.add(1, "hand", "Test Ambush")
    defending.add(0, "battlefield", "Grizzly Bears")
    defending.attack(0, "Grizzly Bears")
    defending.cast(1, "Test Ambush", step=Step.DECLARE_ATTACKERS)
    defending.run()
    assert defending.events("attacker_added") == []
    assert defending.life(0) == 20
    assert defending.life(1) == 18


@pytest.mark.rules("509.4", "509.3c", "509.3d", "509.1h")
def test_a_token_put_onto_the_battlefield_blocking_blocks_an_unblocked_attacker() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Tormentor")
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", "Test Ambush Guard")
    s.attack(0, "Test Tormentor")
    s.cast(1, "Test Ambush Guard", step=Step.DECLARE_BLOCKERS)
    s.run()

    assert first(s, "blockers_declared")["blockers"] == []
    became = first(s, "blocker_added")
    guard = s.events("token_created")[0]["object"]
    assert (became["rule"], became["blocker"]) == ("509.4", guard)
    # The unblocked attacker became blocked: "whenever this becomes blocked" triggers.
    [trigger] = triggered(s, "Test Tormentor")
    assert trigger["trigger"] == became["seq"]
    assert s.life(1) == 18  # 2 life lost to the trigger, no combat damage to the player
    assert s.graveyard(1) == ["Test Ambush Guard"]


@pytest.mark.rules("509.4", "509.3d", "510.1c")
def test_a_creature_put_onto_the_battlefield_blocking_an_already_blocked_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Tormentor")
    s.add(1, "battlefield", "Grizzly Bears", "Plains")
    s.add(1, "hand", "Test Ambush Guard")
    s.attack(0, "Test Tormentor")
    s.block(1, "Grizzly Bears", "Test Tormentor")
    s.cast(1, "Test Ambush Guard", step=Step.DECLARE_BLOCKERS, stack_empty=True)
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 1))
    s.run()

    # "Becomes blocked" triggered once, for the declared blocker only (509.3c).
    assert len(triggered(s, "Test Tormentor")) == 1
    tormentor = first(s, "attackers_declared")["attackers"][0][0]
    assert first(s, "blocker_added")["attacker"] == tormentor
    assert s.graveyard(0) == ["Test Tormentor"]  # 2 + 2 damage
    assert s.graveyard(1) == ["Test Ambush Guard", "Grizzly Bears"]


@pytest.mark.rules("506.3d", "509.4a")
def test_with_nothing_attacking_its_controller_it_is_never_blocking() -> None:
    s = scenario()
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", "Test Ambush Guard")
    s.cast(1, "Test Ambush Guard", step=Step.BEGINNING_OF_COMBAT)
    s.run()

    assert s.events("blocker_added") == []
    assert len(s.permanents("Guard Token")) == 1


@pytest.mark.rules("509.4", "509.3d")
def test_its_controller_chooses_which_attacking_creature_it_blocks() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Hero")
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", "Test Ambush Guard")
    s.attack(0, "Test Hero")
    s.cast(1, "Test Ambush Guard", step=Step.DECLARE_BLOCKERS)
    s.choose(1, DecisionKind.CHOICE, "Soldier Token")
    s.run()

    made = [e for e in s.events("decision_made") if e["kind"] == "choice"]
    assert [e["rule"] for e in made] == ["509.4"]
    soldiers = [e["object"] for e in s.events("token_created") if e["card"] == "Soldier Token"]
    assert first(s, "blocker_added")["attacker"] == soldiers[0]
    assert len(s.permanents("Soldier Token")) == 1  # the blocked one died
    assert s.life(1) == 16  # the Hero and the other token

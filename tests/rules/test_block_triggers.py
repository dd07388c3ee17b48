"""Rules tests for abilities that trigger on blockers being declared (CR 509.1i, 509.2a,
509.3a-d, 509.3f): "whenever [this] blocks", "becomes blocked", "blocks a creature",
"becomes blocked by a creature" and "blocks or becomes blocked by a creature"."""

from __future__ import annotations

import pytest
from _more_combat_cards import MoreCombatCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MoreCombatCards()])


def triggered(s: Scenario, card: str) -> list[dict[str, object]]:
    return [e for e in s.events("ability_triggered") if e["card"] == card]


@pytest.mark.rules("509.3d", "509.1i", "509.2a", "603.2")
def test_an_attacker_that_becomes_blocked_by_a_creature_triggers_once_for_each_blocker() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Inferno Elemental")
    s.add(1, "battlefield", "Grizzly Bears", "Siege Mastodon")
    s.attack(0, "Test Inferno Elemental")
    s.block(1, "Grizzly Bears", "Test Inferno Elemental")
    s.block(1, "Siege Mastodon", "Test Inferno Elemental")
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Test Inferno Elemental"] * 2)
    s.run(until=(1, Step.COMBAT_DAMAGE))

    declared = first(s, "blockers_declared")
    triggers = triggered(s, "Test Inferno Elemental")
    assert len(triggers) == 2
    assert {t["trigger"] for t in triggers} == {declared["seq"]}
    assert all(t["rule"] == "603.2" for t in triggers)
    # Both resolved in the declare blockers step, before combat damage (509.2a): each
    # dealt 3 damage to the blocker it was about.
    assert s.graveyard(1) == ["Grizzly Bears"]
    mastodon = s.permanent("Siege Mastodon")
    assert mastodon.damage == 3
    damage = [e for e in s.events("damage_dealt") if e["step"] == "declare_blockers"]
    assert sorted(e["amount"] for e in damage) == [3, 3]


@pytest.mark.rules("509.3b", "509.1i")
def test_a_blocker_with_blocks_or_becomes_blocked_by_a_creature_triggers_for_its_attacker() -> None:
    s = scenario()
    s.add(0, "battlefield", "Centaur Courser")
    s.add(1, "battlefield", "Test Inferno Elemental")
    s.attack(0, "Centaur Courser")
    s.block(1, "Test Inferno Elemental", "Centaur Courser")
    s.run(until=(1, Step.COMBAT_DAMAGE))

    [trigger] = triggered(s, "Test Inferno Elemental")
    assert trigger["player"] == 1
    # The 3 damage killed the attacker before combat damage: the elemental is unhurt.
    assert s.graveyard(0) == ["Centaur Courser"]
    assert s.permanent("Test Inferno Elemental").damage == 0


@pytest.mark.rules("509.3a", "509.1a")
def test_whenever_this_blocks_triggers_once_however_many_creatures_it_blocks() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Test Watchman")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Test Watchman", "Grizzly Bears")
    s.block(1, "Test Watchman", "Runeclaw Bear")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 0))
    s.run()

    assert len(triggered(s, "Test Watchman")) == 1
    assert s.life(1) == 21


@pytest.mark.rules("509.3b", "509.1a")
def test_whenever_this_blocks_a_creature_triggers_for_each_creature_it_blocks() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Test Gatekeeper")
    s.attack(0, "Grizzly Bears", "Runeclaw Bear")
    s.block(1, "Test Gatekeeper", "Grizzly Bears")
    s.block(1, "Test Gatekeeper", "Runeclaw Bear")
    s.choose(1, DecisionKind.TRIGGER_ORDER, "Test Gatekeeper", "Test Gatekeeper")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 0))
    s.run()

    assert len(triggered(s, "Test Gatekeeper")) == 2
    assert s.life(1) == 22


@pytest.mark.rules("509.3c", "509.1h")
def test_becomes_blocked_triggers_once_however_many_creatures_block_it() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Tormentor")
    s.add(1, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.attack(0, "Test Tormentor")
    s.block(1, "Grizzly Bears", "Test Tormentor")
    s.block(1, "Runeclaw Bear", "Test Tormentor")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 1))
    s.run()

    [trigger] = triggered(s, "Test Tormentor")
    assert trigger["trigger"] == first(s, "blockers_declared")["seq"]
    assert s.life(1) == 18  # "defending player loses 2 life", once


@pytest.mark.rules("509.3c", "509.3d")
def test_an_unblocked_creature_never_becomes_blocked() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Tormentor", "Test Pit Fighter")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Test Tormentor", "Test Pit Fighter")
    s.block(1, "Grizzly Bears", "Test Pit Fighter")
    s.run()

    assert triggered(s, "Test Tormentor") == []
    assert len(triggered(s, "Test Pit Fighter")) == 1
    assert s.life(0) == 21
    assert s.life(1) == 17


@pytest.mark.rules("509.3f")
def test_a_blocker_that_is_turned_white_later_does_not_trigger_becomes_blocked_by_white() -> None:
    # The example of 509.3f: blocked by a black creature later turned white.
    s = scenario()
    s.add(0, "battlefield", "Test Paladin Hunter")
    s.add(1, "battlefield", "Warpath Ghoul", "Plains")
    s.add(1, "hand", "Test Blanch")
    s.attack(0, "Test Paladin Hunter")
    s.block(1, "Warpath Ghoul", "Test Paladin Hunter")
    s.cast(1, "Test Blanch", targets=["Warpath Ghoul"], step=Step.DECLARE_BLOCKERS)
    s.run()

    assert first(s, "spell_cast", card="Test Blanch")["step"] == "declare_blockers"
    assert triggered(s, "Test Paladin Hunter") == []
    assert s.graveyard(1) == ["Test Blanch", "Warpath Ghoul"]  # combat damage only


@pytest.mark.rules("509.3f", "509.3d")
def test_becomes_blocked_by_a_white_creature_looks_at_the_blocker_as_it_blocks() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Paladin Hunter")
    s.add(1, "battlefield", "Siege Mastodon", "Grizzly Bears")
    s.attack(0, "Test Paladin Hunter")
    s.block(1, "Siege Mastodon", "Test Paladin Hunter")
    s.block(1, "Grizzly Bears", "Test Paladin Hunter")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 1))
    s.run()

    [trigger] = triggered(s, "Test Paladin Hunter")  # the white blocker only
    assert trigger["rule"] == "603.2"
    # 3 damage from the trigger, then 2 combat damage is lethal to the 3/5 (510.1c).
    assert s.graveyard(1) == ["Siege Mastodon"]
    assert s.permanent("Grizzly Bears").damage == 1

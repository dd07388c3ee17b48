"""Rules tests for control-changing effects (layer 2, CR 613.1b) with Mind Control.

The issue's "layer canon" case: Mind Control, then Giant Growth, then the Aura leaving.
"""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def stolen(*extra: str) -> Scenario:
    """Player 0 casts Mind Control on player 1's Craw Wurm."""
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 5, *extra)
    s.add(0, "hand", "Mind Control")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    return s


@pytest.mark.cards("Mind Control")
@pytest.mark.rules("613.1b", "303.4e", "110.2")
def test_mind_control_gives_its_controller_the_enchanted_creature() -> None:
    s = stolen().run()
    wurm = s.permanent("Craw Wurm")
    assert (wurm.owner, wurm.controller) == (1, 0)
    changed = first(s, "control_changed")
    assert (changed["player"], changed["previous"], changed["rule"]) == (0, 1, "613.1b")
    assert s.battlefield(0).count("Craw Wurm") == 1


@pytest.mark.rules("302.6", "613.1b")
def test_a_stolen_creature_cannot_attack_until_its_new_controllers_next_turn() -> None:
    s = stolen()
    s.attack(0, "Craw Wurm", turn=3)
    s.run(until=(3, Step.END))
    assert s.life(1) == 14  # turn 1: summoning sick for its new controller; turn 3: attacks
    asked = s.decisions.of_kind(DecisionKind.ATTACKERS, 0)
    assert [a.turn for a in asked] == [3]  # nothing could attack in turn 1


@pytest.mark.cards("Mind Control", "Giant Growth", "Naturalize")
@pytest.mark.rules("613.1b", "611.2c", "611.3a", "613.4c")
def test_mind_control_then_giant_growth_then_the_aura_leaving() -> None:
    # The thief pumps the Wurm; then the Aura is destroyed: control returns to the owner,
    # and Giant Growth still applies, since it locked in the object, not the controller.
    s = stolen("Forest", "Forest", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.cast(0, "Giant Growth", targets=["Craw Wurm"], stack_empty=True)
    s.cast(1, "Naturalize", targets=["Mind Control"], when=lambda g: not g.stack)
    s.run()

    wurm = s.permanent("Craw Wurm")
    assert wurm.controller == 1
    assert (s.power("Craw Wurm"), s.toughness("Craw Wurm")) == (9, 7)
    assert [e["player"] for e in s.events("control_changed")] == [0, 1]
    assert s.graveyard(0) == ["Giant Growth", "Mind Control"]


@pytest.mark.rules("506.4", "613.1b")
def test_a_creature_that_changes_control_is_removed_from_combat() -> None:
    # Player 0 steals the Wurm and attacks with it in turn 3; after blockers are declared
    # its owner destroys the Aura: the Wurm leaves combat and deals no combat damage.
    s = stolen()
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.attack(0, "Craw Wurm", turn=3)
    s.cast(1, "Naturalize", targets=["Mind Control"], turn=3, step=Step.DECLARE_BLOCKERS)
    s.run(until=(3, Step.END))
    assert s.life(1) == 20
    assert s.permanent("Craw Wurm").controller == 1
    assert [e for e in s.events("damage_dealt") if e.get("combat")] == []


@pytest.mark.rules("800.4a", "613.1b")
def test_when_a_player_leaves_the_control_effects_giving_them_control_end() -> None:
    # In a three-player game player 0 steals player 2's Wurm, then concedes: Mind Control
    # leaves with its owner, so the Wurm returns to player 2 instead of being exiled.
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Mind Control")
    s.add(2, "battlefield", "Craw Wurm")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.concede(0, step=Step.END)
    s.run(until=(2, Step.UPKEEP))

    assert s.game is not None
    assert s.game.players[0].has_left
    assert s.permanent("Craw Wurm").controller == 2
    assert [o.name for o in s.game.exile] == []

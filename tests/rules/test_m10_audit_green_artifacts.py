"""Rules audit of green and colourless Magic 2010 cards: each test plays out a case where
a card's text, read with the Comprehensive Rules and the card's rulings, differs from what
the card did before."""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


@pytest.mark.cards("Master of the Wild Hunt", "Protean Hydra")
@pytest.mark.rules("608.2f", "120.4b", "608.2d", "615.6", "704.5g")
def test_master_of_the_wild_hunt_wolves_and_target_deal_damage_at_once() -> None:
    # Two Wolves (the upkeeps of turns 1 and 3) at a Protean Hydra with five counters. The
    # Wolves' damage and the Hydra's are dealt at the same time (608.2f): the Hydra deals
    # damage equal to its power before the Wolves' damage removed four of its counters,
    # 5 divided 3 and 2, and both Wolves die. Dealt one after the other, a 1/1 Hydra
    # would have dealt only 1.
    s = Scenario(step=Step.UNTAP)
    s.add(0, "battlefield", "Master of the Wild Hunt")
    s.add(1, "battlefield", *["Forest"] * 6)
    s.add(1, "hand", "Protean Hydra")
    s.cast(1, "Protean Hydra", x=5, turn=2, step=Step.PRECOMBAT_MAIN)
    s.activate(
        0, "Master of the Wild Hunt", targets=["Protean Hydra"], turn=3, step=Step.PRECOMBAT_MAIN
    )
    s.choose(1, DecisionKind.DIVISION, (3, 2))
    s.choose(1, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 4)
    s.run(until=(3, Step.BEGINNING_OF_COMBAT))
    assert s.graveyard(0) == []  # tokens cease to exist (704.5d); none left on the field
    assert "Wolf Token" not in s.battlefield(0)
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 1}
    (asked,) = s.decisions.of_kind(DecisionKind.DIVISION)
    assert asked.player == 1
    assert len(asked.options) == 6  # 0..5 to the first Wolf: the Hydra's power was 5
    dealt = [(e["source_name"], e.get("to_name"), e["amount"]) for e in s.events("damage_dealt")]
    assert dealt == [("Protean Hydra", "Wolf Token", 3), ("Protean Hydra", "Wolf Token", 2)]
    assert [e["amount"] for e in s.events("damage_prevented")] == [2, 2]


@pytest.mark.cards("Howling Mine", "Shatter")
@pytest.mark.rules("603.4", "608.2h", "504.1")
def test_howling_mine_destroyed_in_response_still_gives_the_card() -> None:
    # The Mine's trigger is on the stack in player 2's draw step when player 1 shatters it:
    # the intervening "if" is checked as the ability resolves with the Mine's last known
    # information (untapped), so player 2 still draws the extra card.
    s = Scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Howling Mine", "Mountain", "Mountain")
    s.add(0, "hand", "Shatter")
    s.cast(0, "Shatter", targets=["Howling Mine"], step=Step.DRAW, when=lambda g: bool(g.stack))
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert "Howling Mine" in s.graveyard(0)
    assert len(s.hand(1)) == 2

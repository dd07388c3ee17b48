"""Rules tests for loops (CR 104.4b, 731.4): a loop of mandatory actions is a draw, a loop
with an optional action is not, and the engine never hangs.

Test cards: Test Ebb ("Whenever you gain life, you lose 1 life"), Test Flow ("Whenever you
lose life, you gain 1 life"), Test Kind Flow (the same with "you may"), with Soul Warden.
"""

from __future__ import annotations

import pytest
from _cards import TestCards

from manaweave import DecisionKind
from manaweave.testing import Scenario


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards()], **kwargs)  # type: ignore[arg-type]


@pytest.mark.rules("104.4b", "104.4a", "603.2")
def test_a_loop_of_mandatory_triggers_is_a_draw() -> None:
    # Soul Warden gains P1 1 life; Ebb makes P1 lose 1; Flow gains 1; Ebb triggers
    # again... forever, with nothing any player can choose.
    s = scenario()
    s.add(0, "battlefield", "Soul Warden", "Test Ebb", "Test Flow", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()
    assert s.outcome is not None
    assert s.outcome.is_draw
    assert s.outcome.reason == "a loop of mandatory actions (104.4b)"
    # It took a few rounds of the loop to see the same state three times, no more.
    assert len(s.events("ability_triggered")) < 20


@pytest.mark.rules("104.4b", "731.4")
def test_a_loop_with_an_optional_action_is_not_a_draw() -> None:
    # With "you may gain 1 life" the loop has an optional action: the player stops it by
    # answering no, and the game goes on.
    s = scenario()
    s.add(0, "battlefield", "Soul Warden", "Test Ebb", "Test Kind Flow", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    for _ in range(5):
        s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.MAY, "no")
    s.run()
    assert s.outcome is None
    assert s.life(0) == 20


@pytest.mark.rules("104.4b", "704.3", "704.5f")
def test_a_loop_of_state_based_actions_is_a_draw_not_a_hang() -> None:
    # A 0/0 that returns to the battlefield instead of going to the graveyard: the
    # state-based action applies again after every return, with no player involved.
    s = scenario()
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Test Restless Wisp")
    s.cast(0, "Test Restless Wisp")
    s.run()
    assert s.outcome is not None
    assert s.outcome.is_draw
    assert s.outcome.reason == "a loop of mandatory actions (104.4b)"

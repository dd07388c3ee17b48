"""Every scripted action and answer must be used, unless it is ``optional``."""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.rules("302.6", "508.1a")
def test_an_attack_that_never_happens_fails_the_run() -> None:
    # A creature cast this turn can't attack (302.6): no declaration is even asked.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.attack(0, "Grizzly Bears")
    with pytest.raises(ScenarioError, match=r"never used.*\n  P1 attack with Grizzly Bears"):
        s.run()


@pytest.mark.rules("508.8", "509.1")
def test_a_block_with_no_attack_fails_the_run() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    with pytest.raises(
        ScenarioError, match=r"P2 block Grizzly Bears with Runeclaw Bear \(turn 1\)"
    ):
        s.run()


def test_an_unused_answer_fails_the_run() -> None:
    s = Scenario()
    s.add(0, "hand", "Island")
    s.choose(0, DecisionKind.DISCARD, "Island")
    with pytest.raises(ScenarioError, match="P1 chooses 'Island' for a discard decision"):
        s.run()


def test_a_script_is_due_once_the_game_is_past_its_moment() -> None:
    # The first run stops before turn 3: a cast scripted then is not due yet. The second
    # goes past it, and the cast never happened (its condition never held).
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"], turn=3, when=lambda game: False)
    s.run(until=(2, Step.UPKEEP))
    with pytest.raises(ScenarioError, match=r"P1 cast Lightning Bolt .*\(turn 3, precombat_main\)"):
        s.run(until=(4, Step.UPKEEP))


@pytest.mark.rules("104.3a")
def test_scripts_left_when_the_game_ends_fail_the_run() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.concede(1)
    s.cast(0, "Lightning Bolt", targets=["P2"], turn=3)
    with pytest.raises(ScenarioError, match="before the game ended:\n  P1 cast Lightning Bolt"):
        s.run(until=(5, Step.END))


def test_every_unused_script_is_listed_with_its_turn_and_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"], step=Step.END, when=lambda game: False)
    s.activate(0, "Mountain", step=Step.POSTCOMBAT_MAIN, when=lambda game: False)
    with pytest.raises(ScenarioError) as failure:
        s.run(until=(2, Step.UPKEEP))
    assert str(failure.value).splitlines()[1:] == [
        "  P1 cast Lightning Bolt targeting P2 (turn 1, end)",
        "  P1 activate Mountain (turn 1, postcombat_main)",
    ]


@pytest.mark.rules("508.1a")
def test_optional_scripts_may_go_unused() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "hand", "Island")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears", optional=True)
    s.block(1, "Runeclaw Bear", "Grizzly Bears", optional=True)
    s.choose(0, DecisionKind.DISCARD, "Island", optional=True)
    s.activate(0, "Grizzly Bears", when=lambda game: False, optional=True)
    s.run()
    assert s.life(1) == 20
    assert s.hand(0) == ["Island"]

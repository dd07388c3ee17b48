"""Rules tests for replacing draws (CR 614.11, 121.6) and skipping (614.1b, 614.10).

Cards: Plagiarize, Abundance, Stonehorn Dignitary, with Underworld Dreams, Mind Spring
and Divination.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first, steps

from manaweave import DecisionKind, Step
from manaweave.cards import SKIPPABLE, SkipNext
from manaweave.testing import Scenario, ScenarioError


@pytest.mark.cards("Plagiarize")
@pytest.mark.rules("614.11", "121.2", "614.1a")
def test_plagiarize_turns_the_targets_draws_into_its_casters() -> None:
    s = Scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Plagiarize")
    s.library(0, ["Plains", "Forest", "Swamp"])
    s.library(1, ["Mountain", "Mountain"])
    s.cast(0, "Plagiarize", targets=["P2"])
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.hand(1) == []
    assert s.hand(0) == ["Swamp"]
    replaced = first(s, "event_replaced", rule="614.11")
    assert (replaced["drawer"], replaced["to_drawer"]) == (1, 0)


@pytest.mark.rules("614.11", "603.2", "121.2")
def test_a_replaced_draw_is_not_drawn_by_the_original_player() -> None:
    # P1's Underworld Dreams: "Whenever an opponent draws a card, ... 1 damage to that
    # player". P2's draw step draw, replaced by Plagiarize, is P1's own: no trigger.
    def draw_step(plagiarize: bool) -> Scenario:
        s = Scenario(turn=2, active=1, step=Step.UPKEEP)
        s.add(0, "battlefield", "Underworld Dreams", *["Island"] * 4)
        s.add(0, "hand", "Plagiarize")
        s.library(0, ["Plains", "Forest", "Swamp"])
        if plagiarize:
            s.cast(0, "Plagiarize", targets=["P2"])
        return s.run(until=(2, Step.PRECOMBAT_MAIN))

    assert draw_step(plagiarize=False).life(1) == 19
    replaced = draw_step(plagiarize=True)
    assert replaced.life(1) == 20
    assert not replaced.events("ability_triggered")


@pytest.mark.rules("614.11", "121.6a", "704.5b")
def test_a_draw_from_an_empty_library_can_still_be_replaced() -> None:
    s = Scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Plagiarize")
    s.library(0, ["Plains"])
    s.library(1, [])
    s.cast(0, "Plagiarize", targets=["P2"])
    s.run(until=(2, Step.END))
    assert not s.events("draw_failed")
    assert s.outcome is None  # P2 did not draw from the empty library, so didn't lose
    assert s.hand(0) == ["Plains"]


@pytest.mark.cards("Abundance")
@pytest.mark.rules("614.11", "614.11a", "701.20a")
def test_abundance_reveals_until_a_land_and_the_rest_go_to_the_bottom() -> None:
    s = Scenario(turn=3, step=Step.UPKEEP)
    s.add(0, "battlefield", "Abundance")
    s.library(0, ["Island", "Plains", "Grizzly Bears", "Lightning Bolt"])  # top is last
    s.choose(0, DecisionKind.MAY, "land")
    s.choose(0, DecisionKind.BOTTOM, "Grizzly Bears", "Lightning Bolt")
    s.run(until=(3, Step.PRECOMBAT_MAIN))
    assert s.hand(0) == ["Plains"]
    revealed = first(s, "cards_revealed")
    assert revealed["cards"] == ["Lightning Bolt", "Grizzly Bears", "Plains"]
    library = [c.name for c in s.game.players[0].library]
    assert library == ["Lightning Bolt", "Grizzly Bears", "Island"]  # bottom first
    assert not s.events("card_drawn")


@pytest.mark.cards("Abundance")
@pytest.mark.rules("614.11", "614.1a")
def test_abundance_is_optional_and_replaces_each_draw_of_a_sequence() -> None:
    # Mind Spring for 2: the first draw is replaced by a nonland dig, the second is a draw.
    s = Scenario()
    s.add(0, "battlefield", "Abundance", *["Island"] * 4)
    s.add(0, "hand", "Mind Spring")
    s.library(0, ["Forest", "Island", "Lightning Bolt", "Plains"])
    s.cast(0, "Mind Spring", x=2)
    s.choose(0, DecisionKind.MAY, "nonland")
    s.choose(0, DecisionKind.MAY, "draw")
    s.run()
    assert sorted(s.hand(0)) == ["Island", "Lightning Bolt"]
    assert [c.name for c in s.game.players[0].library] == ["Plains", "Forest"]
    assert len(s.events("card_drawn")) == 1


@pytest.mark.cards("Stonehorn Dignitary")
@pytest.mark.rules("614.10", "614.1b", "500.1")
def test_stonehorn_dignitary_makes_its_opponent_skip_their_next_combat_phase() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Plains"] * 4)
    s.add(0, "hand", "Stonehorn Dignitary")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Stonehorn Dignitary")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.attack(1, "Grizzly Bears", turn=2)
    with pytest.raises(ScenarioError, match=r"P2 attack with Grizzly Bears \(turn 2\)"):
        s.run(until=(4, Step.UPKEEP))  # the attack never happens
    assert "beginning_of_combat" not in steps(s, 2)
    assert "beginning_of_combat" in steps(s, 3)
    assert first(s, "skipped")["skips"] == "combat phase"
    assert s.life(0) == 20


@pytest.mark.cards("Stonehorn Dignitary")
@pytest.mark.rules("614.10", "614.10a")
def test_two_skips_skip_the_next_two_combat_phases() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Plains"] * 8)
    s.add(0, "hand", "Stonehorn Dignitary", "Stonehorn Dignitary")
    s.cast(0, "Stonehorn Dignitary")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.cast(0, "Stonehorn Dignitary", stack_empty=True)
    s.choose(0, DecisionKind.TARGET, "P2")
    s.run(until=(6, Step.UPKEEP))
    assert "beginning_of_combat" not in steps(s, 2)
    assert "beginning_of_combat" not in steps(s, 4)
    assert len(s.events("skipped")) == 2


@pytest.mark.rules("115.1", "102.3")
def test_target_opponent_is_not_its_controller() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Plains"] * 4)
    s.add(0, "hand", "Stonehorn Dignitary")
    s.cast(0, "Stonehorn Dignitary")
    s.choose(0, DecisionKind.TARGET, "P3")
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.TARGET)
    assert [str(o) for o in asked.options] == ["player 1 (P2)", "player 2 (P3)"]
    assert first(s, "skip_created")["player"] == 2


@pytest.mark.rules("614.10", "500.1")
def test_a_skipped_turn_does_not_happen() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Test Stasis Order")
    s.cast(0, "Test Stasis Order", targets=["P2"])
    s.run(until=(3, Step.UPKEEP))
    assert [e["player"] for e in s.events("turn_began")] == [0, 0, 1]
    assert first(s, "skipped")["skips"] == "turn"


@pytest.mark.rules("614.10", "502.3")
def test_a_skipped_untap_step_leaves_permanents_tapped() -> None:
    s = Scenario(plugins=[TestCards()], turn=2, active=1)
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Test Frost Grip")
    s.add(1, "battlefield", "Forest", tapped=True)
    s.cast(0, "Test Frost Grip", targets=["P2"])
    s.run(until=(4, Step.UPKEEP))
    assert s.permanent("Forest").tapped
    assert "untap" not in steps(s, 4)


@pytest.mark.rules("614.10", "505.1")
def test_skip_names_are_checked_when_the_card_is_defined() -> None:
    with pytest.raises(ValueError, match="can't skip"):
        SkipNext("second breakfast")
    assert SkipNext("precombat main phase").what in SKIPPABLE


@pytest.mark.rules("614.10", "505.1")
def test_a_skipped_precombat_main_phase() -> None:
    s = Scenario(plugins=[TestCards()], step=Step.UPKEEP)
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Test Idle Hour")
    s.cast(0, "Test Idle Hour", targets=["P1"])
    s.run(until=(1, Step.END))
    assert "precombat_main" not in steps(s, 1)
    assert "postcombat_main" in steps(s, 1)

"""Audit scenarios for the white and blue cards of Magic 2010 (M10): rules the first
tests of these cards did not cover.

Cards: Sleep, Clone, Djinn of Wishes, Harm's Way, Silence, with Grizzly Bears, Magma
Phoenix, Lightning Bolt.
"""

from __future__ import annotations

import pytest

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def _untapped_on_turns(s: Scenario, name: str) -> list[int]:
    """The turns in which the permanent ``name`` was untapped by its untap step (502.3)."""
    permanent = s.permanent(name).id
    return [
        e["turn"]
        for e in s.events("permanent_untapped")
        if e["object"] == permanent and e["rule"] == "502.3"
    ]


@pytest.mark.cards("Sleep")
@pytest.mark.rules("502.3", "701.26a")
def test_two_sleeps_hold_creatures_through_the_same_single_untap_step() -> None:
    # Both effects name "that player's next untap step": the same step, so the creature
    # misses one untap step, not two.
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 8)
    s.add(0, "hand", "Sleep", "Sleep")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Sleep", targets=["P2"])
    s.cast(0, "Sleep", targets=["P2"], stack_empty=True)
    s.run(until=(4, Step.UPKEEP))
    assert not s.permanent("Grizzly Bears").tapped
    assert _untapped_on_turns(s, "Grizzly Bears") == [4]


@pytest.mark.cards("Sleep", "Mind Control")
@pytest.mark.rules("502.3", "611.2b")
def test_a_slept_creature_taken_by_another_player_untaps_in_their_untap_step() -> None:
    # Sleep names its target player's next untap step. Once player 1 controls the slept
    # Bears, that step (turn 2) passes without them, and player 1's own untap step
    # (turn 3) untaps them.
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 9)
    s.add(0, "hand", "Sleep", "Mind Control")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Sleep", targets=["P2"])
    s.cast(0, "Mind Control", targets=["Grizzly Bears"], stack_empty=True)
    s.run(until=(3, Step.UPKEEP))
    assert s.permanent("Grizzly Bears").controller == 0
    assert _untapped_on_turns(s, "Grizzly Bears") == [3]


@pytest.mark.cards("Clone", "Djinn of Wishes")
@pytest.mark.rules("707.5", "614.1c", "614.12")
def test_clone_copying_djinn_of_wishes_enters_with_three_wish_counters() -> None:
    # The copied "enters with" ability replaces how the Clone enters (707.5), so its
    # ability has wish counters to remove.
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 8)
    s.add(0, "hand", "Clone")
    s.add(1, "battlefield", "Djinn of Wishes")
    s.library(0, ["Island"] * 9 + ["Grizzly Bears"])
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Djinn of Wishes")
    s.activate(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()
    clone = s.permanent("Clone")
    assert clone.counters == {"wish": 2}
    entered = [e for e in s.events("counters_added") if e["object"] == clone.id]
    assert [(e["rule"], e["kind"], e["count"]) for e in entered] == [("614.1c", "wish", 3)]
    assert "Grizzly Bears" in s.battlefield(0)


@pytest.mark.cards("Harm's Way", "Magma Phoenix")
@pytest.mark.rules("609.7a", "614.9", "603.10a")
def test_harms_way_may_choose_a_source_referred_to_by_an_ability_on_the_stack() -> None:
    # Magma Phoenix has died; its trigger on the stack refers to it, so it may be chosen
    # (609.7a) and 2 of the 3 damage it would deal to P1 go to P2 instead.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Mountain", "Magma Phoenix")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Magma Phoenix"])
    s.cast(
        0,
        "Harm's Way",
        targets=["P2"],
        when=lambda g: [i.name for i in g.stack] == ["Magma Phoenix ability"],
    )
    s.choose(0, DecisionKind.SOURCE, "Magma Phoenix")
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.SOURCE)
    assert "Magma Phoenix" in [str(o).split(" #")[0] for o in asked.options]
    assert (s.life(0), s.life(1)) == (19, 15)
    (redirected,) = s.events("event_replaced")
    assert redirected["rule"] == "614.9"
    assert (redirected["to_target"], redirected["to_amount"], redirected["kept"]) == (
        "player:1",
        2,
        1,
    )


@pytest.mark.cards("Djinn of Wishes", "Silence")
@pytest.mark.rules("101.2", "608.2g", "406.2")
def test_djinn_of_wishes_cant_cast_the_revealed_card_under_silence() -> None:
    # "Can't cast spells this turn" beats the Djinn's permission (101.2): P2 is not
    # offered the Grizzly Bears it reveals, which is exiled.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Silence")
    s.add(1, "battlefield", *["Island"] * 9)
    s.add(1, "hand", "Djinn of Wishes")
    s.library(1, ["Island"] * 9 + ["Grizzly Bears"])
    s.cast(1, "Djinn of Wishes")
    s.activate(1, "Djinn of Wishes", stack_empty=True)
    s.cast(0, "Silence", when=lambda g: [i.name for i in g.stack] == ["Djinn of Wishes ability"])
    s.run()
    assert [(e["rule"], e["cards"]) for e in s.events("cards_revealed")] == [
        ("701.20a", ["Grizzly Bears"])
    ]
    assert not s.decisions.of_kind(DecisionKind.MAY, 1)
    assert "Grizzly Bears" not in [e["card"] for e in s.events("spell_cast")]
    (exiled,) = [e for e in s.events("object_moved") if e.get("card") == "Grizzly Bears"]
    assert (exiled["rule"], exiled["to_zone"]) == ("406.2", "exile")

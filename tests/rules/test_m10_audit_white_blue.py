"""Audit scenarios for the white and blue cards of Magic 2010 (M10): rules the first
tests of these cards did not cover.

Cards: Sleep, Wall of Frost, with Grizzly Bears.
"""

from __future__ import annotations

import pytest

from manaweave import Step
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

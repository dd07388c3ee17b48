"""Rules tests for permanents that don't untap during the untap step (CR 502.3).

Cards: Sleep, Frost Breath, Claustrophobia, Dehydration, Waterknot, with Grizzly Bears
and Craw Wurm.
"""

from __future__ import annotations

import pytest

from manaweave import Step
from manaweave.testing import Scenario


@pytest.mark.cards("Sleep")
@pytest.mark.rules("502.3", "701.26a")
def test_sleep_taps_creatures_that_skip_their_controllers_next_untap() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Sleep")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Sleep", targets=["P2"])
    s.run(until=(2, Step.UPKEEP))
    assert s.permanent("Grizzly Bears").tapped
    assert s.permanent("Craw Wurm").tapped

    later = Scenario()
    later.add(0, "battlefield", *["Island"] * 4)
    later.add(0, "hand", "Sleep")
    later.add(1, "battlefield", "Grizzly Bears")
    later.cast(0, "Sleep", targets=["P2"])
    later.run(until=(4, Step.UPKEEP))
    assert not later.permanent("Grizzly Bears").tapped  # only the next untap step


@pytest.mark.cards("Frost Breath")
@pytest.mark.rules("502.3", "115.6")
def test_frost_breath_holds_up_to_two_creatures() -> None:
    s = Scenario(turn=2, active=1, step=Step.UPKEEP)
    s.add(0, "battlefield", *["Island"] * 3)
    s.add(0, "hand", "Frost Breath")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Frost Breath", targets=["Grizzly Bears"], step=Step.END)
    s.run(until=(4, Step.UPKEEP))
    assert s.permanent("Grizzly Bears").tapped
    assert not s.permanent("Craw Wurm").tapped


@pytest.mark.cards("Claustrophobia")
@pytest.mark.rules("502.3", "303.4b", "603.2")
def test_claustrophobia_taps_and_keeps_the_creature_tapped() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 3)
    s.add(0, "hand", "Claustrophobia")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Claustrophobia", targets=["Craw Wurm"])
    s.run(until=(4, Step.UPKEEP))
    assert s.permanent("Craw Wurm").tapped


@pytest.mark.cards("Dehydration", "Waterknot")
@pytest.mark.rules("502.3")
def test_dehydration_and_waterknot_keep_tapped_creatures_tapped() -> None:
    for aura, lands in (("Dehydration", 4), ("Waterknot", 3)):
        s = Scenario()
        s.add(0, "battlefield", *["Island"] * lands)
        s.add(0, "hand", aura)
        s.add(1, "battlefield", "Craw Wurm", tapped=True)
        s.cast(0, aura, targets=["Craw Wurm"])
        s.run(until=(2, Step.UPKEEP))
        assert s.permanent("Craw Wurm").tapped, aura

"""Rules tests for replacement and prevention effects (CR 614-616).

Cards: Fog and Safe Passage (prevention effects from resolved spells), and the M10 dual
lands, which enter the battlefield tapped unless their controller has a land of a type
(a replacement effect of the land itself).
"""

from __future__ import annotations

import pytest
from _support import first

from manaweave import CardOption, DecisionKind, Step
from manaweave.testing import Scenario


def _combat(*, fog: bool) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Forest", "Grizzly Bears")
    s.add(1, "hand", "Fog")
    s.attack(0, "Craw Wurm")
    s.block(1, "Grizzly Bears", "Craw Wurm")
    if fog:
        s.cast(1, "Fog", step=Step.DECLARE_BLOCKERS)
    return s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.rules("615.1", "615.1a", "615.6", "510.2")
def test_fog_prevents_all_combat_damage_this_turn() -> None:
    s = _combat(fog=True)
    assert s.events("damage_dealt") == []
    prevented = s.events("damage_prevented")
    assert [(p["amount"], p["rule"]) for p in prevented] == [(6, "615.6"), (2, "615.6")]
    assert s.battlefield(1) == ["Forest", "Grizzly Bears"]
    assert s.permanent("Craw Wurm").damage == 0
    # Without it, the Bears die.
    assert _combat(fog=False).graveyard(1) == ["Grizzly Bears"]


@pytest.mark.rules("615.1a", "120.3")
def test_fog_does_not_prevent_noncombat_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Mountain")
    s.add(0, "hand", "Fog", "Lightning Bolt")
    s.cast(0, "Fog")
    s.cast(0, "Lightning Bolt", targets=["P2"], stack_empty=True)
    s.run()
    assert s.life(1) == 17


@pytest.mark.rules("514.2", "615.1")
def test_a_prevention_effect_this_turn_ends_in_the_cleanup_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Craw Wurm")
    s.add(0, "hand", "Fog")
    s.cast(0, "Fog")
    s.attack(0, "Craw Wurm", turn=3)
    s.run(until=(3, Step.END))
    assert s.life(1) == 14  # the turn-3 attack is not prevented


@pytest.mark.rules("615.1", "615.6")
def test_safe_passage_protects_its_controller_and_their_creatures_only() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Runeclaw Bear", "Craw Wurm")
    s.add(1, "battlefield", "Plains", "Plains", "Plains", "Grizzly Bears")
    s.add(1, "hand", "Safe Passage")
    s.attack(0, "Runeclaw Bear", "Craw Wurm")
    s.block(1, "Grizzly Bears", "Runeclaw Bear")
    s.cast(1, "Safe Passage", step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))

    assert s.life(1) == 20  # the Wurm's 6 to the player: prevented
    assert s.battlefield(1).count("Grizzly Bears") == 1  # the Bear's 2: prevented
    assert s.graveyard(0) == ["Runeclaw Bear"]  # the Bears' 2 back: not prevented


@pytest.mark.rules("616.1", "616.1e", "616.1f")
def test_the_affected_player_chooses_which_of_two_preventions_applies() -> None:
    # Fog and Safe Passage both apply to the Wurm's damage to player 1, who chooses
    # one; it prevents all of it, so the other has nothing left to apply to (616.1f).
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Forest", "Plains", "Plains", "Plains")
    s.add(1, "hand", "Fog", "Safe Passage")
    s.attack(0, "Craw Wurm")
    s.cast(1, "Fog", step=Step.DECLARE_ATTACKERS)
    s.cast(1, "Safe Passage", step=Step.DECLARE_ATTACKERS, stack_empty=True)
    s.choose(1, DecisionKind.REPLACEMENT_ORDER, "Safe Passage")
    s.run(until=(1, Step.END_OF_COMBAT))

    (asked,) = s.decisions.of_kind(DecisionKind.REPLACEMENT_ORDER)
    assert asked.player == 1
    assert len(asked.options) == 2
    assert all(isinstance(o, CardOption) for o in asked.options)
    (prevented,) = s.events("damage_prevented")
    assert prevented["text"].startswith("Prevent all damage that would be dealt to you")
    assert s.life(1) == 20


# --- 614.1d, 614.12: enters tapped -----------------------------------------------------------


@pytest.mark.rules("614.1d", "614.12", "305.1")
@pytest.mark.parametrize(
    ("lands", "tapped"),
    [((), True), (("Forest",), True), (("Swamp",), False), (("Mountain",), False)],
)
def test_a_dual_land_enters_tapped_unless_its_controller_has_the_right_land(
    lands: tuple[str, ...], tapped: bool
) -> None:
    s = Scenario()
    if lands:
        s.add(0, "battlefield", *lands)
    s.add(0, "hand", "Dragonskull Summit")
    s.play_land(0, "Dragonskull Summit")
    s.run()

    assert s.permanent("Dragonskull Summit").tapped is tapped
    replaced = s.events("event_replaced")
    assert [e["rule"] for e in replaced] == (["614.1d"] if tapped else [])


@pytest.mark.rules("614.12", "106.1b", "605.1a")
def test_an_untapped_dual_land_taps_for_either_colour() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Dragonskull Summit")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    assert s.life(1) == 17
    assert first(s, "mana_added", source=s.permanent("Dragonskull Summit").id)["mana"] == ["R"]

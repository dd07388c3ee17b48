"""Rules tests for copying spells (CR 707.10) and choosing new targets (115.7).

Cards: Twincast, Reverberate, Redirect, Wild Ricochet, with Lightning Bolt, Consume
Spirit, Fling, Fortify, Flames of the Firebrand, Cancel and Giant Growth.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Named, Step
from manaweave.testing import Scenario


def _bolt_then(card: str, *, opponent_lands: list[str]) -> Scenario:
    """P2 casts Lightning Bolt at P1 in P2's main phase; P1 responds with ``card``."""
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.add(0, "battlefield", *opponent_lands)
    s.add(0, "hand", card)
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(0, card, targets=["Lightning Bolt"])
    return s


@pytest.mark.cards("Twincast")
@pytest.mark.rules("707.10", "707.10c", "115.7d", "704.5e")
def test_twincast_copies_a_spell_with_a_new_target_and_the_copy_ceases_to_exist() -> None:
    s = _bolt_then("Twincast", opponent_lands=["Island", "Island"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.run()

    assert (s.life(0), s.life(1)) == (17, 17)
    copied = first(s, "spell_copied")
    assert copied["rule"] == "707.10"
    assert copied["player"] == 0
    assert copied["targets"] == ["player:1"]
    # A copy is not cast (707.10): only the two cards were.
    assert [e["card"] for e in s.events("spell_cast")] == ["Lightning Bolt", "Twincast"]
    # The copy resolved first, went to the graveyard and ceased to exist there (704.5e).
    ceased = first(s, "object_ceased", rule="704.5e")
    assert ceased["player"] == 0
    assert s.graveyard(0) == ["Twincast"]
    assert s.graveyard(1) == ["Lightning Bolt"]


@pytest.mark.cards("Reverberate")
@pytest.mark.rules("707.10c", "115.7d")
def test_the_copy_may_keep_its_targets() -> None:
    s = _bolt_then("Reverberate", opponent_lands=["Mountain", "Mountain"])
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.run()
    assert (s.life(0), s.life(1)) == (14, 20)


@pytest.mark.rules("707.10", "107.3a")
def test_a_copy_has_the_value_of_x_and_its_controller_gains_the_life() -> None:
    # Consume Spirit with X = 2 at P1; P1 copies it and points the copy at P2: the copy
    # deals 2 and its controller, P1, gains 2.
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Swamp", "Swamp", "Swamp", "Swamp")
    s.add(1, "hand", "Consume Spirit")
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Twincast")
    s.cast(1, "Consume Spirit", targets=["P1"], x=2)
    s.cast(0, "Twincast", targets=["Consume Spirit"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.run()
    # P1: +2 from the copy, -2 from the original. P2: -2 from the copy, +2 from the original.
    assert (s.life(0), s.life(1)) == (20, 20)
    assert [e["delta"] for e in s.events("life_changed")] == [-2, 2, -2, 2]


@pytest.mark.rules("707.10", "608.2h")
def test_a_copy_uses_what_was_sacrificed_for_the_original() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Fling", "Reverberate")
    s.cast(0, "Fling", targets=["P2"])
    s.cast(0, "Reverberate", targets=["Fling"])
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.run()
    assert s.life(1) == 8  # 6 twice: the copy sacrifices nothing but knows the Wurm


@pytest.mark.rules("707.10", "700.2")
def test_a_copy_of_a_modal_spell_has_the_same_mode() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Plains", "Plains", "Plains", "Island", "Island")
    s.add(0, "hand", "Fortify", "Twincast")
    s.cast(0, "Fortify")
    s.choose(0, DecisionKind.MODE, "Creatures you control get +2/+0 until end of turn.")
    s.cast(0, "Twincast", targets=["Fortify"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (6, 2)
    assert not s.decisions.of_kind(DecisionKind.NEW_TARGET)  # Fortify has no targets


@pytest.mark.rules("115.7f", "115.3", "707.10c")
def test_new_targets_keep_the_division_and_stay_different() -> None:
    # Flames of the Firebrand divides 2 and 1 between two creatures; the copy moves its
    # first target to P2 but may not name the other creature twice for one word "target".
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Flames of the Firebrand", "Reverberate")
    s.add(1, "battlefield", "Craw Wurm", "Grizzly Bears")
    s.cast(0, "Flames of the Firebrand", targets=["Craw Wurm", "Grizzly Bears"])
    s.choose(0, DecisionKind.DIVISION, (2, 1))
    s.cast(0, "Reverberate", targets=["Flames of the Firebrand"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.run()

    first_slot, second_slot = s.decisions.of_kind(DecisionKind.NEW_TARGET)
    first_names = [str(o).split(" #")[0] for o in first_slot.options]
    assert "Grizzly Bears" not in first_names
    assert "player 1 (P2)" in first_names
    # Once the first target is P2, the Wurm is free again for the second.
    second_names = [str(o).split(" #")[0] for o in second_slot.options]
    assert "player 1 (P2)" not in second_names
    assert "Craw Wurm" in second_names
    assert s.life(1) == 18  # the copy's 2 went to P2
    assert s.permanent("Craw Wurm").damage == 2  # from the original
    assert "Grizzly Bears" in s.graveyard(1)  # 1 from the copy, 1 from the original


@pytest.mark.cards("Redirect")
@pytest.mark.rules("115.7d", "115.7")
def test_redirect_chooses_new_targets_for_a_spell() -> None:
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Mountain", "Craw Wurm")
    s.add(1, "hand", "Lightning Bolt")
    s.add(0, "battlefield", "Island", "Island", "Grizzly Bears")
    s.add(0, "hand", "Redirect")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(0, "Redirect", targets=["Lightning Bolt"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.run()

    changed = first(s, "targets_changed")
    assert changed["rule"] == "115.7d"
    assert changed["targets"] == ["player:1"]
    assert s.life(1) == 17
    assert s.permanent("Grizzly Bears").damage == 0
    # Redirect can't make a spell target itself, and the current target isn't offered.
    (asked,) = s.decisions.of_kind(DecisionKind.NEW_TARGET)
    names = [str(o).split(" #")[0] for o in asked.options]
    assert names[0] == "keep"
    assert "Grizzly Bears" not in names


@pytest.mark.rules("115.7d")
def test_a_target_may_be_left_unchanged_even_if_it_has_become_illegal() -> None:
    # P2 bolts P1's Grizzly Bears and, holding priority, Shocks it too. After the Shock
    # resolves, P1 redirects the Bolt but keeps its target, now gone.
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Shock")
    s.add(0, "battlefield", "Island", "Island", "Grizzly Bears")
    s.add(0, "hand", "Redirect")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(1, "Shock", targets=["Grizzly Bears"])
    s.cast(0, "Redirect", targets=["Lightning Bolt"], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.run()
    # Shock killed the Bears; the Bolt kept its now-illegal target and fizzled.
    assert first(s, "spell_fizzled")
    assert not s.events("targets_changed")
    assert (s.life(0), s.life(1)) == (20, 20)


@pytest.mark.cards("Wild Ricochet")
@pytest.mark.rules("115.7d", "707.10c")
def test_wild_ricochet_redirects_the_spell_then_copies_it() -> None:
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.add(0, "battlefield", *["Mountain"] * 4)
    s.add(0, "hand", "Wild Ricochet")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(0, "Wild Ricochet", targets=["Lightning Bolt"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")  # the original
    s.choose(0, DecisionKind.NEW_TARGET, "keep")  # the copy, already aimed at P2
    s.run()
    assert (s.life(0), s.life(1)) == (20, 14)


@pytest.mark.rules("707.10", "701.6a", "704.5e")
def test_a_countered_copy_ceases_to_exist() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Island", "Island")
    s.add(0, "hand", "Lightning Bolt", "Twincast")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(0, "Twincast", targets=["Lightning Bolt"])
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.cast(
        1,
        "Cancel",
        targets=["copy of Lightning Bolt"],
        when=lambda g: any(getattr(o, "is_spell_copy", False) for o in g.stack),
    )
    s.run()
    copy = first(s, "spell_copied")["object"]
    cancel_target = first(s, "spell_cast", card="Cancel")["targets"]
    assert cancel_target == [copy]
    assert first(s, "object_ceased", rule="704.5e")
    assert s.life(1) == 17
    assert s.graveyard(0) == ["Twincast", "Lightning Bolt"]


@pytest.mark.cards("Twincast")
@pytest.mark.rules("608.2b", "707.10")
def test_twincast_whose_spell_is_gone_fizzles() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Island", "Island")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Island", "Island", "Island", "Island", "Island")
    s.add(1, "hand", "Twincast", "Cancel")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(1, "Twincast", targets=["Lightning Bolt"])
    s.cast(1, "Cancel", targets=["Lightning Bolt"])
    s.run()
    assert first(s, "spell_fizzled")
    assert not s.events("spell_copied")
    assert s.life(1) == 20


@pytest.mark.rules("115.7d", "707.10c")
def test_keep_is_the_first_option() -> None:
    s = _bolt_then("Twincast", opponent_lands=["Island", "Island"])
    s.choose(0, DecisionKind.NEW_TARGET, "keep")
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.NEW_TARGET)
    assert asked.options[0] == Named("keep")


# --- copies of abilities (707.10, 707.10b) ------------------------------------------------------


@pytest.mark.cards("Strionic Resonator")
@pytest.mark.rules("707.10", "707.10b", "603.2")
def test_strionic_resonator_copies_a_triggered_ability() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Soul Warden", "Strionic Resonator", *["Forest"] * 4)
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.activate(
        0,
        "Strionic Resonator",
        targets=["Soul Warden ability"],
        when=lambda g: any("Soul Warden" in str(i.name) for i in g.stack),
    )
    s.run()
    assert s.life(0) == 22
    copied = first(s, "ability_copied")
    assert copied["rule"] == "707.10"
    assert copied["source"] == s.permanent("Soul Warden").id  # the same source (707.10b)


@pytest.mark.rules("707.10", "614.10")
def test_a_copied_targeted_trigger_keeps_its_target() -> None:
    # Stonehorn Dignitary's trigger targets an opponent; the copy has the same target, so
    # that opponent skips two combat phases.
    s = Scenario()
    s.add(0, "battlefield", "Strionic Resonator", *["Plains"] * 6)
    s.add(0, "hand", "Stonehorn Dignitary")
    s.cast(0, "Stonehorn Dignitary")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.activate(
        0,
        "Strionic Resonator",
        targets=["Stonehorn Dignitary ability"],
        when=lambda g: any(str(i.name) == "Stonehorn Dignitary ability" for i in g.stack),
    )
    s.run()
    assert s.game.players[1].skips["combat phase"] == 2


@pytest.mark.cards("Strionic Resonator")
@pytest.mark.rules("115.1", "602.2")
def test_the_resonator_needs_a_triggered_ability_of_yours_on_the_stack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Strionic Resonator", "Forest", "Forest")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not any(n == "Strionic Resonator" for n, _ in s.decisions.priority(0)[0].activations)


# --- changing the target (115.7a) ------------------------------------------------------------


@pytest.mark.rules("115.7a", "115.10")
def test_deflection_changes_the_target_of_a_spell_with_a_single_target() -> None:
    s = Scenario(turn=2, active=1, plugins=[TestCards()])
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Test Deflection")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(0, "Test Deflection", targets=["Lightning Bolt"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.run()
    assert (s.life(0), s.life(1)) == (20, 17)
    changed = first(s, "targets_changed")
    assert changed["rule"] == "115.7a"
    (asked,) = s.decisions.of_kind(DecisionKind.NEW_TARGET)
    assert "keep" not in [str(o) for o in asked.options]  # it must change if it can


@pytest.mark.rules("115.7a")
def test_a_target_that_cant_change_to_another_legal_target_stays() -> None:
    # Doom Blade's only other possible target would be a nonblack creature: there is none.
    s = Scenario(turn=2, active=1, plugins=[TestCards()])
    s.add(1, "battlefield", "Swamp", "Swamp", "Drudge Skeletons")
    s.add(1, "hand", "Doom Blade")
    s.add(0, "battlefield", *["Island"] * 4, "Grizzly Bears")
    s.add(0, "hand", "Test Deflection")
    s.cast(1, "Doom Blade", targets=["Grizzly Bears"])
    s.cast(0, "Test Deflection", targets=["Doom Blade"])
    s.run()
    assert not s.events("targets_changed")
    assert not s.decisions.of_kind(DecisionKind.NEW_TARGET)
    assert s.graveyard(0) == ["Test Deflection", "Grizzly Bears"]


@pytest.mark.rules("115.10", "115.1")
def test_a_spell_with_two_targets_is_no_target_for_deflection() -> None:
    s = Scenario(turn=2, active=1, plugins=[TestCards()])
    s.add(1, "battlefield", *["Mountain"] * 3)
    s.add(1, "hand", "Flames of the Firebrand")
    s.add(0, "battlefield", *["Island"] * 4, "Grizzly Bears", "Llanowar Elves")
    s.add(0, "hand", "Test Deflection")
    s.cast(1, "Flames of the Firebrand", targets=["Grizzly Bears", "Llanowar Elves"])
    s.choose(1, DecisionKind.DIVISION, (2, 1))
    s.run()
    responses = [a for a in s.decisions.priority(0) if a.stack == 1]
    assert responses
    assert "Test Deflection" not in responses[0].casts


@pytest.mark.rules("707.10f", "608.3f", "111.1")
def test_a_copy_of_a_permanent_spell_resolves_into_a_token() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Forest", "Forest", *["Island"] * 3)
    s.add(0, "hand", "Grizzly Bears", "Test Echo Mirror")
    s.cast(0, "Grizzly Bears")
    s.cast(0, "Test Echo Mirror", targets=["Grizzly Bears"])
    s.run()
    bears = s.permanents("Grizzly Bears")
    assert len(bears) == 2
    assert sorted(b.is_token for b in bears) == [False, True]
    assert not s.events("object_ceased")


def _flames_at_two_bears(card: str) -> Scenario:
    """P2's Flames of the Firebrand divides 2 and 1 between P1's two Grizzly Bears; P1
    responds with ``card``."""
    s = Scenario(turn=2, active=1, plugins=[TestCards()])
    s.add(1, "battlefield", *["Mountain"] * 3, "Craw Wurm")
    s.add(1, "hand", "Flames of the Firebrand")
    s.add(0, "battlefield", *["Island"] * 4, "Grizzly Bears", "Llanowar Elves")
    s.add(0, "hand", card)
    s.cast(1, "Flames of the Firebrand", targets=["Grizzly Bears", "Llanowar Elves"])
    s.choose(1, DecisionKind.DIVISION, (2, 1))
    s.cast(0, card, targets=["Flames of the Firebrand"])
    return s


@pytest.mark.rules("115.7a", "115.7f")
def test_changing_the_targets_changes_every_one() -> None:
    s = _flames_at_two_bears("Test Grand Deflection")
    s.choose(0, DecisionKind.NEW_TARGET, "Craw Wurm")
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.run()
    assert s.permanent("Craw Wurm").damage == 2
    assert s.life(1) == 19
    assert s.permanent("Grizzly Bears").damage == 0
    assert first(s, "targets_changed")["rule"] == "115.7a"


@pytest.mark.rules("115.7b")
def test_changing_a_target_changes_only_the_one_chosen() -> None:
    s = _flames_at_two_bears("Test Glancing Blow")
    s.choose(0, DecisionKind.NEW_TARGET, "target 1: Grizzly Bears")
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.run()
    assert s.life(1) == 18  # the 2 meant for the Bears
    assert "Llanowar Elves" in s.graveyard(0)  # its 1 is unchanged
    assert first(s, "targets_changed")["rule"] == "115.7b"

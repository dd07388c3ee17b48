"""Rules tests for replacing life gain (CR 119.3, 614.1a, 616.1).

Test cards: Test Faithmender ("If you would gain life, you gain twice that much life
instead"), Test Remedy ("If an opponent would gain life, that player loses that much life
instead"), with Soul Warden, Ajani's Pridemate and Consume Spirit.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind
from manaweave.testing import Scenario


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards()], **kwargs)  # type: ignore[arg-type]


@pytest.mark.rules("614.1a", "119.3")
def test_life_gain_can_be_doubled() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Faithmender", "Soul Warden", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()
    assert s.life(0) == 22
    replaced = first(s, "event_replaced", instead_of="life gain")
    assert (replaced["amount"], replaced["to_amount"]) == (1, 2)


@pytest.mark.rules("614.1a", "119.9")
def test_life_gain_replaced_by_a_loss_is_no_gain_for_gain_triggers() -> None:
    # P2's Soul Warden would gain P2 1 life; P1's Test Remedy makes P2 lose it instead, so
    # P2's Ajani's Pridemate ("whenever you gain life") doesn't trigger.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Test Remedy")
    s.add(1, "battlefield", "Soul Warden", "Ajani's Pridemate", "Forest", "Forest")
    s.add(1, "hand", "Grizzly Bears")
    s.cast(1, "Grizzly Bears")
    s.run()
    assert s.life(1) == 19
    assert [e["card"] for e in s.events("ability_triggered")] == ["Soul Warden"]


@pytest.mark.rules("616.1", "616.1e", "614.1a")
def test_the_gaining_player_orders_a_doubling_and_a_loss() -> None:
    # P2 controls Test Faithmender, P1 Test Remedy. P2 chooses: doubling first loses 2;
    # the loss first leaves nothing to double, losing 1.
    def gain(first_effect: str) -> Scenario:
        s = scenario(turn=2, active=1)
        s.add(0, "battlefield", "Test Remedy")
        s.add(1, "battlefield", "Test Faithmender", "Soul Warden", "Forest", "Forest")
        s.add(1, "hand", "Grizzly Bears")
        s.cast(1, "Grizzly Bears")
        s.choose(1, DecisionKind.REPLACEMENT_ORDER, first_effect)
        return s.run()

    assert gain("Test Faithmender").life(1) == 18
    assert gain("Test Remedy").life(1) == 19


@pytest.mark.rules("614.1a")
def test_a_spell_that_gains_life_is_replaced_too() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Faithmender", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Consume Spirit")
    s.cast(0, "Consume Spirit", targets=["P2"], x=1)
    s.run()
    assert (s.life(0), s.life(1)) == (22, 19)


@pytest.mark.rules("614.1a", "119.3", "120.3a")
def test_life_loss_from_damage_and_from_effects_can_be_replaced() -> None:
    # Lightning Bolt's 3 damage makes P1 lose 3 life: only 2 with the Ward. Test Ebb's
    # "lose 1 life" is reduced to nothing.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Test Ward of Vitality", "Test Ebb", "Soul Warden")
    s.add(1, "battlefield", "Mountain", "Forest", "Forest")
    s.add(1, "hand", "Lightning Bolt", "Grizzly Bears")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(1, "Grizzly Bears", stack_empty=True)
    s.run()
    # -2 from the Bolt; +1 from Soul Warden; Ebb's 1 life loss becomes 0.
    assert s.life(0) == 19
    losses = [e for e in s.events("event_replaced") if e.get("instead_of") == "life loss"]
    assert [(e["amount"], e["to_amount"]) for e in losses] == [(3, 2), (1, None)]

"""The cards of the other built-in core sets (10E, M11, M12, M13, M14, M19) in the
situations their first tests left out: each test plays out a case where the
Comprehensive Rules or the card's rulings decide something the plain reading of the card
does not."""

from __future__ import annotations

import pytest

import manaweave
from manaweave import DecisionKind
from manaweave.cards import CardSet, Printed, card
from manaweave.lowlevel import AbilityOnStack, Game, GameObject
from manaweave.testing import Scenario

CARDS = (
    # Printed with negative power, as Spinal Parasite is: "total power" adds it as it is.
    card("Test Frail Husk", printed=Printed("{1}", "Creature — Spirit", pt=(-2, 2))),
)


class AuditCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only cards of this module."""
        return [CardSet("TOS", "Other core sets audit test cards", CARDS)]


def _ability_on_stack(game: Game) -> bool:
    """Whether an activated or triggered ability is waiting on the stack."""
    return any(isinstance(item, AbilityOnStack) for item in game.stack)


def _spell_on_stack(game: Game) -> bool:
    """Whether a spell is waiting on the stack."""
    return any(isinstance(item, GameObject) for item in game.stack)


@pytest.mark.cards("Cone of Flame", "Harm's Way")
@pytest.mark.rules("120.4b", "615.7", "614.9")
def test_cone_of_flame_deals_its_three_damages_at_once() -> None:
    # "1 damage to any target, 2 damage to another target, and 3 damage to a third
    # target" is one instruction: all of it is dealt at the same time, so P2's shield
    # against Cone of Flame's next 2 damage is divided among it as P2 chooses (615.7).
    # P2 spends it on the Bears' 2 and takes their own 1.
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Cone of Flame")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm", "Plains")
    s.add(1, "hand", "Harm's Way")
    s.cast(0, "Cone of Flame", targets=["P2", "Grizzly Bears", "Craw Wurm"])
    s.cast(1, "Harm's Way", targets=["P1"], when=_spell_on_stack)
    s.choose(1, DecisionKind.SOURCE, "Cone of Flame")
    s.choose(1, DecisionKind.SHIELD, "Grizzly Bears")
    s.choose(1, DecisionKind.SHIELD, "Grizzly Bears")
    s.run()
    assert len(s.decisions.of_kind(DecisionKind.SHIELD)) == 2
    assert s.life(1) == 19
    assert s.life(0) == 18
    assert s.permanent("Grizzly Bears").damage == 0
    assert s.permanent("Craw Wurm").damage == 3


@pytest.mark.cards("Soulblast")
@pytest.mark.rules("107.1b", "601.2h", "608.2h")
def test_soulblast_adds_a_negative_power_into_the_total() -> None:
    # "The total power of the sacrificed creatures": a calculation uses a negative
    # value as it is (107.1b), so a -2 power creature makes 6 + -2 = 4 damage.
    s = Scenario(plugins=[AuditCards()])
    s.add(0, "battlefield", *["Mountain"] * 6, "Craw Wurm", "Test Frail Husk")
    s.add(0, "hand", "Soulblast")
    s.cast(0, "Soulblast", targets=["P2"])
    s.run()
    assert sorted(s.graveyard(0)) == ["Craw Wurm", "Soulblast", "Test Frail Husk"]
    assert s.life(1) == 16


@pytest.mark.cards("Soulblast")
@pytest.mark.rules("107.1b")
def test_soulblast_deals_no_damage_for_a_negative_total() -> None:
    s = Scenario(plugins=[AuditCards()])
    s.add(0, "battlefield", *["Mountain"] * 6, "Test Frail Husk")
    s.add(0, "hand", "Soulblast")
    s.cast(0, "Soulblast", targets=["P2"])
    s.run()
    assert s.life(1) == 20
    assert not s.events("damage_dealt")


@pytest.mark.cards("Claustrophobia", "Naturalize")
@pytest.mark.rules("608.2h", "113.7a", "701.26a")
def test_claustrophobia_destroyed_in_response_still_taps_the_creature_it_enchanted() -> None:
    # "Tap enchanted creature": with the Aura gone, its last known information tells
    # which creature it enchanted (608.2h, 113.7a).
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Claustrophobia")
    s.add(1, "battlefield", "Grizzly Bears", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.cast(0, "Claustrophobia", targets=["Grizzly Bears"])
    s.cast(1, "Naturalize", targets=["Claustrophobia"], when=_ability_on_stack)
    s.run()
    assert s.graveyard(0) == ["Claustrophobia"]
    assert s.permanent("Grizzly Bears").tapped


@pytest.mark.cards("Waterknot")
@pytest.mark.rules("608.2h", "701.26a")
def test_waterknot_taps_the_creature_it_enchants_as_the_trigger_resolves() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Waterknot")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Waterknot", targets=["Grizzly Bears"])
    s.run()
    assert s.permanent("Grizzly Bears").tapped

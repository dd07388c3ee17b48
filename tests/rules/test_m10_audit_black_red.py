"""Magic 2010's black and red cards in the situations their first tests left out: each
test plays out a case where the Comprehensive Rules or the card's rulings decide
something the plain reading of the card does not."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

import pytest
from _support import first

import manaweave
from manaweave import DecisionKind, Step
from manaweave.cards import (
    CardSet,
    GainLife,
    Printed,
    Trigger,
    TriggeredAbility,
    TriggerKind,
    card,
)
from manaweave.lowlevel import AbilityOnStack, Game, GameObject
from manaweave.testing import Scenario

if TYPE_CHECKING:
    from manaweave.cards import TriggerEvent


@dataclass(frozen=True, slots=True)
class WheneverABlackZombieEnters(Trigger):
    """ "Whenever a black Zombie enters the battlefield" (603.6a): judged by what the
    permanent is as it enters."""

    kind: ClassVar[TriggerKind] = TriggerKind.ENTERS

    def matches(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        if event.obj is None:
            return False
        chars = game.characteristics(event.obj)
        return "Zombie" in chars.subtypes and "B" in chars.colors


CARDS = (
    card(
        "Test Zombie Watcher",
        printed=Printed(
            "{1}{B}",
            "Enchantment",
            "Whenever a black Zombie enters the battlefield, you gain 1 life.",
        ),
        abilities=(
            TriggeredAbility(
                WheneverABlackZombieEnters(),
                (GainLife(1),),
                text="Whenever a black Zombie enters the battlefield, you gain 1 life.",
            ),
        ),
    ),
)


class AuditCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only cards of this module."""
        return [CardSet("TBR", "Black and red audit test cards", CARDS)]


def _ability_on_stack(game: Game) -> bool:
    """Whether an activated or triggered ability is waiting on the stack."""
    return any(isinstance(item, AbilityOnStack) for item in game.stack)


@pytest.mark.cards("Firebreathing", "Naturalize")
@pytest.mark.rules("113.7a", "608.2h", "611.2c")
def test_firebreathing_pumps_the_creature_it_enchanted_after_the_aura_is_destroyed() -> None:
    # The ability exists apart from its source (113.7a): with Firebreathing destroyed in
    # response, "enchanted creature" is the creature it enchanted as it last existed on
    # the battlefield (608.2h), and that creature still gets +1/+0.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Firebreathing")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.cast(0, "Firebreathing", targets=["Grizzly Bears"])
    s.activate(0, "Firebreathing", stack_empty=True)
    s.cast(1, "Naturalize", targets=["Firebreathing"], when=_ability_on_stack)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.graveyard(0) == ["Firebreathing"]
    assert s.power("Grizzly Bears") == 3
    bears = s.permanent("Grizzly Bears").id
    effect = first(s, "effect_created", layer="613.4c")
    assert effect["affected"] == [bears]
    assert effect["duration"] == "end_of_turn"


@pytest.mark.cards("Rise from the Grave")
@pytest.mark.rules("611.2e", "603.6a", "205.1b")
def test_rise_from_the_grave_creature_enters_as_a_black_zombie() -> None:
    # "That creature is a black Zombie": a continuous effect from the same resolving
    # spell that put it onto the battlefield, so it applies as the creature enters
    # (611.2e); an ability that triggers on a black Zombie entering sees it (603.6a).
    s = Scenario(plugins=[AuditCards()])
    s.add(0, "battlefield", "Test Zombie Watcher", *["Swamp"] * 5)
    s.add(0, "hand", "Rise from the Grave")
    s.add(1, "graveyard", "Craw Wurm")
    s.cast(0, "Rise from the Grave", targets=["Craw Wurm"])
    s.run()
    wurm = s.permanent("Craw Wurm", 0)
    assert "Zombie" in s.game.characteristics(wurm).subtypes
    assert first(s, "ability_triggered", card="Test Zombie Watcher")
    assert s.life(0) == 21


CHANDRA_ULTIMATE = (
    "[−8]: Chandra Nalaar deals 10 damage to target player or planeswalker and each "
    "creature that player or that planeswalker's controller controls."
)


@pytest.mark.cards("Chandra Nalaar", "Harm's Way")
@pytest.mark.rules("120.4b", "615.7", "614.9", "606.4")
def test_chandra_ultimate_deals_its_damage_to_the_player_and_the_creatures_at_once() -> None:
    # One instruction deals 10 to the player and to each of their creatures at the same
    # time, so a shield against Chandra's next 2 damage is divided among all of it by the
    # protected player (615.7): P2 spends it on the Grizzly Bears and takes all 10.
    s = Scenario()
    s.add(0, "battlefield", "Chandra Nalaar", loyalty=9)
    s.add(1, "battlefield", "Plains", "Grizzly Bears")
    s.add(1, "hand", "Harm's Way")
    s.activate(0, "Chandra Nalaar", text=CHANDRA_ULTIMATE, targets=["P2"])
    s.cast(1, "Harm's Way", targets=["P1"], when=_ability_on_stack)
    s.choose(1, DecisionKind.SOURCE, "Chandra Nalaar")
    s.choose(1, DecisionKind.SHIELD, "Grizzly Bears")
    s.choose(1, DecisionKind.SHIELD, "Grizzly Bears")
    s.run()
    assert len(s.decisions.of_kind(DecisionKind.SHIELD)) == 2
    assert s.life(1) == 10
    assert s.life(0) == 18
    assert s.graveyard(1) == ["Harm's Way", "Grizzly Bears"]
    chandra = s.permanent("Chandra Nalaar").id
    dealt = [d["amount"] for d in s.events("damage_dealt") if d["source"] == chandra]
    assert sorted(dealt) == [2, 8, 10]


@pytest.mark.cards("Goblin Artillery", "Harm's Way")
@pytest.mark.rules("120.4b", "615.7", "614.9")
def test_goblin_artillery_deals_both_of_its_damages_at_once() -> None:
    # "2 damage to any target and 3 damage to you" is one instruction: both are dealt at
    # the same time, so P1's shield against the Artillery's next 2 damage is divided
    # between them (615.7). P1 spends it on their own 3 and lets the Bears take 2.
    s = Scenario()
    s.add(0, "battlefield", "Goblin Artillery", "Grizzly Bears", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.activate(0, "Goblin Artillery", targets=["Grizzly Bears"])
    s.cast(0, "Harm's Way", targets=["P2"], when=_ability_on_stack)
    s.choose(0, DecisionKind.SOURCE, "Goblin Artillery")
    s.choose(0, DecisionKind.SHIELD, "P1")
    s.choose(0, DecisionKind.SHIELD, "P1")
    s.run()
    assert len(s.decisions.of_kind(DecisionKind.SHIELD)) == 2
    assert s.life(0) == 19
    assert s.life(1) == 18
    assert "Grizzly Bears" in s.graveyard(0)

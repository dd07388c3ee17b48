"""Rules tests for attaching (CR 701.3), the state-based actions for attachments, the
world rule and deathtouch damage (704.5h, 704.5k, 704.5n, 704.5p), and activation
restrictions (602.5b, 602.5d).

Test cards: Test Blade (an Equipment with a sorcery-speed attach ability), Test Worldly
Calm (a world enchantment), Test Viper (a deathtouch stand-in through the core's damage
result extension point), Test Once Grower ("activate only once each turn"), with
Opalescence and Enchanted Evening.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first, sba_rules

import manaweave
from manaweave import DecisionKind, Step
from manaweave.cards import CardSet, Printed, card
from manaweave.testing import Scenario


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards()], **kwargs)  # type: ignore[arg-type]


# --- attaching Equipment (701.3, 704.5n) ------------------------------------------------------


@pytest.mark.rules("701.3a", "301.5a", "613.4c", "602.5d")
def test_an_equipment_attaches_and_its_creature_gets_the_bonus() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Blade", "Grizzly Bears", "Island")
    s.activate(0, "Test Blade", targets=["Grizzly Bears"])
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 2)
    attached = first(s, "permanent_attached")
    assert attached["attached_to"] == s.permanent("Grizzly Bears").id


@pytest.mark.rules("602.5d", "115.1")
def test_attach_only_as_a_sorcery_and_only_to_a_creature_you_control() -> None:
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Test Blade", "Grizzly Bears", "Island")
    s.add(1, "battlefield", "Craw Wurm")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    assert not any("Test Blade" in name for name, _ in s.decisions.priority(0)[0].activations)

    mine = scenario()
    mine.add(0, "battlefield", "Test Blade", "Grizzly Bears", "Island")
    mine.add(1, "battlefield", "Craw Wurm")
    mine.activate(0, "Test Blade", targets=["Grizzly Bears"])
    mine.run()
    (asked,) = mine.decisions.of_kind(DecisionKind.TARGET)
    assert [str(o).split(" #")[0] for o in asked.options] == ["Grizzly Bears"]


@pytest.mark.rules("704.5n", "301.5c", "704.3")
def test_an_equipment_on_a_permanent_that_stops_being_a_creature_becomes_unattached() -> None:
    # Opalescence animates a plain enchantment (Test Worldly Calm) and the Blade is
    # attached to it; when Opalescence leaves, the Calm is no creature and the Blade
    # falls off but stays on the battlefield.
    s = scenario()
    s.add(0, "battlefield", "Opalescence", "Test Worldly Calm", "Test Blade", "Island")
    s.add(0, "hand", "Naturalize")
    s.add(0, "battlefield", "Forest", "Forest")
    s.activate(0, "Test Blade", targets=["Test Worldly Calm"])
    s.cast(0, "Naturalize", targets=["Opalescence"], stack_empty=True)
    s.run()
    blade = s.permanent("Test Blade")
    assert blade.attached_to is None
    assert [
        [rule for _, rule in e["unattached"]]
        for e in s.events("state_based_actions_performed")
        if e["unattached"]
    ] == [["704.5n"]]
    assert first(s, "permanent_unattached")["rule"] == "704.5n"


@pytest.mark.rules("704.5n", "701.3a")
def test_an_equipment_whose_creature_leaves_is_unattached() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Blade", "Grizzly Bears", "Island", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.activate(0, "Test Blade", targets=["Grizzly Bears"])
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    assert s.permanent("Test Blade").attached_to is None
    assert "Test Blade" in s.battlefield(0)


@pytest.mark.rules("704.5p", "301.5c")
def test_an_equipment_that_becomes_a_creature_becomes_unattached() -> None:
    # Enchanted Evening makes every permanent an enchantment; Opalescence then makes the
    # Blade (an enchantment, not an Aura) a creature: an Equipment that is a creature
    # can't equip a creature, so it becomes unattached (704.5p).
    s = scenario()
    s.add(0, "battlefield", "Test Blade", "Grizzly Bears", "Island", "Opalescence")
    s.add(0, "hand", "Enchanted Evening")
    s.add(0, "battlefield", *["Plains"] * 5)
    s.activate(0, "Test Blade", targets=["Grizzly Bears"])
    s.cast(0, "Enchanted Evening", stack_empty=True)
    s.run()
    assert s.permanent("Test Blade").attached_to is None
    assert first(s, "permanent_unattached")["rule"] == "704.5p"


# --- the world rule (704.5k) -------------------------------------------------------------------


@pytest.mark.rules("704.5k", "205.4")
def test_the_world_rule_keeps_the_newest_world_permanent() -> None:
    s = scenario()
    s.add(1, "battlefield", "Test Worldly Calm")
    s.add(0, "battlefield", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Test Worldly Calm")
    s.cast(0, "Test Worldly Calm")
    s.run()
    assert s.graveyard(1) == ["Test Worldly Calm"]
    assert s.battlefield(0).count("Test Worldly Calm") == 1
    assert sba_rules(s) == [["704.5k"]]


WORLD_BEAST = card(
    "Test World Beast", printed=Printed("{3}{G}", "World Creature — Beast", pt=(3, 3))
)


class WorldCards:
    """A world creature, so that a mass reanimation can put two world permanents onto the
    battlefield at the same moment."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSW", "Test world cards", (WORLD_BEAST,))]


@pytest.mark.rules("704.5k", "613.7m", "603.6a")
def test_world_permanents_that_arrived_at_the_same_moment_all_go() -> None:
    # Liliana Vess's [−8] returns two world creatures at once: they have had the world
    # supertype for the same (shortest) time, so all world permanents go, the older world
    # enchantment too.
    s = Scenario(plugins=[TestCards(), WorldCards()])
    s.add(0, "battlefield", "Liliana Vess", loyalty=8)
    s.add(1, "battlefield", "Test Worldly Calm")
    s.add(0, "graveyard", "Test World Beast")
    s.add(1, "graveyard", "Test World Beast")
    s.activate(0, "Liliana Vess", text="[−8]")
    s.run()
    entered = s.events("permanent_entered")
    assert [(e["card"], e["cause"]) for e in entered] == [
        ("Test World Beast", entered[0]["cause"])
    ] * 2
    assert s.graveyard(0) == ["Liliana Vess", "Test World Beast"]
    assert sorted(s.graveyard(1)) == ["Test World Beast", "Test Worldly Calm"]
    assert sorted(r for rules in sba_rules(s) for r in rules).count("704.5k") == 3


# --- deathtouch through the damage result extension point (704.5h) ----------------------------


@pytest.mark.rules("704.5h", "702.2b", "510.2")
def test_any_damage_from_a_deathtouch_source_destroys_the_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Viper")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(0, "Test Viper")
    s.block(1, "Craw Wurm", "Test Viper")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.graveyard(0) == ["Test Viper"]
    assert sorted(r for rules in sba_rules(s) for r in rules) == ["704.5g", "704.5h"]


@pytest.mark.rules("704.5h", "701.19a")
def test_deathtouch_destroys_so_regeneration_saves() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Viper")
    s.add(1, "battlefield", "Cudgel Troll", "Forest")
    s.attack(0, "Test Viper")
    s.block(1, "Cudgel Troll", "Test Viper")
    s.activate(1, "Cudgel Troll", step=Step.DECLARE_BLOCKERS)
    s.run(until=(2, Step.UPKEEP))
    assert "Cudgel Troll" in s.battlefield(1)
    assert first(s, "permanent_regenerated")
    # The mark was used by that check: later checks don't destroy the Troll again.
    assert len([r for rules in sba_rules(s) for r in rules if r == "704.5h"]) == 1
    assert not any(p.damaged_by_deathtouch for p in s.game.battlefield)


# --- activation restrictions (602.5b) -------------------------------------------------------------


@pytest.mark.rules("602.5b")
def test_an_ability_activated_only_once_each_turn() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Once Grower", "Forest", "Forest")
    s.activate(0, "Test Once Grower")
    s.run()
    grower = [a for a in s.decisions.priority(0) if a.stack == 0]
    assert any("Test Once Grower" in n for n, _ in grower[0].activations)
    assert not any("Test Once Grower" in n for n, _ in grower[-1].activations)
    assert (s.power("Test Once Grower"), s.toughness("Test Once Grower")) == (2, 2)


@pytest.mark.rules("602.5b")
def test_once_each_turn_comes_back_next_turn() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Once Grower", "Forest", "Forest")
    s.activate(0, "Test Once Grower")
    s.activate(0, "Test Once Grower", turn=3)
    s.run(until=(3, Step.END))
    assert len(s.events("ability_activated")) == 2


# --- counters limits and Roles (704.5r, 704.5y) ---------------------------------------------


@pytest.mark.rules("704.5r", "122.1")
def test_a_permanent_that_cant_have_more_than_n_counters_loses_the_excess() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Capped Hydra", "Forest", "Forest")
    s.activate(0, "Test Capped Hydra")
    s.activate(0, "Test Capped Hydra", stack_empty=True)
    s.run()
    assert s.permanent("Test Capped Hydra").counters == {"+1/+1": 3}
    assert first(s, "counters_removed")["rule"] == "704.5r"


@pytest.mark.rules("704.5y", "303.7")
def test_only_the_newest_role_of_one_player_on_a_permanent_stays() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Forest", "Forest")
    s.add(0, "hand", "Test Monster Role", "Test Monster Role")
    s.cast(0, "Test Monster Role", targets=["Grizzly Bears"])
    s.cast(0, "Test Monster Role", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    assert s.graveyard(0) == ["Test Monster Role"]
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 3)
    assert ["704.5y"] in sba_rules(s)

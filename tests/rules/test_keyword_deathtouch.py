"""Rules tests for deathtouch (CR 702.2), with trample (702.19) and first strike (702.7)."""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from _support import sba_rules
from test_combat import combat_damage

import manaweave
from manaweave import DecisionKind, ManaCost
from manaweave.cards import (
    TARGET_CREATURE,
    ActivatedAbility,
    CardSet,
    DealDamage,
    Printed,
    SacrificeThis,
    card,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[CombatCards()])


@pytest.mark.rules("702.2a", "702.2b", "704.5h")
def test_any_damage_from_a_deathtouch_source_destroys_a_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Assassin")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(0, "Test Assassin")
    s.block(1, "Craw Wurm", "Test Assassin")
    s.run()

    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.graveyard(0) == ["Test Assassin"]
    assert sorted(r for rules in sba_rules(s) for r in rules) == ["704.5g", "704.5h"]


@pytest.mark.rules("702.2c", "702.19b", "510.1c")
def test_deathtouch_and_trample_assign_one_to_each_blocker_and_the_rest_to_the_player() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Deathtouch Trampler")
    s.add(1, "battlefield", "Siege Mastodon", "Centaur Courser")
    s.attack(0, "Test Deathtouch Trampler")
    s.block(1, "Siege Mastodon", "Test Deathtouch Trampler")
    s.block(1, "Centaur Courser", "Test Deathtouch Trampler")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1, 1))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    assert [o.amounts for o in asked.options if o.amounts[2]] == [(1, 1, 1)]
    assert s.life(1) == 19
    assert sorted(s.graveyard(1)) == ["Centaur Courser", "Siege Mastodon"]
    assert ("Test Deathtouch Trampler", 1, 1) in combat_damage(s)


@pytest.mark.rules("702.2b", "702.7b", "510.4")
def test_a_first_striker_with_deathtouch_kills_before_the_blocker_strikes() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Deathtouch Knight")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(0, "Test Deathtouch Knight")
    s.block(1, "Craw Wurm", "Test Deathtouch Knight")
    s.run()

    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.battlefield(0) == ["Test Deathtouch Knight"]


@pytest.mark.rules("702.2b")
def test_deathtouch_damage_to_a_player_is_ordinary_damage() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Assassin")
    s.attack(0, "Test Assassin")
    s.run()

    assert s.life(1) == 19


@pytest.mark.rules("702.2f", "704.5h")
def test_multiple_instances_of_deathtouch_are_redundant() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Twice Assassin")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(0, "Test Twice Assassin")
    s.block(1, "Craw Wurm", "Test Twice Assassin")
    s.run()

    assert s.graveyard(1) == ["Craw Wurm"]
    assert ["704.5h"] in [[r for r in rules if r == "704.5h"] for rules in sba_rules(s)]


_STINGER_TEXT = "Sacrifice this creature: It deals 1 damage to target creature."
STINGER = card(
    "Test Sacrificial Stinger",
    printed=Printed("{B}", "Creature — Insect", f"Deathtouch\n{_STINGER_TEXT}", pt=(1, 1)),
    abilities=(
        Deathtouch(),
        ActivatedAbility(
            ManaCost.parse(""),
            (DealDamage(1),),
            targets=(TARGET_CREATURE,),
            costs=(SacrificeThis(),),
            text=_STINGER_TEXT,
        ),
    ),
)


class StingerCards:
    """A deathtouch creature whose ability deals damage after it has left the battlefield."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSD", "Test deathtouch cards", (STINGER,))]


@pytest.mark.rules("702.2d", "702.2e", "113.7a", "704.5h")
def test_a_deathtouch_source_that_left_the_battlefield_still_has_deathtouch() -> None:
    # The Stinger is sacrificed to pay for its ability, which then deals 1 damage from the
    # graveyard's point of view: its last known information has deathtouch (702.2e), and
    # deathtouch works whatever zone the source is in (702.2d). Craw Wurm (6/4) dies.
    s = Scenario(plugins=[StingerCards()])
    s.add(0, "battlefield", "Test Sacrificial Stinger")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Test Sacrificial Stinger", targets=["Craw Wurm"])
    s.run()
    assert s.graveyard(0) == ["Test Sacrificial Stinger"]
    assert s.graveyard(1) == ["Craw Wurm"]
    assert sorted(r for rules in sba_rules(s) for r in rules) == ["704.5h"]

"""Rules tests for assigning combat damage (CR 510.1, edition 2026-01-16) and for the
two combat damage steps (510.4) with creatures removed from combat between them (506.4).

Since the 2026-01-16 edition an attacking creature blocked by several creatures has no
damage assignment order: its controller divides its damage among them as they choose,
without first assigning lethal damage to any (510.1c); lethal damage matters only for
damage that goes past the blockers (702.19b).
"""

from __future__ import annotations

import pytest
from _combat_cards import CombatCards
from _support import decisions_made
from test_combat import combat_damage

from manaweave import DecisionKind
from manaweave.testing import Scenario


@pytest.mark.rules("510.1c", "510.1e")
def test_any_division_among_blockers_is_legal_without_lethal_damage_first() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Centaur Courser", "Canyon Minotaur")
    s.attack(0, "Craw Wurm")
    s.block(1, "Centaur Courser", "Craw Wurm")
    s.block(1, "Canyon Minotaur", "Craw Wurm")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 5))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    assert sorted(o.amounts for o in asked.options) == [(a, 6 - a) for a in range(7)]
    assert s.graveyard(1) == ["Canyon Minotaur"]
    assert s.permanent("Centaur Courser").damage == 1


@pytest.mark.rules("510.1c")
def test_the_division_is_asked_of_the_attacking_player_with_its_rule() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Centaur Courser", "Canyon Minotaur")
    s.attack(0, "Craw Wurm")
    s.block(1, "Centaur Courser", "Craw Wurm")
    s.block(1, "Canyon Minotaur", "Craw Wurm")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (3, 3))
    s.run()

    [made] = decisions_made(s, "damage_assignment")
    assert (made["player"], made["rule"], made["options"]) == (0, "510.1c", 7)


@pytest.mark.rules("510.4", "506.4", "510.1d")
def test_a_blocker_whose_attacker_died_in_the_first_step_deals_no_regular_damage() -> None:
    # Bears blocked by a first striker and a Runeclaw Bear: the Knight kills them in the
    # first combat damage step, so the Runeclaw Bear blocks nothing in the second.
    s = Scenario(plugins=[CombatCards()])
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Test Knight", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.block(1, "Test Knight", "Grizzly Bears")
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.run()

    assert combat_damage(s) == [("Test Knight", "Grizzly Bears", 2)]
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.battlefield(1) == ["Test Knight", "Runeclaw Bear"]

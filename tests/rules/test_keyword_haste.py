"""Rules tests for haste (CR 702.10): a creature with haste attacks and uses its {T}
abilities the turn it comes under its controller's control, which the summoning-sickness
rule (302.6) would otherwise forbid.

Test cards are in ``tests/_misc_keyword_cards.py``: Raging Goblin, and Test Hasty Pinger,
Test Rush ("Enchanted creature has haste") and Test Lethargy ("Enchanted creature loses
haste").
"""

from __future__ import annotations

import pytest
from _misc_keyword_cards import MiscKeywordCards
from _support import first

from manaweave import Activate, DecisionKind, Step
from manaweave.keywords.haste import Haste
from manaweave.lowlevel import PluginHost
from manaweave.testing import Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MiscKeywordCards()])


@pytest.mark.rules("702.10a", "702.10b", "302.6", "508.1a")
def test_a_creature_with_haste_attacks_the_turn_it_comes_under_control() -> None:
    s = scenario()
    s.add(0, "battlefield", "Raging Goblin", "Grizzly Bears", sick=True)
    s.attack(0, "Raging Goblin")
    s.run()
    attackers = first(s, "attackers_declared")["attackers"]
    assert attackers == [[s.permanent("Raging Goblin").id, 1]]
    assert s.life(1) == 19
    # The Bears came under control this turn too, and were not offered (302.6).
    (asked,) = s.decisions.of_kind(DecisionKind.ATTACKERS, 0)
    assert {o.name for o in asked.options} == {"Raging Goblin"}


@pytest.mark.rules("702.10c", "302.6", "602.5a")
def test_haste_lets_a_creature_use_its_tap_ability_the_turn_it_arrives() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Hasty Pinger", "Prodigal Pyromancer", sick=True)
    s.activate(0, "Test Hasty Pinger", targets=["P2"])
    s.run()
    assert s.life(1) == 19
    activated = first(s, "ability_activated")
    assert activated["source"] == s.permanent("Test Hasty Pinger").id
    # Prodigal Pyromancer, without haste, could not tap for its ability (302.6).
    offered = {
        o.name
        for asked in s.decisions.priority(0)
        for o in asked.options
        if isinstance(o, Activate)
    }
    assert "Prodigal Pyromancer" not in offered


@pytest.mark.rules("702.10b", "613.1f", "302.6")
def test_a_creature_given_haste_by_an_aura_cast_this_turn_attacks() -> None:
    s = scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "hand", "Test Rush")
    s.cast(0, "Test Rush", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")
    s.run()
    assert s.life(1) == 18


@pytest.mark.rules("702.10d", "613.1f", "302.6")
def test_multiple_instances_of_haste_are_redundant_and_all_are_lost_together() -> None:
    # Raging Goblin has haste and gets a second instance from Test Rush: it attacks once,
    # as with one. Test Lethargy then takes every instance away (613.1f).
    s = scenario()
    s.add(0, "battlefield", "Mountain", "Island")
    s.add(0, "battlefield", "Raging Goblin", sick=True)
    s.add(0, "hand", "Test Rush", "Test Lethargy")
    s.cast(0, "Test Rush", targets=["Raging Goblin"])
    s.attack(0, "Raging Goblin")
    s.run()
    goblin = s.permanent("Raging Goblin")
    assert [a for a in s.game.characteristics(goblin).abilities if isinstance(a, Haste)] == [  # type: ignore[union-attr]
        Haste(),
        Haste(),
    ]
    assert len(first(s, "attackers_declared")["attackers"]) == 1
    assert s.life(1) == 19

    s = scenario()
    s.add(0, "battlefield", "Mountain", "Island")
    s.add(0, "battlefield", "Raging Goblin", sick=True)
    s.add(0, "hand", "Test Rush", "Test Lethargy")
    s.cast(0, "Test Rush", targets=["Raging Goblin"])
    s.cast(0, "Test Lethargy", targets=["Raging Goblin"], stack_empty=True)
    s.run()
    assert first(s, "attackers_declared")["attackers"] == []
    assert s.decisions.of_kind(DecisionKind.ATTACKERS) == []
    assert s.life(1) == 20


@pytest.mark.rules("702.10b", "302.6")
def test_haste_changes_nothing_for_a_creature_controlled_since_the_turn_began() -> None:
    s = scenario()
    s.add(0, "battlefield", "Raging Goblin")
    s.attack(0, "Raging Goblin")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 19


def test_haste_is_a_built_in_keyword_plugin() -> None:
    host = PluginHost(autoload=False)
    assert "manaweave.keywords.haste" in host.versions
    assert [Haste] in [list(k) for k in host.manager.hook.mw_keywords()]

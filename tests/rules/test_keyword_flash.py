"""Rules tests for flash (CR 702.8) and casting spells as though they had flash (601.3b):
when a player may begin to cast a spell (117.1a, 307.1, 601.3).

Test cards are in ``tests/_misc_keyword_cards.py``: Briarpack Alpha, Vedalken Orrery, Test
Ambush Horn ("You may cast creature spells as though they had flash"), Test Doubly Quick
Bear (flash twice) and Test Veiled Ambusher (flash and morph).
"""

from __future__ import annotations

import pytest
from _misc_keyword_cards import MiscKeywordCards
from _support import first

from manaweave import Cast, DecisionKind, Step
from manaweave.keywords.flash import Flash
from manaweave.lowlevel import PluginHost
from manaweave.testing import AskedDecision, Scenario


def scenario() -> Scenario:
    return Scenario(plugins=[MiscKeywordCards()])


def casts(asked: list[AskedDecision]) -> list[Cast]:
    """The cast options of the last of these priority decisions."""
    return [o for o in asked[-1].options if isinstance(o, Cast)]


@pytest.mark.rules("702.8a", "117.1a", "601.3", "509.1")
def test_a_creature_with_flash_is_cast_in_combat_and_blocks() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", *["Forest"] * 4)
    s.add(1, "hand", "Briarpack Alpha", "Runeclaw Bear")
    s.attack(0, "Grizzly Bears")
    s.cast(1, "Briarpack Alpha", step=Step.DECLARE_ATTACKERS)
    s.choose(1, DecisionKind.TARGET, "Briarpack Alpha")
    s.block(1, "Briarpack Alpha", "Grizzly Bears")
    s.run()
    cast = first(s, "spell_cast", card="Briarpack Alpha")
    assert (cast["player"], cast["turn"], cast["step"]) == (1, 1, "declare_attackers")
    assert s.graveyard(0) == ["Grizzly Bears"]
    assert s.battlefield(1).count("Briarpack Alpha") == 1
    # Runeclaw Bear, without flash, could not be cast then (307.1, 117.1a).
    asked = s.decisions.priority(1, turn=1, step=Step.DECLARE_ATTACKERS)
    assert {c.name for c in casts(asked[:1])} == {"Briarpack Alpha"}


@pytest.mark.rules("702.8a", "117.1a", "307.1")
def test_without_flash_a_creature_waits_for_its_controllers_main_phase() -> None:
    s = scenario()
    s.add(1, "battlefield", *["Forest"] * 4)
    s.add(1, "hand", "Briarpack Alpha", "Runeclaw Bear")
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    for asked in s.decisions.priority(1, turn=1):
        assert {c.name for c in casts([asked])} == {"Briarpack Alpha"}
    upkeep = s.decisions.priority(1, turn=2, step=Step.UPKEEP)
    assert {c.name for c in casts(upkeep)} == {"Briarpack Alpha"}


@pytest.mark.rules("601.3b", "117.1a", "702.8a")
def test_vedalken_orrery_lets_its_controller_cast_any_spell_as_though_it_had_flash() -> None:
    s = scenario()
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Divination", "Grizzly Bears")
    s.add(1, "battlefield", "Vedalken Orrery", *["Forest"] * 2, *["Island"] * 3)
    s.add(1, "hand", "Divination", "Grizzly Bears")
    s.cast(1, "Divination", step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    cast = first(s, "spell_cast", card="Divination")
    assert (cast["player"], cast["step"]) == (1, "end")
    assert len(s.hand(1)) == 3  # Grizzly Bears and the two cards drawn
    asked = s.decisions.priority(1, turn=1, step=Step.END)
    assert {c.name for c in casts(asked[:1])} == {"Divination", "Grizzly Bears"}
    # Its controller's opponent gets nothing from it: only in their own main phase.
    combat = s.decisions.priority(0, turn=1, step=Step.END)
    assert casts(combat) == []


@pytest.mark.rules("601.3b", "117.1a")
def test_a_permission_for_creature_spells_leaves_sorceries_at_sorcery_speed() -> None:
    s = scenario()
    s.add(1, "battlefield", "Test Ambush Horn", *["Island"] * 3, "Forest")
    s.add(1, "hand", "Divination", "Grizzly Bears")
    s.cast(1, "Grizzly Bears", step=Step.BEGINNING_OF_COMBAT)
    s.run(until=(1, Step.DECLARE_ATTACKERS))
    assert first(s, "spell_cast")["step"] == "beginning_of_combat"
    asked = s.decisions.priority(1, turn=1, step=Step.BEGINNING_OF_COMBAT)
    assert {c.name for c in casts(asked[:1])} == {"Grizzly Bears"}


@pytest.mark.rules("702.8b", "601.3b")
def test_multiple_instances_and_permissions_give_one_way_to_cast_it() -> None:
    # The bear has flash twice and Vedalken Orrery allows it again: one cast option still.
    s = scenario()
    s.add(1, "battlefield", "Vedalken Orrery", "Forest", "Forest")
    s.add(1, "hand", "Test Doubly Quick Bear")
    s.cast(1, "Test Doubly Quick Bear", step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    asked = s.decisions.priority(1, turn=1, step=Step.END)
    assert [c.name for c in casts(asked[:1])] == ["Test Doubly Quick Bear"]
    assert s.battlefield(1).count("Test Doubly Quick Bear") == 1
    assert first(s, "spell_cast")["step"] == "end"


@pytest.mark.rules("702.8a", "708.4", "601.3e", "702.37c")
def test_a_card_with_flash_cast_face_down_has_no_flash() -> None:
    # The face-down spell has no abilities (708.2a), so only the face-up cast is offered
    # at instant speed; in its controller's main phase both are.
    s = scenario()
    s.add(1, "battlefield", *["Island"] * 3)
    s.add(1, "hand", "Test Veiled Ambusher")
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    end = casts(s.decisions.priority(1, turn=1, step=Step.END))
    assert [(c.name, c.face_down) for c in end] == [("Test Veiled Ambusher", False)]
    main = casts(s.decisions.priority(1, turn=2, step=Step.PRECOMBAT_MAIN)[:1])
    assert sorted((c.name, c.face_down) for c in main) == [
        ("Test Veiled Ambusher", False),
        ("Test Veiled Ambusher", True),
    ]


def test_flash_is_a_built_in_keyword_plugin() -> None:
    host = PluginHost(autoload=False)
    assert "manaweave.keywords.flash" in host.versions
    assert [Flash] in [list(k) for k in host.manager.hook.mw_keywords()]

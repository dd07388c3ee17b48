"""Rules tests for emblems (CR 114) and the loyalty abilities of Garruk, Caller of Beasts
(606, 701.20a, 701.23)."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, Zone
from manaweave.testing import Scenario


def _garruk(ability: str, loyalty: int = 4) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Garruk, Caller of Beasts", loyalty=loyalty)
    s.activate(0, "Garruk, Caller of Beasts", text=ability)
    return s


@pytest.mark.rules("114.1", "114.2", "114.4", "408.2", "603.2")
def test_garruks_emblem_lives_in_the_command_zone_and_its_ability_triggers() -> None:
    s = _garruk("[−7]", loyalty=7)
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.library(0, ["Island", "Craw Wurm", "Plains"])
    s.cast(0, "Grizzly Bears", stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.SEARCH, "Craw Wurm")
    s.run()

    (emblem,) = s.game.command
    assert emblem.zone is Zone.COMMAND
    assert emblem.card.types == ()  # neither a card nor a permanent (114.2)
    assert first(s, "emblem_created")["rule"] == "114.1"
    assert "Craw Wurm" in s.battlefield(0)
    # Garruk used all his loyalty and is gone; the emblem stays (114.1).
    assert "Garruk, Caller of Beasts" in s.graveyard(0)
    assert s.game.view(1).command[0].name == "Emblem"


@pytest.mark.rules("701.23b")
def test_a_search_for_a_creature_card_may_find_nothing() -> None:
    s = _garruk("[−7]", loyalty=7)
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.library(0, ["Island", "Craw Wurm"])
    s.cast(0, "Grizzly Bears", stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.SEARCH, "find nothing")
    s.run()
    assert "Craw Wurm" not in s.battlefield(0)
    assert first(s, "library_shuffled", player=0)


@pytest.mark.rules("606.4", "701.20a")
def test_garruks_plus_one_reveals_five_and_keeps_the_creatures() -> None:
    s = _garruk("[+1]")
    s.library(0, ["Swamp", "Island", "Grizzly Bears", "Plains", "Craw Wurm", "Forest"])
    s.choose(0, DecisionKind.BOTTOM, "Plains", "Island", "Forest")
    s.run()
    assert sorted(s.hand(0)) == ["Craw Wurm", "Grizzly Bears"]
    assert first(s, "cards_revealed")["cards"] == [
        "Forest",
        "Craw Wurm",
        "Plains",
        "Grizzly Bears",
        "Island",
    ]
    library = [c.name for c in s.game.players[0].library]
    assert library == ["Forest", "Island", "Plains", "Swamp"]  # bottom first
    assert s.permanent("Garruk, Caller of Beasts").counters == {"loyalty": 5}


@pytest.mark.rules("606.4", "606.6")
def test_garruks_minus_three_puts_a_green_creature_from_hand_onto_the_battlefield() -> None:
    s = _garruk("[−3]")
    s.add(0, "hand", "Craw Wurm", "Goblin Piker")
    s.choose(0, DecisionKind.CARD, "Craw Wurm")
    s.run()
    assert "Craw Wurm" in s.battlefield(0)
    (asked,) = s.decisions.of_kind(DecisionKind.CARD)
    assert [str(o) for o in asked.options] == ["no", "Craw Wurm"]  # not the red Piker

"""Rules tests for emblems (CR 114) and the loyalty abilities of Garruk, Caller of Beasts
(606, 701.20a, 701.23)."""

from __future__ import annotations

import pytest
from _support import first

import manaweave
from manaweave import DecisionKind, Step, Zone
from manaweave.cards import (
    CardSet,
    CreateEmblem,
    GraveyardExileInstead,
    LoyaltyAbility,
    Printed,
    SpellsCost,
    card,
)
from manaweave.testing import Scenario


def _garruk(ability: str, loyalty: int = 4) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Garruk, Caller of Beasts", loyalty=loyalty)
    s.activate(0, "Garruk, Caller of Beasts", text=ability)
    return s


@pytest.mark.cards("Garruk, Caller of Beasts")
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


@pytest.mark.cards("Garruk, Caller of Beasts")
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


@pytest.mark.rules("114.4", "613.1f", "605.1a", "611.3a")
def test_an_emblems_static_ability_gives_swamps_a_mana_ability() -> None:
    # Liliana of the Dark Realms's emblem: Swamps you control have "{T}: Add {B}{B}{B}{B}."
    # A Swamp that arrives later has it too (611.3a).
    s = Scenario()
    s.add(0, "battlefield", "Liliana of the Dark Realms", "Swamp", loyalty=6)
    s.add(0, "hand", "Swamp")
    s.activate(0, "Liliana of the Dark Realms", text="[−6]")
    s.play_land(0, "Swamp")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    last = s.decisions.priority(0)[-1]
    four = [text for name, text in last.activations if text == "Add {B}{B}{B}{B}"]
    assert len(four) == 2
    assert s.game.command[0].card.types == ()


@pytest.mark.cards("Liliana of the Dark Realms")
@pytest.mark.rules("606.4", "701.23a", "701.20a")
def test_lilianas_plus_one_finds_a_swamp() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Liliana of the Dark Realms")
    s.library(0, ["Island", "Swamp", "Forest"])
    s.activate(0, "Liliana of the Dark Realms", text="[+1]")
    s.choose(0, DecisionKind.SEARCH, "Swamp")
    s.run()
    assert s.hand(0) == ["Swamp"]
    assert first(s, "cards_revealed")["cards"] == ["Swamp"]


@pytest.mark.cards("Liliana of the Dark Realms")
@pytest.mark.rules("606.4", "608.2d")
def test_lilianas_minus_three_is_plus_or_minus_x() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Liliana of the Dark Realms", "Swamp", "Swamp")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Liliana of the Dark Realms", text="[−3]", targets=["Craw Wurm"])
    s.choose(0, DecisionKind.CHOICE, "-2/-2")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (s.power("Craw Wurm"), s.toughness("Craw Wurm")) == (4, 2)


# --- emblems with replacement and cost-changing abilities (114.4) ------------------------------

_EXILE_EMBLEM_TEXT = (
    "If a card or token would be put into a graveyard from anywhere, exile it instead."
)
_COST_EMBLEM_TEXT = "Creature spells you cast cost {1} less to cast."

TEST_WALKER = card(
    "Test Emblem Walker",
    printed=Printed(
        "{2}{B}",
        "Planeswalker — Test",
        f'[−1]: You get an emblem with "{_EXILE_EMBLEM_TEXT}"\n'
        f'[−2]: You get an emblem with "{_COST_EMBLEM_TEXT}"',
        loyalty=3,
    ),
    abilities=(
        LoyaltyAbility(
            effects=(
                CreateEmblem((GraveyardExileInstead(text=_EXILE_EMBLEM_TEXT),), _EXILE_EMBLEM_TEXT),
            ),
            loyalty=-1,
            text=f'[−1]: You get an emblem with "{_EXILE_EMBLEM_TEXT}"',
        ),
        LoyaltyAbility(
            effects=(
                CreateEmblem(
                    (SpellsCost(-1, types=("Creature",), text=_COST_EMBLEM_TEXT),),
                    _COST_EMBLEM_TEXT,
                ),
            ),
            loyalty=-2,
            text=f'[−2]: You get an emblem with "{_COST_EMBLEM_TEXT}"',
        ),
    ),
)


class EmblemCards:
    """The test planeswalker whose emblems have replacement and cost-changing abilities."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSE", "Test emblem cards", (TEST_WALKER,))]


@pytest.mark.rules("114.4", "614.1a", "614.6", "701.8a")
def test_an_emblems_replacement_effect_works_from_the_command_zone() -> None:
    # Once the emblem exists, a spell that resolves and a creature it destroys are exiled
    # instead of going to their owners' graveyards.
    s = Scenario(plugins=[EmblemCards()])
    s.add(0, "battlefield", "Test Emblem Walker", "Mountain", loyalty=2)
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "hand", "Lightning Bolt")
    s.activate(0, "Test Emblem Walker", text="[−1]")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    assert [o.name for o in s.game.command] == ["Emblem"]
    assert sorted(c.name for c in s.game.exile) == ["Grizzly Bears", "Lightning Bolt"]
    assert s.graveyard(0) == []
    assert s.graveyard(1) == []
    replaced = s.events("event_replaced")
    assert [(e["rule"], e["source"]) for e in replaced] == [("614.1a", s.game.command[0].id)] * 2


@pytest.mark.rules("114.4", "601.2f", "601.2h")
def test_an_emblems_cost_reduction_applies_to_its_owners_spells_only() -> None:
    s = Scenario(plugins=[EmblemCards()])
    s.add(0, "battlefield", "Test Emblem Walker", "Forest", loyalty=3)
    s.add(0, "hand", "Grizzly Bears")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Grizzly Bears")
    s.activate(0, "Test Emblem Walker", text="[−2]")
    s.cast(0, "Grizzly Bears", stack_empty=True)
    s.cast(1, "Grizzly Bears", turn=2, step=Step.PRECOMBAT_MAIN)
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    assert [e["cost"] for e in s.events("mana_spent")] == ["{G}", "{1}{G}"]
    assert "Grizzly Bears" in s.battlefield(0)
    assert "Grizzly Bears" in s.battlefield(1)

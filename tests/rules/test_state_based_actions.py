"""Rules tests for state-based actions (CR 704), with the losses they cause (CR 104.3).

Each test sets up a game with :class:`manaweave.testing.Scenario`, runs it and checks the
``state_based_actions_performed`` events, zones and the outcome against the Comprehensive Rules
(edition 2026-01-16).

Two small scenario plugins express what the card pool cannot: poison counters set as the
game is set up (no card gives them yet), and a test card set with two real cards, Disfigure
(a -2/-2 effect, for 704.5f) and Isamaru, Hound of Konda (a legendary creature, for the
legend rule, 704.5j), built with the engine's own card language; the test-only card that
gives poison counters (122.1f) is in ``tests/_cards.py``.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import decisions_made, first, sba_rules

from manaweave import DecisionKind, Step, hookimpl
from manaweave.cards import (
    TARGET_CREATURE,
    CardSet,
    Printed,
    PumpTarget,
    SpellAbility,
    card,
)
from manaweave.lowlevel import Game
from manaweave.testing import Scenario

DISFIGURE = card(
    "Disfigure",
    printed=Printed("{B}", "Instant", "Target creature gets -2/-2 until end of turn."),
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(-2, -2),)),
)
ISAMARU = card(
    "Isamaru, Hound of Konda", printed=Printed("{W}", "Legendary Creature — Dog", pt=(2, 2))
)


class RulesTestCards:
    """A scenario plugin: a card set with the extra cards these tests need."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TST", "Rules test cards", (DISFIGURE, ISAMARU))]


class PoisonCounters:
    """A scenario plugin: ``player`` has ``counters`` poison counters as the game begins."""

    def __init__(self, player: int, counters: int) -> None:
        self.player = player
        self.counters = counters

    @hookimpl
    def mw_game_setup(self, game: Game) -> None:
        game.players[self.player].poison = self.counters


# --- players: 704.5a-c -----------------------------------------------------------------------


@pytest.mark.rules("704.5a", "104.3b", "104.2a")
@pytest.mark.parametrize("life", [3, 2])
def test_a_player_with_0_or_less_life_loses(life: int) -> None:
    s = Scenario()
    s.life(1, life)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()

    assert s.life(1) == life - 3
    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert s.outcome.losers == ((1, "life total 0 or less"),)
    sba = first(s, "state_based_actions_performed")
    assert sba["losses"] == [[1, "704.5a"]]
    assert first(s, "player_lost", player=1)["rule"] == "704.5a"


@pytest.mark.rules("704.5a", "704.3")
def test_a_player_with_1_life_does_not_lose() -> None:
    s = Scenario()
    s.life(1, 4)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()

    assert s.life(1) == 1
    assert s.outcome is None
    assert s.events("player_lost") == []


@pytest.mark.rules("704.5a", "704.3", "117.5")
def test_the_loss_happens_before_anyone_receives_priority_again() -> None:
    s = Scenario()
    s.life(1, 3)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()

    damage = first(s, "damage_dealt", to_player=1)
    lost = first(s, "player_lost", player=1)
    between = [e["event"] for e in s.events() if damage["seq"] < e["seq"] < lost["seq"]]
    assert "decision_made" not in between
    assert s.events("decision_made")[-1]["seq"] < damage["seq"]


@pytest.mark.rules("704.5b", "121.4")
def test_drawing_from_an_empty_library_loses_at_the_next_check() -> None:
    # P2's last card is drawn in turn 2; in turn 4 P2 must draw from an empty library.
    s = Scenario()
    s.library(1, ["Island"])
    s.run(until=(4, Step.END))

    failed = first(s, "draw_failed", player=1)
    assert (failed["turn"], failed["step"]) == (4, "draw")
    lost = first(s, "player_lost", player=1)
    assert lost["rule"] == "704.5b"
    assert (lost["turn"], lost["step"]) == (4, "draw")
    assert failed["seq"] < lost["seq"]
    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert s.outcome.losers == ((1, "drew from an empty library"),)


@pytest.mark.rules("704.5b", "121.4")
def test_an_empty_library_alone_does_not_lose_the_game() -> None:
    s = Scenario()
    s.library(1, ["Island"])
    s.run(until=(3, Step.END))

    assert s.library_size(1) == 0
    assert s.outcome is None
    assert s.events("player_lost") == []


@pytest.mark.rules("104.3c", "704.5b", "121.4")
def test_drawing_more_cards_than_the_library_has_draws_the_rest_then_loses() -> None:
    s = Scenario()
    s.library(0, ["Forest"])
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.cast(0, "Divination")
    s.run()

    assert s.hand(0) == ["Forest"]
    assert s.library_size(0) == 0
    assert s.outcome is not None
    assert s.outcome.winners == (1,)
    assert first(s, "player_lost", player=0)["rule"] == "704.5b"


@pytest.mark.rules("704.5c", "104.3d")
def test_a_player_with_ten_poison_counters_loses() -> None:
    s = Scenario(plugins=[PoisonCounters(1, 10)])
    s.run()

    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert s.outcome.losers == ((1, "ten or more poison counters"),)
    assert first(s, "player_lost", player=1)["rule"] == "704.5c"


@pytest.mark.rules("704.5c", "104.3d")
def test_a_player_with_nine_poison_counters_does_not_lose() -> None:
    s = Scenario(plugins=[PoisonCounters(1, 9)])
    s.run()

    assert s.outcome is None
    assert s.events("player_lost") == []


@pytest.mark.rules("122.1f", "704.5c", "104.3d")
@pytest.mark.parametrize(("before", "loses"), [(8, True), (7, False)])
def test_a_player_given_poison_counters_up_to_ten_loses(before: int, loses: bool) -> None:
    s = Scenario(plugins=[TestCards(), PoisonCounters(1, before)])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Toxic Dart")
    s.cast(0, "Test Toxic Dart", targets=["P2"])
    s.run()

    given = first(s, "player_counters_added")
    assert (given["player"], given["kind"], given["count"], given["total"]) == (
        1,
        "poison",
        2,
        before + 2,
    )
    assert given["rule"] == "122.1f"
    if loses:
        assert s.outcome is not None
        assert s.outcome.losers == ((1, "ten or more poison counters"),)
    else:
        assert s.outcome is None


# --- simultaneity: 704.3 ---------------------------------------------------------------------


@pytest.mark.rules("704.3", "704.5a", "104.4a")
def test_players_at_0_life_lose_simultaneously_and_the_game_is_a_draw() -> None:
    s = Scenario()
    s.life(0, 0)
    s.life(1, -2)
    s.run()

    assert s.outcome is not None
    assert s.outcome.is_draw
    assert s.outcome.winners == ()
    [sba] = s.events("state_based_actions_performed")
    assert sorted(sba["losses"]) == [[0, "704.5a"], [1, "704.5a"]]
    ended = first(s, "game_ended")
    assert ended["winners"] == []
    assert ended["rule"] == "104.4"


@pytest.mark.rules("704.3", "704.5a", "704.5c", "104.4a")
def test_different_state_based_losses_are_also_simultaneous() -> None:
    s = Scenario(plugins=[PoisonCounters(0, 10)])
    s.life(1, 0)
    s.run()

    assert s.outcome is not None
    assert s.outcome.is_draw
    [sba] = s.events("state_based_actions_performed")
    assert sorted(sba["losses"]) == [[0, "704.5c"], [1, "704.5a"]]


# --- creatures: 704.5f-g ---------------------------------------------------------------------


@pytest.mark.cards("Shock")
@pytest.mark.rules("704.5g", "120.3e")
def test_lethal_damage_destroys_a_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Shock", targets=["Grizzly Bears"])
    s.run()

    assert s.graveyard(1) == ["Grizzly Bears"]
    assert sba_rules(s) == [["704.5g"]]


@pytest.mark.rules("704.5g", "120.3e")
def test_damage_less_than_toughness_stays_marked() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Centaur Courser")
    s.cast(0, "Shock", targets=["Centaur Courser"])
    s.run()

    assert s.permanent("Centaur Courser").damage == 2
    assert s.events("state_based_actions_performed") == []


@pytest.mark.rules("704.5g", "120.3e")
def test_damage_from_several_sources_adds_up_to_lethal() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Shock", "Shock")
    s.add(1, "battlefield", "Centaur Courser")
    s.cast(0, "Shock", targets=["Centaur Courser"])
    s.cast(0, "Shock", targets=["Centaur Courser"], step=Step.POSTCOMBAT_MAIN)
    s.run()

    assert s.graveyard(1) == ["Centaur Courser"]
    assert sba_rules(s) == [["704.5g"]]
    assert first(s, "state_based_actions_performed")["step"] == "postcombat_main"


@pytest.mark.rules("514.2", "704.5g")
def test_marked_damage_is_removed_in_the_cleanup_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Centaur Courser")
    s.cast(0, "Shock", targets=["Centaur Courser"])
    s.run(until=(2, Step.UPKEEP))

    assert s.permanent("Centaur Courser").damage == 0


@pytest.mark.rules("514.2", "704.5g", "611.2a")
def test_damage_and_until_end_of_turn_effects_end_together() -> None:
    # Giant Growth keeps a Bolted Grizzly Bears alive; in the cleanup step its damage is
    # removed at the same time as the +3/+3 ends, so it survives into the next turn.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.POSTCOMBAT_MAIN)
    s.run(until=(2, Step.UPKEEP))

    bears = s.permanent("Grizzly Bears")
    assert bears.damage == 0
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    assert s.events("state_based_actions_performed") == []


@pytest.mark.rules("704.5f", "613.4c")
def test_a_creature_with_0_toughness_is_put_into_the_graveyard() -> None:
    s = Scenario(plugins=[RulesTestCards()])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Disfigure")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Disfigure", targets=["Grizzly Bears"])
    s.run()

    assert s.graveyard(1) == ["Grizzly Bears"]
    assert sba_rules(s) == [["704.5f"]]
    assert first(s, "object_moved", card="Grizzly Bears")["rule"] == "704.5f"


@pytest.mark.rules("704.5g", "613.4c")
def test_lowered_toughness_makes_marked_damage_lethal() -> None:
    # Centaur Courser (3/3) with 2 damage becomes 1/1: the damage is now lethal (704.5g).
    s = Scenario(plugins=[RulesTestCards()])
    s.add(0, "battlefield", "Swamp", "Mountain")
    s.add(0, "hand", "Disfigure", "Shock")
    s.add(1, "battlefield", "Centaur Courser")
    s.cast(0, "Shock", targets=["Centaur Courser"])
    s.cast(0, "Disfigure", targets=["Centaur Courser"], step=Step.POSTCOMBAT_MAIN)
    s.run()

    assert s.graveyard(1) == ["Centaur Courser"]
    assert sba_rules(s) == [["704.5g"]]


# --- permanents: 704.5j, 704.5m --------------------------------------------------------------


@pytest.mark.rules("704.5m", "303.4c")
def test_an_aura_attached_to_nothing_is_put_into_the_graveyard() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Oakenform", "Grizzly Bears")
    s.run()

    assert s.graveyard(0) == ["Oakenform"]
    assert s.battlefield(0) == ["Grizzly Bears"]
    assert sba_rules(s) == [["704.5m"]]


@pytest.mark.rules("704.5j")
def test_the_legend_rule() -> None:
    s = Scenario(plugins=[RulesTestCards()])
    s.add(0, "battlefield", "Plains", "Isamaru, Hound of Konda")
    s.add(0, "hand", "Isamaru, Hound of Konda")
    s.cast(0, "Isamaru, Hound of Konda")
    s.choose(0, DecisionKind.LEGEND_RULE, "Isamaru, Hound of Konda#1")
    s.run()

    assert s.battlefield(0).count("Isamaru, Hound of Konda") == 1
    assert s.graveyard(0) == ["Isamaru, Hound of Konda"]
    [decision] = decisions_made(s, "legend_rule")
    assert decision["player"] == 0
    assert decision["options"] == 2
    assert sba_rules(s) == [["704.5j"]]


@pytest.mark.rules("704.5j")
def test_the_legend_rule_does_not_apply_to_legends_of_different_controllers() -> None:
    s = Scenario(plugins=[RulesTestCards()])
    s.add(0, "battlefield", "Isamaru, Hound of Konda")
    s.add(1, "battlefield", "Isamaru, Hound of Konda")
    s.run()

    assert s.battlefield(0) == ["Isamaru, Hound of Konda"]
    assert s.battlefield(1) == ["Isamaru, Hound of Konda"]
    assert s.events("state_based_actions_performed") == []

"""Warp World (Magic 2010): each player shuffles the permanents they own into their
library, reveals that many cards, and puts the artifacts, creatures and lands revealed
onto the battlefield, then the enchantments, and the rest on the bottom (CR 400.3,
701.20a, 701.24a, 303.4f-g, 401.4, 603.3b, 614.12, 111.7)."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind, hookimpl
from manaweave.cards import CardSet, MayPutFromHandOntoBattlefield, Printed, SpellAbility, card
from manaweave.testing import Scenario

MOUNTAINS = ("Mountain",) * 8


class WarpWorldTestCards:
    """A test-only sorcery that puts an enchantment card from its caster's hand onto the
    battlefield: another way for an Aura to enter without being cast."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [
            CardSet(
                "WARP-TEST",
                "Warp World tests",
                (
                    card(
                        "Test Unfurling",
                        printed=Printed(
                            "{1}",
                            "Sorcery",
                            "You may put an enchantment card from your hand onto the battlefield.",
                        ),
                        spell=SpellAbility(
                            effects=(MayPutFromHandOntoBattlefield(card_type="Enchantment"),)
                        ),
                    ),
                ),
            )
        ]


def revealed(s: Scenario, player: int) -> list[str]:
    """The cards ``player`` revealed to Warp World."""
    lines = [e for e in s.events("cards_revealed") if e["player"] == player]
    assert len(lines) == 1
    cards: list[str] = lines[0]["cards"]
    return cards


@pytest.mark.cards("Warp World")
@pytest.mark.rules("400.3", "108.3", "110.2", "701.24a", "701.20a")
def test_permanents_go_to_their_owners_libraries_and_come_back_under_their_control() -> None:
    s = Scenario()
    s.add(0, "battlefield", *MOUNTAINS, "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Act of Treason", "Warp World")
    s.add(1, "battlefield", "Grizzly Bears", "Forest")
    s.library(0, ["Craw Wurm"] * 5)
    s.library(1, [])
    s.cast(0, "Act of Treason", targets=["Grizzly Bears"])
    s.cast(0, "Warp World", stack_empty=True)
    s.run()
    # Player 1 owns the Bears that player 0 controls: they count for player 1 and go to
    # player 1's library, whose two cards are both revealed and come back under player 1.
    assert sorted(revealed(s, 1)) == ["Forest", "Grizzly Bears"]
    assert sorted(s.battlefield(1)) == ["Forest", "Grizzly Bears"]
    assert s.permanent("Grizzly Bears").controller == 1
    # Player 0 owned eleven Mountains: eleven of the sixteen cards are revealed, all of
    # them lands or creatures, and all enter, untapped.
    assert len(revealed(s, 0)) == 11
    assert sorted(s.battlefield(0)) == sorted(revealed(s, 0))
    assert set(s.battlefield(0)) <= {"Mountain", "Craw Wurm"}
    assert s.library_size(0) == 5
    assert s.library_size(1) == 0
    assert not any(p.tapped for p in s.game.battlefield)  # type: ignore[union-attr]
    bears_left = first(s, "object_moved", card="Grizzly Bears", to_zone="library")
    assert (bears_left["rule"], bears_left["player"]) == ("400.3", 1)
    assert [e["player"] for e in s.events("library_shuffled")] == [0, 1]
    entered = [e for e in s.events("permanent_entered") if e["rule"] == "110.2"]
    assert len(entered) == 13
    assert first(s, "permanent_entered", card="Grizzly Bears")["player"] == 1
    assert s.graveyard(0) == ["Act of Treason", "Warp World"]


@pytest.mark.cards("Warp World")
@pytest.mark.rules("111.7", "111.8", "704.5d", "108.2", "701.20a", "303.4g", "401.4")
def test_a_token_counts_but_is_never_revealed_and_what_stays_goes_to_the_bottom() -> None:
    s = Scenario()
    s.add(0, "battlefield", *MOUNTAINS, "Plains", "Plains", "Garruk Wildspeaker")
    s.add(0, "hand", "Pacifism", "Warp World")
    s.library(0, [])
    s.library(1, [])
    s.activate(0, "Garruk Wildspeaker", text="[−1]")
    s.cast(0, "Pacifism", targets=["Beast Token"], stack_empty=True)
    # Pacifism, with no creature to enchant, and Garruk stay revealed; their owner
    # orders them on the bottom (401.4).
    s.choose(0, DecisionKind.BOTTOM, "Garruk Wildspeaker", "Pacifism")
    s.cast(0, "Warp World", stack_empty=True)
    s.run()
    # Thirteen permanents, the Beast among them, but only twelve cards in the library.
    assert sorted(revealed(s, 0)) == sorted(
        [*MOUNTAINS, "Plains", "Plains", "Garruk Wildspeaker", "Pacifism"]
    )
    assert sorted(s.battlefield(0)) == sorted([*MOUNTAINS, "Plains", "Plains"])
    assert s.permanents("Beast Token") == []
    beast = first(s, "object_moved", card="Beast Token", to_zone="library")
    ceased = first(s, "object_ceased", object=beast["new_object"])
    assert ceased["rule"] == "704.5d"
    stayed = first(s, "aura_stayed", card="Pacifism")
    assert (stayed["rule"], stayed["zone"]) == ("303.4g", "library")
    assert [e["rule"] for e in s.events("aura_attached")] == ["303.4b"]  # the cast one
    library = s.game.players[0].library  # type: ignore[union-attr]
    assert [c.name for c in library] == ["Pacifism", "Garruk Wildspeaker"]  # bottom first
    bottom = first(s, "decision_made", kind="bottom")
    assert (bottom["rule"], bottom["visibility"]) == ("401.4", [0])
    moved = [e for e in s.events("object_moved") if e["rule"] == "401.4"]
    assert [e["card"] for e in moved] == ["Garruk Wildspeaker", "Pacifism"]
    assert all(e["visibility"] == [0] for e in moved)
    assert s.events("cards_revealed")[1]["cards"] == []  # player 1 owned nothing


@pytest.mark.cards("Warp World")
@pytest.mark.rules("303.4f", "603.6a", "603.3b", "101.4")
def test_an_aura_enchants_a_permanent_that_entered_before_it_and_triggers_wait() -> None:
    s = Scenario()
    s.add(0, "battlefield", *MOUNTAINS, "Plains", "Plains", "Soul Warden")
    s.add(0, "hand", "Pacifism", "Warp World")
    s.add(1, "battlefield", "Soul Warden", "Grizzly Bears")
    s.library(0, [])
    s.library(1, [])
    s.cast(0, "Pacifism", targets=["Grizzly Bears"])
    # Not cast this time: its owner chooses what it enchants as it enters (303.4f).
    s.choose(0, DecisionKind.CHOICE, "Grizzly Bears")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Soul Warden", "Soul Warden")
    s.choose(1, DecisionKind.TRIGGER_ORDER, "Soul Warden", "Soul Warden")
    s.cast(0, "Warp World", stack_empty=True)
    s.run()
    bears = s.permanent("Grizzly Bears")
    assert bears.controller == 1
    assert s.permanent("Pacifism").controller == 0
    assert s.permanent("Pacifism").attached_to == bears.id
    attached = s.events("aura_attached")[-1]
    assert (attached["rule"], attached["attached_to"]) == ("303.4f", bears.id)
    # Offered: the three creatures that entered in the first batch, nothing else.
    asked = s.decisions.of_kind(DecisionKind.CHOICE, 0)
    assert sorted(str(o).split(" #")[0] for o in asked[-1].options) == [
        "Grizzly Bears",
        "Soul Warden",
        "Soul Warden",
    ]
    # Each Soul Warden saw the two other creatures entering with it (603.6a); the
    # triggers waited for Warp World to finish and went on the stack in APNAP order,
    # so player 1's resolved first (603.3b).
    stacked = s.events("ability_stacked")
    assert [e["player"] for e in stacked] == [0, 0, 1, 1]
    assert stacked[0]["seq"] > first(s, "aura_attached", rule="303.4f")["seq"]
    gained = [e["player"] for e in s.events("life_changed")]
    assert gained == [1, 1, 0, 0]
    assert (s.life(0), s.life(1)) == (22, 22)


@pytest.mark.cards("Warp World")
@pytest.mark.rules("614.12", "614.1d", "603.6a")
def test_a_land_entering_with_others_does_not_see_them_as_it_enters() -> None:
    s = Scenario()
    s.add(0, "battlefield", *MOUNTAINS, "Dragonskull Summit")
    s.add(0, "hand", "Warp World")
    s.library(0, [])
    s.library(1, [])
    s.cast(0, "Warp World")
    s.run()
    order = revealed(s, 0)
    assert order[0] != "Dragonskull Summit"  # some Mountain entered before it did
    # "Enters tapped unless you control a Swamp or a Mountain": the Mountains entering
    # with it are not on the battlefield yet as it enters (614.12).
    assert s.permanent("Dragonskull Summit").tapped
    assert not any(p.tapped for p in s.permanents("Mountain"))
    replaced = first(s, "event_replaced", rule="614.1d")
    assert replaced["seq"] > first(s, "cards_revealed")["seq"]


@pytest.mark.cards("Warp World")
@pytest.mark.rules("707.5", "614.12", "704.5f")
def test_clone_cant_copy_a_creature_entering_with_it() -> None:
    s = Scenario(seed=1)
    s.add(0, "battlefield", *MOUNTAINS, "Island", "Island", "Island", "Island")
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "hand", "Clone", "Warp World")
    s.library(0, [])
    s.library(1, [])
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Grizzly Bears")
    s.cast(0, "Warp World", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "no copy")
    s.run()
    order = revealed(s, 0)
    assert order.index("Grizzly Bears") < order.index("Clone")  # the Bears entered first
    asked = s.decisions.of_kind(DecisionKind.ENTER_AS_COPY, 0)
    assert [str(o) for o in asked[-1].options] == ["no copy"]
    assert "Grizzly Bears" in s.battlefield(0)
    assert s.graveyard(0) == ["Warp World", "Clone"]
    assert first(s, "object_moved", card="Clone", to_zone="graveyard")["rule"] == "704.5f"


@pytest.mark.rules("303.4f")
def test_an_aura_put_onto_the_battlefield_by_any_effect_chooses_what_it_enchants() -> None:
    s = Scenario(plugins=[WarpWorldTestCards()])
    s.add(0, "battlefield", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Test Unfurling", "Pacifism")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Test Unfurling")
    s.choose(0, DecisionKind.CARD, "Pacifism")
    s.choose(0, DecisionKind.CHOICE, "Craw Wurm")
    s.run()
    wurm = s.permanent("Craw Wurm")
    assert s.permanent("Pacifism").attached_to == wurm.id
    asked = s.decisions.of_kind(DecisionKind.CHOICE, 0)[-1]
    assert sorted(str(o).split(" #")[0] for o in asked.options) == ["Craw Wurm", "Grizzly Bears"]
    assert first(s, "aura_attached")["attached_to"] == wurm.id
    assert first(s, "decision_made", kind="choice")["rule"] == "303.4f"


@pytest.mark.rules("303.4g", "704.5m")
def test_an_aura_with_nothing_to_enchant_stays_where_it_is() -> None:
    s = Scenario(plugins=[WarpWorldTestCards()])
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Test Unfurling", "Pacifism")
    s.cast(0, "Test Unfurling")
    s.choose(0, DecisionKind.CARD, "Pacifism")
    s.run()
    # Not onto the battlefield and then into the graveyard (704.5m): it never moves.
    assert s.hand(0) == ["Pacifism"]
    assert s.graveyard(0) == ["Test Unfurling"]
    stayed = first(s, "aura_stayed")
    assert (stayed["rule"], stayed["zone"], stayed["player"]) == ("303.4g", "hand", 0)
    assert [e for e in s.events("object_moved") if e["card"] == "Pacifism"] == []


@pytest.mark.cards("Warp World")
@pytest.mark.rules("400.3", "108.3", "303.4f", "110.2", "613.1b")
def test_mind_control_goes_home_and_can_take_the_creature_again() -> None:
    s = Scenario()
    s.add(0, "battlefield", *MOUNTAINS, *(("Island",) * 5))
    s.add(0, "hand", "Mind Control", "Warp World")
    s.add(1, "battlefield", "Craw Wurm")
    s.library(0, [])
    s.library(1, [])
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.choose(0, DecisionKind.CHOICE, "Craw Wurm")
    s.cast(0, "Warp World", stack_empty=True)
    s.run()
    # Player 0 controlled the Wurm but player 1 owns it: it counted for player 1 and went
    # to player 1's library; Mind Control went to player 0's.
    assert revealed(s, 1) == ["Craw Wurm"]
    assert sorted(revealed(s, 0)) == sorted([*MOUNTAINS, *(("Island",) * 5), "Mind Control"])
    wurm_left = first(s, "object_moved", card="Craw Wurm", to_zone="library")
    assert (wurm_left["player"], wurm_left["rule"]) == (1, "400.3")
    entered = first(s, "permanent_entered", card="Craw Wurm")
    assert (entered["player"], entered["rule"]) == (1, "110.2")
    # The Wurm came back under its owner's control; Mind Control, entering after it,
    # enchants it and takes it again.
    wurm = s.permanent("Craw Wurm")
    assert s.permanent("Mind Control").attached_to == wurm.id
    assert wurm.owner == 1
    assert wurm.controller == 0
    assert s.battlefield(1) == []

"""Warp World (Magic 2010): each player shuffles the permanents they own into their
library, reveals that many cards, and puts the artifacts, creatures and lands revealed
onto the battlefield, then the enchantments, and the rest on the bottom (CR 400.3,
701.20a, 701.24a, 303.4f-g, 401.4, 603.3b, 614.12, 111.7)."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind
from manaweave.testing import Scenario

MOUNTAINS = ("Mountain",) * 8


def revealed(s: Scenario, player: int) -> list[str]:
    """The cards ``player`` revealed to Warp World."""
    lines = [e for e in s.events("cards_revealed") if e["player"] == player]
    assert len(lines) == 1
    cards: list[str] = lines[0]["cards"]
    return cards


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

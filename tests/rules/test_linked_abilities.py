"""Rules tests for linked abilities and "another target" of a permanent (CR 607, 115.1,
400.7, 603.6c, 610.3c).

Oblivion Ring (Magic 2013): "When Oblivion Ring enters the battlefield, exile another
target nonland permanent. When Oblivion Ring leaves the battlefield, return the exiled
card to the battlefield under its owner's control." Each test sets up a game with
:class:`manaweave.testing.Scenario` and checks the result against the Comprehensive
Rules (edition 2026-01-16).
"""

from __future__ import annotations

import pytest
from _support import first

from manaweave import DecisionKind
from manaweave.lowlevel import AbilityOnStack, Game
from manaweave.testing import Scenario

RING_COST = ("Plains", "Plains", "Plains")


def _ability_on_stack(game: Game) -> bool:
    return any(isinstance(item, AbilityOnStack) for item in game.stack)


def _ring(*theirs: str) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", *RING_COST)
    s.add(0, "hand", "Oblivion Ring")
    s.add(1, "battlefield", *theirs)
    s.cast(0, "Oblivion Ring")
    return s


@pytest.mark.rules("607.2a", "701.13a", "603.6a")
def test_oblivion_ring_exiles_another_nonland_permanent() -> None:
    s = _ring("Grizzly Bears", "Forest")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.run()

    assert s.game is not None
    assert [o.name for o in s.game.exile] == ["Grizzly Bears"]
    (asked,) = s.decisions.of_kind(DecisionKind.TARGET)
    names = sorted(o.name.split(" #")[0] for o in asked.options)
    assert names == ["Grizzly Bears"]  # not itself ("another"), not the Forest (nonland)


@pytest.mark.cards("Oblivion Ring")
@pytest.mark.rules("607.2a", "603.6c", "610.3c", "400.7")
def test_the_exiled_card_returns_when_oblivion_ring_leaves() -> None:
    # Player 2's Naturalize destroys the Ring; the Bears return under their owner's
    # control as a new object.
    s = _ring("Grizzly Bears", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.cast(1, "Naturalize", targets=["Oblivion Ring"], when=lambda g: not g.stack)
    s.run()

    bears = s.permanent("Grizzly Bears")
    assert bears.controller == 1
    assert s.graveyard(0) == ["Oblivion Ring"]
    exiled = first(s, "object_moved", to_zone="exile")
    returned = first(s, "permanent_entered", from_zone="exile")
    assert returned["object"] == exiled["new_object"]
    assert returned["new_object"] == bears.id != exiled["object"]  # a new object (400.7)
    assert returned["rule"] == "610.3c"


@pytest.mark.cards("Oblivion Ring")
@pytest.mark.rules("607.2a", "603.3", "608.2")
def test_oblivion_ring_leaving_before_its_exile_resolves_exiles_the_card_for_good() -> None:
    # In response to the enters trigger, Naturalize destroys the Ring. Its leaves
    # trigger resolves first and returns nothing; then the enters trigger exiles the
    # Bears, and nothing will ever return them.
    s = _ring("Grizzly Bears", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.cast(1, "Naturalize", targets=["Oblivion Ring"], when=_ability_on_stack)
    s.run()

    assert s.game is not None
    assert [o.name for o in s.game.exile] == ["Grizzly Bears"]
    assert not s.permanents("Grizzly Bears")
    stacked = [e["text"][:35] for e in s.events("ability_stacked")]
    assert stacked == [
        "When Oblivion Ring enters the battl",
        "When Oblivion Ring leaves the battl",
    ]


@pytest.mark.cards("Oblivion Ring")
@pytest.mark.rules("607.2a")
def test_each_oblivion_ring_returns_only_the_card_it_exiled() -> None:
    s = Scenario()
    s.add(0, "battlefield", *RING_COST, *RING_COST, "Forest", "Forest")
    s.add(0, "hand", "Oblivion Ring", "Oblivion Ring", "Naturalize")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Oblivion Ring")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.cast(0, "Oblivion Ring", when=lambda g: not g.stack)
    s.choose(0, DecisionKind.TARGET, "Craw Wurm")
    s.cast(0, "Naturalize", targets=["Oblivion Ring"], when=lambda g: len(g.exile) == 2)
    s.run()

    assert s.game is not None
    assert s.battlefield(1) == ["Grizzly Bears"]  # the first Ring's card only
    assert [o.name for o in s.game.exile] == ["Craw Wurm"]

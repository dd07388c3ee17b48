"""Rules tests for face-down permanents (CR 708), manifest (701.40) and copying a
face-down permanent (707.2, 708.2).

Test card: Test Manifester ("Manifest the top card of your library"), with Craw Wurm,
Stonehorn Dignitary, Lightning Bolt and Clone.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.log import redact
from manaweave.testing import Scenario


def manifest(top: str, *, lands: int = 2) -> Scenario:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", *["Forest"] * lands)
    s.add(0, "hand", "Test Manifester")
    s.library(0, ["Island", top])
    s.cast(0, "Test Manifester")
    return s


def face_down(s: Scenario) -> object:
    return next(p for p in s.game.battlefield if p.face_down)


@pytest.mark.rules("701.40a", "708.2a", "708.3")
def test_a_manifested_card_is_a_nameless_colourless_2_2_creature() -> None:
    s = manifest("Stonehorn Dignitary").run()
    permanent = face_down(s)
    chars = s.game.characteristics(permanent)  # type: ignore[arg-type]
    assert (chars.name, chars.power, chars.toughness) == ("", 2, 2)
    assert (chars.types, chars.subtypes, chars.colors, chars.abilities) == (
        ("Creature",),
        (),
        (),
        (),
    )
    # Turned face down before it entered: its enters trigger doesn't trigger (708.3).
    assert not s.events("ability_triggered")


@pytest.mark.rules("708.5", "708.2")
def test_only_its_controller_learns_what_a_face_down_permanent_is() -> None:
    s = manifest("Craw Wurm").run()
    moved = first(s, "manifested")
    assert moved["card"] is None
    assert moved["visibility"] == [0, 1]
    identified = first(s, "face_down_identified")
    assert (identified["card"], identified["visibility"]) == ("Craw Wurm", [0])
    opponent_log = redact(s.events(), 1)
    assert not any(e.get("card") == "Craw Wurm" for e in opponent_log)
    (seen,) = [o for o in s.game.view(1).battlefield if o.types == ("Creature",)]
    assert (seen.name, seen.mana_cost, seen.power) == ("", None, 2)


@pytest.mark.rules("701.40b", "116.2b", "708.8")
def test_a_manifested_creature_card_is_turned_face_up_for_its_mana_cost() -> None:
    # Stonehorn Dignitary is turned face up: it becomes itself, and its enters ability
    # doesn't trigger, as it didn't enter (708.8).
    s = manifest("Stonehorn Dignitary", lands=6)
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.turn_face_up(0, "Stonehorn Dignitary")
    s.run()
    dignitary = s.permanent("Stonehorn Dignitary")
    assert not dignitary.face_down
    assert (s.power("Stonehorn Dignitary"), s.toughness("Stonehorn Dignitary")) == (1, 4)
    assert first(s, "face_up_turned")["card"] == "Stonehorn Dignitary"
    assert not s.events("ability_triggered")


@pytest.mark.rules("701.40a", "701.40b")
def test_a_manifested_noncreature_card_cannot_be_turned_face_up() -> None:
    s = manifest("Lightning Bolt", lands=4)
    s.add(0, "battlefield", "Mountain")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not any("face up" in str(o) for asked in s.decisions.priority(0) for o in asked.options)


@pytest.mark.rules("707.2", "708.2", "708.9")
def test_a_copy_of_a_face_down_creature_is_a_face_down_2_2_and_it_is_revealed_as_it_leaves() -> (
    None
):
    s = manifest("Craw Wurm", lands=2)
    s.add(0, "battlefield", *["Island"] * 4, "Mountain")
    s.add(0, "hand", "Clone", "Lightning Bolt")
    s.cast(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "")
    s.cast(0, "Lightning Bolt", targets=["face-down creature"], stack_empty=True)
    s.run()
    clone = s.permanent("Clone")
    chars = s.game.characteristics(clone)
    assert (chars.name, chars.power, chars.toughness) == ("", 2, 2)
    # The Bolt killed the face-down Wurm: revealed as it left (708.9).
    died = [e for e in s.events("object_moved") if e.get("to_zone") == "graveyard"]
    assert any(e["card"] == "Craw Wurm" for e in died)

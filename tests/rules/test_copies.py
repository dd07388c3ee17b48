"""Rules tests for copy effects (layer 1, CR 707, 613.1a) with Clone."""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario


def clone(copying: str, *, owner: int = 1, extra: tuple[str, ...] = ()) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4, *extra)
    s.add(0, "hand", "Clone")
    s.add(owner, "battlefield", copying)
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, copying)
    return s


@pytest.mark.cards("Clone")
@pytest.mark.rules("707.2", "707.5", "613.1a")
def test_clone_enters_as_a_copy_of_a_creature() -> None:
    s = clone("Craw Wurm").run()
    assert s.battlefield(0).count("Clone") == 1  # its card is still Clone...
    game = s.game
    assert game is not None
    copy = next(p for p in game.battlefield if p.name == "Clone")
    chars = game.characteristics(copy)  # ...but it is a Craw Wurm
    assert (chars.name, chars.power, chars.toughness) == ("Craw Wurm", 6, 4)
    assert (chars.types, chars.subtypes, chars.colors) == (("Creature",), ("Wurm",), ("G",))
    assert copy.controller == 0
    assert first(s, "effect_created")["rule"] == "707.5"


@pytest.mark.rules("707.2", "611.2c")
def test_a_copy_does_not_copy_effects_on_the_original() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4, "Forest")
    s.add(0, "hand", "Clone", "Giant Growth")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Grizzly Bears")
    s.run()
    game = s.game
    assert game is not None
    sizes = sorted(
        (game.characteristics(p).power, p.controller)
        for p in game.battlefield
        if game.characteristics(p).name == "Grizzly Bears"
    )
    assert sizes == [(2, 0), (5, 1)]


@pytest.mark.rules("707.5", "603.6a")
def test_a_copy_of_a_creature_with_an_enters_ability_has_it_as_it_enters() -> None:
    s = clone("Elvish Visionary", owner=0)
    s.library(0, ["Plains", "Swamp"])
    s.run()
    assert [e["card"] for e in s.events("ability_triggered")] == ["Clone"]
    assert s.hand(0) == ["Swamp"]


@pytest.mark.rules("707.5", "614.1c", "704.5f")
def test_a_copy_of_protean_hydra_enters_with_its_own_x_of_zero_and_dies() -> None:
    # The copied "enters with X +1/+1 counters" applies, with the Clone's X: 0 (707.5).
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4, "Forest", "Forest", "Forest")
    s.add(0, "hand", "Protean Hydra", "Clone")
    s.cast(0, "Protean Hydra", x=2)
    s.cast(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Protean Hydra")
    s.run()
    assert s.graveyard(0) == ["Clone"]
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 2}


@pytest.mark.cards("Clone")
@pytest.mark.rules("707.5", "704.5f")
def test_clone_may_enter_as_itself_a_0_0_that_dies() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Clone")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "no copy")
    s.run()
    assert s.graveyard(0) == ["Clone"]


@pytest.mark.rules("707.2", "707.3")
def test_a_copy_of_a_copy_copies_what_the_first_copied() -> None:
    s = Scenario()
    s.add(0, "battlefield", *["Island"] * 8)
    s.add(0, "hand", "Clone", "Clone")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Craw Wurm")
    s.cast(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Craw Wurm#2")  # the first Clone
    s.run(until=(1, Step.END))
    game = s.game
    assert game is not None
    wurms = [game.characteristics(p) for p in game.battlefield if p.controller == 0]
    assert [(c.name, c.power) for c in wurms if c.is_creature] == [("Craw Wurm", 6)] * 2


# --- copy exceptions (707.9) and "becomes the target" (603.2) --------------------------------


def _image(copying: str = "Craw Wurm") -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Phantasmal Image")
    s.add(1, "battlefield", copying)
    s.cast(0, "Phantasmal Image")
    s.choose(0, DecisionKind.ENTER_AS_COPY, copying)
    return s


@pytest.mark.cards("Phantasmal Image")
@pytest.mark.rules("707.9a", "707.9b", "707.5")
def test_phantasmal_image_is_a_copy_with_its_exceptions() -> None:
    s = _image().run()
    game = s.game
    image = next(p for p in game.battlefield if p.name == "Phantasmal Image")
    chars = game.characteristics(image)
    assert (chars.name, chars.power, chars.toughness) == ("Craw Wurm", 6, 4)
    assert chars.subtypes == ("Wurm", "Illusion")
    assert [a.text for a in chars.abilities] == [
        "When this creature becomes the target of a spell or ability, sacrifice it."
    ]


@pytest.mark.cards("Phantasmal Image")
@pytest.mark.rules("603.2", "701.21a", "608.2b")
def test_phantasmal_image_is_sacrificed_when_it_becomes_a_target() -> None:
    # The Image copies the opponent's Craw Wurm; Doom Blade destroys the original; then
    # Giant Growth targets the Image: its trigger resolves first and the pump fizzles.
    s = _image()
    s.add(0, "battlefield", "Swamp", "Swamp", "Forest")
    s.add(0, "hand", "Doom Blade", "Giant Growth")
    s.cast(0, "Doom Blade", targets=["Craw Wurm#1"], stack_empty=True)
    s.cast(0, "Giant Growth", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert s.battlefield(1) == []
    assert "Phantasmal Image" in s.graveyard(0)
    assert first(s, "ability_triggered")["text"].startswith("When this creature becomes")
    assert first(s, "spell_fizzled")


@pytest.mark.rules("707.9b", "707.2")
def test_a_clone_of_phantasmal_image_copies_the_exceptions_too() -> None:
    s = _image()
    s.add(0, "battlefield", *["Island"] * 4, "Swamp", "Swamp")
    s.add(0, "hand", "Clone", "Doom Blade")
    s.cast(0, "Doom Blade", targets=["Craw Wurm#1"], stack_empty=True)  # the original
    s.cast(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Craw Wurm")
    s.run()
    game = s.game
    clone_obj = next(p for p in game.battlefield if p.name == "Clone")
    assert game.characteristics(clone_obj).subtypes == ("Wurm", "Illusion")


@pytest.mark.rules("707.9a", "707.9b", "704.5j")
def test_a_copy_except_it_is_1_1_and_not_legendary() -> None:
    # Copying a legendary creature "except it isn't legendary": no legend rule; and 1/1.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Warlord Kresh", *["Island"] * 3)
    s.add(0, "hand", "Test Lesser Double")
    s.cast(0, "Test Lesser Double")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Test Warlord Kresh")
    s.run()
    double = s.permanent("Test Lesser Double")
    chars = s.game.characteristics(double)
    assert (chars.name, chars.power, chars.toughness) == ("Test Warlord Kresh", 1, 1)
    assert chars.supertypes == ()
    assert not s.decisions.of_kind(DecisionKind.LEGEND_RULE)


@pytest.mark.cards("Liliana Vess", "Clone", "Craw Wurm", "Grizzly Bears")
@pytest.mark.rules("707.5", "614.12", "101.4", "603.6a", "110.2")
def test_clones_entering_together_choose_what_they_copy_before_any_of_them_enters() -> None:
    # Liliana Vess's [−8] puts both graveyards' creature cards onto the battlefield at
    # once under P1's control: P1 makes each Clone's choice (707.5, 614.12) before any
    # card enters, so neither is offered a creature entering with it (Runeclaw Bear).
    s = Scenario()
    s.add(0, "battlefield", "Liliana Vess", "Craw Wurm", loyalty=8)
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "graveyard", "Clone", "Runeclaw Bear")
    s.add(1, "graveyard", "Clone")
    s.activate(0, "Liliana Vess", text="[−8]")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Craw Wurm")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Grizzly Bears")
    s.run()

    chosen = [e for e in s.events("decision_made") if e["kind"] == "enter_as_copy"]
    assert len(chosen) == 2
    entered = [e for e in s.events("permanent_entered") if e["rule"] == "110.2"]
    assert sorted(e["card"] for e in entered) == ["Clone", "Clone", "Runeclaw Bear"]
    assert max(e["seq"] for e in chosen) < min(e["seq"] for e in entered)
    for asked in s.decisions.of_kind(DecisionKind.ENTER_AS_COPY):
        offered = sorted(str(o).split(" #")[0] for o in asked.options)
        assert offered == ["Craw Wurm", "Grizzly Bears", "no copy"]
    game = s.game
    assert game is not None
    copies = sorted(game.characteristics(p).name for p in game.battlefield if p.name == "Clone")
    assert copies == ["Craw Wurm", "Grizzly Bears"]

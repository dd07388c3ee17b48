"""Rules tests for morph and megamorph (CR 702.37): casting a card face down (708.4), the
face-down spell and permanent (708.2, 708.5), turning it face up as a special action
(116.2b, 702.37e, 708.8, 708.11) and revealing it (708.9).

Test cards, with the facts of real cards: Skinthinner, Whipcorder, Segmented Krotiq and
Ainok Survivalist.
"""

from __future__ import annotations

import orjson
import pytest
import trio
from _cards import TestCards
from _support import first
from test_invariants import _Checking, check_invariants

import manaweave
import manaweave.lowlevel
from manaweave import UNCHECKED, DecisionKind, Step, TurnFaceUp, new_game, play_game, replay
from manaweave.cards import (
    TARGET_CREATURE,
    ActivatedAbility,
    CardSet,
    Destroy,
    Printed,
    TapTargets,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenTurnedFaceUp,
    card,
)
from manaweave.keywords.morph import Disguise, Megamorph, Morph
from manaweave.log import redact
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot
from manaweave.testing import Scenario

CARDS = (
    card(
        "Skinthinner",
        printed=Printed(
            "{1}{B}",
            "Creature — Zombie",
            "Morph {3}{B}{B}\nWhen Skinthinner is turned face up, destroy target nonblack "
            "creature.",
            pt=(2, 1),
        ),
        abilities=(
            Morph("{3}{B}{B}"),
            TriggeredAbility(
                WhenTurnedFaceUp(),
                (Destroy(),),
                targets=(
                    TargetSpec(
                        TargetKind.CREATURE, "target nonblack creature", exclude_colors=("B",)
                    ),
                ),
                text="When Skinthinner is turned face up, destroy target nonblack creature.",
            ),
        ),
    ),
    card(
        "Whipcorder",
        printed=Printed(
            "{W}{W}",
            "Creature — Human Soldier Rebel",
            "{W}, {T}: Tap target creature.\nMorph {W}",
            pt=(2, 2),
        ),
        abilities=(
            ActivatedAbility(
                manaweave.ManaCost.parse("{W}"),
                (TapTargets((0,)),),
                tap=True,
                targets=(TARGET_CREATURE,),
                text="{W}, {T}: Tap target creature.",
            ),
            Morph("{W}"),
        ),
    ),
    card(
        "Segmented Krotiq",
        printed=Printed("{5}{G}", "Creature — Worm", "Megamorph {6}{G}", pt=(6, 5)),
        abilities=(Megamorph("{6}{G}"),),
    ),
    card(
        "Ainok Survivalist",
        printed=Printed(
            "{1}{G}",
            "Creature — Dog Shaman",
            "Megamorph {1}{G}\nWhen Ainok Survivalist is turned face up, destroy target artifact "
            "or enchantment an opponent controls.",
            pt=(2, 1),
        ),
        abilities=(
            Megamorph("{1}{G}"),
            TriggeredAbility(
                WhenTurnedFaceUp(),
                (Destroy(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target artifact or enchantment an opponent controls",
                        types=("Artifact", "Enchantment"),
                        opponent=True,
                    ),
                ),
                text="When Ainok Survivalist is turned face up, destroy target artifact or "
                "enchantment an opponent controls.",
            ),
        ),
    ),
)


class MorphCards:
    """A plugin adding this module's test cards."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The morph test set."""
        return [CardSet("TMO", "Morph test cards", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[MorphCards(), TestCards()], **kwargs)  # type: ignore[arg-type]


def face_down(s: Scenario) -> manaweave.lowlevel.GameObject:
    return next(p for p in s.game.battlefield if p.face_down)  # type: ignore[union-attr]


def seen_by(s: Scenario, player: int) -> bytes:
    """Everything of the log that ``player`` may see, as one JSON text."""
    return orjson.dumps(list(redact(s.events(), player)))


@pytest.mark.rules("702.37a", "702.37c", "708.4", "708.2a", "708.5", "601.2i")
def test_a_card_cast_face_down_for_3_is_a_hidden_nameless_2_2() -> None:
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Skinthinner")
    s.cast(0, "Skinthinner", face_down=True)
    s.run()
    permanent = face_down(s)
    chars = s.game.characteristics(permanent)  # type: ignore[union-attr]
    assert (chars.name, chars.power, chars.toughness, chars.colors) == ("", 2, 2, ())
    assert (chars.types, chars.subtypes, chars.abilities, chars.mana_value) == (
        ("Creature",),
        (),
        (),
        0,
    )
    cast = first(s, "spell_cast")
    assert (cast["card"], cast["face_down"], cast["rule"]) == (None, True, "601.2i")
    assert cast["alternative_cost"] == "pay {3} (morph)"
    assert first(s, "mana_spent")["cost"] == "{3}"
    assert first(s, "permanent_entered")["card"] is None
    # Its controller may look at it; its opponent sees a nameless 2/2 (708.5).
    identified = [e for e in s.events("face_down_identified") if e["visibility"] == [0]]
    assert [e["card"] for e in identified] == ["Skinthinner", "Skinthinner"]
    assert b"Skinthinner" not in seen_by(s, 1)
    assert b"Skinthinner" in seen_by(s, 0)
    (seen,) = [o for o in s.game.view(1).battlefield if o.types == ("Creature",)]  # type: ignore[union-attr]
    assert (seen.name, seen.mana_cost, seen.power, seen.toughness) == ("", None, 2, 2)


@pytest.mark.rules("702.37c", "708.4", "118.9d", "601.2f")
def test_cost_changes_apply_to_the_3_as_they_would_to_a_colourless_creature_spell() -> None:
    # Test Foreman makes creature spells cost {1} less; Test Dawn Sage makes white spells
    # cost {W} less, which a face-down Whipcorder is not.
    s = scenario()
    s.add(0, "battlefield", "Test Foreman", "Test Dawn Sage", "Plains", "Plains")
    s.add(0, "hand", "Whipcorder")
    s.cast(0, "Whipcorder", face_down=True)
    s.run()
    assert first(s, "mana_spent")["cost"] == "{2}"
    assert face_down(s).card.name == "Whipcorder"


@pytest.mark.rules("702.37e", "116.2b", "708.8")
def test_a_face_down_permanent_is_turned_face_up_at_instant_speed_without_the_stack() -> None:
    # Cast face down in its controller's turn, turned face up for its morph cost {W} in
    # the opponent's upkeep.
    s = scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Whipcorder")
    s.cast(0, "Whipcorder", face_down=True)
    s.turn_face_up(0, "Whipcorder", turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    whipcorder = s.permanent("Whipcorder")
    entered = first(s, "permanent_entered")
    assert whipcorder.id == entered["new_object"]  # the same object: it didn't move
    assert not whipcorder.face_down
    turned = first(s, "face_up_turned")
    assert (turned["card"], turned["rule"], turned["visibility"]) == (
        "Whipcorder",
        "702.37e",
        [0, 1],
    )
    assert (turned["turn"], turned["step"]) == (2, "upkeep")
    chosen = [e for e in s.events("decision_made") if e["turn"] == 2 and e["player"] == 0]
    assert f"turn face-down #{whipcorder.id} face up for {{W}} (morph)" in chosen[0]["chosen"]
    # A special action: nothing went on the stack.
    assert not [e for e in s.events() if e["turn"] == 2 and e["event"] == "spell_cast"]
    assert not s.events("ability_activated")
    assert (s.power("Whipcorder"), s.toughness("Whipcorder")) == (2, 2)
    assert s.game.characteristics(whipcorder).abilities  # type: ignore[union-attr]


@pytest.mark.rules("702.37b", "708.11", "708.8", "702.37e", "506.4")
def test_megamorph_turned_face_up_while_attacking_gets_a_counter_and_keeps_attacking() -> None:
    s = scenario()
    s.add(0, "battlefield", *["Forest"] * 10)
    s.add(0, "hand", "Segmented Krotiq")
    s.cast(0, "Segmented Krotiq", face_down=True)
    s.attack(0, "face-down creature", turn=3)
    s.turn_face_up(0, "Segmented Krotiq", turn=3, step=Step.DECLARE_ATTACKERS)
    s.run(until=(3, Step.END_OF_COMBAT))
    krotiq = s.permanent("Segmented Krotiq")
    assert krotiq.counters == {"+1/+1": 1}
    assert krotiq.tapped  # its status stays (110.5)
    assert (s.power("Segmented Krotiq"), s.toughness("Segmented Krotiq")) == (7, 6)
    counter = first(s, "counters_added")
    assert (counter["rule"], counter["object"]) == ("702.37b", krotiq.id)
    assert counter["seq"] < first(s, "face_up_turned")["seq"]
    # Still attacking: its face-up power is dealt as combat damage.
    assert s.life(1) == 20 - 7
    assert first(s, "damage_dealt", combat=True)["source_name"] == "Segmented Krotiq"


@pytest.mark.rules("702.37b", "701.40b", "701.40c")
def test_a_manifested_megamorph_card_turned_face_up_for_its_mana_cost_gets_no_counter() -> None:
    s = scenario()
    s.add(0, "battlefield", *["Forest"] * 8)
    s.add(0, "hand", "Test Manifester")
    s.library(0, ["Island", "Ainok Survivalist"])
    s.cast(0, "Test Manifester")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    options = [
        o for asked in s.decisions.priority(0) for o in asked.options if isinstance(o, TurnFaceUp)
    ]
    # Either way (701.40c): its mana cost {1}{G} or its megamorph cost, also {1}{G}.
    assert {(o.cost, o.keyword) for o in options} == {("{1}{G}", ""), ("{1}{G}", "megamorph")}
    s = scenario()
    s.add(0, "battlefield", *["Forest"] * 8)
    s.add(0, "hand", "Test Manifester")
    s.library(0, ["Island", "Ainok Survivalist"])
    s.cast(0, "Test Manifester")
    s.turn_face_up(0, "Ainok Survivalist")
    s.run()
    assert s.permanent("Ainok Survivalist").counters == {}
    assert first(s, "face_up_turned")["rule"] == "701.40b"


@pytest.mark.rules("708.8", "603.2", "708.3")
def test_when_turned_face_up_abilities_trigger() -> None:
    s = scenario()
    s.add(0, "battlefield", *["Swamp"] * 8)
    s.add(0, "hand", "Skinthinner")
    s.add(1, "battlefield", "Grizzly Bears", "Drudge Skeletons")
    s.cast(0, "Skinthinner", face_down=True)
    s.turn_face_up(0, "Skinthinner")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.run()
    triggered = first(s, "ability_triggered")
    assert triggered["card"] == "Skinthinner"
    assert triggered["trigger"] == first(s, "face_up_turned")["seq"]
    assert s.graveyard(1) == ["Grizzly Bears"]
    # It did not trigger as the face-down permanent entered (708.3).
    assert len(s.events("ability_triggered")) == 1


@pytest.mark.rules("708.9", "708.4", "701.6a", "115.1")
def test_a_countered_face_down_spell_is_revealed() -> None:
    seen: list[manaweave.GameView] = []

    def on_stack(game: Game) -> bool:
        if game.stack:
            seen.append(game.view(1))
        return bool(game.stack)

    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Skinthinner")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Skinthinner", face_down=True)
    s.cast(1, "Cancel", targets=["face-down spell"], when=on_stack)
    s.run()
    # On the stack it was a nameless colourless 2/2 creature spell to its opponent.
    (spell,) = seen[0].stack
    assert (spell.name, spell.types, spell.mana_cost, spell.power) == ("", ("Creature",), None, 2)
    target = [e for e in s.events("decision_made") if e["kind"] == "target" and e["player"] == 1]
    assert target[0]["chosen"] == [f"face-down spell #{spell.id}"]
    moved = first(s, "object_moved", object=spell.id)
    assert (moved["card"], moved["visibility"], moved["to_zone"]) == (
        "Skinthinner",
        [0, 1],
        "graveyard",
    )
    assert s.graveyard(0) == ["Skinthinner"]


@pytest.mark.rules("708.9", "708.2a", "701.8a")
def test_a_face_down_permanent_leaving_the_battlefield_is_revealed() -> None:
    # Skinthinner is black, but the face-down permanent is colourless: Doom Blade can
    # target it.
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Skinthinner")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(0, "Skinthinner", face_down=True)
    s.cast(1, "Doom Blade", targets=["face-down creature"], stack_empty=True)
    s.run()
    died = [e for e in s.events("object_moved") if e["to_zone"] == "graveyard"]
    assert [(e["card"], e["visibility"]) for e in died if e["from_zone"] == "battlefield"] == [
        ("Skinthinner", [0, 1])
    ]
    assert s.graveyard(0) == ["Skinthinner"]


@pytest.mark.rules("708.9", "104.3a")
def test_face_down_permanents_are_revealed_as_the_game_ends() -> None:
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Skinthinner")
    s.cast(0, "Skinthinner", face_down=True)
    s.concede(1, turn=1, step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    revealed = first(s, "face_down_revealed")
    assert (revealed["objects"], revealed["visibility"]) == (
        [[face_down(s).id, "Skinthinner"]],
        [0, 1],
    )
    assert revealed["seq"] < first(s, "game_ended")["seq"]


@pytest.mark.rules("707.2", "702.37e", "708.2")
def test_a_copy_of_a_face_down_creature_has_no_morph_and_cannot_be_turned_face_up() -> None:
    s = scenario()
    s.add(0, "battlefield", *["Island"] * 7)
    s.add(0, "battlefield", "Plains", tapped=False)
    s.add(0, "hand", "Whipcorder", "Clone")
    s.cast(0, "Whipcorder", face_down=True)
    s.cast(0, "Clone", stack_empty=True)
    s.choose(0, DecisionKind.ENTER_AS_COPY, "")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    clone = s.permanent("Clone")
    chars = s.game.characteristics(clone)  # type: ignore[union-attr]
    assert (chars.name, chars.power, chars.abilities) == ("", 2, ())
    last = s.decisions.priority(0)[-1]
    turnable = {o.permanent for o in last.options if isinstance(o, TurnFaceUp)}
    assert turnable == {face_down(s).id}


def test_disguise_is_not_implemented_and_names_its_rules() -> None:
    with pytest.raises(manaweave.RuleNotImplementedError) as raised:
        Disguise("{1}{G}")
    assert raised.value.rule == "702.168"
    assert "708.2a" in str(raised.value)


def test_the_morph_keywords_are_a_built_in_plugin() -> None:
    host = PluginHost(autoload=False)
    assert "manaweave.keywords.morph" in host.versions
    assert [Morph, Megamorph, Disguise] in [list(k) for k in host.manager.hook.mw_keywords()]


MORPH_DECK = (
    ["Swamp"] * 12
    + ["Forest"] * 12
    + ["Skinthinner"] * 8
    + ["Ainok Survivalist"] * 8
    + ["Segmented Krotiq"] * 8
    + ["Grizzly Bears"] * 6
    + ["Doom Blade"] * 6
)


def _random_morph_game(seed: int) -> Game:
    checking = _Checking([60, 60])
    host = PluginHost([checking, MorphCards()], autoload=False)
    game = new_game(
        decks=[MORPH_DECK, MORPH_DECK],
        players=[RandomBot(seed=seed * 10 + i) for i in range(2)],
        seed=seed,
        plugins=host,
        deck_rules=UNCHECKED,  # a test deck: many copies of the cards it tests
        max_turns=40,
    )
    trio.run(play_game, game)
    check_invariants(game, [60, 60])
    return game


@pytest.mark.rules("702.37c", "702.37e", "116.2b")
def test_random_bots_cast_face_down_and_turn_face_up_and_the_games_replay_identically() -> None:
    games = [_random_morph_game(seed) for seed in range(6)]
    records = [r for game in games for r in game.log.records]
    assert any(r["event"] == "spell_cast" and r.get("face_down") for r in records)
    assert any(r["event"] == "face_up_turned" and r["rule"] == "702.37e" for r in records)
    for game in games:
        events = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
        assert events[-1]["event"] == "game_ended"
        host = PluginHost([_Checking([60, 60]), MorphCards()], autoload=False)
        result = replay(events, plugins=host)
        assert result.identical, result.mismatch

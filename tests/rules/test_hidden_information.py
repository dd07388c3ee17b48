"""Rules tests for hidden information in the log (CR 400.2: libraries and hands are
hidden zones): ids of library cards, decisions over hidden cards, a departed player's
cards (800.4a), decklists and a player's errors.

Test cards: Tome Scour, Darksteel Colossus (shuffled into its owner's library instead
of going to a graveyard), Test Manifester ("Manifest the top card of your library"),
Elvish Piper, Lightning Bolt.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import trio
from _cards import TestCards
from _support import first

from manaweave import UNCHECKED, DecisionKind, new_game, play_game, run
from manaweave.log import redact
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot, ScriptedPlayer
from manaweave.testing import Scenario


@pytest.mark.cards("Tome Scour", "Darksteel Colossus")
@pytest.mark.rules("701.24a", "701.40a", "400.7")
@pytest.mark.parametrize("seed", range(3))
def test_a_card_seen_then_shuffled_in_is_manifested_under_an_id_nobody_saw(seed: int) -> None:
    # P1 mills their own Darksteel Colossus: everybody sees it go into the library
    # (shuffled in instead, 614.6) under a new id. Manifesting it then shows the id of a
    # card in the shuffled library: were it the id the table saw, the face-down creature
    # would be named.
    s = Scenario(seed=seed, plugins=[TestCards()])
    s.library(0, ["Forest", "Darksteel Colossus"])
    s.add(0, "battlefield", "Island", "Forest", "Forest")
    s.add(0, "hand", "Tome Scour", "Test Manifester")
    s.cast(0, "Tome Scour", targets=["P1"])
    s.cast(0, "Test Manifester", stack_empty=True)
    s.run()
    shuffled_in = first(s, "object_moved", card="Darksteel Colossus", to_zone="library")
    revealed = first(s, "cards_revealed", cards=["Darksteel Colossus"])
    view = list(redact(s.events(), 1))
    # P2 saw the Colossus revealed, then its new id in the library.
    assert view[shuffled_in["seq"]]["new_object"] == shuffled_in["new_object"]
    assert revealed["seq"] < shuffled_in["seq"] < first(s, "library_shuffled")["seq"]
    manifested = first(s, "manifested")
    assert manifested["card"] is None
    identified = first(s, "face_down_identified")
    assert identified["card"] == "Darksteel Colossus"  # its controller knows
    assert manifested["object"] != shuffled_in["new_object"]
    before = view[: manifested["seq"]]
    assert all(manifested["object"] not in (e.get("object"), e.get("new_object")) for e in before)
    assert "card" not in view[identified["seq"]]


@pytest.mark.rules("701.24a", "103.3")
def test_library_ids_are_given_in_shuffled_order_and_replay_alike() -> None:
    decks = [["Forest"] * 20 + ["Craw Wurm"] * 20] * 2

    def opening_draws(seed: int) -> tuple[list[int], list[bool]]:
        """The library ids of the cards drawn, and which of them were Craw Wurms."""
        bots = [RandomBot(seed=1), RandomBot(seed=2)]
        game = new_game(decks=decks, players=bots, seed=seed, deck_rules=UNCHECKED, max_turns=4)
        trio.run(play_game, game)
        drawn = [r for r in game.log.records if r["event"] == "card_drawn"]
        return [r["object"] for r in drawn], [r["card"] == "Craw Wurm" for r in drawn]

    first_ids, first_wurms = opening_draws(5)
    assert opening_draws(5) == (first_ids, first_wurms)  # seeded: the same again
    # The library was built in decklist order (Forests first, ids 1 to 40): after the
    # opening shuffle the cards have new ids, in their new order, above those.
    assert min(first_ids) > 80
    assert any(first_wurms)
    assert not all(first_wurms)


@pytest.mark.cards("Elvish Piper")
@pytest.mark.rules("608.2d", "117.3", "400.2")
def test_the_other_players_see_what_was_chosen_from_a_hand_not_among_how_many() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Elvish Piper")
    s.add(0, "hand", "Craw Wurm", "Giant Growth", "Grizzly Bears")
    s.activate(0, "Elvish Piper")
    s.choose(0, DecisionKind.CARD, "Craw Wurm")
    s.run()
    made = [
        e
        for e in s.events("decision_made")
        if e["kind"] in ("card", "priority") and e["player"] == 0
    ]
    assert {e["kind"] for e in made} == {"card", "priority"}
    view = list(redact(s.events(), 1))
    for event in made:
        assert event["visibility"] == [0]
        seen = view[event["seq"]]
        assert seen["chosen"] == event["chosen"]
        assert "options" not in seen
        assert "choice" not in seen
    (card,) = [e for e in made if e["kind"] == "card"]
    assert card["options"] == 3  # no, Craw Wurm, Grizzly Bears: for P1's eyes only


@pytest.mark.rules("800.4a", "400.2")
def test_a_departed_players_hidden_cards_are_counted_not_listed() -> None:
    s = Scenario(players=3, turn=1)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(2, "battlefield", "Grizzly Bears")
    s.add(2, "hand", "Craw Wurm", "Giant Growth")
    s.library(2, ["Forest", "Forest", "Island"])
    s.life(2, 3)
    s.cast(0, "Lightning Bolt", targets=["P3"])
    s.run()
    left = first(s, "player_left", player=2)
    assert left["visibility"] == [0, 1, 2]
    assert left["hidden_cards"] == {"hand": 2, "library": 3}
    # Only the Bears, on the battlefield, are listed by id.
    assert len(left["objects"]) == 1
    view = list(redact(s.events(), 0))
    assert view[left["seq"]] == left


def _started(records: list[dict[str, Any]], viewer: int) -> dict[str, Any]:
    return next(redact(records, viewer))


@pytest.mark.rules("400.2", "103")
def test_each_player_sees_only_their_own_decklist_unless_decklists_are_open(
    tmp_path: Path,
) -> None:
    decks = ["m10:red-green", "m10:green-white"]
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    closed, opened = tmp_path / "closed.jsonl", tmp_path / "open.jsonl"
    run(decks=decks, players=bots, seed=3, max_turns=2, log=closed)
    run(decks=decks, players=bots, seed=3, max_turns=2, log=opened, open_decklists=True)
    records = [json.loads(line) for line in closed.read_text().splitlines()]
    full = records[0]
    assert full["open_decklists"] is False
    assert all(full["decks"])  # the log itself keeps every list, for a replay
    for viewer in (0, 1):
        seen = _started(records, viewer)
        assert seen["decks"][viewer] == full["decks"][viewer]
        assert seen["decks"][1 - viewer] is None
        assert seen["deck_names"][1 - viewer] is None
    records = [json.loads(line) for line in opened.read_text().splitlines()]
    assert records[0]["open_decklists"] is True
    seen = _started(records, 0)
    assert seen["decks"] == records[0]["decks"]
    assert seen["deck_names"] == records[0]["deck_names"]
    # Only who may see the lists differs; the game is the same.
    assert main(["replay", str(closed)]) == 0
    assert main(["replay", str(opened)]) == 0


def test_the_command_line_opens_decklists(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    code = main(["play", "--seed", "2", "--max-turns", "1", "--quiet", "--open-decklists",
                 "--log", str(log)])  # fmt: skip
    assert code == 0
    started = json.loads(log.read_text().splitlines()[0])
    assert started["open_decklists"] is True


@pytest.mark.rules("104.3a", "400.2")
def test_a_scripted_players_unexpected_decision_is_told_to_that_player_alone() -> None:
    # The error names the cards of the player's hand (its options): nobody else may
    # read it, nor the traceback with its file paths.
    game = new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[ScriptedPlayer(), RandomBot(seed=4)],
        seed=4,
        max_turns=3,
    )
    game.table.report_errors = False
    trio.run(play_game, game)
    records = game.log.records
    raised = next(r for r in records if r["event"] == "player_raised")
    assert raised["visibility"] == [0]
    assert "UnexpectedDecisionError" in raised["error"]
    assert 'File "' in raised["traceback"]
    # What P2 sees, and what a spectator sees (the public lines).
    views = [list(redact(records, 1)), list(redact(records, None))]
    for view in views:
        for seen in view:
            text = json.dumps(seen)
            assert "UnexpectedDecisionError" not in text, seen
            assert 'File \\"' not in text, seen

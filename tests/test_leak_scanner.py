"""A leak scanner: what each player can infer from their view of a log, checked against
the whole log.

For many random games (both built-in variants, two to four players, ready decks and
random decks built from every registered set, random bots) every player's redacted
log (:func:`manaweave.log.redact`) is read as that player would read it: every object
id they see is mapped to a card name when an event they may see names it. The scanner
then checks, against the whole log, that

* an event hidden from them keeps only public fields (a decision only its kind's public
  fields), and any id it shows is one they never saw before (hidden zones, CR 400.2);
* no library card is named by an id they learned before its library was last shuffled
  or put in an order only its owner knows (701.24a, 401.4);
* a public event shows no id of a card in a hidden zone (``player_left``, 800.4a), no
  option count of a decision whose options include hidden cards, no traceback;
* ``game_started`` shows them only their own decklist unless decklists are open;
* library ids follow no decklist: guessing a drawn card from its id as if ids were
  given in decklist order does no better than chance.

The scanner can fail: deliberately leaky logs (a field left unredacted, an id kept
across a shuffle, a hidden id in ``player_left``) are reported.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

import pytest
import trio

from manaweave import (
    UNCHECKED,
    Choice,
    Decision,
    DecisionKind,
    GameView,
    ObjectView,
    Zone,
    new_game,
    play_game,
)
from manaweave.cards import FACE_DOWN
from manaweave.log import is_public, redact
from manaweave.lowlevel import Game, default_plugins, ready_decks
from manaweave.players import RandomBot

Record = Mapping[str, Any]

COMMON = frozenset(
    {"v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility"}
)
PUBLIC_OF_HIDDEN = frozenset({"zone", "from_zone", "to_zone", "count", "kind", "new_object"})
"""What anybody may see of an event hidden from them: which zones, how many, what kind,
and the fresh id of the object it made."""

DECISION_FIELDS = frozenset({"choice", "options", "chosen"})
HIDDEN_OPTION_KINDS = frozenset(
    {
        DecisionKind.BOTTOM,  # the cards of a hand (103.5)
        DecisionKind.TOP,  # the top cards of a library (401.4)
        DecisionKind.DISCARD,  # the cards of a hand (701.9b)
        DecisionKind.SEARCH,  # the cards of a library (701.23a)
        DecisionKind.REVEAL,  # the cards of a hand that could be revealed (702.47b)
    }
)
"""Decisions whose every field counts or names hidden cards."""
HAND_PLAY_KINDS = frozenset({DecisionKind.PRIORITY, DecisionKind.CARD})
"""Public decisions whose options may include cards of a hidden hand (117.1, 608.2d):
what was chosen is done in public, how many options there were is not."""


def public_fields_of(kind: DecisionKind) -> frozenset[str]:
    """The fields of a ``decision_made`` of ``kind`` the other players may see."""
    if kind in HIDDEN_OPTION_KINDS:
        return frozenset()
    if kind in HAND_PLAY_KINDS:
        return frozenset({"chosen"})
    return DECISION_FIELDS


def deciding_kinds_reviewed() -> dict[DecisionKind, str]:
    """Every decision kind with the reason its public fields are what they are: a new
    kind must be added here, with a reason, or the test of decision kinds fails."""
    return {
        DecisionKind.MULLIGAN: "keep or mulligan, two options always",
        DecisionKind.BOTTOM: "the cards of a hand",
        DecisionKind.TOP: "the top cards of a library",
        DecisionKind.PRIORITY: "the playable cards of a hand are options",
        DecisionKind.TARGET: "targets are objects in public zones or players",
        DecisionKind.PAYMENT: "mana abilities of permanents",
        DecisionKind.ATTACKERS: "creatures on the battlefield",
        DecisionKind.BLOCKERS: "creatures on the battlefield",
        DecisionKind.DAMAGE_ASSIGNMENT: "creatures in combat",
        DecisionKind.DISCARD: "the cards of a hand",
        DecisionKind.LEGEND_RULE: "permanents",
        DecisionKind.TRIGGER_ORDER: "abilities put on the stack",
        DecisionKind.MAY: "yes or no",
        DecisionKind.X_VALUE: "numbers bounded by public mana",
        DecisionKind.REPLACEMENT_ORDER: "effects of permanents",
        DecisionKind.MODE: "the modes of a public spell",
        DecisionKind.ENTER_AS_COPY: "creatures on the battlefield",
        DecisionKind.SHIELD: "sources dealing damage",
        DecisionKind.TARGET_COUNT: "numbers from the spell's text",
        DecisionKind.DIVISION: "splits among public targets",
        DecisionKind.SEARCH: "the cards of a library",
        DecisionKind.SACRIFICE: "permanents",
        DecisionKind.COST: "the costs printed on a public spell",
        DecisionKind.NEW_TARGET: "public targets",
        DecisionKind.COLOR: "the five colors",
        DecisionKind.SOURCE: "objects in public zones",
        DecisionKind.CARD: "a card of a hand may be offered (Elvish Piper)",
        DecisionKind.CHOICE: "words or every card name",
        DecisionKind.REVEAL: "the cards of a hand",
        DecisionKind.TIMESTAMP_ORDER: "permanents",
    }


# --- the scanner -----------------------------------------------------------------------------


def _named_ids(event: Record) -> list[tuple[int, str]]:
    """The (id, card name) pairs an event shows."""
    pairs: list[tuple[int, str]] = []
    card = event.get("card")
    if isinstance(card, str):
        for field in ("object", "new_object"):
            if isinstance(event.get(field), int):
                pairs.append((event[field], card))
    objects, cards = event.get("objects"), event.get("cards")
    if isinstance(objects, list) and isinstance(cards, list) and len(objects) == len(cards):
        pairs.extend((o, c) for o, c in zip(objects, cards, strict=True) if isinstance(o, int))
    if isinstance(objects, list):
        for entry in objects:  # [id, name] pairs (face_down_revealed)
            if (
                isinstance(entry, list)
                and len(entry) >= 2
                and isinstance(entry[0], int)
                and isinstance(entry[1], str)
            ):
                pairs.append((entry[0], entry[1]))
    return pairs


def _ids(event: Record) -> set[int]:
    """Every object id a line mentions, in any field."""
    found: set[int] = set()
    for field in ("object", "new_object", "source"):
        if isinstance(event.get(field), int):
            found.add(event[field])
    for field in ("objects", "tokens", "abilities"):
        for entry in event.get(field) or []:
            if isinstance(entry, int):
                found.add(entry)
            elif isinstance(entry, list) and entry and isinstance(entry[0], int):
                found.add(entry[0])
    return found


def _visible(event: Record, viewer: int) -> bool:
    visibility = event.get("visibility", "public")
    return visibility == "public" or viewer in visibility


def _strings(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for item in value for s in _strings(item)]
    if isinstance(value, dict):
        return [s for item in value.values() for s in _strings(item)]
    return []


def scan(full: Sequence[Record], view: Sequence[Record], viewer: int) -> list[str]:
    """The leaks in ``view``, what ``viewer`` was shown of the whole log ``full``."""
    leaks: list[str] = []
    known: dict[int, tuple[str, int]] = {}  # id -> (name, seq learned)
    seen_ids: set[int] = set()
    reordered: dict[int, int] = {}  # owner -> seq of their library's last reordering
    zone_of: dict[int, str] = {}  # from the whole log: where each logged id went
    started = view[0]
    seats = len(full[0].get("players") or ())
    leaks += _seed_leaks(full[0], view)
    if not started.get("open_decklists", True):
        for seat, deck in enumerate(started.get("decks") or []):
            if seat != viewer and deck is not None:
                leaks.append(f"game_started shows P{seat + 1}'s decklist to P{viewer + 1}")
    for whole, seen in zip(full, view, strict=True):
        seq, name = whole["seq"], whole["event"]
        where = f"seq {seq} ({name})"
        if name == "library_shuffled" or (
            name == "decision_made" and whole.get("kind") == DecisionKind.TOP.value
        ):
            reordered[whole["player"]] = seq
        from_library = whole.get("from_zone") == "library" or name == "manifested"
        if from_library and isinstance(whole.get("object"), int):
            learned = known.get(whole["object"])
            owner_reordered = reordered.get(whole.get("player", -1), -1)
            if learned is not None and learned[1] < owner_reordered:
                leaks.append(
                    f"{where}: library id {whole['object']}, named {learned[0]} at seq "
                    f"{learned[1]}, survived the reordering of seq {owner_reordered}"
                )
        if _visible(whole, viewer):
            if name == "decision_made" and is_public(whole, seats):
                kind = DecisionKind(whole["kind"])
                if public_fields_of(kind) != DECISION_FIELDS:
                    leaks.append(f"{where}: a public {kind.value} decision shows its options")
            if is_public(whole, seats):
                for text in _strings(seen):
                    if 'File "' in text or "Traceback" in text:
                        leaks.append(f"{where}: a public line shows a traceback")
            if name == "player_left":
                for obj in seen.get("objects") or []:
                    if zone_of.get(obj) in (None, "library", "hand"):
                        leaks.append(f"{where}: player_left shows the hidden card id {obj}")
            for obj, card in _named_ids(seen):
                known[obj] = (card, seq)
        else:
            allowed = COMMON | PUBLIC_OF_HIDDEN
            if name == "decision_made":
                allowed |= public_fields_of(DecisionKind(whole["kind"]))
            extra = sorted(set(seen) - allowed)
            if extra:
                leaks.append(f"{where}: hidden from P{viewer + 1}, it still shows {extra}")
            fresh = seen.get("new_object")
            if isinstance(fresh, int) and fresh in seen_ids:
                leaks.append(f"{where}: the hidden card's new id {fresh} was seen before")
            for obj, card in _named_ids(seen):
                known[obj] = (card, seq)
        seen_ids |= _ids(seen)
        if isinstance(whole.get("new_object"), int) and isinstance(whole.get("to_zone"), str):
            zone_of[whole["new_object"]] = whole["to_zone"]
        if name in ("token_created", "emblem_created") and isinstance(whole.get("object"), int):
            zone_of[whole["object"]] = "battlefield" if name == "token_created" else "command"
    return leaks


def _seed_leaks(started: Record, view: Sequence[Record]) -> list[str]:
    """What ``view`` shows of the seed before ``game_ended`` (which reveals it): the seed
    or its nonce in ``game_started``, a bot's seed in a player's kind, the nonce anywhere
    (the seed itself is a small number in these games, as common as any id)."""
    leaks = [f"game_started shows its {name}" for name in ("seed", "seed_nonce") if name in view[0]]
    leaks += [
        f"game_started shows {player['name']}'s bot seed ({player['kind']})"
        for player in view[0].get("players") or ()
        if "seed=" in str(player.get("kind"))
    ]
    nonce = started.get("seed_nonce")
    for seen in view:
        if seen.get("event") == "game_ended":
            break
        if nonce and nonce in str(seen):
            leaks.append(f"seq {seen.get('seq')} ({seen.get('event')}) shows the seed's nonce")
    return leaks


# --- the views handed to players -------------------------------------------------------------


def scan_view(game: Game, view: GameView) -> list[str]:
    """The leaks in ``view``, what its viewer was handed of ``game`` as it is now: an
    object of a hidden zone they may not see (another player's hand or library, 400.2,
    unless revealed, 701.20a, 401.5), a face-down object another player controls shown
    as more than its face-down values (708.5), or a count that is not the real one."""
    viewer = view.viewer
    leaks: list[str] = []
    revealed_tops = {
        p.revealed_library_top.id for p in view.players if p.revealed_library_top is not None
    }
    shown: list[ObjectView] = [*view.battlefield, *view.stack, *view.exile, *view.command]
    shown += view.hand
    for player in view.players:
        shown += player.graveyard
        shown += player.revealed_hand or ()
        if player.revealed_library_top is not None:
            shown.append(player.revealed_library_top)
        state = game.players[player.id]
        if (player.hand_size, player.library_size) != (len(state.hand), len(state.library)):
            leaks.append(f"P{player.id + 1}'s hand or library count is not the real one")
    revealed_hands = {p.id for p in view.players if p.revealed_hand is not None}
    for seen in shown:
        obj = game.objects.get(seen.id)
        if obj is None:
            continue  # an ability on the stack, which is public (113.7)
        where = f"turn {view.turn}, P{viewer + 1}'s view of object {seen.id}"
        if obj.zone is Zone.HAND and obj.owner != viewer and obj.owner not in revealed_hands:
            leaks.append(f"{where}: a card of P{obj.owner + 1}'s hidden hand ({obj.card.name})")
        if obj.zone is Zone.LIBRARY and seen.id not in revealed_tops:
            leaks.append(f"{where}: a card of a library ({obj.card.name})")
        if obj.face_down and obj.controller != viewer:
            real = obj.card
            if seen.face_down_name is not None or (
                seen.name == real.name and real.name != FACE_DOWN.name
            ):
                leaks.append(f"{where}: a face-down {real.name} shows what it is")
            if seen.text and seen.text == real.text:
                leaks.append(f"{where}: a face-down {real.name} shows its text")
    for mine in view.hand:
        if mine.id not in {o.id for o in game.players[viewer].hand}:
            leaks.append(f"P{viewer + 1}'s view of their hand shows object {mine.id}")
    return leaks


class ViewScanningBot(RandomBot):
    """A random bot that reads the view of every decision it is handed and scans it
    (:func:`scan_view`) against the game it plays in, keeping what it finds."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.game: Game | None = None
        self.views = 0
        self.leaks: list[str] = []

    async def decide(self, decision: Decision) -> Choice:
        assert self.game is not None
        self.leaks += scan_view(self.game, decision.view)
        self.views += 1
        return await super().decide(decision)


# --- random games ----------------------------------------------------------------------------


def _random_deck(rng: random.Random) -> list[str]:
    """A 60-card deck of two colors from every registered set: 24 basic lands and nine
    sets of four nonland cards of those colors (or colorless)."""
    cards = default_plugins().cards
    colors = rng.sample("WUBRG", 2)
    basics = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
    pool = sorted(
        {
            card.name
            for card_set in cards.sets
            for card in card_set.cards
            if "Land" not in card.types and set(card.colors) <= set(colors)
        }
    )
    picked = rng.sample(pool, min(9, len(pool)))
    deck = [basics[c] for c in colors for _ in range(12)]
    deck.extend(name for name in picked for _ in range(4))
    return deck


GAMES = 240
"""How many random games are scanned: enough for every kind of hidden event to occur."""


@cache
def scanned_games() -> tuple[tuple[tuple[Record, ...], bool], ...]:
    """Random games: two to four players, both variants, ready decks and random decks
    from every set, decklists open or not."""
    ready = sorted(ready_decks(default_plugins()))
    games: list[tuple[tuple[Record, ...], bool]] = []
    for seed in range(GAMES):
        rng = random.Random(seed)
        seats = 2 if seed % 3 == 0 else rng.randint(2, 4)
        variant = "two_player" if seats == 2 and seed % 2 == 0 else "free_for_all"
        decks: list[Any] = [
            rng.choice(ready) if rng.random() < 0.5 else _random_deck(rng) for _ in range(seats)
        ]
        open_decklists = seed % 4 == 1
        # Every fourth game's players scan the views they are handed too: a view costs
        # more to build than a random answer.
        players = [
            (ViewScanningBot if seed % 4 == 0 else RandomBot)(seed=seed * 10 + i)
            for i in range(seats)
        ]
        game = new_game(
            decks=decks,
            players=players,
            seed=seed,
            variant=variant,
            max_turns=30,
            deck_rules=UNCHECKED,
            open_decklists=open_decklists,
        )
        for player in players:
            if isinstance(player, ViewScanningBot):
                player.game = game
        trio.run(play_game, game)
        games.append((tuple(game.log.records), open_decklists))
        for player in players:
            if isinstance(player, ViewScanningBot):
                VIEW_SCANS.views += player.views
                VIEW_SCANS.leaks += [f"game {seed}: {leak}" for leak in player.leaks]
    return tuple(games)


@dataclass
class _ViewScans:
    views: int = 0
    leaks: list[str] = dataclasses.field(default_factory=list)


VIEW_SCANS = _ViewScans()
"""What the view-scanning players of :func:`scanned_games` found."""


@pytest.mark.rules("400.2", "401.4", "701.24a", "800.4a")
def test_no_player_learns_hidden_cards_from_their_view_of_random_games() -> None:
    games = scanned_games()
    assert {len(records[0]["players"]) for records, _ in games} == {2, 3, 4}
    assert {records[0]["variant"] for records, _ in games} == {"two_player", "free_for_all"}
    assert {open_ for _, open_ in games} == {True, False}
    hidden = 0
    for records, open_decklists in games:
        assert records[0]["open_decklists"] is open_decklists
        for viewer in range(len(records[0]["players"])):
            view = list(redact(records, viewer))
            hidden += sum(not _visible(r, viewer) for r in records)
            leaks = scan(records, view, viewer)
            assert not leaks, f"game {records[0]['game']}, P{viewer + 1}: {leaks[:5]}"
            if open_decklists:
                assert view[0]["decks"] == records[0]["decks"]
    assert hidden > 1000  # the games had hidden events to scan


@pytest.mark.rules("400.2", "401.5", "701.20a", "708.5")
def test_no_view_handed_to_a_player_shows_a_hidden_card() -> None:
    scanned_games()
    assert VIEW_SCANS.views > 10_000  # the scanning players were asked many decisions
    assert not VIEW_SCANS.leaks, VIEW_SCANS.leaks[:5]


@pytest.mark.rules("400.2", "401.2")
def test_the_view_scanner_reports_a_card_of_another_players_library() -> None:
    game = new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=1,
    )
    view = game.view(0)
    assert scan_view(game, view) == []
    top = game.players[1].library[-1]
    shown = ObjectView(
        id=top.id,
        name="?",
        owner=1,
        controller=1,
        zone="library",
        types=(),
        subtypes=(),
        mana_cost=None,
    )
    (leak,) = scan_view(game, replace(view, exile=(shown,)))
    assert f"a card of a library ({top.card.name})" in leak


@pytest.mark.rules("103.3", "701.24a")
def test_library_ids_follow_no_decklist_order() -> None:
    """Guess each drawn card from its library id as if ids were given in decklist order
    (seat by seat from 1): the guesses must do no better than naming the deck's most
    common card."""
    guessed = drawn = common = 0
    for records, _ in scanned_games():
        decks = records[0]["decks"]
        starts = [1 + sum(len(d) for d in decks[:seat]) for seat in range(len(decks))]
        for record in records:
            if record["event"] != "card_drawn":
                continue
            deck = decks[record["player"]]
            position = record["object"] - starts[record["player"]]
            drawn += 1
            guessed += 0 <= position < len(deck) and deck[position] == record["card"]
            common += Counter(deck).most_common(1)[0][1] / len(deck)
    assert drawn > 500
    assert guessed <= common, f"{guessed} of {drawn} draws named by their ids"


def test_every_decision_kind_has_reviewed_public_fields() -> None:
    """A new kind of decision must say which of its fields the other players see."""
    reviewed = deciding_kinds_reviewed()
    assert set(reviewed) == set(DecisionKind)
    for kind in DecisionKind:
        assert kind.public_fields == public_fields_of(kind), kind
        assert kind.private == (kind in HIDDEN_OPTION_KINDS), kind


# --- the scanner finds leaks ----------------------------------------------------------------


def _first_two_player_game() -> tuple[Record, ...]:
    return next(r for r, open_ in scanned_games() if len(r[0]["players"]) == 2 and not open_)


def test_the_scanner_reports_a_field_left_unredacted() -> None:
    records = _first_two_player_game()
    view = list(redact(records, 0))
    drawn = next(r for r in records if r["event"] == "card_drawn" and r["player"] == 1)
    view[drawn["seq"]] = {**view[drawn["seq"]], "card": drawn["card"]}
    leaks = scan(records, view, 0)
    assert any("still shows ['card']" in leak for leak in leaks), leaks


def test_the_scanner_reports_the_option_count_of_a_priority_decision() -> None:
    """How many plays P2 had counts the castable cards of P2's hand."""
    records = _first_two_player_game()
    view = list(redact(records, 0))
    decision = next(
        r
        for r in records
        if r["event"] == "decision_made" and r["player"] == 1 and r["kind"] == "priority"
    )
    assert "options" not in view[decision["seq"]]
    view[decision["seq"]] = {**view[decision["seq"]], "options": decision["options"]}
    assert any("still shows ['options']" in leak for leak in scan(records, view, 0))


def test_the_scanner_reports_other_decklists_and_hidden_ids_of_a_departed_player() -> None:
    records = _first_two_player_game()
    view = list(redact(records, 0))
    view[0] = dict(records[0])
    drawn = next(r for r in records if r["event"] == "card_drawn" and r["player"] == 1)
    left = {
        **records[-1],
        "event": "player_left",
        "player": 1,
        "visibility": [0, 1],
        "objects": [drawn["new_object"]],
    }
    leaks = scan([*records, left], [*view, left], 0)
    assert any("P2's decklist" in leak for leak in leaks), leaks
    assert any("player_left shows the hidden card id" in leak for leak in leaks), leaks


def test_the_scanner_reports_the_seed_and_bot_seeds_before_the_end() -> None:
    """The seed decides every shuffle (701.24a): a view of a game under way that shows it,
    its nonce or a bot's seed is reported."""
    records = _first_two_player_game()
    view = list(redact(records, 0))
    assert not scan(records, view, 0)
    view[0] = {**view[0], "seed": records[0]["seed"], "players": records[0]["players"]}
    view[1] = {**view[1], "note": records[0]["seed_nonce"]}
    leaks = scan(records, view, 0)
    assert "game_started shows its seed" in leaks, leaks
    assert any("bot seed (ViewScanningBot(seed=" in leak for leak in leaks), leaks
    assert any("shows the seed's nonce" in leak for leak in leaks), leaks


def _line(seq: int, event: str, **fields: Any) -> dict[str, Any]:
    return {"v": 2, "game": "g", "seq": seq, "event": event, "visibility": "public", **fields}


def test_the_scanner_reports_a_library_id_kept_across_a_shuffle() -> None:
    """A card revealed on top of a library, shuffled in, then manifested under the id it
    was revealed with: everybody knows what the face-down creature is."""
    log = [
        _line(0, "game_started", players=[{}, {}], decks=[[], []], open_decklists=True),
        _line(1, "library_top_revealed", player=1, object=40, card="Craw Wurm"),
        _line(2, "library_shuffled", player=1),
        _line(3, "manifested", player=1, object=40, new_object=90, card=None, from_zone="library"),
    ]
    leaks = scan(log, log, 0)
    assert any("survived the reordering" in leak for leak in leaks), leaks
    assert scan(log[:2] + log[3:], log[:2] + log[3:], 0) == []  # no shuffle: public knowledge


def test_the_scanner_reports_a_public_decision_counting_a_hand_and_a_traceback() -> None:
    log = [
        _line(0, "game_started", players=[{}, {}], decks=[[], []], open_decklists=True),
        _line(1, "decision_made", player=1, kind="card", choice=[1], options=3, chosen=["x"]),
        _line(2, "game_ended", message='Traceback: File "/home/x/bot.py", line 3'),
    ]
    leaks = scan(log, log, 0)
    assert any("public card decision" in leak for leak in leaks), leaks
    assert any("traceback" in leak for leak in leaks), leaks

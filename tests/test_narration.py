"""The play-by-play: ``manaweave.log.Narrator`` fed one record at a time, same-named
objects told apart, what spells and abilities did, combat in multiplayer, mulligans,
hidden information, every event kind narrated or deliberately silent, and
``EventLog.subscribe``, which lets a caller narrate a game as it runs."""

from __future__ import annotations

import itertools
import re
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio

import manaweave
from manaweave import Step
from manaweave.events import record_classes
from manaweave.log import EventLog, Narrator, narrate, redact
from manaweave.players import RandomBot
from manaweave.testing import Scenario

READY_DECKS = [
    "m10:black-green-deathtouch",
    "m10:blue-black-control",
    "m10:green-ramp",
    "m10:green-white",
    "m10:red-burn",
    "m10:red-green",
    "m10:white-blue-fliers",
    "m10:white-weenie",
]


def _lines(s: Scenario, viewer: int | None = None) -> list[str]:
    return list(narrate(s.events(), viewer))


def _game(decks: list[str], seed: int) -> manaweave.lowlevel.Game:
    players = [RandomBot(seed=seed * 1000 + i) for i in range(len(decks))]
    # The same nonce for the same seed, so that a game played twice has the same log.
    nonce = f"{seed:032x}"[-32:]
    game = manaweave.new_game(
        decks=decks, players=players, seed=seed, max_turns=200, seed_nonce=nonce
    )
    trio.run(manaweave.play_game, game)
    return game


def _zone_change(seq: int, obj: int, new: int, card: str, to: str) -> dict[str, Any]:
    return {
        "v": 1,
        "game": "t",
        "seq": seq,
        "turn": 1,
        "step": "precombat_main",
        "player": 0,
        "visibility": "public",
        "object": obj,
        "new_object": new,
        "card": card,
        "from_zone": "hand" if to == "stack" else "stack",
        "to_zone": to,
        "event": "spell_proposed" if to == "stack" else "permanent_entered",
    }


def _start() -> dict[str, Any]:
    players = [{"name": "Alice", "kind": "test"}, {"name": "Bob", "kind": "test"}]
    return {"v": 1, "game": "t", "seq": 0, "event": "game_started", "players": players}


# --- telling same-named objects apart --------------------------------------------------------


@pytest.mark.rules("400.7")
def test_a_name_gets_ids_once_a_second_card_of_it_is_seen() -> None:
    """One card moving from zone to zone stays one card (its new objects keep the name
    bare); a second card of the name makes every later mention carry the object id."""
    narrator = Narrator()
    narrator.feed(_start())
    narrator.feed(_zone_change(1, 10, 20, "Runeclaw Bear", "stack"))
    entered = narrator.feed(_zone_change(2, 20, 21, "Runeclaw Bear", "battlefield"))
    assert entered == ["  Runeclaw Bear enters the battlefield."]
    narrator.feed(_zone_change(3, 11, 30, "Runeclaw Bear", "stack"))
    entered = narrator.feed(_zone_change(4, 30, 31, "Runeclaw Bear", "battlefield"))
    assert entered == ["  Runeclaw Bear #31 enters the battlefield."]
    blocks = {"v": 1, "game": "t", "seq": 5, "event": "blockers_declared", "player": 1}
    assert narrator.feed({**blocks, "blockers": [[31, 21]]}) == [
        "  Runeclaw Bear #31 blocks Runeclaw Bear #21."
    ]
    assert narrator.is_ambiguous("Runeclaw Bear")


def test_an_object_the_log_never_named_is_told_by_its_id() -> None:
    """Objects a Scenario puts in place are never logged: the narrator says ``object #N``
    until an event names them, and never fails on them."""
    narrator = Narrator()
    narrator.feed(_start())
    attack = {"v": 1, "game": "t", "seq": 1, "event": "attackers_declared", "player": 0}
    assert narrator.feed({**attack, "attackers": [[30, 1]]}) == [
        "Alice attacks Bob with object #30."
    ]
    assert narrator.what(30) == "object #30"


@pytest.mark.cards("Runeclaw Bear", "Grizzly Bears", "Forest")
@pytest.mark.rules("509.1")
def test_two_bears_in_a_real_game_are_told_apart() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Runeclaw Bear")
    s.add(1, "battlefield", "Forest", "Forest", "Forest", "Forest")
    s.add(1, "hand", "Runeclaw Bear", "Grizzly Bears")
    s.cast(1, "Runeclaw Bear", turn=2)
    s.cast(1, "Grizzly Bears", turn=2, stack_empty=True)
    s.cast(0, "Runeclaw Bear", turn=3)
    s.attack(1, "Runeclaw Bear", turn=4)
    s.block(0, "Runeclaw Bear", "Runeclaw Bear", turn=4)
    s.run(until=(4, Step.END))
    lines = _lines(s)
    first, second = (e["new_object"] for e in s.events("permanent_entered") if "Rune" in e["card"])
    assert "  Runeclaw Bear enters the battlefield." in lines  # the first, still alone
    assert f"  Runeclaw Bear #{second} enters the battlefield." in lines
    assert f"P2 attacks P1 with Runeclaw Bear #{first}." in lines
    assert f"  Runeclaw Bear #{second} blocks Runeclaw Bear #{first}." in lines
    assert "  Grizzly Bears enters the battlefield." in lines  # a unique name prints bare


# --- what spells and abilities did -----------------------------------------------------------


@pytest.mark.cards("Giant Growth", "Grizzly Bears", "Forest")
@pytest.mark.rules("611.2")
def test_a_pump_is_told() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears", "Giant Growth")
    s.cast(0, "Grizzly Bears")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], stack_empty=True)
    s.run()
    lines = _lines(s)
    cast = lines.index("P1 casts Giant Growth targeting Grizzly Bears.")
    assert lines[cast + 1 : cast + 3] == [
        "  Giant Growth resolves.",
        "  Grizzly Bears gets +3/+3 until end of turn.",
    ]


@pytest.mark.cards("Ant Queen", "Forest")
@pytest.mark.rules("111.1", "602.2")
def test_tokens_created_by_an_ability_are_told_and_told_apart() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Ant Queen", *["Forest"] * 4)
    s.activate(0, "Ant Queen")
    s.activate(0, "Ant Queen", stack_empty=True)
    s.run()
    lines = _lines(s)
    tokens = [e["object"] for e in s.events("token_created")]
    assert len(tokens) == 2
    assert "P1 activates object #21: {1}{G}: Create a 1/1 green Insect creature token." in lines
    assert "  object #21's ability resolves." in lines
    assert "  P1 creates Insect Token." in lines
    assert f"  P1 creates Insect Token #{tokens[1]}." in lines


@pytest.mark.cards("Soul Warden", "Ajani's Pridemate", "Grizzly Bears", "Forest")
@pytest.mark.rules("603.2", "119.9", "122.6")
def test_triggered_abilities_triggering_and_resolving_counters_and_life_are_told() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Soul Warden", "Ajani's Pridemate", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()
    lines = _lines(s)
    entered = lines.index("  Grizzly Bears enters the battlefield.")
    assert lines[entered + 1 : entered + 7] == [
        "  Soul Warden's ability triggers.",
        "  Soul Warden's ability resolves.",
        "  P1 gains 1 life and is at 21.",
        "  Ajani's Pridemate's ability triggers.",
        "  Ajani's Pridemate's ability resolves.",
        "  Ajani's Pridemate gets a +1/+1 counter (1 in all).",
    ]


@pytest.mark.cards(
    "Doom Blade",
    "Unsummon",
    "Celestial Purge",
    "Lightning Bolt",
    "Grizzly Bears",
    "Runeclaw Bear",
    "Goblin Piker",
)
@pytest.mark.rules("701.8a", "701.6a", "120.3a")
def test_destroyed_returned_exiled_objects_and_damage_are_told() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Island", "Plains", "Plains", "Mountain")
    s.add(0, "hand", "Doom Blade", "Unsummon", "Celestial Purge", "Lightning Bolt")
    s.add(1, "hand", "Grizzly Bears", "Runeclaw Bear", "Goblin Piker")
    s.add(1, "battlefield", *["Forest"] * 4, "Mountain", "Mountain")
    s.cast(1, "Grizzly Bears", turn=2)
    s.cast(1, "Runeclaw Bear", turn=2, stack_empty=True)
    s.cast(1, "Goblin Piker", turn=2, stack_empty=True)
    s.cast(0, "Doom Blade", targets=["Grizzly Bears"], turn=3)
    s.cast(0, "Unsummon", targets=["Runeclaw Bear"], turn=3, stack_empty=True)
    s.cast(0, "Celestial Purge", targets=["Goblin Piker"], turn=3, stack_empty=True)
    s.cast(0, "Lightning Bolt", targets=["P2"], turn=3, stack_empty=True)
    s.run(until=(3, Step.END))
    lines = _lines(s)
    turn_3 = lines[lines.index("--- Turn 3: P1 ---") :]
    for told in (
        "  Grizzly Bears is destroyed.",
        "  Runeclaw Bear returns to P2's hand from the battlefield.",
        "  Goblin Piker is exiled.",
        "  Lightning Bolt deals 3 damage to P2.",
        "  P2 is at 17 life.",
    ):
        assert told in turn_3


@pytest.mark.cards("Divination", "Island")
@pytest.mark.rules("121.1", "400.2")
def test_cards_drawn_are_counted_unless_the_viewer_may_see_them() -> None:
    s = Scenario()
    s.library(0, ["Forest", "Mountain", "Plains", "Island", "Swamp"])
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.cast(0, "Divination")
    s.run()
    assert "  P1 draws 2 cards." in _lines(s)  # a spectator
    assert "  P1 draws 2 cards." in _lines(s, viewer=1)
    assert "  P1 draws Swamp and Island." in _lines(s, viewer=0)
    # A log redacted for player 1 tells the same as player 1's narrator.
    assert list(narrate(redact(s.events(), 1), 1)) == _lines(s, viewer=1)


# --- combat in multiplayer -------------------------------------------------------------------


@pytest.mark.cards("Runeclaw Bear", "Centaur Courser", "Grizzly Bears", "Jace Beleren")
@pytest.mark.rules("508.1b", "802.1")
def test_whom_each_creature_attacks_in_multiplayer() -> None:
    s = Scenario(players=3)
    s.add(0, "battlefield", "Runeclaw Bear", "Centaur Courser", "Grizzly Bears")
    s.add(1, "battlefield", "Jace Beleren")
    s.attack(0, "Runeclaw Bear", defender=2)
    s.attack(0, "Grizzly Bears", defender=2)
    s.attack(0, "Centaur Courser", defender=1, planeswalker="Jace Beleren")
    s.run()
    attack = [line for line in _lines(s) if line.startswith("P1 attacks")]
    assert len(attack) == 1
    declared = s.events("attackers_declared")[0]["attackers"]
    by_defender: dict[str, list[str]] = {}
    for creature, *defender in declared:
        whom = "P3" if defender == [2] else f"P2's object #{defender[1]}"
        by_defender.setdefault(whom, []).append(f"object #{creature}")
    told = "; ".join(f"{whom} with {' and '.join(c)}" for whom, c in by_defender.items())
    assert attack[0] == f"P1 attacks {told}."


# --- mulligans --------------------------------------------------------------------------------


@pytest.mark.rules("103.5")
def test_mulligans_tell_the_hand_kept_and_the_cards_put_on_the_bottom() -> None:
    game = _game(["m10:red-green", "m10:green-white"], seed=3)
    records = game.log.records
    lines = [line for line in narrate(records) if "mulligan" in line]
    bottoms = [e for e in records if e["event"] == "decision_made" and e["kind"] == "bottom"]
    assert len(lines) == len(bottoms) == 3  # seed 3: P2 mulligans three times
    for line, bottom in zip(lines, bottoms, strict=True):
        put = len(bottom["choice"])
        kept = bottom["options"] - put
        cards = "card" if put == 1 else "cards"
        assert line == f"P2 mulligans to {kept} ({put} {cards} on the bottom)."
    assert lines[0] == "P2 mulligans to 6 (1 card on the bottom)."
    # The player who mulliganed sees the hand they kept; the other player doesn't.
    assert [line for line in narrate(records, 0) if "mulligan" in line] == lines
    seen_by_p2 = [line for line in narrate(records, 1) if "mulligan" in line]
    for line, bottom in zip(seen_by_p2, bottoms, strict=True):
        drawn = [
            e["card"]
            for e in records[: bottom["seq"]]
            if e["event"] == "card_drawn" and e["player"] == 1
        ][-7:]
        for name in bottom["chosen"]:
            drawn.remove(name)
        told = line.split(", keeping ")[1].removesuffix(".").replace(" and ", ", ").split(", ")
        assert sorted(name.split(" #")[0] for name in told) == sorted(drawn)


@pytest.mark.rules("103.5c")
def test_a_free_mulligan_puts_nothing_on_the_bottom() -> None:
    for seed in range(40):
        game = _game(["m10:red-green"] * 3, seed=seed)
        taken = [e for e in game.log.records if e["event"] == "mulligan_taken"]
        first_free = [e for e in taken if e["mulligans"] == 1]
        if first_free:
            player = f"P{first_free[0]['player'] + 1}"
            assert f"{player} mulligans to 7." in list(narrate(game.log.records))
            return
    pytest.fail("no mulligan in 40 three-player games")


# --- every event kind is narrated or deliberately silent ----------------------------------------


def test_every_engine_event_kind_is_narrated_or_deliberately_silent() -> None:
    engine = {
        name
        for name, cls in record_classes().items()
        if cls.__module__.startswith("manaweave.events")
    }
    assert not Narrator.NARRATED & set(Narrator.SILENT)
    assert engine - Narrator.NARRATED - set(Narrator.SILENT) == set()
    assert (Narrator.NARRATED | set(Narrator.SILENT)) - engine == set()


def test_random_games_produce_only_known_event_kinds_and_narrate_without_failing() -> None:
    seen: Counter[str] = Counter()
    for seed, (a, b) in enumerate(itertools.combinations(READY_DECKS, 2)):
        decks = [a, b] if seed % 5 else [a, b, READY_DECKS[seed % 8], READY_DECKS[-1]]
        game = _game(decks, seed)
        for viewer in (None, *range(len(decks))):
            narrator = Narrator(viewer)
            lines = [line for record in game.log.records for line in narrator.feed(record)]
            lines += narrator.finish()
            assert lines[-1].endswith(")."), lines[-1]  # the result
            assert all(line.strip() and "None" not in line for line in lines)
        seen.update(record["event"] for record in game.log.records)
    unknown = set(seen) - Narrator.NARRATED - set(Narrator.SILENT)
    assert not unknown, f"event kinds neither narrated nor silent: {sorted(unknown)}"


def test_a_plugins_event_adds_no_line() -> None:
    narrator = Narrator()
    assert narrator.feed({"v": 1, "game": "t", "seq": 0, "event": "bounty_claimed"}) == []


# --- narrating while the game runs -------------------------------------------------------------


def test_subscribing_delivers_every_record_in_order_as_it_is_written() -> None:
    game = manaweave.new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=7,
    )
    delivered: list[dict[str, Any]] = []
    sizes: list[int] = []

    def observe(record: dict[str, Any]) -> None:
        delivered.append(record)
        sizes.append(len(game.log))

    game.log.subscribe(observe)
    assert [r["event"] for r in delivered] == ["game_started"]  # the past comes first
    trio.run(manaweave.play_game, game)
    assert delivered == game.log.records
    # Each record arrives as it is written, before the next one is logged.
    assert sizes[1:] == [record["seq"] + 1 for record in delivered[1:]]


def test_a_streamed_narration_is_the_narration_of_the_finished_log() -> None:
    game = manaweave.new_game(
        decks=["m10:red-burn", "m10:white-weenie"],
        players=[RandomBot(seed=3), RandomBot(seed=4)],
        seed=11,
    )
    narrator = Narrator()
    streamed: list[str] = []
    game.log.subscribe(lambda record: streamed.extend(narrator.feed(record)))
    trio.run(manaweave.play_game, game)
    streamed += narrator.finish()
    assert streamed == list(narrate(game.log.records))


def test_the_same_game_narrates_the_same() -> None:
    one = list(narrate(_game(["m10:green-ramp", "m10:red-burn"], seed=5).log.records))
    two = list(narrate(_game(["m10:green-ramp", "m10:red-burn"], seed=5).log.records))
    assert one == two


def test_past_false_unsubscribe_and_events_logged_by_a_callback() -> None:
    log = EventLog("t")
    log.emit("first", {"turn": 0, "step": None})
    seen: list[int] = []

    def observe(record: dict[str, Any]) -> None:
        seen.append(record["seq"])
        if record["event"] == "second":  # logging from a callback: delivered after this
            log.emit("third", {"turn": 0, "step": None})
            seen.append(-1)

    stop = log.subscribe(observe, past=False)
    log.emit("second", {"turn": 0, "step": None})
    assert seen == [1, -1, 2]
    stop()
    log.emit("fourth", {"turn": 0, "step": None})
    assert seen == [1, -1, 2]
    assert [r["event"] for r in log.records] == ["first", "second", "third", "fourth"]


@pytest.mark.cards("Dragonskull Summit")
@pytest.mark.rules("614.1d", "305.1")
def test_a_land_entering_tapped_is_told_after_it_is_played() -> None:
    # The replacement is logged before the move that names the land.
    s = Scenario()
    s.add(0, "hand", "Dragonskull Summit")
    s.play_land(0, "Dragonskull Summit")
    s.run()
    lines = _lines(s)
    played = lines.index("P1 plays Dragonskull Summit.")
    assert lines[played + 1] == "  Dragonskull Summit enters tapped."


def _documented_examples() -> list[dict[str, Any]]:
    text = (Path(__file__).resolve().parents[1] / "docs" / "event-log.md").read_text()
    return [orjson.loads(block) for block in re.findall(r"```json\n(.*?)\n```", text, re.S)]


QUIET_EXAMPLES = {
    ("library_shuffled", "701.24a"): "a shuffle before the first turn",
    ("ability_resolved", "608.2n"): "its effects were told before it",
    ("event_replaced", "701.19a"): "a regeneration, told by permanent_regenerated",
}
"""The documented example lines of narrated kinds that add no line, and why."""


@pytest.mark.parametrize(
    "example", _documented_examples(), ids=lambda e: f"{e['event']}-{e['seq']}"
)
def test_every_documented_example_line_is_told_or_deliberately_silent(
    example: dict[str, Any],
) -> None:
    """Each example line of docs/event-log.md, fed after the example game_started line and
    seen by the player it is about, adds lines exactly when its kind is narrated."""
    start = _documented_examples()[0]
    viewer = example.get("player")
    narrator = Narrator(viewer if isinstance(viewer, int) else None)
    narrator.feed(start)
    lines = narrator.feed(example) + narrator.finish()
    kind = example["event"]
    if kind in Narrator.SILENT or (kind, example.get("rule")) in QUIET_EXAMPLES:
        assert lines == []
    elif kind != "game_started":
        assert lines, f"{kind} is narrated but its example adds no line"
    assert all(line.strip() and "None" not in line for line in lines)


def test_a_callback_that_subscribes_another_loses_no_record() -> None:
    log = EventLog("t")
    first: list[int] = []
    second: list[int] = []

    def observe(record: dict[str, Any]) -> None:
        first.append(record["seq"])
        if record["seq"] == 0:
            log.emit("logged_by_a_callback", {"turn": 0, "step": None})
            log.subscribe(lambda r: second.append(r["seq"]))

    log.subscribe(observe)
    log.emit("first", {"turn": 0, "step": None})
    log.emit("last", {"turn": 0, "step": None})
    assert first == [0, 1, 2]
    assert second == [0, 1, 2]


@pytest.mark.rules("122.1")
def test_a_counter_kind_is_told_with_the_article_its_sound_takes() -> None:
    narrator = Narrator()
    narrator.feed(_start())
    added = {"v": 1, "game": "t", "event": "counters_added", "object": 30, "count": 1}
    assert narrator.feed({**added, "seq": 1, "kind": "age", "total": 1}) == [
        "  object #30 gets an age counter (1 in all)."
    ]
    assert narrator.feed({**added, "seq": 2, "kind": "+1/+1", "total": 1}) == [
        "  object #30 gets a +1/+1 counter (1 in all)."
    ]

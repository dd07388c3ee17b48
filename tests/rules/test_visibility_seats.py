"""Rules tests for the log's ``visibility``: always the list of seats who may see an event
in full, every seat for a public event (CR 400.2), in two-player and multiplayer games; and
logs of schema version 2, whose public events said ``"public"``, still read, check, show,
redact and replay.

Test games: random bots playing the ready decks (two players, a four-player free-for-all,
Two-Headed Giant); the stored version 2 logs ``tests/golden/v2_*.jsonl`` (heuristic bots,
seeds 7 and 5, two and three players).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio

from manaweave import new_game, play_game, replay
from manaweave.log import LoggedEvent, is_public, read_events, read_records, redact, render_log
from manaweave.lowlevel import check_log, command_line, load_log
from manaweave.players import RandomBot

GOLDEN = Path(__file__).resolve().parents[1] / "golden"
V2_LOGS = [GOLDEN / "v2_two_players.jsonl", GOLDEN / "v2_three_players.jsonl"]

NEW_IN_VERSION_3 = {
    "damage_dealt": {"source_controller"},
    "life_changed": {"source", "source_name", "source_controller"},
    "damage_prevented": {"damage_source_controller"},
    "event_replaced": {"damage_source_controller"},
    "combat_damage_assigned": {"source_controllers"},
}
NEW_SINCE_VERSION_2 = {
    **NEW_IN_VERSION_3,
    # Version 4: the commitment to the seed and its reveal.
    "game_started": {"seed_nonce", "seed_commitment"},
    "game_ended": {"seed", "seed_nonce"},
}

GAMES = {
    "two players": (None, ["m10:red-green", "m10:green-white"]),
    "free-for-all": ("free_for_all", ["m10:red-green", "m10:green-white"] * 2),
    "two-headed giant": ("two_headed_giant", ["m10:red-green", "m10:green-white"] * 2),
}


def _played(name: str, tmp_path: Path) -> tuple[Path, list[dict[str, Any]]]:
    """A game of ``GAMES[name]`` between random bots, its log file and its records."""
    variant, decks = GAMES[name]
    path = tmp_path / "game.jsonl"
    players = [RandomBot(seed=seat + 1) for seat in range(len(decks))]
    game = new_game(decks=decks, players=players, seed=3, variant=variant, max_turns=8, log=path)
    trio.run(play_game, game)
    return path, list(game.log.records)


def _without_visibility(events: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in e.items() if k != "visibility"} for e in events]


@pytest.mark.rules("400.2", "808.5")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_visibility_is_a_list_of_seats_and_public_is_every_seat(name: str, tmp_path: Path) -> None:
    """Every line's ``visibility`` is a list of the game's seats (CR 400.2); an event is
    public, seen whole by a spectator, exactly when every seat is listed, and a player
    sees an event whole exactly when their seat is listed (a teammate reviewing a hand,
    808.5, is listed too)."""
    path, records = _played(name, tmp_path)
    seats = len(records[0]["players"])
    every = list(range(seats))
    assert all(isinstance(r["visibility"], list) for r in records)
    assert all(set(r["visibility"]) <= set(every) for r in records)
    public = [r for r in records if r["visibility"] == every]
    hidden = [r for r in records if r["visibility"] != every]
    assert public
    assert hidden
    assert all(is_public(r, seats) for r in public)
    assert not any(is_public(r, seats) for r in hidden)
    for viewer in (*every, None):
        view = list(redact(records, viewer))
        for full, seen in zip(records, view, strict=True):
            whole = viewer in full["visibility"] if viewer is not None else full in public
            if full["event"] in ("game_started", "game_ended"):
                continue  # own decklist only, no digest: whole or not, never the same dict
            assert (seen == full) == whole, (viewer, full)
    read = list(read_events(path))
    assert [e.is_public for e in read] == [r["visibility"] == every for r in records]
    assert all(e.seats == seats for e in read)


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("path", V2_LOGS, ids=lambda p: p.stem)
def test_a_version_2_log_reads_with_every_seat_for_public(path: Path) -> None:
    """A version 2 log's ``"public"`` reads as every seat of its game (CR 400.2); its lines
    keep ``v`` 2 and pass the checks a replay makes."""
    raw = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    assert {r["v"] for r in raw} == {2}
    assert any(r["visibility"] == "public" for r in raw)
    seats = len(raw[0]["players"])
    read = list(read_records(path))
    loaded = load_log(path)
    assert read == loaded
    check_log(loaded)
    for old, new in zip(raw, read, strict=True):
        expected = list(range(seats)) if old["visibility"] == "public" else old["visibility"]
        assert new["visibility"] == expected
        assert {**new, "visibility": old["visibility"]} == old
    events = list(read_events(path))
    assert [e.is_public for e in events] == [r["visibility"] == "public" for r in raw]
    assert events[5] == LoggedEvent.from_dict(raw[5], seats=seats)


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("path", V2_LOGS, ids=lambda p: p.stem)
def test_a_version_2_log_is_redacted_as_it_was(path: Path) -> None:
    """Each player, and a spectator, sees in full exactly the events they saw under version
    2 (CR 400.2: ``"public"`` to everybody, a list to its seats), and the rest reduced."""
    raw = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    read = list(read_records(path))
    seats = len(raw[0]["players"])
    for viewer in (*range(seats), None):
        view = _without_visibility(redact(read, viewer))
        assert view == _without_visibility(redact(raw, viewer))
        for old, seen in zip(_without_visibility(raw), view, strict=True):
            if old["event"] in ("game_started", "game_ended"):
                continue  # own decklist only, no digest: never the line as it is
            visibility = raw[old["seq"]]["visibility"]
            assert (seen == old) == (visibility == "public" or viewer in visibility), seen


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("player", [None, 1])
def test_a_version_2_log_is_shown(player: int | None, capsys: pytest.CaptureFixture[str]) -> None:
    """``manaweave show`` narrates a version 2 log as a spectator or a player sees it
    (CR 400.2): the spectator is not told which card P1 drew."""
    path = V2_LOGS[0]
    arguments = ["show", str(path), *(["--player", str(player)] if player else [])]
    assert command_line(arguments) == 0
    told = capsys.readouterr().out
    assert "P1 draws" in told
    assert ("P1 draws a card." in told) == (player is None)


def _as_version_2(records: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Lines as schema version 2 wrote them: ``"public"`` for every seat, without the
    fields versions 3 and 4 added."""
    old = []
    every: list[int] = []
    for record in records:
        if record["event"] == "game_started":
            every = list(range(len(record["players"])))
        line = {
            k: v for k, v in record.items() if k not in NEW_SINCE_VERSION_2.get(record["event"], ())
        }
        line["v"] = 2
        if line["visibility"] == every:
            line["visibility"] = "public"
        old.append(line)
    return old


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_version_2_log_replays(name: str, tmp_path: Path) -> None:
    """A game's log written as version 2 would have written it replays identically, from a
    file and from values; its digest matches."""
    _path, records = _played(name, tmp_path)
    old = _as_version_2(records)
    path = tmp_path / "v2.jsonl"
    path.write_bytes(render_log(old))
    result = replay(path)
    assert result.identical, result.mismatch
    assert result.digest_problem is None
    from_values = replay([orjson.loads(line) for line in path.read_bytes().splitlines()])
    assert from_values.identical, from_values.mismatch
    assert from_values.digest_problem is None
    # A hidden line changed to public is a difference (400.2): the replay says so.
    hidden = next(i for i, r in enumerate(old) if r["visibility"] != "public")
    old[hidden]["visibility"] = "public"
    path.write_bytes(render_log(old))
    assert not replay(path).identical

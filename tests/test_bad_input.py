"""Bad input: hostile or broken decklists, command-line arguments and game logs.

Each is turned away at once with a one-line error (a decklist with several problems lists
them, one per line) and the documented exit code, never a traceback, a hang or a
``MemoryError``. The work parsing takes is checked by what it does (calls counted) or under a
generous subprocess timeout, never by a tight timing."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
import pytest
from _command import run_manaweave

import manaweave
from manaweave import DecklistError, GameLogError, load_decklist, parse_decklist, replay
from manaweave.lowlevel import check_log, default_plugins, load_log
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot

# --- decklists -------------------------------------------------------------------------------


def _pool() -> Any:
    return default_plugins().cards


def test_a_line_of_spaces_before_a_parenthesis_parses_in_linear_time() -> None:
    """Lines such as ``1 <4,000 spaces>(``, which a backtracking pattern for the set code took
    quadratic time over (20,000 spaces: 11 s a line), are parsed in one pass: 10,000 of them
    (40 MB) end well inside a generous timeout, in a fresh interpreter."""
    program = textwrap.dedent(
        """
        from manaweave import parse_decklist

        for body in ("1 {spaces}(", "1 a{spaces}#x", "1 a{spaces})", "1 a{spaces}(M10) 1"):
            text = "\\n".join([body.format(spaces=" \\t" * 2000)] * 10_000)
            decklist = parse_decklist(text)
            entry = decklist.main[0]
            print(len(decklist), entry.name, entry.set_code, entry.collector_number)
        """
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "10000 ( None None",
        "10000 a None None",
        "10000 a ) None None",
        "10000 a M10 1",
    ]


@pytest.mark.parametrize(
    ("line", "entry"),
    [
        ("4 Shock (M19) 156", ("Shock", "M19", "156")),
        ("4 Shock   (M19)", ("Shock", "M19", None)),
        ("4 Fire // Ice (MH2) 290", ("Fire // Ice", "MH2", "290")),
        ("4 B.F.M. (Big Furry Monster)", ("B.F.M. (Big Furry Monster)", None, None)),
        ("4 Shock (M19)(M20)", ("Shock (M19)(M20)", None, None)),
        ("4 X (A) (B)", ("X", "A", "(B)")),
        ("4 (A) (B)", ("(A)", "B", None)),
        ("4 Shock  # (M19) cheap", ("Shock", None, None)),
        ("4 Shock#1", ("Shock#1", None, None)),
    ],
)
def test_set_codes_and_comments_are_split_off_as_before(
    line: str, entry: tuple[str, str | None, str | None]
) -> None:
    """The one-pass reading keeps the meaning the pattern had: the set is the word in the
    last parentheses, a last word after it the collector number, the shortest name wins."""
    (parsed,) = parse_decklist(line).main
    assert (parsed.name, parsed.set_code, parsed.collector_number) == entry


def test_only_the_problems_shown_get_a_did_you_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    """Looking for a suggestion compares the name with every card: 10,000 unknown lines
    look for 20, as only 20 problems are shown."""
    calls = 0
    close_matches = difflib.get_close_matches

    def counted(*args: Any, **kwargs: Any) -> list[str]:
        nonlocal calls
        calls += 1
        return close_matches(*args, **kwargs)

    monkeypatch.setattr(difflib, "get_close_matches", counted)
    text = "\n".join(f"1 Lightning Bolts {n}" for n in range(10_000))
    with pytest.raises(DecklistError) as raised:
        parse_decklist(text, _pool())
    message = str(raised.value)
    assert message.startswith("line 1: 10000 problems in decklist:")
    assert "line 20: no card named 'Lightning Bolts 19'" in message
    assert "... and 9980 more" in message
    assert calls == 20


def test_a_single_unknown_card_still_gets_its_suggestion() -> None:
    with pytest.raises(DecklistError, match=r"; did you mean 'Lightning Bolt' or"):
        parse_decklist("4 Lightning Blot\n", _pool())


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1001 Mountain", "impossible count 1001 (at most 1000)"),
        ("99999999999999999999 Mountain", "impossible count 999999999999... (20 digits)"),
        ("\n".join(["1000 Mountain"] * 11), "too many cards: 11000 in the list (a decklist"),
        ("\n".join(["10000 Forest"] * 100), "impossible count 10000 (at most 1000)"),
        ("1000 Mountain\nSideboard\n1 Shock", "too many cards: 10001"),
        ("\n" * 10_000, "too many lines: 10001 (a decklist has at most 10000)"),
        ("4 Mountain # " + "x" * 4084, "line too long: 4097 characters (at most 4096)"),
    ],
    ids=["count", "huge-count", "cards", "million", "sections", "lines", "line-length"],
)
def test_limits_no_real_list_reaches_are_clear_errors(text: str, message: str) -> None:
    if "Sideboard" in text:
        text = "\n".join(["1000 Mountain"] * 9) + "\n" + text
    with pytest.raises(DecklistError) as raised:
        parse_decklist(text)
    assert message in str(raised.value)


def test_the_limits_themselves_are_allowed() -> None:
    assert len(parse_decklist("\n".join(["1000 Mountain"] * 10))) == 10_000
    assert len(parse_decklist("4 Mountain # " + "x" * 4083)) == 4
    assert len(parse_decklist("4 Mountain" + "\n" * 9_999)) == 4


def test_a_dek_file_is_held_to_the_card_limit() -> None:
    cards = '<Cards Quantity="1000" Name="Mountain" Sideboard="false"/>' * 11
    with pytest.raises(DecklistError, match="too many cards: 11000"):
        parse_decklist(f"<Deck>{cards}</Deck>")


@pytest.mark.rules("100.2a")
@pytest.mark.cards("Relentless Rats")
def test_an_any_number_deck_of_a_thousand_copies_is_legal_and_plays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Relentless Rats: "A deck can have any number of cards named Relentless Rats"; a
    line of 1,000 stays within the count limit, and the deck is legal constructed and
    plays a game that replays."""
    deck = tmp_path / "rats.txt"
    deck.write_text("1000 Relentless Rats\n20 Swamp\n")
    assert main(["check", str(deck)]) == 0
    assert capsys.readouterr().out == f"{deck}: 1020 cards, legal for constructed play\n"
    log = tmp_path / "rats.jsonl"
    arguments = ["--deck", str(deck), "--deck", "m10:red-green", "--max-turns", "4"]
    assert main(["play", "--quiet", "--log", str(log), *arguments]) == 0
    assert replay(log).identical


def test_a_file_over_the_size_cap_is_refused_after_reading_the_cap(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"4 Mountain\n" * 100_000)
    with pytest.raises(DecklistError, match=r"too large: more than 1048576 bytes \(1 MiB\)"):
        load_decklist(big)


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_an_endless_deck_file_ends_at_once_with_exit_2(tmp_path: Path) -> None:
    done = run_manaweave(
        "play", "--deck", "/dev/zero", "--deck", "m10:red-green", cwd=tmp_path, timeout=120
    )
    assert done.returncode == 2
    assert done.stderr == (
        "manaweave: error: /dev/zero: decklist file too large: more than 1048576 bytes (1 MiB)\n"
    )
    assert not list(tmp_path.iterdir())  # nothing was played, no log written


# --- command-line arguments ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--seed", str(2**70)], "argument --seed: must be at most 18446744073709551615, not"),
        (["--seed", "9" * 5000], "argument --seed: must be at most 18446744073709551615, not a"),
        (["--seed", "-1"], "argument --seed: must be at least 0, not -1"),
        (["--seed", "3.0"], "argument --seed: '3.0' is not a whole number"),
        (["--max-turns", str(10**30)], "argument --max-turns: must be at most 1000000, not"),
        (["--max-turns", "0"], "argument --max-turns: must be at least 1, not 0"),
        (["--players", "101"], "argument --players: must be at most 100, not 101"),
        (["--players", str(10**9)], "argument --players: must be at most 100, not a 10-digit"),
        (["--players", "17"], "--players 17: the free_for_all variant is for 2 to 16 players"),
        (["--players", "x" * 5000], "argument --players: 'xxxxxxxxxx"),
        (["--decision-time-limit", "-1"], "argument --decision-time-limit: must be at least 0"),
        (["--decision-time-limit", "nan"], "argument --decision-time-limit: must be at least 0"),
        (["--decision-time-limit", "1e9"], "argument --decision-time-limit: must be at most 86"),
        (["--decision-time-limit", "soon"], "argument --decision-time-limit: 'soon' is not a"),
        (["--decision-time-limit", "9" * 5000], "argument --decision-time-limit: '99999999"),
    ],
    ids=[
        "seed-70-bits",
        "seed-5000-digits",
        "seed-negative",
        "seed-float",
        "max-turns",
        "max-turns-0",
        "players",
        "players-huge",
        "players-variant",
        "players-junk",
        "time-limit-negative",
        "time-limit-nan",
        "time-limit-huge",
        "time-limit-junk",
        "time-limit-5000-digits",
    ],
)
def test_numeric_arguments_out_of_range_are_one_line_and_exit_2(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    arguments: list[str],
    message: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["play", "--quiet", *arguments]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"manaweave: error: {message}")
    assert captured.err.count("\n") == 1
    assert len(captured.err) < 300
    assert not list(tmp_path.iterdir())


def test_the_largest_seed_plays_and_replays(tmp_path: Path) -> None:
    """2**64-1, the top of the range, can be logged and replayed."""
    played = run_manaweave(
        "play", "--seed", str(2**64 - 1), "--max-turns", "3", "--log", "g.jsonl", cwd=tmp_path
    )
    assert played.returncode == 0, played.stderr
    assert replay(tmp_path / "g.jsonl").identical


def test_an_out_of_range_seed_in_the_installed_command_is_exit_2(tmp_path: Path) -> None:
    done = run_manaweave("play", "--seed", str(2**64), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "manaweave: error: argument --seed: must be at most 18446744073709551615, not "
        "18446744073709551616 (see manaweave play --help)\n"
    )


def test_show_player_is_range_checked(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", str(tmp_path / "g.jsonl"), "--player", str(10**40)]) == 2
    assert capsys.readouterr().err == (
        "manaweave: error: argument --player: must be at most 100, not a 41-digit number "
        "(see manaweave show --help)\n"
    )


# --- malformed logs --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def good_log(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    """The events of a short real game."""
    path = tmp_path_factory.mktemp("good") / "game.jsonl"
    manaweave.run(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=3,
        log=path,
        max_turns=4,
        game_id="game-3",
    )
    return [orjson.loads(line) for line in path.read_bytes().splitlines()]


def _lines(events: list[dict[str, Any]]) -> bytes:
    # The standard encoder: it writes numbers orjson refuses (2**70), as a hostile file may.
    return b"".join(json.dumps(e).encode() + b"\n" for e in events)


def _started(field: str, value: Any) -> Callable[[list[dict[str, Any]]], bytes]:
    """A log whose game_started has ``field`` set to ``value`` (or removed, for ``...``)."""

    def change(events: list[dict[str, Any]]) -> bytes:
        started = dict(events[0])
        if value is ...:
            del started[field]
        else:
            started[field] = value
        return _lines([started, *events[1:]])

    return change


def _every_line(change: Callable[[dict[str, Any], int], None]) -> Callable[..., bytes]:
    def changed(events: list[dict[str, Any]]) -> bytes:
        edited = [dict(e) for e in events]
        for position, event in enumerate(edited):
            change(event, position)
        return _lines(edited)

    return changed


def _swap_5_and_6(events: list[dict[str, Any]]) -> bytes:
    edited = list(events)
    edited[5], edited[6] = edited[6], edited[5]
    return _lines(edited)


def _raw(build: Callable[[bytes], bytes]) -> Callable[[list[dict[str, Any]]], bytes]:
    return lambda events: build(_lines(events))


def _non_utf8(data: bytes) -> bytes:
    first, rest = data.split(b"\n", 1)
    return first + b'\n{"v":2,"game":"game-3","seq":1,"event":"\xff\xfe"}\n' + rest


def _nul_bytes(data: bytes) -> bytes:
    first, rest = data.split(b"\n", 1)
    return first + b"\n\x00\x00\x00\n" + rest


def _drop_v_everywhere(event: dict[str, Any], _position: int) -> None:
    del event["v"]


def _v_5_on_line_4(event: dict[str, Any], position: int) -> None:
    if position == 4:
        event["v"] = 5


def _v_2_on_line_4(event: dict[str, Any], position: int) -> None:
    if position == 4:
        event["v"] = 2


def _public_on_line_4(event: dict[str, Any], position: int) -> None:
    if position == 4:
        event["visibility"] = "public"


def _new_game_id(event: dict[str, Any], position: int) -> None:
    event["game"] = f"game-{position}"


def _seq_as_text(event: dict[str, Any], position: int) -> None:
    event["seq"] = str(position)


def _empty_game_id(event: dict[str, Any], position: int) -> None:
    event["game"] = ""


def _player_true(event: dict[str, Any], position: int) -> None:
    if position == 1:
        event["player"] = True


MALFORMED_LOGS: dict[str, tuple[Callable[[list[dict[str, Any]]], bytes], str]] = {
    # A log cut in the middle of a later line is an incomplete log, not a malformed one
    # (tests/test_durable_log.py); cut in its first line, it holds no event at all.
    "truncated-first-line": (
        lambda events: _lines(events)[:100],
        ": the file holds no complete line; not a manaweave game log",
    ),
    "non-utf8": (_raw(_non_utf8), ":2: not JSON: str is not valid UTF-8"),
    "nul-bytes": (_raw(_nul_bytes), ":2: not JSON: "),
    "no-v": (_every_line(_drop_v_everywhere), ":1: not a log event: lacks v"),
    "v-unknown": (_every_line(_v_5_on_line_4), ": event 4 has schema version 5; this"),
    "v-mixed": (_every_line(_v_2_on_line_4), ": event 4 has schema version 2, but the log's"),
    "visibility-public-in-v3": (
        _every_line(_public_on_line_4),
        ": event 4 card_drawn has visibility 'public', not a list of the game's seats",
    ),
    "v-text": (_started("v", "1"), ": event 0 has schema version '1'; this manaweave reads"),
    "game-id-per-line": (_every_line(_new_game_id), ": event 1 is of game 'game-1', but the"),
    "seq-out-of-order": (_swap_5_and_6, ": event 5 has seq 6; a log's events are numbered"),
    "seq-text": (_every_line(_seq_as_text), ": event 0 has seq '0'; a log's events are"),
    "player-bool": (_every_line(_player_true), ": event 1 starting_player_chosen names player"),
    "game-int": (_started("game", 7), ": game_started's game id 7 is not a string"),
    "game-empty": (_every_line(_empty_game_id), ": game_started's game id is empty"),
    "seed-float": (_started("seed", 3.0), ": game_started's seed 3.0 is not a whole number"),
    "seed-text": (_started("seed", "3"), ": game_started's seed '3' is not a whole number"),
    "seed-bool": (_started("seed", True), ": game_started's seed True is not a whole number"),
    "seed-null": (_started("seed", None), ": game_started's seed None is not a whole number"),
    # JSON numbers beyond 64 bits are read as floats.
    "seed-70-bits": (_started("seed", 2**70), ": game_started's seed 1.1805916207174113e+21"),
    "seed-low": (_started("seed", -(2**63) - 1), ": game_started's seed -9.223372036854776e+18"),
    "seed-missing": (_started("seed", ...), ": game_started lacks seed"),
    "nonce-short": (
        _started("seed_nonce", "abc"),
        ": game_started's seed_nonce 'abc' is not 32 lowercase hexadecimal digits",
    ),
    "nonce-missing": (_started("seed_nonce", ...), ": game_started's seed_nonce None is not 32"),
    "commitment-int": (
        _started("seed_commitment", 5),
        ": game_started's seed_commitment 5 is not a SHA-256 in 64 lowercase hexadecimal",
    ),
    "variant-int": (_started("variant", 5), ": game_started's variant 5 is not a variant's"),
    "variant-unknown": (_started("variant", "nope"), ": the game of game_started cannot be set"),
    "variant-nul": (_started("variant", "two_player\x00"), "unknown variant 'two_player\\x00'"),
    "players-int": (_started("players", 5), ": game_started's players 5 are malformed"),
    "players-none": (_started("players", []), ": game_started's players [] are malformed"),
    "player-name-int": (_started("players", [{"name": 1}, {"name": 2}]), "players [{'name'"),
    "decks-of-ints": (_started("decks", [[1], [2]]), ": game_started's decks [[1], [2]] are"),
    "decks-of-text": (_started("decks", ["ab", "cd"]), ": game_started's decks ['ab', 'cd']"),
    "decks-short": (_started("decks", [["Forest"]]), "decks are malformed: 1 decks for 2"),
    "deck-huge": (_started("decks", [["Forest"] * 10_001, []]), "deck of player 1 has 10001"),
    "plugins-int": (_started("plugins", 1), ": game_started's plugins 1 are malformed"),
    "plugins-ints": (_started("plugins", [[1, 2]]), ": game_started's plugins [[1, 2]] are"),
    "max-turns-huge": (_started("max_turns", 10**18), "max_turns 1000000000000000000 is not"),
    "max-turns-0": (_started("max_turns", 0), ": game_started's max_turns 0 is not null or"),
    "max-turns-text": (_started("max_turns", "4"), ": game_started's max_turns '4' is not"),
    "max-turns-float": (_started("max_turns", 4.0), ": game_started's max_turns 4.0 is not"),
    "engine-int": (_started("engine", 1), ": game_started's engine 1 is not a string"),
    "deck-rules-int": (_started("deck_rules", 1), ": game_started's deck_rules 1 is not a"),
    "deck-names-int": (_started("deck_names", 1), ": game_started's deck_names 1 is not one"),
    "open-decklists-text": (
        _started("open_decklists", "yes"),
        ": game_started's open_decklists 'yes' is not true or false",
    ),
    "neutral-int": (_started("neutral_plugins", 1), ": game_started's neutral_plugins 1 is"),
    "disabled-ints": (_started("disabled_plugins", [1]), "disabled_plugins [1] is not a list"),
    "distributions-list": (_started("distributions", []), "distributions [] is not an object"),
    "huge-game-id": (_started("game", "g" * 5_000_000), "event 1 is of game 'game-3', but the"),
}


SHOWN_ALL_THE_SAME = {"variant-unknown", "variant-nul"}
"""Logs only a replay refuses: ``show`` narrates a game of a variant it does not have."""


@pytest.mark.parametrize("kind", sorted(MALFORMED_LOGS))
def test_a_malformed_log_is_one_line_and_exit_3_for_replay_and_show(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    good_log: list[dict[str, Any]],
    kind: str,
) -> None:
    build, message = MALFORMED_LOGS[kind]
    path = tmp_path / "bad.jsonl"
    path.write_bytes(build(good_log))
    with pytest.raises(GameLogError) as raised:
        replay(path)
    assert message in str(raised.value)
    assert str(raised.value).startswith(str(path))
    for command in ("replay",) if kind in SHOWN_ALL_THE_SAME else ("replay", "show"):
        assert main([command, str(path)]) == 3
        captured = capsys.readouterr()
        assert captured.out == ""
        assert captured.err == f"manaweave: error: {raised.value}\n"
        assert len(captured.err) < 400


def test_events_given_in_memory_are_checked_as_a_file_is(
    good_log: list[dict[str, Any]],
) -> None:
    edited = [dict(e) for e in good_log]
    edited[0]["seed"] = 3.0
    with pytest.raises(GameLogError, match=r"^the log: game_started's seed 3\.0 is not"):
        replay(edited)
    edited[0]["seed"] = 2**64
    with pytest.raises(GameLogError, match=r"seed 18446744073709551616 is outside -9223372"):
        replay(edited)
    edited[0]["seed"] = 3
    edited[0]["players"] = [{"name": f"P{n}"} for n in range(101)]
    with pytest.raises(GameLogError, match=r"players \[\{'name': 'P0'\}.*are malformed: 1 to 100"):
        replay(edited)
    with pytest.raises(GameLogError, match=r"^the log: no events; not a manaweave game log"):
        check_log([])
    check_log(good_log)


def test_the_unchanged_log_replays(tmp_path: Path, good_log: list[dict[str, Any]]) -> None:
    """The corpus's base is good: each failure above comes from its one change."""
    path = tmp_path / "good.jsonl"
    path.write_bytes(_lines(good_log))
    assert load_log(path) == good_log
    assert replay(path).identical


@pytest.mark.parametrize("where", ["value", "key"])
def test_a_difference_on_a_huge_line_prints_a_bounded_excerpt(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], good_log: list[dict[str, Any]], where: str
) -> None:
    edited = [dict(e) for e in good_log]
    if where == "value":
        edited[3]["extra"] = "x" * 5_000_000
    else:
        edited[3]["x" * 5_000_000] = 1
    path = tmp_path / "huge.jsonl"
    path.write_bytes(_lines(edited))
    # The edit (and the standard encoder's spacing) no longer matches the log's digest:
    # that is reported first, with the difference the replay found.
    assert main(["replay", str(path)]) == 6
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: the log was changed after it was written: ")
    assert "; the replay differs at event 3 " in out
    assert "only in the replay" in out or "missing from the replay" in out
    assert out.count("\n") == 1
    assert len(out) < 2500


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_a_device_is_not_a_log(tmp_path: Path) -> None:
    for command in ("replay", "show"):
        done = run_manaweave(
            command, os.devnull if command == "show" else "/dev/zero", cwd=tmp_path
        )
        assert done.returncode == 3
        assert done.stderr.endswith(": a device, not a manaweave game log\n")
        assert done.stderr.count("\n") == 1


def test_the_installed_command_gives_one_line_for_a_malformed_log(
    tmp_path: Path, good_log: list[dict[str, Any]]
) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_bytes(_started("max_turns", 10**18)(good_log))
    for command in ("replay", "show"):
        done = run_manaweave(command, str(path), cwd=tmp_path)
        assert done.returncode == 3
        assert done.stdout == ""
        assert done.stderr == (
            f"manaweave: error: {path}: game_started's max_turns 1000000000000000000 is not "
            "null or a whole number from 1 to 1000000\n"
        )


# --- players' names --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["x" * 101, "P2"], "1 to 100 characters, not 'xxxx"),
        (["x" * 200_000_000, "P2"], "(200,000,000 characters)"),
        (["", "P2"], "1 to 100 characters, not ''"),
        ([7, "P2"], "1 to 100 characters, not 7"),
    ],
    ids=["101", "200-million", "empty", "not-a-text"],
)
def test_a_players_name_has_a_length_limit(names: list[Any], message: str) -> None:
    with pytest.raises(ValueError, match="a player's name must be a text") as raised:
        manaweave.new_game(
            decks=["m10:red-green", "m10:green-white"],
            players=[RandomBot(1), RandomBot(2)],
            names=names,
        )
    assert message in str(raised.value)
    assert len(str(raised.value)) < 200

"""The seed decides every shuffle, so it is as hidden as a library until the game ends
(CR 400.2, 701.24a): tested the way an attacker would use a view.

An attacker holds one seat's view of a game (P2's, as the log's redaction, ``manaweave
show --player``, ``manaweave view --as`` and the server's stream give it) and the
decklists (the games are played with open decklists, so the view has them all). Every
whole number the view holds, alone or inside a string (a game id, a bot's kind), is a
candidate seed, with the ways a seed is commonly turned into others (``1000 * seed + k``,
``seed + k``, ``2 * seed + k``) undone. For each candidate the attacker deals the game
again with the engine and keeps the candidate that deals P2 the opening hand P2 saw;
from it they predict P1's opening hand. No candidate may deal P2's hand, and P1's hands
may be predicted no better than chance.

The games' seeds are large numbers the attacker cannot guess: a guessable seed (the
default, a small number) is no secret, and no view can hide it.
"""

from __future__ import annotations

import math
import random
import re
import subprocess
import sys
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio

import manaweave
from manaweave import Choice, Decision
from manaweave.client import connect, play_remote
from manaweave.log import read_records, redact
from manaweave.lowlevel import command_line as main
from manaweave.lowlevel import default_plugins
from manaweave.players import RandomBot
from manaweave.serve import RemotePlayer, open_game_server

Record = dict[str, Any]

DECKS = ("m10:red-green", "m10:green-white")
HAND = 7
_DRAWN = random.Random(27)
SEEDS = tuple(_DRAWN.getrandbits(64) for _ in range(4))
"""The games' seeds: 64 random bits each, which the attacker does not know."""


# --- the games attacked ----------------------------------------------------------------------


@cache
def library_games() -> tuple[tuple[Record, ...], ...]:
    """Games played with :func:`manaweave.new_game`, their bots seeded from the game's seed
    as a caller often does, with open decklists: whole logs."""
    logs = []
    for seed in SEEDS[:2]:
        game = manaweave.new_game(
            decks=DECKS,
            players=[RandomBot(seed=seed), RandomBot(seed=seed * 1000 + 1)],
            seed=seed,
            max_turns=2,
            open_decklists=True,
        )
        trio.run(manaweave.play_game, game)
        logs.append(tuple(game.log.records))
    return tuple(logs)


@cache
def command_games(folder: Path) -> tuple[tuple[Record, ...], ...]:
    """Games played with ``manaweave play --seed``, as a user plays them: whole logs."""
    logs = []
    for seed in SEEDS[2:]:
        path = folder / f"{seed}.jsonl"
        argv = ["play", "--seed", str(seed), "--max-turns", "2", "--open-decklists"]
        assert main([*argv, "--log", str(path), "--quiet"]) == 0
        logs.append(tuple(read_records(path)))
    return tuple(logs)


def every_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[tuple[Record, ...], ...]:
    return library_games() + command_games(tmp_path_factory.getbasetemp())


# --- the attacker -----------------------------------------------------------------------------


def _numbers(value: object) -> Iterator[int]:
    """Every whole number ``value`` holds, in any field, alone or as digits in a string."""
    if isinstance(value, bool):
        return
    if isinstance(value, int):
        yield value
    elif isinstance(value, str):
        for digits in re.findall(r"\d+", value):
            yield int(digits)
        for hexadecimal in re.findall(r"[0-9a-f]{8,}", value):
            yield int(hexadecimal, 16)
    elif isinstance(value, list):
        for item in value:
            yield from _numbers(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _numbers(item)


def candidate_seeds(view: Sequence[Record]) -> set[int]:
    """Every seed the view could tell: each number it holds, and what ``1000 * seed + k``,
    ``seed + k`` and ``2 * seed + k`` (a bot's seed, a game's id) give back."""
    found = {n for record in view for n in _numbers(record)}
    candidates = set(found)
    for n in found:
        for k in range(4):
            candidates.update({(n - k) // 1000, n - k, (n - k) // 2})
    return {c for c in candidates if 0 <= c < 2**64}


class _Concedes:
    """A player that concedes at once: the game is dealt, then over."""

    async def decide(self, decision: Decision) -> Choice:
        return Choice.concession()


def opening_hands(decks: Sequence[Sequence[str]], seed: int) -> list[Counter[str]]:
    """The opening hands the engine deals these decks with ``seed``, by seat."""
    game = manaweave.new_game(
        decks=[list(deck) for deck in decks],
        players=[_Concedes(), _Concedes()],
        seed=seed,
        plugins=_plugins(),
        seating="given",
    )
    trio.run(manaweave.play_game, game)
    return [Counter(obj.card.name for obj in state.hand) for state in game.players]


@cache
def _plugins() -> Any:
    return default_plugins()


def hands_seen(records: Sequence[Record], seat: int) -> Counter[str]:
    """The opening hand of ``seat`` as the cards drawn before the first mulligan decision
    (every card is named in the whole log, and in the seat's own view)."""
    hand: Counter[str] = Counter()
    for record in records:
        if record["event"] == "decision_made":
            break
        if record["event"] == "card_drawn" and record.get("player") == seat:
            hand[record["card"]] += 1
    return hand


def attack(view: Sequence[Record], seat: int) -> tuple[list[Counter[str]], int]:
    """What the attacker holding ``seat``'s ``view`` of a game under way (every line before
    ``game_ended``, which reveals the seed once nothing is hidden any more) predicts of the
    other seat's opening hand: what each candidate seed that deals ``seat`` their own hand
    deals the other (none: no candidate does), and how many candidates they tried."""
    view = [record for record in view if record["event"] != "game_ended"]
    decks = view[0]["decks"]
    own = hands_seen(view, seat)
    assert sum(own.values()) == HAND
    candidates = candidate_seeds(view)
    predictions = []
    for candidate in sorted(candidates):
        hands = opening_hands(decks, candidate)
        if hands[seat] == own:
            predictions.append(hands[1 - seat])
    return predictions, len(candidates)


def chance_overlap(deck: Sequence[str], guess: Counter[str]) -> tuple[float, float]:
    """The mean and standard deviation of how many cards of ``guess`` a random hand of
    :data:`HAND` cards from ``deck`` holds (each card of the guess counted up to its
    copies in the hand), estimated by dealing many hands."""
    rng = random.Random(0)
    overlaps = []
    for _ in range(4000):
        hand = Counter(rng.sample(list(deck), HAND))
        overlaps.append(sum((hand & guess).values()))
    mean = sum(overlaps) / len(overlaps)
    spread = math.sqrt(sum((o - mean) ** 2 for o in overlaps) / len(overlaps))
    return mean, spread


@pytest.mark.rules("400.2", "701.24a")
def test_an_attacker_with_one_seat_s_view_predicts_no_hidden_card_better_than_chance(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """From P2's view alone, P1's opening hands are predicted no better than a guess from
    the decklist: no candidate seed deals them exactly, and over all games the attacker's
    guesses hold no more of P1's cards than chance. (A candidate may happen to deal P2's
    own hand: hundreds are tried, and a hand of mostly lands is not rare. What it then
    deals P1 is a guess like any other, counted with the others.)"""
    games = every_game(tmp_path_factory)
    found = []
    matched = expected = variance = 0.0
    tried = 0
    for records in games:
        view = list(redact(records, 1))
        assert view[0]["decks"] == records[0]["decks"]  # open decklists: the attacker has them
        predictions, candidates = attack(view, seat=1)
        tried += candidates
        actual = hands_seen(records, 0)
        deck = records[0]["decks"][0]
        copies = Counter(deck)
        # With no candidate, the attacker guesses the deck's most common cards.
        likeliest = Counter(sorted(deck, key=lambda card: (-copies[card], card))[:HAND])
        guess = predictions[0] if predictions else likeliest
        if actual in predictions:
            found.append(f"{records[0]['game']}: P1's hand predicted {dict(actual)}")
        matched += sum((guess & actual).values())
        mean, spread = chance_overlap(deck, guess)
        expected += mean
        variance += spread**2
    assert tried > 100  # the views held numbers to try
    assert not found, found
    # Better than chance would be more than three standard deviations above it.
    assert matched <= expected + 3 * math.sqrt(variance), (matched, expected)


def test_the_attacker_finds_the_seed_when_a_view_shows_it(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The attack is real: given a view that (wrongly) shows the seed, it predicts P1's
    opening hand exactly."""
    records = every_game(tmp_path_factory)[0]
    view = list(redact(records, 1))
    view.insert(1, {"event": "leaked", "seed": records[0]["seed"]})
    predictions, _ = attack(view, seat=1)
    assert hands_seen(records, 0) in predictions


# --- no view shows the seed before the game ends ------------------------------------------------


def secrets_of(started: Mapping[str, Any]) -> list[str]:
    """What no view may show before ``game_ended``: the seed and its nonce, in the forms a
    line could hold them (the seed as digits anywhere, even inside a longer number)."""
    nonce = started.get("seed_nonce")
    return [str(started["seed"]), *([nonce] if nonce else [])]


def shows_before_the_end(lines: Sequence[bytes], secrets: Sequence[str]) -> list[str]:
    """The secrets each line before ``game_ended`` shows, with the line's start."""
    shown = []
    for line in lines:
        if b'"event":"game_ended"' in line:
            break
        shown.extend(f"{secret} in {line[:120]!r}" for secret in secrets if secret.encode() in line)
    return shown


@pytest.mark.rules("400.2")
def test_no_view_of_a_log_shows_the_seed_or_its_nonce_before_the_game_ends(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """Every seat's and the spectators' view of each game (``redact``, which ``show``,
    ``view`` and the server use); ``game_ended`` reveals both, matching the commitment."""
    for records in every_game(tmp_path_factory):
        started = records[0]
        for viewer in (0, 1, None):
            view = list(redact(records, viewer))
            lines = [orjson.dumps(record) for record in view]
            assert not shows_before_the_end(lines, secrets_of(started))
            assert "seed" not in view[0]
            assert "seed_nonce" not in view[0]
            assert view[0]["seed_commitment"] == started["seed_commitment"]
            assert (view[-1]["seed"], view[-1]["seed_nonce"]) == (
                started["seed"],
                started["seed_nonce"],
            )
            assert all("seed=" not in player["kind"] for player in view[0]["players"])


def test_show_and_view_pages_show_the_seed_only_at_the_end(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``manaweave show --player`` and a ``manaweave view --public`` page."""
    seed = SEEDS[0]
    log = tmp_path / "game.jsonl"
    argv = ["play", "--seed", str(seed), "--max-turns", "2", "--log", str(log), "--quiet"]
    assert main(argv) == 0
    started = next(read_records(log))
    assert main(["show", str(log), "--player", "2"]) == 0
    told = capsys.readouterr().out.splitlines()
    revealed = told.index(
        f"The seed was {seed}; it matches the commitment shown as the game began."
    )
    assert not [s for s in secrets_of(started) if s in "\n".join(told[:revealed])]
    page = tmp_path / "game.html"
    assert main(["view", str(log), "--public", "-o", str(page)]) == 0
    html = page.read_text(encoding="utf-8")
    assert started["seed_commitment"] in html
    # The page holds every event at once: the nonce only in game_ended, which reveals it.
    assert html.count(started["seed_nonce"]) == 1
    assert f'"seed_nonce":"{started["seed_nonce"]}","event":"game_ended"' in html


def test_the_game_id_is_not_made_from_the_seed() -> None:
    """The default id is made from the nonce: two games of one seed have two ids, and a
    replay (given the nonce) the same."""
    first, second = (
        manaweave.new_game(decks=DECKS, players=[RandomBot(), RandomBot()], seed=SEEDS[0])
        for _ in range(2)
    )
    assert first.log.game_id != second.log.game_id
    assert str(SEEDS[0]) not in first.log.game_id
    again = manaweave.new_game(
        decks=DECKS,
        players=[RandomBot(), RandomBot()],
        seed=SEEDS[1],
        seed_nonce=first.seed_nonce,
    )
    assert again.log.game_id == first.log.game_id


# --- the server's stream --------------------------------------------------------------------------


def test_the_server_sends_no_seat_and_no_spectator_the_seed_before_the_end() -> None:
    """Every message ``manaweave serve`` sends a seat's client and a spectator, the
    ``joined`` message included, holds neither the seed nor its nonce before the end."""
    seed = SEEDS[1]

    async def run() -> tuple[manaweave.lowlevel.Game, list[bytes], list[bytes]]:
        game = manaweave.new_game(
            decks=DECKS,
            players=[RemotePlayer(), RandomBot(seed=seed + 1)],
            seed=seed,
            max_turns=3,
            seating="given",
        )
        seat_lines: list[bytes] = []
        watched: list[bytes] = []
        with trio.fail_after(60):
            async with open_game_server(game) as server, trio.open_nursery() as nursery:

                async def seat() -> None:
                    token = server.remote_players[0].token
                    await play_remote(
                        server.url,
                        token,
                        RandomBot(seed=seed + 2),
                        on_event=lambda e: seat_lines.append(orjson.dumps(e)),
                        on_join=lambda c: seat_lines.append(orjson.dumps(vars_of(c))),
                    )

                async def spectate() -> None:
                    async with connect(
                        server.url, server.spectator_token or "", spectate=True
                    ) as client:
                        watched.append(orjson.dumps(vars_of(client)))
                        await client.watch(on_event=lambda e: watched.append(orjson.dumps(e)))

                nursery.start_soon(seat)
                nursery.start_soon(spectate)
                await server.play()
        return game, seat_lines, watched

    game, seat_lines, watched = trio.run(run)
    started = game.log.records[0]
    for lines in (seat_lines, watched):
        assert any(b"game_ended" in line for line in lines)
        assert not shows_before_the_end(lines, secrets_of(started))


def vars_of(client: object) -> dict[str, Any]:
    """What a client object learnt when it joined (its plain attributes)."""
    return {k: v for k, v in vars(client).items() if isinstance(v, str | int | list | dict | None)}


def test_serve_draws_a_seed_nobody_can_guess_and_join_tells_it_only_at_the_end(
    tmp_path: Path,
) -> None:
    """``manaweave serve`` without ``--seed``: a seed of 64 random bits, the log named
    after the game id; what ``manaweave join`` prints for its seat shows it only at the
    end, checked against the commitment."""
    server = subprocess.Popen(
        [
            *(sys.executable, "-m", "manaweave", "serve", "--remote", "2", "--port", "0"),
            *("--quiet", "--max-turns", "3"),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        assert server.stdout is not None
        lines = [server.stdout.readline() for _ in range(4)]
        game_id = lines[0].split()[2]
        url = lines[0].split(" at ")[1].strip()
        token = lines[1].split("token ")[1].strip()
        joined = subprocess.run(
            [sys.executable, "-m", "manaweave", "join", url, "--token", token],
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
        server.communicate(timeout=60)
    finally:
        server.kill()
        server.wait()
    (log,) = tmp_path.glob("manaweave-game-*.jsonl")
    assert log.name == f"manaweave-{game_id}.jsonl"
    started = next(read_records(log))
    assert started["seed"] > 2**32  # 64 random bits: this fails once in four billion runs
    told = joined.stdout.splitlines()
    revealed = told.index(
        f"The seed was {started['seed']}; it matches the commitment shown as the game began."
    )
    assert not [s for s in secrets_of(started) if s in "\n".join(told[:revealed])]


def test_play_draws_the_seed_when_a_bot_in_a_process_of_its_own_plays(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # An untrusted bot could guess a default seed and deal the game again: with one seated
    # and no --seed, play draws the seed (revealed at the end) and names the log after the
    # game. The engine's own bots play the reproducible default seed 1.
    monkeypatch.chdir(tmp_path)
    common = ["play", "--quiet", "--max-turns", "2"]
    spec = "subprocess:manaweave.players:RandomBot"
    for _ in range(2):
        assert main([*common, "--bot", spec, "--bot", "random"]) == 0
    assert main([*common, "--bot", "random"]) == 0
    capsys.readouterr()
    logs = sorted(tmp_path.glob("manaweave-game-*.jsonl"))
    assert (tmp_path / "manaweave-game-1.jsonl") in logs
    others = [p for p in logs if p.name != "manaweave-game-1.jsonl"]
    drawn = [list(read_records(p)) for p in others]
    assert len(drawn) == 2
    seeds = [records[-1]["seed"] for records in drawn]
    assert len(set(seeds)) == 2
    assert 1 not in seeds
    for path, records in zip(others, drawn, strict=True):
        assert path.name == f"manaweave-{records[0]['game']}.jsonl"
        assert str(records[-1]["seed"]) not in path.name
    assert list(read_records(tmp_path / "manaweave-game-1.jsonl"))[-1]["seed"] == 1

"""Checking that logged events are a game log a replay can use, before anything is played.

A replay trusts the log's ``game_started`` to set the game up and its lines to hold the
players' answers; a broken or edited log must be turned away with one clear line rather
than set up a game the engine was never asked for (a seed of ``3.0``, a turn limit of
10^18) or fail deep inside it. Every value quoted in a message is cut short, so that a
hostile log cannot make the message huge.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from manaweave.log import READABLE_VERSIONS

from ._decklist import MAX_CARDS
from ._errors import GameLogError
from ._limits import MAX_NAME_LENGTH, MAX_PLAYERS, MAX_SEED, MAX_TURNS, MIN_SEED
from ._seed_secret import check_nonce

__all__ = ["check_log", "game_fields_problem", "line_problem", "logged_seed", "started_problem"]

_STARTED_FIELDS = ("game", "seed", "variant", "players", "decks", "plugins")
"""The fields of ``game_started`` a replay needs."""


def check_log(events: Sequence[Mapping[str, Any]], source: str = "the log") -> None:
    """Check that ``events`` are a log a replay can use, without playing it.

    The first event must be a ``game_started`` whose every field the replay uses has the
    type and range the engine writes; on every line, ``v`` must be a version this engine
    reads (:data:`~manaweave.log.READABLE_VERSIONS`), that of ``game_started``, ``game`` the
    id of ``game_started``, ``seq`` the line's position (``0``, ``1``, ... with no gap,
    repeat or swap), ``event`` a string, ``player``, when given, a seat of the game and
    ``visibility`` a list of seats (a version 2 line's ``"public"`` is read as every seat:
    :func:`~manaweave.log.read_records` reads it so). Raises :class:`~manaweave.GameLogError`
    naming ``source``, the event and what is wrong, in one line."""
    if not events:
        raise GameLogError(f"{source}: no events; not a manaweave game log")
    started = events[0]
    _check_started(started, source)
    seats = len(started["players"])
    version = started.get("v")
    for position, event in enumerate(events):
        problem = _line_problem(event, position, started["game"], seats, version)
        if problem is not None:
            raise GameLogError(f"{source}: {problem}")


def _check_started(started: Mapping[str, Any], source: str) -> None:
    """Raise :class:`GameLogError` unless ``started`` is a ``game_started`` a replay can
    start from."""
    problem = started_problem(started)
    if problem is not None:
        raise GameLogError(f"{source}: {problem}")


def started_problem(started: Mapping[str, Any]) -> str | None:
    """What makes ``started`` (a log's first line) no ``game_started`` a replay can start
    from, in words, or ``None``."""
    if started.get("event") != "game_started":
        return "the first event is not game_started; not a manaweave game log"
    missing = [name for name in _STARTED_FIELDS if name not in started]
    if missing == ["seed"] and "seed_commitment" in started:
        return (
            "game_started lacks seed: a log redacted for a player or a spectator "
            "(the seed stays hidden until game_ended reveals it); use the game's full log"
        )
    if missing:
        return f"game_started lacks {', '.join(missing)}"
    for check in _STARTED_CHECKS:
        problem = check(started)
        if problem is not None:
            return f"game_started's {problem}"
    return None


def line_problem(event: Mapping[str, Any], position: int, started: Mapping[str, Any]) -> str | None:
    """What is wrong with the common fields of the line at ``position`` (from 0) of the
    game that ``started`` (a checked ``game_started``) begins, as :func:`check_log` checks
    every line, or ``None``."""
    return _line_problem(
        event, position, started["game"], len(started["players"]), started.get("v")
    )


def game_fields_problem(started: Mapping[str, Any], ended: Mapping[str, Any]) -> str | None:
    """What is wrong with the fields a whole game's ``game_started`` and ``game_ended``
    give a run's summary and the tables of a dataset, or ``None``: every field of
    ``game_started`` a replay checks (:func:`check_log`) and its ``seating`` (each seat
    once, when present), and in ``game_ended`` the
    ``winners`` (seats of the game, each once), the ``reason`` (a name) and the ``turns``
    (a whole number). Whatever reads games to count them checks them here, once."""
    problem = started_problem(started)
    if problem is not None:
        return problem
    seats = len(started["players"])
    seating = started.get("seating", list(range(seats)))
    if (
        not isinstance(seating, list)
        or not all(map(_is_whole, seating))
        or sorted(seating) != list(range(seats))
    ):
        return f"game_started's seating {_excerpt(seating)} does not seat each player once"
    winners = ended.get("winners")
    if (
        not isinstance(winners, list)
        or not all(_is_whole(seat) and 0 <= seat < seats for seat in winners)
        or len(set(winners)) != len(winners)
    ):
        return (
            f"game_ended's winners {_excerpt(winners)} are not distinct seats of the game "
            f"(0 to {seats - 1})"
        )
    reason = ended.get("reason")
    if not isinstance(reason, str) or not reason:
        return f"game_ended's reason {_excerpt(reason)} is not a name"
    turns = ended.get("turns")
    if not isinstance(turns, int) or isinstance(turns, bool) or turns < 0:
        return f"game_ended's turns {_excerpt(turns)} is not a whole number of turns"
    return None


def logged_seed(started: Mapping[str, Any], ended: Mapping[str, Any]) -> int:
    """The seed a whole game was played with, as its log records it (both lines checked
    by :func:`game_fields_problem`)."""
    seed: int = started["seed"]
    return seed


def _excerpt(value: object, limit: int = 60) -> str:
    """``value``'s repr, cut to ``limit`` characters: a message quoting a huge or hostile
    value stays one short line (control characters and NUL are escaped by the repr)."""
    text = repr(value)
    return text if len(text) <= limit else f"{text[: limit - 3]}... ({len(text)} characters)"


def _is_whole(value: object) -> bool:
    """An ``int`` as JSON gives one: ``3``, not ``3.0`` nor ``true``."""
    return isinstance(value, int) and not isinstance(value, bool)


def _plain_seats(values: list[Any], seats: int) -> bool:
    """Whether ``values`` are plain ``int`` seats of a game of ``seats`` players, asked of
    the whole list at once (a list that holds anything else may still be seats:
    :func:`_is_whole`)."""
    return set(map(type, values)) <= _PLAIN_INT and (
        not values or (min(values) >= 0 and max(values) < seats)
    )


_PLAIN_INT = frozenset((int,))


def _is_names(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def _game_problem(started: Mapping[str, Any]) -> str | None:
    game = started["game"]
    if not isinstance(game, str):
        return f"game id {_excerpt(game)} is not a string"
    # The engine names a game without an id after its nonce: an empty id was edited in.
    return None if game else "game id is empty"


def _seed_problem(started: Mapping[str, Any]) -> str | None:
    seed = started["seed"]
    if not _is_whole(seed):
        return f"seed {_excerpt(seed)} is not a whole number"
    if not MIN_SEED <= seed <= MAX_SEED:
        return f"seed {_excerpt(seed)} is outside {MIN_SEED} to {MAX_SEED}"
    return None


def _commitment_problem(started: Mapping[str, Any]) -> str | None:
    """What is wrong with the commitment to the seed of a log of schema version 4 or later
    (an older log has none); whether it commits to the seed is the replay's to tell."""
    version = started.get("v")
    if not isinstance(version, int) or version < 4:
        return None  # a version this engine does not read is refused line by line
    nonce, commitment = started.get("seed_nonce"), started.get("seed_commitment")
    try:
        check_nonce(nonce)
    except ValueError:
        return f"seed_nonce {_excerpt(nonce)} is not 32 lowercase hexadecimal digits"
    if not isinstance(commitment, str) or not _SHA256_HEX.fullmatch(commitment):
        return (
            f"seed_commitment {_excerpt(commitment)} is not a SHA-256 in 64 lowercase "
            "hexadecimal digits"
        )
    return None


_SHA256_HEX = re.compile(r"[0-9a-f]{64}")


def _variant_problem(started: Mapping[str, Any]) -> str | None:
    variant = started["variant"]
    if isinstance(variant, str) and variant:
        return None
    return f"variant {_excerpt(variant)} is not a variant's name"


def _players_problem(started: Mapping[str, Any]) -> str | None:
    players = started["players"]
    if (
        isinstance(players, list)
        and 1 <= len(players) <= MAX_PLAYERS
        and all(
            isinstance(p, dict)
            and isinstance(p.get("name"), str)
            and isinstance(p.get("kind", ""), str)
            for p in players
        )
    ):
        for p in players:
            name = p["name"]
            if not 1 <= len(name) <= MAX_NAME_LENGTH:
                return (
                    f"player name {name[:40]!r}... is {len(name):,} characters long: "
                    f"a name has 1 to {MAX_NAME_LENGTH}"
                )
        return None
    return (
        f"players {_excerpt(players)} are malformed: 1 to {MAX_PLAYERS} objects, each with "
        "a name and a kind that are strings"
    )


def _decks_problem(started: Mapping[str, Any]) -> str | None:
    decks, players = started["decks"], started["players"]
    if not isinstance(decks, list) or not all(_is_names(deck) for deck in decks):
        return f"decks {_excerpt(decks)} are malformed: one list of card names per player"
    if len(decks) != len(players):
        return f"decks are malformed: {len(decks)} decks for {len(players)} players"
    for seat, deck in enumerate(decks):
        if len(deck) > MAX_CARDS:
            return f"deck of player {seat + 1} has {len(deck)} cards (at most {MAX_CARDS})"
    return None


def _plugins_problem(started: Mapping[str, Any]) -> str | None:
    plugins = started["plugins"]
    if isinstance(plugins, list) and all(_is_names(entry) and len(entry) == 2 for entry in plugins):
        return None
    return f"plugins {_excerpt(plugins)} are malformed: a list of [name, version] pairs"


def _max_turns_problem(started: Mapping[str, Any]) -> str | None:
    max_turns = started.get("max_turns")
    if max_turns is None or (_is_whole(max_turns) and 1 <= max_turns <= MAX_TURNS):
        return None
    return f"max_turns {_excerpt(max_turns)} is not null or a whole number from 1 to {MAX_TURNS}"


def _options_problem(started: Mapping[str, Any]) -> str | None:
    """The variant's options (absent from logs written before they were recorded): an
    object of names to whole numbers, strings, true/false or null."""
    options = started.get("options", {})
    if isinstance(options, dict) and all(
        isinstance(value, str | bool | None) or _is_whole(value) for value in options.values()
    ):
        return None
    return f"options {_excerpt(options)} are malformed: an object of option names to values"


def _teams_problem(started: Mapping[str, Any]) -> str | None:
    """The teams (absent from logs written before they were recorded): lists of seats,
    each seat on exactly one team."""
    seats = len(started["players"])
    teams = started.get("teams", [[seat] for seat in range(seats)])
    if (
        isinstance(teams, list)
        and all(isinstance(team, list) and team and all(map(_is_whole, team)) for team in teams)
        and sorted(seat for team in teams for seat in team) == list(range(seats))
    ):
        return None
    return f"teams {_excerpt(teams)} are malformed: lists of seats, each seat on one team"


def _descriptive_problem(started: Mapping[str, Any]) -> str | None:
    """The fields a replay copies from the log or only names: their types, when present."""
    for name in ("engine", "cr_edition", "deck_rules"):
        if name in started and not isinstance(started[name], str):
            return f"{name} {_excerpt(started[name])} is not a string"
    for name in ("neutral_plugins", "disabled_plugins"):
        if name in started and not _is_names(started[name]):
            return f"{name} {_excerpt(started[name])} is not a list of plugin names"
    distributions = started.get("distributions", {})
    if not isinstance(distributions, dict) or not _is_names(list(distributions.values())):
        return f"distributions {_excerpt(distributions)} is not an object of names"
    deck_names = started.get("deck_names", [None] * len(started["players"]))
    if (
        not isinstance(deck_names, list)
        or len(deck_names) != len(started["players"])
        or not all(name is None or isinstance(name, str) for name in deck_names)
    ):
        return f"deck_names {_excerpt(deck_names)} is not one name (or null) per player"
    if "open_decklists" in started and not isinstance(started["open_decklists"], bool):
        return f"open_decklists {_excerpt(started['open_decklists'])} is not true or false"
    return None


_STARTED_CHECKS = (
    _game_problem,
    _seed_problem,
    _commitment_problem,
    _variant_problem,
    _players_problem,
    _decks_problem,
    _plugins_problem,
    _max_turns_problem,
    _options_problem,
    _teams_problem,
    _descriptive_problem,
)


def _line_problem(
    event: Mapping[str, Any], position: int, game: str, seats: int, started_version: object
) -> str | None:
    """What is wrong with the common fields of the log's event at ``position``, if any."""
    # Every line of every game read passes here: each test first asks whether the value
    # is a plain ``int`` (what JSON gives), the cheapest question, and only then the
    # whole one.
    version = event.get("v")
    if (type(version) is not int and not _is_whole(version)) or version not in READABLE_VERSIONS:
        readable = " and ".join(str(v) for v in sorted(READABLE_VERSIONS))
        return (
            f"event {position} has schema version {_excerpt(version)}; this manaweave reads "
            f"versions {readable}"
        )
    if version != started_version:
        return (
            f"event {position} has schema version {version}, but the log's game_started "
            f"has version {_excerpt(started_version)}"
        )
    seq = event.get("seq")
    if (type(seq) is not int and not _is_whole(seq)) or seq != position:
        return (
            f"event {position} has seq {_excerpt(seq)}; a log's events are numbered 0, 1, 2, "
            "... in order (a line lost, repeated or moved)"
        )
    if event.get("game") != game:
        return (
            f"event {position} is of game {_excerpt(event.get('game'))}, but the log's "
            f"game_started is of game {_excerpt(game)}"
        )
    name = event.get("event")
    if not isinstance(name, str):
        return f"event {position} has event type {_excerpt(name)}, not a name"
    player = event.get("player")
    if player is not None and (
        (type(player) is not int and not _is_whole(player)) or not 0 <= player < seats
    ):
        # An event type is a snake_case word; anything else is quoted, so it stays one line.
        shown = name if name.isidentifier() and len(name) <= 60 else _excerpt(name)
        return (
            f"event {position} {shown} names player {_excerpt(player)}, but the game has "
            f"{seats} players"
        )
    visibility = event.get("visibility")
    listed = isinstance(visibility, list) and (
        _plain_seats(visibility, seats)
        or all(_is_whole(seat) and 0 <= seat < seats for seat in visibility)
    )
    # A line a plugin logged without a visibility is public; so is a version 2 "public".
    if visibility is not None and not listed and (version, visibility) != (2, "public"):
        shown = name if name.isidentifier() and len(name) <= 60 else _excerpt(name)
        return (
            f"event {position} {shown} has visibility {_excerpt(visibility)}, not a list of "
            f"the game's seats (0 to {seats - 1})"
        )
    return None

"""Many seeded games played in parallel processes, their logs kept in compressed shards.

:func:`simulate` plays games ``0`` to ``games - 1`` of a run into a folder: each game's
full event log (as ``manaweave play --log`` writes it) goes into a shard, one gzip file per
worker process (``shard-000.jsonl.gz``, ...), one gzip member per game, and
``summary.json`` says what the run is (its parameters) and how each game ended.
``manaweave simulate`` is its command line.

Game ``i`` depends on the run's seed, ``i`` and the schedule alone (:class:`Schedule`
says which decks and bots it plays, :func:`game_seed` its seed), never on how many
processes play or in which order, so any number of workers plays the same games.

A run is resumable: calling :func:`simulate` again with the same folder and parameters
plays only the games the shards do not hold whole. A game is written to its shard when it
is over, as one member, by the one process that writes files. Resuming trusts no shard:
each member is read a mebibyte at a time and its game checked as a replay checks a log
(its fields, its lines, the digest of its ``game_ended``). A member cut short at a shard's
end (the process killed while writing it) is cut off; anything else that cannot be used (a
damaged member, an edited game) is moved to ``SHARD.damaged`` and said
(:attr:`SimulationSummary.set_aside`); the games after it are kept, and only the games
missing are played again. A folder holding a run with other parameters is refused, naming the first
that differs; ``games`` alone may change, to play more games (or fewer) of the same run.
"""

from __future__ import annotations

import contextlib
import fcntl
import gzip
import hashlib
import importlib
import math
import multiprocessing
import os
import queue
import signal
import socket
import time
import traceback
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import orjson
import trio

from manaweave._engine._checked_games import CheckedGame, read_checked_games
from manaweave._engine._deck_rules import DECK_RULES
from manaweave._engine._decklist import Decklist
from manaweave._engine._errors import ManaweaveError
from manaweave._engine._game import ENGINE_VERSION
from manaweave._engine._log_check import logged_seed
from manaweave._engine._options import OptionValue, resolve_options
from manaweave._engine._play import TimeLimit, _check_time_limit, new_game, play_game, resolve_deck
from manaweave._engine._plugins import (
    PluginHost,
    default_plugins,
    import_plugin,
    parse_plugin_options,
)
from manaweave._engine._shards import READ_BYTES, pack_game

from ._schedule import SCHEDULES, Schedule, ScheduleKind, bot_seeds, game_nonce, game_seed

__all__ = [
    "BACKENDS",
    "RAY_SHARD",
    "SCHEDULES",
    "SUMMARY_FILE",
    "Backend",
    "Progress",
    "Schedule",
    "ScheduleKind",
    "SimulatedGame",
    "SimulationError",
    "SimulationFailure",
    "SimulationSummary",
    "game_log",
    "game_seed",
    "read_game_logs",
    "read_summary",
    "simulate",
]

SUMMARY_FILE = "summary.json"
"""The summary's name in a run's folder."""

_LOCK_FILE = ".simulate.lock"
_SHARD_GLOB = "shard-*.jsonl.gz"
_SUMMARY_EVERY = 10.0
"""Seconds between rewrites of the summary while a run goes on."""
_POLL = 0.25
"""Seconds between looks at whether the workers are alive while no game ends."""

Backend = Literal["local", "ray"]
"""What plays the games: worker processes on this machine, or a Ray cluster."""

BACKENDS: tuple[Backend, ...] = ("local", "ray")

RAY_SHARD = 900
"""The shard number the Ray backend's driver writes into (``shard-900.jsonl.gz``): apart
from the local workers' shards, so that a run may be resumed with either backend."""

Progress = Callable[[int, int], None]
"""Told (games complete, games in the run) once before the first game and after each
game; the first count includes the games a resumed run found complete."""


class SimulationError(ManaweaveError, ValueError):
    """A run that cannot be started: arguments that cannot be used, or a folder that
    cannot take it (a file, another run's, in use). The message says which and why."""


class SimulationFailure(ManaweaveError):
    """A run that stopped before its end: a worker process died, or a game raised (an
    engine or bot failure). The games complete so far are kept; running again resumes."""


@dataclass(frozen=True, slots=True)
class SimulatedGame:
    """One complete game of a run, as ``summary.json`` lists it."""

    index: int
    seed: int
    decks: list[str]
    """The decks by seat (seat 0 first), as given to the run."""
    bots: list[str]
    """The bots by seat."""
    winners: list[int]
    """The seats that won (empty for a draw)."""
    reason: str
    turns: int
    shard: str
    """The shard file (in the run's folder) that holds the game's log."""


@dataclass
class SimulationSummary:
    """A run: its parameters and its complete games, in order of index."""

    out: Path
    parameters: dict[str, Any]
    games: list[SimulatedGame] = field(default_factory=list)
    played: int = 0
    """How many games the call that returned this summary played (not those it found)."""
    set_aside: list[str] = field(default_factory=list)
    """What the call found in the shards and could not use, one line each naming the
    shard and the game (a damaged member, a game that fails its checks, a member cut
    short): moved to ``SHARD.damaged`` (a member cut short at a shard's end is cut off),
    its game played again."""

    @property
    def total(self) -> int:
        """How many games the run has."""
        return int(self.parameters["games"])

    @property
    def complete(self) -> bool:
        """Whether every game of the run is complete."""
        return len(self.games) == self.total

    def to_json(self) -> dict[str, Any]:
        """The summary as ``summary.json`` holds it."""
        return {"parameters": self.parameters, "games": [asdict(game) for game in self.games]}


@dataclass(frozen=True)
class _Plan:
    """Everything a worker needs to play any game of a run (sent to each process)."""

    schedule: Schedule
    decklists: tuple[Decklist, ...]
    seed: int
    variant: str
    options: dict[str, OptionValue]
    deck_rules: str
    open_decklists: bool | None
    seating: Literal["variant", "given"]
    max_turns: int | None
    decision_time_limit: TimeLimit
    plugins: tuple[str, ...]


def simulate(
    out: str | os.PathLike[str],
    *,
    decks: Sequence[str],
    games: int,
    bots: Sequence[str] = ("random",),
    seed: int = 1,
    players: int | None = None,
    schedule: ScheduleKind = "fixed",
    swap_seats: bool = False,
    variant: str | None = None,
    options: Mapping[str, object] | None = None,
    deck_rules: str | None = None,
    open_decklists: bool | None = None,
    seating: Literal["variant", "given"] = "variant",
    max_turns: int | None = 200,
    decision_time_limit: TimeLimit = "variant",
    plugins: Sequence[str] = (),
    jobs: int = 1,
    chunk_size: int | None = None,
    limit: int | None = None,
    progress: Progress | None = None,
    backend: Backend = "local",
    address: str | None = None,
    warn: Callable[[str], object] | None = None,
) -> SimulationSummary:
    """Play the games of a run into the folder ``out`` (created if need be) and return
    its summary; see the module documentation for the folder and resuming.

    ``decks`` are ready decks (``m10:red-green``) or decklist files, and ``bots``
    registered bots, one for every player or one per player; ``schedule`` and
    ``swap_seats`` say which of them game ``i`` plays (:class:`Schedule`). ``players``
    defaults to the number of decks with the ``fixed`` schedule and to 2 with the
    others. ``variant``, ``options``, ``deck_rules`` (a name: ``constructed``,
    ``limited``, ``unchecked``), ``open_decklists``, ``seating``, ``max_turns`` and
    ``decision_time_limit`` are those of :func:`manaweave.new_game`; ``plugins`` are
    ``manaweave -p`` options (``NAME`` to register a module, ``no:NAME`` to turn a plugin
    off), applied in every worker.

    ``jobs`` worker processes play the games, ``chunk_size`` games at a time (by default
    a few per worker, at most 8). With ``backend="ray"`` a Ray cluster plays them instead
    (``pip install 'manaweave[ray]'``), a Ray task per chunk: the cluster at ``address``
    (``"auto"``, ``"HOST:PORT"``), or one started on this machine for the run with
    ``jobs`` CPUs when ``address`` is ``None``. Every node needs manaweave and the run's
    plugins installed. The games, their logs and the summary are the same whichever
    backend plays them; only the driver (this process) writes files. ``limit`` stops after
    playing that many games (a run left incomplete, as if interrupted). ``progress`` is
    told how many games are complete; ``warn`` is told, in one line each, what resuming
    found in the shards and could not use (:attr:`SimulationSummary.set_aside`) as it is
    found.

    Raises :class:`SimulationError` (a ``ValueError``) for arguments or a folder that
    cannot be used, :class:`~manaweave.DecklistError` or
    :class:`~manaweave.DeckRulesError` for a deck, and :class:`SimulationFailure` when
    a worker dies or a game fails; an interruption (``KeyboardInterrupt``) stops the
    workers and is raised again. Whatever ends it, the games complete are kept.
    """
    _check_count("games", games, 1)
    _check_count("jobs", jobs, 1)
    if backend not in BACKENDS:
        raise SimulationError(f"the backend is one of {', '.join(BACKENDS)}, not {backend!r}")
    if address is not None and backend != "ray":
        raise SimulationError("an address is for the ray backend (backend='ray')")
    if chunk_size is not None:
        _check_count("chunk_size", chunk_size, 1)
    if limit is not None:
        _check_count("limit", limit, 0)
    plan, parameters = _plan(
        decks=decks,
        bots=bots,
        seed=seed,
        players=players,
        schedule=schedule,
        swap_seats=swap_seats,
        variant=variant,
        options=options,
        deck_rules=deck_rules,
        open_decklists=open_decklists,
        seating=seating,
        max_turns=max_turns,
        decision_time_limit=decision_time_limit,
        plugins=plugins,
    )
    parameters["games"] = games
    folder = Path(out)
    if folder.exists() and not folder.is_dir():
        raise SimulationError(f"'{folder}' is a file, not a folder for the run")
    folder.mkdir(parents=True, exist_ok=True)
    with _locked(folder):
        summary = SimulationSummary(folder, parameters)
        found = _resume(plan, summary, warn)
        _write_summary(summary)
        pending = [i for i in range(games) if i not in found]
        if limit is not None:
            pending = pending[:limit]
        if progress is not None:
            progress(len(summary.games), games)
        try:
            if backend == "ray":
                _run_ray(plan, summary, found, pending, jobs, chunk_size, progress, address)
            else:
                _run_local(plan, summary, found, pending, jobs, chunk_size, progress)
        finally:
            summary.games = sorted(
                (game for game in found.values() if game.index < games), key=_by_index
            )
            _write_summary(summary)
    return summary


def read_summary(out: str | os.PathLike[str]) -> SimulationSummary:
    """The summary a run's folder holds (as its last run left it)."""
    raw = _load_summary(Path(out))
    games = [SimulatedGame(**game) for game in raw["games"]]
    return SimulationSummary(Path(out), raw["parameters"], games)


def read_game_logs(out: str | os.PathLike[str]) -> Iterator[tuple[int, bytes]]:
    """Each whole game log in a run's folder, as (game index, the log's bytes), shard by
    shard: the games a resumed run keeps, each checked as it checks them (its lines and
    the digest of its ``game_ended``); a damaged member, or a game that fails a check, is
    left out (:func:`game_log` says why)."""
    for path in sorted(Path(out).glob(_SHARD_GLOB)):
        for found in read_checked_games(path, keep_records=False):
            if isinstance(found, CheckedGame) and found.index is not None and found.member:
                yield found.index, _member_log(path, found.member)


def game_log(source: str | os.PathLike[str], index: int) -> bytes:
    """The log of game ``index`` of a run, from its folder or from one of its shards, as
    :func:`read_game_logs` gives it; :class:`SimulationError` saying why if there is no
    whole game of that index (none at all, or one that is damaged or fails a check)."""
    where = Path(source)
    shards = [where] if where.is_file() else sorted(where.glob(_SHARD_GLOB))
    why: str | None = None
    for path in shards:
        for found in read_checked_games(path, keep_records=False):
            if isinstance(found, CheckedGame):
                if found.index == index and found.member:
                    return _member_log(path, found.member)
            elif found.where == f"game {index}" and why is None:
                why = str(found)
    if why is not None:
        raise SimulationError(f"no whole game {index}: {why}")
    raise SimulationError(f"'{where}': the run has no complete game {index}")


def _member_log(path: Path, member: tuple[int, int]) -> bytes:
    """The log a shard's member holds (a member read whole and checked before)."""
    with path.open("rb") as file:
        file.seek(member[0])
        return gzip.decompress(file.read(member[1] - member[0]))


# --- checking the arguments ------------------------------------------------------------------


def _check_count(name: str, value: int, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SimulationError(f"{name} must be a whole number of at least {least}, not {value!r}")


def _plan(
    *,
    decks: Sequence[str],
    bots: Sequence[str],
    seed: int,
    players: int | None,
    schedule: ScheduleKind,
    swap_seats: bool,
    variant: str | None,
    options: Mapping[str, object] | None,
    deck_rules: str | None,
    open_decklists: bool | None,
    seating: Literal["variant", "given"],
    max_turns: int | None,
    decision_time_limit: TimeLimit,
    plugins: Sequence[str],
) -> tuple[_Plan, dict[str, Any]]:
    """The run the arguments describe, checked, and its parameters as the summary holds
    them; ``ValueError`` (or a decklist error) for anything that cannot be played."""
    if isinstance(decks, str) or isinstance(bots, str):
        raise SimulationError("decks and bots are lists of names, not one string")
    if not decks:
        raise SimulationError("give at least one deck")
    if not bots:
        raise SimulationError("give at least one bot")
    if schedule not in SCHEDULES:
        raise SimulationError(f"unknown schedule {schedule!r}; the schedules: {SCHEDULES}")
    if seating not in ("variant", "given"):
        raise SimulationError(f'seating must be "variant" or "given", not {seating!r}')
    if max_turns is not None:
        _check_count("max_turns", max_turns, 1)
    _check_count("seed", seed, 0)
    _check_time_limit(decision_time_limit)
    host = _host(tuple(plugins))
    count = players if players is not None else len(decks) if schedule == "fixed" else 2
    _check_count("players", count, 1)
    chosen = host.variant(variant or ("two_player" if count == 2 else "free_for_all"))
    resolved = dict(resolve_options(host.options_of(chosen), options or {}, chosen.name))
    chosen.check_setup(count, resolved)
    if deck_rules is not None and deck_rules not in DECK_RULES:
        raise SimulationError(
            f"unknown deck rules {deck_rules!r}; the deck rules: {', '.join(sorted(DECK_RULES))}"
        )
    rules = DECK_RULES[deck_rules] if deck_rules is not None else chosen.deck_rules
    decklists = tuple(resolve_deck(spec, host) for spec in decks)
    for decklist in decklists:
        chosen.check_deck(decklist, host.cards, rules)
    for name in bots:
        host.bot(name, seed=0)  # a ValueError naming the known bots
    try:
        lineups = Schedule(tuple(decks), tuple(bots), count, schedule, swap_seats)
    except ValueError as error:
        raise SimulationError(str(error)) from None
    plan = _Plan(
        schedule=lineups,
        decklists=decklists,
        seed=seed,
        variant=chosen.name,
        options=resolved,
        deck_rules=rules.name,
        open_decklists=open_decklists,
        seating=seating,
        max_turns=max_turns,
        decision_time_limit=decision_time_limit,
        plugins=tuple(plugins),
    )
    parameters: dict[str, Any] = {
        "seed": seed,
        "schedule": schedule,
        "swap_seats": swap_seats,
        "decks": list(decks),
        # A decklist file changed since the run began is another run.
        "deck_digests": [_deck_digest(decklist) for decklist in decklists],
        "bots": list(bots),
        "players": count,
        "variant": chosen.name,
        "options": resolved,
        "deck_rules": rules.name,
        "open_decklists": open_decklists,
        "seating": seating,
        "max_turns": max_turns,
        "decision_time_limit": decision_time_limit,
        "plugins": host.plugin_versions,
        "engine": ENGINE_VERSION,
    }
    return plan, parameters


def _deck_digest(decklist: Decklist) -> str:
    return hashlib.sha256(decklist.to_text().encode()).hexdigest()[:16]


_HOSTS: dict[tuple[str, ...], PluginHost] = {}
"""The plugin host of each set of ``-p`` options, made once per process."""


def _host(plugins: tuple[str, ...]) -> PluginHost:
    """The plugin host that ``-p`` options ``plugins`` describe (the default one for
    none); ``SimulationError`` for a module that cannot be imported."""
    if not plugins:
        return default_plugins()
    if plugins not in _HOSTS:
        load, disable = parse_plugin_options(plugins)
        modules = []
        for name in load:
            try:
                modules.append(import_plugin(name))
            except ManaweaveError as error:
                raise SimulationError(f"plugin {name!r}: {error}") from None
        _HOSTS[plugins] = PluginHost(modules, disable=disable)
    return _HOSTS[plugins]


# --- the folder ------------------------------------------------------------------------------


@contextlib.contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """Hold the folder's lock: one run at a time writes to a folder."""
    with open(folder / _LOCK_FILE, "a") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise SimulationError(f"another run is writing to '{folder}'") from None
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _load_summary(folder: Path) -> dict[str, Any]:
    path = folder / SUMMARY_FILE
    try:
        raw = orjson.loads(path.read_bytes())
    except orjson.JSONDecodeError:
        raise SimulationError(f"'{path}' is not a run's summary (not JSON)") from None
    if not isinstance(raw, dict) or not isinstance(raw.get("parameters"), dict):
        raise SimulationError(f"'{path}' is not a run's summary (no parameters)")
    return raw


def _resume(
    plan: _Plan, summary: SimulationSummary, warn: Callable[[str], object] | None
) -> dict[int, SimulatedGame]:
    """The games the folder holds whole and checked, by index (:func:`_resume_shard`);
    ``SimulationError`` if the folder holds another run."""
    folder = summary.out
    shards = sorted(folder.glob(_SHARD_GLOB))
    if (folder / SUMMARY_FILE).exists():
        earlier = _load_summary(folder)["parameters"]
        for name, value in summary.parameters.items():
            if name != "games" and earlier.get(name) != value:
                raise SimulationError(
                    f"'{folder}' holds a run with other parameters: {name} is "
                    f"{_shown(earlier.get(name))} there, {_shown(value)} now; give the same "
                    "parameters to continue it, or another folder"
                )
    elif shards:
        raise SimulationError(f"'{folder}' holds shards but no {SUMMARY_FILE}: not a run's folder")
    found: dict[int, SimulatedGame] = {}
    for path in shards:
        before = len(summary.set_aside)
        _resume_shard(plan, path, found, summary.set_aside)
        if warn is not None:
            for line in summary.set_aside[before:]:
                warn(line)
    summary.games = sorted(
        (game for game in found.values() if game.index < summary.total), key=_by_index
    )
    return found


def _resume_shard(
    plan: _Plan, path: Path, found: dict[int, SimulatedGame], set_aside: list[str]
) -> None:
    """Add the games of the shard at ``path`` to ``found``: each member that reads whole
    and holds one game that passes the checks a replay makes (its fields, its lines, the
    digest of its ``game_ended``). Every other byte is moved to ``SHARD.damaged`` (a
    member cut short at the end of the shard, its process stopped while writing it, is
    cut off) and said in ``set_aside``; the games it held are played again. Nothing
    after a damaged member is lost."""
    kept: list[tuple[int, int]] = []
    tail: int | None = None
    for game in read_checked_games(path, keep_records=False):
        if isinstance(game, CheckedGame):
            if game.index is None or game.member is None:
                continue  # not a member of its own: its bytes are set aside
            seed = logged_seed(game.started, game.ended)
            if seed != game_seed(plan.seed, game.index):
                raise SimulationError(
                    f"'{path}' holds game {game.index} with seed {seed}, not this run's: the "
                    "folder holds another run's games"
                )
            seats = len(plan.schedule.deck_names(plan.schedule.lineup(game.index)))
            if len(game.started["players"]) != seats:
                set_aside.append(
                    f"{path}: game {game.index}: it has {len(game.started['players'])} players, "
                    f"the run's games {seats}; played again"
                )
                continue
            kept.append(game.member)
            found.setdefault(
                game.index, _record(plan, game.index, game.started, game.ended, path.name)
            )
            continue
        if game.kind == "cut_short" and game.member is not None:
            tail = game.member[0]
        set_aside.append(f"{game}; played again")
    size = path.stat().st_size
    aside = _between(kept, size)
    if tail is not None and aside and aside[-1][1] == size:
        # The member being written when the run stopped: cut off, as it was never whole.
        start, _ = aside.pop()
        if start < tail:
            aside.append((start, tail))
        if not aside:
            os.truncate(path, tail)
            return
    if aside:
        _move_aside(path, kept, aside)


def _between(kept: list[tuple[int, int]], size: int) -> list[tuple[int, int]]:
    """The ranges of a file of ``size`` bytes that the ranges ``kept`` leave out."""
    left_out = []
    position = 0
    for start, end in sorted(kept):
        if start > position:
            left_out.append((position, start))
        position = max(position, end)
    if position < size:
        left_out.append((position, size))
    return left_out


def _move_aside(path: Path, kept: list[tuple[int, int]], aside: list[tuple[int, int]]) -> None:
    """Append the ranges ``aside`` of the shard to ``SHARD.damaged``, then replace the
    shard by its ranges ``kept``: stopped in between, a resume does it again (the bytes
    set aside twice), and no member is ever lost."""
    damaged = path.with_name(path.name + ".damaged")
    partial = path.with_name(path.name + ".new")
    with path.open("rb") as source:
        with damaged.open("ab") as out:
            _copy(source, aside, out)
            out.flush()
            os.fsync(out.fileno())
        with partial.open("wb") as out:
            _copy(source, sorted(kept), out)
            out.flush()
            os.fsync(out.fileno())
    os.replace(partial, path)


def _copy(source: Any, ranges: list[tuple[int, int]], out: Any) -> None:
    for start, end in ranges:
        source.seek(start)
        while start < end:
            chunk = source.read(min(READ_BYTES, end - start))
            if not chunk:
                break
            out.write(chunk)
            start += len(chunk)


def _shown(value: object) -> str:
    text = orjson.dumps(value).decode()
    return text if len(text) <= 80 else text[:77] + "..."


def _by_index(game: SimulatedGame) -> int:
    return game.index


def _write_summary(summary: SimulationSummary) -> None:
    """Replace the summary file at once (a new file renamed over the old one)."""
    path = summary.out / SUMMARY_FILE
    partial = path.with_name(path.name + ".new")
    partial.write_bytes(orjson.dumps(summary.to_json(), option=orjson.OPT_INDENT_2))
    os.replace(partial, path)


def _shard_name(worker: int) -> str:
    return f"shard-{worker:03d}.jsonl.gz"


# --- playing ---------------------------------------------------------------------------------


def _play(plan: _Plan, host: PluginHost, index: int) -> bytes:
    """Game ``index`` of the run, played: its log's bytes, as ``play --log`` writes them."""
    seed = game_seed(plan.seed, index)
    lineup = plan.schedule.lineup(index)
    names = plan.schedule.bot_names(lineup)
    game = new_game(
        decks=[plan.decklists[d] for d in lineup.decks],
        players=[
            host.bot(name, seed=bot_seed)
            for name, bot_seed in zip(names, bot_seeds(seed, len(names)), strict=True)
        ],
        seed=seed,
        seed_nonce=game_nonce(plan.seed, index),
        variant=plan.variant,
        options=plan.options,
        deck_rules=DECK_RULES[plan.deck_rules],
        max_turns=plan.max_turns,
        plugins=host,
        decision_time_limit=plan.decision_time_limit,
        open_decklists=plan.open_decklists,
        seating=plan.seating,
    )
    trio.run(play_game, game)
    return b"".join(line + b"\n" for line in game.log.lines)


def _record(
    plan: _Plan, index: int, started: dict[str, Any], ended: dict[str, Any], shard: str
) -> SimulatedGame:
    """What the summary says of game ``index`` from its log's first and last lines
    (checked by :func:`~manaweave._engine._log_check.game_fields_problem`, or just written)."""
    lineup = plan.schedule.lineup(index)
    decks, bots = plan.schedule.deck_names(lineup), plan.schedule.bot_names(lineup)
    seating = started.get("seating") or range(len(decks))
    return SimulatedGame(
        index=index,
        seed=logged_seed(started, ended),
        decks=[decks[given] for given in seating],
        bots=[bots[given] for given in seating],
        winners=list(ended["winners"]),
        reason=ended["reason"],
        turns=ended["turns"],
        shard=shard,
    )


def _played_record(plan: _Plan, index: int, log: bytes, shard: str) -> SimulatedGame:
    """What the summary says of game ``index``, just played into ``log``."""
    lines = log.rstrip(b"\n")
    first, _, _ = lines.partition(b"\n")
    _, _, last = lines.rpartition(b"\n")
    return _record(plan, index, orjson.loads(first), orjson.loads(last), shard)


def _chunks(pending: list[int], jobs: int, chunk_size: int | None) -> list[list[int]]:
    """The games to play in chunks: a few per worker, so that the last ones end together."""
    size = chunk_size or max(1, min(8, math.ceil(len(pending) / (jobs * 4))))
    return [pending[i : i + size] for i in range(0, len(pending), size)]


def _worker(plan: _Plan, worker: int, parent: int, tasks: Any, results: Any) -> None:
    """A worker process: plays the chunks of games it takes from ``tasks`` and puts each
    game's packed log on ``results``, until it takes ``None`` or its parent ``parent``
    is gone."""
    # Ctrl-C reaches every process of the terminal: the parent alone decides what stops.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    host = _host(plan.plugins)
    while (chunk := _next_chunk(tasks, parent)) is not None:
        for index in chunk:
            if os.getppid() != parent:
                return  # the parent was killed: nobody writes what this plays
            try:
                log = _play(plan, host, index)
                game = _played_record(plan, index, log, _shard_name(worker))
            except BaseException as error:
                results.put(("failed", worker, index, _failure(error)))
                return
            results.put(("game", worker, game, pack_game(index, log)))
    results.put(("done", worker, None, None))


def _next_chunk(tasks: Any, parent: int) -> list[int] | None:
    """The next chunk of games to play; ``None`` when there are no more or the parent is
    gone."""
    while True:
        try:
            chunk: list[int] | None = tasks.get(timeout=_POLL * 4)
        except queue.Empty:
            if os.getppid() != parent:
                return None
        else:
            return chunk


def _failure(error: BaseException) -> str:
    return "".join(traceback.format_exception(error)).rstrip()


def _run_local(
    plan: _Plan,
    summary: SimulationSummary,
    found: dict[int, SimulatedGame],
    pending: list[int],
    jobs: int,
    chunk_size: int | None,
    progress: Progress | None,
) -> None:
    """Play ``pending`` games in ``jobs`` processes, writing each game to its worker's
    shard and into ``found`` as it ends."""
    if not pending:
        return
    chunks = _chunks(pending, jobs, chunk_size)
    jobs = min(jobs, len(chunks))
    context = multiprocessing.get_context("spawn")
    tasks = context.Queue()
    results = context.Queue()
    for chunk in chunks:
        tasks.put(chunk)
    for _ in range(jobs):
        tasks.put(None)
    workers = [
        context.Process(target=_worker, args=(plan, w, os.getpid(), tasks, results), daemon=True)
        for w in range(jobs)
    ]
    shards: dict[int, Any] = {}
    finished: set[int] = set()
    complete = sum(1 for index in found if index < summary.total)
    last_written = last_checked = time.monotonic()
    try:
        for process in workers:
            process.start()
        while len(finished) < jobs:
            # A dead worker is looked for even while the others' games keep coming.
            if time.monotonic() - last_checked > _POLL:
                _check_alive(workers, finished, summary.out)
                last_checked = time.monotonic()
            try:
                kind, worker, game, payload = results.get(timeout=_POLL)
            except queue.Empty:
                continue
            if kind == "done":
                finished.add(worker)
            elif kind == "failed":
                raise SimulationFailure(
                    f"game {game} (seed {game_seed(plan.seed, game)}) failed; the games "
                    f"complete are kept in '{summary.out}':\n{payload}"
                )
            else:
                if worker not in shards:
                    shards[worker] = open(summary.out / _shard_name(worker), "ab")  # noqa: SIM115
                shards[worker].write(payload)
                shards[worker].flush()
                found[game.index] = game
                summary.played += 1
                complete += 1
                if progress is not None:
                    progress(complete, summary.total)
                if time.monotonic() - last_written > _SUMMARY_EVERY:
                    summary.games = sorted(found.values(), key=_by_index)
                    _write_summary(summary)
                    last_written = time.monotonic()
    finally:
        for process in workers:
            if process.is_alive():
                process.terminate()
        for process in workers:
            if process.pid is not None:  # one that failed to start can't be joined
                process.join(timeout=5)
        for shard in shards.values():
            shard.close()
        tasks.close()
        results.close()


def _play_chunk(plan: _Plan, chunk: list[int]) -> list[tuple[SimulatedGame, bytes]]:
    """A Ray task: the chunk's games played, each as its summary entry and packed log."""
    host = _host(plan.plugins)
    played = []
    for index in chunk:
        log = _play(plan, host, index)
        played.append(
            (_played_record(plan, index, log, _shard_name(RAY_SHARD)), pack_game(index, log))
        )
    return played


def _check_reachable(address: str | None) -> None:
    """``SimulationError`` at once for a ``HOST:PORT`` nobody answers at (Ray itself
    would try again for a minute or more)."""
    if address is None or ":" not in address:
        return
    host, _, port = address.rpartition(":")
    try:
        with socket.create_connection((host.strip("[]"), int(port)), timeout=5):
            pass
    except (OSError, ValueError) as error:
        raise SimulationError(f"no Ray cluster at {address}: {error}") from None


def _import_ray() -> Any:
    """Ray, imported when a run asks for it (it takes seconds to import, and is an extra)."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise SimulationError("the ray backend needs Ray: pip install 'manaweave[ray]'") from None


def _run_ray(
    plan: _Plan,
    summary: SimulationSummary,
    found: dict[int, SimulatedGame],
    pending: list[int],
    jobs: int,
    chunk_size: int | None,
    progress: Progress | None,
    address: str | None,
) -> None:
    """Play ``pending`` games as Ray tasks of a chunk each, writing every game the tasks
    return into one shard as each task ends (a Ray task costs about a millisecond: a game
    a task would spend much of the run on them)."""
    if not pending:
        return
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        _check_reachable(address)
        try:
            if address is None:
                ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
            else:
                ray.init(address=address, log_to_driver=False)
        except (ConnectionError, RuntimeError, ValueError) as error:
            raise SimulationError(
                f"no Ray cluster at {address or 'this machine'}: {error}"
            ) from None
    play_chunk = ray.remote(_play_chunk)
    plan_ref = ray.put(plan)
    size = chunk_size or max(1, min(16, math.ceil(len(pending) / 64)))
    waiting = [
        play_chunk.remote(plan_ref, pending[i : i + size]) for i in range(0, len(pending), size)
    ]
    complete = sum(1 for index in found if index < summary.total)
    last_written = time.monotonic()
    shard_path = summary.out / _shard_name(RAY_SHARD)
    try:
        with open(shard_path, "ab") as shard:
            while waiting:
                done, waiting = ray.wait(waiting, num_returns=1)
                try:
                    played = ray.get(done[0])
                except Exception as error:  # a task's failure, or a node lost
                    raise SimulationFailure(
                        f"a Ray task failed; the games complete are kept in '{summary.out}':"
                        f"\n{error}"
                    ) from None
                for game, packed in played:
                    shard.write(packed)
                    found[game.index] = game
                    summary.played += 1
                    complete += 1
                    if progress is not None:
                        progress(complete, summary.total)
                shard.flush()
                if time.monotonic() - last_written > _SUMMARY_EVERY:
                    summary.games = sorted(found.values(), key=_by_index)
                    _write_summary(summary)
                    last_written = time.monotonic()
    finally:
        for ref in waiting:
            with contextlib.suppress(Exception):
                ray.cancel(ref, force=True)
        if started_here:
            ray.shutdown()


def _check_alive(workers: list[Any], finished: set[int], out: Path) -> None:
    """``SimulationFailure`` if a worker has ended without saying it was done."""
    for number, process in enumerate(workers):
        # A worker that ended well has said so (its last message may still be on its way).
        if number not in finished and process.exitcode not in (None, 0):
            raise SimulationFailure(
                f"worker process {number} died (exit code {process.exitcode}); the games "
                f"complete are kept in '{out}': run again to play the rest"
            )

"""Replaying a logged game and checking that it reproduces the same event stream.

A log holds everything a game depends on: the seed, decks, variant, players'
names, turn limit and plugins in ``game_started``, and every answer players gave
(``decision_made``, ``decision_rejected``, concessions, timeouts and exceptions).
:func:`replay` plays the game again from those and compares the streams event by
event, ignoring wall-clock fields.

Before playing, the plugins are checked: every plugin the log lists that can change the game
must be installed in the same version, and no other such plugin may be registered (when
:func:`replay` builds its own plugin host it turns off those the game did not have).
Plugins that cannot change the game, bots and observers (see
:data:`~manaweave.lowlevel.RULES_NEUTRAL_HOOKS`), are ignored: the log holds every answer
its bots gave.
"""

from __future__ import annotations

import os
import stat
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import trio

from manaweave.log import WALL_CLOCK_FIELDS, list_every_seat, read_with_digest

from ._decisions import Choice, Decision
from ._deck_rules import UNCHECKED
from ._errors import (
    GameLogError,
    ManaweaveError,
    PluginError,
    ReplayMismatchError,
    ReplayPluginError,
)
from ._game import Game
from ._log_check import check_log
from ._log_digest import DigestCheck
from ._play import Seating, new_game
from ._plugins import (
    BUILTIN_PLUGINS,
    FORMERLY_CORE_PLUGINS,
    PLUGIN_FAILED,
    PluginHost,
    default_plugins,
)
from ._preferences import Preferences
from ._seed_secret import seed_reveal_problem
from ._shards import MemberStart, read_gzip, shard_member_index
from ._table import HarnessStop
from ._turnloop import run_game

__all__ = ["ReplayResult", "check_plugins", "compare_streams", "load_log", "replay"]

UNREPRODUCIBLE_FIELDS = WALL_CLOCK_FIELDS | {"traceback"}
"""Fields a replay cannot reproduce exactly and does not compare."""

_ANSWER_EVENTS = (
    "decision_made",
    "decision_rejected",
    "player_conceded",
    "player_raised",
    "preferences_changed",
)

_NEW_IN_VERSION_3: Mapping[str, frozenset[str]] = {
    "damage_dealt": frozenset({"source_controller"}),
    "life_changed": frozenset({"source", "source_name", "source_controller"}),
    "damage_prevented": frozenset({"damage_source_controller"}),
    "event_replaced": frozenset({"damage_source_controller"}),
    "combat_damage_assigned": frozenset({"source_controllers"}),
}
"""The fields schema version 3 added, by event: a replay of a version 2 log compares the
replayed lines without them (and with version 2's ``v``)."""

_NEW_IN_VERSION_4: Mapping[str, frozenset[str]] = {
    "game_started": frozenset({"seed_nonce", "seed_commitment"}),
    "game_ended": frozenset({"seed", "seed_nonce"}),
}
"""The fields schema version 4 added, by event (the commitment to the seed and its
reveal): a replay of an older log compares the replayed lines without them."""

_NEW_SINCE: Mapping[int, Mapping[str, frozenset[str]]] = {
    2: {
        event: _NEW_IN_VERSION_3.get(event, frozenset()) | _NEW_IN_VERSION_4.get(event, frozenset())
        for event in {*_NEW_IN_VERSION_3, *_NEW_IN_VERSION_4}
    },
    3: _NEW_IN_VERSION_4,
}
"""For each older schema version, the fields added since, by event."""


@dataclass(frozen=True, slots=True)
class ReplayResult:
    """What a replay found: the number of events compared and the first difference.

    A log without ``game_ended`` (its process was killed or interrupted) is replayed up to
    its last complete line: :attr:`incomplete` is true, :attr:`events` counts the events
    compared, and :attr:`identical` says whether those matched."""

    events: int
    mismatch: ReplayMismatchError | None
    incomplete: bool = False
    """Whether the log ends without ``game_ended``: only its events were compared."""
    interrupted: bool = False
    """Whether the log ends with ``game_interrupted`` (the process was interrupted)."""
    last_turn: int | None = None
    """The turn of the last event compared, for an incomplete log."""
    digest_problem: str | None = None
    """Why the log's lines do not match the digest of its ``game_ended`` (the log was
    changed after the game wrote it), or ``None`` when they match or the log has no
    ``game_ended``. The streams are compared all the same."""
    seed_problem: str | None = None
    """Why the seed the game was played with is not the one its ``game_started`` committed
    to (its nonce and commitment disagree with it, or ``game_ended`` reveals another seed
    or nonce), or ``None`` when it is, or for a log older than the commitment (schema
    version 4). The streams are compared all the same."""

    @property
    def identical(self) -> bool:
        """Whether the replayed stream matched the log."""
        return self.mismatch is None


class _RecordedError(Exception):
    """Stands for an exception a player raised in the recorded game."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __repr__(self) -> str:
        return self.text


class ReplayPlayer:
    """Gives the answers one player gave in a recorded game, in the same order, and asks
    the engine for what that player asked (its recorded ``preferences``)."""

    def __init__(
        self, answers: Sequence[Mapping[str, Any]], preferences: Preferences | None = None
    ) -> None:
        self._answers = deque(answers)
        self.preferences = preferences

    async def decide(self, decision: Decision) -> Choice:
        """The next recorded answer (or the recorded concession, timeout or exception)."""
        if not self._answers:
            raise _RecordedError("replay: no recorded answer left for this decision")
        event = self._answers.popleft()
        kind = event["event"]
        if kind == "preferences_changed" and self._answers:
            # Changed as the player gave the answer that follows it (Table.take_up_preferences).
            self.preferences = event["recorded_preferences"]
            event = self._answers.popleft()
            kind = event["event"]
        if kind == "decision_made":
            return Choice(tuple(event["choice"]))
        if kind == "decision_rejected":
            answer = event.get("answer")
            if isinstance(answer, list):
                return Choice(tuple(answer))
            # An answer that was not a Choice is logged by its type name, "<NoneType>": an
            # object of a class of that name draws the same rejection again.
            name = str(answer).strip("<>") or "object"
            return type(name, (), {})()  # type: ignore[no-any-return]
        if kind == "player_raised":
            # A raise is followed by the concession it caused; drop that one.
            if self._answers and self._answers[0]["event"] == "player_conceded":
                self._answers.popleft()
            raise _RecordedError(str(event.get("error", "")))
        if event.get("reason") == "timeout":
            raise trio.TooSlowError
        return Choice.concession()


def _changed_preferences(event: Mapping[str, Any], where: str) -> Preferences:
    """The preferences a ``preferences_changed`` line records; ``GameLogError`` if they
    are malformed."""
    try:
        return Preferences.from_log(event["preferences"])
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise GameLogError(
            f"{where}: line {event.get('seq')}: the changed preferences are malformed: {error}"
        ) from None


def _refuse_a_shard(path: str | os.PathLike[str]) -> None:
    """:class:`GameLogError` for a run's shard that holds more than one game, saying how
    to name one of them; read no further than the start of its second member."""
    with open(path, "rb") as file:
        first = shard_member_index(file)
        if first is None:
            return
        starts = (piece for piece in read_gzip(file, named=True) if isinstance(piece, MemberStart))
        if next(starts, None) is None or next(starts, None) is None:
            return  # a shard of one game is that game's log
    folder = Path(path).parent
    raise GameLogError(
        f"{path}: a simulate run's shard, which holds many games (game {first} first); name "
        f"one of them by its index in the run: manaweave view {folder} --game INDEX (show "
        "and replay take --game too)"
    )


def _blank(path: str | os.PathLike[str]) -> bool:
    """Whether the file holds nothing but whitespace (read only as far as needed)."""
    with open(path, "rb") as file:
        while chunk := file.read(65536):
            if chunk.strip():
                return False
    return True


def load_log(path: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """Read a game's log file as a list of dictionaries.

    Raises :class:`~manaweave.GameLogError` (a ``ValueError``) for a file that cannot be
    read (its ``__cause__`` is the ``OSError``), is a device rather than a file, is empty,
    has a line that is not a log event or is longer than
    :data:`~manaweave.log.MAX_LINE_BYTES` (naming the line), or is not a log a replay can
    use: see :func:`check_log`. The digest of ``game_ended`` is not checked here:
    :func:`replay` checks it."""
    return _load(path)[0]


def _load(path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], str | None]:
    """:func:`load_log`, and why the lines do not match the log's digest (or ``None``)."""
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
            raise GameLogError(f"{path}: a device, not a manaweave game log")
        _refuse_a_shard(path)
        events, digest_problem = read_with_digest(path)
    except OSError as error:
        reason = (error.strerror or type(error).__name__).lower()
        raise GameLogError(f"{path}: cannot read the log: {reason}") from error
    except GameLogError:
        raise
    except ValueError as error:
        raise GameLogError(str(error)) from None
    if not events:
        what = "is empty" if _blank(path) else "holds no complete line"
        raise GameLogError(f"{path}: the file {what}; not a manaweave game log")
    games = sum(event.get("event") == "game_started" for event in events)
    if games > 1:
        raise GameLogError(
            f"{path}: holds {games} games one after another; a replay takes one game's log"
        )
    check_log(events, str(path))
    return events, digest_problem


def _as_version(record: dict[str, Any], version: int) -> dict[str, Any]:
    """A replayed line as schema ``version`` (2 or 3) wrote it, but for the visibility,
    which a version 2 log reads as version 3 writes it
    (:func:`~manaweave.log.read_records`)."""
    new = _NEW_SINCE[version].get(record["event"], frozenset())
    line = {k: v for k, v in record.items() if k not in new}
    line["v"] = version
    return line


def _digest_problem(events: Sequence[Mapping[str, Any]]) -> str | None:
    """Why events given as values do not match their digest: each is rendered again as
    the engine renders it, which gives the bytes it was read from."""
    check = DigestCheck()
    for event in events:
        check.feed(orjson.dumps(event) + b"\n")
    last = events[-1].get("event") if events else None
    return check.problem(last if isinstance(last, str) else None)


def compare_streams(
    recorded: Sequence[Mapping[str, Any]], replayed: Sequence[Mapping[str, Any]]
) -> ReplayMismatchError | None:
    """The first difference between two event streams, or ``None`` if they match."""
    for expected, actual in zip(recorded, replayed, strict=False):
        a = {k: v for k, v in expected.items() if k not in UNREPRODUCIBLE_FIELDS}
        b = {k: v for k, v in actual.items() if k not in UNREPRODUCIBLE_FIELDS}
        if a != b:
            return ReplayMismatchError(int(expected.get("seq", -1)), a, b)
    if len(recorded) != len(replayed):
        seq = min(len(recorded), len(replayed))
        longer = recorded if len(recorded) > len(replayed) else replayed
        missing = dict(longer[seq])
        if len(recorded) > len(replayed):
            return ReplayMismatchError(seq, missing, None)
        return ReplayMismatchError(seq, None, missing)
    return None


def replay(
    source: str | os.PathLike[str] | Sequence[Mapping[str, Any]],
    *,
    plugins: PluginHost | None = None,
    observe: Callable[[Game], object] | None = None,
) -> ReplayResult:
    """Re-play a logged game (a path or the events) and compare the event streams.

    Without ``plugins``, the game is replayed with the default plugins, less those the log
    says were turned off (``disabled_plugins``) and those the game did not have.

    ``observe``, if given, is called with the replaying game once it is set up, before its
    first turn: to watch it as it is played again (subscribe to ``game.log``; the
    ``game_started`` record it then gets is the recorded one). It must not change the game,
    or the replay differs.

    Raises :class:`~manaweave.GameLogError` for a log that cannot be read or is not a game
    log, :class:`~manaweave.ReplayPluginError` when the plugins that can change the game
    are not those the game was played with (:func:`check_plugins`). A log whose lines do
    not match the digest of its ``game_ended`` is replayed all the same, and the result
    says why (:attr:`ReplayResult.digest_problem`); so is one whose seed is not the one
    its ``game_started`` committed to (:attr:`ReplayResult.seed_problem`)."""
    if isinstance(source, str | os.PathLike):
        where = os.fspath(source)
        events, digest_problem = _load(source)
    else:
        where = "the log"
        as_given = [dict(event) for event in source]
        # Read as a log file is read (version 2's "public" is every seat); the digest
        # covers the lines as they were given.
        events = list(list_every_seat(dict(event) for event in as_given))
        check_log(events, where)
        digest_problem = _digest_problem(as_given)
    started = events[0]
    if plugins is None:
        plugins = _replay_host(started)
    check_plugins(started, plugins)
    players = started["players"]
    answers: list[list[Mapping[str, Any]]] = [[] for _ in players]
    for event in events:
        # check_log made sure that every player named is a seat of the game.
        if event["event"] in _ANSWER_EVENTS and event.get("player") is not None:
            if event["event"] == "preferences_changed":
                event = {**event, "recorded_preferences": _changed_preferences(event, where)}
            answers[event["player"]].append(event)
    try:
        preferences = [
            Preferences.from_log(p["preferences"]) if "preferences" in p else None for p in players
        ]
    except (AttributeError, KeyError, TypeError, ValueError) as error:
        raise GameLogError(f"{where}: a player's preferences are malformed: {error}") from None
    actors = [ReplayPlayer(a, p) for a, p in zip(answers, preferences, strict=True)]
    decks = [list(deck) for deck in started["decks"]]
    names = [p["name"] for p in players]
    # Players seated at random (806.3, 807.3) are seated so again: given in the order
    # they were given, with the seating the log records.
    recorded = started.get("seating")
    seating: Seating = "given"
    if isinstance(recorded, list) and sorted(recorded) == list(range(len(players))):
        seating = recorded
        given = [0] * len(recorded)
        for seat, position in enumerate(recorded):
            given[position] = seat
        actors, decks, names = (
            [actors[s] for s in given],
            [decks[s] for s in given],
            [names[s] for s in given],
        )
    try:
        game = new_game(
            decks=decks,
            players=actors,
            seed=started["seed"],
            variant=started["variant"],
            # A log written before options were recorded had none: the defaults.
            options=started.get("options") or {},
            names=names,
            max_turns=started.get("max_turns"),
            plugins=plugins,
            game_id=started["game"],
            # The same nonce, so that the commitment is the logged one (a log older than
            # the commitment has none: the replayed lines are compared without it).
            seed_nonce=started.get("seed_nonce"),
            # The decks were checked against the game's deck rules when it was played; the
            # log holds only the main decks, which is all a replay needs.
            deck_rules=UNCHECKED,
            # Recorded answers come at once; a recorded timeout is replayed from the log,
            # and a replay slowed down (a loaded machine, a debugger) must not add one.
            decision_time_limit=None,
            seating=seating,
        )
    except (ManaweaveError, ValueError, TypeError) as error:
        raise GameLogError(f"{where}: the game of game_started cannot be set up: {error}") from None
    # A recorded raise is raised again by its player; it was reported when it happened.
    game.table.report_errors = False
    # The recorded deck names, deck rules and player kinds are descriptive; take them from
    # the log.
    first = game.log.records[0]
    first["deck_names"] = started.get("deck_names")
    # Who may see which decklist changes no game action: take it from the log, which
    # lacks it when written before it was recorded.
    if "open_decklists" in started:
        first["open_decklists"] = started["open_decklists"]
    else:
        first.pop("open_decklists", None)
    if "deck_rules" in started:
        first["deck_rules"] = started["deck_rules"]
    else:  # a log written before the deck rules were recorded
        del first["deck_rules"]
    first["players"] = players
    # Logs written before options and teams were recorded lack them (the game then had
    # the defaults and a team of one per player).
    for name in ("options", "teams"):
        if name not in started:
            first.pop(name, None)
    # Which plugins were registered is checked above, less the rules-neutral ones; the
    # lists themselves are descriptive.
    for name in ("plugins", "neutral_plugins", "distributions", "disabled_plugins"):
        if name in started:
            first[name] = started[name]
        else:
            first.pop(name, None)
    if game.hooks is not None:
        # Played again to be compared, not a game that ends: the plugins that watch
        # games end heard of this one when it was played.
        game.hooks.mute_observers()
    if observe is not None:
        observe(game)
    incomplete = events[-1].get("event") != "game_ended"
    interrupted = events[-1].get("event") == "game_interrupted"
    if interrupted:
        events.pop()  # the interruption is not part of the game, and cannot be replayed
    if incomplete:
        _play_until(game, len(events))
    else:
        try:
            trio.run(run_game, game)
        except PluginError:
            # A plugin that failed in the recorded game fails again: its log says so.
            if events[-1].get("reason") != PLUGIN_FAILED:
                raise
    replayed = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
    if started["v"] in _NEW_SINCE:
        replayed = [_as_version(r, started["v"]) for r in replayed]
    return ReplayResult(
        len(events) if incomplete else len(replayed),
        compare_streams(events, replayed),
        incomplete=incomplete,
        interrupted=interrupted,
        last_turn=int(events[-1].get("turn") or 0) if incomplete else None,
        digest_problem=digest_problem,
        seed_problem=seed_reveal_problem(started, None if incomplete else events[-1]),
    )


class _Recorded(HarnessStop):
    """Stops a replay that has logged as many events as an incomplete log holds.

    A :class:`HarnessStop` (a ``BaseException``, like trio's ``Cancelled``), so that
    nothing on the way takes it for an error to handle: not an ``except Exception`` (a
    player's bug must not crash the game), nor the guard of a plugin's hook that logged
    the event it is raised at."""


def _play_until(game: Game, count: int) -> None:
    """Play ``game`` until its log holds ``count`` events (or it ends before that)."""

    def stop_at_count(record: Mapping[str, Any]) -> None:
        if len(game.log) >= count:
            raise _Recorded

    if len(game.log) >= count:
        return  # the log holds no more than the events logged as the game was set up
    unsubscribe = game.log.subscribe(stop_at_count, past=False)
    try:
        trio.run(run_game, game)
    except _Recorded:
        pass
    except BaseExceptionGroup as group:
        rest = group.subgroup(lambda error: not isinstance(error, _Recorded))
        if rest is not None:
            raise rest from None
    finally:
        unsubscribe()


def _recorded_neutral(started: Mapping[str, Any], host: PluginHost) -> set[str]:
    """The plugins of the recorded game that could not change it: as the log says, or, in
    a log older than ``neutral_plugins``, those the host knows to be rules-neutral."""
    recorded = started.get("neutral_plugins")
    if isinstance(recorded, list):
        return {str(name) for name in recorded}
    return set(host.neutral_plugins)


def _replay_host(started: Mapping[str, Any]) -> PluginHost:
    """The default plugins, less those the log says were turned off and the built-in and
    installed ones that can change the game but that the recorded game did not have."""
    recorded = {str(entry[0]) for entry in started["plugins"]}
    host = default_plugins()
    # A built-in that was the core's own rule when the log was written played in it.
    absent = set(host.versions) - recorded - set(host.neutral_plugins) - FORMERLY_CORE_PLUGINS
    disabled = {str(name) for name in started.get("disabled_plugins") or ()}
    # Only plugins the host registered by name can be turned off; objects cannot.
    can_disable = set(BUILTIN_PLUGINS) | set(host.distributions)
    off = disabled | (absent & can_disable)
    return PluginHost(disable=sorted(off)) if off else host


def check_plugins(started: Mapping[str, Any], host: PluginHost) -> None:
    """Check that ``host`` has the plugins the game of ``started`` (its ``game_started``
    event) was played with, in the same versions, and no other plugin that can change a
    game; rules-neutral plugins (bots, observers) are ignored.

    Raises :class:`~manaweave.ReplayPluginError` naming each plugin that differs."""
    versions = {str(entry[0]): str(entry[1]) for entry in started["plugins"]}
    distributions = started.get("distributions")
    if not isinstance(distributions, dict):
        distributions = {}  # a log older than the field, or a game without entry points
    neutral = _recorded_neutral(started, host) | set(host.neutral_plugins)
    problems = []
    for name, version in versions.items():
        if name in neutral:
            continue
        what = _describe(name, version, distributions.get(name, ""))
        if name not in host.versions:
            problems.append(f"this log was played with {what}, which is not installed")
        elif host.versions[name] != version:
            problems.append(
                f"this log was played with {what}; {host.versions[name] or 'no version'} "
                "is installed"
            )
    for name, version in host.versions.items():
        if name not in versions and name not in neutral and name not in FORMERLY_CORE_PLUGINS:
            what = _describe(name, version, host.distributions.get(name, ""))
            problems.append(f"this log was played without {what}, which is installed now")
    if problems:
        raise ReplayPluginError(tuple(problems))


def _describe(name: str, version: str, distribution: str) -> str:
    """A plugin as a message names it: ``manaweave-exalted 0.1 (plugin manaweave:exalted)``."""
    if distribution:
        return f"{distribution} {version} (plugin {name})".replace("  ", " ")
    return f"the plugin {name}" + (f" {version}" if version else "")

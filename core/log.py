"""The event log: one JSON object per line, written through structlog.

Every line has ``v`` (schema version), ``game``, ``seq`` (gap-free within a game),
``event`` (past tense, snake_case), ``turn`` and ``step``; most have ``player``,
object ids, ``cause`` (the ``seq`` of the event that caused it), ``visibility``
(the seats of the players who may see it in full: every seat for a public event) and
``rule`` (the CR rule behind the event). The schema is described in
``docs/event-log.md``.

:func:`read_events` reads a log back as :class:`LoggedEvent` records (a log of schema
version 2, whose public events say ``"public"``, reads as version 3 does: every seat);
:func:`is_public` says whether a record is public;
:func:`redact` turns a whole log into what one player may see;
:class:`Narrator` (and :func:`narrate`) turn records into a readable play-by-play;
:meth:`EventLog.subscribe` observes records as they are written;
:func:`render_log` writes records as a log file's bytes, ``game_ended`` sealed with the
log's digest;
:func:`seed_commitment` is the commitment to the seed that ``game_started`` shows, which
the seed and nonce ``game_ended`` reveals must match.
"""

from __future__ import annotations

import importlib
import os
import re
import stat
import sys
import weakref
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, ClassVar

import orjson

from ._engine._errors import UnloggableValueError
from ._engine._log_digest import DigestCheck, RunningDigest, seal
from ._engine._loggable import check_loggable, refuse_unloggable
from ._engine._narrate import Narrator, narrate
from ._engine._redact import is_public, redact
from ._engine._seed_secret import seed_commitment
from ._engine._shards import Gap, read_gzip

if TYPE_CHECKING:
    from structlog.typing import FilteringBoundLogger

__all__ = [
    "CHECK_LINES_ENV",
    "FLUSH_BYTES",
    "MAX_LINE_BYTES",
    "PER_PLAY_FIELDS",
    "READABLE_VERSIONS",
    "SCHEMA_VERSION",
    "WALL_CLOCK_FIELDS",
    "EventLog",
    "LoggedEvent",
    "Narrator",
    "is_public",
    "narrate",
    "read_events",
    "read_records",
    "redact",
    "render_log",
    "seed_commitment",
]

SCHEMA_VERSION = 4
"""The ``v`` field of every line; bumped when a field changes meaning (2: ``game_ended``
carries the log's ``digest``, which a replay checks; ``game_started`` says whether decklists
are open, ``player_left`` counts hidden cards, decisions show others only their public
fields; 3: ``visibility`` is always a list of seats, every seat for a public event, and
damage and life events name their source's controller; 4: ``game_started`` commits to the
seed, which no view shows, with ``seed_nonce`` and ``seed_commitment``, and ``game_ended``
reveals ``seed`` and ``seed_nonce``, which a replay checks against the commitment)."""

READABLE_VERSIONS = frozenset({2, 3, SCHEMA_VERSION})
"""The schema versions this engine reads, checks and replays: a version 2 line's
``"public"`` visibility is read as every seat of its game; a log before version 4 has no
commitment to its seed to check."""

WALL_CLOCK_FIELDS = frozenset({"latency_ms", "wall_time", "plugin_time_ms", "digest"})
"""Fields that depend on real time: ``latency_ms``, ``wall_time`` and ``plugin_time_ms``
measure it, and the ``digest`` of ``game_ended`` covers the lines that hold them. Replays
ignore them; two plays of the same game differ in them only."""

PER_PLAY_FIELDS = WALL_CLOCK_FIELDS | {"game", "seed_nonce", "seed_commitment"}
"""The fields two plays of the same seed, decks, plugins and decisions differ in when
neither is given a ``seed_nonce`` nor a ``game_id``: those of :data:`WALL_CLOCK_FIELDS`,
and the nonce drawn for each play (:func:`manaweave.new_game`), with the commitment and
the default game id made from it. Given the same nonce, two plays differ in the
wall-clock fields only."""

MAX_LINE_BYTES = 256 * 1024 * 1024
"""The longest line a log may have (256 MiB); reading a log refuses a longer one after
reading that much of it, never more. The longest line a game writes is ``game_started``,
which holds the decks: 100 players of 10,000 cards each with the longest card names stay
under 150 MB."""

CHECK_LINES_ENV = "MANAWEAVE_CHECK_LOG_LINES"
"""Set to ``1``, every engine line is checked before it is written
(:attr:`EventLog.check_every_line`)."""

_READ_BYTES = 1024 * 1024
"""How much of a log file is read (or decompressed) at a time."""

GZIP_MAGIC = b"\x1f\x8b"
"""The first bytes of a gzip file: a log that begins with them is read decompressed."""

_STRICT = orjson.OPT_PASSTHROUGH_DATACLASS | orjson.OPT_PASSTHROUGH_DATETIME
"""Render the engine's lines without falling back to a value's ``repr``: a value orjson
cannot encode as it reads back (an object, a set, a dataclass, a date) raises instead."""

FLUSH_BYTES = 64 * 1024
"""How many bytes of rendered lines an :class:`EventLog` with a path holds before it
writes them to its file even though no player is being asked anything."""

_COMMON = ("v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility")


class _BufferSink:
    """The structlog logger at the end of the chain: keeps rendered lines in one buffer.

    Appending each line to a ``bytearray`` is several times cheaper than keeping
    thousands of small ``bytes`` objects alive (measured: about 0.9 against 4 us a line).
    """

    __slots__ = ("buffer", "count", "full", "full_at", "written")

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.count = 0
        self.written: Callable[[], None] | None = None
        """Called after each line while the log has subscribers."""
        self.full_at = sys.maxsize
        """The buffer length at which :attr:`full` is called (never, without a file)."""
        self.full: Callable[[], None] = _nothing
        """Called when the buffer reaches :attr:`full_at`: writes the lines to the file."""

    def msg(self, line: bytes) -> None:
        # The line, its newline and the count change with no call between them, where an
        # interrupt (Ctrl-C) could be raised: a line is in the buffer whole, and counted,
        # or not at all (the count numbers the lines, as ``seq``).
        self.buffer += line + b"\n"
        self.count += 1
        if len(self.buffer) >= self.full_at:
            self.full()
        if self.written is not None:
            self.written()

    info = msg


def _nothing() -> None:
    """What a log without a file does when its buffer grows."""


class EventLog:
    """A game's event log: structlog's orjson renderer over a buffered sink.

    Lines are rendered with orjson as they are logged and kept in memory;
    :attr:`records` gives the same events as dictionaries, for tests and replays.

    With a ``path``, the lines also go to that file as the game goes, so a process that
    is killed leaves a log of the game so far (``docs/event-log.md``, "Durable logs"):
    :meth:`flush` appends the lines not yet written, and the game calls it before each
    decision it asks a player that may wait (that is where time passes: a person
    thinking, a remote player answering; not a bot that declares ``decides_at_once``),
    whenever :data:`FLUSH_BYTES` of lines are waiting, and at the end (:meth:`close`).
    A killed process therefore loses at most the lines logged since the last such
    decision, never more than :data:`FLUSH_BYTES`, and maybe the end of the last line it
    was writing. The file's bytes are the same as if the whole log had been
    written at once.

    :attr:`logger` is the game's bound structlog logger (bound to ``v`` and
    ``game``): plugins and observers log their own events through it, and they get
    a ``seq`` in the same sequence. The engine's own events, about two thousand a
    game, go through :meth:`write` (or :meth:`emit`), which hand the same line to the
    same renderer and sink without the bound logger's call machinery: that
    machinery measured a quarter of a whole random game's time here.

    :meth:`subscribe` lets a caller observe each record as it is written (to print a
    play-by-play while the game runs, for instance).
    """

    check_every_line: ClassVar[bool] = os.environ.get(CHECK_LINES_ENV, "") == "1"
    """Whether every line of the engine's is checked for values that do not read back as
    they were (:func:`~manaweave._engine._loggable.check_loggable`) before it is written: on in the
    test suite and with ``MANAWEAVE_CHECK_LOG_LINES=1``, off by default for speed. Without
    it, only values orjson cannot encode at all are refused."""

    def __init__(self, game_id: str, path: str | os.PathLike[str] | None = None) -> None:
        self.path = Path(path) if path is not None else None
        self._game = game_id
        self.game_id = game_id
        """The game's id, the ``game`` of every line."""
        self._sink = _BufferSink()
        self._decoded: list[dict[str, Any]] = []
        self._decoded_bytes = 0
        self._logger: FilteringBoundLogger | None = None
        self._digest = RunningDigest()
        self._subscribers: list[Callable[[dict[str, Any]], object]] = []
        self._delivered = 0
        self._delivering = False
        self._file: int | None = None
        self._written = 0
        self._writing = False
        """Whether a flush is writing: still true at the next flush if one was interrupted."""
        self._closer: weakref.finalize[[int], EventLog] | None = None
        self.seats: int | None = None
        """The number of seats of the game, once it is set up: a line logged through
        :attr:`logger` without a ``visibility`` is given every seat's (it is public)."""
        if self.path is not None:
            self._sink.full_at = FLUSH_BYTES
            self._sink.full = self.flush

    @property
    def logger(self) -> FilteringBoundLogger:
        """The game's bound structlog logger, for events logged by plugins.

        Built on first use: the engine's own lines never go through structlog, and
        importing it (with the development renderer its package loads) measured about a
        tenth of a game process's start-up."""
        if self._logger is None:
            structlog = importlib.import_module("structlog")
            self._logger = structlog.wrap_logger(
                self._sink,
                wrapper_class=structlog.make_filtering_bound_logger(0),
                processors=[
                    refuse_unloggable,
                    self._stamp,
                    structlog.processors.JSONRenderer(serializer=orjson.dumps),
                ],
                context_class=dict,
                cache_logger_on_first_use=True,
            ).bind(v=SCHEMA_VERSION, game=self._game)
        return self._logger

    def _stamp(
        self, logger: object, method: str, event_dict: MutableMapping[str, Any]
    ) -> MutableMapping[str, Any]:
        event_dict["seq"] = self._sink.count
        if "visibility" not in event_dict and self.seats is not None:
            event_dict["visibility"] = list(range(self.seats))
        return event_dict

    @property
    def records(self) -> list[dict[str, Any]]:
        """The events so far as dictionaries, decoded from the lines on first use."""
        if len(self._decoded) < self._sink.count:
            rest = bytes(self._sink.buffer[self._decoded_bytes :])
            self._decoded_bytes += len(rest)
            self._decoded.extend(orjson.loads(line) for line in rest.splitlines())
        return self._decoded

    def subscribe(
        self, callback: Callable[[dict[str, Any]], object], *, past: bool = True
    ) -> Callable[[], None]:
        """Call ``callback`` with each record as it is written; returns a function that
        ends the subscription.

        With ``past`` (the default), ``callback`` first gets every record written so far,
        so a subscriber that comes after ``game_started`` (:func:`manaweave.new_game`
        logs it) still sees the whole game. Each record is the dictionary
        :attr:`records` holds (the line decoded, exactly as a log file reads back): do
        not change it.

        Callbacks run synchronously, in the order they subscribed, right after the line
        is written and before the code that logged the event goes on: no task, no
        thread, so the same game calls them with the same records in the same order. An
        event logged from inside a callback is delivered after the current one has
        reached every subscriber. An exception a callback raises propagates to the code
        that logged the event.
        """
        # While records are being delivered (a callback subscribes), the delivery loop
        # hands the new subscriber the records after the current one.
        upto = self._delivered if self._delivering else self._sink.count
        if past:
            for record in self.records[:upto]:
                callback(record)
        self._delivered = upto
        self._subscribers.append(callback)
        self._sink.written = self._deliver

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)
            if not self._subscribers:
                self._sink.written = None

        return unsubscribe

    def _deliver(self) -> None:
        """Hand every record not yet delivered to the subscribers, oldest first."""
        if self._delivering:
            return  # a callback logged an event: the loop below reaches it
        self._delivering = True
        try:
            while self._delivered < self._sink.count:
                record = self.records[self._delivered]
                self._delivered += 1
                for callback in tuple(self._subscribers):
                    callback(record)
        finally:
            self._delivering = False

    @property
    def next_seq(self) -> int:
        """The ``seq`` the next event will get."""
        return self._sink.count

    def emit(self, event: str, fields: dict[str, Any], /) -> int:
        """Log one of the engine's events and return its ``seq``."""
        # A line's seq is the number of lines before it: a line refused takes no seq,
        # and an interrupt anywhere leaves no gap and no repeated number.
        seq = self._sink.count
        line = {"v": SCHEMA_VERSION, "game": self._game, "seq": seq, **fields, "event": event}
        self._sink.msg(self._rendered(event, line))
        return seq

    def write(self, event: str, line: dict[str, Any], /) -> int:
        """Log a line its caller built whole, beginning ``v``, ``game``, ``seq`` (any value:
        the next ``seq`` replaces it in place), and return its ``seq``; ``event`` is added
        last. The event bus builds its lines so: copying each into a new one, as
        :meth:`emit` does, measured more than building the event's record."""
        seq = self._sink.count
        line["seq"] = seq
        line["event"] = event
        self._sink.msg(self._rendered(event, line))
        return seq

    def _rendered(self, event: str, line: dict[str, Any]) -> bytes:
        """One of the engine's lines as JSON; ``game_ended`` sealed with the digest of the
        log (:mod:`manaweave._engine._log_digest`).

        A value that orjson cannot encode raises :class:`~manaweave.UnloggableValueError`
        naming the event and the field: an engine bug, found where it happens rather than
        as a replay that cannot match. A value orjson encodes but that does not read back
        as it was (a NaN, an infinity) is refused only by :func:`check_loggable`,
        which checks every engine line only while :attr:`check_every_line` is set (tests
        set it): it measured some 8% of a random game's time."""
        if self.check_every_line:
            check_loggable(event, line)
        try:
            rendered = orjson.dumps(line, option=_STRICT)
        except TypeError as error:  # orjson.JSONEncodeError is a TypeError
            check_loggable(event, line)
            raise UnloggableValueError(f"{event}: a field cannot be logged: {error}") from None
        if event == "game_ended":
            return seal(self._digest.hash_of(self._sink.buffer), rendered)
        return rendered

    def copy(self) -> EventLog:
        """A log holding the same lines so far, written to no file and with no
        subscribers: the log of a copied game (:meth:`Game.copy
        <manaweave.lowlevel.Game.copy>`), whose events go on with the next ``seq``."""
        twin = EventLog(self.game_id)
        twin.seats = self.seats
        twin._sink.buffer = bytearray(self._sink.buffer)
        twin._sink.count = self._sink.count
        twin._decoded = list(self._decoded)
        twin._decoded_bytes = self._decoded_bytes
        twin._digest = self._digest.copy()
        return twin

    @property
    def lines(self) -> list[bytes]:
        """The rendered JSON lines so far (without newlines)."""
        return bytes(self._sink.buffer).splitlines()

    def __len__(self) -> int:
        return self._sink.count

    def flush(self) -> None:
        """Append the lines not yet written to ``path``; a no-op without a path.

        The first flush creates the file (and its folder), replacing one that exists; the
        file stays open until :meth:`close` (or until the log is garbage collected)."""
        if self.path is None:
            return
        buffer = self._sink.buffer
        if self._written == len(buffer) and self._file is not None:
            return
        fd = self._open()
        if self._writing:
            # The last flush was interrupted (Ctrl-C) while it wrote, maybe between a
            # write and counting it: the file knows what it holds, so no line is written
            # twice. It holds the log alone (created empty, only appended to).
            status = os.fstat(fd)
            if stat.S_ISREG(status.st_mode):
                self._written = status.st_size
        self._writing = True
        while self._written < len(buffer):
            self._written += os.write(fd, buffer[self._written :])
        self._writing = False
        self._sink.full_at = self._written + FLUSH_BYTES

    def close(self) -> None:
        """Write the lines not yet written and close the file; a later :meth:`flush`
        (an event logged after the game ended) opens it again to append."""
        self.flush()
        if self._closer is not None:
            self._closer()
            self._closer = None
            self._file = None

    def _open(self) -> int:
        """The log file's descriptor: created at the first flush, appended to after a
        :meth:`close`."""
        if self._file is not None:
            return self._file
        assert self.path is not None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        mode = os.O_WRONLY | os.O_CREAT | (os.O_APPEND if self._written else os.O_TRUNC)
        self._file = fd = os.open(self.path, mode, 0o666)
        # A game abandoned before its end (a scenario, a test) still closes its file.
        self._closer = weakref.finalize(self, os.close, fd)
        return fd


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """One line of an event log, with the common fields typed and the rest in ``data``.

    ``visibility`` is the seats of the players who may see the event in full; ``seats``
    the number of seats of its game (from ``game_started``), which :attr:`is_public`
    needs."""

    v: int
    game: str
    seq: int
    event: str
    turn: int
    step: str | None
    player: int | None = None
    rule: str | None = None
    cause: int | None = None
    visibility: tuple[int, ...] = ()
    data: Mapping[str, Any] = field(default_factory=dict)
    seats: int | None = None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], *, seats: int | None = None) -> LoggedEvent:
        """Build a record from one decoded log line of a game of ``seats`` seats (for a
        ``game_started`` line, its ``players`` by default).

        A line without ``visibility``, or with a version 2 log's ``"public"``, is public:
        its visibility is every seat, which needs ``seats`` (``ValueError`` without)."""
        missing = [key for key in ("v", "game", "seq", "event") if key not in raw]
        if missing:
            raise ValueError(f"log line lacks {', '.join(missing)}: {dict(raw)!r}")
        if seats is None and raw["event"] == "game_started":
            players = raw.get("players")
            seats = len(players) if isinstance(players, list) else None
        visibility = raw.get("visibility", "public")
        if visibility == "public":
            if seats is None:
                raise ValueError(
                    f"a public line without the game's number of seats: {raw['event']} "
                    f"(seq {raw['seq']})"
                )
            visibility = range(seats)
        return cls(
            v=int(raw["v"]),
            game=str(raw["game"]),
            seq=int(raw["seq"]),
            event=str(raw["event"]),
            turn=int(raw.get("turn", 0)),
            step=raw.get("step"),
            player=raw.get("player"),
            rule=raw.get("rule"),
            cause=raw.get("cause"),
            visibility=tuple(visibility),
            data={k: v for k, v in raw.items() if k not in _COMMON},
            seats=seats,
        )

    def visible_to(self, player: int) -> bool:
        """Whether ``player`` may see this event in full."""
        return player in self.visibility

    @property
    def is_public(self) -> bool:
        """Whether every player may see this event in full (CR 400.2), and so spectators:
        its visibility lists every seat. ``ValueError`` if the number of seats is unknown
        (a record built with :meth:`from_dict` without ``seats``)."""
        if self.seats is None:
            raise ValueError(
                f"{self.event} (seq {self.seq}): the game's number of seats is unknown"
            )
        return set(range(self.seats)) <= set(self.visibility)


def read_records(path: str | os.PathLike[str]) -> Iterator[dict[str, Any]]:
    """Yield the lines of a JSON-lines log file as dictionaries, in order.

    Raises ``ValueError`` naming the line number for a line that is not a JSON object
    with the common fields of a log event. A last line that is not JSON and has no
    newline, one cut short when the process writing the log was killed, is skipped.
    """
    for _number, raw in _numbered_records(path):
        yield raw


def read_events(path: str | os.PathLike[str]) -> Iterator[LoggedEvent]:
    """Yield the events of a JSON-lines log file in order, as typed records.

    Raises ``ValueError`` naming the line number for a line that is not a log event; a
    last line cut short (no newline, not JSON) is skipped, as :func:`read_records` does.
    """
    seats: int | None = None
    for number, raw in _numbered_records(path):
        if raw["event"] == "game_started" and isinstance(raw.get("players"), list):
            seats = len(raw["players"])
        try:
            yield LoggedEvent.from_dict(raw, seats=seats)
        except (ValueError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: {exc}") from None


def render_log(events: Iterable[Mapping[str, Any]]) -> bytes:
    """The bytes of a log file holding ``events``, each rendered as the engine renders its
    lines, a ``game_ended`` sealed with a digest computed afresh (whatever ``digest`` it
    had is replaced).

    For logs built or changed on purpose (a test's fixture, a game edited to see what
    happens): a replay reports a log whose lines do not match its digest as changed after
    it was written, and plays it all the same."""
    buffer = bytearray()
    digest = RunningDigest()
    for event in events:
        if event.get("event") == "game_ended":
            unsealed = {k: v for k, v in event.items() if k != "digest"}
            buffer += seal(digest.hash_of(buffer), orjson.dumps(unsealed))
        else:
            buffer += orjson.dumps(event)
        buffer += b"\n"
    return bytes(buffer)


def read_with_digest(path: str | os.PathLike[str]) -> tuple[list[dict[str, Any]], str | None]:
    """The records of a log file, as :func:`read_records` reads them, and why its lines do
    not match the digest of its ``game_ended`` (``None`` when they do, or when the log does
    not end with ``game_ended`` and so has no digest)."""
    check = DigestCheck()
    records = [raw for _number, raw in _numbered_records(path, check)]
    last = records[-1].get("event") if records else None
    return records, check.problem(last if isinstance(last, str) else None)


def list_every_seat(records: Iterable[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """``records`` with every public line's visibility a list of every seat, as schema
    version 3 writes it: a line of version 2 says ``"public"``, and a line a plugin logged
    through :attr:`EventLog.logger` may have none. The seats are those of the last
    ``game_started`` before the line; a line before any is left as it is. Each record is
    changed in place and yielded."""
    every: list[int] | None = None
    for raw in records:
        every = _list_every_seat(raw, every)
        yield raw


def _list_every_seat(raw: dict[str, Any], every: list[int] | None) -> list[int] | None:
    """List ``every`` seat as ``raw``'s visibility if it is public (see
    :func:`list_every_seat`); the seats for the lines after it, which a ``game_started``
    sets."""
    if raw.get("event") == "game_started" and isinstance(raw.get("players"), list):
        every = list(range(len(raw["players"])))
    if every is not None:
        visibility = raw.get("visibility")
        if visibility is None or (visibility == "public" and raw.get("v") == 2):
            raw["visibility"] = list(every)
    return every


def _numbered_records(
    path: str | os.PathLike[str], check: DigestCheck | None = None
) -> Iterator[tuple[int, dict[str, Any]]]:
    every: list[int] | None = None
    for number, raw in _raw_records(path, check):
        # Read as version 3 writes it; the digest covers the bytes as they were written.
        every = _list_every_seat(raw, every)
        yield number, raw


def _raw_records(
    path: str | os.PathLike[str], check: DigestCheck | None
) -> Iterator[tuple[int, dict[str, Any]]]:
    for number, line in _lines(path):
        if not line.strip():
            if check is not None:
                check.feed(line)
            continue
        try:
            raw = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            if not line.endswith(b"\n"):
                # The last line, cut short: the process writing the log was killed.
                return
            raise ValueError(f"{path}:{number}: not JSON: {exc}") from None
        if not isinstance(raw, dict):
            raise ValueError(f"{path}:{number}: not a JSON object")
        missing = [key for key in ("v", "game", "seq", "event") if key not in raw]
        if missing:
            raise ValueError(f"{path}:{number}: not a log event: lacks {', '.join(missing)}")
        if check is not None:
            check.feed(line)
        yield number, raw


def _lines(path: str | os.PathLike[str]) -> Iterator[tuple[int, bytes]]:
    """The numbered lines of a file, each with its newline (the last may have none); a
    gzip file (``.jsonl.gz``, a run's shard) is read decompressed, as ``zcat`` reads it.

    The file is read, and decompressed, :data:`_READ_BYTES` at a time, so a line longer
    than :data:`MAX_LINE_BYTES` (a file of no newline at all, or a compressed member that
    expands to gigabytes) is refused, naming its number, once that much of it was read,
    never more. A compressed file whose tail was cut short ends where it was cut; one
    damaged elsewhere is refused, naming where."""
    splitter = LineSplitter(path)
    with Path(path).open("rb") as file:
        for piece in _pieces(file, path):
            yield from splitter.feed(piece)
    yield from splitter.finish()


def _pieces(file: BinaryIO, path: str | os.PathLike[str]) -> Iterator[bytes]:
    """The bytes of an open log file, decompressed if it is a gzip file, in pieces of at
    most :data:`_READ_BYTES`."""
    chunk = file.read(_READ_BYTES)
    if not chunk.startswith(GZIP_MAGIC):
        while chunk:
            yield chunk
            chunk = file.read(_READ_BYTES)
        return
    file.seek(0)
    for piece in read_gzip(file):
        if isinstance(piece, bytes):
            yield piece
        elif isinstance(piece, Gap):
            if piece.cut_short:
                return  # as a last line cut short: the process writing it was stopped
            raise ValueError(
                f"{path}: bytes {piece.start:,} to {piece.end:,} are no whole gzip member "
                f"({piece.reason}); the file is damaged there"
            )


class LineTooLongError(ValueError):
    """A line longer than the limit: ``number`` is the line's, ``limit`` the limit."""

    def __init__(self, source: str | os.PathLike[str], number: int, limit: int) -> None:
        super().__init__(_too_long(source, number, limit))
        self.number = number
        self.limit = limit


class LineSplitter:
    """Cuts bytes given in pieces (:meth:`feed`, then :meth:`finish`) into numbered lines,
    each with its newline, as :func:`read_records` reads them.

    A line longer than ``limit`` (:data:`MAX_LINE_BYTES` by default) is refused
    (:class:`LineTooLongError`, a ``ValueError`` naming ``source`` and the line's number)
    as soon as that much of it was given, so that no more is ever held. Blank lines that
    follow one another are given as one piece (numbered by the first; the numbers after
    count them all): a file of a billion newlines is read in as many steps as it has
    mebibyte-sized pieces, not one a line."""

    __slots__ = ("_limit", "_number", "_pending", "_source")

    def __init__(self, source: str | os.PathLike[str], limit: int | None = None) -> None:
        self._source = source
        self._limit = MAX_LINE_BYTES if limit is None else limit
        self._number = 1
        self._pending = bytearray()

    def feed(self, chunk: bytes) -> Iterator[tuple[int, bytes]]:
        """The lines that ``chunk`` completes."""
        start, size, limit, pending = 0, len(chunk), self._limit, self._pending
        while start < size:
            if (
                not pending
                and chunk[start] in _BLANK_BYTES  # a line of the log begins with "{"
                and (blank := _BLANK_RUN.match(chunk, start)) is not None
            ):
                run = blank.group()
                yield self._number, run
                self._number += run.count(b"\n")
                start = blank.end()
                continue
            end = chunk.find(b"\n", start)
            if end == -1:
                if len(pending) + size - start > limit:
                    raise LineTooLongError(self._source, self._number, limit)
                pending += chunk[start:]
                return
            if len(pending) + end - start > limit:
                raise LineTooLongError(self._source, self._number, limit)
            if pending:
                pending += chunk[start : end + 1]
                line = bytes(pending)
                pending.clear()
            else:
                line = chunk[start : end + 1]
            yield self._number, line
            self._number += 1
            start = end + 1

    def finish(self) -> Iterator[tuple[int, bytes]]:
        """The last line, if the bytes did not end with a newline."""
        if self._pending:
            line = bytes(self._pending)
            self._pending.clear()
            yield self._number, line
            self._number += 1

    def skip(self, lines: bytes) -> None:
        """Pass over ``lines``, whole lines given when no line is begun, counting them."""
        self._number += lines.count(b"\n")

    def drop(self) -> None:
        """Forget the line begun and not ended (the bytes after it are not its rest)."""
        self._pending.clear()


_BLANK_BYTES = b" \t\r\f\v\n"
"""The bytes of a blank line."""

_BLANK_RUN = re.compile(rb"[ \t\r\f\v\n]*\n")
"""Blank lines, one after another (one character class repeated: a regular expression's
repeated group would keep a mark for each line, megabytes for a mebibyte of them)."""


def _too_long(path: str | os.PathLike[str], number: int, limit: int) -> str:
    return (
        f"{path}:{number}: a line longer than {limit:,} bytes; not a manaweave game log "
        "(no line of one is that long)"
    )

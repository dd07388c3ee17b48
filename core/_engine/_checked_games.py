"""Whole games read out of log files and a run's shards, each checked before anything
counts it: a run that resumes, the tables of a dataset, the games ``view RUN --game N``
picks.

A game is checked as a replay checks a log (:func:`~manaweave.lowlevel.check_log`): its
``game_started`` and the common fields of every line (version, game id, ``seq`` in order,
player, visibility); its ``game_ended`` against the digest it holds over the game's lines;
and the fields of ``game_ended`` that are counted (:func:`game_fields_problem`). Without
``keep_records`` (a run's summary needs the first and last lines alone) the lines between
are checked by the digest only, which covers their bytes. A game
that fails is given as an :class:`UnusableGame` naming the file, the game and what is
wrong, never as a game: an edited winner is not counted.

A file is read a mebibyte at a time (decompressed, for a gzip file, one member after
another: :func:`~manaweave._engine._shards.read_gzip`); at most one game's lines are held (only
its first and last without ``keep_records``), and no line longer than
:data:`~manaweave.log.MAX_LINE_BYTES`. A damaged member loses only itself: reading goes on
with the next. In a run's shard (members named ``game-INDEX.jsonl``) each member is one
game, and the rest of a member whose game was refused is not read line by line.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import orjson

from manaweave import log
from manaweave.log import GZIP_MAGIC, LineSplitter, LineTooLongError

from ._log_check import game_fields_problem, line_problem, started_problem
from ._log_digest import DigestCheck, is_blank, sealed_problem
from ._shards import READ_BYTES, Gap, MemberEnd, MemberStart, read_gzip, shard_member_index

__all__ = ["CheckedGame", "UnusableGame", "read_checked_games"]


@dataclass(frozen=True, slots=True)
class CheckedGame:
    """A whole game that passed every check."""

    source: Path
    index: int | None
    """The game's index in its run: the name of the shard member that holds it."""
    member: tuple[int, int] | None
    """Where the gzip member that holds this game and nothing else lies in the file."""
    started: dict[str, Any]
    ended: dict[str, Any]
    records: list[dict[str, Any]] | None
    """Every line of the game, decoded (``None`` unless asked for)."""


Unusable = Literal["unended", "cut_short", "damaged", "refused", "stray"]


@dataclass(frozen=True, slots=True)
class UnusableGame:
    """A game (or bytes) that cannot be counted: ``kind`` says why in a word, ``reason``
    in a sentence.

    ``unended``: its log stops without ``game_ended`` (its process stopped); ``cut_short``:
    the file ends inside its compressed member (being written, or its writer killed);
    ``damaged``: its compressed member does not read whole; ``refused``: it reads, but
    fails a check (an edited line, a digest that does not match, a field out of range);
    ``stray``: lines outside any game (a file that is not a game log)."""

    source: Path
    where: str
    """Which game: ``game 3`` (its index in the run), ``game game-3ab5b2761c2dab01 (line
    12)``, bytes of the file, or nothing (a stray line: the reason names it)."""
    kind: Unusable
    reason: str
    member: tuple[int, int] | None = None
    """The bytes of the gzip member (or damaged bytes) it was read from, if it had one of
    its own."""

    def __str__(self) -> str:
        where = f" {self.where}:" if self.where else ""
        return f"{self.source}:{where} {self.reason}"


Found = CheckedGame | UnusableGame


def read_checked_games(
    path: str | os.PathLike[str], *, keep_records: bool = True
) -> Iterator[Found]:
    """Each game of the log file at ``path`` (plain or gzip, one game or many), in order,
    checked (module documentation). ``OSError`` if the file cannot be read."""
    source = Path(path)
    with source.open("rb") as file:
        compressed = file.read(2) == GZIP_MAGIC
        file.seek(0)
        if not compressed:
            reader = _Reader(source, keep_records, shard=False)
            while chunk := file.read(READ_BYTES):
                yield from reader.feed(chunk)
        else:
            shard = shard_member_index(file) is not None
            reader = _Reader(source, keep_records, shard=shard)
            for piece in read_gzip(file, named=shard):
                if isinstance(piece, bytes):
                    yield from reader.feed(piece)
                elif isinstance(piece, MemberStart):
                    yield from reader.member_start(piece)
                elif isinstance(piece, MemberEnd):
                    yield from reader.member_end(piece)
                else:
                    yield from reader.gap(piece)
        yield from reader.finish()


class _Game:
    """One game's lines as they are read, checked one at a time."""

    __slots__ = ("digest", "ended", "index", "lines", "member", "number", "problem", "records")

    def __init__(
        self, first: dict[str, Any], number: int, member: int | None, index: int | None
    ) -> None:
        self.number = number
        """The line its ``game_started`` is on."""
        self.member = member
        """The start of the member whose first line its ``game_started`` is, if it is."""
        self.index = index
        self.records: list[dict[str, Any]] = [first]
        self.lines = 1
        """How many of its lines were read (blank ones aside)."""
        self.digest = DigestCheck()
        self.ended: dict[str, Any] | None = None
        decks = first.get("decks")
        if isinstance(decks, list) and None in decks:
            self.problem: str | None = (
                "a redacted log (one player's view) lacks the others' hidden cards; use the "
                "game's whole log"
            )
        else:
            self.problem = started_problem(first)

    @property
    def started(self) -> dict[str, Any]:
        return self.records[0]

    def where(self) -> str:
        if self.index is not None:
            return f"game {self.index}"
        game = self.started.get("game")
        shown = game if isinstance(game, str) and len(game) <= 60 else "?"
        return f"game {shown} (line {self.number})"


class _Reader:
    """Turns the pieces of a file (bytes, members, gaps) into checked games."""

    def __init__(self, source: Path, keep: bool, *, shard: bool) -> None:
        self.source = source
        self.keep = keep
        self.shard = shard
        self.lines = LineSplitter(source)
        self.game: _Game | None = None
        self.held: _Game | None = None
        """A game that ended, given once it is known whether its member holds it alone."""
        self.member: MemberStart | None = None
        self.member_read = False
        """Whether a line of the current member was read."""
        self.skip_member = False
        """Whether the rest of the current member is not read (its game was refused)."""
        self.whole_member: _Member | None = None
        """The current member of a shard read without its records: read as a whole."""

    # --- the pieces of a gzip file ----------------------------------------------------------

    def member_start(self, member: MemberStart) -> Iterator[Found]:
        self.member = member
        self.member_read = False
        self.skip_member = False
        if self.shard:  # each member is a log of its own: its lines are numbered from 1
            self.lines = LineSplitter(self.source)
            if not self.keep:
                self.whole_member = _Member()
        return iter(())

    def member_end(self, end: MemberEnd) -> Iterator[Found]:
        if self.whole_member is not None:
            yield self._whole_member_end(self.whole_member, end)
            self.whole_member = None
        elif self.shard:
            yield from self._end_of_shard_member(end)
        elif self.held is not None:
            yield self._checked(self.held, (end.start, end.end))
            self.held = None
        self.member = None

    def gap(self, gap: Gap) -> Iterator[Found]:
        """Bytes that are no whole member: the game open in them (or they) cannot be
        used; a game that ended before them is whole (its digest says so)."""
        if self.held is not None:
            yield self._checked(self.held, None)
            self.held = None
        game, self.game = self.game, None
        self.lines.drop()
        self.member = None
        self.whole_member = None
        kind: Unusable = "cut_short" if gap.cut_short else "damaged"
        extent = (gap.start, gap.end)
        if gap.index is not None:
            where = f"game {gap.index}"
            reason = f"its gzip member (bytes {gap.start:,} to {gap.end:,}) does not read whole"
        elif game is not None:
            where = game.where()
            reason = (
                f"the gzip member it is in (bytes {gap.start:,} to {gap.end:,}) does not read whole"
            )
        else:
            where = f"bytes {gap.start:,} to {gap.end:,}"
            reason = "no whole gzip member"
        yield self._unusable(where, kind, f"{reason}: {gap.reason}", extent)

    def _whole_member_end(self, member: _Member, end: MemberEnd) -> Found:
        extent = (end.start, end.end)
        where = f"game {end.index}"
        game, problem = member.result(end.index)
        if problem is not None:
            return self._unusable(where, "refused", problem, extent)
        if game is None or game.ended is None:
            return self._unusable(where, "unended", "its log stops before game_ended", extent)
        game.member = end.start
        return self._checked(game, extent)

    def _end_of_shard_member(self, end: MemberEnd) -> Iterator[Found]:
        """A shard's member is one game: anything else in it makes it unusable."""
        yield from self._lines(self.lines.finish())
        game, held = self.game, self.held
        self.game = self.held = None
        extent = (end.start, end.end)
        where = f"game {end.index}"
        if held is not None:
            yield self._checked(held, extent)
        elif game is not None and game.problem is not None:
            yield self._unusable(where, "refused", game.problem, extent)
        elif game is not None:
            yield self._unusable(where, "unended", "its log stops before game_ended", extent)
        elif not self.skip_member:
            yield self._unusable(where, "refused", "its member holds no game", extent)

    # --- lines ------------------------------------------------------------------------------

    def feed(self, chunk: bytes) -> Iterator[Found]:
        if self.skip_member:
            return
        if self.whole_member is not None:
            self.whole_member.problem = self.whole_member.feed(chunk)
            self.skip_member = self.whole_member.problem is not None
            return
        if self._refused() and (first := chunk.find(b"\n") + 1):
            # A refused game's lines are passed over at the speed of a search, up to the
            # first that may begin the next game: a billion short lines are not read one
            # by one. The line begun before this chunk is read as it ends.
            yield from self._lines(self.lines.feed(chunk[:first]))
            chunk = chunk[first:]
            if self._refused():
                found = chunk.find(b"game_started")
                start = chunk.rfind(b"\n", 0, len(chunk) if found == -1 else found) + 1
                self.lines.skip(chunk[:start])
                chunk = chunk[start:]
        yield from self._lines(self.lines.feed(chunk))

    def _refused(self) -> bool:
        return self.game is not None and self.game.problem is not None and not self.skip_member

    def finish(self) -> Iterator[Found]:
        yield from self._lines(self.lines.finish())
        if self.held is not None:
            yield self._checked(self.held, None)
            self.held = None
        if self.game is not None:
            game, self.game = self.game, None
            yield self._unended_or_refused(game)

    def _lines(self, lines: Iterator[tuple[int, bytes]]) -> Iterator[Found]:
        try:
            for number, line in lines:
                found = self._line(number, line)
                if found:
                    yield from found
                if self.skip_member:
                    return
        except LineTooLongError as error:
            if not self.shard:
                raise
            yield from self._refuse(_too_long(error.number, error.limit))

    def _line(self, number: int, line: bytes) -> list[Found] | None:
        """What the line ends, if anything: the lines of a game under way go straight to
        its check."""
        game = self.game
        record: object = None
        if game is not None and game.problem is None and self.held is None:
            if is_blank(line):
                game.digest.feed(line)
                return None
            if not self.keep and b"game_started" not in line and b"game_ended" not in line:
                # Only the first and last lines are kept: those between are known by the
                # digest, which covers their bytes (decoding each takes five times as long).
                game.digest.feed(line)
                game.lines += 1
                self.member_read = True
                return None
            # The line between a game's first and last, as nearly all are: checked here,
            # without the steps below that find what else a line may be.
            try:
                record = orjson.loads(line)
            except orjson.JSONDecodeError:
                record = None
            if (
                type(record) is dict
                and "game" in record
                and record.get("event", "game_started") not in ("game_started", "game_ended")
                and _record_problem(record, game.lines, game.started) is None
            ):
                self.member_read = True
                game.digest.feed(line)
                game.lines += 1
                if self.keep:
                    game.records.append(record)
                return None
        return list(self._line_items(number, line, record))

    def _line_items(self, number: int, line: bytes, decoded: object = None) -> Iterator[Found]:
        """What the line ends, if anything (``decoded``: the line as :meth:`_line` decoded
        it, if it did)."""
        blank = is_blank(line)
        if self.held is not None and not blank:
            # A line after a game's end in the same member: the member is not that game's.
            yield self._checked(self.held, None)
            self.held = None
            if self.shard:
                yield from self._refuse(f"line {number}: a line after game_ended")
                return
        game = self.game
        if blank:
            if game is not None and game.problem is None:
                game.digest.feed(line)
            return
        try:
            record = orjson.loads(line) if decoded is None else decoded
        except orjson.JSONDecodeError:
            if not line.endswith(b"\n"):
                return  # the last line, cut short: the game has no end
            yield from self._refuse(f"line {number} is not JSON")
            return
        if not isinstance(record, dict) or "event" not in record or "game" not in record:
            yield from self._refuse(f"line {number} is not a game log's line")
            return
        if record["event"] == "game_started":
            yield from self._started(number, line, record)
            return
        self.member_read = True
        if game is None:
            yield from self._refuse(f"line {number} comes before any game_started")
            return
        if game.problem is not None:
            return
        problem = _record_problem(record, game.lines, game.started)
        if problem is not None:
            yield from self._refuse(f"line {number}: {problem}")
            return
        game.digest.feed(line)
        game.lines += 1
        if self.keep:
            game.records.append(record)
        if record["event"] == "game_ended":
            game.ended = record
            problem = game.digest.problem("game_ended") or game_fields_problem(game.started, record)
            if problem is not None:
                yield from self._refuse(problem)
                return
            self.held, self.game = game, None

    def _started(self, number: int, line: bytes, record: dict[str, Any]) -> Iterator[Found]:
        """A ``game_started`` line: a new game begins (the one before it never ended)."""
        if self.shard and self.member_read:
            yield from self._refuse(f"line {number}: a second game_started in one member")
            return
        if self.game is not None:
            game, self.game = self.game, None
            yield self._unended_or_refused(game)
        member = self.member
        first_of_member = member.start if member is not None and not self.member_read else None
        self.member_read = True
        index = member.index if member is not None else None
        game = self.game = _Game(record, number, first_of_member, index)
        if game.problem is None:
            game.digest.feed(line)
        elif self.shard:
            self.skip_member = True

    def _unended_or_refused(self, game: _Game) -> UnusableGame:
        if game.problem is not None:
            return self._unusable(game.where(), "refused", game.problem)
        return self._unusable(game.where(), "unended", "its log stops before game_ended")

    def _refuse(self, problem: str) -> Iterator[Found]:
        """The current game is refused for ``problem``: its further lines are not read
        (in a shard, the rest of its member); reported at its end. A line outside any
        game is a stray line of a file that is not a log (of a member that is not a
        game's, in a shard)."""
        problem = problem.strip()
        if self.game is None:
            if not self.shard:
                yield self._unusable("", "stray", problem)
                return
            self.game = _Game({}, 0, None, self.member.index if self.member else None)
            self.game.problem = None
        if self.game.problem is None:
            self.game.problem = problem
        if self.shard:
            self.skip_member = True
            self.lines.drop()

    # --- results ----------------------------------------------------------------------------

    def _checked(self, game: _Game, member: tuple[int, int] | None) -> CheckedGame:
        assert game.ended is not None
        whole = member if member is not None and game.member == member[0] else None
        return CheckedGame(
            self.source,
            game.index,
            whole,
            game.started,
            game.ended,
            game.records if self.keep else None,
        )

    def _unusable(
        self, where: str, kind: Unusable, reason: str, member: tuple[int, int] | None = None
    ) -> UnusableGame:
        return UnusableGame(self.source, where, kind, reason, member)


class _Member:
    """A shard member's log read for a run's summary, at the speed of zlib and SHA-256:
    its first and last lines kept, the bytes between hashed (the digest covers them) and
    their lines counted, never a line longer than :data:`~manaweave.log.MAX_LINE_BYTES`
    held."""

    __slots__ = ("first", "hash", "head", "limit", "lines", "problem", "tail")

    def __init__(self) -> None:
        self.limit = log.MAX_LINE_BYTES
        self.head = bytearray()
        """The first line, until its newline comes."""
        self.first: bytes | None = None
        self.hash = hashlib.sha256()
        """The hash of every byte before :attr:`tail`."""
        self.tail = b""
        """The bytes after the last line known not to be the last."""
        self.lines = 0
        """How many lines were hashed."""
        self.problem: str | None = None
        """A line too long, once one was seen: nothing more is read."""

    def feed(self, chunk: bytes) -> str | None:
        """Take the next bytes; what is wrong if they make a line too long."""
        if self.first is None:
            end = chunk.find(b"\n")
            self.head += chunk if end == -1 else chunk[: end + 1]
            if len(self.head) > self.limit:
                return _too_long(1, self.limit)
            if end == -1:
                return None
            self.first = bytes(self.head)
            self.hash.update(self.first)
            self.lines = 1
            chunk = chunk[end + 1 :]
        data = self.tail + chunk
        cut = data.rfind(b"\n", 0, len(data) - 1)
        if cut != -1:
            with memoryview(data) as view:
                self.hash.update(view[: cut + 1])
            self.lines += data.count(b"\n", 0, cut + 1)
            data = data[cut + 1 :]
        self.tail = data
        if len(self.tail) > self.limit:
            return _too_long(self.lines + 1, self.limit)
        return None

    def result(self, index: int | None) -> tuple[_Game | None, str | None]:
        """The member's game (its ``ended`` set if it ended), and what is wrong with it."""
        if self.problem is not None:
            return None, self.problem
        if self.first is None:
            return None, "its member holds no game" if not self.head.strip() else (
                "line 1 is not a game log's line"
            )
        if not self.first.strip():
            return None, "line 1 is blank: its member holds no game's log"
        try:
            started = orjson.loads(self.first)
        except orjson.JSONDecodeError:
            return None, "line 1 is not JSON"
        if not isinstance(started, dict) or started.get("event") != "game_started":
            return None, "line 1 is not a game_started"
        game = _Game(started, 1, None, index)
        if game.problem is not None or not self.tail.strip():
            return game, game.problem
        try:
            ended = orjson.loads(self.tail)
        except orjson.JSONDecodeError:
            return game, None  # a last line cut short: the game has no end
        if not isinstance(ended, dict) or ended.get("event") != "game_ended":
            return game, None
        game.ended = ended
        line = self.lines + 1
        problem = _record_problem(ended, self.lines, started)
        if problem is not None:
            return game, f"line {line}: {problem}"
        return game, sealed_problem(self.hash, self.tail) or game_fields_problem(started, ended)


def _too_long(number: int, limit: int) -> str:
    return f"line {number}: a line longer than {limit:,} bytes, which no game log has"


def _record_problem(record: dict[str, Any], position: int, started: dict[str, Any]) -> str | None:
    """What is wrong with a line of a game, as a replay checks it, or ``None``."""
    problem = line_problem(record, position, started)
    if problem is not None:
        return problem
    turn = record.get("turn", 0)
    if not isinstance(turn, int) or isinstance(turn, bool) or turn < 0:
        return f"event {position} has turn {str(turn)[:40]!r}, not a whole number"
    if record["event"] == "game_started":
        return f"event {position} is a second game_started"
    return None

"""The integrity digest a finished game's log ends with, and checking it.

``game_ended``, the last line of a game that ended, carries ``digest``: ``"sha256:"`` and
the SHA-256 of the log's bytes up to its own end, its own line included without the
digest (every byte before the line, newlines too, then the ``game_ended`` line as it is
written up to ``"event":"game_ended"`` and a closing ``}``). A replay compares streams of
decoded values, in which ``3`` and ``3.0`` are equal and a descriptive field (a variant's
name that makes no difference, a player's kind) is not compared at all: the digest tells
whether the file still holds the bytes the game wrote.

The digest is not a signature: whoever edits a log can write a new digest. It finds edits
made by mistake or by a tool that does not know about it, and tells a log that was changed
from one the engine wrote.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final

__all__ = [
    "DIGEST_FIELD",
    "DigestCheck",
    "RunningDigest",
    "is_blank",
    "seal",
    "sealed_problem",
]

DIGEST_FIELD: Final = "digest"
"""The field of ``game_ended`` that holds the digest."""

_PREFIX: Final = b',"digest":"sha256:'
_SEALED: Final = re.compile(rb',"digest":"sha256:([0-9a-f]{64})"\}\n?\Z')
"""The end of a sealed ``game_ended`` line: the digest is its last field."""


class RunningDigest:
    """The SHA-256 of a growing buffer of log lines, brought up to date when asked: each
    byte is hashed once, whenever :meth:`hash_of` is called after it was written."""

    __slots__ = ("_hash", "_hashed")

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        self._hashed = 0

    def hash_of(self, buffer: bytearray) -> hashlib._Hash:
        """A copy of the hash of ``buffer``, which only ever grew since the last call."""
        if self._hashed < len(buffer):
            with memoryview(buffer) as view:
                self._hash.update(view[self._hashed :])
            self._hashed = len(buffer)
        return self._hash.copy()

    def copy(self) -> RunningDigest:
        """An independent digest of the same bytes so far."""
        twin = RunningDigest()
        twin._hash = self._hash.copy()
        twin._hashed = self._hashed
        return twin


def seal(before: hashlib._Hash, line: bytes) -> bytes:
    """``line``, a rendered ``game_ended`` JSON object, with the digest added as its last
    field; ``before`` is the hash of every byte of the log before the line."""
    before.update(line)
    return line[:-1] + _PREFIX + before.hexdigest().encode() + b'"}'


class DigestCheck:
    """Checks a log's digest as its lines are read, one at a time (:meth:`feed`), then
    :meth:`problem` once the last one was read.

    Each byte is hashed once, as the next line comes; only the last non-blank line is kept
    (since only at the end is it known to be the last), so that checking holds no more
    than one line however many lines, blank or not, the log has."""

    __slots__ = ("_blank_after", "_hash", "_last", "_pending")

    def __init__(self) -> None:
        self._hash = hashlib.sha256()
        """The hash of every byte fed but :attr:`_pending`."""
        self._last: bytes | None = None
        """The last non-blank line fed."""
        self._pending: bytes | None = None
        """:attr:`_last` while no blank line followed it, not yet hashed."""
        self._blank_after = False
        """Whether blank lines were fed after :attr:`_last`."""

    def feed(self, line: bytes) -> None:
        """Take the next line of the log, with its newline if it has one (or several
        blank lines at once)."""
        if self._pending is not None:
            self._hash.update(self._pending)
            self._pending = None
        if is_blank(line):
            self._hash.update(line)
            self._blank_after = True
            return
        self._last = self._pending = line
        self._blank_after = False

    def problem(self, last_event: str | None) -> str | None:
        """Why the lines fed do not match the digest of their ``game_ended``, or ``None``
        when they do or the log does not end with ``game_ended`` (``last_event``: the
        ``event`` of the last line), which has no digest."""
        if last_event != "game_ended" or self._last is None:
            return None
        if self._blank_after and _SEALED.search(self._last) is not None:
            return "it has bytes after game_ended"
        return sealed_problem(self._hash.copy(), self._last)


_BLANK_BYTES: Final = b" \t\r\f\v\n"
"""The bytes ``bytes.strip`` removes: those of a blank line."""


def is_blank(line: bytes) -> bool:
    """Whether ``line`` is blank (empty or white space only), as ``not line.strip()``
    says, without copying a line that begins with something else, as a log's line does
    (``{``)."""
    return not line or (line[0] in _BLANK_BYTES and not line.strip())


def sealed_problem(before: hashlib._Hash, last: bytes) -> str | None:
    """Why ``last``, a log's ``game_ended`` line, does not hold the digest of the log, or
    ``None``; ``before`` is the hash of every byte of the log before it (updated here)."""
    sealed = _SEALED.search(last)
    if sealed is None:
        return "its game_ended has no digest as its last field"
    before.update(last[: sealed.start()] + b"}")
    if before.hexdigest() != sealed.group(1).decode():
        return "its lines do not match the digest in game_ended"
    return None

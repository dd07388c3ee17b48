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

__all__ = ["DIGEST_FIELD", "DigestCheck", "RunningDigest", "seal"]

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

    Each byte is hashed as it comes; only the last non-blank line is kept (since only at
    the end is it known to be the last) and the hash of the bytes before it, so that
    checking holds no more than one line however many lines, blank or not, the log has."""

    __slots__ = ("_before", "_blank_after", "_last", "_through")

    def __init__(self) -> None:
        self._through = hashlib.sha256()
        """The hash of every byte fed."""
        self._before = hashlib.sha256()
        """The hash of every byte before :attr:`_last`."""
        self._last: bytes | None = None
        self._blank_after = False
        """Whether blank lines were fed after :attr:`_last`."""

    def feed(self, line: bytes) -> None:
        """Take the next line of the log, with its newline if it has one (or several
        blank lines at once)."""
        if not line.strip():
            self._through.update(line)
            self._blank_after = True
            return
        self._before = self._through.copy()
        self._through.update(line)
        self._last = line
        self._blank_after = False

    def problem(self, last_event: str | None) -> str | None:
        """Why the lines fed do not match the digest of their ``game_ended``, or ``None``
        when they do or the log does not end with ``game_ended`` (``last_event``: the
        ``event`` of the last line), which has no digest."""
        if last_event != "game_ended" or self._last is None:
            return None
        sealed = _SEALED.search(self._last)
        if sealed is None:
            return "its game_ended has no digest as its last field"
        if self._blank_after:
            return "it has bytes after game_ended"
        digest = self._before.copy()
        digest.update(self._last[: sealed.start()] + b"}")
        if digest.hexdigest() != sealed.group(1).decode():
            return "its lines do not match the digest in game_ended"
        return None

"""Shard files: many games' event logs in one gzip file, one gzip member per game; and
reading any gzip file member by member, a mebibyte at a time.

A gzip file may hold several members one after another; ``zcat`` and :mod:`gzip` read them
as one stream, so a shard reads as the games' JSON-lines logs one after another. Each
member is named (the gzip header's file name) ``game-INDEX.jsonl``, so that the games in
a shard are known without reading the logs, and each ends with its length and checksum,
so that a member that does not read whole is found.

:func:`read_gzip` reads a gzip file as a stream of :class:`MemberStart`, decompressed
pieces (``bytes``, never more than a mebibyte each: a member that expands to gigabytes is
never held whole), :class:`MemberEnd` and :class:`Gap`. A gap is bytes that are no whole
member: a member cut short (its process killed while writing it), damaged (a checksum that
does not match, data that does not inflate), or bytes that are no member at all. Reading
goes on at the next member header after it (its magic bytes, and for a shard its name),
so that a damaged member in the middle loses nothing but itself.
"""

from __future__ import annotations

import gzip
import io
import os
import re
import struct
import zlib
from collections.abc import Generator, Iterator
from dataclasses import dataclass
from typing import BinaryIO

__all__ = [
    "Gap",
    "MemberEnd",
    "MemberStart",
    "is_gzip",
    "pack_game",
    "read_gzip",
    "shard_member_index",
]

COMPRESS_LEVEL = 6
"""zlib's default: within a few percent of level 9's size, several times faster."""

READ_BYTES = 1 << 20
"""How much compressed data is read, and decompressed data given, at a time."""

_MAGIC = b"\x1f\x8b\x08"
"""A gzip member's first bytes: its magic number, and deflate, the only method."""
_NAME = re.compile(rb"game-(\d{1,18})\.jsonl")
_FHCRC, _FEXTRA, _FNAME, _FCOMMENT = 2, 4, 8, 16
_RESERVED = 0xE0
"""Flag bits a gzip header must leave clear."""
_LONGEST_FIELD = 1024
"""The longest name or comment a member header may have here."""

CUT_SHORT = "cut short: the file ends inside it"


def pack_game(index: int, log: bytes) -> bytes:
    """Game ``index``'s log as one gzip member named ``game-INDEX.jsonl``."""
    buffer = io.BytesIO()
    with gzip.GzipFile(
        filename=f"game-{index}.jsonl",
        mode="wb",
        fileobj=buffer,
        compresslevel=COMPRESS_LEVEL,
        mtime=0,
    ) as member:
        member.write(log)
    return buffer.getvalue()


def is_gzip(path: str | os.PathLike[str]) -> bool:
    """Whether the file begins as a gzip file does (read no further)."""
    with open(path, "rb") as file:
        return file.read(2) == _MAGIC[:2]


def shard_member_index(file: BinaryIO) -> int | None:
    """The game the first member of the gzip file names (``game-INDEX.jsonl``), or
    ``None`` if it names none: a file whose first member is named so is a run's shard."""
    try:
        return _header(file, 0, named=True)[1]
    except _Damaged:
        return None
    finally:
        file.seek(0)


@dataclass(frozen=True, slots=True)
class MemberStart:
    """A member begins at ``start``; ``index`` is the game its name gives
    (``game-INDEX.jsonl``), if it has such a name."""

    start: int
    index: int | None


@dataclass(frozen=True, slots=True)
class MemberEnd:
    """The member that began at ``start`` read whole, up to ``end``: its length and
    checksum match the bytes given since its :class:`MemberStart`."""

    start: int
    end: int
    index: int | None


@dataclass(frozen=True, slots=True)
class Gap:
    """Bytes from ``start`` to ``end`` that are no whole member, and why; ``index`` is the
    game named by the member header at ``start``, if one could be read there. Bytes given
    since a :class:`MemberStart` at ``start`` are not known to be whole."""

    start: int
    end: int
    index: int | None
    reason: str

    @property
    def cut_short(self) -> bool:
        """Whether the file ends inside the member: it was being written when its process
        stopped."""
        return self.reason == CUT_SHORT


class _Damaged(Exception):
    """The member at this place does not read whole; the message says why."""


Piece = MemberStart | bytes | MemberEnd | Gap


def read_gzip(file: BinaryIO, *, named: bool = False) -> Iterator[Piece]:
    """The gzip file ``file`` (opened for reading bytes) as the pieces the module
    documentation describes, in order. With ``named``, a member must be named
    ``game-INDEX.jsonl`` (a shard's): one that is not is a gap."""
    size = os.fstat(file.fileno()).st_size
    start = 0
    gap: Gap | None = None
    while start < size:
        try:
            data_start, index = _header(file, start, named)
        except _Damaged as damage:
            end = _next_member(file, start + 1, size, named)
            if gap is not None and gap.end == start:  # one gap, however many false starts
                gap = Gap(gap.start, end, gap.index, gap.reason)
            else:
                if gap is not None:
                    yield gap
                gap = Gap(start, end, None, str(damage))
            start = end
            continue
        if gap is not None:
            yield gap
            gap = None
        yield MemberStart(start, index)
        try:
            end = yield from _inflate(file, data_start)
        except _Damaged as damage:
            reason = str(damage)
            end = size if reason == CUT_SHORT else _next_member(file, start + 1, size, named)
            yield Gap(start, end, index, reason)
        else:
            yield MemberEnd(start, end, index)
        start = end
    if gap is not None:
        yield gap


def _header(file: BinaryIO, start: int, named: bool) -> tuple[int, int | None]:
    """Where the compressed data of the member at ``start`` begins, and the game its name
    gives; :class:`_Damaged` if no member header is there."""
    file.seek(start)
    head = file.read(10)
    if len(head) < 10:
        raise _Damaged(CUT_SHORT if _MAGIC.startswith(head) else "not a gzip member")
    if head[:3] != _MAGIC or head[3] & _RESERVED:
        raise _Damaged("not a gzip member")
    flags = head[3]
    if flags & _FEXTRA:
        size = file.read(2)
        if len(size) < 2:
            raise _Damaged(CUT_SHORT)
        extra = struct.unpack("<H", size)[0]
        if len(file.read(extra)) < extra:
            raise _Damaged(CUT_SHORT)
    name = _zero_terminated(file) if flags & _FNAME else b""
    if flags & _FCOMMENT:
        _zero_terminated(file)
    if flags & _FHCRC and len(file.read(2)) < 2:
        raise _Damaged(CUT_SHORT)
    found = _NAME.fullmatch(name)
    if named and found is None:
        raise _Damaged("not a game's member (its name is not game-INDEX.jsonl)")
    return file.tell(), int(found[1]) if found else None


def _zero_terminated(file: BinaryIO) -> bytes:
    """A zero-terminated header field (without its zero); damaged if it has none."""
    field = bytearray()
    while True:
        byte = file.read(1)
        if not byte:
            raise _Damaged(CUT_SHORT)
        if byte == b"\x00":
            return bytes(field)
        if len(field) >= _LONGEST_FIELD:
            raise _Damaged("its header is damaged (a name with no end)")
        field += byte


def _inflate(file: BinaryIO, position: int) -> Generator[bytes, None, int]:
    """The member's data from ``position`` decompressed, at most :data:`READ_BYTES` at a
    time, its length and checksum checked at its end; returns where the member ends.
    :class:`_Damaged` if it does not read whole."""
    inflate = zlib.decompressobj(-zlib.MAX_WBITS)
    checksum = length = 0
    pending = b""
    while not inflate.eof:
        if not pending:
            file.seek(position)
            pending = file.read(READ_BYTES)
            position += len(pending)
        fed = pending
        try:
            data = inflate.decompress(pending, READ_BYTES)
        except zlib.error:
            raise _Damaged("its compressed data is damaged") from None
        pending = inflate.unconsumed_tail
        if data:
            checksum = zlib.crc32(data, checksum)
            length += len(data)
            yield data
        elif not fed and not inflate.eof:
            raise _Damaged(CUT_SHORT)
    # Every input byte after the stream's end is in unused_data (and, when the last call
    # was held to READ_BYTES of output, in unconsumed_tail too: not counted twice).
    stream_end = position - len(inflate.unused_data)
    file.seek(stream_end)
    trailer = file.read(8)
    if len(trailer) < 8:
        raise _Damaged(CUT_SHORT)
    if struct.unpack("<II", trailer) != (checksum, length & 0xFFFFFFFF):
        raise _Damaged("its checksum or length does not match its data")
    return stream_end + 8


def _next_member(file: BinaryIO, position: int, size: int, named: bool) -> int:
    """Where the first member header at or after ``position`` begins (``size`` if there
    is none): the file is searched a mebibyte at a time for a gzip magic number followed
    by a header that reads (for a shard, one naming a game)."""
    while position < size:
        file.seek(position)
        chunk = file.read(READ_BYTES + len(_MAGIC) - 1)
        at = chunk.find(_MAGIC)
        while at != -1:
            try:
                _header(file, position + at, named)
            except _Damaged:
                at = chunk.find(_MAGIC, at + 1)
            else:
                return position + at
        position += READ_BYTES
    return size

"""Text from outside the engine made safe to print on a terminal.

A player's name, a card's name from a third-party set, what a player's process writes
to standard error, a remote seat's error message: any of them can hold control
characters and escape sequences, which a terminal would obey (move the cursor, rewrite a
line already printed, set the window's title) instead of showing. :func:`visible` turns
each into an escape that shows what it was.
"""

from __future__ import annotations

import re

__all__ = ["visible"]

_INVISIBLE = re.compile(
    # C0 controls and DEL, C1 controls, and the marks that reorder text (bidirectional
    # embeddings, overrides and isolates) or hide it (zero-width and line separators).
    "[\x00-\x1f\x7f-\x9f\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]"
)


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def visible(text: str, *, keep: str = "") -> str:
    """``text`` with every control character, escape sequence and invisible mark shown
    as an escape (``\\x1b``, ``\\u202e``), but those in ``keep`` (a multi-line text keeps
    ``"\\n"``). Backslashes stay as they are.

    >>> visible("P1\\x1b[2J")
    'P1\\\\x1b[2J'
    >>> visible("two\\nlines", keep="\\n")
    'two\\nlines'
    """
    if keep:
        return _INVISIBLE.sub(lambda m: m.group() if m.group() in keep else _escape(m), text)
    return _INVISIBLE.sub(_escape, text)

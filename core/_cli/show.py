"""``manaweave show``: the play-by-play of a saved game log, as a spectator or as one
player saw it (hidden information of the others redacted)."""

from __future__ import annotations

import os

from manaweave._engine._errors import GameLogError
from manaweave._engine._narrate import Narrator
from manaweave._engine._redact import redact_event
from manaweave._engine._replay import load_log

__all__ = ["show"]


def show(path: str | os.PathLike[str], player: int | None = None) -> list[str]:
    """The play-by-play of the log at ``path``: as a spectator sees it, or with ``player``
    (counted from 1, as ``P1`` is the first seat) as that player saw it.

    Raises :class:`~manaweave.GameLogError` (a ``ValueError``; one line, naming the file) for
    a file that can't be read, is not a usable manaweave game log
    (:func:`~manaweave.lowlevel.check_log`), or holds an event the narrator can't read, and
    ``ValueError`` for a player the game doesn't have.
    """
    records = load_log(path)
    viewer = None
    seats = len(records[0].get("players") or ())
    if player is not None:
        if not 1 <= player <= seats:
            raise ValueError(f"--player {player}: the game in {path} has players 1 to {seats}")
        viewer = player - 1
    narrator = Narrator(viewer)
    lines: list[str] = []
    for record in records:
        try:
            lines.extend(narrator.feed(redact_event(record, viewer, seats)))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            what = f"{record.get('event')} event (seq {record.get('seq')})"
            reason = repr(error)
            if len(reason) > 200:  # a huge value in a hostile log stays out of the message
                reason = f"{reason[:197]}..."
            raise GameLogError(f"{path}: can't narrate its {what}: {reason}") from None
    lines.extend(narrator.finish())
    return lines

"""``manaweave show``: the play-by-play of a saved game log, as a spectator or as one
player saw it (hidden information of the others redacted)."""

from __future__ import annotations

import os

from ._narrate import Narrator
from ._redact import redact_event
from ._replay import load_log

__all__ = ["show"]


def show(path: str | os.PathLike[str], player: int | None = None) -> list[str]:
    """The play-by-play of the log at ``path``: as a spectator sees it, or with ``player``
    (counted from 1, as ``P1`` is the first seat) as that player saw it.

    Raises ``ValueError`` (one line, naming the file) for a file that can't be read, is
    not a manaweave game log, or holds an event the narrator can't read, and for a player
    the game doesn't have.
    """
    records = load_log(path)
    viewer = None
    if player is not None:
        seats = len(records[0].get("players") or ())
        if not 1 <= player <= seats:
            raise ValueError(f"--player {player}: the game in {path} has players 1 to {seats}")
        viewer = player - 1
    narrator = Narrator(viewer)
    lines: list[str] = []
    for record in records:
        try:
            lines.extend(narrator.feed(redact_event(record, viewer)))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            what = f"{record.get('event')} event (seq {record.get('seq')})"
            raise ValueError(f"{path}: can't narrate its {what}: {error!r}") from None
    lines.extend(narrator.finish())
    return lines

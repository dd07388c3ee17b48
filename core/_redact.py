"""What one player may see of a game's log: hidden events reduced to their public fields.

An event the engine logs with a ``visibility`` list (a card drawn, the cards put on the
bottom after a mulligan, a library searched) shows hidden information (CR 400.2) to those
players only. Everybody else still learns that the event happened, and between which
zones a card moved, but not which card or which choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

__all__ = ["REDACTED_KEEP", "redact", "redact_event", "visible_to"]

_COMMON = ("v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility")

_DIGEST = "digest"
"""The field of ``game_ended`` a redacted log leaves out."""

REDACTED_KEEP = frozenset(
    {*_COMMON, "zone", "from_zone", "to_zone", "count", "kind", "options", "new_object"}
)
"""Fields a hidden event keeps. Not ``object``: a library card's id would tell which card
of the (public) decklist moved; the new object's id is fresh and tells nothing."""


def visible_to(event: Mapping[str, Any], viewer: int | None) -> bool:
    """Whether ``viewer`` may see ``event`` in full; ``None`` is a spectator, who sees
    public events only."""
    visibility = event.get("visibility", "public")
    return visibility == "public" or (viewer is not None and viewer in visibility)


def redact_event(event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``event`` as ``viewer`` sees it: whole if they may see it, else only the fields of
    :data:`REDACTED_KEEP`. ``None`` is a spectator, who sees public events only.

    The ``digest`` of ``game_ended`` is left out: it is the hash of the whole log, hidden
    lines included, so a redacted log could not be checked against it, and a player who
    guessed the hidden values could test each guess against it."""
    if visible_to(event, viewer):
        if _DIGEST in event:
            return {k: v for k, v in event.items() if k != _DIGEST}
        return dict(event)
    return {k: v for k, v in event.items() if k in REDACTED_KEEP}


def redact(events: Iterable[Mapping[str, Any]], player: int) -> Iterator[dict[str, Any]]:
    """What ``player`` may see of a log: events hidden from them keep only public fields.

    A hidden event still shows that something happened (a card was drawn, an
    opponent decided) but not which card or which choice.
    """
    for event in events:
        yield redact_event(event, player)

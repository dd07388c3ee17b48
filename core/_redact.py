"""What one player may see of a game's log: hidden events reduced to their public fields.

An event the engine logs with a ``visibility`` list (a card drawn, the cards put on the
bottom after a mulligan, a library searched) shows hidden information (CR 400.2) to those
players only. Everybody else still learns that the event happened, and between which
zones a card moved, but not which card or which choice.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ._decisions import DecisionKind

__all__ = ["REDACTED_KEEP", "redact", "redact_event", "visible_to"]

_COMMON = ("v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility")

_DIGEST = "digest"
"""The field of ``game_ended`` a redacted log leaves out."""

REDACTED_KEEP = frozenset({*_COMMON, "zone", "from_zone", "to_zone", "count", "kind", "new_object"})
"""Fields a hidden event keeps. Not ``object``: a library card's id would tell which card
of the (public) decklist moved; the new object's id is fresh and tells nothing. Not
``options``: how many cards a search or a hand offered counts hidden cards; a decision
keeps only the fields its kind makes public (:attr:`DecisionKind.public_fields
<manaweave.lowlevel.DecisionKind.public_fields>`)."""


def visible_to(event: Mapping[str, Any], viewer: int | None) -> bool:
    """Whether ``viewer`` may see ``event`` in full; ``None`` is a spectator, who sees
    public events only."""
    visibility = event.get("visibility", "public")
    return visibility == "public" or (viewer is not None and viewer in visibility)


def redact_event(event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``event`` as ``viewer`` sees it: whole if they may see it, else only the fields of
    :data:`REDACTED_KEEP` (and a decision's public fields). ``None`` is a spectator, who
    sees public events only. A ``game_started`` shows a player only their own decklist
    unless the game was played with open decklists.

    The ``digest`` of ``game_ended`` is left out: it is the hash of the whole log, hidden
    lines included, so a redacted log could not be checked against it, and a player who
    guessed the hidden values could test each guess against it."""
    if visible_to(event, viewer):
        if event.get("event") == "game_started" and not event.get("open_decklists", True):
            return _own_decklist_only(event, viewer)
        if _DIGEST in event:
            return {k: v for k, v in event.items() if k != _DIGEST}
        return dict(event)
    keep = REDACTED_KEEP
    if event.get("event") == "decision_made":
        keep = keep | _decision_public_fields(event.get("kind"))
    return {k: v for k, v in event.items() if k in keep}


def _decision_public_fields(kind: object) -> frozenset[str]:
    """The fields of a decision of ``kind`` everybody may see; none for a kind this
    engine does not know (a log of another version), since none is known to be safe."""
    try:
        return DecisionKind(kind).public_fields
    except ValueError:
        return frozenset()


def _own_decklist_only(event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``game_started`` with every decklist but ``viewer``'s replaced by ``null``: which
    cards another player's library holds is theirs to know (400.2)."""
    shown = dict(event)
    for field in ("decks", "deck_names"):
        value = event.get(field)
        if isinstance(value, list):
            shown[field] = [entry if seat == viewer else None for seat, entry in enumerate(value)]
    return shown


def redact(events: Iterable[Mapping[str, Any]], player: int | None) -> Iterator[dict[str, Any]]:
    """What ``player`` may see of a log: events hidden from them keep only public fields;
    ``None`` is a spectator, who sees what everybody may.

    A hidden event still shows that something happened (a card was drawn, an
    opponent decided) but not which card or which choice.
    """
    for event in events:
        yield redact_event(event, player)

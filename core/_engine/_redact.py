"""What one player may see of a game's log: hidden events reduced to their public fields.

Every event's ``visibility`` lists the seats of the players who may see it in full. A
public event lists every seat (CR 400.2: what all players may see is public); one that
lists fewer (a card drawn, the cards put on the bottom after a mulligan, a library
searched) shows hidden information to those players only. Everybody else still learns
that the event happened, and between which zones a card moved, but not which card or
which choice. A spectator sees public events in full, and the rest as everybody else
does.

The game's seed decides every shuffle: whoever knows it knows every hidden card. No view
shows it, nor the nonce of the commitment to it (``game_started`` shows the commitment
only, ``game_ended`` reveals both: :mod:`manaweave._engine._seed_secret`), nor the seeds of the
players' bots (their own randomness, often drawn from the game's seed).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ._decisions import DecisionKind

__all__ = ["REDACTED_KEEP", "SECRET_UNTIL_END", "is_public", "redact", "redact_event", "visible_to"]

_COMMON = ("v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility")

_DIGEST = "digest"
"""The field of ``game_ended`` a redacted log leaves out."""

REDACTED_KEEP = frozenset({*_COMMON, "zone", "from_zone", "to_zone", "count", "kind", "new_object"})
"""Fields a hidden event keeps. Not ``object``: a library card's id would tell which card
of the (public) decklist moved; the new object's id is fresh and tells nothing. Not
``options``: how many cards a search or a hand offered counts hidden cards; a decision
keeps only the fields its kind makes public (:attr:`DecisionKind.public_fields
<manaweave.lowlevel.DecisionKind.public_fields>`)."""


SECRET_UNTIL_END = frozenset({"seed", "seed_nonce"})
"""The fields of ``game_started`` no view shows: the seed decides every shuffle, and with
the nonce it could be told from the commitment. ``game_ended`` reveals both."""

_BOT_SEED = re.compile(r"\(seed=-?\d+\)")
"""A bot's seed as a player's ``kind`` names it: ``RandomBot(seed=3000)``."""


def is_public(event: Mapping[str, Any], seats: int) -> bool:
    """Whether every player of a game of ``seats`` seats may see ``event`` in full (CR
    400.2), and so spectators: its ``visibility`` lists every seat. A line without one,
    or a version 2 line's ``"public"``, is public too."""
    visibility = event.get("visibility")
    if visibility is None or visibility == "public":
        return True
    return set(range(seats)) <= set(visibility)


def visible_to(event: Mapping[str, Any], viewer: int | None, seats: int | None = None) -> bool:
    """Whether ``viewer`` may see ``event`` in full: a seat its ``visibility`` lists.
    ``None`` is a spectator, who sees public events only (:func:`is_public`): which they
    are depends on the game's number of ``seats`` (``ValueError`` without it)."""
    visibility = event.get("visibility")
    if visibility is None or visibility == "public":
        return True
    if viewer is not None:
        return viewer in visibility
    if seats is None:
        raise ValueError("whether a spectator may see an event depends on the game's seats")
    return set(range(seats)) <= set(visibility)


def redact_event(
    event: Mapping[str, Any], viewer: int | None, seats: int | None = None
) -> dict[str, Any]:
    """``event`` as ``viewer`` sees it: whole if they may see it, else only the fields of
    :data:`REDACTED_KEEP` (and a decision's public fields). ``None`` is a spectator, who
    sees public events only: for them, give the game's number of ``seats`` (a
    ``game_started`` gives its own). A ``game_started`` shows a player only their own
    decklist unless the game was played with open decklists.

    The ``digest`` of ``game_ended`` is left out: it is the hash of the whole log, hidden
    lines included, so a redacted log could not be checked against it, and a player who
    guessed the hidden values could test each guess against it.

    A ``game_started`` shows neither the seed nor its nonce (:data:`SECRET_UNTIL_END`), and
    names each player's kind without its seed (``RandomBot``, not
    ``RandomBot(seed=3000)``): the commitment to the seed is what it shows, and
    ``game_ended`` reveals the seed."""
    if event.get("event") == "game_started":
        if seats is None:
            seats = _seats_of(event)
        return _started_view(event, viewer)
    if visible_to(event, viewer, seats):
        if _DIGEST in event:
            return {k: v for k, v in event.items() if k != _DIGEST}
        return dict(event)
    keep = REDACTED_KEEP
    if event.get("event") == "decision_made":
        keep = keep | _decision_public_fields(event.get("kind"))
    return {k: v for k, v in event.items() if k in keep}


def _seats_of(started: Mapping[str, Any]) -> int | None:
    """The number of seats of a ``game_started``'s game (``None`` if malformed)."""
    players = started.get("players")
    return len(players) if isinstance(players, list) else None


def _decision_public_fields(kind: object) -> frozenset[str]:
    """The fields of a decision of ``kind`` everybody may see; none for a kind this
    engine does not know (a log of another version), since none is known to be safe."""
    try:
        return DecisionKind(kind).public_fields
    except ValueError:
        return frozenset()


def _started_view(event: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``game_started`` as ``viewer`` sees it: without the seed, its nonce and the bots'
    seeds; and, unless the game was played with open decklists, with every decklist but
    ``viewer``'s replaced by ``null``: which cards another player's library holds is
    theirs to know (400.2)."""
    shown = {k: v for k, v in event.items() if k not in SECRET_UNTIL_END}
    players = event.get("players")
    if isinstance(players, list):
        shown["players"] = [_without_bot_seed(player) for player in players]
    if not event.get("open_decklists", True):
        for field in ("decks", "deck_names"):
            value = event.get(field)
            if isinstance(value, list):
                shown[field] = [
                    entry if seat == viewer else None for seat, entry in enumerate(value)
                ]
    return shown


def _without_bot_seed(player: object) -> object:
    """A ``game_started`` player entry with its kind named without the bot's seed."""
    if not isinstance(player, dict) or not isinstance(player.get("kind"), str):
        return player
    return {**player, "kind": _BOT_SEED.sub("", player["kind"])}


def redact(events: Iterable[Mapping[str, Any]], player: int | None) -> Iterator[dict[str, Any]]:
    """What ``player`` may see of a log: events hidden from them keep only public fields;
    ``None`` is a spectator, who sees in full what everybody may (the events that list
    every seat of the log's ``game_started``).

    A hidden event still shows that something happened (a card was drawn, an
    opponent decided) but not which card or which choice.
    """
    seats: int | None = None
    for event in events:
        if event.get("event") == "game_started":
            seats = _seats_of(event)
        yield redact_event(event, player, seats)

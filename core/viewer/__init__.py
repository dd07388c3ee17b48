"""The replay viewer: a game's log as one self-contained HTML page that steps through the
game event by event, showing the board as the engine had it after each event.

The states shown are not worked out again from the events: the log is replayed
(:func:`manaweave.replay`) and the replaying game is looked at after each event, through
the same view a player is given (:func:`~manaweave.lowlevel.build_view`). A page is made
for one pair of eyes: a spectator (the default), who sees public zones and counts of the
hidden ones, or one player, who also sees their own hand. Nothing else the replay knows is
written into the page: the events it holds are redacted for those eyes
(:func:`manaweave.log.redact`), and so are the play-by-play lines.

:func:`build_viewer` makes the page, :func:`viewer_html` gives its HTML, and
:func:`write_viewer` writes it to a file; ``manaweave view`` is the command.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

import orjson

from manaweave._engine._errors import GameLogError
from manaweave._engine._game import Game
from manaweave._engine._narrate import Narrator
from manaweave._engine._redact import redact_event, visible_to
from manaweave._engine._replay import load_log, replay
from manaweave._engine._view import ObjectView, PlayerView
from manaweave.log import read_records

__all__ = [
    "PLAYER_FIELDS",
    "STATE_FIELDS",
    "ViewerPage",
    "build_viewer",
    "viewer_html",
    "write_viewer",
]

_TEMPLATE = "viewer.html"
"""The page's HTML, styles and script, in the package's data folder."""

_DATA_MARK = "__MANAWEAVE_VIEWER_DATA__"
"""Where the template takes the game's data."""

STATE_FIELDS = (
    "turn",
    "step",
    "active_player",
    "players",
    "battlefield",
    "stack",
    "exile",
    "command",
    "hand",
)
"""The values of a packed state, in order (lists of keys would be most of the page)."""

PLAYER_FIELDS = (
    "life",
    "poison",
    "hand_size",
    "library_size",
    "graveyard",
    "mana_pool",
    "has_left",
    "revealed_hand",
    "library_top",
)
"""The values of a player's part of a packed state, in order."""

_SHARED = ("v", "game")
"""Fields every line of a log has with the same values: the page holds them once."""

_ZONE_CHANGES = frozenset(
    {
        "card_drawn",
        "land_played",
        "spell_proposed",
        "permanent_entered",
        "card_discarded",
        "object_moved",
    }
)


@dataclass(frozen=True, slots=True)
class ViewerPage:
    """A replay viewer made from one log, for one pair of eyes.

    :attr:`events` are the log's events as :attr:`viewer` may see them (redacted), and
    :meth:`state` the board after each of them. :attr:`html` is the whole page."""

    html: str = field(repr=False)
    viewer: int | None
    """The seat whose view the page shows (0 for ``P1``), or ``None`` for a spectator."""
    events: list[dict[str, Any]] = field(repr=False)
    """The log's events, redacted for :attr:`viewer` (:func:`manaweave.log.redact`)."""
    states: list[list[Any]] = field(repr=False)
    """The distinct states, each packed as the page holds it: a list of the values
    :data:`STATE_FIELDS` names, each player's a list of those :data:`PLAYER_FIELDS` names,
    objects by their index in :attr:`objects`."""
    objects: list[dict[str, Any]] = field(repr=False)
    """The distinct objects the states refer to."""
    state_of_event: list[int] = field(repr=False)
    """For each event, by ``seq``, the index of the state after it in :attr:`states`."""
    incomplete: bool = False
    """Whether the log ends without ``game_ended`` (its game was killed or interrupted)."""
    digest_problem: str | None = None
    """Why the log's lines do not match the digest of its ``game_ended`` (changed after
    it was written), or ``None``; its events replayed identically all the same."""
    narration: list[list[str]] = field(default_factory=list, repr=False)
    """For each event, the play-by-play lines it brought (:class:`~manaweave.log.Narrator`
    for :attr:`viewer`); most events bring none, and a held-back line comes with the event
    after it."""

    def state(self, seq: int) -> dict[str, Any]:
        """The state after event ``seq``, with its objects in place of their indexes:
        ``turn``, ``step``, ``active_player``, ``players`` (each with ``life``, ``poison``,
        ``hand_size``, ``library_size``, ``graveyard``, ``mana_pool``, ``has_left``,
        ``revealed_hand``, ``library_top``), ``battlefield``, ``stack``, ``exile``,
        ``command`` and ``hand`` (the viewer's own; empty for a spectator)."""
        packed = self.states[self.state_of_event[seq]]
        return _unpacked(packed, self.objects)


def build_viewer(log: str | os.PathLike[str], viewer: int | None = None) -> ViewerPage:
    """Replay the log at ``log`` and make its viewer page, as ``viewer`` (a seat, 0 for
    ``P1``) saw the game, or as a spectator with ``None``.

    Raises :class:`~manaweave.GameLogError` for a file that cannot be read or is not a
    usable log (a log already redacted for a player or a spectator among them: it lacks
    the hidden cards and answers a replay needs), :class:`~manaweave.ReplayPluginError`
    when the plugins differ from the game's, :class:`~manaweave.ReplayMismatchError` when
    the log does not replay identically (the states would not be the game's), and
    ``ValueError`` for a seat the game does not have. A log without ``game_ended`` makes
    a page of the events it has (:attr:`ViewerPage.incomplete`)."""
    records = _load(log)
    seats = len(records[0].get("players") or ())
    if viewer is not None and not 0 <= viewer < seats:
        raise ValueError(
            f"P{viewer + 1} (seat {viewer}): the game in {log} has players P1 to P{seats} "
            f"(seats 0 to {seats - 1})"
        )
    recorder = _Snapshots(viewer)
    result = replay(log, observe=recorder.watch)
    if result.mismatch is not None:
        raise result.mismatch
    events = [redact_event(record, viewer, seats) for record in records]
    if result.interrupted:
        events.pop()  # game_interrupted: no state follows it, and the replay has none
    narration = _narration(events, viewer, log)
    count = len(events)
    if len(recorder.state_of_event) < count:
        raise GameLogError(f"{log}: the replay ended before event {len(recorder.state_of_event)}")
    state_of_event = recorder.state_of_event[:count]
    first = records[0]
    frames, frame_of_event = _frames(recorder.states, state_of_event)
    data = {
        "title": _title(first, viewer),
        "viewer": viewer,
        "players": [str(p.get("name", f"P{i + 1}")) for i, p in enumerate(first["players"])],
        "teams": _teams(first, seats),
        # Teammates share one life total and one count of poison counters (810.4, 810.10).
        "shared_totals": "totals" in (first.get("shared_by_teams") or ()),
        "incomplete": result.incomplete,
        "objects": recorder.objects,
        "texts": recorder.texts,
        "state_fields": STATE_FIELDS,
        "player_fields": PLAYER_FIELDS,
        "frames": frames,
        # Every line has the same version and game id: the page holds them once.
        "v": first["v"],
        "game": first["game"],
        "events": [
            [{k: v for k, v in event.items() if k not in _SHARED}, frame_of_event[i], narration[i]]
            for i, event in enumerate(events)
        ],
    }
    return ViewerPage(
        html=_page(data),
        viewer=viewer,
        events=events,
        states=recorder.states,
        objects=recorder.objects,
        state_of_event=state_of_event,
        incomplete=result.incomplete,
        digest_problem=result.digest_problem,
        narration=narration,
    )


def viewer_html(log: str | os.PathLike[str], viewer: int | None = None) -> str:
    """The viewer page of the log at ``log`` as HTML, as :func:`build_viewer` makes it."""
    return build_viewer(log, viewer).html


def write_viewer(
    log: str | os.PathLike[str],
    out: str | os.PathLike[str],
    viewer: int | None = None,
    *,
    overwrite: bool = False,
) -> ViewerPage:
    """Write the viewer page of the log at ``log`` to ``out`` (UTF-8) and return it.

    ``out`` is not replaced unless ``overwrite`` is given (``FileExistsError``, before the
    log is replayed); otherwise as :func:`build_viewer`."""
    target = Path(out)
    if target.exists() and not overwrite:
        raise FileExistsError(f"{target} exists")
    page = build_viewer(log, viewer)
    with target.open("w" if overwrite else "x", encoding="utf-8") as file:
        file.write(page.html)
    return page


# --- reading the log -------------------------------------------------------------------------


def _load(log: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """The log's records, checked as a replay checks them; a redacted log is named as such
    rather than by the first check it fails."""
    try:
        records = load_log(log)
    except GameLogError as error:
        if isinstance(error.__cause__, OSError):
            raise
        reason = _redacted(_raw_records(log))
        if reason is not None:
            raise GameLogError(f"{log}: {reason}") from None
        raise
    reason = _redacted(records)
    if reason is not None:
        raise GameLogError(f"{log}: {reason}")
    return records


def _raw_records(log: str | os.PathLike[str]) -> list[dict[str, Any]]:
    """As many of the log's lines as can be read, without the checks of a replay."""
    found: list[dict[str, Any]] = []
    try:
        for record in read_records(log):
            found.append(record)
    except (OSError, ValueError):
        pass
    return found


def _redacted(records: Sequence[Mapping[str, Any]]) -> str | None:
    """Why the records look like a log redacted for a player or a spectator, or ``None``.

    Redaction hides others' decklists and the hidden fields of hidden events (which card
    was drawn, what a player chose): without them the game cannot be played again."""
    problem = (
        "a log redacted for a player or a spectator (it lacks the hidden cards and answers "
        "a replay needs); make the viewer from the game's full log"
    )
    seats = 0
    if records and records[0].get("event") == "game_started":
        decks = records[0].get("decks")
        if isinstance(decks, list) and any(deck is None for deck in decks):
            return problem
        players = records[0].get("players")
        seats = len(players) if isinstance(players, list) else 0
    for record in records:
        if visible_to(record, None, seats):
            continue
        kind = record.get("event")
        if kind == "decision_made" and "choice" not in record:
            return problem
        if kind in _ZONE_CHANGES and "card" not in record:
            return problem
    return None


def _narration(
    events: Sequence[Mapping[str, Any]], viewer: int | None, log: str | os.PathLike[str]
) -> list[list[str]]:
    """The play-by-play lines each (redacted) event brings; the lines still held back at
    the end go with the last event."""
    narrator = Narrator(viewer)
    lines: list[list[str]] = []
    for event in events:
        try:
            lines.append(narrator.feed(event))
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as error:
            reason = repr(error)[:200]
            what = f"{event.get('event')} event (seq {event.get('seq')})"
            raise GameLogError(f"{log}: can't narrate its {what}: {reason}") from None
    if lines:
        lines[-1] = [*lines[-1], *narrator.finish()]
    return lines


def _frames(
    states: Sequence[Sequence[Any]], state_of_event: Sequence[int]
) -> tuple[list[Any], list[int]]:
    """The states as the page holds them, and the frame of each event: one frame for each
    event whose state differs from the one before, the first a whole state, every other
    one what changed (``{position: value}``; for the players, ``{seat: {position:
    value}}``). Whole states repeat most of what the one before had, graveyards and
    battlefields included: they were half of a long game's page."""
    frames: list[Any] = []
    frame_of_event: list[int] = []
    previous: Sequence[Any] | None = None
    last = -1
    for index in state_of_event:
        if index != last:
            state = states[index]
            frames.append(list(state) if previous is None else _delta(previous, state))
            previous, last = state, index
        frame_of_event.append(len(frames) - 1)
    return frames, frame_of_event


def _delta(before: Sequence[Any], after: Sequence[Any]) -> dict[str, Any]:
    """What changed from one packed state to the next (see :func:`_frames`)."""
    changed: dict[str, Any] = {}
    players = STATE_FIELDS.index("players")
    for position, (old, new) in enumerate(zip(before, after, strict=True)):
        if position == players:
            seats = {
                str(seat): {str(i): v for i, (u, v) in enumerate(zip(p, q, strict=True)) if u != v}
                for seat, (p, q) in enumerate(zip(old, new, strict=True))
                if p != q
            }
            if seats:
                changed[str(position)] = seats
        elif old != new:
            changed[str(position)] = new
    return changed


def _teams(started: Mapping[str, Any], seats: int) -> list[list[int]]:
    """The seats of each team, as ``game_started`` records them (102.3); a team of one
    per player in a log written before teams were recorded. The replay has checked them
    against the game's own."""
    teams = started.get("teams")
    if teams is None:
        return [[seat] for seat in range(seats)]
    return [list(team) for team in teams]


def _title(started: Mapping[str, Any], viewer: int | None) -> str:
    """The page's title: the game and whose eyes it is seen through."""
    eyes = "as a spectator sees it" if viewer is None else f"as P{viewer + 1} saw it"
    return f"manaweave game {started.get('game', '')} {eyes}"


# --- the states --------------------------------------------------------------------------------


class _Snapshots:
    """Watches a replaying game and keeps its state, as the viewer may see it, after each
    event: each distinct state once, each distinct object once."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.states: list[list[Any]] = []
        self.objects: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.state_of_event: list[int] = []
        self._state_index: dict[bytes, int] = {}
        self._object_index: dict[bytes, int] = {}
        self._text_index: dict[str, int] = {}

    def watch(self, game: Game) -> None:
        """Subscribe to ``game``'s log: a state after each of its events."""

        def after(record: Mapping[str, Any]) -> None:
            self.state_of_event.append(self._add_state(self._state(game)))

        game.log.subscribe(after)

    def _state(self, game: Game) -> list[Any]:
        """The state now, packed as :data:`STATE_FIELDS` says."""
        viewer = self.viewer
        if viewer is None:
            # A spectator sees what every player sees: a player's view less what is theirs
            # alone (their hand, teammates' hands, their face-down cards' names).
            view = game.view(0)
            shown_hands: frozenset[int] | None = game.players_with_hands_revealed()
        else:
            view = game.view(viewer)
            shown_hands = None
        return [
            view.turn,
            view.step,
            view.active_player,
            [self._player(p, shown_hands) for p in view.players],
            self._objects(view.battlefield),
            self._objects(view.stack),
            self._objects(view.exile),
            self._objects(view.command),
            self._objects(view.hand) if viewer is not None else [],
        ]

    def _player(self, player: PlayerView, shown_hands: frozenset[int] | None) -> list[Any]:
        """One player's part of the state, packed as :data:`PLAYER_FIELDS` says."""
        revealed = player.revealed_hand
        if shown_hands is not None and player.id not in shown_hands:
            revealed = None
        top = player.revealed_library_top
        return [
            player.life,
            player.poison,
            player.hand_size,
            player.library_size,
            self._objects(player.graveyard),
            list(player.mana_pool),
            player.has_left,
            self._objects(revealed) if revealed is not None else None,
            self._object(top) if top is not None else None,
        ]

    def _objects(self, objects: Sequence[ObjectView]) -> list[int]:
        return [self._object(o) for o in objects]

    def _object(self, obj: ObjectView) -> int:
        packed = _packed_object(obj, self.viewer, self._text(obj.text))
        key = orjson.dumps(packed)
        index = self._object_index.get(key)
        if index is None:
            index = self._object_index[key] = len(self.objects)
            self.objects.append(packed)
        return index

    def _text(self, text: str) -> int | None:
        if not text:
            return None
        index = self._text_index.get(text)
        if index is None:
            index = self._text_index[text] = len(self.texts)
            self.texts.append(text)
        return index

    def _add_state(self, state: list[Any]) -> int:
        key = orjson.dumps(state)
        index = self._state_index.get(key)
        if index is None:
            index = self._state_index[key] = len(self.states)
            self.states.append(state)
        return index


_COUNTS = frozenset({"damage", "x"})
"""Optional fields of an object left out at ``0`` too; others (a seat, a power) show it."""


def _packed_object(obj: ObjectView, viewer: int | None, text: int | None) -> dict[str, Any]:
    """What the page shows of an object; fields at their defaults are left out, to keep
    the page small."""
    kinds = " ".join((*obj.supertypes, *obj.types))
    type_line = f"{kinds} — {' '.join(obj.subtypes)}" if obj.subtypes else kinds
    packed: dict[str, Any] = {
        "id": obj.id,
        "name": obj.name,
        "owner": obj.owner,
        "controller": obj.controller,
    }
    optional: dict[str, Any] = {
        "type": type_line,
        "mana_cost": obj.mana_cost,
        "power": obj.power,
        "toughness": obj.toughness,
        "tapped": obj.tapped,
        "damage": obj.damage,
        "counters": [list(pair) for pair in obj.counters],
        "attached_to": obj.attached_to,
        "attacking": obj.attacking,
        "blocking": obj.blocking,
        "token": obj.token,
        "face_down": obj.face_down,
        # Only the controller is told which card a face-down object is (708.5).
        "face_down_name": obj.face_down_name if viewer is not None else None,
        "targets": [list(t) if isinstance(t, tuple) else t for t in obj.targets],
        "x": obj.x,
        "text": text,
    }
    packed.update(
        (key, value)
        for key, value in optional.items()
        # ``0 == False``: compare by identity, or a seat 0 attacked would be left out.
        if value is not None
        and value is not False
        and value != []
        and value != ""
        and not (key in _COUNTS and value == 0)
    )
    return packed


def _unpacked(packed: Sequence[Any], objects: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """A packed state as a dictionary, with its objects in place of their indexes."""

    def resolve(indexes: Sequence[int] | None) -> list[dict[str, Any]] | None:
        return None if indexes is None else [objects[i] for i in indexes]

    state = dict(zip(STATE_FIELDS, packed, strict=True))
    players = []
    for values in state["players"]:
        player = dict(zip(PLAYER_FIELDS, values, strict=True))
        top = player["library_top"]
        player["graveyard"] = resolve(player["graveyard"])
        player["revealed_hand"] = resolve(player["revealed_hand"])
        player["library_top"] = objects[top] if top is not None else None
        players.append(player)
    state["players"] = players
    for zone in ("battlefield", "stack", "exile", "command", "hand"):
        state[zone] = resolve(state[zone])
    return state


# --- the page --------------------------------------------------------------------------------


def _page(data: Mapping[str, Any]) -> str:
    """The template with ``data`` in it, as JSON no HTML parser reads as markup: every
    ``<`` (which JSON holds only inside strings) is escaped, so no ``</script>`` and no
    comment can end the script element early."""
    template = (resources.files("manaweave") / "data" / _TEMPLATE).read_text(encoding="utf-8")
    encoded = orjson.dumps(data).decode().replace("<", "\\u003c")
    return template.replace(_DATA_MARK, encoded, 1)

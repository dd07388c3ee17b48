"""A readable play-by-play of a game, written from its event log one record at a time.

:class:`Narrator` takes the log's records in order (from a finished log, or from
:meth:`EventLog.subscribe <manaweave.log.EventLog.subscribe>` while the game runs) and
returns the lines each one adds; :func:`narrate` does the same for a whole log.

Two rules decide how objects are named:

* Every zone change makes a new object (CR 400.7), but it is the same card: the narrator
  follows a card from object to object (``object`` to ``new_object``). A *name* is
  ambiguous once the narrator has seen two different cards or tokens with it; from then
  on every mention of an object with that name carries its object id
  (``Runeclaw Bear #21 blocks Runeclaw Bear #14``), the id the log uses at that moment.
  A name seen on one card only prints bare.
* The narrator sees what its viewer may see (``viewer``: a seat, or ``None`` for a
  spectator, who sees public events only): a hidden event is narrated from its public
  fields alone ("P1 draws 2 cards"), and a name the viewer never saw neither prints nor
  makes another ambiguous. An object the log never named is ``object #30``, unless the
  narrator was given its name (``names``: a :class:`~manaweave.testing.Scenario` gives
  those of the objects it placed, :meth:`~manaweave.testing.Scenario.narration`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from ._errors import with_article
from ._redact import redact_event
from ._seed_secret import seed_commitment
from ._visible import visible

__all__ = ["Narrator", "narrate"]

Record = Mapping[str, Any]

_PT_CHANGE = re.compile(r"[+-]\d+/[+-]\d+")

_VERBS = {
    word: forms
    for forms in (("gains", "gain"), ("becomes", "become"), ("loses", "lose"), ("is", "are"))
    for word in forms
}
"""An effect's description that begins with one of these verbs is told with the affected
objects as its subject, the verb agreeing with how many they are."""

_DIES = {
    "704.5f": "dies (toughness 0 or less)",
    "704.5g": "dies (lethal damage)",
    "704.5h": "dies (deathtouch damage)",
    "704.5i": "is put into the graveyard (no loyalty left)",
    "704.5j": "is put into the graveyard (legend rule)",
    "704.5k": "is put into the graveyard (world rule)",
    "704.5m": "is put into the graveyard (not legally attached)",
    "704.5s": "is put into the graveyard (its story is over)",
    "704.5v": "is put into the graveyard (no defense left)",
    "704.5y": "is put into the graveyard (a newer Role)",
    "701.8a": "is destroyed",
}
"""How a permanent going to the graveyard is told, by the rule that moved it."""

_QUIET_STACK_MOVES = frozenset({"608.2n", "608.2b", "701.6a"})
"""A spell leaving the stack because it resolved, fizzled or was countered: the lines of
those events already said so."""


def _plural(count: int, noun: str) -> str:
    return with_article(noun) if count == 1 else f"{count} {noun}s"


def _option_value(value: Any) -> str:
    """An option's value as ``manaweave play --option`` takes it: ``none``, ``true``."""
    return "none" if value is None else str(value).lower()


def _turns(count: int) -> str:
    return f"{count} turn" if count == 1 else f"{count} turns"


def _join(items: Sequence[str]) -> str:
    """``A``, ``A and B``, ``A, B and C``."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} and {items[-1]}"


def _zone(zone: Any) -> str:
    return "exile" if zone == "exile" else f"the {zone}"


def _sentence(text: str) -> str:
    return text if text.endswith((".", "!", "?")) else f"{text}."


@dataclass
class _Mulligan:
    """A mulligan being told: the old hand goes back, a new one is drawn, some go to the
    bottom; its line waits until that is over, to give the hand size."""

    player: int
    drawn: list[int | None] = field(default_factory=list)
    """The new hand's objects, ``None`` for each card the viewer may not see."""
    bottomed: int = 0
    bottom: set[int] = field(default_factory=set)

    def absorbs(self, event: Record) -> bool:
        if event.get("player") != self.player:
            return False
        kind = event["event"]
        if kind == "card_drawn":
            self.drawn.append(_drawn(event))
        elif kind == "object_moved" and event.get("rule") == "103.5":
            if self.drawn:  # before the new hand is drawn, the old one goes back
                self.bottomed += 1
                if "card" in event:
                    self.bottom.add(event.get("object", -1))
        elif kind == "decision_made":
            return event.get("kind") == "bottom"
        elif kind != "library_shuffled":
            return False
        return True


@dataclass
class _Draws:
    """Consecutive draws of one player, told as one line."""

    player: int
    turn: int
    cards: list[int | None] = field(default_factory=list)
    """The new objects in the hand, ``None`` for each card the viewer may not see."""

    def absorbs(self, event: Record) -> bool:
        if (
            event["event"] != "card_drawn"
            or event.get("player") != self.player
            or event.get("turn") != self.turn
        ):
            return False
        self.cards.append(_drawn(event))
        return True


def _drawn(event: Record) -> int | None:
    """The hand object a draw made, if the viewer may see which card it is."""
    new = event.get("new_object")
    return new if "card" in event and isinstance(new, int) else None


@dataclass
class _Resolving:
    """A spell or ability that starts to resolve: "resolves" is told unless the next event
    tells it otherwise (a permanent spell entering, a spell or ability fizzling)."""

    obj: Any

    def told_otherwise(self, event: Record) -> bool:
        kind = event.get("event")
        if kind == "permanent_entered":
            return bool(event.get("object") == self.obj and event.get("from_zone") == "stack")
        if kind in ("spell_fizzled", "ability_fizzled", "ability_removed"):
            return bool(event.get("object") == self.obj)
        return False


@dataclass
class _EntersTapped:
    """A permanent that enters tapped (614.1d): the replacement is logged before the move
    that names it, so its line waits for that move."""

    obj: Any

    def moves(self, event: Record) -> bool:
        return "new_object" in event and event.get("object") == self.obj


class Narrator:
    """Turns a game's log records into a play-by-play, one record at a time.

    Feed it the records in log order; :meth:`feed` returns the lines each one adds
    (often none: most records are mana, taps and priority passes). A few lines wait for
    the record after them, and come out with its lines (or from :meth:`finish`):
    consecutive draws are one line; a mulligan's line gives the hand kept; "resolves" is
    not told of a permanent spell that enters or a spell that fizzles; a permanent that
    enters tapped is named by the move logged after the replacement::

        narrator = Narrator()
        for record in records:
            for line in narrator.feed(record):
                print(line)
        for line in narrator.finish():
            print(line)

    ``viewer`` is the seat whose eyes the narrator uses (hidden events visible to that
    player are told in full); ``None`` tells the game as a spectator sees it. Records may
    be whole or already redacted (:func:`manaweave.log.redact`): a redacted record is
    told from what it kept. A record of an event kind the narrator does not know (a
    plugin's) adds no line.
    """

    NARRATED: ClassVar[frozenset[str]]
    """The engine's event kinds that may add lines (some only in some cases: no
    ``resolution_started`` line for a permanent spell that enters, no ``library_shuffled``
    line before the first turn)."""
    SILENT: ClassVar[Mapping[str, str]]
    """The engine's event kinds that never add a line, each with the reason."""

    def __init__(
        self, viewer: int | None = None, *, names: Mapping[int, str] | None = None
    ) -> None:
        self.viewer = viewer
        """The seat whose view is narrated, or ``None`` for a spectator's."""
        self._players: list[str] = []
        self._teams: list[list[int]] = []
        """The seats of each team (``game_started``), for naming teams of more than one."""
        self._team_of: dict[int, tuple[int, list[int]]] = {}
        """Seat -> its team's number and seats."""
        self._shared_by_teams: frozenset[str] = frozenset()
        self._names: dict[int, str] = {}
        self._card_of: dict[int, int] = {}
        self._cards_named: dict[str, set[int]] = {}
        self._abilities: dict[int, Any] = {}
        self._rule_holders: dict[int, int] = {}
        self._pending: _Mulligan | _Draws | _Resolving | _EntersTapped | None = None
        self._several_turns = False
        """Whether several turns are under way at once (turn markers, 807.4)."""
        self._told_turn: object = None
        self._commitment: str | None = None
        """The commitment to the seed ``game_started`` showed, checked at the game's end."""
        for obj, name in (names or {}).items():
            self._see(obj, name)

    # --- feeding -----------------------------------------------------------------------

    def feed(self, record: Record) -> list[str]:
        """The lines ``record`` adds, with any held-back lines it completes first.

        What a line quotes from the log (a player's or a card's name, a reason) is
        shown as written: a control character or escape sequence in it is made visible
        (``\\x1b``), not left for the terminal to obey, so no text in a log can forge a
        line or rewrite the screen."""
        return [visible(line) for line in self._feed(record)]

    def finish(self) -> list[str]:
        """The lines held back for records that did not come (call it after the last)."""
        return [visible(line) for line in self._finish()]

    def _feed(self, record: Record) -> list[str]:
        event = redact_event(record, self.viewer, len(self._players) or None)
        kind = event.get("event")
        lines: list[str] = []
        pending = self._pending
        if isinstance(pending, _Resolving) and pending.told_otherwise(event):
            self._pending = pending = None
        if isinstance(pending, _EntersTapped) and pending.moves(event):
            # The permanent is named by its move, which comes after the replacement.
            self._pending = None
            return [*self._feed(record), f"  {self.what(event['new_object'])} enters tapped."]
        if pending is not None:
            if isinstance(pending, _Mulligan) and pending.absorbs(event):
                self._learn(event)
                return lines
            if isinstance(pending, _Draws) and pending.absorbs(event):
                self._learn(event)
                return lines
            flushed = self._finish()
            if flushed and self._several_turns and isinstance(pending, _Draws):
                flushed = self._in_its_turn({"event": "card_drawn", "turn": pending.turn}, flushed)
            lines.extend(flushed)
        if kind in ("face_up_turned", "face_down_identified"):
            # The line names the object as it was (face down), so learn after it.
            lines.extend(_HANDLERS[kind](self, event))
            self._learn(event)
            return lines
        self._learn(event)
        handler = _HANDLERS.get(kind) if isinstance(kind, str) else None
        if handler is not None:
            told = handler(self, event)
            if told and self._several_turns:
                told = self._in_its_turn(event, told)
            lines.extend(told)
        return lines

    def _in_its_turn(self, event: Record, told: list[str]) -> list[str]:
        """With several turns at once (807.4), say which turn the lines that follow
        belong to whenever it changes."""
        turn = event.get("turn")
        if turn == self._told_turn:
            return told
        self._told_turn = turn
        if event.get("event") == "turn_began" or not isinstance(turn, int) or turn < 1:
            return told
        return [f"  [turn {turn}]", *told]

    def _finish(self) -> list[str]:
        pending, self._pending = self._pending, None
        if isinstance(pending, _Mulligan):
            line = (
                f"{self.who(pending.player)} mulligans to {len(pending.drawn) - pending.bottomed}"
            )
            if pending.bottomed:
                cards = "card" if pending.bottomed == 1 else "cards"
                line += f" ({pending.bottomed} {cards} on the bottom)"
            if pending.drawn and None not in pending.drawn:  # the viewer saw the new hand
                hand = [self.what(card) for card in pending.drawn if card not in pending.bottom]
                line += f", keeping {_join(hand)}"
            return [f"{line}."]
        if isinstance(pending, _Resolving):
            return [f"  {self.what(pending.obj)} resolves."]
        if isinstance(pending, _EntersTapped):
            return [f"  {self.what(pending.obj)} enters tapped."]
        if isinstance(pending, _Draws):
            named = [self.what(card) for card in pending.cards if card is not None]
            hidden = len(pending.cards) - len(named)
            if not named:
                drawn = _plural(hidden, "card")
            elif hidden:
                drawn = f"{', '.join(named)} and {hidden} more {'card' if hidden == 1 else 'cards'}"
            else:
                drawn = _join(named)
            return [f"  {self.who(pending.player)} draws {drawn}."]
        return []

    def narrate(self, records: Iterable[Record]) -> Iterator[str]:
        """Every line of ``records``, then those :meth:`finish` holds back."""
        for record in records:
            yield from self.feed(record)
        yield from self.finish()

    # --- names ---------------------------------------------------------------------------

    def who(self, player: Any) -> str:
        """A player's name, by seat."""
        if isinstance(player, int) and 0 <= player < len(self._players):
            return self._players[player]
        return f"seat {player}"

    def team(self, player: Any) -> str:
        """``player``'s team as the play-by-play names it where the team shares what is
        told (``Team 1 (P1, P2)``); the player's name if they play on their own."""
        found = self._team_of.get(player) if isinstance(player, int) else None
        if found is None or len(found[1]) < 2:
            return self.who(player)
        number, seats = found
        return f"Team {number + 1} ({', '.join(self.who(seat) for seat in seats)})"

    def what(self, thing: Any) -> str:
        """An object or player (``"player:<seat>"``) as the play-by-play names it."""
        if isinstance(thing, str) and thing.startswith("player:"):
            seat = thing.partition(":")[2]
            return self.who(int(seat)) if seat.isdigit() else thing
        if not isinstance(thing, int):
            return "nothing" if thing is None else str(thing)
        if thing in self._abilities:
            return self._ability(self._abilities[thing])
        name = self._names.get(thing)
        if name is None:
            return f"object #{thing}"
        return f"{name} #{thing}" if self.is_ambiguous(name) else name

    def is_ambiguous(self, name: str) -> bool:
        """Whether two different cards or tokens named ``name`` have been seen."""
        return len(self._cards_named.get(name, ())) > 1

    def _a(self, thing: Any) -> str:
        """:meth:`what`, with an article for a face-down object, which has no name."""
        told = self.what(thing)
        return f"a {told}" if told.startswith("face-down ") else told

    def _ability(self, source: Any) -> str:
        if source in self._rule_holders:
            return f"a rule ability of {self.who(self._rule_holders[source])}"
        return f"{self.what(source)}'s ability"

    def _see(self, obj: Any, name: str | None, previous: Any = None) -> None:
        """Learn that ``obj`` is named ``name``; ``previous`` is the object it was before a
        zone change (the same card), if known."""
        if not isinstance(obj, int):
            return
        if isinstance(previous, int):
            card = self._card_of.setdefault(previous, previous)
        else:
            card = self._card_of.get(obj, obj)
        self._card_of[obj] = card
        if name is None:
            return
        self._names[obj] = name
        self._cards_named.setdefault(name, set()).add(card)

    def _learn(self, event: Record) -> None:
        """Remember the names and links an event shows, before its line is written (so a
        second card of a name is told with its id as it appears)."""
        kind = event.get("event")
        if kind == "game_started":
            self._players = [str(p.get("name")) for p in event.get("players", ())]
            teams = event.get("teams")
            if isinstance(teams, list) and all(isinstance(t, list) for t in teams):
                self._teams = [[s for s in team if isinstance(s, int)] for team in teams]
            self._shared_by_teams = frozenset(event.get("shared_by_teams") or ())
            commitment = event.get("seed_commitment")
            self._commitment = commitment if isinstance(commitment, str) else None
            self._team_of = {
                seat: (number, list(team))
                for number, team in enumerate(event.get("teams") or ())
                for seat in team
            }
        if "new_object" in event:
            card = event.get("card")
            if card is None and "card" in event:  # logged as null: face down
                to_zone = event.get("to_zone")
                card = "face-down spell" if to_zone == "stack" else "face-down creature"
            if card is None and "object" in event:
                card = self._names.get(event["object"])
            self._see(event["new_object"], card, event.get("object"))
            return
        if kind in ("ability_activated", "ability_stacked", "ability_copied"):
            self._abilities[event.get("object", -1)] = event.get("source")
            return
        if kind == "ability_triggered":
            source = event.get("source")
            if source not in self._names and event.get("card"):
                self._see(source, event["card"])
            return
        if kind == "damage_dealt":
            if event.get("source") not in self._names:
                self._see(event.get("source"), event.get("source_name"))
            if "to_object" in event and event["to_object"] not in self._names:
                self._see(event["to_object"], event.get("to_name"))
            return
        if kind == "face_down_revealed":
            for obj, card in event.get("objects", ()):
                self._see(obj, card)
            return
        if kind == "spell_cast" and event.get("card") is None and "card" in event:
            self._see(event.get("object"), "face-down spell")
            return
        if kind == "emblem_created":
            self._see(event.get("object"), f"{self.who(event.get('player'))}'s emblem")
            return
        if kind == "rule_ability_added":
            self._rule_holders[event.get("object", -1)] = event.get("player", -1)
            return
        if "object" in event and isinstance(event.get("card"), str):
            self._see(event["object"], event["card"])

    def _targets(self, event: Record) -> str:
        aimed = [self._a(t) for t in event.get("targets") or () if t is not None]
        if not aimed:
            return ""
        division = event.get("division")
        if division and len(division) == len(aimed):
            aimed = [f"{name} ({amount})" for name, amount in zip(aimed, division, strict=True)]
        return f" targeting {_join(aimed)}"

    # --- the game and its players ------------------------------------------------------

    def _game_started(self, e: Record) -> list[str]:
        decks = e.get("deck_names") or [""] * len(self._players)
        seats = [f"{n} ({d})" if d else n for n, d in zip(self._players, decks, strict=False)]
        # No view shows the seed until the game ends (game_ended reveals it).
        game = f"Game {e['game']} ({e.get('variant')})"
        options = e.get("options")
        if isinstance(options, dict) and options:
            written = ", ".join(f"{k}={_option_value(v)}" for k, v in options.items())
            game = f"{game[:-1]}, {written})"
        if any(len(team) > 1 for team in self._teams):
            # 102.3: the seats of each team, in seat order.
            teams = [
                f"Team {number + 1}: " + ", ".join(seats[s] for s in team if s < len(seats))
                for number, team in enumerate(self._teams)
            ]
            return [f"{game}: {'; '.join(teams)}"]
        return [f"{game}: {', '.join(seats)}"]

    def _starting_player_chosen(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} plays first."]

    def _mulligan_taken(self, e: Record) -> list[str]:
        self._pending = _Mulligan(e.get("player", -1))
        return []

    def _turn_began(self, e: Record) -> list[str]:
        player = e.get("player")
        # With shared team turns the team takes the turn (805.4).
        whose = self.team(player) if "turns" in self._shared_by_teams else self.who(player)
        return [f"--- Turn {e.get('turn')}: {whose} ---"]

    def _decision_rejected(self, e: Record) -> list[str]:
        if "error" not in e:
            return []  # another player's refused answer: only they see it
        return [f"  ({self.who(e.get('player'))}'s answer was refused: {e['error']})"]

    def _player_raised(self, e: Record) -> list[str]:
        if "error" not in e:  # what it raised is that player's own to see
            return [f"{self.who(e.get('player'))}'s player raised an exception."]
        return [f"{self.who(e.get('player'))}'s player raised {e.get('error')}."]

    def _player_conceded(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} concedes ({e.get('reason')})."]

    def _extra_turn_added(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} will take an extra turn after this one."]

    def _turn_marker_changed(self, e: Record) -> list[str]:
        if e.get("change") == "placed" and e.get("marker") != 1:
            self._several_turns = True
        who = self.who(e.get("player"))
        marker = f"Turn marker {e.get('marker')}"
        says = {
            "placed": f"{marker} goes to {who}.",
            "passed": f"{marker} passes to {who}.",
            "kept": f"{who} keeps turn marker {e.get('marker')} for an extra turn.",
            "designated": f"{marker} is designated for removal.",
            "removed": f"{marker} is removed.",
        }
        return [says.get(str(e.get("change")), f"{marker}: {e.get('change')}.")]

    def _skip_created(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} will skip their next {e.get('skips')}."]

    def _skipped(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} skips their {e.get('skips')}."]

    def _rule_ability_added(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} has a rule ability: {e.get('text')}"]

    def _player_counters_added(self, e: Record) -> list[str]:
        counters = _plural(e.get("count", 0), f"{e.get('kind')} counter")
        return [f"  {self.who(e.get('player'))} gets {counters} ({e.get('total')} in all)."]

    def _loss_prevented(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} can't lose the game ({e.get('reason')})."]

    def _player_lost(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} loses: {e.get('reason')}."]

    def _game_drawn(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} draws the game: {e.get('reason')}."]

    def _player_left(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} leaves the game."]

    def _game_ended(self, e: Record) -> list[str]:
        # The result stays the last line of a game's play-by-play.
        return [*self._seed_revealed(e), *self._result(e)]

    def _seed_revealed(self, e: Record) -> list[str]:
        """The seed ``game_ended`` reveals, checked against the commitment ``game_started``
        showed (:mod:`manaweave._engine._seed_secret`)."""
        seed, nonce = e.get("seed"), e.get("seed_nonce")
        if not isinstance(seed, int):
            return []
        if self._commitment is None:
            return [f"The seed was {seed}."]
        if isinstance(nonce, str) and seed_commitment(seed, nonce) == self._commitment:
            return [f"The seed was {seed}; it matches the commitment shown as the game began."]
        return [
            f"The seed revealed, {seed}, does NOT match the commitment shown as the game "
            "began: the game was not played with the seed committed to."
        ]

    def _result(self, e: Record) -> list[str]:
        if e.get("reason") == "plugin_failed":
            return [
                f"The game stops after {e.get('turns')} turns: the plugin {e.get('plugin')} "
                f"failed ({e.get('message')})."
            ]
        if e.get("winners"):
            # A team wins as a team (104.2c), named with its players.
            first = e["winners"][0]
            found = self._team_of.get(first) if isinstance(first, int) else None
            if found is not None and len(found[1]) > 1:
                winners, verb = self.team(first), "wins"
            else:
                winners = _join([self.who(w) for w in e["winners"]])
                verb = "win" if len(e["winners"]) > 1 else "wins"
            turns = _turns(e.get("turns", 0))
            return [f"{winners} {verb} after {turns} ({e.get('reason')})."]
        turns = _turns(e.get("turns", 0))
        return [f"The game is a draw after {turns} ({e.get('reason')})."]

    def _game_interrupted(self, e: Record) -> list[str]:
        return [f"The game was interrupted in turn {e.get('turn')} ({e.get('reason')})."]

    # --- cards moving --------------------------------------------------------------------

    def _card_drawn(self, e: Record) -> list[str]:
        self._pending = _Draws(e.get("player", -1), e.get("turn", 0), [_drawn(e)])
        return []

    def _land_played(self, e: Record) -> list[str]:
        return [f"{self.who(e.get('player'))} plays {self.what(e.get('new_object'))}."]

    def _permanent_entered(self, e: Record) -> list[str]:
        where = e.get("from_zone")
        origin = "" if where == "stack" else f" from {self.who(e.get('player'))}'s {where}"
        thing = self._a(e.get("new_object"))
        return [f"  {thing[:1].upper()}{thing[1:]} enters the battlefield{origin}."]

    def _card_discarded(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} discards {self.what(e.get('new_object'))}."]

    def _sacrificed(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} sacrifices {self.what(e.get('object'))}."]

    def _manifested(self, e: Record) -> list[str]:
        owner = self.who(e.get("player"))
        manifest = self._a(e.get("new_object"))
        return [f"  {owner} manifests the top card of their library as {manifest}."]

    def _object_moved(self, e: Record) -> list[str]:
        rule, source, to = e.get("rule"), e.get("from_zone"), e.get("to_zone")
        owner = self.who(e.get("player"))
        if source == "stack" and rule in _QUIET_STACK_MOVES:
            return []
        if "card" not in e:  # a hidden move: which card is not told
            if source == to:
                return [f"  {owner} puts a card back into their {to}."]
            return [f"  {owner} puts a card from their {source} into their {to}."]
        thing = self.what(e["object"]) if "object" in e else self.what(e.get("new_object"))
        if source == "battlefield" and to == "graveyard":
            return [f"  {thing} {_DIES.get(str(rule), 'is put into the graveyard')}."]
        if to == "exile":
            why = " (its controller left the game)" if rule == "800.4a" else ""
            return [f"  {thing} is exiled{why}."]
        if to == "hand":
            return [f"  {thing} returns to {owner}'s hand from the {source}."]
        if source == "library" and to == "graveyard":
            return [f"  {thing} is put into {owner}'s graveyard from the library."]
        if source == to:
            return [f"  {thing} leaves the {source} and returns to it."]
        return [f"  {thing} moves from the {source} to {owner}'s {to}."]

    def _library_shuffled(self, e: Record) -> list[str]:
        if not e.get("turn"):
            return []  # the start of the game shuffles every library
        return [f"  {self.who(e.get('player'))} shuffles their library."]

    def _library_searched(self, e: Record) -> list[str]:
        who = self.who(e.get("player"))
        if "card" not in e:
            return [f"  {who} searches their library."]
        return [f"  {who} searches their library and finds {self.what(e.get('object'))}."]

    def _cards_milled(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} mills {_plural(e.get('count', 0), 'card')}."]

    def _draw_failed(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} can't draw: their library is empty."]

    def _library_top_revealed(self, e: Record) -> list[str]:
        who = self.who(e.get("player"))
        return [f"  {who} reveals the top card of their library: {self.what(e.get('object'))}."]

    def _cards_revealed(self, e: Record) -> list[str]:
        who, cards = self.who(e.get("player")), _join(list(e.get("cards", ())))
        if "spell" in e:
            return [f"  {who} reveals {cards} to splice onto {e['spell']}."]
        return [f"  {who} reveals {cards}."]

    def _token_created(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} creates {self.what(e.get('object'))}."]

    def _emblem_created(self, e: Record) -> list[str]:
        return [f"  {self.who(e.get('player'))} gets an emblem: {e.get('text')}"]

    def _face_down_identified(self, e: Record) -> list[str]:
        if "card" not in e:
            return []
        return [f"  ({self.who(e.get('player'))}'s {self.what(e.get('object'))} is {e['card']}.)"]

    def _face_up_turned(self, e: Record) -> list[str]:
        who, before = self.who(e.get("player")), self.what(e.get("object"))
        return [f"  {who} turns {before} face up: it is {e.get('card')}."]

    def _face_down_revealed(self, e: Record) -> list[str]:
        shown = [f"#{obj} is {card}" for obj, card in e.get("objects", ())]
        return [f"  Face-down cards are revealed: {', '.join(shown)}."] if shown else []

    # --- spells and abilities --------------------------------------------------------

    def _spell_cast(self, e: Record) -> list[str]:
        extras = []
        if "x" in e:
            extras.append(f"X={e['x']}")
        if "modes" in e:
            modes = [str(m + 1) for m in e["modes"]]
            extras.append(f"mode{'s' if len(modes) > 1 else ''} {', '.join(modes)}")
        if "alternative_cost" in e:
            cost = str(e["alternative_cost"])
            extras.append(cost if cost.startswith("pay") else f"paying {cost}")
        extras.extend(e.get("additions", ()))
        extra = f" ({'; '.join(extras)})" if extras else ""
        spell = self._a(e.get("object"))
        return [f"{self.who(e.get('player'))} casts {spell}{extra}{self._targets(e)}."]

    def _cast_reversed(self, e: Record) -> list[str]:
        card = e.get("card") or "a face-down spell"
        who = self.who(e.get("player"))
        return [f"{who} can't finish casting {card} ({e.get('cost')}): {e.get('reason')}."]

    def _spell_copied(self, e: Record) -> list[str]:
        original, copy = self.what(e.get("original")), self.what(e.get("object"))
        who = self.who(e.get("player"))
        return [f"  {who} gets a copy of {original} ({copy}){self._targets(e)}."]

    def _ability_copied(self, e: Record) -> list[str]:
        copied = self._ability(e.get("source"))
        return [f"  {self.who(e.get('player'))} copies {copied}{self._targets(e)}."]

    def _targets_changed(self, e: Record) -> list[str]:
        who, thing = self.who(e.get("player")), self.what(e.get("object"))
        aimed = self._targets(e) or " targeting nothing"
        return [f"  {who} changes the targets of {thing}: now{aimed}."]

    def _resolution_started(self, e: Record) -> list[str]:
        self._pending = _Resolving(e.get("object"))
        return []

    def _spell_countered(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} is countered."]

    def _counter_failed(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} can't be countered."]

    def _ability_countered(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} is countered."]

    def _spell_fizzled(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} doesn't resolve: its targets are gone."]

    def _ability_fizzled(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} doesn't resolve: its targets are gone."]

    def _ability_activated(self, e: Record) -> list[str]:
        paid = f" (paying {e['total_cost']})" if "total_cost" in e else ""
        who, source = self.who(e.get("player")), self.what(e.get("source"))
        return [f"{who} activates {source}{paid}{self._targets(e)}: {e.get('text')}"]

    def _ability_triggered(self, e: Record) -> list[str]:
        return [f"  {self._ability(e.get('source'))} triggers."]

    def _ability_stacked(self, e: Record) -> list[str]:
        aimed = self._targets(e)
        return [f"  {self.what(e.get('object'))} is put on the stack{aimed}."] if aimed else []

    def _delayed_trigger_created(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('source'))} sets up a delayed trigger: {e.get('text')}"]

    def _ability_removed(self, e: Record) -> list[str]:
        if "source" in e:
            why = (
                "its controller has left the game"
                if e.get("rule") == "800.4d"
                else "it has no legal target"
            )
            return [f"  {self._ability(e['source'])} is removed: {why}."]
        return [f"  {self.what(e.get('object'))} does nothing: its condition is false."]

    def _ability_resolved(self, e: Record) -> list[str]:
        if e.get("rule") != "603.5":
            return []  # its effects were the lines before
        return [f"  {self.who(e.get('player'))} chooses not to."]

    # --- permanents and effects --------------------------------------------------------

    def _destroy_failed(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} can't be destroyed."]

    def _aura_attached(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} enchants {self.what(e.get('attached_to'))}."]

    def _aura_stayed(self, e: Record) -> list[str]:
        aura = self.what(e.get("object"))
        return [f"  {aura} stays in the {e.get('zone')}: it has nothing to enchant."]

    def _permanent_attached(self, e: Record) -> list[str]:
        thing, to = self.what(e.get("object")), self.what(e.get("attached_to"))
        return [f"  {thing} is attached to {to}."]

    def _permanent_unattached(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} becomes unattached."]

    def _counters_added(self, e: Record) -> list[str]:
        counters = _plural(e.get("count", 0), f"{e.get('kind')} counter")
        thing = self.what(e.get("object"))
        return [f"  {thing} gets {counters} ({e.get('total')} in all)."]

    def _counters_removed(self, e: Record) -> list[str]:
        counters = _plural(e.get("count", 0), f"{e.get('kind')} counter")
        thing = self.what(e.get("object"))
        return [f"  {thing} loses {counters} ({e.get('total')} left)."]

    def _effect_created(self, e: Record) -> list[str]:
        text = str(e.get("description", ""))
        affected = [self.what(obj) for obj in e.get("affected", ())]
        if not affected or e.get("layer") is None:
            # A prevention, replacement or combat restriction: its text says what it does.
            return [f"  {self.what(e.get('source'))}: {_sentence(text)}"]
        one = len(affected) == 1
        verb, _, rest = text.partition(" ")
        if _PT_CHANGE.match(text):
            told = f"{'gets' if one else 'get'} {text}"
        elif text.startswith("a copy of "):
            told = f"{'becomes' if one else 'become'} {text}"
        elif verb in _VERBS:
            told = f"{_VERBS[verb][0 if one else 1]} {rest}"
        else:
            return [f"  {_join(affected)}: {_sentence(text)}"]
        return [f"  {_join(affected)} {_sentence(told)}"]

    def _damage_prevented(self, e: Record) -> list[str]:
        source, damage = self.what(e.get("source")), self.what(e.get("damage_source"))
        amount, target = e.get("amount"), self.what(e.get("target"))
        return [f"  {source} prevents {amount} damage {damage} would deal to {target}."]

    def _event_replaced(self, e: Record) -> list[str]:
        source, instead_of = self.what(e.get("source")), e.get("instead_of")
        if e.get("rule") == "614.1d":
            self._pending = _EntersTapped(e.get("source"))
            return []
        if "to_zone" in e:
            if e["to_zone"] is None:
                return []  # a regeneration: permanent_regenerated told it
            thing = self.what(e.get("object"))
            now, then = _zone(e["to_zone"]), _zone(instead_of)
            return [f"  {thing} goes to {now} instead of {then}."]
        if "to_target" in e:
            amount, target = e.get("amount"), self.what(e.get("target"))
            now = f"{e.get('to_amount')} to {self.what(e['to_target'])}"
            return [f"  {source} changes {amount} damage to {target} into {now}."]
        if instead_of == "draw":
            drawer = self.who(e.get("drawer"))
            if e.get("to_drawer") is None:
                return [f"  {drawer} doesn't draw ({source})."]
            return [f"  {drawer} doesn't draw; {self.who(e['to_drawer'])} draws instead."]
        if instead_of in ("tap", "untap"):
            return [f"  {self.what(e.get('object'))} doesn't {instead_of} ({source})."]
        if "to_amount" in e:
            now = e["to_amount"] if e["to_amount"] is not None else "none"
            return [f"  {source}: {instead_of} of {e.get('amount')} becomes {now}."]
        return [f"  {source}: {_sentence(str(e.get('text', '')))}"]

    def _regeneration_shield_created(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} gets a regeneration shield."]

    def _permanent_regenerated(self, e: Record) -> list[str]:
        return [f"  {self.what(e.get('object'))} regenerates."]

    def _control_changed(self, e: Record) -> list[str]:
        who, thing = self.who(e.get("player")), self.what(e.get("object"))
        return [f"  {who} gains control of {thing} (from {self.who(e.get('previous'))})."]

    def _card_name_chosen(self, e: Record) -> list[str]:
        who, thing = self.who(e.get("player")), self.what(e.get("object"))
        return [f"  {who} chooses {e.get('name')} for {thing}."]

    # --- combat, damage and life ---------------------------------------------------------

    def _defender(self, attack: Sequence[Any]) -> str:
        player = self.who(attack[1]) if len(attack) > 1 else "?"
        return f"{player}'s {self.what(attack[2])}" if len(attack) > 2 else player

    def _attackers_declared(self, e: Record) -> list[str]:
        groups: dict[str, list[str]] = {}
        for attack in e.get("attackers", ()):
            groups.setdefault(self._defender(attack), []).append(self._a(attack[0]))
        if not groups:
            return []
        told = "; ".join(f"{defender} with {_join(c)}" for defender, c in groups.items())
        return [f"{self.who(e.get('player'))} attacks {told}."]

    def _attacker_added(self, e: Record) -> list[str]:
        attack = e.get("attacker") or [None]
        return [f"  {self.what(attack[0])} is attacking {self._defender(attack)}."]

    def _combat_cost_paid(self, e: Record) -> list[str]:
        creatures = _join([self.what(c) for c in e.get("creatures", ())])
        return [f"  {self.who(e.get('player'))} pays {e.get('cost')} for {creatures}."]

    def _blockers_declared(self, e: Record) -> list[str]:
        return [
            f"  {self.what(blocker)} blocks {self.what(attacker)}."
            for blocker, attacker in e.get("blockers", ())
        ]

    def _blocker_added(self, e: Record) -> list[str]:
        blocker, attacker = self.what(e.get("blocker")), self.what(e.get("attacker"))
        return [f"  {blocker} is blocking {attacker}."]

    def _team_declaration_rejected(self, e: Record) -> list[str]:
        what = "attack" if e.get("declaration") == "attack" else "block"
        return [f"  The team's {what} is illegal ({e.get('reason')}); declaring again."]

    def _damage_assignment_rejected(self, e: Record) -> list[str]:
        who = self.who(e.get("player"))
        return [f"  {who}'s damage assignment is illegal ({e.get('reason')}); assigning again."]

    def _damage_dealt(self, e: Record) -> list[str]:
        to = self.who(e["to_player"]) if "to_player" in e else self.what(e.get("to_object"))
        return [f"  {self.what(e.get('source'))} deals {e.get('amount')} damage to {to}."]

    def _life_changed(self, e: Record) -> list[str]:
        player = e.get("player")
        who, delta, life = self.who(player), e.get("delta", 0), e.get("life")
        if "totals" in self._shared_by_teams:
            # The player gains or loses it, the team's shared total changes (810.9).
            team = self.team(player)
            if team != who:
                if e.get("rule") == "120.3a":
                    return [f"  {team} is at {life} life."]
                verb = "gains" if delta >= 0 else "pays" if e.get("rule") == "119.4" else "loses"
                return [f"  {who} {verb} {abs(delta)} life: {team} is at {life}."]
        if e.get("rule") == "120.3a":
            return [f"  {who} is at {life} life."]
        if delta >= 0:
            return [f"  {who} gains {delta} life and is at {life}."]
        verb = "pays" if e.get("rule") == "119.4" else "loses"
        return [f"  {who} {verb} {-delta} life and is at {life}."]


Narrator.SILENT = MappingProxyType(
    {
        "step_began": "the turn's steps are not told, only what happens in them",
        "decision_made": "an answer shows in what it makes happen (a cast, an attack)",
        "permanent_tapped": "tapping for mana or to attack shows in the cast or attack",
        "permanent_untapped": "every untap step untaps everything",
        "mana_added": "mana shows in what it pays for",
        "mana_spent": "mana shows in what it pays for",
        "mana_emptied": "unspent mana is not worth a line",
        "spell_proposed": "the spell_cast line that follows tells the cast",
        "combat_damage_assigned": "the damage_dealt lines that follow tell the damage",
        "state_based_actions_performed": "the moves and losses that follow tell them",
        "cleanup_performed": "effects ending at end of turn are implied",
        "effects_ended": "effects ending at a new turn are implied",
        "timestamps_ordered": "an order of timestamps is not worth a line",
        "object_ceased": "a token leaving the battlefield was told as it left",
        "reveal_ended": "a card no longer revealed on a library is not worth a line",
        "preferences_changed": "a player's stops change how often they are asked, not the game",
    }
)

_HANDLERS: dict[str, Callable[[Narrator, Record], list[str]]] = {
    kind: getattr(Narrator, f"_{kind}")
    for kind in (
        "game_started",
        "starting_player_chosen",
        "mulligan_taken",
        "turn_began",
        "decision_rejected",
        "player_raised",
        "player_conceded",
        "extra_turn_added",
        "turn_marker_changed",
        "skip_created",
        "skipped",
        "rule_ability_added",
        "player_counters_added",
        "loss_prevented",
        "player_lost",
        "game_drawn",
        "player_left",
        "game_ended",
        "game_interrupted",
        "card_drawn",
        "land_played",
        "permanent_entered",
        "card_discarded",
        "sacrificed",
        "manifested",
        "object_moved",
        "library_shuffled",
        "library_searched",
        "cards_milled",
        "draw_failed",
        "library_top_revealed",
        "cards_revealed",
        "token_created",
        "emblem_created",
        "face_down_identified",
        "face_up_turned",
        "face_down_revealed",
        "spell_cast",
        "cast_reversed",
        "spell_copied",
        "ability_copied",
        "targets_changed",
        "resolution_started",
        "spell_countered",
        "counter_failed",
        "ability_countered",
        "spell_fizzled",
        "ability_fizzled",
        "ability_activated",
        "ability_triggered",
        "ability_stacked",
        "delayed_trigger_created",
        "ability_removed",
        "ability_resolved",
        "destroy_failed",
        "aura_attached",
        "aura_stayed",
        "permanent_attached",
        "permanent_unattached",
        "counters_added",
        "counters_removed",
        "effect_created",
        "damage_prevented",
        "event_replaced",
        "regeneration_shield_created",
        "permanent_regenerated",
        "control_changed",
        "card_name_chosen",
        "attackers_declared",
        "attacker_added",
        "combat_cost_paid",
        "blockers_declared",
        "blocker_added",
        "team_declaration_rejected",
        "damage_assignment_rejected",
        "damage_dealt",
        "life_changed",
    )
}

Narrator.NARRATED = frozenset(_HANDLERS)


def narrate(
    events: Iterable[Record], viewer: int | None = None, *, names: Mapping[int, str] | None = None
) -> Iterator[str]:
    """Every line of the play-by-play of ``events`` (see :class:`Narrator`); ``names``
    names objects the log doesn't (by id)."""
    return Narrator(viewer, names=names).narrate(events)

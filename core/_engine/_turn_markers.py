"""Several turns at the same time, kept track of by turn markers (CR 807.4, 807.5).

A variant switches this on with :meth:`Variant.turn_markers
<manaweave.lowlevel.Variant.turn_markers>` (Grand Melee gives one marker for each full
four players, 807.4a). Each marker stands for one active player's turn and has a stack of
its own (807.5). The game keeps one set of "current turn" attributes (``game.turn``,
``game.active_player``, ``game.step``, ``game.stack``, ``game.combat``,
``game.priority_player``); each marker keeps its turn's values while another marker's turn
is being played, and they are swapped in when its turn goes on.

How the turns interleave, so that every game plays the same way again: one marker's turn
runs at a time, in a task of its own, and hands over to the next marker's in marker-number
order each time one of its players is about to be asked for priority (and while its
holder waits to begin, 807.4d). Everything between two such points (a spell resolving,
combat damage, a step's turn-based actions) happens in one turn without the others moving.

The rules of the markers:

- Placing them (807.4b): the starting player takes marker 1, the player four seats to
  their left marker 2, and so on; all of them begin their turns together.
- Passing (807.4c-d): after a turn ends, its marker goes to the player on the left, who
  can't begin their turn while a marker is held in the three seats to their left.
- Players leaving (807.4c, 807.4e-g): a marker whose holder leaves before their turn
  begins goes to the left at once, and after that turn if the turn had begun. When
  departures leave fewer full groups of four than markers, the marker nearest the departed
  player on their right is designated for removal (the lowest-numbered one when several
  players leave at once), and is removed when its turn ends, or at once if no turn of it is
  under way; a marker designated more than once passes the rest of its designations to the
  marker on its right.
- Extra turns (807.4i-j): a player who holds a marker and takes an extra turn after the
  current one keeps the marker for it, unless a marker is within three seats on their
  right, in which case the marker moves on and the extra turn comes right before that
  player's next turn, as it does for a player who has no marker then.
- Priority (807.5a): a player receives priority for a marker's stack when its holder is
  within their range of influence, or a player controlling an object on that stack is.
  What a player casts or activates while they have priority for a stack goes on that
  stack, so that a spell can only target objects on the stack it goes on (807.5b);
  triggered abilities go on the stack of the turn in which they triggered.

What the rules leave as they are: the cleanup step of each turn removes the damage on all
permanents and ends every "until end of turn" effect (514.2), and each step's end empties
every mana pool (500.4).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

import trio

from manaweave.events import TurnMarkerChanged

if TYPE_CHECKING:
    from ._combat import Combat
    from ._game import Game
    from ._objects import StackItem
    from ._turn import Step

__all__ = ["MARKER_SPACING", "TurnMarker", "TurnMarkers"]

MARKER_SPACING = 4
"""How many seats apart turn markers begin, and how close they may come (807.4b, 807.4d):
a player can't begin a turn while a marker is held in the three seats to their left."""


@dataclasses.dataclass(eq=False)
class TurnMarker:
    """One turn marker (807.4): who holds it, and the state of its turn while another
    marker's turn is being played."""

    number: int
    """1 for the starting player's, then in seat order to the left (807.4b)."""
    holder: int
    """The player who takes, or is taking, this marker's next turn."""
    designated: int = 0
    """How many times it has been designated for removal (807.4e-g)."""
    removed: bool = False
    taking_turn: bool = False
    """Whether its holder's turn has begun and not yet ended."""
    turns_left: int = 0
    """Turns its holder takes before passing it on: extra turns first (807.4i-j)."""
    extra_after: int = 0
    """Extra turns its holder was given during the turn under way (807.4i)."""
    first_step: Step | None = None
    """Where its first turn begins, in a game prepared in the middle of a turn."""
    stack_changed: bool = False
    """Something was put on its stack while another marker's turn was being played."""
    # The marker's turn, while another marker's turn is being played.
    turn: int = 0
    active_player: int = 0
    step: Step | None = None
    stack: list[StackItem] = dataclasses.field(default_factory=list)
    combat: Combat | None = None
    priority_player: int | None = None
    _go: trio.Event = dataclasses.field(default_factory=trio.Event, repr=False)


TakeTurn = Callable[["Game", int, "Step | None"], Awaitable[None]]
"""Plays a turn of the given player in the current marker's context, from the given step
(``None``: from its beginning)."""


class TurnMarkers:
    """The turn markers of one game and the order in which their turns go on."""

    def __init__(self, game: Game, count: int) -> None:
        self._game = game
        self._count = count
        self.markers: list[TurnMarker] = []
        """Every marker placed, removed ones included, by number."""
        self.current: TurnMarker | None = None
        """The marker whose turn is being played now."""
        self.turns_begun = 0
        self.extra_before_next: dict[int, int] = {}
        """Extra turns a player takes right before their next turn (807.4i-j)."""

    # --- what the rest of the game asks ---------------------------------------------------

    @property
    def in_play(self) -> list[TurnMarker]:
        """The markers not removed, by number."""
        return [m for m in self.markers if not m.removed]

    def taking_turn(self, player: int) -> bool:
        """Whether ``player`` is taking a turn now, under any marker."""
        return any(m.taking_turn and m.holder == player for m in self.in_play)

    def stacks(self) -> list[list[StackItem]]:
        """Every marker's stack, the current one's first (807.5)."""
        game = self._game
        stacks = [game.stack]
        for marker in self.in_play:
            if marker is not self.current and marker.stack is not game.stack:
                stacks.append(marker.stack)
        return stacks

    def combats(self) -> list[Combat]:
        """Every combat under way, one per marker whose turn is in a combat phase, the
        current turn's first: a creature attacking or blocking in one turn's combat stays
        in it while the other turns go on (506.4, 807.4)."""
        game = self._game
        combats = [game.combat] if game.combat is not None else []
        for marker in self.in_play:
            combat = marker.combat
            if marker is not self.current and combat is not None and combat is not game.combat:
                combats.append(combat)
        return combats

    def receives_priority(self, player: int) -> bool:
        """Whether ``player`` receives priority for the current marker's stack (807.5a):
        its holder is within their range of influence, or a player who controls an
        object on the stack is."""
        game = self._game
        if game.players[player].has_left:
            return False
        holder = game.active_player
        if not game.players[holder].has_left and game.in_range(player, holder):
            return True
        return any(game.in_range(player, item.controller) for item in game.stack)

    def turns_receiving_priority(self, player: int) -> list[tuple[TurnMarker, int, int]]:
        """The turns under way whose stacks ``player`` receives priority for (807.5a), as
        (marker, turn number, active player), the current one first."""
        game = self._game
        found: list[tuple[TurnMarker, int, int]] = []
        for marker in self.in_play:
            if not marker.taking_turn:
                continue
            if marker is self.current:
                if self.receives_priority(player):
                    found.insert(0, (marker, game.turn, game.active_player))
                continue
            holder = marker.active_player
            if (not game.players[holder].has_left and game.in_range(player, holder)) or any(
                game.in_range(player, item.controller) for item in marker.stack
            ):
                found.append((marker, marker.turn, holder))
        return found

    @contextmanager
    def playing(self, marker: TurnMarker) -> Iterator[None]:
        """Play in ``marker``'s turn for a moment (to put something on its stack, 807.5b),
        then go back to the current turn. Its priority round starts over when it goes on:
        an object was added to its stack."""
        back = self.current
        self._leave()
        self._enter(marker)
        try:
            yield
        finally:
            marker.stack_changed = True
            self._leave()
            if back is not None:
                self._enter(back)

    def take_stack_changed(self) -> bool:
        """Whether something was put on the current turn's stack from another turn since
        it last went on (then its players must pass again, 117.4); clears it."""
        marker = self.current
        if marker is None or not marker.stack_changed:
            return False
        marker.stack_changed = False
        return True

    def add_extra_turn(self, player: int) -> None:
        """``player`` will take an extra turn after the current one (500.7): after this
        turn if they are taking one (807.4i), else right before their next (807.4j)."""
        for marker in self.in_play:
            if marker.taking_turn and marker.holder == player:
                marker.extra_after += 1
                return
        self.extra_before_next[player] = self.extra_before_next.get(player, 0) + 1

    # --- playing the turns ----------------------------------------------------------------

    async def play(
        self, take_turn: TakeTurn, *, first_turn: int = 1, first_step: Step | None = None
    ) -> None:
        """Place the markers and play their turns until the game ends (807.4b); a prepared
        game (a scenario) begins every marker's first turn at ``first_step``, the turns
        numbered from ``first_turn``."""
        game = self._game
        self.turns_begun = first_turn - 1
        seats = game.turn_order_from(game.starting_player)
        for number in range(1, self._count + 1):
            holder = seats[(number - 1) * MARKER_SPACING]
            marker = TurnMarker(number, holder, active_player=holder, first_step=first_step)
            self.markers.append(marker)
            self._changed(marker, "placed", "807.4b")
        self._enter(self.markers[0])
        failure: list[BaseException] = []
        async with trio.open_nursery() as nursery:
            for marker in self.markers:
                nursery.start_soon(self._run, marker, take_turn, failure, nursery.cancel_scope)
        if failure:
            raise failure[0]

    async def hand_over(self) -> None:
        """Let the next marker's turn go on (in marker-number order), and wait until it is
        this marker's turn again. Called before a player is asked for priority."""
        marker = self.current
        assert marker is not None
        following = self._following(marker)
        if following is marker:
            return
        self._leave()
        following._go.set()
        await self._wait(marker)

    async def _run(
        self,
        marker: TurnMarker,
        take_turn: TakeTurn,
        failure: list[BaseException],
        cancel_scope: trio.CancelScope,
    ) -> None:
        try:
            if self.current is not marker:
                await self._wait(marker)
            await self._turns_of(marker, take_turn)
        except trio.Cancelled:
            raise
        except BaseException as error:  # the game ended, or failed: stop every turn
            if not failure:
                failure.append(error)
            cancel_scope.cancel()

    async def _turns_of(self, marker: TurnMarker, take_turn: TakeTurn) -> None:
        game = self._game
        while not marker.removed:
            if marker.turns_left == 0:
                # Extra turns due before this player's next turn come first (807.4i-j).
                marker.turns_left = 1 + self.extra_before_next.pop(marker.holder, 0)
            while self._blocked(marker):
                await self.hand_over()  # 807.4d: wait for the marker ahead to move on
                if marker.removed:
                    break
            if marker.removed:
                break
            marker.taking_turn = True
            first_step, marker.first_step = marker.first_step, None
            await take_turn(game, marker.holder, first_step)
            marker.taking_turn = False
            self._turn_ended(marker)
        # This marker's turns are over: the others go on.
        self._leave()
        following = self._following(marker)
        if following is not marker:
            following._go.set()

    def turn_under_way(self, turn: int) -> bool:
        """Whether turn number ``turn`` has begun and not ended."""
        game = self._game
        for marker in self.in_play:
            number = game.turn if marker is self.current else marker.turn
            if marker.taking_turn and number == turn:
                return True
        return False

    def begin_turn(self) -> int:
        """The number of the turn beginning now (each marker's turn counts as one)."""
        self.turns_begun += 1
        return self.turns_begun

    # --- the markers' rules ---------------------------------------------------------------

    def _blocked(self, marker: TurnMarker) -> bool:
        """Whether another marker is held in the three seats to the holder's left
        (807.4d, 807.4i), or by the holder themself (after players left, a marker can
        reach a player whose turn under another is not over: one turn at a time)."""
        if any(
            m.holder == marker.holder and (m.taking_turn or m.number < marker.number)
            for m in self.in_play
            if m is not marker
        ):
            return True
        return self._marker_within(marker, 1)

    def _marker_within(self, marker: TurnMarker, direction: int) -> bool:
        game = self._game
        seats = [p.id for p in game.alive()]
        if marker.holder not in seats:
            return False
        at = seats.index(marker.holder)
        near = {seats[(at + direction * k) % len(seats)] for k in range(1, MARKER_SPACING)}
        near.discard(marker.holder)
        return any(m.holder in near for m in self.in_play if m is not marker)

    def _turn_ended(self, marker: TurnMarker) -> None:
        """After a turn: take any extra turn with the marker, or pass it to the left, or
        remove it if it is designated for removal (807.4c, 807.4g, 807.4i)."""
        game = self._game
        holder = marker.holder
        marker.turns_left -= 1
        extra, marker.extra_after = marker.extra_after, 0
        if marker.designated:
            self._remove(marker, "807.4g")
            later = extra + marker.turns_left
            if later and not game.players[holder].has_left:
                self.extra_before_next[holder] = self.extra_before_next.get(holder, 0) + later
            return
        if game.players[holder].has_left:
            self._pass(marker, "807.4c")  # the player to their left takes it now
            return
        if extra:
            if self._marker_within(marker, -1):
                # A marker close on the right: the extra turn waits for the next (807.4i).
                self.extra_before_next[holder] = self.extra_before_next.get(holder, 0) + extra
            else:
                marker.turns_left += extra
                self._changed(marker, "kept", "807.4i")
        if marker.turns_left <= 0:
            self._pass(marker, "807.4c")

    def _pass(self, marker: TurnMarker, rule: str) -> None:
        game = self._game
        marker.turns_left = 0
        marker.holder = game.next_player(marker.holder)
        self._changed(marker, "passed", rule)

    def players_left(self, players: list[int]) -> None:
        """Players left the game together: markers they held move on or are designated
        for removal (807.4c, 807.4e-g)."""
        game = self._game
        alive = len(game.alive())
        candidates: list[TurnMarker] = []
        for player in players:
            nearest = self._nearest_on_right(player)
            if nearest is not None:
                candidates.append(nearest)
        in_play = self.in_play
        still_counted = len(in_play) - sum(m.designated for m in in_play)  # 807.4f
        # One marker stays while any players are left: the game goes on as a
        # Free-for-All once fewer than four remain (807.1).
        reduction = still_counted - max(1, alive // MARKER_SPACING)
        if reduction > 0 and candidates:
            lowest = min(candidates, key=lambda m: m.number)
            for _ in range(reduction):
                lowest.designated += 1
                self._changed(lowest, "designated", "807.4e")
        for marker in self.in_play:
            if marker.designated and not marker.taking_turn:
                self._remove(marker, "807.4g")
        for marker in self.in_play:
            if marker.holder in players and not marker.taking_turn:
                self._pass(marker, "807.4c")

    def _nearest_on_right(self, player: int) -> TurnMarker | None:
        """The marker immediately to ``player``'s right (807.4e): the first held going to
        the right of their seat, the seats of players who have left counted."""
        n = len(self._game.players)
        held = {m.holder: m for m in self.in_play}
        for k in range(1, n + 1):
            marker = held.get((player - k) % n)
            if marker is not None:
                return marker
        return None

    def _remove(self, marker: TurnMarker, rule: str) -> None:
        """Remove a designated marker (807.4g); designations beyond the first go to the
        marker on its right."""
        marker.removed = True
        self._changed(marker, "removed", rule)
        rest, marker.designated = marker.designated - 1, 0
        if rest <= 0:
            return
        right = self._nearest_on_right(marker.holder)
        if right is not None:
            right.designated += rest
            self._changed(right, "designated", "807.4g")
            if not right.taking_turn:
                self._remove(right, "807.4g")

    def _changed(self, marker: TurnMarker, change: str, rule: str) -> None:
        self._game.emit(
            TurnMarkerChanged(rule=rule, player=marker.holder, marker=marker.number, change=change)
        )

    # --- switching between the markers' turns ---------------------------------------------

    def _following(self, marker: TurnMarker) -> TurnMarker:
        """The next marker in play after ``marker`` by number, cyclically."""
        in_play = self.in_play
        later = [m for m in in_play if m.number > marker.number]
        if later:
            return later[0]
        return in_play[0] if in_play else marker

    async def _wait(self, marker: TurnMarker) -> None:
        await marker._go.wait()
        marker._go = trio.Event()
        self._enter(marker)

    def _enter(self, marker: TurnMarker) -> None:
        """Make ``marker``'s turn the game's current turn."""
        game = self._game
        self.current = marker
        game.turn = marker.turn
        game.active_player = marker.active_player
        game.step = marker.step
        game.stack = marker.stack
        game.combat = marker.combat
        game.priority_player = marker.priority_player

    def _leave(self) -> None:
        """Keep the current turn's state in its marker."""
        game = self._game
        marker = self.current
        if marker is None:
            return
        marker.turn = game.turn
        marker.active_player = game.active_player
        marker.step = game.step
        marker.stack = game.stack
        marker.combat = game.combat
        marker.priority_player = game.priority_player
        self.current = None

"""The table: the players' actors, and asking them decisions (CR 104.3a, 117).

:class:`Table` is the only part of the engine that talks to players: it builds decisions
with a lazily built view, asks the actor, checks the answer, asks again after an illegal
one up to the variant's limit, enforces the time limit, and makes a player who times out,
raises or keeps answering illegally concede (or, in a game played with ``debug=True``,
lets the exception of a player that raises go on to the caller). It is the only module
that needs trio for player I/O.
"""

from __future__ import annotations

import contextlib
import copy
import math
import operator
import os
import sys
import time
import traceback
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, overload

import trio

from manaweave.events import (
    DecisionMade,
    DecisionRejected,
    PlayerConceded,
    PlayerRaised,
    PreferencesChanged,
)

from ._decisions import DECISION_FIELDS, Choice, Decision, DecisionKind, Pass
from ._errors import IllegalChoiceError
from ._preferences import Preferences, Stops, preferences_of
from ._visible import visible

if TYPE_CHECKING:
    from manaweave.players import Player

    from ._game import Game
    from ._view import GameView

__all__ = [
    "AwaitedError",
    "HarnessStop",
    "Table",
    "answer_at_once",
    "class_decides_at_once",
    "decides_at_once",
    "describe_exception",
    "handed_copy",
    "is_players_failure",
]


class HarnessStop(BaseException):
    """Raised by the code that runs a game to stop the whole game from inside it: from a
    player (a scenario whose script meets a decision it did not expect), a plugin's hook
    (a scenario's checkpoint) or a subscriber to the log (a replay that has replayed
    enough). The engine lets it through rather than making the player concede or
    reporting the plugin's failure. Only code that runs the game raises it."""


class Table:
    """The players' actors and the decisions asked of them."""

    __slots__ = (
        "_view_failures",
        "actors",
        "debug",
        "decision_time_limit",
        "free_choices",
        "game",
        "players_exception",
        "preferences",
        "report_errors",
        "stops",
    )

    def __init__(
        self,
        game: Game,
        actors: Sequence[Player],
        *,
        debug: bool = False,
        decision_time_limit: float | None = None,
    ) -> None:
        self.game = game
        self.actors = list(actors)
        self.decision_time_limit = decision_time_limit
        """Seconds a player has for one decision, ``None`` for no limit: the variant's
        unless the game was given another (a replay and a scenario have none)."""
        self.debug = debug
        """Whether an exception a player raises goes on to whoever plays the game, rather
        than making the player concede: for debugging a bot."""
        self.report_errors = True
        """Whether a player's exception is printed on stderr as well as logged (a replay,
        which raises the recorded ones again, turns it off)."""
        self.players_exception: BaseException | None = None
        """The exception a player raised that went on to whoever plays the game (with
        :attr:`debug`): it is the player's, not the engine's or a plugin's."""
        self.free_choices = 0
        """How many decisions other than priority offered a real choice so far: a loop
        that contains one is not a loop of mandatory actions (104.4b)."""
        self._view_failures: list[BaseException] = []
        """Exceptions the engine raised building a view during the current question."""
        self.preferences: list[Preferences] = [preferences_of(actor) for actor in actors]
        """What each player asked the engine to do for them (stops, paying mana costs),
        read from their ``preferences`` as the game is set up, and again each time they
        answer a decision (:meth:`take_up_preferences`)."""
        self.stops: list[Stops | None] = [p.stops for p in self.preferences]

    def decision(
        self,
        kind: DecisionKind,
        player: int,
        options: Sequence[Any],
        prompt: str,
        *,
        min: int = 1,
        max: int = 1,
        groups: Sequence[Any] | None = None,
        ordered: bool = False,
        rule: str | None = None,
        whole_answer_rule: Callable[[Sequence[int]], str | None] | None = None,
        legal_answer: Callable[[], tuple[int, ...]] | None = None,
    ) -> Decision:
        """Build a decision for ``player`` with a lazily built view; ``rule`` when the CR
        rule asking it is not the kind's usual one; ``whole_answer_rule`` says what is
        wrong with a whole answer, and ``legal_answer`` finds one that obeys it."""
        game = self.game

        def view() -> GameView:
            try:
                return game.view(player)
            except Exception as failure:
                # The engine's failure, though it surfaces inside the player's decide:
                # remembered so that it ends the game as a bug, not the player's part in it.
                self._view_failures.append(failure)
                raise

        sample: Callable[[Sequence[Player], int], Game] | None = None
        if kind in _COPYABLE:

            def sample(players: Sequence[Player], seed: int) -> Game:
                return game.sample_copy(player, players, seed=seed)

        asked = Decision(
            kind,
            player,
            options,
            prompt,
            min=min,
            max=max,
            groups=groups,
            ordered=ordered,
            _view=view,
            _sample=sample,
            rule_override=rule,
            whole_answer_rule=whole_answer_rule,
            _legal_answer=legal_answer,
        )
        return _within_range(game, asked)

    async def ask(self, decision: Decision) -> Choice:
        """Ask the deciding player and return their checked answer (see :meth:`_ask`);
        a copy of the game can go on from this decision only while it is asked.

        The answer's indices are those of the options the decision was built with, even
        where some of them were not offered (:func:`_within_range`); if none of them
        was, nothing is asked and the answer chooses none."""
        positions = decision._positions
        if positions is not None and not positions:
            return Choice(())  # nothing within range to choose (801.5a)
        try:
            choice = await self._ask(decision)
        finally:
            self.game.resume_point = None
        if positions is None or choice.concede:
            return choice
        return Choice(tuple(positions[i] for i in choice.indices))

    async def _ask(self, decision: Decision) -> Choice:
        """Ask the deciding player and return their checked answer.

        The player is handed a copy of ``decision``; the engine checks the answer
        against its own record and acts only on the fresh :class:`Choice` the check
        returns, so nothing a player does to what it was handed changes the game. An
        illegal answer is rejected (the game does not change) and asked again, up to the
        variant's limit; then, on a timeout, or if the player raises anything (even a
        ``BaseException``), the player concedes (CR 104.3a). A player's exception is
        logged for that player alone and printed on stderr; with :attr:`debug` it is
        raised again instead. A player who has left answers nothing: the decision gets
        its default answer.

        The time limit is measured, not only enforced by cancelling: an answer (or an
        exception) that arrives after :attr:`decision_time_limit` seconds of real time is
        a timeout, however the player kept the cancellation from reaching it (swallowing
        ``trio.Cancelled``, a shielded scope, ``time.sleep``, a busy loop). A player that
        never gives the loop back cannot be stopped in this process: only a player in a
        process of its own (:func:`~manaweave.players.open_subprocess_actor`) can.
        """
        game = self.game
        player = decision.player
        state = game.players[player]
        actor = self.actors[player]
        at_once = decides_at_once(actor)
        if not at_once:
            # Time may pass while this player decides: the log so far goes to disk first.
            # (Between players that answer at once, the log's own FLUSH_BYTES bounds
            # what a killed process loses.)
            game.log.flush()
        limit = self.decision_time_limit
        handed = handed_copy(decision)  # the same one on each attempt: the same question
        for _attempt in range(game.variant.max_decision_attempts):
            if state.has_left:
                return _default_choice(decision)
            started = time.perf_counter()
            try:
                if limit is None:
                    answer = await actor.decide(handed)
                elif at_once:
                    # No cancel scope, which measured a quarter of a random game's time:
                    # a player that never waits needs none, and the clock still decides.
                    answer = answer_at_once(actor, actor.decide(handed))
                else:
                    with trio.fail_after(limit):
                        answer = await actor.decide(handed)
            except trio.TooSlowError:
                self._concede(player, "timeout", decision)
                return _default_choice(decision)
            except BaseException as exc:  # a player's failure must not end the engine
                if not is_players_failure(exc) or self._view_failed(exc):
                    raise
                if self.debug:
                    self.players_exception = exc
                    raise
                if _late(started, limit):  # the time ran out before it raised
                    self._concede(player, "timeout", decision)
                else:
                    self._player_raised(player, decision, exc)
                return _default_choice(decision)
            finally:
                self._view_failures.clear()
            # The clock, not the player's cooperation with cancelling, decides: an answer
            # that came late (its player blocked the loop or kept cancelling away) is
            # a timeout however good it is.
            if _late(started, limit):
                self._concede(player, "timeout", decision)
                return _default_choice(decision)
            latency = (time.perf_counter() - started) * 1000.0
            try:
                choice = decision.check(answer)
            except IllegalChoiceError as error:
                logged = error.logged_answer
                game.emit(
                    DecisionRejected(
                        player=player,
                        kind=decision.kind.value,
                        answer="<unknown>" if logged is None else logged,
                        error=str(error),
                        visibility=[player],
                    )
                )
                try:
                    rejected: Callable[[Decision, IllegalChoiceError], object] | None = getattr(
                        actor, "rejected", None
                    )
                    if rejected is not None:
                        rejected(handed, error)
                except BaseException as exc:  # a player's failure must not end the engine
                    if not is_players_failure(exc):
                        raise
                    if self.debug:
                        self.players_exception = exc
                        raise
                    self._player_raised(player, decision, exc)
                    return _default_choice(decision)
                continue
            if choice.concede:
                self._concede(player, "conceded", decision)
                return _default_choice(decision)
            if decision.kind is not DecisionKind.PRIORITY and len(decision.options) > 1:
                self.free_choices += 1  # a choice that could break a loop (104.4b, 731.4)
            self.take_up_preferences(player)
            game.emit(
                DecisionMade(
                    rule=decision.rule,
                    player=player,
                    kind=decision.kind.value,
                    choice=list(choice.indices),
                    options=len(decision.options),
                    chosen=[str(decision.options[i]) for i in choice.indices],
                    latency_ms=round(latency, 3),
                    # Others see only the kind's public fields (see redact_event).
                    visibility=[player] if decision.kind.public_fields != DECISION_FIELDS else None,
                )
            )
            return choice
        self._concede(player, "too many illegal choices", decision)
        return _default_choice(decision)

    def take_up_preferences(self, player: int) -> None:
        """Take up a change of ``player``'s ``preferences`` (logged as
        ``preferences_changed``), in force from their next decision on.

        The engine looks as each answer is accepted, so the change has one place in the
        log whenever the player made it: a replay takes it up at the same answer. A
        ``preferences`` that is not a :class:`~manaweave.Preferences` raises
        ``TypeError``, as it does when the game is set up."""
        found = preferences_of(self.actors[player])
        current = self.preferences[player]
        if found is current:
            return
        self.preferences[player] = found
        self.stops[player] = found.stops
        if found != current:
            self.game.emit(PreferencesChanged(player=player, preferences=found.to_log()))

    def _view_failed(self, exc: BaseException) -> bool:
        """Whether ``exc`` is, or was raised while handling, an exception the engine raised
        building the player's view (so the engine failed, not the player)."""
        seen: set[int] = set()
        current: BaseException | None = exc
        while current is not None and id(current) not in seen:
            if any(current is failure for failure in self._view_failures):
                return True
            seen.add(id(current))
            current = current.__cause__ or current.__context__
        return False

    def _player_raised(self, player: int, decision: Decision, exc: BaseException) -> None:
        """Log (for that player alone) and print a player's exception; the player
        concedes."""
        game = self.game
        formatted = _bounded_traceback(exc)
        game.emit(
            PlayerRaised(
                player=player,
                kind=decision.kind.value,
                error=describe_exception(exc),
                traceback=formatted,
                visibility=[player],
            )
        )
        # The log keeps it too, but whoever runs the game should not have to dig for a bug.
        name = game.players[player].name
        if self.report_errors:
            print(
                f"manaweave: player {player} ({name}) raised an exception during a "
                f"{decision.kind.value} decision and concedes (debug=True or --debug raises "
                f"it instead):\n{_printable_traceback(exc, formatted)}",
                end="",
                file=sys.stderr,
            )
        self._concede(player, "player raised an exception", decision)

    def _concede(self, player: int, reason: str, decision: Decision) -> None:
        game = self.game
        game.emit(PlayerConceded(rule="104.3a", player=player, reason=reason))
        game.lose(player, reason, rule="104.3a")


class AwaitedError(RuntimeError):
    """A player that declares ``decides_at_once`` awaited something in ``decide``: it
    breaks its own declaration, and concedes like a player that raises."""


def decides_at_once(actor: object) -> bool:
    """Whether ``actor`` declares that it answers without awaiting anything: the class
    that defines its ``decide`` sets ``decides_at_once = True`` (a subclass that
    defines ``decide`` anew declares it anew, or does not)."""
    cls = type(actor)
    declared = _AT_ONCE.get(cls)
    if declared is None:
        declared = _AT_ONCE[cls] = class_decides_at_once(cls)
    return declared


def class_decides_at_once(cls: type) -> bool:
    """Whether the players of class ``cls`` decide at once (:func:`decides_at_once`)."""
    definer = next((k for k in cls.__mro__ if "decide" in k.__dict__), None)
    return definer is not None and definer.__dict__.get("decides_at_once") is True


_AT_ONCE: dict[type, bool] = {}


def answer_at_once(actor: object, decision: Coroutine[Any, Any, Choice]) -> Choice:
    """The answer of ``decision``, the coroutine of ``actor.decide``, run to its end
    without an event loop: ``actor`` declares ``decides_at_once``, so it answers without
    awaiting anything. One that awaits is stopped there (the coroutine is closed) and
    :class:`AwaitedError` raised: nothing can cancel a wait started outside a cancel
    scope, so it must not wait at all."""
    if not isinstance(decision, Coroutine):
        raise TypeError(f"{type(actor).__name__}.decide did not return a coroutine")
    try:
        decision.send(None)
    except StopIteration as done:
        answer: Choice = done.value
        return answer
    with contextlib.suppress(RuntimeError):  # it ignored GeneratorExit: dropped all the same
        decision.close()
    raise AwaitedError(
        f"{type(actor).__name__} declares decides_at_once but its decide awaited: a "
        "player that waits for anything must not declare it"
    )


def _late(started: float, limit: float | None) -> bool:
    """Whether more than ``limit`` seconds of real time passed since ``started`` (a
    ``time.perf_counter`` reading)."""
    return limit is not None and time.perf_counter() - started > limit


_COPYABLE = frozenset((DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS))
"""The decisions a copy of the game can go on from (the first declaration of attackers or
blockers of a step only: the game says when, ``game.resume_point``)."""


def _within_range(game: Game, decision: Decision) -> Decision:
    """``decision`` as it is offered: with a limited range of influence, a choice of
    objects or players offers only those within its decider's range and, while a spell
    or ability resolves, within its controller's (801.5a, 801.11: an object outside a
    player's range can't be chosen, and an ability doesn't see it). Every choice of
    objects and players any rule or card asks goes through here; a word or a number is
    offered even if it refers to something out of range (801.5b).

    What can't be chosen lowers how many must be (as any impossible choice, 609.3); the
    returned decision keeps where each option came from, for :meth:`Table.ask`."""
    influence = game.influence
    if not influence.limited or not decision.kind.chooses_objects:
        return decision
    options = decision.options
    player = decision.player
    kept = tuple(i for i, option in enumerate(options) if influence.may_choose(player, option))
    if len(kept) == len(options):
        return decision
    groups = decision.groups
    whole_rule = decision.whole_answer_rule
    legal_answer = decision._legal_answer
    offered_at = {asked: offered for offered, asked in enumerate(kept)}

    def whole_answer_rule(indices: Sequence[int]) -> str | None:
        assert whole_rule is not None
        return whole_rule([kept[i] for i in indices])

    def legal_offered() -> tuple[int, ...]:
        assert legal_answer is not None
        return tuple(offered_at[i] for i in legal_answer() if i in offered_at)

    return replace(
        decision,
        options=[options[i] for i in kept],
        groups=None if groups is None else [groups[i] for i in kept],
        min=min(decision.min, len(kept)),
        max=min(decision.max, len(kept)),
        whole_answer_rule=None if whole_rule is None else whole_answer_rule,
        _legal_answer=None if legal_answer is None else legal_offered,
        _positions=kept,
        _unnarrowed=decision,
    )


def handed_copy(decision: Decision) -> Decision:
    """The copy of ``decision`` a player is handed: its own options (each option copied),
    groups, bounds and view, so that a player changing what it holds, even through
    ``object.__setattr__`` on the frozen objects, leaves the engine's record as it was."""
    options = decision.options
    handed_options: Sequence[Any]
    if type(options) in (tuple, list):
        handed_options = HandedOptions(tuple(options))
    else:  # a lazy sequence (damage splits): its own copy, computing options by index
        handed_options = copy.deepcopy(options)
    handed = object.__new__(Decision)
    handed.__dict__.update(decision.__dict__)
    object.__setattr__(handed, "options", handed_options)
    # The engine's bookkeeping of options left out is not the player's to read.
    object.__setattr__(handed, "_positions", None)
    object.__setattr__(handed, "_unnarrowed", None)
    if decision.groups is not None:
        object.__setattr__(handed, "groups", tuple(decision.groups))
    return handed


class HandedOptions(Sequence[Any]):
    """The options a player is handed: each one a copy of the engine's, made the first
    time the player reads it (a bot that only counts the options, as ``RandomBot`` does,
    costs no copies), and the same copy on every later read."""

    __slots__ = ("_copies", "_options")

    def __init__(self, options: tuple[Any, ...]) -> None:
        self._options = options
        self._copies: dict[int, Any] = {}

    def __len__(self) -> int:
        return len(self._options)

    @overload
    def __getitem__(self, index: int) -> Any: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Any, ...]: ...

    def __getitem__(self, index: int | slice) -> Any:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self._options))))
        position = operator.index(index)
        if position < 0:
            position += len(self._options)
        if not 0 <= position < len(self._options):
            raise IndexError(f"option index {index} out of range")
        handed = self._copies.get(position)
        if handed is None:
            handed = self._copies[position] = _copy_option(self._options[position])
        return handed

    def __eq__(self, other: object) -> bool:
        if isinstance(other, HandedOptions | tuple | list):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(tuple(self))


def _copy_option(option: object) -> object:
    """A shallow copy of an option (a slotted frozen dataclass), made field by field:
    ``copy.copy`` takes several times longer, and a decision is handed out often."""
    cls = type(option)
    if cls not in _SLOTS:
        _SLOTS[cls] = _slot_names(cls)
    fields = _SLOTS[cls]
    if fields is None:
        return copy.copy(option)
    if not fields:  # nothing to change: no fields, no __dict__
        return option
    new = object.__new__(cls)
    for name in fields:
        object.__setattr__(new, name, getattr(option, name))
    return new


_SLOTS: dict[type, tuple[str, ...] | None] = {}


def _slot_names(cls: type) -> tuple[str, ...] | None:
    """Every slot of ``cls`` and its bases, or ``None`` when its instances have a
    ``__dict__`` (they are copied with ``copy.copy``)."""
    names: list[str] = []
    for klass in cls.__mro__:
        if klass is object:
            continue
        if "__slots__" not in klass.__dict__:
            return None
        for name in klass.__dict__["__slots__"]:
            if name == "__dict__":
                return None
            if name != "__weakref__" and name not in names:
                names.append(name)
    return tuple(names)


def is_players_failure(exc: BaseException) -> bool:
    """Whether ``exc``, raised out of a player's ``decide`` or ``rejected``, is the
    player's own failure (the player concedes) rather than one that goes on: a
    :class:`HarnessStop`, a ``KeyboardInterrupt`` trio delivered for a real interrupt of
    the process (raised from trio's own frames), or a ``trio.Cancelled`` while the
    engine's own task is being cancelled."""
    if isinstance(exc, HarnessStop):
        return False
    if isinstance(exc, KeyboardInterrupt):
        return not _raised_by_trio(exc)
    if isinstance(exc, trio.Cancelled):
        return trio.current_effective_deadline() != -math.inf
    return True


_TRIO_DIRECTORY = os.path.dirname(trio.__file__) + os.sep


def _raised_by_trio(exc: BaseException) -> bool:
    """Whether the innermost frame of ``exc``'s traceback is trio's: trio raises
    ``KeyboardInterrupt`` itself when the process is interrupted (its signal handler,
    or the delivery to the main task at a checkpoint)."""
    tb = exc.__traceback__
    if tb is None:
        return False
    while tb.tb_next is not None:
        tb = tb.tb_next
    return tb.tb_frame.f_code.co_filename.startswith(_TRIO_DIRECTORY)


ERROR_TEXT_LIMIT = 200
"""How many characters of a player's exception's ``repr`` are logged."""

TRACEBACK_LIMIT = 4000
"""How many characters of a player's traceback are logged (the innermost ones)."""


def describe_exception(exc: BaseException) -> str:
    """A player's exception as logged: its ``repr`` cut to :data:`ERROR_TEXT_LIMIT`
    characters and made encodable, or its type's name when ``repr`` itself fails."""
    try:
        text = repr(exc)
        if type(text) is not str:
            raise TypeError("repr did not return a str")
    except Exception:
        text = f"<{type(exc).__name__} whose repr raised>"
    return _encodable(text[:ERROR_TEXT_LIMIT])


def _printable_traceback(exc: BaseException, formatted: str) -> str:
    """``formatted``, the traceback of ``exc``, as it is printed on a terminal: the
    messages of its exceptions (a remote seat's text, a player process's) have every
    control character made visible, line breaks too, so that none can forge a line or
    rewrite the screen; the traceback's own lines stay lines."""
    seen: set[int] = set()
    pending: list[BaseException | None] = [exc]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        try:
            message = str(current)
        except Exception:
            message = ""
        if message and visible(message) != message:
            formatted = formatted.replace(message, visible(message))
        pending += [current.__cause__, current.__context__]
        pending += getattr(current, "exceptions", ())
    return visible(formatted, keep="\n")


def _bounded_traceback(exc: BaseException) -> str:
    try:
        formatted = "".join(traceback.format_exception(exc))
    except Exception:
        formatted = describe_exception(exc) + " (its traceback could not be formatted)\n"
    if len(formatted) > TRACEBACK_LIMIT:
        formatted = "...\n" + formatted[-TRACEBACK_LIMIT:]
    return _encodable(formatted)


def _encodable(text: str) -> str:
    """``text`` with lone surrogates escaped, so it encodes as UTF-8 (and JSON)."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _default_choice(decision: Decision) -> Choice:
    """The answer recorded for a player who has left: pass, or the fewest options."""
    for i, option in enumerate(decision.options):
        if isinstance(option, Pass):
            return Choice.of(i)
    if decision.whole_answer_rule is not None:
        return decision.legal_choice()
    return Choice(tuple(range(min(decision.min, len(decision.options)))))

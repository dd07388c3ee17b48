"""Players are actors: anything with ``async def decide(decision) -> Choice``.

* :class:`RandomBot` picks uniformly among the legal options, from its own seed.
* :class:`ScriptedPlayer` answers from a script, for tests and replays.
* :func:`open_actor` runs any player in its own trio task behind memory channels,
  the shape a network or UI player takes.
* :func:`open_subprocess_actor` runs a player in a Python process of its own, which
  sees only the decisions and view it is sent: the way to seat untrusted code.
* :class:`TerminalPlayer` is a person at the terminal (``manaweave play --human``).
* ``manaweave.play_ladder`` plays bots against each other and tallies their win
  rates, as ``manaweave ladder`` does.

A player may also define ``rejected(decision, error)``: the engine calls it with the
:class:`~manaweave.IllegalChoiceError` when an answer is refused, before asking again.
"""

from __future__ import annotations

import importlib
import math
import random
from collections import deque
from collections.abc import AsyncIterator, Callable, Iterable
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, ClassVar, Protocol, runtime_checkable

import trio

from ._engine._decisions import Activate, Choice, Decision, DecisionKind, Pass
from ._engine._errors import IllegalChoiceError
from ._engine._preferences import Preferences
from ._engine._table import AwaitedError, decides_at_once

if TYPE_CHECKING:
    from ._cli.terminal_player import TerminalPlayer as TerminalPlayer
    from ._remote.subprocess_actor import SubprocessIsolationWarning as SubprocessIsolationWarning
    from ._remote.subprocess_actor import SubprocessPlayer as SubprocessPlayer
    from ._remote.subprocess_actor import SubprocessPlayerError as SubprocessPlayerError
    from ._remote.subprocess_actor import open_subprocess_actor as open_subprocess_actor

__all__ = [
    "ActorPlayer",
    "AwaitedError",
    "Player",
    "RandomBot",
    "ScriptedPlayer",
    "SubprocessIsolationWarning",
    "SubprocessPlayer",
    "SubprocessPlayerError",
    "TerminalPlayer",
    "UnexpectedDecisionError",
    "decides_at_once",
    "open_actor",
    "open_subprocess_actor",
]


_FROM_APPLICATIONS = {
    "TerminalPlayer": "_cli.terminal_player",
    "SubprocessIsolationWarning": "_remote.subprocess_actor",
    "SubprocessPlayer": "_remote.subprocess_actor",
    "SubprocessPlayerError": "_remote.subprocess_actor",
    "open_subprocess_actor": "_remote.subprocess_actor",
}
"""Players that applications built on the engine define (a person at a terminal, a player
in a process of its own): imported when first asked for, so that the engine, which
imports this module for :class:`Player`, never imports the applications."""


def __getattr__(name: str) -> object:
    """Serve a player an application defines, importing it on first use."""
    home = _FROM_APPLICATIONS.get(name)
    if home is None:
        raise AttributeError(f"module 'manaweave.players' has no attribute {name!r}")
    found: object = getattr(importlib.import_module(f"manaweave.{home}"), name)
    globals()[name] = found
    return found


@runtime_checkable
class Player(Protocol):
    """The protocol every player implements."""

    async def decide(self, decision: Decision) -> Choice:
        """Answer ``decision`` with a :class:`~manaweave.Choice` of its options."""
        ...


class RandomBot:
    """Chooses uniformly at random among the legal options, from its own seed.

    For a decision that takes several options it first picks how many (uniformly
    between ``min`` and ``max``), then that many options one at a time among those
    still allowed. It never concedes.

    ``preferences`` are what it asks the engine to do for it (:class:`~manaweave.Stops`,
    engine payment). A bot whose mana costs the engine pays chooses among the priority
    actions other than mana abilities: it has no use for floating mana.
    """

    decides_at_once: ClassVar[bool] = True
    """It answers without awaiting anything, so the engine asks it without a cancel
    scope, which costs more than its answer (docs/players.md, "Time limits")."""

    def __init__(self, seed: int = 0, *, preferences: Preferences | None = None) -> None:
        self.seed = seed
        self._rng = random.Random(seed)
        self.preferences = preferences
        self._skips_mana = preferences is not None and preferences.engine_pays

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"

    async def decide(self, decision: Decision) -> Choice:
        """Pick a random legal answer."""
        return self.pick(decision)

    def pick(self, decision: Decision) -> Choice:
        """The synchronous core of :meth:`decide`.

        Where a decision has a rule for whole answers (restrictions and requirements on
        attacking and blocking, 508.1c-d, 509.1b-c), random answers are drawn until one
        obeys it; after :data:`ATTEMPTS` illegal ones, the bot takes the legal answer the
        decision offers."""
        if decision.whole_answer_rule is None:
            return self._random_answer(decision)
        for _attempt in range(self.ATTEMPTS):
            choice = self._random_answer(decision)
            if decision.is_legal(choice.indices):
                return choice
        return decision.legal_choice()

    ATTEMPTS = 24
    """How many random answers the bot tries before taking a known legal one."""

    def _random_answer(self, decision: Decision) -> Choice:
        rng = self._rng
        n = len(decision.options)
        if decision.max == 1 and decision.min == 1:
            if self._skips_mana and decision.kind is DecisionKind.PRIORITY:
                actions = [
                    i
                    for i, option in enumerate(decision.options)
                    if not (isinstance(option, Activate) and option.is_mana_ability)
                ]
                return Choice((actions[rng.randrange(len(actions))],))
            return Choice((rng.randrange(n),))
        count = rng.randint(decision.min, min(decision.max, n))
        order = list(range(n))
        rng.shuffle(order)
        if decision.groups is None:
            chosen = order[:count]
        else:
            chosen = []
            used: set[object] = set()
            for index in order:
                if len(chosen) == count:
                    break
                group = decision.groups[index]
                if group not in used:
                    used.add(group)
                    chosen.append(index)
        if not decision.ordered:
            chosen.sort()
        return Choice(tuple(chosen))


class UnexpectedDecisionError(AssertionError):
    """A scripted player was asked a decision its script did not expect."""


Answer = Choice | Callable[[Decision], Choice | None]
"""A scripted answer: a fixed choice, or a function of the decision (``None``: not mine)."""


class ScriptedPlayer:
    """Answers decisions from a script, in order.

    Each answer is a :class:`~manaweave.Choice` or a function that returns one (or
    ``None`` when the decision is not the one it expects). With ``strict=True`` (the
    default) a decision the script does not answer raises
    :class:`UnexpectedDecisionError`; otherwise the player passes priority and takes
    the fewest options. ``unexpected`` keeps the decisions that were not scripted.
    """

    decides_at_once: ClassVar[bool] = True
    """It answers without awaiting anything, so the engine asks it without a cancel
    scope, which costs more than its answer (docs/players.md, "Time limits")."""

    def __init__(self, script: Iterable[Answer] = (), *, strict: bool = True) -> None:
        self.script: deque[Answer] = deque(script)
        self.strict = strict
        self.unexpected: list[Decision] = []
        self.rejections: list[IllegalChoiceError] = []

    async def decide(self, decision: Decision) -> Choice:
        """Answer from the script."""
        if self.script:
            head = self.script[0]
            answer = head(decision) if callable(head) else head
            if answer is not None:
                self.script.popleft()
                return answer
        if self.strict:
            self.unexpected.append(decision)
            raise UnexpectedDecisionError(describe(decision))
        return default_answer(decision)

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        """Keep the engine's rejections for the test to inspect."""
        self.rejections.append(error)


def default_answer(decision: Decision) -> Choice:
    """Pass priority if possible, otherwise the first ``min`` options."""
    if decision.kind is DecisionKind.PRIORITY:
        for i, option in enumerate(decision.options):
            if isinstance(option, Pass):
                return Choice((i,))
    return Choice(tuple(range(decision.min)))


def describe(decision: Decision) -> str:
    """A readable description of a decision and its options."""
    shown = [f"  {i}: {o}" for i, o in enumerate(decision.options[:40])]
    more = len(decision.options) - len(shown)
    if more > 0:
        shown.append(f"  ... {more} more")
    return (
        f"unexpected {decision.kind.value} decision for player {decision.player}: "
        f"{decision.prompt} (choose {decision.min}..{decision.max})\n" + "\n".join(shown)
    )


class ActorPlayer:
    """A player that lives in its own trio task; decisions travel over memory channels.

    Create one with :func:`open_actor`. Anything the wrapped player raises (a
    ``BaseException`` too) is raised again from :meth:`decide`, so the engine handles it
    as that player's.
    """

    def __init__(
        self,
        requests: trio.MemorySendChannel[Decision],
        answers: trio.MemoryReceiveChannel[Choice | BaseException],
        inner: Player,
    ) -> None:
        self._requests = requests
        self._answers = answers
        self.inner = inner

    async def decide(self, decision: Decision) -> Choice:
        """Send the decision to the actor's task and wait for its answer."""
        await self._requests.send(decision)
        answer = await self._answers.receive()
        if isinstance(answer, BaseException):
            raise answer
        return answer

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        """Pass the engine's rejection on to the wrapped player."""
        handler = getattr(self.inner, "rejected", None)
        if handler is not None:
            handler(decision, error)


async def _serve(
    player: Player,
    requests: trio.MemoryReceiveChannel[Decision],
    answers: trio.MemorySendChannel[Choice | BaseException],
) -> None:
    async with requests, answers:
        async for decision in requests:
            try:
                answer: Choice | BaseException = await player.decide(decision)
            except BaseException as exc:  # handed to the engine, which makes the player concede
                closing = trio.current_effective_deadline() == -math.inf
                if isinstance(exc, trio.Cancelled) and closing:
                    raise  # the actor's own task is being cancelled
                answer = exc
            try:
                await answers.send(answer)
            except (trio.BrokenResourceError, trio.ClosedResourceError):
                return  # the engine stopped waiting (a timeout) and the actor is closing


@asynccontextmanager
async def open_actor(player: Player) -> AsyncIterator[ActorPlayer]:
    """Run ``player`` in its own task for the duration of the ``async with`` block.

    An exception leaving the block (an engine error, or a player's exception in a game
    played with ``debug=True``) leaves it as itself, not wrapped in an exception group.
    """
    request_send, request_receive = trio.open_memory_channel[Decision](0)
    answer_send, answer_receive = trio.open_memory_channel[Choice | BaseException](0)
    try:
        async with trio.open_nursery() as nursery:
            nursery.start_soon(_serve, player, request_receive, answer_send)
            try:
                yield ActorPlayer(request_send, answer_receive, player)
            finally:
                # An answer the engine no longer waits for (after a timeout) is dropped.
                # The channels are closed without awaiting: an await here, in the
                # cancelled scope, would raise Cancelled in place of an exception leaving
                # the block, and the nursery would swallow it.
                nursery.cancel_scope.cancel()
                request_send.close()
                answer_receive.close()
    except ExceptionGroup as group:
        # The serving task never raises (it hands a player's exceptions to the engine),
        # so a group holds the one exception that left the block.
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise

"""The table: the players' actors, and asking them decisions (CR 104.3a, 117).

:class:`Table` is the only part of the engine that talks to players: it builds decisions
with a lazily built view, asks the actor, checks the answer, asks again after an illegal
one up to the variant's limit, enforces the time limit, and makes a player who times out,
raises or keeps answering illegally concede (or, in a game played with ``debug=True``,
lets the exception of a player that raises go on to the caller). It is the only module
that needs trio for player I/O.
"""

from __future__ import annotations

import sys
import time
import traceback
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import trio

from ._decisions import Choice, Decision, DecisionKind, Pass
from ._errors import IllegalChoiceError
from ._outcome import GameOver
from .events import DecisionMade, DecisionRejected, PlayerConceded, PlayerRaised

if TYPE_CHECKING:
    from ._game import Game
    from .players import Player

__all__ = ["Table"]


class Table:
    """The players' actors and the decisions asked of them."""

    __slots__ = ("actors", "debug", "free_choices", "game", "report_errors")

    def __init__(self, game: Game, actors: Sequence[Player], *, debug: bool = False) -> None:
        self.game = game
        self.actors = list(actors)
        self.debug = debug
        """Whether an exception a player raises goes on to whoever plays the game, rather
        than making the player concede: for debugging a bot."""
        self.report_errors = True
        """Whether a player's exception is printed on stderr as well as logged (a replay,
        which raises the recorded ones again, turns it off)."""
        self.free_choices = 0
        """How many decisions other than priority offered a real choice so far: a loop
        that contains one is not a loop of mandatory actions (104.4b)."""

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
        return Decision(
            kind,
            player,
            options,
            prompt,
            min=min,
            max=max,
            groups=groups,
            ordered=ordered,
            _view=lambda: game.view(player),
            rule_override=rule,
            whole_answer_rule=whole_answer_rule,
            _legal_answer=legal_answer,
        )

    async def ask(self, decision: Decision) -> Choice:
        """Ask the deciding player and return their checked answer.

        An illegal answer is rejected (the game does not change) and asked again, up
        to the variant's limit; then, on a timeout, or if the player raises, the
        player concedes (CR 104.3a). A player's exception is logged and printed on
        stderr; with :attr:`debug` it is raised again instead. A player who has left
        answers nothing: the decision gets its default answer.
        """
        game = self.game
        # Time passes while a player decides: the log so far goes to disk first.
        game.log.flush()
        player = decision.player
        state = game.players[player]
        actor = self.actors[player]
        limit = game.variant.decision_time_limit
        for _attempt in range(game.variant.max_decision_attempts):
            if state.has_left:
                return _default_choice(decision)
            started = time.perf_counter()
            try:
                if limit is None:
                    answer = await actor.decide(decision)
                else:
                    with trio.fail_after(limit):
                        answer = await actor.decide(decision)
            except trio.TooSlowError:
                self._concede(player, "timeout", decision)
                return _default_choice(decision)
            except GameOver:
                raise
            except Exception as exc:  # a player's bug must not crash the game
                if self.debug:
                    raise
                self._player_raised(player, decision, exc)
                return _default_choice(decision)
            latency = (time.perf_counter() - started) * 1000.0
            try:
                choice = decision.check(answer)
            except IllegalChoiceError as error:
                game.emit(
                    DecisionRejected(
                        player=player,
                        kind=decision.kind.value,
                        answer=_answer_log(answer),
                        error=str(error),
                        visibility=[player],
                    )
                )
                rejected: Callable[[Decision, IllegalChoiceError], object] | None = getattr(
                    actor, "rejected", None
                )
                if rejected is not None:
                    try:
                        rejected(decision, error)
                    except Exception as exc:  # a player's bug must not crash the game
                        if self.debug:
                            raise
                        self._player_raised(player, decision, exc)
                        return _default_choice(decision)
                continue
            if choice.concede:
                self._concede(player, "conceded", decision)
                return _default_choice(decision)
            if decision.kind is not DecisionKind.PRIORITY and len(decision.options) > 1:
                self.free_choices += 1  # a choice that could break a loop (104.4b, 731.4)
            game.emit(
                DecisionMade(
                    rule=decision.rule,
                    player=player,
                    kind=decision.kind.value,
                    choice=list(choice.indices),
                    options=len(decision.options),
                    chosen=[str(decision.options[i]) for i in choice.indices],
                    latency_ms=round(latency, 3),
                    visibility=[player] if decision.kind.private else None,
                )
            )
            return choice
        self._concede(player, "too many illegal choices", decision)
        return _default_choice(decision)

    def _player_raised(self, player: int, decision: Decision, exc: Exception) -> None:
        """Log and print a player's exception; the player concedes."""
        game = self.game
        formatted = "".join(traceback.format_exception(exc))
        game.emit(
            PlayerRaised(
                player=player,
                kind=decision.kind.value,
                error=repr(exc),
                traceback=formatted,
            )
        )
        # The log keeps it too, but whoever runs the game should not have to dig for a bug.
        name = game.players[player].name
        if self.report_errors:
            print(
                f"manaweave: player {player} ({name}) raised an exception during a "
                f"{decision.kind.value} decision and concedes (debug=True or --debug raises "
                f"it instead):\n{formatted}",
                end="",
                file=sys.stderr,
            )
        self._concede(player, "player raised an exception", decision)

    def _concede(self, player: int, reason: str, decision: Decision) -> None:
        game = self.game
        game.emit(PlayerConceded(rule="104.3a", player=player, reason=reason))
        game.lose(player, reason, rule="104.3a")


def _answer_log(answer: object) -> list[int] | str:
    """How a rejected answer is logged: its indices, or the type of a non-Choice answer."""
    if isinstance(answer, Choice) and isinstance(answer.indices, tuple | list):
        return list(answer.indices)
    return f"<{type(answer).__name__}>"


def _default_choice(decision: Decision) -> Choice:
    """The answer recorded for a player who has left: pass, or the fewest options."""
    for i, option in enumerate(decision.options):
        if isinstance(option, Pass):
            return Choice.of(i)
    if decision.whole_answer_rule is not None:
        return decision.legal_choice()
    return Choice(tuple(range(min(decision.min, len(decision.options)))))

"""The search bot: Monte Carlo search over sampled games at its priority decisions and its
declarations of attackers and blockers.

At a priority decision with more than one thing worth doing, each iteration samples a
game the bot can't tell from the real one (:meth:`Decision.sample_game
<manaweave.Decision.sample_game>`: the other players' hidden hands and every library drawn
again), plays one of its options there, and plays on with the heuristic bot in every seat
for a few turns; the game's end, or a score of the position where the rollout stopped,
is the option's reward. Declarations of attackers and blockers are searched too, among
a few: none, the heuristic bot's with one attack or block taken away or added, every
creature. Each round tries every answer on a game sampled with the same seed, so that
answers are compared on the same hidden cards and the same luck; the heuristic bot's own
answer is played unless another did better on average by a margin. Every other decision
is the heuristic bot's.

Its budget is a number of iterations per decision (``iterations``) and a time per
decision (``seconds``): it stops at whichever comes first.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import ClassVar

from manaweave import (
    Activate,
    Cast,
    Choice,
    Decision,
    DecisionKind,
    GameCopyError,
    IllegalChoiceError,
    Preferences,
    Stops,
    hookimpl,
    play_game,
)
from manaweave.lowlevel import Game
from manaweave.players import Player
from manaweave.plugins.bots.heuristic_bot import HeuristicBot

__all__ = ["MctsBot", "mw_bots", "note_casting", "position_score"]

SEARCH_PREFERENCES = Preferences(
    stops=Stops(
        own_turn=frozenset({"precombat_main", "postcombat_main", "declare_blockers"}),
        other_turns=frozenset({"declare_blockers"}),
    ),
    engine_pays=True,
)
"""The search bot has the engine pay its costs and pass for it except in its main phases,
once blockers are declared (a combat trick) and whenever the stack holds something: its
searched decisions are the ones that matter."""


@dataclass
class _Arm:
    """One answer at the root: how often it was tried and its rewards' sum."""

    answer: tuple[int, ...]
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class _Rollout(HeuristicBot):
    """The heuristic bot, which first answers the searched decision (asked again in the
    sampled game) with a given answer."""

    def __init__(self, first: tuple[int, ...] | None = None, kind: DecisionKind | None = None):
        super().__init__()
        self.first = first
        self.kind = kind
        # Asked only where it matters, with its costs paid: a rollout is many times faster.
        self.preferences = SEARCH_PREFERENCES

    async def decide(self, decision: Decision) -> Choice:
        if self.first is not None and decision.kind is self.kind:
            first, self.first = self.first, None
            if decision.kind is DecisionKind.PRIORITY:
                note_casting(self, decision, first[0])
            return Choice(first)
        return await super().decide(decision)


def note_casting(bot: HeuristicBot, decision: Decision, index: int) -> None:
    """Tell the heuristic bot what is being cast or activated, as its own choice would
    have: it picks the targets by that text (a pump for its own creature, removal for
    an opponent's)."""
    option = decision.options[index]
    if isinstance(option, Cast):
        card = next((c for c in decision.view.hand if c.id == option.card), None)
        bot.casting = card.text if card is not None else ""
    elif isinstance(option, Activate):
        bot.casting = option.text


class MctsBot:
    """Searches its priority decisions and its declarations of attackers and blockers over
    sampled games (see the module); the heuristic bot answers the rest. ``seed`` seeds the
    sampled games."""

    decides_at_once: ClassVar[bool] = False
    """It plays sampled games while it decides."""

    MARGIN = 0.05
    """How much better (rewards lie between -1 and 1) another option must do on average
    to be played instead of the heuristic bot's choice."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 32,
        seconds: float = 2.0,
        depth: int = 2,
        preferences: Preferences = SEARCH_PREFERENCES,
    ) -> None:
        if iterations < 1 or seconds <= 0 or depth < 1:
            raise ValueError("iterations and depth must be at least 1, seconds above 0")
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.depth = depth
        self.preferences = preferences
        self._heuristic = HeuristicBot(seed)
        self._samples = 0
        self.searched = 0
        """How many decisions it searched."""
        self.iterations_run = 0
        """How many iterations it ran in all."""

    def __repr__(self) -> str:
        return f"MctsBot(seed={self.seed}, iterations={self.iterations})"

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        """Pass a refusal on to the heuristic bot that made the answer."""
        self._heuristic.rejected(decision, error)

    async def decide(self, decision: Decision) -> Choice:
        """Search a priority decision with a choice worth making, or a declaration of
        attackers or blockers; else the heuristic bot's answer."""
        if decision.kind not in _SEARCHED or self._heuristic.refused:
            return await self._heuristic.decide(decision)
        default = self._heuristic.answer(decision)
        if default is not None and not decision.is_legal(default.indices):
            default = None
        arms = self._arms(decision, default)
        if len(arms) > 1:
            try:
                answer = await self._search(decision, arms)
            except GameCopyError:
                pass  # a second declaration in a step: the game can't be copied there
            else:
                if decision.kind is DecisionKind.PRIORITY:
                    note_casting(self._heuristic, decision, answer[0])
                return Choice(answer)
        return default if default is not None else decision.legal_choice()

    def _arms(self, decision: Decision, default: Choice | None) -> list[_Arm]:
        """The answers worth searching, the heuristic bot's own first (it stands unless
        another does better by :attr:`MARGIN`)."""
        kind = decision.kind
        answers: list[tuple[int, ...]] = []
        if default is not None:
            answers.append(default.indices)
        if kind is DecisionKind.PRIORITY:
            # Mana abilities only fill the pool (the engine pays for the bot).
            answers += [
                (index,)
                for index, option in enumerate(decision.options)
                if not (isinstance(option, Activate) and option.is_mana_ability)
            ]
        elif kind in (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS):
            answers += _declarations(decision, default)
        unique: list[tuple[int, ...]] = []
        for answer in answers:
            if answer not in unique and decision.is_legal(answer):
                unique.append(answer)
        return [_Arm(answer) for answer in unique[: self.MOST_ANSWERS]]

    MOST_ANSWERS = 8
    """The most answers searched at one decision."""

    async def _search(self, decision: Decision, arms: list[_Arm]) -> tuple[int, ...]:
        """Rounds of rollouts: each round samples one game per answer, with the same
        seed for every answer (so they are compared on the same hidden cards and the
        same luck); the first answer (the heuristic bot's) stands unless another did
        better by more than :attr:`MARGIN` on average."""
        self.searched += 1
        deadline = time.perf_counter() + self.seconds
        rounds = max(1, self.iterations // len(arms))
        for _ in range(rounds):
            self._samples += 1
            seed = self.seed * 1_000_003 + self._samples
            for arm in arms:
                arm.visits += 1
                arm.total += await self._rollout(decision, arm.answer, seed)
                self.iterations_run += 1
            if time.perf_counter() > deadline:
                break
        standing = arms[0]
        best = max(arms, key=lambda a: a.mean)
        played = best if best.mean > standing.mean + self.MARGIN else standing
        return played.answer

    async def _rollout(self, decision: Decision, answer: tuple[int, ...], seed: int) -> float:
        me = decision.player
        players: list[Player] = [
            _Rollout(answer, decision.kind) if seat == me else _Rollout()
            for seat in range(len(decision.view.players))
        ]
        sampled = decision.sample_game(players, seed=seed)
        sampled.max_turns = sampled.turn + self.depth
        outcome = await play_game(sampled)
        if outcome.reason != "turn limit reached":
            if not outcome.winners:
                return 0.0
            return 1.0 if sampled.team_of(me) is sampled.team_of(outcome.winners[0]) else -1.0
        return position_score(sampled, me)


_SEARCHED = frozenset((DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS))


def _declarations(decision: Decision, default: Choice | None) -> list[tuple[int, ...]]:
    """Declarations of attackers or blockers worth trying: none, the heuristic bot's with
    one attack or block taken away or added (one per creature, as ``groups`` allow), and
    every creature at once."""
    groups = decision.groups or list(range(len(decision.options)))
    base = list(default.indices) if default is not None else []
    found: list[tuple[int, ...]] = [()]
    for index in base:
        found.append(tuple(i for i in base if i != index))
    used = {groups[i] for i in base}
    for index in range(len(decision.options)):
        if groups[index] not in used:
            found.append(tuple(sorted((*base, index))))
    first_per_group: dict[object, int] = {}
    for index in range(len(decision.options)):
        first_per_group.setdefault(groups[index], index)
    found.append(tuple(sorted(first_per_group.values())))
    return found


def position_score(game: Game, player: int) -> float:
    """How well ``player`` stands, between -1 and 1: life, creatures' power and toughness
    on the battlefield and cards in hand, theirs against their opponents' (a score for a
    rollout stopped before the game ended)."""
    mine = game.team_of(player)
    score = 0.0
    for state in game.players:
        if state.has_left:
            continue
        sign = 1.0 if game.team_of(state.id) is mine else -1.0
        score += sign * (0.05 * state.life + 0.08 * len(state.hand))
    for permanent in game.battlefield:
        chars = game.characteristics(permanent)
        if "Creature" not in chars.types:
            continue
        sign = 1.0 if game.team_of(permanent.controller) is mine else -1.0
        score += sign * 0.06 * ((chars.power or 0) + 0.5 * (chars.toughness or 0))
    return math.tanh(score)


@hookimpl
def mw_bots() -> dict[str, type[Player]]:
    """The search bot, as ``--bot mcts``."""
    return {"mcts": MctsBot}

"""The search bot: Monte Carlo search over sampled games at its priority decisions.

At a priority decision with more than one thing worth doing, each iteration samples a
game the bot can't tell from the real one (:meth:`Decision.sample_game
<manaweave.Decision.sample_game>`: the other players' hidden hands and every library drawn
again), plays one of its options there, and plays on with the heuristic bot in every seat
for a few turns; the game's end, or a score of the position where the rollout stopped,
is the option's reward. Each round tries every option on a game sampled with the same
seed, so that options are compared on the same hidden cards and the same luck; the
heuristic bot's own choice is played unless another did better on average by a margin.
Every other decision is the heuristic bot's.

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
    IllegalChoiceError,
    Pass,
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
    """One option at the root: how often it was tried and its rewards' sum."""

    index: int
    visits: int = 0
    total: float = 0.0

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class _Rollout(HeuristicBot):
    """The heuristic bot, which first answers the searched decision with a given option."""

    def __init__(self, first: int | None = None) -> None:
        super().__init__()
        self.first = first
        # Asked only where it matters, with its costs paid: a rollout is many times faster.
        self.preferences = SEARCH_PREFERENCES

    async def decide(self, decision: Decision) -> Choice:
        if self.first is not None and decision.kind is DecisionKind.PRIORITY:
            first, self.first = self.first, None
            note_casting(self, decision, first)
            return Choice.of(first)
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
    """Searches its priority decisions over sampled games (see the module); the heuristic
    bot answers the rest. ``seed`` seeds the sampled games."""

    decides_at_once: ClassVar[bool] = False
    """It plays sampled games while it decides."""

    MARGIN = 0.05
    """How much better (rewards lie between -1 and 1) another option must do on average
    to be played instead of the heuristic bot's choice."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 48,
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
        """Search a priority decision with a choice worth making; else the heuristic's."""
        if decision.kind is DecisionKind.PRIORITY:
            arms = self._arms(decision)
            if len(arms) > 1:
                return Choice.of(await self._search(decision, arms))
        return await self._heuristic.decide(decision)

    def _arms(self, decision: Decision) -> list[_Arm]:
        # Mana abilities only fill the pool (the engine pays for the bot): never searched.
        return [
            _Arm(index)
            for index, option in enumerate(decision.options)
            if not (isinstance(option, Activate) and option.is_mana_ability)
        ]

    async def _search(self, decision: Decision, arms: list[_Arm]) -> int:
        """Rounds of rollouts: each round samples one game per option, with the same
        seed for every option (so options are compared on the same hidden cards and the
        same luck); the heuristic bot's own choice stands unless another option did
        better by more than :attr:`MARGIN` on average."""
        self.searched += 1
        deadline = time.perf_counter() + self.seconds
        rounds = max(1, self.iterations // len(arms))
        for _ in range(rounds):
            self._samples += 1
            seed = self.seed * 1_000_003 + self._samples
            for arm in arms:
                arm.visits += 1
                arm.total += await self._rollout(decision, arm.index, seed)
                self.iterations_run += 1
            if time.perf_counter() > deadline:
                break
        default = self._heuristic.answer(decision)
        chosen = default.indices[0] if default is not None and default.indices else None
        standing = next((a for a in arms if a.index == chosen), None)
        if standing is None:
            standing = next(
                (a for a in arms if isinstance(decision.options[a.index], Pass)), arms[0]
            )
        best = max(arms, key=lambda a: a.mean)
        played = best if best.mean > standing.mean + self.MARGIN else standing
        note_casting(self._heuristic, decision, played.index)
        return played.index

    async def _rollout(self, decision: Decision, index: int, seed: int) -> float:
        me = decision.player
        players: list[Player] = [
            _Rollout(index if seat == me else None) for seat in range(len(decision.view.players))
        ]
        sampled = decision.sample_game(players, seed=seed)
        sampled.max_turns = sampled.turn + self.depth
        outcome = await play_game(sampled)
        if outcome.reason != "turn limit reached":
            if not outcome.winners:
                return 0.0
            return 1.0 if sampled.team_of(me) is sampled.team_of(outcome.winners[0]) else -1.0
        return position_score(sampled, me)


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

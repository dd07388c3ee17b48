"""The search bot: information-set Monte Carlo tree search over sampled games at its
priority decisions and its declarations of attackers and blockers.

Each iteration samples a game the bot can't tell from the real one (:meth:`Decision.sample_game
<manaweave.Decision.sample_game>`: the other players' hidden hands and every library drawn
again) and plays it on for a few turns: the game's end, or a score of the position where it
stopped, is the iteration's reward.

At the decision being searched (the root), every answer worth trying is played in each round
of iterations on a game sampled with the same seed, so that answers are compared on the same
hidden cards and the same luck; the heuristic bot's own answer is played unless another did
better on average by a margin. Below the root, the bot's later decisions of the same kinds in
the sampled games form a tree of its information sets: a node is the next such decision after
the same answers of its own (told apart by what they do, "cast Giant Growth", not by their
place in a list), whatever the sampled game hid, so all sampled games share the tree. At a
node the answers open differ from one sampled game to another (a card drawn in one is not in
another): the bot picks among those open by UCB1, counting each answer's tries against the
times it was open. Each iteration adds the first decision it reaches outside the tree as a
new node and plays on from there with the heuristic bot. The other players are the heuristic
bot throughout, as is every other decision.

Declarations of attackers and blockers are searched among a few: none, the heuristic bot's
with one attack or block taken away or added, every creature. At priority, every option but a
mana ability (the engine pays the bot's costs).

Its budget is a number of iterations per decision (``iterations``) and a time per decision
(``seconds``): it stops at whichever comes first.
"""

from __future__ import annotations

import math
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
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

__all__ = ["MctsBot", "candidate_answers", "mw_bots", "note_casting", "position_score"]

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

MOST_ANSWERS = 8
"""The most answers searched at one decision."""

EXPLORATION = 0.7
"""UCB1's exploration constant below the root (rewards lie between -1 and 1)."""


@dataclass
class _Arm:
    """One answer at a decision: how often it was tried and its rewards' sum."""

    answer: tuple[int, ...]
    visits: int = 0
    total: float = 0.0
    available: int = 0
    """Below the root: how many times it could have been tried."""

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


@dataclass
class _Node:
    """A decision of the searching player below the root, reached by the same answers of
    theirs: its answers, by what they do (``str`` of the options picked, the same in every
    sampled game), with how often each was tried and how often it could have been."""

    arms: dict[tuple[str, ...], _Arm] = field(default_factory=dict)

    def select(self, answers: list[tuple[int, ...]], decision: Decision) -> _Arm:
        """Among ``answers`` (this sampled game's, the heuristic bot's first): one not
        tried yet, else the best by UCB1 counted over the times each could be tried (the
        answers open differ from one sampled game to another)."""
        open_arms: list[_Arm] = []
        for answer in answers:
            what = tuple(str(decision.options[index]) for index in answer)
            arm = self.arms.setdefault(what, _Arm(answer))
            arm.answer = answer  # its indices in this sampled game
            arm.available += 1
            if arm not in open_arms:
                open_arms.append(arm)
        for arm in open_arms:
            if not arm.visits:
                return arm
        return max(
            open_arms,
            key=lambda a: a.mean + EXPLORATION * math.sqrt(math.log(a.available) / a.visits),
        )


@dataclass
class _Tree:
    """The nodes below one searched decision, by key (see :class:`_TreeWalker`)."""

    nodes: dict[Hashable, _Node] = field(default_factory=dict)
    deepest: int = 0
    """The most tree decisions one iteration went through below the root."""


class _RolloutBot(HeuristicBot):
    """The heuristic bot as it plays in sampled games: asked only where it matters, with its
    costs paid, which makes a rollout many times faster."""

    def __init__(self) -> None:
        super().__init__()
        self.preferences = SEARCH_PREFERENCES


class _TreeWalker(_RolloutBot):
    """The searching player in a sampled game: it answers the root decision (asked again
    there) with the answer being tried, walks the tree at its later searched decisions, and
    plays the heuristic bot's answers once it has left the tree."""

    def __init__(self, tree: _Tree, kind: DecisionKind, first: tuple[int, ...]) -> None:
        super().__init__()
        self.tree = tree
        self.kind = kind
        self.first: tuple[int, ...] | None = first
        self.key: Hashable = ("root", first)
        self.in_tree = True
        self.path: list[_Arm] = []

    async def decide(self, decision: Decision) -> Choice:
        if self.first is not None and decision.kind is self.kind:
            first, self.first = self.first, None
            if decision.kind is DecisionKind.PRIORITY:
                note_casting(self, decision, first[0])
            return Choice(first)
        if self.in_tree and decision.kind in _SEARCHED and not self.refused:
            answer = self._walk(decision)
            if answer is not None and decision.is_legal(answer):
                if decision.kind is DecisionKind.PRIORITY:
                    note_casting(self, decision, answer[0])
                return Choice(answer)
            return decision.legal_choice()
        return await super().decide(decision)

    def _walk(self, decision: Decision) -> tuple[int, ...] | None:
        """The answer the tree picks, adding this decision as a node when it is new (which
        leaves the tree for the rest of the iteration)."""
        default = self.answer(decision)
        if default is not None and not decision.is_legal(default.indices):
            default = None
        answers = candidate_answers(decision, default)
        if len(answers) < 2:
            return default.indices if default is not None else None
        key = (self.key, decision.kind)
        node = self.tree.nodes.get(key)
        if node is None:
            node = self.tree.nodes[key] = _Node()
            self.in_tree = False
        arm = node.select(answers, decision)
        self.path.append(arm)
        self.key = (key, tuple(str(decision.options[index]) for index in arm.answer))
        return arm.answer

    def back_up(self, reward: float) -> None:
        """Count the iteration's reward in every node and answer it went through."""
        for arm in self.path:
            arm.visits += 1
            arm.total += reward
        self.tree.deepest = max(self.tree.deepest, len(self.path))


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
    """Searches its priority decisions and its declarations of attackers and blockers with
    Monte Carlo tree search over sampled games; the heuristic bot answers the rest.

    The search is information-set Monte Carlo tree search (see the module). ``seed`` seeds
    the sampled games."""

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
        self.tree_nodes = 0
        """How many nodes its trees grew below the roots, in all."""
        self.deepest = 0
        """The most decisions of its own one iteration went through below a root."""

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
        answers = candidate_answers(decision, default)
        if len(answers) > 1:
            try:
                answer = await self._search(decision, [_Arm(answer) for answer in answers])
            except GameCopyError:
                pass  # a second declaration in a step: the game can't be copied there
            else:
                if decision.kind is DecisionKind.PRIORITY:
                    note_casting(self._heuristic, decision, answer[0])
                return Choice(answer)
        return default if default is not None else decision.legal_choice()

    async def _search(self, decision: Decision, arms: list[_Arm]) -> tuple[int, ...]:
        """Rounds of iterations: each round samples one game per answer at the root, with
        the same seed for every answer; the first answer (the heuristic bot's) stands unless
        another did better by more than :attr:`MARGIN` on average."""
        self.searched += 1
        tree = _Tree()
        deadline = time.perf_counter() + self.seconds
        rounds = max(1, self.iterations // len(arms))
        for _ in range(rounds):
            self._samples += 1
            seed = self.seed * 1_000_003 + self._samples
            for arm in arms:
                arm.visits += 1
                arm.total += await self._iterate(decision, tree, arm.answer, seed)
                self.iterations_run += 1
            if time.perf_counter() > deadline:
                break
        self.tree_nodes += len(tree.nodes)
        self.deepest = max(self.deepest, tree.deepest)
        standing = arms[0]
        best = max(arms, key=lambda a: a.mean)
        played = best if best.mean > standing.mean + self.MARGIN else standing
        return played.answer

    async def _iterate(
        self, decision: Decision, tree: _Tree, answer: tuple[int, ...], seed: int
    ) -> float:
        """One iteration: a game sampled with ``seed``, ``answer`` played at the root, the
        tree walked, then heuristic play for :attr:`depth` turns; its reward, backed up
        the tree."""
        me = decision.player
        walker = _TreeWalker(tree, decision.kind, answer)
        players: list[Player] = [
            walker if seat == me else _RolloutBot() for seat in range(len(decision.view.players))
        ]
        sampled = decision.sample_game(players, seed=seed)
        sampled.max_turns = sampled.turn + self.depth
        outcome = await play_game(sampled)
        if outcome.reason != "turn limit reached":
            if not outcome.winners:
                reward = 0.0
            else:
                won = sampled.team_of(me) is sampled.team_of(outcome.winners[0])
                reward = 1.0 if won else -1.0
        else:
            reward = position_score(sampled, me)
        walker.back_up(reward)
        return reward


_SEARCHED = frozenset((DecisionKind.PRIORITY, DecisionKind.ATTACKERS, DecisionKind.BLOCKERS))


def candidate_answers(decision: Decision, default: Choice | None) -> list[tuple[int, ...]]:
    """The answers worth searching at a priority decision or a declaration, the heuristic
    bot's own (``default``) first, at most :data:`MOST_ANSWERS`."""
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
    return unique[:MOST_ANSWERS]


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
    """How well ``player`` stands in ``game``, between -1 and 1 (the rewards of a loss and
    a win): the score of a playout stopped by its turn limit (``game.max_turns``) before
    the game ended. It weighs life (0.05 a point), cards in hand (0.08 a card) and creatures
    on the battlefield (0.06 a point of power and 0.03 a point of toughness), theirs and
    their teammates' against their opponents', and squashes the sum with ``tanh``.
    Players who left the game count for nothing. Any game can be scored: a copy, a
    sampled game, or the real one."""
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

"""Games as reinforcement-learning environments: a PettingZoo AEC environment and a
single-agent Gymnasium environment against chosen bots (the ``manaweave[rl]`` extra).

Both step the same games :func:`manaweave.play` plays, with the same rules code: the game
runs in a thread of its own and, where a seat played by the environment has a decision
to make, waits for the agent's actions. Only one of the two threads ever runs, so the
game is never looked at while it changes. Observations and action masks are
:mod:`manaweave.encoding`'s: a numpy vector of
:data:`~manaweave.encoding.OBSERVATION_SIZE` ``float32`` numbers (a new array at each
call, the caller's to keep; encoded by an
:class:`~manaweave.encoding.ObservationEncoder`, which reuses what did not change since
the last step and gives the numbers of
:func:`~manaweave.encoding.encode_observation`), a mask of
:data:`~manaweave.encoding.ACTIONS` ``int8`` flags in ``infos[agent]["action_mask"]``
(and from :meth:`MagicEnv.action_mask`).

An agent answers a decision that takes one option with one action; one that takes
several (attackers, blockers, an ordering) with one action per option, then
:data:`~manaweave.encoding.FINISH` (see :mod:`manaweave.encoding`). An action the mask
does not allow concedes the game for that agent (104.3a: reward -1), as PettingZoo's own
board games end a game on an illegal move; with ``illegal_action="raise"`` it raises
:class:`~manaweave.IllegalActionError` and changes nothing, which catches a learner whose
masking is wrong.

Rewards come at the end of the game: 1 to each winner, -1 to each loser, 0 to everyone
in a draw. A game stopped by ``max_turns`` is truncated (reward 0). A player who loses
while the others play on (a multiplayer game) is terminated then. So is a game whose
agent takes ``max_decision_steps`` actions in one decision without answering it
(picking and emptying a selection over and over): it is truncated like one stopped by
``max_turns``, with ``infos[agent]["truncated_by"] == "max_decision_steps"``.

>>> env = MagicEnv(decks=["m10:red-green", "m10:green-white"])
>>> env.reset(seed=1)
>>> env.agent_selection
'player_0'
>>> env.close()
"""

from __future__ import annotations

import copy
import functools
import hashlib
import inspect
import queue
import threading
from array import array
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import gymnasium
import numpy as np
import numpy.typing as npt
import trio
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from manaweave._engine._decisions import Choice, Decision
from manaweave._engine._errors import GameCopyError, IllegalActionError, with_article
from manaweave._engine._game import Game, Outcome
from manaweave._engine._play import DeckSpec, new_game, play_game
from manaweave._engine._plugins import PluginHost, default_plugins
from manaweave._engine._preferences import Preferences, Stops
from manaweave._engine._table import HarnessStop
from manaweave.encoding import (
    ACTIONS,
    FINISH,
    OBSERVATION_SIZE,
    START_OVER,
    ObservationEncoder,
    action_mask,
    answer_of,
    is_complete,
)
from manaweave.players import Player
from manaweave.simulation._schedule import bot_seeds

__all__ = [
    "DEFAULT_PREFERENCES",
    "GYMNASIUM_ID",
    "MagicEnv",
    "SingleAgentEnv",
    "env",
    "episode_seed",
]

DEFAULT_PREFERENCES = Preferences(stops=Stops(), engine_pays=True)
"""What the environment asks the engine to do for its agents unless told otherwise: pay
mana costs (so casting a spell is one action), and pass priority for them except in their
own main phases and while something is on the stack."""

GYMNASIUM_ID = "manaweave/SingleAgent-v0"
"""The id :class:`SingleAgentEnv` is registered under with Gymnasium (as this module is
imported): ``gymnasium.make(GYMNASIUM_ID, opponents="heuristic")`` makes one, with its
keyword arguments."""

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


class _Abandoned(HarnessStop):
    """Unwinds a game the environment is done with (a reset or close mid-game)."""


@dataclass
class _Request:
    """What the game thread hands over: a decision for one of the agents' seats, or the
    end of the game (its outcome, or the exception the game raised)."""

    decision: Decision | None = None
    outcome: Outcome | None = None
    error: BaseException | None = None


@dataclass
class _GameRun:
    """One game running in its own thread, stopping at the agents' decisions."""

    game: Game | None = None
    requests: queue.SimpleQueue[_Request] = field(default_factory=queue.SimpleQueue)
    answers: queue.SimpleQueue[Choice | None] = field(default_factory=queue.SimpleQueue)
    thread: threading.Thread | None = None

    def start(self) -> _Request:
        self.thread = threading.Thread(target=self._run, name="manaweave game", daemon=True)
        self.thread.start()
        return self.requests.get()

    def answer(self, choice: Choice) -> _Request:
        self.answers.put(choice)
        return self.requests.get()

    def abandon(self) -> None:
        thread = self.thread
        if thread is not None and thread.is_alive():
            self.answers.put(None)
            thread.join()

    def _run(self) -> None:
        assert self.game is not None
        try:
            outcome = trio.run(functools.partial(play_game, self.game))
        except _Abandoned:
            return
        except BaseException as error:  # handed to the environment's thread to raise
            self.requests.put(_Request(error=error))
            return
        self.requests.put(_Request(outcome=outcome))


class _AgentSeat:
    """The actor in an agent's seat: hands each decision over and waits for the answer."""

    def __init__(self, run: _GameRun, preferences: Preferences) -> None:
        self._run = run
        self.preferences = preferences

    async def decide(self, decision: Decision) -> Choice:
        """Hand ``decision`` to the environment and wait for the agent's answer."""
        self._run.requests.put(_Request(decision=decision))
        choice = self._run.answers.get()
        if choice is None:
            raise _Abandoned
        return choice


class MagicEnv(AECEnv):  # type: ignore[misc]  # PettingZoo ships no type information
    """A PettingZoo AEC environment of one game of Magic per episode.

    ``decks`` gives each seat's deck (any :data:`~manaweave.DeckSpec`); seats in
    ``bots`` are played by those players and are not agents, every other seat is the
    agent ``player_N``. ``variant``, ``options`` and ``max_turns`` are those of
    :func:`manaweave.new_game`; players are seated in the given order. ``preferences``
    are what the agents ask of the engine (:data:`DEFAULT_PREFERENCES`).

    An action the mask does not allow concedes the game for the agent taking it (104.3a:
    reward -1; the others play on in a multiplayer game), with ``infos[agent]
    ["illegal_action"]`` set to the action: learners that can't mask their actions, and
    PettingZoo's and Gymnasium's checkers with their unmasked random actions, play on.
    With ``illegal_action="raise"`` it raises :class:`~manaweave.IllegalActionError` and
    changes nothing instead (to catch a masked learner's mistakes).

    ``max_decision_steps`` bounds the actions one decision may take (``None``: no bound):
    the action that reaches it without answering the decision truncates the episode, as
    ``max_turns`` does (the game is abandoned, every agent's episode truncated with reward
    0, and ``infos[agent]["truncated_by"]`` is ``"max_decision_steps"``). The mask offers
    :data:`~manaweave.encoding.START_OVER` only at a dead end, so a policy reaches the
    bound only by running into dead ends over and over; a bound under
    :data:`~manaweave.encoding.MAX_OPTIONS` + 1 also cuts off long selections.

    ``reset(seed=S)`` starts the game of seed ``S``: the same seed, decks, bots and
    actions give the same game. Each reset without a seed plays the next episode of the
    last seed given: episode ``k`` of seed ``S`` plays the game of seed
    :func:`episode_seed(S, k) <episode_seed>`, a hash of both, so environments seeded
    0, 1, 2, ... (as vector environments seed theirs) never replay each other's games.
    An environment never given a seed draws one from the operating system's entropy at
    its first reset, as Gymnasium's environments do. The seed of the game under way is
    :attr:`game_seed`, ``infos[agent]["seed"]``, and the ``seed`` of the game's
    ``game_started`` event in its log.

    ``render_mode="ansi"`` makes :meth:`render` return the pending decision as text;
    ``"human"`` prints it at every reset and step (and at each :meth:`render`).
    :meth:`clone` copies the environment, game and all, for search.
    """

    metadata: dict[str, Any] = {  # noqa: RUF012  # PettingZoo reads it from the class
        "name": "manaweave_v0",
        "render_modes": ["human", "ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        decks: Sequence[DeckSpec],
        *,
        bots: Mapping[int, Player] | None = None,
        variant: str | None = None,
        options: Mapping[str, object] | None = None,
        max_turns: int | None = 200,
        max_decision_steps: int | None = 256,
        preferences: Preferences = DEFAULT_PREFERENCES,
        illegal_action: Literal["raise", "concede"] = "concede",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if max_decision_steps is not None and (
            isinstance(max_decision_steps, bool)
            or not isinstance(max_decision_steps, int)
            or max_decision_steps < 1
        ):
            raise ValueError(
                f"max_decision_steps: None or a positive int, not {max_decision_steps!r}"
            )
        self._max_decision_steps = max_decision_steps
        if illegal_action not in ("raise", "concede"):
            raise ValueError(f"illegal_action: 'raise' or 'concede', not {illegal_action!r}")
        self._illegal_action = illegal_action
        if len(decks) < 2:
            raise ValueError(f"a game needs at least two decks, got {len(decks)}")
        self._bots = dict(bots or {})
        for seat in self._bots:
            if not 0 <= seat < len(decks):
                raise ValueError(f"bots: seat {seat} is not a seat of {len(decks)} players")
        if len(self._bots) == len(decks):
            raise ValueError("every seat is played by a bot: the environment has no agent")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode: 'human', 'ansi' or None, not {render_mode!r}")
        self._decks = list(decks)
        self._variant = variant
        self._options = dict(options or {})
        self._max_turns = max_turns
        self._preferences = preferences
        self.render_mode = render_mode
        self.possible_agents = [
            f"player_{seat}" for seat in range(len(decks)) if seat not in self._bots
        ]
        self._seat_of = {
            agent: int(agent.removeprefix("player_")) for agent in self.possible_agents
        }
        box = gymnasium.spaces.Box(
            low=-(2.0**24), high=2.0**24, shape=(OBSERVATION_SIZE,), dtype=np.float32
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, box)
        self._encoder = ObservationEncoder()
        self.action_spaces = {
            agent: gymnasium.spaces.Discrete(ACTIONS) for agent in self.possible_agents
        }
        self._host = default_plugins()  # built once: every episode plays with the same plugins
        self._root_seed: int | None = None
        self._episode = 0
        self._game_seed: int | None = None
        self._before_game: Callable[[MagicEnv, int], None] | None = None
        """Called with the environment and each game's seed before the game starts (to
        make the bots of the episode); shared by the environment's clones."""
        self._run: _GameRun | None = None
        self._decision: Decision | None = None
        self._selected: list[int] = []
        self._decision_steps = 0
        self.game: Game | None = None
        """The game of the current episode (for looking at; the agents play it)."""
        self.outcome: Outcome | None = None
        """How the current episode's game ended, once it has."""
        self.agents: list[str] = []
        self.rewards: dict[str, float] = {}
        self._cumulative_rewards: dict[str, float] = {}
        self.terminations: dict[str, bool] = {}
        self.truncations: dict[str, bool] = {}
        self.infos: dict[str, dict[str, Any]] = {}

    def observation_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The observation space of ``agent`` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(ACTIONS)``."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game (ending any game under way): of seed ``seed``, or, without
        one, the next episode of the last seed given (see :class:`MagicEnv`)."""
        self._stop()
        if seed is not None:
            if isinstance(seed, bool) or not isinstance(seed, int | np.integer):
                raise ValueError(f"seed: an int or None, not {seed!r}")
            self._root_seed, self._episode = int(seed), 0
        elif self._root_seed is None:
            self._root_seed, self._episode = _entropy_seed(), 0
        else:
            self._episode += 1
        seed = episode_seed(self._root_seed, self._episode)
        self._game_seed = seed
        if self._before_game is not None:
            self._before_game(self, seed)
        run = _GameRun()
        game = new_game(
            decks=self._decks,
            players=self._actors(run),
            seed=seed,
            variant=self._variant,
            options=self._options,
            max_turns=self._max_turns,
            decision_time_limit=None,
            seating="given",
            plugins=self._host,
        )
        run.game = game
        self._run = run
        self.game = game
        self.outcome = None
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {agent: self._info() for agent in self.agents}
        self._take(run.start())
        if self.render_mode == "human":
            self.render()

    def step(self, action: int | None) -> None:
        """Take ``action`` for the agent to act (``None`` for an agent whose episode has
        ended, as PettingZoo asks). An action the mask does not allow concedes the game,
        or with ``illegal_action="raise"`` raises :class:`~manaweave.IllegalActionError`."""
        self._step(action)
        if self.render_mode == "human":
            self.render()

    def _step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        decision = self._decision
        if decision is None or self._run is None:
            raise IllegalActionError("no decision is pending: reset the environment")
        index = _action_index(action)
        mask = action_mask(decision, self._selected)
        if not (0 <= index < ACTIONS and mask[index]):
            if self._illegal_action == "concede":
                # The agent concedes the game (104.3a); the others play on, if any.
                self._cumulative_rewards[agent] = 0.0
                self._clear_rewards()
                self._take(self._run.answer(Choice.concession()))
                self.infos[agent] = {**self.infos[agent], "illegal_action": index}
                return
            raise IllegalActionError(
                f"action {index} is not legal now for {agent} ({decision.kind.value}: "
                f"legal actions {[i for i, ok in enumerate(mask) if ok]})"
            )
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._decision_steps += 1
        if index == FINISH:
            answer = answer_of(decision, self._selected)
        elif index == START_OVER or not is_complete(decision, [*self._selected, index]):
            # The decision is not answered yet: one step further in building the answer.
            if index == START_OVER:
                self._selected = []
            else:
                self._selected.append(index)
            if (
                self._max_decision_steps is not None
                and self._decision_steps >= self._max_decision_steps
            ):
                self._truncate_stuck_decision()
                return
            self._offer()
            return
        else:
            answer = (*self._selected, index)
        self._take(self._run.answer(Choice(answer)))

    def observe(self, agent: str) -> Observation:
        """The observation of ``agent``: of the decision it has to make now, or, for an
        agent not deciding (or once the game is over), of its view of the game with the
        decision part empty. A new ``float32`` array each call."""
        decision = self._decision
        if decision is not None and self._seat_of[agent] == decision.player:
            encoded = self._encoder.encode(decision, self._selected)
        else:
            encoded = self._idle_observation(agent)
        return np.frombuffer(encoded, dtype=np.float32)

    def action_mask(self, agent: str | None = None) -> Mask:
        """The legal actions of ``agent`` (by default the one to act) as ``int8`` flags."""
        agent = agent or self.agent_selection
        decision = self._decision
        if decision is None or self._seat_of[agent] != decision.player:
            return np.zeros(ACTIONS, dtype=np.int8)
        return np.asarray(action_mask(decision, self._selected), dtype=np.int8)

    @property
    def game_seed(self) -> int | None:
        """The seed of the current episode's game (``None`` before the first reset)."""
        return self._game_seed

    @property
    def next_seed(self) -> int:
        """The seed of the game a ``reset()`` without one plays next (drawn from entropy
        now for an environment never given a seed)."""
        if self._root_seed is None:
            self._root_seed, self._episode = _entropy_seed(), -1
        return episode_seed(self._root_seed, self._episode + 1)

    @property
    def decision(self) -> Decision | None:
        """The decision the agent to act is answering (``None`` once the game is over)."""
        return self._decision

    @property
    def selected(self) -> tuple[int, ...]:
        """The options picked so far for the pending decision."""
        return tuple(self._selected)

    def clone(self) -> MagicEnv:
        """An independent copy of the environment, for search: its game is a copy of this
        one's (:meth:`Game.copy <manaweave.lowlevel.Game.copy>`), played on in a thread
        of its own from the same decision with the same options picked so far, by the
        same agents and by copies of the bots (``copy.deepcopy``, so a seeded bot plays
        on as it would have). The same actions then give both environments the same
        observations and rewards, and nothing done to one changes the other. Later
        resets of the clone play the episodes the original's would.

        A game can be copied only while a player decides at priority (117.3) or first
        declares attackers or blockers in a step (508.1, 509.1), so an environment can be
        cloned only while its agent to act makes such a decision (with
        :data:`DEFAULT_PREFERENCES`, most of an agent's decisions); at any other (a
        mulligan, a target, a cost), or with no game under way, it raises
        :class:`~manaweave.GameCopyError` saying so, and so it does for a bot that
        ``copy.deepcopy`` can't copy. ``copy.deepcopy`` of the environment is its clone."""
        game, decision, run = self.game, self._decision, self._run
        if game is None or decision is None or run is None:
            raise GameCopyError(
                "an environment can be cloned only while a game is under way: reset it"
            )
        if game.resume_point is None:
            raise GameCopyError(
                "an environment can be cloned only while its agent decides at priority "
                "(117.3) or first declares attackers or blockers in a step (508.1, 509.1), "
                f"not at {with_article(decision.kind.value)} decision: step on to one"
            )
        bots: dict[int, Player] = {}
        for seat, bot in self._bots.items():
            try:
                bots[seat] = copy.deepcopy(bot)
            except Exception as error:
                raise GameCopyError(
                    f"an environment whose bot in seat {seat} ({bot!r}) can't be copied "
                    f"can't be cloned: {error}"
                ) from error
        twin = copy.copy(self)
        twin._bots = bots
        twin._run = clone_run = _GameRun()
        try:
            twin.game = game.copy(twin._actors(clone_run))
        except GameCopyError as error:
            raise GameCopyError(f"this environment can't be cloned now: {error}") from error
        clone_run.game = twin.game
        request = clone_run.start()
        if request.decision is None or request.decision.player != decision.player:
            clone_run.abandon()
            raise RuntimeError(f"a copied game did not ask again {decision.kind.value}")
        twin._decision = request.decision
        twin._selected = list(self._selected)
        twin.agents = list(self.agents)
        twin.rewards = dict(self.rewards)
        twin._cumulative_rewards = dict(self._cumulative_rewards)
        twin.terminations = dict(self.terminations)
        twin.truncations = dict(self.truncations)
        twin.infos = copy.deepcopy(self.infos)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> MagicEnv:
        """``copy.deepcopy`` makes a :meth:`clone`."""
        return self.clone()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the pending decision and its options as text;
        with ``"human"``, the same printed (and ``None`` returned)."""
        if self.render_mode is None:
            return None
        text = self._rendered()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def _rendered(self) -> str:
        decision = self._decision
        if decision is None:
            return "no game under way" if self.outcome is None else f"game over: {self.outcome}"
        lines = [f"P{decision.player} {decision.kind.value}: {decision.prompt}"]
        for index, option in enumerate(decision.options[:ACTIONS]):
            mark = "*" if index in self._selected else " "
            lines.append(f"{mark}{index:3d} {option}")
        return "\n".join(lines)

    def close(self) -> None:
        """End any game under way and its thread."""
        self._stop()

    def _stop(self) -> None:
        if self._run is not None:
            self._run.abandon()
            self._run = None
        self._decision = None

    def _idle_observation(self, agent: str) -> array[float]:
        if self.game is None:
            return array("f", bytes(4 * OBSERVATION_SIZE))
        # The agent's own view (at the end, of the final position), with the decision
        # part empty: it has nothing to decide.
        return self._encoder.encode_view(self.game.view(self._seat_of[agent]))

    def _info(self, **entries: Any) -> dict[str, Any]:
        """An agent's info: the game's seed, and ``entries``."""
        return {"seed": self._game_seed, **entries}

    def _offer(self) -> None:
        agent = self.agent_selection
        self.infos[agent] = self._info(action_mask=self.action_mask(agent))

    def _actors(self, run: _GameRun) -> list[Player]:
        """The players of a game run by ``run``: the bots, and the agents' seats."""
        actors: list[Player] = []
        for seat in range(len(self._decks)):
            bot = self._bots.get(seat)
            actors.append(bot if bot is not None else _AgentSeat(run, self._preferences))
        return actors

    def _take(self, request: _Request) -> None:
        """Go on from what the game thread handed over."""
        self._selected = []
        self._decision_steps = 0
        if request.error is not None:
            self._run = None
            self._decision = None
            raise request.error
        if request.decision is not None:
            self._decision = request.decision
            self._terminate_departed()
            self.agent_selection = f"player_{request.decision.player}"
            for agent in self.agents:
                self.infos[agent] = self._info()
            self._offer()
            self.agent_selection = self._deads_step_first()
            return
        assert request.outcome is not None
        self._decision = None
        self._run = None
        self.outcome = request.outcome
        truncated = request.outcome.reason == "turn limit reached"
        for agent in self.agents:
            seat = self._seat_of[agent]
            if truncated:
                self.truncations[agent] = True
            else:
                self.terminations[agent] = True
                self.rewards[agent] = _reward(request.outcome, seat)
            self.infos[agent] = self._info()
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _truncate_stuck_decision(self) -> None:
        """End the episode of a decision that took ``max_decision_steps`` actions without
        being answered: the game is abandoned and every agent's episode truncated."""
        self._stop()
        self.outcome = None
        for agent in self.agents:
            self.truncations[agent] = True
            self.infos[agent] = self._info(truncated_by="max_decision_steps")
        self._accumulate_rewards()
        self.agent_selection = self.agents[0]

    def _terminate_departed(self) -> None:
        """Agents whose players left the game while it goes on (a multiplayer loss) end
        their episodes now, with reward -1, once no teammate of theirs is still in the
        game: their team has lost (104.3g). A player whose teammates play on still wins
        if their team does (104.2c), so their episode ends with the game's."""
        game = self.game
        assert game is not None
        for agent in self.agents:
            seat = self._seat_of[agent]
            if (
                not self.terminations[agent]
                and game.players[seat].has_left
                and not game.teammates(seat)
            ):
                self.terminations[agent] = True
                self.rewards[agent] = -1.0
        self._accumulate_rewards()


class SingleAgentEnv(gymnasium.Env[Observation, int]):
    """A Gymnasium environment: one seat played by the agent, every other by a bot.

    ``seat`` is the agent's seat. ``opponents`` plays the other seats: the name of a bot,
    as ``manaweave bots`` lists them (``"random"``, the default, ``"heuristic"``,
    ``"mcts"``, or one a plugin registers), for each of them, or one player or bot name
    per other seat, in seat order. A bot named is made anew for each episode, seeded from
    the game's seed (so that a seeded ``reset`` gives the same game), and plays with
    ``opponent_preferences``: by default the agent's ``preferences``, so that both sides
    are asked the same questions and have their costs paid alike; ``"own"`` leaves each
    bot its own. A player given as an object plays every episode as it is.

    The other arguments are :class:`MagicEnv`'s, and it is seeded as :class:`MagicEnv`
    is (a reset without a seed plays the next episode of the last seed given, or of one
    drawn from entropy); ``info["seed"]`` is the seed of the game under way. ``step``
    returns the observation of the agent's next decision; the reward is 1 for a win, -1
    for a loss, 0 for a draw, at the end. An action the mask does not allow concedes the
    game (reward -1, ``info["illegal_action"]``), or raises with
    ``illegal_action="raise"``.

    ``info["action_mask"]`` and :meth:`action_masks` give the legal actions. Where the
    agent has no decision to make (once the episode has ended, or before the first
    reset) they allow :data:`~manaweave.encoding.FINISH` alone, so that every observation
    has a legal action for a masked sampler: a vector environment hands out a finished
    episode's final observation (Gymnasium's default autoreset mode, ``NEXT_STEP``)
    and discards the action taken on it, resetting the environment instead. A ``step``
    on a finished episode raises :class:`~manaweave.IllegalActionError`.

    :meth:`clone` copies the environment for search (:meth:`MagicEnv.clone`).
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "render_fps": 4}  # noqa: RUF012
    """Read from the class: :class:`MagicEnv`'s text, a frame a decision (``render_fps``
    is the rate to play recorded frames back at, as Gymnasium's text games declare it;
    rendering never waits)."""

    def __init__(
        self,
        decks: Sequence[DeckSpec] = ("m10:red-green", "m10:green-white"),
        *,
        seat: int = 0,
        opponents: str | Sequence[Player | str] | None = None,
        opponent_preferences: Preferences | Literal["own"] | None = None,
        variant: str | None = None,
        options: Mapping[str, object] | None = None,
        max_turns: int | None = 200,
        max_decision_steps: int | None = 256,
        preferences: Preferences = DEFAULT_PREFERENCES,
        illegal_action: Literal["raise", "concede"] = "concede",
        render_mode: str | None = None,
    ) -> None:
        if not 0 <= seat < len(decks):
            raise ValueError(f"seat {seat} is not a seat of {len(decks)} players")
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode: 'human', 'ansi' or None, not {render_mode!r}")
        others = [other for other in range(len(decks)) if other != seat]
        if opponents is None:
            opponents = "random"
        chosen = [opponents] * len(others) if isinstance(opponents, str) else list(opponents)
        if len(chosen) != len(others):
            raise ValueError(
                f"opponents: {len(others)} players or bot names for the other seats, "
                f"got {len(chosen)}"
            )
        if opponent_preferences is None:
            opponent_preferences = preferences
        elif opponent_preferences != "own" and not isinstance(opponent_preferences, Preferences):
            raise ValueError(
                "opponent_preferences: a manaweave.Preferences, 'own' or None, "
                f"not {opponent_preferences!r}"
            )
        opponent_bots = _OpponentBots(
            {
                other: name
                for other, name in zip(others, chosen, strict=True)
                if isinstance(name, str)
            },
            None if opponent_preferences == "own" else opponent_preferences,
        )
        bots: dict[int, Player] = {}
        for other, opponent in zip(others, chosen, strict=True):
            if isinstance(opponent, str):
                opponent = opponent_bots.make(default_plugins(), opponent, seed=0)
            bots[other] = opponent
        self.magic = MagicEnv(
            decks,
            bots=bots,
            variant=variant,
            options=options,
            max_turns=max_turns,
            max_decision_steps=max_decision_steps,
            preferences=preferences,
            illegal_action=illegal_action,
            render_mode=render_mode,
        )
        """The two-or-more-player environment underneath, with one agent."""
        if opponent_bots.names:
            self.magic._before_game = opponent_bots
        self._agent = f"player_{seat}"
        self.observation_space = self.magic.observation_space(self._agent)
        self.action_space = self.magic.action_space(self._agent)
        self.render_mode = render_mode

    @property
    def opponents(self) -> list[Player]:
        """The players of the other seats in the current episode, in seat order."""
        return [bot for _, bot in sorted(self.magic._bots.items())]

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Start a new game; returns the first observation and its info."""
        super().reset(seed=seed)
        self.magic.reset(seed=seed)
        return self._observed()

    def step(self, action: int) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take ``action``; returns the observation, the reward, whether the game ended
        (terminated) or was stopped by ``max_turns`` (truncated), and the info."""
        if self.magic.decision is None:
            raise IllegalActionError("the game is over: reset the environment")
        self.magic.step(action)
        observation, info = self._observed()
        agent = self._agent
        reward = float(self.magic._cumulative_rewards.get(agent, 0.0))
        terminated = bool(self.magic.terminations.get(agent, False))
        truncated = bool(self.magic.truncations.get(agent, False))
        return observation, reward, terminated, truncated, info

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal actions now, as booleans (the name maskable-action learners call);
        :data:`~manaweave.encoding.FINISH` alone where the agent has nothing to decide."""
        return self._mask().astype(bool)

    def clone(self) -> SingleAgentEnv:
        """An independent copy of the environment at the same decision, for search:
        :meth:`MagicEnv.clone` (where it can't be made, the same
        :class:`~manaweave.GameCopyError`)."""
        twin = copy.copy(self)
        twin.magic = self.magic.clone()
        twin._np_random = copy.deepcopy(self._np_random)
        return twin

    def __deepcopy__(self, memo: dict[int, Any]) -> SingleAgentEnv:
        """``copy.deepcopy`` makes a :meth:`clone`."""
        return self.clone()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the pending decision and its options as text;
        with ``"human"``, the same printed (as it is at every reset and step)."""
        rendered: str | None = self.magic.render()
        return rendered

    def close(self) -> None:
        """End any game under way."""
        self.magic.close()

    def _mask(self) -> Mask:
        if self.magic.decision is None:
            return _NOTHING_TO_DECIDE.copy()
        return self.magic.action_mask(self._agent)

    def _observed(self) -> tuple[Observation, dict[str, Any]]:
        agent = self._agent
        observation = self.magic.observe(agent)
        info = {**self.magic.infos.get(agent, {}), "action_mask": self._mask()}
        return observation, info


_NOTHING_TO_DECIDE: Mask = np.zeros(ACTIONS, dtype=np.int8)
_NOTHING_TO_DECIDE[FINISH] = 1
"""The mask of an observation with no decision in it: a masked sampler needs a legal
action even there (see :class:`SingleAgentEnv`)."""


@dataclass(frozen=True)
class _OpponentBots:
    """The bots :class:`SingleAgentEnv` makes anew for each episode, by seat: their names,
    and the preferences they play with (``None``: their own). Clones share it."""

    names: Mapping[int, str]
    preferences: Preferences | None

    def __call__(self, env: MagicEnv, seed: int) -> None:
        """Make the bots of the episode of ``seed`` in ``env``."""
        seeds = bot_seeds(seed, len(env._decks))
        for seat, name in self.names.items():
            env._bots[seat] = self.make(env._host, name, seed=seeds[seat])

    def make(self, host: PluginHost, name: str, *, seed: int) -> Player:
        """The bot ``name`` with ``seed``, playing with the chosen preferences; raises
        ``ValueError`` listing the known bots for a name that is none."""
        preferences = self.preferences
        if preferences is not None and "preferences" in _parameters(host.bots.get(name)):
            made: Player = host.bots[name](seed=seed, preferences=preferences)  # type: ignore[call-arg]
            return made
        bot = host.bot(name, seed=seed)
        if preferences is not None:
            bot.preferences = preferences  # type: ignore[attr-defined]  # the engine reads it
        return bot


def _parameters(factory: object) -> Mapping[str, inspect.Parameter]:
    """The parameters a bot's factory takes (none known for one without a signature)."""
    try:
        return inspect.signature(factory).parameters  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return {}


def episode_seed(seed: int, episode: int) -> int:
    """The seed of the game an environment reset with ``seed`` plays in its ``episode``-th
    episode (0 the first): ``seed`` itself first, so that ``reset(seed=S)`` plays the game
    of seed ``S``, then a hash of both, below 2**53 (exact as a JSON number anywhere).
    Unlike ``seed + episode``, environments reset with seeds 0, 1, 2, ... then play
    different games (two hashes agree with a chance of one in 2**53)."""
    if episode == 0:
        return seed
    digest = hashlib.blake2b(f"{seed}/{episode}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 11


def _entropy_seed() -> int:
    """A seed from the operating system's entropy, as Gymnasium draws one (below 2**53)."""
    generator, _ = seeding.np_random(None)
    return int(generator.integers(2**53))


def _reward(outcome: Outcome, seat: int) -> float:
    if outcome.is_draw:
        return 0.0
    return 1.0 if seat in outcome.winners else -1.0


def _action_index(action: object) -> int:
    """The action as a plain int (any int: one out of range is illegal, not malformed)."""
    if isinstance(action, np.integer):
        action = int(action)
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalActionError(f"an action is an int from 0 to {ACTIONS - 1}, not {action!r}")
    return action


def env(decks: Sequence[DeckSpec] = ("m10:red-green", "m10:green-white"), **kwargs: Any) -> Any:
    """A :class:`MagicEnv` wrapped in PettingZoo's order-enforcing checks (the usual
    ``env()`` of a PettingZoo module); ``kwargs`` are :class:`MagicEnv`'s."""
    return wrappers.OrderEnforcingWrapper(MagicEnv(decks, **kwargs))


if GYMNASIUM_ID not in gymnasium.registry:  # imported again (a reload): registered already
    gymnasium.register(id=GYMNASIUM_ID, entry_point="manaweave.rl:SingleAgentEnv")

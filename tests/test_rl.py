"""Games as reinforcement-learning environments (``manaweave.rl``, the ``rl`` extra):
PettingZoo's own API and seed tests, Gymnasium's environment checker, and that the games
the environments step are the engine's games: logged, replayed identically, answered
only by legal actions, ended with the rules' outcome (104.2a, 104.3a)."""

from __future__ import annotations

import copy
import functools
import threading
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AsyncVectorEnv, AutoresetMode, SyncVectorEnv
from pettingzoo.test import api_test, render_test, seed_test

from manaweave import Decision, DecisionKind, GameCopyError, IllegalActionError, replay
from manaweave.encoding import ACTIONS, FINISH, OBSERVATION_SIZE, START_OVER
from manaweave.log import PER_PLAY_FIELDS
from manaweave.players import RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot
from manaweave.plugins.bots.mcts_bot import MctsBot
from manaweave.rl import (
    DEFAULT_PREFERENCES,
    GYMNASIUM_ID,
    MagicEnv,
    SingleAgentEnv,
    env,
    episode_seed,
)
from manaweave.simulation import bot_seeds

DECKS = ["m10:red-green", "m10:green-white"]


def random_episode(magic: MagicEnv, seed: int, rng: np.random.Generator) -> int:
    """Play one episode with uniformly random legal actions; returns the steps taken."""
    magic.reset(seed=seed)
    steps = 0
    for _agent in magic.agent_iter():
        _, _, terminated, truncated, info = magic.last()
        if terminated or truncated:
            magic.step(None)
            continue
        magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    return steps


def test_the_environment_passes_pettingzoos_api_test() -> None:
    api_test(MagicEnv(DECKS), num_cycles=300)


def test_the_wrapped_environment_passes_pettingzoos_api_test() -> None:
    api_test(env(), num_cycles=100)


def test_the_environment_passes_pettingzoos_seed_test() -> None:
    seed_test(lambda: MagicEnv(DECKS), num_cycles=300)


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize("render_mode", [None, "ansi", "human"])
def test_the_single_agent_environment_passes_gymnasiums_checker_with_its_defaults(
    render_mode: str | None,
) -> None:
    # The checker takes unmasked random actions: an illegal one concedes the game. Made
    # through Gymnasium, the environment has the spec the checker makes it again from in
    # each render mode.
    made = gymnasium.make(GYMNASIUM_ID, render_mode=render_mode)
    single = made.unwrapped
    assert isinstance(single, SingleAgentEnv)
    check_env(single)
    made.close()
    check_env(SingleAgentEnv(render_mode=render_mode), skip_render_check=True)


def test_the_environment_passes_pettingzoos_render_test() -> None:
    # It renders in each of its modes, "human" first, taking unmasked random actions.
    render_test(functools.partial(MagicEnv, DECKS))
    render_test(functools.partial(env, DECKS))


def test_human_rendering_prints_each_decision_as_the_game_goes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    magic = MagicEnv(DECKS, render_mode="human")
    magic.reset(seed=1)
    assert "P0 mulligan" in capsys.readouterr().out
    magic.step(0)
    assert capsys.readouterr().out.startswith("P")
    assert magic.render() is None
    assert capsys.readouterr().out.startswith("P")
    magic.close()


@pytest.mark.rules("104.3a")
def test_an_illegal_action_concedes_where_the_environment_says_so() -> None:
    magic = MagicEnv(DECKS, illegal_action="concede")
    magic.reset(seed=2)
    magic.step(ACTIONS + 5)
    assert magic.outcome is not None
    assert magic.outcome.losers == ((0, "conceded"),)
    _, reward, terminated, _, _ = magic.last()
    assert terminated
    assert reward == -1.0


@pytest.mark.rules("104.2a", "104.3a")
def test_an_episode_is_a_logged_game_that_replays_identically() -> None:
    magic = MagicEnv(DECKS)
    rng = np.random.default_rng(5)
    steps = random_episode(magic, 11, rng)
    game, outcome = magic.game, magic.outcome
    assert game is not None
    assert outcome is not None
    assert steps > 50
    result = replay(game.log.records)
    assert result.identical, result.mismatch
    rewards = {a: magic._cumulative_rewards.get(a, 0.0) for a in magic.possible_agents}
    assert magic.agents == []
    if outcome.winners:
        (winner,) = outcome.winners
        (loser,) = {0, 1} - {winner}
        ended = [r for r in game.log.records if r["event"] == "game_ended"]
        assert ended[0]["winners"] == [winner]
        assert loser in {p for p, _ in outcome.losers}
    assert set(rewards) == {"player_0", "player_1"}
    magic.close()


def test_each_agent_is_rewarded_for_the_outcome() -> None:
    magic = MagicEnv(DECKS)
    rng = np.random.default_rng(1)
    seen: dict[str, float] = {}
    magic.reset(seed=3)
    for agent in magic.agent_iter():
        _, reward, terminated, truncated, info = magic.last()
        if terminated or truncated:
            seen[agent] = reward
            magic.step(None)
            continue
        magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    outcome = magic.outcome
    assert outcome is not None
    assert outcome.winners
    for seat in (0, 1):
        assert seen[f"player_{seat}"] == (1.0 if seat in outcome.winners else -1.0)


def test_a_game_stopped_by_the_turn_limit_is_truncated() -> None:
    magic = MagicEnv(DECKS, max_turns=2)
    magic.reset(seed=4)
    rng = np.random.default_rng(2)
    truncated_seen = set()
    for agent in magic.agent_iter():
        _, reward, terminated, truncated, info = magic.last()
        if terminated or truncated:
            assert truncated
            assert not terminated
            assert reward == 0
            truncated_seen.add(agent)
            magic.step(None)
            continue
        magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert truncated_seen == {"player_0", "player_1"}
    assert magic.outcome is not None
    assert magic.outcome.reason == "turn limit reached"


def test_an_illegal_action_is_refused_and_changes_nothing_where_the_environment_says_so() -> None:
    magic = MagicEnv(DECKS, illegal_action="raise")
    magic.reset(seed=2)
    decision = magic.decision
    assert decision is not None
    assert decision.kind is DecisionKind.MULLIGAN
    before = magic.observe(magic.agent_selection).copy()
    mask = magic.action_mask()
    illegal = int(np.flatnonzero(mask == 0)[0])
    for action in (illegal, ACTIONS, -1, "0", 1.0, True):
        with pytest.raises(IllegalActionError):
            magic.step(action)  # type: ignore[arg-type]
    assert magic.decision is decision
    assert np.array_equal(magic.observe(magic.agent_selection), before)
    magic.step(int(np.flatnonzero(mask)[0]))
    assert magic.decision is not decision
    magic.close()


@pytest.mark.rules("508.1a")
def test_attackers_are_declared_one_pick_at_a_time_then_finished() -> None:
    magic = MagicEnv(DECKS)
    rng = np.random.default_rng(0)
    for seed in range(20):
        magic.reset(seed=seed)
        for agent in magic.agent_iter():
            _, _, terminated, truncated, info = magic.last()
            if terminated or truncated:
                magic.step(None)
                continue
            decision = magic.decision
            assert decision is not None
            if decision.kind is DecisionKind.ATTACKERS and len(decision.options) >= 2:
                first = 0
                magic.step(first)
                assert magic.decision is decision
                assert magic.selected == (first,)
                assert magic.agent_selection == agent
                mask = magic.action_mask()
                assert mask[FINISH]
                magic.step(FINISH)
                game = magic.game
                assert game is not None
                declared = [r for r in game.log.records if r["event"] == "decision_made"][-1]
                assert declared["kind"] == "attackers"
                assert declared["choice"] == [first]
                magic.close()
                return
            magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    pytest.fail("no game of 20 offered a choice of two attacks")


def test_reset_and_close_end_the_game_thread() -> None:
    before = threading.active_count()
    magic = MagicEnv(DECKS)
    for seed in range(3):
        magic.reset(seed=seed)
        magic.step(int(np.flatnonzero(magic.action_mask())[0]))
    assert threading.active_count() == before + 1
    magic.close()
    assert threading.active_count() == before


def test_the_same_seed_and_actions_give_the_same_game() -> None:
    # How long decisions took, and the nonce drawn for each game (the commitment to the
    # seed and the game id are made from it): the game itself is the same.
    timing = PER_PLAY_FIELDS
    logs = []
    for _ in range(2):
        magic = MagicEnv(DECKS)
        random_episode(magic, 7, np.random.default_rng(9))
        assert magic.game is not None
        logs.append(
            [{k: v for k, v in r.items() if k not in timing} for r in magic.game.log.records]
        )
    assert logs[0] == logs[1]


@pytest.mark.rules("104.2a", "800.4a")
def test_in_a_multiplayer_game_a_player_who_loses_ends_their_episode_first() -> None:
    magic = MagicEnv([*DECKS, "m10:red-green"], max_turns=60)
    rng = np.random.default_rng(4)
    for seed in range(6):
        magic.reset(seed=seed)
        ended_early = []
        for agent in magic.agent_iter():
            _, reward, terminated, truncated, info = magic.last()
            if terminated or truncated:
                if magic.decision is not None:  # the game goes on without them
                    ended_early.append((agent, reward))
                magic.step(None)
                continue
            magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if ended_early:
            game = magic.game
            assert game is not None
            for agent, reward in ended_early:
                assert reward == -1
                assert game.players[int(agent.removeprefix("player_"))].has_left
            return
    pytest.fail("no 3-player game of 6 had a player lose before the end")


def test_bots_play_the_seats_that_are_not_agents() -> None:
    magic = MagicEnv(DECKS, bots={1: RandomBot(3)})
    assert magic.possible_agents == ["player_0"]
    steps = random_episode(magic, 1, np.random.default_rng(0))
    assert steps > 0
    game = magic.game
    assert game is not None
    assert {r["player"] for r in game.log.records if r["event"] == "decision_made"} == {0, 1}


def test_the_single_agent_environment_plays_a_game_to_its_reward() -> None:
    single = SingleAgentEnv(DECKS, seat=1)
    observation, info = single.reset(seed=8)
    assert observation.shape == (OBSERVATION_SIZE,)
    assert observation.dtype == np.float32
    rng = np.random.default_rng(8)
    done, reward = False, 0.0
    while not done:
        assert np.array_equal(single.action_masks(), info["action_mask"].astype(bool))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = single.step(action)
        done = terminated or truncated
    outcome = single.magic.outcome
    assert outcome is not None
    assert reward == (0.0 if outcome.is_draw else 1.0 if 1 in outcome.winners else -1.0)
    with pytest.raises(IllegalActionError, match="game is over"):
        single.step(0)
    single.close()


def test_bad_arguments_are_refused() -> None:
    with pytest.raises(ValueError, match="at least two decks"):
        MagicEnv(DECKS[:1])
    with pytest.raises(ValueError, match="seat 2"):
        MagicEnv(DECKS, bots={2: RandomBot(0)})
    with pytest.raises(ValueError, match="no agent"):
        MagicEnv(DECKS, bots={0: RandomBot(0), 1: RandomBot(1)})
    with pytest.raises(ValueError, match="render_mode"):
        MagicEnv(DECKS, render_mode="rgb_array")
    with pytest.raises(ValueError, match="1 players or bot names for the other seats"):
        SingleAgentEnv(DECKS, opponents=[])
    with pytest.raises(ValueError, match="unknown bot 'champion'; known bots: heuristic, mcts"):
        SingleAgentEnv(DECKS, opponents="champion")
    with pytest.raises(ValueError, match="opponent_preferences"):
        SingleAgentEnv(DECKS, opponent_preferences="theirs")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="render_mode"):
        SingleAgentEnv(DECKS, render_mode="rgb_array")


def test_rendering_shows_the_decision_and_its_options() -> None:
    magic = MagicEnv(DECKS, render_mode="ansi")
    magic.reset(seed=1)
    text = magic.render()
    assert text is not None
    assert "mulligan" in text
    assert "keep" in text
    magic.close()


@pytest.mark.rules("104.2c", "104.3g")
def test_a_player_who_left_while_their_teammate_plays_on_ends_with_the_team() -> None:
    # Team vs. Team, seats 0-1 against 2-3: player_1 concedes at its first decision (an
    # illegal action concedes), then players 2 and 3 at theirs. Player 1's episode goes on
    # until the game ends, and their team's win is theirs too (104.2c).
    magic = MagicEnv(DECKS * 2, variant="team_vs_team", max_turns=60, illegal_action="concede")
    rng = np.random.default_rng(1)
    magic.reset(seed=3)
    game = magic.game
    assert game is not None
    final: dict[str, float] = {}
    for agent in magic.agent_iter():
        _, reward, terminated, truncated, info = magic.last()
        if terminated or truncated:
            final[agent] = float(reward)
            assert agent != "player_1" or magic.decision is None  # not before the end
            magic.step(None)
        elif agent == "player_1" or (agent != "player_0" and game.players[1].has_left):
            magic.step(ACTIONS)  # out of range: concedes
        else:
            magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert magic.outcome is not None
    assert [seat for seat, _ in magic.outcome.losers] == [1, 2, 3]
    assert magic.outcome.winners == (0, 1)
    assert final == {"player_0": 1.0, "player_1": 1.0, "player_2": -1.0, "player_3": -1.0}


def start_over_first_policy(mask: np.ndarray, rng: np.random.Generator) -> int:
    """A policy that ranks START_OVER above everything and FINISH below every option (as
    an argmax policy whose START_OVER output is the largest would): it takes START_OVER
    whenever the mask offers it, otherwise one of the offered options at random."""
    if mask[START_OVER]:
        return START_OVER
    options = np.flatnonzero(mask[:FINISH])
    return int(rng.choice(options)) if len(options) else FINISH


@pytest.mark.rules("508.1a")
def test_a_deterministic_policy_preferring_start_over_still_plays_the_game_out() -> None:
    # START_OVER is offered only where the selection is a dead end, so a policy that
    # prefers it can't pick an attacker and empty the selection for ever (with
    # START_OVER offered whenever something was selected, it did, and the game stood
    # still in its first declaration of two attackers).
    magic = MagicEnv(DECKS, max_turns=12, max_decision_steps=None)
    rng = np.random.default_rng(0)
    seen_selections = 0
    for seed in range(3):
        magic.reset(seed=seed)
        for steps, _agent in enumerate(magic.agent_iter()):
            assert steps < 5_000, "the game did not advance"
            _, _, terminated, truncated, info = magic.last()
            if terminated or truncated:
                magic.step(None)
                continue
            seen_selections += bool(magic.selected)
            magic.step(start_over_first_policy(info["action_mask"], rng))
        assert magic.outcome is not None
    assert seen_selections > 0  # the games had selections of several options
    magic.close()


@pytest.mark.rules("508.1a")
def test_a_decision_that_takes_max_decision_steps_actions_truncates_the_episode() -> None:
    before = threading.active_count()
    magic = MagicEnv(DECKS, max_decision_steps=1)
    rng = np.random.default_rng(0)
    for seed in range(20):
        magic.reset(seed=seed)
        for _agent in magic.agent_iter():
            _, _, terminated, truncated, info = magic.last()
            if terminated or truncated:
                magic.step(None)
                continue
            decision = magic.decision
            assert decision is not None
            if decision.kind is DecisionKind.ATTACKERS and len(decision.options) >= 2:
                assert decision.max >= 2
                magic.step(0)  # one attacker picked, the answer not finished: the bound
                assert magic.decision is None
                assert magic.outcome is None
                for agent in magic.agents:
                    assert magic.truncations[agent]
                    assert not magic.terminations[agent]
                    assert magic.infos[agent]["truncated_by"] == "max_decision_steps"
                    assert magic.rewards[agent] == 0
                magic.close()
                assert threading.active_count() == before
                return
            magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    pytest.fail("no game of 20 offered a choice of two attacks")


def test_max_decision_steps_must_be_a_positive_int() -> None:
    for bad in (0, -1, 2.5, True):
        with pytest.raises(ValueError, match="max_decision_steps"):
            MagicEnv(DECKS, max_decision_steps=bad)  # type: ignore[arg-type]


def test_fresh_environments_reset_without_a_seed_play_different_games() -> None:
    # Each draws its seed from entropy, as Gymnasium's environments do.
    first, second = MagicEnv(DECKS), MagicEnv(DECKS)
    first.reset()
    second.reset()
    assert first.game_seed != second.game_seed
    assert not np.array_equal(first.observe("player_0"), second.observe("player_0"))
    first.close()
    second.close()
    singles = [SingleAgentEnv(DECKS), SingleAgentEnv(DECKS)]
    seeds = {single.reset()[1]["seed"] for single in singles}
    assert len(seeds) == 2
    for single in singles:
        single.close()


def test_environments_seeded_one_apart_never_replay_each_others_games() -> None:
    # A vector environment seeded 0 seeds its environments 0, 1, 2, 3; each then resets
    # without a seed at the end of each episode.
    played: list[list[int | None]] = []
    for seed in range(4):
        magic = MagicEnv(DECKS)
        magic.reset(seed=seed)
        seeds = [magic.game_seed]
        for _ in range(5):
            magic.reset()
            seeds.append(magic.game_seed)
        magic.close()
        played.append(seeds)
    assert [seeds[0] for seeds in played] == [0, 1, 2, 3]  # reset(seed=S) plays seed S
    every = [seed for seeds in played for seed in seeds]
    assert len(set(every)) == len(every)
    assert played[0][1:] == [episode_seed(0, episode) for episode in range(1, 6)]


def test_the_seed_of_each_game_is_in_the_infos_and_the_log() -> None:
    magic = MagicEnv(DECKS)
    magic.reset(seed=7)
    magic.reset()
    seed = magic.game_seed
    assert seed == episode_seed(7, 1)
    assert magic.next_seed == episode_seed(7, 2)
    for agent in magic.agents:
        assert magic.infos[agent]["seed"] == seed
    game = magic.game
    assert game is not None
    started = game.log.records[0]
    assert started["event"] == "game_started"
    assert started["seed"] == seed
    magic.close()
    # The same seed and resets give the same games again.
    again = MagicEnv(DECKS)
    again.reset(seed=7)
    again.reset()
    assert again.game_seed == seed
    again.close()
    single = SingleAgentEnv(DECKS)
    _, info = single.reset(seed=7)
    assert info["seed"] == 7
    single.close()


def masked_random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """One uniformly random legal action per row of ``masks``, as a masked learner samples."""
    return np.array([int(rng.choice(np.flatnonzero(mask))) for mask in masks])


@pytest.mark.parametrize("vector", [SyncVectorEnv, AsyncVectorEnv])
@pytest.mark.parametrize("autoreset", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
def test_every_observation_a_vector_environment_hands_out_has_a_legal_action(
    vector: type[SyncVectorEnv] | type[AsyncVectorEnv], autoreset: AutoresetMode
) -> None:
    make = functools.partial(SingleAgentEnv, DECKS, max_turns=2)
    envs = vector([make, make], autoreset_mode=autoreset)
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=0)
    ended = 0
    seeds = {int(seed) for seed in infos["seed"]}
    for _ in range(400):
        masks = infos["action_mask"]
        assert masks.shape == (2, ACTIONS)
        assert masks.any(axis=1).all()
        _, _, terminated, truncated, infos = envs.step(masked_random_actions(masks, rng))
        ended += int(np.sum(terminated | truncated))
        seeds.update(int(seed) for seed in infos["seed"])
        if ended >= 4:
            break
    envs.close()
    assert ended >= 4
    assert len(seeds) >= 4  # each end was followed by a new game


def test_a_finished_episode_offers_finish_alone_and_refuses_a_step() -> None:
    single = SingleAgentEnv(DECKS, max_turns=1)
    _, info = single.reset(seed=0)
    rng = np.random.default_rng(0)
    done = False
    while not done:
        _, _, terminated, truncated, info = single.step(
            int(rng.choice(np.flatnonzero(info["action_mask"])))
        )
        done = terminated or truncated
    assert np.flatnonzero(info["action_mask"]).tolist() == [FINISH]
    assert np.flatnonzero(single.action_masks()).tolist() == [FINISH]
    with pytest.raises(IllegalActionError, match="reset"):
        single.step(FINISH)
    single.close()


Step = tuple[list[float], float, bool, bool]


def play_until(
    single: SingleAgentEnv,
    info: dict[str, Any],
    rng: np.random.Generator,
    wanted: Callable[[Decision], bool],
) -> dict[str, Any]:
    """Take random legal actions until the agent faces a ``wanted`` decision."""
    while single.magic.decision is None or not wanted(single.magic.decision):
        assert single.magic.decision is not None, "the game ended first"
        _, _, _, _, info = single.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    return info


def play_out(
    single: SingleAgentEnv, actions: list[int], rng: np.random.Generator | None = None
) -> list[Step]:
    """Play ``single`` to the end of its episode with ``actions``, or, given ``rng``,
    with random legal actions appended to ``actions``; each step's observation, reward
    and ends."""
    steps: list[Step] = []
    mask = single.action_masks()
    while not steps or not (steps[-1][2] or steps[-1][3]):
        if rng is not None:
            actions.append(int(rng.choice(np.flatnonzero(mask))))
        observation, reward, terminated, truncated, info = single.step(actions[len(steps)])
        mask = info["action_mask"]
        steps.append((observation.tolist(), reward, terminated, truncated))
    return steps


def test_a_clone_plays_on_as_the_original_would_and_apart_from_it() -> None:
    # Random opponents: the clone's are copies, their random state included.
    single = SingleAgentEnv(DECKS, max_turns=8)
    _, info = single.reset(seed=5)
    rng = np.random.default_rng(0)
    play_until(single, info, rng, lambda decision: decision.kind is DecisionKind.PRIORITY)
    before = single.magic.observe("player_0").copy()
    logged = len(single.magic.game.log.records)  # type: ignore[union-attr]
    twin = single.clone()
    assert twin.magic.game is not single.magic.game
    assert np.array_equal(twin.magic.observe("player_0"), before)
    actions: list[int] = []
    in_the_clone = play_out(twin, actions, rng)
    # Playing the clone out changed nothing in the original...
    assert np.array_equal(single.magic.observe("player_0"), before)
    assert len(single.magic.game.log.records) == logged  # type: ignore[union-attr]
    assert single.magic.decision is not None
    # ... which, given the same actions, plays the same game to the same reward.
    assert play_out(single, actions) == in_the_clone
    assert single.magic.outcome == twin.magic.outcome
    assert in_the_clone[-1][1] in (-1.0, 0.0, 1.0)
    twin.close()
    single.close()


def test_a_clone_keeps_the_selection_being_made_and_copy_deepcopy_makes_one() -> None:
    single = SingleAgentEnv(["m10:green-white", "m10:red-green"], opponents="heuristic")
    _, info = single.reset(seed=4)
    rng = np.random.default_rng(0)
    # A declaration of two attackers or more: the first pick does not answer it.
    info = play_until(
        single,
        info,
        rng,
        lambda decision: decision.kind is DecisionKind.ATTACKERS and decision.max >= 2,
    )
    first = int(np.flatnonzero(info["action_mask"][:FINISH])[0])
    single.step(first)
    twin = copy.deepcopy(single)
    assert twin.magic.selected == single.magic.selected == (first,)
    assert np.array_equal(twin.magic.observe("player_0"), single.magic.observe("player_0"))
    assert np.array_equal(twin.action_masks(), single.action_masks())
    actions: list[int] = []
    assert play_out(twin, actions, rng) == play_out(single, actions)
    twin.close()
    single.close()


def test_an_environment_is_cloned_only_where_its_game_can_be_copied() -> None:
    magic = MagicEnv(DECKS)
    with pytest.raises(GameCopyError, match="reset it"):
        magic.clone()
    magic.reset(seed=1)
    assert magic.decision is not None
    assert magic.decision.kind is DecisionKind.MULLIGAN
    with pytest.raises(GameCopyError, match=r"priority \(117\.3\).*not at a mulligan decision"):
        magic.clone()
    magic.close()
    unpicklable = MagicEnv(DECKS, bots={1: Unpicklable()})
    unpicklable.reset(seed=1)
    while (
        unpicklable.decision is not None and unpicklable.decision.kind is not DecisionKind.PRIORITY
    ):
        unpicklable.step(int(np.flatnonzero(unpicklable.action_mask())[0]))
    with pytest.raises(GameCopyError, match=r"bot in seat 1 .* can't be copied"):
        unpicklable.clone()
    unpicklable.close()


class Unpicklable(RandomBot):
    """A random bot holding what can't be copied (a lock)."""

    def __init__(self) -> None:
        super().__init__(0)
        self.lock = threading.Lock()


def test_the_default_opponents_are_random_bots_with_the_agents_preferences() -> None:
    single = SingleAgentEnv(DECKS)
    single.reset(seed=3)
    (bot,) = single.opponents
    assert isinstance(bot, RandomBot)
    assert bot.preferences == DEFAULT_PREFERENCES
    game = single.magic.game
    assert game is not None
    assert game.table.preferences == [DEFAULT_PREFERENCES, DEFAULT_PREFERENCES]
    first_seed = bot.seed
    single.reset()
    (again,) = single.opponents
    assert again is not bot  # made anew, seeded from the episode's seed
    assert again.seed != first_seed
    single.reset(seed=3)
    assert single.opponents[0].seed == first_seed  # type: ignore[attr-defined]
    single.close()
    own = SingleAgentEnv(DECKS, opponent_preferences="own")
    own.reset(seed=3)
    assert own.opponents[0].preferences is None  # type: ignore[attr-defined]
    own.close()


def test_the_heuristic_and_search_bots_are_opponents_by_name() -> None:
    heuristic = SingleAgentEnv(DECKS, opponents="heuristic", max_turns=6)
    observations = []
    for _ in range(2):
        heuristic.reset(seed=4)
        (bot,) = heuristic.opponents
        assert isinstance(bot, HeuristicBot)
        assert bot.preferences == DEFAULT_PREFERENCES  # type: ignore[attr-defined]
        actions: list[int] = []
        observations.append(play_out(heuristic, actions, np.random.default_rng(0)))
    assert observations[0] == observations[1]  # the same seed, the same game
    heuristic.close()
    three = SingleAgentEnv(
        [*DECKS, "m10:red-green"], seat=1, opponents=["mcts", RandomBot(9)], max_turns=1
    )
    three.reset(seed=2)
    search, given = three.opponents
    assert isinstance(search, MctsBot)
    assert search.seed == bot_seeds(2, 3)[0]  # a hash: its seed doesn't tell it the game's
    assert search.preferences == DEFAULT_PREFERENCES
    assert isinstance(given, RandomBot)
    assert given.seed == 9  # a player given as an object plays as it is
    three.close()

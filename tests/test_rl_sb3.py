"""``manaweave.rl`` with stable-baselines3, the learners most users train with: its
environment checker, and its subprocess vector environment handing out only
observations with a legal action (a masked learner's sampler needs one). Stable-baselines3
needs torch, which the project's own environments don't install: these tests run where
it is installed and are skipped elsewhere."""

from __future__ import annotations

import numpy as np
import pytest

from manaweave.encoding import ACTIONS
from manaweave.rl import SingleAgentEnv

pytest.importorskip("stable_baselines3")

from stable_baselines3.common.env_checker import check_env
from stable_baselines3.common.vec_env import SubprocVecEnv

DECKS = ["m10:red-green", "m10:green-white"]


def make_env() -> SingleAgentEnv:
    return SingleAgentEnv(DECKS, max_turns=2)


def test_stable_baselines3s_checker_passes_the_environment_with_its_defaults() -> None:
    single = SingleAgentEnv(DECKS)
    check_env(single)
    single.close()


def test_every_observation_a_subprocess_vector_environment_hands_out_has_a_legal_action() -> None:
    venv = SubprocVecEnv([make_env, make_env], start_method="fork")
    venv.seed(0)
    venv.reset()
    rng = np.random.default_rng(0)
    ended = 0
    try:
        for _ in range(400):
            masks = np.stack(venv.env_method("action_masks"))
            assert masks.shape == (2, ACTIONS)
            assert masks.any(axis=1).all()
            actions = np.array([int(rng.choice(np.flatnonzero(mask))) for mask in masks])
            _, _, dones, infos = venv.step(actions)
            for done, info in zip(dones, infos, strict=True):
                assert info["action_mask"].any()
                if done:
                    ended += 1
                    assert "terminal_observation" in info
            if ended >= 4:
                break
    finally:
        venv.close()
    assert ended >= 4


def test_a_maskable_learner_trains_on_subprocess_environments() -> None:
    sb3_contrib = pytest.importorskip("sb3_contrib")
    venv = SubprocVecEnv([make_env, make_env], start_method="fork")
    try:
        model = sb3_contrib.MaskablePPO(
            "MlpPolicy", venv, n_steps=32, batch_size=32, n_epochs=1, seed=0
        )
        model.learn(total_timesteps=64)
    finally:
        venv.close()
    assert model.num_timesteps >= 64

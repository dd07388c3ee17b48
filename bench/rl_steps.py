"""Reinforcement-learning throughput: what an environment step of ``manaweave.rl`` costs
next to a plain game's decision under the same preferences.

Plays ``--games`` episodes of :class:`manaweave.rl.MagicEnv` (every seat an agent, the
environment's :data:`~manaweave.rl.DEFAULT_PREFERENCES`) with uniformly random legal
actions drawn from the action mask, episode ``i`` with seed ``S + i`` and the actions from
``numpy.random.default_rng(S)``; each episode is followed by the plain game of the same
seed between two :class:`~manaweave.players.RandomBot` with the same preferences (seeds
``2i+1`` and ``2i+2``), so that both halves meet the same machine load. It times the
environment's whole loop (the rules, the thread hand-over, the observations and masks),
the observations alone (``env.last()``) and the plain games apart. The result on stdout
is one line (wrapped here)::

    867 steps/s, 2757 decisions/s, a step costs 3.18 decisions; 5.3 episodes/s,
    162 steps/episode; observing 0.366 ms/step

The ratio is the time of a step over the time of a decision (the decisions per second
over the steps per second); stderr has the same in CPU time, which a busy machine
disturbs less. ``--profile`` runs the environment's half under ``cProfile``
(the caller's thread only: the game's own thread shows as the time spent waiting in
``queue.get``) and prints the top functions to stderr.

Run from the repository root (needs the ``rl`` extra)::

    .venv/bin/python bench/rl_steps.py --games 50
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import pstats
import sys
import time
from collections.abc import Sequence

import numpy as np
import trio
from _progress import GameProgress

from manaweave import Choice, Decision, new_game, play_game
from manaweave.lowlevel import default_plugins
from manaweave.players import RandomBot
from manaweave.rl import DEFAULT_PREFERENCES, MagicEnv

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")
MAX_TURNS = 200
"""The environment's default ``max_turns``, for the plain games too."""
PROFILE_TOP = 25


class CountingBot(RandomBot):
    """A random bot that counts the decisions it answers."""

    decisions = 0

    def pick(self, decision: Decision) -> Choice:
        CountingBot.decisions += 1
        return super().pick(decision)


def play_episode(env: MagicEnv, seed: int, rng: np.random.Generator) -> tuple[int, float]:
    """One episode of random masked actions; returns its steps and the CPU seconds spent
    observing (``env.last()``: the view and its encoding)."""
    steps = 0
    observing = 0.0
    clock = time.thread_time
    env.reset(seed=seed)
    for _agent in env.agent_iter():
        started = clock()
        _, _, terminated, truncated, info = env.last()
        observing += clock() - started
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        steps += 1
    return steps, observing


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="episodes to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first episode")
    parser.add_argument("--deck", action="append", help="a deck per seat (default: two M10)")
    parser.add_argument(
        "--profile", action="store_true", help="profile the environment's half (stderr)"
    )
    parser.add_argument("--progress", dest="progress", action="store_true", default=None)
    parser.add_argument("--no-progress", dest="progress", action="store_false")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    decks = args.deck or list(DEFAULT_DECKS)
    env = MagicEnv(decks, max_turns=MAX_TURNS)
    host = default_plugins()
    rng = np.random.default_rng(args.seed)
    progress = GameProgress(
        args.games, enabled=sys.stderr.isatty() if args.progress is None else args.progress
    )
    profiler = cProfile.Profile() if args.profile else None
    # What the set-up made (card data, plugins) lives as long as the process: frozen, so
    # that a full garbage collection, which would otherwise scan it all, costs little
    # whichever half of the run it falls in.
    gc.collect()
    gc.freeze()
    steps = 0
    observing = 0.0
    env_seconds = plain_seconds = env_cpu = plain_cpu = caller_cpu = 0.0
    try:
        for episode in range(args.games):
            seed = args.seed + episode
            started, cpu, caller = time.perf_counter(), time.process_time(), time.thread_time()
            if profiler is not None:
                profiler.enable()
            episode_steps, episode_observing = play_episode(env, seed, rng)
            if profiler is not None:
                profiler.disable()
            env_seconds += time.perf_counter() - started
            env_cpu += time.process_time() - cpu
            caller_cpu += time.thread_time() - caller
            steps += episode_steps
            observing += episode_observing
            started, cpu = time.perf_counter(), time.process_time()
            bots = [CountingBot(2 * episode + n, preferences=DEFAULT_PREFERENCES) for n in (1, 2)]
            game = new_game(
                decks=decks,
                players=bots,
                seed=seed,
                max_turns=MAX_TURNS,
                decision_time_limit=None,
                seating="given",
                plugins=host,
            )
            trio.run(play_game, game)
            plain_seconds += time.perf_counter() - started
            plain_cpu += time.process_time() - cpu
            progress.update(episode + 1)
    finally:
        progress.close()
        gc.unfreeze()  # a caller running main() in its own process (a test) gets it back
    env.close()
    steps_per_second = steps / env_seconds
    decisions_per_second = CountingBot.decisions / plain_seconds
    print(
        f"{steps_per_second:.0f} steps/s, {decisions_per_second:.0f} decisions/s, "
        f"a step costs {decisions_per_second / steps_per_second:.2f} decisions; "
        f"{args.games / env_seconds:.1f} episodes/s, {steps / args.games:.0f} steps/episode; "
        f"observing {observing / steps * 1000:.3f} ms CPU/step"
    )
    print(
        f"environment {env_seconds:.2f} s ({env_cpu:.2f} s CPU) for {steps} steps; "
        f"plain games {plain_seconds:.2f} s ({plain_cpu:.2f} s CPU) for "
        f"{CountingBot.decisions} decisions; in CPU time a step costs "
        f"{(env_cpu / steps) / (plain_cpu / CountingBot.decisions):.2f} decisions\n"
        f"CPU a step: {env_cpu / steps * 1000:.3f} ms, of which the caller's thread "
        f"{caller_cpu / steps * 1000:.3f} ms (observing {observing / steps * 1000:.3f} ms) "
        f"and the game's thread {(env_cpu - caller_cpu) / steps * 1000:.3f} ms; "
        f"CPU a plain decision: {plain_cpu / CountingBot.decisions * 1000:.3f} ms",
        file=sys.stderr,
    )
    if profiler is not None:
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(PROFILE_TOP)
        stats.sort_stats("tottime").print_stats(PROFILE_TOP)
    return 0


if __name__ == "__main__":
    sys.exit(main())

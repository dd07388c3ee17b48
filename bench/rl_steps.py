"""Reinforcement-learning throughput: environment steps per second of ``manaweave.rl``.

Plays ``--games`` episodes of :class:`manaweave.rl.MagicEnv` (every seat an agent) with
uniformly random legal actions drawn from the action mask, episode ``i`` with seed
``S + i`` and the actions from ``numpy.random.default_rng(S)``. It times the whole loop
(the game's rules, the thread hand-over, the observation and mask encodings), then the
encodings alone on the decisions met. The one line on stdout is::

    820 steps/s, 9.1 episodes/s, 90 steps/episode; encoding 0.61 ms/observation

Run from the repository root (needs the ``rl`` extra)::

    .venv/bin/python bench/rl_steps.py --games 50
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

import numpy as np
from _progress import GameProgress

from manaweave.encoding import action_mask, encode_observation
from manaweave.rl import MagicEnv

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=50, help="episodes to play")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first episode")
    parser.add_argument("--deck", action="append", help="a deck per seat (default: two M10)")
    parser.add_argument("--progress", dest="progress", action="store_true", default=None)
    parser.add_argument("--no-progress", dest="progress", action="store_false")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    decks = args.deck or list(DEFAULT_DECKS)
    env = MagicEnv(decks)
    rng = np.random.default_rng(args.seed)
    progress = GameProgress(
        args.games, enabled=sys.stderr.isatty() if args.progress is None else args.progress
    )
    decisions = []
    steps = 0
    started = time.perf_counter()
    try:
        for episode in range(args.games):
            env.reset(seed=args.seed + episode)
            for _agent in env.agent_iter():
                _, _, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if len(decisions) < 2000 and not env.selected and env.decision is not None:
                    decisions.append(env.decision)
                env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
                steps += 1
            progress.update(episode + 1)
    finally:
        progress.close()
    elapsed = time.perf_counter() - started
    env.close()
    # The encodings alone (a decision's view is built as it is read, as in the loop).
    encode_started = time.perf_counter()
    for decision in decisions:
        encode_observation(decision)
        action_mask(decision)
    per_observation = (time.perf_counter() - encode_started) / max(1, len(decisions))
    print(
        f"{steps / elapsed:.0f} steps/s, {args.games / elapsed:.2f} episodes/s, "
        f"{steps / args.games:.0f} steps/episode; "
        f"encoding {per_observation * 1000:.2f} ms/observation"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""A short soak run (bench/soak.py) in the suite: fuzzed games of every variant, with
random options and random decks from the whole card pool, each played, checked (nothing
lost, 400.7) and replayed identically from its log.

The release soak plays the same games, many more of them (``bench/soak.py --minutes``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from test_benchmarks_run import load

from manaweave import DeckRulesError, new_game
from manaweave.lowlevel import PluginHost
from manaweave.players import RandomBot

SOAK = load("soak")
VARIANTS = sorted(PluginHost(autoload=False).variants)
GAMES_PER_VARIANT = 2
MAX_TURNS = 30


@pytest.mark.rules("400.7", "800.2")
@pytest.mark.parametrize("variant", VARIANTS)
def test_fuzzed_games_of_every_variant_finish_and_replay(variant: str, tmp_path: object) -> None:
    seed = sum(map(ord, variant))
    for number in range(GAMES_PER_VARIANT):
        task = (number, seed, MAX_TURNS, 300.0, str(tmp_path), (variant,))
        result = SOAK.play_and_replay(task)
        assert result.outcome == "ok", f"{result.outcome}: {result.detail} [{result.setup}]"
        assert result.combination.split()[0] == variant


def test_the_fuzzed_games_cover_every_variant_and_option_value() -> None:
    # The games of a run are drawn so that, over enough of them, each variant and each
    # value of each of its options is played (800.2).
    seen: Counter[str] = Counter()
    for number in range(1000):
        variant, options, players = SOAK._variant_and_options(random.Random(number), ())
        assert players in SOAK.player_counts(variant, options)
        resolved = SOAK.combination(variant, options)
        seen.update(f"{variant.name} {o}" for o in resolved.split()[1:])
        seen[variant.name] += 1
    for name, variant in PluginHost(autoload=False).variants.items():
        assert seen[name] > 0, name
        for option in variant.options:
            for value in [option.default, *SOAK._alternatives(option)]:
                word = "none" if value is None else str(value).lower()
                assert seen[f"{name} {option.name}={word}"] > 0, (name, option.name, value)


def test_random_decks_are_legal_and_use_the_whole_card_pool() -> None:
    rng = random.Random(5)
    cards, pool, _ = SOAK._pool()
    used: set[str] = set()
    for _ in range(300):
        deck, colours = SOAK.random_deck(rng)
        assert len(deck) == 60
        assert sum(cards[n].is_land for n in deck) == 24
        for name in deck:
            assert set(cards[name].colors) <= set(colours)
        used.update(deck)
    # Every card the sets define turns up, nonbasic lands included.
    assert set(pool) | set(SOAK._nonbasic_lands()) <= used
    # And each deck is one new_game accepts under the constructed rules (100.2a).
    try:
        new_game(decks=[deck, deck], players=[RandomBot(seed=1), RandomBot(seed=2)], seed=1)
    except DeckRulesError as error:  # pragma: no cover - the failure is the message
        pytest.fail(str(error))

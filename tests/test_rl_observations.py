"""The environments' observations are encoded incrementally (``ObservationEncoder``
reuses a decision's view across the steps of one selection and each object's slot across
decisions): at every step of seeded games they must equal a fresh full encoding
(``encode_observation``, ``encode_view``) of the same decision and selection, whatever
the encoder saw before (400.2: only what the player may see)."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest
import trio

from manaweave import Choice, Decision, new_game, play_game
from manaweave.encoding import (
    CARD_NUMBER_INDICES,
    CARD_NUMBERS,
    FEATURE_INDICES,
    OBSERVATION_SIZE,
    VIEW_SIZE,
    ObservationEncoder,
    action_mask,
    encode_observation,
    encode_view,
)
from manaweave.players import RandomBot
from manaweave.rl import MagicEnv, SingleAgentEnv

DECKS = ["m10:red-green", "m10:green-white"]


def fresh(decision: Decision, selected: tuple[int, ...]) -> np.ndarray:
    return np.asarray(encode_observation(decision, selected), dtype=np.float32)


@pytest.mark.rules("400.2")
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_every_observation_of_an_episode_equals_a_fresh_encoding(seed: int) -> None:
    magic = MagicEnv(DECKS, max_turns=40)
    rng = np.random.default_rng(seed)
    magic.reset(seed=seed)
    held: list[tuple[np.ndarray, np.ndarray]] = []
    selections = 0
    for agent in magic.agent_iter():
        observation, _, terminated, truncated, info = magic.last()
        assert observation.dtype == np.float32
        assert observation.shape == (OBSERVATION_SIZE,)
        if terminated or truncated:
            magic.step(None)
            continue
        decision = magic.decision
        assert decision is not None
        expected = fresh(decision, magic.selected)
        assert np.array_equal(observation, expected), (decision.kind, magic.selected)
        # The agent not deciding sees its own view with the decision part empty.
        other = next(a for a in magic.agents if a != agent)
        idle = magic.observe(other)
        seat = int(other.removeprefix("player_"))
        assert magic.game is not None
        view_part = np.asarray(encode_view(magic.game.view(seat)), dtype=np.float32)
        assert np.array_equal(idle[:VIEW_SIZE], view_part)
        assert not idle[VIEW_SIZE:].any()
        # Observing the other agent in between changes nothing for the one deciding.
        assert np.array_equal(magic.observe(agent), expected)
        assert np.array_equal(info["action_mask"], np.array(action_mask(decision, magic.selected)))
        selections += bool(magic.selected)
        if len(held) < 50:
            held.append((observation, observation.copy()))
        magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    magic.close()
    assert selections  # some decision took several actions
    # An observation handed out is the caller's: later steps don't write into it.
    for given, copy in held:
        assert np.array_equal(given, copy)


@pytest.mark.rules("400.2")
def test_the_single_agent_environment_observes_a_fresh_encoding() -> None:
    single = SingleAgentEnv(DECKS, max_turns=30)
    rng = np.random.default_rng(7)
    observation, info = single.reset(seed=7)
    for _step in range(400):
        decision = single.magic.decision
        assert decision is not None
        assert np.array_equal(observation, fresh(decision, single.magic.selected))
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, _, terminated, truncated, info = single.step(action)
        if terminated or truncated:
            break
    single.close()


class EncodingChecker:
    """A random bot that encodes each decision with one shared encoder, with every
    partial selection of its answer, and compares each to a fresh encoding."""

    def __init__(self, seed: int, encoder: ObservationEncoder) -> None:
        self.bot = RandomBot(seed)
        self.encoder = encoder
        self.checked = 0
        self.problems: list[str] = []

    async def decide(self, decision: Decision) -> Choice:
        choice = self.bot.pick(decision)
        prefixes = [choice.indices[:n] for n in range(len(choice.indices) + 1)]
        # Back and forth: a selection that shrinks again (START_OVER) too.
        for selected in [*prefixes, *reversed(prefixes)]:
            encoded = np.frombuffer(self.encoder.encode(decision, selected), dtype=np.float32)
            if not np.array_equal(encoded, fresh(decision, selected)):
                self.problems.append(f"{decision.kind} with {selected}")
            self.checked += 1
        return choice


@pytest.mark.rules("400.2")
def test_one_encoder_shared_by_both_seats_of_two_games_encodes_as_a_fresh_one() -> None:
    # One encoder sees both players' decisions (other viewers, other hands) of two games
    # played one after the other: nothing it remembers may leak into another's numbers.
    encoder = ObservationEncoder()
    checkers = []
    for game_seed in (1, 2):
        players = [
            EncodingChecker(game_seed * 2, encoder),
            EncodingChecker(game_seed * 2 + 1, encoder),
        ]
        game = new_game(decks=DECKS, players=players, seed=game_seed, max_turns=16)
        trio.run(play_game, game)
        checkers.extend(players)
    for checker in checkers:
        assert checker.problems == []
        assert checker.checked > 0


def test_an_encoders_memory_of_objects_is_bounded() -> None:
    encoder = ObservationEncoder()
    encoder.ROW_CACHE_LIMIT = 8
    players = [EncodingChecker(1, encoder), EncodingChecker(2, encoder)]
    game = new_game(decks=DECKS, players=players, seed=1, max_turns=12)
    trio.run(play_game, game)
    assert all(checker.problems == [] for checker in players)
    assert len(encoder._rows) <= encoder.ROW_CACHE_LIMIT + 48 + 16 + 8
    assert len(encoder._rows_by_id) <= encoder.ROW_CACHE_LIMIT + 48 + 16 + 8


@pytest.mark.rules("400.2")
def test_an_object_seen_again_by_another_viewer_is_not_given_its_old_slot() -> None:
    # The encoder finds a known object's slot by its view's identity: the very same
    # ObjectView in a view of another viewer (its controller flag, its seats) must be
    # encoded afresh, not handed the slot remembered for the first viewer.
    game = new_game(decks=DECKS, players=[RandomBot(1), RandomBot(2)], seed=7, max_turns=6)
    trio.run(play_game, game)
    encoder = ObservationEncoder()
    first = game.view(0)
    assert first.battlefield or first.exile or first.stack
    as_other = dataclasses.replace(first, viewer=1)
    for view in (first, as_other, first, game.view(1), as_other):
        encoded = np.frombuffer(encoder.encode_view(view), dtype=np.float32)[:VIEW_SIZE]
        assert np.array_equal(encoded, np.asarray(encode_view(view), dtype=np.float32))


def test_card_numbers_and_the_other_features_lie_apart() -> None:
    # Card numbers are identities (for an embedding): an agent takes them out by
    # CARD_NUMBER_INDICES, and what FEATURE_INDICES leaves are small counts and flags.
    assert sorted({*CARD_NUMBER_INDICES, *FEATURE_INDICES}) == list(range(OBSERVATION_SIZE))
    assert not set(CARD_NUMBER_INDICES) & set(FEATURE_INDICES)
    cards, features = np.array(CARD_NUMBER_INDICES), np.array(FEATURE_INDICES)
    magic = MagicEnv(DECKS, max_turns=20)
    rng = np.random.default_rng(11)
    magic.reset(seed=11)
    largest_card = 0.0
    for _agent in magic.agent_iter():
        observation, _, terminated, truncated, info = magic.last()
        assert np.abs(observation[features]).max() < 1000
        numbers = observation[cards]
        assert numbers.min() >= 0
        assert numbers.max() < CARD_NUMBERS
        assert np.array_equal(numbers, np.round(numbers))
        largest_card = max(largest_card, float(numbers.max()))
        if terminated or truncated:
            magic.step(None)
            continue
        magic.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    magic.close()
    assert largest_card > 1000  # the cards' numbers were there, among the identities

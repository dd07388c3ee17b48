"""Tests for players (manaweave.players) and how the engine asks them (Game.ask)."""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio
import trio.testing

import manaweave
import manaweave.lowlevel
from manaweave import (
    Attack,
    CardOption,
    Choice,
    Decision,
    DecisionKind,
    GameView,
    IllegalChoiceError,
    Outcome,
    Step,
    hookimpl,
    new_game,
)
from manaweave.log import WALL_CLOCK_FIELDS
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import (
    ActorPlayer,
    Player,
    RandomBot,
    ScriptedPlayer,
    UnexpectedDecisionError,
    open_actor,
)
from manaweave.testing import Scenario
from manaweave.variants.two_player import TwoPlayer

DECKS = ["m10:red-green", "m10:green-white"]
THREE_DECKS = ["m10:red-green", "m10:green-white", "m10:red-green"]
MAX_TURNS = 60
GAME_END_REASONS = {"life total 0 or less", "drew from an empty library", "turn limit reached"}


# --- helpers ---------------------------------------------------------------------------------


NONCE = "5eed" * 8
"""The nonce of the tests' commitments to their seeds: the same seed, nonce, decks and
decisions give the same log."""


def play_game(
    players: Sequence[Player],
    *,
    seed: int,
    decks: Sequence[str] = DECKS,
    clock: trio.abc.Clock | None = None,
    **options: Any,
) -> tuple[Outcome, Game]:
    """Play a whole game and return its outcome with the game (for its log)."""
    options.setdefault("seed_nonce", NONCE)
    game = new_game(decks=decks, players=players, seed=seed, max_turns=MAX_TURNS, **options)
    for player in players:
        if hasattr(player, "game"):
            player.game = game
    outcome = trio.run(manaweave.play_game, game, clock=clock)
    return outcome, game


def normalized(lines: Sequence[bytes]) -> list[dict[str, Any]]:
    """Log lines decoded, without the fields that measure real time."""
    return [
        {k: v for k, v in orjson.loads(line).items() if k not in WALL_CLOCK_FIELDS}
        for line in lines
    ]


def events(game: Game, name: str) -> list[dict[str, Any]]:
    return [r for r in game.log.records if r["event"] == name]


def without(records: Sequence[dict[str, Any]], *names: str) -> list[dict[str, Any]]:
    """Records without the named events, renumbered so they can be compared."""
    kept = [dict(r) for r in records if r["event"] not in names]
    for r in kept:
        r.pop("seq", None)
        r.pop("cause", None)
    return kept


class TimedTwoPlayer(TwoPlayer):
    """A two-player game with five seconds per decision."""

    name = "test_timed_two_player"
    decision_time_limit = 5.0


class OneAttemptTwoPlayer(TwoPlayer):
    """A two-player game where a single illegal answer concedes."""

    name = "test_one_attempt_two_player"
    max_decision_attempts = 1


class InstantTwoPlayer(TwoPlayer):
    """A two-player game whose time limit no answer meets: wherever it applies, the
    first decision is a timeout."""

    name = "test_instant_two_player"
    decision_time_limit = 1e-9


class _TestVariants:
    @hookimpl
    def mw_variants(self) -> list[manaweave.lowlevel.Variant]:
        return [TimedTwoPlayer(), OneAttemptTwoPlayer(), InstantTwoPlayer()]


@pytest.fixture(scope="module")
def host() -> PluginHost:
    return PluginHost(plugins=[_TestVariants()], autoload=False)


class Raiser:
    """Plays like a RandomBot, then raises at its first priority decision from ``turn`` on."""

    def __init__(self, seed: int, turn: int = 3) -> None:
        self.bot = RandomBot(seed=seed)
        self.turn = turn
        self.raised = 0

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is DecisionKind.PRIORITY and decision.view.turn >= self.turn:
            self.raised += 1
            raise ValueError("deliberate failure 4711")
        return await self.bot.decide(decision)


class Stubborn:
    """Always gives the same (illegal) answer; keeps what the engine says."""

    def __init__(self, answer: object) -> None:
        self.answer = answer
        self.asked: list[Decision] = []
        self.rejections: list[tuple[Decision, IllegalChoiceError]] = []

    async def decide(self, decision: Decision) -> Choice:
        self.asked.append(decision)
        return self.answer  # type: ignore[return-value]

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        self.rejections.append((decision, error))


def illegal_answers(decision: Decision) -> list[object]:
    """Answers that no decision accepts."""
    n = len(decision.options)
    return [
        Choice.of(n),  # index out of range
        Choice(tuple(range(decision.max + 1))),  # one option too many
        "pass",  # not a Choice
        Choice((-1,) * max(decision.min, 1)),  # negative index
    ]


class Fumbler:
    """Answers each decision illegally ``mistakes`` times, then as a RandomBot would.

    Before each illegal answer and at each new ask it snapshots the views of the game,
    so the test can check that a rejected answer changed nothing.
    """

    def __init__(self, seed: int, mistakes: int = 1, players: int = 2) -> None:
        self.bot = RandomBot(seed=seed)
        self.mistakes = mistakes
        self.players = players
        self.game: Game | None = None
        self._current: Decision | None = None
        self._made = 0
        self._snapshot: tuple[Any, ...] | None = None
        self.rejections: list[IllegalChoiceError] = []
        self.mismatches: list[str] = []
        self.asked = 0

    def _views(self, decision: Decision) -> tuple[Any, ...]:
        assert self.game is not None
        views: tuple[GameView, ...] = tuple(self.game.view(p) for p in range(self.players))
        return (decision.view, views, list(decision.options), decision.min, decision.max)

    async def decide(self, decision: Decision) -> Choice:
        self.asked += 1
        if decision is not self._current:
            self._current = decision
            self._made = 0
        elif self._views(decision) != self._snapshot:
            self.mismatches.append(f"state changed after a rejected answer to {decision.prompt}")
        if self._made < self.mistakes:
            self._snapshot = self._views(decision)
            answers = illegal_answers(decision)
            answer = answers[(self.asked + self._made) % len(answers)]
            self._made += 1
            return answer  # type: ignore[return-value]
        return await self.bot.decide(decision)

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        if decision is not self._current:
            self.mismatches.append("rejected() was called for another decision")
        self.rejections.append(error)


class Sleeper:
    """A RandomBot that takes ``seconds`` to think about each decision."""

    def __init__(self, seed: int, seconds: float) -> None:
        self.bot = RandomBot(seed=seed)
        self.seconds = seconds

    async def decide(self, decision: Decision) -> Choice:
        await trio.sleep(self.seconds)
        return await self.bot.decide(decision)


# --- the Player protocol ---------------------------------------------------------------------


def test_players_satisfy_the_protocol() -> None:
    assert isinstance(RandomBot(seed=1), Player)
    assert isinstance(ScriptedPlayer(), Player)
    assert isinstance(Raiser(seed=1), Player)
    assert not isinstance(object(), Player)


def test_actor_player_satisfies_the_protocol() -> None:
    async def main() -> None:
        async with open_actor(RandomBot(seed=1)) as actor:
            assert isinstance(actor, ActorPlayer)
            assert isinstance(actor, Player)
            assert actor.inner.seed == 1

    trio.run(main)


# --- RandomBot -------------------------------------------------------------------------------


def _random_decision(rng: random.Random) -> Decision:
    kind = rng.choice(["single", "bottom", "attack"])
    if kind == "single":
        n = rng.randint(1, 8)
        options = [CardOption(i, f"c{i}") for i in range(n)]
        return Decision(DecisionKind.PRIORITY, 0, options, "pick one")
    if kind == "bottom":
        n = rng.randint(1, 8)
        k = rng.randint(1, n)
        options = [CardOption(i, f"c{i}") for i in range(n)]
        return Decision(DecisionKind.BOTTOM, 0, options, "bottom", min=k, max=k, ordered=True)
    creatures = rng.randint(1, 5)
    defenders = rng.randint(1, 3)
    options = [Attack(c, f"c{c}", d) for c in range(creatures) for d in range(defenders)]
    return Decision(
        DecisionKind.ATTACKERS,
        0,
        options,
        "attack",
        min=0,
        max=creatures,
        groups=[o.attacker for o in options],
    )


def test_random_bot_picks_are_always_legal() -> None:
    rng = random.Random(5)
    bot = RandomBot(seed=9)
    for _ in range(500):
        decision = _random_decision(rng)
        choice = bot.pick(decision)
        assert decision.check(choice) == choice


def test_random_bot_is_deterministic_from_its_seed() -> None:
    rng = random.Random(6)
    decisions = [_random_decision(rng) for _ in range(200)]
    first, second, other = RandomBot(seed=3), RandomBot(seed=3), RandomBot(seed=4)
    picks = [first.pick(d) for d in decisions]
    assert picks == [second.pick(d) for d in decisions]
    assert picks != [other.pick(d) for d in decisions]


def test_random_bot_attack_uses_each_creature_at_most_once() -> None:
    rng = random.Random(7)
    bot = RandomBot(seed=1)
    sizes = set()
    for _ in range(300):
        decision = _random_decision(rng)
        if decision.kind is not DecisionKind.ATTACKERS:
            continue
        choice = bot.pick(decision)
        attackers = [decision.options[i].attacker for i in choice.indices]  # type: ignore[union-attr]
        assert len(set(attackers)) == len(attackers)
        sizes.add(len(attackers))
    assert 0 in sizes
    assert max(sizes) >= 2


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_random_bots_play_whole_games_legally(seed: int) -> None:
    outcome, game = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=seed)
    assert isinstance(outcome, Outcome)
    assert game.outcome == outcome
    assert outcome.reason in GAME_END_REASONS
    assert 1 <= outcome.turns <= MAX_TURNS
    assert set(outcome.winners) <= {0, 1}
    if outcome.is_draw:
        assert outcome.reason == "turn limit reached"
        assert outcome.losers == ()
    else:
        (winner,) = outcome.winners
        assert [loser for loser, _ in outcome.losers] == [1 - winner]
    assert events(game, "decision_rejected") == []
    assert events(game, "player_conceded") == []
    assert events(game, "player_raised") == []
    assert len(events(game, "decision_made")) > 50
    (ended,) = events(game, "game_ended")
    assert ended["winners"] == list(outcome.winners)


@pytest.mark.parametrize("seed", [5, 6, 7])
def test_same_seeds_give_identical_games(seed: int) -> None:
    outcome1, game1 = play_game([RandomBot(seed=11), RandomBot(seed=12)], seed=seed)
    outcome2, game2 = play_game([RandomBot(seed=11), RandomBot(seed=12)], seed=seed)
    assert outcome1 == outcome2
    assert len(game1.log.lines) == len(game2.log.lines)
    assert normalized(game1.log.lines) == normalized(game2.log.lines)


def test_different_seeds_give_different_games() -> None:
    logs = set()
    for bot_seed in (1, 2, 3):
        _, game = play_game([RandomBot(seed=bot_seed), RandomBot(seed=50)], seed=8)
        logs.add(orjson.dumps(normalized(game.log.lines)))
    assert len(logs) == 3


# --- play and run ----------------------------------------------------------------------------


def test_run_is_synchronous_and_returns_an_outcome() -> None:
    outcome = manaweave.run(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=3, max_turns=MAX_TURNS
    )
    assert isinstance(outcome, Outcome)
    assert outcome.reason in GAME_END_REASONS


def test_play_is_async_and_returns_the_same_outcome_as_run() -> None:
    coroutine = manaweave.play(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=3, max_turns=MAX_TURNS
    )
    assert hasattr(coroutine, "__await__")
    coroutine.close()

    async def main() -> Outcome:
        return await manaweave.play(
            decks=DECKS,
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            seed=3,
            max_turns=MAX_TURNS,
        )

    played = trio.run(main)
    ran = manaweave.run(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=3, max_turns=MAX_TURNS
    )
    assert isinstance(played, Outcome)
    assert played == ran


def test_max_turns_ends_the_game_as_a_draw() -> None:
    outcome = manaweave.run(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=3, max_turns=2
    )
    assert outcome.is_draw
    assert outcome.winners == ()
    assert outcome.reason == "turn limit reached"
    assert outcome.turns == 2


# --- ActorPlayer -----------------------------------------------------------------------------


def _without_player_kinds(records: list[dict[str, Any]]) -> list[dict[str, Any]]:
    # game_started records the type of each actor ("ActorPlayer" vs "RandomBot(seed=1)").
    for record in records:
        if record["event"] == "game_started":
            record["players"] = [p["name"] for p in record["players"]]
    return records


@pytest.mark.parametrize("seed", [3, 4])
def test_actor_player_plays_exactly_like_the_wrapped_bot(seed: int) -> None:
    plain_outcome, plain_game = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=seed)

    async def main() -> tuple[Outcome, Game]:
        async with open_actor(RandomBot(seed=1)) as actor:
            game = new_game(
                decks=DECKS,
                players=[actor, RandomBot(seed=2)],
                seed=seed,
                max_turns=MAX_TURNS,
                seed_nonce=NONCE,
            )
            return await manaweave.play_game(game), game

    actor_outcome, actor_game = trio.run(main)
    assert actor_outcome == plain_outcome
    assert _without_player_kinds(normalized(actor_game.log.lines)) == _without_player_kinds(
        normalized(plain_game.log.lines)
    )


def test_actors_on_both_sides_with_play() -> None:
    async def main() -> Outcome:
        async with open_actor(RandomBot(seed=1)) as a, open_actor(RandomBot(seed=2)) as b:
            return await manaweave.play(decks=DECKS, players=[a, b], seed=5, max_turns=MAX_TURNS)

    expected = manaweave.run(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=5, max_turns=MAX_TURNS
    )
    assert trio.run(main) == expected


@pytest.mark.rules("104.3a")
def test_actor_player_that_raises_concedes() -> None:
    inner = Raiser(seed=1)

    async def main() -> tuple[Outcome, Game]:
        async with open_actor(inner) as actor:
            game = new_game(
                decks=DECKS, players=[actor, RandomBot(seed=2)], seed=3, max_turns=MAX_TURNS
            )
            return await manaweave.play_game(game), game

    outcome, game = trio.run(main)
    assert inner.raised == 1
    assert outcome.winners == (1,)
    assert outcome.losers == ((0, "player raised an exception"),)
    (raised,) = events(game, "player_raised")
    assert "deliberate failure 4711" in raised["error"]
    assert "deliberate failure 4711" in raised["traceback"]


def test_actor_player_passes_rejections_to_the_wrapped_player() -> None:
    inner = Stubborn(Choice.of(5))

    async def main() -> Outcome:
        async with open_actor(inner) as actor:
            return await manaweave.play(
                decks=DECKS, players=[actor, RandomBot(seed=2)], seed=3, max_turns=MAX_TURNS
            )

    outcome = trio.run(main)
    assert outcome.losers == ((0, "too many illegal choices"),)
    assert len(inner.rejections) == 3
    assert all(isinstance(error, IllegalChoiceError) for _, error in inner.rejections)


# --- a player that raises --------------------------------------------------------------------


@pytest.mark.rules("104.3a")
@pytest.mark.parametrize("seed", [1, 2])
def test_player_that_raises_concedes_and_the_game_goes_on(seed: int) -> None:
    raiser = Raiser(seed=1)
    outcome, game = play_game([raiser, RandomBot(seed=2)], seed=seed)
    assert raiser.raised == 1
    assert outcome.winners == (1,)
    assert outcome.reason == "player raised an exception"
    assert outcome.losers == ((0, "player raised an exception"),)
    assert outcome.turns >= 3
    (raised,) = events(game, "player_raised")
    assert raised["player"] == 0
    assert raised["kind"] == "priority"
    assert raised["error"] == "ValueError('deliberate failure 4711')"
    assert raised["traceback"].startswith("Traceback (most recent call last)")
    assert "in decide" in raised["traceback"]
    assert "ValueError: deliberate failure 4711" in raised["traceback"]
    (conceded,) = events(game, "player_conceded")
    assert conceded["player"] == 0
    assert conceded["rule"] == "104.3a"
    assert conceded["seq"] > raised["seq"]
    (lost,) = events(game, "player_lost")
    assert lost["player"] == 0
    assert lost["rule"] == "104.3a"
    (ended,) = events(game, "game_ended")
    assert ended["winners"] == [1]


@pytest.mark.rules("104.3a", "800.4a")
def test_player_that_raises_leaves_a_multiplayer_game_which_goes_on() -> None:
    raiser = Raiser(seed=1)
    outcome, game = play_game(
        [raiser, RandomBot(seed=2), RandomBot(seed=3)], seed=0, decks=THREE_DECKS
    )
    assert raiser.raised == 1
    assert outcome.losers[0] == (0, "player raised an exception")
    assert 0 not in outcome.winners
    (left,) = [e for e in events(game, "player_left") if e["player"] == 0]
    assert left["rule"] == "800.4a"
    # The others kept playing after player 0 left.
    later = [
        e for e in events(game, "decision_made") if e["seq"] > left["seq"] and e["player"] != 0
    ]
    assert later
    assert all(e["player"] != 0 for e in events(game, "decision_made") if e["seq"] > left["seq"])


@pytest.mark.rules("104.3a")
def test_strict_scripted_player_with_no_script_concedes_at_its_first_decision() -> None:
    scripted = ScriptedPlayer()
    outcome, game = play_game([scripted, RandomBot(seed=2)], seed=1)
    assert outcome.winners == (1,)
    assert outcome.losers == ((0, "player raised an exception"),)
    assert len(scripted.unexpected) == 1
    (raised,) = events(game, "player_raised")
    assert UnexpectedDecisionError.__name__ in raised["error"]


def test_lenient_scripted_player_passes_and_keeps_its_hand() -> None:
    scripted = ScriptedPlayer([Choice.of(0)], strict=False)  # keep the opening hand
    outcome, game = play_game([scripted, RandomBot(seed=2)], seed=1)
    assert not scripted.script
    assert 0 not in outcome.winners
    assert events(game, "player_raised") == []
    assert [e for e in events(game, "land_played") if e["player"] == 0] == []


@pytest.mark.rules("104.3a")
def test_player_whose_rejected_handler_raises_concedes() -> None:
    class BadHandler(Stubborn):
        def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
            raise RuntimeError("handler broke")

    outcome, game = play_game([BadHandler(Choice.of(9)), RandomBot(seed=2)], seed=1)
    assert outcome.winners == (1,)
    assert outcome.losers[0][0] == 0
    (raised,) = events(game, "player_raised")
    assert "handler broke" in raised["traceback"]


@pytest.mark.parametrize("answer", [Choice(None), Choice(7)])  # type: ignore[arg-type]
def test_malformed_choice_is_rejected_not_a_crash(answer: Choice) -> None:
    stubborn = Stubborn(answer)
    outcome, game = play_game([stubborn, RandomBot(seed=2)], seed=1)
    assert outcome.losers == ((0, "too many illegal choices"),)
    assert len(stubborn.rejections) == 3
    assert len(events(game, "decision_rejected")) == 3


# --- illegal answers -------------------------------------------------------------------------


@pytest.mark.rules("104.3a")
def test_three_illegal_answers_concede() -> None:
    stubborn = Stubborn(Choice.of(7))
    outcome, game = play_game([stubborn, RandomBot(seed=2)], seed=1)
    assert outcome.winners == (1,)
    assert outcome.reason == "too many illegal choices"
    assert outcome.losers == ((0, "too many illegal choices"),)
    # The same decision was asked three times, and rejected each time.
    assert len(stubborn.asked) == 3
    assert len({id(d) for d in stubborn.asked}) == 1
    assert len(stubborn.rejections) == 3
    for decision, error in stubborn.rejections:
        assert decision is stubborn.asked[0]
        assert isinstance(error, IllegalChoiceError)
        message = str(error)
        assert "option index 7 is out of range" in message  # what was wrong
        assert "options 0..1" in message  # what was allowed
    rejected = events(game, "decision_rejected")
    assert len(rejected) == 3
    for event, (_, error) in zip(rejected, stubborn.rejections, strict=True):
        assert event["player"] == 0
        assert event["kind"] == "mulligan"
        assert event["error"] == str(error)
        assert event["visibility"] == [0]
    (conceded,) = events(game, "player_conceded")
    assert conceded["reason"] == "too many illegal choices"
    assert conceded["rule"] == "104.3a"
    assert conceded["seq"] > rejected[-1]["seq"]


def test_rejection_message_names_the_wrong_count_and_the_allowed_one() -> None:
    stubborn = Stubborn(Choice.of(0, 1))
    play_game([stubborn, RandomBot(seed=2)], seed=1)
    message = str(stubborn.rejections[0][1])
    assert "mulligan decision takes 1 option(s) of 2" in message
    assert "got 2" in message


def test_rejection_message_for_an_answer_that_is_not_a_choice() -> None:
    stubborn = Stubborn(1)
    play_game([stubborn, RandomBot(seed=2)], seed=1)
    message = str(stubborn.rejections[0][1])
    assert "expects a Choice" in message
    assert "got int" in message


@pytest.mark.parametrize("mistakes", [1, 2])
def test_fewer_than_three_illegal_answers_are_forgiven(mistakes: int) -> None:
    fumbler = Fumbler(seed=1, mistakes=mistakes)
    outcome, game = play_game([fumbler, RandomBot(seed=2)], seed=4)
    assert fumbler.mismatches == []
    assert (0, "too many illegal choices") not in outcome.losers
    assert events(game, "player_conceded") == []
    decisions = [e for e in events(game, "decision_made") if e["player"] == 0]
    assert len(fumbler.rejections) == mistakes * len(decisions)
    assert len(events(game, "decision_rejected")) == len(fumbler.rejections)


@pytest.mark.parametrize("seed", [4, 6])
def test_rejected_answers_do_not_change_the_game(seed: int) -> None:
    # A player who gives an illegal answer before each legal one plays exactly the
    # game a RandomBot with the same seed plays: the rejected answers changed nothing.
    plain_outcome, plain_game = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=seed)
    fumbler = Fumbler(seed=1, mistakes=2)
    outcome, game = play_game([fumbler, RandomBot(seed=2)], seed=seed)
    assert fumbler.mismatches == []
    assert fumbler.rejections
    assert outcome == plain_outcome
    fumbled = _without_player_kinds(normalized(game.log.lines))
    plain = _without_player_kinds(normalized(plain_game.log.lines))
    assert without(fumbled, "decision_rejected") == without(plain, "decision_rejected")


def test_view_is_unchanged_by_a_rejected_answer() -> None:
    seen: list[tuple[GameView, GameView]] = []

    class Checker:
        def __init__(self) -> None:
            self.bot = RandomBot(seed=1)
            self.game: Game | None = None
            self.pending: GameView | None = None

        async def decide(self, decision: Decision) -> Choice:
            assert self.game is not None
            if decision.kind is DecisionKind.PRIORITY and len(decision.options) > 2:
                if self.pending is None:
                    self.pending = self.game.view(0)
                    return Choice.of(len(decision.options))
                seen.append((self.pending, self.game.view(0)))
                self.pending = None
            return await self.bot.decide(decision)

    outcome, _ = play_game([Checker(), RandomBot(seed=2)], seed=3)
    assert outcome.reason != "too many illegal choices"
    assert seen
    for before, after in seen:
        assert before == after


def test_variant_limits_the_attempts(host: PluginHost) -> None:
    stubborn = Stubborn(Choice.of(7))
    outcome, game = play_game(
        [stubborn, RandomBot(seed=2)], seed=1, variant=OneAttemptTwoPlayer.name, plugins=host
    )
    assert outcome.losers == ((0, "too many illegal choices"),)
    assert len(stubborn.asked) == 1
    assert len(events(game, "decision_rejected")) == 1


@pytest.mark.rules("104.3a")
def test_explicit_concession() -> None:
    outcome, game = play_game([Stubborn(Choice.concession()), RandomBot(seed=2)], seed=1)
    assert outcome.winners == (1,)
    assert outcome.losers == ((0, "conceded"),)
    assert events(game, "decision_rejected") == []
    (conceded,) = events(game, "player_conceded")
    assert conceded["rule"] == "104.3a"


# --- time limits -----------------------------------------------------------------------------


@pytest.mark.rules("104.3a")
def test_player_slower_than_the_time_limit_concedes(host: PluginHost) -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)
    outcome, game = play_game(
        [Sleeper(seed=1, seconds=60.0), RandomBot(seed=2)],
        seed=3,
        clock=clock,
        variant=TimedTwoPlayer.name,
        plugins=host,
    )
    assert outcome.winners == (1,)
    assert outcome.reason == "timeout"
    assert outcome.losers == ((0, "timeout"),)
    (conceded,) = events(game, "player_conceded")
    assert conceded["player"] == 0
    assert conceded["reason"] == "timeout"
    assert conceded["rule"] == "104.3a"
    assert clock.current_time() == pytest.approx(TimedTwoPlayer.decision_time_limit)


def test_player_within_the_time_limit_plays_normally(host: PluginHost) -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)
    outcome, game = play_game(
        [Sleeper(seed=1, seconds=4.0), Sleeper(seed=2, seconds=4.9)],
        seed=3,
        clock=clock,
        variant=TimedTwoPlayer.name,
        plugins=host,
    )
    plain, _ = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    assert outcome == plain
    assert events(game, "player_conceded") == []
    assert clock.current_time() > 100  # the players did take their time (simulated)


@pytest.mark.rules("104.3a")
def test_the_built_in_variants_have_a_generous_time_limit(host: PluginHost) -> None:
    assert host.variant("two_player").decision_time_limit == 60.0
    assert host.variant("free_for_all").decision_time_limit == 60.0
    assert host.variant(TimedTwoPlayer.name).decision_time_limit == 5.0
    clock = trio.testing.MockClock(autojump_threshold=0)
    outcome, _ = play_game(
        [Sleeper(seed=1, seconds=3600.0), RandomBot(seed=2)], seed=3, clock=clock
    )
    assert outcome.losers == ((0, "timeout"),)
    assert clock.current_time() == pytest.approx(60.0)


def test_a_game_can_be_given_no_time_limit_or_its_own(host: PluginHost) -> None:
    clock = trio.testing.MockClock(autojump_threshold=0)
    outcome, game = play_game(
        [Sleeper(seed=1, seconds=3600.0), RandomBot(seed=2)],
        seed=3,
        clock=clock,
        decision_time_limit=None,
    )
    plain, _ = play_game([RandomBot(seed=1), RandomBot(seed=2)], seed=3)
    assert outcome == plain
    assert game.table.decision_time_limit is None
    clock = trio.testing.MockClock(autojump_threshold=0)
    outcome, _ = play_game(
        [Sleeper(seed=1, seconds=2.0), RandomBot(seed=2)],
        seed=3,
        clock=clock,
        decision_time_limit=1.5,
    )
    assert outcome.losers == ((0, "timeout"),)
    assert clock.current_time() == pytest.approx(1.5)


@pytest.mark.rules("104.3a")
def test_a_replay_has_no_time_limit(host: PluginHost, tmp_path: Path) -> None:
    # The variant's limit makes any answer late; the game was played without it, and the
    # replay, given the variant, must not apply it.
    bots = [RandomBot(seed=1), RandomBot(seed=2)]
    outcome, _ = play_game(bots, seed=3, variant=InstantTwoPlayer.name, plugins=host)
    assert outcome.reason == "timeout"
    log = tmp_path / "game.jsonl"
    outcome, _ = play_game(
        [RandomBot(seed=1), RandomBot(seed=2)],
        seed=3,
        variant=InstantTwoPlayer.name,
        plugins=host,
        decision_time_limit=None,
        log=log,
    )
    assert outcome.reason != "timeout"
    assert manaweave.replay(log, plugins=host).identical


@pytest.mark.rules("104.3a", "117.3a")
@pytest.mark.cards("Lightning Bolt")
def test_a_scenario_has_no_time_limit_while_it_waits_at_a_checkpoint() -> None:
    s = Scenario(
        turn=1, step=Step.PRECOMBAT_MAIN, variant=InstantTwoPlayer.name, plugins=[_TestVariants()]
    )
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.run(until=(1, Step.END))
    assert s.game is not None
    assert s.game.table.decision_time_limit is None
    time.sleep(0.05)  # the test looks at the game for a while
    s.cast(0, "Lightning Bolt", targets=["P2"], turn=1, step=Step.END)
    s.run(until=(2, Step.UPKEEP))
    assert s.life(1) == 17
    assert not s.events("player_conceded")


@pytest.mark.parametrize("limit", [0, -1.0, math.nan, math.inf, True, "60"])
def test_a_time_limit_must_be_a_positive_number_of_seconds(limit: object) -> None:
    with pytest.raises(ValueError, match="decision_time_limit must be a positive number"):
        new_game(
            decks=DECKS,
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            decision_time_limit=limit,  # type: ignore[arg-type]
        )


@pytest.mark.rules("104.3a")
def test_actor_player_slower_than_the_time_limit_concedes(host: PluginHost) -> None:
    # The engine gives up on the actor; leaving the ``async with`` block afterwards
    # must not crash when the slow answer finally comes.
    async def main() -> Outcome:
        async with open_actor(Sleeper(seed=1, seconds=60.0)) as actor:
            return await manaweave.play(
                decks=DECKS,
                players=[actor, RandomBot(seed=2)],
                seed=3,
                max_turns=MAX_TURNS,
                variant=TimedTwoPlayer.name,
                plugins=host,
            )

    clock = trio.testing.MockClock(autojump_threshold=0)
    outcome = trio.run(main, clock=clock)
    assert outcome.losers == ((0, "timeout"),)


def test_play_accepts_its_own_plugin_host(host: PluginHost) -> None:
    outcome = trio.run(
        partial(
            manaweave.play,
            decks=DECKS,
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            seed=3,
            max_turns=MAX_TURNS,
            variant=TimedTwoPlayer.name,
            plugins=host,
        )
    )
    assert isinstance(outcome, Outcome)

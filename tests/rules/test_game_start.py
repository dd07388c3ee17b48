"""Rules tests for starting the game (CR 103): starting player, shuffles, life, opening
hands, the London mulligan and the first draw.

Each test builds a whole game with :func:`manaweave.new_game`, runs the start-of-game
procedure (and, where a test needs them, the first turns) with players that keep or
mulligan as planned, records every decision they are asked with a
:class:`manaweave.testing.DecisionRecorder`, and checks the result against the Comprehensive
Rules (edition 2026-01-16).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import pytest
import trio

from manaweave import CardOption, Choice, Decision, DecisionKind, Named, new_game, play_game
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import default_answer
from manaweave.testing import AskedDecision, DecisionRecorder

# 60 cards with many different names, so that the order of a library is easy to tell apart.
DECK: list[str] = (
    ["Forest"] * 16
    + ["Mountain"] * 8
    + ["Island"] * 4
    + ["Plains"] * 4
    + ["Grizzly Bears"] * 4
    + ["Lightning Bolt"] * 4
    + ["Giant Growth"] * 4
    + ["Shock"] * 4
    + ["Craw Wurm"] * 4
    + ["Divination"] * 4
    + ["Llanowar Elves"] * 4
)
assert len(DECK) == 60


class Mulliganer:
    """A player that answers from a plan.

    ``mulligans`` says how many times it answers ``mulligan`` before it keeps; the cards
    it puts on the bottom are the first ones offered. Everything else gets the default
    answer: pass priority, attack with nothing, discard the first cards. It keeps the
    decisions to put cards on the bottom (for their bounds and order, which the recorded
    :class:`AskedDecision` leaves out) and the objects it chose for each.
    """

    def __init__(self, mulligans: int = 0) -> None:
        self.mulligans_left = mulligans
        self.bottoms: list[Decision] = []
        self.bottomed: list[list[int]] = []

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is DecisionKind.MULLIGAN:
            words = [o.word for o in decision.options if isinstance(o, Named)]
            assert words == ["keep", "mulligan"]
            word = "mulligan" if self.mulligans_left > 0 else "keep"
            self.mulligans_left -= word == "mulligan"
            return Choice.of(words.index(word))
        if decision.kind is DecisionKind.BOTTOM:
            self.bottoms.append(decision)
            choice = Choice(tuple(range(decision.min)))
            picked = [decision.options[i] for i in choice.indices]
            assert all(isinstance(o, CardOption) for o in picked)
            self.bottomed.append([o.object for o in picked])  # type: ignore[union-attr]
            return choice
        return default_answer(decision)


def start(
    players: Sequence[Mulliganer] | int = 2,
    *,
    seed: int = 0,
    max_turns: int = 0,
    variant: str | None = None,
) -> tuple[Game, DecisionRecorder]:
    """Build a game, run the start of the game and ``max_turns`` turns (0: none); return it
    with the record of every decision its players were asked."""
    deciders = [Mulliganer() for _ in range(players)] if isinstance(players, int) else players
    decisions = DecisionRecorder()
    game = new_game(
        decks=[DECK] * len(deciders),
        players=list(deciders),
        seed=seed,
        max_turns=max_turns,
        variant=variant,
        plugins=PluginHost([decisions], autoload=False),
        seating="given",  # the deciders in the seats given
    )
    outcome = trio.run(play_game, game)
    assert outcome.reason == "turn limit reached"
    return game, decisions


def events(game: Game, name: str) -> list[dict[str, Any]]:
    return [e for e in game.log.records if e["event"] == name]


def starting_player(game: Game) -> int:
    (chosen,) = events(game, "starting_player_chosen")
    return int(chosen["player"])


def hand_when_asked(game: Game, asked: AskedDecision) -> int:
    """How many cards the deciding player held when asked: the logged moves into their hand
    less those out of it."""
    moves = [
        e for e in game.log.records if e["seq"] < asked.seq and e.get("player") == asked.player
    ]
    return sum(e.get("to_zone") == "hand" for e in moves) - sum(
        e.get("from_zone") == "hand" for e in moves
    )


def answer(game: Game, asked: AskedDecision) -> list[str]:
    """What the player answered when asked, as logged."""
    return next(
        e["chosen"]
        for e in events(game, "decision_made")
        if e["seq"] >= asked.seq and e["player"] == asked.player
    )


def order(game: Game, player: int) -> list[str]:
    """The order of ``player``'s cards: library bottom to top, then hand in draw order."""
    state = game.players[player]
    return [c.name for c in state.library] + [c.name for c in state.hand]


# --- 103.1: the starting player ---------------------------------------------------------------


@pytest.mark.rules("103.1", "103.8")
def test_starting_player_is_chosen_from_the_seed_and_takes_the_first_turn() -> None:
    chosen: dict[int, int] = {}
    for seed in range(12):
        game, _ = start(seed=seed, max_turns=1)
        first = starting_player(game)
        assert game.starting_player == first
        (turn_one,) = [e for e in events(game, "turn_began") if e["turn"] == 1]
        assert turn_one["player"] == first  # the starting player takes the first turn (103.8)
        again, _ = start(seed=seed, max_turns=1)
        assert starting_player(again) == first  # the same seed chooses the same player
        chosen[seed] = first
    # The choice really depends on the seed: both players start some of these games.
    assert set(chosen.values()) == {0, 1}


@pytest.mark.rules("103.1", "500.1")
def test_turn_order_begins_with_the_starting_player_and_proceeds_in_seat_order() -> None:
    game, _ = start(3, seed=0, max_turns=5)
    first = starting_player(game)
    turns = [(e["turn"], e["player"]) for e in events(game, "turn_began")]
    assert turns == [(t, (first + t - 1) % 3) for t in range(1, 6)]


@pytest.mark.rules("103.1")
def test_starting_player_is_chosen_before_libraries_are_shuffled_and_hands_drawn() -> None:
    game, _ = start(seed=4)
    kinds = [e["event"] for e in game.log.records]
    chosen = kinds.index("starting_player_chosen")
    assert chosen < kinds.index("library_shuffled")
    assert chosen < kinds.index("card_drawn")


# --- 103.3: shuffling -------------------------------------------------------------------------


@pytest.mark.rules("103.3", "701.24a")
def test_each_library_is_shuffled_before_the_opening_hands_are_drawn() -> None:
    game, _ = start(3, seed=5)
    records = game.log.records
    first_draw = next(i for i, e in enumerate(records) if e["event"] == "card_drawn")
    shuffles = [e for e in records[:first_draw] if e["event"] == "library_shuffled"]
    assert sorted(e["player"] for e in shuffles) == [0, 1, 2]
    for player in range(3):
        cards = order(game, player)
        assert Counter(cards) == Counter(DECK)  # the same cards ...
        assert cards != DECK  # ... in a random order, not deck order


@pytest.mark.rules("103.3")
def test_same_seed_gives_the_same_library_order_and_different_seeds_differ() -> None:
    game_a, _ = start(seed=11)
    game_b, _ = start(seed=11)
    game_c, _ = start(seed=12)
    for player in (0, 1):
        assert order(game_a, player) == order(game_b, player)
    assert [order(game_a, p) for p in (0, 1)] != [order(game_c, p) for p in (0, 1)]
    # Each player's deck is shuffled on its own: identical decks end up in different orders.
    assert order(game_a, 0) != order(game_a, 1)


# --- 103.4 and 103.5: life and opening hands -------------------------------------------------


@pytest.mark.rules("103.4")
@pytest.mark.parametrize("count", [2, 3, 4])
def test_each_player_starts_with_20_life(count: int) -> None:
    game, _ = start(count, seed=2)
    assert [p.life for p in game.players] == [20] * count


@pytest.mark.rules("103.5", "121.2")
@pytest.mark.parametrize("count", [2, 3])
def test_each_player_draws_an_opening_hand_of_seven(count: int) -> None:
    game, decisions = start(count, seed=6)
    for player, state in enumerate(game.players):
        assert len(state.hand) == 7
        assert len(state.library) == 53
        draws = [e for e in events(game, "card_drawn") if e["player"] == player]
        assert len(draws) == 7  # seven individual draws
        # Every player is asked once whether to keep seven cards.
        (asked,) = decisions.of_kind(DecisionKind.MULLIGAN, player)
        assert hand_when_asked(game, asked) == 7
        assert asked.options == (Named("keep"), Named("mulligan"))


# --- 103.5: the London mulligan ---------------------------------------------------------------


@pytest.mark.rules("103.5")
def test_a_mulligan_shuffles_the_hand_back_draws_seven_and_bottoms_one() -> None:
    taker = Mulliganer(mulligans=1)
    game, decisions = start([taker, Mulliganer()], seed=1)
    assert starting_player(game) == 0
    records = game.log.records
    (taken,) = events(game, "mulligan_taken")
    assert taken["player"] == 0
    assert taken["mulligans"] == 1
    after = records[records.index(taken) :]
    # The hand goes back into the library, which is shuffled, then seven new cards are drawn.
    shuffle_at = next(
        i for i, e in enumerate(after) if e["event"] == "library_shuffled" and e["player"] == 0
    )
    returned = [
        e
        for e in after[:shuffle_at]
        if e["event"] == "object_moved" and e["from_zone"] == "hand" and e["to_zone"] == "library"
    ]
    assert len(returned) == 7
    redraws = [i for i, e in enumerate(after) if e["event"] == "card_drawn" and e["player"] == 0]
    assert len(redraws) == 7
    assert min(redraws) > shuffle_at
    # Then one card (one mulligan taken so far) goes to the bottom, chosen from the new seven.
    (bottom,) = taker.bottoms
    assert (bottom.min, bottom.max) == (1, 1)
    (asked,) = decisions.of_kind(DecisionKind.BOTTOM, 0)
    assert hand_when_asked(game, asked) == 7
    assert len(asked.options) == 7
    (moved,) = [
        e
        for e in after[max(redraws) :]
        if e["event"] == "object_moved" and e["object"] in taker.bottomed[0]
    ]
    assert (moved["from_zone"], moved["to_zone"]) == ("hand", "library")
    state = game.players[0]
    assert state.library[0].id == moved["new_object"]  # the bottom card of the library
    assert len(state.hand) == 6
    assert len(state.library) == 54
    # Having mulliganed, the player is asked again, now about six cards.
    declarations = decisions.of_kind(DecisionKind.MULLIGAN, 0)
    assert [(hand_when_asked(game, a), answer(game, a)) for a in declarations] == [
        (7, ["mulligan"]),
        (6, ["keep"]),
    ]


@pytest.mark.rules("103.5")
def test_each_mulligan_bottoms_as_many_cards_as_mulligans_taken() -> None:
    taker = Mulliganer(mulligans=3)
    game, _ = start([Mulliganer(), taker], seed=1)
    bottoms = taker.bottoms
    assert [(b.min, b.max, len(b.options)) for b in bottoms] == [
        (1, 1, 7),
        (2, 2, 7),
        (3, 3, 7),
    ]
    assert all(b.ordered for b in bottoms)  # "in any order": the order chosen matters
    state = game.players[1]
    assert len(state.hand) == 4
    assert len(state.library) == 56
    # The three cards bottomed last are the three bottom cards of the library.
    last = [
        e
        for e in events(game, "object_moved")
        if e["player"] == 1 and e["to_zone"] == "library" and e["object"] in taker.bottomed[-1]
    ]
    assert {e["new_object"] for e in last} == {c.id for c in state.library[:3]}


@pytest.mark.rules("103.5", "101.4")
@pytest.mark.parametrize(("count", "seed"), [(2, 0), (2, 1), (3, 0), (4, 3)])
def test_mulligan_declarations_are_made_in_turn_order_before_any_mulligan_is_taken(
    count: int, seed: int
) -> None:
    game, _ = start([Mulliganer(mulligans=1) for _ in range(count)], seed=seed)
    first = starting_player(game)
    in_turn_order = [(first + i) % count for i in range(count)]
    records = game.log.records
    declared = [
        (i, e["player"])
        for i, e in enumerate(records)
        if e["event"] == "decision_made" and e["kind"] == "mulligan"
    ]
    taken = [i for i, e in enumerate(records) if e["event"] == "mulligan_taken"]
    first_round = declared[:count]
    assert [p for _, p in first_round] == in_turn_order
    assert all(i < taken[0] for i, _ in first_round)
    # Everybody took one mulligan, so there is a second round of declarations, again in
    # turn order and only after all the first round's mulligans were taken.
    second_round = declared[count:]
    assert [p for _, p in second_round] == in_turn_order
    assert all(i > taken[count - 1] for i, _ in second_round)


@pytest.mark.rules("103.5")
def test_mulligans_repeat_until_all_keep_and_a_keeper_is_not_asked_again() -> None:
    game, decisions = start([Mulliganer(mulligans=0), Mulliganer(mulligans=3)], seed=1)
    assert starting_player(game) == 0
    kept = decisions.of_kind(DecisionKind.MULLIGAN, 0)
    assert [answer(game, a) for a in kept] == [["keep"]]
    taken = decisions.of_kind(DecisionKind.MULLIGAN, 1)
    assert [(hand_when_asked(game, a), answer(game, a)[0]) for a in taken] == [
        (7, "mulligan"),
        (6, "mulligan"),
        (5, "mulligan"),
        (4, "keep"),
    ]
    assert [len(p.hand) for p in game.players] == [7, 4]
    assert [p.mulligans for p in game.players] == [0, 3]


@pytest.mark.rules("103.5")
def test_mulligans_stop_when_the_opening_hand_would_be_zero_cards() -> None:
    taker = Mulliganer(mulligans=99)
    game, decisions = start([taker, Mulliganer()], seed=3)
    assert len(decisions.of_kind(DecisionKind.MULLIGAN, 0)) == 7
    assert [b.min for b in taker.bottoms] == [1, 2, 3, 4, 5, 6, 7]
    assert len(events(game, "mulligan_taken")) == 7
    assert len(game.players[0].hand) == 0
    assert len(game.players[0].library) == 60
    assert len(game.players[1].hand) == 7


@pytest.mark.rules("103.5c", "100.1b")
def test_in_a_multiplayer_game_the_first_mulligan_is_free() -> None:
    once, twice = Mulliganer(mulligans=1), Mulliganer(mulligans=2)
    game, decisions = start([once, twice, Mulliganer()], seed=2)
    # The first mulligan puts no card on the bottom ...
    assert decisions.of_kind(DecisionKind.BOTTOM, 0) == []
    assert len(game.players[0].hand) == 7
    # ... and the second counts as the first: one card to the bottom.
    assert [b.min for b in twice.bottoms] == [1]
    assert len(game.players[1].hand) == 6
    assert len(game.players[2].hand) == 7
    assert [p.mulligans for p in game.players] == [1, 2, 0]


@pytest.mark.rules("103.5c", "103.5")
def test_in_a_multiplayer_game_the_free_mulligan_does_not_count_toward_the_limit() -> None:
    taker = Mulliganer(mulligans=99)
    game, decisions = start([Mulliganer(), taker, Mulliganer()], seed=2)
    assert len(decisions.of_kind(DecisionKind.MULLIGAN, 1)) == 8
    assert [b.min for b in taker.bottoms] == [1, 2, 3, 4, 5, 6, 7]
    assert len(game.players[1].hand) == 0


@pytest.mark.rules("103.5", "103.5c", "100.1a")
def test_a_two_player_free_for_all_gets_no_free_mulligan() -> None:
    taker = Mulliganer(mulligans=1)
    game, _ = start([taker, Mulliganer()], seed=1, variant="free_for_all")
    assert [b.min for b in taker.bottoms] == [1]
    assert len(game.players[0].hand) == 6


# --- 103.8: the first turn --------------------------------------------------------------------


def draws_in(game: Game, turn: int) -> list[int]:
    return [e["player"] for e in events(game, "card_drawn") if e["turn"] == turn]


def draw_steps_in(game: Game, turn: int) -> list[dict[str, Any]]:
    return [e for e in events(game, "step_began") if e["turn"] == turn and e["step"] == "draw"]


@pytest.mark.rules("103.8a", "504.1")
@pytest.mark.parametrize("variant", ["two_player", "free_for_all"])
@pytest.mark.parametrize("seed", [0, 1])
def test_in_a_two_player_game_the_starting_player_skips_the_first_draw(
    variant: str, seed: int
) -> None:
    game, _ = start(seed=seed, max_turns=3, variant=variant)
    first = starting_player(game)
    other = 1 - first
    assert draw_steps_in(game, 1) == []
    assert draws_in(game, 1) == []
    # The other player's first turn and the starting player's second turn have their draw.
    assert [e["player"] for e in draw_steps_in(game, 2)] == [other]
    assert draws_in(game, 2) == [other]
    assert draws_in(game, 3) == [first]


@pytest.mark.rules("103.8c", "504.1")
def test_in_a_multiplayer_game_no_player_skips_the_first_draw() -> None:
    game, _ = start(3, seed=0, max_turns=3)
    first = starting_player(game)
    for turn in (1, 2, 3):
        active = (first + turn - 1) % 3
        assert [e["player"] for e in draw_steps_in(game, turn)] == [active]
        assert draws_in(game, turn) == [active]

"""Copies of a game for search (``Game.copy``): made while a player decides at priority
(117.3), a copy played on by the same players plays exactly the game the original plays,
nothing done to a copy reaches the original, and a copy's log is a whole game's log that
replays. Two-player, Free-for-All and Two-Headed Giant games (shared team turns, 805.5;
shared life, 810.4)."""

from __future__ import annotations

import random
from typing import Any

import pytest
import trio

from manaweave import (
    Choice,
    Decision,
    DecisionKind,
    GameCopyError,
    new_game,
    parse_decklist,
    play_game,
    replay,
)
from manaweave.log import PER_PLAY_FIELDS, redact
from manaweave.lowlevel import Game, default_plugins
from manaweave.players import RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot

DECKS = ["m10:red-green", "m10:green-white"]


class CountingBot:
    """Random legal answers drawn from (seed, how many it answered): a bot that can be
    cloned at any point by its count."""

    decides_at_once = True

    def __init__(self, seed: int, answered: int = 0) -> None:
        self.seed = seed
        self.answered = answered

    def clone(self) -> CountingBot:
        return CountingBot(self.seed, self.answered)

    async def decide(self, decision: Decision) -> Choice:
        bot = RandomBot(random.Random(f"{self.seed}-{self.answered}").randrange(2**32))
        self.answered += 1
        return bot.pick(decision)


class Forking(CountingBot):
    """A counting bot that, at its ``at``-th priority decision, copies the game, plays the
    copy to its end with clones of every player, and keeps it."""

    def __init__(self, seed: int, at: int, kind: DecisionKind = DecisionKind.PRIORITY) -> None:
        super().__init__(seed)
        self.at = at
        self.kind = kind
        self.priority_seen = 0
        self.game: Game | None = None
        self.copy: Game | None = None

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is self.kind:
            self.priority_seen += 1
            if self.priority_seen == self.at and self.game is not None:
                actors = self.game.table.actors
                clones = [a.clone() for a in actors if isinstance(a, CountingBot)]
                self.copy = self.game.copy(clones)
                await play_game(self.copy)
        return await super().decide(decision)


def _without_timing(game: Game) -> list[dict[str, Any]]:
    # How long each decision took (and so the log's digest) differs from run to run, and
    # so does the nonce of the commitment to the seed, with the game id made from it.
    return [
        {k: v for k, v in record.items() if k not in PER_PLAY_FIELDS} for record in game.log.records
    ]


def _forked_game(
    decks: list[str],
    seed: int,
    at: int,
    kind: DecisionKind = DecisionKind.PRIORITY,
    **kwargs: Any,
) -> tuple[Game, Game, Forking]:
    players: list[CountingBot] = [Forking(seed * 10, at, kind)]
    players += [CountingBot(seed * 10 + i) for i in range(1, len(decks))]
    game = new_game(decks=decks, players=players, seed=seed, max_turns=60, **kwargs)
    forking = players[0]
    assert isinstance(forking, Forking)
    forking.game = game
    trio.run(play_game, game)
    assert forking.copy is not None, "the game ended before the copy was made"
    return game, forking.copy, forking


@pytest.mark.rules("117.3", "117.4", "104.2a")
@pytest.mark.parametrize(("seed", "at"), [(1, 5), (2, 40), (3, 90), (4, 150), (5, 230)])
def test_a_copy_played_on_by_the_same_players_plays_the_same_game(seed: int, at: int) -> None:
    original, copied, _ = _forked_game(DECKS, seed, at)
    assert _without_timing(copied) == _without_timing(original)
    assert copied.outcome == original.outcome


@pytest.mark.rules("508.1", "509.1")
@pytest.mark.parametrize(
    ("kind", "seed", "at"),
    [
        (DecisionKind.ATTACKERS, 1, 2),
        (DecisionKind.ATTACKERS, 2, 5),
        (DecisionKind.BLOCKERS, 3, 2),
        (DecisionKind.BLOCKERS, 5, 3),
    ],
)
def test_a_copy_made_as_attackers_or_blockers_are_declared_plays_the_same_game(
    kind: DecisionKind, seed: int, at: int
) -> None:
    original, copied, _ = _forked_game(DECKS, seed, at, kind)
    assert _without_timing(copied) == _without_timing(original)


@pytest.mark.rules("117.3", "805.5", "810.4")
@pytest.mark.parametrize(
    ("decks", "variant", "at"),
    [
        (DECKS * 2, "free_for_all", 60),
        (DECKS * 2, "two_headed_giant", 45),
    ],
)
def test_copies_of_multiplayer_and_team_games_play_the_same_game(
    decks: list[str], variant: str, at: int
) -> None:
    original, copied, _ = _forked_game(decks, 7, at, variant=variant, seating="given")
    assert _without_timing(copied) == _without_timing(original)


@pytest.mark.rules("117.3")
def test_playing_a_copy_does_not_change_the_original() -> None:
    # The same game played without a copy being made and played (with other players).
    class ForkingOthers(Forking):
        async def decide(self, decision: Decision) -> Choice:
            if decision.kind is DecisionKind.PRIORITY:
                self.priority_seen += 1
                if self.priority_seen == self.at and self.game is not None:
                    self.copy = self.game.copy([RandomBot(99), RandomBot(98)])
                    await play_game(self.copy)
            return await CountingBot.decide(self, decision)

    def play(forking: CountingBot) -> Game:
        game = new_game(decks=DECKS, players=[forking, CountingBot(21)], seed=2, max_turns=60)
        if isinstance(forking, Forking):
            forking.game = game
        trio.run(play_game, game)
        return game

    forked = ForkingOthers(20, 30)
    with_copy = play(forked)
    without = play(CountingBot(20))
    assert forked.copy is not None
    # game_started names the players' classes, which differ; every event after is the same.
    assert _without_timing(with_copy)[1:] == _without_timing(without)[1:]
    assert _without_timing(forked.copy)[1:] != _without_timing(with_copy)[1:]


@pytest.mark.rules("117.3")
def test_a_copys_log_is_a_whole_games_log_that_replays() -> None:
    _, copied, _ = _forked_game(DECKS, 3, 70)
    records = copied.log.records
    assert records[0]["event"] == "game_started"
    assert records[-1]["event"] == "game_ended"
    assert [r["seq"] for r in records] == list(range(len(records)))
    result = replay(records)
    assert result.identical, result.mismatch


@pytest.mark.rules("103.5")
def test_a_game_can_be_copied_only_at_a_priority_decision() -> None:
    seen: list[str] = []

    class TriesAtMulligan(CountingBot):
        game: Game | None = None

        async def decide(self, decision: Decision) -> Choice:
            if decision.kind is DecisionKind.MULLIGAN and self.game is not None and not seen:
                with pytest.raises(GameCopyError, match="only while a player decides"):
                    self.game.copy([RandomBot(1), RandomBot(2)])
                seen.append("refused")
            return await super().decide(decision)

    bot = TriesAtMulligan(1)
    game = new_game(decks=DECKS, players=[bot, RandomBot(2)], seed=1, max_turns=3)
    bot.game = game
    with pytest.raises(GameCopyError, match="only while a player decides"):
        game.copy([RandomBot(1), RandomBot(2)])  # not started
    trio.run(play_game, game)
    assert seen == ["refused"]
    with pytest.raises(GameCopyError):
        game.copy([RandomBot(1), RandomBot(2)])  # over


@pytest.mark.rules("807.4")
def test_a_game_of_several_turns_at_once_cannot_be_copied_yet() -> None:
    refused: list[str] = []

    class Tries(CountingBot):
        game: Game | None = None

        async def decide(self, decision: Decision) -> Choice:
            if decision.kind is DecisionKind.PRIORITY and self.game is not None and not refused:
                with pytest.raises(GameCopyError, match=r"807\.4"):
                    self.game.copy([RandomBot(i) for i in range(10)])
                refused.append("807.4")
            return await super().decide(decision)

    players = [Tries(i) for i in range(10)]
    game = new_game(decks=DECKS * 5, players=players, seed=1, variant="grand_melee", max_turns=2)
    for player in players:
        player.game = game
    trio.run(play_game, game)
    assert refused == ["807.4"]


def test_a_copy_needs_a_player_for_each_seat() -> None:
    errors: list[str] = []

    class Tries(CountingBot):
        game: Game | None = None

        async def decide(self, decision: Decision) -> Choice:
            if decision.kind is DecisionKind.PRIORITY and self.game is not None and not errors:
                with pytest.raises(ValueError, match="2 players for a copy of this game, not 1"):
                    self.game.copy([RandomBot(1)])
                errors.append("refused")
            return await super().decide(decision)

    bot = Tries(1)
    game = new_game(decks=DECKS, players=[bot, RandomBot(2)], seed=1, max_turns=3)
    bot.game = game
    trio.run(play_game, game)
    assert errors == ["refused"]


class Sampler(CountingBot):
    """At its ``at``-th priority decision, samples games from its information set."""

    def __init__(self, seed: int, at: int, samples: int = 20) -> None:
        super().__init__(seed)
        self.at = at
        self.samples = samples
        self.priority_seen = 0
        self.game: Game | None = None
        self.sampled: list[Game] = []
        self.refused: list[str] = []

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is not DecisionKind.PRIORITY and not self.refused:
            with pytest.raises(GameCopyError, match="only a priority decision"):
                decision.sample_game([RandomBot(1), RandomBot(2)], seed=1)
            self.refused.append(decision.kind.value)
        if decision.kind is DecisionKind.PRIORITY:
            self.priority_seen += 1
            if self.priority_seen == self.at:
                seats = len(decision.view.players)
                self.sampled = [
                    decision.sample_game([RandomBot(s + i) for i in range(seats)], seed=s)
                    for s in range(self.samples)
                ]
                self.real = _zones(self.game)
        return await super().decide(decision)


def _zones(game: Game | None) -> dict[str, Any]:
    assert game is not None
    return {
        "hands": [sorted((o.id, o.name) for o in p.hand) for p in game.players],
        "libraries": [[(o.id, o.name) for o in p.library] for p in game.players],
        "battlefield": [(o.id, o.name, o.tapped) for o in game.battlefield],
        "graveyards": [[o.id for o in p.graveyard] for p in game.players],
        "life": [p.life for p in game.players],
    }


def _sampled_game(decks: list[str], **kwargs: Any) -> Sampler:
    sampler = Sampler(5, 12)
    players = [sampler, *(CountingBot(i) for i in range(1, len(decks)))]
    game = new_game(decks=decks, players=players, seed=4, max_turns=40, **kwargs)
    sampler.game = game
    trio.run(play_game, game)
    assert sampler.sampled
    return sampler


@pytest.mark.rules("400.2", "401.2")
def test_a_sampled_game_keeps_what_the_player_knows_and_draws_the_rest_again() -> None:
    sampler = _sampled_game(DECKS)
    real = sampler.real
    opponent_hands = set()
    for sampled in sampler.sampled:
        seen = _zones(sampled)
        assert seen["hands"][0] == real["hands"][0]  # the player's own hand
        assert seen["battlefield"] == real["battlefield"]
        assert seen["graveyards"] == real["graveyards"]
        assert seen["life"] == real["life"]
        assert len(seen["hands"][1]) == len(real["hands"][1])
        # The opponent's hidden cards are dealt again from the cards they have left.
        assert sorted(seen["hands"][1] + seen["libraries"][1]) == sorted(
            real["hands"][1] + real["libraries"][1]
        )
        assert sorted(seen["libraries"][0]) == sorted(real["libraries"][0])
        opponent_hands.add(tuple(seen["hands"][1]))
        for player in sampled.players:
            assert all(o.zone.value == "hand" for o in player.hand)
            assert all(o.zone.value == "library" for o in player.library)
    assert len(opponent_hands) > 10
    assert sampler.refused  # any other decision offers no sampled game


@pytest.mark.rules("810.5", "400.2")
def test_a_teammates_hand_the_player_may_see_is_not_drawn_again() -> None:
    sampler = _sampled_game(DECKS * 2, variant="two_headed_giant", seating="given")
    real = sampler.real
    for sampled in sampler.sampled:
        seen = _zones(sampled)
        assert seen["hands"][:2] == real["hands"][:2]  # the player's and the teammate's


@pytest.mark.rules("117.3")
def test_sampled_games_play_on_to_their_end() -> None:
    sampler = _sampled_game(DECKS)
    for sampled in sampler.sampled[:5]:
        outcome = trio.run(play_game, sampled)
        assert outcome is sampled.outcome


class WatchesHands(HeuristicBot):
    """Player 0: the heuristic bot, which at each priority decision samples games while a
    card it saw go into player 1's hand is there, and notes what the samples did with it."""

    def __init__(self) -> None:
        super().__init__(0)
        self.game: Game | None = None
        self.checked: dict[str, int] = {}
        self.kept: dict[str, int] = {}
        self.seen: set[int] = set()

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is DecisionKind.PRIORITY and self.game is not None:
            for how, obj in _seen_going_into_hand(self.game, 1):
                if obj.id in self.seen:
                    continue
                self.seen.add(obj.id)
                samples = [
                    decision.sample_game([RandomBot(1), RandomBot(2)], seed=seed)
                    for seed in range(6)
                ]
                self.checked[how] = self.checked.get(how, 0) + len(samples)
                self.kept[how] = self.kept.get(how, 0) + sum(
                    obj.id in {o.id for o in sample.players[1].hand}
                    and sample.objects[obj.id].name == obj.name
                    for sample in samples
                )
        return await super().decide(decision)


def _seen_going_into_hand(game: Game, owner: int) -> list[tuple[str, Any]]:
    """Cards in ``owner``'s hand that player 0 saw go there: by a public move, or by a move
    of the same resolution as a public reveal."""
    in_hand = {o.id: o for o in game.players[owner].hand}
    revealed_by: set[object] = set()
    found = []
    for record in redact(game.log.records, 0):
        if record["event"] == "cards_revealed" and record.get("cause") is not None:
            revealed_by.add(record["cause"])
        if record.get("to_zone") != "hand" or record.get("new_object") not in in_hand:
            continue
        if record.get("card"):  # player 0 saw which card
            found.append(("public move", in_hand[record["new_object"]]))
        elif record.get("cause") in revealed_by:
            found.append(("revealed", in_hand[record["new_object"]]))
    return found


@pytest.mark.rules("400.2", "701.20a", "701.23a")
def test_a_card_the_player_saw_go_into_a_hand_stays_there_in_sampled_games() -> None:
    """A creature returned to its owner's hand (Unsummon) and a land revealed as it was
    searched for (Borderland Ranger) are known cards: every sampled game keeps them in
    that hand, and deals the rest again."""
    host = default_plugins()
    bouncer = parse_decklist("56 Island\n4 Unsummon\n", host.cards)
    ranger = parse_decklist(
        "48 Forest\n4 Llanowar Elves\n4 Grizzly Bears\n4 Borderland Ranger\n", host.cards
    )
    checked: dict[str, int] = {}
    for seed in range(2):
        watcher = WatchesHands()
        game = new_game(
            decks=[bouncer, ranger], players=[watcher, HeuristicBot(1)], seed=seed, max_turns=10
        )
        watcher.game = game
        trio.run(play_game, game)
        for how, count in watcher.checked.items():
            assert watcher.kept[how] == count, how
            checked[how] = checked.get(how, 0) + count
    assert checked.get("public move", 0) > 0
    assert checked.get("revealed", 0) > 0

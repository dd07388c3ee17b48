"""Seeded matchups between bots and decks, with win rates and confidence intervals.

:func:`play_ladder` plays every pair of the bots given against each other, with every
pairing of the decks given (each deck against each, the mirror matches included), the
same number of games per pairing. The two bots swap seats from one game to the next, and
game ``k`` of the whole run has seed ``seed + k``, so the same arguments play the same
games. ``manaweave ladder`` prints the results.

A game's score for a bot is 1 for a win, 1/2 for a draw (a turn limit, a loop) and 0 for a
loss; a win rate is the mean score, with a 95% Wilson score interval.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

import trio

from manaweave._engine._play import new_game, play_game
from manaweave._engine._plugins import PluginHost

from ._schedule import bot_seeds

__all__ = ["LadderGame", "LadderResult", "Tally", "play_ladder", "wilson_interval"]

Z_95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson_interval(score: float, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``score`` out of ``games`` trials.

    >>> low, high = wilson_interval(0.9, 200)
    >>> round(low, 3), round(high, 3)
    (0.851, 0.934)
    >>> wilson_interval(0.0, 0)
    (0.0, 1.0)
    """
    if games <= 0:
        return (0.0, 1.0)
    p = score / games if score > 1 else score
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - spread), min(1.0, centre + spread))


@dataclasses.dataclass
class Tally:
    """Wins, losses and draws of one side of a matchup."""

    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def games(self) -> int:
        """How many games were tallied."""
        return self.wins + self.losses + self.draws

    @property
    def win_rate(self) -> float:
        """The mean score: wins count 1, draws 1/2 (0 for no games)."""
        return (self.wins + self.draws / 2) / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson score interval of :attr:`win_rate`."""
        return wilson_interval(self.win_rate, self.games)

    def add(self, score: float) -> None:
        """Count one game's score: 1 a win, 0 a loss, anything else a draw."""
        if score == 1:
            self.wins += 1
        elif score == 0:
            self.losses += 1
        else:
            self.draws += 1


@dataclasses.dataclass(frozen=True)
class LadderGame:
    """One game of a ladder: who sat where with which deck, and how it ended."""

    seed: int
    bots: tuple[str, str]
    """The bots in seats 0 and 1."""
    decks: tuple[str, str]
    """Their decks."""
    winners: tuple[int, ...]
    reason: str
    turns: int

    def score(self, seat: int) -> float:
        """1 if the bot in ``seat`` won, 0 if the other did, 1/2 for a draw."""
        if not self.winners:
            return 0.5
        return 1.0 if seat in self.winners else 0.0


@dataclasses.dataclass
class LadderResult:
    """Every game of a ladder, and tallies by matchup."""

    bots: tuple[str, ...]
    decks: tuple[str, ...]
    games: list[LadderGame] = dataclasses.field(default_factory=list)

    def tally(self, bot: str, against: str, *, deck: str | None = None) -> Tally:
        """``bot``'s results against ``against`` (with ``deck`` only, if given)."""
        found = Tally()
        for game in self.games:
            for seat in (0, 1):
                if (
                    game.bots[seat] == bot
                    and game.bots[1 - seat] == against
                    and (deck is None or game.decks[seat] == deck)
                ):
                    found.add(game.score(seat))
        return found

    def pairs(self) -> list[tuple[str, str]]:
        """The matchups played, each bot pair once, in the order given."""
        return [(a, b) for i, a in enumerate(self.bots) for b in self.bots[i + 1 :]]


Progress = Callable[[int, int], None]
"""Told (games played, games in all) after each game."""


def play_ladder(
    bots: Sequence[str],
    decks: Sequence[str],
    *,
    games: int,
    seed: int = 0,
    plugins: PluginHost | None = None,
    max_turns: int | None = 200,
    progress: Progress | None = None,
) -> LadderResult:
    """Play ``games`` two-player games for every pair of ``bots`` (registered bot names)
    and every pairing of ``decks`` (each against each, mirrors included); see the module
    documentation. Raises ``ValueError`` for fewer than two bots, no decks, a bot or deck
    that doesn't exist, or fewer than one game."""
    host = plugins or PluginHost()
    if len(bots) < 2:
        raise ValueError("a ladder needs at least two bots")
    if not decks:
        raise ValueError("a ladder needs at least one deck")
    if games < 1:
        raise ValueError(f"a ladder plays at least one game per pairing, not {games}")
    if len(set(bots)) != len(bots):
        raise ValueError(f"a ladder plays different bots against each other: {list(bots)}")
    for name in bots:
        host.bot(name, seed=0)  # raises ValueError naming the known bots
    result = LadderResult(tuple(bots), tuple(decks))
    schedule = [
        (a, b, deck_a, deck_b) for a, b in result.pairs() for deck_a in decks for deck_b in decks
    ]
    total = len(schedule) * games
    played = 0
    for a, b, deck_a, deck_b in schedule:
        for k in range(games):
            game_seed = seed + played
            # The bots swap seats from one game to the next.
            seats = ((a, deck_a), (b, deck_b)) if k % 2 == 0 else ((b, deck_b), (a, deck_a))
            game = new_game(
                decks=[deck for _, deck in seats],
                players=[
                    host.bot(name, seed=bot_seed)
                    for (name, _), bot_seed in zip(seats, bot_seeds(game_seed, 2), strict=True)
                ],
                seed=game_seed,
                variant="two_player",
                plugins=host,
                max_turns=max_turns,
            )
            outcome = trio.run(play_game, game)
            result.games.append(
                LadderGame(
                    game_seed,
                    (seats[0][0], seats[1][0]),
                    (seats[0][1], seats[1][1]),
                    tuple(outcome.winners),
                    outcome.reason,
                    outcome.turns,
                )
            )
            played += 1
            if progress is not None:
                progress(played, total)
    return result

"""What game ``i`` of a simulation plays: its seed, and the deck and bot of each player,
from the run's seed and its deck rotation schedule alone.

Three schedules are known:

``fixed``
    Every game plays the decks as given, the ``k``-th deck (and bot) in the ``k``-th
    place.
``round-robin``
    Every combination of as many of the given decks as a game has players, each once, in
    the order :func:`itertools.combinations` lists them (for decks ``A B C`` and two
    players: ``A-B``, ``A-C``, ``B-C``), one after another and over again. A deck listed
    twice meets itself (a mirror match); otherwise no deck plays itself.
``cross``
    The line-ups of ``round-robin`` (the decks as given when there are as many as
    players), each played with every assignment of the bots given to its decks in turn
    (the distinct orders of the bots, as :func:`itertools.permutations` lists them), so
    that every deck is played by every bot: with decks ``A B`` and bots ``H R``, ``A``
    with ``H`` against ``B`` with ``R``, then ``A`` with ``R`` against ``B`` with ``H``.
    The other schedules keep each bot with one place, so that a deck's results are
    those of its bot too.

With ``swap_seats`` each of these line-ups is played once from every place, in turn,
before the next: a line-up of ``p`` players is played ``p`` times, rotated by one place
each time (two players: ``A-B`` then ``B-A``). A player's bot goes with its deck: the
``k``-th bot of the line-up (the ``k``-th given, but for ``cross``) plays its ``k``-th
deck, wherever it sits.

So with ``L`` line-ups (of decks and bots) and ``R`` rotations (``p`` with
``swap_seats``, else 1), game ``i`` plays line-up ``(i mod L*R) // R``, rotated by
``i mod R`` places.

Game ``i`` has the seed :func:`game_seed` ``(run seed, i)``; the player given ``k``-th
has the bot seed :func:`bot_seeds` ``(game seed, ...)[k]``, as ``manaweave play --seed``
gives its bots, so
``manaweave play`` with that seed and the game's decks and bots in that order (and the
run's other options) plays the game again.
"""

from __future__ import annotations

import functools
import hashlib
import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

__all__ = [
    "SCHEDULES",
    "Lineup",
    "Schedule",
    "ScheduleKind",
    "bot_seeds",
    "game_nonce",
    "game_seed",
]

ScheduleKind = Literal["fixed", "round-robin", "cross"]
"""The deck rotation schedules (see the module documentation)."""

SCHEDULES: tuple[ScheduleKind, ...] = ("fixed", "round-robin", "cross")

_SEED_BITS = 53
"""Game seeds are below 2**53 (as they were when bot seeds were ``1000 * seed + k``, so
that a run's games stay the same)."""


def game_seed(run_seed: int, index: int) -> int:
    """The seed of game ``index`` of a run with seed ``run_seed``: a hash of both, so that
    runs with neighbouring seeds share no games.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(2, 0)
    True
    """
    digest = hashlib.blake2b(f"manaweave-simulate/{run_seed}/{index}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big") >> (64 - _SEED_BITS)


def game_nonce(run_seed: int, index: int) -> str:
    """The nonce of the commitment to the seed of game ``index`` of a run with seed
    ``run_seed`` (:mod:`manaweave._engine._seed_secret`), and so its id: drawn from both, apart
    from the game's seed, so that any ``--jobs`` and a resumed run write the same logs.
    A run's games are as secret as its seed: whoever knows that knows every game's.

    >>> len(game_nonce(1, 0)), game_nonce(1, 0) == game_nonce(1, 0) != game_nonce(1, 1)
    (32, True)
    """
    digest = hashlib.blake2b(
        f"manaweave-simulate-nonce/{run_seed}/{index}".encode(), digest_size=16
    )
    return digest.hexdigest()


@dataclass(frozen=True, slots=True)
class Lineup:
    """The players of one game in the order given to the game (before a variant that
    seats them at random does so): indexes into the schedule's decks and bots."""

    decks: tuple[int, ...]
    bots: tuple[int, ...]


@dataclass(frozen=True)
class Schedule:
    """Which decks and bots each game of a run plays (see the module documentation)."""

    decks: tuple[str, ...]
    """The decks given, as named."""
    bots: tuple[str, ...]
    """The bots given: one for every player, or one per player."""
    players: int
    kind: ScheduleKind = "fixed"
    swap_seats: bool = False

    def __post_init__(self) -> None:
        if self.kind not in SCHEDULES:
            raise ValueError(f"unknown schedule {self.kind!r}; the schedules: {SCHEDULES}")
        if self.players < 1:
            raise ValueError(f"a game has at least one player, not {self.players}")
        if self.kind == "fixed" and len(self.decks) != self.players:
            raise ValueError(
                f"the fixed schedule plays one deck per player: {len(self.decks)} decks "
                f"for {self.players} players"
            )
        if self.kind != "fixed" and len(self.decks) < self.players:
            raise ValueError(
                f"the {self.kind} schedule needs at least as many decks as players: "
                f"{len(self.decks)} decks for {self.players} players"
            )
        if len(self.bots) not in (1, self.players):
            raise ValueError(
                f"{len(self.bots)} bots for {self.players} players: give one bot per player, "
                "or one for all of them"
            )

    @functools.cached_property
    def lineups(self) -> tuple[Lineup, ...]:
        """The line-ups in turn, before rotation: indexes into :attr:`decks` and
        :attr:`bots`."""
        given_bots = tuple(k % len(self.bots) for k in range(self.players))
        if self.kind == "fixed":
            return (Lineup(tuple(range(self.players)), given_bots),)
        decks = itertools.combinations(range(len(self.decks)), self.players)
        if self.kind == "round-robin":
            return tuple(Lineup(line, given_bots) for line in decks)
        # Bots named alike are one bot: two orders that name the same bots are one.
        named: set[tuple[str, ...]] = set()
        bot_orders: list[tuple[int, ...]] = []
        for order in itertools.permutations(given_bots):
            names = tuple(self.bots[b] for b in order)
            if names not in named:
                named.add(names)
                bot_orders.append(order)
        return tuple(Lineup(line, order) for line in decks for order in bot_orders)

    @property
    def period(self) -> int:
        """After how many games the schedule starts over."""
        return len(self.lineups) * (self.players if self.swap_seats else 1)

    def lineup(self, index: int) -> Lineup:
        """The decks and bots of game ``index``, in the order given to the game."""
        rotations = self.players if self.swap_seats else 1
        step = index % self.period
        line = self.lineups[step // rotations]
        turn = step % rotations
        places = list(zip(line.decks, line.bots, strict=True))
        places = places[turn:] + places[:turn]
        return Lineup(tuple(d for d, _ in places), tuple(b for _, b in places))

    def deck_names(self, lineup: Lineup) -> list[str]:
        """The names of a line-up's decks."""
        return [self.decks[d] for d in lineup.decks]

    def bot_names(self, lineup: Lineup) -> list[str]:
        """The names of a line-up's bots."""
        return [self.bots[b] for b in lineup.bots]


def bot_seeds(seed: int, players: int) -> Sequence[int]:
    """The seeds of a game's bots, by the order given: those ``manaweave play --seed``
    gives. Each is a hash of the game's seed and the bot's place, below 2**63: a bot is a
    player, and its own seed must not tell it the game's (which decides every shuffle),
    as ``1000 * seed + k`` would.

    >>> bot_seeds(3, 2) == bot_seeds(3, 2) != bot_seeds(4, 2)
    True
    """
    return [
        int.from_bytes(
            hashlib.blake2b(f"manaweave-bot/{seed}/{k}".encode(), digest_size=8).digest(), "big"
        )
        >> 1
        for k in range(players)
    ]

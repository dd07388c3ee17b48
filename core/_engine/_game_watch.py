"""Watching the games some code plays: :func:`watch_games`.

Tools that check what a test or a script really did (the pytest plugin's check of the
``cards`` marker, for one) watch games through this seam instead of patching the engine:
every :class:`~manaweave.lowlevel.Game` reports itself as it is built, and every object
as it is created, to the watches open at that moment.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._game import Game

__all__ = ["GameWatch", "game_created", "object_created", "watch_games"]


class GameWatch:
    """What the games built while a :func:`watch_games` block was open did."""

    def __init__(self) -> None:
        self.games: list[Game] = []
        """Every game built, in order."""
        self.card_names: set[str] = set()
        """The name of every card definition an object was created for (cards put into a
        zone as the game was set up or later, tokens, copies)."""

    def played(self, name: str) -> bool:
        """Whether an object of the card ``name`` was created in a watched game."""
        return name in self.card_names


_OPEN: list[GameWatch] = []


@contextmanager
def watch_games() -> Iterator[GameWatch]:
    """Watch every game built and every object created until the block ends::

        with watch_games() as watch:
            scenario.run()
        assert watch.played("Lightning Bolt")

    Watches nest; each sees everything that happened while it was open. Games built
    before the block are watched only for the objects they create during it.
    """
    watch = GameWatch()
    _OPEN.append(watch)
    try:
        yield watch
    finally:
        _OPEN.remove(watch)


def game_created(game: Game) -> None:
    """Report a new game to the open watches (the engine calls this)."""
    for watch in _OPEN:
        watch.games.append(game)


def object_created(card: CardDefinition) -> None:
    """Report a new object of ``card`` to the open watches (the engine calls this)."""
    for watch in _OPEN:
        watch.card_names.add(card.name)

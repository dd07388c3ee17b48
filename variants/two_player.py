"""The two-player game (CR 100.1a, 103)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import Variant

if TYPE_CHECKING:
    from manaweave.lowlevel import Game


class TwoPlayer(Variant):
    """Two players, 20 life each; the starting player skips their first draw (103.8a)."""

    name = "two_player"
    min_players = 2
    max_players = 2

    def skips_first_draw(self, game: Game, player: int) -> bool:
        return player == game.starting_player


@hookimpl
def mw_variants() -> list[Variant]:
    return [TwoPlayer()]

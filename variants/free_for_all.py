"""Free-for-all: a multiplayer game where each player plays alone (CR 806)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import Variant, VariantOption

if TYPE_CHECKING:
    from manaweave.lowlevel import Game


class FreeForAll(Variant):
    """Any number of players from two up, each against all the others (806.1).

    In a multiplayer game no player skips their first draw (103.8c) and the first
    mulligan is free (103.5c). Each attacking creature attacks one opponent
    (the "attack multiple players" option, 806.2b and 802).
    """

    name = "free_for_all"
    min_players = 2
    max_players = 16
    options = (
        VariantOption(
            "range_of_influence",
            int,
            None,
            "801",
            "how many seats away each player can affect (none: the whole table)",
            minimum=1,
            optional=True,
        ),
    )

    def skips_first_draw(self, game: Game, player: int) -> bool:
        if len(game.players) == 2:
            return player == game.starting_player  # a two-player game (103.8a)
        return False

    def free_mulligan(self, game: Game) -> bool:
        return len(game.players) > 2


@hookimpl
def mw_variants() -> list[Variant]:
    return [FreeForAll()]

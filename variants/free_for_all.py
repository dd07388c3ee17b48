"""Free-for-all: a multiplayer game where each player plays alone (CR 806)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import ATTACK_OPTION, Variant, range_of_influence_option

if TYPE_CHECKING:
    from manaweave.lowlevel import Game


class FreeForAll(Variant):
    """Any number of players from two up, each against all the others (806.1).

    In a multiplayer game no player skips their first draw (103.8c) and the first
    mulligan is free (103.5c). Exactly one of the attack options is used (806.2b):
    attack multiple players by default (802), or ``attack=left`` / ``attack=right``
    (803). A limited range of influence is usually not used; ``range_of_influence=N``
    gives every player the same range (806.2a, 801). The deploy creatures option isn't
    used (806.2c). The players are seated at random (806.3).
    """

    name = "free_for_all"
    min_players = 2
    max_players = 16
    random_seating = True  # 806.3
    options = (ATTACK_OPTION, range_of_influence_option())

    def skips_first_draw(self, game: Game, player: int) -> bool:
        if len(game.players) == 2:
            return player == game.starting_player  # a two-player game (103.8a)
        return False

    def free_mulligan(self, game: Game) -> bool:
        return len(game.players) > 2


@hookimpl
def mw_variants() -> list[Variant]:
    return [FreeForAll()]

"""Grand Melee: a Free-for-All of many players taking turns at the same time (CR 807).

One turn marker for each full four players stands for one turn under way, each with a
stack of its own (807.4, 807.5); the core's turn markers
(:mod:`manaweave._engine._turn_markers`) play them, the turns interleaving in marker order.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import ATTACK_OPTION, OptionValue, Variant, range_of_influence_option

if TYPE_CHECKING:
    from manaweave.lowlevel import Game


class GrandMelee(Variant):
    """Many players, each against all the others, several taking turns at once (807.1).

    The default options of 807.2: each player has a range of influence of 1 and attacks
    the player to their left; attacking multiple players and deploying creatures aren't
    used. As in any multiplayer game the first mulligan is free (103.5c) and nobody skips
    their first draw (103.8c). The players are seated at random (807.3).
    """

    name = "grand_melee"
    min_players = 10
    max_players = 100
    random_seating = True  # 807.3
    options = (
        range_of_influence_option(1),
        dataclasses.replace(ATTACK_OPTION, default="left", choices=("left",)),
    )

    def turn_markers(self, players: int, options: Mapping[str, OptionValue]) -> int:
        return players // 4  # one for each full four players (807.4a)

    def free_mulligan(self, game: Game) -> bool:
        return True


@hookimpl
def mw_variants() -> list[Variant]:
    return [GrandMelee()]

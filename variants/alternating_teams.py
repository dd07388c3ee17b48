"""Alternating Teams: teams of equal size seated so that no one sits next to a
teammate (CR 811)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import (
    ATTACK_OPTION,
    DEPLOY_OPTION,
    OptionValue,
    Variant,
    VariantOption,
    range_of_influence_option,
    seated_next_to,
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Game

TEAMS_OPTION = VariantOption(
    "teams",
    int,
    2,
    "811.1",
    "how many teams, all of the same size; seats alternate between them",
    minimum=2,
    maximum=8,
)
"""How many teams play (811.1)."""

SMALLEST_TEAM = 2
"""Players on each team at the least: with one each the game is a Free-for-All (806)."""


class AlternatingTeams(Variant):
    """Two or more teams of equal size, seated in turn (811.1, 811.3).

    Players are given in seat order; with ``teams`` teams (2 by default), seat ``n`` is on
    team ``n mod teams``: A1 B1 C1 A2 B2 C2 ..., so no one sits next to a teammate and
    each team is equally spaced out. A player can attack only opponents seated next to
    them (811.4), and of those only the one the ``attack`` option allows (``multiple``
    by default, ``left`` or ``right``: 811.2b, 802, 803). The deploy creatures option is
    off unless given (811.2c). Teammates may see each other's hands only while they sit
    next to each other (811.5), which happens once the players between them have left.
    """

    name = "alternating_teams"
    min_players = 2 * SMALLEST_TEAM
    max_players = 16
    # A range of influence of 2 is recommended (811.2a).
    options = (TEAMS_OPTION, ATTACK_OPTION, DEPLOY_OPTION, range_of_influence_option(2))

    def check_setup(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().check_setup(players, options)
        teams = int(options["teams"] or 0)
        if players % teams or players // teams < SMALLEST_TEAM:
            raise ValueError(
                f"the {self.name} variant can't split {players} players into {teams} teams "
                f"of the same size with at least {SMALLEST_TEAM} players each (811.1)"
            )

    def seat_teams(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> Sequence[Sequence[int]]:
        teams = int(options["teams"] or 0)
        return [list(range(first, players, teams)) for first in range(teams)]

    def attackable_players(self, game: Game, attacker: int) -> list[int]:
        neighbours = seated_next_to(game, attacker)
        return [p for p in super().attackable_players(game, attacker) if p in neighbours]

    def may_see_hand(self, game: Game, viewer: int, player: int) -> bool:
        return game.team_of(viewer) is game.team_of(player) and player in seated_next_to(
            game, viewer
        )

    def skips_first_draw(self, game: Game, player: int) -> bool:
        return False  # 103.8c: always more than two players

    def free_mulligan(self, game: Game) -> bool:
        return True  # 103.5c

    def player_counts(self) -> str:
        # Equal teams of two or more: any count that is not a prime number.
        return f"{self.min_players}-{self.max_players}, not prime"


@hookimpl
def mw_variants() -> list[Variant]:
    return [AlternatingTeams()]

"""Team vs. Team: two or more teams, each seated together (CR 808)."""

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
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Game

TEAMS_OPTION = VariantOption(
    "teams",
    int,
    2,
    "808.1",
    "how many teams; the seats are split into that many groups of consecutive seats, "
    "as equal in size as they can be (the first teams take the extra players)",
    minimum=2,
    maximum=16,
)
"""How many teams play (808.1)."""


def consecutive_groups(players: int, teams: int) -> list[list[int]]:
    """Seats ``0`` to ``players - 1`` split into ``teams`` groups of consecutive seats,
    as equal in size as they can be, the first groups taking the extra players."""
    size, extra = divmod(players, teams)
    groups: list[list[int]] = []
    seat = 0
    for number in range(teams):
        count = size + (1 if number < extra else 0)
        groups.append(list(range(seat, seat + count)))
        seat += count
    return groups


class TeamVsTeam(Variant):
    """Two or more teams of any size, each team's players seated together (808.1-808.2).

    Players are given in seat order, and the option ``teams`` (2 by default) splits them
    into that many groups of consecutive seats: with six players and three teams, seats
    0-1, 2-3 and 4-5. Each player attacks any opponents (attack multiple players, 808.3a)
    unless the game is given ``attack=left`` or ``attack=right`` (803); the deploy
    creatures option is off unless given (808.3b, 804). A random team goes first: its
    centre player, or with an even number of players the one to the left of its midpoint
    (808.4). Teammates may see each other's hands (808.5).
    """

    name = "team_vs_team"
    min_players = 2
    max_players = 16
    options = (TEAMS_OPTION, ATTACK_OPTION, DEPLOY_OPTION, range_of_influence_option())

    def check_setup(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().check_setup(players, options)
        teams = int(options["teams"] or 0)
        if teams > players:
            raise ValueError(
                f"the {self.name} variant can't seat {teams} teams with {players} players: "
                "each team needs at least one player (808.1)"
            )

    def seat_teams(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> Sequence[Sequence[int]]:
        return consecutive_groups(players, int(options["teams"] or 0))

    def choose_starting_player(self, game: Game) -> int:
        # 808.4: a random team; its centre seat, or the seat to the left of its midpoint
        # (the later of its two middle seats, turn order going to the left).
        team = game.teams[game.rng.randrange(len(game.teams))]
        return team.members[len(team.members) // 2]

    def skips_first_draw(self, game: Game, player: int) -> bool:
        if len(game.players) == 2:
            return player == game.starting_player  # a two-player game (103.8a)
        return False  # 103.8c

    def free_mulligan(self, game: Game) -> bool:
        return len(game.players) > 2  # 103.5c


@hookimpl
def mw_variants() -> list[Variant]:
    return [TeamVsTeam()]

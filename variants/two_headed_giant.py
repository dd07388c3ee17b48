"""Two-Headed Giant: two teams that share a life total and take their turns together
(CR 810)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import Variant

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, OptionValue, Team

_TEAMS = 2
"""A Two-Headed Giant game is between two teams (810.1, 810.11)."""

_TEAM_LIFE = 30
"""A team of two's shared starting life total (810.4)."""

_TEAM_POISON = 15
"""The poison counters that make a team of two lose (810.8d)."""

_LIFE_PER_EXTRA_HEAD = 15
_POISON_PER_EXTRA_HEAD = 5
"""What each player a team has beyond the second adds (810.11)."""


class TwoHeadedGiant(Variant):
    """Two teams of two players (810.1), or of three or four (Three- and Four-Headed
    Giant, 810.11), each team in adjacent seats: seats 0-1 against 2-3 (810.3).

    Each team shares a life total of 30 (810.4), plus 15 for each player beyond the
    second (810.11), and its poison counters (810.10); it loses with fifteen poison
    counters, plus five for each player beyond the second (810.8d, 810.11). Teammates
    may see each other's hands (810.5). The teams take shared team turns (810.2, 805)
    and attack and block as teams (810.7, 805.10). The team that plays first skips the
    draw step of its first turn (810.6, 103.8b); the first mulligan of each player is
    free (800.6); the team's players declare their mulligans before the other team's
    (805.3a). Players win and lose only as a team (810.8a); a player who concedes takes
    their team out of the game (810.8b).
    """

    name = "two_headed_giant"
    min_players = 4
    max_players = 8
    shares_team_totals = True
    shared_team_turns = True
    team_loss_rule = "810.8a"

    def player_counts(self) -> str:
        return ", ".join(str(n) for n in range(self.min_players, self.max_players + 1, _TEAMS))

    def check_setup(self, players: int, options: Mapping[str, OptionValue]) -> None:
        super().check_setup(players, options)
        if players % _TEAMS:
            raise ValueError(
                f"the {self.name} variant is for two teams of the same size (810.1, "
                f"810.11): an even number of players, not {players}"
            )

    def seat_teams(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> Sequence[Sequence[int]]:
        size = players // _TEAMS
        return [tuple(range(team * size, (team + 1) * size)) for team in range(_TEAMS)]

    def starting_life(self, game: Game, player: int) -> int:
        # The shared total: every player of the team holds the same one (810.4).
        return _TEAM_LIFE + _LIFE_PER_EXTRA_HEAD * _extra_heads(game.team_of(player))

    def poison_to_lose(self, game: Game, team: Team) -> int:
        return _TEAM_POISON + _POISON_PER_EXTRA_HEAD * _extra_heads(team)

    def also_lose(self, game: Game, player: int) -> Sequence[int]:
        return game.teammates(player)

    def skips_first_draw(self, game: Game, player: int) -> bool:
        return game.team_of(player) is game.team_of(game.starting_player)

    def free_mulligan(self, game: Game) -> bool:
        return True


def _extra_heads(team: Team) -> int:
    """How many players ``team`` began the game with beyond the second (810.11)."""
    return team.size - 2


@hookimpl
def mw_variants() -> list[Variant]:
    return [TwoHeadedGiant()]

"""Emperor: teams of three (or more) protecting their emperor (CR 809)."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.lowlevel import (
    DEPLOY_OPTION,
    OptionValue,
    Variant,
    VariantOption,
    seat_distance,
    seated_next_to,
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Game


class Emperor(Variant):
    """Two or more teams of three, each an emperor seated between two generals (809.1,
    809.2). Bigger equal teams with the ``team_size`` option (809.6).

    Each team sits together, its emperor in the middle (for an even team, the seat left of
    its midpoint, as in the example of 809.6a). Emperors have a range of influence of 2 and
    generals of 1 (809.3a), or for bigger teams the least range that puts two opposing
    generals (for an emperor) or one (for a general) in range at the start (809.6a). Every
    creature can be deployed to a teammate (809.3b, 804). A player can attack only an
    opponent seated immediately next to them (809.3c). A random emperor goes first (809.4).
    A team wins if its emperor wins and loses if its emperor loses (809.5): a general who
    loses leaves the game alone. Teammates may review each other's hands (809.7).
    """

    name = "emperor"
    min_players = 6
    max_players = 16
    team_loss_rule = "809.5b"
    options = (
        VariantOption("team_size", int, 3, "809.6", "players on each team", minimum=3, maximum=8),
        # Emperor games use the deploy creatures option (809.3b).
        dataclasses.replace(DEPLOY_OPTION, default=True),
    )

    def player_counts(self) -> str:
        """Two or more teams of three to eight players, sixteen players at most."""
        counts = sorted(
            {teams * size for size in range(3, 9) for teams in range(2, 6) if teams * size <= 16}
        )
        return ", ".join(map(str, counts))

    def check_setup(self, players: int, options: Mapping[str, OptionValue]) -> None:
        size = int(options["team_size"] or 3)
        if players % size or players // size < 2:
            raise ValueError(
                f"the emperor variant is for two or more teams of {size} players "
                f"(809.1, 809.6), not {players} players"
            )
        self.validate_player_count(players)

    def seat_teams(
        self, players: int, options: Mapping[str, OptionValue]
    ) -> Sequence[Sequence[int]]:
        size = int(options["team_size"] or 3)
        return [range(first, first + size) for first in range(0, players, size)]

    def emperor_of(self, game: Game, team: int) -> int:
        """The seat of a team's emperor: the middle of the team (809.2)."""
        members = game.teams[team].members
        return members[(len(members) - 1) // 2]

    def is_emperor(self, game: Game, player: int) -> bool:
        """Whether ``player`` is their team's emperor (809.2)."""
        return self.emperor_of(game, game.team_of(player).id) == player

    def range_of_influence(self, game: Game, player: int) -> int | None:
        """2 for emperors and 1 for generals in teams of three (809.3a); for bigger teams
        the least range that reaches two opposing generals (an emperor) or one (a
        general) in the seating the game began with (809.6a)."""
        seats = list(range(len(game.players)))  # every seat, as the game began
        emperors = {self.emperor_of(game, team.id) for team in game.teams}
        distances = sorted(
            seat_distance(seats, player, other)
            for other in seats
            if other not in emperors and game.is_opponent(player, other)
        )
        wanted = 2 if player in emperors else 1
        return distances[wanted - 1]

    def choose_starting_player(self, game: Game) -> int:
        """A random emperor goes first (809.4)."""
        return self.emperor_of(game, game.rng.randrange(len(game.teams)))

    def attackable_players(self, game: Game, attacker: int) -> list[int]:
        """Only an opponent seated immediately next to the attacker, among the players
        still in the game (809.3c)."""
        neighbours = seated_next_to(game, attacker)
        return [p for p in game.opponents(attacker) if p in neighbours]

    def also_lose(self, game: Game, player: int) -> Sequence[int]:
        """When an emperor loses, so does the team (809.5b)."""
        return game.teammates(player) if self.is_emperor(game, player) else ()

    def free_mulligan(self, game: Game) -> bool:
        return True  # a multiplayer game (800.6)


@hookimpl
def mw_variants() -> list[Variant]:
    return [Emperor()]

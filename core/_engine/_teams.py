"""Teams and seats (CR 102.3, 800.5, 808-811): who plays with whom.

Players sit in seat order, the order of the game's ``players`` (turn order goes to each
player's left, 101.4: seat ``n`` then ``n + 1``). A variant groups the seats into teams
(:meth:`Variant.seat_teams <manaweave.lowlevel.Variant.seat_teams>`); a game between
individuals has a team of one for each player, so rules code asks the same questions
either way: a player's teammates are the other players on their team, their opponents
every player not on it (102.3).

Where a variant shares resources (a Two-Headed Giant team's life total and poison
counters, 810.4, 810.10), the members of a team hold one :class:`Totals` between them:
damage, life loss and life gain still happen to each player and the result is applied to
the team's total (810.9), and a player's life total reads the team's (810.9a).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Team", "Totals", "check_seat_teams"]


class Totals:
    """A life total and a count of poison counters (CR 119, 122.1f): one player's own, or
    a team's shared ones (810.4, 810.10)."""

    __slots__ = ("life", "poison")

    def __init__(self, life: int = 0, poison: int = 0) -> None:
        self.life = life
        self.poison = poison

    def __repr__(self) -> str:
        return f"Totals(life={self.life}, poison={self.poison})"


@dataclass(frozen=True, slots=True)
class Team:
    """One team of a game: its number, its members in seat order, and what they share.

    A game between individuals (two-player, Free-for-All) has a team of one per player.
    """

    id: int
    """0 for the first team, in the order of the seats of their first members."""
    members: tuple[int, ...]
    """The players on the team, in seat order."""
    shares_totals: bool = False
    """Whether its members share one life total and one count of poison counters (810.4,
    810.10)."""

    @property
    def name(self) -> str:
        """How the team is named to people: ``Team 1``, ``Team 2``, ..."""
        return f"Team {self.id + 1}"

    @property
    def size(self) -> int:
        """How many players began the game on the team."""
        return len(self.members)


def check_seat_teams(seat_teams: Sequence[Sequence[int]], players: int) -> list[tuple[int, ...]]:
    """The teams a variant gave, checked: every seat from 0 to ``players - 1`` on exactly
    one team, no team empty. Raises ``ValueError`` otherwise (a variant's mistake)."""
    teams = [tuple(sorted(team)) for team in seat_teams]
    seats = sorted(seat for team in teams for seat in team)
    if any(not team for team in teams) or seats != list(range(players)):
        raise ValueError(
            f"a variant's teams must put each of the {players} seats on exactly one team, "
            f"not {[list(t) for t in seat_teams]}"
        )
    return sorted(teams, key=lambda team: team[0])

"""Shared team turns (CR 805): each team takes turns, holds priority and attacks as one.

A variant switches the option on with
:attr:`Variant.shared_team_turns <manaweave.lowlevel.Variant.shared_team_turns>`; the
game then reads it as ``game.shared_team_turns``. The option needs each team's players in
adjacent seats (805.1), so a team's seats run as one block in turn order: the first of
them is the seat the rest follow, the team's rightmost seat from its own side of the
table (players pass turns to their left, seat ``n`` to ``n + 1``), whose player is the
team's primary player (805.2).

How the engine asks a team's players:

- The team's turn: the primary player is ``game.active_player`` (805.9 lets an ability
  name one specific active player); every player of the team untaps, draws and may play
  a land (805.4b-c), in the team's seat order (805.6a).
- Priority (805.5): while a team holds priority its players are asked in seat order, from
  the primary player; a player who acts is asked again (117.3c), and the team passes once
  each of its players has passed in succession. When every team has passed in
  succession, the top of the stack resolves or the step ends (805.5b).
- Choices the team makes together are made by its primary player (805.2): the order in
  which the team's triggered abilities go on the stack (805.7).
- Combat (805.10): each attacking player declares the attacks of their own creatures, in
  the team's seat order, and the last one's declaration is checked with the whole
  team's, so that the combined attack is legal as a whole (805.10b); each defending
  team's players then declare blocks by their own creatures against creatures attacking
  any player of their team, checked the same way (805.10d). A team whose last player
  can't make the whole legal declares again (``team_declaration_rejected``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING

from manaweave.cards import THAT_PLAYER

if TYPE_CHECKING:
    from manaweave.cards import TriggeredAbility

    from ._game import Game
    from ._teams import Team

__all__ = [
    "check_adjacent_seats",
    "next_team_player",
    "primary_player",
    "priority_group",
    "team_in_turn_order",
    "team_seats",
    "triggers_for_each_active_player",
]


def team_seats(team: Team, players: int) -> tuple[int, ...]:
    """``team``'s seats in turn order from its primary seat: the one whose right-hand
    neighbour (the previous seat) is not on the team (805.2)."""
    members = set(team.members)
    first = next(
        (seat for seat in team.members if (seat - 1) % players not in members), team.members[0]
    )
    return tuple(sorted(team.members, key=lambda seat: (seat - first) % players))


def check_adjacent_seats(teams: Sequence[Team], players: int) -> None:
    """Raise ``ValueError`` unless every team's players sit in adjacent seats, as shared
    team turns need (805.1)."""
    for team in teams:
        seats = team_seats(team, players)
        if any((seat - seats[0]) % players != step for step, seat in enumerate(seats)):
            raise ValueError(
                "shared team turns need each team's players in adjacent seats (805.1), "
                f"not {team.name} in seats {list(team.members)}"
            )


def team_in_turn_order(game: Game, team: Team) -> list[int]:
    """``team``'s players still in the game, in the order the team acts: from its
    primary seat onwards (805.2, 805.6)."""
    return [seat for seat in team_seats(team, len(game.players)) if not game.players[seat].has_left]


def primary_player(game: Game, team: Team) -> int | None:
    """``team``'s primary player still in the game (805.2), or ``None`` once all left."""
    order = team_in_turn_order(game, team)
    return order[0] if order else None


def next_team_player(game: Game, after: int) -> int:
    """The primary player of the next team in turn order after ``after``'s team that
    still has a player in the game; ``after``'s own team's if no other has one."""
    team = game.team_of(after)
    for seat in game.turn_order_from(after):
        other = game.team_of(seat)
        if other is not team:
            primary = primary_player(game, other)
            return seat if primary is None else primary
    primary = primary_player(game, team)
    return after if primary is None else primary


def priority_group(game: Game, player: int) -> list[int]:
    """The players who hold priority together with ``player`` (805.5): the players of
    their team still in the game with shared team turns, otherwise ``player`` alone."""
    if not game.shared_team_turns:
        return [player]
    return team_in_turn_order(game, game.team_of(player))


def triggers_for_each_active_player(ability: TriggeredAbility) -> bool:
    """Whether an ability that triggers at the beginning of a step triggers once for each
    player of the team whose turn it is (805.4d): one of "your [step]" (each player's
    own step: it triggers for its controller's), or one of "each player's [step]" whose
    condition or effect refers to "that player". Any other ("the end step") triggers
    once, for the team's primary player."""
    if not getattr(ability.trigger, "each_player", False):
        return True
    return _mentions_that_player((ability.condition, ability.effects))


def _mentions_that_player(value: object) -> bool:
    if isinstance(value, str):
        return value == THAT_PLAYER
    if isinstance(value, (tuple, list)):
        return any(_mentions_that_player(item) for item in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return any(
            _mentions_that_player(getattr(value, field.name)) for field in dataclasses.fields(value)
        )
    return False

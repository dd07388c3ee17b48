"""Seats and directions (CR 101.4, 803, 811.3-811.5): who sits next to whom, and whom
the attack options let a player attack.

Players sit in seat order, and turn order goes to each player's left (101.4): the
player to a player's left is the next seat, the player to their right the previous one.
Players who have left the game are passed over, as turn order passes over them (800.4k):
the nearest player still in the game that way sits next to a player now.

The attack options (802, 803) are general: a variant that offers them declares
:data:`ATTACK_OPTION` (with its own default if it likes) among its options, and
:meth:`Variant.attackable_players <manaweave.lowlevel.Variant.attackable_players>` reads
the game's value.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._options import VariantOption

if TYPE_CHECKING:
    from ._game import Game

__all__ = [
    "ATTACK_LEFT",
    "ATTACK_MULTIPLE",
    "ATTACK_OPTION",
    "ATTACK_RIGHT",
    "attackable_by_option",
    "player_to_left",
    "player_to_right",
    "seated_next_to",
]

ATTACK_MULTIPLE = "multiple"
"""Attack multiple players (802): each attacking creature attacks any opponent."""
ATTACK_LEFT = "left"
"""Attack left (803.1a): only the opponent seated immediately to the left."""
ATTACK_RIGHT = "right"
"""Attack right (803.1b): only the opponent seated immediately to the right."""

ATTACK_OPTION = VariantOption(
    "attack",
    str,
    ATTACK_MULTIPLE,
    "802",
    "whom a player may attack: multiple (any opponent, 802), left or right (only the "
    "opponent seated immediately that way, 803)",
    choices=(ATTACK_MULTIPLE, ATTACK_LEFT, ATTACK_RIGHT),
)
"""The option saying which of the attack multiple players, attack left and attack right
options a game uses (806.2b, 811.2b: exactly one of them). A variant with another
default declares ``dataclasses.replace(ATTACK_OPTION, default=ATTACK_LEFT)``."""


def _nearest(game: Game, player: int, step: int) -> int | None:
    """The nearest other player still in the game going ``step`` seats at a time (+1:
    to the left, -1: to the right), or ``None`` if nobody else is left."""
    count = len(game.players)
    for distance in range(1, count):
        seat = (player + step * distance) % count
        if not game.players[seat].has_left:
            return seat
    return None


def player_to_left(game: Game, player: int) -> int | None:
    """The player seated immediately to ``player``'s left: the next seat in turn order
    still in the game (101.4), or ``None`` if nobody else is."""
    return _nearest(game, player, 1)


def player_to_right(game: Game, player: int) -> int | None:
    """The player seated immediately to ``player``'s right: the previous seat still in
    the game, or ``None`` if nobody else is."""
    return _nearest(game, player, -1)


def seated_next_to(game: Game, player: int) -> list[int]:
    """The players seated next to ``player`` (to their left, then to their right; one
    player when only two are left), still in the game."""
    neighbours = [player_to_left(game, player), player_to_right(game, player)]
    return [seat for seat in dict.fromkeys(neighbours) if seat is not None]


def attackable_by_option(game: Game, attacker: int, option: str) -> list[int]:
    """The players ``attacker`` may attack under the attack ``option`` (802, 803), in seat
    order: every opponent for ``multiple``; for ``left`` or ``right`` the player seated
    immediately that way if they are an opponent, and nobody if a teammate sits there
    ("if a player's nearest opponent to the left is more than one seat away, the player
    can't attack", 803.1a-b)."""
    if option == ATTACK_MULTIPLE:
        return game.opponents(attacker)
    if option not in (ATTACK_LEFT, ATTACK_RIGHT):
        raise ValueError(f"unknown attack option {option!r}: multiple (802), left or right (803)")
    neighbour = (player_to_left if option == ATTACK_LEFT else player_to_right)(game, attacker)
    if neighbour is None or not game.is_opponent(attacker, neighbour):
        return []
    return [neighbour]

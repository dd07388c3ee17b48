"""A player's information set: what one player may know of the game (CR 400.2, 401-406).

Views are built of frozen value objects with no reference back to the game, so
nothing hidden from the player (an opponent's hand, any library's order) can be
reached from a view.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["GameView", "ObjectView", "PlayerView"]


@dataclass(frozen=True, slots=True)
class ObjectView:
    """A public (or own hidden) object as its viewer sees it."""

    id: int
    name: str
    owner: int
    controller: int
    zone: str
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    mana_cost: str | None
    power: int | None = None
    toughness: int | None = None
    tapped: bool = False
    damage: int = 0
    attached_to: int | None = None
    counters: tuple[tuple[str, int], ...] = ()
    attacking: int | None = None
    blocking: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Public facts about one player (CR 119, 122, 400.2)."""

    id: int
    name: str
    life: int
    poison: int
    hand_size: int
    library_size: int
    graveyard: tuple[ObjectView, ...]
    mana_pool: tuple[str, ...]
    has_left: bool
    revealed_hand: tuple[ObjectView, ...] | None = None
    """Their hand, while they play with it revealed (Telepathy); ``None`` while it is
    hidden from the other players (400.2)."""
    revealed_library_top: ObjectView | None = None
    """The top card of their library, while they play with it revealed (401.5);
    ``None`` while it is hidden, or their library is empty."""


@dataclass(frozen=True, slots=True)
class GameView:
    """Everything ``viewer`` may know: public zones, their own hand, counts of the rest."""

    viewer: int
    turn: int
    step: str | None
    active_player: int
    players: tuple[PlayerView, ...]
    battlefield: tuple[ObjectView, ...]
    stack: tuple[ObjectView, ...]
    exile: tuple[ObjectView, ...]
    command: tuple[ObjectView, ...]
    """Emblems (CR 114), which everybody sees."""
    hand: tuple[ObjectView, ...]
    """The viewer's own hand."""

    def player(self, player: int) -> PlayerView:
        """The view of one player."""
        return self.players[player]

    def find(self, name: str) -> list[ObjectView]:
        """Objects with this name in the zones the viewer can see."""
        seen = (*self.battlefield, *self.stack, *self.exile, *self.command, *self.hand)
        graveyards = tuple(o for p in self.players for o in p.graveyard)
        return [o for o in (*seen, *graveyards) if o.name == name]

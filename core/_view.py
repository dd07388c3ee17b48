"""A player's information set: what one player may know of the game (CR 400.2, 401-406).

Views are built of frozen value objects with no reference back to the game, so
nothing hidden from the player (an opponent's hand, any library's order) can be
reached from a view.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ._objects import AbilityOnStack, GameObject
from ._zones import Zone
from .cards import OpponentsPlayWithHandsRevealed

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["GameView", "ObjectView", "PlayerView", "build_view", "players_with_hands_revealed"]


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


def players_with_hands_revealed(game: Game) -> frozenset[int]:
    """The players who play with their hands revealed now ("Your opponents play with
    their hands revealed", 701.20a, 701.20c): everybody sees those hands."""
    revealed: set[int] = set()
    for permanent, _ in game.battlefield_abilities(OpponentsPlayWithHandsRevealed):
        revealed.update(game.opponents(permanent.controller))
    return frozenset(revealed)


def build_view(game: Game, viewer: int) -> GameView:
    """What ``viewer`` may know of the game now: their information set."""
    attacking = game.combat.attackers if game.combat else {}
    # A creature blocking several attackers (509.1a) shows the first it blocks.
    blocking = (
        {b: blocked[0] for b, blocked in game.combat.blockers.items() if blocked}
        if game.combat
        else {}
    )

    def public(obj: GameObject) -> ObjectView:
        chars = game.characteristics(obj) if obj.zone is Zone.BATTLEFIELD else None
        # A face-down permanent shows only its face-down values (708.5).
        card = obj.base_card
        return ObjectView(
            id=obj.id,
            name=chars.name if chars else card.name,
            owner=obj.owner,
            controller=obj.controller,
            zone=obj.zone.value,
            types=chars.types if chars else card.types,
            subtypes=chars.subtypes if chars else card.subtypes,
            mana_cost=str(card.mana_cost) if card.mana_cost is not None else None,
            power=chars.power if chars else card.power,
            toughness=chars.toughness if chars else card.toughness,
            tapped=obj.tapped,
            damage=obj.damage,
            attached_to=obj.attached_to,
            counters=tuple(sorted(obj.counters.items())),
            attacking=attacking.get(obj.id),
            blocking=blocking.get(obj.id),
        )

    revealed = players_with_hands_revealed(game)
    players = tuple(
        PlayerView(
            id=p.id,
            name=p.name,
            life=p.life,
            poison=p.poison,
            hand_size=len(p.hand),
            library_size=len(p.library),
            graveyard=tuple(public(o) for o in p.graveyard),
            mana_pool=p.mana_pool.as_tuple(),
            has_left=p.has_left,
            revealed_hand=tuple(public(o) for o in p.hand) if p.id in revealed else None,
            revealed_library_top=(
                public(top) if (top := game.revealed_library_top(p.id)) is not None else None
            ),
        )
        for p in game.players
    )
    stack = tuple(
        public(item) if isinstance(item, GameObject) else _ability_view(item) for item in game.stack
    )
    return GameView(
        viewer=viewer,
        turn=game.turn,
        step=game.step.value if game.step else None,
        active_player=game.active_player,
        players=players,
        battlefield=tuple(public(o) for o in game.battlefield),
        stack=stack,
        exile=tuple(public(o) for o in game.exile),
        command=tuple(public(o) for o in game.command),
        hand=tuple(public(o) for o in game.players[viewer].hand),
    )


def _ability_view(item: AbilityOnStack) -> ObjectView:
    return ObjectView(
        id=item.id,
        name=item.name,
        owner=item.controller,
        controller=item.controller,
        zone="stack",
        types=(),
        subtypes=(),
        mana_cost=None,
    )

"""Tokens: their characteristics (CR 111) and the effect that creates them."""

from __future__ import annotations

from dataclasses import dataclass

from manaweave._engine._mana import COLORS

from ._ability import Ability
from ._amounts import Amount
from ._definition import CardDefinition
from ._resolution import Effect, Resolution, _amount
from ._zone_changes import _into_combat


def token(
    subtypes: str,
    colors: str,
    types: str = "Creature",
    *,
    pt: tuple[int, int] | None = None,
    name: str | None = None,
    abilities: tuple[Ability, ...] = (),
    text: str = "",
) -> CardDefinition:
    """The characteristics of a token (CR 111.3-111.4): ``token("Insect", "G", pt=(1, 1))``
    is a 1/1 green Insect creature token named "Insect Token". A token that "has
    [ability]" gets ``abilities``, and their wording as its ``text`` (111.4)."""
    subtype_list = tuple(subtypes.split())
    return CardDefinition(
        name=name or f"{subtypes} Token",
        mana_cost=None,
        types=tuple(types.split()),
        subtypes=subtype_list,
        text=text,
        power=pt[0] if pt else None,
        toughness=pt[1] if pt else None,
        abilities=abilities,
        colors=tuple(c for c in COLORS if c in colors),
    )


@dataclass(frozen=True, slots=True)
class CreateTokens(Effect):
    """The controller creates ``count`` tokens with ``token``'s characteristics (111.1),
    ``tapped``, and, if ``attacking`` ("that's tapped and attacking") or ``blocking``,
    put onto the battlefield attacking or blocking (508.4, 509.4)."""

    token: CardDefinition
    count: int | Amount = 1
    tapped: bool = False
    attacking: bool = False
    blocking: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        tokens = await game.create_tokens(
            self.token, resolution.controller, _amount(self.count, resolution), tapped=self.tapped
        )
        await _into_combat(game, tokens, attacking=self.attacking, blocking=self.blocking)

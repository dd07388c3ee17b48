"""Hexproof and "hexproof from [quality]" (CR 702.11).

"Hexproof" on a permanent means "This permanent can't be the target of spells or
abilities your opponents control" (702.11b); "hexproof from [quality]" means "This
permanent can't be the target of [quality] spells your opponents control or abilities
your opponents control from [quality] sources" (702.11d). Both work through the targeting
rules: what an ability of a would-be target forbids (115, 601.2c, 608.2b).

Example::

    GLADECOVER_SCOUT = card(
        "Gladecover Scout", "{G}", "Creature — Elf Scout", "Hexproof",
        pt=(1, 1), abilities=(Hexproof(),),
    )
    # "Hexproof from black and from red" is two abilities (702.11f).
    abilities=(HexproofFrom(color="B"), HexproofFrom(color="R"))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import COLOR_WORDS, Ability

if TYPE_CHECKING:
    from manaweave.cards import Targeting
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Hexproof", "HexproofFrom", "mw_keywords"]


def _by_opponent(game: Game, permanent: GameObject, by: Targeting) -> bool:
    """Whether the spell or ability ``by`` is controlled by an opponent of the permanent's
    controller (102.3)."""
    return by.controller in game.opponents(permanent.controller)


@dataclass(frozen=True, slots=True)
class Hexproof(Ability):
    """ "Hexproof" (CR 702.11a-b), a static ability: its permanent can't be the target of
    spells or abilities its controller's opponents control; its controller's own can
    target it. Multiple instances are redundant (702.11h), and all are equal, so an effect
    that makes it lose hexproof takes every instance, and every "hexproof from" too
    (702.11e)."""

    text: str = field(default="Hexproof", compare=False)

    def forbids_targeting(self, game: Game, permanent: GameObject, by: Targeting) -> bool:
        return _by_opponent(game, permanent, by)


@dataclass(frozen=True, slots=True)
class HexproofFrom(Ability):
    """ "Hexproof from [quality]" (CR 702.11d), a hexproof ability: its permanent can't be
    the target of spells its controller's opponents control that have the quality, nor of
    abilities they control whose sources have it. The quality is a colour (``color="B"``,
    "hexproof from black") or a card type (``card_type="Planeswalker"``, "hexproof from
    planeswalkers"). Instances with the same quality are redundant (702.11h); losing
    hexproof takes it away (702.11e)."""

    color: str | None = None
    card_type: str | None = None
    text: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if (self.color is None) == (self.card_type is None):
            raise ValueError("hexproof from one quality: a colour or a card type (702.11d)")
        if not self.text:
            quality = (
                next(word for word, letter in COLOR_WORDS.items() if letter == self.color)
                if self.color is not None
                else f"{(self.card_type or '').lower()}s"
            )
            object.__setattr__(self, "text", f"Hexproof from {quality}")

    def forbids_targeting(self, game: Game, permanent: GameObject, by: Targeting) -> bool:
        if not _by_opponent(game, permanent, by):
            return False
        # The spell itself, or the source of the ability (702.11d).
        chars = by.characteristics(game)
        if self.color is not None:
            return self.color in chars.colors
        return self.card_type in chars.types

    def lost_with(self, lost: Ability) -> bool:
        return self == lost or isinstance(lost, Hexproof)  # 702.11e


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Hexproof, HexproofFrom)

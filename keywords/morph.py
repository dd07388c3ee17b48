"""Morph and megamorph (CR 702.37), face-down spells and permanents (708).

A card with morph may be cast face down for {3} as a 2/2 creature spell with no text, no
name, no subtypes and no mana cost (702.37a, 702.37c, 708.4); the core's way of casting a
card another way (:class:`~manaweave.cards.AlternativeCasting`) does the casting, and its
special action of turning a face-down permanent face up
(:class:`~manaweave.cards.TurnsFaceUp`, 116.2b) does the rest (702.37e). Megamorph adds a
+1/+1 counter as the permanent is turned face up for its megamorph cost (702.37b, 708.11).

Disguise (702.168) makes a face-down permanent with ward {2} (702.21, in
``manaweave.keywords.ward``): face-down values other than the 2/2 with no text of 708.2a
are not implemented, so a card with disguise can't be defined yet.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import ManaCost, RuleNotImplementedError, hookimpl
from manaweave.cards import (
    Ability,
    AlternativeCasting,
    AlternativeCost,
    AsTurnedFaceUp,
    TurnsFaceUp,
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = ["Disguise", "Megamorph", "Morph", "mw_keywords"]

_FACE_DOWN_COST = AlternativeCost("pay {3} (morph)", ManaCost.parse("{3}"))
"""What casting a card face down with a morph ability costs (702.37a): the text names the
ability announced, not the card (702.37c)."""


@dataclass(frozen=True, slots=True)
class Morph(AlternativeCasting, TurnsFaceUp):
    """ "Morph [cost]" (CR 702.37a): "You may cast this card as a 2/2 face-down creature
    with no text, no name, no subtypes, and no mana cost by paying {3} rather than paying
    its mana cost"; a face-down permanent that would have it face up can be turned face up
    any time its controller has priority by paying ``cost`` (702.37e)."""

    cost: str
    """The morph cost, as mana symbols (``"{3}{B}{B}"``)."""
    text: str = ""
    announcement: str = "morph"
    face_down: bool = True

    def __post_init__(self) -> None:
        if ManaCost.parse(self.cost).x_count:
            raise RuleNotImplementedError("702.37f", "a morph cost with X")
        if not self.text:
            object.__setattr__(self, "text", f"{self.keyword.capitalize()} {self.cost}")

    @property
    def keyword(self) -> str:
        return "morph"

    @property
    def alternative_cost(self) -> AlternativeCost:
        return _FACE_DOWN_COST

    @property
    def face_up_cost(self) -> ManaCost:
        return ManaCost.parse(self.cost)


@dataclass(frozen=True, slots=True)
class Megamorph(Morph, AsTurnedFaceUp):
    """ "Megamorph [cost]" (CR 702.37b): morph, and "As this permanent is turned face up,
    put a +1/+1 counter on it if its megamorph cost was paid to turn it face up" (applied
    while it is being turned face up, 708.11). A megamorph cost is a morph cost."""

    @property
    def keyword(self) -> str:
        return "megamorph"

    async def as_turned_face_up(
        self, game: Game, permanent: GameObject, paid: TurnsFaceUp | None
    ) -> None:
        if paid == self:
            await game.put_counters(permanent, "+1/+1", 1, rule="702.37b")


@dataclass(frozen=True, slots=True)
class Disguise(Ability):
    """ "Disguise [cost]" (CR 702.168): cast face down as a 2/2 with ward {2}. A
    face-down object has only the face-down values of 708.2a so far, so defining a card
    with disguise raises :class:`~manaweave.RuleNotImplementedError`."""

    cost: str
    text: str = ""

    def __post_init__(self) -> None:
        raise RuleNotImplementedError(
            "702.168",
            "disguise (its face-down permanent has ward {2}: face-down values other than "
            "those of 708.2a)",
        )


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Morph, Megamorph, Disguise)

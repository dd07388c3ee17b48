"""Landwalk (CR 702.14): an evasion ability (702.14b). A creature with landwalk can't be
blocked as long as the defending player controls at least one land of the kind it
names (702.14c), a restriction on blocking (509.1b) through the core's
:class:`~manaweave.cards.BlockRestriction`.

:class:`Landwalk` is every kind (702.14a): a land type ("islandwalk", "desertwalk"), a
card type or supertype ("artifact landwalk", "legendary landwalk", "snow landwalk"), one
without a supertype ("nonbasic landwalk") or both ("snow swampwalk"); the basic land
type walks and nonbasic landwalk have classes of their own. Landwalk abilities don't
cancel one another (702.14d): a defending player's own creature with the same landwalk
changes nothing. Multiple instances of the same kind are redundant (702.14e). A
text-changing effect changes the land type word of a landwalk ability (612.2).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import hookimpl
from manaweave.cards import Ability, BlockRestriction, TextChange

if TYPE_CHECKING:
    from manaweave.lowlevel import Game, GameObject

__all__ = [
    "Forestwalk",
    "Islandwalk",
    "Landwalk",
    "Mountainwalk",
    "NonbasicLandwalk",
    "Plainswalk",
    "Swampwalk",
    "mw_keywords",
]


@dataclass(frozen=True, slots=True)
class Landwalk(BlockRestriction):
    """ "[Type]walk" (702.14a, 702.14c): the creature that has it can't be blocked as
    long as the defending player controls a land with the land type ``subtype`` (if
    given) and with the card type or supertype ``quality`` (if given), or, if
    ``without``, a land without ``quality`` ("nonbasic landwalk": without "Basic")."""

    subtype: str | None = None
    quality: str | None = None
    without: bool = False
    text: str = ""

    def __post_init__(self) -> None:
        if self.subtype is None and self.quality is None:
            raise ValueError("landwalk names a land type, a card type or a supertype (702.14a)")
        if self.without and (self.quality is None or self.subtype is not None):
            raise ValueError("only 'non[quality] landwalk' names a quality lands lack")
        if not self.text:
            object.__setattr__(self, "text", self._wording())

    def _wording(self) -> str:
        quality = (self.quality or "").lower()
        if self.without:
            quality = f"non{quality}"
        if self.subtype is None:
            return f"{quality} landwalk".capitalize()
        return " ".join(w for w in (quality, f"{self.subtype.lower()}walk") if w).capitalize()

    def lets_walk_over(self, game: Game, land: GameObject) -> bool:
        """Whether ``land`` is of the kind this landwalk names (702.14c)."""
        chars = game.characteristics(land)
        if "Land" not in chars.types:
            return False
        if self.subtype is not None and self.subtype not in chars.subtypes:
            return False
        if self.quality is None:
            return True
        has = self.quality in chars.types or self.quality in chars.supertypes
        return has != self.without

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        if attacker.id != source.id:
            return False
        # Only creatures of the player it attacks may block it (509.1a): the blocker's
        # controller is the defending player.
        defending = blocker.controller
        return any(
            permanent.controller == defending and self.lets_walk_over(game, permanent)
            for permanent in game.battlefield
        )

    def with_text_changed(self, change: TextChange) -> Ability:
        """This landwalk with its land type word changed (612.2): islandwalk becomes
        swampwalk."""
        subtype = change.word(self.subtype)
        if subtype == self.subtype or subtype is None:
            return self
        if self.quality is None and subtype in _BASIC_WALKS:
            return _BASIC_WALKS[subtype]()
        return Landwalk(subtype, self.quality, self.without)


@dataclass(frozen=True, slots=True)
class Plainswalk(Landwalk):
    """ "Plainswalk" (702.14a, 702.14c): unblockable as long as the defending player
    controls a Plains."""

    subtype: str | None = "Plains"
    text: str = "Plainswalk"


@dataclass(frozen=True, slots=True)
class Islandwalk(Landwalk):
    """ "Islandwalk" (702.14a, 702.14c): unblockable as long as the defending player
    controls an Island."""

    subtype: str | None = "Island"
    text: str = "Islandwalk"


@dataclass(frozen=True, slots=True)
class Swampwalk(Landwalk):
    """ "Swampwalk" (702.14a, 702.14c): unblockable as long as the defending player
    controls a Swamp."""

    subtype: str | None = "Swamp"
    text: str = "Swampwalk"


@dataclass(frozen=True, slots=True)
class Mountainwalk(Landwalk):
    """ "Mountainwalk" (702.14a, 702.14c): unblockable as long as the defending player
    controls a Mountain."""

    subtype: str | None = "Mountain"
    text: str = "Mountainwalk"


@dataclass(frozen=True, slots=True)
class Forestwalk(Landwalk):
    """ "Forestwalk" (702.14a, 702.14c): unblockable as long as the defending player
    controls a Forest."""

    subtype: str | None = "Forest"
    text: str = "Forestwalk"


@dataclass(frozen=True, slots=True)
class NonbasicLandwalk(Landwalk):
    """ "Nonbasic landwalk" (702.14a, 702.14c): unblockable as long as the defending
    player controls a land that isn't basic."""

    quality: str | None = "Basic"
    without: bool = True
    text: str = "Nonbasic landwalk"


_BASIC_WALKS: dict[str, type[Landwalk]] = {
    "Plains": Plainswalk,
    "Island": Islandwalk,
    "Swamp": Swampwalk,
    "Mountain": Mountainwalk,
    "Forest": Forestwalk,
}


@hookimpl
def mw_keywords() -> tuple[type[Ability], ...]:
    """The keyword abilities this module defines."""
    return (Landwalk, Plainswalk, Islandwalk, Swampwalk, Mountainwalk, Forestwalk, NonbasicLandwalk)

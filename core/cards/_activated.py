"""Activated abilities (CR 602): mana abilities (605), loyalty abilities (606), the intrinsic
mana abilities of basic land types (305.6), and "if this ability has been activated N or more
times this turn"."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal

from manaweave._engine._mana import ManaCost

from ._ability import Ability
from ._resolution import Effect
from ._target_specs import TargetSpec

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

    from ._costs import Cost


BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
"""The intrinsic mana ability of each basic land type (CR 305.6)."""


@dataclass(frozen=True, slots=True)
class ManaAbility(Ability):
    """An activated mana ability (CR 605.1a): ``{T}: Add {G}`` and the like.

    ``produces`` lists the alternatives (``(("R",), ("G",))`` for "Add {R} or {G}").
    """

    produces: tuple[tuple[str, ...], ...]
    tap: bool = True
    text: str = ""
    intrinsic: bool = False
    """An intrinsic ability of a basic land type (CR 305.6), not from rules text."""

    def outputs(self, game: Game, permanent: GameObject) -> tuple[tuple[str, ...], ...]:
        """The alternatives it can add now, activated from ``permanent`` (605.3a)."""
        return self.produces


@dataclass(frozen=True, slots=True)
class ManaForEachPermanent(ManaAbility):
    """ "{T}: Add {G} for each Elf you control" (CR 605.1a, 106.4): ``produces`` is the
    mana for one; it adds that once for each permanent its controller controls with the
    ``subtype`` (and ``card_type``, if given), counted as it is activated."""

    subtype: str = ""
    card_type: str = ""

    def outputs(self, game: Game, permanent: GameObject) -> tuple[tuple[str, ...], ...]:
        count = 0
        for other in game.battlefield:
            if other.controller != permanent.controller:
                continue
            chars = game.characteristics(other)
            if (not self.subtype or self.subtype in chars.subtypes) and (
                not self.card_type or self.card_type in chars.types
            ):
                count += 1
        return tuple(output * count for output in self.produces)


_INTRINSIC = {
    subtype: ManaAbility(((mana,),), text=f"{{T}}: Add {{{mana}}}.", intrinsic=True)
    for subtype, mana in BASIC_LAND_MANA.items()
}


def intrinsic_abilities(types: tuple[str, ...], subtypes: tuple[str, ...]) -> tuple[Ability, ...]:
    """The mana abilities a land has for its basic land types (CR 305.6); the same objects
    every time, so that they can be recognised."""
    if "Land" not in types:
        return ()
    return tuple(_INTRINSIC[sub] for sub in subtypes if sub in _INTRINSIC)


@dataclass(frozen=True, slots=True)
class ActivatedAbility(Ability):
    """A non-mana activated ability (CR 602): cost, targets, effects."""

    cost: ManaCost
    effects: tuple[Effect, ...]
    tap: bool = False
    targets: tuple[TargetSpec, ...] = ()
    text: str = ""
    costs: tuple[Cost, ...] = ()
    """Its costs other than mana and {T}: ``(SacrificeThis(),)`` and the like (602.1a)."""
    sorcery_speed: bool = False
    """"Activate only as a sorcery" (CR 602.5d): main phase, own turn, empty stack."""
    once_each_turn: bool = False
    """"Activate only once each turn" (CR 602.5b), for each object."""
    keyword: str = ""
    """The keyword ability it is, such as ``"Equip"`` (702.6a), for effects that name it
    ("equip abilities you activate cost {1} less")."""
    zone: Literal["battlefield", "graveyard"] = "battlefield"
    """Where it functions: ``"graveyard"`` for one whose effect moves its object out of
    its owner's graveyard ("Return [this] from your graveyard to your hand", 113.6m); its
    owner activates it there (602.2)."""


@dataclass(frozen=True, slots=True)
class LoyaltyAbility(ActivatedAbility):
    """A loyalty ability (CR 606): its cost is to put on (``loyalty`` > 0) or remove
    loyalty counters; ``loyalty=None`` is [−X], where X is announced as it is activated
    (107.3a). Only at sorcery speed, once per turn per permanent (606.3)."""

    cost: ManaCost = field(default_factory=lambda: ManaCost.parse(""))
    effects: tuple[Effect, ...] = ()
    loyalty: int | None = 0

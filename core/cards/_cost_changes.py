"""Static abilities that change what spells and activated abilities cost (CR 601.2f, 602.2b)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, Literal

from ._ability import Ability
from ._activated import ActivatedAbility, LoyaltyAbility, ManaAbility

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

    from ._definition import CardDefinition


class CostChange(Ability):
    """A static ability that changes what spells cost to cast (CR 601.2f) or what
    activated abilities cost to activate (602.2b, 605.3, 606.4-5): it works from the
    battlefield, or, for "this spell costs ...", while its spell is being cast.

    A subclass overrides :meth:`change` and :meth:`colored_reduction` for spells, and
    :meth:`activation_change` for abilities; each defaults to no change.
    """

    def change(self, game: Game, source: GameObject, spell: CastSpell) -> int:
        """Generic mana to add (negative: to take away) for ``spell``."""
        return 0

    def colored_reduction(self, game: Game, source: GameObject, spell: CastSpell) -> str:
        """Coloured mana to take away for ``spell`` ("cost {W} less"): mana symbols without
        braces, such as ``"W"`` (118.7b-c)."""
        return ""

    def activation_change(
        self, game: Game, source: GameObject, activation: ActivateAbility
    ) -> AbilityCostChange:
        """How this ability changes the total cost of ``activation`` (602.2b)."""
        return NO_COST_CHANGE


@dataclass(frozen=True, slots=True)
class CastSpell:
    """What a cost change sees of a spell being cast: its card, caster and targets."""

    card: CardDefinition
    caster: int
    target_count: int


@dataclass(frozen=True, slots=True)
class ActivateAbility:
    """What a cost change sees of an ability being activated (CR 602.2b): the permanent
    whose ability it is, the ability (a mana ability too, 605.3) and who activates it."""

    source: GameObject
    ability: ActivatedAbility | ManaAbility
    activator: int


@dataclass(frozen=True, slots=True)
class AbilityCostChange:
    """One effect's change to the total cost of an activated ability (CR 602.2b, 601.2f).

    ``generic`` is generic mana to add (negative: to take away, 118.7a); ``less_colored``
    coloured or colourless mana to take away, as symbols without braces (118.7b-d);
    ``loyalty`` an additional loyalty cost, ``1`` for [+1] (606.4), which is combined with
    the ability's own (606.5); ``minimum_mana`` the least mana this effect's reduction may
    leave in the cost ("can't reduce the mana in that cost to less than one mana").
    """

    generic: int = 0
    less_colored: str = ""
    loyalty: int = 0
    minimum_mana: int = 0

    @property
    def reduces(self) -> bool:
        """Whether it takes mana away (as opposed to adding or changing nothing)."""
        return self.generic < 0 or bool(self.less_colored)


NO_COST_CHANGE: Final = AbilityCostChange()
"""The change of a cost change that doesn't apply."""


@dataclass(frozen=True, slots=True)
class ActivatedAbilitiesCost(CostChange):
    """ "Activated abilities [of creatures] [you activate] cost {N} more (or less) to
    activate [unless they're mana abilities]" and "Planeswalkers' loyalty abilities you
    activate cost an additional [+1] to activate" (CR 602.2b, 601.2f, 606.5).

    ``amount`` is generic mana, positive for more and negative for less (118.7a);
    ``less_colored`` takes coloured mana away (118.7b-d); ``loyalty`` is an additional
    loyalty cost and applies to loyalty abilities only (606.4). The filters: ``types`` of
    the permanent whose ability it is (any if empty), ``whose`` abilities by who activates
    them, the ``keyword`` the ability is ("Equip"), and whether ``mana_abilities`` are
    included, as they are unless the text says otherwise (605.3). ``minimum_mana`` is
    Heartstone's "This effect can't reduce the mana in that cost to less than one mana."

    Example, Heartstone::

        ActivatedAbilitiesCost(-1, types=("Creature",), minimum_mana=1, text=...)
    """

    amount: int = 0
    types: tuple[str, ...] = ()
    whose: Literal["you", "opponents", "any"] = "any"
    mana_abilities: bool = True
    keyword: str = ""
    loyalty: int = 0
    less_colored: str = ""
    minimum_mana: int = 0
    text: str = ""

    def _applies(self, game: Game, source: GameObject, activation: ActivateAbility) -> bool:
        if self.whose != "any" and (activation.activator == source.controller) != (
            self.whose == "you"
        ):
            return False
        ability = activation.ability
        if isinstance(ability, ManaAbility):
            if not self.mana_abilities or self.keyword or self.loyalty:
                return False
        elif self.keyword and ability.keyword != self.keyword:
            return False
        if self.loyalty and not isinstance(ability, LoyaltyAbility):
            return False
        if not self.types:
            return True
        types = game.characteristics(activation.source).types
        return any(t in types for t in self.types)

    def activation_change(
        self, game: Game, source: GameObject, activation: ActivateAbility
    ) -> AbilityCostChange:
        if not self._applies(game, source, activation):
            return NO_COST_CHANGE
        return AbilityCostChange(self.amount, self.less_colored, self.loyalty, self.minimum_mana)


@dataclass(frozen=True, slots=True)
class SpellsCost(CostChange):
    """ "[Type] spells [you | your opponents] cast cost {N} more (or less) to cast"
    (CR 601.2f): ``amount`` positive for more, negative for less; ``less_colored`` for
    "cost {W} less"."""

    amount: int
    types: tuple[str, ...] = ()
    whose: Literal["you", "opponents"] = "you"
    text: str = ""
    colors: tuple[str, ...] = ()
    """Only spells of one of these colours ("white spells")."""
    less_colored: str = ""
    """"Cost {W} less": coloured mana taken away, as symbols without braces (118.7c)."""

    def _applies(self, source: GameObject, spell: CastSpell) -> bool:
        mine = spell.caster == source.controller
        if mine != (self.whose == "you"):
            return False
        if self.types and not any(t in spell.card.types for t in self.types):
            return False
        return not self.colors or any(c in spell.card.colors for c in self.colors)

    def change(self, game: Game, source: GameObject, spell: CastSpell) -> int:
        return self.amount if self._applies(source, spell) else 0

    def colored_reduction(self, game: Game, source: GameObject, spell: CastSpell) -> str:
        return self.less_colored if self._applies(source, spell) else ""

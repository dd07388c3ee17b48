"""Finding abilities by kind: the one way the engine asks which abilities of a kind an
object, a card or the board has (CR 113).

A kind is a class of the card language (``CantBeDestroyed``, ``CostChange``,
``TriggeredAbility``, a keyword's or a third party's class): an ability is of its own
class and of every class it derives from, so asking for ``BlockRestriction`` finds
flying and menace. :class:`AbilityIndex` files one tuple of abilities by kind once, and
answers each question after that with one lookup. The tuples it indexes are the printed
abilities of a card (:meth:`manaweave.cards.CardDefinition.abilities_of`, once per
definition) and an object's abilities after the continuous effects
(:meth:`manaweave.lowlevel.Characteristics.abilities_of`, which shares its card's index
until a layer changes its abilities). The board's questions (the abilities of a kind that
permanents, emblems, or the effects of resolved spells give) are answered on top of these
by :class:`~manaweave._engine._derived.DerivedState`, once per state version.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from manaweave.cards import Ability

_A = TypeVar("_A")

__all__ = ["AbilityIndex"]


class AbilityIndex:
    """A tuple of abilities filed by kind (every class each ability is an instance of,
    its own and those it derives from), in the tuple's order.

    Read-only: it indexes the tuple it was built with, which is kept as ``abilities`` so
    that an owner can tell whether the index is still about the tuple it has now. A kind
    is found through the classes an ability derives from (its method resolution order),
    so a class registered as a virtual subclass of an abstract base class is not.
    """

    __slots__ = ("_numbered", "abilities", "by_kind")

    def __deepcopy__(self, memo: dict[int, object]) -> AbilityIndex:
        # Read-only, and about abilities no game changes: a copied game shares it.
        return self

    def __init__(self, abilities: tuple[Ability, ...]) -> None:
        self.abilities = abilities
        """The abilities indexed, in their order."""
        filed: dict[type, list[Ability]] = {}
        for ability in abilities:
            # Every class of its method resolution order but ``object`` (the last one).
            for kind in type(ability).__mro__[:-1]:
                found = filed.get(kind)
                if found is None:
                    filed[kind] = [ability]
                else:
                    found.append(ability)
        self.by_kind: dict[type, tuple[Any, ...]] = {
            kind: tuple(found) for kind, found in filed.items()
        }
        """The index itself, read-only: each kind any ability is of, and the abilities of
        that kind in order (what :meth:`of` answers; the engine's innermost loops look it
        up directly)."""
        self._numbered: dict[type, tuple[tuple[int, Any], ...]] = {}

    def of(self, kind: type[_A]) -> tuple[_A, ...]:
        """The abilities of ``kind`` (its subclasses included), in order; ``()`` if none."""
        return self.by_kind.get(kind, ())

    def has(self, kind: type) -> bool:
        """Whether any ability is of ``kind`` (its subclasses included)."""
        return kind in self.by_kind

    def numbered(self, kind: type[_A]) -> tuple[tuple[int, _A], ...]:
        """The abilities of ``kind``, each with its position among all the abilities (the
        number a player names an activated ability by, and the mana solver keys it by)."""
        found = self._numbered.get(kind)
        if found is None:
            found = self._numbered[kind] = (
                tuple(
                    (position, ability)
                    for position, ability in enumerate(self.abilities)
                    if kind in type(ability).__mro__
                )
                if kind in self.by_kind
                else ()
            )
        return found

    def __repr__(self) -> str:
        return f"<AbilityIndex of {len(self.abilities)} abilities>"

"""Conditions: on spells ("if X is 5 or more"), intervening "if" clauses of triggered
abilities (CR 603.4), and the "as long as" of static abilities (CR 611.3b)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from manaweave._engine._layers import Characteristics

from ._static_layers import IsColors

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject, StackItem

    from ._triggers import TriggerEvent


class SpellCondition:
    """A condition about a spell as it is on the stack ("if X is 5 or more")."""

    def holds(self, spell: StackItem) -> bool:
        """Whether the condition is true for ``spell`` now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class XAtLeast(SpellCondition):
    """The condition "if X is N or more" (CR 107.3)."""

    value: int

    def holds(self, spell: StackItem) -> bool:
        return spell.x >= self.value


class Condition:
    """An intervening "if" clause (CR 603.4), checked on triggering and on resolution."""

    def holds(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        """Whether the condition is true now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class SourceUntapped(Condition):
    """The text "if [this] is untapped": the source is on the battlefield and untapped.
    Checked again as the ability resolves (603.4), a source that has left the battlefield
    is judged by its last known information (608.2h): untapped as it last existed there."""

    def holds(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        # The ability's source object stays as it last existed once it has left (400.7).
        current = game.objects.get(source.id, source)
        return current.zone.value == "battlefield" and not current.tapped


@dataclass(frozen=True, slots=True)
class LifeAtLeast(Condition):
    """The condition "if you have N or more life": the source's controller's life."""

    amount: int

    def holds(self, game: Game, source: GameObject, event: TriggerEvent) -> bool:
        return game.players[source.controller].life >= self.amount


class StaticCondition:
    """The condition of a static ability's "as long as" (CR 611.3b), judged against the
    board as the earlier layers left it."""

    reads_library: ClassVar[bool] = False
    """Whether it reads a library, so that a card leaving, entering or moving within a
    library may change the characteristics it decides (:attr:`CardDefinition.reads_library_top`)."""

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        """Whether the condition is true for ``source`` now."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class YouControlA(StaticCondition):
    """ "As long as you control a(n) [colour] [card type]", or a [subtype] ("a Swamp")."""

    card_type: str
    color: str | None = None
    subtype: str | None = None

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        controller = board[source.id].controller if source.id in board else source.controller
        return any(
            c.controller == controller
            and self.card_type in c.types
            and (self.color is None or self.color in c.colors)
            and (self.subtype is None or self.subtype in c.subtypes)
            for c in board.values()
        )


@dataclass(frozen=True, slots=True)
class IsAttacking(StaticCondition):
    """ "As long as it's attacking" (CR 506.4, 508.1)."""

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        return game.is_attacking(source.id)


@dataclass(frozen=True, slots=True)
class TopOfYourLibraryIs(StaticCondition):
    """ "As long as the top card of your library is [colour]" (CR 611.3b, 401.5): the
    top card of the library of the source's controller, whether or not it is revealed;
    an empty library has no top card, so the condition is false. A card in a library has
    its printed colours, or those a colour-defining ability gives it (604.3, 105.2)."""

    color: str
    reads_library: ClassVar[bool] = True

    def holds(self, game: Game, source: GameObject, board: Mapping[int, Characteristics]) -> bool:
        controller = board[source.id].controller if source.id in board else source.controller
        library = game.players[controller].library
        if not library:
            return False
        return self.color in colors_in_hidden_zone(game, library[-1])


def colors_in_hidden_zone(game: Game, card_obj: GameObject) -> tuple[str, ...]:
    """The colours of a card in a library or hand: its printed colours (105.2) unless a
    colour-defining ability, which works in every zone, sets them (604.3). No other effect
    can reach a card there (a card entering the zone is a new object, 400.7)."""
    chars = Characteristics(card_obj.base_card, card_obj.owner)
    for ability in card_obj.base_card.abilities_of(IsColors):
        for effect in ability.continuous_effects(game, card_obj):
            effect.modify(chars)
    return chars.colors

"""The :class:`Ability` base (CR 113), what it sees of targeting, and text-changing effects."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave._engine._layers import Characteristics

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

    from ._definition import CardDefinition


COLOR_WORDS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
"""The colour words and the colours they name (CR 105.1)."""


@dataclass(frozen=True, slots=True)
class TextChange:
    """Replace every instance of one colour word or one basic land type word with another,
    where it is used as such (CR 612.2)."""

    old: str
    new: str

    def color(self, color: str | None) -> str | None:
        """A colour (as a letter) after the change."""
        if color is not None and COLOR_WORDS.get(self.old) == color:
            return COLOR_WORDS.get(self.new, color)
        return color

    def colors(self, colors: tuple[str, ...]) -> tuple[str, ...]:
        """Colours (as letters) after the change."""
        return tuple(c for c in (self.color(c) for c in colors) if c is not None)

    def word(self, word: str | None) -> str | None:
        """A land or creature type word after the change."""
        return self.new if word == self.old else word


@dataclass(frozen=True, slots=True)
class Targeting:
    """A spell or ability choosing targets, or having them checked as it resolves (CR
    601.2c, 602.2b, 603.3d, 608.2b), as the abilities of a would-be target see it: who
    controls it, whether it is a spell, and its ``source``: the spell itself (or the card
    being cast as one, with the characteristics ``cast_as`` it is cast with, 601.3e), or
    the object whose ability it is, as it is or last existed (113.7a)."""

    controller: int
    source: GameObject
    is_spell: bool
    cast_as: CardDefinition | None = None
    that_player: int | None = None
    """For a triggered ability, the player of the event that triggered it ("that
    player", 603.2)."""

    def characteristics(self, game: Game) -> Characteristics:
        """The characteristics of the spell, or of the ability's source, that "[quality]
        spells" and "abilities from [quality] sources" look at (702.11d, 702.16a)."""
        if self.cast_as is not None:
            return Characteristics(self.cast_as, self.controller)
        return game.characteristics(game.objects.get(self.source.id) or self.source)


class Ability:
    """Base of every ability a card can have (CR 113)."""

    text: str = ""

    def __deepcopy__(self, memo: dict[int, object]) -> Ability:
        # An ability is part of a card's definition, never changed by a game: a copied
        # game shares it (Game.copy).
        return self

    def initialize(self, **values: object) -> None:
        """Give a new ability its fields, as the ``__init__`` a dataclass writes would:
        for an ability class with an ``__init__`` of its own (``init=False``), such as a
        keyword with a parameter whose ``__init__`` takes the parameter ("Rampage 2" is
        ``Rampage(2)``) and works out the fields of the class it derives from (a
        triggered ability's trigger, effects and text). A field not given takes its
        default; one with no default, or a name that is no field, is a ``TypeError``.
        Then ``__post_init__`` runs, if the class has one, as after a dataclass's own
        ``__init__``. Call it from ``__init__`` only: an ability, once made, is a value
        that never changes (a frozen dataclass)."""
        if not dataclasses.is_dataclass(self):
            raise TypeError(f"{type(self).__name__} is not a dataclass: it has no fields")
        fields = {f.name: f for f in dataclasses.fields(self)}
        unknown = sorted(set(values) - set(fields))
        if unknown:
            raise TypeError(f"{type(self).__name__} has no field {', '.join(unknown)}")
        for name, spec in fields.items():
            if name in values:
                value = values[name]
            elif spec.default is not dataclasses.MISSING:
                value = spec.default
            elif spec.default_factory is not dataclasses.MISSING:
                value = spec.default_factory()
            else:
                raise TypeError(f"{type(self).__name__} needs a value for its field {name!r}")
            # The one place a frozen ability's fields are set outside a generated __init__.
            object.__setattr__(self, name, value)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def with_text_changed(self, change: TextChange) -> Ability:
        """This ability with a text-changing effect applied to its words (CR 612.2); an
        ability whose words it doesn't use is unchanged."""
        return self

    def forbids_targeting(self, game: Game, permanent: GameObject, by: Targeting) -> bool:
        """Whether this ability of ``permanent`` stops the spell or ability ``by`` choosing
        it as a target (CR 115.1; hexproof 702.11b, shroud 702.18a)."""
        return False

    def forbids_attachment(
        self, game: Game, permanent: GameObject, attachment: GameObject, *, staying: bool
    ) -> bool:
        """Whether this ability of ``permanent`` keeps the Aura, Equipment or Fortification
        ``attachment`` from being attached to it (CR 701.3a; protection, 702.16c-d). With
        ``staying``, the question is whether one already attached may stay: if not, it is
        put into its owner's graveyard or becomes unattached as a state-based action
        (704.5m-n); some abilities spare those already attached (702.16n, 702.16p)."""
        return False

    def lost_with(self, lost: Ability) -> bool:
        """Whether an effect that makes an object lose ``lost`` takes this ability away
        too (CR 613.1f): an equal one, and for some kinds more ("Any effect that causes an
        object to lose hexproof" also takes "hexproof from [quality]", 702.11e)."""
        return self == lost

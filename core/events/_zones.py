"""Records of zone changes, libraries, tokens, and cards hidden and revealed."""

from __future__ import annotations

from collections.abc import Sequence

from ._record import OMITTED, EventRecord, Omitted

__all__ = [
    "CardDiscarded",
    "CardDrawn",
    "CardsMilled",
    "CardsRevealed",
    "DrawFailed",
    "EmblemCreated",
    "FaceDownIdentified",
    "FaceDownRevealed",
    "FaceUpTurned",
    "LandPlayed",
    "LibrarySearched",
    "LibraryShuffled",
    "LibraryTopRevealed",
    "Manifested",
    "ObjectCeased",
    "ObjectMoved",
    "PermanentEntered",
    "RevealEnded",
    "Sacrificed",
    "SpellProposed",
    "TokenCreated",
    "ZoneChangeRecord",
]


class ZoneChangeRecord(EventRecord):
    """The fields every zone change logs (rule 400.7): ``player`` is the card's owner,
    ``object`` its id before the move and ``new_object`` after it, ``card`` its name
    (``None`` for a face-down card), ``from_zone`` and ``to_zone`` the zones' names.
    Abstract: each kind of zone change is a subclass with its own log name."""

    object: int
    new_object: int
    card: str | None
    from_zone: str
    to_zone: str


class CardDrawn(ZoneChangeRecord, event="card_drawn"):
    """A player drew a card: the top card of the library moved to the hand (rule 121.1)."""


class LandPlayed(ZoneChangeRecord, event="land_played"):
    """A player played a land, from their hand to the battlefield (rule 305.1)."""


class SpellProposed(ZoneChangeRecord, event="spell_proposed"):
    """The first step of casting a spell: the card moved to the stack (rule 601.2a)."""


class PermanentEntered(ZoneChangeRecord, event="permanent_entered"):
    """A resolving permanent spell (rule 608.3a, 608.3c for an Aura) or a card an effect
    put there (610.3, ...) entered the battlefield."""


class ObjectMoved(ZoneChangeRecord, event="object_moved"):
    """Any other zone change (rule 400.7); the ``rule`` says why."""


class CardDiscarded(ZoneChangeRecord, event="card_discarded"):
    """A player discarded a card (rule 514.1 in the cleanup step, 701.9b for an effect)."""


class Sacrificed(ZoneChangeRecord, event="sacrificed"):
    """A player sacrificed a permanent; it moved to its owner's graveyard (rule 701.21a)."""


class Manifested(ZoneChangeRecord, event="manifested"):
    """A player manifested a card: it entered face down as a 2/2 creature (rule 701.40a);
    its ``card`` is ``None``."""


class LibraryShuffled(EventRecord, event="library_shuffled", state_check=False):
    """``player``'s library was shuffled (rule 701.24a); the new order follows from the seed."""


class LibrarySearched(EventRecord, event="library_searched"):
    """A player searched their library and found ``object``, named ``card``, without
    revealing it (rules 701.23a, 701.23e); visible to that player only."""

    object: int
    card: str


class CardsMilled(EventRecord, event="cards_milled"):
    """A player is about to mill ``count`` cards (rule 701.17a); the moves follow."""

    count: int


class DrawFailed(EventRecord, event="draw_failed"):
    """A player had to draw from an empty library; nothing moved (rule 121.4)."""


class LibraryTopRevealed(EventRecord, event="library_top_revealed"):
    """The top card of ``player``'s library, ``object`` named ``card``, is revealed
    (rules 401.5, 701.18c)."""

    object: int
    card: str


class RevealEnded(EventRecord, event="reveal_ended"):
    """The card revealed on top of ``player``'s library stopped being revealed while still
    in it (rule 401.6, or 701.20d for a shuffle)."""

    object: int
    card: str


class CardsRevealed(EventRecord, event="cards_revealed"):
    """A player revealed ``cards`` (their names, rule 701.20a); ``source`` is the
    permanent whose static ability revealed a card drawn (603.11). Cards revealed in a
    hand (a hand revealed, a card drawn, cards revealed to splice them onto ``spell``,
    rule 702.47a) have their ids in ``objects``: they stay the same objects, and who saw
    them knows them there (400.2)."""

    source: int | Omitted = OMITTED
    cards: Sequence[str]
    objects: Sequence[int] | Omitted = OMITTED
    spell: str | Omitted = OMITTED


class TokenCreated(EventRecord, event="token_created"):
    """``player`` created a token, ``object`` named ``card``, on the battlefield under
    their control (rules 111.1-111.4)."""

    object: int
    card: str


class ObjectCeased(EventRecord, event="object_ceased"):
    """A token outside the battlefield (rule 704.5d) or a copy of a spell outside the stack
    (rule 704.5e) ceased to exist; ``player`` is its owner."""

    object: int


class EmblemCreated(EventRecord, event="emblem_created"):
    """``player`` got an emblem ``object`` with the abilities ``text``, created by
    ``source`` (rule 114.1)."""

    object: int
    source: int
    text: str


class FaceDownIdentified(EventRecord, event="face_down_identified"):
    """What the face-down permanent ``object`` is, for its controller's eyes only (rule 708.5)."""

    object: int
    card: str


class FaceUpTurned(EventRecord, event="face_up_turned"):
    """A face-down permanent was turned face up: it is ``card`` now (rule 708.8, 701.40b
    for a manifested card, 702.37e for morph)."""

    object: int
    card: str


class FaceDownRevealed(EventRecord, event="face_down_revealed"):
    """Face-down spells and permanents were revealed as the game ended or as ``player``
    left it (rule 708.9): ``objects`` are ``[id, card]`` pairs."""

    objects: Sequence[Sequence[int | str]]

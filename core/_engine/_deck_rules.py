"""Deck construction rules (CR 100.2, 100.4): what a variant requires of a deck.

A :class:`~manaweave.lowlevel.Variant` carries a :class:`DeckRules` (constructed play for the
built-in variants), and :func:`~manaweave.new_game` checks every deck against it before the
game starts, so that nothing is played with an illegal deck. A caller may pass other rules
(``deck_rules=LIMITED``), and a variant plugin may set its own or override
:meth:`~manaweave.lowlevel.Variant.check_deck`.

A card's own text can change the copy limit ("A deck can have any number of cards named
Relentless Rats"): see :attr:`~manaweave.cards.CardDefinition.copies_in_deck`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from ._errors import DeckRulesError

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._decklist import Decklist

__all__ = ["CONSTRUCTED", "DECK_RULES", "LIMITED", "UNCHECKED", "DeckRules"]


@dataclass(frozen=True, slots=True)
class DeckRules:
    """Limits on a deck: its main deck's minimum size (100.2a, 100.5), how many copies of a
    card other than a basic land it and its sideboard may hold together (100.2a, 100.4a),
    and the sideboard's maximum size (100.4a). ``None`` means no limit.

    ``sections`` are the extra decklist sections (``Commander``, ``Companion``) the rules
    give a meaning to; a deck with any other is refused rather than played without it.
    """

    name: str
    min_deck_size: int | None = None
    max_copies: int | None = None
    max_sideboard_size: int | None = None
    sections: frozenset[str] = frozenset()

    def problems(self, decklist: Decklist, cards: Mapping[str, CardDefinition]) -> list[str]:
        """Everything wrong with ``decklist`` under these rules, in list order; ``cards``
        looks up the definitions of its card names."""
        found: list[str] = []
        size = len(decklist)
        if self.min_deck_size is not None and size < self.min_deck_size:
            found.append(
                f"the deck has {size} cards; {self.name} decks need at least "
                f"{self.min_deck_size} (100.2a)"
            )
        sideboard = sum(entry.count for entry in decklist.sideboard)
        if self.max_sideboard_size is not None and sideboard > self.max_sideboard_size:
            found.append(
                f"the sideboard has {sideboard} cards; {self.name} sideboards hold at most "
                f"{self.max_sideboard_size} (100.4a)"
            )
        for section, entries in decklist.sections:
            if entries and section not in self.sections:
                found.append(f"{self.name} play has no {section} section")
        if self.max_copies is not None:
            found += self._copy_problems(decklist, cards, self.max_copies)
        return found

    def _copy_problems(
        self, decklist: Decklist, cards: Mapping[str, CardDefinition], default_limit: int
    ) -> list[str]:
        totals: dict[str, int] = {}
        for entry in (*decklist.main, *decklist.sideboard):
            totals[entry.name] = totals.get(entry.name, 0) + entry.count
        found = []
        for name, count in totals.items():
            definition = cards[name]
            if "Basic" in definition.supertypes and definition.is_land:
                continue  # any number of basic land cards (100.2a)
            limit = definition.copies_in_deck
            if limit == "any":
                continue
            allowed = default_limit if limit is None else limit
            if count > allowed:
                where = " in the deck and sideboard" if decklist.sideboard else ""
                found.append(f"{count} copies of {name}{where}; at most {allowed} (100.2a, 100.4a)")
        return found

    def check(self, decklist: Decklist, cards: Mapping[str, CardDefinition]) -> None:
        """Raise :class:`~manaweave.DeckRulesError` listing every problem, if there is any."""
        found = self.problems(decklist, cards)
        if not found:
            return
        what = f"deck {decklist.name!r}" if decklist.name else "the deck"
        if len(found) == 1:
            message = f"{what} breaks the {self.name} deck rules: {found[0]}"
        else:
            listed = "".join(f"\n  - {problem}" for problem in found)
            message = f"{what} breaks the {self.name} deck rules in {len(found)} ways:{listed}"
        raise DeckRulesError(message, problems=tuple(found))


CONSTRUCTED: Final = DeckRules("constructed", min_deck_size=60, max_copies=4, max_sideboard_size=15)
"""Constructed play (100.2a, 100.4a): at least 60 cards, at most four copies of a card
other than basic lands in deck and sideboard together, at most 15 sideboard cards."""

LIMITED: Final = DeckRules("limited", min_deck_size=40)
"""Limited play (100.2b, 100.4b): at least 40 cards; copies are limited only by the
product the cards came from, and every other card of the pool is in the sideboard."""

UNCHECKED: Final = DeckRules("unchecked")
"""No limits at all, for test scenarios and casual experiments; sections are still refused."""

DECK_RULES: Final[Mapping[str, DeckRules]] = {
    rules.name: rules for rules in (CONSTRUCTED, LIMITED, UNCHECKED)
}
"""The built-in deck rules by name (``manaweave play --deck-rules limited``)."""

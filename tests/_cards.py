"""Test-only cards, defined in the card language and registered by a test plugin."""

from __future__ import annotations

import manaweave
from manaweave.cards import (
    TARGET_CREATURE,
    Becomes,
    CardSet,
    PutCounters,
    SpellAbility,
    card,
)

WITHER = card(
    "Test Wither",
    "{B}",
    "Sorcery",
    "Put two -1/-1 counters on target creature.",
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PutCounters("-1/-1", 2),)),
)
"""A sorcery that puts -1/-1 counters on a creature (no such card is defined yet)."""

SHRINK = card(
    "Test Shrink",
    "{U}",
    "Instant",
    "Target creature has base power and toughness 1/1 until end of turn.",
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(pt=(1, 1)),)),
)
"""An instant that sets a creature's base P/T (layer 7b) until end of turn."""


class TestCards:
    """A plugin adding the test-only cards: ``Scenario(plugins=[TestCards()])``."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set."""
        return [CardSet("TST", "Test cards", (WITHER, SHRINK))]

"""The "Example:" paragraphs of CR 702 (the keywords the engine has), 707, 709, 710, 712,
722, 726, 728 and 731 that the engine and its card pool can express, played out. Each test
quotes its example's situation in a comment.

Test-only cards stand in where an example names a card of a set not defined yet; they are
written in the card language like any other card.
"""

from __future__ import annotations

import pytest

import manaweave
from manaweave import DecisionKind
from manaweave.cards import (
    CardSet,
    EntersAsCopy,
    card,
)
from manaweave.testing import Scenario

CARDS = (
    card(
        "Test Quicksilver Gargantuan",
        "{5}{U}{U}",
        "Creature — Shapeshifter",
        "You may have Test Quicksilver Gargantuan enter as a copy of any creature on the "
        "battlefield, except it's 7/7.",
        pt=(7, 7),
        abilities=(
            EntersAsCopy(
                text="You may have Test Quicksilver Gargantuan enter as a copy of any "
                "creature on the battlefield, except it's 7/7.",
                pt=(7, 7),
            ),
        ),
    ),
)


class ExampleCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set of this module."""
        return [CardSet("TKC", "Test cards for the 702-731 examples", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[ExampleCards()], **kwargs)  # type: ignore[arg-type]


# --- 707 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Nightmare")
@pytest.mark.rules("707.9d", "707.9b", "604.3")
def test_707_9d_a_copy_given_a_power_and_toughness_does_not_copy_the_defining_ability() -> None:
    # Quicksilver Gargantuan ("... as a copy of any creature on the battlefield, except
    # it's 7/7") enters as a copy of Tarmogoyf, whose characteristic-defining ability sets
    # its power and toughness: the Gargantuan doesn't have that ability, and is 7/7.
    # Nightmare (power and toughness equal to the Swamps you control) plays Tarmogoyf.
    s = scenario()
    s.add(0, "battlefield", *["Island"] * 7)
    s.add(0, "hand", "Test Quicksilver Gargantuan")
    s.add(1, "battlefield", "Nightmare", "Swamp", "Swamp")
    s.cast(0, "Test Quicksilver Gargantuan")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Nightmare")
    s.run()
    gargantuan = s.permanent("Test Quicksilver Gargantuan")
    chars = s.game.characteristics(gargantuan)
    assert (chars.name, chars.power, chars.toughness) == ("Nightmare", 7, 7)
    assert [a.text for a in chars.abilities if "Swamps" in a.text] == []
    assert (s.power("Nightmare"), s.toughness("Nightmare")) == (2, 2)

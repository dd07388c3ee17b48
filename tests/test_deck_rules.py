"""Deck construction rules as variant policy (CR 100.2, 100.4): a deck the game's rules
forbid is refused before anything is played, with every problem named."""

from __future__ import annotations

from pathlib import Path

import pytest

import manaweave
from manaweave import (
    CONSTRUCTED,
    LIMITED,
    UNCHECKED,
    DecklistError,
    DeckRules,
    DeckRulesError,
    hookimpl,
    parse_decklist,
)
from manaweave.cards import CardSet, Printed, card
from manaweave.lowlevel import PluginHost, Variant
from manaweave.players import RandomBot

pytestmark = pytest.mark.rules("100.2a")


class _DeckRuleCards:
    """A card any number of which a deck may hold, and one it may hold seven of."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        swarm = card(
            "Test Swarm",
            printed=Printed(
                "{1}{B}",
                "Creature — Rat",
                "A deck can have any number of cards named Test Swarm.",
                pt=(1, 1),
            ),
            copies_in_deck="any",
        )
        seven = card(
            "Test Seven",
            printed=Printed(
                "{2}{R}",
                "Creature — Dwarf",
                "A deck can have up to seven cards named Test Seven.",
                pt=(2, 2),
            ),
            copies_in_deck=7,
        )
        return [CardSet("DRT", "Deck rule tests", (swarm, seven))]


HOST = PluginHost([_DeckRuleCards()], autoload=False)


def deck(text: str) -> manaweave.Decklist:
    return parse_decklist(text, HOST.cards, name="test deck")


def problems(text: str, rules: DeckRules = CONSTRUCTED) -> list[str]:
    return rules.problems(deck(text), HOST.cards)


def test_a_constructed_deck_has_at_least_sixty_cards() -> None:
    assert problems("20 Forest\n4 Grizzly Bears\n") == [
        "the deck has 24 cards; constructed decks need at least 60 (100.2a)"
    ]
    assert problems("56 Forest\n4 Grizzly Bears\n") == []
    assert problems("100 Forest\n4 Grizzly Bears\n") == []  # no maximum size (100.5)


def test_at_most_four_copies_of_a_card_other_than_basic_lands() -> None:
    assert problems("55 Forest\n5 Grizzly Bears\n") == [
        "5 copies of Grizzly Bears; at most 4 (100.2a, 100.4a)"
    ]
    # Lines of the same card add up.
    assert problems("54 Forest\n3 Grizzly Bears\n3 Grizzly Bears\n") == [
        "6 copies of Grizzly Bears; at most 4 (100.2a, 100.4a)"
    ]
    # Basic lands are exempt; a nonbasic land is not.
    assert problems("30 Forest\n26 Plains\n4 Sunpetal Grove\n") == []
    assert problems("30 Forest\n25 Plains\n5 Sunpetal Grove\n") == [
        "5 copies of Sunpetal Grove; at most 4 (100.2a, 100.4a)"
    ]


@pytest.mark.rules("100.4a")
def test_the_sideboard_holds_fifteen_cards_and_shares_the_copy_limit() -> None:
    assert problems("56 Forest\n4 Grizzly Bears\nSideboard\n15 Plains\n") == []
    assert problems("56 Forest\n4 Grizzly Bears\nSideboard\n16 Plains\n") == [
        "the sideboard has 16 cards; constructed sideboards hold at most 15 (100.4a)"
    ]
    assert problems("56 Forest\n4 Grizzly Bears\nSideboard\n1 Grizzly Bears\n") == [
        "5 copies of Grizzly Bears in the deck and sideboard; at most 4 (100.2a, 100.4a)"
    ]


def test_a_card_can_allow_any_number_or_a_different_number_of_copies() -> None:
    assert problems("20 Swamp\n40 Test Swarm\n") == []
    assert problems("53 Swamp\n7 Test Seven\n") == []
    assert problems("52 Swamp\n8 Test Seven\n") == [
        "8 copies of Test Seven; at most 7 (100.2a, 100.4a)"
    ]


@pytest.mark.rules("100.2b")
def test_limited_decks_have_forty_cards_and_any_number_of_copies() -> None:
    assert problems("17 Forest\n23 Grizzly Bears\n", LIMITED) == []
    assert problems("17 Forest\n22 Grizzly Bears\n", LIMITED) == [
        "the deck has 39 cards; limited decks need at least 40 (100.2a)"
    ]
    assert problems("1 Grizzly Bears\n", UNCHECKED) == []


def test_every_problem_is_reported_in_one_error() -> None:
    with pytest.raises(DeckRulesError) as raised:
        CONSTRUCTED.check(
            deck("10 Forest\n5 Grizzly Bears\nCommander\n1 Grizzly Bears\n"), HOST.cards
        )
    error = raised.value
    assert isinstance(error, DecklistError)
    assert isinstance(error, ValueError)
    assert error.problems == (
        "the deck has 15 cards; constructed decks need at least 60 (100.2a)",
        "constructed play has no Commander section",
        "5 copies of Grizzly Bears; at most 4 (100.2a, 100.4a)",
    )
    assert str(error).startswith("deck 'test deck' breaks the constructed deck rules in 3 ways:")


def test_new_game_refuses_an_illegal_deck_before_anything_is_logged(tmp_path: Path) -> None:
    log = tmp_path / "never.jsonl"
    with pytest.raises(DeckRulesError, match="5 copies of Grizzly Bears"):
        manaweave.run(
            decks=[["Forest"] * 55 + ["Grizzly Bears"] * 5, "m10:red-green"],
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            plugins=HOST,
            log=log,
        )
    assert not log.exists()


def test_a_caller_may_play_with_other_deck_rules() -> None:
    outcome = manaweave.run(
        decks=[["Forest"] * 17 + ["Grizzly Bears"] * 23] * 2,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        plugins=HOST,
        deck_rules=LIMITED,
        max_turns=4,
    )
    assert outcome.turns >= 1


class _SingletonTwoPlayer(Variant):
    """A two-player variant whose decks hold one copy of each card but basic lands."""

    name = "singleton"
    deck_rules = DeckRules("singleton", min_deck_size=60, max_copies=1)


class _SingletonPlugin:
    @hookimpl
    def mw_variants(self) -> list[Variant]:
        return [_SingletonTwoPlayer()]


def test_a_variant_sets_its_own_deck_rules() -> None:
    host = PluginHost([_SingletonPlugin(), _DeckRuleCards()], autoload=False)
    players = [RandomBot(seed=1), RandomBot(seed=2)]
    with pytest.raises(DeckRulesError, match="singleton deck rules: 4 copies of Lightning Bolt"):
        manaweave.run(
            decks=[["Mountain"] * 56 + ["Lightning Bolt"] * 4] * 2,
            players=players,
            plugins=host,
            variant="singleton",
        )
    singleton = ["Mountain"] * 58 + ["Lightning Bolt", "Shock"]
    outcome = manaweave.run(
        decks=[singleton] * 2, players=players, plugins=host, variant="singleton", max_turns=3
    )
    assert outcome.turns >= 1


def test_every_ready_deck_is_a_legal_constructed_deck() -> None:
    host = PluginHost(autoload=False)
    ready = [(s, name, text) for s in host.cards.sets for name, text in s.decks.items()]
    assert len(ready) >= 6
    for card_set, name, text in ready:
        decklist = parse_decklist(text, host.cards, name=name)
        assert CONSTRUCTED.problems(decklist, host.cards) == [], name
        in_set = {definition.name for definition in card_set.cards}
        assert set(decklist.counts()) <= in_set, f"{name} has cards from another set"

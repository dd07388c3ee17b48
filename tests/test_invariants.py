"""Property tests: random legal play never crashes, and the game's invariants hold."""

from __future__ import annotations

import functools
import random
from collections import Counter
from collections.abc import Mapping

import pytest
import trio
from hypothesis import given, settings
from hypothesis import strategies as st

from manaweave import UNCHECKED, Decision, Zone, hookimpl, new_game, play_game
from manaweave.cards import CardDefinition
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot

DECKS = ("m10:red-green", "m10:green-white")


def _zone_lists(game: Game) -> dict[Zone, list[object]]:
    return {
        Zone.LIBRARY: [o for p in game.players for o in p.library],
        Zone.HAND: [o for p in game.players for o in p.hand],
        Zone.GRAVEYARD: [o for p in game.players for o in p.graveyard],
        Zone.BATTLEFIELD: list(game.battlefield),
        Zone.EXILE: list(game.exile),
        # Every stack: one per turn marker with several turns at once (807.5).
        Zone.STACK: [o for stack in game.all_stacks() for o in stack if hasattr(o, "card")],
        Zone.COMMAND: list(game.command),
    }


def check_invariants(game: Game, deck_sizes: list[int]) -> None:
    """Every card is in exactly one zone, matches that zone, no card is lost, and no
    player raised (an invariant that failed inside a decision shows up as that)."""
    raised = [r["traceback"] for r in game.log.records if r["event"] == "player_raised"]
    assert not raised, raised[0]
    seen: Counter[int] = Counter()
    owned: Counter[int] = Counter()
    for zone, objects in _zone_lists(game).items():
        for obj in objects:
            assert obj.zone is zone, f"{obj} is listed in {zone}"  # type: ignore[attr-defined]
            assert game.objects[obj.id] is obj  # type: ignore[attr-defined]
            seen[obj.id] += 1  # type: ignore[attr-defined]
            if not (obj.is_spell_copy or obj.is_token or zone is Zone.COMMAND):  # type: ignore[attr-defined]
                owned[obj.owner] += 1  # type: ignore[attr-defined]
    assert all(count == 1 for count in seen.values())
    assert set(seen) == {i for i, o in game.objects.items() if o.zone is not Zone.STACK} | {
        o.id for stack in game.all_stacks() for o in stack if hasattr(o, "card")
    }
    for state in game.players:
        if not state.has_left:
            assert owned[state.id] == deck_sizes[state.id]  # nothing lost or created (400.7)
        assert state.mana_pool.total >= 0


class _Checking:
    """Checks the invariants each time a player is asked anything."""

    def __init__(self, deck_sizes: list[int]) -> None:
        self.deck_sizes = deck_sizes
        self.checks = 0

    @hookimpl
    def mw_game_setup(self, game: Game) -> None:
        checker = self

        class Wrapped:
            def __init__(self, inner: RandomBot) -> None:
                self.inner = inner

            async def decide(self, decision: Decision) -> object:
                check_invariants(game, checker.deck_sizes)
                checker.checks += 1
                return await self.inner.decide(decision)

        game.actors[:] = [Wrapped(a) for a in game.actors]  # type: ignore[arg-type]


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=10**6),
    players=st.integers(min_value=2, max_value=4),
    first_deck=st.sampled_from(DECKS),
)
def test_random_games_keep_every_invariant(seed: int, players: int, first_deck: str) -> None:
    decks = [
        first_deck if i % 2 == 0 else DECKS[(DECKS.index(first_deck) + 1) % 2]
        for i in range(players)
    ]
    checking = _Checking([60] * players)
    host = PluginHost([checking], autoload=False)
    game = new_game(
        decks=decks,
        players=[RandomBot(seed=seed * 10 + i) for i in range(players)],
        seed=seed,
        plugins=host,
        max_turns=80,
    )
    outcome = trio.run(play_game, game)
    records = game.log.records
    assert [r["seq"] for r in records] == list(range(len(records)))  # gap-free
    assert records[0]["event"] == "game_started"
    assert records[-1]["event"] == "game_ended"
    assert checking.checks > 0
    assert outcome.turns <= 80
    if outcome.winners:
        assert all(not game.players[w].has_left for w in outcome.winners)
    check_invariants(game, [60] * players)


def check_team_invariants(game: Game) -> None:
    """Every seat on exactly one team; teammates that share their totals share one
    object (810.4, 810.10); the winners are players of one team still in the game
    (104.2c); nobody is both a teammate and an opponent (102.3)."""
    assert sorted(s for team in game.teams for s in team.members) == list(range(len(game.players)))
    for team in game.teams:
        for member in team.members:
            assert game.team_of(member) is team
            if team.shares_totals:
                assert game.players[member].totals is game.players[team.members[0]].totals
            alive = {p.id for p in game.alive()}
            assert not set(game.teammates(member)) & set(game.opponents(member))
            assert set(game.opponents(member)) <= alive
    if game.outcome is not None and game.outcome.winners:
        assert len({game.team_of(w).id for w in game.outcome.winners}) == 1
        assert all(not game.players[w].has_left for w in game.outcome.winners)


# Team games: (variant, players, options), each a real way of playing one (102.3, 800-811).
TEAM_GAMES = (
    ("team_vs_team", 4, {}),
    ("team_vs_team", 6, {"teams": 3, "deploy": True}),
    ("alternating_teams", 6, {"teams": 3, "attack": "left"}),
    ("emperor", 6, {}),
    ("two_headed_giant", 4, {}),
    ("two_headed_giant", 6, {}),
    ("free_for_all", 5, {"range_of_influence": 1}),
)


@pytest.mark.rules("102.3", "104.2c", "400.7", "810.4")
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), setup=st.sampled_from(TEAM_GAMES))
def test_random_team_games_keep_every_invariant(
    seed: int, setup: tuple[str, int, dict[str, object]]
) -> None:
    variant, players, options = setup
    checking = _Checking([60] * players)
    game = new_game(
        decks=[DECKS[i % 2] for i in range(players)],
        players=[RandomBot(seed=seed * 10 + i) for i in range(players)],
        seed=seed,
        variant=variant,
        options=options,
        plugins=PluginHost([checking], autoload=False),
        max_turns=40,
    )
    trio.run(play_game, game)
    assert checking.checks > 0
    check_invariants(game, [60] * players)
    check_team_invariants(game)


PLANESWALKER_DECK = (
    ["Island"] * 10
    + ["Mountain"] * 10
    + ["Swamp"] * 6
    + ["Jace Beleren"] * 6
    + ["Chandra Nalaar"] * 6
    + ["Liliana Vess"] * 4
    + ["Goblin Piker"] * 6
    + ["Coral Merfolk"] * 6
    + ["Lightning Bolt"] * 6
)


SPELLS_DECK = (
    ["Mountain"] * 10
    + ["Plains"] * 8
    + ["Island"] * 6
    + ["Cone of Flame"] * 4
    + ["Flames of the Firebrand"] * 4
    + ["Downpour"] * 4
    + ["Bandage"] * 4
    + ["Samite Healer"] * 4
    + ["Oblivion Ring"] * 4
    + ["Grizzly Bears"] * 4
    + ["Goblin Piker"] * 8
)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_games_with_planeswalkers_keep_every_invariant(seed: int) -> None:
    # Loyalty abilities, damage to planeswalkers and attacks on them (CR 306, 606, 508.1b);
    # against "another target", "up to" targets, divided damage, prevention shields and
    # linked abilities (115.3, 601.2c-d, 615.7, 607.2a).
    _play_checked([PLANESWALKER_DECK, SPELLS_DECK], seed)


def _play_checked(decks: list[list[str]], seed: int) -> None:
    """A two-player game of random bots, its invariants checked at every decision."""
    checking = _Checking([60, 60])
    host = PluginHost([checking], autoload=False)
    game = new_game(
        decks=decks,
        players=[RandomBot(seed=seed * 10 + i) for i in range(2)],
        seed=seed,
        plugins=host,
        deck_rules=UNCHECKED,  # a test deck: many copies of the cards it tests
        max_turns=60,
    )
    trio.run(play_game, game)
    check_invariants(game, [60, 60])
    assert "game_ended" in {r["event"] for r in game.log.records}


COSTS_AND_COPIES_DECK = (
    ["Mountain"] * 12
    + ["Island"] * 8
    + ["Swamp"] * 4
    + ["Fireball"] * 4
    + ["Fling"] * 4
    + ["Thud"] * 2
    + ["Twincast"] * 4
    + ["Reverberate"] * 4
    + ["Redirect"] * 2
    + ["Wild Guess"] * 4
    + ["Goblin Grenade"] * 2
    + ["Altar's Reap"] * 2
    + ["Lightning Bolt"] * 2
    + ["Goblin Piker"] * 6
)


REGENERATION_DECK = (
    ["Forest"] * 10
    + ["Swamp"] * 10
    + ["Plains"] * 4
    + ["Regenerate"] * 4
    + ["Drudge Skeletons"] * 4
    + ["Cudgel Troll"] * 4
    + ["Vampire Warlord"] * 2
    + ["Trollhide"] * 4
    + ["Terror"] * 2
    + ["Doom Blade"] * 2
    + ["Wrath of God"] * 2
    + ["Weakness"] * 4
    + ["Aura of Silence"] * 2
    + ["Grizzly Bears"] * 6
)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6))
def test_random_games_with_costs_copies_and_regeneration_keep_every_invariant(seed: int) -> None:
    # Additional costs, cost increases and reversed casts (118.8, 601.2f, 732.1), copies and
    # new targets (707.10, 115.7d), regeneration and "can't be regenerated" (701.19).
    _play_checked([COSTS_AND_COPIES_DECK, REGENERATION_DECK], seed)


def _random_deck(
    rng: random.Random, cards: Mapping[str, CardDefinition], pool: list[str], colors: str
) -> list[str]:
    """36 random cards of two colours (at most four of each) and 24 basic lands."""
    playable = [n for n in pool if set(cards[n].colors) <= set(colors)]
    deck: list[str] = []
    while len(deck) < 36:
        name = rng.choice(playable)
        if deck.count(name) < 4:
            deck.append(name)
    return deck + [_BASICS[colors[0]]] * 12 + [_BASICS[colors[1]]] * 12


_BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}


@functools.cache
def manaweave_cards() -> Mapping[str, CardDefinition]:
    """Every card of the built-in sets."""
    return PluginHost(autoload=False).cards


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(min_value=0, max_value=10**6), players=st.integers(2, 4))
def test_random_decks_from_the_whole_card_pool_keep_every_invariant(
    seed: int, players: int
) -> None:
    # Every card the sets define, in random two-colour decks, 2-4 players: no player
    # raises, no card is lost, and the game ends (CR 104).
    rng = random.Random(seed)
    cards = manaweave_cards()
    pool = sorted(n for n, c in cards.items() if not c.is_land or n == "Mystifying Maze")
    decks = [
        _random_deck(rng, cards, pool, "".join(rng.sample("WUBRG", 2))) for _ in range(players)
    ]
    checking = _Checking([60] * players)
    host = PluginHost([checking], autoload=False)
    game = new_game(
        decks=decks,
        players=[RandomBot(seed=seed * 10 + i) for i in range(players)],
        seed=seed,
        plugins=host,
        max_turns=40,
    )
    trio.run(play_game, game)
    check_invariants(game, [60] * players)

"""What a player asks the engine to do for them: stops (the engine passes priority for
them, 117.3d, unless the stack holds something or it is a step they named) and paying
their mana costs (601.2g-h). Both are recorded in ``game_started`` and replayed."""

from __future__ import annotations

from typing import Any

import orjson
import pytest
import trio

from manaweave import (
    DecisionKind,
    GameLogError,
    Preferences,
    Step,
    Stops,
    new_game,
    play_game,
    replay,
)
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot
from manaweave.testing import DecisionRecorder, Scenario

STOPS = Preferences(stops=Stops())
BOTH = Preferences(stops=Stops(), engine_pays=True)


def _game(
    preferences: list[Preferences | None], seed: int = 3, **kwargs: Any
) -> tuple[Game, DecisionRecorder]:
    recorder = DecisionRecorder()
    game = new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=seed * 10 + i, preferences=p) for i, p in enumerate(preferences)],
        seed=seed,
        plugins=PluginHost([recorder]),
        **kwargs,
    )
    trio.run(play_game, game)
    return game, recorder


def _active_in(game: Game) -> dict[int, int]:
    return {r["turn"]: r["player"] for r in game.log.records if r["event"] == "turn_began"}


@pytest.mark.rules("117.3d", "117.3a", "117.3b")
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_player_with_stops_is_asked_only_at_them(seed: int) -> None:
    game, recorder = _game([STOPS, None], seed=seed)
    active = _active_in(game)
    mine = recorder.priority(player=0)
    assert mine
    for asked in mine:
        own = active[asked.turn] == 0
        assert asked.stack > 0 or (
            own and asked.step in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
        )
        assert len(asked.options) > 1  # never asked when passing is all it could do
    # The other player, without stops, is asked at every priority it receives.
    theirs = recorder.priority(player=1)
    assert {a.step for a in theirs} > {Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN}
    assert any(len(a.options) == 1 for a in theirs)


@pytest.mark.rules("117.3d")
def test_stops_in_other_players_turns_and_only_pass() -> None:
    stops = Stops(
        own_turn=frozenset(),
        other_turns=frozenset({"declare_attackers"}),
        stack=False,
        only_pass=True,
    )
    game, recorder = _game([Preferences(stops=stops), None], seed=4)
    active = _active_in(game)
    mine = recorder.priority(player=0)
    assert mine
    assert all(a.step is Step.DECLARE_ATTACKERS and active[a.turn] == 1 for a in mine)
    assert any(len(a.options) == 1 for a in mine)  # asked though it could only pass


@pytest.mark.rules("117.3d", "117.4")
def test_a_spell_cast_with_stops_still_resolves_and_opponents_may_respond() -> None:
    s = Scenario(preferences={0: STOPS, 1: STOPS})
    s.add(0, "hand", "Lightning Bolt").mana(0, "R")
    s.add(1, "hand", "Giant Growth").mana(1, "G")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(1, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.END))
    # P2 was asked in P1's turn only while the bolt was on the stack, and saved its bear.
    asked = s.decisions.priority(player=1)
    assert asked
    assert all(a.stack > 0 for a in asked)
    assert s.battlefield(1) == ["Grizzly Bears"]


@pytest.mark.rules("601.2g", "601.2h", "117.1d")
def test_the_engine_pays_for_a_player_who_asks_it_to() -> None:
    game, recorder = _game([BOTH, None], seed=5)
    assert not recorder.of_kind(DecisionKind.PAYMENT, 0)
    cast = [r for r in game.log.records if r["event"] == "spell_cast" and r["player"] == 0]
    assert cast
    # Mana abilities are still priority actions it may take (117.1d).
    offered = [o for a in recorder.priority(player=0) for o in a.options]
    assert any(getattr(o, "is_mana_ability", False) for o in offered)


@pytest.mark.rules("601.2g", "601.2h", "106.1")
def test_the_engine_pays_with_pool_mana_first_and_keeps_versatile_sources() -> None:
    s = Scenario(preferences={0: Preferences(engine_pays=True)})
    s.add(0, "battlefield", "Birds of Paradise", "Forest")
    s.add(0, "hand", "Giant Growth", "Llanowar Elves")
    s.add(0, "battlefield", "Grizzly Bears")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.END))
    # The Forest paid {G}; the Birds, which make any colour, stayed untapped.
    assert s.permanent("Forest").tapped
    assert not s.permanent("Birds of Paradise").tapped
    s2 = Scenario(preferences={0: Preferences(engine_pays=True)})
    s2.add(0, "battlefield", "Forest", "Grizzly Bears")
    s2.add(0, "hand", "Giant Growth").mana(0, "G")
    s2.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s2.run(until=(1, Step.END))
    assert not s2.permanent("Forest").tapped  # the {G} in the pool paid


@pytest.mark.rules("117.3d", "601.2g")
@pytest.mark.parametrize("seed", [6, 7])
def test_preferences_are_logged_and_replayed(seed: int) -> None:
    game, _ = _game([BOTH, Preferences(stops=Stops(other_turns=frozenset({"end"})))], seed=seed)
    records = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
    logged = [p.get("preferences") for p in records[0]["players"]]
    assert logged[0] == {
        "engine_pays": True,
        "stops": {
            "own_turn": ["precombat_main", "postcombat_main"],
            "other_turns": [],
            "stack": True,
            "only_pass": False,
        },
    }
    assert logged[1]["stops"]["other_turns"] == ["end"]
    result = replay(records, plugins=PluginHost([DecisionRecorder()]))
    assert result.identical, result.mismatch
    # Without them the replay would ask other decisions: the recorded ones are needed.
    del records[0]["players"][0]["preferences"]
    assert not replay(records, plugins=PluginHost([DecisionRecorder()])).identical


def test_a_player_without_preferences_is_recorded_as_before() -> None:
    game, _ = _game([None, None])
    assert all("preferences" not in p for p in game.log.records[0]["players"])


def test_malformed_preferences_are_clear_errors() -> None:
    with pytest.raises(ValueError, match=r"unknown step.*'lunch'.*the steps are untap"):
        Stops(own_turn=frozenset({"lunch"}))
    with pytest.raises(TypeError, match="a set of step names"):
        Stops(own_turn="upkeep")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="stops must be a Stops"):
        Preferences(stops="often")  # type: ignore[arg-type]
    bot = RandomBot(seed=1)
    bot.preferences = "yes"  # type: ignore[assignment]
    with pytest.raises(TypeError, match=r"preferences must be a manaweave\.Preferences"):
        new_game(decks=["m10:red-green"] * 2, players=[bot, RandomBot(seed=2)])
    game, _ = _game([BOTH, None])
    records = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
    records[0]["players"][0]["preferences"] = {"stops": {"own_turn": ["lunch"]}}
    with pytest.raises(GameLogError, match="preferences are malformed"):
        replay(records, plugins=PluginHost([DecisionRecorder()]))


class ChangesItsMind(RandomBot):
    """Asked at every priority until its ``switch``-th decision; then it asks for stops
    and engine payment, and from the decision after it on, it is asked as they say."""

    def __init__(self, seed: int, switch: int) -> None:
        super().__init__(seed=seed)
        self.switch = switch
        self.answered = 0

    async def decide(self, decision: Any) -> Any:
        self.answered += 1
        if self.answered == self.switch:
            self.preferences = BOTH
        return await super().decide(decision)


@pytest.mark.rules("117.3d", "601.2g")
@pytest.mark.parametrize("seed", [4, 5])
def test_a_player_may_change_preferences_during_the_game(seed: int) -> None:
    """A change is logged as the player answers the decision they made it in, holds from
    their next decision on, and a replay takes it up at the same answer."""
    changing = ChangesItsMind(seed * 10, switch=30)
    recorder = DecisionRecorder()
    game = new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[changing, RandomBot(seed=seed * 10 + 1)],
        seed=seed,
        plugins=PluginHost([recorder]),
    )
    trio.run(play_game, game)
    records = [orjson.loads(orjson.dumps(r)) for r in game.log.records]
    (changed,) = [r for r in records if r["event"] == "preferences_changed"]
    assert changed["player"] == 0
    assert changed["preferences"] == BOTH.to_log()
    following = records[changed["seq"] + 1]
    assert (following["event"], following["player"]) == ("decision_made", 0)
    mine = [a for a in recorder.asked if a.player == 0]
    before, after = mine[:30], mine[30:]
    assert any(len(a.options) == 1 for a in before if a.kind is DecisionKind.PRIORITY)
    assert after
    for asked in after:
        assert asked.kind is not DecisionKind.PAYMENT  # the engine pays now
        if asked.kind is DecisionKind.PRIORITY:
            assert len(asked.options) > 1  # never asked when passing is all it could do
    result = replay(records, plugins=PluginHost([DecisionRecorder()]))
    assert result.identical, result.mismatch
    records[changed["seq"]]["preferences"] = {"stops": "sometimes"}
    with pytest.raises(GameLogError, match=r"line \d+: the changed preferences are malformed"):
        replay(records, plugins=PluginHost([DecisionRecorder()]))

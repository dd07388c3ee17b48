"""The state-based action contract (``manaweave.hookspecs.StateBasedAction``): the
built-in actions come through ``mw_collect_state_based_actions`` like a third party's,
are ordered by rule, and each is handed only the subjects it says it looks at."""

from __future__ import annotations

import pytest

from manaweave import hookimpl
from manaweave.hookspecs import (
    BaseStateBasedAction,
    LooksAt,
    StateBasedAction,
    StateBasedActionResult,
)
from manaweave.lowlevel import Characteristics, Game, GameObject, PlayerState
from manaweave.testing import Scenario

BUILTIN_RULES = [
    "704.5a",
    "704.5d",
    "704.5f",
    "704.5g",
    "704.5h",
    "704.5i",
    "704.5j",
    "704.5k",
    "704.5m",
    "704.5n",
    "704.5q",
    "704.5r",
    "704.5s",
    "704.5v",
    "704.5y",
]


class _Recorder(BaseStateBasedAction):
    """Records every subject it is handed."""

    def __init__(self, rule: str, looks_at: frozenset[LooksAt]) -> None:
        self.rule = rule
        self.looks_at = looks_at
        self.seen: list[str] = []

    def check_player(
        self, game: Game, player: PlayerState, found: list[StateBasedActionResult]
    ) -> None:
        self.seen.append(f"player {player.id}")

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        self.seen.append(permanent.name)

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> None:
        self.seen.append("game")


class _Recorders:
    def __init__(self, *recorders: _Recorder) -> None:
        self.recorders = recorders

    @hookimpl
    def mw_collect_state_based_actions(self, game: Game) -> list[StateBasedAction]:
        return list(self.recorders)


def _one_check(*recorders: _Recorder) -> Scenario:
    s = Scenario(plugins=[_Recorders(*recorders)])
    s.add(0, "battlefield", "Grizzly Bears", "Forest")
    s.add(1, "battlefield", "Ajani Goldmane")
    s.run()
    return s


@pytest.mark.rules("704.3", "704.5")
def test_the_builtin_state_based_actions_are_contributed_objects_in_rule_order() -> None:
    s = Scenario()
    s.run()
    hooks = s.game.hooks
    assert hooks is not None
    rules = [a.rule for a in hooks.state_based_actions.actions]
    assert rules == BUILTIN_RULES
    modules = {type(a).__module__ for a in hooks.state_based_actions.actions}
    assert modules == {
        "manaweave.plugins.rules.state_based_actions",
        "manaweave.keywords.deathtouch",
    }


@pytest.mark.rules("704.3")
@pytest.mark.parametrize(
    ("looks_at", "expected"),
    [
        (LooksAt.EACH_PLAYER, {"player 0", "player 1"}),
        (LooksAt.EACH_CREATURE, {"Grizzly Bears"}),
        (LooksAt.EACH_PLANESWALKER, {"Ajani Goldmane"}),
        (LooksAt.EACH_PERMANENT, {"Grizzly Bears", "Forest", "Ajani Goldmane"}),
        (LooksAt.EACH_PERMANENT_WITH_COUNTERS, {"Ajani Goldmane"}),  # loyalty
        (LooksAt.EACH_BATTLE, set()),
        (LooksAt.EACH_LEGENDARY_PERMANENT, {"Ajani Goldmane"}),
        (LooksAt.EACH_WORLD_PERMANENT, set()),
        (LooksAt.EACH_ATTACHMENT, set()),
        (LooksAt.THE_GAME, {"game"}),
    ],
)
def test_an_action_is_handed_only_what_it_looks_at(looks_at: LooksAt, expected: set[str]) -> None:
    recorder = _Recorder("704.6", frozenset({looks_at}))
    checking = _Recorder("704.6", frozenset({LooksAt.THE_GAME}))
    _one_check(recorder, checking)
    assert checking.seen  # state-based actions were checked
    assert set(recorder.seen) == expected


def test_nothing_found_means_no_event() -> None:
    s = _one_check(_Recorder("704.6", frozenset(LooksAt)))
    assert s.events("state_based_actions_performed") == []

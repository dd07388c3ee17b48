"""A state-based action and a keyword action that manaweave does not ship, added by a
distribution of its own through the same hooks the built-in rules use.

``tests/third_party/manaweave-doom`` contributes the keyword action proliferate
(CR 701.34a, through ``mw_keywords``), the Doom variant's state-based action (704.6: three
doom counters on a permanent and its controller's opponents lose, through
``mw_collect_state_based_actions``) and Doomsday Engine, a card that uses both. The test
builds and installs it, finds it through its entry point in the group ``manaweave``, and
plays the card until the state-based action ends the game.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from _third_party import install, load_entry_point

from manaweave import DecisionKind, hookimpl
from manaweave.events import EventRecord, record_classes
from manaweave.lowlevel import Game, PluginHost
from manaweave.testing import Scenario


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The distribution, built and installed into a fresh folder."""
    return install("manaweave-doom", tmp_path_factory)


@pytest.fixture
def doom(installed: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The plugin module, loaded from its entry point."""
    return load_entry_point(installed, "manaweave", "doom", monkeypatch)


@pytest.mark.rules("701.34a")
def test_the_keyword_action_is_found_through_its_entry_point(doom: ModuleType) -> None:
    host = PluginHost()  # entry points are loaded, as for every user
    keyword = host.keywords["proliferate"]
    assert keyword.action is doom.PROLIFERATE
    assert (keyword.plugin, keyword.rule) == ("manaweave:doom", "701.34a")
    assert "Doomsday Engine" in host.cards


def _engine_game(doom: ModuleType, proliferate: tuple[str, ...]) -> Scenario:
    # P1 casts Doomsday Engine (two doom counters), then activates it: proliferate, giving
    # the chosen permanents one more counter of each kind.
    s = Scenario(plugins=[doom])
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Doomsday Engine")
    s.cast(0, "Doomsday Engine")
    s.activate(0, "Doomsday Engine", stack_empty=True)
    s.choose(0, DecisionKind.CHOICE, *proliferate)
    s.run()
    return s


@pytest.mark.rules("701.34a", "704.6", "704.3", "104.3b")
@pytest.mark.cards("Doomsday Engine")
def test_proliferating_a_third_doom_counter_makes_the_opponent_lose(doom: ModuleType) -> None:
    s = _engine_game(doom, ("Doomsday Engine",))
    added = [e for e in s.events("counters_added") if e["kind"] == "doom"]
    assert [(e["count"], e["total"], e["rule"]) for e in added] == [
        (2, 2, added[0]["rule"]),
        (1, 3, "701.34a"),
    ]
    (sba,) = s.events("state_based_actions_performed")
    assert sba["losses"] == [[1, "704.6"]]
    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    assert s.outcome.losers == ((1, "doom"),)


@pytest.mark.rules("701.34a", "704.6")
@pytest.mark.cards("Doomsday Engine")
def test_choosing_nothing_to_proliferate_adds_no_counter(doom: ModuleType) -> None:
    s = _engine_game(doom, ())
    assert [e["total"] for e in s.events("counters_added") if e["kind"] == "doom"] == [2]
    assert s.events("state_based_actions_performed") == []
    assert s.outcome is None or s.outcome.losers == ()


class _Poisoned:
    """Gives player 2 two poison counters as the game is set up."""

    @hookimpl
    def mw_game_setup(self, game: Game) -> None:
        game.players[1].poison = 2


@pytest.mark.rules("701.34a")
@pytest.mark.cards("Doomsday Engine")
def test_a_poison_counter_proliferated_is_logged_with_the_plugins_own_record(
    doom: ModuleType,
) -> None:
    s = Scenario(plugins=[doom, _Poisoned()])
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Doomsday Engine")
    s.cast(0, "Doomsday Engine")
    s.activate(0, "Doomsday Engine", stack_empty=True)
    s.choose(0, DecisionKind.CHOICE, "P2")
    s.run()
    (added,) = s.events("poison_counter_added")
    assert (added["player"], added["rule"], added["total"]) == (1, "701.34a", 3)
    assert list(added)[-2:] == ["total", "event"]
    assert issubclass(doom.PoisonCounterAdded, EventRecord)
    assert record_classes()["poison_counter_added"] is doom.PoisonCounterAdded

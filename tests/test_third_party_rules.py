"""A state-based action and a keyword action that manaweave does not ship, added by a
distribution of its own through the same hooks the built-in rules use.

``tests/third_party/manaweave-doom`` contributes the keyword action proliferate
(CR 701.34a, through ``mw_keywords``), the Doom variant's state-based action (704.6: three
doom counters on a permanent and its controller's opponents lose, through
``mw_collect_state_based_actions``) and Doomsday Engine, a card that uses both. The test
builds and installs it, finds it through its entry point in the group ``manaweave``, and
runs the distribution's own tests against the install: they play the card until the
state-based action ends the game.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from _third_party import install, load_entry_point, run_own_tests

from manaweave.lowlevel import PluginHost


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


def test_its_own_tests_pass_against_the_install(installed: Path, tmp_path: Path) -> None:
    output, report = run_own_tests("manaweave-doom", installed, tmp_path)
    assert "manaweave: 2 passed test(s) covered 4 rule number(s) and 1 card(s)" in output
    assert [(test["outcome"], test["cards"]) for test in report["tests"]] == [
        ("passed", ["Doomsday Engine"]),
        ("passed", ["Doomsday Engine"]),
    ]

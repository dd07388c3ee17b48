"""A keyword that manaweave does not ship, added by a distribution of its own.

``tests/third_party/manaweave-bushido`` is a complete third-party keyword plugin: bushido
(CR 702.45) and a card with it, registered through an entry point in the group
``manaweave``. The test builds and installs it into a temporary folder, finds it
the way every plugin host does, and runs the distribution's own tests against the install:
blocks where bushido decides the outcome.
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
    return install("manaweave-bushido", tmp_path_factory)


@pytest.fixture
def bushido(installed: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The plugin module, loaded from its entry point."""
    return load_entry_point(installed, "manaweave", "bushido", monkeypatch)


@pytest.mark.rules("702.45a")
def test_the_installed_keyword_is_found_through_its_entry_point(bushido: ModuleType) -> None:
    host = PluginHost()  # entry points are loaded, as for every user
    keyword = host.keywords["bushido"]
    assert keyword.ability is bushido.Bushido
    assert keyword.plugin == "manaweave:bushido"
    assert keyword.rule == "702.45a"
    assert host.cards["Devoted Retainer"].abilities == (bushido.Bushido(1),)


def test_its_own_tests_pass_against_the_install(installed: Path, tmp_path: Path) -> None:
    # The distribution's tests use manaweave's pytest plugin: the markers, the scenario
    # fixture (with the plugin added by its conftest.py) and the test report.
    output, report = run_own_tests("manaweave-bushido", installed, tmp_path)
    assert "manaweave: 4 passed test(s) covered 4 rule number(s) and 1 card(s)" in output
    outcomes = {test["nodeid"].split("::")[-1]: test for test in report["tests"]}
    assert {test["outcome"] for test in outcomes.values()} == {"passed"}
    retainer = outcomes[
        "test_bushido_makes_the_blocker_big_enough_to_kill_the_attacker[Devoted Retainer]"
    ]
    assert retainer["cards"] == ["Devoted Retainer"]
    assert retainer["rules"] == ["702.45a", "509.3a", "510.2"]
    elves = outcomes[
        "test_bushido_makes_the_blocker_big_enough_to_kill_the_attacker[Llanowar Elves]"
    ]
    assert elves["cards"] == []

"""A keyword that manaweave does not ship, added by a distribution of its own.

``tests/third_party/manaweave-bushido`` is a complete third-party keyword plugin: bushido
(CR 702.45) and a card with it, registered through an entry point in the group
``manaweave``. The test builds and installs it into a temporary folder, finds it
the way every plugin host does, and plays a block where bushido decides the outcome.
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from _third_party import install, load_entry_point

from manaweave import Step
from manaweave.lowlevel import PluginHost
from manaweave.testing import Scenario


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


@pytest.mark.rules("702.45a", "509.3a", "510.2")
@pytest.mark.parametrize("blocks", [True, False])
def test_bushido_makes_the_blocker_big_enough_to_kill_the_attacker(
    bushido: ModuleType, blocks: bool
) -> None:
    # Devoted Retainer (1/1, bushido 1) blocks Grizzly Bears (2/2): it becomes 2/2 until
    # end of turn, and both creatures die. Llanowar Elves (1/1, no bushido) blocking
    # instead deals 1 damage, and the attacker survives.
    blocker = "Devoted Retainer" if blocks else "Llanowar Elves"
    s = Scenario(plugins=[bushido])
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", blocker)
    s.attack(0, "Grizzly Bears")
    s.block(1, blocker, "Grizzly Bears")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert ("Grizzly Bears" in s.graveyard(0)) is blocks
    assert s.graveyard(1) == [blocker]
    assert [e["text"] for e in s.events("ability_triggered")] == (["Bushido 1"] if blocks else [])


@pytest.mark.rules("702.45a", "509.3c")
def test_bushido_triggers_when_its_creature_becomes_blocked(bushido: ModuleType) -> None:
    # Devoted Retainer attacks and Grizzly Bears blocks: 2/2 against 2/2, both die.
    s = Scenario(plugins=[bushido])
    s.add(0, "battlefield", "Devoted Retainer")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Devoted Retainer")
    s.block(1, "Grizzly Bears", "Devoted Retainer")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.graveyard(0) == ["Devoted Retainer"]

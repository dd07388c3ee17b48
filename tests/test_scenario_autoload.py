"""``Scenario(autoload=True)`` loads the plugins installed under manaweave's entry points."""

from __future__ import annotations

import importlib.metadata
from typing import Any

import pytest

from manaweave import UnknownCardError, hookimpl
from manaweave.cards import CardSet, Printed, card
from manaweave.lowlevel import ENTRY_POINT_GROUP
from manaweave.testing import Scenario


class _InstalledSet:
    """What an installed third-party card set contributes."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [
            CardSet(
                "EPT",
                "Entry point test set",
                (
                    card(
                        "Entry Point Bear", printed=Printed("{1}{G}", "Creature — Bear", pt=(2, 2))
                    ),
                ),
            )
        ]


class _Dist:
    version = "1.0"


class _EntryPoint:
    """An installed distribution's entry point in manaweave's group."""

    name = "entry_point_test_set"
    group = ENTRY_POINT_GROUP
    dist = _Dist()

    def load(self) -> object:
        return _InstalledSet()


@pytest.fixture
def installed_set(monkeypatch: pytest.MonkeyPatch) -> None:
    def entry_points(**params: Any) -> list[_EntryPoint]:
        return [_EntryPoint()] if params.get("group") == ENTRY_POINT_GROUP else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)


@pytest.mark.rules("508.1", "510.1")
@pytest.mark.usefixtures("installed_set")
def test_autoload_brings_in_installed_plugins() -> None:
    s = Scenario(autoload=True)
    s.add(0, "battlefield", "Entry Point Bear")
    s.attack(0, "Entry Point Bear")
    s.run()
    assert s.life(1) == 18
    assert ["manaweave:entry_point_test_set", "1.0"] in s.events("game_started")[0]["plugins"]


@pytest.mark.usefixtures("installed_set")
def test_without_autoload_a_scenario_has_only_what_it_names() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Entry Point Bear")
    with pytest.raises(UnknownCardError, match="Entry Point Bear"):
        s.run()

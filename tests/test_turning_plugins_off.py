"""Turning plugins off by name, and the entry-point groups plugins are found in.

Built-in plugins are modules registered by name and can be turned off like any other:
``PluginHost(disable=[...])``, ``MANAWEAVE_PLUGINS="no:NAME"`` and
``manaweave play -p no:NAME``. Third-party plugins are entry points in the group
``manaweave``; the groups of manaweave 0.1 still load, with a ``DeprecationWarning``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from manaweave import hookimpl, new_game, replay
from manaweave.log import read_events
from manaweave.lowlevel import BUILTIN_PLUGINS, PLUGINS_ENV, Game, PluginHost
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot
from manaweave.testing import Scenario

FLYING = "manaweave.keywords.flying"


@pytest.mark.parametrize("name", [FLYING, "flying"])
def test_a_builtin_plugin_is_turned_off_by_its_module_or_short_name(name: str) -> None:
    host = PluginHost(autoload=False, disable=[name])
    assert not host.manager.has_plugin(FLYING)
    assert host.disabled == {FLYING}
    assert "flying" not in host.keywords
    assert "reach" in host.keywords
    assert FLYING not in dict(host.plugin_versions)


def test_an_unknown_plugin_name_is_an_error_listing_the_known_ones() -> None:
    with pytest.raises(ValueError, match="'flyng'") as raised:
        PluginHost(autoload=False, disable=["flyng"])
    assert "known plugins: " in str(raised.value)
    assert "flying" in str(raised.value)
    assert "state_based_actions" in str(raised.value)


@pytest.mark.rules("704.5g", "704.3")
def test_the_environment_turns_the_state_based_actions_off(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Lightning Bolt deals 3 damage to Grizzly Bears (2/2): with the rules' state-based
    # actions turned off, nothing destroys it.
    def bolt_the_bears() -> Scenario:
        s = Scenario()
        s.add(0, "battlefield", "Mountain")
        s.add(1, "battlefield", "Grizzly Bears")
        s.add(0, "hand", "Lightning Bolt")
        s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
        s.run()
        return s

    assert bolt_the_bears().graveyard(1) == ["Grizzly Bears"]
    monkeypatch.setenv(PLUGINS_ENV, "no:manaweave.plugins.rules.state_based_actions")
    s = bolt_the_bears()
    assert s.graveyard(1) == []
    assert s.events("state_based_actions_performed") == []
    assert "manaweave.plugins.rules.state_based_actions" not in dict(s.events()[0]["plugins"])


def test_the_environment_may_name_several_plugins_and_load_a_module(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "no:flying, no:reach tests_plugin_module")
    monkeypatch.syspath_prepend(str(Path(__file__).parent / "_plugin_modules"))
    host = PluginHost(autoload=False)
    assert host.disabled == {FLYING, "manaweave.keywords.reach"}
    assert host.manager.has_plugin("tests_plugin_module")
    assert host.bots["tests_plugin_module"] is RandomBot


def test_the_command_line_turns_a_plugin_off(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.jsonl"
    code = main(["play", "-p", "no:flying", "--seed", "2", "--log", str(log), "--quiet"])
    assert code == 0
    plugins = dict(next(read_events(log)).data["plugins"])
    assert FLYING not in plugins
    assert "manaweave.keywords.reach" in plugins
    assert main(["keywords", "-p", "no:flying"]) == 0
    listed = capsys.readouterr().out
    assert "\nreach " in listed
    assert "\nflying " not in listed


def test_a_game_played_with_a_plugin_off_records_it_and_replays_identically(
    tmp_path: Path,
) -> None:
    log = tmp_path / "game.jsonl"
    code = main(["play", "-p", "no:flying", "--seed", "3", "--log", str(log), "--quiet"])
    assert code == 0
    assert next(read_events(log)).data["disabled_plugins"] == [FLYING]
    assert main(["replay", str(log)]) == 0
    result = replay(log)
    assert result.mismatch is None


def test_a_game_with_every_plugin_on_records_no_disabled_plugins(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert main(["play", "--seed", "3", "--log", str(log), "--quiet"]) == 0
    assert "disabled_plugins" not in next(read_events(log)).data


def test_the_command_line_rejects_an_unknown_plugin(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "-p", "no:flyng", "--quiet"]) == 2
    assert "cannot turn off the plugin 'flyng'" in capsys.readouterr().err


def test_every_builtin_plugin_can_be_turned_off() -> None:
    for name in BUILTIN_PLUGINS:
        host = PluginHost(autoload=False, disable=[name])
        assert not host.manager.has_plugin(name)


def _fake_distribution(site: Path, group: str) -> None:
    """A distribution ``old-style-plugin`` whose plugin module is an entry point of
    ``group``, installed in ``site`` as pip would install it."""
    (site / "old_style_plugin.py").write_text(
        "from manaweave import hookimpl\n\n\n@hookimpl\ndef mw_bots():\n    return {}\n",
        encoding="utf-8",
    )
    info = site / "old_style_plugin-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: old-style-plugin\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[{group}]\nold = old_style_plugin\n", encoding="utf-8")


@pytest.mark.parametrize(
    "group", ["manaweave.plugins", "manaweave.sets", "manaweave.variants", "manaweave.bots"]
)
def test_an_entry_point_in_an_old_group_loads_with_a_deprecation_warning(
    group: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_distribution(tmp_path, group)
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.deprecated_call(match="old-style-plugin .* group 'manaweave'"):
        host = PluginHost()
    assert host.manager.has_plugin(f"{group}:old")
    assert dict(host.plugin_versions)[f"{group}:old"] == "1.0"


def test_an_entry_point_in_the_group_manaweave_loads_without_a_warning(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_distribution(tmp_path, "manaweave")
    monkeypatch.syspath_prepend(str(tmp_path))
    host = PluginHost()  # pytest's filterwarnings = error: any warning fails the test
    assert host.manager.has_plugin("manaweave:old")
    assert not PluginHost(disable=["old"]).manager.has_plugin("manaweave:old")


class _NotAStateBasedAction:
    @hookimpl
    def mw_collect_state_based_actions(self, game: Game) -> list[object]:
        return [object()]


def test_a_contributed_object_that_is_not_a_state_based_action_is_a_clear_error() -> None:
    host = PluginHost([_NotAStateBasedAction()], autoload=False)
    with pytest.raises(TypeError, match="not a StateBasedAction"):
        new_game(
            decks=["m10:red-green", "m10:green-white"],
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            plugins=host,
        )

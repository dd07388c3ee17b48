"""Turning plugins off by name, and the entry-point groups plugins are found in.

Built-in plugins are modules registered by name and can be turned off like any other:
``PluginHost(disable=[...])``, ``MANAWEAVE_PLUGINS="no:NAME"`` and
``manaweave play -p no:NAME``. Third-party plugins are entry points in the group
``manaweave``; the groups of manaweave 0.1 still load, with a ``DeprecationWarning``.
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from manaweave import (
    DeckRulesError,
    KeywordActionUnavailableError,
    Step,
    Zone,
    hookimpl,
    new_game,
    replay,
)
from manaweave.cards import Ability, Cost, Effect
from manaweave.hookspecs import KeywordAction
from manaweave.keywords.flying import Flying
from manaweave.log import read_events
from manaweave.lowlevel import (
    BUILTIN_PLUGINS,
    PLUGINS_ENV,
    Game,
    GameObject,
    PluginHost,
    ZoneMove,
    card_needs,
)
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


# --- a plugin turned off takes its rule out of the game --------------------------------


def test_a_card_whose_keyword_is_turned_off_is_refused_at_deck_check_naming_its_plugin() -> None:
    host = PluginHost(autoload=False, disable=["flying"])
    with pytest.raises(DeckRulesError) as raised:
        new_game(
            decks=["m10:white-blue-fliers", "m10:red-green"],
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            plugins=host,
        )
    assert (
        "Wind Drake needs flying (702.9a), whose plugin manaweave.keywords.flying is turned off"
        in raised.value.problems
    )
    assert not any("Grizzly Bears" in problem for problem in raised.value.problems)


@pytest.mark.rules("702.9b", "509.1b")
@pytest.mark.parametrize(
    "card",
    [
        "Wind Drake",  # has flying
        "Jump",  # "target creature gains flying until end of turn"
        "Earthquake",  # "each creature without flying"
        "Gargoyle Castle",  # makes a token with flying
    ],
)
def test_no_card_brings_a_turned_off_keyword_into_a_scenario(
    card: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(PLUGINS_ENV, "no:flying")
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "hand", card)
    with pytest.raises(DeckRulesError, match=f"{card} needs flying .*manaweave.keywords.flying"):
        s.run()


@pytest.mark.rules("702.9b")
def test_with_flying_off_no_card_the_game_accepts_has_grants_or_mentions_flying() -> None:
    # The rule is gone from every game: flying's restriction on blocking (its only code)
    # can apply only to an object with flying, and none of the cards a game accepts
    # holds one, grants one, makes a token with one or asks about one.
    host = PluginHost(autoload=False, disable=["flying"])
    accepted = [
        host.cards[name] for name in host.cards if host.unplayable(host.cards[name]) is None
    ]
    refused = [name for name in host.cards if host.unplayable(host.cards[name]) is not None]
    assert accepted
    assert "Serra Angel" in refused
    assert all(Flying not in card_needs(definition).abilities for definition in accepted)
    every_plugin = PluginHost(autoload=False)
    assert all(every_plugin.unplayable(every_plugin.cards[name]) is None for name in host.cards)


@pytest.mark.rules("701.21a")
def test_a_card_that_sacrifices_is_refused_with_sacrifice_off(tmp_path: Path) -> None:
    code = main(
        [
            "play",
            "-p",
            "no:sacrifice",
            "--deck",
            "m10:black-green-deathtouch",
            "--deck",
            "m10:blue-black-control",
            "--log",
            str(tmp_path / "game.jsonl"),
            "--quiet",
        ]
    )
    assert code == 2
    assert not (tmp_path / "game.jsonl").exists()


@pytest.mark.rules("701.21a", "118.3")
def test_a_sacrifice_cost_needs_the_keyword_action() -> None:
    host = PluginHost(autoload=False, disable=["sacrifice"])
    problem = host.unplayable(host.cards["Vampire Aristocrat"])  # "Sacrifice a creature: ..."
    assert problem == (
        "Vampire Aristocrat needs the keyword action sacrifice, whose plugin "
        "manaweave.actions.sacrifice is turned off"
    )


@pytest.mark.rules("704.5g", "701.8a")
def test_the_engines_own_destruction_goes_through_the_registry(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 704.5g destroys a creature with lethal damage: with destroy turned off, the game
    # says so rather than destroying it anyway.
    monkeypatch.setenv(PLUGINS_ENV, "no:destroy")
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    with pytest.raises(KeywordActionUnavailableError) as raised:
        s.run()
    assert str(raised.value) == (
        "704.5g needs the keyword action destroy, and its plugin manaweave.actions.destroy "
        "is turned off"
    )


async def _sacrifice_with_a_bang(game: Game, permanent: GameObject, *, rule: str) -> GameObject:
    """A house sacrifice: the permanent is exiled instead of put into the graveyard."""
    return await game.move(permanent, Zone.EXILE, rule=rule)


async def _sacrifice_all_with_a_bang(
    game: Game, permanents: list[GameObject], *, rule: str
) -> list[GameObject]:
    """The house sacrifice of several permanents at once: all exiled together."""
    return await game.move_together([ZoneMove(p, Zone.EXILE, rule=rule) for p in permanents])


class _HouseSacrifice:
    @hookimpl
    def mw_keywords(self) -> list[KeywordAction]:
        return [
            KeywordAction(
                "sacrifice",
                "701.21a",
                _sacrifice_with_a_bang,
                perform_together=_sacrifice_all_with_a_bang,
            )
        ]


@pytest.mark.rules("701.21a")
def test_the_game_performs_the_keyword_action_its_plugins_define(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With the built-in sacrifice off, a plugin's own "sacrifice" is what the game does
    # when Yawning Fissure's "each opponent sacrifices a land" resolves.
    monkeypatch.setenv(PLUGINS_ENV, "no:sacrifice")
    s = Scenario(plugins=[_HouseSacrifice()])
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Yawning Fissure")
    s.add(1, "battlefield", "Forest")
    s.cast(0, "Yawning Fissure")
    s.run()
    assert s.events("sacrificed") == []
    assert s.battlefield(1) == []
    assert s.graveyard(1) == []
    assert [o.name for o in s.game.objects.values() if o.zone is Zone.EXILE] == ["Forest"]


@pytest.mark.rules("500.5", "106.4")
def test_turning_the_emptying_of_mana_pools_off_keeps_unspent_mana(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The default behaviour of the end of a step is the built-in plugin's: turned off,
    # mana stays in the pools from step to step.
    def float_mana() -> Scenario:
        s = Scenario()
        s.mana(0, "RG")
        s.run(until=(1, Step.DECLARE_ATTACKERS))
        return s

    s = float_mana()
    assert [e["mana"] for e in s.events("mana_emptied")] == [["G", "R"]]
    assert s.game is not None
    assert not s.game.players[0].mana_pool
    monkeypatch.setenv(PLUGINS_ENV, "no:mana_emptying")
    s = float_mana()
    assert s.events("mana_emptied") == []
    assert s.game is not None
    assert s.game.players[0].mana_pool.as_tuple() == ("G", "R")


_PERFORMS = {
    "destroy": "destroy",
    "destroy_all": "destroy",
    "sacrifice": "sacrifice",
    "sacrifice_all": "sacrifice",
    "discard": "discard",
    "discard_chosen": "discard",
    "mill": "mill",
    "manifest": "manifest",
    "regenerate": "regenerate",
    "shield_from_destruction": "regenerate",
}
"""The game's methods that perform a keyword action, and which."""


def _subclasses(cls: type) -> list[type]:
    found = []
    for sub in cls.__subclasses__():
        found += [sub, *_subclasses(sub)]
    return found


def test_every_effect_cost_or_ability_that_performs_a_keyword_action_declares_it() -> None:
    # What a card needs is read from what its parts declare: a part that performs an
    # action without declaring it would let its card into a game without the action.
    assert PluginHost(autoload=False).cards  # every built-in set's module imported
    undeclared = []
    for kind in (Effect, Cost, Ability):
        for cls in _subclasses(kind):
            if cls.__module__.split(".")[0] != "manaweave":
                continue  # a test's or a doc example's own classes (run in the same process)
            source = inspect.getsource(cls)
            performed = {
                _PERFORMS[m] for m in re.findall(r"game\.(\w+)\(", source) if m in _PERFORMS
            }
            missing = performed - set(getattr(cls, "keyword_actions", ()))
            if missing:
                undeclared.append(f"{cls.__module__}.{cls.__qualname__}: {sorted(missing)}")
    assert undeclared == []


def test_a_game_played_without_the_emptying_of_mana_pools_replays_without_it(
    tmp_path: Path,
) -> None:
    # The plugin was the core's rule before (FORMERLY_CORE_PLUGINS): a log that doesn't
    # list it played it (tests/golden/v3_two_players.jsonl replays so), while a log that
    # says it was turned off replays with it off.
    log = tmp_path / "game.jsonl"
    code = main(["play", "-p", "no:mana_emptying", "--seed", "3", "--log", str(log), "--quiet"])
    assert code == 0
    started = next(read_events(log)).data
    assert started["disabled_plugins"] == ["manaweave.plugins.rules.mana_emptying"]
    assert not any(event.event == "mana_emptied" for event in read_events(log))
    assert replay(log).mismatch is None

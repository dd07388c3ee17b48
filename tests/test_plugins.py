"""The plugin host: registration, per-game hooks, and no pluggy calls in the inner loop."""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import pytest
import trio
from _command import run_manaweave

import manaweave
import manaweave.lowlevel
from manaweave import Step, new_game, play_game, replay
from manaweave.cards import (
    AtBeginningOf,
    CardDefinition,
    CardSet,
    GainLife,
    Printed,
    TriggeredAbility,
    card,
)
from manaweave.hookspecs import BaseStateBasedAction, LooksAt, StateBasedActionResult
from manaweave.log import WALL_CLOCK_FIELDS
from manaweave.lowlevel import (
    BUILTIN_PLUGINS,
    SET_PACKAGES,
    ContinuousEffect,
    Duration,
    Game,
    Layer,
    PluginHost,
    VariantOption,
    load_log,
)
from manaweave.players import RandomBot
from manaweave.testing import Scenario

DECKS = ["m10:red-green", "m10:green-white"]


def _count_hook_calls(host: PluginHost) -> Counter[str]:
    calls: Counter[str] = Counter()

    def before(hook_name: str, impls: Any, kwargs: Any) -> None:
        calls[hook_name] += 1

    def after(outcome: Any, hook_name: str, impls: Any, kwargs: Any) -> None:
        pass

    host.manager.add_hookcall_monitoring(before, after)
    return calls


class _Lifecycle:
    """A plugin that implements every lifecycle hook, so each one is really called."""

    def __init__(self) -> None:
        self.turns = 0
        self.steps = 0
        self.ended = False

    @manaweave.hookimpl
    def mw_turn_start(self, game: Game) -> None:
        self.turns += 1

    @manaweave.hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        self.steps += 1

    @manaweave.hookimpl
    def mw_game_end(self, game: Game, outcome: manaweave.Outcome) -> None:
        self.ended = True


def test_builtin_plugins_are_registered_by_module_name() -> None:
    host = PluginHost(autoload=False)
    for name in BUILTIN_PLUGINS:
        assert host.manager.has_plugin(name)
    assert {"two_player", "free_for_all"} <= set(host.variants)
    assert "random" in host.bots
    assert "Lightning Bolt" in host.cards


def test_pluggy_is_called_per_turn_and_step_never_per_priority_pass() -> None:
    lifecycle = _Lifecycle()
    host = PluginHost([lifecycle], autoload=False)
    calls = _count_hook_calls(host)
    game = new_game(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=5, plugins=host
    )
    outcome = trio.run(play_game, game)
    steps = sum(1 for r in game.log.records if r["event"] == "step_began")
    assert lifecycle.ended
    assert lifecycle.turns == outcome.turns
    assert lifecycle.steps == steps
    # Setup hooks once, then one call per turn and per step: far fewer than decisions.
    assert calls["mw_turn_start"] == outcome.turns
    assert calls["mw_step_start"] == steps
    assert calls["mw_game_end"] == 1
    # Each step that ended, but for the main phases (no steps: their end is the
    # phase's), and each phase that ended; the step the game ended in did not end.
    main_phases = sum(
        1
        for r in game.log.records
        if r["event"] == "step_began" and r["step"] in ("precombat_main", "postcombat_main")
    )
    assert steps - main_phases - 1 <= calls["mw_step_end"] <= steps - main_phases
    assert 0 < calls["mw_phase_end"] <= 5 * outcome.turns
    per_game = {"mw_game_setup", "mw_collect_state_based_actions", "mw_collect_triggers"}
    for name in per_game:
        assert calls[name] == 1, name
    per_step = calls["mw_step_start"] + calls["mw_step_end"] + calls["mw_phase_end"]
    assert sum(calls.values()) - per_step - calls["mw_turn_start"] <= len(per_game) + 10
    assert per_step <= 3 * steps


def test_hooks_without_implementations_are_not_called() -> None:
    host = PluginHost(autoload=False)
    calls = _count_hook_calls(host)
    game = new_game(
        decks=DECKS, players=[RandomBot(seed=3), RandomBot(seed=4)], seed=6, plugins=host
    )
    trio.run(play_game, game)
    assert calls["mw_turn_start"] == 0
    assert calls["mw_step_start"] == 0
    assert calls["mw_game_end"] == 0


class _NotATrigger:
    @manaweave.hookimpl
    def mw_collect_triggers(self, game: Game) -> list[object]:
        return [object()]


def test_a_trigger_contribution_of_the_wrong_kind_is_a_type_error() -> None:
    host = PluginHost([_NotATrigger()], autoload=False)
    with pytest.raises(TypeError, match="not a TriggeredAbility"):
        new_game(decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], plugins=host)


class _UpkeepLife:
    """A house rule: "At the beginning of your upkeep, you gain 1 life"."""

    @manaweave.hookimpl
    def mw_collect_triggers(self, game: Game) -> list[object]:
        return [
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (GainLife(1),),
                text="At the beginning of your upkeep, you gain 1 life.",
            )
        ]


@pytest.mark.rules("603.1", "603.2", "113.2c")
def test_a_plugin_rule_gives_every_player_a_triggered_ability() -> None:
    s = Scenario(plugins=[_UpkeepLife()], step=Step.UNTAP)
    s.run(until=(3, Step.DRAW))
    # Each player gained 1 life in their own upkeeps: P1 in turns 1 and 3, P2 in turn 2.
    assert (s.life(0), s.life(1)) == (22, 21)
    added = s.events("rule_ability_added")
    assert [e["player"] for e in added] == [0, 1]


@dataclass(frozen=True, slots=True)
class _NoDamageToPlayersOnTurnOne(manaweave.lowlevel.ReplacementEffect):
    """A house rule: damage that would be dealt to a player in the first turn is
    prevented."""

    prevention: ClassVar[bool] = True
    events = (manaweave.lowlevel.DamageEvent,)

    def applies(self, game: Game, event: manaweave.lowlevel.DamageEvent) -> bool:
        return isinstance(event.target, tuple) and game.turn == 1

    async def apply(self, game: Game, event: manaweave.lowlevel.DamageEvent) -> None:
        return None


class _HouseRules:
    """A plugin contributing a replacement effect and a continuous effect."""

    def __init__(self, *, duration: Duration = Duration.PERMANENT) -> None:
        self.duration = duration

    @manaweave.hookimpl
    def mw_collect_replacements(self, game: Game) -> list[object]:
        return [
            _NoDamageToPlayersOnTurnOne(
                0, 0, "no damage to players on turn 1", duration=Duration.PERMANENT
            )
        ]

    @manaweave.hookimpl
    def mw_collect_continuous_effects(self, game: Game) -> list[object]:
        def bigger(chars: manaweave.lowlevel.Characteristics) -> None:
            assert chars.power is not None
            assert chars.toughness is not None
            chars.power += 1
            chars.toughness += 1

        return [
            ContinuousEffect(
                layer=Layer.PT_MODIFYING,
                timestamp=0,
                source=0,
                affected=None,
                modify=bigger,
                duration=self.duration,
                description="creatures get +1/+1",
                applies_to=lambda obj, chars: chars.is_creature,
            )
        ]


@pytest.mark.rules("614.1", "615.1", "613.4c", "611.3a")
def test_a_plugin_contributes_a_replacement_and_a_continuous_effect() -> None:
    s = Scenario(plugins=[_HouseRules()])
    s.add(0, "battlefield", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    assert s.life(1) == 20
    assert first_event(s, "damage_prevented")["source"] == 0
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 3)


def test_a_plugin_effect_must_last_the_whole_game() -> None:
    host = PluginHost([_HouseRules(duration=Duration.END_OF_TURN)], autoload=False)
    with pytest.raises(ValueError, match="lasts the whole game"):
        new_game(decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], plugins=host)


class _NotAnEffect:
    @manaweave.hookimpl
    def mw_collect_replacements(self, game: Game) -> list[object]:
        return ["double all damage"]


def test_a_plugin_contribution_of_the_wrong_kind_is_a_type_error() -> None:
    host = PluginHost([_NotAnEffect()], autoload=False)
    with pytest.raises(TypeError, match="not a ReplacementEffect"):
        new_game(decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], plugins=host)


def first_event(s: Scenario, name: str) -> dict[str, Any]:
    (found, *_) = s.events(name)
    return found


class _ExtraSet:
    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        # Any number of copies, as Relentless Rats allows itself (100.2a).
        bear = card(
            "Test Bear",
            printed=Printed("{1}{G}", "Creature — Bear", pt=(2, 2)),
            copies_in_deck="any",
        )
        return [CardSet("TST", "Test set", (bear,), decks={"tst-bears": "24 Forest\n36 Test Bear"})]


def test_a_plugin_adds_a_card_set_with_a_ready_deck() -> None:
    host = PluginHost([_ExtraSet()], autoload=False)
    outcome = manaweave.run(
        decks=["tst:bears", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=2,
        plugins=host,
        max_turns=60,
    )
    assert outcome.turns > 0


def test_unknown_variant_bot_and_deck_are_clear_errors() -> None:
    host = PluginHost(autoload=False)
    with pytest.raises(ValueError, match=r"unknown variant 'chaos'.*two_player"):
        host.variant("chaos")
    with pytest.raises(ValueError, match=r"unknown bot 'genius'.*random"):
        host.bot("genius", seed=1)
    with pytest.raises(manaweave.DecklistError, match="has no deck 'blue'"):
        manaweave.run(decks=["m10:blue", "m10:red-green"], players=[RandomBot(), RandomBot()])
    with pytest.raises(manaweave.DecklistError, match="did you mean 'Lightning Bolt'"):
        manaweave.run(decks=[["Lightnig Bolt"], ["Forest"]], players=[RandomBot(), RandomBot()])


@pytest.mark.rules("806.1")
def test_variant_player_counts_are_checked() -> None:
    with pytest.raises(ValueError, match="two_player variant is for 2 players, not 3"):
        manaweave.run(
            decks=DECKS + DECKS[:1],
            players=[RandomBot(), RandomBot(), RandomBot()],
            variant="two_player",
        )


# --- keywords (mw_keywords) ----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Bushido(manaweave.cards.Ability):
    """A keyword some plugin defines (CR 702.45a)."""


class _KeywordPlugin:
    def __init__(self, *defined: object) -> None:
        self.defined = defined

    @manaweave.hookimpl
    def mw_keywords(self) -> tuple[object, ...]:
        return self.defined


def test_the_keyword_registry_names_each_keyword_its_rule_and_plugin() -> None:
    host = PluginHost([_KeywordPlugin(Bushido)], autoload=False)
    bushido = host.keywords["bushido"]
    assert (bushido.ability, bushido.rule, bushido.plugin) == (
        Bushido,
        "702.45a",
        "test_plugins._KeywordPlugin",
    )
    assert host.keywords["morph"].plugin == "manaweave.keywords.morph"


def test_two_plugins_defining_one_keyword_is_an_error() -> None:
    other = type("Bushido", (manaweave.cards.Ability,), {"__doc__": "another (702.45a)"})

    class _Other(_KeywordPlugin):
        pass

    host = PluginHost([_KeywordPlugin(Bushido), _Other(other)], autoload=False)
    with pytest.raises(ValueError, match="two plugins define the keyword 'bushido'"):
        _ = host.keywords


def test_a_keyword_that_is_not_an_ability_class_is_a_type_error() -> None:
    host = PluginHost([_KeywordPlugin("Bushido")], autoload=False)
    with pytest.raises(TypeError, match="not an Ability class"):
        _ = host.keywords


class _TwinSet:
    """A set whose "Test Twin" has ``power``."""

    def __init__(self, code: str, power: int) -> None:
        self.code, self.power = code, power

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        twin = card("Test Twin", printed=Printed("{1}{G}", "Creature — Bear", pt=(self.power, 2)))
        return [CardSet(self.code, f"Twin set {self.code}", (twin,))]


class _OtherTwinSet(_TwinSet):
    """The same, as a plugin of its own (the host knows plugins by their class name)."""


def test_two_sets_may_reprint_a_card_but_not_define_it_differently() -> None:
    same = PluginHost([_TwinSet("TW1", 2), _OtherTwinSet("TW2", 2)], autoload=False)
    assert [s.code for s in same.cards.sets if s.code.startswith("TW")] == ["TW1", "TW2"]
    assert same.cards["Test Twin"].power == 2
    different = PluginHost([_TwinSet("TW1", 2), _OtherTwinSet("TW2", 3)], autoload=False)
    # Found once both sets are built: listing the pool builds every set.
    with pytest.raises(ValueError, match="define different cards named 'Test Twin'"):
        list(different.cards)


def test_the_built_in_sets_are_found_in_their_folder() -> None:
    # Each package in plugins/sets is a set plugin, with no list to add it to.
    folder = Path(manaweave.__file__).parent / "plugins" / "sets"
    packages = sorted(p.parent.name for p in folder.glob("*/__init__.py"))
    assert len(packages) >= 7
    assert [n for n in BUILTIN_PLUGINS if n.startswith(SET_PACKAGES)] == [
        f"{SET_PACKAGES}.{name}" for name in packages
    ]
    # ... and turned off like any other plugin.
    host = PluginHost(autoload=False, disable=["m11"])
    assert "M11" not in {s.code for s in host.cards.sets}
    assert "M10" in {s.code for s in host.cards.sets}


def test_a_set_builds_its_cards_when_one_is_first_needed() -> None:
    built: list[str] = []

    def load() -> tuple[CardDefinition, ...]:
        built.append("TLZ")
        return (card("Test Lazy", printed=Printed("{G}", "Creature — Elf", pt=(1, 1))),)

    class LazySet:
        @manaweave.hookimpl
        def mw_card_sets(self) -> list[CardSet]:
            return [CardSet("TLZ", "Lazy", load)]

    host = PluginHost([LazySet()], autoload=False)
    pool = host.cards
    assert not any(s.loaded for s in pool.sets)
    # A real card is looked for in the sets that printed it: the test set is not built.
    assert pool["Grizzly Bears"].power == 2
    assert built == []
    assert not any(s.loaded for s in pool.sets)  # only the module defining it
    assert pool["Test Lazy"].power == 1
    assert built == ["TLZ"]
    assert "test lazy" not in pool
    assert pool.canonical_name("test lazy") == "Test Lazy"
    assert built == ["TLZ"]


def test_a_game_builds_only_the_sets_of_its_cards() -> None:
    host = PluginHost(autoload=False)
    manaweave.new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        plugins=host,
    )
    # Only cards of Magic 2010 were needed: no set was built whole.
    assert [s.code for s in host.cards.sets if s.loaded] == []
    assert host.cards["Lightning Bolt"].name == "Lightning Bolt"


def test_a_set_package_imports_only_the_module_defining_a_card(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    package = tmp_path / "mw_test_modules_set"
    package.mkdir()
    (package / "__init__.py").write_text(
        "from manaweave import hookimpl\n"
        "from manaweave.cards import CardSet, cards_of_modules\n"
        "@hookimpl\n"
        "def mw_card_sets():\n"
        "    return [CardSet('TMS', 'Modules', cards_of_modules(__name__, 'one', 'two'))]\n"
    )
    for module, name in (("one", "Test Module One"), ("two", "Test Module Two")):
        (package / f"{module}.py").write_text(
            "from manaweave.cards import Printed, card\n"
            f"CARDS = (card({name!r}, printed=Printed('{{G}}', 'Creature — Elf', pt=(1, 1))),)\n"
        )
    monkeypatch.syspath_prepend(str(tmp_path))
    import importlib
    import sys

    host = PluginHost([importlib.import_module("mw_test_modules_set")], autoload=False)
    assert host.cards["Test Module Two"].power == 1
    assert "mw_test_modules_set.two" in sys.modules
    assert "mw_test_modules_set.one" not in sys.modules
    assert [c.name for c in host.cards.sets[-1].cards] == ["Test Module One", "Test Module Two"]
    for module in ("mw_test_modules_set", "mw_test_modules_set.one", "mw_test_modules_set.two"):
        monkeypatch.delitem(sys.modules, module, raising=False)


def _named_cards_plugin(card_name: str) -> object:
    class Cards:  # every plugin made here has a class of this same name
        @manaweave.hookimpl
        def mw_card_sets(self) -> list[CardSet]:
            made = card(card_name, printed=Printed("{G}", "Creature — Elf", pt=(1, 1)))
            return [CardSet(card_name.upper()[:8], card_name, (made,))]

    return Cards()


def test_plugins_whose_classes_share_a_name_are_all_registered() -> None:
    first, second = _named_cards_plugin("Test Elf One"), _named_cards_plugin("Test Elf Two")
    host = PluginHost([first, second, first], autoload=False)  # the first one only once
    assert {"Test Elf One", "Test Elf Two"} <= set(host.cards)
    names = [name for name, _ in host.plugin_versions if name.endswith("Cards")]
    assert names == [
        "test_plugins._named_cards_plugin.<locals>.Cards",
    ]
    assert "test_plugins._named_cards_plugin.<locals>.Cards#2" in dict(host.plugin_versions)


# --- how long the plugins' hooks took ---------------------------------------------------------


class _FakeClock:
    """A clock that only the plugin below moves, in place of ``time.perf_counter``."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class _SlowCheck(BaseStateBasedAction):
    """A state-based action whose every check of the game takes a quarter of a second."""

    rule = "704.5z"
    looks_at = frozenset({LooksAt.THE_GAME})

    def __init__(self, clock: _FakeClock) -> None:
        self.clock = clock
        self.checks = 0

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> None:
        self.checks += 1
        self.clock.now += 0.25


class _SlowSteps:
    """A plugin whose ``mw_step_start`` takes a second and a half, each step."""

    def __init__(self, clock: _FakeClock) -> None:
        self.clock = clock
        self.actions: list[_SlowCheck] = []

    @manaweave.hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        self.clock.now += 1.5

    @manaweave.hookimpl
    def mw_collect_state_based_actions(self, game: Game) -> list[object]:
        self.actions.append(_SlowCheck(self.clock))
        return self.actions[-1:]


def test_the_time_each_plugins_hooks_took_is_measured_and_logged(tmp_path: Path) -> None:
    clock = _FakeClock()
    slow = _SlowSteps(clock)
    path = tmp_path / "game.jsonl"
    game = new_game(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=5,
        max_turns=3,
        log=path,
        plugins=PluginHost([slow], autoload=False),
    )
    game.plugin_time.clock = clock
    trio.run(play_game, game)
    steps = sum(1 for r in game.log.records if r["event"] == "step_began")
    checks = slow.actions[0].checks
    assert checks > 0
    name = "test_plugins._SlowSteps"
    check = "check_game of the state-based action 704.5z"
    # The state-based actions were collected as the game was made, on the real clock.
    timed = game.plugin_time.hooks()
    assert [(h.plugin, h.hook, h.calls, h.seconds, h.slowest) for h in timed[:2]] == [
        (name, "mw_step_start", steps, 1.5 * steps, 1.5),
        (name, check, checks, 0.25 * checks, 0.25),
    ]
    collected = timed[2]
    assert (collected.plugin, collected.hook, collected.calls) == (
        name,
        "mw_collect_state_based_actions",
        1,
    )
    assert game.plugin_time.summary()[0] == (
        f"{name}: {1.5 * steps:.3f} s in mw_step_start ({steps} calls, the slowest 1.500 s)"
    )
    # The log says which plugin took the time, in a field a replay does not compare.
    ended = load_log(path)[-1]
    assert ended["plugin_time_ms"] == {
        name: {
            "mw_collect_state_based_actions": round(collected.seconds * 1000.0, 3),
            check: 250.0 * checks,
            "mw_step_start": 1500.0 * steps,
        }
    }
    assert "plugin_time_ms" in WALL_CLOCK_FIELDS
    # The replay's hooks take the time they really take.
    assert replay(path, plugins=PluginHost([_SlowSteps(_FakeClock())], autoload=False)).identical


def test_the_built_in_plugins_hooks_are_not_timed(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    manaweave.run(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=5, max_turns=2, log=path
    )
    assert "plugin_time_ms" not in load_log(path)[-1]


def test_manaweave_play_debug_says_which_plugins_hooks_took_the_time(tmp_path: Path) -> None:
    (tmp_path / "sleeps_each_step.py").write_text(
        "import time\n\nfrom manaweave import hookimpl\n\n\n"
        "@hookimpl\ndef mw_step_start(game, step):\n    time.sleep(0.001)\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    arguments = (
        "play",
        "-p",
        "sleeps_each_step",
        "--quiet",
        "--max-turns",
        "2",
        "--log",
        "g.jsonl",
    )
    done = run_manaweave(*arguments, "--debug", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    steps = sum(1 for e in load_log(tmp_path / "g.jsonl") if e["event"] == "step_began")
    assert re.fullmatch(
        "manaweave: time in the plugins' hooks, the slowest first:\n"
        rf"  sleeps_each_step: \d+\.\d{{3}} s in mw_step_start \({steps} calls, the slowest "
        r"\d+\.\d{3} s\)\n",
        done.stderr,
    ), done.stderr
    assert (
        "time in the plugins' hooks" not in run_manaweave(*arguments, cwd=tmp_path, env=env).stderr
    )


def _options_plugin(*names: str) -> object:
    class AddsOptions:
        @manaweave.hookimpl
        def mw_game_options(self) -> list[VariantOption]:
            return [VariantOption(name, bool, False, "100.6", "a house rule") for name in names]

    return AddsOptions()


def test_a_plugins_option_is_given_to_any_variant_and_recorded() -> None:
    host = PluginHost([_options_plugin("house_rule")], autoload=False)
    for name in ("two_player", "free_for_all"):
        assert [o.name for o in host.options_of(host.variant(name))][-1] == "house_rule"
    game = new_game(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        plugins=host,
        options={"house-rule": True},
    )
    assert game.options["house_rule"] is True
    assert game.log.records[0]["options"] == {"house_rule": True}
    with pytest.raises(ValueError, match="can't be 3"):
        new_game(
            decks=DECKS,
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            plugins=host,
            options={"house_rule": 3},
        )


def test_an_option_two_plugins_add_or_a_variant_has_is_an_error_naming_both() -> None:
    twice = PluginHost([_options_plugin("house_rule"), _options_plugin("house_rule")])
    with pytest.raises(ValueError, match="two plugins add the option 'house_rule'"):
        _ = twice.game_options
    clash = PluginHost([_options_plugin("range_of_influence")], autoload=False)
    with pytest.raises(ValueError, match="free_for_all variant has already"):
        clash.options_of(clash.variant("free_for_all"))

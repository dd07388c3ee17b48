"""Plugins that fail are contained and named: a broken entry point is skipped with a
warning, a registration hook's garbage is a clear error, a hook that raises in a game ends
that game with ``game_ended`` naming the plugin (the log replays), and a value the log
cannot hold is refused where it is logged."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import trio
from _command import run_manaweave

import manaweave
from manaweave import (
    PluginContractError,
    PluginError,
    RuleNotImplementedError,
    Step,
    UnloggableValueError,
    new_game,
    play_game,
    replay,
)
from manaweave.cards import CardSet, Effect, Printed, Resolution, SpellAbility, card
from manaweave.events import EventRecord
from manaweave.hookspecs import BaseStateBasedAction, LooksAt, StateBasedActionResult
from manaweave.lowlevel import (
    Characteristics,
    Game,
    GameObject,
    PluginHost,
    PluginLoadWarning,
    load_log,
)
from manaweave.players import RandomBot
from manaweave.testing import Scenario

DECKS = ["m10:red-green", "m10:green-white"]


# --- loading: a broken entry point is skipped and reported ----------------------------------

BROKEN_MODULES = {
    "import_error": "import manaweave_no_such_module\n",
    "syntax_error": "def broken(:\n    pass\n",
    "unknown_hook": (
        "from manaweave import hookimpl\n\n\n@hookimpl\ndef mw_no_such_hook(game):\n    pass\n"
    ),
    "wrong_signature": (
        "from manaweave import hookimpl\n\n\n"
        "@hookimpl\ndef mw_turn_start(game, colour):\n    pass\n"
    ),
    "sys_exit": "import sys\n\nsys.exit(3)\n",
    "raises": "raise RuntimeError('the plugin cannot start')\n",
}
"""Plugin modules that cannot be loaded or registered, by the way they fail."""

REASONS = {
    "import_error": "ModuleNotFoundError: No module named 'manaweave_no_such_module'",
    "syntax_error": "SyntaxError: ",
    "unknown_hook": "failed in mw_no_such_hook: no hook is named 'mw_no_such_hook'",
    "wrong_signature": "failed in mw_turn_start: Argument(s) {'colour'}",
    "sys_exit": "SystemExit: 3",
    "raises": "RuntimeError: the plugin cannot start",
}


def _install(site: Path, module: str, source: str, distribution: str = "manaweave-faulty") -> None:
    """The distribution ``distribution`` whose entry point ``manaweave:faulty`` is the
    module ``module`` with ``source``, installed in ``site`` as pip would."""
    site.mkdir(exist_ok=True)
    (site / f"{module}.py").write_text(source, encoding="utf-8")
    info = site / f"{distribution.replace('-', '_')}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {distribution}\nVersion: 1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(f"[manaweave]\nfaulty = {module}\n", encoding="utf-8")


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on ``sys.path`` to install fake distributions in, with autoloading on."""
    folder = tmp_path / "site"
    folder.mkdir()
    monkeypatch.syspath_prepend(str(folder))
    monkeypatch.delenv("MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD", raising=False)
    monkeypatch.delenv("MANAWEAVE_PLUGINS", raising=False)
    yield folder
    for name in [n for n in sys.modules if n.startswith("faulty_")]:
        del sys.modules[name]


@pytest.mark.parametrize("failure", sorted(BROKEN_MODULES))
def test_a_broken_entry_point_is_skipped_with_a_warning_naming_it(failure: str, site: Path) -> None:
    _install(site, f"faulty_{failure}", BROKEN_MODULES[failure])
    with pytest.warns(PluginLoadWarning) as warned:
        host = PluginHost()
    (message,) = [str(w.message) for w in warned if w.category is PluginLoadWarning]
    assert message.startswith("the plugin 'manaweave:faulty' (distribution manaweave-faulty)")
    assert REASONS[failure] in message
    assert message.endswith("; it is skipped")
    assert str(site) not in message  # no file paths
    broken = host.broken["manaweave:faulty"]
    assert broken.distribution == "manaweave-faulty"
    assert REASONS[failure] in broken.reason
    assert not host.manager.has_plugin("manaweave:faulty")
    assert "manaweave:faulty" not in host.versions
    # Everything else works: the game is played with the other plugins.
    assert "two_player" in host.variants
    outcome = manaweave.run(
        decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=4, plugins=host
    )
    assert outcome.reason != "plugin_failed"


def test_commands_that_do_not_need_a_broken_plugin_still_work(tmp_path: Path) -> None:
    site = tmp_path / "site"
    _install(site, "faulty_at_import", BROKEN_MODULES["raises"])
    env = {**os.environ, "PYTHONPATH": str(site)}
    for name in ("MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD", "MANAWEAVE_PLUGINS"):
        env.pop(name, None)
    for command in (["decks"], ["keywords"], ["play", "--quiet", "--max-turns", "2"]):
        done = run_manaweave(*command, cwd=tmp_path, env=env)
        assert done.returncode == 0, (command, done.stderr)
        assert "PluginLoadWarning: the plugin 'manaweave:faulty'" in done.stderr, command
        assert "RuntimeError: the plugin cannot start; it is skipped" in done.stderr
        assert "Traceback" not in done.stderr


def test_a_plugin_named_with_p_that_cannot_load_is_an_error_naming_it(tmp_path: Path) -> None:
    (tmp_path / "exits_at_import.py").write_text(BROKEN_MODULES["sys_exit"], encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = run_manaweave("keywords", "-p", "exits_at_import", cwd=tmp_path, env=env)
    assert done.returncode == 2
    assert done.stderr == (
        "manaweave: error: -p exits_at_import: cannot be imported: SystemExit: 3\n"
    )


def test_a_plugin_named_in_the_environment_that_cannot_load_is_an_error_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "faulty_named.py").write_text(BROKEN_MODULES["syntax_error"], encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setenv("MANAWEAVE_PLUGINS", "faulty_named")
    with pytest.raises(PluginError, match=r"^the plugin 'faulty_named' failed: cannot be imp"):
        PluginHost(autoload=False)


def test_a_plugin_object_whose_hook_fits_no_hookspec_is_refused() -> None:
    class Misnamed:
        @manaweave.hookimpl
        def mw_turn_begins(self, game: Game) -> None:
            pass

    with pytest.raises(PluginError, match="failed in mw_turn_begins: no hook is named") as raised:
        PluginHost([Misnamed()], autoload=False)
    assert raised.value.plugin.endswith("Misnamed")
    assert raised.value.hook == "mw_turn_begins"


# --- registration hooks returning garbage ----------------------------------------------------


def _garbage(hook: str, value: object) -> object:
    """A plugin whose registration hook ``hook`` returns ``value``."""

    def returns(self: object) -> object:
        return value

    namespace = {
        "__module__": __name__,
        "__qualname__": "_Garbage",
        hook: manaweave.hookimpl(returns),
    }
    return type("_Garbage", (), namespace)()


GARBAGE = [
    ("mw_card_sets", "cards", 7, "returned 7, not a list of CardSets"),
    ("mw_card_sets", "cards", ["m10"], "returned 'm10' in its list, not a CardSet"),
    ("mw_variants", "variants", 7, "returned 7, not a list of Variants"),
    ("mw_variants", "variants", [None], "returned None in its list, not a Variant"),
    ("mw_keywords", "keywords", 7, "returned 7, not a list of keywords"),
    (
        "mw_keywords",
        "keywords",
        [int],
        "returned <class 'int'>, not an Ability class or a KeywordAction",
    ),
    ("mw_bots", "bots", [1], "returned [1], not a dict of bot classes by name"),
    ("mw_game_options", "game_options", [1], "returned 1 in its list, not a VariantOption"),
    ("mw_bots", "bots", {"lazy": 3}, "returned the entry 'lazy': 3, not a name and a class"),
]


@pytest.mark.parametrize(("hook", "registry", "value", "problem"), GARBAGE)
def test_a_registration_hook_returning_garbage_is_an_error_naming_plugin_and_hook(
    hook: str, registry: str, value: object, problem: str
) -> None:
    host = PluginHost([_garbage(hook, value)], autoload=False)
    with pytest.raises(PluginContractError) as raised:
        getattr(host, registry)
    error = raised.value
    assert error.plugin == "test_faulty_plugins._Garbage"
    assert error.hook == hook
    assert str(error) == f"the plugin 'test_faulty_plugins._Garbage' failed in {hook}: {problem}"
    assert isinstance(error, TypeError)


def test_a_registration_hook_that_raises_is_an_error_naming_plugin_and_hook() -> None:
    class Raising:
        @manaweave.hookimpl
        def mw_card_sets(self) -> list[object]:
            raise KeyError("set")

    host = PluginHost([Raising()], autoload=False)
    with pytest.raises(PluginError, match=r"failed in mw_card_sets: KeyError: 'set'$") as raised:
        _ = host.cards
    assert isinstance(raised.value.__cause__, KeyError)


def test_garbage_from_a_registration_hook_is_one_line_from_the_command(tmp_path: Path) -> None:
    (tmp_path / "garbage_sets.py").write_text(
        "from manaweave import hookimpl\n\n\n@hookimpl\ndef mw_card_sets():\n    return 3\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "MANAWEAVE_PLUGINS": "garbage_sets"}
    done = run_manaweave("decks", cwd=tmp_path, env=env)
    assert done.returncode == 2
    assert done.stderr == (
        "manaweave: error: the plugin 'garbage_sets' failed in mw_card_sets: "
        "returned 3, not a list of CardSets\n"
    )


# --- a hook that raises in a game ends that game, naming the plugin ---------------------------


class _Failing:
    """Raises ``error`` (``ZeroDivisionError`` unless told) from the hook ``hook`` from
    the third turn on."""

    def __init__(
        self, hook: str, error: Callable[[str], BaseException] = ZeroDivisionError
    ) -> None:
        self.hook = hook
        self.error = error

    def fail(self, game: Game) -> None:
        if game.turn >= 3:
            raise self.error(f"/home/someone/plugin.py: {self.hook} went wrong")


class _FailsAtSetup(_Failing):
    @manaweave.hookimpl
    def mw_game_setup(self, game: Game) -> None:
        raise self.error("mw_game_setup went wrong")


class _FailsCollecting(_Failing):
    @manaweave.hookimpl
    def mw_collect_triggers(self, game: Game) -> list[object]:
        raise self.error("mw_collect_triggers went wrong")


class _FailsAtTurnStart(_Failing):
    @manaweave.hookimpl
    def mw_turn_start(self, game: Game) -> None:
        self.fail(game)


class _FailsAtStepStart(_Failing):
    @manaweave.hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        if step is Step.DRAW:
            self.fail(game)


class _FailingCheck(BaseStateBasedAction):
    """A state-based action whose check raises ``error`` from the third turn on."""

    rule = "704.5z"
    looks_at = frozenset({LooksAt.EACH_PERMANENT})

    def __init__(self, error: Callable[[str], BaseException]) -> None:
        self.error = error

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        if game.turn >= 3:
            raise self.error("/home/someone/plugin.py: check_permanent went wrong")


class _FailsInStateBasedAction(_Failing):
    @manaweave.hookimpl
    def mw_collect_state_based_actions(self, game: Game) -> list[object]:
        return [_FailingCheck(self.error)]


FAILURES = [
    (_FailsAtSetup("mw_game_setup"), "mw_game_setup", 0),
    (_FailsCollecting("mw_collect_triggers"), "mw_collect_triggers", 0),
    (_FailsAtTurnStart("mw_turn_start"), "mw_turn_start", 3),
    (_FailsAtStepStart("mw_step_start"), "mw_step_start", 3),
    (
        _FailsInStateBasedAction("check"),
        "check_permanent of the state-based action 704.5z",
        3,
    ),
]


def _played(plugin: object, path: Path) -> PluginError:
    """Play a game with ``plugin`` logged to ``path``; the error it ends with."""
    with pytest.raises(PluginError) as raised:
        manaweave.run(
            decks=DECKS,
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            seed=9,
            log=path,
            plugins=PluginHost([plugin], autoload=False),
        )
    return raised.value


@pytest.mark.parametrize(("plugin", "hook", "turn"), FAILURES, ids=[f[1] for f in FAILURES])
def test_a_hook_that_raises_ends_the_game_naming_the_plugin(
    plugin: _Failing, hook: str, turn: int, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    error = _played(plugin, path)
    name = f"test_faulty_plugins.{type(plugin).__name__}"
    assert (error.plugin, error.hook) == (name, hook)
    assert isinstance(error.__cause__, ZeroDivisionError)
    assert str(error).startswith(f"the plugin {name!r} failed in {hook}: ZeroDivisionError: ")
    # The log was written before the error reached the caller, and ends naming the plugin.
    events = load_log(path)
    last = events[-1]
    assert last["event"] == "game_ended"
    assert (last["reason"], last["plugin"], last["winners"]) == ("plugin_failed", name, [])
    assert "rule" not in last
    assert last["turn"] == turn
    assert last["message"].startswith("ZeroDivisionError: ")
    assert "/home/someone" not in last["message"]  # a path differs between machines
    assert [e for e in events if e["event"] == "game_ended"] == [last]
    # The log replays as far as it goes: the plugin fails again at the same point.
    assert replay(path, plugins=PluginHost([type(plugin)(plugin.hook)], autoload=False)).identical


class _PluginsOwnStop(BaseException):
    """A ``BaseException`` of a plugin's own, which no ``except Exception`` catches."""


BASE_EXCEPTIONS = [SystemExit, GeneratorExit, _PluginsOwnStop]
"""What a plugin may raise that is no ``Exception``, yet is its failure."""


@pytest.mark.parametrize("raised", BASE_EXCEPTIONS, ids=[e.__name__ for e in BASE_EXCEPTIONS])
@pytest.mark.parametrize(("plugin", "hook", "turn"), FAILURES, ids=[f[1] for f in FAILURES])
def test_a_hook_raising_systemexit_or_another_base_exception_ends_the_game_naming_the_plugin(
    plugin: _Failing, hook: str, turn: int, raised: type[BaseException], tmp_path: Path
) -> None:
    """A hook (or a state-based action's check) raising ``SystemExit`` must not end the
    process with status 0 and a log that says neither how the game ended nor that it was
    interrupted, nor ``GeneratorExit`` with a traceback: it is the plugin's failure."""
    path = tmp_path / "game.jsonl"
    error = _played(type(plugin)(plugin.hook, raised), path)
    name = f"test_faulty_plugins.{type(plugin).__name__}"
    assert (error.plugin, error.hook) == (name, hook)
    assert type(error.__cause__) is raised
    last = load_log(path)[-1]
    assert (last["event"], last["reason"], last["plugin"]) == ("game_ended", "plugin_failed", name)
    assert last["turn"] == turn
    assert last["message"].startswith(f"{raised.__name__}: ")
    assert "/home/someone" not in last["message"]
    replayed = replay(path, plugins=PluginHost([type(plugin)(plugin.hook, raised)], autoload=False))
    assert replayed.identical


class _InterruptedAtTurnTwo:
    """Interrupts the process in ``mw_turn_start`` of turn 2: a real Ctrl-C (the signal),
    or a ``raise KeyboardInterrupt`` of its own."""

    def __init__(self, signalled: bool) -> None:
        self.signalled = signalled

    @manaweave.hookimpl
    def mw_turn_start(self, game: Game) -> None:
        if game.turn == 2:
            if self.signalled:
                signal.raise_signal(signal.SIGINT)
            raise KeyboardInterrupt


@pytest.mark.parametrize("signalled", [True, False], ids=["ctrl-c", "raised"])
def test_a_ctrl_c_in_a_hook_interrupts_the_game_as_anywhere_else(
    signalled: bool, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    with pytest.raises(KeyboardInterrupt):
        manaweave.run(
            decks=DECKS,
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            seed=9,
            log=path,
            plugins=PluginHost([_InterruptedAtTurnTwo(signalled)], autoload=False),
        )
    events = load_log(path)
    assert (events[-1]["event"], events[-1]["reason"]) == ("game_interrupted", "KeyboardInterrupt")
    assert not [e for e in events if e["event"] == "game_ended"]
    result = replay(path, plugins=PluginHost([_InterruptedAtTurnTwo(signalled)], autoload=False))
    assert (result.identical, result.interrupted) == (True, True)


class _NotesEachTurn:
    """Logs an event of its own as each turn starts."""

    @manaweave.hookimpl
    def mw_turn_start(self, game: Game) -> None:
        game.emit(BountyNoted(value=game.turn))


def test_a_replay_of_an_incomplete_log_stops_inside_a_hook_that_logged_its_last_line(
    tmp_path: Path,
) -> None:
    """The replay stops when it has as many lines as the log, here in the plugin's hook
    that logs the last one: that stop goes through the hook, which does not fail."""
    path = tmp_path / "game.jsonl"
    manaweave.run(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=9,
        max_turns=4,
        log=path,
        plugins=PluginHost([_NotesEachTurn()], autoload=False),
    )
    events = load_log(path)
    noted = [i for i, e in enumerate(events) if e["event"] == "test_bounty_noted"]
    cut = events[: noted[1] + 1]  # up to the note of turn 2
    result = replay(cut, plugins=PluginHost([_NotesEachTurn()], autoload=False))
    assert (result.identical, result.incomplete, result.events) == (True, True, len(cut))


class _FailsAtEnd:
    """An observer of finished games whose ``mw_game_end`` raises ``error``."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        self.calls = 0

    @manaweave.hookimpl
    def mw_game_end(self, game: Game, outcome: manaweave.Outcome) -> None:
        self.calls += 1
        raise self.error


@pytest.mark.parametrize(
    "raised", [LookupError("the results table is gone"), SystemExit(2)], ids=["error", "exit"]
)
def test_a_game_end_hook_that_raises_is_named_after_the_game_is_logged(
    raised: BaseException, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    error = _played(_FailsAtEnd(raised), path)
    assert error.hook == "mw_game_end"
    assert error.__cause__ is raised
    last = load_log(path)[-1]
    assert last["event"] == "game_ended"
    assert last["reason"] != "plugin_failed"  # the game itself ended as the rules say
    # An observer of finished games is rules-neutral: the log replays without it, and
    # with it, which a replay does not call: the game is played again to be compared,
    # and the observer heard of it when it ended.
    assert replay(path, plugins=PluginHost(autoload=False)).identical
    observer = _FailsAtEnd(raised)
    assert replay(path, plugins=PluginHost([observer], autoload=False)).identical
    assert observer.calls == 0


def test_the_replay_of_a_game_whose_game_end_hook_raised_exits_0(tmp_path: Path) -> None:
    (tmp_path / "fails_at_end.py").write_text(
        "from manaweave import hookimpl\n\n\n"
        "@hookimpl\ndef mw_game_end(game, outcome):\n    raise ValueError('no table')\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path), "MANAWEAVE_PLUGINS": "fails_at_end"}
    played = run_manaweave("play", "--quiet", "--log", "g.jsonl", cwd=tmp_path, env=env)
    assert played.returncode == 1
    assert "failed in mw_game_end: ValueError: no table" in played.stderr
    replayed = run_manaweave("replay", "g.jsonl", cwd=tmp_path, env=env)
    assert (replayed.returncode, replayed.stderr) == (0, "")
    assert "the stream is identical" in replayed.stdout


class _FindsGarbage(BaseStateBasedAction):
    """A state-based action that finds what ``garbage()`` makes."""

    rule = "704.5z"
    looks_at = frozenset({LooksAt.THE_GAME})

    def __init__(self, garbage: Callable[[], object]) -> None:
        self.garbage = garbage

    def check_game(self, game: Game, found: list[Any]) -> None:
        found.append(self.garbage())


class _GarbageFinder:
    def __init__(self, garbage: Callable[[], object]) -> None:
        self.garbage = garbage

    @manaweave.hookimpl
    def mw_collect_state_based_actions(self, game: Game) -> list[object]:
        return [_FindsGarbage(self.garbage)]


FOUND_GARBAGE = [
    (lambda: "a creature dies", "found 'a creature dies', not"),
    (lambda: [1, "two", None], "found [1, 'two', None], not"),
    # An object's repr holds its address, which differs from run to run: its type does not.
    (object, "found a value of type object, not"),
    (lambda: [object()], "found a value of type list, not"),
    (lambda: _FindsGarbage(object), "found a value of type _FindsGarbage, not"),
]


@pytest.mark.parametrize(("garbage", "shown"), FOUND_GARBAGE, ids=[s for _, s in FOUND_GARBAGE])
def test_a_state_based_action_finding_garbage_is_named_the_same_in_every_run(
    garbage: Callable[[], object], shown: str, tmp_path: Path
) -> None:
    path = tmp_path / "game.jsonl"
    error = _played(_GarbageFinder(garbage), path)
    assert error.hook == "check_game of the state-based action 704.5z"
    assert error.detail == f"{shown} a state-based action's result"
    assert load_log(path)[-1]["message"] == error.detail
    # The message holds nothing of this run's: the log replays.
    assert replay(path, plugins=PluginHost([_GarbageFinder(garbage)], autoload=False)).identical


class _ReturnsInsteadOfFinding(BaseStateBasedAction):
    """A state-based action whose check returns what it found rather than appending it."""

    rule = "704.5z"
    looks_at = frozenset({LooksAt.EACH_PLAYER})

    def check_player(self, game: Game, player: Any, found: list[Any]) -> Any:
        return object() if game.turn >= 2 else None


class _ReturningPlugin:
    @manaweave.hookimpl
    def mw_collect_state_based_actions(self, game: Game) -> list[object]:
        return [_ReturnsInsteadOfFinding()]


def test_a_state_based_action_check_returning_a_value_is_named_the_same_in_every_run(
    tmp_path: Path,
) -> None:
    """A check appends what it finds; one returning an object has a bug, which would
    otherwise go unseen."""
    path = tmp_path / "game.jsonl"
    error = _played(_ReturningPlugin(), path)
    assert error.hook == "check_player of the state-based action 704.5z"
    assert error.detail == (
        "returned a value of type object: a check appends what it finds to found, and returns None"
    )
    last = load_log(path)[-1]
    assert (last["reason"], last["message"], last["turn"]) == ("plugin_failed", error.detail, 2)
    assert replay(path, plugins=PluginHost([_ReturningPlugin()], autoload=False)).identical


class _RaisesWithAnAddress:
    """Raises an exception whose message shows an object's default ``repr``."""

    @manaweave.hookimpl
    def mw_turn_start(self, game: Game) -> None:
        if game.turn == 2:
            raise KeyError(object())


def test_an_address_in_memory_in_a_plugins_error_is_not_logged(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    error = _played(_RaisesWithAnAddress(), path)
    assert error.detail == "KeyError: <object object>"
    assert load_log(path)[-1]["message"] == error.detail
    assert replay(path, plugins=PluginHost([_RaisesWithAnAddress()], autoload=False)).identical


RAISED_AT_TURN_TWO = {
    "ValueError('no second turn')": "ValueError: no second turn",
    "SystemExit(0)": "SystemExit: 0",
    "GeneratorExit()": "GeneratorExit",
}
"""What a plugin's ``mw_turn_start`` raises, and how the error names it."""


@pytest.mark.parametrize("raised", sorted(RAISED_AT_TURN_TWO))
def test_manaweave_play_reports_a_failing_plugin_in_one_line(raised: str, tmp_path: Path) -> None:
    (tmp_path / "fails_at_turn_two.py").write_text(
        "from manaweave import hookimpl\n\n\n"
        "@hookimpl\ndef mw_turn_start(game):\n"
        f"    if game.turn == 2:\n        raise {raised}\n",
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = run_manaweave(
        "play", "-p", "fails_at_turn_two", "--quiet", "--log", "g.jsonl", cwd=tmp_path, env=env
    )
    assert done.returncode == 1
    assert done.stderr == (
        "manaweave: error: PluginError: the plugin 'fails_at_turn_two' failed in "
        f"mw_turn_start: {RAISED_AT_TURN_TWO[raised]} (run with --debug for the traceback)\n"
    )
    last = load_log(tmp_path / "g.jsonl")[-1]
    assert (last["reason"], last["plugin"]) == ("plugin_failed", "fails_at_turn_two")
    env["MANAWEAVE_PLUGINS"] = "fails_at_turn_two"
    replayed = run_manaweave("replay", "g.jsonl", cwd=tmp_path, env=env)
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


# --- values the log cannot hold are refused where they are logged -----------------------------


class BountyNoted(EventRecord, event="test_bounty_noted"):
    """A plugin's event with one field of any value."""

    value: object


UNLOGGABLE = [
    (object(), "a value of type object"),
    ({1, 2}, "a value of type set"),
    (2**70, "an integer beyond 64 bits"),
    (float("nan"), "the float nan (not finite)"),
    (float("inf"), "the float inf (not finite)"),
    ([1, {"deep": {3}}], "a value of type set"),
    ({1: "one"}, "a mapping key 1 that is not a string"),
]


def _game() -> Game:
    return manaweave.new_game(
        decks=DECKS,
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        plugins=PluginHost(autoload=False),
    )


@pytest.mark.parametrize(("value", "problem"), UNLOGGABLE, ids=[p for _, p in UNLOGGABLE])
def test_a_value_the_log_cannot_hold_is_refused_at_the_call(value: object, problem: str) -> None:
    game = _game()
    before = len(game.log)
    state = game.state_version
    with pytest.raises(UnloggableValueError) as raised:
        game.emit(BountyNoted(player=0, value=value))
    assert str(raised.value).startswith(
        f"test_bounty_noted: the field 'value' cannot be logged: {problem}"
    )
    assert (len(game.log), game.state_version) == (before, state)
    with pytest.raises(UnloggableValueError, match="'value' cannot be logged"):
        game.log.logger.info("test_bounty_noted", turn=0, step=None, value=value)
    assert len(game.log) == before


def test_values_the_log_holds_are_logged_as_they_are() -> None:
    game = _game()
    value = {"nested": [1, 2.5, None, True, "text", 2**63 - 1, -(2**63)]}
    game.emit(BountyNoted(player=0, value=value))
    assert game.log.records[-1]["value"] == value


def test_a_plugin_logging_what_the_log_cannot_hold_ends_the_game_naming_it(
    tmp_path: Path,
) -> None:
    class LogsASet:
        @manaweave.hookimpl
        def mw_turn_start(self, game: Game) -> None:
            game.emit(BountyNoted(value={game.turn}))

    path = tmp_path / "game.jsonl"
    error = _played(LogsASet(), path)
    assert isinstance(error.__cause__, UnloggableValueError)
    last = load_log(path)[-1]
    assert last["message"] == (
        "UnloggableValueError: test_bounty_noted: the field 'value' cannot be logged: "
        "a value of type set (log None, bool, int, float, str, lists, dicts)"
    )
    assert replay(path, plugins=PluginHost([LogsASet()], autoload=False)).identical


# --- code a plugin contributed raises in a game: the game ends naming the plugin -------------


@dataclass(frozen=True, slots=True)
class _DividesByZero(Effect):
    """A card's effect with a bug: it raises as it resolves."""

    async def resolve(self, resolution: Resolution) -> None:
        raise ZeroDivisionError("/home/someone/cards.py: the effect went wrong")


@dataclass(frozen=True, slots=True)
class _ExitsTheProcess(Effect):
    """A card's effect that calls ``sys.exit`` as it resolves."""

    async def resolve(self, resolution: Resolution) -> None:
        sys.exit(0)


_CANCELLED: list[trio.CancelScope] = []
"""The cancel scope that :class:`_CancelsTheGame` cancels."""


@dataclass(frozen=True, slots=True)
class _CancelsTheGame(Effect):
    """A card's effect during which the task playing the game is cancelled."""

    async def resolve(self, resolution: Resolution) -> None:
        _CANCELLED[-1].cancel()
        await trio.lowlevel.checkpoint()


@dataclass(frozen=True, slots=True)
class _RaisesTheEnginesOwnError(Effect):
    """A card's effect that meets a rule the engine does not implement."""

    async def resolve(self, resolution: Resolution) -> None:
        raise RuleNotImplementedError("999.9z", "a rule of tomorrow")


FAULTY_SPARK = card(
    "Faulty Spark",
    printed=Printed("{R}", "Instant", "Faulty Spark has a bug."),
    spell=SpellAbility(effects=(_DividesByZero(),)),
)
EXITING_SPARK = card(
    "Exiting Spark",
    printed=Printed("{R}", "Instant", "Exiting Spark ends the process."),
    spell=SpellAbility(effects=(_ExitsTheProcess(),)),
)
CANCELLING_SPARK = card(
    "Cancelling Spark",
    printed=Printed("{R}", "Instant", "Cancelling Spark resolves as the game is cancelled."),
    spell=SpellAbility(effects=(_CancelsTheGame(),)),
)
TOMORROWS_SPARK = card(
    "Tomorrow's Spark",
    printed=Printed("{R}", "Instant", "Tomorrow's Spark meets a rule not implemented yet."),
    spell=SpellAbility(effects=(_RaisesTheEnginesOwnError(),)),
)


class _FaultyCards:
    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        cards = (FAULTY_SPARK, EXITING_SPARK, CANCELLING_SPARK, TOMORROWS_SPARK)
        return [CardSet("FLT", "Faulty cards", cards)]


def _cast(name: str) -> Scenario:
    s = Scenario(plugins=[_FaultyCards()])
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", name)
    s.cast(0, name)
    return s


@pytest.mark.rules("608.2")
def test_a_cards_effect_that_raises_ends_the_game_naming_its_plugin() -> None:
    s = _cast("Faulty Spark")
    with pytest.raises(PluginError) as raised:
        s.run()
    error = raised.value
    name = "test_faulty_plugins._FaultyCards"
    assert (error.plugin, error.hook) == (name, "_DividesByZero.resolve")
    assert isinstance(error.__cause__, ZeroDivisionError)
    (ended,) = s.events("game_ended")
    assert (ended["reason"], ended["plugin"], ended["winners"]) == ("plugin_failed", name, [])
    assert ended["message"].startswith("ZeroDivisionError: ")
    assert "/home/someone" not in ended["message"]


@pytest.mark.rules("608.2")
def test_a_cards_effect_that_exits_ends_the_game_naming_its_plugin() -> None:
    s = _cast("Exiting Spark")
    with pytest.raises(PluginError) as raised:
        s.run()
    error = raised.value
    assert (error.plugin, error.hook) == (
        "test_faulty_plugins._FaultyCards",
        "_ExitsTheProcess.resolve",
    )
    assert isinstance(error.__cause__, SystemExit)
    (ended,) = s.events("game_ended")
    assert (ended["reason"], ended["message"]) == ("plugin_failed", "SystemExit: 0")


def test_a_game_cancelled_while_a_cards_effect_resolves_is_cancelled_not_failed(
    tmp_path: Path,
) -> None:
    """``trio.Cancelled`` raised in a plugin's code is the game's task being cancelled,
    no failure of the plugin: it goes on to the cancel scope."""
    deck = tmp_path / "cancelling.txt"
    deck.write_text("56 Mountain\n4 Cancelling Spark\n", encoding="utf-8")
    game = manaweave.new_game(
        decks=[str(deck), "m10:red-green"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=1,  # with this seed P1 casts a Cancelling Spark
        plugins=PluginHost([_FaultyCards()], autoload=False),
    )

    async def play_cancellable() -> trio.CancelScope:
        with trio.CancelScope() as scope:
            _CANCELLED.append(scope)
            await manaweave.play_game(game)
        return scope

    scope = trio.run(play_cancellable)
    assert scope.cancelled_caught
    # Cancelled as the spell resolved; no game_ended names a plugin.
    assert game.log.records[-1]["event"] == "resolution_started"
    assert not [r for r in game.log.records if r["event"] == "game_ended"]


@pytest.mark.rules("608.2")
def test_the_engines_own_errors_in_plugin_code_stay_what_they_are() -> None:
    s = _cast("Tomorrow's Spark")
    with pytest.raises(RuleNotImplementedError, match=r"999\.9z"):
        s.run()


def test_a_game_a_cards_effect_ended_replays_to_the_same_failure(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    deck = tmp_path / "faulty.txt"
    deck.write_text("56 Mountain\n4 Faulty Spark\n", encoding="utf-8")
    with pytest.raises(PluginError) as raised:
        manaweave.run(
            decks=[str(deck), "m10:red-green"],
            players=[RandomBot(seed=1), RandomBot(seed=2)],
            seed=1,  # with this seed P1 casts a Faulty Spark
            log=path,
            plugins=PluginHost([_FaultyCards()], autoload=False),
        )
    assert raised.value.plugin == "test_faulty_plugins._FaultyCards"
    last = load_log(path)[-1]
    assert (last["event"], last["reason"]) == ("game_ended", "plugin_failed")
    assert replay(path, plugins=PluginHost([_FaultyCards()], autoload=False)).identical


def test_a_step_end_hook_returning_what_is_not_awaitable_ends_the_game_naming_it() -> None:
    class Sloppy:
        @manaweave.hookimpl
        def mw_step_end(self, game: Game, step: Step) -> object:
            return 3

    host = PluginHost([Sloppy()], autoload=False)
    game = new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        plugins=host,
    )
    with pytest.raises(PluginContractError) as raised:
        trio.run(play_game, game)
    assert raised.value.hook == "mw_step_end"
    assert str(raised.value).endswith("returned 3, not an awaitable (a coroutine) or None")
    assert game.log.records[-1]["reason"] == "plugin_failed"

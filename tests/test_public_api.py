"""The public API's two levels: ``manaweave`` for playing games, ``manaweave.lowlevel`` for
extending the engine; names that moved between them, and the rule that tests and benchmarks
import only public modules."""

from __future__ import annotations

import ast
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
import trio

import manaweave
import manaweave.lowlevel
from manaweave.players import RandomBot

ROOT = Path(__file__).resolve().parents[1]

# Every name ``manaweave`` exported in 0.1.0: each must still be importable from it for one
# release, the friendly ones silently and the moved ones with a warning.
TOP_LEVEL_IN_0_1_0 = [
    "CONSTRUCTED",
    "CR_EDITION",
    "LIMITED",
    "UNCHECKED",
    "AbilityOnStack",
    "Activate",
    "Attack",
    "Block",
    "CardOption",
    "Cast",
    "Characteristics",
    "Choice",
    "ContinuousEffect",
    "CounterEvent",
    "DamageEvent",
    "DamageSplit",
    "Decision",
    "DecisionKind",
    "DeckEntry",
    "DeckRules",
    "DeckRulesError",
    "DeckSpec",
    "Decklist",
    "DecklistError",
    "Division",
    "DrawEvent",
    "Duration",
    "Event",
    "Game",
    "GameObject",
    "GameView",
    "IllegalActionError",
    "IllegalChoiceError",
    "Layer",
    "LifeGainEvent",
    "LifeLossEvent",
    "ManaCost",
    "ManaCostError",
    "ManaPool",
    "ManaweaveError",
    "Named",
    "Number",
    "ObjectView",
    "Option",
    "Outcome",
    "Pass",
    "Payment",
    "Phase",
    "PlayLand",
    "PlayerView",
    "PluginHost",
    "ReplacementEffect",
    "ReplayMismatchError",
    "RuleNotImplementedError",
    "StackItem",
    "Step",
    "TapEvent",
    "TargetOption",
    "TargetRef",
    "TokenEvent",
    "TurnFaceUp",
    "UnknownCardError",
    "Variant",
    "Zone",
    "ZoneChangeEvent",
    "hookimpl",
    "load_decklist",
    "parse_decklist",
    "play",
    "run",
]
MOVED = sorted(set(TOP_LEVEL_IN_0_1_0) - set(manaweave.__all__))


def _import_from_manaweave(name: str, importer: str = "somebody_elses_code") -> object:
    """``from manaweave import <name>`` run as module ``importer`` would run it."""
    namespace: dict[str, object] = {"__name__": importer}
    exec(f"from manaweave import {name}", namespace)
    return namespace[name]


# --- the friendly level ------------------------------------------------------------------------


@pytest.mark.parametrize("name", manaweave.__all__)
def test_a_friendly_name_imports_without_a_warning(name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _import_from_manaweave(name) is getattr(manaweave, name)


def test_the_friendly_level_has_what_playing_a_game_needs() -> None:
    for name in ("run", "play", "new_game", "play_game", "replay", "Outcome", "Decision"):
        assert name in manaweave.__all__, name
    for name in ("DecisionKind", "Choice", "Step", "Phase", "Zone", "hookimpl", "CR_EDITION"):
        assert name in manaweave.__all__, name


def test_dir_lists_only_the_friendly_names() -> None:
    assert dir(manaweave) == sorted({*manaweave.__all__, "__version__"})
    assert not set(MOVED) & set(dir(manaweave))


def test_a_prepared_game_is_played_by_play_game() -> None:
    decks = ["m10:red-green", "m10:green-white"]
    players = [RandomBot(seed=1), RandomBot(seed=2)]
    game = manaweave.new_game(decks=decks, players=players, seed=4, max_turns=6)
    outcome = trio.run(manaweave.play_game, game)
    again = manaweave.run(
        decks=decks, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=4, max_turns=6
    )
    assert outcome == again


# --- names that moved to manaweave.lowlevel ------------------------------------------------


def test_the_extender_classes_moved() -> None:
    for name in ("Game", "GameObject", "PluginHost", "ReplacementEffect", "ContinuousEffect"):
        assert name in MOVED, name


@pytest.mark.parametrize("name", MOVED)
def test_a_moved_name_still_works_with_a_warning_naming_its_new_home(name: str) -> None:
    with pytest.warns(DeprecationWarning, match=rf"manaweave\.lowlevel\.{name}\b"):
        value = _import_from_manaweave(name)
    assert value is getattr(manaweave.lowlevel, name)
    with pytest.warns(DeprecationWarning, match=rf"manaweave\.lowlevel\.{name}\b"):
        assert getattr(manaweave, name) is value


def test_the_package_s_own_modules_are_warned_like_any_other() -> None:
    with pytest.warns(DeprecationWarning, match=r"manaweave\.lowlevel\.Game\b"):
        game = _import_from_manaweave("Game", importer="manaweave.keywords.example")
    assert game is manaweave.lowlevel.Game


def test_importing_every_built_in_module_raises_no_deprecation_warning() -> None:
    # A fresh interpreter, so that every module really runs its imports.
    script = """
import importlib, pkgutil, warnings
warnings.simplefilter("error", DeprecationWarning)
import manaweave
for package in ("manaweave.cards", "manaweave.keywords", "manaweave.variants", "manaweave.plugins"):
    module = importlib.import_module(package)
    for info in pkgutil.walk_packages(module.__path__, package + "."):
        importlib.import_module(info.name)
print("imported")
"""
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "imported"


def test_an_unknown_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = manaweave.no_such_name  # type: ignore[attr-defined]
    with pytest.raises(ImportError):
        _import_from_manaweave("no_such_name")


# --- the low level -----------------------------------------------------------------------------


@pytest.mark.parametrize("name", manaweave.lowlevel.__all__)
def test_every_lowlevel_name_resolves_and_is_on_the_map(name: str) -> None:
    assert hasattr(manaweave.lowlevel, name)
    assert f"``{name}``" in (manaweave.lowlevel.__doc__ or ""), f"{name} is not described"


def test_lowlevel_imports_in_a_fresh_interpreter() -> None:
    result = subprocess.run(
        [sys.executable, "-W", "error", "-c", "import manaweave.lowlevel"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_the_testing_tools_are_public_and_the_shared_folder_lookup_is_gone() -> None:
    # The pytest plugin and what it is built on; the rule list ships with the package, so
    # nothing looks for a reference folder beside the checkout any more.
    import manaweave.pytest_plugin

    assert callable(manaweave.pytest_plugin.ScenarioFactory)
    assert {"watch_games", "GameWatch", "TestReport", "rule_book"} <= set(
        manaweave.lowlevel.__all__
    )
    for gone in ("find_shared_file", "RULE_NUMBERS_FILE", "CR_FILE", "collect_rule_markers"):
        assert not hasattr(manaweave.lowlevel, gone)


# --- tests and benchmarks use only the public API --------------------------------------------


def _private_imports(path: Path) -> list[str]:
    """The imports of private manaweave modules or names in one source file, as
    ``line: module``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
        for module in modules:
            parts = module.split(".")
            if parts[0] == "manaweave" and any(
                part.startswith("_") and not part.startswith("__") for part in parts[1:]
            ):
                found.append(f"{node.lineno}: {module}")
                break
    return found


def test_private_imports_are_found(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from manaweave._play import new_game\n"
        "import manaweave.cards._ability\n"
        "from manaweave import _turnloop\n"
        "from manaweave import __version__, run\n"
        "from manaweave.lowlevel import Game\n"
        "def later() -> None:\n"
        "    from manaweave._replay import replay\n",
        encoding="utf-8",
    )
    assert sorted(_private_imports(probe)) == [
        "1: manaweave._play",
        "2: manaweave.cards._ability",
        "3: manaweave._turnloop",
        "7: manaweave._replay",
    ]


def test_tests_and_benchmarks_import_no_private_module() -> None:
    files = [*sorted((ROOT / "tests").rglob("*.py")), *sorted((ROOT / "bench").rglob("*.py"))]
    assert len(files) > 50
    found = [f"{path.relative_to(ROOT)}:{hit}" for path in files for hit in _private_imports(path)]
    assert found == [], "\n".join(found)

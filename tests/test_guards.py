"""Guards on the package's shape: import paths, public names, docstrings, plugin loading."""

from __future__ import annotations
import __future__

import ast
import importlib
import importlib.metadata
import importlib.util
import inspect
import json
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

import manaweave
import manaweave.hookspecs
import manaweave.lowlevel
from manaweave import hookimpl
from manaweave.lowlevel import AUTOLOAD_ENV, BUILTIN_PLUGINS, ENTRY_POINT_GROUPS, PluginHost

SOURCE_FOLDERS = ("core", "keywords", "variants", "plugins")
PUBLIC_MODULES = (
    "manaweave",
    "manaweave.players",
    "manaweave.log",
    "manaweave.testing",
    "manaweave.cards",
    "manaweave.hookspecs",
    "manaweave.lowlevel",
    "manaweave.events",
    "manaweave.serve",
    "manaweave.client",
)


# --- the source folders are not importable ------------------------------------------------------


def test_source_folders_are_not_importable_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    # The working directory is on sys.path under ``python -m pytest``; the installed
    # package must not expose the source folders by their own names either way.
    cwd = str(Path.cwd())
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", ".", cwd)])
    for name in SOURCE_FOLDERS:
        assert name not in sys.modules, f"{name} was imported by its source folder name"
        assert importlib.util.find_spec(name) is None, f"{name} is importable"


def test_source_folders_are_not_importable_in_a_clean_interpreter(tmp_path: Path) -> None:
    names = [*SOURCE_FOLDERS, "manaweave", "manaweave.keywords", "manaweave.variants"]
    names.append("manaweave.plugins")
    code = (
        "import importlib.util, json\n"
        f"names = {names!r}\n"
        "print(json.dumps({n: importlib.util.find_spec(n) is not None for n in names}))\n"
    )
    result = subprocess.run(
        [sys.executable, "-I", "-c", code],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(result.stdout)
    for name in SOURCE_FOLDERS:
        assert found[name] is False, f"{name} is importable"
    # ... while the package's own names are.
    assert found["manaweave"]
    assert found["manaweave.keywords"]
    assert found["manaweave.variants"]
    assert found["manaweave.plugins"]


@pytest.mark.parametrize("name", ["keywords", "variants", "plugins"])
def test_subpackages_live_under_manaweave(name: str) -> None:
    module = importlib.import_module(f"manaweave.{name}")
    assert module.__name__ == f"manaweave.{name}"
    assert Path(module.__file__ or "").parent.name == name


# --- __all__ -----------------------------------------------------------------------------------


def _isort_key(name: str) -> tuple[int, str]:
    """The order ruff's RUF022 keeps ``__all__`` in: CONSTANTS, Classes, then the rest."""
    if len(name) > 1 and name.isupper():
        return (0, name)
    if name[:1].isupper():
        return (1, name)
    return (2, name)


def _public_names(module: types.ModuleType) -> set[str]:
    names = set()
    for name, value in vars(module).items():
        if name.startswith("_"):
            continue
        if isinstance(value, types.ModuleType):
            continue
        if isinstance(value, type(__future__.annotations)):  # from __future__ import annotations
            continue
        names.add(name)
    return names


def test_all_is_sorted() -> None:
    assert manaweave.__all__ == sorted(manaweave.__all__, key=_isort_key)
    assert len(set(manaweave.__all__)) == len(manaweave.__all__)


def test_all_equals_the_public_names_of_the_package() -> None:
    for name in manaweave.__all__:
        hasattr(manaweave, name)  # names applications define are imported when first asked for
    public = _public_names(manaweave)
    listed = set(manaweave.__all__) - {"__version__"}
    assert listed - public == set(), "in __all__ but not defined"
    assert public - listed == set(), "public but missing from __all__"


def test_every_name_in_all_exists() -> None:
    for name in manaweave.__all__:
        assert hasattr(manaweave, name), name
    namespace: dict[str, Any] = {}
    exec("from manaweave import *", namespace)  # the star import must work
    assert set(manaweave.__all__) <= set(namespace)


def test_version_is_a_version_string() -> None:
    assert isinstance(manaweave.__version__, str)
    assert all(part.isdigit() for part in manaweave.__version__.split("."))
    assert manaweave.__version__ == importlib.metadata.version("manaweave")


@pytest.mark.parametrize("module_name", PUBLIC_MODULES[1:])
def test_public_module_all_lists_existing_names(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert module.__all__ == sorted(module.__all__, key=_isort_key)
    for name in module.__all__:
        assert hasattr(module, name), f"{module_name}.{name}"


# --- hookspecs ---------------------------------------------------------------------------------


def _hookspecs() -> dict[str, Any]:
    marker = f"{manaweave.hookspecs.PROJECT_NAME}_spec"
    return {
        name: value
        for name, value in vars(manaweave.hookspecs).items()
        if inspect.isfunction(value) and hasattr(value, marker)
    }


def test_hookspecs_exist() -> None:
    specs = _hookspecs()
    assert {"mw_variants", "mw_card_sets", "mw_keywords", "mw_bots", "mw_game_setup"} <= set(specs)


def test_every_hookspec_is_named_mw_and_documented() -> None:
    for name, spec in _hookspecs().items():
        assert name.startswith("mw_"), name
        assert spec.__name__ == name
        assert (spec.__doc__ or "").strip(), f"{name} has no docstring"


def test_every_mw_function_is_a_hookspec() -> None:
    mw_functions = {
        name
        for name, value in vars(manaweave.hookspecs).items()
        if name.startswith("mw_") and inspect.isfunction(value)
    }
    assert mw_functions == set(_hookspecs())


def test_hookspecs_are_registered_in_the_plugin_manager() -> None:
    host = PluginHost(autoload=False)
    for name in _hookspecs():
        caller = getattr(host.manager.hook, name)
        assert caller.spec is not None, f"{name} is not a registered hookspec"


def test_no_unknown_hooks_in_builtin_plugins() -> None:
    host = PluginHost(autoload=False)
    host.manager.check_pending()
    for name in BUILTIN_PLUGINS:
        assert host.manager.has_plugin(name)


def test_an_unknown_hook_is_caught() -> None:
    class Typo:
        @hookimpl
        def mw_varients(self) -> list[Any]:
            return []

    with pytest.raises(Exception, match="mw_varients"):
        PluginHost(plugins=[Typo()], autoload=False)


# --- docstrings ------------------------------------------------------------------------------


def _top_level(module: types.ModuleType) -> dict[str, tuple[str, Any]]:
    """What each top-level name of a module's source is: a documented definition,
    an assignment (with its attribute docstring), or an import."""
    tree = ast.parse(inspect.getsource(module))
    found: dict[str, tuple[str, Any]] = {}
    body: list[ast.stmt] = []
    for node in tree.body:
        body.append(node)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            body.extend(node.body)  # names served on first use, imported here for the types
    for i, node in enumerate(body):
        following = body[i + 1] if i + 1 < len(body) else None
        attribute_doc = None
        if (
            isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            attribute_doc = following.value.value
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            found[node.name] = ("def", ast.get_docstring(node))
        elif isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    found[target.id] = ("assign", attribute_doc)
        elif isinstance(node, ast.ImportFrom) and node.names[0].name == "*":
            star = importlib.import_module(
                "." * node.level + (node.module or ""),
                package=module.__package__ if node.level else None,
            )
            for name in getattr(star, "__all__", ()):
                found.setdefault(name, ("import", (node.level, node.module, name)))
        elif isinstance(node, ast.ImportFrom):
            for alias in node.names:
                found[alias.asname or alias.name] = (
                    "import",
                    (node.level, node.module, alias.name),
                )
    return found


def _docstring_of(module: types.ModuleType, name: str) -> str | None:
    """The docstring of ``name`` where it is defined, following re-exports."""
    kind, detail = _top_level(module).get(name, ("missing", None))
    if kind == "import":
        level, source, original = detail
        target = importlib.import_module(
            "." * level + (source or ""), package=module.__package__ if level else None
        )
        if not hasattr(target, "__file__") or target.__name__ == module.__name__:
            return None
        return _docstring_of(target, original)
    return detail


def _public_names_of(module_name: str) -> list[str]:
    module = importlib.import_module(module_name)
    return [n for n in module.__all__ if not (n.startswith("__") and n.endswith("__"))]


def test_docstring_lookup_follows_re_exports() -> None:
    assert (_docstring_of(manaweave, "run") or "").startswith("Synchronous :func:`play`")
    assert (_docstring_of(manaweave, "hookimpl") or "").startswith("Decorator for plugin")
    assert (_docstring_of(manaweave.log, "SCHEMA_VERSION") or "").startswith("The ``v`` field")
    assert _docstring_of(manaweave, "no_such_name") is None


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_public_modules_have_a_docstring(module_name: str) -> None:
    module = importlib.import_module(module_name)
    assert (module.__doc__ or "").strip()


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_every_public_name_has_a_docstring(module_name: str) -> None:
    module = importlib.import_module(module_name)
    undocumented = [
        name for name in _public_names_of(module_name) if not (_docstring_of(module, name) or "")
    ]
    assert undocumented == [], f"{module_name}: no docstring for {', '.join(undocumented)}"


@pytest.mark.parametrize("module_name", PUBLIC_MODULES)
def test_public_methods_of_public_classes_have_docstrings(module_name: str) -> None:
    module = importlib.import_module(module_name)
    undocumented = []
    for name in _public_names_of(module_name):
        cls = getattr(module, name)
        if not inspect.isclass(cls):
            continue
        for attribute, value in vars(cls).items():
            if attribute.startswith("_"):
                continue
            if isinstance(value, property):
                doc = value.__doc__
            elif inspect.isfunction(value) or isinstance(value, classmethod | staticmethod):
                doc = inspect.getdoc(getattr(cls, attribute))
            else:
                continue
            if not (doc or "").strip():
                undocumented.append(f"{name}.{attribute}")
    assert undocumented == []


# --- entry points and MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD -----------------------------------


class _FakeDist:
    version = "9.9.9"


class _FakeEntryPoint:
    """Stands in for an importlib.metadata.EntryPoint in the first entry-point group."""

    def __init__(self, plugin: object) -> None:
        self.name = "fake"
        self.group = ENTRY_POINT_GROUPS[0]
        self.dist = _FakeDist()
        self.plugin = plugin
        self.loads = 0
        self.asked: list[str | None] = []

    def load(self) -> object:
        self.loads += 1
        return self.plugin


class _FakeVariantPlugin:
    @hookimpl
    def mw_variants(self) -> list[manaweave.lowlevel.Variant]:
        class Fake(manaweave.lowlevel.Variant):
            name = "test_fake_entry_point_variant"

        return [Fake()]


@pytest.fixture
def fake_entry_point(monkeypatch: pytest.MonkeyPatch) -> _FakeEntryPoint:
    entry = _FakeEntryPoint(_FakeVariantPlugin())

    def entry_points(**params: Any) -> list[_FakeEntryPoint]:
        group = params.get("group")
        entry.asked.append(group)
        return [entry] if group == entry.group else []

    monkeypatch.setattr(importlib.metadata, "entry_points", entry_points)
    return entry


def test_autoload_loads_entry_points(
    monkeypatch: pytest.MonkeyPatch, fake_entry_point: _FakeEntryPoint
) -> None:
    monkeypatch.delenv(AUTOLOAD_ENV, raising=False)
    host = PluginHost()
    assert fake_entry_point.loads == 1
    assert set(fake_entry_point.asked) == set(ENTRY_POINT_GROUPS)
    name = f"{ENTRY_POINT_GROUPS[0]}:fake"
    assert host.manager.has_plugin(name)
    assert [name, "9.9.9"] in host.plugin_versions
    assert "test_fake_entry_point_variant" in host.variants


@pytest.mark.parametrize("value", ["1", "true", "yes"])
def test_disable_env_stops_entry_point_loading(
    monkeypatch: pytest.MonkeyPatch, fake_entry_point: _FakeEntryPoint, value: str
) -> None:
    monkeypatch.setenv(AUTOLOAD_ENV, value)
    host = PluginHost()
    assert fake_entry_point.loads == 0
    assert fake_entry_point.asked == []
    assert "test_fake_entry_point_variant" not in host.variants
    assert "two_player" in host.variants  # built-ins are not entry points


@pytest.mark.parametrize("value", ["", "0", "no"])
def test_other_env_values_keep_autoload(
    monkeypatch: pytest.MonkeyPatch, fake_entry_point: _FakeEntryPoint, value: str
) -> None:
    monkeypatch.setenv(AUTOLOAD_ENV, value)
    PluginHost()
    assert fake_entry_point.loads == 1


def test_explicit_autoload_argument_wins_over_the_env(
    monkeypatch: pytest.MonkeyPatch, fake_entry_point: _FakeEntryPoint
) -> None:
    monkeypatch.setenv(AUTOLOAD_ENV, "1")
    PluginHost(autoload=True)
    assert fake_entry_point.loads == 1
    monkeypatch.delenv(AUTOLOAD_ENV)
    PluginHost(autoload=False)
    assert fake_entry_point.loads == 1


def test_disable_env_name() -> None:
    assert AUTOLOAD_ENV == "MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD"

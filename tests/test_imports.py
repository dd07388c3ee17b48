"""The core package's modules import each other without cycles, at the top of the module.

A module that needs another only for annotations imports it under ``TYPE_CHECKING``; a
module never imports inside a function to dodge a cycle. The one known exception is listed
below; any new cycle or function-local import fails this test.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "core"

KNOWN_CYCLE: frozenset[str] = frozenset()
"""None: the game's parts import the card language (to name the kinds of abilities they look
up), and the card language imports only core modules that don't import it (objects, zones,
layers, mana, decisions, errors, the replacement pipeline), reaching the game's operations
through the :class:`~manaweave.lowlevel.Game` its effects are given. Any cycle fails."""

KNOWN_LOCAL_IMPORTS = {"", "_cli.dataset"}
"""Modules that import inside a function: the package itself, which loads
:mod:`manaweave.lowlevel` when a deprecated top-level name is first asked for, and the
``export`` and ``analyze`` commands, which load the tables and the report (polars, DuckDB,
matplotlib: longer to import than any other command takes to run) only when they run."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in CORE.rglob("*.py"):
        parts = list(path.relative_to(CORE).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        found[".".join(parts)] = path
    return found


def _is_type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _relative_imports(tree: ast.Module) -> Iterator[tuple[ast.ImportFrom, bool]]:
    """Each import of the package's own modules that runs (relative, or absolute from
    ``manaweave``), with whether it is inside a function."""

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.ImportFrom, bool]]:
        for child in ast.iter_child_nodes(node):
            if _is_type_checking(child):
                continue
            if isinstance(child, ast.ImportFrom) and (
                child.level or (child.module or "").split(".")[0] == "manaweave"
            ):
                yield child, in_function
            inside = in_function or isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
            yield from walk(child, inside)

    yield from walk(tree, False)


def _graph() -> tuple[dict[str, set[str]], set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    local: set[str] = set()
    for name, path in modules.items():
        package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        package = [p for p in package if p]
        for node, in_function in _relative_imports(ast.parse(path.read_text())):
            if node.level:
                base = package[: len(package) - (node.level - 1)] if node.level > 1 else package
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:  # manaweave[.X]: the core package is manaweave itself
                target = (node.module or "").removeprefix("manaweave").removeprefix(".")
                if target and target not in modules and target.split(".")[0] not in modules:
                    continue  # manaweave.keywords, .plugins, .variants: outside core/
            if in_function:
                local.add(name)
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                imported = sub if sub in modules else target
                if imported != name:
                    graph[name].add(imported)
    return graph, local


def _cycles(graph: dict[str, set[str]]) -> list[frozenset[str]]:
    """The strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[frozenset[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(frozenset(component))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_new_runtime_import_cycle_among_core_modules() -> None:
    graph, _ = _graph()
    assert all(cycle <= KNOWN_CYCLE for cycle in _cycles(graph))


def test_no_new_function_local_import_in_core() -> None:
    _, local = _graph()
    assert local <= KNOWN_LOCAL_IMPORTS


def test_the_game_and_priority_modules_import_each_other_only_for_annotations() -> None:
    graph, _ = _graph()
    assert "_engine._game" not in graph["_engine._priority"]
    assert "_engine._game" not in graph["_engine._layers"]


APPLICATIONS = frozenset(
    {
        "_cli",
        "_remote",
        "serve",
        "client",
        "analysis",
        "analysis_report",
        "dataset",
        "rl",
        "encoding",
        "simulation",
        "testing",
        "pytest_plugin",
        "viewer",
    }
)
"""The applications built on the engine, each a subpackage or a module: the command line,
what remote play and players in processes of their own share, the server, the client,
the analysis of many games and its report, datasets, learning environments and their
observation encoding, simulation and ladders, the testing harness and its pytest plugin,
the replay viewer."""

FRONT_DOORS = frozenset({"", "__main__"})
"""Modules that hand out what applications define: the package (whose names from
applications are imported when first asked for, as :mod:`manaweave.lowlevel`'s and
:mod:`manaweave.players`' are) and ``python -m manaweave``."""


def _is_application(module: str) -> bool:
    return module.split(".")[0] in APPLICATIONS or module == "__main__"


def test_the_engine_never_imports_an_application() -> None:
    """Everything a game is played with (the rules in ``_engine``, the card language, the
    events, the log, players, hooks, keyword actions) imports no application, not even
    through another module: applications depend on the engine, never the other way."""
    graph, _ = _graph()
    engine = [m for m in graph if not _is_application(m) and m not in FRONT_DOORS]
    assert {"_engine._game", "cards", "players", "log"} <= set(engine)
    reaching = {}
    for module in engine:
        seen: set[str] = set()
        todo = [module]
        while todo:
            for imported in graph.get(todo.pop(), ()):
                if imported not in seen:
                    seen.add(imported)
                    todo.append(imported)
        applications = sorted(m for m in seen if _is_application(m))
        if applications:
            reaching[module] = applications
    assert reaching == {}


PLAY_ONE_GAME = """
import sys, trio, manaweave, manaweave.lowlevel
from manaweave.players import RandomBot
game = manaweave.new_game(
    decks=["m10:red-green", "m10:green-white"], players=[RandomBot(1), RandomBot(2)],
    seed=1, max_turns=3,
)
trio.run(manaweave.play_game, game)
print(" ".join(sorted(m for m in sys.modules if m.startswith("manaweave."))))
"""


def test_a_game_imports_no_application() -> None:
    """A process that plays a game, with every built-in plugin (keywords, sets, variants,
    bots) loaded, imports no module of an application."""
    played = subprocess.run(
        [sys.executable, "-c", PLAY_ONE_GAME], capture_output=True, text=True, check=True
    )
    imported = played.stdout.split()
    assert "manaweave._engine._game" in imported
    assert "manaweave.keywords.flying" in imported
    applications = [m for m in imported if _is_application(m.removeprefix("manaweave."))]
    assert applications == []

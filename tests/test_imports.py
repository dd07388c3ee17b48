"""The core package's modules import each other without cycles, at the top of the module.

A module that needs another only for annotations imports it under ``TYPE_CHECKING``; a
module never imports inside a function to dodge a cycle. The one known exception is listed
below; any new cycle or function-local import fails this test.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

CORE = Path(__file__).resolve().parent.parent / "core"

KNOWN_CYCLE: frozenset[str] = frozenset()
"""None: the game's parts import the card language (to name the kinds of abilities they look
up), and the card language imports only core modules that don't import it (objects, zones,
layers, mana, decisions, errors, the replacement pipeline), reaching the game's operations
through the :class:`~manaweave.lowlevel.Game` its effects are given. Any cycle fails."""

KNOWN_LOCAL_IMPORTS = {"", "_dataset_cli"}
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
    assert "_game" not in graph["_priority"]
    assert "_game" not in graph["_layers"]

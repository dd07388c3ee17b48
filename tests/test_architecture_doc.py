"""docs/architecture.md names only what exists: its paths, dotted names, module table
entries and examples are checked against the code."""

from __future__ import annotations

import importlib
import re
import sys
import types
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "architecture.md"


def _checked_text() -> str:
    """The whole page: every name on it must exist."""
    return PAGE.read_text(encoding="utf-8")


def _table_rows(text: str) -> list[tuple[str, str]]:
    """The (module cell, names cell) of each row of the module table."""
    section = text.split("## Which module owns what", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[1].startswith("`"):
            rows.append((cells[1], cells[2]))
    return rows


def _module_name(path: str) -> str:
    """The import name of a source file or folder of the package."""
    parts = path.removesuffix(".py").removesuffix("/").split("/")
    top = {"core": "manaweave", "keywords": "manaweave.keywords", "variants": "manaweave.variants"}
    if parts[0] == "plugins":
        return ".".join(["manaweave.plugins", *parts[1:]])
    return ".".join([top[parts[0]], *parts[1:]])


def test_every_path_exists() -> None:
    paths = set(
        re.findall(r"\b((?:core|keywords|variants|plugins|tests|docs)/[\w/.-]*)", _checked_text())
    )
    assert paths
    missing = [p for p in sorted(paths) if not (ROOT / p).exists()]
    assert missing == []


def test_every_dotted_name_exists() -> None:
    names = set(re.findall(r"\bmanaweave(?:\.\w+)+", _checked_text()))
    assert names
    missing = []
    for name in sorted(names):
        parts = name.split(".")
        found = False
        for split in range(len(parts), 0, -1):
            try:
                value: Any = importlib.import_module(".".join(parts[:split]))
            except ImportError:
                continue
            try:
                for attribute in parts[split:]:
                    value = getattr(value, attribute)
            except AttributeError:
                break
            found = True
            break
        if not found:
            missing.append(name)
    assert missing == []


def test_the_module_table_names_what_each_module_has() -> None:
    rows = _table_rows(_checked_text())
    assert len(rows) >= 20
    missing = []
    for module_cell, names_cell in rows:
        paths = re.findall(r"`([\w/.]+\.py)`", module_cell)
        if len(paths) != 1:
            continue  # a folder, or several modules: the path test covers it
        module = importlib.import_module(_module_name(paths[0]))
        names = re.findall(r"`(\w+)`", names_cell)
        classes = [getattr(module, n) for n in names if isinstance(getattr(module, n, None), type)]
        for name in names:
            if not hasattr(module, name) and not any(hasattr(c, name) for c in classes):
                missing.append(f"{paths[0]}: {name}")
    assert missing == []


def test_every_backticked_file_in_a_folder_row_exists() -> None:
    for module_cell, names_cell in _table_rows(_checked_text()):
        folder = re.fullmatch(r"`([\w/]+/)`", module_cell)
        if folder is None:
            continue
        for name in re.findall(r"`([\w]+(?:\.py|/))`", names_cell):
            assert (ROOT / folder.group(1) / name).exists(), f"{folder.group(1)}{name}"


EXAMPLES = re.findall(r"```python\n(.*?)```", PAGE.read_text(encoding="utf-8"), re.DOTALL)


def test_the_page_has_examples() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.parametrize("block", EXAMPLES)
def test_example_runs(block: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # A module of its own, as a plugin's would be (dataclasses look their module up).
    module = types.ModuleType("architecture_example")
    monkeypatch.setitem(sys.modules, module.__name__, module)
    exec(compile(block, str(PAGE), "exec"), module.__dict__)

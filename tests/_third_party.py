"""Installing the distributions in ``tests/third_party`` the way a user would, and loading
their plugins through their entry points."""

from __future__ import annotations

import importlib
import importlib.metadata
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

THIRD_PARTY = Path(__file__).resolve().parent / "third_party"


def install(distribution: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Build and install ``tests/third_party/<distribution>`` into a fresh folder (no
    index needed); returns the folder to put on ``sys.path``."""
    work = tmp_path_factory.mktemp(distribution)
    # Building writes next to the source, so build a copy.
    source = shutil.copytree(THIRD_PARTY / distribution, work / "source")
    target = work / "site"
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "install", "--quiet", "--no-deps"),
            *("--no-build-isolation", "--no-index", "--target", str(target), str(source)),
        ],
        check=True,
    )
    return target


def load_entry_point(
    site: Path, group: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> ModuleType:
    """The plugin module the entry point ``name`` of ``group`` names, found with ``site``
    on the path for the test."""
    monkeypatch.syspath_prepend(str(site))
    importlib.invalidate_caches()
    (entry,) = [e for e in importlib.metadata.entry_points(group=group) if e.name == name]
    module = entry.load()
    assert isinstance(module, ModuleType)
    return module

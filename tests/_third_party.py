"""Installing the distributions in ``tests/third_party`` the way a user would, loading
their plugins through their entry points, and running their own tests and ``mypy``."""

from __future__ import annotations

import importlib
import importlib.metadata
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

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


def environment(site: Path) -> dict[str, str]:
    """The environment of a process that has the installed distribution in ``site``, and
    finds plugins the way every user's process does."""
    env = {**os.environ, "PYTHONPATH": str(site)}
    for name in ("MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD", "MANAWEAVE_PLUGINS", "PYTEST_ADDOPTS"):
        env.pop(name, None)
    return env


def run_own_tests(distribution: str, site: Path, work: Path) -> tuple[str, dict[str, Any]]:
    """Run ``tests/third_party/<distribution>/tests`` with pytest (manaweave's pytest
    plugin loads from the installed manaweave) against the install in ``site``, from
    ``work``; returns pytest's output and the test report it wrote. Fails unless every
    test passed."""
    source = shutil.copytree(THIRD_PARTY / distribution, work / distribution)
    report = work / "report.json"
    done = subprocess.run(
        [
            *(sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"),
            *("--manaweave-report", str(report), str(source / "tests")),
        ],
        env=environment(site),
        cwd=work,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    data: dict[str, Any] = json.loads(report.read_text(encoding="utf-8"))
    return done.stdout, data


def mypy_strict(distribution: str, cache: Path) -> subprocess.CompletedProcess[str]:
    """``mypy --strict`` on the distribution's package and tests, against the editable
    install of manaweave (and pytest) in this environment."""
    source = THIRD_PARTY / distribution
    packages = [path.name for path in source.iterdir() if (path / "__init__.py").is_file()]
    return subprocess.run(
        [
            *(sys.executable, "-m", "mypy", "--strict", "--cache-dir", str(cache)),
            *(*packages, "tests"),
        ],
        cwd=source,
        capture_output=True,
        text=True,
        check=False,
    )

"""How manaweave is installed for development: ``make`` (``pip install -e .``) gives a real
``manaweave`` package folder (tools/build_backend.py), which the interpreter and static
tools find the same way, wherever they are started."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import manaweave

CHECKOUT = Path(__file__).resolve().parents[1]


def test_the_folder_above_a_clone_named_manaweave_does_not_shadow_the_package(
    tmp_path: Path,
) -> None:
    # A clone is often a folder named ``manaweave``; started from its parent folder, Python
    # sees that folder first on its path. It has no ``__init__.py``, so it must lose to the
    # installed package instead of becoming an empty namespace package.
    (tmp_path / "manaweave").symlink_to(CHECKOUT, target_is_directory=True)
    found = subprocess.run(
        [sys.executable, "-c", "import manaweave; print(manaweave.__file__, manaweave.CR_EDITION)"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert found == [manaweave.__file__, manaweave.CR_EDITION]
    assert found[0].endswith("__init__.py")


def test_a_wheel_built_from_the_checkout_holds_the_whole_package(tmp_path: Path) -> None:
    # Building writes next to the sources, so build a copy of what the package is made of.
    source = tmp_path / "source"
    for part in ("core", "keywords", "variants", "plugins", "tools"):
        shutil.copytree(
            CHECKOUT / part, source / part, ignore=shutil.ignore_patterns("__pycache__")
        )
    for part in ("pyproject.toml", "README.md"):
        shutil.copy(CHECKOUT / part, source / part)
    subprocess.run(
        [
            *(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps"),
            *("--no-build-isolation", "--wheel-dir", str(tmp_path), str(source)),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("manaweave-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "manaweave/__init__.py" in names
    assert "manaweave/py.typed" in names
    assert "manaweave/keywords/flying.py" in names
    assert "manaweave/plugins/sets/m10/decks/m10-red-burn.txt" in names

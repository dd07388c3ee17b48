"""The package list, found rather than written out: every folder with an ``__init__.py``
under the source folders, named as the package it becomes (``plugins/sets/m10/`` is
``manaweave.plugins.sets.m10``). A card set added as a folder is packaged with no edit
here or in pyproject.toml, which holds everything else."""

from __future__ import annotations

from pathlib import Path

from setuptools import setup

SOURCE_FOLDERS = {
    "manaweave": "core",
    "manaweave.keywords": "keywords",
    "manaweave.actions": "keywords/actions",
    "manaweave.variants": "variants",
    "manaweave.plugins": "plugins",
}
"""Each top package and the folder it is built from (pyproject.toml's package-dir)."""


def packages() -> list[str]:
    """Every package of the source folders, sorted."""
    root = Path(__file__).resolve().parent
    found = []
    for package, folder in SOURCE_FOLDERS.items():
        for init in (root / folder).rglob("__init__.py"):
            parts = init.parent.relative_to(root / folder).parts
            if package == "manaweave.keywords" and parts[:1] == ("actions",):
                continue  # keywords/actions is manaweave.actions, the keyword actions
            found.append(".".join((package, *parts)))
    return sorted(found)


setup(packages=packages())

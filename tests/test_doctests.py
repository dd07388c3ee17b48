"""The examples in the package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import manaweave


def _modules_with_examples() -> list[str]:
    found = []
    for info in pkgutil.walk_packages(manaweave.__path__, "manaweave."):
        module = importlib.import_module(info.name)
        source = getattr(module, "__file__", None)
        if source and source.endswith(".py"):
            with open(source, encoding="utf-8") as file:
                if ">>>" in file.read():
                    found.append(info.name)
    return found


MODULES = _modules_with_examples()


def test_there_are_examples() -> None:
    assert {"manaweave.simulation._ladder", "manaweave._engine._preferences"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, tried = doctest.testmod(importlib.import_module(name), report=True)
    assert tried > 0
    assert failures == 0

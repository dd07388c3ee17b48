"""The example distributions type-check with ``mypy --strict`` against the editable install,
as a plugin author's project would: manaweave and its pytest plugin ship their types."""

from __future__ import annotations

from pathlib import Path

import pytest
from _third_party import mypy_strict


@pytest.fixture(scope="module")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One cache for the three runs, so manaweave is analysed once."""
    return tmp_path_factory.mktemp("mypy-cache")


@pytest.mark.parametrize(
    "distribution",
    ["manaweave-bushido", "manaweave-doom", "manaweave-mana-burn", "manaweave-sample-set"],
)
def test_the_distribution_and_its_tests_pass_mypy_strict(
    distribution: str, mypy_cache: Path
) -> None:
    done = mypy_strict(distribution, mypy_cache)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Success: no issues found in ")

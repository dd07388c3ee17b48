"""The Python examples of the README and the docs run as written."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [
    ROOT / "README.md",
    ROOT / "docs" / "testing.md",
    ROOT / "docs" / "writing-cards.md",
]
EXAMPLES = [
    pytest.param(document, block, id=f"{document.name}-{i}")
    for document in DOCUMENTS
    for i, block in enumerate(
        re.findall(r"```python\n(.*?)```", document.read_text(encoding="utf-8"), re.DOTALL)
    )
]


def test_the_documents_have_python_examples() -> None:
    assert len(EXAMPLES) >= 3


@pytest.mark.rules("510.1c", "608.2b", "704.5g")
@pytest.mark.parametrize(("document", "block"), EXAMPLES)
def test_example_runs(
    document: Path, block: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # examples may write a log file
    namespace: dict[str, Any] = {}
    exec(compile(block, str(document), "exec"), namespace)
    for name, value in namespace.items():
        if name.startswith("test_") and callable(value):
            value()  # an example written as a test is run too

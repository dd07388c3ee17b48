"""Every ```python block of the README and of docs/*.md runs as written.

Each document's blocks run in order in one namespace (a fresh module), in an empty
temporary working directory, with no reference data folder (``shared/mtg/``) to be found:
what a reader copies from one page works in a clone of its own. A block that defines
``test_*`` functions has them called too, as pytest would. Blocks fenced otherwise
(```text, ```console, ```sh, ```toml, ...) are not run.
"""

from __future__ import annotations

import ast
import re
import sys
import traceback
import types
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = sorted([ROOT / "README.md", *(ROOT / "docs").glob("*.md")])
_FENCE = re.compile(r"^(`{3,}|~{3,})\s*([\w+-]*)")


@dataclass(frozen=True)
class Block:
    """One fenced ```python block: its code and the line of the file it starts on."""

    code: str
    line: int


def python_blocks(text: str) -> list[Block]:
    """The ```python blocks of a Markdown text, in order, with the line each one's code
    starts on (1-based). Other fences, and fences inside them, are skipped."""
    blocks: list[Block] = []
    lines = text.splitlines()
    fence: str | None = None
    language = ""
    start = 0
    body: list[str] = []
    for number, line in enumerate(lines, start=1):
        stripped = line.strip()
        if fence is None:
            opened = _FENCE.match(stripped)
            if opened:
                fence, language, start, body = opened.group(1), opened.group(2), number + 1, []
            continue
        if stripped.startswith(fence) and not stripped[len(fence) :].strip():
            if language == "python":
                blocks.append(Block("\n".join(body) + "\n", start))
            fence = None
            continue
        body.append(line)
    if fence is not None:
        raise ValueError(f"a ``` fence opened on line {start - 1} is never closed")
    return blocks


def test_python_blocks_are_found_with_their_lines() -> None:
    text = "intro\n```python\nx = 1\n```\n```text\n```python\n```\n~~~python\ny = 2\n~~~\n"
    assert python_blocks(text) == [Block("x = 1\n", 3), Block("y = 2\n", 9)]


def test_every_document_is_checked() -> None:
    assert ROOT / "README.md" in DOCUMENTS
    assert len(DOCUMENTS) >= 5
    assert any(python_blocks(d.read_text(encoding="utf-8")) for d in DOCUMENTS)


def _run_block(block: Block, document: Path, namespace: dict[str, object]) -> None:
    tree = ast.parse(block.code, filename=str(document))
    ast.increment_lineno(tree, block.line - 1)  # tracebacks point into the document
    before = {name: value for name, value in namespace.items() if name.startswith("test_")}
    exec(compile(tree, str(document), "exec"), namespace)
    for name, value in list(namespace.items()):
        if name.startswith("test_") and callable(value) and before.get(name) is not value:
            value()  # a block written as a test is run too


@pytest.mark.parametrize("document", DOCUMENTS, ids=[str(d.relative_to(ROOT)) for d in DOCUMENTS])
def test_the_python_blocks_of_a_document_run(
    document: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # blocks may write files, such as a game's log
    name = f"manaweave_doc_{re.sub(r'[^0-9a-zA-Z]', '_', document.stem)}"
    module = types.ModuleType(name)
    module.__file__ = str(document)
    monkeypatch.setitem(sys.modules, name, module)  # dataclasses look their module up
    relative = document.relative_to(ROOT)
    for block in python_blocks(document.read_text(encoding="utf-8")):
        try:
            _run_block(block, document, module.__dict__)
        except Exception as error:
            pytest.fail(
                f"{relative}: the python block on line {block.line} fails: "
                f"{type(error).__name__}: {error}\n{traceback.format_exc()}",
                pytrace=False,
            )

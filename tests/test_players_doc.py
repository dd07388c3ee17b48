"""docs/players.md: its Python examples run, in order, in one namespace."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

DOC = Path(__file__).resolve().parents[1] / "docs" / "players.md"


def test_the_players_doc_examples_run_in_order(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)  # the examples write event logs
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert len(blocks) >= 8
    namespace: dict[str, Any] = {}
    for block in blocks:
        exec(compile(block, str(DOC), "exec"), namespace)
    out = capsys.readouterr().out
    assert "option index 2 is out of range: mulligan decision has options 0..1" in out
    assert "too many illegal choices" in out
    assert "stopped at: attack planner not written yet" in out
    assert "['heuristic', 'land-first', 'mcts', 'random']" in out
    assert "scored ahead: turn limit reached" in out

"""The table of triggers in docs/writing-cards.md holds every trigger ``manaweave.cards``
exports, and names nothing else: a card author finds each one there."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import manaweave.cards

WRITING_CARDS = Path(__file__).resolve().parents[1] / "docs" / "writing-cards.md"
_BASES = {"Trigger", "OwnTrigger", "StateTrigger"}
"""What a plugin's own trigger derives from: named below the table, not in it."""


def _table_names() -> set[str]:
    lines = WRITING_CARDS.read_text(encoding="utf-8").splitlines()
    start = lines.index("| trigger | the text |")
    names: set[str] = set()
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        first_cell = line.split("|")[1]
        names.update(re.findall(r"`(\w+)\(", first_cell))
    return names


def _exported_triggers() -> set[str]:
    return {
        name
        for name in manaweave.cards.__all__
        if inspect.isclass(value := getattr(manaweave.cards, name))
        and issubclass(value, manaweave.cards.Trigger)
        and name not in _BASES
    }


def test_every_exported_trigger_is_in_the_table() -> None:
    missing = _exported_triggers() - _table_names()
    assert not missing, f"docs/writing-cards.md's table of triggers lacks {sorted(missing)}"


def test_every_trigger_in_the_table_is_exported() -> None:
    unknown = _table_names() - _exported_triggers()
    assert not unknown, f"the table of triggers names {sorted(unknown)}, not in manaweave.cards"

"""The rule numbers of the Comprehensive Rules edition manaweave implements, shipped in the
package (``data/cr-rules-2026-01-16.txt``, written by ``tools/cr_rules.py``).

The ``rules`` test marker is checked against them, and ``manaweave coverage`` counts the
tests of each.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

__all__ = ["CR_EDITION", "RuleBook", "rule_book", "rule_sort_key"]

CR_EDITION = "2026-01-16"
"""The Comprehensive Rules edition whose numbers tests cite."""

_SHIPPED = f"cr-rules-{CR_EDITION}.txt"
_NUMBER_PARTS_RE = re.compile(r"\d+|\D+")


def rule_sort_key(number: str) -> tuple[tuple[int, int, str], ...]:
    """A sort key that orders rule numbers the way the rules do.

    ``"100.2"`` sorts before ``"100.10"``, ``"100.1"`` before ``"100.1a"``, and ``"702.19z"``
    before ``"702.19aa"``. Any string gets a key, so typos sort deterministically too.
    """
    parts: list[tuple[int, int, str]] = []
    for part in _NUMBER_PARTS_RE.findall(number):
        if part.isdigit():
            parts.append((0, int(part), part))
        else:
            parts.append((1, len(part), part))
    return tuple(parts)


@dataclass(frozen=True)
class RuleBook:
    """Every rule number of one edition, in the rules' order, with chapter and section titles.

    ``numbers`` holds the sections (``"100"``), rules (``"100.1"``) and subrules
    (``"100.1a"``); ``titles`` maps chapters (``"1"``) and sections (``"100"``) to their
    titles. ``RuleBook.from_lines`` reads the shipped file's format; :func:`rule_book` is the
    shipped edition.
    """

    edition: str
    numbers: tuple[str, ...]
    titles: dict[str, str]
    _known: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_known", frozenset(self.numbers))

    @classmethod
    def from_lines(cls, lines: Iterable[str], *, edition: str = CR_EDITION) -> RuleBook:
        """Read ``1 Game Concepts``, ``100 General``, ``100.1`` lines (``#`` lines and blank
        lines skipped). A line that is none of these is a ``ValueError`` naming it."""
        numbers: list[str] = []
        titles: dict[str, str] = {}
        for line_number, raw in enumerate(lines, start=1):
            line = raw.strip()
            if not line or line.startswith("#"):
                continue
            number, _, title = line.partition(" ")
            if not re.fullmatch(r"\d|\d{3}(?:\.\d+[a-z]*)?", number):
                raise ValueError(f"line {line_number}: not a rule number: {line[:40]!r}")
            if title:
                titles[number] = title.strip()
            if len(number) > 1:
                numbers.append(number)
        return cls(edition, tuple(numbers), titles)

    def __contains__(self, number: object) -> bool:
        return number in self._known

    def suggest(self, number: str) -> list[str]:
        """Up to three known numbers close to ``number``: its parents (``510.1`` for
        ``510.1z``), then look-alikes."""
        parents = []
        trimmed = number.rstrip("abcdefghijklmnopqrstuvwxyz")
        if trimmed != number and trimmed in self._known:
            parents.append(trimmed)
        close = difflib.get_close_matches(number, self.numbers, n=3, cutoff=0.7)
        return list(dict.fromkeys([*parents, *close]))[:3]

    def title(self, number: str) -> str:
        """The title of a chapter or section, or ``""``."""
        return self.titles.get(number, "")


@cache
def rule_book() -> RuleBook:
    """The shipped rule list (read once per process)."""
    text = (resources.files("manaweave") / "data" / _SHIPPED).read_text(encoding="utf-8")
    return RuleBook.from_lines(text.splitlines())

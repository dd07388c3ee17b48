"""The test report: which tests ran, how they ended, and the rules and cards each names.

The pytest plugin (:mod:`manaweave.pytest_plugin`) writes it at the end of a run,
``.manaweave/test-report.json`` by default; ``manaweave coverage``, ``manaweave cards`` and
``manaweave card NAME`` read it. The file is JSON::

    {
      "format": "manaweave-test-report",
      "version": 1,
      "cr_edition": "2026-01-16",
      "tests": [
        {"nodeid": "tests/test_bolt.py::test_bolt[2]", "outcome": "passed",
         "rules": ["120.3a"], "cards": ["Lightning Bolt"]}
      ]
    }

``tests`` lists every test the run collected and ran, in run order; ``outcome`` is one of
:data:`OUTCOMES`; ``rules`` and ``cards`` are the arguments of the test's ``rules`` and
``cards`` markers (its own, its class's, its module's and its parameters'), in order,
without repeats. A test *covers* its rules and cards when it passed.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from manaweave._engine._errors import ManaweaveError

__all__ = [
    "DEFAULT_REPORT",
    "OUTCOMES",
    "REPORT_FORMAT",
    "TestRecord",
    "TestReport",
    "TestReportError",
    "load_report",
]

DEFAULT_REPORT = Path(".manaweave") / "test-report.json"
"""Where the pytest plugin writes the report (below the pytest root folder) and where the
commands look for it (below the current folder)."""

REPORT_FORMAT = "manaweave-test-report"
"""The ``format`` field of a report file."""

OUTCOMES = ("passed", "failed", "error", "skipped", "xfailed", "xpassed")
"""How a test can end: ``error`` is a failure outside the test function (a fixture's set-up
or tear-down), ``xfailed``/``xpassed`` a test marked ``xfail`` that failed/passed."""

_VERSION = 1


class TestReportError(ManaweaveError, ValueError):
    """A test report file that cannot be read."""

    __test__ = False  # not a test class, though its name starts with "Test"


@dataclass(frozen=True, slots=True)
class TestRecord:
    """One test of a report."""

    __test__ = False

    nodeid: str
    outcome: str
    rules: tuple[str, ...] = ()
    cards: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        """Whether the test passed (and so covers its rules and cards)."""
        return self.outcome == "passed"

    def as_dict(self) -> dict[str, object]:
        """The record as written in the file."""
        return {
            "nodeid": self.nodeid,
            "outcome": self.outcome,
            "rules": list(self.rules),
            "cards": list(self.cards),
        }


@dataclass(frozen=True)
class TestReport:
    """Every test of one run (:class:`TestRecord`), and the CR edition its rules are of."""

    __test__ = False

    tests: tuple[TestRecord, ...]
    cr_edition: str

    @classmethod
    def load(cls, path: Path | str) -> TestReport:
        """Read a report file; a missing, unreadable or malformed one is a
        :class:`TestReportError` naming the file."""
        path = Path(path)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise TestReportError(f"no test report at {path}") from None
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
            raise TestReportError(f"{path}: cannot read the test report: {error}") from None
        return cls.from_dict(data, source=str(path))

    @classmethod
    def from_dict(cls, data: Any, *, source: str = "test report") -> TestReport:
        """Read a report's JSON data (see the module documentation for the schema)."""
        if not isinstance(data, Mapping) or data.get("format") != REPORT_FORMAT:
            raise TestReportError(f"{source}: not a manaweave test report")
        if data.get("version") != _VERSION:
            raise TestReportError(
                f"{source}: a version {data.get('version')!r} report; this manaweave reads "
                f"version {_VERSION} (run pytest again)"
            )
        try:
            tests = tuple(
                TestRecord(
                    str(test["nodeid"]),
                    _outcome(test["outcome"]),
                    tuple(str(rule) for rule in test["rules"]),
                    tuple(str(card) for card in test["cards"]),
                )
                for test in data["tests"]
            )
            return cls(tests, str(data["cr_edition"]))
        except (KeyError, TypeError, ValueError) as error:
            raise TestReportError(f"{source}: malformed test report ({error})") from None

    def as_dict(self) -> dict[str, object]:
        """The report as written in the file."""
        return {
            "format": REPORT_FORMAT,
            "version": _VERSION,
            "cr_edition": self.cr_edition,
            "tests": [test.as_dict() for test in self.tests],
        }

    def write(self, path: Path | str) -> None:
        """Write the report to ``path``, creating its folder."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        head = {key: value for key, value in self.as_dict().items() if key != "tests"}
        lines = [json.dumps(test.as_dict(), ensure_ascii=False) for test in self.tests]
        text = json.dumps(head, ensure_ascii=False)[:-1] + ', "tests": [\n'
        text += ",\n".join(lines) + "\n]}\n"  # one test a line: readable, diffable
        path.write_text(text, encoding="utf-8")

    def covering_rules(self) -> dict[str, list[str]]:
        """Rule number -> the node ids of the passed tests naming it."""
        return _index(self.tests, "rules", passed_only=True)

    def covering_cards(self) -> dict[str, list[str]]:
        """Card name -> the node ids of the passed tests naming it."""
        return _index(self.tests, "cards", passed_only=True)

    def naming_card(self, name: str) -> list[TestRecord]:
        """Every test naming the card ``name``, whatever its outcome, in run order."""
        return [test for test in self.tests if name in test.cards]


def load_report(path: Path | None) -> TestReport | None:
    """The test report at ``path``, or at the default place if ``path`` is ``None`` (then
    ``None`` when there is none). Raises :class:`TestReportError`."""
    if path is None:
        if not DEFAULT_REPORT.is_file():
            return None
        path = DEFAULT_REPORT
    return TestReport.load(path)


def _outcome(value: object) -> str:
    if value not in OUTCOMES:
        raise ValueError(f"unknown outcome {value!r}")
    return str(value)


def _index(tests: Iterable[TestRecord], field: str, *, passed_only: bool) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for test in tests:
        if passed_only and not test.passed:
            continue
        names: tuple[str, ...] = getattr(test, field)
        for name in names:
            found.setdefault(name, []).append(test.nodeid)
    return found

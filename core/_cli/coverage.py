"""Which Comprehensive Rules numbers the tests cover: the ``manaweave coverage`` command.

Tests name the rules they check with the ``rules`` marker (``@pytest.mark.rules("510.1c")``,
see :mod:`manaweave.pytest_plugin`). A pytest run records, in its test report, which tests
named which numbers and how they ended; a rule number is *covered* when a test that passed
names it exactly (a test of ``510.1c`` covers neither ``510.1`` nor ``510``).

:func:`coverage_report` compares the covering tests with the rule numbers of the edition
manaweave ships (:func:`~manaweave.lowlevel.rule_book`), chapter by chapter and section by
section; :func:`coverage_table` lays the result out as a table, and :func:`main` is the
``manaweave coverage`` command. Without a test report, the command still lists the
chapters and sections with their rule counts, and says how to record one.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from manaweave._engine._cr_rules import rule_book, rule_sort_key
from manaweave.testing._report import DEFAULT_REPORT, TestReportError, load_report

if TYPE_CHECKING:
    from rich.table import Table

__all__ = [
    "ChapterCoverage",
    "CoverageReport",
    "SectionCoverage",
    "coverage_report",
    "coverage_table",
    "main",
]

NO_REPORT_HINT = "run pytest to record which tests cover each rule"


def _section_of(number: str) -> str:
    return number.split(".", 1)[0]


def _chapter_of(section: str) -> str:
    return section[:-2] if len(section) > 2 else section


# --------------------------------------------------------------------------- the report


def _percent(covered: int, total: int) -> float:
    return 100.0 * covered / total if total else 0.0


@dataclass(frozen=True)
class SectionCoverage:
    """One section (``"510"``): which of its rule numbers have a test."""

    number: str
    title: str
    covered_numbers: tuple[str, ...]
    missing_numbers: tuple[str, ...]

    @property
    def covered(self) -> int:
        """How many of the section's rule numbers at least one test names."""
        return len(self.covered_numbers)

    @property
    def total(self) -> int:
        """How many rule numbers the section has (its heading number included)."""
        return len(self.covered_numbers) + len(self.missing_numbers)

    @property
    def percent(self) -> float:
        """``covered`` as a percentage of ``total`` (0.0 for an empty section)."""
        return _percent(self.covered, self.total)


@dataclass(frozen=True)
class ChapterCoverage:
    """One chapter (``"5"``, sections 500-599) and its sections."""

    number: str
    title: str
    sections: tuple[SectionCoverage, ...]

    @property
    def covered(self) -> int:
        """How many of the chapter's rule numbers at least one test names."""
        return sum(section.covered for section in self.sections)

    @property
    def total(self) -> int:
        """How many rule numbers the chapter has."""
        return sum(section.total for section in self.sections)

    @property
    def percent(self) -> float:
        """``covered`` as a percentage of ``total``."""
        return _percent(self.covered, self.total)


@dataclass(frozen=True)
class CoverageReport:
    """Coverage of the pinned rule numbers by the tests' ``rules`` markers.

    ``unknown`` lists marked numbers that are not in the pinned list (typos, or rules of
    another edition), sorted in rules order; ``unknown_tests`` gives, for each of them, the
    tests that name it.
    """

    chapters: tuple[ChapterCoverage, ...]
    unknown: tuple[str, ...]
    unknown_tests: tuple[tuple[str, tuple[str, ...]], ...] = ()

    @property
    def covered(self) -> int:
        """How many rule numbers at least one test names."""
        return sum(chapter.covered for chapter in self.chapters)

    @property
    def total(self) -> int:
        """How many rule numbers the pinned list has."""
        return sum(chapter.total for chapter in self.chapters)

    @property
    def percent(self) -> float:
        """``covered`` as a percentage of ``total``."""
        return _percent(self.covered, self.total)

    def chapter(self, number: str) -> ChapterCoverage | None:
        """The chapter ``"5"`` (``"5xx"`` is accepted too), or ``None``."""
        number = number.strip().removesuffix("xx")
        return next((c for c in self.chapters if c.number == number), None)

    def section(self, number: str) -> SectionCoverage | None:
        """The section ``"510"``, or ``None``."""
        number = number.strip()
        for chapter in self.chapters:
            for section in chapter.sections:
                if section.number == number:
                    return section
        return None

    def as_dict(self, *, by_section: bool = True, chapter: str | None = None) -> dict[str, object]:
        """The report as JSON-ready data (what ``manaweave coverage --json`` prints)."""
        chapters = self.chapters if chapter is None else (self._chapter_or_raise(chapter),)
        chapter_data: list[dict[str, object]] = []
        for item in chapters:
            data: dict[str, object] = {
                "chapter": item.number,
                "title": item.title,
                "covered": item.covered,
                "total": item.total,
                "percent": round(item.percent, 2),
            }
            if by_section:
                data["sections"] = [_section_dict(section) for section in item.sections]
            chapter_data.append(data)
        return {
            "covered": self.covered,
            "total": self.total,
            "percent": round(self.percent, 2),
            "chapters": chapter_data,
            "unknown": {number: list(tests) for number, tests in self.unknown_tests},
        }

    def _chapter_or_raise(self, number: str) -> ChapterCoverage:
        found = self.chapter(number)
        if found is None:
            known = ", ".join(c.number for c in self.chapters)
            raise ValueError(f"no chapter {number!r} in the rule list (chapters: {known})")
        return found


def _section_dict(section: SectionCoverage) -> dict[str, object]:
    return {
        "section": section.number,
        "title": section.title,
        "covered": section.covered,
        "total": section.total,
        "percent": round(section.percent, 2),
        "missing": list(section.missing_numbers),
    }


def coverage_report(
    markers: Mapping[str, Sequence[str]],
    rule_numbers: Iterable[str],
    titles: Mapping[str, str],
) -> CoverageReport:
    """Compare ``markers`` (rule number -> the tests covering it, such as
    :meth:`TestReport.covering_rules <manaweave.lowlevel.TestReport.covering_rules>` gives)
    with the rule numbers of an edition (``rule_book().numbers``).

    A rule number is covered when at least one test names it exactly (a test of ``510.1c``
    does not cover ``510.1`` or ``510``). ``titles`` (``rule_book().titles``) may be
    empty. Marked numbers missing from ``rule_numbers`` end up in ``unknown``.
    """
    marked = {number for number, tests in markers.items() if tests}
    by_section: dict[str, list[str]] = {}
    known: set[str] = set()
    for number in rule_numbers:
        if number in known:
            continue
        known.add(number)
        by_section.setdefault(_section_of(number), []).append(number)
    by_chapter: dict[str, list[SectionCoverage]] = {}
    for section in sorted(by_section, key=rule_sort_key):
        numbers = sorted(by_section[section], key=rule_sort_key)
        by_chapter.setdefault(_chapter_of(section), []).append(
            SectionCoverage(
                number=section,
                title=titles.get(section, ""),
                covered_numbers=tuple(n for n in numbers if n in marked),
                missing_numbers=tuple(n for n in numbers if n not in marked),
            )
        )
    chapters = tuple(
        ChapterCoverage(number=chapter, title=titles.get(chapter, ""), sections=tuple(sections))
        for chapter, sections in sorted(by_chapter.items(), key=lambda item: rule_sort_key(item[0]))
    )
    unknown = tuple(sorted(marked - known, key=rule_sort_key))
    unknown_tests = tuple((number, tuple(sorted(markers[number]))) for number in unknown)
    return CoverageReport(chapters=chapters, unknown=unknown, unknown_tests=unknown_tests)


def _label(text: str, title: str) -> str:
    return f"{text} {title}" if title else text


def coverage_table(
    report: CoverageReport,
    *,
    by_section: bool = True,
    chapter: str | None = None,
    tested: bool = True,
) -> Table:
    """The report as a :class:`rich.table.Table`: a row per chapter and (with
    ``by_section``) section, and a total row.

    ``chapter`` (``"5"`` or ``"5xx"``) limits the table to one chapter; an unknown chapter
    raises :class:`ValueError`. Without ``tested`` (no test report to count from) the table
    gives only the number of rules of each row.
    """
    from rich.table import Table

    chapters = report.chapters if chapter is None else (report._chapter_or_raise(chapter),)
    table = Table(title=f"Comprehensive Rules {rule_book().edition}", show_footer=True)
    table.add_column("Chapter / section", footer="Total")
    if tested:
        table.add_column("Covered", justify="right", footer=f"{report.covered}/{report.total}")
        table.add_column("%", justify="right", footer=f"{report.percent:.1f}")
    else:
        table.add_column("Rules", justify="right", footer=str(report.total))

    def row(label: str, item: SectionCoverage | ChapterCoverage, style: str | None = None) -> None:
        if tested:
            table.add_row(label, f"{item.covered}/{item.total}", f"{item.percent:.1f}", style=style)
        else:
            table.add_row(label, str(item.total), style=style)

    for item in chapters:
        row(_label(f"{item.number}xx", item.title), item, style="bold")
        if by_section:
            for section in item.sections:
                row("  " + _label(section.number, section.title), section)
    return table


# --------------------------------------------------------------------------- the command


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="manaweave coverage",
        description=(
            "Report which Comprehensive Rules numbers the tests cover, by chapter and "
            "section: a number is covered when a test that passed names it with "
            "@pytest.mark.rules(...), as the last pytest run's test report records."
        ),
    )
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help=f"the test report to read (default: {DEFAULT_REPORT} in the current folder)",
    )
    parser.add_argument(
        "--chapters-only", action="store_true", help="one line per chapter, no sections"
    )
    parser.add_argument("--chapter", metavar="N", help="only chapter N (1-9)")
    parser.add_argument(
        "--missing",
        metavar="SECTION",
        help="list the rule numbers of SECTION (such as 510) that no test covers",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def _fail(message: str) -> int:
    print(f"manaweave coverage: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``manaweave coverage`` with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Exits 0 after printing the report; 2 with a message on standard error if the test report
    given (or found) cannot be read, if ``--chapter`` or ``--missing`` names no chapter or
    section, or (after printing the report) if the report's tests name numbers that are not
    rules of the shipped edition.
    """
    from rich.console import Console

    args = _parser().parse_args(argv)
    try:
        test_report = load_report(args.report)
    except TestReportError as error:
        return _fail(str(error))
    book = rule_book()
    markers = test_report.covering_rules() if test_report is not None else {}
    report = coverage_report(markers, book.numbers, book.titles)
    tested = test_report is not None

    if args.chapter is not None and report.chapter(args.chapter) is None:
        known = ", ".join(chapter.number for chapter in report.chapters)
        return _fail(f"no chapter {args.chapter!r} in the rules (chapters: {known})")
    section = None
    if args.missing is not None:
        section = report.section(args.missing)
        if section is None:
            return _fail(f"no section {args.missing!r} in the rules (sections look like 510)")
        if not tested:
            return _fail(f"no test report at {DEFAULT_REPORT}: {NO_REPORT_HINT}")

    console = Console(highlight=False, soft_wrap=True)
    if args.json:
        if section is not None:
            data = _section_dict(section)
            data["unknown"] = {number: list(tests) for number, tests in report.unknown_tests}
        else:
            data = report.as_dict(by_section=not args.chapters_only, chapter=args.chapter)
            data["tested"] = tested
        print(json.dumps(data, indent=2))
    elif section is not None:
        console.print(_format_missing(section), end="")
    else:
        console.print(
            coverage_table(
                report, by_section=not args.chapters_only, chapter=args.chapter, tested=tested
            )
        )
        if not tested:
            console.print(f"No test report at {DEFAULT_REPORT}: {NO_REPORT_HINT}.")

    if report.unknown:
        for number, tests in report.unknown_tests:
            print(f"  {number}: {', '.join(tests)}", file=sys.stderr)
        listed = ", ".join(report.unknown)
        return _fail(
            f"{len(report.unknown)} rule number(s) named by tests are not rules of the "
            f"Comprehensive Rules {book.edition}: {listed}"
        )
    return 0


def _format_missing(section: SectionCoverage) -> str:
    label = _label(section.number, section.title)
    if not section.missing_numbers:
        return f"{label}: every rule number ({section.total}) has a test\n"
    lines = [
        f"{label}: {len(section.missing_numbers)} of {section.total} rule numbers have no test"
    ]
    lines.extend(f"  {number}" for number in section.missing_numbers)
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

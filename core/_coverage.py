"""Which Comprehensive Rules numbers the rules tests check: the ``manaweave coverage`` tool.

Rules tests name the rules they check with the ``rules`` pytest marker::

    pytestmark = pytest.mark.rules("103.5")            # every test in the module

    @pytest.mark.rules("510.1c", "702.19b")             # one test, or every test of a class
    def test_trample_assigns_excess_damage(): ...

    @pytest.mark.parametrize("case", [pytest.param(1, marks=pytest.mark.rules("704.5a"))])
    def test_state_based_actions(case): ...

:func:`collect_rule_markers` finds those markers *statically*: it parses the test files with
:mod:`ast` and never imports or runs them. Only string literal arguments of
``pytest.mark.rules(...)`` count. A rule number is attributed to the collected tests the marker
applies to, the way pytest applies it, with node ids relative to the tests folder's parent
(``tests/test_combat.py::TestTrample::test_excess``):

* a decorator on a test function: that test;
* a decorator on a ``Test*`` class, or ``pytestmark`` in its body: every test of the class,
  including tests of nested classes and tests inherited from classes of the same file;
* a module ``pytestmark`` (a mark, or a list or tuple of marks): every test of the module;
* ``pytest.param(..., marks=...)`` (one mark or a list or tuple of them) in a test's or class's
  decorators, directly or through a module or class level name (``CASES = [pytest.param(...)]``):
  that test, or those tests (the node id of the test function, without the parameter id);
* a mark given to a name (``RULE = pytest.mark.rules("...")``) that decorates a test: that test.

When no collected test can be determined statically (a module ``pytestmark`` in a file without
tests, or a ``pytest.param`` mark used by ``pytest_generate_tests`` or a fixture), the number is
attributed to the file itself (``tests/test_combat.py``), so it is never lost. Tests are
functions named ``test*`` at module level or in classes named ``Test*`` (pytest's defaults).

:func:`coverage_report` compares the markers with the pinned list of rule numbers
(``cr-rule-numbers-2026-01-16.txt``) chapter by chapter and section by section, and
:func:`format_report` prints it. :func:`main` is the ``manaweave coverage`` command.
"""

from __future__ import annotations

import argparse
import ast
import json
import os
import re
import sys
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeGuard

__all__ = [
    "CR_FILE",
    "RULE_NUMBERS_FILE",
    "ChapterCoverage",
    "CoverageReport",
    "SectionCoverage",
    "collect_markers",
    "collect_rule_markers",
    "coverage_report",
    "find_shared_file",
    "format_report",
    "load_rule_numbers",
    "load_section_titles",
    "main",
    "rule_sort_key",
]

RULE_NUMBERS_FILE = "cr-rule-numbers-2026-01-16.txt"
"""The pinned list of rule numbers (one a line) that coverage is measured against."""

CR_FILE = "CR-2026-01-16.txt"
"""The Comprehensive Rules text whose contents give the chapter and section titles."""

_RULE_NUMBER_RE = re.compile(r"\d{3}(?:\.\d+[a-z]*)?")
_TITLE_RE = re.compile(r"(\d|\d{3})\.\s+(\S.*)")
_NUMBER_PARTS_RE = re.compile(r"\d+|\D+")


# --------------------------------------------------------------------------- sorting


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


def _section_of(number: str) -> str:
    return number.split(".", 1)[0]


def _chapter_of(section: str) -> str:
    return section[:-2] if len(section) > 2 else section


# --------------------------------------------------------------------------- marker collection


def _is_test_file(path: Path) -> bool:
    return path.suffix == ".py" and (
        path.name.startswith("test_") or path.name.endswith("_test.py")
    )


def _test_files(tests_dir: Path) -> Iterator[Path]:
    for path in sorted(tests_dir.rglob("*.py")):
        relative = path.relative_to(tests_dir).parts
        if any(part.startswith(".") or part == "__pycache__" for part in relative[:-1]):
            continue
        if _is_test_file(path) and path.is_file():
            yield path


def _flatten(statements: Sequence[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body, looking inside ``if``/``try``/``with`` blocks (as pytest does)."""
    for statement in statements:
        if isinstance(statement, ast.If):
            yield from _flatten(statement.body)
            yield from _flatten(statement.orelse)
        elif isinstance(statement, ast.Try | ast.TryStar):
            yield from _flatten(statement.body)
            for handler in statement.handlers:
                yield from _flatten(handler.body)
            yield from _flatten(statement.orelse)
            yield from _flatten(statement.finalbody)
        elif isinstance(statement, ast.With | ast.AsyncWith):
            yield from _flatten(statement.body)
        else:
            yield statement


_Function = ast.FunctionDef | ast.AsyncFunctionDef
_Consts = dict[str, tuple[ast.Call, ...]]


@dataclass
class _ClassInfo:
    marks: list[ast.Call]
    methods: dict[str, tuple[_Function, _Consts]]
    nested: dict[str, ast.ClassDef]
    consts: _Consts


class _FileScanner:
    """Finds the markers named ``mark`` (``rules`` by default) of one parsed test file."""

    def __init__(self, tree: ast.Module, file_id: str, mark: str = "rules") -> None:
        self.tree = tree
        self.file_id = file_id
        self.mark = mark
        self.pytest_names: set[str] = {"pytest"}
        self.mark_names: set[str] = set()
        self.param_names: set[str] = set()
        self.found: dict[str, set[str]] = {}
        self.used: set[int] = set()
        self.module_classes: dict[str, ast.ClassDef] = {}
        self.module_consts: _Consts = {}
        self._read_imports()

    # -- recognising the marker forms

    def _read_imports(self) -> None:
        for node in ast.walk(self.tree):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    if alias.name == "pytest":
                        self.pytest_names.add(alias.asname or "pytest")
            elif isinstance(node, ast.ImportFrom) and node.module == "pytest" and not node.level:
                for alias in node.names:
                    if alias.name == "mark":
                        self.mark_names.add(alias.asname or "mark")
                    elif alias.name == "param":
                        self.param_names.add(alias.asname or "param")

    def _is_pytest(self, node: ast.expr) -> bool:
        return isinstance(node, ast.Name) and node.id in self.pytest_names

    def is_rules_mark(self, node: ast.AST) -> TypeGuard[ast.Call]:
        """``pytest.mark.rules(...)`` (or ``mark.rules(...)`` after ``from pytest import mark``),
        with the scanner's marker name in place of ``rules``."""
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if not (isinstance(func, ast.Attribute) and func.attr == self.mark):
            return False
        owner = func.value
        if isinstance(owner, ast.Attribute) and owner.attr == "mark":
            return self._is_pytest(owner.value)
        return isinstance(owner, ast.Name) and owner.id in self.mark_names

    def is_param(self, node: ast.AST) -> bool:
        """``pytest.param(...)`` (or ``param(...)`` after ``from pytest import param``)."""
        if not isinstance(node, ast.Call):
            return False
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "param":
            return self._is_pytest(func.value)
        return isinstance(func, ast.Name) and func.id in self.param_names

    @staticmethod
    def rule_numbers(mark: ast.Call) -> list[str]:
        """The string literal arguments of a ``rules`` mark; anything else is ignored."""
        return [
            arg.value
            for arg in mark.args
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str)
        ]

    def marks_in(self, node: ast.AST, consts: _Consts) -> list[ast.Call]:
        """Every ``rules`` mark inside an expression, following names bound to marks."""
        marks: list[ast.Call] = []
        for child in ast.walk(node):
            if self.is_rules_mark(child):
                marks.append(child)
            elif isinstance(child, ast.Name) and isinstance(child.ctx, ast.Load):
                marks.extend(consts.get(child.id, ()))
        return marks

    # -- scopes

    def _scope(
        self, body: Sequence[ast.stmt], outer: _Consts
    ) -> tuple[_Consts, list[ast.Call], list[_Function | ast.ClassDef]]:
        """Names bound to marks, the scope's ``pytestmark`` marks, and its definitions."""
        consts = dict(outer)
        pytestmark: list[ast.Call] = []
        definitions: list[_Function | ast.ClassDef] = []
        for statement in _flatten(body):
            targets: list[ast.expr] = []
            value: ast.expr | None = None
            augmented = False
            if isinstance(statement, ast.Assign):
                targets, value = statement.targets, statement.value
            elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
                targets, value = [statement.target], statement.value
            elif isinstance(statement, ast.AugAssign):
                targets, value, augmented = [statement.target], statement.value, True
            elif isinstance(statement, _Function | ast.ClassDef):
                definitions.append(statement)
                consts.pop(statement.name, None)
                continue
            if value is None:
                continue
            marks = self.marks_in(value, consts)
            for target in targets:
                if not isinstance(target, ast.Name):
                    continue
                if target.id == "pytestmark":
                    pytestmark = [*pytestmark, *marks] if augmented else list(marks)
                elif augmented:
                    consts[target.id] = (*consts.get(target.id, ()), *marks)
                elif marks:
                    consts[target.id] = tuple(marks)
                else:
                    consts.pop(target.id, None)
        return consts, pytestmark, definitions

    def _decorator_marks(self, node: _Function | ast.ClassDef, consts: _Consts) -> list[ast.Call]:
        marks: list[ast.Call] = []
        for decorator in node.decorator_list:
            marks.extend(self.marks_in(decorator, consts))
        return marks

    @staticmethod
    def _is_test_class(node: ast.ClassDef) -> bool:
        if not node.name.startswith("Test"):
            return False
        for statement in _flatten(node.body):
            if isinstance(statement, _Function) and statement.name == "__init__":
                return False
            if isinstance(statement, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__test__" for t in statement.targets
            ):
                value = statement.value
                if isinstance(value, ast.Constant) and not value.value:
                    return False
        return True

    def _class_info(
        self, node: ast.ClassDef, decorator_scope: _Consts, visiting: frozenset[int] = frozenset()
    ) -> _ClassInfo:
        """A class's marks and tests; its decorators see ``decorator_scope``, its body globals."""
        marks: list[ast.Call] = []
        methods: dict[str, tuple[_Function, _Consts]] = {}
        nested: dict[str, ast.ClassDef] = {}
        # Bases defined in the same file: their marks and tests are inherited (latest base first
        # in the MRO, so apply the bases right to left and let earlier ones win).
        for base in reversed(node.bases):
            if isinstance(base, ast.Name) and base.id in self.module_classes:
                base_node = self.module_classes[base.id]
                if id(base_node) in visiting or base_node is node:
                    continue
                info = self._class_info(base_node, self.module_consts, visiting | {id(node)})
                marks.extend(info.marks)
                methods.update(info.methods)
                nested.update(info.nested)
        consts, pytestmark, definitions = self._scope(node.body, self.module_consts)
        marks.extend(self._decorator_marks(node, decorator_scope))
        marks.extend(pytestmark)
        for definition in definitions:
            if isinstance(definition, ast.ClassDef):
                if self._is_test_class(definition):
                    nested[definition.name] = definition
                else:
                    nested.pop(definition.name, None)
            elif definition.name.startswith("test"):
                methods[definition.name] = (definition, consts)
            else:
                methods.pop(definition.name, None)
        return _ClassInfo(marks=marks, methods=methods, nested=nested, consts=consts)

    # -- attribution

    def _attribute(self, node_id: str, marks: Iterable[ast.Call]) -> None:
        for mark in marks:
            self.used.add(id(mark))
            for number in self.rule_numbers(mark):
                self.found.setdefault(number, set()).add(node_id)

    def _scan_class(
        self,
        node: ast.ClassDef,
        prefix: str,
        outer_marks: list[ast.Call],
        decorator_scope: _Consts,
    ) -> int:
        info = self._class_info(node, decorator_scope)
        marks = [*outer_marks, *info.marks]
        class_id = f"{prefix}::{node.name}"
        count = 0
        for name, (function, consts) in info.methods.items():
            self._attribute(
                f"{class_id}::{name}", [*marks, *self._decorator_marks(function, consts)]
            )
            count += 1
        for nested in info.nested.values():
            count += self._scan_class(nested, class_id, marks, info.consts)
        return count

    def scan(self) -> dict[str, set[str]]:
        """Rule number -> node ids, for this file."""
        consts, module_marks, definitions = self._scope(self.tree.body, {})
        self.module_consts = consts
        for definition in definitions:
            if isinstance(definition, ast.ClassDef):
                self.module_classes[definition.name] = definition
        tests = 0
        seen: set[str] = set()
        for definition in reversed(definitions):  # a later definition replaces an earlier one
            if definition.name in seen:
                continue
            seen.add(definition.name)
            if isinstance(definition, ast.ClassDef):
                if self._is_test_class(definition):
                    tests += self._scan_class(definition, self.file_id, module_marks, consts)
            elif isinstance(definition, _Function) and definition.name.startswith("test"):
                marks = [*module_marks, *self._decorator_marks(definition, consts)]
                self._attribute(f"{self.file_id}::{definition.name}", marks)
                tests += 1
        if tests == 0:
            self._attribute(self.file_id, module_marks)
        # pytest.param marks no test could be tied to (pytest_generate_tests, fixture params).
        for node in ast.walk(self.tree):
            if self.is_param(node):
                stray = [m for m in self.marks_in(node, {}) if id(m) not in self.used]
                self._attribute(self.file_id, stray)
        return self.found


def _parse(path: Path) -> ast.Module:
    source = path.read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return ast.parse(source, filename=str(path))


def collect_markers(tests_dir: Path, mark: str) -> dict[str, list[str]]:
    """Map each string argument of the ``mark`` markers below ``tests_dir`` to its tests.

    The files are found and the markers attributed exactly as for
    :func:`collect_rule_markers` (which is ``collect_markers(tests_dir, "rules")`` in rules
    order); the keys here are sorted as strings. ``manaweave cards`` reads the ``cards``
    marker with it.
    """
    tests_dir = Path(tests_dir).absolute()
    base = tests_dir.parent
    found: dict[str, set[str]] = {}
    for path in _test_files(tests_dir):
        file_id = path.relative_to(base).as_posix()
        for argument, node_ids in _FileScanner(_parse(path), file_id, mark).scan().items():
            found.setdefault(argument, set()).update(node_ids)
    return {argument: sorted(found[argument]) for argument in sorted(found)}


def collect_rule_markers(tests_dir: Path) -> dict[str, list[str]]:
    """Map each rule number named by a ``rules`` marker below ``tests_dir`` to its tests.

    Every ``test_*.py`` and ``*_test.py`` file below ``tests_dir`` (hidden folders and
    ``__pycache__`` are skipped) is parsed, never imported. The values are sorted node ids
    relative to ``tests_dir``'s parent, such as ``tests/test_combat.py::TestTrample::test_excess``
    or ``tests/test_combat.py::test_first_strike``; see the module docstring for how each marker
    form is attributed (a module ``pytestmark`` goes to every test of the module). The keys are
    sorted in rules order. A file that is not valid Python raises :class:`SyntaxError`.
    """
    found = collect_markers(tests_dir, "rules")
    return {number: found[number] for number in sorted(found, key=rule_sort_key)}


# --------------------------------------------------------------------------- reference files


def load_rule_numbers(path: Path | str) -> list[str]:
    """The rule numbers of the pinned list, one a line, in file order (blank lines skipped).

    Raises :class:`ValueError` naming the line if a line is not a rule number (``100``,
    ``100.1`` or ``100.1a``), which usually means the wrong file was given.
    """
    numbers: list[str] = []
    seen: set[str] = set()
    text = Path(path).read_text(encoding="utf-8-sig")
    for line_number, line in enumerate(text.splitlines(), start=1):
        number = line.strip()
        if not number:
            continue
        if not _RULE_NUMBER_RE.fullmatch(number):
            raise ValueError(f"{path}:{line_number}: not a rule number: {number[:40]!r}")
        if number not in seen:
            seen.add(number)
            numbers.append(number)
    return numbers


def load_section_titles(cr_path: Path | str) -> dict[str, str]:
    """Chapter and section titles from the contents of the Comprehensive Rules text.

    ``{"1": "Game Concepts", "100": "General", "103": "Starting the Game", ...}``. The contents
    run from the ``Contents`` line to the ``Glossary`` line; without a ``Contents`` line the
    whole file is read and the first title of each number wins.
    """
    lines = Path(cr_path).read_text(encoding="utf-8-sig").splitlines()
    stripped = [line.strip() for line in lines]
    if "Contents" in stripped:
        start = stripped.index("Contents") + 1
        end = stripped.index("Glossary", start) if "Glossary" in stripped[start:] else len(lines)
        stripped = stripped[start:end]
    titles: dict[str, str] = {}
    for line in stripped:
        match = _TITLE_RE.fullmatch(line)
        if match:
            titles.setdefault(match.group(1), match.group(2).strip())
    return titles


def find_shared_file(name: str) -> Path | None:
    """Find a file of the shared reference data folder (``shared/mtg/``), or ``None``.

    Looks in ``$MANAWEAVE_SHARED/mtg/`` first; then, walking up from the current directory,
    for each ancestor ``A`` (the current directory included) in ``A/shared/mtg/`` and
    ``A/../shared/mtg/`` (the repository is cloned next to a ``shared/`` folder).
    """
    shared = os.environ.get("MANAWEAVE_SHARED")
    if shared:
        candidate = Path(shared) / "mtg" / name
        if candidate.is_file():
            return candidate
    cwd = Path.cwd()
    for ancestor in (cwd, *cwd.parents):
        for root in (ancestor, ancestor.parent):
            candidate = root / "shared" / "mtg" / name
            if candidate.is_file():
                return candidate
    return None


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
    """Compare ``markers`` (from :func:`collect_rule_markers`) with the pinned rule numbers.

    A rule number is covered when at least one test names it exactly (a test of ``510.1c``
    does not cover ``510.1`` or ``510``). ``titles`` (from :func:`load_section_titles`) may be
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


def format_report(
    report: CoverageReport, *, by_section: bool = True, chapter: str | None = None
) -> str:
    """The report as a text table, one line per chapter and (with ``by_section``) section.

    ``chapter`` (``"5"`` or ``"5xx"``) limits the table to one chapter; an unknown chapter
    raises :class:`ValueError`. The last line gives the total over all chapters, followed by
    the unknown rule numbers, if any, with the tests that name them.
    """
    chapters = report.chapters if chapter is None else (report._chapter_or_raise(chapter),)
    rows: list[tuple[str, int, int, float]] = []
    for item in chapters:
        rows.append(
            (_label(f"{item.number}xx", item.title), item.covered, item.total, item.percent)
        )
        if by_section:
            for section in item.sections:
                label = "    " + _label(section.number, section.title)
                rows.append((label, section.covered, section.total, section.percent))
    rows.append(("Total", report.covered, report.total, report.percent))
    label_width = max(len(label) for label, *_ in rows)
    count_width = max(len(f"{covered}/{total}") for _, covered, total, _ in rows)
    lines: list[str] = []
    for index, (label, covered, total, percent) in enumerate(rows):
        if index == len(rows) - 1:
            lines.append("-" * (label_width + count_width + 10))
        counts = f"{covered}/{total}"
        lines.append(f"{label:<{label_width}}  {counts:>{count_width}}  {percent:5.1f}%")
    if report.unknown:
        lines.append("")
        lines.append(f"Unknown rule numbers (not in the rule list): {len(report.unknown)}")
        number_width = max(len(number) for number in report.unknown)
        for number, tests in report.unknown_tests:
            lines.append(f"  {number:<{number_width}}  {', '.join(tests)}")
    return "\n".join(lines) + "\n"


def _format_missing(section: SectionCoverage) -> str:
    label = _label(section.number, section.title)
    if not section.missing_numbers:
        return f"{label}: every rule number ({section.total}) has a test\n"
    lines = [
        f"{label}: {len(section.missing_numbers)} of {section.total} rule numbers have no test"
    ]
    lines.extend(f"  {number}" for number in section.missing_numbers)
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- the command


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="manaweave coverage",
        description=(
            "Report which Comprehensive Rules numbers the tests name with "
            "@pytest.mark.rules(...), by chapter and section. The test files are read, "
            "not run."
        ),
    )
    parser.add_argument(
        "--tests",
        type=Path,
        metavar="DIR",
        help="the tests folder to scan (default: ./tests)",
    )
    parser.add_argument(
        "--rules",
        type=Path,
        metavar="FILE",
        help=f"the pinned rule number list (default: {RULE_NUMBERS_FILE} in shared/mtg/)",
    )
    parser.add_argument(
        "--cr",
        type=Path,
        metavar="FILE",
        help=f"the Comprehensive Rules text, for titles (default: {CR_FILE} in shared/mtg/)",
    )
    parser.add_argument(
        "--chapters-only", action="store_true", help="one line per chapter, no sections"
    )
    parser.add_argument("--chapter", metavar="N", help="only chapter N (1-9)")
    parser.add_argument(
        "--missing",
        metavar="SECTION",
        help="list the rule numbers of SECTION (such as 510) that no test names",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def _fail(message: str) -> int:
    print(f"manaweave coverage: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``manaweave coverage`` with ``argv`` (default: ``sys.argv[1:]``); return the exit code.

    Exits 0 after printing the report; 2 with a message on standard error if the rule list,
    the CR text given with ``--cr`` or the tests folder cannot be found or read, if a test file
    does not parse, if ``--chapter`` or ``--missing`` names no chapter or section, or (after
    printing the report) if a test names a rule number that is not in the rule list. Without
    ``--cr`` and no CR text found, the report simply has no titles.
    """
    args = _parser().parse_args(argv)

    rules_path: Path | None = args.rules or find_shared_file(RULE_NUMBERS_FILE)
    if rules_path is None:
        return _fail(
            f"cannot find {RULE_NUMBERS_FILE}: pass --rules FILE, set MANAWEAVE_SHARED, "
            "or run from a checkout next to the shared/ folder"
        )
    cr_path: Path | None = args.cr or find_shared_file(CR_FILE)
    tests_dir: Path = args.tests if args.tests is not None else Path.cwd() / "tests"
    if not tests_dir.is_dir():
        return _fail(f"tests folder not found: {tests_dir}")

    try:
        rule_numbers = load_rule_numbers(rules_path)
        titles = load_section_titles(cr_path) if cr_path is not None else {}
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return _fail(f"cannot read the rule list or CR text: {error}")
    try:
        markers = collect_rule_markers(tests_dir)
    except SyntaxError as error:
        return _fail(f"cannot parse {error.filename}:{error.lineno}: {error.msg}")
    except (OSError, UnicodeDecodeError, ValueError) as error:
        return _fail(f"cannot read the tests: {error}")

    report = coverage_report(markers, rule_numbers, titles)

    if args.chapter is not None and report.chapter(args.chapter) is None:
        known = ", ".join(chapter.number for chapter in report.chapters)
        return _fail(f"no chapter {args.chapter!r} in the rule list (chapters: {known})")

    if args.missing is not None:
        section = report.section(args.missing)
        if section is None:
            return _fail(f"no section {args.missing!r} in the rule list (sections look like 510)")
        if args.json:
            data = _section_dict(section)
            data["unknown"] = {number: list(tests) for number, tests in report.unknown_tests}
            print(json.dumps(data, indent=2))
        else:
            sys.stdout.write(_format_missing(section))
    elif args.json:
        data = report.as_dict(by_section=not args.chapters_only, chapter=args.chapter)
        print(json.dumps(data, indent=2))
    else:
        sys.stdout.write(
            format_report(report, by_section=not args.chapters_only, chapter=args.chapter)
        )

    if report.unknown:
        listed = ", ".join(report.unknown)
        return _fail(
            f"{len(report.unknown)} rule number(s) named by tests are not in {rules_path}: {listed}"
        )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

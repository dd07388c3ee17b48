"""The rule list the package ships (``tools/cr_rules.py`` writes it) and the ``manaweave
coverage`` command, which counts the rules the tests of a test report cover.

No test needs the rules text beside the checkout: the tool is run on a small sample it is
given here, and the command on report files written here.
"""

from __future__ import annotations

import importlib.util
import io
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from types import ModuleType

import pytest
from _command import run_manaweave
from rich.console import Console

import manaweave
from manaweave.lowlevel import (
    CoverageReport,
    RuleBook,
    TestRecord,
    TestReport,
    coverage_report,
    coverage_table,
    rule_book,
    rule_sort_key,
)
from manaweave.lowlevel import coverage_command as main

ROOT = Path(__file__).resolve().parents[1]


def _load_tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("cr_rules", ROOT / "tools" / "cr_rules.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


TOOL = _load_tool()

MINI_RULES = [
    "100",
    "100.1",
    "100.1a",
    "100.1b",
    "100.2",
    "101",
    "101.1",
    "101.2",
    "101.2a",
    "101.2b",
    "500",
    "500.1",
    "510",
    "510.1",
    "510.1a",
    "510.1b",
    "510.1c",
    "510.2",
]
MINI_TITLES = {
    "1": "Game Concepts",
    "100": "General",
    "101": "The Magic Golden Rules",
    "5": "Turn Structure",
    "500": "General",
    "510": "Combat Damage Step",
}


def mini_report(markers: dict[str, list[str]]) -> CoverageReport:
    """A coverage report against the small rule list, with titles."""
    return coverage_report(markers, MINI_RULES, MINI_TITLES)


def rendered(report: CoverageReport, **options: object) -> list[str]:
    """The table's lines as a console 100 columns wide prints them."""
    console = Console(width=100, file=io.StringIO())
    console.print(coverage_table(report, **options))  # type: ignore[arg-type]
    output = console.file
    assert isinstance(output, io.StringIO)
    return [line.rstrip() for line in output.getvalue().splitlines()]


def write_report(path: Path, tests: list[TestRecord]) -> Path:
    """A test report file of ``tests``."""
    TestReport(tuple(tests), "2026-01-16").write(path)
    return path


# --------------------------------------------------------------------------- the shipped rules


def test_the_shipped_rule_list() -> None:
    book = rule_book()
    assert book.edition == manaweave.CR_EDITION == "2026-01-16"
    assert len(book.numbers) == 3260
    assert book.numbers[:3] == ("100", "100.1", "100.1a")
    assert sum(len(number) == 3 for number in book.numbers) == 146
    assert [book.title(str(n)) for n in (1, 5, 9)] == [
        "Game Concepts",
        "Turn Structure",
        "Casual Variants",
    ]
    assert book.title("103") == "Starting the Game"
    # Written in the text without or with a stray dot, and still rules.
    assert {"606.5", "119.1d", "702.19b", "510.1c"} <= set(book.numbers)
    assert "510.1z" not in book
    assert book.suggest("510.1z")[0] == "510.1"
    report = coverage_report({"103.5": ["t"], "103.5z": ["t"]}, book.numbers, book.titles)
    assert [chapter.number for chapter in report.chapters] == [str(n) for n in range(1, 10)]
    assert all(s.title for c in report.chapters for s in c.sections)
    assert (report.covered, report.total, report.unknown) == (1, 3260, ("103.5z",))


def test_rule_book_from_lines_rejects_other_text() -> None:
    book = RuleBook.from_lines(["# comment", "1 Game Concepts", "", "100 General", "100.1"])
    assert (book.numbers, book.titles) == (
        ("100", "100.1"),
        {"1": "Game Concepts", "100": "General"},
    )
    with pytest.raises(ValueError, match=r"line 2: not a rule number: 'General rules'"):
        RuleBook.from_lines(["100", "General rules"])


def test_the_package_looks_for_no_files_beside_the_checkout() -> None:
    package = Path(manaweave.__file__).parent  # the installed package, every subpackage
    sources = list(package.rglob("*.py"))
    assert len(sources) > 50
    for path in sources:
        text = path.read_text(encoding="utf-8")
        assert "shared/mtg" not in text, path
        assert "find_shared_file" not in text, path
        assert "MANAWEAVE_SHARED" not in text, path


def test_rule_sort_key() -> None:
    numbers = ["702.19aa", "100.1", "702.19z", "100", "100.1a", "702.2", "702.19", "101"]
    assert sorted(numbers, key=rule_sort_key) == [
        "100",
        "100.1",
        "100.1a",
        "101",
        "702.2",
        "702.19",
        "702.19z",
        "702.19aa",
    ]


# --------------------------------------------------------------------------- tools/cr_rules.py

SAMPLE_CR = """\
Magic: The Gathering Comprehensive Rules

Contents

1. Game Concepts
100. General
101. The Magic Golden Rules

5. Turn Structure
510. Combat Damage Step

Glossary

Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

100.1a A two-player game is a game that begins with only two players.

Example: 100.9. Not a rule, an example.

100.2 A rule written without its dot.

101. The Magic Golden Rules

101.1. Whenever a card's text contradicts these rules, the card takes precedence.

101.1a. A subrule written with a dot.

5. Turn Structure

510. Combat Damage Step

510.1. First, the active player announces how each attacking creature assigns damage.

Glossary

100.3. A glossary line that looks like a rule.
"""


def test_the_tool_writes_and_checks_the_rule_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    cr = tmp_path / "CR-2026-01-16.txt"
    cr.write_text(SAMPLE_CR, encoding="utf-8")
    out = tmp_path / "rules.txt"
    assert TOOL.main(["--from", str(cr), "--output", str(out)]) == 0
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[2:] == [
        "1 Game Concepts",
        "100 General",
        "100.1",
        "100.1a",
        "100.2",
        "101 The Magic Golden Rules",
        "101.1",
        "101.1a",
        "5 Turn Structure",
        "510 Combat Damage Step",
        "510.1",
    ]
    book = RuleBook.from_lines(lines)
    assert book.numbers == (
        *("100", "100.1", "100.1a", "100.2"),
        *("101", "101.1", "101.1a"),
        *("510", "510.1"),
    )
    capsys.readouterr()
    # --check with a folder: the text and the list of numbers beside it must agree.
    (tmp_path / "cr-rule-numbers-2026-01-16.txt").write_text(
        "\n".join(book.numbers) + "\n", encoding="utf-8"
    )
    assert TOOL.main(["--check", str(tmp_path), "--output", str(out)]) == 0
    assert "matches" in capsys.readouterr().out
    out.write_text(out.read_text(encoding="utf-8").replace("100.1a\n", ""), encoding="utf-8")
    assert TOOL.main(["--check", str(tmp_path), "--output", str(out)]) == 1
    err = capsys.readouterr().err
    assert "only in the rules text: 100.1a" in err
    assert "Regenerate it: python tools/cr_rules.py --from" in err


def test_the_tool_refuses_text_that_disagrees_with_the_number_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "CR-2026-01-16.txt").write_text(SAMPLE_CR, encoding="utf-8")
    (tmp_path / "cr-rule-numbers-2026-01-16.txt").write_text("100\n100.1\n", encoding="utf-8")
    assert TOOL.main(["--from", str(tmp_path), "--output", str(tmp_path / "out.txt")]) == 2
    assert "only in the text: ['100.1a'," in capsys.readouterr().err
    not_cr = tmp_path / "notes.txt"
    not_cr.write_text("nothing here\n", encoding="utf-8")
    assert TOOL.main(["--from", str(not_cr), "--output", str(tmp_path / "out.txt")]) == 2
    assert "no contents followed by the rules" in capsys.readouterr().err
    assert not (tmp_path / "out.txt").exists()


# --------------------------------------------------------------------------- the report


def test_coverage_counts_exact_numbers_only() -> None:
    report = mini_report(
        {
            "100.1a": ["tests/test_a.py::test_x"],
            "100.2": ["tests/test_a.py::test_y"],
            "510.1c": ["tests/test_b.py::test_z"],
            "510": ["tests/test_b.py::test_w"],
            "101.3": [],  # no test names it
        }
    )
    assert (report.covered, report.total) == (4, 18)
    assert [(c.number, c.title, c.covered, c.total) for c in report.chapters] == [
        ("1", "Game Concepts", 2, 10),
        ("5", "Turn Structure", 2, 8),
    ]
    sections = [(s.number, s.covered, s.total) for c in report.chapters for s in c.sections]
    assert sections == [("100", 2, 5), ("101", 0, 5), ("500", 0, 2), ("510", 2, 6)]
    section = report.section("510")
    assert section is not None
    assert section.covered_numbers == ("510", "510.1c")
    # A test of 510.1c covers neither 510.1 nor 510.
    assert section.missing_numbers == ("510.1", "510.1a", "510.1b", "510.2")
    assert section.percent == pytest.approx(100 / 3)
    assert report.unknown == ()
    assert report.chapter("5xx") is report.chapter("5")
    assert report.chapter("3") is None
    assert report.section("999") is None


def test_unknown_numbers_are_reported_with_their_tests() -> None:
    report = mini_report(
        {"100.1": ["t1"], "510.1z": ["tests/test_b.py::test_z", "tests/test_a.py::test_y"]}
    )
    assert report.unknown == ("510.1z",)
    assert report.unknown_tests == (
        ("510.1z", ("tests/test_a.py::test_y", "tests/test_b.py::test_z")),
    )


def test_the_table_by_section_chapters_only_and_one_chapter() -> None:
    report = mini_report({"100.1a": ["t"], "100.2": ["t"], "510.1c": ["t"]})
    lines = rendered(report)
    rows = [line for line in lines if line.startswith("│")]
    assert [row.split("│")[1].strip() for row in rows] == [
        "1xx Game Concepts",
        "100 General",
        "101 The Magic Golden Rules",
        "5xx Turn Structure",
        "500 General",
        "510 Combat Damage Step",
        "Total",
    ]
    assert rows[0].split("│")[2:4] == ["    2/10 ", " 20.0 "]
    assert rows[-1].split("│")[2].strip() == "3/18"
    chapters_only = rendered(report, by_section=False)
    assert sum(line.startswith("│") for line in chapters_only) == 3
    one = " ".join(rendered(report, chapter="5xx"))
    assert "Turn Structure" in one
    assert "Game Concepts" not in one
    with pytest.raises(ValueError, match="no chapter '3'"):
        coverage_table(report, chapter="3")
    untested = " ".join(rendered(report, tested=False))
    assert "Rules" in untested
    assert "Covered" not in untested


def test_as_dict() -> None:
    report = mini_report({"510.1c": ["t"], "510.9": ["u"]})
    data = report.as_dict(chapter="5")
    assert (data["covered"], data["total"], data["unknown"]) == (1, 18, {"510.9": ["u"]})
    chapters = data["chapters"]
    assert isinstance(chapters, list)
    assert [chapter["chapter"] for chapter in chapters] == ["5"]
    assert chapters[0]["sections"][1]["missing"] == ["510", "510.1", "510.1a", "510.1b", "510.2"]


# --------------------------------------------------------------------------- the command


@pytest.fixture
def report_file(tmp_path: Path) -> Path:
    """A report: one passed test of 100.1a and 510.1c, one failed test of 500.1."""
    return write_report(
        tmp_path / "report.json",
        [
            TestRecord("tests/test_a.py::test_x", "passed", ("100.1a", "510.1c")),
            TestRecord("tests/test_a.py::test_y", "failed", ("500.1",)),
            TestRecord("tests/test_a.py::test_z", "skipped", ("500.2",)),
        ],
    )


def test_main_counts_only_passed_tests(
    report_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["--report", str(report_file), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["covered"], data["total"], data["tested"]) == (2, 3260, True)
    section = data["chapters"][4]["sections"][0]
    assert (section["section"], section["covered"]) == ("500", 0)
    assert main(["--report", str(report_file), "--missing", "510", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "510.1c" not in data["missing"]
    assert "510.1b" in data["missing"]
    assert main(["--report", str(report_file), "--missing", "100"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("100 General: ")
    assert "  100.1a" not in out
    assert "  100.1b" in out


def test_main_errors(tmp_path: Path, report_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--report", str(report_file), "--chapter", "0"]) == 2
    assert "no chapter '0'" in capsys.readouterr().err
    assert main(["--report", str(report_file), "--missing", "199"]) == 2
    assert "no section '199'" in capsys.readouterr().err
    assert main(["--report", str(tmp_path / "none.json")]) == 2
    assert "no test report at" in capsys.readouterr().err
    (tmp_path / "bad.json").write_text('{"format": "other"}', encoding="utf-8")
    assert main(["--report", str(tmp_path / "bad.json")]) == 2
    assert "not a manaweave test report" in capsys.readouterr().err
    odd = write_report(tmp_path / "odd.json", [TestRecord("t::x", "passed", ("510.1z",))])
    assert main(["--report", str(odd), "--chapters-only"]) == 2
    captured = capsys.readouterr()
    assert "Total" in captured.out
    assert "510.1z: t::x" in captured.err
    assert captured.err.rstrip().endswith("Comprehensive Rules 2026-01-16: 510.1z")


def run_command(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``manaweave`` command in ``cwd``, tables 100 columns wide."""
    return run_manaweave(*args, cwd=cwd, env={"PATH": "/usr/bin:/bin", "COLUMNS": "100"})


def test_the_command_works_from_any_folder_with_or_without_a_report(tmp_path: Path) -> None:
    done = run_command(tmp_path, "coverage", "--chapters-only")
    assert done.returncode == 0, done.stderr
    assert "9xx Casual Variants" in done.stdout
    assert "3260" in done.stdout
    assert "run pytest to record which tests cover each rule" in done.stdout
    assert run_command(tmp_path, "coverage", "--missing", "510").returncode == 2
    write_report(
        tmp_path / ".manaweave" / "test-report.json",
        [TestRecord("tests/test_a.py::test_x", "passed", ("510.1c",))],
    )
    done = run_command(tmp_path, "coverage", "--chapter", "5")
    assert done.returncode == 0, done.stderr
    assert "5xx Turn Structure" in done.stdout
    assert "1/161" in done.stdout
    assert "run pytest" not in done.stdout


def test_the_report_a_real_run_writes_is_what_the_command_reads(tmp_path: Path) -> None:
    (tmp_path / "test_combat.py").write_text(
        textwrap.dedent(
            """
            import pytest

            @pytest.mark.rules("510.1c", "702.19b")
            def test_trample():
                pass

            @pytest.mark.rules("510.2")
            def test_failing():
                assert False
            """
        ),
        encoding="utf-8",
    )
    subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
        cwd=tmp_path,
        capture_output=True,
        check=False,
    )
    done = run_command(tmp_path, "coverage", "--missing", "510", "--json")
    assert done.returncode == 0, done.stderr
    missing = json.loads(done.stdout)["missing"]
    assert "510.1c" not in missing
    assert "510.2" in missing  # its test failed

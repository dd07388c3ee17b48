"""Tests of the ``manaweave coverage`` tool (``manaweave.lowlevel.coverage_report``).

Most tests build a small test tree under ``tmp_path``; the tool reads those files with ``ast``
and never imports them. One group of tests reads the real reference files in ``../shared/mtg``
and skips when that folder is absent.
"""

from __future__ import annotations

import json
import textwrap
from pathlib import Path

import pytest

from manaweave.lowlevel import (
    CR_FILE,
    RULE_NUMBERS_FILE,
    CoverageReport,
    collect_rule_markers,
    coverage_report,
    find_shared_file,
    load_rule_numbers,
    load_section_titles,
    rule_sort_key,
)
from manaweave.lowlevel import coverage_command as main
from manaweave.lowlevel import format_coverage_report as format_report

# --------------------------------------------------------------------------- helpers


def write(root: Path, relative: str, source: str) -> Path:
    """Write a dedented source file below ``root``."""
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(source), encoding="utf-8")
    return path


def markers_of(tmp_path: Path, source: str, name: str = "test_mod.py") -> dict[str, list[str]]:
    """Collect the markers of one test file written to ``tmp_path/tests/name``."""
    write(tmp_path, f"tests/{name}", source)
    return collect_rule_markers(tmp_path / "tests")


MINI_RULES = """\
100
100.1
100.1a
100.1b
100.2
101
101.1
101.2
101.2a
101.2b
500
500.1
510
510.1
510.1a
510.1b
510.1c
510.2
"""

MINI_CR = """\
Magic: The Gathering Comprehensive Rules

Contents

1. Game Concepts
100. General
101. The Magic Golden Rules

5. Turn Structure
500. General
510. Combat Damage Step

Glossary

Credits

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game.

1. Not A Chapter Title
"""


@pytest.fixture
def mini_shared(tmp_path: Path) -> tuple[Path, Path]:
    """A small rule list and CR text."""
    rules = write(tmp_path, "shared/mtg/rules.txt", MINI_RULES)
    cr = write(tmp_path, "shared/mtg/cr.txt", MINI_CR)
    return rules, cr


def mini_report(markers: dict[str, list[str]]) -> CoverageReport:
    """A coverage report against the small rule list, with titles."""
    titles = {
        "1": "Game Concepts",
        "100": "General",
        "101": "The Magic Golden Rules",
        "5": "Turn Structure",
        "500": "General",
        "510": "Combat Damage Step",
    }
    return coverage_report(markers, MINI_RULES.split(), titles)


# --------------------------------------------------------------------------- marker forms


def test_function_decorator(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.rules("510.1c", "702.19b")
        def test_trample():
            pass

        @pytest.mark.rules("510.1c")
        @pytest.mark.rules("510.2")
        async def test_async_and_stacked():
            pass
        """,
    )
    assert found == {
        "510.1c": ["tests/test_mod.py::test_async_and_stacked", "tests/test_mod.py::test_trample"],
        "510.2": ["tests/test_mod.py::test_async_and_stacked"],
        "702.19b": ["tests/test_mod.py::test_trample"],
    }


def test_class_decorator_applies_to_every_test_of_the_class(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.rules("302.6")
        class TestSummoningSickness:
            @pytest.mark.rules("302.6a")
            def test_cannot_attack(self):
                pass

            def test_cannot_tap(self):
                pass

            def helper(self):
                pass

            OUTER = pytest.mark.rules("302.2")

            @OUTER
            class TestNested:
                pytestmark = pytest.mark.rules("302.1")

                def test_inner(self):
                    pass

                @OUTER  # class scopes do not nest: this is not the outer class's name
                def test_scoping(self):
                    pass
        """,
    )
    base = "tests/test_mod.py::TestSummoningSickness"
    assert found == {
        "302.1": [f"{base}::TestNested::test_inner", f"{base}::TestNested::test_scoping"],
        "302.2": [f"{base}::TestNested::test_inner", f"{base}::TestNested::test_scoping"],
        "302.6": [
            f"{base}::TestNested::test_inner",
            f"{base}::TestNested::test_scoping",
            f"{base}::test_cannot_attack",
            f"{base}::test_cannot_tap",
        ],
        "302.6a": [f"{base}::test_cannot_attack"],
    }


def test_class_inherits_tests_and_marks_of_a_base_class_in_the_same_file(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.rules("400.1")
        class TestZone:
            def test_exists(self):
                pass

        @pytest.mark.rules("401.1")
        class TestLibrary(TestZone):
            def test_order(self):
                pass
        """,
    )
    assert found == {
        "400.1": [
            "tests/test_mod.py::TestLibrary::test_exists",
            "tests/test_mod.py::TestLibrary::test_order",
            "tests/test_mod.py::TestZone::test_exists",
        ],
        "401.1": [
            "tests/test_mod.py::TestLibrary::test_exists",
            "tests/test_mod.py::TestLibrary::test_order",
        ],
    }


def test_classes_pytest_does_not_collect_are_skipped(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.rules("100.1")
        class Helper:
            def test_not_collected(self):
                pass

        @pytest.mark.rules("100.2")
        class TestWithInit:
            def __init__(self):
                pass

            def test_not_collected(self):
                pass

        @pytest.mark.rules("100.3")
        class TestOptedOut:
            __test__ = False

            def test_not_collected(self):
                pass

        @pytest.mark.rules("100.4")
        def helper_function():
            pass
        """,
    )
    assert found == {}


def test_module_pytestmark_single_mark(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        pytestmark = pytest.mark.rules("103.5")

        def test_mulligan():
            pass

        class TestLondon:
            def test_bottom(self):
                pass
        """,
    )
    assert found == {
        "103.5": ["tests/test_mod.py::TestLondon::test_bottom", "tests/test_mod.py::test_mulligan"]
    }


@pytest.mark.parametrize(("opening", "closing"), [("[", "]"), ("(", ")")])
def test_module_pytestmark_list_or_tuple(tmp_path: Path, opening: str, closing: str) -> None:
    found = markers_of(
        tmp_path,
        f"""
        import pytest

        pytestmark = {opening}pytest.mark.rules("103.5", "103.5a"), pytest.mark.slow{closing}
        pytestmark += [pytest.mark.rules("103.6")]

        def test_mulligan():
            pass
        """,
    )
    assert found == {
        "103.5": ["tests/test_mod.py::test_mulligan"],
        "103.5a": ["tests/test_mod.py::test_mulligan"],
        "103.6": ["tests/test_mod.py::test_mulligan"],
    }


def test_module_pytestmark_without_tests_goes_to_the_file(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        pytestmark: list[pytest.MarkDecorator] = [pytest.mark.rules("104.1")]
        """,
    )
    assert found == {"104.1": ["tests/test_mod.py"]}


def test_pytest_param_marks(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.parametrize(
            "sba",
            [
                pytest.param("life", marks=pytest.mark.rules("704.5a")),
                pytest.param("poison", marks=[pytest.mark.rules("704.5c"), pytest.mark.slow]),
                pytest.param("draw", marks=(pytest.mark.rules("704.5b"),), id="draw"),
                "no marks",
            ],
        )
        def test_state_based_actions(sba):
            pass
        """,
    )
    assert found == {
        "704.5a": ["tests/test_mod.py::test_state_based_actions"],
        "704.5b": ["tests/test_mod.py::test_state_based_actions"],
        "704.5c": ["tests/test_mod.py::test_state_based_actions"],
    }


def test_pytest_param_through_module_and_class_constants(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        CASES = [pytest.param(1, marks=pytest.mark.rules("120.3a"))]
        MORE = CASES + [pytest.param(2, marks=pytest.mark.rules("120.3b"))]
        UNUSED = [pytest.param(3, marks=pytest.mark.rules("120.3c"))]
        TRAMPLE = pytest.mark.rules("702.19b")

        @pytest.mark.parametrize("case", MORE)
        def test_damage(case):
            pass

        @TRAMPLE
        def test_trample():
            pass

        class TestCombat:
            LOCAL = [pytest.param(4, marks=pytest.mark.rules("510.1a"))]

            @pytest.mark.parametrize("case", LOCAL)
            def test_assign(self, case):
                pass
        """,
    )
    assert found == {
        "120.3a": ["tests/test_mod.py::test_damage"],
        "120.3b": ["tests/test_mod.py::test_damage"],
        # Used by no test's decorators (pytest_generate_tests, fixtures): the file itself.
        "120.3c": ["tests/test_mod.py"],
        "510.1a": ["tests/test_mod.py::TestCombat::test_assign"],
        "702.19b": ["tests/test_mod.py::test_trample"],
    }


def test_pytest_param_on_a_class_parametrize(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.parametrize("n", [pytest.param(1, marks=pytest.mark.rules("122.1"))])
        class TestCounters:
            def test_put(self, n):
                pass

            def test_remove(self, n):
                pass
        """,
    )
    assert found == {
        "122.1": [
            "tests/test_mod.py::TestCounters::test_put",
            "tests/test_mod.py::TestCounters::test_remove",
        ]
    }


def test_import_aliases(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest as pt
        from pytest import mark as m, param

        @pt.mark.rules("117.1")
        def test_alias():
            pass

        @m.rules("117.2")
        @pt.mark.parametrize("x", [param(1, marks=m.rules("117.3"))])
        def test_from_import(x):
            pass
        """,
    )
    assert found == {
        "117.1": ["tests/test_mod.py::test_alias"],
        "117.2": ["tests/test_mod.py::test_from_import"],
        "117.3": ["tests/test_mod.py::test_from_import"],
    }


def test_only_string_literal_arguments_count(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        RULE = "510.2"
        NUMBERS = ("510.3",)

        @pytest.mark.rules(RULE, *NUMBERS, 510.4, f"{RULE}a", "510.1", reason="510.5")
        def test_literals():
            pass

        @pytest.mark.other("510.6")
        @pytest.mark.rules
        def test_not_rules_marks():
            pass
        """,
    )
    assert found == {"510.1": ["tests/test_mod.py::test_literals"]}


def test_test_file_names_folders_and_node_ids(tmp_path: Path) -> None:
    body = """
        import pytest

        @pytest.mark.rules("100.1")
        def test_one():
            pass
        """
    write(tmp_path, "tests/test_a.py", body)
    write(tmp_path, "tests/rules/combat_test.py", body)
    write(tmp_path, "tests/rules/deep/test_b.py", body)
    write(tmp_path, "tests/helpers.py", body)
    write(tmp_path, "tests/conftest.py", body)
    write(tmp_path, "tests/.hidden/test_c.py", body)
    write(tmp_path, "tests/__pycache__/test_d.py", body)
    write(tmp_path, "other/test_e.py", body)
    assert collect_rule_markers(tmp_path / "tests") == {
        "100.1": [
            "tests/rules/combat_test.py::test_one",
            "tests/rules/deep/test_b.py::test_one",
            "tests/test_a.py::test_one",
        ]
    }


def test_later_definition_of_a_name_replaces_the_earlier(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.rules("100.1")
        def test_twice():
            pass

        @pytest.mark.rules("100.2")
        def test_twice():
            pass
        """,
    )
    assert found == {"100.2": ["tests/test_mod.py::test_twice"]}


def test_tests_inside_if_blocks_are_found(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import sys
        import pytest

        if sys.version_info >= (3, 11):
            @pytest.mark.rules("100.1")
            def test_new():
                pass
        else:
            @pytest.mark.rules("100.2")
            def test_old():
                pass
        """,
    )
    assert found == {
        "100.1": ["tests/test_mod.py::test_new"],
        "100.2": ["tests/test_mod.py::test_old"],
    }


def test_files_are_parsed_not_imported(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        r"""
        import pytest
        raise SystemExit("this file must never be imported")
        PATTERN = "\d"  # an invalid escape: a warning when compiled, not an error

        @pytest.mark.rules("100.1")
        def test_x():
            pass
        """,
    )
    assert found == {"100.1": ["tests/test_mod.py::test_x"]}


def test_syntax_error_names_the_file(tmp_path: Path) -> None:
    write(tmp_path, "tests/test_broken.py", "def test_(:\n")
    with pytest.raises(SyntaxError) as info:
        collect_rule_markers(tmp_path / "tests")
    assert info.value.filename is not None
    assert info.value.filename.endswith("test_broken.py")


def test_results_are_sorted_in_rules_order(tmp_path: Path) -> None:
    found = markers_of(
        tmp_path,
        """
        import pytest

        @pytest.mark.rules("100.10", "100.2", "100.1b", "100.1", "100.1a", "99")
        def test_z():
            pass

        @pytest.mark.rules("100.2")
        def test_a():
            pass
        """,
    )
    assert list(found) == ["99", "100.1", "100.1a", "100.1b", "100.2", "100.10"]
    assert found["100.2"] == ["tests/test_mod.py::test_a", "tests/test_mod.py::test_z"]


def test_relative_tests_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    write(tmp_path, "tests/test_a.py", "import pytest\n\npytestmark = pytest.mark.rules('1')\n")
    monkeypatch.chdir(tmp_path)
    assert collect_rule_markers(Path("tests")) == {"1": ["tests/test_a.py"]}


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


# --------------------------------------------------------------------------- reference files


def test_load_rule_numbers(tmp_path: Path) -> None:
    path = write(tmp_path, "rules.txt", "100\n\n100.1\n 100.1a \n100.1\n")
    assert load_rule_numbers(path) == ["100", "100.1", "100.1a"]


def test_load_rule_numbers_rejects_other_files(tmp_path: Path) -> None:
    path = write(tmp_path, "rules.txt", "100\n100. General\n")
    with pytest.raises(ValueError, match=r"rules\.txt:2: not a rule number"):
        load_rule_numbers(path)


def test_load_section_titles(mini_shared: tuple[Path, Path]) -> None:
    _, cr = mini_shared
    assert load_section_titles(cr) == {
        "1": "Game Concepts",
        "100": "General",
        "101": "The Magic Golden Rules",
        "5": "Turn Structure",
        "500": "General",
        "510": "Combat Damage Step",
    }


def test_find_shared_file_uses_the_environment_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from_env = write(tmp_path, "elsewhere/mtg/rules.txt", "100\n")
    write(tmp_path, "shared/mtg/rules.txt", "100\n")
    monkeypatch.setenv("MANAWEAVE_SHARED", str(tmp_path / "elsewhere"))
    monkeypatch.chdir(tmp_path)
    assert find_shared_file("rules.txt") == from_env


def test_find_shared_file_beside_the_checkout(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    shared = write(tmp_path, "shared/mtg/rules.txt", "100\n")
    (tmp_path / "main" / "tests" / "rules").mkdir(parents=True)
    monkeypatch.setenv("MANAWEAVE_SHARED", str(tmp_path / "empty"))  # no such file: ignored
    for cwd in (tmp_path / "main", tmp_path / "main" / "tests" / "rules", tmp_path):
        monkeypatch.chdir(cwd)
        found = find_shared_file("rules.txt")
        assert found is not None
        assert found.resolve() == shared.resolve()


def test_find_shared_file_not_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MANAWEAVE_SHARED", raising=False)
    monkeypatch.chdir(tmp_path)
    assert find_shared_file("no-such-file-3b9f1c.txt") is None


# --------------------------------------------------------------------------- the report


def test_coverage_counts_exact_numbers_only() -> None:
    report = mini_report(
        {
            "100.1a": ["tests/test_a.py::test_x"],
            "100.2": ["tests/test_a.py::test_y"],
            "510.1c": ["tests/test_b.py::test_z"],
            "510": ["tests/test_b.py"],
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
    assert section.title == "Combat Damage Step"
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
        {
            "100.1": ["tests/test_a.py::test_x"],
            "510.1z": ["tests/test_b.py::test_z", "tests/test_a.py::test_y"],
            "99.1": ["tests/test_c.py"],
        }
    )
    assert report.unknown == ("99.1", "510.1z")
    assert report.unknown_tests == (
        ("99.1", ("tests/test_c.py",)),
        ("510.1z", ("tests/test_a.py::test_y", "tests/test_b.py::test_z")),
    )
    assert report.covered == 1


def test_report_without_titles() -> None:
    report = coverage_report({"100.1": ["t"]}, ["100", "100.1", "200"], {})
    assert [(c.number, c.title, c.covered, c.total) for c in report.chapters] == [
        ("1", "", 1, 2),
        ("2", "", 0, 1),
    ]
    assert "1xx  " in format_report(report)


def test_empty_report() -> None:
    report = coverage_report({}, [], {})
    assert (report.covered, report.total, report.percent) == (0, 0, 0.0)
    assert format_report(report).splitlines()[-1].split() == ["Total", "0/0", "0.0%"]


def test_format_report_by_section() -> None:
    report = mini_report({"100.1a": ["t"], "100.2": ["t"], "510.1c": ["t"]})
    lines = format_report(report).splitlines()
    assert [line.rsplit(None, 2)[0] for line in lines] == [
        "1xx Game Concepts",
        "    100 General",
        "    101 The Magic Golden Rules",
        "5xx Turn Structure",
        "    500 General",
        "    510 Combat Damage Step",
        "-" * len(lines[-2]),
        "Total",
    ]
    assert lines[0].split()[-2:] == ["2/10", "20.0%"]
    assert lines[1].split()[-2:] == ["2/5", "40.0%"]
    assert lines[5].split()[-2:] == ["1/6", "16.7%"]
    assert lines[-1].split() == ["Total", "3/18", "16.7%"]
    # The counts and percentages line up.
    assert len({len(line) for line in lines}) == 1


def test_format_report_chapters_only_and_one_chapter() -> None:
    report = mini_report({"510.1c": ["t"]})
    chapters_only = format_report(report, by_section=False).splitlines()
    assert [line.split()[0] for line in chapters_only if not line.startswith("-")] == [
        "1xx",
        "5xx",
        "Total",
    ]
    one = format_report(report, chapter="5").splitlines()
    assert [line.split()[0] for line in one if not line.startswith("-")] == [
        "5xx",
        "500",
        "510",
        "Total",
    ]
    assert one[-1].split() == ["Total", "1/18", "5.6%"]
    assert format_report(report, chapter="5xx") == format_report(report, chapter="5")
    with pytest.raises(ValueError, match="no chapter '3'"):
        format_report(report, chapter="3")


def test_format_report_lists_unknown_numbers() -> None:
    report = mini_report({"100.1": ["t"], "510.1z": ["tests/test_b.py::test_z"]})
    text = format_report(report)
    assert "Unknown rule numbers (not in the rule list): 1" in text
    assert text.splitlines()[-1] == "  510.1z  tests/test_b.py::test_z"
    assert "Unknown" not in format_report(mini_report({"100.1": ["t"]}))


def test_as_dict() -> None:
    report = mini_report({"510.1c": ["t"], "510.9": ["u"]})
    data = report.as_dict(chapter="5")
    assert data["covered"] == 1
    assert data["total"] == 18
    assert data["unknown"] == {"510.9": ["u"]}
    chapters = data["chapters"]
    assert isinstance(chapters, list)
    assert [chapter["chapter"] for chapter in chapters] == ["5"]
    assert chapters[0]["sections"][1]["missing"] == ["510", "510.1", "510.1a", "510.1b", "510.2"]
    assert "sections" not in report.as_dict(by_section=False)["chapters"][0]  # type: ignore[index]


# --------------------------------------------------------------------------- main


@pytest.fixture
def project(tmp_path: Path, mini_shared: tuple[Path, Path]) -> tuple[Path, list[str]]:
    """A checkout with a small test tree, and the arguments pointing at it."""
    write(
        tmp_path,
        "tests/test_rules.py",
        """
        import pytest

        @pytest.mark.rules("100.1a", "510.1c")
        def test_x():
            pass
        """,
    )
    rules, cr = mini_shared
    return tmp_path, ["--tests", str(tmp_path / "tests"), "--rules", str(rules), "--cr", str(cr)]


def test_main_prints_the_table(
    project: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    _, args = project
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "510 Combat Damage Step" in out
    assert out.splitlines()[-1].split() == ["Total", "2/18", "11.1%"]
    assert main([*args, "--chapters-only"]) == 0
    assert "510 Combat" not in capsys.readouterr().out
    assert main([*args, "--chapter", "1"]) == 0
    assert "Turn Structure" not in capsys.readouterr().out


def test_main_json(project: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    _, args = project
    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["covered"], data["total"], data["unknown"]) == (2, 18, {})
    assert [chapter["title"] for chapter in data["chapters"]] == ["Game Concepts", "Turn Structure"]
    section = data["chapters"][1]["sections"][1]
    assert section == {
        "section": "510",
        "title": "Combat Damage Step",
        "covered": 1,
        "total": 6,
        "percent": 16.67,
        "missing": ["510", "510.1", "510.1a", "510.1b", "510.2"],
    }
    assert main([*args, "--json", "--chapters-only", "--chapter", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["chapters"] == [
        {"chapter": "5", "title": "Turn Structure", "covered": 1, "total": 8, "percent": 12.5}
    ]


def test_main_missing(project: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    _, args = project
    assert main([*args, "--missing", "100"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "100 General: 4 of 5 rule numbers have no test",
        "  100",
        "  100.1",
        "  100.1b",
        "  100.2",
    ]
    assert main([*args, "--missing", "510", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["missing"] == ["510", "510.1", "510.1a", "510.1b", "510.2"]
    assert data["unknown"] == {}


def test_main_missing_with_every_number_covered(
    tmp_path: Path, mini_shared: tuple[Path, Path], capsys: pytest.CaptureFixture[str]
) -> None:
    write(
        tmp_path,
        "tests/test_a.py",
        "import pytest\n\npytestmark = pytest.mark.rules('500', '500.1')\n",
    )
    rules, cr = mini_shared
    args = ["--tests", str(tmp_path / "tests"), "--rules", str(rules), "--cr", str(cr)]
    assert main([*args, "--missing", "500"]) == 0
    assert capsys.readouterr().out == "500 General: every rule number (2) has a test\n"


def test_main_unknown_numbers_exit_2_after_the_report(
    project: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, args = project
    write(
        root,
        "tests/test_typo.py",
        """
        import pytest

        @pytest.mark.rules("510.1z")
        def test_typo():
            pass
        """,
    )
    assert main(args) == 2
    captured = capsys.readouterr()
    assert "Total" in captured.out
    assert "510.1z  tests/test_typo.py::test_typo" in captured.out
    assert "1 rule number(s) named by tests are not in" in captured.err
    assert captured.err.rstrip().endswith(": 510.1z")
    assert main([*args, "--json"]) == 2
    assert json.loads(capsys.readouterr().out)["unknown"] == {
        "510.1z": ["tests/test_typo.py::test_typo"]
    }


def test_main_defaults_find_the_tests_and_shared_files(
    tmp_path: Path, mini_shared: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    rules, cr = mini_shared
    write(tmp_path, f"shared/mtg/{RULE_NUMBERS_FILE}", rules.read_text(encoding="utf-8"))
    write(tmp_path, f"shared/mtg/{CR_FILE}", cr.read_text(encoding="utf-8"))
    write(
        tmp_path, "main/tests/test_a.py", "import pytest\n\npytestmark = pytest.mark.rules('500')\n"
    )
    monkeypatch.delenv("MANAWEAVE_SHARED", raising=False)
    monkeypatch.chdir(tmp_path / "main")
    assert main(["--json", "--missing", "500"]) == 0


def test_main_without_a_rule_list_exits_2(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "tests").mkdir()
    monkeypatch.setenv("MANAWEAVE_SHARED", str(tmp_path / "nowhere"))
    monkeypatch.chdir(tmp_path)
    if find_shared_file(RULE_NUMBERS_FILE) is not None:
        pytest.skip(f"a {RULE_NUMBERS_FILE} is reachable from {tmp_path}")
    assert main([]) == 2
    assert f"cannot find {RULE_NUMBERS_FILE}" in capsys.readouterr().err
    assert main(["--rules", str(tmp_path / "missing.txt")]) == 2
    assert "cannot read" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--chapter", "7"], "no chapter '7'"),
        (["--missing", "102"], "no section '102'"),
        (["--tests", "does-not-exist"], "tests folder not found"),
    ],
)
def test_main_bad_arguments_exit_2(
    project: tuple[Path, list[str]],
    capsys: pytest.CaptureFixture[str],
    extra: list[str],
    message: str,
) -> None:
    _, args = project
    assert main([*args, *extra]) == 2
    assert message in capsys.readouterr().err


def test_main_reports_a_test_file_that_does_not_parse(
    project: tuple[Path, list[str]], capsys: pytest.CaptureFixture[str]
) -> None:
    root, args = project
    write(root, "tests/test_broken.py", "def test_(:\n")
    assert main(args) == 2
    assert "cannot parse" in capsys.readouterr().err


# --------------------------------------------------------------------------- the real files


def shared_files() -> tuple[Path, Path]:
    """The real rule list and CR text, or skip."""
    rules = find_shared_file(RULE_NUMBERS_FILE)
    cr = find_shared_file(CR_FILE)
    if rules is None or cr is None:
        missing = RULE_NUMBERS_FILE if rules is None else CR_FILE
        pytest.skip(f"../shared/mtg not found: no {missing} (set MANAWEAVE_SHARED)")
    return rules, cr


def test_real_rule_list_and_titles() -> None:
    rules, cr = shared_files()
    numbers = load_rule_numbers(rules)
    titles = load_section_titles(cr)
    assert len(numbers) == 3260
    assert titles["1"] == "Game Concepts"
    assert titles["103"] == "Starting the Game"
    report = coverage_report({"103.5": ["t"], "103.5z": ["t"]}, numbers, titles)
    assert [chapter.number for chapter in report.chapters] == [str(n) for n in range(1, 10)]
    sections = [section for chapter in report.chapters for section in chapter.sections]
    assert len(sections) == 146
    assert all(section.title for section in sections)
    assert all(chapter.title for chapter in report.chapters)
    assert (report.covered, report.total, report.unknown) == (1, 3260, ("103.5z",))
    assert format_report(report, by_section=False).splitlines()[0].startswith("1xx Game Concepts")


def test_repository_tests_name_only_known_rule_numbers() -> None:
    rules, cr = shared_files()
    tests_dir = Path(__file__).resolve().parent
    report = coverage_report(
        collect_rule_markers(tests_dir), load_rule_numbers(rules), load_section_titles(cr)
    )
    assert report.unknown == (), format_report(report, by_section=False)

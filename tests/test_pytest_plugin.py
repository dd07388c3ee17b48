"""manaweave's pytest plugin, as a plugin author's project meets it: each test writes a
small test folder and runs pytest on it in a fresh process (the plugin loads from the
installed manaweave's ``pytest11`` entry point)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from manaweave.lowlevel import watch_games
from manaweave.testing import Scenario


def run_pytest(folder: Path, source: str, *options: str) -> subprocess.CompletedProcess[str]:
    """Write ``source`` as ``folder/test_example.py`` and run pytest there."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "test_example.py").write_text(textwrap.dedent(source), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTEST_ADDOPTS", "PYTEST_PLUGINS")}
    env["COLUMNS"] = "300"  # whole lines in the short test summary
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA", *options],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def report_of(path: Path) -> dict[str, dict[str, object]]:
    """The tests of a report file, by test name (the node id after the file)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert (data["format"], data["version"], data["cr_edition"]) == (
        "manaweave-test-report",
        1,
        "2026-01-16",
    )
    return {test["nodeid"].split("::", 1)[1]: test for test in data["tests"]}


def test_the_markers_are_registered(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, "", "--markers")
    assert "@pytest.mark.rules(*numbers)" in done.stdout
    assert "@pytest.mark.cards(*names)" in done.stdout
    assert "--manaweave-report" in run_pytest(tmp_path, "", "--help").stdout


@pytest.mark.parametrize(
    ("marker", "message"),
    [
        (
            'pytest.mark.rules("510.1z")',
            "test_x: @pytest.mark.rules names '510.1z', not a rule number of the "
            "Comprehensive Rules 2026-01-16 (did you mean '510.1'",
        ),
        (
            'pytest.mark.cards("Lightning Blot")',
            "test_x: @pytest.mark.cards names 'Lightning Blot', a card no installed plugin "
            "defines (did you mean 'Lightning Bolt'",
        ),
        ("pytest.mark.rules(510)", "@pytest.mark.rules takes rule numbers as strings, not 510"),
        (
            'pytest.mark.cards(["Lightning Bolt"])',
            "@pytest.mark.cards takes card names as strings, not ['Lightning Bolt']",
        ),
        ("pytest.mark.cards()", "@pytest.mark.cards() names nothing"),
    ],
)
def test_a_bad_marker_argument_is_a_collection_error(
    tmp_path: Path, marker: str, message: str
) -> None:
    done = run_pytest(
        tmp_path,
        f"""
        import pytest

        @{marker}
        def test_x():
            pass

        def test_fine():
            pass
        """,
    )
    assert done.returncode == 2, done.stdout
    assert "ERROR collecting test_example.py" in done.stdout
    assert message in done.stdout
    assert "Traceback" not in done.stdout
    assert not (tmp_path / ".manaweave").exists()  # a run stopped at collection: no report


def test_parameter_marks_are_checked_too(tmp_path: Path) -> None:
    done = run_pytest(
        tmp_path,
        """
        import pytest

        @pytest.mark.parametrize("n", [1, pytest.param(2, marks=pytest.mark.rules("99.9"))])
        def test_x(n):
            pass
        """,
    )
    assert done.returncode == 2
    assert "test_x[2]: @pytest.mark.rules names '99.9'" in done.stdout


def test_markers_of_tests_other_collectors_make_are_checked_too(tmp_path: Path) -> None:
    done = run_pytest(
        tmp_path,
        """
        import unittest
        import pytest

        @pytest.mark.rules("99.1")
        class TestOld(unittest.TestCase):
            def test_a(self):
                pass
        """,
    )
    assert done.returncode == 4
    assert "test_example.py::TestOld::test_a: @pytest.mark.rules names '99.1'" in done.stderr


CARDS_TESTS = """
    import pytest
    from manaweave.testing import Scenario

    def bolt_game():
        s = Scenario()
        s.add(0, "battlefield", "Mountain")
        s.add(0, "hand", "Lightning Bolt")
        s.cast(0, "Lightning Bolt", targets=["P2"])
        s.run()
        return s

    @pytest.mark.cards("Lightning Bolt")
    def test_played():
        assert bolt_game().life(1) == 17

    @pytest.mark.cards("Lightning Bolt", "Giant Growth")
    def test_names_a_card_it_does_not_play():
        bolt_game()

    @pytest.mark.cards("Giant Growth")
    def test_fails_for_its_own_reason():
        assert 1 == 2, "its own failure"

    @pytest.fixture
    def bolted():
        return bolt_game()

    @pytest.mark.cards("Lightning Bolt")
    def test_played_in_a_fixture(bolted):
        assert bolted.life(1) == 17
    """


def test_a_cards_marked_test_fails_unless_it_played_each_card(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, CARDS_TESTS)
    assert done.returncode == 1
    assert "PASSED test_example.py::test_played\n" in done.stdout
    assert "PASSED test_example.py::test_played_in_a_fixture\n" in done.stdout
    assert (
        "FAILED test_example.py::test_names_a_card_it_does_not_play - Failed: the cards "
        "marker names ['Giant Growth'] but no game of this test had them"
    ) in done.stdout
    assert "its own failure" in done.stdout
    report = report_of(tmp_path / ".manaweave" / "test-report.json")
    assert {name: test["outcome"] for name, test in report.items()} == {
        "test_played": "passed",
        "test_names_a_card_it_does_not_play": "failed",
        "test_fails_for_its_own_reason": "failed",
        "test_played_in_a_fixture": "passed",
    }


def test_the_report_lists_each_test_with_its_outcome_rules_and_cards(tmp_path: Path) -> None:
    done = run_pytest(
        tmp_path,
        """
        import pytest

        pytestmark = pytest.mark.rules("100.1")

        @pytest.mark.rules("510.1c", "100.1")
        @pytest.mark.cards("Craw Wurm")
        class TestCombat:
            @pytest.mark.rules("702.19b")
            def test_passes(self):
                from manaweave.testing import Scenario
                s = Scenario()
                s.add(0, "battlefield", "Craw Wurm")
                s.run()

        @pytest.mark.parametrize("n", [1, pytest.param(2, marks=pytest.mark.rules("100.2"))])
        def test_param(n):
            pass

        @pytest.mark.skip(reason="not yet")
        def test_skipped():
            pass

        @pytest.mark.xfail(reason="known")
        def test_xfailed():
            assert False

        @pytest.fixture
        def broken():
            raise RuntimeError("set-up failed")

        def test_error(broken):
            pass

        def test_unmarked_module_mark_only():
            pass
        """,
    )
    assert done.returncode == 1, done.stdout
    assert (
        "manaweave: 4 passed test(s) covered 4 rule number(s) and 1 card(s); "
        "report: .manaweave/test-report.json"
    ) in done.stdout
    report = report_of(tmp_path / ".manaweave" / "test-report.json")
    assert report["TestCombat::test_passes"] == {
        "nodeid": "test_example.py::TestCombat::test_passes",
        "outcome": "passed",
        "rules": ["702.19b", "510.1c", "100.1"],
        "cards": ["Craw Wurm"],
    }
    assert report["test_param[2]"]["rules"] == ["100.2", "100.1"]
    assert report["test_param[1]"]["rules"] == ["100.1"]
    assert [(name, test["outcome"]) for name, test in report.items()] == [
        ("TestCombat::test_passes", "passed"),
        ("test_param[1]", "passed"),
        ("test_param[2]", "passed"),
        ("test_skipped", "skipped"),
        ("test_xfailed", "xfailed"),
        ("test_error", "error"),
        ("test_unmarked_module_mark_only", "passed"),
    ]


SIMPLE = """
    import pytest

    @pytest.mark.rules("100.1")
    def test_x():
        pass
    """


def test_report_options(tmp_path: Path) -> None:
    elsewhere = tmp_path / "reports" / "run.json"
    done = run_pytest(tmp_path / "project", SIMPLE, "--manaweave-report", str(elsewhere))
    assert done.returncode == 0
    assert f"report: {elsewhere}" in done.stdout
    assert list(report_of(elsewhere)) == ["test_x"]
    assert not (tmp_path / "project" / ".manaweave").exists()
    done = run_pytest(tmp_path / "quiet", SIMPLE, "--no-manaweave-report")
    assert done.returncode == 0
    assert "manaweave: 1 passed test(s) covered 1 rule number(s) and 0 card(s)\n" in done.stdout
    assert not (tmp_path / "quiet" / ".manaweave").exists()


def test_a_run_without_the_markers_is_left_alone(tmp_path: Path) -> None:
    done = run_pytest(tmp_path, "def test_plain():\n    pass\n")
    assert done.returncode == 0
    assert "manaweave: " not in done.stdout
    assert not (tmp_path / ".manaweave").exists()


def test_the_scenario_fixture_adds_the_scenario_plugins_and_shows_failed_games(
    tmp_path: Path,
) -> None:
    (tmp_path / "conftest.py").write_text(
        textwrap.dedent(
            """
            import pytest
            from manaweave import hookimpl
            from manaweave.cards import CardSet, Printed, card

            class TestOnlyCards:
                @hookimpl
                def mw_card_sets(self):
                    ox = card("Test Ox", printed=Printed("{1}", "Creature — Ox", pt=(3, 3)))
                    return [CardSet("TOC", "Test only", (ox,))]

            @pytest.fixture
            def scenario_plugins():
                return [TestOnlyCards()]
            """
        ),
        encoding="utf-8",
    )
    done = run_pytest(
        tmp_path,
        """
        import pytest
        from manaweave import Step

        @pytest.mark.rules("510.1a")
        def test_ox_attacks(scenario):
            s = scenario()
            s.add(0, "battlefield", "Test Ox")
            s.attack(0, "Test Ox")
            s.run(until=(1, Step.END_OF_COMBAT))
            assert s.life(1) == 17
            other = scenario(players=3)
            assert other is not s

        @pytest.mark.rules("510.1a")
        def test_failing_shows_the_game(scenario):
            s = scenario()
            s.add(0, "battlefield", "Test Ox")
            s.attack(0, "Test Ox")
            s.run(until=(1, Step.END_OF_COMBAT))
            assert s.life(1) == 20
        """,
    )
    assert done.returncode == 1, done.stdout
    assert "PASSED test_example.py::test_ox_attacks" in done.stdout
    shown = done.stdout.split("manaweave scenario 1", 1)[1]
    assert "P1 attacks P2 with Test Ox." in shown  # named by card, though placed by the test
    assert "object #" not in shown
    assert "3 damage" in shown


@pytest.mark.cards("Lightning Bolt")
def test_watch_games_sees_every_game_and_card_played() -> None:
    def bolt() -> Scenario:
        s = Scenario()
        s.add(0, "battlefield", "Mountain")
        s.add(0, "hand", "Lightning Bolt")
        s.cast(0, "Lightning Bolt", targets=["P2"])
        s.run()
        return s

    with watch_games() as outer:
        first = bolt()
        with watch_games() as inner:
            second = Scenario()
            second.add(0, "battlefield", "Forest")
            second.run()
    assert outer.games == [first.game, second.game]
    assert inner.games == [second.game]
    assert outer.played("Lightning Bolt")
    assert "Island" in outer.card_names  # the default libraries
    assert not inner.played("Lightning Bolt")
    assert inner.played("Forest")
    bolt()
    assert len(outer.games) == 2  # the blocks had ended

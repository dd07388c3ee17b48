"""``manaweave cards`` and ``manaweave card NAME``: each set's cards, implemented or not,
and the tests of a test report that name them."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from _command import run_manaweave

from manaweave import hookimpl
from manaweave.cards import CardSet, Printed, card
from manaweave.lowlevel import PluginHost, TestRecord, TestReport, set_status
from manaweave.lowlevel import card_command as card_main
from manaweave.lowlevel import cards_command as main

TESTS = Path(__file__).resolve().parent

BEAR = card("Test Status Bear", printed=Printed("{1}{G}", "Creature — Bear", pt=(2, 2)))
WOLF = card("Test Status Wolf", printed=Printed("{1}{G}", "Creature — Wolf", pt=(2, 2)))


def write_report(path: Path, tests: list[TestRecord]) -> Path:
    """A test report file of ``tests``."""
    TestReport(tuple(tests), "2026-01-16").write(path)
    return path


@pytest.fixture
def report_file(tmp_path: Path) -> Path:
    """Two passed tests of Lightning Bolt, a failed one of Giant Growth."""
    return write_report(
        tmp_path / "report.json",
        [
            TestRecord("tests/test_bolt.py::test_face", "passed", ("120.3a",), ("Lightning Bolt",)),
            TestRecord("tests/test_bolt.py::test_creature", "passed", (), ("Lightning Bolt",)),
            TestRecord("tests/test_growth.py::test_pump", "failed", (), ("Giant Growth",)),
        ],
    )


def test_a_card_is_tested_when_a_passed_test_names_it() -> None:
    card_set = CardSet(
        "TST", "Test", (BEAR, WOLF), face_count=3, not_implemented={"Test Hard Card": "why"}
    )
    status = set_status(
        card_set,
        {"Test Status Bear": ["tests/test_x.py::test_bear"]},
        failing={"Test Status Wolf": ["tests/test_x.py::test_wolf"]},
    )
    assert [(c.name, c.implemented, c.tested, c.failing) for c in status.cards] == [
        ("Test Hard Card", False, False, ()),
        ("Test Status Bear", True, True, ()),
        ("Test Status Wolf", True, False, ("tests/test_x.py::test_wolf",)),
    ]
    assert status.cards[0].missing_because == "why"
    assert status.summary() == "2/3 implemented, 1/3 tested"
    assert status.summary(tested=False) == "2/3 implemented"
    selection = set_status(CardSet("SEL", "Selection", (BEAR,)), {})
    assert selection.summary() == "1 defined, 0 tested"


def test_a_set_must_account_for_every_face_it_prints() -> None:
    with pytest.raises(ValueError, match="prints 4 card faces, but defines 2"):
        CardSet("TST", "Test", (BEAR, WOLF), face_count=4)
    with pytest.raises(ValueError, match="both defined and not implemented"):
        CardSet("TST", "Test", (BEAR,), face_count=2, not_implemented={BEAR.name: "why"})
    with pytest.raises(ValueError, match="needs face_count"):
        CardSet("TST", "Test", (BEAR,), not_implemented={"Other": "why"})


def test_cards_reads_the_report(report_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    host = PluginHost(autoload=False)
    assert main(["--set", "m10", "--report", str(report_file), "--json"], host=host) == 0
    (m10,) = json.loads(capsys.readouterr().out)
    assert (m10["code"], m10["plugin"], m10["implemented"], m10["tested"]) == (
        "M10",
        "manaweave.plugins.sets.m10",
        234,
        1,
    )
    cards = {c["name"]: c for c in m10["cards"]}
    assert cards["Lightning Bolt"]["tests"] == [
        "tests/test_bolt.py::test_face",
        "tests/test_bolt.py::test_creature",
    ]
    assert cards["Giant Growth"]["tested"] is False
    assert cards["Giant Growth"]["failing"] == ["tests/test_growth.py::test_pump"]
    assert main(["--set", "M10", "--report", str(report_file), "--summary"], host=host) == 0
    assert capsys.readouterr().out == "M10: 234/234 implemented, 1/234 tested\n"
    assert main(["--set", "M10", "--report", str(report_file)], host=host) == 0
    table = capsys.readouterr().out
    assert "M10  Magic 2010  (manaweave.plugins.sets.m10)" in table
    assert "implemented, FAILING" in table
    assert "implemented, NOT TESTED" in table
    assert table.rstrip().endswith("M10: 234/234 implemented, 1/234 tested")


def test_cards_errors_name_the_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    host = PluginHost(autoload=False)
    assert main(["--set", "XYZ"], host=host) == 2
    assert "no card set 'XYZ' is registered (sets: M10" in capsys.readouterr().err
    assert main(["--report", str(tmp_path / "nowhere.json")], host=host) == 2
    assert "no test report at" in capsys.readouterr().err


def run_command(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """The installed ``manaweave`` command in ``cwd``, tables 120 columns wide."""
    return run_manaweave(*args, cwd=cwd, env={"PATH": "/usr/bin:/bin", "COLUMNS": "120"})


def test_cards_from_any_folder_with_or_without_a_report(tmp_path: Path, report_file: Path) -> None:
    done = run_command(tmp_path, "cards", "--set", "M10", "--summary")
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "M10: 234/234 implemented",
        "No test report at .manaweave/test-report.json: run pytest to record which tests "
        "cover each card.",
    ]
    (tmp_path / ".manaweave").mkdir()
    report_file.rename(tmp_path / ".manaweave" / "test-report.json")
    done = run_command(tmp_path, "cards", "--set", "M10", "--summary")
    assert done.stdout == "M10: 234/234 implemented, 1/234 tested\n"


def test_card_shows_one_card(tmp_path: Path, report_file: Path) -> None:
    done = run_command(tmp_path, "card", "Lightning", "Bolt", "--report", str(report_file))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "Lightning Bolt  {R}",
        "Instant",
        "Lightning Bolt deals 3 damage to any target.",
        "Printed in: M10, M11",
        "",
        "Implemented in M10 (manaweave.plugins.sets.m10)",
        "Tests naming it (2):",
        "  passed   tests/test_bolt.py::test_face",
        "  passed   tests/test_bolt.py::test_creature",
    ]
    done = run_command(tmp_path, "card", "Craw Wurm")
    assert done.returncode == 0, done.stderr
    assert "6/4" in done.stdout
    assert "run pytest to record which tests cover each card" in done.stdout


class PartlyDone:
    """A plugin with a set of three faces, one not implemented."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [
            CardSet(
                "TST",
                "Test",
                (BEAR, WOLF),
                face_count=3,
                not_implemented={"Test Hard Card": "why"},
            )
        ]


def test_card_that_is_not_implemented_or_unknown(
    report_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    host = PluginHost([PartlyDone()], autoload=False)
    assert card_main(["Test Hard Card", "--json"], host=host) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["implemented"], data["not_implemented"]) == (False, {"TST": "why"})
    assert card_main(["Test Hard Card"], host=host) == 0
    assert "Not implemented (TST: why)" in capsys.readouterr().out
    assert card_main(["Test Status Bear"], host=host) == 0
    shown = capsys.readouterr().out.splitlines()
    assert shown[:3] == ["Test Status Bear  {1}{G}", "Creature — Bear", "2/2"]
    assert shown[4] == f"Implemented in TST ({PartlyDone.__module__}.PartlyDone)"
    assert card_main(["Lightning Blot", "--report", str(report_file)], host=host) == 2
    err = capsys.readouterr().err
    assert err.startswith("manaweave card: error: no installed plugin or printed card is named")
    assert "did you mean 'Lightning Bolt'" in err
    assert card_main(["Tarmogoyf"], host=host) == 2
    assert capsys.readouterr().err == (
        "manaweave card: error: no installed plugin defines Tarmogoyf, a card of Future Sight "
        "that manaweave does not play yet\n"
    )
    assert card_main(["Giant Growth", "--report", str(report_file), "--json"], host=host) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["tests"] == [{"nodeid": "tests/test_growth.py::test_pump", "outcome": "failed"}]
    assert data["printed"][:2] == ["Giant Growth  {G}", "Instant"]


def test_every_builtin_card_is_named_by_a_test_of_this_suite(
    request: pytest.FixtureRequest,
) -> None:
    # The suite's own cards markers, as collected in this run: when the whole suite runs,
    # every card of every built-in set is named by one of its tests.
    config = request.config
    collected = {Path(str(item.path)) for item in request.session.items}
    whole = all(
        path in collected for path in TESTS.rglob("test_*.py") if "third_party" not in path.parts
    )
    if not whole or config.option.keyword or config.option.markexpr:
        pytest.skip("only a run of the whole suite collects every cards marker")
    named = {
        str(name)
        for item in request.session.items
        for mark in item.iter_markers("cards")
        for name in mark.args
    }
    for card_set in PluginHost(autoload=False).cards.sets:
        untested = sorted(c.name for c in card_set.cards if c.name not in named)
        assert untested == [], f"{card_set.code}: {untested}"

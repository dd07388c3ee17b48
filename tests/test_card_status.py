"""``manaweave cards``: each set's cards, implemented or not, and the tests naming them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from manaweave.cards import CardSet, card
from manaweave.lowlevel import PluginHost, set_status
from manaweave.lowlevel import cards_command as main

ROOT = Path(__file__).resolve().parents[1]
TESTS = str(ROOT / "tests")

BEAR = card("Test Status Bear", "{1}{G}", "Creature — Bear", pt=(2, 2))
WOLF = card("Test Status Wolf", "{1}{G}", "Creature — Wolf", pt=(2, 2))


def test_a_card_is_tested_when_a_test_names_it() -> None:
    card_set = CardSet(
        "TST", "Test", (BEAR, WOLF), face_count=3, not_implemented={"Test Hard Card": "why"}
    )
    status = set_status(card_set, {"Test Status Bear": ["tests/test_x.py::test_bear"]})
    assert [(c.name, c.implemented, c.tested) for c in status.cards] == [
        ("Test Hard Card", False, False),
        ("Test Status Bear", True, True),
        ("Test Status Wolf", True, False),
    ]
    assert status.cards[0].missing_because == "why"
    assert status.summary() == "2/3 implemented, 1/3 tested"
    selection = set_status(CardSet("SEL", "Selection", (BEAR,)), {})
    assert selection.summary() == "1 defined, 0 tested"


def test_a_set_must_account_for_every_face_it_prints() -> None:
    with pytest.raises(ValueError, match="prints 4 card faces, but defines 2"):
        CardSet("TST", "Test", (BEAR, WOLF), face_count=4)
    with pytest.raises(ValueError, match="both defined and not implemented"):
        CardSet("TST", "Test", (BEAR,), face_count=2, not_implemented={BEAR.name: "why"})
    with pytest.raises(ValueError, match="needs face_count"):
        CardSet("TST", "Test", (BEAR,), not_implemented={"Other": "why"})


def test_every_builtin_card_is_tested_and_m10_is_complete(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["--tests", TESTS, "--json"], host=PluginHost(autoload=False)) == 0
    sets = json.loads(capsys.readouterr().out)
    complete = [s for s in sets if s["face_count"] is not None]
    assert [s["code"] for s in complete] == ["M10"]
    for card_set in complete:
        assert card_set["implemented"] == card_set["tested"] == card_set["face_count"]
    for card_set in sets:  # the selections of other sets' cards are all tested too
        untested = [c["name"] for c in card_set["cards"] if not c["tested"]]
        assert untested == [], f"{card_set['code']}: {untested}"


def test_the_table_and_the_summary_line(capsys: pytest.CaptureFixture[str]) -> None:
    host = PluginHost(autoload=False)
    assert main(["--set", "m10", "--tests", TESTS], host=host) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "M10  Magic 2010"
    assert lines[-1] == "M10: 234/234 implemented, 234/234 tested"
    bolt = next(line for line in lines if line.strip().startswith("Lightning Bolt "))
    assert "implemented, tested (" in bolt


def test_errors_name_the_problem(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    host = PluginHost(autoload=False)
    assert main(["--set", "XYZ", "--tests", TESTS], host=host) == 2
    assert "no card set 'XYZ' is registered (sets: M10" in capsys.readouterr().err
    assert main(["--tests", str(tmp_path / "nowhere")], host=host) == 2
    assert "tests folder not found" in capsys.readouterr().err
    broken = tmp_path / "tests"
    broken.mkdir()
    (broken / "test_broken.py").write_text("def test_(:\n")
    assert main(["--tests", str(broken)], host=host) == 2
    assert "cannot parse" in capsys.readouterr().err

"""A card set that manaweave does not ship, added by a distribution of its own.

``tests/third_party/manaweave-sample-set`` is a complete third-party set plugin: five
original cards (one with an effect written in the set's own module) and a ready deck,
registered through an entry point in the group ``manaweave``, as
``docs/writing-cards.md`` describes. The test builds and installs it into a temporary
folder, finds it the way every plugin host does, runs the distribution's own tests (its
cards in scenarios) against the install, reports it as ``manaweave cards`` does from their
test report, and plays whole games with its deck against a Magic 2010 deck.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from _third_party import environment, install, load_entry_point, run_own_tests

import manaweave
from manaweave.lowlevel import PluginHost
from manaweave.players import RandomBot

SET_CARDS = ("Blazing Mantle", "Cinder Bargain", "Cinder Volley", "Emberling Scout", "Kiln Drake")


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The distribution, built and installed into a fresh folder."""
    return install("manaweave-sample-set", tmp_path_factory)


@pytest.fixture
def sample_set(installed: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The plugin module, loaded from its entry point."""
    return load_entry_point(installed, "manaweave", "sample", monkeypatch)


def test_the_installed_set_is_found_through_its_entry_point(sample_set: ModuleType) -> None:
    host = PluginHost()  # entry points are loaded, as for every user
    (card_set,) = [s for s in host.cards.sets if s.code == "SMP"]
    assert sorted(c.name for c in card_set.cards) == list(SET_CARDS)
    assert card_set.face_count == 5
    assert host.cards["Cinder Bargain"] is sample_set.CARDS[4]
    assert host.cards["Emberling Scout"].copies_in_deck == "any"
    # The printed characteristics come from the set's own card reference file.
    drake = host.cards["Kiln Drake"]
    assert (str(drake.mana_cost), drake.type_line, drake.power, drake.toughness) == (
        "{3}{R}{R}",
        "Creature — Drake",
        3,
        3,
    )
    assert drake.text == sample_set.REFERENCE["Kiln Drake"].text
    assert sample_set.REFERENCE.sets == ("SMP",)


def test_its_own_tests_pass_and_manaweave_cards_reports_the_set_tested(
    installed: Path, tmp_path: Path
) -> None:
    # The distribution's tests name every card of the set; manaweave cards, run from
    # another folder with the install, reads their report.
    output, report = run_own_tests("manaweave-sample-set", installed, tmp_path)
    assert "manaweave: 5 passed test(s) covered 11 rule number(s) and 5 card(s)" in output
    named = sorted({card for test in report["tests"] for card in test["cards"]})
    assert named == list(SET_CARDS)
    command = Path(sys.executable).with_name("manaweave")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    done = subprocess.run(
        [str(command), "cards", "--set", "SMP", "--report", str(tmp_path / "report.json")],
        env=environment(installed),
        capture_output=True,
        text=True,
        check=True,
        cwd=elsewhere,
    )
    assert "SMP  Sample Set  (manaweave:sample)" in done.stdout
    assert done.stdout.rstrip().endswith("SMP: 5/5 implemented, 5/5 tested")
    done = subprocess.run(
        [str(command), "cards", "--set", "SMP", "--json"],
        env=environment(installed),
        capture_output=True,
        text=True,
        check=True,
        cwd=elsewhere,
    )
    (status,) = json.loads(done.stdout)  # no report in that folder: implemented only
    assert (status["implemented"], status["tested"]) == (5, None)
    assert status["plugin"] == "manaweave:sample"


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_ready_deck_plays_whole_games_against_magic_2010(
    sample_set: ModuleType, seed: int, tmp_path: Path
) -> None:
    host = PluginHost()  # finds the set through its entry point
    log = tmp_path / "game.jsonl"
    outcome = manaweave.run(
        decks=["smp:embers", "m10:red-green"],
        players=[RandomBot(seed=seed), RandomBot(seed=seed + 10)],
        seed=seed,
        log=log,
        plugins=host,
    )
    assert outcome.reason is not None
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    cast = {e["card"] for e in events if e["event"] == "spell_cast" and e["player"] == 0}
    assert cast & set(SET_CARDS)  # the set's cards were played, not only its lands

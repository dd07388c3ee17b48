"""A card set that manaweave does not ship, added by a distribution of its own.

``tests/third_party/manaweave-sample-set`` is a complete third-party set plugin: five
original cards (one with an effect written in the set's own module) and a ready deck,
registered through an entry point in the group ``manaweave``, as
``docs/writing-cards.md`` describes. The test builds and installs it into a temporary
folder, finds it the way every plugin host does, reports it as ``manaweave cards`` does,
plays its cards in scenarios and plays whole games with its deck against a Magic 2010 deck.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from _third_party import install, load_entry_point

import manaweave
from manaweave import DecisionKind, Step
from manaweave.lowlevel import PluginHost
from manaweave.players import RandomBot
from manaweave.testing import Scenario

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


def test_manaweave_cards_reports_the_set_implemented_and_tested(
    installed: Path, tmp_path: Path
) -> None:
    # The command reads the cards markers of the tests folder: this file names every card.
    command = Path(sys.executable).with_name("manaweave")
    environment = {**os.environ, "PYTHONPATH": str(installed)}
    environment.pop("MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD", None)
    tests = str(Path(__file__).resolve().parent)
    done = subprocess.run(
        [str(command), "cards", "--set", "SMP", "--tests", tests, "--json"],
        env=environment,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    (status,) = json.loads(done.stdout)
    assert (status["code"], status["face_count"]) == ("SMP", 5)
    assert (status["implemented"], status["tested"]) == (5, 5)
    assert [c["name"] for c in status["cards"] if c["tested"]] == list(SET_CARDS)


@pytest.mark.cards("Cinder Bargain")
@pytest.mark.rules("608.2d", "120.3a", "121.1")
@pytest.mark.parametrize("takes_damage", [True, False])
def test_cinder_bargain_lets_its_target_choose_damage_or_cards(
    sample_set: ModuleType, takes_damage: bool
) -> None:
    # The escape hatch: an effect of the set's own module asks the targeted opponent as
    # the spell resolves (608.2d), then deals damage or draws through the Game's API.
    s = Scenario(plugins=[sample_set])
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Cinder Bargain")
    s.cast(0, "Cinder Bargain", targets=["P2"])
    s.choose(1, DecisionKind.MAY, "yes" if takes_damage else "no")
    s.run()
    (asked,) = [e for e in s.events("decision_made") if e["kind"] == "may"]
    assert (asked["player"], asked["rule"]) == (1, "608.2d")
    assert s.life(1) == (16 if takes_damage else 20)
    assert s.hand(0) == ([] if takes_damage else ["Island", "Island"])
    damage = s.events("damage_dealt")
    assert [(e["source_name"], e["amount"]) for e in damage] == (
        [("Cinder Bargain", 4)] if takes_damage else []
    )
    assert len(s.events("card_drawn")) == (0 if takes_damage else 2)
    assert s.graveyard(0) == ["Cinder Bargain"]


@pytest.mark.cards("Cinder Bargain")
@pytest.mark.rules("608.2b")
def test_cinder_bargain_does_nothing_if_its_target_left_the_game(sample_set: ModuleType) -> None:
    # Its only target is illegal as it resolves (the player conceded), so it does not
    # resolve at all (608.2b): nobody is asked, and its controller draws nothing.
    s = Scenario(players=3, plugins=[sample_set])
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Cinder Bargain")
    s.cast(0, "Cinder Bargain", targets=["P2"])
    s.concede(1)
    s.run()
    assert [e for e in s.events("decision_made") if e["kind"] == "may"] == []
    assert s.hand(0) == []
    assert [e["rule"] for e in s.events("spell_fizzled")] == ["608.2b"]


@pytest.mark.cards("Emberling Scout", "Kiln Drake")
@pytest.mark.rules("602.2", "701.21a", "613.4c", "702.10b")
def test_kiln_drake_pumps_the_scout_which_attacks_at_once_and_then_is_sacrificed(
    sample_set: ModuleType,
) -> None:
    # Emberling Scout came this turn but has haste: it attacks as a 2/1 (Kiln Drake gives
    # other red creatures +1/+0), then is sacrificed to deal 1 damage to the blocker-less
    # defending player.
    s = Scenario(plugins=[sample_set])
    s.add(0, "battlefield", "Mountain", "Kiln Drake")
    s.add(0, "battlefield", "Emberling Scout", sick=True)
    s.attack(0, "Emberling Scout")
    s.activate(0, "Emberling Scout", targets=["P2"], step=Step.END_OF_COMBAT)
    s.run()
    assert s.life(1) == 20 - 2 - 1
    assert s.graveyard(0) == ["Emberling Scout"]
    assert [e["rule"] for e in s.events("sacrificed")] == ["701.21a"]
    assert s.power("Kiln Drake") == 3  # "other": not itself


@pytest.mark.cards("Blazing Mantle", "Cinder Volley")
@pytest.mark.rules("303.4b", "107.3a", "120.3")
def test_blazing_mantle_and_cinder_volley(sample_set: ModuleType) -> None:
    # Blazing Mantle makes Grizzly Bears a 4/2 with haste; Cinder Volley with X=2 kills a
    # Runeclaw Bear.
    s = Scenario(plugins=[sample_set])
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "hand", "Blazing Mantle", "Cinder Volley")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Blazing Mantle", targets=["Grizzly Bears"])
    s.cast(0, "Cinder Volley", targets=["Runeclaw Bear"], x=2, stack_empty=True)
    s.attack(0, "Grizzly Bears")
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (4, 2)
    assert s.graveyard(1) == ["Runeclaw Bear"]
    assert s.life(1) == 16


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

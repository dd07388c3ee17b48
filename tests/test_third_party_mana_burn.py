"""A house rule as an option of every variant, added by a distribution of its own through
the hooks of the end of a step and of a phase.

``tests/third_party/manaweave-mana-burn`` is the mana burn of the 2008 rules (300.3): it
adds the option ``mana_burn`` to every variant (``mw_game_options``) and, in a game given
it, makes each player who loses unspent mana as a step or phase ends lose that much life
(``mw_step_end``, ``mw_phase_end``, before the built-in rule that empties the pools,
500.5). The test builds and installs it, finds it through its entry point, runs its own
tests against the install, and plays and replays a game with the option from the command
line, as a user would.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from _third_party import environment, install, load_entry_point, run_own_tests

from manaweave.lowlevel import PluginHost


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The distribution, built and installed into a fresh folder."""
    return install("manaweave-mana-burn", tmp_path_factory)


@pytest.fixture
def mana_burn(installed: Path, monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The plugin module, loaded from its entry point."""
    return load_entry_point(installed, "manaweave", "mana-burn", monkeypatch)


def test_the_option_is_added_to_every_variant(mana_burn: ModuleType) -> None:
    host = PluginHost()  # entry points are loaded, as for every user
    assert host.game_options["mana_burn"] == (mana_burn.MANA_BURN, "manaweave:mana-burn")
    for variant in host.variants.values():
        assert host.options_of(variant)[-1] is mana_burn.MANA_BURN


def test_its_own_tests_pass_against_the_install(installed: Path, tmp_path: Path) -> None:
    output, report = run_own_tests("manaweave-mana-burn", installed, tmp_path)
    assert "manaweave: 3 passed test(s)" in output
    assert [test["outcome"] for test in report["tests"]] == ["passed"] * 3


def _manaweave(site: Path, *arguments: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "manaweave", *arguments],
        env=environment(site),
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.rules("500.5", "106.4", "119.3")
def test_a_game_with_mana_burn_is_played_and_replayed(installed: Path, tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    played = _manaweave(
        installed, "play", "--option", "mana-burn=true", "--seed", "1", "--log", str(log)
    )
    assert played.returncode == 0, played.stderr
    events = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]
    assert events[0]["options"] == {"mana_burn": True}
    emptied = [e for e in events if e["event"] == "mana_emptied"]
    burned = [e for e in events if e["event"] == "life_changed" and e["rule"] == "500.5"]
    assert burned
    assert len(burned) == len(emptied)
    for loss, burn in zip(emptied, burned, strict=True):
        assert (burn["player"], burn["delta"]) == (loss["player"], -len(loss["mana"]))
    replayed = _manaweave(installed, "replay", str(log))
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


def test_an_unknown_option_names_the_plugins_option_too(installed: Path) -> None:
    done = _manaweave(installed, "play", "--option", "mana-brun=true")
    assert done.returncode == 2
    assert "did you mean mana_burn?" in done.stderr

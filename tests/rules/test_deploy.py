"""Rules tests for the deploy creatures option (CR 804): while a game's ``deploy`` option
is on, each creature has "{T}: Target teammate gains control of this creature. Activate
only as a sorcery." (804.2), a real activated ability of each creature.

The games are Team vs. Team games of four: seats 0-1 against 2-3 (808.2).
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest
from _support import first

from manaweave import Step, replay, run
from manaweave.players import RandomBot
from manaweave.testing import Scenario, ScenarioError

DEPLOY = "Target teammate gains control"


def deploying(players: int = 4, deploy: bool = True, **kwargs: object) -> Scenario:
    return Scenario(
        players=players,
        variant="team_vs_team",
        options={"deploy": deploy},
        **kwargs,  # type: ignore[arg-type]
    )


@pytest.mark.rules("804.2", "613.1b", "611.2c")
def test_a_creature_is_deployed_to_a_teammate_for_good() -> None:
    s = deploying()
    s.add(0, "battlefield", "Grizzly Bears")
    s.activate(0, "Grizzly Bears", text=DEPLOY, targets=["P2"])
    s.run(until=(1, Step.END))
    bears = s.permanent("Grizzly Bears")
    assert (bears.controller, bears.tapped) == (1, True)
    s.run(until=(3, Step.UPKEEP))  # past turn 1's cleanup: the effect lasts
    assert bears.controller == 1
    created = first(s, "effect_created", layer="613.1b")
    assert created["duration"] == "permanent"
    assert created["affected"] == [bears.id]
    assert bears.owner == 0


@pytest.mark.rules("804.2", "302.6")
def test_the_new_controller_attacks_with_it_from_their_next_turn() -> None:
    # Player 1 controls the Bears continuously from the start of their turn 2 (302.6).
    s = deploying()
    s.add(0, "battlefield", "Grizzly Bears")
    s.activate(0, "Grizzly Bears", text=DEPLOY, targets=["P2"])
    s.attack(1, "Grizzly Bears", defender=2, turn=2)
    s.run(until=(2, Step.END))
    assert s.life(2) == 18


@pytest.mark.rules("804.2", "302.6")
def test_a_creature_with_summoning_sickness_cant_be_deployed() -> None:
    s = deploying()
    s.add(0, "battlefield", "Grizzly Bears", sick=True)
    s.add(0, "battlefield", "Runeclaw Bear")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert not s.can_activate(0, "Grizzly Bears", DEPLOY)
    assert s.can_activate(0, "Runeclaw Bear", DEPLOY)


@pytest.mark.rules("804.2", "602.5d")
def test_deploying_is_only_as_a_sorcery() -> None:
    s = deploying()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Runeclaw Bear")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.can_activate(0, "Grizzly Bears", DEPLOY)  # not a main phase
    s.run(until=(1, Step.POSTCOMBAT_MAIN))
    assert s.can_activate(0, "Grizzly Bears", DEPLOY)
    assert not s.can_activate(2, "Runeclaw Bear", DEPLOY)  # not their turn


@pytest.mark.rules("804.2", "115.1", "102.3")
def test_only_a_teammate_can_be_the_target() -> None:
    s = deploying()
    s.add(0, "battlefield", "Grizzly Bears")
    s.activate(0, "Grizzly Bears", text=DEPLOY, targets=["P3"])
    with pytest.raises(ScenarioError, match="P3"):
        s.run()


@pytest.mark.rules("804.2", "602.2b", "115.1")
def test_a_player_without_teammates_cant_deploy() -> None:
    # Three players in two teams: seats 0-1 and seat 2 alone.
    s = Scenario(players=3, variant="team_vs_team", options={"deploy": True}, turn=3, active=2)
    s.add(2, "battlefield", "Grizzly Bears")
    s.run(until=(3, Step.PRECOMBAT_MAIN))
    assert [team.members for team in s.game.teams] == [(0, 1), (2,)]  # type: ignore[union-attr]
    assert not s.can_activate(2, "Grizzly Bears", DEPLOY)


@pytest.mark.rules("804.1", "808.3b")
def test_without_the_option_creatures_have_no_such_ability() -> None:
    s = deploying(deploy=False)
    s.add(0, "battlefield", "Grizzly Bears")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert not s.can_activate(0, "Grizzly Bears")
    assert s.abilities("Grizzly Bears") == []


@pytest.mark.rules("804.2", "613.1f")
def test_the_ability_is_one_each_creature_has() -> None:
    s = deploying()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert any(DEPLOY in text for text in s.abilities("Grizzly Bears"))
    assert not s.can_activate(0, "Mountain", DEPLOY)


@pytest.mark.rules("806.2c")
def test_free_for_all_has_no_deploy_option() -> None:
    with pytest.raises(ValueError, match="has no option 'deploy'"):
        Scenario(players=4, variant="free_for_all", options={"deploy": True}).run()


@pytest.mark.rules("804.2", "808.3b")
def test_random_games_with_deploy_finish_and_replay(tmp_path: Path) -> None:
    deployed = 0
    for seed in range(2):
        log = tmp_path / f"deploy-{seed}.jsonl"
        run(
            decks=["m10:red-green", "m10:green-white"] * 2,
            players=[RandomBot(seed=seed * 10 + i) for i in range(4)],
            variant="team_vs_team",
            options={"deploy": True},
            seed=seed,
            max_turns=24,
            log=log,
        )
        result = replay(log)
        assert result.identical, result.mismatch
        records = [orjson.loads(line) for line in log.read_bytes().splitlines()]
        deployed += sum(r.get("layer") == "613.1b" for r in records)
    assert deployed  # the bots did hand creatures over

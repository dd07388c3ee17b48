"""Rules tests for the limited range of influence option (CR 801) on Free-for-All and on
a test-only variant that seats teams and gives players different ranges.

Seats go round the table: with six players and range 1, player 0 reaches players 5 and
1 (and themselves); players 2, 3 and 4 are out of their range.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio
from _cards import TestCards
from _support import first

from manaweave import (
    UNCHECKED,
    CardOption,
    Choice,
    Decision,
    DecisionKind,
    RuleNotImplementedError,
    Step,
    hookimpl,
    new_game,
    play_game,
    replay,
    run,
)
from manaweave.cards import (
    TARGET_CREATURE,
    TARGET_PLAYER,
    CardSet,
    Effect,
    GainControl,
    Printed,
    Resolution,
    SpellAbility,
    WinGame,
    card,
)
from manaweave.lowlevel import Game, PluginHost, Variant, VariantOption, ready_decks
from manaweave.players import RandomBot
from manaweave.testing import Scenario, ScenarioError

# --- test-only cards and variant ----------------------------------------------------------

SUDDEN_SEIZURE = card(
    "Sudden Seizure",
    printed=Printed("{U}", "Instant", "Gain control of target creature until end of turn."),
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(GainControl(),)),
)
WORLDS = [card(f"Test World {n}", printed=Printed("{0}", "World Enchantment", "")) for n in (1, 2)]


@dataclass(frozen=True, slots=True)
class TargetPlayerChoosesACreatureToDestroy(Effect):
    """ "Target player chooses a creature. Destroy it." Written as card code is: it offers
    every creature, and leaves ranges of influence to the engine."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        chooser = resolution.targets[0]
        creatures = game.creatures()
        if not isinstance(chooser, tuple) or not creatures:
            return
        options = [CardOption(c.id, f"{c.name} #{c.id}") for c in creatures]
        decision = game.decision(DecisionKind.CHOICE, chooser[1], options, "choose a creature")
        choice = await game.ask(decision)
        for index in choice.indices:
            await game.destroy(game.objects[options[index].object])


CULLING = card(
    "Test Culling Choice",
    printed=Printed("{B}", "Sorcery", "Target player chooses a creature. Destroy it."),
    spell=SpellAbility(
        targets=(TARGET_PLAYER,), effects=(TargetPlayerChoosesACreatureToDestroy(),)
    ),
)
TRIUMPH = card(
    "Sudden Triumph",
    printed=Printed("{W}", "Sorcery", "You win the game."),
    spell=SpellAbility(effects=(WinGame(),)),
)


class RangeTeams(Variant):
    """Six seats in two teams, 0-1-5 (player 0 and their neighbours) against 2-3-4;
    everyone's range is the option's, except player 0's, which ``captain_range`` sets
    (801.2a: players may have different ranges)."""

    name = "test_range_teams"
    min_players = 6
    max_players = 6
    options = (
        VariantOption("range_of_influence", int, 1, "801", "everyone's range", minimum=1),
        VariantOption("captain_range", int, 1, "801.2a", "player 0's range", minimum=1),
    )

    def seat_teams(self, players: int, options: Mapping[str, object]) -> Sequence[Sequence[int]]:
        return [(0, 1, 5), (2, 3, 4)]

    def range_of_influence(self, game: Game, player: int) -> int | None:
        if player == 0:
            return int(game.options["captain_range"] or 1)
        return super().range_of_influence(game, player)


class RangePlugin:
    """The test-only cards and variant."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        cards = [SUDDEN_SEIZURE, TRIUMPH, CULLING, *WORLDS]
        return [CardSet("TRI", "Range of influence test cards", cards)]

    @hookimpl
    def mw_variants(self) -> list[Variant]:
        return [RangeTeams()]


def table(players: int = 6, reach: int | None = 1, **kwargs: object) -> Scenario:
    """A Free-for-All game of ``players`` with range of influence ``reach``."""
    return Scenario(
        players=players,
        variant="free_for_all",
        options={"range_of_influence": reach},
        plugins=[RangePlugin(), TestCards()],
        **kwargs,  # type: ignore[arg-type]
    )


# --- who is within whose range ------------------------------------------------------------


@pytest.mark.rules("801.2", "801.2a", "801.2b")
def test_ranges_are_counted_in_seats_both_ways() -> None:
    game = table(reach=1).run().game
    assert game.players_in_range(0) == [0, 1, 5]
    assert game.players_in_range(3) == [2, 3, 4]
    assert game.in_range(0, 0)
    assert not game.in_range(0, 2)
    wider = table(reach=2).run().game
    assert wider.players_in_range(0) == [0, 1, 2, 4, 5]
    assert not wider.in_range(0, 3)


@pytest.mark.rules("801.1", "806.2a")
def test_without_the_option_everyone_is_in_range() -> None:
    game = table(reach=None).run().game
    assert not game.influence.limited
    assert game.players_in_range(0) == [0, 1, 2, 3, 4, 5]
    assert game.in_range(0, 3)


@pytest.mark.cards("Lightning Bolt")
@pytest.mark.rules("801.2c", "801.4", "800.4a")
def test_a_player_leaving_changes_ranges_only_at_the_next_turn() -> None:
    # 801.2c's example: player 2 (Alex) sits to the left of player 1 (Rob), player 0
    # (Carissa) to his right. Rob leaves during Carissa's turn: Alex enters her range
    # at the start of the next turn, not before.
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.concede(1)
    s.run(until=(1, Step.END))
    game = s.game
    assert game.players[1].has_left
    assert not game.in_range(0, 2)
    s.cast(0, "Lightning Bolt", targets=["P3"], turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.DRAW))
    assert game.active_player == 2
    assert game.players_in_range(0) == [0, 2, 4]
    assert s.life(2) == 17


# --- attacking (801.3) --------------------------------------------------------------------


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("801.3", "506.2")
def test_creatures_attack_only_opponents_within_range() -> None:
    s = table(players=5, reach=1, step=Step.BEGINNING_OF_COMBAT)
    s.add(0, "battlefield", "Grizzly Bears")
    s.run()
    assert s.can_attack("Grizzly Bears", 1)
    assert s.can_attack("Grizzly Bears", 4)
    assert not s.can_attack("Grizzly Bears", 2)
    assert not s.can_attack("Grizzly Bears", 3)


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("801.3", "801.2a")
def test_no_opponent_within_range_means_no_attack() -> None:
    # Player 0's neighbours are their teammates: with range 1 nobody can be attacked;
    # with range 2, the opponents two seats away can.
    s = Scenario(
        players=6,
        variant="test_range_teams",
        plugins=[RangePlugin()],
        step=Step.BEGINNING_OF_COMBAT,
    )
    s.add(0, "battlefield", "Grizzly Bears")
    s.run()
    assert not s.can_attack("Grizzly Bears")
    wider = Scenario(
        players=6,
        variant="test_range_teams",
        options={"captain_range": 2},
        plugins=[RangePlugin()],
        step=Step.BEGINNING_OF_COMBAT,
    )
    wider.add(0, "battlefield", "Grizzly Bears")
    wider.run()
    assert wider.can_attack("Grizzly Bears", 2)
    assert wider.can_attack("Grizzly Bears", 4)
    assert not wider.can_attack("Grizzly Bears", 3)
    assert wider.game.players_in_range(1) == [0, 1, 2]  # the others keep range 1


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("801.3", "508.1")
def test_an_attack_on_a_player_out_of_range_is_refused() -> None:
    s = table(players=5, reach=1, step=Step.BEGINNING_OF_COMBAT)
    s.add(0, "battlefield", "Grizzly Bears")
    s.attack(0, "Grizzly Bears", defender=2)
    with pytest.raises(ScenarioError):
        s.run()


# --- targets (801.4) ----------------------------------------------------------------------


@pytest.mark.cards("Lava Axe", "Mountain")
@pytest.mark.rules("801.4", "601.2c")
def test_a_spell_cannot_target_a_player_out_of_range() -> None:
    s = table(reach=1)
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P4"])
    with pytest.raises(ScenarioError):
        s.run()
    s = table(reach=1)
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P6"])  # player 5, to player 0's right
    s.run()
    assert s.life(5) == 15


@pytest.mark.cards("Lightning Bolt", "Grizzly Bears", "Mountain", "Island")
@pytest.mark.rules("801.4", "608.2b", "801.2d")
def test_a_target_whose_controller_is_out_of_range_is_illegal_on_resolution() -> None:
    # Player 0 bolts player 1's Grizzly Bears; in response player 2, within player 1's
    # range but not player 0's, takes control of the Bears: the Bolt's only target is
    # now out of its controller's range, and the Bolt doesn't resolve.
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Island")
    s.add(2, "hand", "Sudden Seizure")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(2, "Sudden Seizure", targets=["Grizzly Bears"], when=lambda game: bool(game.stack))
    s.run()
    assert s.permanent("Grizzly Bears").controller == 2
    assert s.permanent("Grizzly Bears").damage == 0
    first(s, "spell_fizzled", player=0)


@pytest.mark.cards("Prodigal Pyromancer")
@pytest.mark.rules("801.4", "801.6", "602.2b")
def test_an_activated_ability_targets_only_within_range() -> None:
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.activate(0, "Prodigal Pyromancer", targets=["P3"])
    with pytest.raises(ScenarioError):
        s.run()
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.activate(0, "Prodigal Pyromancer", targets=["P5"])
    s.run()
    assert s.life(4) == 19


# --- triggers (801.7) ---------------------------------------------------------------------


@pytest.mark.cards("Underworld Dreams")
@pytest.mark.rules("801.7", "603.2")
def test_a_trigger_event_out_of_range_triggers_nothing() -> None:
    # Underworld Dreams: "Whenever an opponent draws a card, Underworld Dreams deals 1
    # damage to that player." Only the draws of the players within range trigger it.
    s = table(players=5, reach=1, step=Step.END)
    s.add(0, "battlefield", "Underworld Dreams")
    s.run(until=(6, Step.UPKEEP))
    assert [s.life(p) for p in range(5)] == [20, 19, 20, 20, 19]


@pytest.mark.cards("Angel's Feather", "Serra Angel", "Plains")
@pytest.mark.rules("801.7")
def test_a_spell_cast_out_of_range_triggers_nothing() -> None:
    # Angel's Feather: "Whenever a player casts a white spell, you may gain 1 life."
    s = table(players=5, reach=1, active=2)
    s.add(0, "battlefield", "Angel's Feather")
    s.add(2, "battlefield", *["Plains"] * 5)
    s.add(2, "hand", "Serra Angel")
    s.cast(2, "Serra Angel")
    s.run(until=(1, Step.END))
    assert s.events("ability_triggered") == []
    s = table(players=5, reach=1, active=1)
    s.add(0, "battlefield", "Angel's Feather")
    s.add(1, "battlefield", *["Plains"] * 5)
    s.add(1, "hand", "Serra Angel")
    s.cast(1, "Serra Angel")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run(until=(1, Step.END))
    first(s, "ability_triggered", player=0)
    assert s.life(0) == 21


# --- effects (801.10) ---------------------------------------------------------------------


@pytest.mark.cards("Pyroclasm", "Grizzly Bears", "Mountain")
@pytest.mark.rules("801.10", "801.2d")
def test_pyroclasm_damages_only_creatures_within_range() -> None:
    # 801.10's example: six players, range 1.
    s = table(players=6, reach=1)
    for player in range(6):
        s.add(player, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Pyroclasm")
    s.cast(0, "Pyroclasm")
    s.run()
    survivors = sorted(p.controller for p in s.permanents("Grizzly Bears"))
    assert survivors == [2, 3, 4]


@pytest.mark.cards("Plains")
@pytest.mark.rules("801.14", "104.2b")
def test_winning_the_game_makes_the_opponents_within_range_lose() -> None:
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Sudden Triumph")
    s.cast(0, "Sudden Triumph")
    s.run(until=(1, Step.END))
    assert s.outcome is None
    lost = {e["player"]: e["rule"] for e in s.events("player_lost")}
    assert lost == {1: "801.14", 4: "801.14"}
    assert [p.id for p in s.game.alive()] == [0, 2, 3]


# --- attachments (801.8, 801.9) -----------------------------------------------------------


@pytest.mark.cards("Pacifism", "Grizzly Bears", "Island")
@pytest.mark.rules("801.8", "704.5m", "801.2d")
def test_an_aura_whose_creature_goes_out_of_range_goes_to_the_graveyard() -> None:
    # Player 0's Pacifism enchants player 1's Bears; player 2, out of player 0's range,
    # takes control of the Bears: the Aura is attached to an illegal object.
    s = table(players=5, reach=1)
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Pacifism", attached_to="Grizzly Bears")
    s.add(2, "battlefield", "Island")
    s.add(2, "hand", "Sudden Seizure")
    s.cast(2, "Sudden Seizure", targets=["Grizzly Bears"])
    s.run()
    assert s.graveyard(0) == ["Pacifism"]
    moved = s.events("state_based_actions_performed")[-1]
    assert [rule for _, rule in moved["objects"]] == ["801.8"]


@pytest.mark.cards("Pacifism", "Gorgon Flail", "Grizzly Bears")
@pytest.mark.rules("801.8", "801.9", "701.3b")
def test_nothing_is_attached_to_a_permanent_out_of_range() -> None:
    for attachment in ("Pacifism", "Gorgon Flail"):
        s = table(players=5, reach=1)
        s.add(3, "battlefield", "Grizzly Bears")
        s.add(0, "battlefield", attachment, attached_to="Grizzly Bears")
        with pytest.raises(ScenarioError, match="can't be attached"):
            s.run()


@pytest.mark.cards("Pacifism", "Grizzly Bears", "Plains")
@pytest.mark.rules("801.8", "801.4", "303.4a")
def test_an_aura_spell_enchants_only_within_range() -> None:
    s = table(players=5, reach=1)
    s.add(3, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Plains", "Plains")
    s.add(0, "hand", "Pacifism")
    assert not s.run().can_cast(0, "Pacifism")  # no creature within range to target


@pytest.mark.cards("Gorgon Flail", "Grizzly Bears", "Island")
@pytest.mark.rules("801.9", "704.5n")
def test_equipment_whose_creature_goes_out_of_range_becomes_unattached() -> None:
    s = table(players=5, reach=1)
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Gorgon Flail", attached_to="Grizzly Bears")
    s.add(2, "battlefield", "Island")
    s.add(2, "hand", "Sudden Seizure")
    s.cast(2, "Sudden Seizure", targets=["Grizzly Bears"])
    s.run()
    flail = s.permanent("Gorgon Flail")
    assert flail.zone.value == "battlefield"
    assert flail.attached_to is None
    first(s, "permanent_unattached", rule="801.9")


# --- random games -------------------------------------------------------------------------


M10_DECKS = tuple(
    name for name in ready_decks(PluginHost(autoload=False)) if name.startswith("m10:")
)


def _seats_apart(seats: list[int], player: int, other: int) -> int:
    """How many seats apart two players sit around a table of ``seats``, the short way."""
    apart = abs(seats.index(player) - seats.index(other))
    return min(apart, len(seats) - apart)


def _attacks_out_of_range(log: Path, players: int, reach: int) -> list[dict[str, Any]]:
    """The declarations in the game logged at ``log`` that attack a player out of the
    attacker's range, the ranges worked out from the log as each turn began (801.2c)."""
    left: set[int] = set()
    seats = list(range(players))
    wrong = []
    for line in log.read_text(encoding="utf-8").splitlines():
        record = orjson.loads(line)
        if record["event"] == "player_left":
            left.add(record["player"])
        elif record["event"] == "turn_began":
            seats = [p for p in range(players) if p not in left]
        elif record["event"] == "attackers_declared":
            attacker = record["player"]
            for _creature, defender, *_ in record["attackers"]:
                if defender not in seats or _seats_apart(seats, attacker, defender) > reach:
                    wrong.append(record)
    return wrong


@pytest.mark.rules("801", "801.2c", "801.3", "806.2a")
@pytest.mark.parametrize(
    ("players", "reach", "seed"), [(5, 1, 3), (6, 2, 5), (8, 1, 7), (7, 2, 11)]
)
def test_random_free_for_all_games_with_limited_range_finish_and_replay(
    tmp_path: Path, players: int, reach: int, seed: int
) -> None:
    log = tmp_path / "game.jsonl"
    outcome = run(
        decks=[M10_DECKS[(seed + i) % len(M10_DECKS)] for i in range(players)],
        players=[RandomBot(seed=seed + i) for i in range(players)],
        variant="free_for_all",
        options={"range_of_influence": reach},
        seed=seed,
        max_turns=400,
        log=str(log),
    )
    assert outcome.reason != "turn limit reached"
    assert len(outcome.winners) == 1
    assert _attacks_out_of_range(log, players, reach) == []
    assert replay(log).identical


# --- information, prevention (801.11, 801.13) ---------------------------------------------


@pytest.mark.cards("Coat of Arms", "Grizzly Bears")
@pytest.mark.rules("801.11", "801.10", "613.4c")
def test_coat_of_arms_sees_and_boosts_only_within_its_controllers_range() -> None:
    # 801.11's examples: six players, range 1; player 0 controls Coat of Arms.
    s = table(players=6, reach=1)
    for player in range(6):
        s.add(player, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Coat of Arms")
    s.run()
    power = {p.controller: s.game.characteristics(p).power for p in s.permanents("Grizzly Bears")}
    # Each Bear in range counts the other two Bears in range; the others are untouched.
    assert power == {0: 4, 1: 4, 5: 4, 2: 2, 3: 2, 4: 2}


@pytest.mark.cards("Fog", "Grizzly Bears", "Runeclaw Bear", "Forest")
@pytest.mark.rules("801.13b", "615.1a")
def test_fog_prevents_only_damage_between_sources_and_recipients_in_range() -> None:
    # 801.13b's third example: Rob (1) is in Alex's (0) range, Carissa (2) isn't.
    # Carissa attacks Rob, Rob blocks, Alex casts Fog: the creatures still deal their
    # combat damage to each other.
    s = table(players=5, reach=1, active=2, step=Step.BEGINNING_OF_COMBAT)
    s.add(2, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Fog")
    s.attack(2, "Grizzly Bears", defender=1)
    s.block(1, "Runeclaw Bear", "Grizzly Bears")
    s.cast(0, "Fog", step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END))
    assert s.graveyard(0) == ["Fog"]
    assert s.permanents("Grizzly Bears") == []
    assert s.permanents("Runeclaw Bear") == []
    # Within range, the same Fog prevents it all.
    s = table(players=5, reach=1, active=1, step=Step.BEGINNING_OF_COMBAT)
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", "Runeclaw Bear")
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Fog")
    s.attack(1, "Grizzly Bears", defender=0)
    s.block(0, "Runeclaw Bear", "Grizzly Bears")
    s.cast(0, "Fog", step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END))
    assert len(s.permanents("Grizzly Bears")) == 1
    assert len(s.permanents("Runeclaw Bear")) == 1


@pytest.mark.cards("Lava Axe", "Pariah", "Grizzly Bears", "Mountain")
@pytest.mark.rules("801.13a", "614.1a")
def test_damage_redirected_out_of_range_does_nothing() -> None:
    # Player 1's Pariah ("All damage that would be dealt to you is dealt to enchanted
    # creature instead") enchants player 2's Bears, out of player 0's range: player 0's
    # Lava Axe at player 1 is sent out of its range, and that part does nothing.
    s = table(players=5, reach=1)
    s.add(2, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Pariah", attached_to="Grizzly Bears")
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Lava Axe")
    s.cast(0, "Lava Axe", targets=["P2"])
    s.run()
    assert s.life(1) == 20
    assert s.permanent("Grizzly Bears").damage == 0
    assert s.events("damage_dealt") == []


# --- loops (801.16) -----------------------------------------------------------------------


def _loop(players: int) -> Scenario:
    """Soul Warden, Test Ebb and Test Flow of player 0: a loop of mandatory triggers once
    Grizzly Bears enters."""
    s = Scenario(
        players=players,
        variant="free_for_all",
        options={"range_of_influence": 1},
        plugins=[TestCards()],
    )
    s.add(0, "battlefield", "Soul Warden", "Test Ebb", "Test Flow", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    return s


@pytest.mark.cards("Soul Warden", "Grizzly Bears", "Forest")
@pytest.mark.rules("801.16", "104.4b")
def test_a_loop_is_a_draw_for_everyone_within_range_of_its_objects() -> None:
    # Three players, range 1: everyone is within player 0's range.
    s = _loop(3).run()
    assert s.outcome is not None
    assert s.outcome.is_draw


@pytest.mark.cards("Soul Warden", "Grizzly Bears", "Forest")
@pytest.mark.rules("801.16", "800.4a")
def test_a_loop_is_a_draw_only_for_the_players_within_range_of_its_objects() -> None:
    # Five players, range 1: the loop of player 0's triggers is a draw for players 4, 0
    # and 1, who leave with their objects (which ends the loop); players 2 and 3 play on.
    s = _loop(5).run(until=(1, Step.END))
    assert s.outcome is None
    drawn = s.events("game_drawn")
    assert [(e["player"], e["rule"]) for e in drawn] == [
        (0, "801.16"),
        (1, "801.16"),
        (4, "801.16"),
    ]
    assert [p.id for p in s.game.alive()] == [2, 3]
    assert [e["player"] for e in s.events("player_left")] == [0, 1, 4]
    assert s.events("player_lost") == []


@pytest.mark.cards("Island")
@pytest.mark.rules("801.16", "704.5f")
def test_a_loop_of_state_based_actions_out_of_everyones_reach_is_not_implemented() -> None:
    # Whose objects a loop of state-based actions involves is not known: with players
    # out of each other's range, the engine says so rather than guess.
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Test Restless Wisp")
    s.cast(0, "Test Restless Wisp")
    with pytest.raises(RuleNotImplementedError, match=r"801\.16"):
        s.run()


# --- the world rule (801.12) --------------------------------------------------------------


@pytest.mark.rules("801.12", "704.5k")
def test_the_world_rule_applies_only_to_world_permanents_within_range() -> None:
    far = table(players=5, reach=1)
    far.add(0, "battlefield", "Test World 1")
    far.add(2, "battlefield", "Test World 2")
    far.run()
    assert far.battlefield(0) == ["Test World 1"]
    assert far.battlefield(2) == ["Test World 2"]
    near = table(players=5, reach=1)
    near.add(0, "battlefield", "Test World 1")
    near.add(1, "battlefield", "Test World 2")
    near.run()
    # The one put onto the battlefield first is older: it goes (704.5k).
    assert near.graveyard(0) == ["Test World 1"]
    assert near.battlefield(1) == ["Test World 2"]
    moved = near.events("state_based_actions_performed")[0]["objects"]
    assert [rule for _, rule in moved] == ["801.12"]


@pytest.mark.cards("Howling Banshee", "Swamp")
@pytest.mark.rules("801.10", "603.2")
def test_each_player_means_each_player_within_range() -> None:
    # Howling Banshee: "When Howling Banshee enters the battlefield, each player loses 3
    # life."
    s = table(players=5, reach=1)
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", "Howling Banshee")
    s.cast(0, "Howling Banshee")
    s.run()
    assert [s.life(p) for p in range(5)] == [17, 17, 20, 20, 17]


@pytest.mark.cards("Trumpet Blast", "Grizzly Bears", "Mountain")
@pytest.mark.rules("801.10", "611.2c")
@pytest.mark.parametrize(("attacker", "power"), [(1, 4), (2, 2)])
def test_an_effect_locks_in_only_objects_within_range(attacker: int, power: int) -> None:
    # Trumpet Blast: "Attacking creatures get +2/+0 until end of turn." Player 0 casts
    # it while player 1 (in range) or player 2 (out of range) attacks.
    s = table(players=5, reach=1, active=attacker, step=Step.BEGINNING_OF_COMBAT)
    s.add(attacker, "battlefield", "Grizzly Bears")
    s.add(0, "battlefield", *["Mountain"] * 3)
    s.add(0, "hand", "Trumpet Blast")
    s.attack(attacker, "Grizzly Bears", defender=attacker + 1)
    s.cast(0, "Trumpet Blast", step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.COMBAT_DAMAGE))
    assert s.graveyard(0) == ["Trumpet Blast"]
    assert s.power("Grizzly Bears") == power


@pytest.mark.cards("Yawning Fissure", "Mountain")
@pytest.mark.rules("801.10", "701.21a")
def test_each_opponent_means_each_opponent_within_range() -> None:
    # Yawning Fissure: "Each opponent sacrifices a land."
    s = table(players=5, reach=1)
    for player in range(1, 5):
        s.add(player, "battlefield", "Mountain")
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Yawning Fissure")
    s.cast(0, "Yawning Fissure")
    s.run()
    assert [len(s.battlefield(p)) for p in range(1, 5)] == [0, 1, 1, 0]


@pytest.mark.cards("Silence", "Plains", "Lightning Bolt", "Mountain")
@pytest.mark.rules("801.10", "101.2")
def test_silence_stops_only_opponents_within_range() -> None:
    # Silence: "Your opponents can't cast spells this turn."
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Silence")
    for player in (1, 2):
        s.add(player, "battlefield", "Mountain")
        s.add(player, "hand", "Lightning Bolt")
    s.cast(0, "Silence")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not s.can_cast(1, "Lightning Bolt")
    assert s.can_cast(2, "Lightning Bolt")


# --- choices that don't target (801.5a, 801.11) ---------------------------------------------


def _offered(s: Scenario, kind: DecisionKind) -> list[str]:
    (asked,) = s.decisions.of_kind(kind)
    return [str(o).split(" #")[0] for o in asked.options]


@pytest.mark.cards("Clone", "Grizzly Bears", "Craw Wurm", "Centaur Courser", "Island")
@pytest.mark.rules("801.5a", "707.5")
def test_clone_may_copy_only_a_creature_within_its_controllers_range() -> None:
    # Five players, range 1: player 0 reaches players 4 and 1; player 2's Craw Wurm is out
    # of their range and can't be chosen.
    s = table(players=5, reach=1)
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Clone")
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Craw Wurm")
    s.add(4, "battlefield", "Centaur Courser")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Centaur Courser")
    s.run()
    assert _offered(s, DecisionKind.ENTER_AS_COPY) == [
        "Grizzly Bears",
        "Centaur Courser",
        "no copy",
    ]
    assert sorted(s.game.characteristics(p).name for p in s.game.creatures(0)) == [  # type: ignore[union-attr]
        "Centaur Courser"
    ]


@pytest.mark.cards("Clone", "Craw Wurm", "Island")
@pytest.mark.rules("801.5a", "707.5")
def test_clone_with_no_creature_within_range_copies_nothing() -> None:
    s = table(players=5, reach=1)
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Clone")
    s.add(2, "battlefield", "Craw Wurm")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "no copy")
    s.run()
    assert _offered(s, DecisionKind.ENTER_AS_COPY) == ["no copy"]
    assert s.battlefield(0).count("Clone") == 0  # a 0/0 Clone: put into the graveyard
    assert "Clone" in s.graveyard(0)


@pytest.mark.cards("Grizzly Bears", "Craw Wurm", "Centaur Courser", "Runeclaw Bear", "Swamp")
@pytest.mark.rules("801.5a", "801.11")
def test_a_choice_for_an_ability_sees_only_what_both_players_reach() -> None:
    # Player 0's spell makes player 1 choose a creature. Player 1 can't choose one out of
    # their own range (801.5a: player 4's), and the spell doesn't see one out of player
    # 0's range (801.11: player 2's); the card's code offers them all.
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Swamp", "Runeclaw Bear")
    s.add(0, "hand", "Test Culling Choice")
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Craw Wurm")
    s.add(4, "battlefield", "Centaur Courser")
    s.cast(0, "Test Culling Choice", targets=["P2"])
    s.choose(1, DecisionKind.CHOICE, "Runeclaw Bear")
    s.run()
    assert _offered(s, DecisionKind.CHOICE) == ["Runeclaw Bear", "Grizzly Bears"]
    assert s.graveyard(0) == ["Runeclaw Bear", "Test Culling Choice"]
    made = [e for e in s.events("decision_made") if e["kind"] == "choice"]
    assert [(e["player"], e["options"], e["chosen"]) for e in made] == [
        (1, 2, [f"Runeclaw Bear #{first(s, 'object_moved', card='Runeclaw Bear')['object']}"])
    ]


@pytest.mark.cards("Harm's Way", "Goblin Piker", "Craw Wurm", "Plains")
@pytest.mark.rules("801.5a", "801.13b", "609.7a")
def test_a_source_of_your_choice_is_one_within_range() -> None:
    s = table(players=5, reach=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Goblin Piker")
    s.add(2, "battlefield", "Craw Wurm")
    s.cast(0, "Harm's Way", targets=["P2"])
    s.choose(0, DecisionKind.SOURCE, "Goblin Piker")
    s.run()
    assert "Craw Wurm" not in _offered(s, DecisionKind.SOURCE)
    assert "Goblin Piker" in _offered(s, DecisionKind.SOURCE)


class _RangeCheckingBot(RandomBot):
    """A random bot that fails if a decision offers it an object or a player out of its
    range, or out of the range of the spell or ability resolving (801.5a, 801.11)."""

    game: Game | None = None
    checked: list[str] = []  # noqa: RUF012  # shared by the bots of one test

    async def decide(self, decision: Decision) -> Choice:
        game = self.game
        assert game is not None
        if decision.kind in (DecisionKind.ENTER_AS_COPY, DecisionKind.SOURCE):
            for option in decision.options:
                if isinstance(option, CardOption):
                    assert game.influence.reaches(decision.player, option.object), option
                    assert game.influence.effect_reaches_target(option.object), option
            self.checked.append(decision.kind.value)
        return self.pick(decision)


@pytest.mark.cards("Clone", "Grizzly Bears", "Craw Wurm", "Island", "Forest")
@pytest.mark.rules("801.5a", "801.11", "707.5")
def test_random_games_offer_no_choice_out_of_range_and_replay(tmp_path: Path) -> None:
    deck = ["Island"] * 9 + ["Forest"] * 9 + ["Clone"] * 6 + ["Grizzly Bears", "Craw Wurm"] * 3
    bots = [_RangeCheckingBot(seed=seat) for seat in range(5)]
    _RangeCheckingBot.checked = []
    log = tmp_path / "game.jsonl"
    game = new_game(
        decks=[deck] * 5,
        players=bots,
        variant="free_for_all",
        options={"range_of_influence": 1},
        seating="given",
        seed=4,
        deck_rules=UNCHECKED,
        max_turns=60,
        log=str(log),
    )
    _RangeCheckingBot.game = game
    trio.run(play_game, game)
    assert _RangeCheckingBot.checked.count("enter_as_copy") >= 3
    assert replay(log).identical

"""Tests of the event log (``manaweave.log``): the common fields of every line, the event
types documented in ``docs/event-log.md``, reading logs back, redaction, ``game_started``,
the logging of decisions, the CR rules the lines carry, and a golden log.

The golden log is ``tests/golden/short_game.jsonl``. After an intended change to the log,
regenerate it with::

    MANAWEAVE_REGENERATE_GOLDEN=1 .venv/bin/pytest tests/test_event_log.py -k golden

and review the diff.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

import orjson
import pytest
import trio
from _cards import TestCards
from _misc_keyword_cards import MiscKeywordCards
from _players import AttacksOnce, Misbehaving

import manaweave
from manaweave import (
    Choice,
    Decision,
    DecisionKind,
    ManaCost,
    Named,
    Preferences,
    Step,
    Stops,
    hookimpl,
    new_game,
    play_game,
)
from manaweave.cards import (
    ANY_TARGET,
    ActivatedAbility,
    AtBeginningOf,
    CardSet,
    DealDamage,
    GainLife,
    Printed,
    TriggeredAbility,
    card,
)
from manaweave.log import (
    SCHEMA_VERSION,
    WALL_CLOCK_FIELDS,
    EventLog,
    LoggedEvent,
    is_public,
    read_events,
    redact,
)
from manaweave.lowlevel import Game, default_plugins, resolve_deck
from manaweave.players import RandomBot
from manaweave.testing import Scenario

Record = dict[str, Any]

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "event-log.md"
GOLDEN = Path(__file__).resolve().parent / "golden" / "short_game.jsonl"
REGENERATE = os.environ.get("MANAWEAVE_REGENERATE_GOLDEN", "") not in ("", "0")

DECKS = ("m10:red-green", "m10:green-white")
THREE_DECKS = ("m10:red-green", "m10:green-white", "m10:red-green")
COMMON_FIELDS = ("v", "game", "seq", "event", "turn", "step", "visibility")
STEPS = frozenset(step.value for step in Step)


# --- players -------------------------------------------------------------------------------


class RecordingBot(RandomBot):
    """A random bot that remembers every decision it was asked and what it answered."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.asked: list[tuple[Decision, Choice]] = []

    async def decide(self, decision: Decision) -> Choice:
        choice = self.pick(decision)
        self.asked.append((decision, choice))
        return choice


class MulliganOnce(RandomBot):
    """Takes one mulligan, then keeps; otherwise random."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.mulliganed = False

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is DecisionKind.MULLIGAN:
            word = "keep" if self.mulliganed else "mulligan"
            self.mulliganed = True
            return decision.choose(Named(word))
        return self.pick(decision)


# --- games ---------------------------------------------------------------------------------


def play(
    seed: int,
    *,
    players: Sequence[Any] | None = None,
    decks: Sequence[str] = DECKS,
    max_turns: int | None = 100,
    log: Path | None = None,
) -> Game:
    """Play a whole game and return it (its records are in ``game.log.records``)."""
    actors = players or [RandomBot(seed=seed * 1000 + i) for i in range(len(decks))]
    game = new_game(decks=list(decks), players=actors, seed=seed, max_turns=max_turns, log=log)
    trio.run(play_game, game)
    return game


def events(records: Iterable[Mapping[str, Any]], name: str) -> list[Mapping[str, Any]]:
    return [r for r in records if r["event"] == name]


def by_seq(records: Sequence[Mapping[str, Any]], seq: int) -> Mapping[str, Any]:
    found = records[seq]
    assert found["seq"] == seq
    return found


def normalised(records: Iterable[Mapping[str, Any]]) -> list[Record]:
    """Records as they read back from a log file, without wall-clock fields."""
    return [
        {k: v for k, v in orjson.loads(orjson.dumps(r)).items() if k not in WALL_CLOCK_FIELDS}
        for r in records
    ]


class TestSet:
    """A card set plugin with a creature that has a non-mana activated ability."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        pinger = card(
            "Test Pinger",
            printed=Printed(
                "{1}{R}",
                "Creature — Human Wizard",
                "{T}: Test Pinger deals 1 damage to any target.",
                pt=(1, 1),
            ),
            abilities=(
                ActivatedAbility(
                    ManaCost.parse(""),
                    (DealDamage(1),),
                    tap=True,
                    targets=(ANY_TARGET,),
                    text="{T}: Test Pinger deals 1 damage to any target.",
                ),
            ),
        )
        return [CardSet("TST", "Test cards", (pinger,))]


def short_game() -> Scenario:
    """The golden game: a land, a Lightning Bolt at a creature, attacks on turns 1 and 3
    (the second one blocked), a creature cast on turn 2, and a Shock that ends the game."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Mountain", "Mountain", "Runeclaw Bear")
    s.add(0, "hand", "Lightning Bolt", "Shock", "Forest")
    s.add(1, "battlefield", "Plains", "Grizzly Bears")
    s.add(1, "hand", "Elite Vanguard")
    s.life(1, 4)
    s.play_land(0, "Forest")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.attack(0, "Runeclaw Bear", turn=1)
    s.cast(1, "Elite Vanguard", turn=2)
    s.attack(0, "Runeclaw Bear", turn=3)
    s.block(1, "Elite Vanguard", "Runeclaw Bear", turn=3)
    s.cast(0, "Shock", targets=["P2"], turn=3, step=Step.POSTCOMBAT_MAIN)
    return s.run(until=(4, Step.END))


def fizzled_spell() -> Scenario:
    """Giant Growth on a Grizzly Bears that a Lightning Bolt in response kills."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    return s.run()


def activated_ability(*, fizzle: bool) -> Scenario:
    """Test Pinger's ability at a player, or at a creature that dies in response."""
    s = Scenario(turn=1, plugins=[TestSet()])
    s.add(0, "battlefield", "Test Pinger", "Grizzly Bears")
    if fizzle:
        s.add(1, "battlefield", "Mountain")
        s.add(1, "hand", "Lightning Bolt")
        s.activate(0, "Test Pinger", targets=["Grizzly Bears"])
        s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    else:
        s.activate(0, "Test Pinger", targets=["P2"])
    return s.run()


def triggered_abilities() -> Scenario:
    """An enters-the-battlefield trigger with a target, and a dies trigger with none."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Sparkmage Apprentice", "Lightning Bolt")
    s.add(1, "battlefield", "Festering Goblin")
    s.cast(0, "Lightning Bolt", targets=["Festering Goblin"])
    s.cast(0, "Sparkmage Apprentice", stack_empty=True)
    s.choose(0, DecisionKind.TARGET, "P2")
    return s.run()


def tokens_and_counters() -> Scenario:
    """A token is created, dies and ceases to exist; counters come and annihilate."""
    s = Scenario(turn=1, plugins=[TestCards()])
    s.add(0, "battlefield", "Ant Queen", "Forest", "Forest", "Mold Adder")
    s.add(1, "battlefield", "Mountain", "Island", "Island", "Island", "Swamp")
    s.add(1, "hand", "Lightning Bolt", "Divination", "Test Wither")
    s.activate(0, "Ant Queen")
    s.cast(1, "Lightning Bolt", targets=["Insect Token"], step=Step.BEGINNING_OF_COMBAT)
    s.cast(1, "Divination", turn=2, step=Step.PRECOMBAT_MAIN)
    s.cast(1, "Test Wither", targets=["Mold Adder"], turn=2, stack_empty=True)
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.MAY, "no")
    return s.run(until=(2, Step.END))


def x_spell_and_counterspell() -> Scenario:
    """A spell with X is cast; a Lightning Bolt is countered."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Mountain", "Island", "Island", "Island")
    s.add(0, "hand", "Lightning Bolt", "Mind Spring")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.cast(1, "Cancel", targets=["Lightning Bolt"])
    s.cast(0, "Mind Spring", x=1, stack_empty=True)
    return s.run()


def prevention_and_replacement() -> Scenario:
    """Fog prevents combat damage; a dual land enters tapped."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Craw Wurm")
    s.add(0, "hand", "Dragonskull Summit")
    s.add(1, "battlefield", "Forest")
    s.add(1, "hand", "Fog")
    s.play_land(0, "Dragonskull Summit")
    s.attack(0, "Craw Wurm")
    s.cast(1, "Fog", step=Step.DECLARE_ATTACKERS)
    return s.run(until=(1, Step.END_OF_COMBAT))


def protean_hydra() -> Scenario:
    """Protean Hydra: enters with counters, prevents damage, creates delayed triggers."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", *["Forest"] * 5)
    s.add(0, "hand", "Protean Hydra")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Protean Hydra", x=4)
    s.cast(1, "Lightning Bolt", targets=["Protean Hydra"], stack_empty=True)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3)
    return s.run(until=(2, Step.UPKEEP))


def mind_control() -> Scenario:
    """Control of a creature changes, and changes back when the Aura is destroyed."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Mind Control")
    s.add(1, "battlefield", "Craw Wurm", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.cast(1, "Naturalize", targets=["Mind Control"], when=lambda g: not g.stack)
    return s.run()


def planeswalker_milling() -> Scenario:
    """Jace Beleren's [−10] mills twenty cards; a creature attacks Chandra Nalaar."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Jace Beleren", loyalty=10)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Chandra Nalaar")
    s.library(1, ["Plains"] * 22)
    s.activate(0, "Jace Beleren", text="[−10]", targets=["P2"])
    s.attack(0, "Grizzly Bears", planeswalker="Chandra Nalaar")
    return s.run()


def library_search() -> Scenario:
    """Liliana Vess's [−2]: a private search, then a shuffle."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Liliana Vess")
    s.library(0, ["Forest", "Mountain", "Craw Wurm"])
    s.activate(0, "Liliana Vess", text="[−2]")
    s.choose(0, DecisionKind.SEARCH, "Craw Wurm")
    return s.run()


def combat_costs_and_creatures_put_into_combat() -> Scenario:
    """A cost to attack paid, tokens put onto the battlefield attacking, and a token put
    onto the battlefield blocking."""
    from rules._more_combat_cards import MoreCombatCards

    s = Scenario(turn=1, plugins=[MoreCombatCards()])
    s.add(0, "battlefield", "Test Hero", "Plains", "Plains")
    s.add(1, "battlefield", "Test Ghostly Prison", "Plains")
    s.add(1, "hand", "Test Ambush Guard")
    s.attack(0, "Test Hero")
    s.cast(1, "Test Ambush Guard", step=Step.DECLARE_BLOCKERS)
    s.choose(1, DecisionKind.CHOICE, "Test Hero")  # what the token blocks (509.4)
    return s.run()


def illegal_damage_assignment() -> Scenario:
    """Two tramplers each blocked by two Guards: the first assignment's total doesn't give
    the Guards lethal damage, and it is rejected and made again (510.1e)."""
    from rules._combat_cards import CombatCards

    s = Scenario(turn=1, plugins=[CombatCards()])
    s.add(0, "battlefield", "Test Trampler", "Test Twice Trampler")
    s.add(1, "battlefield", "Test Two-Headed Guard", "Test Two-Headed Guard")
    s.attack(0, "Test Trampler", "Test Twice Trampler")
    for _ in range(2):
        for attacker in ("Test Trampler", "Test Twice Trampler"):
            s.block(1, "Test Two-Headed Guard", attacker)
    for split in ((0, 0, 4), (2, 2, 0), (2, 2, 0), (2, 2, 0)):
        s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, split)
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (1, 1))
    return s.run(until=(1, Step.END_OF_COMBAT))


def team_attack_declared_again() -> Scenario:
    """Two-Headed Giant: Jackal Familiar ("can't attack alone") attacks and its
    controller's teammate has nothing to attack with, so the team's attack is illegal as
    a whole and declared again (805.10b)."""
    s = Scenario(
        players=4,
        variant="two_headed_giant",
        plugins=[AttacksOnce(player=0)],
        turn=2,
        step=Step.BEGINNING_OF_COMBAT,
    )
    s.add(0, "battlefield", "Jackal Familiar")
    return s.run(until=(2, Step.END_OF_COMBAT))


def turn_markers() -> Scenario:
    """Grand Melee: two turns at once, their markers placed and passed (807.4)."""
    s = Scenario(players=10, variant="grand_melee")
    return s.run(until=(3, Step.PRECOMBAT_MAIN))


def costs() -> Scenario:
    """A cast reversed for a total cost that can't be paid, then Fling with a sacrifice."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Mountain", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Fireball", "Fling")
    s.cast(0, "Fireball", targets=["Grizzly Bears", "P2"], x=1)
    s.cast(0, "Fling", targets=["P2"])
    return s.run()


def copies_and_new_targets() -> Scenario:
    """Twincast copies a Lightning Bolt with a new target; Redirect changes the Bolt's."""
    s = Scenario(turn=2, active=1)
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.add(0, "battlefield", "Island", "Island", "Island", "Island")
    s.add(0, "hand", "Twincast", "Redirect")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(0, "Twincast", targets=["Lightning Bolt"])
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    s.cast(0, "Redirect", targets=["Lightning Bolt"], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.NEW_TARGET, "P2")
    return s.run()


def regeneration() -> Scenario:
    """Regenerate shields Grizzly Bears from a Lightning Bolt."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Grizzly Bears", "Forest", "Forest", "Mountain")
    s.add(0, "hand", "Regenerate", "Lightning Bolt")
    s.cast(0, "Regenerate", targets=["Grizzly Bears"])
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    return s.run()


def draws_and_skips() -> Scenario:
    """Stonehorn Dignitary's skip; Plagiarize and Abundance replacing draws."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", *["Plains"] * 4, "Abundance", *["Island"] * 4)
    s.add(0, "hand", "Stonehorn Dignitary", "Plagiarize")
    s.library(0, ["Island", "Plains", "Grizzly Bears", "Lightning Bolt"])
    s.cast(0, "Stonehorn Dignitary")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.cast(0, "Plagiarize", targets=["P2"], turn=2, step=Step.UPKEEP)
    s.choose(0, DecisionKind.MAY, "land", turn=2)
    s.choose(0, DecisionKind.BOTTOM, "Grizzly Bears", "Lightning Bolt", turn=2)
    return s.run(until=(2, Step.END))


def extra_turn() -> Scenario:
    """Time Warp: its caster takes an extra turn after this one."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Time Warp")
    s.cast(0, "Time Warp", targets=["P1"])
    return s.run(until=(2, Step.UPKEEP))


def attachments() -> Scenario:
    """Test Blade attached to Grizzly Bears, which dies: the Blade becomes unattached."""
    s = Scenario(turn=1, plugins=[TestCards()])
    s.add(0, "battlefield", "Test Blade", "Grizzly Bears", "Island", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.activate(0, "Test Blade", targets=["Grizzly Bears"])
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    return s.run()


def emblem() -> Scenario:
    """Garruk, Caller of Beasts's [−7]: an emblem in the command zone."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Garruk, Caller of Beasts", loyalty=7)
    s.activate(0, "Garruk, Caller of Beasts", text="[−7]")
    return s.run()


def ability_copy() -> Scenario:
    """Strionic Resonator copies Soul Warden's trigger."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Soul Warden", "Strionic Resonator", *["Forest"] * 4)
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.activate(
        0,
        "Strionic Resonator",
        targets=["Soul Warden ability"],
        when=lambda g: any("Soul Warden" in str(i.name) for i in g.stack),
    )
    return s.run()


def face_down() -> Scenario:
    """A manifested Stonehorn Dignitary, turned face up."""
    s = Scenario(turn=1, plugins=[TestCards()])
    s.add(0, "battlefield", *["Forest"] * 6, *["Plains"] * 4)
    s.add(0, "hand", "Test Manifester")
    s.library(0, ["Island", "Stonehorn Dignitary"])
    s.cast(0, "Test Manifester")
    s.turn_face_up(0, "Stonehorn Dignitary")
    return s.run()


def lords_return_together() -> Scenario:
    """Liliana Vess's [−8] returns two lords at once: the active player orders their
    timestamps (613.7m)."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Liliana Vess", loyalty=8)
    s.add(0, "graveyard", "Predatory Sliver", "Predatory Sliver")
    s.activate(0, "Liliana Vess", text="[−8]")
    s.choose(0, DecisionKind.TIMESTAMP_ORDER, "Predatory Sliver", "Predatory Sliver")
    return s.run()


def aura_with_nothing_to_enchant() -> Scenario:
    """Open the Vaults finds an Aura with nothing to enchant: it stays in the graveyard
    (303.4g)."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", *(("Plains",) * 6))
    s.add(0, "hand", "Open the Vaults")
    s.add(0, "graveyard", "Pacifism")
    s.cast(0, "Open the Vaults")
    return s.run()


def face_down_at_the_end() -> Scenario:
    """A manifested Craw Wurm, still face down as its controller's opponent concedes: it is
    revealed as the game ends (708.9)."""
    s = Scenario(turn=1, plugins=[TestCards()])
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Test Manifester")
    s.library(0, ["Island", "Craw Wurm"])
    s.cast(0, "Test Manifester")
    s.concede(1, step=Step.END)
    return s.run(until=(2, Step.UPKEEP))


class _UpkeepLife:
    """A house rule from a plugin: "At the beginning of your upkeep, you gain 1 life"."""

    @manaweave.hookimpl
    def mw_collect_triggers(self, game: Game) -> list[object]:
        return [
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (GainLife(1),),
                text="At the beginning of your upkeep, you gain 1 life.",
            )
        ]


def rule_ability() -> Scenario:
    """A plugin's triggered ability given to every player."""
    s = Scenario(turn=1, step=Step.UNTAP, plugins=[_UpkeepLife()])
    return s.run(until=(1, Step.DRAW))


def until_next_turn() -> Scenario:
    """An "until your next turn" effect ends as its controller's next turn begins."""
    s = Scenario(turn=1, plugins=[TestCards()])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Weaken")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Test Weaken", targets=["Grizzly Bears"])
    return s.run(until=(3, Step.UPKEEP))


def banefire_uncounterable() -> Scenario:
    """A Banefire with X 5 that can't be countered."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", *["Mountain"] * 6)
    s.add(0, "hand", "Banefire")
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Cancel")
    s.cast(0, "Banefire", targets=["P2"], x=5)
    s.cast(1, "Cancel", targets=["Banefire"])
    return s.run()


def ward_and_indestructible() -> Scenario:
    """Ward counters a Prodigal Pyromancer's ability; Doom Blade fails to destroy an
    indestructible Darksteel Myr."""
    s = Scenario(turn=1, plugins=[MiscKeywordCards()])
    s.add(0, "battlefield", "Test Warded Drake", "Darksteel Myr")
    s.add(1, "battlefield", "Prodigal Pyromancer", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.activate(1, "Prodigal Pyromancer", targets=["Test Warded Drake"], step=Step.END)
    s.choose(1, DecisionKind.MAY, "no")
    s.cast(1, "Doom Blade", targets=["Darksteel Myr"], step=Step.END, stack_empty=True)
    return s.run(until=(2, Step.UPKEEP))


def pump_and_aura() -> Scenario:
    """Oakenform and Giant Growth on one creature, floating mana, then the cleanup step."""
    s = Scenario(turn=1)
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Oakenform")
    s.activate(0, "Forest", step=Step.BEGINNING_OF_COMBAT)
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])  # in response
    return s.run(until=(2, Step.UPKEEP))


def discard_to_hand_size() -> Scenario:
    s = Scenario(turn=1)
    s.add(0, "hand", *["Island"] * 8)
    s.choose(0, DecisionKind.DISCARD, "Island")
    return s.run(until=(2, Step.UPKEEP))


def empty_library() -> Scenario:
    """Player 2 draws their last card on turn 2 and has none to draw on turn 4."""
    s = Scenario(turn=2, step=Step.UPKEEP, active=1)
    s.library(1, ["Island"])
    return s.run(until=(4, Step.END))


def revealed_library_top() -> Scenario:
    """Vampire Nocturnus reveals the top of its controller's library; it is bounced and
    cast again, and the revealed card is drawn."""
    s = Scenario(step=Step.UPKEEP)
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "battlefield", "Vampire Nocturnus")
    s.add(1, "battlefield", "Island")
    s.add(1, "hand", "Unsummon")
    s.library(0, ["Island", "Doom Blade"])
    s.cast(1, "Unsummon", targets=["Vampire Nocturnus"])
    s.cast(0, "Vampire Nocturnus", step=Step.PRECOMBAT_MAIN)
    return s.run(until=(3, Step.BEGINNING_OF_COMBAT))


def three_player_loss() -> Scenario:
    """In a free-for-all, player 3 dies to a Lightning Bolt and the game goes on."""
    s = Scenario(players=3, turn=1)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(2, "battlefield", "Grizzly Bears")
    s.life(2, 3)
    s.cast(0, "Lightning Bolt", targets=["P3"])
    return s.run()


def loop_drawn_within_range() -> Scenario:
    """With range of influence 1 among five players, a loop of player 0's mandatory
    triggers is a draw for players 4, 0 and 1 only (801.16)."""
    s = Scenario(
        players=5,
        variant="free_for_all",
        options={"range_of_influence": 1},
        plugins=[TestCards()],
    )
    s.add(0, "battlefield", "Soul Warden", "Test Ebb", "Test Flow", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    return s.run(until=(1, Step.END))


def card_name_chosen() -> Scenario:
    """Pithing Needle names a card as it enters."""
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Pithing Needle")
    s.add(1, "battlefield", "Prodigal Pyromancer")
    s.cast(0, "Pithing Needle")
    s.choose(0, DecisionKind.CHOICE, "Prodigal Pyromancer")
    return s.run(until=(1, Step.POSTCOMBAT_MAIN))


def loss_prevented() -> Scenario:
    """A player would win the game, but their opponent with Platinum Angel can't lose."""
    s = Scenario(turn=3, step=Step.UPKEEP, plugins=[TestCards()])
    s.add(0, "battlefield", "Test Sovereign")
    s.add(1, "battlefield", "Platinum Angel")
    s.life(0, 40)
    return s.run(until=(3, Step.DRAW))


def poison_counters() -> Scenario:
    """A player gets two poison counters (122.1f) and, with ten, loses (704.5c)."""
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Toxic Dart")
    s.cast(0, "Test Toxic Dart", targets=["P2"])
    s.run()
    return s


@cache
def random_games() -> tuple[tuple[Record, ...], ...]:
    """Four two-player games and one three-player game between random bots."""
    games = [play(seed) for seed in (1, 2, 3, 4)]
    games.append(play(5, decks=THREE_DECKS))
    return tuple(tuple(g.log.records) for g in games)


@cache
def misbehaving_game() -> tuple[Record, ...]:
    """A three-player game with a rejected answer, a raise and a concession."""
    players = [
        Misbehaving(1, {10: "illegal"}),
        Misbehaving(2, {60: "raise"}),
        Misbehaving(3, {80: "concede"}),
    ]
    return tuple(play(5, players=players, decks=THREE_DECKS).log.records)


@cache
def interrupted_game() -> tuple[Record, ...]:
    """A random game stopped at its 300th event as Ctrl-C stops one: ``game_interrupted``."""
    game = new_game(decks=DECKS, players=[RandomBot(seed=1), RandomBot(seed=2)], seed=9)

    def press_ctrl_c(record: Mapping[str, Any]) -> None:
        if record["seq"] == 300:
            raise KeyboardInterrupt

    game.log.subscribe(press_ctrl_c)
    with pytest.raises(KeyboardInterrupt):
        trio.run(play_game, game)
    return tuple(game.log.records)


@cache
def mulligan_game() -> tuple[Record, ...]:
    return tuple(play(8, players=[MulliganOnce(80), MulliganOnce(81)]).log.records)


class ChangesPreferences(RandomBot):
    """A random bot that asks for stops and engine payment as it answers its 20th
    decision: ``preferences_changed``."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed=seed)
        self.answered = 0

    async def decide(self, decision: Decision) -> Choice:
        self.answered += 1
        if self.answered == 20:
            self.preferences = Preferences(stops=Stops(), engine_pays=True)
        return await super().decide(decision)


@cache
def preferences_game() -> tuple[Record, ...]:
    return tuple(play(6, players=[ChangesPreferences(60), RandomBot(seed=61)]).log.records)


@cache
def every_log() -> tuple[tuple[Record, ...], ...]:
    """Logs that between them contain every event type the engine emits."""
    scenarios = [
        short_game(),
        fizzled_spell(),
        activated_ability(fizzle=True),
        activated_ability(fizzle=False),
        triggered_abilities(),
        tokens_and_counters(),
        x_spell_and_counterspell(),
        prevention_and_replacement(),
        protean_hydra(),
        mind_control(),
        planeswalker_milling(),
        until_next_turn(),
        library_search(),
        costs(),
        copies_and_new_targets(),
        regeneration(),
        draws_and_skips(),
        extra_turn(),
        attachments(),
        emblem(),
        ability_copy(),
        face_down(),
        face_down_at_the_end(),
        lords_return_together(),
        aura_with_nothing_to_enchant(),
        illegal_damage_assignment(),
        team_attack_declared_again(),
        turn_markers(),
        rule_ability(),
        banefire_uncounterable(),
        ward_and_indestructible(),
        pump_and_aura(),
        discard_to_hand_size(),
        empty_library(),
        revealed_library_top(),
        three_player_loss(),
        loop_drawn_within_range(),
        poison_counters(),
        combat_costs_and_creatures_put_into_combat(),
        card_name_chosen(),
        loss_prevented(),
    ]
    logs = [
        *random_games(),
        misbehaving_game(),
        mulligan_game(),
        interrupted_game(),
        preferences_game(),
    ]
    logs.extend(tuple(s.events()) for s in scenarios)
    return tuple(logs)


def seen_event_names() -> set[str]:
    return {r["event"] for log in every_log() for r in log}


def documented_events() -> dict[str, str]:
    """The event sections of docs/event-log.md: name -> section text."""
    text = DOC.read_text(encoding="utf-8")
    _, found, part = text.partition("\n## Events\n")
    assert found, "docs/event-log.md has no '## Events' section"
    pieces = re.split(r"^### `([^`]+)`[ \t]*$", part, flags=re.MULTILINE)
    return dict(zip(pieces[1::2], pieces[2::2], strict=True))


# --- the common fields -----------------------------------------------------------------------


@pytest.mark.parametrize("index", range(5))
def test_seq_starts_at_zero_and_has_no_gaps(index: int) -> None:
    records = random_games()[index]
    assert [r["seq"] for r in records] == list(range(len(records)))
    assert records[0]["event"] == "game_started"
    assert records[-1]["event"] == "game_ended"


def test_seq_has_no_gaps_in_scenarios_and_unusual_games() -> None:
    for log in every_log():
        assert [r["seq"] for r in log] == list(range(len(log))), log[0]["game"]


def test_every_line_has_the_common_fields() -> None:
    for log in every_log():
        game = log[0]["game"]
        for r in log:
            missing = [f for f in COMMON_FIELDS if f not in r]
            assert not missing, f"{r['event']} (seq {r['seq']}) lacks {missing}"
            assert r["v"] == SCHEMA_VERSION
            assert r["game"] == game
            assert isinstance(r["turn"], int)
            assert r["turn"] >= 0
            assert r["step"] is None or r["step"] in STEPS, r
            visibility = r["visibility"]
            assert isinstance(visibility, list), r
            assert all(p in range(len(log[0]["players"])) for p in visibility), r


def test_player_fields_are_seats() -> None:
    for log in every_log():
        seats = range(len(log[0]["players"]))
        for r in log:
            if "player" in r:
                assert r["player"] in seats, r


def test_cause_refers_to_an_earlier_event() -> None:
    for log in every_log():
        for r in log:
            if "cause" in r:
                assert 0 <= r["cause"] < r["seq"], r


def test_turn_and_step_on_turn_boundaries() -> None:
    records = random_games()[0]
    started = events(records, "game_started")[0]
    assert (started["turn"], started["step"]) == (0, None)
    for before in records[: records.index(events(records, "turn_began")[0])]:
        assert (before["turn"], before["step"]) == (0, None), before
    turns = events(records, "turn_began")
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1))
    assert all(t["step"] is None for t in turns)


def test_written_log_file_holds_the_records(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = play(6, log=path)
    lines = path.read_bytes().splitlines()
    assert len(lines) == len(game.log.records)
    assert [orjson.loads(line) for line in lines] == [
        orjson.loads(orjson.dumps(r)) for r in game.log.records
    ]


# --- event names and the documentation -----------------------------------------------------

_IRREGULAR_PAST = frozenset(
    {"began", "cast", "chosen", "dealt", "drawn", "left", "lost", "made", "paid", "put",
     "spent", "taken", "won", "shown", "kept", "sent", "set", "split", "held", "given"}
)  # fmt: skip


def is_past_tense(name: str) -> bool:
    last = name.rsplit("_", 1)[-1]
    return last.endswith("ed") or last in _IRREGULAR_PAST


def test_event_names_are_snake_case() -> None:
    names = seen_event_names() | set(documented_events())
    bad = sorted(n for n in names if not re.fullmatch(r"[a-z]+(?:_[a-z]+)*", n))
    assert not bad


def test_event_names_are_past_tense() -> None:
    """The log's docstring promises past-tense event names ("card_drawn", "turn_began")."""
    names = seen_event_names() | set(documented_events())
    assert sorted(n for n in names if not is_past_tense(n)) == []


def test_every_event_the_engine_emits_is_documented() -> None:
    undocumented = seen_event_names() - set(documented_events())
    assert not undocumented, f"add sections to docs/event-log.md for {sorted(undocumented)}"


def test_every_documented_event_occurs() -> None:
    """The test games reach every documented event (so the documentation is not stale)."""
    assert set(documented_events()) - seen_event_names() == set()


def test_documented_examples_are_log_lines() -> None:
    for name, section in documented_events().items():
        examples = re.findall(r"```json\n(.*?)\n```", section, flags=re.DOTALL)
        assert examples, f"{name}: no example line"
        for example in examples:
            line = orjson.loads(example)
            assert line["event"] == name
            assert all(f in line for f in COMMON_FIELDS), name
            assert line["v"] == SCHEMA_VERSION


def test_documentation_describes_the_common_fields() -> None:
    text = DOC.read_text(encoding="utf-8")
    for field_name in (*COMMON_FIELDS, "player", "rule", "cause"):
        assert f"| `{field_name}` |" in text, field_name
    for ignored in (*WALL_CLOCK_FIELDS, "traceback"):
        assert f"`{ignored}`" in text, ignored


# --- reading logs --------------------------------------------------------------------------


def test_read_events_round_trips_a_log_file(tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    game = play(7, log=path)
    read = list(read_events(path))
    assert all(isinstance(e, LoggedEvent) for e in read)
    raw = [orjson.loads(line) for line in path.read_bytes().splitlines()]
    assert len(read) == len(raw) == len(game.log.records)
    common = {"v", "game", "seq", "event", "turn", "step", "player", "rule", "cause", "visibility"}
    for event, record in zip(read, raw, strict=True):
        assert event == LoggedEvent.from_dict(record, seats=2)
        assert (event.v, event.game, event.seq, event.event) == (
            record["v"],
            record["game"],
            record["seq"],
            record["event"],
        )
        assert (event.turn, event.step) == (record["turn"], record["step"])
        assert event.player == record.get("player")
        assert event.rule == record.get("rule")
        assert event.cause == record.get("cause")
        assert event.visibility == tuple(record["visibility"])
        assert event.is_public == (record["visibility"] == [0, 1])
        assert dict(event.data) == {k: v for k, v in record.items() if k not in common}


def test_read_events_visibility() -> None:
    drawn = next(e for e in random_games()[0] if e["event"] == "card_drawn")
    event = LoggedEvent.from_dict(orjson.loads(orjson.dumps(drawn)), seats=2)
    owner = drawn["player"]
    assert event.visible_to(owner)
    assert not event.visible_to(1 - owner)
    assert not event.is_public
    # game_started gives its own number of seats.
    public = LoggedEvent.from_dict(orjson.loads(orjson.dumps(random_games()[0][0])))
    assert public.visible_to(0)
    assert public.visible_to(1)
    assert public.is_public
    unknown = LoggedEvent.from_dict(orjson.loads(orjson.dumps(drawn)))
    with pytest.raises(ValueError, match="number of seats"):
        assert unknown.is_public


def test_read_events_skips_blank_lines(tmp_path: Path) -> None:
    records = random_games()[0][:5]
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\n".join(orjson.dumps(r) for r in records) + b"\n\n\n")
    assert [e.seq for e in read_events(path)] == [0, 1, 2, 3, 4]


@pytest.mark.parametrize(
    "bad",
    [
        b"this is not json",
        b"[1, 2, 3]",
        b'{"v": 2, "game": "g", "event": "card_drawn"}',
        b'{"v": 2, "game": "g", "seq": "three", "event": "card_drawn"}',
        b'{"v": 2, "game": "g", "seq": null, "event": "card_drawn"}',
    ],
    ids=["not-json", "not-an-object", "no-seq", "seq-not-int", "seq-null"],
)
def test_read_events_names_the_line_of_a_bad_line(tmp_path: Path, bad: bytes) -> None:
    good = [orjson.dumps(r) for r in random_games()[0][:3]]
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\n".join([*good, bad, good[0]]) + b"\n")
    reader = read_events(path)
    for _ in range(3):
        next(reader)
    with pytest.raises(ValueError, match=r"game\.jsonl:4:"):
        next(reader)


def test_a_line_written_whole_gets_the_next_seq_in_place_and_its_event_last() -> None:
    log = EventLog("g")
    log.emit("game_started", {"turn": 0, "step": None})
    line = {"v": SCHEMA_VERSION, "game": log.game_id, "seq": -1, "turn": 1, "step": None}
    assert log.write("turn_began", line) == 1
    assert log.lines[1] == (b'{"v":4,"game":"g","seq":1,"turn":1,"step":null,"event":"turn_began"}')
    assert log.next_seq == 2


def test_event_log_buffers_until_flushed(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "log.jsonl"
    log = EventLog("g", path)
    assert log.emit("game_started", {"turn": 0, "step": None}) == 0
    assert log.emit("turn_began", {"turn": 1, "step": None}) == 1
    log.logger.info("plugin_noted", turn=1, step=None, detail="from a plugin")
    assert log.next_seq == 3
    assert not path.exists()
    log.flush()
    assert [orjson.loads(line) for line in path.read_bytes().splitlines()] == log.records
    assert [r["seq"] for r in log.records] == [0, 1, 2]
    assert [r["event"] for r in log.records] == ["game_started", "turn_began", "plugin_noted"]
    assert all(r["v"] == SCHEMA_VERSION and r["game"] == "g" for r in log.records)


# --- visibility and redaction ----------------------------------------------------------------


def test_redact_hides_the_cards_other_players_draw() -> None:
    records = random_games()[0]
    for viewer in (0, 1):
        view = list(redact(records, viewer))
        assert len(view) == len(records)
        for full, seen in zip(records, view, strict=True):
            if full["event"] != "card_drawn":
                continue
            if full["player"] == viewer:
                assert seen == full
            else:
                assert "card" not in seen
                assert seen["event"] == "card_drawn"
                assert (seen["seq"], seen["player"]) == (full["seq"], full["player"])
                assert (seen["from_zone"], seen["to_zone"]) == ("library", "hand")


def test_redact_keeps_public_events_whole() -> None:
    records = random_games()[1]
    view = list(redact(records, 0))
    public = [(f, s) for f, s in zip(records, view, strict=True) if is_public(f, 2)]
    assert public
    # All but game_started, which shows each player only their own decklist, and the
    # digest of game_ended, which covers the hidden lines too.
    assert all(f == s for f, s in public[:-1] if f["event"] != "game_started")
    ended, seen = public[-1]
    assert ended["event"] == "game_ended"
    assert {k: v for k, v in ended.items() if k != "digest"} == seen
    names = {f["event"] for f, _ in public}
    assert {"land_played", "spell_cast", "permanent_entered", "game_started"} <= names
    assert all("card" in s for f, s in public if f["event"] in ("land_played", "spell_cast"))


def test_redact_hides_other_players_bottom_decisions_and_mulligan_moves() -> None:
    records = mulligan_game()
    bottoms = [r for r in records if r["event"] == "decision_made" and r["kind"] == "bottom"]
    assert {r["player"] for r in bottoms} == {0, 1}
    for viewer in (0, 1):
        view = list(redact(records, viewer))
        for full in bottoms:
            seen = view[full["seq"]]
            if full["player"] == viewer:
                assert seen == full
            else:
                assert "choice" not in seen
                assert "chosen" not in seen
                assert seen["kind"] == "bottom"
                assert "options" not in seen  # how many cards the hand held after drawing
        for full, seen in zip(records, view, strict=True):
            zones = {full.get("from_zone"), full.get("to_zone")}
            if zones <= {"library", "hand"} and full["player"] != viewer:
                assert "card" not in seen, full


def test_redacted_log_does_not_reveal_which_cards_an_opponent_drew() -> None:
    """What player 0 sees must not let them name player 1's hidden draws.

    The attack uses player 0's redacted view and, as if decklists were open, every
    decklist: were library objects numbered 1, 2, ... in decklist order, and did a
    hidden zone change show ``object`` -> ``new_object``, following the ids would name
    every card.
    """
    records = random_games()[2]
    view = list(redact(records, 0))
    decks = records[0]["decks"]
    names: dict[int, str] = {}
    next_id = 1
    for deck in decks:
        for name in deck:
            names[next_id] = name
            next_id += 1
    named = hidden = 0
    for full, seen in zip(records, view, strict=True):
        if "object" in seen and "new_object" in seen and seen["object"] in names:
            names[seen["new_object"]] = names[seen["object"]]
        if full["event"] == "card_drawn" and full["player"] == 1:
            hidden += 1
            named += names.get(seen.get("object", -1)) == full["card"]
    assert hidden > 10
    assert named <= hidden // 2, f"player 0 can name {named} of the {hidden} cards P2 drew"


def test_private_decisions_are_visible_to_their_player_only() -> None:
    discards = discard_to_hand_size().events("decision_made")
    discard = next(d for d in discards if d["kind"] == "discard")
    assert discard["visibility"] == [0]
    moved = discard_to_hand_size().events("card_discarded")
    assert [m["visibility"] for m in moved] == [[0, 1]]


# --- game_started -------------------------------------------------------------------------


@pytest.mark.rules("103")
def test_game_started_records_everything_needed_to_play_again() -> None:
    records = play(11, max_turns=50).log.records
    started = records[0]
    assert (started["event"], started["seq"], started["turn"], started["rule"]) == (
        "game_started",
        0,
        0,
        "103",
    )
    assert started["seed"] == 11
    assert started["engine"] == manaweave.__version__
    assert started["cr_edition"] == "2026-01-16" == manaweave.CR_EDITION
    assert started["variant"] == "two_player"
    assert started["players"] == [
        {"name": "P1", "kind": "RandomBot(seed=11000)"},
        {"name": "P2", "kind": "RandomBot(seed=11001)"},
    ]
    host = default_plugins()
    assert started["decks"] == [list(resolve_deck(d, host).cards()) for d in DECKS]
    assert [len(d) for d in started["decks"]] == [60, 60]
    assert started["deck_names"] == list(DECKS)
    assert started["max_turns"] == 50
    plugins = started["plugins"]
    assert plugins == host.plugin_versions
    assert all(isinstance(n, str) and isinstance(v, str) and v for n, v in plugins), plugins
    assert {"manaweave.variants.two_player", "manaweave.plugins.sets.m10"} <= {
        n for n, _ in plugins
    }
    assert dict(plugins)["manaweave.plugins.sets.m10"] == manaweave.__version__
    assert started["visibility"] == [0, 1]


def test_game_started_of_a_free_for_all() -> None:
    started = random_games()[4][0]
    assert started["variant"] == "free_for_all"
    assert [p["name"] for p in started["players"]] == ["P1", "P2", "P3"]
    # Seated at random (806.3): each seat's deck is the one given at its position.
    seating = started.get("seating", [0, 1, 2])
    assert started["deck_names"] == [THREE_DECKS[i] for i in seating]
    assert len(started["decks"]) == 3


# --- decisions ----------------------------------------------------------------------------


def test_every_decision_is_logged_with_kind_choice_and_option_count() -> None:
    bots = [RecordingBot(120), RecordingBot(121)]
    records = play(12, players=bots).log.records
    made = events(records, "decision_made")
    assert len(made) == sum(len(b.asked) for b in bots)
    kinds = set()
    for player, bot in enumerate(bots):
        logged = [m for m in made if m["player"] == player]
        assert len(logged) == len(bot.asked)
        for line, (decision, choice) in zip(logged, bot.asked, strict=True):
            kinds.add(decision.kind)
            assert line["kind"] == decision.kind.value
            assert line["choice"] == list(choice.indices)
            assert line["options"] == len(decision.options)
            assert line["chosen"] == [str(decision.options[i]) for i in choice.indices]
            assert line["rule"] == decision.kind.rule
            assert isinstance(line["latency_ms"], float)
            assert line["latency_ms"] >= 0
    assert {DecisionKind.MULLIGAN, DecisionKind.PRIORITY, DecisionKind.ATTACKERS} <= kinds


def test_rejected_answer_is_logged_and_the_decision_asked_again() -> None:
    bot = Misbehaving(130, {3: "illegal", 4: "illegal"})
    records = play(13, players=[bot, RandomBot(131)]).log.records
    rejected = events(records, "decision_rejected")
    assert len(rejected) == 2
    assert len(bot.rejections) == 2
    for line in rejected:
        assert line["player"] == 0
        assert line["visibility"] == [0]
        assert isinstance(line["answer"], list)
        assert line["answer"][0] >= 5
        assert "out of range" in line["error"]
        assert "rule" not in line
    # Nothing happened between the rejections and the accepted answer to the same decision.
    after = by_seq(records, rejected[-1]["seq"] + 1)
    assert after["event"] == "decision_made"
    assert (after["player"], after["kind"]) == (0, rejected[-1]["kind"])
    assert rejected[1]["seq"] == rejected[0]["seq"] + 1


def test_malformed_answer_is_logged_with_its_type() -> None:
    records = play(13, players=[Misbehaving(130, {3: "malformed"}), RandomBot(131)]).log.records
    (line,) = events(records, "decision_rejected")
    assert line["answer"] == "<NoneType>"
    assert "expects a Choice" in line["error"]


@pytest.mark.rules("104.3a")
def test_concession_is_logged() -> None:
    records = play(14, players=[Misbehaving(140, {30: "concede"}), RandomBot(141)]).log.records
    (conceded,) = events(records, "player_conceded")
    assert (conceded["player"], conceded["reason"], conceded["rule"]) == (0, "conceded", "104.3a")
    lost = by_seq(records, conceded["seq"] + 1)
    assert (lost["event"], lost["player"], lost["rule"]) == ("player_lost", 0, "104.3a")
    ended = records[-1]
    assert ended["event"] == "game_ended"
    assert (ended["winners"], ended["reason"], ended["rule"]) == ([1], "conceded", "104.2a")


@pytest.mark.rules("104.3a")
def test_player_who_raises_is_logged_and_concedes() -> None:
    records = play(14, players=[RandomBot(140), Misbehaving(141, {30: "raise"})]).log.records
    (raised,) = events(records, "player_raised")
    assert raised["player"] == 1
    assert raised["error"] == "RuntimeError('bot bug')"
    assert "Traceback" in raised["traceback"]
    assert "bot bug" in raised["traceback"]
    conceded = by_seq(records, raised["seq"] + 1)
    assert conceded["event"] == "player_conceded"
    assert conceded["reason"] == "player raised an exception"
    assert records[-1]["winners"] == [0]


@pytest.mark.rules("104.3a")
def test_too_many_illegal_answers_concede() -> None:
    bot = Misbehaving(150, {5: "illegal", 6: "illegal", 7: "illegal"})
    records = play(15, players=[bot, RandomBot(151)]).log.records
    rejected = events(records, "decision_rejected")
    assert len(rejected) == 3
    conceded = by_seq(records, rejected[-1]["seq"] + 1)
    assert conceded["event"] == "player_conceded"
    assert conceded["reason"] == "too many illegal choices"


# --- the rules the lines carry ---------------------------------------------------------------


@pytest.mark.rules("103.1", "701.24a", "121.1", "103.5")
def test_start_of_game_events() -> None:
    records = mulligan_game()
    first = records.index(events(records, "turn_began")[0])
    start = records[1:first]
    assert start[0]["event"] == "starting_player_chosen"
    assert start[0]["rule"] == "103.1"
    shuffles = events(start, "library_shuffled")
    assert all(s["rule"] == "701.24a" for s in shuffles)
    assert sorted(s["player"] for s in shuffles) == [0, 0, 1, 1]  # at the start, and mulligans
    draws = events(start, "card_drawn")
    assert all(d["rule"] == "121.1" and d["visibility"] == [d["player"]] for d in draws)
    assert sorted(d["player"] for d in draws) == [0] * 14 + [1] * 14
    mulligans = events(start, "mulligan_taken")
    assert [(m["rule"], m["mulligans"]) for m in mulligans] == [("103.5", 1), ("103.5", 1)]
    returned = [m for m in events(start, "object_moved") if m["to_zone"] == "library"]
    assert len(returned) == 14 + 2  # both hands back, then one card each to the bottom
    assert all(m["rule"] == "103.5" and m["visibility"] == [m["player"]] for m in returned)


@pytest.mark.rules("500.1", "502", "503", "504", "505", "507", "508", "511", "513", "514")
def test_turn_and_step_lines_carry_their_rules() -> None:
    records = random_games()[0]
    for line in events(records, "turn_began"):
        assert line["rule"] == "500.1"
    steps = events(records, "step_began")
    assert steps
    for line in steps:
        assert line["rule"] == Step(line["step"]).rule
    turn_one = [s["step"] for s in steps if s["turn"] == 1]
    assert "draw" not in turn_one  # the starting player skips their first draw (103.8a)
    assert turn_one[:2] == ["untap", "upkeep"]
    assert turn_one[-1] == "cleanup"


@pytest.mark.rules("601.2a", "601.2h", "601.2i", "605.3b", "106.4", "608.1", "120.3", "608.2n")
def test_casting_and_resolving_an_instant() -> None:
    records = short_game().events()
    cast = next(r for r in records if r["event"] == "spell_cast")
    assert cast["card"] == "Lightning Bolt"
    start = cast["seq"] - 4
    assert [(r["event"], r["rule"]) for r in records[start : cast["seq"] + 1]] == [
        ("spell_proposed", "601.2a"),
        ("permanent_tapped", "605.3b"),
        ("mana_added", "106.4"),
        ("mana_spent", "601.2h"),
        ("spell_cast", "601.2i"),
    ]
    proposed = records[start]
    assert (proposed["from_zone"], proposed["to_zone"]) == ("hand", "stack")
    assert cast["object"] == proposed["new_object"]
    bears = next(r for r in records if r.get("card") == "Grizzly Bears")
    resolving = next(r for r in records if r["event"] == "resolution_started")
    assert (resolving["object"], resolving["rule"]) == (cast["object"], "608.1")
    damage, moved = records[resolving["seq"] + 1 : resolving["seq"] + 3]
    assert damage["event"] == "damage_dealt"
    assert damage["rule"] == "120.3"
    assert damage["cause"] == resolving["seq"]
    assert (damage["amount"], damage["combat"], damage["to_name"]) == (3, False, "Grizzly Bears")
    assert cast["targets"] == [damage["to_object"]] == [bears["object"]]
    assert (moved["event"], moved["rule"], moved["to_zone"]) == (
        "object_moved",
        "608.2n",
        "graveyard",
    )


@pytest.mark.rules("704.3", "704.5g")
def test_lethal_damage_deaths_carry_rule_704_5g() -> None:
    records = short_game().events()
    sbas = [r for r in records if r["event"] == "state_based_actions_performed" and r["objects"]]
    assert [[rule for _, rule in s["objects"]] for s in sbas] == [["704.5g"], ["704.5g", "704.5g"]]
    for sba in sbas:
        assert sba["rule"] == "704.3"
        moved = [r for r in records if r.get("cause") == sba["seq"]]
        assert [(m["event"], m["rule"]) for m in moved] == [("object_moved", "704.5g")] * len(
            sba["objects"]
        )
        assert [m["object"] for m in moved] == [o for o, _ in sba["objects"]]
        assert all((m["from_zone"], m["to_zone"]) == ("battlefield", "graveyard") for m in moved)
    died = [r["card"] for r in records if r["event"] == "object_moved" and r["rule"] == "704.5g"]
    assert died == ["Grizzly Bears", "Runeclaw Bear", "Elite Vanguard"]


@pytest.mark.rules("508.1", "508.1f", "509.1", "510.1", "510.2", "120.3a")
def test_combat_lines() -> None:
    records = short_game().events()
    attacks = [r for r in records if r["event"] == "attackers_declared"]
    assert [(a["turn"], a["player"], a["rule"]) for a in attacks] == [
        (1, 0, "508.1"),
        (2, 1, "508.1"),
        (3, 0, "508.1"),
    ]
    attacker = attacks[0]["attackers"][0][0]
    assert attacks[0]["attackers"] == [[attacker, 1]]
    tapped = by_seq(records, attacks[0]["seq"] - 1)
    assert (tapped["event"], tapped["rule"], tapped["object"]) == (
        "permanent_tapped",
        "508.1f",
        attacker,
    )
    blocks = [r for r in records if r["event"] == "blockers_declared"]
    assert [(b["turn"], b["player"], b["rule"], len(b["blockers"])) for b in blocks] == [
        (1, 1, "509.1", 0),
        (3, 1, "509.1", 1),
    ]
    assigned = [r for r in records if r["event"] == "combat_damage_assigned"]
    first = assigned[0]
    assert first["assignments"] == [[attacker, "player:1", 2]]
    dealt = by_seq(records, first["seq"] + 1)
    assert (dealt["rule"], dealt["cause"], dealt["combat"], dealt["to_player"]) == (
        "510.2",
        first["seq"],
        True,
        1,
    )
    life = by_seq(records, dealt["seq"] + 1)
    assert (life["event"], life["rule"], life["cause"]) == ("life_changed", "120.3a", dealt["seq"])
    assert (life["player"], life["delta"], life["life"]) == (1, -2, 2)


@pytest.mark.rules("704.5a", "104.2a")
def test_losing_at_zero_life_ends_the_game() -> None:
    records = short_game().events()
    sba, lost, ended = records[-3:]
    assert (sba["event"], sba["losses"]) == ("state_based_actions_performed", [[1, "704.5a"]])
    assert (lost["event"], lost["player"], lost["rule"], lost["cause"]) == (
        "player_lost",
        1,
        "704.5a",
        sba["seq"],
    )
    assert (ended["event"], ended["rule"], ended["winners"], ended["turns"]) == (
        "game_ended",
        "104.2a",
        [0],
        3,
    )
    assert ended["reason"] == "life total 0 or less"


@pytest.mark.rules("121.4", "704.5b")
def test_drawing_from_an_empty_library() -> None:
    s = empty_library()
    records = s.events()
    (failed,) = s.events("draw_failed")
    assert (failed["player"], failed["rule"], failed["turn"], failed["step"]) == (
        1,
        "121.4",
        4,
        "draw",
    )
    (lost,) = s.events("player_lost")
    assert (lost["player"], lost["rule"]) == (1, "704.5b")
    assert by_seq(records, lost["cause"])["losses"] == [[1, "704.5b"]]
    assert records[-1]["winners"] == [0]


@pytest.mark.rules("608.2b")
def test_fizzled_spell() -> None:
    s = fizzled_spell()
    (fizzled,) = s.events("spell_fizzled")
    assert (fizzled["rule"], fizzled["player"]) == ("608.2b", 0)
    moved = by_seq(s.events(), fizzled["seq"] + 1)
    assert (moved["event"], moved["rule"], moved["card"]) == (
        "object_moved",
        "608.2b",
        "Giant Growth",
    )
    assert moved["object"] == fizzled["object"]
    assert s.events("effect_created") == []


@pytest.mark.rules("602.2", "602.2b", "608.2n", "608.2b")
def test_activated_abilities() -> None:
    s = activated_ability(fizzle=False)
    (activated,) = s.events("ability_activated")
    assert (activated["rule"], activated["targets"]) == ("602.2", ["player:1"])
    assert activated["source"] == s.permanent("Test Pinger").id
    assert s.events("permanent_tapped")[0]["rule"] == "602.2b"
    (resolved,) = s.events("ability_resolved")
    assert (resolved["rule"], resolved["object"]) == ("608.2n", activated["object"])
    (damage,) = s.events("damage_dealt")
    assert (damage["source_name"], damage["to_player"], damage["amount"]) == ("Test Pinger", 1, 1)
    s = activated_ability(fizzle=True)
    (fizzled,) = s.events("ability_fizzled")
    assert (fizzled["rule"], fizzled["object"]) == (
        "608.2b",
        s.events("ability_activated")[0]["object"],
    )
    assert s.events("ability_resolved") == []


@pytest.mark.rules("608.3a", "608.3c", "303.4b", "611.2", "514.2", "106.4")
def test_permanents_auras_effects_and_cleanup() -> None:
    s = pump_and_aura()
    (effect,) = s.events("effect_created")
    bears = s.permanent("Grizzly Bears").id
    assert (effect["rule"], effect["affected"], effect["duration"], effect["layer"]) == (
        "611.2",
        [bears],
        "end_of_turn",
        "613.4c",
    )
    (entered,) = s.events("permanent_entered")
    assert (entered["card"], entered["rule"]) == ("Oakenform", "608.3c")
    (attached,) = s.events("aura_attached")
    assert (attached["rule"], attached["object"], attached["attached_to"]) == (
        "303.4b",
        entered["new_object"],
        bears,
    )
    (cleanup,) = s.events("cleanup_performed")
    assert (cleanup["rule"], cleanup["effects_ended"]) == ("514.2", 1)
    (emptied,) = s.events("mana_emptied")
    assert (emptied["rule"], emptied["mana"], emptied["step"]) == (
        "106.4",
        ["G"],
        "beginning_of_combat",
    )
    creature = short_game().events("permanent_entered")[0]
    assert (creature["card"], creature["rule"]) == ("Elite Vanguard", "608.3a")


@pytest.mark.rules("514.1")
def test_discard_to_hand_size() -> None:
    (discarded,) = discard_to_hand_size().events("card_discarded")
    assert (discarded["rule"], discarded["card"], discarded["step"]) == (
        "514.1",
        "Island",
        "cleanup",
    )
    assert (discarded["from_zone"], discarded["to_zone"]) == ("hand", "graveyard")


@pytest.mark.rules("800.4a")
def test_a_player_leaves_a_multiplayer_game() -> None:
    s = three_player_loss()
    (lost,) = s.events("player_lost")
    (left,) = s.events("player_left")
    assert (lost["player"], left["player"], left["rule"]) == (2, 2, "800.4a")
    assert left["seq"] > lost["seq"]
    assert s.events("game_ended") == []
    assert "Grizzly Bears" not in s.battlefield()


@pytest.mark.rules("104.4")
def test_turn_limit_ends_the_game_in_a_draw() -> None:
    records = play(16, max_turns=3).log.records
    ended = records[-1]
    assert (ended["event"], ended["rule"], ended["winners"]) == ("game_ended", "104.4", [])
    assert (ended["reason"], ended["turns"]) == ("turn limit reached", 3)
    assert max(r["turn"] for r in records) == 3


# --- the golden log ------------------------------------------------------------------------


def test_golden_log() -> None:
    """A short scripted game's log, minus wall-clock fields, is exactly the golden file."""
    s = short_game()
    assert s.outcome is not None
    assert s.outcome.winners == (0,)
    actual = normalised(s.events())
    if REGENERATE:
        GOLDEN.parent.mkdir(parents=True, exist_ok=True)
        GOLDEN.write_bytes(b"".join(orjson.dumps(r) + b"\n" for r in actual))
    assert GOLDEN.exists(), "generate the golden file with MANAWEAVE_REGENERATE_GOLDEN=1"
    expected = [orjson.loads(line) for line in GOLDEN.read_bytes().splitlines() if line.strip()]
    for want, got in zip(expected, actual, strict=False):
        assert got == want, f"event {want.get('seq')} differs from {GOLDEN.name}"
    assert len(actual) == len(expected)
    assert actual == expected


def test_the_documentation_lists_every_decision_kind() -> None:
    from manaweave import DecisionKind

    text = documented_events()["decision_made"]
    (row,) = [line for line in text.splitlines() if line.startswith("| `kind` |")]
    assert all(f"`{kind.value}`" in row for kind in DecisionKind)

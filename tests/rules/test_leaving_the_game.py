"""Rules tests for a player leaving a multiplayer game (CR 800.4a-800.4m).

Scenarios of three and four players in a game between individuals, and of a game between
teams (a test-local variant of two teams of two), play out what happens as a player
leaves: their objects leave with them, control effects giving them objects end, what they
control is exiled, their abilities and turns don't happen, and the game goes on without
them (Comprehensive Rules, edition 2026-01-16).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

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
    Named,
    Step,
    Zone,
    hookimpl,
    new_game,
    replay,
    run,
    testing,
)
from manaweave.cards import (
    TARGET_CREATURE,
    TARGET_OPPONENT,
    CardSet,
    Effect,
    ExileUntilNextEndStep,
    Printed,
    Resolution,
    SpellAbility,
    TriggeredAbility,
    WhenEnters,
    WithoutPayingManaCost,
    card,
    token,
)
from manaweave.log import narrate, read_events
from manaweave.lowlevel import ContinuousEffect, Game, Layer, ManaCost, PluginHost, Variant
from manaweave.players import RandomBot
from manaweave.testing import Scenario
from manaweave.variants.free_for_all import FreeForAll

# --- test cards and variants ----------------------------------------------------------------

SLIDE = card(
    "Sliding Ward",
    printed=Printed(
        "{W}",
        "Instant",
        "Exile target creature. At the beginning of the next end step, return it to the "
        "battlefield under its owner's control.",
    ),
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(ExileUntilNextEndStep(tapped=False),)),
)
"""The delayed return of Astral Slide (800.4d's example), as an instant."""


@dataclass(frozen=True, slots=True)
class EachOpponentPicksYourCreature(Effect):
    """ "Each opponent chooses a creature you control. Return the chosen creatures to their
    owners' hands." Each choice is one the object requires of that opponent (800.4g)."""

    async def resolve(self, resolution: Resolution) -> None:
        game, controller = resolution.game, resolution.controller
        chosen: list[int] = []
        for opponent in game.opponents(controller):
            creatures = game.creatures(controller)
            options = [CardOption(c.id, c.name) for c in creatures]
            if not options:
                return
            decision = game.decision(
                DecisionKind.CARD, opponent, options, "choose a creature of the caster"
            )
            _chooser, choice = await game.ask_or_stand_in(decision, controller=controller)
            chosen.append(options[choice.indices[0]].object)
        for creature in dict.fromkeys(chosen):
            if creature in game.objects:
                await game.move(game.objects[creature], Zone.HAND, rule="608.2c")


TRIBUTE = card(
    "Tribute of Choices",
    printed=Printed(
        "{U}",
        "Sorcery",
        "Each opponent chooses a creature you control. Return the chosen creatures to their "
        "owners' hands.",
    ),
    spell=SpellAbility(effects=(EachOpponentPicksYourCreature(),)),
)
"""A choice of each opponent's that affects another player's objects (800.4g)."""


@dataclass(frozen=True, slots=True)
class OpponentsMayPayOrYouDraw(Effect):
    """ "Each opponent may pay {1}. You draw a card for each opponent who doesn't." A cost
    the object offers other players to pay (118.12a, 800.4f)."""

    async def resolve(self, resolution: Resolution) -> None:
        game, controller = resolution.game, resolution.controller
        unpaid = 0
        for opponent in game.opponents(controller):
            paid = await game.offer_to_pay(
                opponent,
                resolution.item.source_snapshot,
                mana=ManaCost.parse("{1}"),
                prompt="pay {1}, or its caster draws a card",
                rule="118.12a",
            )
            unpaid += not paid
        await game.draw(controller, unpaid)


LEVY = card(
    "Levy of Doubt",
    printed=Printed(
        "{U}",
        "Sorcery",
        "Each opponent may pay {1}. You draw a card for each opponent who doesn't.",
    ),
    spell=SpellAbility(effects=(OpponentsMayPayOrYouDraw(),)),
)
"""A cost offered to other players (800.4f)."""


@dataclass(frozen=True, slots=True)
class CastOpponentsTopCard(Effect):
    """ "Cast the top card of target opponent's library without paying its mana cost if
    it's a creature card" (608.2g): a spell its caster controls but doesn't own."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        recipient = resolution.targets[0]
        if not isinstance(recipient, tuple) or not game.players[recipient[1]].library:
            return
        top = game.players[recipient[1]].library[-1]
        if "Creature" in top.card.types:
            await game.cast_spell(resolution.controller, top, WithoutPayingManaCost())


BORROWING = card(
    "Borrowed Summons",
    printed=Printed(
        "{U}",
        "Sorcery",
        "Cast the top card of target opponent's library without paying its mana cost if it's a "
        "creature card.",
    ),
    spell=SpellAbility(targets=(TARGET_OPPONENT,), effects=(CastOpponentsTopCard(),)),
)
"""A spell controlled by a player who doesn't own it (800.4a)."""


MYR = token("Myr", "", "Artifact Creature", pt=(1, 1))


@dataclass(frozen=True, slots=True)
class ThatCreaturesControllerCreatesMyr(Effect):
    """ "If it isn't a token, that creature's controller creates a 1/1 colorless Myr
    artifact creature token": the tokens are theirs, not the ability's controller's."""

    async def resolve(self, resolution: Resolution) -> None:
        event = resolution.event
        if event is None or event.obj is None or event.obj.is_token:
            return
        await resolution.game.create_tokens(MYR, event.player, 1)


CRADLE = card(
    "Myr Cradle",
    printed=Printed(
        "{2}",
        "Artifact",
        "Whenever another creature enters, if it isn't a token, that creature's controller "
        "creates a 1/1 colorless Myr artifact creature token.",
    ),
    abilities=(
        TriggeredAbility(
            WhenEnters(another=True, creature=True), (ThatCreaturesControllerCreatesMyr(),)
        ),
    ),
)
"""Genesis Chamber (800.4a's fourth example) without its intervening "if" on being untapped."""


class LeavingCards:
    """The test cards of this file."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The leaving test set."""
        return [CardSet("TLV", "Leaving test cards", [SLIDE, TRIBUTE, LEVY, BORROWING, CRADLE])]


class Pairs(Variant):
    """Two teams of two that don't share their fate: seats 0 and 1 against 2 and 3."""

    name = "test_leaving_pairs"
    min_players = 4
    max_players = 4

    def seat_teams(self, players: int, options: Mapping[str, object]) -> Sequence[Sequence[int]]:
        return [(0, 1), (2, 3)]


class PairsPlugin:
    @hookimpl
    def mw_variants(self) -> list[Variant]:
        return [Pairs()]


class ShortFreeForAll(FreeForAll):
    """Free-for-All with 4 starting life, so that players lose early and often."""

    name = "test_short_free_for_all"

    def starting_life(self, game: Game, player: int) -> int:
        return 4


class ShortGamesPlugin:
    @hookimpl
    def mw_variants(self) -> list[Variant]:
        return [ShortFreeForAll()]


class ConcedingBot(RandomBot):
    """A random bot that concedes as soon as it is asked anything in ``turn`` or later."""

    def __init__(self, seed: int, turn: int) -> None:
        super().__init__(seed)
        self.turn = turn

    async def decide(self, decision: Decision) -> Choice:
        if decision.view.turn >= self.turn:
            return Choice.concession()
        return await super().decide(decision)


class GiveAtStep:
    """At ``step`` of ``turn``, ``player`` is given control of the permanent named
    ``name`` by a layer 2 effect (as a "target player gains control" spell would)."""

    def __init__(self, name: str, player: int, turn: int, step: Step) -> None:
        self.name, self.player, self.turn, self.step = name, player, turn, step

    @hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        if game.turn != self.turn or step is not self.step:
            return
        [permanent] = [p for p in game.battlefield if p.name == self.name]
        player = self.player
        game.add_continuous_effect(
            ContinuousEffect(
                layer=Layer.CONTROL,
                timestamp=game.next_timestamp(),
                source=permanent.id,
                affected=frozenset((permanent.id,)),
                modify=lambda chars: setattr(chars, "controller", player),
                description=f"controlled by player {player}",
            )
        )


def exiled(s: Scenario) -> list[str]:
    assert s.game is not None
    return sorted(o.name for o in s.game.exile)


def has_left(s: Scenario, player: int) -> bool:
    assert s.game is not None
    return s.game.players[player].has_left


# --- 800.4a: what leaves, what ends, what is exiled -----------------------------------------


@pytest.mark.cards("Mind Control", "Craw Wurm")
@pytest.mark.rules("800.4a", "613.1b")
def test_the_aura_s_owner_leaves_and_the_creature_reverts() -> None:
    # 800.4a, first example: Alex (P1) steals Bianca's (P3's) creature with Mind Control and
    # leaves; Mind Control leaves with Alex and the creature reverts to Bianca.
    s = Scenario(players=4)
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Mind Control")
    s.add(2, "battlefield", "Craw Wurm")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.concede(0, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(2, Step.UPKEEP))

    assert has_left(s, 0)
    assert s.permanent("Craw Wurm").controller == 2
    assert exiled(s) == []
    changes = [(e["player"], e["previous"]) for e in s.events("control_changed")]
    assert changes == [(0, 2), (2, 0)]


@pytest.mark.cards("Mind Control", "Craw Wurm")
@pytest.mark.rules("800.4a", "303.4c", "704.5m")
def test_the_creature_s_owner_leaves_and_the_aura_goes_to_the_graveyard() -> None:
    # 800.4a, first example: if instead Bianca (P3) leaves, so does her creature, and Mind
    # Control is put into Alex's graveyard.
    s = Scenario(players=4)
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Mind Control")
    s.add(2, "battlefield", "Craw Wurm")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.concede(2, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(2, Step.UPKEEP))

    assert has_left(s, 2)
    assert "Craw Wurm" not in s.battlefield()
    assert s.graveyard(0) == ["Mind Control"]
    assert exiled(s) == []


@pytest.mark.cards("Act of Treason", "Runeclaw Bear")
@pytest.mark.rules("800.4a", "613.1b", "611.2a")
def test_the_player_who_gained_control_until_end_of_turn_leaves() -> None:
    # 800.4a, second example: Alex (P1) takes Bianca's (P2's) Runeclaw Bear with Act of
    # Treason and leaves: the change-of-control effect ends and the Bear reverts to
    # Bianca; it is not exiled with what Alex controlled.
    s = Scenario(players=3)
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Grizzly Bears")
    s.add(0, "hand", "Act of Treason")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.cast(0, "Act of Treason", targets=["Runeclaw Bear"])
    s.concede(0, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(1, Step.END))

    assert has_left(s, 0)
    bear = s.permanent("Runeclaw Bear")
    assert bear.controller == 1
    assert exiled(s) == []
    conceded = first(s, "player_conceded", player=0)
    [reverted] = [e for e in s.events("control_changed") if e["seq"] > conceded["seq"]]
    assert (reverted["player"], reverted["previous"]) == (1, 0)
    # Alex's own permanents left the game with him (they were not exiled).
    assert s.battlefield(0) == []


@pytest.mark.cards("Rise from the Grave", "Serra Angel")
@pytest.mark.rules("800.4a")
@pytest.mark.parametrize("leaving", [0, 1])
def test_a_creature_put_onto_the_battlefield_under_another_player_s_control(leaving: int) -> None:
    # 800.4a, third example (Bribery, with Rise from the Grave): Alex (P1) puts Bianca's (P2's)
    # Serra Angel onto the battlefield under his control. If Bianca leaves, the Angel leaves
    # the game with her; if Alex leaves, the Angel is exiled.
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Swamp"] * 5)
    s.add(0, "hand", "Rise from the Grave")
    s.add(1, "graveyard", "Serra Angel")
    s.cast(0, "Rise from the Grave", targets=["Serra Angel"])
    s.concede(leaving, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(1, Step.END))

    assert has_left(s, leaving)
    assert "Serra Angel" not in s.battlefield()
    moves = [e for e in s.events("object_moved") if e["card"] == "Serra Angel"]
    if leaving == 1:
        assert [e["to_zone"] for e in moves] == ["battlefield"]
        assert exiled(s) == []
    else:
        assert [(e["to_zone"], e["rule"]) for e in moves[1:]] == [("exile", "800.4a")]
        assert exiled(s) == ["Serra Angel"]
        assert s.game is not None
        assert [o.owner for o in s.game.exile] == [1]


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear")
@pytest.mark.rules("800.4a", "111.2")
def test_tokens_another_player_s_ability_gave_a_player_stay_when_it_leaves() -> None:
    # 800.4a, fourth example (Genesis Chamber): Alex (P1) controls Myr Cradle. Alex's Bears
    # and Bianca's (P2's) Bear enter, and each of them creates a Myr. Alex leaves: Alex's
    # Myr leaves the game with him, Bianca's stays (she owns it).
    s = Scenario(players=3, plugins=[LeavingCards()])
    s.add(0, "battlefield", "Myr Cradle", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Runeclaw Bear")
    s.cast(0, "Grizzly Bears")
    s.cast(1, "Runeclaw Bear", turn=2)
    s.concede(0, turn=2, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(2, Step.END))

    assert has_left(s, 0)
    assert sorted(s.battlefield()) == ["Forest", "Forest", "Myr Token", "Runeclaw Bear"]
    assert s.permanent("Myr Token").owner == 1
    assert len(s.events("token_created")) == 2


@pytest.mark.cards("Shock")
@pytest.mark.rules("800.4a")
def test_priority_passes_on_when_the_player_who_had_it_leaves() -> None:
    # P2 concedes while they hold priority with P1's Shock on the stack: priority passes
    # to the next player in turn order still in the game (P3), and the Shock resolves
    # once P3 and P1 pass.
    s = Scenario(players=3)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.cast(0, "Shock", targets=["P3"])
    s.concede(1)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert has_left(s, 1)
    assert s.life(2) == 18
    conceded = first(s, "player_conceded", player=1)
    asked = [d.player for d in s.decisions.priority() if d.seq > conceded["seq"]]
    assert asked[:2] == [2, 0]


@pytest.mark.cards("Prodigal Pyromancer")
@pytest.mark.rules("800.4a")
def test_an_ability_of_a_player_who_leaves_ceases_to_exist() -> None:
    # P1 activates Prodigal Pyromancer at P2, then concedes with the ability on the stack:
    # the ability ceases to exist and deals no damage.
    s = Scenario(players=3)
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    s.concede(0)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert s.game is not None
    assert has_left(s, 0)
    [stacked] = s.events("ability_activated")
    assert first(s, "player_left", player=0)["abilities"] == [stacked["object"]]
    assert s.game.stack == []
    assert s.life(1) == 20


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("800.4a", "608.2g")
def test_a_spell_its_controller_doesn_t_own_is_exiled_as_they_leave(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # P1 casts P2's Grizzly Bears from the top of P2's library, then concedes with it on
    # the stack: a card P1 controls but doesn't own, it is exiled (and doesn't resolve).
    class ConcedingWithTheBears(testing._ScenarioPlayer):
        async def decide(self, decision: Decision) -> Choice:
            stack = decision.view.stack if decision.kind is DecisionKind.PRIORITY else ()
            if self.player == 0 and any(o.name == "Grizzly Bears" for o in stack):
                return Choice.concession()
            return await super().decide(decision)

    monkeypatch.setattr(testing, "_ScenarioPlayer", ConcedingWithTheBears)
    s = Scenario(players=3, plugins=[LeavingCards()])
    s.library(1, ["Grizzly Bears"] * 3)
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Borrowed Summons")
    s.cast(0, "Borrowed Summons", targets=["P2"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert s.game is not None
    assert has_left(s, 0)
    assert s.game.stack == []
    assert [(o.name, o.owner) for o in s.game.exile] == [("Grizzly Bears", 1)]
    assert s.library_size(1) == 2
    assert first(s, "object_moved", card="Grizzly Bears", to_zone="exile")["rule"] == "800.4a"
    borrowing = first(s, "spell_cast", card="Borrowed Summons")["object"]
    assert [e["object"] for e in s.events("resolution_started")] == [borrowing]


# --- 800.4b, 800.4c: control and a player who has left ----------------------------------------


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("800.4b", "613.1b")
def test_nothing_changes_to_the_control_of_a_player_who_has_left() -> None:
    # P3 concedes in the upkeep; in the draw step an effect would give P3 control of P1's
    # Grizzly Bears: it doesn't change control.
    s = Scenario(
        players=3, step=Step.UPKEEP, plugins=[GiveAtStep("Grizzly Bears", 2, 1, Step.DRAW)]
    )
    s.add(0, "battlefield", "Grizzly Bears")
    s.concede(2, step=Step.UPKEEP)
    s.run(until=(1, Step.PRECOMBAT_MAIN))

    assert has_left(s, 2)
    assert first(s, "effect_created", description="controlled by player 2") is not None
    assert s.permanent("Grizzly Bears").controller == 0
    assert s.events("control_changed") == []


@pytest.mark.cards("Rise from the Grave", "Act of Treason", "Serra Angel")
@pytest.mark.rules("800.4c", "800.4b", "800.4a", "514.2", "613.1b")
def test_a_control_effect_ends_and_the_default_controller_has_left() -> None:
    # Alex (P1) puts Bianca's (P2's) Serra Angel onto the battlefield under his control in
    # turn 1. In turn 3 Carl (P3) takes it with Act of Treason, and Alex concedes: Carl
    # controls it, so it stays. As Carl's effect ends in the cleanup step, the Angel would
    # return to Alex, who has left: it is exiled at once.
    s = Scenario(players=3)
    s.add(0, "battlefield", *["Swamp"] * 5)
    s.add(0, "hand", "Rise from the Grave")
    s.add(1, "graveyard", "Serra Angel")
    s.add(2, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(2, "hand", "Act of Treason")
    s.cast(0, "Rise from the Grave", targets=["Serra Angel"])
    s.cast(2, "Act of Treason", targets=["Serra Angel"], turn=3)
    s.concede(0, turn=3, step=Step.END)
    s.run(until=(3, Step.CLEANUP))

    assert has_left(s, 0)
    assert s.permanent("Serra Angel").controller == 2
    assert exiled(s) == []
    s.run(until=(4, Step.UPKEEP))

    assert "Serra Angel" not in s.battlefield()
    assert exiled(s) == ["Serra Angel"]
    moved = first(s, "object_moved", card="Serra Angel", to_zone="exile")
    assert moved["rule"] == "800.4c"
    assert (moved["turn"], moved["step"]) == (3, "cleanup")
    # Control never changes to a player who has left (800.4b): the one change of control
    # is Carl's; the Angel goes from Carl's control to exile.
    assert [e["player"] for e in s.events("control_changed")] == [2]


# --- 800.4d: abilities of a player who has left ---------------------------------------------


@pytest.mark.cards("Hypnotic Specter")
@pytest.mark.rules("800.4d", "603.7a")
def test_a_delayed_trigger_of_a_player_who_left_is_not_put_on_the_stack() -> None:
    # 800.4d's example: in Alex's (P1's) turn Bianca (P2) exiles Alex's Hypnotic Specter
    # until the next end step, then leaves. The delayed ability triggers at the end step,
    # but isn't put on the stack: the Specter never returns.
    s = Scenario(players=3, plugins=[LeavingCards()])
    s.add(0, "battlefield", "Hypnotic Specter")
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", "Sliding Ward")
    s.cast(1, "Sliding Ward", targets=["Hypnotic Specter"])
    s.concede(1, step=Step.POSTCOMBAT_MAIN)
    s.run(until=(2, Step.UPKEEP))

    assert has_left(s, 1)
    assert exiled(s) == ["Hypnotic Specter"]
    assert s.battlefield(0) == []
    triggered = first(s, "ability_triggered", player=1)
    assert triggered is not None
    assert triggered["step"] == "end"
    removed = first(s, "ability_removed", player=1)
    assert removed["rule"] == "800.4d"
    assert removed["cause"] == triggered["seq"]
    assert s.events("ability_stacked") == []


@pytest.mark.cards("Hypnotic Specter")
@pytest.mark.rules("800.4d", "603.7a")
def test_the_delayed_trigger_returns_the_creature_while_its_controller_stays() -> None:
    # The same without the concession: the ability goes on the stack and the Specter
    # returns, so the previous test's result is the leaving's doing.
    s = Scenario(players=3, plugins=[LeavingCards()])
    s.add(0, "battlefield", "Hypnotic Specter")
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", "Sliding Ward")
    s.cast(1, "Sliding Ward", targets=["Hypnotic Specter"])
    s.run(until=(2, Step.UPKEEP))

    assert s.battlefield(0) == ["Hypnotic Specter"]
    assert s.events("ability_removed") == []


# --- 603.6c, 800.4d: leaves-the-battlefield abilities of permanents leaving with their owner


def _ring_on_bears(*, ring_to: int | None = None) -> Scenario:
    """P1 exiles P2's Grizzly Bears with Oblivion Ring in a three-player game, then concedes
    in their end step; with ``ring_to``, that player controls the Ring from P1's end step
    on (a layer 2 effect)."""
    plugins: list[object] = []
    if ring_to is not None:
        plugins.append(GiveAtStep("Oblivion Ring", ring_to, turn=1, step=Step.END))
    s = Scenario(players=3, plugins=plugins)
    s.add(0, "battlefield", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Oblivion Ring")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Oblivion Ring")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.concede(0, step=Step.END)
    return s


LEAVES_TEXT = (
    "When Oblivion Ring leaves the battlefield, return the exiled card to the battlefield "
    "under its owner's control."
)


@pytest.mark.cards("Oblivion Ring", "Grizzly Bears")
@pytest.mark.rules("603.6c", "603.10a", "603.3a", "800.4a", "800.4d")
def test_a_permanent_leaving_the_game_with_its_owner_triggers_its_leaves_ability() -> None:
    # The Ring leaves the game with P1, who concedes: leaving the game with its owner is
    # leaving the battlefield (603.6c), so its ability triggers, controlled by P1 (603.3a),
    # who has left: it isn't put on the stack (800.4d), and the Bears stay in exile.
    s = _ring_on_bears().run(until=(2, Step.UPKEEP))

    assert has_left(s, 0)
    assert exiled(s) == ["Grizzly Bears"]
    left = first(s, "player_left", player=0)
    ring = first(s, "permanent_entered", card="Oblivion Ring")["new_object"]
    assert ring in left["objects"]
    triggered = first(s, "ability_triggered", text=LEAVES_TEXT)
    assert (triggered["player"], triggered["source"], triggered["trigger"]) == (
        0,
        ring,
        left["seq"],
    )
    removed = first(s, "ability_removed", cause=triggered["seq"])
    assert (removed["rule"], removed["player"], removed["source"]) == ("800.4d", 0, ring)
    assert removed["text"] == LEAVES_TEXT
    told = list(narrate(s.events()))
    left_at = told.index("P1 leaves the game.")
    assert told[left_at + 1 : left_at + 3] == [
        "  Oblivion Ring's ability triggers.",
        "  Oblivion Ring's ability is removed: its controller has left the game.",
    ]
    assert [e for e in s.events("ability_stacked") if e["text"] == LEAVES_TEXT] == []


@pytest.mark.cards("Oblivion Ring", "Grizzly Bears")
@pytest.mark.rules("603.6c", "603.3a", "800.4a", "607.2a", "610.3c")
def test_a_leaves_ability_of_a_permanent_another_player_controls_goes_on_the_stack() -> None:
    # P3 controls P1's Ring when P1 concedes: the Ring leaves the game with its owner, and
    # its leaves-the-battlefield ability, controlled by P3 (603.3a), goes on the stack and
    # returns the Bears to P2 (610.3c).
    s = _ring_on_bears(ring_to=2).run(until=(2, Step.UPKEEP))

    assert has_left(s, 0)
    assert exiled(s) == []
    assert s.permanent("Grizzly Bears").controller == 1
    triggered = first(s, "ability_triggered", text=LEAVES_TEXT)
    assert triggered["player"] == 2
    assert triggered["trigger"] == first(s, "player_left", player=0)["seq"]
    assert first(s, "ability_stacked", text=LEAVES_TEXT)["player"] == 2
    assert s.events("ability_removed") == []


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("603.6c", "603.7a", "603.10a", "800.4a")
def test_another_player_s_delayed_leaves_ability_sees_a_permanent_leave_with_its_owner() -> None:
    # P2's Test Last Rites on P1's Bears: "When that creature leaves the battlefield, you
    # gain 3 life." P1 concedes; the Bears leave the game with them, which is leaving the
    # battlefield (603.6c): P2's delayed ability triggers, goes on the stack and resolves.
    s = Scenario(players=3, plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Plains", "Plains")
    s.add(1, "hand", "Test Last Rites")
    s.cast(1, "Test Last Rites", targets=["Grizzly Bears"])
    s.concede(0, step=Step.END)
    s.run(until=(2, Step.UPKEEP))

    assert has_left(s, 0)
    triggered = first(s, "ability_triggered", player=1)
    assert triggered["trigger"] == first(s, "player_left", player=0)["seq"]
    assert first(s, "ability_stacked", player=1)["source"] == triggered["source"]
    assert s.life(1) == 23


# --- 800.4g: choices required of a player who has left ---------------------------------------


def _p3_concedes_when_choosing(monkeypatch: pytest.MonkeyPatch) -> None:
    """P3 concedes when asked to choose a card (a scenario scripts concessions only at
    priority, so its player class is swapped)."""

    class ConcedingAtChoice(testing._ScenarioPlayer):
        async def decide(self, decision: Decision) -> Choice:
            if self.player == 2 and decision.kind is DecisionKind.CARD:
                return Choice.concession()
            return await super().decide(decision)

    monkeypatch.setattr(testing, "_ScenarioPlayer", ConcedingAtChoice)


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear", "Craw Wurm")
@pytest.mark.rules("800.4g", "608.2c")
def test_the_controller_picks_another_opponent_to_make_a_departed_opponent_s_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # P1 casts Tribute of Choices: P2 chooses Grizzly Bears; P3 concedes while choosing, so
    # P1 chooses another opponent (P2 or P4, not P1) to make P3's choice: P4, who picks
    # Runeclaw Bear; then P4 makes their own choice, Craw Wurm. All three return.
    _p3_concedes_when_choosing(monkeypatch)
    s = Scenario(players=4, plugins=[LeavingCards()])
    s.add(0, "battlefield", "Island", "Grizzly Bears", "Runeclaw Bear", "Craw Wurm")
    s.add(0, "hand", "Tribute of Choices")
    s.cast(0, "Tribute of Choices")
    s.choose(1, DecisionKind.CARD, "Grizzly Bears")
    s.choose(0, DecisionKind.CHOICE, "P4")
    s.choose(3, DecisionKind.CARD, "Runeclaw Bear")
    s.choose(3, DecisionKind.CARD, "Craw Wurm")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert has_left(s, 2)
    assert sorted(s.hand(0)) == ["Craw Wurm", "Grizzly Bears", "Runeclaw Bear"]
    [who] = s.decisions.of_kind(DecisionKind.CHOICE, 0)
    assert [str(o) for o in who.options] == ["P2", "P4"]
    made = [e for e in s.events("decision_made") if e["kind"] in ("card", "choice")]
    assert [(e["player"], e["rule"], e["chosen"]) for e in made if e["player"] != 2] == [
        (1, "608.2d", ["Grizzly Bears"]),
        (0, "800.4g", ["P4"]),
        (3, "800.4g", ["Runeclaw Bear"]),
        (3, "608.2d", ["Craw Wurm"]),
    ]


@pytest.mark.cards("Grizzly Bears", "Runeclaw Bear")
@pytest.mark.rules("800.4g")
def test_the_only_opponent_left_makes_a_departed_opponent_s_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # In a three-player game, P2 is the only opponent left when P3 leaves: P2 makes P3's
    # choice without P1 being asked.
    _p3_concedes_when_choosing(monkeypatch)
    s = Scenario(players=3, plugins=[LeavingCards()])
    s.add(0, "battlefield", "Island", "Grizzly Bears", "Runeclaw Bear")
    s.add(0, "hand", "Tribute of Choices")
    s.cast(0, "Tribute of Choices")
    s.choose(1, DecisionKind.CARD, "Grizzly Bears")
    s.choose(1, DecisionKind.CARD, "Runeclaw Bear")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert has_left(s, 2)
    assert s.decisions.of_kind(DecisionKind.CHOICE) == []
    assert sorted(s.hand(0)) == ["Grizzly Bears", "Runeclaw Bear"]


@pytest.mark.rules("800.4h")
def test_the_next_player_in_turn_order_makes_a_rule_s_choice_for_a_departed_player() -> None:
    # A choice a rule requires of P2, who has left a four-player game with P3 gone too,
    # goes to the next player in turn order still in the game: P4.
    game = new_game(
        decks=["m10:red-green"] * 4,
        players=[RandomBot(seed=i) for i in range(4)],
        variant="free_for_all",
    )
    game.lose_all([(1, "conceded", "104.3a"), (2, "conceded", "104.3a")])
    options = [Named("yes"), Named("no")]
    decision = game.decision(DecisionKind.MAY, 1, options, "a question for P2")

    chooser, choice = trio.run(lambda: game.ask_or_stand_in(decision, controller=None))

    assert chooser == 3
    assert choice.indices[0] in (0, 1)
    assert game.log.records[-1]["player"] == 3
    assert game.log.records[-1]["rule"] == "800.4h"


# --- 800.4f: costs of a player who has left ---------------------------------------------------


@pytest.mark.rules("800.4f", "118.12a")
def test_a_cost_a_departed_player_would_choose_to_pay_is_not_paid(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # P1 casts Levy of Doubt. P2 pays {1}; P3 concedes when asked whether to pay: the cost
    # is not paid, so P1 draws a card for P3 (and none for P2).
    class ConcedingAtPayment(testing._ScenarioPlayer):
        async def decide(self, decision: Decision) -> Choice:
            if self.player == 2 and decision.kind is DecisionKind.MAY:
                return Choice.concession()
            return await super().decide(decision)

    monkeypatch.setattr(testing, "_ScenarioPlayer", ConcedingAtPayment)
    s = Scenario(players=3, plugins=[LeavingCards()])
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Levy of Doubt")
    s.add(1, "battlefield", "Island")
    s.add(2, "battlefield", "Island")
    s.cast(0, "Levy of Doubt")
    s.choose(1, DecisionKind.MAY, "yes")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    assert has_left(s, 2)
    assert len(s.hand(0)) == 1
    spent = [e["player"] for e in s.events("mana_spent") if e["rule"] == "118.12a"]
    assert spent == [1]


# --- 800.4i: last known information about a player -------------------------------------------


@pytest.mark.cards("Lightning Bolt")
@pytest.mark.rules("800.4i")
def test_a_departed_player_s_last_known_life_total_stays_known() -> None:
    # P3 is Bolted to 2 life, then concedes. What the game knows of P3 is what it was as
    # they left: 2 life, out of the game, as every player's view still shows; the actions
    # P3 took are still in the log.
    s = Scenario(players=3)
    s.life(2, 5)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P3"])
    s.concede(2, step=Step.BEGINNING_OF_COMBAT)
    s.run(until=(1, Step.END))

    assert s.game is not None
    assert has_left(s, 2)
    assert s.life(2) == 2
    for viewer in (0, 1):
        seen = s.game.view(viewer).players[2]
        assert (seen.life, seen.has_left, seen.hand_size) == (2, True, 0)
    assert first(s, "player_conceded", player=2) is not None


# --- 800.4e: combat damage ------------------------------------------------------------------


@pytest.mark.cards("Grizzly Bears", "Craw Wurm")
@pytest.mark.rules("800.4e", "510.1b")
def test_no_combat_damage_is_assigned_to_a_player_who_has_left() -> None:
    # P1 attacks P3 with Grizzly Bears and P2 with Craw Wurm; P3 concedes in the declare
    # blockers step. The Bears stay attacking but assign no combat damage; the Wurm's goes
    # to P2.
    s = Scenario(players=4)
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.attack(0, "Grizzly Bears", defender=2)
    s.attack(0, "Craw Wurm", defender=1)
    s.concede(2, step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))

    assert has_left(s, 2)
    [assigned] = s.events("combat_damage_assigned")
    assert len(assigned["assignments"]) == 1
    wurm = s.permanent("Craw Wurm")
    assert assigned["assignments"][0][0] == wurm.id
    assert s.life(1) == 14
    assert [e["to_player"] for e in s.events("damage_dealt")] == [1]


# --- 800.4j, 800.4k, 800.4m: turns -----------------------------------------------------------


@pytest.mark.cards("Grizzly Bears")
@pytest.mark.rules("800.4j", "800.4k", "800.4a")
def test_the_active_player_leaves_and_their_turn_goes_on_without_them() -> None:
    # In a four-player game P2 concedes in their own precombat main phase: the rest of the
    # turn happens without an active player (the next player receives priority instead),
    # and then P3's turn begins; P2 takes no turn again.
    s = Scenario(players=4, turn=2, active=1)
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(1, "hand", "Shock", "Shock", "Shock", "Shock", "Shock", "Shock", "Shock", "Shock")
    s.concede(1)
    s.run(until=(7, Step.UPKEEP))

    left = first(s, "player_left", player=1)
    rest = [e for e in s.events("step_began") if e["seq"] > left["seq"] and e["turn"] == 2]
    assert [e["step"] for e in rest] == [
        "beginning_of_combat",
        "declare_attackers",
        "end_of_combat",
        "postcombat_main",
        "end",
        "cleanup",
    ]
    priority = [d for d in s.decisions.priority() if d.seq > left["seq"] and d.turn == 2]
    assert priority
    assert all(d.player != 1 for d in priority)
    assert priority[0].player == 2  # the next player in turn order (800.4j)
    assert s.events("card_discarded") == []  # their hand left with them
    assert [(e["turn"], e["player"]) for e in s.events("turn_began")] == [
        (2, 1),
        (3, 2),
        (4, 3),
        (5, 0),
        (6, 2),
        (7, 3),
    ]


@pytest.mark.rules("800.4k")
def test_the_turns_of_a_player_who_left_don_t_begin() -> None:
    # P1 concedes during P3's turn; every turn after it goes around the two players left.
    s = Scenario(players=4, turn=1, active=2)
    s.concede(0, step=Step.END)
    s.run(until=(5, Step.UPKEEP))

    assert [(e["turn"], e["player"]) for e in s.events("turn_began")] == [
        (1, 2),
        (2, 3),
        (3, 1),
        (4, 2),
        (5, 3),
    ]


# --- a game between teams -------------------------------------------------------------------


@pytest.mark.cards("Mind Control", "Craw Wurm", "Grizzly Bears")
@pytest.mark.rules("800.4a", "800.4k", "104.2c", "102.3")
def test_a_player_leaves_a_team_game_and_their_teammate_plays_on() -> None:
    # Teams of two (P1 and P2 against P3 and P4). P1 steals P3's Craw Wurm, then concedes:
    # the Wurm returns to P3; P2 plays on for the team, and the game ends only when the
    # other team has left. Both P1 and P2 win: P1 is on the winning team (104.2c).
    s = Scenario(players=4, variant="test_leaving_pairs", plugins=[PairsPlugin()])
    s.add(0, "battlefield", *["Island"] * 5)
    s.add(0, "hand", "Mind Control")
    s.add(1, "battlefield", "Grizzly Bears")
    s.add(2, "battlefield", "Craw Wurm")
    s.cast(0, "Mind Control", targets=["Craw Wurm"])
    s.concede(0, step=Step.END)
    s.run(until=(3, Step.UPKEEP))

    assert s.outcome is None
    assert s.permanent("Craw Wurm").controller == 2
    assert s.battlefield(1) == ["Grizzly Bears"]
    assert [(e["turn"], e["player"]) for e in s.events("turn_began")] == [(1, 0), (2, 1), (3, 2)]
    assert s.game is not None
    assert s.game.teammates(1) == []
    assert s.game.opponents(1) == [2, 3]
    s.concede(2, turn=3, step=Step.DRAW)
    s.concede(3, turn=3, step=Step.DRAW)
    s.run(until=(4, Step.UPKEEP))
    assert s.outcome is not None
    assert s.outcome.winners == (0, 1)


class ConcedesChoosingACopyBot(RandomBot):
    """A random bot that concedes when asked what its Clone enters as a copy of."""

    async def decide(self, decision: Decision) -> Choice:
        if decision.kind is DecisionKind.ENTER_AS_COPY:
            return Choice.concession()
        return await super().decide(decision)


@pytest.mark.cards("Clone", "Grizzly Bears", "Island")
@pytest.mark.rules("800.4a", "800.4b", "707.5", "608.3a")
def test_a_player_who_concedes_while_choosing_how_their_spell_enters_takes_it_along(
    tmp_path: Path,
) -> None:
    # Each player's Clone asks what it copies as it resolves; the player concedes then.
    # The Clone, on the stack, leaves the game with them instead of entering (800.4a),
    # and the game goes on without them and replays.
    deck = ["Island"] * 12 + ["Clone"] * 6 + ["Grizzly Bears"] * 12
    log = tmp_path / "game.jsonl"
    outcome = run(
        decks=[deck] * 3,
        players=[ConcedesChoosingACopyBot(seed=seat) for seat in range(3)],
        seed=4,
        deck_rules=UNCHECKED,
        seating="given",
        max_turns=60,
        log=log,
    )
    events = list(read_events(log))
    asked = [e for e in events if e.event == "decision_made" and e.data["kind"] == "enter_as_copy"]
    assert asked == []  # each was answered by conceding
    assert [reason for _, reason in outcome.losers] == ["conceded", "conceded"]
    # The first to concede left a game that went on (the second's concession ended it).
    left = next(e for e in events if e.event == "player_left")
    assert left.player == outcome.losers[0][0]
    clone = [e.data["object"] for e in events if e.event == "spell_cast" and e.seq < left.seq][-1]
    assert clone in left.data["objects"]
    assert not any(e.event == "permanent_entered" and e.data.get("card") == "Clone" for e in events)
    assert replay(log).identical


# --- random games -----------------------------------------------------------------------------


@pytest.mark.rules("800.4", "800.4a", "800.4d", "800.4e", "800.4j", "800.4k", "104.2a", "806.1")
@pytest.mark.parametrize(("seed", "players"), [(0, 4), (1, 5), (2, 6)])
def test_random_free_for_all_games_with_players_leaving_replay_identically(
    tmp_path: Path, seed: int, players: int
) -> None:
    # Random bots at 4 life in games of four to six: players lose and one concedes in
    # turn 3; every game goes on after each departure, and replays exactly.
    log = tmp_path / "game.jsonl"
    decks = [
        "m10:red-burn",
        "m10:blue-black-control",
        "m10:red-green",
        "m10:white-blue-fliers",
        "m10:red-burn",
        "m10:black-green-deathtouch",
    ]
    bots: list[RandomBot] = [RandomBot(seed=10 * seed + i) for i in range(players - 1)]
    bots.append(ConcedingBot(seed=10 * seed + players, turn=3))
    outcome = run(
        decks=decks[:players],
        players=bots,
        seed=seed,
        variant="test_short_free_for_all",
        plugins=PluginHost([ShortGamesPlugin()]),
        log=log,
        max_turns=30,
        seating="given",  # the conceding bot in the last seat
    )
    events = list(read_events(log))
    left = [e.player for e in events if e.event == "player_left"]
    assert players - 1 in left
    assert len(left) >= 2
    for gone in left:
        at = next(e.seq for e in events if e.event == "player_left" and e.player == gone)
        later = [e for e in events if e.seq > at]
        assert not any(e.event == "turn_began" and e.player == gone for e in later)
        assert not any(e.event == "decision_made" and e.player == gone for e in later)
        assert not any(e.event == "damage_dealt" and e.data.get("to_player") == gone for e in later)
    assert set(outcome.winners).isdisjoint(left)
    result = replay(log, plugins=PluginHost([ShortGamesPlugin()]))
    assert result.identical, result.mismatch

"""Scenario tests: set up a game mid-turn, script what players do, run, and assert.

Modelled on the way card tests are written for the big Java engines: put named
cards into zones for each player, script casts (with targets), activations,
attacks, blocks and choices at given turns and steps, run to a step, then look at
life totals, zones, tapped state, P/T, damage, counters and the event log.

Scenarios are strict: a decision that the script does not answer fails the test
with the decision and its options shown. By default players pass priority, attack
with nothing and block with nothing (those are the only unscripted answers).

Example::

    from manaweave import Step
    from manaweave.testing import Scenario

    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run(until=(1, Step.END))
    assert s.graveyard(1) == ["Grizzly Bears"]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import trio

from ._decisions import (
    Activate,
    Attack,
    Block,
    CardOption,
    Cast,
    Choice,
    DamageSplit,
    Decision,
    DecisionKind,
    Division,
    Named,
    Number,
    Pass,
    PlayLand,
    TargetOption,
    TurnFaceUp,
)
from ._deck_rules import UNCHECKED
from ._game import Game, Outcome
from ._objects import GameObject
from ._play import new_game
from ._plugins import PluginHost
from ._turn import Step
from ._turnloop import run_game
from ._zones import Zone
from .hookspecs import hookimpl
from .players import Player, describe

__all__ = ["AskedDecision", "DecisionRecorder", "Scenario", "ScenarioError"]

_STEP_ORDER = list(Step)


class ScenarioError(AssertionError):
    """A scenario went differently from its script."""


class _Stop(BaseException):
    """Unwinds the game when the scenario reaches its stop point."""


class _Failed(BaseException):
    """Unwinds the game when a scripted player meets an unscripted decision."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class _Action:
    player: int
    kind: str
    card: str
    turn: int
    step: Step
    targets: tuple[str, ...] = ()
    text: str | None = None
    stack_empty: bool = False
    x: int | None = None
    when: Callable[[Game], bool] | None = None
    done: bool = False

    def __str__(self) -> str:
        aim = f" targeting {', '.join(self.targets)}" if self.targets else ""
        return (
            f"P{self.player + 1} {self.kind} {self.card}{aim} (turn {self.turn}, {self.step.value})"
        )


@dataclass
class _Answer:
    """A scripted answer to a non-priority decision."""

    player: int
    kind: DecisionKind
    picks: tuple[Any, ...]
    turn: int | None
    used: bool = False


@dataclass
class _Script:
    actions: list[_Action] = field(default_factory=list)
    answers: list[_Answer] = field(default_factory=list)
    attacks: list[tuple[int, str, int | None, str | None, int]] = field(default_factory=list)
    blocks: list[tuple[int, str, str, int]] = field(default_factory=list)


class _ScenarioPlayer:
    def __init__(self, scenario: Scenario, player: int) -> None:
        self.scenario = scenario
        self.player = player
        self.current: _Action | None = None
        self._pending_targets: list[str] = []
        self._pending_x: int | None = None

    @property
    def game(self) -> Game:
        game = self.scenario.game
        assert game is not None
        return game

    def fail(self, message: str) -> None:
        raise _Failed(message)

    def rejected(self, decision: Decision, error: Exception) -> None:
        """A scripted answer the game refused fails the scenario, with the reason."""
        raise _Failed(f"the game rejected P{self.player + 1}'s {decision.kind.value}: {error}")

    async def decide(self, decision: Decision) -> Choice:
        kind = decision.kind
        if kind is DecisionKind.PRIORITY:
            return self._priority(decision)
        if kind is DecisionKind.TARGET:
            return self._target(decision)
        if kind is DecisionKind.PAYMENT:
            return Choice.of(0)
        if kind is DecisionKind.X_VALUE and self._pending_x is not None:
            wanted, self._pending_x = self._pending_x, None
            for index, option in enumerate(decision.options):
                if isinstance(option, Number) and option.value == wanted:
                    return Choice.of(index)
            self.fail(f"X = {wanted} is not an option:\n{describe(decision)}")
        if kind is DecisionKind.TARGET_COUNT and self._pending_targets:
            # A variable number of targets: as many as the script lists (601.2c).
            counts = [o.value for o in decision.options if isinstance(o, Number)]
            wanted = min(len(self._pending_targets), max(counts))
            if wanted in counts:
                return Choice.of(counts.index(wanted))
        if kind is DecisionKind.ATTACKERS:
            return self._attackers(decision)
        if kind is DecisionKind.BLOCKERS:
            return self._blockers(decision)
        return self._scripted(decision)

    def _priority(self, decision: Decision) -> Choice:
        game = self.game
        here = (game.turn, _STEP_ORDER.index(game.step)) if game.step else (game.turn, -1)
        for action in self.scenario._script.actions:
            if action.player != self.player or action.done:
                continue
            when = (action.turn, _STEP_ORDER.index(action.step))
            if when < here:
                self.fail(f"scripted action was never taken: {action}")
            if when != here:
                continue
            if action.stack_empty and game.stack:
                break  # wait, passing, until what is on the stack has resolved
            if action.when is not None and not action.when(game):
                break  # wait, passing, until the condition holds
            if action.kind == "concede":
                action.done = True
                return Choice.concession()
            for index, option in enumerate(decision.options):
                if _matches(action, option):
                    action.done = True
                    self._pending_targets = list(action.targets)
                    self._pending_x = action.x
                    return Choice.of(index)
            self.fail(f"scripted action is not a legal option: {action}\n{describe(decision)}")
        for index, option in enumerate(decision.options):
            if isinstance(option, Pass):
                return Choice.of(index)
        self.fail(describe(decision))
        raise AssertionError  # unreachable

    def _target(self, decision: Decision) -> Choice:
        if not self._pending_targets:
            # Targets of triggered abilities are scripted with choose(..., TARGET, ...).
            return self._scripted(decision)
        wanted = self._pending_targets.pop(0)
        for index, option in enumerate(decision.options):
            assert isinstance(option, TargetOption)
            if _target_matches(self.game, wanted, option):
                return Choice.of(index)
        self.fail(f"scripted target {wanted!r} is not a legal target:\n{describe(decision)}")
        raise AssertionError  # unreachable

    def _attackers(self, decision: Decision) -> Choice:
        picks: list[int] = []
        for player, name, defender, planeswalker, turn in self.scenario._script.attacks:
            if player != self.player or turn != self.game.turn:
                continue
            chosen = {decision.options[p] for p in picks}
            attacking = {o.attacker for o in chosen if isinstance(o, Attack)}
            for index, option in enumerate(decision.options):
                assert isinstance(option, Attack)
                if (
                    option.name == name
                    and (defender is None or option.defender == defender)
                    and option.permanent_name == (planeswalker or "")
                    and option.attacker not in attacking
                ):
                    picks.append(index)
                    break
            else:
                self.fail(f"{name} cannot attack as scripted:\n{describe(decision)}")
        return Choice(tuple(picks))

    def _blockers(self, decision: Decision) -> Choice:
        picks: list[int] = []
        for player, blocker, attacker, turn in self.scenario._script.blocks:
            if player != self.player or turn != self.game.turn:
                continue
            taken = {
                o.blocker for o in (decision.options[p] for p in picks) if isinstance(o, Block)
            }
            matching = [
                (index, option.blocker)
                for index, option in enumerate(decision.options)
                if isinstance(option, Block)
                and option.name == blocker
                and option.attacker_name == attacker
                and index not in picks
            ]
            # A creature not blocking yet first; one already blocking may block another
            # creature too, if it can block several (509.1a).
            fresh = [i for i, creature in matching if creature not in taken]
            if not matching:
                self.fail(f"{blocker} cannot block {attacker} as scripted:\n{describe(decision)}")
            picks.append(fresh[0] if fresh else matching[0][0])
        return Choice(tuple(picks))

    def _scripted(self, decision: Decision) -> Choice:
        for answer in self.scenario._script.answers:
            if answer.used or answer.player != self.player or answer.kind is not decision.kind:
                continue
            if answer.turn is not None and answer.turn != self.game.turn:
                continue
            answer.used = True
            picked: list[int] = []
            for pick in answer.picks:
                picked.append(_pick(decision, pick, self.game, picked))
            return Choice(tuple(picked))
        self.fail(describe(decision))
        raise AssertionError  # unreachable


def _pick(decision: Decision, pick: Any, game: Game, taken: Sequence[int] = ()) -> int:
    for index, option in enumerate(decision.options):
        if index in taken:
            continue
        if isinstance(option, TargetOption):
            if _target_matches(game, pick, option):
                return index
            continue
        if isinstance(pick, tuple) and isinstance(option, DamageSplit | Division):
            if option.amounts == pick:
                return index
        elif isinstance(pick, int) and isinstance(option, Number):
            if option.value == pick:
                return index
        elif (isinstance(option, CardOption) and option.name.split(" #")[0] == pick) or (
            isinstance(option, Named) and option.word == pick
        ):
            return index
    raise _Failed(f"scripted answer {pick!r} is not an option:\n{describe(decision)}")


def _matches(action: _Action, option: object) -> bool:
    if action.kind == "cast":
        return isinstance(option, Cast) and option.name == action.card and option.way is None
    if action.kind == "cast face down":
        return isinstance(option, Cast) and option.name == action.card and option.face_down
    if action.kind == "play":
        return isinstance(option, PlayLand) and option.name == action.card
    if action.kind == "turn face up":
        return isinstance(option, TurnFaceUp) and option.name == action.card
    if action.kind == "activate":
        return (
            isinstance(option, Activate)
            and option.name == action.card
            and (action.text is None or action.text in option.text)
        )
    return False


def _target_matches(game: Game, wanted: str, option: TargetOption) -> bool:
    if option.player is not None:
        return wanted in (game.players[option.player].name, f"player:{option.player}")
    name = option.name.split(" #")[0]
    if wanted.startswith("copy of "):
        target = game.objects.get(option.object) if option.object is not None else None
        return target is not None and target.is_spell_copy and name == wanted[8:]
    return name == wanted


@dataclass(frozen=True)
class AskedDecision:
    """One decision as it was asked: when, of whom, with which options, in what state."""

    turn: int
    step: Step | None
    kind: DecisionKind
    player: int
    options: tuple[Any, ...]
    stack: int
    """How many objects were on the stack."""
    pool: tuple[str, ...]
    """The deciding player's mana pool."""
    seq: int
    """The ``seq`` the next logged event got: events before the decision have lower ones."""

    @property
    def casts(self) -> set[str]:
        """Names of the spells offered for casting."""
        return {o.name for o in self.options if isinstance(o, Cast)}

    @property
    def land_plays(self) -> set[str]:
        """Names of the lands offered for playing."""
        return {o.name for o in self.options if isinstance(o, PlayLand)}

    @property
    def activations(self) -> list[tuple[str, str]]:
        """(permanent name, ability text) of the abilities offered for activation."""
        return [(o.name, o.text) for o in self.options if isinstance(o, Activate)]


class _Recording:
    def __init__(self, recorder: DecisionRecorder, game: Game, inner: Player) -> None:
        self.recorder = recorder
        self.game = game
        self.inner = inner

    async def decide(self, decision: Decision) -> Choice:
        game = self.game
        self.recorder.asked.append(
            AskedDecision(
                game.turn,
                game.step,
                decision.kind,
                decision.player,
                tuple(decision.options),
                len(game.stack),
                game.players[decision.player].mana_pool.as_tuple(),
                game.log.next_seq,
            )
        )
        return await self.inner.decide(decision)

    def rejected(self, decision: Decision, error: Exception) -> None:
        """Pass the game's refusal of an answer on to the wrapped player."""
        rejected = getattr(self.inner, "rejected", None)
        if rejected is not None:
            rejected(decision, error)


class DecisionRecorder:
    """A plugin that records every decision any player of a game is asked.

    Register it in a :class:`~manaweave.lowlevel.PluginHost` (or pass it to
    :class:`Scenario`'s ``plugins``); it wraps each player as the game is set up.
    """

    def __init__(self) -> None:
        self.asked: list[AskedDecision] = []

    @hookimpl
    def mw_game_setup(self, game: Game) -> None:
        """Wrap every player of ``game`` so that its decisions are recorded."""
        game.actors[:] = [_Recording(self, game, actor) for actor in game.actors]

    def of_kind(self, kind: DecisionKind, player: int | None = None) -> list[AskedDecision]:
        """The decisions of one kind (optionally of one player), in order."""
        return [a for a in self.asked if a.kind is kind and (player is None or a.player == player)]

    def priority(
        self, player: int | None = None, turn: int | None = None, step: Step | None = None
    ) -> list[AskedDecision]:
        """Priority decisions, optionally of one player, in one turn and step."""
        return [
            a
            for a in self.of_kind(DecisionKind.PRIORITY, player)
            if (turn is None or a.turn == turn) and (step is None or a.step is step)
        ]

    def after(self, seq: int) -> list[AskedDecision]:
        """Priority decisions asked after the event ``seq`` was logged."""
        return [a for a in self.priority() if a.seq > seq]


class _StopAt:
    """The scenario's own plugin: stops the game as the chosen step begins."""

    def __init__(self, turn: int, step: Step) -> None:
        self.turn = turn
        self.step = step

    @hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        """Stop the game once the stop point is reached."""
        if (game.turn, _STEP_ORDER.index(step)) >= (self.turn, _STEP_ORDER.index(self.step)):
            raise _Stop


class Scenario:
    """A game prepared in a chosen turn and step, with scripted players.

    ``turn``, ``step`` and ``active`` (0-based player index) say where the game
    begins. Each player's library holds ``library`` (default: ten Islands) unless
    :meth:`library` replaces it.
    """

    def __init__(
        self,
        *,
        players: int = 2,
        turn: int = 1,
        step: Step = Step.PRECOMBAT_MAIN,
        active: int = 0,
        seed: int = 0,
        variant: str | None = None,
        plugins: Iterable[object] = (),
    ) -> None:
        self.turn = turn
        self.step = step
        self.active = active
        self.seed = seed
        self.variant = variant
        self._extra_plugins = tuple(plugins)
        self._players = players
        self._libraries: list[list[str]] = [["Island"] * 10 for _ in range(players)]
        self._setup: list[tuple[int, Zone, str, bool, bool, int | None]] = []
        self._life: dict[int, int] = {}
        self._script = _Script()
        self.game: Game | None = None
        self.outcome: Outcome | None = None
        self.decisions = DecisionRecorder()
        """Every decision the scenario's players were asked, in order."""

    # --- setting up ---------------------------------------------------------------------------

    def library(self, player: int, cards: Sequence[str]) -> Scenario:
        """Replace ``player``'s library; the last card named is on top."""
        self._libraries[player] = list(cards)
        return self

    def add(
        self,
        player: int,
        zone: str | Zone,
        *cards: str,
        tapped: bool = False,
        sick: bool = False,
        loyalty: int | None = None,
    ) -> Scenario:
        """Put cards into ``player``'s ``zone`` (``"hand"``, ``"battlefield"``, ``"graveyard"``,
        ``"exile"``). ``sick=True`` makes a permanent come under control this turn (302.6).
        A planeswalker put onto the battlefield has its printed loyalty in loyalty counters
        (306.5b), or ``loyalty`` of them; a battle its defense in defense counters (310.4b),
        protected by its controller; a Saga one lore counter (714.3a), without triggering."""
        where = zone if isinstance(zone, Zone) else Zone(zone)
        if where in (Zone.STACK, Zone.LIBRARY, Zone.COMMAND):
            raise ValueError(f"use library() for libraries; {where.value} is not set up directly")
        for name in cards:
            self._setup.append((player, where, name, tapped, sick, loyalty))
        return self

    def life(self, player: int, total: int | None = None) -> int:
        """Set (before :meth:`run`) or read (after) a player's life total."""
        if total is not None:
            self._life[player] = total
            return total
        return self._game.players[player].life

    # --- scripting ----------------------------------------------------------------------------

    def cast(
        self,
        player: int,
        card: str,
        *,
        targets: Sequence[str] = (),
        turn: int | None = None,
        step: Step | None = None,
        stack_empty: bool = False,
        x: int | None = None,
        when: Callable[[Game], bool] | None = None,
        face_down: bool = False,
    ) -> Scenario:
        """Cast ``card`` from hand when ``player`` has priority at that turn and step;
        ``face_down=True`` casts it face down with its morph ability (702.37c, 708.4).

        Targets are card names (the first such object that is a legal target),
        ``"copy of <name>"`` for a copy of a spell (707.10), or player names (``"P1"``,
        ``"P2"``). With ``stack_empty=True`` the player first
        passes until the stack is empty, so earlier spells resolve first; with ``when``,
        until ``when(game)`` is true. ``x`` is the value announced for X (107.3a). For a
        variable number of targets ("up to three"), as many are chosen as are listed;
        script a division of damage (601.2d) with ``choose(player, DecisionKind.DIVISION,
        (1, 2))``.
        """
        self._script.actions.append(
            _Action(
                player,
                "cast face down" if face_down else "cast",
                card,
                turn or self.turn,
                step or self.step,
                tuple(targets),
                stack_empty=stack_empty,
                x=x,
                when=when,
            )
        )
        return self

    def play_land(
        self,
        player: int,
        card: str,
        *,
        turn: int | None = None,
        step: Step | None = None,
        stack_empty: bool = True,
    ) -> Scenario:
        """Play the land ``card`` from hand (a special action, CR 305.1), once the stack
        is empty (305.1 allows it only then)."""
        self._script.actions.append(
            _Action(
                player, "play", card, turn or self.turn, step or self.step, stack_empty=stack_empty
            )
        )
        return self

    def activate(
        self,
        player: int,
        card: str,
        *,
        text: str | None = None,
        targets: Sequence[str] = (),
        turn: int | None = None,
        step: Step | None = None,
        stack_empty: bool = False,
        x: int | None = None,
        when: Callable[[Game], bool] | None = None,
    ) -> Scenario:
        """Activate an ability of the permanent ``card`` (``text`` picks which one);
        ``stack_empty``, ``x`` and ``when`` as for :meth:`cast`."""
        self._script.actions.append(
            _Action(
                player,
                "activate",
                card,
                turn or self.turn,
                step or self.step,
                tuple(targets),
                text,
                stack_empty=stack_empty,
                x=x,
                when=when,
            )
        )
        return self

    def turn_face_up(
        self,
        player: int,
        card: str,
        *,
        turn: int | None = None,
        step: Step | None = None,
        stack_empty: bool = True,
    ) -> Scenario:
        """Turn the face-down ``card`` face up (a special action, CR 116.2b): a manifested
        card for its mana cost (701.40b), a card with morph for its morph cost (702.37e);
        by default once the stack is empty."""
        self._script.actions.append(
            _Action(
                player,
                "turn face up",
                card,
                turn or self.turn,
                step or self.step,
                stack_empty=stack_empty,
            )
        )
        return self

    def concede(
        self, player: int, *, turn: int | None = None, step: Step | None = None
    ) -> Scenario:
        """Concede the game when ``player`` next has priority at that turn and step (104.3a)."""
        self._script.actions.append(
            _Action(player, "concede", "the game", turn or self.turn, step or self.step)
        )
        return self

    def attack(
        self,
        player: int,
        *creatures: str,
        turn: int | None = None,
        defender: int | None = None,
        planeswalker: str | None = None,
    ) -> Scenario:
        """Declare ``creatures`` as attackers in ``turn`` (CR 508.1), attacking player
        ``defender`` (default: the first one) or the ``planeswalker`` or battle named (508.1b)."""
        for name in creatures:
            self._script.attacks.append((player, name, defender, planeswalker, turn or self.turn))
        return self

    def block(
        self, player: int, blocker: str, attacker: str, *, turn: int | None = None
    ) -> Scenario:
        """Declare ``blocker`` as blocking ``attacker`` in ``turn`` (CR 509.1). A creature
        that can block several attackers (509.1a) is scripted once for each; a name
        scripted again picks another creature of that name if there is one."""
        self._script.blocks.append((player, blocker, attacker, turn or self.turn))
        return self

    def choose(
        self, player: int, kind: DecisionKind, *picks: Any, turn: int | None = None
    ) -> Scenario:
        """Answer the next ``kind`` decision of ``player`` with these picks: card names
        (discard, legend rule, bottom), words (``"keep"``), numbers, or damage amounts as
        a tuple."""
        self._script.answers.append(_Answer(player, kind, picks, turn))
        return self

    # --- running ------------------------------------------------------------------------------

    def run(self, until: tuple[int, Step] | None = None) -> Scenario:
        """Run until ``until`` = (turn, step) begins (default: the end step of the
        starting turn), or until the game ends."""
        stop = until or (self.turn, Step.END)
        host = PluginHost((*self._extra_plugins, self.decisions, _StopAt(*stop)), autoload=False)
        players = [_ScenarioPlayer(self, i) for i in range(self._players)]
        game = new_game(
            decks=self._libraries,
            players=players,
            seed=self.seed,
            variant=self.variant,
            plugins=host,
            game_id="scenario",
            deck_rules=UNCHECKED,  # a scenario's libraries are whatever the test needs
        )
        self.game = game
        for state in game.players:
            state.life = self._life.get(state.id, game.variant.starting_life(game, state.id))
        for player, zone, name, tapped, sick, loyalty in self._setup:
            obj = game.moves.new_object(game.host.cards[name], player, zone)
            obj.tapped = tapped
            count = obj.card.loyalty if loyalty is None else loyalty
            if zone is Zone.BATTLEFIELD and count:
                obj.counters["loyalty"] = count
            if zone is Zone.BATTLEFIELD and obj.card.defense:
                obj.counters["defense"] = obj.card.defense  # 310.4b
                obj.protector = player  # 310.8a, no battle type
            if zone is Zone.BATTLEFIELD and obj.card.final_chapter:
                obj.counters["lore"] = 1  # 714.3a
            # Set-up permanents have been controlled since before every player's most
            # recent turn (302.6) unless ``sick`` says they arrived this turn.
            obj.control_turn = self.turn if sick else -1
            game.moves.put(obj)
        for state in game.players:
            state.turn_began = 0
        game.starting_player = self.active
        try:
            self.outcome = trio.run(
                lambda: run_game(game, start=(self.turn, self.step, self.active))
            )
        except _Stop:
            pass
        except _Failed as failure:
            raise ScenarioError(failure.message) from None
        missed = [a for a in self._script.actions if not a.done]
        if missed and self.outcome is None:
            raise ScenarioError("scripted actions never taken: " + "; ".join(map(str, missed)))
        return self

    # --- looking at the result ----------------------------------------------------------------

    @property
    def _game(self) -> Game:
        if self.game is None:
            raise ScenarioError("run() the scenario first")
        return self.game

    def permanents(self, name: str, player: int | None = None) -> list[GameObject]:
        """Permanents on the battlefield named ``name`` (optionally controlled by ``player``)."""
        return [
            p
            for p in self._game.battlefield
            if p.name == name and (player is None or p.controller == player)
        ]

    def permanent(self, name: str, player: int | None = None) -> GameObject:
        """The first permanent named ``name``; fails the test if there is none."""
        found = self.permanents(name, player)
        if not found:
            raise ScenarioError(f"no {name} on the battlefield")
        return found[0]

    def power(self, name: str, player: int | None = None) -> int | None:
        """The current power of a permanent (after continuous effects)."""
        return self._game.characteristics(self.permanent(name, player)).power

    def toughness(self, name: str, player: int | None = None) -> int | None:
        """The current toughness of a permanent (after continuous effects)."""
        return self._game.characteristics(self.permanent(name, player)).toughness

    def hand(self, player: int) -> list[str]:
        """Names of the cards in ``player``'s hand."""
        return [c.name for c in self._game.players[player].hand]

    def graveyard(self, player: int) -> list[str]:
        """Names of the cards in ``player``'s graveyard, bottom first."""
        return [c.name for c in self._game.players[player].graveyard]

    def library_size(self, player: int) -> int:
        """How many cards are in ``player``'s library."""
        return len(self._game.players[player].library)

    def battlefield(self, player: int | None = None) -> list[str]:
        """Names of the permanents on the battlefield (controlled by ``player``)."""
        return [p.name for p in self._game.battlefield if player is None or p.controller == player]

    def events(self, name: str | None = None) -> list[dict[str, Any]]:
        """The logged events so far, optionally only those named ``name``."""
        return [e for e in self._game.log.records if name is None or e["event"] == name]

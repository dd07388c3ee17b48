"""Scenario tests: set up a game mid-turn, script what players do, run, and assert.

Modelled on the way card tests are written for the big Java engines: put named
cards into zones for each player, script casts (with targets), activations,
attacks, blocks and choices at given turns and steps, run to a step, then look at
life totals, zones, tapped state, P/T, damage, counters and the event log.

Scenarios are strict: a decision that the script does not answer fails the test
with the decision and its options shown. By default players pass priority, attack
with nothing and block with nothing (those are the only unscripted answers). A script
that is never used fails the run too, unless it is ``optional``. Another ``run``
continues the same game to a later step. Objects are named by their current name (then
their printed name), ``"Name#n"`` for the n-th of several in their zone.

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

import difflib
import weakref
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from manaweave._engine._combat import attack_options, attackers_facing, block_options
from manaweave._engine._decisions import (
    Activate,
    Block,
    Cast,
    Choice,
    Decision,
    DecisionKind,
    Option,
    PlayLand,
)
from manaweave._engine._deck_rules import UNCHECKED
from manaweave._engine._game import Game, Outcome
from manaweave._engine._mana import MANA_TYPES
from manaweave._engine._narrate import narrate
from manaweave._engine._objects import GameObject
from manaweave._engine._play import new_game
from manaweave._engine._plugins import PluginHost
from manaweave._engine._preferences import Preferences
from manaweave._engine._priority import priority_options
from manaweave._engine._turn import Step
from manaweave._engine._view import _keyword_names, _keywords
from manaweave._engine._zones import Zone
from manaweave.cards import CardDefinition, token
from manaweave.events import record_classes
from manaweave.hookspecs import hookimpl
from manaweave.players import Player

from ._scenario_names import named, resolve, zone_objects
from ._scenario_player import ScenarioPlayer, unused_message
from ._scenario_script import (
    Point,
    ScenarioError,
    Script,
    ScriptedAction,
    ScriptedAnswer,
    ScriptedAttack,
    ScriptedBlock,
    point,
    point_text,
)
from ._scenario_session import GameThread

__all__ = ["AskedDecision", "DecisionRecorder", "Scenario", "ScenarioError"]

SCENARIO_NONCE = "0" * 32
"""The nonce of a scenario's commitment to its seed (``game_started``): fixed, since a
scenario's test knows everything anyway, so that the same scenario logs the same lines."""


class _ScenarioPlayer(ScenarioPlayer):
    """A scenario's scripted player (the class name the event log records)."""


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
    """The scenario's own plugin: stops the game at the checkpoint as a step begins."""

    def __init__(self, thread: GameThread) -> None:
        self.thread = thread

    @hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        """Wait at the checkpoint once it is reached, until the scenario continues."""
        self.thread.step_began(game.turn, step)


@dataclass
class _Placement:
    """A card or token put somewhere as the scenario is set up."""

    player: int
    zone: Zone
    card: str | CardDefinition
    tapped: bool = False
    sick: bool = False
    loyalty: int | None = None
    counters: Mapping[str, int] = field(default_factory=dict)
    damage: int = 0
    attached_to: str | None = None
    is_token: bool = False


class Scenario:
    """A game prepared in a chosen turn and step, with scripted players.

    ``turn``, ``step`` and ``active`` (0-based player index) say where the game
    begins. Each player's library holds ``library`` (default: ten Islands) unless
    :meth:`library` replaces it. ``plugins`` are registered for this game only; with
    ``autoload=True`` the plugins installed under the ``manaweave`` entry-point group are
    loaded too (off by default, so that a test depends only on what it names).

    ``variant`` and ``options`` are those of :func:`manaweave.new_game`: players sit in
    seat order 0, 1, ..., and a team variant groups them into teams (``game.teams``), so
    ``Scenario(players=4, variant="two_headed_giant")`` plays seats 0 and 1 against 2
    and 3 (a scenario seats its players in order, even in a variant that seats them at
    random). ``preferences`` gives scripted players, by seat, what they ask the engine to
    do for them (:class:`~manaweave.Preferences`: stops, engine payment).
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
        autoload: bool = False,
        options: Mapping[str, object] | None = None,
        preferences: Mapping[int, Preferences] | None = None,
    ) -> None:
        self.turn = turn
        self.step = step
        self.active = active
        self.seed = seed
        self.variant = variant
        self.options = dict(options or {})
        """The variant's options (800.2), as :func:`manaweave.new_game` takes them."""
        self.preferences = dict(preferences or {})
        """What scripted players ask the engine to do for them, by seat
        (:class:`~manaweave.Preferences`: stops, engine payment)."""
        self.autoload = autoload
        self._extra_plugins = tuple(plugins)
        self._players = players
        self._libraries: list[list[str]] = [["Island"] * 10 for _ in range(players)]
        self._setup: list[_Placement] = []
        self._placed: dict[int, str] = {}
        """The name of each object the scenario placed, by id: the log never names them."""
        self._life: dict[int, int] = {}
        self._mana: dict[int, list[str]] = {}
        self._script = Script()
        self._thread: GameThread | None = None
        self._at: Point | None = None
        self.game: Game | None = None
        self.outcome: Outcome | None = None
        self.decisions = DecisionRecorder()
        """Every decision the scenario's players were asked, in order."""

    # --- setting up ---------------------------------------------------------------------------

    def _before_run(self, what: str) -> None:
        if self.game is not None:
            raise ScenarioError(f"{what} sets up the game: call it before the first run()")

    def library(self, player: int, cards: Sequence[str]) -> Scenario:
        """Replace ``player``'s library; the last card named is on top."""
        self._before_run("library()")
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
        counters: Mapping[str, int] | None = None,
        damage: int = 0,
        attached_to: str | None = None,
    ) -> Scenario:
        """Put cards into ``player``'s ``zone`` (``"hand"``, ``"battlefield"``, ``"graveyard"``,
        ``"exile"``). ``sick=True`` makes a permanent come under control this turn (302.6).
        A planeswalker put onto the battlefield has its printed loyalty in loyalty counters
        (306.5b), or ``loyalty`` of them; a battle its defense in defense counters (310.4b),
        protected by its controller; a Saga one lore counter (714.3a), without triggering.

        Permanents may start with ``counters`` (``{"+1/+1": 2}``), ``damage`` already marked
        (120.3), and, for an Aura, Equipment or Fortification, ``attached_to`` a permanent
        named as everywhere else (``"Grizzly Bears#2"``); an Aura must be able to enchant it
        (303.4), or the run fails."""
        self._before_run("add()")
        where = zone if isinstance(zone, Zone) else Zone(zone)
        if where in (Zone.STACK, Zone.LIBRARY, Zone.COMMAND):
            raise ValueError(f"use library() for libraries; {where.value} is not set up directly")
        _check_permanent_state(where, counters, damage, attached_to)
        for name in cards:
            self._setup.append(
                _Placement(
                    player,
                    where,
                    name,
                    tapped,
                    sick,
                    loyalty,
                    dict(counters or {}),
                    damage,
                    attached_to,
                )
            )
        return self

    def token(
        self,
        player: int,
        name: str | CardDefinition,
        *,
        power: int | None = None,
        toughness: int | None = None,
        colors: str = "",
        types: str = "Creature",
        subtypes: str | None = None,
        count: int = 1,
        tapped: bool = False,
        sick: bool = False,
        counters: Mapping[str, int] | None = None,
        damage: int = 0,
        attached_to: str | None = None,
    ) -> Scenario:
        """Put ``count`` tokens onto the battlefield under ``player``'s control (CR 111).

        ``name`` is a token definition of the card language (:func:`manaweave.cards.token`)
        or a word such as ``"Soldier"``: then the token has that creature type (or
        ``subtypes``), ``types``, ``colors`` (``"W"``, ``"RG"``) and ``power``/``toughness``,
        and is named, as CR 111.4 names tokens, "Soldier Token". ``tapped``, ``sick``,
        ``counters``, ``damage`` and ``attached_to`` as for :meth:`add`."""
        self._before_run("token()")
        if isinstance(name, CardDefinition):
            definition = name
        else:
            if (power is None) != (toughness is None):
                raise ValueError("give a token both power and toughness, or neither")
            unknown = [c for c in colors if c not in MANA_TYPES[:5]]
            if unknown:
                raise ValueError(f"token colors are W, U, B, R, G; not {''.join(unknown)!r}")
            pt = (power, toughness) if power is not None and toughness is not None else None
            definition = token(subtypes or name, colors, types, pt=pt, name=f"{name} Token")
        _check_permanent_state(Zone.BATTLEFIELD, counters, damage, attached_to)
        for _ in range(count):
            self._setup.append(
                _Placement(
                    player,
                    Zone.BATTLEFIELD,
                    definition,
                    tapped,
                    sick,
                    None,
                    dict(counters or {}),
                    damage,
                    attached_to,
                    is_token=True,
                )
            )
        return self

    def mana(self, player: int, mana: str) -> Scenario:
        """Put mana into ``player``'s mana pool as the game begins: ``"RRG"`` (or
        ``"{R}{R}{G}"``; ``C`` is colorless). It empties as steps end, as all mana does
        (106.4)."""
        self._before_run("mana()")
        symbols = [c for c in mana if c not in "{} "]
        unknown = [c for c in symbols if c not in MANA_TYPES]
        if unknown or not symbols:
            raise ValueError(f"mana is written with W, U, B, R, G and C: not {mana!r}")
        self._mana.setdefault(player, []).extend(symbols)
        return self

    def life(self, player: int, total: int | None = None) -> int:
        """Set (before :meth:`run`) or read (after) a player's life total."""
        if total is not None:
            self._before_run("life(player, total)")
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
        optional: bool = False,
    ) -> Scenario:
        """Cast ``card`` from hand when ``player`` has priority at that turn and step;
        ``face_down=True`` casts it face down with its morph ability (702.37c, 708.4).

        Targets are names (``"Grizzly Bears#2"`` for the second of several),
        ``"copy of <name>"`` for a copy of a spell (707.10), or player names (``"P1"``,
        ``"P2"``). With ``stack_empty=True`` the player first
        passes until the stack is empty, so earlier spells resolve first; with ``when``,
        until ``when(game)`` is true. ``x`` is the value announced for X (107.3a). For a
        variable number of targets ("up to three"), as many are chosen as are listed;
        script a division of damage (601.2d) with ``choose(player, DecisionKind.DIVISION,
        (1, 2))``. A cast never made fails the run, unless ``optional``.
        """
        return self._act(
            ScriptedAction(
                player,
                "cast face down" if face_down else "cast",
                card,
                turn or self.turn,
                step or self.step,
                tuple(targets),
                stack_empty=stack_empty,
                x=x,
                when=when,
                optional=optional,
            )
        )

    def play_land(
        self,
        player: int,
        card: str,
        *,
        turn: int | None = None,
        step: Step | None = None,
        stack_empty: bool = True,
        optional: bool = False,
    ) -> Scenario:
        """Play the land ``card`` from hand (a special action, CR 305.1), once the stack
        is empty (305.1 allows it only then)."""
        return self._act(
            ScriptedAction(
                player,
                "play",
                card,
                turn or self.turn,
                step or self.step,
                stack_empty=stack_empty,
                optional=optional,
            )
        )

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
        optional: bool = False,
    ) -> Scenario:
        """Activate an ability of the permanent ``card`` (``text`` picks which one);
        ``stack_empty``, ``x``, ``when`` and ``optional`` as for :meth:`cast`."""
        return self._act(
            ScriptedAction(
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
                optional=optional,
            )
        )

    def turn_face_up(
        self,
        player: int,
        card: str,
        *,
        turn: int | None = None,
        step: Step | None = None,
        stack_empty: bool = True,
        optional: bool = False,
    ) -> Scenario:
        """Turn the face-down ``card`` face up (a special action, CR 116.2b): a manifested
        card for its mana cost (701.40b), a card with morph for its morph cost (702.37e);
        by default once the stack is empty."""
        return self._act(
            ScriptedAction(
                player,
                "turn face up",
                card,
                turn or self.turn,
                step or self.step,
                stack_empty=stack_empty,
                optional=optional,
            )
        )

    def concede(
        self, player: int, *, turn: int | None = None, step: Step | None = None
    ) -> Scenario:
        """Concede the game when ``player`` next has priority at that turn and step (104.3a)."""
        return self._act(
            ScriptedAction(player, "concede", "the game", turn or self.turn, step or self.step)
        )

    def _act(self, action: ScriptedAction) -> Scenario:
        self._script.actions.append(action)
        return self

    def attack(
        self,
        player: int,
        *creatures: str,
        turn: int | None = None,
        defender: int | None = None,
        planeswalker: str | None = None,
        optional: bool = False,
    ) -> Scenario:
        """Declare ``creatures`` as attackers in ``turn`` (CR 508.1), attacking player
        ``defender`` (default: the first one) or the ``planeswalker`` or battle named (508.1b).
        A creature named twice attacks with two creatures of that name."""
        for name in creatures:
            self._script.attacks.append(
                ScriptedAttack(player, name, defender, planeswalker, turn or self.turn, optional)
            )
        return self

    def block(
        self,
        player: int,
        blocker: str,
        attacker: str,
        *,
        turn: int | None = None,
        optional: bool = False,
    ) -> Scenario:
        """Declare ``blocker`` as blocking ``attacker`` in ``turn`` (CR 509.1). A creature
        that can block several attackers (509.1a) is scripted once for each; a name
        scripted again picks another creature of that name if there is one."""
        self._script.blocks.append(
            ScriptedBlock(player, blocker, attacker, turn or self.turn, optional)
        )
        return self

    def choose(
        self,
        player: int,
        kind: DecisionKind,
        *picks: Any,
        turn: int | None = None,
        step: Step | None = None,
        optional: bool = False,
    ) -> Scenario:
        """Answer the next ``kind`` decision of ``player`` with these picks: names
        (discard, legend rule, bottom), words (``"keep"``), numbers, or damage amounts as
        a tuple. Without ``turn`` it answers the next such decision of the next run; with
        ``turn`` (and ``step``, whose turn defaults to the starting one) only one asked
        then."""
        if step is not None and turn is None:
            turn = self.turn
        self._script.answers.append(ScriptedAnswer(player, kind, picks, turn, step, optional))
        return self

    # --- running ------------------------------------------------------------------------------

    def run(self, until: tuple[int, Step] | None = None) -> Scenario:
        """Run until ``until`` = (turn, step) begins (default: the end step of the
        starting turn), or until the game ends.

        Another ``run`` continues the same game from there to a later step, with whatever
        was scripted in between. Every script whose moment has passed by then must have
        been used, unless ``optional``: otherwise the run fails, listing them."""
        stop = point(*(until or (self.turn, Step.END)))
        if self._thread is None:
            if stop < point(self.turn, self.step):
                raise ScenarioError(
                    f"run(until={point_text(stop)}) is before the scenario begins "
                    f"({point_text(point(self.turn, self.step))})"
                )
            thread = GameThread((self.turn, self.step, self.active), stop)
            game = self._start(thread)
            self._thread = thread
            # A game waiting at a checkpoint when the test is done with the scenario unwinds.
            weakref.finalize(self, thread.abandon)
            report = thread.play(game)
        else:
            thread = self._thread
            if self._at is None:
                ended = "is over" if self.outcome is not None else "stopped with an error"
                raise ScenarioError(f"the game {ended}; there is nothing to continue")
            if stop <= self._at:
                raise ScenarioError(
                    f"the game is already at {point_text(self._at)}: run(until=...) continues "
                    f"it, so name a later step than {point_text(stop)}"
                )
            if late := self._script.scripted_before(self._at):
                raise ScenarioError(
                    f"scripted for a moment the game is already past ({point_text(self._at)}): "
                    + "; ".join(late)
                )
            report = thread.resume(stop)
        self._at = report.stopped
        if report.failure is not None:
            self._at = None
            raise ScenarioError(report.failure)
        if report.error is not None:
            self._at = None
            raise report.error
        if report.outcome is not None:
            self.outcome = report.outcome
        if unused := self._script.unused(self._at):
            raise ScenarioError(unused_message(unused, self._at))
        return self

    def _start(self, thread: GameThread) -> Game:
        """Set the game up as scripted, to be played by ``thread``."""
        players = [_ScenarioPlayer(self._script, i) for i in range(self._players)]
        for seat, preferences in self.preferences.items():
            players[seat].preferences = preferences
        host = PluginHost(
            (*self._extra_plugins, self.decisions, _StopAt(thread)), autoload=self.autoload
        )
        game = new_game(
            decks=self._libraries,
            players=list[Player](players),
            seed=self.seed,
            variant=self.variant,
            options=self.options,
            plugins=host,
            game_id="scenario",
            # A scenario hides nothing from the test that scripts it: a fixed nonce keeps
            # its log the same from run to run.
            seed_nonce=SCENARIO_NONCE,
            deck_rules=UNCHECKED,  # a scenario's libraries are whatever the test needs
            # The game waits in its thread while the test looks at it at a checkpoint, and
            # its players are the test's own script: no time limit applies.
            decision_time_limit=None,
            seating="given",  # a scenario sets each seat up itself
        )
        for player in players:
            player.game = game
        self.game = game
        for state in game.players:
            state.life = game.variant.starting_life(game, state.id)
        for seat, life in self._life.items():
            # After every starting life: on a team that shares a life total, the total
            # given for one member is the team's (810.4).
            game.players[seat].life = life
        self._place(game)
        for state in game.players:
            state.turn_began = 0
            for symbol in self._mana.get(state.id, ()):
                state.mana_pool.add(symbol)
        game.starting_player = self.active
        return game

    def _place(self, game: Game) -> None:
        placed: list[tuple[_Placement, GameObject]] = []
        game.host.check_playable(
            p.card if isinstance(p.card, CardDefinition) else game.host.cards[p.card]
            for p in self._setup
        )
        for placement in self._setup:
            card = placement.card
            definition = card if isinstance(card, CardDefinition) else game.host.cards[card]
            obj = game.moves.new_object(definition, placement.player, placement.zone)
            obj.is_token = placement.is_token
            obj.tapped = placement.tapped
            count = obj.card.loyalty if placement.loyalty is None else placement.loyalty
            if placement.zone is Zone.BATTLEFIELD:
                if count:
                    obj.counters["loyalty"] = count
                if obj.card.defense:
                    obj.counters["defense"] = obj.card.defense  # 310.4b
                    obj.protector = placement.player  # 310.8a, no battle type
                if obj.card.final_chapter:
                    obj.counters["lore"] = 1  # 714.3a
                obj.counters.update(placement.counters)
                obj.damage = placement.damage
            # Set-up permanents have been controlled since before every player's most
            # recent turn (302.6) unless ``sick`` says they arrived this turn.
            obj.control_turn = self.turn if placement.sick else -1
            game.moves.put(obj)
            placed.append((placement, obj))
            self._placed[obj.id] = obj.name
        for placement, obj in placed:
            if placement.attached_to is not None:
                self._attach(game, obj, placement.attached_to)

    def _attach(self, game: Game, attachment: GameObject, host_name: str) -> None:
        hosts = resolve(game, host_name, game.battlefield)
        if not hosts:
            raise ScenarioError(f"{attachment.name} is attached to {host_name!r}: none in play")
        game.attach(attachment, hosts[0])
        if attachment.attached_to != hosts[0].id:
            raise ScenarioError(
                f"{attachment.name} can't be attached to {host_name} (303.4, 301.5, 701.3)"
            )

    # --- looking at the result ----------------------------------------------------------------

    @property
    def _game(self) -> Game:
        if self.game is None:
            raise ScenarioError("run() the scenario first")
        return self.game

    def permanents(self, name: str, player: int | None = None) -> list[GameObject]:
        """The permanents that ``name`` names (optionally only those ``player`` controls), in
        the order they entered: by current name, else printed name; ``"Name#n"`` the n-th
        of the whole battlefield's."""
        game = self._game
        found = named(game, name, game.battlefield)
        return [p for p in found if player is None or p.controller == player]

    def permanent(self, name: str, player: int | None = None) -> GameObject:
        """The permanent ``name`` names (optionally controlled by ``player``). A bare name
        that fits several permanents that differ (controller, tapped, damage, counters,
        attachments, characteristics, summoning sickness) is ambiguous: name one with
        ``"Name#n"``."""
        game = self._game
        mine = [p for p in game.battlefield if player is None or p.controller == player]
        found = resolve(game, name, mine)
        if not found:
            raise ScenarioError(f"no {name} on the battlefield")
        return found[0]

    def power(self, name: str, player: int | None = None) -> int | None:
        """The current power of a permanent (after continuous effects)."""
        return self._game.characteristics(self.permanent(name, player)).power

    def toughness(self, name: str, player: int | None = None) -> int | None:
        """The current toughness of a permanent (after continuous effects)."""
        return self._game.characteristics(self.permanent(name, player)).toughness

    def abilities(self, name: str, player: int | None = None) -> list[str]:
        """The texts of the abilities a permanent has now, after continuous effects (613):
        abilities granted count, abilities removed don't."""
        permanent = self.permanent(name, player)
        return [a.text for a in self._game.characteristics(permanent).abilities]

    def has_keyword(self, name: str, keyword: str, player: int | None = None) -> bool:
        """Whether a permanent has the keyword ability ``keyword`` (``"flying"``; any
        case) now, after continuous effects (613). A keyword no plugin of the game defines
        is an error, not ``False``."""
        game = self._game
        known = _keyword_names(game)
        wanted = keyword.lower()
        if wanted not in {k.lower() for k in known.values()}:
            raise ScenarioError(f"no keyword ability {keyword!r} in this game")
        abilities = game.characteristics(self.permanent(name, player)).abilities
        return wanted in {k.lower() for k in _keywords(abilities, known)}

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
        """Printed names of the permanents on the battlefield (controlled by ``player``)."""
        return [p.name for p in self._game.battlefield if player is None or p.controller == player]

    def events(self, name: str | None = None) -> list[dict[str, Any]]:
        """The logged events so far, optionally only those named ``name``: a kind of
        event of :func:`manaweave.events.record_classes` (``"damage_dealt"``). A name
        that is no kind of event is an error naming the known kinds, not an empty list."""
        kinds = record_classes()
        if name is not None and name not in kinds:
            close = difflib.get_close_matches(name, list(kinds), n=3)
            hint = f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""
            raise ScenarioError(
                f"no kind of event is named {name!r}{hint}; the kinds are "
                f"{', '.join(sorted(kinds))}"
            )
        return [e for e in self._game.log.records if name is None or e["event"] == name]

    def narration(self, viewer: int | None = None) -> list[str]:
        """The play-by-play of the game so far (:func:`manaweave.log.narrate`), as
        ``viewer`` (a seat, or ``None`` for a spectator) sees it, each object the scenario
        placed named by its card: the log never names those, since no event of the game
        put them there."""
        return list(narrate(self._game.log.records, viewer, names=self._placed))

    # --- what is legal now --------------------------------------------------------------------

    def _priority_options(self, player: int) -> list[Option]:
        """What ``player`` could do with priority now: the game's own list (117.1)."""
        return priority_options(self._game, player)

    def _named_in(self, name: str, zone: Zone, options: Sequence[tuple[Option, int]]) -> bool:
        """Whether one of ``options`` (each with its object's id) is for an object ``name``
        names among those in ``zone``."""
        game = self._game
        wanted = {o.id for o in named(game, name, zone_objects(game, zone))}
        return any(object_id in wanted for _, object_id in options)

    def can_cast(self, player: int, name: str) -> bool:
        """Whether ``player`` could cast the card ``name`` from their hand if they had
        priority now: the options the game itself offers (timing, 307.1 and 117.1a; a
        cost they can pay, 601.2f-h; legal targets, 601.2c)."""
        casts = [
            (o, o.card)
            for o in self._priority_options(player)
            if isinstance(o, Cast) and o.way is None
        ]
        return self._named_in(name, Zone.HAND, casts)

    def can_activate(self, player: int, name: str, text: str | None = None) -> bool:
        """Whether ``player`` could activate an ability of the permanent ``name`` (``text``,
        a part of its text, picks which) if they had priority now (602.2, 602.5, 605.3)."""
        activations = [
            (o, o.source)
            for o in self._priority_options(player)
            if isinstance(o, Activate) and (text is None or text in o.text)
        ]
        return self._named_in(name, Zone.BATTLEFIELD, activations)

    def can_play_land(self, player: int, name: str) -> bool:
        """Whether ``player`` could play the land ``name`` from their hand if they had
        priority now (305.1-305.2: their main phase, empty stack, a land play left)."""
        plays = [(o, o.card) for o in self._priority_options(player) if isinstance(o, PlayLand)]
        return self._named_in(name, Zone.HAND, plays)

    def can_attack(self, name: str, player_or_planeswalker: int | str | None = None) -> bool:
        """Whether the creature ``name`` could be declared as an attacker if its controller
        declared attackers now (508.1a-c), attacking anyone, the player with that index, or
        the planeswalker or battle named. Restrictions on the whole declaration and costs
        to attack are checked on a declaration (508.1c-d, 508.1h), not here."""
        game = self._game
        creature = self.permanent(name)
        options: list[tuple[Option, int]] = []
        for option in attack_options(game, creature.controller):
            if option.attacker != creature.id:
                continue
            target = player_or_planeswalker
            if isinstance(target, int) and (option.defender != target or option.permanent):
                continue
            if isinstance(target, str) and not (
                option.permanent is not None
                and option.permanent in {p.id for p in resolve(game, target, game.battlefield)}
            ):
                continue
            options.append((option, option.attacker))
        return bool(options)

    def can_block(self, blocker: str, attacker: str) -> bool:
        """Whether the creature ``blocker`` could be declared as blocking ``attacker`` now
        (509.1a-b): untapped, not blocking yet, ``attacker`` attacking ``blocker``'s
        controller, a planeswalker they control or a battle they protect (802.4a; their
        team, with shared team turns, 805.10d), and no restriction (flying, menace's
        "can't be blocked except by two", "can't block") on the pair. An attacker not
        attacking is looked at as if it attacked ``blocker``'s controller. Restrictions on
        the whole declaration and costs to block (509.1b-f) are checked on a declaration."""
        game = self._game
        defender = self.permanent(blocker)
        attacking = self.permanent(attacker)
        combat = game.combat
        if (
            combat is not None
            and attacking.id in combat.attackers
            and attacking.id not in attackers_facing(game, combat, defender.controller)
        ):
            return False
        blocks = block_options(game, defender.controller, [attacking.id])
        return any(isinstance(b, Block) and b.blocker == defender.id for b in blocks)


def _check_permanent_state(
    zone: Zone, counters: Mapping[str, int] | None, damage: int, attached_to: str | None
) -> None:
    if zone is not Zone.BATTLEFIELD and (counters or damage or attached_to):
        raise ValueError("counters, damage and attached_to are for permanents on the battlefield")
    if damage < 0 or any(n < 1 for n in (counters or {}).values()):
        raise ValueError("damage and counters are counted from 1 (0 damage is none)")

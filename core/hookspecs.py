# A hook specification's body is only its docstring: pluggy never calls it.
# mypy: disable-error-code="empty-body"
"""The plugin contract: every hook manaweave calls, with when and how results combine.

Hooks are named ``mw_<what>`` and fall in three groups:

* **Registration** (called once per plugin host, results merged in registration
  order): :func:`mw_keywords`, :func:`mw_variants`, :func:`mw_game_options`,
  :func:`mw_card_sets`, :func:`mw_bots`.
* **Lifecycle** (called at coarse moments of a game; no result, but for the awaitable
  an end of a step or phase may return for the core to await):
  :func:`mw_game_setup`, :func:`mw_turn_start`, :func:`mw_step_start`,
  :func:`mw_step_end`, :func:`mw_phase_end`, :func:`mw_game_copied`,
  :func:`mw_game_end`, :func:`mw_game_interrupted`.
* **Rule contributions** (called once per game at setup; the core indexes what they
  return and orders it as the Comprehensive Rules say):
  :func:`mw_collect_state_based_actions`, :func:`mw_collect_triggers`,
  :func:`mw_collect_replacements`, :func:`mw_collect_continuous_effects`,
  :func:`mw_collect_casting_options`.

As in pytest, where the default behaviour of a moment of the game is a rule, it is itself
a built-in hook implementation that runs after the plugins' (``trylast``): mana empties as
a step or phase ends (500.5) in ``manaweave.plugins.rules.mana_emptying``'s
:func:`mw_step_end` and :func:`mw_phase_end`, so a plugin acts before it, and turning that
plugin off takes the rule out.

No hook is called per object or per priority pass: plugins contribute objects once
and the core calls plain methods on them in the inner loop. Hooks with no
implementation are skipped. No hook is ``firstresult``: every one means "what each plugin
adds", so every implementation is called and the results are combined as each spec
says. The built-in rules, keywords, variants, sets and bots implement these same hooks,
as modules registered by name (``manaweave._engine._plugins.BUILTIN_PLUGINS``), and any of them
can be turned off by name; third-party plugins are entry points in the group
``manaweave``.

A hook that raises in a game, whatever it raises (an exception, ``SystemExit``,
``GeneratorExit``...) but a ``KeyboardInterrupt`` (a Ctrl-C, which interrupts the game),
ends the game with ``game_ended`` of reason ``plugin_failed`` naming its plugin, and
:class:`~manaweave.PluginError` is raised (``docs/architecture.md``, "When a plugin
fails"). Each call of a third-party plugin's hook of a game is timed, since every step
waits for it: the game's ``plugin_time`` and the log's ``plugin_time_ms`` say how long
each plugin's hooks took.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

import pluggy

if TYPE_CHECKING:
    from ._engine._game import Game, Outcome
    from ._engine._layers import Characteristics, ContinuousEffect
    from ._engine._objects import GameObject, PlayerState
    from ._engine._options import VariantOption
    from ._engine._replacement import ReplacementEffect
    from ._engine._turn import Phase, Step
    from ._engine._variant import Variant
    from ._engine._zone_move import ZoneMove
    from .cards import Ability, CardSet, CastingOption, TriggeredAbility
    from .players import Player

__all__ = [
    "AnnihilateCounters",
    "BaseStateBasedAction",
    "CeaseToExist",
    "ChooseOneToKeep",
    "Destroy",
    "KeywordAction",
    "LooksAt",
    "PlayerLoses",
    "PutIntoGraveyard",
    "RemoveCounters",
    "Sacrifice",
    "StateBasedAction",
    "StateBasedActionResult",
    "Unattach",
    "hookimpl",
    "hookspec",
    "mw_bots",
    "mw_card_sets",
    "mw_collect_casting_options",
    "mw_collect_continuous_effects",
    "mw_collect_replacements",
    "mw_collect_state_based_actions",
    "mw_collect_triggers",
    "mw_game_copied",
    "mw_game_end",
    "mw_game_interrupted",
    "mw_game_options",
    "mw_game_setup",
    "mw_keywords",
    "mw_phase_end",
    "mw_step_end",
    "mw_step_start",
    "mw_turn_start",
    "mw_variants",
]

PROJECT_NAME = "manaweave"
hookspec = pluggy.HookspecMarker(PROJECT_NAME)
"""Marks the hook specifications below (for this module's use)."""
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)
"""Decorator for plugin hook implementations: ``@manaweave.hookimpl``."""


class LooksAt(enum.Enum):
    """What a state-based action looks at; the core visits each subject once per check
    and hands it to every action that looks at it (see :class:`StateBasedAction`)."""

    EACH_PLAYER = "each player"
    """Every player still in the game: ``check_player``."""
    EACH_CREATURE = "each creature"
    """Every creature on the battlefield that has a toughness: ``check_permanent``."""
    EACH_PLANESWALKER = "each planeswalker"
    """Every planeswalker: ``check_permanent``."""
    EACH_BATTLE = "each battle"
    """Every battle: ``check_permanent``."""
    EACH_LEGENDARY_PERMANENT = "each legendary permanent"
    """Every legendary permanent: ``check_permanent``."""
    EACH_WORLD_PERMANENT = "each world permanent"
    """Every permanent with the world supertype: ``check_permanent``."""
    EACH_PERMANENT = "each permanent"
    """Every permanent: ``check_permanent``."""
    EACH_ATTACHMENT = "each attachment"
    """Every Aura, and every other permanent attached to an object: ``check_permanent``."""
    EACH_PERMANENT_WITH_COUNTERS = "each permanent with counters"
    """Every permanent with at least one counter on it: ``check_permanent``."""
    THE_GAME = "the game"
    """The game as a whole, after every subject above was visited: ``check_game``."""


@dataclass(frozen=True, slots=True)
class PutIntoGraveyard:
    """The permanent is put into its owner's graveyard (704.5f, 704.5i-k, 704.5m, ...)."""

    permanent: GameObject
    rule: str


@dataclass(frozen=True, slots=True)
class Destroy:
    """The permanent is destroyed (701.8a): regeneration and indestructible apply
    (704.5g-h)."""

    permanent: GameObject
    rule: str


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """The permanent's controller sacrifices it (701.21a, 704.5s)."""

    permanent: GameObject
    rule: str


@dataclass(frozen=True, slots=True)
class PlayerLoses:
    """The player loses the game (704.5a-c), unless they can't lose it (104.3)."""

    player: int
    reason: str
    """How the game says why: "life total 0 or less"."""
    rule: str


@dataclass(frozen=True, slots=True)
class Unattach:
    """The permanent becomes unattached and stays on the battlefield (704.5n, 704.5p)."""

    permanent: GameObject
    rule: str


@dataclass(frozen=True, slots=True)
class RemoveCounters:
    """``count`` counters of ``kind`` are removed from the permanent (704.5r)."""

    permanent: GameObject
    kind: str
    count: int
    rule: str


@dataclass(frozen=True, slots=True)
class AnnihilateCounters:
    """N +1/+1 and N -1/-1 counters are removed from the permanent, N the smaller of the
    two counts when the action is performed (704.5q)."""

    permanent: GameObject
    rule: str


@dataclass(frozen=True, slots=True)
class CeaseToExist:
    """The object ceases to exist: a token off the battlefield, a copy of a spell off the
    stack (704.5d-e)."""

    object: GameObject
    rule: str


@dataclass(frozen=True, slots=True)
class ChooseOneToKeep:
    """A request: ``player`` chooses one of ``permanents`` (all named ``name``) and the
    rest are put into their owners' graveyards (704.5j). The core asks the player during
    the check, with a :attr:`~manaweave.DecisionKind.LEGEND_RULE` decision, and adds the
    resulting :class:`PutIntoGraveyard` results where the request stood."""

    player: int
    name: str
    permanents: tuple[GameObject, ...]
    rule: str


StateBasedActionResult = (
    PutIntoGraveyard
    | Destroy
    | Sacrifice
    | PlayerLoses
    | Unattach
    | RemoveCounters
    | AnnihilateCounters
    | CeaseToExist
    | ChooseOneToKeep
)
"""What a state-based action's check may find."""


class StateBasedAction(Protocol):
    """A state-based action (CR 704.5, 704.6): built-in and contributed ones alike.

    Contributed once per game through :func:`mw_collect_state_based_actions`. Each time
    state-based actions are checked, the core makes one pass: for each player still in
    the game it calls ``check_player`` of the actions that look at
    :attr:`LooksAt.EACH_PLAYER`; for each permanent, ``check_permanent`` of those that
    look at it (creatures; then every permanent and the planeswalkers, battles,
    legendary and world permanents; then attachments; then permanents with counters);
    last, ``check_game`` of those that look at :attr:`LooksAt.THE_GAME`. Within each
    group actions are taken in the order of their ``rule``. The narrower what an action
    looks at, the less it costs: most permanents are handed to few actions.

    A check only appends what it finds to ``found`` (:data:`StateBasedActionResult`) and
    returns ``None`` (a third-party plugin's check that returns something is its
    plugin's failure); it changes nothing in the game, except state that is defined as
    "since state-based actions were last checked" (704.5b, 704.5h). The core then
    performs everything found simultaneously, as one event (704.3), logged as
    ``state_based_actions_performed``.
    Only the methods the ``looks_at`` members name are called; subclass
    :class:`BaseStateBasedAction` to inherit the others as no-ops.
    """

    rule: str
    """The rule it performs ("704.5g"): ordering, and the text of the log."""
    looks_at: frozenset[LooksAt]
    """Which subjects the core hands it."""

    def check_player(
        self, game: Game, player: PlayerState, found: list[StateBasedActionResult]
    ) -> None:
        """Look at one player still in the game."""

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        """Look at one permanent, with its current characteristics."""

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> None:
        """Look at the game after every player and permanent was looked at."""


class BaseStateBasedAction:
    """A convenient base for a :class:`StateBasedAction`: every check does nothing, so a
    subclass defines only the ones its ``looks_at`` names."""

    rule: str = ""
    looks_at: frozenset[LooksAt] = frozenset()

    def check_player(
        self, game: Game, player: PlayerState, found: list[StateBasedActionResult]
    ) -> None:
        """Nothing to look at in a player."""

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        """Nothing to look at in a permanent."""

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> None:
        """Nothing to look at in the game as a whole."""


@dataclass(frozen=True, slots=True)
class KeywordAction:
    """A keyword action (CR 701) a plugin defines: a verb of rules text ("mill",
    "destroy", "proliferate") and the function that performs it.

    Contributed through :func:`mw_keywords` with the keyword abilities; ``manaweave
    keywords`` lists it by ``name`` with its ``rule``. The game performs a keyword action
    only through the one registered under its name (:meth:`Game.keyword_action
    <manaweave.lowlevel.Game.keyword_action>`), never by importing its module: with the
    plugin turned off, nothing in the game performs it. An effect or cost of the card
    language that performs one names it in its ``keyword_actions`` (a class attribute), so
    that a card needing an action no plugin of the game defines is refused before the
    game starts.
    """

    name: str
    """Its name in words, as rules text writes it: "mill"."""
    rule: str
    """The rule that defines it: "701.17a"."""
    perform: Callable[..., Awaitable[object]]
    """The function that performs it: ``await perform(game, ...)``."""
    perform_together: Callable[..., Awaitable[list[GameObject]]] | None = None
    """The function that performs it on several objects at once, as one event ("destroy
    all creatures", 101.4): ``await perform_together(game, objects, ...)``, returning what
    each became; ``None`` if the action has no such form."""
    zone_move: Callable[..., ZoneMove | None] | None = None
    """For an action that moves a permanent: the zone move that performs it as part of a
    larger simultaneous event (state-based actions, 704.3): ``zone_move(game, permanent,
    rule=...)``, ``None`` when nothing moves (an indestructible permanent isn't destroyed).
    ``None`` if the action has no such form."""
    perform_chosen: Callable[..., Awaitable[None]] | None = None
    """For an action a player performs on objects of their choice ("discard two cards",
    701.9b): ``await perform_chosen(game, player, count, ...)``; ``None`` if it has none."""


# --- registration --------------------------------------------------------------------------


@hookspec
def mw_keywords() -> Sequence[type[Ability] | KeywordAction]:
    """Keyword abilities (CR 702) and keyword actions (CR 701) this plugin defines.

    Return the :class:`~manaweave.cards.Ability` classes of the keyword abilities, which
    card definitions use, and a :class:`KeywordAction` for each keyword action (the
    built-in ones are the modules of :mod:`manaweave.actions`).
    Called once per plugin host; every plugin's are merged into one registry by name (the
    class name in words, "first strike"), listed with the first CR rule their docstring
    cites (``manaweave keywords``). Two plugins may not define the same name.
    """


@hookspec
def mw_variants() -> Sequence[Variant]:
    """Game variants this plugin defines (CR 800-903), each with a unique ``name``.

    Called once per plugin host; every plugin's are merged by name, and two plugins
    defining the same name is an error."""


@hookspec
def mw_game_options() -> Sequence[VariantOption]:
    """Options this plugin adds to every variant: a house rule a game may be given, on
    whatever variant it is played (``manaweave play --option mana-burn=true``,
    ``new_game(options={"mana_burn": True})``).

    Each is a :class:`~manaweave.lowlevel.VariantOption`, given, checked and recorded in
    ``game_started`` (and so replayed) as the variant's own options are; the game's value
    is ``game.options[name]``, the option's default when it is not given. Called once per
    plugin host; a name that another plugin's option or a variant's own option has is an
    error naming both. An option is best off by default: a game that is not given it
    plays the rules as they are."""


@hookspec
def mw_card_sets() -> Sequence[CardSet]:
    """Card sets this plugin defines.

    Called once per plugin host; every plugin's sets join one card pool, in registration
    order, and card names are looked up across all of them."""


@hookspec
def mw_bots() -> Mapping[str, type[Player]]:
    """Bots this plugin provides, by the name ``manaweave play --bot NAME`` uses.

    Each value is a class whose constructor takes a keyword ``seed: int``. Called once
    per plugin host; for a name two plugins define, the first registered wins.
    """


# --- lifecycle -----------------------------------------------------------------------------


@hookspec
def mw_game_setup(game: Game) -> None:
    """A game has been built and is about to start (before CR 103); every plugin's
    implementation is called, after the rule contributions were collected."""


@hookspec
def mw_turn_start(game: Game) -> None:
    """A turn has begun (CR 500.1), before its untap step."""


@hookspec
def mw_step_start(game: Game, step: Step) -> None:
    """A step or phase has begun, before its turn-based actions (CR 500.2, 703)."""


@hookspec
def mw_step_end(game: Game, step: Step) -> Awaitable[None] | None:
    """A step is ending (CR 500.5): every player passed in succession with the stack empty
    (500.2), or the untap step's or a cleanup step's actions are done (500.3). Not called
    for a main phase, which has no steps (:func:`mw_phase_end` is).

    The built-in implementation (``manaweave.plugins.rules.mana_emptying``, ``trylast``)
    empties the players' mana pools (500.5, :meth:`Game.empty_mana_pools
    <manaweave.lowlevel.Game.empty_mana_pools>`): the plugins' implementations are called
    first, and find the mana still there. An implementation whose work asks players or
    goes through replacement effects returns a coroutine (an ``async def`` returns one
    when called): the core awaits the returned awaitables one after another, in the order
    the implementations were called, before the next step begins."""


@hookspec
def mw_phase_end(game: Game, phase: Phase) -> Awaitable[None] | None:
    """A phase is ending (CR 500.5): after :func:`mw_step_end` of its last step, or, for a
    main phase, as every player passed with the stack empty. The built-in implementation
    empties the mana pools, and the results are awaited, as for :func:`mw_step_end`."""


@hookspec
def mw_game_end(game: Game, outcome: Outcome) -> None:
    """The game has ended (CR 104); ``outcome`` says how. Called once the log is closed,
    and not when a game is replayed (:func:`manaweave.replay`): the game ended when it
    was played."""


@hookspec
def mw_game_copied(game: Game, copy: Game, copied: Callable[[object], object]) -> None:
    """``copy`` was made of ``game`` as a player decided (:meth:`Game.copy
    <manaweave.lowlevel.Game.copy>`), to be played on apart from it. A plugin that keeps
    something per game (keyed by the game) keeps it for the copy too: ``copied(x)`` is
    the copy's own version of anything ``x`` the original game holds (its state-based
    actions, objects, effects), ``x`` itself for what the two share."""


@hookspec
def mw_game_interrupted(game: Game, reason: str) -> None:
    """The game stopped being played before it ended: the process was interrupted
    (``reason``: ``"KeyboardInterrupt"``, a Ctrl-C). There is no outcome, so
    :func:`mw_game_end` is not called; this is the last hook of the game, called after
    ``game_interrupted`` was logged and before the log is closed, so a plugin can finish
    what it keeps per game (a file, a tally of games that were not played out).

    The interruption goes on whatever the hook does: an exception it raises is added to
    the ``KeyboardInterrupt`` as a note rather than replacing it."""


# --- rule contributions --------------------------------------------------------------------


@hookspec
def mw_collect_state_based_actions(game: Game) -> Sequence[StateBasedAction]:
    """State-based actions (CR 704.5, 704.6) for ``game``: fresh objects, since an action
    may keep state between the subjects of one check (:class:`StateBasedAction`).

    Called once per game; every plugin's are joined, built-in and third-party alike
    (the rules' own are :mod:`manaweave.plugins.rules.state_based_actions`), and checked
    together in the order of their rules, performed as one event (704.3)."""


@hookspec
def mw_collect_triggers(game: Game) -> Sequence[TriggeredAbility]:
    """Triggered abilities that a rule adds apart from cards (CR 603): each returned
    :class:`manaweave.cards.TriggeredAbility` is given to every player, held by an object in
    the command zone they control, so "you" in it is that player. Called once per game;
    every plugin's are joined and indexed by event type with the cards' own."""


@hookspec
def mw_collect_replacements(game: Game) -> Sequence[ReplacementEffect]:
    """Replacement and prevention effects that exist apart from cards (CR 614-616), such as
    a variant's rule: :class:`manaweave.lowlevel.ReplacementEffect` objects lasting the whole game
    (``Duration.PERMANENT``), with ``source`` 0 (no object) and the player they favour as
    ``controller``. Called once per game; every plugin's join the pipeline with the
    cards' own effects (616.1)."""


@hookspec
def mw_collect_continuous_effects(game: Game) -> Sequence[ContinuousEffect]:
    """Continuous effects that exist apart from cards (CR 611, 613):
    :class:`manaweave.lowlevel.ContinuousEffect` objects lasting the whole game, applying through
    ``applies_to`` to whatever matches at each moment (611.3a), in their layer by
    timestamp (give a timestamp of 0 to apply before every object's effects). Called once
    per game; every plugin's are joined."""


@hookspec
def mw_collect_casting_options(game: Game) -> Sequence[CastingOption]:
    """What a caster may announce as they cast a spell beyond its mode and its mana or
    alternative cost (CR 601.2b): :class:`manaweave.cards.CastingOption` objects, such as
    the one that lets cards with splice be revealed from the hand (702.47). The core asks
    each, in registration order, for every spell cast from a hand; the additional costs
    they return are paid with the spell's (601.2f-h). Called once per game; every
    plugin's are joined."""

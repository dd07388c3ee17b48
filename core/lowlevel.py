"""The engine's machinery, for code that extends it: keyword abilities, card effects that
need code of their own, variants, plugin hosts, tools over the event log.

Playing games needs none of this: :mod:`manaweave` has ``run``, ``play``, ``new_game``
and ``play_game``, decisions, decklists and errors. What is here is stable enough to build
on, but follows the engine more closely than the top level does.

The game and its objects
    ``Game``: the state of one game and the operations rules code performs on it.
    ``GameObject``: a card or token in a zone (CR 109.1); a zone change makes a new one.
    ``PlayerState``: one player's life, counters, zones and turn-scoped facts (CR 102, 119).
    ``StackItem``: anything on the stack: a spell's ``GameObject`` or an ``AbilityOnStack``.
    ``AbilityOnStack``: an activated or triggered ability on the stack (CR 113.1b, 602, 603).
    ``TargetRef``: a chosen target, an object id or ``("player", n)``.
    ``Combat``: who attacks what and who blocks whom this combat phase (``game.combat``,
    ``None`` outside one, CR 506), which a trigger or an effect may read.

The game's parts: ``game.moves``, ``game.life``, ... (see ``Game``)
    Each owns one kind of change. Their methods include the primitives that change the
    state directly, without replacement effects: for setting up a game and for the engine's
    own pipeline. A method of ``Game`` itself is always an event of the game or a read.
    ``ZoneMoves``: new objects, putting them into zones, moving them (``move_now``: at once;
    ``move_together`` with ``ZoneMove`` s: several as one event, choices first).
    ``Entering``: what is chosen as a permanent enters; simultaneous events (603.6, 614.12).
    ``Tokens``: tokens (``create_token``: one, unreplaced), copies, emblems (111, 707, 114).
    ``Counters``: counters on permanents (``add_counters``: unreplaced) and players (122).
    ``Life``: life totals (``pay_life``: a cost, life lost; ``change_life``: unreplaced) and
    losing the game (119, 104).
    ``Damage``: dealing damage and its results (120).
    ``Libraries``: shuffling, drawing, revealed top cards (401, 121).
    ``Attachments``: attaching Auras, Equipment and Fortifications (701.3).
    ``Retargeting``: changing targets; "becomes the target" triggers (115.7, 603.2).
    ``TurnEffects``: ending effects that last until a turn or its end (514.2, 611.2a).
    ``DerivedState``: every cache and fast-path counter, with one invalidation rule.
    ``Table``: the players' actors; asking them decisions, time limits, concession.

Running games
    ``run_game``: the turn loop; plays a built game, optionally from a given turn and step.
    ``Game.copy``: an independent copy of a game as a player decides at priority, for
    search; ``manaweave.play_game`` plays it on from that decision.
    ``ResumePoint``: where a priority round stands (``game.resume_point``).
    ``resolve_deck``: turns a deck spec (ready deck, file, card names) into a ``Decklist``.
    ``ready_decks``: the names of the ready decks the registered card sets ship.
    ``priority_options``: everything a player may do with priority now (CR 117.1).

Plugins and variants
    ``PluginHost``: the registered plugins and what they contribute: cards, keywords, variants.
    ``default_plugins``: the process-wide host: built-in plugins and installed entry points.
    ``BrokenPlugin``: an installed plugin that could not be loaded and was skipped
    (``PluginHost.broken``).
    ``PluginLoadWarning``: the warning that names such a plugin, its distribution and why.
    ``BUILTIN_PLUGINS``: the module names of the plugins every default host registers.
    ``SET_PACKAGES``: the package whose subpackages, found by themselves, are the built-in
    card sets (``plugins/sets/<code>/``).
    ``RULES_NEUTRAL_HOOKS``: the hooks of plugins that cannot change a game (bots,
    observers), which a replay ignores.
    ``ENTRY_POINT_GROUP``: the entry-point group of third-party plugins (``manaweave``).
    ``DEPRECATED_ENTRY_POINT_GROUPS``: the groups of manaweave 0.1, loaded with a warning.
    ``ENTRY_POINT_GROUPS``: every entry-point group searched, the current one first.
    ``PLUGINS_ENV``: the environment variable that registers (``NAME``) or turns off
    (``no:NAME``) plugins by name.
    ``AUTOLOAD_ENV``: the environment variable that, set to ``1``, stops entry-point loading.
    ``GameHooks``: one game's view of the plugins and its lifecycle calls.
    ``is_plugins_failure``: whether what plugin code raised is the plugin's failure (any
    exception, ``SystemExit``, ``GeneratorExit``...) or goes on (an interrupt, a
    cancellation).
    ``PluginTime``: how long each third-party plugin's hooks took in a game
    (``Game.plugin_time``), as ``HookTime`` entries.
    ``Keyword``: a keyword ability or action some plugin defines, with its plugin.
    ``FORMERLY_CORE_PLUGINS``: built-in plugins whose rule the core played before they
    were plugins (a log older than them played it; its replay keeps them).
    ``card_needs``, ``CardNeeds``: the keyword abilities and actions a card's text needs
    (``PluginHost.unplayable`` refuses a card whose keyword's plugin is turned off).
    ``Variant``: the base class of game variants; subclasses override what their rules change.
    ``VariantOption``: one option a variant accepts (800.2): its name, values and default.
    ``OptionValue``: what an option's value can be.
    ``parse_options``: options written ``NAME=VALUE``, read as the variant's options take them.
    ``resolve_options``: a game's options, checked, with the variant's defaults filled in.
    ``Team``: one team of a game, its members in seat order (``game.teams``, 102.3).
    ``Totals``: a life total and poison counters, a player's or a team's shared (810.4).
    ``range_of_influence_option``: the limited range of influence option (801), with a default.
    ``seat_distance``: how many seats apart two players sit, the shorter way round (801.2).
    ``ATTACK_OPTION``: the option choosing attack multiple players, left or right (802, 803).
    ``attackable_by_option``: the players one may attack under an attack option (802, 803).
    ``player_to_left``, ``player_to_right``, ``seated_next_to``: neighbours still in the
    game, by seat (101.4, 803, 811.4).
    ``DEPLOY_OPTION``: the deploy creatures option (804); ``DEPLOY_ABILITY`` the ability it
    gives each creature (804.2), by the continuous effect ``deploy_effect`` makes.
    ``TurnMarkers``, ``TurnMarker``: several turns at once, each with its own stack (807.4,
    807.5; ``game.turn_markers`` when ``Variant.turn_markers`` asks for them);
    ``MARKER_SPACING``: the four seats between markers (807.4b, 807.4d).

Layers: characteristics and continuous effects (CR 613)
    ``Characteristics``: an object's characteristics after continuous effects (CR 109.3).
    ``ContinuousEffect``: what a continuous effect does, in which layer, to what, how long (611).
    ``Duration``: how long a continuous or replacement effect lasts (CR 611.2).
    ``Layer``: the layers and sublayers of CR 613.1, in application order.
    ``AbilityIndex``: abilities filed by kind, an ability class with its subclasses, which
    ``Characteristics.abilities_of`` and ``CardDefinition.abilities_of`` look up (CR 113).

Replacement and prevention (CR 614, 615)
    ``ReplacementEffect``: the base of every replacement and prevention effect; its
    ``events`` declare the kinds of event below it applies to, the only ones it is offered.
    ``Event``: any of the events below, which replacement effects watch and change.
    ``EVENT_KINDS``: the kinds of ``Event``, each a class.
    ``DamageEvent``: damage that would be dealt (CR 120.1).
    ``ZoneChangeEvent``: an object that would move to another zone (CR 400.7).
    ``DrawEvent``: a player who would draw one card (CR 121.2).
    ``LifeGainEvent``: a player who would gain life (CR 119.3).
    ``LifeLossEvent``: a player who would lose life (CR 119.3).
    ``ManaLossEvent``: unspent mana a player would lose as a step or phase ends (CR 500.5).
    ``CounterEvent``: counters that would be put on a permanent (CR 122.6).
    ``TokenEvent``: tokens an effect would create (CR 111.1).
    ``TapEvent``: a permanent that would become tapped or untapped (CR 701.26).

Decisions
    ``DamageSplits``: every way to divide damage among recipients, as a lazy sequence.
    ``TieredDamageSplits``: the legal combat damage assignments when some recipients may be
    assigned damage only once those before them have enough (CR 702.19b-c).

Mana (CR 106, 107.4, 601.2g-h)
    ``ManaCost``: a parsed mana cost, ``ManaCost.parse("{2}{R}")`` (also at the top level).
    ``ManaPool``: the mana a player has, emptied between steps (CR 106.4).
    ``ManaSource``: one mana ability that could be activated to help pay a cost (CR 605).
    ``PaymentPlan``: one way to pay a cost from a pool and sources.
    ``payment_plans``: every distinct minimal way to pay a cost (CR 601.2g-h).
    ``can_pay``: whether a cost can be paid from a pool plus given mana abilities.
    ``pay_from_pool``: pays a whole cost from a pool and returns the mana spent.
    ``MANA_TYPES``: the six types of mana as one-letter strings, W U B R G C (CR 106.1b).
    ``COLORS``: the five colors of mana as one-letter strings, W U B R G (CR 106.1a).

Views (CR 400.2): what one player may know (also at the top level)
    ``GameView``: the whole game as one player sees it; ``OtherTurnView`` another turn under
    way in a game of several turns at once (807.4).
    ``PlayerView``: one player as the viewer sees them.
    ``ObjectView``: one object as the viewer sees it.
    ``build_view``: what ``Game.view`` returns; ``reuse=False`` makes every object's view
    anew rather than reuse the unchanged ones of the game's last views.

The event log and replays
    ``EventLog``: the JSON-lines event log a game writes (``game.log``; see ``manaweave.log``).
    ``LoggedEvent``: one event read back from a log.
    ``load_log``: reads a log file into a list of events (``GameLogError`` for a bad one).
    ``check_log``: whether a list of events is a log a replay can use (``GameLogError``).
    ``compare_streams``: the first difference between a logged and a replayed stream.
    ``check_plugins``: whether a host has the plugins a logged game can be replayed with.
    ``ReplayPlayer``: a player that gives the answers a recorded player gave.
    ``UnusableGame``: a game of a run or a dataset that is left out, and why (a damaged
    compressed member, a check it fails): what ``manaweave.dataset.read_games`` tells of.

Card data
    ``CardReference``: printed cards by name, from the MTGJSON-derived reference the package
    ships (``CardReference.shipped()``; ``manaweave.cards.printed_card`` looks one up).
    ``CardReferenceError``: a card reference file that cannot be read.

Tools behind the command line
    ``command_line``: the ``manaweave`` command as a function: arguments in, exit code out.
    ``deck_description``: what a decklist's leading comment says it is (``manaweave decks``).
    ``cards_command``: ``manaweave cards``: each set's cards, implemented and tested.
    ``card_command``: ``manaweave card NAME``: one card, printed, implemented, tested.
    ``set_status``: one card set's status given the tests that name its cards.
    ``SetStatus``: every card face one set knows of, with its status.
    ``CardStatus``: one card face: defined or not, and the tests naming it.
    ``coverage_command``: ``manaweave coverage``: the rules with at least one test.
    ``coverage_report``: compares the tests covering each rule with the edition's numbers.
    ``CoverageReport``: how the tests' ``rules`` markers cover the edition's rule numbers.
    ``coverage_table``: a ``CoverageReport`` as a rich table, by chapter or section.
    ``RuleBook``: every rule number of an edition, with chapter and section titles.
    ``rule_book``: the rule numbers of the edition the package ships.
    ``rule_sort_key``: the key that sorts rule numbers as the rules do.

Testing (see ``manaweave.pytest_plugin``)
    ``watch_games``: a context manager that sees every game built and object created.
    ``GameWatch``: what ``watch_games`` saw: the games, the names of the cards played.
    ``TestReport``: the test report the pytest plugin writes (``.manaweave/test-report.json``).
    ``TestRecord``: one test of a report: node id, outcome, rules, cards.
    ``TestReportError``: a test report file that cannot be read.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from ._engine._ability_index import AbilityIndex
from ._engine._attachments import Attachments
from ._engine._card_reference import CardReference, CardReferenceError
from ._engine._checked_games import UnusableGame
from ._engine._combat import Combat
from ._engine._counters import Counters
from ._engine._cr_rules import RuleBook, rule_book, rule_sort_key
from ._engine._damage import Damage
from ._engine._decisions import DamageSplits, TieredDamageSplits
from ._engine._decklist import deck_description
from ._engine._deploy import DEPLOY_ABILITY, DEPLOY_OPTION, deploy_effect
from ._engine._derived import DerivedState
from ._engine._durations import TurnEffects
from ._engine._entering import Entering
from ._engine._game import Game, ResumePoint
from ._engine._game_watch import GameWatch, watch_games
from ._engine._influence import range_of_influence_option, seat_distance
from ._engine._layers import Characteristics, ContinuousEffect, Duration, Layer
from ._engine._library import Libraries
from ._engine._life import Life
from ._engine._log_check import check_log
from ._engine._mana import (
    COLORS,
    MANA_TYPES,
    ManaCost,
    ManaPool,
    ManaSource,
    PaymentPlan,
    can_pay,
    pay_from_pool,
    payment_plans,
)
from ._engine._moves import ZoneMoves
from ._engine._objects import AbilityOnStack, GameObject, PlayerState, StackItem, TargetRef
from ._engine._options import OptionValue, VariantOption, parse_options, resolve_options
from ._engine._play import ready_decks, resolve_deck
from ._engine._playable import CardNeeds, card_needs
from ._engine._plugin_time import HookTime, PluginTime
from ._engine._plugins import (
    AUTOLOAD_ENV,
    BUILTIN_PLUGINS,
    DEPRECATED_ENTRY_POINT_GROUPS,
    ENTRY_POINT_GROUP,
    ENTRY_POINT_GROUPS,
    FORMERLY_CORE_PLUGINS,
    PLUGINS_ENV,
    RULES_NEUTRAL_HOOKS,
    SET_PACKAGES,
    BrokenPlugin,
    GameHooks,
    Keyword,
    PluginHost,
    PluginLoadWarning,
    default_plugins,
    is_plugins_failure,
)
from ._engine._priority import priority_options
from ._engine._replacement import (
    EVENT_KINDS,
    CounterEvent,
    DamageEvent,
    DrawEvent,
    Event,
    LifeGainEvent,
    LifeLossEvent,
    ManaLossEvent,
    ReplacementEffect,
    TapEvent,
    TokenEvent,
    ZoneChangeEvent,
)
from ._engine._replay import ReplayPlayer, check_plugins, compare_streams, load_log
from ._engine._retargeting import Retargeting
from ._engine._seating import (
    ATTACK_OPTION,
    attackable_by_option,
    player_to_left,
    player_to_right,
    seated_next_to,
)
from ._engine._table import Table
from ._engine._teams import Team, Totals
from ._engine._tokens import Tokens
from ._engine._turn_markers import MARKER_SPACING, TurnMarker, TurnMarkers
from ._engine._turnloop import run_game
from ._engine._variant import Variant
from ._engine._view import GameView, ObjectView, OtherTurnView, PlayerView, build_view
from ._engine._zone_move import ZoneMove
from .log import EventLog, LoggedEvent

if TYPE_CHECKING:
    from ._cli.card_info import main as card_command
    from ._cli.card_status import CardStatus as CardStatus
    from ._cli.card_status import SetStatus as SetStatus
    from ._cli.card_status import main as cards_command
    from ._cli.card_status import set_status as set_status
    from ._cli.coverage import CoverageReport as CoverageReport
    from ._cli.coverage import coverage_report as coverage_report
    from ._cli.coverage import coverage_table as coverage_table
    from ._cli.coverage import main as coverage_command
    from ._cli.main import main as command_line
    from .testing._report import TestRecord as TestRecord
    from .testing._report import TestReport as TestReport
    from .testing._report import TestReportError as TestReportError

__all__ = [
    "ATTACK_OPTION",
    "AUTOLOAD_ENV",
    "BUILTIN_PLUGINS",
    "COLORS",
    "DEPLOY_ABILITY",
    "DEPLOY_OPTION",
    "DEPRECATED_ENTRY_POINT_GROUPS",
    "ENTRY_POINT_GROUP",
    "ENTRY_POINT_GROUPS",
    "EVENT_KINDS",
    "FORMERLY_CORE_PLUGINS",
    "MANA_TYPES",
    "MARKER_SPACING",
    "PLUGINS_ENV",
    "RULES_NEUTRAL_HOOKS",
    "SET_PACKAGES",
    "AbilityIndex",
    "AbilityOnStack",
    "Attachments",
    "BrokenPlugin",
    "CardNeeds",
    "CardReference",
    "CardReferenceError",
    "CardStatus",
    "Characteristics",
    "Combat",
    "ContinuousEffect",
    "CounterEvent",
    "Counters",
    "CoverageReport",
    "Damage",
    "DamageEvent",
    "DamageSplits",
    "DerivedState",
    "DrawEvent",
    "Duration",
    "Entering",
    "Event",
    "EventLog",
    "Game",
    "GameHooks",
    "GameObject",
    "GameView",
    "GameWatch",
    "HookTime",
    "Keyword",
    "Layer",
    "Libraries",
    "Life",
    "LifeGainEvent",
    "LifeLossEvent",
    "LoggedEvent",
    "ManaCost",
    "ManaLossEvent",
    "ManaPool",
    "ManaSource",
    "ObjectView",
    "OptionValue",
    "OtherTurnView",
    "PaymentPlan",
    "PlayerState",
    "PlayerView",
    "PluginHost",
    "PluginLoadWarning",
    "PluginTime",
    "ReplacementEffect",
    "ReplayPlayer",
    "ResumePoint",
    "Retargeting",
    "RuleBook",
    "SetStatus",
    "StackItem",
    "Table",
    "TapEvent",
    "TargetRef",
    "Team",
    "TestRecord",
    "TestReport",
    "TestReportError",
    "TieredDamageSplits",
    "TokenEvent",
    "Tokens",
    "Totals",
    "TurnEffects",
    "TurnMarker",
    "TurnMarkers",
    "UnusableGame",
    "Variant",
    "VariantOption",
    "ZoneChangeEvent",
    "ZoneMove",
    "ZoneMoves",
    "attackable_by_option",
    "build_view",
    "can_pay",
    "card_command",
    "card_needs",
    "cards_command",
    "check_log",
    "check_plugins",
    "command_line",
    "compare_streams",
    "coverage_command",
    "coverage_report",
    "coverage_table",
    "deck_description",
    "default_plugins",
    "deploy_effect",
    "is_plugins_failure",
    "load_log",
    "parse_options",
    "pay_from_pool",
    "payment_plans",
    "player_to_left",
    "player_to_right",
    "priority_options",
    "range_of_influence_option",
    "ready_decks",
    "resolve_deck",
    "resolve_options",
    "rule_book",
    "rule_sort_key",
    "run_game",
    "seat_distance",
    "seated_next_to",
    "set_status",
    "watch_games",
]


_FROM_APPLICATIONS: dict[str, tuple[str, str]] = {
    "CardStatus": ("_cli.card_status", "CardStatus"),
    "CoverageReport": ("_cli.coverage", "CoverageReport"),
    "SetStatus": ("_cli.card_status", "SetStatus"),
    "TestRecord": ("testing._report", "TestRecord"),
    "TestReport": ("testing._report", "TestReport"),
    "TestReportError": ("testing._report", "TestReportError"),
    "card_command": ("_cli.card_info", "main"),
    "cards_command": ("_cli.card_status", "main"),
    "command_line": ("_cli.main", "main"),
    "coverage_command": ("_cli.coverage", "main"),
    "coverage_report": ("_cli.coverage", "coverage_report"),
    "coverage_table": ("_cli.coverage", "coverage_table"),
    "set_status": ("_cli.card_status", "set_status"),
}
"""What applications built on the engine define (the commands, the test report), by the
name it has here: the module and name it is imported from when first asked for, so that
a plugin importing this module imports the engine alone."""


def __getattr__(name: str) -> object:
    """Serve a name an application defines, importing it on first use."""
    home = _FROM_APPLICATIONS.get(name)
    if home is None:
        raise AttributeError(f"module 'manaweave.lowlevel' has no attribute {name!r}")
    module, attribute = home
    found: object = getattr(importlib.import_module(f"manaweave.{module}"), attribute)
    globals()[name] = found
    return found

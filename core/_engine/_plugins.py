"""Loading plugins and turning their contributions into registries (pluggy).

Built-in rules, keywords, variants, card sets and bots are ordinary plugins registered
by module name, and any of them can be turned off by name (``PluginHost(disable=...)``,
``MANAWEAVE_PLUGINS="no:NAME"``, ``manaweave play -p no:NAME``); third-party plugins come
from entry points in the group ``manaweave`` (the groups of manaweave 0.1 are still read,
with a ``DeprecationWarning``). ``MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD=1`` skips entry points.
"""

from __future__ import annotations

import copy
import importlib
import importlib.metadata
import importlib.util
import inspect
import os
import pkgutil
import re
import warnings
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import FrameType, ModuleType
from typing import TYPE_CHECKING, Protocol, cast

import pluggy
import trio

from manaweave import hookspecs
from manaweave._version import __version__
from manaweave.cards import Ability, CardPool, CardSet, CastingOption, TriggeredAbility
from manaweave.events import GameEnded
from manaweave.hookspecs import KeywordAction, StateBasedAction

from ._errors import (
    DeckRulesError,
    ManaweaveError,
    PluginContractError,
    PluginError,
    with_article,
)
from ._layers import ContinuousEffect, Duration
from ._options import VariantOption, normalize_name
from ._outcome import GameOver, Outcome
from ._playable import CardNeeds, TurnedOff, card_needs
from ._replacement import ReplacementEffect
from ._sba import StateBasedActions
from ._table import HarnessStop
from ._variant import Variant

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition
    from manaweave.hookspecs import StateBasedActionResult
    from manaweave.players import Player

    from ._game import Game
    from ._layers import Characteristics
    from ._objects import GameObject, PlayerState
    from ._turn import Phase, Step

__all__ = [
    "BUILTIN_PLUGINS",
    "DEPRECATED_ENTRY_POINT_GROUPS",
    "ENTRY_POINT_GROUP",
    "ENTRY_POINT_GROUPS",
    "FORMERLY_CORE_PLUGINS",
    "PLUGINS_ENV",
    "RULES_NEUTRAL_HOOKS",
    "SET_PACKAGES",
    "BrokenPlugin",
    "GameHooks",
    "Keyword",
    "PluginHost",
    "PluginLoadWarning",
    "default_plugins",
    "import_plugin",
    "is_plugins_failure",
    "parse_plugin_options",
    "short_name",
]

SET_PACKAGES = "manaweave.plugins.sets"
"""The package whose subpackages are the built-in card sets (``plugins/sets/<code>/``)."""


def _set_packages() -> tuple[str, ...]:
    """The built-in card sets, in name order: every package in :data:`SET_PACKAGES`, found
    by listing its folder, so that adding a set's folder needs no other edit. None is
    imported here; each builds its cards when a card of it is first needed."""
    spec = importlib.util.find_spec(SET_PACKAGES)
    folders = spec.submodule_search_locations if spec is not None else None
    found = pkgutil.iter_modules(list(folders or ()))
    return tuple(sorted(f"{SET_PACKAGES}.{module.name}" for module in found if module.ispkg))


BUILTIN_PLUGINS = (
    "manaweave.plugins.rules.state_based_actions",
    "manaweave.plugins.rules.deploy",
    "manaweave.plugins.rules.mana_emptying",
    "manaweave.actions.destroy",
    "manaweave.actions.discard",
    "manaweave.actions.manifest",
    "manaweave.actions.mill",
    "manaweave.actions.regenerate",
    "manaweave.actions.sacrifice",
    "manaweave.keywords.splice",
    "manaweave.keywords.enchant",
    "manaweave.keywords.equip",
    "manaweave.variants.two_player",
    "manaweave.variants.free_for_all",
    "manaweave.variants.two_headed_giant",
    "manaweave.variants.team_vs_team",
    "manaweave.variants.alternating_teams",
    "manaweave.variants.emperor",
    "manaweave.variants.grand_melee",
    "manaweave.keywords.morph",
    "manaweave.keywords.reach",
    "manaweave.keywords.flying",
    "manaweave.keywords.first_strike",
    "manaweave.keywords.double_strike",
    "manaweave.keywords.trample",
    "manaweave.keywords.vigilance",
    "manaweave.keywords.deathtouch",
    "manaweave.keywords.intimidate",
    "manaweave.keywords.landwalk",
    "manaweave.keywords.menace",
    "manaweave.keywords.defender",
    "manaweave.keywords.flash",
    "manaweave.keywords.haste",
    "manaweave.keywords.hexproof",
    "manaweave.keywords.indestructible",
    "manaweave.keywords.lifelink",
    "manaweave.keywords.shroud",
    "manaweave.keywords.protection",
    "manaweave.keywords.ward",
    *_set_packages(),
    "manaweave.plugins.bots.random_bot",
    "manaweave.plugins.bots.heuristic_bot",
    "manaweave.plugins.bots.mcts_bot",
)
"""Modules registered as plugins in every plugin host, in this order: the card sets are
those :data:`SET_PACKAGES` holds."""

FORMERLY_CORE_PLUGINS = frozenset({"manaweave.plugins.rules.mana_emptying"})
"""Built-in plugins whose rule the core itself played before it became a plugin: a log
written before then lists neither the plugin nor its being turned off, and was played
with the rule, so a replay keeps it (:func:`manaweave.replay`)."""

RULES_NEUTRAL_HOOKS = frozenset({"mw_bots", "mw_game_end", "mw_game_interrupted"})
"""The hooks that cannot change a game: a plugin implementing no others (a bot plugin, an
observer of finished games) is *rules-neutral*. A replay ignores whether such plugins are
installed, since the log holds every answer its bots gave; every other hook hands a plugin
the game or the rules (cards, keywords, variants, effects, turn and step hooks)."""

ENTRY_POINT_GROUP = "manaweave"
"""The entry-point group of third-party plugins, as ``pytest11`` is pytest's."""

DEPRECATED_ENTRY_POINT_GROUPS = (
    "manaweave.plugins",
    "manaweave.sets",
    "manaweave.variants",
    "manaweave.bots",
)
"""The entry-point groups of manaweave 0.1, still loaded for one release, each with a
``DeprecationWarning`` naming the distribution."""

ENTRY_POINT_GROUPS = (ENTRY_POINT_GROUP, *DEPRECATED_ENTRY_POINT_GROUPS)
"""Every entry-point group searched for third-party plugins, the current one first."""

AUTOLOAD_ENV = "MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD"
"""The environment variable that, set to ``1`` (or ``true``, ``yes``), stops loading plugins
from entry points."""
PLUGINS_ENV = "MANAWEAVE_PLUGINS"
"""The environment variable naming plugins to register (``module``) or turn off
(``no:NAME``), as pytest's ``-p`` does."""
"""Plugin options read by every plugin host, separated by spaces or commas: ``no:NAME``
turns a plugin off, ``NAME`` registers the module ``NAME`` as a plugin."""


MESSAGE_LIMIT = 200
"""The most characters of an exception's message that an error or the log repeats."""

_DIRECTORIES = re.compile(r"(?:[A-Za-z]:)?(?:[\\/][^\s'\"\\/:]+)+[\\/](?=[^\s'\"\\/]+)")
"""The directories of a file path in a message: they differ from machine to machine."""

_ADDRESSES = re.compile(r" at 0x[0-9A-Fa-f]+")
"""An object's address in memory, as a default ``repr`` shows it (``<Foo object at
0x7f...>``): it differs from run to run."""


class PluginLoadWarning(UserWarning):
    """An installed plugin (an entry point) could not be loaded and was skipped: the
    message names it, its distribution and why."""


@dataclass(frozen=True, slots=True)
class BrokenPlugin:
    """An entry point that could not be loaded or registered, and was skipped."""

    name: str
    """The plugin's registered name, ``manaweave:NAME``."""
    distribution: str | None
    """The distribution that declares it, when known."""
    reason: str
    """Why, one line: the exception, or the hook that does not fit."""


def _describe(error: BaseException) -> str:
    """An exception as one bounded line without file paths, the same on every machine:
    its type and the first line of its message (``ImportError: No module named 'x'``)."""
    try:
        text = str(error)
    except Exception:  # a __str__ that raises says nothing more
        text = ""
    return _bounded(f"{type(error).__name__}: {text}" if text else type(error).__name__)


def _bounded(text: str) -> str:
    """``text`` on one line, without directories or addresses in memory, at most
    :data:`MESSAGE_LIMIT` long: the same on every machine and in every run."""
    lines = text.strip().splitlines()
    line = _ADDRESSES.sub("", _DIRECTORIES.sub("", lines[0] if lines else ""))
    return line if len(line) <= MESSAGE_LIMIT else line[: MESSAGE_LIMIT - 3] + "..."


_PASSES_THROUGH = (KeyboardInterrupt, trio.Cancelled, GameOver, HarnessStop, PluginError)
"""What plugin code lets through as it is rather than failing with it: see
:func:`is_plugins_failure`."""


def is_plugins_failure(error: BaseException) -> bool:
    """Whether ``error``, raised out of a plugin's code, is that plugin's failure: any
    exception it raises, and ``SystemExit``, ``GeneratorExit`` or any other
    ``BaseException`` too (a plugin must not end the process, nor leave a log that says
    neither how the game ended nor that it was interrupted). Not a failure, and let through
    as it is:

    * ``KeyboardInterrupt``: a Ctrl-C is an interrupt of the process wherever it lands, in
      a hook too (Python cannot tell it from a plugin's own ``raise KeyboardInterrupt``,
      and a real one must never be reported as a plugin's failure);
    * ``trio.Cancelled``: the task playing the game is being cancelled;
    * ``GameOver``: the game ended as the rules say;
    * a ``HarnessStop``: the code running the game stops it (a scenario's checkpoint, a
      replay that has replayed as much as its log holds);
    * a :class:`PluginError`: a plugin's failure, named already;
    * a group of exceptions holding any of these."""
    if isinstance(error, BaseExceptionGroup):
        return all(is_plugins_failure(inner) for inner in error.exceptions)
    return not isinstance(error, _PASSES_THROUGH)


def import_plugin(name: str) -> ModuleType:
    """The plugin module ``name`` (``-p NAME``, ``MANAWEAVE_PLUGINS``), imported; a module
    that cannot be, whatever its import raises (even ``SystemExit``), is a
    :class:`PluginError` naming it."""
    try:
        return importlib.import_module(name)
    except BaseException as error:
        if not is_plugins_failure(error):
            raise
        raise PluginError(name, "", f"cannot be imported: {_describe(error)}") from error


def short_name(name: str) -> str:
    """A plugin's short name: ``flying`` for ``manaweave.keywords.flying``, ``bushido``
    for the entry point ``manaweave:bushido``."""
    return name.rpartition(":")[2].rpartition(".")[2]


def parse_plugin_options(options: Iterable[str]) -> tuple[list[str], list[str]]:
    """The modules to load and the plugins to turn off that ``options`` name, as on the
    command line (``-p NAME``, ``-p no:NAME``) or in ``MANAWEAVE_PLUGINS``: each option
    is ``NAME`` or ``no:NAME``."""
    load: list[str] = []
    disable: list[str] = []
    for option in options:
        if option.startswith("no:"):
            if not option[3:]:
                raise ValueError("'no:' names no plugin: write no:NAME")
            disable.append(option[3:])
        elif option:
            load.append(option)
    return load, disable


class PluginHost:
    """A pluggy plugin manager with manaweave's hookspecs, and what its plugins provide.

    The built-in plugins (:data:`BUILTIN_PLUGINS`) are registered first, then
    ``plugins``, then the modules named in ``MANAWEAVE_PLUGINS``, then the entry points
    of the group ``manaweave`` (unless ``autoload`` is false, or
    ``MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD=1``). ``disable`` turns plugins off by name, as
    do ``no:NAME`` options in ``MANAWEAVE_PLUGINS``: a built-in one by its module name
    or its short name (``manaweave.keywords.flying`` or ``flying``), an entry point by
    ``manaweave:NAME`` or ``NAME``. An unknown name is a ``ValueError`` listing the known
    ones.

    Registries (``variants``, ``cards``, ``keywords``, ``bots``) are built on first use,
    once.
    """

    def __init__(
        self,
        plugins: Iterable[object] = (),
        *,
        autoload: bool | None = None,
        disable: Iterable[str] = (),
    ) -> None:
        self.manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
        self.manager.add_hookspecs(hookspecs)
        self.versions: dict[str, str] = {}
        """Every registered plugin's name and version, in registration order."""
        self.distributions: dict[str, str] = {}
        """The distribution each plugin loaded from an entry point came from, by plugin name."""
        load, disabled_by_env = parse_plugin_options(
            os.environ.get(PLUGINS_ENV, "").replace(",", " ").split()
        )
        if autoload is None:
            autoload = os.environ.get(AUTOLOAD_ENV, "") not in ("1", "true", "yes")
        entries = _entry_points() if autoload else []
        self.disabled: frozenset[str] = _resolve_disabled(
            [*disable, *disabled_by_env], [name for name, _ in entries]
        )
        """The registered names of the plugins turned off."""
        self._disabled_modules = {name: name for name in BUILTIN_PLUGINS if name in self.disabled}
        """The module of each plugin turned off, by name (:attr:`turned_off`)."""
        self._disabled_modules.update(
            (name, entry.module) for name, entry in entries if name in self.disabled
        )
        self._card_needs: dict[int, tuple[CardDefinition, CardNeeds]] = {}
        self.broken: dict[str, BrokenPlugin] = {}
        """The entry points that could not be loaded or registered, by plugin name: each
        was skipped with a :class:`PluginLoadWarning`, and the host works without it."""
        for name in BUILTIN_PLUGINS:
            if name not in self.disabled:
                self.register(importlib.import_module(name), name=name, version=__version__)
        for plugin in plugins:
            self.register(plugin)
        for module in load:
            self.register(import_plugin(module))
        for name, entry in entries:
            if name not in self.disabled:
                self._register_entry_point(name, entry)

    def _register_entry_point(self, name: str, entry: importlib.metadata.EntryPoint) -> None:
        """Load and register one entry point; one that fails is skipped and reported."""
        distribution = getattr(entry.dist, "name", None)
        distribution = str(distribution) if distribution else None
        try:
            try:
                plugin = entry.load()
            except BaseException as error:  # whatever its import does
                if not is_plugins_failure(error):
                    raise
                raise PluginError(
                    name, "", f"cannot be imported: {_describe(error)}", distribution=distribution
                ) from error
            version = entry.dist.version if entry.dist is not None else ""
            self.register(plugin, name=name, version=version, distribution=distribution)
        except PluginError as error:
            self.broken[name] = BrokenPlugin(name, distribution, str(error))
            warnings.warn(f"{error}; it is skipped", PluginLoadWarning, stacklevel=4)
            return
        if distribution:
            self.distributions[name] = distribution

    def register(
        self,
        plugin: object,
        *,
        name: str | None = None,
        version: str = "",
        distribution: str | None = None,
    ) -> None:
        """Register one plugin object or module (before the registries are first used).

        A plugin is named by its module, or by its class's module and qualified name;
        registering the same object or module again does nothing, while two different
        plugin objects are both registered, the second with a numbered name.

        A plugin whose hooks do not fit the hookspecs (an unknown ``mw_`` hook, an
        argument no hookspec has, a wrapper) is not registered: :class:`PluginError`
        names it and the hook."""
        if self.manager.is_registered(plugin):
            return
        if name is None:
            cls = type(plugin)
            name = (
                plugin.__name__
                if isinstance(plugin, ModuleType)
                else f"{cls.__module__}.{cls.__qualname__}"
            )
            base, count = name, 1
            while self.manager.has_plugin(name):
                count += 1
                name = f"{base}#{count}"
        elif self.manager.has_plugin(name):
            return  # the same entry point seen again
        try:
            self.manager.register(plugin, name=name)
        except pluggy.PluginValidationError as error:
            self._unregister(name)
            named = re.search(r"for hook '(\w+)'", str(error))
            last_line = str(error).strip().splitlines()[-1] if str(error).strip() else ""
            raise PluginError(
                name,
                named.group(1) if named else "",
                _bounded(last_line),
                distribution=distribution,
            ) from error
        problem = self._unfit_hook(name)
        if problem is not None:
            self._unregister(name)
            raise PluginError(name, problem[0], problem[1], distribution=distribution)
        registered = self.manager.get_plugin(name)
        for caller in self.manager.get_hookcallers(registered) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is registered:
                    # pluggy calls ``function`` itself, so the wrapper keeps its calls,
                    # monitoring and tracing; the attribute is final to its type checker.
                    wrapped = _attributed(
                        impl.function, name, caller.name, distribution, impl.argnames
                    )
                    setattr(impl, "function", wrapped)  # noqa: B010
        self.versions[name] = version

    def _unregister(self, name: str) -> None:
        """Take back whatever a failed registration of ``name`` left registered."""
        if self.manager.has_plugin(name):
            self.manager.unregister(name=name)

    def _unfit_hook(self, name: str) -> tuple[str, str] | None:
        """The first hook of the plugin ``name`` that no hookspec has, or that wraps the
        others (the core calls each implementation itself, to know whose failed), with
        why; ``None`` if every one fits."""
        plugin = self.manager.get_plugin(name)
        for caller in self.manager.get_hookcallers(plugin) or ():
            for impl in caller.get_hookimpls():
                if impl.plugin is not plugin:
                    continue
                if not caller.has_spec() and not impl.optionalhook:
                    return caller.name, f"no hook is named {caller.name!r}"
                if impl.wrapper or impl.hookwrapper:
                    return caller.name, "manaweave hooks cannot be wrappers"
        return None

    @property
    def plugin_versions(self) -> list[list[str]]:
        """Registered plugin names with their versions, in registration order."""
        return [[name, version] for name, version in self.versions.items()]

    @property
    def neutral_plugins(self) -> list[str]:
        """The registered plugins that cannot change a game, in registration order: those
        implementing no hook but :data:`RULES_NEUTRAL_HOOKS` (bots, observers)."""
        return [name for name in self.versions if self._hooks_of(name) <= RULES_NEUTRAL_HOOKS]

    def _hooks_of(self, name: str) -> set[str]:
        """The names of the hooks the plugin registered as ``name`` implements."""
        callers = self.manager.get_hookcallers(self.manager.get_plugin(name))
        return {caller.name for caller in callers or ()}

    # --- registries ---------------------------------------------------------------------------

    @cached_property
    def variants(self) -> dict[str, Variant]:
        """Every variant, by name (with underscores, :func:`normalize_name`)."""
        found: dict[str, Variant] = {}
        for contributed in self.manager.hook.mw_variants():
            for variant in contributed:
                key = normalize_name(variant.name)
                if key in found:
                    raise ValueError(f"two plugins define the variant {variant.name!r}")
                found[key] = variant
        return found

    @cached_property
    def game_options(self) -> dict[str, tuple[VariantOption, str]]:
        """The options the plugins add to every variant (``mw_game_options``), each with
        the plugin that adds it, by name; two plugins adding the same name is an error
        naming both."""
        found: dict[str, tuple[VariantOption, str]] = {}
        for impl in reversed(self.manager.hook.mw_game_options.get_hookimpls()):
            contributed = cast("Iterable[VariantOption]", impl.function() or ())
            for option in contributed:
                earlier = found.get(option.name)
                if earlier is not None:
                    raise ValueError(
                        f"two plugins add the option {option.name!r}: {earlier[1]} and "
                        f"{impl.plugin_name}"
                    )
                found[option.name] = (option, impl.plugin_name)
        return found

    def options_of(self, variant: Variant) -> tuple[VariantOption, ...]:
        """The options a game of ``variant`` may be given: the variant's own (800.2), then
        those the plugins add to every variant (:attr:`game_options`). A plugin's option
        with the name of one of the variant's is an error naming both."""
        own = {option.name for option in variant.options}
        for name, (_, plugin) in self.game_options.items():
            if name in own:
                raise ValueError(
                    f"the plugin {plugin} adds the option {name!r}, which the {variant.name} "
                    "variant has already"
                )
        return (*variant.options, *(option for option, _ in self.game_options.values()))

    def variant(self, name: str) -> Variant:
        """The variant named ``name`` (a hyphen reads as an underscore:
        ``two-headed-giant``); raises ``ValueError`` listing the known ones."""
        try:
            return self.variants[normalize_name(name)]
        except KeyError:
            known = ", ".join(sorted(self.variants))
            raise ValueError(f"unknown variant {name!r}; known variants: {known}") from None

    @cached_property
    def cards(self) -> CardPool:
        """Every card of every registered set."""
        sets = [
            s for contributed in reversed(self.manager.hook.mw_card_sets()) for s in contributed
        ]
        return CardPool(sets)

    @cached_property
    def keywords(self) -> dict[str, Keyword]:
        """Every keyword ability or keyword action the plugins define (``mw_keywords``),
        by name: an ability's class name in words (``FirstStrike`` is "first strike"), a
        keyword action's ``name``. Two plugins defining the same name is an error naming
        both."""
        found: dict[str, Keyword] = {}
        for impl in reversed(self.manager.hook.mw_keywords.get_hookimpls()):
            contributed = cast("Iterable[object]", impl.function() or ())
            for defined in contributed:
                if isinstance(defined, KeywordAction):
                    keyword = Keyword.of_action(defined, impl.plugin_name)
                else:  # the attributed hook let only these two through
                    keyword = Keyword.of(cast("type[Ability]", defined), impl.plugin_name)
                earlier = found.get(keyword.name)
                if earlier is not None and earlier.defines is not keyword.defines:
                    raise ValueError(
                        f"two plugins define the keyword {keyword.name!r}: "
                        f"{earlier.plugin} and {keyword.plugin}"
                    )
                found[keyword.name] = keyword
        return found

    @cached_property
    def bots(self) -> dict[str, type[Player]]:
        """Every bot class, by name."""
        found: dict[str, type[Player]] = {}
        for contributed in reversed(self.manager.hook.mw_bots()):
            for name, factory in contributed.items():
                found.setdefault(name, factory)
        return found

    def bot(self, name: str, *, seed: int) -> Player:
        """A new bot by name; raises ``ValueError`` listing the known ones."""
        try:
            factory = self.bots[name]
        except KeyError:
            known = ", ".join(sorted(self.bots))
            raise ValueError(f"unknown bot {name!r}; known bots: {known}") from None
        return factory(seed=seed)  # type: ignore[call-arg]

    @cached_property
    def turned_off(self) -> TurnedOff:
        """What the plugins turned off define: the keyword abilities and actions of the
        built-in ones (each such module says, through its ``mw_keywords``), and every
        turned-off plugin's module, for what a third party's defines (it is not imported:
        it was turned off)."""
        abilities: dict[type[Ability], tuple[str, str, str]] = {}
        actions: dict[str, str] = {}
        for name in sorted(self.disabled):
            if name not in BUILTIN_PLUGINS:
                continue
            defines = getattr(importlib.import_module(name), "mw_keywords", None)
            for defined in defines() if defines is not None else ():
                if isinstance(defined, KeywordAction):
                    actions[defined.name] = name
                else:
                    keyword = Keyword.of(defined, name)
                    abilities[defined] = (keyword.name, keyword.rule, name)
        return TurnedOff(abilities, actions, dict(self._disabled_modules))

    def unplayable(self, definition: CardDefinition) -> str | None:
        """Why the card ``definition`` can't be played with these plugins, or ``None``: its
        text needs a keyword ability whose plugin is turned off, or a keyword action no
        plugin defines (:mod:`manaweave._engine._playable`)."""
        known = self._card_needs.get(id(definition))
        if known is None:
            known = self._card_needs[id(definition)] = (definition, card_needs(definition))
        needs = known[1]
        if not needs.actions and not self.disabled:
            return None
        defined = [k.name for k in self.keywords.values() if k.action is not None]
        return self.turned_off.problem(definition.name, needs, defined)

    def check_playable(self, definitions: Iterable[CardDefinition]) -> None:
        """Raise :class:`~manaweave.DeckRulesError` listing every card of ``definitions``
        that can't be played with these plugins (:meth:`unplayable`), each naming the
        plugin turned off."""
        unique = {id(definition): definition for definition in definitions}.values()
        found = tuple(problem for d in unique if (problem := self.unplayable(d)) is not None)
        if len(found) == 1:
            message = f"a card can't be played in this game: {found[0]}"
        else:
            listed = "".join(f"\n  - {problem}" for problem in found)
            message = f"{len(found)} cards can't be played in this game:{listed}"
        if found:
            raise DeckRulesError(message, problems=found)

    # --- per game ---------------------------------------------------------------------------

    def setup(self, game: Game) -> GameHooks:
        """Collect the rule contributions for ``game`` and call ``mw_game_setup``.

        What a collecting hook returns that its contract does not allow is a
        :class:`PluginContractError`, raised here. A hook that raises ends the game at once
        (:meth:`GameHooks.stop`): the returned hooks hold the error as ``failure``, and
        playing the game raises it."""
        hooks = GameHooks(self.manager, game, self.distributions)
        if hooks.failure is not None:
            return hooks
        try:
            self.manager.hook.mw_game_setup(game=game)
        except PluginError as failure:
            hooks.stop(game, failure)
        return hooks


@dataclass(frozen=True, slots=True)
class Keyword:
    """A keyword ability or keyword action a plugin defines (CR 702, 701)."""

    name: str
    """Its name in words: "first strike", "morph", "mill"."""
    ability: type[Ability] | None
    """A keyword ability's class; ``None`` for a keyword action."""
    plugin: str
    """The plugin that defines it."""
    rule: str
    """The rule that defines it ("702.37a"): for an ability, the first 701 or 702 rule
    its docstring cites, or ``""``."""
    action: KeywordAction | None = None
    """A keyword action's description; ``None`` for a keyword ability."""

    @property
    def defines(self) -> object:
        """What it is: the ability class or the keyword action."""
        return self.ability if self.ability is not None else self.action

    @classmethod
    def of(cls, ability: type[Ability], plugin: str) -> Keyword:
        """The entry for ``ability`` as ``plugin`` defines it."""
        name = re.sub(r"(?<!^)(?=[A-Z])", " ", ability.__name__).lower()
        cited = re.search(r"\b(70[12]\.\d+[a-z]?)\b", ability.__doc__ or "")
        return cls(name, ability, plugin, cited.group(1) if cited else "")

    @classmethod
    def of_action(cls, action: KeywordAction, plugin: str) -> Keyword:
        """The entry for the keyword action ``action`` as ``plugin`` defines it."""
        return cls(action.name, None, plugin, action.rule, action)


_NO_ACTIONS = StateBasedActions(())


class GameHooks:
    """One game's view of the plugins: what they contributed and the lifecycle calls.

    Lifecycle hooks without implementations are not called at all. A hook that raises
    raises :class:`PluginError` naming its plugin (each implementation is wrapped so at
    registration, :meth:`PluginHost.register`); so does a check of a third-party plugin's
    state-based action.
    """

    def __init__(
        self,
        manager: pluggy.PluginManager,
        game: Game,
        distributions: Mapping[str, str] | None = None,
    ) -> None:
        hook = manager.hook
        self._hook = hook
        self._manager = manager
        self._distributions = distributions or {}
        self.failure: PluginError | None = None
        """The plugin failure that ended the game, once one has (:meth:`stop`)."""
        self._turn_start = self._step_start = self._game_end = False
        self._step_end = self._phase_end = False
        self._game_interrupted = False
        self.state_based_actions = _NO_ACTIONS
        """The state-based actions every plugin contributed, grouped for the core's pass."""
        try:
            self._collect(hook, game)
        except PluginContractError:
            raise
        except PluginError as failure:
            self.stop(game, failure)

    def __deepcopy__(self, memo: dict[int, object]) -> GameHooks:
        # A copied game (Game.copy) calls the same plugins; only the state-based actions
        # may hold something of the game's own (StateBasedActions decides).
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.state_based_actions = copy.deepcopy(self.state_based_actions, memo)
        return twin

    def _collect(self, hook: pluggy.HookRelay, game: Game) -> None:
        """Call the rule-contribution hooks and hand what they return to ``game``."""
        self.state_based_actions = StateBasedActions(
            x for part in reversed(hook.mw_collect_state_based_actions(game=game)) for x in part
        )
        for ability in [x for part in hook.mw_collect_triggers(game=game) for x in part]:
            for state in game.players:
                game.add_rule_ability(state.id, ability)
        for effect in [x for part in hook.mw_collect_replacements(game=game) for x in part]:
            if effect.duration is not Duration.PERMANENT:
                raise ValueError(
                    f"a plugin's replacement effect lasts the whole game: {effect.text!r} has "
                    f"duration {effect.duration.value}"
                )
            game.replacement_effects.append(effect)
        for continuous in [
            x for part in hook.mw_collect_continuous_effects(game=game) for x in part
        ]:
            if continuous.duration is not Duration.PERMANENT:
                raise ValueError(
                    f"a plugin's continuous effect lasts the whole game: "
                    f"{continuous.description!r} has duration {continuous.duration.value}"
                )
            game.add_whole_game_effect(continuous)
        for option in [x for part in hook.mw_collect_casting_options(game=game) for x in part]:
            game.casting_options.append(option)
        self._turn_start = bool(hook.mw_turn_start.get_hookimpls())
        self._step_start = bool(hook.mw_step_start.get_hookimpls())
        self._step_end = bool(hook.mw_step_end.get_hookimpls())
        self._phase_end = bool(hook.mw_phase_end.get_hookimpls())
        self._game_end = bool(hook.mw_game_end.get_hookimpls())
        self._game_interrupted = bool(hook.mw_game_interrupted.get_hookimpls())

    def turn_start(self, game: Game) -> None:
        """Call ``mw_turn_start`` if any plugin implements it."""
        if self._turn_start:
            self._hook.mw_turn_start(game=game)

    def step_start(self, game: Game, step: Step) -> None:
        """Call ``mw_step_start`` if any plugin implements it."""
        if self._step_start:
            self._hook.mw_step_start(game=game, step=step)

    async def step_end(self, game: Game, step: Step) -> None:
        """Call ``mw_step_end`` if any plugin implements it, and await what its
        implementations return, in the order they were called."""
        if self._step_end:
            await _awaited(self._hook.mw_step_end(game=game, step=step))

    async def phase_end(self, game: Game, phase: Phase) -> None:
        """Call ``mw_phase_end`` if any plugin implements it, as :meth:`step_end` does."""
        if self._phase_end:
            await _awaited(self._hook.mw_phase_end(game=game, phase=phase))

    def mute_observers(self) -> None:
        """Call neither ``mw_game_end`` nor ``mw_game_interrupted`` for this game: a replay
        plays a game again to compare its log, and the plugins that watch games end
        heard of this one when it was played (a replay also ignores whether they are
        installed, :data:`RULES_NEUTRAL_HOOKS`, so what they do cannot change its result)."""
        self._game_end = self._game_interrupted = False

    def game_end(self, game: Game, outcome: Outcome) -> None:
        """Call ``mw_game_end`` if any plugin implements it."""
        if self._game_end:
            self._hook.mw_game_end(game=game, outcome=outcome)

    def game_interrupted(self, game: Game, reason: str) -> None:
        """Call ``mw_game_interrupted`` if any plugin implements it."""
        if self._game_interrupted:
            self._hook.mw_game_interrupted(game=game, reason=reason)

    def failure_in_plugin_code(self, error: BaseException) -> PluginError | None:
        """``error``, raised in a game outside any hook, as a :class:`PluginError` naming
        the third-party plugin whose code raised it, or ``None`` when it is not a plugin's
        failure (:func:`is_plugins_failure`) or not a plugin's at all.

        Plugin code runs in a game as much from what its hooks contributed (a card's
        effect, a trigger's condition, a replacement or continuous effect) as from the
        hooks themselves. Such an error is the plugin's when the innermost frame of its
        traceback that belongs to a plugin is a third-party plugin's: code in the
        plugin's own module (or package), or in the package that holds it. The engine's
        deliberate errors (:class:`~manaweave.ManaweaveError`, such as a rule not
        implemented yet) and errors in the built-in plugins stay what they are."""
        if isinstance(error, ManaweaveError) or not is_plugins_failure(error):
            return None
        owners = _third_party_modules(self._manager)
        if not owners:
            return None
        frames: list[FrameType] = []
        tb = error.__traceback__
        while tb is not None:
            frames.append(tb.tb_frame)
            tb = tb.tb_next
        for frame in reversed(frames):
            module = frame.f_globals.get("__name__")
            if not isinstance(module, str):
                continue
            owner = _owner_of(module, owners)
            if owner is not None:
                return PluginError(
                    owner,
                    frame.f_code.co_qualname,
                    _describe(error),
                    distribution=self._distributions.get(owner),
                )
        return None

    def stop(self, game: Game, failure: PluginError) -> None:
        """End ``game`` because a plugin failed: log ``game_ended`` with the reason
        ``plugin_failed``, the plugin's name and what went wrong (no rule of the game ends
        it so, and nobody wins), and keep ``failure`` to raise once the log is closed."""
        self.failure = failure
        game.outcome = Outcome((), PLUGIN_FAILED, game.turn)
        game.emit(
            GameEnded(
                winners=[],
                reason=PLUGIN_FAILED,
                turns=game.turn,
                seed=game.seed,
                seed_nonce=game.seed_nonce,
                plugin=failure.plugin,
                message=failure.detail,
                plugin_time_ms=game.plugin_time.for_log(),
            )
        )


def _third_party_modules(manager: pluggy.PluginManager) -> list[tuple[str, str, bool]]:
    """For each third-party plugin: a module name its code lives under, the plugin's
    name, and whether that is the plugin's own module (rather than the package that
    holds it), own modules first."""
    own: list[tuple[str, str, bool]] = []
    holding: list[tuple[str, str, bool]] = []
    for name, plugin in manager.list_name_plugin():
        if name in BUILTIN_PLUGINS or plugin is None:
            continue
        module = plugin.__name__ if isinstance(plugin, ModuleType) else type(plugin).__module__
        own.append((module, name, True))
        is_package = isinstance(plugin, ModuleType) and hasattr(plugin, "__path__")
        parent = module.rpartition(".")[0]
        if not is_package and parent and not parent.startswith("manaweave"):
            holding.append((parent, name, False))
    return own + holding


def _owner_of(module: str, owners: Sequence[tuple[str, str, bool]]) -> str | None:
    """The plugin whose code ``module`` is: the one with the longest own module that
    holds it, else the one with the longest holding package."""
    for wanted in (True, False):
        best: tuple[int, str] | None = None
        for prefix, name, is_own in owners:
            if is_own is not wanted:
                continue
            if (module == prefix or module.startswith(prefix + ".")) and (
                best is None or len(prefix) > best[0]
            ):
                best = (len(prefix), name)
        if best is not None:
            return best[1]
    return None


PLUGIN_FAILED = "plugin_failed"
"""The ``reason`` of a ``game_ended`` line when a plugin failed during the game."""


def _attributed(
    function: Callable[..., object],
    plugin: str,
    hook: str,
    distribution: str | None,
    argnames: Sequence[str] = (),
) -> Callable[..., object]:
    """``function``, one plugin's implementation of ``hook`` (pluggy calls it with the
    arguments ``argnames`` name, in that order), made to name the plugin when it fails:
    what it raises that is its failure (:func:`is_plugins_failure`: any exception but
    ``GameOver``, the game ending as the rules say, and ``SystemExit``, ``GeneratorExit``
    and other ``BaseException`` but an interrupt or a cancellation) becomes a
    :class:`PluginError`, and a result its hook's contract does not allow a
    :class:`PluginContractError`. A third-party plugin's state-based actions are wrapped
    so that their checks name it too.

    A third-party plugin's hooks of a game (those with a ``game`` argument) are timed:
    each call adds to the game's :attr:`~manaweave.lowlevel.Game.plugin_time`."""
    check = _RESULT_CHECKS.get(hook)
    timed = plugin not in BUILTIN_PLUGINS and "game" in argnames
    game_at = list(argnames).index("game") if timed else 0

    def call(*arguments: object) -> object:
        spent = cast("Game", arguments[game_at]).plugin_time if timed else None
        started = 0.0 if spent is None else spent.clock()
        try:
            result = function(*arguments)
        except BaseException as error:
            if not is_plugins_failure(error):
                raise
            raise PluginError(plugin, hook, _describe(error), distribution=distribution) from error
        finally:
            if spent is not None:
                spent.add(plugin, hook, spent.clock() - started)
        if check is None or result is None:
            return result
        problem = check(result)
        if problem is not None:
            raise PluginContractError(plugin, hook, problem, distribution=distribution)
        if hook == "mw_collect_state_based_actions" and plugin not in BUILTIN_PLUGINS:
            actions = cast("Sequence[StateBasedAction]", result)
            return [_AttributedAction(a, plugin, distribution) for a in actions]
        return result

    return call


async def _awaited(results: Sequence[object]) -> None:
    """Await each awaitable a lifecycle hook's implementations returned, in order: the
    part of their work that asks players or goes through replacement effects (what else
    they may return was refused as they returned it, :func:`_awaitable`)."""
    for result in results:
        if result is not None:
            await cast("Awaitable[object]", result)


def _awaitable(result: object) -> str | None:
    if inspect.isawaitable(result):
        return None
    return f"returned {_shown(result)}, not an awaitable (a coroutine) or None"


def _items_of(kinds: type | tuple[type, ...], wanted: str) -> Callable[[object], str | None]:
    """A check of a result that must be a list whose items are ``kinds``."""

    def check(result: object) -> str | None:
        if isinstance(result, str | bytes | Mapping) or not isinstance(result, Sequence):
            return f"returned {_shown(result)}, not a list of {wanted}s"
        for item in result:
            if not isinstance(item, kinds):
                return f"returned {_shown(item)} in its list, not {with_article(wanted)}"
        return None

    return check


def _keywords(result: object) -> str | None:
    if isinstance(result, str | bytes | Mapping) or not isinstance(result, Sequence):
        return f"returned {_shown(result)}, not a list of keywords"
    for item in result:
        if not isinstance(item, KeywordAction) and not (
            isinstance(item, type) and issubclass(item, Ability)
        ):
            return f"returned {_shown(item)}, not an Ability class or a KeywordAction"
    return None


def _bots(result: object) -> str | None:
    if not isinstance(result, Mapping):
        return f"returned {_shown(result)}, not a dict of bot classes by name"
    for name, factory in result.items():
        if not isinstance(name, str) or not callable(factory):
            return f"returned the entry {_shown(name)}: {_shown(factory)}, not a name and a class"
    return None


def _state_based_actions(result: object) -> str | None:
    if isinstance(result, str | bytes | Mapping) or not isinstance(result, Sequence):
        return f"returned {_shown(result)}, not a list of StateBasedActions"
    for action in result:
        rule = getattr(action, "rule", None)
        looks_at = getattr(action, "looks_at", None)
        if not isinstance(rule, str) or not isinstance(looks_at, frozenset):
            return (
                f"returned {_shown(action)}, not a StateBasedAction (with a rule and a "
                "frozenset of LooksAt)"
            )
    return None


_RESULT_CHECKS: dict[str, Callable[[object], str | None]] = {
    "mw_variants": _items_of(Variant, "Variant"),
    "mw_card_sets": _items_of(CardSet, "CardSet"),
    "mw_keywords": _keywords,
    "mw_bots": _bots,
    "mw_collect_state_based_actions": _state_based_actions,
    "mw_collect_triggers": _items_of(TriggeredAbility, "TriggeredAbility"),
    "mw_collect_replacements": _items_of(ReplacementEffect, "ReplacementEffect"),
    "mw_collect_continuous_effects": _items_of(ContinuousEffect, "ContinuousEffect"),
    "mw_collect_casting_options": _items_of(CastingOption, "CastingOption"),
    "mw_step_end": _awaitable,
    "mw_phase_end": _awaitable,
    "mw_game_options": _items_of(VariantOption, "VariantOption"),
}
"""How each hook's result is checked, by hook: the reason a result is refused, or ``None``.
The hooks with no result (``mw_game_setup`` and the other lifecycle hooks) are not here."""


class _UntrustedAction(Protocol):
    """A state-based action as a third-party plugin wrote it: whatever its annotations
    say, a check may return something (what a check returns is refused)."""

    def check_player(
        self, game: Game, player: PlayerState, found: list[StateBasedActionResult]
    ) -> object: ...

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> object: ...

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> object: ...


class _AttributedAction:
    """A third-party plugin's state-based action, whose failures name the plugin: what a
    check raises that is its failure (:func:`is_plugins_failure`), what it returns (a check
    returns ``None``), or a finding that is not a state-based action's result. Each check
    is timed, in the game's :attr:`~manaweave.lowlevel.Game.plugin_time`."""

    __slots__ = ("_action", "_distribution", "_hooks", "_plugin", "looks_at", "rule")

    def __init__(self, action: StateBasedAction, plugin: str, distribution: str | None) -> None:
        self._action = cast("_UntrustedAction", action)
        self._plugin = plugin
        self._distribution = distribution
        self.rule = action.rule
        self.looks_at = action.looks_at
        self._hooks = {
            method: f"{method} of the state-based action {action.rule}"
            for method in ("check_player", "check_permanent", "check_game")
        }
        """How a failure and the time taken name each check."""

    # Each check is written out rather than shared through one function taking the
    # arguments: a check of each permanent is the inner loop of a third-party plugin's
    # action, and the shared call cost a third of what the guard and the clock cost.

    def check_player(
        self, game: Game, player: PlayerState, found: list[StateBasedActionResult]
    ) -> None:
        before = len(found)
        clock = game.plugin_time.clock
        started = clock()
        try:
            returned = self._action.check_player(game, player, found)
        except BaseException as error:
            if not is_plugins_failure(error):
                raise
            raise self._failed("check_player", _describe(error)) from error
        finally:
            game.plugin_time.add(self._plugin, self._hooks["check_player"], clock() - started)
        if returned is not None or len(found) != before:
            self._check_found("check_player", returned, found, before)

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        before = len(found)
        clock = game.plugin_time.clock
        started = clock()
        try:
            returned = self._action.check_permanent(game, permanent, characteristics, found)
        except BaseException as error:
            if not is_plugins_failure(error):
                raise
            raise self._failed("check_permanent", _describe(error)) from error
        finally:
            hook = self._hooks["check_permanent"]
            game.plugin_time.add(self._plugin, hook, clock() - started)
        if returned is not None or len(found) != before:
            self._check_found("check_permanent", returned, found, before)

    def check_game(self, game: Game, found: list[StateBasedActionResult]) -> None:
        before = len(found)
        clock = game.plugin_time.clock
        started = clock()
        try:
            returned = self._action.check_game(game, found)
        except BaseException as error:
            if not is_plugins_failure(error):
                raise
            raise self._failed("check_game", _describe(error)) from error
        finally:
            game.plugin_time.add(self._plugin, self._hooks["check_game"], clock() - started)
        if returned is not None or len(found) != before:
            self._check_found("check_game", returned, found, before)

    def _check_found(
        self, method: str, returned: object, found: list[StateBasedActionResult], before: int
    ) -> None:
        """Refuse what a check returned (it appends what it finds to ``found``) and what it
        found that is not a state-based action's result."""
        if returned is not None:
            raise self._failed(
                method,
                f"returned {_shown(returned)}: a check appends what it finds to found, and "
                "returns None",
            )
        for result in found[before:]:
            if not isinstance(result, _RESULTS):
                raise self._failed(
                    method, f"found {_shown(result)}, not a state-based action's result"
                )

    def _failed(self, method: str, message: str) -> PluginError:
        return PluginError(
            self._plugin, self._hooks[method], message, distribution=self._distribution
        )


_RESULTS = (
    hookspecs.PutIntoGraveyard,
    hookspecs.Destroy,
    hookspecs.Sacrifice,
    hookspecs.PlayerLoses,
    hookspecs.Unattach,
    hookspecs.RemoveCounters,
    hookspecs.AnnihilateCounters,
    hookspecs.CeaseToExist,
    hookspecs.ChooseOneToKeep,
)
"""Every kind of :data:`~manaweave.hookspecs.StateBasedActionResult`."""


def _shown(value: object) -> str:
    """A value as an error shows it, the same in every run: a plain value (``None``, a
    bool, a number, a string, bytes, a class, or a short list, tuple or dict of them) by
    its ``repr``, cut short; anything else by its type (``a value of type object``),
    since an object's ``repr`` may hold its address in memory, which differs from run to
    run, and what the log holds must not."""
    if not _plain(value, 3):
        return f"a value of type {type(value).__qualname__}"
    text = _bounded(repr(value))
    return text if len(text) <= 80 else text[:77] + "..."


_PLAIN_TYPES = (type(None), bool, int, float, str, bytes)
"""The types whose values :func:`_shown` shows by their ``repr``."""

_PLAIN_ITEMS = 20
"""The most items of a list, tuple or dict :func:`_shown` shows by its ``repr``."""


def _plain(value: object, depth: int) -> bool:
    """Whether ``value``'s ``repr`` is the same in every run: a plain value, a class, or a
    list, tuple or dict of at most :data:`_PLAIN_ITEMS` of them, ``depth`` levels deep."""
    kind = type(value)
    if kind in _PLAIN_TYPES or isinstance(value, type):
        return True
    if depth == 0 or kind not in (list, tuple, dict):
        return False
    items = cast("list[object] | tuple[object, ...] | dict[object, object]", value)
    if len(items) > _PLAIN_ITEMS:
        return False
    if isinstance(items, dict):
        return all(_plain(k, depth - 1) and _plain(v, depth - 1) for k, v in items.items())
    return all(_plain(item, depth - 1) for item in items)


def _entry_points() -> list[tuple[str, importlib.metadata.EntryPoint]]:
    """The third-party plugins' entry points with the names they are registered by
    (``GROUP:NAME``), the current group's first, each group's sorted by name. An entry
    point in a group of manaweave 0.1 gets a ``DeprecationWarning`` naming its
    distribution."""
    found: list[tuple[str, importlib.metadata.EntryPoint]] = []
    for group in ENTRY_POINT_GROUPS:
        for entry in sorted(importlib.metadata.entry_points(group=group), key=lambda e: e.name):
            if group in DEPRECATED_ENTRY_POINT_GROUPS:
                distribution = entry.dist.name if entry.dist is not None else "a distribution"
                warnings.warn(
                    f"{distribution} declares the plugin {entry.name!r} in the entry-point "
                    f"group {group!r}, which manaweave 0.2 will no longer load: declare it in "
                    f"the group {ENTRY_POINT_GROUP!r}",
                    DeprecationWarning,
                    stacklevel=4,
                )
            found.append((f"{group}:{entry.name}", entry))
    return found


def _resolve_disabled(names: Iterable[str], entry_points: Sequence[str]) -> frozenset[str]:
    """The registered names of the plugins ``names`` turn off; an unknown name is a
    ``ValueError`` listing the known ones."""
    known: dict[str, list[str]] = {}
    for full in (*BUILTIN_PLUGINS, *entry_points):
        known.setdefault(full, []).append(full)
        if short_name(full) != full:
            known.setdefault(short_name(full), []).append(full)
    disabled: set[str] = set()
    for name in names:
        if name not in known:
            listed = ", ".join(sorted({short_name(n) for n in (*BUILTIN_PLUGINS, *entry_points)}))
            raise ValueError(
                f"cannot turn off the plugin {name!r}: no plugin has that name; known "
                f"plugins: {listed} (or their full names, such as {BUILTIN_PLUGINS[0]})"
            )
        disabled.update(known[name])
    return frozenset(disabled)


_DEFAULT: PluginHost | None = None


def default_plugins() -> PluginHost:
    """The process-wide plugin host with built-ins and autoloaded entry points."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = PluginHost()
    return _DEFAULT

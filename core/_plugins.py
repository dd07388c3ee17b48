"""Loading plugins and turning their contributions into registries (pluggy).

Built-in rules, keywords, variants, card sets and bots are ordinary plugins registered
by module name, and any of them can be turned off by name (``PluginHost(disable=...)``,
``MANAWEAVE_PLUGINS="no:NAME"``, ``manaweave play -p no:NAME``); third-party plugins come
from entry points in the group ``manaweave`` (the groups of manaweave 0.1 are still read,
with a ``DeprecationWarning``). ``MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD=1`` skips entry points.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
import warnings
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, cast

import pluggy

from . import hookspecs
from ._layers import ContinuousEffect, Duration
from ._replacement import ReplacementEffect
from ._sba import StateBasedActions
from ._variant import Variant
from ._version import __version__
from .cards import Ability, CardPool, CastingOption, TriggeredAbility
from .hookspecs import KeywordAction, StateBasedAction

if TYPE_CHECKING:
    from ._game import Game, Outcome
    from ._turn import Step
    from .players import Player

__all__ = [
    "BUILTIN_PLUGINS",
    "DEPRECATED_ENTRY_POINT_GROUPS",
    "ENTRY_POINT_GROUP",
    "ENTRY_POINT_GROUPS",
    "PLUGINS_ENV",
    "RULES_NEUTRAL_HOOKS",
    "GameHooks",
    "Keyword",
    "PluginHost",
    "default_plugins",
    "parse_plugin_options",
    "short_name",
]

BUILTIN_PLUGINS = (
    "manaweave.plugins.rules.state_based_actions",
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
    "manaweave.plugins.sets.m10",
    "manaweave.plugins.sets.tenth_edition",
    "manaweave.plugins.sets.m11",
    "manaweave.plugins.sets.m12",
    "manaweave.plugins.sets.m13",
    "manaweave.plugins.sets.m14",
    "manaweave.plugins.sets.m19",
    "manaweave.plugins.bots.random_bot",
    "manaweave.plugins.bots.heuristic_bot",
)
"""Modules registered as plugins in every plugin host, in this order."""

RULES_NEUTRAL_HOOKS = frozenset({"mw_bots", "mw_game_end"})
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
        for name in BUILTIN_PLUGINS:
            if name not in self.disabled:
                self.register(importlib.import_module(name), name=name, version=__version__)
        for plugin in plugins:
            self.register(plugin)
        for module in load:
            self.register(importlib.import_module(module))
        for name, entry in entries:
            if name not in self.disabled:
                version = entry.dist.version if entry.dist is not None else ""
                self.register(entry.load(), name=name, version=version)
                distribution = getattr(entry.dist, "name", None)
                if distribution:
                    self.distributions[name] = str(distribution)
        self.manager.check_pending()

    def register(self, plugin: object, *, name: str | None = None, version: str = "") -> None:
        """Register one plugin object or module (before the registries are first used).

        A plugin is named by its module, or by its class's module and qualified name;
        registering the same object or module again does nothing, while two different
        plugin objects are both registered, the second with a numbered name."""
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
        self.manager.register(plugin, name=name)
        self.versions[name] = version

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
        """Every variant, by name."""
        found: dict[str, Variant] = {}
        for contributed in self.manager.hook.mw_variants():
            for variant in contributed:
                if variant.name in found:
                    raise ValueError(f"two plugins define the variant {variant.name!r}")
                found[variant.name] = variant
        return found

    def variant(self, name: str) -> Variant:
        """The variant named ``name``; raises ``ValueError`` listing the known ones."""
        try:
            return self.variants[name]
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
            contributed = cast("Iterable[object]", impl.function())
            for defined in contributed:
                if isinstance(defined, KeywordAction):
                    keyword = Keyword.of_action(defined, impl.plugin_name)
                elif isinstance(defined, type) and issubclass(defined, Ability):
                    keyword = Keyword.of(defined, impl.plugin_name)
                else:
                    raise TypeError(
                        f"{impl.plugin_name}: mw_keywords returned {defined!r}, not an "
                        "Ability class or a KeywordAction"
                    )
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

    # --- per game ---------------------------------------------------------------------------

    def setup(self, game: Game) -> GameHooks:
        """Collect the rule contributions for ``game`` and call ``mw_game_setup``."""
        hooks = GameHooks(self.manager, game)
        self.manager.hook.mw_game_setup(game=game)
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


class GameHooks:
    """One game's view of the plugins: what they contributed and the lifecycle calls.

    Lifecycle hooks without implementations are not called at all.
    """

    def __init__(self, manager: pluggy.PluginManager, game: Game) -> None:
        hook = manager.hook
        self._hook = hook
        self.state_based_actions = StateBasedActions(
            _checked_state_based_actions(hook.mw_collect_state_based_actions(game=game))
        )
        """The state-based actions every plugin contributed, grouped for the core's pass."""
        for ability in [x for part in hook.mw_collect_triggers(game=game) for x in part]:
            if not isinstance(ability, TriggeredAbility):
                raise TypeError(f"mw_collect_triggers returned {ability!r}, not a TriggeredAbility")
            for state in game.players:
                game.add_rule_ability(state.id, ability)
        for effect in [x for part in hook.mw_collect_replacements(game=game) for x in part]:
            if not isinstance(effect, ReplacementEffect):
                raise TypeError(
                    f"mw_collect_replacements returned {effect!r}, not a ReplacementEffect"
                )
            if effect.duration is not Duration.PERMANENT:
                raise ValueError(
                    f"a plugin's replacement effect lasts the whole game: {effect.text!r} has "
                    f"duration {effect.duration.value}"
                )
            game.replacement_effects.append(effect)
        for continuous in [
            x for part in hook.mw_collect_continuous_effects(game=game) for x in part
        ]:
            if not isinstance(continuous, ContinuousEffect):
                raise TypeError(
                    f"mw_collect_continuous_effects returned {continuous!r}, not a ContinuousEffect"
                )
            if continuous.duration is not Duration.PERMANENT:
                raise ValueError(
                    f"a plugin's continuous effect lasts the whole game: "
                    f"{continuous.description!r} has duration {continuous.duration.value}"
                )
            game.add_whole_game_effect(continuous)
        for option in [x for part in hook.mw_collect_casting_options(game=game) for x in part]:
            if not isinstance(option, CastingOption):
                raise TypeError(
                    f"mw_collect_casting_options returned {option!r}, not a CastingOption"
                )
            game.casting_options.append(option)
        self._turn_start = bool(hook.mw_turn_start.get_hookimpls())
        self._step_start = bool(hook.mw_step_start.get_hookimpls())
        self._game_end = bool(hook.mw_game_end.get_hookimpls())

    def turn_start(self, game: Game) -> None:
        """Call ``mw_turn_start`` if any plugin implements it."""
        if self._turn_start:
            self._hook.mw_turn_start(game=game)

    def step_start(self, game: Game, step: Step) -> None:
        """Call ``mw_step_start`` if any plugin implements it."""
        if self._step_start:
            self._hook.mw_step_start(game=game, step=step)

    def game_end(self, game: Game, outcome: Outcome) -> None:
        """Call ``mw_game_end`` if any plugin implements it."""
        if self._game_end:
            self._hook.mw_game_end(game=game, outcome=outcome)


def _checked_state_based_actions(
    contributed: Sequence[Iterable[object]],
) -> list[StateBasedAction]:
    """What the ``mw_collect_state_based_actions`` implementations returned, in
    registration order, with a clear error for an object that is not a state-based
    action."""
    found: list[StateBasedAction] = []
    for part in reversed(contributed):
        for action in part:
            rule = getattr(action, "rule", None)
            looks_at = getattr(action, "looks_at", None)
            if not isinstance(rule, str) or not isinstance(looks_at, frozenset):
                raise TypeError(
                    f"mw_collect_state_based_actions returned {action!r}, not a "
                    "StateBasedAction (with a rule and a frozenset of LooksAt)"
                )
            found.append(cast("StateBasedAction", action))
    return found


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

"""Loading plugins and turning their contributions into registries (pluggy).

Built-in keywords, variants, card sets and bots are ordinary plugins registered by
module name; third-party plugins come from entry points in the groups
``manaweave.plugins``, ``manaweave.sets``, ``manaweave.variants`` and
``manaweave.bots``. ``MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD=1`` skips entry points.
"""

from __future__ import annotations

import importlib
import importlib.metadata
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from types import ModuleType
from typing import TYPE_CHECKING, cast

import pluggy

from . import hookspecs
from ._layers import ContinuousEffect, Duration
from ._replacement import ReplacementEffect
from ._variant import Variant
from .cards import Ability, CardPool, CastingOption, TriggeredAbility

if TYPE_CHECKING:
    from ._game import Game, Outcome
    from ._turn import Step
    from .hookspecs import StateBasedAction
    from .players import Player

__all__ = [
    "BUILTIN_PLUGINS",
    "ENTRY_POINT_GROUPS",
    "GameHooks",
    "Keyword",
    "PluginHost",
    "default_plugins",
]

BUILTIN_PLUGINS = (
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
)
"""Modules registered as plugins in every plugin host, in this order."""

ENTRY_POINT_GROUPS = ("manaweave.plugins", "manaweave.sets", "manaweave.variants", "manaweave.bots")
"""Entry-point groups searched for third-party plugins."""

AUTOLOAD_ENV = "MANAWEAVE_DISABLE_PLUGIN_AUTOLOAD"


class PluginHost:
    """A pluggy plugin manager with manaweave's hookspecs, and what its plugins provide.

    Registries (``variants``, ``cards``, ``keywords``, ``bots``) are built on first use,
    once.
    """

    def __init__(self, plugins: Iterable[object] = (), *, autoload: bool | None = None) -> None:
        self.manager = pluggy.PluginManager(hookspecs.PROJECT_NAME)
        self.manager.add_hookspecs(hookspecs)
        self.versions: dict[str, str] = {}
        from . import __version__

        for name in BUILTIN_PLUGINS:
            self.register(importlib.import_module(name), name=name, version=__version__)
        for plugin in plugins:
            self.register(plugin)
        if autoload is None:
            autoload = os.environ.get(AUTOLOAD_ENV, "") not in ("1", "true", "yes")
        if autoload:
            self._load_entry_points()
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

    def _load_entry_points(self) -> None:
        for group in ENTRY_POINT_GROUPS:
            for entry in sorted(importlib.metadata.entry_points(group=group), key=lambda e: e.name):
                plugin = entry.load()
                version = entry.dist.version if entry.dist is not None else ""
                self.register(plugin, name=f"{group}:{entry.name}", version=version)

    @property
    def plugin_versions(self) -> list[list[str]]:
        """Registered plugin names with their versions, in registration order."""
        return [[name, version] for name, version in self.versions.items()]

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
        """Every keyword ability or action the plugins define (``mw_keywords``), by name:
        the class name in words (``FirstStrike`` is "first strike"). Two plugins
        defining the same name is an error naming both."""
        found: dict[str, Keyword] = {}
        for impl in reversed(self.manager.hook.mw_keywords.get_hookimpls()):
            contributed = cast("Iterable[object]", impl.function())
            for defined in contributed:
                if not (isinstance(defined, type) and issubclass(defined, Ability)):
                    raise TypeError(
                        f"{impl.plugin_name}: mw_keywords returned {defined!r}, not an "
                        "Ability class"
                    )
                keyword = Keyword.of(defined, impl.plugin_name)
                earlier = found.get(keyword.name)
                if earlier is not None and earlier.ability is not defined:
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
    """Its name in words, from the class name: "first strike", "morph"."""
    ability: type[Ability]
    plugin: str
    """The plugin that defines it."""
    rule: str
    """The first CR rule its docstring cites ("702.37a"), or ``""``."""

    @classmethod
    def of(cls, ability: type[Ability], plugin: str) -> Keyword:
        """The entry for ``ability`` as ``plugin`` defines it."""
        name = re.sub(r"(?<!^)(?=[A-Z])", " ", ability.__name__).lower()
        cited = re.search(r"\b(70[12]\.\d+[a-z]?)\b", ability.__doc__ or "")
        return cls(name, ability, plugin, cited.group(1) if cited else "")


class GameHooks:
    """One game's view of the plugins: what they contributed and the lifecycle calls.

    Lifecycle hooks without implementations are not called at all.
    """

    def __init__(self, manager: pluggy.PluginManager, game: Game) -> None:
        hook = manager.hook
        self._hook = hook
        self.state_based_actions: list[StateBasedAction] = [
            sba
            for contributed in hook.mw_collect_state_based_actions(game=game)
            for sba in contributed
        ]
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
            game.effects.append(continuous)
            game.changed()
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


_DEFAULT: PluginHost | None = None


def default_plugins() -> PluginHost:
    """The process-wide plugin host with built-ins and autoloaded entry points."""
    global _DEFAULT
    if _DEFAULT is None:
        _DEFAULT = PluginHost()
    return _DEFAULT

"""Which cards a game's plugins can play.

A keyword ability or keyword action is a plugin's rule: with the plugin turned off, the
rule is not in the game. A card whose text needs one (a creature with flying, an effect
that grants flying or makes a player sacrifice a permanent, a cost of sacrificing one) can
then not be played right, so it is refused before the game starts, naming the plugin;
no game plays it without its rule.

What a card needs is read from its definition, a value of the card language: every
ability in it (its own, and those its effects grant or its tokens have), every ability
class it names (a filter "creature with flying"), and the keyword actions its effects and
costs name in their ``keyword_actions``.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave.cards import Ability

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

__all__ = ["CardNeeds", "TurnedOff", "card_needs"]

_LEAVES = (str, bytes, int, float, complex, enum.Enum, type(None))
"""Values that hold no ability: nothing to look into."""


@dataclass(frozen=True, slots=True)
class CardNeeds:
    """The keyword abilities and keyword actions a card's text needs."""

    abilities: frozenset[type[Ability]]
    """Every ability class its definition holds an instance of or names."""
    actions: frozenset[str]
    """The names of the keyword actions its effects and costs perform ("sacrifice")."""


def card_needs(definition: CardDefinition) -> CardNeeds:
    """What ``definition``'s text needs: every ability class and keyword action found in
    it, however deep (an effect's granted ability, a token's abilities, a cost)."""
    abilities: set[type[Ability]] = set()
    actions: set[str] = set()
    seen: set[int] = set()
    pending: list[object] = [definition]
    while pending:
        value = pending.pop()
        if isinstance(value, _LEAVES) or id(value) in seen:
            continue
        seen.add(id(value))
        if isinstance(value, type):
            if issubclass(value, Ability):
                abilities.add(value)
            continue
        actions.update(getattr(type(value), "keyword_actions", ()))
        if isinstance(value, Ability):
            abilities.add(type(value))
        if dataclasses.is_dataclass(value):
            pending.extend(getattr(value, f.name, None) for f in dataclasses.fields(value))
        elif isinstance(value, Mapping):
            pending.extend(value.keys())
            pending.extend(value.values())
        elif isinstance(value, tuple | list | set | frozenset):
            pending.extend(value)
    return CardNeeds(frozenset(abilities), frozenset(actions))


@dataclass(frozen=True, slots=True)
class TurnedOff:
    """What the plugins turned off in a game defined, to say why a card is refused."""

    abilities: Mapping[type[Ability], tuple[str, str, str]]
    """Each keyword ability class a turned-off built-in plugin defines: its name, rule
    and plugin."""
    actions: Mapping[str, str]
    """Each keyword action a turned-off built-in plugin defines: its plugin, by name."""
    modules: Mapping[str, str]
    """Each turned-off plugin's module, by plugin name: whatever is defined in it (or in
    a module under it) is that plugin's."""

    def plugin_of(self, ability: type[Ability]) -> str | None:
        """The turned-off plugin that defines ``ability`` (or a class it derives from),
        or ``None``."""
        for cls in ability.__mro__:
            known = self.abilities.get(cls)
            if known is not None:
                return known[2]
            module = getattr(cls, "__module__", "")
            for plugin, name in self.modules.items():
                if module == name or module.startswith(name + "."):
                    return plugin
        return None

    def problem(self, name: str, needs: CardNeeds, actions: Iterable[str]) -> str | None:
        """Why the card ``name`` with ``needs`` can't be played where the keyword actions
        ``actions`` are defined, or ``None`` if it can."""
        for ability in sorted(needs.abilities, key=lambda cls: cls.__qualname__):
            plugin = self.plugin_of(ability)
            if plugin is not None:
                known = self.abilities.get(ability)
                what = f"{known[0]} ({known[1]})" if known else ability.__name__
                return f"{name} needs {what}, whose plugin {plugin} is turned off"
        defined = set(actions)
        for action in sorted(needs.actions - defined):
            plugin = self.actions.get(action)
            why = (
                f"whose plugin {plugin} is turned off"
                if plugin is not None
                else "which no plugin of this game defines"
            )
            return f"{name} needs the keyword action {action}, {why}"
        return None

"""Proliferate and the Doom variant for manaweave, as a plugin distributed on its own.

It adds, through the same hooks the built-in rules use:

* the keyword action **proliferate** (CR 701.34a): "choose any number of permanents
  and/or players that have a counter, then give each one additional counter of each kind
  that permanent or player already has" (``mw_keywords``, a
  :class:`~manaweave.hookspecs.KeywordAction`), and the card-language effect
  :class:`Proliferate` that performs it;
* the Doom variant's **state-based action** (a variant's own, as CR 704.6 allows): if a
  permanent has three or more doom counters on it, each opponent of its controller loses
  the game (``mw_collect_state_based_actions``, a
  :class:`~manaweave.hookspecs.StateBasedAction` that looks at each permanent with
  counters);
* a card that uses both, Doomsday Engine.

Installed, the distribution's entry point (group ``manaweave``) registers this module::

    [project.entry-points.manaweave]
    doom = "manaweave_doom"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import CardOption, DecisionKind, ManaCost, Named, hookimpl
from manaweave.cards import (
    ActivatedAbility,
    CardSet,
    Effect,
    EntersWithCounters,
    Printed,
    Resolution,
    card,
)
from manaweave.hookspecs import (
    BaseStateBasedAction,
    KeywordAction,
    LooksAt,
    PlayerLoses,
    StateBasedAction,
    StateBasedActionResult,
)

if TYPE_CHECKING:
    from manaweave.lowlevel import Characteristics, Game, GameObject

__all__ = [
    "DOOM_LIMIT",
    "PROLIFERATE",
    "DoomRule",
    "Proliferate",
    "mw_card_sets",
    "mw_collect_state_based_actions",
    "mw_keywords",
    "proliferate",
]

DOOM_LIMIT = 3
"""How many doom counters on a permanent end the game for its controller's opponents."""


async def proliferate(game: Game, player: int) -> None:
    """``player`` proliferates (CR 701.34a): they choose any number of permanents and
    players that have counters, and each chosen one gets one more counter of each kind
    it has (permanents' counters through :meth:`~manaweave.lowlevel.Game.put_counters`, so
    replacement effects apply; players' poison counters through
    :meth:`~manaweave.lowlevel.Game.give_poison_counters`)."""
    permanents = [p for p in game.battlefield if p.counters]
    players = [s for s in game.players if not s.has_left and s.poison]
    options: list[CardOption | Named] = [CardOption(p.id, f"{p.name} #{p.id}") for p in permanents]
    options += [Named(s.name) for s in players]
    if not options:
        return
    decision = game.decision(
        DecisionKind.CHOICE,
        player,
        options,
        "choose the permanents and players to proliferate",
        min=0,
        max=len(options),
        rule="701.34a",
    )
    choice = await game.ask(decision)
    for index in choice.indices:
        if index < len(permanents):
            permanent = permanents[index]
            for kind in sorted(permanent.counters):
                await game.put_counters(permanent, kind, 1, rule="701.34a")
        else:
            game.give_poison_counters(players[index - len(permanents)].id, 1, rule="701.34a")


PROLIFERATE = KeywordAction("proliferate", "701.34a", proliferate)
"""The keyword action proliferate, as ``manaweave keywords`` lists it."""


@dataclass(frozen=True, slots=True)
class Proliferate(Effect):
    """The instruction "Proliferate." (CR 701.34a): the controller proliferates."""

    async def resolve(self, resolution: Resolution) -> None:
        await proliferate(resolution.game, resolution.controller)


class DoomRule(BaseStateBasedAction):
    """The Doom variant's state-based action (704.6): if a permanent has three or more
    doom counters on it, each opponent of its controller loses the game."""

    rule = "704.6"
    looks_at = frozenset({LooksAt.EACH_PERMANENT_WITH_COUNTERS})

    def check_permanent(
        self,
        game: Game,
        permanent: GameObject,
        characteristics: Characteristics,
        found: list[StateBasedActionResult],
    ) -> None:
        if permanent.counters.get("doom", 0) >= DOOM_LIMIT:
            found.extend(
                PlayerLoses(opponent, "doom", self.rule)
                for opponent in game.opponents(permanent.controller)
            )


CARDS = (
    card(
        "Doomsday Engine",
        printed=Printed(
            "{3}",
            "Artifact",
            "Doomsday Engine enters with two doom counters on it.\n{T}: Proliferate.",
        ),
        abilities=(
            EntersWithCounters(
                "doom", 2, text="Doomsday Engine enters with two doom counters on it."
            ),
            ActivatedAbility(
                ManaCost.parse(""), (Proliferate(),), tap=True, text="{T}: Proliferate."
            ),
        ),
    ),
)


@hookimpl
def mw_keywords() -> tuple[KeywordAction, ...]:
    """The keyword action this plugin adds."""
    return (PROLIFERATE,)


@hookimpl
def mw_collect_state_based_actions(game: Game) -> list[StateBasedAction]:
    """The Doom variant's state-based action, for every game."""
    return [DoomRule()]


@hookimpl
def mw_card_sets() -> list[CardSet]:
    """A card that proliferates doom counters."""
    return [CardSet("DOM", "Doom cards", CARDS)]

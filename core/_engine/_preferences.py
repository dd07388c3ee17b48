"""What a player asks the engine to do for them: when to be asked for priority (stops),
and whether the engine pays their mana costs.

A player (any object with ``decide``) may have a ``preferences`` attribute, a
:class:`Preferences`; the engine reads it as the game is set up, and records it in
``game_started`` so that a replay does the same. Without one the player is asked every
decision, as the rules pose it. The engine reads it again as it accepts each of the
player's answers: a change is logged (``preferences_changed``) and holds from their next
decision on.

- **Stops** (:class:`Stops`): the engine passes priority for the player (117.3d) unless
  the stack holds something and they asked to be asked then, or it is a step they named,
  of their own turn or of another player's. Nothing is logged for a pass the engine makes
  for them: the game's own state and their recorded preferences decide each one, so a
  replay makes the same ones.
- **Engine payment** (``engine_pays``): as they cast a spell or activate an ability the
  engine chooses how to pay its mana cost (601.2g-h) instead of asking a ``PAYMENT``
  decision: mana already in the pool first, then as few mana abilities as possible, then
  sources that can make the fewest kinds of mana, keeping the versatile ones. Mana
  abilities stay priority actions the player may still take (117.1d, to float mana).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from ._turn import Step

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["MAIN_PHASES", "Preferences", "Stops", "preferences_of"]

_STEP_NAMES = tuple(step.value for step in Step)

MAIN_PHASES = frozenset(("precombat_main", "postcombat_main"))
"""The two main phases (505), the default stops of a player's own turn."""


def _steps(names: Iterable[str], what: str) -> frozenset[str]:
    if isinstance(names, str):
        raise TypeError(f"{what} must be a set of step names, not the string {names!r}")
    found = frozenset(names)
    unknown = sorted(found - set(_STEP_NAMES))
    if unknown:
        raise ValueError(
            f"{what}: unknown step(s) {', '.join(map(repr, unknown))}; the steps are "
            + ", ".join(_STEP_NAMES)
        )
    return found


@dataclasses.dataclass(frozen=True)
class Stops:
    """When a player wants to be asked for priority; the engine passes for them otherwise.

    ``own_turn`` and ``other_turns`` name the steps (``Step`` values: ``"upkeep"``,
    ``"declare_attackers"``, ...) in which they are asked while the stack is empty, in
    their own turn (their team's, with shared team turns) and in other players' turns.
    With ``stack`` they are asked whenever the stack holds something. With
    ``only_pass`` they are also asked when passing is all they could do (an empty hand,
    nothing to activate); without it the engine passes for them then too.

    >>> Stops().asks_in("precombat_main", own_turn=True, stack=False)
    True
    >>> Stops().asks_in("upkeep", own_turn=True, stack=False)
    False
    >>> attacks = Stops(other_turns={"declare_attackers"})
    >>> attacks.asks_in("declare_attackers", own_turn=False, stack=False)
    True
    """

    own_turn: frozenset[str] = MAIN_PHASES
    other_turns: frozenset[str] = frozenset()
    stack: bool = True
    only_pass: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "own_turn", _steps(self.own_turn, "Stops.own_turn"))
        object.__setattr__(self, "other_turns", _steps(self.other_turns, "Stops.other_turns"))

    def asks_in(self, step: str | None, *, own_turn: bool, stack: bool) -> bool:
        """Whether the player is asked for priority in ``step`` (whatever they could do)."""
        if stack:
            return self.stack
        return step in (self.own_turn if own_turn else self.other_turns)

    def to_log(self) -> dict[str, Any]:
        """As ``game_started`` records it."""
        return {
            "own_turn": sorted(self.own_turn, key=_STEP_NAMES.index),
            "other_turns": sorted(self.other_turns, key=_STEP_NAMES.index),
            "stack": self.stack,
            "only_pass": self.only_pass,
        }


@dataclasses.dataclass(frozen=True)
class Preferences:
    """What a player asks the engine to do for them (see the module's documentation).

    ``stops`` is ``None`` to be asked at every priority (the default); ``engine_pays``
    lets the engine choose how to pay their mana costs."""

    stops: Stops | None = None
    engine_pays: bool = False

    def __post_init__(self) -> None:
        if self.stops is not None and not isinstance(self.stops, Stops):
            raise TypeError(f"Preferences.stops must be a Stops or None, not {self.stops!r}")
        if not isinstance(self.engine_pays, bool):
            raise TypeError(
                f"Preferences.engine_pays must be True or False, not {self.engine_pays!r}"
            )

    @property
    def is_default(self) -> bool:
        """Whether the player is asked everything (nothing to record)."""
        return self.stops is None and not self.engine_pays

    def to_log(self) -> dict[str, Any]:
        """As ``game_started`` records it, under each player's ``preferences``."""
        logged: dict[str, Any] = {"engine_pays": self.engine_pays}
        if self.stops is not None:
            logged["stops"] = self.stops.to_log()
        return logged

    @classmethod
    def from_log(cls, logged: Mapping[str, Any]) -> Preferences:
        """The preferences ``game_started`` recorded; ``ValueError`` or ``TypeError`` if
        they are malformed."""
        stops = logged.get("stops")
        return cls(
            stops=None
            if stops is None
            else Stops(
                own_turn=frozenset(stops["own_turn"]),
                other_turns=frozenset(stops["other_turns"]),
                stack=bool(stops["stack"]),
                only_pass=bool(stops["only_pass"]),
            ),
            engine_pays=bool(logged.get("engine_pays", False)),
        )


DEFAULT = Preferences()


def preferences_of(actor: object) -> Preferences:
    """The preferences of a player (or of the player a wrapper such as a recorder holds
    as ``inner``); raises ``TypeError`` for a ``preferences`` that is not a
    :class:`Preferences`."""
    seen = 0
    while actor is not None and seen < 16:
        found = getattr(actor, "preferences", None)
        if found is not None:
            if not isinstance(found, Preferences):
                raise TypeError(
                    f"{type(actor).__name__}.preferences must be a manaweave.Preferences, "
                    f"not {found!r}"
                )
            return found
        actor = getattr(actor, "inner", None)
        seen += 1
    return DEFAULT


def engine_passes_for(game: Game, player: int, stops: Stops) -> bool:
    """Whether the engine passes priority for ``player`` now, by their ``stops`` (only
    what the game's state says: not whether they could do anything)."""
    return not stops.asks_in(
        game.step_name, own_turn=game.is_active(player), stack=bool(game.stack)
    )

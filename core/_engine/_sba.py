"""State-based actions (CR 704), performed simultaneously and repeated to a fixed point.

The actions themselves are plugins' objects (:class:`~manaweave.hookspecs.StateBasedAction`,
the built-in ones in :mod:`manaweave.plugins.rules.state_based_actions`); the core visits
the players and the battlefield once per check, hands each subject to the actions that
look at it, and performs what they found as one event (704.3).
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from manaweave.events import StateBasedActionsPerformed
from manaweave.hookspecs import (
    AnnihilateCounters,
    CeaseToExist,
    ChooseOneToKeep,
    Destroy,
    LooksAt,
    PlayerLoses,
    PutIntoGraveyard,
    RemoveCounters,
    Sacrifice,
    StateBasedAction,
    StateBasedActionResult,
    Unattach,
)

from ._combat import remove_from_combat_if_not_creatures
from ._decisions import CardOption, DecisionKind
from ._zone_move import ZoneMove
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game
    from ._layers import Characteristics
    from ._objects import GameObject, PlayerState

__all__ = ["StateBasedActions", "check_state_based_actions"]

_PlayerCheck = Callable[["Game", "PlayerState", list[StateBasedActionResult]], None]
_PermanentCheck = Callable[
    ["Game", "GameObject", "Characteristics", list[StateBasedActionResult]], None
]
_GameCheck = Callable[["Game", list[StateBasedActionResult]], None]
_Checks = tuple[_PermanentCheck, ...]


def _rule_order(action: StateBasedAction) -> list[int | str]:
    """``"704.5g"`` as ``[704, ".", 5, "g"]``: so that 704.5z comes before 704.10."""
    return [int(part) if part.isdigit() else part for part in re.findall(r"\d+|\D+", action.rule)]


def _has_state(obj: object) -> bool:
    """Whether ``obj`` has attributes of its own (in its ``__dict__`` or its slots)."""
    if getattr(obj, "__dict__", None):
        return True
    return any(
        hasattr(obj, name) for cls in type(obj).__mro__ for name in getattr(cls, "__slots__", ())
    )


class StateBasedActions:
    """One game's state-based actions, grouped once by what each looks at, in rule order."""

    def __init__(self, actions: Iterable[StateBasedAction]) -> None:
        self.actions: tuple[StateBasedAction, ...] = tuple(sorted(actions, key=_rule_order))
        """Every action, in the order of their rules."""
        self._stateful = any(_has_state(action) for action in self.actions)
        """Whether any action keeps something of its own (a copied game copies it)."""

        def looking_at(subject: LooksAt) -> list[StateBasedAction]:
            return [a for a in self.actions if subject in a.looks_at]

        self.players: tuple[_PlayerCheck, ...] = tuple(
            a.check_player for a in looking_at(LooksAt.EACH_PLAYER)
        )
        self.creatures: tuple[_PermanentCheck, ...] = tuple(
            a.check_permanent for a in looking_at(LooksAt.EACH_CREATURE)
        )
        self.by_kind: dict[tuple[tuple[str, ...], tuple[str, ...], bool], _Checks] = {}
        """:meth:`for_kind`'s answers."""
        self._typed: list[tuple[StateBasedAction, frozenset[LooksAt]]] = [
            (a, a.looks_at & _PERMANENT_KINDS)
            for a in self.actions
            if a.looks_at & _PERMANENT_KINDS
        ]
        """The actions that look at permanents by their kind, with the kinds."""
        self.attachments: tuple[_PermanentCheck, ...] = tuple(
            a.check_permanent for a in looking_at(LooksAt.EACH_ATTACHMENT)
        )
        self.with_counters: tuple[_PermanentCheck, ...] = tuple(
            a.check_permanent for a in looking_at(LooksAt.EACH_PERMANENT_WITH_COUNTERS)
        )
        self.game: tuple[_GameCheck, ...] = tuple(
            a.check_game for a in looking_at(LooksAt.THE_GAME)
        )
        self.looks_at_permanents = bool(
            self.creatures or self._typed or self.attachments or self.with_counters
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> StateBasedActions:
        # For a copied game (Game.copy): the actions with nothing of their own (most) are
        # shared; one that keeps something per game (deathtouch's marks) is copied, and
        # the checks are grouped again around it.
        if not self._stateful:
            return self
        return StateBasedActions(
            copy.deepcopy(action, memo) if _has_state(action) else action for action in self.actions
        )

    def for_kind(self, key: tuple[tuple[str, ...], tuple[str, ...], bool]) -> _Checks:
        """The checks a permanent of this kind is handed first: ``key`` is its card types,
        its supertypes and whether it is a creature with a toughness. The creatures'
        checks come first, then those of the actions that look at every permanent or at
        its types and supertypes, each group in rule order. Worked out once per kind."""
        checks = self.by_kind.get(key)
        if checks is None:
            types, supertypes, creature = key
            has = {LooksAt.EACH_PERMANENT}
            if "Planeswalker" in types:
                has.add(LooksAt.EACH_PLANESWALKER)
            if "Battle" in types:
                has.add(LooksAt.EACH_BATTLE)
            if "Legendary" in supertypes:
                has.add(LooksAt.EACH_LEGENDARY_PERMANENT)
            if "World" in supertypes:
                has.add(LooksAt.EACH_WORLD_PERMANENT)
            typed = tuple(a.check_permanent for a, kinds in self._typed if kinds & has)
            checks = (self.creatures if creature else ()) + typed
            self.by_kind[key] = checks
        return checks


_PERMANENT_KINDS = frozenset(
    {
        LooksAt.EACH_PERMANENT,
        LooksAt.EACH_PLANESWALKER,
        LooksAt.EACH_BATTLE,
        LooksAt.EACH_LEGENDARY_PERMANENT,
        LooksAt.EACH_WORLD_PERMANENT,
    }
)
"""What a permanent is handed for by its card types and supertypes."""


_NONE = StateBasedActions(())


async def check_state_based_actions(game: Game) -> bool:
    """Check every state-based action once and perform all that apply as one event (704.3).

    Returns whether any were performed (the caller repeats until none are). A state
    that has not changed since a check that found nothing is not checked again.
    """
    if game.sba_checked_at == game.state_version:
        return False
    if game.combat is not None or game.turn_markers is not None:
        # A permanent that stopped being a creature, planeswalker or battle is out of
        # combat (506.4): not a state-based action, but seen whenever they are checked.
        remove_from_combat_if_not_creatures(game)
    index = game.hooks.state_based_actions if game.hooks is not None else _NONE
    found: list[StateBasedActionResult] = []
    if index.players:
        for state in game.players:
            if not state.has_left:
                for check_player in index.players:
                    check_player(game, state, found)
    if index.looks_at_permanents:
        by_kind, for_kind = index.by_kind, index.for_kind
        attachments, with_counters = index.attachments, index.with_counters
        for permanent in game.battlefield:
            chars = game.characteristics(permanent)
            key = (chars.types, chars.supertypes, chars.toughness is not None and chars.is_creature)
            checks = by_kind.get(key)
            for check in checks if checks is not None else for_kind(key):
                check(game, permanent, chars, found)
            if attachments and (permanent.card.is_aura or permanent.attached_to is not None):
                for check in attachments:
                    check(game, permanent, chars, found)
            if with_counters and permanent.counters:
                for check in with_counters:
                    check(game, permanent, chars, found)
    for check_game in index.game:
        before = len(found)
        check_game(game, found)
        if len(found) > before and any(
            isinstance(result, ChooseOneToKeep) for result in found[before:]
        ):
            found[before:] = await _resolve_requests(game, found[before:])
    if found:
        # A player who can't lose the game stays in it, however often this is checked
        # (104.3).
        found = [r for r in found if not isinstance(r, PlayerLoses) or game.can_lose(r.player)]
    if not found:
        game.sba_checked_at = game.state_version
        return False
    await _perform(game, found)
    return True


async def _resolve_requests(
    game: Game, found: list[StateBasedActionResult]
) -> list[StateBasedActionResult]:
    """Ask each player a :class:`ChooseOneToKeep` request is for, in order, and put the
    permanents they did not keep where the request stood (704.5j)."""
    resolved: list[StateBasedActionResult] = []
    for result in found:
        if not isinstance(result, ChooseOneToKeep):
            resolved.append(result)
            continue
        options = [CardOption(p.id, f"{result.name} #{p.id}") for p in result.permanents]
        decision = game.decision(
            DecisionKind.LEGEND_RULE, result.player, options, f"choose the {result.name} to keep"
        )
        choice = await game.ask(decision)
        keep = options[choice.indices[0]].object
        resolved.extend(PutIntoGraveyard(p, result.rule) for p in result.permanents if p.id != keep)
    return resolved


async def _perform(game: Game, found: list[StateBasedActionResult]) -> None:
    """Perform everything found at once, as one event (704.3)."""
    losses: list[tuple[int, str, str]] = []
    to_graveyard: list[PutIntoGraveyard | Destroy | Sacrifice] = []
    unattach: list[Unattach] = []
    excess: list[RemoveCounters] = []
    tokens: list[CeaseToExist] = []
    annihilate: list[AnnihilateCounters] = []
    for result in found:
        if isinstance(result, PutIntoGraveyard | Destroy | Sacrifice):
            to_graveyard.append(result)
        elif isinstance(result, PlayerLoses):
            losses.append((result.player, result.reason, result.rule))
        elif isinstance(result, Unattach):
            unattach.append(result)
        elif isinstance(result, RemoveCounters):
            excess.append(result)
        elif isinstance(result, CeaseToExist):
            tokens.append(result)
        elif isinstance(result, AnnihilateCounters):
            annihilate.append(result)
        else:
            raise TypeError(f"a state-based action found {result!r}, which the core can't perform")
    seq = game.emit(
        StateBasedActionsPerformed(
            rule="704.3",
            losses=[[p, rule] for p, _reason, rule in losses],
            objects=[[r.permanent.id, r.rule] for r in to_graveyard],
            tokens=[t.object.id for t in tokens],
            counters=[a.permanent.id for a in annihilate],
            unattached=[[u.permanent.id, u.rule] for u in unattach],
        )
    )
    with game.caused_by(seq):
        async with game.simultaneously():
            for u in unattach:
                game.unattach(u.permanent, rule=u.rule)
            for r in excess:
                game.remove_counters(r.permanent, r.kind, r.count, rule=r.rule)
            seen: set[int] = set()
            moves: list[ZoneMove] = []
            for result in to_graveyard:
                permanent = result.permanent
                if permanent.id in seen or permanent.id not in game.objects:
                    continue
                seen.add(permanent.id)
                if isinstance(result, Destroy):
                    destruction = game.keyword_action_form(
                        "destroy", "zone_move", needed_by=result.rule
                    )
                    destroying = destruction(game, permanent, rule=result.rule)
                    if destroying is not None:
                        moves.append(destroying)  # regeneration applies
                elif isinstance(result, Sacrifice):
                    sacrificing = game.keyword_action_form(
                        "sacrifice", "zone_move", needed_by=result.rule
                    )
                    moves.append(sacrificing(game, permanent, rule=result.rule))
                else:
                    moves.append(ZoneMove(permanent, Zone.GRAVEYARD, rule=result.rule))
            # One event: every choice (616.1) is made before any of them goes (101.4).
            await game.move_together(moves)
            for token in tokens:
                game.moves.cease_to_exist(token.object, rule=token.rule)
            for a in annihilate:
                # N +1/+1 and N -1/-1 counters are removed, N the smaller count (704.5q).
                permanent = a.permanent
                pairs = min(permanent.counters["+1/+1"], permanent.counters["-1/-1"])
                game.remove_counters(permanent, "+1/+1", pairs, rule=a.rule)
                game.remove_counters(permanent, "-1/-1", pairs, rule=a.rule)
            if losses:
                game.lose_all(losses)

"""Counters on permanents (CR 122): putting them, as an event replacement effects may
modify (614.1a), and removing them; "whenever a counter is put / removed" triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.cards import TriggerEvent, TriggerKind
from manaweave.events import CountersAdded, CountersRemoved, PlayerCountersAdded

from ._objects import GameObject
from ._replacement import CounterEvent, replace_event

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Counters"]


class Counters:
    """Putting counters on permanents and removing them."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    async def put_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Put ``count`` counters of ``kind`` on a permanent, after replacement effects
        (CR 122.6, 614.1a)."""
        game = self.game
        if count <= 0 or obj.id not in game.objects:
            return
        if game.has_replacement_effects():
            replaced = await replace_event(game, CounterEvent(obj, kind, count))
            if replaced is None:
                return
            assert isinstance(replaced, CounterEvent)
            obj, kind, count = replaced.obj, replaced.kind, replaced.count
        self.add_counters(obj, kind, count, rule=rule)

    def add_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Put ``count`` counters of ``kind`` on a permanent (CR 122.1, 122.6), with no
        replacement effects (use :meth:`put_counters` for an event of the game)."""
        game = self.game
        if count <= 0 or obj.id not in game.objects:
            return
        obj.counters[kind] = obj.counters.get(kind, 0) + count
        game.derived.invalidate()
        seq = game.emit(
            CountersAdded(
                rule=rule,
                player=obj.controller,
                object=obj.id,
                kind=kind,
                count=count,
                total=obj.counters[kind],
            )
        )
        if game.watching:
            game.notice(
                TriggerEvent(
                    TriggerKind.COUNTERS_ADDED,
                    seq,
                    obj.controller,
                    obj,
                    counter=kind,
                    amount=count,
                    total=obj.counters[kind],
                )
            )

    def give_poison_counters(self, player: int, count: int, *, rule: str) -> None:
        """``player`` gets ``count`` poison counters (CR 122.1f); with ten or more they lose
        the game the next time state-based actions are checked (704.5c)."""
        if count <= 0:
            return
        game = self.game
        state = game.players[player]
        state.poison += count
        game.emit(
            PlayerCountersAdded(
                rule=rule, player=player, kind="poison", count=count, total=state.poison
            )
        )

    def remove_counters(self, obj: GameObject, kind: str, count: int, *, rule: str) -> None:
        """Remove up to ``count`` counters of ``kind`` from a permanent (CR 122.8)."""
        game = self.game
        count = min(count, obj.counters.get(kind, 0))
        if count <= 0:
            return
        obj.counters[kind] -= count
        if not obj.counters[kind]:
            del obj.counters[kind]
        game.derived.invalidate()
        seq = game.emit(
            CountersRemoved(
                rule=rule,
                player=obj.controller,
                object=obj.id,
                kind=kind,
                count=count,
                total=obj.counters.get(kind, 0),
            )
        )
        if game.watching:
            # "Whenever a counter is removed" triggers once for each (603.2c).
            for _ in range(count):
                game.notice(
                    TriggerEvent(
                        TriggerKind.COUNTER_REMOVED, seq, obj.controller, obj, counter=kind
                    )
                )

"""Loops of mandatory actions (CR 104.4b, 731.4): a game that repeats the same sequence of
events with no player doing anything to stop it is a draw, never a hang.

The engine watches two places where a game can repeat itself. State-based actions and
triggers checked before a player gets priority (704.3, 117.5) involve no player at all.
A spell or ability resolving after every player passed (117.4) involves only passes. In
both, the whole visible state of the game is fingerprinted; when the same fingerprint
comes back three times while nobody has done anything but pass (no action, no decision
with a real choice), the events in between are a loop that nobody is stopping, and the
game ends in a draw (104.4b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ._objects import AbilityOnStack, GameObject

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["LoopWatch", "fingerprint"]

REPEATS_FOR_A_LOOP = 3
"""How many times the same state must come back: twice could be a coincidence of two
different sequences; three times in a row with only passes is a cycle."""


def fingerprint(game: Game) -> tuple[object, ...]:
    """Everything about the game that the rules can see, without object ids (which change
    at every zone change, 400.7): zones, permanents' status, life, counters, the stack,
    effects and pending triggers."""

    def obj(o: GameObject) -> tuple[object, ...]:
        attached = game.objects.get(o.attached_to) if o.attached_to is not None else None
        return (
            o.card.name,
            o.controller,
            o.tapped,
            o.damage,
            tuple(sorted(o.counters.items())),
            attached.card.name if attached is not None else None,
        )

    def item(i: object) -> tuple[object, ...]:
        if isinstance(i, AbilityOnStack):
            return ("ability", i.source_snapshot.name, getattr(i.ability, "text", ""), i.controller)
        assert isinstance(i, GameObject)
        return ("spell", i.card.name, i.controller, i.x, i.modes)

    players = tuple(
        (
            p.life,
            p.poison,
            p.has_left,
            tuple(c.card.name for c in p.library),
            tuple(sorted(c.card.name for c in p.hand)),
            tuple(c.card.name for c in p.graveyard),
            p.mana_pool.as_tuple(),
        )
        for p in game.players
    )
    return (
        game.turn,
        game.step,
        players,
        tuple(sorted((obj(o) for o in game.battlefield), key=repr)),
        tuple(sorted(o.card.name for o in game.exile)),
        tuple(item(i) for i in game.stack),
        len(game.effects),
        len(game.replacement_effects),
        len(game.combat_rule_effects),
        tuple(game.extra_turns),
        len(game.pending_triggers),
    )


def _sizes(game: Game) -> tuple[int, ...]:
    """How big each zone is, and the life totals: equal in any two equal states."""
    sizes = [game.turn, len(game.stack), len(game.battlefield), len(game.exile)]
    for p in game.players:
        sizes += (p.life, len(p.hand), len(p.library), len(p.graveyard))
    return tuple(sizes)


class LoopWatch:
    """Counts how often each state came back during one stretch of only passes and forced
    choices: any action, or any decision with a real choice, starts a new stretch (a loop
    with an optional action in it is no draw, 104.4b)."""

    __slots__ = ("_choices", "_seen", "_sizes")

    def __init__(self) -> None:
        self._seen: dict[tuple[object, ...], int] = {}
        self._sizes: set[tuple[int, ...]] = set()
        self._choices = -1

    def reset(self) -> None:
        """A player did something other than pass: whatever repeats next is a new stretch."""
        if self._seen or self._sizes:
            self._seen.clear()
            self._sizes.clear()

    def repeated(self, game: Game) -> bool:
        """Note the state now; whether it has now come back often enough to be a loop."""
        if game.free_choices != self._choices:
            self._choices = game.free_choices
            self.reset()
        # A cheap summary first: while it keeps changing (a stack that only shrinks, a
        # life total that only falls) no state can have repeated.
        sizes = _sizes(game)
        if sizes not in self._sizes:
            self._sizes.add(sizes)
            return False
        key = fingerprint(game)
        count = self._seen.get(key, 0) + 1
        self._seen[key] = count
        return count >= REPEATS_FOR_A_LOOP

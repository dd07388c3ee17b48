"""Test players shared by several test modules."""

from __future__ import annotations

from collections.abc import Mapping

from manaweave import Choice, Decision, DecisionKind, hookimpl
from manaweave.lowlevel import Game
from manaweave.players import RandomBot


class Misbehaving(RandomBot):
    """A random bot that misbehaves at given decisions (counted from 1): ``"illegal"``
    answers an out-of-range index, ``"malformed"`` answers something that is not a
    Choice, ``"raise"`` raises, ``"concede"`` concedes."""

    def __init__(self, seed: int, plan: Mapping[int, str]) -> None:
        super().__init__(seed)
        self.plan = dict(plan)
        self.count = 0
        self.rejections: list[Exception] = []

    async def decide(self, decision: Decision) -> Choice:
        self.count += 1
        action = self.plan.get(self.count)
        if action == "illegal":
            return Choice((len(decision.options) + 5,))
        if action == "malformed":
            return None  # type: ignore[return-value]
        if action == "raise":
            raise RuntimeError("bot bug")
        if action == "concede":
            return Choice.concession()
        return self.pick(decision)

    def rejected(self, decision: Decision, error: Exception) -> None:
        """Keep the engine's rejections for the test to inspect."""
        self.rejections.append(error)


class AttacksOnce:
    """A plugin that answers ``player``'s declarations of attackers itself: the first
    with its first option (a creature attacking the first defending player), the next
    ones with none."""

    def __init__(self, player: int) -> None:
        self.player = player
        self.asked = 0

    @hookimpl
    def mw_game_setup(self, game: Game) -> None:
        """Answer the player's declarations of attackers before their own player does."""
        inner = game.actors[self.player]
        plugin = self

        class Actor:
            async def decide(self, decision: Decision) -> Choice:
                if decision.kind is not DecisionKind.ATTACKERS:
                    return await inner.decide(decision)
                plugin.asked += 1
                if plugin.asked > 1:
                    return Choice(())
                return Choice.of(0)

        game.actors[self.player] = Actor()

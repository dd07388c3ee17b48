"""Test players shared by several test modules."""

from __future__ import annotations

from collections.abc import Mapping

from manaweave import Choice, Decision
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

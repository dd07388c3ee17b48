"""What a scenario's players are scripted to do, and which scripts went unused.

Every scripted action and answer has a window: the turn and step in which it may be
used. Once a run of the scenario stops past that window, or the game ends, a script that
was not used is a mistake in the test (unless it was scripted ``optional``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from manaweave._engine._decisions import DecisionKind
from manaweave._engine._errors import with_article
from manaweave._engine._game import Game
from manaweave._engine._table import HarnessStop
from manaweave._engine._turn import Step

__all__ = [
    "Failed",
    "Point",
    "ScenarioError",
    "Script",
    "ScriptedAction",
    "ScriptedAnswer",
    "ScriptedAttack",
    "ScriptedBlock",
    "point",
    "point_text",
]

STEPS = list(Step)

Point = tuple[int, int]
"""A moment of a game as (turn, index of the step in :class:`Step`), so that moments
compare in the order they happen."""


def point(turn: int, step: Step) -> Point:
    """The moment ``step`` of ``turn`` begins."""
    return (turn, STEPS.index(step))


def point_text(at: Point) -> str:
    """``turn 2, declare_attackers``: a moment as a test's author writes it."""
    return f"turn {at[0]}, {STEPS[at[1]].value}"


class ScenarioError(AssertionError):
    """A scenario went differently from its script, or was asked something it can't do."""


class Failed(HarnessStop):
    """Unwinds the game when a scripted player meets an unscripted decision."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


@dataclass
class ScriptedAction:
    """Something a player does when they have priority: cast, activate, play a land."""

    player: int
    kind: str
    card: str
    turn: int
    step: Step
    targets: tuple[str, ...] = ()
    text: str | None = None
    stack_empty: bool = False
    x: int | None = None
    when: Callable[[Game], bool] | None = None
    optional: bool = False
    done: bool = False

    @property
    def at(self) -> Point:
        """The moment in which it is taken."""
        return point(self.turn, self.step)

    @property
    def used(self) -> bool:
        """Whether it was taken."""
        return self.done

    def past_at(self, stop: Point) -> bool:
        """Whether its window is over when a run stops as ``stop`` begins."""
        return self.at < stop

    def __str__(self) -> str:
        aim = f" targeting {', '.join(self.targets)}" if self.targets else ""
        return f"P{self.player + 1} {self.kind} {self.card}{aim} ({point_text(self.at)})"


@dataclass
class ScriptedAnswer:
    """A scripted answer to a decision other than priority, attackers and blockers."""

    player: int
    kind: DecisionKind
    picks: tuple[Any, ...]
    turn: int | None
    step: Step | None = None
    optional: bool = False
    used: bool = False

    def fits(self, game: Game) -> bool:
        """Whether it may answer a decision asked now."""
        return (self.turn is None or self.turn == game.turn) and (
            self.step is None or self.step is game.step
        )

    def past_at(self, stop: Point) -> bool:
        """Whether its window is over when a run stops as ``stop`` begins: one without a
        turn answers the next such decision, which must come within the same run."""
        if self.turn is None:
            return True
        return point(self.turn, self.step or Step.CLEANUP) < stop

    def __str__(self) -> str:
        picks = ", ".join(map(repr, self.picks))
        when = "any turn" if self.turn is None else f"turn {self.turn}"
        if self.step is not None:
            when += f", {self.step.value}"
        kind = with_article(self.kind.value)
        return f"P{self.player + 1} chooses {picks} for {kind} decision ({when})"


@dataclass
class ScriptedAttack:
    """One creature scripted to attack in a turn's declare attackers step."""

    player: int
    creature: str
    defender: int | None
    planeswalker: str | None
    turn: int
    optional: bool = False
    used: bool = False

    def past_at(self, stop: Point) -> bool:
        """Whether the declare attackers step of its turn has begun before ``stop``."""
        return point(self.turn, Step.DECLARE_ATTACKERS) < stop

    def __str__(self) -> str:
        aim = f" {self.planeswalker}" if self.planeswalker else ""
        return f"P{self.player + 1} attack{aim} with {self.creature} (turn {self.turn})"


@dataclass
class ScriptedBlock:
    """One block scripted for a turn's declare blockers step."""

    player: int
    blocker: str
    attacker: str
    turn: int
    optional: bool = False
    used: bool = False

    def past_at(self, stop: Point) -> bool:
        """Whether the declare blockers step of its turn has begun before ``stop``."""
        return point(self.turn, Step.DECLARE_BLOCKERS) < stop

    def __str__(self) -> str:
        return f"P{self.player + 1} block {self.attacker} with {self.blocker} (turn {self.turn})"


@dataclass
class Script:
    """Everything the players of one scenario are scripted to do."""

    actions: list[ScriptedAction] = field(default_factory=list)
    answers: list[ScriptedAnswer] = field(default_factory=list)
    attacks: list[ScriptedAttack] = field(default_factory=list)
    blocks: list[ScriptedBlock] = field(default_factory=list)

    def unused(self, stop: Point | None) -> list[str]:
        """The scripts, not optional, whose window is over at ``stop`` (``None``: the game
        is over, so every window is) and that were never used."""
        scripts: list[ScriptedAction | ScriptedAnswer | ScriptedAttack | ScriptedBlock] = [
            *self.actions,
            *self.attacks,
            *self.blocks,
            *self.answers,
        ]
        return [
            str(s)
            for s in scripts
            if not s.used and not s.optional and (stop is None or s.past_at(stop))
        ]

    def scripted_before(self, at: Point) -> list[str]:
        """The actions, attacks and blocks whose moment is already over at ``at``: added to
        a scenario that is already past them, they could never happen."""
        late: list[ScriptedAction | ScriptedAttack | ScriptedBlock] = [
            *self.actions,
            *self.attacks,
            *self.blocks,
        ]
        return [str(s) for s in late if not s.used and not s.optional and s.past_at(at)]

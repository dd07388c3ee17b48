"""Phases and steps of a turn (CR 500-514)."""

from __future__ import annotations

import enum

__all__ = ["Phase", "Step"]


class Phase(enum.Enum):
    """The five phases of a turn, in order (CR 500.1)."""

    BEGINNING = "beginning"
    PRECOMBAT_MAIN = "precombat_main"
    COMBAT = "combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    ENDING = "ending"


class Step(enum.Enum):
    """The steps of a turn in order; main phases count as one step each (CR 500.1, 505)."""

    UNTAP = "untap"
    UPKEEP = "upkeep"
    DRAW = "draw"
    PRECOMBAT_MAIN = "precombat_main"
    BEGINNING_OF_COMBAT = "beginning_of_combat"
    DECLARE_ATTACKERS = "declare_attackers"
    DECLARE_BLOCKERS = "declare_blockers"
    FIRST_STRIKE_DAMAGE = "first_strike_damage"
    COMBAT_DAMAGE = "combat_damage"
    END_OF_COMBAT = "end_of_combat"
    POSTCOMBAT_MAIN = "postcombat_main"
    END = "end"
    CLEANUP = "cleanup"

    @property
    def phase(self) -> Phase:
        """The phase this step belongs to."""
        return _PHASE_OF[self]

    @property
    def is_main(self) -> bool:
        """True for the two main phases (CR 505)."""
        return self in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)

    @property
    def rule(self) -> str:
        """The CR rule that describes this step."""
        return _RULE_OF[self]


_PHASE_OF = {
    Step.UNTAP: Phase.BEGINNING,
    Step.UPKEEP: Phase.BEGINNING,
    Step.DRAW: Phase.BEGINNING,
    Step.PRECOMBAT_MAIN: Phase.PRECOMBAT_MAIN,
    Step.BEGINNING_OF_COMBAT: Phase.COMBAT,
    Step.DECLARE_ATTACKERS: Phase.COMBAT,
    Step.DECLARE_BLOCKERS: Phase.COMBAT,
    Step.FIRST_STRIKE_DAMAGE: Phase.COMBAT,
    Step.COMBAT_DAMAGE: Phase.COMBAT,
    Step.END_OF_COMBAT: Phase.COMBAT,
    Step.POSTCOMBAT_MAIN: Phase.POSTCOMBAT_MAIN,
    Step.END: Phase.ENDING,
    Step.CLEANUP: Phase.ENDING,
}

_RULE_OF = {
    Step.UNTAP: "502",
    Step.UPKEEP: "503",
    Step.DRAW: "504",
    Step.PRECOMBAT_MAIN: "505",
    Step.BEGINNING_OF_COMBAT: "507",
    Step.DECLARE_ATTACKERS: "508",
    Step.DECLARE_BLOCKERS: "509",
    Step.FIRST_STRIKE_DAMAGE: "510.4",
    Step.COMBAT_DAMAGE: "510",
    Step.END_OF_COMBAT: "511",
    Step.POSTCOMBAT_MAIN: "505",
    Step.END: "513",
    Step.CLEANUP: "514",
}

"""A person playing at the terminal: the board and hand as that player sees them,
numbered choices, stops so that they are not asked to pass at every step, and a clear
word on a choice that can't be made.

``manaweave play --human --seat N`` seats one; :class:`TerminalPlayer` is the player.
It reads lines from a text stream (standard input) and writes to another (standard
output). What it shows comes only from the decision's view, which holds what that player
may know (400.2); the play-by-play printed beside it is the log as that player sees it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import ClassVar, TextIO

import trio

from manaweave._engine._decisions import Choice, Decision, DecisionKind, Pass
from manaweave._engine._preferences import MAIN_PHASES, Preferences, Stops
from manaweave._engine._view import GameView, ObjectView

__all__ = ["HUMAN_STOPS", "TerminalPlayer"]

HUMAN_STOPS = Stops(
    own_turn=MAIN_PHASES | {"declare_attackers", "declare_blockers"},
    other_turns=frozenset({"declare_attackers", "declare_blockers", "end"}),
    stack=True,
)
"""Where a person is asked for priority by default: their main phases, combat once
attackers and blockers are declared, other players' end steps, and whenever the stack
holds something; never when passing is all they could do."""

HELP = """\
Type the number of a choice, or several numbers separated by spaces where a decision
takes several (in order where the order matters); an empty line picks nothing where
nothing is allowed, and passes priority. Other commands:
  board    show the board again
  help     this help
  concede  concede the game"""


class TerminalPlayer:
    """A person at a terminal (see the module documentation).

    ``read`` returns the next line typed (``""`` at the end of input, which concedes);
    ``write`` prints. By default they are standard input and output. ``preferences``
    are the stops and payment the person wants (by default :data:`HUMAN_STOPS`, and the
    engine pays mana costs unless they tap their lands themselves first)."""

    decides_at_once: ClassVar[bool] = False

    def __init__(
        self,
        *,
        read: Callable[[], str] | None = None,
        write: Callable[[str], None] | None = None,
        preferences: Preferences | None = None,
        before_asking: Callable[[], None] | None = None,
    ) -> None:
        self._read = read or sys.stdin.readline
        self._write = write or _print_to(sys.stdout)
        self.preferences = preferences or Preferences(stops=HUMAN_STOPS, engine_pays=True)
        self.before_asking = before_asking
        """Called before each question: the command line prints the play-by-play so far."""

    def __repr__(self) -> str:
        return "TerminalPlayer()"

    async def decide(self, decision: Decision) -> Choice:
        """Show the board and the choices, and read an answer until it is a legal one."""
        if self.before_asking is not None:
            self.before_asking()
        view = decision.view
        self._write(render_board(view))
        self._write(render_question(decision))
        while True:
            line = await trio.to_thread.run_sync(self._read)
            if line == "":
                self._write("(end of input: conceding)")
                return Choice.concession()
            text = line.strip().lower()
            if text in ("help", "?", "h"):
                self._write(HELP)
                continue
            if text in ("board", "b"):
                self._write(render_board(view))
                self._write(render_question(decision))
                continue
            if text == "concede":
                return Choice.concession()
            answer = parse_answer(decision, text)
            if isinstance(answer, str):
                self._write(f"  {answer}")
                continue
            return answer

    def rejected(self, decision: Decision, error: Exception) -> None:
        """The engine refused an answer (it shouldn't: answers are checked first)."""
        self._write(f"  The engine refused that: {error}")


def _print_to(stream: TextIO) -> Callable[[str], None]:
    def write(text: str) -> None:
        print(text, file=stream, flush=True)

    return write


def parse_answer(decision: Decision, text: str) -> Choice | str:
    """The choice typed (numbers from 1), or what is wrong with it, in words."""
    n = len(decision.options)
    if not text:
        if decision.kind is DecisionKind.PRIORITY:
            passes = [i for i, o in enumerate(decision.options) if isinstance(o, Pass)]
            return Choice((passes[0],)) if passes else "type the number of a choice"
        if decision.min == 0:
            return Choice(())
        return f"choose {_how_many(decision)}: type the number(s)"
    words = text.replace(",", " ").split()
    if not all(word.isdigit() for word in words):
        return f"{text!r} is not a choice: type numbers from 1 to {n}, or help"
    numbers = [int(word) for word in words]
    if any(not 1 <= number <= n for number in numbers):
        return f"the choices are numbered 1 to {n}"
    indices = tuple(number - 1 for number in numbers)
    if not decision.ordered:
        indices = tuple(sorted(indices))
    problem = decision.problem(indices)
    if problem is not None:
        return f"that can't be chosen: {problem}"
    return Choice(indices)


def _how_many(decision: Decision) -> str:
    if decision.min == decision.max:
        return f"{decision.min}"
    return f"{decision.min} to {decision.max}"


def render_question(decision: Decision) -> str:
    """The question and its numbered choices."""
    lines = [f"> {decision.prompt}" + _picks(decision)]
    lines.extend(f"  {i}. {option}" for i, option in enumerate(decision.options, start=1))
    return "\n".join(lines)


def _picks(decision: Decision) -> str:
    if decision.min == decision.max == 1:
        return ""
    order = ", in order" if decision.ordered else ""
    return f" (choose {_how_many(decision)}{order})"


def render_board(view: GameView) -> str:
    """The game as the viewer sees it: each player's life, hand and library sizes,
    battlefield and graveyard top; the stack; the viewer's hand."""
    lines = [
        f"=== Turn {view.turn}, {(view.step or 'beginning').replace('_', ' ')}: "
        f"{view.player(view.active_player).name}'s turn ==="
    ]
    for player in view.players:
        you = " (you)" if player.id == view.viewer else ""
        gone = " [left the game]" if player.has_left else ""
        poison = f", {player.poison} poison" if player.poison else ""
        lines.append(
            f"{player.name}{you}{gone}: {player.life} life{poison}, {player.hand_size} in hand, "
            f"{player.library_size} in library"
        )
        permanents = [o for o in view.battlefield if o.controller == player.id]
        if permanents:
            lines.append("  battlefield: " + "; ".join(describe(o) for o in permanents))
        if player.graveyard:
            lines.append(f"  graveyard: {len(player.graveyard)}, top {player.graveyard[-1].name}")
    if view.stack:
        lines.append("stack (top last): " + "; ".join(describe(o) for o in view.stack))
    lines.append("your hand: " + (", ".join(describe(o) for o in view.hand) or "empty"))
    return "\n".join(lines)


def describe(obj: ObjectView) -> str:
    """One object in a few words: name, cost in hand, power/toughness, state."""
    parts = [obj.name]
    if obj.zone == "hand" and obj.mana_cost:
        parts.append(obj.mana_cost)
    if obj.power is not None and obj.toughness is not None:
        parts.append(f"{obj.power}/{obj.toughness}")
    marks: Sequence[str] = [
        mark
        for mark, shown in (
            ("tapped", obj.tapped),
            (f"{obj.damage} damage", obj.damage > 0),
            ("attacking", obj.attacking is not None),
            ("blocking", obj.blocking is not None),
        )
        if shown
    ]
    if obj.counters:
        marks = [*marks, ", ".join(f"{count} {kind}" for kind, count in obj.counters)]
    text = " ".join(parts)
    return f"{text} ({', '.join(marks)})" if marks else text

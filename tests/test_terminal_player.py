"""A person at the terminal: ``manaweave play --human``, driven through a pseudo-terminal,
and :class:`TerminalPlayer` with its input and output in lists."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import trio

from manaweave import DecisionKind, new_game, play_game
from manaweave.log import read_events
from manaweave.lowlevel import PluginHost
from manaweave.players import RandomBot, TerminalPlayer
from manaweave.testing import DecisionRecorder


class Terminal:
    """``manaweave`` run in a pseudo-terminal: what it printed, and lines typed to it."""

    def __init__(self, *args: str) -> None:
        self.master, slave = pty.openpty()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "manaweave", *args],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            close_fds=True,
        )
        os.close(slave)
        self.seen = ""
        self.transcript = ""
        """Everything printed so far."""

    def expect(self, pattern: str, timeout: float = 30.0) -> re.Match[str]:
        """Read until ``pattern`` appears in what was printed after the last match."""
        deadline = time.monotonic() + timeout
        while True:
            found = re.search(pattern, self.seen)
            if found:
                self.seen = self.seen[found.end() :]
                return found
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {pattern!r} in:\n{self.seen[-3000:]}")
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:  # the program ended and closed the terminal
                    chunk = b""
                if not chunk:
                    raise AssertionError(f"ended without {pattern!r}:\n{self.seen[-3000:]}")
                text = chunk.decode("utf-8", "replace").replace("\r\n", "\n")
                self.seen += text
                self.transcript += text

    def type(self, line: str) -> None:
        os.write(self.master, (line + "\n").encode())

    def finish(self) -> tuple[int, str]:
        """Wait for the program to end; its exit code and the rest of its output."""
        rest = ""
        while True:
            try:
                chunk = os.read(self.master, 65536)
            except OSError:
                break
            if not chunk:
                break
            rest += chunk.decode("utf-8", "replace").replace("\r\n", "\n")
        code = self.process.wait(timeout=60)
        os.close(self.master)
        self.transcript += rest
        return code, self.seen + rest


def simple_answer(question: str) -> str:
    """What a hurried person types: Enter to pass priority or pick nothing where nothing
    may be picked, else the first choices asked for."""
    if "priority" in question:
        return ""
    picks = re.search(r"\(choose (\d+)", question)
    count = int(picks.group(1)) if picks else 1
    return " ".join(str(i) for i in range(1, count + 1))


def test_a_person_plays_a_game_at_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "human.jsonl"
    term = Terminal(
        "play", "--human", "--seat", "2", "--seed", "3", "--max-turns", "4", "--log", str(log)
    )
    term.expect(r"> keep 7 cards\?\n  1\. keep\n  2\. mulligan\n")
    term.type("3")
    term.expect("the choices are numbered 1 to 2")
    term.type("keep")
    term.expect("'keep' is not a choice: type numbers from 1 to 2, or help")
    term.type("help")
    term.expect("concede the game")
    term.type("1")
    # Then pass priority, declare no attackers or blockers, discard the first cards.
    while True:
        found = term.expect(r"(> [^\n]*\n|Event log: [^\n]*\n)")
        if found.group(0).startswith("Event log"):
            break
        term.type(simple_answer(found.group(0)))
    code, output = term.finish()
    assert code == 0
    assert (
        "Game seed-3 (seed 3, two_player): P1 (m10:red-green), P2 (m10:green-white)" in output
        or log.exists()
    )
    events = list(read_events(log))
    started = events[0].data
    assert started["players"][1]["kind"] == "TerminalPlayer"
    assert started["players"][1]["preferences"]["engine_pays"] is True
    kept = [e for e in events if e.event == "decision_made" and e.player == 1]
    assert kept[0].data["kind"] == "mulligan"
    assert kept[0].data["choice"] == [0]


def test_the_terminal_shows_only_what_the_seat_may_know(tmp_path: Path) -> None:
    log = tmp_path / "hidden.jsonl"
    term = Terminal(
        "play", "--human", "--seat", "2", "--seed", "5", "--max-turns", "3", "--log", str(log)
    )
    while True:
        found = term.expect(r"(> [^\n]*\n|Event log: [^\n]*\n)")
        if found.group(0).startswith("Event log"):
            break
        term.type(simple_answer(found.group(0)))
    term.finish()
    shown = term.transcript
    # Seat 1's draws are told as counts only; seat 2's own draws by name.
    p1_draws = re.findall(r"P1 draws ([^\n]*)\.", shown)
    assert p1_draws
    assert all(re.fullmatch(r"(a card|\d+ cards)", d) for d in p1_draws), p1_draws
    assert re.search(r"P2 draws [A-Z][a-z]", shown)


def test_concede_at_the_terminal(tmp_path: Path) -> None:
    log = tmp_path / "concede.jsonl"
    term = Terminal("play", "--human", "--seed", "1", "--log", str(log))
    term.expect(r"> keep 7 cards\?")
    term.type("concede")
    code, output = term.finish()
    assert code == 0
    assert "P2 wins" in output
    conceded = [e for e in read_events(log) if e.event == "player_conceded"]
    assert [(e.player, e.data["reason"]) for e in conceded] == [(0, "conceded")]


def test_a_human_seat_must_exist_and_needs_output(capsys: object) -> None:
    from manaweave.lowlevel import command_line as main

    assert main(["play", "--human", "--seat", "3"]) == 2
    assert main(["play", "--human", "--quiet"]) == 2


def test_the_terminal_player_answers_from_what_is_typed() -> None:
    printed: list[str] = []
    recorder = DecisionRecorder()

    def read() -> str:
        questions = [text for text in printed if text.startswith("> ")]
        return simple_answer(questions[-1].splitlines()[0]) + "\n"

    human = TerminalPlayer(read=read, write=printed.append)
    game = new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[human, RandomBot(seed=2)],
        seed=4,
        max_turns=6,
        plugins=PluginHost([recorder]),
    )
    trio.run(play_game, game)
    asked = recorder.of_kind(DecisionKind.PRIORITY, 0)
    # Stops: asked only in its main phases and combat steps, at other players' end
    # steps and declared attacks, and while the stack holds something.
    assert asked
    assert not [
        a
        for a in asked
        if a.stack == 0
        and a.step is not None
        and a.step.value in ("upkeep", "draw", "beginning_of_combat", "end_of_combat", "cleanup")
    ]
    assert any("your hand:" in text for text in printed)
    assert not recorder.of_kind(DecisionKind.PAYMENT, 0)  # the engine pays for it

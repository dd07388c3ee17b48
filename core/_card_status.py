"""What each card set defines and tests: the ``manaweave cards`` command.

A card counts as *implemented* when its set plugin defines it (a card whose text is not
all implemented is never defined; the plugin lists it in
:attr:`~manaweave.cards.CardSet.not_implemented` with the reason). It counts as *tested*
when a test names it with the ``cards`` marker::

    @pytest.mark.cards("Lightning Bolt")
    @pytest.mark.rules("120.3a")
    def test_lightning_bolt_deals_three_damage(): ...

The markers are read from the test files without running them, the way ``manaweave
coverage`` reads the ``rules`` markers; the suite's ``conftest.py`` makes a marked test fail
unless each card it names was in one of its games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ._coverage import collect_markers
from ._plugins import PluginHost, default_plugins
from .cards import CardSet

__all__ = ["CardStatus", "SetStatus", "main", "set_status"]


@dataclass(frozen=True, slots=True)
class CardStatus:
    """One card face of a set: whether it is defined, why not, and the tests naming it."""

    name: str
    implemented: bool
    tests: tuple[str, ...] = ()
    missing_because: str | None = None

    @property
    def tested(self) -> bool:
        """Defined, and named by at least one test's ``cards`` marker."""
        return self.implemented and bool(self.tests)


@dataclass(frozen=True, slots=True)
class SetStatus:
    """Every card face a set plugin knows of, in name order."""

    code: str
    name: str
    cards: tuple[CardStatus, ...]
    face_count: int | None
    """The set's printed size when the plugin defines the whole set, else ``None``."""

    @property
    def implemented(self) -> int:
        """How many faces are defined."""
        return sum(card.implemented for card in self.cards)

    @property
    def tested(self) -> int:
        """How many defined faces a test names."""
        return sum(card.tested for card in self.cards)

    def summary(self) -> str:
        """``234/234 implemented, 234/234 tested``; a selection of a set's cards has no
        total: ``9 defined, 9 tested``."""
        if self.face_count is None:
            return f"{self.implemented} defined, {self.tested} tested"
        total = self.face_count
        return f"{self.implemented}/{total} implemented, {self.tested}/{total} tested"

    def as_dict(self) -> dict[str, object]:
        """The status as plain data, for ``--json``."""
        return {
            "code": self.code,
            "name": self.name,
            "face_count": self.face_count,
            "implemented": self.implemented,
            "tested": self.tested,
            "cards": [
                {
                    "name": card.name,
                    "implemented": card.implemented,
                    "tested": card.tested,
                    "tests": list(card.tests),
                    "missing_because": card.missing_because,
                }
                for card in self.cards
            ],
        }


def set_status(card_set: CardSet, tests: Mapping[str, Sequence[str]]) -> SetStatus:
    """The status of ``card_set`` given ``tests``: card name -> node ids of the tests whose
    ``cards`` marker names it (see :func:`~manaweave._coverage.collect_markers`)."""
    statuses = [
        CardStatus(definition.name, True, tuple(tests.get(definition.name, ())))
        for definition in card_set.cards
    ]
    statuses += [
        CardStatus(name, False, missing_because=why)
        for name, why in card_set.not_implemented.items()
    ]
    statuses.sort(key=lambda status: status.name)
    return SetStatus(card_set.code, card_set.name, tuple(statuses), card_set.face_count)


def _format(status: SetStatus) -> str:
    width = max((len(card.name) for card in status.cards), default=0)
    lines = [f"{status.code}  {status.name}"]
    for card in status.cards:
        if not card.implemented:
            state = f"not implemented: {card.missing_because}"
        elif card.tests:
            count = len(card.tests)
            state = f"implemented, tested ({count} test{'s' if count > 1 else ''})"
        else:
            state = "implemented, NOT TESTED"
        lines.append(f"  {card.name:<{width}}  {state}")
    lines.append(f"{status.code}: {status.summary()}")
    return "\n".join(lines) + "\n"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="manaweave cards",
        description=(
            "List the cards of the registered sets: implemented or not (and why), and the "
            "tests naming each with @pytest.mark.cards(...). The test files are read, not run."
        ),
    )
    parser.add_argument("--set", dest="code", metavar="CODE", help="only this set (such as M10)")
    parser.add_argument(
        "--tests", type=Path, metavar="DIR", help="the tests folder to scan (default: ./tests)"
    )
    parser.add_argument("--summary", action="store_true", help="only the coverage line of each set")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def _fail(message: str) -> int:
    print(f"manaweave cards: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None, host: PluginHost | None = None) -> int:
    """Run ``manaweave cards`` with ``argv``; return the exit code.

    Exits 2 with a message if ``--set`` names no registered set, or the tests folder is
    missing or does not parse.
    """
    args = _parser().parse_args(argv)
    sets = (host or default_plugins()).cards.sets
    if args.code is not None:
        sets = tuple(s for s in sets if s.code.casefold() == args.code.casefold())
        if not sets:
            known = ", ".join(s.code for s in (host or default_plugins()).cards.sets)
            return _fail(f"no card set {args.code!r} is registered (sets: {known})")
    tests_dir: Path = args.tests if args.tests is not None else Path.cwd() / "tests"
    if not tests_dir.is_dir():
        return _fail(f"tests folder not found: {tests_dir} (pass --tests DIR)")
    try:
        tests = collect_markers(tests_dir, "cards")
    except SyntaxError as error:
        return _fail(f"cannot parse {error.filename}:{error.lineno}: {error.msg}")
    except (OSError, UnicodeDecodeError) as error:
        return _fail(f"cannot read the tests: {error}")
    statuses = [set_status(card_set, tests) for card_set in sets]
    if args.json:
        print(json.dumps([status.as_dict() for status in statuses], indent=2))
    elif args.summary:
        for status in statuses:
            print(f"{status.code}: {status.summary()}")
    else:
        sys.stdout.write("\n".join(_format(status) for status in statuses))
    return 0

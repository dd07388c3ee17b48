"""What each card set defines and tests: the ``manaweave cards`` command.

A card counts as *implemented* when its set plugin defines it (a card whose text is not
all implemented is never defined; the plugin lists it in
:attr:`~manaweave.cards.CardSet.not_implemented` with the reason). The sets are those of
the installed plugins, as every game finds them. A card counts as *tested* when a test that
passed names it with the ``cards`` marker::

    @pytest.mark.cards("Lightning Bolt")
    @pytest.mark.rules("120.3a")
    def test_lightning_bolt_deals_three_damage(): ...

Which tests named which cards, and how they ended, comes from the test report the pytest
plugin writes (:mod:`manaweave.pytest_plugin`); the plugin also fails a marked test unless
each card it names was in one of its games.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, cast

from manaweave._engine._plugins import PluginHost, default_plugins
from manaweave.cards import CardSet
from manaweave.testing._report import DEFAULT_REPORT, TestReportError, load_report

if TYPE_CHECKING:
    from rich.table import Table

__all__ = ["CardStatus", "SetStatus", "main", "set_plugins", "set_status", "status_table"]

NO_REPORT_HINT = "run pytest to record which tests cover each card"


@dataclass(frozen=True, slots=True)
class CardStatus:
    """One card face of a set: whether it is defined, why not, and the tests naming it."""

    name: str
    implemented: bool
    tests: tuple[str, ...] = ()
    """The tests that passed naming the card."""
    missing_because: str | None = None
    failing: tuple[str, ...] = ()
    """The tests naming the card that failed or raised an error."""

    @property
    def tested(self) -> bool:
        """Defined, and named by at least one test that passed."""
        return self.implemented and bool(self.tests)


@dataclass(frozen=True, slots=True)
class SetStatus:
    """Every card face a set plugin knows of, in name order."""

    code: str
    name: str
    cards: tuple[CardStatus, ...]
    face_count: int | None
    """The set's printed size when the plugin defines the whole set, else ``None``."""
    plugin: str = ""
    """The plugin that contributes the set."""

    @property
    def implemented(self) -> int:
        """How many faces are defined."""
        return sum(card.implemented for card in self.cards)

    @property
    def tested(self) -> int:
        """How many defined faces a test that passed names."""
        return sum(card.tested for card in self.cards)

    def summary(self, *, tested: bool = True) -> str:
        """``234/234 implemented, 234/234 tested``; a selection of a set's cards has no
        total: ``9 defined, 9 tested``. Without ``tested`` (no test report), only the
        first half."""
        if self.face_count is None:
            parts = [f"{self.implemented} defined", f"{self.tested} tested"]
        else:
            total = self.face_count
            parts = [f"{self.implemented}/{total} implemented", f"{self.tested}/{total} tested"]
        return ", ".join(parts if tested else parts[:1])

    def as_dict(self) -> dict[str, object]:
        """The status as plain data, for ``--json``."""
        return {
            "code": self.code,
            "name": self.name,
            "plugin": self.plugin,
            "face_count": self.face_count,
            "implemented": self.implemented,
            "tested": self.tested,
            "cards": [
                {
                    "name": card.name,
                    "implemented": card.implemented,
                    "tested": card.tested,
                    "tests": list(card.tests),
                    "failing": list(card.failing),
                    "missing_because": card.missing_because,
                }
                for card in self.cards
            ],
        }


def set_status(
    card_set: CardSet,
    tests: Mapping[str, Sequence[str]],
    *,
    failing: Mapping[str, Sequence[str]] | None = None,
    plugin: str = "",
) -> SetStatus:
    """The status of ``card_set`` given ``tests``: card name -> node ids of the passed tests
    whose ``cards`` marker names it (:meth:`TestReport.covering_cards
    <manaweave.lowlevel.TestReport.covering_cards>`), and ``failing``: the same for the
    tests that failed."""
    failing = failing or {}
    statuses = [
        CardStatus(
            definition.name,
            True,
            tuple(tests.get(definition.name, ())),
            failing=tuple(failing.get(definition.name, ())),
        )
        for definition in card_set.cards
    ]
    statuses += [
        CardStatus(name, False, missing_because=why)
        for name, why in card_set.not_implemented.items()
    ]
    statuses.sort(key=lambda status: status.name)
    return SetStatus(
        card_set.code, card_set.name, tuple(statuses), card_set.face_count, plugin=plugin
    )


def set_plugins(host: PluginHost) -> dict[str, str]:
    """Set code -> the name of the plugin that contributes the set, for every set of
    ``host`` (the first plugin, if several contribute sets of one code)."""
    found: dict[str, str] = {}
    for impl in reversed(host.manager.hook.mw_card_sets.get_hookimpls()):
        for card_set in cast("Iterable[CardSet]", impl.function()):
            found.setdefault(card_set.code, impl.plugin_name)
    return found


def status_table(status: SetStatus, *, tested: bool = True) -> Table:
    """One set's cards as a :class:`rich.table.Table`; without ``tested`` (no test report)
    only whether each is implemented."""
    from rich.table import Table

    title = f"{status.code}  {status.name}"
    if status.plugin:
        title += f"  ({status.plugin})"
    table = Table(title=title, caption=f"{status.code}: {status.summary(tested=tested)}")
    table.add_column("Card")
    table.add_column("Status")
    if tested:
        table.add_column("Tests", justify="right")
    for card in status.cards:
        if not card.implemented:
            row = [card.name, f"[dim]not implemented: {card.missing_because}[/dim]"]
            if tested:
                row.append("")
        elif not tested:
            row = [card.name, "implemented"]
        elif card.failing:
            row = [card.name, "[red]implemented, FAILING[/red]", _counts(card)]
        elif card.tests:
            row = [card.name, "implemented, tested", _counts(card)]
        else:
            row = [card.name, "[yellow]implemented, NOT TESTED[/yellow]", "0"]
        table.add_row(*row)
    return table


def _counts(card: CardStatus) -> str:
    counts = f"{len(card.tests)}"
    if card.failing:
        counts += f" (+{len(card.failing)} failing)"
    return counts


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="manaweave cards",
        description=(
            "List the cards of the installed plugins' sets: implemented or not (and why), "
            "and the tests naming each with @pytest.mark.cards(...), as the last pytest "
            "run's test report records."
        ),
    )
    parser.add_argument("--set", dest="code", metavar="CODE", help="only this set (such as M10)")
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help=f"the test report to read (default: {DEFAULT_REPORT} in the current folder)",
    )
    parser.add_argument("--summary", action="store_true", help="only the coverage line of each set")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    return parser


def _fail(message: str) -> int:
    print(f"manaweave cards: error: {message}", file=sys.stderr)
    return 2


def main(argv: Sequence[str] | None = None, host: PluginHost | None = None) -> int:
    """Run ``manaweave cards`` with ``argv``; return the exit code.

    Exits 2 with a message if ``--set`` names no registered set, or the test report given
    (or found) cannot be read.
    """
    from rich.console import Console

    args = _parser().parse_args(argv)
    host = host or default_plugins()
    sets = host.cards.sets
    if args.code is not None:
        sets = tuple(s for s in sets if s.code.casefold() == args.code.casefold())
        if not sets:
            known = ", ".join(s.code for s in host.cards.sets)
            return _fail(f"no card set {args.code!r} is registered (sets: {known})")
    try:
        report = load_report(args.report)
    except TestReportError as error:
        return _fail(str(error))
    passed = report.covering_cards() if report is not None else {}
    failing: dict[str, list[str]] = {}
    for test in report.tests if report is not None else ():
        if test.outcome in ("failed", "error"):
            for name in test.cards:
                failing.setdefault(name, []).append(test.nodeid)
    plugins = set_plugins(host)
    statuses = [
        set_status(s, passed, failing=failing, plugin=plugins.get(s.code, "")) for s in sets
    ]
    tested = report is not None
    console = Console(highlight=False, soft_wrap=True)
    if args.json:
        data = [status.as_dict() for status in statuses]
        if not tested:
            for entry in data:
                entry["tested"] = None
        print(json.dumps(data, indent=2))
        return 0
    for status in statuses:
        if args.summary:
            console.print(f"{status.code}: {status.summary(tested=tested)}")
        else:
            console.print(status_table(status, tested=tested))
    if not tested:
        console.print(f"No test report at {DEFAULT_REPORT}: {NO_REPORT_HINT}.")
    return 0

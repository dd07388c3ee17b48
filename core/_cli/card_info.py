"""One card: the ``manaweave card NAME`` command.

It shows the card as printed (the MTGJSON-derived reference the package ships, or, for a
card of a third-party set, the plugin's own definition), whether an installed plugin
implements it (and which one, or why not), and the tests that named it in the last test
report (see :mod:`manaweave.pytest_plugin`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from manaweave._engine._card_names import real_card, suggestions
from manaweave._engine._card_reference import card_reference
from manaweave._engine._plugins import PluginHost, default_plugins
from manaweave.cards import CardDefinition
from manaweave.testing._report import DEFAULT_REPORT, TestReport, TestReportError, load_report

from .card_status import set_plugins

__all__ = ["main"]


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="manaweave card",
        description=(
            "Show one card: its printed text, whether an installed plugin implements it, "
            "and the tests that named it in the last pytest run's test report."
        ),
    )
    parser.add_argument("name", nargs="+", help="the card's exact name (quote it, or not)")
    parser.add_argument(
        "--report",
        type=Path,
        metavar="PATH",
        help=f"the test report to read (default: {DEFAULT_REPORT} in the current folder)",
    )
    parser.add_argument("--json", action="store_true", help="print JSON instead of text")
    return parser


def _fail(message: str) -> int:
    print(f"manaweave card: error: {message}", file=sys.stderr)
    return 2


def _printed_lines(name: str, definition: CardDefinition | None) -> list[str]:
    """Name and cost, type line, rules text, power/toughness, printings."""
    reference = card_reference()
    printed = reference.get(name)
    if printed is not None:
        lines = [f"{name}  {printed.mana_cost}" if printed.mana_cost else name]
        lines.append(printed.type_line)
        lines += printed.text.splitlines()
        if printed.power is not None:
            lines.append(f"{printed.power}/{printed.toughness}")
        if printed.loyalty is not None:
            lines.append(f"Loyalty {printed.loyalty}")
        lines.append(f"Printed in: {', '.join(printed.printings)}")
        return lines
    if definition is None:  # listed as not implemented by a third-party set
        return [name, "(no printed text: the card reference ships the built-in cards only)"]
    cost = str(definition.mana_cost) if definition.mana_cost is not None else ""
    lines = [f"{name}  {cost}".rstrip(), definition.type_line]
    lines += definition.text.splitlines()
    if definition.power is not None:
        lines.append(f"{definition.power}/{definition.toughness}")
    return lines


def main(argv: Sequence[str] | None = None, host: PluginHost | None = None) -> int:
    """Run ``manaweave card NAME`` with ``argv``; return the exit code.

    Exits 2 with a "did you mean" if no installed plugin and no printed card has the
    name, or if the test report given (or found) cannot be read.
    """
    from rich.console import Console

    args = _parser().parse_args(argv)
    name = " ".join(args.name)
    host = host or default_plugins()
    definition = host.cards[name] if name in set(host.cards) else None
    plugins = set_plugins(host)
    defined_in = [s for s in host.cards.sets if any(c.name == name for c in s.cards)]
    missing_in = [s for s in host.cards.sets if name in s.not_implemented]
    if definition is None and not missing_in and name not in card_reference():
        real = real_card(name)
        if real is not None:
            return _fail(
                f"no installed plugin defines {real.name}, a card of {real.first_set} that "
                "manaweave does not play yet"
            )
        known = {*host.cards, *card_reference()}
        for card_set in host.cards.sets:
            known.update(card_set.not_implemented)
        close = suggestions(name, sorted(known))
        hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
        return _fail(f"no installed plugin or printed card is named {name!r}{hint}")
    try:
        report: TestReport | None = load_report(args.report)
    except TestReportError as error:
        return _fail(str(error))
    tests = report.naming_card(name) if report is not None else []

    if definition is not None:
        where = ", ".join(f"{s.code} ({plugins.get(s.code, '?')})" for s in defined_in)
        status = f"implemented in {where}"
    elif missing_in:
        reasons = "; ".join(f"{s.code}: {s.not_implemented[name]}" for s in missing_in)
        status = f"not implemented ({reasons})"
    else:
        status = "not implemented: no installed plugin defines it"

    if args.json:
        data = {
            "name": name,
            "printed": _printed_lines(name, definition),
            "implemented": definition is not None,
            "sets": [{"code": s.code, "plugin": plugins.get(s.code, "")} for s in defined_in],
            "not_implemented": {s.code: s.not_implemented[name] for s in missing_in},
            "report": report is not None,
            "tests": [{"nodeid": t.nodeid, "outcome": t.outcome} for t in tests],
        }
        print(json.dumps(data, indent=2))
        return 0

    console = Console(highlight=False, soft_wrap=True)
    for line in _printed_lines(name, definition):
        console.print(line, markup=False)
    console.print()
    console.print(status[0].upper() + status[1:], markup=False)
    if report is None:
        console.print(
            f"No test report at {DEFAULT_REPORT}: run pytest to record which tests cover "
            "each card.",
            markup=False,
        )
    elif not tests:
        console.print("No test of the report names it.")
    else:
        console.print(f"Tests naming it ({len(tests)}):")
        for test in tests:
            console.print(f"  {test.outcome:<8} {test.nodeid}", markup=False)
    return 0

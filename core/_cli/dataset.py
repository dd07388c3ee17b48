"""``manaweave export`` and ``manaweave analyze``: game logs as tables
(:mod:`manaweave.dataset`) and the report of their statistics (:mod:`manaweave.analysis`)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

from manaweave._engine._checked_games import UnusableGame
from manaweave._engine._errors import ManaweaveError

__all__ = ["add_analyze", "add_export"]

MIN_CARD_GAMES = 10
"""``analyze``'s default ``--min-games``: a win rate over a game or two is all noise (one
game gives 0 or 1), and at the top of a plot sorted by value it would lead it."""


class MissingExtraError(ManaweaveError, ValueError):
    """The command needs the ``analysis`` extra, which is not installed."""


def _progress_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show progress on stderr (default: when stderr is a terminal)",
    )


def add_export(commands: Any) -> None:
    """Add the ``export`` command to the ``manaweave`` parser's ``commands``."""
    exported = commands.add_parser(
        "export",
        help="write game logs as tables (Parquet or CSV) for analysis",
        description=(
            "Read every game log at SOURCE (a .jsonl or .jsonl.gz file, or a folder of them, "
            "such as manaweave simulate writes) and write the tables games, players, cards "
            "(one file each) and events (a folder of parts) into --out, as documented in "
            "docs/dataset.md. Games without an end are left out and counted."
        ),
    )
    exported.add_argument("source", help="a game log, or a folder of game logs")
    exported.add_argument(
        "--out", default=None, help="the folder to write (default: SOURCE/dataset)"
    )
    exported.add_argument(
        "--format",
        choices=("parquet", "csv"),
        default="parquet",
        help="parquet (default; needs manaweave[analysis]) or csv",
    )
    exported.add_argument(
        "--no-events", action="store_true", help="leave out the events table (a row a log line)"
    )
    exported.add_argument(
        "--overwrite", action="store_true", help="replace tables already in --out"
    )
    _progress_option(exported)
    exported.set_defaults(run=_export)


def add_analyze(commands: Any) -> None:
    """Add the ``analyze`` command to the ``manaweave`` parser's ``commands``."""
    analyze = commands.add_parser(
        "analyze",
        help="win rates, matchups, card tables, plots and an HTML report of many games",
        description=(
            "Read the games at SOURCE (game logs, or a folder manaweave export wrote as "
            "Parquet) and print win rates by deck and bot, matchups, on the play and on the "
            "draw, mulligans, game lengths, a table of every card and damage by source; "
            "write each as CSV, the plots as PNG, and report.html (plots embedded, tables "
            "sortable) into --out."
        ),
    )
    analyze.add_argument("source", help="game logs, or a Parquet export's folder")
    analyze.add_argument("--out", default=None, help="the folder to write (default: SOURCE/report)")
    analyze.add_argument(
        "--min-games",
        type=int,
        default=MIN_CARD_GAMES,
        help=(
            "the fewest games a card table's figure stands on: cards in fewer games are left "
            "out, a win rate over fewer is empty, and so is the improvement when drawn "
            f"unless both its sides have as many ({MIN_CARD_GAMES})"
        ),
    )
    analyze.add_argument("--no-plots", action="store_true", help="write no PNG plots")
    _progress_option(analyze)
    analyze.set_defaults(run=_analyze)


def _default_out(source: str, name: str) -> Path:
    path = Path(source)
    if path.is_dir():
        return path / name
    stem = path.name.removesuffix(".gz").removesuffix(".jsonl")
    return path.with_name(f"{stem}-{name}")


def _games_progress(enabled: bool | None) -> Progress:
    show = sys.stderr.isatty() if enabled is None else enabled
    return Progress(
        SpinnerColumn(),
        TextColumn("{task.completed} games"),
        TextColumn("{task.fields[rate]:6.1f} games/s"),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        disable=not show,
    )


def _export(args: argparse.Namespace) -> int:
    # Loaded when the command runs: polars, DuckDB and matplotlib take longer to import
    # than every other command takes to run.
    from manaweave.dataset import export

    out = Path(args.out) if args.out else _default_out(args.source, "dataset")
    started = time.perf_counter()
    with _games_progress(args.progress) as bar:
        task = bar.add_task("export", total=None, rate=0.0)

        def progress(done: int) -> None:
            elapsed = time.perf_counter() - started
            bar.update(task, completed=done, rate=done / elapsed if elapsed else 0.0)

        try:
            result = export(
                args.source,
                out,
                format=args.format,
                events=not args.no_events,
                overwrite=args.overwrite,
                progress=progress,
                rejected=_warn,
            )
        except ModuleNotFoundError as error:
            raise MissingExtraError(str(error)) from None
    elapsed = time.perf_counter() - started
    skipped = f", {result.skipped} without an end left out" if result.skipped else ""
    if result.rejected:
        skipped += f", {result.rejected} that fail a check left out"
    print(f"{result.games} games in {elapsed:.1f} s{skipped}: {args.format} tables in {out}")
    return 0


def _warn(game: UnusableGame) -> None:
    """Say on stderr, in one line, which game is left out and why."""
    print(f"manaweave: warning: {game}; left out", file=sys.stderr)


def _analyze(args: argparse.Namespace) -> int:
    from manaweave.analysis import load
    from manaweave.analysis_report import write_report  # loaded when needed, as for export

    if args.min_games < 1:
        raise ValueError(f"--min-games must be 1 or more, not {args.min_games}")
    out = Path(args.out) if args.out else _default_out(args.source, "report")
    started = time.perf_counter()
    try:
        with _games_progress(args.progress) as bar:
            task = bar.add_task("read", total=None, rate=0.0)

            def progress(done: int) -> None:
                elapsed = time.perf_counter() - started
                bar.update(task, completed=done, rate=done / elapsed if elapsed else 0.0)

            tables = load(args.source, progress=progress, rejected=_warn)
        if not tables.games.height:
            raise ValueError(f"{args.source}: no game that ended, nothing to analyze")
        console = Console(highlight=False, width=None if sys.stdout.isatty() else 160)
        report = write_report(
            tables, out, console=console, plots=not args.no_plots, min_games=args.min_games
        )
    except ModuleNotFoundError as error:
        raise MissingExtraError(str(error)) from None
    elapsed = time.perf_counter() - started
    print(
        f"{tables.games.height} games analyzed in {elapsed:.1f} s: {report.html} "
        f"({len(report.csv)} CSV files, {len(report.png)} plots)"
    )
    return 0

"""``manaweave ladder``: seeded matchups between bots, printed as win rates with 95%
confidence intervals (see :mod:`manaweave.simulation._ladder`)."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson
from rich import box
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from manaweave._engine._plugins import PluginHost
from manaweave.simulation._ladder import LadderResult, Tally, play_ladder

__all__ = ["add_ladder", "games_bar"]

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")


def add_ladder(commands: Any, *, whole_number: Callable[[int, int], Callable[[str], int]]) -> None:
    """Add the ``ladder`` command to the ``manaweave`` parser's ``commands``."""
    ladder = commands.add_parser(
        "ladder",
        help="play bots against each other with seeded games and print win rates",
        description=(
            "Play every pair of the --bot bots against each other, --games two-player games "
            "for every pairing of the --deck decks (each against each, mirrors included), "
            "swapping seats from game to game; game k has seed SEED+k. Prints each bot's win "
            "rate (a draw counts half) with a 95% Wilson confidence interval, overall and "
            "by deck."
        ),
    )
    ladder.add_argument(
        "--bot", action="append", required=True, help="a registered bot; give two or more"
    )
    ladder.add_argument(
        "--deck",
        action="append",
        default=None,
        help="a ready deck or decklist file; repeat for more (default: "
        + ", ".join(DEFAULT_DECKS)
        + ")",
    )
    ladder.add_argument(
        "--games",
        type=whole_number(1, 1_000_000),
        default=50,
        help="games per pairing of bots and decks (50)",
    )
    ladder.add_argument("--seed", type=whole_number(0, 2**31), default=0, help="first seed (0)")
    ladder.add_argument(
        "--max-turns",
        type=whole_number(1, 100_000),
        default=200,
        help="a game that reaches this many turns is a draw (200)",
    )
    ladder.add_argument("--json", default=None, help="also write every game and tally to FILE")
    ladder.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    ladder.set_defaults(run=_ladder)


def _ladder(args: argparse.Namespace) -> int:
    decks = args.deck or list(DEFAULT_DECKS)
    bar = games_bar(sys.stderr.isatty() if args.progress is None else args.progress)
    started = time.perf_counter()
    with bar:
        task = bar.add_task("games", total=None, rate=0.0)

        def progress(done: int, total: int) -> None:
            elapsed = time.perf_counter() - started
            bar.update(task, completed=done, total=total, rate=done / elapsed if elapsed else 0)

        result = play_ladder(
            args.bot,
            decks,
            games=args.games,
            seed=args.seed,
            plugins=PluginHost(),
            max_turns=args.max_turns,
            progress=progress,
        )
    elapsed = time.perf_counter() - started
    # Wide enough for whole deck names when the output is not a terminal (a file, a pipe).
    Console(highlight=False, width=None if sys.stdout.isatty() else 120).print(
        results_table(result)
    )
    print(f"{len(result.games)} games in {elapsed:.1f} s (seeds {args.seed}..)")
    if args.json is not None:
        Path(args.json).write_bytes(orjson.dumps(as_json(result), option=orjson.OPT_INDENT_2))
    return 0


def games_bar(show: bool) -> Progress:
    """The progress bar of a batch of games, on stderr (drawn only with ``show``): games
    done out of the total, games a second, time left; its task takes a ``rate`` field."""
    return Progress(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]:5.1f} games/s"),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        disable=not show,
    )


def _row(bot: str, against: str, deck: str, tally: Tally) -> list[str]:
    low, high = tally.interval
    return [
        bot,
        against,
        deck,
        str(tally.games),
        f"{tally.wins}-{tally.losses}-{tally.draws}",
        f"{tally.win_rate:.1%}",
        f"{low:.1%} - {high:.1%}",
    ]


def results_table(result: LadderResult) -> Table:
    """Each bot's results against each other bot: over all decks, then by its deck."""
    table = Table(box=box.SIMPLE_HEAD)
    for column in ("Bot", "Against", "With deck", "Games", "W-L-D", "Win rate", "95% CI"):
        table.add_column(column, justify="right" if column in ("Games", "Win rate") else "left")
    for a, b in result.pairs():
        for bot, against in ((a, b), (b, a)):
            table.add_row(*_row(bot, against, "all", result.tally(bot, against)))
            if len(result.decks) > 1:
                for deck in result.decks:
                    table.add_row(*_row(bot, against, deck, result.tally(bot, against, deck=deck)))
    return table


def as_json(result: LadderResult) -> dict[str, Any]:
    """The ladder as plain JSON: its games and each bot's tallies."""
    tallies = []
    for a, b in result.pairs():
        for bot, against in ((a, b), (b, a)):
            for deck in (None, *result.decks):
                tally = result.tally(bot, against, deck=deck)
                tallies.append(
                    {
                        "bot": bot,
                        "against": against,
                        "deck": deck,
                        "wins": tally.wins,
                        "losses": tally.losses,
                        "draws": tally.draws,
                        "win_rate": tally.win_rate,
                        "interval": list(tally.interval),
                    }
                )
    return {
        "bots": list(result.bots),
        "decks": list(result.decks),
        "tallies": tallies,
        "games": [
            {
                "seed": g.seed,
                "bots": list(g.bots),
                "decks": list(g.decks),
                "winners": list(g.winners),
                "reason": g.reason,
                "turns": g.turns,
            }
            for g in result.games
        ],
    }

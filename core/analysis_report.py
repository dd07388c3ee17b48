"""``manaweave analyze``'s report: the statistics of :mod:`manaweave.analysis` printed as
tables, written as CSV files, drawn as PNG plots, and gathered in one HTML file that
opens with no server (plots embedded, tables sortable).

From Python, the same report as ``manaweave analyze DATASET --out FOLDER``::

    from pathlib import Path
    from rich.console import Console
    from manaweave import analysis
    from manaweave.analysis_report import write_report

    report = write_report(analysis.load("runs/a/dataset"), Path("report"), console=Console())
    print(report.html)

:func:`sections` gives each statistic as a :class:`Section` (its table, and how it is
drawn) without writing anything. Needs the ``analysis`` extra."""

from __future__ import annotations

import base64
import html
import io
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from .analysis import (
    Tables,
    _bot_kind,
    card_table,
    damage_by_source,
    deck_bot_confounding,
    game_lengths,
    matchups,
    mulligan_effects,
    play_draw,
    win_rates,
)
from .dataset._spreadsheet import spreadsheet_frame

try:  # the ``analysis`` extra
    import matplotlib

    matplotlib.use("Agg")  # headless: files only, never a window
    import matplotlib.pyplot as plt
    import polars as pl
except ImportError:  # pragma: no cover - exercised only without the extra
    plt = None  # type: ignore[assignment]
    pl = None  # type: ignore[assignment]

__all__ = ["Report", "Section", "sections", "write_report"]


@dataclass(frozen=True)
class Section:
    """One statistic of the report: its file name, title, what it says, its table, and
    how to draw it (``None``: a table only)."""

    name: str
    title: str
    about: str
    frame: Any
    plot: Callable[[Any, Any], None] | None = None
    shown_rows: int = 40
    """The most rows printed in the terminal (the CSV file has them all)."""
    shown_columns: tuple[str, ...] = ()
    """The columns printed in the terminal, when not all of them fit (``()``: all)."""
    note: str = ""
    """What the table itself leaves out (printed under it, and in the page)."""


@dataclass(frozen=True)
class Report:
    """What :func:`write_report` wrote."""

    html: Path
    csv: tuple[Path, ...]
    png: tuple[Path, ...]


def sections(tables: Tables, *, min_games: int = 1) -> list[Section]:
    """Every statistic of the report, computed from ``tables``."""
    cards = card_table(tables, min_games=min_games)
    decks_cards = tables.cards.filter(pl.col("copies") > 0).select("deck", "card").unique()
    too_few = decks_cards.height - cards.height
    by_bot = tables.players.with_columns(_bot_kind(pl.col("bot")).alias("bot"))
    confounded = deck_bot_confounding(tables)
    bots = Tables(tables.games, by_bot, tables.cards)
    found = [
        Section(
            "win_rates",
            "Win rate by deck",
            "Every seat each deck played; a draw counts half; 95% Wilson intervals.",
            win_rates(tables),
            _plot_rates("deck"),
            note=confounded,
        ),
        Section(
            "bots",
            "Win rate by bot",
            "By the bot's class, whatever its seed.",
            win_rates(bots, by="bot"),
            _plot_rates("bot"),
            note=confounded,
        ),
        Section(
            "matchups",
            "Matchups",
            "Each deck against each opponent's deck, in two-player games.",
            matchups(tables),
            _plot_matchups,
        ),
        Section(
            "play_draw",
            "On the play and on the draw",
            "On the play: the player took the first turn (103.1).",
            play_draw(tables),
            _plot_split("on_play", lambda on_play: "on the play" if on_play else "on the draw"),
        ),
        Section(
            "mulligans",
            "Mulligans",
            "Results by mulligans taken (103.5).",
            mulligan_effects(tables),
            _plot_split("mulligans", lambda n: f"{n} mulligan{'' if n == '1' else 's'}"),
        ),
        Section(
            "game_lengths",
            "Game length",
            "Turns per game.",
            game_lengths(tables),
            _plot_lengths(tables.games),
        ),
        Section(
            "cards",
            "Cards",
            "Per card of each deck: games played; win rate in the opening hand (OH), drawn "
            "later (GD), seen either way (GIH), not seen (GNS), cast; IWD = GIH - GNS with "
            f"its 95% interval. A card in fewer than {min_games} games is left out, a win "
            "rate over fewer is empty, and IWD is there only when both its sides are.",
            cards,
            _plot_cards(min_games),
            shown_rows=25,
            shown_columns=(
                "deck",
                "card",
                "games",
                "oh_wr",
                "gd_wr",
                "gih_wr",
                "gns_wr",
                "iwd",
                "cast_wr",
            ),
            note=(
                f"{too_few} of {decks_cards.height} cards of the decks are in fewer than "
                f"{min_games} games (--min-games), left out of the table and its CSV"
                if too_few
                else ""
            ),
        ),
        Section(
            "damage",
            "Damage by source",
            "Damage each card dealt for its deck, in all, to players, and per game played.",
            damage_by_source(tables),
            _plot_damage,
            shown_rows=20,
        ),
    ]
    return found


def write_report(
    tables: Tables,
    out: Path,
    *,
    console: Console | None = None,
    plots: bool = True,
    min_games: int = 1,
) -> Report:
    """Compute every section, print it on ``console`` (if given), and write into ``out``
    a CSV file per section (a text a spreadsheet would take for a formula written as text:
    :func:`~manaweave.dataset._spreadsheet.spreadsheet_text`), a PNG per plot (with ``plots``) and
    ``report.html``."""
    out.mkdir(parents=True, exist_ok=True)
    found = sections(tables, min_games=min_games)
    csv_files = []
    png_files = []
    images: dict[str, bytes] = {}
    if console is not None:
        console.print(_summary_line(tables))
    for section in found:
        path = out / f"{section.name}.csv"
        spreadsheet_frame(section.frame).write_csv(path)
        csv_files.append(path)
        if console is not None:
            console.print(_rich_table(section))
            left_out = _left_out_line(section, path)
            if left_out:
                console.print(left_out, markup=False, highlight=False)
        if plots and section.plot is not None and plt is not None and section.frame.height:
            figure, axes = plt.subplots(figsize=(8, 4.5), dpi=100)
            try:
                section.plot(section.frame, axes)
                figure.tight_layout()
                buffer = io.BytesIO()
                figure.savefig(buffer, format="png")
            finally:
                plt.close(figure)
            image = out / f"{section.name}.png"
            image.write_bytes(buffer.getvalue())
            png_files.append(image)
            images[section.name] = buffer.getvalue()
    page = out / "report.html"
    page.write_text(_html(tables, found, images), encoding="utf-8")
    return Report(page, tuple(csv_files), tuple(png_files))


def _summary_line(tables: Tables) -> str:
    games = tables.games
    variants = ", ".join(sorted(set(games["variant"].to_list())))
    skipped = f"; {tables.skipped} without an end, left out" if tables.skipped else ""
    if tables.rejected:
        skipped += f"; {len(tables.rejected)} that fail a check, left out"
    return f"{games.height} games ({variants}){skipped}"


def _cell(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.3f}"
    return str(value)


def _rich_table(section: Section) -> Table:
    frame = section.frame
    if section.shown_columns:
        frame = frame.select(section.shown_columns)
    table = Table(title=section.title, box=box.SIMPLE_HEAD, title_justify="left")
    for column in frame.columns:
        table.add_column(column, justify="left" if frame[column].dtype == pl.String else "right")
    for row in frame.head(section.shown_rows).iter_rows():
        table.add_row(*(_cell(value) for value in row))
    return table


def _left_out_line(section: Section, csv_file: Path) -> str:
    """What the terminal's table leaves out and where it all is, and what the table
    itself leaves out (``""``: nothing)."""
    frame = section.frame
    parts = []
    if frame.height > section.shown_rows:
        parts.append(
            f"{section.shown_rows} of {frame.height} rows shown, "
            f"{frame.height - section.shown_rows} left out"
        )
    hidden_columns = len(frame.columns) - len(section.shown_columns or frame.columns)
    if hidden_columns:
        parts.append(f"{hidden_columns} of {len(frame.columns)} columns left out")
    lines = [f"  {'; '.join(parts)}: every row and column in {csv_file}"] if parts else []
    if section.note:
        lines.append(f"  {section.note}")
    return "\n".join(lines)


# --- plots --------------------------------------------------------------------------------------


def _plot_rates(label: str) -> Callable[[Any, Any], None]:
    def plot(frame: Any, axes: Any) -> None:
        frame = frame.sort(["win_rate", label])  # bottom to top: the best at the top
        names = [str(v) for v in frame[label].to_list()]
        rates = frame["win_rate"].to_list()
        # At a rate of 0 or 1 the interval's end is the rate, give or take rounding.
        low = [max(0.0, r - lo) for r, lo in zip(rates, frame["ci_low"].to_list(), strict=True)]
        high = [max(0.0, hi - r) for r, hi in zip(rates, frame["ci_high"].to_list(), strict=True)]
        axes.barh(names, rates, xerr=[low, high], color="#4c72b0", capsize=4)
        axes.axvline(0.5, color="#888", linewidth=1, linestyle="--")
        axes.set_xlim(0, 1)
        axes.set_xlabel("win rate (95% interval)")

    return plot


def _plot_matchups(frame: Any, axes: Any) -> None:
    """A grid of each deck's win rate (rows) against each opponent (columns), the decks
    in order of their win rate over all their matchups, each cell with its games."""
    overall = (
        frame.group_by("deck")
        .agg(((pl.col("wins") + 0.5 * pl.col("draws")).sum() / pl.col("games").sum()).alias("rate"))
        .sort(["rate", "deck"], descending=[True, False])
    )
    decks = overall["deck"].to_list()
    cells = {
        (d, o): (r, n)
        for d, o, r, n in frame.select("deck", "opponent", "win_rate", "games").iter_rows()
    }
    grid = [[cells.get((d, o), (float("nan"), 0))[0] for o in decks] for d in decks]
    image = axes.imshow(grid, cmap="RdBu", vmin=0, vmax=1)
    for row, deck in enumerate(decks):
        for column, opponent in enumerate(decks):
            if (deck, opponent) in cells:
                rate, games = cells[deck, opponent]
                axes.text(
                    column, row, f"{rate:.2f}\n{games} games", ha="center", va="center", fontsize=7
                )
    names = [str(d) for d in decks]
    axes.set_xticks(range(len(decks)), names, rotation=30, ha="right", fontsize=7)
    axes.set_yticks(range(len(decks)), names, fontsize=7)
    axes.set_xlabel("opponent")
    axes.set_ylabel("deck (the best over all its games first)")
    axes.figure.colorbar(image, ax=axes, label="win rate")


def _plot_split(split: str, label: Callable[[Any], str]) -> Callable[[Any, Any], None]:
    def plot(frame: Any, axes: Any) -> None:
        decks = sorted(set(frame["deck"].to_list()), key=str)
        values = sorted(set(frame[split].to_list()), key=str)
        width = 0.8 / max(len(values), 1)
        for index, value in enumerate(values):
            part = frame.filter(pl.col(split) == value)
            rate = dict(zip(part["deck"].to_list(), part["win_rate"].to_list(), strict=True))
            positions = [d + index * width for d in range(len(decks))]
            axes.bar(
                positions,
                [rate.get(deck, 0.0) for deck in decks],
                width,
                label=label(value),
            )
        axes.set_xticks([d + 0.4 - width / 2 for d in range(len(decks))], [str(d) for d in decks])
        axes.set_ylim(0, 1)
        axes.set_ylabel("win rate")
        axes.legend()

    return plot


def _plot_lengths(games: Any) -> Callable[[Any, Any], None]:
    def plot(frame: Any, axes: Any) -> None:
        turns = games["turns"].to_list()
        axes.hist(turns, bins=min(30, max(5, len(set(turns)))), color="#55a868")
        axes.set_xlabel("turns")
        axes.set_ylabel("games")

    return plot


def _plot_cards(min_games: int) -> Callable[[Any, Any], None]:
    def plot(frame: Any, axes: Any) -> None:
        ranked = frame.filter(pl.col("iwd").is_not_null()).sort("iwd")
        shown = pl.concat([ranked.head(8), ranked.tail(8)]).unique(maintain_order=True)
        if not shown.height:
            axes.text(
                0.5,
                0.5,
                f"no card both seen and not seen in {min_games} games or more",
                ha="center",
                transform=axes.transAxes,
            )
            axes.set_axis_off()
            return
        labels = [f"{c} ({d})" for d, c in zip(shown["deck"], shown["card"], strict=True)]
        values = shown["iwd"].to_list()
        below = [v - low for v, low in zip(values, shown["iwd_low"].to_list(), strict=True)]
        above = [high - v for v, high in zip(values, shown["iwd_high"].to_list(), strict=True)]
        colors = ["#c44e52" if v < 0 else "#4c72b0" for v in values]
        axes.barh(labels, values, xerr=[below, above], color=colors, capsize=3)
        axes.axvline(0, color="#888", linewidth=1)
        axes.set_xlabel(
            "improvement when drawn, GIH - GNS win rate (95% interval;\n"
            f"cards seen and not seen in {min_games} games or more each)"
        )
        axes.tick_params(axis="y", labelsize=7)

    return plot


def _plot_damage(frame: Any, axes: Any) -> None:
    shown = frame.sort(["per_game", "deck", "card"], descending=[True, False, False])
    shown = shown.head(15).reverse()  # bottom to top: the most at the top
    labels = [f"{c} ({d})" for d, c in zip(shown["deck"], shown["card"], strict=True)]
    axes.barh(labels, shown["per_game"].to_list(), color="#dd8452")
    axes.set_xlabel("damage per game the deck played")
    axes.tick_params(axis="y", labelsize=7)


# --- the page -----------------------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 2em; color: #222; }
table { border-collapse: collapse; margin: 0.5em 0 2em; font-size: 0.85em; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #ddd; text-align: right; }
th { cursor: pointer; background: #f3f3f3; position: sticky; top: 0; }
th:hover { background: #e4e4e4; }
td.text, th.text { text-align: left; }
img { max-width: 100%; display: block; }
p.about { color: #555; }
"""

# Sorting in the page: a click on a heading sorts by that column, again to reverse.
_SCRIPT = """
document.querySelectorAll("table.sortable th").forEach((th, column) => {
  th.addEventListener("click", () => {
    const table = th.closest("table");
    const body = table.tBodies[0];
    const rows = Array.from(body.rows);
    const down = th.dataset.order !== "asc";
    th.dataset.order = down ? "asc" : "desc";
    const key = (row) => {
      const text = row.cells[column].textContent;
      const number = parseFloat(text);
      return text === "" ? null : (isNaN(number) ? text : number);
    };
    rows.sort((a, b) => {
      const x = key(a), y = key(b);
      if (x === null) return 1;
      if (y === null) return -1;
      const order = x < y ? -1 : x > y ? 1 : 0;
      return down ? order : -order;
    });
    rows.forEach((row) => body.appendChild(row));
  });
});
"""


def _html(tables: Tables, found: Sequence[Section], images: dict[str, bytes]) -> str:
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>manaweave analysis</title>",
        f"<style>{_STYLE}</style></head><body>",
        "<h1>manaweave analysis</h1>",
        f"<p>{html.escape(_summary_line(tables))}</p>",
    ]
    for section in found:
        parts.append(f'<h2 id="{section.name}">{html.escape(section.title)}</h2>')
        parts.append(f'<p class="about">{html.escape(section.about)}</p>')
        if section.note:
            parts.append(f'<p class="about">{html.escape(section.note)}.</p>')
        if section.name in images:
            data = base64.b64encode(images[section.name]).decode()
            parts.append(
                f'<img alt="{html.escape(section.title)}" src="data:image/png;base64,{data}">'
            )
        parts.append(_html_table(section.frame))
    parts.append(f"<script>{_SCRIPT}</script></body></html>")
    return "\n".join(parts)


def _html_table(frame: Any) -> str:
    text_columns = {c for c in frame.columns if frame[c].dtype == pl.String}

    def kind(column: str) -> str:
        return ' class="text"' if column in text_columns else ""

    head = "".join(f"<th{kind(c)}>{html.escape(c)}</th>" for c in frame.columns)
    rows = []
    for row in frame.iter_rows():
        cells = "".join(
            f"<td{kind(c)}>{html.escape(_cell(v))}</td>"
            for c, v in zip(frame.columns, row, strict=True)
        )
        rows.append(f"<tr>{cells}</tr>")
    return (
        f'<table class="sortable"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table>"
    )

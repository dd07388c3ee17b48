"""The statistics of many games (``manaweave.analysis``, ``manaweave analyze``): known
figures from tables made by hand, the same figures by polars and by SQL over real
games, and the report on disk."""

from __future__ import annotations

import base64
import csv
import html
import io
import re
from pathlib import Path
from typing import Any

import matplotlib.pyplot as plt
import orjson
import polars as pl
import pytest
import trio
from matplotlib.container import BarContainer
from rich.console import Console

from manaweave import analysis, new_game, play_game
from manaweave.analysis_report import sections, write_report
from manaweave.dataset import TABLES, frame_of
from manaweave.lowlevel import command_line as main
from manaweave.players import RandomBot

DECKS = ["m10:red-green", "m10:green-white"]


def _player(game: str, seat: int, deck: str, result: str, **more: Any) -> dict[str, Any]:
    row = {
        "game": game,
        "seat": seat,
        "name": f"P{seat + 1}",
        "bot": f"RandomBot(seed={seat})",
        "deck": deck,
        "team": seat,
        "on_play": seat == 0,
        "mulligans": 0,
        "won": result == "win",
        "result": result,
        "final_life": 0,
        "lost_reason": None,
        "turns": 10,
    }
    return {**row, **more}


def _card(game: str, seat: int, deck: str, won: bool, **counts: Any) -> dict[str, Any]:
    row: dict[str, Any] = {
        "game": game,
        "seat": seat,
        "deck": deck,
        "card": "Lightning Bolt",
        "copies": 4,
        "in_opening_hand": 0,
        "drawn": 0,
        "seen": False,
        "cast": 0,
        "first_cast_turn": None,
        "played": 0,
        "damage": 0,
        "damage_to_players": 0,
        "died": 0,
        "won": won,
        "result": "win" if won else "loss",
    }
    row.update(counts)
    row["seen"] = row["in_opening_hand"] > 0 or row["drawn"] > 0
    return row


def _game(game: str, winners: list[int], turns: int) -> dict[str, Any]:
    return {
        "game": game,
        "seed": 0,
        "variant": "two_player",
        "players": 2,
        "decks": ["red", "blue"],
        "bots": ["RandomBot(seed=0)", "RandomBot(seed=1)"],
        "first_player": 0,
        "mulligans": [0, 0],
        "winners": winners,
        "draw": not winners,
        "reason": "",
        "turns": turns,
        "events": 0,
        "source": "",
    }


@pytest.fixture
def made() -> analysis.Tables:
    """Four games of red against blue: red wins g1 and g2, loses g3, g4 is a draw. Red's
    Lightning Bolt: in the opening hand in g1 (cast), drawn in g3 (cast twice), never
    seen in g2 and g4."""
    results = {"g1": "win", "g2": "win", "g3": "loss", "g4": "draw"}
    other = {"win": "loss", "loss": "win", "draw": "draw"}
    games = [
        _game(g, [] if r == "draw" else [0 if r == "win" else 1], t)
        for (g, r), t in zip(results.items(), (8, 10, 12, 30), strict=True)
    ]
    players = []
    for g, r in results.items():
        players.append(_player(g, 0, "red", r, mulligans=1 if g == "g3" else 0))
        players.append(_player(g, 1, "blue", other[r]))
    cards = [
        _card("g1", 0, "red", True, in_opening_hand=1, cast=1, damage=3, damage_to_players=3),
        _card("g2", 0, "red", True),
        _card("g3", 0, "red", False, drawn=1, cast=2, damage=6),
        _card("g4", 0, "red", False, result="draw"),
    ]
    return analysis.Tables(
        frame_of(games, TABLES["games"]),
        frame_of(players, TABLES["players"]),
        frame_of(cards, TABLES["cards"]),
    )


def test_win_rates_count_a_draw_as_half_with_wilson_intervals(made: analysis.Tables) -> None:
    rates = {row["deck"]: row for row in analysis.win_rates(made).iter_rows(named=True)}
    red = rates["red"]
    assert (red["games"], red["wins"], red["losses"], red["draws"]) == (4, 2, 1, 1)
    assert red["win_rate"] == pytest.approx(2.5 / 4)
    assert rates["blue"]["win_rate"] == pytest.approx(1.5 / 4)
    # The Wilson score interval of 0.625 over 4 games, worked by hand.
    assert (red["ci_low"], red["ci_high"]) == pytest.approx((0.2194, 0.9081), abs=1e-4)
    bots = analysis.win_rates(made, by="bot")
    assert bots["bot"].to_list() == ["RandomBot(seed=0)", "RandomBot(seed=1)"]
    with pytest.raises(ValueError, match="by deck or by bot"):
        analysis.win_rates(made, by="colour")


def test_matchups_play_draw_mulligans_and_lengths(made: analysis.Tables) -> None:
    matchups = analysis.matchups(made).filter(deck="red").row(0, named=True)
    assert (matchups["opponent"], matchups["games"], matchups["win_rate"]) == ("blue", 4, 0.625)
    play = {
        r["on_play"]: r for r in analysis.play_draw(made).filter(deck="red").iter_rows(named=True)
    }
    assert list(play) == [True]
    assert play[True]["games"] == 4
    mulligans = analysis.mulligan_effects(made).filter(deck="red")
    assert dict(zip(mulligans["mulligans"], mulligans["games"], strict=True)) == {"0": 3, "1": 1}
    lengths = analysis.game_lengths(made).row(0, named=True)
    assert (lengths["games"], lengths["mean"], lengths["median"]) == (4, 15.0, 11.0)
    assert (lengths["shortest"], lengths["longest"]) == (8, 30)


def test_the_card_table_reads_as_limited_players_read_it(made: analysis.Tables) -> None:
    row = analysis.card_table(made).row(0, named=True)
    assert (row["deck"], row["card"], row["games"], row["copies"]) == (
        "red",
        "Lightning Bolt",
        4,
        4,
    )
    assert (row["oh_games"], row["oh_wr"]) == (1, 1.0)  # g1, won
    assert (row["gd_games"], row["gd_wr"]) == (1, 0.0)  # g3, lost
    assert (row["gih_games"], row["gih_wr"]) == (2, 0.5)
    assert (row["gns_games"], row["gns_wr"]) == (2, 0.75)  # g2 won, g4 drawn
    assert row["iwd"] == pytest.approx(-0.25)
    # Newcombe's interval from the Wilson intervals of 0.5 and 0.75 over 2 games each
    # ((0.0945, 0.9055) and (0.1979, 0.9733)), worked by hand.
    assert (row["iwd_low"], row["iwd_high"]) == pytest.approx((-0.7129, 0.4351), abs=1e-3)
    assert (row["cast_games"], row["cast_wr"]) == (2, 0.5)
    assert analysis.card_table(made, min_games=5).height == 0


def test_the_card_tables_minimum_holds_for_both_sides_of_every_comparison(
    made: analysis.Tables,
) -> None:
    """Red's Lightning Bolt is in 4 games: in the opening hand in 1, drawn later in 1,
    seen in 2, not seen in 2. At a minimum of 2 games only the rates over 2 games stand,
    and the improvement when drawn too (both its sides have 2); at 3 none does."""
    two = analysis.card_table(made, min_games=2).row(0, named=True)
    assert (two["oh_wr"], two["gd_wr"], two["gih_wr"], two["gns_wr"]) == (None, None, 0.5, 0.75)
    assert two["iwd"] == pytest.approx(-0.25)
    three = analysis.card_table(made, min_games=3).row(0, named=True)
    assert (three["games"], three["gih_games"], three["gns_games"]) == (4, 2, 2)
    assert [three[c] for c in ("gih_wr", "gns_wr", "cast_wr", "iwd", "iwd_low")] == [None] * 5
    damage = analysis.damage_by_source(made).row(0, named=True)
    assert (damage["damage"], damage["to_players"], damage["games_dealing"]) == (9, 3, 2)
    assert damage["per_game"] == pytest.approx(9 / 4)


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("games")
    for seed in range(1, 9):
        players = [RandomBot(seed=seed * 10), RandomBot(seed=seed * 10 + 1)]
        game = new_game(decks=DECKS, players=players, seed=seed, max_turns=60)
        trio.run(play_game, game)
        (folder / f"seed-{seed}.jsonl").write_bytes(
            b"".join(orjson.dumps(r) + b"\n" for r in game.log.records)
        )
    return folder


def test_polars_and_sql_give_the_same_figures(logs: Path) -> None:
    tables = analysis.load(logs, events=True)
    con = analysis.connect(tables)
    by_sql = dict(
        con.sql(
            "select deck, (sum(case result when 'win' then 1.0 when 'draw' then 0.5 else 0 end))"
            " / count(*) from players group by deck"
        ).fetchall()
    )
    by_polars = dict(analysis.win_rates(tables).select("deck", "win_rate").iter_rows())
    assert by_sql == pytest.approx(by_polars)
    gih = dict(
        con.sql(
            "select c.deck || '/' || c.card, avg(case p.result when 'win' then 1.0 "
            "when 'draw' then 0.5 else 0 end) from cards c join players p using (game, seat) "
            "where c.copies > 0 and c.seen group by 1"
        ).fetchall()
    )
    cards = analysis.card_table(tables)
    by_polars_gih = {
        f"{d}/{c}": wr
        for d, c, wr, n in cards.select("deck", "card", "gih_wr", "gih_games").iter_rows()
        if n
    }
    assert gih == pytest.approx(by_polars_gih)
    assert con.sql("select count(*) from events").fetchall() == [(tables.events.height,)]
    frames = tables.to_pandas()
    assert len(frames["players"]) == tables.players.height


@pytest.fixture(scope="module")
def logs_with_draws(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Games of which some end in a draw at a small turn limit."""
    folder = tmp_path_factory.mktemp("draws")
    for seed in range(1, 7):
        players = [RandomBot(seed=seed * 10), RandomBot(seed=seed * 10 + 1)]
        turns = 4 if seed % 2 else 60
        game = new_game(decks=DECKS, players=players, seed=seed, max_turns=turns)
        trio.run(play_game, game)
        (folder / f"seed-{seed}.jsonl").write_bytes(
            b"".join(orjson.dumps(r) + b"\n" for r in game.log.records)
        )
    return folder


def _documented_sql() -> tuple[str, str]:
    """docs/dataset.md's SQL for each deck's win rate and each card's GIH win rate."""
    doc = (Path(__file__).parents[1] / "docs" / "dataset.md").read_text()
    score = re.search(r'^score = "(.+)"$', doc, re.M)
    win_rate = re.search(r'con\.sql\(f"(select deck, \{score\} as win_rate [^"]+)"\)', doc)
    gih = re.search(r'^gih = f"(.+)"$', doc, re.M)
    assert score, "docs/dataset.md's score expression was not found"
    assert win_rate, "docs/dataset.md's win rate query was not found"
    assert gih, "docs/dataset.md's GIH query was not found"
    return win_rate[1].format(score=score[1]), gih[1].format(score=score[1])


def test_the_docs_sql_counts_a_draw_as_analyze_does(
    logs_with_draws: Path, tmp_path: Path, capsys: Any
) -> None:
    tables = analysis.load(logs_with_draws)
    assert 0 < tables.games["draw"].sum() < tables.games.height
    cards_and_players = tables.cards.join(tables.players, on=["game", "seat"], suffix="_player")
    assert cards_and_players["result"].to_list() == cards_and_players["result_player"].to_list()
    assert set(tables.cards["result"]) == {"win", "loss", "draw"}
    win_rate_sql, gih_sql = _documented_sql()
    con = analysis.connect(tables, events=False)
    out = tmp_path / "report"
    assert main(["analyze", str(logs_with_draws), "--out", str(out), "--no-plots"]) == 0
    with (out / "win_rates.csv").open(newline="") as file:
        reported = {row["deck"]: float(row["win_rate"]) for row in csv.DictReader(file)}
    assert dict(con.sql(win_rate_sql).fetchall()) == pytest.approx(reported)
    by_polars = {
        (deck, card): wr
        for deck, card, wr in analysis.card_table(tables)
        .filter(pl.col("gih_games") > 0)
        .select("deck", "card", "gih_wr")
        .iter_rows()
    }
    by_sql = {(deck, card): float(wr) for deck, card, wr in con.sql(gih_sql).fetchall()}
    assert by_sql == pytest.approx(by_polars)


def test_events_not_loaded_are_a_clear_error_naming_the_argument(logs: Path) -> None:
    tables = analysis.load(logs)
    assert not tables.has_events
    with pytest.raises(analysis.EventsNotLoaded, match=r"events=True"):
        tables.events.shape  # noqa: B018 - the first thing a script does with it
    assert "events" not in tables.to_pandas()
    assert analysis.connect(tables).sql("select count(*) from events").fetchall() == [(0,)]
    loaded = analysis.load(logs, events=True)
    assert loaded.has_events
    assert loaded.events.height == loaded.games["events"].sum()


def test_analyze_writes_a_report_that_needs_no_server(
    logs: Path, tmp_path: Path, capsys: Any
) -> None:
    out = tmp_path / "report"
    assert main(["analyze", str(logs), "--out", str(out), "--no-progress"]) == 0
    printed = capsys.readouterr().out
    assert "Win rate by deck" in printed
    assert "8 games analyzed" in printed
    names = ("win_rates", "bots", "matchups", "play_draw", "mulligans", "game_lengths")
    for name in (*names, "cards", "damage"):
        assert (out / f"{name}.csv").is_file()
    pngs = sorted(out.glob("*.png"))
    assert {"win_rates.png", "matchups.png"} <= {p.name for p in pngs}
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in pngs)
    page = (out / "report.html").read_text()
    assert not re.search(r"""(src|href)=["'](https?:|//)""", page)  # nothing fetched
    images = re.findall(r'src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == len(pngs)
    assert base64.b64decode(images[0])[:4] == b"\x89PNG"
    assert page.count('<table class="sortable">') == 8
    assert "m10:red-green" in page
    # The report reads a Parquet export the same way.
    dataset = tmp_path / "dataset"
    assert main(["export", str(logs), "--out", str(dataset), "--no-progress"]) == 0
    again = tmp_path / "again"
    assert main(["analyze", str(dataset), "--out", str(again), "--no-plots", "--no-progress"]) == 0
    assert (again / "win_rates.csv").read_text() == (out / "win_rates.csv").read_text()
    assert not list(again.glob("*.png"))


def _drawn(section: Any) -> tuple[list[str], list[float], Any]:
    """The labels (bottom to top), bar lengths and error bars of a section's plot."""
    figure, axes = plt.subplots()
    try:
        section.plot(section.frame, axes)
        figure.canvas.draw()
        bars = next(c for c in axes.containers if isinstance(c, BarContainer))
        horizontal = bars.orientation == "horizontal"
        ticks = axes.get_yticklabels() if horizontal else axes.get_xticklabels()
        labels = [t.get_text() for t in ticks]
        lengths = [p.get_width() if horizontal else p.get_height() for p in bars.patches]
        return labels, lengths, bars.errorbar
    finally:
        plt.close(figure)


def test_the_card_plot_stands_on_enough_games_each_side_sorted_with_intervals(
    logs: Path,
) -> None:
    tables = analysis.load(logs)
    # Some card has a single game not seen: with no minimum its IWD is one game's noise.
    assert analysis.card_table(tables).filter(pl.col("gns_games") == 1).height
    cards = next(s for s in sections(tables, min_games=2) if s.name == "cards")
    labels, lengths, errorbar = _drawn(cards)
    both = cards.frame.filter((pl.col("gih_games") >= 2) & (pl.col("gns_games") >= 2))
    expected = both.sort("iwd")
    expected = pl.concat([expected.head(8), expected.tail(8)]).unique(maintain_order=True)
    assert lengths == pytest.approx(expected["iwd"].to_list())
    assert lengths == sorted(lengths)
    assert labels == [f"{c} ({d})" for d, c in expected.select("deck", "card").iter_rows()]
    assert errorbar is not None


def test_the_deck_bars_are_sorted_by_win_rate_and_the_matchups_drawn(
    made: analysis.Tables,
) -> None:
    """Red (0.625) against zebra (0.375): by name zebra comes last, by win rate first
    (at the bottom of the bars, the best at the top)."""
    zebra = made.players.with_columns(pl.col("deck").replace({"blue": "zebra"}))
    tables = analysis.Tables(made.games, zebra, made.cards)
    found = {s.name: s for s in sections(tables)}
    labels, lengths, _ = _drawn(found["win_rates"])
    assert (labels, lengths) == (["zebra", "red"], [0.375, 0.625])
    figure, axes = plt.subplots()
    try:
        plot = found["matchups"].plot
        assert plot is not None
        plot(found["matchups"].frame, axes)
        grid = axes.images[0].get_array()
        texts = [t.get_text() for t in axes.texts]
    finally:
        plt.close(figure)
    assert grid[0][1] == 0.625  # red, the better deck, in the first row
    assert grid[1][0] == 0.375
    assert texts == ["0.62\n4 games", "0.38\n4 games"]


def test_the_terminal_says_what_its_tables_leave_out_and_where_the_csv_is(
    logs: Path, tmp_path: Path
) -> None:
    tables = analysis.load(logs)
    printed = io.StringIO()
    write_report(tables, tmp_path, console=Console(file=printed, width=400), plots=False)
    assert (
        f"9 of 18 columns left out: every row and column in {tmp_path / 'cards.csv'}"
    ) in printed.getvalue()
    # More card rows than the terminal shows (25): 30 cards of one game each.
    many = analysis.Tables(
        tables.games,
        tables.players,
        pl.concat(
            [
                tables.cards.head(1).with_columns(pl.lit(f"Card {i:02}").alias("card"))
                for i in range(30)
            ]
        ),
    )
    printed = io.StringIO()
    write_report(many, tmp_path, console=Console(file=printed, width=400), plots=False)
    assert (
        f"  25 of 30 rows shown, 5 left out; 9 of 18 columns left out: every row and column "
        f"in {tmp_path / 'cards.csv'}"
    ) in printed.getvalue()
    cards = analysis.card_table(tables).height
    printed = io.StringIO()
    write_report(
        tables, tmp_path, console=Console(file=printed, width=400), plots=False, min_games=9
    )
    assert f"{cards} of {cards} cards of the decks are in fewer than 9 games" in printed.getvalue()


def test_analyze_refuses_what_it_cannot_read(tmp_path: Path, capsys: Any) -> None:
    assert main(["analyze", str(tmp_path / "nowhere"), "--no-progress"]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    assert main(["analyze", str(tmp_path), "--min-games", "0", "--no-progress"]) == 2
    assert "--min-games" in capsys.readouterr().err


def test_the_reports_csv_cells_that_a_spreadsheet_would_run_are_written_as_text(
    made: analysis.Tables, tmp_path: Path
) -> None:
    """OWASP's CSV injection: deck and card names beginning with = + - @ tab or CR are
    formulas to a spreadsheet; written with an apostrophe, they are read as text."""
    hostile = {"red": "=cmd|' /C calc'!A0", "blue": "+1"}
    dataset = tmp_path / "dataset"
    dataset.mkdir()
    made.games.with_columns(pl.col("decks").list.eval(pl.element().replace(hostile))).write_parquet(
        dataset / "games.parquet"
    )
    made.players.with_columns(pl.col("deck").replace(hostile)).write_parquet(
        dataset / "players.parquet"
    )
    made.cards.with_columns(pl.col("deck").replace(hostile), card=pl.lit("@SUM(1)")).write_parquet(
        dataset / "cards.parquet"
    )
    out = tmp_path / "report"
    assert main(["analyze", str(dataset), "--out", str(out), "--no-plots", "--no-progress"]) == 0
    cells = set()
    for path in out.glob("*.csv"):
        with path.open(newline="") as file:
            cells.update(cell for row in csv.reader(file) for cell in row)
    assert {f"'{name}" for name in hostile.values()} | {"'@SUM(1)"} <= cells
    assert not [cell for cell in cells if cell[:1] in ("=", "+", "@", "\t", "\r")]


def test_the_report_says_when_each_deck_was_played_by_one_bot(
    made: analysis.Tables, tmp_path: Path
) -> None:
    """Red always played by the heuristic bot and blue by the random one: the deck
    table is the bot table, and the terminal and the page say so; once red is also
    played by the random bot (and blue by the heuristic one), they don't."""
    heuristic = pl.when(pl.col("deck") == "red").then(pl.lit("HeuristicBot(seed=1)"))
    kept = analysis.Tables(
        made.games,
        made.players.with_columns(heuristic.otherwise(pl.col("bot")).alias("bot")),
        made.cards,
    )
    said = (
        "Deck and bot go together in these games: blue was played by RandomBot alone, "
        "red was played by HeuristicBot alone; so a deck's win rate is its bot's too"
    )
    assert analysis.deck_bot_confounding(kept).startswith(said)
    printed = io.StringIO()
    write_report(kept, tmp_path, console=Console(file=printed, width=400), plots=False)
    assert printed.getvalue().count(said) == 2  # under the deck table and the bot table
    assert (tmp_path / "report.html").read_text().count(html.escape(said)) == 2
    # One bot kind, whatever the seeds: nothing to tell apart, nothing said.
    assert analysis.deck_bot_confounding(made) == ""
    crossed_bot = pl.when(pl.col("game").is_in(["g1", "g2"]))
    crossed = analysis.Tables(
        made.games,
        kept.players.with_columns(
            crossed_bot.then(
                pl.when(pl.col("deck") == "red")
                .then(pl.lit("RandomBot(seed=0)"))
                .otherwise(pl.lit("HeuristicBot(seed=1)"))
            )
            .otherwise(pl.col("bot"))
            .alias("bot")
        ),
        made.cards,
    )
    assert analysis.deck_bot_confounding(crossed) == ""
    printed = io.StringIO()
    write_report(crossed, tmp_path, console=Console(file=printed, width=400), plots=False)
    assert "go together" not in printed.getvalue()
    assert "go together" not in (tmp_path / "report.html").read_text()
    # Blue played by both bots, red by the heuristic one alone: red is named, and the
    # random bot, which played blue alone.
    half = analysis.Tables(
        made.games,
        kept.players.with_columns(
            pl.when((pl.col("game") == "g1") & (pl.col("deck") == "blue"))
            .then(pl.lit("HeuristicBot(seed=0)"))
            .otherwise(pl.col("bot"))
            .alias("bot")
        ),
        made.cards,
    )
    assert analysis.deck_bot_confounding(half) == (
        "Deck and bot go together in these games: red was played by HeuristicBot alone, "
        "RandomBot played blue alone; "
        "so a deck's win rate is its bot's too, and a bot's its deck's (manaweave simulate "
        "--schedule cross plays every deck with every bot)"
    )

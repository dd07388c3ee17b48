"""Many games' tables as DataFrames and SQL, and the statistics ``manaweave analyze``
reports (needs the ``analysis`` extra: ``pip install 'manaweave[analysis]'``).

:func:`load` gives the tables of :mod:`manaweave.dataset` as polars DataFrames, from
game logs or from a folder :func:`manaweave.dataset.export` wrote (``to_pandas()`` for
pandas); :func:`connect` gives a DuckDB connection with the views ``games``,
``players``, ``cards`` and ``events`` over the same. The statistics are functions of the
tables, each a DataFrame:

- :func:`win_rates` by deck (or by bot), :func:`matchups` deck against deck,
  :func:`play_draw` on the play and on the draw, :func:`mulligan_effects`: win rates
  with 95% Wilson intervals (a draw counts half a win, as in ``manaweave ladder``);
- :func:`game_lengths`: turns per game;
- :func:`card_table`: per card of each deck, in the way limited players read card
  statistics: games played, win rate when in the opening hand, when drawn, when seen
  (in hand: either), when not seen, cast, and the improvement when drawn with its
  interval, each over at least a minimum of games;
- :func:`damage_by_source`: damage each card dealt for its deck;
- :func:`deck_bot_confounding`: whether a deck's results are its bot's too (a deck
  played by one kind of bot only, while other decks were played by others).

Every figure is computed from the tables alone, so a dataset reproduces its report.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from manaweave._engine._checked_games import UnusableGame
from manaweave._engine._plugins import PluginHost
from manaweave.dataset import TABLES, DatasetError, Rejected, frame_of, load_dataset
from manaweave.simulation._ladder import wilson_interval

try:  # the ``analysis`` extra
    import duckdb
    import polars as pl
except ImportError:  # pragma: no cover - exercised only without the extra
    duckdb = None  # type: ignore[assignment]
    pl = None  # type: ignore[assignment]

__all__ = [
    "EventsNotLoaded",
    "Tables",
    "card_table",
    "connect",
    "damage_by_source",
    "deck_bot_confounding",
    "game_lengths",
    "load",
    "matchups",
    "mulligan_effects",
    "play_draw",
    "win_rates",
]


def _need_extra() -> None:
    if pl is None or duckdb is None:
        raise ModuleNotFoundError(
            "analysis needs polars and duckdb: pip install 'manaweave[analysis]'"
        )


class EventsNotLoaded(DatasetError, AttributeError):
    """The events table was asked of :class:`Tables` loaded without it
    (``load(source, events=True)`` loads it)."""


@dataclass(frozen=True)
class Tables:
    """The tables of a dataset as polars DataFrames (:mod:`manaweave.dataset` documents
    their columns). ``events`` has a row per log line and is loaded only when asked for
    (``load(source, events=True)``): reading it otherwise raises :class:`EventsNotLoaded`,
    naming the argument, and :attr:`has_events` says whether it is there."""

    games: Any
    players: Any
    cards: Any
    loaded_events: Any = field(default=None, repr=False)
    """The events table, or ``None`` when it was not loaded (:attr:`events` reads it)."""
    skipped: int = 0
    """Games read without an end (not tabled)."""
    rejected: tuple[str, ...] = ()
    """Games left out because they fail a check (when :func:`load` was given
    ``rejected``), one line each naming the file and the game."""

    @property
    def has_events(self) -> bool:
        """Whether the events table was loaded."""
        return self.loaded_events is not None

    @property
    def events(self) -> Any:
        """The events table; :class:`EventsNotLoaded` when it was not loaded."""
        if self.loaded_events is None:
            raise EventsNotLoaded(
                "the events table was not loaded: analysis.load(source, events=True) loads it"
            )
        return self.loaded_events

    def to_pandas(self) -> dict[str, Any]:
        """The same tables as pandas DataFrames, by name (needs pandas); ``events`` only
        when it was loaded."""
        frames = {"games": self.games, "players": self.players, "cards": self.cards}
        if self.loaded_events is not None:
            frames["events"] = self.loaded_events
        return {name: frame.to_pandas() for name, frame in frames.items()}


def load(
    source: str | os.PathLike[str],
    *,
    events: bool = False,
    progress: Callable[[int], object] | None = None,
    host: PluginHost | None = None,
    rejected: Rejected | None = None,
) -> Tables:
    """The tables at ``source``: a folder :func:`~manaweave.dataset.export` wrote as
    Parquet (``games.parquet`` in it), or game logs (a file, or a folder of ``.jsonl`` and
    ``.jsonl.gz`` files). ``events`` adds the events table; ``progress`` is called with
    the number of games read from logs so far. A game of the logs that fails a check
    raises :class:`~manaweave.dataset.DatasetError`, unless ``rejected`` is given: it is
    then told of each, and the game left out (:func:`manaweave.dataset.read_games`)."""
    _need_extra()
    path = Path(source)
    if (path / "games.parquet").is_file():
        games, players, cards = (
            pl.read_parquet(path / f"{name}.parquet") for name in ("games", "players", "cards")
        )
        parts = sorted((path / "events").glob("part-*.parquet"))
        event_frame = None
        if events:
            event_frame = (
                pl.concat([pl.read_parquet(p) for p in parts])
                if parts
                else frame_of([], TABLES["events"])
            )
        return Tables(games, players, cards, loaded_events=event_frame)
    if (path / "games.csv").is_file():
        raise DatasetError(
            f"{path}: a CSV export; load reads Parquet exports (--format parquet) or the logs"
        )
    left_out: list[str] = []

    def told(game: UnusableGame) -> None:
        left_out.append(str(game))
        if rejected is not None:
            rejected(game)

    dataset = load_dataset(
        path,
        events=events,
        progress=progress,
        host=host,
        rejected=None if rejected is None else told,
    )
    return Tables(
        games=frame_of(dataset.games, TABLES["games"]),
        players=frame_of(dataset.players, TABLES["players"]),
        cards=frame_of(dataset.cards, TABLES["cards"]),
        loaded_events=frame_of(dataset.events, TABLES["events"]) if events else None,
        skipped=dataset.skipped,
        rejected=tuple(left_out),
    )


def connect(source: str | os.PathLike[str] | Tables, *, events: bool = True) -> Any:
    """A DuckDB connection (in memory) with the views ``games``, ``players``, ``cards``
    and (with ``events``) ``events`` over ``source``: a Parquet export's folder (read in
    place, the events too), game logs (read as :func:`load` does), or :class:`Tables`.

    >>> con = connect(Tables(*(frame_of([], TABLES[n]) for n in ("games", "players", "cards"))))
    >>> con.sql("select count(*) from games").fetchall()
    [(0,)]
    """
    _need_extra()
    con = duckdb.connect()
    if not isinstance(source, Tables):
        path = Path(source)
        if (path / "games.parquet").is_file():
            for name in ("games", "players", "cards"):
                con.execute(
                    f"CREATE VIEW {name} AS SELECT * FROM read_parquet({_quoted(path / name)})"
                )
            if events and any((path / "events").glob("part-*.parquet")):
                pattern = str(path / "events" / "part-*.parquet")
                con.execute(f"CREATE VIEW events AS SELECT * FROM read_parquet({_sql(pattern)})")
            elif events:
                con.register("events", frame_of([], TABLES["events"]).to_arrow())
            return con
        source = load(path, events=events)
    for name in ("games", "players", "cards"):
        con.register(name, getattr(source, name).to_arrow())
    if events:
        frame = source.events if source.has_events else frame_of([], TABLES["events"])
        con.register("events", frame.to_arrow())
    return con


def _quoted(path: Path) -> str:
    return _sql(f"{path}.parquet")


def _sql(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# --- win rates ----------------------------------------------------------------------------------


def _with_interval(frame: Any) -> Any:
    """Add ``win_rate`` (wins plus half the draws, over games) and its 95% Wilson
    interval ``ci_low``-``ci_high`` to a frame with ``games``, ``wins`` and ``draws``."""
    rates = []
    lows = []
    highs = []
    for games, wins, draws in frame.select("games", "wins", "draws").iter_rows():
        score = (wins + 0.5 * draws) / games if games else 0.0
        low, high = wilson_interval(score, games)
        rates.append(score)
        lows.append(low)
        highs.append(high)
    return frame.with_columns(
        pl.Series("win_rate", rates, dtype=pl.Float64),
        pl.Series("ci_low", lows, dtype=pl.Float64),
        pl.Series("ci_high", highs, dtype=pl.Float64),
    )


def _tally(players: Any, by: list[str]) -> Any:
    tallied = (
        players.group_by(by)
        .agg(
            pl.len().alias("games"),
            (pl.col("result") == "win").sum().alias("wins"),
            (pl.col("result") == "loss").sum().alias("losses"),
            (pl.col("result") == "draw").sum().alias("draws"),
        )
        .with_columns(pl.col("games", "wins", "losses", "draws").cast(pl.Int64))
        .sort(by)
    )
    return _with_interval(tallied)


def win_rates(tables: Tables, by: str = "deck") -> Any:
    """Each deck's (``by="bot"``: each bot's) games, wins, losses, draws and win rate with
    its 95% interval, over every seat it played."""
    _need_extra()
    if by not in ("deck", "bot"):
        raise ValueError(f"win rates are by deck or by bot, not {by!r}")
    return _tally(tables.players, [by])


def _bot_kind(bot: Any) -> Any:
    """The kind of bot a ``bot`` expression names, without its seed
    (``HeuristicBot(seed=3)``: ``HeuristicBot``)."""
    return bot.str.replace(r"\(.*$", "")


def deck_bot_confounding(tables: Tables) -> str:
    """Where the players' decks and bots go together, so that a deck's win rate is its
    bot's too (or a bot's its deck's): one sentence naming each deck that one kind of bot
    alone played and each kind of bot that played one deck alone, when the players have
    more than one deck and more than one kind of bot (seeds apart: the kind is what
    plays); ``""`` when there is none."""
    _need_extra()
    pairs = tables.players.select("deck", _bot_kind(pl.col("bot")).alias("bot")).unique()
    if pairs["bot"].n_unique() < 2 or pairs["deck"].n_unique() < 2:
        return ""

    def alone(group: str) -> list[tuple[str, str]]:
        """The (deck, bot) pairs whose ``group`` (deck or bot) has no other pair."""
        single = pairs.group_by(group).agg(pl.len().alias("pairs")).filter(pl.col("pairs") == 1)
        return sorted(pairs.join(single.select(group), on=group).iter_rows())

    decks = alone("deck")
    found = [f"{deck} was played by {bot} alone" for deck, bot in decks]
    found += [
        f"{bot} played {deck} alone" for deck, bot in alone("bot") if (deck, bot) not in decks
    ]
    if not found:
        return ""
    return (
        f"Deck and bot go together in these games: {', '.join(found)}; so a deck's win rate "
        "is its bot's too, and a bot's its deck's (manaweave simulate --schedule cross plays "
        "every deck with every bot)"
    )


def matchups(tables: Tables) -> Any:
    """Each deck against each opponent's deck, in two-player games: games, results and
    the win rate of ``deck`` with its interval."""
    _need_extra()
    two = tables.games.filter(pl.col("players") == 2).select("game")
    players = tables.players.join(two, on="game")
    opponents = players.select(
        "game", pl.col("seat").alias("opponent_seat"), pl.col("deck").alias("opponent")
    )
    paired = players.join(opponents, on="game").filter(pl.col("seat") != pl.col("opponent_seat"))
    return _tally(paired, ["deck", "opponent"])


def play_draw(tables: Tables) -> Any:
    """Each deck on the play (it took the first turn, 103.1) and on the draw."""
    _need_extra()
    return _tally(tables.players, ["deck", "on_play"])


def mulligan_effects(tables: Tables) -> Any:
    """Each deck's results by mulligans taken (0, 1, 2 or more as ``2+``)."""
    _need_extra()
    players = tables.players.with_columns(
        pl.when(pl.col("mulligans") >= 2)
        .then(pl.lit("2+"))
        .otherwise(pl.col("mulligans").cast(pl.String))
        .alias("mulligans")
    )
    return _tally(players, ["deck", "mulligans"])


def game_lengths(tables: Tables) -> Any:
    """Turns per game, per variant: games, mean, median, 10th and 90th percentiles,
    shortest and longest."""
    _need_extra()
    return (
        tables.games.group_by("variant")
        .agg(
            pl.len().cast(pl.Int64).alias("games"),
            pl.col("turns").mean().alias("mean"),
            pl.col("turns").median().alias("median"),
            pl.col("turns").quantile(0.1, "nearest").alias("p10"),
            pl.col("turns").quantile(0.9, "nearest").alias("p90"),
            pl.col("turns").min().alias("shortest"),
            pl.col("turns").max().alias("longest"),
        )
        .sort("variant")
    )


# --- cards --------------------------------------------------------------------------------------


def card_table(tables: Tables, *, min_games: int = 1) -> Any:
    """Per card of each deck (cards a deck held, ``copies`` above 0), over the games that
    deck played:

    ``games`` played; ``oh_games``/``oh_wr``: in the opening hand; ``gd_games``/``gd_wr``:
    drawn later (not in the opening hand); ``gih_games``/``gih_wr``: seen, either way;
    ``gns_games``/``gns_wr``: not seen; ``cast_games``/``cast_wr``: cast at least once;
    ``first_cast_turn``: the mean turn first cast; ``iwd``: improvement when drawn,
    ``gih_wr`` less ``gns_wr``, with its 95% interval ``iwd_low``-``iwd_high`` (Newcombe's
    hybrid score interval, from the two Wilson intervals). Win rates count a draw as half.

    ``min_games`` holds for both sides of every comparison: cards in fewer games are left
    out, a win rate over fewer games is null (a card seen in all but one game has no
    ``gns_wr``), and so is ``iwd`` unless both ``gih_wr`` and ``gns_wr`` are there."""
    _need_extra()
    score = pl.col("score")
    cards = tables.cards.filter(pl.col("copies") > 0).join(
        tables.players.select(
            "game",
            "seat",
            pl.when(pl.col("result") == "win")
            .then(1.0)
            .when(pl.col("result") == "draw")
            .then(0.5)
            .otherwise(0.0)
            .alias("score"),
        ),
        on=["game", "seat"],
    )
    opening = pl.col("in_opening_hand") > 0
    drawn_later = (pl.col("in_opening_hand") == 0) & (pl.col("drawn") > 0)
    seen = pl.col("seen")
    cast = pl.col("cast") > 0

    def rate(condition: Any, name: str) -> list[Any]:
        return [
            condition.sum().cast(pl.Int64).alias(f"{name}_games"),
            (score.filter(condition).mean()).alias(f"{name}_wr"),
        ]

    table = (
        cards.group_by("deck", "card")
        .agg(
            pl.len().cast(pl.Int64).alias("games"),
            pl.col("copies").max().cast(pl.Int64).alias("copies"),
            *rate(opening, "oh"),
            *rate(drawn_later, "gd"),
            *rate(seen, "gih"),
            *rate(~seen, "gns"),
            *rate(cast, "cast"),
            pl.col("first_cast_turn").mean().alias("first_cast_turn"),
        )
        .filter(pl.col("games") >= min_games)
        .sort(["deck", "card"])
    )
    table = table.with_columns(
        pl.when(pl.col(f"{name}_games") >= min_games).then(pl.col(f"{name}_wr")).alias(f"{name}_wr")
        for name in ("oh", "gd", "gih", "gns", "cast")
    )
    return _with_difference(table)


def _with_difference(table: Any) -> Any:
    """Add ``iwd`` (``gih_wr`` less ``gns_wr``) and its 95% interval ``iwd_low``-
    ``iwd_high``: Newcombe's hybrid score interval, whose arms are the two Wilson
    intervals' arms added in quadrature (null where either rate is)."""
    differences: list[float | None] = []
    lows: list[float | None] = []
    highs: list[float | None] = []
    for seen, seen_games, unseen, unseen_games in table.select(
        "gih_wr", "gih_games", "gns_wr", "gns_games"
    ).iter_rows():
        if seen is None or unseen is None:
            differences.append(None)
            lows.append(None)
            highs.append(None)
            continue
        seen_low, seen_high = wilson_interval(seen, seen_games)
        unseen_low, unseen_high = wilson_interval(unseen, unseen_games)
        difference = seen - unseen
        differences.append(difference)
        lows.append(difference - math.hypot(seen - seen_low, unseen_high - unseen))
        highs.append(difference + math.hypot(seen_high - seen, unseen - unseen_low))
    return table.with_columns(
        pl.Series("iwd", differences, dtype=pl.Float64),
        pl.Series("iwd_low", lows, dtype=pl.Float64),
        pl.Series("iwd_high", highs, dtype=pl.Float64),
    )


def damage_by_source(tables: Tables) -> Any:
    """Per card of each deck, the damage its copies dealt while the deck's player
    controlled them (the log's ``source_controller``): in all, to players, per game the
    deck played, and the games in which it dealt any."""
    _need_extra()
    games_per_deck = tables.players.group_by("deck").agg(pl.len().alias("deck_games"))
    return (
        tables.cards.group_by("deck", "card")
        .agg(
            pl.col("damage").sum().cast(pl.Int64).alias("damage"),
            pl.col("damage_to_players").sum().cast(pl.Int64).alias("to_players"),
            (pl.col("damage") > 0).sum().cast(pl.Int64).alias("games_dealing"),
        )
        .filter(pl.col("damage") > 0)
        .join(games_per_deck, on="deck")
        .with_columns((pl.col("damage") / pl.col("deck_games")).alias("per_game"))
        .drop("deck_games")
        .sort(["damage", "deck", "card"], descending=[True, False, False])
    )

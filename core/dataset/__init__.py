"""Game logs as tidy tables: one row per game, per player, per card a player's deck held,
and per event (``docs/dataset.md`` documents every column).

The tables are built from whole logs, as the engine writes them (``manaweave play
--log``, ``manaweave simulate``): a folder of ``.jsonl`` and ``.jsonl.gz`` files, each with
one game or many one after the other, or a single such file. Only games that ended are
tabled; a game cut short (its process killed) is counted in :attr:`Dataset.skipped`.
A redacted log (one player's view) lacks the cards the others drew and can't be tabled:
it raises :class:`DatasetError`.

Everything here needs only the standard library; :func:`export` writes Parquet with
polars (``pip install 'manaweave[analysis]'``) and CSV without it. :mod:`manaweave.analysis`
turns the tables into DataFrames and a DuckDB connection.

>>> from manaweave.dataset import GAME_COLUMNS
>>> [column.name for column in GAME_COLUMNS][:4]
['game', 'seed', 'variant', 'players']
"""

from __future__ import annotations

import csv
import gc
import os
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import orjson

from manaweave._engine._checked_games import CheckedGame, UnusableGame, read_checked_games
from manaweave._engine._errors import ManaweaveError
from manaweave._engine._log_check import logged_seed
from manaweave._engine._plugins import PluginHost, default_plugins

from ._event_table import EventColumns
from ._spreadsheet import spreadsheet_text

try:  # an optional dependency: the ``analysis`` extra
    import polars
except ImportError:  # pragma: no cover - exercised only without the extra
    polars = None  # type: ignore[assignment]

__all__ = [
    "CARD_COLUMNS",
    "EVENT_COLUMNS",
    "GAME_COLUMNS",
    "PLAYER_COLUMNS",
    "TABLES",
    "Column",
    "Dataset",
    "DatasetError",
    "ExportResult",
    "GameTables",
    "export",
    "frame_of",
    "game_tables",
    "iter_tables",
    "load_dataset",
    "log_files",
    "polars_type",
    "read_games",
]


class DatasetError(ManaweaveError, ValueError):
    """Logs that can't be made into tables: no logs where given, a line that is not a
    log's, a redacted log, two different games with the same id. The message names the
    file."""


@dataclass(frozen=True, slots=True)
class Column:
    """One column of a table: its name, its type (``int``, ``str``, ``bool``, ``float``,
    ``list[int]``, ``list[str]``; ``None`` allowed where ``nullable``) and what it holds."""

    name: str
    type: str
    doc: str
    nullable: bool = False


GAME_COLUMNS: tuple[Column, ...] = (
    Column("game", "str", "The game's id (the log's `game`)."),
    Column("seed", "int", "The game's seed."),
    Column("variant", "str", "The variant (`two_player`, `free_for_all`, ...)."),
    Column("players", "int", "How many players."),
    Column("decks", "list[str]", "The decks' names by seat (null for a deck with no name)."),
    Column("bots", "list[str]", "The players' kinds by seat (`HeuristicBot(seed=3)`)."),
    Column("first_player", "int", "The seat that took the first turn (103.1)."),
    Column("mulligans", "list[int]", "How many mulligans each seat took (103.5)."),
    Column("winners", "list[int]", "The seats that won; empty for a draw."),
    Column("draw", "bool", "Whether nobody won (104.4, or the turn limit)."),
    Column("reason", "str", "Why the game ended (`game_ended`'s `reason`)."),
    Column("turns", "int", "How many turns were taken."),
    Column("events", "int", "How many lines the log has."),
    Column("source", "str", "The file the game was read from."),
)
"""The ``games`` table: one row per game."""

PLAYER_COLUMNS: tuple[Column, ...] = (
    Column("game", "str", "The game's id."),
    Column("seat", "int", "The player's seat (0 is `P1`)."),
    Column("name", "str", "The player's name."),
    Column("bot", "str", "The player's kind (`RandomBot(seed=3)`)."),
    Column("deck", "str", "The deck's name (`m10:red-green`).", nullable=True),
    Column("team", "int", "The player's team, by its index in `game_started`'s `teams`."),
    Column("on_play", "bool", "Whether the player took the first turn (103.1)."),
    Column("mulligans", "int", "How many mulligans the player took (103.5)."),
    Column(
        "won",
        "bool",
        "Whether the player (their team) won (false in a draw: `result` tells a draw from a loss).",
    ),
    Column("result", "str", "`win`, `loss` or `draw`."),
    Column("final_life", "int", "The player's life total at the end."),
    Column("lost_reason", "str", "Why the player lost (`player_lost`), if they did.", True),
    Column("turns", "int", "How many turns the game took."),
)
"""The ``players`` table: one row per player per game."""

CARD_COLUMNS: tuple[Column, ...] = (
    Column("game", "str", "The game's id."),
    Column("seat", "int", "The player whose deck held the card."),
    Column("deck", "str", "That deck's name.", nullable=True),
    Column("card", "str", "The card's name."),
    Column("copies", "int", "How many copies the deck held."),
    Column("in_opening_hand", "int", "Copies in the hand kept, after mulligans (103.5)."),
    Column("drawn", "int", "Copies drawn after the opening hand (121.1)."),
    Column("seen", "bool", "Whether a copy was in the opening hand or drawn."),
    Column("cast", "int", "How many times the player cast it (601.2i)."),
    Column("first_cast_turn", "int", "The turn it was first cast.", nullable=True),
    Column("played", "int", "How many times the player played it as a land (305.1)."),
    Column("damage", "int", "Damage dealt by its copies while the player controlled them."),
    Column("damage_to_players", "int", "The part of `damage` dealt to players."),
    Column("died", "int", "Times a copy went to a graveyard from the battlefield (700.4)."),
    Column("won", "bool", "Whether the player (their team) won the game."),
    Column("result", "str", "`win`, `loss` or `draw`, as in `players`."),
)
"""The ``cards`` table: one row per distinct card of each player's deck per game."""

EVENT_COLUMNS: tuple[Column, ...] = (
    Column("game", "str", "The game's id."),
    Column("seq", "int", "The line's number in its game (from 0)."),
    Column("event", "str", "The event's kind (docs/event-log.md)."),
    Column("turn", "int", "The turn it happened in (0 before the first)."),
    Column("step", "str", "The step, if any.", nullable=True),
    Column("player", "int", "The player it is about, if one.", nullable=True),
    Column("rule", "str", "The rule it follows, if one.", nullable=True),
    Column("cause", "int", "The `seq` of the event it results from, if one.", nullable=True),
    Column("visibility", "list[int]", "The seats that may see it in full."),
    Column("fields", "str", "Every other field of the line, as a JSON object."),
)
"""The ``events`` table: one row per line of every log, with stable column types."""

TABLES: Mapping[str, tuple[Column, ...]] = {
    "games": GAME_COLUMNS,
    "players": PLAYER_COLUMNS,
    "cards": CARD_COLUMNS,
    "events": EVENT_COLUMNS,
}
"""Every table, by name."""

Row = dict[str, Any]


@dataclass(slots=True)
class GameTables:
    """The rows one game adds to each table."""

    game: Row
    players: list[Row]
    cards: list[Row]
    events: list[Row]


@dataclass(slots=True)
class Dataset:
    """The tables of many games, as lists of rows (:data:`TABLES` gives the columns)."""

    games: list[Row] = field(default_factory=list)
    players: list[Row] = field(default_factory=list)
    cards: list[Row] = field(default_factory=list)
    events: list[Row] = field(default_factory=list)
    skipped: int = 0
    """How many games had no end (a process killed mid-game): not tabled."""

    def add(self, tables: GameTables, *, events: bool = True) -> None:
        """Add one game's rows (its events too unless ``events`` is false)."""
        self.games.append(tables.game)
        self.players.extend(tables.players)
        self.cards.extend(tables.cards)
        if events:
            self.events.extend(tables.events)

    def table(self, name: str) -> list[Row]:
        """The rows of the table ``name`` (one of :data:`TABLES`)."""
        if name not in TABLES:
            raise ValueError(f"no table {name!r}; the tables are {', '.join(TABLES)}")
        rows: list[Row] = getattr(self, name)
        return rows


def log_files(source: str | os.PathLike[str]) -> list[Path]:
    """The log files at ``source``: the file itself, or every ``.jsonl`` and
    ``.jsonl.gz`` file in the folder and its subfolders, in name order. Raises
    :class:`DatasetError` if there is none."""
    path = Path(source)
    if path.is_file():
        return [path]
    if not path.is_dir():
        raise DatasetError(f"{path}: no such file or folder")
    found = sorted(
        p for p in path.rglob("*") if p.is_file() and p.name.endswith((".jsonl", ".jsonl.gz"))
    )
    if not found:
        raise DatasetError(f"{path}: no game logs (.jsonl or .jsonl.gz files) in it")
    return found


Rejected = Callable[[UnusableGame], object]
"""Told of each game left out because it fails a check (:func:`read_games`)."""


def read_games(
    source: str | os.PathLike[str], *, rejected: Rejected | None = None
) -> Iterator[tuple[Path, list[dict[str, Any]] | None]]:
    """Each game in the logs at ``source`` (:func:`log_files`), in order, as the file
    and its lines; ``None`` in place of the lines for a game that did not end (or whose
    compressed member was cut short while being written).

    Every game is checked as a replay checks it before it is given: its ``game_started``,
    the common fields of every line, the digest its ``game_ended`` holds over its lines,
    and the fields of ``game_ended`` that are counted (winners, reason, turns). A game that
    fails, or a damaged compressed member (those after it are read), raises
    :class:`DatasetError` naming the file, the game and what is wrong, unless ``rejected``
    is given: it is then told of each (an :class:`~manaweave.lowlevel.UnusableGame`) and
    the game is left out. A line outside any game (not JSON, not a log's line) raises
    :class:`DatasetError`: the file is not a game log. Compressed files are read a
    mebibyte at a time, and no line longer than :data:`~manaweave.log.MAX_LINE_BYTES` is
    held."""
    for path in log_files(source):
        try:
            for found in read_checked_games(path):
                if isinstance(found, CheckedGame):
                    yield path, found.records
                elif found.kind in ("unended", "cut_short"):
                    yield path, None
                elif found.kind == "stray" or rejected is None:
                    raise DatasetError(str(found))
                else:
                    rejected(found)
        except OSError as error:
            raise DatasetError(f"{path}: cannot be read: {error.strerror or error}") from None
        except ValueError as error:  # a line over the length limit
            raise DatasetError(str(error)) from None


def game_tables(
    records: Sequence[Mapping[str, Any]], source: str = "", *, host: PluginHost | None = None
) -> GameTables:
    """The rows one whole game's log (its lines, ``game_started`` to ``game_ended``) adds
    to each table. ``host`` tells which cards are creatures, for ``died`` (the default
    plugins unless given). Raises :class:`DatasetError` for a redacted log."""
    tables = _GameReader(records, source, host or _default_host()).tables()
    events = EventColumns()
    events.add_game(tables.game["game"], tables.game["players"], records)
    tables.events = events.rows()
    return tables


@cache
def _default_host() -> PluginHost:
    """The default plugins, loaded once: they only tell which cards are creatures."""
    return default_plugins()


class _GameReader:
    """Reads one game's lines into its rows, following each card from object to object
    (a card becomes a new object as it changes zones, 400.7)."""

    def __init__(self, records: Sequence[Mapping[str, Any]], source: str, host: PluginHost):
        self.records = records
        self.source = source
        self.host = host
        started = records[0]
        self.started = started
        self.game_id = str(started["game"])
        players = started.get("players") or []
        self.seats = len(players)
        decks = started.get("decks")
        if not isinstance(decks, list) or any(deck is None for deck in decks):
            raise DatasetError(
                f"{source or 'the log'}: game {self.game_id} shows not every decklist: "
                "a redacted log (one player's view) can't be tabled; use the whole log"
            )
        self.decks: list[list[str]] = decks
        names = started.get("deck_names") or [None] * self.seats
        self.deck_names: list[str | None] = list(names)
        self.owner_of_object: dict[int, int] = {}
        self.card_of_object: dict[int, str] = {}
        self.controller: dict[int, int] = {}
        self.hands: list[dict[int, str]] = [{} for _ in range(self.seats)]
        self.opening: list[Counter[str]] | None = None
        self.first_player = 0
        self.mulligans = [0] * self.seats
        self.life = [20] * self.seats
        self.lost: dict[int, str] = {}
        self.stats: list[dict[str, dict[str, Any]]] = [
            {card: _card_stats(count) for card, count in Counter(deck).items()}
            for deck in self.decks
        ]

    def tables(self) -> GameTables:
        """The game's rows of every table but ``events`` (left empty)."""
        ended: Mapping[str, Any] = {}
        for record in self.records:
            kind = record["event"]
            if kind == "game_ended":
                ended = record
            self._follow(kind, record)
        if not ended:
            raise DatasetError(f"{self.source or 'the log'}: game {self.game_id} has no end")
        if self.opening is None:  # ended before its first turn
            self.opening = [Counter(hand.values()) for hand in self.hands]
        for seat, opening in enumerate(self.opening):
            for card, count in opening.items():
                self._stats(seat, card)["in_opening_hand"] += count
        winners = [int(w) for w in ended.get("winners", [])]
        teams = self.started.get("teams") or [[seat] for seat in range(self.seats)]
        team_of = {seat: index for index, team in enumerate(teams) for seat in team}
        game = {
            "game": self.game_id,
            "seed": logged_seed(self.started, ended),
            "variant": str(self.started.get("variant", "")),
            "players": self.seats,
            "decks": list(self.deck_names),
            "bots": [str(p.get("kind", "")) for p in self.started["players"]],
            "first_player": self.first_player,
            "mulligans": list(self.mulligans),
            "winners": winners,
            "draw": not winners,
            "reason": str(ended.get("reason", "")),
            "turns": int(ended.get("turns", self.records[-1].get("turn", 0))),
            "events": len(self.records),
            "source": self.source,
        }
        players = []
        cards = []
        for seat, player in enumerate(self.started["players"]):
            won = seat in winners
            result = "draw" if not winners else "win" if won else "loss"
            players.append(
                {
                    "game": self.game_id,
                    "seat": seat,
                    "name": str(player.get("name", "")),
                    "bot": str(player.get("kind", "")),
                    "deck": self.deck_names[seat],
                    "team": team_of.get(seat, seat),
                    "on_play": seat == self.first_player,
                    "mulligans": self.mulligans[seat],
                    "won": won,
                    "result": result,
                    "final_life": self.life[seat],
                    "lost_reason": self.lost.get(seat),
                    "turns": game["turns"],
                }
            )
            for card, stats in sorted(self.stats[seat].items()):
                seen = stats["in_opening_hand"] > 0 or stats["drawn"] > 0
                row = {
                    "game": self.game_id,
                    "seat": seat,
                    "deck": self.deck_names[seat],
                    "card": card,
                    **stats,
                    "seen": seen,
                    "won": won,
                    "result": result,
                }
                cards.append({column.name: row[column.name] for column in CARD_COLUMNS})
        return GameTables(game, players, cards, [])

    def _stats(self, seat: int, card: str) -> dict[str, Any]:
        """A card's counters for the deck of ``seat`` (a card not in the deck, such as one
        taken from another player, gets a row of its own with 0 copies)."""
        stats = self.stats[seat].get(card)
        if stats is None:
            stats = self.stats[seat][card] = _card_stats(0)
        return stats

    def _follow(self, kind: str, record: Mapping[str, Any]) -> None:
        player = record.get("player")
        if kind == "starting_player_chosen" and isinstance(player, int):
            self.first_player = player
        elif kind == "mulligan_taken" and isinstance(player, int):
            self.mulligans[player] = int(record.get("mulligans", self.mulligans[player] + 1))
        elif kind == "turn_began" and self.opening is None:
            self.opening = [Counter(hand.values()) for hand in self.hands]
        elif kind == "life_changed" and isinstance(player, int):
            self.life[player] = int(record.get("life", self.life[player]))
        elif kind == "player_lost" and isinstance(player, int):
            self.lost[player] = str(record.get("reason", ""))
        elif kind == "spell_cast" and isinstance(player, int) and "card" in record:
            stats = self._stats(player, str(record["card"]))
            stats["cast"] += 1
            if stats["first_cast_turn"] is None:
                stats["first_cast_turn"] = int(record.get("turn") or 0)
        elif kind == "land_played" and isinstance(player, int) and "card" in record:
            self._stats(player, str(record["card"]))["played"] += 1
        elif kind == "control_changed":
            obj = record.get("object")
            if isinstance(obj, int) and isinstance(player, int):
                self.controller[obj] = player
        elif kind == "damage_dealt":
            self._damage(record)
        if "new_object" in record and "from_zone" in record:
            self._moved(kind, record)

    def _moved(self, kind: str, record: Mapping[str, Any]) -> None:
        """A zone change: follow the card to its new object; count a draw, a death."""
        old, new = record.get("object"), record.get("new_object")
        card = record.get("card")
        owner = record.get("player")
        from_zone, to_zone = record.get("from_zone"), record.get("to_zone")
        if isinstance(new, int) and isinstance(card, str):
            self.card_of_object[new] = card
        if isinstance(new, int) and isinstance(owner, int):
            self.owner_of_object[new] = owner
            if to_zone == "battlefield":
                # Onto the battlefield under its owner's control unless a later
                # control_changed says otherwise (or the move names a controller).
                self.controller[new] = int(record.get("controller", owner))
        if not isinstance(owner, int) or not 0 <= owner < self.seats:
            return
        if from_zone == "hand" and isinstance(old, int):
            self.hands[owner].pop(old, None)
        if to_zone == "hand" and isinstance(new, int) and isinstance(card, str):
            self.hands[owner][new] = card
            if kind == "card_drawn" and self.opening is not None:
                self._stats(owner, card)["drawn"] += 1
        if (
            from_zone == "battlefield"
            and to_zone == "graveyard"
            and isinstance(card, str)
            and self._is_creature(card)
        ):
            self._stats(owner, card)["died"] += 1

    def _damage(self, record: Mapping[str, Any]) -> None:
        source = record.get("source")
        name = record.get("source_name")
        seat = record.get("source_controller")
        if not isinstance(seat, int):  # a log written before damage named it
            seat = self.controller.get(source) if isinstance(source, int) else None
            if seat is None and isinstance(source, int):
                seat = self.owner_of_object.get(source)
        if not isinstance(seat, int) or not 0 <= seat < self.seats or not isinstance(name, str):
            return
        amount = int(record.get("amount", 0))
        stats = self._stats(seat, name)
        stats["damage"] += amount
        if "to_player" in record:
            stats["damage_to_players"] += amount

    def _is_creature(self, card: str) -> bool:
        definition = self.host.cards.get(card)
        return definition is not None and "Creature" in definition.types


def _excerpt(value: object, limit: int = 80) -> str:
    """``value`` as a short text: a message quoting a hostile log stays one short line."""
    text = str(value) if isinstance(value, str | BaseException) else repr(value)
    text = text.encode("unicode_escape").decode("ascii")
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _card_stats(copies: int) -> dict[str, Any]:
    return {
        "copies": copies,
        "in_opening_hand": 0,
        "drawn": 0,
        "cast": 0,
        "first_cast_turn": None,
        "played": 0,
        "damage": 0,
        "damage_to_players": 0,
        "died": 0,
    }


def load_dataset(
    source: str | os.PathLike[str],
    *,
    events: bool = True,
    progress: Callable[[int], object] | None = None,
    host: PluginHost | None = None,
    rejected: Rejected | None = None,
) -> Dataset:
    """Every ended game at ``source`` (:func:`read_games`) as tables; ``events=False``
    leaves the (large) events table empty. ``progress`` is called with the number of
    games read so far after each game. Raises :class:`DatasetError` for two different
    games with the same id, and for a game that fails a check unless ``rejected`` is
    given (:func:`read_games`)."""
    dataset = Dataset()
    for tables in iter_tables(source, host=host, rejected=rejected):
        if tables is None:
            dataset.skipped += 1
            continue
        dataset.add(tables, events=events)
        if progress is not None:
            progress(len(dataset.games))
    return dataset


def iter_tables(
    source: str | os.PathLike[str],
    *,
    host: PluginHost | None = None,
    rejected: Rejected | None = None,
) -> Iterator[GameTables | None]:
    """Each game at ``source`` as its rows, one at a time (``None`` for a game that did
    not end), for tables too large to hold at once. Raises :class:`DatasetError` for a
    second game with an id already read (a file given twice, two runs with the same
    seeds): it would count twice; a game that fails a check is refused or told to
    ``rejected`` as :func:`read_games` says."""
    return _iter_tables(source, host=host, rejected=rejected, events=None)


def _iter_tables(
    source: str | os.PathLike[str],
    *,
    host: PluginHost | None,
    rejected: Rejected | None,
    events: EventColumns | None,
) -> Iterator[GameTables | None]:
    """:func:`iter_tables`; with ``events``, each game's events are added to it rather
    than given as rows (``GameTables.events`` is left empty)."""
    read_from: dict[str, Path] = {}
    for path, records in read_games(source, rejected=rejected):
        if records is None:
            yield None
            continue
        try:
            if events is None:
                tables = game_tables(records, str(path), host=host)
            else:
                tables = _GameReader(records, str(path), host or _default_host()).tables()
                events.add_game(tables.game["game"], tables.game["players"], records)
        except DatasetError:
            raise
        except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
            # A game that passed every check of its log, sealed again after an edit: a
            # field the checks do not cover (a life total that is no number) is refused.
            unusable = UnusableGame(
                path,
                f"game {_excerpt(records[0].get('game'))}",
                "refused",
                f"cannot be tabled: {_excerpt(error)}",
            )
            if rejected is None:
                raise DatasetError(str(unusable)) from None
            rejected(unusable)
            continue
        game_id = tables.game["game"]
        if game_id in read_from:
            raise DatasetError(
                f"{path}: game {game_id} was read already from {read_from[game_id]}; every "
                "game of a dataset needs an id of its own (a file given twice, or two runs "
                "with the same seeds?)"
            )
        read_from[game_id] = path
        yield tables


EVENT_BATCH = 200
"""Games whose events go into one Parquet file of the ``events`` folder."""


@dataclass(frozen=True, slots=True)
class ExportResult:
    """What :func:`export` wrote: games tabled, games skipped (no end), and the files;
    ``rejected`` counts the games left out because they fail a check."""

    games: int
    skipped: int
    files: tuple[Path, ...]
    rejected: int = 0


def export(
    source: str | os.PathLike[str],
    out: str | os.PathLike[str],
    *,
    format: str = "parquet",
    events: bool = True,
    overwrite: bool = False,
    progress: Callable[[int], object] | None = None,
    host: PluginHost | None = None,
    rejected: Rejected | None = None,
) -> ExportResult:
    """Write the tables of the logs at ``source`` into the folder ``out``:
    ``games``, ``players`` and ``cards`` as one file each, ``events`` as a folder of
    files (many games' events each, so that no table is held whole in memory), in
    ``format`` ``"parquet"`` (needs polars: ``manaweave[analysis]``) or ``"csv"`` (list
    columns as JSON text, and a text that a spreadsheet would take for a formula written
    as text: :func:`~manaweave.dataset._spreadsheet.spreadsheet_text`). ``progress`` is called
    with the number of games done; ``rejected`` is told of each game that fails a check
    and is left out (without it, such a game raises :class:`DatasetError`:
    :func:`read_games`). Python's cyclic garbage collector is paused while the games are
    read (their decoded lines hold no cycles) and runs again when export returns.

    Raises :class:`DatasetError` for bad logs, or if ``out`` is a file or holds tables
    already (unless ``overwrite``), ``ValueError`` for an unknown format and
    ``ModuleNotFoundError`` for Parquet without polars."""
    if format not in ("parquet", "csv"):
        raise ValueError(f"the format is parquet or csv, not {format!r}")
    if format == "parquet" and polars is None:
        raise ModuleNotFoundError(
            "writing Parquet needs polars: pip install 'manaweave[analysis]' (or --format csv)"
        )
    target = Path(out)
    if target.exists() and not target.is_dir():
        raise DatasetError(f"{target} is a file, not a folder to write the tables into")
    suffix = "." + format
    existing = [target / f"{name}{suffix}" for name in ("games", "players", "cards")]
    if not overwrite and (any(p.exists() for p in existing) or (target / "events").exists()):
        raise DatasetError(f"{target} holds tables already; overwrite (--overwrite) replaces them")
    target.mkdir(parents=True, exist_ok=True)
    events_dir = target / "events"
    if events_dir.exists():
        for old in events_dir.iterdir():
            if old.is_file() and old.name.startswith("part-"):
                old.unlink()
    dataset = Dataset()
    batch = EventColumns()
    parts: list[Path] = []
    left_out = 0

    def told(game: UnusableGame) -> None:
        nonlocal left_out
        left_out += 1
        if rejected is not None:
            rejected(game)

    games = _iter_tables(
        source,
        host=host,
        rejected=None if rejected is None else told,
        events=batch if events else None,
    )
    with _collector_paused():
        for tables in games:
            if tables is None:
                dataset.skipped += 1
                continue
            dataset.add(tables, events=False)
            if events and len(dataset.games) % EVENT_BATCH == 0:
                parts.append(_write_part(events_dir, len(parts), batch, format))
                batch.clear()
            if progress is not None:
                progress(len(dataset.games))
    if events and (len(batch) or not parts):
        parts.append(_write_part(events_dir, len(parts), batch, format))
    written = [
        _write_table(target / f"{name}{suffix}", TABLES[name], dataset.table(name), format)
        for name in ("games", "players", "cards")
    ]
    return ExportResult(len(dataset.games), dataset.skipped, (*written, *parts), left_out)


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused, if it runs, while games are read.

    A game's decoded lines (thousands of dictionaries) are held until the game is tabled,
    long enough for the collector to move them to its oldest generation, which it then
    walks whole, with every object of the process, every few games: a quarter of the
    time an export took. The lines hold no reference cycles and are freed as soon as
    their game is tabled; whatever cycles anything else makes meanwhile are collected
    once the collector runs again."""
    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def _write_part(folder: Path, index: int, events: EventColumns, format: str) -> Path:
    """Write ``events`` as the events folder's part number ``index``."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"part-{index:05d}.{format}"
    if format == "parquet":
        schema = {column.name: polars_type(column) for column in EVENT_COLUMNS}
        events.frame(schema).write_parquet(path)
        return path
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow([column.name for column in EVENT_COLUMNS])
        writer.writerows(events.csv_rows(spreadsheet_text))
    return path


def _write_table(path: Path, columns: Sequence[Column], rows: list[Row], format: str) -> Path:
    """Write ``rows`` with exactly ``columns`` (their types even for no rows)."""
    if format == "parquet":
        frame_of(rows, columns).write_parquet(path)
        return path
    with open(path, "w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow([column.name for column in columns])
        for row in rows:
            writer.writerow([_csv_value(row[column.name]) for column in columns])
    return path


def _csv_value(value: object) -> object:
    if isinstance(value, list):
        return orjson.dumps(value).decode()
    if value is None:
        return ""
    if isinstance(value, str):
        return spreadsheet_text(value)
    return value


def polars_type(column: Column) -> Any:
    """The polars type of ``column`` (needs polars)."""
    if polars is None:
        raise ModuleNotFoundError("polars is needed: pip install 'manaweave[analysis]'")
    types: dict[str, Any] = {
        "int": polars.Int64,
        "str": polars.String,
        "bool": polars.Boolean,
        "float": polars.Float64,
        "list[int]": polars.List(polars.Int64),
        "list[str]": polars.List(polars.String),
    }
    return types[column.type]


def frame_of(rows: Iterable[Row], columns: Sequence[Column]) -> Any:
    """A polars DataFrame of ``rows`` with exactly ``columns``, typed as they say."""
    if polars is None:
        raise ModuleNotFoundError("polars is needed: pip install 'manaweave[analysis]'")
    schema = {column.name: polars_type(column) for column in columns}
    return polars.DataFrame(list(rows), schema=schema, orient="row")

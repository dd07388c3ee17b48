"""The ``manaweave`` command: play games, replay logs, report rules coverage, list
what the plugins provide."""

from __future__ import annotations

import argparse
import contextlib
import errno
import inspect
import os
import secrets
import sys
import tempfile
import time
import traceback
import warnings
from collections.abc import Awaitable, Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple, NoReturn

import orjson
import trio
import trio_websocket
from rich import box
from rich.console import Console
from rich.table import Table

from manaweave._engine._deck_rules import DECK_RULES
from manaweave._engine._decklist import deck_description
from manaweave._engine._errors import (
    DeckRulesError,
    GameLogError,
    ManaweaveError,
    PluginError,
    ReplayMismatchError,
    ReplayPluginError,
    RuleNotImplementedError,
)
from manaweave._engine._game import Game, Outcome
from manaweave._engine._limits import MAX_DECISION_TIME_LIMIT, MAX_PLAYERS, MAX_SEED, MAX_TURNS
from manaweave._engine._narrate import Narrator
from manaweave._engine._options import OptionValue, parse_options, resolve_options
from manaweave._engine._play import Seating, TimeLimit, new_game, ready_decks, resolve_deck
from manaweave._engine._plugins import (
    PluginHost,
    default_plugins,
    import_plugin,
    parse_plugin_options,
)
from manaweave._engine._replay import replay
from manaweave._engine._seed_secret import default_game_id, new_nonce
from manaweave._engine._shards import shard_member_index
from manaweave._engine._table import class_decides_at_once
from manaweave._engine._turnloop import run_game
from manaweave._engine._variant import Variant
from manaweave._engine._visible import visible
from manaweave._remote.subprocess_actor import (
    CPU_TIME_LIMIT,
    MEMORY_LIMIT,
    SubprocessIsolationWarning,
    SubprocessPlayer,
    SubprocessPlayerError,
)
from manaweave._version import __version__
from manaweave.client import GameClient, RemoteGameError, connect, play_remote
from manaweave.players import Player
from manaweave.serve import (
    DEFAULT_GRACE,
    MAX_SPECTATORS,
    PROTOCOL,
    GameServer,
    RemotePlayer,
    open_game_server,
)
from manaweave.simulation import (
    BACKENDS,
    SCHEDULES,
    SUMMARY_FILE,
    SimulationError,
    SimulationFailure,
    SimulationSummary,
    game_log,
    simulate,
)
from manaweave.simulation._schedule import bot_seeds
from manaweave.viewer import write_viewer

from .card_info import main as card_main
from .card_status import main as cards_main
from .coverage import main as coverage_main
from .dataset import add_analyze, add_export
from .ladder import add_ladder, games_bar
from .show import show
from .terminal_player import TerminalPlayer

__all__ = [
    "EXIT_DIFFERS",
    "EXIT_EDITED",
    "EXIT_FAILED",
    "EXIT_INCOMPLETE",
    "EXIT_INTERRUPTED",
    "EXIT_LOG_UNUSABLE",
    "EXIT_OK",
    "EXIT_PLUGINS_DIFFER",
    "EXIT_SEED_UNCOMMITTED",
    "EXIT_USAGE",
    "UsageError",
    "main",
]

EXIT_OK = 0
"""Done: the game was played, the replay is identical, every deck is legal."""
EXIT_DIFFERS = 1
"""``replay``: the replayed stream differs from the log (``check``: a deck is illegal)."""
EXIT_FAILED = 1
"""The engine failed while playing (a bug): one line says what, ``--debug`` shows where."""
EXIT_USAGE = 2
"""Arguments that cannot be used, or a file that cannot be read or written."""
EXIT_LOG_UNUSABLE = 3
"""``replay``: the file is not a usable game log (bad JSON, empty, no ``game_started``)."""
EXIT_PLUGINS_DIFFER = 4
"""``replay``: a plugin that can change the game is missing, another version, or new."""
EXIT_INCOMPLETE = 5
"""``replay``: the log ends without ``game_ended`` (its process was killed or interrupted);
the events it has replay identically."""
EXIT_EDITED = 6
"""``replay``: the log's lines do not match the digest its ``game_ended`` ends with: the
file was changed after the game wrote it (whatever the replay found)."""
EXIT_SEED_UNCOMMITTED = 7
"""``replay``: the seed the log's game was played with is not the one its ``game_started``
committed to, or its ``game_ended`` reveals another (the seed and nonce were changed)."""
EXIT_INTERRUPTED = 130
"""``play``: interrupted (Ctrl-C); the log so far is written, ending with
``game_interrupted`` (128 + SIGINT, as shells report it)."""

DEFAULT_DECKS = ("m10:red-green", "m10:green-white")
"""The decks ``play`` deals in turn to the players when no ``--deck`` is given."""

REPLAY_EXIT_CODES = f"""\
exit codes:
  {EXIT_OK}  the replayed stream is identical to the log
  {EXIT_DIFFERS}  the replay differs (the first differing event and its fields are shown)
  {EXIT_USAGE}  bad arguments, or the file cannot be read
  {EXIT_LOG_UNUSABLE}  not a usable game log: empty, a line that is not JSON, no game_started
  {EXIT_PLUGINS_DIFFER}  a plugin that can change the game is missing, of another version, or
     was not there when the game was played (bots and observers are ignored)
  {EXIT_INCOMPLETE}  the log is incomplete (no game_ended: the game was killed or interrupted);
     the events it has replay identically
  {EXIT_EDITED}  the log was changed after it was written: its lines do not match the digest
     in its game_ended (whether or not the replay differs)
  {EXIT_SEED_UNCOMMITTED}  the game's seed is not the one its game_started committed to
     (seed_commitment), or its game_ended reveals another seed or nonce"""

VIEW_EXIT_CODES = f"""\
exit codes:
  {EXIT_OK}  the viewer was written
  {EXIT_DIFFERS}  the log does not replay identically (its states would not be the game's):
     nothing is written
  {EXIT_USAGE}  bad arguments (OUT exists without --overwrite, a seat the game does not
     have), or a file cannot be read or written
  {EXIT_LOG_UNUSABLE}  not a usable game log, or a log redacted for a player or a spectator
     (it lacks what a replay needs: use the full log)
  {EXIT_PLUGINS_DIFFER}  a plugin that can change the game is missing, of another version, or new"""

SHOW_EXIT_CODES = f"""\
exit codes:
  {EXIT_OK}  the play-by-play was printed
  {EXIT_USAGE}  bad arguments (a player the game does not have), or the file cannot be read
  {EXIT_LOG_UNUSABLE}  not a usable game log: empty, a line that is not JSON, no game_started,
     or an event that cannot be narrated"""


class UsageError(ManaweaveError, ValueError):
    """Command-line arguments that cannot be used: the message says which and why."""


class EngineFailure(Exception):
    """The engine raised while a game was played or replayed: a bug, not bad input.

    ``__cause__`` is the exception; the command prints one line about it (exit 1) or,
    with ``--debug``, its traceback."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line, raised to :func:`main`."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{message} (see {self.prog} --help)")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``manaweave`` command line; returns the exit code."""
    arguments = list(sys.argv[1:] if argv is None else argv)
    if arguments[:1] == ["coverage"]:
        # The coverage tool has its own options; hand them over untouched.
        return coverage_main(arguments[1:])
    if arguments[:1] == ["cards"]:
        return cards_main(arguments[1:])
    if arguments[:1] == ["card"]:
        return card_main(arguments[1:])
    args = argparse.Namespace()
    try:
        args = _parser().parse_args(arguments)
        command: Callable[[argparse.Namespace], int] = args.run
        return command(args)
    except BrokenPipeError:
        # The reader of our output has gone (`manaweave play | head -3`): stop quietly.
        _stop_writing_to_stdout()
        return EXIT_OK
    except EngineFailure as failure:
        error = failure.__cause__ or failure
        if getattr(args, "debug", False):
            traceback.print_exception(error)
        else:
            _error(f"{_one_line(error)} (run with --debug for the traceback)")
        return EXIT_FAILED
    except (ManaweaveError, ValueError) as error:
        _error(str(error))
        return EXIT_USAGE
    except OSError as error:
        _error(_os_error_message(error))
        return EXIT_USAGE


def _parser() -> _Parser:
    parser = _Parser(prog="manaweave", description=__doc__)
    parser.add_argument("--version", action="version", version=f"manaweave {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    _add_play(commands)
    _add_serve(commands)
    _add_join(commands)
    add_ladder(commands, whole_number=_whole_number)
    _add_simulate(commands)
    add_export(commands)
    add_analyze(commands)
    _add_replay(commands)
    _add_show(commands)
    _add_view(commands)
    commands.add_parser(
        "coverage", help="which Comprehensive Rules numbers have tests (see coverage --help)"
    )
    commands.add_parser("cards", help="each set's cards: implemented, tested (see cards --help)")
    commands.add_parser("card", help="one card: printed text, implemented, tests (card NAME)")
    _add_decks(commands)
    _add_check(commands)
    _add_listing(
        commands,
        "keywords",
        "list the keyword abilities and keyword actions the plugins define",
        _keywords,
    )
    _add_listing(
        commands,
        "variants",
        "list the game variants the plugins define, with their player counts",
        _variants,
    )
    _add_listing(commands, "bots", "list the bots the plugins define (play --bot NAME)", _bots)
    return parser


# --- play ------------------------------------------------------------------------------------


_VARIANTS_LIMIT = object()
"""The default of ``--decision-time-limit``: the variant's own (not a string, which
argparse would parse as the option's value)."""


def _add_play(commands: argparse._SubParsersAction[_Parser]) -> None:
    host = default_plugins()
    bots = ", ".join(sorted(host.bots))
    variants = ", ".join(sorted(host.variants))
    play = commands.add_parser(
        "play",
        help="play a game between bots and print it",
        description="Play a game between bots, print it and write its event log.",
        epilog=(
            f"Bots: {bots}. Variants: {variants}. Ready decks: see `manaweave decks`. "
            "Without --log the log is manaweave-game-SEED.jsonl, or the first free "
            "manaweave-game-SEED-2.jsonl, -3, ...; an existing --log is an error unless "
            "--overwrite is given."
        ),
    )
    _game_arguments(play)
    play.add_argument(
        "--human",
        action="store_true",
        help="play one seat yourself at the terminal (the others are the --bot bots); "
        "you see the board and the play-by-play as your seat does, and have no time limit",
    )
    play.add_argument(
        "--seat",
        type=_whole_number(1, MAX_PLAYERS),
        default=1,
        metavar="N",
        help="with --human, the seat you play (1 for P1; default 1); the players sit in "
        "the order given",
    )
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument(
        "--debug",
        action="store_true",
        help="stop at a bot's exception and show its traceback (exit 1) instead of "
        "making the bot concede; show the traceback of an engine failure; at the end, "
        "show how long each plugin's hooks took",
    )
    _plugin_option(play)
    play.set_defaults(run=_play)


def _game_arguments(
    parser: argparse.ArgumentParser, *, one_game: bool = True, drawn_seed: bool = False
) -> None:
    """The arguments that say which game to play, shared by ``play`` and ``serve``; and by
    ``simulate`` (``one_game=False``), whose games have seeds of their own and no ``--log``.
    With ``drawn_seed`` (``serve``), ``--seed`` defaults to ``None``: drawn at random; for
    ``play`` it defaults to ``None`` too, for :func:`_choose_seed` to decide."""
    host = default_plugins()
    bots = ", ".join(sorted(host.bots))
    variants = ", ".join(sorted(host.variants))
    parser.add_argument(
        "--deck",
        action="append",
        default=[],
        help="a decklist file or a ready deck such as m10:red-green, once per player "
        f"(default: {' and '.join(DEFAULT_DECKS)} in turn)"
        + ("" if one_game else "; with --schedule round-robin or cross, the decks to pair"),
    )
    parser.add_argument(
        "--bot",
        action="append",
        default=[],
        help=f"the bot of each player, once per player, or once for all of them: {bots} "
        "(default: random)"
        + (
            ", or subprocess:package.module:factory for factory(seed=N) run in a process of its own"
            if one_game
            else ""
        ),
    )
    parser.add_argument(
        "--players",
        type=_whole_number(1, MAX_PLAYERS),
        default=None,
        help="number of players (default: as many as the --deck or --bot options, at least 2)",
    )
    parser.add_argument(
        "--seed",
        type=_whole_number(0, MAX_SEED),
        default=None if one_game else 1,
        help=(
            "the run's seed, 0 to 2**64-1, from which each game's is drawn (default 1)"
            if not one_game
            else "the game's seed, 0 to 2**64-1 (default: drawn at random, for nobody to guess)"
            if drawn_seed
            else "the game's seed, 0 to 2**64-1 (default 1; drawn at random, for nobody to "
            "guess, when a person or a bot in a process of its own plays)"
        ),
    )
    parser.add_argument(
        "--variant",
        default=None,
        help=f"{variants} (default: two_player for 2 players, free_for_all for more)",
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="one of the variant's options, such as range-of-influence=2 or attack=left; "
        "repeat for more (`manaweave variants` lists each variant's options)",
    )
    parser.add_argument(
        "--deck-rules",
        choices=sorted(DECK_RULES),
        default=None,
        help="deck construction rules (default: the variant's, constructed for both built-ins)",
    )
    parser.add_argument(
        "--open-decklists",
        action="store_true",
        default=None,
        help="let every player's view of the log show every decklist (default: the "
        "variant's; each player sees only their own for both built-ins)",
    )
    parser.add_argument(
        "--seating",
        choices=("variant", "given"),
        default="variant",
        help="where the players sit: as the variant says (at random in free_for_all and "
        "grand_melee, CR 806.3, 807.3; the default) or in the order of --deck",
    )
    if one_game:
        parser.add_argument("--log", default=None, help="where to write the JSON-lines event log")
        parser.add_argument(
            "--overwrite", action="store_true", help="replace the --log file if it exists"
        )
    if one_game:
        parser.add_argument(
            "--bot-memory-limit",
            type=_whole_number(0, MAX_BOT_MEMORY_MIB),
            default=MEMORY_LIMIT >> 20,
            metavar="MIB",
            help="MiB of address space a subprocess: bot's process may use, 0 for no limit "
            f"(default {MEMORY_LIMIT >> 20})",
        )
        parser.add_argument(
            "--bot-cpu-time-limit",
            type=_whole_number(0, MAX_BOT_CPU_TIME),
            default=CPU_TIME_LIMIT,
            metavar="SECONDS",
            help="seconds of CPU time a subprocess: bot's process may use over the whole "
            f"game before it is killed, 0 for no limit (default {CPU_TIME_LIMIT})",
        )
        parser.add_argument(
            "--bot-user",
            default=None,
            metavar="USER",
            help="run subprocess: bots as this user (a name or a number); the engine must "
            "be allowed to switch to it (run as root)",
        )
    parser.add_argument(
        "--max-turns",
        type=_whole_number(1, MAX_TURNS),
        default=200,
        help=f"end as a draw after this many turns, 1 to {MAX_TURNS:,} (default 200)",
    )
    parser.add_argument(
        "--decision-time-limit",
        type=_seconds(MAX_DECISION_TIME_LIMIT),
        default=_VARIANTS_LIMIT,
        metavar="SECONDS",
        help="seconds each bot has per decision before it concedes, up to "
        f"{MAX_DECISION_TIME_LIMIT:,}; 0 or none for no limit (default: the variant's, "
        "60 for both built-ins)",
    )


def _play(args: argparse.Namespace) -> int:
    host = _host(args.plugin)
    count = args.players or max(len(args.deck), len(args.bot), 2)
    nonce = new_nonce()
    named = _choose_seed(args, nonce)
    setup = _game_setup(args, host, count)
    players = setup.players
    human: TerminalPlayer | None = None
    if args.human:
        if args.seat > count:
            raise UsageError(f"--seat {args.seat}: the game has {count} seats")
        if args.quiet:
            raise UsageError("--human: a person needs to see the game; leave out --quiet")
        human = TerminalPlayer()
        players[args.seat - 1] = human
    time_limit: TimeLimit = (
        "variant" if args.decision_time_limit is _VARIANTS_LIMIT else args.decision_time_limit
    )
    if human is not None and args.decision_time_limit is _VARIANTS_LIMIT:
        time_limit = None  # a person takes the time they need
    log_path = _log_path(args, named)
    # A person chose their seat: everybody sits in the order given.
    seating: Seating = "given" if human is not None else args.seating

    def make_game() -> Game:
        game = _new_game(
            args, setup, log_path, time_limit=time_limit, seating=seating, seed_nonce=nonce
        )
        _create_log(log_path, overwrite=args.overwrite)
        return game

    # A person sees the play-by-play as their seat does: others' hidden cards redacted.
    viewer = None if human is None else args.seat - 1
    return _play_and_tell(args, players, make_game, log_path, viewer=viewer, human=human)


def _choose_seed(args: argparse.Namespace, nonce: str) -> str:
    """Set ``args.seed`` where ``play`` was given none, and return what the default log is
    named after. The seed decides every hidden card, so a player who must not know them
    must not be able to guess it: with a person at the terminal or a bot in a process of
    its own (an untrusted one), it is drawn at random, and the log is named after the game
    (its id, made from ``nonce``) rather than the seed; bots of the engine's own process,
    which could read the game anyway, play the reproducible default seed 1."""
    if args.seed is not None:
        return str(args.seed)
    if args.human or any(bot.startswith(SUBPROCESS_BOT) for bot in args.bot):
        args.seed = secrets.randbits(64)
        return default_game_id(nonce).removeprefix("game-")
    args.seed = 1
    return "1"


def _play_and_tell(
    args: argparse.Namespace,
    players: Sequence[Player],
    make_game: Callable[[], Game],
    log_path: Path,
    *,
    viewer: int | None,
    human: TerminalPlayer | None = None,
    play: Callable[[Game], Awaitable[Outcome]] = run_game,
) -> int:
    """Play the game ``make_game`` makes of ``players`` with ``play``, printing its
    play-by-play as ``viewer`` sees it (the result alone with ``--quiet``), then where its
    log is, and with ``--debug`` how long the plugins' hooks took; the exit code. The game
    is made once the processes of its subprocess players have started, so that what they
    ask of the engine (their preferences) holds from the start."""
    narrator = Narrator(viewer=viewer)
    last: list[str] = []
    reader_gone = False
    made: list[Game] = []

    def tell(lines: Sequence[str]) -> None:
        # Each line as the game goes; --quiet keeps only the latest, for the result.
        nonlocal reader_gone
        for line in lines:
            if args.quiet:
                last[:] = [line]
            elif not reader_gone:
                try:
                    print(line, flush=True)
                except BrokenPipeError:
                    # `manaweave play | head`: the reader has gone. The game goes on to its
                    # end so that its log is complete; only the printing stops.
                    reader_gone = True
                    _stop_writing_to_stdout()

    def start() -> Game:
        try:
            game = make_game()
        except Exception as error:
            # A game that cannot be set up (a bad decklist) is the arguments' fault, as
            # it would be without subprocess players to start first.
            raise _SetupFailed(error) from error
        made.append(game)
        game.log.subscribe(lambda record: tell(narrator.feed(record)))
        if human is not None:
            # Lines held back for the events that complete them are told before a question.
            human.before_asking = lambda: tell(narrator.finish())
        return game

    try:
        try:
            trio.run(_play_with_processes, players, start, play)
        except KeyboardInterrupt:
            if not made:
                print("manaweave: interrupted before the game began", file=sys.stderr)
                return EXIT_INTERRUPTED
            # run_game logged game_interrupted and wrote the log.
            print(
                f"manaweave: interrupted; the event log so far: {log_path} "
                f"({len(made[0].log.records)} events, incomplete)",
                file=sys.stderr,
            )
            return EXIT_INTERRUPTED
        except SubprocessPlayerError as error:  # a --bot subprocess: that could not start
            # No game was played: no log of it is left behind.
            if made:
                made[0].log.close()
                log_path.unlink(missing_ok=True)
            raise UsageError(str(error)) from None
        except UsageError:
            raise
        except _SetupFailed as failed:
            raise failed.error from None
        except Exception as error:
            if not getattr(args, "debug", False):
                raise EngineFailure from error
            # Only --debug lets a bot's exception out of the game: show it as Python would.
            traceback.print_exc()
            print(f"Event log, up to the exception: {log_path}", file=sys.stderr)
            return EXIT_FAILED
        tell(narrator.finish())
        if reader_gone:
            return EXIT_OK
        for line in last:
            print(line)
        print(f"Event log: {log_path} ({len(made[0].log.records)} events)")
        return EXIT_OK
    finally:
        if made and getattr(args, "debug", False):
            _tell_plugin_time(made[0])


def _tell_plugin_time(game: Game) -> None:
    """Print on stderr how long each third-party plugin's hooks took in ``game``, the
    slowest first (``--debug``): a hook runs inside the engine's loop, so its time is
    every step's."""
    lines = game.plugin_time.summary()
    if lines:
        print("manaweave: time in the plugins' hooks, the slowest first:", file=sys.stderr)
        for line in lines:
            print(f"  {line}", file=sys.stderr)


class _SetupFailed(Exception):
    """The game of :func:`_play_and_tell` could not be made: ``error`` says why."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class _GameSetup(NamedTuple):
    """What the arguments of :func:`_game_arguments` say a game is played with."""

    host: PluginHost
    variant: Variant
    options: dict[str, OptionValue]
    decks: list[str]
    players: list[Player]


def _game_setup(args: argparse.Namespace, host: PluginHost, count: int) -> _GameSetup:
    """The variant, its options, the decks and the bots of a game of ``count`` players
    as the arguments of :func:`_game_arguments` say; a usage error if they cannot be."""
    variant, options = _variant_setup(args, host, count)
    if args.deck and len(args.deck) != count:
        raise UsageError(
            f"{_count(len(args.deck), '--deck')} for {count} players: give one --deck per "
            "player, or none for the default decks"
        )
    _check_bot_count(args, count)
    _check_deck_sources(args.deck, host)
    decks = args.deck or [DEFAULT_DECKS[i % len(DEFAULT_DECKS)] for i in range(count)]
    bots = args.bot or ["random"]
    seeds = bot_seeds(args.seed, count)
    players = [_bot(host, bots[i % len(bots)], seed=seeds[i], args=args) for i in range(count)]
    return _GameSetup(host, variant, options, decks, players)


def _variant_setup(
    args: argparse.Namespace, host: PluginHost, count: int
) -> tuple[Variant, dict[str, OptionValue]]:
    """The variant and its options that the arguments of :func:`_game_arguments` say, for
    ``count`` players; a usage error if they cannot be."""
    try:
        variant = host.variant(args.variant or ("two_player" if count == 2 else "free_for_all"))
    except ValueError as error:
        raise UsageError(f"--variant: {error}") from None
    options = _variant_options(host, variant, args.option)
    try:
        declared = host.options_of(variant)
        variant.check_setup(count, resolve_options(declared, options, variant.name))
    except ValueError as error:
        raise UsageError(f"--players {count}: {error}") from None
    except RuleNotImplementedError as error:
        raise UsageError(f"--variant {variant.name}: {error}") from None
    return variant, options


def _check_bot_count(args: argparse.Namespace, count: int) -> None:
    """A usage error unless ``--bot`` is given once per player, once, or not at all."""
    if len(args.bot) > 1 and len(args.bot) != count:
        raise UsageError(
            f"{_count(len(args.bot), '--bot')} for {count} players: give one --bot per "
            "player, or one for all of them"
        )


def _new_game(
    args: argparse.Namespace,
    setup: _GameSetup,
    log_path: Path,
    *,
    time_limit: TimeLimit,
    seating: Seating,
    seed_nonce: str | None = None,
) -> Game:
    """The game the arguments of :func:`_game_arguments` describe."""
    return new_game(
        decks=setup.decks,
        players=setup.players,
        seed=args.seed,
        seed_nonce=seed_nonce,
        variant=setup.variant.name,
        options=setup.options,
        log=log_path,
        deck_rules=DECK_RULES[args.deck_rules] if args.deck_rules else None,
        max_turns=args.max_turns,
        plugins=setup.host,
        debug=getattr(args, "debug", False),
        decision_time_limit=time_limit,
        open_decklists=args.open_decklists,
        seating=seating,
    )


MAX_BOT_MEMORY_MIB = 1 << 24
"""The largest ``--bot-memory-limit`` (16 TiB): beyond any machine's memory."""

MAX_BOT_CPU_TIME = 10**7
"""The largest ``--bot-cpu-time-limit``: some four months of CPU time."""

SUBPROCESS_BOT = "subprocess:"
"""How ``--bot`` names a player run in a process of its own:
``subprocess:package.module:factory``."""


def _bot(host: PluginHost, name: str, *, seed: int, args: argparse.Namespace) -> Player:
    """The player ``--bot name`` names: a registered bot, or ``factory(seed=seed)`` in a
    process of its own for ``subprocess:package.module:factory``, with the limits and
    user ``--bot-memory-limit``, ``--bot-cpu-time-limit`` and ``--bot-user`` give."""
    if name.startswith(SUBPROCESS_BOT):
        spec = name.removeprefix(SUBPROCESS_BOT)
        memory = getattr(args, "bot_memory_limit", MEMORY_LIMIT >> 20)
        cpu_time = getattr(args, "bot_cpu_time_limit", CPU_TIME_LIMIT)
        user = getattr(args, "bot_user", None)
        try:
            return SubprocessPlayer(
                spec,
                kwargs={"seed": seed},
                memory_limit=(memory << 20) or None,
                cpu_time_limit=cpu_time or None,
                user=int(user) if user is not None and user.isdigit() else user,
            )
        except ValueError:
            raise UsageError(
                f"--bot {_excerpt(name)}: give subprocess:package.module:factory"
            ) from None
    return host.bot(name, seed=seed)


async def _play_with_processes(
    players: Sequence[Player],
    make_game: Callable[[], Game],
    play: Callable[[Game], Awaitable[Outcome]] = run_game,
) -> Outcome:
    """Play the game ``make_game`` makes of ``players`` (with ``play``) with the
    processes of its subprocess players running for the whole game: each is started
    before the game is made (what it asks of the engine holds from the start), and
    killed and waited for at the end."""
    async with contextlib.AsyncExitStack() as processes:
        with warnings.catch_warnings(record=True) as caught:
            # What a platform cannot confine is said as one line each, not as Python's
            # warning with its source line.
            warnings.simplefilter("always", SubprocessIsolationWarning)
            for actor in players:
                if isinstance(actor, SubprocessPlayer):
                    await processes.enter_async_context(actor.running())
        for warning in caught:
            print(f"manaweave: warning: {warning.message}", file=sys.stderr)
        return await play(make_game())


# --- simulate --------------------------------------------------------------------------------


SIMULATE_EPILOG = """\
which game is played:
  Game i (from 0) has a seed drawn from --seed and i, and its bots (the k-th given)
  seeds drawn from it and k, as `manaweave play --seed` gives them: any --jobs plays the
  same games. --schedule fixed plays the --deck decks as given, the k-th --bot with the k-th
  deck; round-robin plays every combination of --players of the --deck decks (for A B C:
  A-B, A-C, B-C) in turn, over again. Both keep the k-th bot with the k-th deck of a game,
  so a deck's results are its bot's too; cross plays round-robin's line-ups (the decks as
  given when there are --players of them), each with every order of the --bot bots in
  turn (decks A B, bots H R: A with H against B with R, then A with R against B with H),
  so that every deck is played by every bot. --swap-seats plays each line-up from every
  seat in turn, rotated by one seat each time (A-B, then B-A), each bot with its deck.

the folder:
  OUT/shard-NNN.jsonl.gz  the games' event logs, one gzip member per game (zcat reads
                          them as JSON lines), one shard per worker process
  OUT/summary.json        the run's parameters, and each complete game: index, seed,
                          decks and bots by seat, winners (seats), reason, turns, shard
  Running the same command again continues an interrupted run: the complete games are
  kept, a game cut short is played again. Each game of the shards is checked as replay
  checks a log (its fields, its lines, its digest): what cannot be used (a damaged gzip
  member, an edited game) is moved to OUT/shard-NNN.jsonl.gz.damaged, said in a warning
  line, and played again; the games after a damaged member are kept. A folder of a run
  with other parameters is refused (--games alone may change).

exit codes:
  0  every game of the run is complete
  1  a worker process died or a game failed (the complete games are kept)
  2  arguments or a folder that cannot be used
  130  interrupted (the complete games are kept)"""


def _add_simulate(commands: argparse._SubParsersAction[_Parser]) -> None:
    simulate_ = commands.add_parser(
        "simulate",
        help="play many seeded games in parallel processes, logs kept in compressed shards",
        description="Play --games seeded games between bots in --jobs worker processes, with "
        "a progress bar on stderr; write every game's event log and a summary to --out.",
        epilog=SIMULATE_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    simulate_.add_argument(
        "--games", type=_whole_number(1, MAX_GAMES), required=True, help="how many games"
    )
    simulate_.add_argument(
        "--out", required=True, metavar="DIR", help="the run's folder (created if need be)"
    )
    simulate_.add_argument(
        "--jobs",
        type=_whole_number(1, MAX_JOBS),
        default=1,
        metavar="J",
        help="worker processes (default 1)",
    )
    simulate_.add_argument(
        "--schedule",
        choices=SCHEDULES,
        default="fixed",
        help="which decks each game plays (default fixed; see below)",
    )
    simulate_.add_argument(
        "--swap-seats",
        action="store_true",
        help="play each line-up of decks from every seat in turn",
    )
    simulate_.add_argument(
        "--chunk-size",
        type=_whole_number(1, MAX_GAMES),
        default=None,
        metavar="N",
        help="games a worker (or a Ray task) takes at a time (default: a few per worker, "
        "at most 8; 16 per Ray task)",
    )
    simulate_.add_argument(
        "--backend",
        choices=BACKENDS,
        default="local",
        help="local: --jobs worker processes (default); ray: a Ray cluster (manaweave[ray]), "
        "the same games",
    )
    simulate_.add_argument(
        "--address",
        default=None,
        help="with --backend ray: the cluster's address (auto, HOST:PORT); default: a "
        "cluster of --jobs CPUs started on this machine for the run",
    )
    _game_arguments(simulate_, one_game=False)
    simulate_.add_argument(
        "--quiet", action="store_true", help="no progress bar (none either unless on a terminal)"
    )
    simulate_.add_argument(
        "--debug", action="store_true", help="show the traceback of a game that failed"
    )
    _plugin_option(simulate_)
    simulate_.set_defaults(run=_simulate)


MAX_GAMES = 1_000_000_000
"""The most games ``simulate`` plays in one run."""
MAX_JOBS = 1024
"""The most worker processes ``simulate`` starts."""


def _simulate(args: argparse.Namespace) -> int:
    host = _host(args.plugin)
    if args.schedule == "fixed":
        count = args.players or max(len(args.deck), len(args.bot), 2)
        decks = _game_setup(args, host, count).decks
    else:
        count = args.players or max(len(args.bot), 2)
        _check_bot_count(args, count)
        _check_deck_sources(args.deck, host)
        decks = args.deck or list(DEFAULT_DECKS)
        if len(decks) < count:
            raise UsageError(
                f"--schedule {args.schedule} pairs {count} of the --deck decks: give at least "
                f"{count}, not {len(decks)}"
            )
    variant, options = _variant_setup(args, host, count)
    for name in args.bot:
        if name.startswith(SUBPROCESS_BOT):
            raise UsageError(f"--bot {_excerpt(name)}: simulate plays registered bots only")
    bar = games_bar(not args.quiet and sys.stderr.isatty())
    started = time.perf_counter()
    first: list[int] = []
    with bar:
        task = bar.add_task("games", total=args.games, rate=0.0)

        def progress(done: int, total: int) -> None:
            if not first:
                first.append(done)  # the games an earlier run completed
            elapsed = time.perf_counter() - started
            rate = (done - first[0]) / elapsed if elapsed > 0 else 0.0
            bar.update(task, completed=done, total=total, rate=rate)

        try:
            summary = simulate(
                args.out,
                decks=decks,
                bots=args.bot or ["random"],
                games=args.games,
                seed=args.seed,
                players=count,
                schedule=args.schedule,
                swap_seats=args.swap_seats,
                variant=variant.name,
                options=options,
                deck_rules=args.deck_rules,
                open_decklists=args.open_decklists,
                seating=args.seating,
                max_turns=args.max_turns,
                decision_time_limit=(
                    "variant"
                    if args.decision_time_limit is _VARIANTS_LIMIT
                    else args.decision_time_limit
                ),
                plugins=args.plugin,
                jobs=args.jobs,
                chunk_size=args.chunk_size,
                backend=args.backend,
                address=args.address,
                progress=progress,
                warn=lambda line: bar.console.print(
                    f"manaweave: warning: {line}", markup=False, highlight=False, soft_wrap=True
                ),
            )
        except KeyboardInterrupt:
            bar.stop()
            print(
                f"manaweave: interrupted; the complete games are kept in '{args.out}': run "
                "the same command again to continue",
                file=sys.stderr,
            )
            return EXIT_INTERRUPTED
        except SimulationFailure as failure:
            bar.stop()
            message = str(failure)
            _error(message if args.debug else message.splitlines()[0])
            return EXIT_FAILED
    elapsed = time.perf_counter() - started
    print(_simulation_result(summary, elapsed))
    return EXIT_OK


def _simulation_result(summary: SimulationSummary, elapsed: float) -> str:
    """What a run did, in a few lines: games, speed, wins by seat, where the files are."""
    seats = summary.parameters["players"]
    wins = [0] * seats
    draws = 0
    for game in summary.games:
        draws += not game.winners
        for seat in game.winners:
            wins[seat] += 1
    rate = summary.played / elapsed if elapsed > 0 else 0.0
    return (
        f"{len(summary.games)} of {summary.total} games complete in '{summary.out}' "
        f"({summary.played} played now, {rate:.1f} games/s)\n"
        + ", ".join(f"P{seat + 1} won {won}" for seat, won in enumerate(wins))
        + f", draws {draws}\n"
        f"Summary: {summary.out / SUMMARY_FILE}"
    )


# --- serve and join --------------------------------------------------------------------------


MAX_SPECTATORS_LIMIT = 10_000
"""The most spectators ``--max-spectators`` allows: each holds a connection (a descriptor)."""


def _add_serve(commands: argparse._SubParsersAction[_Parser]) -> None:
    serve = commands.add_parser(
        "serve",
        help="host a game for remote players over websockets",
        description="Host a game whose --remote seats are played by clients that join over "
        "websockets (docs/remote-play.md; `manaweave join` is one); the other seats are the "
        "--bot bots. Prints the address and each remote seat's token, waits until every "
        "remote seat has joined, plays the game and writes its event log.",
    )
    serve.add_argument(
        "--remote",
        action="append",
        type=_whole_number(1, MAX_PLAYERS),
        required=True,
        metavar="N",
        help="a player who plays remotely: the N-th one given, in the order of --deck (where "
        "the variant seats players at random, serve prints the seat each one got); repeat "
        "for more",
    )
    serve.add_argument(
        "--host",
        default="127.0.0.1",
        help="the address to listen on (default 127.0.0.1: this machine only; 0.0.0.0 for "
        "every network)",
    )
    serve.add_argument(
        "--port",
        type=_whole_number(0, 65535),
        default=8765,
        help="the port to listen on (default 8765; 0 for any free one)",
    )
    serve.add_argument(
        "--grace",
        type=_seconds(MAX_DECISION_TIME_LIMIT),
        default=DEFAULT_GRACE,
        metavar="SECONDS",
        help="seconds a remote player who disconnected has to join again with the same "
        f"token before conceding (default {DEFAULT_GRACE:g}; 0 for none)",
    )
    serve.add_argument(
        "--no-spectators", action="store_true", help="print no spectator token: nobody watches"
    )
    serve.add_argument(
        "--json",
        action="store_true",
        help="once listening, print the address and tokens as one JSON object on the first "
        "line of standard output (url, game, protocol, remote: each remote seat's seat, name "
        "and token, spectator_token) instead of as text; implies --quiet",
    )
    serve.add_argument(
        "--info-file",
        type=Path,
        metavar="PATH",
        help="once listening, write that JSON object to PATH too (readable by its owner only, "
        "since it holds the tokens; replaced whole, never seen half written)",
    )
    serve.add_argument(
        "--max-spectators",
        type=_whole_number(0, MAX_SPECTATORS_LIMIT),
        default=MAX_SPECTATORS,
        metavar="N",
        help=f"how many spectators may watch at once (default {MAX_SPECTATORS}); the remote "
        "players can always join whatever the spectators",
    )
    # The remote players must not know the seed, which decides every shuffle: unless given,
    # it is drawn at random (and the log is named after the game, not the seed).
    _game_arguments(serve, drawn_seed=True)
    serve.add_argument("--quiet", action="store_true", help="print only the result")
    _plugin_option(serve)
    serve.set_defaults(run=_serve)


def _serve(args: argparse.Namespace) -> int:
    host = _host(args.plugin)
    if len(set(args.remote)) != len(args.remote):
        raise UsageError("--remote: give each remote player once")
    count = args.players or max(len(args.deck), len(args.bot), 2)
    if max(args.remote) > count:
        raise UsageError(f"--remote {max(args.remote)}: the game has {count} players")
    if args.info_file is not None and not args.info_file.parent.is_dir():
        raise UsageError(f"--info-file {args.info_file}: no such folder")
    if args.json:
        # Standard output is for a program to read: the JSON line, then the result.
        args.quiet = True
    nonce = new_nonce()
    named = str(args.seed)
    if args.seed is None:
        args.seed = secrets.randbits(64)
        named = default_game_id(nonce).removeprefix("game-")
    setup = _game_setup(args, host, count)
    for number in args.remote:
        setup.players[number - 1] = RemotePlayer()
    log_path = _log_path(args, named)
    time_limit: TimeLimit = (
        "variant" if args.decision_time_limit is _VARIANTS_LIMIT else args.decision_time_limit
    )

    def make_game() -> Game:
        game = _new_game(
            args, setup, log_path, time_limit=time_limit, seating=args.seating, seed_nonce=nonce
        )
        _create_log(log_path, overwrite=args.overwrite)
        return game

    async def serve(game: Game) -> Outcome:
        listening = False
        try:
            async with open_game_server(
                game,
                host=args.host,
                port=args.port,
                grace=args.grace or 0.0,
                spectators=not args.no_spectators,
                max_spectators=args.max_spectators,
            ) as server:
                listening = True
                info = _server_info(game, server)
                if args.info_file is not None:
                    try:
                        _write_private_file(args.info_file, orjson.dumps(info) + b"\n")
                    except OSError as error:
                        # No game was played: no log of it is left behind.
                        game.log.close()
                        log_path.unlink(missing_ok=True)
                        where = f"--info-file {args.info_file}"
                        raise UsageError(_os_error_message(error, where)) from None
                if args.json:
                    print(orjson.dumps(info).decode(), flush=True)
                else:
                    print(f"Serving game {game.log.game_id} at {server.url}")
                    for player in server.remote_players:
                        print(f"  {game.players[player.seat or 0].name}: token {player.token}")
                    if server.spectator_token is not None:
                        print(f"  spectators: token {server.spectator_token}")
                    print("Waiting for the remote players to join (Ctrl-C to stop)", flush=True)
                outcome = await server.play()
        except OSError as error:
            if listening:
                raise
            # No game was played: no log of it is left behind.
            game.log.close()
            log_path.unlink(missing_ok=True)
            where = f"cannot listen on {args.host} port {args.port}"
            raise UsageError(_os_error_message(error, where)) from None
        for player in server.remote_players:
            if player.lost is not None:
                print(f"{game.players[player.seat or 0].name} {player.lost}")
        return outcome

    # The host sees the play-by-play as spectators do.
    return _play_and_tell(args, setup.players, make_game, log_path, viewer=None, play=serve)


def _server_info(game: Game, server: GameServer) -> dict[str, Any]:
    """What a program needs to join a served game: ``serve --json`` and ``--info-file``."""
    return {
        "url": server.url,
        "game": game.log.game_id,
        "protocol": PROTOCOL,
        "remote": [
            {
                "seat": player.seat,
                "name": game.players[player.seat or 0].name,
                "token": player.token,
            }
            for player in server.remote_players
        ],
        "spectator_token": server.spectator_token,
    }


def _write_private_file(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` readable and writable by its owner only (mode 0600),
    atomically: a reader sees the old file or the whole new one, never a part."""
    directory = path.parent
    fd, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as file:  # mkstemp creates it with mode 0600
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def _add_join(commands: argparse._SubParsersAction[_Parser]) -> None:
    host = default_plugins()
    join = commands.add_parser(
        "join",
        help="play a seat of a game that `manaweave serve` hosts, with a bot",
        description="Join the seat a token opens in a game that `manaweave serve` hosts and "
        "play it with a bot, or watch the game with the spectators' token (--watch).",
    )
    join.add_argument("url", help="the server's address, as serve prints it (ws://HOST:PORT/)")
    join.add_argument("--token", required=True, help="the seat's token (or the spectators')")
    join.add_argument(
        "--bot",
        default="random",
        help=f"the bot that plays the seat: {', '.join(sorted(host.bots))} (default random)",
    )
    join.add_argument(
        "--seed", type=_whole_number(0, MAX_SEED), default=1, help="the bot's seed (default 1)"
    )
    join.add_argument("--watch", action="store_true", help="watch as a spectator")
    join.add_argument(
        "--reconnect",
        type=_seconds(MAX_DECISION_TIME_LIMIT),
        default=DEFAULT_GRACE,
        metavar="SECONDS",
        help="for how long to try joining again when the connection is lost (default "
        f"{DEFAULT_GRACE:g}, the server's default grace period; 0 for not at all)",
    )
    _plugin_option(join)
    join.set_defaults(run=_join)


def _join(args: argparse.Namespace) -> int:
    host = _host(args.plugin)
    player = None if args.watch else _bot(host, args.bot, seed=args.seed, args=args)

    narrators: list[Narrator] = []

    def joined(client: GameClient) -> None:
        if not narrators:  # the play-by-play as the seat (or a spectator) sees it
            narrators.append(Narrator(viewer=client.seat))

    def tell(event: dict[str, Any]) -> None:
        for line in narrators[0].feed(event):
            print(line, flush=True)

    async def join() -> dict[str, Any]:
        if player is None:
            async with connect(args.url, args.token, spectate=True) as client:
                joined(client)
                return await client.watch(on_event=tell)
        return await play_remote(
            args.url,
            args.token,
            player,
            on_event=tell,
            on_join=joined,
            reconnect_for=args.reconnect or 0.0,
        )

    try:
        ending = trio.run(join)
    except RemoteGameError as error:
        raise UsageError(f"{args.url}: {error}") from None
    except (trio_websocket.HandshakeError, trio_websocket.ConnectionClosed) as error:
        why = str(error) or type(error).__name__
        raise UsageError(f"{args.url}: no game could be joined there ({why})") from None
    print(f"Game over: {visible(str(ending['reason']))}")  # the server's words
    return EXIT_OK


def _whole_number(low: int, high: int) -> Callable[[str], int]:
    """The type of an argument that must be a whole number from ``low`` to ``high``."""

    def whole_number(text: str) -> int:
        digits = text.strip().lstrip("+-")
        if len(digits) > len(str(high)) + 1 and digits.isdigit():
            # Checked on the digits first: int() refuses very long strings.
            sign = "-" if text.strip().startswith("-") else ""
            bound = f"at least {low}" if sign else f"at most {high}"
            raise argparse.ArgumentTypeError(f"must be {bound}, not a {len(digits)}-digit number")
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{_excerpt(text)!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high}, not {value}")
        return value

    return whole_number


def _seconds(high: int) -> Callable[[str], float | None]:
    """The type of a time limit argument: a number of seconds from 0 to ``high``, where 0
    (or ``none``) means no limit (``None``)."""

    def seconds(text: str) -> float | None:
        if text.strip().lower() == "none":
            return None
        if len(text) > 40:  # float() of a very long string is slow; no limit needs it
            raise argparse.ArgumentTypeError(f"{_excerpt(text)!r} is not a number of seconds")
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{_excerpt(text)!r} is not a number of seconds"
            ) from None
        if value != value or value < 0:  # NaN, or negative
            raise argparse.ArgumentTypeError(f"must be at least 0, not {_excerpt(text)}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {_excerpt(text)}")
        return value if value > 0 else None

    return seconds


def _excerpt(text: str, limit: int = 40) -> str:
    """``text``, cut to ``limit`` characters so that an error message stays one short line."""
    return text if len(text) <= limit else f"{text[:limit]}... ({len(text)} characters)"


def _count(number: int, option: str) -> str:
    return f"{number} {option} option" + ("" if number == 1 else "s")


def _check_deck_sources(specs: Sequence[str], host: PluginHost) -> None:
    """Refuse a deck that names neither a file nor (with its ``set:``) a ready deck."""
    for spec in specs:
        if ":" not in spec and not Path(spec).exists():
            raise UsageError(
                f"no decklist file or ready deck named {spec!r}; ready decks: "
                f"{', '.join(ready_decks(host))}"
            )


def _log_path(args: argparse.Namespace, named: str | None = None) -> Path:
    """Where the game's log goes: ``--log`` (an existing file only with ``--overwrite``),
    or the first free ``manaweave-game-NAME[-N].jsonl``, ``NAME`` being ``named`` or else
    the seed."""
    if args.log:
        path = Path(args.log)
        if path.exists() and not args.overwrite:
            raise UsageError(
                f"the log {args.log!r} exists; choose another --log, or give --overwrite "
                "to replace it"
            )
        return path
    number = 1
    while True:
        suffix = "" if number == 1 else f"-{number}"
        path = Path(f"manaweave-game-{named or args.seed}{suffix}.jsonl")
        if not path.exists():
            return path
        number += 1


def _create_log(path: Path, *, overwrite: bool) -> None:
    """Create the log file before the game is played, so a log that cannot be written is
    found at once; a default name is created only if still free."""
    try:
        with path.open("wb" if overwrite else "xb"):
            pass
    except FileExistsError:
        raise UsageError(f"the log '{path}' exists; give --overwrite to replace it") from None
    except OSError as error:
        raise UsageError(_os_error_message(error, f"cannot write the log '{path}'")) from None


# --- replay ----------------------------------------------------------------------------------


def _add_replay(commands: argparse._SubParsersAction[_Parser]) -> None:
    rep = commands.add_parser(
        "replay",
        help="replay a logged game and compare the streams",
        description="Play a logged game again from its log and compare the event streams.",
        epilog=REPLAY_EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    rep.add_argument(
        "log",
        help="a game's JSON-lines event log (or .jsonl.gz), or a simulate run's folder or "
        "shard (with --game)",
    )
    _game_option(rep)
    _debug_option(rep)
    rep.set_defaults(run=_replay)


def _replay(args: argparse.Namespace) -> int:
    path = args.log if args.game is None else f"{args.log} (game {args.game})"
    try:
        with _one_game(args) as log:
            result = replay(log)
    except GameLogError as error:
        return _log_error(error)
    except ReplayPluginError as error:
        _error(f"{path}: {error}")
        return EXIT_PLUGINS_DIFFER
    except Exception as error:
        raise EngineFailure from error
    if result.digest_problem is not None:
        # An edited log says nothing of the engine: that comes first, whatever replays.
        found = (
            "its events replay identically"
            if result.identical
            else f"the replay differs at {_excerpt(str(result.mismatch), _MAX_MISMATCH_SHOWN)}"
        )
        print(
            f"{path}: the log was changed after it was written: {result.digest_problem}; {found}."
        )
        return EXIT_EDITED
    if result.seed_problem is not None:
        print(f"{path}: the seed does not match its commitment: {result.seed_problem}.")
        return EXIT_SEED_UNCOMMITTED
    if result.identical and result.incomplete:
        how = " (the game was interrupted)" if result.interrupted else ""
        print(
            f"{path}: the log is incomplete: it ends at event {result.events - 1} (turn "
            f"{result.last_turn}) without game_ended{how}; the {result.events} events "
            "replay identically."
        )
        return EXIT_INCOMPLETE
    if result.identical:
        print(f"{path}: replayed {result.events} events; the stream is identical.")
        return EXIT_OK
    mismatch = result.mismatch
    assert mismatch is not None
    # A field of a hostile log may be megabytes long: show the start of the difference.
    print(f"{path}: the replay differs at {_excerpt(str(mismatch), _MAX_MISMATCH_SHOWN)}")
    return EXIT_DIFFERS


_MAX_MISMATCH_SHOWN = 2000
"""The most characters of a replay's difference the command prints."""


def _game_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--game",
        type=_whole_number(0, 2**62),
        metavar="INDEX",
        help="with a simulate run's folder (or one of its shards): the game to take, by its "
        "index in the run",
    )


@contextlib.contextmanager
def _one_game(args: argparse.Namespace) -> Iterator[Path]:
    """The log a command reads: ``args.log`` itself, or with ``--game`` that game of a
    simulate run (its folder, or a shard of it), written to a temporary file."""
    source = Path(args.log)
    if args.game is None:
        if source.is_dir():
            raise UsageError(
                f"{source} is a folder: give --game INDEX to name a game of a simulate run"
            )
        yield source
        return
    if not source.is_dir() and not _is_shard(source):
        raise UsageError(
            f"--game picks a game of a simulate run's folder or shard; {source} is neither"
        )
    try:
        log = game_log(source, args.game)
    except SimulationError as error:
        raise UsageError(str(error)) from None
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"game-{args.game}.jsonl"
        path.write_bytes(log)
        yield path


def _is_shard(path: Path) -> bool:
    try:
        with path.open("rb") as file:
            return shard_member_index(file) is not None
    except OSError:
        return False


def _log_error(error: GameLogError) -> int:
    """Report a log that cannot be used; the exit code says whether it could be read."""
    _error(str(error))
    unreadable = isinstance(error.__cause__, OSError)
    return EXIT_USAGE if unreadable else EXIT_LOG_UNUSABLE


# --- show ------------------------------------------------------------------------------------


def _add_show(commands: argparse._SubParsersAction[_Parser]) -> None:
    shown = commands.add_parser(
        "show",
        help="print the play-by-play of a saved game log",
        description="Print the play-by-play of a saved game log.",
        epilog=SHOW_EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    shown.add_argument(
        "log",
        help="a game's JSON-lines event log (or .jsonl.gz), or a simulate run's folder or "
        "shard (with --game)",
    )
    _game_option(shown)
    shown.add_argument(
        "--player",
        type=_whole_number(0, MAX_PLAYERS),
        default=None,
        metavar="N",
        help="show the game as player N (1 for P1) saw it: others' hidden cards redacted",
    )
    _debug_option(shown)
    shown.set_defaults(run=_show)


def _show(args: argparse.Namespace) -> int:
    """Print a saved log's play-by-play, as a spectator or as one player saw it."""
    try:
        with _one_game(args) as log:
            lines = show(log, args.player)
    except GameLogError as error:
        return _log_error(error)
    for line in lines:
        print(line)
    return EXIT_OK


# --- view ------------------------------------------------------------------------------------


def _add_view(commands: argparse._SubParsersAction[_Parser]) -> None:
    viewed = commands.add_parser(
        "view",
        help="write a saved game as an HTML page that replays it step by step",
        description=(
            "Replay a saved game and write it as one self-contained HTML page (no network,\n"
            "opens from a file): step through it event by event and see the board, hands,\n"
            "stack and play-by-play after each one, as a spectator saw the game (--public,\n"
            "the default) or as one player did (--as SEAT). Open a step with #step=N after\n"
            "the page's address."
        ),
        epilog=VIEW_EXIT_CODES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    viewed.add_argument(
        "log",
        help="a game's full JSON-lines event log (not a redacted one; or .jsonl.gz), or a "
        "simulate run's folder or shard (with --game; default page: FOLDER/game-INDEX.html)",
    )
    _game_option(viewed)
    viewed.add_argument(
        "-o", "--output", metavar="OUT", help="the page to write (default: the log's name, .html)"
    )
    eyes = viewed.add_mutually_exclusive_group()
    eyes.add_argument(
        "--as",
        dest="seat",
        type=_whole_number(1, MAX_PLAYERS),
        metavar="SEAT",
        help="show the game as player SEAT (1 for P1) saw it: their own hand, others' "
        "hidden cards never in the page",
    )
    eyes.add_argument(
        "--public",
        action="store_true",
        help="show the game as a spectator saw it: hands and libraries as counts (default)",
    )
    viewed.add_argument("--overwrite", action="store_true", help="replace OUT if it exists")
    _debug_option(viewed)
    viewed.set_defaults(run=_view)


def _view(args: argparse.Namespace) -> int:
    """Write a saved log's viewer page (or a simulate run's game's); one line says where,
    or why not."""
    source = Path(args.log)
    if args.output:
        out = Path(args.output)
    elif args.game is not None:
        folder = source if source.is_dir() else source.parent
        out = folder / f"game-{args.game}.html"
    else:
        out = source.parent / (source.name.removesuffix(".gz").removesuffix(".jsonl") + ".html")
        if not source.name.endswith((".jsonl", ".jsonl.gz")):
            out = source.with_suffix(".html")
    with _one_game(args) as log:
        return _view_log(args, log, out)


def _view_log(args: argparse.Namespace, log: Path, out: Path) -> int:
    if out.exists() and not args.overwrite:
        raise UsageError(f"'{out}' exists; choose another -o, or give --overwrite to replace it")
    viewer = None if args.seat is None else args.seat - 1
    label = args.log if args.game is None else f"{args.log} (game {args.game})"
    try:
        page = write_viewer(log, out, viewer, overwrite=True)
    except GameLogError as error:
        return _log_error(error)
    except ReplayPluginError as error:
        _error(f"{label}: {error}")
        return EXIT_PLUGINS_DIFFER
    except ReplayMismatchError as error:
        _error(
            f"{label}: the log does not replay identically, so its states cannot be shown; "
            f"no viewer written. The replay differs at {_excerpt(str(error), _MAX_MISMATCH_SHOWN)}"
        )
        return EXIT_DIFFERS
    except (OSError, ValueError):
        raise  # a seat the game lacks, a page that cannot be written: usage errors (main)
    except Exception as error:
        raise EngineFailure from error
    if page.digest_problem is not None:
        _error(
            f"{label}: warning: the log was changed after it was written "
            f"({page.digest_problem}); its events replay identically"
        )
    ends = " (the log is incomplete: it ends without game_ended)" if page.incomplete else ""
    print(f"{out}: {len(page.events)} events, {len(page.html.encode()):,} bytes{ends}")
    return EXIT_OK


# --- decks, check, and the listings of what plugins define ---------------------------------------


def _add_decks(commands: argparse._SubParsersAction[_Parser]) -> None:
    decks = commands.add_parser(
        "decks",
        help="list the ready decks of the registered sets",
        description="The ready decks of the registered sets: colours, size and archetype.",
    )
    _debug_option(decks)
    decks.set_defaults(run=_decks)


def _decks(args: argparse.Namespace) -> int:
    host = default_plugins()
    table = _table("Deck", "Colours", "Cards", "Description")
    for card_set in host.cards.sets:
        for file_name, text in card_set.decks.items():
            name = f"{card_set.code.lower()}:{file_name.split('-', 1)[-1]}"
            decklist = resolve_deck(name, host)
            colours = {c for card in decklist.counts() for c in host.cards[card].colors}
            table.add_row(
                name,
                "".join(c for c in "WUBRG" if c in colours) or "colourless",
                str(len(decklist)),
                deck_description(text),
            )
    Console().print(table)
    return EXIT_OK


def _add_check(commands: argparse._SubParsersAction[_Parser]) -> None:
    check = commands.add_parser(
        "check", help="check decks against deck construction rules without playing"
    )
    check.add_argument("deck", nargs="+", help="a decklist file or a ready deck")
    check.add_argument(
        "--deck-rules",
        choices=sorted(DECK_RULES),
        default=None,
        help="the rules to check (default: the variant's)",
    )
    check.add_argument("--variant", default="two_player", help="whose deck rules (two_player)")
    _debug_option(check)
    check.set_defaults(run=_check)


def _check(args: argparse.Namespace) -> int:
    """Check each deck; print one line per deck and every problem. Exit 1 if any deck is
    illegal (2 is for a deck that cannot be read at all)."""
    host = default_plugins()
    variant = host.variant(args.variant)
    rules = DECK_RULES[args.deck_rules] if args.deck_rules else variant.deck_rules
    _check_deck_sources(args.deck, host)
    illegal = 0
    for spec in args.deck:
        decklist = resolve_deck(spec, host)
        sideboard = sum(entry.count for entry in decklist.sideboard)
        size = f"{len(decklist)} cards" + (f" + {sideboard} in the sideboard" if sideboard else "")
        try:
            variant.check_deck(decklist, host.cards, rules)
        except DeckRulesError as error:
            illegal += 1
            print(f"{spec}: {size}, not legal for {rules.name} play:")
            for problem in error.problems:
                print(f"  - {problem}")
        else:
            print(f"{spec}: {size}, legal for {rules.name} play")
    return 1 if illegal else 0


def _add_listing(
    commands: argparse._SubParsersAction[_Parser],
    name: str,
    help: str,
    run: Callable[[argparse.Namespace], int],
) -> None:
    """A command that lists what the plugins define, as a table: it takes ``-p`` and
    ``--debug``."""
    listing = commands.add_parser(name, help=help)
    _plugin_option(listing)
    _debug_option(listing)
    listing.set_defaults(run=run)


def _table(*columns: str) -> Table:
    """A listing's table, in the style of every listing: the first column, the names a
    command takes, is never wrapped or cut; the others wrap as the terminal needs."""
    table = Table(*columns, box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False)
    table.columns[0].no_wrap = True
    return table


def _keywords(args: argparse.Namespace) -> int:
    keywords = _host(args.plugin).keywords
    table = _table("Keyword", "Rule", "Plugin")
    for name in sorted(keywords):
        keyword = keywords[name]
        table.add_row(name, keyword.rule or "-", keyword.plugin)
    Console().print(table)
    return EXIT_OK


def _variant_options(
    host: PluginHost, variant: Variant, given: Sequence[str]
) -> dict[str, OptionValue]:
    """The ``--option NAME=VALUE`` arguments as the variant's options and those the
    plugins add to every variant; a usage error naming the argument for anything else."""
    try:
        return parse_options(host.options_of(variant), given, variant.name)
    except ValueError as error:
        raise UsageError(f"--option {error}") from None


def _variants(args: argparse.Namespace) -> int:
    """One row a variant: its name (``play --variant``), how many players, its options
    with their defaults, and what it is, with its time limit per decision and whose
    decklists each player sees."""
    host = _host(args.plugin)
    variants = host.variants
    table = _table("Variant", "Players", "Options", "Description")
    # A name and an option are typed as they are shown: whole, one option a line; the
    # player counts and the description wrap to make room.
    table.columns[0].min_width = max((len(name) for name in variants), default=0)
    table.columns[1].max_width = len("Players") + 3
    table.columns[2].no_wrap = True
    table.columns[-1].min_width = len("Description")
    for name in sorted(variants):
        variant = variants[name]
        limit = variant.decision_time_limit
        table.add_row(
            name,
            variant.player_counts(),
            "\n".join(o.describe() for o in host.options_of(variant)) or "-",
            f"{_summary(type(variant))}\n"
            + ("no time limit" if limit is None else f"{limit:g} s a decision")
            + ("; decklists open" if variant.open_decklists else "; own decklist only"),
        )
    Console().print(table)
    return EXIT_OK


def _bots(args: argparse.Namespace) -> int:
    """One row a bot: its name (``play --bot``), whether it answers at once (so the engine
    asks it without a cancel scope), and what it is."""
    bots = _host(args.plugin).bots
    table = _table("Bot", "At once", "Description")
    for name in sorted(bots):
        factory = bots[name]
        at_once = isinstance(factory, type) and class_decides_at_once(factory)
        table.add_row(name, "yes" if at_once else "no", _summary(factory))
    Console().print(table)
    return EXIT_OK


def _summary(thing: object) -> str:
    """The first sentence of ``thing``'s docstring, on one line."""
    doc = inspect.getdoc(thing) or ""
    text = " ".join(doc.split("\n\n")[0].split())
    end = text.find(". ")
    return text if end < 0 else text[: end + 1]


# --- shared options and messages -------------------------------------------------------------


def _plugin_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-p",
        dest="plugin",
        action="append",
        default=[],
        metavar="NAME",
        help="register the plugin module NAME; -p no:NAME turns the plugin NAME off "
        "(a built-in one by its module or short name: -p no:flying)",
    )


def _debug_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--debug", action="store_true", help="show the traceback of an engine failure"
    )


def _host(options: Sequence[str]) -> PluginHost:
    """The process's plugin host, or a new one for the ``-p`` options given."""
    if not options:
        return default_plugins()
    load, disable = parse_plugin_options(options)
    modules = []
    for name in load:
        try:
            modules.append(import_plugin(name))
        except PluginError as error:
            if isinstance(error.__cause__, ModuleNotFoundError) and error.__cause__.name == name:
                raise UsageError(f"-p {name}: no module named {name!r} can be imported") from None
            raise UsageError(f"-p {name}: {error.detail}") from None
    return PluginHost(modules, disable=disable)


def _error(message: str) -> None:
    # A message may quote what a server, a log or a file said: shown, never obeyed.
    print(f"manaweave: error: {visible(message, keep=chr(10))}", file=sys.stderr)


def _one_line(error: BaseException) -> str:
    """An exception as one line: its type and the first line of its message."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text else type(error).__name__


_OS_REASONS = {
    errno.EACCES: "permission denied",
    errno.EPERM: "permission denied",
    errno.ENOENT: "no such folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "it is a folder",
    errno.ENOSPC: "no space left on the device",
    errno.EROFS: "the file system is read-only",
}


def _os_error_message(error: OSError, what: str | None = None) -> str:
    """An ``OSError`` as one line without its ``[Errno N]``: ``what`` (by default, the
    file it concerns) and the reason in words."""
    filename = os.fsdecode(error.filename) if error.filename is not None else None
    reason = _OS_REASONS.get(error.errno or 0) or (error.strerror or type(error).__name__).lower()
    if error.errno == errno.ENOENT and filename is not None:
        parent = Path(filename).parent
        # Creating a file fails this way only for a missing folder; reading, for either.
        reason = f"no such folder '{parent}'" if what else "no such file or folder"
    if what is None:
        what = f"'{filename}'" if filename is not None else "error"
    return f"{what}: {reason}"


def _stop_writing_to_stdout() -> None:
    """Point standard output at the null device, as the Python documentation advises
    for SIGPIPE, so the interpreter's last flush at exit does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass  # not a real file (output captured in-process): nothing will flush to it


if __name__ == "__main__":
    raise SystemExit(main())

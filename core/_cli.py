"""The ``manaweave`` command: play games, replay logs, report rules coverage, list
what the plugins provide."""

from __future__ import annotations

import argparse
import importlib
import sys
import traceback
from collections.abc import Sequence
from pathlib import Path

import trio

from ._card_info import main as card_main
from ._card_status import main as cards_main
from ._coverage import main as coverage_main
from ._deck_rules import DECK_RULES
from ._errors import DeckRulesError, ManaweaveError
from ._narrate import narrate
from ._play import new_game, ready_decks, resolve_deck
from ._plugins import PluginHost, default_plugins, parse_plugin_options
from ._replay import replay
from ._turnloop import run_game
from ._version import __version__

__all__ = ["main"]


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
    parser = argparse.ArgumentParser(prog="manaweave", description=__doc__)
    parser.add_argument("--version", action="version", version=f"manaweave {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    play = commands.add_parser("play", help="play a game between bots and print it")
    play.add_argument(
        "--deck",
        action="append",
        default=[],
        help="a decklist file or a ready deck such as m10:red-green (once per player)",
    )
    play.add_argument(
        "--bot", action="append", default=[], help="a bot per player (default: random)"
    )
    play.add_argument("--players", type=int, default=None, help="number of players")
    play.add_argument("--seed", type=int, default=1, help="the game's seed (default 1)")
    play.add_argument("--variant", default=None, help="two_player or free_for_all")
    play.add_argument(
        "--deck-rules",
        choices=sorted(DECK_RULES),
        default=None,
        help="deck construction rules (default: the variant's, constructed for both built-ins)",
    )
    play.add_argument("--log", default=None, help="where to write the JSON-lines event log")
    play.add_argument("--max-turns", type=int, default=200, help="end as a draw after this")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    play.add_argument(
        "--debug",
        action="store_true",
        help="stop at a bot's exception and show its traceback (exit 1) instead of "
        "making the bot concede",
    )
    _plugin_option(play)

    rep = commands.add_parser("replay", help="replay a logged game and compare the streams")
    rep.add_argument("log", help="a game's JSON-lines event log")

    commands.add_parser(
        "coverage", help="which Comprehensive Rules numbers have tests (see coverage --help)"
    )

    commands.add_parser("cards", help="each set's cards: implemented, tested (see cards --help)")
    commands.add_parser("card", help="one card: printed text, implemented, tests (card NAME)")
    commands.add_parser("decks", help="list the ready decks of the registered sets")
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
    keywords = commands.add_parser(
        "keywords", help="list the keyword abilities and keyword actions the plugins define"
    )
    _plugin_option(keywords)

    args = parser.parse_args(arguments)
    try:
        if args.command == "play":
            return _play(args)
        if args.command == "replay":
            return _replay(args.log)
        if args.command == "decks":
            for name in ready_decks(default_plugins()):
                print(name)
            return 0
        if args.command == "keywords":
            return _keywords(_host(args.plugin))
        if args.command == "check":
            return _check(args)
        raise AssertionError(f"unhandled command {args.command}")
    except (ManaweaveError, ValueError, OSError) as error:
        print(f"manaweave: error: {error}", file=sys.stderr)
        return 2


def _play(args: argparse.Namespace) -> int:
    host = _host(args.plugin)
    count = args.players or max(len(args.deck), len(args.bot), 2)
    decks = args.deck or ["m10:red-green", "m10:green-white"]
    decks = [decks[i % len(decks)] for i in range(count)]
    bots = args.bot or ["random"]
    players = [host.bot(bots[i % len(bots)], seed=args.seed * 1000 + i) for i in range(count)]
    log_path = Path(args.log or f"manaweave-game-{args.seed}.jsonl")
    game = new_game(
        decks=decks,
        players=players,
        seed=args.seed,
        variant=args.variant,
        log=log_path,
        deck_rules=DECK_RULES[args.deck_rules] if args.deck_rules else None,
        max_turns=args.max_turns,
        plugins=host,
        debug=args.debug,
    )
    try:
        outcome = trio.run(run_game, game)
    except Exception:
        if not args.debug:
            raise
        # Only --debug lets a bot's exception out of the game: show it as Python would.
        traceback.print_exc()
        print(f"Event log, up to the exception: {log_path}", file=sys.stderr)
        return 1
    lines = list(narrate(game.log.records))
    for line in lines if not args.quiet else lines[-1:]:
        print(line)
    print(f"Event log: {log_path} ({len(game.log.records)} events)")
    del outcome
    return 0


def _check(args: argparse.Namespace) -> int:
    """Check each deck; print one line per deck and every problem. Exit 1 if any deck is
    illegal (2 is for a deck that cannot be read at all)."""
    host = default_plugins()
    variant = host.variant(args.variant)
    rules = DECK_RULES[args.deck_rules] if args.deck_rules else variant.deck_rules
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


def _host(options: Sequence[str]) -> PluginHost:
    """The process's plugin host, or a new one for the ``-p`` options given."""
    if not options:
        return default_plugins()
    load, disable = parse_plugin_options(options)
    return PluginHost([importlib.import_module(name) for name in load], disable=disable)


def _keywords(host: PluginHost) -> int:
    keywords = host.keywords
    width = max((len(name) for name in keywords), default=0)
    for name in sorted(keywords):
        keyword = keywords[name]
        print(f"{name:<{width}}  {keyword.rule or '-':<8}  {keyword.plugin}")
    return 0


def _replay(path: str) -> int:
    result = replay(path)
    if result.identical:
        print(f"{path}: replayed {result.events} events; the stream is identical.")
        return 0
    mismatch = result.mismatch
    assert mismatch is not None
    print(f"{path}: the replay differs at event {mismatch.seq}:")
    print(f"  recorded: {mismatch.expected}")
    print(f"  replayed: {mismatch.actual}")
    return 1


if __name__ == "__main__":
    raise SystemExit(main())

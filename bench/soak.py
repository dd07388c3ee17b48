"""Soak run: many fuzzed games across every card set, variant and option, each replayed
from its log.

Game ``i`` is fixed by the run's ``--seed S``: a generator seeded with ``S + i`` picks a
variant (every one installed, or those named with ``--variant``), a random value for
each of its options (its default half the time), a number of players that variant allows
with those options (up to eight, or its smallest counts if it needs more),
each seat's deck (a ready deck, or a random legal deck of one or two colours: 36 random
cards of those colours from every card the installed sets define, and 24 lands, the
nonbasic lands that make only those colours among them) and each seat's bot (random or
heuristic, seeded from the game). So any game of a run can be played again from its
number.

Each game is played with its log written to a file, then replayed from that file
(``manaweave.replay``), which must give the identical event stream. A game is counted as

* a **crash** when playing it raises,
* a **mismatch** when its replay differs (or the replay raises), or its log is incomplete
  or does not match the digest in its ``game_ended``,
* a **hang** when playing and replaying it take longer than ``--timeout`` seconds,
* a **bot error** when one of the built-in bots raised (it conceded; the log says so),
* a **broken invariant** when a card was lost or created, or is not in the zone it is
  listed in, at the end of the game (400.7),

and the run goes on; it exits with status 1 if any game was one of these. ``--minutes``
bounds the run's time: no game starts after it (those under way finish). Each failure is
printed on stderr as it is found, with the command line that plays that game alone
again; the last lines on stdout are a table of the games played and failed for each
variant and each value of its options, and the figures::

    10000 games: 0 crashes, 0 mismatches, 0 hangs, 0 bot errors, 0 broken invariants;
    1,234 at the turn limit
    CPU 2,345.6 s (play 1,400.2 s, replay 945.4 s), 4.3 games/s of CPU; 39.1 turns/game

Run from the repository root::

    nice -n 10 .venv/bin/python bench/soak.py --games 100000 --minutes 60 --jobs 2
    .venv/bin/python bench/soak.py --games 1 --seed 4711        # one game of a run again
    .venv/bin/python bench/soak.py --variant grand_melee --games 200
"""

from __future__ import annotations

import argparse
import itertools
import os
import random
import re
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import FrameType

import trio
from _progress import GameProgress

from manaweave import RuleNotImplementedError, Zone, new_game, play_game, replay
from manaweave.cards import CardDefinition
from manaweave.lowlevel import (
    Game,
    OptionValue,
    PluginHost,
    Variant,
    VariantOption,
    default_plugins,
    ready_decks,
    resolve_options,
)
from manaweave.players import Player, RandomBot
from manaweave.plugins.bots.heuristic_bot import HeuristicBot

BASICS = {"W": "Plains", "U": "Island", "B": "Swamp", "R": "Mountain", "G": "Forest"}
READY_DECK_SHARE = 0.3
"""The share of seats that play a ready deck; the others play a random deck."""
DEFAULT_OPTION_SHARE = 0.5
"""The share of a game's options left at the variant's default."""
MAX_PLAYERS = 8
"""The most players in a game, unless the variant needs more (Grand Melee's ten)."""
MORE_PLAYERS = 2
"""How many counts above its smallest a game of more than ``MAX_PLAYERS`` is played at."""
LARGEST_TABLE = 24
"""The most players a game of the run can have."""
INT_OPTION_SPAN = 3
"""A whole-number option takes values from its minimum to this much above it."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of the run, played and replayed."""

    number: int
    setup: str
    """Players, variant, decks and bots, in one line."""
    combination: str = ""
    """The variant and the value of each of its options, such as
    ``free_for_all attack=multiple range_of_influence=2``."""
    outcome: str = "ok"
    """``ok``, ``crash``, ``mismatch``, ``hang``, ``bot error`` or ``broken invariant``."""
    detail: str = ""
    turns: int = 0
    turn_limited: bool = False
    play_cpu: float = 0.0
    replay_cpu: float = 0.0


class GameHung(Exception):
    """Raised by the timer when a game outlives ``--timeout``."""


@cache
def _host() -> PluginHost:
    return default_plugins()


@cache
def _pool() -> tuple[Mapping[str, CardDefinition], list[str], list[str]]:
    """Every card the installed sets define that is not a land, and the ready decks."""
    cards = _host().cards
    pool = sorted(n for n, c in cards.items() if not c.is_land)
    return cards, pool, list(ready_decks(_host()))


@cache
def _nonbasic_lands() -> dict[str, frozenset[str]]:
    """Every nonbasic land the installed sets define, and the colours of mana it makes
    (read from its text: ``Add {B} or {R}``; none for colourless mana or a land that
    fetches another)."""
    cards = _host().cards
    return {
        name: frozenset(re.findall(r"\{([WUBRG])\}", card.text))
        for name, card in sorted(cards.items())
        if card.is_land and "Basic" not in card.supertypes
    }


def random_deck(rng: random.Random) -> tuple[list[str], str]:
    """A legal random deck, and its colours: one or two colours; 36 random cards of
    those colours (colourless ones too, at most four of each) and 24 lands, of which any
    nonbasic lands that make only those colours (up to four of each, at random), the
    rest basic lands of its colours in equal shares."""
    cards, pool, _ = _pool()
    count = 1 if rng.random() < 0.2 else 2
    colours = "".join(sorted(rng.sample("WUBRG", count), key="WUBRG".index))
    playable = [n for n in pool if set(cards[n].colors) <= set(colours)]
    deck: list[str] = []
    while len(deck) < 36:
        name = rng.choice(playable)
        if deck.count(name) < 4:
            deck.append(name)
    lands: list[str] = []
    for name, makes in _nonbasic_lands().items():
        if makes <= set(colours) and rng.random() < 0.5:
            lands += [name] * rng.randint(1, 4)
    basics = 24 - len(lands)
    for i, colour in enumerate(colours):
        lands += [BASICS[colour]] * (basics // count + (i < basics % count))
    return deck + lands, colours


def _alternatives(option: VariantOption) -> list[OptionValue]:
    """The values ``option`` takes other than its default: the other truth value, each
    other choice, whole numbers from its minimum up to ``INT_OPTION_SPAN`` above, and
    "off" if it may be turned off."""
    values: list[OptionValue] = []
    if option.kind is bool:
        values.append(not option.default)
    elif option.kind is str:
        values.extend(option.choices)
    else:
        low = option.minimum if option.minimum is not None else 1
        high = low + INT_OPTION_SPAN
        if option.maximum is not None:
            high = min(high, option.maximum)
        values.extend(range(low, high + 1))
    if option.optional:
        values.append(None)
    return [v for v in dict.fromkeys(values) if v != option.default]


def player_counts(variant: Variant, options: Mapping[str, OptionValue]) -> list[int]:
    """The player counts ``variant`` allows with ``options``: from two up to
    ``MAX_PLAYERS``, or if it allows none of those (Grand Melee, an Emperor game of
    teams of five), its smallest few."""
    resolved = resolve_options(variant.options, options, variant.name)
    allowed = []
    for count in range(2, min(variant.max_players, LARGEST_TABLE) + 1):
        try:
            variant.check_setup(count, resolved)
        except (ValueError, RuleNotImplementedError):
            continue
        allowed.append(count)
    small = [count for count in allowed if count <= MAX_PLAYERS]
    return small or allowed[: MORE_PLAYERS + 1]


def combination(variant: Variant, options: Mapping[str, OptionValue]) -> str:
    """The variant's name and the value of each of its options, defaults included, as
    the summary counts games: ``free_for_all attack=left range_of_influence=2``."""
    resolved = resolve_options(variant.options, options, variant.name)
    return " ".join(
        [variant.name]
        + [f"{n}={'none' if v is None else str(v).lower()}" for n, v in resolved.items()]
    )


def _variant_and_options(
    rng: random.Random, only: Sequence[str]
) -> tuple[Variant, dict[str, OptionValue], int]:
    """A variant (among ``only`` if any are named), options for it and a number of
    players it allows with them; options no count of players allows are drawn again."""
    variants = _host().variants
    variant = variants[rng.choice(sorted(only or variants))]
    for _ in range(100):
        options: dict[str, OptionValue] = {}
        for option in variant.options:
            others = _alternatives(option)
            if others and rng.random() >= DEFAULT_OPTION_SHARE:
                options[option.name] = rng.choice(others)
        counts = player_counts(variant, options)
        if counts:
            return variant, options, rng.choice(counts)
    counts = player_counts(variant, {})
    if not counts:
        raise ValueError(f"the {variant.name} variant can't be played by 2-{LARGEST_TABLE} players")
    return variant, {}, rng.choice(counts)


def game_setup(
    number: int, seed: int, variants: Sequence[str] = ()
) -> tuple[str, dict[str, OptionValue], list[str | list[str]], list[Player], str, int]:
    """Variant, options, decks, players, a description and the game seed of game
    ``number`` (its variant among ``variants`` if any are named)."""
    game_seed = seed + number
    rng = random.Random(game_seed)
    variant, options, count = _variant_and_options(rng, variants)
    _, _, ready = _pool()
    decks: list[str | list[str]] = []
    described: list[str] = []
    for _ in range(count):
        if rng.random() < READY_DECK_SHARE:
            name = rng.choice(ready)
            decks.append(name)
            described.append(name)
        else:
            deck, colours = random_deck(rng)
            decks.append(deck)
            described.append(f"a random {colours} deck")
    players: list[Player] = []
    bots: list[str] = []
    for seat in range(count):
        bot_seed = game_seed * 10 + seat
        if rng.random() < 0.5:
            players.append(RandomBot(seed=bot_seed))
            bots.append("random")
        else:
            players.append(HeuristicBot(seed=bot_seed))
            bots.append("heuristic")
    setup = f"{combination(variant, options)}, {count} players: " + ", ".join(
        f"{bot} with {deck}" for bot, deck in zip(bots, described, strict=True)
    )
    return variant.name, options, decks, players, setup, game_seed


def broken_invariant(game: Game, deck_sizes: Sequence[int]) -> str | None:
    """What is wrong with the cards of a game that ended, if anything: every object is
    in exactly one zone, the one it says, and each player still in the game owns as
    many cards as their deck had (nothing lost or created, 400.7)."""
    listed: list[tuple[Zone, object]] = [
        *((Zone.LIBRARY, o) for p in game.players for o in p.library),
        *((Zone.HAND, o) for p in game.players for o in p.hand),
        *((Zone.GRAVEYARD, o) for p in game.players for o in p.graveyard),
        *((Zone.BATTLEFIELD, o) for o in game.battlefield),
        *((Zone.EXILE, o) for o in game.exile),
        *((Zone.STACK, o) for stack in game.all_stacks() for o in stack if hasattr(o, "card")),
    ]
    seen: Counter[int] = Counter()
    owned: Counter[int] = Counter()
    for zone, obj in listed:
        if obj.zone is not zone or game.objects.get(obj.id) is not obj:  # type: ignore[attr-defined]
            return f"{obj} is listed in {zone.value} but is not there"
        seen[obj.id] += 1  # type: ignore[attr-defined]
        if not (obj.is_spell_copy or obj.is_token):  # type: ignore[attr-defined]
            owned[obj.owner] += 1  # type: ignore[attr-defined]
    if twice := [i for i, n in seen.items() if n > 1]:
        return f"objects {twice} are in more than one zone"
    unlisted = [i for i, o in game.objects.items() if o.zone is not Zone.COMMAND and i not in seen]
    if unlisted:
        return f"objects {unlisted} are in no zone's list"
    for state in game.players:
        if not state.has_left and owned[state.id] != deck_sizes[state.id]:
            return (
                f"P{state.id + 1} owns {owned[state.id]} cards, "
                f"not the {deck_sizes[state.id]} of their deck (400.7)"
            )
    return None


_TIMER_FIRED: list[bool] = [False]
"""Whether the current game's timer went off: the exception it raises can land where
Python swallows it (a weakref callback run by the garbage collector), so the flag is what
decides that the game hung."""


def _on_timer(signum: int, frame: FrameType | None) -> None:
    _TIMER_FIRED[0] = True
    raise GameHung


Task = tuple[int, int, int, float, str, tuple[str, ...]]
"""One game of a run: its number, the run's seed, max turns, timeout, the folder for its
log and the variants the run plays (none: all)."""


def play_and_replay(task: Task) -> GameResult:
    """Play game ``number`` of the run, log it to a file in ``folder``, replay it."""
    number, seed, max_turns, timeout, folder, variants = task
    variant, options, decks, players, setup, game_seed = game_setup(number, seed, variants)
    played_as = combination(_host().variants[variant], options)
    log = Path(folder) / f"game-{number}.jsonl"
    signal.signal(signal.SIGALRM, _on_timer)
    started = time.process_time()
    played = started
    stage = "crash"
    _TIMER_FIRED[0] = False
    try:
        # Armed inside the try: a timer shorter than the next few lines still counts as
        # the game's hang, not as an error of the run.
        signal.setitimer(signal.ITIMER_REAL, timeout)
        game = new_game(
            decks=decks,
            players=players,
            seed=game_seed,
            variant=variant,
            options=options,
            log=log,
            max_turns=max_turns,
        )
        deck_sizes = [
            sum(o.owner == p.id for o in game.objects.values() if o.zone is not Zone.COMMAND)
            for p in game.players
        ]
        outcome = trio.run(play_game, game)
        played = time.process_time()
        stage = "mismatch"
        result = replay(log)
        replayed = time.process_time()
        if _TIMER_FIRED[0]:
            raise GameHung
    except GameHung:
        return GameResult(number, setup, played_as, "hang", f"still running after {timeout:g} s")
    except Exception as error:
        detail = "".join(traceback.format_exception_only(error)).strip()
        where = traceback.extract_tb(error.__traceback__)[-1]
        detail += f" (at {Path(where.filename).name}:{where.lineno} in {where.name})"
        return GameResult(number, setup, played_as, stage, detail)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        log.unlink(missing_ok=True)
    if not result.identical:
        return GameResult(number, setup, played_as, "mismatch", str(result.mismatch))
    if result.incomplete or result.digest_problem is not None:
        # The log the engine wrote must be whole and match its own digest.
        problem = result.digest_problem or "the log has no game_ended"
        return GameResult(number, setup, played_as, "mismatch", problem)
    if raised := [e for e in game.log.records if e["event"] == "player_raised"]:
        # The built-in bots never raise: an exception from one is a bug, in the bot or in
        # what the engine handed it.
        first = raised[0]
        detail = f"{first.get('error')} (seq {first['seq']})"
        return GameResult(number, setup, played_as, "bot error", detail)
    if (broken := broken_invariant(game, deck_sizes)) is not None:
        return GameResult(number, setup, played_as, "broken invariant", broken)
    return GameResult(
        number,
        setup,
        played_as,
        turns=outcome.turns,
        turn_limited=not outcome.winners and "turn" in (outcome.reason or ""),
        play_cpu=played - started,
        replay_cpu=replayed - played,
    )


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="soak.py",
        description="Play fuzzed games across every card set and variant; replay each.",
    )
    parser.add_argument("--games", type=int, default=10_000, metavar="N", help="games (10000)")
    parser.add_argument(
        "--seed", type=int, default=0, metavar="S", help="the run's seed (0); game i: S+i"
    )
    parser.add_argument(
        "--max-turns", type=int, default=60, metavar="T", help="a draw after T turns (60)"
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=120.0,
        metavar="SECONDS",
        help="a game still playing or replaying after this is a hang (120)",
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=None,
        metavar="M",
        help="start no game after M minutes; those under way finish (no limit)",
    )
    parser.add_argument(
        "--variant",
        action="append",
        default=[],
        metavar="NAME",
        help="play only this variant (may be given several times; default: every one)",
    )
    parser.add_argument("--jobs", type=int, default=1, metavar="J", help="parallel games (1)")
    parser.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="show a progress bar on stderr (default: when stderr is a terminal)",
    )
    args = parser.parse_args(argv)
    if args.games < 1 or args.max_turns < 1 or args.jobs < 1 or args.timeout <= 0:
        parser.error("--games, --max-turns, --jobs and --timeout must be positive")
    if args.minutes is not None and args.minutes <= 0:
        parser.error("--minutes must be positive")
    known = _host().variants
    for name in args.variant:
        if name not in known:
            parser.error(f"no variant {name!r}; the variants: {', '.join(sorted(known))}")
    return args


def _results(args: argparse.Namespace, folder: str) -> Iterator[GameResult]:
    """The games' results as they finish (in order with one job); no game starts after
    ``--minutes``."""
    deadline = None if args.minutes is None else time.monotonic() + args.minutes * 60
    variants = tuple(args.variant)
    tasks = (
        (i, args.seed, args.max_turns, args.timeout, folder, variants) for i in range(args.games)
    )

    def in_time() -> bool:
        return deadline is None or time.monotonic() < deadline

    if args.jobs == 1:
        for task in tasks:
            if not in_time():
                return
            yield play_and_replay(task)
        return
    jobs = min(args.jobs, os.cpu_count() or 1)
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        running: set[Future[GameResult]] = set()
        for task in itertools.chain(tasks, [None]):
            while running and (task is None or len(running) >= 2 * jobs or not in_time()):
                done, running = wait(running, return_when=FIRST_COMPLETED)
                yield from (future.result() for future in done)
            if task is None or not in_time():
                break
            running.add(pool.submit(play_and_replay, task))


def _count(number: int, one: str, many: str | None = None) -> str:
    return f"{number:,} {one if number == 1 else many or one + 's'}"


FAILURES = ("crash", "mismatch", "hang", "bot error", "broken invariant")


def _summary(results: Sequence[GameResult]) -> list[str]:
    """A line for each variant, then one for each value its options were played with
    (every option of the game, defaults included), each with its games and failures by
    kind."""
    games: Counter[tuple[str, str]] = Counter()
    failed: dict[tuple[str, str], Counter[str]] = {}
    for r in results:
        variant, *options = r.combination.split()
        for key in [(variant, ""), *((variant, option) for option in options)]:
            games[key] += 1
            if r.outcome != "ok":
                failed.setdefault(key, Counter())[r.outcome] += 1
    width = max((len(v) + len(o) + 2 for v, o in games), default=0)
    lines = []
    for variant, option in sorted(games):
        counts = failed.get((variant, option), Counter())
        what = ", ".join(f"{n} {kind}" for kind, n in sorted(counts.items())) or "no failures"
        label = f"  {option}" if option else variant
        played = games[variant, option]
        noun = "game " if played == 1 else "games"
        lines.append(f"  {label:<{width}}  {played:>7,} {noun}  {what}")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    show = sys.stderr.isatty() if args.progress is None else args.progress
    progress = GameProgress(args.games, enabled=show)
    results: list[GameResult] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="manaweave-soak-") as folder:
        for result in _results(args, folder):
            results.append(result)
            progress.update(len(results))
            if result.outcome != "ok":
                again = f"--seed {args.seed + result.number} --games 1" + "".join(
                    f" --variant {v}" for v in args.variant
                )
                print(
                    f"game {result.number} ({again} plays it again): {result.outcome}: "
                    f"{result.detail} [{result.setup}]",
                    file=sys.stderr,
                    flush=True,
                )
    progress.close()
    wall = time.perf_counter() - started
    counts = {kind: sum(r.outcome == kind for r in results) for kind in FAILURES}
    good = [r for r in results if r.outcome == "ok"]
    play_cpu = sum(r.play_cpu for r in good)
    replay_cpu = sum(r.replay_cpu for r in good)
    turns = sum(r.turns for r in good) / max(len(good), 1)
    limited = sum(r.turn_limited for r in good)
    print("Games by variant, and by the value of each of its options:")
    print("\n".join(_summary(results)))
    if len(results) < args.games:
        print(f"stopped after {args.minutes:g} minutes: {len(results):,} of {args.games:,} games")
    print(
        f"{_count(len(results), 'game')}: {_count(counts['crash'], 'crash', 'crashes')}, "
        f"{_count(counts['mismatch'], 'mismatch', 'mismatches')}, "
        f"{_count(counts['hang'], 'hang')}, {_count(counts['bot error'], 'bot error')}, "
        f"{_count(counts['broken invariant'], 'broken invariant')}; "
        f"{limited:,} at the turn limit"
    )
    cpu = play_cpu + replay_cpu
    print(
        f"CPU {cpu:,.1f} s (play {play_cpu:,.1f} s, replay {replay_cpu:,.1f} s), "
        f"{len(good) / max(cpu, 1e-9):.1f} games/s of CPU; {turns:.1f} turns/game; "
        f"{wall:,.0f} s wall with {args.jobs} job(s)"
    )
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())

"""The same random-bot throughput measure on phase.rs, for figures side by side.

phase.rs is another rules engine, written in Rust, with Python bindings
(``pip install phase-python``; not a dependency of manaweave). This script plays complete
games in it the way ``random_games.py`` plays them here: the same ready decks
(``m10:red-green`` and ``m10:green-white`` alternating by seat), a uniformly random legal
action at every prompt from a seeded generator, 200 turns at most, and games/s of CPU
time in the games. The one line on stdout is::

    FreeForAll, 4 players: 0.22 games/s, 51.8 turns/game, 5 of 5 games ended

phase.rs needs its own card data, built by its ``phase-gen`` command from an MTGJSON set
file: ``--cards`` (default ``../shared/mtg/m10-cards.json``, the card data the project's
own data is generated from) is completed with the fields ``phase-gen`` requires and
converted into a temporary folder.

Run from the repository root, in an environment with phase-python::

    python bench/phase_rs.py --format FreeForAll --players 4 --games 5
    python bench/phase_rs.py --format TwoHeadedGiant --players 4 --games 5
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from manaweave.lowlevel import default_plugins, resolve_deck

DECKS = ("m10:red-green", "m10:green-white")
MAX_TURNS = 200
MAX_ACTIONS = 100_000
"""A game that takes more actions than this is stopped (and reported), not hung on."""
DEFAULT_CARDS = Path(__file__).resolve().parents[2] / "shared" / "mtg" / "m10-cards.json"
_CARD_DEFAULTS: dict[str, Any] = {
    "identifiers": {},
    "legalities": {},
    "supertypes": [],
    "subtypes": [],
    "types": [],
    "colors": [],
    "colorIdentity": [],
    "keywords": [],
    "foreignData": [],
    "rulings": [],
    "text": "",
    "manaCost": "",
    "type": "",
}


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="phase_rs.py", description=__doc__.splitlines()[0])
    parser.add_argument("--format", default="FreeForAll", help="phase.rs format (FreeForAll)")
    parser.add_argument("--players", type=int, default=4, help="players per game (4)")
    parser.add_argument("--games", type=int, default=5, help="games (5)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (0)")
    parser.add_argument("--cards", type=Path, default=DEFAULT_CARDS, help="MTGJSON set file")
    return parser.parse_args(argv)


def card_data(cards: Path, folder: Path) -> Path:
    """phase.rs card data for the cards of the MTGJSON set file ``cards``."""
    phase_gen = shutil.which("phase-gen") or str(Path(sys.executable).parent / "phase-gen")
    source = json.loads(cards.read_text(encoding="utf-8"))
    completed = []
    for card in source["cards"]:
        card = {**_CARD_DEFAULTS, **card}
        card.setdefault("convertedManaCost", card.get("manaValue", 0))
        card.setdefault("printings", source.get("meta", {}).get("sets", []))
        completed.append(card)
    set_file = folder / "set.json"
    set_file.write_text(json.dumps({"meta": {}, "data": {"cards": completed}}), encoding="utf-8")
    output = folder / "card-data.json"
    # Its progress goes to stderr: stdout is the one line of figures.
    subprocess.run(
        [phase_gen, "-i", str(set_file), "-o", str(output)], check=True, stdout=sys.stderr
    )
    return output


def _seats_asked(waiting: dict[str, Any], game: Any) -> list[int]:
    """The seats a prompt may be answering for: its player, or the players it waits on
    (mulligans are asked of several at once), else whoever has priority."""
    data = waiting.get("data")
    seats: list[int] = []
    if isinstance(data, dict):
        if "player" in data:
            seats.append(data["player"])
        seats.extend(pending["player"] for pending in data.get("pending", ()))
    return list(dict.fromkeys(seats)) or [game.priority_player()]


def play_one(
    engine: Any, decks: list[list[str]], seed: int, form: str, problems: Counter[str]
) -> tuple[int, bool]:
    """Play one game with random legal actions; returns (turns, whether it ended)."""
    rng = random.Random(seed)
    game = engine.new_game(decks[0], decks[1], extra_players=decks[2:], seed=seed, format=form)
    for _ in range(MAX_ACTIONS):
        waiting = game.waiting_for()
        if waiting.get("type") == "GameOver":
            return game.turn, True
        if game.turn > MAX_TURNS:
            return game.turn, False
        actions = game.actions()
        if not actions:
            problems[f"no action at {waiting.get('type')}"] += 1
            return game.turn, False
        rng.shuffle(actions)
        # The bindings do not say which seat an action is for when several are asked at
        # once: the first seat that may take it does.
        for action in actions:
            if any(_applied(game, seat, action) for seat in _seats_asked(waiting, game)):
                break
        else:
            problems[f"no action could be taken at {waiting.get('type')}"] += 1
            return game.turn, False
    problems["too many actions"] += 1
    return game.turn, False


def _applied(game: Any, seat: int, action: Any) -> bool:
    try:
        game.apply(seat, action)
    except Exception:  # the bindings raise a plain exception for an action not allowed
        return False
    return True


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        from phase import Engine
    except ImportError:
        print("phase_rs.py needs phase.rs's bindings: pip install phase-python", file=sys.stderr)
        return 2
    host = default_plugins()
    lists = [list(resolve_deck(name, host).cards()) for name in DECKS]
    decks = [lists[seat % len(lists)] for seat in range(args.players)]
    problems: Counter[str] = Counter()
    with tempfile.TemporaryDirectory(prefix="manaweave-phase-") as folder:
        engine = Engine.from_path(str(card_data(args.cards, Path(folder))))
        turns = ended = 0
        cpu = 0.0
        for i in range(args.games):
            started = time.process_time()
            played, finished = play_one(engine, decks, args.seed + i, args.format, problems)
            cpu += time.process_time() - started
            turns += played
            ended += finished
    print(
        f"{args.format}, {args.players} players: {args.games / max(cpu, 1e-9):.2f} games/s, "
        f"{turns / args.games:.1f} turns/game, {ended} of {args.games} games ended"
    )
    for problem, count in problems.items():
        print(f"{count} game(s) stopped: {problem}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Big boards: characteristics of 1,000 tokens under anthems and a lord, attacking with all
of them, and 500 creatures dying at once with a "dies" trigger each.

Prints one line per measurement, with wall time and the peak of traced Python memory:

    1000 tokens: setup 0.05 s, characteristics 0.01 s, attack 0.30 s, 12.0 MB peak
    500 dies triggers: 0.40 s, 9.0 MB peak

Run: ``.venv/bin/python bench/board.py`` (``--tokens N``, ``--dying N`` to change the sizes).
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Sequence

import trio

import manaweave
from manaweave import (
    UNCHECKED,
    Choice,
    Decision,
    DecisionKind,
    PluginError,
    Step,
    Zone,
    new_game,
    play_game,
)
from manaweave.cards import CardSet, GainLife, Printed, TriggeredAbility, WhenDies, card, token
from manaweave.lowlevel import Game, PluginHost
from manaweave.players import RandomBot

SLIVER = token("Sliver", "G", pt=(1, 1))
MARTYR = card(
    "Bench Martyr",
    printed=Printed(
        "{W}", "Creature — Human Cleric", "When Bench Martyr dies, you gain 1 life.", pt=(1, 1)
    ),
    abilities=(
        TriggeredAbility(
            WhenDies(), (GainLife(1),), text="When Bench Martyr dies, you gain 1 life."
        ),
    ),
)


class Board:
    """Sets the board up as the first turn's upkeep begins, and stops the game at a step.

    ``layout`` maps "active" and "other" (the players of the first turn) to the cards they
    get on the battlefield; ``hand`` is put in the active player's hand; ``tokens`` Sliver
    tokens go to the active player. Everything is there since before the turn began.
    """

    def __init__(
        self, layout: dict[str, list[str]], hand: list[str], tokens: int, stop: tuple[int, Step]
    ) -> None:
        self.layout = layout
        self.hand = hand
        self.tokens = tokens
        self.stop = stop
        self.setup_seconds = 0.0

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("BENCH", "Benchmark cards", (MARTYR,))]

    @manaweave.hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        if game.turn == 1 and step is Step.UPKEEP:
            started = time.perf_counter()
            seats = {"active": game.active_player, "other": game.next_player(game.active_player)}
            for who, names in self.layout.items():
                for name in names:
                    obj = game.moves.new_object(game.host.cards[name], seats[who], Zone.BATTLEFIELD)
                    obj.control_turn = -1
                    game.moves.put(obj)
            for name in self.hand:
                game.moves.put(
                    game.moves.new_object(game.host.cards[name], seats["active"], Zone.HAND)
                )
            for _ in range(self.tokens):
                game.tokens.create_token(SLIVER, seats["active"]).control_turn = -1
            self.setup_seconds = time.perf_counter() - started
        if (game.turn, step) == self.stop:
            raise _Stop


class _Stop(Exception):
    pass


class Scripted(RandomBot):
    """Keeps its hand, attacks with everything, blocks with nothing, passes otherwise; casts
    the named spell in its first main phase."""

    def __init__(self, seed: int, cast: str | None = None) -> None:
        super().__init__(seed)
        self.cast = cast

    async def decide(self, decision: Decision) -> Choice:
        kind = decision.kind
        if kind is DecisionKind.MULLIGAN:
            return Choice.of(0)
        if kind is DecisionKind.ATTACKERS:
            return Choice(tuple(range(decision.max)))
        if kind is DecisionKind.BLOCKERS:
            return Choice(())
        if kind is DecisionKind.PRIORITY:
            for i, option in enumerate(decision.options):
                if isinstance(option, manaweave.Cast) and option.name == self.cast:
                    self.cast = None
                    return Choice.of(i)
            return Choice.of(0)
        if kind is DecisionKind.TRIGGER_ORDER:
            return Choice(tuple(range(len(decision.options))))
        return Choice(tuple(range(decision.min)))


def _play(
    layout: dict[str, list[str]],
    hand: list[str],
    tokens: int,
    stop: tuple[int, Step],
    cast: str | None,
) -> tuple[Game, Board, float]:
    board = Board(layout, hand, tokens, stop)
    host = PluginHost([board], autoload=False)
    decks = [["Plains"] * 20, ["Plains"] * 20]
    players = [Scripted(1, cast), Scripted(2, cast)]
    game = new_game(decks=decks, players=players, seed=1, plugins=host, deck_rules=UNCHECKED)
    started = time.perf_counter()
    try:
        trio.run(play_game, game)
    except PluginError as stopped:  # the board's hook stops the game where it is measured
        if not isinstance(stopped.__cause__, _Stop):
            raise
    return game, board, time.perf_counter() - started - board.setup_seconds


def tokens_and_anthems(count: int) -> str:
    tracemalloc.start()
    layout = {"active": ["Glorious Anthem"] * 3 + ["Predatory Sliver"]}
    game, board, played = _play(layout, [], count, (1, Step.END), None)
    started = time.perf_counter()
    sizes = {
        (c.power, c.toughness) for c in map(game.characteristics, game.battlefield) if c.is_creature
    }
    game.derived.invalidate()  # make every characteristic be computed again, from scratch
    for permanent in game.battlefield:
        game.characteristics(permanent)
    computing = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    attackers = sum(1 for r in game.log.records if r["event"] == "damage_dealt")
    assert sizes == {(5, 5)}, sizes  # every Sliver: 1/1, +3 anthems, +1 lord
    return (
        f"{count} tokens: setup {board.setup_seconds:.2f} s, characteristics of the board "
        f"{computing:.3f} s, one turn attacking with all ({attackers} combat damage events) "
        f"{played:.2f} s, {peak / 2**20:.1f} MB peak"
    )


def dies_triggers(count: int) -> str:
    tracemalloc.start()
    layout = {"active": ["Plains"] * 4, "other": ["Bench Martyr"] * count}
    stop = (1, Step.BEGINNING_OF_COMBAT)
    game, _, played = _play(layout, ["Day of Judgment"], 0, stop, "Day of Judgment")
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    triggered = sum(1 for r in game.log.records if r["event"] == "ability_triggered")
    assert triggered == count, triggered
    other = game.next_player(game.active_player)
    assert game.players[other].life == 20 + count
    return (
        f"{count} dies triggers: Day of Judgment to all {count} resolved in {played:.2f} s, "
        f"{peak / 2**20:.1f} MB peak"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run both measurements and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--tokens", type=int, default=1000)
    parser.add_argument("--dying", type=int, default=500)
    args = parser.parse_args(argv)
    # Import the built-in plugins (keywords, card sets) before memory is traced, so that the
    # peaks measure games rather than modules loaded on first use.
    PluginHost([], autoload=False)
    print(tokens_and_anthems(args.tokens))
    print(dies_triggers(args.dying))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

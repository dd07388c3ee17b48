"""Start-up: the time from a process's start to a game's first decision.

Every command, test process and ``simulate`` worker pays it before its first game. The
script imports manaweave, builds a two-player game of two ready decks (``new_game``) and
plays it until the engine asks its first question, then prints one line and leaves at
once (``os._exit``, without tearing anything down)::

    import 231.4 ms, new_game 88.2 ms, first decision 9.3 ms: 328.9 ms in the script

Those figures start when the script's first line runs, after the interpreter has started:
time the whole process from outside for the figure that matters (``/usr/bin/time -f %e``,
or a benchmark runner that starts the command again and again).

``--generated-sets N`` registers N more card sets of ``--cards-per-set`` original cards
each (default 250), as heavy to build as the built-in ones: creatures with keyword and
activated abilities, instants and sorceries with targets, Auras. They are written once
into a folder (``--sets-folder``, default a folder of the system's temporary one named for
N and the size), and a run imports their packages as plugins: the figure says what the
sets cost a game that plays none of their cards.

    python bench/startup.py                          # the built-in sets only
    python bench/startup.py --generated-sets 11      # and 11 sets of 250 cards
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()

import argparse  # noqa: E402
import importlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

DECKS = ("m10:red-green", "m10:green-white")


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="startup.py", description=__doc__.splitlines()[0])
    parser.add_argument("--generated-sets", type=int, default=0, metavar="N")
    parser.add_argument("--cards-per-set", type=int, default=250, metavar="N")
    parser.add_argument("--sets-folder", type=Path, default=None, metavar="DIR")
    parser.add_argument("--deck", action="append", default=None, help="twice: the two decks")
    args = parser.parse_args(argv)
    if args.generated_sets < 0 or args.cards_per_set < 1:
        parser.error("--generated-sets must be 0 or more, --cards-per-set 1 or more")
    if args.deck is not None and len(args.deck) != 2:
        parser.error("give --deck twice, or not at all")
    return args


# One card of each shape, by its index in the set: what the card language builds for
# ordinary cards of a core set.
_CARD = """\
    card(
        "{name}",
        printed=Printed("{{{cost}}}{{R}}", "Creature — Goblin", "{text}", pt=({p}, {t})),
        abilities=(
            Haste(),
            ActivatedAbility(
                ManaCost.parse("{{R}}"), (PumpTarget(1, 0, target=SELF),), text="{pump}"
            ),
        ),
    ),
    card(
        "{name} Bolt",
        printed=Printed("{{{cost}}}{{R}}", "Instant", "{bolt}"),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage({p}),)),
    ),
    card(
        "{name} Might",
        printed=Printed("{{G}}", "Enchantment — Aura", "Enchant creature\\n{might}"),
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets({p}, {t}, text="{might}"),
        ),
    ),
    card(
        "{name} Scout",
        printed=Printed("{{{cost}}}{{W}}", "Creature — Bird", "Flying", pt=({t}, {p})),
        abilities=(Flying(),),
    ),
    card(
        "{name} Insight",
        printed=Printed("{{{cost}}}{{U}}", "Sorcery", "Target player draws {t} cards."),
        spell=SpellAbility(targets=(TARGET_PLAYER,), effects=(DrawCards({t}),)),
    ),
"""

_PACKAGE = '''\
"""A generated card set for bench/startup.py."""

from manaweave import hookimpl
from manaweave.cards import CardSet, cards_of_modules


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet("{code}", "Generated set {number}", cards_of_modules(__name__, "cards"))]
'''

_MODULE = '''\
"""The cards of a generated set."""

from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    SELF,
    TARGET_CREATURE,
    TARGET_PLAYER,
    ActivatedAbility,
    DealDamage,
    DrawCards,
    EnchantedGets,
    Printed,
    PumpTarget,
    SpellAbility,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.flying import Flying
from manaweave.keywords.haste import Haste

CARDS = (
{cards})
'''


def write_sets(folder: Path, count: int, size: int) -> list[str]:
    """The generated sets' package names, written into ``folder`` if not there yet."""
    names = [f"mw_bench_set_{number:02}" for number in range(1, count + 1)]
    for number, package in enumerate(names, start=1):
        target = folder / package
        if (target / "cards.py").exists():
            continue
        target.mkdir(parents=True, exist_ok=True)
        cards = []
        for index in range((size + 4) // 5):
            name = f"Bench {number:02} Card {index:03}"
            p, t, cost = 1 + index % 4, 1 + index % 5, 1 + index % 6
            cards.append(
                _CARD.format(
                    name=name,
                    cost=cost,
                    p=p,
                    t=t,
                    text=f"Haste\\n{{R}}: {name} gets +1/+0 until end of turn.",
                    pump=f"{{R}}: {name} gets +1/+0 until end of turn.",
                    bolt=f"{name} Bolt deals {p} damage to any target.",
                    might=f"Enchanted creature gets +{p}/+{t}.",
                )
            )
        (target / "cards.py").write_text(_MODULE.format(cards="".join(cards)[:None]), "utf-8")
        (target / "__init__.py").write_text(
            _PACKAGE.format(code=f"B{number:02}", number=number), "utf-8"
        )
    return names


class _FirstDecision:
    """A player that ends the process at the first question it is asked."""

    def __init__(self, times: dict[str, float]) -> None:
        self.times = times

    async def decide(self, decision: object) -> object:
        now = time.perf_counter()
        t = self.times
        print(
            f"import {(t['imported'] - STARTED) * 1000:.1f} ms, "
            f"new_game {(t['built'] - t['imported']) * 1000:.1f} ms, "
            f"first decision {(now - t['built']) * 1000:.1f} ms: "
            f"{(now - STARTED) * 1000:.1f} ms in the script",
            flush=True,
        )
        os._exit(0)


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    plugins: list[object] = []
    if args.generated_sets:
        folder = args.sets_folder or Path(tempfile.gettempdir()) / (
            f"manaweave-bench-sets-{args.generated_sets}x{args.cards_per_set}"
        )
        names = write_sets(folder, args.generated_sets, args.cards_per_set)
        sys.path.insert(0, str(folder))
    times: dict[str, float] = {}
    import trio

    import manaweave
    from manaweave.lowlevel import PluginHost

    if args.generated_sets:
        plugins = [importlib.import_module(name) for name in names]
    times["imported"] = time.perf_counter()
    game = manaweave.new_game(
        decks=args.deck or list(DECKS),
        players=[_FirstDecision(times), _FirstDecision(times)],  # type: ignore[list-item]
        plugins=PluginHost(plugins) if plugins else None,
    )
    times["built"] = time.perf_counter()
    trio.run(manaweave.play_game, game)
    print("the game ended without a decision", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())

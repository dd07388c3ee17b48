"""Random-bot games of every built-in variant, at every player count it allows up to
eight (or its smallest, for a variant of more players), with its default options and
with each option changed in turn: no game raises, the game's invariants hold at every
decision (every card in exactly one zone, nothing lost, 400.7; every player on one
team, teammates sharing their totals where the variant says so, 102.3, 810.4), the
winners are players of one team still in the game (104.2c), and each log replays
identically.

The cases are built from what each variant declares (``Variant.options``,
``Variant.check_setup``), so a new variant or option is played here as soon as it is
registered.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import orjson
import pytest
import trio
from test_invariants import _Checking, check_invariants, check_team_invariants

from manaweave import RuleNotImplementedError, new_game, play_game, replay
from manaweave.lowlevel import (
    OptionValue,
    PluginHost,
    Variant,
    VariantOption,
    resolve_options,
)
from manaweave.players import RandomBot

HOST = PluginHost(autoload=False)
DECKS = ("m10:red-green", "m10:green-white", "m10:white-blue-fliers", "m10:blue-black-control")
MAX_PLAYERS = 8
MAX_TURNS = 24


def _alternatives(option: VariantOption) -> Iterator[OptionValue]:
    """Values of ``option`` other than its default: the other truth value, each other
    choice, the ends of a range and "off"."""
    values: list[OptionValue] = []
    if option.kind is bool:
        values.append(not option.default)
    elif option.kind is str:
        values.extend(option.choices)
    else:
        low = option.minimum if option.minimum is not None else 1
        high = option.maximum if option.maximum is not None else low + 1
        values.extend([low, min(high, low + 1)])
    if option.optional:
        values.append(None)
    for value in dict.fromkeys(values):
        if value != option.default:
            yield value


def _counts(variant: Variant, options: Mapping[str, OptionValue]) -> list[int]:
    """The player counts from two to eight the variant allows with these options, or
    its smallest count for a variant of more players (Grand Melee's ten, 807.1)."""
    resolved = resolve_options(variant.options, options, variant.name)
    allowed = []
    for count in range(2, max(MAX_PLAYERS, variant.min_players) + 1):
        try:
            variant.check_setup(count, resolved)
        except (ValueError, RuleNotImplementedError):
            continue
        allowed.append(count)
    return allowed


def _cases() -> list[tuple[str, int, dict[str, OptionValue]]]:
    cases: list[tuple[str, int, dict[str, OptionValue]]] = []
    for name, variant in sorted(HOST.variants.items()):
        for count in _counts(variant, {}):
            cases.append((name, count, {}))
        for option in variant.options:
            for value in _alternatives(option):
                counts = _counts(variant, {option.name: value})
                for count in sorted({counts[0], counts[-1]}) if counts else ():
                    cases.append((name, count, {option.name: value}))
    return cases


CASES = _cases()


@pytest.mark.rules("102.3", "104.2c", "400.7", "800.2")
@pytest.mark.parametrize(
    ("variant", "players", "options"),
    CASES,
    ids=[
        f"{name}-{count}p" + "".join(f"-{k}={v}" for k, v in options.items())
        for name, count, options in CASES
    ],
)
def test_random_games_of_every_variant_finish_and_replay(
    variant: str, players: int, options: dict[str, OptionValue]
) -> None:
    seed = sum(map(ord, variant)) + players
    checking = _Checking([60] * players)
    game = new_game(
        decks=[DECKS[seat % len(DECKS)] for seat in range(players)],
        players=[RandomBot(seed=seed * 10 + seat) for seat in range(players)],
        seed=seed,
        variant=variant,
        options=options,
        plugins=PluginHost([checking], autoload=False),
        max_turns=MAX_TURNS,
    )
    trio.run(play_game, game)
    check_invariants(game, [60] * players)
    check_team_invariants(game)
    assert checking.checks > 0
    logged = [orjson.loads(orjson.dumps(record)) for record in game.log.records]
    assert logged[0]["options"] == dict(game.options)
    result = replay(logged, plugins=PluginHost([_Checking([60] * players)], autoload=False))
    assert result.identical, result.mismatch


def _not_playable(variant: Variant) -> bool:
    """Whether setting up any game of ``variant`` raises RuleNotImplementedError."""
    options = resolve_options(variant.options, {}, variant.name)
    try:
        variant.check_setup(variant.min_players, options)
    except RuleNotImplementedError:
        return True
    except ValueError:
        return False
    return False


def test_every_variant_is_played_or_says_which_rule_it_lacks() -> None:
    played = {name for name, _, _ in CASES}
    unplayable = {name for name, variant in HOST.variants.items() if _not_playable(variant)}
    assert played | unplayable == set(HOST.variants)
    assert unplayable == set()

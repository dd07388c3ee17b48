"""Playing whole games: the async :func:`play` and the synchronous :func:`run`, and
:func:`new_game` with :func:`play_game` to build a game first and play it after."""

from __future__ import annotations

import difflib
import math
import os
import random
from collections.abc import Mapping, Sequence
from functools import partial
from pathlib import Path
from typing import Any, Literal

import trio

from manaweave.events import OMITTED, GameStarted
from manaweave.players import Player

from ._deck_rules import DeckRules
from ._decklist import Decklist, SetCodes, load_decklist, parse_decklist
from ._errors import DecklistError
from ._game import CR_EDITION, ENGINE_VERSION, Game, Outcome
from ._limits import MAX_NAME_LENGTH
from ._options import resolve_options
from ._plugins import PluginHost, default_plugins
from ._preferences import Preferences
from ._seed_secret import check_nonce, default_game_id, new_nonce, seed_commitment
from ._turnloop import run_game
from ._zones import Zone

__all__ = ["DeckSpec", "new_game", "play", "play_game", "ready_decks", "resolve_deck", "run"]

DeckSpec = Decklist | str | os.PathLike[str] | Sequence[str]
"""A deck: a parsed :class:`Decklist`, a ready deck's name (``"m10:red-green"``), a
path to a decklist file, or a sequence of card names."""


def resolve_deck(spec: DeckSpec, host: PluginHost) -> Decklist:
    """Turn any :data:`DeckSpec` into a checked :class:`Decklist`.

    Raises :class:`~manaweave.DecklistError` for an unknown deck, a missing file, an
    unknown card name or a set code that did not print its card.
    """
    known = host.cards
    if isinstance(spec, Decklist):
        set_codes = SetCodes(known)
        for entry in (*spec.main, *spec.sideboard):
            if entry.name not in known:
                known[entry.name]  # raises UnknownCardError with suggestions
            wrong_set = entry.set_code and set_codes.problem(entry.name, entry.set_code)
            if wrong_set:
                raise DecklistError(f"{entry.to_text()}: {wrong_set}", source=spec.name)
        return spec
    if isinstance(spec, str) and ":" in spec and not Path(spec).exists():
        set_code, _, deck_name = spec.partition(":")
        for card_set in host.cards.sets:
            if card_set.code.lower() == set_code.lower():
                full = f"{set_code.lower()}-{deck_name}"
                text = card_set.decks.get(full) or card_set.decks.get(deck_name)
                if text is not None:
                    return parse_decklist(text, known, source=spec, name=spec)
                names = [f"{set_code.lower()}:{d.split('-', 1)[-1]}" for d in card_set.decks]
                if not names:
                    raise DecklistError(f"set {card_set.code} has no ready decks (deck {spec!r})")
                close = difflib.get_close_matches(f"{set_code.lower()}:{deck_name}", names, n=1)
                hint = f" (did you mean {close[0]!r}?)" if close else ""
                raise DecklistError(
                    f"set {card_set.code} has no deck {deck_name!r}{hint}; "
                    f"it has {', '.join(names)}"
                )
        codes = ", ".join(card_set.code for card_set in host.cards.sets)
        raise DecklistError(
            f"no card set {set_code!r} is registered (deck {spec!r}); the sets are {codes}"
        )
    if isinstance(spec, str | os.PathLike):
        return load_decklist(spec, known)
    names = list(spec)
    if not names:
        return Decklist(main=(), name="empty")  # an empty library, for prepared games
    return parse_decklist("\n".join(f"1 {name}" for name in names), known, name="cards")


def ready_decks(host: PluginHost) -> list[str]:
    """The names of every ready deck the registered sets ship (``m10:red-green``)."""
    found = []
    for card_set in host.cards.sets:
        for deck in card_set.decks:
            found.append(f"{card_set.code.lower()}:{deck.split('-', 1)[-1]}")
    return found


def new_game(
    *,
    decks: Sequence[DeckSpec],
    players: Sequence[Player],
    seed: int = 0,
    variant: str | None = None,
    names: Sequence[str] | None = None,
    log: str | os.PathLike[str] | None = None,
    max_turns: int | None = None,
    plugins: PluginHost | None = None,
    game_id: str | None = None,
    deck_rules: DeckRules | None = None,
    debug: bool = False,
    decision_time_limit: TimeLimit = "variant",
    open_decklists: bool | None = None,
    options: Mapping[str, object] | None = None,
    seating: Seating = "variant",
    seed_nonce: str | None = None,
) -> Game:
    """Build a game ready to start: libraries in deck order, plugins set up, logged.

    It takes the arguments of :func:`play`; :func:`play_game` plays the game it returns,
    so a caller can look at or adjust the game in between.

    Every deck is checked against ``deck_rules``, by default the variant's
    (:attr:`Variant.deck_rules <manaweave.lowlevel.Variant.deck_rules>`: constructed play
    for the built-in variants); a deck that breaks them raises
    :class:`~manaweave.DeckRulesError` and no game is built.

    ``names`` are the players' names, in the order given (``P1``, ``P2``, ... by seat
    by default): each a text of 1 to 100 characters, or ``ValueError``. The
    play-by-play prints control characters in them as escapes.

    A player whose ``decide`` (or ``rejected``) raises concedes the game (104.3a); the
    exception is logged (``player_raised``) and printed on stderr. With ``debug=True``
    the exception is raised again instead, out of :func:`play_game`, to debug a bot.

    ``decision_time_limit`` is the number of seconds a player has for each decision
    (a player that takes longer concedes, reason ``timeout``): ``"variant"`` (the
    default) for the variant's own
    (:attr:`Variant.decision_time_limit <manaweave.lowlevel.Variant.decision_time_limit>`),
    ``None`` for no limit, or a positive number of seconds.

    ``open_decklists`` says whether each player's view of the log
    (:func:`manaweave.log.redact`) shows every decklist or only their own; ``None`` takes
    the variant's :attr:`~manaweave.lowlevel.Variant.open_decklists`. The log itself holds
    them all, for a replay.

    ``options`` are the variant's options (800.2: ``{"range_of_influence": 2}``; a
    hyphen in a name reads as an underscore); those not given take the variant's
    defaults. An option the variant doesn't have, a value it can't take, or a player
    count the variant (with these options) can't be played by raises ``ValueError``
    naming what it takes. A team variant groups the seats into teams (``game.teams``).

    ``seating`` says where the players sit (800.5): ``"variant"`` (the default) seats them
    at random, drawn with the game's seed, in a variant whose players are seated at random
    (:attr:`Variant.random_seating <manaweave.lowlevel.Variant.random_seating>`:
    Free-for-All, 806.3; Grand Melee, 807.3), and in the order given otherwise;
    ``"given"`` always in the order given. Each deck, player and name given stays
    together; ``game.seating`` says which one given sits in each seat, and default names
    are by seat (``P1`` sits in seat 0). A list of positions seats the players so: seat
    ``n`` gets the player given at position ``seating[n]`` (a replay seats a logged game's
    players again so).

    The ``seed`` decides every shuffle, so it is kept as secret as a library until the
    game ends (``docs/event-log.md``, "The seed"): the players' and spectators' views of
    ``game_started`` show only a commitment to it, made with ``seed_nonce`` (32 lowercase
    hexadecimal digits; by default 128 random bits drawn for the game), and ``game_ended``
    reveals both. A seed someone can guess is no secret: for a game whose players must not
    know the cards hidden from them, take an unpredictable seed. The same seed, nonce,
    decks, plugins and decisions give the same log; a game not given a ``game_id`` is
    named after its nonce (:func:`~manaweave._engine._seed_secret.default_game_id`), never after
    its seed.
    """
    if isinstance(seating, str) and seating not in ("variant", "given"):
        raise ValueError(
            f'seating must be "variant", "given" or a list of positions, not {seating!r}'
        )
    _check_time_limit(decision_time_limit)
    _check_names(names)
    host = plugins or default_plugins()
    if len(decks) != len(players):
        raise ValueError(f"{len(decks)} decks for {len(players)} players")
    chosen = host.variant(variant or ("two_player" if len(players) == 2 else "free_for_all"))
    variant_name = chosen.name
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options must be a mapping of option names to values, not {options!r}")
    game_options = resolve_options(host.options_of(chosen), options or {}, chosen.name)
    chosen.check_setup(len(players), game_options)
    lists = [resolve_deck(deck, host) for deck in decks]
    # A card whose keyword's plugin is turned off would be played without its rule.
    host.check_playable(host.cards[name] for decklist in lists for name in decklist.cards())
    rules = deck_rules or chosen.deck_rules
    for decklist in lists:
        chosen.check_deck(decklist, host.cards, rules)
    order = list(range(len(players)))
    if not isinstance(seating, str):
        order = _check_seating(seating, len(players))
    elif seating == "variant" and chosen.random_seating:
        # Seats drawn apart from the game's own random numbers, so that the seating is the
        # only thing it changes (806.3, 807.3).
        random.Random(f"seating-{seed}").shuffle(order)
    given_names = list(names) if names is not None else None
    if given_names is not None and len(given_names) != len(players):
        raise ValueError(f"{len(given_names)} names for {len(players)} players")
    players = [players[i] for i in order]
    lists = [lists[i] for i in order]
    names = (
        [given_names[i] for i in order]
        if given_names is not None
        else [f"P{seat + 1}" for seat in range(len(players))]
    )
    # The seed stays secret until the game ends: the views show a commitment to it, made
    # with a nonce of the game's own (drawn afresh unless given, as a replay gives it).
    nonce = new_nonce() if seed_nonce is None else check_nonce(seed_nonce)
    game = Game(
        actors=players,
        names=names,
        variant=chosen,
        seed=seed,
        seed_nonce=nonce,
        host=host,
        game_id=game_id or default_game_id(nonce),
        log_path=os.fspath(log) if log is not None else None,
        max_turns=max_turns,
        debug=debug,
        options=game_options,
    )
    game.seating = tuple(order)
    if decision_time_limit != "variant":
        game.table.decision_time_limit = decision_time_limit
    for player, decklist in enumerate(lists):
        for name in decklist.cards():
            game.moves.put(game.moves.new_object(host.cards[name], player, Zone.LIBRARY))
    game.emit(
        GameStarted(
            rule="103",
            seed=seed,
            seed_nonce=nonce,
            seed_commitment=seed_commitment(seed, nonce),
            engine=ENGINE_VERSION,
            cr_edition=CR_EDITION,
            variant=variant_name,
            options=dict(game_options),
            teams=[list(team.members) for team in game.teams],
            players=[
                _logged_player(name, actor, preferences)
                for name, actor, preferences in zip(
                    names, players, game.table.preferences, strict=True
                )
            ],
            decks=[list(d.cards()) for d in lists],
            deck_names=[d.name for d in lists],
            open_decklists=chosen.open_decklists if open_decklists is None else open_decklists,
            deck_rules=rules.name,
            plugins=host.plugin_versions,
            # Which plugins cannot change the game, so a replay can ignore them.
            neutral_plugins=host.neutral_plugins,
            distributions=dict(host.distributions) if host.distributions else OMITTED,
            # Only a game with plugins turned off says which, so a replay turns them off too.
            disabled_plugins=sorted(host.disabled) if host.disabled else OMITTED,
            max_turns=max_turns,
            shared_by_teams=_shared_by_teams(game) or OMITTED,
            seating=list(order) if order != sorted(order) else OMITTED,
        )
    )
    game.hooks = host.setup(game)
    return game


def _shared_by_teams(game: Game) -> list[str]:
    """What the game's teams share, as ``game_started`` records it (for telling it)."""
    shared = []
    if any(team.shares_totals for team in game.teams):
        shared.append("totals")
    if game.shared_team_turns:
        shared.append("turns")
    return shared


Seating = Literal["variant", "given"] | Sequence[int]
"""Where a game's players sit: as the variant says (at random in Free-for-All and Grand
Melee, 806.3, 807.3), in the order given, or as listed (for each seat, the position of
its player among those given)."""


def _check_seating(seating: Sequence[int], players: int) -> list[int]:
    """``seating`` as a list, or ``ValueError`` unless it lists each position once."""
    order = list(seating)
    if sorted(order) != list(range(players)) or not all(type(i) is int for i in order):
        raise ValueError(
            f"seating must list each of the positions 0 to {players - 1} once, not {seating!r}"
        )
    return order


TimeLimit = float | None | Literal["variant"]
"""A game's time limit per decision: seconds, ``None`` for none, or ``"variant"`` for
the variant's own."""


def _check_names(names: Sequence[str] | None) -> None:
    """Raise ``ValueError`` for a player's name that is not a text of 1 to
    :data:`~._limits.MAX_NAME_LENGTH` characters (every play-by-play line that mentions
    the player prints it; control characters in it are printed visibly)."""
    if names is None:
        return
    if isinstance(names, str):
        raise TypeError(f"names must be a sequence of names, not the string {names[:40]!r}")
    for name in names:
        if isinstance(name, str) and 1 <= len(name) <= MAX_NAME_LENGTH:
            continue
        shown = (
            f"{name[:40]!r}... ({len(name):,} characters)"
            if isinstance(name, str) and name
            else repr(name)[:60]
        )
        raise ValueError(
            f"a player's name must be a text of 1 to {MAX_NAME_LENGTH} characters, not {shown}"
        )


def _check_time_limit(limit: TimeLimit) -> None:
    """Raise ``ValueError`` for a time limit that is not ``"variant"``, ``None`` or a
    positive finite number of seconds."""
    if limit is None or limit == "variant":
        return
    if isinstance(limit, bool) or not isinstance(limit, int | float) or not 0 < limit < math.inf:
        raise ValueError(
            f"decision_time_limit must be a positive number of seconds, None for no limit "
            f'or "variant", not {limit!r}'
        )


async def play_game(game: Game) -> Outcome:
    """Play a game built by :func:`new_game` from its start to its end; returns its
    :class:`Outcome`. A copy of a game (:meth:`Game.copy
    <manaweave.lowlevel.Game.copy>`) is played on from the decision it was copied at.

    From synchronous code: ``trio.run(manaweave.play_game, game)``.
    """
    return await run_game(game, resume=game.resume_point is not None)


def _logged_player(name: str, actor: Player, preferences: Preferences) -> dict[str, Any]:
    """A seat as ``game_started`` records it: its name, what kind of player sits there,
    and what it asked the engine to do for it if anything (stops, paying mana costs)."""
    logged: dict[str, Any] = {"name": name, "kind": _kind(actor)}
    if not preferences.is_default:
        logged["preferences"] = preferences.to_log()
    return logged


def _kind(player: Player) -> str:
    """How a player is described in the log: its class, and its seed or wrapped player."""
    inner = getattr(player, "inner", None)
    if inner is not None:
        return f"{type(player).__name__}({_kind(inner)})"
    seed = getattr(player, "seed", None)
    return type(player).__name__ + (f"(seed={seed})" if seed is not None else "")


async def play(
    *,
    decks: Sequence[DeckSpec],
    players: Sequence[Player],
    seed: int = 0,
    variant: str | None = None,
    names: Sequence[str] | None = None,
    log: str | os.PathLike[str] | None = None,
    max_turns: int | None = None,
    plugins: PluginHost | None = None,
    game_id: str | None = None,
    deck_rules: DeckRules | None = None,
    debug: bool = False,
    decision_time_limit: TimeLimit = "variant",
    open_decklists: bool | None = None,
    options: Mapping[str, object] | None = None,
    seating: Seating = "variant",
    seed_nonce: str | None = None,
) -> Outcome:
    """Play one whole game and return its :class:`Outcome`.

    ``decks`` and ``players`` are in seat order; the variant defaults to
    ``two_player`` for two players and ``free_for_all`` for more. The event log is
    written to ``log`` if given. ``max_turns`` ends a game that has not ended by
    then as a draw (reason ``"turn limit reached"``). ``deck_rules`` replaces the
    variant's deck construction rules (see :func:`new_game`). With ``debug=True`` an
    exception a player raises is raised again rather than making that player concede.
    ``decision_time_limit`` overrides the variant's time limit per decision (see
    :func:`new_game`). ``open_decklists`` shows every player every decklist (see :func:`new_game`).
    ``options`` are the variant's options, such as ``{"range_of_influence": 2}`` (see
    :func:`new_game`; ``manaweave variants`` lists each variant's). ``seed_nonce`` is the
    nonce of the commitment to the seed that the players' views show in place of the seed
    (drawn for the game unless given; see :func:`new_game`).
    """
    game = new_game(
        decks=decks,
        players=players,
        seed=seed,
        variant=variant,
        names=names,
        log=log,
        max_turns=max_turns,
        plugins=plugins,
        game_id=game_id,
        deck_rules=deck_rules,
        debug=debug,
        decision_time_limit=decision_time_limit,
        open_decklists=open_decklists,
        options=options,
        seating=seating,
        seed_nonce=seed_nonce,
    )
    return await play_game(game)


def run(
    *,
    decks: Sequence[DeckSpec],
    players: Sequence[Player],
    seed: int = 0,
    variant: str | None = None,
    names: Sequence[str] | None = None,
    log: str | os.PathLike[str] | None = None,
    max_turns: int | None = None,
    plugins: PluginHost | None = None,
    game_id: str | None = None,
    deck_rules: DeckRules | None = None,
    debug: bool = False,
    decision_time_limit: TimeLimit = "variant",
    open_decklists: bool | None = None,
    options: Mapping[str, object] | None = None,
    seating: Seating = "variant",
    seed_nonce: str | None = None,
) -> Outcome:
    """Synchronous :func:`play`: runs the game in a fresh trio event loop."""
    return trio.run(
        partial(
            play,
            decks=decks,
            players=players,
            seed=seed,
            variant=variant,
            names=names,
            log=log,
            max_turns=max_turns,
            plugins=plugins,
            game_id=game_id,
            deck_rules=deck_rules,
            debug=debug,
            decision_time_limit=decision_time_limit,
            open_decklists=open_decklists,
            options=options,
            seating=seating,
            seed_nonce=seed_nonce,
        )
    )

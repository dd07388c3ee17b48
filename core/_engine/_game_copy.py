"""Copying a game while a player decides at priority or declares attackers or blockers,
for search (``Game.copy``).

A game's rules run as a trio coroutine, which can't be copied; but at a priority decision
(117.3), and as a step's declaration of attackers or blockers begins (508.1, 509.1),
everything the rest of the game depends on is state: the board and every zone, the
effects, the pending triggers, the turn and step, and where the priority round stands
(:class:`~manaweave.lowlevel.ResumePoint`). A copy duplicates that state and goes on from
the same decision (:func:`manaweave.play_game` plays it on): the deciding player is asked
again, by the copy's own players, and the same rules code plays the rest. What is shared
between the original and its copy never changes during a game: the plugins, the variant,
its options, card definitions, computed characteristics.

What a copy does not share with its original: its players (given to the copy), its log
(a copy of the lines so far, written to no file), its decisions' time limits (none
unless given). Plugins that keep something per game hear of the copy through
``mw_game_copied``.
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ._errors import GameCopyError
from ._event_bus import EventBus
from ._redact import visible_to
from ._table import Table
from ._view import hands_shown_to, players_with_hands_revealed
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.players import Player

    from ._game import Game

__all__ = ["copy_game", "sample_game"]


class _Replaced:
    """Stands for a part of the original game the copy gets a new one of (its players'
    table, its log): reaching it from the copy is a bug, and says so."""

    def __init__(self, what: str) -> None:
        self._what = what

    def __getattr__(self, name: str) -> Any:
        raise AttributeError(f"a copied game reached its original's {self._what} ({name})")

    def __deepcopy__(self, memo: dict[int, Any]) -> _Replaced:
        return self


def copy_game(
    game: Game,
    players: Sequence[Player],
    *,
    decision_time_limit: float | None = None,
) -> Game:
    """An independent copy of ``game`` as a player decides at priority or first declares
    attackers or blockers in a step (``game.resume_point``), to be played by ``players``
    (one per seat), played on with :func:`manaweave.play_game`.

    Raises :class:`~manaweave.GameCopyError` at any other time, or in a game of several
    turns at once."""
    point = game.resume_point
    if game.turn_markers is not None:
        raise GameCopyError("a game of several turns at once (807.4) can't be copied yet")
    if point is None:
        raise GameCopyError(
            "a game can be copied only while a player decides at priority (117.3) or "
            "first declares attackers or blockers in a step (508.1, 509.1): copy it from "
            "a player's decide() for such a decision"
        )
    if len(players) != len(game.players):
        raise ValueError(f"{len(game.players)} players for a copy of this game, not {len(players)}")
    memo: dict[int, Any] = {id(obj): obj for obj in (game.host, game.variant, game.options)}
    rng = random.Random()
    rng.setstate(game.rng.getstate())  # far cheaper than deepcopy's way
    memo[id(game.rng)] = rng
    table, log, events = game.table, game.log, game.events
    memo[id(table)] = _Replaced("players' table")
    memo[id(log)] = _Replaced("log")
    memo[id(events)] = _Replaced("event bus")
    for obj in game.objects.values():
        obj.__deepcopy__(memo)  # every object first, each at its fastest
    twin: Game = _copy.deepcopy(game, memo)
    twin.table = Table(twin, players, debug=table.debug, decision_time_limit=decision_time_limit)
    twin.table.free_choices = table.free_choices
    twin.table.report_errors = table.report_errors
    twin.ask = twin.table.ask
    twin.decision = twin.table.decision
    twin.log = log.copy()
    twin.events = EventBus(twin, twin.log)
    twin.emit = twin.events.emit

    def copied(original: object) -> object:
        """The copy of ``original`` in the copied game (itself, if it was shared)."""
        return memo.get(id(original), original)

    if game.hooks is not None:
        game.host.manager.hook.mw_game_copied(game=game, copy=twin, copied=copied)
    return twin


def sample_game(game: Game, viewer: int, players: Sequence[Player], seed: int) -> Game:
    """A copy of ``game`` (:func:`copy_game`) as ``viewer`` decides, in which everything hidden from
    ``viewer`` is drawn again, with ``seed``: a game ``viewer`` can't tell from the real
    one (determinization, for search over hidden information).

    Each other player's hidden hand and library are dealt again from the same cards,
    their hand as big as it is; every library is shuffled, ``viewer``'s own included (its
    order is hidden from its owner too, 401.2); a revealed top card stays on top (401.5)
    and a hand ``viewer`` may see stays as it is (701.20, 808.5). What happens by chance
    from then on is drawn from ``seed`` too. A card in a hand that ``viewer`` saw go there
    or saw revealed there (a creature returned to its owner's hand, a card revealed as it
    was searched for, a hand or a card drawn revealed, 400.2) stays; the rest of that hand
    is dealt again. The cards dealt again are those the other player really has left, as
    from a decklist ``viewer`` knows."""
    twin = copy_game(game, players)
    rng = random.Random(seed)
    twin.rng = random.Random(rng.getrandbits(64))  # what comes by chance is unknown too
    shown = players_with_hands_revealed(twin) | hands_shown_to(twin, viewer)
    known = known_in_hands(game, viewer)
    for state in twin.players:
        library = state.library
        top = twin.revealed_library_top(state.id)
        kept_on_top = [library.pop()] if top is not None and library and library[-1] is top else []
        if state.id != viewer and state.id not in shown and state.hand:
            kept = [obj for obj in state.hand if obj.id in known]
            pool = [obj for obj in state.hand if obj.id not in known] + library
            rng.shuffle(pool)
            size = len(state.hand) - len(kept)
            for obj in pool[:size]:
                obj.zone = Zone.HAND
            for obj in pool[size:]:
                obj.zone = Zone.LIBRARY
            state.hand[:] = kept + pool[:size]
            library[:] = pool[size:]
        else:
            rng.shuffle(library)
        library.extend(kept_on_top)
    twin.derived.invalidate()
    return twin


def known_in_hands(game: Game, viewer: int) -> frozenset[int]:
    """The ids of the cards now in a hand whose identity ``viewer`` has seen there: moved
    there by an event ``viewer`` saw in full, moved there from a reveal of the same
    resolution (a card revealed as it was searched for, 701.20a: the move itself is
    logged as hidden, but the card was shown), or revealed there (a hand revealed, a card
    drawn revealed, 603.11, splice, 702.47a). An object keeps its id while it stays in
    the hand (400.7), so the id tells."""
    in_hands = {obj.id for state in game.players for obj in state.hand}
    known: set[int] = set()
    revealing: set[tuple[int, int]] = set()  # (resolution, player) that revealed cards
    for record in game.log.records:
        if record.get("event") == "cards_revealed":
            objects = record.get("objects")
            if isinstance(objects, list):
                known.update(obj for obj in objects if obj in in_hands)
            elif record.get("cause") is not None:
                revealing.add((record["cause"], record.get("player", -1)))
            continue
        moved = record.get("new_object")
        if moved not in in_hands or record.get("to_zone") != "hand":
            continue
        if (visible_to(record, viewer) and record.get("card")) or (
            record.get("cause"),
            record.get("player"),
        ) in revealing:
            known.add(moved)
    return frozenset(known)

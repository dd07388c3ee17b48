"""Libraries: shuffling, drawing, revealing (CR 401, 121, 701.20, 701.24).

:class:`Libraries` owns what the game knows about the top cards of libraries: which
players play with it revealed and which card each shows (401.5), which cards stopped
being revealed and become new objects if revealed again (401.6, 701.20d), and whether
reveals wait for a spell being cast or an ability activated to finish (401.5).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

from manaweave.cards import (
    PlayWithTopOfLibraryRevealed,
    RevealFirstDrawEachTurn,
    TriggerEvent,
    TriggerKind,
)
from manaweave.events import (
    CardDrawn,
    CardsRevealed,
    DrawFailed,
    LibraryShuffled,
    LibraryTopRevealed,
    RevealEnded,
)

from ._decisions import CardOption, DecisionKind
from ._objects import GameObject
from ._replacement import DrawEvent, replace_event
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Libraries"]


class Libraries:
    """The players' libraries and their revealed top cards."""

    __slots__ = ("_no_longer_revealed", "_revealed_tops", "_reveals_held", "game", "top_matters")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.top_matters = False
        """Whether some object reveals the top card of a library or has a condition that
        reads one (:attr:`~manaweave.cards.CardDefinition.reads_library_top`): only then
        does a library change refresh characteristics and reveals."""
        self._revealed_tops: dict[int, int | None] = {}
        """For each player who plays with the top card of their library revealed (401.5),
        the id of the card revealed there (``None``: their library is empty)."""
        self._reveals_held = 0
        """While above 0, a player is casting a spell, activating an ability or taking a
        special action: a new top card of a library is revealed only after (401.5)."""
        self._no_longer_revealed: set[int] = set()
        """Cards in libraries that were revealed and stopped being revealed: revealed
        again, each becomes a new object (401.6, 701.20d)."""

    def is_revealed_top(self, obj: GameObject) -> bool:
        """Whether ``obj`` is the card revealed on top of a library now (401.5)."""
        return bool(self._revealed_tops) and obj.id in self._revealed_tops.values()

    def shuffle(self, player: int) -> None:
        """Shuffle ``player``'s library with the game's random generator (CR 701.24)."""
        game = self.game
        game.rng.shuffle(game.players[player].library)
        game.emit(LibraryShuffled(rule="701.24a", player=player))
        self.library_changed(player, reordered=True)

    def library_changed(self, player: int, *, reordered: bool = False) -> None:
        """Note that ``player``'s library changed: a card left or entered it, or it was
        shuffled or put in another order (``reordered``, which gives its cards new ids,
        see :meth:`renew_cards`). A condition that reads its top
        card (611.3b) may have changed, so characteristics are computed again, and a new
        top card is revealed at once where it is played revealed (401.5). A revealed card
        that is reordered stops being revealed, and is a new object if revealed again
        (701.20d).

        Code that changes a library's list of cards itself must call this. It costs
        nothing in a game where no object reads a library."""
        game = self.game
        if reordered:
            if self._revealed_tops.get(player) is not None:
                self._stop_revealing(player, rule="701.20d")
            self.renew_cards(player)
        if not self.top_matters:
            return
        game.derived.invalidate()
        self.reveal_library_tops()

    def renew_cards(self, player: int) -> None:
        """Every card of ``player``'s library gets a new id, given out bottom to top.

        A library put in an order nobody may know (shuffled, 701.24a, or ordered by its
        owner alone, 401.4) must not stay linkable to ids seen before: a card revealed,
        then shuffled in, and later manifested or searched for would otherwise be named by
        the id the table saw. Ids given in the new order tell only a card's position,
        which nobody knows. The card stays the same Python object (an effect milling or
        revealing cards keeps hold of them across a shuffle), and nothing is logged: a
        library's cards have no public identity (401.2). A token keeps its id: it ceases
        to exist at the next check (704.5d), and the log names it as it goes."""
        game = self.game
        for card in game.players[player].library:
            if card.is_token:
                continue
            old_id = card.id
            card.id = game.new_id()
            del game.objects[old_id]
            game.objects[card.id] = card
            self._no_longer_revealed.discard(old_id)
            game.derived.object_renumbered(old_id, card)

    @contextmanager
    def announcing(self) -> Iterator[None]:
        """Inside the block a player casts a spell, activates an ability or takes a special
        action: if the top card of a library changes meanwhile (a cost, or a replacement
        of one, moves a card), the new top card is revealed only once the spell is cast,
        the ability activated or the action taken (401.5). Characteristics that read the
        top card follow it at once."""
        self._reveals_held += 1
        try:
            yield
        finally:
            self._reveals_held -= 1
            self.reveal_library_tops()

    def players_revealing_library_top(self) -> frozenset[int]:
        """The players who play with the top card of their library revealed now ("Play
        with the top card of your library revealed", 401.5, 701.18c)."""
        game = self.game
        if not self.top_matters:
            return frozenset()
        return frozenset(
            permanent.controller
            for permanent, _ in game.battlefield_abilities(PlayWithTopOfLibraryRevealed)
        )

    def revealed_library_top(self, player: int) -> GameObject | None:
        """The card revealed on top of ``player``'s library, if they play with it revealed
        and it is not empty (401.5)."""
        shown = self._revealed_tops.get(player)
        obj = None if shown is None else self.game.objects.get(shown)
        # Between the revealed card leaving the library (drawn, cast, milled, in the middle
        # of a resolution) and the next update, nothing is revealed (401.5).
        return obj if obj is not None and obj.zone is Zone.LIBRARY else None

    def reveal_library_tops(self) -> None:
        """Bring the revealed top cards of libraries up to date (401.5): each player who
        plays with the top card of their library revealed shows everybody a new top card
        as soon as it is the top one (logged as ``library_top_revealed``), except while
        a spell is being cast, an ability activated or a special action taken (401.5,
        :meth:`announcing`). A card that stops being revealed, because it is no longer on
        top or the ability stopped applying, is a new object if it is revealed again
        (401.6)."""
        game = self.game
        if not self.top_matters or self._reveals_held:
            return
        revealing = self.players_revealing_library_top()
        for player in sorted(self._revealed_tops):
            if player not in revealing:
                self._stop_revealing(player, rule="401.6")
        for player in sorted(revealing):
            library = game.players[player].library
            top = library[-1] if library else None
            if player in self._revealed_tops and self._revealed_tops[player] == (
                None if top is None else top.id
            ):
                continue
            self._stop_revealing(player, rule="401.6")
            if top is None:
                self._revealed_tops[player] = None
                continue
            if top.id in self._no_longer_revealed:
                # Nothing links the new object to the old one: which card of the library
                # it is was hidden since it stopped being revealed.
                top = self._renew_library_top(player)
            self._revealed_tops[player] = top.id
            game.emit(LibraryTopRevealed(rule="401.5", player=player, object=top.id, card=top.name))

    def _stop_revealing(self, player: int, *, rule: str) -> None:
        """The card revealed on top of ``player``'s library stops being revealed. If it is
        revealed again while still in the library, it is a new object then (401.6,
        701.20d)."""
        game = self.game
        shown = self._revealed_tops.pop(player, None)
        if shown is None or shown not in game.objects:
            return  # nothing was revealed, or it has left the library (a new object already)
        old = game.objects[shown]
        if old.zone is not Zone.LIBRARY:
            return
        self._no_longer_revealed.add(shown)
        game.emit(RevealEnded(rule=rule, player=player, object=shown, card=old.name))

    def _renew_library_top(self, player: int) -> GameObject:
        """The top card of ``player``'s library becomes a new object (401.6)."""
        game = self.game
        library = game.players[player].library
        old = library[-1]
        new = GameObject(
            game.new_id(), old.card, old.owner, Zone.LIBRARY, timestamp=game.next_timestamp()
        )
        library[-1] = new
        del game.objects[old.id]
        game.objects[new.id] = new
        self._no_longer_revealed.discard(old.id)
        game.derived.object_renewed(old, new)
        return new

    async def draw(self, player: int, count: int = 1) -> list[GameObject]:
        """``player`` draws ``count`` cards, one at a time (CR 121.2)."""
        game = self.game
        drawn: list[GameObject] = []
        for _ in range(count):
            drawer = player
            if game.has_replacement_effects():
                # Each draw may be replaced, even from an empty library (614.11, 121.6a).
                replaced = await replace_event(game, DrawEvent(player))
                if replaced is None:
                    continue
                assert isinstance(replaced, DrawEvent)
                drawer = replaced.player
            state = game.players[drawer]
            if not state.library:
                # Drawing from an empty library is noted; the player loses as an SBA (704.5b).
                state.attempted_empty_draw = True
                game.emit(DrawFailed(rule="121.4", player=drawer))
                continue
            seq = game.log.next_seq  # the card_drawn event's
            card = await game.move(state.library[-1], Zone.HAND, rule="121.1", event=CardDrawn)
            drawn.append(card)
            if game.watching:
                game.notice(TriggerEvent(TriggerKind.DRAWS, seq, drawer))
            if state.drew_on_turn != game.turn:
                state.drew_on_turn = game.turn
                self._reveal_first_draw(drawer, card)
        return drawn

    def _reveal_first_draw(self, player: int, card: GameObject) -> None:
        """Each permanent of ``player`` with "Reveal the first card you draw each turn"
        reveals ``card``, its first draw this turn (603.11); its linked triggered ability
        sees that reveal (607.2)."""
        game = self.game
        revealing = dict.fromkeys(  # each permanent once, in battlefield order
            permanent
            for permanent, _ in game.battlefield_abilities(RevealFirstDrawEachTurn)
            if permanent.controller == player
        )
        for permanent in revealing:
            seq = game.emit(
                CardsRevealed(
                    rule="701.20a",
                    player=player,
                    source=permanent.id,
                    cards=[card.name],
                    objects=[card.id],
                )
            )
            if game.watching:
                game.notice(
                    TriggerEvent(
                        TriggerKind.REVEALED,
                        seq,
                        player,
                        card,
                        types=card.card.types,
                        by=permanent.id,
                    )
                )

    async def reveal_until(self, player: int, *, lands: bool) -> GameObject | None:
        """``player`` reveals cards from the top of their library until a land (or a
        nonland card) is revealed (701.20a), puts it into their hand and the other revealed
        cards on the bottom in an order they choose. Returns the card put into the hand."""
        game = self.game
        state = game.players[player]
        revealed: list[GameObject] = []
        found: GameObject | None = None
        for card in reversed(state.library):
            revealed.append(card)
            if card.card.is_land == lands:
                found = card
                break
        game.emit(
            CardsRevealed(
                rule="701.20a",
                player=player,
                cards=[c.name for c in revealed],
            )
        )
        taken = None
        if found is not None:
            taken = await game.move(found, Zone.HAND, rule="701.20a")
        await self.put_on_bottom(player, [c for c in revealed if c is not found])
        return taken

    async def put_on_bottom(
        self, player: int, cards: list[GameObject], *, rule: str = "701.20a"
    ) -> None:
        """``player`` puts revealed ``cards`` on the bottom of their library in any order
        they choose (701.20a, 401.4); ``rule`` is logged with the choice and the moves."""
        game = self.game
        if len(cards) > 1:
            options = [CardOption(c.id, c.name) for c in cards]
            decision = game.decision(
                DecisionKind.BOTTOM,
                player,
                options,
                "put the revealed cards on the bottom of your library, in order",
                min=len(cards),
                max=len(cards),
                ordered=True,
                rule=rule,
            )
            choice = await game.ask(decision)
            cards = [game.objects[options[i].object] for i in choice.indices]
        for card in cards:
            game.moves.move_now(card, Zone.LIBRARY, rule=rule, bottom=True)

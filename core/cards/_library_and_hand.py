"""Effects on libraries and hands: drawing, discarding, milling, searching, revealing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from manaweave._engine._decisions import CardOption, DecisionKind, Named
from manaweave._engine._zone_move import ZoneMove
from manaweave._engine._zones import Zone
from manaweave.events import CardsRevealed, LibrarySearched, PermanentEntered

from ._amounts import Amount
from ._replacement_effects import (
    DrawInsteadOf,
)
from ._resolution import Effect, Recipient, Resolution, _amount, _recipient, renamed_fields

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject

    from ._definition import CardDefinition


@dataclass(frozen=True, slots=True)
class DrawCards(Effect):
    """A player draws N cards: ``YOU`` (the controller), ``THAT_PLAYER``, or the target
    player at an index (CR 121)."""

    count: int | Amount
    player: Recipient = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            await resolution.game.draw(recipient[1], _amount(self.count, resolution))


@dataclass(frozen=True, slots=True)
class EachPlayerDraws(Effect):
    """Each player draws N cards, in APNAP order (CR 101.4, 121)."""

    count: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for player in game.turn_order_from(game.active_player):
            await game.draw(player, self.count)


@dataclass(frozen=True, slots=True)
class Mill(Effect):
    """A player mills N cards: puts them from the top of their library into their
    graveyard, as many as there are (CR 701.17a-b)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("mill",)

    count: int | Amount
    player: Recipient = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            await resolution.game.mill(recipient[1], _amount(self.count, resolution))


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class DiscardAtRandom(Effect):
    """The player at index ``player`` discards N cards at random (CR 701.9b)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("discard",)

    count: int | Amount
    player: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            game = resolution.game
            hand = game.players[recipient[1]].hand
            count = min(_amount(self.count, resolution), len(hand))
            for card_obj in game.rng.sample(list(hand), count):
                await game.discard(card_obj, rule="701.9b")


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class Discard(Effect):
    """The player at index ``player`` discards N cards of their choice (CR 701.9a-b)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("discard",)

    count: int = 1
    player: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            await resolution.game.discard_chosen(
                recipient[1], self.count, prompt=f"discard {self.count} card(s)", rule="701.9b"
            )


@dataclass(frozen=True, slots=True)
class DiscardHand(Effect):
    """ "[Player] discards their hand" (CR 701.9a): every card in it, at once."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("discard",)

    player: Recipient = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if not isinstance(recipient, tuple):
            return
        game = resolution.game
        async with game.simultaneously():
            for card_obj in list(game.players[recipient[1]].hand):
                await game.discard(card_obj, rule="701.9a")


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class RevealHandChooseDiscard(Effect):
    """ "Target [player] reveals their hand. You choose a [non-type] card from it. That
    player discards that card" (CR 701.20a, 701.9b): the controller of the spell or ability
    chooses among the revealed cards that have none of ``exclude_types``; with none such,
    nothing is discarded."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("discard",)

    exclude_types: tuple[str, ...] = ()
    player: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if not isinstance(recipient, tuple):
            return
        game, player = resolution.game, recipient[1]
        hand = game.players[player].hand
        game.emit(
            CardsRevealed(
                rule="701.20a",
                player=player,
                cards=[c.name for c in hand],
                objects=[c.id for c in hand],
            )
        )
        allowed = [c for c in hand if not any(t in c.card.types for t in self.exclude_types)]
        if not allowed:
            return
        options = [CardOption(c.id, c.name) for c in allowed]
        decision = game.decision(
            DecisionKind.DISCARD,
            resolution.controller,
            options,
            f"choose a card for player {player} to discard",
            rule="701.9b",
        )
        choice = await game.ask(decision)
        await game.discard(game.objects[options[choice.indices[0]].object], rule="701.9b")


async def search_library_for_a_card(
    game: Game, searcher: int, owner: int, prompt: str
) -> GameObject | None:
    """``searcher`` searches ``owner``'s library for a card of no stated quality: one must
    be found if the library has any (701.23b), and only the searcher sees it (701.23a).
    Returns the card found, still in the library, or ``None`` for an empty library (or
    one out of the searcher's range of influence, 801.5a)."""
    cards = sorted(game.players[owner].library, key=lambda c: (c.name, c.id))
    if not cards:
        return None
    options = [CardOption(c.id, c.name) for c in cards]
    choice = await game.ask(game.decision(DecisionKind.SEARCH, searcher, options, prompt))
    if not choice.indices:
        return None  # a library out of the searcher's range shows them nothing (801.5a)
    found = cards[choice.indices[0]]
    game.emit(
        LibrarySearched(
            rule="701.23a",
            player=searcher,
            visibility=[searcher],
            object=found.id,
            card=found.name,
        )
    )
    return found


@dataclass(frozen=True, slots=True)
class SearchLibraryToTop(Effect):
    """The text "Search your library for a card, then shuffle and put that card on top"
    (CR 701.23a, 701.24a): the card never leaves the library."""

    async def resolve(self, resolution: Resolution) -> None:

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        found = await search_library_for_a_card(
            game, player, player, "search your library for a card"
        )
        if found is not None:
            library.remove(found)
        game.shuffle(player)
        if found is not None:
            library.append(found)  # the last card of the list is the top one
            # Its place is known to its owner alone now: no id seen before may follow it.
            game.library_changed(player, reordered=True)


@dataclass(frozen=True, slots=True)
class LookAtTopInAnyOrder(Effect):
    """ "Look at the top N cards of your library, then put them back in any order"
    (CR 401.4), and with ``may_shuffle`` "You may shuffle" (701.24a): the cards are seen
    by their owner only, so the order chosen is logged for them alone."""

    count: int
    may_shuffle: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        looked = list(reversed(library[-self.count :])) if self.count > 0 else []
        if len(looked) > 1:
            options = [CardOption(c.id, c.name) for c in looked]
            decision = game.decision(
                DecisionKind.TOP,
                player,
                options,
                f"put the top {len(looked)} cards of your library back, the first named on top",
                min=len(looked),
                max=len(looked),
                ordered=True,
            )
            choice = await game.ask(decision)
            ordered = [looked[i] for i in choice.indices]
            del library[-len(looked) :]
            library.extend(reversed(ordered))  # the last card of the list is the top one
            game.library_changed(player, reordered=True)
        if self.may_shuffle:
            answers = [Named("yes"), Named("no")]
            decision = game.decision(
                DecisionKind.MAY, player, answers, "you may shuffle your library", rule="701.24a"
            )
            choice = await game.ask(decision)
            if answers[choice.indices[0]].word == "yes":
                game.shuffle(player)


@dataclass(frozen=True, slots=True)
class SearchLibraryOntoBattlefield(Effect):
    """ "Search your library for a [basic] [type] card, put it onto the battlefield
    [tapped], then shuffle" (CR 701.23a): a card with a stated quality need not be found
    (701.23b)."""

    card_type: str = "Creature"
    basic: bool = False
    """Only a card with the supertype basic (205.4a): "a basic land card"."""
    tapped: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        cards = sorted(
            (
                c
                for c in library
                if self.card_type in c.card.types
                and (not self.basic or "Basic" in c.card.supertypes)
            ),
            key=lambda c: (c.name, c.id),
        )
        options: list[CardOption | Named] = [CardOption(c.id, c.name) for c in cards]
        options.append(Named("find nothing"))
        quality = ("basic " if self.basic else "") + self.card_type.lower()
        decision = game.decision(
            DecisionKind.SEARCH,
            player,
            options,
            f"search your library for a {quality} card",
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if isinstance(picked, CardOption):
            found = game.objects[picked.object]
            game.emit(
                LibrarySearched(
                    rule="701.23a",
                    player=player,
                    visibility=[player],
                    object=found.id,
                    card=found.name,
                )
            )
            await game.move(
                found,
                Zone.BATTLEFIELD,
                rule="701.23a",
                controller=player,
                tapped=self.tapped,
                event=PermanentEntered,
            )
        game.shuffle(player)


@dataclass(frozen=True, slots=True)
class SearchLibraryToHand(Effect):
    """ "Search your library for a [subtype] card, reveal it, put it into your hand, then
    shuffle" (CR 701.23a, 701.20a), or for a ``basic`` card of ``card_type`` ("a basic
    land card", 205.4a): a card with a stated quality need not be found (701.23b). With
    none of ``subtype``, ``card_type`` and ``basic`` it is "search your library for a
    card, put that card into your hand, then shuffle": one must be found if there is one
    (701.23d), and it is not revealed (701.23e)."""

    subtype: str | None = None
    card_type: str = ""
    basic: bool = False

    @property
    def _any_card(self) -> bool:
        """Whether it is "search your library for a card", with no stated quality."""
        return self.subtype is None and not self.card_type and not self.basic

    def _wanted(self, card: CardDefinition) -> bool:
        return (
            (self.subtype is None or self.subtype in card.subtypes)
            and (not self.card_type or self.card_type in card.types)
            and (not self.basic or "Basic" in card.supertypes)
        )

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        cards = sorted(
            (c for c in game.players[player].library if self._wanted(c.card)),
            key=lambda c: (c.name, c.id),
        )
        options: list[CardOption | Named] = [CardOption(c.id, c.name) for c in cards]
        if not self._any_card or not cards:
            options.append(Named("find nothing"))
        quality = " ".join(
            w
            for w in ("basic" if self.basic else "", self.subtype or "", self.card_type.lower())
            if w
        )
        described = f"a {quality} card" if quality else "a card"
        decision = game.decision(
            DecisionKind.SEARCH, player, options, f"search your library for {described}"
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if isinstance(picked, CardOption):
            found = game.objects[picked.object]
            if self._any_card:
                game.emit(
                    LibrarySearched(
                        rule="701.23a",
                        player=player,
                        visibility=[player],
                        object=found.id,
                        card=found.name,
                    )
                )
            else:
                game.emit(CardsRevealed(rule="701.20a", player=player, cards=[found.name]))
            await game.move(found, Zone.HAND, rule="701.23a")
        game.shuffle(player)


@dataclass(frozen=True, slots=True)
class RevealTopPutTypeIntoHand(Effect):
    """ "Reveal the top N cards of your library. Put all [type] cards revealed this way into
    your hand and the rest on the bottom of your library in any order" (CR 701.20a)."""

    count: int = 5
    card_type: str = "Creature"

    async def resolve(self, resolution: Resolution) -> None:

        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        revealed = list(reversed(library[-self.count :]))
        game.emit(CardsRevealed(rule="701.20a", player=player, cards=[c.name for c in revealed]))
        await game.move_together(
            [
                ZoneMove(card, Zone.HAND, rule="701.20a")
                for card in revealed
                if self.card_type in card.card.types
            ]
        )
        await game.put_on_bottom(
            player, [c for c in revealed if self.card_type not in c.card.types]
        )


@dataclass(frozen=True, slots=True)
class Manifest(Effect):
    """ "Manifest the top card of your library" (CR 701.40a): it enters the battlefield
    face down as a 2/2 creature; a creature card can be turned face up for its mana cost
    (701.40b)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("manifest",)

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        library = game.players[player].library
        if library:
            await game.manifest(library[-1], player)


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class TheyDrawInsteadOfTarget(Effect):
    """ "Until end of turn, if [target player] would draw a card, instead that player skips
    that draw and you draw a card" (Plagiarize, CR 614.11)."""

    player: Recipient = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            resolution.game.add_replacement_effect(
                DrawInsteadOf(
                    resolution.item.id,
                    resolution.controller,
                    self.wording,
                    resolution.item.name,
                    player=recipient[1],
                )
            )

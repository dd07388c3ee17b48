"""Effects that move objects between zones: destroying, exiling, sacrificing, returning,
putting onto the battlefield (CR 400.7, 701), and regenerating."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Literal

from manaweave._engine._decisions import CardOption, DecisionKind, Named
from manaweave._engine._layers import (
    Characteristics,
    ContinuousEffect,
    Duration,
    Layer,
    add_colors,
    add_types,
)
from manaweave._engine._objects import DelayedTrigger
from manaweave._engine._zones import Zone
from manaweave.events import PermanentEntered

from ._resolution import Effect, Recipient, Resolution, _recipient
from ._triggers import AtBeginningOf, TriggeredAbility

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject


@dataclass(frozen=True, slots=True)
class ReturnToOwnersHand(Effect):
    """ "Return [target permanent] to its owner's hand" (CR 400.3, 400.7): the permanent
    at target index ``target``, or ``SELF``, if it is still on the battlefield."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            permanent = game.objects.get(chosen)
            if permanent is not None and permanent.zone is Zone.BATTLEFIELD:
                await game.move(permanent, Zone.HAND, rule="400.3")


async def _into_combat(
    game: Game, permanents: Sequence[GameObject], *, attacking: bool, blocking: bool
) -> None:
    """Permanents just put onto the battlefield attacking or blocking become attacking
    or blocking creatures where they can (508.4, 509.4, 506.3)."""
    if not (attacking or blocking):
        return
    for permanent in permanents:
        await game.put_into_combat(permanent, blocking=not attacking)


@dataclass(frozen=True, slots=True)
class EachOpponentSacrifices(Effect):
    """ "Each opponent sacrifices a [type]" (CR 701.21a): each opponent of the controller
    chooses one permanent of theirs with one of ``types``, in APNAP order, knowing the
    choices made before (101.4); then all of them are sacrificed at the same time."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("sacrifice",)

    types: tuple[str, ...]
    what: str
    """What is sacrificed, as the text says it: "a land"."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        chosen: list[GameObject] = []
        for player in game.turn_order_from(game.active_player):
            if player not in game.opponents(resolution.controller):
                continue
            if not game.in_range(resolution.controller, player):
                continue  # an opponent out of range is not affected (801.10)
            candidates = [
                p
                for p in game.battlefield
                if p.controller == player
                and any(t in game.characteristics(p).types for t in self.types)
            ]
            if len(candidates) <= 1:
                chosen.extend(candidates)
                continue
            options = [
                CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates
            ]
            decision = game.decision(
                DecisionKind.SACRIFICE,
                player,
                options,
                f"sacrifice {self.what} for {resolution.item.name}",
                min=1,
                max=1,
                rule="701.21a",
            )
            choice = await game.ask(decision)
            chosen.extend(game.objects[options[i].object] for i in choice.indices)
        await game.sacrifice_all(chosen)


@dataclass(frozen=True, slots=True)
class MayPutFromHandOntoBattlefield(Effect):
    """ "You may put a [colour] [type] card from your hand onto the battlefield [tapped
    and attacking]" (508.4)."""

    card_type: str = "Creature"
    color: str | None = None
    tapped: bool = False
    attacking: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game, player = resolution.game, resolution.controller
        cards = [
            c
            for c in game.players[player].hand
            if self.card_type in c.card.types
            and (self.color is None or self.color in c.card.colors)
        ]
        options: list[CardOption | Named] = [Named("no")]
        options.extend(CardOption(c.id, c.name) for c in cards)
        decision = game.decision(
            DecisionKind.CARD,
            player,
            options,
            "you may put a card from your hand onto the battlefield",
        )
        choice = await game.ask(decision)
        picked = options[choice.indices[0]]
        if isinstance(picked, CardOption):
            entered = await game.move(
                game.objects[picked.object],
                Zone.BATTLEFIELD,
                rule="610.3",
                controller=player,
                tapped=self.tapped,
                event=PermanentEntered,
            )
            if entered.zone is Zone.BATTLEFIELD:
                await _into_combat(game, (entered,), attacking=self.attacking, blocking=False)


@dataclass(frozen=True, slots=True)
class Regenerate(Effect):
    """ "Regenerate [permanent]" (CR 701.19a): a shield that replaces the next time it would
    be destroyed this turn. ``target`` is a target index or ``SELF``."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("regenerate",)

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if isinstance(recipient, int):
            game = resolution.game
            permanent = game.objects[recipient]
            game.shield_from_destruction(permanent, resolution.controller, resolution.item.source)


@dataclass(frozen=True, slots=True)
class DestroyAll(Effect):
    """The text "Destroy all [types]": all at once, so leaving triggers see each other
    (CR 701.8a, 603.10a)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("destroy",)

    card_types: tuple[str, ...] = ("Creature",)
    """The types of which it destroys each permanent; empty for every permanent."""
    regenerable: bool = True
    """False for "They can't be regenerated" (701.19c)."""
    exclude_types: tuple[str, ...] = ()
    """Types it spares ("Destroy all nonland permanents")."""
    colors: tuple[str, ...] = ()
    """Only permanents of one of these colours ("Destroy all black creatures")."""
    exclude_colors: tuple[str, ...] = ()
    """Colours it spares ("Destroy all nonblack creatures": a white-and-black creature is
    black, so it is spared, CR 105.2, 608.2j)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        wanted, spared = self.card_types, self.exclude_types
        doomed = [
            p
            for p in game.battlefield
            for chars in (game.characteristics(p),)
            if (not wanted or any(t in chars.types for t in wanted))
            and not any(t in chars.types for t in spared)
            and (not self.colors or any(c in chars.colors for c in self.colors))
            and not any(c in chars.colors for c in self.exclude_colors)
        ]
        await game.destroy_all(doomed, regenerate=self.regenerable)


@dataclass(frozen=True, slots=True)
class SacrificeSelf(Effect):
    """The text "sacrifice [this]" (CR 701.21a): its controller puts it into its owner's
    graveyard, if it is still the same object on the battlefield (400.7)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("sacrifice",)

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        source = game.objects.get(resolution.item.source)
        if (
            source is not None
            and source.zone is Zone.BATTLEFIELD
            and source.controller == resolution.controller
        ):
            await game.sacrifice(source)


@dataclass(frozen=True, slots=True)
class AttachSelf(Effect):
    """ "Attach [this] to target [permanent]" (CR 701.3a): its source, if still on the
    battlefield, becomes attached to the target."""

    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        source = game.objects.get(resolution.item.source)
        target = resolution.targets[self.target]
        if source is None or source.zone is not Zone.BATTLEFIELD or not isinstance(target, int):
            return
        game.attach(source, game.objects[target])


@dataclass(frozen=True, slots=True)
class Destroy(Effect):
    """The text "Destroy target [permanent]" (CR 701.8a)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("destroy",)

    target: Recipient = 0
    regenerable: bool = True
    """False for "It can't be regenerated" (701.19c)."""

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            resolution.last_known[chosen] = game.objects[chosen]
            await game.destroy(game.objects[chosen], regenerate=self.regenerable)


@dataclass(frozen=True, slots=True)
class Exile(Effect):
    """The text "Exile target [permanent]" (CR 701.13a)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")


@dataclass(frozen=True, slots=True)
class PutOnTopOfOwnersLibrary(Effect):
    """The text "Put target [permanent] on top of its owner's library": a card goes to its
    owner's library whoever controls it (CR 400.3); a token ceases to exist (111.8)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            await game.move(game.objects[chosen], Zone.LIBRARY, rule="400.3")


@dataclass(frozen=True, slots=True)
class MoveTargetCard(Effect):
    """ "Return target [card] from a graveyard to [its owner's] hand" (``to="hand"``,
    400.3) or "Exile target [card] from a graveyard" (``to="exile"``, 701.13a): the card at
    index ``target``, if it is still legal (608.2b)."""

    to: Literal["hand", "exile"]
    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if isinstance(chosen, int):
            game = resolution.game
            if self.to == "hand":
                await game.move(game.objects[chosen], Zone.HAND, rule="400.3")
            else:
                await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")


@dataclass(frozen=True, slots=True)
class PutTargetCardOntoBattlefield(Effect):
    """ "Put target [card] from a graveyard onto the battlefield under your control. That
    creature is a [colour] [subtype] in addition to its other colors and types" (CR
    110.2a): the card at index ``target`` enters under the controller of the spell or
    ability; the added colours (layer 5) and subtypes (layer 4) apply to the permanent it
    becomes (400.7) for as long as it stays on the battlefield (611.2a, 613.1d-e), from
    the moment it enters (611.2e)."""

    also_colors: tuple[str, ...] = ()
    also_subtypes: tuple[str, ...] = ()
    target: int = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = resolution.targets[self.target]
        if not isinstance(chosen, int):
            return
        game = resolution.game
        card_obj = game.objects[chosen]
        # The added colours and types apply as the permanent enters (611.2e): its enters
        # triggers are noticed only once the block ends, with the effects in place.
        async with game.simultaneously(entering=(card_obj,)):
            permanent = await game.move(
                card_obj, Zone.BATTLEFIELD, controller=resolution.controller
            )
            if permanent.zone is Zone.BATTLEFIELD:
                self._add_colors_and_types(resolution, permanent)

    def _add_colors_and_types(self, resolution: Resolution, permanent: GameObject) -> None:
        game = resolution.game
        timestamp = game.next_timestamp()
        parts: list[tuple[Layer, Callable[[Characteristics], None], str]] = []
        if self.also_subtypes:
            added = " ".join(self.also_subtypes)
            parts.append((Layer.TYPE, add_types((), self.also_subtypes), f"is also {added}"))
        if self.also_colors:
            parts.append(
                (Layer.COLOR, add_colors(self.also_colors), "is also " + "".join(self.also_colors))
            )
        for layer, modify, description in parts:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=layer,
                    timestamp=timestamp,
                    source=resolution.item.id,
                    affected=frozenset((permanent.id,)),
                    modify=modify,
                    duration=Duration.PERMANENT,
                    description=description,
                )
            )


@dataclass(frozen=True, slots=True)
class DestroyAtNextEndStep(Effect):
    """ "Destroy that creature at the beginning of the next end step" (CR 603.7a, 701.8a):
    a delayed triggered ability that destroys the target at index ``target`` only if it
    is still the same object on the battlefield then (400.7)."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("destroy",)

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        ability = TriggeredAbility(
            AtBeginningOf("end", each_player=True),
            (DestroyObject(chosen),),
            text="At the beginning of the next end step, destroy that creature.",
        )
        item = resolution.item
        source = game.objects.get(item.source) or item.source_snapshot
        game.add_delayed_trigger(DelayedTrigger(ability, source, resolution.controller))


@dataclass(frozen=True, slots=True)
class DestroyObject(Effect):
    """Destroy the permanent ``object`` (CR 701.8a), if it is still that object on the
    battlefield (400.7): what a delayed ability remembers ("that creature")."""

    keyword_actions: ClassVar[tuple[str, ...]] = ("destroy",)

    object: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        permanent = game.objects.get(self.object)
        if permanent is not None and permanent.zone is Zone.BATTLEFIELD:
            await game.destroy(permanent)


@dataclass(frozen=True, slots=True)
class ExileLinked(Effect):
    """The text "Exile [target]" of an ability that another ability of the same object
    refers to as "the exiled card" (CR 701.13a, 607.2a)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            exiled = await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")
            if exiled.zone is Zone.EXILE:
                game.linked_exiles.setdefault(resolution.item.source, []).append(exiled.id)


@dataclass(frozen=True, slots=True)
class ExileUntilNextEndStep(Effect):
    """ "Exile [target]. At the beginning of the next end step, return it to the
    battlefield [tapped] under its owner's control" (CR 701.13a, 603.7a): the delayed
    ability returns that card only if it is still the same object in exile (400.7)."""

    target: Recipient = 0
    tapped: bool = True

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        exiled = await game.move(game.objects[chosen], Zone.EXILE, rule="701.13a")
        if exiled.zone is not Zone.EXILE:
            return
        text = (
            "At the beginning of the next end step, return it to the battlefield"
            + (" tapped" if self.tapped else "")
            + " under its owner's control."
        )
        ability = TriggeredAbility(
            AtBeginningOf("end", each_player=True),
            (ReturnFromExile(exiled.id, tapped=self.tapped),),
            text=text,
        )
        item = resolution.item
        source = game.objects.get(item.source) or item.source_snapshot
        game.add_delayed_trigger(DelayedTrigger(ability, source, resolution.controller))


@dataclass(frozen=True, slots=True)
class ReturnFromExile(Effect):
    """Return the card ``object`` from exile to the battlefield under its owner's control,
    if it is still that object in exile (CR 400.7, 610.3)."""

    object: int
    tapped: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        card = game.objects.get(self.object)
        if card is None or card.zone is not Zone.EXILE:
            return
        await game.move(
            card,
            Zone.BATTLEFIELD,
            rule="610.3",
            controller=card.owner,
            tapped=self.tapped,
            event=PermanentEntered,
        )


@dataclass(frozen=True, slots=True)
class ReturnSelfFromGraveyardToHand(Effect):
    """ "Return [this] from your graveyard to your hand": the ability's source, only if it
    is still the same card in its owner's graveyard (400.7)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        card_obj = game.objects.get(resolution.item.source)
        if card_obj is not None and card_obj.zone is Zone.GRAVEYARD:
            await game.move(card_obj, Zone.HAND, rule="608.2c")


@dataclass(frozen=True, slots=True)
class ReturnLinkedExiled(Effect):
    """The text "return the exiled card to the battlefield under its owner's control":
    only cards exiled by the linked ability of this same object, and still in exile
    (CR 607.2a, 400.7)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        returning = [
            exiled
            for exiled_id in game.linked_exiles.pop(resolution.item.source, [])
            if (exiled := game.objects.get(exiled_id)) is not None and exiled.zone is Zone.EXILE
        ]
        # Several cards return at once, every choice made before any enters (101.4).
        await game.put_onto_battlefield_together(returning, rule="610.3c")

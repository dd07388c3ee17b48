"""Moving objects between zones (CR 400, 400.7, 603.10a, 611.2b).

:class:`ZoneMoves` carries out zone changes: each makes a new object with a new id
(400.7), told to the derived state (the counters of what permanents print, the caches),
the entering pipeline (what it enters with) and the triggers (leaves-the-battlefield
abilities look back in time, 603.10a; enters abilities trigger, 603.6a).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave.cards import FACE_DOWN, TriggerEvent, TriggerKind
from manaweave.events import (
    AuraAttached,
    CountersAdded,
    EffectCreated,
    FaceDownIdentified,
    ObjectCeased,
    ObjectMoved,
    ZoneChangeRecord,
)

from ._entering import NOT_ENTERING, EnteringChoices
from ._game_watch import object_created
from ._layers import ContinuousEffect, Duration, Layer, copy_values
from ._objects import GameObject
from ._replacement import ZoneChangeEvent, replace_event
from ._triggers import TriggerIndex
from ._zone_move import ZoneMove
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._game import Game

__all__ = ["ZoneMoves"]


@dataclass(slots=True)
class _PreparedMove:
    """A move after replacement effects and the choices made before it happens."""

    obj: GameObject
    to: Zone
    rule: str | None
    bottom: bool
    controller: int | None
    tapped: bool
    event: type[ZoneChangeRecord]
    shuffle: bool = False
    """A replacement effect shuffles it into its owner's library (a move at once)."""
    choices: EnteringChoices = NOT_ENTERING


def _position(order: Sequence[int], player: int) -> int:
    """``player``'s place in APNAP ``order``; after everybody for one who has left."""
    return order.index(player) if player in order else len(order)


class ZoneMoves:
    """Putting objects into zones, and moving them from one zone to another."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    def new_object(
        self, card: CardDefinition, owner: int, zone: Zone, *, controller: int | None = None
    ) -> GameObject:
        """Create an object in ``zone`` (it is not put into the zone's list)."""
        game = self.game
        obj = GameObject(
            game.new_id(), card, owner, zone, timestamp=game.next_timestamp(), controller=controller
        )
        game.objects[obj.id] = obj
        game.derived.object_created(card, obj)
        object_created(card)  # to the open watches (manaweave.lowlevel.watch_games)
        return obj

    def zone_list(self, zone: Zone, player: int) -> list[GameObject]:
        """The list that holds ``zone`` (``player`` picks the library, hand or graveyard)."""
        game = self.game
        state = game.players[player]
        if zone is Zone.LIBRARY:
            return state.library
        if zone is Zone.HAND:
            return state.hand
        if zone is Zone.GRAVEYARD:
            return state.graveyard
        if zone is Zone.BATTLEFIELD:
            return game.battlefield
        if zone is Zone.EXILE:
            return game.exile
        if zone is Zone.COMMAND:
            return game.command
        raise ValueError(f"no object list for {zone}")

    def put(self, obj: GameObject, *, bottom: bool = False) -> None:
        """Put a new object into its zone's list (top, or bottom of a library); a new
        permanent refreshes the derived state."""
        self._put(obj, bottom=bottom)
        if obj.zone is Zone.BATTLEFIELD:
            self.game.derived.invalidate()

    def _put(self, obj: GameObject, *, bottom: bool = False) -> None:
        """Put a new object into its zone's list, leaving the caller to invalidate."""
        game = self.game
        if obj.copy_card is not None:
            game.derived.copy_put(obj.copy_card)
        if obj.zone is Zone.BATTLEFIELD:
            if game.entering.batch_began is not None:
                obj.arrived = game.entering.batch_began
            game.derived.permanent_counted(obj, 1)
        if obj.zone is Zone.STACK:
            game.stack.append(obj)
            return
        target = self.zone_list(obj.zone, obj.owner)
        if bottom:
            target.insert(0, obj)
        else:
            target.append(obj)

    def remove(self, obj: GameObject) -> None:
        """Low-level: take ``obj`` out of its zone and out of the game's objects, as the
        first half of a zone change (400.7); nothing is logged."""
        game = self.game
        if obj.zone is Zone.BATTLEFIELD:
            game.derived.permanent_counted(obj, -1)
        if obj.zone is Zone.STACK:
            if game.turn_markers is None:
                game.stack.remove(obj)
            else:  # it may be on another turn's stack (807.5)
                game.stack_holding(obj).remove(obj)
        else:
            self.zone_list(obj.zone, obj.owner).remove(obj)
        del game.objects[obj.id]

    async def move(
        self,
        obj: GameObject,
        to: Zone,
        *,
        rule: str | None = None,
        bottom: bool = False,
        controller: int | None = None,
        tapped: bool = False,
        event: type[ZoneChangeRecord] = ObjectMoved,
        destroy: bool = False,
        regenerable: bool = True,
    ) -> GameObject:
        """Move ``obj`` to another zone, after replacement effects (CR 614, 616); it
        becomes a new object (CR 400.7). Returns the object as it ended up (``obj``
        itself if the move was replaced by nothing at all). ``destroy``: the move is
        ``obj`` being destroyed (701.8), which regeneration can replace (701.19) unless
        it is not ``regenerable`` (701.19c). ``event``: the kind of zone change logged
        (``object_moved`` for a move a replacement effect changed)."""
        move = ZoneMove(
            obj,
            to,
            rule=rule,
            bottom=bottom,
            controller=controller,
            tapped=tapped,
            event=event,
            destroy=destroy,
            regenerable=regenerable,
        )
        prepared = await self._prepare(move)
        return obj if prepared is None else self._carry_out(prepared)

    async def move_together(self, moves: Sequence[ZoneMove]) -> list[GameObject]:
        """Carry out ``moves`` as one event (CR 603.6a, 603.10a): first every choice they
        need, replacement effects (616.1) and what is chosen as a permanent enters (what
        an Aura enchants, 303.4f; 614.12), each player making the choices for their own
        objects in APNAP order (101.4); then the objects all move, in the order given,
        none of them having moved while a choice was made. Returns what each object
        became, as :meth:`move` does."""
        game = self.game
        entering = [m.obj for m in moves if m.to is Zone.BATTLEFIELD]
        async with game.entering.simultaneously(entering):
            order = game.turn_order_from(game.active_player)
            choosing = sorted(
                range(len(moves)),
                key=lambda i: _position(order, self._chooser(moves[i])),
            )
            prepared: dict[int, _PreparedMove | None] = {}
            for index in choosing:
                move = moves[index]
                prepared[index] = (
                    await self._prepare(move) if game.objects.get(move.obj.id) is move.obj else None
                )
            moved: list[GameObject] = []
            for index, move in enumerate(moves):
                ready = prepared[index]
                still_there = game.objects.get(move.obj.id) is move.obj
                if ready is None or not still_there or self._under_departed_player(ready):
                    # Nothing to do, or its owner or controller-to-be left the game while
                    # the others chose (800.4a-b).
                    moved.append(move.obj)
                    continue
                moved.append(self._carry_out(ready))
            return moved

    def _chooser(self, move: ZoneMove) -> int:
        """Who makes the choices for ``move``: the player it enters under, or the object's
        controller (its owner outside the battlefield and the stack)."""
        obj = move.obj
        if move.to is Zone.BATTLEFIELD and move.controller is not None:
            return move.controller
        return obj.controller if obj.zone in (Zone.BATTLEFIELD, Zone.STACK) else obj.owner

    async def _prepare(self, move: ZoneMove) -> _PreparedMove | None:
        """Apply replacement effects to ``move`` and make the choices of an object about
        to enter the battlefield; ``None`` if nothing is to move."""
        game = self.game
        obj, to, bottom, rule, event = move.obj, move.to, move.bottom, move.rule, move.event
        ready = _PreparedMove(obj, to, rule, bottom, move.controller, move.tapped, event)
        if self._under_departed_player(ready):
            return None
        if game.has_replacement_effects():
            proposed = ZoneChangeEvent(
                obj, to, bottom=bottom, destroy=move.destroy, regenerable=move.regenerable
            )
            replaced = await replace_event(game, proposed)
            if replaced is None:
                return None
            assert isinstance(replaced, ZoneChangeEvent)
            if replaced != proposed:
                ready.to, ready.bottom = replaced.to, replaced.bottom
                ready.rule, ready.event = "614.1a", ObjectMoved
                if replaced.shuffle:
                    ready.shuffle = True
                    return ready
        if self._under_departed_player(ready):
            return None  # a replacement effect may have changed where it goes
        if ready.to is Zone.BATTLEFIELD:
            made = await game.entering.choose(obj, ready.controller)
            if made is None:
                return None
            if game.objects.get(obj.id) is not obj or self._under_departed_player(ready):
                # A player left the game while choosing how it enters: it left with its
                # owner, or it can't enter under a player who has left (800.4a-b).
                return None
            ready.choices = made
        return ready

    def _carry_out(self, ready: _PreparedMove) -> GameObject:
        """Move an object as :meth:`_prepare` decided."""
        game = self.game
        obj = ready.obj
        if ready.shuffle:
            moved = self.move_now(obj, ready.to, rule="614.1a")
            game.shuffle(obj.owner)
            return moved
        choices = ready.choices
        moved = self.move_now(
            obj,
            ready.to,
            rule=ready.rule,
            bottom=ready.bottom,
            controller=ready.controller,
            tapped=ready.tapped,
            event=ready.event,
            copy_card=choices.copy_card,
            more_counters=choices.more_counters,
            face_down=choices.face_down,
            face_down_by=obj.face_down_by,
        )
        # Chosen before it entered (614.12); no player acts before this is set.
        moved.chosen_color = choices.color
        moved.chosen_land_type = choices.land_type
        moved.chosen_name = choices.name
        if choices.enchanting is not None and moved.zone is Zone.BATTLEFIELD:
            self.attach_entering_aura(moved, choices.enchanting.id, rule="303.4f")
        return moved

    def _under_departed_player(self, ready: _PreparedMove) -> bool:
        """Whether the object would be put onto the battlefield or the stack under the
        control of a player who has left the game: then it stays in its zone (800.4b)."""
        if ready.to not in (Zone.BATTLEFIELD, Zone.STACK):
            return False
        player = ready.obj.owner if ready.controller is None else ready.controller
        return self.game.players[player].has_left

    def attach_entering_aura(self, aura: GameObject, to: int, *, rule: str) -> None:
        """An Aura entering the battlefield is attached to the object ``to`` it enchants
        as it enters: the target of the Aura spell (303.4b) or what was chosen for it
        (303.4f). Unlike :meth:`attach`, it gets no new timestamp."""
        game = self.game
        aura.attached_to = to
        game.derived.invalidate()
        game.emit(AuraAttached(rule=rule, object=aura.id, attached_to=to))

    def move_now(
        self,
        obj: GameObject,
        to: Zone,
        *,
        rule: str | None = None,
        bottom: bool = False,
        controller: int | None = None,
        tapped: bool = False,
        event: type[ZoneChangeRecord] = ObjectMoved,
        copy_card: CardDefinition | None = None,
        face_down: bool = False,
        more_counters: Sequence[tuple[str, int]] = (),
        face_down_by: str = "",
    ) -> GameObject:
        """Move ``obj`` to another zone at once, without replacement effects: for moves
        that are not events of the game (setting up, leaving the game) and for the
        pipeline itself. It becomes a new object (CR 400.7).

        Returns the new object. Objects go to their owner's library, hand or
        graveyard (CR 400.3); onto the battlefield or stack under ``controller``
        (default: the owner). ``face_down``: it is turned face down before it enters
        (708.3) or is put onto the stack (708.4), by what ``face_down_by`` names (708.6),
        and only its controller learns what it is. ``more_counters``: counters it enters
        with beyond its own text's, from choices made as it entered (614.1c).
        """
        game = self.game
        from_zone = obj.zone
        if (obj.is_token and from_zone is not Zone.BATTLEFIELD) or (
            obj.is_spell_copy and from_zone is not Zone.STACK
        ):
            return obj  # a token or copy out of its place stays where it is (111.8, 704.5e)
        template = FACE_DOWN if face_down else copy_card or obj.card
        if to is Zone.BATTLEFIELD and not tapped:
            tapped = game.entering.enters_tapped(
                obj, template, obj.owner if controller is None else controller
            )
        leaving = from_zone is Zone.BATTLEFIELD
        # Leaves-the-battlefield abilities look back in time (603.10a).
        lookback = self.leaves_lookback() if leaving else None
        if lookback is not None:
            last_types = game.characteristics(obj).types
            was_creature = "Creature" in last_types
        if leaving:
            # Taken before it goes, while the abilities others give it still apply (113.7a).
            obj.last_known = game.characteristics(obj)
        self.remove(obj)
        new = GameObject(
            game.new_id(),
            obj.card,
            obj.owner,
            to,
            timestamp=game.next_timestamp(),
            controller=controller if to in (Zone.BATTLEFIELD, Zone.STACK) else None,
        )
        game.derived.object_renewed(obj, new)
        new.tapped = tapped
        new.control_turn = game.turn
        new.copy_card = copy_card
        new.face_down = face_down
        new.face_down_by = face_down_by if face_down else ""
        if to is Zone.BATTLEFIELD and "Battle" in template.types:
            # A battle with no battle type is protected by its controller (310.8a).
            new.protector = new.controller
        if obj.is_token:
            new.is_token = True
            if to is not Zone.BATTLEFIELD:
                game.copies_elsewhere.append(new)  # to cease to exist as an SBA (704.5d)
        elif obj.is_spell_copy and to is Zone.BATTLEFIELD:
            new.is_token = True  # a copy of a permanent spell resolves into a token (608.3f)
        elif obj.is_spell_copy:
            new.is_spell_copy = True
            game.copies_elsewhere.append(new)  # to cease to exist as an SBA (704.5e)
        entering_counters = (
            [*game.entering.enters_with_counters(template, obj), *more_counters]
            if to is Zone.BATTLEFIELD
            else ()
        )
        game.objects[new.id] = new
        self._put(new, bottom=bottom)
        if from_zone is Zone.BATTLEFIELD:
            self.left_battlefield(obj)
        game.derived.zones_changed(from_zone, to)
        # A card drawn (or otherwise moved) from the top of a library while it is revealed
        # there was seen by everybody (401.5): its move is no secret.
        hidden = from_zone.is_hidden and to.is_hidden and not game.libraries.is_revealed_top(obj)
        seen_by = [obj.owner]
        if hidden and Zone.HAND in (from_zone, to):
            # Teammates who may review the hand see the card come or go (808.5, 811.5).
            seen_by += game.variant.hand_reviewers(game, obj.owner)
        seq = game.emit(
            event(
                rule=rule or "400.7",
                player=obj.owner,
                visibility=seen_by if hidden else None,
                object=obj.id,
                new_object=new.id,
                card=None if face_down else obj.card.name,
                from_zone=from_zone.value,
                to_zone=to.value,
            )
        )
        if face_down:
            # Its controller may look at it (708.5); nobody else.
            game.emit(
                FaceDownIdentified(
                    rule="708.5",
                    player=new.controller,
                    visibility=[new.controller],
                    object=new.id,
                    card=obj.card.name,
                )
            )
        if copy_card is not None:
            # It enters as a copy (707.5): the layer 1 effect is there from the start.
            game.effects.append(
                ContinuousEffect(
                    layer=Layer.COPY,
                    timestamp=new.timestamp,
                    source=new.id,
                    affected=frozenset((new.id,)),
                    modify=copy_values(copy_card),
                    description=f"a copy of {copy_card.name}",
                )
            )
            game.derived.invalidate()
            game.emit(
                EffectCreated(
                    rule="707.5",
                    source=new.id,
                    affected=[new.id],
                    layer=Layer.COPY.rule,
                    duration="permanent",
                    description=f"a copy of {copy_card.name}",
                )
            )
        for kind, count in entering_counters:
            # It enters with them (614.1c): they are on it from the start, like its
            # characteristics, so nothing sees it without them; they were put on it, as
            # a Saga's chapter abilities see (122.6, 714.2b).
            new.counters[kind] = new.counters.get(kind, 0) + count
            game.derived.invalidate()
            counted = game.emit(
                CountersAdded(
                    rule="614.1c",
                    player=new.controller,
                    object=new.id,
                    kind=kind,
                    count=count,
                    total=new.counters[kind],
                )
            )
            if game.watching and kind == "lore":
                game.notice(
                    TriggerEvent(
                        TriggerKind.COUNTERS_ADDED,
                        counted,
                        new.controller,
                        new,
                        counter=kind,
                        amount=count,
                        total=new.counters[kind],
                    )
                )
        if lookback is not None:
            left = TriggerEvent(
                TriggerKind.LEAVES, seq, obj.controller, obj, types=last_types, zone=to.value
            )
            game.notice(left, index=lookback)
            if to is Zone.GRAVEYARD and was_creature:
                game.notice(
                    TriggerEvent(TriggerKind.DIES, seq, obj.controller, obj), index=lookback
                )
        if to is Zone.BATTLEFIELD and (game.watching or game.entering.entered_together is not None):
            game.entering.entered(TriggerEvent(TriggerKind.ENTERS, seq, new.controller, new))
        if game.library_top_matters:
            if Zone.LIBRARY in (from_zone, to):
                game.library_changed(obj.owner)
            elif Zone.BATTLEFIELD in (from_zone, to):
                game.reveal_library_tops()  # a revealing permanent may have come or gone
        return new

    def leaves_lookback(self) -> TriggerIndex | None:
        """The triggered abilities of the battlefield as it is before a permanent leaves it,
        or before the batch of simultaneous events it leaves in began, which
        leaves-the-battlefield abilities look back to (603.10a); ``None`` when no ability
        could trigger."""
        game = self.game
        if game.entering.lookback is not None:
            return game.entering.lookback
        if game.delayed_triggers or game.derived.permanents_may_trigger:
            return game.trigger_index()
        return None

    def left_battlefield(self, obj: GameObject) -> None:
        """``obj`` has just left the battlefield: effects lasting while it remains there end
        (611.2b), and it is removed from combat (506.4)."""
        game = self.game
        game.derived.left_battlefield(obj)
        lasting = [
            e
            for e in game.effects
            if not (e.duration is Duration.WHILE_SOURCE_ON_BATTLEFIELD and e.source == obj.id)
        ]
        if len(lasting) != len(game.effects):
            # "for as long as [it] remains on the battlefield" ends as it leaves (611.2b).
            game.effects = lasting
            game.derived.invalidate()
        # What was attached to it stays attached to an object that is gone: an Aura goes
        # to the graveyard (704.5m), an Equipment becomes unattached (704.5n), as SBAs.
        game.remove_from_combat(obj.id)

    def cease_to_exist(self, obj: GameObject, *, rule: str) -> None:
        """Remove an object from the game altogether (a token off the battlefield, 704.5d)."""
        game = self.game
        self.remove(obj)
        game.emit(ObjectCeased(rule=rule, player=obj.owner, object=obj.id))

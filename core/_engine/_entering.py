"""Entering the battlefield: what is decided before a permanent enters and what it enters
with (CR 614.1c-d, 614.12, 603.6, 303.4f-g, 707.5), and events that happen at once
(603.10a, 603.6a, 613.7m).

:class:`Entering` makes the "as [this] enters" choices of a card about to enter (what
an Aura not cast enchants, what it copies, a color, a basic land type, a card name,
cards it exiles), works out whether it enters tapped and with which counters from the
abilities it would have there, and keeps the batch of simultaneous events being carried
out: the battlefield as it was before the batch, for leaves-the-battlefield abilities
that look back in time, and the permanents entering together, whose enters triggers see
each other.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from manaweave.cards import (
    AsEntersExileFromGraveyard,
    EntersTappedUnless,
    EntersWithCounters,
    TriggerEvent,
)
from manaweave.events import AuraStayed, CardNameChosen, EventReplaced, TimestampsOrdered

from ._board import compute_board
from ._decisions import CardOption, DecisionKind, Named
from ._errors import RuleNotImplementedError
from ._layers import ContinuousEffect, Layer, copy_values
from ._objects import GameObject
from ._triggers import TriggerIndex
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import CardDefinition

    from ._ability_index import AbilityIndex
    from ._game import Game

__all__ = ["Entering", "EnteringChoices"]


@dataclass(frozen=True, slots=True)
class EnteringChoices:
    """What was decided as an object is about to enter the battlefield (614.12)."""

    enchanting: GameObject | None = None
    """For an Aura put onto the battlefield without being cast: what it will enchant."""
    face_down: bool = False
    copy_card: CardDefinition | None = None
    """What it enters as a copy of (707.5), or the copiable values a copy spell had."""
    color: str | None = None
    land_type: str | None = None
    name: str | None = None
    more_counters: tuple[tuple[str, int], ...] = ()
    """Counters it enters with from choices made as it entered (614.1c)."""


NOT_ENTERING = EnteringChoices()
"""The choices of an object that goes to another zone than the battlefield: none."""


class Entering:
    """The "as it enters" pipeline, and the batch of simultaneous events going on."""

    __slots__ = ("batch_began", "entered_together", "entering_now", "game", "lookback")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.lookback: TriggerIndex | None = None
        """Inside :meth:`simultaneously`: the triggered abilities on the battlefield as it
        was before the batch, which leaves-the-battlefield abilities look back to (603.10a)."""
        self.entering_now: frozenset[int] = frozenset()
        """Inside :meth:`simultaneously`, the objects the batch puts onto the battlefield."""
        self.batch_began: int | None = None
        """Inside :meth:`simultaneously`, the first timestamp given out in the batch."""
        self.entered_together: list[TriggerEvent] | None = None
        """Inside :meth:`simultaneously`, the enters events waiting for the batch to end."""

    async def choose(self, obj: GameObject, controller: int | None) -> EnteringChoices | None:
        """Make the choices for ``obj`` about to enter the battlefield under ``controller``
        (``None``: its owner), in rules order; ``None`` if it can't enter at all (an Aura
        with nothing to enchant, 303.4g)."""
        game = self.game
        chooser = obj.owner if controller is None else controller
        enchanting: GameObject | None = None
        if obj.zone is not Zone.STACK and obj.template.is_aura:
            # Not resolving as an Aura spell: it enchants what its controller chooses as
            # it enters (303.4f), or it doesn't enter at all (303.4g).
            choices = self.permanents_an_entering_aura_may_enchant(obj, chooser)
            if not choices:
                game.emit(
                    AuraStayed(
                        rule="303.4g",
                        player=obj.owner,
                        object=obj.id,
                        card=obj.name,
                        zone=obj.zone.value,
                    )
                )
                return None
            enchanting = await self._choose_what_aura_enchants(obj, chooser, choices)
        # A face-down spell becomes a face-down permanent (708.4); a copy of one keeps the
        # face-down values it copied (707.2).
        face_down = obj.face_down and obj.zone is Zone.STACK
        copy_card = obj.copy_card if obj.zone is Zone.STACK else None
        entering = obj.template
        if entering.enters_as_copy is not None:
            copy_card = await self._choose_copy(obj, chooser)
        template = copy_card or entering
        color = None
        if template.chooses_color_as_it_enters:
            color = await self._choose_color(obj, chooser)
        land_type = None
        if template.chooses_land_type_as_it_enters:
            land_type = await self._choose_basic_land_type(obj, chooser)
        name = None
        if template.chooses_name_as_it_enters:
            name = await self._choose_card_name(obj, chooser)
        more_counters = await self._exile_as_it_enters(obj, template, chooser)
        return EnteringChoices(
            enchanting, face_down, copy_card, color, land_type, name, more_counters
        )

    @asynccontextmanager
    async def simultaneously(self, entering: Iterable[GameObject] = ()) -> AsyncIterator[None]:
        """Events inside the block happen at once: objects leaving the battlefield in it
        look back at the battlefield as it was before the block (CR 603.10a), and
        permanents entering in it are seen by each other's enters triggers (603.6a);
        where their relative timestamps matter, the active player orders them (613.7m).
        ``entering``: the objects the block puts onto the battlefield, which none of them
        may choose to move as it enters (614.13a)."""
        game = self.game
        outer = self.entering_now
        self.entering_now = outer | {obj.id for obj in entering}
        if self.lookback is not None:
            try:
                yield
            finally:
                self.entering_now = outer
            return
        self.lookback = game.trigger_index()
        self.entered_together = []
        self.batch_began = game.last_timestamp + 1
        try:
            yield
        finally:
            self.lookback = None
            self.batch_began = None
            self.entering_now = outer
            entered, self.entered_together = self.entered_together, None
        await self._order_timestamps([e.obj for e in entered if e.obj is not None])
        for event in entered:
            if game.watching:
                game.notice(event)

    async def _order_timestamps(self, entered: list[GameObject]) -> None:
        """Permanents that entered at the same moment get their timestamps in an order the
        active player chooses (613.7m). It matters only among those whose static
        abilities generate continuous effects (613.7b), so only they are ordered."""
        game = self.game
        ordering = [
            p for p in entered if p.zone is Zone.BATTLEFIELD and p.template.has_static_abilities
        ]
        if len(ordering) < 2:
            return
        decision = game.decision(
            DecisionKind.TIMESTAMP_ORDER,
            game.active_player,
            [CardOption(p.id, f"{p.name} #{p.id}") for p in ordering],
            "order the timestamps of the permanents that entered together, earliest first",
            min=len(ordering),
            max=len(ordering),
            ordered=True,
        )
        choice = await game.ask(decision)
        chosen = [ordering[i] for i in choice.indices]
        stamps = sorted(p.timestamp for p in ordering)
        renumbered = {p.timestamp: stamp for p, stamp in zip(chosen, stamps, strict=True)}
        for permanent, stamp in zip(chosen, stamps, strict=True):
            permanent.timestamp = stamp
        # Effects made as they entered (a copy effect, 707.5) carry their timestamps.
        game.effects = [
            replace(e, timestamp=renumbered[e.timestamp])
            if e.source in {p.id for p in ordering} and e.timestamp in renumbered
            else e
            for e in game.effects
        ]
        game.derived.invalidate()
        game.emit(
            TimestampsOrdered(
                rule="613.7m",
                player=game.active_player,
                objects=[p.id for p in chosen],
            )
        )

    def entering_together(self, permanent: GameObject) -> bool:
        """Whether ``permanent`` was put onto the battlefield by the batch of simultaneous
        events now being carried out (:meth:`simultaneously`): to the others entering with
        it, it is not yet on the battlefield as they enter (614.12, 303.4f)."""
        return self.batch_began is not None and permanent.arrived == self.batch_began

    def permanents_an_entering_aura_may_enchant(
        self, aura: GameObject, controller: int
    ) -> list[GameObject]:
        """What the Aura ``aura``, entering the battlefield under ``controller`` other than
        by resolving as an Aura spell, may be attached to as it enters (303.4f): the
        permanents already on the battlefield, not those entering with it, that its
        enchant ability allows and no other effect keeps it from enchanting (702.16c)."""
        game = self.game
        spec = aura.template.enchant
        if spec is None:
            return []
        if spec.admits_player():
            raise RuleNotImplementedError("702.5d", f"{aura.name}: an Aura that enchants a player")
        if spec.attacking or spec.blocking or spec.that_players:
            raise RuleNotImplementedError("303.4f", f"{aura.name}: enchant a creature in combat")
        choices = []
        for permanent in game.battlefield:
            if self.entering_together(permanent):
                continue
            if (
                game.enchant_allows(spec, permanent, controller)
                and not game.forbids_attachment(permanent, aura)
                and game.object_in_range(controller, permanent)  # 801.5a, 801.8
            ):
                choices.append(permanent)
        return choices

    async def _choose_what_aura_enchants(
        self, aura: GameObject, controller: int, choices: list[GameObject]
    ) -> GameObject:
        """As the Aura enters, its controller chooses one of ``choices`` for it to
        enchant (303.4f)."""
        game = self.game
        options = [CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in choices]
        decision = game.decision(
            DecisionKind.CHOICE,
            controller,
            options,
            f"choose what {aura.name} will enchant (303.4f)",
            rule="303.4f",
        )
        choice = await game.ask(decision)
        return choices[choice.indices[0]]

    async def _choose_basic_land_type(self, obj: GameObject, controller: int) -> str:
        """As it enters, its controller chooses a basic land type (614.12, 205.3i)."""
        game = self.game
        types = ("Plains", "Island", "Swamp", "Mountain", "Forest")
        options = [Named(t) for t in types]
        decision = game.decision(
            DecisionKind.CHOICE,
            controller,
            options,
            f"choose a basic land type for {obj.name}",
            rule="614.12",
        )
        choice = await game.ask(decision)
        return types[choice.indices[0]]

    async def _choose_color(self, obj: GameObject, controller: int) -> str:
        """As it enters, its controller chooses a colour (614.12)."""
        game = self.game
        options = [Named(c) for c in ("white", "blue", "black", "red", "green")]
        decision = game.decision(
            DecisionKind.COLOR, controller, options, f"choose a color for {obj.name}"
        )
        choice = await game.ask(decision)
        return "WUBRG"[choice.indices[0]]

    async def _choose_card_name(self, obj: GameObject, controller: int) -> str:
        """As it enters, its controller chooses a card name (614.12): the name of a card
        the game knows of (201.2), in alphabetical order."""
        game = self.game
        names = sorted(game.host.cards)
        options = [Named(n) for n in names]
        decision = game.decision(
            DecisionKind.CHOICE, controller, options, f"choose a card name for {obj.name}"
        )
        choice = await game.ask(decision)
        chosen = names[choice.indices[0]]
        game.emit(CardNameChosen(rule="614.12", player=controller, object=obj.id, name=chosen))
        return chosen

    async def _exile_as_it_enters(
        self, obj: GameObject, template: CardDefinition, controller: int
    ) -> tuple[tuple[str, int], ...]:
        """ "As [this] enters, you may exile any number of [type] cards from your
        graveyard" (614.1c): its controller chooses among the cards in their graveyard
        other than those entering the battlefield with it (614.13a), and they are exiled.
        Returns the counters it enters with for them."""
        game = self.game
        if not template.abilities_of(AsEntersExileFromGraveyard):
            return ()
        counters: list[tuple[str, int]] = []
        chosen_before: set[int] = set()
        for ability in self._abilities_as_it_would_enter(obj, template, controller).of(
            AsEntersExileFromGraveyard
        ):
            candidates = [
                c
                for c in game.players[controller].graveyard
                if ability.card_type in c.card.types
                and c.id != obj.id
                and c.id not in self.entering_now
                and c.id not in chosen_before  # once only (614.13b)
            ]
            if not candidates:
                continue
            decision = game.decision(
                DecisionKind.CARD,
                controller,
                [CardOption(c.id, f"{c.name} #{c.id}") for c in candidates],
                f"exile any number of {ability.card_type.lower()} cards from your graveyard "
                f"as {obj.name} enters",
                min=0,
                max=len(candidates),
                rule="614.1c",
            )
            choice = await game.ask(decision)
            chosen = [candidates[i] for i in choice.indices]
            chosen_before.update(c.id for c in chosen)
            async with self.simultaneously():
                for card_obj in chosen:
                    await game.move(card_obj, Zone.EXILE, rule="614.13a")
            if chosen:
                counters.append((ability.counter, len(chosen)))
        return tuple(counters)

    async def _choose_copy(self, obj: GameObject, controller: int) -> CardDefinition | None:
        """As it enters, its controller chooses what it enters as a copy of (707.5)."""
        game = self.game
        ability = obj.template.enters_as_copy
        assert ability is not None
        candidates = [
            p for p in game.battlefield if game.is_creature(p) and not self.entering_together(p)
        ]
        options: list[Any] = [
            CardOption(p.id, f"{game.characteristics(p).name} #{p.id}") for p in candidates
        ]
        if ability.optional:
            options.append(Named("no copy"))
        if not options:
            return None
        decision = game.decision(
            DecisionKind.ENTER_AS_COPY,
            controller,
            options,
            f"choose a creature for {obj.name} to enter as a copy of",
        )
        choice = await game.ask(decision)
        if not choice.indices:
            return None  # no creature it may copy (801.5a): it enters as itself
        picked = options[choice.indices[0]]
        if not isinstance(picked, CardOption):
            return None
        return ability.with_exceptions(game.objects[picked.object].template)

    def entered(self, event: TriggerEvent) -> None:
        """A permanent entered the battlefield: abilities that trigger on it see ``event``
        now, or when the batch of permanents entering together ends (603.6a)."""
        game = self.game
        if self.entered_together is not None:
            self.entered_together.append(event)  # noticed when the batch ends (603.6a)
        elif game.watching:
            game.notice(event)

    def enters_tapped(self, obj: GameObject, template: CardDefinition, controller: int) -> bool:
        """Apply the entering permanent's own "enters tapped" replacement (614.1d), from
        the text it enters with (a copy's copied text, 707.5) as continuous effects would
        leave it once it is on the battlefield (614.12: under Blood Moon a nonbasic land
        has no such ability left).

        These are its only self-replacements so far, so no choice among several arises.
        """
        game = self.game
        if not template.abilities_of(EntersTappedUnless):
            return False
        for ability in self._abilities_as_it_would_enter(obj, template, controller).of(
            EntersTappedUnless
        ):
            if ability.enters_tapped(game, controller):
                game.emit(
                    EventReplaced(
                        rule="614.1d",
                        player=controller,
                        source=obj.id,
                        text=ability.text,
                    )
                )
                return True
        return False

    def _abilities_as_it_would_enter(
        self, obj: GameObject, template: CardDefinition, controller: int
    ) -> AbilityIndex:
        """The abilities ``obj`` would have on the battlefield under ``controller``, with
        ``template`` as its copiable values, by kind: after the continuous effects that
        already exist and would apply to it, and those of its own static abilities (CR
        614.12)."""
        game = self.game
        if not game.derived.effects_possible:
            return template.ability_index
        prospective = GameObject(
            -1,  # never registered: it only stands for the permanent it would become
            obj.card,
            obj.owner,
            Zone.BATTLEFIELD,
            timestamp=game.last_timestamp + 1,
            controller=controller,
        )
        effects = game.effects + game.derived.emblem_effects()
        if template is not obj.card:
            # Entering as a copy, it has the copied values from the start (707.5), so
            # their "enters with" and "as [this] enters" abilities apply; the layer 1
            # effect that :meth:`move_now` creates doesn't exist yet.
            prospective.copy_card = template
            effects = [
                ContinuousEffect(
                    layer=Layer.COPY,
                    timestamp=prospective.timestamp,
                    source=prospective.id,
                    affected=frozenset((prospective.id,)),
                    modify=copy_values(template),
                    description=f"a copy of {template.name}",
                ),
                *effects,
            ]
        board = compute_board(game, [*game.battlefield, prospective], effects)
        return board[prospective.id].ability_index

    def enters_with_counters(
        self, template: CardDefinition, entering: GameObject
    ) -> list[tuple[str, int]]:
        """The counters the entering permanent's own text puts on it (614.1c, 707.5), if
        it would still have that text on the battlefield (614.12)."""
        counters = []
        if template.abilities_of(EntersWithCounters):
            counters = [
                (ability.kind, ability.count(entering))
                for ability in self._abilities_as_it_would_enter(
                    entering, template, entering.controller
                ).of(EntersWithCounters)
                if ability.count(entering) > 0
            ]
        if template.loyalty and "Planeswalker" in template.types:
            # A planeswalker enters with its printed loyalty in loyalty counters (306.5b).
            counters.insert(0, ("loyalty", template.loyalty))
        if template.final_chapter and "Saga" in template.subtypes:
            counters.insert(0, ("lore", 1))  # 714.3a
        if template.defense and "Battle" in template.types:
            counters.insert(0, ("defense", template.defense))  # 310.4b
        return counters

"""The replacement and prevention effects abilities create (CR 614, 615): what each does to
the events it applies to. The pipeline that offers events to them, orders them and logs
what they do is :mod:`manaweave._engine._replacement`."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, ClassVar, Literal

from manaweave._engine._decisions import CardOption, DecisionKind, TargetOption
from manaweave._engine._objects import GameObject, KnownSource, Source, StackItem, TargetRef
from manaweave._engine._replacement import (
    CounterEvent,
    DamageEvent,
    DamageShield,
    DrawEvent,
    Event,
    LifeGainEvent,
    LifeLossEvent,
    PartlyRedirected,
    ReplacementEffect,
    TokenEvent,
    ZoneChangeEvent,
)
from manaweave._engine._zones import Zone
from manaweave.events import CardsRevealed

if TYPE_CHECKING:
    from manaweave._engine._game import Game


@dataclass(frozen=True, slots=True)
class PreventDamage(ReplacementEffect):
    """The text "Prevent all [combat] damage that would be dealt [to you and creatures you control]
    [this turn]" (CR 615.1a, 615.6)."""

    events = (DamageEvent,)

    combat_only: bool = False
    protects: Literal["everything", "you and your creatures"] = "everything"
    prevention: ClassVar[bool] = True

    def applies(self, game: Game, event: DamageEvent) -> bool:
        if event.amount <= 0 or (self.combat_only and not event.combat):
            return False
        if self.protects == "everything":
            # Naming neither source nor recipient, it prevents only damage whose source
            # and recipient are both within its controller's range of influence (801.13b).
            influence = game.influence
            return not influence.limited or (
                influence.in_range(self.controller, event.source.controller)
                and influence.reaches(self.controller, event.target)
            )
        if isinstance(event.target, tuple):
            return event.target[1] == self.controller
        obj = game.objects.get(event.target)
        return (
            obj is not None
            and obj.zone is Zone.BATTLEFIELD
            and obj.controller == self.controller
            and game.is_creature(obj)
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        return None


@dataclass(frozen=True, slots=True)
class PreventDamageToObject(ReplacementEffect):
    """ "Prevent all [noncombat] damage that would be dealt to [one permanent]" (CR 615.1a,
    615.6), for as long as the ability generating it says: ``protected`` is the object."""

    events = (DamageEvent,)

    protected: int = 0
    noncombat_only: bool = False
    prevention: ClassVar[bool] = True

    def applies(self, game: Game, event: DamageEvent) -> bool:
        return (
            event.amount > 0
            and event.target == self.protected
            and not (self.noncombat_only and event.combat)
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        return None


def _recipient_name(game: Game, recipient: TargetRef) -> str:
    if isinstance(recipient, tuple):
        return f"player {recipient[1]}"
    obj = game.objects.get(recipient)
    return f"{obj.public_name} #{recipient}" if obj is not None else f"#{recipient}"


@dataclass(frozen=True, slots=True)
class NextDamagePrevention(DamageShield):
    """A prevention shield (CR 615.7): "Prevent the next N damage that would be dealt to
    [``protected``] this turn". Damage that can't be prevented does not reduce it
    (615.12)."""

    protected: TargetRef = 0
    prevention: ClassVar[bool] = True
    prevention_rule: ClassVar[str] = "615.7"

    def would_take(self, game: Game, event: DamageEvent) -> bool:
        return event.amount > 0 and event.target == self.protected and self.remaining > 0

    def part_option(self, game: Game, event: DamageEvent, left: int) -> TargetOption | CardOption:
        return CardOption(
            event.source.id, f"{event.source.public_name} #{event.source.id}: {left} damage"
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        if not event.preventable:
            return event
        prevented = self.take(game, event)
        if prevented == event.amount:
            return None
        return replace(event, amount=event.amount - prevented)


@dataclass(frozen=True, slots=True)
class ExileInstead(ReplacementEffect):
    """ "If a card or token would be put into a graveyard from anywhere, exile it instead"
    (CR 614.1a)."""

    events = (ZoneChangeEvent,)

    def applies(self, game: Game, event: ZoneChangeEvent) -> bool:
        return event.to is Zone.GRAVEYARD

    async def apply(self, game: Game, event: ZoneChangeEvent) -> Event | None:
        return ZoneChangeEvent(event.obj, Zone.EXILE)


@dataclass(frozen=True, slots=True)
class ShuffleIntoLibraryInstead(ReplacementEffect):
    """ "If [this permanent] would die / be put into a graveyard, shuffle it into its
    owner's library instead" (CR 614.1a): applies to its source only."""

    events = (ZoneChangeEvent,)

    def applies(self, game: Game, event: ZoneChangeEvent) -> bool:
        return event.to is Zone.GRAVEYARD and event.obj.id == self.source

    async def apply(self, game: Game, event: ZoneChangeEvent) -> Event | None:
        return ZoneChangeEvent(event.obj, Zone.LIBRARY, shuffle=True)


@dataclass(frozen=True, slots=True)
class RevealAndShuffleIntoLibraryInstead(ShuffleIntoLibraryInstead):
    """ "If [this] would be put into a graveyard from anywhere, reveal [it] and shuffle it
    into its owner's library instead" (CR 614.1a, 701.20a): it is revealed, whatever zone
    it is leaving."""

    async def apply(self, game: Game, event: ZoneChangeEvent) -> Event | None:
        game.emit(CardsRevealed(rule="701.20a", player=event.obj.owner, cards=[event.obj.name]))
        return ZoneChangeEvent(event.obj, Zone.LIBRARY, shuffle=True)


@dataclass(frozen=True, slots=True)
class SourceFilter:
    """Which sources of damage an effect watches: one of ``types`` and one of ``colors``
    (each ignored when empty), controlled by ``controller`` if given. A shield rechecks
    these as the damage would be dealt (609.7b); a permanent source is looked at as it is
    now, any other as it last existed (609.7c)."""

    types: tuple[str, ...] = ()
    colors: tuple[str, ...] = ()
    controller: int | None = None

    def matches(self, game: Game, source: StackItem | GameObject) -> bool:
        """Whether damage from ``source`` is damage this filter describes."""
        if not isinstance(source, GameObject):
            return False
        current = game.objects.get(source.id)
        chars = game.characteristics(current if current is not None else source)
        if self.types and not any(t in chars.types for t in self.types):
            return False
        if self.colors and not any(c in chars.colors for c in self.colors):
            return False
        return self.controller is None or chars.controller == self.controller


@dataclass(frozen=True, slots=True)
class ModifyDamage(ReplacementEffect):
    """ "If [a source] would deal damage to a permanent or player, it deals double that
    damage / that much damage plus N to that permanent or player instead" (614.1a): the
    amount becomes ``amount * multiply + add``."""

    events = (DamageEvent,)

    multiply: int = 1
    add: int = 0
    sources: SourceFilter = SourceFilter()

    def applies(self, game: Game, event: DamageEvent) -> bool:
        return event.amount > 0 and self.sources.matches(game, event.source)

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        return replace(event, amount=event.amount * self.multiply + self.add)


@dataclass(frozen=True, slots=True)
class RedirectDamage(ReplacementEffect):
    """A redirection effect (CR 614.9): damage that would be dealt to player
    ``protected`` (only combat damage, or only from unblocked attackers, if so limited)
    is dealt to the permanent ``to`` instead. If that permanent has left the battlefield
    or is no longer a creature, planeswalker or battle, it does nothing."""

    events = (DamageEvent,)

    replacement_rule: ClassVar[str] = "614.9"

    protected: int = 0
    to: int = 0
    combat_only: bool = False
    unblocked_only: bool = False

    def applies(self, game: Game, event: DamageEvent) -> bool:
        if not (event.amount > 0 and event.target == ("player", self.protected)):
            return False
        if self.combat_only and not event.combat:
            return False
        if self.unblocked_only:
            combat = game.combat
            attacker = game.objects.get(event.source.id)
            if (
                combat is None
                or attacker is None
                or attacker.id not in combat.attackers
                or attacker.blocked
            ):
                return False
        if game.players[self.protected].has_left:
            return False
        return _can_redirect_to(game, self.to)

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        return replace(event, target=self.to)


def _can_redirect_to(game: Game, recipient: TargetRef) -> bool:
    """Whether damage can be redirected to ``recipient`` now (CR 614.9): a player still in
    the game, or a permanent still on the battlefield that is still a battle, creature or
    planeswalker. Otherwise the redirection does nothing."""
    if isinstance(recipient, tuple):
        return not game.players[recipient[1]].has_left
    permanent = game.objects.get(recipient)
    if permanent is None or permanent.zone is not Zone.BATTLEFIELD:
        return False
    types = game.characteristics(permanent).types
    return any(t in types for t in ("Creature", "Planeswalker", "Battle"))


@dataclass(frozen=True, slots=True)
class RedirectNextDamageFromSource(DamageShield):
    """A redirection shield (CR 614.9, 614.2): "The next N damage that [``damage_source``]
    would deal to [player ``protected``] and/or permanents [they] control this turn is
    dealt to [``to``] instead".

    It counts damage as a prevention shield does (615.7, :class:`DamageShield`): the part
    of one damage event it redirects is dealt by the same source to ``to``, the rest to
    the original recipient, at the same time (:class:`PartlyRedirected`); where the source
    would damage several of those recipients at the same time and the shield can't take
    all of it, the protected player chooses which damage it redirects. The shield
    redirects nothing and is not used up (609.7b) while the damage can't be redirected to
    ``to`` (614.9) or would be dealt to ``to`` anyway.
    """

    replacement_rule: ClassVar[str] = "614.9"

    damage_source: int = 0
    protected: int = 0
    to: TargetRef = 0
    division_rule: ClassVar[str] = "614.9"
    division_verb: ClassVar[str] = "redirect"

    def shields(self, game: Game, recipient: TargetRef) -> bool:
        """Whether damage to ``recipient`` is damage to the protected player or to a
        permanent they control, as it would be dealt."""
        if isinstance(recipient, tuple):
            return recipient == ("player", self.protected)
        permanent = game.objects.get(recipient)
        return (
            permanent is not None
            and permanent.zone is Zone.BATTLEFIELD
            and permanent.controller == self.protected
        )

    def would_take(self, game: Game, event: DamageEvent) -> bool:
        return (
            event.amount > 0
            and self.remaining > 0
            and game.is_chosen_source(self.damage_source, event.source)
            and event.target != self.to
            and self.shields(game, event.target)
            and not game.players[self.protected].has_left
            and _can_redirect_to(game, self.to)
        )

    def part_option(self, game: Game, event: DamageEvent, left: int) -> TargetOption | CardOption:
        recipient = event.target
        return TargetOption(
            recipient if isinstance(recipient, int) else None,
            recipient[1] if isinstance(recipient, tuple) else None,
            f"{_recipient_name(game, recipient)}: {left} damage",
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | PartlyRedirected | None:
        moved = self.take(game, event)
        redirected = replace(event, target=self.to, amount=moved)
        if moved == event.amount:
            return redirected
        return PartlyRedirected(redirected, replace(event, amount=event.amount - moved))


@dataclass(frozen=True, slots=True)
class PreventNextFromSource(ReplacementEffect):
    """ "The next time [a source of your choice] would deal damage to [protected] this
    turn, prevent that damage" (CR 615.8): the whole of that one instance, once. With a
    ``sources`` filter ("a red source"), it applies only while the source still matches,
    and is not used up otherwise (609.7b)."""

    events = (DamageEvent,)

    damage_source: int = 0
    protected: TargetRef = 0
    sources: SourceFilter = SourceFilter()
    prevention: ClassVar[bool] = True
    prevention_rule: ClassVar[str] = "615.8"

    def applies(self, game: Game, event: DamageEvent) -> bool:
        return (
            event.amount > 0
            and game.is_chosen_source(self.damage_source, event.source)
            and event.target == self.protected
            and self.sources.matches(game, event.source)
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        if not event.preventable:
            return event  # nothing is prevented, so the shield stays (609.7b, 615.12)
        game.replacement_effects.remove(self)
        return None


@dataclass(frozen=True, slots=True)
class DrawInsteadOf(ReplacementEffect):
    """ "If [player] would draw a card, instead that player skips that draw and you draw a
    card" (Plagiarize, 614.11): the draw becomes a draw by this effect's controller."""

    events = (DrawEvent,)

    player: int = 0

    def applies(self, game: Game, event: DrawEvent) -> bool:
        return event.player == self.player

    async def apply(self, game: Game, event: DrawEvent) -> Event | None:
        return DrawEvent(self.controller)


@dataclass(frozen=True, slots=True)
class PreventSomeDamage(ReplacementEffect):
    """ "If a source would deal damage to a [subtype] creature you control, prevent N of
    that damage" (CR 615.10): N of each damage event, each time."""

    events = (DamageEvent,)

    amount: int = 1
    subtypes: tuple[str, ...] = ()
    prevention: ClassVar[bool] = True
    prevention_rule: ClassVar[str] = "615.10"

    def applies(self, game: Game, event: DamageEvent) -> bool:
        if not (event.amount > 0):
            return False
        if isinstance(event.target, tuple):
            return False
        obj = game.objects.get(event.target)
        if obj is None or obj.zone is not Zone.BATTLEFIELD or obj.controller != self.controller:
            return False
        chars = game.characteristics(obj)
        return chars.is_creature and (
            not self.subtypes or any(t in chars.subtypes for t in self.subtypes)
        )

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        if not event.preventable:
            return event
        if event.amount <= self.amount:
            return None
        return replace(event, amount=event.amount - self.amount)


@dataclass(frozen=True, slots=True)
class SomeDamageToYouPrevention(ReplacementEffect):
    """ "If a source [an opponent controls] would deal damage to you, prevent N of that
    damage" (CR 615.10): N of each damage event, each time."""

    events = (DamageEvent,)

    amount: int = 1
    from_opponents: bool = False
    prevention: ClassVar[bool] = True
    prevention_rule: ClassVar[str] = "615.10"

    def applies(self, game: Game, event: DamageEvent) -> bool:
        if not (event.amount > 0):
            return False
        if event.target != ("player", self.controller):
            return False
        return not self.from_opponents or event.source.controller in game.opponents(self.controller)

    async def apply(self, game: Game, event: DamageEvent) -> Event | None:
        if not event.preventable:
            return event
        if event.amount <= self.amount:
            return None
        return replace(event, amount=event.amount - self.amount)


@dataclass(frozen=True, slots=True)
class ModifyLifeGain(ReplacementEffect):
    """ "If you would gain life, you gain twice that much life instead" (614.1a): the
    controller's life gain is multiplied."""

    events = (LifeGainEvent,)

    multiply: int = 2

    def applies(self, game: Game, event: LifeGainEvent) -> bool:
        return event.player == self.controller

    async def apply(self, game: Game, event: LifeGainEvent) -> Event | None:
        return replace(event, amount=event.amount * self.multiply)


@dataclass(frozen=True, slots=True)
class LoseLifeInsteadOfGaining(ReplacementEffect):
    """ "If an opponent would gain life, that player loses that much life instead"
    (614.1a)."""

    events = (LifeGainEvent,)

    def applies(self, game: Game, event: LifeGainEvent) -> bool:
        return event.player != self.controller

    async def apply(self, game: Game, event: LifeGainEvent) -> Event | None:
        # The life is lost because of this effect's source (614.1a): the object, or what
        # the effect kept of it once it is gone.
        source: Source = game.objects.get(self.source) or KnownSource(
            self.source, self.source_name, self.controller
        )
        await game.lose_life(event.player, event.amount, rule="614.1a", source=source)
        return None


@dataclass(frozen=True, slots=True)
class DrawInsteadOfGainingLife(ReplacementEffect):
    """ "If you would gain life, draw that many cards instead" (the first effect of the
    example of 616.2): the draws are events of their own, which other replacement effects
    may replace in turn."""

    events = (LifeGainEvent,)

    def applies(self, game: Game, event: LifeGainEvent) -> bool:
        return event.player == self.controller

    async def apply(self, game: Game, event: LifeGainEvent) -> Event | None:
        await game.draw(event.player, event.amount)
        return None


@dataclass(frozen=True, slots=True)
class ReturnFromGraveyardInsteadOfDrawing(ReplacementEffect):
    """ "If you would draw a card, return a card from your graveyard to your hand instead"
    (the second effect of the example of 616.2). With an empty graveyard, nothing is
    returned and nothing is drawn."""

    events = (DrawEvent,)

    def applies(self, game: Game, event: DrawEvent) -> bool:
        return event.player == self.controller

    async def apply(self, game: Game, event: DrawEvent) -> Event | None:
        graveyard = game.players[event.player].graveyard
        if not graveyard:
            return None
        options = [CardOption(c.id, c.name) for c in graveyard]
        decision = game.decision(
            DecisionKind.CARD,
            event.player,
            options,
            "return a card from your graveyard to your hand",
        )
        choice = await game.ask(decision)
        await game.move(game.objects[options[choice.indices[0]].object], Zone.HAND, rule="614.1a")
        return None


@dataclass(frozen=True, slots=True)
class MoreCounters(ReplacementEffect):
    """ "If one or more [kind] counters would be put on a creature you control, that many
    plus N [kind] counters are put on it instead" (614.1a)."""

    events = (CounterEvent,)

    kind: str = "+1/+1"
    extra: int = 1

    def applies(self, game: Game, event: CounterEvent) -> bool:
        return (
            event.kind == self.kind
            and event.count > 0
            and event.obj.controller == self.controller
            and game.is_creature(event.obj)
        )

    async def apply(self, game: Game, event: CounterEvent) -> Event | None:
        return replace(event, count=event.count + self.extra)


@dataclass(frozen=True, slots=True)
class LessLifeLoss(ReplacementEffect):
    """ "If you would lose life, you lose that much life minus N instead" (614.1a)."""

    events = (LifeLossEvent,)

    less: int = 1

    def applies(self, game: Game, event: LifeLossEvent) -> bool:
        return event.player == self.controller

    async def apply(self, game: Game, event: LifeLossEvent) -> Event | None:
        amount = event.amount - self.less
        return replace(event, amount=amount) if amount > 0 else None


@dataclass(frozen=True, slots=True)
class MoreTokens(ReplacementEffect):
    """ "If an effect would create one or more tokens under your control, it creates twice
    that many of those tokens instead" (614.1a)."""

    events = (TokenEvent,)

    multiply: int = 2

    def applies(self, game: Game, event: TokenEvent) -> bool:
        return event.player == self.controller

    async def apply(self, game: Game, event: TokenEvent) -> Event | None:
        return replace(event, count=event.count * self.multiply)

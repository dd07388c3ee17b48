"""Counters, pumps and other continuous effects of resolving spells and abilities
(CR 611.2), and effects on turns, mana and emblems."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from manaweave._engine._decisions import DecisionKind, Named
from manaweave._engine._layers import (
    Characteristics,
    ContinuousEffect,
    Duration,
    Layer,
    add_types,
    change_text,
    gain_ability,
    modify_pt,
    set_colors,
    set_controller,
    set_pt,
    switch_pt,
)
from manaweave._engine._zones import Zone

from ._ability import Ability, TextChange
from ._amounts import Amount
from ._resolution import (
    SELF,
    Effect,
    Recipient,
    Resolution,
    _amount,
    _lock_on,
    _recipient,
    renamed_fields,
)
from ._static import check_grantable
from ._temporary_effects import END_OF_TURN, UNTIL_YOUR_NEXT_TURN, grant_ability, pump

if TYPE_CHECKING:
    from manaweave._engine._objects import GameObject


def _permanent(resolution: Resolution, target: Recipient) -> GameObject | None:
    """The permanent an effect's ``target`` means now, if it is one on the battlefield."""
    chosen = _recipient(resolution, target)
    if not isinstance(chosen, int):
        return None
    obj = resolution.game.objects.get(chosen)
    return obj if obj is not None and obj.zone is Zone.BATTLEFIELD else None


@dataclass(frozen=True, slots=True)
class PumpTarget(Effect):
    """A creature gets +P/+T (or -P/-T) until end of turn, or ``until_your_next_turn``
    (CR 611.2, 613.4c): the target at index ``target``, or ``SELF``."""

    power: int
    toughness: int
    target: Recipient = 0
    until_your_next_turn: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        creature = _permanent(resolution, self.target)
        if creature is not None:
            pump(
                resolution.game,
                creature,
                self.power,
                self.toughness,
                source=resolution.item.id,
                controller=resolution.controller,
                until=UNTIL_YOUR_NEXT_TURN if self.until_your_next_turn else END_OF_TURN,
            )


@dataclass(frozen=True, slots=True)
class PutCounters(Effect):
    """Put ``count`` counters of ``kind`` ("+1/+1", "-1/-1", ...) on a permanent: the target
    at index ``target``, or ``SELF`` (CR 122.1, 122.6)."""

    kind: str
    count: int | Amount = 1
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            await game.put_counters(
                game.objects[chosen], self.kind, _amount(self.count, resolution), rule="122.6"
            )


@dataclass(frozen=True, slots=True)
class PutCountersOnEachCreatureYouControl(Effect):
    """ "Put a [kind] counter on each creature you control", all at once (CR 122.6), and
    with ``then_gains``, "Those creatures gain [ability] until end of turn": the creatures
    the counters were put on, as the effect began (611.2c)."""

    kind: str
    count: int = 1
    then_gains: Ability | None = None

    def __post_init__(self) -> None:
        if self.then_gains is not None:
            check_grantable(self.then_gains)

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        creatures = game.creatures(resolution.controller)
        async with game.simultaneously():
            for creature in creatures:
                await game.put_counters(creature, self.kind, self.count, rule="122.6")
        ability = self.then_gains
        if ability is None or not creatures:
            return
        game.add_continuous_effect(
            ContinuousEffect(
                layer=Layer.ABILITY,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=frozenset(c.id for c in creatures),
                modify=gain_ability(ability),
                duration=Duration.END_OF_TURN,
                description=f'gains "{getattr(ability, "text", "")}"',
                granted=(ability,),
            )
        )


@dataclass(frozen=True, slots=True)
class PumpEitherWay(Effect):
    """ "Target creature gets +X/+X or -X/-X until end of turn" (CR 608.2d): the controller
    chooses the sign as it resolves."""

    amount: int | Amount
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        x = _amount(self.amount, resolution)
        options = [Named(f"+{x}/+{x}"), Named(f"-{x}/-{x}")]
        decision = resolution.game.decision(
            DecisionKind.CHOICE, resolution.controller, options, "+X/+X or -X/-X"
        )
        choice = await resolution.game.ask(decision)
        sign = 1 if choice.indices[0] == 0 else -1
        _lock_on(
            resolution,
            self.target,
            Layer.PT_MODIFYING,
            modify_pt(sign * x, sign * x),
            f"{sign * x:+d}/{sign * x:+d} until end of turn",
            Duration.END_OF_TURN,
        )


@dataclass(frozen=True, slots=True)
class CreateEmblem(Effect):
    """ "You get an emblem with [abilities]" (CR 114.1)."""

    abilities: tuple[Ability, ...]
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        resolution.game.create_emblem(
            resolution.controller,
            self.abilities,
            text=self.wording,
            source=resolution.item.source,
        )


@dataclass(frozen=True, slots=True)
class GainsUntilEndOfTurn(Effect):
    """ "[Target creature] gains "[ability]" until end of turn" (CR 613.1f, 611.2c): a
    layer 6 effect on the object as it resolves. A granted static ability generates its
    effects from that object while it has the ability (604.1, 613.7a)."""

    ability: Ability
    target: Recipient = 0

    def __post_init__(self) -> None:
        check_grantable(self.ability)

    async def resolve(self, resolution: Resolution) -> None:
        permanent = _permanent(resolution, self.target)
        if permanent is not None:
            grant_ability(
                resolution.game,
                permanent,
                self.ability,
                source=resolution.item.id,
                controller=resolution.controller,
            )


@dataclass(frozen=True, slots=True)
class AllBecome(Effect):
    """ "All [non-type] [type]s become [P/T] [type] [type]s until end of turn" (CR 205.1b,
    611.2c, 613.6): the objects are locked in as it resolves, and every part of the
    effect (type in layer 4, P/T in layer 7b) goes on applying to exactly them."""

    of_type: str
    not_type: str | None = None
    types: tuple[str, ...] = ()
    pt: tuple[int, int] | None = None
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        affected = frozenset(
            p.id
            for p in game.battlefield
            if self.of_type in game.characteristics(p).types
            and (self.not_type is None or self.not_type not in game.characteristics(p).types)
        )
        if not affected:
            return
        timestamp = game.next_timestamp()
        parts: list[tuple[Layer, Callable[[Characteristics], None]]] = []
        if self.types:
            parts.append((Layer.TYPE, add_types(self.types, ())))
        if self.pt is not None:
            parts.append((Layer.PT_SETTING, set_pt(*self.pt)))
        for layer, modify in parts:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=layer,
                    timestamp=timestamp,
                    source=resolution.item.id,
                    affected=affected,
                    modify=modify,
                    duration=Duration.END_OF_TURN,
                    description=self.wording,
                )
            )


SKIPPABLE: Final = frozenset(
    {
        "turn",
        "combat phase",
        "untap step",
        "upkeep step",
        "draw step",
        "precombat main phase",
        "postcombat main phase",
        "end step",
    }
)
"""What an effect can make a player skip: their next turn, combat phase, or step."""


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class SkipNext(Effect):
    """ "[Target player] skips their next [turn / combat phase / untap step / ...]" (CR
    614.10): one of :data:`SKIPPABLE`."""

    what: str
    player: Recipient = 0

    def __post_init__(self) -> None:
        if self.what not in SKIPPABLE:
            raise ValueError(f"can't skip {self.what!r}: one of {sorted(SKIPPABLE)}")

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            resolution.game.skip_next(recipient[1], self.what, source=resolution.item.source)


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class ExtraTurn(Effect):
    """ "[Target player] takes an extra turn after this one" (CR 500.7)."""

    player: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            resolution.game.add_extra_turn(recipient[1], source=resolution.item.source)


@dataclass(frozen=True, slots=True)
class OpponentsCantCastSpellsThisTurn(Effect):
    """ "Your opponents can't cast spells this turn": a prohibition that wins over any
    permission (CR 101.2), until the turn ends. Opponents are those of the controller as
    it resolves (102.3)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for opponent in game.opponents(resolution.controller):
            if game.in_range(resolution.controller, opponent):  # 801.10
                game.players[opponent].cant_cast_on_turn = game.turn


@dataclass(frozen=True, slots=True)
class ChangeText(Effect):
    """The text "Change the text of target permanent by replacing all instances of [word]
    with [word]" (CR 612.1-612.2): a layer 3 effect that lasts indefinitely."""

    old: str
    new: str
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.TEXT,
            change_text(TextChange(self.old, self.new)),
            f"{self.old} becomes {self.new}",
            Duration.PERMANENT,
        )


@dataclass(frozen=True, slots=True)
class SwitchTarget(Effect):
    """The text "Switch target creature's power and toughness until end of turn"
    (CR 613.4d)."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.PT_SWITCHING,
            switch_pt(),
            "power and toughness switched until end of turn",
            Duration.END_OF_TURN,
        )


@dataclass(frozen=True, slots=True)
class GainControl(Effect):
    """ "Gain control of target [permanent] [until end of turn]" (CR 613.1b, 611.2c): a
    layer 2 effect on the target at index ``target`` that gives it to the controller of
    the spell or ability, for ``duration``."""

    target: Recipient = 0
    duration: Duration = Duration.END_OF_TURN

    async def resolve(self, resolution: Resolution) -> None:
        _lock_on(
            resolution,
            self.target,
            Layer.CONTROL,
            set_controller(resolution.controller),
            f"controlled by player {resolution.controller}"
            + (" until end of turn" if self.duration is Duration.END_OF_TURN else ""),
            self.duration,
        )


@dataclass(frozen=True, slots=True)
class GiveControl(Effect):
    """ "Target [player] gains control of [this]" (CR 613.1b, 611.2c): a layer 2 effect
    on ``permanent`` (by default the ability's source) that gives it to the player at
    target index ``player``, for ``duration`` (by default for as long as it stays on the
    battlefield). Nothing happens if either is gone or the player is no longer a legal
    target (608.2b)."""

    player: Recipient = 0
    permanent: Recipient = SELF
    duration: Duration = Duration.PERMANENT

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.player)
        if not isinstance(chosen, tuple):
            return
        new_controller = chosen[1]
        _lock_on(
            resolution,
            self.permanent,
            Layer.CONTROL,
            set_controller(new_controller),
            f"controlled by player {new_controller}",
            self.duration,
        )


@dataclass(frozen=True, slots=True)
class PumpAll(Effect):
    """The text "Creatures you control get +P/+T [and gain ``gains``] until end of turn"
    (only "gain" with +0/+0), or with ``attacking`` "Attacking creatures get +P/+T until
    end of turn" (whoever controls them), or with ``color`` "All [colour] creatures get
    +P/+T until end of turn" (whoever controls them): the creatures are those that match as
    it resolves, locked in (CR 611.2c); the abilities are gained in layer 6 and the +P/+T
    applies in layer 7c (613.1f, 613.4c)."""

    power: int
    toughness: int
    attacking: bool = False
    gains: tuple[Ability, ...] = ()
    color: str | None = None

    def __post_init__(self) -> None:
        for ability in self.gains:
            check_grantable(ability)

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        if self.attacking:
            creatures = frozenset(c.id for c in game.battlefield if game.is_attacking(c.id))
        elif self.color is not None:
            creatures = frozenset(
                c.id for c in game.creatures() if self.color in game.characteristics(c).colors
            )
        else:
            creatures = frozenset(c.id for c in game.creatures(resolution.controller))
        if not creatures:
            return
        for ability in self.gains:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=Layer.ABILITY,
                    timestamp=game.next_timestamp(),
                    source=resolution.item.id,
                    affected=creatures,
                    modify=gain_ability(ability),
                    duration=Duration.END_OF_TURN,
                    description=f'gain "{ability.text}" until end of turn',
                    granted=(ability,),
                )
            )
        if not (self.power or self.toughness):
            return  # "Creatures you control gain [ability] until end of turn"
        game.add_continuous_effect(
            ContinuousEffect(
                layer=Layer.PT_MODIFYING,
                timestamp=game.next_timestamp(),
                source=resolution.item.id,
                affected=creatures,
                modify=modify_pt(self.power, self.toughness),
                duration=Duration.END_OF_TURN,
                description=f"{self.power:+d}/{self.toughness:+d} until end of turn",
            )
        )


@dataclass(frozen=True, slots=True)
class Becomes(Effect):
    """The text "Target [permanent] becomes a [P/T] [colour] [subtype] [type]. It's still a
    [type]." (CR 205.1b): added types in layer 4, colours set in layer 5, base P/T set in
    layer 7b (613.1d-e, 613.4b), all with one timestamp, for ``duration``; the affected
    object is locked in as it begins (611.2c)."""

    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    colors: tuple[str, ...] | None = None
    pt: tuple[int, int] | None = None
    duration: Duration = Duration.END_OF_TURN
    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if not isinstance(chosen, int):
            return
        game = resolution.game
        source = resolution.item.id
        if self.duration is Duration.WHILE_SOURCE_ON_BATTLEFIELD:
            source = resolution.item.source
            holder = game.objects.get(source)
            if holder is None or holder.zone.value != "battlefield":
                return  # the "for as long as" duration never starts (611.2b)
        parts: list[tuple[Layer, Callable[[Characteristics], None], str]] = []
        if self.types or self.subtypes:
            added = " ".join((*self.subtypes, *self.types))
            parts.append((Layer.TYPE, add_types(self.types, self.subtypes), f"becomes {added}"))
        if self.colors is not None:
            parts.append((Layer.COLOR, set_colors(self.colors), f"becomes {self.colors}"))
        if self.pt is not None:
            power, toughness = self.pt
            parts.append((Layer.PT_SETTING, set_pt(power, toughness), f"is {power}/{toughness}"))
        timestamp = game.next_timestamp()
        for layer, modify, description in parts:
            game.add_continuous_effect(
                ContinuousEffect(
                    layer=layer,
                    timestamp=timestamp,
                    source=source,
                    affected=frozenset((chosen,)),
                    modify=modify,
                    duration=self.duration,
                    description=description,
                )
            )


@dataclass(frozen=True, slots=True)
class AddMana(Effect):
    """The controller adds ``mana``, a tuple of mana types (CR 106.3)."""

    mana: tuple[str, ...]

    async def resolve(self, resolution: Resolution) -> None:
        resolution.game.add_mana(resolution.controller, self.mana, resolution.item.source)

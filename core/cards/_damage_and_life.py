"""Effects of damage and life: dealing damage (CR 120), preventing and redirecting it
(615, 609.7), gaining and losing life (119), winning the game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from manaweave._engine._decisions import CardOption, DecisionKind
from manaweave._engine._objects import AbilityOnStack, GameObject

from ._ability import Ability
from ._amounts import Amount
from ._conditions import SpellCondition
from ._replacement_effects import (
    NextDamagePrevention,
    PreventDamage,
    PreventNextFromSource,
    RedirectDamage,
    SourceFilter,
)
from ._resolution import Effect, Recipient, Resolution, _amount, _recipient, renamed_fields

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import TargetRef


@dataclass(frozen=True, slots=True)
class DealDamage(Effect):
    """Deal N damage to the target at index ``target``, or another :data:`Recipient` (120)."""

    amount: int | Amount
    target: Recipient = 0
    unpreventable_if: SpellCondition | None = None
    """"The damage can't be prevented" (with a condition), CR 615.12."""

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if recipient is not None:
            amount = _amount(self.amount, resolution)
            condition = self.unpreventable_if
            preventable = condition is None or not condition.holds(resolution.item)
            await resolution.game.deal_damage(
                resolution.item.source_snapshot, recipient, amount, preventable=preventable
            )


@dataclass(frozen=True, slots=True)
class DealDamageToEach(Effect):
    """ "[This] deals N damage to [one recipient] and M damage to [another]": one
    instruction, so all of it is dealt at the same time (CR 120.4b), and a prevention or
    redirection shield is divided among it (615.7). ``parts`` pairs each amount with its
    :data:`Recipient`; one that is gone is dealt nothing."""

    parts: tuple[tuple[int | Amount, Recipient], ...]

    async def resolve(self, resolution: Resolution) -> None:
        source = resolution.item.source_snapshot
        instances: list[tuple[GameObject, TargetRef, int]] = []
        for amount, target in self.parts:
            recipient = _recipient(resolution, target)
            if recipient is not None:
                instances.append((source, recipient, _amount(amount, resolution)))
        await resolution.game.deal_damage_simultaneously(instances)


@dataclass(frozen=True, slots=True)
class DealDividedDamage(Effect):
    """Deal ``total`` damage divided as its controller chose among its targets as it was
    cast (601.2d); damage divided to a target that has become illegal is not dealt
    (608.2b)."""

    total: int

    async def resolve(self, resolution: Resolution) -> None:
        division = resolution.item.division
        source = resolution.item.source_snapshot
        await resolution.game.deal_damage_simultaneously(
            [
                (source, target, amount)
                for target, amount in zip(resolution.targets, division, strict=False)
                if target is not None and amount > 0
            ]
        )


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class LoseLife(Effect):
    """The player at index ``player``, or another :data:`Recipient`, loses N life (119.3)."""

    amount: int | Amount
    player: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        if isinstance(recipient, tuple):
            await resolution.game.lose_life(
                recipient[1],
                _amount(self.amount, resolution),
                source=resolution.item.source_snapshot,
            )


@dataclass(frozen=True, slots=True)
class EachPlayerLosesLife(Effect):
    """Each player loses N life (CR 119.3), in APNAP order (101.4): the state-based actions
    that follow see all of the losses at once (704.3)."""

    amount: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for player in game.turn_order_from(game.active_player):
            await game.lose_life(player, self.amount, source=resolution.item.source_snapshot)


@dataclass(frozen=True, slots=True)
class DamageEachCreatureOf(Effect):
    """Deal N damage to each creature controlled by the target player at index
    ``target``, or by the controller of the target planeswalker there ("each creature
    that player or that planeswalker's controller controls"). With ``and_the_target``,
    "deals N damage to target player or planeswalker and each creature that player ...
    controls": one instruction, so the target's damage is dealt at the same time as the
    creatures' (120.4b), and a prevention shield is divided among all of it (615.7)."""

    amount: int
    target: int = 0
    and_the_target: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        recipient = resolution.targets[self.target]
        if recipient is None:
            return
        source = resolution.item.source_snapshot
        creatures = game.creatures(game.player_of(recipient))
        await game.deal_damage_simultaneously(
            [
                *(((source, recipient, self.amount),) if self.and_the_target else ()),
                *((source, c.id, self.amount) for c in creatures),
            ]
        )


@dataclass(frozen=True, slots=True)
class GainLife(Effect):
    """The player at index ``player``, or another :data:`Recipient` (``YOU``, the
    controller, by default; ``THAT_PLAYER``), gains N life (CR 119.3)."""

    amount: int | Amount
    player: Recipient = "you"

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.player)
        amount = _amount(self.amount, resolution)
        if isinstance(recipient, tuple) and amount > 0:
            await resolution.game.gain_life(
                recipient[1], amount, source=resolution.item.source_snapshot
            )


@dataclass(frozen=True, slots=True)
class WinGame(Effect):
    """The text "You win the game" (CR 104.2b): every other player loses; with a limited
    range of influence, only the opponents within the winner's range lose (801.14)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        winner = resolution.controller
        if game.influence.limited:
            reason, rule = "an opponent within range won the game", "801.14"
        else:
            reason, rule = "another player won the game", "104.2b"
        # in_range is true of everyone without a limited range of influence.
        losers = [p for p in game.opponents(winner) if game.in_range(winner, p)]
        game.lose_all([(p, reason, rule) for p in losers])


@dataclass(frozen=True, slots=True)
class PreventDamageThisTurn(Effect):
    """The text "Prevent all [combat] damage that would be dealt [to you and creatures you control]
    this turn" (CR 615.1a): creates a prevention effect until the cleanup step."""

    combat_only: bool = False
    protects: Literal["everything", "you and your creatures"] = "everything"
    wording: str = ""
    """The effect's own text, for the log."""

    async def resolve(self, resolution: Resolution) -> None:
        resolution.game.add_replacement_effect(
            PreventDamage(
                source=resolution.item.id,
                controller=resolution.controller,
                text=self.wording,
                source_name=resolution.item.name,
                combat_only=self.combat_only,
                protects=self.protects,
            )
        )


@dataclass(frozen=True, slots=True)
class PreventNextDamage(Effect):
    """ "Prevent the next N damage that would be dealt to [the target at index ``target``]
    this turn": a prevention shield until the cleanup step (CR 615.7)."""

    amount: int
    target: Recipient = 0
    wording: str = ""
    """The effect's own text, for the log."""

    async def resolve(self, resolution: Resolution) -> None:
        recipient = _recipient(resolution, self.target)
        if recipient is None:
            return
        resolution.game.add_replacement_effect(
            NextDamagePrevention(
                source=resolution.item.id,
                controller=resolution.controller,
                text=self.wording,
                source_name=resolution.item.name,
                protected=recipient,
                remaining=self.amount,
            )
        )


@dataclass(frozen=True, slots=True)
class PreventNextDamageSharingColor(Effect):
    """ "Prevent the next N damage that would be dealt to target creature and each other
    creature that shares a color with it this turn" (CR 615.11): a shield for each of
    those creatures as it resolves (611.2c), none for one that becomes such later."""

    amount: int
    target: int = 0
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        target = resolution.targets[self.target]
        if not isinstance(target, int):
            return
        colors = set(game.characteristics(game.objects[target]).colors)
        shielded = [target] + [
            c.id
            for c in game.battlefield
            if c.id != target
            and game.is_creature(c)
            and colors & set(game.characteristics(c).colors)
        ]
        for creature in shielded:
            game.add_replacement_effect(
                NextDamagePrevention(
                    source=resolution.item.id,
                    controller=resolution.controller,
                    text=self.wording,
                    source_name=resolution.item.name,
                    protected=creature,
                    remaining=self.amount,
                )
            )


@dataclass(frozen=True, slots=True)
class DamageEachCreature(Effect):
    """ "[This] deals N damage to each creature [with ``having``]" (CR 120.3): "each
    creature with flying" is ``having=Flying``, judged as the effect begins (608.2h)."""

    amount: int | Amount
    having: type[Ability] | None = None

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        amount = _amount(self.amount, resolution)
        having = self.having
        dealt_to = [
            c
            for c in game.battlefield
            if game.is_creature(c)
            and (having is None or bool(game.characteristics(c).abilities_of(having)))
        ]
        source = resolution.item.source_snapshot
        await game.deal_damage_simultaneously([(source, c.id, amount) for c in dealt_to])


@dataclass(frozen=True, slots=True)
class DamageEachCreatureAndEachPlayer(Effect):
    """ "[This] deals N damage to each creature [without/with a keyword] and each player"
    (CR 120.3): creatures first, in battlefield order, then the players in APNAP order
    (101.4); ``creatures_without`` / ``creatures_with`` leave out the creatures that have /
    lack an ability of that kind as it resolves."""

    amount: int | Amount
    creatures_without: type[Ability] | None = None
    creatures_with: type[Ability] | None = None

    def _hit(self, game: Game, creature: GameObject) -> bool:
        chars = game.characteristics(creature)
        if self.creatures_without is not None and chars.abilities_of(self.creatures_without):
            return False
        return self.creatures_with is None or bool(chars.abilities_of(self.creatures_with))

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        amount = _amount(self.amount, resolution)
        if amount <= 0:
            return
        source = resolution.item.source_snapshot
        creatures = [c for c in game.battlefield if game.is_creature(c) and self._hit(game, c)]
        players = game.turn_order_from(game.active_player)
        await game.deal_damage_simultaneously(
            [
                *((source, c.id, amount) for c in creatures),
                *((source, ("player", p), amount) for p in players),
            ]
        )


@dataclass(frozen=True, slots=True)
class RedirectDamageToSelf(Effect):
    """ "All [combat] damage that would be dealt to you [by unblocked creatures] this turn is
    dealt to [this] instead" (Kjeldoran Royal Guard): a redirection effect (CR 614.9)
    until end of turn."""

    combat_only: bool = False
    unblocked_only: bool = False
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        item = resolution.item
        resolution.game.add_replacement_effect(
            RedirectDamage(
                item.source,
                resolution.controller,
                self.wording,
                item.source_snapshot.name,
                protected=resolution.controller,
                to=item.source,
                combat_only=self.combat_only,
                unblocked_only=self.unblocked_only,
            )
        )


@dataclass(frozen=True, slots=True)
class PreventNextFromChosenSource(Effect):
    """ "The next time a source of your choice [of the chosen color] would deal damage to
    you this turn, prevent that damage" (CR 615.8): the source is chosen as the effect is
    created (609.7a), among permanents and spells on the stack of that colour."""

    of_chosen_color: bool = False
    wording: str = ""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        color = resolution.item.source_snapshot.chosen_color if self.of_chosen_color else None
        if self.of_chosen_color and color is None:
            return  # no colour was chosen: there is no such source
        chosen = await choose_damage_source(game, resolution.controller, self.wording, color)
        if chosen is None:
            return
        game.add_replacement_effect(
            PreventNextFromSource(
                resolution.item.id,
                resolution.controller,
                self.wording,
                resolution.item.name,
                damage_source=chosen,
                protected=("player", resolution.controller),
                sources=SourceFilter(colors=(color,) if color else ()),
            )
        )


async def choose_damage_source(
    game: Game, player: int, wording: str, color: str | None = None
) -> int | None:
    """``player`` chooses "a source of your choice" (609.7a) among :func:`damage_sources`
    (of ``color`` if given), told what for by ``wording``; returns its id, or ``None``
    without asking when there is no source to choose."""
    candidates = damage_sources(game, color)
    if not candidates:
        return None
    options = [CardOption(o.id, f"{game.characteristics(o).name} #{o.id}") for o in candidates]
    decision = game.decision(DecisionKind.SOURCE, player, options, f"choose a source: {wording}")
    # Only a source within the chooser's range is offered (801.5a, 801.13b); maybe none.
    choice = await game.ask(decision)
    return options[choice.indices[0]].object if choice.indices else None


def damage_sources(game: Game, color: str | None = None) -> list[GameObject]:
    """The sources a player may choose (609.7a): permanents, spells on the stack, and the
    sources of abilities on the stack that have left their zone (as they last existed,
    such as a creature whose "when this dies" ability waits to resolve), of ``color`` if
    given."""
    found = [*game.battlefield, *(o for o in game.stack if isinstance(o, GameObject))]
    seen = {o.id for o in found}
    for item in game.stack:
        if not isinstance(item, AbilityOnStack):
            continue
        if item.source not in game.objects and item.source not in seen:
            seen.add(item.source)
            found.append(item.source_snapshot)
    return [o for o in found if color is None or color in game.characteristics(o).colors]

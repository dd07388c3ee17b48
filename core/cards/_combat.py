"""Tapping and combat: effects that tap, untap or hold creatures tapped, and the attack and
block restrictions and requirements of cards (CR 508, 509)."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from ._ability import Ability, TextChange
from ._extension_points import (
    ActivationRestriction,
    AttackRequirement,
    AttackRestriction,
    BlockRequirement,
    BlockRestriction,
    BlocksAdditionalCreatures,
)
from ._resolution import ENCHANTED, Effect, Recipient, Resolution, _recipient, renamed_fields

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject, TargetRef


@dataclass(frozen=True, slots=True)
class TapTargets(Effect):
    """Tap each of the targets at these indices (701.26a)."""

    targets: tuple[int, ...]

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        for index in self.targets:
            target = resolution.targets[index]
            if isinstance(target, int) and not game.objects[target].tapped:
                await game.tap(game.objects[target], rule="701.26a")


@dataclass(frozen=True, slots=True)
class UntapTarget(Effect):
    """ "Untap [target permanent / that creature]" (701.26b): the target at index
    ``target``, or another :data:`Recipient`."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            permanent = resolution.game.objects[chosen]
            if permanent.tapped:
                await resolution.game.untap(permanent, rule="701.26b")


@dataclass(frozen=True, slots=True)
class CantBlockThisTurn(Effect):
    """ "[Up to three] target creatures can't block this turn" (CR 509.1b, 611.2a): a
    restriction on the targets still legal as it resolves (608.2b), locked in (611.2c),
    until end of turn (514.2). It is not an ability of those creatures."""

    async def resolve(self, resolution: Resolution) -> None:
        chosen = [t for t in resolution.targets if isinstance(t, int)]
        if not chosen:
            return
        game = resolution.game
        names = ", ".join(game.objects[c].name for c in chosen)
        restriction = ThoseCreaturesCantBlock(frozenset(chosen), f"{names} can't block this turn")
        game.add_combat_rule_effect(resolution.item.source_snapshot, restriction, chosen)


@renamed_fields(target="player")
@dataclass(frozen=True, slots=True)
class TapAllCreaturesOf(Effect):
    """ "Tap all creatures target player controls" (701.26a); with ``hold``, "Those
    creatures don't untap during that player's next untap step" (502.3)."""

    player: int = 0
    hold: bool = False

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        recipient = resolution.targets[self.player]
        if not isinstance(recipient, tuple):
            return
        for creature in game.creatures(recipient[1]):
            if not creature.tapped:
                await game.tap(creature, rule="701.26a")
            if self.hold:
                creature.untap_skips, creature.untap_skip_player = 1, recipient[1]


@dataclass(frozen=True, slots=True)
class HoldTapped(Effect):
    """ "Those creatures don't untap during their controller's next untap step" (502.3),
    for the targets at these indices."""

    targets: tuple[int, ...]

    async def resolve(self, resolution: Resolution) -> None:
        for index in self.targets:
            target = resolution.targets[index]
            if isinstance(target, int):
                resolution.game.objects[target].untap_skips = 1


@dataclass(frozen=True, slots=True)
class DoesntUntapDuringNextUntapStep(Effect):
    """ "[That creature] doesn't untap during its controller's next untap step" (502.3),
    for one :data:`Recipient`, such as :data:`THAT_CREATURE` of a block trigger."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            resolution.game.objects[chosen].untap_skips = 1


@dataclass(frozen=True, slots=True)
class TapEnchanted(Effect):
    """ "Tap enchanted creature": the permanent this ability's source is attached to, or
    was attached to as it last existed on the battlefield (608.2h, :data:`ENCHANTED`)."""

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        chosen = _recipient(resolution, ENCHANTED)
        if not isinstance(chosen, int):
            return
        enchanted = game.objects[chosen]
        if not enchanted.tapped:
            await game.tap(enchanted, rule="701.26a")


@dataclass(frozen=True, slots=True)
class AttacksYouThisTurnIfAble(Effect):
    """ "[Target creature] attacks you this turn if able" (CR 508.1d, 611.2a): a
    requirement that the creature attack this effect's controller, not a planeswalker
    or battle, met only by that attack."""

    target: Recipient = 0

    async def resolve(self, resolution: Resolution) -> None:
        chosen = _recipient(resolution, self.target)
        if isinstance(chosen, int):
            game = resolution.game
            you = resolution.controller
            requirement = ThatCreatureAttacksIfAble(
                chosen,
                ("player", you),
                f"{game.objects[chosen].name} attacks {game.players[you].name} this turn if able",
            )
            game.add_combat_rule_effect(resolution.item.source_snapshot, requirement, [chosen])


@dataclass(frozen=True, slots=True)
class CantAttackUnlessDefenderControls(AttackRestriction):
    """ "[This] can't attack unless defending player controls a(n) [subtype]" (CR 508.1c):
    the defending player is the one it would attack, or the controller of the
    planeswalker or the protector of the battle it would attack (506.2)."""

    subtype: str
    text: str = ""

    def with_text_changed(self, change: TextChange) -> Ability:
        subtype = change.word(self.subtype)
        return self if subtype in (None, self.subtype) else replace(self, subtype=subtype)

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> bool:
        if creature.id != source.id:
            return False
        if isinstance(attacked, tuple):
            defending = attacked[1]
        else:
            permanent = game.objects[attacked]
            protector = permanent.protector
            defending = protector if protector is not None else permanent.controller
        return not any(
            permanent.controller == defending
            and self.subtype in game.characteristics(permanent).subtypes
            for permanent in game.battlefield
        )


@dataclass(frozen=True, slots=True)
class ThatCreatureAttacksIfAble(AttackRequirement):
    """A requirement a resolved spell or ability created: the creature ``creature`` (as
    the object it was then, 400.7) attacks ``attacked`` this turn if able (CR 508.1d,
    611.2a)."""

    creature: int
    attacked: TargetRef
    text: str = ""

    def required_attackers(self, game: Game, source: GameObject) -> Sequence[int]:
        return (self.creature,)

    def required_attacks(
        self, game: Game, source: GameObject
    ) -> Sequence[tuple[int, TargetRef | None]]:
        return ((self.creature, self.attacked),)


@dataclass(frozen=True, slots=True)
class AttacksEachCombat(AttackRequirement):
    """ "[This creature] attacks each combat if able" (CR 508.1d): one requirement, for
    its own creature; a tapped or summoning-sick creature isn't able (508.1a)."""

    text: str = "This creature attacks each combat if able."

    def required_attackers(self, game: Game, source: GameObject) -> Sequence[int]:
        return (source.id,)


@dataclass(frozen=True, slots=True)
class CantBeBlocked(BlockRestriction):
    """ "This creature can't be blocked" (CR 509.1b): no creature may block it."""

    text: str = "This creature can't be blocked."

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return attacker.id == source.id


@dataclass(frozen=True, slots=True)
class CantBeBlockedExceptBy(BlockRestriction):
    """ "[This] can't be blocked except by [colour] creatures" (CR 509.1b): a creature
    blocking it must have one of ``colors`` as blockers are declared."""

    colors: tuple[str, ...]
    text: str = ""

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        if attacker.id != source.id:
            return False
        return not any(c in game.characteristics(blocker).colors for c in self.colors)


@dataclass(frozen=True, slots=True)
class EnchantedCantAttackOrBlock(AttackRestriction, BlockRestriction, ActivationRestriction):
    """ "Enchanted creature can't attack or block" (CR 508.1c, 509.1b), and with
    ``nor_activate`` ", and its activated abilities can't be activated" (602.5): an
    ability of the Aura itself, so the creature losing its abilities changes nothing."""

    nor_activate: bool = False
    text: str = "Enchanted creature can't attack or block."

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> bool:
        return creature.id == source.attached_to

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return blocker.id == source.attached_to

    def forbids_activation(
        self, game: Game, source: GameObject, permanent: GameObject, ability: Ability
    ) -> bool:
        return self.nor_activate and permanent.id == source.attached_to


@dataclass(frozen=True, slots=True)
class AllAbleBlockIt(BlockRequirement):
    """ "All creatures able to block this creature do so" (509.1c): a requirement for
    each creature its controller's opponents control, obeyed only while it attacks."""

    text: str = "All creatures able to block this creature do so."

    def required_blocks(self, game: Game, source: GameObject) -> Sequence[tuple[int, int | None]]:
        return tuple(
            (creature.id, source.id)
            for creature in game.creatures()
            if creature.controller != source.controller
        )


@dataclass(frozen=True, slots=True)
class CantAttackOrBlockAlone(AttackRestriction, BlockRestriction):
    """ "[This creature] can't attack or block alone" (CR 508.1c, 509.1b): a declaration of
    attackers in which it is the only attacking creature, or of blockers in which it is
    the only blocking creature, is illegal."""

    text: str = "This creature can't attack or block alone."

    def forbids_attackers(
        self, game: Game, source: GameObject, attacks: Mapping[int, TargetRef]
    ) -> bool:
        return source.id in attacks and len(attacks) == 1

    def forbids_blockers(
        self, game: Game, source: GameObject, blocks: Mapping[int, tuple[int, ...]]
    ) -> bool:
        return source.id in blocks and len(blocks) == 1


@dataclass(frozen=True, slots=True)
class ThoseCreaturesCantBlock(BlockRestriction):
    """A restriction a resolved spell or ability created: the creatures ``creatures``
    (as the objects they were then, 400.7) can't block (CR 509.1b)."""

    creatures: frozenset[int]
    text: str = ""

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        return blocker.id in self.creatures


@dataclass(frozen=True, slots=True)
class BlocksAnyNumber(BlocksAdditionalCreatures):
    """ "[This creature] can block any number of creatures" (CR 509.1a): no limit, so
    more than the number of creatures any game can have attacking."""

    count: int = sys.maxsize
    text: str = "This creature can block any number of creatures."

"""Abilities the rules ask about, that keywords and cards build on: summoning sickness,
destruction, flash, damage results, attack and block restrictions, requirements and costs,
combat damage steps."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar

from manaweave._engine._mana import ManaCost
from manaweave._engine._zones import Zone

from ._ability import Ability

if TYPE_CHECKING:
    from manaweave._engine._game import Game
    from manaweave._engine._objects import GameObject, TargetRef

    from ._costs import Cost
    from ._definition import CardDefinition


class SummoningSicknessExemption(Ability):
    """A static ability that lets its creature attack, and activate its abilities with {T}
    or {Q} in their costs, although its controller hasn't controlled it continuously since
    their most recent turn began (CR 302.6): haste (702.10b-c) is one. The game consults
    it wherever the summoning-sickness rule applies."""

    def exempts(self, game: Game, creature: GameObject) -> bool:
        """Whether it exempts ``creature`` from the summoning-sickness rule now."""
        return True


class CantBeDestroyed(Ability):
    """A static ability that keeps its permanent from being destroyed (CR 701.8):
    indestructible (702.12b) is one. An effect that would destroy the permanent does
    nothing to it, and the state-based actions that destroy creatures with lethal damage
    or damage from a source with deathtouch pass it by (704.5g-h). It doesn't stop
    sacrifice, or a creature with toughness 0 or less going to its owner's graveyard
    (704.5f), which don't destroy."""

    rule: ClassVar[str] = "701.8a"
    """The rule logged when a destruction fails because of it."""

    def protects(self, game: Game, permanent: GameObject) -> bool:
        """Whether it keeps ``permanent`` from being destroyed now."""
        return True


class FlashPermission(Ability):
    """A static ability that lets a spell be cast any time its caster could cast an
    instant (CR 117.1a, 601.3): flash, which works from the zone its card is cast from
    (702.8a), or "You may cast [quality] spells as though they had flash" on a permanent
    or an emblem (601.3b). As a player could begin to cast a spell at another time than
    its type allows, the game asks the abilities of the card as it would be cast (the
    characteristics it is cast with, 601.3e), and those of every permanent and emblem."""

    def allows(
        self, game: Game, holder: GameObject, player: int, card: GameObject, spell: CardDefinition
    ) -> bool:
        """Whether this ability of ``holder`` lets ``player`` begin to cast ``card``, with
        the characteristics ``spell``, as though it had flash."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class SpellsAsThoughFlash(FlashPermission):
    """ "You may cast [type] spells as though they had flash" (CR 601.3b), on a permanent
    or an emblem: its controller may cast spells with one of ``types`` (any spell if empty)
    any time they could cast an instant."""

    types: tuple[str, ...] = ()
    text: str = ""

    def allows(
        self, game: Game, holder: GameObject, player: int, card: GameObject, spell: CardDefinition
    ) -> bool:
        return (
            holder.zone in (Zone.BATTLEFIELD, Zone.COMMAND)
            and holder.controller == player
            and (not self.types or any(t in spell.types for t in self.types))
        )


@dataclass(frozen=True, slots=True)
class DoesntUntap(Ability):
    """ "Enchanted creature doesn't untap during its controller's untap step" (``enchanted``)
    or "[This] doesn't untap during your untap step" (CR 502.3): a static ability that
    the untap step obeys."""

    enchanted: bool = True
    text: str = ""


@dataclass(frozen=True, slots=True)
class CantBeCountered(Ability):
    """ "This spell can't be countered" printed on a permanent card (CR 101.2, 701.6a): a
    static ability that functions while the card is a spell on the stack (113.6g). An
    instant or sorcery says it with :attr:`SpellAbility.uncounterable_if` instead."""

    text: str = ""


@dataclass(frozen=True, slots=True)
class NoMaximumHandSize(Ability):
    """ "You have no maximum hand size" (CR 402.2): its controller discards nothing in
    the cleanup step for the number of cards in hand (514.1)."""

    text: str = "You have no maximum hand size."


@dataclass(frozen=True, slots=True)
class CantLoseGame(Ability):
    """ "You can't lose the game and your opponents can't win the game" (CR 104.3,
    104.2a): while its permanent is on the battlefield, its controller doesn't lose
    through state-based actions or effects; conceding still loses (104.3a). With its
    controller still in the game, no opponent is the last player remaining, so none
    wins (104.2a)."""

    text: str = ""


class DamageResult(Ability):
    """An ability that adds to what happens when its object deals damage (CR 120.3), such
    as deathtouch (702.2b) or lifelink (702.15b): keyword plugins subclass it. After each
    instance of damage a source with it deals (damage that was prevented was not dealt,
    615.1), the game calls :meth:`after_damage`, then awaits :meth:`after_damage_events`.

    Where multiple instances of the ability on one object are redundant (702.2f,
    702.15f), ``redundant`` is true and the game applies only one of them."""

    redundant: ClassVar[bool] = False

    def after_damage(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        """React at once to ``source`` having dealt ``amount`` damage to ``target``, with
        a result that is not itself an event (a creature marked for 704.5h)."""

    async def after_damage_events(
        self,
        game: Game,
        source: GameObject,
        target: int | tuple[str, int],
        amount: int,
        combat: bool,
    ) -> None:
        """The events the damage causes in addition to its own results, which replacement
        effects may modify (a life gain, 702.15b, 119.10)."""


class ChangesLethalDamage(Ability):
    """An ability of a damage source that changes how much of its combat damage counts as
    lethal damage to a creature when combat damage is assigned (CR 702.2c, 702.19b):
    deathtouch subclasses it."""

    def lethal_damage(
        self, game: Game, source: GameObject, creature: GameObject, lethal: int
    ) -> int:
        """How much damage from ``source`` is lethal damage to ``creature``, where ``lethal``
        (at least 1) is what would be lethal damage from a source without this ability."""
        raise NotImplementedError


class AttackRestriction(Ability):
    """A restriction on attacking (CR 508.1c): an ability of ``source``, a permanent on
    the battlefield, that says a creature can't attack, or can't attack unless a
    condition is met. A declaration of attackers that disobeys one is illegal. Defender
    (702.3b) subclasses it."""

    def forbids_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> bool:
        """Whether it forbids ``creature`` to attack ``attacked`` (a permanent's id or
        ``("player", n)``), whatever else attacks."""
        return False

    def forbids_attackers(
        self, game: Game, source: GameObject, attacks: Mapping[int, TargetRef]
    ) -> bool:
        """Whether it forbids this whole declaration (attacking creature id -> what it
        attacks), for a restriction that depends on other attackers ("can't attack
        alone", 508.1c)."""
        return False


@dataclass(frozen=True, slots=True)
class CombatCost:
    """What attacking or blocking with one creature costs (CR 508.1h, 509.1d): mana, and
    costs other than mana (sacrificing, discarding, life), which are paid for that
    creature."""

    mana: ManaCost | None = None
    costs: tuple[Cost, ...] = ()

    @property
    def text(self) -> str:
        """The cost as it is shown: ``"{2}"``, ``"{1}, sacrifice a creature"``."""
        parts = [] if self.mana is None or self.mana.is_empty else [str(self.mana)]
        parts.extend(c.text for c in self.costs)
        return ", ".join(parts) or "{0}"


class AttackCost(Ability):
    """An ability of ``source``, a permanent on the battlefield, that says a creature
    can't attack unless its controller pays a cost (CR 508.1d, 508.1h): "Creatures can't
    attack you unless their controller pays {2} for each creature they control that's
    attacking you". The costs of all the creatures declared as attackers add up to the
    total cost to attack, which is locked in and paid as attackers are declared
    (508.1h-j); a declaration whose total cost can't be paid is illegal (508.1). The
    active player never has to pay one to obey a requirement (508.1d)."""

    def cost_to_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: TargetRef
    ) -> CombatCost | None:
        """What it costs for ``creature`` to attack ``attacked`` (a permanent's id or
        ``("player", n)``); ``None`` if this ability asks nothing of it."""
        raise NotImplementedError


class AttackRequirement(Ability):
    """A requirement to attack (CR 508.1d): an ability of ``source`` that says creatures
    attack if able. The declaration must obey as many requirements as possible without
    disobeying a restriction."""

    def required_attackers(self, game: Game, source: GameObject) -> Sequence[int]:
        """The creatures it requires to attack: each is one requirement, obeyed if that
        creature attacks."""
        raise NotImplementedError

    def required_attacks(
        self, game: Game, source: GameObject
    ) -> Sequence[tuple[int, TargetRef | None]]:
        """Each requirement as (creature, what it must attack, or ``None`` for anything):
        obeyed if that creature attacks it ("attacks you this turn if able")."""
        return [(creature, None) for creature in self.required_attackers(game, source)]


class AttacksWithoutTapping(Ability):
    """An ability that keeps attacking from tapping its creature (CR 508.1f): vigilance
    (702.20b) subclasses it."""


class BlockRestriction(Ability):
    """A restriction on blocking (CR 509.1b): an ability of ``source`` that says a
    creature can't block, or can't block unless a condition is met, including an evasion
    ability of an attacking creature (flying, 702.9b; menace, 702.111b). A declaration of
    blockers that disobeys one is illegal."""

    def forbids_block(
        self, game: Game, source: GameObject, blocker: GameObject, attacker: GameObject
    ) -> bool:
        """Whether it forbids ``blocker`` to block ``attacker``, whatever else blocks."""
        return False

    def forbids_blockers(
        self, game: Game, source: GameObject, blocks: Mapping[int, tuple[int, ...]]
    ) -> bool:
        """Whether it forbids this whole declaration (blocking creature id -> the
        attacking creatures it blocks), for a restriction that depends on other blockers
        ("can't be blocked except by two or more creatures", 702.111b)."""
        return False


class BlockCost(Ability):
    """An ability of ``source`` that says a creature can't block unless its controller
    pays a cost (CR 509.1c, 509.1d): "Creatures can't block unless their controller pays
    {1} for each blocking creature they control". The costs of all the blocking
    creatures add up to the total cost to block, locked in and paid as blockers are
    declared (509.1d-f); a declaration whose total cost can't be paid is illegal
    (509.1). The defending player never has to pay one to obey a requirement (509.1c)."""

    def cost_to_block(
        self, game: Game, source: GameObject, blocker: GameObject, blocked: tuple[int, ...]
    ) -> CombatCost | None:
        """What it costs for ``blocker`` to block the attacking creatures ``blocked``;
        ``None`` if this ability asks nothing of it."""
        raise NotImplementedError


class BlockRequirement(Ability):
    """A requirement to block (CR 509.1c): an ability of ``source`` that says creatures
    block if able, or block a certain creature if able."""

    def required_blocks(self, game: Game, source: GameObject) -> Sequence[tuple[int, int | None]]:
        """Each requirement as (blocking creature, the attacking creature it must block,
        or ``None`` for any): obeyed if that creature blocks it."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class ActivationRestriction(Ability):
    """An ability of ``source``, a permanent on the battlefield, that says activated
    abilities can't be activated (CR 602.5): mana abilities too, unless it excepts them
    (605.1a: they are activated abilities)."""

    def forbids_activation(
        self, game: Game, source: GameObject, permanent: GameObject, ability: Ability
    ) -> bool:
        """Whether it forbids activating ``ability`` of ``permanent`` now."""
        return False


@dataclass(frozen=True, slots=True)
class BlocksAdditionalCreatures(Ability):
    """ "[This creature] can block an additional creature each combat" (CR 509.1a): each
    instance lets it block ``count`` more attacking creatures."""

    count: int = 1
    text: str = "This creature can block an additional creature each combat."


class CombatDamageStep(Ability):
    """An ability that changes which combat damage steps its creature assigns combat
    damage in (CR 510.4): first strike (702.7b) and double strike (702.4b) subclass it.
    If an attacking or blocking creature has one with ``in_first_step`` as the combat
    damage step begins, the phase has two combat damage steps."""

    in_first_step: ClassVar[bool] = True
    """Its creature assigns combat damage in the first combat damage step."""
    in_second_step: ClassVar[bool] = False
    """Its creature also assigns combat damage in the second combat damage step while it
    has this ability, even if it dealt damage in the first."""


class ExcessCombatDamage(Ability):
    """An ability of an attacking creature that lets its controller assign combat damage
    beyond lethal damage to its blockers (CR 702.19b): trample and trample over
    planeswalkers (702.19c) subclass it. It has no effect on a blocking creature."""

    def beyond_blockers(
        self, game: Game, creature: GameObject, attacked: TargetRef | None, defending: int
    ) -> tuple[TargetRef, ...]:
        """What may be assigned damage once every blocker is assigned lethal damage, in
        order: each only once those before it are assigned lethal damage (a planeswalker
        its loyalty, a battle its defense). ``attacked`` is what the creature attacks,
        ``None`` if that was removed from combat (506.4c); ``defending`` is the
        defending player (508.5)."""
        raise NotImplementedError

"""Dealing damage (CR 120): replacement and prevention first (614-616), then the damage,
then its results from the source's abilities (deathtouch, lifelink, 120.3).

:class:`Damage` owns what lasts while damage is dealt at once (the life each source's
damage gains, gained as one event, 702.15e) and which permanent each permanent spell
became, for effects that name a source chosen as a spell (609.7a).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING

from manaweave.cards import DamageResult, TriggerEvent, TriggerKind
from manaweave.events import DamageDealt

from ._objects import GameObject, Source, StackItem, TargetRef
from ._replacement import DamageEvent, DamageShield, damage_shields_divided, replace_damage
from ._zones import Zone

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Damage"]


class Damage:
    """Damage dealt by sources to objects and players."""

    __slots__ = ("_gains_from_damage", "_permanent_from_spell", "game")

    def __init__(self, game: Game) -> None:
        self.game = game
        self._permanent_from_spell: dict[int, int] = {}
        """The permanent each resolved permanent spell became, by the spell's id: a source
        chosen as a spell goes on being that permanent (609.7a)."""
        self._gains_from_damage: dict[tuple[int, int], tuple[Source, int]] | None = None
        """While damage is being dealt at the same time: the life each source's damage makes
        each player gain, gained once the damage is dealt (see :meth:`gain_life_from_damage`)."""

    async def deal_damage(
        self,
        source: StackItem | GameObject,
        target: TargetRef,
        amount: int,
        *,
        combat: bool = False,
        preventable: bool = True,
    ) -> None:
        """``source`` deals ``amount`` damage to an object or player (CR 120.3), after
        replacement and prevention effects (614-616); ``preventable=False`` for damage
        that can't be prevented (615.12)."""
        game = self.game
        if amount <= 0:
            return
        if not game.has_replacement_effects():
            await self._deal_damage_with_results(source, target, amount, combat)
            return
        proposed = DamageEvent(source, target, amount, combat, preventable)
        # A redirection of part of the damage makes several events, dealt at once (614.9).
        async with self._damage_dealt_at_once():
            for event in await replace_damage(game, proposed):
                # Damage a replacement sent out of the resolving spell's or ability's
                # controller's range of influence is not dealt (801.13a).
                if event.amount > 0 and game.influence.effect_reaches_target(event.target):
                    await self._deal_damage_with_results(
                        event.source, event.target, event.amount, event.combat
                    )

    async def deal_damage_simultaneously(
        self,
        instances: Sequence[tuple[StackItem | GameObject, TargetRef, int]],
        *,
        combat: bool = False,
    ) -> None:
        """Deal damage to several recipients at the same time (CR 120.4b), each
        ``(source, recipient, amount)`` as :meth:`deal_damage` does: combat damage
        (510.2) or one effect's damage to each of several recipients. A shield with an
        amount (prevention or redirection) that applies to damage from two or more
        sources, or to two or more recipients, among it and can't take all of it is
        divided among it first, as the player that damage affects chooses (615.7, 614.9)."""
        game = self.game
        async with self._damage_dealt_at_once():
            if not any(isinstance(e, DamageShield) for e in game.replacement_effects):
                for source, target, amount in instances:
                    await self.deal_damage(source, target, amount, combat=combat)
                return
            proposed = [DamageEvent(s, t, a, combat) for s, t, a in instances if a > 0]
            async with damage_shields_divided(game, proposed):
                for source, target, amount in instances:
                    await self.deal_damage(source, target, amount, combat=combat)

    @asynccontextmanager
    async def _damage_dealt_at_once(self) -> AsyncIterator[None]:
        """Damage dealt inside is dealt at the same time: the life each source's damage
        gains is gained as one event when it is all dealt (702.15e)."""
        game = self.game
        if self._gains_from_damage is not None:
            yield  # already inside a batch: it is the same moment
            return
        self._gains_from_damage = {}
        try:
            yield
        finally:
            gains, self._gains_from_damage = self._gains_from_damage, None
        for (player, _source), (source, amount) in gains.items():
            await game.gain_life(player, amount, rule="702.15b", source=source)

    def spell_became(self, spell: int, permanent: int) -> None:
        """Record that the permanent spell ``spell`` resolved into ``permanent`` (608.3a)."""
        self._permanent_from_spell[spell] = permanent

    def is_chosen_source(self, chosen: int, source: StackItem | GameObject) -> bool:
        """Whether ``source`` is the source of damage a player chose as the object
        ``chosen``: that object, or the permanent it became if it was a permanent spell
        (609.7a: the effect applies to damage dealt by the spell and by that permanent)."""
        return source.id == chosen or self._permanent_from_spell.get(chosen) == source.id

    async def gain_life_from_damage(self, player: int, amount: int, source: Source) -> None:
        """``player`` gains ``amount`` life because ``source`` dealt damage (lifelink,
        702.15b). Damage one source deals to several recipients at the same time makes
        one life gain event of the total, so "whenever you gain life" triggers once;
        several sources make separate events (702.15e)."""
        game = self.game
        gains = self._gains_from_damage
        if gains is None:
            await game.gain_life(player, amount, rule="702.15b", source=source)
            return
        key = (player, source.id)
        previous = gains.get(key)
        gains[key] = (source, amount + (previous[1] if previous is not None else 0))

    async def _deal_damage_with_results(
        self, source: StackItem | GameObject, target: TargetRef, amount: int, combat: bool
    ) -> None:
        """Deal damage as it is after replacement, then its results from the source's
        abilities (120.3)."""
        game = self.game
        rule = "510.2" if combat else "120.3"
        if not await self._deal_damage(source, target, amount, combat, rule):
            return
        if isinstance(source, GameObject):
            # Deathtouch, lifelink and the like act once the damage is dealt (120.3), from
            # the source as it is or last existed (702.15c).
            chars = game.characteristics(game.objects.get(source.id) or source)
            applied: list[type[DamageResult]] = []
            for ability in chars.abilities_of(DamageResult):
                if ability.redundant:
                    if type(ability) in applied:
                        continue  # multiple instances are redundant (702.2f, 702.15f)
                    applied.append(type(ability))
                ability.after_damage(game, source, target, amount, combat)
                await ability.after_damage_events(game, source, target, amount, combat)

    async def _deal_damage(
        self,
        source: StackItem | GameObject,
        target: TargetRef,
        amount: int,
        combat: bool,
        rule: str,
    ) -> bool:
        """Deal the damage as it is after replacement; whether it was dealt."""
        game = self.game
        if isinstance(target, tuple):
            player = target[1]
            if game.players[player].has_left:
                return False
            seq = game.emit(
                DamageDealt(
                    rule=rule,
                    source=source.id,
                    source_name=source.public_name,
                    source_controller=source.controller,
                    to_player=player,
                    amount=amount,
                    combat=combat,
                )
            )
            with game.caused_by(seq):
                await game.lose_life(player, amount, rule="120.3a", source=source)
            if game.watching and isinstance(source, GameObject):
                game.notice(
                    TriggerEvent(
                        TriggerKind.DEALS_DAMAGE, seq, player, source, amount=amount, combat=combat
                    )
                )
            return True
        obj = game.objects.get(target)
        if obj is None or obj.zone is not Zone.BATTLEFIELD:
            return False
        types = game.characteristics(obj).types
        if "Creature" in types:
            obj.damage += amount  # 120.3e
        seq = game.emit(
            DamageDealt(
                rule=rule,
                source=source.id,
                source_name=source.public_name,
                source_controller=source.controller,
                to_object=obj.id,
                to_name=obj.public_name,
                amount=amount,
                combat=combat,
            )
        )
        if "Planeswalker" in types:
            with game.caused_by(seq):
                game.remove_counters(obj, "loyalty", amount, rule="120.3c")
        if "Battle" in types:
            with game.caused_by(seq):
                game.remove_counters(obj, "defense", amount, rule="120.3h")
        if game.watching and isinstance(source, GameObject):
            game.notice(
                TriggerEvent(
                    TriggerKind.DEALS_DAMAGE, seq, None, source, amount=amount, combat=combat
                )
            )
        return True

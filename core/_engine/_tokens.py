"""Objects that are not cards: tokens (CR 111), copies of spells and abilities (707.10)
and the objects of the command zone, emblems and rule abilities (114, 113.2c).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from manaweave.cards import (
    FACE_DOWN,
    CardDefinition,
    CostChange,
    StaticAbility,
    TriggeredAbility,
    TriggerEvent,
    TriggerKind,
)
from manaweave.events import (
    AbilityCopied,
    EmblemCreated,
    RuleAbilityAdded,
    SpellCopied,
    TokenCreated,
)

from ._errors import RuleNotImplementedError
from ._objects import AbilityOnStack, GameObject
from ._replacement import TokenEvent, replace_event
from ._targets import choose_new_targets, targets_log
from ._zones import Zone

if TYPE_CHECKING:
    from manaweave.cards import Ability

    from ._game import Game

__all__ = ["Tokens"]


class Tokens:
    """Creating tokens, copies of spells and abilities, and emblems."""

    __slots__ = ("game",)

    def __init__(self, game: Game) -> None:
        self.game = game

    async def create_tokens(
        self, definition: CardDefinition, player: int, count: int, *, tapped: bool = False
    ) -> list[GameObject]:
        """``player`` creates ``count`` tokens with ``definition``'s characteristics, after
        replacement effects (CR 111.1, 614.1a), tapped if ``tapped``; returns those created."""
        game = self.game
        if count <= 0 or game.players[player].has_left:
            return []
        if game.has_replacement_effects():
            replaced = await replace_event(game, TokenEvent(player, definition, count))
            if replaced is None:
                return []
            assert isinstance(replaced, TokenEvent)
            definition, player, count = replaced.definition, replaced.player, replaced.count
            if game.players[player].has_left:
                return []  # no token is created under a departed player's control (800.4b)
        async with game.simultaneously():
            return [self.create_token(definition, player, tapped=tapped) for _ in range(count)]

    def create_token(
        self, definition: CardDefinition, player: int, *, tapped: bool = False
    ) -> GameObject:
        """``player`` creates a token with ``definition``'s characteristics: they own it and
        it enters under their control (CR 111.1-111.4), tapped if ``tapped``."""
        game = self.game
        if definition.is_aura:
            # It would choose what it enchants as it is created, or not be created (303.4f-g).
            raise RuleNotImplementedError("303.4g", f"{definition.name}: an Aura token")
        token = game.moves.new_object(definition, player, Zone.BATTLEFIELD)
        token.is_token = True
        token.tapped = tapped
        token.control_turn = game.turn
        game.moves.put(token)
        seq = game.emit(
            TokenCreated(
                rule="111.1",
                player=player,
                object=token.id,
                card=definition.name,
            )
        )
        game.entering.entered(TriggerEvent(TriggerKind.ENTERS, seq, player, token))
        return token

    async def copy_spell(
        self, spell: GameObject, controller: int, *, new_targets: bool = False
    ) -> GameObject:
        """Put a copy of ``spell`` onto the stack under ``controller``, who owns it (CR
        707.10): it has the spell's characteristics and every choice made for it as it was
        cast (modes, targets, X, division, what was sacrificed to pay for it, and
        additional costs: the text spliced onto it, with that text's targets, 702.47a). It
        is not cast, so nothing more can be spliced onto it. With ``new_targets``,
        ``controller`` may choose new targets for it first (707.10c)."""
        game = self.game
        copy = GameObject(
            game.new_id(),
            spell.card,
            controller,
            Zone.STACK,
            timestamp=game.next_timestamp(),
            controller=controller,
        )
        copy.is_spell_copy = True
        # A face-down spell's copiable values are its face-down values; the copy is not
        # face down (707.2).
        copy.copy_card = FACE_DOWN if spell.face_down else spell.copy_card
        copy.modes = spell.modes
        # Splicing was a choice made as the spell was cast, with a cost paid for it (an
        # additional cost, 702.47a): the copy copies it, the spliced text and its targets
        # with it (707.10).
        copy.gained_text = spell.gained_text
        copy.targets = spell.targets
        copy.division = spell.division
        copy.x = spell.x
        copy.sacrificed = spell.sacrificed
        if new_targets and any(t is not None for t in copy.targets):
            await choose_new_targets(game, copy, controller, f"the copy of {spell.name}")
        game.objects[copy.id] = copy
        game.moves.put(copy)
        seq = game.emit(
            SpellCopied(
                rule="707.10",
                player=controller,
                object=copy.id,
                original=spell.id,
                card=None if spell.face_down else spell.card.name,
                targets=targets_log(copy.targets),
            )
        )
        game.note_targets(copy, seq)
        return copy

    async def copy_ability(
        self, item: AbilityOnStack, controller: int, *, new_targets: bool = False
    ) -> AbilityOnStack:
        """Put a copy of the ability ``item`` onto the stack under ``controller`` (CR
        707.10): same source (707.10b), targets, X and what was sacrificed for it; it is
        not activated. With ``new_targets``, ``controller`` may choose new ones first."""
        game = self.game
        copy = AbilityOnStack(
            game.new_id(), item.ability, item.source_snapshot, controller, item.targets, item.event
        )
        copy.x = item.x
        copy.sacrificed = item.sacrificed
        if new_targets and any(t is not None for t in copy.targets):
            await choose_new_targets(game, copy, controller, f"the copy of {item.name}")
        game.stack.append(copy)
        seq = game.emit(
            AbilityCopied(
                rule="707.10",
                player=controller,
                object=copy.id,
                original=item.id,
                source=item.source,
                text=getattr(item.ability, "text", ""),
                targets=targets_log(copy.targets),
            )
        )
        game.note_targets(copy, seq)
        return copy

    def _command_object(self, player: int, definition: CardDefinition) -> GameObject:
        """A new object in the command zone that ``player`` owns and controls, whose
        abilities work there (114.4)."""
        game = self.game
        obj = GameObject(
            game.new_id(),
            definition,
            player,
            Zone.COMMAND,
            timestamp=game.next_timestamp(),
            controller=player,
        )
        game.objects[obj.id] = obj
        game.command.append(obj)
        game.derived.emblem_added(definition)
        return obj

    def add_rule_ability(self, player: int, ability: TriggeredAbility) -> GameObject:
        """Give ``player`` a triggered ability that a rule of the game (a variant or house
        rule from a plugin) adds, held by an object in the command zone that ``player``
        controls, so that "you" in it is ``player`` (CR 113.2c, 603.1)."""
        game = self.game
        holder = self._command_object(
            player,
            CardDefinition(
                name="Rule", mana_cost=None, types=(), text=ability.text, abilities=(ability,)
            ),
        )
        game.emit(
            RuleAbilityAdded(rule="603.1", player=player, object=holder.id, text=ability.text)
        )
        return holder

    def create_emblem(
        self, player: int, abilities: tuple[Ability, ...], *, text: str, source: int
    ) -> GameObject:
        """``player`` gets an emblem with ``abilities`` in the command zone (CR 114.1): it
        is neither a card nor a permanent, has no types, and its abilities work there
        (114.4): triggered abilities, and static abilities (continuous, replacement and
        cost-changing effects)."""
        game = self.game
        for ability in abilities:
            if not isinstance(ability, TriggeredAbility | StaticAbility | CostChange):
                raise RuleNotImplementedError(
                    "114.4",
                    f"an emblem with {type(ability).__name__} (triggered and static "
                    "abilities work)",
                )
        emblem = self._command_object(
            player,
            CardDefinition(name="Emblem", mana_cost=None, types=(), text=text, abilities=abilities),
        )
        game.emit(
            EmblemCreated(
                rule="114.1",
                player=player,
                object=emblem.id,
                source=source,
                text=text,
            )
        )
        return emblem

"""Splice (CR 702.47): "Splice onto [quality] [cost]".

A card with splice may be revealed from its owner's hand as they cast a spell with that
quality (601.2b); the spell then gains the card's rules text, and the splice cost is paid
as an additional cost (702.47a). The card stays in the hand.

Example::

    GLACIAL_RAY = card(
        "Glacial Ray", "{1}{R}", "Instant — Arcane",
        "Glacial Ray deals 2 damage to any target.\\nSplice onto Arcane {1}{R}",
        abilities=(Splice(ManaCost.parse("{1}{R}")),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),)),
    )
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from manaweave import CardOption, DecisionKind, ManaCost, hookimpl
from manaweave.cards import Ability, CastingOption, SpellAddition
from manaweave.events import CardsRevealed

if TYPE_CHECKING:
    from manaweave.lowlevel import Characteristics, Game, GameObject

__all__ = ["Splice", "SpliceOption", "mw_collect_casting_options", "mw_keywords"]


@dataclass(frozen=True, slots=True)
class Splice(Ability):
    """ "Splice onto [quality] [cost]" (702.47a): a static ability that works while the
    card is in its owner's hand. ``onto`` names the quality: a spell qualifies if it has
    one of these card types or subtypes (``("Arcane",)``, ``("Instant", "Sorcery")``)."""

    cost: ManaCost
    onto: tuple[str, ...] = ("Arcane",)
    text: str = ""

    def applies_to(self, spell: Characteristics) -> bool:
        """Whether a spell with these characteristics has the quality (702.47a)."""
        return any(word in spell.subtypes or word in spell.types for word in self.onto)


class SpliceOption(CastingOption):
    """As a player casts a spell, they may reveal any number of cards with splice onto a
    quality the spell has from their hand (601.2b, 702.47a), each at most once and not
    the spell itself (702.47b), and choose the order their texts follow the spell's."""

    async def announce(
        self,
        game: Game,
        player: int,
        spell: GameObject,
        could_complete: Callable[[Sequence[SpellAddition]], bool],
    ) -> tuple[SpellAddition, ...]:
        offers = _offers(game, player, spell, could_complete)
        if not offers:
            return ()
        options = [
            CardOption(card.id, f"{card.name} #{card.id} (splice {ability.cost})")
            for card, ability in offers
        ]
        decision = game.decision(
            DecisionKind.REVEAL,
            player,
            options,
            f"reveal cards to splice onto {spell.name}, in the order their effects happen",
            min=0,
            max=len(options),
            ordered=True,
            rule="702.47b",
        )
        choice = await game.ask(decision)
        if not choice.indices:
            return ()
        chosen = [offers[i] for i in choice.indices]
        # They are revealed all at once (702.47b) and stay in the hand (702.47a).
        game.emit(
            CardsRevealed(
                rule="702.47a",
                player=player,
                cards=[card.name for card, _ in chosen],
                objects=[card.id for card, _ in chosen],
                spell=spell.name,
            )
        )
        return tuple(_addition(card, ability) for card, ability in chosen)


def _offers(
    game: Game,
    player: int,
    spell: GameObject,
    could_complete: Callable[[Sequence[SpellAddition]], bool],
) -> list[tuple[GameObject, Splice]]:
    """The cards in ``player``'s hand that could be spliced onto ``spell`` now: with
    splice onto a quality it has, and whose text's targets and splice cost the cast
    could still take (702.47b)."""
    found: list[tuple[GameObject, Splice]] = []
    spell_chars: Characteristics | None = None
    for card in game.players[player].hand:
        if card.id == spell.id or card.card.spell is None:
            continue
        # No effect changes the abilities of cards in a hand, so the printed ones count.
        splices = card.card.abilities_of(Splice)
        if not splices:
            continue
        ability = splices[0]
        if spell_chars is None:
            spell_chars = game.characteristics(spell)
        if ability.applies_to(spell_chars) and could_complete((_addition(card, ability),)):
            found.append((card, ability))
    return found


def _addition(card: GameObject, ability: Splice) -> SpellAddition:
    """What splicing ``card`` adds to the spell: its splice cost, paid as an additional
    cost, and its rules text, without its other characteristics (702.47a, 702.47c)."""
    return SpellAddition(text=f"splice {card.name}", mana=ability.cost, gained=card.card.spell)


@hookimpl
def mw_keywords() -> list[type[Ability]]:
    """The splice ability, for card definitions."""
    return [Splice]


@hookimpl
def mw_collect_casting_options(game: Game) -> list[CastingOption]:
    """Let every spell's caster splice cards onto it (601.2b)."""
    return [SpliceOption()]

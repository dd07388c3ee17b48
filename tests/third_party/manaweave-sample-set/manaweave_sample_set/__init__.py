"""The Sample Set (code SMP) for manaweave: five original red cards and a ready deck.

A card set distributed on its own. Installed, its entry point (group ``manaweave``)
registers this module, and its cards and its deck, ``smp:embers``, can be played like
any other::

    [project.entry-points.manaweave]
    sample = "manaweave_sample_set"

The cards' printed characteristics (mana cost, type line, rules text, power and
toughness) are in the set's own card reference, ``cards.json`` beside this module, as the
package's reference has those of the built-in cards; each definition states what the card
does. Four cards are made of the pieces of ``manaweave.cards``; Cinder Bargain needs a choice
no piece offers, so it has an effect of its own, :class:`OpponentTakesDamageOrYouDraw`,
written with the public API only.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from manaweave import DecisionKind, ManaCost, Named, hookimpl
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    TARGET_OPPONENT,
    ActivatedAbility,
    CardReference,
    CardSet,
    CreaturesGet,
    DealDamage,
    Effect,
    EnchantedGets,
    EnchantedHas,
    Resolution,
    SacrificeThis,
    SpellAbility,
    X,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.flying import Flying
from manaweave.keywords.haste import Haste

__all__ = ["CARDS", "DECKS", "REFERENCE", "OpponentTakesDamageOrYouDraw", "mw_card_sets"]


@dataclass(frozen=True, slots=True)
class OpponentTakesDamageOrYouDraw(Effect):
    """ "Target opponent may have [this] deal N damage to them. If they don't, you draw
    M cards": the opponent at target index 0 decides as the spell resolves (608.2d)."""

    damage: int
    cards: int

    async def resolve(self, resolution: Resolution) -> None:
        game = resolution.game
        target = resolution.targets[0]
        if not isinstance(target, tuple):
            return  # the target became illegal: it is not affected (608.2b)
        opponent = target[1]
        answers = [Named("yes"), Named("no")]
        name = resolution.item.source_snapshot.name
        decision = game.decision(
            DecisionKind.MAY,
            opponent,
            answers,
            f"have {name} deal {self.damage} damage to you?",
            rule="608.2d",
        )
        choice = await game.ask(decision)
        if answers[choice.indices[0]].word == "yes":
            await game.deal_damage(resolution.item.source_snapshot, target, self.damage)
        else:
            await game.draw(resolution.controller, self.cards)


REFERENCE = CardReference.from_file(Path(__file__).with_name("cards.json"))
"""The printed characteristics of the set's cards, which exist nowhere else."""

CARDS = (
    card(
        "Emberling Scout",
        reference=REFERENCE,
        abilities=(
            Haste(),
            ActivatedAbility(
                ManaCost.parse("{R}"),
                (DealDamage(1),),
                targets=(ANY_TARGET,),
                costs=(SacrificeThis("sacrifice Emberling Scout"),),
                text="{R}, Sacrifice Emberling Scout: Emberling Scout deals 1 damage to any "
                "target.",
            ),
        ),
        copies_in_deck="any",
    ),
    card(
        "Cinder Volley",
        reference=REFERENCE,
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(X),)),
    ),
    card(
        "Kiln Drake",
        reference=REFERENCE,
        abilities=(
            Flying(),
            CreaturesGet(
                1, 0, color="R", other=True, text="Other red creatures you control get +1/+0."
            ),
        ),
    ),
    card(
        "Blazing Mantle",
        reference=REFERENCE,
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(2, 0, text="Enchanted creature gets +2/+0."),
            EnchantedHas(Haste(), text="Enchanted creature has haste."),
        ),
    ),
    card(
        "Cinder Bargain",
        reference=REFERENCE,
        spell=SpellAbility(
            targets=(TARGET_OPPONENT,), effects=(OpponentTakesDamageOrYouDraw(4, 2),)
        ),
    ),
)

DECKS = {
    "smp-embers": """\
# Embers: cheap red creatures, burn, and a drake to lead them.
Deck
24 Mountain
20 Emberling Scout
4 Blazing Mantle
4 Cinder Bargain
4 Cinder Volley
4 Kiln Drake
""",
}
"""The ready decks: ``smp:embers``. Mountains come from any set that defines them."""


@hookimpl
def mw_card_sets() -> list[CardSet]:
    """The Sample Set: every card it prints is defined."""
    return [CardSet("SMP", "Sample Set", CARDS, decks=DECKS, face_count=len(CARDS))]

"""Magic 2014 (M14): the black cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    DrawCards,
    Regenerate,
    Sacrifice,
    SpellAbility,
    card,
)

CARDS = (
    card(
        "Altar's Reap",
        "{1}{B}",
        "Instant",
        "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Vampire Warlord",
        "{4}{B}",
        "Creature — Vampire Warrior",
        "Sacrifice another creature: Regenerate Vampire Warlord. (The next time this creature "
        "would be destroyed this turn, it isn't. Instead tap it, remove all damage from it, "
        "and remove it from combat.)",
        pt=(4, 2),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (Regenerate(SELF),),
                costs=(Sacrifice("sacrifice another creature", another=True),),
            ),
        ),
    ),
)

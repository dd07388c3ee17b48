"""Magic 2013 (M13): the red cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    ActivatedAbility,
    DealDividedDamage,
    DiscardCards,
    DrawCards,
    GetsAsLongAs,
    Regenerate,
    SpellAbility,
    TargetKind,
    TargetSpec,
    YouControlA,
    card,
)

CARDS = (
    card(
        "Crimson Muckwader",
        "{1}{R}",
        "Creature — Lizard",
        "Crimson Muckwader gets +1/+1 as long as you control a Swamp.\n{2}{B}: Regenerate "
        "Crimson Muckwader. (The next time this creature would be destroyed this turn, it "
        "isn't. Instead tap it, remove all damage from it, and remove it from combat.)",
        pt=(2, 1),
        abilities=(
            GetsAsLongAs(
                1,
                1,
                YouControlA("Land", subtype="Swamp"),
            ),
            ActivatedAbility(
                ManaCost.parse("{2}{B}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card(
        "Flames of the Firebrand",
        "{2}{R}",
        "Sorcery",
        "Flames of the Firebrand deals 3 damage divided as you choose among one, two, or "
        "three targets.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.ANY, "one, two, or three targets", count=3, minimum=1),),
            effects=(DealDividedDamage(3),),
        ),
    ),
    card(
        "Wild Guess",
        "{R}{R}",
        "Sorcery",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
)

"""Test-only cards for triggers on blocks (509.3), intimidate and landwalk (702.13,
702.14), costs to attack and block (508.1g-j, 509.1d-f) and creatures put onto the
battlefield attacking or blocking (508.4, 509.4), and their plugin:
``Scenario(plugins=[MoreCombatCards()])``.
"""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import (
    TARGET_CREATURE,
    THAT_CREATURE,
    THAT_PLAYER,
    Ability,
    Becomes,
    BlocksAdditionalCreatures,
    CardDefinition,
    CardSet,
    DealDamage,
    GainLife,
    LoseLife,
    SpellAbility,
    TriggeredAbility,
    WheneverBecomesBlocked,
    WheneverBecomesBlockedByACreature,
    WheneverBlocks,
    WheneverBlocksACreature,
    WheneverBlocksOrBecomesBlockedByACreature,
    card,
)
from manaweave.keywords.flying import Flying
from manaweave.keywords.intimidate import Intimidate
from manaweave.keywords.landwalk import (
    Islandwalk,
    Landwalk,
    Mountainwalk,
    NonbasicLandwalk,
    Swampwalk,
)

__all__ = ["MoreCombatCards"]


def _creature(
    name: str,
    pt: tuple[int, int],
    *abilities: Ability,
    cost: str = "{2}",
    type_line: str = "Creature — Soldier",
) -> CardDefinition:
    text = "\n".join(a.text for a in abilities)
    return card(name, cost, type_line, text, pt=pt, abilities=abilities)


CARDS = (
    _creature(
        "Test Inferno Elemental",
        (4, 4),
        TriggeredAbility(
            WheneverBlocksOrBecomesBlockedByACreature(),
            (DealDamage(3, THAT_CREATURE),),
            text=(
                "Whenever this creature blocks or becomes blocked by a creature, it deals "
                "3 damage to that creature."
            ),
        ),
        cost="{4}{R}{R}",
        type_line="Creature — Elemental",
    ),
    _creature(
        "Test Watchman",
        (1, 4),
        BlocksAdditionalCreatures(),
        TriggeredAbility(
            WheneverBlocks(), (GainLife(1),), text="Whenever this creature blocks, you gain 1 life."
        ),
    ),
    _creature(
        "Test Gatekeeper",
        (1, 4),
        BlocksAdditionalCreatures(),
        TriggeredAbility(
            WheneverBlocksACreature(),
            (GainLife(1),),
            text="Whenever this creature blocks a creature, you gain 1 life.",
        ),
    ),
    _creature(
        "Test Tormentor",
        (3, 3),
        TriggeredAbility(
            WheneverBecomesBlocked(),
            (LoseLife(2, THAT_PLAYER),),
            text="Whenever this creature becomes blocked, defending player loses 2 life.",
        ),
    ),
    _creature(
        "Test Pit Fighter",
        (3, 3),
        TriggeredAbility(
            WheneverBecomesBlockedByACreature(),
            (GainLife(1),),
            text="Whenever this creature becomes blocked by a creature, you gain 1 life.",
        ),
    ),
    _creature(
        "Test Paladin Hunter",
        (3, 3),
        TriggeredAbility(
            WheneverBecomesBlockedByACreature(colors=("W",)),
            (DealDamage(3, THAT_CREATURE),),
            text=(
                "Whenever this creature becomes blocked by a white creature, it deals 3 "
                "damage to that creature."
            ),
        ),
    ),
    _creature("Test Intimidator", (2, 2), Intimidate(), cost="{1}{R}"),
    _creature("Test Twice Intimidator", (2, 2), Intimidate(), Intimidate(), cost="{1}{R}"),
    _creature("Test Gray Intimidator", (2, 2), Intimidate(), cost="{2}"),
    _creature("Test Bog Walker", (2, 2), Swampwalk(), cost="{1}{B}"),
    _creature("Test Twice Bog Walker", (2, 2), Swampwalk(), Swampwalk(), cost="{1}{B}"),
    _creature("Test Marsh Walker", (2, 2), Islandwalk(), Swampwalk(), cost="{1}{B}"),
    _creature("Test Hill Walker", (2, 2), Mountainwalk(), cost="{1}{R}"),
    _creature("Test Wasteland Walker", (2, 2), NonbasicLandwalk(), cost="{2}"),
    _creature("Test Snow Bog Walker", (2, 2), Landwalk("Swamp", "Snow"), cost="{1}{B}"),
    _creature("Test Legend Walker", (2, 2), Landwalk(quality="Legendary"), cost="{2}"),
    _creature("Test Flying Bog Walker", (1, 1), Flying(), Swampwalk(), cost="{B}"),
    card("Test Snow Swamp", None, "Basic Snow Land — Swamp", "({T}: Add {B}.)"),
    card("Test Legendary Ruins", None, "Legendary Land", ""),
    card(
        "Test Whitewash",
        "{W}",
        "Instant",
        "Target creature becomes white until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(colors=("W",)),)),
    ),
)


class MoreCombatCards:
    """A plugin adding these test cards: ``Scenario(plugins=[MoreCombatCards()])``."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test set."""
        return [CardSet("TC2", "More combat test cards", CARDS)]

"""Test-only cards for triggers on blocks (509.3), intimidate and landwalk (702.13,
702.14), costs to attack and block (508.1g-j, 509.1d-f) and creatures put onto the
battlefield attacking or blocking (508.4, 509.4), and their plugin:
``Scenario(plugins=[MoreCombatCards()])``.
"""

from __future__ import annotations

from dataclasses import dataclass

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    TARGET_CREATURE,
    THAT_CREATURE,
    THAT_PLAYER,
    Ability,
    AttackCost,
    Becomes,
    BlockCost,
    BlocksAdditionalCreatures,
    CardDefinition,
    CardSet,
    CombatCost,
    CreateTokens,
    DealDamage,
    GainLife,
    LoseLife,
    MayPutFromHandOntoBattlefield,
    PayLife,
    Printed,
    SpellAbility,
    TriggeredAbility,
    WheneverAttacks,
    WheneverBecomesBlocked,
    WheneverBecomesBlockedByACreature,
    WheneverBlocks,
    WheneverBlocksACreature,
    WheneverBlocksOrBecomesBlockedByACreature,
    card,
    token,
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
from manaweave.lowlevel import Game, GameObject

__all__ = ["MoreCombatCards"]


@dataclass(frozen=True, slots=True)
class TaxesAttacksOnYou(AttackCost):
    """ "Creatures can't attack you unless their controller pays {2} for each creature
    they control that's attacking you" (508.1d, 508.1h)."""

    text: str = (
        "Creatures can't attack you unless their controller pays {2} for each creature "
        "they control that's attacking you."
    )

    def cost_to_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: int | tuple[str, int]
    ) -> CombatCost | None:
        if attacked != ("player", source.controller):
            return None  # attacking a planeswalker of theirs costs nothing
        return CombatCost(ManaCost.parse("{2}"))


@dataclass(frozen=True, slots=True)
class AttackingCostsLife(AttackCost):
    """ "Creatures can't attack unless their controller pays 2 life for each of them"
    (508.1h: a cost other than mana)."""

    text: str = "Creatures can't attack unless their controller pays 2 life for each of them."

    def cost_to_attack(
        self, game: Game, source: GameObject, creature: GameObject, attacked: int | tuple[str, int]
    ) -> CombatCost:
        return CombatCost(costs=(PayLife(2, text="pay 2 life"),))


@dataclass(frozen=True, slots=True)
class TaxesBlocks(BlockCost):
    """ "Creatures can't block unless their controller pays {1} for each blocking creature
    they control" (509.1c, 509.1d)."""

    text: str = (
        "Creatures can't block unless their controller pays {1} for each blocking creature "
        "they control."
    )

    def cost_to_block(
        self, game: Game, source: GameObject, blocker: GameObject, blocked: tuple[int, ...]
    ) -> CombatCost:
        return CombatCost(ManaCost.parse("{1}"))


def _creature(
    name: str,
    pt: tuple[int, int],
    *abilities: Ability,
    cost: str = "{2}",
    type_line: str = "Creature — Soldier",
) -> CardDefinition:
    text = "\n".join(a.text for a in abilities)
    return card(name, printed=Printed(cost, type_line, text, pt=pt), abilities=abilities)


SOLDIER = token("Soldier", "W", pt=(1, 1))
GUARD = token("Soldier", "W", pt=(2, 2), name="Guard Token")


def _instant(name: str, text: str, effect: CreateTokens) -> CardDefinition:
    return card(
        name, printed=Printed("{W}", "Instant", text), spell=SpellAbility(effects=(effect,))
    )


CARDS = (
    _creature(
        "Test Hero",
        (3, 3),
        TriggeredAbility(
            WheneverAttacks(),
            (CreateTokens(SOLDIER, 2, tapped=True, attacking=True),),
            text=(
                "Whenever this creature attacks, create two 1/1 white Soldier creature tokens "
                "that are tapped and attacking."
            ),
        ),
    ),
    _creature(
        "Test Captain",
        (2, 2),
        TriggeredAbility(
            WheneverAttacks(),
            (MayPutFromHandOntoBattlefield(tapped=True, attacking=True),),
            text=(
                "Whenever this creature attacks, you may put a creature card from your hand "
                "onto the battlefield tapped and attacking."
            ),
        ),
    ),
    _creature(
        "Test Raider",
        (2, 2),
        TriggeredAbility(
            WheneverAttacks(),
            (GainLife(3),),
            text="Whenever this creature attacks, you gain 3 life.",
        ),
    ),
    _instant(
        "Test Ambush",
        "Create a 1/1 white Soldier creature token that's tapped and attacking.",
        CreateTokens(SOLDIER, tapped=True, attacking=True),
    ),
    _instant(
        "Test Ambush Guard",
        "Create a 2/2 white Soldier creature token that's blocking.",
        CreateTokens(GUARD, blocking=True),
    ),
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
    card("Test Snow Swamp", printed=Printed(None, "Basic Snow Land — Swamp", "({T}: Add {B}.)")),
    card("Test Legendary Ruins", printed=Printed(None, "Legendary Land", "")),
    *(
        card(name, printed=Printed(cost, "Enchantment", ability.text), abilities=(ability,))
        for name, cost, ability in (
            ("Test Ghostly Prison", "{2}{W}", TaxesAttacksOnYou()),
            ("Test Blood Toll", "{1}{B}", AttackingCostsLife()),
            ("Test Cadence", "{R}", TaxesBlocks()),
        )
    ),
    card(
        "Test Blanch",
        printed=Printed("{W}", "Instant", "Target creature becomes white until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(colors=("W",)),)),
    ),
)


class MoreCombatCards:
    """A plugin adding these test cards: ``Scenario(plugins=[MoreCombatCards()])``."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test set."""
        return [CardSet("TC2", "More combat test cards", CARDS)]

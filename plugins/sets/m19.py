"""Core Set 2019 (M19): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import hookimpl
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    CardSet,
    DealDamage,
    DestroyAll,
    DiscardCards,
    DoesntUntap,
    DrawCards,
    GetsAsLongAs,
    IsAttacking,
    Mode,
    Sacrifice,
    SacrificedPower,
    SpellAbility,
    TapEnchanted,
    TriggeredAbility,
    WhenEnters,
    X,
    XAtLeast,
    YouControlA,
    card,
)
from manaweave.keywords.enchant import Enchant

SET_CODE = "M19"

CARDS = (
    card(
        "Banefire",
        "{X}{R}",
        "Sorcery",
        "Banefire deals X damage to any target.\nIf X is 5 or more, this spell can't be "
        "countered and the damage can't be prevented.",
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(DealDamage(X, unpreventable_if=XAtLeast(5)),),
            uncounterable_if=XAtLeast(5),
        ),
    ),
    card(
        "Cleansing Nova",
        "{3}{W}{W}",
        "Sorcery",
        "Choose one —\n• Destroy all creatures.\n• Destroy all artifacts and enchantments.",
        spell=SpellAbility(
            modes=(
                Mode("Destroy all creatures.", (DestroyAll(("Creature",)),)),
                Mode(
                    "Destroy all artifacts and enchantments.",
                    (DestroyAll(("Artifact", "Enchantment")),),
                ),
            )
        ),
    ),
    card(
        "Gearsmith Prodigy",
        "{U}",
        "Creature — Human Artificer",
        "Gearsmith Prodigy gets +1/+0 as long as you control an artifact.",
        pt=(1, 2),
        abilities=(
            GetsAsLongAs(
                1,
                0,
                YouControlA("Artifact"),
                text="Gearsmith Prodigy gets +1/+0 as long as you control an artifact.",
            ),
        ),
    ),
    card(
        "Gearsmith Guardian",
        "{5}",
        "Artifact Creature — Construct",
        "Gearsmith Guardian gets +2/+0 as long as you control a blue creature.",
        pt=(3, 5),
        abilities=(
            GetsAsLongAs(
                2,
                0,
                YouControlA("Creature", color="U"),
                text="Gearsmith Guardian gets +2/+0 as long as you control a blue creature.",
            ),
        ),
    ),
    card(
        "Grasping Scoundrel",
        "{B}",
        "Creature — Human Pirate",
        "Grasping Scoundrel gets +1/+0 as long as it's attacking.",
        pt=(1, 1),
        abilities=(
            GetsAsLongAs(
                1, 0, IsAttacking(), text="Grasping Scoundrel gets +1/+0 as long as it's attacking."
            ),
        ),
    ),
    card(
        "Thud",
        "{R}",
        "Sorcery",
        "As an additional cost to cast this spell, sacrifice a creature.\nThud deals damage "
        "equal to the sacrificed creature's power to any target.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(SacrificedPower()),)),
    ),
    card(
        "Blood Divination",
        "{3}{B}",
        "Sorcery",
        "As an additional cost to cast this spell, sacrifice a creature.\nDraw three cards.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(effects=(DrawCards(3),)),
    ),
    card(
        "Tormenting Voice",
        "{1}{R}",
        "Sorcery",
        "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Waterknot",
        "{1}{U}{U}",
        "Enchantment — Aura",
        "Enchant creature\nWhen Waterknot enters the battlefield, tap enchanted "
        "creature.\nEnchanted creature doesn't untap during its controller's untap step.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            TriggeredAbility(
                WhenEnters(),
                (TapEnchanted(),),
                text="When Waterknot enters the battlefield, tap enchanted creature.",
            ),
            DoesntUntap(
                text="Enchanted creature doesn't untap during its controller's untap step."
            ),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Core Set 2019", CARDS)]

"""Test-only cards for the keyword abilities haste, flash, hexproof, shroud, ward, lifelink
and indestructible (CR 702.8-702.21), registered by :class:`MiscKeywordCards`.

Cards with real names carry the facts of those cards; the others, named "Test ...",
put one keyword in a plain body, or grant or take away a keyword, so that a scenario shows
one rule at a time.
"""

from __future__ import annotations

import manaweave
from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    CardDefinition,
    CardSet,
    DealDamage,
    DiscardCards,
    DrawCards,
    EnchantedGets,
    EnchantedHas,
    GainsUntilEndOfTurn,
    PayLife,
    Printed,
    PumpTarget,
    SpellAbility,
    SpellsAsThoughFlash,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenEnters,
    WheneverCast,
    YourPermanentsHave,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.flash import Flash
from manaweave.keywords.haste import Haste
from manaweave.keywords.hexproof import Hexproof, HexproofFrom
from manaweave.keywords.indestructible import Indestructible
from manaweave.keywords.lifelink import Lifelink
from manaweave.keywords.morph import Morph
from manaweave.keywords.shroud import Shroud
from manaweave.keywords.ward import Ward

__all__ = ["CARDS", "MiscKeywordCards"]

_ENCHANT_CREATURE = Enchant(TARGET_CREATURE, text="Enchant creature")


def _aura(name: str, cost: str, granted: str, ability: manaweave.cards.Ability) -> CardDefinition:
    """An Aura: "Enchant creature / Enchanted creature has [keyword]."."""
    text = f"Enchanted creature has {granted}."
    return card(
        name,
        printed=Printed(cost, "Enchantment — Aura", f"Enchant creature\n{text}"),
        abilities=(_ENCHANT_CREATURE, EnchantedHas(ability, text=text)),
    )


def _aura_taking(
    name: str, cost: str, lost: str, ability: manaweave.cards.Ability
) -> CardDefinition:
    """An Aura: "Enchant creature / Enchanted creature loses [keyword]."."""
    text = f"Enchanted creature loses {lost}."
    return card(
        name,
        printed=Printed(cost, "Enchantment — Aura", f"Enchant creature\n{text}"),
        abilities=(_ENCHANT_CREATURE, EnchantedGets(0, 0, text=text, loses=(ability,))),
    )


def _pinger(
    name: str, cost: str, keyword: manaweave.cards.Ability, creature_type: str
) -> CardDefinition:
    """A 1/1 with a keyword and "{T}: [This] deals 1 damage to any target."."""
    ping = f"{{T}}: {name} deals 1 damage to any target."
    return card(
        name,
        printed=Printed(cost, f"Creature — {creature_type}", f"{keyword.text}\n{ping}", pt=(1, 1)),
        abilities=(
            keyword,
            ActivatedAbility(
                ManaCost.parse(""), (DealDamage(1),), tap=True, targets=(ANY_TARGET,), text=ping
            ),
        ),
    )


BRIARPACK_TEXT = "When Briarpack Alpha enters, target creature gets +2/+2 until end of turn."

CARDS: tuple[CardDefinition, ...] = (
    # --- haste (702.10) ---
    _pinger("Test Hasty Pinger", "{1}{R}", Haste(), "Goblin Shaman"),
    _aura("Test Rush", "{R}", "haste", Haste()),
    _aura_taking("Test Lethargy", "{U}", "haste", Haste()),
    # --- flash (702.8) ---
    card(
        "Briarpack Alpha",
        printed=Printed("{3}{G}", "Creature — Wolf", f"Flash\n{BRIARPACK_TEXT}", pt=(3, 3)),
        abilities=(
            Flash(),
            TriggeredAbility(
                WhenEnters(), (PumpTarget(2, 2),), targets=(TARGET_CREATURE,), text=BRIARPACK_TEXT
            ),
        ),
    ),
    card(
        "Test Doubly Quick Bear",
        printed=Printed("{1}{G}", "Creature — Bear", "Flash\nFlash", pt=(2, 2)),
        abilities=(Flash(), Flash()),
    ),
    card(
        "Vedalken Orrery",
        printed=Printed("{4}", "Artifact", "You may cast spells as though they had flash."),
        abilities=(SpellsAsThoughFlash(text="You may cast spells as though they had flash."),),
    ),
    card(
        "Test Ambush Horn",
        printed=Printed(
            "{1}{G}", "Enchantment", "You may cast creature spells as though they had flash."
        ),
        abilities=(
            SpellsAsThoughFlash(
                types=("Creature",),
                text="You may cast creature spells as though they had flash.",
            ),
        ),
    ),
    card(
        "Test Veiled Ambusher",
        printed=Printed("{2}{U}", "Creature — Human Rogue", "Flash\nMorph {U}", pt=(2, 2)),
        abilities=(Flash(), Morph("{U}")),
    ),
    # --- hexproof (702.11) and shroud (702.18) ---
    card(
        "Gladecover Scout",
        printed=Printed("{G}", "Creature — Elf Scout", "Hexproof", pt=(1, 1)),
        abilities=(Hexproof(),),
    ),
    card(
        "Test Veil Knight",
        printed=Printed("{1}{W}", "Creature — Human Knight", "Hexproof from black", pt=(2, 2)),
        abilities=(HexproofFrom(color="B"),),
    ),
    card(
        "Test Pyre Warden",
        printed=Printed(
            "{1}{W}", "Creature — Human Cleric", "Hexproof from red\nHexproof from red", pt=(2, 2)
        ),
        abilities=(HexproofFrom(color="R"), HexproofFrom(color="R")),
    ),
    _aura("Test Veil", "{G}", "hexproof", Hexproof()),
    _aura_taking("Test Unveiling", "{W}", "hexproof", Hexproof()),
    card(
        "Argothian Enchantress",
        printed=Printed(
            "{1}{G}",
            "Creature — Human Druid",
            "Shroud\nWhenever you cast an enchantment spell, draw a card.",
            pt=(0, 1),
        ),
        abilities=(
            Shroud(),
            TriggeredAbility(
                WheneverCast(by="you", card_type="Enchantment"),
                (DrawCards(1),),
                text="Whenever you cast an enchantment spell, draw a card.",
            ),
        ),
    ),
    _aura("Test Cloak", "{U}", "shroud", Shroud()),
    card(
        "Test Druid Mantle",
        printed=Printed("{1}{G}", "Enchantment", "Druids you control have shroud."),
        abilities=(YourPermanentsHave("Druid", Shroud(), text="Druids you control have shroud."),),
    ),
    card(
        "Ranger's Guile",
        printed=Printed(
            "{G}",
            "Instant",
            "Target creature you control gets +1/+1 and gains hexproof until end of turn.",
        ),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True),),
            effects=(PumpTarget(1, 1), GainsUntilEndOfTurn(Hexproof())),
        ),
    ),
    # --- ward (702.21) ---
    card(
        "Test Warded Drake",
        printed=Printed("{2}{U}", "Creature — Drake", "Ward {2}", pt=(2, 2)),
        abilities=(Ward("{2}"),),
    ),
    card(
        "Test Blood Sentinel",
        printed=Printed("{1}{B}", "Creature — Vampire Soldier", "Ward—Pay 2 life.", pt=(2, 2)),
        abilities=(Ward(costs=(PayLife(2, "pay 2 life"),), text="Ward—Pay 2 life."),),
    ),
    card(
        "Test Hoarding Sentinel",
        printed=Printed("{1}{U}", "Creature — Human Wizard", "Ward—Discard a card.", pt=(1, 3)),
        abilities=(Ward(costs=(DiscardCards(),), text="Ward—Discard a card."),),
    ),
    card(
        "Test Twin Warden",
        printed=Printed("{3}{U}", "Creature — Spirit", "Ward {1}\nWard {1}", pt=(2, 2)),
        abilities=(Ward("{1}"), Ward("{1}")),
    ),
    _pinger("Test Warded Pinger", "{2}{R}", Ward("{1}"), "Human Wizard"),
    # --- lifelink (702.15) ---
    _pinger("Test Bloodthirsty Pinger", "{2}{B}", Lifelink(), "Vampire Wizard"),
    card(
        "Test Sanguine Bolt",
        printed=Printed(
            "{1}{B}", "Instant", "Lifelink\nTest Sanguine Bolt deals 2 damage to any target."
        ),
        abilities=(Lifelink(),),
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(2),)),
    ),
    # --- indestructible (702.12) ---
    card(
        "Darksteel Myr",
        printed=Printed("{3}", "Artifact Creature — Myr", "Indestructible", pt=(0, 1)),
        abilities=(Indestructible(),),
    ),
    card(
        "Test Darksteel Brute",
        printed=Printed("{4}", "Artifact Creature — Golem", "Indestructible", pt=(3, 3)),
        abilities=(Indestructible(),),
    ),
    _aura("Test Aegis", "{W}", "indestructible", Indestructible()),
    _aura_taking("Test Corrosion", "{B}", "indestructible", Indestructible()),
)


class MiscKeywordCards:
    """A plugin adding these test cards: ``Scenario(plugins=[MiscKeywordCards()])``."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The keyword test set."""
        return [CardSet("TKW", "Keyword test cards", CARDS)]

"""Magic 2010 (M10): the cards of the set defined so far, and its ready decks."""

from __future__ import annotations

from importlib import resources

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    TARGET_PLAYER,
    YOU,
    ActivatedAbility,
    CardDefinition,
    CardSet,
    DealDamage,
    DrawCards,
    Enchant,
    EnchantedGets,
    LoseLife,
    ManaAbility,
    PumpTarget,
    SpellAbility,
    card,
)

SET_CODE = "M10"


def _basic(name: str, mana: str) -> CardDefinition:
    # The mana ability of a basic land is intrinsic to its land type (CR 305.6).
    return card(name, None, f"Basic Land — {name}", f"({{T}}: Add {{{mana}}}.)")


CARDS = (
    _basic("Plains", "W"),
    _basic("Island", "U"),
    _basic("Swamp", "B"),
    _basic("Mountain", "R"),
    _basic("Forest", "G"),
    card("Elite Vanguard", "{W}", "Creature — Human Soldier", pt=(2, 1)),
    card("Silvercoat Lion", "{1}{W}", "Creature — Cat", pt=(2, 2)),
    card("Goblin Piker", "{1}{R}", "Creature — Goblin Warrior", pt=(2, 1)),
    card("Runeclaw Bear", "{1}{G}", "Creature — Bear", pt=(2, 2)),
    card("Centaur Courser", "{2}{G}", "Creature — Centaur Warrior", pt=(3, 3)),
    card("Craw Wurm", "{4}{G}{G}", "Creature — Wurm", pt=(6, 4)),
    card("Enormous Baloth", "{6}{G}", "Creature — Beast", pt=(7, 7)),
    card("Canyon Minotaur", "{3}{R}", "Creature — Minotaur Warrior", pt=(3, 3)),
    card("Coral Merfolk", "{1}{U}", "Creature — Merfolk", pt=(2, 1)),
    card("Horned Turtle", "{2}{U}", "Creature — Turtle", pt=(1, 4)),
    card("Siege Mastodon", "{4}{W}", "Creature — Elephant", pt=(3, 5)),
    card("Warpath Ghoul", "{2}{B}", "Creature — Zombie", pt=(3, 2)),
    card("Zombie Goliath", "{4}{B}", "Creature — Zombie Giant", pt=(4, 3)),
    card(
        "Llanowar Elves",
        "{G}",
        "Creature — Elf Druid",
        "{T}: Add {G}.",
        pt=(1, 1),
        abilities=(ManaAbility((("G",),), text="{T}: Add {G}."),),
    ),
    card(
        "Prodigal Pyromancer",
        "{2}{R}",
        "Creature — Human Wizard",
        "{T}: Prodigal Pyromancer deals 1 damage to any target.",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamage(1),),
                tap=True,
                targets=(ANY_TARGET,),
                text="{T}: Prodigal Pyromancer deals 1 damage to any target.",
            ),
        ),
    ),
    card(
        "Goblin Artillery",
        "{1}{R}{R}",
        "Creature — Goblin Warrior",
        "{T}: Goblin Artillery deals 2 damage to any target and 3 damage to you.",
        pt=(1, 3),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (DealDamage(2), DealDamage(3, target=YOU)),
                tap=True,
                targets=(ANY_TARGET,),
                text="{T}: Goblin Artillery deals 2 damage to any target and 3 damage to you.",
            ),
        ),
    ),
    card(
        "Acolyte of Xathrid",
        "{B}",
        "Creature — Human Cleric",
        "{1}{B}, {T}: Target player loses 1 life.",
        pt=(0, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{1}{B}"),
                (LoseLife(1),),
                tap=True,
                targets=(TARGET_PLAYER,),
                text="{1}{B}, {T}: Target player loses 1 life.",
            ),
        ),
    ),
    card(
        "Lightning Bolt",
        "{R}",
        "Instant",
        "Lightning Bolt deals 3 damage to any target.",
        spell=SpellAbility(targets=(ANY_TARGET,), effects=(DealDamage(3),)),
    ),
    card(
        "Giant Growth",
        "{G}",
        "Instant",
        "Target creature gets +3/+3 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(3, 3),)),
    ),
    card(
        "Divination",
        "{2}{U}",
        "Sorcery",
        "Draw two cards.",
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Oakenform",
        "{2}{G}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +3/+3.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGets(3, 3, text="Enchanted creature gets +3/+3."),
        ),
    ),
)


def _decks() -> dict[str, str]:
    folder = resources.files("manaweave.plugins.sets") / "decks"
    return {
        entry.name.removesuffix(".txt"): entry.read_text(encoding="utf-8")
        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
        if entry.name.startswith("m10-") and entry.name.endswith(".txt")
    }


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2010", CARDS, decks=_decks())]

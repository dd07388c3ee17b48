"""Magic 2010 (M10): the white cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    BlocksAnyNumber,
    CreateTokens,
    CreaturesGet,
    Destroy,
    DestroyAll,
    DrawCards,
    EnchantedCantAttackOrBlock,
    EnchantedGets,
    EnchantedGetsForEach,
    EnchantedHas,
    Exile,
    GainLife,
    LoyaltyAbility,
    OpponentsCantCastSpellsThisTurn,
    PowerToughnessEqualToLife,
    PreventDamageThisTurn,
    PreventSomeDamageToYou,
    PumpAll,
    PumpTarget,
    PutCountersOnEachCreatureYouControl,
    PutOnTopOfOwnersLibrary,
    SpellAbility,
    TapTargets,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenEnters,
    WheneverCast,
    WheneverDealsCombatDamageToPlayer,
    YourPermanentsHave,
    card,
    token,
)
from manaweave.keywords.defender import Defender
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.first_strike import FirstStrike
from manaweave.keywords.flying import Flying
from manaweave.keywords.indestructible import Indestructible
from manaweave.keywords.lifelink import Lifelink
from manaweave.keywords.protection import Protection
from manaweave.keywords.vigilance import Vigilance

from ._helpers import pumps_itself
from .harms_way import RedirectNextDamageFromChosenSource
from .open_the_vaults import ReturnAllCardsOfTypesFromGraveyards

CARDS = (
    card(
        "Ajani Goldmane",
        "{2}{W}{W}",
        "Legendary Planeswalker — Ajani",
        "[+1]: You gain 2 life.\n"
        "[−1]: Put a +1/+1 counter on each creature you control. Those creatures gain "
        "vigilance until end of turn.\n"
        "[−6]: Create a white Avatar creature token. It has \"This creature's power and "
        'toughness are each equal to your life total."',
        loyalty=4,
        abilities=(
            LoyaltyAbility(effects=(GainLife(2),), loyalty=1),
            LoyaltyAbility(
                effects=(PutCountersOnEachCreatureYouControl("+1/+1", then_gains=Vigilance()),),
                loyalty=-1,
            ),
            LoyaltyAbility(
                effects=(
                    CreateTokens(
                        token(
                            "Avatar",
                            "W",
                            abilities=(
                                PowerToughnessEqualToLife(
                                    text="This creature's power and toughness are each equal "
                                    "to your life total."
                                ),
                            ),
                            text="This creature's power and toughness are each equal to your "
                            "life total.",
                        )
                    ),
                ),
                loyalty=-6,
            ),
        ),
    ),
    card(
        "Angel's Mercy",
        "{2}{W}{W}",
        "Instant",
        "You gain 7 life.",
        spell=SpellAbility(effects=(GainLife(7),)),
    ),
    card(
        "Armored Ascension",
        "{3}{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +1/+1 for each Plains you control and has "
        "flying.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            EnchantedGetsForEach(
                1, 1, "Plains", text="Enchanted creature gets +1/+1 for each Plains you control"
            ),
            EnchantedHas(Flying(), text="Enchanted creature has flying."),
        ),
    ),
    card(
        "Baneslayer Angel",
        "{3}{W}{W}",
        "Creature — Angel",
        "Flying, first strike, lifelink, protection from Demons and from Dragons",
        pt=(5, 5),
        abilities=(
            Flying(),
            FirstStrike(),
            Lifelink(),
            Protection(subtype="Demon"),
            Protection(subtype="Dragon"),
        ),
    ),
    card(
        "Blinding Mage",
        "{1}{W}",
        "Creature — Human Wizard",
        "{W}, {T}: Tap target creature.",
        pt=(1, 2),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{W}"),
                (TapTargets((0,)),),
                tap=True,
                targets=(TARGET_CREATURE,),
            ),
        ),
    ),
    card(
        "Captain of the Watch",
        "{4}{W}{W}",
        "Creature — Human Soldier",
        "Vigilance (Attacking doesn't cause this creature to tap.)\nOther Soldier creatures "
        "you control get +1/+1 and have vigilance.\nWhen Captain of the Watch enters the "
        "battlefield, create three 1/1 white Soldier creature tokens.",
        pt=(3, 3),
        abilities=(
            Vigilance(),
            CreaturesGet(
                1,
                1,
                subtype="Soldier",
                other=True,
                text="Other Soldier creatures you control get +1/+1",
            ),
            YourPermanentsHave(
                "Soldier",
                Vigilance(),
                other=True,
                text="Other Soldier creatures you control have vigilance.",
            ),
            TriggeredAbility(
                WhenEnters(),
                (CreateTokens(token("Soldier", "W", pt=(1, 1)), 3),),
                text="When Captain of the Watch enters the battlefield, create three 1/1 "
                "white Soldier creature tokens.",
            ),
        ),
    ),
    card(
        "Celestial Purge",
        "{1}{W}",
        "Instant",
        "Exile target black or red permanent.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.PERMANENT, "target black or red permanent", colors=("B", "R")
                ),
            ),
            effects=(Exile(),),
        ),
    ),
    card(
        "Divine Verdict",
        "{3}{W}",
        "Instant",
        "Destroy target attacking or blocking creature.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CREATURE,
                    "target attacking or blocking creature",
                    attacking=True,
                    blocking=True,
                ),
            ),
            effects=(Destroy(),),
        ),
    ),
    card("Elite Vanguard", "{W}", "Creature — Human Soldier", pt=(2, 1)),
    card(
        "Excommunicate",
        "{2}{W}",
        "Sorcery",
        "Put target creature on top of its owner's library.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PutOnTopOfOwnersLibrary(),)),
    ),
    card(
        "Glorious Charge",
        "{1}{W}",
        "Instant",
        "Creatures you control get +1/+1 until end of turn.",
        spell=SpellAbility(effects=(PumpAll(1, 1),)),
    ),
    card(
        "Griffin Sentinel",
        "{2}{W}",
        "Creature — Griffin",
        "Flying\nVigilance (Attacking doesn't cause this creature to tap.)",
        pt=(1, 3),
        abilities=(
            Flying(),
            Vigilance(),
        ),
    ),
    card(
        "Guardian Seraph",
        "{2}{W}{W}",
        "Creature — Angel",
        "Flying\nIf a source an opponent controls would deal damage to you, prevent 1 of that "
        "damage.",
        pt=(3, 4),
        abilities=(
            Flying(),
            PreventSomeDamageToYou(
                1,
                from_opponents=True,
            ),
        ),
    ),
    card(
        "Harm's Way",
        "{W}",
        "Instant",
        "The next 2 damage that a source of your choice would deal to you and/or permanents "
        "you control this turn is dealt to any target instead.",
        spell=SpellAbility(
            targets=(ANY_TARGET,),
            effects=(
                RedirectNextDamageFromChosenSource(
                    2,
                    wording="The next 2 damage that a source of your choice would deal to you "
                    "and/or permanents you control this turn is dealt to any target instead.",
                ),
            ),
        ),
    ),
    card(
        "Holy Strength",
        "{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +1/+2.",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(1, 2),
        ),
    ),
    card(
        "Honor of the Pure",
        "{1}{W}",
        "Enchantment",
        "White creatures you control get +1/+1.",
        abilities=(CreaturesGet(1, 1, color="W"),),
    ),
    card(
        "Indestructibility",
        "{3}{W}",
        "Enchantment — Aura",
        "Enchant permanent\nEnchanted permanent has indestructible. (Effects that say "
        "\"destroy\" don't destroy that permanent. A creature with indestructible can't be "
        "destroyed by damage.)",
        abilities=(
            Enchant(TargetSpec(TargetKind.PERMANENT, "target permanent")),
            EnchantedHas(Indestructible()),
        ),
    ),
    card(
        "Lifelink",
        "{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature has lifelink. (Damage dealt by the creature also "
        "causes its controller to gain that much life.)",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedHas(Lifelink()),
        ),
    ),
    card(
        "Lightwielder Paladin",
        "{3}{W}{W}",
        "Creature — Human Knight",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nWhenever Lightwielder Paladin deals combat damage to a player, you may "
        "exile target black or red permanent that player controls.",
        pt=(4, 4),
        abilities=(
            FirstStrike(),
            TriggeredAbility(
                WheneverDealsCombatDamageToPlayer(),
                (Exile(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target black or red permanent that player controls",
                        colors=("B", "R"),
                        that_players=True,
                    ),
                ),
                optional=True,
            ),
        ),
    ),
    card(
        "Mesa Enchantress",
        "{1}{W}{W}",
        "Creature — Human Druid",
        "Whenever you cast an enchantment spell, you may draw a card.",
        pt=(0, 2),
        abilities=(
            TriggeredAbility(
                WheneverCast(by="you", card_type="Enchantment"),
                (DrawCards(1),),
                optional=True,
            ),
        ),
    ),
    card(
        "Open the Vaults",
        "{4}{W}{W}",
        "Sorcery",
        "Return all artifact and enchantment cards from all graveyards to the battlefield "
        "under their owners' control. (Auras with nothing to enchant remain in graveyards.)",
        spell=SpellAbility(
            effects=(ReturnAllCardsOfTypesFromGraveyards(("Artifact", "Enchantment")),)
        ),
    ),
    card(
        "Pacifism",
        "{1}{W}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature can't attack or block.",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedCantAttackOrBlock(),
        ),
    ),
    card(
        "Palace Guard",
        "{2}{W}",
        "Creature — Human Soldier",
        "Palace Guard can block any number of creatures.",
        pt=(1, 4),
        abilities=(BlocksAnyNumber(),),
    ),
    card(
        "Planar Cleansing",
        "{3}{W}{W}{W}",
        "Sorcery",
        "Destroy all nonland permanents.",
        spell=SpellAbility(effects=(DestroyAll((), exclude_types=("Land",)),)),
    ),
    card(
        "Razorfoot Griffin",
        "{3}{W}",
        "Creature — Griffin",
        "Flying (This creature can't be blocked except by creatures with flying or reach.)\nFirst "
        "strike (This creature deals combat damage before creatures without first strike.)",
        pt=(2, 2),
        abilities=(
            Flying(),
            FirstStrike(),
        ),
    ),
    card(
        "Rhox Pikemaster",
        "{2}{W}{W}",
        "Creature — Rhino Soldier",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nOther Soldier creatures you control have first strike.",
        pt=(3, 3),
        abilities=(
            FirstStrike(),
            YourPermanentsHave(
                "Soldier",
                FirstStrike(),
                other=True,
            ),
        ),
    ),
    card(
        "Righteousness",
        "{W}",
        "Instant",
        "Target blocking creature gets +7/+7 until end of turn.",
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.CREATURE, "target blocking creature", blocking=True),),
            effects=(PumpTarget(7, 7),),
        ),
    ),
    card(
        "Safe Passage",
        "{2}{W}",
        "Instant",
        "Prevent all damage that would be dealt to you and creatures you control this turn.",
        spell=SpellAbility(
            effects=(
                PreventDamageThisTurn(
                    protects="you and your creatures",
                    wording="Prevent all damage that would be dealt to you and creatures you "
                    "control this turn.",
                ),
            )
        ),
    ),
    card(
        "Serra Angel",
        "{3}{W}{W}",
        "Creature — Angel",
        "Flying, vigilance",
        pt=(4, 4),
        abilities=(
            Flying(),
            Vigilance(),
        ),
    ),
    card("Siege Mastodon", "{4}{W}", "Creature — Elephant", pt=(3, 5)),
    card(
        "Silence",
        "{W}",
        "Instant",
        "Your opponents can't cast spells this turn.",
        spell=SpellAbility(effects=(OpponentsCantCastSpellsThisTurn(),)),
    ),
    card("Silvercoat Lion", "{1}{W}", "Creature — Cat", pt=(2, 2)),
    card(
        "Solemn Offering",
        "{2}{W}",
        "Sorcery",
        "Destroy target artifact or enchantment. You gain 4 life.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.PERMANENT,
                    "target artifact or enchantment",
                    types=("Artifact", "Enchantment"),
                ),
            ),
            effects=(Destroy(), GainLife(4)),
        ),
    ),
    card(
        "Soul Warden",
        "{W}",
        "Creature — Human Cleric",
        "Whenever another creature enters the battlefield, you gain 1 life.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenEnters(another=True, creature=True),
                (GainLife(1),),
            ),
        ),
    ),
    card(
        "Stormfront Pegasus",
        "{1}{W}",
        "Creature — Pegasus",
        "Flying",
        pt=(2, 1),
        abilities=(Flying(),),
    ),
    card(
        "Tempest of Light",
        "{2}{W}",
        "Instant",
        "Destroy all enchantments.",
        spell=SpellAbility(effects=(DestroyAll(("Enchantment",)),)),
    ),
    card(
        "Undead Slayer",
        "{2}{W}",
        "Creature — Human Cleric",
        "{W}, {T}: Exile target Skeleton, Vampire, or Zombie.",
        pt=(2, 2),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{W}"),
                (Exile(),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target Skeleton, Vampire, or Zombie",
                        subtypes=("Skeleton", "Vampire", "Zombie"),
                    ),
                ),
            ),
        ),
    ),
    card(
        "Veteran Armorsmith",
        "{W}{W}",
        "Creature — Human Soldier",
        "Other Soldier creatures you control get +0/+1.",
        pt=(2, 3),
        abilities=(
            CreaturesGet(
                0,
                1,
                subtype="Soldier",
                other=True,
            ),
        ),
    ),
    card(
        "Veteran Swordsmith",
        "{2}{W}",
        "Creature — Human Soldier",
        "Other Soldier creatures you control get +1/+0.",
        pt=(3, 2),
        abilities=(
            CreaturesGet(
                1,
                0,
                subtype="Soldier",
                other=True,
            ),
        ),
    ),
    card(
        "Wall of Faith",
        "{3}{W}",
        "Creature — Wall",
        "Defender (This creature can't attack.)\n{W}: Wall of Faith gets +0/+1 until end of turn.",
        pt=(0, 5),
        abilities=(
            Defender(),
            pumps_itself("{W}", 0, 1),
        ),
    ),
    card(
        "White Knight",
        "{W}{W}",
        "Creature — Human Knight",
        "First strike (This creature deals combat damage before creatures without first "
        "strike.)\nProtection from black (This creature can't be blocked, targeted, dealt "
        "damage, or enchanted by anything black.)",
        pt=(2, 2),
        abilities=(FirstStrike(), Protection(color="B")),
    ),
)

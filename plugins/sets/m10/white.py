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
    card("Angel's Mercy", spell=SpellAbility(effects=(GainLife(7),))),
    card(
        "Armored Ascension",
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
    card("Elite Vanguard"),
    card(
        "Excommunicate",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PutOnTopOfOwnersLibrary(),)),
    ),
    card("Glorious Charge", spell=SpellAbility(effects=(PumpAll(1, 1),))),
    card(
        "Griffin Sentinel",
        abilities=(
            Flying(),
            Vigilance(),
        ),
    ),
    card(
        "Guardian Seraph",
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
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(1, 2),
        ),
    ),
    card("Honor of the Pure", abilities=(CreaturesGet(1, 1, color="W"),)),
    card(
        "Indestructibility",
        abilities=(
            Enchant(TargetSpec(TargetKind.PERMANENT, "target permanent")),
            EnchantedHas(Indestructible()),
        ),
    ),
    card(
        "Lifelink",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedHas(Lifelink()),
        ),
    ),
    card(
        "Lightwielder Paladin",
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
        spell=SpellAbility(
            effects=(ReturnAllCardsOfTypesFromGraveyards(("Artifact", "Enchantment")),)
        ),
    ),
    card(
        "Pacifism",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedCantAttackOrBlock(),
        ),
    ),
    card("Palace Guard", abilities=(BlocksAnyNumber(),)),
    card(
        "Planar Cleansing", spell=SpellAbility(effects=(DestroyAll((), exclude_types=("Land",)),))
    ),
    card(
        "Razorfoot Griffin",
        abilities=(
            Flying(),
            FirstStrike(),
        ),
    ),
    card(
        "Rhox Pikemaster",
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
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.CREATURE, "target blocking creature", blocking=True),),
            effects=(PumpTarget(7, 7),),
        ),
    ),
    card(
        "Safe Passage",
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
        abilities=(
            Flying(),
            Vigilance(),
        ),
    ),
    card("Siege Mastodon"),
    card("Silence", spell=SpellAbility(effects=(OpponentsCantCastSpellsThisTurn(),))),
    card("Silvercoat Lion"),
    card(
        "Solemn Offering",
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
        abilities=(
            TriggeredAbility(
                WhenEnters(another=True, creature=True),
                (GainLife(1),),
            ),
        ),
    ),
    card("Stormfront Pegasus", abilities=(Flying(),)),
    card("Tempest of Light", spell=SpellAbility(effects=(DestroyAll(("Enchantment",)),))),
    card(
        "Undead Slayer",
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
        abilities=(
            Defender(),
            pumps_itself("{W}", 0, 1),
        ),
    ),
    card("White Knight", abilities=(FirstStrike(), Protection(color="B"))),
)

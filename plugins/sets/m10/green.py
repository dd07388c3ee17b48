"""Magic 2010 (M10): the green cards, in alphabetical order."""

from __future__ import annotations

from manaweave import ManaCost
from manaweave.cards import (
    SELF,
    TARGET_CREATURE,
    TARGET_TAPPED_CREATURE,
    ActivatedAbility,
    AllAbleBlockIt,
    AtBeginningOf,
    Becomes,
    CantBeCountered,
    CountPermanents,
    CreateDelayedTrigger,
    CreateTokens,
    CreaturesGet,
    DamageEachCreature,
    Destroy,
    DoesntUntap,
    DrawCards,
    EnchantedGets,
    EntersWithCounters,
    GainLife,
    LoyaltyAbility,
    ManaAbility,
    ManaForEachPermanent,
    MayPutFromHandOntoBattlefield,
    MoveTargetCard,
    PreventDamageThisTurn,
    PumpAll,
    PumpTarget,
    PutCounters,
    Regenerate,
    SearchLibraryOntoBattlefield,
    SearchLibraryToHand,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    UntapTarget,
    WhenEnters,
    WheneverAttacks,
    WheneverCast,
    WheneverCounterRemoved,
    X,
    card,
    token,
)
from manaweave.keywords.deathtouch import Deathtouch
from manaweave.keywords.enchant import Enchant
from manaweave.keywords.flying import Flying
from manaweave.keywords.landwalk import Forestwalk
from manaweave.keywords.protection import protection_from
from manaweave.keywords.reach import Reach
from manaweave.keywords.shroud import Shroud
from manaweave.keywords.trample import Trample
from manaweave.lowlevel import Duration

from .lurking_predators import RevealTopPutTypeOntoBattlefield
from .master_of_the_wild_hunt import TappedCreaturesTradeDamageWithTarget
from .protean_hydra import PreventDamageRemovingCounters

CARDS = (
    card(
        "Acidic Slime",
        "{3}{G}{G}",
        "Creature — Ooze",
        "Deathtouch (Any amount of damage this deals to a creature is enough to destroy it.)\n"
        "When Acidic Slime enters the battlefield, destroy target artifact, enchantment, or "
        "land.",
        pt=(2, 2),
        abilities=(
            Deathtouch(),
            TriggeredAbility(
                WhenEnters(),
                (Destroy(0),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target artifact, enchantment, or land",
                        types=("Artifact", "Enchantment", "Land"),
                    ),
                ),
            ),
        ),
    ),
    card(
        "Ant Queen",
        "{3}{G}{G}",
        "Creature — Insect",
        "{1}{G}: Create a 1/1 green Insect creature token.",
        pt=(5, 5),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{1}{G}"),
                (CreateTokens(token("Insect", "G", pt=(1, 1))),),
            ),
        ),
    ),
    card(
        "Awakener Druid",
        "{2}{G}",
        "Creature — Human Druid",
        "When Awakener Druid enters the battlefield, target Forest becomes a 4/5 green "
        "Treefolk creature for as long as Awakener Druid remains on the battlefield. It's "
        "still a land.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (
                    Becomes(
                        types=("Creature",),
                        subtypes=("Treefolk",),
                        colors=("G",),
                        pt=(4, 5),
                        duration=Duration.WHILE_SOURCE_ON_BATTLEFIELD,
                    ),
                ),
                targets=(TargetSpec(TargetKind.PERMANENT, "target Forest", subtypes=("Forest",)),),
            ),
        ),
    ),
    card(
        "Birds of Paradise",
        "{G}",
        "Creature — Bird",
        "Flying\n{T}: Add one mana of any color.",
        pt=(0, 1),
        abilities=(
            Flying(),
            ManaAbility((("W",), ("U",), ("B",), ("R",), ("G",))),
        ),
    ),
    card(
        "Borderland Ranger",
        "{2}{G}",
        "Creature — Human Scout Ranger",
        "When Borderland Ranger enters the battlefield, you may search your library for a "
        "basic land card, reveal it, put it into your hand, then shuffle.",
        pt=(2, 2),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (SearchLibraryToHand(card_type="Land", basic=True),),
                optional=True,
            ),
        ),
    ),
    card(
        "Bountiful Harvest",
        "{4}{G}",
        "Sorcery",
        "You gain 1 life for each land you control.",
        spell=SpellAbility(effects=(GainLife(CountPermanents(card_type="Land")),)),
    ),
    card(
        "Bramble Creeper",
        "{4}{G}",
        "Creature — Elemental",
        "Whenever Bramble Creeper attacks, it gets +5/+0 until end of turn.",
        pt=(0, 3),
        abilities=(
            TriggeredAbility(
                WheneverAttacks(),
                (PumpTarget(5, 0, target=SELF),),
            ),
        ),
    ),
    card("Centaur Courser", "{2}{G}", "Creature — Centaur Warrior", pt=(3, 3)),
    card("Craw Wurm", "{4}{G}{G}", "Creature — Wurm", pt=(6, 4)),
    card(
        "Cudgel Troll",
        "{2}{G}{G}",
        "Creature — Troll",
        "{G}: Regenerate Cudgel Troll. (The next time this creature would be destroyed this "
        "turn, it isn't. Instead tap it, remove all damage from it, and remove it from "
        "combat.)",
        pt=(4, 3),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (Regenerate(SELF),),
            ),
        ),
    ),
    card(
        "Deadly Recluse",
        "{1}{G}",
        "Creature — Spider",
        "Reach (This creature can block creatures with flying.)\nDeathtouch (Any amount of damage "
        "this deals to a creature is enough to destroy it.)",
        pt=(1, 2),
        abilities=(
            Reach(),
            Deathtouch(),
        ),
    ),
    card(
        "Elvish Archdruid",
        "{1}{G}{G}",
        "Creature — Elf Druid",
        "Other Elf creatures you control get +1/+1.\n{T}: Add {G} for each Elf you control.",
        pt=(2, 2),
        abilities=(
            CreaturesGet(1, 1, subtype="Elf", other=True),
            ManaForEachPermanent((("G",),), subtype="Elf"),
        ),
    ),
    card(
        "Elvish Piper",
        "{3}{G}",
        "Creature — Elf Shaman",
        "{G}, {T}: You may put a creature card from your hand onto the battlefield.",
        pt=(1, 1),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{G}"),
                (MayPutFromHandOntoBattlefield(),),
                tap=True,
            ),
        ),
    ),
    card(
        "Elvish Visionary",
        "{1}{G}",
        "Creature — Elf Shaman",
        "When Elvish Visionary enters the battlefield, draw a card.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WhenEnters(),
                (DrawCards(1),),
            ),
        ),
    ),
    card(
        "Emerald Oryx",
        "{3}{G}",
        "Creature — Antelope",
        "Forestwalk (This creature can't be blocked as long as defending player controls a "
        "Forest.)",
        pt=(2, 3),
        abilities=(Forestwalk(),),
    ),
    card("Enormous Baloth", "{6}{G}", "Creature — Beast", pt=(7, 7)),
    card(
        "Entangling Vines",
        "{3}{G}",
        "Enchantment — Aura",
        "Enchant tapped creature\nEnchanted creature doesn't untap during its controller's "
        "untap step.",
        abilities=(
            Enchant(
                TARGET_TAPPED_CREATURE,
            ),
            DoesntUntap(),
        ),
    ),
    card(
        "Fog",
        "{G}",
        "Instant",
        "Prevent all combat damage that would be dealt this turn.",
        spell=SpellAbility(
            effects=(
                PreventDamageThisTurn(
                    combat_only=True,
                    wording="Prevent all combat damage that would be dealt this turn.",
                ),
            )
        ),
    ),
    card(
        "Garruk Wildspeaker",
        "{2}{G}{G}",
        "Legendary Planeswalker — Garruk",
        "[+1]: Untap two target lands.\n"
        "[−1]: Create a 3/3 green Beast creature token.\n"
        "[−4]: Creatures you control get +3/+3 and gain trample until end of turn.",
        loyalty=3,
        abilities=(
            LoyaltyAbility(
                effects=(UntapTarget(0), UntapTarget(1)),
                loyalty=1,
                targets=(
                    TargetSpec(TargetKind.PERMANENT, "two target lands", types=("Land",), count=2),
                ),
            ),
            LoyaltyAbility(effects=(CreateTokens(token("Beast", "G", pt=(3, 3))),), loyalty=-1),
            LoyaltyAbility(effects=(PumpAll(3, 3, gains=(Trample(),)),), loyalty=-4),
        ),
    ),
    card(
        "Giant Growth",
        "{G}",
        "Instant",
        "Target creature gets +3/+3 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(3, 3),)),
    ),
    card(
        "Giant Spider",
        "{3}{G}",
        "Creature — Spider",
        "Reach (This creature can block creatures with flying.)",
        pt=(2, 4),
        abilities=(Reach(),),
    ),
    card(
        "Great Sable Stag",
        "{1}{G}{G}",
        "Creature — Elk",
        "This spell can't be countered.\nProtection from blue and from black (This creature "
        "can't be blocked, targeted, dealt damage, or enchanted by anything blue or black.)",
        pt=(3, 3),
        abilities=(
            CantBeCountered(text="This spell can't be countered."),
            *protection_from("U", "B"),
        ),
    ),
    card(
        "Howl of the Night Pack",
        "{6}{G}",
        "Sorcery",
        "Create a 2/2 green Wolf creature token for each Forest you control.",
        spell=SpellAbility(
            effects=(
                CreateTokens(token("Wolf", "G", pt=(2, 2)), CountPermanents(subtype="Forest")),
            )
        ),
    ),
    card(
        "Kalonian Behemoth",
        "{5}{G}{G}",
        "Creature — Beast",
        "Shroud (This creature can't be the target of spells or abilities.)",
        pt=(9, 9),
        abilities=(Shroud(),),
    ),
    card(
        "Llanowar Elves",
        "{G}",
        "Creature — Elf Druid",
        "{T}: Add {G}.",
        pt=(1, 1),
        abilities=(ManaAbility((("G",),)),),
    ),
    card(
        "Lurking Predators",
        "{4}{G}{G}",
        "Enchantment",
        "Whenever an opponent casts a spell, reveal the top card of your library. If it's a "
        "creature card, put it onto the battlefield. Otherwise, you may put that card on the "
        "bottom of your library.",
        abilities=(
            TriggeredAbility(
                WheneverCast(by="an opponent"),
                (RevealTopPutTypeOntoBattlefield("Creature"),),
            ),
        ),
    ),
    card(
        "Master of the Wild Hunt",
        "{2}{G}{G}",
        "Creature — Human Shaman",
        "At the beginning of your upkeep, create a 2/2 green Wolf creature token.\n{T}: Tap "
        "all untapped Wolf creatures you control. Each Wolf tapped this way deals damage equal "
        "to its power to target creature. That creature deals damage equal to its power "
        "divided as its controller chooses among any number of those Wolves.",
        pt=(3, 3),
        abilities=(
            TriggeredAbility(
                AtBeginningOf("upkeep"),
                (CreateTokens(token("Wolf", "G", pt=(2, 2))),),
            ),
            ActivatedAbility(
                ManaCost.parse(""),
                (TappedCreaturesTradeDamageWithTarget("Wolf"),),
                tap=True,
                targets=(TARGET_CREATURE,),
            ),
        ),
    ),
    card(
        "Might of Oaks",
        "{3}{G}",
        "Instant",
        "Target creature gets +7/+7 until end of turn.",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(7, 7),)),
    ),
    card(
        "Mist Leopard",
        "{3}{G}",
        "Creature — Cat",
        "Shroud (This creature can't be the target of spells or abilities.)",
        pt=(3, 2),
        abilities=(Shroud(),),
    ),
    card(
        "Mold Adder",
        "{G}",
        "Creature — Fungus Snake",
        "Whenever an opponent casts a blue or black spell, you may put a +1/+1 counter on "
        "Mold Adder.",
        pt=(1, 1),
        abilities=(
            TriggeredAbility(
                WheneverCast(by="an opponent", colors=("U", "B")),
                (PutCounters("+1/+1", target=SELF),),
                optional=True,
            ),
        ),
    ),
    card(
        "Naturalize",
        "{1}{G}",
        "Instant",
        "Destroy target artifact or enchantment.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.PERMANENT,
                    "target artifact or enchantment",
                    types=("Artifact", "Enchantment"),
                ),
            ),
            effects=(Destroy(),),
        ),
    ),
    card(
        "Nature's Spiral",
        "{1}{G}",
        "Sorcery",
        "Return target permanent card from your graveyard to your hand.",
        spell=SpellAbility(
            targets=(
                TargetSpec(
                    TargetKind.CARD_IN_GRAVEYARD,
                    "target permanent card from your graveyard",
                    types=("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"),
                    yours=True,
                ),
            ),
            effects=(MoveTargetCard("hand"),),
        ),
    ),
    card(
        "Oakenform",
        "{2}{G}",
        "Enchantment — Aura",
        "Enchant creature\nEnchanted creature gets +3/+3.",
        abilities=(
            Enchant(TARGET_CREATURE),
            EnchantedGets(3, 3),
        ),
    ),
    card(
        "Overrun",
        "{2}{G}{G}{G}",
        "Sorcery",
        "Creatures you control get +3/+3 and gain trample until end of turn.",
        spell=SpellAbility(effects=(PumpAll(3, 3, gains=(Trample(),)),)),
    ),
    card(
        "Prized Unicorn",
        "{3}{G}",
        "Creature — Unicorn",
        "All creatures able to block Prized Unicorn do so.",
        pt=(2, 2),
        abilities=(AllAbleBlockIt(),),
    ),
    card(
        "Protean Hydra",
        "{X}{G}",
        "Creature — Hydra",
        "Protean Hydra enters the battlefield with X +1/+1 counters on it.\n"
        "If damage would be dealt to Protean Hydra, prevent that damage and remove that "
        "many +1/+1 counters from it.\n"
        "Whenever a +1/+1 counter is removed from Protean Hydra, put two +1/+1 counters on "
        "it at the beginning of the next end step.",
        pt=(0, 0),
        abilities=(
            EntersWithCounters(
                "+1/+1",
                "X",
            ),
            PreventDamageRemovingCounters(
                "+1/+1",
            ),
            TriggeredAbility(
                WheneverCounterRemoved("+1/+1"),
                (
                    CreateDelayedTrigger(
                        TriggeredAbility(
                            AtBeginningOf("end", each_player=True),
                            (PutCounters("+1/+1", 2, target=SELF),),
                            text="At the beginning of the next end step, put two +1/+1 "
                            "counters on Protean Hydra.",
                        )
                    ),
                ),
            ),
        ),
    ),
    card(
        "Rampant Growth",
        "{1}{G}",
        "Sorcery",
        "Search your library for a basic land card, put that card onto the battlefield "
        "tapped, then shuffle.",
        spell=SpellAbility(
            effects=(SearchLibraryOntoBattlefield("Land", basic=True, tapped=True),)
        ),
    ),
    card(
        "Regenerate",
        "{1}{G}",
        "Instant",
        "Regenerate target creature. (The next time that creature would be destroyed this "
        "turn, it isn't. Instead tap it, remove all damage from it, and remove it from "
        "combat.)",
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Regenerate(0),)),
    ),
    card("Runeclaw Bear", "{1}{G}", "Creature — Bear", pt=(2, 2)),
    card(
        "Stampeding Rhino",
        "{4}{G}",
        "Creature — Rhino",
        "Trample (This creature can deal excess combat damage to the player or planeswalker it's "
        "attacking.)",
        pt=(4, 4),
        abilities=(Trample(),),
    ),
    card(
        "Windstorm",
        "{X}{G}",
        "Instant",
        "Windstorm deals X damage to each creature with flying.",
        spell=SpellAbility(effects=(DamageEachCreature(X, having=Flying),)),
    ),
)

"""Magic 2014 (M14): the cards of the set defined so far."""

from __future__ import annotations

from manaweave import ManaCost, hookimpl
from manaweave.cards import (
    SELF,
    TARGET_CREATURE,
    TARGET_INSTANT_OR_SORCERY_SPELL,
    ActivatedAbility,
    CardSet,
    ChooseNewTargets,
    CopyTargetAbility,
    CopyTargetSpell,
    CreateEmblem,
    CreaturesGet,
    DamageIsModified,
    DoesntUntap,
    DrawCards,
    LoyaltyAbility,
    MayPutFromHandOntoBattlefield,
    Mode,
    PumpAll,
    Regenerate,
    RevealTopPutTypeIntoHand,
    Sacrifice,
    SearchLibraryOntoBattlefield,
    SpellAbility,
    TapEnchanted,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenEnters,
    WheneverCast,
    card,
)
from manaweave.keywords.enchant import Enchant

SET_CODE = "M14"

CARDS = (
    card(
        "Fortify",
        "{2}{W}",
        "Instant",
        "Choose one —\n• Creatures you control get +2/+0 until end of turn.\n"
        "• Creatures you control get +0/+2 until end of turn.",
        spell=SpellAbility(
            modes=(
                Mode("Creatures you control get +2/+0 until end of turn.", (PumpAll(2, 0),)),
                Mode("Creatures you control get +0/+2 until end of turn.", (PumpAll(0, 2),)),
            )
        ),
    ),
    card(
        "Predatory Sliver",
        "{1}{G}",
        "Creature — Sliver",
        "Sliver creatures you control get +1/+1.",
        pt=(1, 1),
        abilities=(
            CreaturesGet(1, 1, subtype="Sliver", text="Sliver creatures you control get +1/+1."),
        ),
    ),
    card(
        "Altar's Reap",
        "{1}{B}",
        "Instant",
        "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.",
        additional_costs=(Sacrifice(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    card(
        "Wild Ricochet",
        "{2}{R}{R}",
        "Instant",
        "You may choose new targets for target instant or sorcery spell. Then copy that "
        "spell. You may choose new targets for the copy.",
        spell=SpellAbility(
            targets=(TARGET_INSTANT_OR_SORCERY_SPELL,),
            effects=(ChooseNewTargets(0), CopyTargetSpell(0)),
        ),
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
                text="Sacrifice another creature: Regenerate Vampire Warlord.",
            ),
        ),
    ),
    card(
        "Pyromancer's Gauntlet",
        "{5}",
        "Artifact",
        "If a red instant or sorcery spell you control or a red planeswalker you control "
        "would deal damage to a permanent or player, it deals that much damage plus 2 to "
        "that permanent or player instead.",
        abilities=(
            DamageIsModified(
                add=2,
                source_types=("Instant", "Sorcery", "Planeswalker"),
                source_colors=("R",),
                yours=True,
                text="If a red instant or sorcery spell you control or a red planeswalker you "
                "control would deal damage to a permanent or player, it deals that much "
                "damage plus 2 to that permanent or player instead.",
            ),
        ),
    ),
    card(
        "Garruk, Caller of Beasts",
        "{4}{G}{G}",
        "Legendary Planeswalker — Garruk",
        "[+1]: Reveal the top five cards of your library. Put all creature cards revealed "
        "this way into your hand and the rest on the bottom of your library in any order.\n"
        "[−3]: You may put a green creature card from your hand onto the battlefield.\n"
        '[−7]: You get an emblem with "Whenever you cast a creature spell, you may search '
        'your library for a creature card, put it onto the battlefield, then shuffle."',
        loyalty=4,
        abilities=(
            LoyaltyAbility(
                effects=(RevealTopPutTypeIntoHand(5, "Creature"),),
                loyalty=1,
                text="[+1]: Reveal the top five cards of your library. Put all creature cards "
                "revealed this way into your hand and the rest on the bottom of your library "
                "in any order.",
            ),
            LoyaltyAbility(
                effects=(MayPutFromHandOntoBattlefield("Creature", color="G"),),
                loyalty=-3,
                text="[−3]: You may put a green creature card from your hand onto the battlefield.",
            ),
            LoyaltyAbility(
                effects=(
                    CreateEmblem(
                        (
                            TriggeredAbility(
                                WheneverCast(by="you", card_type="Creature"),
                                (SearchLibraryOntoBattlefield("Creature"),),
                                optional=True,
                                text="Whenever you cast a creature spell, you may search your "
                                "library for a creature card, put it onto the battlefield, "
                                "then shuffle.",
                            ),
                        ),
                        wording="Whenever you cast a creature spell, you may search your "
                        "library for a creature card, put it onto the battlefield, then "
                        "shuffle.",
                    ),
                ),
                loyalty=-7,
                text='[−7]: You get an emblem with "Whenever you cast a creature spell, you '
                "may search your library for a creature card, put it onto the battlefield, "
                'then shuffle."',
            ),
        ),
    ),
    card(
        "Strionic Resonator",
        "{2}",
        "Artifact",
        "{2}, {T}: Copy target triggered ability you control. You may choose new targets for "
        'the copy. (A triggered ability uses the words "when," "whenever," or "at.")',
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{2}"),
                (CopyTargetAbility(0),),
                tap=True,
                targets=(
                    TargetSpec(
                        TargetKind.TRIGGERED_ABILITY,
                        "target triggered ability you control",
                        yours=True,
                    ),
                ),
                text="{2}, {T}: Copy target triggered ability you control. You may choose new "
                "targets for the copy.",
            ),
        ),
    ),
    card(
        "Claustrophobia",
        "{1}{U}{U}",
        "Enchantment — Aura",
        "Enchant creature\nWhen Claustrophobia enters the battlefield, tap enchanted "
        "creature.\nEnchanted creature doesn't untap during its controller's untap step.",
        abilities=(
            Enchant(TARGET_CREATURE, text="Enchant creature"),
            TriggeredAbility(
                WhenEnters(),
                (TapEnchanted(),),
                text="When Claustrophobia enters the battlefield, tap enchanted creature.",
            ),
            DoesntUntap(
                text="Enchanted creature doesn't untap during its controller's untap step."
            ),
        ),
    ),
)


@hookimpl
def mw_card_sets() -> list[CardSet]:
    return [CardSet(SET_CODE, "Magic 2014", CARDS)]

"""The "Example:" paragraphs of CR 601-611 (but 603), 700, 701 and 704 that the engine and
its card pool can express, played out. Each test quotes its example's situation in a
comment.

The test-only cards below stand in where an example names a card of a set not defined yet;
they are written in the card language like any other card.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

import manaweave
from manaweave import DecisionKind, ManaCost, RuleNotImplementedError, Step
from manaweave.cards import (
    TARGET_CREATURE,
    YOU,
    ActivatedAbility,
    AddMana,
    Becomes,
    CardDefinition,
    CardSet,
    CreaturesGet,
    DealDamage,
    Destroy,
    DestroyAll,
    DestroyAtNextEndStep,
    DiscardHand,
    DrawCards,
    GainLife,
    LoseLife,
    ManaForEachPermanent,
    MayPayOtherwise,
    PowerToughnessEqualToHandSize,
    Printed,
    PumpAll,
    PumpTarget,
    Sacrifice,
    SpellAbility,
    SpellsCost,
    TapTargets,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WheneverTapsForMana,
    card,
)
from manaweave.testing import Scenario

CRADLE_TEXT = "{T}: Add {G} for each creature you control."
WHITE_ANTHEM_TEXT = "White creatures you control get +1/+1."
MARO_TEXT = "Test Maro's power and toughness are each equal to the number of cards in your hand."
TRIBUTE_TEXT = "You may sacrifice a creature. If you don't, you lose 4 life."
FAMILIAR_TEXT = "Black spells and red spells you cast cost {1} less to cast."
LIFE_TEXT = "{2}, {T}: You gain 1 life."

CARDS: tuple[CardDefinition, ...] = (
    card(
        "Test Cost Familiar",
        printed=Printed("{1}{B}", "Creature — Bird", FAMILIAR_TEXT, pt=(1, 1)),
        abilities=(SpellsCost(-1, colors=("B", "R"), text=FAMILIAR_TEXT),),
    ),
    card(
        "Test Creature Cradle",
        printed=Printed("{2}", "Artifact", CRADLE_TEXT),
        abilities=(ManaForEachPermanent((("G",),), card_type="Creature", text=CRADLE_TEXT),),
    ),
    card(
        "Test White Anthem",
        printed=Printed("{2}{W}", "Enchantment", WHITE_ANTHEM_TEXT),
        abilities=(CreaturesGet(1, 1, color="W", text=WHITE_ANTHEM_TEXT),),
    ),
    card(
        "Test Whiten",
        printed=Printed("{W}", "Instant", "Target creature becomes white until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(colors=("W",)),)),
    ),
    card(
        "Test Bluen",
        printed=Printed("{U}", "Instant", "Target creature becomes blue until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(colors=("U",)),)),
    ),
    card(
        "Test Arbor",
        printed=Printed(None, "Land Creature — Forest Dryad", pt=(1, 1), color_indicator="G"),
    ),
    card(
        "Test Blacken",
        printed=Printed("{B}", "Instant", "Target creature becomes black until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(Becomes(colors=("B",)),)),
    ),
    card(
        "Test Plague Spores",
        printed=Printed(
            "{4}{B}{R}",
            "Sorcery",
            "Destroy target nonblack creature and target land. They can't be regenerated.",
        ),
        spell=SpellAbility(
            targets=(
                TargetSpec(TargetKind.CREATURE, "target nonblack creature", exclude_colors=("B",)),
                TargetSpec(TargetKind.PERMANENT, "target land", types=("Land",)),
            ),
            effects=(Destroy(0, regenerable=False), Destroy(1, regenerable=False)),
        ),
    ),
    card(
        "Test Double Tap",
        printed=Printed("{U}", "Instant", "Tap two target creatures."),
        spell=SpellAbility(
            targets=(TargetSpec(TargetKind.CREATURE, "two target creatures", count=2),),
            effects=(TapTargets((0, 1)),),
        ),
    ),
    card(
        "Test Maro",
        printed=Printed("{2}{G}{G}", "Creature — Avatar", MARO_TEXT, pt=("*", "*")),
        abilities=(PowerToughnessEqualToHandSize(text=MARO_TEXT),),
    ),
    card(
        "Test Wheel",
        printed=Printed("{2}{R}", "Sorcery", "Discard your hand, then draw seven cards."),
        spell=SpellAbility(effects=(DiscardHand(), DrawCards(7))),
    ),
    card(
        "Test Tribute",
        printed=Printed("{B}", "Sorcery", TRIBUTE_TEXT),
        spell=SpellAbility(
            effects=(MayPayOtherwise(Sacrifice(), (LoseLife(4, YOU),), wording=TRIBUTE_TEXT),)
        ),
    ),
    card("Test Orzhov Guard", printed=Printed("{W}{B}", "Creature — Human Soldier", pt=(2, 2))),
    card(
        "Test Black Purge",
        printed=Printed("{2}{B}{B}", "Sorcery", "Destroy all black creatures."),
        spell=SpellAbility(effects=(DestroyAll(("Creature",), colors=("B",)),)),
    ),
    card(
        "Test Nonblack Purge",
        printed=Printed("{2}{B}{B}", "Sorcery", "Destroy all nonblack creatures."),
        spell=SpellAbility(effects=(DestroyAll(("Creature",), exclude_colors=("B",)),)),
    ),
    card(
        "Test White Rally",
        printed=Printed("{W}", "Instant", "All white creatures get +1/+1 until end of turn."),
        spell=SpellAbility(effects=(PumpAll(1, 1, color="W"),)),
    ),
    card(
        "Test Life Font",
        printed=Printed("{2}", "Artifact", LIFE_TEXT),
        abilities=(
            ActivatedAbility(ManaCost.parse("{2}"), (GainLife(1),), tap=True, text=LIFE_TEXT),
        ),
    ),
    card(
        "Test Thirst",
        printed=Printed(
            "{2}{B}",
            "Instant",
            "Test Thirst deals 2 damage to target creature and you gain 2 life.",
        ),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(DealDamage(2), GainLife(2))),
    ),
    card(
        "Test Doomed Surge",
        printed=Printed(
            "{1}{R}",
            "Instant",
            "Target creature gets +2/+2 until end of turn. Destroy that creature at the "
            "beginning of the next end step.",
        ),
        spell=SpellAbility(
            targets=(TARGET_CREATURE,), effects=(PumpTarget(2, 2), DestroyAtNextEndStep())
        ),
    ),
)


class SpellsAndAbilitiesExampleCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set of these examples."""
        return [CardSet("TSA", "Spells and abilities example cards", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards(), SpellsAndAbilitiesExampleCards()], **kwargs)  # type: ignore[arg-type]


# --- 601 ---------------------------------------------------------------------------------------


@pytest.mark.rules("601.2h", "601.2f", "601.2g")
def test_601_2h_the_total_cost_is_locked_in_before_the_familiar_is_sacrificed() -> None:
    # "You cast Altar's Reap, which costs {1}{B} and has an additional cost of sacrificing
    # a creature. You sacrifice Thunderscape Familiar, whose effect makes your black spells
    # cost {1} less to cast. ... you pay {B}, not {1}{B}, even though you're sacrificing
    # the Familiar."
    s = scenario()
    s.add(0, "battlefield", "Test Cost Familiar", "Swamp", "Swamp")
    s.add(0, "hand", "Altar's Reap")
    s.cast(0, "Altar's Reap")
    s.run()
    assert [p.tapped for p in s.permanents("Swamp")] in ([True, False], [False, True])
    assert s.graveyard(0) == ["Test Cost Familiar", "Altar's Reap"]
    assert len(s.hand(0)) == 2


@pytest.mark.rules("601.2c", "115.3")
def test_601_2c_tap_two_target_creatures_needs_two_different_creatures() -> None:
    # "If a spell says 'Tap two target creatures,' then the same creature can't be chosen
    # twice; the spell requires two different legal targets."
    s = scenario()
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Test Double Tap")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.cast(0, "Test Double Tap", targets=["Grizzly Bears", "Craw Wurm"])
    s.run()
    assert s.permanent("Grizzly Bears").tapped
    assert s.permanent("Craw Wurm").tapped
    asked = s.decisions.of_kind(DecisionKind.TARGET, 0)
    assert [len(d.options) for d in asked] == [2, 1]  # not the Bears again

    # With one creature on the battlefield it can't be cast at all.
    lone = scenario()
    lone.add(0, "battlefield", "Island")
    lone.add(0, "hand", "Test Double Tap")
    lone.add(1, "battlefield", "Grizzly Bears")
    lone.run()
    assert not any("Test Double Tap" in d.casts for d in lone.decisions.priority(0))


@pytest.mark.rules("601.2c", "608.2b", "701.19c")
def test_608_2b_a_creature_land_targeted_twice_is_destroyed_as_the_land() -> None:
    # "A spell that says 'Destroy target artifact and target land,' however, can target
    # the same artifact land twice because it uses the word 'target' in multiple places."
    # (601.2c) "Plague Spores reads, 'Destroy target nonblack creature and target land.
    # They can't be regenerated.' Suppose the same creature land is chosen both as the
    # nonblack creature and as the land, and the color of the creature land is changed to
    # black before Plague Spores resolves. Plague Spores still resolves because the black
    # creature land is still a legal target for the 'target land' part of the spell."
    s = scenario()
    s.add(0, "battlefield", *["Swamp"] * 4, "Mountain", "Mountain")
    s.add(0, "hand", "Test Plague Spores")
    s.add(1, "battlefield", "Test Arbor", "Swamp")
    s.add(1, "hand", "Test Blacken")
    s.cast(0, "Test Plague Spores", targets=["Test Arbor", "Test Arbor"])
    s.cast(1, "Test Blacken", targets=["Test Arbor"])
    s.run()
    spores = first(s, "spell_cast", card="Test Plague Spores")
    assert spores["targets"][0] == spores["targets"][1]
    assert not s.events("spell_fizzled")
    assert s.graveyard(1) == ["Test Blacken", "Test Arbor"]
    destroyed = [e for e in s.events("object_moved") if e["from_zone"] == "battlefield"]
    assert [(e["card"], e["rule"]) for e in destroyed] == [("Test Arbor", "701.8a")]


# --- 602 ---------------------------------------------------------------------------------------


@pytest.mark.rules("602.1a", "602.2b")
def test_602_1a_the_activation_cost_is_two_mana_plus_tapping_the_permanent() -> None:
    # "The activation cost of an ability that reads '{2}, {T}: You gain 1 life' is two mana
    # of any type plus tapping the permanent that has the ability."
    s = scenario()
    s.add(0, "battlefield", "Test Life Font", "Island", "Mountain", "Forest")
    s.activate(0, "Test Life Font")
    s.run()
    assert s.life(0) == 21
    assert s.permanent("Test Life Font").tapped
    assert sorted(
        p.tapped for name in ("Island", "Mountain", "Forest") for p in s.permanents(name)
    ) == [
        False,
        True,
        True,
    ]
    assert first(s, "ability_activated")["text"] == "{2}, {T}: You gain 1 life."

    # Once tapped, or with one land, the cost can't be paid: it isn't offered.
    short = scenario()
    short.add(0, "battlefield", "Test Life Font", "Island")
    short.run(until=(1, Step.END))
    font = ("Test Life Font", LIFE_TEXT)
    assert not any(font in d.activations for d in short.decisions.priority(0))
    assert not any(
        font in d.activations for d in s.decisions.after(first(s, "ability_activated")["seq"])
    )


# --- 605 ---------------------------------------------------------------------------------------


@pytest.mark.rules("605.2", "605.1a", "605.3b")
def test_605_2_a_mana_ability_that_would_add_nothing_is_still_a_mana_ability() -> None:
    # "A permanent has an ability that reads '{T}: Add {G} for each creature you control.'
    # The ability is still a mana ability even if you control no creatures ..." It is
    # activated without using the stack and adds no mana.
    s = scenario()
    s.add(0, "battlefield", "Test Creature Cradle")
    s.activate(0, "Test Creature Cradle")
    s.run()
    assert s.permanent("Test Creature Cradle").tapped
    assert first(s, "permanent_tapped")["rule"] == "605.3b"
    assert [(e["mana"], e["rule"]) for e in s.events("mana_added")] == [([], "106.4")]
    assert not s.events("ability_activated")  # it never used the stack


@pytest.mark.rules("605.4a", "605.1b")
def test_605_4a_a_triggered_mana_ability_is_not_implemented() -> None:
    # "An enchantment reads, 'Whenever a player taps a land for mana, that player adds one
    # mana of any type that land produced.' If a player taps lands for mana while casting a
    # spell, the additional mana is added immediately and can be used to pay for the
    # spell." Such an ability would not use the stack; the engine refuses it rather than
    # putting it there.
    with pytest.raises(RuleNotImplementedError, match=r"605\.1b"):
        TriggeredAbility(
            WheneverTapsForMana(),
            (AddMana(("G",)),),
            text="Whenever a player taps a land for mana, that player adds {G}.",
        )


# --- 608 ---------------------------------------------------------------------------------------


@pytest.mark.rules("608.2b", "400.7")
def test_608_2b_a_spell_whose_target_is_gone_does_not_give_its_life() -> None:
    # "Sorin's Thirst ... 'deals 2 damage to target creature and you gain 2 life.' If the
    # creature isn't a legal target during the resolution of Sorin's Thirst (say, if the
    # creature ... left the battlefield), then Sorin's Thirst doesn't resolve. Its
    # controller doesn't gain any life."
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Test Thirst")
    s.add(1, "battlefield", "Grizzly Bears", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Test Thirst", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()
    thirst = first(s, "spell_cast", card="Test Thirst")
    assert [(e["object"], e["rule"]) for e in s.events("spell_fizzled")] == [
        (thirst["object"], "608.2b")
    ]
    assert s.life(0) == 20
    assert not [e for e in s.events("life_changed") if e["player"] == 0]


@pytest.mark.rules("608.2d", "118.3", "701.21a")
def test_608_2d_a_player_with_no_creatures_cannot_choose_to_sacrifice_one() -> None:
    # "A spell's instruction reads, 'You may sacrifice a creature. If you don't, you lose 4
    # life.' A player who controls no creatures can't choose the sacrifice option."
    s = scenario()
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Tribute")
    s.cast(0, "Test Tribute")
    s.run()
    assert not s.decisions.of_kind(DecisionKind.MAY)
    assert s.life(0) == 16

    # With a creature, the player may choose to sacrifice it instead.
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Grizzly Bears")
    s.add(0, "hand", "Test Tribute")
    s.cast(0, "Test Tribute")
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()
    assert len(s.decisions.of_kind(DecisionKind.MAY)) == 1
    assert s.life(0) == 20
    assert s.graveyard(0) == ["Grizzly Bears", "Test Tribute"]
    assert first(s, "decision_made", kind="may")["rule"] == "608.2d"


@pytest.mark.rules("608.2j", "105.2", "701.8a")
@pytest.mark.parametrize(
    ("purge", "survivors"),
    [
        ("Test Black Purge", ["Grizzly Bears", "Silvercoat Lion"]),
        ("Test Nonblack Purge", ["Test Orzhov Guard"]),
    ],
)
def test_608_2j_a_white_and_black_creature_is_black_and_not_nonblack(
    purge: str, survivors: list[str]
) -> None:
    # "An effect that reads 'Destroy all black creatures' destroys a white-and-black
    # creature, but one that reads 'Destroy all nonblack creatures' doesn't."
    s = scenario()
    s.add(0, "battlefield", *["Swamp"] * 4)
    s.add(0, "hand", purge)
    s.add(1, "battlefield", "Test Orzhov Guard", "Grizzly Bears", "Silvercoat Lion")
    s.cast(0, purge)
    s.run()
    assert sorted(s.battlefield(1)) == survivors
    destroyed = [e for e in s.events("object_moved") if e["from_zone"] == "battlefield"]
    assert {e["rule"] for e in destroyed} == {"701.8a"}
    assert len(destroyed) == 3 - len(survivors)


# --- 609 ---------------------------------------------------------------------------------------


@pytest.mark.rules("609.3", "701.9b")
def test_609_3_discard_two_cards_with_one_card_in_hand_discards_that_card() -> None:
    # "If a player is holding only one card, an effect that reads 'Discard two cards'
    # causes them to discard only that card."
    s = scenario()
    s.add(0, "battlefield", "Swamp", "Swamp", "Swamp")
    s.add(0, "hand", "Mind Rot")
    s.add(1, "hand", "Craw Wurm")
    s.cast(0, "Mind Rot", targets=["P2"])
    s.choose(1, DecisionKind.DISCARD, "Craw Wurm")
    s.run()
    assert s.hand(1) == []
    assert s.graveyard(1) == ["Craw Wurm"]
    discarded = s.events("card_discarded")
    assert [(e["card"], e["rule"]) for e in discarded] == [("Craw Wurm", "701.9b")]


@pytest.mark.rules("609.3", "701.17a")
def test_609_3_moving_cards_out_of_a_short_library_moves_as_many_as_possible() -> None:
    # "If an effect moves cards out of the library (as opposed to drawing), it moves as
    # many as possible." Tome Scour mills five cards from a library of three.
    s = scenario()
    s.library(1, ["Forest", "Mountain", "Plains"])
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Tome Scour")
    s.cast(0, "Tome Scour", targets=["P2"])
    s.run()
    assert s.library_size(1) == 0
    assert sorted(s.graveyard(1)) == ["Forest", "Mountain", "Plains"]
    assert s.outcome is None  # milling from an empty library isn't drawing (704.5b)


@pytest.mark.rules("609.2", "611.3a")
def test_609_2_an_effect_on_permanents_does_not_alter_cards_in_a_graveyard() -> None:
    # "An effect that changes all lands into creatures won't alter land cards in players'
    # graveyards." Here Opalescence makes enchantments creatures: an enchantment card in the
    # graveyard is not a creature card, so Gravedigger can't return it.
    s = scenario()
    s.add(0, "battlefield", "Opalescence", "Underworld Dreams", *["Swamp"] * 4)
    s.add(0, "graveyard", "Underworld Dreams", "Grizzly Bears")
    s.add(0, "hand", "Gravedigger")
    s.cast(0, "Gravedigger")
    s.choose(0, DecisionKind.MAY, "yes")
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.run()
    assert s.power("Underworld Dreams") == 3  # the permanent is a creature
    (target,) = s.decisions.of_kind(DecisionKind.TARGET)
    assert [str(o) for o in target.options] == [
        str(o) for o in target.options if "Grizzly" in str(o)
    ]
    assert target.options
    assert s.hand(0) == ["Grizzly Bears"]


# --- 611 ---------------------------------------------------------------------------------------


@pytest.mark.rules("611.3b", "611.3a", "613.1e", "613.4c")
def test_611_3b_a_creature_gets_the_bonus_while_it_is_white_and_only_then() -> None:
    # "A permanent with the static ability 'All white creatures get +1/+1' ... If a
    # creature becomes white, it gets this bonus; a creature that stops being white loses
    # it." Grizzly Bears are made white, and the white Silvercoat Lion blue.
    s = scenario()
    s.add(0, "battlefield", "Test White Anthem", "Grizzly Bears", "Silvercoat Lion")
    s.add(0, "battlefield", "Plains", "Island")
    s.add(0, "hand", "Test Whiten", "Test Bluen")
    s.cast(0, "Test Whiten", targets=["Grizzly Bears"])
    s.cast(0, "Test Bluen", targets=["Silvercoat Lion"], stack_empty=True)
    s.run()
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (3, 3)
    assert (s.power("Silvercoat Lion"), s.toughness("Silvercoat Lion")) == (2, 2)


@pytest.mark.rules("611.2c", "613.1e", "613.4c")
def test_611_2c_all_white_creatures_get_the_bonus_as_it_resolves_and_keep_it() -> None:
    # "An effect that reads 'All white creatures get +1/+1 until end of turn' gives the
    # bonus to all permanents that are white creatures when the spell or ability
    # resolves—even if they change color later—and doesn't affect those that enter the
    # battlefield or turn white afterward."
    s = scenario()
    s.add(0, "battlefield", "Silvercoat Lion", "Grizzly Bears", *["Plains"] * 3, "Island")
    s.add(0, "hand", "Test White Rally", "Test Bluen", "Test Whiten", "Soul Warden")
    s.add(1, "battlefield", "Elite Vanguard")
    s.cast(0, "Test White Rally")
    s.cast(0, "Test Bluen", targets=["Silvercoat Lion"], stack_empty=True)
    s.cast(0, "Test Whiten", targets=["Grizzly Bears"], stack_empty=True)
    s.cast(0, "Soul Warden", stack_empty=True)
    s.run()
    assert (s.power("Silvercoat Lion"), s.toughness("Silvercoat Lion")) == (3, 3)
    assert (s.power("Elite Vanguard"), s.toughness("Elite Vanguard")) == (3, 2)
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    assert (s.power("Soul Warden"), s.toughness("Soul Warden")) == (1, 1)


@pytest.mark.rules("611.2c", "615.1a")
def test_611_2c_a_rules_modifying_prevention_covers_what_becomes_a_creature_later() -> None:
    # "An effect that reads 'Prevent all damage creatures would deal this turn' doesn't
    # modify any object's characteristics, so it's modifying the rules of the game. ... It
    # also affects damage from permanents that become creatures later in the turn." Fog
    # resolves in the first main phase; an artifact made a creature afterwards attacks and
    # its combat damage is prevented.
    s = scenario()
    s.add(0, "battlefield", "Test Life Font", "Forest", "Island", "Island", "Island")
    s.add(0, "hand", "Fog", "Test March of Metal")
    s.cast(0, "Fog")
    s.cast(0, "Test March of Metal", stack_empty=True)
    s.attack(0, "Test Life Font")
    s.run()
    assert first(s, "attackers_declared")["attackers"]
    assert s.life(1) == 20
    (prevented,) = s.events("damage_prevented")
    font = s.permanent("Test Life Font")
    assert (prevented["damage_source"], prevented["amount"], prevented["rule"]) == (
        font.id,
        2,
        "615.6",
    )


# --- 700 ---------------------------------------------------------------------------------------


@pytest.mark.rules("700.7", "603.7a", "400.7")
def test_700_7_that_creature_is_destroyed_even_if_it_is_no_longer_a_creature() -> None:
    # "An ability reads 'Target creature gets +2/+2 until end of turn. Destroy that
    # creature at the beginning of the next end step.' The ability will destroy the object
    # it gave +2/+2 to even if that object isn't a creature at the beginning of the next
    # end step." Underworld Dreams is a creature through Opalescence until Naturalize
    # destroys Opalescence.
    s = scenario()
    s.add(0, "battlefield", "Opalescence", "Underworld Dreams")
    s.add(0, "battlefield", "Mountain", "Mountain", "Forest", "Forest")
    s.add(0, "hand", "Test Doomed Surge", "Naturalize")
    s.cast(0, "Test Doomed Surge", targets=["Underworld Dreams"])
    s.cast(0, "Naturalize", targets=["Opalescence"], stack_empty=True)
    s.run(until=(2, Step.UPKEEP))
    assert s.graveyard(0) == ["Test Doomed Surge", "Opalescence", "Naturalize", "Underworld Dreams"]
    destroyed = first(s, "object_moved", card="Underworld Dreams")
    assert destroyed["rule"] == "701.8a"


# --- 704 ---------------------------------------------------------------------------------------


@pytest.mark.rules("704.4", "704.3", "704.5f", "701.9a", "604.3")
def test_704_4_toughness_zero_in_the_middle_of_a_resolution_is_not_seen() -> None:
    # "A player controls Maro, a creature with the ability 'Maro's power and toughness are
    # each equal to the number of cards in your hand' and casts a spell whose effect is
    # 'Discard your hand, then draw seven cards.' Maro will temporarily have toughness 0 in
    # the middle of the spell's resolution but will be back up to toughness 7 when the
    # spell finishes resolving. Thus Maro will survive when state-based actions are
    # checked."
    s = scenario()
    s.add(0, "battlefield", "Test Maro", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Test Wheel", "Craw Wurm", "Giant Growth")
    s.cast(0, "Test Wheel")
    s.run()
    assert (s.power("Test Maro"), s.toughness("Test Maro")) == (7, 7)
    assert len(s.hand(0)) == 7
    discarded = s.events("card_discarded")
    assert sorted((e["card"], e["rule"]) for e in discarded) == [
        ("Craw Wurm", "701.9a"),
        ("Giant Growth", "701.9a"),
    ]
    assert sorted(s.graveyard(0)) == ["Craw Wurm", "Giant Growth", "Test Wheel"]

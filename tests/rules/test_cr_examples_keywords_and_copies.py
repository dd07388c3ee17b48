"""The "Example:" paragraphs of CR 702 (the keywords the engine has), 707, 709, 710, 712,
722, 726, 728 and 731 that the engine and its card pool can express, played out. Each test
quotes its example's situation in a comment.

Test-only cards stand in where an example names a card of a set not defined yet; they are
written in the card language like any other card.
"""

from __future__ import annotations

import pytest
from test_combat import combat_damage
from test_splice import ArcaneCards

import manaweave
from manaweave import DecisionKind, ManaCost, Step
from manaweave.cards import (
    SELF,
    YOU,
    Ability,
    ActivatedAbility,
    Becomes,
    BlocksAdditionalCreatures,
    CardDefinition,
    CardSet,
    Destroy,
    DiscardCards,
    DrawCards,
    EntersAsCopy,
    EntersTapped,
    EntersWithCounters,
    GainLife,
    IsEveryCreatureType,
    LoseLife,
    Printed,
    SacrificeThis,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WheneverYouGainLife,
    WheneverYouLoseLife,
    card,
)
from manaweave.keywords.protection import Protection
from manaweave.keywords.trample import Trample
from manaweave.testing import Scenario


def _creature(name: str, cost: str, pt: tuple[int, int], *abilities: Ability) -> CardDefinition:
    text = "\n".join(a.text for a in abilities)
    return card(name, printed=Printed(cost, "Creature — Beast", text, pt=pt), abilities=abilities)


SEAL_TEXT = "Sacrifice this enchantment: Destroy target artifact or enchantment."
STAFF_TEXT = "{5}: This artifact becomes a 5/5 Construct artifact creature until end of turn."

CARDS = (
    card(
        "Test Arcane Bargain",
        printed=Printed(
            "{U}",
            "Instant — Arcane",
            "As an additional cost to cast this spell, discard a card.\nDraw two cards.",
        ),
        additional_costs=(DiscardCards(),),
        spell=SpellAbility(effects=(DrawCards(2),)),
    ),
    _creature(
        "Test Red Ward Knight",
        "{W}{W}",
        (2, 2),
        Protection(color="R", text="Protection from red"),
    ),
    card(
        "Test Changeling Outcast",
        printed=Printed(
            "{B}",
            "Creature — Shapeshifter",
            "Changeling (This card is every creature type.)",
            pt=(1, 1),
        ),
        abilities=(IsEveryCreatureType(text="Changeling (This card is every creature type.)"),),
    ),
    card(
        # Glasspool Mimic copies "a creature you control"; its copy effect here offers any
        # creature, and the test copies one its controller controls.
        "Test Glasspool Mimic",
        printed=Printed(
            "{2}{U}",
            "Creature — Shapeshifter Rogue",
            "You may have Test Glasspool Mimic enter as a copy of any creature on the "
            "battlefield, except it's a Shapeshifter Rogue in addition to its other types.",
            pt=(0, 0),
        ),
        abilities=(
            EntersAsCopy(
                text="You may have Test Glasspool Mimic enter as a copy of any creature on "
                "the battlefield, except it's a Shapeshifter Rogue in addition to its other "
                "types.",
                also_subtypes=("Shapeshifter", "Rogue"),
            ),
        ),
    ),
    card(
        "Test Ebb Engine",
        printed=Printed("{2}", "Artifact", "Whenever you gain life, you lose 1 life."),
        abilities=(
            TriggeredAbility(
                WheneverYouGainLife(),
                (LoseLife(1, player=YOU),),
                text="Whenever you gain life, you lose 1 life.",
            ),
        ),
    ),
    card(
        "Test Flow Engine",
        printed=Printed("{2}", "Artifact", "Whenever you lose life, you gain 1 life."),
        abilities=(
            TriggeredAbility(
                WheneverYouLoseLife(),
                (GainLife(1),),
                text="Whenever you lose life, you gain 1 life.",
            ),
        ),
    ),
    card(
        "Test Seal of Cleansing",
        printed=Printed("{1}{W}", "Enchantment", SEAL_TEXT),
        abilities=(
            ActivatedAbility(
                ManaCost.parse(""),
                (Destroy(),),
                costs=(SacrificeThis(),),
                targets=(
                    TargetSpec(
                        TargetKind.PERMANENT,
                        "target artifact or enchantment",
                        types=("Artifact", "Enchantment"),
                    ),
                ),
                text=SEAL_TEXT,
            ),
        ),
    ),
    card(
        # Chimeric Staff's {X} ability with X = 5, the value the example chooses.
        "Test Chimeric Staff",
        printed=Printed("{4}", "Artifact", STAFF_TEXT),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{5}"),
                (
                    Becomes(
                        types=("Artifact", "Creature"),
                        subtypes=("Construct",),
                        pt=(5, 5),
                        target=SELF,
                    ),
                ),
                text=STAFF_TEXT,
            ),
        ),
    ),
    card(
        "Test Skyshroud Behemoth",
        printed=Printed(
            "{5}{G}{G}",
            "Creature — Beast",
            # Fading's upkeep trigger (702.32a) is not in the engine: the card keeps the part
            # of it that 707.5's example is about, the counters it enters with.
            "This creature enters with two fade counters on it.\nThis creature enters tapped.",
            pt=(10, 10),
        ),
        abilities=(
            EntersWithCounters(
                "fade", 2, text="This creature enters with two fade counters on it."
            ),
            EntersTapped(text="This creature enters tapped."),
        ),
    ),
    _creature("Test Plain Soldier", "{W}", (1, 1)),
    _creature("Test Trampling Beast", "{2}{G}", (3, 3), Trample(text="Trample")),
    _creature("Test Great Trampling Beast", "{4}{G}{G}", (6, 6), Trample(text="Trample")),
    _creature(
        "Test Double Blocker",
        "{1}{W}",
        (2, 2),
        BlocksAdditionalCreatures(text="This creature can block an additional creature."),
    ),
    _creature(
        "Test Green Ward Knight",
        "{W}{W}",
        (2, 2),
        Protection(color="G", text="Protection from green"),
    ),
    card(
        "Test Quicksilver Gargantuan",
        printed=Printed(
            "{5}{U}{U}",
            "Creature — Shapeshifter",
            "You may have Test Quicksilver Gargantuan enter as a copy of any creature on the "
            "battlefield, except it's 7/7.",
            pt=(7, 7),
        ),
        abilities=(
            EntersAsCopy(
                text="You may have Test Quicksilver Gargantuan enter as a copy of any "
                "creature on the battlefield, except it's 7/7.",
                pt=(7, 7),
            ),
        ),
    ),
)


class ExampleCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set of this module."""
        return [CardSet("TKC", "Test cards for the 702-731 examples", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[ExampleCards(), ArcaneCards()], **kwargs)  # type: ignore[arg-type]


# --- 702 ---------------------------------------------------------------------------------------


@pytest.mark.rules("702.19b", "702.19a", "510.1c", "509.1a")
def test_702_19b_a_trampler_counts_the_other_attackers_damage_to_a_shared_blocker() -> None:
    # A 2/2 that can block an additional creature blocks a 1/1 with no abilities and a 3/3
    # with trample: 1 damage from each attacker to the blocker and 2 from the trampler to
    # the defending player.
    s = scenario()
    s.add(0, "battlefield", "Test Plain Soldier", "Test Trampling Beast")
    s.add(1, "battlefield", "Test Double Blocker")
    s.attack(0, "Test Plain Soldier", "Test Trampling Beast")
    s.block(1, "Test Double Blocker", "Test Plain Soldier")
    s.block(1, "Test Double Blocker", "Test Trampling Beast")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (1, 2))
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (2, 0))  # the blocker's 2 to the 1/1
    s.run()

    assert sorted(combat_damage(s), key=str) == sorted(
        [
            ("Test Plain Soldier", "Test Double Blocker", 1),
            ("Test Trampling Beast", "Test Double Blocker", 1),
            ("Test Trampling Beast", 1, 2),
            ("Test Double Blocker", "Test Plain Soldier", 2),
        ],
        key=str,
    )
    assert s.life(1) == 18
    assert "Test Double Blocker" in s.graveyard(1)


@pytest.mark.rules("702.19b", "702.16e", "510.1c")
def test_702_19b_lethal_damage_to_a_protected_blocker_is_assigned_though_prevented() -> None:
    # A 6/6 green creature with trample is blocked by a 2/2 with protection from green: at
    # least 2 damage must be assigned to the blocker, though protection prevents it; the
    # rest may be divided between the blocker and the defending player.
    s = scenario()
    s.add(0, "battlefield", "Test Great Trampling Beast")
    s.add(1, "battlefield", "Test Green Ward Knight")
    s.attack(0, "Test Great Trampling Beast")
    s.block(1, "Test Green Ward Knight", "Test Great Trampling Beast")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 4))
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.DAMAGE_ASSIGNMENT, 0)
    assert sorted(o.amounts for o in asked.options) == [
        (2, 4),
        (3, 3),
        (4, 2),
        (5, 1),
        (6, 0),
    ]
    # The 2 assigned to the blocker is prevented, so it is never dealt (615.1).
    assert sorted(combat_damage(s), key=str) == [
        ("Test Great Trampling Beast", 1, 4),
        ("Test Green Ward Knight", "Test Great Trampling Beast", 2),
    ]
    [prevented] = s.events("damage_prevented")
    assert (prevented["amount"], prevented["rule"]) == (2, "702.16e")
    assert s.life(1) == 16
    assert s.battlefield(1) == ["Test Green Ward Knight"]


@pytest.mark.rules("702.47a", "601.2h", "702.47b")
def test_702_47a_the_spliced_card_may_be_discarded_to_pay_the_spells_cost() -> None:
    # The card with splice stays in its player's hand, so it can be discarded to pay a
    # "discard a card" cost of the spell it's spliced onto; its text still applies.
    s = scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Mountain")
    s.add(0, "hand", "Test Arcane Bargain", "Glacial Ray")
    s.library(0, ["Plains", "Swamp"])
    s.cast(0, "Test Arcane Bargain", targets=["P2"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.choose(0, DecisionKind.DISCARD, "Glacial Ray")
    s.run()
    assert s.graveyard(0) == ["Glacial Ray", "Test Arcane Bargain"]
    assert sorted(s.hand(0)) == ["Plains", "Swamp"]
    assert s.life(1) == 18


@pytest.mark.rules("702.47c", "702.16b", "702.16e")
def test_702_47c_spliced_red_text_on_a_blue_spell_gets_past_protection_from_red() -> None:
    # Glacial Ray (red, splice onto Arcane: "deals 2 damage to any target") spliced onto
    # Reach Through Mists, a blue spell: the spell is still blue and Reach Through Mists
    # deals the damage, so it can target a creature with protection from red and deal it 2.
    s = scenario()
    s.add(0, "battlefield", "Island", "Mountain", "Mountain")
    s.add(0, "hand", "Reach Through Mists", "Glacial Ray")
    s.add(1, "battlefield", "Test Red Ward Knight")
    s.cast(0, "Reach Through Mists", targets=["Test Red Ward Knight"])
    s.choose(0, DecisionKind.REVEAL, "Glacial Ray")
    s.run()
    [damage] = s.events("damage_dealt")
    assert (damage["source_name"], damage["to_name"], damage["amount"]) == (
        "Reach Through Mists",
        "Test Red Ward Knight",
        2,
    )
    assert not s.events("damage_prevented")
    assert s.graveyard(1) == ["Test Red Ward Knight"]
    assert "Glacial Ray" in s.hand(0)


# --- 707 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Clone")
@pytest.mark.rules("707.2", "613.1a", "611.2c")
def test_707_2_a_clone_of_an_animated_artifact_is_only_an_artifact() -> None:
    # Chimeric Staff ("{X}: This artifact becomes an X/X Construct artifact creature until
    # end of turn") has become a 5/5 Construct artifact creature when a Clone enters as a
    # copy of it: the Clone is an artifact, not a 5/5 Construct artifact creature, but it
    # has the Staff's ability and becomes a creature if that ability is activated.
    def clone_of_staff(activate_the_copy: bool) -> Scenario:
        s = scenario()
        s.add(0, "battlefield", *["Island"] * 14, "Test Chimeric Staff")
        s.add(0, "hand", "Clone")
        s.activate(0, "Test Chimeric Staff", text=STAFF_TEXT)
        s.cast(0, "Clone", stack_empty=True)
        s.choose(0, DecisionKind.ENTER_AS_COPY, "Test Chimeric Staff")
        if activate_the_copy:
            s.activate(0, "Clone", text=STAFF_TEXT, stack_empty=True)
        return s.run(until=(1, Step.END))

    s = clone_of_staff(activate_the_copy=False)
    chars = s.game.characteristics(s.permanent("Clone"))
    assert (chars.name, chars.types, chars.subtypes) == ("Test Chimeric Staff", ("Artifact",), ())
    assert [a.text for a in chars.abilities] == [STAFF_TEXT]
    staff = s.game.characteristics(s.permanent("Test Chimeric Staff#1"))  # the original
    assert (staff.types, staff.power, staff.toughness) == (("Artifact", "Creature"), 5, 5)

    s = clone_of_staff(activate_the_copy=True)
    chars = s.game.characteristics(s.permanent("Clone"))
    assert (chars.types, chars.subtypes) == (("Artifact", "Creature"), ("Construct",))
    assert (chars.power, chars.toughness) == (5, 5)


@pytest.mark.cards("Clone")
@pytest.mark.rules("707.5", "614.1c", "614.1d", "614.12")
def test_707_5_a_clone_of_a_creature_that_enters_tapped_with_counters_does_too() -> None:
    # "A Clone that enters the battlefield as a copy of a Skyshroud Behemoth [fading 2,
    # enters tapped] will also enter the battlefield tapped with two fade counters on it."
    s = scenario()
    s.add(0, "battlefield", *["Island"] * 4)
    s.add(0, "hand", "Clone")
    s.add(1, "battlefield", "Test Skyshroud Behemoth")
    s.cast(0, "Clone")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Test Skyshroud Behemoth")
    s.run()
    clone = s.permanent("Clone")
    assert clone.tapped
    assert clone.counters == {"fade": 2}
    assert (s.power("Clone"), s.toughness("Clone")) == (10, 10)
    assert not s.permanent("Test Skyshroud Behemoth", 1).tapped


@pytest.mark.cards("Nightmare")
@pytest.mark.rules("707.9d", "707.9b", "604.3")
def test_707_9d_a_copy_given_a_power_and_toughness_does_not_copy_the_defining_ability() -> None:
    # Quicksilver Gargantuan ("... as a copy of any creature on the battlefield, except
    # it's 7/7") enters as a copy of Tarmogoyf, whose characteristic-defining ability sets
    # its power and toughness: the Gargantuan doesn't have that ability, and is 7/7.
    # Nightmare (power and toughness equal to the Swamps you control) plays Tarmogoyf.
    s = scenario()
    s.add(0, "battlefield", *["Island"] * 7)
    s.add(0, "hand", "Test Quicksilver Gargantuan")
    s.add(1, "battlefield", "Nightmare", "Swamp", "Swamp")
    s.cast(0, "Test Quicksilver Gargantuan")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Nightmare")
    s.run()
    gargantuan = s.permanent("Test Quicksilver Gargantuan")
    chars = s.game.characteristics(gargantuan)
    assert (chars.name, chars.power, chars.toughness) == ("Nightmare", 7, 7)
    assert [a.text for a in chars.abilities if "Swamps" in a.text] == []
    assert (s.power("Nightmare", 1), s.toughness("Nightmare", 1)) == (2, 2)


@pytest.mark.rules("707.9d", "707.9b", "205.3m")
def test_707_9d_a_copy_with_added_types_keeps_the_copied_changeling() -> None:
    # Glasspool Mimic ("... except it's a Shapeshifter Rogue in addition to its other
    # types") enters as a copy of a creature with changeling: it has changeling and all
    # creature types.
    s = scenario()
    s.add(0, "battlefield", *["Island"] * 3, "Test Changeling Outcast")
    s.add(0, "hand", "Test Glasspool Mimic")
    s.cast(0, "Test Glasspool Mimic")
    s.choose(0, DecisionKind.ENTER_AS_COPY, "Test Changeling Outcast")
    s.run()
    chars = s.game.characteristics(s.permanent("Test Glasspool Mimic"))
    assert chars.name == "Test Changeling Outcast"
    assert [a.text for a in chars.abilities] == ["Changeling (This card is every creature type.)"]
    every_type = s.game.characteristics(s.permanent("Test Changeling Outcast#1")).subtypes
    assert len(every_type) > 200
    assert sorted(chars.subtypes) == sorted(every_type)
    assert (chars.power, chars.toughness) == (1, 1)


# --- 731 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Soul Warden")
@pytest.mark.rules("731.5", "731.4", "104.4b")
def test_731_5_no_player_is_forced_to_end_a_mandatory_loop() -> None:
    # A player controls Seal of Cleansing ("Sacrifice Seal of Cleansing: Destroy target
    # artifact or enchantment"). A mandatory loop that involves an artifact begins: the
    # player is not forced to sacrifice the Seal to end it, so the loop, with only
    # mandatory actions, is a draw. Soul Warden's gain starts the two artifacts' loop.
    s = scenario()
    s.add(0, "battlefield", "Soul Warden", "Test Ebb Engine", "Test Flow Engine", "Forest")
    s.add(0, "battlefield", "Forest", "Test Seal of Cleansing")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()
    priorities = s.decisions.of_kind(DecisionKind.PRIORITY, 0)
    assert any(("Test Seal of Cleansing", SEAL_TEXT) in d.activations for d in priorities)
    assert s.outcome is not None
    assert s.outcome.is_draw
    assert s.outcome.reason == "a loop of mandatory actions (104.4b)"
    assert "Test Seal of Cleansing" in s.battlefield(0)


# --- found on the way ---------------------------------------------------------------------------


@pytest.mark.cards("Magma Phoenix")
@pytest.mark.rules("113.6m", "400.7", "602.2")
def test_a_card_returned_from_the_graveyard_no_longer_offers_its_graveyard_ability() -> None:
    # Magma Phoenix's "{3}{R}{R}: Return Magma Phoenix from your graveyard to your hand"
    # functions in the graveyard; once it has returned the card to its owner's hand, the
    # card in the graveyard is gone (400.7) and its ability is offered no more.
    s = scenario()
    s.add(0, "battlefield", *["Mountain"] * 10)
    s.add(0, "graveyard", "Magma Phoenix")
    s.activate(0, "Magma Phoenix")
    s.run()
    assert s.hand(0) == ["Magma Phoenix"]
    [returned] = [e for e in s.events("object_moved") if e["to_zone"] == "hand"]
    later = [d for d in s.decisions.after(returned["seq"]) if d.player == 0]
    assert later
    assert all(name != "Magma Phoenix" for d in later for name, _ in d.activations)

"""Rules tests for the total cost of activated abilities (CR 602.2b, 601.2f, 118.7) and
of loyalty abilities (606.4-606.6): cost increases and reductions, reductions with a
floor, mana abilities (605.3), what is offered, and loyalty costs that combine.

Cards: Heartstone and Suppression Field, with Ant Queen, Acolyte of Xathrid, Prodigal
Pyromancer, Llanowar Elves, Jace Beleren and Chandra Nalaar; test cards Test Lion's
Standard (Carth the Lion's "Planeswalkers' loyalty abilities you activate cost an
additional [+1] to activate" on a plain creature), Test Steelshaper ("Equip abilities
you activate cost {1} less to activate"), Test Greatsword (an Equipment with Equip {2}),
Test Greenward ("Activated abilities of creatures you control cost {G} less to
activate") and Test Tollgate ("Activated abilities cost {1} more to activate", mana
abilities included). The test cards are registered by this module's own plugin.
"""

from __future__ import annotations

import pytest
from _support import first

import manaweave
from manaweave import Activate, DecisionKind, ManaCost, RuleNotImplementedError
from manaweave.cards import (
    ActivatedAbilitiesCost,
    ActivatedAbility,
    AttachSelf,
    CardDefinition,
    CardSet,
    EquippedGets,
    Printed,
    TargetKind,
    TargetSpec,
    card,
)
from manaweave.testing import Scenario, ScenarioError

GREATSWORD_EQUIP = "Equip {2}"

COST_CHANGE_CARDS: tuple[CardDefinition, ...] = (
    card(
        "Heartstone",
        printed=Printed(
            "{3}",
            "Artifact",
            "Activated abilities of creatures cost {1} less to activate. This effect can't "
            "reduce the mana in that cost to less than one mana.",
        ),
        abilities=(
            ActivatedAbilitiesCost(
                -1,
                types=("Creature",),
                minimum_mana=1,
                text="Activated abilities of creatures cost {1} less to activate. This "
                "effect can't reduce the mana in that cost to less than one mana.",
            ),
        ),
    ),
    card(
        "Suppression Field",
        printed=Printed(
            "{1}{W}",
            "Enchantment",
            "Activated abilities cost {2} more to activate unless they're mana abilities.",
        ),
        abilities=(
            ActivatedAbilitiesCost(
                2,
                mana_abilities=False,
                text="Activated abilities cost {2} more to activate unless they're mana abilities.",
            ),
        ),
    ),
    card(
        "Test Lion's Standard",
        printed=Printed(
            "{2}{B}{G}",
            "Creature — Human Warrior",
            "Planeswalkers' loyalty abilities you activate cost an additional [+1] to activate.",
            pt=(3, 5),
        ),
        abilities=(
            ActivatedAbilitiesCost(
                loyalty=1,
                types=("Planeswalker",),
                whose="you",
                text="Planeswalkers' loyalty abilities you activate cost an additional [+1] "
                "to activate.",
            ),
        ),
    ),
    card(
        "Test Steelshaper",
        printed=Printed(
            "{1}{W}",
            "Creature — Human Soldier",
            "Equip abilities you activate cost {1} less to activate.",
            pt=(1, 1),
        ),
        abilities=(
            ActivatedAbilitiesCost(
                -1,
                keyword="Equip",
                whose="you",
                text="Equip abilities you activate cost {1} less to activate.",
            ),
        ),
    ),
    card(
        "Test Greatsword",
        printed=Printed(
            "{1}", "Artifact — Equipment", f"Equipped creature gets +2/+0.\n{GREATSWORD_EQUIP}"
        ),
        abilities=(
            EquippedGets(2, 0, text="Equipped creature gets +2/+0."),
            # Equip [cost] is "[Cost]: Attach this permanent to target creature you
            # control. Activate only as a sorcery." (702.6a).
            ActivatedAbility(
                ManaCost.parse("{2}"),
                (AttachSelf(0),),
                targets=(
                    TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True),
                ),
                sorcery_speed=True,
                keyword="Equip",
                text=GREATSWORD_EQUIP,
            ),
        ),
    ),
    card(
        "Test Greenward",
        printed=Printed(
            "{G}",
            "Enchantment",
            "Activated abilities of creatures you control cost {G} less to activate.",
        ),
        abilities=(
            ActivatedAbilitiesCost(
                types=("Creature",),
                whose="you",
                less_colored="G",
                text="Activated abilities of creatures you control cost {G} less to activate.",
            ),
        ),
    ),
    card(
        "Test Tollgate",
        printed=Printed("{2}", "Artifact", "Activated abilities cost {1} more to activate."),
        abilities=(
            ActivatedAbilitiesCost(1, text="Activated abilities cost {1} more to activate."),
        ),
    ),
)


class CostChangeCards:
    """A plugin adding this module's test cards: ``Scenario(plugins=[CostChangeCards()])``."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test cards that change what activated abilities cost."""
        return [CardSet("TAC", "Activation cost test cards", COST_CHANGE_CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[CostChangeCards()], **kwargs)  # type: ignore[arg-type]


def offered(s: Scenario, name: str, index: int = 0) -> list[Activate]:
    """The activations of ``name``'s abilities offered at player 0's ``index``-th
    priority."""
    return [
        o
        for o in s.decisions.priority(0)[index].options
        if isinstance(o, Activate) and o.name == name
    ]


def loyalty(s: Scenario, name: str) -> int:
    return s.permanent(name).counters.get("loyalty", 0)


# --- reductions and increases (602.2b, 601.2f, 118.7a) ----------------------------------------


@pytest.mark.rules("602.2b", "601.2f", "118.7a", "601.2h")
def test_heartstone_makes_a_creatures_ability_cost_one_less() -> None:
    # Ant Queen's {1}{G} costs {G}: one Forest pays for it. Heartstone changes the
    # abilities of every creature, its controller's opponent's too.
    s = scenario()
    s.add(0, "battlefield", "Ant Queen", "Forest")
    s.add(1, "battlefield", "Heartstone")
    s.activate(0, "Ant Queen")
    s.run()

    assert s.battlefield(0).count("Insect Token") == 1
    spent = first(s, "mana_spent")
    assert (spent["rule"], spent["cost"], spent["mana"]) == ("601.2h", "{G}", ["G"])
    activated = first(s, "ability_activated")
    assert (activated["rule"], activated["total_cost"]) == ("602.2", "{G}")


@pytest.mark.rules("602.2b", "601.2f", "118.7a")
def test_heartstone_reduces_an_ability_with_tap_in_its_cost() -> None:
    # Acolyte of Xathrid's {1}{B}, {T} costs {B}, {T}.
    s = scenario()
    s.add(0, "battlefield", "Heartstone", "Acolyte of Xathrid", "Swamp")
    s.activate(0, "Acolyte of Xathrid", targets=["P2"])
    s.run()

    assert s.life(1) == 19
    assert s.permanent("Acolyte of Xathrid").tapped
    assert first(s, "mana_spent")["cost"] == "{B}"
    assert first(s, "ability_activated")["total_cost"] == "{B}, {T}"


@pytest.mark.rules("602.2b", "601.2f")
def test_two_heartstones_cannot_reduce_the_mana_below_one() -> None:
    # The second Heartstone would leave no mana in {G}: its effect can't, so Ant Queen's
    # ability still costs {G}, and a player without mana isn't offered it.
    s = scenario()
    s.add(0, "battlefield", "Heartstone", "Heartstone", "Ant Queen", "Forest")
    s.activate(0, "Ant Queen")
    s.run()

    assert first(s, "mana_spent")["cost"] == "{G}"
    assert [o.total_cost for o in offered(s, "Ant Queen")] == ["{G}"]

    broke = scenario()
    broke.add(0, "battlefield", "Heartstone", "Heartstone", "Ant Queen")
    broke.run()
    assert offered(broke, "Ant Queen") == []


@pytest.mark.rules("602.2b", "601.2f")
def test_heartstone_leaves_a_tap_only_cost_and_noncreature_abilities_alone() -> None:
    # Prodigal Pyromancer's {T} has no mana to take away; Test Greatsword is no creature.
    s = scenario()
    s.add(0, "battlefield", "Heartstone", "Prodigal Pyromancer", "Test Greatsword", "Plains")
    s.add(0, "battlefield", "Grizzly Bears")
    s.run()

    [pyromancer] = offered(s, "Prodigal Pyromancer")
    assert pyromancer.total_cost == ""
    assert str(pyromancer) == f"activate Prodigal Pyromancer: {pyromancer.text}"
    # Equip {2} is unchanged, and one Plains can't pay it.
    assert offered(s, "Test Greatsword") == []


@pytest.mark.rules("602.2b", "601.2f", "605.3")
def test_suppression_field_adds_two_to_an_ability_but_not_to_mana_abilities() -> None:
    # Prodigal Pyromancer's {T} becomes {2}, {T}; Llanowar Elves' {T}: Add {G} is a mana
    # ability and stays free, so the Elves and a Forest pay the {2}.
    s = scenario()
    s.add(0, "battlefield", "Suppression Field", "Prodigal Pyromancer", "Llanowar Elves")
    s.add(0, "battlefield", "Forest")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    s.run()

    assert s.life(1) == 19
    assert [o.total_cost for o in offered(s, "Prodigal Pyromancer")] == ["{2}, {T}"]
    spent = first(s, "mana_spent")
    assert (spent["cost"], spent["mana"]) == ("{2}", ["G", "G"])
    assert s.permanent("Llanowar Elves").tapped
    assert first(s, "ability_activated")["total_cost"] == "{2}, {T}"


@pytest.mark.rules("602.2b", "601.2f", "117.1")
def test_an_ability_made_unaffordable_by_an_increase_is_not_offered() -> None:
    s = scenario()
    s.add(0, "battlefield", "Suppression Field", "Prodigal Pyromancer", "Forest")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()
    assert offered(s, "Prodigal Pyromancer") == []
    assert not s.events("ability_activated")


@pytest.mark.rules("602.2b", "601.2f")
def test_increases_come_first_then_a_reduction_with_a_floor() -> None:
    # {T} with Suppression Field is {2}, {T}; Heartstone then takes {1} away: {1}, {T}.
    s = scenario()
    s.add(0, "battlefield", "Suppression Field", "Heartstone", "Prodigal Pyromancer")
    s.add(0, "battlefield", "Mountain")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    s.run()

    assert s.life(1) == 19
    assert first(s, "mana_spent")["cost"] == "{1}"
    assert first(s, "ability_activated")["total_cost"] == "{1}, {T}"


@pytest.mark.rules("602.2b", "118.7b", "118.7c")
def test_a_green_reduction_takes_green_mana_or_else_generic_mana() -> None:
    # Ant Queen's {1}{G} loses its {G}: {1}. Acolyte of Xathrid's {1}{B} has no {G}, so
    # it loses one generic mana instead: {B}.
    s = scenario()
    s.add(0, "battlefield", "Test Greenward", "Ant Queen", "Acolyte of Xathrid")
    s.add(0, "battlefield", "Swamp", "Swamp")
    s.activate(0, "Ant Queen")
    s.activate(0, "Acolyte of Xathrid", targets=["P2"], stack_empty=True)
    s.run()

    assert s.battlefield(0).count("Insect Token") == 1
    assert s.life(1) == 19
    assert [e["cost"] for e in s.events("mana_spent")] == ["{1}", "{B}"]


@pytest.mark.rules("602.2b", "601.2f", "702.6a")
def test_an_equip_reduction_applies_to_equip_abilities_you_activate_only() -> None:
    # Equip {2} costs {1}: one Plains pays for it. Ant Queen's ability is no equip
    # ability, and the opponent's Test Steelshaper doesn't help the opponent's opponent.
    s = scenario()
    s.add(0, "battlefield", "Test Steelshaper", "Test Greatsword", "Ant Queen", "Plains")
    s.add(1, "battlefield", "Test Steelshaper")
    s.activate(0, "Test Greatsword", targets=["Ant Queen"])
    s.run()

    assert s.power("Ant Queen") == 7
    assert first(s, "mana_spent")["cost"] == "{1}"
    assert [o.total_cost for o in offered(s, "Test Greatsword")] == ["{1}"]
    assert offered(s, "Ant Queen") == []

    theirs = scenario()
    theirs.add(0, "battlefield", "Test Greatsword", "Grizzly Bears", "Plains")
    theirs.add(1, "battlefield", "Test Steelshaper")
    theirs.run()
    assert offered(theirs, "Test Greatsword") == []


@pytest.mark.rules("605.3", "602.2b")
def test_an_increase_on_mana_abilities_is_not_implemented_yet() -> None:
    # Test Tollgate names no exception for mana abilities, so Llanowar Elves' ability
    # would cost {1}, {T}: a mana ability paid with mana, which the payment solver can't
    # handle.
    s = scenario()
    s.add(0, "battlefield", "Test Tollgate", "Llanowar Elves")
    with pytest.raises(RuleNotImplementedError, match=r"605\.3"):
        s.run()


# --- loyalty costs (606.4-606.6) -----------------------------------------------------------


@pytest.mark.rules("606.5", "606.4")
def test_an_additional_plus_one_combines_with_a_plus_ability() -> None:
    # Jace Beleren's [+2] puts three loyalty counters on him, as one cost (606.5).
    s = scenario()
    s.add(0, "battlefield", "Test Lion's Standard", "Jace Beleren")
    s.activate(0, "Jace Beleren", text="[+2]")
    s.run()

    assert loyalty(s, "Jace Beleren") == 6
    added = [e for e in s.events("counters_added") if e["kind"] == "loyalty"]
    assert [(e["rule"], e["count"]) for e in added] == [("606.5", 3)]
    assert first(s, "ability_activated")["total_cost"] == "[+3]"
    assert "(total cost [+3])" in str(offered(s, "Jace Beleren")[0])


@pytest.mark.rules("606.5", "606.4")
def test_a_minus_one_ability_becomes_a_zero_cost() -> None:
    # Jace's [−1] with an additional [+1] costs [0]: no counter moves.
    s = scenario()
    s.add(0, "battlefield", "Test Lion's Standard", "Jace Beleren")
    s.library(1, ["Plains", "Swamp"])
    s.activate(0, "Jace Beleren", text="[−1]", targets=["P2"])
    s.run()

    assert loyalty(s, "Jace Beleren") == 3
    assert s.hand(1) == ["Swamp"]
    assert not s.events("counters_removed")
    assert first(s, "ability_activated")["total_cost"] == "[0]"


@pytest.mark.rules("606.5", "606.6", "704.5i")
def test_a_minus_eight_ability_becomes_minus_seven_and_needs_only_seven_loyalty() -> None:
    # Chandra Nalaar with seven loyalty can't pay [−8] alone (606.6), but with the
    # additional [+1] it is [−7]: seven counters come off and she dies (704.5i).
    s = scenario()
    s.add(0, "battlefield", "Test Lion's Standard")
    s.add(0, "battlefield", "Chandra Nalaar", loyalty=7)
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Chandra Nalaar", text="[−8]", targets=["P2"])
    s.run()

    removed = first(s, "counters_removed", kind="loyalty")
    assert (removed["rule"], removed["count"]) == ("606.5", 7)
    assert s.life(1) == 10
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.graveyard(0) == ["Chandra Nalaar"]

    alone = scenario()
    alone.add(0, "battlefield", "Chandra Nalaar", loyalty=7)
    alone.activate(0, "Chandra Nalaar", text="[−8]", targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        alone.run()


@pytest.mark.rules("606.5", "606.6", "107.3a")
def test_minus_x_with_an_additional_plus_one_allows_x_up_to_loyalty_plus_one() -> None:
    # Chandra with three loyalty: [−X] plus [+1] removes X − 1 counters, so X may be 4;
    # the ability deals X = 4 damage and three counters come off.
    s = scenario()
    s.add(0, "battlefield", "Test Lion's Standard")
    s.add(0, "battlefield", "Chandra Nalaar", loyalty=3)
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Chandra Nalaar", text="[−X]", targets=["Craw Wurm"], x=4)
    s.run()

    [asked] = s.decisions.of_kind(DecisionKind.X_VALUE)
    assert [o.value for o in asked.options] == [0, 1, 2, 3, 4]
    removed = first(s, "counters_removed", kind="loyalty")
    assert (removed["rule"], removed["count"]) == ("606.5", 3)
    assert first(s, "ability_activated")["total_cost"] == "[−3]"
    assert s.graveyard(1) == ["Craw Wurm"]
    assert s.graveyard(0) == ["Chandra Nalaar"]


@pytest.mark.rules("606.5", "107.3a")
def test_minus_x_with_x_zero_and_an_additional_plus_one_adds_a_counter() -> None:
    s = scenario()
    s.add(0, "battlefield", "Test Lion's Standard")
    s.add(0, "battlefield", "Chandra Nalaar", loyalty=2)
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Chandra Nalaar", text="[−X]", targets=["Grizzly Bears"], x=0)
    s.run()

    added = first(s, "counters_added", kind="loyalty", rule="606.5")
    assert added["count"] == 1
    assert loyalty(s, "Chandra Nalaar") == 3
    assert s.permanent("Grizzly Bears").damage == 0


@pytest.mark.rules("606.5")
def test_an_opponents_standard_does_not_change_your_loyalty_costs() -> None:
    s = scenario()
    s.add(0, "battlefield", "Jace Beleren")
    s.add(1, "battlefield", "Test Lion's Standard")
    s.activate(0, "Jace Beleren", text="[+2]")
    s.run()

    assert loyalty(s, "Jace Beleren") == 5
    assert first(s, "counters_added", kind="loyalty", count=2)["rule"] == "606.4"
    assert "total_cost" not in first(s, "ability_activated")


@pytest.mark.rules("602.2b", "606.4", "601.2f")
def test_suppression_field_makes_loyalty_abilities_cost_two_mana_too() -> None:
    # A loyalty ability is an activated ability that isn't a mana ability: [+2] costs
    # {2} and [+2]. Without mana it isn't offered.
    s = scenario()
    s.add(0, "battlefield", "Suppression Field", "Jace Beleren", "Island", "Island")
    s.activate(0, "Jace Beleren", text="[+2]")
    s.run()

    assert loyalty(s, "Jace Beleren") == 5
    assert first(s, "mana_spent")["cost"] == "{2}"
    assert first(s, "ability_activated")["total_cost"] == "{2}, [+2]"

    broke = scenario()
    broke.add(0, "battlefield", "Suppression Field", "Jace Beleren")
    broke.run()
    assert offered(broke, "Jace Beleren") == []

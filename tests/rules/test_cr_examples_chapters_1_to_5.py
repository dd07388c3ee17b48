"""The "Example:" paragraphs of CR chapters 1 to 5 (rules 100-511) that the engine and its
card pool can express, played out. Each test quotes its example's situation in a comment.

The test-only cards below stand in where an example names a card of a set not defined
yet; they are written in the card language like any other card.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

import manaweave
import manaweave.lowlevel
from manaweave import DecisionKind, ManaCost, Step
from manaweave.cards import (
    ANY_TARGET,
    TARGET_CREATURE,
    ActivatedAbility,
    AllBecome,
    CardSet,
    CreateTokens,
    DealDamageToEach,
    EachOpponentSacrifices,
    Printed,
    PumpTarget,
    SpellAbility,
    TargetKind,
    TargetSpec,
    card,
    token,
)
from manaweave.testing import Scenario

CARDS = (
    card(
        "Test Arc Trail",
        printed=Printed(
            "{1}{R}",
            "Sorcery",
            "Test Arc Trail deals 2 damage to any target and 1 damage to any other target.",
        ),
        spell=SpellAbility(
            targets=(ANY_TARGET, TargetSpec(TargetKind.ANY, "any other target", another=True)),
            effects=(DealDamageToEach(((2, 0), (1, 1))),),
        ),
    ),
    card(
        "Test Enfeeble",
        printed=Printed("{B}", "Instant", "Target creature gets -5/-0 until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(-5, 0),)),
    ),
    card(
        "Test Strengthen",
        printed=Printed("{R}", "Instant", "Target creature gets +3/+0 until end of turn."),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(PumpTarget(3, 0),)),
    ),
    card(
        "Test Jade Mage",
        printed=Printed(
            "{1}{G}",
            "Creature — Human Shaman",
            "{2}{G}: Create a 1/1 green Saproling creature token.",
            pt=(2, 1),
        ),
        abilities=(
            ActivatedAbility(
                ManaCost.parse("{2}{G}"),
                (CreateTokens(token("Saproling", "G", pt=(1, 1))),),
                text="{2}{G}: Create a 1/1 green Saproling creature token.",
            ),
        ),
    ),
    card(
        "Test Dwarven Reinforcements",
        printed=Printed("{3}{R}", "Sorcery", "Create two 2/1 red Dwarf Berserker creature tokens."),
        spell=SpellAbility(effects=(CreateTokens(token("Dwarf Berserker", "R", pt=(2, 1)), 2),)),
    ),
    card(
        "Test Edict",
        printed=Printed("{B}", "Instant", "Each opponent sacrifices a creature."),
        spell=SpellAbility(effects=(EachOpponentSacrifices(("Creature",), "a creature"),)),
    ),
    card(
        "Test Selesnya Hybrid", printed=Printed("{G/W}{G/W}", "Creature — Elf Soldier", pt=(2, 2))
    ),
    card("Test Orzhov Pilgrim", printed=Printed("{2}{W}{B}", "Creature — Human Cleric", pt=(2, 2))),
    card(
        "Test Hybrid Adept", printed=Printed("{1}{W/U}{W/U}", "Creature — Human Wizard", pt=(2, 2))
    ),
    card(
        "Test Monocolored Hybrid",
        printed=Printed("{2/B}{2/B}{2/B}", "Creature — Spirit", pt=(3, 3)),
    ),
    card("Test Goblin Wizard", printed=Printed("{1}{R}", "Creature — Goblin Wizard", pt=(1, 1))),
    card("Test Dryad Arbor", printed=Printed(None, "Land Creature — Forest Dryad", pt=(1, 1))),
    card("Test Artifact Land", printed=Printed(None, "Artifact Land")),
    card("Test Legendary Land", printed=Printed(None, "Legendary Land")),
    card("Test Artifact Enchantment", printed=Printed("{2}", "Artifact Enchantment")),
    card(
        "Test Living Lands",
        printed=Printed(
            "{3}{G}",
            "Sorcery",
            "All lands become 1/1 creatures until end of turn. They're still lands.",
        ),
        spell=SpellAbility(
            effects=(
                AllBecome(
                    "Land",
                    types=("Creature",),
                    pt=(1, 1),
                    wording="All lands become 1/1 creatures until end of turn. They're still "
                    "lands.",
                ),
            )
        ),
    ),
    card(
        "Test Artifact Awakening",
        printed=Printed(
            "{2}{U}", "Sorcery", "All artifacts become 1/1 artifact creatures until end of turn."
        ),
        spell=SpellAbility(
            effects=(
                AllBecome(
                    "Artifact",
                    types=("Artifact", "Creature"),
                    pt=(1, 1),
                    wording="All artifacts become 1/1 artifact creatures until end of turn.",
                ),
            )
        ),
    ),
)


class ChapterOneToFiveCards:
    """A plugin adding this module's test-only cards."""

    __test__ = False  # not a pytest test class

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The test-only set of this module."""
        return [CardSet("TC5", "Test cards for CR chapters 1-5", CARDS)]


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards(), ChapterOneToFiveCards()], **kwargs)  # type: ignore[arg-type]


def chars(s: Scenario, name: str, player: int | None = None) -> manaweave.lowlevel.Characteristics:
    assert s.game is not None
    return s.game.characteristics(s.permanent(name, player))


# --- 101 ---------------------------------------------------------------------------------------


@pytest.mark.rules("101.4", "701.21a")
def test_101_4_the_active_player_chooses_first_then_all_are_sacrificed_at_once() -> None:
    # "A card reads 'Each player sacrifices a creature.' First, the active player chooses a
    # creature they control. Then each of the nonactive players, in turn order, chooses a
    # creature they control. Then all creatures chosen this way are sacrificed
    # simultaneously." The pool has "each opponent sacrifices": P2 casts it in P1's turn of
    # a three-player game, so the active player P1 and then P3 choose.
    s = scenario(players=3)
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear")
    s.add(1, "battlefield", "Swamp")
    s.add(1, "hand", "Test Edict")
    s.add(2, "battlefield", "Llanowar Elves", "Craw Wurm")
    s.cast(1, "Test Edict")
    s.choose(0, DecisionKind.SACRIFICE, "Runeclaw Bear")
    s.choose(2, DecisionKind.SACRIFICE, "Llanowar Elves")
    s.run()
    asked = s.decisions.of_kind(DecisionKind.SACRIFICE)
    assert [d.player for d in asked] == [0, 2]
    sacrificed = s.events("sacrificed")
    assert [e["card"] for e in sacrificed] == ["Runeclaw Bear", "Llanowar Elves"]
    # Nothing is sacrificed until every player has chosen.
    choices = [e for e in s.events("decision_made") if e["kind"] == "sacrifice"]
    assert max(e["seq"] for e in choices) < min(e["seq"] for e in sacrificed)
    assert s.battlefield(0) == ["Grizzly Bears"]
    assert s.battlefield(2) == ["Craw Wurm"]


# --- 107 ---------------------------------------------------------------------------------------


@pytest.mark.rules("107.1b", "510.1a")
def test_107_1b_a_creature_with_negative_power_assigns_no_combat_damage() -> None:
    # "If a 3/4 creature gets -5/-0, it's a -2/4 creature. It doesn't assign damage in
    # combat. ... Giving it +3/+0 would raise its power to 1."
    s = scenario()
    s.add(0, "battlefield", "Stone Giant", "Swamp", "Mountain")
    s.add(0, "hand", "Test Enfeeble", "Test Strengthen")
    s.cast(0, "Test Enfeeble", targets=["Stone Giant"], step=Step.BEGINNING_OF_COMBAT)
    s.attack(0, "Stone Giant")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert (s.power("Stone Giant"), s.toughness("Stone Giant")) == (-2, 4)
    assert s.life(1) == 20
    assert not s.events("damage_dealt")

    raised = scenario()
    raised.add(0, "battlefield", "Stone Giant", "Swamp", "Mountain")
    raised.add(0, "hand", "Test Enfeeble", "Test Strengthen")
    raised.cast(0, "Test Enfeeble", targets=["Stone Giant"])
    raised.cast(0, "Test Strengthen", targets=["Stone Giant"], stack_empty=True)
    raised.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert (raised.power("Stone Giant"), raised.toughness("Stone Giant")) == (1, 4)


@pytest.mark.rules("107.4e", "601.2h")
@pytest.mark.parametrize(
    ("lands", "castable"),
    [
        (("Forest", "Forest"), True),
        (("Forest", "Plains"), True),
        (("Plains", "Plains"), True),
        (("Forest", "Island"), False),
    ],
)
def test_107_4e_a_hybrid_symbol_is_paid_with_either_of_its_colors(
    lands: tuple[str, str], castable: bool
) -> None:
    # "{G/W}{G/W} can be paid by spending {G}{G}, {G}{W}, or {W}{W}."
    s = scenario()
    s.add(0, "battlefield", *lands)
    s.add(0, "hand", "Test Selesnya Hybrid")
    if castable:
        s.cast(0, "Test Selesnya Hybrid")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert ("Test Selesnya Hybrid" in s.battlefield(0)) is castable
    offered = set().union(*(d.casts for d in s.decisions.priority(0)))
    assert ("Test Selesnya Hybrid" in offered) is castable
    if castable:
        spent = first(s, "mana_spent")
        assert sorted(spent["mana"]) == sorted("G" if land == "Forest" else "W" for land in lands)


# --- 111 ---------------------------------------------------------------------------------------


@pytest.mark.rules("111.3", "111.4")
def test_111_3_a_token_has_no_mana_cost_supertypes_rules_text_or_abilities() -> None:
    # "Jade Mage has the ability '{2}{G}: Create a 1/1 green Saproling creature token.' The
    # resulting token has no mana cost, supertypes, rules text, or abilities."
    s = scenario()
    s.add(0, "battlefield", "Test Jade Mage", "Forest", "Forest", "Forest")
    s.activate(0, "Test Jade Mage")
    s.run()
    saproling = s.permanent("Saproling Token")
    assert saproling.is_token
    c = chars(s, "Saproling Token")
    assert (c.mana_value, c.supertypes, c.abilities) == (0, (), ())
    assert (c.colors, c.types, c.subtypes) == (("G",), ("Creature",), ("Saproling",))
    assert saproling.card.mana_cost is None
    assert saproling.card.text == ""
    assert first(s, "token_created")["object"] == saproling.id


@pytest.mark.rules("111.4")
def test_111_4_tokens_are_named_for_their_subtypes_plus_token() -> None:
    # "Dwarven Reinforcements ... 'Create two 2/1 red Dwarf Berserker creature tokens.' The
    # tokens created as it resolves are each named Dwarf Berserker Token and each have the
    # creature types Dwarf and Berserker."
    s = scenario()
    s.add(0, "battlefield", *["Mountain"] * 4)
    s.add(0, "hand", "Test Dwarven Reinforcements")
    s.cast(0, "Test Dwarven Reinforcements")
    s.run()
    tokens = s.permanents("Dwarf Berserker Token")
    assert len(tokens) == 2
    assert len(s.events("token_created")) == 2
    assert s.game is not None
    for made in tokens:
        c = s.game.characteristics(made)
        assert (c.name, c.subtypes, c.colors) == (
            "Dwarf Berserker Token",
            ("Dwarf", "Berserker"),
            ("R",),
        )
        assert (c.power, c.toughness) == (2, 1)


# --- 115 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Redirect")
@pytest.mark.rules("115.7e", "115.7d")
def test_115_7e_new_targets_may_swap_the_targets_of_a_spell() -> None:
    # "Arc Trail ... 'deals 2 damage to any target and 1 damage to any other target.' The
    # current targets of Arc Trail are Runeclaw Bear and Llanowar Elves, in that order. You
    # cast Redirect ... targeting Arc Trail. You can change the first target to Llanowar
    # Elves and change the second target to Runeclaw Bear."
    s = scenario(turn=2, active=1)
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Test Arc Trail")
    s.add(0, "battlefield", "Island", "Island", "Runeclaw Bear", "Llanowar Elves")
    s.add(0, "hand", "Redirect")
    s.cast(1, "Test Arc Trail", targets=["Runeclaw Bear", "Llanowar Elves"])
    s.cast(0, "Redirect", targets=["Test Arc Trail"])
    s.choose(0, DecisionKind.NEW_TARGET, "Llanowar Elves")
    s.choose(0, DecisionKind.NEW_TARGET, "Runeclaw Bear")
    s.run()
    changed = first(s, "targets_changed")
    assert changed["rule"] == "115.7d"
    bear, elves = first(s, "spell_cast")["targets"]
    assert changed["targets"] == [elves, bear]
    # The Elves took the 2, the Bear the 1 (and survived).
    assert "Llanowar Elves" in s.graveyard(0)
    assert s.permanent("Runeclaw Bear").damage == 1


# --- 120 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Lightning Bolt")
@pytest.mark.rules("120.5", "704.5g", "120.3e")
def test_120_5_damage_does_not_destroy_the_state_based_action_does() -> None:
    # "A player casts Lightning Bolt ... targeting a 2/2 creature. After Lightning Bolt
    # deals 3 damage to that creature, the creature is destroyed as a state-based action.
    # Neither Lightning Bolt nor the damage dealt by Lightning Bolt destroyed that
    # creature."
    s = scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()
    damage = first(s, "damage_dealt")
    assert (damage["source_name"], damage["to_name"], damage["amount"]) == (
        "Lightning Bolt",
        "Grizzly Bears",
        3,
    )
    (dies,) = [e for e in s.events("object_moved") if e["card"] == "Grizzly Bears"]
    # The Bears is put into the graveyard by the state-based action, after the Bolt has
    # finished resolving and gone to the graveyard itself.
    assert dies["rule"] == "704.5g"
    sba = first(s, "state_based_actions_performed")
    assert sba["objects"] == [[damage["to_object"], "704.5g"]]
    assert dies["cause"] == sba["seq"]
    bolt_moved = [e for e in s.events("object_moved") if e["card"] == "Lightning Bolt"]
    assert bolt_moved[0]["seq"] < sba["seq"]
    assert s.graveyard(1) == ["Grizzly Bears"]


# --- 202 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Griffin Sentinel", "Howling Mine")
@pytest.mark.rules("202.2a", "202.2")
def test_202_2a_an_objects_colors_are_the_colors_of_its_mana_symbols() -> None:
    # "An object with a mana cost of {2}{W} is white, an object with a mana cost of {2} is
    # colorless, and one with a mana cost of {2}{W}{B} is both white and black."
    s = scenario()
    s.add(0, "battlefield", "Griffin Sentinel", "Howling Mine", "Test Orzhov Pilgrim")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert chars(s, "Griffin Sentinel").colors == ("W",)
    assert chars(s, "Howling Mine").colors == ()
    assert chars(s, "Test Orzhov Pilgrim").colors == ("W", "B")


@pytest.mark.cards("Air Elemental")
@pytest.mark.rules("202.3", "202.3e", "202.3f")
def test_202_3_mana_value_counts_each_symbol() -> None:
    # "A mana cost of {3}{U}{U} translates to a mana value of 5." 202.3f: "The mana value
    # of a card with mana cost {1}{W/U}{W/U} is 3. The mana value of a card with mana cost
    # {2/B}{2/B}{2/B} is 6."
    s = scenario()
    s.add(0, "battlefield", "Air Elemental", "Test Hybrid Adept", "Test Monocolored Hybrid")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert chars(s, "Air Elemental").mana_value == 5
    assert chars(s, "Test Hybrid Adept").mana_value == 3
    assert chars(s, "Test Monocolored Hybrid").mana_value == 6
    # A hybrid symbol is each of its colors too (202.2d).
    assert chars(s, "Test Hybrid Adept").colors == ("W", "U")
    assert chars(s, "Test Monocolored Hybrid").colors == ("B",)


# --- 205 ---------------------------------------------------------------------------------------


@pytest.mark.cards("Mountain", "Gorgon Flail")
@pytest.mark.rules("205.3b", "302.3", "305.5", "205.4a")
def test_205_3b_subtypes_follow_the_dash_of_the_type_line() -> None:
    # "'Basic Land — Mountain' means the card is a land with the subtype Mountain.
    # 'Creature — Goblin Wizard' means the card is a creature with the subtypes Goblin and
    # Wizard. 'Artifact — Equipment' means the card is an artifact with the subtype
    # Equipment." (Also the examples of 302.3 and 305.5.)
    s = scenario()
    s.add(0, "battlefield", "Mountain", "Test Goblin Wizard", "Gorgon Flail")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    mountain = chars(s, "Mountain")
    assert (mountain.supertypes, mountain.types, mountain.subtypes) == (
        ("Basic",),
        ("Land",),
        ("Mountain",),
    )
    wizard = chars(s, "Test Goblin Wizard")
    assert (wizard.types, wizard.subtypes) == (("Creature",), ("Goblin", "Wizard"))
    flail = chars(s, "Gorgon Flail")
    assert (flail.types, flail.subtypes) == (("Artifact",), ("Equipment",))


@pytest.mark.cards("Llanowar Elves")
@pytest.mark.rules("205.3c", "305.6", "302.6")
def test_205_3c_dryad_arbor_has_a_land_type_and_a_creature_type() -> None:
    # "Dryad Arbor's type line says 'Land Creature — Forest Dryad.' Forest is a land type,
    # and Dryad is a creature type." Being a Forest, it taps for {G} (305.6), and it pays
    # for a Llanowar Elves.
    s = scenario()
    s.add(0, "battlefield", "Test Dryad Arbor")
    s.add(0, "hand", "Llanowar Elves")
    s.cast(0, "Llanowar Elves")
    s.run()
    arbor = chars(s, "Test Dryad Arbor")
    assert (arbor.types, arbor.subtypes) == (("Land", "Creature"), ("Forest", "Dryad"))
    assert (arbor.power, arbor.toughness) == (1, 1)
    assert s.permanent("Test Dryad Arbor").tapped
    assert "Llanowar Elves" in s.battlefield(0)
    assert first(s, "mana_added")["mana"] == ["G"]


@pytest.mark.rules("205.1b", "205.4b", "613.1d")
def test_205_1b_lands_that_become_creatures_keep_their_other_types_and_supertypes() -> None:
    # "An ability reads, 'All lands are 1/1 creatures that are still lands.' ... lands that
    # were also artifacts ... would become 'artifact land creatures' ... each land affected
    # by the ability retains any land types and supertypes it had." 205.4b: "If any of the
    # affected lands were legendary, they are still legendary."
    s = scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest")
    s.add(0, "battlefield", "Test Artifact Land", "Test Legendary Land")
    s.add(0, "hand", "Test Living Lands")
    s.cast(0, "Test Living Lands")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    artifact_land = chars(s, "Test Artifact Land")
    assert artifact_land.types == ("Artifact", "Land", "Creature")
    assert (artifact_land.power, artifact_land.toughness) == (1, 1)
    legendary = chars(s, "Test Legendary Land")
    assert (legendary.supertypes, legendary.types) == (("Legendary",), ("Land", "Creature"))
    forest = chars(s, "Forest")
    assert (forest.supertypes, forest.types, forest.subtypes) == (
        ("Basic",),
        ("Land", "Creature"),
        ("Forest",),
    )
    assert [e["layer"] for e in s.events("effect_created")] == ["613.1d", "613.4b"]


@pytest.mark.rules("205.1b", "613.1d")
def test_205_1b_an_artifact_enchantment_becomes_an_artifact_enchantment_creature() -> None:
    # "An ability reads, 'All artifacts are 1/1 artifact creatures.' If a permanent is both
    # an artifact and an enchantment, it will become an artifact enchantment creature."
    s = scenario()
    s.add(0, "battlefield", "Island", "Island", "Island", "Test Artifact Enchantment")
    s.add(0, "hand", "Test Artifact Awakening")
    s.cast(0, "Test Artifact Awakening")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    both = chars(s, "Test Artifact Enchantment")
    assert both.types == ("Artifact", "Enchantment", "Creature")
    assert (both.power, both.toughness) == (1, 1)

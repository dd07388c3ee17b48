"""Rules tests for static abilities that effects give objects (CR 604.1, 611.3, 613.1f,
613.7a, 613.7e).

A granted static ability generates its effects from the object that has it, "you" being
that object's controller, for as long as the object has it. Its effects have the later of
the object's timestamp and the granting effect's (613.7a).

Cards: the CR's example of 613.7a played out with test versions of Rune of Flight and
Colossus Hammer, Auras, a lord, an instant and an emblem that give static abilities, with
Humility, Mind Control, Naturalize and Lightning Bolt.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from _cards import TestCards
from _support import first

import manaweave
from manaweave import ManaCost, RuleNotImplementedError, Step
from manaweave.cards import (
    TARGET_CREATURE,
    Ability,
    ActivatedAbility,
    AttachSelf,
    CardDefinition,
    CardSet,
    CreateEmblem,
    CreaturesAreColor,
    CreaturesGet,
    CreaturesLoseAbilitiesAndAre,
    EnchantedHas,
    EntersWithCounters,
    EquippedGets,
    EquippedHas,
    GainsUntilEndOfTurn,
    GraveyardExileInstead,
    Printed,
    SpellAbility,
    TargetKind,
    TargetSpec,
    YourPermanentsHave,
    card,
)
from manaweave.keywords.enchant import Enchant
from manaweave.testing import Scenario, ScenarioError


@dataclass(frozen=True, slots=True)
class TestFlying(Ability):
    """A stand-in for the flying keyword (702.9), which a keyword plugin provides: these
    tests ask only whether a creature has it."""

    __test__ = False
    text: str = "Flying"


FLYING = TestFlying()
EQUIPPED_FLIES = "Equipped creature has flying."
ANTHEM = "Other creatures you control get +1/+1."
HUMBLE = "All creatures lose all abilities and have base power and toughness 1/1."
EQUIP_TEXT = "Equip {8}"


def _anthem() -> CreaturesGet:
    return CreaturesGet(1, 1, other=True, text=ANTHEM)


def _aura(name: str, cost: str, text: str, granted: Ability, enchant: TargetSpec) -> CardDefinition:
    return card(
        name,
        printed=Printed(
            cost, "Enchantment — Aura", f"Enchant {enchant.text.removeprefix('target ')}\n{text}"
        ),
        abilities=(
            Enchant(enchant, text=f"Enchant {enchant.text.removeprefix('target ')}"),
            EnchantedHas(granted, text=text),
        ),
    )


TARGET_EQUIPMENT = TargetSpec(TargetKind.PERMANENT, "target Equipment", subtypes=("Equipment",))

RUNE_OF_FLIGHT = _aura(
    "Test Rune of Flight",
    "{1}{U}",
    f'Enchanted Equipment has "{EQUIPPED_FLIES}"',
    EquippedHas(FLYING, text=EQUIPPED_FLIES),
    TARGET_EQUIPMENT,
)
"""Rune of Flight as the example of 613.7a has it: an Aura that gives the Equipment it
enchants "Equipped creature has flying"."""

COLOSSUS_HAMMER = card(
    "Test Colossus Hammer",
    printed=Printed(
        "{1}",
        "Artifact — Equipment",
        f"Equipped creature gets +10/+10 and loses flying.\n{EQUIP_TEXT}",
    ),
    abilities=(
        EquippedGets(
            10, 10, loses=(FLYING,), text="Equipped creature gets +10/+10 and loses flying."
        ),
        ActivatedAbility(
            ManaCost.parse("{8}"),
            (AttachSelf(0),),
            targets=(TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True),),
            sorcery_speed=True,
            text=EQUIP_TEXT,
        ),
    ),
)

GROUNDING_MAUL = card(
    "Test Grounding Maul",
    printed=Printed(
        "{1}", "Artifact — Equipment", "Equipped creature gets +1/+1 and loses flying.\nEquip {1}"
    ),
    abilities=(
        EquippedGets(1, 1, loses=(FLYING,), text="Equipped creature gets +1/+1 and loses flying."),
        ActivatedAbility(
            ManaCost.parse("{1}"),
            (AttachSelf(0),),
            targets=(TargetSpec(TargetKind.CREATURE, "target creature you control", yours=True),),
            sorcery_speed=True,
            text="Equip {1}",
        ),
    ),
)
"""A second Equipment whose "loses flying" has its own timestamp."""

SKY_SCOUT = card(
    "Test Sky Scout",
    printed=Printed("{1}{W}", "Creature — Human Scout", "Flying", pt=(1, 2)),
    abilities=(FLYING,),
)

CROWN_OF_COMMAND = _aura(
    "Test Crown of Command",
    "{1}{W}",
    f'Enchanted creature has "{ANTHEM}"',
    _anthem(),
    TARGET_CREATURE,
)

HUMBLING_CIRCLET = _aura(
    "Test Humbling Circlet",
    "{W}",
    f'Enchanted creature has "{HUMBLE}"',
    CreaturesLoseAbilitiesAndAre(1, 1, text=HUMBLE),
    TARGET_CREATURE,
)

HUMBLE_ELDER = card(
    "Test Humble Elder",
    printed=Printed(
        "{2}{W}", "Creature — Human Cleric", f'Humans you control have "{HUMBLE}"', pt=(2, 3)
    ),
    abilities=(
        YourPermanentsHave(
            "Human", CreaturesLoseAbilitiesAndAre(1, 1, text=HUMBLE), text=f'... "{HUMBLE}"'
        ),
    ),
)
"""A lord whose granted ability removes every creature's abilities, the lord's own
ability that grants it included."""

RALLYING_WORD = card(
    "Test Rallying Word",
    printed=Printed("{W}", "Instant", f'Target creature gains "{ANTHEM}" until end of turn.'),
    spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(GainsUntilEndOfTurn(_anthem()),)),
)

URSINE_PACT_TEXT = f'Bears you control have "{ANTHEM}"'
URSINE_PACT = card(
    "Test Ursine Pact",
    printed=Printed("{G}", "Sorcery", f'You get an emblem with "{URSINE_PACT_TEXT}"'),
    spell=SpellAbility(
        effects=(
            CreateEmblem(
                (YourPermanentsHave("Bear", _anthem(), text=URSINE_PACT_TEXT),),
                wording=URSINE_PACT_TEXT,
            ),
        )
    ),
)

VOID_MANTLE_TEXT = (
    "If a card or token would be put into a graveyard from anywhere, exile it instead."
)
VOID_MANTLE = _aura(
    "Test Void Mantle",
    "{B}",
    f'Enchanted creature has "{VOID_MANTLE_TEXT}"',
    GraveyardExileInstead(text=VOID_MANTLE_TEXT),
    TARGET_CREATURE,
)

GLOOM_BANNER = _aura(
    "Test Gloom Banner",
    "{B}",
    'Enchanted creature has "Creatures are black."',
    CreaturesAreColor("B", text="Creatures are black."),
    TARGET_CREATURE,
)
"""A granted ability with an effect in layer 5, before the ability exists (613.1f)."""

CARDS = (
    RUNE_OF_FLIGHT,
    COLOSSUS_HAMMER,
    GROUNDING_MAUL,
    SKY_SCOUT,
    CROWN_OF_COMMAND,
    HUMBLING_CIRCLET,
    HUMBLE_ELDER,
    RALLYING_WORD,
    URSINE_PACT,
    VOID_MANTLE,
    GLOOM_BANNER,
)


class GrantedCards:
    """A plugin adding this module's cards: ``Scenario(plugins=[GrantedCards()])``."""

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        """The cards of these tests."""
        return [CardSet("TGS", "Granted static ability test cards", CARDS)]


def scenario() -> Scenario:
    return Scenario(plugins=[TestCards(), GrantedCards()])


def flies(s: Scenario, name: str) -> bool:
    game = s.game
    assert game is not None
    return FLYING in game.characteristics(s.permanent(name)).abilities


def sizes(s: Scenario, *names: str) -> list[tuple[int | None, int | None]]:
    return [(s.power(name), s.toughness(name)) for name in names]


# --- 613.7a: Rune of Flight and Colossus Hammer ---------------------------------------------


def hammer_scenario(*, rune_first: bool) -> Scenario:
    """Test Sky Scout (flying) and Grizzly Bears; the Hammer becomes attached to the Bears
    after (``rune_first``) or before the Rune becomes attached to the Hammer."""
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Test Sky Scout", "Test Colossus Hammer")
    s.add(0, "battlefield", *["Island"] * 10)
    s.add(0, "hand", "Test Rune of Flight")
    if rune_first:
        s.cast(0, "Test Rune of Flight", targets=["Test Colossus Hammer"])
        s.activate(0, "Test Colossus Hammer", targets=["Grizzly Bears"], stack_empty=True)
    else:
        s.activate(0, "Test Colossus Hammer", targets=["Grizzly Bears"])
        s.cast(0, "Test Rune of Flight", targets=["Test Colossus Hammer"], stack_empty=True)
    return s.run(until=(1, Step.BEGINNING_OF_COMBAT))


@pytest.mark.rules("613.7a", "613.7e", "613.1f", "604.1")
def test_rune_attached_after_the_hammer_equips_its_later_grant_gives_flying() -> None:
    # The Hammer's "loses flying" has the Hammer's timestamp (its equip); the granted
    # "Equipped creature has flying" the Rune's, which is later: it applies last.
    s = hammer_scenario(rune_first=False)
    hammer, rune = s.permanent("Test Colossus Hammer"), s.permanent("Test Rune of Flight")
    assert rune.attached_to == hammer.id
    assert hammer.attached_to == s.permanent("Grizzly Bears").id
    assert rune.timestamp > hammer.timestamp
    assert flies(s, "Grizzly Bears")
    assert sizes(s, "Grizzly Bears") == [(12, 12)]
    assert [e["rule"] for e in s.events("permanent_attached")] == ["701.3a"]
    assert [e["rule"] for e in s.events("aura_attached")] == ["303.4b"]


@pytest.mark.rules("613.7a", "613.7e", "613.1f", "701.3a")
def test_hammer_equipped_after_the_rune_its_effects_keep_their_order() -> None:
    # Equipping gives the Hammer a timestamp later than the Rune's (613.7e). Its own
    # effect and the granted one both take it, the granted one still after (613.7a).
    s = hammer_scenario(rune_first=True)
    hammer, rune = s.permanent("Test Colossus Hammer"), s.permanent("Test Rune of Flight")
    assert hammer.timestamp > rune.timestamp
    assert flies(s, "Grizzly Bears")
    assert sizes(s, "Grizzly Bears") == [(12, 12)]
    (attached,) = s.events("permanent_attached")
    assert (attached["object"], attached["attached_to"], attached["rule"]) == (
        hammer.id,
        s.permanent("Grizzly Bears").id,
        "701.3a",
    )
    assert s.events("aura_attached")[0]["seq"] < attached["seq"]


@pytest.mark.rules("613.7a", "613.7e", "613.7", "613.1f")
@pytest.mark.parametrize(
    ("order", "flying"),
    [
        # The Rune's timestamp is the latest: the granted effect applies last, after the
        # Maul's, although the Hammer's own timestamp is older than the Maul's.
        (("hammer", "maul", "rune"), True),
        # The Hammer's new timestamp is the latest: its effects take it, the granted one
        # after its own; the Rune's older timestamp does not put it before the Maul's.
        (("rune", "maul", "hammer"), True),
        # The Maul's timestamp is the latest: its "loses flying" applies last.
        (("rune", "hammer", "maul"), False),
    ],
)
def test_the_granted_effect_takes_the_later_of_the_two_timestamps(
    order: tuple[str, ...], flying: bool
) -> None:
    names = {
        "rune": "Test Rune of Flight",
        "hammer": "Test Colossus Hammer",
        "maul": "Test Grounding Maul",
    }
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", names["hammer"], names["maul"])
    s.add(0, "battlefield", *["Island"] * 11)
    s.add(0, "hand", names["rune"])
    for step in order:
        if step == "rune":
            s.cast(0, names["rune"], targets=[names["hammer"]], stack_empty=True)
        else:
            s.activate(0, names[step], targets=["Grizzly Bears"], stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert flies(s, "Grizzly Bears") is flying
    assert sizes(s, "Grizzly Bears") == [(13, 13)]
    # Each attachment gave a new timestamp (613.7d-e), in the order scripted.
    stamps = [s.permanent(names[step]).timestamp for step in order]
    assert stamps == sorted(stamps)
    assert [e["rule"] for e in s.events("permanent_attached")] == ["701.3a", "701.3a"]


@pytest.mark.rules("613.1f", "613.7", "301.5a")
def test_without_the_rune_the_hammer_takes_a_creatures_own_flying() -> None:
    # The Scout's printed flying is older than the Hammer's effect: it is lost.
    s = scenario()
    s.add(0, "battlefield", "Test Sky Scout", "Test Colossus Hammer", *["Island"] * 8)
    s.activate(0, "Test Colossus Hammer", targets=["Test Sky Scout"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert not flies(s, "Test Sky Scout")
    assert sizes(s, "Test Sky Scout") == [(11, 12)]


@pytest.mark.rules("613.1f", "604.2", "301.5a")
def test_the_runes_grant_reaches_only_the_creature_the_hammer_equips() -> None:
    # An unattached Hammer with the Rune gives nobody flying; the Scout keeps its own.
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Test Sky Scout", "Test Colossus Hammer", "Island")
    s.add(0, "battlefield", "Island")
    s.add(0, "hand", "Test Rune of Flight")
    s.cast(0, "Test Rune of Flight", targets=["Test Colossus Hammer"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    game = s.game
    assert game is not None
    hammer = game.characteristics(s.permanent("Test Colossus Hammer"))
    assert any(a.text == EQUIPPED_FLIES for a in hammer.abilities)
    assert not flies(s, "Grizzly Bears")
    assert flies(s, "Test Sky Scout")


# --- an Aura that gives an anthem ---------------------------------------------------------


def crowned(*extra: str) -> Scenario:
    """Player 0's Grizzly Bears wears Test Crown of Command; player 0 also has Runeclaw
    Bear, player 1 Craw Wurm."""
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains", "Plains")
    s.add(0, "hand", "Test Crown of Command")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Test Crown of Command", targets=["Grizzly Bears"])
    return s


@pytest.mark.rules("613.1f", "611.3a", "604.1", "109.5")
def test_an_aura_gives_its_creature_an_anthem_for_its_controllers_other_creatures() -> None:
    s = crowned().run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear", "Craw Wurm") == [(2, 2), (3, 3), (6, 4)]


@pytest.mark.rules("613.1f", "613.1b", "109.5", "611.3a")
def test_the_granted_anthem_follows_the_creature_to_its_new_controller() -> None:
    # "You" is the controller of the creature that has the ability, not of the Aura.
    s = crowned()
    s.add(1, "battlefield", "Island", "Island", "Island", "Island", "Island")
    s.add(1, "hand", "Mind Control")
    s.cast(1, "Mind Control", targets=["Grizzly Bears"], turn=2)
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    bears = s.permanent("Grizzly Bears")
    assert bears.controller == 1
    assert s.permanent("Test Crown of Command").controller == 0
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear", "Craw Wurm") == [(2, 2), (2, 2), (7, 5)]
    changed = s.events("control_changed")
    assert [(e["object"], e["player"], e["rule"]) for e in changed] == [(bears.id, 1, "613.1b")]


@pytest.mark.rules("613.1f", "604.2", "611.3b")
def test_the_granted_anthem_ends_when_the_aura_leaves() -> None:
    s = crowned()
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.cast(1, "Naturalize", targets=["Test Crown of Command"], turn=2)
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    assert s.graveyard(0) == ["Test Crown of Command"]
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear", "Craw Wurm") == [(2, 2), (2, 2), (6, 4)]


@pytest.mark.rules("613.1f", "613.7", "613.4b", "613.6")
def test_humility_later_removes_the_granted_anthem_before_it_applies() -> None:
    s = crowned()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains")
    s.add(0, "hand", "Humility")
    s.cast(0, "Humility", stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear", "Craw Wurm") == [(1, 1)] * 3


@pytest.mark.rules("613.1f", "613.7", "613.4b", "613.4c")
def test_humility_earlier_the_anthem_is_granted_after_it_and_applies() -> None:
    # Layer 6: Humility removes the creatures' abilities, then the later Aura gives the
    # Bears the anthem. Layer 7b sets 1/1; the anthem adds +1/+1 in 7c.
    s = scenario()
    s.add(0, "battlefield", "Humility")
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains", "Plains")
    s.add(0, "hand", "Test Crown of Command")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Test Crown of Command", targets=["Grizzly Bears"])
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear", "Craw Wurm") == [(1, 1), (2, 2), (1, 1)]


# --- a resolving spell and an emblem ---------------------------------------------------------


@pytest.mark.rules("613.1f", "611.2c", "613.7a", "514.2")
def test_a_spell_grants_an_anthem_until_end_of_turn() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains")
    s.add(0, "hand", "Test Rallying Word")
    s.cast(0, "Test Rallying Word", targets=["Grizzly Bears"])
    s.run(until=(1, Step.END))
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear") == [(2, 2), (3, 3)]
    (created,) = s.events("effect_created")
    assert (created["rule"], created["layer"], created["duration"]) == (
        "611.2",
        "613.1f",
        "end_of_turn",
    )
    assert created["affected"] == [s.permanent("Grizzly Bears").id]
    s2 = scenario()
    s2.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Plains")
    s2.add(0, "hand", "Test Rallying Word")
    s2.cast(0, "Test Rallying Word", targets=["Grizzly Bears"])
    s2.run(until=(2, Step.UPKEEP))
    assert sizes(s2, "Grizzly Bears", "Runeclaw Bear") == [(2, 2), (2, 2)]


@pytest.mark.rules("114.4", "613.1f", "611.3a", "604.1")
def test_an_emblem_gives_bears_an_anthem_each_pumps_the_other() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Runeclaw Bear", "Llanowar Elves", "Forest")
    s.add(0, "hand", "Test Ursine Pact")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Test Ursine Pact")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    # Each Bear gets +1/+1 from the other; the Elves get +1/+1 from each.
    assert sizes(s, "Grizzly Bears", "Runeclaw Bear", "Llanowar Elves", "Craw Wurm") == [
        (3, 3),
        (3, 3),
        (3, 3),
        (6, 4),
    ]
    assert [e["rule"] for e in s.events("emblem_created")] == ["114.1"]


# --- a granted ability that grants or removes abilities in layer 6 ----------------------------


def circlet_and_whip(*, circlet_first: bool) -> Scenario:
    """Test Humbling Circlet on Craw Wurm and Test Fire Whip on Grizzly Bears, in that
    order or the other."""
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm", "Mountain", "Mountain", "Plains")
    s.add(0, "hand", "Test Fire Whip", "Test Humbling Circlet")
    order = [("Test Humbling Circlet", "Craw Wurm"), ("Test Fire Whip", "Grizzly Bears")]
    for aura, creature in order if circlet_first else order[::-1]:
        s.cast(0, aura, targets=[creature], stack_empty=True)
    s.activate(0, "Grizzly Bears", text="deals 1 damage", targets=["P2"], stack_empty=True)
    return s


@pytest.mark.rules("613.1f", "613.7a", "613.6", "613.4b")
def test_a_granted_humility_then_a_later_grant_the_later_grant_stays() -> None:
    # Layer 6: the Circlet gives the Wurm the Humility ability, whose effect then removes
    # every creature's abilities (its own included: it goes on applying, 613.6); the
    # later Whip gives the Bears its ability after that.
    s = circlet_and_whip(circlet_first=True).run()
    assert s.life(1) == 19
    assert sizes(s, "Grizzly Bears", "Craw Wurm") == [(1, 1), (1, 1)]
    game = s.game
    assert game is not None
    assert game.characteristics(s.permanent("Craw Wurm")).abilities == ()


@pytest.mark.rules("613.7a", "613.4b", "613.7b")
@pytest.mark.parametrize(("circlet_last", "bears"), [(True, (1, 1)), (False, (0, 1))])
def test_a_granted_effect_in_a_later_layer_has_the_granting_effects_timestamp(
    circlet_last: bool, bears: tuple[int, int]
) -> None:
    # The Wurm's timestamp is older than Test Wilt's "becomes 0/1" (7b). The granted
    # Humility's 1/1 (7b) has the Circlet's timestamp where that is later: after the
    # Wilt's effect when the Circlet comes last, before it otherwise.
    s = scenario()
    s.add(0, "battlefield", "Craw Wurm", "Grizzly Bears", "Island", "Plains")
    s.add(0, "hand", "Test Wilt", "Test Humbling Circlet")
    spells = [("Test Wilt", "Grizzly Bears"), ("Test Humbling Circlet", "Craw Wurm")]
    for spell, target in spells if circlet_last else spells[::-1]:
        s.cast(0, spell, targets=[target], stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert sizes(s, "Grizzly Bears", "Craw Wurm") == [bears, (1, 1)]
    (wilt,) = s.events("effect_created")
    assert (wilt["layer"], wilt["rule"]) == ("613.4b", "611.2")


@pytest.mark.rules("613.1f", "613.7a", "613.7")
def test_a_later_granted_humility_removes_the_earlier_granted_ability() -> None:
    s = circlet_and_whip(circlet_first=False)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("613.1f", "613.6", "613.8a", "613.8b")
def test_a_granted_ability_removing_its_own_grant_does_not_ungrant_itself() -> None:
    # The Elder's ability gives Humans the Humility ability; that ability exists only once
    # the grant has applied, so it applies after it and removes the Elder's ability too,
    # but the grant has begun and goes on (613.6): a stable result, every creature 1/1
    # with no abilities.
    s = scenario()
    s.add(0, "battlefield", "Test Humble Elder", "Llanowar Elves", "Test Sky Scout")
    s.add(1, "battlefield", "Craw Wurm")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    sized = sizes(s, "Test Humble Elder", "Llanowar Elves", "Test Sky Scout", "Craw Wurm")
    assert sized == [(1, 1)] * 4
    game = s.game
    assert game is not None
    assert all(game.characteristics(p).abilities == () for p in game.battlefield)
    assert s.decisions.priority(0)[-1].activations == []  # the Elves' mana ability is gone


# --- replacement effects of granted abilities, and what is not implemented ----------------------


@pytest.mark.rules("613.1f", "614.1a", "604.2")
def test_a_granted_replacement_ability_works_from_the_creature() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Swamp")
    s.add(0, "hand", "Test Void Mantle")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Test Void Mantle", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["P1"], turn=2)
    s.run(until=(2, Step.END))
    # The Bolt, an opponent's card, is exiled instead of going to the graveyard (608.2n).
    assert s.life(0) == 17
    assert s.graveyard(1) == []
    assert [c.name for c in s.game.exile] == ["Lightning Bolt"]
    # The replacement effect comes from the Bears, and its controller is theirs.
    (replaced,) = s.events("event_replaced")
    assert (replaced["rule"], replaced["source"], replaced["player"]) == (
        "614.1a",
        s.permanent("Grizzly Bears").id,
        0,
    )
    assert first(s, "object_moved", to_zone="exile")["rule"] == "614.1a"


@pytest.mark.rules("613.1f")
def test_a_granted_ability_with_an_effect_before_layer_6_is_not_implemented() -> None:
    s = scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Swamp")
    s.add(0, "hand", "Test Gloom Banner")
    s.cast(0, "Test Gloom Banner", targets=["Grizzly Bears"])
    with pytest.raises(RuleNotImplementedError, match=r"613\.1f"):
        s.run()


@pytest.mark.rules("614.12")
def test_granting_an_ability_that_applies_as_a_permanent_enters_is_not_implemented() -> None:
    with pytest.raises(RuleNotImplementedError, match=r"614\.12"):
        EnchantedHas(EntersWithCounters("+1/+1", 1, text="It enters with a +1/+1 counter."))

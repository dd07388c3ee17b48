"""The "Example:" paragraphs of CR 603 and 613-616 that the implemented cards can express,
played out. Each test quotes its example's situation in a comment.

Test-only cards (``tests/_cards.py``) stand in where an example names a card of a set not
defined yet; they are written in the card language like any other card.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

import manaweave
from manaweave import DecisionKind, Step
from manaweave.cards import (
    AsEntersExileFromGraveyard,
    CardSet,
    CreaturesAreColor,
    DrawCards,
    Printed,
    RevealFirstDrawEachTurn,
    TriggeredAbility,
    WheneverRevealedThisWay,
    card,
)
from manaweave.testing import Scenario


def scenario(**kwargs: object) -> Scenario:
    return Scenario(plugins=[TestCards()], **kwargs)  # type: ignore[arg-type]


def pt(s: Scenario, name: str) -> tuple[int | None, int | None]:
    return (s.power(name), s.toughness(name))


# --- 603 ---------------------------------------------------------------------------------------


@pytest.mark.rules("603.2c", "701.8a")
def test_603_2c_one_event_with_several_occurrences_triggers_once_for_each() -> None:
    # "Whenever a land is put into a graveyard from the battlefield" and a spell that
    # destroys all lands: the ability triggers once for each land.
    s = scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Forest", "Test Landfall Watcher")
    s.add(1, "battlefield", "Island", "Mountain")
    s.add(0, "hand", "Test Armageddon")
    s.cast(0, "Test Armageddon")
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Test Landfall Watcher"] * 5)
    s.run()
    assert s.battlefield() == ["Test Landfall Watcher"]
    assert len(s.events("ability_triggered")) == 5
    assert s.life(0) == 25


@pytest.mark.rules("603.4", "104.2b")
@pytest.mark.parametrize(("life", "wins"), [(40, True), (39, False)])
def test_603_4_an_intervening_if_is_checked_as_the_trigger_event_happens(
    life: int, wins: bool
) -> None:
    # Felidar Sovereign: "At the beginning of your upkeep, if you have 40 or more life,
    # you win the game." With 39 life the ability doesn't trigger at all.
    s = scenario(turn=3, step=Step.UPKEEP)
    s.add(0, "battlefield", "Test Sovereign")
    s.life(0, life)
    s.run(until=(3, Step.DRAW))
    assert bool(s.events("ability_triggered")) is wins
    assert (s.outcome is not None and s.outcome.winners == (0,)) is wins


@pytest.mark.rules("603.4")
def test_603_4_the_condition_is_checked_again_as_the_ability_resolves() -> None:
    # "If that player has 40 or more life, the ability triggers and goes on the stack. As
    # the ability resolves, that player's life total is checked again." The opponent Shocks
    # the Sovereign's controller in response, to 38: nothing happens.
    s = scenario(turn=3, step=Step.UPKEEP)
    s.add(0, "battlefield", "Test Sovereign")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.life(0, 40)
    s.cast(1, "Shock", targets=["P1"])
    s.run(until=(3, Step.DRAW))
    assert s.outcome is None
    assert [e["rule"] for e in s.events("ability_removed")] == ["603.4"]


@pytest.mark.rules("603.10a", "701.8a")
def test_603_10a_an_artifact_destroyed_with_two_creatures_sees_them_die() -> None:
    # "Two creatures are on the battlefield along with an artifact that has the ability
    # 'Whenever a creature dies, you gain 1 life.' Someone casts a spell that destroys all
    # artifacts, creatures, and enchantments. The artifact's ability triggers twice, even
    # though the artifact goes to its owner's graveyard at the same time as the creatures."
    s = scenario()
    s.add(0, "battlefield", "Plains", "Test Relic", "Grizzly Bears")
    s.add(1, "battlefield", "Runeclaw Bear")
    s.add(0, "hand", "Test Purge")
    s.cast(0, "Test Purge")
    s.choose(0, DecisionKind.TRIGGER_ORDER, "Test Relic", "Test Relic")
    s.run()
    assert len(s.events("ability_triggered")) == 2
    assert s.life(0) == 22


@pytest.mark.rules("603.2e", "614.1d")
def test_603_2e_becomes_tapped_triggers_only_for_a_permanent_already_on_the_battlefield() -> None:
    # "An ability that triggers when a permanent 'becomes tapped' triggers only when the
    # status of a permanent that's already on the battlefield changes from untapped to
    # tapped." A creature entering tapped doesn't trigger Gideon's Avenger; one attacking
    # does.
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Gideon's Avenger")
    s.add(1, "battlefield", "Forest", "Forest", "Grizzly Bears")
    s.add(1, "hand", "Test Sluggard")
    s.cast(1, "Test Sluggard")
    s.attack(1, "Grizzly Bears")
    s.block(0, "Gideon's Avenger", "Grizzly Bears")
    s.run(until=(2, Step.DECLARE_BLOCKERS))
    assert s.permanent("Test Sluggard").tapped
    assert len(s.events("ability_triggered")) == 1
    assert s.permanent("Gideon's Avenger").counters == {"+1/+1": 1}


@pytest.mark.rules("603.2g", "615.1")
def test_603_2g_a_damage_trigger_does_not_trigger_if_all_the_damage_is_prevented() -> None:
    # "An ability that triggers on damage being dealt won't trigger if all the damage is
    # prevented." Scroll Thief attacks into a Fog.
    s = scenario()
    s.add(0, "battlefield", "Scroll Thief")
    s.add(1, "battlefield", "Forest")
    s.add(1, "hand", "Fog")
    s.attack(0, "Scroll Thief")
    s.cast(1, "Fog", step=Step.DECLARE_ATTACKERS)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.events("damage_prevented")
    assert not s.events("ability_triggered")


@pytest.mark.rules("603.6b", "613.1d", "613.1f")
def test_603_6b_what_enters_as_a_creature_and_what_enters_without_its_abilities() -> None:
    # "If an effect reads 'All lands are creatures' and a land card is played, the effect
    # makes the land card into a creature the moment it enters ... so it would trigger
    # abilities that trigger when a creature enters." Here Opalescence makes an entering
    # enchantment a creature, and Soul Warden sees a creature enter. "Conversely, if an
    # effect reads 'All creatures lose all abilities' and a creature card with an
    # enters-the-battlefield triggered ability enters, that effect will cause it to enter
    # without the ability, so it won't trigger."
    s = scenario()
    s.add(0, "battlefield", "Opalescence", "Soul Warden", *["Swamp"] * 3)
    s.add(0, "hand", "Underworld Dreams")
    s.cast(0, "Underworld Dreams")
    s.run()
    assert s.life(0) == 21

    humbled = scenario()
    humbled.add(0, "battlefield", "Humility", *["Plains"] * 4)
    humbled.add(1, "battlefield", "Grizzly Bears")
    humbled.add(0, "hand", "Stonehorn Dignitary")
    humbled.cast(0, "Stonehorn Dignitary")
    humbled.run()
    assert not humbled.events("ability_triggered")


@pytest.mark.rules("603.12", "701.21a", "608.2h")
def test_603_12_a_reflexive_trigger_triggers_only_when_you_do() -> None:
    # "Heart-Piercer Manticore ... 'When this creature enters, you may sacrifice another
    # creature. When you do, this creature deals damage equal to that creature's power to
    # any target.' The reflexive triggered ability triggers only when you sacrifice another
    # creature due to the original triggered ability, and not if you sacrifice a creature
    # for any other reason."
    s = scenario()
    s.add(0, "battlefield", "Craw Wurm", *["Mountain"] * 3)
    s.add(0, "hand", "Test Manticore")
    s.cast(0, "Test Manticore")
    s.choose(0, DecisionKind.SACRIFICE, "Craw Wurm")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.run()
    assert s.life(1) == 14
    reflexive = [e for e in s.events("ability_triggered") if e["rule"] == "603.12"]
    assert len(reflexive) == 1
    # Targets were chosen as the reflexive ability was put on the stack, after the
    # sacrifice (603.3d).
    (target,) = s.decisions.of_kind(DecisionKind.TARGET)
    assert target.stack == 0

    declined = scenario()
    declined.add(0, "battlefield", "Craw Wurm", *["Mountain"] * 3)
    declined.add(0, "hand", "Test Manticore")
    declined.cast(0, "Test Manticore")
    declined.choose(0, DecisionKind.SACRIFICE, "no")
    declined.run()
    assert not [e for e in declined.events("ability_triggered") if e["rule"] == "603.12"]
    assert "Craw Wurm" in declined.battlefield(0)


# --- 613 ---------------------------------------------------------------------------------------


def _turtle(*spells: str) -> Scenario:
    """A 1/3 creature (Goblin Artillery) and the named instants cast on it in order."""
    s = scenario()
    s.add(0, "battlefield", *["Island"] * len(spells), "Goblin Artillery")
    s.add(0, "hand", *spells)
    for i, spell in enumerate(spells):
        s.cast(0, spell, targets=["Goblin Artillery"], stack_empty=i > 0)
    return s.run()


@pytest.mark.rules("613.4d", "613.4c")
def test_613_4d_a_modification_after_a_switch_applies_before_it() -> None:
    # "A 1/3 creature is given +0/+1 by an effect. Then another effect switches the
    # creature's power and toughness. Its new power and toughness is 4/1. A new effect
    # gives the creature +5/+0. Its 'unswitched' power and toughness would be 6/4, so its
    # actual power and toughness is 4/6."
    assert pt(_turtle("Test Brace", "Test Twist"), "Goblin Artillery") == (4, 1)
    assert pt(_turtle("Test Brace", "Test Twist", "Test Heave"), "Goblin Artillery") == (4, 6)


@pytest.mark.rules("613.4d")
def test_613_4d_two_switches_cancel_each_other() -> None:
    # "Then another effect switches its power and toughness again. The two switches
    # essentially cancel each other, and the creature becomes 1/4."
    s = _turtle("Test Brace", "Test Twist", "Test Twist")
    assert pt(s, "Goblin Artillery") == (1, 4)


@pytest.mark.rules("613.5", "613.1e", "613.4c")
def test_613_5_honor_of_the_pure_follows_colour_changes() -> None:
    # "Honor of the Pure and a 2/2 black creature ... If an effect then turns the creature
    # white (layer 5), it gets +1/+1 ... becoming 3/3. If the creature's color is later
    # changed to red (layer 5), Honor of the Pure's effect stops applying to it, and it
    # will return to being 2/2."
    s = scenario()
    s.add(0, "battlefield", "Island", "Island", "Honor of the Pure", "Test Zombie")
    s.add(0, "hand", "Test Bleach", "Test Redden")
    s.cast(0, "Test Bleach", targets=["Test Zombie"])
    s.run()
    assert pt(s, "Test Zombie") == (3, 3)

    s = scenario()
    s.add(0, "battlefield", "Island", "Island", "Honor of the Pure", "Test Zombie")
    s.add(0, "hand", "Test Bleach", "Test Redden")
    s.cast(0, "Test Bleach", targets=["Test Zombie"])
    s.cast(0, "Test Redden", targets=["Test Zombie"], stack_empty=True)
    s.run()
    assert pt(s, "Test Zombie") == (2, 2)


def _ogre(*spells: str) -> Scenario:
    """Gray Ogre (here Grizzly Bears, 2/2) and the named spells, each after the last."""
    s = scenario()
    s.add(0, "battlefield", "Island", "Island", "Island", "Plains", "Grizzly Bears")
    s.add(0, "hand", *spells)
    for i, spell in enumerate(spells):
        targets = [] if spell == "Test Bulwark" else ["Grizzly Bears"]
        s.cast(0, spell, targets=targets, stack_empty=i > 0)
    return s.run(until=(1, Step.BEGINNING_OF_COMBAT))


@pytest.mark.rules("613.5", "613.4b", "613.4c", "613.7")
def test_613_5_gray_ogre() -> None:
    # "Gray Ogre, a 2/2 creature ... An effect puts a +1/+1 counter on it (layer 7c),
    # making it 3/3. A spell ... 'Target creature gets +4/+4 until end of turn' ...
    # making it 7/7. An enchantment that says 'Creatures you control get +0/+2' enters ...
    # making it 7/9. An effect that says 'Target creature becomes 0/1 until end of turn'
    # is applied to it (layer 7b), making it 5/8."
    steps = ["Test Blessing", "Test Might", "Test Bulwark", "Test Wilt"]
    expected = [(3, 3), (7, 7), (7, 9), (5, 8)]
    for count, size in enumerate(expected, start=1):
        assert pt(_ogre(*steps[:count]), "Grizzly Bears") == size


@pytest.mark.rules("613.9", "613.1e", "611.3a")
def test_613_9_white_creatures_get_a_bonus_whatever_their_previous_colour() -> None:
    # "One effect reads, 'White creatures get +1/+1,' and another reads, 'Enchanted
    # creature is white.' The enchanted creature gets +1/+1 from the first effect,
    # regardless of its previous color."
    s = scenario()
    s.add(0, "battlefield", "Plains", "Honor of the Pure", "Test Zombie")
    s.add(0, "hand", "Test Whitewash")
    s.cast(0, "Test Whitewash", targets=["Test Zombie"])
    s.run()
    assert pt(s, "Test Zombie") == (3, 3)


# --- 614-616 -----------------------------------------------------------------------------------


@pytest.mark.rules("614.4", "701.19a")
def test_614_4_regenerate_in_response_but_not_after() -> None:
    # "A player can activate an ability to regenerate a creature in response to a spell
    # that would destroy it. Once the spell resolves, though, it's too late."
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Cudgel Troll", "Forest")
    s.add(1, "battlefield", "Swamp", "Swamp")
    s.add(1, "hand", "Doom Blade")
    s.cast(1, "Doom Blade", targets=["Cudgel Troll"])
    s.activate(0, "Cudgel Troll", when=lambda g: len(g.stack) == 1)
    s.run()
    assert "Cudgel Troll" in s.battlefield(0)

    late = scenario(turn=2, active=1)
    late.add(0, "battlefield", "Cudgel Troll", "Forest")
    late.add(1, "battlefield", "Swamp", "Swamp")
    late.add(1, "hand", "Doom Blade")
    late.cast(1, "Doom Blade", targets=["Cudgel Troll"])
    late.run()
    assert "Cudgel Troll" in late.graveyard(0)
    # Once the Doom Blade has resolved, there is no Troll left to regenerate.
    resolved = first(late, "resolution_started")["seq"]
    assert all(
        name != "Cudgel Troll"
        for asked in late.decisions.after(resolved)
        for name, _ in asked.activations
    )


@pytest.mark.rules("615.4", "615.7")
def test_615_4_prevent_in_response_but_not_after() -> None:
    # "A player can activate an ability that prevents damage in response to a spell that
    # would deal damage. Once the spell resolves, though, it's too late."
    s = scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Grizzly Bears")
    s.add(0, "hand", "Bandage")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.library(0, ["Island"] * 3)
    s.cast(1, "Shock", targets=["Grizzly Bears"])
    s.cast(0, "Bandage", targets=["Grizzly Bears"], when=lambda g: len(g.stack) == 1)
    s.run()
    assert s.permanent("Grizzly Bears").damage == 1


@pytest.mark.cards("Pyroclasm")
@pytest.mark.rules("615.10", "615.6")
def test_615_10_daunting_defender_and_pyroclasm() -> None:
    # "Daunting Defender says 'If a source would deal damage to a Cleric creature you
    # control, prevent 1 of that damage.' Pyroclasm says 'Pyroclasm deals 2 damage to each
    # creature.' Pyroclasm will deal 1 damage to each Cleric creature controlled by Daunting
    # Defender's controller. It will deal 2 damage to each other creature."
    s = scenario()
    s.add(0, "battlefield", "Test Daunting Defender", "Soul Warden", "Grizzly Bears")
    s.add(1, "battlefield", "Test Apothecary", "Mountain", "Mountain")
    s.add(1, "hand", "Pyroclasm")
    s.cast(1, "Pyroclasm", turn=2)
    s.run(until=(2, Step.BEGINNING_OF_COMBAT))
    dealt = {(d["to_name"], d["amount"]) for d in s.events("damage_dealt")}
    assert dealt == {
        ("Test Daunting Defender", 1),
        ("Soul Warden", 1),
        ("Grizzly Bears", 2),
        ("Test Apothecary", 2),
    }
    assert sorted(s.graveyard(0)) == ["Grizzly Bears", "Soul Warden"]  # 1 is lethal to a 1/1
    assert [e["rule"] for e in s.events("damage_prevented")] == ["615.10", "615.10"]


@pytest.mark.rules("615.11", "611.2c", "615.7")
def test_615_11_shields_for_each_creature_sharing_a_colour_as_it_resolves() -> None:
    # "Wojek Apothecary ... '{T}: Prevent the next 1 damage that would be dealt to target
    # creature and each other creature that shares a color with it this turn.' When the
    # ability resolves, it gives the target creature and each other creature on the
    # battlefield that shares a color with it at that time a shield ... Changing creatures'
    # colors after the ability resolves doesn't add or remove shields, and creatures that
    # enter the battlefield later in the turn don't get them."
    s = scenario()
    s.add(0, "battlefield", "Test Apothecary", "Grizzly Bears", "Llanowar Elves")
    s.add(0, "battlefield", "Soul Warden", *["Forest"] * 2, "Mountain", "Mountain")
    s.add(0, "hand", "Pyroclasm", "Grizzly Bears")
    s.activate(0, "Test Apothecary", targets=["Llanowar Elves"])
    s.cast(0, "Grizzly Bears", stack_empty=True)
    s.cast(0, "Pyroclasm", stack_empty=True)
    s.run()
    dealt = {(d["to_name"], d["amount"]) for d in s.events("damage_dealt")}
    # The green Elves and the first Bears had shields; the white Cleric and Warden didn't;
    # the Bears cast afterwards got none.
    assert ("Llanowar Elves", 1) in dealt
    assert sorted(a for n, a in dealt if n == "Grizzly Bears") == [1, 2]
    assert ("Soul Warden", 2) in dealt
    assert len(s.events("damage_prevented")) == 2


@pytest.mark.rules("616.2", "614.1a", "614.11")
def test_616_2_replacements_of_the_replacing_event_combine() -> None:
    # "One effect reads 'If you would gain life, draw that many cards instead,' and another
    # reads 'If you would draw a card, return a card from your graveyard to your hand
    # instead.' Both effects combine (regardless of the order they came into existence):
    # Instead of gaining 1 life, the player puts a card from their graveyard into their
    # hand." Soul Warden's 1 life becomes a draw, which becomes a return.
    for order in (
        ("Test Lore of Life", "Test Recollection"),
        ("Test Recollection", "Test Lore of Life"),
    ):
        s = scenario()
        s.add(0, "battlefield", *order, "Soul Warden", "Forest", "Forest")
        s.add(0, "graveyard", "Craw Wurm")
        s.add(0, "hand", "Grizzly Bears")
        s.library(0, ["Island", "Plains"])
        s.cast(0, "Grizzly Bears")
        s.choose(0, DecisionKind.CARD, "Craw Wurm")
        s.run()
        assert s.life(0) == 20
        assert s.hand(0) == ["Craw Wurm"]
        assert s.library_size(0) == 2


@pytest.mark.rules("613.6", "611.2c", "613.1d", "613.4b")
def test_613_6_all_noncreature_artifacts_become_2_2_artifact_creatures() -> None:
    # "An effect that reads 'All noncreature artifacts become 2/2 artifact creatures until
    # end of turn' is both a type-changing effect and a power- and toughness-setting
    # effect. The type-changing effect is applied to all noncreature artifacts in layer 4
    # and the power- and toughness-setting effect is applied to those same permanents in
    # layer 7b, even though those permanents aren't noncreature artifacts by then."
    s = scenario()
    s.add(0, "battlefield", "Howling Mine", "Gearsmith Guardian", *["Island"] * 5)
    s.add(0, "hand", "Test March of Metal", "Howling Mine")
    s.cast(0, "Test March of Metal")
    s.cast(0, "Howling Mine", stack_empty=True)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    first_mine, later_mine = s.permanents("Howling Mine")
    game = s.game
    assert game.characteristics(first_mine).types == ("Artifact", "Creature")
    assert pt(s, "Gearsmith Guardian") == (3, 5)  # already a creature: not affected
    assert (game.characteristics(first_mine).power, game.characteristics(first_mine).toughness) == (
        2,
        2,
    )
    # An artifact that arrives afterwards isn't affected (611.2c).
    assert game.characteristics(later_mine).types == ("Artifact",)


@pytest.mark.rules("603.7a", "603.7b", "603.10a")
def test_603_7a_a_delayed_leaves_trigger_for_a_creature_already_gone_never_triggers() -> None:
    # "Part of an effect reads 'When this creature leaves the battlefield,' but the
    # creature in question leaves the battlefield before the spell or ability creating the
    # effect resolves. In this case, the delayed ability never triggers."
    gone = scenario()
    gone.add(0, "battlefield", "Grizzly Bears", "Plains", "Plains", "Mountain")
    gone.add(0, "hand", "Test Last Rites", "Lightning Bolt")
    gone.cast(0, "Test Last Rites", targets=["Grizzly Bears"])
    gone.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])  # in response
    gone.run()
    assert gone.life(0) == 20
    assert not gone.events("delayed_trigger_created")

    # While the creature is still there, the delayed ability triggers once when it leaves.
    there = scenario()
    there.add(0, "battlefield", "Grizzly Bears", "Plains", "Plains", "Mountain")
    there.add(0, "hand", "Test Last Rites", "Lightning Bolt")
    there.cast(0, "Test Last Rites", targets=["Grizzly Bears"])
    there.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], stack_empty=True)
    there.run()
    assert there.graveyard(0)[-1] == "Grizzly Bears"
    assert there.life(0) == 23


# --- 614.13 ------------------------------------------------------------------------------------

_HULK_TEXT = (
    "As this creature enters, you may exile any number of creature cards from your "
    "graveyard. It enters with a +1/+1 counter on it for each card exiled this way."
)
GRAVEBORN_HULK = card(
    "Test Graveborn Hulk",
    printed=Printed("{4}{B}", "Creature — Zombie", _HULK_TEXT, pt=(1, 1)),
    abilities=(AsEntersExileFromGraveyard(text=_HULK_TEXT),),
)


class EnteringCards:
    """A creature that exiles cards from its controller's graveyard as it enters."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSN", "Test entering cards", (GRAVEBORN_HULK,))]


@pytest.mark.rules("614.1c", "614.13a")
def test_614_13a_cards_exiled_as_it_enters_and_the_counters_it_enters_with() -> None:
    s = Scenario(plugins=[EnteringCards()])
    s.add(0, "battlefield", *["Swamp"] * 5)
    s.add(0, "graveyard", "Grizzly Bears", "Craw Wurm", "Lightning Bolt")
    s.add(0, "hand", "Test Graveborn Hulk")
    s.cast(0, "Test Graveborn Hulk")
    s.choose(0, DecisionKind.CARD, "Grizzly Bears", "Craw Wurm")
    s.run()
    (asked,) = s.decisions.of_kind(DecisionKind.CARD)
    assert [str(o).split(" #")[0] for o in asked.options] == ["Grizzly Bears", "Craw Wurm"]
    assert s.graveyard(0) == ["Lightning Bolt"]
    assert s.permanent("Test Graveborn Hulk").counters == {"+1/+1": 2}
    assert [e["rule"] for e in s.events("object_moved") if e["to_zone"] == "exile"] == [
        "614.13a",
        "614.13a",
    ]
    assert s.events("state_based_actions_performed") == []  # never a 1/1 without them


@pytest.mark.rules("614.13a", "603.6a")
def test_614_13a_a_card_entering_at_the_same_time_cant_be_exiled() -> None:
    # "If Sutured Ghoul and Runeclaw Bear enter the battlefield from your graveyard at the
    # same time, you can't choose to exile either of them": Liliana Vess's [−8] returns the
    # Hulk and Grizzly Bears (and the opponent's Craw Wurm) together, so there is nothing
    # the Hulk may exile and it enters as a 1/1.
    s = Scenario(plugins=[EnteringCards()])
    s.add(0, "battlefield", "Liliana Vess", loyalty=8)
    s.add(0, "graveyard", "Test Graveborn Hulk", "Grizzly Bears")
    s.add(1, "graveyard", "Craw Wurm")
    s.activate(0, "Liliana Vess", text="[−8]")
    s.run()
    assert sorted(s.battlefield(0)) == ["Craw Wurm", "Grizzly Bears", "Test Graveborn Hulk"]
    assert s.permanent("Test Graveborn Hulk").counters == {}
    assert s.decisions.of_kind(DecisionKind.CARD) == []


# --- 603.11 ------------------------------------------------------------------------------------

_ETCHINGS_TEXT = (
    "Reveal the first card you draw each turn. Whenever you reveal a basic land card this "
    "way, draw a card."
)
LAND_ETCHINGS = card(
    "Test Land Etchings",
    printed=Printed("{2}{G}{G}", "Enchantment", _ETCHINGS_TEXT),
    abilities=(
        RevealFirstDrawEachTurn(text="Reveal the first card you draw each turn."),
        TriggeredAbility(
            WheneverRevealedThisWay(supertypes=("Basic",)),
            (DrawCards(1),),
            text="Whenever you reveal a basic land card this way, draw a card.",
        ),
    ),
)


class LinkedCards:
    """The 603.11 example's enchantment: a static ability linked to a triggered one."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSL", "Test linked cards", (LAND_ETCHINGS,))]


@pytest.mark.rules("603.11", "607.2", "701.20a", "121.1")
@pytest.mark.parametrize(("top", "draws"), [("Forest", 2), ("Grizzly Bears", 1)])
def test_603_11_a_static_ability_linked_to_a_triggered_ability(top: str, draws: int) -> None:
    # "Reveal the first card you draw each turn. Whenever you reveal a basic land card this
    # way, draw a card." The card drawn by the trigger is not the first this turn, so it
    # is not revealed even though it is a basic land too.
    s = Scenario(plugins=[LinkedCards()], turn=3, step=Step.UPKEEP)
    s.add(0, "battlefield", "Test Land Etchings")
    s.library(0, ["Island", "Plains", top])  # the last is the top
    s.run(until=(3, Step.PRECOMBAT_MAIN))
    assert sorted(s.hand(0)) == sorted([top, "Plains"][:draws])
    revealed = s.events("cards_revealed")
    assert [(e["cards"], e["rule"]) for e in revealed] == [([top], "701.20a")]
    assert len(s.events("ability_triggered")) == draws - 1


@pytest.mark.rules("603.11", "607.2")
def test_603_11_only_the_first_draw_each_turn_is_revealed() -> None:
    # A card drawn later in the turn (a spell's draw) is not the first: no reveal, no draw.
    s = Scenario(plugins=[LinkedCards()], turn=3, step=Step.UPKEEP)
    s.add(0, "battlefield", "Test Land Etchings", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.library(0, ["Forest", "Forest", "Grizzly Bears"])
    s.cast(0, "Divination", turn=3, step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.BEGINNING_OF_COMBAT))
    assert sorted(s.hand(0)) == ["Forest", "Forest", "Grizzly Bears"]
    assert [e["cards"] for e in s.events("cards_revealed")] == [["Grizzly Bears"]]
    assert s.events("ability_triggered") == []


# --- 613.7m ------------------------------------------------------------------------------------

HERALDS = (
    card(
        "Test Ebony Herald",
        printed=Printed("{2}{B}", "Creature — Spirit", "Creatures are black.", pt=(2, 2)),
        abilities=(CreaturesAreColor("B", text="Creatures are black."),),
    ),
    card(
        "Test Ivory Herald",
        printed=Printed("{2}{W}", "Creature — Spirit", "Creatures are white.", pt=(2, 2)),
        abilities=(CreaturesAreColor("W", text="Creatures are white."),),
    ),
)


class HeraldCards:
    """Two creatures whose effects conflict, so their relative timestamps decide."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TSH", "Test herald cards", HERALDS)]


def heralds_return_together(earliest: str) -> Scenario:
    """Liliana Vess's [−8] returns both Heralds at once; the active player orders their
    timestamps, ``earliest`` first."""
    s = Scenario(plugins=[HeraldCards()])
    s.add(0, "battlefield", "Liliana Vess", loyalty=8)
    s.add(0, "graveyard", "Test Ebony Herald")
    s.add(1, "graveyard", "Test Ivory Herald")
    s.activate(0, "Liliana Vess", text="[−8]")
    later = "Test Ivory Herald" if earliest == "Test Ebony Herald" else "Test Ebony Herald"
    s.choose(0, DecisionKind.TIMESTAMP_ORDER, earliest, later)
    return s.run()


@pytest.mark.rules("613.7m", "613.7", "613.1e", "603.6a")
@pytest.mark.parametrize(
    ("earliest", "color"), [("Test Ebony Herald", ("W",)), ("Test Ivory Herald", ("B",))]
)
def test_613_7m_the_active_player_orders_timestamps_of_permanents_entering_together(
    earliest: str, color: tuple[str, ...]
) -> None:
    # The later timestamp's "Creatures are ..." applies last and wins (613.7).
    s = heralds_return_together(earliest)
    for name in ("Test Ebony Herald", "Test Ivory Herald"):
        assert s.game.characteristics(s.permanent(name)).colors == color
    (asked,) = s.decisions.of_kind(DecisionKind.TIMESTAMP_ORDER)
    assert asked.player == 0
    (ordered,) = s.events("timestamps_ordered")
    assert ordered["rule"] == "613.7m"
    assert ordered["objects"] == [
        s.permanent(earliest).id,
        s.permanent(
            "Test Ivory Herald" if earliest == "Test Ebony Herald" else "Test Ebony Herald"
        ).id,
    ]
    ebony, ivory = s.permanent("Test Ebony Herald"), s.permanent("Test Ivory Herald")
    assert (ebony.timestamp < ivory.timestamp) is (earliest == "Test Ebony Herald")


@pytest.mark.rules("613.7m")
def test_613_7m_permanents_without_continuous_effects_are_not_ordered() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Liliana Vess", loyalty=8)
    s.add(0, "graveyard", "Grizzly Bears", "Craw Wurm")
    s.activate(0, "Liliana Vess", text="[−8]")
    s.run()
    assert sorted(s.battlefield(0)) == ["Craw Wurm", "Grizzly Bears"]
    assert s.decisions.of_kind(DecisionKind.TIMESTAMP_ORDER) == []
    assert s.events("timestamps_ordered") == []

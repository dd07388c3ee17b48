"""Rules tests for Harm's Way: "The next 2 damage that a source of your choice would deal to
you and/or permanents you control this turn is dealt to any target instead."

A redirection effect (CR 614.9, 614.2) with an amount, counted 1 damage at a time as a
prevention shield counts (615.7): it may redirect part of one damage event and leave the
rest; where the chosen source damages several of its controller's things at the same time
(120.4b), that player chooses which damage it redirects. The target is chosen as the spell
is cast (601.2c), the source as it resolves (609.7a). The redirected damage is still dealt
by the original source (lifelink, deathtouch), and the shield does nothing, and is not used
up, while the new recipient can't be dealt it (614.9, 609.7b).

Cards: Harm's Way, with Lightning Bolt, Pyroclasm, Prodigal Pyromancer, Child of Night,
Deadly Recluse, Goblin Piker, Craw Wurm, Enormous Baloth, Grizzly Bears, Runeclaw Bear,
Centaur Courser, Canyon Minotaur.
"""

from __future__ import annotations

import pytest
from _support import decisions_made, first, sba_rules

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario

pytestmark = pytest.mark.cards("Harm's Way")

HARMS_WAY_TEXT = (
    "The next 2 damage that a source of your choice would deal to you and/or permanents you "
    "control this turn is dealt to any target instead."
)


def _dealt(s: Scenario) -> list[tuple[object, int, bool]]:
    return [
        (d.get("to_player", d.get("to_name")), d["amount"], d["combat"])
        for d in s.events("damage_dealt")
    ]


def _shields(s: Scenario) -> list[int]:
    """What is left of each redirection shield that still exists."""
    from manaweave.cards import RedirectNextDamageFromSource

    assert s.game is not None
    return [
        e.remaining
        for e in s.game.replacement_effects
        if isinstance(e, RedirectNextDamageFromSource)
    ]


def _bolt_answered(target: str) -> Scenario:
    """P2 casts Lightning Bolt at P1, who answers with Harm's Way at ``target`` and
    chooses the Bolt as the source."""
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Centaur Courser")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Mountain", "Goblin Piker")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(0, "Harm's Way", targets=[target], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Lightning Bolt")
    return s.run()


@pytest.mark.rules("614.9", "615.7", "609.7a", "120.3a")
def test_two_of_a_lightning_bolts_three_damage_are_dealt_to_the_target_instead() -> None:
    s = _bolt_answered("P2")
    assert (s.life(0), s.life(1)) == (19, 18)
    bolt = first(s, "spell_cast", card="Lightning Bolt")["object"]
    # One damage event split in two, both dealt by the Bolt.
    assert [(d["source"], d["source_name"]) for d in s.events("damage_dealt")] == [
        (bolt, "Lightning Bolt"),
        (bolt, "Lightning Bolt"),
    ]
    assert _dealt(s) == [(1, 2, False), (0, 1, False)]
    (redirected,) = s.events("event_replaced")
    assert redirected["rule"] == "614.9"
    assert redirected["damage_source"] == bolt
    assert (redirected["target"], redirected["amount"]) == ("player:0", 3)
    assert (redirected["to_target"], redirected["to_amount"], redirected["kept"]) == (
        "player:1",
        2,
        1,
    )
    assert redirected["text"] == HARMS_WAY_TEXT
    assert _shields(s) == []  # used up (615.7)
    (source,) = decisions_made(s, "source")
    assert source["rule"] == "609.7a"
    created = first(s, "effect_created", description=HARMS_WAY_TEXT)
    assert (created["rule"], created["duration"]) == ("614.1", "end_of_turn")


@pytest.mark.rules("614.9", "614.5", "616.1f")
def test_damage_redirected_to_a_permanent_you_control_is_not_redirected_again() -> None:
    # Harm's Way targets P1's own Centaur Courser: 2 of the Bolt's 3 go to it, and the
    # shield gets no second opportunity at that damage, though it is damage the chosen
    # source deals to a permanent P1 controls (614.5).
    s = _bolt_answered("Centaur Courser")
    assert s.life(0) == 19
    assert s.permanent("Centaur Courser").damage == 2
    assert len(s.events("event_replaced")) == 1


@pytest.mark.rules("614.9", "510.2", "120.3e", "704.5g")
def test_combat_damage_is_redirected_and_stays_combat_damage() -> None:
    # An unblocked Craw Wurm (6/4) chosen as the source: 2 of its 6 go to P2's Grizzly
    # Bears, which die; P1 takes the other 4.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Craw Wurm", "Grizzly Bears")
    s.attack(1, "Craw Wurm")
    s.cast(0, "Harm's Way", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.SOURCE, "Craw Wurm")
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(0) == 16
    assert _dealt(s) == [("Grizzly Bears", 2, True), (0, 4, True)]
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert ["704.5g"] in sba_rules(s)
    assert first(s, "event_replaced")["kept"] == 4


@pytest.mark.rules("614.9", "615.7", "510.1c", "510.2", "120.4b", "616.1")
def test_the_protected_player_divides_the_shield_among_simultaneous_combat_damage() -> None:
    # A Craw Wurm blocked by two of P1's 3/3s assigns 3 to each. P1 redirects 1 of each to
    # P2, so both survive with 2 damage; the Wurm takes 6 and dies.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Centaur Courser", "Canyon Minotaur")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Craw Wurm")
    s.attack(1, "Craw Wurm")
    s.block(0, "Centaur Courser", "Craw Wurm")
    s.block(0, "Canyon Minotaur", "Craw Wurm")
    s.choose(1, DecisionKind.DAMAGE_ASSIGNMENT, (3, 3))
    s.cast(0, "Harm's Way", targets=["P2"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.SOURCE, "Craw Wurm")
    s.choose(0, DecisionKind.SHIELD, "Centaur Courser")
    s.choose(0, DecisionKind.SHIELD, "Canyon Minotaur")
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(1) == 18
    assert s.permanent("Centaur Courser").damage == 2
    assert s.permanent("Canyon Minotaur").damage == 2
    assert s.graveyard(1) == ["Craw Wurm"]
    asked = s.decisions.of_kind(DecisionKind.SHIELD)
    assert [a.player for a in asked] == [0, 0]
    assert [len(a.options) for a in asked] == [2, 2]
    assert [d["rule"] for d in decisions_made(s, "shield")] == ["614.9", "614.9"]
    replaced = s.events("event_replaced")
    assert [(e["to_target"], e["to_amount"], e["kept"]) for e in replaced] == [
        ("player:1", 1, 2),
        ("player:1", 1, 2),
    ]


@pytest.mark.rules("614.9", "615.7", "120.4b", "704.5g")
def test_a_sweeper_damaging_several_of_your_creatures_asks_which_damage_is_redirected() -> None:
    # Pyroclasm deals 2 to each creature. P1 spends both of the shield's 2 on the Grizzly
    # Bears, which survive; the Runeclaw Bear dies, and so does P2's own Goblin Piker.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Grizzly Bears", "Runeclaw Bear")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Mountain", "Mountain", "Goblin Piker")
    s.add(1, "hand", "Pyroclasm")
    s.cast(1, "Pyroclasm")
    s.cast(0, "Harm's Way", targets=["P2"], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Pyroclasm")
    s.choose(0, DecisionKind.SHIELD, "Grizzly Bears")
    s.choose(0, DecisionKind.SHIELD, "Grizzly Bears")
    s.run()
    # One question for each 1 damage of the shield, with what each event has left.
    asked = s.decisions.of_kind(DecisionKind.SHIELD)
    assert [[str(o).split(" #")[0] for o in a.options] for a in asked] == [
        ["Grizzly Bears", "Runeclaw Bear"],
        ["Grizzly Bears", "Runeclaw Bear"],
    ]
    assert [str(o).split(": ")[1] for o in asked[1].options] == ["1 damage", "2 damage"]
    assert s.life(1) == 18
    assert s.permanent("Grizzly Bears").damage == 0
    assert sorted(s.graveyard(0)) == ["Harm's Way", "Runeclaw Bear"]
    assert "Goblin Piker" in s.graveyard(1)
    (replaced,) = s.events("event_replaced")
    assert (replaced["to_target"], replaced["to_amount"]) == ("player:1", 2)
    assert "kept" not in replaced  # the whole of that event was redirected


@pytest.mark.rules("614.9", "120.4b")
def test_no_question_when_the_shield_can_take_all_the_damage() -> None:
    # Pyroclasm hits only one of P1's creatures: its 2 are redirected without a choice.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Grizzly Bears")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Mountain", "Mountain", "Enormous Baloth")
    s.add(1, "hand", "Pyroclasm")
    s.cast(1, "Pyroclasm")
    s.cast(0, "Harm's Way", targets=["Enormous Baloth"], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Pyroclasm")
    s.run()
    assert s.decisions.of_kind(DecisionKind.SHIELD) == []
    assert s.permanent("Grizzly Bears").damage == 0
    assert s.permanent("Enormous Baloth").damage == 4  # its own 2 and the Bears' 2


@pytest.mark.rules("609.7a", "614.9", "510.2")
def test_damage_from_a_source_that_was_not_chosen_is_dealt_normally() -> None:
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Goblin Piker", "Craw Wurm")
    s.attack(1, "Goblin Piker", "Craw Wurm")
    s.cast(0, "Harm's Way", targets=["Craw Wurm"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.SOURCE, "Goblin Piker")
    s.run(until=(2, Step.END_OF_COMBAT))
    # The Piker's 2 go to the Wurm; the Wurm's 6 are dealt to P1 in full.
    assert s.life(0) == 14
    assert s.permanent("Craw Wurm").damage == 2
    (replaced,) = s.events("event_replaced")
    assert replaced["damage_source"] == s.permanent("Goblin Piker").id


def _pinged(until: tuple[int, Step]) -> Scenario:
    """P1 casts Harm's Way in their turn 1 at P2 and chooses P2's Prodigal Pyromancer,
    which pings P1 in that turn's end step and, if the game gets there, in turn 2."""
    s = Scenario()
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Prodigal Pyromancer")
    s.cast(0, "Harm's Way", targets=["P2"])
    s.choose(0, DecisionKind.SOURCE, "Prodigal Pyromancer")
    s.activate(1, "Prodigal Pyromancer", targets=["P1"], step=Step.END)
    if until[0] == 2:
        s.activate(1, "Prodigal Pyromancer", targets=["P1"], turn=2, step=Step.PRECOMBAT_MAIN)
    return s.run(until=until)


@pytest.mark.rules("615.7", "614.9")
def test_what_is_left_of_the_shield_lasts_until_the_end_of_the_turn() -> None:
    s = _pinged((1, Step.CLEANUP))
    assert (s.life(0), s.life(1)) == (20, 19)
    assert _shields(s) == [1]


@pytest.mark.rules("514.2", "614.9")
def test_the_shield_ends_at_the_cleanup_step() -> None:
    s = _pinged((2, Step.END))
    # Turn 2's ping is dealt to P1: the shield ended with turn 1 (514.2).
    assert (s.life(0), s.life(1)) == (19, 19)
    assert _shields(s) == []
    assert len(s.events("event_replaced")) == 1


@pytest.mark.rules("614.9", "702.15b", "120.3f")
def test_redirected_damage_keeps_the_sources_lifelink() -> None:
    # Child of Night's 2 combat damage are dealt to P2's Craw Wurm instead of P1; it is
    # still damage dealt by Child of Night, so P2 gains 2 life.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Child of Night", "Craw Wurm")
    s.attack(1, "Child of Night")
    s.cast(0, "Harm's Way", targets=["Craw Wurm"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.SOURCE, "Child of Night")
    s.run(until=(2, Step.END_OF_COMBAT))
    assert (s.life(0), s.life(1)) == (20, 22)
    assert s.permanent("Craw Wurm").damage == 2
    assert first(s, "life_changed", player=1)["rule"] == "702.15b"


@pytest.mark.rules("614.9", "702.2b", "704.5h")
def test_redirected_damage_keeps_the_sources_deathtouch() -> None:
    # Deadly Recluse's 1 combat damage is dealt to P2's own Craw Wurm, which is destroyed.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Deadly Recluse", "Craw Wurm")
    s.attack(1, "Deadly Recluse")
    s.cast(0, "Harm's Way", targets=["Craw Wurm"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.SOURCE, "Deadly Recluse")
    s.run(until=(2, Step.END_OF_COMBAT))
    assert s.life(0) == 20
    assert "Craw Wurm" in s.graveyard(1)
    assert ["704.5h"] in sba_rules(s)


@pytest.mark.rules("614.9", "609.7b")
def test_the_shield_does_nothing_and_is_not_used_up_while_its_recipient_is_gone() -> None:
    # Harm's Way targets P2's Goblin Piker and takes P2's Bolt as the source; P1 then kills
    # the Piker with a Bolt of their own. P2's Bolt is dealt to P1 in full and the shield
    # stays whole.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains", "Mountain")
    s.add(0, "hand", "Harm's Way", "Lightning Bolt")
    s.add(1, "battlefield", "Mountain", "Goblin Piker")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["P1"])
    s.cast(0, "Harm's Way", targets=["Goblin Piker"], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Lightning Bolt")
    s.cast(
        0,
        "Lightning Bolt",
        targets=["Goblin Piker"],
        when=lambda g: len(g.stack) == 1 and bool(g.replacement_effects),
    )
    s.run(until=(2, Step.END))
    assert s.life(0) == 17
    assert "Goblin Piker" in s.graveyard(1)
    assert s.events("event_replaced") == []
    assert _shields(s) == [2]


@pytest.mark.rules("609.7a", "614.9")
def test_the_source_is_chosen_as_it_resolves_among_permanents_and_spells() -> None:
    s = _bolt_answered("P2")
    (asked,) = s.decisions.of_kind(DecisionKind.SOURCE)
    names = sorted(str(o).split(" #")[0] for o in asked.options)
    # Harm's Way itself is still on the stack as it resolves (608.2n).
    assert names == [
        "Centaur Courser",
        "Goblin Piker",
        "Harm's Way",
        "Lightning Bolt",
        "Mountain",
        "Plains",
    ]
    assert asked.player == 0


@pytest.mark.rules("609.7a", "608.3a", "614.9", "510.2")
def test_a_permanent_spell_chosen_as_the_source_is_followed_to_the_permanent_it_becomes() -> None:
    # Harm's Way answers a Raging Goblin spell and chooses it: the hasty Goblin that
    # spell becomes attacks, and its damage is dealt to its own controller instead.
    s = Scenario(turn=2, active=1)
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Harm's Way")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Raging Goblin")
    s.cast(1, "Raging Goblin")
    s.cast(0, "Harm's Way", targets=["P2"], when=lambda g: len(g.stack) == 1)
    s.choose(0, DecisionKind.SOURCE, "Raging Goblin")
    s.attack(1, "Raging Goblin")
    s.run(until=(2, Step.END))
    assert (s.life(0), s.life(1)) == (20, 19)
    redirected = first(s, "event_replaced", rule="614.9")
    assert redirected["damage_source"] == s.permanent("Raging Goblin").id
    assert _dealt(s) == [(1, 1, True)]

"""Rules tests for dividing a prevention shield among damage dealt at the same time.

A prevention shield with an amount ("Prevent the next 3 damage that would be dealt to any
target this turn") prevents damage 1 at a time (CR 615.7). Where damage from two or more
sources would be dealt to the shielded player or permanent at the same time (120.4b, 510.2)
and the shield can't prevent all of it, that player or the permanent's controller chooses
which damage it prevents, 1 at a time: part of one source's damage and part of another's, or
all of one. The rest is dealt normally, and what is left of the shield applies to later
damage this turn.

Cards: Test Shield of Three (a test-only instant), Samite Healer, Prodigal Pyromancer,
Grizzly Bears, Llanowar Elves, Canyon Minotaur, Craw Wurm.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import decisions_made

from manaweave import DecisionKind, Step
from manaweave.cards import NextDamagePrevention as PreventNextDamage
from manaweave.testing import Scenario

SHIELD = "Test Shield of Three"


def _shields_left(s: Scenario) -> list[int]:
    """What is left of each prevention shield that still exists, oldest first."""
    assert s.game is not None
    return [e.remaining for e in s.game.replacement_effects if isinstance(e, PreventNextDamage)]


def _attacked_through_a_shield(*attackers: str, picks: tuple[str, ...]) -> Scenario:
    """P1 attacks P2 with ``attackers``; P2 shields themself from the next 3 damage as
    attackers are declared and answers the shield's questions with ``picks``."""
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", *attackers)
    s.add(1, "battlefield", "Plains")
    s.add(1, "hand", SHIELD)
    s.attack(0, *attackers)
    s.cast(1, SHIELD, targets=["P2"], step=Step.DECLARE_ATTACKERS)
    for pick in picks:
        s.choose(1, DecisionKind.SHIELD, pick)
    return s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.rules("615.7", "120.4b", "510.2")
def test_the_player_divides_a_three_point_shield_between_two_attackers() -> None:
    # Grizzly Bears (2) and Canyon Minotaur (3) hit P2 at once: 5 damage against a 3-point
    # shield. P2 spends 1 of it on the Bears and 2 on the Minotaur: 1 of each is dealt.
    s = _attacked_through_a_shield(
        "Grizzly Bears",
        "Canyon Minotaur",
        picks=("Grizzly Bears", "Canyon Minotaur", "Canyon Minotaur"),
    )
    assert s.life(1) == 18
    # One question for each 1 damage of the shield, each offering both attackers with what
    # is left of their damage.
    asked = s.decisions.of_kind(DecisionKind.SHIELD)
    assert [a.player for a in asked] == [1, 1, 1]
    assert [[str(o).split(" #")[0] for o in a.options] for a in asked] == [
        ["Grizzly Bears", "Canyon Minotaur"]
    ] * 3
    assert [[str(o).split(": ")[1] for o in a.options] for a in asked] == [
        ["2 damage", "3 damage"],
        ["1 damage", "3 damage"],
        ["1 damage", "2 damage"],
    ]
    assert [d["rule"] for d in decisions_made(s, "shield")] == ["615.7"] * 3
    bears = s.permanent("Grizzly Bears").id
    minotaur = s.permanent("Canyon Minotaur").id
    prevented = [(p["damage_source"], p["amount"], p["rule"]) for p in s.events("damage_prevented")]
    assert prevented == [(bears, 1, "615.7"), (minotaur, 2, "615.7")]
    dealt = [(d["source"], d["amount"], d["rule"]) for d in s.events("damage_dealt")]
    assert dealt == [(bears, 1, "510.2"), (minotaur, 1, "510.2")]
    assert _shields_left(s) == []  # used up (615.7)


@pytest.mark.rules("615.7", "120.4b", "510.2")
def test_the_player_may_spend_the_whole_shield_on_one_attacker() -> None:
    # All 3 on the Minotaur: none of its damage is dealt, all of the Bears' 2 is. Once the
    # Bears are the only damage left to choose, nothing more is asked.
    s = _attacked_through_a_shield(
        "Grizzly Bears",
        "Canyon Minotaur",
        picks=("Canyon Minotaur", "Canyon Minotaur", "Canyon Minotaur"),
    )
    assert s.life(1) == 18
    assert len(s.decisions.of_kind(DecisionKind.SHIELD)) == 3
    minotaur = s.permanent("Canyon Minotaur").id
    bears = s.permanent("Grizzly Bears").id
    assert [(p["damage_source"], p["amount"]) for p in s.events("damage_prevented")] == [
        (minotaur, 3)
    ]
    assert [(d["source"], d["amount"]) for d in s.events("damage_dealt")] == [(bears, 2)]


@pytest.mark.rules("615.7", "120.4b", "510.2")
def test_no_question_when_the_shield_can_prevent_all_the_damage() -> None:
    # Grizzly Bears (2) and Llanowar Elves (1): 3 damage, all of which the shield prevents.
    s = _attacked_through_a_shield("Grizzly Bears", "Llanowar Elves", picks=())
    assert s.decisions.of_kind(DecisionKind.SHIELD) == []
    assert s.life(1) == 20
    assert [p["amount"] for p in s.events("damage_prevented")] == [2, 1]
    assert s.events("damage_dealt") == []
    assert _shields_left(s) == []


@pytest.mark.rules("615.7", "510.2")
def test_no_question_when_one_source_deals_the_damage() -> None:
    # Craw Wurm alone deals 6: the shield prevents 3 of it without a choice, 3 are dealt.
    s = _attacked_through_a_shield("Craw Wurm", picks=())
    assert s.decisions.of_kind(DecisionKind.SHIELD) == []
    assert s.life(1) == 17
    wurm = s.permanent("Craw Wurm").id
    assert [(p["damage_source"], p["amount"], p["rule"]) for p in s.events("damage_prevented")] == [
        (wurm, 3, "615.7")
    ]
    assert [d["amount"] for d in s.events("damage_dealt")] == [3]


@pytest.mark.cards("Samite Healer", "Prodigal Pyromancer")
@pytest.mark.rules("615.7", "120.4b", "510.2", "616.1")
def test_what_is_left_of_a_divided_shield_still_prevents_damage_later_in_the_turn() -> None:
    # P2 has two shields: the 3-point one, then Samite Healer's 1-point one. Grizzly Bears
    # (2) and Canyon Minotaur (3) hit P2 at once; P2 spends each shield wholly on the
    # Minotaur, then applies the Healer's first (616.1), so the 3-point shield prevents
    # only the 2 left of the Minotaur's damage. Its last 1 is a shield as a whole again:
    # it prevents Prodigal Pyromancer's 1 damage after combat.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", "Canyon Minotaur", "Prodigal Pyromancer")
    s.add(1, "battlefield", "Plains", "Samite Healer")
    s.add(1, "hand", SHIELD)
    s.attack(0, "Grizzly Bears", "Canyon Minotaur")
    s.cast(1, SHIELD, targets=["P2"], step=Step.DECLARE_ATTACKERS)
    s.activate(1, "Samite Healer", targets=["P2"], step=Step.DECLARE_ATTACKERS, stack_empty=True)
    for _ in range(3):
        s.choose(1, DecisionKind.SHIELD, "Canyon Minotaur")  # the 3-point shield, older
    s.choose(1, DecisionKind.SHIELD, "Canyon Minotaur")  # Samite Healer's
    s.choose(1, DecisionKind.REPLACEMENT_ORDER, "Samite Healer ability")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"], step=Step.POSTCOMBAT_MAIN)
    s.run(until=(1, Step.END))

    assert s.life(1) == 18  # the Bears' 2, and nothing after combat
    minotaur = s.permanent("Canyon Minotaur").id
    pyromancer = s.permanent("Prodigal Pyromancer").id
    prevented = [(p["damage_source"], p["amount"], p["rule"]) for p in s.events("damage_prevented")]
    assert prevented == [(minotaur, 1, "615.7"), (minotaur, 2, "615.7"), (pyromancer, 1, "615.7")]
    # Samite Healer's shield first, then the 3-point shield, and what is left of it after.
    assert [p["text"].split(" damage")[0] for p in s.events("damage_prevented")] == [
        "Prevent the next 1",
        "Prevent the next 3",
        "Prevent the next 3",
    ]
    assert _shields_left(s) == []


@pytest.mark.rules("615.7", "120.4b", "510.1c", "510.2")
def test_the_controller_of_a_shielded_attacker_divides_the_shield_between_two_blockers() -> None:
    # Craw Wurm (6/4), shielded from 3 by its controller, is blocked by Grizzly Bears (2)
    # and Canyon Minotaur (3). P1 spends 2 of the shield on the Bears, so its last 1 goes
    # to the Minotaur: the Wurm is dealt 2 and survives; without the shield it would have died.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Plains", "Craw Wurm")
    s.add(0, "hand", SHIELD)
    s.add(1, "battlefield", "Grizzly Bears", "Canyon Minotaur")
    s.attack(0, "Craw Wurm")
    s.block(1, "Grizzly Bears", "Craw Wurm")
    s.block(1, "Canyon Minotaur", "Craw Wurm")
    s.cast(0, SHIELD, targets=["Craw Wurm"], step=Step.DECLARE_BLOCKERS)
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, 4))
    s.choose(0, DecisionKind.SHIELD, "Grizzly Bears")
    s.choose(0, DecisionKind.SHIELD, "Grizzly Bears")
    s.run(until=(1, Step.END_OF_COMBAT))

    # Once the Bears' damage is all spoken for, the shield's last 1 can only go to the
    # Minotaur's: no third question.
    asked = s.decisions.of_kind(DecisionKind.SHIELD)
    assert [a.player for a in asked] == [0, 0]
    assert [d["rule"] for d in decisions_made(s, "shield")] == ["615.7"] * 2
    wurm = s.permanent("Craw Wurm")
    assert wurm.damage == 2
    assert sorted(s.graveyard(1)) == ["Canyon Minotaur", "Grizzly Bears"]
    prevented = s.events("damage_prevented")
    assert [(p["target"], p["amount"]) for p in prevented] == [(wurm.id, 2), (wurm.id, 1)]
    to_wurm = [d for d in s.events("damage_dealt") if d.get("to_object") == wurm.id]
    assert [(d["source_name"], d["amount"], d["rule"]) for d in to_wurm] == [
        ("Canyon Minotaur", 2, "510.2")
    ]

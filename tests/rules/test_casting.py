"""Rules tests for casting spells and resolving them (CR 115, 303.4, 601, 608).

Each test sets up a game in the middle of a turn with :class:`manaweave.testing.Scenario`,
scripts the casts, runs the game and checks zones, life totals, characteristics and the
event log against the Comprehensive Rules (edition 2026-01-16).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import decisions_made, first, sba_rules

from manaweave import DecisionKind, Step
from manaweave.cards import (
    DealDividedDamage,
    Printed,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    WhenEnters,
    card,
)
from manaweave.testing import Scenario, ScenarioError

# --- instants and sorceries -----------------------------------------------------------------


@pytest.mark.cards("Lightning Bolt")
@pytest.mark.rules("115.4", "601.2c", "120.3e", "704.5g", "608.2n")
def test_lightning_bolt_destroys_a_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Centaur Courser")
    s.cast(0, "Lightning Bolt", targets=["Centaur Courser"])
    s.run()

    damage = first(s, "damage_dealt", source_name="Lightning Bolt")
    assert damage["to_name"] == "Centaur Courser"
    assert damage["amount"] == 3
    assert s.battlefield(1) == []
    assert s.graveyard(1) == ["Centaur Courser"]
    assert s.graveyard(0) == ["Lightning Bolt"]
    assert s.life(1) == 20


@pytest.mark.cards("Lightning Bolt")
@pytest.mark.rules("115.4", "120.3a")
def test_lightning_bolt_to_a_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()

    assert s.life(1) == 17
    assert s.life(0) == 20
    assert first(s, "damage_dealt", source_name="Lightning Bolt")["to_player"] == 1
    assert s.battlefield(1) == ["Grizzly Bears"]
    assert s.permanent("Grizzly Bears").damage == 0


@pytest.mark.rules("115.4")
def test_a_player_may_target_themself_with_any_target() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.cast(0, "Shock", targets=["P1"])
    s.run()

    assert s.life(0) == 18
    assert s.life(1) == 20


@pytest.mark.rules("115.4", "601.2c")
def test_any_target_offers_creatures_and_players_but_not_lands() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Runeclaw Bear")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Forest", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()

    # Two creatures and two players; neither land can be chosen.
    [decision] = decisions_made(s, "target")
    assert decision["player"] == 0
    assert decision["options"] == 4


@pytest.mark.rules("115.4", "601.2c")
def test_a_land_is_not_a_legal_target_for_any_target() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Forest", "Grizzly Bears")
    s.cast(0, "Lightning Bolt", targets=["Forest"])
    with pytest.raises(ScenarioError, match="not a legal target"):
        s.run()


@pytest.mark.rules("115.1a", "601.2c")
def test_target_creature_cannot_choose_a_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal target"):
        s.run()


@pytest.mark.rules("601.2c", "601.2e")
def test_a_targeted_spell_without_a_legal_target_cannot_be_cast() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.cards("Giant Growth")
@pytest.mark.rules("601.2c", "611.2a", "613.4c")
def test_giant_growth_may_target_an_opponents_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Goblin Piker")
    s.cast(0, "Giant Growth", targets=["Goblin Piker"])
    s.run()

    assert (s.power("Goblin Piker"), s.toughness("Goblin Piker")) == (5, 4)
    assert s.permanent("Goblin Piker").controller == 1


@pytest.mark.cards("Divination")
@pytest.mark.rules("121.1", "608.2n", "307.1")
def test_divination_draws_the_top_two_cards() -> None:
    s = Scenario()
    s.library(0, ["Forest", "Mountain", "Plains"])  # Plains is on top
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.cast(0, "Divination")
    s.run()

    assert s.hand(0) == ["Plains", "Mountain"]
    assert s.library_size(0) == 1
    assert s.graveyard(0) == ["Divination"]
    moved = first(s, "object_moved", card="Divination", to_zone="graveyard")
    assert moved["from_zone"] == "stack"
    assert moved["rule"] == "608.2n"


@pytest.mark.rules("307.1", "117.1a")
def test_a_sorcery_cannot_be_cast_in_an_opponents_turn() -> None:
    s = Scenario()
    s.add(1, "battlefield", "Island", "Island", "Island")
    s.add(1, "hand", "Divination")
    s.cast(1, "Divination")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("302.1", "117.1a")
def test_a_creature_spell_cannot_be_cast_while_the_stack_is_not_empty() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Runeclaw Bear")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(0, "Runeclaw Bear")  # while Giant Growth is still on the stack
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("304.1", "117.1a")
def test_an_instant_can_be_cast_in_an_opponents_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(1, "Shock", targets=["Grizzly Bears"], step=Step.BEGINNING_OF_COMBAT)
    s.run()

    assert s.graveyard(0) == ["Grizzly Bears"]
    assert first(s, "spell_cast", card="Shock")["step"] == "beginning_of_combat"


@pytest.mark.rules("601.2f", "601.2h")
def test_a_spell_whose_cost_cannot_be_paid_cannot_be_cast() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Grizzly Bears")  # {1}{G} with one land
    s.cast(0, "Grizzly Bears")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


# --- permanent spells -----------------------------------------------------------------------


@pytest.mark.rules("601.2a", "608.3a", "302.1")
def test_a_creature_spell_resolves_onto_the_battlefield_under_its_casters_control() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Mountain")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()

    proposed = first(s, "spell_proposed", card="Grizzly Bears")
    assert (proposed["from_zone"], proposed["to_zone"]) == ("hand", "stack")
    entered = first(s, "permanent_entered", card="Grizzly Bears")
    assert (entered["from_zone"], entered["to_zone"]) == ("stack", "battlefield")
    assert entered["rule"] == "608.3a"
    bears = s.permanent("Grizzly Bears")
    assert bears.controller == 0
    assert bears.owner == 0
    assert s.hand(0) == []
    assert s.graveyard(0) == []


@pytest.mark.rules("601.2a", "608.1")
def test_a_spell_waits_on_the_stack_until_all_players_pass() -> None:
    # P2 responds to the creature spell while it is on the stack: the response resolves first
    # (last in, first out) and the creature spell still resolves afterwards.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(0, "Grizzly Bears")
    s.cast(1, "Shock", targets=["P1"])
    s.run()

    resolved = [e["object"] for e in s.events("resolution_started")]
    shock = first(s, "spell_cast", card="Shock")["object"]
    bears = first(s, "spell_cast", card="Grizzly Bears")["object"]
    assert resolved == [shock, bears]
    assert s.life(0) == 18
    assert s.battlefield(0).count("Grizzly Bears") == 1


# --- targets checked on resolution ----------------------------------------------------------


@pytest.mark.rules("608.2b", "704.5g", "704.3")
def test_a_spell_whose_only_target_became_illegal_does_not_resolve() -> None:
    # P1 casts Giant Growth on their Grizzly Bears; P2 responds with Lightning Bolt. The Bolt
    # resolves first, the Bears die as a state-based action, and Giant Growth fizzles.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()

    growth = first(s, "spell_cast", card="Giant Growth")
    fizzled = s.events("spell_fizzled")
    assert [e["object"] for e in fizzled] == [growth["object"]]
    died = first(s, "object_moved", card="Grizzly Bears", to_zone="graveyard")
    assert died["rule"] == "704.5g"
    assert died["seq"] < fizzled[0]["seq"]
    assert s.events("effect_created") == []
    assert s.graveyard(0) == ["Grizzly Bears", "Giant Growth"]
    assert s.graveyard(1) == ["Lightning Bolt"]
    assert first(s, "object_moved", card="Giant Growth", to_zone="graveyard")["rule"] == "608.2b"


@pytest.mark.rules("608.2b", "400.7")
def test_a_target_that_left_the_battlefield_is_illegal() -> None:
    # P2 kills their own Bears in response: the object that was targeted is gone.
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Grizzly Bears", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Shock", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()

    shock = first(s, "spell_cast", card="Shock")
    assert [e["object"] for e in s.events("spell_fizzled")] == [shock["object"]]
    assert [e for e in s.events("damage_dealt") if e["source_name"] == "Shock"] == []


@pytest.mark.rules("608.2b")
def test_a_spell_with_a_legal_target_resolves_even_if_the_target_changed() -> None:
    # The target was damaged in response but is still on the battlefield: it stays legal.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Centaur Courser")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(0, "Giant Growth", targets=["Centaur Courser"])
    s.cast(1, "Shock", targets=["Centaur Courser"])
    s.run()

    assert s.events("spell_fizzled") == []
    assert (s.power("Centaur Courser"), s.toughness("Centaur Courser")) == (6, 6)
    assert s.permanent("Centaur Courser").damage == 2


# --- until end of turn ----------------------------------------------------------------------


@pytest.mark.cards("Giant Growth")
@pytest.mark.rules("611.2a", "613.4c")
def test_giant_growth_gives_plus_three_until_end_of_turn() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(1, Step.END))

    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (5, 5)
    assert s.graveyard(0) == ["Giant Growth"]


@pytest.mark.cards("Giant Growth")
@pytest.mark.rules("611.2a", "514.2")
def test_giant_growth_ends_in_the_cleanup_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run(until=(2, Step.UPKEEP))

    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    cleanup = first(s, "cleanup_performed", turn=1)
    assert cleanup["effects_ended"] == 1


# --- Auras ----------------------------------------------------------------------------------


@pytest.mark.rules("303.4a", "115.1b", "702.5a")
def test_an_aura_spell_targets_what_its_enchant_ability_allows() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Oakenform")
    s.add(1, "battlefield", "Goblin Piker", "Mountain")
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.run()

    # "Enchant creature": the two creatures, no land and no player.
    [decision] = decisions_made(s, "target")
    assert decision["options"] == 2
    assert first(s, "spell_cast", card="Oakenform")["targets"] == [s.permanent("Grizzly Bears").id]


@pytest.mark.rules("303.4a", "702.5a")
def test_an_aura_with_enchant_creature_cannot_target_a_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Oakenform")
    s.cast(0, "Oakenform", targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal target"):
        s.run()


@pytest.mark.cards("Oakenform")
@pytest.mark.rules("608.3c", "303.4b", "613.4c")
def test_an_aura_enters_attached_to_its_target_and_pumps_it() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Oakenform")
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.run()

    aura = s.permanent("Oakenform")
    bears = s.permanent("Grizzly Bears")
    assert aura.attached_to == bears.id
    assert aura.controller == 0
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (5, 5)
    assert first(s, "permanent_entered", card="Oakenform")["rule"] == "608.3c"


@pytest.mark.rules("608.3c", "303.4b", "613.4c")
def test_an_aura_on_an_opponents_creature_stays_under_its_casters_control() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Oakenform")
    s.add(1, "battlefield", "Goblin Piker")
    s.cast(0, "Oakenform", targets=["Goblin Piker"])
    s.run(until=(2, Step.UPKEEP))

    aura = s.permanent("Oakenform")
    assert aura.controller == 0
    assert aura.attached_to == s.permanent("Goblin Piker").id
    assert s.permanent("Goblin Piker").controller == 1
    # A static ability, not an "until end of turn" effect: it lasts into the next turn.
    assert (s.power("Goblin Piker"), s.toughness("Goblin Piker")) == (5, 4)


@pytest.mark.rules("608.3b", "608.2b")
def test_an_aura_spell_whose_target_is_gone_does_not_resolve() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Oakenform")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()

    assert s.events("permanent_entered") == []
    assert s.battlefield(0) == ["Forest", "Forest", "Forest"]
    assert s.graveyard(0) == ["Grizzly Bears", "Oakenform"]
    aura = first(s, "spell_cast", card="Oakenform")
    assert [e["object"] for e in s.events("spell_fizzled")] == [aura["object"]]


@pytest.mark.rules("303.4c", "704.5m", "704.3")
def test_an_aura_goes_to_the_graveyard_when_the_enchanted_creature_dies() -> None:
    # Oakenform makes Llanowar Elves 4/4; P2 answers with Shock and Lightning Bolt.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Llanowar Elves")
    s.add(0, "hand", "Oakenform")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Shock")
    s.cast(0, "Oakenform", targets=["Llanowar Elves"])
    s.cast(1, "Lightning Bolt", targets=["Llanowar Elves"], step=Step.POSTCOMBAT_MAIN)
    s.cast(1, "Shock", targets=["Llanowar Elves"], step=Step.POSTCOMBAT_MAIN)
    s.run()

    assert "Llanowar Elves" not in s.battlefield()
    assert "Oakenform" not in s.battlefield()
    assert s.graveyard(0) == ["Llanowar Elves", "Oakenform"]
    # Two checks in a row: the creature is destroyed first; the repeated check (704.3)
    # then finds the Aura attached to nothing.
    assert sba_rules(s) == [["704.5g"], ["704.5m"]]
    assert first(s, "object_moved", card="Oakenform", to_zone="graveyard")["rule"] == "704.5m"


# --- the log of a cast ----------------------------------------------------------------------


@pytest.mark.rules("601.2a", "601.2c", "601.2g", "601.2h", "601.2i", "605.3b")
def test_casting_logs_the_proposal_the_payment_and_the_cast_in_order() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run()

    bears = s.permanent("Grizzly Bears").id
    forest = s.permanent("Forest")
    [target] = decisions_made(s, "target")
    proposed = first(s, "spell_proposed", card="Giant Growth")
    tapped = first(s, "permanent_tapped", object=forest.id)
    added = first(s, "mana_added", source=forest.id)
    spent = first(s, "mana_spent", player=0)
    cast = first(s, "spell_cast", card="Giant Growth")

    assert proposed["rule"] == "601.2a"
    assert tapped["rule"] == "605.3b"
    assert added["mana"] == ["G"]
    assert spent["rule"] == "601.2h"
    assert spent["mana"] == ["G"]
    assert spent["cost"] == "{G}"
    assert cast["rule"] == "601.2i"
    assert cast["player"] == 0
    assert cast["object"] == proposed["new_object"]
    assert cast["targets"] == [bears]
    # Targets are chosen, mana abilities activated, the cost paid, and then the spell is cast.
    assert target["seq"] < tapped["seq"] < added["seq"] < spent["seq"] < cast["seq"]
    assert forest.tapped


@pytest.mark.rules("601.2i", "117.3c", "117.3b")
def test_priority_after_casting_and_after_resolving() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Centaur Courser")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(0, "Giant Growth", targets=["Centaur Courser"])
    s.cast(1, "Shock", targets=["Centaur Courser"])
    s.run()

    def next_priority(after: int) -> int:
        return s.decisions.after(after)[0].player

    # P1 casts Giant Growth and receives priority again (601.2i, 117.3c) ...
    growth = first(s, "spell_cast", card="Giant Growth")
    assert next_priority(growth["seq"]) == 0
    # ... P2 responds with Shock and receives priority again ...
    shock = first(s, "spell_cast", card="Shock")
    assert next_priority(shock["seq"]) == 1
    # ... and after each resolution the active player, P1, receives priority (117.3b).
    resolving = s.events("resolution_started")
    assert [e["object"] for e in resolving] == [shock["object"], growth["object"]]
    for record in resolving:
        assert next_priority(record["seq"]) == 0
    assert s.permanent("Centaur Courser").damage == 2
    assert s.toughness("Centaur Courser") == 6


# --- 115.3: "another target" -------------------------------------------------------------------


def _cone(*creatures: str) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", *["Mountain"] * 5)
    s.add(0, "hand", "Cone of Flame")
    if creatures:
        s.add(1, "battlefield", *creatures)
    return s


@pytest.mark.cards("Cone of Flame")
@pytest.mark.rules("115.3", "601.2c", "608.2c")
def test_cone_of_flame_deals_1_2_and_3_damage_to_three_different_targets() -> None:
    s = _cone("Grizzly Bears", "Craw Wurm")
    s.cast(0, "Cone of Flame", targets=["P2", "Grizzly Bears", "Craw Wurm"])
    s.run()

    assert s.life(1) == 19
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.permanent("Craw Wurm").damage == 3


@pytest.mark.rules("115.3", "601.2c")
def test_another_target_cannot_be_one_already_chosen() -> None:
    s = _cone("Grizzly Bears")
    s.cast(0, "Cone of Flame", targets=["P2", "P2", "Grizzly Bears"])
    with pytest.raises(ScenarioError, match="not a legal target"):
        s.run()
    # The second target decision offered only the targets not chosen yet.
    asked = s.decisions.of_kind(DecisionKind.TARGET, 0)
    assert len(asked[0].options) == 3  # the Bears and both players
    assert len(asked[1].options) == 2  # not player 2 again


@pytest.mark.rules("115.3", "601.2c", "601.2e")
def test_a_spell_needing_three_different_targets_cannot_be_cast_with_two() -> None:
    # Two players and no creatures: "a third target" has no legal choice.
    s = _cone()
    s.cast(0, "Cone of Flame", targets=["P2", "P1", "P1"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()
    s = _cone("Grizzly Bears")
    s.cast(0, "Cone of Flame", targets=["P2", "P1", "Grizzly Bears"])
    s.run()
    assert s.life(0) == 18  # one may target oneself (115.4)
    assert s.graveyard(1) == ["Grizzly Bears"]


# --- 601.2c-d, 115.6: a variable number of targets, dividing damage --------------------------


@pytest.mark.cards("Downpour")
@pytest.mark.rules("601.2c", "115.3", "701.26a")
def test_up_to_three_targets_announces_how_many_first() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Downpour")
    s.add(1, "battlefield", "Grizzly Bears", "Craw Wurm", "Runeclaw Bear")
    s.cast(0, "Downpour", targets=["Grizzly Bears", "Craw Wurm"])
    s.run()

    assert s.permanent("Grizzly Bears").tapped
    assert s.permanent("Craw Wurm").tapped
    assert not s.permanent("Runeclaw Bear").tapped
    (count,) = s.decisions.of_kind(DecisionKind.TARGET_COUNT)
    assert [o.value for o in count.options] == [0, 1, 2, 3]
    targets = s.decisions.of_kind(DecisionKind.TARGET)
    assert [len(t.options) for t in targets] == [3, 2]  # the same one only once (115.3)
    assert count.seq < targets[0].seq
    wurm = s.permanent("Craw Wurm")
    bears = s.permanent("Grizzly Bears")
    assert first(s, "spell_cast")["targets"] == [bears.id, wurm.id]


@pytest.mark.rules("115.6", "608.2b")
def test_up_to_with_zero_targets_chosen_is_not_targeted_and_resolves() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Downpour")
    s.cast(0, "Downpour")
    s.choose(0, DecisionKind.TARGET_COUNT, 0)
    s.run()

    assert s.graveyard(0) == ["Downpour"]
    assert not s.events("spell_fizzled")
    assert first(s, "spell_cast")["targets"] == []


@pytest.mark.rules("601.2c")
def test_the_number_of_targets_is_at_most_the_number_of_legal_ones() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island", "Island")
    s.add(0, "hand", "Downpour")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Downpour", targets=["Grizzly Bears"])
    s.run()

    (count,) = s.decisions.of_kind(DecisionKind.TARGET_COUNT)
    assert [o.value for o in count.options] == [0, 1]


@pytest.mark.cards("Flames of the Firebrand")
@pytest.mark.rules("601.2d", "120.3")
def test_flames_of_the_firebrand_divides_its_damage_as_announced() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Flames of the Firebrand")
    s.add(1, "battlefield", "Grizzly Bears", "Llanowar Elves")
    s.cast(0, "Flames of the Firebrand", targets=["Grizzly Bears", "Llanowar Elves", "P2"])
    s.choose(0, DecisionKind.DIVISION, (1, 1, 1))
    s.run()

    assert sorted(s.graveyard(1)) == ["Llanowar Elves"]
    assert s.permanent("Grizzly Bears").damage == 1
    assert s.life(1) == 19
    (division,) = s.decisions.of_kind(DecisionKind.DIVISION)
    assert len(division.options) == 1  # 3 among three targets: 1 each, at least 1 each
    assert first(s, "spell_cast")["division"] == [1, 1, 1]


@pytest.mark.rules("601.2d")
def test_each_target_gets_at_least_one_of_the_divided_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Flames of the Firebrand")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Flames of the Firebrand", targets=["Grizzly Bears", "P2"])
    s.choose(0, DecisionKind.DIVISION, (2, 1))
    s.run()

    (division,) = s.decisions.of_kind(DecisionKind.DIVISION)
    assert sorted(o.amounts for o in division.options) == [(1, 2), (2, 1)]
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.life(1) == 19


@pytest.mark.rules("601.2d", "601.2c")
def test_one_target_gets_all_the_divided_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Flames of the Firebrand")
    s.cast(0, "Flames of the Firebrand", targets=["P2"])
    s.run()

    assert not s.decisions.of_kind(DecisionKind.DIVISION)
    assert s.life(1) == 17
    (count,) = s.decisions.of_kind(DecisionKind.TARGET_COUNT)
    assert [o.value for o in count.options] == [1, 2]  # one, two, or three; two players


@pytest.mark.rules("608.2b", "601.2d")
def test_damage_divided_to_a_target_that_became_illegal_is_not_dealt() -> None:
    # The Bears leave before Flames resolves: their 2 is not dealt to anyone else.
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain", "Mountain", "Mountain")
    s.add(0, "hand", "Flames of the Firebrand", "Lightning Bolt")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Flames of the Firebrand", targets=["Grizzly Bears", "P2"])
    s.choose(0, DecisionKind.DIVISION, (2, 1))
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()

    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.life(1) == 19
    assert not s.events("spell_fizzled")


@pytest.mark.cards("Ignite Disorder", "Coral Merfolk")
@pytest.mark.rules("115.1", "601.2c", "105.2")
def test_ignite_disorder_targets_only_white_and_or_blue_creatures() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Ignite Disorder")
    s.add(1, "battlefield", "Coral Merfolk", "Silvercoat Lion", "Grizzly Bears")
    s.cast(0, "Ignite Disorder", targets=["Coral Merfolk", "Silvercoat Lion"])
    s.choose(0, DecisionKind.DIVISION, (2, 1))
    s.run()

    targets = s.decisions.of_kind(DecisionKind.TARGET)
    names = sorted(o.name.split(" #")[0] for o in targets[0].options)
    assert names == ["Coral Merfolk", "Silvercoat Lion"]  # not the green Bears
    assert s.graveyard(1) == ["Coral Merfolk"]
    assert s.permanent("Silvercoat Lion").damage == 1


@pytest.mark.cards("Ignite Disorder")
@pytest.mark.rules("601.2c", "601.2e")
def test_ignite_disorder_cannot_be_cast_without_a_white_or_blue_creature() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Ignite Disorder")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Ignite Disorder", targets=["Grizzly Bears"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("601.2d")
def test_a_spell_cannot_be_defined_to_divide_less_than_one_per_target() -> None:
    spec = TargetSpec(TargetKind.ANY, "one or two targets", count=2, minimum=1)
    with pytest.raises(ValueError, match="at least 1"):
        SpellAbility(targets=(spec,), effects=(DealDividedDamage(1),))


@pytest.mark.rules("601.2d")
def test_an_ability_cannot_be_defined_to_divide_less_than_one_per_target() -> None:
    spec = TargetSpec(TargetKind.ANY, "one or two targets", count=2, minimum=1)
    ability = TriggeredAbility(WhenEnters(), (DealDividedDamage(1),), targets=(spec,))
    with pytest.raises(ValueError, match="at least 1"):
        card(
            "Test Spark",
            printed=Printed("{R}", "Creature — Elemental", pt=(1, 1)),
            abilities=(ability,),
        )


@pytest.mark.rules("603.3d", "601.2d", "120.3")
def test_a_triggered_ability_divides_its_damage_as_it_is_put_on_the_stack() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", *["Mountain"] * 4)
    s.add(0, "hand", "Test Hellkite")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Test Hellkite")
    s.choose(0, DecisionKind.TARGET_COUNT, 2)
    s.choose(0, DecisionKind.TARGET, "Grizzly Bears")
    s.choose(0, DecisionKind.TARGET, "P2")
    s.choose(0, DecisionKind.DIVISION, (2, 1))
    s.run()
    stacked = first(s, "ability_stacked")
    assert stacked["division"] == [2, 1]
    (division,) = s.decisions.of_kind(DecisionKind.DIVISION)
    assert division.seq < stacked["seq"]  # announced as the ability is put on the stack
    assert s.graveyard(1) == ["Grizzly Bears"]
    assert s.life(1) == 19

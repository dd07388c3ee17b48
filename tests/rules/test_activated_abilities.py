"""Rules tests for activated abilities and mana abilities (CR 106.4, 302.6, 602, 605).

Mana abilities: Llanowar Elves's "{T}: Add {G}." and the intrinsic "{T}: Add [mana]" of
the basic lands (CR 305.6). Abilities that use the stack: Prodigal Pyromancer, Goblin
Artillery and Acolyte of Xathrid.
Each test sets up a game with :class:`manaweave.testing.Scenario`, scripts activations
and casts, and checks the result against the Comprehensive Rules (edition 2026-01-16).
"""

from __future__ import annotations

import pytest
from _support import first

from manaweave import Step
from manaweave.testing import Scenario, ScenarioError

# --- summoning sickness ---------------------------------------------------------------------


@pytest.mark.rules("302.6", "602.5a", "107.5")
def test_llanowar_elves_with_summoning_sickness_cannot_tap_for_mana() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", sick=True)
    s.activate(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("302.6", "605.3a")
def test_summoning_sick_llanowar_elves_cannot_pay_for_a_spell() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", sick=True)
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Llanowar Elves"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("302.6", "605.3a")
def test_llanowar_elves_cast_this_turn_cannot_tap_for_mana() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Llanowar Elves")
    s.cast(0, "Llanowar Elves")
    s.activate(0, "Llanowar Elves", step=Step.POSTCOMBAT_MAIN)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("302.6", "605.3a", "106.4")
def test_llanowar_elves_can_tap_for_mana_once_its_controllers_next_turn_began() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest")
    s.add(0, "hand", "Llanowar Elves")
    s.cast(0, "Llanowar Elves")
    s.activate(0, "Llanowar Elves", turn=3, step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))

    elves = s.permanent("Llanowar Elves")
    added = first(s, "mana_added", source=elves.id)
    assert added["turn"] == 3
    assert added["player"] == 0
    assert added["mana"] == ["G"]
    assert elves.tapped


@pytest.mark.rules("302.6", "605.3a")
def test_an_opponents_llanowar_elves_can_tap_for_mana_in_your_turn() -> None:
    # P2 has controlled the Elves since before their own most recent turn (turn 2) began,
    # so in P1's turn 3 they can pay for an instant with them.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Llanowar Elves")
    s.add(1, "hand", "Giant Growth")
    s.cast(1, "Giant Growth", targets=["Llanowar Elves"], turn=3, step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))

    elves = s.permanent("Llanowar Elves")
    assert first(s, "mana_added", source=elves.id)["player"] == 1
    assert (s.power("Llanowar Elves"), s.toughness("Llanowar Elves")) == (4, 4)


@pytest.mark.rules("302.6", "605.3a")
def test_a_non_active_players_creature_set_up_without_sickness_can_tap_for_mana() -> None:
    # The scenario puts the Elves under P2's control before the game starts (not sick=True),
    # i.e. since before P2's most recent turn began: 302.6 does not stop the {T} ability.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(1, "battlefield", "Llanowar Elves")
    s.add(1, "hand", "Giant Growth")
    s.cast(1, "Giant Growth", targets=["Llanowar Elves"])
    s.run()

    assert (s.power("Llanowar Elves"), s.toughness("Llanowar Elves")) == (4, 4)


@pytest.mark.rules("302.6", "305.1", "305.6")
def test_a_land_played_this_turn_can_tap_for_mana_at_once() -> None:
    # Summoning sickness is a rule for creatures only.
    s = Scenario()
    s.add(0, "hand", "Forest")
    s.play_land(0, "Forest")
    s.activate(0, "Forest", text="Add {G}")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    forest = s.permanent("Forest")
    assert first(s, "land_played", card="Forest")["rule"] == "305.1"
    assert first(s, "mana_added", source=forest.id)["mana"] == ["G"]
    assert forest.tapped


# --- tapping for mana -----------------------------------------------------------------------


@pytest.mark.cards("Llanowar Elves")
@pytest.mark.rules("605.1a", "106.4", "107.5")
def test_tapping_llanowar_elves_adds_one_green_mana() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves")
    s.activate(0, "Llanowar Elves", text="Add {G}")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    elves = s.permanent("Llanowar Elves")
    assert elves.tapped
    tapped = first(s, "permanent_tapped", object=elves.id)
    added = first(s, "mana_added", source=elves.id)
    assert added["player"] == 0
    assert added["mana"] == ["G"]
    assert tapped["seq"] < added["seq"]
    # Unspent, the mana is lost as the main phase ends (106.4).
    emptied = first(s, "mana_emptied", player=0)
    assert emptied["mana"] == ["G"]
    assert emptied["step"] == "precombat_main"
    assert not s.game.players[0].mana_pool  # type: ignore[union-attr]


@pytest.mark.rules("106.4", "601.2h")
def test_mana_in_the_pool_pays_for_a_spell_in_the_same_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Llanowar Elves")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.run()

    assert first(s, "mana_spent", player=0)["mana"] == ["G"]
    assert s.events("mana_emptied") == []
    assert s.power("Grizzly Bears") == 5


@pytest.mark.rules("106.4")
def test_mana_does_not_carry_over_to_the_next_step() -> None:
    # The green mana made in the first main phase is gone by the second one.
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.activate(0, "Llanowar Elves")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.POSTCOMBAT_MAIN)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("701.26a", "107.5", "118.3")
def test_a_tapped_permanent_cannot_be_tapped_for_mana() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", tapped=True)
    s.activate(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("701.26a", "107.5", "118.3")
def test_a_permanent_cannot_be_tapped_for_mana_twice() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Forest")
    s.activate(0, "Llanowar Elves")
    s.activate(0, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("701.26a", "118.3", "601.2h")
def test_a_tapped_land_cannot_pay_for_a_spell() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"])
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.POSTCOMBAT_MAIN)
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("502.3", "302.6")
def test_permanents_untap_in_their_controllers_untap_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves")
    s.add(1, "battlefield", "Forest", tapped=True)
    s.activate(0, "Llanowar Elves")
    s.activate(0, "Llanowar Elves", turn=3, step=Step.PRECOMBAT_MAIN)
    s.run(until=(3, Step.END))

    elves = s.permanent("Llanowar Elves")
    forest = s.permanent("Forest")
    untapped = [(e["turn"], e["object"]) for e in s.events("permanent_untapped")]
    assert untapped == [(2, forest.id), (3, elves.id)]
    assert len([e for e in s.events("mana_added") if e["source"] == elves.id]) == 2


# --- mana abilities don't use the stack -----------------------------------------------------


@pytest.mark.rules("605.3b", "117.3c")
def test_a_mana_ability_resolves_immediately_without_using_the_stack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves")
    s.activate(0, "Llanowar Elves")
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))

    elves = s.permanent("Llanowar Elves")
    tapped = first(s, "permanent_tapped", object=elves.id)
    added = first(s, "mana_added", source=elves.id)
    activation = [
        e
        for e in s.events("decision_made")
        if e["kind"] == "priority" and e["chosen"] and "Llanowar Elves" in e["chosen"][0]
    ]
    assert len(activation) == 1
    # Nothing is put on the stack and nothing resolves; nobody else gets priority in between.
    between = [e for e in s.events() if activation[0]["seq"] < e["seq"] < added["seq"]]
    assert [e["event"] for e in between] == ["permanent_tapped"]
    assert tapped["rule"] == "605.3b"
    assert s.events("ability_activated") == []
    assert s.events("resolution_started") == []
    # P1 keeps priority after activating it.
    after = [e for e in s.events("decision_made") if e["seq"] > added["seq"]]
    assert after[0]["player"] == 0


@pytest.mark.rules("605.3a", "605.3b", "601.2g")
def test_mana_abilities_are_activated_while_paying_for_a_spell() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=["Llanowar Elves"])
    s.run()

    elves = s.permanent("Llanowar Elves")
    proposed = first(s, "spell_proposed", card="Giant Growth")
    added = first(s, "mana_added", source=elves.id)
    cast = first(s, "spell_cast", card="Giant Growth")
    assert proposed["seq"] < added["seq"] < cast["seq"]
    assert elves.tapped
    assert (s.power("Llanowar Elves"), s.toughness("Llanowar Elves")) == (4, 4)


@pytest.mark.rules("602.2")
def test_only_a_permanents_controller_can_activate_its_abilities() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Llanowar Elves", "Forest")
    s.activate(1, "Llanowar Elves")
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


# --- abilities that use the stack (602) -------------------------------------------------------


@pytest.mark.cards("Prodigal Pyromancer")
@pytest.mark.rules("602.2", "602.2a", "602.2b", "405.1", "608.2n")
def test_an_activated_ability_goes_on_the_stack_and_resolves_later() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    s.run()

    activated = first(s, "ability_activated")
    resolved = first(s, "ability_resolved")
    damage = first(s, "damage_dealt")
    assert activated["targets"] == ["player:1"]
    assert activated["seq"] < resolved["seq"]
    assert damage["source_name"] == "Prodigal Pyromancer"
    assert damage["amount"] == 1
    assert s.life(1) == 19
    assert s.permanent("Prodigal Pyromancer").tapped  # {T} is part of the cost (602.2b)
    # While the ability was on the stack, its controller held priority (117.3c).
    assert s.decisions.after(activated["seq"])[0].stack == 1


@pytest.mark.rules("302.6", "602.5a")
def test_a_tap_ability_of_a_creature_needs_control_since_the_turn_began() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Prodigal Pyromancer", sick=True)
    s.activate(0, "Prodigal Pyromancer", targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.cards("Acolyte of Xathrid")
@pytest.mark.rules("602.2b", "601.2g", "601.2h")
def test_an_ability_with_a_mana_cost_is_paid_as_it_is_activated() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Acolyte of Xathrid", "Swamp", "Swamp")
    s.activate(0, "Acolyte of Xathrid", targets=["P2"])
    s.run()

    assert s.life(1) == 19
    assert [e["mana"] for e in s.events("mana_spent")] == [["B", "B"]]
    assert all(p.tapped for p in s.permanents("Swamp"))


@pytest.mark.rules("602.2b", "601.2h")
def test_an_ability_whose_cost_cannot_be_paid_is_not_offered() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Acolyte of Xathrid", "Swamp")  # {1}{B} needs two mana
    s.activate(0, "Acolyte of Xathrid", targets=["P2"])
    with pytest.raises(ScenarioError, match="not a legal option"):
        s.run()


@pytest.mark.rules("608.2b", "608.2n")
def test_an_ability_whose_target_is_gone_does_not_resolve() -> None:
    # Prodigal Pyromancer targets the Bears; in response Goblin Artillery kills them.
    s = Scenario()
    s.add(0, "battlefield", "Prodigal Pyromancer", "Goblin Artillery")
    s.add(1, "battlefield", "Grizzly Bears")
    s.activate(0, "Prodigal Pyromancer", targets=["Grizzly Bears"])
    s.activate(0, "Goblin Artillery", targets=["Grizzly Bears"])
    s.run()

    assert s.graveyard(1) == ["Grizzly Bears"]
    fizzled = first(s, "ability_fizzled")
    assert fizzled["object"] == first(s, "ability_activated")["object"]
    assert [e["amount"] for e in s.events("damage_dealt")] == [2, 3]


@pytest.mark.cards("Goblin Artillery")
@pytest.mark.rules("608.2c", "120.3a")
def test_an_ability_follows_its_instructions_in_order() -> None:
    # "deals 2 damage to any target and 3 damage to you"
    s = Scenario()
    s.add(0, "battlefield", "Goblin Artillery")
    s.activate(0, "Goblin Artillery", targets=["P2"])
    s.run()

    hits = [(e.get("to_player"), e["amount"]) for e in s.events("damage_dealt")]
    assert hits == [(1, 2), (0, 3)]
    assert (s.life(0), s.life(1)) == (17, 18)

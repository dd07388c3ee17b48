"""Rules tests for replacement and prevention effects (CR 614-616).

Cards: Fog and Safe Passage (prevention effects from resolved spells), and the M10 dual
lands, which enter the battlefield tapped unless their controller has a land of a type
(a replacement effect of the land itself).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import CardOption, DecisionKind, Step
from manaweave.cards import NextDamagePrevention as PreventNextDamage
from manaweave.testing import Scenario


def _combat(*, fog: bool) -> Scenario:
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Forest", "Grizzly Bears")
    s.add(1, "hand", "Fog")
    s.attack(0, "Craw Wurm")
    s.block(1, "Grizzly Bears", "Craw Wurm")
    if fog:
        s.cast(1, "Fog", step=Step.DECLARE_BLOCKERS)
    return s.run(until=(1, Step.END_OF_COMBAT))


@pytest.mark.cards("Fog")
@pytest.mark.rules("615.1", "615.1a", "615.6", "510.2")
def test_fog_prevents_all_combat_damage_this_turn() -> None:
    s = _combat(fog=True)
    assert s.events("damage_dealt") == []
    prevented = s.events("damage_prevented")
    assert [(p["amount"], p["rule"]) for p in prevented] == [(6, "615.6"), (2, "615.6")]
    assert s.battlefield(1) == ["Forest", "Grizzly Bears"]
    assert s.permanent("Craw Wurm").damage == 0
    # Without it, the Bears die.
    assert _combat(fog=False).graveyard(1) == ["Grizzly Bears"]


@pytest.mark.cards("Fog")
@pytest.mark.rules("615.1a", "120.3")
def test_fog_does_not_prevent_noncombat_damage() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Mountain")
    s.add(0, "hand", "Fog", "Lightning Bolt")
    s.cast(0, "Fog")
    s.cast(0, "Lightning Bolt", targets=["P2"], stack_empty=True)
    s.run()
    assert s.life(1) == 17


@pytest.mark.rules("514.2", "615.1")
def test_a_prevention_effect_this_turn_ends_in_the_cleanup_step() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Craw Wurm")
    s.add(0, "hand", "Fog")
    s.cast(0, "Fog")
    s.attack(0, "Craw Wurm", turn=3)
    s.run(until=(3, Step.END))
    assert s.life(1) == 14  # the turn-3 attack is not prevented


@pytest.mark.cards("Safe Passage")
@pytest.mark.rules("615.1", "615.6")
def test_safe_passage_protects_its_controller_and_their_creatures_only() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Runeclaw Bear", "Craw Wurm")
    s.add(1, "battlefield", "Plains", "Plains", "Plains", "Grizzly Bears")
    s.add(1, "hand", "Safe Passage")
    s.attack(0, "Runeclaw Bear", "Craw Wurm")
    s.block(1, "Grizzly Bears", "Runeclaw Bear")
    s.cast(1, "Safe Passage", step=Step.DECLARE_BLOCKERS)
    s.run(until=(1, Step.END_OF_COMBAT))

    assert s.life(1) == 20  # the Wurm's 6 to the player: prevented
    assert s.battlefield(1).count("Grizzly Bears") == 1  # the Bear's 2: prevented
    assert s.graveyard(0) == ["Runeclaw Bear"]  # the Bears' 2 back: not prevented


@pytest.mark.rules("616.1", "616.1e", "616.1f")
def test_the_affected_player_chooses_which_of_two_preventions_applies() -> None:
    # Fog and Safe Passage both apply to the Wurm's damage to player 1, who chooses
    # one; it prevents all of it, so the other has nothing left to apply to (616.1f).
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", "Forest", "Plains", "Plains", "Plains")
    s.add(1, "hand", "Fog", "Safe Passage")
    s.attack(0, "Craw Wurm")
    s.cast(1, "Fog", step=Step.DECLARE_ATTACKERS)
    s.cast(1, "Safe Passage", step=Step.DECLARE_ATTACKERS, stack_empty=True)
    s.choose(1, DecisionKind.REPLACEMENT_ORDER, "Safe Passage")
    s.run(until=(1, Step.END_OF_COMBAT))

    (asked,) = s.decisions.of_kind(DecisionKind.REPLACEMENT_ORDER)
    assert asked.player == 1
    assert len(asked.options) == 2
    assert all(isinstance(o, CardOption) for o in asked.options)
    (prevented,) = s.events("damage_prevented")
    assert prevented["text"].startswith("Prevent all damage that would be dealt to you")
    assert s.life(1) == 20


# --- 614.1d, 614.12: enters tapped -----------------------------------------------------------


@pytest.mark.cards("Dragonskull Summit")
@pytest.mark.rules("614.1d", "614.12", "305.1")
@pytest.mark.parametrize(
    ("lands", "tapped"),
    [((), True), (("Forest",), True), (("Swamp",), False), (("Mountain",), False)],
)
def test_a_dual_land_enters_tapped_unless_its_controller_has_the_right_land(
    lands: tuple[str, ...], tapped: bool
) -> None:
    s = Scenario()
    if lands:
        s.add(0, "battlefield", *lands)
    s.add(0, "hand", "Dragonskull Summit")
    s.play_land(0, "Dragonskull Summit")
    s.run()

    assert s.permanent("Dragonskull Summit").tapped is tapped
    replaced = s.events("event_replaced")
    assert [e["rule"] for e in replaced] == (["614.1d"] if tapped else [])


@pytest.mark.cards("Dragonskull Summit")
@pytest.mark.rules("614.12", "614.1d", "613.1d", "305.7")
def test_under_blood_moon_a_dual_land_enters_untapped() -> None:
    # 614.12 looks at the land as it would exist on the battlefield: Blood Moon would make
    # it a Mountain with no other abilities (305.7), so "enters tapped unless" is gone.
    s = Scenario(plugins=[TestCards()])
    s.add(1, "battlefield", "Blood Moon")
    s.add(0, "hand", "Dragonskull Summit")
    s.play_land(0, "Dragonskull Summit")
    s.run()
    assert s.permanent("Dragonskull Summit").tapped is False
    assert s.events("event_replaced") == []


@pytest.mark.cards("Dragonskull Summit")
@pytest.mark.rules("614.12", "106.1b", "605.1a")
def test_an_untapped_dual_land_taps_for_either_colour() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Swamp", "Dragonskull Summit")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.run()
    assert s.life(1) == 17
    assert first(s, "mana_added", source=s.permanent("Dragonskull Summit").id)["mana"] == ["R"]


# --- 614.1a, 616.1: replacing zone changes ---------------------------------------------------


@pytest.mark.rules("614.1a", "614.6", "603.10a", "700.4")
def test_a_creature_exiled_instead_of_dying_does_not_trigger_dies_abilities() -> None:
    # With "exile it instead" in force, Festering Goblin never dies, so "When Festering
    # Goblin dies" does not trigger; Lightning Bolt is exiled too as it resolves.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Mountain", "Test Rest", "Grizzly Bears")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Festering Goblin")
    s.cast(0, "Lightning Bolt", targets=["Festering Goblin"])
    s.run()

    assert s.graveyard(0) == []
    assert s.graveyard(1) == []
    game = s.game
    assert game is not None
    assert sorted(o.name for o in game.exile) == ["Festering Goblin", "Lightning Bolt"]
    assert s.events("ability_triggered") == []
    assert [e["instead_of"] for e in s.events("event_replaced")] == ["graveyard", "graveyard"]


@pytest.mark.rules("614.1a", "111.7", "704.5d")
def test_a_token_exiled_instead_of_going_to_the_graveyard_still_ceases_to_exist() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Ant Queen", "Forest", "Forest", "Test Rest")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.activate(0, "Ant Queen")
    s.cast(1, "Lightning Bolt", targets=["Insect Token"], step=Step.BEGINNING_OF_COMBAT)
    s.run()
    moved = first(s, "object_moved", card="Insect Token")
    assert moved["to_zone"] == "exile"
    assert first(s, "object_ceased")["object"] == moved["new_object"]


@pytest.mark.rules("616.1", "616.1e", "616.1f")
@pytest.mark.parametrize(
    ("first_applied", "ends_in"), [("Test Rest", "exile"), ("Test Phoenix", "library")]
)
def test_616_1f_the_effect_applied_first_decides_and_the_other_no_longer_applies(
    first_applied: str, ends_in: str
) -> None:
    # CR 616.1f: "If a card would be put into a graveyard from anywhere, instead exile it"
    # and "If this creature would die, instead shuffle it into its owner's library". Its
    # controller chooses; whichever applies first, the other no longer applies.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Rest", "Test Phoenix")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Test Phoenix"])
    s.choose(0, DecisionKind.REPLACEMENT_ORDER, first_applied)
    s.run()

    (asked,) = s.decisions.of_kind(DecisionKind.REPLACEMENT_ORDER)
    assert asked.player == 0  # the affected object's controller (616.1)
    replaced = [
        e for e in s.events("event_replaced") if e["object"] != first(s, "spell_cast")["object"]
    ]
    assert [e["to_zone"] for e in replaced][:1] == [ends_in]
    game = s.game
    assert game is not None
    where = {"exile": game.exile, "library": game.players[0].library}[ends_in]
    assert "Test Phoenix" in [o.name for o in where]
    assert len([e for e in replaced if e["text"].startswith(("If a card", "If Test"))]) == 1


@pytest.mark.rules("613.1f", "614.1a", "604.1", "700.4")
@pytest.mark.parametrize("humility", [False, True])
def test_a_creature_that_loses_its_replacement_ability_dies(humility: bool) -> None:
    # Humility: all creatures lose all abilities. Test Phoenix no longer has "If this
    # creature would die, shuffle it into its owner's library instead", so it dies.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Phoenix", "Mountain")
    if humility:
        s.add(0, "battlefield", "Humility")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Test Phoenix"])
    s.run()
    assert ("Test Phoenix" in s.graveyard(0)) is humility
    assert bool(s.events("event_replaced")) is not humility


# --- 614.1c and prevention with a cost: Protean Hydra -----------------------------------------


def hydra(x: int, *, bolt: bool = False, humility: bool = False) -> Scenario:
    s = Scenario(plugins=[TestCards()])
    if humility:
        s.add(1, "battlefield", "Humility")
    s.add(0, "battlefield", *["Forest"] * (x + 1))
    s.add(0, "hand", "Protean Hydra")
    s.cast(0, "Protean Hydra", x=x)
    if bolt:
        s.add(1, "battlefield", "Mountain")
        s.add(1, "hand", "Lightning Bolt")
        s.cast(1, "Lightning Bolt", targets=["Protean Hydra"], stack_empty=True)
        s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3)
        # The delayed "at the beginning of the next end step" triggers.
        s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3, step=Step.END)
    return s


@pytest.mark.cards("Protean Hydra")
@pytest.mark.rules("614.1c", "122.6", "107.3a")
def test_protean_hydra_enters_with_x_counters() -> None:
    s = hydra(3).run()
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 3}
    assert (s.power("Protean Hydra"), s.toughness("Protean Hydra")) == (3, 3)
    added = first(s, "counters_added")
    assert (added["rule"], added["count"]) == ("614.1c", 3)
    # It entered with them: no state-based action ever saw it as a 0/0 (704.5f).
    assert s.events("state_based_actions_performed") == []


@pytest.mark.rules("614.12", "614.1c", "613.1f")
def test_under_humility_protean_hydra_enters_without_counters() -> None:
    # As it would exist on the battlefield, Humility has taken its "enters with X +1/+1
    # counters" away (614.12): it enters a 1/1 with no counters.
    s = hydra(3, humility=True).run()
    assert s.permanent("Protean Hydra").counters == {}
    assert (s.power("Protean Hydra"), s.toughness("Protean Hydra")) == (1, 1)


@pytest.mark.cards("Protean Hydra")
@pytest.mark.rules("614.1c", "704.5f")
def test_protean_hydra_with_x_zero_dies() -> None:
    s = hydra(0).run()
    assert s.graveyard(0) == ["Protean Hydra"]


@pytest.mark.cards("Protean Hydra")
@pytest.mark.rules("615.1a", "615.6", "122.8")
def test_damage_to_protean_hydra_is_prevented_and_removes_counters() -> None:
    s = hydra(4, bolt=True).run(until=(1, Step.END))
    assert s.permanent("Protean Hydra").damage == 0
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 1}
    prevented = first(s, "damage_prevented")
    assert prevented["amount"] == 3
    assert first(s, "counters_removed")["count"] == 3
    # At the end step, each counter removed brings back two (the delayed triggers).
    s.run(until=(1, Step.CLEANUP))
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 7}


@pytest.mark.cards("Protean Hydra")
@pytest.mark.rules("615.6", "704.5f")
def test_protean_hydra_with_as_many_counters_as_damage_dies_of_zero_toughness() -> None:
    # Three counters, three damage: all prevented, all counters removed, a 0/0 dies.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Protean Hydra")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Protean Hydra", x=3)
    s.cast(1, "Lightning Bolt", targets=["Protean Hydra"], stack_empty=True)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3)
    s.run()
    assert s.graveyard(0) == ["Protean Hydra"]
    assert [e["objects"][0][1] for e in s.events("state_based_actions_performed")] == ["704.5f"]


# --- 615.7: prevention shields ---------------------------------------------------------------


@pytest.mark.cards("Bandage")
@pytest.mark.rules("615.7", "615.6")
def test_a_shield_prevents_only_its_amount() -> None:
    # Bandage shields the Bears from 1 damage; Shock's other 1 damage is dealt.
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Mountain")
    s.add(0, "hand", "Bandage", "Shock")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Bandage", targets=["Grizzly Bears"])
    s.cast(0, "Shock", targets=["Grizzly Bears"], stack_empty=True)
    s.run()

    bears = s.permanent("Grizzly Bears")
    assert bears.damage == 1
    prevented = first(s, "damage_prevented")
    assert (prevented["rule"], prevented["amount"]) == ("615.7", 1)
    assert first(s, "damage_dealt", to_object=bears.id)["amount"] == 1
    assert s.hand(0) == ["Island"]  # and Bandage draws a card


@pytest.mark.rules("615.7")
def test_a_shield_lasts_across_damage_events_until_used_up() -> None:
    # A shield of 3 prevents Shock's 2, then 1 of the next Shock's 2; the rest is dealt.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Plains", "Mountain", "Mountain")
    s.add(0, "hand", "Test Shield of Three", "Shock", "Shock")
    s.cast(0, "Test Shield of Three", targets=["P2"])
    s.cast(0, "Shock", targets=["P2"], stack_empty=True)
    s.cast(0, "Shock", targets=["P2"], stack_empty=True)
    s.run()

    assert [e["amount"] for e in s.events("damage_prevented")] == [2, 1]
    assert s.life(1) == 19
    assert s.game is not None
    assert s.game.replacement_effects == []  # used up (615.7)


@pytest.mark.rules("615.7", "514.2")
def test_an_unused_shield_ends_in_the_cleanup_step() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Plains", "Mountain")
    s.add(0, "hand", "Test Shield of Three")
    s.add(0, "battlefield", "Prodigal Pyromancer")
    s.cast(0, "Test Shield of Three", targets=["P2"])
    s.activate(0, "Prodigal Pyromancer", targets=["P2"], turn=2, step=Step.UPKEEP)
    s.run(until=(2, Step.END))

    assert s.life(1) == 19
    assert not s.events("damage_prevented")


@pytest.mark.cards("Banefire")
@pytest.mark.rules("615.12", "615.7")
def test_damage_that_cant_be_prevented_does_not_reduce_a_shield() -> None:
    # Banefire with X 5 can't be prevented: all 5 are dealt and the shield stays at 3;
    # it then prevents Prodigal Pyromancer's 1 damage and has 2 left.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Plains", *["Mountain"] * 6, "Prodigal Pyromancer")
    s.add(0, "hand", "Test Shield of Three", "Banefire")
    s.cast(0, "Test Shield of Three", targets=["P2"])
    s.cast(0, "Banefire", targets=["P2"], x=5, stack_empty=True)
    s.activate(0, "Prodigal Pyromancer", targets=["P2"], stack_empty=True)
    s.run()

    assert s.life(1) == 15
    assert [e["amount"] for e in s.events("damage_prevented")] == [1]
    assert s.game is not None
    (shield,) = s.game.replacement_effects
    assert isinstance(shield, PreventNextDamage)
    assert shield.remaining == 2


@pytest.mark.cards("Samite Healer")
@pytest.mark.rules("615.7", "510.2")
def test_the_shielded_player_chooses_which_simultaneous_damage_it_prevents() -> None:
    # Two creatures attack a player shielded from 1 damage by Samite Healer. That player
    # chooses the Wurm's damage for the shield: the Bears' 2 is dealt in full and 5 of
    # the Wurm's 6.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Craw Wurm")
    s.add(1, "battlefield", "Samite Healer")
    s.attack(0, "Grizzly Bears", "Craw Wurm")
    s.activate(1, "Samite Healer", targets=["P2"], step=Step.DECLARE_ATTACKERS)
    s.choose(1, DecisionKind.SHIELD, "Craw Wurm")
    s.run(until=(1, Step.END_OF_COMBAT))

    (asked,) = s.decisions.of_kind(DecisionKind.SHIELD)
    assert asked.player == 1
    assert s.life(1) == 20 - 2 - 5
    prevented = first(s, "damage_prevented")
    wurm = s.permanent("Craw Wurm")
    assert (prevented["damage_source"], prevented["amount"]) == (wurm.id, 1)


@pytest.mark.rules("615.7", "616.1")
def test_two_shields_on_one_creature_both_apply() -> None:
    # Two Samite Healers each shield the Bears from 1 damage: Shock deals none.
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Shock")
    s.add(1, "battlefield", "Samite Healer", "Samite Healer", "Grizzly Bears")
    combat = Step.BEGINNING_OF_COMBAT
    s.activate(1, "Samite Healer", targets=["Grizzly Bears"], step=combat)
    s.activate(1, "Samite Healer", targets=["Grizzly Bears"], step=combat, stack_empty=True)
    s.cast(0, "Shock", targets=["Grizzly Bears"], step=Step.POSTCOMBAT_MAIN)
    s.choose(1, DecisionKind.REPLACEMENT_ORDER, "Samite Healer ability")
    s.run()

    assert s.permanent("Grizzly Bears").damage == 0
    assert [e["amount"] for e in s.events("damage_prevented")] == [1, 1]

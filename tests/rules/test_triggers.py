"""Rules tests for triggered abilities (CR 603).

Cards: Elvish Visionary and Sparkmage Apprentice (enters-the-battlefield), Soul Warden
("another creature enters"), Festering Goblin ("dies", a look-back trigger), Howling Mine
(a beginning-of-step trigger with an intervening "if"), the M10 life artifacts ("whenever
a player casts a [colour] spell, you may"), Mesa Enchantress, Underworld Dreams and
Bramble Creeper.
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Step
from manaweave.lowlevel import AbilityOnStack, Game
from manaweave.testing import Scenario, ScenarioError


def events_named(s: Scenario, name: str, **fields: object) -> list[dict[str, object]]:
    return [e for e in s.events(name) if all(e.get(k) == v for k, v in fields.items())]


# --- 603.2, 603.3: triggering, and going on the stack the next time a player would get priority


@pytest.mark.cards("Elvish Visionary")
@pytest.mark.rules("603.2", "603.3", "603.6a", "117.5")
def test_an_enters_the_battlefield_ability_triggers_and_uses_the_stack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Elvish Visionary")
    s.library(0, ["Island", "Mountain"])
    s.cast(0, "Elvish Visionary")
    s.run()

    entered = first(s, "permanent_entered", card="Elvish Visionary")
    triggered = first(s, "ability_triggered", card="Elvish Visionary")
    stacked = first(s, "ability_stacked")
    resolved = first(s, "ability_resolved")
    drawn = first(s, "card_drawn")
    assert entered["seq"] < triggered["seq"] < stacked["seq"] < drawn["seq"] < resolved["seq"]
    assert triggered["rule"] == "603.2"
    assert s.hand(0) == ["Mountain"]  # the top card
    # The trigger went on the stack before anyone received priority again (117.5).
    assert s.decisions.after(entered["seq"])[0].stack == 1


@pytest.mark.cards("Sparkmage Apprentice")
@pytest.mark.rules("603.3d", "601.2c", "115.4")
def test_a_targeted_trigger_chooses_its_target_as_it_goes_on_the_stack() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Mountain")
    s.add(0, "hand", "Sparkmage Apprentice")
    s.add(1, "battlefield", "Llanowar Elves")
    s.cast(0, "Sparkmage Apprentice")
    s.choose(0, DecisionKind.TARGET, "Llanowar Elves")
    s.run()

    assert first(s, "ability_stacked")["targets"] == [first(s, "damage_dealt")["to_object"]]
    assert s.graveyard(1) == ["Llanowar Elves"]


@pytest.mark.rules("603.3d")
def test_a_trigger_without_a_legal_target_is_removed() -> None:
    # Festering Goblin dies alone: "target creature" has nothing to choose.
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Festering Goblin")
    s.cast(0, "Lightning Bolt", targets=["Festering Goblin"])
    s.run()

    removed = first(s, "ability_removed")
    assert removed["rule"] == "603.3d"
    assert s.events("ability_stacked") == []


@pytest.mark.cards("Soul Warden")
@pytest.mark.rules("603.2", "603.6a")
def test_soul_warden_sees_another_creature_enter_but_not_itself() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Forest", "Forest", "Soul Warden")
    s.add(0, "hand", "Runeclaw Bear", "Soul Warden")
    s.cast(0, "Runeclaw Bear")
    s.run()
    assert s.life(0) == 21

    s = Scenario()
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Soul Warden")
    s.cast(0, "Soul Warden")
    s.run()
    assert s.life(0) == 20
    assert s.events("ability_triggered") == []


@pytest.mark.rules("603.6a", "603.2c")
def test_each_warden_triggers_for_the_other_entering() -> None:
    # The second Soul Warden enters: the first sees "another creature"; the newcomer
    # does not see itself (603.6a checks the newcomers too, but "another" excludes it).
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Soul Warden")
    s.add(0, "hand", "Soul Warden")
    s.cast(0, "Soul Warden")
    s.run()
    assert len(s.events("ability_triggered")) == 1
    assert s.life(0) == 21


# --- 603.10a: leaves-the-battlefield abilities look back in time ---------------------------


@pytest.mark.cards("Festering Goblin")
@pytest.mark.rules("603.10a", "603.6c", "700.4")
def test_a_dies_trigger_of_a_creature_that_left_still_triggers() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(0, "battlefield", "Llanowar Elves")
    s.add(1, "battlefield", "Festering Goblin")
    s.cast(0, "Lightning Bolt", targets=["Festering Goblin"])
    s.choose(1, DecisionKind.TARGET, "Llanowar Elves")
    s.run()

    triggered = first(s, "ability_triggered")
    assert triggered["card"] == "Festering Goblin"
    assert triggered["player"] == 1  # its controller when it left (603.3a)
    # -1/-1 leaves the 1/1 Elves with toughness 0: put into the graveyard (704.5f).
    assert s.graveyard(0) == ["Lightning Bolt", "Llanowar Elves"]


@pytest.mark.rules("603.10a", "704.3", "603.3b")
def test_creatures_that_die_together_see_each_other_die() -> None:
    # Two Festering Goblins block a Craw Wurm and die together; each one's trigger
    # triggers although both left at once. Their controller orders them (603.3b).
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm", "Runeclaw Bear")
    s.add(1, "battlefield", "Festering Goblin", "Festering Goblin")
    s.attack(0, "Craw Wurm")
    s.block(1, "Festering Goblin", "Craw Wurm")
    s.block(1, "Festering Goblin", "Craw Wurm")
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (3, 3))
    s.choose(1, DecisionKind.TRIGGER_ORDER, "Festering Goblin", "Festering Goblin")
    s.choose(1, DecisionKind.TARGET, "Runeclaw Bear")
    s.choose(1, DecisionKind.TARGET, "Runeclaw Bear")
    s.run()

    assert len(s.events("ability_triggered")) == 2
    assert s.graveyard(1) == ["Festering Goblin", "Festering Goblin"]
    assert s.graveyard(0) == ["Runeclaw Bear"]  # two -1/-1s on a 2/2 (704.5f)


# --- 603.2b, 603.4: beginning-of-step triggers with an intervening "if" --------------------


@pytest.mark.cards("Howling Mine")
@pytest.mark.rules("603.2b", "603.4", "504.1", "103.8a")
def test_howling_mine_gives_each_player_an_extra_card_while_untapped() -> None:
    s = Scenario(turn=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Howling Mine")
    s.run(until=(2, Step.PRECOMBAT_MAIN))

    # The starting player skips the draw step of turn 1 (103.8a): no draw step begins, so
    # the Mine does not trigger. In turn 2 its player draws for the step and for the Mine.
    assert s.hand(0) == []
    assert len(s.hand(1)) == 2
    triggers = s.events("ability_triggered")
    assert [(t["turn"], t["step"]) for t in triggers] == [(2, "draw")]


@pytest.mark.cards("Howling Mine")
@pytest.mark.rules("603.4")
def test_a_tapped_howling_mine_does_not_trigger() -> None:
    s = Scenario(turn=1, step=Step.UPKEEP)
    s.add(0, "battlefield", "Howling Mine", tapped=True)
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    assert s.events("ability_triggered") == []
    assert s.hand(0) == []


# --- 603.5: "you may" is chosen as the ability resolves ------------------------------------


@pytest.mark.cards("Dragon's Claw")
@pytest.mark.rules("603.5", "601.2i")
@pytest.mark.parametrize("answer", ["yes", "no"])
def test_an_optional_cast_trigger_asks_on_resolution(answer: str) -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.add(1, "battlefield", "Dragon's Claw", "Wurm's Tooth")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    s.choose(1, DecisionKind.MAY, answer)
    s.run()

    # Only the red-spell artifact triggers, for its own controller (603.3a).
    assert [e["card"] for e in s.events("ability_triggered")] == ["Dragon's Claw"]
    assert s.life(1) == 17 + (1 if answer == "yes" else 0)


@pytest.mark.rules("603.5")
def test_an_unscripted_may_decision_fails_the_scenario() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mountain", "Dragon's Claw")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["P2"])
    with pytest.raises(ScenarioError, match="unexpected may decision"):
        s.run()


@pytest.mark.cards("Mesa Enchantress")
@pytest.mark.rules("603.2", "601.2i")
def test_mesa_enchantress_triggers_on_its_controllers_enchantment_spells() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Mesa Enchantress", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Oakenform")
    s.library(0, ["Island", "Swamp"])
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.choose(0, DecisionKind.MAY, "yes")
    s.run()

    # The trigger resolves before the Aura spell (it is on top of it).
    resolved = [e["object"] for e in s.events("resolution_started")]
    assert resolved[0] == first(s, "ability_stacked")["object"]
    assert s.hand(0) == ["Swamp"]
    assert s.power("Grizzly Bears") == 5


# --- "that player" and attack triggers -----------------------------------------------------


@pytest.mark.cards("Underworld Dreams")
@pytest.mark.rules("603.2", "121.1")
def test_underworld_dreams_damages_the_opponent_who_draws() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP, active=1)
    s.add(0, "battlefield", "Underworld Dreams")
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.life(1) == 19
    assert s.life(0) == 20


@pytest.mark.cards("Bramble Creeper")
@pytest.mark.rules("508.1m", "603.2", "611.2c")
def test_bramble_creeper_gets_bigger_when_it_attacks() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Bramble Creeper")
    s.attack(0, "Bramble Creeper")
    s.run(until=(1, Step.END))
    assert s.life(1) == 15
    s2 = Scenario()
    s2.add(0, "battlefield", "Bramble Creeper")
    s2.attack(0, "Bramble Creeper")
    s2.run(until=(2, Step.UPKEEP))
    assert s2.power("Bramble Creeper") == 0  # "until end of turn" (514.2)


@pytest.mark.rules("603.3b", "101.4")
def test_active_players_triggers_go_on_the_stack_first_and_resolve_last() -> None:
    # Both players' Soul Wardens see the Bear enter: the active player's trigger goes on
    # the stack first (APNAP, 603.3b), so the non-active player's resolves first.
    s = Scenario()
    s.add(0, "battlefield", "Forest", "Forest", "Soul Warden")
    s.add(0, "hand", "Runeclaw Bear")
    s.add(1, "battlefield", "Soul Warden")
    s.cast(0, "Runeclaw Bear")
    s.run()

    stacked = [e["player"] for e in s.events("ability_stacked")]
    gained = [e["player"] for e in s.events("life_changed")]
    assert stacked == [0, 1]
    assert gained == [1, 0]
    assert (s.life(0), s.life(1)) == (21, 21)


@pytest.mark.rules("701.8a", "603.10a", "603.3b")
def test_creatures_destroyed_at_once_all_see_each_other_die() -> None:
    # Day of Judgment destroys both Festering Goblins and the Elves at once: each Goblin's
    # trigger triggers, and with no creature left to target each is removed (603.3d).
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Plains", "Plains", "Llanowar Elves")
    s.add(0, "hand", "Day of Judgment")
    s.add(1, "battlefield", "Festering Goblin", "Festering Goblin")
    s.cast(0, "Day of Judgment")
    s.choose(1, DecisionKind.TRIGGER_ORDER, "Festering Goblin", "Festering Goblin")
    s.run()

    assert s.battlefield() == ["Plains"] * 4
    assert [e["rule"] for e in s.events("object_moved") if e["from_zone"] == "battlefield"] == [
        "701.8a"
    ] * 3
    assert len(s.events("ability_triggered")) == 2
    assert [e["rule"] for e in s.events("ability_removed")] == ["603.3d", "603.3d"]


# --- 603.7: delayed triggered abilities ------------------------------------------------------


@pytest.mark.cards("Protean Hydra")
@pytest.mark.rules("603.7", "603.7a", "603.7b", "603.2c", "603.7e")
def test_protean_hydra_grows_back_at_the_beginning_of_the_next_end_step() -> None:
    # Three counters removed: the ability triggers three times (603.2c), each creating a
    # delayed trigger that puts two counters on the Hydra at the next end step, once.
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 5)
    s.add(0, "hand", "Protean Hydra")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(0, "Protean Hydra", x=4)
    s.cast(1, "Lightning Bolt", targets=["Protean Hydra"], stack_empty=True)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 3)
    s.run(until=(3, Step.UPKEEP))

    created = s.events("delayed_trigger_created")
    assert len(created) == 3
    end_triggers = [e for e in s.events("ability_triggered") if e["step"] == "end"]
    assert [e["turn"] for e in end_triggers] == [1, 1, 1]  # the next end step only
    assert s.permanent("Protean Hydra").counters == {"+1/+1": 7}


@pytest.mark.rules("603.7c")
def test_a_delayed_trigger_does_nothing_to_an_object_that_left() -> None:
    # Two counters and two damage from Shock: the Hydra dies as a 0/0 before the end step.
    # Its delayed triggers still trigger there, but put no counters on anything.
    s = Scenario()
    s.add(0, "battlefield", *["Forest"] * 3)
    s.add(0, "hand", "Protean Hydra")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(0, "Protean Hydra", x=2)
    s.cast(1, "Shock", targets=["Protean Hydra"], stack_empty=True)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 2)
    s.choose(0, DecisionKind.TRIGGER_ORDER, *["Protean Hydra"] * 2)
    s.run(until=(1, Step.CLEANUP))

    assert s.graveyard(0) == ["Protean Hydra"]  # 2 counters, 2 damage: a 0/0
    assert len(s.events("delayed_trigger_created")) == 2
    assert [e["step"] for e in s.events("ability_triggered")][-2:] == ["end", "end"]
    assert [e for e in s.events("counters_added") if e["step"] == "end"] == []


# --- 603.8: state triggers ------------------------------------------------------------------


def _ability_on_stack(game: Game) -> bool:
    return any(isinstance(item, AbilityOnStack) for item in game.stack)


@pytest.mark.rules("603.8", "701.21a")
def test_a_state_trigger_triggers_as_soon_as_its_state_is_true() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Lonely Hermit")
    s.run()

    assert s.graveyard(0) == ["Test Lonely Hermit"]
    assert first(s, "sacrificed", to_zone="graveyard")["rule"] == "701.21a"


@pytest.mark.rules("603.8")
def test_a_state_trigger_waits_for_its_state() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Lonely Hermit", "Grizzly Bears", "Mountain")
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"], step=Step.POSTCOMBAT_MAIN)
    s.run()

    (triggered,) = s.events("ability_triggered")
    bears_died = first(s, "object_moved", card="Grizzly Bears", to_zone="graveyard")
    assert triggered["step"] == "postcombat_main"
    assert triggered["trigger"] == bears_died["seq"]  # the event that made the state true
    assert s.graveyard(0) == ["Lightning Bolt", "Grizzly Bears", "Test Lonely Hermit"]


@pytest.mark.rules("603.8")
def test_a_state_trigger_does_not_trigger_again_while_it_is_on_the_stack() -> None:
    # The Bears die; the Hermit's ability triggers once, though both players receive
    # priority (and the state is checked) several times before it resolves.
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Test Lonely Hermit", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Lightning Bolt", "Shock")
    s.cast(0, "Lightning Bolt", targets=["Grizzly Bears"])
    s.cast(0, "Shock", targets=["P2"], when=lambda g: _ability_on_stack(g))
    s.run()

    triggered = s.events("ability_triggered")
    assert len(triggered) == 1
    assert s.graveyard(0).count("Test Lonely Hermit") == 1
    assert s.life(1) == 18


# --- damage and "becomes tapped" triggers ----------------------------------------------------


@pytest.mark.cards("Scroll Thief")
@pytest.mark.rules("510.3a", "603.2", "120.3")
def test_scroll_thief_draws_when_it_deals_combat_damage_to_a_player() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Scroll Thief")
    s.library(0, ["Forest", "Mountain"])
    s.attack(0, "Scroll Thief")
    s.run()

    assert s.life(1) == 19
    assert s.hand(0) == ["Mountain"]
    triggered = first(s, "ability_triggered")
    assert triggered["trigger"] == first(s, "damage_dealt", to_player=1)["seq"]


@pytest.mark.cards("Scroll Thief")
@pytest.mark.rules("510.3a", "603.2")
def test_scroll_thief_blocked_or_dealing_noncombat_damage_does_not_draw() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Scroll Thief")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, "Scroll Thief")
    s.block(1, "Grizzly Bears", "Scroll Thief")
    s.run()

    assert s.hand(0) == []
    assert not s.events("ability_triggered")


@pytest.mark.cards("Gideon's Avenger")
@pytest.mark.rules("701.26a", "603.2", "508.1f", "102.2")
def test_gideons_avenger_grows_whenever_an_opponents_creature_becomes_tapped() -> None:
    # The opponent's Bears tap to attack (508.1f) and their Elves tap for mana: two
    # triggers. The Avenger's own side tapping does not count.
    s = Scenario(active=1)
    s.add(0, "battlefield", "Gideon's Avenger", "Llanowar Elves")
    s.add(1, "battlefield", "Grizzly Bears", "Llanowar Elves")
    s.add(1, "hand", "Giant Growth")
    s.attack(1, "Grizzly Bears")
    s.cast(1, "Giant Growth", targets=["Grizzly Bears"], step=Step.DECLARE_BLOCKERS)
    s.activate(0, "Llanowar Elves", step=Step.END)
    s.run(until=(1, Step.CLEANUP))

    avenger = s.permanent("Gideon's Avenger")
    assert avenger.counters == {"+1/+1": 2}
    assert len(s.events("ability_triggered")) == 2
    assert s.life(0) == 15  # the Bears, 5/5 with Giant Growth, were not blocked


# --- 119.9: life gain triggers ---------------------------------------------------------------


@pytest.mark.cards("Ajani's Pridemate")
@pytest.mark.rules("119.9", "603.2", "603.3b")
def test_ajanis_pridemate_grows_each_time_you_gain_life() -> None:
    # A creature enters: Soul Warden's trigger gains 1 life, which triggers the Pridemate.
    s = Scenario()
    s.add(0, "battlefield", "Soul Warden", "Ajani's Pridemate", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()

    assert s.life(0) == 21
    assert s.permanent("Ajani's Pridemate").counters == {"+1/+1": 1}
    assert s.power("Ajani's Pridemate") == 3


@pytest.mark.rules("119.9")
def test_gaining_0_life_is_no_life_gain_event() -> None:
    # Consume Spirit with X 0 deals 0 damage and gains 0 life: nothing triggers.
    s = Scenario()
    s.add(0, "battlefield", "Ajani's Pridemate", "Swamp", "Swamp")
    s.add(0, "hand", "Consume Spirit")
    s.cast(0, "Consume Spirit", targets=["P2"], x=0)
    s.run()

    assert first(s, "spell_cast")["x"] == 0
    assert s.permanent("Ajani's Pridemate").counters == {}
    assert not s.events("ability_triggered")


@pytest.mark.rules("119.9")
def test_an_opponent_gaining_life_does_not_trigger_you_gain_life() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Ajani's Pridemate")
    s.add(1, "battlefield", "Soul Warden", "Forest", "Forest")
    s.add(1, "hand", "Grizzly Bears")
    s.cast(1, "Grizzly Bears", turn=2)
    s.run(until=(2, Step.END))

    assert s.life(1) == 21
    assert s.permanent("Ajani's Pridemate").counters == {}

"""Rules tests for continuous effects of static abilities and of resolved spells (CR 611).

Cards: Glorious Anthem, Honor of the Pure and Predatory Sliver (static abilities, 611.3a),
Glorious Charge (a resolved spell's effect, 611.2c), and Awakener Druid (a layer 4 effect
that makes a land a creature, 613.1).
"""

from __future__ import annotations

import pytest
from _cards import TestCards
from _support import first

from manaweave import DecisionKind, Step, hookimpl
from manaweave.cards import CardSet, Printed, card
from manaweave.testing import Scenario


def pt(s: Scenario, name: str, player: int = 0) -> tuple[int | None, int | None]:
    return (s.power(name, player), s.toughness(name, player))


@pytest.mark.cards("Glorious Anthem")
@pytest.mark.rules("611.3a", "613.4c", "604.1")
def test_an_anthem_applies_to_the_creatures_its_controller_controls_at_each_moment() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Glorious Anthem", "Grizzly Bears", "Forest", "Forest")
    s.add(0, "hand", "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Runeclaw Bear")  # enters after the Anthem: still affected
    s.run()
    assert pt(s, "Grizzly Bears", 0) == (3, 3)
    assert pt(s, "Runeclaw Bear", 0) == (3, 3)
    assert pt(s, "Grizzly Bears", 1) == (2, 2)  # an opponent's creature is not


@pytest.mark.cards("Glorious Charge")
@pytest.mark.rules("611.2c", "611.3a")
def test_a_resolved_spells_effect_locks_in_what_it_affects() -> None:
    # Glorious Charge pumps the creatures its controller had as it resolved; a creature
    # cast afterwards the same turn is not affected.
    s = Scenario()
    s.add(0, "battlefield", "Plains", "Plains", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Glorious Charge", "Runeclaw Bear")
    s.cast(0, "Glorious Charge")
    s.cast(0, "Runeclaw Bear", stack_empty=True)
    s.run()
    assert pt(s, "Grizzly Bears") == (3, 3)
    assert pt(s, "Runeclaw Bear") == (2, 2)


@pytest.mark.cards("Honor of the Pure")
@pytest.mark.rules("611.3a", "105.2")
def test_honor_of_the_pure_affects_white_creatures_only() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Honor of the Pure", "Silvercoat Lion", "Grizzly Bears")
    s.run()
    assert pt(s, "Silvercoat Lion") == (3, 3)
    assert pt(s, "Grizzly Bears") == (2, 2)


@pytest.mark.cards("Predatory Sliver")
@pytest.mark.rules("611.3a", "613.7")
def test_a_lord_pumps_itself_and_the_others_of_its_type_and_effects_add_up() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Predatory Sliver", "Predatory Sliver", "Glorious Anthem")
    s.run()
    # Each Sliver: 1/1, +1/+1 from each of the two Slivers, +1/+1 from the Anthem.
    game = s.game
    assert game is not None
    sizes = [game.characteristics(p) for p in s.permanents("Predatory Sliver")]
    assert [(c.power, c.toughness) for c in sizes] == [(4, 4), (4, 4)]


@pytest.mark.rules("611.3a")
def test_a_static_effect_ends_when_its_source_leaves_the_battlefield() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Predatory Sliver", "Predatory Sliver")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Predatory Sliver"])
    s.run()
    # 3 damage kills a 2/2 Sliver; the other loses that Sliver's bonus.
    assert s.battlefield(0) == ["Predatory Sliver"]
    assert pt(s, "Predatory Sliver") == (2, 2)


@pytest.mark.rules("613.1", "613.1d", "613.4c", "611.3a")
def test_a_land_made_a_creature_in_layer_4_gets_an_anthems_bonus_in_layer_7() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Glorious Anthem", "Forest", "Forest", "Forest", "Forest")
    s.add(0, "hand", "Awakener Druid")
    s.cast(0, "Awakener Druid")
    s.choose(0, DecisionKind.TARGET, "Forest#1")
    s.run(until=(1, Step.END))
    game = s.game
    assert game is not None
    (treefolk,) = [p for p in s.permanents("Forest") if game.characteristics(p).is_creature]
    chars = game.characteristics(treefolk)
    assert (chars.power, chars.toughness) == (5, 6)  # 4/5 base (7b), then +1/+1 (7c)
    assert pt(s, "Awakener Druid") == (2, 2)


# --- 611.2a, 800.4m: "until your next turn" ---------------------------------------------------


@pytest.mark.rules("611.2a", "613.4c")
def test_until_your_next_turn_lasts_through_the_opponents_turn() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Weaken")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Test Weaken", targets=["Grizzly Bears"])
    s.run(until=(2, Step.END))
    assert s.power("Grizzly Bears") == 0  # through the cleanup of turn 1 and turn 2

    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Swamp")
    s.add(0, "hand", "Test Weaken")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Test Weaken", targets=["Grizzly Bears"])
    s.run(until=(3, Step.UPKEEP))
    assert s.power("Grizzly Bears") == 2  # it ended as player 1's next turn began
    ended = first(s, "effects_ended")
    assert (ended["turn"], ended["rule"]) == (3, "611.2a")


@pytest.mark.rules("800.4m", "611.2a")
def test_until_your_next_turn_of_a_player_who_left_ends_when_their_turn_would_begin() -> None:
    # Three players. Player 1 weakens player 3's Bears in turn 1 and concedes in turn 2.
    # Turn 3 is player 3's; player 1's turn would have begun after it, so the effect ends
    # as turn 4 (player 2's) begins: not earlier, not never.
    def weakened(until: tuple[int, Step]) -> Scenario:
        s = Scenario(players=3, plugins=[TestCards()])
        s.add(0, "battlefield", "Swamp")
        s.add(0, "hand", "Test Weaken")
        s.add(2, "battlefield", "Grizzly Bears")
        s.cast(0, "Test Weaken", targets=["Grizzly Bears"])
        s.concede(0, turn=2, step=Step.PRECOMBAT_MAIN)
        return s.run(until=until)

    assert weakened((3, Step.END)).power("Grizzly Bears") == 0
    assert weakened((4, Step.UPKEEP)).power("Grizzly Bears") == 2


# --- 611.3b: "as long as" ----------------------------------------------------------------------


@pytest.mark.cards("Gearsmith Prodigy", "Gearsmith Guardian")
@pytest.mark.rules("611.3b", "613.4c", "105.2")
def test_gearsmith_prodigy_and_guardian_each_turn_the_other_on() -> None:
    # The Prodigy is blue; the Guardian is an artifact: each makes the other's condition true.
    s = Scenario()
    s.add(0, "battlefield", "Gearsmith Prodigy")
    s.run()
    assert (s.power("Gearsmith Prodigy"), s.toughness("Gearsmith Prodigy")) == (1, 2)

    s = Scenario()
    s.add(0, "battlefield", "Gearsmith Prodigy", "Gearsmith Guardian")
    s.run()
    assert s.power("Gearsmith Prodigy") == 2
    assert s.power("Gearsmith Guardian") == 5


@pytest.mark.cards("Gearsmith Prodigy", "Gearsmith Guardian")
@pytest.mark.rules("611.3b")
def test_as_long_as_counts_only_what_you_control() -> None:
    # "You control": the opponent's artifact and blue creature do not count.
    s = Scenario()
    s.add(0, "battlefield", "Gearsmith Prodigy")
    s.add(1, "battlefield", "Gearsmith Guardian")
    s.run()
    assert s.power("Gearsmith Prodigy") == 1
    assert s.power("Gearsmith Guardian") == 3


@pytest.mark.cards("Grasping Scoundrel")
@pytest.mark.rules("611.3b", "508.1", "511.3", "510.1a")
def test_grasping_scoundrel_is_bigger_only_while_attacking() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grasping Scoundrel")
    s.attack(0, "Grasping Scoundrel")
    s.run(until=(1, Step.DECLARE_BLOCKERS))
    assert s.power("Grasping Scoundrel") == 2

    s = Scenario()
    s.add(0, "battlefield", "Grasping Scoundrel")
    s.attack(0, "Grasping Scoundrel")
    s.run()
    assert s.life(1) == 18  # it dealt 2 combat damage
    assert s.power("Grasping Scoundrel") == 1  # after combat (511.3)


@pytest.mark.rules("613.1f", "611.2c", "514.2")
def test_a_resolving_spell_grants_a_triggered_ability_until_end_of_turn() -> None:
    s = Scenario(plugins=[TestCards()])
    s.add(0, "battlefield", "Grizzly Bears", "Island")
    s.add(0, "hand", "Test Borrowed Insight")
    s.library(0, ["Plains", "Swamp", "Forest", "Mountain"])
    s.cast(0, "Test Borrowed Insight", targets=["Grizzly Bears"])
    s.attack(0, "Grizzly Bears")
    s.attack(0, "Grizzly Bears", turn=3)
    s.run(until=(3, Step.END))
    # Drew once in turn 1 from the granted ability, and once in turn 3's draw step only.
    drawn = [(e["turn"], e["step"]) for e in s.events("card_drawn") if e["player"] == 0]
    assert drawn == [(1, "combat_damage"), (3, "draw")]


class _ColorIndicatorCards:
    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [
            CardSet(
                "CI-TEST",
                "Colour indicator tests",
                (
                    card(
                        "Test Indicated Elf",
                        printed=Printed(None, "Creature — Elf", pt=(1, 1), color_indicator="G"),
                    ),
                    card(
                        "Test Indicated Pair",
                        printed=Printed("{2}", "Creature — Golem", pt=(2, 2), color_indicator="RU"),
                    ),
                ),
            )
        ]


@pytest.mark.rules("202.2e", "204.1", "105.2")
def test_a_colour_indicator_gives_a_card_its_colours_whatever_its_mana_cost() -> None:
    s = Scenario(plugins=[_ColorIndicatorCards()])
    s.add(0, "battlefield", "Test Indicated Elf", "Test Indicated Pair")
    s.run()
    game = s.game
    assert game is not None
    assert game.characteristics(s.permanent("Test Indicated Elf")).colors == ("G",)
    assert game.characteristics(s.permanent("Test Indicated Pair")).colors == ("U", "R")
    with pytest.raises(ValueError, match="a colour indicator is one or more of W, U, B, R, G"):
        card("Test Bad", printed=Printed(None, "Creature — Elf", pt=(1, 1), color_indicator="X"))

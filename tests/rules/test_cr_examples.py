"""The "Example:" paragraphs of CR 603 and 613 that the implemented cards can express,
played out. Each test quotes its example's situation in a comment.

Test-only cards (``tests/_cards.py``) stand in where an example names a card of a set not
defined yet; they are written in the card language like any other card.
"""

from __future__ import annotations

import pytest
from _cards import TestCards

from manaweave import DecisionKind, Step
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

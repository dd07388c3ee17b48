"""The Magic 2010 creatures whose rules text is keyword abilities, each played out: every
keyword a card has does what its rule says, on that card.

Each card is checked once per keyword it has, with a scenario for that keyword.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from manaweave import DecisionKind, Step
from manaweave.testing import Scenario, ScenarioError


def _flying(name: str) -> None:
    # 702.9b: Grizzly Bears can't block it (Runeclaw Bear attacks too, so that there is a
    # declaration of blockers to make).
    s = Scenario()
    s.add(0, "battlefield", name, "Runeclaw Bear")
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, name, "Runeclaw Bear")
    s.block(1, "Grizzly Bears", name)
    with pytest.raises(ScenarioError, match=f"Grizzly Bears cannot block {name}"):
        s.run()


def _reach(name: str) -> None:
    # 702.17b: it can block a creature with flying.
    s = Scenario()
    s.add(0, "battlefield", "Wind Drake")
    s.add(1, "battlefield", name)
    s.attack(0, "Wind Drake")
    s.block(1, name, "Wind Drake")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.life(1) == 20
    assert [e["to_name"] for e in s.events("damage_dealt")].count(name) == 1


def _vigilance(name: str) -> None:
    # 702.20b: attacking doesn't tap it.
    s = Scenario()
    s.add(0, "battlefield", name)
    s.attack(0, name)
    s.run(until=(1, Step.END_OF_COMBAT))
    assert s.permanent(name).tapped is False
    assert s.life(1) < 20


def _deathtouch(name: str) -> None:
    # 702.2b: any damage it deals to Craw Wurm (6/4) destroys it.
    s = Scenario()
    s.add(0, "battlefield", "Craw Wurm")
    s.add(1, "battlefield", name)
    s.attack(0, "Craw Wurm")
    s.block(1, name, "Craw Wurm")
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Craw Wurm" in s.graveyard(0)


def _lifelink(name: str) -> None:
    # 702.15b: its damage gains its controller that much life.
    s = Scenario()
    s.add(0, "battlefield", name)
    s.attack(0, name)
    s.run(until=(1, Step.END_OF_COMBAT))
    power = s.power(name)
    assert power is not None
    assert s.life(0) == 20 + power
    assert s.life(1) == 20 - power


def _shroud(name: str) -> None:
    # 702.18a: not even its controller's spells can target it.
    s = Scenario()
    s.add(0, "battlefield", name, "Forest")
    s.add(0, "hand", "Giant Growth")
    s.cast(0, "Giant Growth", targets=[name])
    with pytest.raises(ScenarioError, match="Giant Growth"):
        s.run()


def _haste(name: str) -> None:
    # 702.10b: it attacks the turn it comes under its controller's control.
    s = Scenario()
    s.add(0, "battlefield", name, sick=True)
    s.attack(0, name)
    s.run(until=(1, Step.END_OF_COMBAT))
    power = s.power(name)
    assert power is not None
    assert s.life(1) == 20 - power


def _trample(name: str) -> None:
    # 702.19b: lethal damage to the blocking Grizzly Bears, the rest to the player.
    s = Scenario()
    s.add(0, "battlefield", name)
    s.add(1, "battlefield", "Grizzly Bears")
    s.attack(0, name)
    s.block(1, "Grizzly Bears", name)
    power = 4
    s.choose(0, DecisionKind.DAMAGE_ASSIGNMENT, (2, power - 2))
    s.run(until=(1, Step.END_OF_COMBAT))
    assert "Grizzly Bears" in s.graveyard(1)
    assert s.life(1) == 20 - (power - 2)


def _first_strike(name: str) -> None:
    # 702.7b, 510.4: blocked by Giant Spider (2/4, reach), it deals its damage in the
    # first-strike damage step, and the Spider deals its damage in the second step.
    s = Scenario()
    s.add(0, "battlefield", name)
    s.add(1, "battlefield", "Giant Spider")
    s.attack(0, name)
    s.block(1, "Giant Spider", name)
    s.run(until=(1, Step.END_OF_COMBAT))
    steps = {e["source_name"]: e["step"] for e in s.events("damage_dealt")}
    assert steps == {name: "first_strike_damage", "Giant Spider": "combat_damage"}


def _landwalk(land: str) -> Callable[[str], None]:
    def check(name: str) -> None:
        # 702.14c: while the defending player controls a land of that type, Grizzly Bears
        # can't block it (Runeclaw Bear attacks too, so that blockers are declared).
        s = Scenario()
        s.add(0, "battlefield", name, "Runeclaw Bear")
        s.add(1, "battlefield", "Grizzly Bears", land)
        s.attack(0, name, "Runeclaw Bear")
        s.block(1, "Grizzly Bears", name)
        with pytest.raises(ScenarioError, match=f"Grizzly Bears cannot block {name}"):
            s.run()

    return check


CHECKS: dict[str, Callable[[str], None]] = {
    "swampwalk": _landwalk("Swamp"),
    "forestwalk": _landwalk("Forest"),
    "flying": _flying,
    "reach": _reach,
    "vigilance": _vigilance,
    "deathtouch": _deathtouch,
    "lifelink": _lifelink,
    "shroud": _shroud,
    "haste": _haste,
    "trample": _trample,
    "first strike": _first_strike,
}


@pytest.mark.rules(
    "702.9b",
    "702.17b",
    "702.20b",
    "702.2b",
    "702.15b",
    "702.18a",
    "702.10b",
    "702.19b",
    "702.7b",
    "702.14c",
    "510.4",
    "509.1b",
)
@pytest.mark.parametrize(
    ("name", "keyword"),
    [
        pytest.param("Air Elemental", "flying", marks=pytest.mark.cards("Air Elemental")),
        pytest.param("Bog Wraith", "swampwalk", marks=pytest.mark.cards("Bog Wraith")),
        pytest.param("Emerald Oryx", "forestwalk", marks=pytest.mark.cards("Emerald Oryx")),
        pytest.param("Child of Night", "lifelink", marks=pytest.mark.cards("Child of Night")),
        pytest.param("Deadly Recluse", "reach", marks=pytest.mark.cards("Deadly Recluse")),
        pytest.param("Deadly Recluse", "deathtouch", marks=pytest.mark.cards("Deadly Recluse")),
        pytest.param("Giant Spider", "reach", marks=pytest.mark.cards("Giant Spider")),
        pytest.param("Griffin Sentinel", "flying", marks=pytest.mark.cards("Griffin Sentinel")),
        pytest.param("Griffin Sentinel", "vigilance", marks=pytest.mark.cards("Griffin Sentinel")),
        pytest.param("Kalonian Behemoth", "shroud", marks=pytest.mark.cards("Kalonian Behemoth")),
        pytest.param("Kelinore Bat", "flying", marks=pytest.mark.cards("Kelinore Bat")),
        pytest.param(
            "Lightning Elemental", "haste", marks=pytest.mark.cards("Lightning Elemental")
        ),
        pytest.param("Mist Leopard", "shroud", marks=pytest.mark.cards("Mist Leopard")),
        pytest.param("Ornithopter", "flying", marks=pytest.mark.cards("Ornithopter")),
        pytest.param("Raging Goblin", "haste", marks=pytest.mark.cards("Raging Goblin")),
        pytest.param("Razorfoot Griffin", "flying", marks=pytest.mark.cards("Razorfoot Griffin")),
        pytest.param(
            "Razorfoot Griffin", "first strike", marks=pytest.mark.cards("Razorfoot Griffin")
        ),
        pytest.param("Serra Angel", "flying", marks=pytest.mark.cards("Serra Angel")),
        pytest.param("Serra Angel", "vigilance", marks=pytest.mark.cards("Serra Angel")),
        pytest.param("Snapping Drake", "flying", marks=pytest.mark.cards("Snapping Drake")),
        pytest.param("Stampeding Rhino", "trample", marks=pytest.mark.cards("Stampeding Rhino")),
        pytest.param("Stormfront Pegasus", "flying", marks=pytest.mark.cards("Stormfront Pegasus")),
        pytest.param(
            "Viashino Spearhunter", "first strike", marks=pytest.mark.cards("Viashino Spearhunter")
        ),
        pytest.param("Wind Drake", "flying", marks=pytest.mark.cards("Wind Drake")),
        pytest.param("Zephyr Sprite", "flying", marks=pytest.mark.cards("Zephyr Sprite")),
    ],
)
def test_each_keyword_of_each_card_does_what_its_rule_says(name: str, keyword: str) -> None:
    CHECKS[keyword](name)

"""Rules tests for last known information that includes abilities other objects granted
(CR 113.7a, 608.2h, 702.2e, 702.15c): a source that has left the battlefield deals damage
with the deathtouch an Equipment gave it or the lifelink an Aura gave it.

Test card: Test Sacrificial Sparker, a creature with "Sacrifice this creature: It deals 1
damage to target creature." and no abilities of its own that act on damage.
"""

from __future__ import annotations

import pytest
from _support import sba_rules

import manaweave
from manaweave import ManaCost
from manaweave.cards import (
    TARGET_CREATURE,
    ActivatedAbility,
    CardSet,
    DealDamage,
    Printed,
    SacrificeThis,
    card,
)
from manaweave.testing import Scenario

_SPARKER_TEXT = "Sacrifice this creature: It deals 1 damage to target creature."
SPARKER = card(
    "Test Sacrificial Sparker",
    printed=Printed("{R}", "Creature — Elemental", _SPARKER_TEXT, pt=(1, 1)),
    abilities=(
        ActivatedAbility(
            ManaCost.parse(""),
            (DealDamage(1),),
            targets=(TARGET_CREATURE,),
            costs=(SacrificeThis(),),
            text=_SPARKER_TEXT,
        ),
    ),
)


class SparkerCards:
    """A creature whose ability deals damage after it has left the battlefield."""

    __test__ = False

    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [CardSet("TLK", "Test last known information cards", (SPARKER,))]


@pytest.mark.cards("Gorgon Flail", "Craw Wurm", "Island")
@pytest.mark.rules("113.7a", "608.2h", "702.2e", "702.2d", "704.5h", "301.5a")
def test_deathtouch_an_equipment_gave_a_sacrificed_source_still_applies() -> None:
    # The Sparker equipped with Gorgon Flail has deathtouch as it is sacrificed to pay for
    # its ability; the ability's 1 damage comes from the Sparker as it last existed on the
    # battlefield, deathtouch included, so Craw Wurm (6/4) is destroyed (704.5h), though
    # the Flail is unattached by then.
    s = Scenario(plugins=[SparkerCards()])
    s.add(0, "battlefield", "Test Sacrificial Sparker", "Gorgon Flail", "Island", "Island")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Gorgon Flail", targets=["Test Sacrificial Sparker"])
    s.activate(0, "Test Sacrificial Sparker", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert s.graveyard(0) == ["Test Sacrificial Sparker"]
    assert s.graveyard(1) == ["Craw Wurm"]
    assert "704.5h" in [r for rules in sba_rules(s) for r in rules]


@pytest.mark.cards("Lifelink", "Craw Wurm", "Plains")
@pytest.mark.rules("113.7a", "608.2h", "702.15c", "702.15b", "704.5m")
def test_lifelink_an_aura_gave_a_sacrificed_source_still_applies() -> None:
    # The Aura Lifelink goes to the graveyard once the Sparker is gone (704.5m), but the
    # Sparker's last known information has lifelink: its 1 damage gains its controller 1
    # life (702.15b).
    s = Scenario(plugins=[SparkerCards()])
    s.add(0, "battlefield", "Test Sacrificial Sparker", "Plains")
    s.add(0, "hand", "Lifelink")
    s.add(1, "battlefield", "Craw Wurm")
    s.cast(0, "Lifelink", targets=["Test Sacrificial Sparker"])
    s.activate(0, "Test Sacrificial Sparker", targets=["Craw Wurm"], stack_empty=True)
    s.run()
    assert sorted(s.graveyard(0)) == ["Lifelink", "Test Sacrificial Sparker"]
    assert s.permanent("Craw Wurm").damage == 1
    assert s.life(0) == 21


@pytest.mark.cards("Gorgon Flail", "Craw Wurm", "Island")
@pytest.mark.rules("113.7a", "702.2b")
def test_without_the_equipment_the_sacrificed_source_has_no_deathtouch() -> None:
    # The control case: unequipped, the Sparker's 1 damage leaves Craw Wurm alive.
    s = Scenario(plugins=[SparkerCards()])
    s.add(0, "battlefield", "Test Sacrificial Sparker", "Gorgon Flail", "Island", "Island")
    s.add(1, "battlefield", "Craw Wurm")
    s.activate(0, "Test Sacrificial Sparker", targets=["Craw Wurm"])
    s.run()
    assert s.graveyard(1) == []
    assert s.permanent("Craw Wurm").damage == 1

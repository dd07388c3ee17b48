"""Magic 2010's black and red cards in the situations their first tests left out: each
test plays out a case where the Comprehensive Rules or the card's rulings decide
something the plain reading of the card does not."""

from __future__ import annotations

import pytest
from _support import first

from manaweave import AbilityOnStack, Game, Step
from manaweave.testing import Scenario


def _ability_on_stack(game: Game) -> bool:
    """Whether an activated or triggered ability is waiting on the stack."""
    return any(isinstance(item, AbilityOnStack) for item in game.stack)


@pytest.mark.cards("Firebreathing", "Naturalize")
@pytest.mark.rules("113.7a", "608.2h", "611.2c")
def test_firebreathing_pumps_the_creature_it_enchanted_after_the_aura_is_destroyed() -> None:
    # The ability exists apart from its source (113.7a): with Firebreathing destroyed in
    # response, "enchanted creature" is the creature it enchanted as it last existed on
    # the battlefield (608.2h), and that creature still gets +1/+0.
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Mountain", "Mountain")
    s.add(0, "hand", "Firebreathing")
    s.add(1, "battlefield", "Forest", "Forest")
    s.add(1, "hand", "Naturalize")
    s.cast(0, "Firebreathing", targets=["Grizzly Bears"])
    s.activate(0, "Firebreathing", stack_empty=True)
    s.cast(1, "Naturalize", targets=["Firebreathing"], when=_ability_on_stack)
    s.run(until=(1, Step.BEGINNING_OF_COMBAT))
    assert s.graveyard(0) == ["Firebreathing"]
    assert s.power("Grizzly Bears") == 3
    bears = s.permanent("Grizzly Bears").id
    effect = first(s, "effect_created", layer="613.4c")
    assert effect["affected"] == [bears]
    assert effect["duration"] == "end_of_turn"

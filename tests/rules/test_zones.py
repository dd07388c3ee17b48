"""Rules tests for zones and zone changes (CR 121, 400.3, 400.7, 404.1, 701.8a).

The card pool has no card that returns a permanent to its owner's hand or changes its
controller, so two tests use a small test plugin that does what such an effect would do
through the engine's own primitives (``Game.move`` for a zone change, the ``controller``
of a permanent for a control change), then play the rest of the scenario out.
"""

from __future__ import annotations

import pytest
from _support import sba_rules

from manaweave import Step, Zone, hookimpl
from manaweave.lowlevel import Characteristics, ContinuousEffect, Game, Layer
from manaweave.testing import Scenario


def ids_of(s: Scenario, card: str) -> list[tuple[int, int, str, str]]:
    """Every zone change of ``card``: (old id, new id, from zone, to zone), in order."""
    return [
        (e["object"], e["new_object"], e["from_zone"], e["to_zone"])
        for e in s.events()
        if "new_object" in e and e.get("card") == card
    ]


# --- 121: drawing -----------------------------------------------------------------------------


@pytest.mark.rules("121.1", "504.1", "401.2")
def test_drawing_puts_the_top_card_of_the_library_into_the_hand() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.library(0, ["Forest", "Mountain", "Shock"])  # Shock is on top
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.hand(0) == ["Shock"]
    assert s.game is not None
    assert [c.name for c in s.game.players[0].library] == ["Forest", "Mountain"]
    (drawn,) = s.events("card_drawn")
    assert (drawn["from_zone"], drawn["to_zone"], drawn["rule"]) == ("library", "hand", "121.1")


@pytest.mark.rules("121.1", "121.2")
def test_drawing_two_cards_is_two_draws_of_the_top_card() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.library(0, ["Plains", "Forest", "Mountain", "Shock"])
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.cast(0, "Divination")
    s.run()
    drawn = s.events("card_drawn")
    assert [e["card"] for e in drawn] == ["Shock", "Mountain"]
    assert s.hand(0) == ["Shock", "Mountain"]
    assert s.library_size(0) == 2
    assert s.graveyard(0) == ["Divination"]


@pytest.mark.rules("121.4", "704.5b", "121.2")
def test_drawing_from_an_empty_library_loses_the_game() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.library(0, ["Forest"])
    s.add(0, "battlefield", "Island", "Island", "Island")
    s.add(0, "hand", "Divination")
    s.cast(0, "Divination")
    s.run()
    # The first draw takes the last card; the second finds the library empty.
    assert [e["card"] for e in s.events("card_drawn")] == ["Forest"]
    (failed,) = s.events("draw_failed")
    assert failed["player"] == 0
    assert s.hand(0) == ["Forest"]
    assert s.outcome is not None
    assert s.outcome.winners == (1,)
    (lost,) = s.events("player_lost")
    assert (lost["player"], lost["rule"]) == (0, "704.5b")
    # ... the next time a player would receive priority: nobody got it in between.
    between = [e for e in s.events() if failed["seq"] < e["seq"] < lost["seq"]]
    assert not [e for e in between if e.get("kind") == "priority"]


# --- 400.7: a new object ----------------------------------------------------------------------


@pytest.mark.rules("400.7")
def test_a_drawn_card_is_a_new_object_with_a_new_id() -> None:
    s = Scenario(turn=2, step=Step.UPKEEP)
    s.library(0, ["Island", "Forest"])
    s.run(until=(2, Step.PRECOMBAT_MAIN))
    assert s.game is not None
    (drawn,) = s.events("card_drawn")
    (card,) = s.game.players[0].hand
    assert drawn["object"] != drawn["new_object"]
    assert card.id == drawn["new_object"]
    assert drawn["object"] not in s.game.objects  # the library object no longer exists
    assert card.zone is Zone.HAND


@pytest.mark.rules("400.7", "601.2a", "608.3a")
def test_each_zone_change_of_a_spell_makes_a_new_object() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Forest")
    s.add(0, "hand", "Grizzly Bears")
    s.cast(0, "Grizzly Bears")
    s.run()
    assert s.game is not None
    (to_stack, to_battlefield) = ids_of(s, "Grizzly Bears")
    assert to_stack[2:] == ("hand", "stack")
    assert to_battlefield[2:] == ("stack", "battlefield")
    assert to_stack[1] == to_battlefield[0]
    ids = {to_stack[0], to_stack[1], to_battlefield[1]}
    assert len(ids) == 3
    assert s.permanent("Grizzly Bears").id == to_battlefield[1]
    assert {to_stack[0], to_stack[1]}.isdisjoint(s.game.objects)


class Bounce:
    """Test plugin: as ``step`` of ``turn`` begins, returns a permanent to its owner's hand,
    as an effect would (there is no such card in the card pool)."""

    def __init__(self, name: str, turn: int, step: Step) -> None:
        self.name = name
        self.turn = turn
        self.step = step

    @hookimpl
    def mw_step_start(self, game: Game, step: Step) -> None:
        if (game.turn, step) != (self.turn, self.step):
            return
        for permanent in list(game.battlefield):
            if permanent.name == self.name:
                game.moves.move_now(permanent, Zone.HAND, rule="400.7")


@pytest.mark.rules("400.7", "302.6", "514.2", "611.2a")
def test_a_permanent_that_leaves_and_returns_is_a_new_object_with_no_memory() -> None:
    s = Scenario(
        turn=1,
        step=Step.UPKEEP,
        plugins=[Bounce("Grizzly Bears", 1, Step.BEGINNING_OF_COMBAT)],
    )
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Giant Growth")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Shock")
    s.cast(0, "Giant Growth", targets=["Grizzly Bears"], step=Step.UPKEEP)
    s.cast(1, "Shock", targets=["Grizzly Bears"], step=Step.PRECOMBAT_MAIN)
    s.cast(0, "Grizzly Bears", step=Step.POSTCOMBAT_MAIN)
    s.run(until=(1, Step.END))
    assert s.game is not None
    # Before it left: pumped to 5/5 in the upkeep, then dealt 2 damage in the main phase.
    pumped = s.events("effect_created")[0]
    (first_id,) = pumped["affected"]
    assert [e["to_object"] for e in s.events("damage_dealt")] == [first_id]
    moves = ids_of(s, "Grizzly Bears")
    assert [m[2:] for m in moves] == [
        ("battlefield", "hand"),
        ("hand", "stack"),
        ("stack", "battlefield"),
    ]
    assert moves[0][0] == first_id
    bears = s.permanent("Grizzly Bears")
    assert bears.id == moves[-1][1]
    assert bears.id not in {first_id, moves[0][1], moves[1][1]}
    # The new object has no memory of the old one: the "until end of turn" +3/+3 is still
    # in effect but applies to the old object only, the damage is gone, and the new
    # permanent has just come under its controller's control.
    assert (s.power("Grizzly Bears"), s.toughness("Grizzly Bears")) == (2, 2)
    assert bears.damage == 0
    assert s.game.has_summoning_sickness(bears)


# --- 400.3, 404.1, 701.8a: owners' zones ------------------------------------------------------


@pytest.mark.rules("400.3", "404.1", "608.2n", "701.8a", "704.5g")
def test_a_destroyed_creature_and_a_resolved_instant_go_to_their_owners_graveyards() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Grizzly Bears")
    s.add(0, "graveyard", "Divination")
    s.add(1, "battlefield", "Mountain")
    s.add(1, "hand", "Lightning Bolt")
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"])
    s.run()
    # The Bears were destroyed by P2's spell but go to P1's graveyard, on top (last).
    assert s.graveyard(0) == ["Divination", "Grizzly Bears"]
    assert s.graveyard(1) == ["Lightning Bolt"]
    assert s.battlefield(0) == []


class TakeControl:
    """Test plugin: as the first turn begins, ``player`` gains control of the permanent
    named ``name``, as a control-changing effect would (none is in the card pool)."""

    def __init__(self, name: str, player: int) -> None:
        self.name = name
        self.player = player

    @hookimpl
    def mw_turn_start(self, game: Game) -> None:
        if game.turn != 1:
            return
        for permanent in game.battlefield:
            if permanent.name == self.name:
                game.add_continuous_effect(
                    ContinuousEffect(
                        layer=Layer.CONTROL,
                        timestamp=game.next_timestamp(),
                        source=permanent.id,
                        affected=frozenset({permanent.id}),
                        modify=self._give_control,
                        description=f"controlled by player {self.player}",
                    )
                )

    def _give_control(self, characteristics: Characteristics) -> None:
        characteristics.controller = self.player


@pytest.mark.rules("400.3", "110.2", "108.3", "701.8a")
def test_a_creature_dies_into_its_owners_graveyard_not_its_controllers() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN, plugins=[TakeControl("Centaur Courser", 1)])
    s.add(0, "battlefield", "Centaur Courser", "Mountain")  # owned by P1
    s.add(0, "hand", "Lightning Bolt")
    s.cast(0, "Lightning Bolt", targets=["Centaur Courser"])
    s.run()
    # Lightning Bolt goes to the graveyard as it finishes resolving, then the Courser dies.
    assert s.graveyard(0) == ["Lightning Bolt", "Centaur Courser"]
    assert s.graveyard(1) == []
    (moved,) = [m for m in ids_of(s, "Centaur Courser") if m[3] == "graveyard"]
    assert moved[2] == "battlefield"


@pytest.mark.rules("400.7", "704.5m", "303.4c")
def test_an_aura_is_put_into_the_graveyard_when_its_creature_dies() -> None:
    s = Scenario(turn=1, step=Step.PRECOMBAT_MAIN)
    s.add(0, "battlefield", "Forest", "Forest", "Forest", "Grizzly Bears")
    s.add(0, "hand", "Oakenform")
    s.add(1, "battlefield", "Mountain", "Mountain")
    s.add(1, "hand", "Lightning Bolt", "Shock")
    s.cast(0, "Oakenform", targets=["Grizzly Bears"])
    s.cast(1, "Lightning Bolt", targets=["Grizzly Bears"], turn=2, step=Step.PRECOMBAT_MAIN)
    s.cast(1, "Shock", targets=["Grizzly Bears"], turn=2, step=Step.PRECOMBAT_MAIN)
    s.run(until=(2, Step.END))
    # 2/2 with +3/+3 takes 2 and then 3 damage: destroyed. The Bears in the graveyard are a
    # new object the Aura was never attached to, so the Aura goes too.
    assert s.battlefield(0) == ["Forest", "Forest", "Forest"]
    assert s.graveyard(0) == ["Grizzly Bears", "Oakenform"]
    assert sba_rules(s) == [["704.5g"], ["704.5m"]]

"""Finding abilities by kind: the index of a tuple of abilities, the one a card's
characteristics share until a layer changes its abilities, and the board's questions the
derived state answers once per state version."""

from __future__ import annotations

import pytest

from manaweave import Step
from manaweave.cards import (
    Ability,
    BlockRestriction,
    CostChange,
    SpellsCost,
    ThoseCreaturesCantBlock,
    TriggeredAbility,
)
from manaweave.keywords.flying import Flying
from manaweave.keywords.haste import Haste
from manaweave.keywords.reach import Reach
from manaweave.lowlevel import AbilityIndex, Game
from manaweave.testing import Scenario


def _game(s: Scenario) -> Game:
    assert s.game is not None
    return s.game


def test_an_index_files_each_ability_under_every_class_it_derives_from() -> None:
    wide, narrow = Flying(), Flying(text="Flying (again)")
    index = AbilityIndex((Haste(), wide, Reach(), narrow))
    assert index.of(Flying) == (wide, narrow)
    assert index.of(BlockRestriction) == (wide, narrow)  # flying is a block restriction
    assert index.of(Ability) == index.abilities
    assert index.of(CostChange) == ()
    assert index.has(Reach)
    assert not index.has(TriggeredAbility)
    assert index.numbered(Flying) == ((1, wide), (3, narrow))
    assert index.numbered(CostChange) == ()


def test_a_card_is_indexed_once_and_answers_for_its_printed_abilities() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Serra Angel")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    angel = s.permanent("Serra Angel")
    card = angel.card
    assert card.ability_index is card.ability_index
    assert [type(a) for a in card.abilities_of(Flying)] == [Flying]
    assert card.abilities_of(Reach) == ()


@pytest.mark.rules("613.1f", "611.2a")
def test_characteristics_share_their_cards_index_until_a_layer_changes_their_abilities() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Island")
    s.add(0, "hand", "Jump")
    s.add(1, "battlefield", "Grizzly Bears")
    s.cast(0, "Jump", targets=["Grizzly Bears#1"])
    s.run(until=(1, Step.END))
    game = _game(s)
    jumped, other = s.permanent("Grizzly Bears", 0), s.permanent("Grizzly Bears", 1)
    assert game.characteristics(other).ability_index is other.card.ability_index
    chars = game.characteristics(jumped)
    assert chars.ability_index is not jumped.card.ability_index
    assert [type(a) for a in chars.abilities_of(Flying)] == [Flying]
    assert [p for p, _ in game.battlefield_abilities(Flying)] == [jumped]
    assert [p for p, _ in game.battlefield_abilities(BlockRestriction)] == [jumped]
    assert other.card.abilities_of(Flying) == ()


@pytest.mark.rules("613.1d", "305.6")
def test_a_land_keeps_its_cards_index_through_the_layers_when_its_abilities_stay() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Glorious Anthem", "Forest")  # the board is computed by layer
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    forest = s.permanent("Forest")
    chars = _game(s).characteristics(forest)
    assert chars.abilities is forest.card.all_abilities
    assert chars.ability_index is forest.card.ability_index


@pytest.mark.rules("114.4", "601.2f")
def test_the_command_zone_answers_for_emblems_and_cost_changes_include_them() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Island")
    s.run(until=(1, Step.PRECOMBAT_MAIN))
    game = _game(s)
    assert game.derived.emblem_abilities(CostChange) == []
    assert game.cost_changes() == []
    cheaper = SpellsCost(-1, text="Spells you cast cost {1} less to cast.")
    emblem = game.create_emblem(0, (cheaper,), text=cheaper.text, source=0)
    assert game.derived.emblem_abilities(CostChange) == [(emblem, cheaper)]
    assert game.derived.emblem_abilities(SpellsCost) == [(emblem, cheaper)]
    assert game.cost_changes() == [(emblem, cheaper)]


@pytest.mark.rules("613.1f")
def test_what_effects_give_is_asked_by_kind() -> None:
    s = Scenario()
    s.add(0, "battlefield", "Grizzly Bears", "Island")
    s.add(0, "hand", "Jump")
    s.cast(0, "Jump", targets=["Grizzly Bears"])
    s.run(until=(1, Step.END))
    derived = _game(s).derived
    assert [type(a) for a in derived.granted_by_effects(Flying)] == [Flying]
    assert derived.granted_by_effects(Reach) == ()
    assert derived.granted_by_effects(TriggeredAbility) == ()


@pytest.mark.rules("611.2a", "509.1b", "514.2")
def test_combat_rules_of_resolved_spells_are_asked_by_kind_and_end_with_the_turn() -> None:
    def panic(until: tuple[int, Step]) -> Scenario:
        s = Scenario()
        s.add(0, "battlefield", "Mountain", "Mountain", "Mountain")
        s.add(0, "hand", "Panic Attack")
        s.add(1, "battlefield", "Grizzly Bears")
        s.cast(0, "Panic Attack", targets=["Grizzly Bears"])
        return s.run(until=until)

    s = panic((1, Step.END))
    rules = _game(s).derived.combat_rules(BlockRestriction)
    assert [type(r) for _, r in rules] == [ThoseCreaturesCantBlock]
    assert [source.name for source, _ in rules] == ["Panic Attack"]
    assert _game(s).derived.combat_rules(Flying) == []
    after = panic((2, Step.UPKEEP))
    assert _game(after).derived.combat_rules(BlockRestriction) == []

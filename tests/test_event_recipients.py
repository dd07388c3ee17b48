"""A card whose effect names "that player" or "that creature" where its triggering event
has none is an error as the card is defined, naming the card, the event and the recipient."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from manaweave import CardDefinitionError, ManaCost
from manaweave.cards import (
    EVENT_PLAYER,
    SELF,
    TARGET_CREATURE,
    THAT_CREATURE,
    THAT_PLAYER,
    YOU,
    ActivatedAbility,
    AtBeginningOf,
    CreateDelayedTrigger,
    DealDamage,
    DrawCards,
    EnchantedHas,
    LoseLife,
    MayPayOtherwise,
    PayLife,
    Printed,
    PumpTarget,
    SpellAbility,
    TargetKind,
    TargetSpec,
    TriggeredAbility,
    TriggerKind,
    WhenDies,
    WhenEnters,
    WheneverAttacks,
    WheneverBlocksACreature,
    WheneverBlocksOrBecomesBlockedByACreature,
    WhenThatLeaves,
    WhenYouControlNoOther,
    WhenYouDo,
    card,
    event_recipients,
)
from manaweave.lowlevel import PluginHost


def _creature(*abilities: object) -> None:
    card("Test Ox", printed=Printed("{2}{G}", "Creature — Ox", pt=(3, 3)), abilities=abilities)  # type: ignore[arg-type]


def test_that_creature_on_an_attack_trigger_is_an_error_naming_card_event_and_recipient() -> None:
    ability = TriggeredAbility(
        WheneverAttacks(),
        (PumpTarget(-1, -1, target=THAT_CREATURE),),
        text="Whenever Test Ox attacks, that creature gets -1/-1 until end of turn.",
    )
    with pytest.raises(CardDefinitionError) as raised:
        _creature(ability)
    message = str(raised.value)
    assert message.startswith("Test Ox: PumpTarget.target names THAT_CREATURE")
    assert "'attacks' event (TriggerKind.ATTACKS)" in message
    assert "WheneverAttacks" in message
    assert "Whenever Test Ox attacks" in message
    assert isinstance(raised.value, ValueError)


@pytest.mark.parametrize(
    "trigger", [WheneverBlocksACreature(), WheneverBlocksOrBecomesBlockedByACreature()]
)
def test_that_creature_is_the_other_creature_of_a_block(trigger: object) -> None:
    _creature(TriggeredAbility(trigger, (DealDamage(1, target=THAT_CREATURE),), text="..."))  # type: ignore[arg-type]


def test_that_player_means_the_events_player() -> None:
    _creature(
        TriggeredAbility(AtBeginningOf("upkeep", each_player=True), (LoseLife(1, THAT_PLAYER),))
    )
    _creature(TriggeredAbility(WhenDies(), (DrawCards(1, player=THAT_PLAYER),)))


@pytest.mark.parametrize(
    ("trigger", "kind"),
    [(WhenYouControlNoOther("Creature"), "STATE"), (WhenYouDo(), "REFLEXIVE")],
)
def test_that_player_of_an_event_without_a_player_is_an_error(trigger: object, kind: str) -> None:
    with pytest.raises(CardDefinitionError, match=rf"THAT_PLAYER .*TriggerKind\.{kind}.*say YOU"):
        _creature(TriggeredAbility(trigger, (LoseLife(1, THAT_PLAYER),)))  # type: ignore[arg-type]


def test_a_spell_or_an_activated_ability_has_no_triggering_event() -> None:
    named = r"Test Shock: LoseLife\.player names THAT_PLAYER"
    with pytest.raises(CardDefinitionError, match=named):
        card(
            "Test Shock",
            printed=Printed("{R}", "Instant"),
            spell=SpellAbility(effects=(LoseLife(2, THAT_PLAYER),)),
        )
    tap_it = ActivatedAbility(
        ManaCost.parse("{1}"), (DealDamage(1, target=THAT_CREATURE),), text="{1}: ..."
    )
    with pytest.raises(CardDefinitionError, match="outside a triggered ability"):
        _creature(tap_it)


def test_a_target_that_player_controls_needs_a_player_of_the_event() -> None:
    theirs = TargetSpec(
        TargetKind.CREATURE, "target creature that player controls", that_players=True
    )
    with pytest.raises(CardDefinitionError, match="the target 'target creature that player"):
        card(
            "Test Grab",
            printed=Printed("{U}", "Sorcery"),
            spell=SpellAbility(targets=(theirs,), effects=()),
        )
    _creature(TriggeredAbility(WhenEnters(another=True), (DealDamage(1),), targets=(theirs,)))


def test_nested_effects_are_checked_against_the_right_event() -> None:
    # "You may pay 2 life. If you don't, that creature ..." keeps the block's event.
    pay_or_else = MayPayOtherwise(PayLife(2), (DealDamage(2, target=THAT_CREATURE),))
    _creature(TriggeredAbility(WheneverBlocksACreature(), (pay_or_else,)))
    named = r"Test Ox: DealDamage\.target names THAT_CREATURE"
    with pytest.raises(CardDefinitionError, match=named):
        _creature(TriggeredAbility(WheneverAttacks(), (pay_or_else,)))
    # A delayed trigger created by a spell has an event of its own (603.7).
    at_end = TriggeredAbility(AtBeginningOf("end", each_player=True), (LoseLife(1, THAT_PLAYER),))
    card(
        "Test Curse",
        printed=Printed("{B}", "Sorcery"),
        spell=SpellAbility(effects=(CreateDelayedTrigger(at_end),)),
    )
    # "When that creature leaves the battlefield, that player ..." is about the leaving.
    leaves = WhenThatLeaves((LoseLife(1, THAT_PLAYER),))
    card(
        "Test Mark",
        printed=Printed("{B}", "Sorcery"),
        spell=SpellAbility(targets=(TARGET_CREATURE,), effects=(leaves,)),
    )


def test_a_granted_triggered_ability_is_checked_against_its_own_event() -> None:
    granted = TriggeredAbility(WheneverAttacks(), (PumpTarget(1, 0, target=THAT_CREATURE),))
    with pytest.raises(CardDefinitionError, match=r"Test Aura: .*TriggerKind\.ATTACKS"):
        card(
            "Test Aura",
            printed=Printed("{R}", "Enchantment — Aura"),
            abilities=(EnchantedHas(granted),),
        )


@dataclass(frozen=True, slots=True, init=False)
class _Rampage(TriggeredAbility):
    """A keyword whose own ``__init__`` builds its trigger and effects, as ward does."""

    def __init__(self) -> None:
        object.__setattr__(self, "trigger", WheneverAttacks())
        object.__setattr__(self, "effects", (PumpTarget(1, 1, target=THAT_CREATURE),))
        object.__setattr__(self, "targets", ())
        object.__setattr__(self, "condition", None)
        object.__setattr__(self, "optional", False)
        object.__setattr__(self, "text", "Rampage")


def test_a_keyword_built_by_its_own_init_is_checked_in_the_card_using_it() -> None:
    with pytest.raises(CardDefinitionError, match=r"Test Ox: .*'Rampage'.*ATTACKS"):
        _creature(_Rampage())


def test_every_trigger_kind_says_who_its_player_is() -> None:
    assert set(EVENT_PLAYER) == set(TriggerKind)
    assert event_recipients(TriggerKind.BLOCKS_CREATURE) == {THAT_PLAYER, THAT_CREATURE}
    assert event_recipients(TriggerKind.ATTACKS) == {THAT_PLAYER}
    assert event_recipients(TriggerKind.REFLEXIVE) == frozenset()
    assert event_recipients(None) == frozenset()


def test_you_and_self_mean_something_everywhere() -> None:
    _creature(
        TriggeredAbility(WheneverAttacks(), (PumpTarget(1, 1, target=SELF), LoseLife(1, YOU)))
    )


def test_every_built_in_card_is_defined() -> None:
    pool = PluginHost().cards
    assert len(list(pool)) > 250

"""One name for the same parameter across the card language: whom an effect applies to is
``player=`` where it is always a player and ``target=`` where it may be an object. The
former ``target=`` of the player effects still works, with a DeprecationWarning."""

from __future__ import annotations

import dataclasses
import inspect
import typing

import pytest

import manaweave
import manaweave.cards
from manaweave.cards import (
    TARGET_PLAYER,
    YOU,
    CardSet,
    Discard,
    Effect,
    GainLife,
    LoseLife,
    Printed,
    SkipNext,
    SpellAbility,
    card,
)
from manaweave.testing import Scenario

_PLAYER_EFFECTS = (
    "DiscardAtRandom",
    "Discard",
    "DiscardHand",
    "DrawCards",
    "ExtraTurn",
    "GainLife",
    "LoseLife",
    "Mill",
    "RevealHandChooseDiscard",
    "SkipNext",
    "TapAllCreaturesOf",
    "TheyDrawInsteadOfTarget",
)
"""The effects whose recipient is always a player."""


def _effects() -> dict[str, type[Effect]]:
    return {
        name: value
        for name in manaweave.cards.__all__
        if inspect.isclass(value := getattr(manaweave.cards, name))
        and issubclass(value, Effect)
        and dataclasses.is_dataclass(value)
    }


@pytest.mark.parametrize("name", _PLAYER_EFFECTS)
def test_an_effect_on_a_player_names_it_player(name: str) -> None:
    fields = {f.name for f in dataclasses.fields(_effects()[name])}
    assert "player" in fields
    assert "target" not in fields


def test_a_recipient_is_named_player_or_target_and_nothing_else() -> None:
    """A field typed ``Recipient`` (a target index or YOU, SELF, ...) is ``player`` or
    ``target`` in every effect, or says the role it plays beside another one (who is
    given control of what)."""
    roles = {"player", "target", "permanent"}
    odd = {
        f"{name}.{field}"
        for name, cls in _effects().items()
        for field, hint in typing.get_type_hints(cls).items()
        if "Recipient" in str(hint) or hint == manaweave.cards.Recipient
        if field not in roles
    }
    assert odd == set()


def test_the_former_keyword_still_works_with_a_deprecation_warning() -> None:
    with pytest.warns(
        DeprecationWarning, match=r"LoseLife\(target=\.\.\.\) is now LoseLife\(player"
    ):
        old = LoseLife(2, target=YOU)  # type: ignore[call-arg]
    assert old == LoseLife(2, player=YOU)
    with pytest.warns(DeprecationWarning, match=r"SkipNext\(target=\.\.\.\) is now"):
        assert SkipNext("turn", target=1) == SkipNext("turn", player=1)  # type: ignore[call-arg]


def test_both_keywords_at_once_is_an_error() -> None:
    with pytest.raises(TypeError, match=r"Discard\(\) takes player= \(formerly target=\)"):
        Discard(1, target=0, player=0)  # type: ignore[call-arg]


class _TargetPlayerGainsLife:
    @manaweave.hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        return [
            CardSet(
                "TGL",
                "Target player gains life",
                (
                    card(
                        "Test Boon",
                        printed=Printed("{W}", "Instant", "Target player gains 3 life."),
                        spell=SpellAbility(
                            targets=(TARGET_PLAYER,), effects=(GainLife(3, player=0),)
                        ),
                    ),
                ),
            )
        ]


@pytest.mark.rules("119.3", "115.1")
def test_gain_life_takes_a_target_player_as_lose_life_does() -> None:
    s = Scenario(plugins=[_TargetPlayerGainsLife()])
    s.add(0, "battlefield", "Plains")
    s.add(0, "hand", "Test Boon")
    s.cast(0, "Test Boon", targets=["P2"])
    s.run()
    assert (s.life(0), s.life(1)) == (20, 23)

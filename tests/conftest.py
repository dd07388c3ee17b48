"""Checks every test module shares.

``@pytest.mark.cards("Name", ...)`` says a test plays out those cards' rules text; it is
what ``manaweave cards`` counts as a card's test. So that the marker cannot claim more
than the test does, a marked test fails unless each card it names was put into one of the
test's games.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from manaweave.cards import CardDefinition
from manaweave.lowlevel import ZoneMoves


@pytest.fixture(autouse=True)
def _marked_cards_are_played(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    named = {name for mark in request.node.iter_markers("cards") for name in mark.args}
    if not named:
        yield
        return
    played: set[str] = set()
    create = ZoneMoves.new_object

    def new_object(self: ZoneMoves, card: CardDefinition, *args: Any, **kwargs: Any) -> Any:
        played.add(card.name)
        return create(self, card, *args, **kwargs)

    monkeypatch.setattr(ZoneMoves, "new_object", new_object)
    yield
    if missing := sorted(named - played):
        pytest.fail(f"the cards marker names {missing} but no game of this test had them")

"""The printed characteristics of every card the built-in sets define, checked against
MTGJSON data (Oracle text as of the data's build).

Cards printed in Magic 2010 are compared with ``m10-cards.json``; the others (Grizzly
Bears, Shock) with ``core-sets-cards.json``. Both files live in the shared reference folder
next to the repository (``../shared/mtg``) or in ``$MANAWEAVE_SHARED``; the tests are
skipped when it is absent.
"""

from __future__ import annotations

import json
import os
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from manaweave.cards import CardDefinition
from manaweave.lowlevel import PluginHost

HOST = PluginHost(autoload=False)
CARDS: dict[str, CardDefinition] = dict(HOST.cards.items())
SET_OF: dict[str, str] = {c.name: s.code for s in HOST.cards.sets for c in s.cards}


def shared_folder() -> Path | None:
    """The folder holding the card data files, or None if there is none."""
    candidates = []
    env = os.environ.get("MANAWEAVE_SHARED")
    if env:
        candidates += [Path(env), Path(env) / "mtg"]
    candidates.append(Path(__file__).resolve().parents[1].parent / "shared" / "mtg")
    for folder in candidates:
        if (folder / "m10-cards.json").is_file() and (folder / "core-sets-cards.json").is_file():
            return folder
    return None


@cache
def printed() -> dict[str, dict[str, Any]]:
    """MTGJSON card faces by name: Magic 2010 first, then the other core sets."""
    folder = shared_folder()
    if folder is None:
        pytest.skip(
            "../shared/mtg not found (set MANAWEAVE_SHARED to the folder with "
            "m10-cards.json and core-sets-cards.json)"
        )
    found: dict[str, dict[str, Any]] = {}
    for name in ("m10-cards.json", "core-sets-cards.json"):
        with (folder / name).open(encoding="utf-8") as data:
            for face in json.load(data)["cards"]:
                found.setdefault(face["name"], face)
    return found


def reference(name: str) -> dict[str, Any]:
    faces = printed()
    assert name in faces, f"{name} is not in the card data"
    return faces[name]


@pytest.mark.rules("201.1")
def test_every_card_name_is_a_real_card() -> None:
    # Also guards the parametrized tests below against silently testing nothing.
    assert len(CARDS) >= 25
    assert {"Lightning Bolt", "Grizzly Bears", "Shock", "Forest", "Oakenform"} <= set(CARDS)
    faces = printed()
    assert sorted(n for n in CARDS if n not in faces) == []


@pytest.mark.rules("306.5a")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_loyalty(name: str) -> None:
    card, face = CARDS[name], reference(name)
    ours = None if card.loyalty is None else str(card.loyalty)
    assert ours == face.get("loyalty")


@pytest.mark.rules("202.1", "202.1a", "202.3")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_mana_cost(name: str) -> None:
    card, face = CARDS[name], reference(name)
    ours = str(card.mana_cost) if card.mana_cost is not None else None
    assert ours == face.get("manaCost")
    assert card.mana_value == face["manaValue"]


@pytest.mark.rules("105.2", "202.2")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_colors(name: str) -> None:
    card, face = CARDS[name], reference(name)
    assert sorted(card.colors) == sorted(face.get("colors", []))


@pytest.mark.rules("205.1", "205.2a", "205.3a", "205.4a")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_type_line(name: str) -> None:
    card, face = CARDS[name], reference(name)
    assert list(card.supertypes) == face.get("supertypes", [])
    assert list(card.types) == face["types"]
    assert list(card.subtypes) == face.get("subtypes", [])
    assert card.type_line == face["type"]


@pytest.mark.rules("208.1")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_power_and_toughness(name: str) -> None:
    card, face = CARDS[name], reference(name)
    power = None if card.power is None else str(card.power)
    toughness = None if card.toughness is None else str(card.toughness)
    if card.printed_pt is not None:
        power, toughness = card.printed_pt
    assert (power, toughness) == (face.get("power"), face.get("toughness"))


@pytest.mark.rules("207.1", "207.2a", "305.6")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_rules_text_is_the_oracle_text(name: str) -> None:
    # Including the reminder text of basic lands, "({T}: Add {G}.)", as the data has it.
    card, face = CARDS[name], reference(name)
    assert card.text == face.get("text", "")


@pytest.mark.rules("206.1")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_card_is_printed_in_its_set(name: str) -> None:
    face = reference(name)
    code = SET_OF[name]
    assert any(p.startswith(f"{code}#") for p in face.get("printings", [])), face.get("printings")


def _without_reminder(paragraph: str) -> str:
    return re.sub(r" \([^()]*\)$", "", paragraph)


def _words(text: str) -> list[str]:
    return re.findall(r"[\w+/−{}'\[\]]+", text.lower())


def _in_order(words: list[str], paragraph: list[str]) -> bool:
    rest = iter(paragraph)
    return all(word in rest for word in words)


@pytest.mark.rules("113.2", "207.1", "207.2a")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_each_ability_text_agrees_with_the_card_text(name: str) -> None:
    # The card's text is the Oracle text (above), and each ability's own text, which the
    # log quotes, is taken from it: where the text has one paragraph per ability, each
    # ability's text is its paragraph without reminder text; elsewhere (several keywords
    # in one paragraph, one paragraph granting two abilities) its words are those of one
    # paragraph, in order.
    card = CARDS[name]
    paragraphs = card.text.split("\n") if card.text else []
    one_each = len(paragraphs) == len(card.abilities)
    for index, ability in enumerate(card.abilities):
        if one_each:
            assert ability.text == _without_reminder(paragraphs[index]), type(ability).__name__
        elif ability.text:
            assert any(
                _in_order(_words(ability.text), _words(paragraph)) for paragraph in paragraphs
            ), ability.text

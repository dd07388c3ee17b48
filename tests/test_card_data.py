"""The printed characteristics of every card the built-in sets define, checked against
the card reference the package ships (MTGJSON data, Oracle text as of the data's build;
``manaweave.cards.printed_card``).

The reference is written by ``tools/card_reference.py`` from MTGJSON files; CI checks it
against the data it came from. A card added to a set is missing from it until the script
is run again, which the first test says.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from manaweave import CardDefinitionError, UnknownCardError
from manaweave.cards import (
    CardDefinition,
    DrawCards,
    PowerToughnessEqualToCount,
    Printed,
    PrintedCard,
    Sacrifice,
    SpellAbility,
    card,
    card_reference,
)
from manaweave.keywords.flying import Flying
from manaweave.lowlevel import PluginHost

HOST = PluginHost(autoload=False)
CARDS: dict[str, CardDefinition] = dict(HOST.cards.items())
SET_OF: dict[str, str] = {c.name: s.code for s in HOST.cards.sets for c in s.cards}
REFERENCE = card_reference()
REGENERATE = "python tools/card_reference.py --from DIR (DIR: the MTGJSON files, ../shared/mtg)"


def reference(name: str) -> PrintedCard:
    assert name in REFERENCE, f"{name} is not in the card reference; run {REGENERATE}"
    return REFERENCE[name]


@pytest.mark.rules("201.1")
def test_every_card_name_is_a_real_card() -> None:
    # Also guards the parametrized tests below against silently testing nothing.
    assert len(CARDS) >= 25
    assert {"Lightning Bolt", "Grizzly Bears", "Shock", "Forest", "Oakenform"} <= set(CARDS)
    missing = sorted(n for n in CARDS if n not in REFERENCE)
    assert missing == [], f"not in the card reference: {missing}; run {REGENERATE}"


def test_the_reference_has_only_the_built_in_cards() -> None:
    stale = sorted(n for n in REFERENCE if n not in CARDS)
    assert stale == [], f"no built-in set defines {stale}; run {REGENERATE}"


def test_the_reference_credits_mtgjson() -> None:
    assert "MTGJSON" in REFERENCE.attribution
    assert "MIT" in REFERENCE.attribution


def test_a_name_the_reference_lacks_is_absent_not_an_error() -> None:
    assert "Grizzly Bear" not in REFERENCE
    assert REFERENCE.get("Grizzly Bear") is None
    assert REFERENCE.get("Grizzly Bears") is REFERENCE["Grizzly Bears"]
    with pytest.raises(UnknownCardError, match="Grizzly Bears"):  # the suggestion
        REFERENCE["Grizzly Bear"]


@pytest.mark.rules("306.5a")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_loyalty(name: str) -> None:
    card, face = CARDS[name], reference(name)
    ours = None if card.loyalty is None else str(card.loyalty)
    assert ours == face.loyalty


@pytest.mark.rules("202.1", "202.1a", "202.3")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_mana_cost(name: str) -> None:
    card, face = CARDS[name], reference(name)
    ours = str(card.mana_cost) if card.mana_cost is not None else None
    assert ours == face.mana_cost
    assert card.mana_value == face.mana_value


@pytest.mark.rules("105.2", "202.2")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_colors(name: str) -> None:
    card, face = CARDS[name], reference(name)
    assert sorted(card.colors) == sorted(face.colors)


@pytest.mark.rules("205.1", "205.2a", "205.3a", "205.4a")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_type_line(name: str) -> None:
    card, face = CARDS[name], reference(name)
    assert tuple(card.supertypes) == face.supertypes
    assert tuple(card.types) == face.types
    assert tuple(card.subtypes) == face.subtypes
    assert card.type_line == face.type_line


@pytest.mark.rules("208.1")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_power_and_toughness(name: str) -> None:
    card, face = CARDS[name], reference(name)
    power = None if card.power is None else str(card.power)
    toughness = None if card.toughness is None else str(card.toughness)
    if card.printed_pt is not None:
        power, toughness = card.printed_pt
    assert (power, toughness) == (face.power, face.toughness)


@pytest.mark.rules("207.1", "207.2a", "305.6")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_rules_text_is_the_oracle_text(name: str) -> None:
    # Including the reminder text of basic lands, "({T}: Add {G}.)", as the data has it.
    card, face = CARDS[name], reference(name)
    assert card.text == face.text


@pytest.mark.rules("206.1")
@pytest.mark.parametrize("name", sorted(CARDS))
def test_card_is_printed_in_its_set(name: str) -> None:
    face = reference(name)
    assert face.printed_in(SET_OF[name]), face.printings


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


# --- definitions state behaviour only -------------------------------------------------

SETS_FOLDER = Path(__file__).resolve().parents[1] / "plugins" / "sets"
PRINTED_KEYWORDS = {"printed", "pt", "loyalty", "defense", "color_indicator"}


def test_no_built_in_definition_states_a_printed_characteristic() -> None:
    # card() takes the name and the behaviour; the printed characteristics of a built-in
    # card come from the shipped reference only, never written out in its set.
    stated = []
    for path in sorted(SETS_FOLDER.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "card"):
                continue
            if len(node.args) > 1 or {k.arg for k in node.keywords} & PRINTED_KEYWORDS:
                stated.append(f"{path.relative_to(SETS_FOLDER)}:{node.lineno}")
    assert stated == []


@pytest.mark.rules("208.1", "202.1", "205.1")
def test_a_definition_takes_its_printed_characteristics_from_the_reference() -> None:
    bears = card("Grizzly Bears")
    assert (str(bears.mana_cost), bears.type_line, bears.power, bears.toughness) == (
        "{1}{G}",
        "Creature — Bear",
        2,
        2,
    )
    assert bears.text == REFERENCE["Grizzly Bears"].text
    assert bears.colors == ("G",)


def test_a_name_the_reference_lacks_is_a_definition_error_with_a_suggestion() -> None:
    with pytest.raises(CardDefinitionError, match=r"Grizzly Bear: .*'Grizzly Bears'"):
        card("Grizzly Bear")


def test_printed_data_for_a_card_that_exists_nowhere_else() -> None:
    imp = card("Test Doom Imp", printed=Printed("{B}", "Creature — Imp", "", pt=(1, 1)))
    assert (str(imp.mana_cost), imp.type_line, imp.power) == ("{B}", "Creature — Imp", 1)
    with pytest.raises(CardDefinitionError, match="not both"):
        card("Test Doom Imp", printed=Printed("{B}", "Instant"), reference=REFERENCE)


@pytest.mark.rules("608.2")
def test_a_spell_ability_for_a_permanent_card_is_refused() -> None:
    with pytest.raises(CardDefinitionError, match="Grizzly Bears: a spell ability"):
        card("Grizzly Bears", spell=SpellAbility(effects=(DrawCards(1),)))


@pytest.mark.rules("304.4", "307.4")
def test_combat_abilities_for_an_instant_are_refused() -> None:
    with pytest.raises(CardDefinitionError, match="Lightning Bolt: Flying"):
        card("Lightning Bolt", abilities=(Flying(),))


@pytest.mark.rules("604.3", "208.1")
def test_power_and_toughness_defined_for_a_card_printing_none_are_refused() -> None:
    with pytest.raises(CardDefinitionError, match="Shock: an ability defines its power"):
        card("Shock", abilities=(PowerToughnessEqualToCount(),))


@pytest.mark.rules("107.3")
def test_an_x_choice_for_a_cost_without_x_is_refused() -> None:
    with pytest.raises(CardDefinitionError, match="Shock: an X choice"):
        card("Shock", x_minimum=1)


@pytest.mark.rules("305.9")
def test_casting_costs_for_a_land_are_refused() -> None:
    with pytest.raises(CardDefinitionError, match="Forest: a land is played"):
        card("Forest", additional_costs=(Sacrifice(),))


@pytest.mark.rules("204.1", "202.2e")
def test_a_bad_colour_indicator_is_a_definition_error() -> None:
    with pytest.raises(CardDefinitionError, match="Test Arbor: a colour indicator"):
        card("Test Arbor", printed=Printed(None, "Land Creature — Forest", color_indicator="X"))

"""Tests for decklist parsing and writing (manaweave.parse_decklist, manaweave.Decklist)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from manaweave import (
    DeckEntry,
    Decklist,
    DecklistError,
    UnknownCardError,
    hookimpl,
    load_decklist,
    parse_decklist,
)
from manaweave.cards import CardSet, Printed, card
from manaweave.lowlevel import PluginHost, resolve_deck

KNOWN = (
    "Lightning Bolt",
    "Shock",
    "Mountain",
    "Island",
    "Fire // Ice",
    "Goblin Guide",
    "Lurrus of the Dream-Den",
    "Kenrith, the Returned King",
    "B.F.M. (Big Furry Monster)",
)


# --- card lines ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "line",
    ["4 Lightning Bolt", "4x Lightning Bolt", "4X Lightning Bolt", "  4   Lightning   Bolt  "],
)
def test_count_forms(line: str) -> None:
    deck = parse_decklist(line)
    assert deck.main == (DeckEntry(4, "Lightning Bolt"),)


def test_tab_between_count_and_name() -> None:
    assert parse_decklist("4\tShock").main == (DeckEntry(4, "Shock"),)


def test_set_code_and_collector_number_are_kept() -> None:
    deck = parse_decklist("4 Lightning Bolt (M10) 146\n2 Shock (M19)\n20 Mountain")
    assert deck.main == (
        DeckEntry(4, "Lightning Bolt", "M10", "146"),
        DeckEntry(2, "Shock", "M19", None),
        DeckEntry(20, "Mountain"),
    )


def test_parentheses_inside_a_card_name_are_not_a_set_code() -> None:
    deck = parse_decklist("1 B.F.M. (Big Furry Monster)", KNOWN)
    assert deck.main == (DeckEntry(1, "B.F.M. (Big Furry Monster)"),)


def test_blank_lines_and_comments() -> None:
    text = """
# my burn deck
// by someone

Deck
// creatures
4 Goblin Guide   # hasty
  # indented comment
4 Lightning Bolt
"""
    deck = parse_decklist(text)
    assert deck.main == (DeckEntry(4, "Goblin Guide"), DeckEntry(4, "Lightning Bolt"))
    assert deck.sideboard == ()


def test_split_card_is_not_a_comment() -> None:
    deck = parse_decklist("2 fire // ice\n2 Fire//Ice // not a comment either", None)
    assert deck.main[0] == DeckEntry(2, "fire // ice")
    deck = parse_decklist("2 fire   //  ice (MH2) 290", KNOWN)
    assert deck.main == (DeckEntry(2, "Fire // Ice", "MH2", "290"),)


def test_names_are_canonicalised_case_insensitively() -> None:
    deck = parse_decklist("4 LIGHTNING bolt\n1 kenrith, the returned king", KNOWN)
    assert [e.name for e in deck.main] == ["Lightning Bolt", "Kenrith, the Returned King"]


def test_names_unchecked_without_known_names() -> None:
    deck = parse_decklist("3 Totally Made Up Card")
    assert deck.main == (DeckEntry(3, "Totally Made Up Card"),)


def test_known_names_must_not_be_a_string() -> None:
    with pytest.raises(TypeError):
        parse_decklist("1 Shock", "Shock")


# --- sections --------------------------------------------------------------------------------


@pytest.mark.parametrize("header", ["Deck", "deck", "Main", "MAINBOARD", "Mainboard:", "Deck :"])
def test_main_headers(header: str) -> None:
    deck = parse_decklist(f"{header}\n4 Shock\nSideboard\n2 Island")
    assert deck.main == (DeckEntry(4, "Shock"),)
    assert deck.sideboard == (DeckEntry(2, "Island"),)


@pytest.mark.rules("100.4")
def test_sideboard_header_and_blank_lines_within_headers() -> None:
    text = "Deck\n4 Shock\n\n4 Lightning Bolt\n\nsideboard:\n2 Island\n\n1 Mountain\n"
    deck = parse_decklist(text)
    assert deck.main == (DeckEntry(4, "Shock"), DeckEntry(4, "Lightning Bolt"))
    assert deck.sideboard == (DeckEntry(2, "Island"), DeckEntry(1, "Mountain"))


@pytest.mark.rules("100.4")
def test_mtgo_sb_lines_go_to_the_sideboard() -> None:
    text = "4 Shock\nSB: 2 Island\n\n4 Mountain\nsb:1 Lightning Bolt (M10) 146\n"
    deck = parse_decklist(text)
    # With SB: lines present, the blank line does not start the sideboard.
    assert deck.main == (DeckEntry(4, "Shock"), DeckEntry(4, "Mountain"))
    assert deck.sideboard == (
        DeckEntry(2, "Island"),
        DeckEntry(1, "Lightning Bolt", "M10", "146"),
    )


def test_sb_line_under_a_header_still_goes_to_the_sideboard() -> None:
    deck = parse_decklist("Deck\n4 Shock\nSB: 2x Island")
    assert deck.main == (DeckEntry(4, "Shock"),)
    assert deck.sideboard == (DeckEntry(2, "Island"),)


@pytest.mark.rules("100.4")
def test_headerless_mtgo_blank_line_starts_the_sideboard() -> None:
    text = "\n\n# comment\n4 Shock\n20 Mountain\n\n\n2 Island\n\n1 Lightning Bolt\n"
    deck = parse_decklist(text)
    assert deck.main == (DeckEntry(4, "Shock"), DeckEntry(20, "Mountain"))
    # Only the first blank line after a card splits; later blocks stay in the sideboard.
    assert deck.sideboard == (DeckEntry(2, "Island"), DeckEntry(1, "Lightning Bolt"))


def test_headerless_single_block_has_no_sideboard() -> None:
    deck = parse_decklist("4 Shock\n20 Mountain\n\n\n")
    assert deck.main == (DeckEntry(4, "Shock"), DeckEntry(20, "Mountain"))
    assert deck.sideboard == ()


def test_headers_anywhere_disable_the_blank_line_split() -> None:
    deck = parse_decklist("4 Shock\n\n20 Mountain\nSideboard\n2 Island")
    assert deck.main == (DeckEntry(4, "Shock"), DeckEntry(20, "Mountain"))
    assert deck.sideboard == (DeckEntry(2, "Island"),)


def test_commander_and_companion_sections() -> None:
    text = """Commander
1 Kenrith, the Returned King

Companion:
1 Lurrus of the Dream-Den

Deck
98 Island

COMMANDER
1 Goblin Guide
"""
    deck = parse_decklist(text, KNOWN)
    assert deck.main == (DeckEntry(98, "Island"),)
    assert deck.sideboard == ()
    assert deck.sections == (
        ("Commander", (DeckEntry(1, "Kenrith, the Returned King"), DeckEntry(1, "Goblin Guide"))),
        ("Companion", (DeckEntry(1, "Lurrus of the Dream-Den"),)),
    )
    assert deck.section("commander")[0].name == "Kenrith, the Returned King"
    assert deck.section("Maybeboard") == ()
    assert len(deck) == 98


def test_empty_extra_section_is_dropped() -> None:
    deck = parse_decklist("Companion\nDeck\n4 Shock")
    assert deck.sections == ()


# --- result methods --------------------------------------------------------------------------


def test_duplicates_counts_cards_and_len() -> None:
    deck = parse_decklist("2 Shock\n3 Mountain\n2 shock (M19) 156\nSideboard\n4 Shock", KNOWN)
    assert deck.main == (
        DeckEntry(2, "Shock"),
        DeckEntry(3, "Mountain"),
        DeckEntry(2, "Shock", "M19", "156"),
    )
    assert deck.counts() == {"Shock": 4, "Mountain": 3}
    assert list(deck.counts()) == ["Shock", "Mountain"]
    assert deck.cards() == ("Shock", "Shock", "Mountain", "Mountain", "Mountain", "Shock", "Shock")
    assert len(deck) == 7


def test_name_and_source() -> None:
    deck = parse_decklist("1 Shock", name="Burn", source="burn.txt")
    assert deck.name == "Burn"
    assert parse_decklist("1 Shock").name is None


def test_decklist_is_frozen_and_hashable() -> None:
    deck = parse_decklist("1 Shock")
    with pytest.raises(dataclasses.FrozenInstanceError):
        deck.name = "x"  # type: ignore[misc]
    assert hash(deck) == hash(parse_decklist("1 Shock"))


@pytest.mark.parametrize(
    "kwargs",
    [
        {"count": 0, "name": "Shock"},
        {"count": True, "name": "Shock"},
        {"count": 1, "name": ""},
        {"count": 1, "name": " Shock"},
        {"count": 1, "name": "Shock", "collector_number": "1"},
    ],
)
def test_deck_entry_rejects_bad_values(kwargs: dict[str, object]) -> None:
    with pytest.raises(DecklistError):
        DeckEntry(**kwargs)  # type: ignore[arg-type]


def test_to_text_format() -> None:
    deck = Decklist(
        main=(DeckEntry(4, "Lightning Bolt", "M10", "146"), DeckEntry(20, "Mountain")),
        sideboard=(DeckEntry(2, "Shock", "M19"),),
        sections=(("Commander", (DeckEntry(1, "Goblin Guide"),)),),
    )
    assert deck.to_text() == (
        "Commander\n1 Goblin Guide\n\n"
        "Deck\n4 Lightning Bolt (M10) 146\n20 Mountain\n\n"
        "Sideboard\n2 Shock (M19)\n"
    )


def test_to_text_rejects_an_unwritable_section() -> None:
    deck = Decklist(main=(DeckEntry(1, "Shock"),), sections=(("Maybeboard", ()),))
    with pytest.raises(DecklistError, match="Maybeboard"):
        deck.to_text()


@pytest.mark.parametrize(
    "text",
    [
        "4 Shock\n20 Mountain",
        "4 Shock\n\n2 Island",
        "4 Shock\nSB: 2 Island\nSB: 1 Fire // Ice (MH2) 290",
        "Commander\n1 Kenrith, the Returned King\nCompanion\n1 Lurrus of the Dream-Den\n"
        "Deck\n4 shock (M19) 156\n4 Shock\n1 B.F.M. (Big Furry Monster) (UGL) 28\n"
        "Sideboard\n2 Island",
        "Companion\n1 Lurrus of the Dream-Den\nDeck\n1 Fire // Ice\nCommander\n1 Goblin Guide",
    ],
)
def test_round_trip(text: str) -> None:
    deck = parse_decklist(text, KNOWN, name="My Deck")
    again = parse_decklist(deck.to_text(), KNOWN)
    assert again == dataclasses.replace(deck, name=None)
    assert parse_decklist(deck.to_text(), KNOWN, name=deck.name) == deck
    assert again.to_text() == deck.to_text()


# --- encodings -------------------------------------------------------------------------------


def test_bom_and_crlf() -> None:
    text = "\ufeffDeck\r\n4 Shock\r\n\r\nSideboard\r\n2 Island\r\n"
    deck = parse_decklist(text, KNOWN)
    assert deck.main == (DeckEntry(4, "Shock"),)
    assert deck.sideboard == (DeckEntry(2, "Island"),)


def test_bom_and_crlf_in_headerless_list() -> None:
    deck = parse_decklist("\ufeff4 Shock\r\n\r\n2 Island\r\n")
    assert deck.main == (DeckEntry(4, "Shock"),)
    assert deck.sideboard == (DeckEntry(2, "Island"),)


def test_crlf_line_numbers_in_errors() -> None:
    with pytest.raises(DecklistError) as info:
        parse_decklist("\ufeff4 Shock\r\n\r\n0 Island\r\n")
    assert info.value.line == 3


# --- errors ----------------------------------------------------------------------------------


def _error(text: str, known: tuple[str, ...] | None = KNOWN, **kwargs: str) -> DecklistError:
    with pytest.raises(DecklistError) as info:
        parse_decklist(text, known, **kwargs)
    return info.value


def test_unknown_card_with_suggestion() -> None:
    err = _error("4 Shock\n\n4 Lightnig Bolt\n", source="burn.txt")
    assert err.line == 3
    assert err.source == "burn.txt"
    assert str(err) == "burn.txt:3: no card named 'Lightnig Bolt'; did you mean 'Lightning Bolt'?"


def test_unknown_card_suggestion_is_case_insensitive() -> None:
    err = _error("4 LIGHTNIG BOLT")
    assert "did you mean 'Lightning Bolt'?" in str(err)


def test_unknown_card_without_suggestion() -> None:
    err = _error("Deck\n1 Xyzzy Quux")
    assert err.line == 2
    assert str(err) == "line 2: no card named 'Xyzzy Quux'"
    assert "did you mean" not in str(err)


def test_unknown_sideboard_card_is_reported() -> None:
    err = _error("4 Shock\nSB: 2 Islnd")
    assert err.line == 2
    assert "no card named 'Islnd'; did you mean 'Island'" in str(err)


def test_empty_known_names_rejects_everything() -> None:
    err = _error("4 Shock", known=())
    # Shock is a real card: the message says so rather than guess at a misspelling.
    assert "Shock is a card of " in str(err)
    assert "that manaweave does not play yet" in str(err)


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("0 Shock", "count must be at least 1, not 0"),
        ("00x Shock", "count must be at least 1, not 0"),
        ("-1 Shock", "count must be a positive integer, not '-1'"),
        ("+2 Shock", "count must be a positive integer, not '+2'"),
        ("1.5 Shock", "count must be a positive integer, not '1.5'"),
        ("4xx Shock", "count must be a positive integer, not '4xx'"),
        ("1001 Shock", "impossible count 1001 (at most 1000)"),
        ("9" * 4000 + " Shock", "impossible count 999999999999... (4000 digits)"),
        ("4", "missing card name after the count '4'"),
        ("4x", "missing card name after the count '4x'"),
        ("4 (M10) 146", "missing card name after the count '4'"),
        ("SB:", "missing count and card name after 'SB:'"),
        ("SB: Shock", "missing count: expected '<count> <card name>', got 'Shock'"),
        ("Lightning Bolt", "missing count: expected '<count> <card name>', got 'Lightning Bolt'"),
        ("Shock", "missing count: expected '<count> <card name>', got 'Shock'"),
    ],
)
def test_malformed_lines(line: str, message: str) -> None:
    err = _error(f"Deck\n4 Mountain\n{line}\n", source="d.txt")
    assert err.line == 3
    assert err.source == "d.txt"
    assert message in str(err)
    assert str(err).startswith("d.txt:3: ")


def test_count_limit_is_inclusive() -> None:
    assert len(parse_decklist("1000 Mountain")) == 1000


@pytest.mark.parametrize("header", ["Maybeboard", "Maybeboard:", "Tokens :", "About"])
def test_unknown_section_header(header: str) -> None:
    err = _error(f"Deck\n4 Shock\n{header}\n1 Island")
    assert err.line == 3
    assert "unknown section header" in str(err)
    assert repr(header.rstrip(": ")) in str(err)
    assert "Sideboard" in str(err)


def test_single_word_without_count_and_without_known_names() -> None:
    err = _error("4 Shock\nIsland", known=None)
    assert err.line == 2
    assert "unknown section header 'Island'" in str(err)
    assert "a card line starts with a count" in str(err)


def test_known_card_ending_in_colon_is_a_header_problem() -> None:
    err = _error("4 Shock\nIsland:")
    assert "unknown section header 'Island'" in str(err)


@pytest.mark.parametrize(
    "text",
    ["", "\n\n", "# only a comment\n", "Deck\n", "Sideboard\n2 Shock", "Commander\n1 Shock"],
)
def test_empty_deck(text: str) -> None:
    err = _error(text, source="empty.txt")
    assert err.line is None
    assert str(err) == "empty.txt: empty deck: no main-deck cards"


def test_empty_deck_without_source() -> None:
    assert str(_error("SB: 1 Shock")) == "empty deck: no main-deck cards"


def test_all_problems_are_reported_together() -> None:
    text = "Deck\n4 Lightnig Bolt\n4 Shock\n0 Mountain\nMaybeboard\n4\n"
    err = _error(text, source="bad.txt")
    assert err.line == 2
    assert str(err) == (
        "bad.txt:2: 4 problems in decklist:\n"
        "  line 2: no card named 'Lightnig Bolt'; did you mean 'Lightning Bolt'?\n"
        "  line 4: count must be at least 1, not 0\n"
        "  line 5: unknown section header 'Maybeboard' (expected one of Deck, Main, Mainboard,"
        " Sideboard, Commander, Companion; a card line starts with a count)\n"
        "  line 6: missing card name after the count '4'"
    )


def test_line_errors_hide_the_empty_deck_error() -> None:
    err = _error("1 Nonexistent Card")
    assert err.line == 1
    assert "empty deck" not in str(err)


def test_long_problem_lists_are_truncated() -> None:
    err = _error("\n".join("0 Shock" for _ in range(30)))
    message = str(err)
    assert message.startswith("line 1: 30 problems in decklist:")
    assert "  line 20: " in message
    assert "  line 21: " not in message
    assert message.endswith("  ... and 10 more")


def test_decklist_error_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="empty deck"):
        parse_decklist("")


# --- files -----------------------------------------------------------------------------------


def test_load_decklist(tmp_path: Path) -> None:
    path = tmp_path / "mono red.txt"
    path.write_bytes(b"\xef\xbb\xbfDeck\r\n4 lightning bolt\r\n\r\nSideboard\r\n2 Shock\r\n")
    deck = load_decklist(path, KNOWN)
    assert deck.name == "mono red"
    assert deck.main == (DeckEntry(4, "Lightning Bolt"),)
    assert deck.sideboard == (DeckEntry(2, "Shock"),)
    assert load_decklist(str(path)) == dataclasses.replace(
        deck, main=(DeckEntry(4, "lightning bolt"),)
    )


def test_load_decklist_errors_name_the_path(tmp_path: Path) -> None:
    path = tmp_path / "burn.txt"
    path.write_text("4 Shock\n4 Lightnig Bolt\n", encoding="utf-8")
    with pytest.raises(DecklistError) as info:
        load_decklist(path, KNOWN)
    assert info.value.source == str(path)
    assert info.value.line == 2
    assert str(info.value).startswith(f"{path}:2: no card named 'Lightnig Bolt'")


def test_load_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.txt"
    with pytest.raises(DecklistError) as info:
        load_decklist(path)
    assert info.value.source == str(path)
    assert info.value.line is None
    assert str(info.value) == f"{path}: decklist file not found"
    assert isinstance(info.value.__cause__, FileNotFoundError)


def test_load_directory(tmp_path: Path) -> None:
    with pytest.raises(DecklistError, match="cannot read decklist file"):
        load_decklist(tmp_path)


def test_load_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.txt"
    path.write_bytes("4 Shock\n1 Séance\n".encode("latin-1"))
    with pytest.raises(DecklistError, match="not valid UTF-8") as info:
        load_decklist(path)
    assert info.value.line == 2


DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="33240" Quantity="20" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="33140" Quantity="4" Sideboard="false" Name="lightning bolt" Annotation="0" />
  <Cards CatID="69174" Quantity="2" Sideboard="true" Name="Shock" Annotation="0" />
</Deck>
"""


def test_an_mtgo_dek_file_is_read() -> None:
    deck = parse_decklist("\ufeff" + DEK, KNOWN, name="burn")
    assert deck.main == (DeckEntry(20, "Mountain"), DeckEntry(4, "Lightning Bolt"))
    assert deck.sideboard == (DeckEntry(2, "Shock"),)
    assert deck.name == "burn"


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        (
            DEK.replace('Name="Shock"', 'Name="Shok"'),
            7,
            r"no card named 'Shok'; did you mean 'Shock'",
        ),
        (DEK.replace('Quantity="4"', 'Quantity="0"'), 6, "Quantity must be at least 1, not 0"),
        (
            DEK.replace('Quantity="4"', 'Quantity="many"'),
            6,
            "Quantity must be a positive integer, not 'many'",
        ),
        (DEK.replace(' Quantity="4"', ""), 6, "needs Quantity and Name attributes"),
        (DEK.replace('Sideboard="true"', 'Sideboard="yes"'), 7, "Sideboard must be true or false"),
        (DEK.replace("</Deck>", ""), 9, "not a valid .dek file: no element found"),
        (DEK.replace("<Deck ", "<Sideboard ").replace("</Deck>", "</Sideboard>"), 2, "root"),
        ('<!DOCTYPE Deck [<!ENTITY a "b">]><Deck/>', 1, "may not declare a DTD"),
    ],
)
def test_a_bad_dek_file_names_the_line(text: str, line: int, message: str) -> None:
    with pytest.raises(DecklistError, match=message) as raised:
        parse_decklist(text, KNOWN, source="deck.dek")
    assert raised.value.line == line


def test_a_dek_file_with_every_card_in_the_sideboard_is_an_empty_deck() -> None:
    text = DEK.replace('Sideboard="false"', 'Sideboard="true"')
    with pytest.raises(DecklistError, match="empty deck"):
        parse_decklist(text, KNOWN)


# --- set codes: the set must have printed the card --------------------------------------------


class _SampleSet:
    """A third-party set: a card of its own, and a reprint of a built-in card."""

    @hookimpl
    def mw_card_sets(self) -> list[CardSet]:
        ember = card(
            "Sample Ember",
            printed=Printed("{R}", "Instant", "Sample Ember deals 1 damage to any target."),
        )
        return [CardSet("SMP", "Sample set", (ember, PluginHost(autoload=False).cards["Shock"]))]


SAMPLE_HOST = PluginHost([_SampleSet()], autoload=False)


@pytest.mark.parametrize(
    "line",
    ["4 Lightning Bolt (M11) 149", "4 Lightning Bolt (M10) 146", "4 lightning bolt (m11)"],
)
def test_a_set_that_printed_the_card_is_accepted(line: str) -> None:
    for known in (None, SAMPLE_HOST.cards):
        (entry,) = parse_decklist(line, known).main
        assert entry.set_code is not None
        assert entry.set_code.casefold() in ("m10", "m11")


def test_a_set_code_that_did_not_print_the_card_is_refused() -> None:
    text = "20 Forest\n4 Grizzly Bears (ZZZ)\n"
    for known in (None, SAMPLE_HOST.cards):
        with pytest.raises(DecklistError) as raised:
            parse_decklist(text, known, source="bears.txt")
        assert raised.value.line == 2
        assert str(raised.value) == (
            "bears.txt:2: Grizzly Bears was not printed in set 'ZZZ' (a set the card data "
            "lacks); the sets that printed it: 10E"
        )


def test_a_known_set_that_did_not_print_the_card_is_refused_with_every_printing() -> None:
    with pytest.raises(DecklistError) as raised:
        parse_decklist("4 Shock\n4 Shock (M10) 146\n4 Grizzly Bears (M12)\n")
    message = str(raised.value)
    assert message.startswith("line 2: 2 problems in decklist:")
    assert (
        "line 2: Shock was not printed in set 'M10'; the sets that printed it: "
        "10E, M12, M14, M19, M20, M21"
    ) in message
    assert "line 3: Grizzly Bears was not printed in set 'M12'; the sets that printed it: 10E" in (
        message
    )
    assert "(a set the card data lacks)" not in message


def test_a_third_party_card_may_name_the_set_defining_it_only() -> None:
    (entry,) = parse_decklist("4 Sample Ember (smp) 1", SAMPLE_HOST.cards).main
    assert entry == DeckEntry(4, "Sample Ember", "smp", "1")
    with pytest.raises(
        DecklistError,
        match=r"line 1: Sample Ember was not printed in set "
        r"'M10'; the sets that printed it: SMP\Z",
    ):
        parse_decklist("4 Sample Ember (M10)", SAMPLE_HOST.cards)


def test_the_sets_defining_a_reprint_count_as_printing_it() -> None:
    (entry,) = parse_decklist("4 Shock (SMP)", SAMPLE_HOST.cards).main
    assert entry.set_code == "SMP"
    with pytest.raises(DecklistError, match="10E, M12, M14, M19, M20, M21, SMP"):
        parse_decklist("4 Shock (M10)", SAMPLE_HOST.cards)


def test_a_card_nothing_is_known_of_may_name_any_set() -> None:
    # Without a card pool, a card the reference lacks has no known printings.
    deck = parse_decklist("1 Fire // Ice (MH2) 290\n1 Sample Ember (XYZ)")
    assert [entry.set_code for entry in deck.main] == ["MH2", "XYZ"]


def test_a_dek_file_line_cannot_smuggle_a_wrong_set() -> None:
    text = '<Deck>\n<Cards Quantity="4" Name="Grizzly Bears (ZZZ)" Sideboard="false"/>\n</Deck>'
    with pytest.raises(DecklistError, match="line 2: Grizzly Bears was not printed in set 'ZZZ'"):
        parse_decklist(text, SAMPLE_HOST.cards)


def test_a_parsed_decklist_given_to_a_game_is_checked_too() -> None:
    bad = Decklist(main=(DeckEntry(20, "Forest"), DeckEntry(4, "Grizzly Bears", "M13")))
    with pytest.raises(DecklistError) as raised:
        resolve_deck(bad, SAMPLE_HOST)
    assert str(raised.value) == (
        "4 Grizzly Bears (M13): Grizzly Bears was not printed in set 'M13'; "
        "the sets that printed it: 10E"
    )
    good = Decklist(main=(DeckEntry(20, "Forest", "M10", "246"), DeckEntry(4, "Shock", "SMP")))
    assert resolve_deck(good, SAMPLE_HOST) is good


def test_a_real_card_manaweave_does_not_play_is_told_apart_from_a_misspelling() -> None:
    err = _error("4 Tarmogoyf\n4 Tarmagoyf\n4 delver of secrets\n")
    assert str(err) == (
        "line 1: 3 problems in decklist:\n"
        "  line 1: Tarmogoyf is a card of Future Sight that manaweave does not play yet\n"
        "  line 2: no card named 'Tarmagoyf'; did you mean 'Tarmogoyf'?\n"
        "  line 3: Delver of Secrets is a card of Innistrad that manaweave does not play yet"
    )


def test_a_card_pool_tells_a_real_card_apart_from_a_misspelling() -> None:
    pool = PluginHost(autoload=False).cards
    with pytest.raises(UnknownCardError, match=r"^Tarmogoyf is a card of Future Sight that"):
        pool["Tarmogoyf"]
    with pytest.raises(UnknownCardError, match=r"^no card named 'Lightnig Bolt'; did you mean"):
        pool["Lightnig Bolt"]

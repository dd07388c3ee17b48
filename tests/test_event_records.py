"""The typed event records of ``manaweave.events``: one class per event the engine logs,
documented in ``docs/event-log.md`` with exactly its fields; how a record becomes a line;
and which events make the game check state-based actions again (704.3)."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

import manaweave
import manaweave.events
from manaweave.events import (
    COMMON_FIELDS,
    OMITTED,
    AbilityRemoved,
    DamageDealt,
    EventRecord,
    EventReplaced,
    LifeChanged,
    Omitted,
    SpellCast,
    ZoneChangeRecord,
    record_classes,
)
from manaweave.log import is_public
from manaweave.lowlevel import Game
from manaweave.players import RandomBot

DOC = Path(__file__).resolve().parents[1] / "docs" / "event-log.md"

UNCHECKED = frozenset(
    {
        "decision_made",
        "decision_rejected",
        "preferences_changed",
        "turn_began",
        "step_began",
        "turn_marker_changed",
        "permanent_tapped",
        "permanent_untapped",
        "mana_added",
        "mana_spent",
        "mana_emptied",
        "library_shuffled",
    }
)
"""The events after which the game does not check state-based actions again: what a
player said, turn structure (turn markers too), tapping, mana and shuffling."""


def engine_records() -> dict[str, type[EventRecord]]:
    """The record classes ``manaweave.events`` exports, by log name."""
    found = {}
    for name in manaweave.events.__all__:
        value = getattr(manaweave.events, name)
        if isinstance(value, type) and issubclass(value, EventRecord) and "event" in vars(value):
            found[value.event] = value
    return found


def documented_sections() -> dict[str, str]:
    """The event sections of docs/event-log.md: name -> section text."""
    _, found, part = DOC.read_text(encoding="utf-8").partition("\n## Events\n")
    assert found
    pieces = re.split(r"^### `([^`]+)`[ \t]*$", part, flags=re.MULTILINE)
    return dict(zip(pieces[1::2], pieces[2::2], strict=True))


def table_fields(text: str) -> list[str]:
    """The field names in the first column of the field tables in ``text``."""
    names = []
    for line in text.splitlines():
        cells = line.strip().strip("|").split("|")
        if line.startswith("| `") and len(cells) >= 2:
            names += re.findall(r"`([a-z_]+)`", cells[0])
    return names


def zone_change_fields() -> list[str]:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("### Zone-change fields\n", 1)[1].split("\n## ", 1)[0]
    return table_fields(section)


def documented_fields(section: str) -> list[str]:
    """The fields a section documents: its table's, or the zone-change fields it names."""
    fields = table_fields(section.split("```json", 1)[0])
    if "(#zone-change-fields)" in section:
        fields += zone_change_fields()
    return fields


def new_game() -> Game:
    return manaweave.new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RandomBot(seed=1), RandomBot(seed=2)],
        seed=1,
    )


# --- every event has a record class, documented with exactly its fields -------------------


def test_every_record_class_is_documented_and_every_documented_event_has_one() -> None:
    records = engine_records()
    sections = documented_sections()
    assert sorted(set(records) - set(sections)) == []
    assert sorted(set(sections) - set(records)) == []


def test_the_engine_records_are_the_registered_engine_classes() -> None:
    registered = {
        name: cls
        for name, cls in record_classes().items()
        if cls.__module__.startswith("manaweave.")
    }
    assert registered == engine_records()


@pytest.mark.parametrize("name", sorted(engine_records()))
def test_each_section_documents_exactly_the_record_fields(name: str) -> None:
    record = engine_records()[name]
    documented = documented_fields(documented_sections()[name])
    assert len(documented) == len(set(documented)), documented
    own = set(documented) - set(COMMON_FIELDS)
    assert own == set(record.log_fields), name
    # A documented common field is one of the record's (``rule`` and ``visibility``
    # are described once, at the top of the page).
    assert set(documented) & set(COMMON_FIELDS) <= {"player"}


def test_the_zone_change_fields_are_those_of_the_zone_change_record() -> None:
    assert zone_change_fields() == ["player", *ZoneChangeRecord.log_fields]
    zone_changes = {
        name for name, cls in engine_records().items() if issubclass(cls, ZoneChangeRecord)
    }
    assert zone_changes == {
        "card_drawn",
        "land_played",
        "spell_proposed",
        "permanent_entered",
        "object_moved",
        "card_discarded",
        "sacrificed",
        "manifested",
    }


@pytest.mark.parametrize("name", sorted(engine_records()))
def test_a_record_class_is_named_after_its_event_and_documented(name: str) -> None:
    record = engine_records()[name]
    assert record.__name__ == "".join(part.capitalize() for part in name.split("_"))
    assert record.__doc__
    # Its docstring names the CR rule the event carries out (or says it has none).
    assert re.search(r"\b(rules?\s+\d{3}|no\s+rule)", record.__doc__, flags=re.IGNORECASE)


# --- from a record to a line ----------------------------------------------------------------


def test_a_record_is_logged_with_the_common_fields_then_its_own_in_order() -> None:
    game = new_game()
    seq = game.emit(LifeChanged(rule="120.3a", player=1, delta=-3, life=17))
    line = game.log.lines[seq]
    game_id = game.log.game_id.encode()
    assert line.startswith(b'{"v":4,"game":"%s","seq":%d,"turn":0,"step":null,' % (game_id, seq))
    assert line.endswith(
        b'"player":1,"rule":"120.3a","visibility":[0,1],"delta":-3,"life":17,"source":null,'
        b'"source_name":null,"source_controller":null,"event":"life_changed"}'
    )


def test_optional_fields_are_left_out_unless_given_and_none_is_logged_as_null() -> None:
    game = new_game()
    game.emit(SpellCast(player=0, object=5, card=None, targets=[], x=3))
    game.emit(SpellCast(player=0, object=6, card="Fireball", targets=[None, 7], face_down=True))
    first, second = game.log.records[-2:]
    assert list(first)[-5:] == ["object", "card", "targets", "x", "event"]
    assert first["card"] is None
    assert "modes" not in first
    assert list(second)[-5:] == ["object", "card", "targets", "face_down", "event"]
    assert second["targets"] == [None, 7]


def test_the_optional_fields_of_one_event_keep_each_call_site_s_order() -> None:
    # Damage to a player and to a permanent log different fields around the same ones.
    game = new_game()
    game.emit(
        DamageDealt(
            source=1, source_name="A", source_controller=1, to_player=0, amount=2, combat=False
        )
    )
    game.emit(
        DamageDealt(
            source=1,
            source_name="A",
            source_controller=1,
            to_object=9,
            to_name="B",
            amount=2,
            combat=True,
        )
    )
    to_player, to_object = game.log.records[-2:]
    assert list(to_player)[-7:-1] == [
        "source",
        "source_name",
        "source_controller",
        "to_player",
        "amount",
        "combat",
    ]
    assert list(to_object)[-8:-1] == [
        "source",
        "source_name",
        "source_controller",
        "to_object",
        "to_name",
        "amount",
        "combat",
    ]


def test_a_replaced_zone_change_logs_its_fields_in_the_order_of_the_others() -> None:
    game = new_game()
    game.emit(
        EventReplaced(
            rule="701.19a",
            player=0,
            source=3,
            text="regenerate",
            object=4,
            to_zone=None,
            instead_of="graveyard",
        )
    )
    line = game.log.lines[-1]
    assert line.endswith(
        b'"source":3,"text":"regenerate","object":4,"to_zone":null,"instead_of":"graveyard",'
        b'"event":"event_replaced"}'
    )


def test_an_own_cause_field_is_logged_in_place_of_the_caused_by_one() -> None:
    # An ability removed as it would be put on the stack (603.3d) names the
    # ability_triggered line as its cause, even inside another event's consequences.
    game = new_game()
    game.emit(AbilityRemoved(rule="603.3d", player=0, source=2, text="x", cause=1))
    assert list(game.log.records[-1])[-4:] == ["source", "text", "cause", "event"]
    with game.caused_by(0):
        game.emit(AbilityRemoved(rule="603.3d", player=0, source=2, text="x", cause=1))
    line = game.log.records[-1]
    assert line["cause"] == 1
    assert list(line).index("cause") < list(line).index("visibility")


@pytest.mark.rules("400.2")
def test_visibility_is_every_seat_unless_given() -> None:
    """A record without a visibility is public (CR 400.2): its line lists every seat."""
    game = new_game()
    hidden = LifeChanged(player=0, delta=1, life=21, visibility=(0,))
    shown = LifeChanged(delta=1, life=21)
    assert (hidden.is_public, shown.is_public) == (False, True)
    game.emit(hidden)
    game.emit(shown)
    private, public = game.log.records[-2:]
    assert private["visibility"] == [0]
    assert public["visibility"] == [0, 1]
    assert (is_public(private, 2), is_public(public, 2)) == (False, True)
    assert "player" not in public
    assert "rule" not in public


def test_a_line_logged_through_the_bound_logger_is_public_unless_given() -> None:
    game = new_game()
    game.log.logger.info("bounty_claimed", turn=game.turn, step=None, player=1, amount=3)
    game.log.logger.info("bounty_hidden", turn=game.turn, step=None, visibility=[1])
    public, private = game.log.records[-2:]
    assert (public["visibility"], private["visibility"]) == ([0, 1], [1])


def test_records_are_keyword_only_slotted_and_typed_fields_are_required() -> None:
    with pytest.raises(TypeError):
        LifeChanged("120.3a", 0, None, -3, 17)  # type: ignore[misc]
    with pytest.raises(TypeError, match="life"):
        LifeChanged(rule="120.3a", delta=-3)  # type: ignore[call-arg]
    record = LifeChanged(delta=-3, life=17)
    with pytest.raises(AttributeError):
        record.other = 1  # type: ignore[attr-defined]
    assert repr(record) == (
        "LifeChanged(rule=None, player=None, visibility=None, delta=-3, life=17, source=None, "
        "source_name=None, source_controller=None)"
    )
    assert repr(OMITTED) == "OMITTED"


# --- record classes of one's own ------------------------------------------------------------


class ThingHappened(EventRecord, event="test_thing_happened"):
    """A thing happened, in a test."""

    amount: int
    note: str | Omitted = OMITTED


class ThingNoticed(EventRecord, event="test_thing_noticed", state_check=False):
    """A thing was noticed, in a test; nothing a state-based action looks at changed."""


def test_a_record_class_of_ones_own_is_logged_like_the_engine_ones() -> None:
    game = new_game()
    seq = game.emit(ThingHappened(rule="603.1", player=0, amount=3))
    record = game.log.records[seq]
    assert (record["event"], record["amount"], record["seq"]) == ("test_thing_happened", 3, seq)
    assert "note" not in record
    assert record_classes()["test_thing_happened"] is ThingHappened


def test_a_log_name_another_record_class_has_is_an_error() -> None:
    with pytest.raises(TypeError, match=r"'life_changed' is already logged by .*LifeChanged"):

        class MyLifeChanged(EventRecord, event="life_changed"):
            delta: int

    with pytest.raises(TypeError, match="test_thing_happened"):

        class AnotherThing(EventRecord, event="test_thing_happened"):
            pass

    assert record_classes()["life_changed"] is LifeChanged


def test_the_same_class_defined_again_replaces_itself() -> None:
    # As a module reloaded defines its classes again: same module, same qualified name.
    source = "class Redefined(EventRecord, event='test_redefined'):\n    amount: int\n"
    namespace: dict[str, object] = {"EventRecord": EventRecord, "__name__": __name__}
    exec(source, namespace)
    first = namespace["Redefined"]
    exec(source, namespace)
    assert namespace["Redefined"] is not first
    assert record_classes()["test_redefined"] is namespace["Redefined"]


def test_a_field_the_log_writes_itself_is_an_error() -> None:
    with pytest.raises(TypeError, match="the log writes seq, turn itself"):

        class Clashing(EventRecord, event="test_clashing"):
            turn: int
            seq: int

    assert "test_clashing" not in record_classes()


def test_a_field_defined_twice_is_an_error() -> None:
    with pytest.raises(TypeError, match="fields defined twice: player"):

        class Twice(EventRecord, event="test_twice"):
            player: int  # type: ignore[misc]


def test_a_subclass_of_a_named_record_must_name_its_own_event() -> None:
    # One log name, one class: a subclass would log the same name with other fields.
    with pytest.raises(TypeError, match="names its own event"):

        class MoreLife(LifeChanged):
            reason: str

    class LifeChangedFor(LifeChanged, event="test_life_changed_for"):
        reason: str

    assert LifeChangedFor.log_fields == (
        "delta",
        "life",
        "source",
        "source_name",
        "source_controller",
        "reason",
    )


def test_a_mutable_default_is_an_error() -> None:
    with pytest.raises(TypeError, match="mutable default"):

        class Listed(EventRecord, event="test_listed"):
            items: list[int] = []  # noqa: RUF012


def test_the_registry_is_read_only() -> None:
    with pytest.raises(TypeError):
        record_classes()["x"] = LifeChanged  # type: ignore[index]


# --- logged is not the same as state changed (704.3) ----------------------------------------


@pytest.mark.rules("704.3")
def test_exactly_the_decision_turn_tap_mana_and_shuffle_events_need_no_new_check() -> None:
    unchecked = {name for name, cls in engine_records().items() if not cls.state_check}
    assert unchecked == UNCHECKED


@pytest.mark.rules("704.3")
def test_only_records_that_may_change_state_bump_the_state_version() -> None:
    game = new_game()
    before = game.state_version
    game.emit(ThingNoticed(player=0))
    assert game.state_version == before
    game.emit(ThingHappened(player=0, amount=1))
    assert game.state_version == before + 1
    # A line a plugin logs through the bound structlog logger is logged, nothing more.
    game.log.logger.info("bounty_claimed", turn=game.turn, step=None, player=1, amount=3)
    assert game.state_version == before + 1
    assert orjson.loads(game.log.lines[-1])["event"] == "bounty_claimed"

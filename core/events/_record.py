"""The base of every event record: a keyword-only slotted class with a log name.

A record class names its event once, at class creation (``class LifeChanged(EventRecord,
event="life_changed")``); its own fields, in the order they are declared, are the fields of
the log line after the common ones. The metaclass makes it a dataclass-like record (type
checkers see a keyword-only dataclass), checks the name is new and writes what the event
bus needs to render it without looking at the class again.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from types import FunctionType, MappingProxyType
from typing import Any, ClassVar, Final, cast, dataclass_transform, get_origin

__all__ = [
    "COMMON_FIELDS",
    "OMITTED",
    "EventRecord",
    "EventRecordType",
    "Omitted",
    "record_classes",
]


class Omitted(enum.Enum):
    """The type of :data:`OMITTED`, the value of an optional field that was not given."""

    OMITTED = "omitted"

    def __repr__(self) -> str:
        return "OMITTED"


OMITTED: Final = Omitted.OMITTED
"""The default of an optional field: the field is left out of the line. Not ``None``,
because some fields are logged as ``null`` on purpose (a spell's ``card`` when it is face
down, ``to_zone`` when a move was replaced by staying)."""

COMMON_FIELDS: Final = ("rule", "player", "visibility")
"""The fields every record has, from :class:`EventRecord`; the event bus writes them (with
``turn``, ``step`` and ``cause``) before the record's own fields."""

_LINE_KEYS: Final = frozenset({"v", "game", "seq", "event", "turn", "step"})
"""Keys of a line that a record's own field must not take: the event log and the event bus
write them. ``cause`` may be an own field (``ability_removed``): given, it is the logged
value."""

_RECORDS: dict[str, type[EventRecord]] = {}


_NO_DEFAULT: Final = object()
"""Marks a field without a default: it must be given."""

_INIT_DOC: Final = "Build the record; every field is keyword-only."
_ADD_FIELDS_DOC: Final = """Add the record's own fields to ``line`` in their order, leaving out the
optional ones not given."""


@dataclass_transform(kw_only_default=True, eq_default=False)
class EventRecordType(type):
    """The metaclass of event records: it makes each one a keyword-only slotted record.

    The fields are the annotated class attributes (not ``ClassVar`` ones), a base's first,
    with the value assigned as the default. Given ``event=``, the class logs events of that
    name: a name another record class already has is an error (``TypeError``), unless it is
    the same class defined again (a module reloaded). Given ``state_check=False``, its
    events make no state-based action apply (704.3). A class without ``event=`` and without
    a named base is abstract: it only shares fields; a subclass of a named class must
    name its own event, since one log name is one class.

    It writes each class's ``__init__`` and :meth:`EventRecord.add_fields` as plain
    assignments, as :mod:`dataclasses` does, but in one pass: building the 87 engine
    records with :func:`dataclasses.dataclass` took about three times as long (some 60 ms
    of every import here).
    """

    def __new__(
        mcls,
        name: str,
        bases: tuple[type, ...],
        namespace: dict[str, Any],
        /,
        *,
        event: str | None = None,
        state_check: bool | None = None,
    ) -> EventRecordType:
        if event is not None:
            _check_new_name(event, namespace)
        elif any(hasattr(base, "event") for base in bases):
            raise TypeError(f"{name}: a subclass of a record class names its own event=")
        inherited: tuple[tuple[str, object], ...] = ()
        for base in bases:
            if isinstance(base, EventRecordType):
                inherited = cast("type[EventRecord]", base)._record_fields
                break
        own = _own_fields(namespace)
        fields = (*inherited, *own)
        names = [field for field, _ in fields]
        repeated = sorted({field for field in names if names.count(field) > 1})
        if repeated:
            raise TypeError(f"{name}: fields defined twice: {', '.join(repeated)}")
        logged = [(field, default) for field, default in fields if field not in COMMON_FIELDS]
        taken = sorted(field for field, _ in logged if field in _LINE_KEYS)
        if taken:
            raise TypeError(f"{name}: the log writes {', '.join(taken)} itself")
        namespace["__slots__"] = tuple(field for field, _ in own)
        namespace["_record_fields"] = fields
        namespace["log_fields"] = tuple(field for field, _ in logged)
        namespace["optional_fields"] = frozenset(
            field for field, default in logged if default is OMITTED
        )
        namespace.update(_methods(name, fields, namespace["optional_fields"]))
        if event is not None:
            namespace["event"] = event
        if state_check is not None:
            namespace["state_check"] = state_check
        cls = super().__new__(mcls, name, bases, namespace)
        if event is not None:
            _RECORDS[event] = cast("type[EventRecord]", cls)
        return cls


def _own_fields(namespace: dict[str, Any]) -> list[tuple[str, object]]:
    """The fields a class body declares, with their defaults, which leave the namespace:
    an attribute of the class would hide the slot."""
    fields = []
    for field, annotation in namespace.get("__annotations__", {}).items():
        if _is_class_var(annotation):
            continue
        default = namespace.pop(field, _NO_DEFAULT)
        if isinstance(default, list | dict | set):
            raise TypeError(f"{field}: a mutable default would be shared by every record")
        fields.append((field, default))
    return fields


def _is_class_var(annotation: object) -> bool:
    if isinstance(annotation, str):  # postponed: ``from __future__ import annotations``
        return annotation.startswith(("ClassVar", "typing.ClassVar"))
    return annotation is ClassVar or get_origin(annotation) is ClassVar


def _methods(
    name: str, fields: Sequence[tuple[str, object]], optional: frozenset[str]
) -> dict[str, FunctionType]:
    """``__init__`` and ``add_fields`` for a record class with ``fields``, written out.

    ``add_fields`` runs for every event a game logs (about two thousand a game):
    straight-line attribute reads measured two to three times faster than a loop over the
    field names. The names are identifiers (they are annotated names of a class body).
    """
    defaults: dict[str, object] = {"OMITTED": OMITTED}
    parameters = []
    for index, (field, default) in enumerate(fields):
        if default is _NO_DEFAULT:
            parameters.append(field)
        else:
            defaults[f"_default_{index}"] = default
            parameters.append(f"{field}=_default_{index}")
    init = [f"    self.{field} = {field}" for field, _ in fields]
    add = [
        f"    if self.{field} is not OMITTED:\n        line[{field!r}] = self.{field}"
        if field in optional
        else f"    line[{field!r}] = self.{field}"
        for field, _ in fields
        if field not in COMMON_FIELDS
    ]
    signature = f"self, *, {', '.join(parameters)}" if parameters else "self"
    source = (
        f"def __init__({signature}):\n"
        + ("\n".join(init) or "    pass")
        + "\n\ndef add_fields(self, line, /):\n"
        + ("\n".join(add) or "    pass")
        + "\n"
    )
    exec(source, defaults)
    methods: dict[str, FunctionType] = {}
    for method, doc in (("__init__", _INIT_DOC), ("add_fields", _ADD_FIELDS_DOC)):
        function = defaults[method]
        assert isinstance(function, FunctionType)
        function.__qualname__ = f"{name}.{method}"
        function.__doc__ = doc
        methods[method] = function
    return methods


def _check_new_name(event: str, namespace: Mapping[str, Any]) -> None:
    previous = _RECORDS.get(event)
    if previous is None:
        return
    same = (previous.__module__, previous.__qualname__) == (
        namespace.get("__module__"),
        namespace.get("__qualname__"),
    )
    if not same:
        raise TypeError(
            f"event {event!r} is already logged by {previous.__module__}.{previous.__qualname__}"
        )


class EventRecord(metaclass=EventRecordType):
    """One event of the game as it is logged: its log name, its common fields, its own.

    Subclass it to log an event of your own, naming it at class creation::

        class BountyClaimed(EventRecord, event="bounty_claimed"):
            \"\"\"A player claimed a bounty.\"\"\"

            amount: int

        game.emit(BountyClaimed(rule="...", player=1, amount=3))

    Every field is keyword-only. The common fields: ``rule``, the CR rule the event carries
    out; ``player``, the player it is about; ``visibility``, the players who may see it
    in full (``None``: everybody, :attr:`is_public`; the line lists every seat). Left
    ``None``, ``rule`` and ``player`` are not logged. An own field defaulting to
    :data:`OMITTED` is logged only when given.
    """

    event: ClassVar[str]
    """The event's log name (the line's ``event``), given at class creation."""
    state_check: ClassVar[bool] = True
    """Whether state-based actions are checked again after such an event (704.3): false
    for events no state-based action looks at (what a player said, tapping, mana)."""
    log_fields: ClassVar[tuple[str, ...]]
    """The record's own fields, in the order they are logged: all but the common ones."""
    optional_fields: ClassVar[frozenset[str]]
    """The own fields that default to :data:`OMITTED`, logged only when given."""
    _record_fields: ClassVar[tuple[tuple[str, object], ...]]
    """Every field with its default, the common ones first."""

    rule: str | None = None
    player: int | None = None
    visibility: Sequence[int] | None = None

    @property
    def is_public(self) -> bool:
        """Whether every player may see the event in full (CR 400.2): no ``visibility``
        was given, and the line lists every seat of the game."""
        return self.visibility is None

    def add_fields(self, line: dict[str, Any], /) -> None:
        """Add the record's own fields to ``line`` in their order, leaving out the optional
        ones not given. (Each record class has its own, written when the class is made.)"""

    def __repr__(self) -> str:
        values = ", ".join(
            f"{field}={getattr(self, field)!r}" for field, _ in type(self)._record_fields
        )
        return f"{type(self).__name__}({values})"


def record_classes() -> Mapping[str, type[EventRecord]]:
    """Every record class defined so far, by log name: the engine's and any plugin's."""
    return MappingProxyType(_RECORDS)

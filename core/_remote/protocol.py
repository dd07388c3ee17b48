"""The messages of remote play (``docs/remote-play.md``): what a client may send, checked.

A remote player's decisions travel as a player's process gets them
(:mod:`._subprocess_wire`): the same ``decision`` message, the same questions and the same
answers, each of them tagged with the ``id`` of the decision it belongs to. Around them
the websocket protocol adds joining a seat (``join``) or watching (``spectate``), the
events each connection may see (``event``), refusals (``error``) and the end
(``game_over``). The package ships a JSON Schema of every message
(:data:`SCHEMA_PATH`); the server does not need it: :func:`read_client_message` checks
every field it reads itself.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from importlib import resources
from typing import Any

import orjson

from manaweave._engine._errors import with_article
from manaweave._engine._preferences import Preferences, Stops

from .wire import MAX_INDICES, MAX_PLAYER_LINE

__all__ = [
    "MAX_CLIENT_MESSAGE",
    "MAX_TRANSPORT_MESSAGE",
    "PROTOCOL",
    "SCHEMA_PATH",
    "ProtocolError",
    "read_client_message",
    "read_preferences",
    "schema",
    "unwrapped",
]

PROTOCOL = 1
"""The protocol's version: ``join`` and ``spectate`` name it, ``joined`` repeats it."""

MAX_CLIENT_MESSAGE = MAX_PLAYER_LINE
"""The longest message (in bytes of UTF-8) the server reads from a client: a longer one
is refused with an ``error``, as a malformed one is. An answer is a few hundred bytes."""

MAX_TRANSPORT_MESSAGE = 1 << 20
"""The longest message the server's websocket takes in at all: one longer than this is
not even read; the connection is closed with code 1009 (message too big), as a
disconnection."""

MAX_TOKEN = 200
"""The longest token a client may send (the server's are 32 characters)."""

MAX_ERROR_TEXT = 2000
"""The longest ``error`` text of a client whose player failed."""

SCHEMA_PATH = "data/remote-protocol.schema.json"
"""Where the JSON Schema of the messages is, inside the package."""


class ProtocolError(ValueError):
    """A client's message the server does not take: its text is the ``reason`` of the
    ``error`` the client gets back."""


def _whole(low: int) -> Callable[[object], bool]:
    def check(value: object) -> bool:
        return type(value) is int and value >= low

    return check


def _text(most: int) -> Callable[[object], bool]:
    def check(value: object) -> bool:
        return type(value) is str and 0 < len(value) <= most

    return check


def _indices(value: object) -> bool:
    # Plain integers only: the table's check refuses the rest too, but a value of the
    # wrong type is a malformed message, not an illegal answer, and costs no attempt.
    return (
        type(value) is list
        and len(value) <= MAX_INDICES
        and all(type(index) is int for index in value)
    )


def read_preferences(value: object) -> Preferences:
    """A client's ``preferences`` field (as ``game_started`` records preferences), checked
    strictly: ``engine_pays`` true or false, and ``stops`` absent, ``null``, or an object
    with the lists of step names ``own_turn`` and ``other_turns`` and the booleans
    ``stack`` and ``only_pass`` (each optional, as :class:`~manaweave.Stops` defaults
    them). Raises :class:`ProtocolError` saying what is wrong otherwise."""
    if type(value) is not dict:
        raise ProtocolError("preferences must be a JSON object")
    unknown = set(value) - {"engine_pays", "stops"}
    if unknown:
        raise ProtocolError(f"preferences have no field {sorted(unknown)[0]!r}")
    engine_pays = value.get("engine_pays", False)
    if type(engine_pays) is not bool:
        raise ProtocolError("preferences.engine_pays must be true or false")
    stops = value.get("stops")
    if stops is None:
        return Preferences(engine_pays=engine_pays)
    if type(stops) is not dict:
        raise ProtocolError("preferences.stops must be a JSON object or null")
    unknown = set(stops) - set(_STOP_FIELDS)
    if unknown:
        raise ProtocolError(f"preferences.stops has no field {sorted(unknown)[0]!r}")
    given: dict[str, Any] = {}
    for name, kind in _STOP_FIELDS.items():
        if name not in stops:
            continue
        field = stops[name]
        if kind is list and not (
            type(field) is list and len(field) <= 20 and all(type(s) is str for s in field)
        ):
            raise ProtocolError(f"preferences.stops.{name} must be a list of step names")
        if kind is bool and type(field) is not bool:
            raise ProtocolError(f"preferences.stops.{name} must be true or false")
        given[name] = frozenset(field) if kind is list else field
    try:
        return Preferences(stops=Stops(**given), engine_pays=engine_pays)
    except (TypeError, ValueError) as error:
        raise ProtocolError(f"preferences: {error}") from None


_STOP_FIELDS = {"own_turn": list, "other_turns": list, "stack": bool, "only_pass": bool}


_FIELD_RULES: dict[str, tuple[str, Callable[[object], bool]]] = {
    "protocol": ("the protocol version, 1", lambda value: type(value) is int and value == PROTOCOL),
    "token": (f"a token of 1 to {MAX_TOKEN} characters", _text(MAX_TOKEN)),
    "since": ("a whole number of events, 0 or more", _whole(0)),
    "id": ("the id of a decision, a whole number", _whole(1)),
    "indices": (f"a list of at most {MAX_INDICES} option indices (integers)", _indices),
    "start": ("an option index, a whole number", _whole(0)),
    "error": (f"a text of 1 to {MAX_ERROR_TEXT} characters", _text(MAX_ERROR_TEXT)),
}
"""What each field of a client's message must hold, and how to say so."""

CLIENT_MESSAGES: Mapping[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "join": (("protocol", "token"), ("since", "preferences")),
    "spectate": (("protocol", "token"), ("since",)),
    "answer": (("id", "indices"), ()),
    "concede": (("id",), ()),
    "error": (("id", "error"), ()),
    "view": (("id",), ()),
    "options": (("id", "start"), ()),
    "problem": (("id", "indices"), ()),
    "legal_choice": (("id",), ()),
    "preferences": (("preferences",), ()),
}
"""Each type of message a client sends: its required fields, then its optional ones.
Other fields are ignored, so that a later version's client can add some."""


def read_client_message(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a JSON object of at most :data:`MAX_CLIENT_MESSAGE`
    bytes whose ``type`` is one of :data:`CLIENT_MESSAGES` and whose fields hold what they
    must (``preferences`` comes back read, a :class:`~manaweave.Preferences`). Raises
    :class:`ProtocolError` saying what is wrong otherwise."""
    data = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(data) > MAX_CLIENT_MESSAGE:
        raise ProtocolError(
            f"a message of {len(data)} bytes is too long (at most {MAX_CLIENT_MESSAGE})"
        )
    try:
        message = orjson.loads(data)
    except orjson.JSONDecodeError:
        raise ProtocolError("the message is not JSON") from None
    if type(message) is not dict:
        raise ProtocolError("the message is not a JSON object")
    kind = message.get("type")
    if type(kind) is not str or kind not in CLIENT_MESSAGES:
        shown = repr(kind)[:40] if type(kind) is str else "no text"
        known = ", ".join(CLIENT_MESSAGES)
        raise ProtocolError(f"the message type {shown} is not one of {known}")
    required, optional = CLIENT_MESSAGES[kind]
    for name in (*required, *optional):
        if name not in message:
            if name in required:
                raise ProtocolError(f"{with_article(kind)} message needs the field {name!r}")
            continue
        if name == "preferences":
            message[name] = read_preferences(message[name])  # says itself what is wrong
            continue
        what, holds = _FIELD_RULES[name]
        if not holds(message[name]):
            raise ProtocolError(
                f"the field {name!r} of {with_article(kind)} message must be {what}"
            )
    return message


def schema() -> dict[str, Any]:
    """The JSON Schema of every message, both ways (``docs/remote-play.md``)."""
    text = resources.files("manaweave").joinpath(SCHEMA_PATH).read_bytes()
    loaded: dict[str, Any] = orjson.loads(text)
    return loaded


@contextmanager
def unwrapped() -> Iterator[None]:
    """Around a nursery whose own tasks end quietly when cancelled: the one exception
    its group holds (the block's own) leaves as itself, not in an exception group. That
    includes a :class:`KeyboardInterrupt` (Ctrl-C), which only a
    :class:`BaseExceptionGroup` holds."""
    try:
        yield
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise

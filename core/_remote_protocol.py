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

from ._subprocess_actor import MAX_INDICES
from ._subprocess_wire import MAX_PLAYER_LINE

__all__ = [
    "MAX_CLIENT_MESSAGE",
    "MAX_TRANSPORT_MESSAGE",
    "PROTOCOL",
    "SCHEMA_PATH",
    "ProtocolError",
    "read_client_message",
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
    "join": (("protocol", "token"), ("since",)),
    "spectate": (("protocol", "token"), ("since",)),
    "answer": (("id", "indices"), ()),
    "concede": (("id",), ()),
    "error": (("id", "error"), ()),
    "view": (("id",), ()),
    "options": (("id", "start"), ()),
    "problem": (("id", "indices"), ()),
    "legal_choice": (("id",), ()),
}
"""Each type of message a client sends: its required fields, then its optional ones.
Other fields are ignored, so that a later version's client can add some."""


def read_client_message(raw: str | bytes) -> dict[str, Any]:
    """A client's message, checked: a JSON object of at most :data:`MAX_CLIENT_MESSAGE`
    bytes whose ``type`` is one of :data:`CLIENT_MESSAGES` and whose fields hold what they
    must. Raises :class:`ProtocolError` saying what is wrong otherwise."""
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
                raise ProtocolError(f"a {kind} message needs the field {name!r}")
            continue
        what, holds = _FIELD_RULES[name]
        if not holds(message[name]):
            raise ProtocolError(f"the field {name!r} of a {kind} message must be {what}")
    return message


def schema() -> dict[str, Any]:
    """The JSON Schema of every message, both ways (``docs/remote-play.md``)."""
    text = resources.files("manaweave").joinpath(SCHEMA_PATH).read_bytes()
    loaded: dict[str, Any] = orjson.loads(text)
    return loaded


@contextmanager
def unwrapped() -> Iterator[None]:
    """Around a nursery whose own tasks end quietly when cancelled: the one exception
    its group holds (the block's own) leaves as itself, not in an exception group."""
    try:
        yield
    except ExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise

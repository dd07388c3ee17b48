"""Playing or watching a game that another machine hosts (``manaweave serve``).

:func:`play_remote` seats any player written for an in-process game at a remote seat,
unchanged::

    ending = await play_remote("ws://127.0.0.1:8765/", token, RandomBot(seed=1))

The player gets :class:`~manaweave.Decision` objects rebuilt from what the server sent,
as a player in a process of its own does: its view, the options not sent with the
decision and ``is_legal`` / ``legal_choice`` are asked of the server when the player reads
them (its ``decide`` runs in a thread of its own, so these reads can wait for the reply).

:func:`connect` is the connection itself, for a client of its own: it joins a seat (or
watches, ``spectate=True``) and yields a :class:`GameClient` whose messages are plain
JSON values (``docs/remote-play.md``).
"""

from __future__ import annotations

import math
import queue
import urllib.parse
from collections.abc import AsyncIterator, Callable, Mapping
from contextlib import asynccontextmanager, suppress
from typing import Any

import orjson
import trio
from trio_websocket import (
    ConnectionClosed,
    ConnectionRejected,
    WebSocketConnection,
    wrap_client_stream,
)

from manaweave._engine._errors import ManaweaveError
from manaweave._engine._preferences import Preferences, preferences_of
from manaweave._engine._view import GameView
from manaweave._remote.protocol import PROTOCOL, unwrapped
from manaweave._remote.wire import QUESTIONS, EngineLink, answer_decision, rebuilt
from manaweave.players import Player

__all__ = [
    "CLOSE_TIME_LIMIT",
    "MAX_SERVER_MESSAGE",
    "GameClient",
    "RemoteGameError",
    "connect",
    "open_connection",
    "play_remote",
]

MAX_SERVER_MESSAGE = 64 << 20
"""The longest message a client reads from the server: a view of a large board, or a
page of options, is tens of kilobytes."""


CLOSE_TIME_LIMIT = 2.0
"""Seconds a client waits for the server to acknowledge the closing of its connection."""


RECONNECT_PAUSE = 0.1
"""Seconds :func:`play_remote` waits between two tries to join again."""

ABNORMAL_CLOSURE = 1006
"""The close code of a websocket whose connection ended without a closing handshake."""


class RemoteGameError(ManaweaveError):
    """The server did not let the client join (a wrong token, a seat given up), or the
    connection ended before the game did; the message is the server's reason.
    :attr:`lost` tells a connection lost (the network, the server gone) from one the
    server closed."""

    def __init__(self, message: str, *, lost: bool = False) -> None:
        super().__init__(message)
        self.lost = lost
        """Whether the connection ended without the server closing it: joining again
        may work."""


class GameClient:
    """A connection to a served game, as one seat's player or as a spectator.

    Made by :func:`connect`. :meth:`receive` gives the server's messages one at a time and
    keeps what they tell: :attr:`events` as this connection may see them, the seat's
    latest :attr:`view`, and :attr:`ending` once the game is over.
    """

    def __init__(self, socket: WebSocketConnection, joined: Mapping[str, Any]) -> None:
        self.socket = socket
        self.seat: int | None = joined["seat"]
        """The seat this client plays, ``None`` for a spectator."""
        self.names: list[str] = list(joined["players"])
        """The players' names, by seat."""
        self.game_id: str = joined["game"]
        """The game's id, the ``game`` of each of its events."""
        self.view: GameView | None = _view(joined.get("view"))
        """The seat's view when it joined, then as the seat's player last asked for it."""
        self.events: list[dict[str, Any]] = []
        """The events received so far, each as this connection may see it."""
        self.errors: list[str] = []
        """The reasons of the server's ``error`` messages so far."""
        self.ending: dict[str, Any] | None = None
        """The ``game_over`` message, once the game has ended."""
        self.preferences: Preferences | None = None
        """The preferences this client sent when it joined, if it sent any."""

    async def send(self, message: Mapping[str, Any]) -> None:
        """Send one message (a JSON object) to the server."""
        await self.socket.send_message(orjson.dumps(message).decode())

    async def prefer(self, preferences: Preferences) -> None:
        """Change the seat's preferences (stops, engine payment); the engine takes the
        change up as the seat's next answer is accepted (a ``preferences_changed``
        event)."""
        await self.send({"type": "preferences", "preferences": preferences.to_log()})

    async def receive(self) -> dict[str, Any]:
        """The server's next message, kept in :attr:`events`, :attr:`view`,
        :attr:`errors` or :attr:`ending` as it tells. Raises :class:`RemoteGameError`
        if the server closes the connection before the game is over."""
        try:
            raw = await self.socket.get_message()
        except ConnectionClosed as closed:
            raise RemoteGameError(_closing(closed, self.errors), lost=_lost(closed)) from None
        message: dict[str, Any] = orjson.loads(raw)
        kind = message.get("type")
        if kind == "event":
            self.events.append(message["event"])
        elif kind == "view":
            self.view = _view(message["view"])
        elif kind == "error":
            self.errors.append(str(message.get("reason")))
        elif kind == "game_over":
            self.ending = message
        return message

    async def watch(
        self, on_event: Callable[[dict[str, Any]], object] | None = None
    ) -> dict[str, Any]:
        """Receive messages until the game is over; returns the ``game_over`` message.
        ``on_event`` is called with each event as it comes."""
        while self.ending is None:
            message = await self.receive()
            if on_event is not None and message["type"] == "event":
                on_event(message["event"])
        return self.ending

    async def play(
        self, player: Player, *, on_event: Callable[[dict[str, Any]], object] | None = None
    ) -> dict[str, Any]:
        """Answer the seat's decisions with ``player`` until the game is over; returns the
        ``game_over`` message. ``on_event`` is called with each event as it comes.

        The player's ``decide`` runs in a thread of its own with its own trio loop, so
        that what it reads of a decision can wait for the server's reply."""
        if self.seat is None:
            raise RuntimeError("a spectator has no decisions to answer")
        outgoing, to_send = trio.open_memory_channel[dict[str, Any]](math.inf)
        link = _ThreadLink(trio.lowlevel.current_trio_token(), outgoing, player, self.preferences)
        with unwrapped():
            async with trio.open_nursery() as nursery:
                nursery.start_soon(self._forward, to_send)
                nursery.start_soon(_run_player, player, link)
                try:
                    while self.ending is None:
                        message = await self.receive()
                        kind = message["type"]
                        if kind == "event":
                            if on_event is not None:
                                on_event(message["event"])
                        elif kind in ("decision", *QUESTIONS) or (kind == "error" and link.asking):
                            link.inbox.put(message)
                finally:
                    # The player's thread ends at its next read; nothing more is sent.
                    link.inbox.put(None)
                    outgoing.close()
        return self.ending

    async def _forward(self, to_send: trio.MemoryReceiveChannel[dict[str, Any]]) -> None:
        with suppress(ConnectionClosed):
            async for message in to_send:
                await self.send(message)


async def _run_player(player: Player, link: _ThreadLink) -> None:
    """Run ``player`` on the decisions ``link`` brings, in a thread with a trio loop of
    its own; a cancelled game leaves the thread to end at its next read."""
    await trio.to_thread.run_sync(trio.run, _answer_decisions, player, link, abandon_on_cancel=True)


async def _answer_decisions(player: Player, link: _ThreadLink) -> None:
    """The player's thread: answer each decision until the game is over."""
    while (message := link.receive()) is not None:
        await answer_decision(player, link, message)


class _ThreadLink(EngineLink):
    """The player's thread's end: it waits for the server's messages on a queue the
    connection's loop fills, and hands its own to that loop. Before an answer it sends
    the player's preferences if they changed since they were last sent, so that the
    engine takes the change up with that answer, as it would in process."""

    def __init__(
        self,
        token: trio.lowlevel.TrioToken,
        outgoing: trio.MemorySendChannel[Any],
        player: Player,
        sent: Preferences | None,
    ):
        self._token = token
        self._outgoing = outgoing
        self._player = player
        self._sent = sent
        self.inbox: queue.SimpleQueue[dict[str, Any] | None] = queue.SimpleQueue()
        self.decision_id = 0
        self.asking = False
        """Whether the player waits for the reply to a question (an ``error`` in its place
        goes to it, so that it does not wait for ever)."""

    def send(self, message: dict[str, Any]) -> None:
        """Send a message about the current decision (tagged with its id)."""
        tagged = {**message, "id": self.decision_id}
        self.asking = message["type"] in QUESTIONS
        if not self.asking:
            preferences = preferences_of(self._player)
            if preferences != self._sent:
                self._sent = preferences
                self._send_now({"type": "preferences", "preferences": preferences.to_log()})
        self._send_now(tagged)

    def _send_now(self, message: dict[str, Any]) -> None:
        with suppress(trio.RunFinishedError):
            self._token.run_sync_soon(self._hand_over, message)

    def _hand_over(self, message: dict[str, Any]) -> None:
        with suppress(trio.ClosedResourceError, trio.BrokenResourceError):
            self._outgoing.send_nowait(message)

    def receive(self) -> dict[str, Any] | None:
        """The server's next message for the player, ``None`` once the game is over."""
        message = self.inbox.get()
        self.asking = False
        if message is not None and message["type"] == "decision":
            self.decision_id = message["id"]
        return message


def _view(value: object) -> GameView | None:
    built = rebuilt(value) if value is not None else None
    return built if isinstance(built, GameView) else None


def _lost(closed: ConnectionClosed) -> bool:
    """Whether a connection ended without a closing handshake."""
    return closed.reason is None or closed.reason.code == ABNORMAL_CLOSURE


def _closing(closed: ConnectionClosed, errors: list[str]) -> str:
    """Why the server closed the connection: its last error's reason, or the close's."""
    if errors:
        return errors[-1]
    reason = closed.reason
    if reason is None:
        return "the server closed the connection"
    return f"the server closed the connection ({reason.code} {reason.reason or ''})"


def _authorization(token: str | None) -> list[tuple[bytes, bytes]]:
    """The handshake's header that names ``token``: none for a token that a header cannot
    carry as it is (not printable ASCII), which the ``join`` alone then names."""
    if token is None or not (token.isascii() and token.isprintable()) or " " in token:
        return []
    return [(b"authorization", b"Bearer " + token.encode())]


@asynccontextmanager
async def open_connection(url: str, token: str | None = None) -> AsyncIterator[WebSocketConnection]:
    """A websocket to the server at ``url`` (``ws://HOST:PORT/``) for the ``async with``
    block, closed at its end, its socket too however the server closed its side.

    ``token`` goes with the handshake (``Authorization: Bearer``): the server always
    admits a seat's, even when it holds as many other connections as it takes."""
    parts = urllib.parse.urlsplit(url)
    if parts.scheme != "ws" or not parts.hostname:
        raise ValueError(f"a server's address is ws://HOST:PORT/, not {url[:100]!r}")
    port = parts.port or 80
    stream = await trio.open_tcp_stream(parts.hostname, port)
    # The socket is this block's own: trio-websocket leaves it open when the server
    # closes the connection first.
    with unwrapped():
        async with stream, trio.open_nursery() as nursery:
            socket = await wrap_client_stream(
                nursery,
                stream,
                parts.netloc,
                parts.path or "/",
                max_message_size=MAX_SERVER_MESSAGE,
                extra_headers=_authorization(token),
            )
            try:
                yield socket
            finally:
                with trio.move_on_after(CLOSE_TIME_LIMIT):
                    await socket.aclose()
                nursery.cancel_scope.cancel()


@asynccontextmanager
async def connect(
    url: str,
    token: str,
    *,
    spectate: bool = False,
    since: int = 0,
    preferences: Preferences | None = None,
) -> AsyncIterator[GameClient]:
    """Join the seat ``token`` opens in the game served at ``url`` (or watch it, with
    ``spectate`` and the spectators' token) for the ``async with`` block.

    ``since`` asks for the events from that ``seq`` on (0: all of them; a client that
    joins again after a disconnection passes the number it has). ``preferences`` (stops,
    engine payment) replace the seat's; the engine takes them up as the seat's next
    answer is accepted. Raises :class:`RemoteGameError` with the server's reason if it
    refuses (at the handshake, or the ``join``).
    """
    join: dict[str, Any] = {
        "type": "spectate" if spectate else "join",
        "protocol": PROTOCOL,
        "token": token,
        "since": since,
    }
    if preferences is not None:
        if spectate:
            raise ValueError("a spectator has no preferences")
        join["preferences"] = preferences.to_log()
    async with _refusal_told(), open_connection(url, token) as socket:
        await socket.send_message(orjson.dumps(join).decode())
        try:
            first = orjson.loads(await socket.get_message())
        except ConnectionClosed as closed:
            raise RemoteGameError(_closing(closed, []), lost=_lost(closed)) from None
        if first.get("type") != "joined":
            raise RemoteGameError(str(first.get("reason", first.get("type"))))
        client = GameClient(socket, first)
        client.preferences = preferences
        yield client


@asynccontextmanager
async def _refusal_told() -> AsyncIterator[None]:
    """Around a connection's handshake: the server's refusal of it (an HTTP status, such
    as 503 when as many spectators watch as it takes) is a :class:`RemoteGameError` with
    the server's reason."""
    try:
        yield
    except ConnectionRejected as refused:
        reason = (refused.body or b"").decode("utf-8", "replace")[:200]
        raise RemoteGameError(
            reason or f"the server refused (HTTP {refused.status_code})"
        ) from None


async def play_remote(
    url: str,
    token: str,
    player: Player,
    *,
    on_event: Callable[[dict[str, Any]], object] | None = None,
    on_join: Callable[[GameClient], object] | None = None,
    reconnect_for: float = 0.0,
) -> dict[str, Any]:
    """Play the seat ``token`` opens in the game served at ``url`` with ``player`` (any
    player, unchanged) until the game is over; returns the ``game_over`` message.
    ``on_event`` is called with each event, once, as it comes; ``on_join`` with the
    :class:`GameClient` each time the seat is joined (its seat, names and view).

    A connection lost during the game is joined again, for up to ``reconnect_for``
    seconds (the server's grace period), with the events from where it left off; the
    server sends the pending decision again. Raises :class:`RemoteGameError` if the
    server refuses the token or the connection cannot be had again in time.

    The player's ``preferences`` (stops, engine payment) go with the join, and a change
    of them goes to the server before the answer it was made with, as in process."""
    seen = 0

    def counted(event: dict[str, Any]) -> None:
        nonlocal seen
        seen += 1
        if on_event is not None:
            on_event(event)

    joined = False
    deadline = math.inf
    while True:
        try:
            preferences = preferences_of(player)  # the player's own, not the host's
            async with connect(url, token, since=seen, preferences=preferences) as client:
                joined = True
                deadline = math.inf
                if on_join is not None:
                    on_join(client)
                return await client.play(player, on_event=counted)
        except RemoteGameError as error:
            if not error.lost:
                raise
            failure: Exception = error
        except OSError as error:  # the server cannot be reached (again)
            if not joined:
                raise
            failure = error
        if deadline == math.inf:
            deadline = trio.current_time() + reconnect_for
        if trio.current_time() >= deadline:
            raise failure
        await trio.sleep(RECONNECT_PAUSE)

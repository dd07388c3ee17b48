"""Hosting a game for players on other machines: websockets (``manaweave serve``).

Seat a :class:`RemotePlayer` where a remote player sits, build the game as usual, and
serve it::

    game = manaweave.new_game(
        decks=["m10:red-green", "m10:green-white"],
        players=[RemotePlayer(), RandomBot(seed=2)],
        log="game.jsonl",
    )
    async with open_game_server(game, port=8765) as server:
        for seat in server.remote_players:
            print(seat.seat, server.url, seat.token)
        outcome = await server.play()

A client joins its seat with the seat's token (:mod:`manaweave.client`); the game starts
once every remote seat has joined. Each connection gets the events of the log as its
seat may see them (:func:`manaweave.log.redact`; a spectator, the public ones), the
decisions of its seat with their options, and its seat's view when it asks; never a
card another player hides. The protocol is documented in ``docs/remote-play.md`` and
described by a JSON Schema shipped in the package.

What a client sends is checked before anything else reads it: a message that is not
JSON, too long, of an unknown type, with a field of the wrong type, or an answer to a
decision that is not pending gets an ``error`` and changes nothing. An answer the rules
do not allow is refused by the engine as any player's is (it is asked again, up to the
variant's limit). A client that disconnects may join again with the same token within
the grace period (the pending decision is sent again); after it, that player concedes
(CR 104.3a) when next asked, and the game goes on. The game's time limit per decision
applies to remote players as to any, and keeps running while one is away.

What the server holds for a connection is bounded. The events go to each connection
from the game's own log, one at a time as the connection takes them, so a connection
that reads slowly (or not at all) costs a place in that log, not a copy of it; the
other messages waiting for it are bounded (:data:`MAX_WAITING_BYTES`), and a connection
that takes in nothing for :data:`SEND_TIME_LIMIT` seconds is cut. Every seat's client
can always connect: a handshake that names a seat's token (``Authorization: Bearer``)
is always admitted, spectators and connections that have not joined yet have limits
of their own, and a process out of file descriptors refuses new connections and goes
on with the ones it has.
"""

from __future__ import annotations

import errno
import logging
import math
import os
import secrets
import socket as stdlib_socket
import weakref
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Iterator, Mapping
from contextlib import asynccontextmanager, contextmanager, suppress
from ipaddress import IPv4Address, IPv6Address, ip_address
from typing import TYPE_CHECKING, Any, NoReturn, cast

import orjson
import trio
from trio_websocket import ConnectionClosed, WebSocketConnection, WebSocketRequest, WebSocketServer

from manaweave._engine._decisions import Choice, Decision
from manaweave._engine._errors import IllegalChoiceError, ManaweaveError
from manaweave._engine._outcome import Outcome
from manaweave._engine._preferences import Preferences
from manaweave._engine._redact import redact_event
from manaweave._engine._turnloop import interrupt_outside_play, run_game
from manaweave._remote.protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_TOKEN,
    MAX_TRANSPORT_MESSAGE,
    PROTOCOL,
    ProtocolError,
    read_client_message,
    unwrapped,
)
from manaweave._remote.protocol import schema as protocol_schema
from manaweave._remote.wire import QUESTIONS, WireError, decision_message, plain, question_reply

if TYPE_CHECKING:
    from manaweave._engine._game import Game

__all__ = [
    "DEFAULT_GRACE",
    "MAX_CLIENT_MESSAGE",
    "MAX_SPECTATORS",
    "MAX_TRANSPORT_MESSAGE",
    "MAX_UNAUTHENTICATED",
    "MAX_WAITING_BYTES",
    "PROTOCOL",
    "SEND_TIME_LIMIT",
    "GameServer",
    "RemotePlayer",
    "RemotePlayerError",
    "open_game_server",
    "protocol_schema",
]

DEFAULT_GRACE = 30.0
"""Seconds a remote player who disconnected has to join again before conceding."""

JOIN_TIME_LIMIT = 10.0
"""Seconds a new connection has to complete its websocket handshake, then as many to send
its ``join`` or ``spectate``."""

MAX_ERRORS = 100
"""How many messages a connection may have refused before the server closes it: a
client that sends nothing but garbage is not worth the replies."""

CLOSE_TIME_LIMIT = 2.0
"""Seconds the server waits for a client to acknowledge the closing of its connection
(and, at the end, for the last messages to go out)."""

MAX_SPECTATORS = 64
"""How many spectators a server lets watch at once by default; more are refused (HTTP
503 at the handshake, or an ``error`` and close code 1008 at their ``spectate``)."""

MAX_UNAUTHENTICATED = 16
"""How many connections a server holds at once by default that named no token at the
handshake and have not joined yet; more are refused at the handshake (HTTP 503). A
handshake that names a seat's token is always admitted."""

MAX_WAITING_BYTES = 4 << 20
"""How many bytes of messages other than events (decisions, replies, errors) may wait
for one connection: a client that asks more than it reads is closed (close code 1008,
reason ``too slow``). The events themselves never wait in a queue: each connection
takes them from the game's log as it goes."""

SEND_TIME_LIMIT = 30.0
"""Seconds a connection may take in nothing while a message waits for it before it is
cut: a client that stops reading holds no place for ever (no close frame can reach a
client that does not read)."""

NORMAL_CLOSURE = 1000
"""The websocket close code of a connection closed because the game is over."""

POLICY_VIOLATION = 1008
"""The websocket close code of a connection the server refuses (a wrong token, too many
refused messages, replaced by a newer connection, too slow)."""

EVENT_TEXTS = 1024
"""How many events the server keeps as sent (redacted for one viewer, as JSON), so that
the connections that follow the game closely each use the same text."""

ACCEPT_CAPACITY_ERRNOS = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""What ``accept`` fails with when the process or the system has no room for a new
connection."""

SHORTAGE_PAUSE = 0.1
"""Seconds the server waits before accepting again when it could not even refuse a
connection (no descriptor in reserve)."""

SHORTAGE_WARNING_INTERVAL = 60.0
"""Seconds between two warnings that descriptors have run out."""

_logger = logging.getLogger("manaweave.serve")

IPAddress = IPv4Address | IPv6Address


class RemotePlayerError(ManaweaveError):
    """A remote player's client reported that its player failed (an ``error`` message):
    raised from :meth:`RemotePlayer.decide`, it makes that player concede like any
    player's exception (its text is logged)."""


class _Close:
    """Queued after a connection's last message: close it with this code and reason."""

    __slots__ = ("code", "reason")

    def __init__(self, code: int, reason: str | None) -> None:
        self.code = code
        self.reason = reason


class _Refused(Exception):
    """A connection that could not join: it was told why and is being closed."""


class _Connection:
    """One client's websocket: what waits to go to it, in order, and whose events it gets
    (``viewer``: its seat, ``None`` for a spectator).

    The events are not queued: once the connection has joined, it takes each from the
    game's log (:attr:`GameServer.logged` of them so far) as it is ready for the next,
    from :attr:`next_event` on. The other messages wait in a queue, each with the
    number of events that go before it, bounded by :data:`MAX_WAITING_BYTES`."""

    def __init__(
        self,
        server: GameServer,
        socket: WebSocketConnection,
        admitted: str,
        stream: trio.SocketStream | None = None,
    ) -> None:
        self.server = server
        self.socket = socket
        self._stream = stream
        """The connection's TCP stream, to cut it with nothing more written."""
        self.admitted = admitted
        """What the handshake admitted it as: ``"seat"``, ``"spectator"`` (it named that
        token) or ``"unauthenticated"``; a spectator, or a seat, once it has joined."""
        self.viewer: int | None = None
        self.errors = 0
        self.next_event = 0
        """The ``seq`` of the next event to send, once it has joined."""
        self.streaming = False
        """Whether it has joined, and so gets the events."""
        self._waiting: deque[tuple[int, str | _Close]] = deque()
        self._waiting_bytes = 0
        self._closing = False
        self._dropped: _Close | None = None
        self._changed = trio.Event()
        self.finished = trio.Event()

    def send(self, message: Mapping[str, Any], *, after: int | None = None) -> None:
        """Queue ``message`` for the client, to go once the events before ``after`` (by
        default every event logged so far) have gone; dropped once it is closing. A
        client that lets more than :data:`MAX_WAITING_BYTES` wait is closed."""
        if self._closing:
            return
        text = orjson.dumps(message).decode()
        self._waiting_bytes += len(text)
        if self._waiting_bytes > MAX_WAITING_BYTES:
            self.drop(
                POLICY_VIOLATION,
                f"too slow: more than {MAX_WAITING_BYTES >> 20} MiB of messages waiting",
            )
            return
        self._waiting.append((self.server.logged if after is None else after, text))
        self.wake()

    def refuse(self, reason: str) -> None:
        """Tell the client why its message changed nothing."""
        self.errors += 1
        self.send({"type": "error", "reason": reason})
        if self.errors >= MAX_ERRORS:
            self.close(POLICY_VIOLATION, "too many refused messages")

    def close(self, code: int = NORMAL_CLOSURE, reason: str | None = None) -> None:
        """Close the connection once the messages queued so far (and the events before
        them) have gone out."""
        if self._closing:
            return
        self._closing = True
        self._waiting.append((self.server.logged, _Close(code, reason)))
        self.wake()

    def drop(self, code: int, reason: str) -> None:
        """Close the connection now, with nothing more sent before the close."""
        if self._dropped is None:
            self._closing = True
            self._dropped = _Close(code, reason)
            self._waiting.clear()
            self._waiting_bytes = 0
            self.wake()

    @property
    def closing(self) -> bool:
        """Whether the connection is being closed: nothing more is queued for it."""
        return self._closing

    def wake(self) -> None:
        """Something new may go out: a message, an event, the close."""
        self._changed.set()

    def _cut(self) -> None:
        """End a connection whose client takes in nothing: no close frame can reach it,
        and the message cut off halfway must not be followed by one (its client would
        read a broken frame), so the socket is shut and the client sees the connection
        end without a closing handshake."""
        if self._stream is not None:
            with suppress(OSError):
                self._stream.socket.shutdown(stdlib_socket.SHUT_RDWR)

    def _next(self) -> str | _Close | None:
        """What goes out next, if anything does now."""
        if self._dropped is not None:
            return self._dropped
        if self._waiting:
            after, item = self._waiting[0]
            if not self.streaming or after <= self.next_event:
                self._waiting.popleft()
                if isinstance(item, str):
                    self._waiting_bytes -= len(item)
                return item
        if self.streaming and self.next_event < self.server.logged:
            seq = self.next_event
            self.next_event += 1
            return self.server._event_text(seq, self.viewer)
        return None

    async def deliver(self) -> None:
        """Send what waits for the client as it takes it, until the connection closes."""
        try:
            while True:
                item = self._next()
                if item is None:
                    await self._changed.wait()
                    self._changed = trio.Event()
                elif isinstance(item, _Close):
                    with trio.move_on_after(CLOSE_TIME_LIMIT):
                        await self.socket.aclose(item.code, item.reason)
                    return
                else:
                    with trio.move_on_after(SEND_TIME_LIMIT) as stalled:
                        await self.socket.send_message(item)
                    if stalled.cancelled_caught:
                        self._cut()
                        return
        except ConnectionClosed:
            pass
        finally:
            self._closing = True
            self.finished.set()


class _Pending:
    """The decision a remote player is being asked, and the client's messages about it
    not yet handled."""

    __slots__ = ("answered", "decision", "id", "inbox", "message")

    def __init__(self, decision_id: int, decision: Decision, message: dict[str, Any]) -> None:
        self.id = decision_id
        self.decision = decision
        self.message = message
        """The ``decision`` message, sent again to a client that joins again."""
        self.inbox: deque[dict[str, Any]] = deque()
        self.answered = False
        """Whether the client's answer (or concession, or failure) has come."""


class RemotePlayer:
    """A seat played over a websocket by the client that joins with :attr:`token`.

    Seat it in a game like any player, then serve the game with
    :func:`open_game_server`. It sends each decision to the client connected to its
    seat and waits for the answer, answering the client's questions meanwhile (its view,
    more options, whether an answer is legal). While no client is connected it waits up
    to :attr:`grace` seconds for one to join again, then concedes (CR 104.3a).

    ``preferences`` are the seat's as the game starts (stops, engine payment:
    :class:`~manaweave.Preferences`); the client may change them when it joins and at any
    time after (a ``preferences`` message). The engine takes a change up as the seat's
    next answer is accepted, as it does any player's.
    """

    def __init__(self, token: str | None = None, *, preferences: Preferences | None = None) -> None:
        if token is not None and not (isinstance(token, str) and 0 < len(token) <= MAX_TOKEN):
            raise ValueError(f"a token is a text of 1 to {MAX_TOKEN} characters")
        if preferences is not None and not isinstance(preferences, Preferences):
            raise TypeError(f"preferences must be a manaweave.Preferences, not {preferences!r}")
        self.token = token if token is not None else _new_token()
        """The secret a client joins this seat with (a fresh random one by default)."""
        self.preferences = preferences if preferences is not None else Preferences()
        """What the seat asks the engine to do for it: the host's, then its client's."""
        self.seat: int | None = None
        """The seat this player sits in, once the server is open."""
        self.grace = DEFAULT_GRACE
        """Seconds the seat waits for a client that disconnected (the server's)."""
        self.lost: str | None = None
        """Why the seat was given up (its client did not come back in time), if it was."""
        self._connection: _Connection | None = None
        self._away_since = 0.0
        self._joined = trio.Event()
        self._changed = trio.Event()
        self._pending: _Pending | None = None
        self._rejection: str | None = None
        self._decisions = 0

    def __repr__(self) -> str:
        return f"RemotePlayer(seat={self.seat})"

    @property
    def connected(self) -> bool:
        """Whether a client is connected to the seat now."""
        return self._connection is not None

    async def decide(self, decision: Decision) -> Choice:
        """Ask the seat's client and return its answer (see the class)."""
        self._decisions += 1
        rejection, self._rejection = self._rejection, None
        message = {**decision_message(decision, rejection), "id": self._decisions}
        pending = self._pending = _Pending(self._decisions, decision, message)
        try:
            if self._connection is not None:
                self._connection.send(message)
            while True:
                while pending.inbox:
                    answer = self._handle(pending, pending.inbox.popleft())
                    if answer is not None:
                        return answer
                if self._connection is not None:
                    await self._wait_for_change()
                    continue
                deadline = self._away_since + self.grace
                if trio.current_time() >= deadline:
                    self._give_up()
                    return Choice.concession()
                with trio.move_on_at(deadline):
                    await self._wait_for_change()
        finally:
            self._pending = None

    def rejected(self, decision: Decision, error: IllegalChoiceError) -> None:
        """Tell the client why the engine refused its answer; the same decision comes
        again with the reason as its ``rejection``."""
        self._rejection = str(error)
        if self._connection is not None:
            self._connection.refuse(f"illegal answer: {error}")

    def _handle(self, pending: _Pending, message: dict[str, Any]) -> Choice | None:
        """Handle one of the client's messages about the pending decision: its answer,
        or ``None`` after replying to a question."""
        kind = message["type"]
        if kind == "answer":
            return Choice(tuple(message["indices"]))
        if kind == "concede":
            return Choice.concession()
        if kind == "error":
            raise RemotePlayerError(f"the remote player failed: {message['error'][:200]}")
        assert kind in QUESTIONS
        connection = self._connection
        try:
            reply = question_reply(pending.decision, message)
        except WireError as error:
            if connection is not None:
                connection.refuse(str(error))
            return None
        if connection is not None:
            connection.send({**reply, "id": pending.id})
        return None

    async def _wait_for_change(self) -> None:
        await self._changed.wait()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = trio.Event()

    def _give_up(self) -> None:
        if self.lost is None:
            self.lost = f"did not come back within {self.grace:g} seconds of disconnecting"

    def _away_too_long(self) -> bool:
        if (
            self.lost is None
            and self._joined.is_set()
            and self._connection is None
            and trio.current_time() >= self._away_since + self.grace
        ):
            self._give_up()
        return self.lost is not None

    def _attach(self, connection: _Connection) -> None:
        old, self._connection = self._connection, connection
        if old is not None:
            old.refuse("another connection joined this seat with its token")
            old.close(POLICY_VIOLATION, "replaced by another connection")
        self._joined.set()
        if self._pending is not None:
            connection.send(self._pending.message)
        self._wake()

    def _detach(self, connection: _Connection) -> None:
        if self._connection is connection:
            self._connection = None
            self._away_since = trio.current_time()
            self._wake()

    def _prefer(self, connection: _Connection, preferences: Preferences) -> None:
        """Take the client's new preferences, for the engine to take up as the seat's
        next answer is accepted."""
        if connection is not self._connection:
            connection.refuse("this connection no longer holds the seat")
        else:
            self.preferences = preferences

    def _receive(self, connection: _Connection, message: dict[str, Any]) -> None:
        """Take one checked message of the client's: it goes to the pending decision if it
        is about it, and is refused otherwise."""
        pending = self._pending
        if connection is not self._connection:
            connection.refuse("this connection no longer holds the seat")
        elif pending is None:
            connection.refuse(f"no decision is pending (the message was about {message['id']})")
        elif message["id"] != pending.id:
            connection.refuse(
                f"decision {message['id']} is not the pending one (decision {pending.id} is)"
            )
        elif pending.answered:
            connection.refuse(f"decision {pending.id} was answered already")
        else:
            pending.answered = message["type"] not in QUESTIONS
            pending.inbox.append(message)
            self._wake()


class GameServer:
    """A game served over websockets: open one with :func:`open_game_server`."""

    def __init__(
        self,
        game: Game,
        *,
        grace: float,
        spectators: bool,
        max_spectators: int = MAX_SPECTATORS,
        max_unauthenticated: int = MAX_UNAUTHENTICATED,
    ) -> None:
        self.game = game
        self.remote_players = [
            actor for actor in game.table.actors if isinstance(actor, RemotePlayer)
        ]
        """The game's remote seats, in seat order."""
        for seat, actor in enumerate(game.table.actors):
            if isinstance(actor, RemotePlayer):
                actor.seat = seat
                actor.grace = grace
        self.spectator_token: str | None = _new_token() if spectators else None
        """The token spectators join with; ``None`` when nobody may watch."""
        self.url = ""
        """The address clients connect to, ``ws://host:port/``."""
        self.port = 0
        """The port the server listens on (the one the system chose for port 0)."""
        self.outcome: Outcome | None = None
        """How the game ended, once :meth:`play` has played it."""
        self.logged = len(game.log)
        """How many events the game has logged: the connections send them from its log."""
        self.max_spectators = max_spectators
        """How many spectators may watch at once."""
        self.max_unauthenticated = max_unauthenticated
        """How many connections may wait to join at once that named no token at the
        handshake."""
        self.spectators = 0
        """How many spectators are connected (or admitted by their token, joining)."""
        self.unauthenticated = 0
        """How many connections named no known token at the handshake and have not
        joined yet."""
        self._connections: list[_Connection] = []
        self._ending: dict[str, Any] | None = None
        self._texts: OrderedDict[tuple[int, int | None], str] = OrderedDict()
        self._listeners: list[_SparingListener] = []

    async def wait_until_joined(self) -> None:
        """Return once a client has joined every remote seat."""
        for player in self.remote_players:
            await player._joined.wait()

    async def play(self) -> Outcome:
        """Wait until every remote seat has joined, play the game to its end, send every
        connection the outcome (``game_over``) and close them all."""
        await self.wait_until_joined()
        outcome = self.outcome = await run_game(self.game)
        self._ending = {
            "type": "game_over",
            "winners": list(outcome.winners),
            "reason": outcome.reason,
            "turns": outcome.turns,
            "losers": [list(loser) for loser in outcome.losers],
        }
        for connection in self._connections:
            connection.send(self._ending)
            connection.close()
        with trio.move_on_after(CLOSE_TIME_LIMIT):
            for connection in list(self._connections):
                await connection.finished.wait()
        return outcome

    def _logged(self, record: dict[str, Any]) -> None:
        """The game logged ``record``: every connection that follows the game may send it."""
        self.logged = record["seq"] + 1
        for connection in self._connections:
            connection.wake()

    def _event_text(self, seq: int, viewer: int | None) -> str:
        """The ``event`` message of event ``seq`` as ``viewer`` may see it; the recent ones
        are kept, since every connection that keeps up asks for the same ones."""
        key = (seq, viewer)
        text = self._texts.get(key)
        if text is None:
            record = self.game.log.records[seq]
            event = redact_event(record, viewer, len(self.game.players))
            text = orjson.dumps({"type": "event", "event": event}).decode()
            if len(self._texts) >= EVENT_TEXTS:
                self._texts.popitem(last=False)  # the oldest kept
            self._texts[key] = text
        return text

    def _admission(self, request: WebSocketRequest) -> tuple[str | None, str]:
        """What a handshake is admitted as (see :class:`_Connection`), or ``None`` and why
        it is refused: a seat's token is always admitted, the others within their limits."""
        token = _bearer_token(request.headers)
        if token is not None:
            if any(_same(token, player.token) for player in self.remote_players):
                return "seat", ""
            if self.spectator_token is not None and _same(token, self.spectator_token):
                if self.spectators < self.max_spectators:
                    return "spectator", ""
                return None, f"the game has its most spectators ({self.max_spectators})"
        if self.unauthenticated < self.max_unauthenticated:
            return "unauthenticated", ""
        return None, (
            f"{self.max_unauthenticated} connections that named no token wait to join "
            "already: name yours in the handshake (Authorization: Bearer)"
        )

    async def _serve_connection(self, request: WebSocketRequest) -> None:
        admitted, why = self._admission(request)
        if admitted is None:
            with suppress(ConnectionClosed):
                await request.reject(503, body=why.encode())
            return
        self._count(admitted, +1)
        try:
            socket = await request.accept()
        except ConnectionClosed:
            self._count(admitted, -1)
            return
        connection = _Connection(self, socket, admitted, self._stream_of(request))
        try:
            await self._converse(connection)
        finally:
            self._count(connection.admitted, -1)

    def _stream_of(self, request: WebSocketRequest) -> trio.SocketStream | None:
        """The TCP stream of the connection that made ``request``."""
        remote = request.remote
        if isinstance(remote, str):
            return None
        for listener in self._listeners:
            stream = listener.streams.get((remote.address, remote.port))
            if stream is not None:
                return stream
        return None

    def _count(self, admitted: str, change: int) -> None:
        if admitted == "spectator":
            self.spectators += change
        elif admitted == "unauthenticated":
            self.unauthenticated += change

    async def _converse(self, connection: _Connection) -> None:
        async with trio.open_nursery() as nursery:

            async def deliver() -> None:
                await connection.deliver()
                nursery.cancel_scope.cancel()  # closed or cut: nothing more to read

            nursery.start_soon(deliver)
            player: RemotePlayer | None = None
            try:
                player = await self._join(connection)
                await self._listen(connection, player)
            except (ConnectionClosed, _Refused):
                pass
            finally:
                if connection in self._connections:
                    self._connections.remove(connection)
                if player is not None:
                    player._detach(connection)
                connection.close()

    async def _join(self, connection: _Connection) -> RemotePlayer | None:
        """Read the connection's first message and join it to its seat (returned) or
        to the spectators (``None``); a connection that cannot join is told why and
        closed (:class:`_Refused`)."""
        message: dict[str, Any] | None = None
        with trio.move_on_after(JOIN_TIME_LIMIT):
            raw = await connection.socket.get_message()
            try:
                message = read_client_message(raw)
            except ProtocolError as error:
                self._refuse_join(connection, str(error))
        if message is None:
            self._refuse_join(connection, f"no join within {JOIN_TIME_LIMIT:g} seconds")
        since = message.get("since", 0)
        token = message.get("token", "")
        if message["type"] not in ("join", "spectate"):
            self._refuse_join(connection, "the first message must be join or spectate")
        wanted = "spectator" if message["type"] == "spectate" else "seat"
        if connection.admitted not in (wanted, "unauthenticated"):
            self._refuse_join(
                connection, f"the handshake named a {connection.admitted}'s token, not this one"
            )
        if message["type"] == "spectate":
            if self.spectator_token is None or not _same(token, self.spectator_token):
                self._refuse_join(connection, "wrong spectator token")
            if connection.admitted == "unauthenticated":
                if self.spectators >= self.max_spectators:
                    self._refuse_join(
                        connection, f"the game has its most spectators ({self.max_spectators})"
                    )
                self._count("unauthenticated", -1)
                connection.admitted = "spectator"
                self._count("spectator", +1)
            self._welcome(connection, None, since)
            return None
        for player in self.remote_players:
            if _same(token, player.token):
                if player._away_too_long():
                    self._refuse_join(
                        connection, f"the seat was given up: its player {player.lost}"
                    )
                if "preferences" in message:
                    player.preferences = message["preferences"]
                self._count(connection.admitted, -1)
                connection.admitted = "seat"
                self._welcome(connection, player.seat, since)
                player._attach(connection)
                return player
        self._refuse_join(connection, "wrong token")

    def _refuse_join(self, connection: _Connection, reason: str) -> NoReturn:
        connection.refuse(reason)
        connection.close(POLICY_VIOLATION, "refused")
        raise _Refused(reason)

    def _welcome(self, connection: _Connection, seat: int | None, since: int) -> None:
        """Send ``joined``, then the events from ``since`` on as the connection takes
        them, the ones logged so far and those to come: none is missed or sent twice."""
        game = self.game
        start = min(since, self.logged)
        connection.viewer = seat
        connection.send(
            {
                "type": "joined",
                "protocol": PROTOCOL,
                "game": game.log.game_id,
                "seat": seat,
                "players": [state.name for state in game.players],
                "view": plain(game.view(seat)) if seat is not None else None,
            },
            after=start,
        )
        connection.next_event = start
        connection.streaming = True
        if self._ending is not None:  # too late to play: only the end to tell
            connection.send(self._ending)
            connection.close()
            return
        self._connections.append(connection)

    async def _listen(self, connection: _Connection, player: RemotePlayer | None) -> None:
        """Read the connection's messages until it closes: each is checked, then goes to
        the seat's pending decision or is refused."""
        while True:
            raw = await connection.socket.get_message()
            if connection.closing:
                continue  # what it says now changes nothing, and costs no reply
            try:
                message = read_client_message(raw)
            except ProtocolError as error:
                connection.refuse(str(error))
                continue
            if player is None:
                connection.refuse("a spectator sends nothing after spectate")
            elif message["type"] in ("join", "spectate"):
                connection.refuse("this connection has joined already")
            elif message["type"] == "preferences":
                player._prefer(connection, message["preferences"])
            else:
                player._receive(connection, message)


def _new_token() -> str:
    """A fresh secret token, 192 random bits as hex digits: never beginning with "-", which
    a command line would take for an option (``manaweave join URL --token TOKEN``), as
    about one URL-safe token in 64 does."""
    return secrets.token_hex(24)


def _bearer_token(headers: list[tuple[bytes, bytes]]) -> str | None:
    """The token a handshake names in its ``Authorization: Bearer`` header, if any."""
    for name, value in headers:
        if name.lower() == b"authorization":
            scheme, _, token = value.partition(b" ")
            token = token.strip()
            if scheme.lower() == b"bearer" and 0 < len(token) <= 4 * MAX_TOKEN:
                return token.decode("utf-8", "replace")
    return None


class _SparingListener(trio.abc.Listener[trio.SocketStream]):
    """A TCP listener that does not fail when the process has no file descriptor left for
    a new connection: it refuses that connection instead (accepts it on a descriptor it
    holds in reserve and closes it at once), so the server goes on with the connections
    it has and refuses new ones, quietly, until descriptors free up. One warning a minute
    at most says that this happens."""

    def __init__(self, listening: trio.SocketListener) -> None:
        # The stdlib socket is kept to refuse a connection without a pause between
        # freeing the reserve descriptor and accepting on it.
        self._socket = stdlib_socket.socket(fileno=listening.socket.detach())
        self._listener = trio.SocketListener(trio.socket.from_stdlib_socket(self._socket))
        self._reserve: int | None = _reserve_descriptor()
        self._warned_at = -math.inf
        self.refused = 0
        """How many connections were refused for want of a descriptor."""
        self.streams: weakref.WeakValueDictionary[tuple[IPAddress, int], trio.SocketStream]
        self.streams = weakref.WeakValueDictionary()
        """The streams of the connections it accepted, by their remote address and port,
        as long as they are open."""

    @property
    def port(self) -> int:
        """The port it listens on."""
        port: int = self._socket.getsockname()[1]
        return port

    async def accept(self) -> trio.SocketStream:
        while True:
            try:
                stream = await self._listener.accept()
            except OSError as error:
                if error.errno not in ACCEPT_CAPACITY_ERRNOS:
                    raise
                self._warn(error.errno)
                if not self._refuse_one():
                    await trio.sleep(SHORTAGE_PAUSE)
                continue
            if self._reserve is None:
                self._reserve = _reserve_descriptor()
            with suppress(OSError, ValueError):
                address, port = stream.socket.getpeername()[:2]
                self.streams[ip_address(address), port] = stream
            return stream

    def _refuse_one(self) -> bool:
        """Accept the waiting connection on the reserve descriptor and close it; whether
        one could be refused so."""
        if self._reserve is None:
            self._reserve = _reserve_descriptor()
            return False
        os.close(self._reserve)
        try:
            refused, _ = self._socket.accept()
        except OSError:  # gone already, or the descriptor was taken meanwhile
            done = False
        else:
            refused.close()
            self.refused += 1
            done = True
        self._reserve = _reserve_descriptor()
        return done

    def _warn(self, number: int) -> None:
        now = trio.current_time()
        if now - self._warned_at >= SHORTAGE_WARNING_INTERVAL:
            self._warned_at = now
            _logger.warning(
                "manaweave serve: %s; refusing new connections until some are free",
                os.strerror(number).lower(),
            )

    async def aclose(self) -> None:
        if self._reserve is not None:
            os.close(self._reserve)
            self._reserve = None
        await self._listener.aclose()


def _reserve_descriptor() -> int | None:
    """A file descriptor held in reserve (on the null device), if one can be had."""
    try:
        return os.open(os.devnull, os.O_RDONLY)
    except OSError:
        return None


def _same(given: object, token: str) -> bool:
    """Whether ``given`` is ``token``, compared in constant time."""
    return isinstance(given, str) and secrets.compare_digest(
        given.encode("utf-8", "surrogatepass"), token.encode()
    )


@contextmanager
def _interruption_logged(game: Game) -> Iterator[None]:
    """Around serving ``game``: Ctrl-C while the game is not being played (its players
    are awaited) leaves a log that says the game was interrupted, as during play."""
    try:
        yield
    except KeyboardInterrupt as interrupt:
        records = game.log.records
        if records[-1]["event"] not in ("game_ended", "game_interrupted"):
            interrupt_outside_play(game, interrupt)
        raise


@asynccontextmanager
async def open_game_server(
    game: Game,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    grace: float = DEFAULT_GRACE,
    spectators: bool = True,
    max_spectators: int = MAX_SPECTATORS,
    max_unauthenticated: int = MAX_UNAUTHENTICATED,
) -> AsyncIterator[GameServer]:
    """Serve ``game`` over websockets on ``host`` and ``port`` (0: a free one) for the
    ``async with`` block; :meth:`GameServer.play` plays it.

    Every :class:`RemotePlayer` of the game is a seat a client joins with its token;
    ``grace`` is how long, in seconds, a seat waits for a client that disconnected.
    With ``spectators`` a client may watch the public events with
    :attr:`GameServer.spectator_token`, up to ``max_spectators`` at once. A handshake
    that names a seat's token is always admitted; at most ``max_unauthenticated``
    connections that named none wait to join at once. Leaving the block closes every
    connection.
    """
    if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace < math.inf:
        raise ValueError(f"grace must be a number of seconds, 0 or more, not {grace!r}")
    for name, limit in (
        ("max_spectators", max_spectators),
        ("max_unauthenticated", max_unauthenticated),
    ):
        if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
            raise ValueError(f"{name} must be a whole number, 0 or more, not {limit!r}")
    server = GameServer(
        game,
        grace=float(grace),
        spectators=spectators,
        max_spectators=max_spectators,
        max_unauthenticated=max_unauthenticated,
    )
    # The log's file is opened now: running out of descriptors later must not stop the
    # game from writing it.
    game.log.flush()
    with _interruption_logged(game), unwrapped():
        async with trio.open_nursery() as nursery:
            listeners = [
                _SparingListener(listening)
                for listening in await trio.open_tcp_listeners(port, host=host)
            ]
            websockets = WebSocketServer(
                server._serve_connection,
                cast(list[trio.SocketListener], listeners),  # any trio Listener serves
                max_message_size=MAX_TRANSPORT_MESSAGE,
                connect_timeout=JOIN_TIME_LIMIT,
                disconnect_timeout=CLOSE_TIME_LIMIT,
            )
            await nursery.start(websockets.run)
            server._listeners = listeners
            server.port = listeners[0].port
            shown = f"[{host}]" if ":" in host else host
            server.url = f"ws://{shown}:{server.port}/"
            server.logged = len(game.log)
            unsubscribe = game.log.subscribe(server._logged, past=False)
            try:
                yield server
            finally:
                unsubscribe()
                nursery.cancel_scope.cancel()

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
"""

from __future__ import annotations

import math
import secrets
from collections import deque
from collections.abc import AsyncIterator, Mapping
from contextlib import asynccontextmanager, suppress
from functools import partial
from typing import TYPE_CHECKING, Any, NoReturn

import orjson
import trio
from trio_websocket import ConnectionClosed, WebSocketConnection, WebSocketRequest, serve_websocket

from ._decisions import Choice, Decision
from ._errors import IllegalChoiceError, ManaweaveError
from ._outcome import Outcome
from ._preferences import Preferences
from ._redact import redact_event
from ._remote_protocol import (
    MAX_CLIENT_MESSAGE,
    MAX_TOKEN,
    MAX_TRANSPORT_MESSAGE,
    PROTOCOL,
    ProtocolError,
    read_client_message,
    unwrapped,
)
from ._remote_protocol import schema as protocol_schema
from ._subprocess_wire import QUESTIONS, WireError, decision_message, plain, question_reply
from ._turnloop import run_game

if TYPE_CHECKING:
    from ._game import Game

__all__ = [
    "DEFAULT_GRACE",
    "MAX_CLIENT_MESSAGE",
    "MAX_TRANSPORT_MESSAGE",
    "PROTOCOL",
    "GameServer",
    "RemotePlayer",
    "RemotePlayerError",
    "open_game_server",
    "protocol_schema",
]

DEFAULT_GRACE = 30.0
"""Seconds a remote player who disconnected has to join again before conceding."""

JOIN_TIME_LIMIT = 10.0
"""Seconds a new connection has to send its ``join`` or ``spectate``."""

MAX_ERRORS = 100
"""How many messages a connection may have refused before the server closes it: a
client that sends nothing but garbage is not worth the replies."""

CLOSE_TIME_LIMIT = 2.0
"""Seconds the server waits for a client to acknowledge the closing of its connection
(and, at the end, for the last messages to go out)."""

MAX_CONNECTIONS = 64
"""How many connections a server holds at once by default: every seat, a few spectators,
and the seats' reconnections; more are refused at the handshake (HTTP 503)."""

POLICY_VIOLATION = 1008
"""The websocket close code of a connection the server refuses (a wrong token)."""


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
    """One client's websocket: the messages waiting to go to it, in order, and whose
    events it gets (``viewer``: its seat, ``None`` for a spectator)."""

    def __init__(self, socket: WebSocketConnection) -> None:
        self.socket = socket
        self.viewer: int | None = None
        self.errors = 0
        # Never full: the game, which queues events as it logs them, must not wait for
        # a client that reads slowly.
        self._outbox, self._queued = trio.open_memory_channel[Mapping[str, Any] | _Close](math.inf)
        self.finished = trio.Event()

    def send(self, message: Mapping[str, Any]) -> None:
        """Queue ``message`` for the client (dropped once the connection is closing)."""
        with suppress(trio.ClosedResourceError, trio.BrokenResourceError):
            self._outbox.send_nowait(message)

    def refuse(self, reason: str) -> None:
        """Tell the client why its message changed nothing."""
        self.errors += 1
        self.send({"type": "error", "reason": reason})
        if self.errors >= MAX_ERRORS:
            self.close(POLICY_VIOLATION, "too many refused messages")

    def close(self, code: int = 1000, reason: str | None = None) -> None:
        """Close the connection once the messages queued so far have gone out."""
        try:
            self._outbox.send_nowait(_Close(code, reason))
        except (trio.ClosedResourceError, trio.BrokenResourceError):
            return
        self._outbox.close()

    async def deliver(self) -> None:
        """Send the queued messages until the connection closes."""
        try:
            async for message in self._queued:
                if isinstance(message, _Close):
                    with trio.move_on_after(CLOSE_TIME_LIMIT):
                        await self.socket.aclose(message.code, message.reason)
                    return
                await self.socket.send_message(orjson.dumps(message).decode())
        except ConnectionClosed:
            pass
        finally:
            self._queued.close()
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
        self.token = token if token is not None else secrets.token_urlsafe(24)
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

    def __init__(self, game: Game, *, grace: float, spectators: bool, max_connections: int) -> None:
        self.game = game
        self.remote_players = [
            actor for actor in game.table.actors if isinstance(actor, RemotePlayer)
        ]
        """The game's remote seats, in seat order."""
        for seat, actor in enumerate(game.table.actors):
            if isinstance(actor, RemotePlayer):
                actor.seat = seat
                actor.grace = grace
        self.spectator_token: str | None = secrets.token_urlsafe(24) if spectators else None
        """The token spectators join with; ``None`` when nobody may watch."""
        self.url = ""
        """The address clients connect to, ``ws://host:port/``."""
        self.port = 0
        """The port the server listens on (the one the system chose for port 0)."""
        self.outcome: Outcome | None = None
        """How the game ended, once :meth:`play` has played it."""
        self._connections: list[_Connection] = []
        self._ending: dict[str, Any] | None = None
        self._open = 0
        self._max_connections = max_connections

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

    def _deliver(self, record: dict[str, Any]) -> None:
        """Send a record the game just logged to every connection, as it may see it."""
        seen: dict[int | None, dict[str, Any]] = {}
        for connection in self._connections:
            viewer = connection.viewer
            if viewer not in seen:
                event = redact_event(record, viewer, len(self.game.players))
                seen[viewer] = {"type": "event", "event": event}
            connection.send(seen[viewer])

    async def _serve_connection(self, request: WebSocketRequest) -> None:
        if self._open >= self._max_connections:
            with suppress(ConnectionClosed):
                await request.reject(503, body=b"the game has too many connections")
            return
        self._open += 1
        try:
            await self._converse(request)
        finally:
            self._open -= 1

    async def _converse(self, request: WebSocketRequest) -> None:
        try:
            socket = await request.accept()
        except ConnectionClosed:
            return
        connection = _Connection(socket)
        async with trio.open_nursery() as nursery:
            nursery.start_soon(connection.deliver)
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
        if message["type"] == "spectate":
            if self.spectator_token is None or not _same(token, self.spectator_token):
                self._refuse_join(connection, "wrong spectator token")
            self._welcome(connection, None, since)
            return None
        if message["type"] != "join":
            self._refuse_join(connection, "the first message must be join or spectate")
        for player in self.remote_players:
            if _same(token, player.token):
                if player._away_too_long():
                    self._refuse_join(
                        connection, f"the seat was given up: its player {player.lost}"
                    )
                if "preferences" in message:
                    player.preferences = message["preferences"]
                self._welcome(connection, player.seat, since)
                player._attach(connection)
                return player
        self._refuse_join(connection, "wrong token")

    def _refuse_join(self, connection: _Connection, reason: str) -> NoReturn:
        connection.refuse(reason)
        connection.close(POLICY_VIOLATION, "refused")
        raise _Refused(reason)

    def _welcome(self, connection: _Connection, seat: int | None, since: int) -> None:
        """Send ``joined`` and the events so far from ``since`` on, then the events as
        they come: all at once, so none is missed or sent twice."""
        game = self.game
        connection.viewer = seat
        connection.send(
            {
                "type": "joined",
                "protocol": PROTOCOL,
                "game": game.log.game_id,
                "seat": seat,
                "players": [state.name for state in game.players],
                "view": plain(game.view(seat)) if seat is not None else None,
            }
        )
        for record in game.log.records[since:]:
            event = redact_event(record, seat, len(game.players))
            connection.send({"type": "event", "event": event})
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


def _same(given: object, token: str) -> bool:
    """Whether ``given`` is ``token``, compared in constant time."""
    return isinstance(given, str) and secrets.compare_digest(
        given.encode("utf-8", "surrogatepass"), token.encode()
    )


@asynccontextmanager
async def open_game_server(
    game: Game,
    *,
    host: str = "127.0.0.1",
    port: int = 0,
    grace: float = DEFAULT_GRACE,
    spectators: bool = True,
    max_connections: int = MAX_CONNECTIONS,
) -> AsyncIterator[GameServer]:
    """Serve ``game`` over websockets on ``host`` and ``port`` (0: a free one) for the
    ``async with`` block; :meth:`GameServer.play` plays it.

    Every :class:`RemotePlayer` of the game is a seat a client joins with its token;
    ``grace`` is how long, in seconds, a seat waits for a client that disconnected.
    With ``spectators`` a client may watch the public events with
    :attr:`GameServer.spectator_token`. The server holds at most ``max_connections``
    connections at once. Leaving the block closes every connection.
    """
    if isinstance(grace, bool) or not isinstance(grace, int | float) or not 0 <= grace < math.inf:
        raise ValueError(f"grace must be a number of seconds, 0 or more, not {grace!r}")
    server = GameServer(
        game, grace=float(grace), spectators=spectators, max_connections=max_connections
    )
    with unwrapped():
        async with trio.open_nursery() as nursery:
            listening = await nursery.start(
                partial(
                    serve_websocket,
                    server._serve_connection,
                    host,
                    port,
                    None,
                    max_message_size=MAX_TRANSPORT_MESSAGE,
                    connect_timeout=JOIN_TIME_LIMIT,
                    disconnect_timeout=CLOSE_TIME_LIMIT,
                )
            )
            server.port = listening.port
            shown = f"[{host}]" if ":" in host else host
            server.url = f"ws://{shown}:{server.port}/"
            unsubscribe = game.log.subscribe(server._deliver, past=False)
            try:
                yield server
            finally:
                unsubscribe()
                nursery.cancel_scope.cancel()

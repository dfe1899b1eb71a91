"""The account's event stream, resumed and deduplicated.

The server sends, on each connection: the *snapshot* (open challenges naming the
account and each game where it is to move, marked `"snapshot": true`, without `seq`),
then every stored event after `since` in seq order, then new ones. So after a
reconnect, the snapshot's fresh `your_turn` comes before older stored events of the same
game, and a turn may come twice (in the snapshot and as an event).

`EventStream` hands each event on once, in this order, by two rules:

1. A stored event whose `seq` is at or below the last one handled is dropped.
2. An event about a game whose `ply` is below the highest ply already seen for that
   game is stale and dropped; a `your_turn` for a game and ply already handed on *on
   the same connection* is a duplicate and dropped, as is a `challenge` for a
   challenge already handed on on the same connection.

A new connection's snapshot is the server's word on what waits now: a `your_turn` in it
for a game still at a ply already handed on means the move did not land (the server
went away while it was sent, say), so it is handed on again. A bot that moved meanwhile
gets the same turn twice at most, and the same move sent again at the same ply answers
200: a turn counts as done only once its move succeeded or the game moved on.

An event counts as handled when the loop asks for the next one (or `done` is called
with it, for a loop that stops after it): its `seq` is then the point of resumption
(kept in `state_file` if given), so an event whose handling was cut short by a crash
comes again. A seq the server has not reached (409 `since_ahead`: it
was restored from a backup, or it is another server) starts the stream again from the
server's head, with what was seen of games and challenges forgotten. Until a first stored event has come (a stream opened
without `since` on a quiet account), there is no seq to resume from: a reconnection
then gets the snapshot, the current state, but not the events made while it was down.
"""

import http.client
import json
import logging
import os
import socket
import threading
import time
from typing import TYPE_CHECKING, Any, Callable, Dict, Iterator, Optional

from .errors import ApiError

if TYPE_CHECKING:
    from .client import Client

log = logging.getLogger("seedpost.events")

__all__ = ["EventStream", "Lines", "read_lines"]


class Lines:
    """The JSON objects of an NDJSON answer, without the keep-alive empty lines. `close`
    may be called from any thread: it shuts the connection's socket down, so a read
    waiting for the next line ends at once."""

    def __init__(self, answer: Any):
        self.answer = answer
        raw = getattr(getattr(answer, "fp", None), "raw", None)
        self._socket: Optional[socket.socket] = getattr(raw, "_sock", None)
        self._closed = False

    def __iter__(self) -> "Lines":
        return self

    def __next__(self) -> Dict[str, Any]:
        while not self._closed:
            try:
                raw = self.answer.readline()
            except (AttributeError, ValueError, OSError, http.client.HTTPException):
                if self._closed:
                    break  # `close` from another thread, in the middle of the read
                raise
            if not raw:
                break
            line = raw.strip()
            if line:
                return json.loads(line)
        self.close()
        raise StopIteration

    def close(self) -> None:
        """Ends the connection (idempotent)."""
        if self._closed:
            return
        self._closed = True
        if self._socket is not None:
            try:
                self._socket.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass  # already closed by the other side
        try:
            self.answer.close()
        except (OSError, ValueError, http.client.HTTPException):
            pass  # another thread is still inside a read of it; the shutdown ends it


def read_lines(answer: Any) -> Lines:
    """The JSON objects of an NDJSON answer (see `Lines`)."""
    return Lines(answer)


class EventStream:
    """Iterate over it for the account's events, without end (see the module docs).

    `seq` is the last stored event handled; `reconnects` counts the connections lost.
    """

    def __init__(
        self,
        client: "Client",
        *,
        since: Optional[int] = None,
        state_file: Optional[str] = None,
        max_backoff: float = 30.0,
        on_connect: Optional[Callable[[], None]] = None,
    ):
        self.client = client
        self.state_file = state_file
        self.seq: Optional[int] = since
        if self.seq is None and state_file and os.path.exists(state_file):
            with open(state_file, encoding="utf-8") as file:
                self.seq = json.load(file).get("seq")
        self.max_backoff = max_backoff
        self.reconnects = 0
        self._latest_ply: Dict[str, int] = {}
        self._turn_ply: Dict[str, int] = {}
        self._challenges: set = set()
        self.on_connect = on_connect
        self._closed = False
        self._lines: Optional[Lines] = None
        self._opened = False
        self._lock = threading.Lock()

    def close(self) -> None:
        """Ends the iteration now, from any thread: the connection is shut, so a loop
        waiting for the next event ends at once."""
        self._closed = True
        with self._lock:
            lines = self._lines
        if lines is not None:
            lines.close()

    def reconnect(self) -> None:
        """Drops the current connection (call it between two events): the stream
        connects again after the last event handled, as after a network failure."""
        if self._lines is not None:
            self._lines.close()

    def open(self) -> "EventStream":
        """Connects now rather than at the first iteration, so that nothing that happens
        from now on is missed even before a first stored event gives a seq to resume
        from (a challenge made right after it, and its decline, say). Raises what
        connecting raises (`ApiError`, `ConnectionFailed`)."""
        if self._lines is None:
            try:
                self._connect()
            except ApiError as e:
                if e.code != "since_ahead":
                    raise
                self._restart(e.body.get("head"))
                self._connect()
            self._opened = True
        return self

    def done(self, event: Dict[str, Any]) -> None:
        """Records `event` as handled now: for a loop that stops after it, since the
        next event, which would record it, is never asked for."""
        self._handled(event)

    def _connect(self) -> Lines:
        lines = self.client.stream_events(since=self.seq)
        with self._lock:
            self._lines = lines
        # A new connection: its snapshot says afresh what waits (see the module docs).
        self._turn_ply.clear()
        self._challenges.clear()
        if self.on_connect is not None:
            self.on_connect()
        return lines

    def __iter__(self) -> Iterator[Dict[str, Any]]:
        backoff = 1.0
        while not self._closed:
            try:
                if self._opened and self._lines is not None:
                    lines = self._lines
                else:
                    lines = self._connect()
                self._opened = False
                if self._closed:
                    break
                backoff = 1.0
                for event in lines:
                    if self._closed:
                        break
                    if not self._fresh(event):
                        self._handled(event)
                        continue
                    yield event
                    self._handled(event)
                if self._closed:
                    break
                log.info("event stream ended; reconnecting after seq %s", self.seq)
            except ApiError as e:
                if e.status in (401, 403):
                    raise
                if e.code == "since_ahead":
                    self._restart(e.body.get("head"))
                    continue
                wait = float(e.retry_after or backoff)
                log.warning("event stream refused (%s); retrying in %.0f s", e, wait)
                time.sleep(wait)
            except (OSError, ValueError, http.client.HTTPException) as e:
                if self._closed:
                    break
                log.warning("event stream lost (%s); retrying in %.0f s", e, backoff)
                time.sleep(backoff)
            finally:
                with self._lock:
                    lines, self._lines = self._lines, None
                if lines is not None:
                    lines.close()
            if self._closed:
                break
            self.reconnects += 1
            backoff = min(self.max_backoff, backoff * 2)

    def _restart(self, head: Optional[int]) -> None:
        """The server has not reached our seq (it was restored from a backup, or it is
        another server): what we saw of it no longer holds. Start again from its head,
        with the snapshot as the current state, forgetting every game and challenge."""
        log.warning(
            "the server's latest event is %s, below our seq %s: starting again from it",
            head,
            self.seq,
        )
        self.seq = head
        self._latest_ply.clear()
        self._turn_ply.clear()
        self._challenges.clear()
        if self.state_file and head is not None:
            self._save(head)

    def _fresh(self, event: Dict[str, Any]) -> bool:
        """Whether `event` is new (rules 1 and 2 of the module docs)."""
        seq = event.get("seq")
        if seq is not None and self.seq is not None and seq <= self.seq:
            return False
        kind = event.get("type")
        game = event.get("game")
        if isinstance(game, dict) and "id" in game and "ply" in game:
            gid, ply = game["id"], game["ply"]
            latest = self._latest_ply.get(gid)
            if latest is not None and ply < latest:
                return False
            self._latest_ply[gid] = ply
            if kind == "your_turn":
                if self._turn_ply.get(gid) == ply:
                    return False
                self._turn_ply[gid] = ply
        challenge = event.get("challenge")
        if kind == "challenge" and isinstance(challenge, dict):
            if challenge.get("id") in self._challenges:
                return False
            self._challenges.add(challenge.get("id"))
        return True

    def _handled(self, event: Dict[str, Any]) -> None:
        seq = event.get("seq")
        if seq is None or (self.seq is not None and seq <= self.seq):
            return
        self.seq = seq
        if self.state_file:
            self._save(seq)

    def _save(self, seq: int) -> None:
        assert self.state_file is not None
        partial = self.state_file + ".partial"
        with open(partial, "w", encoding="utf-8") as file:
            json.dump({"seq": seq}, file)
        os.replace(partial, self.state_file)

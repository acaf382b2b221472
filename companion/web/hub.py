"""Who is listening, and what each is sent: the public stream and each seat's own streams.

Runs on the web server's thread only. The table hands it a `Snapshot` (`update`, through
`loop.call_soon_threadsafe`); the hub builds the public bytes once for every board page, and
one seat's bytes once for that seat's phone, and queues them to the streams that were opened
with that seat's verified token. A stream whose queue fills (a phone that stopped reading) is
closed, so the table never waits for a client.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

from companion.app.remote import Snapshot
from companion.web.payload import dumps, public_payload, seat_payload

QUEUE = 8  # messages a slow client may lag by before its stream is closed
CLOSE = b""  # queued to end a stream
OFFLINE_AFTER_S = 10.0  # a phone that reloads is not "offline"
MAX_PUBLIC, MAX_PER_SEAT, MAX_ALL = 24, 3, 64  # a phone holds a seat and a public stream


@dataclass(eq=False)
class Stream:
    seat: str | None  # None: the public stream
    queue: asyncio.Queue[tuple[int, bytes]] = field(
        default_factory=lambda: asyncio.Queue(QUEUE), repr=False
    )

    def send(self, version: int, data: bytes) -> bool:
        try:
            self.queue.put_nowait((version, data))
            return True
        except asyncio.QueueFull:
            return False

    def close(self) -> None:
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait((0, CLOSE))


class Hub:
    def __init__(
        self,
        phone_only: frozenset[str],
        clock: Callable[[], float],
        away: Callable[[tuple[str, ...]], None] = lambda seats: None,
    ) -> None:
        self.phone_only = phone_only
        self.away = away  # told when the phone-only seats whose phones are away change
        self.was_away: tuple[str, ...] = ()
        self.clock = clock
        self.snapshot: Snapshot | None = None
        self.public: bytes = b""
        self.version = 0  # the public stream's event id: a count of changes, nothing else
        self.seat_bytes: dict[str, tuple[int, bytes]] = {}
        self.streams: set[Stream] = set()
        self.paired: frozenset[str] = frozenset()
        self.away_since: dict[str, float] = {}  # phone-only seat → when its last stream closed

    # -- the table's side ------------------------------------------------------------------------

    def update(self, snapshot: Snapshot | None = None) -> None:
        if snapshot is not None:
            self.snapshot = snapshot
        snap = self.snapshot
        if snap is None:
            return
        offline = self.offline()
        if tuple(offline) != self.was_away:
            self.was_away = tuple(offline)
            self.away(self.was_away)
        public = dumps(public_payload(snap, paired=self.paired, offline=offline))
        if public != self.public:
            self.public = public
            self.version += 1
            for s in list(self.streams):
                if s.seat is None:
                    self._send(s, self.version, public)
        for seat, me in snap.seats.items():
            data = dumps(seat_payload(seat, snap, me))
            if self.seat_bytes.get(seat, (0, b""))[1] == data:
                continue
            self.seat_bytes[seat] = (me.mark, data)
            for s in list(self.streams):
                if s.seat == seat:
                    self._send(s, me.mark, data)

    def offline(self) -> list[str]:
        """Phone-only seats that must decide and have had no stream for a while."""
        snap = self.snapshot
        if snap is None or snap.table is None or snap.table.decision is None:
            return []
        now = self.clock()
        return [
            p
            for p in snap.table.decision.waiting
            if p in self.phone_only
            and not self._connected(p)
            and now - self.away_since.get(p, -OFFLINE_AFTER_S * 2) >= OFFLINE_AFTER_S
        ]

    # -- the clients' side -----------------------------------------------------------------------

    def open(self, seat: str | None) -> Stream | None:
        """A new stream, or None when over the limits. `seat` is the verified token's seat."""
        if len(self.streams) >= MAX_ALL:
            return None
        same = sum(1 for s in self.streams if s.seat == seat)
        if same >= (MAX_PUBLIC if seat is None else MAX_PER_SEAT):
            return None
        stream = Stream(seat)
        self.streams.add(stream)
        if seat is None:
            stream.send(self.version, self.public)
        else:
            self.away_since.pop(seat, None)
            self.update()  # the board stops saying this phone is offline
            if seat in self.seat_bytes:
                stream.send(*self.seat_bytes[seat])
        return stream

    def close(self, stream: Stream) -> None:
        self.streams.discard(stream)
        if stream.seat is not None and not self._connected(stream.seat):
            self.away_since[stream.seat] = self.clock()

    def drop_seat(self, seat: str) -> None:
        """The seat's phone was revoked: its streams end now."""
        for s in list(self.streams):
            if s.seat == seat:
                s.close()
                self.streams.discard(s)
        self.away_since[seat] = self.clock()

    def counts(self) -> tuple[int, int]:
        """(phones, boards) connected."""
        phones = len({s.seat for s in self.streams if s.seat is not None})
        return phones, sum(1 for s in self.streams if s.seat is None)

    def _connected(self, seat: str) -> bool:
        return any(s.seat == seat for s in self.streams)

    def _send(self, s: Stream, version: int, data: bytes) -> None:
        if not s.send(version, data):
            s.close()
            self.streams.discard(s)

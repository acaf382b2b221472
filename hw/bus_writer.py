"""One writer thread per bus, so that the frames of one moment go out on every bus at once.

Two displays on two buses are written in the time of the slower one only if both buses are busy
together. While a :meth:`BusWriters.moment` is open, a display's frame (and its contrast and
power commands) is handed to its bus's thread instead of being written on the caller's; when the
moment ends, the caller waits until every bus has written what it was given. So a press's frames
are all on the panels when the press is handled, as before, in the time of the busiest bus.

What does not change: the caller decides and stores before it draws (nothing is handed to a bus
before that); each bus's thread writes its items in the order they were given, so the frames of
one display are never reordered (and a display's items given outside a moment while some of its
items still wait are queued behind them); outside a moment a write happens on the caller's
thread, as without writers. A bus's thread never polls (it blocks on its queue), and closing
writes what was given before the thread stops.

>>> writers = BusWriters()
>>> seen = []
>>> with writers.moment():
...     writers.run("i2c-1", lambda: seen.append("pad"))
...     writers.run("i2c-0", lambda: seen.append("main"))
True
True
>>> sorted(seen)
['main', 'pad']
>>> writers.close()
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Iterator

from hw.worker import QueueWorker

log = logging.getLogger(__name__)

# How long the end of a moment (or close) waits for a bus: far beyond any frame (a whole
# 128×64 frame is ≈ 23 ms at 400 kHz); a bus stuck longer is logged and the caller goes on.
SETTLE_S = 5.0


class BusWriter(QueueWorker):
    """The thread of one bus: runs the calls given to it, one at a time, in order."""

    def _work(self, item: object) -> None:
        assert callable(item)
        item()


class BusWriters:
    """The writer threads of a table's buses, made on first use, one per bus name."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._writers: dict[str, BusWriter] = {}
        self._open_moments = 0
        self._closed = False

    @property
    def buses(self) -> list[str]:
        """The buses that have a writer thread, in the order they got one."""
        return list(self._writers)

    @contextlib.contextmanager
    def moment(self) -> Iterator[None]:
        """Bus calls made inside go to the buses' threads; at the end, wait for all of them."""
        with self._lock:
            self._open_moments += 1
        try:
            yield
        finally:
            with self._lock:
                self._open_moments -= 1
            self.settle()

    def queueing(self) -> bool:
        """True while a moment is open (and the writers are not closed)."""
        return self._open_moments > 0 and not self._closed

    def run(self, bus: str, call: Callable[[], None]) -> bool:
        """Give ``call`` to ``bus``'s thread; False (not given) once the writers are closed."""
        with self._lock:
            if self._closed:
                return False
            writer = self._writers.get(bus)
            if writer is None:
                writer = self._writers[bus] = BusWriter(f"hw-bus-{bus}")
            # Under the lock: a close() cannot slip in between and stop the thread before
            # the call is queued (put never blocks: the queue has no bound).
            writer.put(call)
        return True

    def settle(self, timeout: float = SETTLE_S) -> bool:
        """Wait until every bus has written what it was given; False if one did not in time."""
        done = True
        for bus, writer in list(self._writers.items()):
            if not writer.wait_idle(timeout):
                log.warning("the %s bus did not finish its writes within %.0f s", bus, timeout)
                done = False
        return done

    def close(self) -> None:
        """Write what was given, then stop every thread (idempotent)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
        self.settle()
        for writer in self._writers.values():
            writer.close()

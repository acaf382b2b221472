"""The one background-thread style of the HAL: gpiozero's ``GPIOThread``.

Every thread here (speech, buzzer, the input hub) is a ``GPIOThread``: a
daemon thread with a ``stopping`` event, stopped by ``stop()`` (set, then join) and by gpiozero
itself at exit. :class:`QueueWorker` puts a queue in front of one: callers put items and return
at once; the thread works them off one at a time.

:meth:`QueueWorker.stop` drops what is queued and cuts the current item short. Each item
carries the *generation* it was queued in and starts under the same lock ``stop`` takes, so a
``stop()`` that lands just as the next item is taken off the queue still stops it. The item in
progress watches :attr:`QueueWorker.cancel` (set by ``stop``).

>>> class Echo(QueueWorker):
...     def _work(self, item: object) -> None:
...         print(item)
>>> w = Echo("echo")
>>> w.put("hello")
>>> w.wait_idle(5)
hello
True
>>> w.close()
"""

from __future__ import annotations

import contextlib
import logging
import queue
import threading
from collections.abc import Callable
from typing import Any

from gpiozero.exc import ZombieThread
from gpiozero.threads import GPIOThread

log = logging.getLogger(__name__)

# What a mock output keeps of what it was asked to do (the tests' and the sim's record): an
# evening of games must not grow it without bound, so only the latest entries stay.
RECORD_MAX = 10_000


def record(kept: list[Any], item: Any, limit: int | None = None) -> None:
    """Append `item` to `kept`, dropping the oldest half once `limit` is passed.

    >>> kept = []
    >>> for i in range(25): record(kept, i, limit=10)
    >>> len(kept) <= 10, kept[-1]
    (True, 24)
    """
    limit = RECORD_MAX if limit is None else limit
    kept.append(item)
    if len(kept) > limit:
        del kept[: len(kept) - limit // 2]


_WAKE = object()  # put on a worker's queue to wake it when its thread is told to stop


class _WakingEvent(threading.Event):
    """A ``GPIOThread.stopping`` event that also wakes its thread: gpiozero stops every thread at
    exit by setting this event, and a thread blocked on a queue would not see it otherwise."""

    def __init__(self, wake: Callable[[], None]) -> None:
        super().__init__()
        self._wake = wake

    def set(self) -> None:
        super().set()
        self._wake()


def waking_thread(target: Callable[[], None], name: str, wake: Callable[[], None]) -> GPIOThread:
    """A ``GPIOThread`` whose stop (ours or gpiozero's at exit) also calls ``wake()``, so that the
    thread may block on its queue with no timeout: an idle device does not poll."""
    thread = GPIOThread(target, name=name)
    thread.stopping = _WakingEvent(wake)
    return thread


def stop_thread(thread: GPIOThread | None, timeout: float = 2.0) -> None:
    """Stop a worker thread; one that does not end in time is logged, not raised."""
    if thread is None or thread is threading.current_thread():
        return
    try:
        thread.stop(timeout)
    except ZombieThread:
        log.warning("%s did not stop within %.0f s", thread.name, timeout)


class QueueWorker:
    """A queue worked off by one ``GPIOThread``; subclasses override :meth:`_work`.

    ``maxsize`` bounds the queue: when it is full the *oldest* item is dropped (for speech,
    the newest news matters most).
    """

    queue_class: type[queue.Queue] = queue.Queue  # tests put a hook between taking and starting

    def __init__(self, thread_name: str, *, maxsize: int = 0) -> None:
        self._queue: queue.Queue[tuple[int, object]] = self.queue_class(maxsize)
        self._lock = threading.Lock()
        self._generation = 0
        self.cancel = threading.Event()  # of the item in progress; stop() sets it
        self.dropped = 0  # items dropped because the queue was full
        self._thread = waking_thread(self._run, thread_name, self._wake)
        self._thread.start()

    def put(self, item: object) -> None:
        """Queue ``item``; returns at once (dropping the oldest item if the queue is full)."""
        with self._lock:
            entry = (self._generation, item)
        while True:
            try:
                self._queue.put_nowait(entry)
                return
            except queue.Full:
                self._drop_one()
                self.dropped += 1

    def stop(self) -> None:
        """Drop everything queued and cut the current item short."""
        with self._lock:
            self._generation += 1
            self.cancel.set()
            self._interrupt()
            while self._drop_one():
                pass

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until everything queued has been worked off; False on timeout."""
        with self._queue.all_tasks_done:
            return self._queue.all_tasks_done.wait_for(
                lambda: self._queue.unfinished_tasks == 0, timeout
            )

    def close(self) -> None:
        self.stop()
        stop_thread(self._thread)

    # -- the worker thread ------------------------------------------------------------------

    def _run(self) -> None:
        while not self._thread.stopping.is_set():
            generation, item = self._queue.get()  # blocks: nothing polls while idle
            if item is _WAKE:
                self._queue.task_done()
                continue
            try:
                with self._lock:
                    if generation != self._generation:
                        continue  # stopped before it began
                    self.cancel = threading.Event()
                self._work(item)
            except Exception:  # one failing item must not end the worker
                log.exception("%s: an item failed", self._thread.name)
            finally:
                # Always, even if _work raises: wait_idle must not hang on a failed item.
                self._queue.task_done()

    def _wake(self) -> None:
        # A full queue: the thread has items to take, and sees the stop after the one in hand.
        with contextlib.suppress(queue.Full):
            self._queue.put_nowait((-1, _WAKE))

    def _drop_one(self) -> bool:
        try:
            self._queue.get_nowait()
        except queue.Empty:
            return False
        self._queue.task_done()
        return True

    def _work(self, item: object) -> None:
        raise NotImplementedError

    def _interrupt(self) -> None:
        """Called by :meth:`stop` under the worker's lock: end what :attr:`cancel` cannot."""

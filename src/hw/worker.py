"""A queue worked off one item at a time by a daemon thread: what Buzzer and Speaker share.

Callers put items and return at once; :meth:`QueueWorker.stop` drops what is queued,
:meth:`QueueWorker.wait_idle` waits for the rest, :meth:`QueueWorker.close` ends the thread.

>>> class Echo(QueueWorker):
...     def _work(self, item: object) -> None:
...         print(item)
>>> w = Echo("echo")
>>> w._queue.put("hello")
>>> w.wait_idle(5)
hello
True
>>> w.close()
"""

from __future__ import annotations

import queue
import threading

_STOP = object()  # put by close(): the worker returns


class QueueWorker:
    """Base: subclasses put items on ``_queue`` and say how to work one off in :meth:`_work`."""

    def __init__(self, thread_name: str) -> None:
        self._queue: queue.Queue[object] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name=thread_name, daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Drop everything queued and cut the current item short."""
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                break
            self._queue.task_done()
        self._interrupt()

    def wait_idle(self, timeout: float | None = None) -> bool:
        """Wait until everything queued has been worked off; False on timeout."""
        with self._queue.all_tasks_done:
            return self._queue.all_tasks_done.wait_for(
                lambda: self._queue.unfinished_tasks == 0, timeout
            )

    def close(self) -> None:
        self.stop()
        self._queue.put(_STOP)
        self._thread.join(timeout=2.0)

    def _run(self) -> None:
        while True:
            item = self._queue.get()
            try:
                if item is _STOP:
                    return
                self._work(item)
            finally:
                # Always, even if _work raises: wait_idle must not hang on a failed item.
                self._queue.task_done()

    def _work(self, item: object) -> None:
        raise NotImplementedError

    def _interrupt(self) -> None:
        """Cut the item in progress short; by default it is let finish."""

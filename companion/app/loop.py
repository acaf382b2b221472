"""The one loop: block on the hardware queue, hand each event to the app, mark it done.

Hardware callbacks only enqueue (hw.input.InputHub); nothing else calls the app. `queue.join()`
lets a driver (the demo's bots, a test) wait until every event it caused has been handled.

The loop never polls: it blocks on the queue until an event arrives or the next timed job is
due — `hw.maintain()` every 30 s (panels re-initialised, degraded devices retried, and a store
that is not saving tried again, so the end of a game is saved without another decision), the next
page of a text that turns by itself (the cards on offer, a card's text on a pad) every
`app.turn_every()` seconds while a display shows one, and, under systemd, a WATCHDOG ping every
`Notifier.watchdog_interval()`. Pinging from here means a hung loop stops the pings and systemd
restarts the service.
"""

from __future__ import annotations

import logging
import queue
import time
from collections.abc import Callable
from typing import Any

from companion.app.systemd_notify import Notifier
from companion.app.table import TableApp

log = logging.getLogger(__name__)

STOP = object()  # put on the queue to end the loop
MAINTAIN_EVERY_S = 30.0  # hw re-inits its panels every 30 s; sooner would only wake us more


class _Timer:
    """A job due every `every` seconds (never, when `every` is None)."""

    def __init__(self, every: float | None, now: float) -> None:
        self.every = every
        self.due = now + every if every else float("inf")

    def fire(self, now: float) -> bool:
        if now < self.due:
            return False
        assert self.every is not None
        self.due = now + self.every
        return True


def run_loop(
    app: TableApp,
    events: queue.Queue[Any],
    notifier: Notifier | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
    maintain_every: float = MAINTAIN_EVERY_S,
) -> None:
    """Handle events until STOP arrives; a failing event is logged and the game goes on.

    READY=1 goes to systemd once the loop runs (nothing is sent without NOTIFY_SOCKET)."""
    notifier = notifier or Notifier(environ={})
    now = clock()
    maintain = _Timer(maintain_every, now)
    ping = _Timer(notifier.watchdog_interval(), now)
    turn = _Timer(None, now)
    notifier.ready()
    while True:
        every = app.turn_every()
        if every != turn.every:  # a page starts (or stops) turning: its first turn is a period on
            turn = _Timer(every, clock())
        due = min(maintain.due, ping.due, turn.due)
        timeout = max(0.0, due - clock()) if due != float("inf") else None
        try:
            event = events.get(timeout=timeout)  # blocks: no polling
        except queue.Empty:
            event = None
        now = clock()
        if ping.fire(now):
            notifier.watchdog()
        if maintain.fire(now):
            _guarded(app.hw.maintain)
            _guarded(app.try_store_again)  # a disk freed after the last decision catches up
        if turn.fire(now):
            _guarded(app.turn)
        if event is None:
            continue
        try:
            if event is STOP:
                return
            _guarded(lambda event=event: app.handle(event))
        finally:
            events.task_done()


def _guarded(job: Callable[[], None]) -> None:
    try:
        job()
    except Exception:
        log.exception("an event could not be handled; the game goes on")

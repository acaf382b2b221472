"""The one loop: block on the hardware queue, hand each event to the app, mark it done.

Hardware callbacks only enqueue (hw.input.InputHub); nothing else calls the app. `queue.join()`
lets a driver (the demo's bots, a test) wait until every event it caused has been handled.
"""

from __future__ import annotations

import logging
import queue
from typing import Any

from companion.app.table import TableApp

log = logging.getLogger(__name__)

STOP = object()  # put on the queue to end the loop
# With nobody pressing, wake this often for hw.maintain() (retry a lost panel, re-init one that
# is due): one cheap wake-up a few seconds, not a poll.
MAINTAIN_EVERY_S = 5.0


def run_loop(app: TableApp, events: queue.Queue[Any]) -> None:
    """Handle events until STOP arrives; a failing event is logged and the game goes on."""
    while True:
        try:
            event = events.get(timeout=MAINTAIN_EVERY_S)  # blocks: no polling
        except queue.Empty:
            event = None
        try:
            if event is STOP:
                return
            if event is not None:
                app.handle(event)
            app.hw.maintain()
        except Exception:
            log.exception("an event could not be handled; the game goes on")
        finally:
            if event is not None:
                events.task_done()

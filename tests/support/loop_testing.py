"""A queue and a systemd notifier for driving `run_loop` on a virtual clock (the loop's tests)."""

from __future__ import annotations

import queue

from companion.app.loop import STOP
from companion.testing import VirtualClock


class ScriptedQueue(queue.Queue):
    """Each get() records its timeout; `script` says what the wait ends with: an event after
    `seconds`, or nothing (the whole timeout passes). STOP once the script is used up."""

    def __init__(self, clock: VirtualClock, script: list[tuple[float, object]]) -> None:
        super().__init__()
        self.clock, self.script, self.timeouts = clock, list(script), []

    def get(self, block: bool = True, timeout: float | None = None):
        self.timeouts.append(timeout)
        if not self.script:
            self.put(STOP)
            return super().get(block=False)
        seconds, event = self.script.pop(0)
        if event is None:
            assert timeout is not None, "the loop waited forever with a job due"
            self.clock.now += timeout
            raise queue.Empty
        self.clock.now += seconds
        self.put(event)
        return super().get(block=False)


class Notes:
    def __init__(self, interval: float | None) -> None:
        self.interval, self.sent = interval, []

    def watchdog_interval(self) -> float | None:
        return self.interval

    def ready(self) -> bool:
        self.sent.append("READY")
        return True

    def watchdog(self) -> bool:
        self.sent.append("WATCHDOG")
        return True

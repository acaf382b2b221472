"""The loop blocks on the queue until an event or the next timed job: hw.maintain() every 30 s
and, under systemd, WATCHDOG pings; READY once it runs. No polling: every wait is that long."""

from __future__ import annotations

import queue
from types import SimpleNamespace

from companion.app.loop import MAINTAIN_EVERY_S, STOP, run_loop
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


def _app(clock: VirtualClock):
    calls: list[tuple[str, float]] = []
    hw = SimpleNamespace(maintain=lambda: calls.append(("maintain", clock.now)))
    app = SimpleNamespace(hw=hw, handle=lambda e: calls.append((f"handle {e}", clock.now)))
    return app, calls


def test_an_idle_loop_sleeps_until_maintenance_is_due_and_maintains_each_time():
    clock = VirtualClock()
    app, calls = _app(clock)
    events = ScriptedQueue(clock, [(0, None)] * 3)
    notes = Notes(None)
    run_loop(app, events, notes, clock=clock)
    assert events.timeouts[:3] == [MAINTAIN_EVERY_S] * 3
    assert calls == [("maintain", 1000.0 + MAINTAIN_EVERY_S * k) for k in (1, 2, 3)]
    assert notes.sent == ["READY"]


def test_watchdog_pings_bound_the_wait_and_maintenance_keeps_its_pace():
    clock = VirtualClock()
    app, calls = _app(clock)
    events = ScriptedQueue(clock, [(0, None)] * 6)
    notes = Notes(10.0)
    run_loop(app, events, notes, clock=clock)
    assert events.timeouts[:6] == [10.0] * 6
    assert notes.sent == ["READY", *["WATCHDOG"] * 6]
    assert [c for c, _ in calls] == ["maintain", "maintain"]  # at 30 s and 60 s


def test_a_busy_loop_still_maintains_when_due_and_handles_every_event():
    clock = VirtualClock()
    app, calls = _app(clock)
    events = ScriptedQueue(clock, [(7.0, f"e{i}") for i in range(10)])  # one every 7 s
    run_loop(app, events, Notes(None), clock=clock)
    assert [c for c, _ in calls if c == "maintain"] == ["maintain", "maintain"]  # 35 s, 63 s
    assert [c for c, _ in calls if c != "maintain"] == [f"handle e{i}" for i in range(10)]
    assert all(t is not None and t > 0 for t in events.timeouts[:10])

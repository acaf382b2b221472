"""The loop blocks on the queue until an event or the next timed job: hw.maintain() every 30 s,
the next page of a text that turns by itself while a display shows one and, under systemd,
WATCHDOG pings; READY once it runs. No polling: every wait is that long."""

from __future__ import annotations

from types import SimpleNamespace

from loop_testing import Notes, ScriptedQueue

from companion.app.loop import MAINTAIN_EVERY_S, run_loop
from companion.testing import VirtualClock


def _app(clock: VirtualClock):
    calls: list[tuple[str, float]] = []
    hw = SimpleNamespace(maintain=lambda: calls.append(("maintain", clock.now)))
    app = SimpleNamespace(
        hw=hw,
        handle=lambda e: calls.append((f"handle {e}", clock.now)),
        turn_every=lambda: None,
        turn=lambda: calls.append(("turn", clock.now)),
    )
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


def test_a_paging_display_turns_each_period_and_the_loop_sleeps_again_once_it_stops():
    clock = VirtualClock()
    app, calls = _app(clock)
    turning = [True]
    app.turn_every = lambda: 3.0 if turning[0] else None

    def turn():
        calls.append(("turn", clock.now))
        if len(calls) == 4:
            turning[0] = False  # the last card was taken: nothing pages any more

    app.turn = turn
    events = ScriptedQueue(clock, [(0, None)] * 6)
    run_loop(app, events, Notes(None), clock=clock)
    assert [t for c, t in calls if c == "turn"] == [1003.0, 1006.0, 1009.0, 1012.0]
    assert events.timeouts[:4] == [3.0] * 4
    assert events.timeouts[4] == MAINTAIN_EVERY_S - 12.0  # no more turns: only maintenance


def test_an_event_does_not_put_the_next_turn_off():
    clock = VirtualClock()
    app, calls = _app(clock)
    app.turn_every = lambda: 3.0
    events = ScriptedQueue(clock, [(1.0, "e0"), (1.0, "e1"), (0, None), (0, None)])
    run_loop(app, events, Notes(None), clock=clock)
    assert [c for c, _ in calls] == ["handle e0", "handle e1", "turn", "turn"]
    assert [t for c, t in calls if c == "turn"] == [1003.0, 1006.0]

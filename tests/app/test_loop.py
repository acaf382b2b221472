"""The loop blocks on the queue until an event or the next timed job: hw.maintain() every 30 s,
the next page of a text that turns by itself while a display shows one and, under systemd,
WATCHDOG pings; READY once it runs. No polling: every wait is that long."""

from __future__ import annotations

import logging
import queue
import socket
import threading
import time
from types import SimpleNamespace

from loop_testing import Notes, ScriptedQueue

from companion.app.loop import MAINTAIN_EVERY_S, STOP, run_loop
from companion.testing import VirtualClock


def _app(clock: VirtualClock):
    calls: list[tuple[str, float]] = []
    hw = SimpleNamespace(maintain=lambda: calls.append(("maintain", clock.now)))
    app = SimpleNamespace(
        hw=hw,
        handle=lambda e: calls.append((f"handle {e}", clock.now)),
        turn_every=lambda: None,
        turn=lambda: calls.append(("turn", clock.now)),
        try_store_again=lambda: None,
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


def test_a_turn_due_within_a_second_of_an_event_comes_on_time():
    clock = VirtualClock()
    app, calls = _app(clock)
    app.turn_every = lambda: 3.0
    events = ScriptedQueue(clock, [(2.5, "e0"), (0, None), (0, None)])
    run_loop(app, events, Notes(None), clock=clock)
    assert calls == [("handle e0", 1002.5), ("turn", 1003.0), ("turn", 1006.0)]


def test_with_no_timed_job_the_loop_blocks_on_its_queue_until_an_event():
    clock = VirtualClock()
    app, calls = _app(clock)
    waiting = threading.Event()

    class Events(queue.Queue):
        def get(self, block=True, timeout=None):
            waiting.set()
            return super().get(block, timeout)

    events, failed = Events(), []

    def loop():
        try:  # no maintenance (0: never), no watchdog, nothing turning: nothing is timed
            run_loop(app, events, Notes(None), clock=clock, maintain_every=0)
        except BaseException as e:  # what ended the loop, for the assertion
            failed.append(e)

    thread = threading.Thread(target=loop)
    thread.start()
    assert waiting.wait(5)
    time.sleep(0.05)  # the loop is waiting on the empty queue
    events.put("e0")
    events.put(STOP)
    thread.join(5)
    assert not thread.is_alive() and failed == []
    assert calls == [("handle e0", 1000.0)]


def test_a_loop_given_no_notifier_says_nothing_to_systemd_even_under_it(tmp_path, monkeypatch):
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(tmp_path / "notify"))
    listener.setblocking(False)
    monkeypatch.setenv("NOTIFY_SOCKET", str(tmp_path / "notify"))
    monkeypatch.setenv("WATCHDOG_USEC", "20000000")
    monkeypatch.delenv("WATCHDOG_PID", raising=False)
    clock = VirtualClock()
    app, calls = _app(clock)
    events = ScriptedQueue(clock, [(0, None)])
    try:
        run_loop(app, events, clock=clock)  # the demo's and the sim's loop
        assert events.timeouts[0] == MAINTAIN_EVERY_S  # no watchdog pings either
        try:
            sent = listener.recv(4096)
        except BlockingIOError:
            sent = None
        assert sent is None
    finally:
        listener.close()


def test_a_failing_event_is_logged_with_its_traceback_and_the_next_one_is_handled(caplog):
    clock = VirtualClock()
    app, calls = _app(clock)
    handle = app.handle

    def failing(event):
        if event == "bad":
            raise ValueError("no such seat")
        handle(event)

    app.handle = failing
    events = ScriptedQueue(clock, [(1.0, "bad"), (1.0, "e1")])
    with caplog.at_level(logging.ERROR, logger="companion.app.loop"):
        run_loop(app, events, Notes(None), clock=clock)
    (record,) = caplog.records
    assert record.getMessage() == "an event could not be handled; the game goes on"
    assert record.levelno == logging.ERROR and "ValueError: no such seat" in caplog.text
    assert calls == [("handle e1", 1002.0)]

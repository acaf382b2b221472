"""The HAL's worker threads: a bounded record, stops that land late, gpiozero's stop at exit."""

from __future__ import annotations

import logging
import threading

from hw_testing import HookedQueue

from hw.worker import QueueWorker, record


class Echo(QueueWorker):
    queue_class = HookedQueue

    def __init__(self, maxsize: int = 0) -> None:
        self.done: list[object] = []
        super().__init__("echo", maxsize=maxsize)

    def _work(self, item: object) -> None:
        self.done.append(item)


class Gated(Echo):
    """Holds each item until ``gate`` opens; ``started`` says the first one is in hand."""

    def __init__(self, maxsize: int = 0) -> None:
        self.gate, self.started = threading.Event(), threading.Event()
        super().__init__(maxsize)

    def _work(self, item: object) -> None:
        self.started.set()
        self.gate.wait(5)  # safety net: the test opens it
        super()._work(item)


def test_a_record_keeps_everything_up_to_its_limit_then_the_newest_half():
    kept: list[int] = []
    for i in range(10):
        record(kept, i, limit=10)
    assert kept == list(range(10))
    record(kept, 10, limit=10)
    assert kept == [6, 7, 8, 9, 10]


def test_a_second_stop_just_as_an_item_is_taken_still_stops_it():
    w = Echo()
    try:
        w.stop()
        w._queue.on_take = w.stop  # the next stop lands between taking the item and working it
        w.put("too late")
        assert w.wait_idle(5) and w.done == []
    finally:
        w.close()


def test_stop_drops_everything_queued_so_later_items_find_room():
    w = Gated(maxsize=2)
    try:
        w.put("first")
        assert w.started.wait(5)
        w.put("a")
        w.put("b")  # the queue is full
        w.stop()
        w.put("c")
        w.put("d")  # room for both: nothing dropped
        assert w.dropped == 0
        w.gate.set()
        assert w.wait_idle(5) and w.done == ["first", "c", "d"]
    finally:
        w.gate.set()
        w.close()


def test_gpiozeros_stop_at_exit_ends_an_idle_worker_without_a_crash(monkeypatch):
    crashes: list[object] = []
    monkeypatch.setattr(threading, "excepthook", crashes.append)
    w = Echo()
    try:
        w._thread.stopping.set()
        w._thread.join(5)
        assert not w._thread.is_alive()
    finally:
        w.close()
    assert crashes == []


def test_gpiozeros_stop_at_exit_with_a_full_queue_ends_after_the_item_in_hand(monkeypatch):
    crashes: list[object] = []
    monkeypatch.setattr(threading, "excepthook", crashes.append)
    w = Gated(maxsize=1)
    try:
        w.put("first")
        assert w.started.wait(5)
        w.put("second")  # the queue is full: the wake cannot be queued
        w._thread.stopping.set()
        w.gate.set()
        w._thread.join(5)
        assert not w._thread.is_alive() and w.done == ["first"]
    finally:
        w.gate.set()
        w.close()
    assert crashes == []


class Failing(Echo):
    """Fails on the item "bad", works the others."""

    def _work(self, item: object) -> None:
        if item == "bad":
            raise RuntimeError("the item broke")
        super()._work(item)


def test_an_item_stopped_before_it_began_is_skipped_and_the_worker_goes_on():
    w = Echo()
    try:
        w.stop()
        w._queue.on_take = w.stop  # "too late" is taken, then stopped before it begins
        w.put("too late")
        assert w.wait_idle(5)
        w._queue.on_take = lambda: None
        w.put("next")
        assert w.wait_idle(5) and w.done == ["next"]
    finally:
        w.close()


def test_a_failing_item_is_logged_under_the_workers_name_and_the_next_is_worked(caplog):
    w = Failing()
    try:
        with caplog.at_level(logging.ERROR, logger="hw.worker"):
            w.put("bad")
            w.put("good")
            assert w.wait_idle(5)
    finally:
        w.close()
    assert w.done == ["good"]
    (failed,) = caplog.records
    assert failed.getMessage() == "echo: an item failed"
    assert failed.exc_info is not None and "the item broke" in str(failed.exc_info[1])


def test_a_worker_that_does_not_stop_within_2_s_is_named_in_the_log(caplog):
    w = Gated()  # its item does not watch cancel: it goes on until the gate opens
    try:
        w.put("stuck")
        assert w.started.wait(5)
        with caplog.at_level(logging.WARNING, logger="hw.worker"):
            w.close()
        assert [r.getMessage() for r in caplog.records] == ["echo did not stop within 2 s"]
        assert w._thread.is_alive()  # close gave up on it; it was not waited for without end
    finally:
        w.gate.set()
        w._thread.join(5)

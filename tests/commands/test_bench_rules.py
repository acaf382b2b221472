"""What `companion bench` measures but a test can check without a clock: a press writes only the
displays whose image changed, and nothing polls while the table waits."""

from __future__ import annotations

import queue
import threading

from companion.app import loop
from companion.app.loop import STOP, run_loop
from hw.events import Btn
from hw.input import InputHub, InputTiming
from hw.worker import QueueWorker

T = InputTiming()


def _frames(table) -> dict[str, int]:
    """Frames that reached each luma device (main display, matrix, every pad display)."""
    hw = table.hw
    frames = {"main": hw.display.writes, "matrix": hw.matrix.writes}
    frames.update({p: pad.display.writes for p, pad in hw.pads.items()})
    return frames


def test_a_cursor_move_sends_a_frame_to_that_pad_alone(make_table):
    table = make_table()
    table.press("red", "select")  # set-up done: the sealed bids open, every pad chooses
    before, image = _frames(table), table.hw.pads["blue"].display.device.image.copy()
    table.press("blue", "right")
    after = _frames(table)
    assert {d for d in after if after[d] != before[d]} == {"blue"}
    assert after["blue"] == before["blue"] + 1
    assert table.hw.pads["blue"].display.device.image.tobytes() != image.tobytes()


def test_a_press_that_changes_nothing_sends_no_frame(make_table):
    table = make_table()
    table.press("red", "select")
    table.press("blue", "select", "select")  # a group, then a bid: sealed, blue only waits
    assert not table.session.legal("blue")
    before = _frames(table)
    table.press("blue", "left")
    assert _frames(table) == before


class _Recording(queue.Queue):
    """The loop's queue: records each get's timeout; empty twice, then STOP. A wait that runs
    out moves the fake clock on by exactly its timeout, as a real blocking wait would."""

    def __init__(self) -> None:
        super().__init__()
        self.timeouts: list[float | None] = []
        self.now = 0.0

    def get(self, block: bool = True, timeout: float | None = None):
        self.timeouts.append(timeout)
        if len(self.timeouts) <= 2:
            self.now += timeout or 0.0
            raise queue.Empty
        self.put_nowait(STOP)  # counted as queued, so that the loop's task_done balances
        return super().get(False)


class _App:
    def __init__(self) -> None:
        self.maintained = 0
        self.hw = self

    def maintain(self) -> None:
        self.maintained += 1

    def try_store_again(self) -> None:
        """The upkeep's second job: nothing is waiting to be saved here."""

    def handle(self, event) -> None:
        raise AssertionError("no event was queued")

    def turn_every(self) -> None:
        return None  # no page turns by itself (no cards on offer)


def test_the_loop_waits_on_its_queue_and_wakes_only_for_upkeep():
    events, app = _Recording(), _App()
    run_loop(app, events, clock=lambda: events.now)
    assert len(events.timeouts) == 3
    assert all(t is not None and t >= loop.MAINTAIN_EVERY_S >= 1 for t in events.timeouts)
    assert app.maintained == 2  # once for each wait that ran out


def test_the_input_hub_waits_for_an_edge_while_every_button_rests():
    now = [0.0]
    hub = InputHub(T, clock=lambda: now[0])
    hub.add_pad("red")
    assert hub.wait_time() is None  # nothing due: block until an edge
    hub.edge("red", Btn.SELECT, True)
    hub.pump()
    assert hub.wait_time() == T.debounce  # wake when the debounce ends
    now[0] = T.debounce
    hub.pump()
    assert abs(hub.wait_time() - (T.long_press - T.debounce)) < 1e-9  # then for a long press
    hub.edge("red", Btn.SELECT, False)
    now[0] += T.debounce
    hub.pump()
    assert hub.events.get_nowait().kind.value == "press"
    assert hub.wait_time() is None


class _WatchedQueue(queue.SimpleQueue):
    def __init__(self) -> None:
        super().__init__()
        self.timeouts: list[float | None] = []
        self.waiting = threading.Event()

    def get(self, block: bool = True, timeout: float | None = None):
        self.timeouts.append(timeout)
        self.waiting.set()
        return super().get(block, timeout)


def test_the_input_thread_blocks_without_a_timeout_and_stops_when_told():
    hub = InputHub(T)
    hub.add_pad("red")
    hub._raw = watched = _WatchedQueue()
    hub.start()
    thread = hub._thread
    assert watched.waiting.wait(5)
    thread.stopping.set()  # what gpiozero does to every thread at exit: it must wake
    thread.join(5)
    assert not thread.is_alive()
    assert watched.timeouts[0] is None
    hub.close()


class _Spied(queue.Queue):
    timeouts: list[float | None] = []

    def get(self, block: bool = True, timeout: float | None = None):
        self.timeouts.append(timeout)
        return super().get(block, timeout)


class _Echo(QueueWorker):
    queue_class = _Spied

    def __init__(self) -> None:
        self.done: list[object] = []
        super().__init__("echo")

    def _work(self, item: object) -> None:
        self.done.append(item)


def test_a_queue_worker_blocks_without_a_timeout_and_stops_when_told():
    _Spied.timeouts = []
    worker = _Echo()
    worker.put("hello")
    assert worker.wait_idle(5)
    assert worker.done == ["hello"]
    worker._thread.stopping.set()  # gpiozero's stop at exit
    worker._thread.join(5)
    assert not worker._thread.is_alive()
    assert _Spied.timeouts and all(t is None for t in _Spied.timeouts)
    worker.close()

"""One writer thread per bus (hw/bus_writer.py), on the reference build's mock stack: what each
bus's thread is given and in which order; nothing is timed (a gate between two buses shows that
they run at once: one bus's write waits, without sleeping, for the other's to begin)."""

from __future__ import annotations

import logging
import threading

import pytest
from hw_testing import CONFIG
from PIL import Image, ImageDraw

from companion.testing import VirtualClock
from hw.backend import MockBackend
from hw.bus_writer import BusWriters
from hw.config import load_config
from hw.hardware import build_hardware

PI = load_config(CONFIG / "pi.toml")
GATE_S = 10.0  # far beyond any write here: reached only if the two buses did not overlap


@pytest.fixture
def hw():
    h = build_hardware(PI, backend=MockBackend(), clock=VirtualClock(), start=False)
    yield h
    h.close()


def frame(size: tuple[int, int], n: int) -> Image.Image:
    img = Image.new("1", size)
    ImageDraw.Draw(img).text((0, 0), str(n), fill=1)
    return img


def record_writes(device, log: list, name: str, hook=None) -> None:
    """Wrap a luma device's ``display``: log (name, thread, image bytes) for each frame."""
    real = device.device.display

    def display(image):
        log.append((name, threading.current_thread().name, image.tobytes()))
        if hook is not None:
            hook()
        real(image)

    device.device.display = display


def test_each_display_and_the_matrix_is_written_on_its_buss_thread(hw):
    log: list = []
    record_writes(hw.display, log, "main")
    record_writes(hw.matrix, log, "matrix")
    for p, d in hw.pad_displays.items():
        record_writes(d, log, p)
    with hw.moment():
        hw.display.show(frame(hw.display.size, 1))
        hw.matrix.show(frame(hw.matrix.size, 2))
        for d in hw.pad_displays.values():
            d.show(frame(d.size, 3))
    threads = {name: thread for name, thread, _ in log}
    assert threads == {
        "main": "hw-bus-i2c-0",
        "black": "hw-bus-i2c-0",  # beside the main display on I²C0
        "matrix": "hw-bus-spi0",
        **{p: "hw-bus-i2c-1" for p in ("red", "blue", "yellow", "green")},  # behind the mux
    }
    # When the moment is over, every panel holds its frame.
    assert hw.display.device.image.tobytes() == frame(hw.display.size, 1).tobytes()
    for d in hw.pad_displays.values():
        assert d.device.image.tobytes() == frame(d.size, 3).tobytes()


def test_the_two_i2c_buses_write_at_the_same_time(hw):
    """The red pad's write (i2c-1) waits for the main display's (i2c-0) to begin: given first,
    it would wait for ever on one thread; on two it goes on as soon as the main display's
    write has begun."""
    main_began, waited = threading.Event(), []
    record_writes(hw.display, [], "main", hook=main_began.set)
    record_writes(
        hw.pad_displays["red"], [], "red", hook=lambda: waited.append(main_began.wait(GATE_S))
    )
    with hw.moment():
        hw.pad_displays["red"].show(frame((128, 32), 1))  # given first
        hw.display.show(frame(hw.display.size, 1))
    assert waited == [True]


def test_the_frames_of_one_display_reach_it_in_the_order_given(hw):
    log: list = []
    red = hw.pad_displays["red"]
    record_writes(red, log, "red")
    frames = [frame(red.size, n) for n in range(40)]
    with hw.moment():
        for img in frames:
            red.show(img)
            hw.display.show(img.resize(hw.display.size))  # the other bus busy meanwhile
    assert [data for _, _, data in log] == [img.tobytes() for img in frames]


def test_a_frame_changed_by_its_caller_after_show_is_written_as_it_was_given(hw):
    red = hw.pad_displays["red"]
    img = frame(red.size, 1)
    with hw.moment():
        red.show(img)
        ImageDraw.Draw(img).rectangle((0, 0, 127, 31), fill=1)  # the caller draws on
    assert red.device.image.tobytes() == frame(red.size, 1).tobytes()


def test_contrast_and_power_keep_their_place_among_a_displays_frames(hw):
    log: list = []
    main = hw.display
    record_writes(main, log, "frame")
    for name in ("contrast", "hide", "show"):
        real = getattr(main.device, name)
        setattr(main.device, name, lambda *a, n=name, r=real: (log.append((n, "", b"")), r(*a)))
    with hw.moment():
        main.show(frame(main.size, 1))
        main.sleep()
        main.contrast(40)
        main.wake()
        main.show(frame(main.size, 2))
    # (luma's own contrast/show calls during a (re)open would appear too: there is none here)
    assert [what for what, _, _ in log] == ["frame", "hide", "contrast", "show", "frame"]


def test_outside_a_moment_a_frame_is_written_on_the_callers_thread(hw):
    log: list = []
    record_writes(hw.display, log, "main")
    hw.display.show(frame(hw.display.size, 1))
    assert log[0][1] == threading.current_thread().name
    assert hw.writers.buses == []  # no thread was needed


def test_after_a_moment_a_frame_is_written_on_the_callers_thread_again(hw):
    """Once a moment's items are written, nothing of the display waits on its bus: the next
    frame is on the panel when show returns."""
    log: list = []
    record_writes(hw.display, log, "main")
    main = hw.display
    with hw.moment():
        main.contrast(10)
        main.show(frame(main.size, 1))
        main.show(frame(main.size, 2))
    main.show(frame(main.size, 3))
    assert log[-1][1:] == (threading.current_thread().name, frame(main.size, 3).tobytes())
    assert main.device.image.tobytes() == frame(main.size, 3).tobytes()


def test_show_says_whether_the_frame_differs_from_the_one_given_before(hw):
    img = frame(hw.display.size, 5)
    with hw.moment():
        assert hw.display.show(img) is True
        assert hw.display.show(img.copy()) is False  # the same pixels, not yet written
    assert hw.display.show(frame(hw.display.size, 6)) is True


def test_closing_writes_what_was_given_then_writes_on_the_callers_thread():
    writers, ran = BusWriters(), []
    gate = threading.Event()
    writers.run("i2c-1", lambda: ran.append(("first", gate.wait(GATE_S))))
    writers.run("i2c-1", lambda: ran.append(("second", True)))
    gate.set()
    writers.close()  # waits for both, then stops the thread
    assert ran == [("first", True), ("second", True)]
    assert writers.run("i2c-1", lambda: None) is False  # closed: the caller writes itself
    writers.close()  # idempotent


def test_a_closed_table_draws_nothing_and_does_not_hang(hw):
    hw.close()
    with hw.moment():  # e.g. a last paint racing the shutdown
        hw.display.show(frame(hw.display.size, 1))
    assert hw.display.device is None  # closed: blanked and switched off, not written again


def test_a_frame_given_while_the_bus_still_writes_waits_its_turn_outside_a_moment(hw):
    """A moment that stops waiting for a stuck bus leaves its frames queued: a later frame
    of the same display, given outside any moment, is written after them, not before."""
    release, log = threading.Event(), []
    record_writes(hw.display, log, "main", hook=lambda: release.wait(GATE_S))
    first, second = frame(hw.display.size, 1), frame(hw.display.size, 2)
    settle = hw.writers.settle
    hw.writers.settle = lambda timeout=0.0: settle(0.0)  # the moment gives up at once
    with hw.moment():
        hw.display.show(first)
    hw.writers.settle = settle
    hw.display.show(second)  # the first is still being written on the bus's thread
    release.set()
    assert hw.writers.settle()
    assert [image for _, _, image in log] == [first.tobytes(), second.tobytes()]
    assert hw.display.device.image.tobytes() == second.tobytes()


def test_a_bus_that_has_written_everything_settles_at_once_and_logs_nothing(caplog):
    writers, ran = BusWriters(), []
    try:
        with caplog.at_level(logging.WARNING, logger="hw.bus_writer"):
            writers.run("i2c-1", lambda: ran.append("pad"))
            assert writers.settle() is True
        assert ran == ["pad"] and caplog.records == []
    finally:
        writers.close()


def test_a_bus_stuck_past_the_wait_is_logged_by_name_and_settle_says_so(caplog):
    writers, gate = BusWriters(), threading.Event()
    try:
        writers.run("i2c-0", lambda: None)
        writers.run("i2c-1", lambda: gate.wait(GATE_S))  # safety net: opened below
        with caplog.at_level(logging.WARNING, logger="hw.bus_writer"):
            assert writers.settle(timeout=0.01) is False  # returns while i2c-1 still writes
        assert not gate.is_set()
        assert [r.getMessage() for r in caplog.records] == [
            "the i2c-1 bus did not finish its writes within 0 s"
        ]
    finally:
        gate.set()
        writers.close()

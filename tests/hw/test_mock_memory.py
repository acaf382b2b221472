"""An evening on the mock backend holds a flat memory line: mock pins keep a bounded history."""

from __future__ import annotations

import queue
import resource

from companion.app.config import load_app_config
from companion.testing import Presser, VirtualClock
from hw.backend import PIN_HISTORY, MockBackend
from hw.hardware import build_hardware

PRESSES_A_GAME = 1500  # a five-seat game is about this many presses


def rss_kib() -> int:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def test_many_games_of_presses_on_one_mock_table_keep_memory_flat():
    hardware, _ = load_app_config(None, "pi.toml")
    clock = VirtualClock()
    backend = MockBackend()
    hw = build_hardware(hardware, backend=backend, clock=clock, start=False)
    try:
        presser = Presser(hw, clock)
        seats = list(hardware.players)

        def a_game() -> None:
            for i in range(PRESSES_A_GAME):
                presser.press(seats[i % len(seats)], ("left", "right", "select")[i % 3])
            try:
                while True:
                    hw.events.get_nowait()
                    hw.events.task_done()
            except queue.Empty:
                pass

        a_game()
        before = rss_kib()
        for _ in range(8):
            a_game()
        grown = rss_kib() - before
        pins = [backend._factory.pin(n) for n in range(2, 28)]
        assert max(len(pin.states) for pin in pins) <= PIN_HISTORY
        assert grown < 1024, f"memory grew {grown} KiB over 8 games of presses"
    finally:
        hw.close()


def test_a_mock_pin_keeps_gpiozeros_record_of_its_latest_states():
    """gpiozero's assert_states still works on our pins: the record starts with the state the
    pin had when it was cleared, and keeps the last PIN_HISTORY changes after it."""
    from gpiozero import LED

    backend = MockBackend()
    factory = backend.open_pins(load_app_config(None, "pi.toml")[0].buses)
    try:
        led = LED(22, pin_factory=factory)
        pin = factory.pin(22)
        pin.clear_states()
        led.on()
        led.off()
        pin.assert_states([False, True, False])
        for _ in range(PIN_HISTORY):
            led.toggle()
        assert len(pin.states) == PIN_HISTORY and pin.states[-1].state == 0  # off again
        led.close()
    finally:
        backend.close()

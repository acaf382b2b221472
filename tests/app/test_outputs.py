"""Outputs: what the app writes to the devices (here: the pad LEDs, on mock pins)."""

from __future__ import annotations

import pytest

from companion.app.config import load_app_config
from companion.app.outputs import Outputs
from hw.backend import MockBackend
from hw.hardware import build_hardware


@pytest.fixture
def hw():
    hardware, _ = load_app_config(None, "pi.toml")
    built = build_hardware(hardware, backend=MockBackend(), start=False)
    yield built
    built.close()


def lit(hw, player: str) -> bool:
    return bool(hw.pads[player].led.value)


def test_led_follows_what_the_app_asks_even_after_the_pad_was_set_elsewhere(hw):
    out = Outputs(hw)
    out.led("red", True)
    assert lit(hw, "red")
    hw.pads["red"].led_blink(on_time=10, off_time=10)  # set outside Outputs
    out.led("red", True)
    assert hw.pads["red"].led_state == "on"
    hw.pads["red"].led_off()
    out.led("red", True)  # the pad's own state decides, not a second copy of it
    assert lit(hw, "red") and hw.pads["red"].led_state == "on"
    out.led("red", False)
    assert not lit(hw, "red") and hw.pads["red"].led_state == "off"


def test_an_unchanged_led_is_not_written_again(hw, mocker):
    out = Outputs(hw)
    out.led("blue", True)
    on = mocker.spy(hw.pads["blue"], "led_on")
    out.led("blue", True)
    assert on.call_count == 0


def test_a_decision_is_stored_before_any_of_its_frames_reaches_a_bus(tmp_path):
    """With one writer thread per bus, a press's frames still reach the panels only after its
    decision is committed, and every panel holds its frame when the press is handled."""
    import threading

    from companion.app.setup import TableDefaults
    from companion.app.table import TableApp
    from companion.session.resilient import open_resilient
    from companion.session.sqlite_store import SqliteStore
    from companion.testing import BotDriver, Presser, VirtualClock, make_bots

    hardware, table = load_app_config(None, "pi.toml")
    clock = VirtualClock()
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    log: list[tuple[str, str]] = []

    class LoggingStore(SqliteStore):
        def append(self, entry) -> None:
            super().append(entry)
            log.append(("stored", threading.current_thread().name))

    for d in [*hw.displays(), hw.matrix]:
        real = d.device.display
        d.device.display = lambda img, real=real, key=d.key: (
            log.append((key, threading.current_thread().name)),
            real(img),
        )
    seats, me = tuple(hardware.players), threading.current_thread().name
    store = open_resilient(tmp_path / "game.db", durable=LoggingStore)
    try:
        app = TableApp(hw, TableDefaults(table.options, seats), seed=5, store=store)
        driver = BotDriver(app, Presser(hw, clock), make_bots(seats, 5), hw.events, sync=True)
        decisions = buses = 0
        for _ in range(120):
            planned = driver.plan()
            assert planned is not None
            player, buttons = planned
            for button in buttons:
                log.clear()
                driver.press(player, button)
                frames = [i for i, (what, _) in enumerate(log) if what != "stored"]
                if ("stored", me) in log:
                    decisions += 1
                    assert all(i > log.index(("stored", me)) for i in frames), log
                buses = max(buses, len({thread for what, thread in log if what != "stored"}))
                for d in hw.displays():  # handled: every panel holds the frame it was given
                    assert d.device.image.tobytes() == d._last.tobytes()
        assert decisions > 10 and buses == 3  # i2c-0, i2c-1 and spi0 were written at once
    finally:
        hw.close()
        store.close()


def test_a_watcher_of_the_main_display_gets_each_new_frame_once(make_table):
    from PIL import Image

    table = make_table()
    out, seen = table.app.outputs, []
    out.on_main.append(seen.append)
    table.press("red", "select")  # the game starts: a new frame
    assert len(seen) == 1 and seen[0].tobytes() == table.hw.display.device.image.tobytes()
    frame = Image.new("1", table.hw.display.size, 1)
    assert out.main(frame) is True and out.main(frame.copy()) is False
    assert [f.tobytes() for f in seen[1:]] == [frame.tobytes()]

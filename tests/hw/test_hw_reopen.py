"""Reopening displays on the real luma + smbus2 code, with only the kernel's side faked
(FakeI2CAdapter): no leaks when a panel never answers, and a re-plugged panel comes back."""

from __future__ import annotations

import atexit
import dataclasses
import errno
import gc
import os

import pytest
from hw_testing import CONFIG, FakeI2CAdapter
from luma.core.interface.serial import noop, spi
from luma.oled.device import ssd1306
from PIL import Image, ImageDraw

from companion.testing import VirtualClock
from hw import devices
from hw.config import load_config
from hw.display import Display
from hw.health import Health
from hw.matrix import Matrix, render_text

PI = load_config(CONFIG / "pi.toml")
MAIN = dataclasses.replace(
    PI.display, i2c_port=27, address=0x3C
)  # an explicit port: no sysfs needed
PAD = dataclasses.replace(PI.players["red"].display, i2c_port=22)
DISPLAY_ON, DISPLAY_OFF, CHARGE_PUMP = 0xAF, 0xAE, 0x8D


@pytest.fixture
def adapter(tmp_path, monkeypatch) -> FakeI2CAdapter:
    return FakeI2CAdapter(tmp_path / "i2c", present={(27, 0x3C)}, buses={1, 22, 27}).install(
        monkeypatch
    )


def display(cfg, clock, events=None) -> Display:
    notify = events.append if events is not None else None
    return Display(
        cfg.key, cfg.size, cfg.mode, devices.real_display(cfg), clock=clock, notify=notify
    )


def half_lit(size: tuple[int, int]) -> Image.Image:
    img = Image.new("1", size, 0)
    ImageDraw.Draw(img).rectangle((0, 0, size[0] - 1, size[1] // 2 - 1), fill=1)
    return img


def live_luma_devices() -> int:
    """luma display drivers still reachable (an atexit hook is what kept them alive)."""
    gc.collect()
    return sum(isinstance(o, ssd1306) for o in gc.get_objects())


def flat(commands) -> list[int]:
    return [b for _, _, block in commands for b in block]


# --- item 1: a panel that never answers leaves nothing behind -----------------------------------


def test_500_failed_reopens_leave_no_bus_handle_and_no_exit_hook(adapter):
    clock = VirtualClock()
    hooks_before, alive_before = atexit._ncallbacks(), live_luma_devices()
    d = display(PAD, clock)  # bus 22 is there, the panel at 0x3C is not
    assert d.degraded and adapter.open_handles() == 0
    for _ in range(500):
        clock.advance(31)
        assert not d.retry()
    assert adapter.open_handles() == 0
    assert atexit._ncallbacks() == hooks_before
    assert live_luma_devices() == alive_before  # nothing keeps a half-built driver alive
    adapter.present.add((22, 0x3C))  # plugged in: one handle, one hook, both gone at close
    clock.advance(31)
    assert d.retry()
    assert (adapter.open_handles(), atexit._ncallbacks(), live_luma_devices()) == (
        1,
        hooks_before,
        alive_before + 1,
    )
    d.close()
    assert (adapter.open_handles(), live_luma_devices()) == (0, alive_before)


def test_periodic_reinit_reuses_the_bus_and_keeps_one_exit_hook(adapter):
    clock = VirtualClock()
    hooks_before, alive_before = atexit._ncallbacks(), live_luma_devices()
    d = display(MAIN, clock)
    for _ in range(50):
        clock.advance(30)
        assert d.refresh()
    assert (adapter.open_handles(), atexit._ncallbacks(), live_luma_devices()) == (
        1,
        hooks_before,
        alive_before + 1,
    )
    d.close()


# --- the real I²C write path: luma's managed smbus2 bus, one i2c_rdwr message per frame ---------


def test_a_frame_goes_out_as_one_i2c_rdwr_message_of_page_bytes(adapter):
    d = display(MAIN, VirtualClock())
    assert adapter.frames(27) == [bytes(1024)]  # opened: the whole (blank) panel, 8 × 128
    assert adapter.rdwr_sizes[-1] == 1 + 1024 <= 1 + 4096  # control byte + data, in one message
    d.show(half_lit(d.size))
    assert adapter.frames(27)[-1] == bytes([0xFF] * 512)  # then only the pages that changed
    d.close()


# --- item 2: the init sequence and the panel's state come back -----------------------------------


def test_a_healthy_panel_gets_init_contrast_sleep_and_last_image_again_when_due(adapter):
    clock = VirtualClock()
    d = display(MAIN, clock)
    picture = half_lit(d.size)
    d.show(picture)
    d.contrast(10)
    d.sleep()
    adapter.commands.clear()
    adapter.messages.clear()
    clock.advance(29)
    d.refresh()
    assert adapter.commands == []  # not due yet: the bus is left alone
    clock.advance(1)
    assert d.refresh()
    sent = flat(adapter.commands)
    assert CHARGE_PUMP in sent and DISPLAY_ON in sent  # luma's init sequence, again
    assert sent[-1] == DISPLAY_OFF  # asleep again after the init switched it on
    assert sent[sent.index(DISPLAY_ON) :].count(0x81) == 1  # contrast after luma's default …
    assert sent[sent.index(0x81, sent.index(DISPLAY_ON)) + 1] == 10  # … is ours
    assert adapter.frames(27) == [picture_bytes(d, picture)]  # the last image, no blank first
    d.close()


def test_reopened_after_a_fault_the_panel_gets_contrast_sleep_and_last_image(adapter):
    clock, events = VirtualClock(), []
    d = display(MAIN, clock, events)
    picture = half_lit(d.size)
    d.contrast(40)
    d.sleep()
    adapter.present.clear()  # cable pulled
    d.show(picture)
    assert d.degraded
    adapter.present.add((27, 0x3C))
    adapter.commands.clear()
    adapter.messages.clear()
    clock.advance(1)
    assert d.retry()
    sent = flat(adapter.commands)
    assert sent[-1] == DISPLAY_OFF and 40 in sent[sent.index(0x81, sent.index(DISPLAY_ON)) :]
    assert adapter.frames(27) == [picture_bytes(d, picture)]
    assert [e.recovered for e in events] == [False, True]
    d.close()


def picture_bytes(d: Display, picture: Image.Image) -> bytes:
    rows = picture.height // 8
    out = bytearray()
    for page in range(rows):
        for x in range(picture.width):
            out.append(sum(1 << bit for bit in range(8) if picture.getpixel((x, page * 8 + bit))))
    return bytes(out)


def test_a_frame_equal_to_the_one_on_the_panel_is_not_written_again(adapter):
    d = display(MAIN, VirtualClock())
    d.show(half_lit(d.size))
    before, writes = len(adapter.frames(27)), d.writes
    d.show(half_lit(d.size))  # same pixels, a new image object
    assert (len(adapter.frames(27)), d.writes) == (before, writes)
    d.show(Image.new("1", d.size, 1))
    assert (len(adapter.frames(27)), d.writes) == (before + 1, writes + 1)
    d.close()


def test_a_blank_frame_just_after_opening_is_not_written_again(adapter):
    """Opening blanks the panel; a first frame that is blank too costs no bus traffic."""
    d = display(MAIN, VirtualClock())
    before, writes = len(adapter.frames(27)), d.writes
    assert writes == 1  # the blank frame of the init
    d.show(Image.new("1", d.size, 0))
    assert (len(adapter.frames(27)), d.writes) == (before, writes)
    d.close()


def test_the_spi_matrix_gets_its_init_and_last_frame_again_since_spi_cannot_fail(mocker):
    spi_bus = mocker.MagicMock(name="spidev")
    cfg = PI.matrix
    clock = VirtualClock()
    driver = devices.real_matrix(cfg, serial=lambda c: spi(spi=spi_bus, gpio=noop()))
    m = Matrix("LED matrix", cfg.size, driver, brightness=160, clock=clock)
    m.text("7")
    spi_bus.reset_mock()
    clock.advance(30)
    m.refresh()
    writes = [c.args[0] for c in spi_bus.writebytes.call_args_list]
    assert [0x0C, 0x01] * 4 in writes  # out of shutdown (a MAX7219 powers up in shutdown)
    assert writes.index([0x0A, 160 >> 4] * 4) > writes.index([0x0A, 0x70 >> 4] * 4)
    assert m.image.tobytes() == render_text("7", cfg.size).tobytes()
    assert len(writes[writes.index([0x0A, 160 >> 4] * 4) + 1 :]) == 8  # the 8 rows of the frame
    m.close()


# --- item 4: a permission error is named and not retried ---------------------------------------


def test_permission_denied_on_the_bus_names_the_group_and_is_not_retried(adapter):
    adapter.denied.add(22)
    clock, events = VirtualClock(), []
    d = display(PAD, clock, events)
    (fault,) = events
    assert "players.red.display: permission denied on /dev/i2c-22" in fault.reason
    assert "'i2c' group" in fault.reason and "usermod -aG i2c" in fault.reason
    adapter.denied.clear()
    clock.advance(3600)
    assert not d.retry() and d.health.gave_up and len(events) == 1


# --- back-off ------------------------------------------------------------------------------------


def test_back_off_doubles_up_to_30_seconds():
    clock = VirtualClock()
    h = Health("pad", clock=clock)
    waits = []
    for _ in range(8):
        h.failed(OSError(errno.EREMOTEIO, "Remote I/O error"))
        waits.append(h.next_retry - clock.now)
        clock.advance(waits[-1])
    assert waits == [1, 2, 4, 8, 16, 30, 30, 30]


def test_a_flaky_device_keeps_its_back_off_until_it_has_worked_for_a_minute():
    clock, events = VirtualClock(), []
    h = Health("pad", clock=clock, notify=events.append)
    error = OSError(errno.EREMOTEIO, "Remote I/O error")
    h.failed(error)
    h.failed(error)  # 2 s
    h.ok()
    clock.advance(5)
    h.failed(error)  # again soon after: 4 s, not 1 s
    assert h.next_retry - clock.now == 4
    h.ok()
    clock.advance(60)
    h.failed(error)  # a minute of working: back to 1 s
    assert h.next_retry - clock.now == 1
    assert [e.recovered for e in events] == [False, True, False, True, False]


def test_fd_count_helper_sees_real_descriptors(adapter):
    fd = os.open(adapter.scratch, os.O_RDONLY)
    try:
        assert adapter.open_handles() == 1
    finally:
        os.close(fd)


def test_a_closed_display_stays_closed(adapter):
    clock = VirtualClock()
    d = display(MAIN, clock)
    d.close()
    clock.advance(60)
    d.show(half_lit(d.size))
    assert not d.refresh() and d.device is None and adapter.open_handles() == 0


def test_closing_a_display_whose_panel_was_unplugged_closes_its_bus(adapter):
    d = display(MAIN, VirtualClock())
    adapter.present.discard((27, 0x3C))  # luma's goodbye (display off) gets no answer
    d.close()  # no exception: going away anyway
    assert d.device is None and adapter.open_handles() == 0


def test_a_frame_larger_than_4_kib_goes_out_in_4_kib_i2c_rdwr_messages(adapter):
    sim_main = load_config(CONFIG / "sim.toml").display  # SSD1322 256×64, 4-bit grey
    cfg = dataclasses.replace(sim_main, interface="i2c", i2c_port=27, dc=None, reset=None)
    d = display(cfg, VirtualClock())  # the first frame is whole: luma diffs only later ones
    assert adapter.rdwr_sizes[-2:] == [1 + 4096, 1 + 4096]  # 256 × 64 / 2 bytes, split in two
    assert adapter.frames(27)[-2:] == [bytes(4096)] * 2  # blank
    d.close()

"""`bench_bus`: the bytes a press would put on the buses, counted by the partial-update drivers
themselves, the mux's channel selects, and the physical limit beside them."""

from __future__ import annotations

import dataclasses
import itertools
from types import SimpleNamespace

import pytest
from PIL import Image, ImageDraw

from companion.app.config import load_app_config
from companion.commands import bench_bus
from companion.commands.bench_bus import (
    I2C_CLOCKS_PER_BYTE,
    I2C_HZ,
    MUX_SELECT_BYTES,
    SPI_HZ,
    BusMeter,
    PressBytes,
    Write,
    zero2_ms,
)
from hw.partial import I2C_WINDOW_OVERHEAD

PAD_FRAME = 128 * 32 // 8 + I2C_WINDOW_OVERHEAD  # a whole frame: its pages in one window


def _meter() -> tuple[BusMeter, str, str]:
    hardware, _ = load_app_config(None, "pi.toml")
    red, blue = (hardware.players[p].display.key for p in ("red", "blue"))
    return BusMeter(hardware), red, blue


def pads(n: int) -> PressBytes:
    return PressBytes({"i2c-1": n}, changed=0)


def test_first_frames_go_whole_and_each_channel_switch_costs_a_mux_select():
    meter, red, blue = _meter()
    blank = Image.new("1", (128, 32))
    got = meter.press([(red, blank, 0.0), (blue, blank, 0.0)])
    assert got.buses == {"i2c-1": 2 * (PAD_FRAME + MUX_SELECT_BYTES)}
    assert meter.press([(red, blank, 0.0), (blue, blank, 0.0)]) == PressBytes(
        {}, 0
    )  # nothing differs


def test_a_one_row_change_costs_its_window_and_the_limit_is_the_bytes_that_differ():
    meter, red, blue = _meter()
    blank = Image.new("1", (128, 32))
    meter.press([(blue, blank, 0.0), (red, blank, 0.0)])  # the mux is left on red's channel
    line = blank.copy()
    ImageDraw.Draw(line).line((10, 9, 20, 9), fill=1)  # 11 columns of page 1
    assert meter.press([(red, line, 0.0)]) == PressBytes(
        {"i2c-1": 11 + I2C_WINDOW_OVERHEAD}, changed=11 + I2C_WINDOW_OVERHEAD
    )
    assert meter.press([(blue, line, 0.0)]).i2c == 11 + I2C_WINDOW_OVERHEAD + MUX_SELECT_BYTES


def test_the_bus_time_is_nine_clocks_a_byte_at_400_khz():
    assert pads(400).bus_ms() == 400 * I2C_CLOCKS_PER_BYTE / I2C_HZ * 1000


def test_the_main_display_is_on_its_own_bus_with_no_mux_select():
    meter, red, _ = _meter()
    main = Image.new("1", (128, 64))
    got = meter.press([(red, Image.new("1", (128, 32)), 0.0), ("display", main, 0.0)])
    assert got.buses == {
        "i2c-1": PAD_FRAME + MUX_SELECT_BYTES,
        "i2c-0": 128 * 64 // 8 + I2C_WINDOW_OVERHEAD,  # alone on I²C0: no select
    }


def test_the_buses_write_at_once_so_a_press_waits_for_the_busiest_one():
    both = PressBytes({"i2c-1": 1600, "i2c-0": 1000, "spi0": 64}, changed=0)
    i2c_ms = 1600 * I2C_CLOCKS_PER_BYTE / I2C_HZ * 1000
    assert both.bus_ms() == i2c_ms  # not the sum
    assert both.one_bus_ms() == i2c_ms + 1000 * 9 / I2C_HZ * 1000 + 64 * 8 / SPI_HZ * 1000
    assert zero2_ms(0.0005, 3, both, 10) == 3 * 4 + 0.5 * 10 + i2c_ms  # no frame times: at the end


def test_each_bus_writes_its_frames_in_order_from_when_each_was_given():
    """A frame waits for its bus's previous one and for being given; the buses run beside the
    app thread (CPU × 10, fsyncs before the first frame)."""
    pad = Write("i2c-1", given_s=0.0001, cpu_s=0.0002, sent=400)  # 9 ms of wire
    pad2 = Write("i2c-1", given_s=0.0002, cpu_s=0.0, sent=400)  # given while the first writes
    main = Write("i2c-0", given_s=0.0015, cpu_s=0.0001, sent=400)
    press = PressBytes({"i2c-1": 800, "i2c-0": 400}, 0, writes=(pad, pad2, main))
    # i2c-1: 8 + 1 → +2 CPU +9 wire = 20, then +9 = 29; i2c-0: 8 + 15 + 1 + 9 = 33
    assert zero2_ms(0.002, 2, press, 10) == 33.0
    # the app thread itself ending last: 8 + 40
    assert zero2_ms(0.004, 2, press, 10) == 48.0


def test_a_press_counts_the_journals_fsync_its_commit_and_each_checkpoints_two(tmp_path):
    from companion.commands.bench_measures import CHECKPOINT_FSYNCS, FsyncCounter
    from companion.session.sqlite_store import SqliteStore
    from companion.session.store import GameHeader, LogEntry

    path = tmp_path / "game.db"
    counter = FsyncCounter(path)
    store = SqliteStore(path)
    takes = []
    with counter:
        store.start(GameHeader(3, ("red", "blue"), {}))
        counter.take()  # the opening and the start: not a decision's
        for seq in range(1, 301):
            store.append(LogEntry(seq, "red", {"kind": "bid", "target": seq % 13 + 1}))
            counter.commit()
            takes.append(counter.take())
    store.close()
    # the journal's line and the -wal's commit; now and then a checkpoint's two besides
    assert set(takes) == {2, 2 + CHECKPOINT_FSYNCS}
    assert takes.count(2 + CHECKPOINT_FSYNCS) < 10  # every ≈ 128 pages of -wal


def _matrix_meter(**over: int) -> tuple[BusMeter, tuple[int, int]]:
    hardware, _ = load_app_config(None, "pi.toml")
    matrix = dataclasses.replace(hardware.matrix, **over)
    return BusMeter(SimpleNamespace(display=None, players={}, matrix=matrix)), matrix.size


def test_the_matrix_is_on_its_spi_bus_unframed_and_a_row_of_one_module_is_one_transfer():
    """pi.toml's chain of 4 turned -90: a frame is 8 digit transfers of 2 bytes a module, with no
    I²C address or control byte; 8 pixels in a row of one module are one digit of it."""
    meter, size = _matrix_meter()
    blank = Image.new("1", size)
    assert meter.press([("matrix", blank, 0.0)]).buses == {"spi0": 8 * 4 * 2}
    line = blank.copy()
    ImageDraw.Draw(line).line((0, 0, 7, 0), fill=1)
    got = meter.press([("matrix", line, 0.0)])
    assert (got.buses, got.spi, got.i2c) == ({"spi0": 4 * 2}, 4 * 2, 0)


def test_a_matrix_turned_on_its_side_is_sent_its_frames_as_drawn():
    meter, size = _matrix_meter(rotate=1)
    assert size == (8, 32)
    assert meter.press([("matrix", Image.new("1", size), 0.0)]).buses == {"spi0": 64}


def test_a_display_of_another_width_than_its_models_default_is_counted_at_its_own():
    """An SSD1322 at 128×64 (its default is 256 wide): a whole frame is 128 × 64 / 2 bytes."""
    hardware, _ = load_app_config(None, "pi.toml")
    main = dataclasses.replace(
        hardware.display, model="ssd1322", interface="spi", i2c_port=None, dc=24
    )
    meter = BusMeter(SimpleNamespace(display=main, players={}, matrix=None))
    got = meter.press([("display", Image.new(main.mode, main.size), 0.0)])
    assert got.buses == {"spi0": 128 * 64 // 2 + 7}


def test_a_display_without_a_partial_driver_is_refused_by_name():
    main = SimpleNamespace(model="ssd1351", interface="spi")
    with pytest.raises(
        ValueError, match="^no partial-update driver for ssd1351: nothing to count$"
    ):
        BusMeter(SimpleNamespace(display=main, players={}, matrix=None))


def test_a_pad_given_its_own_bus_is_not_behind_the_mux_whatever_its_mux_channel():
    """``i2c_port`` overrides ``mux_channel``: black's pad on I²C0 costs no select."""
    hardware, _ = load_app_config(None, "pi.toml")
    black = hardware.players["black"]
    moved = dataclasses.replace(black.display, mux_channel=1)
    players = {"red": hardware.players["red"], "black": SimpleNamespace(display=moved)}
    meter = BusMeter(SimpleNamespace(display=None, players=players, matrix=None))
    blank = Image.new("1", (128, 32))
    got = meter.press([(hardware.players["red"].display.key, blank, 0.0), (moved.key, blank, 0.0)])
    assert got.buses == {"i2c-1": PAD_FRAME + MUX_SELECT_BYTES, "i2c-0": PAD_FRAME}


def test_each_frame_that_changed_is_a_write_of_its_bus_time_given_cpu_and_bytes(monkeypatch):
    """A frame that changes nothing is skipped, not the end of the press; each write is timed
    on the app thread's CPU clock (here a counter that moves one a reading)."""
    meter, red, blue = _meter()
    blank, main = Image.new("1", (128, 32)), Image.new("1", (128, 64))
    meter.press([(blue, blank, 0.0)])
    ticks = itertools.count(10)
    monkeypatch.setattr(bench_bus, "time", SimpleNamespace(thread_time=lambda: next(ticks)))
    got = meter.press([(red, blank, 0.25), (blue, blank, 0.5), ("display", main, 0.75)])
    whole_main = 128 * 64 // 8 + I2C_WINDOW_OVERHEAD
    assert got.writes == (
        Write("i2c-1", 0.25, 1, PAD_FRAME + MUX_SELECT_BYTES),
        Write("i2c-0", 0.75, 1, whole_main),
    )
    assert got.changed == PAD_FRAME + whole_main
    assert got.driver_cpu == {"i2c-1": 1, "i2c-0": 1}


def test_a_bus_writes_its_frames_one_after_the_other_from_the_press_start():
    """Two frames given at once on one bus, no fsync: the second waits for the first's 9 ms."""
    first = Write("i2c-1", given_s=0.0, cpu_s=0.0, sent=400)
    press = PressBytes({"i2c-1": 800}, 0, writes=(first, first))
    assert zero2_ms(0.0, 0, press, 10) == 18.0


def test_the_fsyncs_own_cpu_here_is_taken_out_of_the_press_and_its_frames_never_below_zero():
    """Each fsync is charged 4 ms; the CPU this machine spent in it is not charged again."""
    pad = Write("i2c-1", given_s=0.0005, cpu_s=0.0, sent=400)  # 9 ms of wire
    press = PressBytes({"i2c-1": 400}, 0, writes=(pad,))
    # without: 8 + max(0.5 × 10 + 9, 2 × 10) = 28; the fsyncs' 0.2 ms out: 8 + 18 = 26
    assert zero2_ms(0.002, 2, press, 10) == 28.0
    assert zero2_ms(0.002, 2, press, 10, fsync_cpu_s=0.0001) == 26.0
    # the frame was given 0.5 ms in, 0.3 ms of it the fsyncs': 8 + 2 + 9 = 19 (app: 8 + 14)
    assert zero2_ms(0.0017, 2, press, 10, fsync_cpu_s=0.00015) == 22.0
    assert zero2_ms(0.0003, 2, press, 10, fsync_cpu_s=0.001) == 8 + 9  # both floored at 0
    assert zero2_ms(0.002, 0, press, 10, fsync_cpu_s=0.001) == 20.0  # no fsync: nothing out

"""`bench_bus`: the bytes a press would put on the buses, counted by the partial-update drivers
themselves, the mux's channel selects, and the physical limit beside them."""

from __future__ import annotations

from PIL import Image, ImageDraw

from companion.app.config import load_app_config
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
    assert zero2_ms(0.0005, 3, both) == 3 * 4 + 0.5 * 10 + i2c_ms  # no frame times: at the end


def test_each_bus_writes_its_frames_in_order_from_when_each_was_given():
    """A frame waits for its bus's previous one and for being given; the buses run beside the
    app thread (CPU × 10, fsyncs before the first frame)."""
    pad = Write("i2c-1", given_s=0.0001, cpu_s=0.0002, sent=400)  # 9 ms of wire
    pad2 = Write("i2c-1", given_s=0.0002, cpu_s=0.0, sent=400)  # given while the first writes
    main = Write("i2c-0", given_s=0.0015, cpu_s=0.0001, sent=400)
    press = PressBytes({"i2c-1": 800, "i2c-0": 400}, 0, writes=(pad, pad2, main))
    # i2c-1: 8 + 1 → +2 CPU +9 wire = 20, then +9 = 29; i2c-0: 8 + 15 + 1 + 9 = 33
    assert zero2_ms(0.002, 2, press) == 33.0
    # the app thread itself ending last: 8 + 40
    assert zero2_ms(0.004, 2, press) == 48.0


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

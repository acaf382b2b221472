"""`companion bench`'s arithmetic and bookkeeping, without timing anything: the figures `run_all`
works out of hand-made measurements, the percentile, the fsync and frame counts, the games played
until enough presses were timed, and what each press of a scripted game is charged with.

No real time is asserted: where a function reads a clock, the clock is a counter that moves only
when read, so what is checked is which press each reading is charged to.
"""

from __future__ import annotations

import itertools
import os
import random
import re
import shutil
import threading
from collections.abc import Callable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

import companion
from companion import testing
from companion.app.config import load_app_config
from companion.commands import bench, bench_calibrate, bench_measures
from companion.commands.bench_bus import PressBytes, Write
from companion.commands.bench_measures import (
    FsyncCounter,
    PressRun,
    late_game_state,
    measure_presses,
    percentile,
    play_timed_game,
)
from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game
from companion.elgrande.options import TableOptions
from companion.session import sqlite_store
from companion.session.resilient import ResilientStore
from companion.session.session import Session
from companion.session.sqlite_store import SqliteStore
from companion.session.store import StoreError
from hw.guarded import GuardedDevice

MS = 1e-3  # seconds in a millisecond
ZERO2_PASS_S = bench_calibrate.ZERO2_PASS_MS * MS  # the calibration pass on a Zero 2 W

# -- run_all: the figures out of the measurements -------------------------------------------------

# 103 presses, press i (1…103) the i-th smallest in every list, so a percentile is a press:
# of 103, p50 is rank 52 and p99 rank 102 (not the largest, 103); of the 101 presses that
# committed (3…103), p50 is rank 51 (press 53) and p99 rank 100 (press 102).
PRESSES = range(1, 104)


def _bus(i: int) -> PressBytes:
    """Press i's bytes: the pad's 40·i + 1 on I²C1, the main display's 24 on I²C0 every third
    press, the matrix's 64 on SPI every second one; 36·i changed (+ 7 with the matrix). The
    frames are given at once; the pad's driver takes 0.02·i + 0.00066 ms of CPU, the main
    display's 0.01 ms (the matrix's is left out)."""
    buses = {"i2c-1": 40 * i + 1}
    writes = [Write("i2c-1", given_s=0.0, cpu_s=(0.02 * i + 0.00066) * MS, sent=40 * i + 1)]
    if i % 3 == 0:
        buses["i2c-0"] = 24
        writes.append(Write("i2c-0", given_s=0.0, cpu_s=0.01 * MS, sent=24))
    if i % 2 == 0:
        buses["spi0"] = 64
    return PressBytes(buses, changed=36 * i + (7 if i % 2 == 0 else 0), writes=tuple(writes))


def _press_run() -> PressRun:
    return PressRun(
        durations=[(0.1 * i + 0.00012) * MS for i in PRESSES],
        writes=[1 + (i % 3 == 0) + (i % 2 == 0) for i in PRESSES],  # pad, main, matrix
        committing=[0.0 if i <= 2 else (0.01 * i + 0.00033) * MS for i in PRESSES],
        cpu=[(0.01 * i + 0.00544) * MS for i in PRESSES],
        fsyncs=[0 if i <= 2 else 4 if i == 103 else 2 for i in PRESSES],  # 103: a checkpoint
        bus=[_bus(i) for i in PRESSES],
        store_path=Path("unset"),  # the stub of measure_presses stores a game in its folder
        # a pass 20 times as fast as on the Zero 2 W, one sample stretched, one quick: × 20
        calibration=[ZERO2_PASS_S / 20, ZERO2_PASS_S / 10, ZERO2_PASS_S / 25],
        fsync_cpu=[0.05 * MS, 0.04 * MS, 0.3 * MS],  # the median, 0.05 ms, out of each fsync
    )


def _stub_measures(monkeypatch: pytest.MonkeyPatch, run: PressRun) -> list[tuple[str, Any]]:
    """Each measure as bench.py imported it, answering known values (`run`'s games stored in
    the folder given); returns the log of what was said and measured, in order."""
    log: list[tuple[str, Any]] = []

    def presses(folder: Path, minimum: int) -> PressRun:
        assert folder.is_dir() and folder.name.startswith("companion-bench-")
        log.append(("presses", (folder, minimum)))
        run.store_path = folder / "game-9.db"
        run.store_path.write_bytes(b"")
        return run

    def replay(path: Path) -> float:
        assert path.is_file()  # the games' folder is still there
        log.append(("replay", path))
        return 0.0856789

    def measured(name: str, value: float) -> Callable[..., float]:
        return lambda *args: log.append((name, args)) or value

    monkeypatch.setattr(bench, "measure_presses", presses)
    monkeypatch.setattr(bench, "measure_replay", replay)
    monkeypatch.setattr(bench, "measure_state_copy", measured("state copy", 0.0000123456))
    monkeypatch.setattr(bench, "measure_cold_start", measured("cold start", 0.1234567))
    monkeypatch.setattr(bench, "measure_peak_rss", measured("peak RSS", 37.654))
    monkeypatch.setattr(bench, "measure_idle", measured("idle", 0.0876543))
    return log


def test_run_all_works_every_figure_and_the_breakdown_out_of_the_measurements(monkeypatch):
    log = _stub_measures(monkeypatch, _press_run())
    figures, breakdown = bench.run_all(0.5, 100, lambda said: log.append(("said", said)))
    folder = log[1][1][0]
    assert log == [
        ("said", "presses (at least 100, five-player games)…"),
        ("presses", (folder, 100)),
        ("said", "resume…"),
        ("replay", folder / "game-9.db"),
        ("said", "state copy…"),
        ("state copy", ()),
        ("said", "cold start…"),
        ("cold start", ()),
        ("said", "peak RSS (a demo game)…"),
        ("peak RSS", ()),
        ("said", "idle (0.5 s)…"),
        ("idle", (0.5,)),
    ]
    assert not folder.exists()  # the games' folder is gone once measured
    assert breakdown == bench.Breakdown(
        presses=103,
        decisions=101,  # presses 3…103
        commit_p50_ms=0.53,  # press 53: 0.53033
        commit_p99_ms=1.02,  # press 102: 1.02033
        software_p99_ms=9.18,  # press 102: 10.20012 − 1.02033 = 9.17979
        cpu_p50_ms=0.525,  # press 52: 0.52544
        cpu_p99_ms=1.025,  # press 102: 1.02544
        bus_p50_ms=46.82,  # press 52: the pad's 2081 B at 9 clocks / 400 kHz = 46.8225
        bus_p99_ms=91.82,  # press 102: 4081 B = 91.8225
        one_bus_p99_ms=92.43,  # press 102: 91.8225 + 24 B (0.54) + 64 B on SPI (0.064)
        driver_cpu_p99_ms=2.051,  # press 102: the pad's 2.04066 + the main display's 0.01
        fsyncs_per_press=1.98,  # (100 × 2 + 4) / 103 = 1.9806
        fsyncs_p99=2.0,  # rank 102; the checkpoint's 4 is rank 103
        calibration_pass_ms=0.759,  # the median sample: 15.176 ms / 20 = 0.7588
        calibration_samples=3,
        fsync_cpu_ms=0.05,
    )
    assert figures == bench.Figures(
        press_p50_ms=5.2,  # press 52: 5.20012
        press_p99_ms=10.2,  # press 102: 10.20012
        # the pad's frame is the last pixel: 4 ms an fsync + its driver × 20 + its wire,
        # 4·f + (0.4·i + 0.0132) + (0.9·i + 0.0225)
        zero2_press_p50_ms=75.6,  # press 52: 8 + 20.8132 + 46.8225
        zero2_press_p99_ms=140.6,  # press 102: 8 + 40.8132 + 91.8225
        zero2_cpu_factor=20.0,
        i2c_bytes_per_press=2088.9,  # (40 × 5356 + 103 + 34 × 24) / 103 = 215159 / 103
        spi_bytes_per_press=31.7,  # 51 × 64 / 103 = 31.689
        bus_bytes_per_press=2120.6,  # (215159 + 3264) / 103 = 2120.61
        changed_bytes_per_press=1875.5,  # (36 × 5356 + 51 × 7) / 103 = 193173 / 103 = 1875.47
        bus_over_changed=1.131,  # 218423 / 193173 = 1.13071
        writes_per_press=1.83,  # (103 + 34 + 51) / 103 = 1.8252
        state_copy_ms=0.0123,  # 0.0123456
        cold_start_s=0.123,  # 0.1234567
        replay_ms=85.7,  # 85.6789
        peak_rss_mb=37.7,  # 37.654
        idle_cpu_pct=0.088,  # 0.0876543
    )


def test_with_no_decision_and_nothing_changed_the_figures_fall_back_to_zero_and_one(monkeypatch):
    """One press that stored nothing and changed no pixel: its commit is 0, the ratio 1."""
    one = PressRun(
        [2 * MS], [0], [0.0], [0.5 * MS], [0], [PressBytes({}, 0)], Path(), [ZERO2_PASS_S / 10]
    )
    log = _stub_measures(monkeypatch, one)
    figures, breakdown = bench.run_all()
    assert log[0][1][1] == bench.MIN_PRESSES and log[-1] == ("idle", (bench.IDLE_S,))
    assert breakdown == bench.Breakdown(
        presses=1,
        decisions=0,
        commit_p50_ms=0.0,  # no commit: the percentiles of [0.0]
        commit_p99_ms=0.0,
        software_p99_ms=2.0,
        cpu_p50_ms=0.5,
        cpu_p99_ms=0.5,
        bus_p50_ms=0.0,  # no bus written
        bus_p99_ms=0.0,
        one_bus_p99_ms=0.0,
        driver_cpu_p99_ms=0.0,
        fsyncs_per_press=0.0,
        fsyncs_p99=0.0,
        calibration_pass_ms=1.518,  # 15.176 / 10
        calibration_samples=1,
        fsync_cpu_ms=0.0,  # none sampled: nothing taken out
    )
    assert (figures.press_p50_ms, figures.press_p99_ms) == (2.0, 2.0)
    assert (figures.zero2_press_p50_ms, figures.zero2_press_p99_ms) == (5.0, 5.0)  # 0.5 ms × 10
    assert figures.zero2_cpu_factor == 10.0
    assert (figures.bus_bytes_per_press, figures.changed_bytes_per_press) == (0.0, 0.0)
    assert figures.bus_over_changed == 1.0 and figures.writes_per_press == 0.0


def test_the_fsyncs_own_cpu_is_taken_out_of_the_press_at_the_median_sample(monkeypatch):
    """One press: 0.5 ms of CPU, two fsyncs of 0.1 ms each (the median sample), no frame."""
    samples = [0.1 * MS, 0.05 * MS, 0.2 * MS]
    one = PressRun([2 * MS], [0], [1 * MS], [0.5 * MS], [2], [PressBytes({}, 0)], Path())
    one.calibration, one.fsync_cpu = [ZERO2_PASS_S / 10], samples
    _stub_measures(monkeypatch, one)
    figures, breakdown = bench.run_all()
    assert figures.zero2_press_p99_ms == 11.0  # 2 × 4 ms + (0.5 − 2 × 0.1) ms × 10
    assert breakdown.fsync_cpu_ms == 0.1


def test_a_press_run_without_a_calibration_sample_is_refused_not_given_a_factor(monkeypatch):
    run = _press_run()
    run.calibration.clear()
    _stub_measures(monkeypatch, run)
    with pytest.raises(ValueError, match="no calibration sample"):
        bench.run_all(0.1, 10)


@pytest.mark.parametrize("short", ["committing", "fsyncs"])
def test_a_press_run_whose_lists_disagree_is_refused_never_cut_short(monkeypatch, short):
    run = _press_run()
    getattr(run, short).pop()
    _stub_measures(monkeypatch, run)
    with pytest.raises(ValueError):
        bench.run_all(0.1, 10)


# -- percentile ------------------------------------------------------------------------------------


def test_the_percentile_of_one_value_is_that_value():
    assert [percentile([7.5], pct) for pct in (0, 1, 50, 99, 100)] == [7.5] * 5


def test_the_percentile_is_the_nearest_rank_of_the_sorted_values():
    values = [40.0, 10.0, 30.0, 20.0]
    assert percentile(values, 0) == 10.0  # rank 1 at the least
    assert percentile(values, 25) == 10.0  # rank 1
    assert percentile(values, 26) == 20.0  # rank 2: ⌈1.04⌉
    assert percentile(values, 50) == 20.0
    assert percentile(values, 51) == 30.0  # ⌈2.04⌉, never interpolated
    assert percentile(values, 99) == 40.0
    assert percentile(values, 100) == 40.0
    assert values == [40.0, 10.0, 30.0, 20.0]  # the caller's list is left as it was


# -- the fsyncs and frames of a press -------------------------------------------------------------


def test_the_fsync_counter_counts_each_fsync_and_commit_and_puts_os_fsync_back(
    monkeypatch, tmp_path
):
    synced: list[int] = []

    def fsync(fd: int) -> None:
        synced.append(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    counter = FsyncCounter(tmp_path / "game.db")
    assert counter.take() == 0
    with counter as entered:
        assert entered is counter
        os.fsync(5)
        os.fsync(7)
        counter.commit()
        assert counter.take() == 3
        assert counter.take() == 0  # each take starts again from nothing
        os.fsync(9)
        assert counter.take() == 1
    assert synced == [5, 7, 9]  # the real fsync was still made, on the same descriptor
    assert os.fsync is fsync
    os.fsync(11)  # once out, an fsync is no longer counted
    assert counter.take() == 0


def test_each_write_to_the_sqlite_file_counts_as_a_checkpoints_two_fsyncs(tmp_path):
    path = tmp_path / "game.db"
    path.write_bytes(b"x" * 10)
    counter = FsyncCounter(path)
    assert counter.take() == 0  # the file as it was when counting began
    counter.commit()
    os.utime(path, ns=(1, 1))  # written: another time, the same size
    assert counter.take() == 1 + 2
    assert counter.take() == 0  # the checkpoint is counted once
    path.write_bytes(b"x" * 20)
    os.utime(path, ns=(1, 1))  # written: the same time, another size
    assert counter.take() == 2
    path.unlink()  # gone: a change too, and no error
    assert counter.take() == 2
    assert counter.take() == 0


def test_the_frames_written_are_every_displays_and_the_matrixs():
    main, pad = SimpleNamespace(writes=3), SimpleNamespace(writes=4)
    hw = SimpleNamespace(displays=lambda: [main, pad], matrix=SimpleNamespace(writes=5))
    assert bench_measures._frames_written(hw) == 12
    hw.matrix = None
    assert bench_measures._frames_written(hw) == 7


# -- whole games until enough presses --------------------------------------------------------------


def test_games_are_played_seed_after_seed_until_at_least_the_minimum_presses(monkeypatch, tmp_path):
    played: list[tuple[int, Path]] = []

    def game(seed: int, folder: Path) -> PressRun:
        played.append((seed, folder))
        bus = [PressBytes({"i2c-1": seed}, seed), PressBytes({"spi0": seed}, seed)]
        d = float(seed)
        samples = [d / 10] * seed  # each game's own samples, taken between its presses
        return PressRun(
            [d, d],
            [seed, 0],
            [d, 0.0],
            [d / 2, d],
            [seed, 0],
            bus,
            folder / str(seed),
            samples,
            [d],
        )

    monkeypatch.setattr(bench_measures, "play_timed_game", game)
    monkeypatch.setattr(bench_calibrate, "sample", lambda: 9.0)  # the one before the first game
    monkeypatch.setattr(bench_calibrate, "fsync_sample", lambda folder: 0.5)
    run = measure_presses(tmp_path, 5)
    assert played == [(1, tmp_path), (2, tmp_path), (3, tmp_path)]  # 2, 4, then 6 ≥ 5 presses
    assert run.durations == [1.0, 1.0, 2.0, 2.0, 3.0, 3.0]
    assert run.writes == [1, 0, 2, 0, 3, 0]
    assert run.committing == [1.0, 0.0, 2.0, 0.0, 3.0, 0.0]
    assert run.cpu == [0.5, 1.0, 1.0, 2.0, 1.5, 3.0]
    assert run.fsyncs == [1, 0, 2, 0, 3, 0]
    assert [b.sent for b in run.bus] == [1, 1, 2, 2, 3, 3]
    assert run.store_path == tmp_path / "3"  # the last game's, whole
    assert run.calibration == [9.0, 0.1, 0.2, 0.2, 0.3, 0.3, 0.3]
    assert run.fsync_cpu == [0.5, 1.0, 2.0, 3.0]
    played.clear()
    assert len(measure_presses(tmp_path, 4).durations) == 4  # exactly enough: no third game
    assert [seed for seed, _ in played] == [1, 2]
    played.clear()
    nothing = measure_presses(tmp_path, 0)
    assert played == [] and nothing == PressRun([], [], [], [], [], [], tmp_path, [9.0], [0.5])


# -- a scripted game's presses ---------------------------------------------------------------------

SEED = 7
LEFT = 3  # decisions the stored game has left


@pytest.fixture(scope="module")
def nearly_over(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A two-player short game stored LEFT decisions before its end (random choices), written
    without fsyncs: the tests resume it, so that only a game's last presses are played."""
    folder = tmp_path_factory.mktemp("nearly-over")
    hardware, _ = load_app_config(None, "pi.toml")
    seats = tuple(hardware.players)[:2]
    options = TableOptions(short_game=True)
    state, rng, actions = new_game(list(seats), seed=SEED, options=options), random.Random(SEED), []
    while (d := decision(state)) is not None:
        action = rng.choice(legal_actions(state, d.players[0]))
        apply_in_place(state, d.players[0], action)
        state.take_events()
        actions.append((d.players[0], action))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", lambda fd: None)
        store = SqliteStore(folder / f"game-{SEED}.db")
        store._conn.execute("PRAGMA synchronous=OFF")
        session = Session.new(store, seats, SEED, options)
        for player, action in actions[:-LEFT]:
            session.decide(player, action)
        store.close()
    return folder


def _copy_game(source: Path, folder: Path) -> Path:
    for stored in source.iterdir():
        shutil.copy(stored, folder / stored.name)
    return folder / f"game-{SEED}.db"


class _Seen:
    """What a scripted game did, counted beside the bench: decisions and screens stored,
    frames given, and the counts when each press began."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.appends = self.screens = self.shows = 0
        self.marks: list[tuple[int, int, int]] = []
        self.states: list[Any] = []  # each screen state stored
        self.input_threads = 0  # presses made while a hub thread of its own pumps the pins
        append, save, show = SqliteStore.append, SqliteStore.save_screen, GuardedDevice._show
        press = testing.Presser.press

        def counting_append(store: SqliteStore, entry: Any) -> None:
            self.appends += 1
            append(store, entry)

        def counting_save(store: SqliteStore, state: dict[str, Any]) -> None:
            self.screens += 1
            self.states.append(state)
            save(store, state)

        def counting_show(device: GuardedDevice, image: Any) -> bool:
            self.shows += 1
            return show(device, image)

        def marking_press(presser: testing.Presser, player: str, button: str) -> None:
            self.marks.append((self.appends, self.screens, self.shows))
            self.input_threads += any(t.name == "hw-input" for t in threading.enumerate())
            press(presser, player, button)

        monkeypatch.setattr(SqliteStore, "append", counting_append)
        monkeypatch.setattr(SqliteStore, "save_screen", counting_save)
        monkeypatch.setattr(GuardedDevice, "_show", counting_show)
        monkeypatch.setattr(testing.Presser, "press", marking_press)
        self.show = counting_show

    def per_press(self) -> list[tuple[int, int, int]]:
        """(decisions stored, screens stored, frames given) during each press."""
        ends = [*self.marks[1:], (self.appends, self.screens, self.shows)]
        pairs = zip(self.marks, ends, strict=True)
        return [(a1 - a0, s1 - s0, f1 - f0) for (a0, s0, f0), (a1, s1, f1) in pairs]


def _counting_clocks(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench_measures' clocks, each a counter that moves one on every reading."""
    wall, cpu = itertools.count(), itertools.count()
    clocks = SimpleNamespace(perf_counter=lambda: next(wall), thread_time=lambda: next(cpu))
    monkeypatch.setattr(bench_measures, "time", clocks)


def test_each_press_of_a_game_is_charged_its_own_commits_fsyncs_frames_and_bytes(
    monkeypatch, tmp_path, nearly_over
):
    path = _copy_game(nearly_over, tmp_path)
    seen, fsync = _Seen(monkeypatch), os.fsync
    _counting_clocks(monkeypatch)
    run = play_timed_game(SEED, tmp_path)
    presses = seen.per_press()
    stored = [a for a, _, _ in presses]
    assert len(presses) > LEFT and sum(stored) == LEFT  # the resume page, the menus, 3 choices
    for measured in (run.durations, run.writes, run.committing, run.cpu, run.fsyncs, run.bus):
        assert len(measured) == len(presses)
    # A reading is one tick: a press takes its own two and its commits' two each.
    assert run.committing == stored
    assert run.durations == [1 + 2 * a for a in stored]
    assert run.cpu == [1 + f for _, _, f in presses]  # one tick a frame given, and its end
    # A decision: the journal's fsync and the -wal's commit; a screen stored: its commit.
    assert run.fsyncs == [2 * a + s for a, s, _ in presses]
    assert sum(run.writes) > 0 and run.writes == [len(b.writes) for b in run.bus]
    for (_, _, given), press in zip(presses, run.bus, strict=True):
        ticks = [w.given_s for w in press.writes]
        assert ticks == sorted(set(ticks)) and all(1 <= t <= given for t in ticks)
    assert seen.states and all(isinstance(state, dict) for state in seen.states)
    assert seen.input_threads == 0  # the bench pumps the pins itself, on the virtual clock
    assert run.store_path == path
    store = SqliteStore(path)
    assert Session.resume(store).over  # the game stored whole, for the resume figure
    store.close()
    assert GuardedDevice._show is seen.show and os.fsync is fsync  # put back


def test_the_calibration_is_sampled_every_so_many_presses_between_them_never_inside_one(
    monkeypatch, tmp_path, nearly_over
):
    _copy_game(nearly_over, tmp_path)
    seen = _Seen(monkeypatch)
    _counting_clocks(monkeypatch)
    monkeypatch.setattr(bench_measures, "CALIBRATE_EVERY", 2)

    def sample() -> float:  # reads the CPU clock as a real sample does: ticks no press may keep
        start = bench_measures.time.thread_time()
        return float(bench_measures.time.thread_time() - start)

    monkeypatch.setattr(bench_calibrate, "sample", sample)
    monkeypatch.setattr(bench_calibrate, "fsync_sample", lambda folder: sample() + 1)
    run = play_timed_game(SEED, tmp_path)
    presses = seen.per_press()
    assert run.calibration == [1.0] * (len(presses) // 2)
    assert run.fsync_cpu == [2.0] * (len(presses) // 2)
    assert run.cpu == [1 + f for _, _, f in presses]  # no press charged a sample's ticks


def test_a_press_that_brings_the_disk_up_to_date_is_charged_every_commit_it_made(
    monkeypatch, tmp_path, nearly_over
):
    """The first decision's append fails (the game kept in memory); the next press, retrying
    at once, writes both decisions to the reopened file: its commit time is both appends'."""
    _copy_game(nearly_over, tmp_path)
    seen = _Seen(monkeypatch)
    counted = SqliteStore.append  # _Seen's
    failed: list[Any] = []

    def once_full(store: SqliteStore, entry: Any) -> None:
        if not failed:
            failed.append(entry)
            raise StoreError(28, "disk full")
        counted(store, entry)

    monkeypatch.setattr(SqliteStore, "append", once_full)
    monkeypatch.setattr(ResilientStore, "__init__", _retrying_at_once(ResilientStore.__init__))
    _counting_clocks(monkeypatch)
    run = play_timed_game(SEED, tmp_path)
    assert failed and seen.appends == LEFT  # the failed one counted by neither
    assert [c for c in run.committing if c] == [1, 2, 1]  # one tick an append


def _retrying_at_once(init: Callable[..., None]) -> Callable[..., None]:
    def retrying(self: ResilientStore, *args: Any, **kwargs: Any) -> None:
        init(self, *args, **{**kwargs, "retry_after_s": 0.0})

    return retrying


def test_a_new_game_is_stored_from_its_start_with_the_seed_and_the_five_seats(
    monkeypatch, tmp_path
):
    """The bots leave the setup screen; stopped once the game has begun, the file holds its
    header: the bench's seed and pi.toml's five pads."""
    plan = testing.BotDriver.plan
    monkeypatch.setattr(
        testing.BotDriver,
        "plan",
        lambda driver: None if driver.app.session is not None else plan(driver),
    )
    with pytest.raises(RuntimeError, match=r"^the scripted game \(seed 4\) stopped before"):
        play_timed_game(4, tmp_path)
    store = SqliteStore(tmp_path / "game-4.db")
    header, entries = store.load()
    store.close()
    hardware, _ = load_app_config(None, "pi.toml")
    assert header is not None and entries == []
    assert (header.seed, header.players) == (4, tuple(hardware.players))


def test_a_game_the_bots_leave_unfinished_is_refused(monkeypatch, tmp_path):
    seen, fsync = _Seen(monkeypatch), os.fsync
    monkeypatch.setattr(testing.BotDriver, "plan", lambda driver: None)
    with pytest.raises(RuntimeError, match=r"^the scripted game \(seed 4\) stopped before the end"):
        play_timed_game(4, tmp_path)
    assert GuardedDevice._show is seen.show and os.fsync is fsync  # put back all the same


def test_a_game_the_disk_did_not_keep_is_refused(monkeypatch, tmp_path, nearly_over):
    _copy_game(nearly_over, tmp_path)

    def full(store: SqliteStore, entry: Any) -> None:
        raise StoreError(28, "disk full")

    monkeypatch.setattr(SqliteStore, "append", full)
    with pytest.raises(RuntimeError, match=r"^the scripted game \(seed 7\) was not saved: NOT"):
        play_timed_game(SEED, tmp_path)


# -- the other measures' bookkeeping ---------------------------------------------------------------


def test_a_late_game_state_is_five_players_at_the_start_of_the_last_round():
    state = late_game_state()
    assert state.players == ("red", "blue", "yellow", "green", "black")
    assert state.round_index == len(state.rounds) - 1 and decision(state) is not None
    assert state.events == []  # taken, as the session keeps them
    again = late_game_state(3)
    assert (again.board, again.hands, again.scores) == (state.board, state.hands, state.scores)


def test_a_resume_is_timed_from_the_open_to_the_replayed_game_and_the_median_kept(
    monkeypatch, tmp_path
):
    now = [0.0]
    takes = iter([5.0, 1.0, 4.0, 2.0, 3.0, 1.0])  # what each open and replay takes
    opened: list[Any] = []
    closed: list[Any] = []

    class Store:
        def __init__(self, path: Path) -> None:
            now[0] += next(takes)
            self.path = path
            opened.append(self)

        def close(self) -> None:
            closed.append(self)

    resumed: list[Any] = []

    def resume(store: Store) -> Any:
        resumed.append(store)
        return SimpleNamespace(over=over)

    monkeypatch.setattr(sqlite_store, "SqliteStore", Store)
    monkeypatch.setattr(Session, "resume", staticmethod(resume))
    monkeypatch.setattr(bench_measures, "time", SimpleNamespace(perf_counter=lambda: now[0]))
    over, path = True, tmp_path / "game-3.db"
    assert bench_measures.measure_replay(path) == 3.0  # the median of 5, 1, 4, 2, 3
    assert [s.path for s in opened] == [path] * 5 and resumed == opened and closed == opened
    over = False
    with pytest.raises(RuntimeError, match=f"^{re.escape(str(path))} does not hold a whole game$"):
        bench_measures.measure_replay(path, repeat=1)


def _stub_child(monkeypatch: pytest.MonkeyPatch, answer: str) -> list[tuple[str, ...]]:
    calls: list[tuple[str, ...]] = []
    monkeypatch.setattr(bench_measures, "_child", lambda *args: calls.append(args) or answer)
    return calls


def test_the_peak_rss_is_the_childs_kib_in_mib(monkeypatch):
    calls = _stub_child(monkeypatch, "51712")
    assert bench_measures.measure_peak_rss() == 50.5  # 51712 / 1024
    assert calls == [(bench_measures._DEMO_RSS,)]


def test_the_idle_cpu_is_the_childs_over_the_window_given(monkeypatch):
    calls = _stub_child(monkeypatch, "0.125")
    assert bench_measures.measure_idle(0.5) == 0.125
    assert calls == [(bench_measures._IDLE, "0.5")]


ROOT = str(Path(companion.__file__).resolve().parent.parent)  # where companion was imported from


def test_a_child_finds_this_companion_first_and_keeps_the_rest_of_the_environment(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", "/elsewhere")
    monkeypatch.setenv("COMPANION_BENCH_PROBE", "kept")
    env = bench_measures._child_env()
    assert env["PYTHONPATH"] == f"{ROOT}{os.pathsep}/elsewhere"
    assert env["COMPANION_BENCH_PROBE"] == "kept" and os.environ["PYTHONPATH"] == "/elsewhere"
    monkeypatch.delenv("PYTHONPATH")
    assert bench_measures._child_env()["PYTHONPATH"] == ROOT


def test_a_child_answers_its_last_line_and_a_failing_one_says_why():
    code = (
        "import os, sys; print('first\\nsecond'); print(sys.argv[1], os.environ['PYTHONPATH'], ' ')"
    )
    path = bench_measures._child_env()["PYTHONPATH"]
    assert bench_measures._child(code, "last") == f"last {path}"
    with pytest.raises(RuntimeError) as failed:
        bench_measures._child("import sys; print('out'); sys.exit(' broken pad ')")
    assert str(failed.value) == "a benchmark process failed:\nbroken pad"

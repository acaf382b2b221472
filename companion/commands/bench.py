"""`companion bench [--json]`: what a player waits for — a press, a start, a resume — beside the
budgets.

Everything runs on the mock stack of the reference build (the shipped pi.toml: five pads with
displays, main display, LED matrix) with luma's dummy devices and gpiozero's mock pins, so the real
driver code runs and only the bus is missing. What is measured:

- press: a finger's press (pin edge → debounce → queue → app → every changed display written),
  over the presses of scripted five-player games (bots choosing, ◀ ▶ ● and long ●), the SQLite
  store committing each decision in a temporary folder;
- bus: the bytes the partial-update drivers would send for each press's frames, on each bus,
  and the fewest bytes any driver could send for them (bench_bus.py);
- a Pi Zero 2 W's press → last pixel, modelled from the press's CPU time, its fsyncs and its
  bus bytes (bench_bus.zero2_ms), the CPU time scaled by a factor measured in the same run
  against a workload whose Zero 2 W time is published (bench_calibrate.py);
- state copy: the copy `apply` makes of a late-game five-player state;
- cold start: a new process, from its start to the first frame on the main display;
- resume: open the store and replay a whole five-player game's log;
- peak RSS: a process that plays a whole demo game;
- idle: CPU a running table uses while nobody presses anything.

The press figures are taken with time for debounce and long presses virtual, so they hold the
software's work only (no sleeping): the app's thread, and the hand-over to the buses' writer
threads and back (hw/bus_writer.py), which write the mock panels at once.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TextIO

from companion.commands.bench_bus import SD_FSYNC_MS, zero2_ms
from companion.commands.bench_calibrate import ZERO2_PASS_MS, cpu_factor, pass_ms
from companion.commands.bench_measures import (
    MIN_PRESSES,
    measure_cold_start,
    measure_idle,
    measure_peak_rss,
    measure_presses,
    measure_replay,
    measure_state_copy,
    percentile,
)

IDLE_S = 10.0

# Budgets: on this machine, but for zero2_press_p99_ms (the model of a Pi Zero 2 W).
BUDGETS: dict[str, tuple[str, float]] = {
    "press_p99_ms": ("<=", 5.0),
    "zero2_press_p99_ms": ("<=", 50.0),
    "bus_over_changed": ("<=", 1.25),
    "state_copy_ms": ("<=", 0.1),
    "cold_start_s": ("<=", 0.3),
    "replay_ms": ("<=", 100.0),
    "peak_rss_mb": ("<=", 50.0),
    "idle_cpu_pct": ("<=", 0.2),
}


@dataclass(frozen=True)
class Figures:
    press_p50_ms: float
    press_p99_ms: float
    zero2_press_p50_ms: float
    zero2_press_p99_ms: float
    zero2_cpu_factor: float  # the Zero 2 W's CPU time over this machine's, measured in the run
    i2c_bytes_per_press: float
    spi_bytes_per_press: float
    bus_bytes_per_press: float
    changed_bytes_per_press: float
    bus_over_changed: float
    writes_per_press: float
    state_copy_ms: float
    cold_start_s: float
    replay_ms: float
    peak_rss_mb: float
    idle_cpu_pct: float


# -- the whole bench -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Breakdown:
    """Beside the figures (plain output only): how much of a press is the store's fsync."""

    presses: int
    decisions: int  # presses that committed a decision to the store
    commit_p50_ms: float
    commit_p99_ms: float
    software_p99_ms: float  # press p99 with the store's append taken out
    cpu_p50_ms: float  # CPU time of a press: the software's own cost, whatever the load
    cpu_p99_ms: float
    bus_p50_ms: float  # a press's bytes on the wires at the configured clocks, buses at once
    bus_p99_ms: float
    one_bus_p99_ms: float  # the same were every byte on one bus, one after the other
    driver_cpu_p99_ms: float  # the partial drivers' CPU time of a press here, all buses
    fsyncs_per_press: float
    fsyncs_p99: float
    calibration_pass_ms: float  # the calibration workload's pass here (median of the samples)
    calibration_samples: int
    fsync_cpu_ms: float  # the CPU one fsync takes here (the median sample), out of the model's


def run_all(
    idle_window: float = IDLE_S,
    presses: int = MIN_PRESSES,
    progress: Callable[[str], None] = lambda _: None,
) -> tuple[Figures, Breakdown]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        progress(f"presses (at least {presses}, five-player games)…")
        run = measure_presses(Path(tmp), presses)
        progress("resume…")
        replay = measure_replay(run.store_path)
    progress("state copy…")
    state_copy = measure_state_copy()
    progress("cold start…")
    cold = measure_cold_start()
    progress("peak RSS (a demo game)…")
    rss = measure_peak_rss()
    progress(f"idle ({idle_window:g} s)…")
    idle = measure_idle(idle_window)
    p50, p99 = percentile(run.durations, 50), percentile(run.durations, 99)
    commits = [c for c in run.committing if c] or [0.0]
    software = [d - c for d, c in zip(run.durations, run.committing, strict=True)]
    factor = cpu_factor(run.calibration)
    fsync_cpu = percentile(run.fsync_cpu, 50) if run.fsync_cpu else 0.0
    zero2 = [
        zero2_ms(c, f, b, factor, fsync_cpu)
        for c, f, b in zip(run.cpu, run.fsyncs, run.bus, strict=True)
    ]
    n = len(run.durations)
    sent, changed = sum(b.sent for b in run.bus), sum(b.changed for b in run.bus)
    breakdown = Breakdown(
        presses=n,
        decisions=sum(1 for c in run.committing if c),
        commit_p50_ms=round(percentile(commits, 50) * 1000, 3),
        commit_p99_ms=round(percentile(commits, 99) * 1000, 3),
        software_p99_ms=round(percentile(software, 99) * 1000, 3),
        cpu_p50_ms=round(percentile(run.cpu, 50) * 1000, 3),
        cpu_p99_ms=round(percentile(run.cpu, 99) * 1000, 3),
        bus_p50_ms=round(percentile([b.bus_ms() for b in run.bus], 50), 2),
        bus_p99_ms=round(percentile([b.bus_ms() for b in run.bus], 99), 2),
        one_bus_p99_ms=round(percentile([b.one_bus_ms() for b in run.bus], 99), 2),
        driver_cpu_p99_ms=round(
            percentile([sum(b.driver_cpu.values()) for b in run.bus], 99) * 1000, 3
        ),
        fsyncs_per_press=round(sum(run.fsyncs) / n, 2),
        fsyncs_p99=percentile([float(f) for f in run.fsyncs], 99),
        calibration_pass_ms=round(pass_ms(run.calibration), 3),
        calibration_samples=len(run.calibration),
        fsync_cpu_ms=round(fsync_cpu * 1000, 3),
    )
    figures = Figures(
        press_p50_ms=round(p50 * 1000, 3),
        press_p99_ms=round(p99 * 1000, 3),
        zero2_press_p50_ms=round(percentile(zero2, 50), 1),
        zero2_press_p99_ms=round(percentile(zero2, 99), 1),
        zero2_cpu_factor=round(factor, 2),
        i2c_bytes_per_press=round(sum(b.i2c for b in run.bus) / n, 1),
        spi_bytes_per_press=round(sum(b.spi for b in run.bus) / n, 1),
        bus_bytes_per_press=round(sent / n, 1),
        changed_bytes_per_press=round(changed / n, 1),
        bus_over_changed=round(sent / changed, 3) if changed else 1.0,
        writes_per_press=round(sum(run.writes) / n, 2),
        state_copy_ms=round(state_copy * 1000, 4),
        cold_start_s=round(cold, 3),
        replay_ms=round(replay * 1000, 1),
        peak_rss_mb=round(rss, 1),
        idle_cpu_pct=round(idle, 3),
    )
    return figures, breakdown


def misses(figures: Figures) -> list[str]:
    """The figures over their budget, by name."""
    values = asdict(figures)
    return [name for name, (_, limit) in BUDGETS.items() if values[name] > limit]


_LABELS = {
    "press_p50_ms": ("press p50", "ms"),
    "press_p99_ms": ("press p99", "ms"),
    "zero2_press_p50_ms": ("Zero 2 W press p50 (model)", "ms"),
    "zero2_press_p99_ms": ("Zero 2 W press p99 (model)", "ms"),
    "zero2_cpu_factor": ("Zero 2 W CPU factor", "×"),
    "i2c_bytes_per_press": ("I²C bytes per press", "B"),
    "spi_bytes_per_press": ("SPI bytes per press", "B"),
    "bus_bytes_per_press": ("bus bytes per press", "B"),
    "changed_bytes_per_press": ("changed bytes per press", "B"),
    "bus_over_changed": ("bus / changed bytes", "×"),
    "writes_per_press": ("display writes per press", ""),
    "state_copy_ms": ("state copy (late game)", "ms"),
    "cold_start_s": ("cold start", "s"),
    "replay_ms": ("resume (open + replay)", "ms"),
    "peak_rss_mb": ("peak RSS (demo game)", "MiB"),
    "idle_cpu_pct": ("idle CPU", "% of a core"),
}


def report(figures: Figures, out: TextIO) -> None:
    values = asdict(figures)
    for name, (label, unit) in _LABELS.items():
        budget = BUDGETS.get(name)
        limit = f"budget {budget[0]} {budget[1]:g}" if budget else ""
        verdict = ("miss" if name in misses(figures) else "ok") if budget else ""
        print(f"{label:<28} {values[name]:>9g} {unit:<12} {limit:<14} {verdict}", file=out)


def run_bench(as_json: bool, idle_window: float = IDLE_S, presses: int = MIN_PRESSES) -> int:
    """`companion bench`: 0 if every budget is met, 1 if not (the figures are printed anyway)."""
    progress = (lambda _: None) if as_json else (lambda s: print(s, file=sys.stderr, flush=True))
    load = os.getloadavg()[0]
    figures, breakdown = run_all(idle_window, presses, progress)
    if as_json:
        print(json.dumps(asdict(figures)))
    else:
        report(figures, sys.stdout)
        b = breakdown
        print(
            f"{b.presses} presses, {b.decisions} of them committed a decision to SQLite "
            f"(synchronous=FULL): commit p50 {b.commit_p50_ms:g} ms, p99 {b.commit_p99_ms:g} ms; "
            f"press p99 without the commit {b.software_p99_ms:g} ms; CPU time of a press "
            f"p50 {b.cpu_p50_ms:g} ms, p99 {b.cpu_p99_ms:g} ms"
        )
        print(
            f"the Zero 2 W model: CPU time × {figures.zero2_cpu_factor:g} (the calibration "
            f"workload's {ZERO2_PASS_MS:.2f} ms a pass on a Zero 2 W over its "
            f"{b.calibration_pass_ms:g} ms here, the median of {b.calibration_samples} samples "
            f"taken between the presses), fsyncs × {SD_FSYNC_MS:g} ms "
            f"({b.fsyncs_per_press:g} a press, p99 {b.fsyncs_p99:g}; the CPU each took here, "
            f"{b.fsync_cpu_ms:g} ms, taken out of the press's) before the first frame, "
            f"then each frame on its bus from when it was drawn: its driver's CPU "
            f"(all buses' p99 {b.driver_cpu_p99_ms:g} ms here) and its wire time; the busiest "
            f"bus's wire time p50 {b.bus_p50_ms:g} ms, p99 {b.bus_p99_ms:g} ms (one bus for "
            f"all: p99 {b.one_bus_p99_ms:g} ms; I²C 400 kHz with the mux selects, SPI 8 MHz)"
        )
        print(
            f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
            f"{os.cpu_count()} cores"
        )
    return 1 if misses(figures) else 0

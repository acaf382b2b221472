"""`companion bench [--json]`: the figures a press, a start and a resume cost, beside their budgets.

Everything runs on the mock stack of the reference build (the shipped pi.toml: five pads with
displays, main display, LED matrix) with luma's dummy devices and gpiozero's mock pins, so the real
driver code runs and only the bus is missing. What is measured:

- press: a finger's press (pin edge → debounce → queue → app → every changed display written),
  over the presses of scripted five-player games (bots choosing, ◀ ▶ ● and long ●), the SQLite
  store committing each decision in a temporary folder;
- floor: one bare luma `canvas` draw and `display()` of a full frame on the same dummy device;
- cold start: a new process, from its start to the first frame on the main display;
- resume: open the store and replay a whole five-player game's log;
- peak RSS: a process that plays a whole demo game;
- idle: CPU a running table uses while nobody presses anything;
- writes per press: frames sent to a display per press (only changed images are sent).

The press figures are taken on one thread, with time for debounce and long presses virtual, so
they hold the software's work only (no thread hand-over, no sleeping).
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TextIO

MIN_PRESSES = 2000
IDLE_S = 10.0
PLAYERS = 5

# Budgets on the development machine; a Pi Zero 2 W is about ten times slower.
BUDGETS: dict[str, tuple[str, float]] = {
    "press_p99_ms": ("<=", 5.0),
    "press_over_floor": ("<=", 10.0),
    "cold_start_s": ("<=", 0.6),
    "replay_ms": ("<=", 150.0),
    "peak_rss_mb": ("<=", 60.0),
    "idle_cpu_pct": ("<=", 0.2),
}


@dataclass(frozen=True)
class Figures:
    press_p50_ms: float
    press_p99_ms: float
    floor_ms: float
    press_over_floor: float
    cold_start_s: float
    replay_ms: float
    peak_rss_mb: float
    idle_cpu_pct: float
    writes_per_press: float


@dataclass
class PressRun:
    """What the scripted games measured: one duration and one write count per press."""

    durations: list[float]
    writes: list[int]
    committing: list[float]  # of each duration, the time the store's append took (its fsync)
    cpu: list[float]  # CPU time of each press (what other processes on the machine do not inflate)
    store_path: Path  # the SQLite file of the last game played (whole, for the resume figure)


# -- a press ---------------------------------------------------------------------------------------


def _frames_written(hw: Any) -> int:
    devices = [*hw.displays(), *([hw.matrix] if hw.matrix is not None else [])]
    return sum(d.writes for d in devices)


def play_timed_game(seed: int, folder: Path) -> PressRun:
    """One five-player game by bots pressing mock pins; each press timed from the pin edge to
    the last display written. Returns the per-press figures and the game's store."""
    from companion.app.config import load_app_config
    from companion.app.mode import Mode
    from companion.app.setup import TableDefaults
    from companion.app.table import TableApp
    from companion.session.resilient import open_resilient
    from companion.session.sqlite_store import SqliteStore
    from companion.testing import BotDriver, Presser, VirtualClock, make_bots
    from hw.backend import MockBackend
    from hw.hardware import build_hardware

    hardware, table = load_app_config(None, "pi.toml")
    seats = tuple(hardware.players)[:PLAYERS]
    clock = VirtualClock()
    path = folder / f"game-{seed}.db"
    stores: list[SqliteStore] = []

    committing = [0.0]

    class TimedStore(SqliteStore):
        def append(self, entry: Any) -> None:
            start = time.perf_counter()
            try:
                super().append(entry)
            finally:
                committing[0] += time.perf_counter() - start

    def timed_store(at: Path) -> SqliteStore:
        stores.append(TimedStore(at))
        return stores[-1]

    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    durations: list[float] = []
    writes: list[int] = []
    commits: list[float] = []
    cpu: list[float] = []
    try:
        kept = open_resilient(path, durable=timed_store)  # the net, as `companion run` has it
        app = TableApp(hw, TableDefaults(table.options, seats), seed=seed, store=kept)
        presser = Presser(hw, clock)
        driver = BotDriver(app, presser, make_bots(seats, seed), hw.events)
        events = hw.events
        while (planned := driver.plan()) is not None:
            player, buttons = planned
            for button in buttons:
                before, committing[0] = _frames_written(hw), 0.0
                start, start_cpu = time.perf_counter(), time.thread_time()
                presser.press(player, button)
                while not events.empty():  # what the one loop does with each event
                    app.handle(events.get_nowait())
                took = time.perf_counter() - start
                cpu.append(time.thread_time() - start_cpu)
                writes.append(_frames_written(hw) - before)
                durations.append(took)
                commits.append(committing[0])
                hw.maintain()  # the loop's upkeep (a panel's periodic re-init): not the press's
        if app.mode != Mode.FINAL:
            raise RuntimeError(f"the scripted game (seed {seed}) stopped before the end")
        if not kept.saving:  # the commits timed would not be every decision's
            raise RuntimeError(f"the scripted game (seed {seed}) was not saved: {kept.message}")
    finally:
        hw.close()
        for store in stores:
            store.close()
    return PressRun(durations, writes, commits, cpu, path)


def measure_presses(folder: Path, minimum: int = MIN_PRESSES) -> PressRun:
    """Whole games, seed after seed, until at least `minimum` presses were timed."""
    run = PressRun([], [], [], [], folder)
    seed = 1
    while len(run.durations) < minimum:
        game = play_timed_game(seed, folder)
        run.durations += game.durations
        run.writes += game.writes
        run.committing += game.committing
        run.cpu += game.cpu
        run.store_path = game.store_path
        seed += 1
    return run


def percentile(values: list[float], pct: float) -> float:
    """The nearest-rank percentile (pct in 0–100) of a non-empty list.

    >>> percentile([5, 1, 4, 2, 3], 50), percentile(list(range(1, 101)), 99)
    (3, 99)
    """
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * pct // 100))  # ceil without floats
    return ordered[int(rank) - 1]


# -- the floor -------------------------------------------------------------------------------------


def measure_floor(repeat: int = 500) -> float:
    """Seconds for one bare luma `canvas` draw (a text line and a frame) plus `display()` on the
    main display's dummy device; the median of `repeat`."""
    from luma.core.render import canvas
    from PIL import ImageFont

    from companion.app.config import load_app_config
    from hw.devices import dummy_display

    hardware, _ = load_app_config(None, "pi.toml")
    driver = dummy_display(hardware.display)
    device = driver.make(driver.open_bus())
    font = ImageFont.load_default_imagefont()  # loaded once, as any real app would
    times = []
    for i in range(repeat):
        start = time.perf_counter()
        with canvas(device) as draw:  # leaving the block calls device.display(image)
            draw.rectangle(device.bounding_box, outline="white")
            draw.text((4, 4), f"Round {i % 9 + 1}/9", font=font, fill="white")
        times.append(time.perf_counter() - start)
    return statistics.median(times)


# -- resume ----------------------------------------------------------------------------------------


def measure_replay(path: Path, repeat: int = 5) -> float:
    """Seconds to open the store at `path` and replay its game (the median of `repeat`)."""
    from companion.session.session import Session
    from companion.session.sqlite_store import SqliteStore

    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        store = SqliteStore(path)
        session = Session.resume(store)
        times.append(time.perf_counter() - start)
        if not session.over:
            raise RuntimeError(f"{path} does not hold a whole game")
        store.close()
    return statistics.median(times)


# -- the child processes ---------------------------------------------------------------------------

# What `companion run` does up to its first frame, on the mock backend: only its own imports.
_FIRST_FRAME = """
import time
from companion.app.config import load_app_config
from companion.app.table import TableApp
from hw.backend import MockBackend
from hw.hardware import build_hardware
hardware, table = load_app_config(None, "pi.toml")
hw = build_hardware(hardware, backend=MockBackend())
TableApp(hw, table)  # draws every display once: the set-up screen is on the main display
shown = time.monotonic()
assert hw.display.device.image.getbbox() is not None, "the main display is still blank"
hw.close()
print(shown)
"""

_DEMO_RSS = """
import io, resource
from companion.commands.demo import run_demo
run_demo(5, 1, pace=0.0, as_json=True, out=io.StringIO())
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

_IDLE = """
import sys
from companion.commands.bench import idle_cpu
print(idle_cpu(float(sys.argv[1])))
"""


def _child(code: str, *args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=_child_env()
    )
    if done.returncode != 0:
        raise RuntimeError(f"a benchmark process failed:\n{done.stderr.strip()}")
    return done.stdout.strip().splitlines()[-1]


def _child_env() -> dict[str, str]:
    """This process's environment, with the folder companion was imported from on the path
    (so that a source checkout measures itself, not an installed copy)."""
    env = dict(os.environ)
    here = str(Path(__file__).resolve().parent.parent)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    return env


def measure_cold_start(repeat: int = 5) -> float:
    """Seconds from starting a process to its first frame on the main display (the median)."""
    times = []
    for _ in range(repeat):
        start = time.monotonic()
        shown = float(_child(_FIRST_FRAME))  # CLOCK_MONOTONIC is the same in every process
        times.append(shown - start)
    return statistics.median(times)


def measure_peak_rss() -> float:
    """MiB: the peak resident set of a process that plays a whole five-player demo game."""
    return int(_child(_DEMO_RSS)) / 1024  # Linux reports KiB


def idle_cpu(window: float) -> float:
    """% of one core a running table (mock hardware, real clock, threads started, the one loop
    blocked on its queue) uses over `window` seconds of nobody pressing anything."""
    import threading

    from companion.app.config import load_app_config
    from companion.app.loop import STOP, run_loop
    from companion.app.table import TableApp
    from hw.backend import MockBackend
    from hw.hardware import build_hardware

    hardware, table = load_app_config(None, "pi.toml")
    hw = build_hardware(hardware, backend=MockBackend())
    try:
        app = TableApp(hw, table)
        loop = threading.Thread(target=run_loop, args=(app, hw.events), name="app-loop")
        loop.start()
        time.sleep(0.5)  # let start-up settle
        cpu, wall = time.process_time(), time.monotonic()
        time.sleep(window)
        cpu, wall = time.process_time() - cpu, time.monotonic() - wall
        hw.events.put(STOP)
        loop.join()
    finally:
        hw.close()
    return 100 * cpu / wall


def measure_idle(window: float) -> float:
    return float(_child(_IDLE, str(window)))


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


def run_all(
    idle_window: float = IDLE_S,
    presses: int = MIN_PRESSES,
    progress: Callable[[str], None] = lambda _: None,
) -> tuple[Figures, Breakdown]:
    with tempfile.TemporaryDirectory(prefix="companion-bench-") as tmp:
        progress(f"presses (at least {presses}, five-player games)…")
        run = measure_presses(Path(tmp), presses)
        progress("floor…")
        floor = measure_floor()
        progress("resume…")
        replay = measure_replay(run.store_path)
    progress("cold start…")
    cold = measure_cold_start()
    progress("peak RSS (a demo game)…")
    rss = measure_peak_rss()
    progress(f"idle ({idle_window:g} s)…")
    idle = measure_idle(idle_window)
    p50, p99 = percentile(run.durations, 50), percentile(run.durations, 99)
    commits = [c for c in run.committing if c] or [0.0]
    software = [d - c for d, c in zip(run.durations, run.committing, strict=True)]
    breakdown = Breakdown(
        presses=len(run.durations),
        decisions=sum(1 for c in run.committing if c),
        commit_p50_ms=round(percentile(commits, 50) * 1000, 3),
        commit_p99_ms=round(percentile(commits, 99) * 1000, 3),
        software_p99_ms=round(percentile(software, 99) * 1000, 3),
        cpu_p50_ms=round(percentile(run.cpu, 50) * 1000, 3),
        cpu_p99_ms=round(percentile(run.cpu, 99) * 1000, 3),
    )
    figures = Figures(
        press_p50_ms=round(p50 * 1000, 3),
        press_p99_ms=round(p99 * 1000, 3),
        floor_ms=round(floor * 1000, 3),
        press_over_floor=round(p99 / floor, 2),
        cold_start_s=round(cold, 3),
        replay_ms=round(replay * 1000, 1),
        peak_rss_mb=round(rss, 1),
        idle_cpu_pct=round(idle, 3),
        writes_per_press=round(sum(run.writes) / len(run.writes), 2),
    )
    return figures, breakdown


def misses(figures: Figures) -> list[str]:
    """The figures over their budget, by name."""
    values = asdict(figures)
    return [name for name, (_, limit) in BUDGETS.items() if values[name] > limit]


_LABELS = {
    "press_p50_ms": ("press p50", "ms"),
    "press_p99_ms": ("press p99", "ms"),
    "floor_ms": ("floor (one luma frame)", "ms"),
    "press_over_floor": ("press p99 / floor", "×"),
    "cold_start_s": ("cold start", "s"),
    "replay_ms": ("resume (open + replay)", "ms"),
    "peak_rss_mb": ("peak RSS (demo game)", "MiB"),
    "idle_cpu_pct": ("idle CPU", "% of a core"),
    "writes_per_press": ("display writes per press", ""),
}


def report(figures: Figures, out: TextIO) -> None:
    values = asdict(figures)
    for name, (label, unit) in _LABELS.items():
        budget = BUDGETS.get(name)
        limit = f"budget {budget[0]} {budget[1]:g}" if budget else ""
        verdict = ("miss" if name in misses(figures) else "ok") if budget else ""
        print(f"{label:<26} {values[name]:>9g} {unit:<12} {limit:<14} {verdict}", file=out)


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
            f"load average {load:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
            f"{os.cpu_count()} cores"
        )
    return 1 if misses(figures) else 0

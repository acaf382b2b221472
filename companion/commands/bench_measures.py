"""What `companion bench` measures, one function a figure: presses of scripted five-player games
on the reference build's mock stack (with the bytes each would put on the buses), the copy of a
late-game state, a resume, a cold start, a demo's peak RSS
and a running table's idle CPU. `bench` puts them beside their budgets.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.commands import bench_calibrate
from companion.commands.bench_bus import BusMeter, PressBytes

MIN_PRESSES = 2000
PLAYERS = 5
CALIBRATE_EVERY = 100  # presses between two samples of the calibration workload


@dataclass
class PressRun:
    """What the scripted games measured: one duration and one write count per press."""

    durations: list[float]
    writes: list[int]
    committing: list[float]  # of each duration, the time the store's append took (its fsyncs)
    cpu: list[float]  # CPU time of each press on the app's thread
    fsyncs: list[int]  # the fsyncs each press made (fsync_counter)
    bus: list[PressBytes]  # the bytes each press would put on the buses, and their limit
    store_path: Path  # the SQLite file of the last game played (whole, for the resume figure)
    # Seconds of CPU a pass of the calibration workload took, sampled between the presses so
    # that both share the run's conditions (bench_calibrate.py)
    calibration: list[float] = field(default_factory=list)
    # Seconds of CPU one fsync took here, sampled beside the calibration in the store's folder
    fsync_cpu: list[float] = field(default_factory=list)


# -- a press ---------------------------------------------------------------------------------------

# The fsyncs of a checkpoint with synchronous=FULL: the -wal before its frames are copied, the
# file after (SQLite's walCheckpoint).
CHECKPOINT_FSYNCS = 2


class FsyncCounter:
    """Counts the fsyncs a store makes: the journal's (``os.fsync``, counted as it is called),
    one for each SQLite transaction committed (synchronous=FULL syncs the -wal at each commit)
    and ``CHECKPOINT_FSYNCS`` for each checkpoint, seen as a write to the SQLite file itself
    (in WAL mode nothing else writes it)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.count = 0
        self._real = os.fsync
        self._file_written = self._stamp()

    def __enter__(self) -> FsyncCounter:
        def counting(fd: int) -> None:
            self.count += 1
            self._real(fd)

        os.fsync = counting
        return self

    def __exit__(self, *exc: object) -> None:
        os.fsync = self._real

    def commit(self) -> None:
        self.count += 1

    def take(self) -> int:
        """The fsyncs since the last call (a checkpoint run meanwhile included)."""
        stamp = self._stamp()
        if stamp != self._file_written:
            self.count += CHECKPOINT_FSYNCS
            self._file_written = stamp
        count, self.count = self.count, 0
        return count

    def _stamp(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return st.st_mtime_ns, st.st_size


def _frames_written(hw: Any) -> int:
    devices = [*hw.displays(), *([hw.matrix] if hw.matrix is not None else [])]
    return sum(d.writes for d in devices)


def play_timed_game(seed: int, folder: Path) -> PressRun:
    """One five-player game by bots pressing mock pins; each press timed from the pin edge to
    the last display written. Returns the per-press figures and the game's store."""
    from companion.app import heap
    from companion.app.config import load_app_config
    from companion.app.mode import Mode
    from companion.app.setup import TableDefaults
    from companion.app.table import TableApp
    from companion.session.resilient import open_resilient
    from companion.session.sqlite_store import SqliteStore
    from companion.testing import BotDriver, Presser, VirtualClock, make_bots
    from hw.backend import MockBackend
    from hw.guarded import GuardedDevice
    from hw.hardware import build_hardware

    hardware, table = load_app_config(None, "pi.toml")
    seats = tuple(hardware.players)[:PLAYERS]
    clock = VirtualClock()
    path = folder / f"game-{seed}.db"
    stores: list[SqliteStore] = []

    committing = [0.0]
    counter = FsyncCounter(path)

    class TimedStore(SqliteStore):
        """Times each append; counts each transaction it commits."""

        def start(self, header: Any) -> None:
            super().start(header)
            counter.commit()

        def append(self, entry: Any) -> None:
            start = time.perf_counter()
            try:
                super().append(entry)
                counter.commit()
            finally:
                committing[0] += time.perf_counter() - start

        def save_screen(self, state: dict[str, Any]) -> None:
            super().save_screen(state)
            counter.commit()

    def timed_store(at: Path) -> SqliteStore:
        stores.append(TimedStore(at))
        return stores[-1]

    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    meter = BusMeter(hardware)
    # (device key, image, CPU seconds into the press) of each frame given during a press
    frames: list[tuple[str, Any, float]] = []
    pressed = [0.0]  # the app thread's CPU clock when the press began
    show = GuardedDevice._show

    def recording_show(self: GuardedDevice, image: Any) -> bool:
        # kept, not copied: a renderer makes a new image
        frames.append((self.key, image, time.thread_time() - pressed[0]))
        return show(self, image)

    GuardedDevice._show = recording_show  # type: ignore[method-assign]
    fsyncs: list[int] = []
    bus: list[PressBytes] = []
    durations: list[float] = []
    writes: list[int] = []
    commits: list[float] = []
    cpu: list[float] = []
    calibration: list[float] = []
    fsync_cpu: list[float] = []
    try:
        counter.__enter__()
        kept = open_resilient(path, durable=timed_store)  # the net, as `companion run` has it
        app = TableApp(hw, TableDefaults(table.options, seats), seed=seed, store=kept)
        meter.press(frames)  # the start-up screens: on the panels before the first press
        counter.take()  # the store's opening: not a press's
        heap.settle()  # as `companion run` does before its loop
        presser = Presser(hw, clock)
        driver = BotDriver(app, presser, make_bots(seats, seed), hw.events)
        events = hw.events
        while (planned := driver.plan()) is not None:
            player, buttons = planned
            for button in buttons:
                before, committing[0] = _frames_written(hw), 0.0
                frames.clear()
                # The app thread's CPU: the mock's writer threads run luma's dummy, which the Pi
                # does not; the Pi's drivers are timed by the meter, frame by frame.
                start, pressed[0] = time.perf_counter(), time.thread_time()
                presser.press(player, button)
                while not events.empty():  # what the one loop does with each event
                    app.handle(events.get_nowait())
                took = time.perf_counter() - start
                cpu.append(time.thread_time() - pressed[0])
                writes.append(_frames_written(hw) - before)
                durations.append(took)
                commits.append(committing[0])
                fsyncs.append(counter.take())
                bus.append(meter.press(frames))  # after the timing: the Pi has no such step
                hw.maintain()  # the loop's upkeep (a panel's periodic re-init): not the press's
                if len(durations) % CALIBRATE_EVERY == 0:  # beside the presses, between two
                    calibration.append(bench_calibrate.sample())
                    fsync_cpu.append(bench_calibrate.fsync_sample(folder))
        if app.mode != Mode.FINAL:
            raise RuntimeError(f"the scripted game (seed {seed}) stopped before the end")
        if not kept.saving:  # the commits timed would not be every decision's
            raise RuntimeError(f"the scripted game (seed {seed}) was not saved: {kept.message}")
    finally:
        heap.unsettle()
        counter.__exit__()
        GuardedDevice._show = show  # type: ignore[method-assign]
        hw.close()
        for store in stores:
            store.close()
    return PressRun(durations, writes, commits, cpu, fsyncs, bus, path, calibration, fsync_cpu)


def measure_presses(folder: Path, minimum: int = MIN_PRESSES) -> PressRun:
    """Whole games, seed after seed, until at least `minimum` presses were timed; the
    calibration workload sampled before the first game and every CALIBRATE_EVERY presses."""
    first = [bench_calibrate.sample()], [bench_calibrate.fsync_sample(folder)]
    run = PressRun([], [], [], [], [], [], folder, *first)
    seed = 1
    while len(run.durations) < minimum:
        game = play_timed_game(seed, folder)
        run.calibration += game.calibration
        run.fsync_cpu += game.fsync_cpu
        run.durations += game.durations
        run.writes += game.writes
        run.committing += game.committing
        run.cpu += game.cpu
        run.fsyncs += game.fsyncs
        run.bus += game.bus
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


# -- a state copy ----------------------------------------------------------------------------------


def late_game_state(seed: int = 3) -> Any:
    """A five-player state in the last round, its events taken (as the session keeps it)."""
    import random

    from companion.elgrande.engine import apply_in_place, decision, legal_actions, new_game

    s = new_game(["red", "blue", "yellow", "green", "black"], seed=seed)
    rng = random.Random(seed)
    while s.round_index < len(s.rounds) - 1 and (d := decision(s)) is not None:
        apply_in_place(s, d.players[0], rng.choice(legal_actions(s, d.players[0])))
        s.take_events()
    return s


# Only clock readings around copies: the suite times nothing, so mutmut leaves it alone.
def measure_state_copy(repeat: int = 2000) -> float:  # pragma: no mutate block
    """Seconds for the copy `apply` makes of a late-game five-player state (the median of
    `repeat` batches of 10: one copy is too short for the clock)."""
    import copy

    s = late_game_state()
    times = []
    for _ in range(repeat // 10):
        start = time.perf_counter()
        for _ in range(10):
            copy.deepcopy(s)
        times.append((time.perf_counter() - start) / 10)
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

# The process's own peak, VmHWM: Linux's ru_maxrss also keeps the parent's resident set at the
# fork before exec, so it would report the bench's own size once that is the larger.
_DEMO_RSS = """
import io, re, resource
from companion.commands.demo import run_demo
run_demo(5, 1, pace=0.0, as_json=True, out=io.StringIO())
try:
    with open("/proc/self/status") as f:
        print(re.search(r"VmHWM:\\s+(\\d+) kB", f.read()).group(1))
except OSError:
    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""

_IDLE = """
import sys
from companion.commands.bench_measures import idle_cpu
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
    here = str(Path(__file__).resolve().parents[2])  # the folder holding companion/ and hw/
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)
    return env


# Only clock readings around child processes: the suite times nothing, so mutmut leaves it alone.
def measure_cold_start(repeat: int = 5) -> float:  # pragma: no mutate block
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


# Only the machine's CPU clock over a real wait: the suite times nothing, so mutmut leaves it alone.
def idle_cpu(window: float) -> float:  # pragma: no mutate block
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

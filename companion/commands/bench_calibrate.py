"""How much slower a Pi Zero 2 W runs this Python than the machine running the bench, measured in
the same run: a fixed pure-Python workload whose time on the Zero 2 W's cores is published,
timed here between the bench's games (performance.md, "The CPU factor").

The workload is the loop of Alex Dedyura's "Python CPU Benchmark" (github.com/alexdedyura/
cpu-benchmark, `cpu-benchmark.py`, unchanged from 2023 to 2025: three loops of float and integer
arithmetic). Its README's table gives 126.469 s for 10,000 passes on a Raspberry Pi 3B (added
2024-06-10): a BCM2837, four Cortex-A53 at 1.2 GHz, the same cores as the Zero 2 W's RP3A0 (a
BCM2710A1, four Cortex-A53 at 1 GHz). The loop lives in the A53's 32 KiB caches, so its time
follows the clock: 12.6469 ms a pass at 1.2 GHz is 15.18 ms at 1 GHz.
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from pathlib import Path

PUBLISHED_S = 126.469  # 10,000 passes on a Raspberry Pi 3B (Cortex-A53 at 1.2 GHz)
PUBLISHED_PASSES = 10_000
PUBLISHED_GHZ = 1.2
ZERO2_GHZ = 1.0  # the Zero 2 W's Cortex-A53 clock (arm_freq=1000)
ZERO2_PASS_MS = PUBLISHED_S / PUBLISHED_PASSES * 1000 * PUBLISHED_GHZ / ZERO2_GHZ  # 15.176 ms
PASSES = 5  # a sample: ≈ 5 ms on the x86 build machine, ≈ 75 ms on a Zero 2 W


def one_pass() -> None:
    """The published workload, as its author wrote it (results discarded)."""
    for x in range(1, 1000):
        3.141592 * 2**x
    for x in range(1, 10000):
        float(x) / 3.141592
    for x in range(1, 10000):
        float(3.141592) / x  # noqa: UP018 (the published code, its call included)


def sample(
    passes: int = PASSES,
    clock: Callable[[], float] = time.thread_time,
    work: Callable[[], None] = one_pass,
) -> float:
    """Seconds of this thread's CPU time for one pass, averaged over ``passes``."""
    start = clock()
    for _ in range(passes):
        work()
    return (clock() - start) / passes


FSYNC_BLOCK = 4096  # a SQLite page: what a decision's commit appends to the -wal
FSYNCS = 4  # fsyncs a sample


def fsync_sample(
    folder: Path,
    fsyncs: int = FSYNCS,
    clock: Callable[[], float] = time.thread_time,
    sync: Callable[[int], None] = os.fsync,  # the real one: the bench counts the store's own
) -> float:
    """Seconds of this thread's CPU for one fsync here, of a block just appended to a file in
    ``folder`` (the store's), averaged over ``fsyncs``. On this machine that is the kernel's
    work for the disk; the Zero 2 W model charges each fsync the SD card's time instead."""
    path = folder / "fsync-sample"
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        spent = 0.0
        for _ in range(fsyncs):
            os.write(fd, bytes(FSYNC_BLOCK))
            start = clock()
            sync(fd)
            spent += clock() - start
    finally:
        os.close(fd)
        path.unlink()
    return spent / fsyncs


def pass_ms(samples: Sequence[float]) -> float:
    """This machine's time for one pass, in ms: the median of the samples (seconds a pass), so a
    sample a busy neighbour stretched does not decide it."""
    if not samples:
        raise ValueError("no calibration sample: the CPU factor is measured, never assumed")
    return statistics.median(samples) * 1000


def cpu_factor(samples: Sequence[float]) -> float:
    """How many times longer the Zero 2 W takes for the CPU time of a press here.

    >>> round(cpu_factor([0.001, 0.0012, 0.0009]), 2)  # median 1 ms a pass here
    15.18
    """
    return ZERO2_PASS_MS / pass_ms(samples)

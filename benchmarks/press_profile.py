"""Where the CPU of the slowest modelled presses goes: `companion bench`'s games, each press
profiled (cProfile on the thread's CPU clock) from the pin edge to the first frame given to a pad
(the busiest bus's first frame in the slow presses), then the profiles of the presses the Zero 2 W
model puts in its top 2 % added up. Not a test; run it by hand.

.venv/bin/python benchmarks/press_profile.py [FACTOR] [ROWS]

FACTOR is the Zero 2 W CPU factor to rank the presses with (`companion bench` prints the one it
measured; default 14.5); ROWS how many functions to list (default 40), by cumulative time.
"""

from __future__ import annotations

import cProfile
import pstats
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion import testing
from companion.commands import bench_measures
from companion.commands.bench_bus import zero2_ms
from hw.guarded import GuardedDevice

MAIN_DISPLAY = "display"  # the main display's device key


def profile_presses(factor: float) -> tuple[list[cProfile.Profile], list[float]]:
    """A profile and a modelled Zero 2 W time per press, in the bench's order."""
    profiles: list[cProfile.Profile] = []
    current: dict[str, Any] = {}
    press, show, take = testing.Presser.press, GuardedDevice._show, bench_measures.FsyncCounter.take

    def profiled_press(self: testing.Presser, player: str, button: str) -> None:
        current.clear()
        current["profile"] = cProfile.Profile(time.thread_time)
        current["profile"].enable()
        press(self, player, button)

    def first_pad_stops(self: GuardedDevice, image: Any) -> bool:
        if "profile" in current and self.key != MAIN_DISPLAY and not current.get("stopped"):
            current["profile"].disable()
            current["stopped"] = True
        return show(self, image)

    def press_ends(self: bench_measures.FsyncCounter) -> int:
        if "profile" in current:  # the store's opening is no press
            current["profile"].disable()
            profiles.append(current.pop("profile"))
        return take(self)

    testing.Presser.press = profiled_press  # type: ignore[method-assign]
    GuardedDevice._show = first_pad_stops  # type: ignore[method-assign]
    bench_measures.FsyncCounter.take = press_ends  # type: ignore[method-assign]
    try:
        with tempfile.TemporaryDirectory() as tmp:
            run = bench_measures.measure_presses(Path(tmp))
    finally:
        testing.Presser.press, GuardedDevice._show = press, show  # type: ignore[method-assign]
        bench_measures.FsyncCounter.take = take  # type: ignore[method-assign]
    fsync_cpu = bench_measures.percentile(run.fsync_cpu, 50)
    modelled = [
        zero2_ms(c, f, b, factor, fsync_cpu)
        for c, f, b in zip(run.cpu, run.fsyncs, run.bus, strict=True)
    ]
    return profiles, modelled


def main(argv: list[str]) -> None:
    factor = float(argv[0]) if argv else 14.5
    rows = int(argv[1]) if len(argv) > 1 else 40
    profiles, modelled = profile_presses(factor)
    slowest = sorted(range(len(modelled)), key=modelled.__getitem__)[-len(modelled) // 50 :]
    print(f"{len(slowest)} presses of {len(modelled)}, modelled {modelled[slowest[0]]:.1f} ms up")
    stats = pstats.Stats(profiles[slowest[0]])
    for i in slowest[1:]:
        stats.add(profiles[i])
    stats.sort_stats("cumulative").print_stats(rows)


if __name__ == "__main__":
    main(sys.argv[1:])

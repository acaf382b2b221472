"""The app's throughput: whole demo games (bots pressing mock pins), timed. Not a test.

.venv/bin/python benchmarks/demo.py [SEEDS]
"""

from __future__ import annotations

import io
import json
import sys
import time

from companion.commands.demo import run_demo


def main(seeds: int = 2) -> None:
    for players in (2, 5):
        start = time.perf_counter()
        actions = 0
        for seed in range(1, seeds + 1):
            out = io.StringIO()
            run_demo(players, seed, pace=0.0, as_json=True, out=out)
            actions += len(json.loads(out.getvalue())["actions"])
        took = time.perf_counter() - start
        print(
            f"{players} players: {seeds} games in {took:.1f} s = {took / seeds:.1f} s a game "
            f"({actions / seeds:.0f} action cards taken a game)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2)

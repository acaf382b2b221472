"""Engine throughput: whole games by bots, timed. Not a test; run it by hand.

.venv/bin/python benchmarks/games.py [GAMES]
"""

from __future__ import annotations

import sys
import time

from companion.elgrande.bots import GreedyBot, RandomBot, play_game

PLAYERS = ("red", "blue", "yellow", "green", "black")


def main(games: int = 500) -> None:
    for name, bot in (("random", RandomBot), ("greedy", GreedyBot)):
        decisions = 0

        def count(*_: object) -> None:
            nonlocal decisions
            decisions += 1

        start = time.perf_counter()
        for seed in range(games):
            play_game(PLAYERS[: 2 + seed % 4], seed, default=bot, on_step=count)
        took = time.perf_counter() - start
        print(
            f"{name:>6} bots: {games} games in {took:.2f} s = {games / took:.0f} games/s, "
            f"{decisions / took:.0f} decisions/s ({decisions / games:.0f} decisions a game)"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 500)

"""The durable store's costs on this machine's disk: append (one fsync'd transaction), opening
a stored game (integrity check + checksums), and replaying it through the engine. Not a test;
run it by hand:

.venv/bin/python benchmarks/store.py [DIRECTORY]   (default: a temporary directory)
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

from companion.elgrande.bots import RandomBot, play_game
from companion.session.replay import replay
from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, LogEntry


def main(directory: str | None = None) -> None:
    folder = Path(directory or tempfile.mkdtemp(prefix="store-bench-")).resolve()
    path = folder / "bench.db"
    path.unlink(missing_ok=True)
    header = GameHeader(3, ("red", "blue", "yellow", "green", "black"), {})
    moves: list[LogEntry] = []
    play_game(
        header.players,
        header.seed,
        default=RandomBot,
        on_step=lambda s, p, a: moves.append(LogEntry(len(moves) + 1, p, a.to_json())),
    )
    store = SqliteStore(path)
    store.start(header)
    start = time.perf_counter()
    for entry in moves:
        store.append(entry)
    took = time.perf_counter() - start
    store.close()
    print(f"append: {len(moves)} entries in {took:.2f} s = {took / len(moves) * 1000:.1f} ms each")

    start = time.perf_counter()
    store = SqliteStore(path)
    loaded = store.load()[1]
    opened = time.perf_counter() - start
    start = time.perf_counter()
    good = replay(header, loaded).replayed
    replayed = time.perf_counter() - start
    store.close()
    size = path.stat().st_size
    print(f"open + check {len(loaded)} entries: {opened * 1000:.0f} ms; file {size // 1024} KiB")
    print(f"replay {good} entries through the engine: {replayed * 1000:.0f} ms")


if __name__ == "__main__":
    main(*sys.argv[1:2])

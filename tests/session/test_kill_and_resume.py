"""Kill the process at any moment: the game comes back where it was and ends as if never stopped.

A bot game (choices from the seed and the log position alone) runs in a child process on a
SqliteStore and is SIGKILLed at 50 random moments; each restart resumes from the store. The end
is compared with an uninterrupted run: same state, same scorings. (The demo's own SIGKILL loop,
through `companion demo --store`, comes with the app.)
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from session_testing import play_on, same_state

from companion.session.sqlite_store import SqliteStore
from companion.session.store import GameHeader, MemoryStore

HEADER = GameHeader(seed=41, players=("red", "blue", "yellow", "green"), options={})
KILLS = 50


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
def test_a_game_killed_at_fifty_random_moments_ends_as_an_uninterrupted_one(tmp_path: Path):
    path = tmp_path / "game.db"
    child = textwrap.dedent(f"""
        from session_testing import play_on
        from companion.session.sqlite_store import SqliteStore
        from companion.session.store import GameHeader
        header = GameHeader({HEADER.seed}, {HEADER.players!r}, {{}})
        play_on(SqliteStore({str(path)!r}), header, report=True)
    """)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    rng = random.Random(7)
    kills = finished = 0
    while not finished:
        proc = subprocess.Popen([sys.executable, "-c", child], stdout=subprocess.PIPE, env=env)
        if kills < KILLS:
            for _ in range(rng.randint(0, 5)):  # let it store a few decisions, then kill it
                if not proc.stdout.readline():
                    break
            proc.send_signal(signal.SIGKILL)
        proc.stdout.read()
        code = proc.wait()
        if code == -signal.SIGKILL:
            kills += 1
        else:
            assert code == 0
            assert kills >= KILLS, f"the game ended after only {kills} kills: pick a longer one"
            finished = True

    uninterrupted = play_on(MemoryStore(), HEADER)
    store = SqliteStore(path)
    assert store.damage is None
    resumed = play_on(store, HEADER)  # nothing left to play: the replayed end
    assert resumed.is_over and same_state(resumed, uninterrupted)
    scorings = [e for e in resumed.events if "scor" in e.kind]
    assert scorings and scorings == [e for e in uninterrupted.events if "scor" in e.kind]

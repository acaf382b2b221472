"""Kill the demo at 50 random moments (SIGKILL: no clean-up at all) and restart it each time on
the same store: the game ends with exactly the scorings, scores and actions of a run that was
never stopped. The moments come from a seeded RNG: at start-up (before or while it resumes), or
a random number of stored decisions into the run plus a few random milliseconds, which lands
between and inside the transactions."""

from __future__ import annotations

import json
import random
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest
from test_demo_cli import _companion
from test_run_cli import _command

GAME = ("demo", "--players", "2", "--seed", "3", "--json", "--pace", "0")
KILLS = 50


def _stored(path: Path) -> int:
    """How many entries the store holds now (read beside the writer: WAL allows it)."""
    if not path.exists():
        return 0
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
        try:
            return conn.execute("SELECT count(*) FROM entry").fetchone()[0]
        finally:
            conn.close()
    except sqlite3.Error:
        return 0  # being built or repaired: not yet


def _kill_at_a_random_moment(path: Path, rng: random.Random) -> str | None:
    """Start the demo on the store and SIGKILL it; if it finished first, its output."""
    command, env = _command()
    start = _stored(path)
    more = rng.randint(0, 2)
    proc = subprocess.Popen(
        [*command, *GAME, "--store", str(path)],
        env=env,
        cwd=path.parent,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        if more == 0:
            time.sleep(rng.uniform(0, 1.5))  # start-up, resume, or the first decisions
        else:
            deadline = time.monotonic() + 120
            while _stored(path) < start + more and proc.poll() is None:
                assert time.monotonic() < deadline, "the demo made no progress"
                time.sleep(0.002)
            time.sleep(rng.uniform(0, 0.01))
        if proc.poll() is None:
            proc.kill()
            proc.wait()
            return None
        out, _ = proc.communicate()
        assert proc.returncode == 0
        return out
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.slow  # a sweep: .ci/run runs the slow set beside the README's command
def test_a_demo_killed_at_50_random_moments_ends_with_the_scorings_of_an_uninterrupted_run(
    tmp_path,
):
    """On a busy machine a run may get to the end between two kills: that game is checked and
    the next kills go to a new game in a new file, until 50 kills have landed."""
    whole = _companion(*GAME, cwd=tmp_path)
    assert whole.returncode == 0, whole.stderr
    expected = json.loads(whole.stdout)
    rng = random.Random(20261130)
    games, kills = 0, 0
    path = tmp_path / "game-0.db"
    while kills < KILLS:
        finished = _kill_at_a_random_moment(path, rng)
        if finished is None:
            kills += 1
            continue
        assert json.loads(finished) == expected, f"game {games} differs"
        games += 1
        path = tmp_path / f"game-{games}.db"
    resumed = _companion(*GAME, "--store", str(path), cwd=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads(resumed.stdout) == expected
    assert games < kills  # most games were killed many times over

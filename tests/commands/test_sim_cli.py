"""`companion sim --store PATH` as a user runs it, in a terminal: the game is kept and resumed."""

from __future__ import annotations

import os
import pty
import subprocess
import threading
import time
from pathlib import Path

from test_run_cli import _command

from companion.session.sqlite_store import SqliteStore

ESC = b"\x1b"


class Sim:
    """The installed `companion sim` on a pseudo-terminal; keys are written to it."""

    def __init__(self, store: Path, cwd: Path) -> None:
        command, env = _command()
        env.update(TERM="xterm", LINES="60", COLUMNS="200", ESCDELAY="25")
        master, slave = pty.openpty()
        self.master = master
        self.proc = subprocess.Popen(
            [*command, "sim", "--store", str(store)],
            cwd=cwd,
            env=env,
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
        )
        os.close(slave)
        self.screen = bytearray()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                data = os.read(self.master, 65536)
            except OSError:
                return
            if not data:
                return
            self.screen += data

    def keys(self, data: bytes) -> None:
        os.write(self.master, data)

    def quit(self) -> int:
        self.keys(ESC)
        try:
            return self.proc.wait(timeout=60)
        finally:
            self.proc.kill()
            self.proc.wait()
            os.close(self.master)


def stored(path: Path, until, what: str, limit_s: float = 60.0):
    """The store's (header, entries) once `until` holds of them; fails after `limit_s`."""
    deadline = time.monotonic() + limit_s
    while True:
        if path.exists():
            store, _ = SqliteStore.read_only(path)
            found = store.load()
            if until(*found):
                return found
        assert time.monotonic() < deadline, f"the sim never stored {what}"
        time.sleep(0.1)


def test_sim_keeps_its_game_in_the_store_and_resumes_it(tmp_path):
    path = tmp_path / "sim.db"
    sim = Sim(path, tmp_path)
    try:
        stored(path, lambda h, e: True, "anything")  # the sim is up
        sim.keys(b"3")  # red's ●: the game starts with the table's defaults
        header, _ = stored(path, lambda h, e: h is not None, "a game")
    finally:
        assert sim.quit() == 0, bytes(sim.screen[-2000:]).decode(errors="replace")
    again = Sim(path, tmp_path)
    try:
        stored(path, lambda h, e: True, "anything")
        again.keys(b"33")  # ● on the "Game resumed" page goes on; red's first choice
        same, entries = stored(path, lambda h, e: len(e) >= 1, "the resumed game's first choice")
    finally:
        assert again.quit() == 0
    assert same == header  # the same game went on: setup's ● would have started a new one
    assert entries[0].player == "red"

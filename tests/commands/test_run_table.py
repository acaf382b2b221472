"""`companion run` in-process: the journal's "ready" line, where the game is kept, READY and
STOPPING to systemd, a clean exit on the stop signal (given at once: the loop finishes it)."""

from __future__ import annotations

import errno
import logging
import re
import shutil
import socket
import tempfile
import threading
from pathlib import Path

import pytest
from PIL import Image
from table_testing import Table

from companion.app.config import load_app_config
from companion.app.loop import run_loop
from companion.commands import run
from companion.session.resilient import open_resilient
from companion.session.sqlite_store import SqliteStore
from companion.session.store import NotAStore

ROOT = Path(__file__).resolve().parents[2]
SIM = str(ROOT / "config" / "sim.toml")
STAMP = r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}"


@pytest.fixture
def notify(monkeypatch):
    """A NOTIFY_SOCKET as systemd gives one: what the run sends to it."""
    sockdir = Path(tempfile.mkdtemp(prefix="notify-", dir="/tmp"))  # AF_UNIX paths are short
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(sockdir / "notify"))
    listener.settimeout(0)
    monkeypatch.setenv("NOTIFY_SOCKET", str(sockdir / "notify"))

    def sent() -> list[bytes]:
        out = []
        while True:
            try:
                out.append(listener.recv(4096))
            except BlockingIOError:
                return out

    yield sent
    listener.close()
    shutil.rmtree(sockdir)


def _run(monkeypatch, config: str | None, store: Path | None) -> int:
    """`run_table` with SIGTERM arriving as soon as the table is ready."""
    monkeypatch.setattr(run, "stop_on_signals", lambda stop: stop())
    root = logging.getLogger()  # as a fresh process has it: run_table's basicConfig sets it up
    monkeypatch.setattr(root, "handlers", [])
    level = root.level
    root.setLevel(logging.WARNING)
    result: list[object] = []

    def main() -> None:
        try:
            result.append(run.run_table(config, store))
        except BaseException as e:  # noqa: BLE001 - the test reports it
            result.append(e)

    worker = threading.Thread(target=main, daemon=True)
    worker.start()
    worker.join(10)
    root.setLevel(level)
    assert not worker.is_alive(), "run_table did not stop on the stop signal"
    (outcome,) = result
    if isinstance(outcome, BaseException):
        raise outcome
    assert isinstance(outcome, int)
    return outcome


def test_run_keeps_the_game_where_told_and_says_so_in_the_journal(
    monkeypatch, tmp_path, capsys, notify
):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    store = tmp_path / "new" / "here" / "my.db"  # neither folder is there yet
    assert _run(monkeypatch, SIM, store) == 0
    assert store.exists()
    assert store.parent.stat().st_mode & 0o777 == 0o700  # the game's folder is private
    assert not (tmp_path / "state").exists()
    summary = load_app_config(SIM, "pi.toml")[0].summary()
    ready = f"{STAMP} companion.commands.run: ready: {re.escape(summary)}; the game is kept in "
    assert re.search(f"^{ready}{re.escape(str(store))}$", capsys.readouterr().err, re.M)
    sent = notify()
    assert sent[0].split(b"\n")[0] == b"READY=1"
    assert sent[-1] == b"STOPPING=1"


def test_run_freezes_what_start_up_left_alive_before_its_loop_and_thaws_it_after(
    monkeypatch, tmp_path, notify
):
    import gc

    frozen: list[int] = []

    def loop(app, events, notifier):
        frozen.append(gc.get_freeze_count())  # a full collection would skip these
        run_loop(app, events, notifier)

    monkeypatch.setattr(run, "run_loop", loop)
    assert _run(monkeypatch, SIM, tmp_path / "game.db") == 0
    assert frozen[0] > 0 and gc.get_freeze_count() == 0


def test_run_keeps_the_game_in_the_state_directory_by_default(monkeypatch, tmp_path, notify):
    monkeypatch.setenv("STATE_DIRECTORY", str(tmp_path / "state"))
    assert _run(monkeypatch, SIM, None) == 0
    assert (tmp_path / "state" / "game.db").exists()


def test_run_without_a_config_starts_on_the_shipped_pi_toml(monkeypatch, tmp_path, capsys, notify):
    monkeypatch.setenv("COMPANION_BACKEND", "mock")  # its devices on mock pins
    assert _run(monkeypatch, None, tmp_path / "game.db") == 0
    summary = load_app_config(ROOT / "companion" / "configs" / "pi.toml", "sim.toml")[0].summary()
    assert f"companion.commands.run: ready: {summary}; " in capsys.readouterr().err


def test_a_store_that_cannot_be_written_is_named_in_the_ready_line(
    monkeypatch, tmp_path, capsys, notify
):
    def full(path: Path) -> SqliteStore:
        raise OSError(errno.ENOSPC, "No space left on device", str(path))

    monkeypatch.setattr(run, "open_resilient", lambda path: open_resilient(path, durable=full))
    assert _run(monkeypatch, SIM, tmp_path / "game.db") == 0
    err = capsys.readouterr().err
    (message,) = re.findall(r"^companion: (.*)$", err, re.M)
    assert re.search(
        f"^{STAMP} companion.commands.run: ready: .*; {re.escape(message)}$", err, re.M
    )


def test_run_resumes_the_stored_game_and_keeps_its_chart_in_a_games_folder_beside_it(
    monkeypatch, tmp_path, capsys, notify
):
    path = tmp_path / "state" / "game.db"
    path.parent.mkdir()
    table = Table("sim.toml", seed=9, store=open_resilient(path))
    try:
        table.press("red", "select")  # a game starts with the defaults
    finally:
        table.app.store.close()
        table.close()
    seen = []

    def loop(app, *args):
        run_loop(app, *args)
        seen.append(app.mode)
        app.finish()  # as at the game's end: the score chart is saved

    monkeypatch.setattr(run, "run_loop", loop)
    assert _run(monkeypatch, SIM, path) == 0
    assert seen == ["resumed"]
    assert "cannot make" not in capsys.readouterr().err  # its folder was there: nothing to say
    with Image.open(tmp_path / "state" / "games" / "scores.png") as chart:
        assert chart.size == (480, 240)


def test_a_folder_that_cannot_be_made_for_the_store_is_said_in_the_journal(tmp_path, caplog):
    (tmp_path / "file").write_text("not a folder")
    with pytest.raises(NotAStore):  # the command then refuses it in one line
        run.open_store(tmp_path / "file" / "game.db")
    assert caplog.messages == [f"cannot make {tmp_path / 'file'}: File exists"]

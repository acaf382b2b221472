"""`companion run`: starts on a config, stops cleanly on SIGTERM; a bad config starts nothing."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

from test_demo_cli import _companion

import companion

ROOT = Path(__file__).resolve().parents[2]
# The tree this test imports (the checkout, or a mutant of it run by hand): what its
# programs must run too.
IMPORTED = Path(companion.__file__).resolve().parents[1]


def _command() -> tuple[list[str], dict[str, str]]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONSAFEPATH")}
    if os.environ.get("COMPANION_TEST_SOURCE") == "1":
        env["PYTHONPATH"] = str(IMPORTED)
        return [sys.executable, "-m", "companion.cli"], env
    return [str(Path(sys.executable).with_name("companion"))], env


def test_run_on_the_mock_config_stops_cleanly_on_sigterm(tmp_path):
    """Under systemd: READY once the loop runs, the game stored in STATE_DIRECTORY, STOPPING
    and a clean exit on SIGTERM."""
    command, env = _command()
    config = ROOT / "config" / "sim.toml"
    sockdir = Path(tempfile.mkdtemp(prefix="notify-", dir="/tmp"))  # AF_UNIX paths are short
    listener = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    listener.bind(str(sockdir / "notify"))
    listener.settimeout(60)
    env.update(NOTIFY_SOCKET=str(sockdir / "notify"), STATE_DIRECTORY=str(tmp_path / "state"))
    proc = subprocess.Popen(
        [*command, "run", "--config", str(config)],
        cwd=tmp_path,
        env=env,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert listener.recv(4096).split(b"\n")[0] == b"READY=1"
        proc.send_signal(signal.SIGTERM)
        proc.send_signal(signal.SIGINT)  # a Ctrl-C on top changes nothing
        assert listener.recv(4096) == b"STOPPING=1"
        assert proc.wait(timeout=30) == 0
        assert (tmp_path / "state" / "game.db").exists()
        assert "game.db" in proc.stderr.read()
    finally:
        proc.kill()
        proc.wait()
        listener.close()
        shutil.rmtree(sockdir)


def test_run_refuses_a_broken_config_naming_the_key(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('backend = "cloud"\n', encoding="utf-8")
    r = _companion("run", "--config", str(bad), cwd=tmp_path)
    assert r.returncode == 2
    assert 'backend: "cloud" is not accepted' in r.stderr


_SIGNALS_SCRIPT = """
import os, signal, threading
from companion.commands.stop_signals import hold_stop_signals, stop_on_signals
waiter = hold_stop_signals()
import companion.commands.run  # the table's modules start threads (luma's thread pool)
calls = []
stopped = threading.Event()
def stop():
    calls.append(threading.current_thread().name)
    stopped.set()
stop_on_signals(stop)
for sig in (signal.SIGINT, signal.SIGINT, signal.SIGTERM):
    os.kill(os.getpid(), sig)
assert stopped.wait(10)
waiter.join(10)
print(calls)
"""


def test_stop_signals_are_acted_on_once_by_their_own_thread_never_inside_a_handler(tmp_path):
    """Not in the main thread, nor in the threads the table's modules start. A handler runs
    inside whatever the main thread was doing (even inside the event queue's lock, or inside
    the handler of the first of two quick Ctrl-C): the stop is a thread's."""
    r = subprocess.run(  # from outside the tree: `-c` puts the working directory on the path
        [sys.executable, "-c", _SIGNALS_SCRIPT],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
        env=_command()[1],  # the checkout on the path only when testing it
    )
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "['stop-signals']"


def test_a_stop_signal_while_starting_ends_the_process_as_the_signal_would(tmp_path):
    """Before the table is ready there is nothing to finish: Ctrl-C ends it (status 130)."""
    script = (
        "import os, signal, time\n"
        "from companion.commands.stop_signals import hold_stop_signals\n"
        "hold_stop_signals()\n"
        "os.kill(os.getpid(), signal.SIGINT)\n"
        "time.sleep(30)\n"
    )
    command = [sys.executable, "-c", script]
    env = _command()[1]  # the checkout on the path only when testing it
    r = subprocess.run(command, capture_output=True, text=True, timeout=60, cwd=tmp_path, env=env)
    assert r.returncode == 128 + signal.SIGINT
    assert r.stderr == "companion run: stopped while starting\n"


def test_a_run_that_cannot_start_exits_at_once_not_held_by_the_stop_signals_thread(tmp_path):
    """The thread waiting for SIGTERM never keeps the process alive once the command is done."""
    bad = tmp_path / "bad.toml"
    bad.write_text('backend = "cloud"\n', encoding="utf-8")
    command, env = _command()
    r = subprocess.run(
        [*command, "run", "--config", str(bad)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=20,
    )
    assert r.returncode == 2, r.stderr

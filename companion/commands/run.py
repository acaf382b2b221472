"""`companion run --config PATH [--store PATH]`: the app on the table's own hardware.

The same TableApp and loop as sim and demo; a device that fails is shown on the main display
and retried while the game goes on (hw marks it degraded and reports it on the queue). The game
is kept in an SQLite file — by default `$STATE_DIRECTORY/game.db` (systemd's StateDirectory=) —
and resumed from it at start. Under systemd: READY once the loop runs, WATCHDOG pings from the
loop, STOPPING on the way out. SIGTERM (or Ctrl-C) finishes the event in hand, closes the store,
clears the displays and leaves "bye" on the matrix (companion/commands/stop_signals.py: the
command line holds both signals before this module is imported).
"""

from __future__ import annotations

import logging
import sys
from pathlib import Path

from PIL import Image

from companion.app import heap
from companion.app.config import load_app_config
from companion.app.loop import STOP, run_loop
from companion.app.systemd_notify import Notifier
from companion.app.table import TableApp
from companion.commands.stop_signals import stop_on_signals
from companion.commands.web_start import start_web, web_wanted
from companion.session.resilient import ResilientStore, open_resilient
from companion.session.sqlite_disk import given_path
from companion.session.sqlite_store import default_path
from companion.session.store import Store
from hw.hardware import Hardware, build_hardware

log = logging.getLogger(__name__)


def open_store(path: Path) -> ResilientStore:
    """The game's store at `path` (absolute). A directory that cannot be made or written is
    no reason to stop: the game then runs in memory and the main display says NOT SAVED."""
    try:
        path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as e:
        log.warning("cannot make %s: %s", path.parent, e.strerror)
    store = open_resilient(path)
    if store.message:  # on the terminal and in the journal too, not only on the main display
        print(f"companion: {store.message}", file=sys.stderr)
    return store


def shut_down(hw: Hardware, store: Store) -> None:
    """Store closed first (every decision is in it already), then blank displays, "bye" on the
    matrix (kept lit after the process ends), and every pin and bus released."""
    store.close()
    for display in hw.displays():
        display.show(Image.new(display.mode, display.size, 0))
    if hw.matrix is not None:
        hw.matrix.farewell("bye")
    hw.close()


def run_table(config: str, store_path: Path | None = None, *, web: bool = False) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    hardware, table = load_app_config(config, "pi.toml")
    path = store_path or given_path(str(default_path()))  # a link followed, as --store's is
    hw = build_hardware(hardware)
    notifier = Notifier()
    store = open_store(path)
    server = None
    try:
        app = TableApp(hw, table, store=store, out_dir=path.parent / "games")
        if web_wanted(web, hardware):  # after the first frame: the pads never wait for it
            server = start_web(app, hardware, path)
        stop_on_signals(lambda: hw.events.put(STOP))  # the loop finishes the event in hand
        kept = f"the game is kept in {path}" if store.saving else str(store.message)
        log.info("ready: %s; %s", hardware.summary(), kept)
        heap.settle()
        run_loop(app, hw.events, notifier)
        return 0
    finally:
        heap.unsettle()
        if server is not None:
            server.stop()
        notifier.stopping()
        shut_down(hw, store)
        notifier.close()

"""`companion run --config PATH`: the app on the table's own hardware, until Ctrl-C.

The same TableApp and loop as sim and demo; a device that fails is shown on the main display
and retried while the game goes on (hw marks it degraded and reports it on the queue).
"""

from __future__ import annotations

import logging
import signal
import threading
from pathlib import Path

from companion.app.config import load_app_config
from companion.app.loop import STOP, run_loop
from companion.app.table import TableApp
from hw.hardware import build_hardware

log = logging.getLogger(__name__)


def run_table(config: str) -> int:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    hardware, table = load_app_config(config, "pi.toml")
    hw = build_hardware(hardware)
    try:
        app = TableApp(hw, table, out_dir=Path(config).resolve().parent / "games")
        stopping = threading.Event()

        def stop(*_: object) -> None:
            if not stopping.is_set():
                stopping.set()
                hw.events.put(STOP)

        signal.signal(signal.SIGTERM, stop)  # systemd stops the service this way
        signal.signal(signal.SIGINT, stop)  # Ctrl-C: finish the event in hand, then stop
        log.info("ready: %s", hardware.summary())
        run_loop(app, hw.events)
        return 0
    finally:
        hw.close()

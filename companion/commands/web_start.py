"""`--web` for `run` and `sim`: the web server beside the table, started after its first frame.

The server's library is imported here, only when the web is on (`companion run` without
`--web` never imports it). Pairings are kept beside the game's store, as token hashes only.
"""

from __future__ import annotations

from pathlib import Path

from companion.app.table import TableApp
from hw.config import HardwareConfig


def web_wanted(flag: bool, hardware: HardwareConfig) -> bool:
    return flag or hardware.web.enabled


def start_web(app: TableApp, hardware: HardwareConfig, store_path: Path | None):  # noqa: ANN201
    """The running server, attached to `app`; RuntimeError (one line) if it cannot listen."""
    from companion.web.server import WebServer

    web = hardware.web
    pairings = store_path.with_name("phones.json") if store_path is not None else None
    server = WebServer(
        app.hw.events,
        bind=web.bind,
        port=web.port,
        pairings_path=pairings,
        phone_only=frozenset(web.phone_only),
    )
    try:
        server.start()
    except OSError as e:
        reason = e.strerror or str(e)
        raise RuntimeError(
            f"web: cannot listen on {web.bind}:{web.port} ({reason}); "
            "set another [web] port in the config, or stop what uses it"
        ) from None
    app.attach(server)
    return server

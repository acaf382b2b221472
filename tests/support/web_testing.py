"""A table on mock hardware with its web server on 127.0.0.1, its loop on a thread of its own
(as `companion sim --web` runs it), and small HTTP helpers that talk to it as a phone would."""

from __future__ import annotations

import dataclasses
import http.client
import json
import threading
from pathlib import Path
from typing import Any

from companion.app.config import load_app_config
from companion.app.loop import STOP, run_loop
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.elgrande.options import TableOptions
from companion.web.server import WebServer
from hw.backend import MockBackend
from hw.config import HardwareConfig, WebConfig
from hw.events import Btn, Kind, PadEvent
from hw.hardware import build_hardware


class WebTable:
    def __init__(
        self,
        seats: tuple[str, ...] = ("red", "blue", "yellow"),
        seed: int = 1,
        pairings: Path | None = None,
        phone_only: frozenset[str] = frozenset(),
        game: str | None = None,  # another game than El Grande, with its default options
        language: str = "en",
        hardware: HardwareConfig | None = None,  # else sim.toml, with `phone_only`
        **options: Any,
    ) -> None:
        if hardware is None:
            hardware = load_app_config(None, "sim.toml")[0]
            hardware = dataclasses.replace(hardware, web=WebConfig(phone_only=tuple(phone_only)))
        phone_only = frozenset(hardware.web.phone_only)
        self.hw = build_hardware(hardware, backend=MockBackend(), start=False)
        if game is None:
            defaults = TableDefaults(TableOptions(**options), seats, language=language)
        else:
            defaults = TableDefaults(None, seats, game, language=language)
        self.app = TableApp(self.hw, defaults, seed=seed)
        self.web = WebServer(
            self.hw.events, bind="127.0.0.1", port=0, pairings_path=pairings, phone_only=phone_only
        )
        self.web.start()
        self.app.attach(self.web)
        self.loop = threading.Thread(target=run_loop, args=(self.app, self.hw.events))
        self.loop.start()
        self.port = self.web.port
        self.origin = f"http://127.0.0.1:{self.port}"

    def start_game(self) -> None:
        """● on the setup screen: the game starts with the table's defaults."""
        self.hw.events.put(PadEvent(next(iter(self.hw.pads)), Btn.SELECT, Kind.PRESS, at=0.0))
        self.hw.events.join()

    def pair(self, seat: str) -> str:
        """A phone claims `seat`: its cookie's token."""
        offer = self.web.offer(seat)
        status, headers, body = self.request("POST", "/claim", {"code": offer.code})
        assert status == 200, body
        cookie = headers["Set-Cookie"]
        return cookie.split(";", 1)[0].split("=", 1)[1]

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        token: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> tuple[int, dict[str, str], bytes]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        sent = {"Host": f"127.0.0.1:{self.port}"}
        if method == "POST":
            sent |= {"Origin": self.origin, "X-Companion": "1", "Content-Type": "application/json"}
        if token:
            sent["Cookie"] = f"seat={token}"
        sent |= headers or {}
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers=sent)
        r = conn.getresponse()
        out = r.status, dict(r.getheaders()), r.read()
        conn.close()
        return out

    def close(self) -> None:
        self.hw.events.put(STOP)
        self.loop.join(10)
        self.web.stop()
        self.hw.close()


def first_event(table: WebTable, path: str, token: str | None = None) -> bytes:
    """The first message a stream sends (a full snapshot), as its raw bytes."""
    conn = http.client.HTTPConnection("127.0.0.1", table.port, timeout=10)
    headers = {"Host": f"127.0.0.1:{table.port}"}
    if token:
        headers["Cookie"] = f"seat={token}"
    conn.request("GET", path, headers=headers)
    r = conn.getresponse()
    assert r.status == 200, r.status
    seen = b""
    while b"\ndata: " not in seen or not seen.endswith(b"\n\n"):
        seen += r.fp.readline()
    conn.close()
    return seen.split(b"\ndata: ", 1)[1].rstrip(b"\n")

"""Bytes on the bus per frame, luma's whole-frame drivers against hw.partial's. Not a test.

A five-player bot game is played once on mock hardware; every frame each display and the LED
matrix is given is kept, then sent in order through both drivers on a counting serial interface.
Reported per kind of moment: a pad cursor move (◀ / ▶: that player's pad), a turn handover (a
press after which someone else decides) and the matrix over the whole game.

.venv/bin/python benchmarks/bus_bytes.py [SEED] [CONFIG]      (CONFIG: pi.toml, or sim.toml for
                                                              the 256×64 SSD1322 on SPI)

I²C bytes are what crosses the wire per message: the address byte, the control byte, then the
payload (start/stop and ack bits left out); the mux select (2 bytes per switch) is not counted.
At 400 kHz one byte is 9 clocks: 22.5 µs. SPI bytes are the payload (D/C is a GPIO line); at
8 MHz one byte is 1 µs. luma's own SSD1322 already sends only its changed quarter-frame boxes
(its default ``diff_to_previous`` frame buffer): that is what it is compared with.
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from typing import Any

import luma.led_matrix.device
import luma.oled.device
from PIL import Image

from companion.app.config import load_app_config
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.elgrande.engine import decision
from companion.testing import BotDriver, Presser, VirtualClock, make_bots
from hw import partial, partial_matrix
from hw.backend import MockBackend
from hw.guarded import GuardedDevice
from hw.hardware import build_hardware

MATRIX_KEY = "matrix"  # hw.matrix.Matrix's key
BYTE_US = {"i2c": 9 / 400_000 * 1e6, "spi": 8 / 8_000_000 * 1e6}


class CountingSerial:
    """luma's serial interface shape; counts the bytes each write puts on the wire."""

    def __init__(self, interface: str) -> None:
        self.framing = 2 if interface == "i2c" else 0  # I²C: address and control byte
        self.bytes = 0

    def command(self, *cmd: int) -> None:
        self.bytes += self.framing + len(cmd)

    def data(self, data: Any) -> None:
        self.bytes += self.framing + len(data)  # (≤ 4096 bytes: one message)


def play_and_record(seed: int, config: str) -> list[tuple[str, str, Image.Image]]:
    """(moment, device key, frame) for every frame a display or the matrix was given."""
    hardware, table = load_app_config(None, config)
    seats = tuple(hardware.players)
    clock = VirtualClock()
    hw = build_hardware(hardware, backend=MockBackend(), clock=clock, start=False)
    frames: list[tuple[str, str, Image.Image]] = []
    moment = ["start"]
    original_send = GuardedDevice._send

    def recording_send(self: GuardedDevice, image: Image.Image) -> None:
        frames.append((moment[0], self.key, image.copy()))
        original_send(self, image)

    GuardedDevice._send = recording_send  # type: ignore[method-assign]
    try:
        app = TableApp(hw, TableDefaults(table.options, seats), seed=seed)
        driver = BotDriver(app, Presser(hw, clock), make_bots(seats, seed), hw.events, sync=True)
        press = driver.press

        def classified_press(player: str, button: str) -> None:
            s = app.session
            before = decision(s.state) if s is not None else None
            moment[0] = "pending"
            start = len(frames)
            press(player, button)
            s = app.session
            after = decision(s.state) if s is not None else None
            who = (before.players if before else None), (after.players if after else None)
            kind = (
                f"cursor:{player}"
                if button in ("left", "right")
                else "handover"
                if who[0] != who[1]
                else "other"
            )
            for i in range(start, len(frames)):
                frames[i] = (kind, *frames[i][1:])

        driver.press = classified_press  # type: ignore[method-assign]
        while driver.step():
            pass
    finally:
        GuardedDevice._send = original_send  # type: ignore[method-assign]
        hw.close()
    return frames


def drivers_for(key: str, hardware: Any) -> tuple[str, Any, Any]:
    """(interface, luma's driver, the partial one — luma's too for a model hw.partial does not
    cover) for one device, each on a counting bus."""
    if key == MATRIX_KEY:
        m = hardware.matrix
        opts = {"cascaded": m.cascaded, "block_orientation": m.block_orientation}
        whole = luma.led_matrix.device.max7219(CountingSerial("spi"), rotate=m.rotate, **opts)
        return "spi", whole, partial_matrix.max7219(CountingSerial("spi"), rotate=m.rotate, **opts)
    cfg = next(
        c
        for c in (hardware.display, *(p.display for p in hardware.players.values()))
        if c is not None and c.key == key
    )
    opts = {"width": cfg.width, "height": cfg.height, "rotate": cfg.rotate}
    lumas = getattr(luma.oled.device, cfg.model)
    whole = lumas(CountingSerial(cfg.interface), **opts)
    part = (partial.partial_model(cfg.model) or lumas)(CountingSerial(cfg.interface), **opts)
    return cfg.interface, whole, part


def measure(frames: list[tuple[str, str, Image.Image]], config: str) -> dict[tuple, list]:
    """(moment, which device, interface) → [luma's bytes, partial bytes, page bytes that differ
    (SSD1306/1309 only, else None)] for each frame that changed."""
    hardware, _ = load_app_config(None, config)
    drivers: dict[str, tuple[str, Any, Any]] = {}
    last: dict[str, bytes] = {}
    pages: dict[str, bytes] = {}
    out: dict[tuple, list] = defaultdict(list)
    for kind, key, img in frames:
        if key not in drivers:
            drivers[key] = drivers_for(key, hardware)
        if last.get(key) == (data := img.tobytes()):
            continue  # not written again (hw.guarded)
        last[key] = data
        interface, whole, part = drivers[key]
        counts: list[Any] = []
        for dev in (whole, part):
            bus = dev._serial_interface
            before = bus.bytes
            dev.display(img)
            counts.append(bus.bytes - before)
        if isinstance(part, partial.ssd1306):
            now = b"".join(partial.page_buffer(part.preprocess(img)))
            was = pages.get(key, bytes(len(now)))
            pages[key] = now
            counts.append(sum(a != b for a, b in zip(was, now, strict=True)))
        else:
            counts.append(None)
        where = "main" if key == hardware.display.key else "matrix" if key == MATRIX_KEY else "pad"
        if where == "matrix":
            kind = "game"  # its text follows the game, not one kind of press
        if kind.startswith("cursor:"):
            pad = hardware.players[kind.split(":")[1]].display
            if pad is None or key != pad.key:
                continue  # a cursor move is the pad of the player who pressed
            kind = "cursor"
        out[(kind, f"{where} {type(whole).__name__}", interface)].append(counts)
    return out


def main(seed: int = 1, config: str = "pi.toml") -> None:
    results = measure(play_and_record(seed, config), config)
    print(f"Bytes on the bus per frame ({config}, 5 players, seed {seed}; luma → partial):")
    moments = [(k, w, i) for k, w, i in results if (k, w.split()[0]) in WANTED]
    moments += [(k, w, i) for k, w, i in results if w.startswith("matrix")]
    for kind, where, interface in sorted(moments, key=lambda m: (m[1].startswith("matrix"), m)):
        rows = results[(kind, where, interface)]
        whole = statistics.median(r[0] for r in rows)
        part = statistics.median(r[1] for r in rows)
        p90 = sorted(r[1] for r in rows)[int(0.9 * (len(rows) - 1))]
        differ = [r[2] for r in rows if r[2] is not None]
        changed = f"; {statistics.median(differ):4.0f} page bytes differ" if differ else ""
        us = BYTE_US[interface]
        print(
            f"  {kind:8} {where:15} {interface} frames {len(rows):5}: median {whole:6.0f} → "
            f"{part:5.0f} B (p90 {p90:5.0f} B{changed}), ≈ {whole * us / 1000:5.2f} → "
            f"{part * us / 1000:5.2f} ms on the wire"
        )


WANTED = {("cursor", "pad"), ("handover", "main"), ("handover", "pad")}

if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 1,
        sys.argv[2] if len(sys.argv) > 2 else "pi.toml",
    )

"""Bytes on the I²C bus per frame, luma's whole-frame drivers against hw.partial's. Not a test.

A five-player bot game on the reference build (pi.toml, mock backend) is played once; every frame
each display is given is kept, then sent in order through both drivers on a counting I²C
interface. Reported per kind of moment: a pad cursor move (◀ / ▶ on that player's pad) and a
turn handover (a press after which someone else decides: the main display's frames).

.venv/bin/python benchmarks/bus_bytes.py [SEED]

Bytes are what crosses the wire per I²C message: the address byte, the control byte, then the
payload (start/stop and ack bits left out). The mux select (2 bytes per switch) is not counted.
At 400 kHz one byte is 9 clocks: 22.5 µs.
"""

from __future__ import annotations

import statistics
import sys
from collections import defaultdict
from typing import Any

import luma.oled.device
from PIL import Image

from companion.app.config import load_app_config
from companion.app.setup import TableDefaults
from companion.app.table import TableApp
from companion.elgrande.engine import decision
from companion.testing import BotDriver, Presser, VirtualClock, make_bots
from hw import partial
from hw.display import Display
from hw.hardware import build_hardware

BYTE_US_AT_400KHZ = 9 / 400_000 * 1e6


class CountingI2C:
    """luma's serial interface shape; counts the bytes each message puts on the wire."""

    def __init__(self) -> None:
        self.bytes = 0

    def command(self, *cmd: int) -> None:
        self.bytes += 2 + len(cmd)  # address, control 0x00, commands

    def data(self, data: Any) -> None:
        self.bytes += 2 + len(data)  # address, control 0x40, pixels (≤ 4096: one message)


def play_and_record(seed: int) -> list[tuple[str, str, Image.Image]]:
    """(moment, display config key, frame) for every frame a display was given, in order."""
    hardware, table = load_app_config(None, "pi.toml")
    seats = tuple(hardware.players)
    clock = VirtualClock()
    hw = build_hardware(hardware, backend="mock", clock=clock, start=False)
    frames: list[tuple[str, str, Image.Image]] = []
    moment = ["start"]
    original_show = Display.show

    def recording_show(self: Display, image: Image.Image) -> None:
        frames.append((moment[0], self.key, image.convert(self.mode)))
        original_show(self, image)

    Display.show = recording_show  # type: ignore[method-assign]
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
        Display.show = original_show  # type: ignore[method-assign]
        hw.close()
    return frames


def measure(frames: list[tuple[str, str, Image.Image]]) -> dict[tuple[str, str], list[list[int]]]:
    """(moment, which display) → [luma's bytes, partial bytes, page bytes that differ] per frame
    that changed (rotation left out of the last: the reference build rotates nothing)."""
    hardware, _ = load_app_config(None, "pi.toml")
    configs = {hardware.display.key: hardware.display} | {
        p.display.key: p.display for p in hardware.players.values() if p.display is not None
    }
    drivers: dict[str, tuple[CountingI2C, Any, CountingI2C, Any]] = {}
    last: dict[str, bytes] = {}
    pages: dict[str, bytes] = {}
    out: dict[tuple[str, str], list[list[int]]] = defaultdict(list)
    for kind, name, img in frames:
        cfg = configs[name]
        if name not in drivers:
            whole_bus, part_bus = CountingI2C(), CountingI2C()
            size = {"width": cfg.width, "height": cfg.height, "rotate": cfg.rotate}
            whole = getattr(luma.oled.device, cfg.model)(whole_bus, **size)
            part = partial.partial_model(cfg.model)(part_bus, **size)
            drivers[name] = (whole_bus, whole, part_bus, part)
        if last.get(name) == (data := img.tobytes()):
            continue  # not written again (hw.guarded)
        last[name] = data
        whole_bus, whole, part_bus, part = drivers[name]
        now = b"".join(partial.page_buffer(img))
        was = pages.get(name, bytes(len(now)))
        pages[name] = now
        counts = []
        for bus, dev in ((whole_bus, whole), (part_bus, part)):
            before = bus.bytes
            dev.display(img)
            counts.append(bus.bytes - before)
        counts.append(sum(a != b for a, b in zip(was, now, strict=True)))  # page bytes that differ
        where = "main" if name == hardware.display.key else "pad"
        if kind.startswith("cursor:"):
            # A cursor move is the pad of the player who pressed.
            if name != hardware.players[kind.split(":")[1]].display.key:
                continue
            kind = "cursor"
        out[(kind, where)].append(counts)
    return out


def main(seed: int = 1) -> None:
    results = measure(play_and_record(seed))
    print(f"Bytes on the I²C bus per frame (5 players, seed {seed}; luma whole → partial):")
    totals = [sum(r[i] for rows in results.values() for r in rows) for i in range(3)]
    print(f"  all frames: {totals[0]} → {totals[1]} B ({totals[2]} page bytes differ)")
    for kind, where in (("cursor", "pad"), ("handover", "main"), ("handover", "pad")):
        rows = results.get((kind, where), [])
        if not rows:
            continue
        whole = statistics.median(r[0] for r in rows)
        part = statistics.median(r[1] for r in rows)
        p90 = sorted(r[1] for r in rows)[int(0.9 * (len(rows) - 1))]
        changed = statistics.median(r[2] for r in rows)
        print(
            f"  {kind:8} {where:4} frames {len(rows):5}: median {whole:6.0f} → {part:5.0f} B "
            f"(p90 {p90:5.0f} B; {changed:4.0f} page bytes differ), "
            f"≈ {whole * BYTE_US_AT_400KHZ / 1000:5.1f} → "
            f"{part * BYTE_US_AT_400KHZ / 1000:4.1f} ms at 400 kHz"
        )


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)

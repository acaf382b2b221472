"""`companion run` going away (SIGTERM): store closed, displays blank, "bye" left on the matrix."""

from __future__ import annotations

from PIL import Image

from companion.app.config import load_app_config
from companion.commands.run import shut_down
from companion.session.store import MemoryStore
from companion.testing import VirtualClock
from hw.backend import MockBackend
from hw.hardware import build_hardware
from hw.matrix import render_text


class ClosingStore(MemoryStore):
    closed = False

    def close(self) -> None:
        self.closed = True


def test_shut_down_closes_the_store_blanks_the_displays_and_says_bye():
    hardware, _ = load_app_config(None, "pi.toml")
    hw = build_hardware(hardware, backend=MockBackend(), clock=VirtualClock(), start=False)
    lit = Image.new("1", hw.display.size, 1)
    hw.display.show(lit)
    panels = [d.device for d in hw.displays()]
    matrix = hw.matrix.device
    store = ClosingStore()
    shut_down(hw, store)
    assert store.closed
    assert all(p.image.getbbox() is None for p in panels)
    assert matrix.image.tobytes() == render_text("bye", hw.matrix.size).tobytes()


def test_shut_down_gives_each_lit_panel_a_blank_frame_before_switching_it_off(monkeypatch):
    """No panel keeps its last page (or flashes lit) while the process goes away."""
    hardware, _ = load_app_config(None, "pi.toml")
    hw = build_hardware(hardware, backend=MockBackend(), clock=VirtualClock(), start=False)
    sent: dict[str, list[object]] = {}
    for display in hw.displays():
        display.show(Image.new("1", display.size, 1))
        dev, seen = display.device, sent.setdefault(display.name, [])
        shown, cleanup = dev.display, dev.cleanup
        monkeypatch.setattr(
            dev, "display", lambda im, f=shown, s=seen: (s.append(im.getbbox()), f(im))[1]
        )
        monkeypatch.setattr(dev, "cleanup", lambda f=cleanup, s=seen: (s.append("off"), f())[1])
    shut_down(hw, ClosingStore())
    assert len(sent) == 6
    assert all(frames[:2] == [None, "off"] for frames in sent.values()), sent

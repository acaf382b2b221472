"""Helpers for the HAL tests: paths, a fake clock, golden-image comparison.

Imported as ``hw_testing`` (pytest puts this folder on sys.path; the name avoids clashing
with the ``hw`` package under test).
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
GOLDEN = Path(__file__).parent / "golden"
# Regenerate golden images with:  HW_GOLDEN_UPDATE=1 .venv/bin/python -m pytest tests/hw
UPDATE = os.environ.get("HW_GOLDEN_UPDATE") == "1"


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


def assert_golden(name: str, image: Image.Image) -> None:
    """Compare ``image`` pixel-exactly with tests/hw/golden/NAME.png."""
    path = GOLDEN / f"{name}.png"
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        image.save(path)
    assert path.exists(), f"no golden image {path}; create it with HW_GOLDEN_UPDATE=1"
    with Image.open(path) as f:
        golden = f.copy()
    assert (image.mode, image.size) == (golden.mode, golden.size)
    diff = ImageChops.difference(image.convert("RGB"), golden.convert("RGB")).getbbox()
    assert diff is None, f"{name}: pixels differ from {path} in box {diff}"

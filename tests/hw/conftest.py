"""Shared fixtures for the HAL tests: a fake clock, golden images, config paths."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[2]
CONFIG = ROOT / "config"
GOLDEN = Path(__file__).parent / "golden"
# Regenerate golden images with:  HW_GOLDEN_UPDATE=1 .venv/bin/python -m pytest tests/hw
UPDATE = os.environ.get("HW_GOLDEN_UPDATE") == "1"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # luma 2.6 / luma.oled 3.16 call Image.getdata, deprecated in Pillow 13: not ours to fix.
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(
                pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")
            )


class FakeClock:
    """A clock that only moves when told to."""

    def __init__(self, now: float = 100.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> float:
        self.now += seconds
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


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

"""Fixtures and hooks for the HAL tests."""

from __future__ import annotations

from pathlib import Path

import pytest
from hw_testing import FakeClock


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    # luma 2.6 / luma.oled 3.16 call Image.getdata, deprecated in Pillow 13: not ours to fix.
    here = Path(__file__).parent
    for item in items:
        if here in Path(item.path).parents:
            item.add_marker(
                pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")
            )


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()

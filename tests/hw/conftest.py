"""Fixtures and hooks for the HAL tests."""

from __future__ import annotations

import pytest
from hw_testing import FakeClock


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()

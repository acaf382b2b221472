"""Fixtures and hooks for the HAL tests."""

from __future__ import annotations

import pytest

from companion.testing import VirtualClock


@pytest.fixture
def clock() -> VirtualClock:
    return VirtualClock()

"""A degraded device's bookkeeping: what the log says and what the app is told, once each."""

from __future__ import annotations

import logging

import pytest
from luma.core.error import DeviceNotFoundError

from hw.events import DeviceFault
from hw.health import Health, describe


def test_a_bus_error_is_described_by_its_class_errno_and_the_systems_words():
    assert describe(OSError(121, "Remote I/O error")) == "OSError [errno 121]: Remote I/O error"
    assert describe(DeviceNotFoundError("no device")) == "DeviceNotFoundError: no device"


@pytest.fixture
def watched(clock, caplog):
    """A Health on the virtual clock, the events it sends and the lines it logs."""
    events: list[DeviceFault] = []
    health = Health("main display", clock=clock, notify=events.append)
    caplog.set_level(logging.INFO, logger="hw.health")

    def said() -> list[tuple[int, str]]:
        return [(r.levelno, r.getMessage()) for r in caplog.records if r.name == "hw.health"]

    return health, events, said


def test_a_failure_is_logged_and_reported_with_its_name_reason_and_time(clock, watched):
    health, events, said = watched
    clock.advance(5.0)
    health.failed(OSError(121, "Remote I/O error"))
    reason = "OSError [errno 121]: Remote I/O error"
    assert said() == [
        (logging.WARNING, f"main display degraded ({reason}); the game goes on without it")
    ]
    assert events == [DeviceFault("main display", False, reason, clock())]


def test_giving_up_is_said_once_even_after_a_failure_and_when_asked_again(clock, watched):
    health, events, said = watched
    health.failed(OSError(121, "Remote I/O error"))
    clock.advance(2.0)
    health.give_up("permission denied on /dev/i2c-1: add the user to group i2c")
    clock.advance(2.0)
    health.give_up("permission denied on /dev/i2c-1: add the user to group i2c")
    reason = "permission denied on /dev/i2c-1: add the user to group i2c"
    assert said()[1:] == [(logging.ERROR, f"main display: {reason}")]
    assert events[1:] == [DeviceFault("main display", False, reason, clock() - 2.0)]
    assert health.gave_up and not health.due()


def test_a_device_given_up_at_once_is_said_given_up_once(clock, watched):
    health, events, said = watched
    health.give_up("no such bus")
    health.give_up("no such bus")
    assert said() == [(logging.ERROR, "main display: no such bus")]
    assert events == [DeviceFault("main display", False, "no such bus", clock())]


def test_a_device_that_answers_again_is_logged_and_reported_recovered_with_its_time(clock, watched):
    health, events, said = watched
    health.failed(OSError(121, "Remote I/O error"))
    clock.advance(3.0)
    health.ok()
    health.ok()
    assert said()[1:] == [(logging.INFO, "main display answers again")]
    assert events[1:] == [DeviceFault("main display", True, "", clock())]
    assert not health.degraded and not health.due()

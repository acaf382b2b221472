"""The sd_notify sender against a real AF_UNIX datagram socket, as systemd listens."""

from __future__ import annotations

import os
import socket
import uuid
from pathlib import Path

import pytest

from companion.app.systemd_notify import Notifier


@pytest.fixture
def listener(tmp_path: Path):
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    path = tmp_path / "notify"
    sock.bind(str(path))
    sock.settimeout(5)
    yield sock, str(path)
    sock.close()


def test_ready_watchdog_status_and_stopping_arrive_as_systemd_expects(listener):
    sock, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path})
    assert notifier.ready(status="round 1: bidding")
    assert sock.recv(4096) == b"READY=1\nSTATUS=round 1: bidding"
    assert notifier.watchdog() and sock.recv(4096) == b"WATCHDOG=1"
    assert notifier.status("two\nlines") and sock.recv(4096) == b"STATUS=two lines"
    assert notifier.stopping() and sock.recv(4096) == b"STOPPING=1"
    notifier.close()


def test_an_abstract_socket_is_reached_by_its_at_name():
    name = f"elgrande-test-{uuid.uuid4().hex}"
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(b"\0" + name.encode())
    sock.settimeout(5)
    try:
        notifier = Notifier({"NOTIFY_SOCKET": "@" + name})
        assert notifier.ready() and sock.recv(4096) == b"READY=1"
    finally:
        sock.close()


def test_without_notify_socket_nothing_is_sent_and_nothing_fails():
    notifier = Notifier({})
    assert not notifier.enabled
    assert notifier.ready() is False and notifier.watchdog() is False


def test_a_socket_that_went_away_is_a_false_return_not_a_crash(tmp_path):
    notifier = Notifier({"NOTIFY_SOCKET": str(tmp_path / "gone")})
    assert notifier.enabled and notifier.watchdog() is False


def test_the_watchdog_interval_is_half_of_watchdogsec_and_only_for_this_process():
    usec = {"WATCHDOG_USEC": "30000000"}
    assert Notifier(usec).watchdog_interval() == 15.0
    assert Notifier({**usec, "WATCHDOG_PID": str(os.getpid())}).watchdog_interval() == 15.0
    assert Notifier({**usec, "WATCHDOG_PID": "1"}).watchdog_interval() is None
    assert Notifier({"WATCHDOG_USEC": "junk"}).watchdog_interval() is None

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


@pytest.mark.parametrize("raw", ["@", "vsock:2:1234", "notify", ""])
def test_a_notify_socket_of_a_kind_not_spoken_is_left_alone(raw):
    """Only a path or "@name" is an address: "@" alone, vsock: or a relative name send nothing."""
    notifier = Notifier({"NOTIFY_SOCKET": raw})
    assert not notifier.enabled
    assert notifier.ready() is False


def test_an_abstract_socket_of_a_one_character_name_is_reached():
    for name in "ǂǁǀʘ":  # a one-character abstract name (two bytes): the first one free
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        try:
            sock.bind(b"\0" + name.encode())
        except OSError:
            sock.close()
            continue
        break
    else:
        pytest.skip("every one-character abstract name tried is taken")
    sock.settimeout(5)
    try:
        notifier = Notifier({"NOTIFY_SOCKET": "@" + name})
        assert notifier.ready() and sock.recv(4096) == b"READY=1"
        notifier.close()
    finally:
        sock.close()


@pytest.mark.parametrize("usec", ["0", "-30000000"])
def test_no_watchdog_is_kept_for_a_limit_of_zero_or_less(usec):
    assert Notifier({"WATCHDOG_USEC": usec}).watchdog_interval() is None


def test_the_shortest_watchdog_limit_is_kept():
    assert Notifier({"WATCHDOG_USEC": "1"}).watchdog_interval() == 0.5e-6


def test_close_before_any_send_and_twice_is_harmless_and_a_later_send_still_arrives(listener):
    Notifier({}).close()  # `companion run` on a terminal: nothing was ever sent
    sock, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path})
    notifier.close()
    assert notifier.ready() and sock.recv(4096) == b"READY=1"
    notifier.close()
    notifier.close()
    assert notifier.stopping() and sock.recv(4096) == b"STOPPING=1"
    notifier.close()


def test_close_closes_the_socket_it_sent_on(listener):
    sock, path = listener
    notifier = Notifier({"NOTIFY_SOCKET": path})
    before = set(os.listdir("/proc/self/fd"))
    assert notifier.ready() and sock.recv(4096) == b"READY=1"
    assert len(set(os.listdir("/proc/self/fd")) - before) == 1  # its socket
    notifier.close()
    assert set(os.listdir("/proc/self/fd")) - before == set()


def test_a_notifier_made_without_an_environment_reads_the_processs(listener, monkeypatch):
    sock, path = listener
    monkeypatch.setenv("NOTIFY_SOCKET", path)  # as systemd starts `companion run`
    notifier = Notifier()
    assert notifier.ready() and sock.recv(4096) == b"READY=1"
    notifier.close()

"""Tell systemd how the service is doing (sd_notify), with the standard library only.

`Type=notify` waits for READY=1; `WatchdogSec=` restarts the service unless WATCHDOG=1 arrives
in time (ping every `watchdog_interval()` seconds, half the limit, from the main loop so a hung
loop stops the pings). Without `NOTIFY_SOCKET` (a terminal, tests, `companion demo`) every call
does nothing and returns False. A failed send never stops the game: it returns False too.
STATUS= text shows in `systemctl status` and the journal: never put a secret in it.

>>> notifier = Notifier(environ={})
>>> notifier.ready(), notifier.watchdog_interval()
(False, None)
"""

from __future__ import annotations

import os
import socket
from collections.abc import Mapping


class Notifier:
    """One service's messages to systemd over its notification socket (AF_UNIX datagrams)."""

    def __init__(self, environ: Mapping[str, str] | None = None) -> None:
        env = os.environ if environ is None else environ
        self._address = _address(env.get("NOTIFY_SOCKET", ""))
        self._watchdog = _watchdog_seconds(env)
        self._sock: socket.socket | None = None

    @property
    def enabled(self) -> bool:
        return self._address is not None

    def send(self, *assignments: str) -> bool:
        """Send "KEY=value" lines in one datagram; True when systemd's socket took it."""
        if self._address is None:
            return False
        # A newline separates assignments: one inside a value would forge another.
        message = "\n".join(a.replace("\n", " ") for a in assignments).encode()
        try:
            if self._sock is None:
                self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
            self._sock.sendto(message, self._address)
        except OSError:
            return False
        return True

    def ready(self, status: str | None = None) -> bool:
        return self.send("READY=1", *([f"STATUS={status}"] if status else []))

    def watchdog(self) -> bool:
        return self.send("WATCHDOG=1")

    def status(self, text: str) -> bool:
        return self.send(f"STATUS={text}")

    def stopping(self) -> bool:
        return self.send("STOPPING=1")

    def watchdog_interval(self) -> float | None:
        """How often to send WATCHDOG=1 (half of WatchdogSec), or None when no watchdog is set."""
        return None if self._watchdog is None else self._watchdog / 2

    def close(self) -> None:
        if self._sock is not None:
            self._sock.close()
            self._sock = None


def _address(raw: str) -> str | bytes | None:
    """NOTIFY_SOCKET as a sendto() address: a path, or "@name" for an abstract socket."""
    if raw.startswith("/"):
        return raw
    if raw.startswith("@") and len(raw) > 1:
        return b"\0" + raw[1:].encode()
    return None  # unset, or a kind we do not speak (vsock:…): nothing is sent


def _watchdog_seconds(env: Mapping[str, str]) -> float | None:
    """WatchdogSec from WATCHDOG_USEC, when it is meant for this process (WATCHDOG_PID)."""
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    pid = env.get("WATCHDOG_PID")
    if pid is not None and pid != str(os.getpid()):
        return None
    return usec / 1e6 if usec > 0 else None

"""The web server's access rules, as pure functions: headers, Host, Origin, and rate limits.

>>> hosts = allowed_hosts("127.0.0.1", 8080)
>>> host_ok("127.0.0.1:8080", hosts), host_ok("evil.example:8080", hosts)
(True, False)
>>> origin_ok("http://127.0.0.1:8080", "127.0.0.1:8080"), origin_ok(None, "127.0.0.1:8080")
(True, False)
"""

from __future__ import annotations

import ipaddress
import socket
from collections import deque
from collections.abc import Callable, Iterable

# Every response: nothing from elsewhere, never framed, no sniffing, no Referer sent on.
COMMON_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; "
        "base-uri 'none'; form-action 'self'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}
# A seat's responses are its own: kept by no cache.
SEAT_HEADERS = {"Cache-Control": "no-store"}
# The header a cross-site form cannot send and a cross-site fetch only after a CORS preflight
# that is never granted.
CSRF_HEADER = "X-Companion"
MAX_BODY = 2048


def local_addresses() -> set[str]:
    """This machine's own addresses, as best the standard library can say (no extra package)."""
    found = {"127.0.0.1", "::1"}
    name = socket.gethostname()
    try:
        for info in socket.getaddrinfo(name, None):
            found.add(str(info[4][0]))
    except OSError:
        pass
    try:  # the address the default route leaves from (no packet is sent)
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))
            found.add(s.getsockname()[0])
    except OSError:
        pass
    return found


def own_address(bind: str) -> str:
    """The address a phone reaches this device at: the bound one, or on every interface the
    one the default route leaves from."""
    if not ipaddress.ip_address(bind).is_unspecified:
        return bind
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # no packet is sent
            return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"


def allowed_hosts(bind: str, port: int, extra: Iterable[str] = ()) -> frozenset[str]:
    """The Host headers this device answers to: its own addresses and names, with the port
    (and without it on port 80). Anything else is a name another site pointed here."""
    ip = ipaddress.ip_address(bind)
    addresses = set(local_addresses()) | {socket.gethostname(), f"{socket.gethostname()}.local"}
    addresses |= {"localhost"}
    if not ip.is_unspecified:
        addresses = {bind, "localhost"} if ip.is_loopback else {bind}
    addresses |= set(extra)
    hosts = set()
    for a in addresses:
        shown = f"[{a}]" if ":" in a else a
        hosts.add(f"{shown}:{port}".lower())
        if port == 80:
            hosts.add(shown.lower())
    return frozenset(hosts)


def host_ok(host: str | None, allowed: frozenset[str]) -> bool:
    return host is not None and host.lower() in allowed


def origin_ok(origin: str | None, host: str | None) -> bool:
    """A state-changing request must come from a page this device served."""
    return origin is not None and host is not None and origin.lower() == f"http://{host.lower()}"


class RateLimit:
    """At most `limit` events in any `window` seconds, per key; the clock is injected.

    >>> now = [0.0]
    >>> r = RateLimit(2, 60.0, clock=lambda: now[0])
    >>> r.allow("a"), r.allow("a"), r.allow("a"), r.allow("b")
    (True, True, False, True)
    >>> now[0] = 61.0; r.allow("a")
    True
    """

    def __init__(self, limit: int, window: float, *, clock: Callable[[], float]) -> None:
        self.limit, self.window, self.clock = limit, window, clock
        self._seen: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        now = self.clock()
        seen = self._seen.setdefault(key, deque())
        while seen and seen[0] <= now - self.window:
            seen.popleft()
        if len(seen) >= self.limit:
            return False
        seen.append(now)
        if len(self._seen) > 1024:  # many addresses: forget the quiet ones
            self._seen = {k: v for k, v in self._seen.items() if v}
        return True

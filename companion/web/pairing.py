"""Pairing a phone to a seat: single-use codes, seat tokens kept as hashes, revocation.

The table offers a seat's code (on the main display as a QR code and as six digits); the first
phone to claim it gets a seat token, and only the token's SHA-256 is kept, in a file beside the
game's store, so pairings survive a power cut and the file gives no seat away. One phone per
seat: a second claim is refused until the seat's phone is revoked at the table.

Pure but for the file: the clock and the randomness are injected.

>>> now = [0.0]
>>> p = Pairings(None, clock=lambda: now[0])
>>> offer = p.offer("blue")
>>> token, seat = p.claim(offer.code.lower())
>>> seat, p.seat_for(token), p.claim(offer.code)[1]
('blue', 'blue', None)
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from companion.i18n import N_, _

CODE_LIFE_S = 180.0
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # no I, L, O, U: nothing to misread
WRONG = N_("that code is not valid: ask the table for a new one")  # translated where said


@dataclass(frozen=True)
class Offer:
    seat: str
    code: str  # 10 Crockford base-32 characters: the QR code's URL carries it
    digits: str  # 6 digits to type on the pairing page
    expires: float

    def __repr__(self) -> str:  # a live code is a key to a seat
        return f"Offer(seat={self.seat!r})"


def _hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def already_paired(seat: str) -> str:
    return _(
        "{seat} already has a phone. To move {seat} to this phone, revoke the old one at the "
        "table (Phones on the main display, hold ● on the seat), then pair again."
    ).format(seat=_(seat))


class Pairings:
    def __init__(
        self,
        path: Path | None,
        *,
        clock: Callable[[], float] = time.monotonic,
        token: Callable[[], str] = lambda: secrets.token_urlsafe(32),
    ) -> None:
        self.path, self.clock, self._token = path, clock, token
        self._offers: list[Offer] = []
        self._seats: dict[str, str] = {}  # seat → its token's hash
        self.generation = 0  # changes at every pairing and revocation
        if path is not None:
            self._load(path)

    # -- the table -------------------------------------------------------------------------------

    def offer(self, seat: str) -> Offer:
        """A new code for `seat`; the seat's earlier code dies."""
        self._offers = [o for o in self._offers if o.seat != seat and self._live(o)]
        code = "".join(secrets.choice(CROCKFORD) for _ in range(10))
        digits = f"{secrets.randbelow(10**6):06d}"
        while any(o.digits == digits for o in self._offers):
            digits = f"{secrets.randbelow(10**6):06d}"
        offer = Offer(seat, code, digits, self.clock() + CODE_LIFE_S)
        self._offers.append(offer)
        return offer

    def withdraw_offer(self, seat: str) -> None:
        """The pairing page closed: its code dies with it."""
        self._offers = [o for o in self._offers if o.seat != seat]

    def revoke(self, seat: str) -> bool:
        """The seat's phone loses its seat; True if it had one."""
        if self._seats.pop(seat, None) is None:
            return False
        self.generation += 1
        self._save()
        return True

    def paired(self) -> frozenset[str]:
        return frozenset(self._seats)

    # -- a phone ---------------------------------------------------------------------------------

    def claim(self, code: str) -> tuple[str | None, str | None]:
        """(token, seat) for a live code; (None, seat) if that seat has a phone already;
        (None, None) for any other code, whatever it was."""
        typed = code.strip().upper().encode()
        found = None
        for o in self._offers:  # compare every one, in constant time each
            match = hmac.compare_digest(typed, o.code.encode()) or hmac.compare_digest(
                typed, o.digits.encode()
            )
            if match and self._live(o):
                found = o
        if found is None:
            return None, None
        if found.seat in self._seats:
            return None, found.seat
        self._offers.remove(found)  # single use
        token = self._token()
        self._seats[found.seat] = _hash(token)
        self.generation += 1
        self._save()
        return token, found.seat

    def seat_for(self, token: str | None) -> str | None:
        if not token:
            return None
        digest = _hash(token)
        for seat, kept in self._seats.items():
            if hmac.compare_digest(digest, kept):
                return seat
        return None

    # -- internals -------------------------------------------------------------------------------

    def _live(self, o: Offer) -> bool:
        return self.clock() < o.expires

    def _load(self, path: Path) -> None:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return  # none kept yet, or unreadable: phones pair again
        seats = data.get("seats") if isinstance(data, dict) else None
        if isinstance(seats, dict):
            self._seats = {
                str(k): v for k, v in seats.items() if isinstance(v, str) and len(v) == 64
            }

    def _save(self) -> None:
        if self.path is None:
            return
        tmp = self.path.with_name(self.path.name + ".tmp")
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump({"seats": self._seats}, f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except OSError:
            with contextlib.suppress(OSError):
                tmp.unlink()

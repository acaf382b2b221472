"""The Phones page of the main display: pair a phone to a seat, or revoke a seat's phone.

Opened from the setup screen's "Phones" line when a web server runs. ◀ ▶ pick a seat, ● shows
that seat's pairing page (its QR code, six digits and the address to type), ● again closes it
and its code dies; a long ● on a seat revokes its phone (its stream closes, its taps are
refused). "Back" returns to the setup screen. Codes and tokens live in the web server; the
table only asks it through the outlet.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.core import TableCore
from companion.app.mode import Mode
from companion.screens import MainUI, PadMenu

WINDOW = 4
BACK = "Back"


@dataclass
class PhonesPage:
    cursor: int = 0
    seat: str | None = None  # the seat whose pairing page is shown
    digits: str = ""
    url: str = ""
    qr: tuple[str, ...] = ()
    message: str = ""


def qr_rows(url: str) -> tuple[str, ...]:
    """The QR code of `url` as rows of "1" (dark) and "0": the smallest version, the strongest
    error correction that keeps it (an upper-case URL stays in alphanumeric mode: version 2)."""
    import segno  # only when a pairing page is shown

    code = segno.make_qr(url, error="l", boost_error=True)
    return tuple("".join("1" if m else "0" for m in row) for row in code.matrix)


def page(t: TableCore) -> PhonesPage:
    if t.phones_page is None:
        t.phones_page = PhonesPage()
    return t.phones_page


def paired_now(t: TableCore, seat: str) -> None:
    """A phone took `seat`'s code: its pairing page closes and says so."""
    pp = page(t)
    if pp.seat == seat:
        pp.seat, pp.qr = None, ()
    pp.message = f"{seat}: phone paired"


class Phones:
    name = Mode.PHONES

    def _entries(self, t: TableCore) -> list[str]:
        return [*t.pads, BACK]

    def press(self, t: TableCore, player: str, button: str) -> None:
        pp, outlet = page(t), t.outlet
        if outlet is None:
            t.mode = Mode.SETUP
            return
        if pp.seat is not None:  # the pairing page: any press closes it, its code dies
            outlet.withdraw(pp.seat)
            pp.seat, pp.qr, pp.message = None, (), ""
            return
        entries = self._entries(t)
        pp.message = ""
        if button in ("left", "right"):
            pp.cursor = (pp.cursor + (1 if button == "right" else -1)) % len(entries)
            return
        chosen = entries[pp.cursor]
        if chosen == BACK:
            if button == "select":
                t.mode = Mode.SETUP
            return
        if button == "select":
            if chosen in outlet.paired():
                pp.message = f"{chosen} has a phone: hold ● to revoke it"
                return
            offer = outlet.offer(chosen)
            pp.seat, pp.digits = chosen, offer.digits
            pp.url = outlet.join_url(offer.code)
            pp.qr = qr_rows(pp.url)
        elif button == "long":
            done = outlet.revoke(chosen)
            t.phone_seats.discard(chosen)
            pp.message = f"{chosen}: phone revoked" if done else f"{chosen} has no phone"

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        pp, outlet = page(t), t.outlet
        if pp.seat is not None and outlet is not None:
            lines = (f"code {pp.digits}", outlet.address())
            return MainUI("pair", pp.seat.upper(), lines, None, "● close", alerts, qr=pp.qr)
        paired = outlet.paired() if outlet is not None else frozenset()
        entries = [f"{p}: {'phone' if p in paired else 'no phone'}" for p in t.pads] + [BACK]
        top = min(max(0, pp.cursor - WINDOW + 1), len(entries) - WINDOW)
        top = max(0, top)
        footer = pp.message or "● pair  hold ● revoke"
        shown = tuple(entries[top : top + WINDOW])
        return MainUI("setup", "Phones", shown, pp.cursor - top, footer, alerts)

    def pad_menu(self, t: TableCore, p: str) -> PadMenu:
        return PadMenu(p, "Phones: see main display", (), 0, True)

    def lit(self, t: TableCore) -> set[str]:
        return set(t.pads)

"""The Phones page of the main display: pair a phone to a seat, or revoke a seat's phone.

Opened from the setup screen's "Phones" line when a web server runs, or during a game by a held
◀ on a pad that has nothing to choose (`open_from_game`). ◀ ▶ pick a seat, ● shows that seat's
pairing page (its QR code, six digits and the address to type), ● again closes it and its code
dies; a long ● on a seat revokes its phone (its stream closes, its taps are refused). "Back"
returns to where the page was opened from, the game exactly as it was: the page touches no
menu, no cursor and no decision. Codes and tokens live in the web server; the table only asks
it through the outlet.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.app.core import TableCore
from companion.app.mode import Mode
from companion.i18n import N_, _
from companion.screens import MainUI, PadMenu

WINDOW = 4
BACK = N_("Back")
WIFI = "\0wifi"  # the Wi-Fi line's place among the entries (no seat is called so)


@dataclass
class PhonesPage:
    cursor: int = 0
    seat: str | None = None  # the seat whose pairing page is shown
    digits: str = ""
    url: str = ""
    qr: tuple[str, ...] = ()
    message: str = ""
    back_to: Mode = Mode.SETUP  # where "Back" returns
    wifi: bool = False  # the Wi-Fi-join page is shown


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
    pp.message = _("{seat}: phone paired").format(seat=_(seat))


def open_from_game(t: TableCore, player: str, button: str) -> bool:
    """A held ◀ (it repeats) on a pad with nothing to choose opens the Phones page, mid-game;
    True if it did. Never while a sealed choice is open or the main display is private to
    someone: the page would hide what they enter, and a press inside a sealed step stays
    silent. Whoever decides keeps their menu and cursor, untouched, for when "Back" returns."""
    if button != "left" or t.held.get(player, 0) < 1 or t.outlet is None:
        return False
    if t.session is not None and t.mode == Mode.GAME:
        view = t.view
        deciding = view.decision.waiting if view.decision is not None else ()
        if view.sealed_step is not None or t.privacy is not None or player in deciding:
            return False
    if t.mode == Mode.GAME:
        t.public_note = ""  # the first ◀ said "not your turn": not news once back
    t.phones_page = PhonesPage(back_to=t.mode)
    t.mode = Mode.PHONES
    return True


def _wifi(t: TableCore) -> str:
    """The device's own Wi-Fi as a phone camera reads it, "" when the config names none."""
    return t.hw.config.web.wifi_join_text()


class Phones:
    name = Mode.PHONES

    def _entries(self, t: TableCore) -> list[str]:
        """The Wi-Fi first when the device has its own (phones join it before they pair)."""
        return [*([WIFI] if _wifi(t) else []), *t.pads, BACK]

    def press(self, t: TableCore, player: str, button: str) -> None:
        pp, outlet = page(t), t.outlet
        if outlet is None:
            t.mode = pp.back_to
            return
        if t.held.get(player, 0):
            return  # the held ◀ that opened the page still repeats: it walks nothing
        if pp.seat is not None:  # the pairing page: any press closes it, its code dies
            outlet.withdraw(pp.seat)
            pp.seat, pp.qr, pp.message = None, (), ""
            return
        if pp.wifi:  # the Wi-Fi page: any press closes it
            pp.wifi, pp.qr = False, ()
            return
        entries = self._entries(t)
        pp.message = ""
        if button in ("left", "right"):
            pp.cursor = (pp.cursor + (1 if button == "right" else -1)) % len(entries)
            return
        chosen = entries[pp.cursor]
        if chosen == BACK:
            if button == "select":
                t.mode = pp.back_to
                t.phones_page = None  # opened afresh next time, on its first line
            return
        if chosen == WIFI:
            if button == "select":
                pp.wifi, pp.qr = True, qr_rows(_wifi(t))
            return
        if button == "select":
            if chosen in outlet.paired():
                pp.message = _("hold ● to revoke it")  # the cursor is on the seat
                return
            offer = outlet.offer(chosen)
            pp.seat, pp.digits = chosen, offer.digits
            pp.url = outlet.join_url(offer.code)
            pp.qr = qr_rows(pp.url)
        elif button == "long":
            done = outlet.revoke(chosen)
            t.phone_seats.discard(chosen)
            pp.message = (_("{seat}: phone revoked") if done else _("{seat} has no phone")).format(
                seat=_(chosen)
            )

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        pp, outlet = page(t), t.outlet
        web = t.hw.config.web
        if pp.wifi:  # the one page that shows the password
            lines = (web.wifi_ssid, web.wifi_password)
            return MainUI("pair", _("Wi-Fi"), lines, None, _("● close"), alerts, qr=pp.qr)
        if pp.seat is not None and outlet is not None:
            lines = (_("code {digits}").format(digits=pp.digits), outlet.address())
            title = _(pp.seat).upper()
            return MainUI("pair", title, lines, None, _("● close"), alerts, qr=pp.qr)
        paired = outlet.paired() if outlet is not None else frozenset()
        entries = [
            _("Join the Wi-Fi")
            if p == WIFI
            else (_("{seat}: phone") if p in paired else _("{seat}: no phone")).format(seat=_(p))
            for p in self._entries(t)[:-1]
        ] + [_(BACK)]
        top = min(max(0, pp.cursor - WINDOW + 1), len(entries) - WINDOW)
        top = max(0, top)
        footer = pp.message or _("● pair  hold ● revoke")
        shown = tuple(entries[top : top + WINDOW])
        return MainUI("setup", _("Phones"), shown, pp.cursor - top, footer, alerts)

    def pad_menu(self, t: TableCore, p: str) -> PadMenu:
        return PadMenu(p, _("Phones: see main display"), (), 0, True)

    def lit(self, t: TableCore) -> set[str]:
        return set(t.pads)

"""The table: setup → game (with scoring announcements) → final, one event at a time.

A game found in the store at start opens on "resumed" (● goes on; a long ● asks "abandon?",
a second long ● abandons it to the setup screen); a long ● on the final screen starts a new one.

`TableApp.handle(event)` takes one hardware event (from the one loop) and brings every output up
to date: the press goes to the mode's rules (modes.py), the session's new events to the feed
(feed.py), and the displays and LEDs are drawn from the views (painter.py). The parts share a
`TableCore` (core.py); the private page is privacy.py's, the screen state kept in the store
screen_state.py's.
"""

from __future__ import annotations

import threading
from pathlib import Path

from companion.app.core import TableCore
from companion.app.feed import consume_events
from companion.app.menus import MenuState
from companion.app.mode import Mode
from companion.app.modes import MODES
from companion.app.painter import Painter, main_ui, own, pad_menu
from companion.app.phones import paired_now
from companion.app.privacy import close_if_done, needs_privacy
from companion.app.remote import (
    Outlet,
    PhonePaired,
    PhonesAway,
    RemoteEvent,
    Reply,
    SeatChoice,
    SeatHold,
    SeatMarks,
    SeatNext,
    handle_remote,
    snapshot,
)
from companion.app.setup import TableDefaults
from companion.i18n import _
from companion.screens import MainUI, PadMenu
from companion.session.store import Store
from hw.events import Btn, DeviceFault, Event, Kind, PadEvent
from hw.hardware import Hardware

_REFUSED = Reply(False, "the table could not take it")
# Slow enough to read a title from across the table, and one redraw in that time at most.
TURN_EVERY_S = 4.0


class TableApp(TableCore):
    def __init__(
        self,
        hw: Hardware,
        defaults: TableDefaults,
        *,
        seed: int | None = None,
        store: Store | None = None,
        out_dir: Path | None = None,
        resume: bool = True,
    ) -> None:
        super().__init__(hw, defaults, seed=seed, store=store, out_dir=out_dir)
        self.painter = Painter()
        # Held while an event is handled; a bot reading the app from another thread takes it too.
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)  # notified after every handled event
        self.marks = SeatMarks()  # what each seat's phone page was drawn from (remote.py)
        if resume:
            self.resume()
        self.refresh()

    # -- input -----------------------------------------------------------------------------------

    def handle(self, event: Event | RemoteEvent) -> None:
        with self.lock:
            if isinstance(event, SeatChoice | SeatHold | SeatNext):
                self._remote(event)
            elif isinstance(event, PhonesAway):
                for key in [k for k in self.alerts if k.startswith("phone:")]:
                    del self.alerts[key]
                for p in event.seats:
                    self.alerts[f"phone:{p}"] = _("{seat}'s phone is offline").format(seat=_(p))
                self.refresh()
            elif isinstance(event, PhonePaired):
                paired_now(self, event.seat)
                self.phone_seats.add(event.seat)
                self.refresh()
            else:
                self._handle(event)
            self.changed.notify_all()

    def _remote(self, event: RemoteEvent) -> None:
        """A phone's tap: the same decisions a pad makes; the phone hears back once every
        output, its own page included, is up to date."""
        try:
            reply = handle_remote(self, event, self.marks, self.press)
            self.keep_screen()
            self.refresh()
        finally:
            if not event.reply.done():
                event.reply.set_result(reply if "reply" in locals() else _REFUSED)

    def _handle(self, event: Event) -> None:
        if isinstance(event, DeviceFault):
            if event.recovered:
                self.alerts.pop(event.device, None)
            else:
                self.alerts[event.device] = f"{event.device}: fault"
                self.outputs.cue("fault")
        elif isinstance(event, PadEvent) and event.is_fault:
            key = f"{event.player}'s pad"
            if event.kind is Kind.RECOVERED:
                self.alerts.pop(key, None)
            else:
                self.alerts[key] = f"{key}: {event.button.value} stuck"
        elif isinstance(event, PadEvent) and event.player in self.hw.pads:
            button = "long" if event.kind is Kind.LONG_PRESS else event.button.value
            if event.kind is Kind.REPEAT and event.button is Btn.SELECT:
                return
            repeat = event.kind is Kind.REPEAT
            self.held[event.player] = self.held.get(event.player, 0) + 1 if repeat else 0
            self.press(event.player, button)
            return
        self.refresh()

    def press(self, player: str, button: str) -> None:
        """One pad input ('left', 'right', 'select', 'long'); then every output is updated."""
        MODES[self.mode].press(self, player, button)
        self.keep_screen()
        self.refresh()

    # -- output ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every output up to date with the app's state."""
        if self.session is not None:
            consume_events(self)
            close_if_done(self)
            if self.mode == Mode.GAME and self.view.over and not self.announcer.active:
                self.finish()
        self.painter.paint(self)
        self.publish()

    def publish(self) -> None:
        """Hand the web outlet, if any, the views as they are now."""
        if self.outlet is not None:
            self.outlet.publish(snapshot(self, self.marks))

    def attach(self, outlet: Outlet) -> None:
        """A web server joins: it gets the views now, then after every event."""
        with self.lock:
            self.outlet = outlet
            self.phone_seats = set(outlet.paired())
            self.setup.phones = True
            self.refresh()

    # -- the pages that turn by themselves -------------------------------------------------------

    def turn_every(self) -> float | None:
        """Seconds between turns of the pages that turn by themselves — the main display's
        cards on offer, the card text on the pad of the player choosing — while a display
        shows more than one page of them; None while nothing turns."""
        return TURN_EVERY_S if self.painter.turning() else None

    def turn(self) -> None:
        """Each text that turns by itself shows its next page."""
        with self.lock:
            self.turns += 1
            self.painter.paint(self)
            self.publish()
            self.changed.notify_all()

    def try_store_again(self) -> None:
        """While the store is not saving, try the disk again; once it saves, NOT SAVED goes."""
        with self.lock:
            if self.store.saving:
                return
            self.store.try_again()
            if self.store.saving:
                self.painter.paint(self)
                self.changed.notify_all()

    # -- what bots, tests and tools read ---------------------------------------------------------

    def menu_for(self, p: str) -> MenuState:
        """The menu `p` walks now (bots plan their presses from it)."""
        return self.menu(p)

    def needs_privacy(self, p: str) -> bool:
        """True if `p` must open the main display's private page before choosing."""
        return needs_privacy(self, p)

    def main_ui(self) -> MainUI:
        """The main display's page now."""
        return main_ui(self)

    def pad_menu(self, p: str) -> PadMenu:
        """What `p`'s pad shows now."""
        return pad_menu(self, p)

    def own(self, p: str) -> tuple[tuple[str, ...], int] | None:
        """`p`'s hand and Castillo count as their pad shows them (None: p does not play)."""
        return own(self, p)

    @property
    def finished(self) -> bool:
        return self.mode == Mode.FINAL

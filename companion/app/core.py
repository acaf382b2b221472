"""What every part of the table reads and changes: the mode, the session, the menus, the page
someone looks at alone, the alerts; and the moves between modes (start, resume, to the set-up
screen, the end). The modes (modes.py), the feed, the painter and privacy work on a `TableCore`;
`TableApp` (table.py) is the one that takes events and brings the outputs up to date.

The game is read through the session's views only (`view`, `seat`): the public `TableView` and
each seat's own `SeatView`.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from pathlib import Path
from typing import Any

from companion.app.announce import Announcer
from companion.app.ledger import ledger_feed
from companion.app.localized import as_is
from companion.app.menus import MenuState, NumberMenu, likeliest
from companion.app.mode import Mode
from companion.app.outputs import Outputs
from companion.app.screen_state import ScreenKeeper
from companion.app.setup import GameChoice, SetupScreen, TableDefaults
from companion.kit.moves import Action
from companion.kit.sentences import Localize
from companion.screens.chart import render_chart, score_history
from companion.screens.pages import PAGE_KINDS
from companion.session.session import Session
from companion.session.store import Damage, MemoryStore, Store, StoreError
from companion.session.views import SeatView, TableView
from hw.hardware import Hardware

log = logging.getLogger(__name__)


class TableCore:
    def __init__(
        self,
        hw: Hardware,
        defaults: TableDefaults,
        *,
        seed: int | None = None,
        store: Store | None = None,
        out_dir: Path | None = None,
    ) -> None:
        self.hw = hw
        self.pads = tuple(hw.pads)
        self.defaults = defaults
        self.setup = SetupScreen(self.pads, defaults)
        self.seed = seed
        self.store: Store = store if store is not None else MemoryStore()
        self.out_dir = out_dir
        self.mode = Mode.SETUP
        self.session: Session | None = None
        # What was found wrong with the stored game: its summary is on the main display until
        # play goes on; the whole message is in the log.
        self.damage: Damage | None = None
        self.resumed_at = -1
        self.menus: dict[str, MenuState | NumberMenu] = {}
        self._menu_keys: dict[str, tuple[Any, ...]] = {}
        self.last_pick: dict[str, Action] = {}
        # The last player to seal in a sealed step takes a last look before their ● reveals
        # every choice (it can no longer be withdrawn): the choice they pressed ● on, per pad.
        self.last_look: dict[str, Action] = {}
        self.held: dict[str, int] = {}  # per pad: repeats in a row of a held ◀ or ▶
        self.privacy: str | None = None  # who looks at the main display's private page
        self.public_note = ""
        self.alerts: dict[str, str] = {}
        self.announcer = Announcer()
        self.final_page = 0
        self.turns = 0  # how often the loop has turned the pages of the texts that turn
        self.outputs = Outputs(hw)
        # The feed (feed.py): how many of the session's events were taken, who the table was
        # last told is deciding, and the page a resumed announcement starts on.
        self.seen = 0
        self.waiting: tuple[str, ...] = ()
        self.start_page = 0
        self.screen = ScreenKeeper(self.store)
        self.chart_path: Path | None = None
        # A web server, when one runs (remote.py's Outlet), and the Phones page's own state.
        self.outlet: Any = None
        self.phones_page: Any = None
        # The seats with a paired phone: only their pages get shortcuts (a look-ahead each).
        self.phone_seats: set[str] = set()

    # -- reading the game ------------------------------------------------------------------------

    @property
    def s(self) -> Session:
        """The session (only where a game is on)."""
        assert self.session is not None
        return self.session

    @property
    def view(self) -> TableView:
        return self.s.table_view()

    @property
    def words(self) -> Localize:
        """The game's `localize`: its engine's English sentences in the table's language."""
        return as_is if self.session is None else self.session.game.localize

    def seat(self, p: str) -> SeatView:
        return self.s.seat_view(p)

    def has_display(self, p: str) -> bool:
        """A display of its own: the pad's, or a phone's for a seat played by phone only."""
        return self.hw.pads[p].display is not None or p in self.hw.config.web.phone_only

    def menu(self, p: str) -> MenuState | NumberMenu:
        """The player's menu over their legal choices. It belongs to that seat: it is rebuilt
        only when the seat's own choices change (never for another seat's decision, a bot's, a
        page turning or an alert), and then its cursor stays on the same choice while that
        choice is still legal. A number asked in an open entry is a stepper (`NumberMenu`)."""
        s = self.s
        known = self._menu_keys.get(p)
        if known is not None and known[0] == s.stamp and p in self.menus:
            return self.menus[p]  # the state is the one the menu was last checked against
        seat = self.seat(p)
        actions = list(seat.options)
        key = (seat.number, tuple(actions))
        old = self.menus.get(p)
        if known is None or known[1] != key or old is None:
            if seat.number is not None:
                self.menus[p] = NumberMenu(seat.number)
                self._menu_keys[p] = (s.stamp, key)
                return self.menus[p]
            menu = MenuState(actions, s.label)
            under = old.current() if isinstance(old, MenuState) else None
            start = under if under in actions else likeliest(actions, self.last_pick.get(p))
            if start is not None:
                menu.point_at(start)
            self.menus[p] = menu
        self._menu_keys[p] = (s.stamp, key)
        return self.menus[p]

    # -- moving between modes --------------------------------------------------------------------

    def resume(self) -> None:
        """The game the store holds, where it stopped: the table sees a "resumed" page first
        (● goes on, a long ● offers to abandon it). Nothing is ever started silently."""
        try:
            self.session = Session.resume(self.store)
        except StoreError:
            self.session = None  # no game stored: the setup screen
        damage = self.store.damage
        self.damage = damage
        if damage is not None:  # where the copy is: too long for the main display
            log.warning("%s", damage.message)
        saved_setup = self.screen.load(self.session)
        if (spoken := self.screen.language()) is not None:
            self.setup.choose_language(spoken)  # the table's language, as it was
        if saved_setup is not None:
            # The table had left this game (finished or abandoned) for the setup screen, or no
            # game was stored yet: the setup screen again, with the choices made so far.
            self.session = None
            self.setup.restore(saved_setup)
            return
        if self.session is None:
            return
        self.resumed_at = len(self.session.entries)
        # What was said before the stop is not said again.
        self.seen = len(self.session.events)
        self.mode = Mode.FINAL if self.session.over else Mode.RESUMED

    def start(self, choice: GameChoice) -> None:
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        self.session = Session.new(self.store, choice.seats, seed, choice.options, choice.game)
        self.seen, self.damage, self.final_page = 0, None, 0
        self.mode = Mode.GAME

    def to_setup(self) -> None:
        self.screen.leave(self.session)  # the game the store still holds
        self.session, self.menus, self._menu_keys, self.last_pick = None, {}, {}, {}
        self.last_look = {}
        # A new game opens in the language the table played in.
        again = dataclasses.replace(self.defaults, language=self.setup.language)
        self.setup = SetupScreen(self.pads, again, phones=self.outlet is not None)
        self.mode = Mode.SETUP

    def go_on(self) -> None:
        """Into the resumed game. If its latest decision made a scoring, the announcement goes
        on from the page the table had reached (kept in the store's screen state), unless it
        had been heard to the end."""
        s = self.s
        self.mode = Mode.GAME
        last = s.applied[-1] if s.applied else None
        if last is None or not last.event_kinds & {*PAGE_KINDS, "ranking"}:
            return
        made = s.events[len(s.events) - last.events :]
        if s.game.info.page == "ledger":
            pages = len(ledger_feed(made, size=self.hw.display.size)[0])
        else:
            pages = sum(ev["kind"] in PAGE_KINDS for ev in made)
        page = self.screen.announce_page(s)
        if page < pages:
            self.seen = len(s.events) - last.events
            self.start_page = page

    def finish(self) -> None:
        self.mode = Mode.FINAL
        s = self.s
        if self.out_dir is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.chart_path = self.out_dir / "scores.png"
            history = score_history(s.public_events())
            render_chart(history, s.players, (480, 240), "L").save(self.chart_path)

    def keep_screen(self) -> None:
        """Keep where the screens stand in the store (see ScreenKeeper)."""
        if self.mode == Mode.SETUP:
            self.screen.keep_setup(self.setup.to_json())
        else:
            self.screen.keep_announce(self.session, self.announcer)

    # -- alerts ----------------------------------------------------------------------------------

    def store_alerts(self) -> tuple[str, ...]:
        """What the table must know about the store, on every page."""
        alerts: list[str] = []
        not_saved = self.store.message  # the safety net's "NOT SAVED: disk full at …"
        if not_saved:
            alerts.append(not_saved)
        if self.damage and self.mode != Mode.RESUMED and not self._played_on():
            alerts.append("saved game was damaged: resumed before it")
        return tuple(alerts)

    def _played_on(self) -> bool:
        """Has play gone on in public since the resume? A choice in a sealed step is not
        public (nor its withdrawal): it must not clear an alert, or the table would see that
        a sealing player pressed ● rather than ◀ ▶."""
        if self.session is None:
            return True  # no game on: nothing to say of one
        s = self.s
        if any(e.kind == "undo" for e in s.entries[self.resumed_at :]):
            return True
        for applied in reversed(s.applied):
            if applied.seq <= self.resumed_at:
                return False
            if not applied.secret:
                return True
        return False

    def all_alerts(self) -> tuple[str, ...]:
        return (*self.store_alerts(), *self.alerts.values())

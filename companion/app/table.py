"""The table's state machine: setup → game (with scoring announcements) → final.

A game found in the store at start opens on "resumed" (● goes on; a long ● asks "abandon?",
a second long ● abandons it to the setup screen); a long ● on the final screen starts a new one.

`TableApp.handle(event)` takes one hardware event (from the one loop) and brings every output up
to date. Pads: ◀ ▶ walk the legal choices, ● picks, a long ● takes back (undo) or, in a sealed
step, withdraws the player's sealed choice. A pad without its own display enters a secret on
the main display after a long ● ("only blue looks"); that page is cleared as soon as the choice
is in. While a sealed step is open the public outputs (main display, matrix, LEDs, voice,
buzzer) depend only on who has entered a first choice: a clashed bid chosen again shows as
"waiting", and no press inside a sealed step makes a sound.
"""

from __future__ import annotations

import logging
import random
import threading
from pathlib import Path
from typing import Any

from companion.app.announce import Announcer, Page
from companion.app.menus import MenuState, likeliest
from companion.app.outputs import Outputs
from companion.app.setup import GameChoice, SetupScreen, TableDefaults
from companion.elgrande.data import CASTILLO
from companion.elgrande.moves import Action, RuleError, describe
from companion.elgrande.views import player_view
from companion.screens import MainUI, PadMenu, render_chart, render_main, render_matrix, render_pad
from companion.screens.chart import score_history
from companion.screens.pages import PAGE_KINDS, announce_footer, announce_page, scores_page
from companion.screens.text import width as text_width
from companion.screens.text import wrap as wrap_text
from companion.screens.voice import speech_for
from companion.session.session import Session
from companion.session.store import MemoryStore, Store, StoreError
from hw.events import Btn, DeviceFault, Event, Kind, PadEvent
from hw.hardware import Hardware

log = logging.getLogger(__name__)

CUES_FOR = {"bids": "reveal", "discs": "reveal"}
# Picks that only open a sub-menu (a group of power cards, back out of it): the choice is not
# entered yet, so a private page stays open.
MENU_STEPS = frozenset({"bid_group", "back"})


class TableApp:
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
        self.hw = hw
        self.pads = tuple(hw.pads)
        self.defaults = defaults
        self.setup = SetupScreen(self.pads, defaults)
        self.seed = seed
        self.store: Store = store if store is not None else MemoryStore()
        self.out_dir = out_dir
        self.mode = "setup"
        self.session: Session | None = None
        # What a stored game's damage was (the store's own words), shown until play goes on.
        self.damage: str | None = None
        self._resumed_at = -1
        self.menus: dict[str, MenuState] = {}
        self._menu_keys: dict[str, tuple[Any, ...]] = {}
        self.last_pick: dict[str, Action] = {}
        self.privacy: str | None = None
        self.public_note = ""
        self.alerts: dict[str, str] = {}
        self.announcer = Announcer()
        self.final_page = 0
        self.outputs = Outputs(hw)
        self.seen = 0
        self._waiting: tuple[str, ...] = ()
        self.chart_path: Path | None = None
        self.frames: list[Any] = []  # main display images, kept when record_frames is set
        self.record_frames = False
        self._drawn: dict[str, Any] = {}  # per device: what its last image was drawn from
        # The screen state last kept in the store (setup choices, an announcement's page), the
        # game the store holds while the setup screen is up, and where a resumed announcement
        # starts: see _screen_state.
        self._kept_screen: dict[str, Any] | None = None
        self._store_game: dict[str, Any] | None = None
        self._announce_game: dict[str, Any] | None = None
        self._start_page = 0
        # Held while an event is handled; a bot reading the app from another thread takes it too.
        self.lock = threading.RLock()
        self.changed = threading.Condition(self.lock)  # notified after every handled event
        if resume:
            self._resume()
        self.refresh()

    def _resume(self) -> None:
        """The game the store holds, where it stopped: the table sees a "resumed" page first
        (● goes on, a long ● offers to abandon it). Nothing is ever started silently."""
        try:
            self.session = Session.resume(self.store)
        except StoreError:
            self.session = None  # no game stored: the setup screen
        damage = self.store.damage
        self.damage = damage.message if damage is not None else None
        self._kept_screen = self.store.load_screen()
        screen = self._kept_screen or {}
        game = _fingerprint(self.session)
        if "setup" in screen and screen.get("game") == game:
            # The table had left this game (finished or abandoned) for the setup screen, or no
            # game was stored yet: the setup screen again, with the choices made so far.
            self._store_game, self.session = game, None
            self.setup.restore(screen["setup"])
            return
        if self.session is None:
            return
        self._resumed_at = len(self.session.entries)
        self.seen = len(self.session.events)  # what was said before the stop is not said again
        self.mode = "final" if self.session.over else "resumed"

    # -- input -----------------------------------------------------------------------------------

    def handle(self, event: Event) -> None:
        with self.lock:
            self._handle(event)
            self.changed.notify_all()

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
            self.press(event.player, button)
            return
        self.refresh()

    def press(self, player: str, button: str) -> None:
        """One pad input ('left', 'right', 'select', 'long'); then every output is updated."""
        if self.mode == "setup":
            choice = self.setup.press(button)
            if choice is not None:
                self._start(choice)
        elif self.mode == "announce":
            self._announce_press(button)
        elif self.mode in ("resumed", "abandon"):
            self._resumed_press(button)
        elif self.mode == "final":
            if button == "select":
                self.final_page = 1 - self.final_page
            elif button == "long":  # a new game: explicit, the finished one stays stored
                self._to_setup()
        elif self.session is not None and player in self.session.players:
            self._game_press(player, button)
        self._keep_screen()
        self.refresh()

    def _start(self, choice: GameChoice) -> None:
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        self.session = Session.new(self.store, choice.seats, seed, choice.options)
        self.seen, self.damage, self.final_page = 0, None, 0
        self.mode = "game"

    def _to_setup(self) -> None:
        self._store_game = _fingerprint(self.session)  # the game the store still holds
        self.session, self.menus, self._menu_keys, self.last_pick = None, {}, {}, {}
        self.setup = SetupScreen(self.pads, self.defaults)
        self.mode = "setup"

    def _resumed_press(self, button: str) -> None:
        """The resumed page: ● goes on. Abandoning takes two long ●: one asks, one confirms."""
        if button == "select":
            self._go_on()
        elif button == "long" and self.mode == "resumed":
            self.mode = "abandon"
        elif button == "long":
            self._to_setup()  # the abandoned game stays in the store as an older game

    def _go_on(self) -> None:
        """Into the resumed game. If its latest decision made a scoring, the announcement goes
        on from the page the table had reached (kept in the store's screen state), unless it
        had been heard to the end."""
        s = self._s
        self.mode = "game"
        last = s.applied[-1] if s.applied else None
        if last is None or not last.event_kinds & set(PAGE_KINDS):
            return
        made = s.events[len(s.events) - last.events :]
        pages = sum(ev["kind"] in PAGE_KINDS for ev in made)
        screen = self._kept_screen or {}
        page = screen.get("announce") if screen.get("game") == _fingerprint(s) else 0
        page = page if type(page) is int and page >= 0 else 0
        if page < pages:
            self.seen = len(s.events) - last.events
            self._start_page = page

    def _announce_press(self, button: str) -> None:
        if button == "select":
            self.announcer.next()
            if self.announcer.active:
                self._say_page()
                return
            self.mode = "game"  # what happened after the scoring is said now
            for text in self.announcer.after:
                self.outputs.say(text)
            self.announcer.after = []
        elif button == "long":
            self._say_page()

    def _game_press(self, p: str, button: str) -> None:
        s = self._s
        top = s.secret_step()
        if top is not None:
            if p in top.players:
                self._secret_press(p, button)
            return  # not part of the sealed step: nothing, and nothing audible
        self.public_note = ""
        if self._blind_and_private(p):
            self._private_public_press(p, button)
            return
        if button == "long":
            why = s.undo_refusal(p)
            if why is None:
                s.undo(p)
            else:
                self.public_note = f"{p}: no undo, {why}"
                self.outputs.cue("error")
            return
        waiting = s.public_waiting()
        if p in waiting:
            self._menu_press(p, button)
        elif waiting:
            self.public_note = f"{p}: not your turn; waiting for {', '.join(waiting)}"

    def _secret_press(self, p: str, button: str) -> None:
        s = self._s
        private = self.hw.pads[p].display is not None or self.privacy == p
        if not private:
            if button == "long" and self.privacy is None:
                self.privacy = p  # the main display turns to this player alone
            return
        if button == "long":
            if s.withdraw_refusal(p) is None:
                s.withdraw(p)
            elif self.privacy == p:
                self.privacy = None
            return
        if s.legal(p):
            self._menu_press(p, button)
        elif button == "select" and self.privacy == p:
            self.privacy = None

    def _private_public_press(self, p: str, button: str) -> None:
        """A pad without a display whose public step's options are private (open bids that may
        hold a card taken back unseen, a hidden Castillo's colours): a long ● opens the main
        display to this player alone, where ◀ ▶ ● choose and a long ● leaves. The page closes
        by itself once the player no longer decides such a step (see refresh)."""
        if self.privacy != p:
            if button == "long" and self.privacy is None:
                self.privacy = p
            return
        if button == "long":
            self.privacy = None
        else:
            self._menu_press(p, button)

    def _blind_and_private(self, p: str) -> bool:
        """Does `p`, deciding a public step with private options, have no display to see them?"""
        top = self._s.state.steps[-1] if self._s.state.steps else None
        return (
            top is not None
            and top.private_options
            and self.hw.pads[p].display is None
            and p in self._s.public_waiting()
        )

    def _menu_press(self, p: str, button: str) -> None:
        menu = self._menu(p)
        if button in ("left", "right"):
            menu.move(-1 if button == "left" else 1)
            return
        if button != "select":
            return
        action = menu.pick()
        if action is None:
            return
        try:
            self._s.decide(p, action)
        except RuleError as e:  # cannot happen from the legal list; never shown publicly
            log.warning("a menu choice was refused (%s)", type(e).__name__)
            return
        self.last_pick[p] = action
        # A sealed choice is in: the page closes. In a public step it stays open while the player
        # still decides there (a correction's next menu); refresh closes it after.
        secret = self._s.applied[-1].secret
        if self.privacy == p and secret and action.kind not in MENU_STEPS:
            self.privacy = None

    # -- the screen state kept in the store ------------------------------------------------------

    def _screen_state(self) -> dict[str, Any] | None:
        """Where the screens stand that no decision records: the setup screen's choices, the
        page of the latest scoring's announcement. None: nothing to keep now."""
        if self.mode == "setup":
            return {"game": self._store_game, "setup": self.setup.to_json()}
        game = _fingerprint(self.session)
        if self.announcer.pages and self._announce_game == game:
            return {"game": game, "announce": self.announcer.index}
        return None

    def _keep_screen(self) -> None:
        """Keep the screen state if it changed. It holds no decision: a store that cannot take
        it is said by the store itself (NOT SAVED), and the game goes on."""
        state = self._screen_state()
        if state is None or state == self._kept_screen:
            return
        try:
            self.store.save_screen(state)
        except StoreError as e:
            log.warning("the screen state was not kept (%s)", e.strerror or type(e).__name__)
            return
        self._kept_screen = state

    # -- state helpers -----------------------------------------------------------------------------

    @property
    def _s(self) -> Session:
        assert self.session is not None
        return self.session

    def _menu(self, p: str) -> MenuState:
        """The player's menu over their legal choices; rebuilt when the choices change."""
        s = self._s
        known = self._menu_keys.get(p)
        if known is not None and known[0] == s.stamp and p in self.menus:
            return self.menus[p]  # the state is the one the menu was last checked against
        actions = s.legal(p)
        key = (len(s.applied), tuple(actions))
        if known is None or known[1] != key or p not in self.menus:
            menu = MenuState(actions)
            start = likeliest(actions, self.last_pick.get(p))
            if start is not None:
                menu.point_at(start)
            self.menus[p] = menu
        self._menu_keys[p] = (s.stamp, key)
        return self.menus[p]

    def menu_for(self, p: str) -> MenuState:
        """The menu `p` walks now (bots plan their presses from it)."""
        return self._menu(p)

    def needs_privacy(self, p: str) -> bool:
        """True if `p` must open the main display's private page before choosing."""
        return self.privacy != p and self._may_look(p)

    def _may_look(self, p: str) -> bool:
        """May `p` have the main display's private page: a pad without a display, in a sealed
        step of theirs or deciding a public step whose options are private."""
        s = self.session
        if s is None or self.hw.pads[p].display is not None:
            return False
        top = s.secret_step()
        if top is not None:
            return p in top.players
        return self._blind_and_private(p)

    @property
    def finished(self) -> bool:
        return self.mode == "final"

    # -- output ----------------------------------------------------------------------------------

    def refresh(self) -> None:
        """Bring every output up to date with the app's state."""
        if self.session is not None:
            self._consume_events()
            if self.privacy and not self._may_look(self.privacy):
                self.privacy = None
            if self.mode == "game" and self._s.over and not self.announcer.active:
                self._finish()
        # Rendering is the costly part: draw a device again only when what it shows may have
        # changed (the log grew, the mode or the page changed). Outputs then skips equal images.
        version = (self.mode, len(self._s.entries) if self.session is not None else -1)
        view: dict[str, Any] | None = None

        def current_view() -> dict[str, Any]:
            nonlocal view
            if view is None:
                view = self._s.view() if self.session is not None else {"round": None}
            return view

        ui = self._main_ui()
        chart = self.mode == "final" and self.final_page == 1
        if self._drawn.get("main") != (version, ui, chart):
            self._drawn["main"] = (version, ui, chart)
            # Screens draw "1" or "L"; hw's Display converts to its own mode (e.g. RGB).
            size, mode = self.hw.display.size, "1" if self.hw.display.mode == "1" else "L"
            if chart:  # the score progression, one line a player
                history = score_history(self._s.public_events())
                main = render_chart(history, self._s.players, size, mode)
            else:
                main = render_main(current_view(), ui, size, mode)
            if self.outputs.main(main) and self.record_frames:
                self.frames.append(main)
        if self.hw.matrix is not None and self._drawn.get("matrix") != version:
            self._drawn["matrix"] = version
            self.outputs.matrix(render_matrix(current_view(), self.hw.matrix.size))
        for p in self.pads:
            display = self.hw.pads[p].display
            if display is not None:
                self._refresh_pad(p, display.size)
        self._leds()

    def _refresh_pad(self, p: str, size: tuple[int, int]) -> None:
        """Draw `p`'s pad again if what it shows changed; while what it is drawn from is as it
        was (`_pad_inputs`), the menu and the hand are not even asked for again."""
        drawn = self._drawn.get(p)
        if drawn is not None and drawn[0] == self._pad_inputs(p):
            return
        menu = self._pad_menu(p)
        # All the pad draws (render_pad: the menu, the hand, the Castillo count), so a decision
        # redraws only the pads it changed, not all five.
        key = (menu.title, menu.entries, menu.cursor, menu.waiting, menu.note, self._own(p))
        self._drawn[p] = (self._pad_inputs(p), key)  # after _pad_menu, which may build p's menu
        if drawn is None or drawn[1] != key:
            own = key[-1]
            mine = None if own is None else {"you": {"hand": own[0], "castillo": own[1]}}
            self.outputs.pad(p, render_pad(mine, menu, size))

    def _pad_inputs(self, p: str) -> tuple[Any, ...]:
        """All that `_pad_menu(p)` and `_own(p)` read: the mode, the session's state (its stamp
        changes with every change, and differs from any other session's) and p's menu, with its
        page and cursor as they are now (the menu object itself is mutable)."""
        s = self.session
        menu = self.menus.get(p)
        where = None if menu is None else (menu.page, menu.cursor)
        return (self.mode, None if s is None else s.stamp, menu, where)

    def _consume_events(self) -> None:
        s = self._s
        new, self.seen = s.events[self.seen :], len(s.events)
        pages: list[Page] = []
        later: list[str] = []
        for ev in new:
            said = speech_for(ev)
            if ev["kind"] in CUES_FOR:
                self.outputs.cue(CUES_FOR[ev["kind"]])
            if ev["kind"] in PAGE_KINDS or pages:
                if ev["kind"] in PAGE_KINDS:
                    pages.append(self._page(ev, said))
                elif said:
                    later.append(said)
            elif said:
                self.outputs.say(said)
        if pages:
            total = len(pages)
            self.announcer.start(pages, later)
            self.announcer.index, self._start_page = min(self._start_page, total - 1), 0
            self._announce_game = _fingerprint(s)
            self.mode = "announce"
            self._say_page()
        waiting = tuple(s.public_waiting())
        if waiting and waiting != self._waiting and s.secret_step() is None:
            self.outputs.cue("turn")
        self._waiting = waiting

    def _page(self, ev: dict[str, Any], said: str | None) -> Page:
        """One page of an announcement: an area's scoring as `companion screens` draws it, or
        the scores after a general scoring."""
        ui = scores_page(ev["detail"]) if ev["kind"] == "totals" else announce_page(ev)
        return Page(ui.title, ui.lines, said or ev["text"])

    def _say_page(self) -> None:
        if self.announcer.active and self.announcer.current.speech:
            self.outputs.say(self.announcer.current.speech)

    def _finish(self) -> None:
        self.mode = "final"
        s = self._s
        if self.out_dir is not None:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.chart_path = self.out_dir / "scores.png"
            history = score_history(s.public_events())
            render_chart(history, s.players, (480, 240), "L").save(self.chart_path)

    def _store_alerts(self) -> tuple[str, ...]:
        """What the table must know about the store, on every page."""
        alerts: list[str] = []
        not_saved = self.store.message  # the safety net's "NOT SAVED: disk full at …"
        if not_saved:
            alerts.append(not_saved)
        resumed_only = self.session is not None and len(self._s.entries) == self._resumed_at
        if self.damage and self.mode != "resumed" and resumed_only:
            alerts.append("saved game was damaged: resumed before it")
        return tuple(alerts)

    def _main_ui(self) -> MainUI:
        alerts = (*self._store_alerts(), *self.alerts.values())
        if self.mode == "setup":
            return self.setup.ui(alerts)
        if self.mode in ("resumed", "abandon"):
            return self._resumed_ui(alerts)
        if self.mode == "announce":
            page, a = self.announcer.current, self.announcer
            footer = announce_footer(a.index + 1, len(a.pages), self.hw.display.size[0])
            return MainUI("announce", page.title, page.lines, None, footer, alerts)
        s = self._s
        if self.mode == "final":
            return self._final_ui(alerts)
        if self.privacy is not None:
            return self._privacy_ui(self.privacy, alerts)
        lines: tuple[str, ...] = ()
        top = s.secret_step()
        if top is None:
            # The menu goes on the main display only for a pad with no display of its own: a
            # step's options may be private (open bids after a hidden 4b take-back, the colours
            # of a hidden Castillo), and a pad with a display shows them to its player alone.
            for p in s.public_waiting():
                if self.hw.pads[p].display is not None:
                    continue
                if self._blind_and_private(p):
                    alerts = (f"{p}: hold ● to choose unseen", *alerts)
                    continue
                menu = self._menu(p)
                entries = menu.entries()
                if entries:
                    lines = (
                        f"{p}: {menu.entries()[menu.cursor]} {menu.cursor + 1}/{len(entries)}",
                    )
        else:
            blind = [p for p in top.players if self.hw.pads[p].display is None]
            if blind:
                alerts = (f"{', '.join(blind)}: hold ● to choose unseen", *alerts)
            if not s.public_waiting():
                lines = ("waiting…",)
        if self.public_note:
            lines = (*lines, self.public_note)
        return MainUI("game", lines=lines, alerts=alerts)

    def _resumed_ui(self, alerts: tuple[str, ...]) -> MainUI:
        s = self._s
        if self.mode == "abandon":
            lines = ("The game stays in the store", "as an older game.")
            return MainUI(
                "message", "Abandon this game?", lines, None, "hold ● abandon  ● no", alerts
            )
        where = f"Round {s.state.round}, {len(s.entries)} decisions kept" if s.state.round else ""
        lines = (where, *wrap_text(self.damage or "", self.hw.display.size[0] - 2, 3))
        footer = "● go on  hold ● abandon"
        return MainUI("message", "Game resumed", tuple(x for x in lines if x), None, footer, alerts)

    def _privacy_ui(self, p: str, alerts: tuple[str, ...]) -> MainUI:
        pv = player_view(self._s.state, p)["you"]
        if self._s.legal(p):
            menu = self._menu(p)
            entries = menu.entries()
            room = self.hw.display.size[0] - 2
            entry = f"◀ {entries[menu.cursor]} ▶"
            counted = f"{entry}  {menu.cursor + 1}/{len(entries)}"
            notice = pv["notice"] or ""
            # A narrow display: the prompt takes the notice's row when there is none, and the
            # entry keeps its arrows before the count.
            prompt = wrap_text(self._s.decision().prompt, room, 1 if notice else 2)
            lines = (*prompt, counted if text_width(counted) <= room else entry, notice)
            footer = "● pick  hold ● leave"
        else:
            lines = (f"your choice: {pv['sealed']}",)
            footer = "● leave  hold ● withdraw"
        return MainUI("privacy", f"Only {p} looks", lines, None, footer, alerts)

    def _final_ui(self, alerts: tuple[str, ...]) -> MainUI:
        # Title and ranking come from the view (screens.main_display._final: "Winner: …", and
        # ranking_lines, where ties share a place).
        return MainUI("final", "", (), None, "● chart", alerts)

    def _own(self, p: str) -> tuple[Any, ...] | None:
        """What of `p`'s own the pad shows besides its menu: hand and Castillo count (None: p
        does not play). render_pad reads nothing else of the player's view."""
        s = self.session
        if s is None or p not in s.players:
            return None
        return (tuple(sorted(s.state.hands[p])), s.state.board[CASTILLO][p])

    def _pad_menu(self, p: str) -> PadMenu:
        if self.mode == "setup":
            return PadMenu(p, "Set-up: see main display", (), 0, True)
        s = self._s
        if p not in s.players:
            return PadMenu(p, "Not playing", (), 0, False)
        if self.mode == "announce":
            return PadMenu(p, "Scoring: ● next", (), 0, True)
        if self.mode in ("resumed", "abandon"):
            return PadMenu(p, "Resumed: see main display", (), 0, True)
        if self.mode == "final":
            return PadMenu(p, "Game over", (), 0, False, note=f"you scored {s.state.scores[p]}")
        top = s.secret_step()
        if s.legal(p):
            menu = self._menu(p)
            notice = top.notices.get(p, "") if top is not None else ""
            prompt = s.decision().prompt  # what s.view() shows, without building the view
            return PadMenu(p, prompt, menu.entries(), menu.cursor, True, notice)
        if top is not None and p in top.sealed:
            sealed = describe(top.sealed[p])  # as player_view has it, without the whole view
            return PadMenu(p, "Sealed: hold ● to withdraw", (), 0, False, sealed)
        # The same words whoever is deciding (the LED and the main display say who): handing the
        # turn on then redraws only the pads of the players it passes between, not every pad,
        # each frame ≈ 23 ms over I²C on the table.
        return PadMenu(p, "Waiting: see main display", (), 0, False)

    def _leds(self) -> None:
        if self.mode in ("setup", "announce", "resumed", "abandon"):
            lit = set(self.pads)
        elif self.mode == "final" or self.session is None:
            lit = set()
        else:
            lit = set(self._s.public_waiting())
        for p in self.pads:
            self.outputs.led(p, p in lit)


def _fingerprint(session: Session | None) -> dict[str, Any] | None:
    """Which game, at which decision: a kept screen state applies only to the game it was kept
    in, before any later decision."""
    if session is None:
        return None
    h = session.header
    return {"seed": h.seed, "players": list(h.players), "entries": len(session.entries)}

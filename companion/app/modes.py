"""The table's modes, declared: for each one what a press does, what the main display and the
pads show, and which pad LEDs are lit, in one class a mode. `MODES` maps a `Mode` to its rules;
the table (table.py) only looks its mode up here.

Pads: ◀ ▶ walk the legal choices, ● picks, a long ● takes back (undo) or, in a sealed step,
withdraws the player's sealed choice. A pad without its own display enters a secret on the main
display after a long ● (privacy.py). While a sealed step is open the public outputs depend only
on who has entered a first choice, and no press inside a sealed step makes a sound.
"""

from __future__ import annotations

import logging

from companion.app.board_check import board_check_ui, board_page_count
from companion.app.core import TableCore
from companion.app.feed import end_announcement, say_page
from companion.app.ledger import ledger_ui
from companion.app.mode import Mode
from companion.app.phones import Phones, open_from_game
from companion.app.presses import blind_press, menu_press, sealed_press
from companion.app.privacy import blind_and_private, privacy_ui
from companion.i18n import _, ngettext
from companion.screens import MainUI, PadMenu
from companion.screens.legacy_text import tiny_wrap
from companion.screens.names import card_text
from companion.screens.pages import announce_footer
from companion.screens.text import clean, width
from companion.screens.text import wrap as wrap_text

log = logging.getLogger(__name__)


class TableMode:
    """One mode's rules; the defaults are those of a mode that only shows a page."""

    name: Mode

    def press(self, t: TableCore, player: str, button: str) -> None:
        """One pad input ('left', 'right', 'select', 'long')."""

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        raise NotImplementedError

    def pad_menu(self, t: TableCore, p: str) -> PadMenu:
        """What `p`'s pad shows (a seat that does not play: _("Not playing"))."""
        if p not in t.s.players:
            return PadMenu(p, "Not playing", (), 0, False)
        return self.seat_menu(t, p)

    def seat_menu(self, t: TableCore, p: str) -> PadMenu:
        raise NotImplementedError

    def lit(self, t: TableCore) -> set[str]:
        """The pads whose LED is on: everyone, while anyone may press ● to go on."""
        return set(t.pads)


class Setup(TableMode):
    name = Mode.SETUP

    def press(self, t: TableCore, player: str, button: str) -> None:
        choice = t.setup.press(button)
        if choice is not None:
            t.start(choice)
        elif t.setup.wants_phones:
            t.setup.wants_phones = False
            t.phones_page = None  # a fresh page, whose "Back" returns here
            t.mode = Mode.PHONES

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        return t.setup.ui(alerts)

    def pad_menu(self, t: TableCore, p: str) -> PadMenu:
        return PadMenu(p, _("Set-up: see main display"), (), 0, True)


class Resumed(TableMode):
    """A stored game found at start: ● goes on, a long ● asks whether to abandon it."""

    name = Mode.RESUMED

    def press(self, t: TableCore, player: str, button: str) -> None:
        if button == "select":
            t.go_on()
        elif button == "long":
            t.mode = Mode.ABANDON

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        s, view = t.s, t.view
        n = len(s.entries)
        where = (
            ngettext(
                "Round {round}, {n} decision kept", "Round {round}, {n} decisions kept", n
            ).format(round=view.round, n=n)
            if view.round
            else ""
        )
        lines = (where, *_whole(t.damage.summary if t.damage else "", t.hw.display.size[0] - 2, 3))
        footer = _("● go on  hold ● abandon")
        if width(footer) > t.hw.display.size[0] - 2:  # the hold leads to "Abandon this game?"
            footer = _("● go on  hold ● end")
        return MainUI(
            "message", _("Game resumed"), tuple(x for x in lines if x), None, footer, alerts
        )

    def seat_menu(self, t: TableCore, p: str) -> PadMenu:
        return PadMenu(p, _("Resumed: see main display"), (), 0, True)


class Abandon(Resumed):
    """The second long ● abandons the game (it stays in the store); ● goes on with it."""

    name = Mode.ABANDON

    def press(self, t: TableCore, player: str, button: str) -> None:
        if button == "select":
            t.go_on()
        elif button == "long":
            t.to_setup()  # the abandoned game stays in the store as an older game

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        lines = (_("The game stays in the store"), _("as an older game."))
        title, footer = _("Abandon this game?"), _("hold ● abandon  ● no")
        return MainUI("message", title, lines, None, footer, alerts)


class Announce(TableMode):
    """A scoring, page by page: ● the next page, a long ● says this one again."""

    name = Mode.ANNOUNCE

    def press(self, t: TableCore, player: str, button: str) -> None:
        if open_from_game(t, player, button):
            return
        if button == "select":
            t.announcer.next()
            if t.announcer.active:
                say_page(t)
            else:
                end_announcement(t)
        elif button == "long":
            say_page(t)

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        page, a = t.announcer.current, t.announcer
        width_px = t.hw.display.size[0]
        footer = announce_footer(a.index + 1, len(a.pages), width_px, confirm=page.confirm)
        return MainUI("announce", page.title, page.lines, None, footer, alerts)

    def seat_menu(self, t: TableCore, p: str) -> PadMenu:
        confirm = t.announcer.active and t.announcer.current.confirm
        return PadMenu(p, _("Board moved? ● yes") if confirm else _("Scoring: ● next"), (), 0, True)


class Final(TableMode):
    """The ranking; ● turns to the score chart and back, a long ● starts a new game (the
    finished one stays stored)."""

    name = Mode.FINAL

    def press(self, t: TableCore, player: str, button: str) -> None:
        if open_from_game(t, player, button):
            return
        if button == "select":
            t.final_page = 1 - t.final_page
        elif button == "long":
            t.to_setup()

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        # Title and ranking come from the view (screens.main_display._final: "Winner: …", and
        # ranking_lines, where ties share a place).
        return MainUI("final", "", (), None, _("● chart"), alerts)

    def seat_menu(self, t: TableCore, p: str) -> PadMenu:
        return PadMenu(
            p, _("Game over"), (), 0, False, note=_("you scored {n}").format(n=t.view.scores[p])
        )

    def lit(self, t: TableCore) -> set[str]:
        return set()


class Game(TableMode):
    name = Mode.GAME

    def press(self, t: TableCore, p: str, button: str) -> None:
        if open_from_game(t, p, button):  # a held ◀ with nothing to choose: the Phones page
            return
        if t.session is None or p not in t.session.players:
            return
        view = t.view
        if view.sealed_step is not None:
            if p in view.sealed_step:
                sealed_press(t, p, button)
            return  # not part of the sealed step: nothing, and nothing audible
        t.public_note = ""
        if blind_and_private(t, p):
            blind_press(t, p, button)
            return
        s = t.s
        if button == "long":
            why = s.undo_refusal(p)
            if why is None:
                s.undo(p)
                # The real board follows: say (and show) what to take back on it.
                t.outputs.say(t.words(s.events[-1]["text"], spoken=True), s.events[-1]["round"])
                t.public_note = t.words(s.events[-1]["text"])
            else:
                t.public_note = _("{player}: no undo, {why}").format(player=_(p), why=why)
                t.outputs.cue("error")
            return
        waiting = _waiting(t)
        if p in waiting:
            menu_press(t, p, button)
        elif waiting:
            t.public_note = _("{player}: not your turn; waiting for {players}").format(
                player=_(p), players=", ".join(_(w) for w in waiting)
            )

    def main_ui(self, t: TableCore, alerts: tuple[str, ...]) -> MainUI:
        if t.privacy is not None:
            return privacy_ui(t, t.privacy, alerts)
        if t.s.game.info.page == "ledger":
            return ledger_ui(t.view, t.public_note, alerts, t.hw.display.size[0], t.words)
        checked = board_check_ui(t, alerts)
        if checked is not None:
            return checked
        lines: tuple[str, ...] = ()
        sealed_step = t.view.sealed_step
        if sealed_step is None:
            # The menu goes on the main display only for a pad with no display of its own: a
            # step's options may be private (open bids after a hidden 4b take-back, the colours
            # of a hidden Castillo), and a pad with a display shows them to its player alone.
            for p in _waiting(t):
                if t.has_display(p):
                    continue
                if blind_and_private(t, p):
                    alerts = (_("{player}: hold ● to choose unseen").format(player=_(p)), *alerts)
                    continue
                menu = t.menu(p)
                entries = menu.entries()
                if entries:
                    entry = t.words(entries[menu.cursor])
                    lines = (f"{_(p)}: {entry} {menu.cursor + 1}/{len(entries)}",)
        else:
            # Only those still choosing: an alert for a choice already made would stay up.
            blind = [p for p in _waiting(t) if not t.has_display(p)]
            if blind:
                who = ", ".join(_(b) for b in blind)
                alerts = (_("{player}: hold ● to choose unseen").format(player=who), *alerts)
            if not _waiting(t):
                lines = (_("waiting…"),)
        if t.public_note:
            lines = (*lines, t.public_note)
        return MainUI("game", lines=lines, alerts=alerts, page=t.turns)

    def seat_menu(self, t: TableCore, p: str) -> PadMenu:
        seat = t.seat(p)
        if seat.number is not None:  # a count to enter: its rule in full below the stepper
            menu = t.menu(p)
            return PadMenu(p, seat.number.label, menu.entries(), 0, True, "", seat.number.prompt)
        look = t.last_look.get(p)
        if look is not None and seat.options:
            note = _("◀ ▶ back to the choices")
            entry = t.words(t.s.label(look))
            return PadMenu(p, _("Last: ● reveals"), (entry,), 0, True, note)
        if seat.options:
            menu = t.menu(p)
            decision = t.view.decision
            assert decision is not None  # the seat has options
            notice = seat.notice or ""
            text = card_text(menu.current()) or ""  # what the card under the cursor does
            count = board_page_count(t, menu.current()) if decision.kind == "correct" else None
            return PadMenu(
                p, decision.prompt, menu.entries(), menu.cursor, True, notice, text, count=count
            )
        if seat.sealed_choice is not None:
            # One row of the big font on a 128 px pad: a longer title goes to the small print,
            # which has no ● (it drew "hold ? to withdraw"). The note below is the choice. No
            # key is offered that does nothing: while a clashed choice is made again, no
            # sealed choice may be withdrawn.
            may = t.s.withdraw_refusal(p) is None
            title = _("Hold ● to withdraw") if may else _("Sealed: waiting")
            return PadMenu(p, title, (), 0, False, seat.sealed_choice)
        # The same words whoever is deciding (the LED and the main display say who): handing the
        # turn on then redraws only the pads of the players it passes between, not every pad,
        # each frame ≈ 23 ms over I²C on the table.
        return PadMenu(p, _("Waiting: see main display"), (), 0, False)

    def lit(self, t: TableCore) -> set[str]:
        """Whose pad asks something of them. In a sealed step, those who have not chosen; once
        all have and there is still no reveal (the table sees a clash: someone chooses again),
        everyone in the step until the reveal, so that nobody can tell whose choice clashed."""
        if t.session is None:
            return set()
        waiting = set(_waiting(t))
        sealed_step = t.view.sealed_step
        if sealed_step is not None and not waiting:
            return set(sealed_step)
        return waiting


def _waiting(t: TableCore) -> tuple[str, ...]:
    """Who the public is told is deciding."""
    decision = t.view.decision
    return decision.waiting if decision is not None else ()


MODES: dict[Mode, TableMode | Phones] = {
    mode.name: mode
    for mode in (Setup(), Resumed(), Abandon(), Announce(), Final(), Game(), Phones())
}


def _whole(text: str, room: int, rows: int) -> list[str]:
    """`text` in at most `rows` rows of `room` px, every word whole: the big font when it holds
    them, else small print (the main display draws a row too wide for the big font so)."""
    big = wrap_text(text, room, rows)
    return big if " ".join(big) == clean(text) else tiny_wrap(text, room, rows)
